//! Lists of placed queens: one queen a line as `ROW COL` or `ROW,COL` (1-based), the form
//! `--queen ROW,COL` takes too; blank lines and `#` comments (a whole line or the end of one)
//! skipped.

use super::error::ReadError;
use super::lines::Lines;
use super::words::Words;
use std::io::Read;

/// Reads placed queens for a board of `n` squares a side: each queen 0-based with the line
/// that first names it. A queen named twice is one queen, kept once (as
/// [`crate::board::Board::with_queens`] keeps it).
///
/// Reading stops at the first line that cannot belong to the list: a malformed line, a row or
/// column outside the board, a queen more than the board has rows, or (a queen named again
/// being the same queen) more than `2n + 64` lines of queens, so an endless input is refused
/// at once.
///
/// # Errors
///
/// A [`ReadError`] naming the line; a failed read. Whether the queens attack each other is
/// [`crate::board::Board::with_queens`]'s to say.
///
/// # Complexity
///
/// O(length of the text read).
///
/// # Example
///
/// ```
/// use nqueens::read::queens;
///
/// let list = queens(&b"# Codewars\r\n1 1\r\n\r\n2,3  # the second\r\n"[..], 8).unwrap();
/// assert_eq!(list, vec![(0, 0, 2), (1, 2, 4)]);
/// let err = queens(&b"1 1\n9 2\n"[..], 8).unwrap_err();
/// assert_eq!(err.to_string(), "line 2: row 9 is outside the board (rows 1 to 8)");
/// ```
pub fn queens<R: Read>(input: R, n: usize) -> Result<Vec<(u32, u32, u64)>, ReadError> {
    let mut queens = Vec::new();
    let mut named = std::collections::HashSet::new();
    let mut lines_of_queens = 0usize;
    let mut lines = Lines::new(input, 256);
    while let Some(line) = lines.next_line()? {
        let at = |message: String| ReadError::invalid(line.number, 0, message);
        if !line.whole {
            return Err(at("the line is too long for a queen's ROW COL".to_string()));
        }
        let text = match line.text.iter().position(|&b| b == b'#') {
            Some(comment) => &line.text[..comment],
            None => line.text,
        };
        let text = String::from_utf8_lossy(text);
        let fields: Vec<&str> = text
            .split(|c: char| c == ',' || c.is_ascii_whitespace() || c == '\x0B' || c == '\x0C')
            .filter(|f| !f.is_empty())
            .collect();
        match fields.len() {
            0 if !text.contains(',') => continue,
            2 => {}
            _ => {
                let text = text.trim();
                return Err(at(format!(
                    "{:?} is not a queen's ROW COL (two numbers from 1, as 3 5 or 3,5)",
                    text
                )));
            }
        }
        let mut square = [0u32; 2];
        for (k, (field, what)) in fields.iter().zip(["row", "column"]).enumerate() {
            let word = Words::new(field.as_bytes())
                .next_word()?
                .expect("a field has text");
            square[k] = match word.number(n as u64) {
                Ok(value) if value >= 1 => (value - 1) as u32,
                Err("not a whole number") => {
                    return Err(at(format!("the {} {} is not a number", what, word.text)))
                }
                _ => {
                    return Err(at(format!(
                        "{} {} is outside the board ({}s 1 to {})",
                        what, field, what, n
                    )))
                }
            };
        }
        // A queen named again is the same queen (as `--queen` twice is): kept once. An endless
        // repetition is still refused, past 2n + 64 lines.
        lines_of_queens += 1;
        if !named.insert((square[0], square[1])) {
            if lines_of_queens > 2 * n + 64 {
                return Err(at(format!(
                    "more than {} lines of queens for a board of {} rows",
                    2 * n + 64,
                    n
                )));
            }
            continue;
        }
        if queens.len() == n {
            return Err(at(format!("more queens than the board's {} rows", n)));
        }
        queens.push((square[0], square[1], line.number));
    }
    Ok(queens)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn message(text: &str, n: usize) -> String {
        queens(text.as_bytes(), n).unwrap_err().to_string()
    }

    #[test]
    fn each_malformed_line_is_named() {
        assert_eq!(
            message("1 1\n1\n", 8),
            "line 2: \"1\" is not a queen's ROW COL (two numbers from 1, as 3 5 or 3,5)"
        );
        assert_eq!(
            message("1 x", 8),
            "line 1: the column \"x\" is not a number"
        );
        assert_eq!(
            message("-1 2", 8),
            "line 1: row -1 is outside the board (rows 1 to 8)"
        );
        assert_eq!(
            message("1 0", 8),
            "line 1: column 0 is outside the board (columns 1 to 8)"
        );
        assert_eq!(
            message("1 99999999999999999999", 8),
            "line 1: column 99999999999999999999 is outside the board (columns 1 to 8)"
        );
        assert_eq!(
            message(",", 8),
            "line 1: \",\" is not a queen's ROW COL (two numbers from 1, as 3 5 or 3,5)"
        );
        assert_eq!(
            message("1 1\n2 2\n1 2\n", 2),
            "line 3: more queens than the board's 2 rows"
        );
        // A queen named again is kept once; endless repeats are refused.
        assert_eq!(queens(&b"1 1\n1,1\n2 2\n"[..], 2).unwrap().len(), 2);
        assert_eq!(
            message(&"1 1\n".repeat(100), 2),
            "line 69: more than 68 lines of queens for a board of 2 rows"
        );
    }

    #[test]
    fn both_ways_of_writing_a_queen_and_comments_are_read() {
        let list = queens(&b"1 2\n3,4\n 5 , 6 # a comment\n# 7 8\n\t\n"[..], 8).unwrap();
        assert_eq!(list, [(0, 1, 1), (2, 3, 2), (4, 5, 3)]);
    }
}
