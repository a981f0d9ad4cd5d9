//! Replays every real game record in ../shared/pdn (read at test time, never copied here;
//! skipped, loudly, where there are none: see `corpus`).
//!
//! Each file's expectation is exact: how many games replay and, for the few that do not, the
//! move at fault, which was checked by hand to be an error in the record itself.

mod corpus;

use draughts_rules::{parse_games, PdnError, Variant};

/// (file, variant, games, plies replayed, known bad records as "game#: error text")
const EXPECTED: &[(&str, Variant, usize, usize, &[&str])] = &[
    (
        "english/acf_archive_converted.pdn",
        Variant::English,
        9377,
        460287,
        &[],
    ),
    // Game 541 ("Petal 1981, game 18"): move 62 names an empty square, a recording error.
    (
        "english/checkerboard_tinsley.pdn",
        Variant::English,
        724,
        35984,
        &["541: illegal move 62. 32-28: there is no piece on 32"],
    ),
    (
        "english/wiegerw_OCA_2.0.pdn",
        Variant::English,
        43,
        2280,
        &[],
    ),
    (
        "english/wiegerw_Principles_of_Strategy.pdn",
        Variant::English,
        16,
        594,
        &[],
    ),
    (
        "english/wiegerw_Tricks_traps_and_shots.pdn",
        Variant::English,
        91,
        3017,
        &[],
    ),
    (
        "english/wiegerw_inferno.pdn",
        Variant::English,
        68,
        3306,
        &[],
    ),
    (
        "english/wiegerw_borderclassics.pdn",
        Variant::English,
        183,
        62,
        &[],
    ),
    // Problem 14 gives an empty board (`[FEN "W::."]`): not a position.
    (
        "english/wiegerw_bridges.pdn",
        Variant::English,
        267,
        0,
        &["14: bad FEN tag: invalid position: there are no pieces on the board"],
    ),
    ("english/wiegerw_gem.pdn", Variant::English, 162, 0, &[]),
    // Problem diagrams with men on their own crowning row: not legal positions.
    (
        "english/wiegerw_beginner.pdn",
        Variant::English,
        58,
        0,
        &["promotion row"],
    ),
    (
        "english/wiegerw_goulds.pdn",
        Variant::English,
        262,
        0,
        &["promotion row"],
    ),
    (
        "english/wiegerw_lpc.pdn",
        Variant::English,
        100,
        0,
        &[
            "promotion row",
            "promotion row",
            "promotion row",
            "promotion row",
        ],
    ),
    (
        "international/wiegerw_090417ronde12.pdn",
        Variant::International,
        7,
        703,
        &[],
    ),
    (
        "international/wiegerw_40Camp.DamaInternazionaleAssoluto.pdn",
        Variant::International,
        45,
        4804,
        &[],
    ),
    (
        "international/wiegerw_Cat.A1.pdn",
        Variant::International,
        35,
        357,
        &[],
    ),
    (
        "international/wiegerw_Cat.B1.pdn",
        Variant::International,
        37,
        397,
        &[],
    ),
    // Record 46: the solution 36x27 does not fit its diagram B:WK50:B45.
    (
        "international/wiegerw_Cat.C1.pdn",
        Variant::International,
        46,
        415,
        &["46: illegal move 1. 36x27: the piece on 36 has no legal move"],
    ),
    (
        "international/wiegerw_Cat.D1.pdn",
        Variant::International,
        19,
        184,
        &[],
    ),
    (
        "international/wiegerw_DUTCH96H.pdn",
        Variant::International,
        13,
        1381,
        &[],
    ),
    (
        "international/wiegerw_PROF2.pdn",
        Variant::International,
        16,
        1616,
        &[],
    ),
    (
        "international/wiegerw_PWCP_2.pdn",
        Variant::International,
        51,
        602,
        &[],
    ),
    (
        "international/wiegerw_PWCP_2a.pdn",
        Variant::International,
        59,
        688,
        &[],
    ),
    (
        "international/wiegerw_candidate95.pdn",
        Variant::International,
        8,
        816,
        &[],
    ),
    (
        "international/wiegerw_delfts.pdn",
        Variant::International,
        2,
        252,
        &[],
    ),
    (
        "international/wiegerw_kurnik.pdn",
        Variant::International,
        4,
        535,
        &[],
    ),
    (
        "international/wiegerw_nk2003-amsterdam.pdn",
        Variant::International,
        33,
        3268,
        &[],
    ),
    (
        "international/wiegerw_nk_ronde_01.pdn",
        Variant::International,
        7,
        725,
        &[],
    ),
    (
        "international/wiegerw_nk_ronde_02.pdn",
        Variant::International,
        7,
        848,
        &[],
    ),
    (
        "international/wiegerw_rk_ronde_12.pdn",
        Variant::International,
        7,
        757,
        &[],
    ),
    (
        "international/wiegerw_schildpad.pdn",
        Variant::International,
        34,
        3014,
        &[],
    ),
    (
        "international/wiegerw_windragon.pdn",
        Variant::International,
        1,
        152,
        &[],
    ),
    (
        "international/wiegerw_wk2003.pdn",
        Variant::International,
        23,
        2381,
        &[],
    ),
    (
        "russian/wiegerw_ussr1947.pdn",
        Variant::Russian,
        153,
        8730,
        &[],
    ),
    // Game 36 has only placeholders ("1. - -") for its moves.
    (
        "russian/wiegerw_abatsiev.pdn",
        Variant::Russian,
        56,
        2648,
        &["36: illegal move 1. -"],
    ),
    // Italian and Czech records carry no GameType tag. Italian numbers the turned board as the
    // FID does (1 = a8); Czech writes squares algebraically (`c3-d4`, `e3xc5`).
    (
        "italian/wiegerw_Campionato_Assoluto_2005.pdn",
        Variant::Italian,
        53,
        3227,
        &[],
    ),
    (
        "czech/wiegerw_mrcd2000kval.pdn",
        Variant::Czech,
        40,
        1954,
        &[],
    ),
    // Game 27, 24... a1xf6xh8: the king may land on e5 or f6 between its two captures; the
    // record names the other route of the same move.
    ("czech/wiegerw_mrcd2006.pdn", Variant::Czech, 44, 1994, &[]),
    ("czech/wiegerw_mrcd2007.pdn", Variant::Czech, 102, 4542, &[]),
    ("czech/wiegerw_mrdrcd07.pdn", Variant::Czech, 72, 3472, &[]),
    // Games 10 (17. b8xe5xh2) and 11 (14... a1xe5xh8) likewise.
    ("czech/wiegerw_mrdrcd08.pdn", Variant::Czech, 40, 1788, &[]),
];

#[test]
fn real_games_replay() {
    let Some(dir) = corpus::pdn_dir("real_games_replay") else {
        return;
    };
    let mut problems = Vec::new();
    for &(file, variant, games, plies, bad) in EXPECTED {
        let bytes = std::fs::read(dir.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        let text = String::from_utf8_lossy(&bytes);
        let parsed = parse_games(&text).unwrap_or_else(|e| panic!("{file}: {e}"));
        let mut failures = Vec::new();
        let mut replayed = 0;
        for (i, g) in parsed.iter().enumerate() {
            match g.replay(variant) {
                Ok(game) => replayed += game.moves().len(),
                Err(e) => failures.push((i + 1, e)),
            }
        }
        if parsed.len() != games || replayed != plies || failures.len() != bad.len() {
            problems.push(format!(
                "{file}: {} games, {replayed} plies, failures {:?}",
                parsed.len(),
                failures
                    .iter()
                    .map(|(i, e)| format!("{i}: {e}"))
                    .collect::<Vec<_>>()
            ));
            continue;
        }
        for ((i, e), want) in failures.iter().zip(bad) {
            let got = format!("{i}: {e}");
            let fen_problem = matches!(e, PdnError::Fen(_)) && got.contains(want);
            if !(got.starts_with(want) || fen_problem) {
                problems.push(format!("{file}: expected {want:?}, got {got:?}"));
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// Counts a record's variations and their moves, nested ones included.
fn written(vs: &[draughts_rules::pdn::PdnVariation]) -> (usize, usize) {
    vs.iter().fold((0, 0), |(n, m), v| {
        let (a, b) = written(&v.variations);
        (n + 1 + a, m + v.moves.len() + b)
    })
}

/// Counts a game's side lines and their moves, nested ones included.
fn kept(vs: &[draughts_rules::variation::Variation]) -> (usize, usize) {
    vs.iter().fold((0, 0), |(n, m), v| {
        let (a, b) = kept(&v.line.variations);
        (n + 1 + a, m + v.line.moves.len() + b)
    })
}

/// The annotated records' variations (RAV) are kept, and a game written back reads as the same
/// game with the same side lines. Each file's count is exact: variations written, and those kept
/// with the moves that replay (an annotator's slip ends a variation where it stops replaying).
#[test]
fn real_variations_are_kept_and_written_back() {
    let Some(dir) = corpus::pdn_dir("real_variations_are_kept_and_written_back") else {
        return;
    };
    // (file, variant, variations and their moves written, kept and their moves replayed)
    type Counts = (usize, usize);
    const ANNOTATED: &[(&str, Variant, Counts, Counts)] = &[
        (
            "international/wiegerw_nk_ronde_01.pdn",
            Variant::International,
            (51, 372),
            (51, 372),
        ),
        (
            "international/wiegerw_nk_ronde_02.pdn",
            Variant::International,
            (13, 167),
            (13, 167),
        ),
    ];
    let mut problems = Vec::new();
    for &(file, variant, want_written, want_kept) in ANNOTATED {
        let bytes = std::fs::read(dir.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        let text = String::from_utf8_lossy(&bytes);
        let (mut all_written, mut all_kept) = ((0, 0), (0, 0));
        for (i, g) in parse_games(&text).unwrap().iter().enumerate() {
            let w = written(&g.variations);
            all_written = (all_written.0 + w.0, all_written.1 + w.1);
            let Ok(game) = g.replay(variant) else {
                continue;
            };
            let k = kept(game.variations());
            all_kept = (all_kept.0 + k.0, all_kept.1 + k.1);
            let pdn = game.to_pdn(&draughts_rules::PdnTags::default());
            let back = draughts_rules::read_game(&pdn, variant).unwrap();
            if back.variations() != game.variations() || back.to_pdn(&Default::default()) != pdn {
                problems.push(format!(
                    "{file} game {}: not the same once written back",
                    i + 1
                ));
            }
        }
        if (all_written, all_kept) != (want_written, want_kept) {
            problems.push(format!(
                "{file}: written {all_written:?}, kept {all_kept:?}"
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
