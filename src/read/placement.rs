//! A placement, written either way people write one: a `perm` text (the 1-based column of
//! each row, whitespace-separated, as judges print them) or a board of `.` and `Q` rows (as
//! LeetCode 51 prints them), told apart by the first character.

use super::boards::placement_board;
use super::error::{Kind, ReadError};
use super::words::Words;
use crate::memory::OutOfMemory;
use std::io::{self, BufRead, Read};

/// The largest column a `perm` text can hold, 1-based: 2³² (columns are `u32` 0-based).
const MAX_COLUMN: u64 = 1 << 32;

/// Reads a placement in the `perm` format: whitespace-separated 1-based columns of rows 1, 2,
/// …; returns them 0-based, streaming: memory is the placement, 4 bytes a queen.
///
/// # Errors
///
/// A [`ReadError`] naming the line and column of a word that is not a whole number from 1 to
/// 2³² (as soon as it is known to be bad), or saying the text holds no number; memory too
/// short for the placement; a failed read.
///
/// # Complexity
///
/// O(length of the text).
///
/// # Example
///
/// ```
/// use nqueens::read::perm;
///
/// assert_eq!(perm(&b"2 +4 1 03\n"[..]).unwrap(), vec![1, 3, 0, 2]);
/// assert_eq!(
///     perm(&b"2 4\nx 3"[..]).unwrap_err().to_string(),
///     "line 2, column 1: \"x\" (number 3) is not a column (a whole number from 1)"
/// );
/// ```
pub fn perm<R: Read>(input: R) -> Result<Vec<u32>, ReadError> {
    columns(input, 1)
}

/// Reads a placement in the `perm0` format: as [`perm`], the columns counted from 0.
///
/// # Errors
///
/// As [`perm`].
///
/// # Example
///
/// ```
/// assert_eq!(nqueens::read::perm0(&b"1 3 0 2"[..]).unwrap(), vec![1, 3, 0, 2]);
/// ```
pub fn perm0<R: Read>(input: R) -> Result<Vec<u32>, ReadError> {
    columns(input, 0)
}

/// The columns of a `perm` text counted from `base` (0 or 1), 0-based.
fn columns<R: Read>(input: R, base: u64) -> Result<Vec<u32>, ReadError> {
    let mut words = Words::new(input);
    let mut queens: Vec<u32> = Vec::new();
    while let Some(word) = words.next_word()? {
        let column = match word.number(MAX_COLUMN - 1 + base) {
            Ok(column) if column >= base => column,
            Err("too large") => {
                let message = format!(
                    "{} (number {}) is a column past 2^32, outside any board",
                    word.text,
                    queens.len() + 1
                );
                return Err(ReadError::invalid(word.line, word.column, message));
            }
            _ => {
                let hint = match (base, word.number(0)) {
                    (1, Ok(0)) => "; 0-based columns are the perm0 format",
                    _ => "",
                };
                let message = format!(
                    "{} (number {}) is not a column (a whole number from {}{})",
                    word.text,
                    queens.len() + 1,
                    base,
                    hint
                );
                return Err(ReadError::invalid(word.line, word.column, message));
            }
        };
        if queens.len() == queens.capacity() {
            let more = queens.len().max(1 << 12);
            if queens.try_reserve(more).is_err() {
                let needed = (queens.len() + more) as u64 * 4;
                return Err(OutOfMemory {
                    what: "the placement read",
                    needed,
                }
                .into());
            }
        }
        queens.push((column - base) as u32);
    }
    if queens.is_empty() {
        return Err(ReadError::invalid(
            0,
            0,
            "no placement: the input holds no number",
        ));
    }
    Ok(queens)
}

/// Reads a placement given either way, told apart by its first character (after a
/// byte-order mark and whitespace): a `perm` text ([`perm`]) when it is a digit or a sign, a
/// board (`boards`: N rows of N squares, one `Q` each, `.` the others) when it is `.`
/// or `Q`.
///
/// # Errors
///
/// Those of [`perm`], or of a board's shape; a board row with no queen or several is
/// [`Kind::NotAPlacement`] (a check that fails, not bad input).
///
/// # Complexity
///
/// O(length of the text); a board's rows are not held, only the queens' columns.
///
/// # Example
///
/// ```
/// use nqueens::read::placement;
///
/// assert_eq!(placement(&b"2 4 1 3"[..]).unwrap(), [1, 3, 0, 2]);
/// assert_eq!(placement(&b".Q..\n...Q\nQ...\n..Q.\n"[..]).unwrap(), [1, 3, 0, 2]);
/// let err = placement(&b".Q..\n.Q.Q\n....\n..Q.\n"[..]).unwrap_err();
/// assert!(err.is_not_a_placement());
/// assert_eq!(err.to_string(), "row 2 holds 2 queens, not one");
/// ```
pub fn placement<R: Read>(input: R) -> Result<Vec<u32>, ReadError> {
    let (first, rest) = sniff(input)?;
    match first {
        Some(b'.') | Some(b'Q') => placement_board(rest),
        _ => perm(rest),
    }
}

/// Reads one placement as [`placement`] does, or every board of LeetCode 51's JSON answer
/// ([`placements_json`]) when the text starts with `[`.
///
/// # Errors
///
/// Those of [`placement`] or [`placements_json`].
///
/// # Example
///
/// ```
/// use nqueens::read::placements;
/// assert_eq!(placements(&b"2 4 1 3"[..]).unwrap(), [vec![1, 3, 0, 2]]);
/// assert_eq!(placements(&br#" [[".Q..","...Q","Q...","..Q."]]"#[..]).unwrap(), [vec![1, 3, 0, 2]]);
/// ```
pub fn placements<R: Read>(input: R) -> Result<Vec<Vec<u32>>, ReadError> {
    let (first, rest) = sniff(input)?;
    match first {
        Some(b'[') => placements_json(rest),
        Some(b'.') | Some(b'Q') => Ok(vec![placement_board(rest)?]),
        _ => Ok(vec![perm(rest)?]),
    }
}

/// The first character that is not a byte-order mark or whitespace, and the text again from
/// its start (what came before it is kept, so that lines keep their numbers).
fn sniff<R: Read>(input: R) -> Result<(Option<u8>, impl Read), ReadError> {
    let mut input = io::BufReader::with_capacity(1 << 16, input);
    let mut seen = Vec::new();
    let first = loop {
        let chunk = match input.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e.into()),
        };
        if chunk.is_empty() {
            break None;
        }
        let skip = if seen.is_empty() && chunk.starts_with(b"\xEF\xBB\xBF") {
            3
        } else {
            0
        };
        let space = |b: &&u8| !matches!(**b, b' ' | b'\t' | b'\n' | b'\r' | 0x0B | 0x0C);
        match chunk[skip..].iter().find(space) {
            Some(&b) => break Some(b),
            None => {
                seen.extend_from_slice(chunk);
                let used = chunk.len();
                input.consume(used);
            }
        }
    };
    Ok((first, io::Cursor::new(seen).chain(input)))
}

/// The most bytes of JSON read: LeetCode 51's answer for N = 12 is about 2.6 MB.
const MAX_JSON: u64 = 1 << 26;

/// Reads LeetCode 51's answer: a JSON array of boards, each an array of row strings of `.` and
/// one `Q`; returns each board's columns, 0-based.
///
/// # Errors
///
/// A [`ReadError`] naming the line and column where the text stops being such an array (or
/// its size past 64 MB); [`Kind::NotAPlacement`] for a row with no queen or several, or
/// a board with as many rows as it has columns not; a failed read.
///
/// # Example
///
/// ```
/// let text = br#"[[".Q..","...Q","Q...","..Q."],["..Q.","Q...","...Q",".Q.."]]"#;
/// let boards = nqueens::read::placements_json(&text[..]).unwrap();
/// assert_eq!(boards, vec![vec![1, 3, 0, 2], vec![2, 0, 3, 1]]);
/// ```
pub fn placements_json<R: Read>(input: R) -> Result<Vec<Vec<u32>>, ReadError> {
    let mut bytes = Vec::new();
    input.take(MAX_JSON + 1).read_to_end(&mut bytes)?;
    if bytes.len() as u64 > MAX_JSON {
        return Err(ReadError::invalid(0, 0, "more than 64 MB of JSON"));
    }
    let text = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&bytes);
    let mut json = Json { text, at: 0 };
    let mut boards = Vec::new();
    json.expect(b'[')?;
    if !json.next_is(b']') {
        loop {
            boards.push(json.board(boards.len() + 1)?);
            if json.next_is(b']') {
                break;
            }
            json.expect(b',')?;
        }
    }
    json.expect(b']')?;
    json.skip_space();
    if json.at < text.len() {
        return Err(json.error("text after the closing ']'"));
    }
    Ok(boards)
}

/// A cursor in a JSON text.
struct Json<'a> {
    text: &'a [u8],
    at: usize,
}

impl Json<'_> {
    /// The line and column of the cursor, from 1.
    fn place(&self) -> (u64, u64) {
        let before = &self.text[..self.at.min(self.text.len())];
        let line = before.iter().filter(|&&b| b == b'\n').count() as u64 + 1;
        let column = before.iter().rev().take_while(|&&b| b != b'\n').count() as u64 + 1;
        (line, column)
    }

    fn error(&self, message: impl Into<String>) -> ReadError {
        let (line, column) = self.place();
        ReadError::invalid(line, column, message.into())
    }

    fn skip_space(&mut self) {
        while self
            .text
            .get(self.at)
            .is_some_and(|b| b.is_ascii_whitespace())
        {
            self.at += 1;
        }
    }

    /// Whether the next character (after whitespace) is `b`, without taking it.
    fn next_is(&mut self, b: u8) -> bool {
        self.skip_space();
        self.text.get(self.at) == Some(&b)
    }

    fn expect(&mut self, b: u8) -> Result<(), ReadError> {
        if !self.next_is(b) {
            let found = match self.text.get(self.at) {
                Some(&c) => format!("{:?}", char::from(c)),
                None => "the end of the text".to_string(),
            };
            return Err(self.error(format!(
                "expected '{}' of LeetCode 51's JSON, found {}",
                char::from(b),
                found
            )));
        }
        self.at += 1;
        Ok(())
    }

    /// One board: an array of row strings; its columns, 0-based.
    fn board(&mut self, index: usize) -> Result<Vec<u32>, ReadError> {
        let not_a_placement = |message: String| ReadError {
            source: None,
            line: 0,
            column: 0,
            kind: Kind::NotAPlacement(format!("placement {}: {}", index, message)),
        };
        self.expect(b'[')?;
        let mut queens = Vec::new();
        let mut width = None;
        if !self.next_is(b']') {
            loop {
                self.expect(b'"')?;
                let start = self.at;
                while self
                    .text
                    .get(self.at)
                    .is_some_and(|&b| b == b'.' || b == b'Q')
                {
                    self.at += 1;
                }
                let row = &self.text[start..self.at];
                if self.text.get(self.at) != Some(&b'"') {
                    return Err(self.error("a row of a board holds only '.' and 'Q'"));
                }
                self.at += 1;
                if *width.get_or_insert(row.len()) != row.len() {
                    return Err(self.error(format!(
                        "a row of {} squares in a board of {}",
                        row.len(),
                        width.unwrap_or(0)
                    )));
                }
                let mut at = row.iter().enumerate().filter(|(_, &b)| b == b'Q');
                match (at.next(), at.count()) {
                    (Some((col, _)), 0) => queens.push(col as u32),
                    (first, more) => {
                        let count = usize::from(first.is_some()) + more;
                        let message =
                            format!("row {} holds {} queens, not one", queens.len() + 1, count);
                        return Err(not_a_placement(message));
                    }
                }
                if self.next_is(b']') {
                    break;
                }
                self.expect(b',')?;
            }
        }
        self.expect(b']')?;
        if width.is_some_and(|w| w != queens.len()) {
            let message = format!("{} rows of {} squares", queens.len(), width.unwrap_or(0));
            return Err(not_a_placement(message));
        }
        Ok(queens)
    }
}
