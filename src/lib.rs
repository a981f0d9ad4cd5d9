//! # draughts (the browser game)
//!
//! The page's WebAssembly module: [`wasm`] only converts between JavaScript and the game, and
//! the game knowledge the page shows is built here, natively and tested natively, from
//! [`draughts_rules`]: a game in play with its clock ([`session`]), one [`snapshot`] of
//! everything drawn per change, what the pickers list ([`lists`]), shared-game [`link`]s, the
//! board [`editor`], and why a piece cannot move ([`explain`]); and what the computer's answers
//! look like to the page ([`engine_view`]: a search's move, the analysis, a review, the endgame
//! tables a game calls for).
//!
//! The computer's worker and the endgame-table builder's worker have modules of their own
//! (crates/web-engine, crates/web-builder), so the page's first load carries neither the search
//! nor the bitboard move generators: the page's module never calls [`engine_view`], which only
//! the computer's module converts.

pub mod editor;
pub mod engine_view;
pub mod explain;
pub mod link;
pub mod lists;
pub mod session;
pub mod snapshot;
#[cfg(target_arch = "wasm32")]
pub mod wasm;
