//! A variant's rules as a compile-time constant, what follows from them, and the whole-board
//! operations everything else is built from.
//!
//! On the padded layout (see [`crate::bitboard`]) a step in any direction is one constant bit
//! shift ([`Board`]). A diagonal step off the board lands on a ghost bit or leaves the word, so
//! masking with the cells a result is meant to lie in is the only edge test needed; but a step
//! along a row (Frisian captures along rows and columns) can wrap from one row's end onto the
//! next row, so such a direction also has the set of cells a step in it can land on, and
//! masking with it makes every shift exact. Where no mask is needed, it is all ones and folds
//! away.

use crate::bitboard::Bitboard;
use crate::position::Position;
use crate::square::{Color, Dir, Dirs, Geometry};
use crate::variant::{Precedence, Rules, Weights};

/// A variant's rules as a compile-time constant: every function of the fast path is compiled
/// once per spec, so the rules, the board and the directions are constants in the hot loops
/// (a rule the variant does not have compiles to nothing).
pub(crate) trait Spec {
    const RULES: Rules;
    /// The bit step and the landing mask of each direction.
    const BOARD: Board = Board::of(Self::RULES.geometry);
    /// Every direction a capture goes in: either side's men, or kings.
    const CAPTURE_DIRS: Dirs = both_sides(Self::RULES.men_capture).union(Self::RULES.king_capture);
    /// Every direction men of either side capture in.
    const MEN_CAPTURE_DIRS: Dirs = both_sides(Self::RULES.men_capture);
    /// Every direction a non-capturing move goes in: either side's men, or kings.
    const STEP_DIRS: Dirs = both_sides(Self::RULES.men_move).union(Self::RULES.king_move);
    /// How complete captures are ranked.
    const RANKING: Ranking = match Ranking::of(Self::RULES.precedence) {
        Some(ranking) => ranking,
        None => panic!("the fast path ranks captures by weight, then by a king"),
    };
}

/// `dirs` (stated for White) and the same turned round for Black.
const fn both_sides(dirs: Dirs) -> Dirs {
    dirs.union(dirs.for_color(Color::Black))
}

/// The capture precedence the fast path computes: the greatest weight of the pieces taken
/// (`None`: not weighed), then, if `by_king`, a capture by a king rather than by a man. No
/// weights and no `by_king` is free choice.
#[derive(Clone, Copy)]
pub(crate) struct Ranking {
    pub(crate) weights: Option<Weights>,
    pub(crate) by_king: bool,
}

impl Ranking {
    /// The ranking of a precedence list, if it has this shape: nothing (free choice), or a
    /// criterion that weighs the pieces taken, a king at least as much as a man, optionally
    /// followed by a king's capture first.
    pub(crate) const fn of(precedence: &[Precedence]) -> Option<Ranking> {
        let (first, by_king) = match precedence {
            [] => {
                return Some(Ranking {
                    weights: None,
                    by_king: false,
                })
            }
            [first] => (*first, false),
            [first, Precedence::ByKing] => (*first, true),
            _ => return None,
        };
        match first.weights() {
            Some(w) if w.king >= w.man => Some(Ranking {
                weights: Some(w),
                by_king,
            }),
            _ => None,
        }
    }

    /// Whether any capture is as good as any other.
    pub(crate) const fn free_choice(self) -> bool {
        self.weights.is_none() && !self.by_king
    }

    /// Whether taking a king ranks a capture above taking a man.
    pub(crate) const fn kings_weigh_more(self) -> bool {
        matches!(self.weights, Some(w) if w.king > w.man)
    }
}

/// A board's bit step in each direction (indexed like `Dir::ALL`) and the cells a step can
/// land on, computed from [`Geometry::next`].
pub(crate) struct Board {
    pub(crate) step: [i8; 8],
    /// The cells a step in each direction can land on; all ones where a step from a cell never
    /// lands on another cell that is not its neighbour (it goes off the board or onto a ghost
    /// bit instead), so that the mask is not needed.
    pub(crate) into: [u64; 8],
    /// Whether every cell's neighbour in a direction is the same bit step away: what the shifts
    /// need at all.
    pub(crate) uniform: bool,
}

impl Board {
    pub(crate) const fn of(g: Geometry) -> Board {
        let mask = g.mask().0;
        let mut board = Board {
            step: [0; 8],
            into: [0; 8],
            uniform: true,
        };
        let mut d = 0;
        while d < 8 {
            let dir = Dir::ALL[d];
            let mut into = 0u64;
            let mut bit = 0;
            while bit < 64 {
                if mask & (1 << bit) != 0 {
                    if let Some(next) = g.next(bit, dir) {
                        let s = next as i8 - bit as i8;
                        if board.step[d] == 0 {
                            board.step[d] = s;
                        }
                        board.uniform &= board.step[d] == s;
                        into |= 1 << next;
                    }
                }
                bit += 1;
            }
            // Exact without the mask: a cell a step lands on is the neighbour, if it is a cell.
            let mut exact = true;
            let mut bit = 0;
            while bit < 64 {
                let to = bit as i16 + board.step[d] as i16;
                if mask & (1 << bit) != 0 && to >= 0 && to < 64 && mask & (1 << to) != 0 {
                    exact &= matches!(g.next(bit, dir), Some(n) if n as i16 == to);
                }
                bit += 1;
            }
            board.into[d] = if exact { u64::MAX } else { into };
            d += 1;
        }
        board
    }
}

/// `for $d in Dir::ALL` over the directions in `$dirs` (a constant), unrolled so that each copy
/// of the body sees its direction, and so its shift and mask, as a constant, and a direction not
/// in `$dirs` compiles to nothing; `continue` works as in a loop. The web build unrolls only
/// the four diagonals of a variant that keeps to them, and loops over the eight directions of
/// one that does not (Frisian): eight copies of eight copies (a direction of capture, then every
/// direction to go on in) would cost the computer's module about 7 KB gzipped, for speed only
/// perft, which it never runs, would notice.
#[cfg(not(target_arch = "wasm32"))]
macro_rules! for_each_dir {
    ($dirs:expr, $d:ident => $body:block) => {
        for_each_dir!(@unrolled $dirs, $d, [UpLeft, UpRight, DownLeft, DownRight, Up, Down, Left, Right] $body)
    };
    (@unrolled $dirs:expr, $d:ident, [$($x:ident),*] $body:block) => {
        $(
            #[allow(clippy::single_element_loop)]
            for $d in [crate::square::Dir::$x] {
                if $dirs.contains($d) $body
            }
        )*
    };
}

#[cfg(target_arch = "wasm32")]
macro_rules! for_each_dir {
    ($dirs:expr, $d:ident => $body:block) => {
        if $dirs.is_diagonal() {
            for_each_dir!(@unrolled $dirs, $d, [UpLeft, UpRight, DownLeft, DownRight] $body);
        } else {
            for $d in crate::square::Dir::ALL {
                if $dirs.contains($d) $body
            }
        }
    };
    (@unrolled $dirs:expr, $d:ident, [$($x:ident),*] $body:block) => {
        $(
            #[allow(clippy::single_element_loop)]
            for $d in [crate::square::Dir::$x] {
                if $dirs.contains($d) $body
            }
        )*
    };
}

pub(crate) use for_each_dir;

/// The bit step of one step going `d`.
#[inline(always)]
pub(crate) fn step<S: Spec>(d: Dir) -> i8 {
    S::BOARD.step[d as usize]
}

/// Each cell's neighbour going `d`.
#[inline(always)]
pub(crate) fn fwd<S: Spec>(b: Bitboard, d: Dir) -> Bitboard {
    b.shift(step::<S>(d)) & Bitboard(S::BOARD.into[d as usize])
}

/// The cells whose neighbour going `d` is in `b`.
#[inline(always)]
pub(crate) fn back<S: Spec>(b: Bitboard, d: Dir) -> Bitboard {
    (b & Bitboard(S::BOARD.into[d as usize])).shift(-step::<S>(d))
}

/// `from` extended by the cells reachable from it going `d` through `empty` cells, up to 7
/// steps away (Kogge–Stone fill, three doublings): every run of empty cells that can lie
/// between a capturing king and its victim, or a victim and the next piece, on 10×10.
#[inline(always)]
pub(crate) fn slide<S: Spec>(from: Bitboard, d: Dir, empty: Bitboard) -> Bitboard {
    let s = step::<S>(d);
    let mut g = from;
    let mut p = empty & Bitboard(S::BOARD.into[d as usize]);
    g |= p & g.shift(s);
    p &= p.shift(s);
    g |= p & g.shift(2 * s);
    p &= p.shift(2 * s);
    g | (p & g.shift(4 * s))
}

/// Along `d` from `from`: the empty cells up to the first occupied one, and that cell.
#[inline(always)]
pub(crate) fn reach<S: Spec>(from: u8, d: Dir, occupied: Bitboard) -> (Bitboard, Option<u8>) {
    let g = S::RULES.geometry;
    let ray = g.ray(from, d);
    let blockers = ray & occupied;
    let nearest = if step::<S>(d) > 0 {
        blockers.first()
    } else {
        blockers.last()
    };
    match nearest {
        None => (ray, None),
        Some(b) => (ray & !(g.ray(b, d) | Bitboard::from_bit(b)), Some(b)),
    }
}

/// Whether `color`'s men capture going `d` (the rules state White's directions; each arm is a
/// constant for a given direction, and both the same unless the two sides differ there).
#[inline(always)]
pub(crate) fn men_capture<S: Spec>(d: Dir, color: Color) -> bool {
    for_color(S::RULES.men_capture, d, color)
}

/// Whether `color`'s men step going `d`.
#[inline(always)]
pub(crate) fn men_step<S: Spec>(d: Dir, color: Color) -> bool {
    for_color(S::RULES.men_move, d, color)
}

#[inline(always)]
const fn for_color(white: Dirs, d: Dir, color: Color) -> bool {
    match color {
        Color::White => white.contains(d),
        Color::Black => white.contains(d.flipped()),
    }
}

/// Whether the game is over by the variant's own rule (Breakthrough's first king), so the
/// position has no moves; constant false for the other variants.
#[inline(always)]
pub(crate) fn is_variant_end<S: Spec>(pos: &Position) -> bool {
    S::RULES.goal == crate::variant::Goal::FirstKing && pos.is_variant_end()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// On boards of dark squares a diagonal step, and a step along a column, lands on the
    /// neighbour or off the board (a ghost bit, or out of the word), so they need no mask; a
    /// step along a row wraps onto the next row and does.
    #[test]
    fn which_steps_need_a_mask() {
        for g in [Geometry::EIGHT, Geometry::TEN] {
            let board = Board::of(g);
            assert!(board.uniform);
            for d in Dir::ALL {
                let along_a_row = matches!(d, Dir::Left | Dir::Right);
                assert_eq!(
                    board.into[d as usize] != u64::MAX,
                    along_a_row,
                    "{g:?} {d:?}"
                );
                // Masked or not, a step back from every cell finds exactly the cells with a
                // neighbour that way.
                let with_neighbour = g.mask().filter(|&bit| g.next(bit, d).is_some());
                assert_eq!(
                    back_of(&board, g.mask(), d) & g.mask(),
                    with_neighbour.fold(Bitboard::EMPTY, |b, bit| b | Bitboard::from_bit(bit)),
                    "{g:?} {d:?}"
                );
            }
        }
    }

    /// [`back`] without a spec: the cells whose neighbour going `d` is in `b`.
    fn back_of(board: &Board, b: Bitboard, d: Dir) -> Bitboard {
        (b & Bitboard(board.into[d as usize])).shift(-board.step[d as usize])
    }
}
