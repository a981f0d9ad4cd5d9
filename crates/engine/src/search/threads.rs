//! The parallel search ("lazy SMP"): helper threads search the same root on the shared
//! transposition table, and the main thread's result is the answer.
//!
//! Natively the helpers are scoped OS threads. In a browser there are no OS threads: the
//! computer's threaded wasm module (built with atomics and shared memory, see
//! scripts/build-engine) runs its helpers on a rayon pool (rayon-core) whose threads are Web
//! Workers, which the page starts and then hands over with [`pool_started`]
//! (crates/web-engine). The single-threaded wasm module has no helpers.

use super::{Engine, Limits, SearchResult, MAX_THREADS};
use draughts_rules::position::Position;

/// The pool the helpers run on, in a threaded wasm module, once its threads all run.
#[cfg(all(target_arch = "wasm32", target_feature = "atomics"))]
static POOL: std::sync::OnceLock<rayon_core::ThreadPool> = std::sync::OnceLock::new();

/// In a threaded wasm module: searches run their helpers on `pool` from now on, at most one on
/// each of its threads (see [`Engine::set_threads`]); its threads must all be running, since a
/// search waits for its helpers. Once: a second pool is handed back.
///
/// # Errors
/// A pool was handed over already.
#[cfg(all(target_arch = "wasm32", target_feature = "atomics"))]
pub fn pool_started(pool: rayon_core::ThreadPool) -> Result<(), rayon_core::ThreadPool> {
    POOL.set(pool)
}

/// How many helper threads this build can run.
fn helper_threads() -> usize {
    #[cfg(all(target_arch = "wasm32", target_feature = "atomics"))]
    return POOL
        .get()
        .map_or(0, rayon_core::ThreadPool::current_num_threads);
    #[cfg(not(all(target_arch = "wasm32", target_feature = "atomics")))]
    return if cfg!(target_arch = "wasm32") {
        0
    } else {
        MAX_THREADS - 1
    };
}

impl Engine {
    /// Searches on `threads` threads from now on (at most [`MAX_THREADS`]; a wasm module
    /// without threads stays on one, a threaded one uses at most its pool's): helper threads
    /// search the same position on the shared transposition table, each from what the others
    /// have stored ("lazy SMP"), and the main thread's result is the answer. Half the helpers
    /// search one ply deeper than the main thread, so that they store what it will need next.
    pub fn set_threads(&mut self, threads: usize) {
        let helpers = (threads.clamp(1, MAX_THREADS) - 1).min(helper_threads());
        self.helpers.truncate(helpers);
        while self.helpers.len() < helpers {
            let mut helper = self.sharing();
            helper.depth_offset = (self.helpers.len() % 2 == 0) as u32;
            self.helpers.push(helper);
        }
    }

    /// The main thread's search while the helpers search the same root until it ends.
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
        let quiescence_shots = limits.quiescence_shots;
        let helper_search = |helper: &mut Engine| {
            let stop = || done.load(Relaxed);
            let limits = Limits {
                depth,
                egdb,
                phase_plies,
                quiescence_shots,
                stop: Some(&stop),
                ..Default::default()
            };
            helper.search_one(pos, history, &limits);
        };
        let main_search = || {
            let result = self.search_one(pos, history, limits);
            done.store(true, Relaxed);
            result
        };
        let result = in_parallel(&mut helpers, &helper_search, main_search);
        let helper_nodes = helpers.iter().map(Engine::nodes).sum();
        self.helpers = helpers;
        result.map(|r| SearchResult {
            threads: 1 + self.helpers.len() as u32,
            helper_nodes,
            ..r
        })
    }
}

/// Runs `helper` on each of `helpers`, each on a thread of its own, while `main` runs on this
/// thread; returns `main`'s result once every helper has returned.
#[cfg(not(target_arch = "wasm32"))]
fn in_parallel<R>(
    helpers: &mut [Engine],
    helper: &(impl Fn(&mut Engine) + Sync),
    main: impl FnOnce() -> R,
) -> R {
    std::thread::scope(|s| {
        for engine in helpers.iter_mut() {
            s.spawn(move || helper(engine));
        }
        main()
    })
}

/// As natively, with the helpers on the pool's threads (Web Workers): `in_place_scope` keeps
/// `main` on this thread, the computer's worker, which alone may call back into JavaScript.
#[cfg(all(target_arch = "wasm32", target_feature = "atomics"))]
fn in_parallel<R>(
    helpers: &mut [Engine],
    helper: &(impl Fn(&mut Engine) + Sync),
    main: impl FnOnce() -> R,
) -> R {
    let Some(pool) = POOL.get() else {
        return main();
    };
    pool.in_place_scope(|s| {
        for engine in helpers.iter_mut() {
            s.spawn(move |_| helper(engine));
        }
        main()
    })
}

/// A wasm module without threads has no helpers ([`Engine::set_threads`] keeps none).
#[cfg(all(target_arch = "wasm32", not(target_feature = "atomics")))]
fn in_parallel<R>(
    helpers: &mut [Engine],
    _helper: &(impl Fn(&mut Engine) + Sync),
    main: impl FnOnce() -> R,
) -> R {
    debug_assert!(helpers.is_empty());
    main()
}
