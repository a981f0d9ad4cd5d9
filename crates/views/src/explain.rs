//! Why a piece may not move, in a player's words: the engine decides, the page only shows it.
//!
//! A player who taps a piece that has no legal move is told the rule that holds it back: a
//! capture is compulsory elsewhere (FMJD art. 4.1 and every variant's equivalent), a longer or
//! more valuable capture must be chosen (the variant's [`Precedence`] list: FMJD art. 4.13, KNDB
//! art. 11, FID art. 6), a Frisian king has moved three times in a row, or the piece is blocked.
//! The pieces that can move come with it, to be highlighted.

use draughts_rules::game::Game;
use draughts_rules::message::{Join, Message, Param};
use draughts_rules::movegen::rules::captures_ranked;
use draughts_rules::notation::square_text;
use draughts_rules::position::Position;
use draughts_rules::square::Square;
use draughts_rules::variant::Precedence;
use serde::Serialize;

/// Why the piece on a square cannot move, and which pieces can.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Explanation {
    /// `empty`, `not-your-turn`, `game-over`, `can-move`, `capture-elsewhere`, `must-capture`,
    /// `precedence`, `king-limit` or `blocked`: for the page's logic and translations.
    pub code: &'static str,
    /// For `precedence`, the criterion that decides: `most-pieces`, `most-value`, `by-king`,
    /// `most-kings` or `earliest-kings`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<&'static str>,
    /// The explanation in a sentence (none for `empty` and `can-move`).
    pub message: Option<Message>,
    /// Squares (field numbers) of the pieces that have a legal move, ascending.
    pub movable: Vec<u8>,
}

impl Explanation {
    /// The English words (empty for `empty` and `can-move`).
    pub fn text(&self) -> String {
        self.message.as_ref().map(Message::text).unwrap_or_default()
    }
}

fn rule_code(p: Precedence) -> &'static str {
    match p {
        Precedence::MostPieces => "most-pieces",
        Precedence::MostValue => "most-value",
        Precedence::ByKing => "by-king",
        Precedence::MostKings => "most-kings",
        Precedence::EarliestKings => "earliest-kings",
    }
}

/// Squares written as players of the variant write them, as a list ("27, 32 and 33").
fn list(pos: &Position, squares: &[Square]) -> Param {
    let names = squares
        .iter()
        .map(|&s| Param::from(square_text(pos.variant(), s)))
        .collect();
    Param::List(names, Join::And)
}

/// Why the piece on `sq` cannot move in the game as it stands.
pub fn explain(game: &Game, sq: Square) -> Explanation {
    let pos = game.position();
    let legal = game.legal_moves();
    let mut movable: Vec<Square> = legal.iter().map(|m| m.from()).collect();
    movable.sort_by_key(|s| s.number());
    movable.dedup();
    let answer = |code, rule, message: Option<Message>| Explanation {
        code,
        rule,
        message,
        movable: movable.iter().map(|s| s.number()).collect(),
    };
    let name = square_text(pos.variant(), sq);
    let Some(piece) = pos.piece_at(sq) else {
        return answer("empty", None, None);
    };
    let status = game.status();
    if status.is_over() {
        let why = Message::new("why.game-over").with("status", status.message());
        return answer("game-over", None, Some(why));
    }
    if piece.color != pos.turn() {
        return answer(
            "not-your-turn",
            None,
            Some(
                Message::new("why.not-your-turn")
                    .with("square", name)
                    .with("owner", piece.color)
                    .with("turn", pos.turn()),
            ),
        );
    }
    if movable.contains(&sq) {
        return answer("can-move", None, None);
    }
    let capturing = legal.first().is_some_and(|m| m.is_capture());
    if capturing {
        let ranked = captures_ranked(pos);
        let best = ranked.iter().map(|(_, r)| *r).max().unwrap_or_default();
        let own = ranked
            .iter()
            .filter(|(m, _)| m.from() == sq)
            .max_by_key(|(_, r)| *r);
        let froms = list(pos, &movable);
        let Some((mine, rank)) = own else {
            let code = if movable.len() == 1 {
                "why.capture-elsewhere"
            } else {
                "why.capture-elsewhere.many"
            };
            let why = Message::new(code).with("squares", froms);
            return answer("capture-elsewhere", None, Some(why));
        };
        // The first criterion on which this piece's best capture falls short.
        let rules = pos.rules();
        let slot = (0..rules.precedence.len())
            .find(|&i| rank[i] < best[i])
            .unwrap_or(0);
        let criterion = rules.precedence[slot];
        let best_move = legal[0];
        let from = square_text(pos.variant(), best_move.from());
        let theirs = best_move.capture_count();
        let why = match criterion {
            Precedence::MostPieces => Message::new("why.most-pieces")
                .with("from", from)
                .with("best", theirs)
                .with("mine", mine.capture_count()),
            Precedence::MostValue => Message::new("why.most-value")
                .with("from", from)
                .with("best", theirs),
            Precedence::ByKing => Message::new("why.by-king").with("from", from),
            Precedence::MostKings => Message::new("why.most-kings").with("from", from),
            Precedence::EarliestKings => Message::new("why.earliest-kings").with("from", from),
        };
        return answer("precedence", Some(rule_code(criterion)), Some(why));
    }
    let is_king = pos.kings().contains(pos.geometry().bit(sq));
    if is_king && !pos.king_may_step(pos.geometry().bit(sq)) {
        let limit = pos.rules().king_move_limit.unwrap_or(0);
        return answer(
            "king-limit",
            None,
            Some(
                Message::new("why.king-limit")
                    .with("limit", limit)
                    .with("variant", pos.variant()),
            ),
        );
    }
    answer(
        "blocked",
        None,
        Some(Message::new("why.blocked").with("square", name)),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_rules::variant::Variant;

    fn at(fen: &str, variant: Variant, sq: u8) -> Explanation {
        let game = Game::from_fen(fen, variant).unwrap();
        explain(&game, Square::from_number(sq))
    }

    #[test]
    fn the_majority_rule_names_the_longer_capture() {
        // International: 44 can take one piece (39), 28 takes two (23 and 17): 28x17x6 only.
        let e = at("W:W28,44:B23,22,11,39", Variant::International, 44);
        assert_eq!(e.code, "precedence", "{e:?}");
        assert_eq!(e.rule, Some("most-pieces"));
        assert!(e.text().contains("from 28 takes 2 pieces"), "{}", e.text());
        assert!(e.text().contains("can take only 1"), "{}", e.text());
        assert_eq!(e.movable, [28]);
    }

    #[test]
    fn a_capture_elsewhere_is_named() {
        let e = at("W:W28,45:B23", Variant::International, 45);
        assert_eq!(e.code, "capture-elsewhere");
        assert!(
            e.text().contains("the piece on 28 must capture"),
            "{}",
            e.text()
        );
        assert_eq!(e.movable, [28]);
    }

    #[test]
    fn blocked_other_side_and_empty() {
        let e = at("W:W46,41:B36", Variant::International, 46);
        assert_eq!(e.code, "blocked", "{e:?}");
        assert_eq!(
            at("W:W46,41:B36", Variant::International, 36).code,
            "not-your-turn"
        );
        assert_eq!(at("W:W46,41:B36", Variant::International, 1).code, "empty");
        assert_eq!(
            at("W:W46,41:B36", Variant::International, 41).code,
            "can-move"
        );
    }

    #[test]
    fn frisian_value_and_king_limit() {
        // Frisian: the man on 28 can take a man (23), the man on 39 a king (34): greater value.
        let e = at("W:W28,39:B23,K34", Variant::Frisian, 28);
        assert_eq!(e.code, "precedence", "{e:?}");
        assert_eq!(e.rule, Some("most-value"));
        // A king that has moved three times in a row while White has men.
        let mut game = Game::from_fen("W:WK50,16:BK1,35", Variant::Frisian).unwrap();
        for (w, b) in [("50-44", "1-7"), ("44-50", "7-1"), ("50-44", "1-7")] {
            game.play_text(w).unwrap();
            game.play_text(b).unwrap();
        }
        let e = explain(&game, Square::from_number(44));
        assert_eq!(e.code, "king-limit", "{e:?}");
        assert!(e.text().contains("3 times"), "{}", e.text());
    }
}
