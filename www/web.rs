//! The web page's wasm module: the page's JavaScript API ([`draughts::wasm`]) as a cdylib of its
//! own. Trunk builds this example (see Trunk.toml) rather than the workspace, whose default
//! members include the CLI.

#[cfg(target_arch = "wasm32")]
pub use draughts::wasm::*;
