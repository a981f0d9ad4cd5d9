//! The command-line front ends of the computer, over pipes: console play, the Hub protocol,
//! engine matches. Every test uses depth or node budgets, never wall-clock time.

mod common;

use common::run_cli;
use draughts_rules::{Position, Variant};

#[test]
fn cli_play_reads_moves_from_a_pipe() {
    let out = run_cli(
        &["play", "--variant", "international"],
        "32-28\n28-23\n19-23\nundo\n19-23\n28x19\n",
    );
    assert!(out.contains("Illegal move"), "{out}");
    assert!(out.contains("Last move: 28x19"), "{out}");
    assert!(out.contains("1. 32-28 19-23 2. 28x19 *"), "{out}");
    // Against the computer, to the end: the player resigns after the computer's first move.
    let out = run_cli(
        &[
            "play",
            "--variant",
            "english",
            "--computer",
            "black",
            "--level",
            "1",
        ],
        "resign\n",
    );
    assert!(out.contains("Computer (Black) plays"), "{out}");
    assert!(out.contains("Black wins (resignation)"), "{out}");
    // English PDN scores from the side that moves first (Black).
    assert!(out.contains("[Result \"1-0\"]"), "{out}");
}

#[test]
fn cli_hub_session() {
    // Without the book, so that the start position is searched. No `quit`: it would stop the
    // search as soon as it is read; the end of input ends the session once the depth-limited
    // search has answered.
    let out = run_cli(
        &["hub", "--no-book"],
        "hub\nset-param name=variant value=english\ninit\nping\n\
         pos pos=Bbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww\nlevel depth=4\ngo think\n",
    );
    let lines: Vec<&str> = out.lines().collect();
    assert!(lines[0].starts_with("id name=draughts"), "{out}");
    assert!(lines.contains(&"wait") && lines.contains(&"ready") && lines.contains(&"pong"));
    let done = lines
        .iter()
        .find(|l| l.starts_with("done move="))
        .expect("done");
    let start = Position::new(Variant::English);
    let mv = done["done move=".len()..].split(' ').next().unwrap();
    assert!(
        start.legal_moves().iter().any(|m| m.full_notation() == mv),
        "{done}"
    );
    assert!(out.contains("info depth=4"), "{out}");
}

#[test]
fn cli_hub_plays_from_the_book_unless_told_not_to() {
    // No `quit` (see `cli_hub_session`).
    let session = |book: &str| {
        run_cli(
            &["hub"],
            &format!(
                "hub\nset-param name=variant value=english\n{book}init\n\
                 pos pos=Bbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww\nlevel depth=4\ngo think\n"
            ),
        )
    };
    let book = draughts_engine::book::builtin(Variant::English).unwrap();
    let start = Position::new(Variant::English);
    let in_book: Vec<String> = book
        .moves(&start)
        .iter()
        .map(|(m, _)| m.full_notation())
        .collect();
    let out = session("");
    assert!(
        out.contains("param name=book value=true type=bool"),
        "{out}"
    );
    let done = out.lines().find(|l| l.starts_with("done move=")).unwrap();
    assert!(
        in_book.contains(&done["done move=".len()..].to_owned()),
        "{done}"
    );
    assert!(
        !out.contains("info depth"),
        "a book move searches nothing: {out}"
    );
    let out = session("set-param name=book value=false\n");
    assert!(out.contains("info depth=4"), "{out}");
}

#[test]
fn cli_match_counts_every_game() {
    let out = run_cli(
        &[
            "match",
            "--variant",
            "russian",
            "--games",
            "4",
            "--a",
            "greedy",
            "--b",
            "random",
            "--seed",
            "3",
        ],
        "",
    );
    let games = out.lines().filter(|l| l.starts_with("game ")).count();
    assert_eq!(games, 4, "{out}");
    assert!(out.contains("score"), "{out}");
}

#[test]
fn cli_hub_nodes_and_threads() {
    // Without the book, so that the start position is searched.
    let out = run_cli(
        &["hub", "--threads", "2", "--no-book"],
        "hub\ninit\nset-param name=threads value=3\nlevel nodes=20000\ngo think\n\
         set-param name=threads value=0\nquit\n",
    );
    assert!(out.contains("param name=threads value=2"), "{out}");
    assert!(out.lines().any(|l| l.starts_with("done move=")), "{out}");
    let nodes: Vec<u64> = out
        .lines()
        .filter_map(|l| l.split(" nodes=").nth(1))
        .map(|n| n.split(' ').next().unwrap().parse().unwrap())
        .collect();
    assert!(
        !nodes.is_empty() && nodes.iter().all(|&n| n < 40_000),
        "{out}"
    );
    assert!(out.contains("error message=\"threads must be"), "{out}");
}

/// A forced move (International, 32x21 the only legal move): with a clock the hub plays it
/// after one iteration and keeps the time; with a budget per move (here nodes) it searches it
/// as any other move, as `draughts match`'s level players do.
#[test]
fn cli_hub_plays_a_forced_move_at_once_only_on_a_clock() {
    let position =
        draughts_rules::parse_fen("W:W32,45,46:B5,6,27", Variant::International).unwrap();
    let pos = draughts_rules::hub::position_to_hub(&position);
    let deepest = |level: &str| {
        let out = run_cli(
            &["hub", "--no-book"],
            &format!("hub\ninit\npos pos={pos}\nlevel {level}\ngo think\n"),
        );
        assert!(out.contains("done move=32x21"), "{out}");
        out.lines()
            .filter_map(|l| l.strip_prefix("info depth="))
            .map(|d| d.split(' ').next().unwrap().parse::<u32>().unwrap())
            .max()
            .unwrap_or(0)
    };
    assert_eq!(deepest("time=60"), 1);
    assert!(deepest("nodes=20000") > 4);
}

#[test]
fn cli_match_stops_when_the_sprt_decides() {
    let out = run_cli(
        &[
            "match",
            "--variant",
            "russian",
            "--games",
            "200",
            "--a",
            "2",
            "--b",
            "random",
            "--sprt",
            "0,50",
            "--seed",
            "3",
            "--quiet",
        ],
        "",
    );
    let line = out.lines().find(|l| l.starts_with("SPRT")).expect(&out);
    assert!(line.contains("accepted Elo +50 after"), "{out}");
    let games: usize = line
        .split(" after ")
        .nth(1)
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    // Level 2 beats random moves every game: decided at the earliest allowed, 20 games.
    assert!((20..200).contains(&games) && games % 2 == 0, "{out}");
    assert!(out.contains("ms a move on average"), "{out}");
}
