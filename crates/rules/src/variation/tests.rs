use crate::game::Game;
use crate::mv::Move;
use crate::notation::{move_to_text, parse_move};
use crate::variant::Variant;

use super::Spot;

/// An International game of `moves`.
fn game(moves: &[&str]) -> Game {
    let mut g = Game::new(Variant::International);
    for m in moves {
        g.play_text(m).unwrap();
    }
    g
}

/// Move `text` after `ply` plies of the line at `path`.
fn mv(g: &Game, path: &[usize], ply: usize, text: &str) -> Move {
    parse_move(&g.line_position(path, ply).unwrap(), text).unwrap()
}

/// The texts of the line at `path`.
fn texts(g: &Game, path: &[usize]) -> Vec<String> {
    let mut pos = *g.start();
    g.line_moves(path)
        .unwrap()
        .iter()
        .map(|m| {
            let t = move_to_text(&pos, m);
            pos.play_unchecked(m);
            t
        })
        .collect()
}

#[test]
fn a_move_from_a_past_position_opens_a_side_line_and_the_game_stays() {
    let mut g = game(&["32-28", "19-23", "28x19", "14x23"]);
    let m = mv(&g, &[], 1, "18-23");
    let spot = g.explore(&[], 1, &m).unwrap();
    assert_eq!(
        spot,
        Spot {
            path: vec![0],
            ply: 2
        }
    );
    assert_eq!(texts(&g, &[]), ["32-28", "19-23", "28x19", "14x23"]);
    assert_eq!(texts(&g, &[0]), ["32-28", "18-23"]);
    assert_eq!(g.position(), g.line_position(&[], 4).as_ref().unwrap());
    // Played again there: followed, not doubled.
    assert_eq!(
        g.explore(&[], 1, &m).unwrap(),
        Spot {
            path: vec![0],
            ply: 2
        }
    );
    assert_eq!(g.variations().len(), 1);
    // The game's own move there: the main line.
    let own = mv(&g, &[], 1, "19-23");
    assert_eq!(
        g.explore(&[], 1, &own).unwrap(),
        Spot {
            path: vec![],
            ply: 2
        }
    );
    // At the variation's end the move extends it; inside it, a second move opens a nested one.
    let next = mv(&g, &[0], 2, "33-29");
    assert_eq!(
        g.explore(&[0], 2, &next).unwrap(),
        Spot {
            path: vec![0],
            ply: 3
        }
    );
    assert_eq!(texts(&g, &[0]), ["32-28", "18-23", "33-29"]);
    let other = mv(&g, &[0], 2, "37-32");
    assert_eq!(
        g.explore(&[0], 2, &other).unwrap(),
        Spot {
            path: vec![0, 0],
            ply: 3
        }
    );
    assert_eq!(texts(&g, &[0, 0]), ["32-28", "18-23", "37-32"]);
    // A ply up to a variation's branch is its parent's.
    assert_eq!(g.normalize(&[0, 0], 2), vec![0]);
    assert_eq!(g.normalize(&[0], 1), Vec::<usize>::new());
    // At the main line's end, the game goes on.
    let go_on = mv(&g, &[], 4, "37-32");
    assert_eq!(
        g.explore(&[], 4, &go_on).unwrap(),
        Spot {
            path: vec![],
            ply: 5
        }
    );
    assert_eq!(g.moves().len(), 5);
}

#[test]
fn an_illegal_move_or_a_bad_path_changes_nothing() {
    let mut g = game(&["32-28", "19-23"]);
    let before = g.clone();
    let wrong = mv(&g, &[], 2, "28x19"); // legal after two plies, not after one
    assert!(g.explore(&[], 1, &wrong).is_err());
    assert!(g.explore(&[3], 1, &wrong).is_err());
    assert!(g.explore(&[], 9, &wrong).is_err());
    assert!(!g.promote(&[0]) && !g.delete_variation(&[0]) && !g.promote(&[]));
    assert_eq!(format!("{g:?}"), format!("{before:?}"));
}

#[test]
fn promoting_swaps_the_lines_and_promoting_back_restores_them() {
    let mut g = game(&["32-28", "19-23", "28x19", "14x23"]);
    g.add_comment(3, "main");
    let m = mv(&g, &[], 1, "18-23");
    g.explore(&[], 1, &m).unwrap();
    let n = mv(&g, &[0], 2, "33-29");
    g.explore(&[0], 2, &n).unwrap();
    let original = g.clone();
    assert!(g.promote(&[0]));
    assert_eq!(texts(&g, &[]), ["32-28", "18-23", "33-29"]);
    assert_eq!(texts(&g, &[0]), ["32-28", "19-23", "28x19", "14x23"]);
    assert_eq!(g.comment(3), None, "the old line's comment went with it");
    assert_eq!(g.variations()[0].line.comments, [(3, "main".to_owned())]);
    assert_eq!(g.position(), g.line_position(&[], 3).as_ref().unwrap());
    assert_eq!(
        g.legal_moves().len(),
        g.line_position(&[], 3).unwrap().legal_moves().len()
    );
    assert!(g.promote(&[0]));
    assert_eq!(texts(&g, &[]), texts(&original, &[]));
    assert_eq!(texts(&g, &[0]), texts(&original, &[0]));
    assert_eq!(g.comment(3), Some("main"));
    assert!(g.delete_variation(&[0]));
    assert!(g.variations().is_empty());
}

#[test]
fn a_new_move_after_undo_drops_the_side_lines_of_the_moves_it_replaces() {
    let mut g = game(&["32-28", "19-23", "28x19", "14x23"]);
    let early = mv(&g, &[], 1, "18-23");
    g.explore(&[], 1, &early).unwrap();
    let late = mv(&g, &[], 3, "13x24");
    g.explore(&[], 3, &late).unwrap();
    assert_eq!(g.variations().len(), 2);
    g.undo();
    g.undo();
    g.undo();
    g.play_text("20-24").unwrap();
    assert_eq!(
        g.variations().len(),
        1,
        "the one at ply 1 stays: it branches before the new move"
    );
    assert_eq!(g.variations()[0].at, 1);
}
