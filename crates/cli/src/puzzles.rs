//! `draughts puzzles`: builds and checks puzzle files (the format is documented in
//! `draughts_engine::puzzles`; the mining in `draughts_cli::puzzle_mining`).
//!
//! ```text
//! draughts puzzles build --variant V [--pdn FILE…] [--selfplay N] [--seed S] [--depth D]
//!                        [--screen-depth D] [--max-positions N] [--check-depth D]
//!                        [--tables N] [--max N] [--max-share P] [--max-bytes B]
//!                        [--comment TEXT…] --out FILE
//! draughts puzzles verify [--depth D] [--tables N] FILE…
//! ```
//!
//! A set built with `--tables N` (the variant's endgame tables of up to N pieces, built in
//! memory at the start of the run) says so in its header (`# tables: N pieces`), and `verify`
//! builds the same tables to check it (or those of `--tables`).

use clap::{Args, Subcommand};
use draughts_cli::puzzle_mining::{self, Options, Report, Selection};
use draughts_engine::egdb::{Egdb, Metric};
use draughts_engine::puzzles::{self, Budget, Puzzle};
use draughts_engine::Engine;
use draughts_rules::Variant;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

#[derive(Subcommand)]
pub enum PuzzlesCommand {
    /// Mines real games and self-play for positions where one move wins, and writes them.
    Build(BuildArgs),
    /// Re-checks every puzzle of puzzle files; fails if any does not hold.
    Verify(VerifyArgs),
}

#[derive(Args)]
pub struct BuildArgs {
    /// The rules of the puzzles (and of records without a GameType tag).
    #[arg(long, short, value_parser = crate::VariantParser, default_value_t = Variant::International)]
    variant: Variant,
    /// PDN files whose games' positions are mined (read, never copied).
    #[arg(long, value_name = "FILE", num_args = 1..)]
    pdn: Vec<PathBuf>,
    /// Self-play games of level 2 to mine as well.
    #[arg(long, default_value_t = 0)]
    selfplay: usize,
    /// Seed of the self-play games.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Depth of the full check of a puzzle (plies, every move searched with a full window).
    #[arg(long, short, default_value_t = 8, value_parser = clap::value_parser!(u32).range(2..=30))]
    depth: u32,
    /// Depth of the quick screen of every position.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..=30))]
    screen_depth: u32,
    /// Most distinct positions screened.
    #[arg(long)]
    max_positions: Option<usize>,
    /// Checks every puzzle found again at this (deeper) depth and keeps only those that hold.
    #[arg(long, value_parser = clap::value_parser!(u32).range(2..=30))]
    check_depth: Option<u32>,
    /// Searches with the variant's endgame tables of up to this many pieces (built in memory
    /// first: seconds for 4 pieces on 8×8, half a minute on 10×10).
    #[arg(long, value_parser = clap::value_parser!(u8).range(2..=5))]
    tables: Option<u8>,
    /// Most puzzles written (each theme cut in proportion, evenly over the order found).
    #[arg(long, default_value_t = usize::MAX)]
    max: usize,
    /// Most share of the set one theme may take, in percent (100: no cap).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u32).range(1..=100))]
    max_share: u32,
    /// Longest line written, in bytes (longer puzzles are left out).
    #[arg(long, default_value_t = usize::MAX)]
    max_bytes: usize,
    /// Extra lines for the file's header (a date, a note).
    #[arg(long, value_name = "TEXT", num_args = 1..)]
    comment: Vec<String>,
    /// The puzzle file to write.
    #[arg(long)]
    out: PathBuf,
}

#[derive(Args)]
pub struct VerifyArgs {
    /// Depth of the check.
    #[arg(long, short, default_value_t = 8, value_parser = clap::value_parser!(u32).range(2..=30))]
    depth: u32,
    /// Checks with the endgame tables of up to this many pieces; without, each file with the
    /// tables its header names (`# tables: N pieces`), if any.
    #[arg(long, value_parser = clap::value_parser!(u8).range(2..=5))]
    tables: Option<u8>,
    /// Puzzle files.
    #[arg(required = true)]
    files: Vec<PathBuf>,
}

pub fn run(command: &PuzzlesCommand) -> Result<ExitCode, String> {
    match command {
        PuzzlesCommand::Build(args) => build(args),
        PuzzlesCommand::Verify(args) => verify(args),
    }
}

fn summary(report: &Report) -> String {
    format!(
        "{} positions screened, {} passed the screen, {} puzzles ({})",
        report.screened,
        report.candidates,
        report.puzzles.len(),
        themes(&report.puzzles)
    )
}

/// `theme count, …` of a set, themes in their order.
fn themes(set: &[Puzzle]) -> String {
    let out: Vec<String> = puzzle_mining::by_theme(set)
        .iter()
        .map(|(t, n)| format!("{t} {n}"))
        .collect();
    out.join(", ")
}

/// The file of a set: a header of `#` lines (read back by `verify` and the shipped sets' test:
/// `puzzles:`, `build depth:`, `check depth:`, `tables:`), then one puzzle a line.
fn set_text(args: &BuildArgs, set: &[Puzzle]) -> String {
    let command: Vec<String> = std::env::args().skip(1).collect();
    let mut text = format!(
        "# draughts puzzles (format and rule: draughts_engine::puzzles)\n\
         # variant: {}\n# puzzles: {}\n# themes: {}\n# build depth: {} (screen depth {})\n",
        args.variant.name(),
        set.len(),
        themes(set),
        args.depth,
        args.screen_depth,
    );
    if let Some(d) = args.check_depth {
        text.push_str(&format!("# check depth: {d}\n"));
    }
    if let Some(n) = args.tables {
        text.push_str(&format!("# tables: {n} pieces\n"));
    }
    text.push_str(&format!("# command: draughts {}\n", command.join(" ")));
    for c in &args.comment {
        text.push_str(&format!("# {c}\n"));
    }
    for p in set {
        text.push_str(&puzzles::write_line(p));
        text.push('\n');
    }
    text
}

fn build(args: &BuildArgs) -> Result<ExitCode, String> {
    if !puzzles::supported(args.variant) {
        return Err(format!(
            "no puzzles in {}: its goal is to lose one's pieces",
            args.variant.name()
        ));
    }
    let start = Instant::now();
    let mut games = Vec::new();
    for path in &args.pdn {
        let text = crate::read_pdn_text(path)?;
        let (read, skipped) = puzzle_mining::games_from_pdn(&text, args.variant);
        say!(
            "{}: {} games, {skipped} records skipped (unreadable or another variant)",
            path.display(),
            read.len()
        );
        games.extend(read);
    }
    if args.selfplay > 0 {
        games.extend(puzzle_mining::selfplay(
            args.variant,
            args.selfplay,
            args.seed,
            200,
        ));
        say!("{} self-play games (seed {})", args.selfplay, args.seed);
    }
    let tables = args
        .tables
        .map(|n| built_tables(args.variant, n))
        .transpose()?;
    let opts = Options {
        variant: args.variant,
        screen_depth: args.screen_depth,
        depth: args.depth,
        max_positions: args.max_positions,
        check_depth: args.check_depth,
    };
    let total = games.len();
    let mut done = 0;
    let report = puzzle_mining::mine(&games, &opts, tables.as_ref(), &mut |r| {
        done += 1;
        if done % 100 == 0 {
            say!("{done}/{total} games: {}", summary(r));
        }
    });
    for (p, why) in &report.failed_check {
        say!(
            "fails at depth {}: {} ({why})",
            args.check_depth.unwrap_or(args.depth),
            puzzles::write_line(p)
        );
    }
    let kept = puzzle_mining::select(
        &report.puzzles,
        Selection {
            max: args.max,
            max_share: args.max_share,
            max_bytes: args.max_bytes,
        },
    );
    let text = set_text(args, &kept);
    std::fs::write(&args.out, text).map_err(|e| format!("{}: {e}", args.out.display()))?;
    say!(
        "{}; {} failed the check at depth {}; {} kept ({}) in {:.1} s; written to {}",
        summary(&report),
        report.failed_check.len(),
        args.check_depth.map_or("-".into(), |d| d.to_string()),
        kept.len(),
        themes(&kept),
        start.elapsed().as_secs_f64(),
        args.out.display()
    );
    Ok(ExitCode::SUCCESS)
}

/// The endgame tables of `variant` up to `pieces`, built in memory on two threads.
fn built_tables(variant: Variant, pieces: u8) -> Result<Egdb, String> {
    let start = Instant::now();
    let db = Egdb::build_on(variant, pieces, Metric::WithLimits, 2).map_err(|e| e.to_string())?;
    say!(
        "{} endgame tables of up to {pieces} pieces built in {:.1} s",
        variant.name(),
        start.elapsed().as_secs_f64()
    );
    Ok(db)
}

fn verify(args: &VerifyArgs) -> Result<ExitCode, String> {
    let mut engine = Engine::new(16);
    let (mut ok, mut failed) = (0usize, 0usize);
    for path in &args.files {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let tables = match args.tables.or_else(|| puzzles::header_tables(&text)) {
            Some(n) => {
                let variant = puzzles::header(&text, "variant")
                    .and_then(Variant::from_name)
                    .ok_or_else(|| format!("{}: tables without a variant", path.display()))?;
                Some(built_tables(variant, n)?)
            }
            None => None,
        };
        let budget = Budget::depth(args.depth).with_tables(tables.as_ref());
        for (n, line) in text.lines().enumerate() {
            let result = puzzles::parse_line(line)
                .and_then(|p| p.map_or(Ok(()), |p| puzzles::verify(&mut engine, &p, budget)));
            match result {
                Ok(()) => ok += usize::from(puzzles::parse_line(line).is_ok_and(|p| p.is_some())),
                Err(e) => {
                    failed += 1;
                    say!("{}:{}: {e}", path.display(), n + 1);
                }
            }
        }
    }
    say!("{ok} puzzles hold, {failed} fail at depth {}", args.depth);
    Ok(if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}
