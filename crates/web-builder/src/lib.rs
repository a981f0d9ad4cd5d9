//! The endgame tables' builder's wasm module, for the page's worker that builds them
//! (www/endgame-tables.js, www/engine-worker.js): [`BuilderHandle`], the retrograde solver and
//! zlib's compressor, which the computer's module leaves out. It links the page's API too (the
//! `draughts` crate, whose conversions it shares). scripts/build-engine builds it after Trunk
//! has built the page's module.
#![cfg(target_arch = "wasm32")]

mod builder;

pub use builder::BuilderHandle;
