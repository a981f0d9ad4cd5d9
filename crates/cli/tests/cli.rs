//! The `draughts` binary: `moves` from tests/data/moves.txt, `perft`, `pdn`, help, and bad input.

use std::io::Write;
use std::process::{Command, Stdio};

fn draughts(args: &[&str], stdin: &str) -> (String, i32) {
    draughts_bytes(args, stdin.as_bytes())
}

/// Runs the binary without input: standard output, standard error and the exit code.
fn draughts_all(args: &[&str]) -> (String, String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_draughts"))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the binary runs");
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

/// Runs the binary on raw bytes; fails (rather than hangs) if it has not exited after a minute
/// once its input is closed.
fn draughts_bytes(args: &[&str], stdin: &[u8]) -> (String, i32) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_draughts"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    let pid = child.id();
    let (done_tx, done_rx) = std::sync::mpsc::channel::<()>();
    let watchdog = std::thread::spawn(move || {
        if done_rx
            .recv_timeout(std::time::Duration::from_secs(60))
            .is_err()
        {
            let _ = Command::new("kill").arg(pid.to_string()).status();
        }
    });
    let out = child.wait_with_output().unwrap();
    let _ = done_tx.send(());
    watchdog.join().unwrap();
    (
        String::from_utf8(out.stdout).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn moves_match_the_data_file() {
    let data = include_str!("data/moves.txt");
    let mut checked = 0;
    for line in data
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
    {
        let f: Vec<&str> = line.split('|').map(str::trim).collect();
        let (out, code) = draughts(&["moves", "--variant", f[0]], &format!("{}\n", f[1]));
        assert_eq!(code, 0, "{line}");
        assert_eq!(out.trim_end_matches('\n'), f[2], "{line}");
        checked += 1;
    }
    assert!(checked >= 15);
}

#[test]
fn moves_reports_bad_lines_and_goes_on() {
    let (out, code) = draughts(
        &["moves", "--variant", "english"],
        "B:W21-32:B1-12\nnonsense\nW:W33:B1\nB:W21-32:B1-12\n",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 4, "{out}");
    assert!(lines[1].starts_with("error: FEN side to move"), "{out}");
    assert!(
        lines[2].starts_with("error: invalid position: square 33"),
        "{out}"
    );
    assert_eq!(lines[0], lines[3]);
    assert_eq!(code, 1);
}

#[test]
fn a_line_that_is_not_utf8_is_one_bad_line() {
    let (out, code) = draughts_bytes(&["moves"], b"W:W31:B1\n\xff\nW:W32:B1\n");
    assert_eq!(
        out,
        "31-26 31-27\nerror: the line is not UTF-8 text\n32-27 32-28\n"
    );
    assert_eq!(code, 1);
    let (out, _) = draughts_bytes(&["hub"], b"ping\n\xe9\nping\nquit\n");
    assert_eq!(out.matches("pong").count(), 2, "{out}");
}

#[test]
fn hub_quits_when_its_input_ends_even_in_an_infinite_search() {
    for mode in ["think", "ponder"] {
        let input = format!("init\nlevel infinite\ngo {mode}\n");
        let (out, code) = draughts_bytes(&["hub"], input.as_bytes());
        assert_eq!(code, 0, "go {mode}: {out}");
        assert!(out.contains("done move="), "go {mode}: {out}");
    }
}

#[test]
fn perft_prints_depth_nodes_seconds() {
    let (out, code) = draughts(&["perft", "--variant", "russian", "--depth", "4"], "");
    assert_eq!(code, 0);
    let counts: Vec<&str> = out
        .lines()
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            assert_eq!(f.len(), 3, "{l}");
            assert!(f[2].parse::<f64>().is_ok(), "{l}");
            f[1]
        })
        .collect();
    assert_eq!(counts, ["7", "49", "302", "1469"]);
    let (out, _) = draughts(
        &[
            "perft",
            "--depth",
            "2",
            "--divide",
            "--fen",
            "W:WK47:B14,19,29,31,42",
        ],
        "",
    );
    assert!(out.contains("47x38x24x13x36 "), "{out}");
    assert!(out.lines().last().unwrap().starts_with("total "), "{out}");
    let (_, code) = draughts(&["perft", "--depth", "x"], "");
    assert_eq!(code, 2);
    let (_, code) = draughts(&["perft", "--variant", "chess", "--depth", "1"], "");
    assert_eq!(code, 2);
    let (out, code) = draughts(&["perft", "--depth", "6", "--threads", "2"], "");
    assert_eq!(code, 0);
    assert!(
        out.lines().nth(5).unwrap().starts_with("6 167140 "),
        "{out}"
    );
    let (_, code) = draughts(&["perft", "--depth", "2", "--threads", "many"], "");
    assert_eq!(code, 2);
    // An absurd thread count is capped, not attempted.
    let (out, code) = draughts(&["perft", "--depth", "5", "--threads", "1000000"], "");
    assert_eq!(code, 0);
    assert!(out.lines().nth(4).unwrap().starts_with("5 27117 "), "{out}");
}

#[test]
fn pdn_replays_a_file_game_by_game() {
    let dir = std::env::temp_dir().join(format!("draughts-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("games.pdn");
    std::fs::write(
        &file,
        "[Event \"a\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n\n[Event \"b\"]\n1. 32-28 19-25 2. 28-22 *\n",
    )
    .unwrap();
    let (out, code) = draughts(&["pdn", file.to_str().unwrap()], "");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "ok 4");
    assert_eq!(
        lines[1],
        "illegal 1... 19-25: the piece on 19 cannot move there"
    );
    assert_eq!(lines[2], "games 2 ok 1 failed 1 plies 4");
    assert_eq!(code, 1);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn help_version_and_suggestions() {
    let (out, _, code) = draughts_all(&["perft", "--help"]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("--depth"), "{out}");
    // The variant list is the engine's.
    for v in draughts_rules::Variant::ALL {
        assert!(out.contains(v.name()), "{v}: {out}");
    }
    let (out, _, code) = draughts_all(&["--version"]);
    assert_eq!(code, 0);
    assert_eq!(
        out.trim(),
        format!("draughts {}", env!("CARGO_PKG_VERSION"))
    );
    let (_, err, code) = draughts_all(&["perf"]);
    assert_eq!(code, 2);
    assert!(err.contains("'perft'"), "{err}");
    let (_, err, code) = draughts_all(&[]);
    assert_eq!(code, 2);
    assert!(err.contains("perft"), "{err}");
    // Aliases are read by the engine, not listed.
    let (out, _, code) = draughts_all(&["perft", "--variant", "american", "--depth", "2"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("1 7 "), "{out}");
}

#[test]
fn completions_for_bash() {
    let (out, _, code) = draughts_all(&["completions", "bash"]);
    assert_eq!(code, 0);
    assert!(out.contains("complete -F"), "{out}");
    assert!(out.contains("perft"), "{out}");
    let (_, _, code) = draughts_all(&["completions", "cmd.exe"]);
    assert_eq!(code, 2);
}

#[test]
fn runtime_errors_are_one_line_without_the_usage() {
    let missing = std::env::temp_dir().join("draughts-cli-no-such-file.pdn");
    let (out, err, code) = draughts_all(&["pdn", missing.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert_eq!(out, "");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with("error: "), "{err}");
    assert!(err.contains("draughts-cli-no-such-file.pdn"), "{err}");
    let (_, err, code) = draughts_all(&["perft", "--depth", "2", "--fen", "W:W99:B1"]);
    assert_eq!(code, 1);
    assert_eq!(err.lines().count(), 1, "{err}");
    let (_, err, code) = draughts_all(&["play", "--fen", "nonsense"]);
    assert_eq!(code, 1);
    assert_eq!(err.lines().count(), 1, "{err}");
}

#[test]
fn pdn_reports_a_damaged_game_and_goes_on() {
    let dir = std::env::temp_dir().join(format!("draughts-cli-noise-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("noisy.pdn");
    let mut bytes = b"[Event \"a\"]\n1. 32-28 19-23 2. 28x19 14x23 *\n\n".to_vec();
    // 20 KB of binary noise (a fixed pseudo-random sequence), then another good game.
    let mut x: u64 = 0x2545_f491_4f6c_dd1d;
    bytes.extend((0..20_000).map(|_| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x >> 24) as u8
    }));
    bytes.extend_from_slice(b"\n\n[Event \"b\"]\n1. 31-27 19-23 2. 27-22 18x27 *\n");
    std::fs::write(&file, &bytes).unwrap();
    let (out, code) = draughts(&["pdn", file.to_str().unwrap()], "");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "ok 4", "{out}");
    assert_eq!(lines[lines.len() - 2], "ok 4", "{out}");
    let damaged: Vec<&&str> = lines
        .iter()
        .filter(|l| l.starts_with("damaged game "))
        .collect();
    assert!(!damaged.is_empty(), "{out}");
    assert!(damaged[0].contains("(PDN line "), "{out}");
    let summary = lines[lines.len() - 1];
    assert!(
        summary.starts_with(&format!("games {} ok ", lines.len() - 1)),
        "{out}"
    );
    assert!(
        summary.contains(&format!(" damaged {} ", damaged.len())),
        "{out}"
    );
    assert!(
        !out.contains('\u{1b}'),
        "control characters are escaped: {out}"
    );
    assert_eq!(code, 1);
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn hub_offers_every_variant() {
    let (out, code) = draughts(&["hub"], "hub\nquit\n");
    assert_eq!(code, 0);
    let param = out
        .lines()
        .find(|l| l.starts_with("param name=variant "))
        .expect("a variant parameter");
    let values = param
        .split("values=\"")
        .nth(1)
        .unwrap()
        .trim_end_matches('"');
    let values: Vec<&str> = values.split(' ').collect();
    assert_eq!(values.len(), draughts_rules::Variant::ALL.len(), "{param}");
    // Scan's names where Scan has them (International `normal`, Breakthrough `bt`,
    // Antidraughts `losing`, Frisian `frisian`); the engine's names otherwise.
    for (v, name) in [
        (draughts_rules::Variant::International, "normal"),
        (draughts_rules::Variant::Breakthrough, "bt"),
        (draughts_rules::Variant::Antidraughts, "losing"),
        (draughts_rules::Variant::Frisian, "frisian"),
        (draughts_rules::Variant::Turkish, "turkish"),
    ] {
        assert_eq!(v.hub_name(), name);
    }
    for v in draughts_rules::Variant::ALL {
        assert!(values.contains(&v.hub_name()), "{v}: {param}");
    }
}

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

/// `hub --egdb DIR` probes the tables, counting the move limit over the moves of `pos`:
/// Russian, three kings against one, won from a fresh count, reached again by a walk of king
/// moves that leaves too few of the 15 moves for the win, reads as a draw; with the `egdb`
/// parameter off, the search alone scores it by evaluation.
#[test]
fn hub_probes_endgame_tables_within_the_move_limits() {
    use draughts_engine::egdb::{Egdb, Outcome};
    use draughts_rules::{Color, Piece, Position, Role, Setup, Variant};
    let dir = std::env::temp_dir().join(format!("draughts-hub-egdb-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let d = dir.to_str().unwrap();
    let (out, _, code) = draughts_all(&[
        "egdb",
        "build",
        "--variant",
        "russian",
        "--pieces",
        "4",
        "--out",
        d,
    ]);
    assert_eq!(code, 0, "{out}");
    let db = Egdb::open(&dir, Variant::Russian).unwrap();
    let fresh = |p: &Position| db.value(p).unwrap().unwrap();

    // A start: three white kings against one, White to move, the longest win from a fresh
    // count among these set-ups (the lone king in the middle has room to walk).
    let king = |c| Piece::new(c, Role::King);
    let start = (1..=32u32)
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
        .1;

    // A walk of distinct positions without a capture, White keeping the win, until White is to
    // move in a position won from a fresh count but not within what is left of the count.
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
    let (positions, moves) = (0..1000)
        .find_map(|_| walk_once(&mut next))
        .expect("a walk that outlasts the count");
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

#[test]
fn egdb_builds_probes_and_reports_damage() {
    let dir = std::env::temp_dir().join(format!("draughts-egdb-cli-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let d = dir.to_str().unwrap();
    let (out, err, code) = draughts_all(&[
        "egdb",
        "build",
        "--variant",
        "english",
        "--pieces",
        "3",
        "--out",
        d,
    ]);
    assert_eq!(code, 0, "{err}");
    // Four signatures of two pieces and twelve of three, a line each, then the total.
    let total = out.lines().last().unwrap();
    assert!(total.starts_with("total tables 16 positions "), "{out}");
    assert!(out.contains("0m2k-0m1k positions "), "{out}");
    // Built again, every table is reused.
    let (again, _, code) = draughts_all(&[
        "egdb",
        "build",
        "--variant",
        "english",
        "--pieces",
        "3",
        "--out",
        d,
    ]);
    assert_eq!(code, 0);
    assert!(again.starts_with("total tables 0 "), "{again}");

    // Two kings against one: a win within the 40-move rule; each move's value, best first.
    let (out, err, code) = draughts_all(&[
        "egdb",
        "probe",
        "--variant",
        "english",
        "--fen",
        "W:WK1,K2:BK32",
        "--dir",
        d,
    ]);
    assert_eq!(code, 0, "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("win "), "{out}");
    assert!(lines[1].starts_with("limit 80 plies left: win"), "{out}");
    assert!(lines[2].contains(" win "), "{out}");
    assert!(lines.len() > 3);
    // One king each: a draw.
    let (out, _, _) = draughts_all(&[
        "egdb",
        "probe",
        "--variant",
        "english",
        "--fen",
        "W:WK1:BK32",
        "--dir",
        d,
    ]);
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
    let (_, err, code) = draughts_all(&[
        "egdb",
        "probe",
        "--variant",
        "english",
        "--fen",
        "W:WK1,K2:BK31,K32",
        "--dir",
        d,
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("tables hold up to 3"), "{err}");
    // A damaged table is refused in words, not read.
    let file = dir.join("english").join("0m2k-0m1k.egdb");
    let mut bytes = std::fs::read(&file).unwrap();
    let n = bytes.len();
    bytes[n - 3] ^= 0x5a;
    std::fs::write(&file, bytes).unwrap();
    let (_, err, code) = draughts_all(&[
        "egdb",
        "probe",
        "--variant",
        "english",
        "--fen",
        "W:WK1,K2:BK32",
        "--dir",
        d,
    ]);
    assert_eq!(code, 1);
    assert!(
        err.starts_with("error: table 0m2k-0m1k is damaged"),
        "{err}"
    );
    // Frisian cannot be tabled, and says why.
    let (_, err, code) = draughts_all(&[
        "egdb",
        "build",
        "--variant",
        "frisian",
        "--pieces",
        "2",
        "--out",
        d,
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("cannot be tabled"), "{err}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `tune gen` then `tune fit` from the command line: data lines out, a weights file out whose
/// header names the command, and the errors reported.
#[test]
fn tune_generates_data_and_fits_weights() {
    let dir = std::env::temp_dir().join(format!("draughts-tune-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let data = dir.join("data.tsv");
    let out = dir.join("english.rs");
    let (_, err, code) = draughts_all(&[
        "tune",
        "gen",
        "-v",
        "english",
        "-n",
        "4",
        "--nodes",
        "300",
        "-o",
        data.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&data).unwrap();
    let first = text.lines().next().unwrap();
    assert_eq!(first.split('\t').count(), 4, "{first}");
    let (stdout, err, code) = draughts_all(&[
        "tune",
        "fit",
        "-v",
        "english",
        "--iterations",
        "20",
        "-d",
        data.to_str().unwrap(),
        "-o",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(stdout.contains("held out"), "{stdout}");
    let source = std::fs::read_to_string(&out).unwrap();
    assert!(
        source.contains("draughts tune fit --variant english"),
        "{source}"
    );
    assert!(source.contains("pub static WEIGHTS: Tuned"));
    let (_, err, code) = draughts_all(&["tune", "fit", "-v", "english", "-d", "/nonexistent.tsv"]);
    assert_eq!(code, 1);
    assert!(err.starts_with("error: /nonexistent.tsv"), "{err}");
    // With the regions' patterns, then self-play with those weights: games of their own.
    let regions = dir.join("english-regions.rs");
    let (_, err, code) = draughts_all(&[
        "tune",
        "fit",
        "-v",
        "english",
        "--iterations",
        "20",
        "--regions",
        "-d",
        data.to_str().unwrap(),
        "-o",
        regions.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let source = std::fs::read_to_string(&regions).unwrap();
    assert!(source.contains("--regions --region-pull"), "{source}");
    assert!(source.contains("static REGIONS: [i16; 118098]"));
    let played = dir.join("played.tsv");
    let gen = |weights: &str| {
        draughts_all(&[
            "tune",
            "gen",
            "-v",
            "english",
            "-n",
            "4",
            "--nodes",
            "300",
            "--weights",
            weights,
            "-o",
            played.to_str().unwrap(),
        ])
    };
    let (_, err, code) = gen(regions.to_str().unwrap());
    assert_eq!(code, 0, "{err}");
    let again = std::fs::read_to_string(&played).unwrap();
    assert!(again.lines().count() > 50);
    assert_ne!(again, text);
    let (_, err, code) = gen("/nonexistent.rs");
    assert_eq!(code, 1);
    assert!(err.starts_with("error: /nonexistent.rs"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn book_builds_shows_and_reports_damage() {
    let file = std::env::temp_dir().join(format!("draughts-book-cli-{}.book", std::process::id()));
    let f = file.to_str().unwrap();
    let pdn = std::env::temp_dir().join(format!("draughts-book-cli-{}.pdn", std::process::id()));
    // Three games opening 11-15 and one 9-13: the book follows them where they agree often enough.
    let games = "[GameType \"21\"]\n1. 11-15 23-19 *\n\n[GameType \"21\"]\n1. 11-15 22-18 *\n\n\
                 [GameType \"21\"]\n1. 11-15 23-19 *\n\n[GameType \"21\"]\n1. 9-13 22-18 *\n";
    std::fs::write(&pdn, games).unwrap();
    let (out, err, code) = draughts_all(&[
        "book",
        "build",
        "--variant",
        "english",
        "--games",
        pdn.to_str().unwrap(),
        "--min-games",
        "2",
        "--depth",
        "4",
        "--positions",
        "12",
        "--out",
        f,
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("4 of 4 game records used"), "{out}");
    assert!(out.contains(": 12 positions"), "{out}");
    let (info, _, code) = draughts_all(&["book", "info", f]);
    assert_eq!(code, 0);
    assert!(info.contains("english book, 12 positions"), "{info}");
    assert!(info.contains("12 positions reached"), "{info}");
    assert!(info.contains(" 0 unresolved moves"), "{info}");
    // Only 11-15 was played twice from the start: it is the book's one move there.
    let (show, _, _) = draughts_all(&["book", "show", "--variant", "english", "--book", f]);
    assert_eq!(
        show.lines().collect::<Vec<_>>(),
        ["11-15 weight 255 (100%)"],
        "{show}"
    );
    // A damaged book is one line of error, status 1.
    let mut bytes = std::fs::read(&file).unwrap();
    let n = bytes.len();
    bytes[n - 2] ^= 0x10;
    std::fs::write(&file, &bytes).unwrap();
    let (_, err, code) = draughts_all(&["book", "info", f]);
    assert_eq!(code, 1);
    assert!(
        err.contains("the book is damaged: the checksum does not match"),
        "{err}"
    );
    let _ = std::fs::remove_file(&file);
    let _ = std::fs::remove_file(&pdn);
}

#[test]
fn match_from_the_start_varies_with_the_book_and_not_without() {
    let run = |extra: &[&str]| {
        let mut args = vec![
            "match",
            "--variant",
            "english",
            "--start",
            "--games",
            "6",
            "--a",
            "4",
            "--b",
            "4",
            "--nodes",
            "2000",
            "--max-plies",
            "20",
            "--quiet",
        ];
        args.extend_from_slice(extra);
        let (out, err, code) = draughts_all(&args);
        assert_eq!(code, 0, "{err}");
        let line = out
            .lines()
            .find(|l| l.starts_with("distinct openings"))
            .unwrap()
            .to_owned();
        line.split(' ').nth(5).unwrap().parse::<usize>().unwrap()
    };
    // Without the book both sides search the same way every game: one opening.
    assert_eq!(run(&["--no-book"]), 1);
    assert!(run(&[]) >= 3, "the book varies the games");
}

#[test]
fn problems_counts_solutions_other_wins_and_skipped_records() {
    let dir = std::env::temp_dir().join(format!("draughts-problems-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("duals.pdn");
    // Both captures take Black's last man: whichever the engine plays, one record names the
    // other as the solution (a dual), and the third record has no moves to solve.
    let record = |solution: &str| {
        format!("[FEN \"W:W28,29:B23\"]\n[Result \"2-0\"]\n\n1. {solution} 2-0\n\n")
    };
    // A game from the start position is not a problem either.
    let text = record("28x19")
        + &record("29x18")
        + "[FEN \"W:W28,29:B23\"]\n\n*\n\n"
        + "[Event \"a trap\"]\n\n1. 32-28 *\n";
    std::fs::write(&file, text).unwrap();
    let (out, err, code) = draughts_all(&["problems", "--nodes", "1000", file.to_str().unwrap()]);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        out.lines()
            .filter(|l| l.starts_with("solved duals"))
            .count(),
        1,
        "{out}"
    );
    assert_eq!(
        out.lines()
            .filter(|l| l.starts_with("other win duals"))
            .count(),
        1,
        "{out}"
    );
    assert!(
        out.contains("solved 1 of 2 (50.0%) at 1000 nodes")
            && out.contains("1 more answered with another move scored as a forced win")
            && out.contains("2 records skipped"),
        "{out}"
    );
}

/// Output into a pipe whose reader has gone (`draughts problems … | head -1`) is dropped: the
/// command finishes with its own exit status instead of panicking on the closed pipe.
#[test]
fn a_closed_output_pipe_is_not_a_panic() {
    let dir = std::env::temp_dir().join(format!("draughts-pipe-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("one.pdn");
    std::fs::write(
        &file,
        "[FEN \"W:W28,29:B23\"]\n[Result \"2-0\"]\n\n1. 28x19 2-0\n\n",
    )
    .unwrap();
    // The reading end is closed before the command starts: every line it prints meets a
    // closed pipe.
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let out = Command::new(env!("CARGO_BIN_EXE_draughts"))
        .args(["problems", "--nodes", "1000", file.to_str().unwrap()])
        .stdin(Stdio::null())
        .stdout(writer)
        .stderr(Stdio::piped())
        .output()
        .expect("the binary runs");
    std::fs::remove_dir_all(&dir).unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn problems_with_the_loser_to_move_are_solved_by_proving_the_loss() {
    let dir = std::env::temp_dir().join(format!("draughts-loser-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("loser.pdn");
    // Black to play, White wins: Black's last man steps into a capture whichever way it goes.
    // The composed line starts with Black's move 22-27; playing 22-28 instead loses as well.
    // The second record claims the same of a man against a man, which the search cannot prove:
    // not solved, though the search plays the composed move (Black's only one).
    let text = "[FEN \"B:W32,33:B22\"]\n[Result \"1-0\"]\n\n1. ... 22-27 2. 32x21 1-0\n\n\
                [FEN \"B:W46:B5\"]\n[Result \"1-0\"]\n\n1. ... 5-10 1-0\n\n\
                [GameType \"21\"]\n[FEN \"W:W18:B14\"]\n[Result \"0-1\"]\n\n1. 18x9 0-1\n";
    std::fs::write(&file, text).unwrap();
    let (out, err, code) = draughts_all(&["problems", "--nodes", "20000", file.to_str().unwrap()]);
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("solved loser.pdn#1: solution a loss for the side to move (22-27…)"),
        "{out}"
    );
    assert!(
        out.contains(
            "missed loser.pdn#2: solution a loss for the side to move (5-10…), found 5-10"
        ),
        "{out}"
    );
    // In English "0-1" is White's win (Black moves first): White to move is the winner there,
    // and its first move is the answer.
    assert!(
        out.contains("solved loser.pdn#3: solution 18x9, found 18x9"),
        "{out}"
    );
    assert!(out.contains("solved 2 of 3 (66.7%)"), "{out}");
}

#[test]
fn match_plays_the_hand_made_evaluation_on_several_threads() {
    let (out, err, code) = draughts_all(&[
        "match",
        "--variant",
        "english",
        "--games",
        "2",
        "--a",
        "6+hand",
        "--b",
        "6",
        "--threads",
        "2",
        "--nodes",
        "3000",
        "--max-plies",
        "12",
        "--quiet",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("A level 6 (Master) hand-made evaluation vs B"),
        "{out}"
    );
}

/// docs/rules.md is `draughts rules`: the generated table of every variant's rules must not drift
/// from the tables the engine plays by (regenerate it with
/// `cargo run -p draughts-cli -- rules > docs/rules.md`).
#[test]
fn the_rules_document_is_generated_from_the_rules_tables() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_draughts"))
        .arg("rules")
        .output()
        .expect("the draughts binary runs");
    assert!(out.status.success());
    let generated = String::from_utf8(out.stdout).unwrap();
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/rules.md");
    let file = std::fs::read_to_string(&path).expect("docs/rules.md exists");
    assert!(
        generated == file,
        "docs/rules.md differs from `draughts rules`: regenerate it with \
         `cargo run -p draughts-cli -- rules > docs/rules.md`"
    );
    // Rows for every variant, with rules a player would check.
    for v in draughts_rules::Variant::ALL {
        assert_eq!(
            file.matches(&format!("\n| {} |", v.title())).count(),
            2,
            "{}",
            v.title()
        );
    }
    assert!(file.contains("| International | 10×10, dark squares, 20 men each | White |"));
    assert!(file.contains("most pieces"));
}

/// `draughts catalogue`: every message code with its English template, every variant with its
/// summary, the six levels (what scripts/check-lang.mjs checks the language files against).
#[test]
fn the_catalogue_lists_messages_variants_and_levels() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_draughts"))
        .arg("catalogue")
        .output()
        .expect("the draughts binary runs");
    assert!(out.status.success());
    let json = String::from_utf8(out.stdout).unwrap();
    for (code, _) in draughts_rules::message::CATALOGUE {
        assert!(json.contains(&format!("\"{code}\":")), "{code}");
    }
    for v in draughts_rules::Variant::ALL {
        assert!(
            json.contains(&format!("\"name\": \"{}\"", v.name())),
            "{}",
            v.name()
        );
    }
    assert!(json.contains("\"level\": 6"));
}
