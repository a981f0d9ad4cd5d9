//! A link never panics the reader, even one with a valid check around arbitrary contents (so
//! the fuzzer reaches the replay of the moves), and every game it opens writes back to a link
//! that opens the same game.
#![no_main]

use draughts::link::{check, read_link, write_link};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = read_link(text);
    let sealed = format!("#{text}&c={}", check(text));
    if let Ok(game) = read_link(&sealed) {
        let again = read_link(&write_link(&game)).expect("a written link opens");
        assert_eq!(again.moves(), game.moves());
        assert_eq!(again.start(), game.start());
        assert_eq!(again.status(), game.status());
    }
});
