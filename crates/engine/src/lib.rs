//! The computer opponent: an alpha-beta [`Engine`], six playing [`Level`]s, and two baseline
//! players ([`random_move`], [`greedy_move`]) to measure it against.
//!
//! Nothing here reads the system clock: hosts pass a millisecond clock (natively built on
//! `Instant`, in a browser on `performance.now()`) or search by depth and node budgets, which
//! makes results reproducible.
//!
//! ```
//! use draughts_engine as ai;
//! use draughts_rules::{Position, Variant};
//!
//! let pos = Position::new(Variant::English);
//! let mut engine = ai::Engine::new(4);
//! let limits = ai::Limits { depth: Some(6), ..Default::default() };
//! let result = engine.search(&pos, &[], &limits).unwrap();
//! assert!(pos.legal_moves().iter().any(|m| m.same_as(&result.best)));
//!
//! // The weakest level, reproducibly.
//! let m = ai::best_move(&pos, ai::Level::BEGINNER, 7, None).unwrap();
//! assert!(pos.is_legal(&m));
//! ```

pub mod book;
pub mod egdb;
pub mod eval;
pub mod learned;
pub mod puzzles;
pub mod review;
pub mod rng;
pub mod search;
pub mod terms;
pub mod tt;
pub mod weights;
pub mod zobrist;

pub use book::Book;
pub use eval::{evaluate, Evaluator};
pub use rng::Rng;
#[cfg(all(target_arch = "wasm32", target_feature = "atomics"))]
pub use search::pool_started;
pub use search::{
    Engine, Limits, Line, Lines, SearchResult, EGDB_BOUND, EGDB_WIN, MAX_DEPTH, MAX_LINES,
    MAX_THREADS, WIN, WIN_BOUND,
};

use draughts_rules::fast;
use draughts_rules::mv::Move;
use draughts_rules::position::Position;
use std::fmt;

/// A playing strength from 1 (Beginner) to 6 (Master).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Level(u8);

/// How a level plays: search depth, thinking time, and how much it errs.
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct LevelSettings {
    pub depth: u32,
    /// Thinking time per move when the host supplies a clock.
    pub time_ms: Option<f64>,
    /// Node budget when it does not (keeps the strength comparable without a clock).
    pub nodes: Option<u64>,
    /// Random noise added to each root move's score, in hundredths of a man (0 = none).
    pub noise: i32,
    /// Chance, in percent, of playing a random move among those within `slack` of the best.
    pub blunder_percent: u32,
    pub slack: i32,
    /// Whether its search plays out, past the horizon, the quiet moves that open a shot: levels
    /// 2–4, whose depth is capped; not the beginner, which sees only the captures that follow,
    /// nor levels 5–6, which search deeper without it (see [`Limits::quiescence_shots`]).
    pub quiescence_shots: bool,
}

impl Level {
    pub const BEGINNER: Level = Level(1);
    pub const MASTER: Level = Level(6);
    pub const ALL: [Level; 6] = [Level(1), Level(2), Level(3), Level(4), Level(5), Level(6)];

    /// The level numbered `n` (1–6).
    pub fn new(n: u8) -> Option<Level> {
        (1..=6).contains(&n).then_some(Level(n))
    }

    pub fn number(self) -> u8 {
        self.0
    }

    pub fn name(self) -> &'static str {
        [
            "Beginner",
            "Novice",
            "Club player",
            "Advanced",
            "Expert",
            "Master",
        ][self.0 as usize - 1]
    }

    pub fn settings(self) -> LevelSettings {
        let s = |depth, time_ms: Option<f64>, nodes: Option<u64>, noise, blunder_percent, slack| {
            LevelSettings {
                depth,
                time_ms,
                nodes,
                noise,
                blunder_percent,
                slack,
                quiescence_shots: depth < MAX_DEPTH,
            }
        };
        match self.0 {
            // Looks one move ahead (with the captures that follow, not the quiet moves that
            // open a shot): it sees what its move leaves to be taken, not the shot a quiet
            // reply prepares, so a careful beginner beats it (py-draughts' 3-ply alpha-beta
            // won +16 =3 -1 against it; at two plies it lost +2 =5 -13, and +5 =6 -9 with the
            // shots played out; see docs/measurements/2026-11-strength.md, "Levels in Elo").
            1 => LevelSettings {
                quiescence_shots: false,
                ..s(1, None, None, 60, 15, 120)
            },
            2 => s(3, None, None, 35, 8, 60),
            3 => s(5, None, None, 12, 0, 0),
            4 => s(8, Some(250.0), Some(200_000), 0, 0, 0),
            // Level 4 is held by its depth (4-8 ms a move natively). Strength grows ever more
            // slowly with nodes: at 400k nodes level 5 was +497 above level 4 and level 6 only
            // +95 above it; at 150k the steps are +383 and +215 (see docs/measurements/2026-11-strength.md, "Levels in Elo").
            5 => s(MAX_DEPTH, Some(150.0), Some(150_000), 0, 0, 0),
            _ => s(MAX_DEPTH, Some(3000.0), Some(4_000_000), 0, 0, 0),
        }
    }

    /// Search limits of this level: depth always; time if `clock` is given, else the node
    /// budget.
    pub fn limits(self, clock: Option<&dyn Fn() -> f64>) -> Limits<'_> {
        let s = self.settings();
        Limits {
            depth: Some(s.depth),
            time_ms: clock.and(s.time_ms),
            nodes: if clock.is_some() { None } else { s.nodes },
            quiescence_shots: s.quiescence_shots,
            clock,
            ..Default::default()
        }
    }

    /// Whether this level picks among near-best moves instead of searching for the best one.
    pub fn is_noisy(self) -> bool {
        self.settings().noise > 0
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.0, self.name())
    }
}

/// A score (hundredths of a man, from the side to move's view) at or below which the computer
/// accepts a draw offer: it sees itself a pawn and a half down, or worse.
pub const ACCEPT_DRAW_AT_MOST: i32 = -150;

/// Whether the computer, having searched `score` for itself, accepts a draw offer.
pub fn accepts_draw(score: i32) -> bool {
    score <= ACCEPT_DRAW_AT_MOST
}

/// Whether `level` plays from an opening book when it has one: levels 4–6 (the weaker levels
/// already vary their play by erring on purpose).
pub fn uses_book(level: Level) -> bool {
    !level.is_noisy()
}

/// The book move `level` plays in `pos`: a weighted random choice among the book's moves,
/// seeded by `seed`, for the levels that use a book; `None` out of book or without one.
pub fn book_move(book: Option<&Book>, pos: &Position, level: Level, seed: u64) -> Option<Move> {
    book.filter(|_| uses_book(level))?.choose(pos, seed)
}

/// Plays at `level` with a reusable engine. Returns `None` when there is no legal move.
///
/// Levels 1–3 score every root move and choose with seeded noise (so they err, but never
/// blindly); levels 4–6 play from `book` while the position is in it (a seeded weighted
/// choice, see [`book::Book::choose`]), else search normally. `history` is as for
/// [`Engine::search`]. Pass no book to skip it.
pub fn choose_move(
    engine: &mut Engine,
    pos: &Position,
    history: &[u64],
    level: Level,
    seed: u64,
    clock: Option<&dyn Fn() -> f64>,
    book: Option<&Book>,
) -> Option<Move> {
    if let Some(m) = book_move(book, pos, level, seed) {
        return Some(m);
    }
    let s = level.settings();
    if !level.is_noisy() {
        return engine
            .search(pos, history, &level.limits(clock))
            .map(|r| r.best);
    }
    let scored = engine.score_moves(pos, history, s.depth, s.quiescence_shots, None);
    let best = scored.iter().map(|&(_, v)| v).max()?;
    let mut rng = Rng::new(seed ^ zobrist::hash(pos));
    if s.blunder_percent > 0 && rng.chance(s.blunder_percent) {
        let near: Vec<Move> = scored
            .iter()
            .filter(|&&(_, v)| v >= best - s.slack)
            .map(|&(m, _)| m)
            .collect();
        return Some(near[rng.below(near.len())]);
    }
    scored
        .iter()
        .map(|&(m, v)| {
            // Never let noise hide a forced win or walk into a forced loss.
            let noisy = if v.abs() > WIN_BOUND {
                v
            } else {
                v + rng.symmetric(s.noise)
            };
            (m, noisy)
        })
        .max_by_key(|&(_, v)| v)
        .map(|(m, _)| m)
}

/// The move `level` plays in `pos`, with a fresh engine and no book (see [`choose_move`]).
pub fn best_move(
    pos: &Position,
    level: Level,
    seed: u64,
    clock: Option<&dyn Fn() -> f64>,
) -> Option<Move> {
    let mut engine = Engine::new(if level.number() >= 4 { 16 } else { 2 });
    choose_move(&mut engine, pos, &[], level, seed, clock, None)
}

/// A uniformly random legal move.
pub fn random_move(pos: &Position, rng: &mut Rng) -> Option<Move> {
    let moves = fast::legal_moves(pos);
    (!moves.is_empty()).then(|| moves[rng.below(moves.len())])
}

/// The move that wins the most material at once (captured value, plus a crowning), ties
/// broken at random: a one-ply baseline.
pub fn greedy_move(pos: &Position, rng: &mut Rng) -> Option<Move> {
    let w = eval::Weights::of(pos.variant());
    let gain = |m: &Move| -> i32 {
        m.captures()
            .iter()
            .map(|&sq| eval::piece_value(pos, sq))
            .sum::<i32>()
            + if m.promotes() { w.king - eval::MAN } else { 0 }
    };
    let moves = fast::legal_moves(pos);
    let top = moves.iter().map(gain).max()?;
    let best: Vec<&Move> = moves.iter().filter(|m| gain(m) == top).collect();
    Some(*best[rng.below(best.len())])
}

/// The hashes to pass as `history` to [`Engine::search`] for a game: the positions before the
/// current one since the last irreversible move (a man move or a capture), oldest first.
pub fn game_history(game: &draughts_rules::game::Game) -> Vec<u64> {
    let positions = game.positions();
    let moves = game.moves();
    let mut first = positions.len() - 1;
    while first > 0 {
        let (before, m) = (&positions[first - 1], &moves[first - 1]);
        let king_move = before.kings().contains(before.geometry().bit(m.from()));
        if m.is_capture() || !king_move {
            break;
        }
        first -= 1;
    }
    positions[first..positions.len() - 1]
        .iter()
        .map(zobrist::hash)
        .collect()
}
