//! The offline tools behind `draughts tune` and `draughts book build`, a library so that their
//! tests can call them: fitting the learned evaluation to data ([`fitting`]) and building the
//! opening books ([`book_build`]). The engine plays with what they make and knows nothing of
//! them.

pub mod book_build;
pub mod fitting;
pub mod puzzle_mining;
