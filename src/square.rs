//! The vocabulary of the board: colours, squares and the board geometry.
//!
//! Outside the engine a square is its official field number (1–50 on 10×10, 1–32 on 8×8),
//! counted from the top-left as White sees the board: row 1 holds the squares on columns
//! b, d, f, …; row 2 those on a, c, e, …. The same pattern covers International (1 = b10,
//! 46 = a1), English (Black on 1–12) and the lidraughts numbering of Russian and Brazilian
//! (1 = b8, 4 = h8, 5 = a7, 29 = a1, 32 = g1).

use crate::bitboard::Bitboard;
use std::fmt;

/// A side. White always plays "up" the board, towards square 1.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    White,
    Black,
}

impl Color {
    pub const ALL: [Color; 2] = [Color::White, Color::Black];

    #[inline]
    pub const fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// The FEN letter, `W` or `B`.
    pub const fn char(self) -> char {
        match self {
            Color::White => 'W',
            Color::Black => 'B',
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Color::White => "White",
            Color::Black => "Black",
        })
    }
}

/// One value per side, so code says `counts.white` rather than `counts[0]`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, serde::Serialize)]
pub struct ByColor<T> {
    pub white: T,
    pub black: T,
}

impl<T> ByColor<T> {
    #[inline]
    pub fn get(&self, color: Color) -> &T {
        match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        }
    }

    #[inline]
    pub fn get_mut(&mut self, color: Color) -> &mut T {
        match color {
            Color::White => &mut self.white,
            Color::Black => &mut self.black,
        }
    }
}

/// A playable square, stored zero-based; [`Square::number`] is the official field number.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Square(u8);

impl Square {
    /// The square with official number `n` (1-based). Whether it exists depends on the board.
    #[inline]
    pub const fn from_number(n: u8) -> Square {
        Square(n - 1)
    }

    #[inline]
    pub const fn from_index(i: u8) -> Square {
        Square(i)
    }

    /// Official field number, 1-based.
    #[inline]
    pub const fn number(self) -> u8 {
        self.0 + 1
    }

    /// Zero-based index.
    #[inline]
    pub const fn index(self) -> u8 {
        self.0
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

/// A diagonal direction in the padded bit layout.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Dir {
    UpLeft,
    UpRight,
    DownLeft,
    DownRight,
}

impl Dir {
    pub const ALL: [Dir; 4] = [Dir::UpLeft, Dir::UpRight, Dir::DownLeft, Dir::DownRight];

    /// The reverse direction.
    #[inline]
    pub const fn opposite(self) -> Dir {
        match self {
            Dir::UpLeft => Dir::DownRight,
            Dir::UpRight => Dir::DownLeft,
            Dir::DownLeft => Dir::UpRight,
            Dir::DownRight => Dir::UpLeft,
        }
    }

    /// Whether this direction is forward for `color` (White moves up).
    #[inline]
    pub const fn is_forward(self, color: Color) -> bool {
        matches!(
            (self, color),
            (Dir::UpLeft | Dir::UpRight, Color::White)
                | (Dir::DownLeft | Dir::DownRight, Color::Black)
        )
    }
}

/// Board geometry: an `n`×`n` board with `n / 2` playable squares per row.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Geometry {
    size: u8,
}

impl Geometry {
    pub const EIGHT: Geometry = Geometry { size: 8 };
    pub const TEN: Geometry = Geometry { size: 10 };

    /// Width and height in cells (8 or 10).
    #[inline]
    pub const fn size(self) -> u8 {
        self.size
    }

    #[inline]
    const fn per_row(self) -> u8 {
        self.size / 2
    }

    /// Number of playable squares (32 or 50).
    #[inline]
    pub const fn squares(self) -> u8 {
        self.size * self.size / 2
    }

    /// Every playable square, in field-number order.
    pub fn all_squares(self) -> impl Iterator<Item = Square> {
        (0..self.squares()).map(Square)
    }

    /// Whether `n` is a field number on this board.
    #[inline]
    pub const fn has_number(self, n: u32) -> bool {
        n >= 1 && n <= self.squares() as u32
    }

    /// Index into the per-geometry tables below.
    #[inline]
    const fn table(self) -> usize {
        (self.size == 10) as usize
    }

    /// The bit of a square in the padded layout.
    #[inline]
    pub const fn bit(self, sq: Square) -> u8 {
        TABLES[self.table()].bit_of[sq.0 as usize & 63]
    }

    /// The square of a (valid, non-ghost) bit.
    #[inline]
    pub const fn square(self, bit: u8) -> Square {
        Square(TABLES[self.table()].square_of[bit as usize & 63])
    }

    /// All playable cells.
    #[inline]
    pub const fn mask(self) -> Bitboard {
        Bitboard(TABLES[self.table()].mask)
    }

    /// The signed bit step of one diagonal move.
    #[inline]
    pub const fn step(self, dir: Dir) -> i8 {
        let p = self.per_row() as i8;
        match dir {
            Dir::UpLeft => -(p + 1),
            Dir::UpRight => -p,
            Dir::DownLeft => p,
            Dir::DownRight => p + 1,
        }
    }

    /// The cells beyond `bit` in direction `dir`, up to the edge of the board.
    #[inline]
    pub const fn ray(self, bit: u8, dir: Dir) -> Bitboard {
        Bitboard(TABLES[self.table()].rays[bit as usize & 63][dir as usize])
    }

    /// Row from the top, 0-based (row 0 holds squares 1..).
    #[inline]
    pub const fn row(self, sq: Square) -> u8 {
        sq.0 / self.per_row()
    }

    /// Column from the left (a = 0).
    #[inline]
    pub const fn col(self, sq: Square) -> u8 {
        let r = self.row(sq);
        let i = sq.0 % self.per_row();
        2 * i + if r % 2 == 0 { 1 } else { 0 }
    }

    /// The square at a row (from the top) and column (from the left), if it is playable.
    pub const fn at(self, row: u8, col: u8) -> Option<Square> {
        if row >= self.size || col >= self.size || (row + col) % 2 == 0 {
            return None;
        }
        Some(Square(row * self.per_row() + col / 2))
    }

    /// The row on which `color`'s men are crowned.
    #[inline]
    pub const fn promotion_row(self, color: Color) -> Bitboard {
        let t = &TABLES[self.table()];
        Bitboard(match color {
            Color::White => t.top_row,
            Color::Black => t.bottom_row,
        })
    }

    /// Algebraic name (`c3`), with a1 at White's bottom-left.
    pub fn algebraic(self, sq: Square) -> String {
        let col = (b'a' + self.col(sq)) as char;
        format!("{col}{}", self.size - self.row(sq))
    }

    /// Parses an algebraic name such as `c3`; `None` if it is not a playable square.
    pub fn parse_algebraic(self, s: &str) -> Option<Square> {
        let b = s.as_bytes();
        if !s.is_ascii() || b.len() < 2 || b.len() > 3 {
            return None;
        }
        let col = b[0].to_ascii_lowercase().checked_sub(b'a')?;
        let rank: u8 = s[1..].parse().ok()?;
        if rank == 0 || rank > self.size {
            return None;
        }
        self.at(self.size - rank, col)
    }
}

/// Square/bit conversions and masks, computed at compile time for both board sizes: the move
/// generator converts on every move, so these must not divide or loop.
struct Tables {
    bit_of: [u8; 64],
    square_of: [u8; 64],
    mask: u64,
    top_row: u64,
    bottom_row: u64,
    /// Cells beyond each cell in each direction (`Dir as usize`), up to the edge.
    rays: [[u64; 4]; 64],
}

const fn tables(size: u8) -> Tables {
    let per_row = size / 2;
    let squares = size * per_row;
    let mut t = Tables {
        bit_of: [0; 64],
        square_of: [0; 64],
        mask: 0,
        top_row: 0,
        bottom_row: 0,
        rays: [[0; 4]; 64],
    };
    let mut i = 0;
    while i < squares {
        let bit = i + i / (2 * per_row);
        t.bit_of[i as usize] = bit;
        t.square_of[bit as usize] = i;
        t.mask |= 1 << bit;
        if i < per_row {
            t.top_row |= 1 << bit;
        }
        if i >= squares - per_row {
            t.bottom_row |= 1 << bit;
        }
        i += 1;
    }
    let steps = [
        -(per_row as i8 + 1),
        -(per_row as i8),
        per_row as i8,
        per_row as i8 + 1,
    ];
    let mut bit = 0;
    while bit < 64 {
        if t.mask & (1 << bit) != 0 {
            let mut d = 0;
            while d < 4 {
                let mut at = bit as i8 + steps[d];
                while at >= 0 && at < 64 && t.mask & (1 << at) != 0 {
                    t.rays[bit][d] |= 1 << at;
                    at += steps[d];
                }
                d += 1;
            }
        }
        bit += 1;
    }
    t
}

static TABLES: [Tables; 2] = [tables(8), tables(10)];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_round_trip_and_ghosts_are_excluded() {
        for g in [Geometry::EIGHT, Geometry::TEN] {
            let mut seen = Bitboard::EMPTY;
            for sq in g.all_squares() {
                let bit = g.bit(sq);
                assert_eq!(g.square(bit), sq);
                seen.set(bit);
            }
            assert_eq!(seen, g.mask());
            assert_eq!(g.mask().count(), g.squares() as u32);
        }
        assert_eq!(Geometry::TEN.mask().0.leading_zeros(), 64 - 54);
    }

    #[test]
    fn official_corners() {
        let ten = Geometry::TEN;
        assert_eq!(ten.algebraic(Square::from_number(1)), "b10");
        assert_eq!(ten.algebraic(Square::from_number(46)), "a1");
        assert_eq!(ten.algebraic(Square::from_number(5)), "j10");
        let eight = Geometry::EIGHT;
        assert_eq!(eight.algebraic(Square::from_number(1)), "b8");
        assert_eq!(eight.algebraic(Square::from_number(4)), "h8");
        assert_eq!(eight.algebraic(Square::from_number(5)), "a7");
        assert_eq!(eight.algebraic(Square::from_number(29)), "a1");
        assert_eq!(eight.algebraic(Square::from_number(32)), "g1");
        assert_eq!(eight.parse_algebraic("c3"), Some(Square::from_number(22)));
        assert_eq!(eight.parse_algebraic("a2"), None);
        assert_eq!(eight.parse_algebraic("Kο"), None);
        assert_eq!(eight.parse_algebraic("cé"), None);
        for sq in eight.all_squares() {
            assert_eq!(eight.parse_algebraic(&eight.algebraic(sq)), Some(sq));
        }
    }

    #[test]
    fn rays_follow_the_diagonals_to_the_edge() {
        let g = Geometry::TEN;
        let squares = |b: Bitboard| -> Vec<u8> { b.map(|bit| g.square(bit).number()).collect() };
        let b46 = g.bit(Square::from_number(46));
        assert_eq!(
            squares(g.ray(b46, Dir::UpRight)),
            [5, 10, 14, 19, 23, 28, 32, 37, 41]
        );
        assert!(g.ray(b46, Dir::UpLeft).is_empty());
        let b28 = g.bit(Square::from_number(28));
        assert_eq!(squares(g.ray(b28, Dir::DownLeft)), [32, 37, 41, 46]);
        let e = Geometry::EIGHT;
        let b29 = e.bit(Square::from_number(29));
        assert_eq!(e.ray(b29, Dir::UpRight).count(), 7);
    }

    #[test]
    fn steps_reach_diagonal_neighbours() {
        let g = Geometry::TEN;
        let b = |n| Bitboard::from_bit(g.bit(Square::from_number(n)));
        // 28 neighbours: 22, 23 above; 32, 33 below.
        assert_eq!(b(28).shift(g.step(Dir::UpLeft)), b(22));
        assert_eq!(b(28).shift(g.step(Dir::UpRight)), b(23));
        assert_eq!(b(28).shift(g.step(Dir::DownLeft)), b(32));
        assert_eq!(b(28).shift(g.step(Dir::DownRight)), b(33));
        // 6 (a9) has nothing to its left.
        assert_eq!(
            b(6).shift(g.step(Dir::DownLeft)) & g.mask(),
            Bitboard::EMPTY
        );
    }
}
