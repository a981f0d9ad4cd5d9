//! Fitting the learned evaluation: on a small fixed data set the fit lowers the error,
//! deterministically; the hand-made weights it starts from are colour-symmetric on every board;
//! and weights with the regions' configurations round-trip through their source file.

use draughts_cli::fitting::{self, Dataset, FitOptions, SelfPlay};
use draughts_engine::learned::{self, Tuned};
use draughts_engine::{Evaluator, Rng};
use draughts_rules::{Position, Variant};

/// Positions met along seeded games of random moves of `variant`, kings and all.
fn random_positions(variant: Variant, seed: u64, games: usize) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    let mut out: Vec<Position> = Vec::new();
    for _ in 0..games {
        let mut pos = Position::new(variant);
        let game_start = out.len();
        while out.len() - game_start < 160 {
            let Some(m) = draughts_engine::random_move(&pos, &mut rng) else {
                break;
            };
            pos.play_unchecked(&m);
            out.push(pos);
        }
    }
    out
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
        evaluator: Evaluator::HandMade,
    };
    let n = fitting::self_play(&opts, &mut out, |_, _| {}).unwrap();
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
    let k = fitting::fit_k(&data);
    assert!(k > 0.0005 && k < 0.05, "K = {k}");
    let opts = FitOptions {
        iterations: 40,
        ..Default::default()
    };
    let a = fitting::fit(&data, variant, k, &opts, |_, _| {});
    let b = fitting::fit(&data, variant, k, &opts, |_, _| {});
    assert_eq!(a.weights, b.weights);
    assert!(
        a.fitted.0 < a.start.0 * 0.98,
        "training error {} → {}",
        a.start.0,
        a.fitted.0
    );
    // The mapped hand-made weights start where the hand-made evaluation is.
    assert!((a.start.0 - a.hand_made.0).abs() < 0.01);
    let file = fitting::weights_file(variant, &a, "draughts tune fit …", "test");
    let back = draughts_engine::weights::decode(&file).unwrap();
    assert_eq!(back.variant, variant);
    assert!(back.about.contains("draughts tune fit …"));
    assert!(!back.tuned.has_regions());
    assert_eq!(back.tuned, fitting::tuned(variant, &a));
}

/// The hand-made evaluation's weights of `variant` in the learned one's terms, as a `Tuned`.
fn anchor(variant: Variant) -> &'static Tuned {
    let w = fitting::hand_made_weights(variant);
    let len = w.len() / 2;
    let round = |x: &[f32]| -> Box<[i16]> {
        x.iter()
            .map(|&x| (x * learned::SCALE as f32) as i16)
            .collect()
    };
    Box::leak(Box::new(Tuned::new(
        Position::new(variant).geometry().squares() as usize,
        &round(&w[..len]),
        &round(&w[len..]),
        &[],
    )))
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
fn weights_with_regions_round_trip_through_their_source() {
    let variant = Variant::English;
    let text = String::from_utf8(tiny_data(variant)).unwrap();
    let mut data = Dataset::default();
    data.regions = true;
    data.read(&text, variant).unwrap();
    let k = fitting::fit_k(&data);
    let opts = FitOptions {
        iterations: 20,
        ..Default::default()
    };
    let fit = fitting::fit(&data, variant, k, &opts, |_, _| {});
    let len = Tuned::len_for(32) + 9 * learned::REGION;
    assert_eq!(fit.weights.len(), 2 * len);
    assert!(
        fit.fitted.0 < fit.start.0,
        "{:?} → {:?}",
        fit.start,
        fit.fitted
    );
    // Some region weight moved off zero, each opposite to its tied partner's, so that the
    // evaluation stays colour-symmetric; and the file reads back the same numbers.
    let g = Position::new(variant).geometry();
    for phase in [0, len] {
        let regions = &fit.weights[phase + Tuned::len_for(32)..phase + len];
        assert!(regions.iter().any(|&w| w != 0.0));
        for (i, &w) in regions.iter().enumerate() {
            let (r, x) = learned::region_partner(g, i / learned::REGION, i % learned::REGION);
            assert_eq!(w, -regions[r * learned::REGION + x], "{i}");
        }
    }
    let file = fitting::weights_file(variant, &fit, "draughts tune fit …", "test");
    let back = draughts_engine::weights::decode(&file).unwrap().tuned;
    assert!(back.has_regions());
    // Read back in the fit's terms, the file gives the fit's own weights, and a fit `from`
    // them starts exactly where this one ended.
    let back: &'static Tuned = Box::leak(Box::new(back));
    assert_eq!(fitting::weights_of(back), fit.weights);
    let again = fitting::fit(
        &data,
        variant,
        k,
        &FitOptions {
            iterations: 2,
            from: Some(back),
            ..Default::default()
        },
        |_, _| {},
    );
    assert!(
        (again.start.0 - fit.fitted.0).abs() < 1e-9,
        "{:?} {:?}",
        again.start,
        fit.fitted
    );
    assert!(again.fitted.0 < fit.start.0);
    let base = Tuned::len_for(32);
    let q = |x: f32| (x * learned::SCALE as f32).round() as i16;
    let weights: Vec<i16> = fit.weights.iter().map(|&x| q(x)).collect();
    assert_eq!(&back.open()[..], &weights[..base]);
    assert_eq!(&back.end()[..], &weights[len..len + base]);
    assert_eq!(back.regions().len(), 2 * 9 * learned::REGION);
    let tuned: &'static Tuned = Box::leak(Box::new(back));
    for (i, pos) in random_positions(variant, 9, 6).iter().enumerate() {
        // What is played is what was fitted: the evaluation (regions' weights read in pairs)
        // is the phase-mixed sum of the weights over the features the fit saw.
        let (mut open, mut end) = (0, 0);
        learned::visit(pos, true, |i, v| {
            open += v * weights[i] as i32;
            end += v * weights[len + i] as i32;
        });
        let p = learned::phase(pos);
        let fitted = (open * p + end * (256 - p)) / (256 * learned::SCALE);
        assert_eq!(learned::evaluate_white(pos, tuned), fitted, "#{i} {pos:?}");
        assert_eq!(
            learned::evaluate_white(pos, tuned),
            -learned::evaluate_white(&pos.mirrored(), tuned),
            "#{i} {pos:?}"
        );
    }
    // A file cut short is refused.
    assert!(draughts_engine::weights::decode(&file[..file.len() - 2]).is_err());
}
