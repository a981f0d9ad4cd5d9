//! Legal moves.
//!
//! A move is a step or a capture. Capturing is compulsory in every variant: if any piece can
//! capture, the legal moves are the complete capture sequences the variant's precedence allows,
//! otherwise they are the steps. [`rules`] states this for every variant, one jump at a time,
//! straight from the [`crate::variant::Rules`] table, and answers [`Position::legal_moves`];
//! [`diagonal`] (the diagonal variants) and [`frisian`] (Frisian and Frysk!) compute the same
//! moves and perft's counts with whole-board shifts for the variants whose rules they cover, and
//! are proven equal to [`rules`] by the property tests and the fuzz targets. [`fast`] is what a
//! search calls: the bitboard paths where they cover the variant, the rules elsewhere. Nothing
//! calls them implicitly, so a program that only plays games (the page's wasm module) links the
//! rules generator alone.

pub(crate) mod diagonal;
pub(crate) mod frisian;
pub mod rules;

use crate::mv::Move;
use crate::position::Position;
use diagonal::CaptureKey;

/// What perft needs from a fast path, compiled once per variant: the number of legal moves and
/// the position after each, without building [`Move`]s. `scratch` holds the captures found,
/// where a capture search is needed.
pub(crate) trait Tree {
    fn count_moves(pos: &Position, scratch: &mut Vec<CaptureKey>) -> usize;
    fn for_each_child(pos: &Position, scratch: &mut Vec<CaptureKey>, f: impl FnMut(&Position));
}

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

/// The legal moves by the bitboard fast paths where they cover the variant, by the rules
/// generator elsewhere: the same moves as [`Position::legal_moves`] (as a set; the order may differ), for
/// the callers that generate millions of them (the search, the endgame solver).
pub mod fast {
    use super::{diagonal, frisian, rules};
    use crate::mv::Move;
    use crate::position::Position;

    /// [`Position::legal_moves_into`], fast.
    pub fn legal_moves_into(pos: &Position, out: &mut Vec<Move>) {
        if diagonal::legal_moves_into(pos, out) || frisian::legal_moves_into(pos, out) {
            return;
        }
        rules::legal_moves_into(pos, out);
    }

    /// [`Position::legal_moves`], fast.
    pub fn legal_moves(pos: &Position) -> Vec<Move> {
        let mut out = Vec::new();
        legal_moves_into(pos, &mut out);
        out
    }

    /// [`Position::has_capture`], fast.
    pub fn has_capture(pos: &Position) -> bool {
        diagonal::has_capture(pos)
            .or_else(|| frisian::has_capture(pos))
            .unwrap_or_else(|| rules::has_capture(pos))
    }

    /// Whether the bitboard paths cover `variant` (elsewhere [`legal_moves_into`] is the rules
    /// generator).
    pub fn covers(variant: crate::variant::Variant) -> bool {
        diagonal::covers_variant(variant) || frisian::covers_variant(variant)
    }

    /// Whether `variant`'s steps and captures are whole-board diagonal shifts (what the
    /// evaluation's mobility and runaway terms compute with): the variants of the diagonal path,
    /// not Frisian's.
    pub fn covers_diagonal(variant: crate::variant::Variant) -> bool {
        diagonal::covers_variant(variant)
    }
}
