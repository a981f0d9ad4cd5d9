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
//! let moves: Vec<String> = pos.legal_moves().iter().map(|m| m.full_notation()).collect();
//! assert_eq!(moves, ["47x38x24x13x36", "47x38x20x9x36"]);
//! ```

pub mod ai;
pub mod bitboard;
pub mod clock;
pub mod editor;
pub mod egdb;
pub mod excerpt;
pub mod explain;
pub mod fen;
pub mod game;
pub mod hub;
pub mod link;
pub mod message;
pub mod movegen;
pub mod mv;
pub mod notation;
pub mod pdn;
pub mod perft;
pub mod position;
pub mod setup;
pub mod snapshot;
pub mod square;
pub mod variant;
#[cfg(target_arch = "wasm32")]
pub mod wasm;

pub use bitboard::Bitboard;
pub use fen::{parse_fen, parse_setup, write_fen, FenError, ParseFenError};
pub use game::{DrawReason, Game, GameError, PdnTags, Status, WinReason};
pub use mv::Move;
pub use notation::{move_to_text, parse_move, MoveTextError};
pub use pdn::{parse_games, read_game, ParsePdnError, PdnError, PdnGame};
pub use perft::{divide, perft, perft_threads};
pub use position::{Counts, IllegalMoveError, Position, PositionError, SetupProblem};
pub use setup::{Piece, Role, Setup};
pub use square::{ByColor, Color, Geometry, Square};
pub use variant::{ParseVariantError, Rules, Variant};
