//! Endgame tables in play: the search converting won endings and holding drawn ones with them,
//! every stored value following from its children's (the solver's equation, from outside), and
//! the page's memory budget for packed tables.

mod common;
#[path = "../../rules/tests/corpus/mod.rs"]
mod corpus;

use common::{english4, international4, kings_only, play_out, value};
use draughts_engine::egdb::{file, Egdb, Metric, Outcome, Value};
use draughts_rules::game::{Game, Status};
use draughts_rules::{parse_fen, Color, Piece, Position, Role, Setup, Variant};

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

/// A game from `pos` that White won.
fn assert_white_wins(status: Status, pos: &Position) {
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
                assert_white_wins(engine_against_tables(db, &pos, Color::White), &pos);
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
            assert_white_wins(play_out(&db, &pos), &pos);
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
