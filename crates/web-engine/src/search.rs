//! The computer's calls: the move a level plays, a hint, a fixed-depth analysis, the
//! analysis that deepens, and the review of a game.

use super::*;
use draughts_engine::{self as ai, Engine, Level, Limits, SearchResult};
use draughts_rules::mv::Move;
use draughts_rules::position::Position;

/// What a search found.
#[derive(Serialize)]
struct ThoughtView {
    #[serde(rename = "move")]
    mv: MoveView,
    /// Hundredths of a man for the side to move (beyond ±29,000 a forced win or loss); `null`
    /// for the weak levels, which choose among near-best moves instead of trusting one score.
    score: Option<i32>,
    /// Deepest completed iteration (the full-width depth for the weak levels).
    depth: u32,
    nodes: f64,
    /// Nodes per second over `ms`.
    nps: f64,
    ms: f64,
    /// The expected line as move texts, starting with `move`.
    pv: Vec<String>,
    /// Whether the side that searched would accept a draw offer, judging by `score`.
    #[serde(rename = "acceptsDraw")]
    accepts_draw: bool,
    /// Whether the move came from the opening book (then nothing was searched).
    book: bool,
    /// Whether the endgame tables answered (the position is one they hold).
    tables: bool,
}

/// The game behind a record: a link fragment (`#v=…`, as [`DraughtsGame::link`] writes it: the
/// page's way, replayed by move index), a FEN (`W:W31-50:B1-20`) or a PDN game whose moves are
/// replayed.
pub(super) fn game_from_record(record: &str, variant: &str) -> Result<Game, JsValue> {
    let variant = parse_variant(variant)?;
    let text = record.trim();
    if text.starts_with('#') {
        let game = draughts_views::link::read_link(text)
            .map_err(|e| said(Message::new("record.link").with("cause", e.message())))?;
        if game.variant() != variant {
            return Err(plain(&format!(
                "The link is a {} game, not {}",
                game.variant().title(),
                variant.title()
            )));
        }
        return Ok(game);
    }
    read_record(text, variant, 0).map_err(|e| said(e.message()))
}

/// The position to search, or an error when there is nothing to play.
fn position_to_search(game: &Game) -> Result<&Position, JsValue> {
    let status = game.status();
    if status.is_over() {
        return Err(plain(&format!("The game is over ({status})")));
    }
    Ok(game.position())
}

#[allow(clippy::too_many_arguments)]
fn thought(
    pos: &Position,
    best: Move,
    pv: &[Move],
    score: Option<i32>,
    depth: u32,
    nodes: u64,
    ms: f64,
    book: bool,
    tables: bool,
) -> JsValue {
    let mut texts = Vec::with_capacity(pv.len().max(1));
    let mut p = *pos;
    for m in if pv.is_empty() {
        std::slice::from_ref(&best)
    } else {
        pv
    } {
        texts.push(draughts_rules::notation::move_to_text(&p, m));
        p.play_unchecked(m);
    }
    let nodes = nodes as f64;
    to_js(&ThoughtView {
        book,
        mv: MoveView::played(pos, &best),
        accepts_draw: score.is_some_and(ai::accepts_draw),
        score,
        depth,
        nodes,
        nps: if ms > 0.0 {
            (nodes * 1000.0 / ms).round()
        } else {
            0.0
        },
        ms,
        pv: texts,
        tables,
    })
}

fn search_view(pos: &Position, r: &SearchResult, ms: f64) -> JsValue {
    thought(
        pos,
        r.best,
        &r.pv,
        Some(r.score),
        r.depth,
        r.nodes,
        ms,
        false,
        r.from_egdb,
    )
}

/// Runs `limits` on the record's position with a fresh engine (so equal inputs give equal
/// results), timing the search (not the table's allocation) with `performance.now()`.
/// With the endgame tables this worker holds for the game's variant (see [`tables`]).
fn run_search(game: &Game, tt_mb: usize, limits: &Limits) -> Result<JsValue, JsValue> {
    let pos = position_to_search(game)?;
    super::tables::with(game.variant(), |db| {
        let mut limits = *limits;
        if let Some(db) = db {
            limits.egdb = Some(db);
            limits.phase_plies = db.phase_plies(game.positions(), game.moves());
        }
        let mut engine = Engine::new(tt_mb);
        let start = performance_now();
        let r = engine
            .search(pos, &ai::game_history(game), &limits)
            .ok_or_else(|| plain("No legal move"))?;
        Ok(search_view(pos, &r, performance_now() - start))
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
/// (about 0.25, 0.4 and 3 s), or for `time_ms` when given. A book that does not read (damaged,
/// another variant's) is ignored: the computer searches. Blocks until done: call it from a
/// worker.
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
            return Ok(thought(pos, m, &[], None, 0, 0, ms, true, false));
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
        return Ok(thought(
            pos,
            best,
            &[],
            None,
            depth,
            engine.nodes(),
            ms,
            false,
            false,
        ));
    }
    let mut limits = level.limits(Some(&clock));
    if let Some(t) = budget(time_ms) {
        limits.time_ms = Some(t);
    }
    run_search(&game, 16, &limits)
}

/// The move the strongest level would play for the side to move, searching for about
/// `time_ms` (default 1000): `{ move, score, depth, nodes, nps, ms, pv }`. Blocks until done.
///
/// # Errors
/// As [`think`].
#[wasm_bindgen]
pub fn hint(record: &str, variant: &str, time_ms: Option<f64>) -> Result<JsValue, JsValue> {
    init();
    let game = game_from_record(record, variant)?;
    let clock = performance_now;
    let mut limits = Level::MASTER.limits(Some(&clock));
    limits.time_ms = Some(budget(time_ms).unwrap_or(1000.0));
    run_search(&game, 16, &limits)
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
    run_search(&game, 16, &limits)
}

/// One depth of an [`AnalysisHandle`], as the page shows it.
#[derive(Serialize)]
struct DepthView {
    depth: u32,
    /// White's score in hundredths of a man (beyond ±29,000 a forced result).
    white: i32,
    /// The score in words: `"+0.35"`, `"White wins in 3"`.
    text: Message,
    /// The best line with move numbers: `"12. 32-28 19-23 13. 37-32"`.
    line: String,
    /// The best move (its `from` and `path` draw the arrow).
    #[serde(rename = "move")]
    mv: MoveView,
    nodes: f64,
    /// Milliseconds since the analysis started.
    ms: f64,
    /// Nothing more to find: a forced result is within the horizon.
    done: bool,
    /// The endgame tables answered: the position is one they hold.
    tables: bool,
    /// Said in place of the depth for a result the tables prove: `"tables: 6 moves to
    /// convert"`, `"from the tables"`.
    detail: Option<Message>,
}

/// The analysis board's engine: one position searched deeper and deeper with one transposition
/// table, a depth per [`AnalysisHandle::deepen`] call, so that a worker can post each depth and
/// stop between two.
///
/// ```js
/// const a = new Analysis(game.link(), "international", 6);  // the position after 6 plies
/// a.over();    // "White wins: Black has no pieces left" when the game is over there
/// a.deepen();  // { depth: 1, white: 0, text: "0.00", line: "4. 33-28", move, nodes, ms, done }
/// ```
#[wasm_bindgen(js_name = Analysis)]
pub struct AnalysisHandle {
    inner: ai::review::Analysis,
    start: f64,
}

#[wasm_bindgen(js_class = Analysis)]
impl AnalysisHandle {
    /// Analyses the position after `ply` plies of the game a record holds (a link, FEN or PDN;
    /// by default its current position).
    ///
    /// # Errors
    /// An unknown variant, a record that does not read, or `ply` beyond its moves.
    #[wasm_bindgen(constructor)]
    pub fn new(record: &str, variant: &str, ply: Option<usize>) -> Result<AnalysisHandle, JsValue> {
        init();
        let mut game = game_from_record(record, variant)?;
        if let Some(ply) = ply {
            game.go_to(ply).map_err(|e| plain(&e.to_string()))?;
        }
        Ok(AnalysisHandle {
            inner: ai::review::Analysis::new(game),
            start: performance_now(),
        })
    }

    /// The result in one line (a message) when the game is over in this position, else
    /// `null`.
    pub fn over(&self) -> JsValue {
        let game = self.inner.game();
        to_js(&StatusView::new(game.status(), game.variant(), None).line)
    }

    /// Searches one ply deeper and returns what it found (see [`DepthView`]), or `null` when
    /// there is nothing more to find (the game is over, or the last depth saw a forced result).
    pub fn deepen(&mut self) -> JsValue {
        let clock = performance_now;
        let variant = self.inner.game().variant();
        let found = super::tables::with(variant, |db| self.inner.deepen(Some(&clock), db));
        let Some(r) = found else {
            return JsValue::NULL;
        };
        let game = self.inner.game();
        let pos = game.position();
        let white = ai::review::for_white(r.score, pos.turn());
        to_js(&DepthView {
            depth: r.depth,
            white,
            text: if r.from_egdb && r.score == 0 {
                Message::new("eval.tables-draw")
            } else {
                ai::review::score_message(white)
            },
            detail: if r.from_egdb && r.score == 0 {
                Some(Message::new("eval.tables-source"))
            } else {
                ai::review::tables_detail(white)
            },
            tables: r.from_egdb,
            line: ai::review::numbered_line(game, &r.pv),
            mv: MoveView::played(pos, &r.best),
            nodes: r.nodes as f64,
            ms: performance_now() - self.start,
            done: self.inner.is_done(),
        })
    }
}

/// A judged move of a review, as the move list marks it.
#[derive(Serialize)]
struct VerdictView {
    ply: usize,
    /// `"inaccuracy"`, `"mistake"` or `"blunder"`.
    judgement: &'static str,
    /// `?!`, `?` or `??`.
    symbol: &'static str,
    /// Hundredths of a man lost against the best move.
    loss: i32,
    /// The engine's move, when the game's was not it.
    best: Option<String>,
    /// `"Blunder: loses 2.35. Better: 32-28"`.
    text: Message,
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
        Ok(ReviewHandle(ai::review::Review::new(game, depth)))
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
    /// moves judged an inaccuracy or worse (see [`VerdictView`]) once all are searched.
    pub fn result(&self) -> JsValue {
        #[derive(Serialize)]
        struct ResultView {
            white: Vec<i32>,
            chart: Vec<f64>,
            verdicts: Vec<VerdictView>,
        }
        let white = self.0.white_scores();
        let verdicts = self
            .0
            .verdicts()
            .into_iter()
            .map(|v| {
                let name = v.judgement.name();
                let loss = format!("{}.{:02}", v.loss / 100, v.loss % 100);
                let code = match name {
                    "inaccuracy" => "verdict.inaccuracy",
                    "mistake" => "verdict.mistake",
                    _ => "verdict.blunder",
                };
                let mut text = Message::new(code).with("loss", loss);
                if let Some(b) = &v.best {
                    text = Message::new("verdict.better")
                        .with("verdict", text)
                        .with("move", b.as_str());
                }
                VerdictView {
                    ply: v.ply,
                    judgement: name,
                    symbol: v.judgement.symbol(),
                    loss: v.loss,
                    best: v.best,
                    text,
                }
            })
            .collect();
        to_js(&ResultView {
            chart: white.iter().map(|&s| ai::review::chart_value(s)).collect(),
            white,
            verdicts,
        })
    }
}
