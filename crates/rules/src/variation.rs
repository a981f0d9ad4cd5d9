//! Side lines: moves a player or an annotator tried instead of the game's, kept with the game
//! (PDN's recursive annotation variations, "RAV": a variation in parentheses follows the move it
//! replaces, and may hold variations of its own).
//!
//! A game's main line is its own moves ([`Game`]); each [`Variation`] hangs from a line at a ply
//! and replaces that line's move there. Plies count from the game's start everywhere (a variation
//! at ply 4 starts from the position after four moves, whichever line holds it), so a line's
//! comments and nested variations keep their numbers when a variation is promoted.
//!
//! A place in the tree is a *path*, the indices of the variations taken from the main line down
//! (`[]` the main line, `[1, 0]` the first variation of the main line's second), and a ply.

use crate::game::{Game, GameError};
use crate::mv::Move;
use crate::position::Position;

/// A line of moves that branches off its parent at `at`: its first move is played instead of the
/// parent's move from the position after `at` plies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Variation {
    pub at: usize,
    pub line: Line,
}

/// A side line's moves, with its comments and its own side lines.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Line {
    pub moves: Vec<Move>,
    /// `(plies, text)`: the text stands after that many plies from the game's start; a comment at
    /// the branching ply opens the variation, before its first move.
    pub comments: Vec<(usize, String)>,
    pub variations: Vec<Variation>,
}

impl Variation {
    /// The ply after the variation's last move.
    pub fn end(&self) -> usize {
        self.at + self.line.moves.len()
    }
}

/// Where a move was played in the tree, as [`Game::explore`] tells it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spot {
    pub path: Vec<usize>,
    pub ply: usize,
}

/// A line's parts, the main line's or a variation's, to work on both the same way. `base` is
/// the ply of `moves[0]`.
struct Parts<'a> {
    base: usize,
    moves: &'a mut Vec<Move>,
    comments: &'a mut Vec<(usize, String)>,
    variations: &'a mut Vec<Variation>,
}

impl Game {
    /// The main line's side lines.
    pub fn variations(&self) -> &[Variation] {
        &self.variations
    }

    /// Every move of the line at `path`, from the start: the parent's moves up to each branch,
    /// then the variation's. `None` for a path that names no variation.
    pub fn line_moves(&self, path: &[usize]) -> Option<Vec<Move>> {
        let mut moves = self.moves().to_vec();
        let mut vars = self.variations();
        for &i in path {
            let v = vars.get(i)?;
            if v.at > moves.len() {
                return None;
            }
            moves.truncate(v.at);
            moves.extend_from_slice(&v.line.moves);
            vars = &v.line.variations;
        }
        Some(moves)
    }

    /// The variation at `path` (not the main line, `[]`).
    pub fn variation(&self, path: &[usize]) -> Option<&Variation> {
        let (&last, parents) = path.split_last()?;
        let mut vars = self.variations();
        for &i in parents {
            vars = &vars.get(i)?.line.variations;
        }
        vars.get(last)
    }

    /// The position after `ply` plies of the line at `path`.
    pub fn line_position(&self, path: &[usize], ply: usize) -> Option<Position> {
        let moves = self.line_moves(path)?;
        if ply > moves.len() {
            return None;
        }
        let mut pos = *self.start();
        for m in &moves[..ply] {
            pos.play_unchecked(m);
        }
        Some(pos)
    }

    /// The shortest path that shows the position after `ply` plies of the line at `path`: a
    /// variation's plies up to its branch are its parent's.
    pub fn normalize(&self, path: &[usize], ply: usize) -> Vec<usize> {
        let mut path = path.to_vec();
        while self.variation(&path).is_some_and(|v| ply <= v.at) {
            path.pop();
        }
        path
    }

    /// Plays `m` from the position after `ply` plies of the line at `path`, for study: the line's
    /// own next move is followed, as is a variation that starts with it there; at the end of a
    /// variation the move extends it; anywhere else it opens a new variation. At the end of the
    /// main line it is the game's next move ([`Game::play`]). Returns where the move was played.
    ///
    /// # Errors
    /// The path names no line, the ply is past its end, or the move is illegal there; the game is
    /// unchanged.
    pub fn explore(&mut self, path: &[usize], ply: usize, m: &Move) -> Result<Spot, GameError> {
        let path = self.normalize(path, ply);
        let moves = self.line_moves(&path).ok_or(GameError::NoSuchPly {
            ply,
            recorded: self.moves().len(),
        })?;
        if path.is_empty() && ply == moves.len() {
            self.play(m)?;
            return Ok(Spot { path, ply: ply + 1 });
        }
        let pos = self.line_position(&path, ply).ok_or(GameError::NoSuchPly {
            ply,
            recorded: moves.len(),
        })?;
        let played = pos.listed(m)?;
        if moves.get(ply) == Some(&played) {
            return Ok(Spot { path, ply: ply + 1 });
        }
        let parts = self.parts(&path).expect("the path was checked");
        let mut spot = path.clone();
        if let Some(j) = parts
            .variations
            .iter()
            .position(|v| v.at == ply && v.line.moves.first() == Some(&played))
        {
            spot.push(j);
        } else if !path.is_empty() && ply == moves.len() {
            parts.moves.push(played);
        } else {
            parts.variations.push(Variation {
                at: ply,
                line: Line {
                    moves: vec![played],
                    ..Line::default()
                },
            });
            spot.push(parts.variations.len() - 1);
        }
        Ok(Spot {
            path: spot,
            ply: ply + 1,
        })
    }

    /// Makes the variation at `path` its parent's line from its branch on; the parent's moves
    /// from there become a variation in its place, with their comments and side lines. A main
    /// line changed this way is the game now: a result the players decided is taken back, and
    /// moves that could have been redone are dropped. False for a path that names no variation.
    pub fn promote(&mut self, path: &[usize]) -> bool {
        let Some((&j, parent)) = path.split_last() else {
            return false;
        };
        if self.variation(path).is_none() {
            return false;
        }
        if parent.is_empty() {
            self.drop_redo();
        }
        let parts = self.parts(parent).expect("the variation's parent exists");
        let v = parts.variations.remove(j);
        let cut = v.at - parts.base;
        let old_moves = parts.moves.split_off(cut);
        parts.moves.extend(v.line.moves);
        let (old_comments, kept): (Vec<_>, Vec<_>) = std::mem::take(parts.comments)
            .into_iter()
            .partition(|(after, _)| *after > v.at);
        *parts.comments = kept;
        for (after, text) in v.line.comments {
            add_comment(parts.comments, after, &text);
        }
        let (old_vars, kept): (Vec<_>, Vec<_>) = std::mem::take(parts.variations)
            .into_iter()
            .partition(|w| w.at > v.at);
        *parts.variations = kept;
        parts.variations.extend(v.line.variations);
        if !old_moves.is_empty() {
            let demoted = Variation {
                at: v.at,
                line: Line {
                    moves: old_moves,
                    comments: old_comments,
                    variations: old_vars,
                },
            };
            let at = j.min(parts.variations.len());
            parts.variations.insert(at, demoted);
        }
        if parent.is_empty() {
            self.replay_main_line();
        }
        true
    }

    /// Deletes the variation at `path`, with its own variations. False for a path that names none.
    pub fn delete_variation(&mut self, path: &[usize]) -> bool {
        let Some((&j, parent)) = path.split_last() else {
            return false;
        };
        match self.parts(parent) {
            Some(parts) if j < parts.variations.len() => {
                parts.variations.remove(j);
                true
            }
            _ => false,
        }
    }

    /// The parts of the line at `path`, to change them.
    fn parts(&mut self, path: &[usize]) -> Option<Parts<'_>> {
        let Some((&last, parents)) = path.split_last() else {
            return Some(Parts {
                base: 0,
                moves: &mut self.moves,
                comments: &mut self.comments,
                variations: &mut self.variations,
            });
        };
        let mut vars = &mut self.variations;
        for &i in parents {
            vars = &mut vars.get_mut(i)?.line.variations;
        }
        let v = vars.get_mut(last)?;
        Some(Parts {
            base: v.at,
            moves: &mut v.line.moves,
            comments: &mut v.line.comments,
            variations: &mut v.line.variations,
        })
    }
}

/// Adds a comment at `after` to a line's comments, in order, appended to one already there.
pub(crate) fn add_comment(comments: &mut Vec<(usize, String)>, after: usize, text: &str) {
    let text = text.trim().replace('}', ")");
    if text.is_empty() {
        return;
    }
    match comments.iter_mut().find(|(at, _)| *at == after) {
        Some((_, old)) => {
            old.push(' ');
            old.push_str(&text);
        }
        None => {
            // Kept in order by inserting in place (no sort: it would weigh on the wasm).
            let at = comments.partition_point(|(at, _)| *at < after);
            comments.insert(at, (after, text));
        }
    }
}

#[cfg(test)]
mod tests;
