//! What a player sees of a game, in one piece: the board, whose turn, the counts, the result and
//! why, the numbered move list and the legal moves each with its index. The page asks for one
//! snapshot per change and draws from it alone (the Rust-wasm book's advice: one coarse value
//! across the boundary, not dozens of calls), so it never asks the engine the same thing twice
//! nor works anything out for itself.
//!
//! Everything here is plain data (serde), built natively and tested without a browser; `wasm.rs`
//! only converts it.

use draughts_rules::game::{DrawReason, Game, Status, WinReason};
use draughts_rules::message::Message;
use draughts_rules::mv::Move;
use draughts_rules::notation::{self, move_text_among};
use draughts_rules::pdn::result_token;
use draughts_rules::position::Position;
use draughts_rules::setup::{Piece, Role};
use draughts_rules::square::{Color, Square};
use draughts_rules::variant::{Goal, Variant};
use draughts_rules::variation::Variation;
use serde::Serialize;

/// The legal moves of a position in their canonical order: by origin, then landing squares, then
/// captured squares (by field number). A move's index in this list is how the page plays it
/// and how a shared link stores it, so the order must not depend on the generator's.
pub fn ordered_moves(mut moves: Vec<Move>) -> Vec<Move> {
    fn numbers(s: &[Square]) -> impl Iterator<Item = u8> + '_ {
        s.iter().map(|q| q.number())
    }
    let after = |a: &Move, b: &Move| {
        a.from()
            .number()
            .cmp(&b.from().number())
            .then_with(|| numbers(a.path()).cmp(numbers(b.path())))
            .then_with(|| numbers(a.captures()).cmp(numbers(b.captures())))
            .is_gt()
    };
    // Insertion sort: the lists are short and nearly sorted already, and it keeps the web
    // module smaller than the standard library's sorts instantiated for one more type.
    for i in 1..moves.len() {
        let mut j = i;
        while j > 0 && after(&moves[j - 1], &moves[j]) {
            moves.swap(j - 1, j);
            j -= 1;
        }
    }
    moves
}

/// A move as the page sees it: squares as field numbers throughout.
#[derive(Clone, Debug, Serialize)]
pub struct MoveView {
    /// Its place in the position's [`ordered_moves`] (what `applyMove(index)` takes).
    pub index: usize,
    pub from: u8,
    pub to: u8,
    /// Landing squares after `from`, ending with `to`.
    pub path: Vec<u8>,
    /// Captured squares in the order they are jumped.
    pub captures: Vec<u8>,
    pub promotes: bool,
    /// The standard short text (the full path only where needed to tell moves apart).
    pub notation: String,
    /// Every landing square written: `47x38x24x13x36`, or `a3xa5xc5` where records are algebraic.
    pub full: String,
    /// The pieces it takes, as they stood before it (colour, man or king), one per square of
    /// `captures` in that order: the page draws them as ghosts after the move, so a player who
    /// looks back sees what was taken without working out what stood there. Known only for a
    /// move given with its position ([`MoveView::played`]); empty, and left out, for listed
    /// legal moves.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub taken: Vec<Option<PieceView>>,
}

impl MoveView {
    /// `m`, the move at `index` of `legal` (the ordered moves of its position).
    pub fn new(variant: Variant, legal: &[Move], index: usize, m: &Move) -> MoveView {
        let nums = |s: &[Square]| s.iter().map(|q| q.number()).collect();
        MoveView {
            index,
            from: m.from().number(),
            to: m.to().number(),
            path: nums(m.path()),
            captures: nums(m.captures()),
            promotes: m.promotes(),
            notation: move_text_among(variant, m, legal),
            full: notation::full_text(variant, m),
            taken: Vec::new(),
        }
    }

    /// Every move of `legal` (in that order) as the page sees it.
    pub fn list(variant: Variant, legal: &[Move]) -> Vec<MoveView> {
        legal
            .iter()
            .enumerate()
            .map(|(i, m)| MoveView::new(variant, legal, i, m))
            .collect()
    }

    /// A move played in `before`, with its index among the ordered legal moves there and the
    /// pieces it takes.
    pub fn played(before: &Position, m: &Move) -> MoveView {
        let legal = ordered_moves(before.legal_moves());
        let index = legal.iter().position(|l| l.same_as(m)).unwrap_or(0);
        let mut view = MoveView::new(before.variant(), &legal, index, m);
        // `Option`, as on the board, though a captured square always holds a piece: one value
        // per square of `captures`, and one serializer for both in the web module.
        view.taken = m
            .captures()
            .iter()
            .map(|&s| {
                before.piece_at(s).map(|p| PieceView {
                    color: p.color,
                    role: p.role,
                })
            })
            .collect();
        view
    }
}

#[derive(Clone, Copy, Debug, Serialize)]
pub struct PieceView {
    pub color: Color,
    pub role: Role,
}

impl PieceView {
    /// A board as the page draws it: element `n - 1` is square `n`, `None` where it is empty.
    pub fn board(
        variant: Variant,
        piece_at: impl Fn(Square) -> Option<Piece>,
    ) -> Vec<Option<PieceView>> {
        variant
            .geometry()
            .all_squares()
            .map(|s| {
                piece_at(s).map(|p| PieceView {
                    color: p.color,
                    role: p.role,
                })
            })
            .collect()
    }
}

/// A playable square as the page draws it: where it is and every name the board may show on it
/// or beside it, so the page never works out a numbering or a coordinate itself (turned boards,
/// the full Turkish board).
#[derive(Clone, Debug, Serialize)]
pub struct SquareView {
    /// Its field number: the page's handle for it.
    pub square: u8,
    /// Row from the top and column from the left as White sees the board, 0-based.
    pub row: u8,
    pub col: u8,
    /// The square as the variant's records write it: `32`, or `c3` where squares are algebraic
    /// (the move list and messages use this name).
    pub label: String,
    /// Its field number as text (`32`), for a board labelled with numbers.
    pub number: String,
    /// Its algebraic name (`c3`, a1 at White's bottom-left), for a board labelled algebraically.
    pub algebraic: String,
    /// The letter of its column and the number of its row (`c`, `3`): what a border of
    /// coordinates writes beside the board.
    pub file: String,
    pub rank: String,
}

impl SquareView {
    /// Every playable square of `variant`'s board, in field-number order.
    pub fn board(variant: Variant) -> Vec<SquareView> {
        let g = variant.geometry();
        g.all_squares()
            .map(|s| SquareView {
                square: s.number(),
                row: g.row(s),
                col: g.col(s),
                label: notation::square_text(variant, s),
                number: s.number().to_string(),
                algebraic: g.algebraic(s),
                file: g.file(s).to_string(),
                rank: g.rank(s).to_string(),
            })
            .collect()
    }
}

#[derive(Clone, Copy, Debug, Serialize)]
pub struct SideCounts {
    pub men: u8,
    pub kings: u8,
    pub total: u8,
}

#[derive(Clone, Copy, Debug, Serialize)]
pub struct CountsView {
    pub white: SideCounts,
    pub black: SideCounts,
}

impl CountsView {
    pub fn of(pos: &Position) -> CountsView {
        let side = |c| {
            let n = pos.counts(c);
            SideCounts {
                men: n.men,
                kings: n.kings,
                total: n.total(),
            }
        };
        CountsView {
            white: side(Color::White),
            black: side(Color::Black),
        }
    }
}

/// The result with its reason as codes (for the page's logic and translations) and in words.
#[derive(Clone, Debug, Serialize)]
pub struct StatusView {
    /// "ongoing", "win" or "draw".
    pub state: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub winner: Option<Color>,
    /// Why, as a code: `no-pieces`, `no-legal-moves`, `resignation`, `first-king`, `time`,
    /// `repetition`, `king-moves`, `endgame`, `agreement`, `recorded`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<&'static str>,
    /// "White wins (no pieces)", "draw (threefold repetition)", "ongoing".
    pub text: String,
    /// The PDN result token: `2-0`, `1-0`, `1/2-1/2`, `*`, ….
    pub result: &'static str,
    /// For a result dialog: "White wins", "Draw"; told to a player, "You win", "You lose".
    pub title: Message,
    /// Why, in a player's words: "Black has no pieces left", "by threefold repetition";
    /// told to a player, "you resigned", "the computer cannot move". Empty while ongoing.
    pub detail: Option<Message>,
    /// Title and detail in one line: "White wins: Black has no pieces left", "Draw by agreement".
    pub line: Option<Message>,
}

impl StatusView {
    /// `player`: the side the result is told to (against the computer), else colours are named.
    pub fn new(status: Status, variant: Variant, player: Option<Color>) -> StatusView {
        let (state, winner, reason) = match status {
            Status::Ongoing => ("ongoing", None, None),
            Status::Win { winner, reason } => ("win", Some(winner), Some(win_code(reason))),
            Status::Draw { reason } => ("draw", None, Some(draw_code(reason))),
        };
        let (title, detail) = describe(status, variant, player);
        let line = detail.clone().map(|detail| {
            let code = match status {
                Status::Win {
                    reason: WinReason::Recorded,
                    ..
                } => "line.recorded",
                // "Draw: Black ran out of time, but White could not have won".
                Status::Draw {
                    reason: DrawReason::TimeNoWin { .. },
                } => "line.win",
                Status::Draw { .. } => "line.draw",
                _ => "line.win",
            };
            Message::new(code)
                .with("title", title.clone())
                .with("detail", detail)
        });
        StatusView {
            state,
            winner,
            reason,
            text: status.to_string(),
            result: result_token(variant, status),
            title,
            detail,
            line,
        }
    }
}

fn win_code(reason: WinReason) -> &'static str {
    match reason {
        WinReason::NoPieces => "no-pieces",
        WinReason::NoLegalMoves => "no-legal-moves",
        WinReason::Resignation => "resignation",
        WinReason::KingCrowned => "first-king",
        WinReason::Recorded => "recorded",
        WinReason::Time => "time",
    }
}

fn draw_code(reason: DrawReason) -> &'static str {
    match reason {
        DrawReason::Repetition => "repetition",
        DrawReason::KingMoves { .. } => "king-moves",
        DrawReason::Endgame { .. } => "endgame",
        DrawReason::Agreement => "agreement",
        DrawReason::Recorded => "recorded",
        DrawReason::TimeNoWin { .. } => "time",
    }
}

/// The result in words, `(title, detail)`: ("White wins", "Black has no pieces left"), or told
/// to `player` ("You lose", "you have no pieces left"; the other side is "the computer").
fn describe(status: Status, variant: Variant, player: Option<Color>) -> (Message, Option<Message>) {
    // A detail about side `c`: the code's `.you` or `.computer` form told to a player, else the
    // side named in parameter `role`.
    let about =
        |code: &'static str, dot_you: &'static str, dot_computer: &'static str, role, c: Color| {
            match player {
                Some(p) if p == c => Message::new(dot_you),
                Some(_) => Message::new(dot_computer),
                None => Message::new(code).with(role, c),
            }
        };
    match status {
        Status::Ongoing => (Message::new("status.ongoing"), None),
        Status::Draw { reason } => {
            let detail = match reason {
                DrawReason::Agreement => Message::new("detail.agreement"),
                DrawReason::Recorded => Message::new("detail.draw-recorded"),
                DrawReason::Repetition => Message::new("detail.repetition"),
                DrawReason::KingMoves { moves } | DrawReason::Endgame { moves } => {
                    Message::new("detail.move-rule").with("moves", moves)
                }
                DrawReason::TimeNoWin { flagged } => match player {
                    Some(p) if p == flagged => Message::new("detail.time-no-win.you"),
                    Some(_) => Message::new("detail.time-no-win.computer"),
                    None => Message::new("detail.time-no-win")
                        .with("loser", flagged)
                        .with("winner", flagged.other()),
                },
            };
            (Message::new("result.draw"), Some(detail))
        }
        Status::Win { winner, reason } => {
            let on_time = reason == WinReason::Time;
            let title = match player {
                Some(p) if p == winner && on_time => Message::new("result.you-win-on-time"),
                Some(p) if p == winner => Message::new("result.you-win"),
                Some(_) if on_time => Message::new("result.you-lose-on-time"),
                Some(_) => Message::new("result.you-lose"),
                None if on_time => Message::new("result.wins-on-time").with("winner", winner),
                None => Message::new("result.wins").with("winner", winner),
            };
            let loser = winner.other();
            let losing = variant.rules().goal == Goal::Losing;
            let detail = match reason {
                WinReason::NoPieces if losing => about(
                    "detail.no-pieces-wins",
                    "detail.no-pieces-wins.you",
                    "detail.no-pieces-wins.computer",
                    "winner",
                    winner,
                )
                .with("variant", variant),
                WinReason::NoLegalMoves if losing => about(
                    "detail.blocked-wins",
                    "detail.blocked-wins.you",
                    "detail.blocked-wins.computer",
                    "winner",
                    winner,
                )
                .with("variant", variant),
                WinReason::NoPieces => about(
                    "detail.no-pieces",
                    "detail.no-pieces.you",
                    "detail.no-pieces.computer",
                    "loser",
                    loser,
                ),
                WinReason::NoLegalMoves => about(
                    "detail.cannot-move",
                    "detail.cannot-move.you",
                    "detail.cannot-move.computer",
                    "loser",
                    loser,
                ),
                WinReason::Resignation => about(
                    "detail.resigned",
                    "detail.resigned.you",
                    "detail.resigned.computer",
                    "loser",
                    loser,
                ),
                WinReason::KingCrowned => about(
                    "detail.first-king",
                    "detail.first-king.you",
                    "detail.first-king.computer",
                    "winner",
                    winner,
                ),
                WinReason::Time => about(
                    "detail.time",
                    "detail.time.you",
                    "detail.time.computer",
                    "loser",
                    loser,
                ),
                // The record gives the result, not how it came about (PDN 3.0, "Game
                // termination markers"): no resignation is invented.
                WinReason::Recorded => Message::new("detail.recorded"),
            };
            (title, Some(detail))
        }
    }
}

/// One move of the numbered move list.
#[derive(Clone, Debug, Serialize)]
pub struct PlyView {
    /// Plies played after it: the position it leads to is the game after `ply` plies.
    pub ply: usize,
    /// The move number as written in PDN.
    pub number: u32,
    pub color: Color,
    pub text: String,
    /// The record's comment after this move, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub comment: Option<String>,
    /// The side lines played instead of this move, after it in the list.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub variations: Vec<LineView>,
}

/// A side line of the move list: its path (`"0"`, `"0.1"`: see [`path_text`]), the comment that
/// opens it and its moves, each with its own side lines.
#[derive(Clone, Debug, Serialize)]
pub struct LineView {
    pub line: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub comment: Option<String>,
    pub moves: Vec<PlyView>,
}

/// A path in the tree of lines as the page names it: the variations' indices joined by dots,
/// `""` for the main line.
pub fn path_text(path: &[usize]) -> String {
    path.iter()
        .map(usize::to_string)
        .collect::<Vec<_>>()
        .join(".")
}

/// Reads a path named by [`path_text`]; `None` for anything else.
pub fn parse_path(text: &str) -> Option<Vec<usize>> {
    if text.is_empty() {
        return Some(Vec::new());
    }
    text.split('.')
        .map(|n| n.parse().ok().filter(|_| n.len() <= 4))
        .collect()
}

impl PlyView {
    /// The numbered move list of `game` (texts from `texts`, which keeps them between calls).
    pub fn list(game: &Game, texts: &mut MoveTexts) -> Vec<PlyView> {
        let mut list: Vec<PlyView> = texts
            .of(game)
            .enumerate()
            .map(|(i, text)| PlyView {
                ply: i + 1,
                number: game.move_number(i),
                color: game.positions()[i].turn(),
                text: text.to_owned(),
                comment: game.comment(i + 1).map(str::to_owned),
                variations: Vec::new(),
            })
            .collect();
        for (j, v) in game.variations().iter().enumerate() {
            if let Some(p) = list.get_mut(v.at) {
                p.variations
                    .push(LineView::of(game, game.positions()[v.at], &[j], v));
            }
        }
        list
    }
}

impl LineView {
    /// Side line `v` at `path`, played from `pos`.
    fn of(game: &Game, mut pos: Position, path: &[usize], v: &Variation) -> LineView {
        let comment_at = |after: usize| {
            v.line
                .comments
                .iter()
                .find(|(at, _)| *at == after)
                .map(|(_, t)| t.clone())
        };
        let mut moves: Vec<PlyView> = Vec::with_capacity(v.line.moves.len());
        let mut before = Vec::with_capacity(v.line.moves.len());
        for (k, m) in v.line.moves.iter().enumerate() {
            let ply = v.at + k;
            before.push(pos);
            moves.push(PlyView {
                ply: ply + 1,
                number: game.move_number(ply),
                color: pos.turn(),
                text: notation::move_to_text(&pos, m),
                comment: comment_at(ply + 1),
                variations: Vec::new(),
            });
            pos.play_unchecked(m);
        }
        for (j, w) in v.line.variations.iter().enumerate() {
            let k = w.at - v.at;
            if let (Some(p), Some(&from)) = (moves.get_mut(k), before.get(k)) {
                let inner = [path, &[j]].concat();
                p.variations.push(LineView::of(game, from, &inner, w));
            }
        }
        LineView {
            line: path_text(path),
            comment: comment_at(v.at),
            moves,
        }
    }
}

/// The texts of the moves played, kept between snapshots: the text of a move depends only on
/// the moves before it, so a snapshot writes only the moves that are new since the last one
/// (one move generation each) instead of the whole list again.
#[derive(Clone, Debug, Default)]
pub struct MoveTexts {
    written: Vec<(Move, String)>,
}

impl MoveTexts {
    /// The text of every move played in `game`, in order.
    pub fn of(&mut self, game: &Game) -> impl Iterator<Item = &str> {
        let moves = game.moves();
        let same = self
            .written
            .iter()
            .zip(moves)
            .take_while(|((w, _), m)| w == *m)
            .count();
        self.written.truncate(same);
        for (m, before) in moves[same..].iter().zip(&game.positions()[same..]) {
            self.written.push((*m, notation::move_to_text(before, m)));
        }
        self.written.iter().map(|(_, t)| t.as_str())
    }
}

/// Everything the page draws, for the game as it stands or for a past position of it.
#[derive(Clone, Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Snapshot {
    pub variant: &'static str,
    /// Plies played in the game.
    pub ply: usize,
    /// The ply shown: `ply` for the game as it stands, less for a past position (read-only:
    /// `legal` is then empty).
    pub view: usize,
    /// The side to move in the position shown.
    pub turn: Color,
    /// The side to move in the game as it stands (`turn` too unless looking back).
    pub to_move: Color,
    /// Element `n - 1` is square `n`: `null` or `{ color, role }`.
    pub board: Vec<Option<PieceView>>,
    pub counts: CountsView,
    /// The game's result (not the shown position's).
    pub status: StatusView,
    /// The move number of the position shown, as players count it ("Move 12").
    pub move_number: u32,
    /// The moves played, numbered; `moves[i].ply == i + 1`.
    pub moves: Vec<PlyView>,
    /// The record's comment before the first move (an opening's name, the source), if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lead_comment: Option<String>,
    /// The legal moves in the position shown, in canonical order (`legal[i].index == i`); empty
    /// once the game is over or for a past position.
    pub legal: Vec<MoveView>,
    /// The move that led to the position shown.
    pub last_move: Option<MoveView>,
    pub can_undo: bool,
    pub can_redo: bool,
    /// The position shown, as FEN.
    pub fen: String,
    /// The line shown: `""` for the game's own, else a side line's path ([`path_text`]).
    pub line: String,
    /// The ply after the last move of the line shown (`ply` on the game's own line).
    pub line_end: usize,
}

impl Snapshot {
    /// `view`: the ply to show (clamped to the plies played; `None` for the game as it stands).
    /// `player`: the side results are told to, against the computer.
    pub fn new(
        game: &Game,
        texts: &mut MoveTexts,
        view: Option<usize>,
        player: Option<Color>,
    ) -> Snapshot {
        Snapshot::on_line(game, texts, &[], view, player, false)
    }

    /// As [`Snapshot::new`], showing ply `view` of the line at `path` (a side line's plies up to
    /// its branch are its parent's; a path that names no line is the game's own). `explore`:
    /// list the legal moves of a past position or a side line, to try moves there.
    pub fn on_line(
        game: &Game,
        texts: &mut MoveTexts,
        path: &[usize],
        view: Option<usize>,
        player: Option<Color>,
        explore: bool,
    ) -> Snapshot {
        let variant = game.variant();
        let ply = game.moves().len();
        let end_of = |path: &[usize]| game.variation(path).map_or(ply, Variation::end);
        let path = if game.variation(path).is_some() {
            path
        } else {
            &[]
        };
        let view = view.map_or(end_of(path), |v| v.min(end_of(path)));
        let path = game.normalize(path, view);
        let on_game = path.is_empty() && view == ply;
        let line_moves = if path.is_empty() {
            game.moves().to_vec()
        } else {
            game.line_moves(&path).unwrap_or_default()
        };
        let pos = if path.is_empty() {
            game.positions()[view]
        } else {
            game.line_position(&path, view).unwrap_or(*game.start())
        };
        let legal = if on_game {
            ordered_moves(game.legal_moves())
        } else if explore {
            ordered_moves(pos.legal_moves())
        } else {
            Vec::new()
        };
        let moves = PlyView::list(game, texts);
        let last_move = view.checked_sub(1).map(|i| {
            let before = if path.is_empty() {
                game.positions()[i]
            } else {
                game.line_position(&path, i).unwrap_or(*game.start())
            };
            MoveView::played(&before, &line_moves[i])
        });
        Snapshot {
            variant: variant.name(),
            ply,
            view,
            turn: pos.turn(),
            to_move: game.position().turn(),
            board: PieceView::board(variant, |s| pos.piece_at(s)),
            counts: CountsView::of(&pos),
            status: StatusView::new(game.status(), variant, player),
            move_number: game.move_number(view),
            moves,
            lead_comment: game.comment(0).map(str::to_owned),
            legal: MoveView::list(variant, &legal),
            last_move,
            can_undo: game.can_undo(),
            can_redo: game.can_redo(),
            fen: draughts_rules::fen::write_fen(&pos),
            line_end: end_of(&path),
            line: path_text(&path),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_rules::parse_fen;

    #[test]
    fn indices_follow_the_canonical_order() {
        let game = Game::new(Variant::International);
        let snap = Snapshot::new(&game, &mut MoveTexts::default(), None, None);
        let froms: Vec<(u8, u8)> = snap.legal.iter().map(|m| (m.from, m.to)).collect();
        assert_eq!(
            froms,
            [
                (31, 26),
                (31, 27),
                (32, 27),
                (32, 28),
                (33, 28),
                (33, 29),
                (34, 29),
                (34, 30),
                (35, 30)
            ]
        );
        assert!(snap.legal.iter().enumerate().all(|(i, m)| m.index == i));
        assert_eq!(snap.move_number, 1);
        assert_eq!(snap.status.state, "ongoing");
    }

    #[test]
    fn squares_carry_their_number_algebraic_name_and_coordinates() {
        // The numberings are docs/notation.md's (each variant's official one); a1 is White's
        // bottom-left on every board.
        let name = |v: Variant, n: u8| {
            let all = SquareView::board(v);
            let s = &all[usize::from(n) - 1];
            assert_eq!(s.square, n);
            (s.label.clone(), s.number.clone(), s.algebraic.clone())
        };
        let own = |l: &str, n: &str, a: &str| (l.to_owned(), n.to_owned(), a.to_owned());
        assert_eq!(name(Variant::International, 1), own("1", "1", "b10"));
        assert_eq!(name(Variant::International, 46), own("46", "46", "a1"));
        assert_eq!(name(Variant::Russian, 1), own("1", "1", "b8"));
        assert_eq!(name(Variant::Russian, 29), own("29", "29", "a1"));
        assert_eq!(name(Variant::Russian, 32), own("32", "32", "g1"));
        assert_eq!(name(Variant::Italian, 1), own("1", "1", "a8"));
        assert_eq!(name(Variant::Italian, 32), own("32", "32", "h1"));
        assert_eq!(name(Variant::Portuguese, 1), own("1", "1", "h1"));
        assert_eq!(name(Variant::Portuguese, 32), own("32", "32", "a8"));
        // Czech and Turkish records are algebraic: their own label is the algebraic name.
        assert_eq!(name(Variant::Czech, 1), own("b8", "1", "b8"));
        assert_eq!(name(Variant::Turkish, 64), own("h1", "64", "h1"));
        for v in Variant::ALL {
            let size = v.geometry().size();
            let all = SquareView::board(v);
            // A border of coordinates takes each column's letter and each row's number from the
            // squares: every column and row has one, and they agree with the algebraic names.
            for line in 0..size {
                let col: Vec<_> = all.iter().filter(|s| s.col == line).collect();
                let row: Vec<_> = all.iter().filter(|s| s.row == line).collect();
                assert!(!col.is_empty() && !row.is_empty(), "{v:?}: line {line}");
                let file = char::from(b'a' + line).to_string();
                assert!(col.iter().all(|s| s.file == file), "{v:?}: column {line}");
                let rank = (size - line).to_string();
                assert!(row.iter().all(|s| s.rank == rank), "{v:?}: row {line}");
            }
            assert!(all
                .iter()
                .all(|s| s.algebraic == format!("{}{}", s.file, s.rank)));
        }
    }

    #[test]
    fn a_past_position_is_read_only_and_numbered() {
        let mut game = Game::new(Variant::English);
        for m in ["11-15", "23-19", "8-11", "22-17"] {
            game.play_text(m).unwrap();
        }
        let mut texts = MoveTexts::default();
        let now = Snapshot::new(&game, &mut texts, None, None);
        assert_eq!((now.ply, now.view, now.move_number), (4, 4, 3));
        assert!(!now.legal.is_empty());
        let past = Snapshot::new(&game, &mut texts, Some(1), None);
        assert_eq!(
            (past.view, past.move_number, past.turn),
            (1, 1, Color::White)
        );
        assert!(past.legal.is_empty());
        assert_eq!(past.last_move.as_ref().unwrap().notation, "11-15");
        let list: Vec<(usize, u32, &str)> = past
            .moves
            .iter()
            .map(|p| (p.ply, p.number, p.text.as_str()))
            .collect();
        assert_eq!(
            list,
            [
                (1, 1, "11-15"),
                (2, 1, "23-19"),
                (3, 2, "8-11"),
                (4, 2, "22-17")
            ]
        );
        assert_eq!(
            past.fen,
            Snapshot::new(&game, &mut texts, Some(1), None).fen
        );
        assert_eq!(Snapshot::new(&game, &mut texts, Some(99), None).view, 4);
    }

    #[test]
    fn move_texts_are_rewritten_after_a_change_of_line() {
        let mut game = Game::new(Variant::International);
        let mut texts = MoveTexts::default();
        game.play_text("32-28").unwrap();
        game.play_text("19-23").unwrap();
        assert_eq!(texts.of(&game).collect::<Vec<_>>(), ["32-28", "19-23"]);
        game.undo();
        game.play_text("18-23").unwrap();
        assert_eq!(texts.of(&game).collect::<Vec<_>>(), ["32-28", "18-23"]);
        game.play_text("37-32").unwrap();
        assert_eq!(
            texts.of(&game).collect::<Vec<_>>(),
            ["32-28", "18-23", "37-32"]
        );
    }

    #[test]
    fn two_captures_with_the_same_ends_are_written_in_full() {
        let pos = parse_fen("W:WK47:B14,19,29,31,42", Variant::International).unwrap();
        let snap = Snapshot::new(
            &Game::from_position(pos),
            &mut MoveTexts::default(),
            None,
            None,
        );
        let texts: Vec<&str> = snap.legal.iter().map(|m| m.notation.as_str()).collect();
        assert_eq!(texts, ["47x38x20x9x36", "47x38x24x13x36"]);
    }

    #[test]
    fn the_last_move_names_the_pieces_it_took() {
        // White's king takes a man and a king: the snapshot after it says which, where, even
        // when looking back at it later; a plain move and the listed legal moves name none.
        let pos = parse_fen("W:WK47,50:B14,19,K29,31,42", Variant::International).unwrap();
        let mut game = Game::from_position(pos);
        let mut texts = MoveTexts::default();
        let before = Snapshot::new(&game, &mut texts, None, None);
        assert!(before.legal.iter().all(|m| m.taken.is_empty()));
        let m = game.play_text("47x38x24x13x36").unwrap();
        let snap = Snapshot::new(&game, &mut texts, None, None);
        let last = snap.last_move.as_ref().unwrap();
        assert_eq!(
            last.captures,
            m.captures().iter().map(|s| s.number()).collect::<Vec<_>>()
        );
        let taken: Vec<(u8, Color, Role)> = last
            .captures
            .iter()
            .zip(&last.taken)
            .map(|(&n, p)| (n, p.unwrap().color, p.unwrap().role))
            .collect();
        let expected: Vec<(u8, Color, Role)> = last
            .captures
            .iter()
            .map(|&n| {
                (
                    n,
                    Color::Black,
                    if n == 29 { Role::King } else { Role::Man },
                )
            })
            .collect();
        assert_eq!(last.taken.len(), last.captures.len());
        assert_eq!(taken, expected);
        assert!(taken.iter().any(|t| t.2 == Role::King));
        // A reply without a capture takes nothing.
        game.play_text("14-20").unwrap();
        let snap = Snapshot::new(&game, &mut texts, None, None);
        let last = snap.last_move.as_ref().unwrap();
        assert!(last.taken.is_empty());
        // Looking back at the capture shows its pieces again.
        let past = Snapshot::new(&game, &mut texts, Some(1), None);
        assert_eq!(past.last_move.unwrap().taken.len(), 4);
    }
}
