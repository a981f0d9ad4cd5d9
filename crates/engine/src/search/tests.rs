//! The search's parts tested from inside: the shot detector, ProbCut's depths, the history's
//! bounds, the quiescence's shots, futility's fail-low and the aspiration windows.

use super::node::opens_shot;
use super::ordering::history_index;
use super::tuning::{
    futility_margin, probcut_depth, ASPIRATION_MAX_SCORE, ASPIRATION_MIN_DEPTH, ASPIRATION_WINDOW,
    HISTORY_MAX, PROBCUT_MIN_DEPTH, PROBCUT_REDUCTION,
};
use super::{Engine, Limits, INF, MAX_PLY, WIN_BOUND};
use crate::eval::evaluate;
use crate::tt::{TtEntry, UPPER};
use crate::zobrist;
use draughts_rules::fast;
use draughts_rules::mv::Move;
use draughts_rules::{parse_fen, Variant};

/// The 2-for-1 shot of tests/ai.rs opens with 29-23 (18x29 forced, then 34x23x14); a man
/// given away with nothing back (33-28 22x33) and a move that offers nothing do not.
#[test]
fn a_shot_is_told_from_a_man_given_away() {
    let after = |fen: &str, mv: &str| {
        let pos = parse_fen(fen, Variant::International).unwrap();
        let mut child = pos;
        child.play_unchecked(&draughts_rules::notation::parse_move(&pos, mv).unwrap());
        child
    };
    let shot = "W:W28,29,34,40:B6,16,18,19";
    let mut replies = Vec::new();
    assert!(opens_shot(&after(shot, "29-23"), &mut replies));
    assert!(!opens_shot(&after(shot, "40-35"), &mut replies));
    let given = after("W:W33,48:B22", "33-28");
    assert!(fast::has_capture(&given));
    assert!(!opens_shot(&given, &mut replies));
}

/// ProbCut's shallow search stays a real search (two plies or more) and at least
/// PROBCUT_REDUCTION plies shorter, shorter still the deeper the node.
#[test]
fn probcut_searches_shallower_the_deeper_the_node() {
    let depths: Vec<i32> = (PROBCUT_MIN_DEPTH..=MAX_PLY as i32)
        .map(probcut_depth)
        .collect();
    assert_eq!(depths[0], 2);
    for (d, shallow) in (PROBCUT_MIN_DEPTH..).zip(&depths) {
        assert!(
            *shallow >= 2 && *shallow <= d - PROBCUT_REDUCTION,
            "{d}: {shallow}"
        );
    }
    assert_eq!(probcut_depth(18), 10);
}

/// A cutoff raises its move's history and lowers the quiet moves searched before it in
/// vain; however often it repeats, the score stays within the bound (below the killers'
/// order scores).
#[test]
fn history_rewards_the_cutoff_and_blames_the_moves_before_it() {
    let pos = parse_fen("W:W31,32,33:B18,19,20", Variant::International).unwrap();
    let moves = fast::legal_moves(&pos);
    let (cut, vain) = (&moves[0], &moves[1]);
    let mut engine = Engine::new(1);
    engine.remember_cutoff(3, cut, 6, &[history_index(vain) as u16]);
    assert!(engine.history[history_index(cut)] > 0);
    assert!(engine.history[history_index(vain)] < 0);
    assert!(engine.is_killer(3, cut));
    for _ in 0..10_000 {
        engine.remember_cutoff(3, cut, 40, &[history_index(vain) as u16]);
    }
    let (up, down) = (
        engine.history[history_index(cut)],
        engine.history[history_index(vain)],
    );
    assert!(
        (HISTORY_MAX * 3 / 4 + 1..=HISTORY_MAX).contains(&up),
        "{up}"
    );
    assert!(
        (-HISTORY_MAX..-HISTORY_MAX * 3 / 4).contains(&down),
        "{down}"
    );
}

/// At the horizon, a quiet position whose own move opens a shot is scored with the shot
/// played out (29-23 18x29 34x23x14: a man given, two taken, about a man up), not by its
/// evaluation; once a king is on the board it stands pat as before, and so does the
/// beginner's captures-only quiescence.
#[test]
fn quiescence_plays_out_a_shot_one_move_past_the_horizon() {
    let score = |fen: &str| {
        let pos = parse_fen(fen, Variant::International).unwrap();
        let mut engine = Engine::new(1);
        engine.quiescence_shots = true;
        let q = engine.quiesce(&pos, -INF, INF, 0, &Limits::default());
        (q, evaluate(&pos))
    };
    let (q, stand) = score("W:W28,29,34,40:B6,16,18,19");
    assert!(q >= stand + 60, "shot scored {q}, standing {stand}");
    let (q, stand) = score("W:W28,29,34,40:B6,16,18,19,K1");
    assert_eq!(q, stand);
    // The beginner's quiescence (captures only) stands pat.
    let pos = parse_fen("W:W28,29,34,40:B6,16,18,19", Variant::International).unwrap();
    let mut engine = Engine::new(1);
    engine.quiescence_shots = false;
    assert_eq!(
        engine.quiesce(&pos, -INF, INF, 0, &Limits::default()),
        evaluate(&pos)
    );
}

/// A search's limits say whether its quiescence plays out the shots (levels 2–4) or not (the
/// full-strength search): one ply from Black's move, White's 29-23 shot is seen only with them.
#[test]
fn the_limits_say_whether_the_quiescence_plays_out_shots() {
    let pos = parse_fen("B:W28,29,34,40:B6,16,18,19", Variant::International).unwrap();
    let score = |quiescence_shots| {
        let limits = Limits {
            depth: Some(1),
            quiescence_shots,
            ..Limits::default()
        };
        Engine::new(1).search(&pos, &[], &limits).unwrap().score
    };
    let (with, without) = (score(true), score(false));
    assert!(
        with <= without - 60,
        "with the shots {with}, without {without}"
    );
}

/// A node that prunes its quiet moves by futility, and whose one searched move loses by
/// force, fails low at its futility value (the evaluation plus the margin), not at a proven
/// loss: 32-28 22x33 leaves White's man on 46 blocked (White loses, no move), but 32-27,
/// which futility leaves unsearched, loses nothing.
#[test]
fn a_futile_node_proves_no_loss_its_pruned_moves_avoid() {
    let pos = parse_fen("W:W32,46:B22,31,37,41", Variant::International).unwrap();
    assert!(!fast::has_capture(&pos));
    let hash = zobrist::hash(&pos);
    let moves = fast::legal_moves(&pos);
    let text = |m: &Move| draughts_rules::notation::move_to_text(&pos, m);
    assert_eq!(
        moves.len(),
        2,
        "{:?}",
        moves.iter().map(text).collect::<Vec<_>>()
    );
    let blunder = moves.iter().position(|m| text(m) == "32-28").unwrap();
    let floor = evaluate(&pos) + futility_margin(1);
    let alpha = floor + 40;
    let limits = Limits::default();
    let mut engine = Engine::new(1);
    // The blunder, as the node's first move, loses by force.
    let mut child = pos;
    child.play_unchecked(&moves[blunder]);
    let blunder_score = -engine.quiesce(&child, -INF, INF, 2, &limits);
    assert!(blunder_score < -WIN_BOUND, "{blunder_score}");
    // The table names it as the node's best move (too shallow to cut anything).
    engine.tt.store(
        hash,
        TtEntry {
            score: 0,
            depth: 0,
            bound: UPPER,
            mv: (blunder + 1) as u8,
        },
    );
    let score = engine.negamax(&pos, hash, 1, alpha, alpha + 1, 1, &limits);
    assert_eq!(score, floor, "the floor is {floor}, alpha {alpha}");
}

/// An iteration whose aspiration window is centred away from the root's score fails low
/// (or high), is searched again in wider windows, and ends outside the first window, near
/// the score a full window gives: the same move where a shot decides, within a few
/// hundredths of a man in quiet openings and 0.30 after the shot (futility and ProbCut
/// compare with the window's edges and the transposition table then holds other bounds,
/// so another window visits other quiet leaves, which the evaluation may score apart). The
/// search runs on the hand-made evaluation: how far apart the learned one scores those
/// leaves changes with each refit of its weights (International's fine-tuning on Scan's
/// scores moved the shot's figure 0.45), and the windows are what is tested here.
#[test]
fn aspiration_windows_recover_from_a_fail_on_either_side() {
    let positions = [
        // The 2-for-1 shot of tests/ai.rs, scored about three men up, and two starts.
        // (position, variant, tolerance, whether a shot decides the move)
        (
            "W:W28,29,34,40:B6,16,18,19",
            Variant::International,
            30,
            true,
        ),
        ("W:W31-50:B1-20", Variant::International, 5, false),
        ("B:W21-32:B1-12", Variant::English, 5, false),
    ];
    let depth = ASPIRATION_MIN_DEPTH + 2;
    for (fen, variant, tolerance, shot) in positions {
        let pos = parse_fen(fen, variant).unwrap();
        let hash = zobrist::hash(&pos);
        let limits = Limits::default();
        let mut engine = Engine::new(1);
        engine.set_evaluator(crate::eval::Evaluator::HandMade);
        let full = engine.negamax(&pos, hash, depth as i32, -INF, INF, 0, &limits);
        let best = engine.root_best.expect("a best move").0;
        assert!(full.abs() < ASPIRATION_MAX_SCORE, "{fen}: {full}");
        // Each window misses the score: by far, or by a few windows.
        for off_by in [300, -300, 80, -80] {
            let mut engine = Engine::new(1);
            engine.set_evaluator(crate::eval::Evaluator::HandMade);
            engine.last_score = Some(full + off_by);
            let score = engine.search_root(&pos, hash, depth, &limits);
            let first = (
                full + off_by - ASPIRATION_WINDOW,
                full + off_by + ASPIRATION_WINDOW,
            );
            assert!(
                if off_by > 0 {
                    score < first.0
                } else {
                    score > first.1
                },
                "{fen}, window centred {off_by} off: {score} within the first window {first:?}"
            );
            assert!(
                (score - full).abs() <= tolerance,
                "{fen}, window centred {off_by} off: {score}, not {full}"
            );
            if shot {
                let found = engine.root_best.expect("a best move").0;
                assert!(found.same_as(&best), "{fen}: {found:?}, not {best:?}");
            }
        }
    }
}
