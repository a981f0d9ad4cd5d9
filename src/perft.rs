//! Perft: the number of leaf nodes of the legal-move tree, the backbone of rules testing.

use crate::movegen::CaptureKey;
use crate::mv::Move;
use crate::position::Position;

/// Counts the leaves of the move tree `depth` plies deep (bulk-counting the last ply).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    let mut stack: Vec<Vec<Move>> = (0..depth.max(1)).map(|_| Vec::new()).collect();
    perft_with(pos, depth, &mut stack, &mut Vec::new())
}

fn perft_with(
    pos: &Position,
    depth: u32,
    stack: &mut [Vec<Move>],
    keys: &mut Vec<CaptureKey>,
) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_moves(keys) as u64,
        _ => {
            let (moves, rest) = stack.split_first_mut().expect("stack has depth entries");
            let mut total = 0;
            if pos
                .for_each_child_fast(&mut |child| total += perft_with(child, depth - 1, rest, keys))
            {
                return total;
            }
            pos.legal_moves_into(moves);
            for m in moves.iter() {
                let mut next = *pos;
                next.play_unchecked(m);
                total += perft_with(&next, depth - 1, rest, keys);
            }
            total
        }
    }
}

/// Perft split by first move: `(move, leaves)` in generation order.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    pos.legal_moves()
        .into_iter()
        .map(|m| {
            let mut next = *pos;
            next.play_unchecked(&m);
            (m, perft(&next, depth.saturating_sub(1)))
        })
        .collect()
}
