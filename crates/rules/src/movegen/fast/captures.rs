//! Captures found with whole-board shifts: the pieces able to capture, and, in the usual cases,
//! the captures themselves without a search.
//!
//! Captures are compulsory, so the pieces able to capture are found first (a few shifts and
//! fills per direction). Every capture is then often a single jump ([`only_single_jumps`]),
//! and precedence among single jumps is a matter of counting ([`kept_single_jumps`]); under
//! the majority rule men's two-piece captures are found set-wise too ([`double_jumps`]);
//! otherwise [`super::search`] runs from the capturing pieces.

use super::search::CaptureKey;
use super::spec::{back, for_each_dir, fwd, men_capture, reach, slide, step, Spec};
use crate::bitboard::Bitboard;
use crate::position::Position;
use crate::square::{Dir, Dirs};
use crate::variant::CapturePromotion;

/// What the side to move can capture, seen one jump deep (arrays indexed like `Dir::ALL`).
pub(crate) struct Captures {
    /// Men able to jump in each direction.
    pub(crate) men: [Bitboard; 8],
    /// Kings able to capture.
    pub(crate) kings: Bitboard,
    /// Squares where a king lands after one capture in each direction.
    pub(crate) landings: [Bitboard; 8],
    /// Of `landings`, those after taking a king, where precedence weighs a king more than a
    /// man (empty elsewhere): two kings never share a landing square in the same direction,
    /// since the nearer one would block the other, so the rest are after taking a man.
    pub(crate) over_kings: [Bitboard; 8],
    /// The side's kings and the empty squares they reach in each direction, up to 7 squares
    /// away (flying kings only; [`super::steps::count_quiet`] extends it).
    pub(crate) king_reach: [Bitboard; 8],
}

impl Captures {
    /// The pieces able to capture.
    #[inline(always)]
    pub(crate) fn starters<S: Spec>(&self) -> Bitboard {
        let mut starters = self.kings;
        for_each_dir!(S::MEN_CAPTURE_DIRS, d => {
            starters |= self.men[d as usize];
        });
        starters
    }

    #[inline(always)]
    pub(crate) fn any<S: Spec>(&self) -> bool {
        self.starters::<S>().any()
    }
}

/// Finds the capturing pieces with whole-board shifts and fills, per direction. `kings` are the
/// side to move's.
#[inline(always)]
pub(crate) fn find_captures<S: Spec>(pos: &Position, kings: Bitboard) -> Captures {
    let g = S::RULES.geometry;
    let us = pos.pieces(pos.turn);
    let them = pos.pieces(pos.turn.other());
    let empty = g.mask() & !(us | them);
    let men = us & !pos.kings;
    let mut found = Captures {
        men: [Bitboard::EMPTY; 8],
        kings: Bitboard::EMPTY,
        landings: [Bitboard::EMPTY; 8],
        over_kings: [Bitboard::EMPTY; 8],
        king_reach: [Bitboard::EMPTY; 8],
    };
    let weigh_kings = S::RANKING.kings_weigh_more();
    for_each_dir!(S::CAPTURE_DIRS, d => {
        // Enemy pieces with an empty square behind them, seen from this direction.
        let targets = them & back::<S>(empty, d);
        if men_capture::<S>(d, pos.turn) {
            found.men[d as usize] = back::<S>(targets, d) & men;
        }
        if S::RULES.king_capture.contains(d) && kings.any() {
            let back_dir = d.opposite();
            if S::RULES.flying_kings() {
                let reach = slide::<S>(kings, d, empty);
                found.king_reach[d as usize] = reach;
                // Without a branch on whether there are any: the fills of nothing are nothing.
                let victims = fwd::<S>(reach, d) & targets;
                found.landings[d as usize] = slide::<S>(fwd::<S>(victims, d), d, empty);
                if weigh_kings {
                    let over = fwd::<S>(victims & pos.kings, d);
                    found.over_kings[d as usize] = slide::<S>(over, d, empty);
                }
                found.kings |= fwd::<S>(slide::<S>(victims, back_dir, empty), back_dir) & kings;
            } else {
                let victims = fwd::<S>(kings, d) & targets;
                found.landings[d as usize] = fwd::<S>(victims, d);
                if weigh_kings {
                    found.over_kings[d as usize] = fwd::<S>(victims & pos.kings, d);
                }
                found.kings |= back::<S>(victims, d);
            }
        }
    });
    found
}

/// Whether every legal move is a single capture (the usual case), decided with whole-board
/// shifts: no landing square offers a further jump. This is exact as it stands, with the
/// capturing piece's origin counted as occupied: a second jump goes along another line than
/// the first (straight back lies the piece just taken, which cannot be taken twice), and that
/// line meets the first only where the piece landed, so it never crosses the origin.
#[inline(always)]
pub(crate) fn only_single_jumps<S: Spec>(pos: &Position, captures: &Captures) -> bool {
    let g = S::RULES.geometry;
    let them = pos.pieces(pos.turn.other());
    let empty = g.mask() & !pos.occupied();
    let promo = g.promotion_row(pos.turn);
    for_each_dir!(S::CAPTURE_DIRS, d => {
        let jumps = captures.men[d as usize];
        let kings = captures.landings[d as usize];
        if (jumps | kings).is_empty() {
            continue;
        }
        let mut men = fwd::<S>(fwd::<S>(jumps, d), d);
        match S::RULES.capture_promotion {
            // A man crowned on the way captures on as a king: leave that to the search.
            CapturePromotion::Immediately if (men & promo).any() => return false,
            // Crowning ends the move.
            CapturePromotion::EndsMove => men &= !promo,
            _ => {}
        }
        for_each_dir!(S::CAPTURE_DIRS, next => {
            if next == d.opposite() {
                continue;
            }
            let targets = them & back::<S>(empty, next);
            if men_capture::<S>(next, pos.turn) && (men & back::<S>(targets, next)).any() {
                return false;
            }
            if S::RULES.king_capture.contains(next) && kings.any() {
                let from = if S::RULES.flying_kings() && next != d {
                    slide::<S>(kings, next, empty)
                } else {
                    // Going on straight, the landing squares already run up to the next piece.
                    kings
                };
                if (fwd::<S>(from, next) & targets).any() {
                    return false;
                }
            }
        });
    });
    true
}

/// Which single captures precedence keeps when every capture takes one piece (`None`: no
/// choice made on that criterion).
#[derive(Clone, Copy)]
pub(crate) struct Kept {
    /// Those taking a king, or those taking a man.
    pub(crate) king_taken: Option<bool>,
    /// Those by a king, or those by a man.
    pub(crate) by_king: Option<bool>,
}

/// The single captures precedence keeps, and how many there are: under free choice or the
/// majority rule, all of them; where a king weighs more, those taking a king if any; where a
/// king's capture comes first, those by a king if any.
#[inline(always)]
pub(crate) fn kept_single_jumps<S: Spec>(pos: &Position, captures: &Captures) -> (Kept, usize) {
    let weigh_kings = S::RANKING.kings_weigh_more();
    // [a king taken][by a king]
    let mut n = [[0usize; 2]; 2];
    for_each_dir!(S::CAPTURE_DIRS, d => {
        let men = captures.men[d as usize];
        let landings = captures.landings[d as usize];
        let (men_over_king, kings_over_king) = if weigh_kings {
            let over_kings = captures.over_kings[d as usize];
            ((men & back::<S>(pos.kings, d)).count(), over_kings.count())
        } else {
            (0, 0)
        };
        n[1][0] += men_over_king as usize;
        n[0][0] += (men.count() - men_over_king) as usize;
        n[1][1] += kings_over_king as usize;
        n[0][1] += (landings.count() - kings_over_king) as usize;
    });
    let king_taken = weigh_kings && n[1][0] + n[1][1] > 0;
    let [by_man, by_king] = n[king_taken as usize];
    let kept = Kept {
        king_taken: weigh_kings.then_some(king_taken),
        by_king: S::RANKING.by_king.then_some(by_king > 0),
    };
    let count = match kept.by_king {
        None => by_man + by_king,
        Some(true) => by_king,
        Some(false) => by_man,
    };
    (kept, count)
}

/// Calls `f(capture, victim)` for each single capture `kept` keeps, when [`only_single_jumps`]
/// holds, in the search's order: by origin, then direction, then nearest landing first.
#[inline(always)]
pub(crate) fn for_each_single_jump<S: Spec>(
    pos: &Position,
    captures: &Captures,
    kept: Kept,
    mut f: impl FnMut(CaptureKey, u8),
) {
    let g = S::RULES.geometry;
    let promo = g.promotion_row(pos.turn);
    let occupied = pos.occupied();
    let starters = match kept.by_king {
        None => captures.starters::<S>(),
        Some(true) => captures.kings,
        Some(false) => captures.starters::<S>() & !captures.kings,
    };
    for from in starters {
        for_each_dir!(S::CAPTURE_DIRS, d => {
            let s = step::<S>(d);
            if captures.men[d as usize].contains(from) {
                let victim = (from as i8 + s) as u8;
                if kept.king_taken.is_some_and(|k| pos.kings.contains(victim) != k) {
                    continue;
                }
                let to = (victim as i8 + s) as u8;
                f(CaptureKey::single(from, victim, to, promo.contains(to)), victim);
            } else if captures.kings.contains(from) {
                let victim = if S::RULES.flying_kings() {
                    reach::<S>(from, d, occupied).1
                } else {
                    let next = fwd::<S>(Bitboard::from_bit(from), d);
                    next.any().then_some((from as i8 + s) as u8)
                };
                let Some(victim) = victim else { continue };
                // Landings beyond `victim` are in these sets only if it is an enemy piece
                // (the runs of landing squares start right behind one).
                let landings = match kept.king_taken {
                    None => captures.landings[d as usize],
                    Some(true) => captures.over_kings[d as usize],
                    Some(false) => captures.landings[d as usize] & !captures.over_kings[d as usize],
                };
                let mut to = victim as i8 + s;
                while to >= 0 && landings.contains(to as u8) {
                    f(CaptureKey::single(from, victim, to as u8, false), victim);
                    if !S::RULES.flying_kings() {
                        break;
                    }
                    to += s;
                }
            }
        });
    }
}

/// Two-piece captures by men, found with whole-board shifts (see [`double_jumps`]).
pub(crate) struct DoubleJumps {
    /// `[first][second]`: the squares where a man lands after a jump in direction `first` and
    /// from which it jumps again in direction `second` (indexed like `Dir::DIAGONAL`).
    after_first: [[Bitboard; 4]; 4],
}

impl DoubleJumps {
    #[inline(always)]
    pub(crate) fn count(&self) -> usize {
        self.after_first
            .iter()
            .flatten()
            .map(|b| b.count() as usize)
            .sum()
    }

    /// Calls `f` with each capture.
    #[inline(always)]
    pub(crate) fn for_each<S: Spec>(&self, pos: &Position, mut f: impl FnMut(CaptureKey)) {
        let promo = S::RULES.geometry.promotion_row(pos.turn);
        for first in Dir::DIAGONAL {
            let s1 = step::<S>(first);
            for second in Dir::DIAGONAL {
                let s2 = step::<S>(second);
                for at in self.after_first[first as usize][second as usize] {
                    let to = (at as i8 + 2 * s2) as u8;
                    f(CaptureKey {
                        from: (at as i8 - 2 * s1) as u8,
                        to,
                        promotes: promo.contains(to),
                        captured: Bitboard::from_bit((at as i8 - s1) as u8)
                            | Bitboard::from_bit((at as i8 + s2) as u8),
                    });
                }
            }
        }
    }
}

/// The captures when the longest take two pieces and only men capture, found with whole-board
/// shifts rather than the search; `None` when that is not the case or not decided here.
/// [`DoubleJumps::count`] is 0 when every capture takes one piece after all (then they are all
/// legal).
///
/// This holds under the majority rule with men capturing along the four diagonals and crowned
/// only at the end of the move (International, Brazilian). A man's second and third jumps can
/// then be tested like first ones, an enemy next and an empty square behind, with no need to
/// know the sequence so far: they can neither land on the man's origin nor meet a piece it
/// already took (other than straight back). In steps of (±1, ±1), that would need
/// `s1 + s2 = 0`, `s1 + s2 + s3 = 0` (odd coordinates, impossible), or `s1 + 2·s2 + s3 = 0`
/// (only with `s2 = -s1`). For the same reason two different two-capture sequences never share
/// origin, destination and captured pieces, so each one is a move of its own.
#[inline(always)]
pub(crate) fn double_jumps<S: Spec>(pos: &Position, captures: &Captures) -> Option<DoubleJumps> {
    if !S::RULES.majority_only()
        || S::RULES.capture_promotion != CapturePromotion::AtEndOnly
        || !matches!(S::RULES.men_capture, Dirs::DIAGONAL)
        || captures.kings.any()
    {
        return None;
    }
    let g = S::RULES.geometry;
    let them = pos.pieces(pos.turn.other());
    let empty = g.mask() & !pos.occupied();
    // Where a man can jump from, per direction: an enemy next to it, an empty square behind.
    let mut jumps = [Bitboard::EMPTY; 4];
    for_each_dir!(Dirs::DIAGONAL, d => {
        jumps[d as usize] = back::<S>(them & back::<S>(empty, d), d);
    });
    let mut found = DoubleJumps {
        after_first: [[Bitboard::EMPTY; 4]; 4],
    };
    // Landing squares after two jumps, by the direction of the second.
    let mut after_second = [Bitboard::EMPTY; 4];
    for_each_dir!(Dirs::DIAGONAL, first => {
        let landed = fwd::<S>(fwd::<S>(captures.men[first as usize], first), first);
        if landed.any() {
            for_each_dir!(Dirs::DIAGONAL, second => {
                if second != first.opposite() {
                    let going_on = landed & jumps[second as usize];
                    found.after_first[first as usize][second as usize] = going_on;
                    after_second[second as usize] |=
                        fwd::<S>(fwd::<S>(going_on, second), second);
                }
            });
        }
    });
    let mut third = Bitboard::EMPTY;
    for_each_dir!(Dirs::DIAGONAL, second => {
        for_each_dir!(Dirs::DIAGONAL, next => {
            if next != second.opposite() {
                third |= after_second[second as usize] & jumps[next as usize];
            }
        });
    });
    third.is_empty().then_some(found)
}
