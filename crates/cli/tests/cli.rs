//! The `draughts` binary: `moves` from tests/data/moves.txt, `perft`, `pdn`, help, completions,
//! bad input, and the documents it prints (`rules`, `catalogue`).

mod common;

use common::{draughts, draughts_all, draughts_bytes};

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
    let message = draughts_rules::message::CATALOGUE.iter();
    for (code, _) in message.chain(draughts_rules::message::LESSONS) {
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

/// Another variant's weights index another board: `tune gen --weights` refuses them in words
/// and writes nothing, and takes the variant's own.
#[test]
fn tune_gen_refuses_another_variants_weights() {
    let weights = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../engine/weights/international.weights"
    );
    let out = std::env::temp_dir().join(format!("draughts-weights-{}.tsv", std::process::id()));
    let out_arg = out.to_str().unwrap();
    let args = |v| {
        [
            "tune",
            "gen",
            "-v",
            v,
            "-n",
            "1",
            "--nodes",
            "200",
            "--weights",
            weights,
            "-o",
            out_arg,
        ]
    };
    let (_, err, code) = draughts_all(&args("russian"));
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("the weights are for international, not russian"),
        "{err}"
    );
    assert!(!out.exists());
    let (_, err, code) = draughts_all(&args("international"));
    assert_eq!(code, 0, "{err}");
    assert!(std::fs::read_to_string(&out).unwrap().lines().count() > 10);
    std::fs::remove_file(&out).unwrap();
}
