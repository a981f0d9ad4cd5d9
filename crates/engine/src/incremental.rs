//! The search's learned evaluations by difference. Most positions a search evaluates differ
//! in a few squares from one it evaluated a moment before: the node's parent (a quiescence's
//! stand-pat before its captures), the sibling evaluated last at the same ply, or the
//! grandparent. The local terms, most of the evaluation's work, then change only near those
//! squares ([`Terms::update`]); the dense terms are counted anew. Exact by construction,
//! whichever position it starts from: what it returns is [`learned::evaluate_white`]'s score.

use crate::learned::{self, changed_squares, Terms, Tuned};
use draughts_rules::position::Position;

/// How many plies back a position evaluated earlier may be taken from (0: the same ply).
const PLIES_BACK: usize = 2;

/// A position evaluated at one ply, its weights and its local terms.
#[derive(Clone)]
struct Evaluated {
    pos: Position,
    weights: &'static Tuned,
    terms: Terms,
}

/// Per ply of a search, the last position evaluated there.
#[derive(Clone, Default)]
pub struct Incremental {
    last: Vec<Option<Evaluated>>,
}

impl Incremental {
    /// [`learned::evaluate_white`] of `pos` with `weights`, `ply` plies from the root: from
    /// whichever position evaluated last at this ply or up to [`PLIES_BACK`] before differs in
    /// the fewest squares, with the same weights.
    pub fn evaluate_white(&mut self, pos: &Position, weights: &'static Tuned, ply: usize) -> i32 {
        if self.last.len() <= ply {
            self.last.resize(ply + 1, None);
        }
        let nearest = (ply.saturating_sub(PLIES_BACK)..=ply)
            .filter_map(|p| Some((p, self.last[p].as_ref()?)))
            .filter(|(_, e)| std::ptr::eq(e.weights, weights) && e.pos.variant() == pos.variant())
            .min_by_key(|(p, e)| (changed_squares(&e.pos, pos).count(), ply - p))
            .map(|(p, _)| p);
        match nearest {
            Some(p) => {
                if p != ply {
                    let from = self.last[p].clone();
                    self.last[ply] = from;
                }
                let e = self.last[ply].as_mut().expect("the nearest evaluated");
                e.terms.update(weights, &e.pos, pos);
                e.pos = *pos;
            }
            None => {
                self.last[ply] = Some(Evaluated {
                    pos: *pos,
                    weights,
                    terms: Terms::of(pos, weights),
                })
            }
        }
        let e = self.last[ply].as_ref().expect("just evaluated");
        learned::evaluate_white_with(pos, weights, e.terms.sum())
    }
}
