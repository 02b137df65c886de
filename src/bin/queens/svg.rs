//! Text in the SVG pictures the toolkit draws (the benchmark's plot, a campaign's status).

/// `text` as SVG text (an element's text or an attribute's value): the characters XML
/// reserves escaped, and every control character (which XML 1.0 forbids, or a picture would
/// show as nothing) replaced by U+FFFD, so a host name or any other text read from a
/// checkpoint can never make the picture fail to parse.
pub fn text(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c if c.is_control() || c == '\u{fffe}' || c == '\u{ffff}' => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_escaped_and_control_characters_replaced() {
        assert_eq!(text("a<b>&\"c\""), "a&lt;b&gt;&amp;&quot;c&quot;");
        assert_eq!(
            text("h\u{1}o\u{1b}[1m\tst\u{7f}\u{85}"),
            "h\u{fffd}o\u{fffd}[1m\u{fffd}st\u{fffd}\u{fffd}"
        );
        assert_eq!(text("\u{ffff}é"), "\u{fffd}é");
    }
}
