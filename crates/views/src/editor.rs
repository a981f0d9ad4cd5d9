//! Setting up a position by hand: a board that may be illegal while it is being built (a man on
//! its promotion row, too many pieces, nobody to move), its FEN at every step, and every problem
//! that keeps it from being played, in words. The page's board editor keeps only the FEN and
//! asks the engine for each change.

use draughts_rules::fen::{parse_setup, write_board, ParseFenError};
use draughts_rules::game::Game;
use draughts_rules::message::Message;
use draughts_rules::position::Position;
use draughts_rules::setup::{Piece, Setup};
use draughts_rules::square::{Color, Square};
use draughts_rules::variant::Variant;

/// FEN the editor cannot show on its board.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum BoardTextError {
    Fen(ParseFenError),
    OffBoard {
        number: u32,
        variant: Variant,
        max: u8,
    },
}

impl BoardTextError {
    pub fn message(&self) -> Message {
        match self {
            BoardTextError::Fen(e) => e.message(),
            BoardTextError::OffBoard {
                number,
                variant,
                max,
            } => Message::new("board.off-board")
                .with("number", *number)
                .with("variant", *variant)
                .with("max", *max),
        }
    }
}

impl From<ParseFenError> for BoardTextError {
    fn from(e: ParseFenError) -> BoardTextError {
        BoardTextError::Fen(e)
    }
}

draughts_rules::error_by_message!(BoardTextError);

/// A board being set up: any pieces on any squares of the variant's board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    variant: Variant,
    turn: Color,
    /// Element `n - 1` is square `n`.
    pieces: Vec<Option<Piece>>,
}

impl Board {
    /// An empty board with `turn` to move.
    pub fn empty(variant: Variant, turn: Color) -> Board {
        Board {
            variant,
            turn,
            pieces: vec![None; variant.geometry().squares() as usize],
        }
    }

    /// The variant's start position.
    pub fn start(variant: Variant) -> Board {
        let pos = Position::new(variant);
        let mut b = Board::empty(variant, pos.turn());
        for sq in variant.geometry().all_squares() {
            b.set(sq, pos.piece_at(sq));
        }
        b
    }

    /// A board from FEN, legal or not. Squares must be on the board; a square given twice
    /// keeps its last piece.
    ///
    /// # Errors
    /// The FEN does not read, or names a square that is not on this board.
    pub fn from_fen(text: &str, variant: Variant) -> Result<Board, BoardTextError> {
        let setup = parse_setup(text, variant.geometry())?;
        let g = variant.geometry();
        let mut b = Board::empty(variant, setup.turn);
        for &(number, piece) in &setup.pieces {
            if !g.has_number(number) {
                return Err(BoardTextError::OffBoard {
                    number,
                    variant,
                    max: g.squares(),
                });
            }
            b.set(Square::from_number(number as u8), Some(piece));
        }
        Ok(b)
    }

    pub fn variant(&self) -> Variant {
        self.variant
    }

    pub fn turn(&self) -> Color {
        self.turn
    }

    pub fn set_turn(&mut self, turn: Color) {
        self.turn = turn;
    }

    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.pieces
            .get(usize::from(sq.number()).wrapping_sub(1))
            .copied()
            .flatten()
    }

    /// Puts `piece` on `sq` (or empties it); squares off the board are ignored.
    pub fn set(&mut self, sq: Square, piece: Option<Piece>) {
        if let Some(slot) = self
            .pieces
            .get_mut(usize::from(sq.number()).wrapping_sub(1))
        {
            *slot = piece;
        }
    }

    pub fn fen(&self) -> String {
        write_board(self.variant, self.turn, |sq| self.piece_at(sq))
    }

    fn setup(&self) -> Setup {
        let mut setup = Setup::empty(self.turn);
        for sq in self.variant.geometry().all_squares() {
            if let Some(p) = self.piece_at(sq) {
                setup.pieces.push((u32::from(sq.number()), p));
            }
        }
        setup
    }

    /// The position, if it is one the rules allow.
    ///
    /// # Errors
    /// Every problem of the setup (see [`Position::from_setup`]).
    pub fn position(&self) -> Result<Position, draughts_rules::position::PositionError> {
        Position::from_setup(&self.setup(), self.variant)
    }

    /// Everything that keeps the board from being played: the setup's problems, or that the
    /// game would already be over.
    pub fn problems(&self) -> Vec<Message> {
        match self.position() {
            Err(e) => e.problems.iter().map(|p| p.message()).collect(),
            Ok(pos) => {
                let status = Game::from_position(pos).status();
                if status.is_over() {
                    vec![Message::new("edit.would-be-over").with("status", status.message())]
                } else {
                    Vec::new()
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_rules::setup::Role;

    #[test]
    fn a_board_is_built_one_square_at_a_time() {
        let mut b = Board::empty(Variant::International, Color::White);
        assert_eq!(b.fen(), "W:W:B");
        assert!(!b.problems().is_empty());
        b.set(
            Square::from_number(28),
            Some(Piece::new(Color::White, Role::Man)),
        );
        b.set(
            Square::from_number(23),
            Some(Piece::new(Color::Black, Role::Man)),
        );
        assert_eq!(b.fen(), "W:W28:B23");
        assert_eq!(b.problems(), Vec::new());
        // A white man on White's promotion row is named as a problem, and the FEN still shows it.
        b.set(
            Square::from_number(3),
            Some(Piece::new(Color::White, Role::Man)),
        );
        assert_eq!(b.fen(), "W:W3,28:B23");
        let p: Vec<String> = b.problems().iter().map(Message::text).collect();
        assert_eq!(p.len(), 1, "{p:?}");
        assert!(p[0].contains("promotion row"), "{p:?}");
        b.set(Square::from_number(3), None);
        b.set(Square::from_number(23), None);
        let p: Vec<String> = b.problems().iter().map(Message::text).collect();
        assert!(p[0].contains("already be over"), "{p:?}");
    }

    #[test]
    fn fen_in_and_out_keeps_the_board() {
        let b = Board::from_fen("B:W3,K28:BK23,40", Variant::International).unwrap();
        assert_eq!(b.turn(), Color::Black);
        assert_eq!(
            Board::from_fen(&b.fen(), Variant::International).unwrap(),
            b
        );
        assert_eq!(
            Board::start(Variant::Russian).fen(),
            draughts_rules::fen::write_fen(&Position::new(Variant::Russian))
        );
        assert!(Board::from_fen("W:W51:B1", Variant::International).is_err());
    }
}
