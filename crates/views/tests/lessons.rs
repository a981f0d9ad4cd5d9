//! Lessons: every variant has one, and each step's answers are exactly the moves its rule
//! allows, checked by the move generator.

use draughts_rules::message::{lesson_template, Message, Param};
use draughts_rules::variant::{CapturePromotion, Goal, Precedence};
use draughts_rules::{parse_fen, write_fen, Color, Variant};
use draughts_views::lessons::{lesson, Task, Topic};

/// Every code of a message and its nested ones is in the catalogues.
fn assert_known(m: &Message) {
    assert!(
        lesson_template(m.code).is_some(),
        "{} is not in the catalogue",
        m.code
    );
    fn param(p: &Param) {
        match p {
            Param::Message(m) => assert_known(m),
            Param::List(items, _) => items.iter().for_each(param),
            _ => {}
        }
    }
    m.params.iter().for_each(|(_, p)| param(p));
    assert!(
        !m.text_in(lesson_template).contains('{'),
        "{}",
        m.text_in(lesson_template)
    );
}

/// The topics a variant's table calls for, in order.
fn expected_topics(v: Variant) -> Vec<Topic> {
    let r = v.rules();
    let mut t = vec![Topic::MenMove, Topic::MenCapture];
    t.push(if r.men_capture_backward() {
        Topic::MenCaptureBackward
    } else {
        Topic::MenForwardOnly
    });
    if !r.men_capture_kings {
        t.push(Topic::MenNotKings);
    }
    t.extend([Topic::Compulsory, Topic::MultiJump]);
    if r.free_choice() {
        t.push(Topic::FreeChoice);
    }
    for p in r.precedence {
        t.extend(match p {
            Precedence::MostPieces => Some(Topic::MostPieces),
            Precedence::MostValue => Some(Topic::MostValue),
            Precedence::ByKing => Some(Topic::ByKing),
            Precedence::MostKings => Some(Topic::MostKings),
            Precedence::EarliestKings => None,
        });
    }
    if r.goal != Goal::FirstKing {
        t.push(Topic::Promotion);
    }
    t.push(match r.capture_promotion {
        CapturePromotion::AtEndOnly => Topic::CrownAtEnd,
        CapturePromotion::Immediately => Topic::CrownImmediately,
        CapturePromotion::EndsMove => Topic::CrownEndsMove,
    });
    if r.goal != Goal::FirstKing {
        t.extend([Topic::KingMove, Topic::KingCapture]);
        if r.king_move_limit.is_some() {
            t.push(Topic::KingLimit);
        }
    }
    t.extend([Topic::Goal, Topic::Draws]);
    t
}

#[test]
fn each_steps_answer_is_the_only_move_the_rule_allows() {
    for v in Variant::ALL {
        let steps = lesson(v);
        let topics: Vec<Topic> = steps.iter().map(|s| s.topic).collect();
        assert_eq!(
            topics,
            expected_topics(v),
            "{v}: the table's rules, each a step"
        );
        assert!(steps.len() >= 6, "{v}: {} steps", steps.len());
        let mut a_choice = false;
        for s in &steps {
            let what = format!("{v} {:?}", s.topic);
            assert_known(&s.rule);
            assert_known(&s.ask);
            assert_eq!(s.position.turn(), Color::White, "{what}");
            let fen = write_fen(&s.position);
            let read = parse_fen(&fen, v).unwrap_or_else(|e| panic!("{what}: {fen}: {e}"));
            assert_eq!(write_fen(&read), fen, "{what}");
            let legal = s.position.legal_moves();
            assert_eq!(legal.len(), s.legal.len(), "{what}");
            if s.task == Task::Read {
                assert!(s.answers.is_empty(), "{what}");
                continue;
            }
            assert!(!s.answers.is_empty(), "{what}: {fen}");
            for m in &s.answers {
                assert!(s.position.is_legal(m), "{what}: {fen}");
            }
            let accepted: Vec<_> = s
                .legal
                .iter()
                .filter(|m| s.task.accepts(m))
                .copied()
                .collect();
            assert_eq!(accepted, s.answers, "{what}: {fen}");
            if s.task == Task::Find {
                // The rule leaves no other move: the legal list is the answer.
                assert_eq!(s.answers.len(), legal.len(), "{what}: {fen}");
            }
            if let Task::Reach { .. } = s.task {
                assert_eq!(s.answers.len(), 1, "{what}: {fen}");
            }
            a_choice |= s.legal.len() > s.answers.len();
            for &i in &s.answer_indices() {
                assert!(s.check(i).0, "{what}");
            }
            if let Some(i) = (0..s.legal.len()).find(|i| !s.answer_indices().contains(i)) {
                let (right, said) = s.check(i);
                assert!(!right, "{what}");
                assert_eq!(said.code, "lesson.wrong");
                assert_known(&said);
            }
            if s.topic == Topic::Goal {
                assert_goal(v, s);
            }
        }
        assert!(
            a_choice,
            "{v}: some step has a legal move that is not the answer"
        );
    }
}

/// The goal's step wins the game for White, as the table's goal says.
fn assert_goal(v: Variant, s: &draughts_views::lessons::Step) {
    let after = s.position.play(&s.answers[0]).unwrap();
    match v.rules().goal {
        Goal::Standard => assert!(
            after.legal_moves().is_empty(),
            "{v}: Black is left without a move"
        ),
        Goal::Losing => {
            let replies = after.legal_moves();
            assert!(
                !replies.is_empty() && replies.iter().all(|m| m.is_capture()),
                "{v}"
            );
            for m in replies {
                let end = after.play(&m).unwrap();
                assert_eq!(
                    end.decided().map(|d| d.winner(end.turn())),
                    Some(Color::White),
                    "{v}"
                );
            }
        }
        Goal::FirstKing => assert!(after.is_variant_end(), "{v}: the first king ends the game"),
    }
}

/// What each variant's lesson covers (printed with `--nocapture`).
#[test]
fn lessons_list_their_steps() {
    for v in Variant::ALL {
        let steps = lesson(v);
        let names: Vec<&str> = steps.iter().map(|s| s.topic.name()).collect();
        println!("{v} ({}): {}", steps.len(), names.join(", "));
    }
}
