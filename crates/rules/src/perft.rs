//! Perft: the number of leaf nodes of the legal-move tree, the backbone of rules testing.
//!
//! Where the fast paths cover the variant, the count is compiled once per variant and per side to
//! move, so the rules, the board geometry and the direction of play are constants all the way
//! down; elsewhere it walks the public API (`legal_moves_into` and `play_unchecked`).

use crate::movegen::diagonal::{per_variant, CaptureKey, Diagonal, PerVariant, Spec};
use crate::movegen::{frisian, Tree};
use crate::mv::Move;
use crate::position::Position;
use crate::square::Color;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;

/// More threads than this would only cost memory (the tree is split ever finer to feed them).
pub const MAX_PERFT_THREADS: usize = 256;

/// Counts the leaves of the move tree `depth` plies deep (bulk-counting the last ply).
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if frisian::covers_variant(pos.variant()) {
        return perft_tree::<frisian::Frisian>(pos, depth);
    }
    per_variant(pos, Perft { depth }).unwrap_or_else(|| {
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

struct Perft {
    depth: u32,
}

impl PerVariant for Perft {
    type Output = u64;

    fn run<S: Spec>(self, pos: &Position) -> u64 {
        perft_tree::<Diagonal<S>>(pos, self.depth)
    }
}

/// Perft through the fast path `T`.
fn perft_tree<T: Tree>(pos: &Position, depth: u32) -> u64 {
    // One scratch list of captures per remaining ply.
    let mut stack: Vec<Vec<CaptureKey>> = (0..depth.max(1)).map(|_| Vec::new()).collect();
    match pos.turn() {
        Color::White => perft_with::<T, White>(pos, depth, &mut stack),
        Color::Black => perft_with::<T, Black>(pos, depth, &mut stack),
    }
}

/// The side to move as a type.
trait Side {
    const COLOR: Color;
    type Other: Side;
}

struct White;
struct Black;

impl Side for White {
    const COLOR: Color = Color::White;
    type Other = Black;
}

impl Side for Black {
    const COLOR: Color = Color::Black;
    type Other = White;
}

fn perft_with<T: Tree, C: Side>(pos: &Position, depth: u32, stack: &mut [Vec<CaptureKey>]) -> u64 {
    // A copy whose side to move the optimiser sees as a constant.
    let pos = pos.with_turn(C::COLOR);
    let (keys, rest) = stack.split_first_mut().expect("stack has depth entries");
    match depth {
        0 => 1,
        1 => T::count_moves(&pos, keys) as u64,
        2 => {
            let (leaf_keys, _) = rest.split_first_mut().expect("stack has depth entries");
            let mut total = 0;
            T::for_each_child(&pos, keys, |child| {
                total += T::count_moves(&child.with_turn(C::Other::COLOR), leaf_keys) as u64
            });
            total
        }
        _ => {
            let mut total = 0;
            T::for_each_child(&pos, keys, |child| {
                total += perft_with::<T, C::Other>(child, depth - 1, rest)
            });
            total
        }
    }
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
