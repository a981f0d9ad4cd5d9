//! The computer's helper threads in the page, in its threaded module only (built with atomics
//! and shared memory by scripts/build-engine, and loaded where the page is cross-origin
//! isolated): the search's helpers (see `draughts_engine::search`'s threads) run on a rayon
//! pool, and each of the pool's threads is a Web Worker that the computer's worker starts on
//! the same module and memory (www/engine-helper.js).
//!
//! ```js
//! startThreads(3);    // the pool, its three threads waiting for workers to run them
//! // three workers, each: await init({ module_or_path: module, memory }); runThread();
//! threadsReady();     // once all three run: searches use four threads
//! ```
use super::*;
use draughts_engine as ai;
use rayon_core::{ThreadBuilder, ThreadPool, ThreadPoolBuilder};
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::sync::Mutex;

/// The pool's threads not yet taken by a worker (see [`run_thread`]).
static WAITING: Mutex<Vec<ThreadBuilder>> = Mutex::new(Vec::new());
/// The pool, from [`start_threads`] until [`threads_ready`] hands it to the search.
static POOL: Mutex<Option<ThreadPool>> = Mutex::new(None);
/// Whether [`start_threads`] built its pool (a failed build may be tried again): once per
/// module instance.
static STARTED: AtomicBool = AtomicBool::new(false);

/// Builds a pool of `helpers` threads (1 to 63), each waiting for a worker to run it
/// ([`run_thread`]). Once per module instance.
///
/// # Errors
/// A count out of range, or a pool already built.
#[wasm_bindgen(js_name = startThreads)]
pub fn start_threads(helpers: usize) -> Result<(), JsValue> {
    if !(1..ai::MAX_THREADS).contains(&helpers) {
        return Err(plain(&format!(
            "{helpers} helper threads: 1 to {} can be had",
            ai::MAX_THREADS - 1
        )));
    }
    let mut pool = POOL.lock().map_err(|_| poisoned())?;
    // The lock on POOL orders the callers: the flag is read and set under it.
    if STARTED.load(Relaxed) {
        return Err(plain("The computer's threads were started already"));
    }
    // The builder only queues each thread: a worker takes it (run_thread), so building does not
    // wait for the threads to start.
    let built = ThreadPoolBuilder::new()
        .num_threads(helpers)
        .spawn_handler(|thread| {
            WAITING
                .lock()
                .map_err(|_| std::io::Error::other("the pool's queue is poisoned"))?
                .push(thread);
            Ok(())
        })
        .build()
        .map_err(|e| plain(&format!("The computer's threads did not start: {e}")))?;
    STARTED.store(true, Relaxed);
    *pool = Some(built);
    Ok(())
}

fn poisoned() -> JsValue {
    plain("The computer's threads are in an unknown state")
}

/// Runs one of the pool's threads on the calling Web Worker for as long as the module lives:
/// each helper worker calls it once, after posting that it is ready (it does not return).
///
/// # Errors
/// No thread left to run (more workers than [`start_threads`] asked for).
#[wasm_bindgen(js_name = runThread)]
pub fn run_thread() -> Result<(), JsValue> {
    let thread = WAITING.lock().ok().and_then(|mut w| w.pop());
    let thread = thread.ok_or_else(|| plain("No thread of the computer's pool is waiting"))?;
    thread.run();
    Ok(())
}

/// Every thread of the pool runs (each helper worker is in [`run_thread`]): searches use them
/// from now on (the engine clamps each search's threads to the pool's).
///
/// # Errors
/// No pool was started, or it was handed over already.
#[wasm_bindgen(js_name = threadsReady)]
pub fn threads_ready() -> Result<(), JsValue> {
    let pool = POOL.lock().map_err(|_| poisoned())?.take();
    let pool = pool.ok_or_else(|| plain("The computer's threads were not started"))?;
    ai::pool_started(pool).map_err(|_| plain("The computer's threads were started already"))
}
