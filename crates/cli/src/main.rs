//! `draughts`: the engine on the command line.
//!
//! Arguments are parsed with clap (`draughts --help`, `draughts SUBCOMMAND --help`). Usage errors
//! are clap's (exit status 2); an error found while running (a missing file, a bad FEN) is one
//! line, `error: …`, on stderr (exit status 1). Output to a pipe closed early (`| head`) is
//! dropped, not a panic.

/// `println!` for the subcommands' reports: a closed stdout (a pipe read by `head`) drops the
/// line instead of panicking, as the commands' other output does.
macro_rules! say {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout(), $($arg)*);
    }};
}

mod book;
mod describe;
mod egdb;
mod hub;
mod hub_client;
mod hub_v1;
mod match_report;
mod matches;
mod play;
mod problems;
mod puzzles;
mod tune;

use clap::builder::{PossibleValue, TypedValueParser};
use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{Args, CommandFactory, Parser, Subcommand};
use draughts_rules::{divide, notation, parse_fen, perft_threads, Position, Variant};
use std::ffi::OsStr;
use std::io::{self, BufRead, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// Draughts and checkers rules engine: perft, move listing, PDN checking, console play, engine
/// matches and the Hub protocol.
#[derive(Parser)]
#[command(name = "draughts", version, arg_required_else_help = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Counts the leaf nodes of the move tree, depth by depth (`depth nodes seconds`).
    Perft(PerftArgs),
    /// Reads one FEN per line on stdin and prints its legal moves as full paths, sorted.
    Moves(MovesArgs),
    /// Replays every game of a PDN file: `ok <plies>`, `illegal …` or `damaged …` (the
    /// reading goes on at the next game), then a summary line.
    Pdn(PdnArgs),
    /// Plays a game on the console, between people or against the computer.
    Play(play::PlayArgs),
    /// Plays engine against engine from balanced openings, colours swapped in pairs.
    Match(matches::MatchArgs),
    /// Finds where the points go in a match's records: the move that decided each game not
    /// won, by game phase and kind of loss, judged by Scan 2.0 (`--scan DIR`) or our search.
    MatchReport(match_report::MatchReportArgs),
    /// Counts the composed problems (PDN set-ups with their solutions) whose first move the
    /// computer finds in a given time or node budget.
    Problems(problems::ProblemsArgs),
    /// Puzzles: mines games for positions where one move wins, and re-checks puzzle files.
    #[command(subcommand)]
    Puzzles(puzzles::PuzzlesCommand),
    /// Speaks the Hub protocol on stdin/stdout, for Hub GUIs.
    Hub(hub::HubArgs),
    /// Endgame databases: builds them with our own solver, and probes them.
    #[command(subcommand)]
    Egdb(egdb::EgdbCommand),
    /// The learned evaluation: generates data (self-play, game records) and fits its weights.
    #[command(subcommand)]
    Tune(tune::TuneCommand),
    /// Opening books: builds them from real games and deep searches, and shows them.
    #[command(subcommand)]
    Book(book::BookCommand),
    /// Prints the engine's message catalogue, variants and levels as JSON (for the language
    /// files' check, scripts/check-lang.mjs).
    Catalogue,
    /// Prints every variant's rules as a Markdown table, from the rules tables (docs/rules.md).
    Rules,
    /// Prints a shell completion script (e.g. `draughts completions bash > draughts.bash`).
    Completions {
        #[arg(value_enum)]
        shell: clap_complete::Shell,
    },
}

#[derive(Args)]
struct PerftArgs {
    /// The rules to count by.
    #[arg(long, short, value_parser = VariantParser, default_value_t = Variant::International)]
    variant: Variant,
    /// The deepest depth to count.
    #[arg(long, short)]
    depth: u32,
    /// The start position (PDN FEN, e.g. `W:W31-50:B1-20`) instead of the initial one.
    #[arg(long)]
    fen: Option<String>,
    /// Splits the last depth's count by first move.
    #[arg(long)]
    divide: bool,
    /// Shares the tree out among N threads (0: one per core).
    #[arg(long, short, value_name = "N", default_value_t = 1)]
    threads: usize,
}

#[derive(Args)]
struct MovesArgs {
    /// The rules the positions are read by.
    #[arg(long, short, value_parser = VariantParser, default_value_t = Variant::International)]
    variant: Variant,
}

#[derive(Args)]
struct PdnArgs {
    /// The PDN file (UTF-8 or Latin-1).
    file: PathBuf,
    /// The rules for games without a GameType tag.
    #[arg(long, short, value_parser = VariantParser, default_value_t = Variant::International)]
    variant: Variant,
}

/// Reads a variant by [`Variant`]'s own `FromStr`, so its aliases (`american`, `checkers`, …)
/// are accepted, and offers the names of [`Variant::ALL`] in help, errors and completions.
#[derive(Clone)]
pub struct VariantParser;

impl TypedValueParser for VariantParser {
    type Value = Variant;

    fn parse_ref(
        &self,
        cmd: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &OsStr,
    ) -> Result<Variant, clap::Error> {
        let text = value.to_string_lossy();
        text.parse().map_err(|_| {
            let mut err = clap::Error::new(ErrorKind::InvalidValue).with_cmd(cmd);
            if let Some(arg) = arg {
                err.insert(
                    ContextKind::InvalidArg,
                    ContextValue::String(arg.to_string()),
                );
            }
            err.insert(
                ContextKind::InvalidValue,
                ContextValue::String(text.into_owned()),
            );
            err.insert(
                ContextKind::ValidValue,
                ContextValue::Strings(Variant::ALL.iter().map(|v| v.name().to_owned()).collect()),
            );
            err
        })
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            Variant::ALL
                .into_iter()
                .map(|v| PossibleValue::new(v.name())),
        ))
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Perft(args) => cmd_perft(&args),
        Command::Moves(args) => cmd_moves(&args),
        Command::Pdn(args) => cmd_pdn(&args),
        Command::Play(args) => play::run(&args),
        Command::Match(args) => matches::run(&args),
        Command::MatchReport(args) => match_report::run(&args),
        Command::Problems(args) => problems::run(&args),
        Command::Puzzles(command) => puzzles::run(&command),
        Command::Hub(args) => hub::run(&args),
        Command::Egdb(command) => egdb::run(&command),
        Command::Tune(command) => tune::run(&command),
        Command::Book(command) => book::run(&command),
        Command::Catalogue => {
            say!("{}", describe::catalogue_json());
            Ok(ExitCode::SUCCESS)
        }
        Command::Rules => {
            say!("{}", describe::rules_markdown().trim_end());
            Ok(ExitCode::SUCCESS)
        }
        Command::Completions { shell } => {
            // Written through a buffer: clap_complete panics when stdout is closed early.
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "draughts", &mut script);
            let _ = io::stdout().write_all(&script);
            Ok(ExitCode::SUCCESS)
        }
    };
    result.unwrap_or_else(|e| {
        eprintln!("error: {e}");
        ExitCode::FAILURE
    })
}

/// Standard input's lines, read as bytes: a line that is not UTF-8 (a Latin-1 name, say) is read
/// lossily rather than ending the input; a trailing `\r` is dropped.
fn lossy_lines() -> impl Iterator<Item = io::Result<String>> {
    io::stdin().lock().split(b'\n').map(|line| {
        line.map(|bytes| {
            String::from_utf8_lossy(&bytes)
                .trim_end_matches('\r')
                .to_owned()
        })
    })
}

fn cmd_perft(args: &PerftArgs) -> Result<ExitCode, String> {
    let pos = match &args.fen {
        Some(fen) => parse_fen(fen, args.variant).map_err(|e| e.to_string())?,
        None => Position::new(args.variant),
    };
    let mut out = io::stdout().lock();
    if args.divide {
        let t = Instant::now();
        let mut total = 0;
        let mut lines: Vec<(String, u64)> = divide(&pos, args.depth)
            .into_iter()
            .map(|(m, n)| (notation::full_text(pos.variant(), &m), n))
            .collect();
        lines.sort();
        for (m, n) in lines {
            total += n;
            let _ = writeln!(out, "{m} {n}");
        }
        let _ = writeln!(out, "total {total} {:.6}", t.elapsed().as_secs_f64());
        return Ok(ExitCode::SUCCESS);
    }
    for d in 1..=args.depth {
        let t = Instant::now();
        let n = perft_threads(&pos, d, args.threads);
        let _ = writeln!(out, "{d} {n} {:.6}", t.elapsed().as_secs_f64());
    }
    Ok(ExitCode::SUCCESS)
}

fn cmd_moves(args: &MovesArgs) -> Result<ExitCode, String> {
    let mut out = io::stdout().lock();
    let mut failed = false;
    // Lines are read as bytes so that one that is not UTF-8 is reported like any bad line.
    for line in io::stdin().lock().split(b'\n') {
        let line = line.map_err(|e| format!("reading stdin: {e}"))?;
        let Ok(line) = String::from_utf8(line) else {
            failed = true;
            let _ = writeln!(out, "error: the line is not UTF-8 text");
            continue;
        };
        match parse_fen(line.trim_end_matches('\r'), args.variant) {
            Ok(pos) => {
                let mut moves: Vec<String> = pos
                    .legal_moves()
                    .iter()
                    .map(|m| notation::full_text(pos.variant(), m))
                    .collect();
                moves.sort();
                let _ = writeln!(out, "{}", moves.join(" "));
            }
            Err(e) => {
                failed = true;
                let _ = writeln!(out, "error: {e}");
            }
        }
    }
    Ok(exit_status(failed))
}

/// A PDN file's text: real files come in UTF-8 or Latin-1 (read as such when not UTF-8); the
/// move text is ASCII either way.
pub fn read_pdn_text(path: &std::path::Path) -> Result<String, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(String::from_utf8(bytes)
        .unwrap_or_else(|e| e.into_bytes().iter().map(|&b| b as char).collect()))
}

/// The endgame tables of `variant` under `dir`, when the command was given a directory.
pub fn open_egdb(
    dir: Option<&std::path::Path>,
    variant: Variant,
) -> Result<Option<draughts_engine::egdb::Egdb>, String> {
    dir.map(|d| draughts_engine::egdb::Egdb::open(d, variant))
        .transpose()
        .map_err(|e| e.to_string())
}

fn cmd_pdn(args: &PdnArgs) -> Result<ExitCode, String> {
    let text = read_pdn_text(&args.file)?;
    let games = draughts_rules::pdn::parse_each_game(&text);
    let mut out = io::stdout().lock();
    let (mut ok, mut bad, mut damaged, mut plies) = (0, 0, 0, 0);
    for (n, g) in games.iter().enumerate() {
        let g = match g {
            Ok(g) => g,
            Err(e) => {
                bad += 1;
                damaged += 1;
                let _ = writeln!(
                    out,
                    "damaged game {} (PDN line {}): {}",
                    n + 1,
                    e.line,
                    e.problem
                );
                continue;
            }
        };
        match g.replay(args.variant) {
            Ok(game) => {
                ok += 1;
                plies += game.moves().len();
                let _ = writeln!(out, "ok {}", game.moves().len());
            }
            Err(draughts_rules::PdnError::Illegal {
                move_number,
                text,
                reason,
                ..
            }) => {
                bad += 1;
                let _ = writeln!(
                    out,
                    "illegal {move_number} {}: {}",
                    printable(&text),
                    printable(&reason.text())
                );
            }
            Err(e) => {
                bad += 1;
                let _ = writeln!(out, "error: {}", printable(&e.to_string()));
            }
        }
    }
    let damaged = if damaged > 0 {
        format!(" damaged {damaged}")
    } else {
        String::new()
    };
    let _ = writeln!(
        out,
        "games {} ok {ok} failed {bad}{damaged} plies {plies}",
        games.len()
    );
    Ok(exit_status(bad > 0))
}

/// Text from a file made safe for a terminal: control characters (binary noise read as Latin-1,
/// say) are escaped.
fn printable(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// Exit status 1 when some input was bad (the rest having been processed), else 0.
fn exit_status(failed: bool) -> ExitCode {
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}
