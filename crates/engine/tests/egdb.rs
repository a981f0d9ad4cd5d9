//! Endgame databases: the retrograde solver against a second, slow solver written apart from it
//! (a forward fixpoint over the game graph, positions enumerated through the public API), known
//! endings checked by hand, the move limits played out through [`Game`], and the file format.

#[path = "../../rules/tests/corpus/mod.rs"]
mod corpus;

use draughts_engine::egdb::{file, Egdb, EgdbError, Metric, Outcome, Signature, Value};
use draughts_rules::game::{Game, Status};
use draughts_rules::variant::Goal;
use draughts_rules::{parse_fen, Color, Piece, Position, Role, Setup, Variant};
use std::collections::HashMap;
use std::sync::OnceLock;

/// Every legal position of 2..=`pieces` pieces with both sides present, both sides to move.
fn all_positions(variant: Variant, pieces: usize) -> Vec<Position> {
    let squares = variant.geometry().squares() as u32;
    let kinds = [
        Piece::new(Color::White, Role::Man),
        Piece::new(Color::White, Role::King),
        Piece::new(Color::Black, Role::Man),
        Piece::new(Color::Black, Role::King),
    ];
    let mut out = Vec::new();
    /// Pieces on squares, as a setup lists them.
    type Placed = [(u32, Piece)];
    // Pieces placed on increasing squares, each of any kind.
    fn place(
        from: u32,
        squares: u32,
        left: usize,
        setup: &mut Vec<(u32, Piece)>,
        kinds: &[Piece; 4],
        f: &mut dyn FnMut(&Placed),
    ) {
        f(setup);
        if left == 0 {
            return;
        }
        for sq in from..=squares {
            for k in kinds {
                setup.push((sq, *k));
                place(sq + 1, squares, left - 1, setup, kinds, f);
                setup.pop();
            }
        }
    }
    place(1, squares, pieces, &mut Vec::new(), &kinds, &mut |pieces| {
        let has = |c: Color| pieces.iter().any(|(_, p)| p.color == c);
        if !has(Color::White) || !has(Color::Black) {
            return;
        }
        for turn in Color::ALL {
            let setup = Setup {
                pieces: pieces.to_vec(),
                ..Setup::empty(turn)
            };
            if let Ok(pos) = Position::from_setup(&setup, variant) {
                out.push(pos);
            }
        }
    });
    out
}

/// The slow reference: the game-theoretic value of every position (no move limits), with the
/// plies to conversion (a capture or a promotion, or the end of the game), by iterating over
/// the whole graph until nothing changes.
fn reference(variant: Variant, pieces: usize) -> HashMap<Position, Value> {
    let goal = variant.rules().goal;
    let positions: Vec<Position> = all_positions(variant, pieces)
        .into_iter()
        .filter(|p| !(goal == Goal::FirstKing && p.kings().any()))
        .collect();
    let at: HashMap<Position, usize> = positions.iter().enumerate().map(|(i, p)| (*p, i)).collect();
    // A finished game, from the side to move's view.
    let over = |p: &Position| -> Option<Outcome> {
        if p.pieces(p.turn()).is_empty() || p.legal_moves().is_empty() {
            return Some(if goal == Goal::Losing {
                Outcome::Win
            } else {
                Outcome::Loss
            });
        }
        if goal == Goal::FirstKing && p.kings().any() {
            return Some(Outcome::Loss);
        }
        None
    };
    // Each position's moves: (child index or a finished child's outcome, whether it converts).
    enum Child {
        At(usize),
        Over(Outcome),
    }
    let graph: Vec<Vec<(Child, bool)>> = positions
        .iter()
        .map(|p| {
            p.legal_moves()
                .iter()
                .map(|m| {
                    let mut c = *p;
                    c.play_unchecked(m);
                    let finished = c.pieces(c.turn()).is_empty()
                        || (goal == Goal::FirstKing && c.kings().any());
                    let child = match over(&c) {
                        Some(o) if finished => Child::Over(o),
                        _ => Child::At(at[&c]),
                    };
                    (child, m.is_capture() || m.promotes())
                })
                .collect()
        })
        .collect();
    // First the outcomes alone.
    let flip = |o: Outcome| match o {
        Outcome::Win => Outcome::Loss,
        Outcome::Loss => Outcome::Win,
        Outcome::Draw => Outcome::Draw,
    };
    let mut outcome: Vec<Option<Outcome>> = positions
        .iter()
        .map(|p| over(p).filter(|_| p.legal_moves().is_empty()))
        .collect();
    loop {
        let mut changed = false;
        for i in 0..positions.len() {
            if outcome[i].is_some() {
                continue;
            }
            let seen: Vec<Option<Outcome>> = graph[i]
                .iter()
                .map(|(c, _)| match c {
                    Child::At(j) => outcome[*j].map(flip),
                    Child::Over(o) => Some(flip(*o)),
                })
                .collect();
            if seen.contains(&Some(Outcome::Win)) {
                outcome[i] = Some(Outcome::Win);
                changed = true;
            } else if seen.iter().all(|s| *s == Some(Outcome::Loss)) {
                outcome[i] = Some(Outcome::Loss);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let outcome: Vec<Outcome> = outcome
        .into_iter()
        .map(|o| o.unwrap_or(Outcome::Draw))
        .collect();
    // Then the distances: a conversion counts one ply; a quiet move one more than the child's.
    let mut plies: Vec<Option<u16>> = (0..positions.len())
        .map(|i| graph[i].is_empty().then_some(0))
        .collect();
    for round in 1..1000u16 {
        let mut changed = false;
        for i in 0..positions.len() {
            if plies[i].is_some() || outcome[i] == Outcome::Draw {
                continue;
            }
            let options: Vec<(Outcome, Option<u16>)> = graph[i]
                .iter()
                .map(|(c, converts)| match c {
                    Child::Over(o) => (flip(*o), Some(1)),
                    Child::At(j) if *converts => (flip(outcome[*j]), Some(1)),
                    Child::At(j) => (flip(outcome[*j]), plies[*j].map(|d| d + 1)),
                })
                .collect();
            let done = match outcome[i] {
                Outcome::Win => options
                    .iter()
                    .filter(|(o, _)| *o == Outcome::Win)
                    .any(|(_, d)| *d == Some(round)),
                _ => {
                    options.iter().all(|(_, d)| d.is_some_and(|d| d <= round))
                        && options.iter().any(|(_, d)| *d == Some(round))
                }
            };
            if done {
                plies[i] = Some(round);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    positions
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let v = match outcome[i] {
                Outcome::Draw => Value::DRAW,
                Outcome::Win => Value::win(plies[i].expect("a win has a distance")),
                Outcome::Loss => Value::loss(plies[i].expect("a loss has a distance")),
            };
            (*p, v)
        })
        .collect()
}

fn no_limits(variant: Variant, pieces: u8) -> Egdb {
    Egdb::build(variant, pieces, Metric::NoLimits, &mut |_| Ok(())).unwrap()
}

fn agrees_with_reference(variant: Variant, pieces: u8) {
    let db = no_limits(variant, pieces);
    let reference = reference(variant, pieces as usize);
    let mut checked = [0usize; 3];
    for (pos, expected) in &reference {
        let got = db.value(pos).unwrap().expect("covered");
        assert_eq!(got, *expected, "{variant} {pos:?}");
        checked[expected.outcome as usize] += 1;
    }
    // Both sides win somewhere, and (but in Breakthrough) something is drawn.
    assert!(checked[Outcome::Win as usize] > 0 && checked[Outcome::Loss as usize] > 0);
    assert!(reference.len() > 1000, "{variant}: {}", reference.len());
}

#[test]
fn agrees_with_the_reference_solver_international() {
    agrees_with_reference(Variant::International, 3);
}

#[test]
fn agrees_with_the_reference_solver_english() {
    agrees_with_reference(Variant::English, 3);
}

#[test]
fn agrees_with_the_reference_solver_other_variants() {
    for v in [
        Variant::Russian,
        Variant::Brazilian,
        Variant::Antidraughts,
        Variant::Breakthrough,
        Variant::Italian,
        Variant::Spanish,
        Variant::Czech,
        Variant::Pool,
        Variant::Turkish,
    ] {
        agrees_with_reference(v, 3);
    }
}

/// International up to four pieces, with the move limits, built once for the tests below.
fn international4() -> &'static Egdb {
    static DB: OnceLock<Egdb> = OnceLock::new();
    DB.get_or_init(|| {
        Egdb::build_reusing(
            Variant::International,
            4,
            Metric::WithLimits,
            2,
            &mut |_| None,
            &mut |_| Ok(()),
        )
        .unwrap()
    })
}

fn english4() -> &'static Egdb {
    static DB: OnceLock<Egdb> = OnceLock::new();
    DB.get_or_init(|| {
        Egdb::build(Variant::English, 4, Metric::WithLimits, &mut |_| Ok(())).unwrap()
    })
}

fn value(db: &Egdb, fen: &str) -> Value {
    db.value(&parse_fen(fen, db.variant()).unwrap())
        .unwrap()
        .unwrap()
}

#[test]
fn known_international_endings() {
    let db = international4();
    // Three kings against one holding the main diagonal (46–5): a draw, whoever moves.
    for fen in ["W:WK1,K2,K3:BK46", "B:WK1,K2,K3:BK46"] {
        assert_eq!(value(db, fen).outcome, Outcome::Draw, "{fen}");
    }
    // A king against a king: a draw.
    assert_eq!(value(db, "W:WK1:BK50").outcome, Outcome::Draw);
    // A king on the main diagonal takes a lone king on it at once: a win in one ply.
    assert_eq!(value(db, "W:WK10,K1:BK28"), Value::win(1));
}

#[test]
fn known_english_endings() {
    let db = english4();
    // Two kings against one: a win, within the 40-move rule; one king each: a draw.
    let v = value(db, "W:WK1,K2:BK32");
    assert_eq!(v.outcome, Outcome::Win);
    assert!(v.plies <= 80);
    assert_eq!(value(db, "B:WK1,K2:BK32").outcome, Outcome::Loss);
    assert_eq!(value(db, "W:WK1:BK32").outcome, Outcome::Draw);
    assert_eq!(value(db, "B:WK1:BK32").outcome, Outcome::Draw);
    // Two kings against one, the kings to move, 2,000 positions: won, but for a fork.
    let positions = kings_only(Variant::English, 2, 1, 2000);
    let not_won: Vec<String> = positions
        .iter()
        .filter(|p| db.value(p).unwrap().unwrap().outcome != Outcome::Win)
        .map(draughts_rules::write_fen)
        .collect();
    // The exceptions: the lone king between the two on one diagonal, each jump blocked by the
    // other king, threatens both; whichever moves away, the other is taken (one king each).
    assert_eq!(
        not_won,
        [
            "W:WK16,K23:BK19",
            "W:WK19,K26:BK23",
            "W:WK4,K12:BK11",
            "W:WK6,K15:BK10"
        ]
    );
    for fen in &not_won {
        assert_eq!(value(db, fen).outcome, Outcome::Draw, "{fen}");
    }
}

/// Plays the database's best line from `pos` through [`Game`] (with its draw rules): the
/// winner takes the quickest win, the loser the longest loss.
fn play_out(db: &Egdb, pos: &Position) -> Status {
    let mut game = Game::from_position(*pos);
    for _ in 0..400 {
        if game.status().is_over() {
            return game.status();
        }
        let played = db.phase_plies(game.positions(), game.moves());
        let ranked = db.rank_moves(game.position(), played).unwrap().unwrap();
        game.play(&ranked[0].mv).unwrap();
    }
    game.status()
}

/// Kings-only positions of `white` kings against `black`, White to move, `n` of them spread by
/// a fixed generator.
fn kings_only(variant: Variant, white: usize, black: usize, n: usize) -> Vec<Position> {
    let squares = variant.geometry().squares() as u64;
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % squares) as u32 + 1
    };
    let mut out = Vec::new();
    while out.len() < n {
        let mut setup = Setup::empty(Color::White);
        for (count, color) in [(white, Color::White), (black, Color::Black)] {
            for _ in 0..count {
                setup.pieces.push((next(), Piece::new(color, Role::King)));
            }
        }
        if let Ok(pos) = Position::from_setup(&setup, variant) {
            out.push(pos);
        }
    }
    out
}

#[test]
fn wins_come_within_the_move_limits() {
    let db = international4();
    let mut checked = [0usize; 3];
    // Two kings against one (the 5-move rule, 10 plies), three against one (16 moves), two
    // against two (the 25-move rule): a position the table calls won is won in a real game,
    // one it calls drawn (the limits applied) is drawn.
    for (w, b) in [(2, 1), (3, 1), (2, 2), (1, 3), (1, 2)] {
        for pos in kings_only(Variant::International, w, b, 150) {
            let v = db.value(&pos).unwrap().unwrap();
            let status = play_out(db, &pos);
            let expected = v.within(db.plies_left(&pos, 0));
            match expected {
                Outcome::Win => assert!(
                    matches!(
                        status,
                        Status::Win {
                            winner: Color::White,
                            ..
                        }
                    ),
                    "{pos:?} {v:?}: {status}"
                ),
                Outcome::Loss => assert!(
                    matches!(
                        status,
                        Status::Win {
                            winner: Color::Black,
                            ..
                        }
                    ),
                    "{pos:?} {v:?}: {status}"
                ),
                Outcome::Draw => {
                    assert!(
                        matches!(status, Status::Draw { .. }),
                        "{pos:?} {v:?}: {status}"
                    )
                }
            }
            checked[expected as usize] += 1;
        }
    }
    assert!(
        checked[0] > 100 && checked[1] > 100 && checked[2] > 0,
        "{checked:?}"
    );
}

#[test]
fn tables_round_trip_and_damage_is_reported() {
    let db = english4();
    let sig = Signature::new(0, 2, 0, 1);
    let table = db.table(sig).unwrap();
    let bytes = file::encode(Variant::English, Metric::WithLimits, &table);
    let back = file::decode(&bytes, Variant::English, Metric::WithLimits, sig).unwrap();
    assert_eq!(back.values, table.values);
    // A flipped byte in the payload, a cut file, another version, another variant.
    let mut damaged = bytes.clone();
    let last = damaged.len() - 5;
    damaged[last] ^= 0x55;
    assert!(matches!(
        file::decode(&damaged, Variant::English, Metric::WithLimits, sig),
        Err(EgdbError::Corrupt { .. })
    ));
    assert!(matches!(
        file::decode(&bytes[..20], Variant::English, Metric::WithLimits, sig),
        Err(EgdbError::Corrupt { .. })
    ));
    let mut newer = bytes.clone();
    newer[8] = 2;
    assert_eq!(
        file::decode(&newer, Variant::English, Metric::WithLimits, sig).unwrap_err(),
        EgdbError::Version {
            found: 2,
            expected: 1
        }
    );
    assert!(file::decode(&bytes, Variant::Russian, Metric::WithLimits, sig).is_err());
    assert!(file::decode(&bytes, Variant::English, Metric::WithLimits, sig.swapped()).is_err());
}

#[test]
fn frisian_is_refused_in_words() {
    let err = Egdb::build(Variant::Frisian, 3, Metric::WithLimits, &mut |_| Ok(())).unwrap_err();
    assert!(err.to_string().contains("three times in a row"), "{err}");
}

/// Plays a game from `pos`: `engine_side` by the search probing `db`, the other side by the
/// database's perfect play (the quickest win, the longest loss).
fn engine_against_tables(db: &Egdb, pos: &Position, engine_side: Color) -> Status {
    use draughts_engine::{Engine, Limits};
    let mut game = Game::from_position(*pos);
    let mut engine = Engine::new(4);
    for _ in 0..300 {
        if game.status().is_over() {
            break;
        }
        let played = db.phase_plies(game.positions(), game.moves());
        let m = if game.position().turn() == engine_side {
            let limits = Limits {
                depth: Some(6),
                egdb: Some(db),
                phase_plies: played,
                ..Default::default()
            };
            let history = draughts_engine::game_history(&game);
            engine
                .search(game.position(), &history, &limits)
                .unwrap()
                .best
        } else {
            db.rank_moves(game.position(), played).unwrap().unwrap()[0].mv
        };
        game.play(&m).unwrap();
    }
    game.status()
}

#[test]
fn the_search_converts_won_endings_and_holds_drawn_ones() {
    let db = international4();
    let (mut won, mut held) = (0, 0);
    for pos in kings_only(Variant::International, 3, 1, 60) {
        let v = db.value(&pos).unwrap().unwrap();
        match v.within(db.plies_left(&pos, 0)) {
            // Three kings against one, won within the 16-move rule: the search wins.
            Outcome::Win => {
                let status = engine_against_tables(db, &pos, Color::White);
                assert!(
                    matches!(
                        status,
                        Status::Win {
                            winner: Color::White,
                            ..
                        }
                    ),
                    "{pos:?}: {status}"
                );
                won += 1;
            }
            // Drawn (the main diagonal held, or no win within the rule): the lone king holds.
            Outcome::Draw => {
                let status = engine_against_tables(db, &pos, Color::Black);
                assert!(matches!(status, Status::Draw { .. }), "{pos:?}: {status}");
                held += 1;
            }
            Outcome::Loss => {}
        }
    }
    assert!(won > 5 && held > 5, "won {won}, held {held}");
}

#[test]
fn the_search_reads_the_tables_after_a_capture() {
    use draughts_engine::{Engine, Limits};
    // English, tables of up to three pieces, two kings against two with White to take one:
    // the search, four plies deep, scores the capture into the won ending of two kings
    // against one as a database win, which no evaluation reaches (and no mate is that near).
    let db3 = Egdb::build(Variant::English, 3, Metric::WithLimits, &mut |_| Ok(())).unwrap();
    let db4 = english4();
    let mut checked = 0;
    for pos in kings_only(Variant::English, 2, 2, 400)
        .into_iter()
        .filter(|p| p.has_capture())
        .take(30)
    {
        let truth = db4.value(&pos).unwrap().unwrap();
        let mut engine = Engine::new(2);
        let limits = Limits {
            depth: Some(4),
            egdb: Some(&db3),
            ..Default::default()
        };
        let r = engine.search(&pos, &[], &limits).unwrap();
        if truth.within(db4.plies_left(&pos, 0)) == Outcome::Win {
            assert!(
                r.score > draughts_engine::EGDB_BOUND,
                "{pos:?}: {}",
                r.score
            );
            checked += 1;
        }
    }
    assert!(checked > 5, "{checked}");
}

/// International endings of five pieces, from tables built beforehand (`draughts egdb build
/// --variant international --pieces 5 --out DIR`, about 10 minutes of CPU): run with
/// `DRAUGHTS_EGDB_DIR=DIR cargo test --release --test egdb -- --ignored`.
#[test]
#[ignore = "needs the five-piece International tables (DRAUGHTS_EGDB_DIR)"]
fn four_kings_beat_one_in_international() {
    let dir = std::env::var("DRAUGHTS_EGDB_DIR").expect("DRAUGHTS_EGDB_DIR names the tables");
    let db = Egdb::open(std::path::Path::new(&dir), Variant::International).unwrap();
    assert_eq!(db.max_pieces(), 5);
    // Four kings against one, even one holding the main diagonal, win within the 25-move rule.
    for fen in [
        "W:WK1,K2,K3,K4:BK46",
        "W:WK10,K20,K30,K40:BK46",
        "W:WK6,K7,K8,K9:BK28",
    ] {
        let v = value(&db, fen);
        assert_eq!(
            v.within(db.plies_left(&parse_fen(fen, Variant::International).unwrap(), 0)),
            Outcome::Win,
            "{fen}"
        );
    }
    // Three against one on the main diagonal stays a draw.
    assert_eq!(value(&db, "W:WK1,K2,K3:BK46").outcome, Outcome::Draw);
    // Every sampled position of four kings against one, the kings to move, is won and played
    // out as a win through Game.
    let mut won = 0;
    for pos in kings_only(Variant::International, 4, 1, 200) {
        let v = db.value(&pos).unwrap().unwrap();
        if v.within(db.plies_left(&pos, 0)) == Outcome::Win {
            let status = play_out(&db, &pos);
            assert!(
                matches!(
                    status,
                    Status::Win {
                        winner: Color::White,
                        ..
                    }
                ),
                "{pos:?}: {status}"
            );
            won += 1;
        }
    }
    assert!(won >= 195, "{won}");
}

/// The value a position must have given its children's (the solver's equation, checked from
/// outside it): the quickest win, else a draw, else the longest loss, where a move that starts a
/// new count of the move limits is a win or loss of one ply if its child's result comes within
/// the child's own limit, and a draw otherwise.
fn from_children(db: &Egdb, pos: &Position) -> Value {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return Value::loss(0);
    }
    let options: Vec<Value> = moves
        .iter()
        .map(|m| {
            let mut child = *pos;
            child.play_unchecked(m);
            let v = db.value(&child).unwrap().expect("covered");
            if db.starts_phase(pos, m, &child) {
                match v.within(db.plies_left(&child, 0)) {
                    Outcome::Win => Value::loss(1),
                    Outcome::Loss => Value::win(1),
                    Outcome::Draw => Value::DRAW,
                }
            } else {
                v.back()
            }
        })
        .collect();
    let best = |o: Outcome| {
        options
            .iter()
            .filter(move |v| v.outcome == o)
            .map(|v| v.plies)
    };
    if let Some(d) = best(Outcome::Win).min() {
        Value::win(d)
    } else if best(Outcome::Draw).next().is_some() {
        Value::DRAW
    } else {
        Value::loss(best(Outcome::Loss).max().expect("some move"))
    }
}

/// Random positions of `pieces` pieces (men and kings of both sides at random), either side to
/// move.
fn random_positions(variant: Variant, pieces: usize, n: usize, seed: u64) -> Vec<Position> {
    let squares = variant.geometry().squares() as u64;
    let mut s = seed | 1;
    let mut next = move || {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        s
    };
    let mut out = Vec::new();
    while out.len() < n {
        let turn = if next() % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let mut setup = Setup::empty(turn);
        let white = 1 + (next() % (pieces as u64 - 1)) as usize;
        for i in 0..pieces {
            let color = if i < white {
                Color::White
            } else {
                Color::Black
            };
            let role = if next() % 2 == 0 {
                Role::Man
            } else {
                Role::King
            };
            setup
                .pieces
                .push(((next() % squares) as u32 + 1, Piece::new(color, role)));
        }
        if let Ok(pos) = Position::from_setup(&setup, variant) {
            out.push(pos);
        }
    }
    out
}

#[test]
fn every_value_follows_from_the_values_after_each_move() {
    for (db, variant) in [
        (international4(), Variant::International),
        (english4(), Variant::English),
    ] {
        for pieces in 2..=4 {
            for pos in random_positions(variant, pieces, 500, 0x5eed + pieces as u64) {
                assert_eq!(
                    db.value(&pos).unwrap().unwrap(),
                    from_children(db, &pos),
                    "{pos:?}"
                );
            }
        }
    }
}

/// The same equation on tables built beforehand (the five-piece International ones, say):
/// `DRAUGHTS_EGDB_DIR=DIR DRAUGHTS_EGDB_VARIANT=english cargo test --release --test egdb -- --ignored`.
#[test]
#[ignore = "needs tables built beforehand (DRAUGHTS_EGDB_DIR)"]
fn tables_built_beforehand_follow_from_their_moves() {
    let dir = std::env::var("DRAUGHTS_EGDB_DIR").expect("DRAUGHTS_EGDB_DIR names the tables");
    let variant: Variant = std::env::var("DRAUGHTS_EGDB_VARIANT")
        .unwrap_or_else(|_| "international".to_owned())
        .parse()
        .unwrap();
    let db = Egdb::open(std::path::Path::new(&dir), variant).unwrap();
    let mut checked = 0;
    for pos in random_positions(variant, db.max_pieces() as usize, 3000, 0xfeed) {
        // A partial set answers only where every table a move leads to is there.
        let (Ok(Some(v)), Ok(Some(_))) = (db.value(&pos), db.rank_moves(&pos, 0)) else {
            continue;
        };
        assert_eq!(v, from_children(&db, &pos), "{pos:?}");
        checked += 1;
    }
    assert!(checked > 1000, "{checked}");
}

/// A database of packed tables under a budget (as the page holds them) answers as the whole
/// one, never holds more unpacked than its budget (a single larger table aside), and lets
/// go of the least recently probed first.
#[test]
fn a_budget_bounds_the_unpacked_tables() {
    let whole = english4();
    let files: Vec<Vec<u8>> = whole
        .signatures()
        .into_iter()
        .map(|s| {
            file::encode(
                Variant::English,
                Metric::WithLimits,
                &whole.table(s).unwrap(),
            )
        })
        .collect();
    let sizes: Vec<usize> = whole
        .signatures()
        .into_iter()
        .map(|s| whole.table(s).unwrap().values.len())
        .collect();
    let largest = *sizes.iter().max().unwrap();
    // Room for one and a half of the largest tables, a fraction of the set.
    let budget = largest * 3 / 2;
    let total: usize = sizes.iter().sum();
    assert!(
        budget * 3 < total,
        "the budget is a fraction: {budget} of {total}"
    );
    let mut db = Egdb::empty(Variant::English).unwrap().with_budget(budget);
    for bytes in &files {
        db.add_file(bytes.clone()).unwrap();
    }
    assert_eq!(db.unpacked_stats().unwrap().bytes, 0, "packed until probed");
    for pos in [3, 4]
        .iter()
        .flat_map(|&n| random_positions(Variant::English, n, 3000, 7 + n as u64))
    {
        assert_eq!(
            db.value(&pos).unwrap(),
            whole.value(&pos).unwrap(),
            "{pos:?}"
        );
        let s = db.unpacked_stats().unwrap();
        assert!(s.bytes <= budget, "{s:?}");
    }
    let s = db.unpacked_stats().unwrap();
    assert!(s.peak <= budget && s.peak > budget / 2, "{s:?}");
    assert!(
        s.unpacks > files.len() as u64,
        "tables were let go and unpacked again: {s:?}"
    );
    // The most recently probed table stays; one probed long ago is let go first.
    let recent = parse_fen("W:W22,K1:BK32,26", Variant::English).unwrap();
    let unpacks = db.unpacked_stats().unwrap().unpacks;
    db.value(&recent).unwrap();
    db.value(&recent).unwrap();
    assert!(
        db.unpacked_stats().unwrap().unpacks <= unpacks + 1,
        "kept once unpacked"
    );
    // A search's tree never lets go of a table it uses (no table unpacked twice in one
    // search), and answers nothing rather than go over the budget.
    db.begin_search(&parse_fen("W:W21:B12", Variant::English).unwrap());
    let before = db.unpacked_stats().unwrap().unpacks;
    let (mut answered, mut unanswered) = (0, 0);
    for pos in [3, 4]
        .iter()
        .flat_map(|&n| random_positions(Variant::English, n, 3000, 11 + n as u64))
    {
        match db.probe(&pos) {
            Some(v) => {
                assert_eq!(Some(v), whole.value(&pos).unwrap(), "{pos:?}");
                answered += 1;
            }
            None => unanswered += 1,
        }
        assert!(db.unpacked_stats().unwrap().bytes <= budget);
    }
    let unpacks = db.unpacked_stats().unwrap().unpacks - before;
    assert!(
        unpacks <= files.len() as u64,
        "{unpacks} unpacks in one search"
    );
    assert!(
        answered > 0 && unanswered > 0,
        "{answered} answered, {unanswered} not"
    );
    // Letting go of tables frees their memory.
    db.retain(|_| false);
    assert_eq!(db.unpacked_stats().unwrap().bytes, 0);
    // Without a budget nothing is counted.
    assert_eq!(whole.unpacked_stats(), None);
}

/// Measures the budget against real play (by hand: figures in the README): the English ≤ 5
/// tables in `DRAUGHTS_EGDB_DIR` (as `draughts egdb build` writes them), held as the page holds
/// them (file bytes) with and without a budget, and a search of 1M nodes from each position of
/// two sets: the first position of eight pieces or fewer of each game of a PDN file (each search
/// meets new material: the worst case), and ten positions in a row of such games (as the
/// computer meets them).
/// `cargo test --release --test egdb -- --ignored --nocapture budget_against_real_endings`
#[test]
#[ignore = "needs the English ≤ 5 tables on disk; prints figures"]
fn budget_against_real_endings() {
    use draughts_engine::search::{Engine, Limits};
    let dir =
        std::path::PathBuf::from(std::env::var("DRAUGHTS_EGDB_DIR").expect("DRAUGHTS_EGDB_DIR"));
    let Some(records) = corpus::pdn_dir("budget_against_real_endings") else {
        return;
    };
    let pdn = records.join("english/wiegerw_OCA_2.0.pdn");
    let text = std::fs::read_to_string(pdn).unwrap();
    let mut firsts = Vec::new();
    let mut games = Vec::new();
    for g in draughts_rules::pdn::parse_each_game(&text)
        .into_iter()
        .flatten()
    {
        let Ok(game) = g.replay(Variant::English) else {
            continue;
        };
        let near: Vec<Position> = game
            .positions()
            .iter()
            .filter(|p| p.occupied().count() <= 8 && !p.legal_moves().is_empty())
            .copied()
            .collect();
        if let Some(pos) = near.first() {
            firsts.push(*pos);
        }
        if games.len() < 30 && near.len() >= 10 {
            games.extend(near.into_iter().take(10));
        }
        if firsts.len() == 40 {
            break;
        }
    }
    let files: Vec<Vec<u8>> = draughts_engine::egdb::signatures(Variant::English, 5)
        .into_iter()
        .map(|s| std::fs::read(Egdb::table_path(&dir, Variant::English, s)).unwrap())
        .collect();
    for (set, positions) in [("first positions", &firsts), ("games", &games)] {
        for budget in [None, Some(64), Some(48), Some(32), Some(16)] {
            let mut db = Egdb::empty(Variant::English)
                .unwrap()
                .with_budget(budget.map_or(usize::MAX, |mib: usize| mib << 20));
            for f in &files {
                db.add_file(f.clone()).unwrap();
            }
            let start = std::time::Instant::now();
            let mut nodes = 0;
            for pos in positions {
                let limits = Limits {
                    nodes: Some(1_000_000),
                    egdb: Some(&db),
                    ..Default::default()
                };
                nodes += Engine::new(16).search(pos, &[], &limits).unwrap().nodes;
            }
            let s = db.unpacked_stats().unwrap();
            println!(
                "{set}: budget {} MiB: {} positions, {nodes} nodes, {:.1} s, peak unpacked {:.1} MB, {} unpacks",
                budget.map_or("none".to_owned(), |b| b.to_string()),
                positions.len(),
                start.elapsed().as_secs_f64(),
                s.peak as f64 / 1e6,
                s.unpacks
            );
        }
    }
}
