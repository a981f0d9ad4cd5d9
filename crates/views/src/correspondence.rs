//! Correspondence games: two players send a game back and forth as a [link](crate::link), each
//! link the game as it stands after the sender's move. The page keeps one entry of its library per
//! such game; when a link arrives it asks [`relation`] how the link's game stands to each entry it
//! keeps, and updates the entry the link continues instead of making another.
//!
//! Two games are *the same game* when they have the same variant, start position and first move
//! number, and one's moves are the other's first moves (each move compared as the rules see it,
//! [`draughts_rules::mv::Move::same_as`]). A result (a resignation, an agreed draw) counts as one
//! more move: a link that adds a resignation to the game kept is newer, one that goes on past it
//! is another line. Two games that share their start but not their first move are simply two
//! games: another line ([`Relation::Diverged`]) needs at least one move in common.
//!
//! ```
//! use draughts_rules::game::Game;
//! use draughts_rules::variant::Variant;
//! use draughts_views::correspondence::{relation, Relation};
//!
//! let mut kept = Game::new(Variant::International);
//! kept.play_text("32-28").unwrap();
//! let mut link = kept.clone();
//! link.play_text("19-23").unwrap();
//! assert_eq!(relation(&kept, &link), Relation::Newer);
//! assert_eq!(relation(&link, &kept), Relation::Older);
//! ```

use draughts_rules::game::Game;
use draughts_rules::square::Color;

/// How a link's game stands to a game kept in the library.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Relation {
    /// The same moves and result: nothing new.
    Same,
    /// The link goes on from the game kept: it has the kept moves and more (or a result).
    Newer,
    /// The link is the game kept as it was earlier (an old link): fewer moves, none different.
    Older,
    /// The same game for one move or more, then another line: both are kept.
    Diverged,
    /// Another game (another variant, start position or first move number).
    Other,
}

impl Relation {
    /// The name the page is given: `same`, `newer`, `older`, `diverged` or `other`.
    pub fn name(self) -> &'static str {
        match self {
            Relation::Same => "same",
            Relation::Newer => "newer",
            Relation::Older => "older",
            Relation::Diverged => "diverged",
            Relation::Other => "other",
        }
    }
}

/// How the game of a link (`link`) stands to the game `kept` (see the module's header for what
/// counts as the same game).
pub fn relation(kept: &Game, link: &Game) -> Relation {
    if kept.variant() != link.variant()
        || kept.start() != link.start()
        || kept.first_move_number() != link.first_move_number()
    {
        return Relation::Other;
    }
    let (a, b) = (kept.moves(), link.moves());
    let common = a.iter().zip(b).take_while(|(x, y)| x.same_as(y)).count();
    let ended = |g: &Game| g.status().is_over();
    if common == a.len() && common == b.len() {
        return match (ended(kept), ended(link)) {
            _ if kept.status() == link.status() => Relation::Same,
            (false, true) => Relation::Newer,
            (true, false) => Relation::Older,
            _ => Relation::Diverged,
        };
    }
    // A game that ended cannot be continued: a longer line after its result is another one.
    if common == a.len() && !ended(kept) {
        Relation::Newer
    } else if common == b.len() && !ended(link) {
        Relation::Older
    } else if common == 0 {
        Relation::Other
    } else {
        Relation::Diverged
    }
}

/// The side that sends the game on as it stands: the side that made the last move, or, before
/// any move, the side not to move (the link goes to the side to move).
pub fn sender(game: &Game) -> Color {
    match game.moves().len() {
        0 => game.position().turn().other(),
        n => game.positions()[n - 1].turn(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use draughts_rules::variant::Variant;

    fn played(variant: Variant, moves: &[&str]) -> Game {
        let mut g = Game::new(variant);
        for m in moves {
            g.play_text(m).unwrap();
        }
        g
    }

    #[test]
    fn a_link_is_newer_older_the_same_or_another_line() {
        let two = played(Variant::International, &["32-28", "17-21"]);
        let three = played(Variant::International, &["32-28", "17-21", "31-26"]);
        let other_third = played(Variant::International, &["32-28", "17-21", "33-29"]);
        assert_eq!(relation(&two, &two.clone()), Relation::Same);
        assert_eq!(relation(&two, &three), Relation::Newer);
        assert_eq!(relation(&three, &two), Relation::Older);
        assert_eq!(relation(&three, &other_third), Relation::Diverged);
        // Different first moves: two games that share only their start.
        let first = played(Variant::International, &["31-27", "17-21"]);
        assert_eq!(relation(&three, &first), Relation::Other);
        // From the start position: every game continues it.
        assert_eq!(
            relation(&Game::new(Variant::International), &three),
            Relation::Newer
        );
    }

    #[test]
    fn another_variant_or_start_is_another_game() {
        let intl = played(Variant::International, &[]);
        assert_eq!(
            relation(&intl, &played(Variant::Brazilian, &[])),
            Relation::Other
        );
        let set_up = Game::from_fen("W:W31,32:B19,20", Variant::International).unwrap();
        assert_eq!(relation(&intl, &set_up), Relation::Other);
        let later = Game::from_fen("W:W31,32:B19,20:F12", Variant::International).unwrap();
        assert_eq!(relation(&set_up, &later), Relation::Other);
    }

    #[test]
    fn a_result_counts_as_a_move() {
        let kept = played(Variant::English, &["11-15"]);
        let mut resigned = kept.clone();
        resigned.resign(Color::White);
        assert_eq!(relation(&kept, &resigned), Relation::Newer);
        assert_eq!(relation(&resigned, &kept), Relation::Older);
        // A line that goes on after the kept game's resignation is another one, both ways.
        let mut longer = kept.clone();
        longer.play_text("23-19").unwrap();
        assert_eq!(relation(&resigned, &longer), Relation::Diverged);
        assert_eq!(relation(&longer, &resigned), Relation::Diverged);
        // Another result for the same moves.
        let mut drawn = kept.clone();
        drawn.agree_draw();
        assert_eq!(relation(&resigned, &drawn), Relation::Diverged);
    }

    #[test]
    fn the_sender_made_the_last_move() {
        let start = Game::new(Variant::International);
        assert_eq!(sender(&start), Color::Black);
        assert_eq!(
            sender(&played(Variant::International, &["32-28"])),
            Color::White
        );
        // English: Black moves first.
        assert_eq!(sender(&played(Variant::English, &["11-15"])), Color::Black);
        assert_eq!(sender(&Game::new(Variant::English)), Color::White);
    }
}
