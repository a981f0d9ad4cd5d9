//! # draughts
//!
//! A draughts/checkers rules engine: International (FMJD), English/American checkers, Russian
//! and Brazilian, with exact move generation (checked against published perft numbers),
//! FEN/PDN notation, a game record with draw rules, and a computer opponent.
//!
//! ```
//! use draughts::{Position, Variant, perft};
//!
//! let start = Position::new(Variant::International);
//! assert_eq!(start.legal_moves().len(), 9);
//! assert_eq!(perft(&start, 3), 658);
//!
//! let pos = draughts::parse_fen("W:WK47:B14,19,29,31,42", Variant::International).unwrap();
//! let moves = pos.legal_moves();
//! assert_eq!(moves.len(), 1);
//! assert_eq!(moves[0].full_notation(), "47x38x24x13x36");
//! ```

pub mod bitboard;
pub mod fen;
pub mod movegen;
pub mod mv;
pub mod perft;
pub mod position;
pub mod setup;
pub mod square;
pub mod variant;

pub use bitboard::Bitboard;
pub use fen::{parse_fen, parse_setup, write_fen, FenError, ParseFenError};
pub use mv::Move;
pub use perft::{divide, perft};
pub use position::{Counts, IllegalMoveError, Position, PositionError, SetupProblem};
pub use setup::{Piece, Role, Setup};
pub use square::{ByColor, Color, Geometry, Square};
pub use variant::{ParseVariantError, Rules, Variant};
