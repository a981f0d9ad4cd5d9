//! Perft from published figures, read from tests/data/perft.txt.

use draughts_rules::{parse_fen, perft, perft_threads, Variant};

#[test]
fn perft_matches_published_figures() {
    check_figures(|pos, depth, _| Some(perft(pos, depth)));
}

/// The threaded count shares the same tree out among threads (more threads than cores, too, so
/// that uneven shares are exercised); the deepest figures are left to the test above.
#[test]
fn threaded_perft_matches_published_figures() {
    check_figures(|pos, depth, expected| {
        (expected <= 50_000_000).then(|| perft_threads(pos, depth, 1 + depth as usize % 3))
    });
}

/// Runs `count(position, depth, expected)` over tests/data/perft.txt (`None`: skipped).
fn check_figures(count: impl Fn(&draughts_rules::Position, u32, u64) -> Option<u64>) {
    let data = include_str!("data/perft.txt");
    let mut failures = Vec::new();
    let mut checked = 0;
    for line in data.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        let variant: Variant = fields[0].parse().unwrap();
        let pos = parse_fen(fields[1], variant).unwrap();
        for (i, expected) in fields[2].split_whitespace().enumerate() {
            let expected: u64 = expected.parse().unwrap();
            let depth = i as u32 + 1;
            let Some(got) = count(&pos, depth, expected) else {
                continue;
            };
            checked += 1;
            if got != expected {
                failures.push(format!(
                    "{variant} {} depth {depth}: got {got}, expected {expected}",
                    fields[1]
                ));
            }
        }
    }
    assert!(checked > 60);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
