//! The offline tools and measurements from the command line: `tune`, `book`, `match` and
//! `problems`.

mod common;

use common::draughts_all;
use std::path::Path;
use std::process::{Command, Stdio};

/// `tune gen` of four English games at 300 nodes a move into `out`, with `extra` options:
/// output, errors, exit code.
fn generate(out: &Path, extra: &[&str]) -> (String, String, i32) {
    let mut args = vec!["tune", "gen", "-v", "english", "-n", "4", "--nodes", "300"];
    args.extend_from_slice(extra);
    args.extend(["-o", out.to_str().unwrap()]);
    draughts_all(&args)
}

/// `tune fit` of English weights from `data` into `out`, 20 iterations, with `extra` options:
/// output, errors, exit code.
fn fit(data: &Path, out: &Path, extra: &[&str]) -> (String, String, i32) {
    let mut args = vec!["tune", "fit", "-v", "english", "--iterations", "20"];
    args.extend_from_slice(extra);
    args.extend(["-d", data.to_str().unwrap(), "-o", out.to_str().unwrap()]);
    draughts_all(&args)
}

/// `tune gen` then `tune fit` from the command line: data lines out, a weights file out whose
/// `about` text names the command, and the errors reported.
#[test]
fn tune_generates_data_and_fits_weights() {
    let dir = std::env::temp_dir().join(format!("draughts-tune-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let data = dir.join("data.tsv");
    let out = dir.join("english.weights");
    let (_, err, code) = generate(&data, &[]);
    assert_eq!(code, 0, "{err}");
    let text = std::fs::read_to_string(&data).unwrap();
    let first = text.lines().next().unwrap();
    assert_eq!(first.split('\t').count(), 4, "{first}");
    let (stdout, err, code) = fit(&data, &out, &[]);
    assert_eq!(code, 0, "{err}");
    assert!(stdout.contains("held out"), "{stdout}");
    let file = draughts_engine::weights::decode(&std::fs::read(&out).unwrap()).unwrap();
    assert_eq!(file.variant, draughts_rules::Variant::English);
    assert!(
        file.about.contains("draughts tune fit --variant english"),
        "{}",
        file.about
    );
    assert!(!file.tuned.has_regions());
    let (_, err, code) = draughts_all(&["tune", "fit", "-v", "english", "-d", "/nonexistent.tsv"]);
    assert_eq!(code, 1);
    assert!(err.starts_with("error: /nonexistent.tsv"), "{err}");
    // With the regions' patterns, then self-play with those weights: games of their own.
    let regions = dir.join("english-regions.weights");
    let (_, err, code) = fit(&data, &regions, &["--regions"]);
    assert_eq!(code, 0, "{err}");
    let file = draughts_engine::weights::decode(&std::fs::read(&regions).unwrap()).unwrap();
    assert!(
        file.about.contains("--regions --region-pull"),
        "{}",
        file.about
    );
    assert_eq!(file.tuned.regions().len(), 118098);
    // Fine-tuned from those weights: it starts from them; weights and data must agree on regions.
    let tuned = dir.join("english-from.weights");
    let from = [
        "--regions",
        "--lambda",
        "0",
        "--from",
        regions.to_str().unwrap(),
    ];
    let (stdout, err, code) = fit(&data, &tuned, &from);
    assert_eq!(code, 0, "{err}");
    assert!(stdout.contains("start (--from)"), "{stdout}");
    let file = draughts_engine::weights::decode(&std::fs::read(&tuned).unwrap()).unwrap();
    assert!(file.about.contains(" --from "), "{}", file.about);
    let (_, err, code) = fit(&data, &tuned, &from[1..]);
    assert_eq!(code, 1);
    assert!(
        err.contains("has regions; fit them with --regions"),
        "{err}"
    );
    let played = dir.join("played.tsv");
    let gen = |weights: &str| generate(&played, &["--weights", weights]);
    let (_, err, code) = gen(regions.to_str().unwrap());
    assert_eq!(code, 0, "{err}");
    let again = std::fs::read_to_string(&played).unwrap();
    assert!(again.lines().count() > 50);
    assert_ne!(again, text);
    let (_, err, code) = gen("/nonexistent.weights");
    assert_eq!(code, 1);
    assert!(err.starts_with("error: /nonexistent.weights"), "{err}");
    // A file that is not weights (the data) is refused with the decoder's error.
    let (_, err, code) = gen(data.to_str().unwrap());
    assert_eq!(code, 1);
    assert!(err.contains("not a weights file"), "{err}");
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
    // With a weights file: International's own solve the same; another variant's, or none, are
    // refused in words.
    let weights = |v: &str| {
        format!(
            "{}/../engine/weights/{v}.weights",
            env!("CARGO_MANIFEST_DIR")
        )
    };
    let with = |w: &str| {
        let args = [
            "problems",
            "--nodes",
            "1000",
            "--weights",
            w,
            file.to_str().unwrap(),
        ];
        draughts_all(&args)
    };
    let (own, own_err, own_code) = with(&weights("international"));
    let (_, english, english_code) = with(&weights("english"));
    let (_, missing, missing_code) = with("/nonexistent.weights");
    std::fs::remove_dir_all(&dir).unwrap();
    assert_eq!(own_code, 0, "{own_err}");
    assert_eq!(own, out);
    assert_eq!(english_code, 1);
    assert!(
        english.contains("for english, not international"),
        "{english}"
    );
    assert_eq!(missing_code, 1);
    assert!(
        missing.starts_with("error: /nonexistent.weights"),
        "{missing}"
    );
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

/// `tune label` with a stand-in for Scan (a shell script speaking its protocol, scoring every
/// position −0.40 for the side to move): the score written is White's, positions with a capture
/// pending are not asked about, and `--every`/`--offset` share a file between runs.
#[test]
fn label_writes_the_teachers_score_from_whites_side() {
    let dir = std::env::temp_dir().join(format!("draughts-label-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let script = "#!/bin/sh\n\
        while read -r cmd arg; do\n\
          echo \"$cmd $arg\" >> log\n\
          case \"$cmd\" in\n\
            hub) echo 'name Fake 1.0'; echo wait ;;\n\
            init) echo ready ;;\n\
            pos) side=$(echo \"$arg\" | cut -c1) ;;\n\
            analyse) echo 'info 12 12.0 -40 1000 0.01 0.1 x'\n\
                     if [ \"$side\" = w ]; then echo 'move 32-28'; else echo 'move 19-23'; fi ;;\n\
            quit) exit 0 ;;\n\
          esac\n\
        done\n";
    let scan = dir.join("scan");
    std::fs::write(&scan, script).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&scan, std::fs::Permissions::from_mode(0o755)).unwrap();
    let start = "W:W31-50:B1-20";
    // The start, the start after 32-28 (Black to move), then 19-23 (a capture pending).
    let lines = [
        format!("1\t1\t5\t{start}"),
        "1\t1\t7\tB:W28,31,33-50:B1-20".to_owned(),
        "1\t1\t-\tW:W28,31,33-50:B1-18,20,23".to_owned(),
    ];
    let data = dir.join("data.tsv");
    std::fs::write(&data, lines.join("\n") + "\n").unwrap();
    let out = dir.join("out.tsv");
    let label = |extra: &[&str]| {
        let mut args = vec!["tune", "label", "--scan", dir.to_str().unwrap()];
        args.extend_from_slice(extra);
        args.extend(["-d", data.to_str().unwrap(), "-o", out.to_str().unwrap()]);
        draughts_all(&args)
    };
    let (stdout, err, code) = label(&[]);
    assert_eq!(code, 0, "{err}");
    assert!(
        stdout.contains("2 positions labelled at depth 12, 1 skipped"),
        "{stdout}"
    );
    let written = std::fs::read_to_string(&out).unwrap();
    assert_eq!(
        written,
        format!("1\t1\t-40\t{start}\n1\t1\t40\tB:W28,31,33-50:B1-20\n")
    );
    let log = std::fs::read_to_string(dir.join("log")).unwrap();
    assert!(log.contains("depth 12\ntime 3600000\nanalyse"), "{log}");
    let (_, err, code) = label(&["--every", "2", "--offset", "1", "--depth", "14"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(
        std::fs::read_to_string(&out).unwrap(),
        "1\t1\t40\tB:W28,31,33-50:B1-20\n"
    );
    let (stdout, err, code) = label(&["--every", "2", "--offset", "0", "--depth", "14"]);
    assert_eq!(code, 0, "{err}");
    assert!(
        stdout.contains("1 positions labelled at depth 14, 1 skipped"),
        "{stdout}"
    );
    assert_eq!(
        std::fs::read_to_string(&out).unwrap(),
        format!("1\t1\t-40\t{start}\n")
    );
    // Another program than Scan, or none: an error in words.
    std::fs::remove_file(&scan).unwrap();
    let (_, err, code) = label(&[]);
    assert_eq!(code, 1);
    assert!(err.contains("no Scan program at "), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}
