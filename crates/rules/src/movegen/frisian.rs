//! The Frisian fast path: bitboard move generation and perft's bulk counting for Frisian rules
//! (Frisian and Frysk!). Men and kings capture along rows and columns as well as diagonals,
//! kings at any distance; the capture of greatest value is compulsory, then a king's; a king may
//! make only so many non-capturing moves in a row while its side has men.
//!
//! It computes exactly what [`super::rules`] states one jump at a time, and is checked against it
//! as [`super::diagonal`] is: the property tests compare both on random Frisian and Frysk! positions,
//! and the `apply_move` fuzz target compares perft with the move lists.
//!
//! On the padded 10×10 layout (see [`crate::bitboard`]) a step along a row is one bit and a step
//! along a column eleven (two rows and their ghost bit). A diagonal step off the board lands on a
//! ghost bit, but a step along a row can wrap from one row's end onto the next row, so each
//! direction has the set of cells a step in it can land on ([`INTO`]), computed from
//! [`Geometry::next`] at compile time: masking with it makes every shift exact.
//!
//! As in [`super::diagonal`], the pieces able to capture are found with whole-board shifts and fills;
//! when no landing square offers a second jump, every capture takes one piece and precedence is
//! a matter of counting (a king taken is worth more than a man, then a king must capture);
//! otherwise a depth-first search runs, keeping the best value found so far.

use super::diagonal::{CaptureKey, Found};
use super::Tree;
use crate::bitboard::Bitboard;
use crate::mv::{Move, MAX_CAPTURES};
use crate::position::{Position, Streak};
use crate::square::{Color, Dir, Dirs, Geometry};
use crate::variant::{
    self, CapturePromotion, Goal, KingRange, Precedence, Removal, Rules, Variant, Weights,
};

const G: Geometry = Geometry::TEN;

/// The king-move limit this module applies (FRISIAN's; [`covers`] checks every variant agrees).
const KING_MOVES: u8 = match variant::FRISIAN.king_move_limit {
    Some(n) => n,
    None => panic!("Frisian limits a king's moves in a row"),
};

/// Whether this module computes `rules` exactly: the 10×10 board, men stepping diagonally
/// forward and capturing in all eight directions, flying kings moving diagonally and capturing
/// in all eight, the capture of most value then a king's, captured pieces removed at the end,
/// crowning only where a capture ends, and a king-move limit of [`KING_MOVES`].
pub(crate) const fn covers(rules: &Rules) -> bool {
    rules.geometry.index() == G.index()
        && matches!(rules.men_move, Dirs::FORWARD_DIAGONAL)
        && matches!(rules.men_capture, Dirs::ALL)
        && rules.men_capture_kings
        && matches!(rules.king_move, Dirs::DIAGONAL)
        && matches!(rules.king_capture, Dirs::ALL)
        && matches!(rules.king_range, KingRange::Flying)
        && matches!(
            rules.precedence,
            [Precedence::MostValue, Precedence::ByKing]
        )
        && matches!(rules.removal, Removal::AtEnd)
        && matches!(rules.capture_promotion, CapturePromotion::AtEndOnly)
        && matches!(rules.king_move_limit, Some(KING_MOVES))
        && !matches!(rules.goal, Goal::FirstKing)
}

const _: () = assert!(covers(&variant::FRISIAN) && covers(&variant::FRYSK));

/// [`covers`] for each variant, in [`Variant::ALL`]'s order, computed once at compile time.
const COVERED: [bool; Variant::ALL.len()] = {
    let mut covered = [false; Variant::ALL.len()];
    let mut i = 0;
    while i < covered.len() {
        covered[Variant::ALL[i] as usize] = covers(Variant::ALL[i].rules());
        i += 1;
    }
    covered
};

/// Whether this module computes `variant`'s moves.
#[inline]
pub(crate) fn covers_variant(variant: Variant) -> bool {
    COVERED[variant as usize]
}

/// The bit step of one step in each direction, and the cells such a step can land on (indexed
/// like `Dir::ALL`). Checked here: every square's neighbour in a direction is the same bit step
/// away, so a shifted cell is a neighbour exactly when it is in `INTO`.
const STEPS: ([i8; 8], [u64; 8]) = {
    let mut step = [0i8; 8];
    let mut into = [0u64; 8];
    let mut d = 0;
    while d < 8 {
        let mut bit = 0;
        while bit < 64 {
            if G.mask().contains(bit) {
                if let Some(next) = G.next(bit, Dir::ALL[d]) {
                    let s = next as i8 - bit as i8;
                    if step[d] == 0 {
                        step[d] = s;
                    }
                    assert!(step[d] == s, "one bit step per direction");
                    into[d] |= 1 << next;
                }
            }
            bit += 1;
        }
        d += 1;
    }
    (step, into)
};
const STEP: [i8; 8] = STEPS.0;
const INTO: [u64; 8] = STEPS.1;

/// Each cell's neighbour in direction `d`.
#[inline(always)]
fn fwd(b: Bitboard, d: Dir) -> Bitboard {
    b.shift(STEP[d as usize]) & Bitboard(INTO[d as usize])
}

/// The cells whose neighbour in direction `d` is in `b`.
#[inline(always)]
fn back(b: Bitboard, d: Dir) -> Bitboard {
    (b & Bitboard(INTO[d as usize])).shift(-STEP[d as usize])
}

/// `from` extended by the cells reachable from it going `d` through `empty` cells, up to 7 steps
/// (Kogge–Stone fill): every run of empty cells between two pieces on a line of the 10×10 board.
#[inline(always)]
fn slide(from: Bitboard, d: Dir, empty: Bitboard) -> Bitboard {
    let s = STEP[d as usize];
    let mut g = from;
    let mut p = empty & Bitboard(INTO[d as usize]);
    g |= p & g.shift(s);
    p &= p.shift(s);
    g |= p & g.shift(2 * s);
    p &= p.shift(2 * s);
    g | (p & g.shift(4 * s))
}

/// Along `d` from `from`: the empty cells up to the first occupied one, and that cell.
#[inline(always)]
fn reach(from: u8, d: Dir, occupied: Bitboard) -> (Bitboard, Option<u8>) {
    let ray = G.ray(from, d);
    let blockers = ray & occupied;
    let nearest = if STEP[d as usize] > 0 {
        blockers.first()
    } else {
        blockers.last()
    };
    match nearest {
        None => (ray, None),
        Some(b) => (ray & !(G.ray(b, d) | Bitboard::from_bit(b)), Some(b)),
    }
}

/// `for $dir in Dir::ALL $body`, unrolled so that each copy of the body sees its direction as a
/// constant; `continue` works as in a loop. The web build loops instead: eight copies of eight
/// copies (a direction of capture, then every direction to go on in) would cost the module about
/// 7 KB gzipped, for speed only perft, which the page never runs, would notice.
#[cfg(not(target_arch = "wasm32"))]
macro_rules! for_each_dir {
    ($dir:ident => $body:block) => {
        for_each_dir!($dir in [UpLeft, UpRight, DownLeft, DownRight, Up, Down, Left, Right] $body)
    };
    ($dir:ident in [$($d:ident),*] $body:block) => {
        $(
            #[allow(clippy::single_element_loop)]
            for $dir in [Dir::$d] $body
        )*
    };
}

#[cfg(target_arch = "wasm32")]
macro_rules! for_each_dir {
    ($dir:ident => $body:block) => {
        for $dir in Dir::ALL $body
    };
    ($dir:ident in [$($d:ident),*] $body:block) => {
        for $dir in [$(Dir::$d),*] $body
    };
}

/// A man's worth and a king's when weighing captures (the rules table's).
const VALUES: Weights = match Precedence::MostValue.weights() {
    Some(w) => w,
    None => panic!("the value rule weighs the pieces taken"),
};

/// What the side to move can capture, seen one jump deep.
struct Captures {
    /// Men able to jump in each direction (indexed like `Dir::ALL`).
    men: [Bitboard; 8],
    /// Kings able to capture.
    kings: Bitboard,
    /// Squares where a king lands after taking a king, and after taking a man, per direction.
    over_kings: [Bitboard; 8],
    over_men: [Bitboard; 8],
}

impl Captures {
    #[inline(always)]
    fn starters(&self) -> Bitboard {
        self.men.iter().fold(self.kings, |a, &b| a | b)
    }

    #[inline(always)]
    fn any(&self) -> bool {
        self.starters().any()
    }
}

/// Finds the capturing pieces with whole-board shifts and fills, per direction.
#[inline(always)]
fn find_captures(pos: &Position) -> Captures {
    let us = pos.pieces(pos.turn);
    let them = pos.pieces(pos.turn.other());
    let empty = G.mask() & !(us | them);
    let men = us & !pos.kings;
    let kings = us & pos.kings;
    let mut found = Captures {
        men: [Bitboard::EMPTY; 8],
        kings: Bitboard::EMPTY,
        over_kings: [Bitboard::EMPTY; 8],
        over_men: [Bitboard::EMPTY; 8],
    };
    for_each_dir!(d => {
        // Enemy pieces with an empty square behind them, seen from this direction.
        let targets = them & back(empty, d);
        found.men[d as usize] = men & back(targets, d);
        if kings.any() {
            let victims = fwd(slide(kings, d, empty), d) & targets;
            if victims.any() {
                found.over_kings[d as usize] = slide(fwd(victims & pos.kings, d), d, empty);
                found.over_men[d as usize] = slide(fwd(victims & !pos.kings, d), d, empty);
                let back_dir = d.opposite();
                found.kings |= fwd(slide(victims, back_dir, empty), back_dir) & kings;
            }
        }
    });
    found
}

/// Whether every legal move is a single capture, decided with whole-board shifts: no landing
/// square offers a further jump. This is checked with every capturing piece's origin counted as
/// empty (a superset of what any one sequence sees: a king's second capture may cross its own
/// origin, on another line), so it is never wrongly true.
#[inline(always)]
fn only_single_jumps(pos: &Position, captures: &Captures) -> bool {
    let them = pos.pieces(pos.turn.other());
    let empty = G.mask() & !pos.occupied();
    let open = empty | captures.starters();
    for_each_dir!(d => {
        let men = fwd(fwd(captures.men[d as usize], d), d);
        let kings = captures.over_kings[d as usize] | captures.over_men[d as usize];
        if (men | kings).is_empty() {
            continue;
        }
        for_each_dir!(next => {
            // Straight back lies the piece just taken, which cannot be taken twice.
            if next == d.opposite() {
                continue;
            }
            let targets = them & back(open, next);
            if (men & back(targets, next)).any() {
                return false;
            }
            if kings.any() {
                // Going on straight, the landing squares already run up to the next piece.
                let from = if next == d { kings } else { slide(kings, next, open) };
                if (fwd(from, next) & targets).any() {
                    return false;
                }
            }
        });
    });
    true
}

/// Which single captures precedence keeps, when every capture takes one piece: those taking a
/// king if any, then those by a king if any.
#[derive(Clone, Copy)]
struct Kept {
    victim_king: bool,
    by_king: bool,
}

/// The single captures precedence keeps, and how many there are.
#[inline(always)]
fn kept_single_jumps(pos: &Position, captures: &Captures) -> (Kept, usize) {
    // [victim is a king][by a king]
    let mut n = [[0usize; 2]; 2];
    for_each_dir!(d => {
        let men = captures.men[d as usize];
        if men.any() {
            let over_king = (men & back(pos.kings, d)).count() as usize;
            n[1][0] += over_king;
            n[0][0] += men.count() as usize - over_king;
        }
        n[1][1] += captures.over_kings[d as usize].count() as usize;
        n[0][1] += captures.over_men[d as usize].count() as usize;
    });
    let victim_king = n[1][0] + n[1][1] > 0;
    let v = victim_king as usize;
    let by_king = n[v][1] > 0;
    (
        Kept {
            victim_king,
            by_king,
        },
        n[v][by_king as usize],
    )
}

/// Calls `f(capture, victim)` for each single capture precedence keeps, when
/// [`only_single_jumps`] holds.
#[inline(always)]
fn for_each_single_jump(
    pos: &Position,
    captures: &Captures,
    kept: Kept,
    mut f: impl FnMut(CaptureKey, u8),
) {
    let them = pos.pieces(pos.turn.other());
    if kept.by_king {
        let occupied = pos.occupied();
        for from in captures.kings {
            for_each_dir!(d => {
                let landings = if kept.victim_king {
                    captures.over_kings[d as usize]
                } else {
                    captures.over_men[d as usize]
                };
                let Some(victim) = reach(from, d, occupied).1 else { continue };
                if !them.contains(victim) || pos.kings.contains(victim) != kept.victim_king {
                    continue;
                }
                let s = STEP[d as usize];
                let mut to = victim as i8 + s;
                while to >= 0 && landings.contains(to as u8) {
                    f(CaptureKey::single(from, victim, to as u8, false), victim);
                    to += s;
                }
            });
        }
    } else {
        let promo = G.promotion_row(pos.turn);
        for_each_dir!(d => {
            let over_kings = back(pos.kings, d);
            let men = captures.men[d as usize]
                & if kept.victim_king { over_kings } else { !over_kings };
            let s = STEP[d as usize];
            for from in men {
                let victim = (from as i8 + s) as u8;
                let to = (victim as i8 + s) as u8;
                f(CaptureKey::single(from, victim, to, promo.contains(to)), victim);
            }
        });
    }
}

/// The king that may not make another non-capturing move (as a set of at most one square).
#[inline(always)]
fn tired_king(pos: &Position) -> Bitboard {
    let us = pos.pieces(pos.turn);
    let streak = pos.streaks.get(pos.turn);
    if streak.moves >= KING_MOVES && (us & !pos.kings).any() {
        Bitboard::from_bit(streak.bit)
    } else {
        Bitboard::EMPTY
    }
}

/// Calls `f(from, to, is_king)` (bits) for every non-capturing move of the side to move.
#[inline(always)]
fn for_each_quiet(pos: &Position, mut f: impl FnMut(u8, u8, bool)) {
    let us = pos.pieces(pos.turn);
    let empty = G.mask() & !pos.occupied();
    let men = us & !pos.kings;
    let kings = us & pos.kings & !tired_king(pos);
    for_each_dir!(d in [UpLeft, UpRight, DownLeft, DownRight] {
        let s = STEP[d as usize];
        if d.is_forward(pos.turn) {
            for to in fwd(men, d) & empty {
                f((to as i8 - s) as u8, to, false);
            }
        }
        for from in kings {
            for to in reach(from, d, !empty).0 {
                f(from, to, true);
            }
        }
    });
}

#[inline(always)]
fn count_quiet(pos: &Position) -> usize {
    let us = pos.pieces(pos.turn);
    let empty = G.mask() & !pos.occupied();
    let men = us & !pos.kings;
    let kings = us & pos.kings & !tired_king(pos);
    let mut n = 0;
    for_each_dir!(d in [UpLeft, UpRight, DownLeft, DownRight] {
        if d.is_forward(pos.turn) {
            n += (fwd(men, d) & empty).count() as usize;
        }
        if kings.any() {
            // Every king's moves in this direction at once (two kings never reach the same
            // square from the same side): the fill goes 7 squares, a move up to 9.
            let mut reach = slide(kings, d, empty);
            reach |= fwd(reach, d) & empty;
            reach |= fwd(reach, d) & empty;
            n += (reach & !kings).count() as usize;
        }
    });
    n
}

/// Perft's primitives for Frisian rules.
pub(crate) struct Frisian;

impl Tree for Frisian {
    #[inline(always)]
    fn count_moves(pos: &Position, scratch: &mut Vec<CaptureKey>) -> usize {
        let captures = find_captures(pos);
        if !captures.any() {
            return count_quiet(pos);
        }
        if only_single_jumps(pos, &captures) {
            return kept_single_jumps(pos, &captures).1;
        }
        search_captures(pos, &captures, scratch);
        scratch.len()
    }

    #[inline(always)]
    fn for_each_child(pos: &Position, scratch: &mut Vec<CaptureKey>, mut f: impl FnMut(&Position)) {
        let captures = find_captures(pos);
        if captures.any() {
            if only_single_jumps(pos, &captures) {
                let (kept, _) = kept_single_jumps(pos, &captures);
                for_each_single_jump(pos, &captures, kept, |key, _| f(&after_capture(pos, &key)));
            } else {
                search_captures(pos, &captures, scratch);
                for key in scratch.iter() {
                    f(&after_capture(pos, key));
                }
            }
            return;
        }
        let promo = G.promotion_row(pos.turn);
        let mut child = pos.with_turn(pos.turn.other());
        let streak = *pos.streaks.get(pos.turn);
        *child.streaks.get_mut(pos.turn) = Streak::default();
        for_each_quiet(pos, |from, to, king| {
            let moved = Bitboard::from_bit(from) | Bitboard::from_bit(to);
            let mut next = child;
            match pos.turn {
                Color::White => next.white ^= moved,
                Color::Black => next.black ^= moved,
            }
            if king {
                next.kings ^= moved;
                *next.streaks.get_mut(pos.turn) = Streak {
                    bit: to,
                    moves: streak.of(from) + 1,
                };
            } else if promo.contains(to) {
                next.kings.set(to);
            }
            f(&next);
        });
    }
}

/// The position after `pos`'s side to move made the capture `key`.
#[inline(always)]
fn after_capture(pos: &Position, key: &CaptureKey) -> Position {
    pos.after_capture(key.from, key.to, key.captured, key.promotes)
}

/// The legal moves, if this module covers the variant. (Not inlined: the callers test the
/// other generators first, and one copy keeps the web module small.)
#[inline(never)]
pub(crate) fn legal_moves_into(pos: &Position, out: &mut Vec<Move>) -> bool {
    if !covers_variant(pos.variant) {
        return false;
    }
    out.clear();
    let captures = find_captures(pos);
    if captures.any() {
        if only_single_jumps(pos, &captures) {
            let (kept, _) = kept_single_jumps(pos, &captures);
            for_each_single_jump(pos, &captures, kept, |key, victim| {
                out.add(key, &[key.to], &[victim], G)
            });
        } else {
            search_captures(pos, &captures, out);
        }
    } else {
        let promo = G.promotion_row(pos.turn);
        for_each_quiet(pos, |from, to, king| {
            out.push(Move::quiet(
                G.square(from),
                G.square(to),
                !king && promo.contains(to),
            ));
        });
    }
    true
}

/// Whether the side to move can capture, if this module covers the variant.
#[inline(never)]
pub(crate) fn has_capture(pos: &Position) -> Option<bool> {
    covers_variant(pos.variant).then(|| find_captures(pos).any())
}

/// Fills `out` (cleared) with the legal captures of `pos` by searching every sequence.
fn search_captures<O: Found>(pos: &Position, captures: &Captures, out: &mut O) {
    out.clear();
    let mut search = CaptureSearch {
        enemies: pos.pieces(pos.turn.other()),
        kings: pos.kings,
        empty: Bitboard::EMPTY,
        occupied: Bitboard::EMPTY,
        promo: G.promotion_row(pos.turn),
        from: 0,
        by_king: false,
        path: [0; MAX_CAPTURES],
        taken: [0; MAX_CAPTURES],
        best: 0,
        out,
    };
    let base_empty = G.mask() & !pos.occupied();
    for from in captures.starters() {
        let king = pos.kings.contains(from);
        search.from = from;
        search.by_king = king;
        search.empty = base_empty | Bitboard::from_bit(from);
        search.occupied = G.mask() & !search.empty;
        if king {
            search.dfs_king(from, Bitboard::EMPTY, 0, 0);
        } else {
            search.dfs_man(from, Bitboard::EMPTY, 0, 0);
        }
    }
}

/// State of the depth-first capture search for one position.
struct CaptureSearch<'a, O> {
    enemies: Bitboard,
    /// Every king on the board (a king taken is worth more).
    kings: Bitboard,
    /// Empty cells, with the moving piece's origin counted as empty.
    empty: Bitboard,
    /// The other playable cells (captured pieces stay until the move ends).
    occupied: Bitboard,
    promo: Bitboard,
    from: u8,
    by_king: bool,
    /// Landing and captured cells of the sequence so far (kept only if `O::PATHS`).
    path: [u8; MAX_CAPTURES],
    taken: [u8; MAX_CAPTURES],
    /// The best rank recorded so far (see [`CaptureSearch::record`]).
    best: u32,
    out: &'a mut O,
}

impl<O: Found> CaptureSearch<'_, O> {
    #[inline(always)]
    fn worth(&self, victim: u8) -> u32 {
        if self.kings.contains(victim) {
            VALUES.king
        } else {
            VALUES.man
        }
    }

    /// Extends a sequence of `depth` captures worth `value` by the man now on `at`.
    fn dfs_man(&mut self, at: u8, captured: Bitboard, value: u32, depth: usize) {
        let mut extended = false;
        if depth < MAX_CAPTURES {
            // Enemy pieces not yet taken in this sequence.
            let victims = self.enemies & !captured;
            let here = Bitboard::from_bit(at);
            for_each_dir!(d => {
                let victim = fwd(here, d) & victims;
                if (fwd(victim, d) & self.empty).is_empty() {
                    continue;
                }
                extended = true;
                let s = STEP[d as usize];
                let (victim, land) = ((at as i8 + s) as u8, (at as i8 + 2 * s) as u8);
                if O::PATHS {
                    self.path[depth] = land;
                    self.taken[depth] = victim;
                }
                let value = value + self.worth(victim);
                self.dfs_man(land, captured | Bitboard::from_bit(victim), value, depth + 1);
            });
        }
        if !extended && depth > 0 {
            self.record(at, captured, value, depth);
        }
    }

    /// Extends a sequence of `depth` captures worth `value` by the king now on `at`.
    fn dfs_king(&mut self, at: u8, captured: Bitboard, value: u32, depth: usize) {
        let mut extended = false;
        if depth < MAX_CAPTURES {
            let victims = self.enemies & !captured;
            for_each_dir!(d => {
                let (_, Some(victim)) = reach(at, d, self.occupied) else {
                    continue;
                };
                if !victims.contains(victim) {
                    continue;
                }
                let landings = reach(victim, d, self.occupied).0;
                if landings.is_empty() {
                    continue;
                }
                extended = true;
                let captured = captured | Bitboard::from_bit(victim);
                let value = value + self.worth(victim);
                // A flying king must land where it can take one more piece, if it can anywhere;
                // from the other landings the sequence ends.
                let continuing = self.landings_going_on(landings, d, captured);
                // Nearest landing first, as the rules generator goes.
                let s = STEP[d as usize];
                let mut land = victim as i8 + s;
                while land >= 0 && landings.contains(land as u8) {
                    if continuing.is_empty() || continuing.contains(land as u8) {
                        if O::PATHS {
                            self.path[depth] = land as u8;
                            self.taken[depth] = victim;
                        }
                        if continuing.any() {
                            self.dfs_king(land as u8, captured, value, depth + 1);
                        } else {
                            self.record(land as u8, captured, value, depth + 1);
                        }
                    }
                    land += s;
                }
            });
        }
        if !extended && depth > 0 {
            self.record(at, captured, value, depth);
        }
    }

    /// Of `landings` (where a king lands after a capture going `dir`), those from which it can
    /// take one more piece: straight on, over the piece that ends the run of landing squares
    /// (then all of them can), or in any other direction but back (a fill along each crossing
    /// line). `captured` pieces are obstacles that cannot be taken again.
    #[inline(always)]
    fn landings_going_on(&self, landings: Bitboard, dir: Dir, captured: Bitboard) -> Bitboard {
        let victims = self.enemies & !captured;
        let targets_ahead = victims & back(self.empty, dir);
        let mut going_on = if (fwd(landings, dir) & targets_ahead).any() {
            landings
        } else {
            Bitboard::EMPTY
        };
        for_each_dir!(side => {
            if side == dir || side == dir.opposite() {
                continue;
            }
            let hits = fwd(slide(landings, side, self.empty), side)
                & victims
                & back(self.empty, side);
            if hits.any() {
                let home = side.opposite();
                going_on |= slide(fwd(hits, home), home, self.empty) & landings;
            }
        });
        going_on
    }

    /// Records a complete sequence if precedence allows it so far: its rank is its value, then
    /// whether a king made it; a better rank drops everything recorded before.
    fn record(&mut self, at: u8, captured: Bitboard, value: u32, len: usize) {
        let rank = 2 * value + self.by_king as u32;
        if rank < self.best {
            return;
        }
        if rank > self.best {
            self.out.clear();
            self.best = rank;
        }
        let key = CaptureKey {
            from: self.from,
            to: at,
            promotes: !self.by_king && self.promo.contains(at),
            captured,
        };
        // Different paths to the same result are one move: only sequences of two or more
        // captures can differ by path alone.
        if len >= 2 && self.out.contains(&key, G) {
            return;
        }
        let n = if O::PATHS { len } else { 0 };
        self.out.add(key, &self.path[..n], &self.taken[..n], G);
    }
}
