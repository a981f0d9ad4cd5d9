//! `draughts match`: engine against engine from balanced openings, colours swapped in pairs.
//!
//! ```text
//! draughts match --variant V --games N --a SPEC --b SPEC [--seed S] [--max-plies P]
//!                [--time-ms T] [--nodes N] [--move-time SEC] [--hub-nodes N]
//!                [--sprt ELO0,ELO1] [--pdn FILE] [--quiet]
//! ```
//! SPEC is a level `1`–`6` (`6+egdb`: level 6 probing the endgame tables under `--egdb DIR`;
//! `6+nobook`: level 6 without its opening book; `6+hand`: level 6 with the hand-made evaluation
//! instead of the learned one, to measure them; `6+weights=FILE`: with the learned weights in
//! FILE, as `draughts tune fit` writes them), `random`, `greedy`, or `hub:COMMAND ARGS…`
//! (an external engine speaking the Hub protocol), or `scan:DIR` (Scan 2.0 built in DIR, speaking
//! the first Hub protocol: the sparring partner of ../shared/sparring; International only, given
//! `--move-time` a move). Levels 4–6 play from
//! the engine's opening book of the variant while in it (a seeded weighted choice), unless
//! `--no-book`. `--fens FILE` plays from the positions in FILE (one FEN a line, each played
//! twice, colours swapped) and `--start` from the start position, instead of random balanced
//! openings. `--time-ms`/`--nodes` override the thinking limits of levels 4–6; `--move-time` is
//! what Hub engines get per move, or `--hub-nodes` a node budget (`level nodes=N`, which our own
//! `draughts hub` understands: two builds of this program compared at equal work). `--sprt`
//! stops as soon as a sequential probability ratio test decides between "A is ELO0 stronger"
//! and "A is ELO1 stronger" (α = β = 0.05), the way engine changes are accepted or rejected.
//! Games end by the rules (including the draw rules) or are drawn at the ply cap. The summary
//! counts the distinct openings (the games' first [`OPENING_PLIES`] plies).

use clap::Args;
use draughts_engine::egdb::Egdb;
use draughts_engine::{self as ai, Book, Engine, Evaluator, Level, Limits, Rng};
use draughts_rules::game::{Game, PdnTags, Status};
use draughts_rules::{Color, Move, Position, Variant};
use std::process::ExitCode;
use std::time::Instant;

use crate::hub_client::HubClient;
use crate::hub_v1::HubV1;

/// Options of `draughts match`.
#[derive(Args)]
pub struct MatchArgs {
    /// The rules to play by.
    #[arg(long, short, value_parser = crate::VariantParser, default_value_t = Variant::International)]
    variant: Variant,
    /// The number of games (openings are played twice, colours swapped).
    #[arg(long, short = 'n', default_value_t = 10, value_parser = parse_games)]
    games: usize,
    #[arg(long = "a", value_name = "SPEC", value_parser = parse_spec, help = spec_help())]
    a: PlayerSpec,
    /// Player B, as for --a.
    #[arg(long = "b", value_name = "SPEC", value_parser = parse_spec)]
    b: PlayerSpec,
    /// Seeds the openings and the players' choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Plies after which a game is adjudicated a draw.
    #[arg(long, value_name = "PLIES", default_value_t = 400)]
    max_plies: usize,
    /// Thinking time per move for levels 4-6, overriding the level's: a fixed time per move,
    /// all of it used (none carries over to later moves).
    #[arg(long, value_name = "MS")]
    time_ms: Option<f64>,
    /// Node budget per move for levels 4-6, overriding the level's.
    #[arg(long, value_name = "N")]
    nodes: Option<u64>,
    /// Seconds per move for Hub engines.
    #[arg(long, value_name = "SEC", default_value_t = 1.0)]
    move_time: f64,
    /// Search threads of each level player (levels 4-6).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=ai::MAX_THREADS as i64))]
    threads: u16,
    /// A node budget per move for Hub engines instead of --move-time.
    #[arg(long, value_name = "N")]
    hub_nodes: Option<u64>,
    /// Stops when a sequential probability ratio test accepts H0 (A's gain is ELO0) or H1
    /// (A's gain is ELO1); --games is then the most it plays.
    #[arg(long, value_name = "ELO0,ELO1", value_parser = parse_sprt)]
    sprt: Option<(f64, f64)>,
    /// Writes the games to this PDN file.
    #[arg(long, value_name = "FILE")]
    pdn: Option<String>,
    /// Prints the summary only, not a line per game.
    #[arg(long, short)]
    quiet: bool,
    /// The endgame tables that `N+egdb` players probe (built by `draughts egdb build`).
    #[arg(long, value_name = "DIR")]
    egdb: Option<std::path::PathBuf>,
    /// Plays from these positions (one FEN a line, each twice, colours swapped) instead of
    /// random balanced openings.
    #[arg(long, value_name = "FILE", conflicts_with = "start")]
    fens: Option<std::path::PathBuf>,
    /// Plays every game from the start position instead of random balanced openings (with
    /// opening books, the games still differ).
    #[arg(long)]
    start: bool,
    /// No player uses the opening book (levels 4-6 search from the first move).
    #[arg(long)]
    no_book: bool,
}

/// The plies that name a game's opening in the summary's count of distinct openings.
pub const OPENING_PLIES: usize = 8;

/// Who plays, as given on the command line.
#[derive(Clone, Debug)]
enum PlayerSpec {
    /// A level, whether it probes the endgame tables, whether it uses the opening book, and
    /// whether it evaluates by hand or with other weights than the built-in ones.
    Level(Level, bool, bool, Evaluator),
    Random,
    Greedy,
    Hub(String),
    Scan(std::path::PathBuf),
}

fn parse_games(text: &str) -> Result<usize, String> {
    match text.parse() {
        Ok(0) | Err(_) => Err("expected a number of games, at least 1".to_owned()),
        Ok(n) => Ok(n),
    }
}

fn parse_sprt(text: &str) -> Result<(f64, f64), String> {
    let bad = || format!("expected ELO0,ELO1 with ELO0 < ELO1, e.g. 0,10; got {text:?}");
    let (a, b) = text.split_once(',').ok_or_else(bad)?;
    let (a, b): (f64, f64) = (
        a.trim().parse().map_err(|_| bad())?,
        b.trim().parse().map_err(|_| bad())?,
    );
    if a < b && a.abs() < 400.0 && b.abs() < 400.0 {
        Ok((a, b))
    } else {
        Err(bad())
    }
}

/// The log-likelihood ratio of H1 (expected score `s1`) against H0 (`s0`) after these results,
/// by the normal approximation of the generalized SPRT (the per-game variance estimated from
/// the results, as engine-testing frameworks do).
fn sprt_llr(wins: usize, draws: usize, losses: usize, s0: f64, s1: f64) -> f64 {
    // One draw more than played keeps the variance from vanishing when one result is all
    // there is (the normal approximation needs a spread to work with).
    let (w, d, l) = (wins as f64, draws as f64 + 1.0, losses as f64);
    let n = w + d + l;
    let mean = (w + 0.5 * d) / n;
    let var = (w * (1.0 - mean).powi(2) + d * (0.5 - mean).powi(2) + l * mean.powi(2)) / n;
    (s1 - s0) * (2.0 * mean - s0 - s1) * n / (2.0 * var)
}

/// The SPRT decides after no fewer games than this (the approximation is poor before).
const SPRT_MIN_GAMES: usize = 20;

/// The expected score of a side `elo` points stronger.
fn expected_score(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// What `--a` takes, with the engine's levels.
fn spec_help() -> String {
    let levels = crate::play::level_range();
    format!(
        "Player A: a level ({levels}), random, greedy, hub:COMMAND (an engine speaking Hub) or \
         scan:DIR (Scan 2.0 built in DIR)"
    )
}

fn parse_spec(spec: &str) -> Result<PlayerSpec, String> {
    if let Some(cmd) = spec.strip_prefix("hub:") {
        return Ok(PlayerSpec::Hub(cmd.to_owned()));
    }
    if let Some(dir) = spec.strip_prefix("scan:") {
        return Ok(PlayerSpec::Scan(dir.into()));
    }
    let mut words = spec.split('+');
    let spec = words.next().unwrap_or_default();
    let (mut egdb, mut book, mut eval) = (false, true, Evaluator::Learned);
    for word in words {
        match word {
            "egdb" if !egdb => egdb = true,
            "nobook" if book => book = false,
            "hand" if matches!(eval, Evaluator::Learned) => eval = Evaluator::HandMade,
            w if w.starts_with("weights=") && matches!(eval, Evaluator::Learned) => {
                let path = std::path::Path::new(&w["weights=".len()..]);
                eval = Evaluator::Weights(crate::tune::read_weights(path)?.1);
            }
            _ => {
                return Err(format!(
                    "unknown option +{word}: +egdb, +nobook, +hand and +weights=FILE are known"
                ))
            }
        }
    }
    let plain = !egdb && book && matches!(eval, Evaluator::Learned);
    match spec {
        "random" if plain => Ok(PlayerSpec::Random),
        "greedy" if plain => Ok(PlayerSpec::Greedy),
        n => crate::play::parse_level(n)
            .map(|l| PlayerSpec::Level(l, egdb, book, eval))
            .map_err(|_| {
                let levels = crate::play::level_range();
                format!("expected a level ({levels}), random, greedy, hub:COMMAND or scan:DIR")
            }),
    }
}

enum Player {
    /// A level, its engine, whether it probes the endgame tables, whether it uses the book,
    /// and what it evaluates with.
    Level(Level, Box<Engine>, bool, bool),
    Random,
    Greedy,
    Hub(HubClient),
    Scan(HubV1),
}

impl Player {
    fn new(spec: &PlayerSpec, variant: Variant, threads: u16) -> Result<Player, String> {
        Ok(match spec {
            PlayerSpec::Level(l, egdb, book, eval) => {
                let mut engine = Engine::new(32);
                engine.set_threads(threads.into());
                engine.set_evaluator(*eval);
                Player::Level(*l, Box::new(engine), *egdb, *book)
            }
            PlayerSpec::Random => Player::Random,
            PlayerSpec::Greedy => Player::Greedy,
            PlayerSpec::Hub(cmd) => Player::Hub(HubClient::start(cmd, variant)?),
            PlayerSpec::Scan(_) if variant != Variant::International => {
                return Err(format!(
                    "Scan 2.0 plays International draughts, not {variant}"
                ))
            }
            PlayerSpec::Scan(dir) => Player::Scan(HubV1::start_scan(dir)?),
        })
    }

    fn name(&self) -> String {
        match self {
            Player::Level(l, engine, egdb, book) => format!(
                "level {} ({}){}{}{}",
                l.number(),
                l.name(),
                if *egdb { " with endgame tables" } else { "" },
                if !*book && ai::uses_book(*l) {
                    " without book"
                } else {
                    ""
                },
                match engine.evaluator() {
                    Evaluator::Learned => "",
                    Evaluator::HandMade => " hand-made evaluation",
                    Evaluator::Weights(_) => " other weights",
                }
            ),
            Player::Hub(h) => format!("hub {}", h.name),
            Player::Scan(s) => s.name.clone(),
            Player::Random => "random".to_owned(),
            Player::Greedy => "greedy".to_owned(),
        }
    }

    fn new_game(&mut self) -> Result<(), String> {
        match self {
            Player::Level(_, e, _, _) => e.clear(),
            Player::Hub(h) => h.send("new-game")?,
            Player::Scan(s) => s.new_game()?,
            _ => {}
        }
        Ok(())
    }

    fn choose(
        &mut self,
        game: &Game,
        rng: &mut Rng,
        opts: &MatchArgs,
        clock: &dyn Fn() -> f64,
        db: Option<&Egdb>,
        book: Option<&Book>,
    ) -> Result<(Move, Option<Searched>), String> {
        let pos = game.position();
        let none = || "no legal move".to_owned();
        let unsearched = |m: Option<Move>| m.map(|m| (m, None)).ok_or_else(none);
        match self {
            Player::Random => unsearched(ai::random_move(pos, rng)),
            Player::Greedy => unsearched(ai::greedy_move(pos, rng)),
            Player::Hub(h) => Ok((h.best_move(game, opts.move_time, opts.hub_nodes)?, None)),
            Player::Scan(s) => {
                let (m, t) = s.best_move(game, (opts.move_time * 1000.0).round() as u64)?;
                Ok((
                    m,
                    Some(Searched {
                        depth: t.depth,
                        nodes: t.nodes,
                    }),
                ))
            }
            Player::Level(level, engine, egdb, uses_book) => {
                let history = ai::game_history(game);
                let seed = rng.next_u64();
                let book = book.filter(|_| *uses_book);
                if let Some(m) = ai::book_move(book, pos, *level, seed) {
                    return Ok((m, None));
                }
                let db = db.filter(|_| *egdb && !level.is_noisy());
                if db.is_none()
                    && (level.is_noisy() || (opts.time_ms.is_none() && opts.nodes.is_none()))
                {
                    return unsearched(ai::choose_move(
                        engine,
                        pos,
                        &history,
                        *level,
                        seed,
                        Some(clock),
                        None,
                    ));
                }
                let mut limits = level.limits(Some(clock));
                if opts.time_ms.is_some() {
                    // A fixed time per move: what one move leaves unused no later move gets.
                    limits.time_ms = opts.time_ms;
                    limits.whole_time = true;
                }
                if opts.nodes.is_some() {
                    limits.nodes = opts.nodes;
                    limits.time_ms = opts.time_ms;
                }
                if let Some(db) = db {
                    limits.egdb = Some(db);
                    limits.phase_plies = db.phase_plies(game.positions(), game.moves());
                }
                engine
                    .search(pos, &history, &limits)
                    .map(|r| {
                        let searched = Searched {
                            depth: r.depth,
                            nodes: r.nodes,
                        };
                        (r.best, Some(searched))
                    })
                    .ok_or_else(none)
            }
        }
    }
}

/// An opening for game pair `pair`: 2–4 random plies whose result a short search finds level.
/// Judged by the hand-made evaluation, so the openings stay the same whatever is measured.
fn opening(variant: Variant, seed: u64, pair: usize) -> Vec<Move> {
    let mut rng = Rng::new(seed.wrapping_mul(0x9E37).wrapping_add(pair as u64));
    let mut engine = Engine::new(2);
    engine.set_evaluator(Evaluator::HandMade);
    let mut fallback = Vec::new();
    for attempt in 0..200 {
        let mut pos = Position::new(variant);
        let plies = 2 + rng.below(3);
        let mut line = Vec::new();
        for _ in 0..plies {
            let Some(m) = ai::random_move(&pos, &mut rng) else {
                break;
            };
            pos.play_unchecked(&m);
            line.push(m);
        }
        if attempt == 0 {
            fallback = line.clone();
        }
        let limits = Limits {
            depth: Some(6),
            ..Default::default()
        };
        if let Some(r) = engine.search(&pos, &[], &limits) {
            if r.score.abs() <= 35 {
                return line;
            }
        }
    }
    fallback
}

/// Runs the match.
///
/// # Errors
/// A Hub engine that does not start or misbehaves, or a PDN file that cannot be written.
pub fn run(opts: &MatchArgs) -> Result<ExitCode, String> {
    let start = Instant::now();
    let clock = move || start.elapsed().as_secs_f64() * 1000.0;
    let players = [
        Player::new(&opts.a, opts.variant, opts.threads)?,
        Player::new(&opts.b, opts.variant, opts.threads)?,
    ];
    let book = if opts.no_book {
        None
    } else {
        ai::book::builtin(opts.variant)
    };
    let db = open_tables(opts)?;
    let starts = read_starts(opts)?;
    let names = [players[0].name(), players[1].name()];
    say!(
        "{} match, {} games: A = {}, B = {}",
        opts.variant,
        opts.games,
        names[0],
        names[1]
    );
    let mut arena = Arena {
        opts,
        players,
        clock: &clock,
        db,
        book,
        rng: Rng::new(opts.seed),
    };
    let mut tally = Tally::default();
    let mut pdn_out = String::new();
    let mut opening_moves = Vec::new();
    let mut verdict = None;
    for g in 0..opts.games {
        if g % 2 == 0 && starts.is_none() && !opts.start {
            opening_moves = opening(opts.variant, opts.seed, g / 2);
        }
        // A plays White's side of the start position in even games.
        let a_color = if g % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let mut game = start_game(opts.variant, starts.as_deref(), g, &opening_moves);
        let capped = arena.play(&mut game, a_color, g, &mut tally.thought)?;
        let first_plies = first_plies(&game);
        let (outcome, text) = tally.record(&game, a_color, capped, opts.max_plies);
        tally.openings.insert(first_plies.join(" "));
        if !opts.quiet {
            // From the start position, the opening the players chose; else the one given.
            let open: Vec<String> = if opening_moves.is_empty() && starts.is_none() {
                first_plies
            } else {
                opening_moves.iter().map(|m| m.to_string()).collect()
            };
            say!(
                "game {:>3}: A plays {:<5}  opening {:<18} {:>3} plies  {outcome:<6} {text}",
                g + 1,
                a_color.name(),
                open.join(" "),
                game.moves().len()
            );
        }
        if opts.pdn.is_some() {
            pdn_out.push_str(&game_pdn(&game, g, a_color, &names));
            pdn_out.push('\n');
        }
        tally.played = g + 1;
        if let Some(bounds) = opts.sprt {
            verdict = tally.sprt(bounds);
            if verdict.is_some() {
                break;
            }
        }
    }
    report(opts, &tally, &names, arena.book.as_ref(), verdict);
    if let Some(path) = &opts.pdn {
        std::fs::write(path, pdn_out).map_err(|e| format!("cannot write {path}: {e}"))?;
    }
    Ok(ExitCode::SUCCESS)
}

/// The endgame tables, opened only when a player probes them: a match without `+egdb` players
/// runs without a table directory.
fn open_tables(opts: &MatchArgs) -> Result<Option<Egdb>, String> {
    let uses_egdb = [&opts.a, &opts.b]
        .iter()
        .any(|s| matches!(s, PlayerSpec::Level(_, true, _, _)));
    match (&opts.egdb, uses_egdb) {
        (Some(dir), true) => Ok(Some(
            Egdb::open(dir, opts.variant).map_err(|e| e.to_string())?,
        )),
        (None, true) => Err("a player with +egdb needs --egdb DIR".to_owned()),
        _ => Ok(None),
    }
}

/// The start positions of `--fens`, every one checked before the first game so that a bad
/// line stops the match before any time is spent.
fn read_starts(opts: &MatchArgs) -> Result<Option<Vec<String>>, String> {
    let Some(path) = &opts.fens else {
        return Ok(None);
    };
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let fens: Vec<String> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_owned)
        .collect();
    for fen in &fens {
        Game::from_fen(fen, opts.variant).map_err(|e| format!("{fen}: {e}"))?;
    }
    if fens.is_empty() {
        return Err(format!("{}: no positions", path.display()));
    }
    Ok(Some(fens))
}

/// Game `g` before the players move: its pair's start position and opening plies.
fn start_game(variant: Variant, starts: Option<&[String]>, g: usize, opening: &[Move]) -> Game {
    let mut game = match starts {
        Some(fens) => {
            Game::from_fen(&fens[(g / 2) % fens.len()], variant).expect("checked when read")
        }
        None => Game::new(variant),
    };
    for m in opening {
        game.play(m).expect("openings are played from legal moves");
    }
    game
}

/// The first [`OPENING_PLIES`] plies of a game, which name its opening in the summary.
fn first_plies(game: &Game) -> Vec<String> {
    game.moves()[..game.moves().len().min(OPENING_PLIES)]
        .iter()
        .map(|m| m.to_string())
        .collect()
}

/// Game `g` as a PDN record, the players named by the colour each had.
fn game_pdn(game: &Game, g: usize, a_color: Color, names: &[String; 2]) -> String {
    let (w, b) = if a_color == Color::White {
        (&names[0], &names[1])
    } else {
        (&names[1], &names[0])
    };
    let tags = PdnTags {
        event: Some("draughts match".to_owned()),
        round: Some((g + 1).to_string()),
        white: Some(w.clone()),
        black: Some(b.clone()),
        ..Default::default()
    };
    game.to_pdn(&tags)
}

/// What every game of a match shares: the options, both players (A then B) and what they
/// consult.
struct Arena<'a> {
    opts: &'a MatchArgs,
    players: [Player; 2],
    clock: &'a dyn Fn() -> f64,
    db: Option<Egdb>,
    book: Option<Book>,
    rng: Rng,
}

impl Arena<'_> {
    /// Plays game `g` to its end, A holding `a_color`, adding each player's thinking to
    /// `thought`; true when the ply cap rather than the rules ended it.
    fn play(
        &mut self,
        game: &mut Game,
        a_color: Color,
        g: usize,
        thought: &mut [Thinking; 2],
    ) -> Result<bool, String> {
        let [pa, pb] = &mut self.players;
        pa.new_game().and_then(|_| pb.new_game())?;
        while !game.status().is_over() {
            if game.moves().len() >= self.opts.max_plies {
                return Ok(true);
            }
            let who = usize::from(game.position().turn() != a_color);
            let before = (self.clock)();
            let (m, searched) = self.players[who]
                .choose(
                    game,
                    &mut self.rng,
                    self.opts,
                    self.clock,
                    self.db.as_ref(),
                    self.book.as_ref(),
                )
                .map_err(|e| format!("game {}: {e}", g + 1))?;
            thought[who].add((self.clock)() - before, searched);
            game.play(&m)
                .map_err(|e| format!("game {}: illegal move: {e}", g + 1))?;
        }
        Ok(false)
    }
}

/// How deep a searched move looked (book and random moves are not searched).
#[derive(Clone, Copy)]
struct Searched {
    depth: u32,
    nodes: u64,
}

/// A player's thinking over the match: every move's time, and the searched moves' depth and
/// nodes.
#[derive(Default)]
struct Thinking {
    moves: u64,
    ms: f64,
    searched: u64,
    depth: u64,
    nodes: u64,
}

impl Thinking {
    fn add(&mut self, ms: f64, searched: Option<Searched>) {
        self.moves += 1;
        self.ms += ms;
        if let Some(s) = searched {
            self.searched += 1;
            self.depth += u64::from(s.depth);
            self.nodes += s.nodes;
        }
    }
}

/// The match so far, from A's side.
#[derive(Default)]
struct Tally {
    wins: usize,
    draws: usize,
    losses: usize,
    played: usize,
    /// Per player: how it spent its moves.
    thought: [Thinking; 2],
    /// The distinct openings (first plies) seen.
    openings: std::collections::HashSet<String>,
    /// The SPRT's log-likelihood ratio after the last game.
    llr: f64,
}

impl Tally {
    /// Counts a finished game; its outcome and the reason, as the game's line shows them.
    fn record(
        &mut self,
        game: &Game,
        a_color: Color,
        capped: bool,
        max_plies: usize,
    ) -> (&'static str, String) {
        let status = game.status();
        match status {
            Status::Win { winner, .. } if winner == a_color => {
                self.wins += 1;
                ("A wins", status.to_string())
            }
            Status::Win { .. } => {
                self.losses += 1;
                ("B wins", status.to_string())
            }
            _ => {
                self.draws += 1;
                let why = if capped {
                    format!("draw (adjudicated at {max_plies} plies)")
                } else {
                    status.to_string()
                };
                ("draw", why)
            }
        }
    }

    /// Updates the SPRT between A's gain being `elo0` and `elo1`; the accepted one once the
    /// test decides.
    fn sprt(&mut self, (elo0, elo1): (f64, f64)) -> Option<f64> {
        self.llr = sprt_llr(
            self.wins,
            self.draws,
            self.losses,
            expected_score(elo0),
            expected_score(elo1),
        );
        // Wald's bounds for α = β = 0.05; decided only after whole pairs.
        let bound = (0.95f64 / 0.05).ln();
        let decided =
            self.played % 2 == 0 && self.played >= SPRT_MIN_GAMES && self.llr.abs() >= bound;
        decided.then_some(if self.llr > 0.0 { elo1 } else { elo0 })
    }
}

/// The summary: score with its 95% interval and Elo, openings, thinking time, SPRT verdict.
fn report(
    opts: &MatchArgs,
    tally: &Tally,
    names: &[String; 2],
    book: Option<&Book>,
    verdict: Option<f64>,
) {
    let Tally {
        wins,
        draws,
        losses,
        played,
        llr,
        ..
    } = *tally;
    let n = played as f64;
    let score = (wins as f64 + draws as f64 / 2.0) / n;
    // 95% interval from the spread of per-game scores (1, ½, 0).
    let var = (wins as f64 * (1.0 - score).powi(2)
        + draws as f64 * (0.5 - score).powi(2)
        + losses as f64 * score.powi(2))
        / n;
    let half = 1.96 * (var / n).sqrt();
    let elo = |p: f64| -400.0 * (1.0 / p - 1.0).log10();
    let elo_text = if wins == played || losses == played {
        "Elo difference unbounded (no other result)".to_owned()
    } else {
        let (lo, hi) = ((score - half).max(1e-3), (score + half).min(1.0 - 1e-3));
        format!("Elo {:+.0} [{:+.0}, {:+.0}]", elo(score), elo(lo), elo(hi))
    };
    let [name_a, name_b] = names;
    say!(
        "A {name_a} vs B {name_b}: +{wins} ={draws} -{losses}  score {:.1}% ± {:.1}% (95% CI {:.1}%–{:.1}%), {elo_text}",
        100.0 * score,
        100.0 * half,
        100.0 * (score - half).max(0.0),
        100.0 * (score + half).min(1.0),
    );
    say!(
        "distinct openings (first {OPENING_PLIES} plies): {} of {} games{}",
        tally.openings.len(),
        opts.games,
        match book {
            Some(b) => format!(", {} book of {} positions", opts.variant, b.len()),
            None if opts.no_book => ", no book (--no-book)".to_owned(),
            None => format!(", no {} book", opts.variant),
        }
    );
    for (name, t) in names.iter().zip(&tally.thought) {
        if t.moves > 0 {
            let per_search = match t.searched {
                0 => String::new(),
                n => format!(
                    "; {n} searched: depth {:.1}, {:.0} nodes on average",
                    t.depth as f64 / n as f64,
                    t.nodes as f64 / n as f64
                ),
            };
            say!(
                "{name}: {} moves, {:.0} ms a move on average{per_search}",
                t.moves,
                t.ms / t.moves as f64
            );
        }
    }
    if let Some((elo0, elo1)) = opts.sprt {
        match verdict {
            Some(v) => say!(
                "SPRT [{elo0}, {elo1}]: accepted Elo {v:+} after {played} games (LLR {llr:.2})"
            ),
            None => say!("SPRT [{elo0}, {elo1}]: undecided after {played} games (LLR {llr:.2}, bounds ±2.94)"),
        }
    }
}
