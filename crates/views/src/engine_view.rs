//! The computer's answers as the page shows them: the move a search found ([`ThoughtView`]), each
//! depth it completed on the way ([`IterationView`]), one
//! depth of the analysis ([`DepthView`]), a game's review ([`ReviewView`]) and the endgame tables
//! a game calls for ([`PlanView`]).
//!
//! Plain data (serde), built and tested natively from the engine's results, as the snapshot is
//! from the rules: the computer's module (crates/web-engine) runs the searches and only converts
//! these. The page's own module calls none of it, so its link still leaves the search out.

use crate::snapshot::{MoveView, StatusView};
use draughts_engine::egdb::builder::{page_horizon, page_pieces, plan};
use draughts_engine::egdb::Outcome;
use draughts_engine::review::{self, Judgement, Verdict};
use draughts_engine::{accepts_draw, Line, Lines, SearchResult};
use draughts_rules::game::Game;
use draughts_rules::message::Message;
use draughts_rules::mv::Move;
use draughts_rules::notation::move_to_text;
use draughts_rules::position::Position;
use serde::Serialize;

/// What a search found: `{ move, score, depth, nodes, nps, ms, pv, acceptsDraw, book, tables }`.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ThoughtView {
    #[serde(rename = "move")]
    pub mv: MoveView,
    /// Hundredths of a man for the side to move (beyond ±29,000 a forced win or loss); `null`
    /// for the weak levels, which choose among near-best moves instead of trusting one score,
    /// and for a book move.
    pub score: Option<i32>,
    /// Deepest completed iteration (the full-width depth for the weak levels).
    pub depth: u32,
    /// Nodes the main thread visited, and per second over `ms`.
    pub nodes: f64,
    pub nps: f64,
    /// Threads that searched (more than one in a cross-origin isolated page), and the nodes
    /// the other threads visited.
    pub threads: u32,
    pub helper_nodes: f64,
    pub ms: f64,
    /// The expected line as move texts, starting with `move`.
    pub pv: Vec<String>,
    /// Whether the side that searched would accept a draw offer, judging by `score`.
    pub accepts_draw: bool,
    /// Whether the move came from the opening book (then nothing was searched).
    pub book: bool,
    /// Whether the endgame tables answered (the position is one they hold).
    pub tables: bool,
}

/// How a move was found, for [`ThoughtView`].
struct Found<'a> {
    best: Move,
    pv: &'a [Move],
    score: Option<i32>,
    depth: u32,
    nodes: u64,
    threads: u32,
    helper_nodes: u64,
    book: bool,
    tables: bool,
}

impl Found<'_> {
    /// A move with no score and no line to show: the book's, or a weak level's pick.
    fn unscored(best: Move, depth: u32, nodes: u64, book: bool) -> Found<'static> {
        Found {
            best,
            pv: &[],
            score: None,
            depth,
            nodes,
            threads: 1,
            helper_nodes: 0,
            book,
            tables: false,
        }
    }
}

impl ThoughtView {
    /// A move from the opening book, found in `ms` milliseconds: nothing searched, no score.
    pub fn book(pos: &Position, m: Move, ms: f64) -> ThoughtView {
        ThoughtView::new(pos, Found::unscored(m, 0, 0, true), ms)
    }

    /// A weak level's choice among near-best moves, from a search of `depth` and `nodes`: no
    /// score to trust and no line.
    pub fn chosen(pos: &Position, m: Move, depth: u32, nodes: u64, ms: f64) -> ThoughtView {
        ThoughtView::new(pos, Found::unscored(m, depth, nodes, false), ms)
    }

    /// A search's result in `pos`, which took `ms` milliseconds.
    pub fn searched(pos: &Position, r: &SearchResult, ms: f64) -> ThoughtView {
        ThoughtView::new(
            pos,
            Found {
                best: r.best,
                pv: &r.pv,
                score: Some(r.score),
                depth: r.depth,
                nodes: r.nodes,
                threads: r.threads,
                helper_nodes: r.helper_nodes,
                book: false,
                tables: r.from_egdb,
            },
            ms,
        )
    }

    fn new(pos: &Position, f: Found, ms: f64) -> ThoughtView {
        let line = if f.pv.is_empty() {
            std::slice::from_ref(&f.best)
        } else {
            f.pv
        };
        let mut texts = Vec::with_capacity(line.len());
        let mut p = *pos;
        for m in line {
            texts.push(move_to_text(&p, m));
            p.play_unchecked(m);
        }
        let nodes = f.nodes as f64;
        ThoughtView {
            mv: MoveView::played(pos, &f.best),
            score: f.score,
            depth: f.depth,
            nodes,
            nps: if ms > 0.0 {
                (nodes * 1000.0 / ms).round()
            } else {
                0.0
            },
            ms,
            threads: f.threads,
            helper_nodes: f.helper_nodes as f64,
            pv: texts,
            accepts_draw: f.score.is_some_and(accepts_draw),
            book: f.book,
            tables: f.tables,
        }
    }
}

/// One completed iteration of the computer's search while it thinks, so that the page can say
/// how deep it looks before the move comes: `{ depth, nodes }`. No score: a player's opponent
/// does not show its judgement mid-game.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct IterationView {
    pub depth: u32,
    pub nodes: f64,
}

impl IterationView {
    pub fn of(r: &SearchResult) -> IterationView {
        IterationView {
            depth: r.depth,
            nodes: r.nodes as f64,
        }
    }
}

/// One depth of the analysis, as the page shows it.
#[derive(Clone, Debug, Serialize)]
pub struct DepthView {
    pub depth: u32,
    /// White's score in hundredths of a man (beyond ±29,000 a forced result).
    pub white: i32,
    /// The score in words: `"+0.35"`, `"White wins in 3"`, `"Draw"` (the tables prove it).
    pub text: Message,
    /// The best line with move numbers: `"12. 32-28 19-23 13. 37-32"`.
    pub line: String,
    /// The best move (its `from` and `path` draw the arrow).
    #[serde(rename = "move")]
    pub mv: MoveView,
    pub nodes: f64,
    /// Threads that searched this depth's first line (see [`ThoughtView::threads`]).
    pub threads: u32,
    /// Milliseconds since the analysis started.
    pub ms: f64,
    /// Nothing more to find: a forced result is within the horizon.
    pub done: bool,
    /// The endgame tables answered: the position is one they hold.
    pub tables: bool,
    /// Said in place of the depth for a result the tables prove: `"tables: 6 moves to
    /// convert"`, `"from the tables"`.
    pub detail: Option<Message>,
    /// The best lines found, best first (the first is `line`): one unless more were asked for.
    pub lines: Vec<LineView>,
}

/// One of the analysis' best lines: `{ white, text, line, index, detail }`.
#[derive(Clone, Debug, Serialize)]
pub struct LineView {
    /// White's score in hundredths of a man, as [`DepthView::white`].
    pub white: i32,
    /// The score in words, as [`DepthView::text`]; where the endgame tables hold the position
    /// after the line's move, their verdict on it (`"White wins"`, `"Draw"`).
    pub text: Message,
    /// The line with move numbers, as [`DepthView::line`].
    pub line: String,
    /// Its first move's place among the position's legal moves (what `applyMove` takes).
    pub index: usize,
    /// `"from the tables"` when `text` is the endgame tables' verdict.
    pub detail: Option<Message>,
}

impl LineView {
    /// `l`, a line from `game`'s current position.
    pub fn new(game: &Game, l: &Line) -> LineView {
        let pos = game.position();
        let white = review::for_white(l.score, pos.turn());
        let text = match l.tables {
            None => review::score_message(white),
            Some(Outcome::Draw) => Message::new("eval.tables-draw"),
            Some(o) => {
                let mover = pos.turn();
                let winner = if o == Outcome::Win {
                    mover
                } else {
                    mover.other()
                };
                Message::new("eval.tables-win").with("side", winner)
            }
        };
        LineView {
            white,
            text,
            line: review::numbered_line(game, &l.pv),
            index: MoveView::played(pos, &l.first()).index,
            detail: l.tables.map(|_| Message::new("eval.tables-source")),
        }
    }
}

impl DepthView {
    /// What `r`, a search of `game`'s current position, found, `ms` milliseconds into the
    /// analysis; `done`: the analysis has nothing more to find.
    pub fn new(game: &Game, r: &SearchResult, ms: f64, done: bool) -> DepthView {
        let pos = game.position();
        let white = review::for_white(r.score, pos.turn());
        let tables_draw = r.from_egdb && r.score == 0;
        DepthView {
            depth: r.depth,
            white,
            text: if tables_draw {
                Message::new("eval.tables-draw")
            } else {
                review::score_message(white)
            },
            line: review::numbered_line(game, &r.pv),
            mv: MoveView::played(pos, &r.best),
            nodes: r.nodes as f64,
            threads: r.threads,
            ms,
            done,
            tables: r.from_egdb,
            detail: if tables_draw {
                Some(Message::new("eval.tables-source"))
            } else {
                review::tables_detail(white)
            },
            lines: Vec::new(),
        }
    }

    /// What an analysis' depth found (see [`DepthView::new`]), with its lines.
    pub fn with_lines(game: &Game, found: &Lines, ms: f64, done: bool) -> DepthView {
        DepthView {
            lines: found.lines.iter().map(|l| LineView::new(game, l)).collect(),
            ..DepthView::new(game, &found.result, ms, done)
        }
    }

    /// The result in one line when the game is over in its current position (nothing to
    /// analyse), else `None`.
    pub fn over(game: &Game) -> Option<Message> {
        StatusView::new(game.status(), game.variant(), None).line
    }
}

/// A judged move of a review, as the move list marks it.
#[derive(Clone, Debug, Serialize)]
pub struct VerdictView {
    pub ply: usize,
    /// `"inaccuracy"`, `"mistake"` or `"blunder"`.
    pub judgement: &'static str,
    /// `?!`, `?` or `??`.
    pub symbol: &'static str,
    /// Hundredths of a man lost against the best move.
    pub loss: i32,
    /// The engine's move, when the game's was not it.
    pub best: Option<String>,
    /// `"Blunder: loses 2.35. Better: 32-28"`.
    pub text: Message,
}

impl VerdictView {
    /// A judged move in words; `None` for a good move, which is not marked.
    pub fn new(v: Verdict) -> Option<VerdictView> {
        let code = match v.judgement {
            Judgement::Good => return None,
            Judgement::Inaccuracy => "verdict.inaccuracy",
            Judgement::Mistake => "verdict.mistake",
            Judgement::Blunder => "verdict.blunder",
        };
        let loss = format!("{}.{:02}", v.loss / 100, v.loss % 100);
        let mut text = Message::new(code).with("loss", loss);
        if let Some(b) = &v.best {
            text = Message::new("verdict.better")
                .with("verdict", text)
                .with("move", b.as_str());
        }
        Some(VerdictView {
            ply: v.ply,
            judgement: v.judgement.name(),
            symbol: v.judgement.symbol(),
            loss: v.loss,
            best: v.best,
            text,
        })
    }
}

/// A review so far: `{ white, chart, verdicts }`.
#[derive(Clone, Debug, Serialize)]
pub struct ReviewView {
    /// White's score per position searched (hundredths of a man).
    pub white: Vec<i32>,
    /// The same on a chart's scale, -1…1 (±[`review::CHART_SPAN`] fills it).
    pub chart: Vec<f64>,
    /// The moves judged an inaccuracy or worse, once every position is searched.
    pub verdicts: Vec<VerdictView>,
}

impl ReviewView {
    pub fn of(r: &review::Review) -> ReviewView {
        let white = r.white_scores();
        ReviewView {
            chart: white.iter().map(|&s| review::chart_value(s)).collect(),
            white,
            verdicts: r
                .verdicts()
                .into_iter()
                .filter_map(VerdictView::new)
                .collect(),
        }
    }
}

/// The endgame tables a game calls for: `{ variant, pieces, tables }`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct PlanView {
    pub variant: &'static str,
    /// The most pieces of a table built for the page in this variant.
    pub pieces: u8,
    /// Table names (`1m2k-0m1k`) in building order.
    pub tables: Vec<String>,
}

impl PlanView {
    /// The tables `pos` calls for: `None` when its variant cannot be tabled or it is still far
    /// from an ending (more than a few pieces beyond the tables), else every table of the page's
    /// size for the variant that the game can still reach from it.
    pub fn at(pos: &Position) -> Option<PlanView> {
        let v = pos.variant();
        let (pieces, horizon) = (page_pieces(v)?, page_horizon(v)?);
        (pos.occupied().count() <= u32::from(horizon)).then(|| PlanView {
            variant: v.name(),
            pieces,
            tables: plan(pos, pieces).into_iter().map(|s| s.name()).collect(),
        })
    }

    /// The tables any position of `game` can reach: those its first position within reach of
    /// the tables calls for (a later position's are among them), or `None`, as [`Self::at`].
    /// For the review, which searches every position of the game.
    pub fn for_game(game: &Game) -> Option<PlanView> {
        let horizon = page_horizon(game.variant())?;
        game.positions()
            .iter()
            .find(|p| p.occupied().count() <= u32::from(horizon))
            .and_then(PlanView::at)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_engine::review::{Analysis, Review};
    use draughts_engine::{Engine, Limits};
    use draughts_rules::message::Param;
    use draughts_rules::variant::Variant;

    fn search(game: &Game, depth: u32) -> SearchResult {
        let limits = Limits {
            depth: Some(depth),
            ..Default::default()
        };
        Engine::new(1)
            .search(game.position(), &[], &limits)
            .expect("a legal move")
    }

    #[test]
    fn a_thought_names_its_move_and_line() {
        let game = Game::new(Variant::International);
        let r = search(&game, 4);
        let t = ThoughtView::searched(game.position(), &r, 8.0);
        assert_eq!(t.pv.len(), r.pv.len());
        assert_eq!(t.pv[0], t.mv.notation, "the line starts with the move");
        assert_eq!((t.score, t.depth, t.book), (Some(r.score), r.depth, false));
        assert_eq!(t.nps, (r.nodes as f64 * 1000.0 / 8.0).round());
        assert_eq!(t.accepts_draw, accepts_draw(r.score));
        // Nothing searched: no score, a one-move line, no speed.
        let m = game.legal_moves()[0];
        let b = ThoughtView::book(game.position(), m, 0.0);
        assert_eq!(
            (b.score, b.book, b.nps, b.accepts_draw),
            (None, true, 0.0, false)
        );
        assert_eq!(b.pv, std::slice::from_ref(&b.mv.notation));
        let c = ThoughtView::chosen(game.position(), m, 3, 500, 10.0);
        assert_eq!(
            (c.score, c.book, c.depth, c.nps),
            (None, false, 3, 50_000.0)
        );
    }

    #[test]
    fn the_iterations_say_each_depth_as_it_completes() {
        let game = Game::new(Variant::International);
        let seen = std::cell::RefCell::new(Vec::new());
        let record = |r: &SearchResult| seen.borrow_mut().push(IterationView::of(r));
        let limits = Limits {
            depth: Some(6),
            on_iteration: Some(&record),
            ..Default::default()
        };
        let r = Engine::new(1)
            .search(game.position(), &[], &limits)
            .expect("a legal move");
        let seen = seen.into_inner();
        let depths: Vec<u32> = seen.iter().map(|i| i.depth).collect();
        assert_eq!(
            depths,
            (1..=6).collect::<Vec<_>>(),
            "one report per depth, in order"
        );
        assert!(seen.windows(2).all(|w| w[0].nodes < w[1].nodes));
        assert_eq!(
            seen.last(),
            Some(&IterationView::of(&r)),
            "the last is the move's"
        );
    }

    #[test]
    fn a_depth_numbers_its_line_and_says_the_score() {
        let mut game = Game::new(Variant::International);
        game.play_text("32-28").unwrap();
        let mut a = Analysis::new(game.clone());
        let r = a.deepen(None, None).unwrap().result;
        let d = DepthView::new(a.game(), &r, 5.0, a.is_done());
        assert!(d.line.starts_with("1… "), "{}", d.line);
        assert_eq!(
            d.white, -r.score,
            "Black to move: White's score is the negation"
        );
        assert_eq!(d.text.code, "eval.score");
        assert!(
            (16..=20).contains(&d.mv.from),
            "a black man moves: {}",
            d.mv.from
        );
        assert_eq!(d.detail, None);
        assert!(DepthView::over(&game).is_none());
        // The tables' draw and their proven win say where they come from.
        let drawn = SearchResult {
            score: 0,
            from_egdb: true,
            ..r.clone()
        };
        let d = DepthView::new(&game, &drawn, 5.0, true);
        assert_eq!((d.text.code, d.tables), ("eval.tables-draw", true));
        assert_eq!(d.detail.unwrap().code, "eval.tables-source");
        let won = SearchResult {
            score: -(draughts_engine::EGDB_WIN - 11),
            ..drawn
        };
        let d = DepthView::new(&game, &won, 5.0, true);
        assert_eq!(d.text.code, "eval.tables-win");
        assert_eq!(d.detail.unwrap().code, "eval.tables-moves");
        // A game over says so in one line.
        let over = Game::from_fen("B:W28:B", Variant::International).unwrap();
        assert!(DepthView::over(&over)
            .unwrap()
            .text()
            .starts_with("White wins"));
    }

    #[test]
    fn each_line_numbers_its_moves_and_says_its_score() {
        let mut game = Game::new(Variant::International);
        game.play_text("32-28").unwrap();
        let mut a = Analysis::new(game.clone()).with_lines(3);
        a.deepen(None, None).unwrap();
        let found = a.deepen(None, None).unwrap();
        let d = DepthView::with_lines(a.game(), &found, 5.0, a.is_done());
        assert_eq!(d.lines.len(), 3);
        assert_eq!(d.lines[0].line, d.line, "the first line is the best line");
        assert_eq!(d.lines[0].index, d.mv.index);
        let legal = crate::snapshot::ordered_moves(game.position().legal_moves());
        for (l, found) in d.lines.iter().zip(&found.lines) {
            assert!(l.line.starts_with("1… "), "{}", l.line);
            assert!(legal[l.index].same_as(&found.first()));
            assert_eq!(l.white, -found.score, "Black to move");
            assert_eq!((l.text.code, l.detail.is_none()), ("eval.score", true));
        }
        assert!(d.lines.windows(2).all(|w| w[0].white <= w[1].white));
        // A line whose move the tables judge says their verdict, for the side that wins.
        let line = |tables| Line {
            score: 0,
            pv: vec![legal[0]],
            tables,
        };
        let drawn = LineView::new(&game, &line(Some(Outcome::Draw)));
        assert_eq!(drawn.text.code, "eval.tables-draw");
        assert_eq!(drawn.detail.unwrap().code, "eval.tables-source");
        let lost = LineView::new(&game, &line(Some(Outcome::Loss)));
        assert_eq!(lost.text.text(), "White wins", "Black's move loses");
    }

    #[test]
    fn a_review_marks_a_thrown_man_with_the_better_move() {
        let mut g = Game::from_fen("W:W28,32,33:B17,18", Variant::International).unwrap();
        g.play_text("28-22").unwrap();
        let mut r = Review::new(g, 4);
        assert!(ReviewView::of(&r).verdicts.is_empty(), "nothing judged yet");
        while r.step(None) {}
        let v = ReviewView::of(&r);
        assert_eq!(v.white.len(), 2);
        assert!(v.chart.iter().all(|c| c.abs() <= 1.0));
        assert_eq!(v.verdicts.len(), 1);
        let verdict = &v.verdicts[0];
        assert_eq!(verdict.ply, 1);
        assert!(["mistake", "blunder"].contains(&verdict.judgement));
        assert_eq!(verdict.text.code, "verdict.better");
        assert!(
            verdict.text.text().contains("Better: "),
            "{}",
            verdict.text.text()
        );
    }

    #[test]
    fn each_judgement_has_its_words() {
        let verdict = |judgement, best: Option<&str>| Verdict {
            ply: 3,
            judgement,
            loss: 235,
            best: best.map(str::to_owned),
        };
        assert!(VerdictView::new(verdict(Judgement::Good, None)).is_none());
        for (j, code, symbol) in [
            (Judgement::Inaccuracy, "verdict.inaccuracy", "?!"),
            (Judgement::Mistake, "verdict.mistake", "?"),
            (Judgement::Blunder, "verdict.blunder", "??"),
        ] {
            let v = VerdictView::new(verdict(j, None)).unwrap();
            assert_eq!(
                (v.text.code, v.symbol, v.judgement),
                (code, symbol, j.name())
            );
            assert_eq!(v.text.params, [("loss", Param::Text("2.35".into()))]);
            let better = VerdictView::new(verdict(j, Some("32-28"))).unwrap();
            assert_eq!(better.text.code, "verdict.better");
            assert_eq!(better.text.params[0].1, Param::Message(Box::new(v.text)));
            assert_eq!(better.best.as_deref(), Some("32-28"));
        }
    }

    #[test]
    fn a_plan_names_the_tables_near_an_ending_only() {
        let pos = |fen: &str, v| Game::from_fen(fen, v).unwrap();
        let near = pos("W:W22,K1:BK32,26", Variant::English);
        let plan = PlanView::at(near.position()).expect("near an ending");
        assert_eq!(plan.variant, "english");
        assert!(plan.tables.contains(&"0m2k-0m1k".to_owned()), "{plan:?}");
        assert!(PlanView::at(Game::new(Variant::International).position()).is_none());
        assert!(PlanView::at(pos("W:WK1:BK50", Variant::Frisian).position()).is_none());
        // A game's plan is its first position's within reach.
        let mut g = pos("B:WK29:BK1,K5", Variant::English);
        let first = PlanView::at(g.position());
        g.play_text("1-6").unwrap();
        assert_eq!(PlanView::for_game(&g), first);
        assert!(PlanView::for_game(&Game::new(Variant::English)).is_none());
    }
}
