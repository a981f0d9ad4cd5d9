//! The JavaScript API in headless Chromium (`cargo test --target wasm32-unknown-unknown --test web`):
//! one test binary, a module per subject, the shared readers in `helpers`.
#![cfg(target_arch = "wasm32")]

wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

mod helpers;

mod analysis;
mod board;
mod clock;
mod computer;
mod errors;
mod game;
mod records;
mod results;
mod snapshot;
mod tables;
