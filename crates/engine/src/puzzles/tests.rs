use super::*;
use draughts_rules::notation::full_text;

const BUDGET: Budget = Budget::depth(6);

#[test]
fn themes_read_back() {
    for t in [
        Theme::Shot { moves: 1 },
        Theme::Shot { moves: 4 },
        Theme::Breakthrough,
        Theme::Ending,
        Theme::Mistake,
    ] {
        assert_eq!(Theme::from_code(&t.code()), Some(t));
    }
    assert_eq!(Theme::from_code("shot0"), None);
    assert_eq!(Theme::from_code("shot"), None);
    assert_eq!(Theme::from_code("trap"), None);
}

#[test]
fn bad_lines_are_errors_in_words() {
    assert_eq!(parse_line("# a comment"), Ok(None));
    assert_eq!(parse_line("   "), Ok(None));
    let cases = [
        "international\tW:W28:B14",
        "nowhere\tW:W28:B14\t28-23\tshot1",
        "international\tW:W99:B14\t28-23\tshot1",
        "international\tW:W28:B14\t28-23\ttrap",
    ];
    for line in cases {
        let e = parse_line(line).unwrap_err();
        assert!(matches!(e, Why::Syntax(_)), "{line}: {e:?}");
        assert!(!e.to_string().is_empty());
    }
    let e = parse_line("international\tW:W28:B14\t28-17\tshot1").unwrap_err();
    assert!(matches!(e, Why::Illegal { ply: 0, .. }), "{e:?}");
}

#[test]
fn alternatives_read_and_write_with_their_ply() {
    // Two white men, two black: any line of legal moves serves to test the format.
    let line = "international\tW:W28,33:B8,9\t28-22|28-23|33-29 9-14|9-13 33-29\tending";
    let p = parse_line(line).unwrap().unwrap();
    assert_eq!(p.solution.len(), 3);
    assert_eq!(p.alternatives.len(), 3);
    assert_eq!(p.alternatives_at(0).len(), 2);
    assert_eq!(p.alternatives_at(1).len(), 1);
    assert!(p.alternatives_at(2).is_empty());
    assert!(p.alternatives_at(9).is_empty());
    assert_eq!(write_line(&p), line);
    // Without any, the field is the plain solution and nothing is kept.
    let plain = parse_line("international\tW:W28,33:B8,9\t28-22 9-14\tending")
        .unwrap()
        .unwrap();
    assert!(plain.alternatives.is_empty());
    let e = parse_line("international\tW:W28,33:B8,9\t28-22|28-17\tending").unwrap_err();
    assert!(matches!(e, Why::Illegal { ply: 0, .. }), "{e:?}");
}

#[test]
fn losing_games_have_no_puzzles() {
    let v = Variant::ALL
        .into_iter()
        .find(|v| !supported(*v))
        .expect("a losing variant");
    let pos = Position::new(v);
    assert_eq!(find(&mut Engine::new(1), &pos, BUDGET), None);
}

fn puzzle(variant: Variant, fen: &str, moves: &[&str]) -> Puzzle {
    let position = parse_fen(fen, variant).unwrap();
    let mut here = position;
    let solution = moves
        .iter()
        .map(|t| {
            let m = parse_move(&here, t).unwrap();
            here.play_unchecked(&m);
            m
        })
        .collect();
    let theme = classify(&position, &[]);
    Puzzle {
        position,
        solution,
        alternatives: Vec::new(),
        theme,
    }
}

/// International: White's 10-5 crowns and the king wins (found by a random search of small
/// positions, then checked here at the test budget).
#[test]
fn an_international_breakthrough_with_one_winning_move_holds() {
    let fen = "W:W10,18,25,29,33,44:B3,8,11,21,35,36";
    let mut engine = Engine::new(4);
    let p = puzzle(Variant::International, fen, &["10-5"]);
    verify(&mut engine, &p, BUDGET).unwrap();
    let found = find(&mut engine, &p.position, BUDGET).expect("a puzzle");
    assert_eq!(found.solution, p.solution);
    assert_eq!(found.theme, Theme::Breakthrough);
    // Any other first move fails: it does not win.
    let wrong = puzzle(Variant::International, fen, &["18-12"]);
    assert!(matches!(
        verify(&mut engine, &wrong, BUDGET),
        Err(Why::NotWinning { ply: 0, .. })
    ));
}

/// English: 5-1, 7-2 and 13-9 all crown and win: no puzzle.
#[test]
fn an_english_position_with_three_winning_moves_is_rejected() {
    let fen = "W:W5,7,13,30,31:B11,12,15,22,23";
    let mut engine = Engine::new(4);
    for first in ["5-1", "7-2", "13-9"] {
        let p = puzzle(Variant::English, fen, &[first]);
        let e = verify(&mut engine, &p, BUDGET).unwrap_err();
        assert!(matches!(e, Why::SecondWin { ply: 0, .. }), "{first}: {e}");
    }
    let pos = parse_fen(fen, Variant::English).unwrap();
    assert_eq!(find(&mut engine, &pos, BUDGET), None);
}

/// International: 6-1, 7-2, 8-2 and 41-37 all win: no puzzle.
#[test]
fn an_international_position_with_two_winning_moves_is_rejected() {
    let fen = "W:W6,7,8,26,41,49:B5,22,23,28,33,42";
    let mut engine = Engine::new(4);
    let p = puzzle(Variant::International, fen, &["6-1"]);
    let e = verify(&mut engine, &p, BUDGET).unwrap_err();
    assert!(matches!(e, Why::SecondWin { ply: 0, .. }), "{e}");
    let pos = parse_fen(fen, Variant::International).unwrap();
    assert_eq!(find(&mut engine, &pos, BUDGET), None);
}

/// English: 31-26 and 5-1 both win: no puzzle.
#[test]
fn an_english_position_with_two_winning_moves_is_rejected() {
    let fen = "W:W5,25,30,31,32:B6,12,18,21,23";
    let mut engine = Engine::new(4);
    let p = puzzle(Variant::English, fen, &["31-26"]);
    let e = verify(&mut engine, &p, BUDGET).unwrap_err();
    assert!(matches!(e, Why::SecondWin { ply: 0, .. }), "{e}");
    let pos = parse_fen(fen, Variant::English).unwrap();
    assert_eq!(find(&mut engine, &pos, BUDGET), None);
}

/// International: 19-14 gives a man, 38-33 two more, and 35x24x13x4 takes three back and
/// crowns: the material is even, the king decides (a breakthrough by a shot).
#[test]
fn an_international_shot_to_crown_with_one_winning_move_holds() {
    let fen = "W:W16,19,25,34,35,38,43,46,48:B3,7,9,10,22,26-28,32";
    let line = ["19-14", "10x19", "38-33", "28x39x30", "35x24x13x4"];
    let mut engine = Engine::new(4);
    let p = puzzle(Variant::International, fen, &line);
    verify(&mut engine, &p, BUDGET).unwrap();
    let found = find(&mut engine, &p.position, BUDGET).expect("a puzzle");
    assert_eq!(found.solution, p.solution);
    assert_eq!(found.theme, Theme::Breakthrough);
    // Stopping before the win is clear fails.
    let short = puzzle(Variant::International, fen, &line[..3]);
    assert_eq!(verify(&mut engine, &short, BUDGET), Err(Why::Unfinished));
}

/// English: 21-17 gives a man and 25x18x11x2 takes two and crowns (the one-for-two shot).
#[test]
fn an_english_shot_with_one_winning_move_holds() {
    let fen = "W:W14,21,23,25,29,31:B7,12,13,15,16,20";
    let line = ["21-17", "13x22", "25x18x11x2"];
    let mut engine = Engine::new(4);
    let p = puzzle(Variant::English, fen, &line);
    verify(&mut engine, &p, BUDGET).unwrap();
    let found = find(&mut engine, &p.position, BUDGET).expect("a puzzle");
    assert_eq!(found.solution, p.solution);
    assert_eq!(found.theme, Theme::Shot { moves: 2 });
    let wrong = puzzle(Variant::English, fen, &["14-10"]);
    assert!(verify(&mut engine, &wrong, BUDGET).is_err());
}

/// English: after 24x15 18x11 9x18x25 11-7, Black's man on 3 takes back by 3x12 or 3x10,
/// both winning: the later turn keeps both (the first turn stays the one win).
#[test]
fn a_later_turn_lists_the_other_winning_move() {
    let fen = "B:W8,13,14,18,19,22:B3,5,6,9,K24";
    let mut engine = Engine::new(4);
    let pos = parse_fen(fen, Variant::English).unwrap();
    let found = find(&mut engine, &pos, BUDGET).expect("a puzzle");
    let text = |m: &Move| full_text(Variant::English, m);
    let first: Vec<String> = found.solution[..4].iter().map(text).collect();
    assert_eq!(first, ["24x15", "18x11", "9x18x25", "11-7"]);
    assert_eq!(found.alternatives.len(), found.solution.len());
    let mut at4: Vec<String> = std::iter::once(&found.solution[4])
        .chain(found.alternatives_at(4))
        .map(text)
        .collect();
    at4.sort();
    assert_eq!(at4, ["3x10", "3x12"]);
    assert!((0..4).all(|ply| found.alternatives_at(ply).is_empty()));
    verify(&mut engine, &found, BUDGET).unwrap();
    // The line reads back with its alternative.
    let line = write_line(&found);
    assert!(line.contains('|'), "{line}");
    assert_eq!(parse_line(&line).unwrap().as_ref(), Some(&found));

    // Left unlisted, the other win is a second win at that ply.
    let mut unlisted = found.clone();
    unlisted.alternatives.clear();
    assert!(matches!(
        verify(&mut engine, &unlisted, BUDGET),
        Err(Why::SecondWin { ply: 4, .. })
    ));
    // Listed at the first turn or at a defender's turn, it is misplaced.
    for ply in [0, 1] {
        let mut misplaced = found.clone();
        let m = found.solution[ply];
        misplaced.alternatives[ply].push(m);
        assert_eq!(
            verify(&mut engine, &misplaced, BUDGET),
            Err(Why::MisplacedAlternatives { ply })
        );
    }
    // So is the solution's own move listed again.
    let mut again = found.clone();
    again.alternatives[4].push(found.solution[4]);
    assert_eq!(
        verify(&mut engine, &again, BUDGET),
        Err(Why::MisplacedAlternatives { ply: 4 })
    );
    // A list not as long as the solution is misplaced too.
    let mut short = found.clone();
    short.alternatives.pop();
    assert!(matches!(
        verify(&mut engine, &short, BUDGET),
        Err(Why::MisplacedAlternatives { .. })
    ));
}

/// Russian: after 24-20 15x24, 20x11 and 28x19 both win. A move that does not win, listed as
/// accepted at one of the player's later turns, is rejected.
#[test]
fn an_alternative_that_does_not_win_is_rejected() {
    let fen = "W:W13,19,21,23,24,27-32:B1,2,4-6,9,10,12,14-16";
    let mut engine = Engine::new(4);
    let pos = parse_fen(fen, Variant::Russian).unwrap();
    let found = find(&mut engine, &pos, BUDGET).expect("a puzzle");
    verify(&mut engine, &found, BUDGET).unwrap();
    assert!(found.alternatives.iter().any(|a| !a.is_empty()));
    // The first of the player's later turns where some move does not win.
    let mut here = pos;
    let mut wrong = None;
    for (ply, m) in found.solution.iter().enumerate() {
        if ply > 0 && ply % 2 == 0 {
            let scored = scores(&mut engine, &here, BUDGET);
            if let Some(&(loser, _)) = scored.iter().find(|&&(_, s)| s < WINNING) {
                wrong = Some((ply, loser));
                break;
            }
        }
        here.play_unchecked(m);
    }
    let (ply, loser) = wrong.expect("a later turn with a move that does not win");
    let mut listed = found.clone();
    listed.alternatives.resize(found.solution.len(), Vec::new());
    listed.alternatives[ply].push(loser);
    assert!(matches!(
        verify(&mut engine, &listed, BUDGET),
        Err(Why::AlternativeNotWinning { ply: p, .. }) if p == ply
    ));
}

#[test]
fn the_tables_see_a_second_win_the_search_does_not() {
    // Two kings each, Black to move: at depth 8 the search finds one win, 15-11; the English
    // tables of up to four pieces know that 15-10 wins too, so with them it is no puzzle.
    let p = puzzle(Variant::English, "B:WK3,K20:BK15,K19", &["15-11"]);
    let mut engine = Engine::new(4);
    assert_eq!(verify(&mut engine, &p, Budget::depth(8)), Ok(()));
    let db = crate::egdb::Egdb::build(
        Variant::English,
        4,
        crate::egdb::Metric::WithLimits,
        &mut |_| Ok(()),
    )
    .unwrap();
    let with = Budget::depth(8).with_tables(Some(&db));
    match verify(&mut engine, &p, with) {
        Err(Why::SecondWin {
            ply: 0,
            other,
            score,
        }) => {
            assert_eq!(other, "15-10");
            assert!(score > crate::search::EGDB_BOUND, "a table win: {score}");
        }
        other => panic!("{other:?}"),
    }
    // Nor does find make one of it.
    assert_eq!(find(&mut engine, &p.position, with), None);
}

#[test]
fn a_set_header_names_its_tables() {
    let text = "# draughts puzzles\n# variant: english\n# tables: 4 pieces\nenglish\tB:WK3:BK15\t15-11\tending\n";
    assert_eq!(header(text, "variant"), Some("english"));
    assert_eq!(header_tables(text), Some(4));
    assert_eq!(header_tables("# variant: english\n"), None);
    assert_eq!(header(text, "var"), None);
}
