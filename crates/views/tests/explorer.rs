//! The opening explorer over a real collection (../shared/pdn, read at test time; skipped, loudly,
//! without it: see `corpus`).

#[path = "../../rules/tests/corpus/mod.rs"]
mod corpus;

use draughts_rules::{parse_games, Position, Variant};
use draughts_views::explorer::Explorer;
use std::collections::HashMap;

/// The first moves the explorer lists at the start equal a count of each record's first move
/// text, done here without the explorer.
#[test]
fn a_real_collections_first_moves_are_counted_exactly() {
    let Some(dir) = corpus::pdn_dir("a_real_collections_first_moves_are_counted_exactly") else {
        return;
    };
    let bytes = std::fs::read(dir.join("english/wiegerw_OCA_2.0.pdn")).unwrap();
    let text = String::from_utf8_lossy(&bytes);
    let mut e = Explorer::new(Variant::English);
    let mut by_text: HashMap<String, u32> = HashMap::new();
    for g in parse_games(&text).unwrap() {
        let Ok(game) = g.replay(Variant::English) else {
            continue;
        };
        let standard = game.start() == &Position::new(Variant::English);
        if standard && !game.moves().is_empty() {
            *by_text.entry(g.moves[0].replace('x', "-")).or_default() += 1;
        }
        e.add(&game);
    }
    let listed: HashMap<String, u32> = e
        .moves(&Position::new(Variant::English), None)
        .into_iter()
        .map(|m| (m.notation.replace('x', "-"), m.games))
        .collect();
    assert!(!listed.is_empty());
    assert_eq!(listed, by_text);
}
