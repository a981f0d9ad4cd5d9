//! `draughts hub`: the Hub protocol (version 2, as spoken by Scan and the Hub GUI) on
//! stdin/stdout.
//!
//! The text of lines, positions and moves is [`draughts_rules::hub`]'s. The variant is the `variant`
//! parameter, by Scan's names where Scan has them (`normal` for International, `frisian`,
//! `losing` for Antidraughts, `bt` for Breakthrough) and the engine's own otherwise (`english`,
//! …).
//!
//! A reader thread owns stdin so that `stop` and `ping` are answered while the engine thinks.
//!
//! `go think` answers from the engine's opening book of the variant while the position is in it
//! (a weighted random choice; `go ponder` and `go analyze` always search). The `book` parameter
//! (`set-param name=book value=false`) or `draughts hub --no-book` turns it off.
//!
//! `draughts hub --egdb DIR` probes the endgame tables under DIR (built by `draughts egdb
//! build`) at the root and in the tree, for whichever variant is set; the count of a phase's
//! move limit (the 16- and 5-move rules and their like) runs over the `moves` of `pos`, which
//! begin, as Scan's GUI sends them, at the last capture or man's move. The `egdb` parameter
//! turns the probing off and on.

use draughts_engine::egdb::Egdb;
use draughts_engine::{self as ai, Book, Engine, Limits, SearchResult};
use draughts_rules::hub::{arg, move_from_hub, move_to_hub, parse_line, position_from_hub, quote};
use draughts_rules::{Move, Position, Variant};
use std::io::{self, Write};
use std::process::ExitCode;
use std::sync::{mpsc, Arc, Mutex};
use std::time::Instant;

const DEFAULT_TT_MB: usize = 64;

fn send(line: &str) {
    let mut out = io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

/// Seconds kept back from a clock for the GUI's round trip.
const CLOCK_MARGIN_S: f64 = 0.05;

/// How the next search is limited (the `level` command).
#[derive(Clone, Copy, Debug)]
enum Level {
    Depth(u32),
    /// A node budget per move (ours: for engine-against-engine matches at equal work).
    Nodes(u64),
    MoveTime(f64),
    Clock {
        time: f64,
        moves: Option<f64>,
        inc: f64,
    },
    Infinite,
}

impl Level {
    /// Milliseconds to spend on this move, if limited by time.
    fn budget_ms(self) -> Option<f64> {
        self.times_ms().map(|(aim, _)| aim)
    }

    /// Whether this move's budget is all it has: a fixed time per move saves nothing for
    /// later moves, so the search goes on to the deadline. With a clock, the moves share the
    /// time, and what an iteration would not finish in goes to the next move.
    fn is_whole_budget(self) -> bool {
        matches!(self, Level::MoveTime(_))
    }

    /// Whether a forced move is played at once: only a clock keeps the time saved. A time or
    /// node budget per move is lost if unspent, and the search of the forced move fills the
    /// table for the next, as it does for `draughts match`'s level players.
    fn saves_time(self) -> bool {
        matches!(self, Level::Clock { .. })
    }

    /// Milliseconds to aim for on this move and the most it may take when its best move is in
    /// doubt. With a clock: an equal share of what is left over the moves to go (30 when not
    /// given) plus most of the increment, and up to three shares, never more than a third of
    /// what is left, less a margin for the GUI's round trip.
    fn times_ms(self) -> Option<(f64, f64)> {
        match self {
            Level::MoveTime(s) => Some((s * 1000.0, s * 1000.0)),
            Level::Clock { time, moves, inc } => {
                let left = (time - CLOCK_MARGIN_S).max(0.01);
                let moves = moves.unwrap_or(30.0).max(1.0);
                let share = (left / moves + inc * 0.8).min(left * 0.5).max(0.01);
                let most = (share * 3.0).min(left / 3.0).max(share);
                Some((share * 1000.0, most * 1000.0))
            }
            _ => None,
        }
    }
}

fn parse_level(args: &[(String, String)]) -> Result<Level, String> {
    let num = |n: &str| -> Result<Option<f64>, String> {
        arg(args, n)
            .map(|v| {
                v.parse::<f64>()
                    .map_err(|_| format!("level {n}={v:?} is not a number"))
            })
            .transpose()
    };
    if arg(args, "infinite").is_some() {
        return Ok(Level::Infinite);
    }
    if let Some(d) = num("depth")? {
        return Ok(Level::Depth(d.clamp(1.0, ai::MAX_DEPTH as f64) as u32));
    }
    if let Some(n) = num("nodes")? {
        return Ok(Level::Nodes(n.max(1.0) as u64));
    }
    if let Some(t) = num("move-time")? {
        return Ok(Level::MoveTime(t));
    }
    if let Some(time) = num("time")? {
        return Ok(Level::Clock {
            time,
            moves: num("moves")?,
            inc: num("inc")?.unwrap_or(0.0),
        });
    }
    Err("level needs depth=, nodes=, move-time=, time= or infinite".to_owned())
}

/// State shared with the stdin reader thread, which sees `stop`, `ping` and `ponder-hit`
/// while the main thread searches.
#[derive(Default)]
struct Control {
    /// Number of `go` commands read so far; searches are numbered by it.
    gos: u64,
    /// The last search that `stop` applies to.
    stopped: u64,
    /// Whether a search has been asked for and not yet answered with `done`.
    searching: bool,
    /// `ping`s received during a search, answered by the searching thread in order.
    pings: u32,
    /// When `ponder-hit` arrived (ms since start).
    ponder_hit: Option<f64>,
    /// Standard input has ended.
    input_closed: bool,
}

type Shared = Mutex<Control>;

fn lock(shared: &Shared) -> std::sync::MutexGuard<'_, Control> {
    shared.lock().unwrap_or_else(|e| e.into_inner())
}

/// Answers the pings that arrived during a search.
fn answer_pings(shared: &Shared) {
    let n = std::mem::take(&mut lock(shared).pings);
    for _ in 0..n {
        send("pong");
    }
}

/// Options of `draughts hub`.
#[derive(clap::Args)]
pub struct HubArgs {
    /// Search threads (also the Hub parameter `threads`).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=ai::MAX_THREADS as i64))]
    threads: u16,
    /// Searches from the first move instead of playing from the opening book (the `book`
    /// parameter's default; a GUI can still turn it on).
    #[arg(long)]
    no_book: bool,
    /// Endgame tables to probe (a directory built by `draughts egdb build`; also the Hub
    /// parameter `egdb`, on by default when a directory is given). A variant without tables
    /// there is played by the search alone.
    #[arg(long, value_name = "DIR")]
    egdb: Option<std::path::PathBuf>,
}

/// The game so far, as the last `pos` command gave it: its position and the moves after it,
/// with every position they pass through (the last is the one to search; those before it count
/// for repetitions and for the tables' move limits).
struct HubGame {
    positions: Vec<Position>,
    moves: Vec<Move>,
}

impl HubGame {
    fn new(pos: Position) -> HubGame {
        HubGame {
            positions: vec![pos],
            moves: Vec::new(),
        }
    }

    fn pos(&self) -> &Position {
        self.positions.last().expect("a game has a position")
    }

    /// The hashes of the positions before the one to search, for the search's repetitions.
    fn history(&self) -> Vec<u64> {
        let before = &self.positions[..self.positions.len() - 1];
        before.iter().map(ai::zobrist::hash).collect()
    }
}

/// Runs the Hub protocol until `quit` or the end of input.
///
/// # Errors
/// None so far: protocol errors are answered on the protocol (`error message=…`).
pub fn run(opts: &HubArgs) -> Result<ExitCode, String> {
    if let Some(dir) = &opts.egdb {
        if !dir.is_dir() {
            return Err(format!("--egdb {}: no such directory", dir.display()));
        }
    }
    let start = Instant::now();
    let clock = move || start.elapsed().as_secs_f64() * 1000.0;
    let shared: Arc<Shared> = Arc::default();
    let rx = spawn_reader(Arc::clone(&shared), clock);
    let mut session = Session::new(opts, start, &clock);
    for line in rx {
        let (cmd, args) = parse_line(&line);
        match cmd.as_str() {
            "" => {}
            "hub" => session.introduce(),
            "set-param" => session.set_param(&args),
            "init" => {
                session.engine();
                send("ready");
            }
            "new-game" => session.new_game(),
            "ping" => send("pong"),
            "pos" => match read_pos(&args, session.variant) {
                Ok(l) => session.game = l,
                Err(e) => send(&format!("error message={}", quote(&e))),
            },
            "level" => match parse_level(&args) {
                Ok(l) => session.level = l,
                Err(e) => send(&format!("error message={}", quote(&e))),
            },
            "go" => {
                session.go(&args, &shared);
                let mut c = lock(&shared);
                c.searching = false;
                let pings = std::mem::take(&mut c.pings);
                drop(c);
                for _ in 0..pings {
                    send("pong");
                }
            }
            "quit" => return Ok(ExitCode::SUCCESS),
            _ => {} // the protocol says to ignore unknown commands
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// Starts the thread that owns stdin: it answers `stop`, `ping` and `ponder-hit` through
/// `shared` at once, so that they reach a search in progress, and passes every other line on.
fn spawn_reader(
    shared: Arc<Shared>,
    clock: impl Fn() -> f64 + Send + 'static,
) -> mpsc::Receiver<String> {
    let (tx, rx) = mpsc::channel::<String>();
    std::thread::spawn(move || {
        // A line that is not UTF-8 is read lossily rather than ending the session.
        for line in crate::lossy_lines() {
            let Ok(line) = line else { break };
            let (cmd, _) = parse_line(&line);
            let mut c = lock(&shared);
            match cmd.as_str() {
                "stop" => c.stopped = c.gos,
                "ping" if c.searching => c.pings += 1,
                "ponder-hit" => c.ponder_hit = Some(clock()),
                _ => {
                    if cmd == "go" {
                        c.gos += 1;
                        c.searching = true;
                        c.ponder_hit = None;
                    }
                    if cmd == "quit" {
                        // Stops a search in progress, even an infinite one.
                        c.stopped = u64::MAX;
                    }
                    drop(c);
                    if tx.send(line).is_err() {
                        break;
                    }
                }
            }
        }
        // End of input: the GUI is gone; a search that would never end by itself stops,
        // and the engine quits once it has answered.
        lock(&shared).input_closed = true;
        let _ = tx.send("quit".to_owned());
    });
    rx
}

/// What the engine keeps between commands: the parameters the GUI set, the game it gave, and
/// the engine, made at `init` or the first `go` (so that `tt-size` before them costs nothing).
struct Session<'a> {
    opts: &'a HubArgs,
    start: Instant,
    clock: &'a dyn Fn() -> f64,
    variant: Variant,
    tt_mb: usize,
    threads: usize,
    engine: Option<Engine>,
    game: HubGame,
    tables: Option<Egdb>,
    use_tables: bool,
    level: Level,
    /// `go` commands answered so far: the searches' numbers, which `stop` refers to.
    gos: u64,
    use_book: bool,
    book: Option<Book>,
}

impl<'a> Session<'a> {
    fn new(opts: &'a HubArgs, start: Instant, clock: &'a dyn Fn() -> f64) -> Session<'a> {
        let variant = Variant::International;
        Session {
            opts,
            start,
            clock,
            variant,
            tt_mb: DEFAULT_TT_MB,
            threads: usize::from(opts.threads),
            engine: None,
            game: HubGame::new(Position::new(variant)),
            tables: tables_of(opts, variant),
            use_tables: true,
            level: Level::MoveTime(1.0),
            gos: 0,
            use_book: !opts.no_book,
            book: ai::book::builtin(variant),
        }
    }

    /// The engine, made with the current table size and threads if there is none yet.
    fn engine(&mut self) -> &mut Engine {
        let (tt_mb, threads) = (self.tt_mb, self.threads);
        self.engine.get_or_insert_with(|| {
            let mut e = Engine::new(tt_mb);
            e.set_threads(threads);
            e
        })
    }

    /// Answers `hub`: the engine's name and the parameters a GUI may set.
    fn introduce(&self) {
        send(&format!(
            "id name=draughts version={} author=\"draughts contributors\" country=-",
            env!("CARGO_PKG_VERSION")
        ));
        let names: Vec<&str> = Variant::ALL.into_iter().map(Variant::hub_name).collect();
        send(&format!(
            "param name=variant value={} type=enum values={}",
            self.variant.hub_name(),
            quote(&names.join(" "))
        ));
        send(&format!(
            "param name=tt-size value={} type=int min=1 max=4096",
            self.tt_mb
        ));
        send(&format!(
            "param name=book value={} type=bool",
            self.use_book
        ));
        if self.opts.egdb.is_some() {
            send(&format!(
                "param name=egdb value={} type=bool",
                self.use_tables
            ));
        }
        send(&format!(
            "param name=threads value={} type=int min=1 max={}",
            self.threads,
            ai::MAX_THREADS
        ));
        send("wait");
    }

    /// Answers `set-param`; a bad value is answered with an error and changes nothing.
    fn set_param(&mut self, args: &[(String, String)]) {
        let (name, value) = (arg(args, "name"), arg(args, "value").unwrap_or(""));
        match name {
            Some("variant") => match Variant::from_name(value) {
                Some(v) => {
                    self.variant = v;
                    self.game = HubGame::new(Position::new(v));
                    self.book = ai::book::builtin(v);
                    self.tables = tables_of(self.opts, v);
                }
                None => send(&format!(
                    "error message={}",
                    quote(&format!("unknown variant {value}"))
                )),
            },
            Some("tt-size") => match value.parse::<usize>() {
                Ok(mb) => {
                    self.tt_mb = mb.clamp(1, 4096);
                    self.engine = None;
                }
                Err(_) => send("error message=\"tt-size must be a number of megabytes\""),
            },
            Some("book") => match value {
                "true" => self.use_book = true,
                "false" => self.use_book = false,
                _ => send("error message=\"book must be true or false\""),
            },
            Some("egdb") => match value {
                "true" => self.use_tables = true,
                "false" => self.use_tables = false,
                _ => send("error message=\"egdb must be true or false\""),
            },
            Some("threads") => match value.parse::<usize>() {
                Ok(n) if (1..=ai::MAX_THREADS).contains(&n) => {
                    self.threads = n;
                    if let Some(e) = self.engine.as_mut() {
                        e.set_threads(n);
                    }
                }
                _ => send(&format!(
                    "error message=\"threads must be a number from 1 to {}\"",
                    ai::MAX_THREADS
                )),
            },
            _ => {}
        }
    }

    /// Answers `new-game`: the start position, and an engine that forgets the last game.
    fn new_game(&mut self) {
        if let Some(e) = self.engine.as_mut() {
            e.clear();
        }
        self.game = HubGame::new(Position::new(self.variant));
    }

    /// Answers `go`: a move from the book when `think`ing in it, else a search.
    fn go(&mut self, args: &[(String, String)], shared: &Shared) {
        let mode = args.first().map_or("think", |(n, _)| n.as_str());
        self.gos += 1;
        // Games from the book differ from one another: seeded by the time of asking.
        let seed = self.start.elapsed().as_nanos() as u64 ^ self.gos;
        let from_book = self
            .book
            .as_ref()
            .filter(|_| self.use_book && mode == "think")
            .and_then(|b| b.choose(self.game.pos(), seed));
        let (gos, level, clock) = (self.gos, self.level, self.clock);
        self.engine();
        let engine = self.engine.as_mut().expect("made just above");
        let db = self.tables.as_ref().filter(|_| self.use_tables);
        match from_book {
            Some(m) => send(&format!("done move={}", move_to_hub(&m))),
            None => go(engine, &self.game, db, level, mode, shared, gos, clock),
        }
    }
}

/// The tables of `variant`, when a directory was given and holds some of them.
fn tables_of(opts: &HubArgs, variant: Variant) -> Option<Egdb> {
    opts.egdb
        .as_deref()
        .and_then(|d| Egdb::open(d, variant).ok())
}

fn read_pos(args: &[(String, String)], variant: Variant) -> Result<HubGame, String> {
    let text = arg(args, "pos").ok_or("pos needs pos=")?;
    let mut game = HubGame::new(position_from_hub(text, variant)?);
    if let Some(moves) = arg(args, "moves") {
        for t in moves.split_whitespace() {
            let mut next = *game.pos();
            let m = move_from_hub(&next, t)?;
            next.play_unchecked(&m);
            game.positions.push(next);
            game.moves.push(m);
        }
    }
    Ok(game)
}

#[allow(clippy::too_many_arguments)]
fn go(
    engine: &mut Engine,
    game: &HubGame,
    egdb: Option<&Egdb>,
    level: Level,
    mode: &str,
    shared: &Shared,
    number: u64,
    clock: &dyn Fn() -> f64,
) {
    let (pos, history) = (game.pos(), &game.history());
    if pos.legal_moves().is_empty() {
        send("error message=\"no legal move in this position\"");
        send("done move=none");
        return;
    }
    let ponder = mode == "ponder";
    let infinite =
        matches!(level, Level::Infinite) || mode == "analyze" && level.budget_ms().is_none();
    let budget = level.budget_ms();
    // Pondering runs until `stop`, or until the budget has run since `ponder-hit`.
    let stop = || {
        answer_pings(shared);
        let c = lock(shared);
        if c.stopped >= number || (c.input_closed && (ponder || infinite)) {
            return true;
        }
        match (ponder, c.ponder_hit, budget) {
            (true, Some(hit), Some(b)) => clock() - hit >= b,
            _ => false,
        }
    };
    let info = |r: &SearchResult| {
        let secs = (r.time_ms / 1000.0).max(1e-6);
        let pv: Vec<String> = r.pv.iter().map(move_to_hub).collect();
        send(&format!(
            "info depth={} score={:.2} nodes={} time={:.3} nps={:.2} pv={}",
            r.depth,
            r.score as f64 / 100.0,
            r.nodes,
            secs,
            r.nodes as f64 / secs / 1e6,
            quote(&pv.join(" "))
        ));
    };
    let limits = Limits {
        depth: match level {
            Level::Depth(d) => Some(d),
            _ => None,
        },
        time_ms: if ponder || infinite { None } else { budget },
        max_time_ms: if ponder || infinite {
            None
        } else {
            level.times_ms().map(|(_, most)| most)
        },
        whole_time: level.is_whole_budget(),
        forced_at_once: level.saves_time() && !ponder && !infinite,
        clock: Some(clock),
        stop: Some(&stop),
        on_iteration: Some(&info),
        nodes: match level {
            Level::Nodes(n) => Some(n),
            _ => None,
        },
        egdb,
        phase_plies: egdb.map_or(0, |db| db.phase_plies(&game.positions, &game.moves)),
        quiescence_shots: false,
    };
    let result = engine
        .search(pos, history, &limits)
        .expect("a legal move exists");
    // In ponder or infinite mode the GUI expects no answer before `stop` (or, pondering, the
    // end of the budget after `ponder-hit`).
    if ponder || infinite {
        while !stop() {
            std::thread::sleep(std::time::Duration::from_millis(2));
        }
    }
    match result.pv.get(1) {
        Some(p) => send(&format!(
            "done move={} ponder={}",
            move_to_hub(&result.best),
            move_to_hub(p)
        )),
        None => send(&format!("done move={}", move_to_hub(&result.best))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A fixed time per move is spent whole; a clock's share is not (what is left over goes to
    /// the next move), nor is a budget that is not time.
    #[test]
    fn only_a_fixed_time_per_move_is_a_whole_budget() {
        assert!(Level::MoveTime(0.2).is_whole_budget());
        let clock = Level::Clock {
            time: 60.0,
            moves: None,
            inc: 1.0,
        };
        for level in [clock, Level::Depth(8), Level::Nodes(1000), Level::Infinite] {
            assert!(!level.is_whole_budget());
        }
    }
}
