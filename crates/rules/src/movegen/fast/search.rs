//! The depth-first capture search, for the positions whose captures [`super::captures`] cannot
//! tell with shifts alone: every sequence from each capturing piece, keeping those best by the
//! variant's precedence ([`super::spec::Ranking`]), one per origin, destination and captured set.

use super::spec::{back, for_each_dir, fwd, men_capture, reach, slide, step, Spec};
use crate::bitboard::Bitboard;
use crate::mv::{Move, MAX_CAPTURES};
use crate::position::Position;
use crate::square::{Color, Dir, Geometry, Square};
use crate::variant::CapturePromotion;
use std::marker::PhantomData;

/// A capture as far as telling moves apart goes (origin, destination and captured set, in the
/// bit layout), and whether the capturing man is crowned.
#[derive(Clone, Copy, Debug)]
pub(crate) struct CaptureKey {
    pub(crate) from: u8,
    pub(crate) to: u8,
    pub(crate) promotes: bool,
    pub(crate) captured: Bitboard,
}

impl CaptureKey {
    #[inline(always)]
    pub(crate) fn single(from: u8, victim: u8, to: u8, promotes: bool) -> CaptureKey {
        CaptureKey {
            from,
            to,
            promotes,
            captured: Bitboard::from_bit(victim),
        }
    }

    /// The position after `pos`'s side to move made this capture.
    #[inline(always)]
    pub(crate) fn play(&self, pos: &Position) -> Position {
        pos.after_capture(self.from, self.to, self.captured, self.promotes)
    }
}

/// Where the capture search puts what it finds: whole moves, or only their keys (for perft).
pub(crate) trait Found {
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

/// Fills `out` (cleared) with the legal captures of `pos` by searching every sequence of the
/// pieces on `starters`.
pub(crate) fn search_captures<S: Spec, O: Found>(pos: &Position, starters: Bitboard, out: &mut O) {
    let g = S::RULES.geometry;
    out.clear();
    let mut search = CaptureSearch::<S, O> {
        color: pos.turn,
        enemies: pos.pieces(pos.turn.other()),
        kings: pos.kings,
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
    for from in starters {
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
    /// Every king on the board (where a king taken weighs more).
    kings: Bitboard,
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
    /// The best rank recorded so far (see [`CaptureSearch::rank`]).
    best: u32,
    out: &'a mut O,
    spec: PhantomData<S>,
}

impl<S: Spec, O: Found> CaptureSearch<'_, S, O> {
    /// Extends a sequence of `depth` captures by the man now on `at`.
    fn dfs_man(&mut self, at: u8, captured: Bitboard, depth: usize) {
        let mut extended = false;
        if depth < MAX_CAPTURES {
            // Enemy pieces not yet taken in this sequence.
            let victims = self.enemies & !captured;
            let here = Bitboard::from_bit(at);
            for_each_dir!(S::MEN_CAPTURE_DIRS, d => {
                if !men_capture::<S>(d, self.color) {
                    continue;
                }
                let victim = fwd::<S>(here, d) & victims;
                if (fwd::<S>(victim, d) & self.empty).is_empty() {
                    continue;
                }
                extended = true;
                let s = step::<S>(d);
                let (victim, land) = ((at as i8 + s) as u8, (at as i8 + 2 * s) as u8);
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
        let mut extended = false;
        if depth < MAX_CAPTURES {
            // Enemy pieces not yet taken in this sequence.
            let victims = self.enemies & !captured;
            for_each_dir!(S::RULES.king_capture, d => {
                let s = step::<S>(d);
                let (victim, landings) = if S::RULES.flying_kings() {
                    let (_, Some(victim)) = reach::<S>(at, d, self.occupied) else {
                        continue;
                    };
                    if !victims.contains(victim) {
                        continue;
                    }
                    (victim, reach::<S>(victim, d, self.occupied).0)
                } else {
                    let victim = fwd::<S>(Bitboard::from_bit(at), d) & victims;
                    ((at as i8 + s) as u8, fwd::<S>(victim, d) & self.empty)
                };
                if landings.is_empty() {
                    continue;
                }
                extended = true;
                let captured = captured | Bitboard::from_bit(victim);
                // The landing squares from which the king can take one more piece, all at
                // once. A flying king must land on one of them if there is any (FMJD Annex 1,
                // art. 4.5; Russian rules, 4.9); from the others the sequence ends, recorded
                // without searching further.
                let continuing = if S::RULES.flying_kings() {
                    self.landings_going_on(landings, d, captured)
                } else {
                    landings
                };
                // Nearest landing first, as the rules generator goes, so the path kept for a
                // move reached several ways is the one it keeps.
                let mut land = victim as i8 + s;
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
                    land += s;
                }
            });
        }
        if !extended && depth > 0 {
            self.record(at, captured, depth, crowned);
        }
    }

    /// Of `landings` (where a flying king lands after a capture going `dir`), those from which
    /// it can take one more piece: straight on, over the piece that ends the run of landing
    /// squares (then all of them can), or in any other direction but back (a fill along each
    /// crossing line). `captured` pieces are obstacles that cannot be taken again; the piece's
    /// origin counts as empty.
    #[inline(always)]
    fn landings_going_on(&self, landings: Bitboard, dir: Dir, captured: Bitboard) -> Bitboard {
        let victims = self.enemies & !captured;
        let targets_ahead = victims & back::<S>(self.empty, dir);
        let mut going_on = if (fwd::<S>(landings, dir) & targets_ahead).any() {
            landings
        } else {
            Bitboard::EMPTY
        };
        for_each_dir!(S::RULES.king_capture, side => {
            if side == dir || side == dir.opposite() {
                continue;
            }
            let hits = fwd::<S>(slide::<S>(landings, side, self.empty), side)
                & victims
                & back::<S>(self.empty, side);
            if hits.any() {
                let home = side.opposite();
                going_on |= slide::<S>(fwd::<S>(hits, home), home, self.empty) & landings;
            }
        });
        going_on
    }

    /// A complete sequence's standing under precedence (greater is better; `None` under free
    /// choice): the weight of the pieces taken, then whether a king made it.
    #[inline(always)]
    fn rank(&self, captured: Bitboard, len: usize) -> Option<u32> {
        let ranking = S::RANKING;
        if ranking.free_choice() {
            return None;
        }
        let weight = match ranking.weights {
            None => 0,
            // Kings weigh as men: the length of the sequence is the count.
            Some(w) if w.king == w.man => len as u32 * w.man,
            Some(w) => w.of(len as u32, (captured & self.kings).count()),
        };
        Some(if ranking.by_king {
            2 * weight + self.started_as_king as u32
        } else {
            weight
        })
    }

    /// Records a complete sequence if precedence allows it so far: a better rank drops
    /// everything recorded before.
    fn record(&mut self, at: u8, captured: Bitboard, len: usize, crowned: bool) {
        if let Some(rank) = self.rank(captured, len) {
            if rank < self.best {
                return;
            }
            if rank > self.best {
                self.out.clear();
                self.best = rank;
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
