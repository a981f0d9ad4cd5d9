//! The best few lines at the root (the analysis' "lines"): at a fixed depth, in several variants,
//! the lines are distinct legal root moves, each line a legal sequence from the position, their
//! scores never increasing, the first line the ordinary search's own; with as many lines as
//! moves, every move. With endgame tables, each line says what the tables make of its move.

mod common;

use common::english4;
use draughts_engine::egdb::Outcome;
use draughts_engine::{Engine, Limits, Lines};
use draughts_rules::fast;
use draughts_rules::{parse_fen, Position, Variant};

const POSITIONS: &[(Variant, &str)] = &[
    (Variant::International, "W:W31-50:B1-20"),
    (Variant::International, "B:W27,28,33-50:B1-20"),
    (Variant::International, "W:W32,33,38,43:B8,12,17,19"),
    (Variant::English, "B:W21-32:B1-12"),
    (
        Variant::English,
        "W:W18,22,23,25,27,29,30,31:B1,3,5,6,9,10,11,14",
    ),
    (Variant::Russian, "W:W21-32:B1-12"),
    (
        Variant::Russian,
        "W:W17,22,24,26,27,29,31:B2,5,7,9,10,11,13",
    ),
    (Variant::Frisian, "B:W27,28,33-50:B1-20"),
    (Variant::Frisian, "W:W36,37,38,K46:B8,12,13,K5"),
];

const DEPTH: u32 = 6;

fn lines(pos: &Position, count: usize, limits: &Limits) -> Lines {
    Engine::new(4)
        .search_lines(pos, &[], limits, count)
        .expect("a legal move")
}

/// Whether `pv` is a sequence of legal moves from `pos`.
fn is_legal_line(pos: &Position, pv: &[draughts_rules::mv::Move]) -> bool {
    let mut at = *pos;
    for m in pv {
        if !fast::legal_moves(&at).contains(m) {
            return false;
        }
        at.play_unchecked(m);
    }
    true
}

#[test]
fn the_lines_are_distinct_legal_moves_in_order_the_first_the_searchs_own() {
    let limits = Limits {
        depth: Some(DEPTH),
        ..Default::default()
    };
    for &(variant, fen) in POSITIONS {
        let pos = parse_fen(fen, variant).unwrap();
        let legal = fast::legal_moves(&pos);
        let single = Engine::new(4).search(&pos, &[], &limits).unwrap();
        for count in [1, 3, 5, legal.len() + 2] {
            let found = lines(&pos, count, &limits);
            let ls = &found.lines;
            let what = format!("{variant:?} {fen}, {count} lines");
            assert_eq!(ls.len(), count.min(legal.len()), "{what}");
            // The first line is the ordinary search's, in the same nodes when it is the only one.
            assert_eq!(ls[0].score, single.score, "{what}");
            assert_eq!(ls[0].pv, single.pv, "{what}");
            assert_eq!(found.result.best, single.best, "{what}");
            assert_eq!(found.result.depth, single.depth, "{what}");
            if ls.len() == 1 {
                assert_eq!(found.result.nodes, single.nodes, "{what}");
            } else {
                assert!(found.result.nodes > single.nodes, "{what}");
            }
            for (i, l) in ls.iter().enumerate() {
                assert!(is_legal_line(&pos, &l.pv), "{what}: line {i} {:?}", l.pv);
                assert!(
                    ls[..i].iter().all(|o| !o.first().same_as(&l.first())),
                    "{what}: line {i} repeats a move"
                );
                if i > 0 {
                    assert!(ls[i - 1].score >= l.score, "{what}: line {i} scores higher");
                }
                assert_eq!(l.tables, None, "{what}: no tables");
            }
            if count >= legal.len() {
                for m in &legal {
                    assert!(ls.iter().any(|l| l.first() == *m), "{what}: {m:?} missing");
                }
            }
        }
    }
}

/// A search stopped by its node budget before the further lines are done returns those it
/// finished, the first at least.
#[test]
fn a_budget_spent_leaves_the_lines_finished() {
    let pos = parse_fen("W:W31-50:B1-20", Variant::International).unwrap();
    let limits = Limits {
        depth: Some(30),
        nodes: Some(20_000),
        ..Default::default()
    };
    let found = lines(&pos, 5, &limits);
    assert!(!found.lines.is_empty() && found.lines.len() <= 5);
    assert!(is_legal_line(&pos, &found.lines[0].pv));
}

/// Each line's move judged by the tables where they hold the position after it: captures from
/// five pieces into four, none for quiet moves among five, and every move of a four-piece
/// position (then the lines are the tables' own ranking).
#[test]
fn the_tables_judge_each_line_they_reach() {
    let db = english4();
    let limits = Limits {
        depth: Some(DEPTH),
        egdb: Some(db),
        ..Default::default()
    };
    for (fen, judged) in [
        ("W:W22,K30:B18,K3,K4", true),
        ("W:W26,K30:B10,K3,K4", false),
    ] {
        let pos = parse_fen(fen, Variant::English).unwrap();
        let found = lines(&pos, 5, &limits);
        assert!(!found.result.from_egdb);
        for l in &found.lines {
            let m = l.first();
            let mut after = pos;
            after.play_unchecked(&m);
            let expected = (after.occupied().count() <= 4).then(|| {
                db.rank_move(&pos, m, 0)
                    .unwrap()
                    .expect("four pieces are tabled")
                    .outcome
            });
            assert_eq!(l.tables, expected, "{fen}: {m:?}");
            assert_eq!(l.tables.is_some(), judged, "{fen}: {m:?}");
        }
    }
    // Four pieces: the tables answer, every move judged, best first.
    let pos = parse_fen("W:WK14,K30:BK3,K4", Variant::English).unwrap();
    let found = lines(&pos, 10, &limits);
    assert!(found.result.from_egdb);
    assert_eq!(found.lines.len(), fast::legal_moves(&pos).len());
    let rank = |o: Option<Outcome>| match o.expect("judged") {
        Outcome::Win => 0,
        Outcome::Draw => 1,
        Outcome::Loss => 2,
    };
    for w in found.lines.windows(2) {
        assert!(w[0].score >= w[1].score);
        assert!(rank(w[0].tables) <= rank(w[1].tables));
    }
    assert_eq!(found.lines[0].pv, found.result.pv);
    assert!(found.lines.iter().all(|l| is_legal_line(&pos, &l.pv)));
}
