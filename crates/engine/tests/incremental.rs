//! The evaluation the search plays by is the one that was fitted: the learned score is the
//! weights of the features [`learned::visit`] lists, and the search's evaluation by difference
//! ([`Incremental`], [`Terms::update`]) gives that score whichever earlier position it starts
//! from.

use draughts_engine::incremental::Incremental;
use draughts_engine::learned::{self, Terms, Tuned};
use draughts_engine::{weights, Rng};
use draughts_rules::{Position, Variant};
use proptest::prelude::*;

/// A seeded random game of `variant`, kings and all, up to `plies` long.
fn random_game(variant: Variant, rng: &mut Rng, plies: usize) -> Vec<Position> {
    let mut pos = Position::new(variant);
    let mut out = vec![pos];
    for _ in 0..plies {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play_unchecked(&moves[rng.below(moves.len())]);
        out.push(pos);
    }
    out
}

/// The learned score as the fit sees it: each feature's value times its weights, mixed by the
/// phase.
fn fitted_score(pos: &Position, w: &Tuned) -> i32 {
    let base = Tuned::len_for(w.squares);
    let (mut open, mut end) = (0, 0);
    learned::visit(pos, w.has_regions(), |i, v| {
        let (o, e) = if i < base {
            (w.open[i], w.end[i])
        } else {
            (w.regions[2 * (i - base)], w.regions[2 * (i - base) + 1])
        };
        open += v * o as i32;
        end += v * e as i32;
    });
    let p = learned::phase(pos);
    (open * p + end * (256 - p)) / (256 * learned::SCALE)
}

#[test]
fn the_score_played_is_the_features_fitted() {
    for variant in Variant::ALL {
        let w = weights::of(variant);
        let mut rng = Rng::new(3);
        for (i, pos) in (0..4)
            .flat_map(|_| random_game(variant, &mut rng, 160))
            .enumerate()
        {
            assert_eq!(
                learned::evaluate_white(&pos, w),
                fitted_score(&pos, w),
                "{variant} #{i} {pos:?}"
            );
        }
    }
}

#[test]
fn the_same_position_evaluated_twice_keeps_its_terms() {
    let variant = Variant::International;
    let w = weights::of(variant);
    let pos = random_game(variant, &mut Rng::new(9), 30)[30];
    let mut terms = Terms::of(&pos, w);
    terms.update(w, &pos, &pos);
    assert_eq!(terms, Terms::of(&pos, w));
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    /// From the terms of any position of the same board (a parent, a sibling, a cousin, a
    /// position of another game) to another's: the same terms as counted anew.
    #[test]
    fn terms_updated_from_another_position_are_its_terms(
        variant in 0..Variant::ALL.len(),
        seed in any::<u64>(),
        a in 0usize..200,
        b in 0usize..200,
    ) {
        let variant = Variant::ALL[variant];
        let w = weights::of(variant);
        let mut rng = Rng::new(seed);
        let game = random_game(variant, &mut rng, 120);
        let other = random_game(variant, &mut rng, 120);
        let from = game[a % game.len()];
        // Half the time a position a few plies on in the same game, else one of the other game.
        let to = if b % 2 == 0 {
            game[(a % game.len() + b % 5).min(game.len() - 1)]
        } else {
            other[b % other.len()]
        };
        let mut terms = Terms::of(&from, w);
        terms.update(w, &from, &to);
        prop_assert_eq!(&terms, &Terms::of(&to, w));
        prop_assert_eq!(
            learned::evaluate_white_with(&to, w, terms.sum()),
            learned::evaluate_white(&to, w)
        );
    }

    /// The search's evaluations, at plies going deeper and back as a search goes, each from
    /// whatever was evaluated before: each the learned score.
    #[test]
    fn evaluations_by_difference_are_the_learned_scores(
        variant in 0..Variant::ALL.len(),
        seed in any::<u64>(),
        steps in prop::collection::vec((0usize..12, 0usize..3), 1..60),
    ) {
        let variant = Variant::ALL[variant];
        let w = weights::of(variant);
        let mut rng = Rng::new(seed);
        let games = [random_game(variant, &mut rng, 100), random_game(variant, &mut rng, 100)];
        let mut incremental = Incremental::default();
        for (i, &(ply, game)) in steps.iter().enumerate() {
            // Plies along one of two games (siblings and cousins where they branch apart), or
            // anywhere in the first.
            let pos = match game {
                2 => games[0][(i * 7 + ply) % games[0].len()],
                g => games[g][ply.min(games[g].len() - 1)],
            };
            prop_assert_eq!(
                incremental.evaluate_white(&pos, w, ply),
                learned::evaluate_white(&pos, w),
                "{} step {} ply {}", variant, i, ply
            );
        }
    }
}
