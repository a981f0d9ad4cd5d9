//! # draughts (the browser game)
//!
//! The page's WebAssembly module: [`wasm`] converts between JavaScript and the game. What the
//! page shows is built natively, and tested natively, in `draughts-views` (crates/views): one
//! snapshot per change, links, the editor, explanations.
//!
//! The computer's worker and the endgame-table builder's worker have modules of their own
//! (crates/web-engine, crates/web-builder), which share the views but not this module's exports,
//! so the page's first load carries neither the search nor the bitboard move generators, and the
//! workers carry nothing of the page's API.

#[cfg(target_arch = "wasm32")]
pub mod wasm;
