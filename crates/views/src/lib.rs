//! # draughts-views
//!
//! What the page shows, as plain values built and tested natively from [`draughts_rules`]: one
//! [`snapshot`] of everything drawn per change, shared-game [`link`]s, the board [`editor`], and
//! why a piece cannot move ([`explain`]). The three wasm modules (the page's, the computer's
//! worker's, the tables builder's) only serialize these, through [`convert`]; none of them
//! exports anything from here, so each links only what it calls.

#[cfg(target_arch = "wasm32")]
pub mod convert;
pub mod editor;
pub mod explain;
pub mod link;
pub mod snapshot;
