//! Material signatures and the perfect-hash index of the positions of one signature.
//!
//! Every table holds positions with White to move: a position with Black to move is looked up
//! as its mirror image ([`Position::mirrored`]: colours swapped, board turned half a turn), which
//! the rules of every variant treat alike. So "white" below is always the side to move.
//!
//! A position's index is built from four combinations, each ranked by the combinatorial number
//! system (a k-subset `r0 < r1 < … < r(k-1)` of `0..n` has rank `Σ C(rj, j + 1)`): the white men
//! among the squares a white man may stand on (all but White's promotion row), the black men
//! likewise, then the white kings among the squares the men leave free, and the black kings
//! among those left after that. Men of both colours are ranked independently, so an index may
//! put a white and a black man on one square: such slots hold no position (about 2% of a table
//! with two men a side on 10×10; they are stored as draws and never probed).

use draughts_rules::bitboard::Bitboard;
use draughts_rules::position::Position;
use draughts_rules::square::{Color, Geometry, Square};
use draughts_rules::variant::Variant;
use std::fmt;

/// The most pieces a signature may hold (tables beyond it would not fit in memory anyway).
pub const MAX_PIECES: u8 = 8;

/// Binomial coefficients `C(n, k)` for `n ≤ 64`, `k ≤ MAX_PIECES`.
const fn binomials() -> [[u64; MAX_PIECES as usize + 1]; 65] {
    let mut c = [[0u64; MAX_PIECES as usize + 1]; 65];
    let mut n = 0;
    while n <= 64 {
        c[n][0] = 1;
        let mut k = 1;
        while k <= MAX_PIECES as usize {
            c[n][k] = if n == 0 {
                0
            } else {
                c[n - 1][k - 1] + c[n - 1][k]
            };
            k += 1;
        }
        n += 1;
    }
    c
}

static BINOMIAL: [[u64; MAX_PIECES as usize + 1]; 65] = binomials();

/// `C(n, k)`.
#[inline]
pub fn binomial(n: u32, k: u32) -> u64 {
    if k > MAX_PIECES as u32 || n > 64 {
        return 0;
    }
    BINOMIAL[n as usize][k as usize]
}

/// The material of a table: men and kings of the side to move ("white") and of the other side.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Signature {
    pub white_men: u8,
    pub white_kings: u8,
    pub black_men: u8,
    pub black_kings: u8,
}

impl Signature {
    pub const fn new(white_men: u8, white_kings: u8, black_men: u8, black_kings: u8) -> Self {
        Signature {
            white_men,
            white_kings,
            black_men,
            black_kings,
        }
    }

    /// The signature of a position, from the side to move's view.
    pub fn of(pos: &Position) -> Signature {
        let us = pos.counts(pos.turn());
        let them = pos.counts(pos.turn().other());
        Signature::new(us.men, us.kings, them.men, them.kings)
    }

    pub const fn pieces(self) -> u8 {
        self.white_men + self.white_kings + self.black_men + self.black_kings
    }

    pub const fn men(self) -> u8 {
        self.white_men + self.black_men
    }

    pub const fn is_kings_only(self) -> bool {
        self.men() == 0
    }

    /// The same material with the other side to move.
    pub const fn swapped(self) -> Signature {
        Signature::new(
            self.black_men,
            self.black_kings,
            self.white_men,
            self.white_kings,
        )
    }

    /// Every signature of `1..=pieces` pieces with at least one piece a side, in the order they
    /// can be solved: fewer pieces first (captures lead there), then fewer men (promotions
    /// lead there). A signature and its swap are neighbours, since each leads to the other.
    pub fn all_up_to(pieces: u8) -> Vec<Signature> {
        let mut out = Vec::new();
        for n in 2..=pieces.min(MAX_PIECES) {
            for wm in 0..=n {
                for wk in 0..=n - wm {
                    for bm in 0..=n - wm - wk {
                        let bk = n - wm - wk - bm;
                        let s = Signature::new(wm, wk, bm, bk);
                        if wm + wk > 0 && bm + bk > 0 {
                            out.push(s);
                        }
                    }
                }
            }
        }
        out.sort_by_key(|s| (s.pieces(), s.men(), s.pair_key()));
        out
    }

    /// The same key for a signature and its swap.
    pub fn pair_key(self) -> (Signature, Signature) {
        let (a, b) = (self, self.swapped());
        if a <= b {
            (a, b)
        } else {
            (b, a)
        }
    }

    /// The name used in file names and the CLI: men and kings of the side to move, then of the
    /// other side (`1m2k-0m1k`).
    pub fn name(self) -> String {
        format!(
            "{}m{}k-{}m{}k",
            self.white_men, self.white_kings, self.black_men, self.black_kings
        )
    }

    /// Reads [`Signature::name`]'s form.
    pub fn parse(text: &str) -> Option<Signature> {
        let (a, b) = text.split_once('-')?;
        let side = |s: &str| -> Option<(u8, u8)> {
            let (m, k) = s.strip_suffix('k')?.split_once('m')?;
            Some((m.parse().ok()?, k.parse().ok()?))
        };
        let (wm, wk) = side(a)?;
        let (bm, bk) = side(b)?;
        let s = Signature::new(wm, wk, bm, bk);
        (s.pieces() <= MAX_PIECES).then_some(s)
    }
}

impl fmt::Display for Signature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

/// A map from signatures to values, a plain array (looked up once per move out of a table
/// while solving, and once per probe while searching: no hashing).
#[derive(Clone, Debug)]
pub struct SigMap<T> {
    slots: Vec<Option<T>>,
}

impl<T> Default for SigMap<T> {
    fn default() -> Self {
        SigMap {
            slots: (0..SigMap::<T>::SIZE).map(|_| None).collect(),
        }
    }
}

impl<T> SigMap<T> {
    const SIDE: usize = MAX_PIECES as usize + 1;
    const SIZE: usize = Self::SIDE * Self::SIDE * Self::SIDE * Self::SIDE;

    fn at(sig: Signature) -> usize {
        let s = Self::SIDE;
        ((sig.white_men as usize * s + sig.white_kings as usize) * s + sig.black_men as usize) * s
            + sig.black_kings as usize
    }

    #[inline]
    pub fn get(&self, sig: &Signature) -> Option<&T> {
        self.slots.get(Self::at(*sig))?.as_ref()
    }

    #[inline]
    pub fn get_mut(&mut self, sig: &Signature) -> Option<&mut T> {
        self.slots.get_mut(Self::at(*sig))?.as_mut()
    }

    pub fn contains_key(&self, sig: &Signature) -> bool {
        self.get(sig).is_some()
    }

    pub fn insert(&mut self, sig: Signature, value: T) {
        self.slots[Self::at(sig)] = Some(value);
    }

    pub fn remove(&mut self, sig: Signature) {
        self.slots[Self::at(sig)] = None;
    }

    pub fn len(&self) -> usize {
        self.slots.iter().filter(|s| s.is_some()).count()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Indexes the positions of one signature of one variant.
#[derive(Clone, Debug)]
pub struct Indexer {
    pub variant: Variant,
    pub sig: Signature,
    geometry: Geometry,
    squares: u32,
    /// Squares (zero-based indices) a white man may stand on, and each square's rank among
    /// them (`u8::MAX`: none); the same for black men.
    white_man_squares: Vec<u8>,
    white_man_rank: [u8; 64],
    black_man_squares: Vec<u8>,
    black_man_rank: [u8; 64],
    /// Sizes of the four combinations, least significant last.
    sizes: [u64; 4],
    len: u64,
}

impl Indexer {
    pub fn new(variant: Variant, sig: Signature) -> Indexer {
        let g = variant.geometry();
        let squares = g.squares() as u32;
        let mut white_man_squares = Vec::new();
        let mut black_man_squares = Vec::new();
        let mut white_man_rank = [u8::MAX; 64];
        let mut black_man_rank = [u8::MAX; 64];
        for sq in g.all_squares() {
            let bit = g.bit(sq);
            if !g.promotion_row(Color::White).contains(bit) {
                white_man_rank[sq.index() as usize] = white_man_squares.len() as u8;
                white_man_squares.push(sq.index());
            }
            if !g.promotion_row(Color::Black).contains(bit) {
                black_man_rank[sq.index() as usize] = black_man_squares.len() as u8;
                black_man_squares.push(sq.index());
            }
        }
        let men = sig.men() as u32;
        let sizes = [
            binomial(white_man_squares.len() as u32, sig.white_men as u32),
            binomial(black_man_squares.len() as u32, sig.black_men as u32),
            binomial(squares - men, sig.white_kings as u32),
            binomial(
                squares - men - sig.white_kings as u32,
                sig.black_kings as u32,
            ),
        ];
        Indexer {
            variant,
            sig,
            geometry: g,
            squares,
            white_man_squares,
            white_man_rank,
            black_man_squares,
            black_man_rank,
            sizes,
            len: sizes.iter().product(),
        }
    }

    /// The number of slots (positions, plus the few that put two men on one square).
    pub fn len(&self) -> u64 {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The number of slots that hold a position (no two men on one square), counted without
    /// visiting them: the white men split between the squares both colours' men may use and
    /// White's own back row, the black men among what is left to them.
    pub fn positions(&self) -> u64 {
        let n = |v: &Vec<u8>| v.len() as u32;
        let both = self
            .white_man_squares
            .iter()
            .filter(|&&s| self.black_man_rank[s as usize] != u8::MAX)
            .count() as u32;
        let white_only = n(&self.white_man_squares) - both;
        let black_all = n(&self.black_man_squares);
        let (wm, bm) = (self.sig.white_men as u32, self.sig.black_men as u32);
        let men: u64 = (0..=wm.min(both))
            .map(|i| binomial(both, i) * binomial(white_only, wm - i) * binomial(black_all - i, bm))
            .sum();
        men * self.sizes[2] * self.sizes[3]
    }

    /// The index of a position with White to move and this signature.
    pub fn index(&self, pos: &Position) -> u64 {
        debug_assert_eq!(pos.turn(), Color::White);
        debug_assert_eq!(Signature::of(pos), self.sig);
        let g = self.geometry;
        let kings = pos.kings();
        let squares_of = |b: Bitboard| b.map(move |bit| g.square(bit).index());
        let white_men = rank_subset(
            squares_of(pos.pieces(Color::White) & !kings)
                .map(|s| self.white_man_rank[s as usize] as u32),
        );
        let black_men = rank_subset(
            squares_of(pos.pieces(Color::Black) & !kings)
                .map(|s| self.black_man_rank[s as usize] as u32),
        );
        // Kings are ranked among the squares the men (then the white kings) leave free.
        let mut taken = 0u64;
        for s in squares_of(pos.occupied() & !kings) {
            taken |= 1 << s;
        }
        let free_rank = |s: u8, taken: u64| s as u32 - (taken & ((1u64 << s) - 1)).count_ones();
        let white_kings =
            rank_subset(squares_of(pos.pieces(Color::White) & kings).map(|s| free_rank(s, taken)));
        for s in squares_of(pos.pieces(Color::White) & kings) {
            taken |= 1 << s;
        }
        let black_kings =
            rank_subset(squares_of(pos.pieces(Color::Black) & kings).map(|s| free_rank(s, taken)));
        ((white_men * self.sizes[1] + black_men) * self.sizes[2] + white_kings) * self.sizes[3]
            + black_kings
    }

    /// The position at `index` (White to move), or `None` for a slot that puts two men on one
    /// square.
    pub fn position(&self, index: u64) -> Option<Position> {
        debug_assert!(index < self.len);
        let black_kings = index % self.sizes[3];
        let rest = index / self.sizes[3];
        let white_kings = rest % self.sizes[2];
        let rest = rest / self.sizes[2];
        let black_men = rest % self.sizes[1];
        let white_men = rest / self.sizes[1];
        let g = self.geometry;
        let bit = |s: u8| g.bit(Square::from_index(s));
        let (mut white, mut black, mut kings) = (Bitboard::EMPTY, Bitboard::EMPTY, Bitboard::EMPTY);
        let mut taken = 0u64;
        let mut ranks = [0u32; MAX_PIECES as usize];
        let n = unrank_subset(white_men, self.sig.white_men as u32, &mut ranks);
        for &r in &ranks[..n] {
            let s = self.white_man_squares[r as usize];
            taken |= 1 << s;
            white.set(bit(s));
        }
        let n = unrank_subset(black_men, self.sig.black_men as u32, &mut ranks);
        for &r in &ranks[..n] {
            let s = self.black_man_squares[r as usize];
            if taken & (1 << s) != 0 {
                return None;
            }
            taken |= 1 << s;
            black.set(bit(s));
        }
        let n = unrank_subset(white_kings, self.sig.white_kings as u32, &mut ranks);
        let mut placed = 0u64;
        nth_free(taken, &ranks[..n], self.squares, |s| {
            placed |= 1 << s;
            white.set(bit(s));
            kings.set(bit(s));
        });
        taken |= placed;
        let n = unrank_subset(black_kings, self.sig.black_kings as u32, &mut ranks);
        nth_free(taken, &ranks[..n], self.squares, |s| {
            black.set(bit(s));
            kings.set(bit(s));
        });
        Some(Position::from_bitboards(
            self.variant,
            white,
            black,
            kings,
            Color::White,
        ))
    }
}

/// The rank of a set of distinct values among the subsets of its size. (Bits do not follow
/// square numbers on every board, so the values are sorted here.)
#[inline]
fn rank_subset(values: impl Iterator<Item = u32>) -> u64 {
    let mut v = [0u32; MAX_PIECES as usize];
    let mut n = 0;
    for r in values {
        v[n] = r;
        n += 1;
    }
    v[..n].sort_unstable();
    v[..n]
        .iter()
        .enumerate()
        .map(|(j, &r)| binomial(r, j as u32 + 1))
        .sum()
}

/// The `k` values of the subset of rank `rank`, in increasing order, into `out`; returns `k`.
#[inline]
fn unrank_subset(mut rank: u64, k: u32, out: &mut [u32; MAX_PIECES as usize]) -> usize {
    let mut top = 64u32;
    for j in (1..=k).rev() {
        // The largest r below `top` with C(r, j) ≤ rank, by bisection (C(r, j) grows with r).
        let (mut lo, mut hi) = (j - 1, top - 1);
        while lo < hi {
            let mid = (lo + hi).div_ceil(2);
            if binomial(mid, j) <= rank {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        rank -= binomial(lo, j);
        out[j as usize - 1] = lo;
        top = lo;
    }
    k as usize
}

/// The square indices of the free squares (not in `taken`) of the given increasing ranks among
/// them, in one walk over the board.
#[inline]
fn nth_free(taken: u64, ranks: &[u32], squares: u32, mut f: impl FnMut(u8)) {
    let mut want = ranks.iter().copied().peekable();
    let mut free = 0u32;
    for s in 0..squares {
        let Some(&r) = want.peek() else {
            return;
        };
        if taken & (1 << s) == 0 {
            if free == r {
                f(s as u8);
                want.next();
            }
            free += 1;
        }
    }
}

/// A position with White to move: itself, or its mirror image.
#[inline]
pub fn normalized(pos: &Position) -> Position {
    match pos.turn() {
        Color::White => *pos,
        Color::Black => pos.mirrored(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_slot_round_trips() {
        for variant in [Variant::International, Variant::English, Variant::Turkish] {
            for sig in Signature::all_up_to(3) {
                let ix = Indexer::new(variant, sig);
                let mut positions = 0;
                for i in 0..ix.len() {
                    if let Some(pos) = ix.position(i) {
                        assert_eq!(Signature::of(&pos), sig);
                        assert_eq!(ix.index(&pos), i, "{variant} {sig} {pos:?}");
                        positions += 1;
                    }
                }
                assert!(positions > 0);
                assert_eq!(ix.positions(), positions, "{variant} {sig}");
            }
        }
    }

    #[test]
    fn signatures_come_in_solving_order() {
        let all = Signature::all_up_to(4);
        // n pieces split four ways, C(n + 3, 3), less the n + 1 splits that leave a side bare, twice.
        assert_eq!(all.len(), (10 - 6) + (20 - 8) + (35 - 10));
        for w in all.windows(2) {
            assert!((w[0].pieces(), w[0].men()) <= (w[1].pieces(), w[1].men()));
        }
        assert_eq!(
            Signature::parse("1m2k-0m1k"),
            Some(Signature::new(1, 2, 0, 1))
        );
        assert_eq!(Signature::new(1, 2, 0, 1).name(), "1m2k-0m1k");
    }
}
