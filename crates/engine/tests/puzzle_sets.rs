//! The shipped puzzle sets (`crates/engine/puzzles/<variant>.txt`, built by `draughts puzzles
//! build`): every line reads, the header's count and variant agree with the file, no position
//! twice, lines short, and a sample of each set re-verified at the depth it was built at (four
//! puzzles a set, chosen by a fixed stride), with the endgame tables its header names built
//! again in memory (most of the test's time: about 30 s for International's four pieces, a few
//! seconds for each 8×8 set's). The whole of every set is re-verified by
//! `bench/puzzles-verify` (or `cargo test --test puzzle_sets -- --ignored --nocapture`).

use draughts_engine::egdb::{Egdb, Metric};
use draughts_engine::puzzles::{self, header, header_tables, Budget, Puzzle};
use draughts_engine::Engine;
use draughts_rules::Variant;
use std::collections::HashSet;
use std::path::PathBuf;
use std::time::Instant;

/// Longest line of a set, in bytes.
const MAX_LINE: usize = 150;
/// Largest set file, in bytes (sets are fetched by the page when first opened).
const MAX_FILE: usize = 40 * 1024;
/// Puzzles of each set re-verified by the quick test.
const SAMPLE: usize = 4;

struct Set {
    variant: Variant,
    build_depth: u32,
    /// The endgame tables it was built with (pieces).
    tables: Option<u8>,
    puzzles: Vec<Puzzle>,
}

fn dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("puzzles")
}

/// Every shipped set, read and checked for form (not by search).
fn sets() -> Vec<Set> {
    let mut out = Vec::new();
    for v in Variant::ALL {
        let path = dir().join(format!("{}.txt", v.name()));
        if !puzzles::supported(v) {
            assert!(!path.exists(), "{}: a set of a losing game", path.display());
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| {
            panic!(
                "{}: {e} (every variant with puzzles ships a set)",
                path.display()
            )
        });
        let name = path.display();
        assert!(text.len() <= MAX_FILE, "{name}: {} bytes", text.len());
        assert_eq!(
            header(&text, "variant"),
            Some(v.name()),
            "{name}: header variant"
        );
        let count: usize = header(&text, "puzzles")
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{name}: no '# puzzles: N' line"));
        let build_depth: u32 = header(&text, "build depth")
            .and_then(|d| d.split_whitespace().next()?.parse().ok())
            .unwrap_or_else(|| panic!("{name}: no '# build depth: D' line"));
        let mut seen = HashSet::new();
        let mut read = Vec::new();
        for (n, line) in text.lines().enumerate() {
            let at = format!("{name}:{}", n + 1);
            let Some(p) = puzzles::parse_line(line).unwrap_or_else(|e| panic!("{at}: {e}")) else {
                continue;
            };
            assert!(line.len() <= MAX_LINE, "{at}: {} bytes", line.len());
            assert_eq!(p.variant(), v, "{at}: a puzzle of another variant");
            assert!(seen.insert(p.fen()), "{at}: position {} twice", p.fen());
            assert_eq!(
                puzzles::write_line(&p),
                line,
                "{at}: does not write back the same"
            );
            read.push(p);
        }
        assert_eq!(read.len(), count, "{name}: the header's count");
        assert!(!read.is_empty(), "{name}: empty");
        out.push(Set {
            variant: v,
            build_depth,
            tables: header_tables(&text),
            puzzles: read,
        });
    }
    out
}

/// Verifies `which` puzzles of every set at its build depth; prints a line per set.
fn verify_sets(which: impl Fn(usize) -> Vec<usize>) {
    let mut engine = Engine::new(16);
    let mut failed = Vec::new();
    for set in sets() {
        let start = Instant::now();
        // The tables the set was built with, built again in memory.
        let tables = set.tables.map(|n| {
            Egdb::build_on(set.variant, n, Metric::WithLimits, 2)
                .unwrap_or_else(|e| panic!("{}: {e}", set.variant.name()))
        });
        let budget = Budget::depth(set.build_depth).with_tables(tables.as_ref());
        let chosen = which(set.puzzles.len());
        for &i in &chosen {
            let p = &set.puzzles[i];
            if let Err(e) = puzzles::verify(&mut engine, p, budget) {
                failed.push(format!("{}: {e}", puzzles::write_line(p)));
            }
        }
        println!(
            "{:<13} {:>4} puzzles, {:>4} verified at depth {} (tables: {}) in {:.2} s",
            set.variant.name(),
            set.puzzles.len(),
            chosen.len(),
            set.build_depth,
            set.tables.map_or("none".into(), |n| format!("{n} pieces")),
            start.elapsed().as_secs_f64()
        );
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}

#[test]
fn every_set_reads_and_a_sample_of_each_verifies() {
    // A fixed stride: the puzzles at 1/8, 3/8, 5/8 and 7/8 of the set.
    verify_sets(|n| {
        (0..SAMPLE)
            .map(|k| (2 * k + 1) * n / (2 * SAMPLE))
            .collect()
    });
}

#[test]
#[ignore = "every shipped puzzle at its build depth: minutes (bench/puzzles-verify)"]
fn every_puzzle_of_every_set_verifies() {
    verify_sets(|n| (0..n).collect());
}
