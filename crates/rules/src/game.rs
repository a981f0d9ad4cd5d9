//! A game: the start position, the moves played (with redo), the result and why.
//!
//! Draws are derived from the history, never stored: repetition, the variant's king-move rule
//! and its endgame rules all count plies backwards from the current position, so undo and redo
//! need no bookkeeping.

use crate::fen::{write_fen, FenError};
use crate::message::Message;
use crate::mv::Move;
use crate::notation::{self, MoveTextError};
use crate::position::Position;
use crate::square::Color;
use crate::variant::{EndgameRule, Material, Variant};
use crate::variation::Variation;
use std::fmt;

/// Why a game was won.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum WinReason {
    /// The loser has no pieces left.
    NoPieces,
    /// The loser, to move, has no legal move.
    NoLegalMoves,
    Resignation,
    /// The winner crowned the first king (Breakthrough).
    KingCrowned,
    /// A game record says so (a PDN result) and the board does not show why: a resignation,
    /// a loss on time, a forfeit or a bare result with no moves at all.
    Recorded,
    /// The loser's time ran out (see [`Game::time_out`]).
    Time,
}

/// Why a game was drawn.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum DrawReason {
    Repetition,
    /// So many moves of kings only, without capture (e.g. the FMJD 25-move rule); `moves` per side.
    KingMoves {
        moves: u16,
    },
    /// An endgame not won within its limit (e.g. the FMJD 16- and 5-move rules); `moves` per side.
    Endgame {
        moves: u16,
    },
    Agreement,
    /// A game record says so (a PDN result) and the board does not show why.
    Recorded,
    /// A player's time ran out, but the opponent could not have won by any series of legal
    /// moves (see [`Game::time_out`]).
    TimeNoWin {
        flagged: Color,
    },
}

/// Where the game stands.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Status {
    Ongoing,
    Win { winner: Color, reason: WinReason },
    Draw { reason: DrawReason },
}

impl Status {
    pub fn is_over(self) -> bool {
        self != Status::Ongoing
    }
}

/// The English words of the catalogue ([`WinReason::message`]); also the PDN `Termination` value
/// (e.g. "time forfeit", the PGN standard's, section 8.1.1).
impl fmt::Display for WinReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message().text())
    }
}

impl fmt::Display for DrawReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message().text())
    }
}

impl Status {
    /// "White wins (no pieces)", "draw (threefold repetition)", "ongoing" as a message.
    pub fn message(self) -> Message {
        match self {
            Status::Ongoing => Message::new("status.ongoing"),
            Status::Win { winner, reason } => Message::new("status.win")
                .with("winner", winner)
                .with("reason", reason.message()),
            Status::Draw { reason } => Message::new("status.draw").with("reason", reason.message()),
        }
    }
}

impl WinReason {
    pub fn message(self) -> Message {
        Message::new(match self {
            WinReason::NoPieces => "reason.no-pieces",
            WinReason::NoLegalMoves => "reason.no-legal-moves",
            WinReason::Resignation => "reason.resignation",
            WinReason::KingCrowned => "reason.first-king",
            WinReason::Recorded => "reason.recorded",
            WinReason::Time => "reason.time",
        })
    }
}

impl DrawReason {
    pub fn message(self) -> Message {
        match self {
            DrawReason::Repetition => Message::new("reason.repetition"),
            DrawReason::KingMoves { moves } | DrawReason::Endgame { moves } => {
                Message::new("reason.move-rule").with("moves", moves)
            }
            DrawReason::Agreement => Message::new("reason.agreement"),
            DrawReason::Recorded => Message::new("reason.recorded"),
            DrawReason::TimeNoWin { .. } => Message::new("reason.time"),
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message().text())
    }
}

/// A move that cannot be played in the game as it stands.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum GameError {
    GameOver(Status),
    Move(MoveTextError),
    Illegal(crate::position::IllegalMoveError),
    NoSuchPly { ply: usize, recorded: usize },
}

impl GameError {
    pub fn message(&self) -> Message {
        match self {
            GameError::GameOver(status) => {
                Message::new("game.over").with("status", status.message())
            }
            GameError::Move(e) => e.message(),
            GameError::Illegal(e) => e.message(),
            GameError::NoSuchPly { ply, recorded } => Message::new("game.no-such-ply")
                .with("ply", *ply)
                .with("recorded", *recorded),
        }
    }
}

impl From<MoveTextError> for GameError {
    fn from(e: MoveTextError) -> GameError {
        GameError::Move(e)
    }
}

impl From<crate::position::IllegalMoveError> for GameError {
    fn from(e: crate::position::IllegalMoveError) -> GameError {
        GameError::Illegal(e)
    }
}

crate::error_by_message!(GameError);

/// A result decided by the players rather than the board.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Decision {
    Resigned(Color),
    DrawAgreed,
    /// A result read from a record: the winner, or `None` for a draw.
    Recorded(Option<Color>),
    /// `flagged`'s time ran out; `drawn` when the opponent could not have won.
    TimeOut {
        flagged: Color,
        drawn: bool,
    },
}

/// A game record with undo and redo.
#[derive(Clone, Debug)]
pub struct Game {
    /// `positions[0]` is the start; `positions[i + 1]` follows `moves[i]`.
    positions: Vec<Position>,
    pub(crate) moves: Vec<Move>,
    /// Number of moves currently applied; moves beyond it can be redone.
    cursor: usize,
    decision: Option<Decision>,
    /// Full-move number of the start position (from a FEN `:F` field), for PDN numbering.
    first_move_number: u32,
    /// Comments of the record, `(plies, text)`: the text stands after that many moves (0 before
    /// the first), in order of `plies`. Moves that could be redone keep theirs.
    pub(crate) comments: Vec<(usize, String)>,
    /// Side lines of the main line (see [`crate::variation`]).
    pub(crate) variations: Vec<Variation>,
}

impl Game {
    /// A game from the variant's start position.
    pub fn new(variant: Variant) -> Game {
        Game::from_position(Position::new(variant))
    }

    /// A game from any legal position.
    pub fn from_position(start: Position) -> Game {
        Game {
            positions: vec![start],
            moves: Vec::new(),
            cursor: 0,
            decision: None,
            first_move_number: 1,
            comments: Vec::new(),
            variations: Vec::new(),
        }
    }

    /// A game from a FEN.
    ///
    /// # Errors
    /// The FEN is malformed or not a legal position for the variant.
    pub fn from_fen(fen: &str, variant: Variant) -> Result<Game, FenError> {
        let setup = crate::fen::parse_setup(fen, variant.geometry())?;
        let pos = Position::from_setup(&setup, variant)?;
        let mut game = Game::from_position(pos);
        game.first_move_number = setup.fullmove_number.unwrap_or(1).max(1);
        Ok(game)
    }

    pub fn variant(&self) -> Variant {
        self.positions[0].variant()
    }

    /// The position on the board now.
    pub fn position(&self) -> &Position {
        &self.positions[self.cursor]
    }

    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// Full-move number of the start position.
    pub fn first_move_number(&self) -> u32 {
        self.first_move_number
    }

    /// The move number players write for the move played from the position after `ply` moves
    /// (PDN numbering: both players' moves share a number; a game set up with the second player
    /// to move starts with "1. …", so its first ply already has the first player's half behind it).
    pub fn move_number(&self, ply: usize) -> u32 {
        let offset = usize::from(self.start().turn() != self.variant().rules().first);
        self.first_move_number + ((ply + offset) / 2) as u32
    }

    /// The moves leading to the current position.
    pub fn moves(&self) -> &[Move] {
        &self.moves[..self.cursor]
    }

    /// Positions from the start to the current one, inclusive.
    pub fn positions(&self) -> &[Position] {
        &self.positions[..=self.cursor]
    }

    /// Standard texts of the moves played, each written in the position it was played in.
    pub fn history(&self) -> Vec<String> {
        self.moves()
            .iter()
            .zip(&self.positions)
            .map(|(m, p)| notation::move_to_text(p, m))
            .collect()
    }

    /// Legal moves now; none once the game is over.
    pub fn legal_moves(&self) -> Vec<Move> {
        let moves = self.position().legal_moves();
        if self.status_given(!moves.is_empty()).is_over() {
            Vec::new()
        } else {
            moves
        }
    }

    /// Plays a legal move, dropping any moves that could have been redone.
    ///
    /// # Errors
    /// The game is over or the move is illegal; the game is unchanged.
    pub fn play(&mut self, m: &Move) -> Result<(), GameError> {
        let status = self.status();
        if status.is_over() {
            return Err(GameError::GameOver(status));
        }
        self.push(m)?;
        Ok(())
    }

    /// Plays a legal move even if a draw rule has ended the game: records of real games go on
    /// after a repetition that nobody claimed.
    pub fn push(&mut self, m: &Move) -> Result<(), GameError> {
        let played = self.position().listed(m)?;
        let mut next = *self.position();
        next.play_unchecked(&played);
        self.positions.truncate(self.cursor + 1);
        self.moves.truncate(self.cursor);
        // Comments on the moves being replaced belong to a line that is no longer played.
        let cursor = self.cursor;
        self.comments.retain(|&(after, _)| after <= cursor);
        // Side lines that branch before the new move still start from positions of the game.
        self.variations.retain(|v| v.at <= cursor);
        self.positions.push(next);
        self.moves.push(played);
        self.cursor += 1;
        Ok(())
    }

    /// Plays a move given as text.
    ///
    /// # Errors
    /// As [`Game::play`], or the text names no single legal move.
    pub fn play_text(&mut self, text: &str) -> Result<Move, GameError> {
        let status = self.status();
        if status.is_over() {
            return Err(GameError::GameOver(status));
        }
        let m = notation::parse_move(self.position(), text)?;
        self.play(&m)?;
        Ok(m)
    }

    pub fn can_undo(&self) -> bool {
        self.decision.is_some() || self.cursor > 0
    }

    pub fn can_redo(&self) -> bool {
        self.decision.is_none() && self.cursor < self.moves.len()
    }

    /// Takes back a resignation or draw agreement, else the last move. False if there is nothing.
    pub fn undo(&mut self) -> bool {
        if self.decision.take().is_some() {
            return true;
        }
        if self.cursor == 0 {
            return false;
        }
        self.cursor -= 1;
        true
    }

    /// Replays the next undone move. False if there is none.
    pub fn redo(&mut self) -> bool {
        if !self.can_redo() {
            return false;
        }
        self.cursor += 1;
        true
    }

    /// Goes back (or forward, through moves that can be redone) to the position after `ply`
    /// moves: "play from here" on a past position. A result the players decided is taken back
    /// when going back; the later moves stay redoable until another move is played.
    ///
    /// # Errors
    /// `ply` is beyond the moves recorded; the game is unchanged.
    pub fn go_to(&mut self, ply: usize) -> Result<(), GameError> {
        if ply >= self.positions.len() {
            return Err(GameError::NoSuchPly {
                ply,
                recorded: self.moves.len(),
            });
        }
        if ply != self.cursor {
            self.decision = None;
        }
        self.cursor = ply;
        Ok(())
    }

    /// `color` resigns (ignored once the game is over).
    pub fn resign(&mut self, color: Color) {
        if !self.status().is_over() {
            self.decision = Some(Decision::Resigned(color));
        }
    }

    /// Both players agree to a draw (ignored once the game is over).
    pub fn agree_draw(&mut self) {
        if !self.status().is_over() {
            self.decision = Some(Decision::DrawAgreed);
        }
    }

    /// Ends the game with a result read from a record (`winner`, or `None` for a draw) that the
    /// board does not show: it is kept "as recorded" rather than guessed to be a resignation.
    /// Ignored once the game is over.
    pub fn record_result(&mut self, winner: Option<Color>) {
        if !self.status().is_over() {
            self.decision = Some(Decision::Recorded(winner));
        }
    }

    /// `flagged`'s time ran out (ignored once the game is over). A player whose time runs out
    /// loses the game: FMJD Annex 1, art. 10 ("Time control") has each player make the moves in
    /// the time given on a clock, and lidraughts scores every flag as a loss. The game is drawn
    /// instead when the opponent could not win by any series of legal moves: the rule of the
    /// FIDE Laws of Chess (art. 6.9), on which the FMJD texts we could read are silent. Only a
    /// proven case draws (see [`can_ever_win`]).
    pub fn time_out(&mut self, flagged: Color) {
        if !self.status().is_over() {
            let drawn = !can_ever_win(self, flagged.other());
            self.decision = Some(Decision::TimeOut { flagged, drawn });
        }
    }

    /// A time-out read from a record, with the result it gives (ignored once the game is over).
    pub fn record_time_out(&mut self, flagged: Color, drawn: bool) {
        if !self.status().is_over() {
            self.decision = Some(Decision::TimeOut { flagged, drawn });
        }
    }

    /// The comment standing after `plies` moves (0: before the first move), if any.
    pub fn comment(&self, plies: usize) -> Option<&str> {
        self.comments
            .iter()
            .find(|(after, _)| *after == plies)
            .map(|(_, text)| text.as_str())
    }

    /// Sets the comment standing after `plies` moves (appended to one already there); `}` is
    /// written as `)` since it would end a PDN comment. Blank text is ignored.
    pub fn add_comment(&mut self, plies: usize, text: &str) {
        crate::variation::add_comment(&mut self.comments, plies, text);
    }

    /// Drops the moves that could have been redone, with their comments and side lines.
    pub(crate) fn drop_redo(&mut self) {
        let cursor = self.cursor;
        self.moves.truncate(cursor);
        self.positions.truncate(cursor + 1);
        self.comments.retain(|&(after, _)| after <= cursor);
        self.variations.retain(|v| v.at <= cursor);
    }

    /// Replays the main line's moves from the start after they changed (a variation promoted):
    /// the game stands at their end, and a result the players decided is taken back.
    pub(crate) fn replay_main_line(&mut self) {
        self.positions.truncate(1);
        for m in &self.moves {
            let mut next = *self.positions.last().expect("the start");
            next.play_unchecked(m);
            self.positions.push(next);
        }
        self.cursor = self.moves.len();
        self.decision = None;
    }

    /// The result now, with its reason.
    pub fn status(&self) -> Status {
        self.status_given(!self.position().legal_moves().is_empty())
    }

    /// The result, given whether the side to move has a legal move (so callers that already
    /// generated the moves need not do it twice).
    fn status_given(&self, has_moves: bool) -> Status {
        match self.decision {
            Some(Decision::Resigned(c)) => {
                return Status::Win {
                    winner: c.other(),
                    reason: WinReason::Resignation,
                }
            }
            Some(Decision::DrawAgreed) => {
                return Status::Draw {
                    reason: DrawReason::Agreement,
                }
            }
            Some(Decision::Recorded(Some(winner))) => {
                return Status::Win {
                    winner,
                    reason: WinReason::Recorded,
                }
            }
            Some(Decision::Recorded(None)) => {
                return Status::Draw {
                    reason: DrawReason::Recorded,
                }
            }
            Some(Decision::TimeOut {
                flagged,
                drawn: true,
            }) => {
                return Status::Draw {
                    reason: DrawReason::TimeNoWin { flagged },
                }
            }
            Some(Decision::TimeOut { flagged, .. }) => {
                return Status::Win {
                    winner: flagged.other(),
                    reason: WinReason::Time,
                }
            }
            None => {}
        }
        let pos = self.position();
        let to_move = pos.turn();
        // The board's own verdicts (Rules::without_moves, Position::decided): a crowned king in
        // Breakthrough, a side out of pieces or of moves.
        if let Some(verdict) = pos.decided() {
            let reason = if pos.is_variant_end() {
                WinReason::KingCrowned
            } else {
                WinReason::NoPieces
            };
            return Status::Win {
                winner: verdict.winner(to_move),
                reason,
            };
        }
        let without_moves = pos.rules().without_moves();
        // A set-up position can have the side that just "moved" already without pieces.
        if pos.pieces(to_move.other()).is_empty() {
            return Status::Win {
                winner: without_moves.winner(to_move.other()),
                reason: WinReason::NoPieces,
            };
        }
        if !has_moves {
            return Status::Win {
                winner: without_moves.winner(to_move),
                reason: WinReason::NoLegalMoves,
            };
        }
        match self.draw_reason() {
            Some(reason) => Status::Draw { reason },
            None => Status::Ongoing,
        }
    }

    fn draw_reason(&self) -> Option<DrawReason> {
        let rules = self.variant().rules();
        let history = self.positions();
        let now = self.position();
        let seen = history.iter().filter(|p| *p == now).count();
        if rules.draws.repetitions > 0 && seen >= rules.draws.repetitions as usize {
            return Some(DrawReason::Repetition);
        }
        // Plies in a row, ending now, that moved a king without capturing.
        let king_plies = self
            .moves()
            .iter()
            .zip(history)
            .rev()
            .take_while(|(m, before)| {
                !m.is_capture() && before.kings().contains(before.geometry().bit(m.from()))
            })
            .count();
        let limit = rules.draws.king_moves_plies;
        if limit > 0 && king_plies >= limit as usize {
            return Some(DrawReason::KingMoves { moves: limit / 2 });
        }
        let rule = endgame_rule(now, rules.draws.endgames)?;
        // Plies since this endgame arose. FMJD art. 6.3/6.4 count from the last capture; the
        // Russian rules count while the balance of forces is unchanged, so a promotion
        // restarts them too.
        let same_material = |p: &Position| match rule.when {
            Material::PiecesWithKingVsLoneKing { .. } => {
                p.occupied().count() == now.occupied().count()
            }
            _ => Color::ALL.iter().all(|&c| p.counts(c) == now.counts(c)),
        };
        let plies = history
            .iter()
            .rev()
            .skip(1)
            .take_while(|p| same_material(p) && covers(p, &rule))
            .count();
        if plies >= rule.plies as usize {
            return Some(DrawReason::Endgame {
                moves: rule.plies / 2,
            });
        }
        None
    }

    /// The game as PDN text.
    pub fn to_pdn(&self, tags: &PdnTags) -> String {
        crate::pdn::write_game(self, tags)
    }

    /// The current position as FEN.
    pub fn fen(&self) -> String {
        write_fen(self.position())
    }
}

/// How far [`can_ever_win`] looks: plies along a line, and positions in all.
const HELP_PLIES: usize = 40;
const HELP_NODES: usize = 10_000;

/// Whether `side` could still win the game by some series of legal moves, the other side
/// helping: every line is played out (the game's own rules end each one: its goal, blocked
/// pieces, the draw rules) until `side` wins in one of them. In draughts that is nearly always
/// so while both sides have pieces; it fails where every line ends otherwise soon, such as a
/// side whose last pieces are blocked for good. Only a complete search (every line ended within
/// [`HELP_PLIES`] plies and [`HELP_NODES`] positions) answers no: a line still going at the
/// horizon, or a search too large, counts as a possible win.
pub fn can_ever_win(game: &Game, side: Color) -> bool {
    /// `Some(true)`: a win for `side` found; `Some(false)`: none in this subtree; `None`: unknown.
    fn search(g: &mut Game, side: Color, depth: usize, nodes: &mut usize) -> Option<bool> {
        *nodes += 1;
        let moves = g.legal_moves();
        if moves.is_empty() {
            return Some(matches!(g.status(), Status::Win { winner, .. } if winner == side));
        }
        if depth == 0 || *nodes > HELP_NODES {
            return None;
        }
        for m in &moves {
            g.push(m).ok()?;
            let found = search(g, side, depth - 1, nodes);
            g.undo();
            // Any answer but "no win here" settles it: a win, or a line that cannot be ruled out.
            if found != Some(false) {
                return found;
            }
        }
        Some(false)
    }
    let mut g = game.clone();
    g.decision = None;
    // Moves that could be redone are no line of this game.
    g.moves.truncate(g.cursor);
    g.positions.truncate(g.cursor + 1);
    search(&mut g, side, HELP_PLIES, &mut 0) != Some(false)
}

/// Player-facing tags written to PDN (the rest are derived from the game).
#[derive(Clone, PartialEq, Eq, Debug, Default)]
pub struct PdnTags {
    pub event: Option<String>,
    pub site: Option<String>,
    pub date: Option<String>,
    pub round: Option<String>,
    pub white: Option<String>,
    pub black: Option<String>,
}

/// The first endgame rule covering the position, if any.
fn endgame_rule(pos: &Position, rules: &'static [EndgameRule]) -> Option<EndgameRule> {
    rules.iter().copied().find(|r| covers(pos, r))
}

/// Whether the position's material (and, for the main-road rule, the lone king's square) is
/// what `rule` is about.
fn covers(pos: &Position, rule: &EndgameRule) -> bool {
    let w = pos.counts(Color::White);
    let b = pos.counts(Color::Black);
    let on_main_road = |c: Color| {
        let g = pos.geometry();
        pos.pieces(c)
            .first()
            .is_some_and(|bit| g.on_long_diagonal(g.square(bit)))
    };
    match material_covers(w, b, rule.when) {
        Some(covered) => covered,
        // Only the main-road rule looks at squares: then the weak side is the lone king.
        None => {
            let weak = if w.total() == 1 && w.kings == 1 && b.kings >= 1 && b.total() > 1 {
                Color::White
            } else {
                Color::Black
            };
            material_covers_main_road(w, b, rule.when, weak) && on_main_road(weak)
        }
    }
}

/// Whether material alone (men and kings of White and of Black) puts a position under a rule
/// about `when`; `None` where the squares decide too (the lone king on the main road).
pub fn material_covers(
    w: crate::position::Counts,
    b: crate::position::Counts,
    when: Material,
) -> Option<bool> {
    let lone_king = |c: crate::position::Counts| c.men == 0 && c.kings == 1;
    let pieces_with_king_vs_lone_king = |strong: crate::position::Counts, weak, pieces| {
        lone_king(weak) && strong.kings >= 1 && strong.total() == pieces
    };
    if let Material::PiecesWithKingVsLoneKingOnMainRoad { .. } = when {
        return None;
    }
    Some([(w, b), (b, w)].iter().any(|&(strong, weak)| match when {
        Material::PiecesWithKingVsLoneKing { pieces } => {
            pieces_with_king_vs_lone_king(strong, weak, pieces)
        }
        Material::PiecesWithKingVsLoneKingOnMainRoad { .. } => false,
        Material::KingsVsLoneKing { kings } => lone_king(weak) && strong.kings >= kings,
        Material::BothHaveKings {
            min_pieces,
            max_pieces,
        } => {
            let n = strong.total() + weak.total();
            strong.kings >= 1 && weak.kings >= 1 && n >= min_pieces && n <= max_pieces
        }
        Material::OnlyKings { pieces } => {
            strong.men + weak.men == 0 && strong.kings + weak.kings == pieces
        }
        Material::OnePieceEach => strong.total() == 1 && weak.total() == 1,
    }))
}

/// The material half of the main-road rule: `weak` has a lone king, the other side exactly
/// `pieces` pieces with a king.
fn material_covers_main_road(
    w: crate::position::Counts,
    b: crate::position::Counts,
    when: Material,
    weak: Color,
) -> bool {
    let Material::PiecesWithKingVsLoneKingOnMainRoad { pieces } = when else {
        return false;
    };
    let (strong, lone) = match weak {
        Color::White => (b, w),
        Color::Black => (w, b),
    };
    lone.men == 0 && lone.kings == 1 && strong.kings >= 1 && strong.total() == pieces
}
