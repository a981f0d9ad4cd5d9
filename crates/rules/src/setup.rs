//! An unchecked position as parsed from text: pieces on numbered squares and a side to move.
//! [`crate::Position::from_setup`] turns it into a validated position.

use crate::square::Color;

/// Man or king.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    Man,
    King,
}

/// A coloured piece.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, serde::Serialize)]
pub struct Piece {
    pub color: Color,
    pub role: Role,
}

impl Piece {
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// "white man", "black king".
    pub fn describe(self) -> String {
        let role = match self.role {
            Role::Man => "man",
            Role::King => "king",
        };
        format!("{} {role}", self.color.name())
    }
}

/// Pieces by official square number (not yet checked against a board) and the side to move.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Setup {
    pub turn: Color,
    /// Square numbers as written; they may be out of range or repeated until validated.
    pub pieces: Vec<(u32, Piece)>,
    /// The optional FEN `:H` field (half-moves since the last capture or man move).
    pub halfmove_clock: Option<u32>,
    /// The optional FEN `:F` field (the full-move number).
    pub fullmove_number: Option<u32>,
}

impl Setup {
    /// An empty board with `turn` to move.
    pub fn empty(turn: Color) -> Setup {
        Setup {
            turn,
            pieces: Vec::new(),
            halfmove_clock: None,
            fullmove_number: None,
        }
    }
}
