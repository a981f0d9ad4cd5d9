//! # draughts (the browser game)
//!
//! The page's WebAssembly module: [`wasm`] only converts between JavaScript and the game. What
//! the page shows is built natively, and tested natively, in `draughts-views` (crates/views): a
//! game in play with its clock, one snapshot per change, the pickers' lists, links, the editor,
//! explanations, and what the computer's answers look like to the page.
//!
//! The computer's worker and the endgame-table builder's worker have modules of their own
//! (crates/web-engine, crates/web-builder), which share the views but not this module's exports,
//! so the page's first load carries neither the search nor the bitboard move generators, and the
//! workers carry nothing of the page's API.

#[cfg(target_arch = "wasm32")]
pub mod wasm;
