//! Reading what people type, by one set of rules: a number (the judge's rule), a queen's
//! square (`ROW,COL` or `ROW COL`), and the words of a text with the line and column each
//! stands at, so that every message says where.
//!
//! The rules are those of the judge's reader ([`crate::judge::Numbers`]), which lives in the
//! judge file for judges to compile alone:
//!
//! - a UTF-8 byte-order mark at the very start is skipped;
//! - whitespace is C's `isspace` set (space, `\t`, `\n`, `\v`, `\f`, `\r`); lines end at `\n`,
//!   `\r\n` or a lone `\r`;
//! - a number is an optional sign and ASCII digits, read by value whatever its length
//!   (`+0008` is 8, `-0` is 0);
//! - a word is kept to its first 40 bytes for messages, and a word that is already not a
//!   number when it passes them is given at once (an endless word is never waited for).
//!
//! # Example
//!
//! ```
//! use nqueens::read::{number, queen, Words};
//!
//! assert_eq!(number("+0008", 32), Some(8));
//! assert_eq!(queen("3,5"), Some((3, 5)));
//! assert_eq!(queen(" 3 5 "), Some((3, 5)));
//! let mut words = Words::new(&b"\xEF\xBB\xBF2 4\r\n  x"[..]);
//! let (mut found, mut bad) = (Vec::new(), None);
//! while let Some(word) = words.next_word().unwrap() {
//!     match word.number(10) {
//!         Ok(n) => found.push(n),
//!         Err(problem) => bad = Some(format!("{}: {}: {}", word.place(), word.text, problem)),
//!     }
//! }
//! assert_eq!(found, [2, 4]);
//! assert_eq!(bad.unwrap(), "line 2, column 3: \"x\": not a whole number");
//! ```

use std::io::{self, Read};

/// The one number in `text` (whitespace around it is allowed), if it is a whole number from 0
/// to `max`: for a number given on a command line or as a field of a line.
///
/// # Complexity
///
/// O(`text.len()`).
///
/// # Example
///
/// ```
/// use nqueens::read::number;
/// assert_eq!(number(" +0008\n", 32), Some(8));
/// assert_eq!(number("8 9", 32), None);
/// assert_eq!(number("33", 32), None);
/// assert_eq!(number("99999999999999999999", u64::MAX), None);
/// assert_eq!(number("18446744073709551615", u64::MAX), Some(u64::MAX));
/// assert_eq!(number("18446744073709551616", u64::MAX), None);
/// ```
pub fn number(text: &str, max: u64) -> Option<u64> {
    let mut words = Words::new(text.as_bytes());
    let word = words.next_word().ok()??;
    match words.next_word() {
        Ok(None) => word.number(max).ok(),
        _ => None,
    }
}

/// A queen's square as people write it, 1-based: `ROW,COL` or `ROW COL` (spaces around the
/// numbers allowed), each a number from 1 by [`number`]'s rule; `None` otherwise.
///
/// # Example
///
/// ```
/// use nqueens::read::queen;
/// assert_eq!(queen("3,5"), Some((3, 5)));
/// assert_eq!(queen("3 , 5"), Some((3, 5)));
/// assert_eq!(queen("3\t5"), Some((3, 5)));
/// assert_eq!(queen("3,"), None);
/// assert_eq!(queen("0,5"), None);
/// assert_eq!(queen("3 5 7"), None);
/// ```
pub fn queen(text: &str) -> Option<(u64, u64)> {
    let (row, col) = match text.split_once(',') {
        Some(pair) => pair,
        None => text.trim().split_once(|c: char| c.is_ascii_whitespace())?,
    };
    let square = |s: &str| number(s, u64::MAX - 1).filter(|&v| v >= 1);
    Some((square(row)?, square(col)?))
}

/// A word of a text: where it starts, its first bytes, and what it says as a number.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Word {
    /// The line it starts on, from 1.
    pub line: u64,
    /// The column (byte) of the line it starts at, from 1.
    pub column: u64,
    /// Its text, quoted and escaped, shortened with `...` past 40 bytes.
    pub text: String,
    minus: bool,
    digits: bool,
    junk: bool,
    /// The value of its digits, while it fits.
    value: u64,
    /// Its digits passed `u64::MAX`.
    overflowed: bool,
}

impl Word {
    /// `line L, column C`, for a message.
    pub fn place(&self) -> String {
        format!("line {}, column {}", self.line, self.column)
    }

    /// The word as a whole number from 0 to `max`, or what is wrong with it.
    ///
    /// # Errors
    ///
    /// `"not a whole number"`, `"negative"` or `"too large"`.
    pub fn number(&self, max: u64) -> Result<u64, &'static str> {
        match self {
            w if w.junk || !w.digits => Err("not a whole number"),
            w if w.minus && w.value > 0 => Err("negative"),
            w if w.overflowed || w.value > max => Err("too large"),
            w => Ok(w.value),
        }
    }
}

/// Bytes of a word kept for messages.
const KEPT: usize = 40;

/// The words of a text, one at a time, streaming: memory stays flat however long the text or
/// a word is.
pub struct Words<R: Read> {
    input: io::BufReader<R>,
    line: u64,
    column: u64,
    after_cr: bool,
    started: bool,
}

impl<R: Read> Words<R> {
    /// Reads the words of `input`.
    pub fn new(input: R) -> Words<R> {
        Words {
            input: io::BufReader::with_capacity(1 << 16, input),
            line: 1,
            column: 0,
            after_cr: false,
            started: false,
        }
    }

    /// The next word, or `None` at the end; a word that is not a number is given as soon as
    /// 41 bytes of it are read (the rest of it is then the next word: stop at a bad word).
    ///
    /// # Errors
    ///
    /// Reading fails.
    ///
    /// # Complexity
    ///
    /// O(bytes read).
    pub fn next_word(&mut self) -> io::Result<Option<Word>> {
        use io::BufRead;
        let mut word: Option<(Word, Vec<u8>, u64)> = None;
        loop {
            let chunk = match self.input.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                return Ok(word.map(|(w, kept, len)| finish(w, &kept, len)));
            }
            let mut chunk = chunk;
            let mut skipped = 0;
            if !self.started {
                self.started = true;
                // A byte-order mark cut across two reads is not skipped (the first read holds
                // at least three bytes of any real file).
                if chunk.starts_with(b"\xEF\xBB\xBF") {
                    (chunk, skipped) = (&chunk[3..], 3);
                }
            }
            let mut used = 0;
            for &byte in chunk {
                used += 1;
                let after_cr = std::mem::replace(&mut self.after_cr, byte == b'\r');
                if matches!(byte, b' ' | b'\t' | b'\n' | b'\r' | 0x0B | 0x0C) {
                    if byte == b'\r' || (byte == b'\n' && !after_cr) {
                        (self.line, self.column) = (self.line + 1, 0);
                    } else if byte != b'\n' {
                        self.column += 1;
                    }
                    if let Some((w, kept, len)) = word.take() {
                        self.input.consume(skipped + used);
                        return Ok(Some(finish(w, &kept, len)));
                    }
                    continue;
                }
                self.column += 1;
                let (w, kept, len) = word.get_or_insert_with(|| {
                    let (line, column) = (self.line, self.column);
                    let text = String::new();
                    let w = Word {
                        line,
                        column,
                        text,
                        minus: false,
                        digits: false,
                        junk: false,
                        value: 0,
                        overflowed: false,
                    };
                    (w, Vec::with_capacity(KEPT), 0)
                });
                *len += 1;
                if kept.len() < KEPT {
                    kept.push(byte);
                }
                match byte {
                    b'0'..=b'9' => {
                        let digit = u64::from(byte - b'0');
                        match w.value.checked_mul(10).and_then(|v| v.checked_add(digit)) {
                            Some(value) => w.value = value,
                            None => w.overflowed = true,
                        }
                        w.digits = true;
                    }
                    b'+' | b'-' if *len == 1 => w.minus = byte == b'-',
                    _ => w.junk = true,
                }
                if (w.junk || w.overflowed) && *len > KEPT as u64 {
                    let (w, kept, len) = word.take().expect("a word");
                    self.input.consume(skipped + used);
                    return Ok(Some(finish(w, &kept, len)));
                }
            }
            self.input.consume(skipped + used);
        }
    }
}

/// The word with its text for messages: quoted, escaped (a character cut off by the cap left
/// out), `...` when cut.
fn finish(mut word: Word, kept: &[u8], len: u64) -> Word {
    let cut = len > kept.len() as u64;
    let mut text = match std::str::from_utf8(kept) {
        Ok(text) => format!("{:?}", text),
        Err(e) if cut && e.error_len().is_none() => {
            format!("{:?}", String::from_utf8_lossy(&kept[..e.valid_up_to()]))
        }
        Err(_) => format!("\"{}\"", kept.escape_ascii()),
    };
    if cut {
        text.insert_str(text.len() - 1, "...");
    }
    word.text = text;
    word
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &[u8]) -> Vec<(u64, u64, String)> {
        let mut words = Words::new(text);
        let mut found = Vec::new();
        while let Some(w) = words.next_word().unwrap() {
            found.push((w.line, w.column, w.text));
        }
        found
    }

    #[test]
    fn places_count_lines_at_lf_crlf_and_a_lone_cr() {
        let found = words(b"\xEF\xBB\xBFa  b\r\nc\rd\n\ne\x0Bf");
        let places: Vec<(u64, u64)> = found.iter().map(|w| (w.0, w.1)).collect();
        assert_eq!(places, [(1, 1), (1, 4), (2, 1), (3, 1), (5, 1), (5, 3)]);
    }

    #[test]
    fn numbers_are_read_by_value_and_judged() {
        let word = |text: &str| Words::new(text.as_bytes()).next_word().unwrap().unwrap();
        assert_eq!(word(&format!("{}8", "0".repeat(100))).number(8), Ok(8));
        assert_eq!(word("-0").number(8), Ok(0));
        assert_eq!(word("-1").number(8), Err("negative"));
        assert_eq!(word("9").number(8), Err("too large"));
        assert_eq!(word("18446744073709551615").number(u64::MAX), Ok(u64::MAX));
        assert_eq!(
            word("18446744073709551616").number(u64::MAX),
            Err("too large")
        );
        assert_eq!(word("1x").number(8), Err("not a whole number"));
        assert_eq!(word("+").number(8), Err("not a whole number"));
    }

    #[test]
    fn an_endless_word_is_given_after_41_bytes_with_its_text_cut() {
        let mut words = Words::new(io::repeat(b'x'));
        let word = words.next_word().unwrap().unwrap();
        assert_eq!(word.text, format!("\"{}...\"", "x".repeat(40)));
        let mut words = Words::new(io::repeat(b'9'));
        assert_eq!(
            words.next_word().unwrap().unwrap().number(5),
            Err("too large")
        );
        // A character cut by the cap is left out of the text, not shown as bytes.
        let text = format!("{}é{}", "a".repeat(39), "b".repeat(10));
        let word = Words::new(text.as_bytes()).next_word().unwrap().unwrap();
        assert_eq!(word.text, format!("\"{}...\"", "a".repeat(39)));
    }
}
