//! `draughts problems`: the share of composed problems whose first solution move the computer
//! finds, within a time or node budget a move.
//!
//! ```text
//! draughts problems --variant V [--time-ms T | --nodes N] [--threads K] [--egdb DIR] [--weights W.weights] [--quiet] FILE…
//! ```
//! A problem is a PDN game with a `[FEN]` set-up and its solution as moves (e.g. the
//! `Cat.*.pdn` collections): solved when the search's move is the solution's first move. The
//! time is the problem's whole budget: iterations begin until it runs out (a game's move stops
//! beginning them at 60% of its time, to leave the rest to the clock).
//! Records without a `[FEN]` set-up or without moves, or whose moves are illegal, are skipped
//! and counted. A miss whose move the search scores as a forced win (by its own search or by
//! the endgame tables) is counted apart ("another forced win"): composed problems often have
//! duals, but such a win is not a proof (the reductions may overlook a defence), so it never
//! counts as solved.
//!
//! Some problems set up the *losing* side to move ("Black to play, White wins": `[FEN "B:…"]`
//! with `[Result "1-0"]`); their first move is the loser's, any of which loses, so the answer is
//! not a move: such a problem is solved when the search proves the side to move lost (a forced
//! loss, by its own search or the tables).

use clap::Args;
use draughts_engine::egdb::Outcome;
use draughts_engine::{Engine, Limits};
use draughts_rules::game::Status;
use draughts_rules::pdn::parse_each_game;
use draughts_rules::Variant;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// Options of `draughts problems`.
#[derive(Args)]
pub struct ProblemsArgs {
    /// The rules of records without a GameType tag.
    #[arg(long, short, value_parser = crate::VariantParser, default_value_t = Variant::International)]
    variant: Variant,
    /// Thinking time per problem (default 1000 unless --nodes is given).
    #[arg(long, value_name = "MS")]
    time_ms: Option<f64>,
    /// Node budget per problem, instead of time (reproducible on any machine).
    #[arg(long, value_name = "N")]
    nodes: Option<u64>,
    /// Search threads.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=draughts_engine::MAX_THREADS as i64))]
    threads: u16,
    /// Endgame tables the search probes (built by `draughts egdb build`), for the problems of
    /// --variant.
    #[arg(long, value_name = "DIR")]
    egdb: Option<PathBuf>,
    /// Searches with the learned weights in FILE (as `draughts tune fit` writes them) instead of
    /// those built in: a candidate measured without a rebuild.
    #[arg(long, value_name = "FILE")]
    weights: Option<PathBuf>,
    /// Prints the summary only.
    #[arg(long, short)]
    quiet: bool,
    /// PDN files of problems.
    #[arg(required = true)]
    files: Vec<PathBuf>,
}

pub fn run(opts: &ProblemsArgs) -> Result<ExitCode, String> {
    let start = Instant::now();
    let clock = move || start.elapsed().as_secs_f64() * 1000.0;
    let mut engine = Engine::new(64);
    engine.set_threads(opts.threads.into());
    if let Some(path) = &opts.weights {
        let tuned = crate::tune::read_weights_for(path, opts.variant)?;
        engine.set_evaluator(draughts_engine::Evaluator::Weights(tuned));
    }
    let time_ms = match (opts.time_ms, opts.nodes) {
        (None, None) => Some(1000.0),
        (t, _) => t,
    };
    let db = crate::open_egdb(opts.egdb.as_deref(), opts.variant)?;
    let (mut solved, mut tried, mut skipped, mut other_wins) = (0usize, 0usize, 0usize, 0usize);
    for path in &opts.files {
        let text = crate::read_pdn_text(path)?;
        for (n, record) in parse_each_game(&text).into_iter().enumerate() {
            // A problem is set up: records from the start position are games (collections of
            // traps and shots mix both).
            let Some(game) = record
                .ok()
                .filter(|r| r.tag("FEN").is_some())
                .and_then(|r| r.replay(opts.variant).ok())
            else {
                skipped += 1;
                continue;
            };
            let Some(solution) = game.moves().first() else {
                skipped += 1;
                continue;
            };
            let pos = &game.positions()[0];
            // The winner as the record's result says (read by the replay in the variant's
            // convention: "1-0" is a win for the side that moves first, Black in English).
            let loser_to_move = match game.status() {
                Status::Win { winner, .. } => winner != pos.turn(),
                _ => false,
            };
            engine.clear();
            let limits = Limits {
                time_ms,
                nodes: opts.nodes,
                clock: Some(&clock),
                whole_time: true,
                egdb: db.as_ref().filter(|_| game.variant() == opts.variant),
                ..Default::default()
            };
            let Some(r) = engine.search(pos, &[], &limits) else {
                skipped += 1;
                continue;
            };
            tried += 1;
            // A forced win (or loss) by the search's own score or by the tables.
            let proven = |outcome: Outcome| {
                let sign = if outcome == Outcome::Win { 1 } else { -1 };
                r.win_in().is_some_and(|n| n * sign > 0) || r.egdb_result() == Some(outcome)
            };
            let ok = if loser_to_move {
                proven(Outcome::Loss)
            } else {
                r.best.same_as(solution)
            };
            let other_win = !ok && !loser_to_move && proven(Outcome::Win);
            solved += usize::from(ok);
            other_wins += usize::from(other_win);
            if !opts.quiet {
                let solution = if loser_to_move {
                    format!("a loss for the side to move ({solution}…)")
                } else {
                    solution.to_string()
                };
                say!(
                    "{} {}#{}: solution {}, found {} (depth {}, score {:+.2})",
                    match (ok, other_win) {
                        (true, _) => "solved",
                        (false, true) => "other win",
                        (false, false) => "missed",
                    },
                    path.file_name().unwrap_or_default().to_string_lossy(),
                    n + 1,
                    solution,
                    r.best,
                    r.depth,
                    r.score as f64 / 100.0
                );
            }
        }
    }
    let budget = match (time_ms, opts.nodes) {
        (Some(t), Some(n)) => format!("{t} ms or {n} nodes"),
        (Some(t), None) => format!("{t} ms"),
        (None, Some(n)) => format!("{n} nodes"),
        (None, None) => unreachable!("a default time is set"),
    };
    say!(
        "solved {solved} of {tried} ({:.1}%) at {budget} a problem, {} thread(s); {other_wins} more answered with another move scored as a forced win; {skipped} records skipped (no set-up, no moves or unreadable)",
        100.0 * solved as f64 / tried.max(1) as f64,
        opts.threads
    );
    Ok(ExitCode::SUCCESS)
}
