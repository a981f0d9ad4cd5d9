//! `draughts tune`: regenerates the learned evaluation's weights from data.
//!
//! ```text
//! draughts tune gen --variant V --games N --nodes K [--seed S] [--learned | --weights W.weights] --out FILE
//! draughts tune pdn --variant V --out FILE PDN...
//! draughts tune label --scan DIR --data FILE [--depth D] [--every K] [--offset J] --out FILE
//! draughts tune fit --variant V --data FILE... [--lambda L] [--iterations I] [--regions]
//!                   [--from W.weights] [--pull P] --out FILE.weights
//! draughts tune speed --variant V [--depth D] [--rounds R]
//! ```
//! `gen` plays the engine against itself from random openings and writes its quiet positions
//! with the results; `pdn` does the same for the games of records; `label` has a stronger
//! engine (Scan 2.0, International) score a data file's positions to a fixed depth, for a fit
//! with `--lambda 0` to learn its judgement, `--from` the weights in play; `fit` fits the weights to
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
    /// Scores a data file's positions with Scan 2.0 to a fixed depth: a teacher's labels.
    Label(LabelArgs),
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
pub struct LabelArgs {
    /// Scan 2.0 built in DIR (see ../shared/sparring/README.md); International positions only.
    #[arg(long, value_name = "DIR")]
    scan: PathBuf,
    /// Depth of Scan's search of each position (it reports a score from depth 12 on).
    #[arg(long, default_value_t = 12)]
    depth: u32,
    /// Labels every K-th line of the data file…
    #[arg(long, value_name = "K", default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..))]
    every: u64,
    /// …starting with line J (from 0), so that several runs share one file between them.
    #[arg(long, value_name = "J", default_value_t = 0)]
    offset: u64,
    /// A data file written by `tune gen` or `tune pdn`.
    #[arg(long, short)]
    data: PathBuf,
    /// The data file to write: the same lines with Scan's score (White's, hundredths of a man).
    #[arg(long, short)]
    out: PathBuf,
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
    /// Starts from these weights (a weights file) and pulls towards them instead of the
    /// hand-made ones: fine-tuning the weights in play. With regions exactly when they have them.
    #[arg(long, value_name = "FILE")]
    from: Option<PathBuf>,
    /// Pull of the weights (but the regions') towards the starting ones, per squared hundredth
    /// of a man.
    #[arg(long, default_value_t = FitOptions::default().regularisation)]
    pull: f32,
    /// The weights file to write (e.g. crates/engine/weights/international.weights); none: only
    /// report.
    #[arg(long, short)]
    out: Option<PathBuf>,
}

pub fn run(command: &TuneCommand) -> Result<ExitCode, String> {
    match command {
        TuneCommand::Gen(args) => generate(args),
        TuneCommand::Pdn(args) => records(args),
        TuneCommand::Label(args) => label(args),
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

/// Scan's scores beyond this (a won ending by its bitbases) are cut to it: a sure win either way.
const LABEL_CAP: i32 = 3000;

fn label(args: &LabelArgs) -> Result<ExitCode, String> {
    let start = Instant::now();
    let text =
        std::fs::read_to_string(&args.data).map_err(|e| format!("{}: {e}", args.data.display()))?;
    let mut scan = crate::hub_v1::HubV1::start_scan(&args.scan)?;
    let mut out = create(&args.out)?;
    let (mut labelled, mut skipped) = (0u64, 0u64);
    let chosen = text.lines().enumerate().skip(args.offset as usize);
    for (n, line) in chosen.step_by(args.every as usize) {
        let bad = |what: &str| format!("{} line {}: {what}", args.data.display(), n + 1);
        let cols: Vec<&str> = line.split('\t').collect();
        let [game, result, _, fen] = cols[..] else {
            return Err(bad("expected game, result, score and FEN"));
        };
        let pos = draughts_rules::fen::parse_fen(fen, Variant::International)
            .map_err(|e| bad(&e.to_string()))?;
        // What the fit would skip, Scan is not asked about.
        if !fitting::fittable(&pos) {
            skipped += 1;
            continue;
        }
        let Some(thought) = scan.analyse_to_depth(&pos, args.depth)? else {
            skipped += 1;
            continue;
        };
        let score = thought.score.clamp(-LABEL_CAP, LABEL_CAP);
        let white = if pos.turn() == draughts_rules::Color::White {
            score
        } else {
            -score
        };
        writeln!(out, "{game}\t{result}\t{white}\t{fen}")
            .map_err(|e| format!("{}: {e}", args.out.display()))?;
        labelled += 1;
        if labelled % 1000 == 0 {
            eprintln!(
                "{labelled} positions labelled, {:.0} s",
                start.elapsed().as_secs_f64()
            );
        }
    }
    out.flush()
        .map_err(|e| format!("{}: {e}", args.out.display()))?;
    say!(
        "{labelled} positions labelled at depth {}, {skipped} skipped, in {:.1} s",
        args.depth,
        start.elapsed().as_secs_f64()
    );
    Ok(ExitCode::SUCCESS)
}

fn fit(args: &FitArgs) -> Result<ExitCode, String> {
    let start = Instant::now();
    let from = match &args.from {
        Some(path) => {
            let tuned = read_weights_for(path, args.variant)?;
            if tuned.has_regions() != args.regions {
                return Err(format!(
                    "{}: {} regions; fit them {} --regions",
                    path.display(),
                    if tuned.has_regions() { "has" } else { "has no" },
                    if tuned.has_regions() {
                        "with"
                    } else {
                        "without"
                    },
                ));
            }
            Some(tuned)
        }
        None => None,
    };
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
        regularisation: args.pull,
        from,
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
    show(
        if from.is_some() {
            "start (--from)"
        } else {
            "start (hand-made, mapped)"
        },
        result.start,
    );
    show("fitted", result.fitted);
    if let Some(out) = &args.out {
        let files: Vec<String> = args.data.iter().map(|p| p.display().to_string()).collect();
        let regions = if args.regions {
            format!(" --regions --region-pull {}", args.region_pull)
        } else {
            String::new()
        };
        let from = match &args.from {
            Some(path) => format!(" --from {} --pull {}", path.display(), args.pull),
            None => String::new(),
        };
        let command = format!(
            "draughts tune fit --variant {} --data {} --lambda {} --iterations {}{regions}{from}",
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
