//! Legal moves.
//!
//! A move is a step or a capture. Capturing is compulsory in every variant: if any piece can
//! capture, the legal moves are the complete capture sequences the variant's precedence allows,
//! otherwise they are the steps. [`rules`] states this for every variant, one jump at a time,
//! straight from the [`crate::variant::Rules`] table, and answers [`Position::legal_moves`].
//! [`fast`] computes the same moves and perft's counts with whole-board shifts, compiled once
//! per variant from the same table, for the variants whose rules it covers, and is proven equal
//! to [`rules`] by the property tests and the fuzz targets; it is what a search calls (the rules
//! generator where it does not cover the variant). Nothing calls it implicitly, so a program
//! that only plays games (the page's wasm module) links the rules generator alone.

pub mod fast;
pub mod rules;

use crate::mv::Move;
use crate::position::Position;

impl Position {
    /// Puts the legal moves of the side to move in `out` (which is cleared first), by the rules
    /// generator. A position where the game is over by the variant's own rule (a king crowned in
    /// Breakthrough) has none. [`fast::legal_moves_into`] gives the same moves faster.
    pub fn legal_moves_into(&self, out: &mut Vec<Move>) {
        rules::legal_moves_into(self, out);
    }

    /// Whether the side to move has a capture (and so must capture).
    pub fn has_capture(&self) -> bool {
        rules::has_capture(self)
    }
}
