//! `draughts book`: builds opening books with our own search, and shows them.
//!
//! ```text
//! draughts book build --variant V [--games PATH…] [--plies P] [--depth D] [--margin M]
//!                     [--positions N] [--min-games G] [--max-moves K] --out FILE
//! draughts book info FILE…
//! draughts book show --variant V [--book FILE] [--fen FEN]
//! draughts book positions --variant V [--book FILE] --ply P
//! ```
//! `build` reads the games under each PATH (a PDN file, or a folder's `*.pdn` files, in name
//! order; games of other variants or from other start positions are skipped), then expands the
//! opening best-first from the start (see `draughts_cli::book_build`), printing progress on
//! stderr and a summary on stdout. `info` prints a book's header, its size (bytes and gzipped)
//! and what replaying it from the start reaches. `show` lists a position's book moves;
//! `positions` prints the FENs of the book positions at one ply (start positions for matches).

use clap::{Args, Subcommand};
use draughts_cli::book_build;
use draughts_engine::book::Book;
use draughts_rules::{notation, parse_fen, Position, Variant};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

#[derive(Subcommand)]
pub enum BookCommand {
    /// Builds a book from real games and deep searches of the opening.
    Build(BuildArgs),
    /// Prints a book's header, size and what replaying it from the start reaches.
    Info {
        /// Book files.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// Lists a position's book moves with their weights.
    Show(ShowArgs),
    /// Prints the FEN of every book position reached by book moves at exactly PLY plies from
    /// the start (sorted), e.g. as varied, sound start positions for `draughts match --fens`.
    Positions(PositionsArgs),
}

#[derive(Args)]
pub struct PositionsArgs {
    /// The rules of the book.
    #[arg(long, short, value_parser = crate::VariantParser, default_value_t = Variant::International)]
    variant: Variant,
    /// A book file (default: the engine's own book of the variant).
    #[arg(long)]
    book: Option<PathBuf>,
    /// Plies from the start.
    #[arg(long)]
    ply: u32,
}

#[derive(Args)]
pub struct BuildArgs {
    /// The rules of the book.
    #[arg(long, short, value_parser = crate::VariantParser, default_value_t = Variant::International)]
    variant: Variant,
    /// PDN files, or folders of them, whose games' openings the book follows.
    #[arg(long, value_name = "PATH", num_args = 1..)]
    games: Vec<PathBuf>,
    /// Deepest ply of the book.
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u32).range(1..=200))]
    plies: u32,
    /// Search depth that checks every move (plies from the position before it).
    #[arg(long, short, default_value_t = 11, value_parser = clap::value_parser!(u32).range(2..=40))]
    depth: u32,
    /// How far below the best a book move may score, in hundredths of a man.
    #[arg(long, default_value_t = 15, value_parser = clap::value_parser!(i32).range(0..=1000))]
    margin: i32,
    /// Most positions in the book.
    #[arg(long, default_value_t = 1000)]
    positions: usize,
    /// Games that must have played a move for it to count as the games' choice.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..))]
    min_games: u32,
    /// Most moves per position where the search alone chooses.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u64).range(1..=16))]
    max_moves: u64,
    /// The book file to write.
    #[arg(long, short)]
    out: PathBuf,
}

#[derive(Args)]
pub struct ShowArgs {
    /// The rules of the position.
    #[arg(long, short, value_parser = crate::VariantParser, default_value_t = Variant::International)]
    variant: Variant,
    /// A book file (default: the engine's own book of the variant).
    #[arg(long)]
    book: Option<PathBuf>,
    /// The position (PDN FEN; default: the start).
    #[arg(long)]
    fen: Option<String>,
}

pub fn run(command: &BookCommand) -> Result<ExitCode, String> {
    match command {
        BookCommand::Build(args) => cmd_build(args),
        BookCommand::Info { files } => cmd_info(files),
        BookCommand::Show(args) => cmd_show(args),
        BookCommand::Positions(args) => cmd_positions(args),
    }
}

/// The PDN files under `path` (itself if a file), in name order.
fn pdn_files(path: &Path) -> Result<Vec<PathBuf>, String> {
    if !path.is_dir() {
        return Ok(vec![path.to_owned()]);
    }
    let mut files = Vec::new();
    for entry in std::fs::read_dir(path).map_err(|e| format!("{}: {e}", path.display()))? {
        let p = entry
            .map_err(|e| format!("{}: {e}", path.display()))?
            .path();
        if p.is_dir() {
            files.extend(pdn_files(&p)?);
        } else if p.extension().is_some_and(|x| x.eq_ignore_ascii_case("pdn")) {
            files.push(p);
        }
    }
    files.sort();
    Ok(files)
}

fn cmd_build(args: &BuildArgs) -> Result<ExitCode, String> {
    let start = Instant::now();
    let variant = args.variant;
    let opts = book_build::Options {
        plies: args.plies,
        depth: args.depth,
        margin: args.margin,
        positions: args.positions,
        min_games: args.min_games,
        max_moves: args.max_moves as usize,
    };
    let mut stats = book_build::GameStats::default();
    let mut read = 0usize;
    for path in &args.games {
        for file in pdn_files(path)? {
            let text = crate::read_pdn_text(&file)?;
            for g in draughts_rules::pdn::parse_each_game(&text)
                .into_iter()
                .flatten()
            {
                read += 1;
                if let Ok(game) = g.replay(variant) {
                    stats.add(&game, variant, args.plies);
                }
            }
        }
    }
    say!(
        "{variant}: {} of {read} game records used (the variant, from its start), {} positions, {:.1} s",
        stats.games,
        stats.positions.len(),
        start.elapsed().as_secs_f64()
    );
    let searching = Instant::now();
    let mut last = 0usize;
    let (book, report) = book_build::build(variant, &stats, &opts, &mut |r, ply| {
        if r.entries >= last + 50 {
            last = r.entries;
            eprintln!(
                "  {} positions (ply {ply}), {} searches, {:.0} M nodes, {:.0} s",
                r.entries,
                r.searches,
                r.nodes as f64 / 1e6,
                searching.elapsed().as_secs_f64()
            );
        }
    });
    let bytes = book.to_bytes();
    std::fs::write(&args.out, &bytes).map_err(|e| format!("{}: {e}", args.out.display()))?;
    say!(
        "{}: {} positions ({} following games), {} moves, deepest ply {}, {} game moves refused by the search, {} key collisions",
        args.out.display(),
        report.entries,
        report.from_games,
        report.moves,
        report.deepest,
        report.rejected_game_moves,
        report.key_collisions
    );
    say!(
        "searches {} (depth {}), nodes {}, search time {:.1} s, bytes {}, gzipped {}",
        report.searches,
        args.depth,
        report.nodes,
        searching.elapsed().as_secs_f64(),
        bytes.len(),
        gzipped_len(&bytes)
    );
    Ok(ExitCode::SUCCESS)
}

/// The size of `bytes` gzipped at the best compression (deflate plus gzip's 18 bytes).
fn gzipped_len(bytes: &[u8]) -> usize {
    miniz_oxide::deflate::compress_to_vec(bytes, 10).len() + 18
}

fn cmd_info(files: &[PathBuf]) -> Result<ExitCode, String> {
    for file in files {
        let bytes = std::fs::read(file).map_err(|e| format!("{}: {e}", file.display()))?;
        let book = Book::from_bytes(&bytes).map_err(|e| format!("{}: {e}", file.display()))?;
        let walk = book.walk();
        let moves: usize = book.entries().iter().map(|e| e.moves.len()).sum();
        say!(
            "{}: {} book, {} positions, {} moves, bytes {}, gzipped {}, margin {}, depth {}, plies {}; from the start: {} positions reached (deepest ply {}), {} lines, {} unresolved moves",
            file.display(),
            book.variant(),
            book.len(),
            moves,
            bytes.len(),
            gzipped_len(&bytes),
            book.margin,
            book.depth,
            book.plies,
            walk.reached,
            walk.deepest,
            walk.leaves,
            walk.unresolved
        );
    }
    Ok(ExitCode::SUCCESS)
}

/// The book in `file`, or the engine's own for `variant`.
fn load(file: Option<&PathBuf>, variant: Variant) -> Result<Book, String> {
    match file {
        Some(file) => {
            let bytes = std::fs::read(file).map_err(|e| format!("{}: {e}", file.display()))?;
            Book::for_variant(&bytes, variant).map_err(|e| format!("{}: {e}", file.display()))
        }
        None => draughts_engine::book::builtin(variant)
            .ok_or_else(|| format!("the engine has no {variant} book")),
    }
}

fn cmd_positions(args: &PositionsArgs) -> Result<ExitCode, String> {
    let book = load(args.book.as_ref(), args.variant)?;
    let mut level = vec![Position::new(args.variant)];
    for _ in 0..args.ply {
        let mut next: Vec<Position> = Vec::new();
        for pos in &level {
            for (m, _) in book.moves(pos) {
                let mut child = *pos;
                child.play_unchecked(&m);
                if !next.contains(&child) {
                    next.push(child);
                }
            }
        }
        level = next;
    }
    let mut fens: Vec<String> = level
        .iter()
        .filter(|p| !book.moves(p).is_empty())
        .map(draughts_rules::write_fen)
        .collect();
    fens.sort();
    for fen in fens {
        say!("{fen}");
    }
    Ok(ExitCode::SUCCESS)
}

fn cmd_show(args: &ShowArgs) -> Result<ExitCode, String> {
    let book = load(args.book.as_ref(), args.variant)?;
    let pos = match &args.fen {
        Some(fen) => parse_fen(fen, args.variant).map_err(|e| e.to_string())?,
        None => Position::new(args.variant),
    };
    let moves = book.moves(&pos);
    if moves.is_empty() {
        say!("not in the book");
    }
    let total: u32 = moves.iter().map(|&(_, w)| w as u32).sum();
    for (m, w) in moves {
        say!(
            "{} weight {w} ({:.0}%)",
            notation::move_to_text(&pos, &m),
            100.0 * w as f64 / total as f64
        );
    }
    Ok(ExitCode::SUCCESS)
}
