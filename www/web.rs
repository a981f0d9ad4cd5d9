//! The web page's wasm module: the engine's JavaScript API ([`draughts::wasm`]) as a cdylib of its
//! own. Trunk builds this example (see Trunk.toml) so that the CLI binary is not built for wasm32.

#[cfg(target_arch = "wasm32")]
pub use draughts::wasm::*;
