//! `draughts`: the engine on the command line.
//!
//! ```text
//! draughts perft --variant V --depth N [--fen FEN] [--divide] [--threads N]
//! draughts moves --variant V            (one FEN per stdin line)
//! draughts pdn FILE [--variant V]
//! draughts play --variant V [--computer white|black --level N]
//! draughts match --variant V --games N --a SPEC --b SPEC
//! draughts hub
//! ```

mod hub;
mod matches;
mod play;

use draughts::{divide, parse_fen, perft_threads, Position, Variant};
use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "usage:
  draughts perft --variant V --depth N [--fen FEN] [--divide] [--threads N]
  draughts moves --variant V             reads one FEN per line on stdin
  draughts pdn FILE [--variant V]        replays every game of a PDN file
  draughts play --variant V [--computer white|black] [--level 1-6]
  draughts match --variant V --games N --a SPEC --b SPEC   (SPEC: 1-6, random, greedy, hub:CMD)
  draughts hub                           speaks the Hub protocol on stdin/stdout
variants: international (default), english (american, checkers), russian, brazilian";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(cmd) = args.first() else {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
    };
    let rest = &args[1..];
    let code = match cmd.as_str() {
        "perft" => run(cmd_perft(rest)),
        "moves" => run(cmd_moves(rest)),
        "pdn" => run(cmd_pdn(rest)),
        "play" => play::run(rest),
        "match" => matches::run(rest),
        "hub" => hub::run(rest),
        "-h" | "--help" | "help" => {
            println!("{USAGE}");
            0
        }
        _ => {
            eprintln!("unknown command {cmd:?}\n{USAGE}");
            2
        }
    };
    ExitCode::from(code as u8)
}

/// Reports a usage error on stderr (exit 2); passes other exit codes through.
fn run(result: Result<i32, String>) -> i32 {
    match result {
        Ok(code) => code,
        Err(e) => {
            eprintln!("error: {e}\n{USAGE}");
            2
        }
    }
}

/// The value after `--name`, if given.
fn opt<'a>(args: &'a [String], name: &str) -> Result<Option<&'a str>, String> {
    match args.iter().position(|a| a == name) {
        None => Ok(None),
        Some(i) => args
            .get(i + 1)
            .map(|v| Some(v.as_str()))
            .ok_or_else(|| format!("{name} needs a value")),
    }
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

fn variant_opt(args: &[String]) -> Result<Variant, String> {
    match opt(args, "--variant")? {
        None => Ok(Variant::International),
        Some(v) => v
            .parse()
            .map_err(|e: draughts::ParseVariantError| e.to_string()),
    }
}

fn cmd_perft(args: &[String]) -> Result<i32, String> {
    let variant = variant_opt(args)?;
    let depth: u32 = opt(args, "--depth")?
        .ok_or("perft needs --depth N")?
        .parse()
        .map_err(|_| "--depth must be a number".to_owned())?;
    let pos = match opt(args, "--fen")? {
        Some(fen) => parse_fen(fen, variant).map_err(|e| e.to_string())?,
        None => Position::new(variant),
    };
    let threads: usize = match opt(args, "--threads")? {
        Some(n) => n
            .parse()
            .map_err(|_| "--threads must be a number (0: one per core)".to_owned())?,
        None => 1,
    };
    let mut out = io::stdout().lock();
    if args.iter().any(|a| a == "--divide") {
        let t = Instant::now();
        let mut total = 0;
        let mut lines: Vec<(String, u64)> = divide(&pos, depth)
            .into_iter()
            .map(|(m, n)| (m.full_notation(), n))
            .collect();
        lines.sort();
        for (m, n) in lines {
            total += n;
            let _ = writeln!(out, "{m} {n}");
        }
        let _ = writeln!(out, "total {total} {:.6}", t.elapsed().as_secs_f64());
        return Ok(0);
    }
    for d in 1..=depth {
        let t = Instant::now();
        let n = perft_threads(&pos, d, threads);
        let _ = writeln!(out, "{d} {n} {:.6}", t.elapsed().as_secs_f64());
    }
    Ok(0)
}

fn cmd_moves(args: &[String]) -> Result<i32, String> {
    let variant = variant_opt(args)?;
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
        match parse_fen(line.trim_end_matches('\r'), variant) {
            Ok(pos) => {
                let mut moves: Vec<String> = pos
                    .legal_moves()
                    .iter()
                    .map(|m| m.full_notation())
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
    Ok(i32::from(failed))
}

fn cmd_pdn(args: &[String]) -> Result<i32, String> {
    let file = args
        .iter()
        .enumerate()
        .find(|(i, a)| !a.starts_with("--") && (*i == 0 || args[i - 1] != "--variant"))
        .map(|(_, a)| a)
        .ok_or("pdn needs a FILE")?;
    let variant = variant_opt(args)?;
    let bytes = std::fs::read(file).map_err(|e| format!("{file}: {e}"))?;
    // Real files come in UTF-8 or Latin-1; the move text is ASCII either way.
    let text = String::from_utf8(bytes)
        .unwrap_or_else(|e| e.into_bytes().iter().map(|&b| b as char).collect());
    let games = draughts::parse_games(&text).map_err(|e| format!("{file}: {e}"))?;
    let mut out = io::stdout().lock();
    let (mut ok, mut bad, mut plies) = (0, 0, 0);
    for g in &games {
        match g.replay(variant) {
            Ok(game) => {
                ok += 1;
                plies += game.moves().len();
                let _ = writeln!(out, "ok {}", game.moves().len());
            }
            Err(draughts::PdnError::Illegal {
                move_number,
                text,
                reason,
                ..
            }) => {
                bad += 1;
                let _ = writeln!(out, "illegal {move_number} {text}: {reason}");
            }
            Err(e) => {
                bad += 1;
                let _ = writeln!(out, "error: {e}");
            }
        }
    }
    let _ = writeln!(
        out,
        "games {} ok {ok} failed {bad} plies {plies}",
        games.len()
    );
    Ok(i32::from(bad > 0))
}
