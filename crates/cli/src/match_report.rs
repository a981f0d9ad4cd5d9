//! `draughts match-report`: where the points go in a match against a stronger engine. Each game
//! the player under study did not win is replayed; every one of its moves gets a judge's
//! evaluation before and after (Scan 2.0's, `--scan DIR`, else our own search's) and our
//! engine's score at a fixed node budget; the move that decided the game is found and
//! classified by game phase and by kind of loss. The rules are pure functions of those numbers
//! ([`decisive`], [`classify`]), tested without any engine; the searches are the command's.
//!
//! ```text
//! draughts match-report --pdn FILE… [--scan DIR] [--scan-ms 100] [--nodes 1000000]
//!                       [--match-nodes 575000] [--us level] [--moves]
//! ```
//!
//! All scores are in hundredths of a man, capped at ±[`CAP`] (a forced result counts as ten
//! men). The judge's are from the opponent's side (positive: the opponent is better), ours from
//! our side (positive: we are better).

use clap::Args;
use draughts_engine::review::capped;
use draughts_engine::{self as ai, Engine, Limits};
use draughts_rules::game::{Game, Status};
use draughts_rules::hub::move_to_hub;
use draughts_rules::pdn::{parse_each_game, PdnGame};
use draughts_rules::{write_fen, Color, Move, Position, Variant};
use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

use crate::hub_v1::HubV1;

/// Options of `draughts match-report`.
#[derive(Args)]
pub struct MatchReportArgs {
    /// The match records (PDN, as `draughts match --pdn` writes them).
    #[arg(long, required = true, num_args = 1.., value_name = "FILE")]
    pdn: Vec<PathBuf>,
    /// Scan 2.0 built in DIR judges the positions (../shared/sparring/README.md); without it,
    /// our own search at --nodes does.
    #[arg(long, value_name = "DIR")]
    scan: Option<PathBuf>,
    /// Scan's thinking time per position, in milliseconds.
    #[arg(long, value_name = "MS", default_value_t = 100)]
    scan_ms: u64,
    /// Our engine's node budget for its score of each position (one thread, table cleared
    /// before each search, so the figures repeat).
    #[arg(long, value_name = "N", default_value_t = 1_000_000)]
    nodes: u64,
    /// The node budget that stands in for the match's time at the decisive move: whether that
    /// search plays the move the game did.
    #[arg(long, value_name = "N", default_value_t = 575_000)]
    match_nodes: u64,
    /// The player under study: the start of its name in the White/Black tags.
    #[arg(long, value_name = "NAME", default_value = "level")]
    us: String,
    /// Also prints a line per move of ours analysed.
    #[arg(long)]
    moves: bool,
}

/// Scores are capped here (ten men), as the review caps them.
pub const CAP: i32 = draughts_engine::review::CAP;

/// The judge's score, from the opponent's side, at or above which a game counts as decided
/// (one man): between engines of this strength a clean man up wins.
pub const DECISIVE: i32 = 100;
/// A move that raises the judge's score this much (one man) at once is a tactical loss.
pub const SHOT: i32 = 100;
/// Below this rise (half a man) a move is a small concession; a drift is made of such moves.
pub const SMALL: i32 = 50;
/// The judge's score below which the game is still level (half a man): where a climb starts.
pub const LEVEL: i32 = 50;
/// Our score within this of zero reads as equal.
pub const NEAR_EQUAL: i32 = 50;
/// The judge's score at the first position of the ending below which the ending was still
/// holdable (half a man).
pub const ENDING_HOLDABLE: i32 = 50;
/// Positions with at least this many pieces are the opening: at most three exchanges from the
/// 40 of the start, where the book and the first plans decide.
pub const OPENING_MIN_PIECES: u32 = 34;
/// Positions with at most this many pieces are the ending: about seven a side, where kings,
/// breakthroughs and tempo counting decide rather than structure.
pub const ENDING_MAX_PIECES: u32 = 14;

/// A game phase, by the pieces on the board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Phase {
    Opening,
    Middlegame,
    Ending,
}

impl Phase {
    pub const ALL: [Phase; 3] = [Phase::Opening, Phase::Middlegame, Phase::Ending];

    /// The phase of a position with `pieces` on the board.
    pub fn of(pieces: u32) -> Phase {
        if pieces >= OPENING_MIN_PIECES {
            Phase::Opening
        } else if pieces <= ENDING_MAX_PIECES {
            Phase::Ending
        } else {
            Phase::Middlegame
        }
    }

    pub fn name(self) -> &'static str {
        ["opening", "middlegame", "ending"][self as usize]
    }
}

/// How a game was lost (see [`classify`] for the rules).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Kind {
    /// One move gave away a man or more by the judge, and our search at the report's budget
    /// sees it too: a shot just past the match-time horizon.
    Tactic,
    /// One move gave away a man or more by the judge, and our search at the report's budget
    /// still does not see it.
    TacticUnseen,
    /// The judge's score climbed over several moves, none losing half a man, while ours read
    /// the position about equal: the evaluation missed it.
    Drift,
    /// The same climb, our score following the judge's down: seen, yet not avoided.
    DriftSeen,
    /// The ending began holdable by the judge and was lost.
    Ending,
    /// None of the above: a move losing half a man to a man on the way.
    Mixed,
}

impl Kind {
    pub const ALL: [Kind; 6] = [
        Kind::Tactic,
        Kind::TacticUnseen,
        Kind::Drift,
        Kind::DriftSeen,
        Kind::Ending,
        Kind::Mixed,
    ];

    pub fn name(self) -> &'static str {
        [
            "tactic at the horizon",
            "tactic unseen deeper",
            "strategic drift",
            "drift, seen",
            "ending misplayed",
            "mixed",
        ][self as usize]
    }
}

/// What is known of one of our moves.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct MoveEvals {
    /// Its index among the game's moves (0 = the first ply).
    pub ply: usize,
    /// Pieces on the board before it.
    pub pieces: u32,
    /// The judge's score before and after it, from the opponent's side.
    pub judge_before: i32,
    pub judge_after: i32,
    /// Our score before (our best) and after it (the move played), from our side, when
    /// searched.
    pub ours_before: Option<i32>,
    pub ours_after: Option<i32>,
}

impl MoveEvals {
    /// How much the move raised the judge's score: what it gave away by the judge.
    pub fn rise(&self) -> i32 {
        self.judge_after - self.judge_before
    }

    /// What the move gave away by our search, when both sides of it were searched.
    pub fn our_loss(&self) -> Option<i32> {
        Some(self.ours_before? - self.ours_after?)
    }
}

/// The decisive move: the index of the first of our moves after which the judge's score stays
/// at or above [`DECISIVE`] after every later move of ours. `None` if the last one ends below.
pub fn decisive(moves: &[MoveEvals]) -> Option<usize> {
    let held = moves
        .iter()
        .rev()
        .take_while(|m| m.judge_after >= DECISIVE)
        .count();
    (held > 0).then(|| moves.len() - held)
}

/// Classifies the loss decided by `moves[d]`, in this order:
/// 1. [`Kind::Ending`]: the game was lost, the decisive move came in the ending, and the judge
///    scored the first position of ours in the ending below [`ENDING_HOLDABLE`];
/// 2. [`Kind::Tactic`] / [`Kind::TacticUnseen`]: the decisive move raised the judge's score by
///    [`SHOT`] or more; seen if our search gives away [`SHOT`] or more by it too;
/// 3. [`Kind::Drift`] / [`Kind::DriftSeen`]: the climb (the moves after the last of ours that
///    left the judge's score below [`LEVEL`], or from the first, to the decisive one) is two or
///    more moves, each raising the judge's score by less than [`SMALL`]; a drift if our score
///    read within [`NEAR_EQUAL`] of zero after some move of the climb that left the judge at
///    [`LEVEL`] or more (our evaluation missed it), seen otherwise;
/// 4. [`Kind::Mixed`] otherwise.
pub fn classify(moves: &[MoveEvals], d: usize, lost: bool) -> Kind {
    let m = &moves[d];
    if lost && Phase::of(m.pieces) == Phase::Ending {
        let entry = moves
            .iter()
            .find(|m| Phase::of(m.pieces) == Phase::Ending)
            .map_or(m.judge_before, |e| e.judge_before);
        if entry < ENDING_HOLDABLE {
            return Kind::Ending;
        }
    }
    if m.rise() >= SHOT {
        return match m.our_loss() {
            Some(l) if l >= SHOT => Kind::Tactic,
            _ => Kind::TacticUnseen,
        };
    }
    let start = moves[..d]
        .iter()
        .rposition(|m| m.judge_after < LEVEL)
        .map_or(0, |k| k + 1);
    let climb = &moves[start..=d];
    if climb.len() < 2 || climb.iter().any(|m| m.rise() >= SMALL) {
        return Kind::Mixed;
    }
    let missed = climb
        .iter()
        .any(|m| m.judge_after >= LEVEL && m.ours_after.is_some_and(|s| s.abs() < NEAR_EQUAL));
    if missed {
        Kind::Drift
    } else {
        Kind::DriftSeen
    }
}

/// How a game ended for the player under study.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Outcome {
    Won,
    Drawn,
    Lost,
}

/// The side whose player's name in the White/Black tags starts with `us` (case-insensitively),
/// if exactly one does.
pub fn our_side(game: &PdnGame, us: &str) -> Option<Color> {
    let ours = |tag| {
        game.tag(tag)
            .is_some_and(|n| n.to_lowercase().starts_with(&us.to_lowercase()))
    };
    match (ours("White"), ours("Black")) {
        (true, false) => Some(Color::White),
        (false, true) => Some(Color::Black),
        _ => None,
    }
}

/// The outcome for `side` of a replayed game: as the board ended it, or as its record's result
/// says (`PdnGame::replay` keeps that, "as recorded"); an unfinished game counts as drawn.
pub fn outcome(game: &Game, side: Color) -> Outcome {
    match game.status() {
        Status::Win { winner, .. } if winner == side => Outcome::Won,
        Status::Win { .. } => Outcome::Lost,
        Status::Draw { .. } | Status::Ongoing => Outcome::Drawn,
    }
}

/// The games after each ply of `game`: `prefixes[k]` has the first `k` moves (so that every
/// position is searched with the history that leads to it).
pub fn prefixes(game: &Game) -> Vec<Game> {
    let mut g = Game::from_position(*game.start());
    let mut all = vec![g.clone()];
    for m in game.moves() {
        g.push(m).expect("a replayed game's moves are legal");
        all.push(g.clone());
    }
    all
}

/// The plies (indices into the game's moves) at which `side` moved.
pub fn plies_of(game: &Game, side: Color) -> Vec<usize> {
    (0..game.moves().len())
        .filter(|&k| game.positions()[k].turn() == side)
        .collect()
}

/// Pieces on the board.
pub fn pieces(pos: &Position) -> u32 {
    pos.occupied().count()
}

/// Who judges the positions.
enum Judge {
    Scan(HubV1, u64),
    Ours,
}

/// A judge's opinion of a position: score for the side to move and its best move.
struct Opinion {
    score: i32,
    best: Option<Move>,
}

/// Our engine at a fixed budget, reproducibly: one thread, table cleared before every search.
struct Ours {
    engine: Engine,
}

impl Ours {
    fn search(&mut self, game: &Game, nodes: u64) -> Opinion {
        let pos = game.position();
        if pos.legal_moves().is_empty() {
            return Opinion {
                score: -CAP,
                best: None,
            };
        }
        self.engine.clear();
        let limits = Limits {
            nodes: Some(nodes),
            ..Default::default()
        };
        let history = ai::game_history(game);
        match self.engine.search(pos, &history, &limits) {
            Some(r) => Opinion {
                score: capped(r.score),
                best: Some(r.best),
            },
            None => Opinion {
                score: -CAP,
                best: None,
            },
        }
    }
}

impl Judge {
    fn opinion(&mut self, game: &Game, ours: &mut Ours, nodes: u64) -> Result<Opinion, String> {
        if game.position().legal_moves().is_empty() {
            return Ok(Opinion {
                score: -CAP,
                best: None,
            });
        }
        match self {
            Judge::Ours => Ok(ours.search(game, nodes)),
            Judge::Scan(scan, ms) => {
                let (m, thought) = scan.analyse(game, *ms)?;
                let score = thought.map_or(0, |t| t.score);
                // Scan's own scale: beyond ±1800 a win it has proved.
                Ok(Opinion {
                    score: if score.abs() > 1800 {
                        CAP * score.signum()
                    } else {
                        score.clamp(-CAP, CAP)
                    },
                    best: Some(m),
                })
            }
        }
    }
}

/// One game's report.
struct GameReport {
    label: String,
    outcome: Outcome,
    moves: Vec<MoveEvals>,
    /// The decisive move (index into `moves`) and its kind.
    verdict: Option<(usize, Kind)>,
    /// At the decisive move: the FEN before, the move played, the judge's move, our best.
    detail: Option<String>,
}

/// Runs the report.
///
/// # Errors
/// An unreadable PDN file, a game that does not replay, or a judge that misbehaves.
pub fn run(args: &MatchReportArgs) -> Result<ExitCode, String> {
    let start = Instant::now();
    let mut judge = match &args.scan {
        Some(dir) => Judge::Scan(HubV1::start_scan(dir)?, args.scan_ms),
        None => Judge::Ours,
    };
    let judge_name = match &judge {
        Judge::Scan(s, ms) => format!("{} at {ms} ms a position (analyse, no book)", s.name),
        Judge::Ours => format!("our search at {} nodes", args.nodes),
    };
    let mut ours = Ours {
        engine: Engine::new(32),
    };
    say!("judge: {judge_name}");
    say!(
        "ours: {} nodes a position, one thread, table cleared each time; match stand-in: {} nodes",
        args.nodes,
        args.match_nodes
    );
    say!(
        "rules: decisive = first move of ours after which the judge stays >= {:.2}; phase by \
         pieces before it (opening >= {OPENING_MIN_PIECES}, ending <= {ENDING_MAX_PIECES}); \
         shot = rise >= {:.2}, drift = rises < {:.2} from below {:.2}, missed if ours within {:.2}",
        f64::from(DECISIVE) / 100.0,
        f64::from(SHOT) / 100.0,
        f64::from(SMALL) / 100.0,
        f64::from(LEVEL) / 100.0,
        f64::from(NEAR_EQUAL) / 100.0
    );
    let book = ai::book::builtin(Variant::International);
    let mut reports = Vec::new();
    for path in &args.pdn {
        let text = crate::read_pdn_text(path)?;
        for (n, pdn) in parse_each_game(&text).into_iter().enumerate() {
            let label = format!("{}#{}", file_stem(path), n + 1);
            let pdn = pdn.map_err(|e| format!("{label}: PDN line {}: {}", e.line, e.problem))?;
            let Some(side) = our_side(&pdn, &args.us) else {
                eprintln!("{label}: no player named {:?}*, skipped", args.us);
                continue;
            };
            let game = pdn
                .replay(Variant::International)
                .map_err(|e| format!("{label}: {e}"))?;
            let outcome = outcome(&game, side);
            if outcome == Outcome::Won {
                continue;
            }
            let report = analyse_game(
                &mut judge,
                &mut ours,
                args,
                book.as_ref(),
                (label, side, outcome),
                &game,
            )?;
            eprintln!(
                "{} done ({:.0} s so far)",
                report.label,
                start.elapsed().as_secs_f64()
            );
            print_game(&report, args.moves);
            reports.push(report);
        }
    }
    say!("");
    say!("{}", summary(&reports));
    say!("took {:.0} s", start.elapsed().as_secs_f64());
    Ok(ExitCode::SUCCESS)
}

fn file_stem(path: &std::path::Path) -> String {
    path.file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned())
}

fn analyse_game(
    judge: &mut Judge,
    ours: &mut Ours,
    args: &MatchReportArgs,
    book: Option<&ai::Book>,
    (label, side, outcome): (String, Color, Outcome),
    game: &Game,
) -> Result<GameReport, String> {
    if let Judge::Scan(scan, _) = judge {
        scan.new_game()?;
    }
    let games = prefixes(game);
    let plies = plies_of(game, side);
    // The judge's opinion of every position next to one of our moves, from the opponent's side.
    let mut judged: Vec<Option<Opinion>> = (0..games.len()).map(|_| None).collect();
    for &k in &plies {
        for j in [k, k + 1] {
            if judged[j].is_none() {
                let o = judge.opinion(&games[j], ours, args.nodes)?;
                let turn = games[j].position().turn();
                let score = if turn == side { -o.score } else { o.score };
                judged[j] = Some(Opinion { score, ..o });
            }
        }
    }
    let judge_at = |j: usize| judged[j].as_ref().map_or(0, |o| o.score);
    let mut moves: Vec<MoveEvals> = plies
        .iter()
        .map(|&k| MoveEvals {
            ply: k,
            pieces: pieces(&game.positions()[k]),
            judge_before: judge_at(k),
            judge_after: judge_at(k + 1),
            ours_before: None,
            ours_after: None,
        })
        .collect();
    let d = if outcome == Outcome::Lost {
        decisive(&moves)
    } else {
        None
    };
    // Our searches: every move of ours up to the decisive one (those after it no longer
    // matter); none in a drawn game.
    let mut best_at = Vec::new();
    if let Some(d) = d {
        for m in moves.iter_mut().take(d + 1) {
            let before = ours.search(&games[m.ply], args.nodes);
            let after = ours.search(&games[m.ply + 1], args.nodes);
            m.ours_before = Some(before.score);
            m.ours_after = Some(-after.score);
            best_at.push(before.best);
        }
    }
    let verdict = d.map(|d| (d, classify(&moves, d, outcome == Outcome::Lost)));
    let detail = d.map(|d| {
        let k = moves[d].ply;
        let before = &games[k];
        let pos = before.position();
        let played = game.moves()[k];
        let in_book = book.is_some_and(|b| b.moves(pos).iter().any(|(m, _)| *m == played));
        let stand_in = ours.search(before, args.match_nodes);
        let text = |m: Option<Move>| m.map_or("-".to_owned(), |m| move_to_hub(&m));
        format!(
            "fen {} played {} judge's {} ours {}{}; at {} nodes ours plays {} ({:+.2})",
            write_fen(pos),
            move_to_hub(&played),
            text(judged[k].as_ref().and_then(|o| o.best)),
            text(best_at[d]),
            if in_book { " (book move)" } else { "" },
            args.match_nodes,
            text(stand_in.best),
            f64::from(stand_in.score) / 100.0
        )
    });
    Ok(GameReport {
        label,
        outcome,
        moves,
        verdict,
        detail,
    })
}

fn man(score: i32) -> String {
    format!("{:+.2}", f64::from(score) / 100.0)
}

fn opt_man(score: Option<i32>) -> String {
    score.map_or("-".to_owned(), man)
}

fn print_game(report: &GameReport, per_move: bool) {
    if per_move {
        for m in &report.moves {
            say!(
                "  {} ply {} pieces {} judge {} -> {} ours {} -> {}",
                report.label,
                m.ply + 1,
                m.pieces,
                man(m.judge_before),
                man(m.judge_after),
                opt_man(m.ours_before),
                opt_man(m.ours_after)
            );
        }
    }
    let outcome = match report.outcome {
        Outcome::Won => "won",
        Outcome::Drawn => "drawn",
        Outcome::Lost => "lost",
    };
    match report.verdict {
        Some((d, kind)) => {
            let m = &report.moves[d];
            say!(
                "{} {outcome}: decisive ply {} ({} pieces, {}), {}: judge {} -> {}, ours {} -> {}; {}",
                report.label,
                m.ply + 1,
                m.pieces,
                Phase::of(m.pieces).name(),
                kind.name(),
                man(m.judge_before),
                man(m.judge_after),
                opt_man(m.ours_before),
                opt_man(m.ours_after),
                report.detail.as_deref().unwrap_or_default()
            );
        }
        None => {
            let peak = report.moves.iter().max_by_key(|m| m.judge_after);
            say!(
                "{} {outcome}: no decisive move; the judge's peak {} after ply {}",
                report.label,
                peak.map_or("-".to_owned(), |m| man(m.judge_after)),
                peak.map_or(0, |m| m.ply + 1)
            );
        }
    }
}

/// The table of decisive moves, phase × kind, with the averages.
fn summary(reports: &[GameReport]) -> String {
    let mut out = String::new();
    let decided: Vec<(&MoveEvals, Kind)> = reports
        .iter()
        .filter_map(|r| r.verdict.map(|(d, k)| (&r.moves[d], k)))
        .collect();
    let _ = write!(out, "| phase \\ kind |");
    for k in Kind::ALL {
        let _ = write!(out, " {} |", k.name());
    }
    let _ = writeln!(out, " total |");
    let _ = writeln!(out, "|---{}|---|", "|---".repeat(Kind::ALL.len()));
    for p in Phase::ALL {
        let _ = write!(out, "| {} |", p.name());
        for k in Kind::ALL {
            let n = decided
                .iter()
                .filter(|(m, kk)| Phase::of(m.pieces) == p && *kk == k)
                .count();
            let _ = write!(out, " {n} |");
        }
        let n = decided
            .iter()
            .filter(|(m, _)| Phase::of(m.pieces) == p)
            .count();
        let _ = writeln!(out, " {n} |");
    }
    let _ = write!(out, "| total |");
    for k in Kind::ALL {
        let n = decided.iter().filter(|(_, kk)| *kk == k).count();
        let _ = write!(out, " {n} |");
    }
    let _ = writeln!(out, " {} |", decided.len());
    let undecided = reports.len() - decided.len();
    let _ = writeln!(
        out,
        "\ngames not won: {} ({} with a decisive move, {undecided} without)",
        reports.len(),
        decided.len()
    );
    if !decided.is_empty() {
        let n = decided.len() as f64;
        let mean =
            |f: &dyn Fn(&MoveEvals) -> f64| decided.iter().map(|(m, _)| f(m)).sum::<f64>() / n;
        let _ = writeln!(
            out,
            "decisive move: average ply {:.1}, pieces {:.1}; judge before {:+.2} after {:+.2}; \
             ours before {:+.2} after {:+.2}",
            mean(&|m| (m.ply + 1) as f64),
            mean(&|m| f64::from(m.pieces)),
            mean(&|m| f64::from(m.judge_before) / 100.0),
            mean(&|m| f64::from(m.judge_after) / 100.0),
            mean(&|m| f64::from(m.ours_before.unwrap_or(0)) / 100.0),
            mean(&|m| f64::from(m.ours_after.unwrap_or(0)) / 100.0),
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Our moves with the judge's scores after each (the one before each is the previous
    /// after, or 0), in the middlegame, our scores unknown.
    fn series(after: &[i32]) -> Vec<MoveEvals> {
        let mut before = 0;
        after
            .iter()
            .enumerate()
            .map(|(i, &a)| {
                let m = MoveEvals {
                    ply: 2 * i,
                    pieces: 24,
                    judge_before: before,
                    judge_after: a,
                    ours_before: None,
                    ours_after: None,
                };
                before = a;
                m
            })
            .collect()
    }

    #[test]
    fn phases_by_pieces() {
        assert_eq!(Phase::of(40), Phase::Opening);
        assert_eq!(Phase::of(34), Phase::Opening);
        assert_eq!(Phase::of(33), Phase::Middlegame);
        assert_eq!(Phase::of(15), Phase::Middlegame);
        assert_eq!(Phase::of(14), Phase::Ending);
        assert_eq!(Phase::of(2), Phase::Ending);
    }

    #[test]
    fn the_decisive_move_is_the_first_after_which_the_judge_stays_a_man_up() {
        // A man up at move 1, back to equal at 2, then a man up for good from move 3.
        let moves = series(&[10, 120, 40, 100, 150, 300, 1000]);
        assert_eq!(decisive(&moves), Some(3));
        assert_eq!(decisive(&series(&[10, 120, 99])), None);
        assert_eq!(decisive(&series(&[])), None);
        assert_eq!(decisive(&series(&[200])), Some(0));
    }

    #[test]
    fn a_drop_of_a_man_is_a_tactic_seen_or_unseen_by_our_deeper_search() {
        let mut moves = series(&[0, 10, 150, 400]);
        moves[2].ours_before = Some(0);
        moves[2].ours_after = Some(-120);
        assert_eq!(classify(&moves, 2, true), Kind::Tactic);
        moves[2].ours_after = Some(-30);
        assert_eq!(classify(&moves, 2, true), Kind::TacticUnseen);
        moves[2].ours_after = None;
        assert_eq!(classify(&moves, 2, true), Kind::TacticUnseen);
    }

    #[test]
    fn a_climb_by_small_steps_read_as_equal_is_a_drift() {
        let mut moves = series(&[0, 30, 60, 80, 100, 200]);
        for (m, ours) in moves.iter_mut().zip([0, -10, -20, -60, -90]) {
            m.ours_after = Some(ours);
        }
        assert_eq!(decisive(&moves), Some(4));
        // After move 2 the judge is at +0.60 and we read -0.20: missed.
        assert_eq!(classify(&moves, 4, true), Kind::Drift);
        // Our search following the judge down: seen.
        moves[2].ours_after = Some(-55);
        assert_eq!(classify(&moves, 4, true), Kind::DriftSeen);
        // One step of 0.60 within the climb: mixed.
        let mut moves = series(&[0, 40, 100, 200]);
        moves[2].ours_after = Some(0);
        assert_eq!(classify(&moves, 2, true), Kind::Mixed);
        // A single step of 0.70 from below half a man is no drift (several moves are needed).
        let mut moves = series(&[0, 40, 45, 110]);
        moves[3].judge_before = 45;
        moves[3].ours_after = Some(0);
        assert_eq!(classify(&moves, 3, true), Kind::Mixed);
    }

    #[test]
    fn an_ending_entered_holdable_and_lost_is_misplayed() {
        let mut moves = series(&[0, 10, 20, 60, 120, 300]);
        for m in &mut moves[2..] {
            m.pieces = 12;
        }
        // The ending begins at move 2 with the judge at +0.10.
        assert_eq!(classify(&moves, 4, true), Kind::Ending);
        // Not lost (a draw that was a man down for a while): judged by the other rules.
        assert_ne!(classify(&moves, 4, false), Kind::Ending);
        // Entered already half a man down: lost before the ending, judged by the other rules.
        moves[2].judge_before = 60;
        assert_ne!(classify(&moves, 4, true), Kind::Ending);
    }

    const PDN: &str = "[White \"Scan 2.0\"]\n[Black \"level 6 (Master)\"]\n[Result \"2-0\"]\n\
                       [GameType \"20\"]\n\n1. 32-28 19-23 2. 28x19 14x23 2-0\n";

    #[test]
    fn a_record_replays_with_our_side_and_result() {
        let pdn = &parse_each_game(PDN)[0].as_ref().unwrap().clone();
        assert_eq!(our_side(pdn, "level"), Some(Color::Black));
        assert_eq!(our_side(pdn, "Scan"), Some(Color::White));
        assert_eq!(our_side(pdn, "nobody"), None);
        let game = pdn.replay(Variant::International).unwrap();
        assert_eq!(outcome(&game, Color::Black), Outcome::Lost);
        assert_eq!(outcome(&game, Color::White), Outcome::Won);
        assert_eq!(plies_of(&game, Color::Black), vec![1, 3]);
        assert_eq!(plies_of(&game, Color::White), vec![0, 2]);
        let all = prefixes(&game);
        assert_eq!(all.len(), 5);
        assert_eq!(all[4].position(), game.position());
        assert_eq!(all[2].moves(), &game.moves()[..2]);
        // The pieces before our second move (after 28x19): 39.
        assert_eq!(pieces(&game.positions()[3]), 39);
        assert_eq!(pieces(game.position()), 38);
    }
}
