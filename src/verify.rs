//! An independent check of one placement: O(n) time, fresh marks, nothing shared with the
//! searches that made it.

use std::fmt;
use std::io::{self, BufRead, BufReader, Read};

/// What is wrong with a placement, naming the first offending queens (0-based rows).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Flaw {
    /// The placement has `found` queens where `expected` were asked for.
    WrongLength {
        /// The number of queens asked for.
        expected: usize,
        /// The number of queens given.
        found: usize,
    },
    /// The queen of `row` stands in column `col`, outside the board.
    OutOfRange {
        /// Its row.
        row: usize,
        /// Its column.
        col: u64,
    },
    /// The queens of rows `first` and `second` share a column.
    SameColumn {
        /// The earlier row.
        first: usize,
        /// The later row, the first that attacks an earlier one.
        second: usize,
    },
    /// The queens of rows `first` and `second` share a diagonal (top left to bottom right).
    SameDiagonal {
        /// The earlier row.
        first: usize,
        /// The later row.
        second: usize,
    },
    /// The queens of rows `first` and `second` share an anti-diagonal (top right to bottom
    /// left).
    SameAntiDiagonal {
        /// The earlier row.
        first: usize,
        /// The later row.
        second: usize,
    },
}

impl fmt::Display for Flaw {
    /// Rows and columns are shown 1-based, as in the `perm` format.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Flaw::WrongLength { expected, found } => {
                write!(
                    f,
                    "{} queens, but the board is {}×{}",
                    found, expected, expected
                )
            }
            Flaw::OutOfRange { row, col } => write!(
                f,
                "the queen of row {} is in column {}, outside the board",
                row + 1,
                col + 1
            ),
            Flaw::SameColumn { first, second } => {
                write!(
                    f,
                    "the queens of rows {} and {} share a column",
                    first + 1,
                    second + 1
                )
            }
            Flaw::SameDiagonal { first, second } => {
                write!(
                    f,
                    "the queens of rows {} and {} share a diagonal",
                    first + 1,
                    second + 1
                )
            }
            Flaw::SameAntiDiagonal { first, second } => write!(
                f,
                "the queens of rows {} and {} share an anti-diagonal",
                first + 1,
                second + 1
            ),
        }
    }
}

/// A set of small numbers as bits.
struct Marks(Vec<u64>);

impl Marks {
    fn new(size: usize) -> Marks {
        Marks(vec![0; size / 64 + 1])
    }

    /// Marks `i`; whether it was marked already.
    fn test_and_set(&mut self, i: usize) -> bool {
        let (word, bit) = (i / 64, 1u64 << (i % 64));
        let was = self.0[word] & bit != 0;
        self.0[word] |= bit;
        was
    }
}

/// Checks that `queens` (the 0-based column of the queen in each row) places `n` queens on an
/// n×n board with no two attacking each other.
///
/// Independent of every search in this crate: one pass marks columns and both diagonals in
/// fresh bit sets and stops at the first row whose queen meets a mark; a second pass over the
/// rows before it finds the queen it meets.
///
/// # Errors
///
/// The first [`Flaw`]: a wrong number of queens, then the first row (in order) whose column is
/// out of range or whose queen attacks an earlier one.
///
/// # Complexity
///
/// O(n) time, 5n bits of memory.
///
/// # Example
///
/// ```
/// use nqueens::verify::{verify, Flaw};
///
/// assert_eq!(verify(4, &[1, 3, 0, 2]), Ok(()));
/// assert_eq!(verify(4, &[1, 3, 2, 0]), Err(Flaw::SameAntiDiagonal { first: 1, second: 2 }));
/// ```
pub fn verify(n: usize, queens: &[u32]) -> Result<(), Flaw> {
    if queens.len() != n {
        return Err(Flaw::WrongLength {
            expected: n,
            found: queens.len(),
        });
    }
    let mut columns = Marks::new(n);
    let mut diagonals = Marks::new(2 * n);
    let mut anti_diagonals = Marks::new(2 * n);
    for (row, &col) in queens.iter().enumerate() {
        let col = col as usize;
        if col >= n {
            return Err(Flaw::OutOfRange {
                row,
                col: col as u64,
            });
        }
        let (diagonal, anti) = (row + n - 1 - col, row + col);
        let flaw = if columns.test_and_set(col) {
            Some(Flaw::SameColumn {
                first: 0,
                second: row,
            })
        } else if diagonals.test_and_set(diagonal) {
            Some(Flaw::SameDiagonal {
                first: 0,
                second: row,
            })
        } else if anti_diagonals.test_and_set(anti) {
            Some(Flaw::SameAntiDiagonal {
                first: 0,
                second: row,
            })
        } else {
            None
        };
        if let Some(flaw) = flaw {
            // Which earlier queen shares that line: rows are few before it, one more pass.
            let meets = |r: usize, c: usize| match flaw {
                Flaw::SameColumn { .. } => c == col,
                Flaw::SameDiagonal { .. } => r + n - 1 - c == diagonal,
                _ => r + c == anti,
            };
            let first = (0..row)
                .find(|&r| meets(r, queens[r] as usize))
                .unwrap_or(0);
            return Err(match flaw {
                Flaw::SameColumn { .. } => Flaw::SameColumn { first, second: row },
                Flaw::SameDiagonal { .. } => Flaw::SameDiagonal { first, second: row },
                _ => Flaw::SameAntiDiagonal { first, second: row },
            });
        }
    }
    Ok(())
}

/// Why a `perm` text could not be read.
#[derive(Debug)]
pub enum ReadError {
    /// The `index`-th number (1-based), on line `line`, is not a whole number from 1 up:
    /// `text` shows it (shortened if long).
    NotAColumn {
        /// Which number of the text, from 1.
        index: u64,
        /// The line it is on, from 1.
        line: u64,
        /// The text, escaped and shortened.
        text: String,
    },
    /// The text holds no number.
    Empty,
    /// Reading failed.
    Io(io::Error),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::NotAColumn { index, line, text } => write!(
                f,
                "number {} (line {}): {} is not a column (a whole number from 1)",
                index, line, text
            ),
            ReadError::Empty => write!(f, "no placement: the input holds no number"),
            ReadError::Io(e) => write!(f, "{}", e),
        }
    }
}

/// Reads a placement in the `perm` format: whitespace-separated 1-based columns of rows 1, 2,
/// …; returns them 0-based. Streams the text: memory is the placement, 4 bytes a queen.
///
/// # Errors
///
/// [`ReadError::NotAColumn`] for a token that is not a whole number from 1 to 2³², naming its
/// place; [`ReadError::Empty`] for no numbers; [`ReadError::Io`] if reading fails.
///
/// # Complexity
///
/// O(length of the text).
///
/// # Example
///
/// ```
/// use nqueens::verify::read_perm;
///
/// assert_eq!(read_perm(&b"2 4 1 3\n"[..]).unwrap(), vec![1, 3, 0, 2]);
/// assert_eq!(
///     read_perm(&b"2 4\nx 3"[..]).unwrap_err().to_string(),
///     "number 3 (line 2): \"x\" is not a column (a whole number from 1)"
/// );
/// ```
pub fn read_perm<R: Read>(input: R) -> Result<Vec<u32>, ReadError> {
    let mut reader = BufReader::with_capacity(1 << 16, input);
    let mut queens = Vec::new();
    let (mut line, mut token_line) = (1u64, 1u64);
    let mut token: Vec<u8> = Vec::new();
    let mut value: u64 = 0;
    let mut valid = true;
    loop {
        let chunk = match reader.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(ReadError::Io(e)),
        };
        let at_end = chunk.is_empty();
        let used = chunk.len();
        for &byte in chunk.iter().chain(if at_end { &b" "[..] } else { &[] }) {
            if !byte.is_ascii_whitespace() {
                if token.is_empty() {
                    token_line = line;
                    value = 0;
                    valid = true;
                }
                if token.len() < 24 {
                    token.push(byte);
                }
                if byte.is_ascii_digit() {
                    value = (value * 10 + u64::from(byte - b'0')).min(u64::from(u32::MAX) + 2);
                } else {
                    valid = false;
                }
                continue;
            }
            if byte == b'\n' {
                line += 1;
            }
            if token.is_empty() {
                continue;
            }
            if !valid || value == 0 || value > u64::from(u32::MAX) + 1 {
                let shown = if token.len() < 24 {
                    format!("{:?}", String::from_utf8_lossy(&token))
                } else {
                    format!("{:?}...", String::from_utf8_lossy(&token[..20]))
                };
                return Err(ReadError::NotAColumn {
                    index: queens.len() as u64 + 1,
                    line: token_line,
                    text: shown,
                });
            }
            queens.push((value - 1) as u32);
            token.clear();
        }
        if at_end {
            break;
        }
        reader.consume(used);
    }
    if queens.is_empty() {
        return Err(ReadError::Empty);
    }
    Ok(queens)
}
