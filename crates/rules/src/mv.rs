//! The move type: everything a UI needs to draw a move without re-deriving a rule.

use crate::square::Square;
use std::fmt;

/// The most pieces one move can take: a side never has more than 20 pieces.
pub const MAX_CAPTURES: usize = 20;

/// A legal move as the generator produced it.
///
/// For a capture, `path()` lists every landing square in order (ending with `to()`), and
/// `captures()` the captured squares in the order they were jumped. Two moves with the same
/// origin, destination and captured set are the same move, however the path went; two with
/// the same origin and destination but different captured pieces are different moves.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    from: Square,
    to: Square,
    len: u8,
    promotes: bool,
    /// The captured squares as a set in the board's padded bit layout (see [`crate::Bitboard`]),
    /// for O(1) comparison and removal.
    taken_set: u64,
    path: [Square; MAX_CAPTURES],
    captured: [Square; MAX_CAPTURES],
}

impl Move {
    /// A non-capturing step or slide.
    pub(crate) fn quiet(from: Square, to: Square, promotes: bool) -> Move {
        Move {
            from,
            to,
            len: 0,
            promotes,
            taken_set: 0,
            path: [Square::from_index(0); MAX_CAPTURES],
            captured: [Square::from_index(0); MAX_CAPTURES],
        }
    }

    /// A capture; `path` and `captured` have equal, non-zero length; `taken_bits` is the set of
    /// `captured` in the board's bit layout.
    pub(crate) fn capture(
        from: Square,
        path: &[Square],
        captured: &[Square],
        taken_bits: u64,
        promotes: bool,
    ) -> Move {
        debug_assert!(!path.is_empty() && path.len() == captured.len());
        let mut m = Move::quiet(from, path[path.len() - 1], promotes);
        m.len = path.len() as u8;
        m.path[..path.len()].copy_from_slice(path);
        m.captured[..captured.len()].copy_from_slice(captured);
        m.taken_set = taken_bits;
        m
    }

    #[inline]
    pub fn from(&self) -> Square {
        self.from
    }

    #[inline]
    pub fn to(&self) -> Square {
        self.to
    }

    #[inline]
    pub fn is_capture(&self) -> bool {
        self.len > 0
    }

    /// Whether the moving man is crowned by this move.
    #[inline]
    pub fn promotes(&self) -> bool {
        self.promotes
    }

    /// Landing squares after `from()`, ending with `to()`; `[to]` for a quiet move.
    pub fn path(&self) -> &[Square] {
        if self.len == 0 {
            std::slice::from_ref(&self.to)
        } else {
            &self.path[..self.len as usize]
        }
    }

    /// Captured squares in the order they were jumped; empty for a quiet move.
    pub fn captures(&self) -> &[Square] {
        &self.captured[..self.len as usize]
    }

    /// Number of pieces taken.
    #[inline]
    pub fn capture_count(&self) -> usize {
        self.len as usize
    }

    /// The captured squares in the board's padded bit layout.
    #[inline]
    pub(crate) fn captured_bits(&self) -> u64 {
        self.taken_set
    }

    /// Whether `other` is the same move in the sense of the rules: same origin, destination
    /// and captured set, whatever the order.
    pub fn same_as(&self, other: &Move) -> bool {
        self.from == other.from && self.to == other.to && self.taken_set == other.taken_set
    }

    /// The full notation: `32-28`, or every landing square for a capture, `47x38x24x13x36`.
    pub fn full_notation(&self) -> String {
        self.full_text_with(|sq| sq.to_string())
    }

    /// The full notation with squares named by `name` (numbers, or algebraic squares).
    pub fn full_text_with(&self, name: impl Fn(Square) -> String) -> String {
        if self.is_capture() {
            let mut s = name(self.from);
            for &sq in self.path() {
                s.push('x');
                s.push_str(&name(sq));
            }
            s
        } else {
            format!("{}-{}", name(self.from), name(self.to))
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.full_notation())?;
        if self.is_capture() {
            let caps: Vec<String> = self.captures().iter().map(|s| s.to_string()).collect();
            write!(f, " [takes {}]", caps.join(","))?;
        }
        if self.promotes {
            write!(f, " [crowns]")?;
        }
        Ok(())
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.full_notation())
    }
}
