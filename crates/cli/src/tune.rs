//! `draughts tune`: regenerates the learned evaluation's weights from data.
//!
//! ```text
//! draughts tune gen --variant V --games N --nodes K [--seed S] [--learned | --weights W.weights] --out FILE
//! draughts tune pdn --variant V --out FILE PDN...
//! draughts tune fit --variant V --data FILE... [--lambda L] [--iterations I] [--regions] --out FILE.weights
//! draughts tune speed --variant V [--depth D] [--rounds R]
//! ```
//! `gen` plays the engine against itself from random openings and writes its quiet positions
//! with the results; `pdn` does the same for the games of records; `fit` fits the weights to
//! those positions and writes the weights file (`crates/engine/weights/<variant>.weights`) the engine builds in,
//! printing the error before and after on held-out games; `speed` compares the search's nodes
//! per second with the learned and the hand-made evaluation. See `draughts_cli::fitting`.

use clap::{Args, Subcommand};
use draughts_cli::fitting::{self, Dataset, FitOptions, SelfPlay};
use draughts_engine::learned::Tuned;
use draughts_engine::Evaluator;
use draughts_rules::Variant;
use std::io::{BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

#[derive(Subcommand)]
pub enum TuneCommand {
    /// Self-play: the engine against itself at a node budget, from random openings.
    Gen(GenArgs),
    /// The quiet positions of game records, labelled by their results.
    Pdn(PdnArgs),
    /// Fits the weights to data files and writes them as a weights file.
    Fit(FitArgs),
    /// Search speed (nodes per CPU second) with the learned and the hand-made evaluation.
    Speed(SpeedArgs),
}

#[derive(Args)]
pub struct SpeedArgs {
    #[arg(long, short, value_parser = crate::VariantParser, default_value_t = Variant::International)]
    variant: Variant,
    /// Depth of each search.
    #[arg(long, short, default_value_t = 10)]
    depth: u32,
    /// Rounds of both evaluations; the best round of each is reported.
    #[arg(long, default_value_t = 3)]
    rounds: usize,
}

#[derive(Args)]
pub struct GenArgs {
    #[arg(long, short, value_parser = crate::VariantParser, default_value_t = Variant::International)]
    variant: Variant,
    /// Number of games.
    #[arg(long, short = 'n', default_value_t = 1000)]
    games: usize,
    /// Node budget per move.
    #[arg(long, default_value_t = 3000)]
    nodes: u64,
    /// Seeds the random openings.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Plies after which a game counts as drawn.
    #[arg(long, default_value_t = 300)]
    max_plies: usize,
    /// Plays with the learned evaluation in the tree (default: the hand-made one, so that the
    /// data does not depend on the weights it will replace).
    #[arg(long)]
    learned: bool,
    /// Plays with these weights (a file written by `tune fit`; implies --learned), e.g. those
    /// of an earlier commit, to regenerate data played with them.
    #[arg(long)]
    weights: Option<PathBuf>,
    /// The data file to write.
    #[arg(long, short)]
    out: PathBuf,
}

#[derive(Args)]
pub struct PdnArgs {
    #[arg(long, short, value_parser = crate::VariantParser, default_value_t = Variant::International)]
    variant: Variant,
    /// The data file to write.
    #[arg(long, short)]
    out: PathBuf,
    /// PDN files (games of other variants are skipped).
    #[arg(required = true)]
    files: Vec<PathBuf>,
}

#[derive(Args)]
pub struct FitArgs {
    #[arg(long, short, value_parser = crate::VariantParser, default_value_t = Variant::International)]
    variant: Variant,
    /// Data files written by `tune gen` or `tune pdn`.
    #[arg(long, short, required = true, num_args = 1..)]
    data: Vec<PathBuf>,
    /// Weight of the game result in each label; the rest goes to the self-play score.
    #[arg(long, default_value_t = 1.0)]
    lambda: f32,
    /// Full passes over the data.
    #[arg(long, default_value_t = 300)]
    iterations: usize,
    /// Fits a table of each 4×4 region's configurations of men too (boards of dark squares).
    #[arg(long)]
    regions: bool,
    /// Pull of the regions' weights towards zero (per squared hundredth of a man).
    #[arg(long, default_value_t = FitOptions::default().region_regularisation)]
    region_pull: f32,
    /// The weights file to write (e.g. crates/engine/weights/international.weights); none: only
    /// report.
    #[arg(long, short)]
    out: Option<PathBuf>,
}

pub fn run(command: &TuneCommand) -> Result<ExitCode, String> {
    match command {
        TuneCommand::Gen(args) => generate(args),
        TuneCommand::Pdn(args) => records(args),
        TuneCommand::Fit(args) => fit(args),
        TuneCommand::Speed(args) => speed(args),
    }
}

/// This thread's CPU time in seconds (Linux: `/proc/thread-self/schedstat`, so that other
/// work on a shared machine does not count), else the wall clock's.
fn cpu_seconds() -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next()?.parse::<f64>().ok())
        .map_or_else(
            || {
                static ORIGIN: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
                ORIGIN.get_or_init(Instant::now).elapsed().as_secs_f64()
            },
            |ns| ns / 1e9,
        )
}

/// Searches the start and twelve positions of seeded random openings (6–24 plies) to a fixed
/// depth, once with each evaluation per round.
fn speed(args: &SpeedArgs) -> Result<ExitCode, String> {
    use draughts_engine::{Engine, Limits, Rng};
    let mut rng = Rng::new(7);
    let mut positions = vec![draughts_rules::Position::new(args.variant)];
    while positions.len() < 13 {
        let mut pos = draughts_rules::Position::new(args.variant);
        for _ in 0..6 + rng.below(19) {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(&moves[rng.below(moves.len())]);
        }
        if !pos.legal_moves().is_empty() {
            positions.push(pos);
        }
    }
    let mut best = [0.0f64; 2];
    let mut nodes = [0u64; 2];
    for round in 0..args.rounds {
        for (i, hand) in [(0, false), (1, true)] {
            let (mut n, start) = (0, cpu_seconds());
            for pos in &positions {
                let mut engine = Engine::new(16);
                engine.set_evaluator(if hand {
                    Evaluator::HandMade
                } else {
                    Evaluator::Learned
                });
                let limits = Limits {
                    depth: Some(args.depth),
                    ..Default::default()
                };
                n += engine.search(pos, &[], &limits).map_or(0, |r| r.nodes);
            }
            let rate = n as f64 / (cpu_seconds() - start);
            say!(
                "round {}: {:<9} {n} nodes, {:.2}M nodes/s",
                round + 1,
                if hand { "hand-made" } else { "learned" },
                rate / 1e6
            );
            best[i] = best[i].max(rate);
            nodes[i] = n;
        }
    }
    say!(
        "best: learned {:.2}M nodes/s, hand-made {:.2}M nodes/s ({:+.1}%); nodes to depth {}: {} against {}",
        best[0] / 1e6,
        best[1] / 1e6,
        100.0 * (best[0] / best[1] - 1.0),
        args.depth,
        nodes[0],
        nodes[1]
    );
    Ok(ExitCode::SUCCESS)
}

fn create(path: &PathBuf) -> Result<BufWriter<std::fs::File>, String> {
    std::fs::File::create(path)
        .map(BufWriter::new)
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// Reads a weights file written by `tune fit` (kept for the rest of the run) with the variant it
/// was fitted for: another variant's weights index another board.
pub fn read_weights(path: &Path) -> Result<(Variant, &'static Tuned), String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let file =
        draughts_engine::weights::decode(&bytes).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok((file.variant, Box::leak(Box::new(file.tuned))))
}

/// The weights of the file at `path`, refused unless they were fitted for `variant`.
pub fn read_weights_for(path: &Path, variant: Variant) -> Result<&'static Tuned, String> {
    match read_weights(path)? {
        (found, tuned) if found == variant => Ok(tuned),
        (found, _) => Err(format!(
            "{}: {}",
            path.display(),
            draughts_engine::weights::WeightsError::WrongVariant {
                found,
                expected: variant
            }
        )),
    }
}

fn generate(args: &GenArgs) -> Result<ExitCode, String> {
    let evaluator = match &args.weights {
        Some(path) => Evaluator::Weights(read_weights_for(path, args.variant)?),
        None if args.learned => Evaluator::Learned,
        None => Evaluator::HandMade,
    };
    let mut out = create(&args.out)?;
    let start = Instant::now();
    let opts = SelfPlay {
        variant: args.variant,
        games: args.games,
        nodes: args.nodes,
        seed: args.seed,
        max_plies: args.max_plies,
        evaluator,
    };
    let step = (args.games / 20).max(1);
    let n = fitting::self_play(&opts, &mut out, |games, positions| {
        if games % step == 0 {
            eprintln!(
                "{games} games, {positions} positions, {:.0} s",
                start.elapsed().as_secs_f64()
            );
        }
    })
    .and_then(|n| out.flush().map(|_| n))
    .map_err(|e| format!("{}: {e}", args.out.display()))?;
    say!(
        "{} games, {n} positions in {:.1} s",
        args.games,
        start.elapsed().as_secs_f64()
    );
    Ok(ExitCode::SUCCESS)
}

fn records(args: &PdnArgs) -> Result<ExitCode, String> {
    let mut out = create(&args.out)?;
    let (mut games, mut positions) = (0, 0);
    for path in &args.files {
        let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let text = String::from_utf8_lossy(&bytes);
        let (g, p) = fitting::from_records(&text, args.variant, games, &mut out)
            .map_err(|e| format!("{}: {e}", args.out.display()))?;
        say!("{}: {g} games, {p} positions", path.display());
        games += g;
        positions += p;
    }
    out.flush()
        .map_err(|e| format!("{}: {e}", args.out.display()))?;
    say!("{games} games, {positions} positions");
    Ok(ExitCode::SUCCESS)
}

fn fit(args: &FitArgs) -> Result<ExitCode, String> {
    let start = Instant::now();
    let mut data = Dataset::default();
    data.regions = args.regions;
    for path in &args.data {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        data.read(&text, args.variant)
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    if data.is_empty() {
        return Err("no positions to fit".to_owned());
    }
    say!(
        "{} positions ({} held out, {} skipped: captures pending or scored by rule), read in {:.1} s",
        data.len(),
        data.held_out_len(),
        data.skipped,
        start.elapsed().as_secs_f64()
    );
    let k = fitting::fit_k(&data);
    say!("K = {k:.6}");
    data.mix_scores(args.lambda, k);
    let opts = FitOptions {
        iterations: args.iterations,
        region_regularisation: args.region_pull,
        ..Default::default()
    };
    let step = (args.iterations / 10).max(1);
    let result = fitting::fit(&data, args.variant, k, &opts, |it, loss| {
        if it % step == 0 {
            eprintln!("iteration {it}: training error {loss:.6}");
        }
    });
    let show = |name: &str, (train, held): (f64, f64)| {
        say!("{name:<22} training {train:.6}  held out {held:.6}");
    };
    show("hand-made evaluation", result.hand_made);
    show("start (hand-made, mapped)", result.start);
    show("fitted", result.fitted);
    if let Some(out) = &args.out {
        let files: Vec<String> = args.data.iter().map(|p| p.display().to_string()).collect();
        let regions = if args.regions {
            format!(" --regions --region-pull {}", args.region_pull)
        } else {
            String::new()
        };
        let command = format!(
            "draughts tune fit --variant {} --data {} --lambda {} --iterations {}{regions}",
            args.variant.name(),
            files.join(" "),
            args.lambda,
            args.iterations
        );
        let about = format!(
            "{} positions, {} of them held out.",
            data.len(),
            data.held_out_len()
        );
        let file = fitting::weights_file(args.variant, &result, &command, &about);
        std::fs::write(out, file).map_err(|e| format!("{}: {e}", out.display()))?;
        say!("wrote {}", out.display());
    }
    say!("{:.1} s", start.elapsed().as_secs_f64());
    Ok(ExitCode::SUCCESS)
}
