//! Fitting the learned evaluation ([`draughts_engine::learned`]) to data, offline: the library side of
//! `draughts tune gen | pdn | fit`.
//!
//! - **Data.** Generated with the hand-made evaluation (the search's and the capture leaves'),
//!   so that the same command gives the same data whatever weights are in the tree; or, for
//!   stronger games, self-play with learned weights named by a file (`tune gen --weights`). Quiet positions (no capture pending: where one is, the leaf of the capture
//!   sequence both sides would choose) with the game's result, from self-play at a small node
//!   budget after a few random opening plies ([`self_play`]) and from game records
//!   ([`from_records`]). One position a line: `game<TAB>result<TAB>score<TAB>FEN`, the result
//!   from White's point of view (1, 0.5, 0), the score the playing engine found (White's,
//!   hundredths of a man; `-` for records).
//! - **Fit.** Texel tuning: the mean squared error between `sigmoid(K · eval)` and the label
//!   (the result, or a mix with the engine's score), with `K` fitted first to the hand-made
//!   evaluation, then the weights by full-batch Adam from the hand-made values, with a light
//!   pull towards them so that rarely seen squares keep sane values. Every tenth game is held
//!   out and reported, never fitted. Deterministic: the same data gives the same weights.

use draughts_engine::eval::{self, Evaluator, Weights, MAN};
use draughts_engine::learned::{self, Tuned, DENSE, REGION, SCALE};
use draughts_engine::{Engine, Limits, Rng, MAX_DEPTH, WIN_BOUND};
use draughts_rules::fast;
use draughts_rules::game::{Game, Status};
use draughts_rules::position::Position;
use draughts_rules::square::Color;
use draughts_rules::variant::{Goal, Variant};
use std::fmt::Write as _;
use std::io::{self, Write};

/// A position scored for the side to move by `evaluator` together with the quiet position
/// where the capture sequence from it ends (itself when no capture is pending).
fn quiet_leaf(pos: &Position, depth: u32, evaluator: &Evaluator) -> (i32, Position) {
    if depth == 0 || !fast::has_capture(pos) {
        return (evaluator.evaluate(pos), *pos);
    }
    let mut best = (i32::MIN, *pos);
    for m in fast::legal_moves(pos) {
        let mut child = *pos;
        child.play_unchecked(&m);
        let (s, leaf) = quiet_leaf(&child, depth - 1, evaluator);
        if -s > best.0 {
            best = (-s, leaf);
        }
    }
    best
}

/// The quiet position at the end of the captures pending in `pos`, as both sides would choose
/// them by `evaluator` (see the module's doc).
pub fn quiet(pos: &Position, evaluator: &Evaluator) -> Position {
    quiet_leaf(pos, 24, evaluator).1
}

/// Whether the fit learns from `pos`: a quiet position with moves whose score no rule decides
/// (what `tune label` asks a teacher about too).
pub fn fittable(pos: &Position) -> bool {
    !eval::is_rule_scored(pos) && !fast::has_capture(pos) && !fast::legal_moves(pos).is_empty()
}

/// A game's result from White's point of view, if it has one.
fn white_result(status: Status) -> Option<f32> {
    match status {
        Status::Win { winner, .. } => Some(if winner == Color::White { 1.0 } else { 0.0 }),
        Status::Draw { .. } => Some(0.5),
        Status::Ongoing => None,
    }
}

/// What [`self_play`] plays.
#[derive(Clone, Copy, Debug)]
pub struct SelfPlay {
    pub variant: Variant,
    pub games: usize,
    /// Node budget per move.
    pub nodes: u64,
    pub seed: u64,
    /// Games still going after this many plies count as draws.
    pub max_plies: usize,
    /// What the games are played with (and their capture sequences settled by): the
    /// hand-made evaluation, so that the data does not depend on the weights it will replace;
    /// or learned weights, for stronger games whose data depends on them.
    pub evaluator: Evaluator,
}

/// Plays `opts.games` games of the engine against itself, each from 4–10 random plies, and
/// writes their quiet positions with the result. Returns the number of positions written.
/// Game `g` depends only on the seed and `g`, so a longer run extends a shorter one.
///
/// # Errors
/// Writing to `out` failed.
pub fn self_play(
    opts: &SelfPlay,
    out: &mut impl Write,
    mut progress: impl FnMut(usize, usize),
) -> io::Result<usize> {
    let mut engine = Engine::new(8);
    engine.set_evaluator(opts.evaluator);
    let mut written = 0;
    let mut lines = String::new();
    for g in 0..opts.games {
        let mut rng = Rng::new(opts.seed ^ (g as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15));
        let mut game = Game::new(opts.variant);
        for _ in 0..4 + rng.below(7) {
            if game.status().is_over() {
                break;
            }
            let Some(m) = draughts_engine::random_move(game.position(), &mut rng) else {
                break;
            };
            game.play(&m).expect("a listed move is legal");
        }
        engine.clear();
        lines.clear();
        let mut rows = Vec::new();
        while !game.status().is_over() && game.moves().len() < opts.max_plies {
            let pos = *game.position();
            let history = draughts_engine::game_history(&game);
            let limits = Limits {
                depth: Some(MAX_DEPTH),
                nodes: Some(opts.nodes),
                ..Default::default()
            };
            let Some(r) = engine.search(&pos, &history, &limits) else {
                break;
            };
            let score = r.score.clamp(-WIN_BOUND, WIN_BOUND);
            let white = if pos.turn() == Color::White {
                score
            } else {
                -score
            };
            rows.push((quiet(&pos, &opts.evaluator), white));
            game.play(&r.best).expect("the engine plays legal moves");
        }
        let result = white_result(game.status()).unwrap_or(0.5);
        for (pos, score) in rows {
            writeln!(
                lines,
                "{g}\t{result}\t{score}\t{}",
                draughts_rules::fen::write_fen(&pos)
            )
            .expect("writing to a String");
            written += 1;
        }
        out.write_all(lines.as_bytes())?;
        progress(g + 1, written);
    }
    Ok(written)
}

/// Writes the quiet positions of every game in PDN `text` that replays under `variant` and has
/// a result (their captures settled by the hand-made evaluation), numbering games from
/// `first_game`. Returns (games used, positions written).
///
/// # Errors
/// Writing to `out` failed.
pub fn from_records(
    text: &str,
    variant: Variant,
    first_game: usize,
    out: &mut impl Write,
) -> io::Result<(usize, usize)> {
    let (mut games, mut written) = (0, 0);
    let mut lines = String::new();
    for record in draughts_rules::pdn::parse_each_game(text)
        .into_iter()
        .flatten()
    {
        if record.variant(variant).ok() != Some(variant) {
            continue;
        }
        let Ok(game) = record.replay(variant) else {
            continue;
        };
        let Some(result) = white_result(game.status()) else {
            continue;
        };
        let id = first_game + games;
        games += 1;
        lines.clear();
        for pos in game.positions() {
            if fast::legal_moves(pos).is_empty() {
                continue;
            }
            let leaf = quiet(pos, &Evaluator::HandMade);
            writeln!(
                lines,
                "{id}\t{result}\t-\t{}",
                draughts_rules::fen::write_fen(&leaf)
            )
            .expect("writing to a String");
            written += 1;
        }
        out.write_all(lines.as_bytes())?;
    }
    Ok((games, written))
}

/// Positions ready for fitting: sparse features, phase and label, the held-out ones apart.
#[derive(Default)]
pub struct Dataset {
    /// Feature `i` of sample `k` is `index[start[k] + i]` with value `value[start[k] + i]`.
    start: Vec<u32>,
    index: Vec<u32>,
    value: Vec<i16>,
    /// Share of men left, 0–1.
    phase: Vec<f32>,
    /// What the fit aims at: the result, or a mix with the score (see [`Dataset::mix_scores`]).
    label: Vec<f32>,
    result: Vec<f32>,
    /// The playing engine's score, White's point of view; NaN where there is none.
    score: Vec<f32>,
    /// The hand-made evaluation, White's point of view, for the comparison.
    hand_made: Vec<f32>,
    held_out: Vec<bool>,
    pub skipped: usize,
    /// Whether the regions' patterns are features too (set before reading).
    pub regions: bool,
}

impl Dataset {
    pub fn len(&self) -> usize {
        self.label.len()
    }

    pub fn is_empty(&self) -> bool {
        self.label.is_empty()
    }

    pub fn held_out_len(&self) -> usize {
        self.held_out.iter().filter(|&&h| h).count()
    }

    /// Labels each position `lambda` parts its game's result and `1 - lambda` parts the
    /// engine's score through `sigmoid(k · score)`, where there is a score.
    pub fn mix_scores(&mut self, lambda: f32, k: f32) {
        for i in 0..self.len() {
            let s = self.score[i];
            self.label[i] = if s.is_nan() {
                self.result[i]
            } else {
                lambda * self.result[i] + (1.0 - lambda) * sigmoid(k * s)
            };
        }
    }

    /// Reads data lines of `variant` (see the module's doc), labelled by the game result.
    ///
    /// # Errors
    /// A malformed line, with its number.
    pub fn read(&mut self, text: &str, variant: Variant) -> Result<(), String> {
        for (n, line) in text.lines().enumerate() {
            let bad = |what: &str| format!("line {}: {what}", n + 1);
            let mut cols = line.split('\t');
            let (Some(game), Some(result), Some(score), Some(fen)) =
                (cols.next(), cols.next(), cols.next(), cols.next())
            else {
                return Err(bad("expected game, result, score and FEN"));
            };
            let game: u64 = game.parse().map_err(|_| bad("bad game number"))?;
            let result: f32 = result.parse().map_err(|_| bad("bad result"))?;
            let pos =
                draughts_rules::fen::parse_fen(fen, variant).map_err(|e| bad(&e.to_string()))?;
            if !fittable(&pos) {
                self.skipped += 1;
                continue;
            }
            let score = match score {
                "-" => f32::NAN,
                s => s.parse().map_err(|_| bad("bad score"))?,
            };
            self.start.push(self.index.len() as u32);
            learned::visit(&pos, self.regions, |i, v| {
                self.index.push(i as u32);
                self.value.push(v as i16);
            });
            self.phase.push(learned::phase(&pos) as f32 / 256.0);
            self.label.push(result);
            self.result.push(result);
            self.score.push(score);
            let hand = Evaluator::HandMade.evaluate(&pos);
            self.hand_made.push(if pos.turn() == Color::White {
                hand as f32
            } else {
                -hand as f32
            });
            self.held_out.push(game % 10 == 0);
        }
        Ok(())
    }

    fn features(&self, k: usize) -> impl Iterator<Item = (usize, f32)> + '_ {
        let a = self.start[k] as usize;
        let b = self
            .start
            .get(k + 1)
            .map_or(self.index.len(), |&b| b as usize);
        (a..b).map(|i| (self.index[i] as usize, self.value[i] as f32))
    }

    /// White's evaluation of sample `k` with weights `w` (open weights, then end weights).
    fn eval(&self, k: usize, w: &[f32]) -> f32 {
        let n = w.len() / 2;
        let (mut open, mut end) = (0.0, 0.0);
        for (i, v) in self.features(k) {
            open += v * w[i];
            end += v * w[n + i];
        }
        let p = self.phase[k];
        open * p + end * (1.0 - p)
    }
}

fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}

/// Mean squared errors of evaluations `e(k)` with scale `k`: on the training positions against
/// their labels, on the held-out ones against the game results (whatever the labels mix).
fn errors(d: &Dataset, k: f32, e: impl Fn(usize) -> f32) -> (f64, f64) {
    let mut sum = [0.0f64; 2];
    let mut count = [0usize; 2];
    for i in 0..d.len() {
        let h = d.held_out[i] as usize;
        let target = if d.held_out[i] {
            d.result[i]
        } else {
            d.label[i]
        };
        let err = (sigmoid(k * e(i)) - target) as f64;
        sum[h] += err * err;
        count[h] += 1;
    }
    (
        sum[0] / count[0].max(1) as f64,
        sum[1] / count[1].max(1) as f64,
    )
}

/// The `K` with which the hand-made evaluation best predicts the training labels (golden
/// section search).
pub fn fit_k(d: &Dataset) -> f32 {
    let err = |k: f32| errors(d, k, |i| d.hand_made[i]).0;
    let (mut a, mut b) = (0.0005f32, 0.05f32);
    let r = 0.618_034f32;
    let (mut c, mut e) = (b - r * (b - a), a + r * (b - a));
    let (mut fc, mut fe) = (err(c), err(e));
    for _ in 0..40 {
        if fc < fe {
            b = e;
            e = c;
            fe = fc;
            c = b - r * (b - a);
            fc = err(c);
        } else {
            a = c;
            c = e;
            fc = fe;
            e = a + r * (b - a);
            fe = err(e);
        }
    }
    (a + b) / 2.0
}

/// The hand-made evaluation's weights in the learned one's terms (hundredths of a man, open
/// then end): the starting point of the fit, and the anchor of its regularisation.
pub fn hand_made_weights(variant: Variant) -> Vec<f32> {
    let w = Weights::of(variant);
    let g = Position::new(variant).geometry();
    let (s, n) = (g.squares() as usize, g.size());
    let len = Tuned::len_for(s);
    let mut out = vec![0.0f32; 2 * len];
    let dense = |name: &str| 2 * s + DENSE.iter().position(|&d| d == name).expect("a feature");
    match variant.rules().goal {
        Goal::Standard => {}
        // Antidraughts' hand-made evaluation: each man −1, each king −2, each move −0.03.
        Goal::Losing => {
            for i in 0..s {
                for phase in [0, len] {
                    out[phase + i] = -MAN as f32;
                    out[phase + s + i] = -2.0 * MAN as f32;
                }
            }
            out[dense("mobility")] = -3.0;
            out[len + dense("mobility")] = -3.0;
            return out;
        }
        // Breakthrough's: each piece 1, each man's rows advanced squared × 0.02 (the leading
        // man's extra, not a sum over squares, is left to the fit), each move 0.02.
        Goal::FirstKing => {
            for sq in g.all_squares() {
                let i = sq.index() as usize;
                let adv = g.advance(sq, Color::White) as i32;
                for phase in [0, len] {
                    out[phase + i] = (MAN + 2 * adv * adv) as f32;
                    out[phase + s + i] = MAN as f32;
                }
            }
            out[dense("mobility")] = 2.0;
            out[len + dense("mobility")] = 2.0;
            return out;
        }
    }
    for sq in g.all_squares() {
        let i = sq.index() as usize;
        let (row, col) = (g.row(sq), g.col(sq));
        let adv = g.advance(sq, Color::White) as usize;
        let centre = if (2..=n - 3).contains(&col) && (n / 2 - 2..=n / 2 + 1).contains(&row) {
            w.centre
        } else {
            0
        };
        let guard = if adv == 0 { w.back_guard } else { 0 };
        out[i] = (MAN + w.adv_open[adv] + centre + guard) as f32;
        out[len + i] = (MAN + w.adv_end[adv] + centre) as f32;
        let diagonal = if row + col == n - 1 {
            w.king_long_diagonal
        } else {
            0
        };
        out[s + i] = (w.king + diagonal) as f32;
        out[len + s + i] = (w.king + diagonal) as f32;
    }
    let runaway = ((w.king - MAN) * 3 / 5) as f32;
    for (name, value) in [
        ("mobility", w.mobility as f32),
        ("runaways", runaway),
        ("runaway_rows", -12.0),
        ("men_lead_per_piece", 6.0 * MAN as f32 / 32.0),
        ("kings_lead_per_piece", 6.0 * w.king as f32 / 32.0),
    ] {
        out[dense(name)] = value;
        out[len + dense(name)] = value;
    }
    out
}

/// How [`fit`] runs.
#[derive(Clone, Copy, Debug)]
pub struct FitOptions {
    pub iterations: usize,
    /// Adam's step, in hundredths of a man.
    pub rate: f32,
    /// Pull towards the hand-made weights (added to the error per squared hundredth).
    pub regularisation: f32,
    /// Pull of the regions' weights towards zero: each configuration is seen in few
    /// positions, so the pull decides how far the data may move it. Chosen by play: without
    /// it the held-out error is lowest, but the search seeks out the rare configurations
    /// whose weights fitted noise (International lost 98 Elo).
    pub region_regularisation: f32,
    /// Weights to start from and pull towards instead of the hand-made ones (with regions
    /// exactly when the data has them): a fine-tuning of weights already played, e.g. on a
    /// stronger engine's scores (`draughts tune label`).
    pub from: Option<&'static Tuned>,
}

impl Default for FitOptions {
    fn default() -> Self {
        FitOptions {
            iterations: 300,
            rate: 2.0,
            regularisation: 1e-7,
            region_regularisation: 3e-9,
            from: None,
        }
    }
}

/// The weights `t` in [`fit`]'s terms (hundredths of a man; open, its regions, end, its
/// regions): the inverse of [`tuned`].
pub fn weights_of(t: &Tuned) -> Vec<f32> {
    let unit = |x: &i16| f32::from(*x) / SCALE as f32;
    let all_regions = t.regions();
    let regions = |phase: usize| all_regions.iter().skip(phase).step_by(2).map(unit);
    let mut out: Vec<f32> = t.open().iter().map(unit).collect();
    out.extend(regions(0));
    out.extend(t.end().iter().map(unit));
    out.extend(regions(1));
    out
}

/// The outcome of [`fit`]: the weights (hundredths of a man, open then end) and the errors.
#[derive(Clone, Debug)]
pub struct Fit {
    pub k: f32,
    pub weights: Vec<f32>,
    /// Mean squared errors (training, held out) of the hand-made evaluation…
    pub hand_made: (f64, f64),
    /// …of the starting weights (the hand-made ones, mapped, or [`FitOptions::from`])…
    pub start: (f64, f64),
    /// …and of the fitted weights.
    pub fitted: (f64, f64),
}

/// Fits the learned evaluation's weights to `d` (see the module's doc).
pub fn fit(
    d: &Dataset,
    variant: Variant,
    k: f32,
    opts: &FitOptions,
    mut progress: impl FnMut(usize, f64),
) -> Fit {
    let g = Position::new(variant).geometry();
    let base = Tuned::len_for(g.squares() as usize);
    // Each region weight's tied partner (see `learned::region_partner`), by offset.
    let partners: Vec<usize> = if d.regions {
        (0..learned::regions(g) * REGION)
            .map(|i| {
                let (r, x) = learned::region_partner(g, i / REGION, i % REGION);
                r * REGION + x
            })
            .collect()
    } else {
        Vec::new()
    };
    let anchor = match opts.from {
        Some(t) => {
            assert_eq!(
                t.has_regions(),
                d.regions,
                "weights and data differ in regions"
            );
            weights_of(t)
        }
        None => {
            let mut anchor = hand_made_weights(variant);
            if d.regions {
                // The regions' weights start at zero, after each phase's other weights.
                let extra = learned::regions(g) * REGION;
                anchor.splice(base..base, std::iter::repeat_n(0.0, extra));
                anchor.extend(std::iter::repeat_n(0.0, extra));
            }
            anchor
        }
    };
    let mut w = anchor.clone();
    let n = w.len();
    let half = n / 2;
    let hand_made = errors(d, k, |i| d.hand_made[i]);
    let start = errors(d, k, |i| d.eval(i, &w));
    let (mut m, mut v) = (vec![0.0f64; n], vec![0.0f64; n]);
    let (b1, b2, eps) = (0.9f64, 0.999f64, 1e-12f64);
    let train = d.held_out.iter().filter(|&&h| !h).count().max(1) as f64;
    let mut grad = vec![0.0f64; n];
    for it in 0..opts.iterations {
        // The step shrinks linearly to a tenth, so the last passes settle rather than wander.
        let rate = opts.rate as f64 * (1.0 - 0.9 * it as f64 / opts.iterations as f64);
        grad.iter_mut().for_each(|g| *g = 0.0);
        let mut loss = 0.0f64;
        for i in 0..d.len() {
            if d.held_out[i] {
                continue;
            }
            let p = sigmoid(k * d.eval(i, &w));
            let err = p - d.label[i];
            loss += (err * err) as f64;
            let g = (2.0 * err * p * (1.0 - p) * k) as f64 / train;
            let ph = d.phase[i] as f64;
            for (j, x) in d.features(i) {
                grad[j] += g * x as f64 * ph;
                grad[half + j] += g * x as f64 * (1.0 - ph);
            }
        }
        // A region weight and its partner are one parameter, opposite in sign: both follow
        // the difference of their gradients (and Adam's moments stay opposite too).
        for phase in [0, half] {
            for (i, &p) in partners.iter().enumerate() {
                let (a, b) = (phase + base + i, phase + base + p);
                if a < b {
                    let tied = grad[a] - grad[b];
                    grad[a] = tied;
                    grad[b] = -tied;
                } else if a == b {
                    grad[a] = 0.0;
                }
            }
        }
        for j in 0..n {
            let pull = if j % half >= base {
                opts.region_regularisation
            } else {
                opts.regularisation
            };
            let g = grad[j] + 2.0 * pull as f64 * (w[j] - anchor[j]) as f64;
            m[j] = b1 * m[j] + (1.0 - b1) * g;
            v[j] = b2 * v[j] + (1.0 - b2) * g * g;
            let mh = m[j] / (1.0 - b1.powi(it as i32 + 1));
            let vh = v[j] / (1.0 - b2.powi(it as i32 + 1));
            w[j] -= (rate * mh / (vh.sqrt() + eps)) as f32;
        }
        progress(it + 1, loss / train);
    }
    // What is played is rounded to thousandths of a man: measure that.
    let rounded: Vec<f32> = w
        .iter()
        .map(|x| (x * SCALE as f32).round() / SCALE as f32)
        .collect();
    let fitted = errors(d, k, |i| d.eval(i, &rounded));
    Fit {
        k,
        weights: rounded,
        hand_made,
        start,
        fitted,
    }
}

/// The weights of `fit` for `variant`, rounded to thousandths of a man, as the engine holds
/// them.
pub fn tuned(variant: Variant, fit: &Fit) -> Tuned {
    let s = Position::new(variant).geometry().squares() as usize;
    let base = Tuned::len_for(s);
    let half = fit.weights.len() / 2;
    // What is stored: thousandths of a man, rounded.
    let q = |w: &[f32]| -> Box<[i16]> {
        w.iter()
            .map(|&x| (x * SCALE as f32).round().clamp(-32000.0, 32000.0) as i16)
            .collect()
    };
    // The regions' weights: open and end side by side, a configuration's pair after another.
    let (open, end) = (&fit.weights[base..half], &fit.weights[half + base..]);
    let regions: Vec<f32> = open.iter().zip(end).flat_map(|(&o, &e)| [o, e]).collect();
    Tuned::new(
        s,
        &q(&fit.weights[..base]),
        &q(&fit.weights[half..half + base]),
        &q(&regions),
    )
}

/// The weights file (`crates/engine/weights/<variant>.weights`, the engine's
/// [`draughts_engine::weights::file`] format) for `fit`; `command` and `about` go into its
/// provenance text with the errors.
pub fn weights_file(variant: Variant, fit: &Fit, command: &str, about: &str) -> Vec<u8> {
    let text = format!(
        "Learned evaluation weights for {}, in thousandths of a man. Generated by\n\
         `{command}`.\n\
         {about}\n\
         Mean squared error, held-out positions: hand-made evaluation {:.5}, fitted {:.5}\n\
         (training {:.5} → {:.5}); K = {:.6}.",
        variant.title(),
        fit.hand_made.1,
        fit.fitted.1,
        fit.hand_made.0,
        fit.fitted.0,
        fit.k,
    );
    draughts_engine::weights::encode(variant, &text, &tuned(variant, fit))
}
