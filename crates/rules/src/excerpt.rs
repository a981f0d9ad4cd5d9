//! Bounded quotes of input for error messages.
//!
//! An error that quotes the text at fault quotes at most [`EXCERPT_CHARS`] characters of it,
//! cut with an ellipsis, so a corrupted save or a megabyte of pasted text cannot make a message
//! megabytes long. Every error of the parsers (FEN, PDN, move text, variant names) builds its
//! quoted text with [`excerpt`].

/// The most characters of input an error message quotes.
pub const EXCERPT_CHARS: usize = 40;

/// `text` as an error may quote it: unchanged when short, else its first [`EXCERPT_CHARS`]
/// characters followed by `…`.
///
/// ```
/// use draughts_rules::excerpt::excerpt;
/// assert_eq!(excerpt("32-28"), "32-28");
/// let long = "9".repeat(1000);
/// assert_eq!(excerpt(&long), format!("{}…", "9".repeat(40)));
/// ```
pub fn excerpt(text: &str) -> String {
    match text.char_indices().nth(EXCERPT_CHARS) {
        None => text.to_owned(),
        Some((cut, _)) => format!("{}…", &text[..cut]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cuts_on_a_character_boundary() {
        let text = "é".repeat(41);
        assert_eq!(excerpt(&text).chars().count(), EXCERPT_CHARS + 1);
        assert_eq!(excerpt(&"é".repeat(40)), "é".repeat(40));
        assert_eq!(excerpt(""), "");
    }
}
