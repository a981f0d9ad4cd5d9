//! The computer's wasm module, for the page's search worker (www/engine-worker.js): the search
//! calls ([`think`], [`hint`], [`analyse`], the deepening [`AnalysisHandle`] and the
//! [`ReviewHandle`]), the endgame tables the searches probe, and the opening explorer's index
//! ([`ExplorerIndex`], in a worker of its own). It converts what
//! `draughts-views` builds (the game behind a record, the computer's answers) and nothing else;
//! scripts/build-engine builds it after Trunk has built the page's module, which leaves all of
//! this out, and builds it twice: as it is, and threaded (atomics on a shared memory), whose
//! searches also run on helper workers (`src/threads.rs`) where the page is cross-origin isolated.
//!
//! Each call takes the game as the PDN of its moves played (or a FEN), so that repetitions
//! count, and returns `{ move, score, depth, nodes, nps, ms, pv, threads, helperNodes }`:
//!
//! ```js
//! think(g.pdn(), "international", 3, 42);   // level 3, seed 42
//! hint(g.pdn(), "international", 1000);     // search for at most about a second
//! ```
#![cfg(target_arch = "wasm32")]

mod explorer;
mod search;
mod tables;
#[cfg(target_feature = "atomics")]
mod threads;

/// The threads a search asks for: the engine gives it as many as the module has (one in the
/// plain module; in the threaded one, one more than its pool's once its helper workers run, see
/// `threads`).
const EVERY_THREAD: usize = draughts_engine::MAX_THREADS;

pub use explorer::ExplorerIndex;
pub use search::{analyse, hint, think, AnalysisHandle, ReviewHandle};
pub use tables::{
    egdb_damaged, egdb_game_plan, egdb_load, egdb_loaded, egdb_plan, egdb_retain,
    egdb_used_by_level,
};
#[cfg(target_feature = "atomics")]
pub use threads::{run_thread, start_threads, threads_ready};

use draughts_rules::game::Game;
use draughts_rules::variant::Variant;
use draughts_views::convert::{init, parse_variant, performance_now, plain, said, to_js};
use wasm_bindgen::prelude::*;
