//! The computer's wasm module, for its Web Worker: the engine's JavaScript API
//! ([`draughts::wasm`]) with the `engine` feature (the search calls and the fast move
//! generators). scripts/build-engine builds it after Trunk has built the page's module.

#[cfg(target_arch = "wasm32")]
pub use draughts::wasm::*;
