//! A placement, written either way people write one: a `perm` text (the 1-based column of
//! each row, whitespace-separated, as judges print them) or a board of `.` and `Q` rows (as
//! LeetCode 51 prints them), told apart by the first character.

use super::boards::placement_board;
use super::words::Words;
use super::ReadError;
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
    let mut words = Words::new(input);
    let mut queens: Vec<u32> = Vec::new();
    while let Some(word) = words.next_word()? {
        let column = match word.number(MAX_COLUMN) {
            Ok(column) if column >= 1 => column,
            Err("too large") => {
                let message = format!(
                    "{} (number {}) is a column past 2^32, outside any board",
                    word.text,
                    queens.len() + 1
                );
                return Err(ReadError::invalid(word.line, word.column, message));
            }
            _ => {
                let message = format!(
                    "{} (number {}) is not a column (a whole number from 1)",
                    word.text,
                    queens.len() + 1
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
        queens.push((column - 1) as u32);
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
/// board ([`super::boards`]: N rows of N squares, one `Q` each, `.` the others) when it is `.`
/// or `Q`.
///
/// # Errors
///
/// Those of [`perm`], or of a board's shape; a board row with no queen or several is
/// [`super::Kind::NotAPlacement`] (a check that fails, not bad input).
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
/// let err = placement(&b".Q..\n.Q.Q\n"[..]).unwrap_err();
/// assert!(err.is_not_a_placement());
/// assert_eq!(err.to_string(), "row 2 holds 2 queens, not one");
/// ```
pub fn placement<R: Read>(input: R) -> Result<Vec<u32>, ReadError> {
    let mut input = io::BufReader::with_capacity(1 << 16, input);
    // The first character that is not a byte-order mark or whitespace tells which it is; the
    // text before it is kept, so that lines keep their numbers.
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
        match chunk[skip..]
            .iter()
            .find(|&&b| !matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0B | 0x0C))
        {
            Some(&b) => break Some(b),
            None => {
                seen.extend_from_slice(chunk);
                let used = chunk.len();
                input.consume(used);
            }
        }
    };
    let rest = io::Cursor::new(seen).chain(input);
    match first {
        Some(b'.') | Some(b'Q') => placement_board(rest),
        _ => perm(rest),
    }
}
