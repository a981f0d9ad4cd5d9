//! The evaluation: the generated weights load, the start is level and material counts, it is
//! colour-symmetric, the hand-made one stays selectable, and the learned one's features (the
//! neighbourhoods, the regions' configurations) are what the weights files say they are.
//! Fitting them is tested with the fit, in the CLI crate (tests/tune.rs).

use draughts_engine::learned::{self, Tuned};
use draughts_engine::{eval, weights, Evaluator, Rng};
use draughts_rules::variant::Goal;
use draughts_rules::{Color, Position, Variant};

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
fn every_weights_file_encodes_back_to_its_own_bytes() {
    // The decoded weights (kept packed, as the evaluation reads them) give back every weight
    // of the file, in its order: the file written from them is the file read.
    for variant in Variant::ALL {
        let name = format!("{variant:?}").to_lowercase();
        let path = format!("{}/weights/{name}.weights", env!("CARGO_MANIFEST_DIR"));
        let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let file = weights::decode(&bytes).unwrap();
        assert_eq!(file.variant, variant);
        assert!(
            weights::encode(variant, &file.about, &file.tuned) == bytes,
            "{variant}"
        );
        assert_eq!(&file.tuned, weights::of(variant), "{variant}");
    }
}

#[test]
fn generated_weights_load_for_each_tuned_variant() {
    for variant in Variant::ALL {
        let w = weights::of(variant);
        let squares = Position::new(variant).geometry().squares() as usize;
        assert_eq!(w.squares, squares, "{variant}");
        let (open, end) = (w.open(), w.end());
        assert_eq!(open.len(), Tuned::len_for(squares), "{variant}");
        assert_eq!(end.len(), Tuned::len_for(squares), "{variant}");
        let g = Position::new(variant).geometry();
        let regions = 2 * learned::regions(g) * learned::REGION;
        assert!([0, regions].contains(&w.regions().len()), "{variant}");
        let men = &end[..squares];
        let kings = &end[squares..2 * squares];
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
    let hand_made = Evaluator::HandMade;
    let hand: Vec<i32> = positions.iter().map(|p| hand_made.evaluate(p)).collect();
    let hand_mirrored: Vec<i32> = positions
        .iter()
        .map(|p| hand_made.evaluate(&p.mirrored()))
        .collect();
    assert_eq!(hand, hand_mirrored);
    // The two evaluations are different functions…
    let differ = learned.iter().zip(&hand).filter(|(a, b)| a != b).count();
    assert!(
        differ * 2 > positions.len(),
        "{differ} of {}",
        positions.len()
    );
    // …and the default is the learned one.
    let again: Vec<i32> = positions
        .iter()
        .map(|p| Evaluator::default().evaluate(p))
        .collect();
    assert_eq!(again, learned);
}

#[test]
fn the_full_boards_neighbourhoods_stop_at_the_edge() {
    // Turkish: a White man on h3 (48) and a Black man on a2 (49), the next bit in the layout.
    // White's right-hand neighbour of h3 is the edge, not the man on a2.
    let pos = draughts_rules::fen::parse_fen("W:W48:B49", Variant::Turkish).unwrap();
    let s = pos.geometry().squares() as usize;
    let patterns = 2 * s + learned::DENSE.len();
    let mut white_pattern = None;
    learned::visit(&pos, false, |i, v| {
        if i >= patterns && v > 0 {
            white_pattern = Some(i - patterns);
        }
    });
    // Neighbours ahead, back, left, right; two bits each: 0 empty, 1 own, 2 the opponent's,
    // 3 the edge. h3: a8-side squares ahead (empty) and back (empty), g3 left (empty), edge right.
    assert_eq!(white_pattern, Some(0b11_00_00_00));
}

#[test]
fn each_mans_neighbourhood_is_its_four_neighbours() {
    // The neighbourhoods as defined, one man and one neighbour at a time (the geometry's own
    // neighbour table), against `visit`'s (read from a window on boards of dark squares, from
    // shifted planes on the full board), on positions of every variant.
    use draughts_rules::square::Dir::*;
    for variant in Variant::ALL {
        let g = variant.geometry();
        let dirs = if g.is_full() {
            [[Up, Down, Left, Right], [Down, Up, Right, Left]]
        } else {
            [
                [UpLeft, UpRight, DownLeft, DownRight],
                [DownRight, DownLeft, UpRight, UpLeft],
            ]
        };
        let patterns = 2 * g.squares() as usize + learned::DENSE.len();
        for pos in random_positions(variant, 29, 8) {
            let mut expected = [0i32; learned::PATTERNS];
            for (c, color, sign) in [(0, Color::White, 1), (1, Color::Black, -1)] {
                let (us, them) = (pos.pieces(color), pos.pieces(color.other()));
                for bit in us & !pos.kings() {
                    let idx: usize = (0..4)
                        .map(|k| {
                            let state = match g.next(bit, dirs[c][k]) {
                                None => 3,
                                Some(n) if us.contains(n) => 1,
                                Some(n) if them.contains(n) => 2,
                                Some(_) => 0,
                            };
                            state << (2 * k)
                        })
                        .sum();
                    expected[idx] += sign;
                }
            }
            let mut seen = [0i32; learned::PATTERNS];
            learned::visit(&pos, false, |i, v| {
                if (patterns..patterns + learned::PATTERNS).contains(&i) {
                    seen[i - patterns] += v;
                }
            });
            assert_eq!(
                seen,
                expected,
                "{variant:?}: {}",
                draughts_rules::fen::write_fen(&pos)
            );
        }
    }
}

#[test]
fn each_regions_configuration_is_its_eight_squares() {
    // The regions as defined, each 4×4 block from an even row and column read one square at a
    // time (digit 1 a White man, 2 a Black man, in the order of the squares' bits), against
    // `visit`'s (read two rows at a time, each pair of rows shared by two regions).
    for variant in Variant::ALL {
        let g = variant.geometry();
        if learned::regions(g) == 0 {
            continue;
        }
        let base = Tuned::len_for(g.squares() as usize);
        let size = g.size();
        for pos in random_positions(variant, 31, 4) {
            let kings = pos.kings();
            let mut expected = Vec::new();
            for top in (0..=size - 4).step_by(2) {
                for left in (0..=size - 4).step_by(2) {
                    let mut bits: Vec<u8> = (top..top + 4)
                        .flat_map(|row| (left..left + 4).filter_map(move |col| g.at(row, col)))
                        .map(|sq| g.bit(sq))
                        .collect();
                    bits.sort();
                    assert_eq!(bits.len(), 8, "{variant}");
                    let x: usize = bits
                        .iter()
                        .enumerate()
                        .map(|(i, &b)| {
                            let digit = if kings.contains(b) {
                                0
                            } else if pos.pieces(Color::White).contains(b) {
                                1
                            } else if pos.pieces(Color::Black).contains(b) {
                                2
                            } else {
                                0
                            };
                            digit * 3usize.pow(i as u32)
                        })
                        .sum();
                    expected.push(base + expected.len() * learned::REGION + x);
                }
            }
            assert_eq!(expected.len(), learned::regions(g), "{variant}");
            let mut seen = Vec::new();
            learned::visit(&pos, true, |i, v| {
                if i >= base {
                    assert_eq!(v, 1);
                    seen.push(i);
                }
            });
            assert_eq!(
                seen,
                expected,
                "{variant:?}: {}",
                draughts_rules::fen::write_fen(&pos)
            );
        }
    }
}

/// Every feature of `pos` with its value, indices summed (the regions' too).
fn features(pos: &Position) -> std::collections::BTreeMap<usize, i32> {
    let mut out = std::collections::BTreeMap::new();
    learned::visit(pos, true, |i, v| *out.entry(i).or_insert(0) += v);
    out.retain(|_, v| *v != 0);
    out
}

#[test]
fn the_regions_patterns_of_the_colour_mirror_are_the_tied_partners() {
    // 10×10, 8×8 and the turned 8×8 numbered from either side: the colour mirror of a
    // position has the opposite features, except the regions', which are each region's
    // partner (the block turned half a turn, men exchanged), whose weight is the opposite.
    // This checks the regions' layout and the table of turned configurations.
    for variant in [
        Variant::International,
        Variant::English,
        Variant::Italian,
        Variant::Spanish,
    ] {
        let g = Position::new(variant).geometry();
        let base = Tuned::len_for(g.squares() as usize);
        let regions = learned::regions(g);
        assert_eq!(regions, if g.size() == 10 { 16 } else { 9 });
        for (i, pos) in random_positions(variant, 5, 8).iter().enumerate() {
            let expected: std::collections::BTreeMap<usize, i32> = features(pos)
                .into_iter()
                .map(|(k, v)| {
                    if k < base {
                        (k, -v)
                    } else {
                        let k = k - base;
                        let (r, x) =
                            learned::region_partner(g, k / learned::REGION, k % learned::REGION);
                        (base + r * learned::REGION + x, v)
                    }
                })
                .collect();
            assert_eq!(
                features(&pos.mirrored()),
                expected,
                "{variant} #{i} {pos:?}"
            );
            assert_eq!(features(pos).range(base..).count(), regions);
        }
    }
    assert_eq!(
        learned::regions(Position::new(Variant::Turkish).geometry()),
        0
    );
}

#[test]
fn a_regions_configuration_is_its_men_in_base_three() {
    // International, Black men on the eight squares of the top-left block (rows 1-4, columns
    // a-d: 1, 2, 6, 7, 11, 12, 16, 17) and a White man on 46 (a1). As White sees it, region 0
    // holds eight Black men, all digits 2 (3^8 - 1 = 6560); Black sees the same block turned,
    // as its own men in its last region 15 (all digits 1: 3280), the weight tied to it. White's
    // man on 46 is the seventh square in bit order of region 12 (rows 7-10, columns a-d):
    // 3^6 = 729; as Black sees it, the second square of region 3, an opponent's: 2 · 3.
    let pos = draughts_rules::fen::parse_fen("W:W46:B1,2,6,7,11,12,16,17", Variant::International)
        .unwrap();
    let base = Tuned::len_for(50);
    let f = features(&pos);
    let region = |r: usize, x: usize| f.get(&(base + r * learned::REGION + x)).copied();
    assert_eq!(region(0, 6560), Some(1));
    assert_eq!(region(12, 729), Some(1));
    let g = pos.geometry();
    assert_eq!(learned::region_partner(g, 0, 6560), (15, 3280));
    assert_eq!(learned::region_partner(g, 12, 729), (3, 6));
    assert_eq!(learned::region_partner(g, 3, 6), (12, 729));
    // Without the regions, no feature beyond the base ones.
    let mut beyond = 0;
    learned::visit(&pos, false, |i, _| beyond += (i >= base) as usize);
    assert_eq!(beyond, 0);
}

#[test]
fn the_score_played_is_the_weights_of_the_features_fitted() {
    // `evaluate_white` sums the weights its own way; the fit sees the features `visit` lists.
    // Each feature's value times its weights, mixed by the phase, must be the same score.
    for variant in Variant::ALL {
        let w = weights::of(variant);
        let base = Tuned::len_for(w.squares);
        let (weights_open, weights_end, regions) = (w.open(), w.end(), w.regions());
        for (i, pos) in random_positions(variant, 3, 4).iter().enumerate() {
            let (mut open, mut end) = (0, 0);
            learned::visit(pos, w.has_regions(), |k, v| {
                let (o, e) = if k < base {
                    (weights_open[k], weights_end[k])
                } else {
                    (regions[2 * (k - base)], regions[2 * (k - base) + 1])
                };
                open += v * o as i32;
                end += v * e as i32;
            });
            let p = learned::phase(pos);
            let fitted = (open * p + end * (256 - p)) / (256 * learned::SCALE);
            assert_eq!(
                learned::evaluate_white(pos, w),
                fitted,
                "{variant} #{i} {pos:?}"
            );
        }
    }
}
