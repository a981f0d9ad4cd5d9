//! The game behind a record the page hands the computer's worker: a link fragment (`#v=…`, as
//! the page's game writes it, replayed by move index), a FEN (`W:W31-50:B1-20`) or a PDN game
//! whose moves are replayed, so that repetitions count. Each refusal is a [`Message`], in the
//! player's words and translated with the catalogue.

use draughts_rules::game::Game;
use draughts_rules::message::Message;
use draughts_rules::pdn::read_record;
use draughts_rules::position::Position;
use draughts_rules::variant::Variant;

/// The game of `record`, which must be a `variant` game.
///
/// # Errors
/// The record does not read, or (a link, which names its variant) is another variant's game.
pub fn game_from_record(record: &str, variant: Variant) -> Result<Game, Message> {
    let text = record.trim();
    if text.starts_with('#') {
        let link = |cause: Message| Message::new("record.link").with("cause", cause);
        let game = crate::link::read_link(text).map_err(|e| link(e.message()))?;
        if game.variant() != variant {
            return Err(link(
                Message::new("link.other-variant")
                    .with("found", game.variant())
                    .with("expected", variant),
            ));
        }
        return Ok(game);
    }
    read_record(text, variant, 0).map_err(|e| e.message())
}

/// The position a search starts from: the game's, unless the game is over.
///
/// # Errors
/// The game is over (`game.over`, with its result).
pub fn position_to_search(game: &Game) -> Result<&Position, Message> {
    let status = game.status();
    if status.is_over() {
        return Err(Message::new("game.over").with("status", status.message()));
    }
    Ok(game.position())
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_rules::notation::parse_move;

    fn international_link() -> String {
        let mut game = Game::new(Variant::International);
        let m = parse_move(game.position(), "32-28").unwrap();
        game.play(&m).unwrap();
        crate::link::write_link(&game)
    }

    #[test]
    fn reads_links_fens_and_pdn() {
        let game = game_from_record(&international_link(), Variant::International).unwrap();
        assert_eq!(game.moves().len(), 1);
        let game = game_from_record(" W:W31-50:B1-20 ", Variant::International).unwrap();
        assert_eq!(game.position().counts(draughts_rules::Color::White).men, 20);
        let game = game_from_record("1. 32-28 19-23 *", Variant::International).unwrap();
        assert_eq!(game.moves().len(), 2);
    }

    #[test]
    fn refuses_another_variants_link_and_damaged_records_in_words() {
        let e = game_from_record(&international_link(), Variant::English).unwrap_err();
        assert_eq!(
            e.text(),
            "Cannot open the link: this link holds a game of International, not English / Checkers"
        );
        let e = game_from_record("W:W31-50:B1-", Variant::International).unwrap_err();
        assert!(
            e.text().starts_with("Cannot read the FEN: "),
            "{}",
            e.text()
        );
        let e = game_from_record("#v=international&m=zz", Variant::International).unwrap_err();
        assert!(
            e.text()
                .starts_with("Cannot open the link: this link is damaged"),
            "{}",
            e.text()
        );
    }

    #[test]
    fn a_finished_game_has_nothing_to_search() {
        let game = game_from_record("W:W31:B", Variant::International).unwrap();
        assert_eq!(
            position_to_search(&game).unwrap_err().text(),
            "the game is over: White wins (no pieces)"
        );
        let game = game_from_record("W:W31:B1", Variant::International).unwrap();
        assert!(position_to_search(&game).is_ok());
    }
}
