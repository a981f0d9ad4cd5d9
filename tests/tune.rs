//! The learned evaluation: its generated weights load, it is colour-symmetric, and fitting on
//! a small fixed data set lowers the error, deterministically.

use draughts::ai::learned::{self, Tuned};
use draughts::ai::tune::{self, Dataset, FitOptions, SelfPlay};
use draughts::ai::{eval, weights, Rng};
use draughts::variant::Goal;
use draughts::{Color, Position, Variant};

/// Positions along seeded random games of `variant`, kings and all.
fn random_positions(variant: Variant, seed: u64, games: usize) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut pos = Position::new(variant);
        for _ in 0..160 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            pos.play_unchecked(&moves[rng.below(moves.len())]);
            out.push(pos);
        }
    }
    out
}

#[test]
fn generated_weights_load_for_each_tuned_variant() {
    for variant in Variant::ALL {
        let w = weights::of(variant);
        let squares = Position::new(variant).geometry().squares() as usize;
        assert_eq!(w.squares, squares, "{variant}");
        assert_eq!(w.open.len(), Tuned::len_for(squares), "{variant}");
        assert_eq!(w.end.len(), Tuned::len_for(squares), "{variant}");
        let men = &w.end[..squares];
        let kings = &w.end[squares..2 * squares];
        let mean = |t: &[i16]| t.iter().map(|&x| x as i32).sum::<i32>() / t.len() as i32;
        match variant.rules().goal {
            // A man is worth something everywhere, and a king more than a man on average.
            Goal::Standard => {
                assert!(men.iter().all(|&m| m > 0), "{variant}: {men:?}");
                assert!(mean(kings) > mean(men), "{variant}");
            }
            // Antidraughts: pieces are a burden, kings the heavier one.
            Goal::Losing => {
                assert!(mean(men) < 0, "{variant}: {men:?}");
                assert!(mean(kings) < mean(men), "{variant}");
            }
            // Breakthrough: a man counts, and the more the nearer it is to the far row.
            Goal::FirstKing => {
                assert!(men.iter().all(|&m| m > 0), "{variant}: {men:?}");
                let g = Position::new(variant).geometry();
                let row = |r: u8| {
                    let cells: Vec<i16> = g
                        .all_squares()
                        .filter(|&sq| g.advance(sq, Color::White) == r)
                        .map(|sq| men[sq.index() as usize])
                        .collect();
                    mean(&cells)
                };
                assert!(row(g.size() - 2) > row(1), "{variant}");
            }
        }
    }
}

#[test]
fn the_start_position_is_level_and_material_counts() {
    for variant in Variant::ALL {
        let start = Position::new(variant);
        assert_eq!(eval::evaluate(&start), 0, "{variant}");
        // White a man up (the first of Black's men in the set-up removed; Spanish and Portuguese
        // number the board from White's side) scores clearly positive.
        let mut setup = start.to_setup();
        let first_black = setup
            .pieces
            .iter()
            .position(|&(_, p)| p.color == Color::Black)
            .unwrap();
        setup.pieces.remove(first_black);
        let up = Position::from_setup(&setup, variant).unwrap();
        let white = match up.turn() {
            Color::White => eval::evaluate(&up),
            Color::Black => -eval::evaluate(&up),
        };
        // (In Antidraughts the man more is a burden: White is behind.)
        let lead = if variant.rules().goal == Goal::Losing {
            -white
        } else {
            white
        };
        assert!(lead > 40, "{variant}: a man up scores {white}");
    }
}

#[test]
fn the_evaluation_is_colour_symmetric() {
    for variant in Variant::ALL {
        for (i, pos) in random_positions(variant, 11, 30).iter().enumerate() {
            let e = eval::evaluate(pos);
            // The colour mirror has the other side to move: the same score for it…
            assert_eq!(eval::evaluate(&pos.mirrored()), e, "{variant} #{i} {pos:?}");
            // …and the same board with the other side to move, the opposite.
            let other = pos.with_turn(pos.turn().other());
            assert_eq!(eval::evaluate(&other), -e, "{variant} #{i} {pos:?}");
            let w = weights::of(variant);
            assert_eq!(
                learned::evaluate_white(pos, w),
                -learned::evaluate_white(&pos.mirrored(), w),
                "{variant} #{i}"
            );
        }
    }
}

#[test]
fn the_hand_made_evaluation_stays_selectable() {
    let positions = random_positions(Variant::International, 5, 3);
    let learned: Vec<i32> = positions.iter().map(eval::evaluate).collect();
    eval::use_hand_made(true);
    assert!(eval::is_hand_made());
    let hand: Vec<i32> = positions.iter().map(eval::evaluate).collect();
    let hand_mirrored: Vec<i32> = positions
        .iter()
        .map(|p| eval::evaluate(&p.mirrored()))
        .collect();
    eval::use_hand_made(false);
    assert_eq!(hand, hand_mirrored);
    // The two evaluations are different functions…
    let differ = learned.iter().zip(&hand).filter(|(a, b)| a != b).count();
    assert!(
        differ * 2 > positions.len(),
        "{differ} of {}",
        positions.len()
    );
    // …and the switch is back off.
    let again: Vec<i32> = positions.iter().map(eval::evaluate).collect();
    assert_eq!(again, learned);
}

/// A small fixed data set: six self-play games at a tiny node budget.
fn tiny_data(variant: Variant) -> Vec<u8> {
    let mut out = Vec::new();
    let opts = SelfPlay {
        variant,
        games: 6,
        nodes: 400,
        seed: 3,
        max_plies: 120,
    };
    let n = tune::self_play(&opts, &mut out, |_, _| {}).unwrap();
    assert!(n > 100, "{n} positions");
    out
}

#[test]
fn fitting_lowers_the_error_deterministically() {
    let variant = Variant::English;
    let text = String::from_utf8(tiny_data(variant)).unwrap();
    assert_eq!(text, String::from_utf8(tiny_data(variant)).unwrap());
    let mut data = Dataset::default();
    data.read(&text, variant).unwrap();
    assert!(data.len() > 100 && data.held_out_len() > 0);
    let k = tune::fit_k(&data);
    assert!(k > 0.0005 && k < 0.05, "K = {k}");
    let opts = FitOptions {
        iterations: 40,
        ..Default::default()
    };
    let a = tune::fit(&data, variant, k, &opts, |_, _| {});
    let b = tune::fit(&data, variant, k, &opts, |_, _| {});
    assert_eq!(a.weights, b.weights);
    assert!(
        a.fitted.0 < a.start.0 * 0.98,
        "training error {} → {}",
        a.start.0,
        a.fitted.0
    );
    // The mapped hand-made weights start where the hand-made evaluation is.
    assert!((a.start.0 - a.hand_made.0).abs() < 0.01);
    let source = tune::weights_source(variant, &a, "draughts tune fit …", "test");
    assert!(source.contains("pub static WEIGHTS: Tuned"));
    assert_eq!(source.matches("const ").count(), 2);
}

/// The hand-made evaluation's weights of `variant` in the learned one's terms, as a `Tuned`.
fn anchor(variant: Variant) -> &'static Tuned {
    let w = tune::hand_made_weights(variant);
    let len = w.len() / 2;
    let round = |x: &[f32]| -> &'static [i16] {
        let v: Vec<i16> = x
            .iter()
            .map(|&x| (x * learned::SCALE as f32) as i16)
            .collect();
        Box::leak(v.into_boxed_slice())
    };
    Box::leak(Box::new(Tuned {
        squares: Position::new(variant).geometry().squares() as usize,
        open: round(&w[..len]),
        end: round(&w[len..]),
    }))
}

#[test]
fn every_variants_features_are_colour_symmetric() {
    // On every board (dark squares, turned, the full 64 of Turkish) and for every goal, the
    // features of a position and of its colour mirror are opposite.
    for variant in Variant::ALL {
        let w = anchor(variant);
        for (i, pos) in random_positions(variant, 17, 12).iter().enumerate() {
            assert_eq!(
                learned::evaluate_white(pos, w),
                -learned::evaluate_white(&pos.mirrored(), w),
                "{variant} #{i} {pos:?}"
            );
        }
    }
}

#[test]
fn the_full_boards_neighbourhoods_stop_at_the_edge() {
    // Turkish: a White man on h3 (48) and a Black man on a2 (49), the next bit in the layout.
    // White's right-hand neighbour of h3 is the edge, not the man on a2.
    let pos = draughts::fen::parse_fen("W:W48:B49", Variant::Turkish).unwrap();
    let s = pos.geometry().squares() as usize;
    let patterns = 2 * s + learned::DENSE.len();
    let mut white_pattern = None;
    learned::visit(&pos, |i, v| {
        if i >= patterns && v > 0 {
            white_pattern = Some(i - patterns);
        }
    });
    // Neighbours ahead, back, left, right; two bits each: 0 empty, 1 own, 2 the opponent's,
    // 3 the edge. h3: a8-side squares ahead (empty) and back (empty), g3 left (empty), edge right.
    assert_eq!(white_pattern, Some(0b11_00_00_00));
}
