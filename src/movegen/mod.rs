//! Legal moves.
//!
//! A move is a step or a capture. Capturing is compulsory in every variant: if any piece can
//! capture, the legal moves are the complete capture sequences the variant's precedence allows,
//! otherwise they are the steps. [`rules`] states this for every variant, one jump at a time,
//! straight from the [`crate::variant::Rules`] table; [`fast`] (the diagonal variants) and
//! [`frisian`] (Frisian and Frysk!) compute the same moves and perft's counts with whole-board
//! shifts for the variants whose rules they cover, and are proven equal to [`rules`] by the
//! property tests and the fuzz targets.

// Without the `fast-moves` feature (the page's own wasm module) moves come from the rules
// generator alone: the fast paths then serve only perft, the search and the tables' solver,
// which that module does not export.
#[cfg_attr(not(feature = "fast-moves"), allow(dead_code))]
pub(crate) mod fast;
#[cfg_attr(not(feature = "fast-moves"), allow(dead_code))]
pub(crate) mod frisian;
pub(crate) mod rules;

use crate::mv::Move;
use crate::position::Position;
use fast::CaptureKey;

/// What perft needs from a fast path, compiled once per variant: the number of legal moves and
/// the position after each, without building [`Move`]s. `scratch` holds the captures found,
/// where a capture search is needed.
pub(crate) trait Tree {
    fn count_moves(pos: &Position, scratch: &mut Vec<CaptureKey>) -> usize;
    fn for_each_child(pos: &Position, scratch: &mut Vec<CaptureKey>, f: impl FnMut(&Position));
}

impl Position {
    /// Puts the legal moves of the side to move in `out` (which is cleared first). A position
    /// where the game is over by the variant's own rule (a king crowned in Breakthrough) has
    /// none.
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        #[cfg(feature = "fast-moves")]
        if fast::legal_moves_into(self, out) || frisian::legal_moves_into(self, out) {
            return;
        }
        rules::legal_moves_into(self, out);
    }

    /// The legal moves by the rules generator alone, never the fast paths (for tests that
    /// prove the two equal).
    #[doc(hidden)]
    pub fn legal_moves_by_rules(&self) -> Vec<Move> {
        let mut out = Vec::new();
        rules::legal_moves_into(self, &mut out);
        out
    }

    /// Whether the side to move has a capture (and so must capture).
    pub fn has_capture(&self) -> bool {
        #[cfg(feature = "fast-moves")]
        if let Some(answer) = fast::has_capture(self).or_else(|| frisian::has_capture(self)) {
            return answer;
        }
        rules::has_capture(self)
    }
}
