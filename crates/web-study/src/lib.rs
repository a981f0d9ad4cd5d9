//! The page's study module, loaded when a player first opens the lessons (www/lessons.js), so
//! the first load carries none of it: each variant's lesson in its rules
//! (`draughts_views::lessons`), with the lessons' words (`draughts_rules::message::LESSONS`),
//! which the page's own module leaves out. The lesson's positions are played on the page's own
//! module (a game from the step's FEN), whose legal moves come in the same canonical order, so
//! a move's index means the same move to both.
//!
//! ```js
//! const lesson = new Lesson("frisian");
//! lesson.steps();           // [{ topic, fen, task, rule, ask, moves }]  (rule, ask: messages)
//! lesson.check(0, index);   // { right, message }
//! lesson.answers(0);        // the indices the step accepts (the tests play them)
//! lessonWords();            // { "lesson.next": "Next", … }: the page's English around a lesson
//! ```

pub mod puzzles;

use draughts_rules::message::{lesson_template, Message, LESSONS};
use draughts_rules::{write_fen, Variant};
use draughts_views::lessons::{lesson, Step, Task};
use serde::Serialize;

/// A step as the page gets it.
#[derive(Serialize)]
pub struct StepOut<'a> {
    /// The rule taught (`Topic::name`).
    pub topic: &'static str,
    pub fen: String,
    /// `find`, `reach`, `crown` or `read` (a step without a move).
    pub task: &'static str,
    /// The rule's words and what to do, as messages (`{ code, params, text }`).
    pub rule: Worded<'a>,
    pub ask: Worded<'a>,
}

/// A message with its English words from the lessons' catalogue.
pub struct Worded<'a>(pub &'a Message);

impl Serialize for Worded<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.worded(lesson_template).serialize(s)
    }
}

pub fn step_out(step: &Step) -> StepOut<'_> {
    StepOut {
        topic: step.topic.name(),
        fen: write_fen(&step.position),
        task: match step.task {
            Task::Find => "find",
            Task::Reach { .. } => "reach",
            Task::Crown => "crown",
            Task::Read => "read",
        },
        rule: Worded(&step.rule),
        ask: Worded(&step.ask),
    }
}

/// The lesson of a variant, by name.
pub fn lesson_of(variant: &str) -> Option<(Variant, Vec<Step>)> {
    let v = Variant::from_name(variant)?;
    Some((v, lesson(v)))
}

/// The English of the page's words around a lesson (title, buttons, progress): the codes of
/// [`LESSONS`] the page asks for itself.
pub fn words() -> impl Iterator<Item = (&'static str, &'static str)> {
    LESSONS.iter().copied()
}

#[cfg(target_arch = "wasm32")]
mod web {
    use super::*;
    use draughts_views::convert::{plain, to_js};
    use wasm_bindgen::prelude::*;

    /// A variant's lesson, generated once.
    #[wasm_bindgen]
    pub struct Lesson {
        steps: Vec<Step>,
    }

    #[derive(Serialize)]
    struct Checked<'a> {
        right: bool,
        message: Worded<'a>,
    }

    #[wasm_bindgen]
    impl Lesson {
        /// # Errors
        /// An unknown variant name.
        #[wasm_bindgen(constructor)]
        pub fn new(variant: &str) -> Result<Lesson, JsValue> {
            let (_, steps) =
                lesson_of(variant).ok_or_else(|| plain(&format!("unknown variant {variant:?}")))?;
            Ok(Lesson { steps })
        }

        /// Every step: `{ topic, fen, task, rule, ask }`.
        pub fn steps(&self) -> JsValue {
            to_js(&self.steps.iter().map(step_out).collect::<Vec<_>>())
        }

        /// Whether the legal move `index` of step `step`'s position (the page's canonical
        /// order) is an answer: `{ right, message }`, the message the rule's words when not.
        ///
        /// # Errors
        /// No such step.
        pub fn check(&self, step: usize, index: usize) -> Result<JsValue, JsValue> {
            let s = self.steps.get(step).ok_or_else(|| plain("no such step"))?;
            let (right, message) = s.check(index);
            Ok(to_js(&Checked {
                right,
                message: Worded(&message),
            }))
        }

        /// The indices step `step` accepts (empty for a step to read).
        ///
        /// # Errors
        /// No such step.
        pub fn answers(&self, step: usize) -> Result<Vec<usize>, JsValue> {
            let s = self.steps.get(step).ok_or_else(|| plain("no such step"))?;
            Ok(s.answer_indices())
        }
    }

    /// A message of the lessons' catalogue by code, with parameters (`{ code, params, text }`
    /// for the page's translator): the page's words around a lesson.
    #[wasm_bindgen]
    pub fn say(code: &str, k: Option<u32>, n: Option<u32>, variant: Option<String>) -> JsValue {
        let Some(code) = words().map(|(c, _)| c).find(|c| *c == code) else {
            return JsValue::NULL;
        };
        let mut m = Message {
            code,
            params: Vec::new(),
        };
        if let Some(k) = k {
            m = m.with("k", k);
        }
        if let Some(n) = n {
            m = m.with("n", n);
        }
        if let Some(v) = variant.as_deref().and_then(Variant::from_name) {
            m = m.with("variant", v);
        }
        to_js(&Worded(&m))
    }

    #[wasm_bindgen(start)]
    pub fn start() {
        draughts_views::convert::init();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_variant_has_a_lesson_and_its_steps_serialize_with_words() {
        for v in Variant::ALL {
            let (_, steps) = lesson_of(v.name()).unwrap();
            for s in &steps {
                let out = step_out(s);
                let text = out.rule.0.text_in(lesson_template);
                assert!(!text.starts_with("lesson."), "{v}: {text}");
            }
        }
        assert!(lesson_of("chess").is_none());
    }
}
