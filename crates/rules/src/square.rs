//! The vocabulary of the board: colours, squares and the board geometry.
//!
//! Outside the engine a square is its official field number, counted from the top-left as White
//! sees the board, row by row. On boards of dark squares the first row holds the squares on
//! columns b, d, f, …, the second those on a, c, e, …: International (1 = b10, 46 = a1), English
//! (Black on 1–12) and the lidraughts numbering of Russian and Brazilian (1 = b8, 4 = h8,
//! 5 = a7, 29 = a1, 32 = g1). The Italian board is turned a quarter (1 = a8, 32 = h1), and the
//! Turkish board uses all 64 squares (1 = a8, 64 = h1). Inside, a square is a bit of a
//! [`Bitboard`] laid out by its [`Geometry`].

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

    /// The colour [`Color::name`] names: `"white"` or `"black"`.
    pub fn from_name(name: &str) -> Option<Color> {
        Color::ALL.into_iter().find(|c| c.name() == name)
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

/// A direction on the board, as White sees it (up is towards Black).
///
/// The four diagonals come first, so the bitboard fast path can index arrays of four by them.
/// On boards of dark squares an orthogonal neighbour is two cells away (Frisian captures along
/// rows and columns over the light squares between); on the full 64-square board it is next door.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Dir {
    UpLeft,
    UpRight,
    DownLeft,
    DownRight,
    Up,
    Down,
    Left,
    Right,
}

impl Dir {
    /// The four diagonals.
    pub const DIAGONAL: [Dir; 4] = [Dir::UpLeft, Dir::UpRight, Dir::DownLeft, Dir::DownRight];
    /// Every direction, diagonals first.
    pub const ALL: [Dir; 8] = [
        Dir::UpLeft,
        Dir::UpRight,
        Dir::DownLeft,
        Dir::DownRight,
        Dir::Up,
        Dir::Down,
        Dir::Left,
        Dir::Right,
    ];

    /// The reverse direction.
    #[inline]
    pub const fn opposite(self) -> Dir {
        match self {
            Dir::UpLeft => Dir::DownRight,
            Dir::UpRight => Dir::DownLeft,
            Dir::DownLeft => Dir::UpRight,
            Dir::DownRight => Dir::UpLeft,
            Dir::Up => Dir::Down,
            Dir::Down => Dir::Up,
            Dir::Left => Dir::Right,
            Dir::Right => Dir::Left,
        }
    }

    /// The same direction with the board turned upside down (up and down swapped).
    #[inline]
    pub const fn flipped(self) -> Dir {
        match self {
            Dir::UpLeft => Dir::DownLeft,
            Dir::UpRight => Dir::DownRight,
            Dir::DownLeft => Dir::UpLeft,
            Dir::DownRight => Dir::UpRight,
            Dir::Up => Dir::Down,
            Dir::Down => Dir::Up,
            Dir::Left | Dir::Right => self,
        }
    }

    /// Whether this direction is forward for `color` (White moves up).
    #[inline]
    pub const fn is_forward(self, color: Color) -> bool {
        matches!(
            (self, color),
            (Dir::UpLeft | Dir::UpRight | Dir::Up, Color::White)
                | (Dir::DownLeft | Dir::DownRight | Dir::Down, Color::Black)
        )
    }

    /// `(rows, columns)` of one step, for a diagonal board (orthogonal steps skip a cell).
    const fn cells(self, full_board: bool) -> (i8, i8) {
        let o = if full_board { 1 } else { 2 };
        match self {
            Dir::UpLeft => (-1, -1),
            Dir::UpRight => (-1, 1),
            Dir::DownLeft => (1, -1),
            Dir::DownRight => (1, 1),
            Dir::Up => (-o, 0),
            Dir::Down => (o, 0),
            Dir::Left => (0, -o),
            Dir::Right => (0, o),
        }
    }
}

/// A set of directions. Rule tables write them for White; [`Dirs::for_color`] turns them
/// round for Black, so "forward" is one word in the rules.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Dirs(u8);

impl Dirs {
    pub const NONE: Dirs = Dirs(0);
    /// All four diagonals.
    pub const DIAGONAL: Dirs = Dirs(0b1111);
    /// The two forward diagonals.
    pub const FORWARD_DIAGONAL: Dirs = Dirs::of(&[Dir::UpLeft, Dir::UpRight]);
    /// Along rows and columns.
    pub const ORTHOGONAL: Dirs = Dirs(0b1111_0000);
    /// Straight forward and sideways (Turkish men).
    pub const FORWARD_AND_SIDEWAYS: Dirs = Dirs::of(&[Dir::Up, Dir::Left, Dir::Right]);
    /// Diagonals, rows and columns (Frisian captures).
    pub const ALL: Dirs = Dirs(0xff);

    pub const fn of(dirs: &[Dir]) -> Dirs {
        let mut bits = 0;
        let mut i = 0;
        while i < dirs.len() {
            bits |= 1 << dirs[i] as u8;
            i += 1;
        }
        Dirs(bits)
    }

    #[inline]
    pub const fn contains(self, dir: Dir) -> bool {
        self.0 & (1 << dir as u8) != 0
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Every direction in either set.
    #[inline]
    pub const fn union(self, other: Dirs) -> Dirs {
        Dirs(self.0 | other.0)
    }

    /// The set as bits, one per [`Dir`] in `Dir::ALL`'s order (for comparisons at compile time).
    #[inline]
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// Whether every direction here is a diagonal.
    pub const fn is_diagonal(self) -> bool {
        self.0 & !Dirs::DIAGONAL.0 == 0
    }

    /// The set as `color` sees it: unchanged for White, upside down for Black.
    #[inline]
    pub const fn for_color(self, color: Color) -> Dirs {
        match color {
            Color::White => self,
            Color::Black => {
                let mut out = 0;
                let mut i = 0;
                while i < 8 {
                    let d = Dir::ALL[i];
                    if self.contains(d) {
                        out |= 1 << d.flipped() as u8;
                    }
                    i += 1;
                }
                Dirs(out)
            }
        }
    }

    /// The directions in the set, diagonals first.
    pub fn iter(self) -> impl Iterator<Item = Dir> {
        Dir::ALL.into_iter().filter(move |&d| self.contains(d))
    }
}

/// The boards the variants are played on. Each is a table computed at compile time: field
/// numbers, cells, the bit layout and the neighbours of every square in every [`Dir`].
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Geometry {
    id: u8,
}

/// Which cells of a board are played on.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Cells {
    /// The dark squares, the bottom-left corner (a1) among them.
    Dark,
    /// The dark squares of a board turned a quarter: the bottom-left corner is light and a1
    /// unused, as Italians (and Spaniards and Portuguese) set the board up.
    Turned,
    /// All 64 squares (Turkish).
    All,
}

impl Geometry {
    /// 8×8, the dark squares, 1 = b8 … 32 = g1 (English, Russian, Brazilian, Czech, Pool).
    pub const EIGHT: Geometry = Geometry { id: 0 };
    /// 10×10, the dark squares, 1 = b10 … 50 = i1 (International and its family, Frisian).
    pub const TEN: Geometry = Geometry { id: 1 };
    /// 8×8 turned a quarter, a1 light: 1 = a8, 4 = g8, 5 = b7 … 32 = h1.
    pub const EIGHT_TURNED: Geometry = Geometry { id: 2 };
    /// 8×8, all 64 squares: 1 = a8 … 8 = h8 … 64 = h1.
    pub const FULL_EIGHT: Geometry = Geometry { id: 3 };
    /// The turned 8×8 board numbered from White's side, as Spanish and Portuguese records do
    /// (PDN GameType 24 and 28, "N1"): 1 = h1, 4 = b1, 5 = g2 … 32 = a8.
    pub const EIGHT_TURNED_FROM_WHITE: Geometry = Geometry { id: 4 };

    /// Every board, in a fixed order (for per-board caches).
    pub const ALL: [Geometry; 5] = [
        Geometry::EIGHT,
        Geometry::TEN,
        Geometry::EIGHT_TURNED,
        Geometry::FULL_EIGHT,
        Geometry::EIGHT_TURNED_FROM_WHITE,
    ];

    /// This board's place in [`Geometry::ALL`].
    #[inline]
    pub const fn index(self) -> usize {
        self.id as usize
    }

    #[inline]
    const fn t(self) -> &'static Tables {
        &TABLES[self.id as usize]
    }

    /// Width and height in cells (8 or 10).
    #[inline]
    pub const fn size(self) -> u8 {
        self.t().size
    }

    /// Number of playable squares (32, 50 or 64).
    #[inline]
    pub const fn squares(self) -> u8 {
        self.t().squares
    }

    /// Whether every cell is played on (no light squares).
    #[inline]
    pub const fn is_full(self) -> bool {
        self.squares() == self.size() * self.size()
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

    /// The bit of a square in the board's bit layout.
    #[inline]
    pub const fn bit(self, sq: Square) -> u8 {
        self.t().bit_of[sq.0 as usize & 63]
    }

    /// The square of a (valid, non-ghost) bit.
    #[inline]
    pub const fn square(self, bit: u8) -> Square {
        Square(self.t().square_of[bit as usize & 63])
    }

    /// All playable cells.
    #[inline]
    pub const fn mask(self) -> Bitboard {
        Bitboard(self.t().mask)
    }

    /// The signed bit step of one diagonal step, for whole-board shifts (the evaluation's). It is
    /// the same everywhere on boards of dark squares (ghost bits absorb the row ends); elsewhere,
    /// and for orthogonal directions, use [`Geometry::next`] and [`Geometry::ray`] (from which
    /// the fast path derives a step and a mask for every direction).
    #[inline]
    pub const fn step(self, dir: Dir) -> i8 {
        self.t().steps[dir as usize]
    }

    /// The neighbouring square's bit in direction `dir`, if there is one.
    #[inline]
    pub const fn next(self, bit: u8, dir: Dir) -> Option<u8> {
        match self.t().next[bit as usize & 63][dir as usize] {
            NONE => None,
            b => Some(b),
        }
    }

    /// The cells beyond `bit` in direction `dir`, up to the edge of the board.
    #[cfg(not(target_arch = "wasm32"))]
    #[inline]
    pub const fn ray(self, bit: u8, dir: Dir) -> Bitboard {
        Bitboard(self.t().rays[bit as usize & 63][dir as usize])
    }

    /// The cells beyond `bit` in direction `dir`, up to the edge of the board. The web build
    /// computes the table of rays when first asked rather than carrying it in the module
    /// (20 KB, 3.6 KB of the gzipped download).
    #[cfg(target_arch = "wasm32")]
    #[inline]
    pub fn ray(self, bit: u8, dir: Dir) -> Bitboard {
        Bitboard(rays()[self.index()][bit as usize & 63][dir as usize])
    }

    /// Row from the top, 0-based.
    #[inline]
    pub const fn row(self, sq: Square) -> u8 {
        self.t().cell_of[sq.0 as usize & 63].0
    }

    /// Column from the left (a = 0).
    #[inline]
    pub const fn col(self, sq: Square) -> u8 {
        self.t().cell_of[sq.0 as usize & 63].1
    }

    /// Whether `sq` lies on the long diagonal of playable squares, the "main road" of Russian
    /// endgame rules: a1–h8 on the usual board (row + column = size − 1, rows from the top),
    /// h1–a8 where the board is turned (row = column). Only one of the two is made of playable
    /// squares on a board of dark squares, so one test serves both; on a board of all squares
    /// it is either.
    #[inline]
    pub const fn on_long_diagonal(self, sq: Square) -> bool {
        let (row, col) = (self.row(sq), self.col(sq));
        row + col == self.size() - 1 || row == col
    }

    /// The square at a row (from the top) and column (from the left), if it is playable.
    pub const fn at(self, row: u8, col: u8) -> Option<Square> {
        if row >= self.size() || col >= self.size() {
            return None;
        }
        match self.t().at[row as usize][col as usize] {
            NONE => None,
            i => Some(Square(i)),
        }
    }

    /// The row on which `color`'s men are crowned.
    #[inline]
    pub const fn promotion_row(self, color: Color) -> Bitboard {
        let t = self.t();
        Bitboard(match color {
            Color::White => t.top_row,
            Color::Black => t.bottom_row,
        })
    }

    /// How many rows `sq` lies in front of `color`'s back row (0 on the back row).
    #[inline]
    pub const fn advance(self, sq: Square, color: Color) -> u8 {
        match color {
            Color::White => self.size() - 1 - self.row(sq),
            Color::Black => self.row(sq),
        }
    }

    /// Algebraic name (`c3`), with a1 at White's bottom-left.
    pub fn algebraic(self, sq: Square) -> String {
        format!("{}{}", self.file(sq), self.rank(sq))
    }

    /// The letter of a square's column (`a` on White's left), as algebraic names write it.
    pub const fn file(self, sq: Square) -> char {
        (b'a' + self.col(sq)) as char
    }

    /// The number of a square's row (1 on White's side), as algebraic names write it.
    pub const fn rank(self, sq: Square) -> u8 {
        self.size() - self.row(sq)
    }

    /// Parses an algebraic name such as `c3`; `None` if it is not a playable square.
    pub fn parse_algebraic(self, s: &str) -> Option<Square> {
        let b = s.as_bytes();
        if !s.is_ascii() || b.len() < 2 || b.len() > 3 {
            return None;
        }
        let col = b[0].to_ascii_lowercase().checked_sub(b'a')?;
        let rank: u8 = s[1..].parse().ok()?;
        if rank == 0 || rank > self.size() {
            return None;
        }
        self.at(self.size() - rank, col)
    }
}

const NONE: u8 = u8::MAX;

/// Square/bit conversions, masks and neighbours, computed at compile time for each board: the
/// move generator converts on every move, so these must not divide or loop.
struct Tables {
    size: u8,
    squares: u8,
    bit_of: [u8; 64],
    square_of: [u8; 64],
    /// `(row, col)` of each square.
    cell_of: [(u8, u8); 64],
    /// The square on each cell, or `NONE`.
    at: [[u8; 10]; 10],
    mask: u64,
    top_row: u64,
    bottom_row: u64,
    /// Bit steps of the diagonal directions (0 where a step is not one shift).
    steps: [i8; 8],
    /// The neighbour of each bit in each direction (`Dir as usize`), or `NONE`.
    next: [[u8; 8]; 64],
    /// Cells beyond each cell in each direction, up to the edge (see [`Geometry::ray`] for
    /// the web build's).
    #[cfg(not(target_arch = "wasm32"))]
    rays: [[u64; 8]; 64],
}

/// Every board's rays, computed on first use from the neighbours.
#[cfg(target_arch = "wasm32")]
fn rays() -> &'static [[[u64; 8]; 64]; 5] {
    static RAYS: std::sync::OnceLock<Box<[[[u64; 8]; 64]; 5]>> = std::sync::OnceLock::new();
    RAYS.get_or_init(|| {
        let mut rays = Box::new([[[0; 8]; 64]; 5]);
        for g in Geometry::ALL {
            for bit in g.mask() {
                for dir in Dir::ALL {
                    let mut at = bit;
                    while let Some(b) = g.next(at, dir) {
                        rays[g.index()][bit as usize][dir as usize] |= 1 << b;
                        at = b;
                    }
                }
            }
        }
        rays
    })
}

/// Boards of dark squares use a padded layout: one ghost bit after every two rows, so that each
/// diagonal step is the same shift everywhere (`size/2` and `size/2 + 1`) and never wraps onto a
/// playable cell. A turned board is laid out as its mirror image, so the same shifts serve with
/// left and right exchanged. The full board uses `row * 8 + col`.
const fn tables(size: u8, cells: Cells, from_white: bool) -> Tables {
    let full = matches!(cells, Cells::All);
    let per_row = if full { size } else { size / 2 };
    let squares = size * per_row;
    let mut t = Tables {
        size,
        squares,
        bit_of: [0; 64],
        square_of: [0; 64],
        cell_of: [(0, 0); 64],
        at: [[NONE; 10]; 10],
        mask: 0,
        top_row: 0,
        bottom_row: 0,
        steps: [0; 8],
        next: [[NONE; 8]; 64],
        #[cfg(not(target_arch = "wasm32"))]
        rays: [[0; 8]; 64],
    };
    let mut i = 0;
    while i < squares {
        // Numbered from White's side, square `i` is where square `squares - 1 - i` would be.
        let cell = if from_white { squares - 1 - i } else { i };
        let row = cell / per_row;
        let k = cell % per_row;
        let (col, bit) = match cells {
            Cells::All => (k, cell),
            Cells::Dark | Cells::Turned => {
                let odd_first = matches!(cells, Cells::Dark);
                let col = 2 * k + if (row % 2 == 0) == odd_first { 1 } else { 0 };
                // The cell's index on the board as laid out (mirrored if turned).
                let laid = match cells {
                    Cells::Turned => row * per_row + (size - 1 - col) / 2,
                    _ => cell,
                };
                (col, laid + laid / (2 * per_row))
            }
        };
        t.bit_of[i as usize] = bit;
        t.square_of[bit as usize] = i;
        t.cell_of[i as usize] = (row, col);
        t.at[row as usize][col as usize] = i;
        t.mask |= 1 << bit;
        if row == 0 {
            t.top_row |= 1 << bit;
        }
        if row == size - 1 {
            t.bottom_row |= 1 << bit;
        }
        i += 1;
    }
    let p = per_row as i8;
    t.steps = match cells {
        Cells::Dark => [-(p + 1), -p, p, p + 1, 0, 0, 0, 0],
        Cells::Turned => [-p, -(p + 1), p + 1, p, 0, 0, 0, 0],
        Cells::All => [-9, -7, 7, 9, -8, 8, -1, 1],
    };
    let mut i = 0;
    while i < squares {
        let (row, col) = t.cell_of[i as usize];
        let bit = t.bit_of[i as usize] as usize;
        let mut d = 0;
        while d < 8 {
            let (dr, dc) = Dir::ALL[d].cells(full);
            let (mut r, mut c) = (row as i8 + dr, col as i8 + dc);
            let mut first = true;
            while r >= 0 && c >= 0 && r < size as i8 && c < size as i8 {
                let sq = t.at[r as usize][c as usize];
                let b = t.bit_of[sq as usize];
                if first {
                    t.next[bit][d] = b;
                    first = false;
                }
                #[cfg(not(target_arch = "wasm32"))]
                {
                    t.rays[bit][d] |= 1 << b;
                }
                r += dr;
                c += dc;
            }
            d += 1;
        }
        i += 1;
    }
    t
}

static TABLES: [Tables; 5] = [
    tables(8, Cells::Dark, false),
    tables(10, Cells::Dark, false),
    tables(8, Cells::Turned, false),
    tables(8, Cells::All, false),
    tables(8, Cells::Turned, true),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bits_round_trip_and_ghosts_are_excluded() {
        for g in ALL_BOARDS {
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

    const ALL_BOARDS: [Geometry; 5] = [
        Geometry::EIGHT,
        Geometry::TEN,
        Geometry::EIGHT_TURNED,
        Geometry::FULL_EIGHT,
        Geometry::EIGHT_TURNED_FROM_WHITE,
    ];

    #[test]
    fn neighbours_agree_with_the_diagonal_shifts() {
        for g in [
            Geometry::EIGHT,
            Geometry::TEN,
            Geometry::EIGHT_TURNED,
            Geometry::EIGHT_TURNED_FROM_WHITE,
        ] {
            for sq in g.all_squares() {
                let bit = g.bit(sq);
                for dir in Dir::DIAGONAL {
                    let shifted = Bitboard::from_bit(bit).shift(g.step(dir)) & g.mask();
                    assert_eq!(shifted.first(), g.next(bit, dir), "{g:?} {sq} {dir:?}");
                }
            }
        }
    }

    #[test]
    fn turned_and_full_boards() {
        let t = Geometry::EIGHT_TURNED;
        assert_eq!(t.algebraic(Square::from_number(1)), "a8");
        assert_eq!(t.algebraic(Square::from_number(5)), "b7");
        assert_eq!(t.algebraic(Square::from_number(21)), "b3");
        assert_eq!(t.algebraic(Square::from_number(32)), "h1");
        assert_eq!(t.parse_algebraic("a1"), None);
        // 21 reaches 17 and 18, 24 only 20 (the first moves of Italian draughts).
        let up = |n: u8| {
            [Dir::UpLeft, Dir::UpRight].map(|d| {
                t.next(t.bit(Square::from_number(n)), d)
                    .map(|b| t.square(b).number())
            })
        };
        assert_eq!(up(21), [Some(17), Some(18)]);
        assert_eq!(up(24), [Some(20), None]);
        let s = Geometry::EIGHT_TURNED_FROM_WHITE;
        assert_eq!(s.algebraic(Square::from_number(1)), "h1");
        assert_eq!(s.algebraic(Square::from_number(4)), "b1");
        assert_eq!(s.algebraic(Square::from_number(32)), "a8");
        for sq in t.all_squares() {
            let mirrored = Square::from_number(33 - sq.number());
            assert_eq!(s.algebraic(mirrored), t.algebraic(sq));
        }
        let f = Geometry::FULL_EIGHT;
        assert_eq!(f.squares(), 64);
        assert_eq!(f.algebraic(Square::from_number(1)), "a8");
        assert_eq!(f.algebraic(Square::from_number(64)), "h1");
        let a1 = f.bit(f.parse_algebraic("a1").unwrap());
        assert_eq!(f.next(a1, Dir::Left), None);
        assert_eq!(
            f.square(f.next(a1, Dir::Up).unwrap()),
            f.parse_algebraic("a2").unwrap()
        );
        assert_eq!(f.ray(a1, Dir::Right).count(), 7);
        // Frisian: orthogonal neighbours on the dark squares are two cells away.
        let g = Geometry::TEN;
        let n = |sq: u8, d| {
            g.next(g.bit(Square::from_number(sq)), d)
                .map(|b| g.square(b).number())
        };
        assert_eq!(n(28, Dir::Right), Some(29));
        assert_eq!(n(28, Dir::Down), Some(38));
        assert_eq!(n(26, Dir::Left), None);
        assert_eq!(n(5, Dir::Up), None);
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
    fn the_long_diagonal_runs_corner_to_corner() {
        // From the corner it starts in, the long diagonal is that square and its ray.
        for (g, corner, dir) in [
            (Geometry::EIGHT, "a1", Dir::UpRight),
            (Geometry::TEN, "a1", Dir::UpRight),
            (Geometry::EIGHT_TURNED, "h1", Dir::UpLeft),
            (Geometry::EIGHT_TURNED_FROM_WHITE, "h1", Dir::UpLeft),
        ] {
            let start = g.bit(g.parse_algebraic(corner).unwrap());
            let mut road = g.ray(start, dir);
            road.set(start);
            assert_eq!(road.count(), g.size() as u32, "{g:?}");
            for sq in g.all_squares() {
                assert_eq!(
                    g.on_long_diagonal(sq),
                    road.contains(g.bit(sq)),
                    "{g:?} {sq}"
                );
            }
        }
        // Russian's main road: a1 (29) to h8 (4); b8 (1) is off it.
        let e = Geometry::EIGHT;
        assert!(e.on_long_diagonal(Square::from_number(29)));
        assert!(e.on_long_diagonal(Square::from_number(4)));
        assert!(!e.on_long_diagonal(Square::from_number(1)));
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
