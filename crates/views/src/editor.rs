//! Setting up a position by hand: a board that may be illegal while it is being built (a man on
//! its promotion row, too many pieces, nobody to move), its FEN at every step, and every problem
//! that keeps it from being played, in words. The page's board editor keeps only the FEN and
//! asks the engine for each change.

use crate::session::Refusal;
use crate::snapshot::PieceView;
use draughts_rules::fen::{parse_setup, write_board, ParseFenError};
use draughts_rules::game::Game;
use draughts_rules::message::Message;
use draughts_rules::position::Position;
use draughts_rules::setup::{Piece, Role, Setup};
use draughts_rules::square::{Color, Square};
use draughts_rules::variant::Variant;
use serde::Serialize;

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

/// What the board editor sends with a change: one square's new contents (`{ square, color,
/// role }`, or `{ square }` to empty it), the side to move (`{ turn }`), or a fresh board
/// (`{ reset: "empty" | "start" }`). Names as the page writes them: `"white"`, `"man"`.
#[derive(Clone, Debug, Default)]
pub struct Change {
    pub square: Option<u8>,
    pub color: Option<String>,
    pub role: Option<String>,
    pub turn: Option<String>,
    pub reset: Option<String>,
}

/// The board as the editor shows it after a change: `{ fen, turn, board, problems, playable }`.
#[derive(Clone, Debug, Serialize)]
pub struct EditView {
    pub fen: String,
    pub turn: Color,
    /// Element `n - 1` is square `n`: `null` or `{ color, role }`.
    pub board: Vec<Option<PieceView>>,
    /// Every reason the board cannot be played yet, in words.
    pub problems: Vec<Message>,
    /// True when there is none.
    pub playable: bool,
}

impl Board {
    /// What the editor shows of this board.
    pub fn view(&self) -> EditView {
        let problems = self.problems();
        EditView {
            fen: self.fen(),
            turn: self.turn,
            board: PieceView::board(self.variant, |s| self.piece_at(s)),
            playable: problems.is_empty(),
            problems,
        }
    }
}

/// The board editor's one step: `change` applied to the board written as `fen` (the FEN is not
/// read for a reset).
///
/// # Errors
/// FEN that does not read (a player's, in words), or a change that names no square of the
/// board, no colour or no role (the page's).
pub fn edit(fen: &str, variant: Variant, change: &Change) -> Result<EditView, Refusal> {
    let page = |text: &str| Refusal::Page(text.to_owned());
    let color = |name: &str| {
        Color::from_name(name).ok_or_else(|| page("A colour is \"white\" or \"black\""))
    };
    let mut board = match change.reset.as_deref() {
        Some("start") => Board::start(variant),
        Some("empty") => Board::empty(variant, variant.rules().first),
        Some(_) => return Err(page("A reset is \"empty\" or \"start\"")),
        None => Board::from_fen(fen, variant)
            .map_err(|e| Message::new("record.fen").with("cause", e.message()))?,
    };
    if let Some(t) = change.turn.as_deref() {
        board.set_turn(color(t)?);
    }
    if let Some(n) = change.square {
        if !variant.geometry().has_number(u32::from(n)) {
            return Err(Refusal::Page(format!(
                "There is no square {n} on this board"
            )));
        }
        let piece = match (change.color.as_deref(), change.role.as_deref()) {
            (None, None) => None,
            (Some(c), Some(r)) => Some(Piece::new(
                color(c)?,
                match r {
                    "man" => Role::Man,
                    "king" => Role::King,
                    _ => return Err(page("A role is \"man\" or \"king\"")),
                },
            )),
            _ => return Err(page("A piece needs both a colour and a role")),
        };
        board.set(Square::from_number(n), piece);
    }
    Ok(board.view())
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn each_change_of_the_editor_comes_back_as_the_board_and_its_problems() {
        let v = Variant::International;
        let change = |json: Change| edit("W:W28:B23", v, &json);
        let man = |square, color: &str| Change {
            square: Some(square),
            color: Some(color.into()),
            role: Some("man".into()),
            ..Change::default()
        };
        let e = change(man(3, "white")).unwrap();
        assert_eq!(e.fen, "W:W3,28:B23");
        assert!(!e.playable && e.problems.len() == 1);
        assert_eq!(e.board.len(), 50);
        assert!(e.board[2].is_some_and(|p| p.color == Color::White && p.role == Role::Man));
        let e = change(Change {
            square: Some(23),
            ..Change::default()
        })
        .unwrap();
        assert_eq!((e.fen.as_str(), e.playable), ("W:W28:B", false));
        let e = change(Change {
            turn: Some("black".into()),
            ..Change::default()
        })
        .unwrap();
        assert_eq!((e.turn, e.playable), (Color::Black, true));
        let reset = |r: &str| Change {
            reset: Some(r.into()),
            ..Change::default()
        };
        assert_eq!(edit("", v, &reset("empty")).unwrap().fen, "W:W:B");
        assert_eq!(edit("", v, &reset("start")).unwrap().fen, "W:W31-50:B1-20");
        // The page's mistakes, in English; a FEN that does not read, in the player's words.
        for bad in [
            man(51, "white"),
            man(3, "red"),
            Change {
                square: Some(3),
                color: Some("white".into()),
                ..Change::default()
            },
            Change {
                square: Some(3),
                color: Some("white".into()),
                role: Some("queen".into()),
                ..Change::default()
            },
            reset("half"),
        ] {
            assert!(matches!(change(bad), Err(Refusal::Page(_))));
        }
        match edit("W:W51", v, &Change::default()) {
            Err(Refusal::Player(m)) => assert_eq!(m.code, "record.fen"),
            other => panic!("{other:?}"),
        }
    }
}
