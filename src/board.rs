//! A board with reserved squares, as CSES 1624 "Chessboard and Queens" gives it.

use crate::judge::MAX_N;
use std::fmt;

/// A square board whose reserved squares hold no queen. Queens still attack across them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// Bit `c` of `reserved[r]`: the square in row `r`, column `c` is reserved.
    reserved: Vec<u32>,
}

/// Why a board's text was refused: the 1-based line and what is wrong there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardError {
    /// The 1-based line the problem is on (0 for the board as a whole).
    pub line: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line == 0 {
            write!(f, "{}", self.message)
        } else {
            write!(f, "line {}: {}", self.line, self.message)
        }
    }
}

impl Board {
    /// Reads a board: N lines of N squares, `.` free and `*` reserved. CRLF line ends and a
    /// missing final newline are fine.
    ///
    /// # Errors
    ///
    /// An empty board, more than 32 lines, a line whose length is not the number of lines
    /// (the board must be square), or a character other than `.` and `*`; the error names the
    /// line.
    ///
    /// # Complexity
    ///
    /// O(length of the text).
    ///
    /// # Example
    ///
    /// ```
    /// use nqueens::board::Board;
    ///
    /// let board = Board::parse(b"..\n.*\n").unwrap();
    /// assert_eq!(board.size(), 2);
    /// assert!(board.is_reserved(1, 1) && !board.is_reserved(0, 1));
    /// let err = Board::parse(b"...\n..\n...\n").unwrap_err();
    /// assert_eq!(err.to_string(), "line 2: 2 squares, but the board has 3 lines (it must be square)");
    /// ```
    pub fn parse(text: &[u8]) -> Result<Board, BoardError> {
        let text = text.strip_suffix(b"\n").unwrap_or(text);
        if text.is_empty() {
            return Err(BoardError {
                line: 0,
                message: "the board is empty".to_string(),
            });
        }
        let lines: Vec<&[u8]> = text
            .split(|&b| b == b'\n')
            .map(|line| line.strip_suffix(b"\r").unwrap_or(line))
            .collect();
        let n = lines.len();
        if n > MAX_N as usize {
            return Err(BoardError {
                line: 0,
                message: format!("the board has {} lines; at most {} are counted", n, MAX_N),
            });
        }
        let mut reserved = Vec::with_capacity(n);
        for (i, line) in lines.iter().enumerate() {
            let error = |message: String| BoardError {
                line: i + 1,
                message,
            };
            let mut row = 0u32;
            for (col, &square) in line.iter().enumerate() {
                match square {
                    b'.' => {}
                    b'*' => row |= 1u32.checked_shl(col as u32).unwrap_or(0),
                    other => {
                        return Err(error(format!(
                            "column {}: {:?} is neither '.' (free) nor '*' (reserved)",
                            col + 1,
                            String::from_utf8_lossy(&[other])
                        )))
                    }
                }
            }
            if line.len() != n {
                return Err(error(format!(
                    "{} squares, but the board has {} lines (it must be square)",
                    line.len(),
                    n
                )));
            }
            reserved.push(row);
        }
        Ok(Board { reserved })
    }

    /// The number of rows (and of columns).
    pub fn size(&self) -> usize {
        self.reserved.len()
    }

    /// Whether the square in row `row`, column `col` (0-based) is reserved.
    ///
    /// # Panics
    ///
    /// Panics if `row` or `col` is outside the board.
    pub fn is_reserved(&self, row: usize, col: usize) -> bool {
        assert!(col < self.size(), "column {} is outside the board", col);
        self.reserved[row] >> col & 1 == 1
    }

    /// The reserved squares of each row as a bit mask (bit `c` for column `c`).
    pub fn reserved_rows(&self) -> &[u32] {
        &self.reserved
    }
}
