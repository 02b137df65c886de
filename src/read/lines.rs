//! The lines of a text, one at a time, numbered from 1: line ends `\n`, `\r\n` or a lone `\r`,
//! a byte-order mark at the start skipped, spaces and tabs at the end of a line dropped, and
//! no line held past a cap (a line longer than that is given cut, and ends the reading).
//!
//! (Its example is the unit test `examples::lines_numbered` at the bottom of this file.)

use std::io::{self, BufRead, BufReader, Read};

/// One line: its number, its text, and whether it is whole (false: cut at the cap).
#[derive(Debug)]
pub struct Line<'a> {
    /// The line's number, from 1.
    pub number: u64,
    /// Its text, without its end and (when whole) the spaces and tabs before it.
    pub text: &'a [u8],
    /// False when the line was longer than the cap: `text` is its first bytes.
    pub whole: bool,
}

/// The lines of a text, streaming.
pub struct Lines<R: Read> {
    reader: BufReader<R>,
    cap: usize,
    /// Keep the spaces and tabs at the end of a line (a file name may end with one).
    verbatim: bool,
    line: Vec<u8>,
    number: u64,
    after_cr: bool,
    at_start: bool,
    ended: bool,
}

impl<R: Read> Lines<R> {
    /// Reads the lines of `input`, holding at most `cap` bytes of one.
    pub fn new(input: R, cap: usize) -> Lines<R> {
        Lines {
            reader: BufReader::with_capacity(1 << 16, input),
            cap,
            verbatim: false,
            line: Vec::new(),
            number: 0,
            after_cr: false,
            at_start: true,
            ended: false,
        }
    }

    /// As [`Lines::new`], but the spaces and tabs at the end of a line are kept.
    pub fn verbatim(input: R, cap: usize) -> Lines<R> {
        Lines {
            verbatim: true,
            ..Lines::new(input, cap)
        }
    }

    /// The next line, or `None` at the end (and after a line cut at the cap).
    ///
    /// # Errors
    ///
    /// Reading fails.
    ///
    /// # Complexity
    ///
    /// O(bytes read); memory at most the cap.
    pub fn next_line(&mut self) -> io::Result<Option<Line<'_>>> {
        if self.ended {
            return Ok(None);
        }
        self.line.clear();
        self.number += 1;
        let whole = loop {
            let chunk = match self.reader.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if chunk.is_empty() {
                self.ended = true;
                if self.line.is_empty() {
                    return Ok(None);
                }
                break true;
            }
            let (mut used, mut end) = (0, None);
            for &byte in chunk {
                used += 1;
                let after_cr = std::mem::replace(&mut self.after_cr, byte == b'\r');
                match byte {
                    b'\n' if after_cr => {}
                    b'\n' | b'\r' => {
                        end = Some(true);
                        break;
                    }
                    _ if self.line.len() == self.cap => {
                        end = Some(false);
                        break;
                    }
                    _ => self.line.push(byte),
                }
                if self.at_start && self.line.len() == 3 {
                    self.at_start = false;
                    if self.line == b"\xEF\xBB\xBF" {
                        self.line.clear();
                    }
                }
            }
            self.reader.consume(used);
            if let Some(whole) = end {
                break whole;
            }
        };
        self.at_start = false;
        if !whole {
            self.ended = true;
        } else if !self.verbatim {
            while let Some(b' ' | b'\t') = self.line.last() {
                self.line.pop();
            }
        }
        let number = self.number;
        Ok(Some(Line {
            number,
            text: &self.line,
            whole,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &[u8], cap: usize) -> Vec<(u64, String, bool)> {
        let mut lines = Lines::new(text, cap);
        let mut found = Vec::new();
        while let Some(l) = lines.next_line().unwrap() {
            found.push((
                l.number,
                String::from_utf8_lossy(l.text).into_owned(),
                l.whole,
            ));
        }
        found
    }

    #[test]
    fn lines_end_at_lf_crlf_and_a_lone_cr_and_keep_their_numbers() {
        let found = lines(b"a\nb\r\nc\rd\n\ne", 10);
        let numbers: Vec<(u64, &str)> = found.iter().map(|l| (l.0, l.1.as_str())).collect();
        assert_eq!(
            numbers,
            [(1, "a"), (2, "b"), (3, "c"), (4, "d"), (5, ""), (6, "e")]
        );
        assert_eq!(lines(b"", 10), []);
        assert_eq!(lines(b"\n", 10), [(1, String::new(), true)]);
    }

    #[test]
    fn a_byte_order_mark_is_skipped_only_at_the_start() {
        assert_eq!(lines("\u{feff}a\n\u{feff}b".as_bytes(), 10)[0].1, "a");
        assert_eq!(
            lines("\u{feff}a\n\u{feff}b".as_bytes(), 10)[1].1,
            "\u{feff}b"
        );
        // A mark cut short is text.
        assert_eq!(lines(b"\xEF\xBBa", 10)[0].1, "\u{fffd}a");
    }

    #[test]
    fn a_line_past_the_cap_is_given_cut_and_ends_the_reading() {
        assert_eq!(lines(b"abcdef\nx", 3), [(1, "abc".to_string(), false)]);
        let mut endless = Lines::new(io::repeat(b'.'), 5);
        assert!(!endless.next_line().unwrap().unwrap().whole);
        assert!(endless.next_line().unwrap().is_none());
    }
}

#[cfg(test)]
mod examples {
    //! The examples of this private module's docs, run as unit tests.

    #[test]
    fn lines_numbered() {
        use crate::read::lines::Lines;

        let mut lines = Lines::new(&b"\xEF\xBB\xBFab \r\n\rcdefgh"[..], 4);
        let mut seen = Vec::new();
        while let Some(line) = lines.next_line().unwrap() {
            seen.push((line.number, line.text.to_vec(), line.whole));
        }
        assert_eq!(
            seen,
            [
                (1, b"ab".to_vec(), true),
                (2, vec![], true),
                (3, b"cdef".to_vec(), false)
            ]
        );
    }
}
