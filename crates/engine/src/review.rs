//! Looking at a game with the engine: a continuous [`Analysis`] of one position (deeper and
//! deeper, the transposition table kept between depths), a [`Review`] of every position of a
//! game, and the [`judge`]ment of a move by what it lost against the engine's best.
//!
//! ```
//! use draughts_engine::review::{judge, Judgement};
//!
//! assert_eq!(judge(20), Judgement::Good);
//! assert_eq!(judge(60), Judgement::Inaccuracy);
//! assert_eq!(judge(250), Judgement::Blunder);
//! ```

use super::puzzles::{Puzzle, Theme};
use super::search::{Engine, Limits, Lines, EGDB_BOUND, EGDB_WIN, WIN, WIN_BOUND};
use draughts_rules::game::{DrawReason, Game, Status, WinReason};
use draughts_rules::mv::Move;
use draughts_rules::notation;
use draughts_rules::square::Color;

/// What a move lost, in hundredths of a man, from which it counts as an inaccuracy, a mistake
/// and a blunder. Chess programs judge by the same loss against the engine's best move: Lichess's
/// analysis used 50, 100 and 300 centipawns (`?!`, `?`, `??`) before moving to win chances. A
/// draughts man is the only unit of material and losing one cleanly is usually decisive between
/// equal players, so the blunder threshold is two men rather than a chess minor piece's three
/// pawns; the first two are kept.
pub const INACCURACY: i32 = 50;
/// See [`INACCURACY`].
pub const MISTAKE: i32 = 100;
/// See [`INACCURACY`].
pub const BLUNDER: i32 = 200;

/// Scores are capped here before a loss is measured (ten men): a forced win counts as this
/// much, so keeping a forced win (a slower one) loses nothing and throwing one away loses a lot.
pub const CAP: i32 = 1000;

/// The review's depth by default. A 60-move game of random moves (many captures, so deep
/// quiescence) took 0.8 s natively at 8 plies, 4.8 s at 10 and 27 s at 12; in Chromium on this
/// project's 2-core test machine 1.1 s at 8. At 10, a phone a few times slower than that
/// machine stays well under a minute.
pub const REVIEW_DEPTH: u32 = 10;

/// How a move compares with the engine's best.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub enum Judgement {
    Good,
    Inaccuracy,
    Mistake,
    Blunder,
}

impl Judgement {
    /// `"good"`, `"inaccuracy"`, `"mistake"`, `"blunder"`.
    pub fn name(self) -> &'static str {
        ["good", "inaccuracy", "mistake", "blunder"][self as usize]
    }

    /// The annotation symbol of PDN and chess notation: `""`, `?!`, `?`, `??`.
    pub fn symbol(self) -> &'static str {
        ["", "?!", "?", "??"][self as usize]
    }
}

/// Judges a move by `loss`, the hundredths of a man it gave away against the best move (see
/// [`INACCURACY`] for the thresholds).
pub fn judge(loss: i32) -> Judgement {
    match loss {
        l if l >= BLUNDER => Judgement::Blunder,
        l if l >= MISTAKE => Judgement::Mistake,
        l if l >= INACCURACY => Judgement::Inaccuracy,
        _ => Judgement::Good,
    }
}

/// A score with forced wins and losses capped at ±[`CAP`].
pub fn capped(score: i32) -> i32 {
    if score > WIN_BOUND {
        CAP
    } else if score < -WIN_BOUND {
        -CAP
    } else {
        score.clamp(-CAP, CAP)
    }
}

/// What playing a move worth `played` lost against the best, worth `best` (both for the mover).
pub fn loss(best: i32, played: i32) -> i32 {
    (capped(best) - capped(played)).max(0)
}

/// A score of this size (four men) fills an evaluation chart; forced results count as more.
pub const CHART_SPAN: i32 = 400;

/// White's score on a chart's scale, -1 (Black winning) to 1 (White winning).
pub fn chart_value(white: i32) -> f64 {
    f64::from(capped(white).clamp(-CHART_SPAN, CHART_SPAN)) / f64::from(CHART_SPAN)
}

/// A score for White (hundredths of a man; beyond ±29,000 a forced result) in words:
/// `"+0.35"`, `"-1.20"`, `"0.00"`, `"White wins in 3"` (moves of the winner).
/// [`score_text`] as a message, for the page to say in its language.
pub fn score_message(white: i32) -> draughts_rules::message::Message {
    use draughts_rules::message::Message;
    if white.abs() > WIN_BOUND {
        let side = if white > 0 {
            Color::White
        } else {
            Color::Black
        };
        return Message::new("eval.wins-in")
            .with("side", side)
            .with("moves", (WIN - white.abs() + 1) / 2);
    }
    if white.abs() > EGDB_BOUND {
        // Proven by the endgame tables; how far, see `tables_detail`.
        let side = if white > 0 {
            Color::White
        } else {
            Color::Black
        };
        return Message::new("eval.tables-win").with("side", side);
    }
    Message::new("eval.score").with("score", score_text(white))
}

/// For a win the endgame tables prove, how far its conversion is (the capture or crowning that
/// starts a new count of the move limits), in the winner's moves: said beside the score.
pub fn tables_detail(white: i32) -> Option<draughts_rules::message::Message> {
    (white.abs() > EGDB_BOUND && white.abs() <= WIN_BOUND).then(|| {
        draughts_rules::message::Message::new("eval.tables-moves")
            .with("moves", (EGDB_WIN - white.abs() + 1) / 2)
    })
}

pub fn score_text(white: i32) -> String {
    if white.abs() > WIN_BOUND {
        let plies = WIN - white.abs();
        let side = if white > 0 { "White" } else { "Black" };
        return format!("{side} wins in {}", (plies + 1) / 2);
    }
    let sign = match white {
        0 => "",
        s if s > 0 => "+",
        _ => "-",
    };
    format!("{sign}{}.{:02}", white.abs() / 100, white.abs() % 100)
}

/// A score from `side`'s view turned to White's.
pub fn for_white(score: i32, side: Color) -> i32 {
    if side == Color::White {
        score
    } else {
        -score
    }
}

/// `line` (moves from the game's current position) in notation with move numbers, as the move
/// list numbers them: `"12. 32-28 19-23 13. 37-32"`, or `"12… 19-23 13. 32-28"` when the second
/// player is to move.
pub fn numbered_line(game: &Game, line: &[Move]) -> String {
    let first = game.variant().rules().first;
    let mut pos = *game.position();
    let mut out = String::new();
    for (i, m) in line.iter().enumerate() {
        let ply = game.moves().len() + i;
        let number = game.move_number(ply);
        if pos.turn() == first {
            out += &format!("{}{number}. ", if i > 0 { " " } else { "" });
        } else if i == 0 {
            out += &format!("{number}… ");
        } else {
            out.push(' ');
        }
        out += &notation::move_to_text(&pos, m);
        pos.play_unchecked(m);
    }
    out
}

/// The score of a position the game has ended in, for the side to move: a forced result now, or
/// a draw by rule; `None` while there is something to search (a resignation or agreement does
/// not end the position).
fn final_score(game: &Game) -> Option<i32> {
    match game.status() {
        Status::Ongoing => None,
        Status::Win {
            reason: WinReason::Resignation | WinReason::Recorded,
            ..
        }
        | Status::Draw {
            reason: DrawReason::Agreement | DrawReason::Recorded,
        } => None,
        Status::Win { winner, .. } => Some(if winner == game.position().turn() {
            WIN
        } else {
            -WIN
        }),
        Status::Draw { .. } => Some(0),
    }
}

/// One position searched deeper and deeper, with one engine (and its table) for every depth.
pub struct Analysis {
    game: Game,
    engine: Engine,
    depth: u32,
    done: bool,
    /// How many of the best lines each depth finds (see [`Engine::search_lines`]).
    lines: usize,
}

impl Analysis {
    /// Analyses the game's current position, one line at each depth.
    pub fn new(game: Game) -> Analysis {
        Analysis {
            done: game.status().is_over(),
            game,
            engine: Engine::new(16),
            depth: 0,
            lines: 1,
        }
    }

    /// The same, finding the best `lines` lines at each depth (at least one; with one, each
    /// depth is exactly the ordinary search).
    pub fn with_lines(mut self, lines: usize) -> Analysis {
        self.lines = lines.max(1);
        self
    }

    /// The same, searching on `threads` threads (see [`Engine::set_threads`]): the first line
    /// of each depth is found by all of them, the others by one.
    pub fn with_threads(mut self, threads: usize) -> Analysis {
        self.engine.set_threads(threads);
        self
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Whether there is nothing more to find: the game is over, or the last search saw a forced
    /// result within its horizon.
    pub fn is_done(&self) -> bool {
        self.done
    }

    /// Searches one ply deeper than the last call (the table makes the shallower iterations
    /// cheap), finding the lines asked for. `None` once [`Self::is_done`].
    /// With `egdb`, a position the tables cover is answered from them at once (and that is
    /// the last depth), and positions in the tree they cover are scored exactly.
    pub fn deepen(
        &mut self,
        clock: Option<&dyn Fn() -> f64>,
        egdb: Option<&crate::egdb::Egdb>,
    ) -> Option<Lines> {
        if self.done {
            return None;
        }
        self.depth += 1;
        let egdb = egdb.filter(|db| db.variant() == self.game.variant());
        let limits = Limits {
            depth: Some(self.depth),
            clock,
            egdb,
            phase_plies: egdb.map_or(0, |db| {
                db.phase_plies(self.game.positions(), self.game.moves())
            }),
            ..Default::default()
        };
        let history = super::game_history(&self.game);
        let pos = self.game.position();
        let found = self.engine.search_lines(pos, &history, &limits, self.lines);
        match found.as_ref().map(|f| &f.result) {
            Some(r) if !r.from_egdb && r.depth >= self.depth && self.depth < super::MAX_DEPTH => {}
            _ => self.done = true,
        }
        found
    }
}

/// A judged move of a reviewed game.
#[derive(Clone, Debug)]
pub struct Verdict {
    /// Plies played after the move (the move list's `data-ply`).
    pub ply: usize,
    pub judgement: Judgement,
    /// Hundredths of a man lost against the best move.
    pub loss: i32,
    /// The engine's move where the game's move was not it.
    pub best: Option<String>,
}

/// Every position of a game searched to one depth, one position per [`Review::step`], then each
/// move judged.
pub struct Review {
    game: Game,
    engine: Engine,
    depth: u32,
    /// Per position: the score for the side to move and the best move's text.
    found: Vec<(i32, Option<Move>)>,
}

impl Review {
    pub fn new(game: Game, depth: u32) -> Review {
        Review {
            game,
            engine: Engine::new(16),
            depth: depth.clamp(1, super::MAX_DEPTH),
            found: Vec::new(),
        }
    }

    /// The same, searching each position on `threads` threads (see [`Engine::set_threads`]).
    pub fn with_threads(mut self, threads: usize) -> Review {
        self.engine.set_threads(threads);
        self
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Positions to search: the moves played plus one.
    pub fn total(&self) -> usize {
        self.game.moves().len() + 1
    }

    /// Positions searched so far.
    pub fn done(&self) -> usize {
        self.found.len()
    }

    /// Searches the next position; false when all are done. With `egdb`, positions in the
    /// tree it covers are scored exactly, and a position it covers is answered from it: hand
    /// it every table the game's positions can reach, or none (with only some, a move into a
    /// position the tables prove would be judged against a plain score before it).
    pub fn step(&mut self, egdb: Option<&crate::egdb::Egdb>) -> bool {
        let i = self.found.len();
        if i >= self.total() {
            return false;
        }
        let mut at = self.game.clone();
        let _ = at.go_to(i);
        let found = match final_score(&at) {
            Some(s) => (s, None),
            None => {
                let egdb = egdb.filter(|db| db.variant() == at.variant());
                let limits = Limits {
                    depth: Some(self.depth),
                    egdb,
                    phase_plies: egdb.map_or(0, |db| db.phase_plies(at.positions(), at.moves())),
                    ..Default::default()
                };
                let history = super::game_history(&at);
                match self.engine.search(at.position(), &history, &limits) {
                    Some(r) => (r.score, Some(r.best)),
                    // No legal move: lost, except where being blocked wins.
                    None => (final_score(&at).unwrap_or(-WIN), None),
                }
            }
        };
        self.found.push(found);
        true
    }

    /// White's score in each position searched so far (hundredths of a man; beyond ±29,000 a
    /// forced result).
    pub fn white_scores(&self) -> Vec<i32> {
        let positions = self.game.positions();
        self.found
            .iter()
            .zip(positions)
            .map(|(&(s, _), p)| for_white(s, p.turn()))
            .collect()
    }

    /// The mistakes and blunders of the sides `white` and `black` say (a player's own, not the
    /// computer's) as puzzles ([`mistake_puzzle`] at [`MISTAKE_DEPTH`]; the [`MOST_MISTAKES`]
    /// costliest), once every position is searched (else none).
    pub fn mistake_puzzles(&mut self, white: bool, black: bool) -> Vec<Puzzle> {
        let positions = self.game.positions();
        let mut worst: Vec<(i32, usize)> = self
            .verdicts()
            .iter()
            .filter(|v| v.judgement >= Judgement::Mistake)
            .filter(|v| match positions[v.ply - 1].turn() {
                Color::White => white,
                Color::Black => black,
            })
            .map(|v| (v.loss, v.ply))
            .collect();
        // The costliest first, at most MOST_MISTAKES, then in the game's order.
        worst.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        worst.truncate(MOST_MISTAKES);
        let mut plies: Vec<usize> = worst.into_iter().map(|(_, ply)| ply).collect();
        plies.sort_unstable();
        plies
            .into_iter()
            .filter_map(|ply| mistake_puzzle(&mut self.engine, &self.game, ply, MISTAKE_DEPTH))
            .collect()
    }

    /// The moves that lost something, once every position is searched (else none).
    pub fn verdicts(&self) -> Vec<Verdict> {
        if self.done() < self.total() {
            return Vec::new();
        }
        let positions = self.game.positions();
        let mut out = Vec::new();
        for (i, m) in self.game.moves().iter().enumerate() {
            let (best, best_move) = self.found[i];
            // The position after the move, from the opponent's side: negated for the mover.
            let played = -self.found[i + 1].0;
            let lost = loss(best, played);
            let judgement = judge(lost);
            if judgement == Judgement::Good {
                continue;
            }
            out.push(Verdict {
                ply: i + 1,
                judgement,
                loss: lost,
                best: best_move
                    .filter(|b| !b.same_as(m))
                    .map(|b| notation::move_to_text(&positions[i], &b)),
            });
        }
        out
    }
}

/// The depth [`Review::mistake_puzzles`] searches each move to: every move of a position is
/// searched in full, so two plies less than the review's one search of the best.
pub const MISTAKE_DEPTH: u32 = REVIEW_DEPTH - 2;

/// The most puzzles [`Review::mistake_puzzles`] makes of one game (the costliest mistakes):
/// each searches every move of its position in full, and a game of many blunders would keep the
/// review's worker busy for long after the review is shown.
pub const MOST_MISTAKES: usize = 6;

/// A player's own mistake as a puzzle ([`Theme::Mistake`]): the position before the game's
/// move that made `ply` (as [`Verdict::ply`] counts), to be answered by the best move there,
/// every move that loses less than [`MISTAKE`] against it accepted too. Each move is searched to
/// `depth` with a full window by a cleared engine, so the answer does not depend on the search
/// before. `None` where the game's move is itself acceptable at this depth, where there was no
/// choice, or where `ply` is not a move of the game.
pub fn mistake_puzzle(engine: &mut Engine, game: &Game, ply: usize, depth: u32) -> Option<Puzzle> {
    let played = *game.moves().get(ply.checked_sub(1)?)?;
    let mut at = game.clone();
    at.go_to(ply - 1).ok()?;
    let pos = *at.position();
    if draughts_rules::fast::legal_moves(&pos).len() < 2 {
        return None;
    }
    engine.clear();
    let scored = engine.score_moves(&pos, &super::game_history(&at), depth, true, None);
    let top = scored.iter().map(|&(_, s)| s).max()?;
    let good = |s: i32| loss(top, s) < MISTAKE;
    if scored.iter().any(|(m, s)| m.same_as(&played) && good(*s)) {
        return None;
    }
    // The first of the best in the generator's order, the rest of the good ones accepted.
    let best = scored.iter().find(|&&(_, s)| s == top)?.0;
    let others: Vec<Move> = scored
        .iter()
        .filter(|&&(m, s)| good(s) && !m.same_as(&best))
        .map(|&(m, _)| m)
        .collect();
    Some(Puzzle {
        position: pos,
        solution: vec![best],
        alternatives: if others.is_empty() {
            Vec::new()
        } else {
            vec![others]
        },
        theme: Theme::Mistake,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_rules::variant::Variant;

    #[test]
    fn thresholds() {
        assert_eq!(judge(0), Judgement::Good);
        assert_eq!(judge(INACCURACY - 1), Judgement::Good);
        assert_eq!(judge(INACCURACY), Judgement::Inaccuracy);
        assert_eq!(judge(MISTAKE - 1), Judgement::Inaccuracy);
        assert_eq!(judge(MISTAKE), Judgement::Mistake);
        assert_eq!(judge(BLUNDER - 1), Judgement::Mistake);
        assert_eq!(judge(BLUNDER), Judgement::Blunder);
        assert_eq!(judge(-300), Judgement::Good);
        assert_eq!(Judgement::Blunder.symbol(), "??");
        assert_eq!(Judgement::Inaccuracy.name(), "inaccuracy");
    }

    #[test]
    fn forced_wins_are_capped() {
        // A slower forced win loses nothing; throwing one away for an equal game is a blunder.
        assert_eq!(loss(WIN - 5, WIN - 9), 0);
        assert_eq!(judge(loss(WIN - 5, 0)), Judgement::Blunder);
        assert_eq!(judge(loss(30, -WIN + 4)), Judgement::Blunder);
        assert_eq!(loss(-40, 20), 0);
    }

    #[test]
    fn scores_in_words() {
        assert_eq!(score_text(35), "+0.35");
        assert_eq!(score_text(-120), "-1.20");
        assert_eq!(score_text(0), "0.00");
        assert_eq!(score_text(WIN - 5), "White wins in 3");
        assert_eq!(score_text(-(WIN - 2)), "Black wins in 1");
    }

    #[test]
    fn lines_are_numbered_like_the_move_list() {
        let mut g = Game::new(Variant::International);
        let pos = *g.position();
        let m = draughts_rules::fast::legal_moves(&pos)[0];
        let mut after = pos;
        after.play_unchecked(&m);
        let reply = draughts_rules::fast::legal_moves(&after)[0];
        let line = numbered_line(&g, &[m, reply]);
        assert!(
            line.starts_with("1. ") && line.matches(' ').count() == 2,
            "{line}"
        );
        g.play(&m).unwrap();
        assert!(numbered_line(&g, &[reply]).starts_with("1… "));
    }

    #[test]
    fn a_review_judges_a_thrown_man() {
        // White gives a man away at once (32-28?? lets 23x32 or similar): found by the review.
        let mut g = Game::from_fen("W:W28,32,33:B17,18", Variant::International).unwrap();
        g.play_text("28-22").unwrap();
        let mut r = Review::new(g, 4);
        while r.step(None) {}
        assert_eq!(r.white_scores().len(), 2);
        let v = r.verdicts();
        assert_eq!(v.len(), 1, "{v:?}");
        assert_eq!(v[0].ply, 1);
        assert!(v[0].judgement >= Judgement::Mistake, "{v:?}");
        assert!(v[0].best.is_some());
    }

    #[test]
    fn analysis_deepens_until_a_forced_result() {
        let g = Game::from_fen("W:W28:B1", Variant::International).unwrap();
        let moves = g.legal_moves().len();
        let mut a = Analysis::new(g).with_lines(3);
        let mut last = 0;
        while let Some(found) = a.deepen(None, None) {
            assert!(found.result.depth >= last);
            last = found.result.depth;
            assert!(last < 40);
            assert_eq!(found.lines.len(), moves.min(3));
        }
        assert!(a.is_done());
    }

    /// International: White's 28-23 hands the only black man a capture (18x29), where 46-41
    /// leaves it nowhere safe to go (a forced win).
    #[test]
    fn a_blunder_becomes_a_puzzle_and_a_good_move_does_not() {
        use crate::puzzles::{parse_line, write_line};
        let mut game = Game::from_fen("W:W28,46:B18", Variant::International).unwrap();
        game.play_text("28-23").unwrap();
        let mut engine = Engine::new(1);
        let p = mistake_puzzle(&mut engine, &game, 1, 6).expect("a blunder");
        assert_eq!(p.theme, Theme::Mistake);
        assert_eq!(p.position, game.positions()[0]);
        assert_eq!(
            notation::full_text(Variant::International, &p.solution[0]),
            "46-41"
        );
        assert!(p.alternatives.is_empty(), "{:?}", p.alternatives);
        assert_eq!(parse_line(&write_line(&p)).unwrap(), Some(p));
        let mut good = Game::from_fen("W:W28,46:B18", Variant::International).unwrap();
        good.play_text("46-41").unwrap();
        assert_eq!(mistake_puzzle(&mut engine, &good, 1, 6), None);
        assert_eq!(mistake_puzzle(&mut engine, &good, 0, 6), None);
        assert_eq!(mistake_puzzle(&mut engine, &good, 2, 6), None);
        // The review finds the blunder and makes it a puzzle for White's player only.
        let mut review = Review::new(game, 6);
        while review.step(None) {}
        assert_eq!(review.mistake_puzzles(true, false).len(), 1);
        assert!(review.mistake_puzzles(false, true).is_empty());
    }

    /// A game of the first legal move each time blunders often: only the costliest become
    /// puzzles, in the game's order.
    #[test]
    fn only_the_costliest_mistakes_become_puzzles() {
        let mut game = Game::new(Variant::International);
        for _ in 0..40 {
            let Some(m) = game.legal_moves().first().copied() else {
                break;
            };
            game.play(&m).unwrap();
        }
        let mut review = Review::new(game, 4);
        while review.step(None) {}
        let mistakes = review
            .verdicts()
            .iter()
            .filter(|v| v.judgement >= Judgement::Mistake)
            .count();
        assert!(
            mistakes > MOST_MISTAKES,
            "{mistakes} mistakes: the test needs more"
        );
        let puzzles = review.mistake_puzzles(true, true);
        assert!(!puzzles.is_empty() && puzzles.len() <= MOST_MISTAKES);
        let positions = review.game().positions();
        let at: Vec<usize> = puzzles
            .iter()
            .map(|p| positions.iter().position(|q| *q == p.position).unwrap())
            .collect();
        assert!(at.windows(2).all(|w| w[0] < w[1]), "{at:?}");
    }
}
