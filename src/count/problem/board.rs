//! A board with reserved squares, as CSES 1624 "Chessboard and Queens" gives it.

use crate::judge::MAX_N;
use std::fmt;
use std::io::{self, BufRead, BufReader, Read};

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
    pub line: u64,
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

/// Why [`Board::read`] gave no board.
#[derive(Debug)]
pub enum ReadError {
    /// The text is not a board.
    Invalid(BoardError),
    /// Reading failed.
    Io(io::Error),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Invalid(e) => write!(f, "{}", e),
            ReadError::Io(e) => write!(f, "{}", e),
        }
    }
}

/// The longest line kept for checking, in bytes: 32 squares and then some, so that a line too
/// long, or a square written in several bytes, is seen whole enough to be named.
const LINE_CAP: usize = 4 * (MAX_N as usize + 1);

/// `"1 line"`, `"2 lines"`.
fn plural(count: usize, word: &str) -> String {
    format!("{} {}{}", count, word, if count == 1 { "" } else { "s" })
}

/// The board read so far, line by line.
#[derive(Default)]
struct Reader {
    rows: Vec<u32>,
    /// The number of squares of each line, set by the first row.
    width: usize,
    /// The line of the first row.
    first: u64,
    /// The blank line that ended the board, if one has.
    ended_at: Option<u64>,
}

impl Reader {
    /// Takes line `number` (its end and any trailing spaces or tabs removed); `whole` is false
    /// when the line was cut at [`LINE_CAP`] bytes.
    fn line(&mut self, number: u64, text: &[u8], whole: bool) -> Result<(), BoardError> {
        let error = |message: String| BoardError {
            line: number,
            message,
        };
        if text.is_empty() {
            if !self.rows.is_empty() && self.ended_at.is_none() {
                self.ended_at = Some(number);
            }
            return Ok(());
        }
        if let Some(blank) = self.ended_at {
            return Err(error(format!(
                "more text after the blank line {} that ended the board",
                blank
            )));
        }
        let too_long = || {
            error(format!(
                "more than {} squares; at most {} are counted",
                MAX_N, MAX_N
            ))
        };
        let mut row = 0u32;
        for (col, &square) in text.iter().enumerate() {
            if col == MAX_N as usize {
                return Err(too_long());
            }
            match square {
                b'.' => {}
                b'*' => row |= 1 << col,
                _ => {
                    return Err(error(format!(
                        "column {}: {} is neither '.' (free) nor '*' (reserved)",
                        col + 1,
                        shown_char(&text[col..])
                    )))
                }
            }
        }
        if !whole {
            return Err(too_long());
        }
        if self.rows.is_empty() {
            self.width = text.len();
            self.first = number;
        } else if text.len() != self.width {
            return Err(error(format!(
                "{}, but line {} has {} (a board is N lines of N squares)",
                plural(text.len(), "square"),
                self.first,
                self.width
            )));
        } else if self.rows.len() == self.width {
            return Err(error(format!(
                "a line too many: the board's lines have {} (a board is N lines of N squares)",
                plural(self.width, "square")
            )));
        }
        self.rows.push(row);
        Ok(())
    }

    /// The board, once the input has ended after line `last`.
    fn finish(self, last: u64) -> Result<Board, BoardError> {
        if self.rows.is_empty() {
            return Err(BoardError {
                line: 0,
                message: "the board is empty".to_string(),
            });
        }
        if self.rows.len() != self.width {
            return Err(BoardError {
                line: last,
                message: format!(
                    "the board ends after {}, but its lines have {} (a board is N lines of N squares)",
                    plural(self.rows.len(), "line"),
                    plural(self.width, "square")
                ),
            });
        }
        Ok(Board {
            reserved: self.rows,
        })
    }
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

impl Board {
    /// Reads a board: N lines of N squares, `.` free and `*` reserved. A byte-order mark at
    /// the start, line ends `\n`, `\r\n` or `\r`, spaces or tabs at the end of a line, blank
    /// lines before or after the board and a missing final newline are all fine.
    ///
    /// Reading stops at the first line that shows the text cannot be a board (more than 32
    /// squares, a wrong character, a line too many), so an endless input is refused at once;
    /// at most a few hundred bytes of a line are held.
    ///
    /// # Errors
    ///
    /// [`ReadError::Invalid`] for an empty board, a line of more than 32 squares, a line whose
    /// length differs from the first's, more or fewer lines than squares in a line, a
    /// character other than `.` and `*`, or text after a blank line that ended the board; the
    /// error names the line (and column). [`ReadError::Io`] if reading fails.
    ///
    /// # Complexity
    ///
    /// O(length of the text read).
    ///
    /// # Example
    ///
    /// ```
    /// use nqueens::count::board::Board;
    ///
    /// let board = Board::read(&b"\xEF\xBB\xBF..\r\n.*\r\n\r\n"[..]).unwrap();
    /// assert_eq!(board.size(), 2);
    /// assert!(board.is_reserved(1, 1) && !board.is_reserved(0, 1));
    /// let err = Board::read(&b"...\n..\n...\n"[..]).unwrap_err();
    /// assert_eq!(
    ///     err.to_string(),
    ///     "line 2: 2 squares, but line 1 has 3 (a board is N lines of N squares)"
    /// );
    /// ```
    pub fn read<R: Read>(input: R) -> Result<Board, ReadError> {
        let mut reader = BufReader::new(input);
        let mut board = Reader::default();
        let mut line = Vec::with_capacity(LINE_CAP);
        let (mut number, mut whole, mut after_cr, mut at_start) = (1u64, true, false, true);
        let end_line = |board: &mut Reader, line: &mut Vec<u8>, number: u64, whole: bool| {
            // Spaces and tabs end a whole line harmlessly; in a line cut short they are squares.
            while whole && line.last().is_some_and(|&b| b == b' ' || b == b'\t') {
                line.pop();
            }
            let result = board.line(number, line, whole);
            line.clear();
            result.map_err(ReadError::Invalid)
        };
        loop {
            let chunk = match reader.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(ReadError::Io(e)),
            };
            if chunk.is_empty() {
                break;
            }
            let mut used = 0;
            for &byte in chunk {
                used += 1;
                match byte {
                    b'\n' if after_cr => after_cr = false,
                    b'\n' | b'\r' => {
                        end_line(&mut board, &mut line, number, whole)?;
                        number += 1;
                        whole = true;
                        after_cr = byte == b'\r';
                        at_start = false;
                    }
                    _ => {
                        after_cr = false;
                        if line.len() < LINE_CAP {
                            line.push(byte);
                        } else if whole {
                            // Enough of the line is held to name what is wrong with it: a line
                            // cut here is always refused.
                            whole = false;
                            end_line(&mut board, &mut line, number, whole)?;
                        }
                    }
                }
                if at_start && line.len() == 3 {
                    at_start = false;
                    if line == [0xEF, 0xBB, 0xBF] {
                        line.clear();
                    }
                }
            }
            reader.consume(used);
        }
        let last = if line.is_empty() { number - 1 } else { number };
        if !line.is_empty() {
            end_line(&mut board, &mut line, number, whole)?;
        }
        board.finish(last.max(1)).map_err(ReadError::Invalid)
    }

    /// [`Board::read`] from bytes in memory.
    ///
    /// # Errors
    ///
    /// As for [`Board::read`], without [`ReadError::Io`].
    ///
    /// # Example
    ///
    /// ```
    /// use nqueens::count::board::Board;
    /// assert_eq!(Board::parse(b".*\n..").unwrap().size(), 2);
    /// ```
    pub fn parse(text: &[u8]) -> Result<Board, BoardError> {
        match Board::read(text) {
            Ok(board) => Ok(board),
            Err(ReadError::Invalid(e)) => Err(e),
            Err(ReadError::Io(e)) => unreachable!("reading bytes in memory failed: {}", e),
        }
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
