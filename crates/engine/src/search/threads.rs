//! The parallel search ("lazy SMP"): helper threads search the same root on the shared
//! transposition table, and the main thread's result is the answer.

use super::Engine;
#[cfg(not(target_arch = "wasm32"))]
use super::{Limits, SearchResult, MAX_THREADS};
#[cfg(not(target_arch = "wasm32"))]
use draughts_rules::position::Position;

impl Engine {
    /// Searches on `threads` threads from now on (natively; a browser's worker stays on one):
    /// helper threads search the same position on the shared transposition table, each from
    /// what the others have stored ("lazy SMP"), and the main thread's result is the answer.
    /// Half the helpers search one ply deeper than the main thread, so that they store what it
    /// will need next.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn set_threads(&mut self, threads: usize) {
        let helpers = threads.clamp(1, MAX_THREADS) - 1;
        self.helpers.truncate(helpers);
        while self.helpers.len() < helpers {
            let mut helper = self.sharing();
            helper.depth_offset = (self.helpers.len() % 2 == 0) as u32;
            self.helpers.push(helper);
        }
    }

    /// In wasm32 there are no threads: the search stays on one. (The command-line tool, which
    /// sets threads, is also compiled for wasm32 when the wasm tests are built.)
    #[cfg(target_arch = "wasm32")]
    pub fn set_threads(&mut self, _threads: usize) {}

    /// The main thread's search while the helpers search the same root until it ends.
    #[cfg(not(target_arch = "wasm32"))]
    pub(super) fn search_parallel(
        &mut self,
        pos: &Position,
        history: &[u64],
        limits: &Limits,
    ) -> Option<SearchResult> {
        use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
        let done = AtomicBool::new(false);
        let mut helpers = std::mem::take(&mut self.helpers);
        let (depth, egdb, phase_plies) = (limits.depth, limits.egdb, limits.phase_plies);
        let result = std::thread::scope(|s| {
            for helper in helpers.iter_mut() {
                let done = &done;
                s.spawn(move || {
                    let stop = || done.load(Relaxed);
                    let limits = Limits {
                        depth,
                        egdb,
                        phase_plies,
                        stop: Some(&stop),
                        ..Default::default()
                    };
                    helper.search_one(pos, history, &limits);
                });
            }
            let result = self.search_one(pos, history, limits);
            done.store(true, Relaxed);
            result
        });
        self.helpers = helpers;
        result
    }
}
