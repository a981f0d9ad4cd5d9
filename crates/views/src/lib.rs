//! # draughts-views
//!
//! What the page shows, as plain values built and tested natively from [`draughts_rules`]: a
//! game in play with its clock ([`session`]), one [`snapshot`] of everything drawn per change,
//! what the pickers list ([`lists`]), shared-game [`link`]s and how a link stands to a
//! [`correspondence`] game kept, online play's [`invite`] links, the board [`editor`], why a
//! piece cannot move ([`explain`]), each variant's [`lessons`], the puzzle [`training`] and its
//! [`rating`]s, the game behind a record the
//! computer's worker is given ([`record`]), a PDN collection as games of the page's
//! [`library`], the opening [`explorer`] over a player's imported games and the book, and what
//! the computer's answers look like to the page ([`engine_view`]: a search's move, the
//! analysis, a review, the endgame tables a game calls for; only the computer's module converts
//! these). The five wasm modules (the page's, the study module's, the computer's worker's, the
//! tables builder's, online play's) only serialize these, through [`convert`]; none of them
//! exports anything from here, so each links only what it calls.

#[cfg(target_arch = "wasm32")]
pub mod convert;
pub mod correspondence;
pub mod editor;
pub mod engine_view;
pub mod explain;
pub mod explorer;
pub mod invite;
pub mod lessons;
pub mod library;
pub mod link;
pub mod lists;
pub mod rating;
pub mod record;
pub mod session;
pub mod snapshot;
pub mod training;
