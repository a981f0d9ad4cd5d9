//! Non-capturing moves: men step along the variant's `men_move` directions, kings along
//! `king_move`, one square or, flying, any number of empty squares; a king that has made the
//! variant's limit of moves in a row may not (Frisian).

use super::captures::Captures;
use super::spec::{for_each_dir, fwd, men_step, reach, slide, step, Spec};
use crate::bitboard::Bitboard;
use crate::mv::Move;
use crate::position::Position;

/// The king that may not make another non-capturing move (as a set of at most one square): a
/// player who still has men may not move the same king more than the limit times in a row
/// without capturing (Frisian).
#[inline(always)]
pub(crate) fn tired_king<S: Spec>(pos: &Position) -> Bitboard {
    let Some(limit) = S::RULES.king_move_limit else {
        return Bitboard::EMPTY;
    };
    let us = pos.pieces(pos.turn);
    let streak = pos.streaks.get(pos.turn);
    if streak.moves >= limit && (us & !pos.kings).any() {
        Bitboard::from_bit(streak.bit)
    } else {
        Bitboard::EMPTY
    }
}

/// Calls `f(from, to, is_king)` (bits) for every non-capturing move of the side to move, whose
/// kings are `kings`: by direction, a king's nearest square first.
#[inline(always)]
pub(crate) fn for_each_quiet<S: Spec>(
    pos: &Position,
    kings: Bitboard,
    mut f: impl FnMut(u8, u8, bool),
) {
    let g = S::RULES.geometry;
    let us = pos.pieces(pos.turn);
    let empty = g.mask() & !pos.occupied();
    let men = us & !pos.kings;
    let kings = kings & !tired_king::<S>(pos);
    for_each_dir!(S::STEP_DIRS, d => {
        let s = step::<S>(d);
        if men_step::<S>(d, pos.turn) {
            for to in fwd::<S>(men, d) & empty {
                f((to as i8 - s) as u8, to, false);
            }
        }
        if S::RULES.king_move.contains(d) {
            for from in kings {
                if S::RULES.flying_kings() {
                    let (mut targets, _) = reach::<S>(from, d, !empty);
                    while let Some(to) = if s > 0 {
                        targets.first()
                    } else {
                        targets.last()
                    } {
                        targets.clear(to);
                        f(from, to, true);
                    }
                } else if (fwd::<S>(Bitboard::from_bit(from), d) & empty).any() {
                    f(from, (from as i8 + s) as u8, true);
                }
            }
        }
    });
}

/// The number of non-capturing moves of the side to move, whose kings are `kings`, without
/// listing them (perft's bulk counting).
#[inline(always)]
pub(crate) fn count_quiet<S: Spec>(pos: &Position, kings: Bitboard, captures: &Captures) -> usize {
    let g = S::RULES.geometry;
    let us = pos.pieces(pos.turn);
    let empty = g.mask() & !pos.occupied();
    let men = us & !pos.kings;
    let tired = tired_king::<S>(pos);
    let kings = kings & !tired;
    let mut n = 0;
    for_each_dir!(S::STEP_DIRS, d => {
        if men_step::<S>(d, pos.turn) {
            n += (fwd::<S>(men, d) & empty).count() as usize;
        }
        if S::RULES.king_move.contains(d) && kings.any() {
            // Every king's moves in this direction, at once: two kings never reach the same
            // square from the same side.
            n += if S::RULES.flying_kings() {
                // The capture finder slid every king up to 7 squares; a move goes up to 9.
                let mut reach = if S::RULES.king_capture.contains(d) && tired.is_empty() {
                    captures.king_reach[d as usize]
                } else {
                    slide::<S>(kings, d, empty)
                };
                reach |= fwd::<S>(reach, d) & empty;
                reach |= fwd::<S>(reach, d) & empty;
                (reach & !kings).count() as usize
            } else {
                (fwd::<S>(kings, d) & empty).count() as usize
            };
        }
    });
    n
}

/// Puts the non-capturing moves in `out`.
#[inline(always)]
pub(crate) fn gen_quiet<S: Spec>(pos: &Position, out: &mut Vec<Move>) {
    let g = S::RULES.geometry;
    let promo = g.promotion_row(pos.turn);
    let kings = pos.pieces(pos.turn) & pos.kings;
    for_each_quiet::<S>(pos, kings, |from, to, king| {
        out.push(Move::quiet(
            g.square(from),
            g.square(to),
            !king && promo.contains(to),
        ));
    });
}
