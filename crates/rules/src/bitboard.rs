//! A set of board cells as bits of a `u64`.
//!
//! Bits are *not* square numbers: they follow the padded layout of [`crate::Geometry`], where a
//! ghost bit is inserted after every two rows so that each diagonal step is one constant shift.
//! On 10×10 (five playable squares per row) it looks like this, bit indices shown, `--` a ghost:
//!
//! ```text
//!     0   1   2   3   4          row 1 (squares 1–5)
//!   5   6   7   8   9            row 2 (squares 6–10)   -- 10
//!    11  12  13  14  15          row 3                  
//!  16  17  18  19  20            row 4                  -- 21
//!    ...
//! ```
//!
//! Down-left is `+5`, down-right `+6`, up-left `-6`, up-right `-5`; a step off the side lands on a
//! ghost bit and a step off the top or bottom leaves the mask, so masking with the valid cells is
//! the only edge test needed. 8×8 is the same with four squares per row (`+4`/`+5`).

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of cells in the padded layout.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u64);

impl Bitboard {
    pub const EMPTY: Bitboard = Bitboard(0);

    #[inline]
    pub const fn from_bit(bit: u8) -> Bitboard {
        Bitboard(1 << bit)
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub const fn any(self) -> bool {
        self.0 != 0
    }

    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    #[inline]
    pub const fn contains(self, bit: u8) -> bool {
        bit < 64 && self.0 & (1 << bit) != 0
    }

    #[inline]
    pub fn set(&mut self, bit: u8) {
        self.0 |= 1 << bit;
    }

    #[inline]
    pub fn clear(&mut self, bit: u8) {
        self.0 &= !(1 << bit);
    }

    /// Lowest bit, if any.
    #[inline]
    pub const fn first(self) -> Option<u8> {
        if self.0 == 0 {
            None
        } else {
            Some(self.0.trailing_zeros() as u8)
        }
    }

    /// Highest bit, if any.
    #[inline]
    pub const fn last(self) -> Option<u8> {
        if self.0 == 0 {
            None
        } else {
            Some(63 - self.0.leading_zeros() as u8)
        }
    }

    /// Shift every cell by a signed step; bits shifted out of the word are dropped, never wrapped.
    #[inline]
    pub const fn shift(self, step: i8) -> Bitboard {
        if step >= 0 {
            Bitboard(self.0 << step as u32)
        } else {
            Bitboard(self.0 >> (-step) as u32)
        }
    }
}

impl Iterator for Bitboard {
    type Item = u8;

    #[inline]
    fn next(&mut self) -> Option<u8> {
        let bit = self.first()?;
        self.0 &= self.0 - 1;
        Some(bit)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.count() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for Bitboard {}

macro_rules! bitop {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $tra for Bitboard {
            #[inline]
            fn $fa(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
bitop!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bitop!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bitop!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Bitboard({:#018x})", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn iterates_bits_in_order_and_shifts_without_wrapping() {
        let b = Bitboard(0b1010_0001);
        assert_eq!(b.collect::<Vec<_>>(), vec![0, 5, 7]);
        assert_eq!(Bitboard(1).shift(-1), Bitboard::EMPTY);
        assert_eq!(Bitboard(1 << 60).shift(6), Bitboard::EMPTY);
        assert_eq!(Bitboard(1 << 10).shift(-5), Bitboard(1 << 5));
    }
}
