//! Perft on the fast path: the number of legal moves of a position and the position after
//! each, without building [`crate::Move`]s, compiled once per variant and per side to move, so
//! that the rules, the board geometry and the direction of play are constants all the way down.

use super::captures::{
    double_jumps, find_captures, for_each_single_jump, kept_single_jumps, only_single_jumps,
    Captures, DoubleJumps, Kept,
};
use super::search::{search_captures, CaptureKey};
use super::spec::{is_variant_end, Spec};
use super::steps::{count_quiet, for_each_quiet};
use crate::bitboard::Bitboard;
use crate::position::{Position, Streak};
use crate::square::Color;

/// Counts the leaves of the move tree `depth` plies deep (bulk-counting the last ply).
pub(crate) fn perft<S: Spec>(pos: &Position, depth: u32) -> u64 {
    // One scratch list of captures per remaining ply.
    let mut stack: Vec<Vec<CaptureKey>> = (0..depth.max(1)).map(|_| Vec::new()).collect();
    match pos.turn() {
        Color::White => perft_with::<S, White>(pos, depth, &mut stack),
        Color::Black => perft_with::<S, Black>(pos, depth, &mut stack),
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

fn perft_with<S: Spec, C: Side>(pos: &Position, depth: u32, stack: &mut [Vec<CaptureKey>]) -> u64 {
    // A copy whose side to move the optimiser sees as a constant.
    let pos = pos.with_turn(C::COLOR);
    let (keys, rest) = stack.split_first_mut().expect("stack has depth entries");
    match depth {
        0 => 1,
        1 => count_moves::<S>(&pos, keys) as u64,
        2 => {
            let (leaf_keys, _) = rest.split_first_mut().expect("stack has depth entries");
            let mut total = 0;
            for_each_child::<S>(&pos, keys, |child| {
                total += count_moves::<S>(&child.with_turn(C::Other::COLOR), leaf_keys) as u64
            });
            total
        }
        _ => {
            let mut total = 0;
            for_each_child::<S>(&pos, keys, |child| {
                total += perft_with::<S, C::Other>(child, depth - 1, rest)
            });
            total
        }
    }
}

/// The side to move's kings, if it has any: most positions of a game tree have none, and a
/// caller that compiles a copy of its own for that case, where every king term is a constant,
/// leaves the kings' code out of it.
#[inline(always)]
fn own_kings(pos: &Position) -> Option<Bitboard> {
    Some(pos.pieces(pos.turn) & pos.kings).filter(|k| k.any())
}

/// How the captures of a position that has some are found.
enum CaptureKind {
    /// Every capture takes one piece: those precedence keeps are the moves, this many.
    Single(Kept, usize),
    /// The moves are men's two-piece captures, found set-wise.
    Double(DoubleJumps),
    /// The capture search is needed.
    Search,
}

#[inline(always)]
fn capture_kind<S: Spec>(pos: &Position, captures: &Captures) -> CaptureKind {
    let single = || {
        let (kept, n) = kept_single_jumps::<S>(pos, captures);
        CaptureKind::Single(kept, n)
    };
    if only_single_jumps::<S>(pos, captures) {
        return single();
    }
    match double_jumps::<S>(pos, captures) {
        None => CaptureKind::Search,
        // No man goes on after all (never while `only_single_jumps` is exact, but a count of
        // nothing must not stand for the moves).
        Some(doubles) if doubles.count() == 0 => single(),
        Some(doubles) => CaptureKind::Double(doubles),
    }
}

/// The number of legal moves, without building any move (perft's bulk counting); `scratch`
/// holds the captures found, if the search is needed.
#[inline(always)]
fn count_moves<S: Spec>(pos: &Position, scratch: &mut Vec<CaptureKey>) -> usize {
    if is_variant_end::<S>(pos) {
        return 0;
    }
    match own_kings(pos) {
        None => count_moves_with::<S>(pos, Bitboard::EMPTY, scratch),
        Some(kings) => count_moves_with::<S>(pos, kings, scratch),
    }
}

/// [`count_moves`], the side to move's kings being `kings`.
#[inline(always)]
fn count_moves_with<S: Spec>(
    pos: &Position,
    kings: Bitboard,
    scratch: &mut Vec<CaptureKey>,
) -> usize {
    let captures = find_captures::<S>(pos, kings);
    if !captures.any::<S>() {
        return count_quiet::<S>(pos, kings, &captures);
    }
    match capture_kind::<S>(pos, &captures) {
        CaptureKind::Single(_, n) => n,
        CaptureKind::Double(doubles) => doubles.count(),
        CaptureKind::Search => {
            search_captures::<S, _>(pos, captures.starters::<S>(), scratch);
            scratch.len()
        }
    }
}

/// Calls `f` with the position after each legal move, without building moves (perft's inner
/// loop); `scratch` holds the captures found, if the search is needed.
#[inline(always)]
fn for_each_child<S: Spec>(
    pos: &Position,
    scratch: &mut Vec<CaptureKey>,
    mut f: impl FnMut(&Position),
) {
    if is_variant_end::<S>(pos) {
        return;
    }
    match own_kings(pos) {
        None => for_each_child_with::<S>(pos, Bitboard::EMPTY, scratch, &mut f),
        Some(kings) => for_each_child_with::<S>(pos, kings, scratch, &mut f),
    }
}

/// [`for_each_child`], the side to move's kings being `kings`.
#[inline(always)]
fn for_each_child_with<S: Spec>(
    pos: &Position,
    kings: Bitboard,
    scratch: &mut Vec<CaptureKey>,
    mut f: impl FnMut(&Position),
) {
    let captures = find_captures::<S>(pos, kings);
    if captures.any::<S>() {
        match capture_kind::<S>(pos, &captures) {
            CaptureKind::Single(kept, _) => {
                for_each_single_jump::<S>(pos, &captures, kept, |key, _| f(&key.play(pos)))
            }
            CaptureKind::Double(doubles) => doubles.for_each::<S>(pos, |key| f(&key.play(pos))),
            CaptureKind::Search => {
                search_captures::<S, _>(pos, captures.starters::<S>(), scratch);
                for key in scratch.iter() {
                    f(&key.play(pos));
                }
            }
        }
        return;
    }
    let promo = S::RULES.geometry.promotion_row(pos.turn);
    let limited = S::RULES.king_move_limit.is_some();
    let streak = *pos.streaks.get(pos.turn);
    let mut child = pos.with_turn(pos.turn.other());
    if limited {
        // A man's move ends the side's run of king moves; a king's extends its own.
        *child.streaks.get_mut(pos.turn) = Streak::default();
    }
    for_each_quiet::<S>(pos, kings, |from, to, king| {
        let moved = Bitboard::from_bit(from) | Bitboard::from_bit(to);
        let mut next = child;
        match pos.turn {
            Color::White => next.white ^= moved,
            Color::Black => next.black ^= moved,
        }
        if king {
            next.kings ^= moved;
            if limited {
                *next.streaks.get_mut(pos.turn) = Streak {
                    bit: to,
                    moves: streak.of(from) + 1,
                };
            }
        } else if promo.contains(to) {
            next.kings.set(to);
        }
        f(&next);
    });
}
