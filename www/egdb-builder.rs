//! The endgame tables' builder's wasm module, for the worker that builds tables in the page: the
//! engine's JavaScript API ([`draughts::wasm`]) with the `builder` feature (`EndgameBuilder`,
//! the solver and zlib's compressor) and the fast move generators, without the search.
//! scripts/build-engine builds it after Trunk has built the page's module.

#[cfg(target_arch = "wasm32")]
pub use draughts::wasm::*;
