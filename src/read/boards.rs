//! Boards as text: N lines of N squares, `.` a free square, `*` a reserved one (no queen
//! there, but queens attack across it, as in CSES 1624), `Q` a queen already placed. Blank
//! lines before and after the board, spaces or tabs at the end of a line and a missing final
//! newline are fine; a blank line ends the board.
//!
//! One reader of the board's shape serves both uses: [`board`] reads a board to fill, and
//! `read::placement` reads a placement drawn as a board (LeetCode 51's form:
//! one `Q` a row, no `*`).

use super::error::{Kind, ReadError};
use super::lines::{Line, Lines};
use crate::board::{Board, Clash, Queen};
use crate::memory::OutOfMemory;
use std::io::Read;

/// The widest board read from text: 8192 squares a side (a 64 MB file).
pub const MAX_WIDTH: usize = 8192;

/// The longest line kept for checking, in bytes: the widest board and then some, so that a
/// square written in several bytes, or a line too long, is seen whole enough to be named.
const LINE_CAP: usize = 4 * (MAX_WIDTH + 1);

/// `"1 line"`, `"2 lines"`.
fn plural(count: usize, word: &str) -> String {
    format!("{} {}{}", count, word, if count == 1 { "" } else { "s" })
}

/// Reads a board: N lines of N squares, `.` free, `*` reserved, `Q` a queen already placed (at
/// most one a row; placed queens must not attack each other).
///
/// Reading stops at the first line that shows the text cannot be a board (more than
/// [`MAX_WIDTH`] squares, a wrong character, a second queen in a row, a line too many), so an
/// endless input is refused at once; at most 4 · [`MAX_WIDTH`] bytes of a line are held.
///
/// # Errors
///
/// A [`ReadError`] naming the line and column: an empty board, a line of more than
/// [`MAX_WIDTH`] squares or of another length than the first, more or fewer lines than squares
/// in a line, a character other than `.`, `*` and `Q`, two queens in a row or two that attack
/// each other, text after the blank line that ended the board; a failed read; memory too short
/// for the board's reserved squares.
///
/// # Complexity
///
/// O(length of the text read + q log q) for q placed queens.
///
/// # Example
///
/// ```
/// use nqueens::read::board;
///
/// let board = board(&b"\xEF\xBB\xBF..\r\n.*\r\n\r\n"[..]).unwrap();
/// assert_eq!(board.size(), 2);
/// assert!(board.is_reserved(1, 1) && !board.is_reserved(0, 1));
/// let err = nqueens::read::board(&b"...\n..\n...\n"[..]).unwrap_err();
/// assert_eq!(
///     err.to_string(),
///     "line 2: 2 squares, but line 1 has 3 (a board is N lines of N squares)"
/// );
/// ```
pub fn board<R: Read>(input: R) -> Result<Board, ReadError> {
    let mut reserved: Vec<u64> = Vec::new();
    let mut queens: Vec<(u32, u32)> = Vec::new();
    let (n, first) = each_row(input, |row, line, width| {
        let words = width.div_ceil(64);
        let start = reserved.len();
        if reserved.try_reserve(words).is_err() {
            let needed = ((start + words) * 8) as u64;
            return Err(OutOfMemory {
                what: "the board's reserved squares",
                needed,
            }
            .into());
        }
        reserved.resize(start + words, 0);
        let mut queen = None;
        for (col, &square) in line.text.iter().enumerate() {
            match (square, queen) {
                (b'*', _) => reserved[start + col / 64] |= 1 << (col % 64),
                (b'Q', None) => queen = Some(col),
                (b'Q', Some(first)) => {
                    let message = format!(
                        "a second queen in this row (the first is in column {})",
                        first + 1
                    );
                    return Err(ReadError::invalid(line.number, col as u64 + 1, message));
                }
                _ => {}
            }
        }
        if let Some(col) = queen {
            queens.push((row as u32, col as u32));
        }
        Ok(())
    })?;
    if !reserved.iter().any(|&word| word != 0) {
        reserved = Vec::new();
    }
    let empty = Board::with_reserved(n, reserved);
    // Two queens of one row were refused as they came; attacks are found here.
    empty.with_queens(&queens).map_err(|clash| match clash {
        Clash::Attack {
            first: a,
            second: b,
            line,
        } => {
            let at = |queen: Queen| match queen {
                Queen::Given(i) => queens[i],
                Queen::Placed(row, col) => (row, col),
            };
            let (a, b) = (at(a).min(at(b)), at(a).max(at(b)));
            let message = format!(
                "the queen shares its {} with the queen on line {}, column {}",
                line.name(),
                first + u64::from(a.0),
                a.1 + 1
            );
            ReadError::invalid(first + u64::from(b.0), u64::from(b.1) + 1, message)
        }
        // A queen of the text is on the board and on no reserved square.
        Clash::Outside(_) | Clash::Reserved(_) => unreachable!("{:?}", clash),
    })
}

/// Reads a placement drawn as a board: N rows of N squares, one `Q` each and `.` the others;
/// returns the queens' columns, 0-based. The shape is read as [`board`] reads it.
///
/// # Errors
///
/// Those of [`board`]'s shape, a `*` (a placement has no reserved square), and
/// [`Kind::NotAPlacement`] for a row with no queen or several (a check that fails, not bad
/// input).
pub(crate) fn placement_board<R: Read>(input: R) -> Result<Vec<u32>, ReadError> {
    let mut queens: Vec<u32> = Vec::new();
    // A row with no queen or several is said only once the whole text is known to be a board:
    // a ragged text is malformed input first.
    let mut not_one: Option<ReadError> = None;
    each_row(input, |row, line, _| {
        if let Some(col) = line.text.iter().position(|&b| b == b'*') {
            let message =
                "'*' (a reserved square) is not part of a placement: its rows are '.' and 'Q'";
            return Err(ReadError::invalid(line.number, col as u64 + 1, message));
        }
        let mut at = line.text.iter().enumerate().filter(|(_, &b)| b == b'Q');
        match (at.next(), at.count()) {
            (Some((col, _)), 0) => {
                if queens.try_reserve(1).is_err() {
                    let needed = (queens.len() as u64 + 1) * 4;
                    return Err(OutOfMemory {
                        what: "the placement read",
                        needed,
                    }
                    .into());
                }
                queens.push(col as u32);
                Ok(())
            }
            (first, more) => {
                let count = usize::from(first.is_some()) + more;
                let message = format!("row {} holds {} queens, not one", row + 1, count);
                let kind = Kind::NotAPlacement(message);
                // The row is named: a placement's rows are its lines, so no line number.
                not_one.get_or_insert(ReadError {
                    source: None,
                    line: 0,
                    column: 0,
                    kind,
                });
                Ok(())
            }
        }
    })?;
    match not_one {
        Some(e) => Err(e),
        None => Ok(queens),
    }
}

/// Reads the rows of a board text, checking its shape, and gives each row to `take` (its
/// index from 0, its line, the board's width); returns the board's size and the line of its
/// first row.
fn each_row<R: Read>(
    input: R,
    mut take: impl FnMut(usize, &Line<'_>, usize) -> Result<(), ReadError>,
) -> Result<(usize, u64), ReadError> {
    let mut lines = Lines::new(input, LINE_CAP);
    let (mut rows, mut width, mut first, mut ended_at, mut last) = (0, 0, 0, None, 1);
    while let Some(line) = lines.next_line()? {
        let number = line.number;
        if line.text.is_empty() && line.whole {
            if rows > 0 && ended_at.is_none() {
                ended_at = Some(number);
            }
            continue;
        }
        last = number;
        if let Some(blank) = ended_at {
            let message = format!(
                "more text after the blank line {} that ended the board",
                blank
            );
            return Err(ReadError::invalid(number, 0, message));
        }
        if rows > 0 && rows == width {
            let message = format!(
                "a line too many: the board's lines have {} (a board is N lines of N squares)",
                plural(width, "square")
            );
            return Err(ReadError::invalid(number, 0, message));
        }
        for (col, &square) in line.text.iter().enumerate() {
            if col == MAX_WIDTH {
                let message = format!(
                    "more than {} squares; boards are at most {} wide",
                    MAX_WIDTH, MAX_WIDTH
                );
                return Err(ReadError::invalid(number, col as u64 + 1, message));
            }
            if !matches!(square, b'.' | b'*' | b'Q') {
                let message = format!(
                    "{} is none of '.' (free), '*' (reserved) and 'Q' (a queen)",
                    shown_char(&line.text[col..])
                );
                return Err(ReadError::invalid(number, col as u64 + 1, message));
            }
        }
        if rows == 0 {
            (width, first) = (line.text.len(), number);
        } else if line.text.len() != width {
            let message = format!(
                "{}, but line {} has {} (a board is N lines of N squares)",
                plural(line.text.len(), "square"),
                first,
                width
            );
            return Err(ReadError::invalid(number, 0, message));
        }
        take(rows, &line, width)?;
        rows += 1;
    }
    if rows == 0 {
        return Err(ReadError::invalid(0, 0, "the board is empty"));
    }
    if rows != width {
        let message = format!(
            "the board ends after {}, but its lines have {} (a board is N lines of N squares)",
            plural(rows, "line"),
            plural(width, "square")
        );
        return Err(ReadError::invalid(last, 0, message));
    }
    Ok((width, first))
}

/// The character at the start of `bytes`, quoted as Rust writes it (`'●'`, `'\u{feff}'`), or
/// the byte in hex if it is not UTF-8.
fn shown_char(bytes: &[u8]) -> String {
    let rest = &bytes[..bytes.len().min(4)];
    let valid = match std::str::from_utf8(rest) {
        Ok(s) => s,
        Err(e) => std::str::from_utf8(&rest[..e.valid_up_to()]).unwrap_or(""),
    };
    match valid.chars().next() {
        Some(c) => format!("{:?}", c),
        None => format!("the byte \\x{:02x} (not UTF-8)", bytes[0]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn queens_in_a_board_file_that_attack_each_other_are_named_by_line_and_column() {
        let err = |text: &str| board(text.as_bytes()).unwrap_err().to_string();
        assert_eq!(
            err("\n...Q\n....\n.Q..\n....\n"),
            "line 4, column 2: the queen shares its anti-diagonal with the queen on line 2, column 4"
        );
        assert_eq!(
            err("Q...\n....\n..Q.\n....\n"),
            "line 3, column 3: the queen shares its diagonal with the queen on line 1, column 1"
        );
        assert_eq!(
            err("Q...\n....\nQ...\n....\n"),
            "line 3, column 1: the queen shares its column with the queen on line 1, column 1"
        );
        assert_eq!(
            err("....\n.Q.Q\n"),
            "line 2, column 4: a second queen in this row (the first is in column 2)"
        );
    }

    #[test]
    fn a_wide_board_keeps_its_reserved_squares_and_queens() {
        let n = 100;
        let mut text = String::new();
        for row in 0..n {
            let line: String = (0..n)
                .map(|col| match (row, col) {
                    (3, 70) => 'Q',
                    (5, 99) | (99, 0) => '*',
                    _ => '.',
                })
                .collect();
            text.push_str(&line);
            text.push('\n');
        }
        let board = board(text.as_bytes()).unwrap();
        assert_eq!(board.size(), 100);
        assert_eq!(board.queens(), &[(3, 70)]);
        assert!(board.is_reserved(5, 99) && board.is_reserved(99, 0));
        assert!(!board.is_reserved(5, 98) && !board.is_reserved(3, 70));
        assert_eq!(board.reserved_row(5).len(), 2);
        assert_eq!(board.queen_in(3), Some(70));
        assert_eq!(board.queen_in(4), None);
        assert_eq!(board.free_rows(), 99);
    }
}
