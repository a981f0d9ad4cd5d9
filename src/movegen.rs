//! Legal move generation, driven by the variant's [`Rules`].
//!
//! Captures are compulsory in every variant, so the generator first finds the pieces able to
//! capture (a few shifts); only if there are any does it run the depth-first capture search from
//! them, which follows these rules:
//! - captured pieces stay on the board until the move ends (the "Turkish strike"; FMJD rules,
//!   art. 4 "The capture"): they cannot be jumped twice and block a flying king's path;
//! - the moving piece has left its square, which may be crossed or even landed on again;
//! - with [`CaptureChoice::Majority`] only the longest sequences are legal (FMJD art. 4), otherwise
//!   any sequence that cannot be extended (a started capture must be completed);
//! - promotion during a capture follows [`CapturePromotion`];
//! - sequences with the same origin, destination and captured set are one move (FMJD art. 4 and
//!   the published perft counts).
//!
//! Each function is compiled once per variant ([`Spec`]), so the rule table and the board
//! geometry are constants in the hot loops rather than lookups.

use crate::bitboard::Bitboard;
use crate::mv::{Move, MAX_CAPTURES};
use crate::position::Position;
use crate::square::{Color, Dir, Square};
use crate::variant::{self, CaptureChoice, CapturePromotion, Rules, Variant};
use std::marker::PhantomData;

/// A variant's rules as a compile-time constant.
trait Spec {
    const RULES: Rules;
}

struct International;
struct English;
struct Russian;
struct Brazilian;

impl Spec for International {
    const RULES: Rules = variant::INTERNATIONAL;
}
impl Spec for English {
    const RULES: Rules = variant::ENGLISH;
}
impl Spec for Russian {
    const RULES: Rules = variant::RUSSIAN;
}
impl Spec for Brazilian {
    const RULES: Rules = variant::BRAZILIAN;
}

/// Calls `$f::<Spec of the position's variant>($pos, args...)`.
macro_rules! dispatch {
    ($pos:expr, $f:ident ( $($arg:expr),* )) => {
        match $pos.variant {
            Variant::International => $f::<International>($pos $(, $arg)*),
            Variant::English => $f::<English>($pos $(, $arg)*),
            Variant::Russian => $f::<Russian>($pos $(, $arg)*),
            Variant::Brazilian => $f::<Brazilian>($pos $(, $arg)*),
        }
    };
}

impl Position {
    /// Appends the legal moves of the side to move to `out` (which is cleared first).
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        out.clear();
        let captures = dispatch!(self, find_captures());
        if captures.any() {
            dispatch!(self, gen_captures(&captures, Sink::Moves(out)));
        } else {
            dispatch!(self, gen_quiet(out));
        }
    }

    /// Number of legal moves, without building any move (perft's bulk counting).
    pub(crate) fn count_moves(&self, scratch: &mut Vec<CaptureKey>) -> usize {
        dispatch!(self, count_moves(scratch))
    }

    /// Whether the side to move has a capture (and so must capture).
    pub fn has_capture(&self) -> bool {
        dispatch!(self, find_captures()).any()
    }

    /// Calls `f` with the position after each legal move without building [`Move`]s (perft's
    /// inner loop), when that is cheap: all quiet moves, or all single captures by men. Returns
    /// false, having called nothing, when the capture search is needed.
    pub(crate) fn for_each_child_fast(&self, f: &mut dyn FnMut(&Position)) -> bool {
        dispatch!(self, for_each_child_fast(f))
    }
}

#[inline(always)]
fn count_moves<S: Spec>(pos: &Position, scratch: &mut Vec<CaptureKey>) -> usize {
    let captures = find_captures::<S>(pos);
    if !captures.any() {
        return count_quiet::<S>(pos);
    }
    if only_single_jumps::<S>(pos, &captures) {
        return captures.single_jump_count();
    }
    scratch.clear();
    gen_captures::<S>(pos, &captures, Sink::Keys(scratch));
    scratch.len()
}

#[inline(always)]
fn for_each_child_fast<S: Spec>(pos: &Position, f: &mut dyn FnMut(&Position)) -> bool {
    let captures = find_captures::<S>(pos);
    let g = S::RULES.geometry;
    let promo = g.promotion_row(pos.turn);
    let child = pos.with_turn(pos.turn.other());
    if captures.any() {
        if !only_single_jumps::<S>(pos, &captures) {
            return false;
        }
        let occupied = pos.occupied();
        for (dir, landings) in Dir::ALL.into_iter().zip(captures.king_landings) {
            for to in landings {
                // Looking back from the landing square: the piece jumped, then the king.
                let back = dir.opposite();
                let victim = reach::<S>(to, back, occupied).1.expect("a jumped piece");
                let from = reach::<S>(victim, back, occupied)
                    .1
                    .expect("the capturing king");
                let moved = Bitboard::from_bit(from) | Bitboard::from_bit(to);
                let victim = Bitboard::from_bit(victim);
                let mut next = child;
                match pos.turn {
                    Color::White => {
                        next.white ^= moved;
                        next.black ^= victim;
                    }
                    Color::Black => {
                        next.black ^= moved;
                        next.white ^= victim;
                    }
                }
                next.kings = (next.kings ^ moved) & !victim;
                f(&next);
            }
        }
        for (dir, jumps) in Dir::ALL.into_iter().zip(captures.men) {
            let step = g.step(dir);
            for from in jumps {
                let victim = Bitboard::from_bit((from as i8 + step) as u8);
                let to = (from as i8 + 2 * step) as u8;
                let moved = Bitboard::from_bit(from) | Bitboard::from_bit(to);
                let mut next = child;
                match pos.turn {
                    Color::White => {
                        next.white ^= moved;
                        next.black ^= victim;
                    }
                    Color::Black => {
                        next.black ^= moved;
                        next.white ^= victim;
                    }
                }
                next.kings &= !victim;
                if promo.contains(to) {
                    next.kings.set(to);
                }
                f(&next);
            }
        }
        return true;
    }
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
    true
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
            if S::RULES.flying_kings {
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
    /// Men able to jump in each direction (indexed like `Dir::ALL`).
    men: [Bitboard; 4],
    /// Kings able to capture.
    kings: Bitboard,
    /// Squares where a king lands after one capture in each direction.
    king_landings: [Bitboard; 4],
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

/// [`slide`] without the limit: a king's quiet move on 10×10 can cover 9 squares.
#[inline(always)]
fn slide_far(from: Bitboard, step: i8, empty: Bitboard) -> Bitboard {
    let mut g = from;
    let mut p = empty;
    g |= p & g.shift(step);
    p &= p.shift(step);
    g |= p & g.shift(2 * step);
    p &= p.shift(2 * step);
    g |= p & g.shift(4 * step);
    p &= p.shift(4 * step);
    g | (p & g.shift(8 * step))
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
    };
    for_each_dir!(dir => {
        let step = g.step(dir);
        // Enemy pieces with an empty square behind them, seen from this direction.
        let targets = them & empty.shift(-step);
        if S::RULES.men_capture_backward || dir.is_forward(pos.turn) {
            found.men[dir as usize] = targets.shift(-step) & men;
        }
        if kings.any() {
            if S::RULES.flying_kings {
                let victims = slide(kings, step, empty).shift(step) & targets;
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
/// jump in `captures` is one legal move, under any [`CaptureChoice`], and the capture search is
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
            if (S::RULES.men_capture_backward || next.is_forward(pos.turn))
                && (men & (them & empty_men.shift(-s)).shift(-s)).any()
            {
                return false;
            }
            if kings.any() {
                let from = if S::RULES.flying_kings && next != dir {
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
fn count_quiet<S: Spec>(pos: &Position) -> usize {
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
            n += if S::RULES.flying_kings {
                (slide_far(kings, step, empty) & !kings).count() as usize
            } else {
                (kings.shift(step) & empty).count() as usize
            };
        }
    });
    n
}

/// What a capture sequence is, as far as telling moves apart goes: origin, destination and
/// captured set (in the bit layout).
pub(crate) type CaptureKey = (Square, Square, u64);

/// Where the capture search puts what it finds: whole moves, or only their keys when counting.
enum Sink<'a> {
    Moves(&'a mut Vec<Move>),
    Keys(&'a mut Vec<CaptureKey>),
}

impl Sink<'_> {
    fn clear(&mut self) {
        match self {
            Sink::Moves(v) => v.clear(),
            Sink::Keys(v) => v.clear(),
        }
    }

    fn contains(&self, key: CaptureKey) -> bool {
        match self {
            Sink::Moves(v) => v
                .iter()
                .any(|m| (m.from(), m.to(), m.captured_bits()) == key),
            Sink::Keys(v) => v.contains(&key),
        }
    }
}

fn gen_captures<S: Spec>(pos: &Position, captures: &Captures, mut out: Sink<'_>) {
    let g = S::RULES.geometry;
    if only_single_jumps::<S>(pos, captures) {
        // In the search's order: by origin, then direction, then nearest landing first.
        let promo = g.promotion_row(pos.turn);
        let occupied = pos.occupied();
        let mut emit = |from: u8, victim: u8, to: u8, promotes: bool| {
            let (from_sq, to_sq) = (g.square(from), g.square(to));
            let captured = Bitboard::from_bit(victim).0;
            match &mut out {
                Sink::Keys(keys) => keys.push((from_sq, to_sq, captured)),
                Sink::Moves(moves) => moves.push(Move::capture(
                    from_sq,
                    &[to_sq],
                    &[g.square(victim)],
                    captured,
                    promotes,
                )),
            }
        };
        for from in captures.starters() {
            for dir in Dir::ALL {
                let step = g.step(dir);
                if captures.men[dir as usize].contains(from) {
                    let victim = (from as i8 + step) as u8;
                    let to = (victim as i8 + step) as u8;
                    emit(from, victim, to, promo.contains(to));
                } else if captures.kings.contains(from) {
                    let victim = if S::RULES.flying_kings {
                        reach::<S>(from, dir, occupied).1
                    } else {
                        Some((from as i8 + step) as u8).filter(|&v| g.mask().contains(v))
                    };
                    let Some(victim) = victim else { continue };
                    let mut to = victim as i8 + step;
                    while to >= 0 && captures.king_landings[dir as usize].contains(to as u8) {
                        emit(from, victim, to as u8, false);
                        if !S::RULES.flying_kings {
                            break;
                        }
                        to += step;
                    }
                }
            }
        }
        return;
    }
    let mut search = CaptureSearch::<S> {
        color: pos.turn,
        enemies: pos.pieces(pos.turn.other()),
        empty: Bitboard::EMPTY,
        occupied: Bitboard::EMPTY,
        promo: g.promotion_row(pos.turn),
        from: Square::from_index(0),
        started_as_king: false,
        path: [Square::from_index(0); MAX_CAPTURES],
        taken: [Square::from_index(0); MAX_CAPTURES],
        best: 0,
        out,
        spec: PhantomData,
    };
    let base_empty = g.mask() & !pos.occupied();
    for from in captures.starters() {
        let king = pos.kings.contains(from);
        search.from = g.square(from);
        search.started_as_king = king;
        search.empty = base_empty | Bitboard::from_bit(from);
        search.occupied = g.mask() & !search.empty;
        search.dfs(from, Bitboard::EMPTY, king, false, 0);
    }
}

/// State of the depth-first capture search for one position.
struct CaptureSearch<'a, S> {
    color: Color,
    enemies: Bitboard,
    /// Empty cells, with the moving piece's origin counted as empty.
    empty: Bitboard,
    /// The other playable cells (captured pieces stay until the move ends).
    occupied: Bitboard,
    promo: Bitboard,
    from: Square,
    started_as_king: bool,
    path: [Square; MAX_CAPTURES],
    taken: [Square; MAX_CAPTURES],
    /// Longest sequence recorded so far (for the majority rule).
    best: usize,
    out: Sink<'a>,
    spec: PhantomData<S>,
}

impl<S: Spec> CaptureSearch<'_, S> {
    /// The enemy piece a piece on `at` would jump in direction `step`, if it may: adjacent for
    /// men and short kings, the first piece down the diagonal for flying kings.
    #[inline(always)]
    fn victim(&self, at: u8, dir: Dir, king: bool, captured: Bitboard) -> Option<u8> {
        let victim = if king && S::RULES.flying_kings {
            reach::<S>(at, dir, self.occupied).1?
        } else {
            let v = at as i8 + S::RULES.geometry.step(dir);
            if v < 0 {
                return None;
            }
            v as u8
        };
        (self.enemies.contains(victim) && !captured.contains(victim)).then_some(victim)
    }

    #[inline(always)]
    fn may_capture_towards(&self, dir: Dir, king: bool) -> bool {
        king || S::RULES.men_capture_backward || dir.is_forward(self.color)
    }

    /// Extends a sequence of `depth` captures with the piece now on `at`.
    fn dfs(&mut self, at: u8, captured: Bitboard, king: bool, crowned: bool, depth: usize) {
        let g = S::RULES.geometry;
        let mut extended = false;
        if depth < MAX_CAPTURES {
            for dir in Dir::ALL {
                if !self.may_capture_towards(dir, king) {
                    continue;
                }
                let step = g.step(dir);
                let Some(victim) = self.victim(at, dir, king, captured) else {
                    continue;
                };
                let captured = captured | Bitboard::from_bit(victim);
                if king && S::RULES.flying_kings {
                    // A flying king must land where it can go on capturing, if there is such a
                    // square (Russian rules; under the majority rule this follows anyway).
                    let (landings, _) = reach::<S>(victim, dir, self.occupied);
                    let mut continuing = Bitboard::EMPTY;
                    for land in landings {
                        if self.can_capture_from(land, captured) {
                            continuing.set(land);
                        }
                    }
                    let chosen = if continuing.any() {
                        continuing
                    } else {
                        landings
                    };
                    // Nearest landing first, so the path kept for a move reached several ways
                    // is the one that stops soonest.
                    let mut land = victim as i8 + step;
                    while landings.contains(land as u8) {
                        if chosen.contains(land as u8) {
                            extended = true;
                            self.land(land as u8, victim, captured, king, crowned, depth);
                        }
                        land += step;
                    }
                } else {
                    let land = victim as i8 + step;
                    if land >= 0 && self.empty.contains(land as u8) {
                        extended = true;
                        self.land(land as u8, victim, captured, king, crowned, depth);
                    }
                }
            }
        }
        if !extended && depth > 0 {
            self.record(at, captured, depth, crowned);
        }
    }

    /// Whether a king standing on `at` could capture one more piece.
    fn can_capture_from(&self, at: u8, captured: Bitboard) -> bool {
        let g = S::RULES.geometry;
        Dir::ALL.into_iter().any(|dir| {
            self.victim(at, dir, true, captured)
                .is_some_and(|v| self.empty.contains((v as i8 + g.step(dir)) as u8))
        })
    }

    fn land(
        &mut self,
        land: u8,
        victim: u8,
        captured: Bitboard,
        king: bool,
        crowned: bool,
        depth: usize,
    ) {
        let g = S::RULES.geometry;
        self.path[depth] = g.square(land);
        self.taken[depth] = g.square(victim);
        if !king && self.promo.contains(land) {
            match S::RULES.capture_promotion {
                CapturePromotion::AtEndOnly => self.dfs(land, captured, false, false, depth + 1),
                CapturePromotion::Immediately => self.dfs(land, captured, true, true, depth + 1),
                CapturePromotion::EndsMove => self.record(land, captured, depth + 1, true),
            }
        } else {
            self.dfs(land, captured, king, crowned, depth + 1);
        }
    }

    fn record(&mut self, at: u8, captured: Bitboard, len: usize, crowned: bool) {
        if S::RULES.capture_choice == CaptureChoice::Majority {
            if len < self.best {
                return;
            }
            if len > self.best {
                self.out.clear();
                self.best = len;
            }
        }
        // Different paths to the same result are one move: only sequences of two or more
        // captures can differ by path alone.
        let key = (self.from, S::RULES.geometry.square(at), captured.0);
        if len >= 2 && self.out.contains(key) {
            return;
        }
        let promotes = crowned
            || (!self.started_as_king
                && S::RULES.capture_promotion == CapturePromotion::AtEndOnly
                && self.promo.contains(at));
        match &mut self.out {
            Sink::Keys(keys) => keys.push(key),
            Sink::Moves(moves) => moves.push(Move::capture(
                self.from,
                &self.path[..len],
                &self.taken[..len],
                captured.0,
                promotes,
            )),
        }
    }
}
