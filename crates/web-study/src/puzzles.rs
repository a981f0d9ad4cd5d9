//! The puzzle trainer across the boundary (www/puzzles.js): a variant's set read once, the next
//! puzzle for a rating, a try at it, hints and the rating after. The rules are
//! `draughts_views::training`'s; moves cross as indices into the position's legal moves in the
//! canonical order the page's own module lists them in, so a move's index means the same move
//! on both sides.
//!
//! ```js
//! const t = new PuzzleTrainer("international", setText);  // throws on a line that does not read
//! const i = t.next(rating, solvedIds, seed);               // a puzzle's index, or undefined
//! t.start(i);      // { id, fen, player, theme, difficulty, toFind }
//! t.play(index);   // { outcome: "right" | "wrong" | "over", reply, solved, missed, found }
//! t.hint();        // the index of the move to find (the try is missed from then on)
//! t.rate(1500, 350, 0.06, true);  // { rating, deviation, volatility } after the try
//! ```

use draughts_rules::{Move, Position};
use draughts_views::snapshot::ordered_moves;
use draughts_views::training::{difficulty, id, Attempt, Outcome};
use serde::Serialize;

/// The index of `m` among `pos`'s legal moves in canonical order.
pub fn index_of(pos: &Position, m: &Move) -> Option<usize> {
    ordered_moves(pos.legal_moves())
        .iter()
        .position(|o| o.same_as(m))
}

/// A puzzle as the page shows it.
#[derive(Serialize)]
pub struct Shown {
    pub id: String,
    pub fen: String,
    /// `"white"` or `"black"`: the side the player plays.
    pub player: &'static str,
    /// `shot1`…, `breakthrough`, `ending`, `mistake`.
    pub theme: String,
    /// The difficulty as a rating, rounded.
    pub difficulty: i32,
    /// The player's moves to find.
    pub to_find: usize,
}

pub fn shown(a: &Attempt) -> Shown {
    let p = a.puzzle();
    Shown {
        id: id(p),
        fen: p.fen(),
        player: p.position.turn().name(),
        theme: p.theme.code(),
        difficulty: difficulty(p).round() as i32,
        to_find: a.moves_to_find(),
    }
}

/// What a move did: `{ outcome, reply, solved, missed, found }`, `reply` the defender's answer
/// as an index into the legal moves after the player's move.
#[derive(Serialize)]
pub struct Played {
    pub outcome: &'static str,
    pub reply: Option<usize>,
    pub solved: bool,
    pub missed: bool,
    /// The player's moves found so far.
    pub found: usize,
}

/// Plays the legal move `index` of the try's position.
pub fn play(a: &mut Attempt, index: usize) -> Option<Played> {
    let pos = *a.position();
    let m = *ordered_moves(pos.legal_moves()).get(index)?;
    let outcome = a.play(&m);
    let (name, reply) = match outcome {
        Outcome::Right { reply, .. } => {
            let mut after = pos;
            after.play_unchecked(&m);
            ("right", reply.and_then(|r| index_of(&after, &r)))
        }
        Outcome::Wrong => ("wrong", None),
        Outcome::Over => ("over", None),
    };
    Some(Played {
        outcome: name,
        reply,
        solved: a.solved(),
        missed: a.missed(),
        found: a.moves_found(),
    })
}

#[cfg(target_arch = "wasm32")]
mod web {
    use super::*;
    use draughts_engine::puzzles::Puzzle;
    use draughts_rules::Variant;
    use draughts_views::convert::{plain, to_js};
    use draughts_views::rating::Rating;
    use draughts_views::training::{pick, rate, read_set};
    use wasm_bindgen::prelude::*;

    /// A variant's puzzles and the try in progress.
    #[wasm_bindgen]
    pub struct PuzzleTrainer {
        puzzles: Vec<Puzzle>,
        attempt: Option<Attempt>,
    }

    #[wasm_bindgen]
    impl PuzzleTrainer {
        /// # Errors
        /// An unknown variant, or the set's first line that does not read (with its number).
        #[wasm_bindgen(constructor)]
        pub fn new(variant: &str, text: &str) -> Result<PuzzleTrainer, JsValue> {
            let v = Variant::from_name(variant)
                .ok_or_else(|| plain(&format!("unknown variant \"{variant}\"")))?;
            let puzzles = read_set(text, v).map_err(|e| plain(&e.to_string()))?;
            Ok(PuzzleTrainer {
                puzzles,
                attempt: None,
            })
        }

        pub fn count(&self) -> usize {
            self.puzzles.len()
        }

        /// Every puzzle's id, in the set's order.
        pub fn ids(&self) -> Vec<String> {
            self.puzzles.iter().map(id).collect()
        }

        /// The next puzzle for a player rated `rating`, the ids in `solved` left for last.
        pub fn next(&self, rating: f64, solved: Vec<String>, seed: u32) -> Option<usize> {
            pick(
                &self.puzzles,
                rating,
                |i| solved.iter().any(|s| s == i),
                seed,
            )
        }

        /// Starts a try at puzzle `index` (again, for a retry).
        ///
        /// # Errors
        /// No such puzzle.
        pub fn start(&mut self, index: usize) -> Result<JsValue, JsValue> {
            let p = self
                .puzzles
                .get(index)
                .ok_or_else(|| plain("no such puzzle"))?;
            let a = Attempt::new(p.clone());
            let out = to_js(&shown(&a));
            self.attempt = Some(a);
            Ok(out)
        }

        /// Plays the legal move `index` of the try's position.
        ///
        /// # Errors
        /// No try started, or no such move.
        pub fn play(&mut self, index: usize) -> Result<JsValue, JsValue> {
            let a = self
                .attempt
                .as_mut()
                .ok_or_else(|| plain("no puzzle started"))?;
            let played = super::play(a, index).ok_or_else(|| plain("no such move"))?;
            Ok(to_js(&played))
        }

        /// The index of the move to find now (the try counts as missed from then on);
        /// `undefined` once solved.
        pub fn hint(&mut self) -> Option<usize> {
            let a = self.attempt.as_mut()?;
            let m = a.hint()?;
            index_of(a.position(), &m)
        }

        /// The solution's moves from the start, as indices of each position's legal moves
        /// (the tests play them by taps).
        pub fn line(&self) -> Vec<usize> {
            let Some(a) = &self.attempt else {
                return Vec::new();
            };
            let mut pos = a.puzzle().position;
            let mut out = Vec::new();
            for m in &a.puzzle().solution {
                out.extend(index_of(&pos, m));
                pos.play_unchecked(m);
            }
            out
        }

        /// The player's rating after the try (`won`: solved without a miss or a hint); an
        /// unsound rating (a damaged save) counts as a newcomer's.
        pub fn rate(&self, rating: f64, deviation: f64, volatility: f64, won: bool) -> JsValue {
            let mut r = Rating {
                rating,
                deviation,
                volatility,
            };
            if !r.is_sound() {
                r = Rating::default();
            }
            match &self.attempt {
                Some(a) => to_js(&rate(r, a.puzzle(), won)),
                None => to_js(&r),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_rules::Variant;
    use draughts_views::training::read_set;

    #[test]
    fn moves_cross_as_canonical_indices() {
        let set = "international\tW:W28,33:B8,9\t28-22 9-14 33-29\tshot2";
        let p = read_set(set, Variant::International).unwrap().remove(0);
        let mut a = Attempt::new(p.clone());
        let s = shown(&a);
        assert_eq!(
            (s.player, s.to_find, s.theme.as_str()),
            ("white", 2, "shot2")
        );
        let first = index_of(&p.position, &p.solution[0]).unwrap();
        let wrong = (0..4).find(|&i| i != first).unwrap();
        assert_eq!(play(&mut a, wrong).unwrap().outcome, "wrong");
        assert!(play(&mut a, 99).is_none(), "no such move");
        let right = play(&mut a, first).unwrap();
        assert_eq!(right.outcome, "right");
        let mut after = p.position;
        after.play_unchecked(&p.solution[0]);
        assert_eq!(right.reply, index_of(&after, &p.solution[1]));
        assert!(right.missed && !right.solved);
    }
}
