//! The endgame tables from the command line: `egdb build`/`probe` and their damage reports, and
//! the Hub engine probing them within the move limits.

mod common;

use common::{draughts, draughts_all};
use draughts_engine::egdb::{Egdb, Outcome};
use draughts_rules::{Color, Move, Piece, Position, Role, Setup, Variant};
use std::path::PathBuf;

/// The score of each `go` in a Hub session's output: the last `info` before each `done`.
fn hub_scores(out: &str) -> Vec<f64> {
    let mut scores = Vec::new();
    let mut last = None;
    for line in out.lines() {
        if let Some(score) = line.split(' ').find_map(|w| w.strip_prefix("score=")) {
            last = Some(score.parse::<f64>().unwrap());
        }
        if line.starts_with("done ") {
            scores.push(last.take().expect("an info line before done"));
        }
    }
    scores
}

/// An empty directory of this test process under the system's temporary one.
fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// `draughts egdb build` of `variant` up to `pieces` into `dir`: output, errors, exit code.
fn build(variant: &str, pieces: &str, dir: &str) -> (String, String, i32) {
    draughts_all(&[
        "egdb",
        "build",
        "--variant",
        variant,
        "--pieces",
        pieces,
        "--out",
        dir,
    ])
}

/// `draughts egdb probe` of an English position in the tables under `dir`.
fn probe_english(fen: &str, dir: &str) -> (String, String, i32) {
    draughts_all(&[
        "egdb",
        "probe",
        "--variant",
        "english",
        "--fen",
        fen,
        "--dir",
        dir,
    ])
}

/// `hub --egdb DIR` probes the tables, counting the move limit over the moves of `pos`:
/// Russian, three kings against one, won from a fresh count, reached again by a walk of king
/// moves that leaves too few of the 15 moves for the win, reads as a draw; with the `egdb`
/// parameter off, the search alone scores it by evaluation.
#[test]
fn hub_probes_endgame_tables_within_the_move_limits() {
    let dir = scratch_dir("draughts-hub-egdb");
    let d = dir.to_str().unwrap();
    let (out, _, code) = build("russian", "4", d);
    assert_eq!(code, 0, "{out}");
    let db = Egdb::open(&dir, Variant::Russian).unwrap();
    let start = longest_fresh_win(&db);
    let (positions, moves) = walk_past_the_count(&db, start);
    let end = *positions.last().unwrap();
    let walk: Vec<String> = moves
        .iter()
        .map(|m| format!("{}-{}", m.from(), m.to()))
        .collect();
    let session = format!(
        "hub\nset-param name=variant value=russian\nlevel depth=1\n\
         pos pos={end}\ngo think\n\
         pos pos={start} moves=\"{walk}\"\ngo think\n\
         set-param name=egdb value=false\npos pos={end}\ngo think\nquit\n",
        end = draughts_rules::hub::position_to_hub(&end),
        start = draughts_rules::hub::position_to_hub(&start),
        walk = walk.join(" "),
    );
    let (out, code) = draughts(&["hub", "--egdb", d], &session);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("param name=egdb value=true type=bool"),
        "{out}"
    );
    let scores = hub_scores(&out);
    assert_eq!(scores.len(), 3, "{out}");
    assert!(scores[0] > 100.0, "a fresh count: a database win\n{out}");
    assert_eq!(
        scores[1],
        0.0,
        "after {} plies of the count: a draw\n{out}",
        moves.len()
    );
    assert!(scores[2].abs() < 100.0, "tables off: the evaluation\n{out}");

    // Without the option the engine plays on by search alone; a directory that is not there is
    // refused.
    let (out, code) = draughts(&["hub"], &session);
    assert_eq!(code, 0);
    assert!(!out.contains("name=egdb"), "{out}");
    let (_, err, code) = draughts_all(&["hub", "--egdb", &format!("{d}/missing")]);
    assert_eq!(code, 1);
    assert!(err.contains("no such directory"), "{err}");
    std::fs::remove_dir_all(&dir).ok();
}

/// A start: three white kings against one, White to move, the longest win from a fresh count
/// among these set-ups (the lone king in the middle has room to walk).
fn longest_fresh_win(db: &Egdb) -> Position {
    let fresh = |p: &Position| db.value(p).unwrap().unwrap();
    let king = |c| Piece::new(c, Role::King);
    (1..=32u32)
        .flat_map(|a| (1..=32u32).flat_map(move |b| (1..=32u32).map(move |c| (a, b, c))))
        .filter_map(|(a, b, c)| {
            let mut setup = Setup::empty(Color::White);
            setup.pieces = vec![
                (a, king(Color::White)),
                (b, king(Color::White)),
                (c, king(Color::White)),
                (14, king(Color::Black)),
            ];
            let pos = Position::from_setup(&setup, Variant::Russian).ok()?;
            let v = fresh(&pos);
            (!pos.has_capture() && v.outcome == Outcome::Win).then_some((v.plies, pos))
        })
        .max_by_key(|&(plies, _)| plies)
        .expect("a won start")
        .1
}

/// A walk of distinct positions without a capture, White keeping the win, until White is to
/// move in a position won from a fresh count but not within what is left of the count.
fn walk_past_the_count(db: &Egdb, start: Position) -> (Vec<Position>, Vec<Move>) {
    let fresh = |p: &Position| db.value(p).unwrap().unwrap();
    let mut rng = 7u64;
    let mut next = |n: usize| {
        rng = rng
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (rng >> 33) as usize % n
    };
    let walk_once = |next: &mut dyn FnMut(usize) -> usize| {
        let (mut positions, mut moves) = (vec![start], Vec::new());
        loop {
            let pos = *positions.last().unwrap();
            let played = moves.len() as u16;
            if pos.turn() == Color::White
                && played > 0
                && fresh(&pos).within(db.plies_left(&pos, played)) == Outcome::Draw
            {
                assert_eq!(fresh(&pos).outcome, Outcome::Win);
                return Some((positions, moves));
            }
            let options: Vec<_> = pos
                .legal_moves()
                .into_iter()
                .filter(|m| {
                    let mut after = pos;
                    after.play_unchecked(m);
                    !m.is_capture()
                        && !after.has_capture()
                        && !positions.contains(&after)
                        && (pos.turn() == Color::Black || fresh(&after).outcome == Outcome::Loss)
                })
                .collect();
            if options.is_empty() || moves.len() > 60 {
                return None; // cornered: try another walk
            }
            let m = options[next(options.len())];
            let mut after = pos;
            after.play_unchecked(&m);
            positions.push(after);
            moves.push(m);
        }
    };
    (0..1000)
        .find_map(|_| walk_once(&mut next))
        .expect("a walk that outlasts the count")
}

#[test]
fn egdb_builds_probes_and_reports_damage() {
    let dir = scratch_dir("draughts-egdb-cli");
    let d = dir.to_str().unwrap();
    let (out, err, code) = build("english", "3", d);
    assert_eq!(code, 0, "{err}");
    // Four signatures of two pieces and twelve of three, a line each, then the total.
    let total = out.lines().last().unwrap();
    assert!(total.starts_with("total tables 16 positions "), "{out}");
    assert!(out.contains("0m2k-0m1k positions "), "{out}");
    // Built again, every table is reused.
    let (again, _, code) = build("english", "3", d);
    assert_eq!(code, 0);
    assert!(again.starts_with("total tables 0 "), "{again}");

    // Two kings against one: a win within the 40-move rule; each move's value, best first.
    let (out, err, code) = probe_english("W:WK1,K2:BK32", d);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("win "), "{out}");
    assert!(lines[1].starts_with("limit 80 plies left: win"), "{out}");
    assert!(lines[2].contains(" win "), "{out}");
    assert!(lines.len() > 3);
    // One king each: a draw.
    let (out, _, _) = probe_english("W:WK1:BK32", d);
    assert_eq!(out.lines().next(), Some("draw"));
    // `problems --egdb`: the tables answer a covered problem at the root with the quickest win.
    let problem = dir.join("kings.pdn");
    std::fs::write(&problem, "[FEN \"W:WK18,K14:BK1\"]\n\n1. 14-9 *\n").unwrap();
    let (out, err, code) = draughts_all(&[
        "problems",
        "--variant",
        "english",
        "--nodes",
        "1000",
        "--egdb",
        d,
        problem.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("solved kings.pdn#1: solution 14-9, found 14-9 (depth 1, score +199.")
            && out.contains("solved 1 of 1 (100.0%)"),
        "{out}"
    );
    // Too many pieces for the tables built.
    let (_, err, code) = probe_english("W:WK1,K2:BK31,K32", d);
    assert_eq!(code, 1);
    assert!(err.contains("tables hold up to 3"), "{err}");
    // A damaged table is refused in words, not read.
    let file = dir.join("english").join("0m2k-0m1k.egdb");
    let mut bytes = std::fs::read(&file).unwrap();
    let n = bytes.len();
    bytes[n - 3] ^= 0x5a;
    std::fs::write(&file, bytes).unwrap();
    let (_, err, code) = probe_english("W:WK1,K2:BK32", d);
    assert_eq!(code, 1);
    assert!(
        err.starts_with("error: table 0m2k-0m1k is damaged"),
        "{err}"
    );
    // Frisian cannot be tabled, and says why.
    let (_, err, code) = build("frisian", "2", d);
    assert_eq!(code, 1);
    assert!(err.contains("cannot be tabled"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}
