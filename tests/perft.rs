//! Perft from published figures, read from tests/data/perft.txt.

use draughts::{parse_fen, perft, Variant};

#[test]
fn perft_matches_published_figures() {
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
            let got = perft(&pos, depth);
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
