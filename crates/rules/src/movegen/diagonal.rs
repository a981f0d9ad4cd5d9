//! The fast paths: bitboard move generation and perft's bulk counting for the variants whose
//! rules fit diagonal shifts: International (and Antidraughts and Breakthrough, which move as it
//! does), English, Russian, Brazilian and American Pool.
//!
//! It computes exactly what [`super::rules`] states one step at a time, only faster, and is
//! checked against it: the property tests compare both on random positions of every variant
//! listed here, and the `apply_move` fuzz target compares perft with the move lists.
//!
//! Captures are compulsory, so the generator first finds the pieces able to capture (a few
//! shifts); every capture is then often a single jump, or (under the majority rule) a man's
//! two-piece capture, found set-wise; otherwise a depth-first capture search runs from the
//! capturing pieces. Each function is compiled once per variant (`Spec`), so the rule table and
//! the board geometry are constants in the hot loops rather than lookups.

use crate::bitboard::Bitboard;
use crate::mv::{Move, MAX_CAPTURES};
use crate::position::Position;
use crate::square::{Color, Dir, Dirs, Geometry, Square};
use crate::variant::{self, CapturePromotion, Goal, KingRange, Removal, Rules, Variant};
use std::marker::PhantomData;

/// A variant's rules as a compile-time constant.
pub(crate) trait Spec {
    const RULES: Rules;
}

/// `struct $name;` implementing [`Spec`] with `$rules`, checked at compile time to lie within
/// what the fast paths compute ([`covers`]).
macro_rules! spec {
    ($($name:ident = $rules:expr;)*) => {$(
        struct $name;
        impl Spec for $name {
            const RULES: Rules = $rules;
        }
        const _: () = assert!(covers(&$rules));
    )*};
}

spec! {
    International = variant::INTERNATIONAL;
    English = variant::ENGLISH;
    Russian = variant::RUSSIAN;
    Brazilian = variant::BRAZILIAN;
    Pool = variant::POOL;
    Breakthrough = variant::BREAKTHROUGH;
}

/// Whether the game is over by the variant's own rule (Breakthrough's first king), so the
/// position has no moves; constant false for the other variants.
#[inline(always)]
fn is_variant_end<S: Spec>(pos: &Position) -> bool {
    S::RULES.goal == Goal::FirstKing && pos.is_variant_end()
}

/// Whether the fast paths compute `rules` exactly: diagonal moves on a board of dark squares,
/// men stepping forward and capturing forward or both ways, any capture or the most pieces,
/// captured pieces removed at the end of the move.
pub(crate) const fn covers(rules: &Rules) -> bool {
    let diagonal = !rules.geometry.is_full()
        && matches!(rules.men_move, Dirs::FORWARD_DIAGONAL)
        && matches!(rules.men_capture, Dirs::FORWARD_DIAGONAL | Dirs::DIAGONAL)
        && matches!(rules.king_move, Dirs::DIAGONAL)
        && matches!(rules.king_capture, Dirs::DIAGONAL);
    diagonal
        && rules.men_capture_kings
        && matches!(rules.removal, Removal::AtEnd)
        && (rules.free_choice() || rules.majority_only())
        && rules.king_move_limit.is_none()
        && matches!(rules.king_range, KingRange::Short | KingRange::Flying)
}

/// [`covers`] for each variant, in [`Variant::ALL`]'s order, computed once at compile time.
const COVERED: [bool; Variant::ALL.len()] = {
    let mut covered = [false; Variant::ALL.len()];
    let mut i = 0;
    while i < covered.len() {
        assert!(
            Variant::ALL[i] as usize == i,
            "Variant::ALL lists the variants in order"
        );
        covered[i] = covers(Variant::ALL[i].rules());
        i += 1;
    }
    covered
};

/// Whether the fast paths' whole-board shifts compute `variant`'s steps and captures (for the
/// evaluation's mobility and runaway terms, which use the same shifts).
#[inline]
pub(crate) fn covers_variant(variant: Variant) -> bool {
    COVERED[variant as usize]
}

/// A computation compiled once per variant, for callers outside this module (perft).
pub(crate) trait PerVariant {
    type Output;
    fn run<S: Spec>(self, pos: &Position) -> Self::Output;
}

/// Runs `f` compiled for `pos`'s variant, if the fast paths cover it.
#[inline]
pub(crate) fn per_variant<F: PerVariant>(pos: &Position, f: F) -> Option<F::Output> {
    Some(match pos.variant {
        // Antidraughts moves exactly as International does; only the result differs.
        Variant::International | Variant::Antidraughts => f.run::<International>(pos),
        Variant::English => f.run::<English>(pos),
        Variant::Russian => f.run::<Russian>(pos),
        Variant::Brazilian => f.run::<Brazilian>(pos),
        Variant::Pool => f.run::<Pool>(pos),
        Variant::Breakthrough => f.run::<Breakthrough>(pos),
        _ => return None,
    })
}

/// The legal moves, if the fast paths cover the variant.
pub(crate) fn legal_moves_into(pos: &Position, out: &mut Vec<Move>) -> bool {
    struct Gen<'a>(&'a mut Vec<Move>);
    impl PerVariant for Gen<'_> {
        type Output = ();
        fn run<S: Spec>(self, pos: &Position) {
            self.0.clear();
            if is_variant_end::<S>(pos) {
                return;
            }
            let captures = find_captures::<S>(pos);
            if captures.any() {
                gen_captures::<S, _>(pos, &captures, self.0);
            } else {
                gen_quiet::<S>(pos, self.0);
            }
        }
    }
    per_variant(pos, Gen(out)).is_some()
}

/// Whether the side to move can capture, if the fast paths cover the variant.
pub(crate) fn has_capture(pos: &Position) -> Option<bool> {
    struct HasCapture;
    impl PerVariant for HasCapture {
        type Output = bool;
        fn run<S: Spec>(self, pos: &Position) -> bool {
            find_captures::<S>(pos).any()
        }
    }
    per_variant(pos, HasCapture)
}

/// `for $dir in Dir::ALL $body`, unrolled so that each copy of the body sees its direction (and
/// so its shift) as a constant; `continue` and `break` work as in a loop.
macro_rules! for_each_dir {
    ($dir:ident => $body:block) => {
        #[allow(clippy::single_element_loop)]
        for $dir in [Dir::UpLeft] $body
        #[allow(clippy::single_element_loop)]
        for $dir in [Dir::UpRight] $body
        #[allow(clippy::single_element_loop)]
        for $dir in [Dir::DownLeft] $body
        #[allow(clippy::single_element_loop)]
        for $dir in [Dir::DownRight] $body
    };
}

/// Perft's primitives for the variant `S`.
pub(crate) struct Diagonal<S>(PhantomData<S>);

impl<S: Spec> super::Tree for Diagonal<S> {
    #[inline(always)]
    fn count_moves(pos: &Position, scratch: &mut Vec<CaptureKey>) -> usize {
        count_moves::<S>(pos, scratch)
    }

    #[inline(always)]
    fn for_each_child(pos: &Position, scratch: &mut Vec<CaptureKey>, f: impl FnMut(&Position)) {
        for_each_child::<S>(pos, scratch, f)
    }
}

/// Number of legal moves, without building any move (perft's bulk counting); `scratch` holds
/// the captures found, if the search is needed.
#[inline(always)]
fn count_moves<S: Spec>(pos: &Position, scratch: &mut Vec<CaptureKey>) -> usize {
    if is_variant_end::<S>(pos) {
        return 0;
    }
    let captures = find_captures::<S>(pos);
    if !captures.any() {
        return count_quiet::<S>(pos, &captures);
    }
    match capture_kind::<S>(pos, &captures) {
        CaptureKind::Single => captures.single_jump_count(),
        CaptureKind::Double(doubles) => doubles.count(),
        CaptureKind::Search => {
            search_captures::<S, _>(pos, &captures, scratch);
            scratch.len()
        }
    }
}

/// How perft finds the captures of a position that has some.
enum CaptureKind {
    /// Every capture takes one piece: each jump in [`Captures`] is a move.
    Single,
    /// The moves are men's two-piece captures, found set-wise.
    Double(DoubleJumps),
    /// The capture search is needed.
    Search,
}

#[inline(always)]
fn capture_kind<S: Spec>(pos: &Position, captures: &Captures) -> CaptureKind {
    if only_single_jumps::<S>(pos, captures) {
        return CaptureKind::Single;
    }
    match double_jumps::<S>(pos, captures) {
        None => CaptureKind::Search,
        Some(doubles) if doubles.count() == 0 => CaptureKind::Single,
        Some(doubles) => CaptureKind::Double(doubles),
    }
}

/// The position after `pos`'s side to move made the capture `key`.
#[inline(always)]
fn after_capture(pos: &Position, key: &CaptureKey) -> Position {
    pos.after_capture(key.from, key.to, key.captured, key.promotes)
}

/// Calls `f` with the position after each legal move, without building [`Move`]s (perft's
/// inner loop); `scratch` holds the captures found, if the search is needed.
#[inline(always)]
fn for_each_child<S: Spec>(
    pos: &Position,
    scratch: &mut Vec<CaptureKey>,
    mut f: impl FnMut(&Position),
) {
    if is_variant_end::<S>(pos) {
        return;
    }
    let captures = find_captures::<S>(pos);
    let g = S::RULES.geometry;
    let promo = g.promotion_row(pos.turn);
    if captures.any() {
        match capture_kind::<S>(pos, &captures) {
            CaptureKind::Single => {
                for_each_single_jump::<S>(pos, &captures, |key, _| f(&after_capture(pos, &key)))
            }
            CaptureKind::Double(doubles) => {
                doubles.for_each::<S>(pos, |key| f(&after_capture(pos, &key)))
            }
            CaptureKind::Search => {
                search_captures::<S, _>(pos, &captures, scratch);
                for key in scratch.iter() {
                    f(&after_capture(pos, key));
                }
            }
        }
        return;
    }
    let child = pos.with_turn(pos.turn.other());
    for_each_quiet::<S>(pos, |from, to, king| {
        let moved = Bitboard::from_bit(from) | Bitboard::from_bit(to);
        let mut next = child;
        match pos.turn {
            Color::White => next.white ^= moved,
            Color::Black => next.black ^= moved,
        }
        if king {
            next.kings ^= moved;
        } else if promo.contains(to) {
            next.kings.set(to);
        }
        f(&next);
    });
}

/// Along `dir` from `from`: the empty cells up to the first occupied one, and that cell.
#[inline(always)]
fn reach<S: Spec>(from: u8, dir: Dir, occupied: Bitboard) -> (Bitboard, Option<u8>) {
    let g = S::RULES.geometry;
    let ray = g.ray(from, dir);
    let blockers = ray & occupied;
    let nearest = if g.step(dir) > 0 {
        blockers.first()
    } else {
        blockers.last()
    };
    match nearest {
        None => (ray, None),
        Some(b) => (ray & !(g.ray(b, dir) | Bitboard::from_bit(b)), Some(b)),
    }
}

/// Calls `f(from, to, is_king)` (bits) for every quiet move of the side to move.
#[inline(always)]
fn for_each_quiet<S: Spec>(pos: &Position, mut f: impl FnMut(u8, u8, bool)) {
    let g = S::RULES.geometry;
    let us = pos.pieces(pos.turn);
    let empty = g.mask() & !pos.occupied();
    let men = us & !pos.kings;
    let kings = us & pos.kings;
    for_each_dir!(dir => {
        let step = g.step(dir);
        if dir.is_forward(pos.turn) {
            for to in men.shift(step) & empty {
                f((to as i8 - step) as u8, to, false);
            }
        }
        for from in kings {
            if S::RULES.flying_kings() {
                // Nearest square first.
                let (mut targets, _) = reach::<S>(from, dir, !empty);
                while let Some(to) = if step > 0 {
                    targets.first()
                } else {
                    targets.last()
                } {
                    targets.clear(to);
                    f(from, to, true);
                }
            } else {
                let to = from as i8 + step;
                if to >= 0 && empty.contains(to as u8) {
                    f(from, to as u8, true);
                }
            }
        }
    });
}

/// What the side to move can capture, seen one jump deep.
struct Captures {
    /// Men able to jump in each direction (indexed like `Dir::DIAGONAL`).
    men: [Bitboard; 4],
    /// Kings able to capture.
    kings: Bitboard,
    /// Squares where a king lands after one capture in each direction.
    king_landings: [Bitboard; 4],
    /// The side's kings and the empty squares they reach in each direction, up to 7 squares
    /// away (flying kings only; [`count_quiet`] extends it).
    king_reach: [Bitboard; 4],
}

impl Captures {
    #[inline(always)]
    fn starters(&self) -> Bitboard {
        self.men[0] | self.men[1] | self.men[2] | self.men[3] | self.kings
    }

    #[inline(always)]
    fn any(&self) -> bool {
        self.starters().any()
    }

    /// The number of moves when [`only_single_jumps`] holds: one per man and direction, one per
    /// king landing square (two kings never share a landing in the same direction, since the
    /// nearer one would block the other).
    #[inline(always)]
    fn single_jump_count(&self) -> usize {
        (0..4)
            .map(|d| (self.men[d].count() + self.king_landings[d].count()) as usize)
            .sum()
    }
}

/// `from` extended by the cells reachable from it along `step` through `empty` cells, up to 7
/// steps away (Kogge–Stone fill, three doublings). That covers every run of empty cells that
/// can lie between a capturing king and its victim, or a victim and the next piece, on 10×10.
#[inline(always)]
fn slide(from: Bitboard, step: i8, empty: Bitboard) -> Bitboard {
    let mut g = from;
    let mut p = empty;
    g |= p & g.shift(step);
    p &= p.shift(step);
    g |= p & g.shift(2 * step);
    p &= p.shift(2 * step);
    g | (p & g.shift(4 * step))
}

/// Finds the capturing pieces with whole-board shifts and fills, per direction.
#[inline(always)]
fn find_captures<S: Spec>(pos: &Position) -> Captures {
    let g = S::RULES.geometry;
    let us = pos.pieces(pos.turn);
    let them = pos.pieces(pos.turn.other());
    let empty = g.mask() & !(us | them);
    let men = us & !pos.kings;
    let kings = us & pos.kings;
    let mut found = Captures {
        men: [Bitboard::EMPTY; 4],
        kings: Bitboard::EMPTY,
        king_landings: [Bitboard::EMPTY; 4],
        king_reach: [Bitboard::EMPTY; 4],
    };
    for_each_dir!(dir => {
        let step = g.step(dir);
        // Enemy pieces with an empty square behind them, seen from this direction.
        let targets = them & empty.shift(-step);
        if S::RULES.men_capture_backward() || dir.is_forward(pos.turn) {
            found.men[dir as usize] = targets.shift(-step) & men;
        }
        if kings.any() {
            if S::RULES.flying_kings() {
                let reach = slide(kings, step, empty);
                found.king_reach[dir as usize] = reach;
                let victims = reach.shift(step) & targets;
                if victims.any() {
                    found.king_landings[dir as usize] = slide(victims.shift(step), step, empty);
                    found.kings |= slide(victims, -step, empty).shift(-step) & kings;
                }
            } else {
                let victims = kings.shift(step) & targets;
                found.king_landings[dir as usize] = victims.shift(step);
                found.kings |= victims.shift(-step);
            }
        }
    });
    found
}

/// Whether every legal move is a single capture (the usual case), decided with whole-board
/// shifts: no landing square offers a further jump. For men this is checked with every jumping
/// man's origin counted as empty (a superset of what any one sequence sees); for kings it is
/// exact as it stands, since a second capture cannot cross the diagonal of the first. Then every
/// jump in `captures` is one legal move, under free choice or the majority rule, and the capture search is
/// not needed.
#[inline(always)]
fn only_single_jumps<S: Spec>(pos: &Position, captures: &Captures) -> bool {
    let g = S::RULES.geometry;
    let them = pos.pieces(pos.turn.other());
    let empty = g.mask() & !pos.occupied();
    let promo = g.promotion_row(pos.turn);
    for_each_dir!(dir => {
        let jumps = captures.men[dir as usize];
        let kings = captures.king_landings[dir as usize];
        if (jumps | kings).is_empty() {
            continue;
        }
        let step = g.step(dir);
        let mut men = jumps.shift(2 * step);
        match S::RULES.capture_promotion {
            // A man crowned on the way captures on as a king: leave that to the search.
            CapturePromotion::Immediately if (men & promo).any() => return false,
            // Crowning ends the move.
            CapturePromotion::EndsMove => men &= !promo,
            _ => {}
        }
        let empty_men = empty | jumps;
        for_each_dir!(next => {
            // Straight back lies the piece just jumped, which cannot be taken twice.
            if next == dir.opposite() {
                continue;
            }
            let s = g.step(next);
            if (S::RULES.men_capture_backward() || next.is_forward(pos.turn))
                && (men & (them & empty_men.shift(-s)).shift(-s)).any()
            {
                return false;
            }
            if kings.any() {
                let from = if S::RULES.flying_kings() && next != dir {
                    slide(kings, s, empty)
                } else {
                    // Going on straight, the landing squares already run up to the next piece.
                    kings
                };
                if (from.shift(s) & them & empty.shift(-s)).any() {
                    return false;
                }
            }
        });
    });
    true
}

/// Two-piece captures by men, found with whole-board shifts (see [`double_jumps`]).
struct DoubleJumps {
    /// `[first][second]`: the squares where a man lands after a jump in direction `first` and
    /// from which it jumps again in direction `second` (indexed like `Dir::DIAGONAL`).
    after_first: [[Bitboard; 4]; 4],
}

impl DoubleJumps {
    #[inline(always)]
    fn count(&self) -> usize {
        self.after_first
            .iter()
            .flatten()
            .map(|b| b.count() as usize)
            .sum()
    }

    /// Calls `f` with each capture.
    #[inline(always)]
    fn for_each<S: Spec>(&self, pos: &Position, mut f: impl FnMut(CaptureKey)) {
        let g = S::RULES.geometry;
        let promo = g.promotion_row(pos.turn);
        for first in Dir::DIAGONAL {
            let s1 = g.step(first);
            for second in Dir::DIAGONAL {
                let s2 = g.step(second);
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
/// legal: see [`capture_kind`]).
///
/// This holds under the majority rule with men capturing backwards and crowned only at the end
/// of the move (International, Brazilian). A man's second and third jumps can then be tested
/// like first ones, an enemy next and an empty square behind, with no need to know the
/// sequence so far: they can neither land on the man's origin nor meet a piece it already took
/// (other than straight back). In steps of (±1, ±1), that would need `s1 + s2 = 0`,
/// `s1 + s2 + s3 = 0` (odd coordinates, impossible), or `s1 + 2·s2 + s3 = 0` (only with
/// `s2 = -s1`). For the same reason two different two-capture sequences never share origin,
/// destination and captured pieces, so each one is a move of its own.
#[inline(always)]
fn double_jumps<S: Spec>(pos: &Position, captures: &Captures) -> Option<DoubleJumps> {
    if !S::RULES.majority_only()
        || S::RULES.capture_promotion != CapturePromotion::AtEndOnly
        || !S::RULES.men_capture_backward()
        || captures.kings.any()
    {
        return None;
    }
    let g = S::RULES.geometry;
    let them = pos.pieces(pos.turn.other());
    let empty = g.mask() & !pos.occupied();
    // Where a man can jump from, per direction: an enemy next to it, an empty square behind.
    let mut jumps = [Bitboard::EMPTY; 4];
    for_each_dir!(dir => {
        let s = g.step(dir);
        jumps[dir as usize] = (them & empty.shift(-s)).shift(-s);
    });
    let mut found = DoubleJumps {
        after_first: [[Bitboard::EMPTY; 4]; 4],
    };
    // Landing squares after two jumps, by the direction of the second.
    let mut after_second = [Bitboard::EMPTY; 4];
    for_each_dir!(first => {
        let landed = captures.men[first as usize].shift(2 * g.step(first));
        if landed.any() {
            for_each_dir!(second => {
                if second != first.opposite() {
                    let going_on = landed & jumps[second as usize];
                    found.after_first[first as usize][second as usize] = going_on;
                    after_second[second as usize] |= going_on.shift(2 * g.step(second));
                }
            });
        }
    });
    let mut third = Bitboard::EMPTY;
    for_each_dir!(second => {
        for_each_dir!(next => {
            if next != second.opposite() {
                third |= after_second[second as usize] & jumps[next as usize];
            }
        });
    });
    third.is_empty().then_some(found)
}

#[inline(always)]
fn gen_quiet<S: Spec>(pos: &Position, out: &mut Vec<Move>) {
    let g = S::RULES.geometry;
    let promo = g.promotion_row(pos.turn);
    for_each_quiet::<S>(pos, |from, to, king| {
        out.push(Move::quiet(
            g.square(from),
            g.square(to),
            !king && promo.contains(to),
        ));
    });
}

#[inline(always)]
fn count_quiet<S: Spec>(pos: &Position, captures: &Captures) -> usize {
    let g = S::RULES.geometry;
    let us = pos.pieces(pos.turn);
    let empty = g.mask() & !pos.occupied();
    let men = us & !pos.kings;
    let kings = us & pos.kings;
    let mut n = 0;
    for_each_dir!(dir => {
        let step = g.step(dir);
        if dir.is_forward(pos.turn) {
            n += (men.shift(step) & empty).count() as usize;
        }
        if kings.any() {
            // Every king's moves in this direction, at once: two kings never reach the same
            // square from the same side.
            n += if S::RULES.flying_kings() {
                // The capture finder slid up to 7 squares; a quiet move goes up to 9.
                let mut reach = captures.king_reach[dir as usize];
                reach |= reach.shift(step) & empty;
                reach |= reach.shift(step) & empty;
                (reach & !kings).count() as usize
            } else {
                (kings.shift(step) & empty).count() as usize
            };
        }
    });
    n
}

/// A capture as far as telling moves apart goes (origin, destination and captured set, in the
/// bit layout), and whether the capturing man is crowned.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CaptureKey {
    pub(super) from: u8,
    pub(super) to: u8,
    pub(super) promotes: bool,
    pub(super) captured: Bitboard,
}

impl CaptureKey {
    #[inline(always)]
    pub(super) fn single(from: u8, victim: u8, to: u8, promotes: bool) -> CaptureKey {
        CaptureKey {
            from,
            to,
            promotes,
            captured: Bitboard::from_bit(victim),
        }
    }
}

/// Where the capture search puts what it finds: whole moves, or only their keys (for perft).
pub(super) trait Found {
    /// Whether the search must keep each sequence's landing and captured squares.
    const PATHS: bool;
    fn clear(&mut self);
    /// Whether a capture with the same origin, destination and captured set is already here.
    fn contains(&self, key: &CaptureKey, g: Geometry) -> bool;
    /// Adds a capture; `path` and `taken` are bits, empty unless [`Found::PATHS`].
    fn add(&mut self, key: CaptureKey, path: &[u8], taken: &[u8], g: Geometry);
}

impl Found for Vec<CaptureKey> {
    const PATHS: bool = false;

    #[inline(always)]
    fn clear(&mut self) {
        Vec::clear(self);
    }

    #[inline(always)]
    fn contains(&self, key: &CaptureKey, _: Geometry) -> bool {
        self.iter()
            .any(|k| (k.from, k.to, k.captured) == (key.from, key.to, key.captured))
    }

    #[inline(always)]
    fn add(&mut self, key: CaptureKey, _: &[u8], _: &[u8], _: Geometry) {
        self.push(key);
    }
}

impl Found for Vec<Move> {
    const PATHS: bool = true;

    fn clear(&mut self) {
        Vec::clear(self);
    }

    fn contains(&self, key: &CaptureKey, g: Geometry) -> bool {
        let (from, to) = (g.square(key.from), g.square(key.to));
        self.iter()
            .any(|m| (m.from(), m.to(), m.captured_bits()) == (from, to, key.captured.0))
    }

    fn add(&mut self, key: CaptureKey, path: &[u8], taken: &[u8], g: Geometry) {
        let mut landings = [Square::from_index(0); MAX_CAPTURES];
        let mut captured = [Square::from_index(0); MAX_CAPTURES];
        for (i, (&land, &victim)) in path.iter().zip(taken).enumerate() {
            landings[i] = g.square(land);
            captured[i] = g.square(victim);
        }
        let n = path.len();
        self.push(Move::capture(
            g.square(key.from),
            &landings[..n],
            &captured[..n],
            key.captured.0,
            key.promotes,
        ));
    }
}

/// Calls `f(capture, victim)` for each capture when [`only_single_jumps`] holds, in the search's
/// order: by origin, then direction, then nearest landing first.
#[inline(always)]
fn for_each_single_jump<S: Spec>(
    pos: &Position,
    captures: &Captures,
    mut f: impl FnMut(CaptureKey, u8),
) {
    let g = S::RULES.geometry;
    let promo = g.promotion_row(pos.turn);
    let occupied = pos.occupied();
    for from in captures.starters() {
        for_each_dir!(dir => {
            let step = g.step(dir);
            if captures.men[dir as usize].contains(from) {
                let victim = (from as i8 + step) as u8;
                let to = (victim as i8 + step) as u8;
                f(CaptureKey::single(from, victim, to, promo.contains(to)), victim);
            } else if captures.kings.contains(from) {
                let victim = if S::RULES.flying_kings() {
                    reach::<S>(from, dir, occupied).1
                } else {
                    Some((from as i8 + step) as u8).filter(|&v| g.mask().contains(v))
                };
                let Some(victim) = victim else { continue };
                let mut to = victim as i8 + step;
                while to >= 0 && captures.king_landings[dir as usize].contains(to as u8) {
                    f(CaptureKey::single(from, victim, to as u8, false), victim);
                    if !S::RULES.flying_kings() {
                        break;
                    }
                    to += step;
                }
            }
        });
    }
}

/// Clears `out` and puts the legal captures of `pos` in it.
fn gen_captures<S: Spec, O: Found>(pos: &Position, captures: &Captures, out: &mut O) {
    if only_single_jumps::<S>(pos, captures) {
        let g = S::RULES.geometry;
        out.clear();
        for_each_single_jump::<S>(pos, captures, |key, victim| {
            out.add(key, &[key.to], &[victim], g)
        });
        return;
    }
    search_captures::<S, O>(pos, captures, out);
}

/// Fills `out` (cleared) with the legal captures of `pos` by searching every sequence.
fn search_captures<S: Spec, O: Found>(pos: &Position, captures: &Captures, out: &mut O) {
    let g = S::RULES.geometry;
    out.clear();
    let mut search = CaptureSearch::<S, O> {
        color: pos.turn,
        enemies: pos.pieces(pos.turn.other()),
        empty: Bitboard::EMPTY,
        occupied: Bitboard::EMPTY,
        promo: g.promotion_row(pos.turn),
        from: 0,
        started_as_king: false,
        path: [0; MAX_CAPTURES],
        taken: [0; MAX_CAPTURES],
        best: 0,
        out,
        spec: PhantomData,
    };
    let base_empty = g.mask() & !pos.occupied();
    for from in captures.starters() {
        let king = pos.kings.contains(from);
        search.from = from;
        search.started_as_king = king;
        search.empty = base_empty | Bitboard::from_bit(from);
        search.occupied = g.mask() & !search.empty;
        if king {
            search.dfs_king(from, Bitboard::EMPTY, false, 0);
        } else {
            search.dfs_man(from, Bitboard::EMPTY, 0);
        }
    }
}

/// State of the depth-first capture search for one position.
struct CaptureSearch<'a, S, O> {
    color: Color,
    enemies: Bitboard,
    /// Empty cells, with the moving piece's origin counted as empty.
    empty: Bitboard,
    /// The other playable cells (captured pieces stay until the move ends).
    occupied: Bitboard,
    promo: Bitboard,
    from: u8,
    started_as_king: bool,
    /// Landing and captured cells of the sequence so far (kept only if `O::PATHS`).
    path: [u8; MAX_CAPTURES],
    taken: [u8; MAX_CAPTURES],
    /// Longest sequence recorded so far (for the majority rule).
    best: usize,
    out: &'a mut O,
    spec: PhantomData<S>,
}

impl<S: Spec, O: Found> CaptureSearch<'_, S, O> {
    /// Extends a sequence of `depth` captures by the man now on `at`.
    fn dfs_man(&mut self, at: u8, captured: Bitboard, depth: usize) {
        let g = S::RULES.geometry;
        let mut extended = false;
        if depth < MAX_CAPTURES {
            // Enemy pieces not yet jumped in this sequence.
            let victims = self.enemies & !captured;
            let here = Bitboard::from_bit(at);
            for_each_dir!(dir => {
                if !(S::RULES.men_capture_backward() || dir.is_forward(self.color)) {
                    continue;
                }
                let step = g.step(dir);
                let victim = here.shift(step) & victims;
                let land = victim.shift(step) & self.empty;
                if land.is_empty() {
                    continue;
                }
                extended = true;
                let (victim, land) = ((at as i8 + step) as u8, (at as i8 + 2 * step) as u8);
                if O::PATHS {
                    self.path[depth] = land;
                    self.taken[depth] = victim;
                }
                let captured = captured | Bitboard::from_bit(victim);
                if self.promo.contains(land) {
                    match S::RULES.capture_promotion {
                        CapturePromotion::AtEndOnly => self.dfs_man(land, captured, depth + 1),
                        CapturePromotion::Immediately => {
                            self.dfs_king(land, captured, true, depth + 1)
                        }
                        CapturePromotion::EndsMove => self.record(land, captured, depth + 1, true),
                    }
                } else {
                    self.dfs_man(land, captured, depth + 1);
                }
            });
        }
        if !extended && depth > 0 {
            self.record(at, captured, depth, false);
        }
    }

    /// Extends a sequence of `depth` captures by the king now on `at` (`crowned` if it was a
    /// man crowned during this capture).
    fn dfs_king(&mut self, at: u8, captured: Bitboard, crowned: bool, depth: usize) {
        let g = S::RULES.geometry;
        let mut extended = false;
        if depth < MAX_CAPTURES {
            // Enemy pieces not yet jumped in this sequence.
            let victims = self.enemies & !captured;
            for_each_dir!(dir => {
                let step = g.step(dir);
                let (victim, landings) = if S::RULES.flying_kings() {
                    let (_, Some(victim)) = reach::<S>(at, dir, self.occupied) else {
                        continue;
                    };
                    (victim, reach::<S>(victim, dir, self.occupied).0)
                } else {
                    let victim = (at as i8 + step) as u8;
                    (victim, Bitboard::from_bit(at).shift(2 * step) & self.empty)
                };
                if !victims.contains(victim) || landings.is_empty() {
                    continue;
                }
                extended = true;
                let captured = captured | Bitboard::from_bit(victim);
                // The landing squares from which the king can take one more piece, all at
                // once. A flying king must land on one of them if there is any (Russian rules;
                // under the majority rule the shorter sequences would be dropped anyway); from
                // the others the sequence ends, recorded without searching further.
                let continuing = if S::RULES.flying_kings() {
                    self.king_landings_going_on(landings, dir, captured)
                } else {
                    landings
                };
                // Nearest landing first, so the path kept for a move reached several ways is
                // the one that stops soonest.
                let mut land = victim as i8 + step;
                while landings.contains(land as u8) {
                    if continuing.is_empty() || continuing.contains(land as u8) {
                        if O::PATHS {
                            self.path[depth] = land as u8;
                            self.taken[depth] = victim;
                        }
                        if continuing.any() {
                            self.dfs_king(land as u8, captured, crowned, depth + 1);
                        } else {
                            self.record(land as u8, captured, depth + 1, crowned);
                        }
                    }
                    land += step;
                }
            });
        }
        if !extended && depth > 0 {
            self.record(at, captured, depth, crowned);
        }
    }

    /// Of `landings` (where a flying king lands after a capture going `dir`), those from which
    /// it can capture one more piece: straight on, over the piece that ends the run of landing
    /// squares (then all of them can), or to either side (a fill along each crossing diagonal).
    /// `captured` pieces are obstacles that cannot be taken again; the piece's origin counts as
    /// empty.
    #[inline(always)]
    fn king_landings_going_on(&self, landings: Bitboard, dir: Dir, captured: Bitboard) -> Bitboard {
        let g = S::RULES.geometry;
        let victims = self.enemies & !captured;
        let step = g.step(dir);
        // Straight on, every landing square sees the piece that ends their run.
        let ahead = landings.shift(step) & victims;
        let mut going_on = if (ahead.shift(step) & self.empty).any() {
            landings
        } else {
            Bitboard::EMPTY
        };
        for_each_dir!(side => {
            if side == dir || side == dir.opposite() {
                continue;
            }
            let s = g.step(side);
            let hits = slide(landings, s, self.empty).shift(s) & victims & self.empty.shift(-s);
            if hits.any() {
                going_on |= slide(hits.shift(-s), -s, self.empty) & landings;
            }
        });
        going_on
    }

    fn record(&mut self, at: u8, captured: Bitboard, len: usize, crowned: bool) {
        if S::RULES.majority_only() {
            if len < self.best {
                return;
            }
            if len > self.best {
                self.out.clear();
                self.best = len;
            }
        }
        let g = S::RULES.geometry;
        let key = CaptureKey {
            from: self.from,
            to: at,
            promotes: crowned
                || (!self.started_as_king
                    && S::RULES.capture_promotion == CapturePromotion::AtEndOnly
                    && self.promo.contains(at)),
            captured,
        };
        // Different paths to the same result are one move: only sequences of two or more
        // captures can differ by path alone.
        if len >= 2 && self.out.contains(&key, g) {
            return;
        }
        let n = if O::PATHS { len } else { 0 };
        self.out.add(key, &self.path[..n], &self.taken[..n], g);
    }
}
