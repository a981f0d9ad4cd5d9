//! The endgame tables in the page: built in a worker of their own (`EndgameBuilder`, in the
//! builder's module: `table_builder` below; one pair of tables a call, so the worker reports
//! progress between calls), stored by the page (IndexedDB), and handed to each search worker
//! ([`egdb_load`]), whose searches then probe them, unpacking them within a budget.
//!
//! ```js
//! const plan = egdbPlan(game.link(), "english");   // null, or { variant, pieces, tables: ["0m1k-0m1k", …] }
//! const b = new EndgameBuilder("english", plan.tables);
//! for (const bytes of stored) b.add(bytes);         // throws an EgdbError on a damaged table
//! for (let out; (out = b.step()); ) store(out);     // [{ name, bytes }] a pair at a time
//! egdbLoad("english", bytes);                       // in a search worker: think() uses it
//! ```
use super::*;
use draughts_engine::egdb::Egdb;
use draughts_views::convert::{egdb_error, parse_names};
use draughts_views::engine_view::PlanView;
use std::cell::RefCell;

thread_local! {
    /// The tables this worker's searches probe: one variant's, those handed over.
    static TABLES: RefCell<Option<Egdb>> = const { RefCell::new(None) };
}

/// The most bytes of table values a search worker holds unpacked: about five of the
/// largest English ≤ 5 tables (9.5 MB each), a third of the whole set (151 MB), which an
/// eight-piece position may reach; the tables themselves stay packed (25.7 MB for the
/// whole English set). Measured in docs/measurements/2026-11-performance.md: a search rarely needs more at once.
const UNPACKED_BUDGET: usize = 48 << 20;

/// Runs `f` with the tables of `variant`, if this worker holds any.
pub(super) fn with<T>(variant: Variant, f: impl FnOnce(Option<&Egdb>) -> T) -> T {
    TABLES.with(|t| {
        let t = t.borrow();
        f(t.as_ref()
            .filter(|db| db.variant() == variant && db.max_pieces() > 0))
    })
}

/// The tables a game's position (after `ply` plies; by default its current one) calls for:
/// `null` when the variant cannot be tabled or the position is still far from an ending (more
/// than a few pieces beyond the tables), else `{ variant, pieces, tables }`, every table of the
/// page's size for the variant that the game can still reach (see [`PlanView::at`]).
///
/// # Errors
/// An unknown variant or a record that does not read.
#[wasm_bindgen(js_name = egdbPlan)]
pub fn egdb_plan(record: &str, variant: &str, ply: Option<usize>) -> Result<JsValue, JsValue> {
    init();
    let mut game = super::search::game_from_record(record, variant)?;
    if let Some(ply) = ply {
        game.go_to(ply).map_err(|e| plain(&e.to_string()))?;
    }
    Ok(to_js(&PlanView::at(game.position())))
}

/// The tables any position of a game can reach: those its first position within reach of
/// the tables calls for (a later position's are among them), or `null`, as [`egdb_plan`].
/// For the review, which searches every position of the game.
///
/// # Errors
/// An unknown variant or a record that does not read.
#[wasm_bindgen(js_name = egdbGamePlan)]
pub fn egdb_game_plan(record: &str, variant: &str) -> Result<JsValue, JsValue> {
    init();
    let game = super::search::game_from_record(record, variant)?;
    Ok(to_js(&PlanView::for_game(&game)))
}

/// Hands a table (its file bytes) to this worker's searches, after checking its header (its
/// values are checked against their checksum when first probed: see [`egdb_damaged`]); the
/// worker's tables of another variant are dropped. Returns its name.
///
/// # Errors
/// An unknown variant, or an `EgdbError` when the bytes are not a sound table of it (the
/// worker's tables are then unchanged).
#[wasm_bindgen(js_name = egdbLoad)]
pub fn egdb_load(variant: &str, bytes: Vec<u8>) -> Result<String, JsValue> {
    init();
    let v = parse_variant(variant)?;
    TABLES.with(|t| {
        let mut t = t.borrow_mut();
        if t.as_ref().is_none_or(|db| db.variant() != v) {
            *t = Some(
                Egdb::empty(v)
                    .map_err(egdb_error)?
                    .with_budget(UNPACKED_BUDGET),
            );
        }
        let db = t.as_mut().expect("just set");
        db.add_file(bytes).map(|s| s.name()).map_err(egdb_error)
    })
}

/// The names of the tables this worker holds for `variant`.
#[wasm_bindgen(js_name = egdbLoaded)]
pub fn egdb_loaded(variant: &str) -> Result<Vec<String>, JsValue> {
    let v = parse_variant(variant)?;
    Ok(with(v, |db| {
        db.map(|db| db.signatures().iter().map(|s| s.name()).collect())
            .unwrap_or_default()
    }))
}

/// The names of this worker's tables of `variant` that turned out damaged when first
/// probed (they answer nothing; the page should forget them and build them again).
#[wasm_bindgen(js_name = egdbDamaged)]
pub fn egdb_damaged(variant: &str) -> Result<Vec<String>, JsValue> {
    let v = parse_variant(variant)?;
    Ok(with(v, |db| {
        db.map(|db| db.damaged().iter().map(|s| s.name()).collect())
            .unwrap_or_default()
    }))
}

/// Whether the computer at `level` probes the endgame tables: the levels that search for
/// the best move (4–6). Levels 1–3 pick among near-best moves of a shallow search and never
/// look at them, so their moves call for no tables (the hint and the analysis do).
#[wasm_bindgen(js_name = egdbUsedByLevel)]
pub fn egdb_used_by_level(level: u8) -> bool {
    draughts_engine::Level::new(level).is_some_and(|l| !l.is_noisy())
}

/// Keeps only the named tables (those the game can still reach), freeing the others.
///
/// # Errors
/// An unknown variant or a name that is not a table's.
#[wasm_bindgen(js_name = egdbRetain)]
pub fn egdb_retain(variant: &str, names: Vec<String>) -> Result<(), JsValue> {
    let v = parse_variant(variant)?;
    let keep = parse_names(&names)?;
    TABLES.with(|t| {
        if let Some(db) = t.borrow_mut().as_mut().filter(|db| db.variant() == v) {
            db.retain(|s| keep.contains(&s));
        }
    });
    Ok(())
}
