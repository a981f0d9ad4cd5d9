//! The computer's calls: the move a level plays, a hint, a fixed-depth analysis, the
//! analysis that deepens, and the review of a game.

use super::*;
use draughts_engine::{self as ai, Engine, Level, Limits};
use draughts_rules::position::Position;
use draughts_views::engine_view::{DepthView, IterationView, ReviewView, ThoughtView};
use draughts_views::record;

/// The game behind a record (see [`record::game_from_record`]), for the page's variant name.
pub(super) fn game_from_record(record: &str, variant: &str) -> Result<Game, JsValue> {
    record::game_from_record(record, parse_variant(variant)?).map_err(said)
}

/// The position to search, or the reason there is none, in words.
fn position_to_search(game: &Game) -> Result<&Position, JsValue> {
    record::position_to_search(game).map_err(said)
}

/// Runs `limits` on the record's position with a fresh engine on `threads` threads (on one,
/// equal inputs give equal results), timing the search (not the table's allocation) with `performance.now()`.
/// With the endgame tables this worker holds for the game's variant (see [`tables`]); each
/// completed depth is handed to `on_depth` (see [`IterationView`]) as it is found.
fn run_search(
    game: &Game,
    tt_mb: usize,
    threads: usize,
    limits: &Limits,
    on_depth: Option<&js_sys::Function>,
) -> Result<JsValue, JsValue> {
    let pos = position_to_search(game)?;
    // What the page's function throws is ignored: the search goes on (it is only told).
    let report = |r: &ai::SearchResult| {
        if let Some(f) = on_depth {
            let _ = f.call1(&JsValue::NULL, &to_js(&IterationView::of(r)));
        }
    };
    super::tables::with(game.variant(), |db| {
        let mut limits = *limits;
        if on_depth.is_some() {
            limits.on_iteration = Some(&report);
        }
        if let Some(db) = db {
            limits.egdb = Some(db);
            limits.phase_plies = db.phase_plies(game.positions(), game.moves());
        }
        let mut engine = Engine::new(tt_mb);
        engine.set_threads(threads);
        let start = performance_now();
        let r = engine
            .search(pos, &ai::game_history(game), &limits)
            .ok_or_else(|| plain("No legal move"))?;
        Ok(to_js(&ThoughtView::searched(
            pos,
            &r,
            performance_now() - start,
        )))
    })
}

/// A time budget from JavaScript: positive and finite, else none.
fn budget(ms: Option<f64>) -> Option<f64> {
    ms.filter(|t| t.is_finite() && *t > 0.0)
}

/// The move the computer plays at `level` (1–6) in the game's current position:
/// `{ move, score, depth, nodes, nps, ms, pv, book }`. `record` is the game's PDN (moves
/// played so far; repetitions count) or a FEN. Levels 1–3 search to a fixed depth and err on
/// purpose, seeded by `seed` (same seed, same move); levels 4–6 play from `book` (the
/// variant's book file, as fetched) while the position is in it, a weighted choice seeded
/// by `seed` (`book: true`, nothing searched, `score` null), else think for their time
/// (about 0.25, 0.4 and 3 s), or for `time_ms` when given, calling `on_depth` with
/// `{ depth, nodes }` as each depth is completed. A book that does not read (damaged, another
/// variant's) is ignored: the computer searches. Blocks until done: call it from a worker.
///
/// # Errors
/// An unknown variant or level, a record that does not read, or a game that is over.
#[wasm_bindgen]
pub fn think(
    record: &str,
    variant: &str,
    level: u8,
    seed: Option<u32>,
    time_ms: Option<f64>,
    book: Option<Vec<u8>>,
    on_depth: Option<js_sys::Function>,
) -> Result<JsValue, JsValue> {
    init();
    let level = Level::new(level)
        .ok_or_else(|| plain(&format!("Unknown level {level}: levels are 1 to 6")))?;
    let game = game_from_record(record, variant)?;
    let clock = performance_now;
    let book = book.and_then(|bytes| ai::Book::for_variant(&bytes, game.variant()).ok());
    if let Some(book) = book.filter(|_| ai::uses_book(level)) {
        let pos = position_to_search(&game)?;
        let start = performance_now();
        if let Some(m) = ai::book_move(Some(&book), pos, level, u64::from(seed.unwrap_or(0))) {
            let ms = performance_now() - start;
            return Ok(to_js(&ThoughtView::book(pos, m, ms)));
        }
    }
    if level.is_noisy() {
        let pos = position_to_search(&game)?;
        let mut engine = Engine::new(2);
        let start = performance_now();
        let history = ai::game_history(&game);
        let seed = u64::from(seed.unwrap_or(0));
        let best = ai::choose_move(&mut engine, pos, &history, level, seed, Some(&clock), None)
            .ok_or_else(|| plain("No legal move"))?;
        let ms = performance_now() - start;
        let depth = level.settings().depth;
        return Ok(to_js(&ThoughtView::chosen(
            pos,
            best,
            depth,
            engine.nodes(),
            ms,
        )));
    }
    let mut limits = level.limits(Some(&clock));
    if let Some(t) = budget(time_ms) {
        limits.time_ms = Some(t);
    }
    // Each move has a fresh table: searching a forced move on would only keep the player waiting.
    limits.forced_at_once = true;
    // Levels 4 and 5 keep the strength they were set to; the Master uses every thread.
    let threads = if level == Level::MASTER {
        EVERY_THREAD
    } else {
        1
    };
    run_search(&game, 16, threads, &limits, on_depth.as_ref())
}

/// The move the strongest level would play for the side to move, searching for about
/// `time_ms` (default 1000): `{ move, score, depth, nodes, nps, ms, pv }`, calling `on_depth`
/// as [`think`] does. Blocks until done.
///
/// # Errors
/// As [`think`].
#[wasm_bindgen]
pub fn hint(
    record: &str,
    variant: &str,
    time_ms: Option<f64>,
    on_depth: Option<js_sys::Function>,
) -> Result<JsValue, JsValue> {
    init();
    let game = game_from_record(record, variant)?;
    let clock = performance_now;
    let mut limits = Level::MASTER.limits(Some(&clock));
    limits.time_ms = Some(budget(time_ms).unwrap_or(1000.0));
    limits.forced_at_once = true;
    run_search(&game, 16, EVERY_THREAD, &limits, on_depth.as_ref())
}

/// A search to exactly `depth` plies (1–64) with no time or node limit, for measuring the
/// engine: `{ move, score, depth, nodes, nps, ms, pv, tables }`. Blocks until done.
///
/// # Errors
/// As [`think`], or a depth outside 1–64.
#[wasm_bindgen]
pub fn analyse(record: &str, variant: &str, depth: u32) -> Result<JsValue, JsValue> {
    init();
    if !(1..=ai::MAX_DEPTH).contains(&depth) {
        return Err(plain(&format!(
            "Depth {depth} is out of range: 1 to {}",
            ai::MAX_DEPTH
        )));
    }
    let game = game_from_record(record, variant)?;
    let limits = Limits {
        depth: Some(depth),
        ..Default::default()
    };
    run_search(&game, 16, EVERY_THREAD, &limits, None)
}

/// The analysis board's engine: one position searched deeper and deeper with one transposition
/// table, a depth per [`AnalysisHandle::deepen`] call, so that a worker can post each depth and
/// stop between two.
///
/// ```js
/// const a = new Analysis(game.link(), "international", 6, 3);  // the position after 6 plies, 3 lines
/// a.over();    // "White wins: Black has no pieces left" when the game is over there
/// a.deepen();  // { depth: 1, white: 0, text: "0.00", line: "4. 33-28", move, nodes, ms, done,
///              //   lines: [{ white, text, line, index, detail }, …] }
/// ```
#[wasm_bindgen(js_name = Analysis)]
pub struct AnalysisHandle {
    inner: ai::review::Analysis,
    start: f64,
}

#[wasm_bindgen(js_class = Analysis)]
impl AnalysisHandle {
    /// Analyses the position after `ply` plies of the game a record holds (a link, FEN or PDN;
    /// by default its current position), finding its best `lines` lines at each depth (1 to
    /// [`ai::MAX_LINES`]; by default one).
    ///
    /// # Errors
    /// An unknown variant, a record that does not read, or `ply` beyond its moves.
    #[wasm_bindgen(constructor)]
    pub fn new(
        record: &str,
        variant: &str,
        ply: Option<usize>,
        lines: Option<usize>,
    ) -> Result<AnalysisHandle, JsValue> {
        init();
        let mut game = game_from_record(record, variant)?;
        if let Some(ply) = ply {
            game.go_to(ply).map_err(|e| plain(&e.to_string()))?;
        }
        let lines = lines.unwrap_or(1).clamp(1, ai::MAX_LINES);
        Ok(AnalysisHandle {
            inner: ai::review::Analysis::new(game)
                .with_lines(lines)
                .with_threads(EVERY_THREAD),
            start: performance_now(),
        })
    }

    /// The result in one line (a message) when the game is over in this position, else
    /// `null`.
    pub fn over(&self) -> JsValue {
        to_js(&DepthView::over(self.inner.game()))
    }

    /// Searches one ply deeper and returns what it found (see [`DepthView`]), or `null` when
    /// there is nothing more to find (the game is over, or the last depth saw a forced result).
    pub fn deepen(&mut self) -> JsValue {
        let clock = performance_now;
        let variant = self.inner.game().variant();
        let found = super::tables::with(variant, |db| self.inner.deepen(Some(&clock), db));
        let Some(found) = found else {
            return JsValue::NULL;
        };
        let ms = performance_now() - self.start;
        to_js(&DepthView::with_lines(
            self.inner.game(),
            &found,
            ms,
            self.inner.is_done(),
        ))
    }
}

/// A game review: every position searched to one depth, one per [`ReviewHandle::step`] call (so
/// that a worker can report progress), then the moves judged by [`ai::review::judge`].
///
/// ```js
/// const r = new Review(game.link(), "international");    // default depth
/// while (r.step()) postMessage({ done: r.done(), total: r.total() });
/// r.result();  // { white: [0, 12, …], chart: [0, 0.03, …], verdicts: [{ ply, judgement, … }] }
/// ```
#[wasm_bindgen(js_name = Review)]
pub struct ReviewHandle(ai::review::Review);

#[wasm_bindgen(js_class = Review)]
impl ReviewHandle {
    /// Reviews the game a record holds (a link, FEN or PDN) to `depth` plies (by default
    /// [`ai::review::REVIEW_DEPTH`]).
    ///
    /// # Errors
    /// An unknown variant or a record that does not read.
    #[wasm_bindgen(constructor)]
    pub fn new(record: &str, variant: &str, depth: Option<u32>) -> Result<ReviewHandle, JsValue> {
        init();
        let game = game_from_record(record, variant)?;
        let depth = depth.unwrap_or(ai::review::REVIEW_DEPTH);
        Ok(ReviewHandle(
            ai::review::Review::new(game, depth).with_threads(EVERY_THREAD),
        ))
    }

    /// Positions to search (plies played plus one).
    pub fn total(&self) -> usize {
        self.0.total()
    }

    /// Positions searched so far.
    pub fn done(&self) -> usize {
        self.0.done()
    }

    /// Searches the next position; false when every one is done. Probes this worker's
    /// endgame tables: give it every table `egdbGamePlan` names, or none.
    pub fn step(&mut self) -> bool {
        let variant = self.0.game().variant();
        super::tables::with(variant, |db| self.0.step(db))
    }

    /// `{ white, chart, verdicts }`: White's score per position searched (hundredths of a man),
    /// the same clamped to -1…1 for a chart (±[`ai::review::CHART_SPAN`] fills it), and the
    /// moves judged an inaccuracy or worse once all are searched (see
    /// [`draughts_views::engine_view::ReviewView`]).
    pub fn result(&self) -> JsValue {
        to_js(&ReviewView::of(&self.0))
    }

    /// The mistakes and blunders of the sides named (a player's own: not the computer's) as
    /// puzzle lines (the puzzle file format, theme `mistake`), once every position is searched.
    pub fn mistakes(&mut self, white: bool, black: bool) -> Vec<String> {
        self.0
            .mistake_puzzles(white, black)
            .iter()
            .map(ai::puzzles::write_line)
            .collect()
    }
}
