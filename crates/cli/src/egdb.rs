//! `draughts egdb`: builds endgame tables with our own solver, and probes them.
//!
//! ```text
//! draughts egdb build --variant V --pieces N [--out DIR] [--rebuild]
//! draughts egdb probe --variant V --fen FEN [--dir DIR] [--played PLIES]
//! ```
//! `build` writes one file per signature under `DIR/<variant>/` (default `egdb`), reusing the
//! tables already there that load and check, and prints a line per table solved
//! (`<signature> positions P wins W draws D losses L bytes B seconds S`) and a total.
//! `probe` prints the position's value for the side to move, the move limit of its phase, and
//! each legal move's value, best first.

use clap::{Args, Subcommand};
use draughts_engine::egdb::{file, Egdb, EgdbError, Metric, Outcome, Table, Value};
use draughts_rules::{notation, parse_fen, Variant};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

#[derive(Subcommand)]
pub enum EgdbCommand {
    /// Solves every ending of up to N pieces and writes the tables.
    Build(BuildArgs),
    /// Looks a position up: its value, and each move's.
    Probe(ProbeArgs),
}

#[derive(Args)]
pub struct BuildArgs {
    /// The rules to solve by (every variant but Frisian and Frysk!).
    #[arg(long, short, value_parser = crate::VariantParser, default_value_t = Variant::International)]
    variant: Variant,
    /// The most pieces on the board, both sides together.
    #[arg(long, short, value_parser = clap::value_parser!(u8).range(2..=8))]
    pieces: u8,
    /// The directory the tables go to (one folder per variant).
    #[arg(long, short, default_value = "egdb")]
    out: PathBuf,
    /// Solves every table again, even those already written.
    #[arg(long)]
    rebuild: bool,
    /// Solves on N threads (0: one per core).
    #[arg(long, short, value_name = "N", default_value_t = 1)]
    threads: usize,
}

#[derive(Args)]
pub struct ProbeArgs {
    /// The rules of the position.
    #[arg(long, short, value_parser = crate::VariantParser, default_value_t = Variant::International)]
    variant: Variant,
    /// The position (PDN FEN).
    #[arg(long)]
    fen: String,
    /// The directory the tables were built in.
    #[arg(long, short, default_value = "egdb")]
    dir: PathBuf,
    /// Plies already played in the current phase of the move limits (since the last capture).
    #[arg(long, default_value_t = 0)]
    played: u16,
}

pub fn run(command: &EgdbCommand) -> Result<ExitCode, String> {
    match command {
        EgdbCommand::Build(args) => build(args),
        EgdbCommand::Probe(args) => probe(args),
    }
}

fn build(args: &BuildArgs) -> Result<ExitCode, String> {
    let variant = args.variant;
    let folder = args.out.join(variant.name());
    std::fs::create_dir_all(&folder).map_err(|e| format!("{}: {e}", folder.display()))?;
    let start = Instant::now();
    let mut last = Instant::now();
    let (mut tables, mut positions, mut bytes) = (0u64, 0u64, 0u64);
    let mut out = std::io::stdout();
    let rebuild = args.rebuild;
    let threads = match args.threads {
        0 => std::thread::available_parallelism().map_or(1, |n| n.get()),
        n => n,
    };
    let dir = args.out.clone();
    let mut reuse = |sig| {
        if rebuild {
            return None;
        }
        let bytes = std::fs::read(Egdb::table_path(&dir, variant, sig)).ok()?;
        file::decode(&bytes, variant, Metric::WithLimits, sig).ok()
    };
    let mut on_table = |table: &Table| -> Result<(), EgdbError> {
        let path = Egdb::table_path(&args.out, variant, table.sig);
        let data = file::encode(variant, Metric::WithLimits, table);
        write_atomically(&path, &data)?;
        let s = table.stats();
        tables += 1;
        positions += s.positions;
        bytes += data.len() as u64;
        let _ = writeln!(
            out,
            "{} positions {} wins {} draws {} losses {} bytes {} seconds {:.1}",
            table.sig,
            s.positions,
            s.wins,
            s.draws,
            s.losses,
            data.len(),
            last.elapsed().as_secs_f64()
        );
        last = Instant::now();
        Ok(())
    };
    Egdb::build_reusing(
        variant,
        args.pieces,
        Metric::WithLimits,
        threads,
        &mut reuse,
        &mut on_table,
    )
    .map_err(|e| e.to_string())?;
    let _ = writeln!(
        out,
        "total tables {tables} positions {positions} bytes {bytes} seconds {:.1}",
        start.elapsed().as_secs_f64()
    );
    Ok(ExitCode::SUCCESS)
}

/// Writes a file whole or not at all (a build stopped midway leaves no half table).
fn write_atomically(path: &Path, data: &[u8]) -> Result<(), EgdbError> {
    let io = |e: std::io::Error| EgdbError::Io {
        path: path.display().to_string(),
        message: e.to_string(),
    };
    let tmp = path.with_extension("egdb.part");
    std::fs::write(&tmp, data).map_err(io)?;
    std::fs::rename(&tmp, path).map_err(io)
}

/// `win 7`, `loss 12`, `draw`.
fn describe(v: Value) -> String {
    match v.outcome {
        Outcome::Win => format!("win {}", v.plies),
        Outcome::Loss => format!("loss {}", v.plies),
        Outcome::Draw => "draw".to_owned(),
    }
}

fn probe(args: &ProbeArgs) -> Result<ExitCode, String> {
    let pos = parse_fen(&args.fen, args.variant).map_err(|e| e.to_string())?;
    let db = Egdb::open(&args.dir, args.variant).map_err(|e| {
        format!(
            "{e} (build the tables first: draughts egdb build --variant {} --pieces N --out {})",
            args.variant,
            args.dir.display()
        )
    })?;
    let Some(value) = db.value(&pos).map_err(|e| e.to_string())? else {
        return Err(format!(
            "the position has {} pieces; the tables hold up to {}",
            pos.occupied().count(),
            db.max_pieces()
        ));
    };
    let left = db.plies_left(&pos, args.played);
    let mut out = std::io::stdout();
    let _ = writeln!(out, "{}", describe(value));
    let _ = match left {
        Some(left) => writeln!(
            out,
            "limit {} plies left: {}",
            left,
            outcome_word(value.within(Some(left)))
        ),
        None => writeln!(out, "limit none"),
    };
    let moves = db
        .rank_moves(&pos, args.played)
        .map_err(|e| e.to_string())?
        .unwrap_or_default();
    for r in moves {
        let _ = writeln!(
            out,
            "{} {}{}",
            notation::move_to_text(&pos, &r.mv),
            match r.outcome {
                Outcome::Draw => "draw".to_owned(),
                o => format!("{} {}", outcome_word(o), r.plies),
            },
            if r.new_phase { " (new count)" } else { "" }
        );
    }
    Ok(ExitCode::SUCCESS)
}

fn outcome_word(o: Outcome) -> &'static str {
    match o {
        Outcome::Win => "win",
        Outcome::Draw => "draw",
        Outcome::Loss => "loss",
    }
}
