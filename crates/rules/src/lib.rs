//! # draughts-rules
//!
//! The rules of fourteen draughts/checkers variants: International (FMJD), English/American
//! checkers, Russian, Brazilian, Frisian, Frysk!, Antidraughts, Breakthrough, Italian, Spanish,
//! Portuguese, Czech, American Pool and Turkish. Exact move generation (checked against published
//! perft numbers), FEN/PDN notation, a game record with the draw rules, clocks, and the
//! player-facing messages every error is told in.
//!
//! [`Position::legal_moves`] is the readable generator, stated one jump at a time from the
//! [`Rules`] table; [`fast`] computes the same moves with whole-board shifts for the variants it
//! covers (what a search, perft and the endgame solver call), proven equal by property tests and
//! fuzzing. A program that never calls [`fast`] does not link it (the page's wasm module).
//!
//! ```
//! use draughts_rules::{Position, Variant, perft};
//!
//! let start = Position::new(Variant::International);
//! assert_eq!(start.legal_moves().len(), 9);
//! assert_eq!(perft(&start, 3), 658);
//!
//! let pos = draughts_rules::parse_fen("W:WK47:B14,19,29,31,42", Variant::International).unwrap();
//! let moves: Vec<String> = pos.legal_moves().iter().map(|m| m.full_notation()).collect();
//! assert_eq!(moves, ["47x38x24x13x36", "47x38x20x9x36"]);
//! assert_eq!(draughts_rules::fast::legal_moves(&pos).len(), 2);
//! ```

pub mod bitboard;
pub mod clock;
pub mod excerpt;
pub mod fen;
pub mod game;
pub mod hub;
pub mod message;
pub mod movegen;
pub mod mv;
pub mod notation;
pub mod pdn;
pub mod perft;
pub mod position;
pub mod setup;
pub mod square;
pub mod variant;
pub mod variation;

pub use bitboard::Bitboard;
pub use fen::{parse_fen, parse_setup, write_fen, FenError, ParseFenError};
pub use game::{DrawReason, Game, GameError, PdnTags, Status, WinReason};
pub use movegen::fast;
pub use mv::Move;
pub use notation::{move_to_text, parse_move, MoveTextError};
pub use pdn::{parse_games, read_game, ParsePdnError, PdnError, PdnGame};
pub use perft::{divide, perft, perft_threads};
pub use position::{Counts, IllegalMoveError, Position, PositionError, SetupProblem};
pub use setup::{Piece, Role, Setup};
pub use square::{ByColor, Color, Geometry, Square};
pub use variant::{ParseVariantError, Rules, Variant};
