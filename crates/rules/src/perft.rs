//! Perft: the number of leaf nodes of the legal-move tree, the backbone of rules testing.
//!
//! Where the fast path covers the variant, the count is compiled once per variant and per side
//! to move (see `movegen::fast`); elsewhere it walks the public API (`legal_moves_into` and
//! `play_unchecked`).

use crate::movegen::fast;
use crate::mv::Move;
use crate::position::Position;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;

/// More threads than this would only cost memory (the tree is split ever finer to feed them).
pub const MAX_PERFT_THREADS: usize = 256;

/// Counts the leaves of the move tree `depth` plies deep (bulk-counting the last ply).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    fast::perft(pos, depth).unwrap_or_else(|| {
        let mut lists: Vec<Vec<Move>> = (0..depth.max(1)).map(|_| Vec::new()).collect();
        perft_by_rules(pos, depth, &mut lists)
    })
}

/// Perft through the public move list, one list per remaining ply.
fn perft_by_rules(pos: &Position, depth: u32, lists: &mut [Vec<Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (moves, rest) = lists.split_first_mut().expect("one list per ply");
    pos.legal_moves_into(moves);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|m| {
            let mut next = *pos;
            next.play_unchecked(m);
            perft_by_rules(&next, depth - 1, rest)
        })
        .sum()
}

/// [`perft`] on `threads` threads (0: one per core; at most [`MAX_PERFT_THREADS`], and never
/// more than there are subtrees). The tree is expanded a few plies, until there are enough
/// subtrees to share out evenly, and the threads take subtrees in turn.
pub fn perft_threads(pos: &Position, depth: u32, threads: usize) -> u64 {
    let threads = match threads {
        0 => thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    }
    .min(MAX_PERFT_THREADS);
    if threads == 1 || depth < 4 {
        return perft(pos, depth);
    }
    let mut frontier = vec![*pos];
    let mut split = 0;
    while frontier.len() < 32 * threads && depth - split > 3 {
        frontier = frontier
            .iter()
            .flat_map(|p| after_each_move(p).map(|(_, next)| next))
            .collect();
        split += 1;
    }
    let threads = threads.min(frontier.len().max(1));
    let next = AtomicUsize::new(0);
    let work = || {
        let mut total = 0;
        while let Some(p) = frontier.get(next.fetch_add(1, Ordering::Relaxed)) {
            total += perft(p, depth - split);
        }
        total
    };
    thread::scope(|s| {
        let helpers: Vec<_> = (1..threads).map(|_| s.spawn(work)).collect();
        work()
            + helpers
                .into_iter()
                .map(|h| h.join().expect("perft thread"))
                .sum::<u64>()
    })
}

/// Perft split by first move: `(move, leaves)` in generation order.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    after_each_move(pos)
        .map(|(m, next)| (m, perft(&next, depth.saturating_sub(1))))
        .collect()
}

/// Each legal move of `pos`, in generation order, with the position it leads to.
fn after_each_move(pos: &Position) -> impl Iterator<Item = (Move, Position)> + '_ {
    pos.legal_moves().into_iter().map(move |m| {
        let mut next = *pos;
        next.play_unchecked(&m);
        (m, next)
    })
}
