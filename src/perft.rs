//! Perft: the number of leaf nodes of the legal-move tree, the backbone of rules testing.

use crate::movegen::CaptureKey;
use crate::mv::Move;
use crate::position::Position;

/// Counts the leaves of the move tree `depth` plies deep (bulk-counting the last ply).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    let mut stack: Vec<Vec<CaptureKey>> = (0..depth.max(1)).map(|_| Vec::new()).collect();
    perft_with(pos, depth, &mut stack)
}

/// `stack` holds one scratch list of captures per remaining ply.
fn perft_with(pos: &Position, depth: u32, stack: &mut [Vec<CaptureKey>]) -> u64 {
    let (keys, rest) = stack.split_first_mut().expect("stack has depth entries");
    match depth {
        0 => 1,
        1 => pos.count_moves(keys) as u64,
        _ => {
            let mut total = 0;
            pos.for_each_child(keys, &mut |child| {
                total += perft_with(child, depth - 1, rest)
            });
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
