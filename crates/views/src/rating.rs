//! A player's puzzle rating: Glicko-2 (Mark Glickman, "Example of the Glicko-2 system",
//! 2012, <http://www.glicko.net/glicko/glicko2.pdf>), one rating period per puzzle tried, the
//! puzzle the opponent (its difficulty as a rating with a fixed deviation).
//!
//! Glicko-2 rather than Elo because the deviation says how sure the rating is: a new player's
//! first puzzles move it a lot, a settled player's little, and a player back after a pause
//! (no periods in between here, so it only shrinks) is judged on the evidence. The paper's
//! worked example is the test.

use serde::Serialize;

/// The scale factor between the Glicko and Glicko-2 scales (the paper's 173.7178).
const SCALE: f64 = 173.7178;
/// The system constant τ, which limits how fast the volatility changes (the paper suggests
/// 0.3–1.2; 0.5 is its example's and a common choice).
const TAU: f64 = 0.5;
/// The convergence tolerance of the volatility's iteration (the paper's ε).
const EPSILON: f64 = 0.000_001;

/// A rating on the Glicko scale (1500 a newcomer's), its deviation and its volatility.
#[derive(Clone, Copy, PartialEq, Debug, Serialize)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

impl Default for Rating {
    /// The paper's unrated player: 1500, deviation 350, volatility 0.06.
    fn default() -> Rating {
        Rating {
            rating: 1500.0,
            deviation: 350.0,
            volatility: 0.06,
        }
    }
}

/// One result of a rating period: the opponent's rating and deviation, and the score (1 a
/// win, 0 a loss, 0.5 a draw).
#[derive(Clone, Copy, PartialEq, Debug)]
pub struct Game {
    pub rating: f64,
    pub deviation: f64,
    pub score: f64,
}

fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

fn expected(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
    1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
}

impl Rating {
    /// Whether the fields are numbers a rating can have (a save read back may hold anything).
    pub fn is_sound(&self) -> bool {
        self.rating.is_finite()
            && (0.0..=10_000.0).contains(&self.rating)
            && self.deviation.is_finite()
            && (1.0..=350.0).contains(&self.deviation)
            && self.volatility.is_finite()
            && self.volatility > 0.0
            && self.volatility < 1.0
    }

    /// The rating after one period with `games` (the paper's steps 2–8). Without games only
    /// the deviation grows (step 6), to at most the newcomer's 350.
    pub fn after(&self, games: &[Game]) -> Rating {
        let mu = (self.rating - 1500.0) / SCALE;
        let phi = self.deviation / SCALE;
        let sigma = self.volatility;
        if games.is_empty() {
            let phi_star = (phi * phi + sigma * sigma).sqrt();
            return Rating {
                deviation: (phi_star * SCALE).min(350.0),
                ..*self
            };
        }
        // Step 3: the estimated variance; step 4: the estimated improvement.
        let (mut inv_v, mut sum) = (0.0, 0.0);
        for game in games {
            let mu_j = (game.rating - 1500.0) / SCALE;
            let phi_j = game.deviation / SCALE;
            let e = expected(mu, mu_j, phi_j);
            inv_v += g(phi_j) * g(phi_j) * e * (1.0 - e);
            sum += g(phi_j) * (game.score - e);
        }
        let v = 1.0 / inv_v;
        let delta = v * sum;
        // Step 5: the new volatility, by the Illinois algorithm on f.
        let a = (sigma * sigma).ln();
        let f = |x: f64| {
            let ex = x.exp();
            let d = phi * phi + v + ex;
            ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (TAU * TAU)
        };
        let mut big_a = a;
        let mut big_b = if delta * delta > phi * phi + v {
            (delta * delta - phi * phi - v).ln()
        } else {
            let mut k = 1.0;
            while f(a - k * TAU) < 0.0 {
                k += 1.0;
            }
            a - k * TAU
        };
        let (mut f_a, mut f_b) = (f(big_a), f(big_b));
        // Bounded: the iteration converges in a few dozen steps for any sound input.
        for _ in 0..100 {
            if (big_b - big_a).abs() <= EPSILON {
                break;
            }
            let c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
            let f_c = f(c);
            if f_c * f_b <= 0.0 {
                big_a = big_b;
                f_a = f_b;
            } else {
                f_a /= 2.0;
            }
            big_b = c;
            f_b = f_c;
        }
        let sigma_new = (big_a / 2.0).exp();
        // Steps 6–8: the new deviation and rating, back on the Glicko scale.
        let phi_star = (phi * phi + sigma_new * sigma_new).sqrt();
        let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu_new = mu + phi_new * phi_new * sum;
        Rating {
            rating: mu_new * SCALE + 1500.0,
            deviation: (phi_new * SCALE).min(350.0),
            volatility: sigma_new,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The paper's example: a 1500 (RD 200, σ 0.06) player beats a 1400 (RD 30), loses to a
    /// 1550 (RD 100) and to a 1700 (RD 300): 1464.06, RD 151.52, σ 0.05999.
    #[test]
    fn the_papers_example() {
        let player = Rating {
            rating: 1500.0,
            deviation: 200.0,
            volatility: 0.06,
        };
        let games = [
            Game {
                rating: 1400.0,
                deviation: 30.0,
                score: 1.0,
            },
            Game {
                rating: 1550.0,
                deviation: 100.0,
                score: 0.0,
            },
            Game {
                rating: 1700.0,
                deviation: 300.0,
                score: 0.0,
            },
        ];
        let after = player.after(&games);
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
    }

    #[test]
    fn a_win_raises_a_loss_lowers_and_both_make_it_surer() {
        let new = Rating::default();
        let game = |score| Game {
            rating: 1500.0,
            deviation: 80.0,
            score,
        };
        let won = new.after(&[game(1.0)]);
        let lost = new.after(&[game(0.0)]);
        assert!(
            won.rating > 1600.0 && lost.rating < 1400.0,
            "{won:?} {lost:?}"
        );
        assert!(won.deviation < 350.0 && lost.deviation < 350.0);
        // A settled player moves less for the same result.
        let settled = Rating {
            deviation: 60.0,
            ..new
        };
        assert!(settled.after(&[game(1.0)]).rating - 1500.0 < won.rating - 1500.0);
        // Without games the deviation only grows, to at most 350.
        assert!(settled.after(&[]).deviation > 60.0);
        assert_eq!(new.after(&[]).deviation, 350.0);
    }

    #[test]
    fn unsound_saves_are_told_apart() {
        assert!(Rating::default().is_sound());
        for bad in [
            Rating {
                rating: f64::NAN,
                ..Rating::default()
            },
            Rating {
                deviation: 0.0,
                ..Rating::default()
            },
            Rating {
                volatility: 2.0,
                ..Rating::default()
            },
        ] {
            assert!(!bad.is_sound(), "{bad:?}");
        }
    }
}
