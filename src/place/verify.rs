//! An independent check of one placement: O(n) time, fresh marks, nothing shared with the
//! searches that made it.

use super::{try_filled, OutOfMemory};
use crate::board::Board;
use crate::read::Words;
use std::fmt;
use std::io::{self, BufRead, Read};

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
    /// The board to complete has a queen in `row`, column `placed`; the placement moved it.
    Moved {
        /// Its row.
        row: usize,
        /// The column of the board's queen.
        placed: u32,
        /// The column of the placement's.
        found: u32,
    },
    /// The queen of `row` stands on a reserved square of the board to complete.
    OnReserved {
        /// Its row.
        row: usize,
        /// Its column.
        col: u32,
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
            Flaw::Moved { row, placed, found } => write!(
                f,
                "the board has a queen in row {}, column {}, but the placement has it in column {}",
                row + 1,
                placed + 1,
                found + 1
            ),
            Flaw::OnReserved { row, col } => write!(
                f,
                "the queen of row {} stands on a reserved square (column {})",
                row + 1,
                col + 1
            ),
        }
    }
}

/// Checks that `queens` completes `board`: a valid placement of the board's size (as
/// [`verify`] checks it) that keeps every placed queen and puts none on a reserved square.
///
/// # Errors
///
/// [`OutOfMemory`] if the marks cannot be allocated; otherwise the first [`Flaw`]: those of
/// [`verify`], then the first placed queen moved, then the first queen (by row) on a reserved
/// square.
///
/// # Complexity
///
/// O(n + q) for q placed queens.
///
/// # Example
///
/// ```
/// use nqueens::board::Board;
/// use nqueens::place::verify::{verify_on, Flaw};
///
/// let board = Board::parse(b"..Q.\n.*..\n....\n....\n").unwrap();
/// assert_eq!(verify_on(&board, &[2, 0, 3, 1]), Ok(Ok(())));
/// assert_eq!(
///     verify_on(&board, &[1, 3, 0, 2]),
///     Ok(Err(Flaw::Moved { row: 0, placed: 2, found: 1 }))
/// );
/// ```
pub fn verify_on(board: &Board, queens: &[u32]) -> Result<Result<(), Flaw>, OutOfMemory> {
    if let Err(flaw) = try_verify(board.size(), queens)? {
        return Ok(Err(flaw));
    }
    for &(row, placed) in board.queens() {
        let found = queens[row as usize];
        if found != placed {
            return Ok(Err(Flaw::Moved {
                row: row as usize,
                placed,
                found,
            }));
        }
    }
    if board.has_reserved() {
        if let Some((row, &col)) = queens
            .iter()
            .enumerate()
            .find(|&(row, &col)| board.is_reserved(row, col as usize))
        {
            return Ok(Err(Flaw::OnReserved { row, col }));
        }
    }
    Ok(Ok(()))
}

/// A set of small numbers as bits.
struct Marks(Vec<u64>);

impl Marks {
    fn new(size: usize) -> Result<Marks, OutOfMemory> {
        try_filled(size / 64 + 1, 0, "the marks of the verifier").map(Marks)
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
/// # Panics
///
/// Panics if its marks (5n bits, a sixth of the placement's own memory) cannot be allocated;
/// [`try_verify`] tells that as an error.
///
/// # Complexity
///
/// O(n) time, 5n bits of memory.
///
/// # Example
///
/// ```
/// use nqueens::place::{verify, Flaw};
///
/// assert_eq!(verify(4, &[1, 3, 0, 2]), Ok(()));
/// assert_eq!(verify(4, &[1, 3, 2, 0]), Err(Flaw::SameAntiDiagonal { first: 1, second: 2 }));
/// ```
pub fn verify(n: usize, queens: &[u32]) -> Result<(), Flaw> {
    match try_verify(n, queens) {
        Ok(verdict) => verdict,
        Err(e) => panic!("verify: {}", e),
    }
}

/// [`verify`], telling when its marks (5n bits) do not fit in memory instead of panicking.
///
/// # Errors
///
/// [`OutOfMemory`] if the marks cannot be allocated; otherwise the verdict of [`verify`].
///
/// # Complexity
///
/// That of [`verify`].
///
/// # Example
///
/// ```
/// use nqueens::place::verify::try_verify;
/// assert_eq!(try_verify(4, &[1, 3, 0, 2]), Ok(Ok(())));
/// ```
pub fn try_verify(n: usize, queens: &[u32]) -> Result<Result<(), Flaw>, OutOfMemory> {
    if queens.len() != n {
        return Ok(Err(Flaw::WrongLength {
            expected: n,
            found: queens.len(),
        }));
    }
    let mut columns = Marks::new(n)?;
    let mut diagonals = Marks::new(2 * n)?;
    let mut anti_diagonals = Marks::new(2 * n)?;
    for (row, &col) in queens.iter().enumerate() {
        let col = col as usize;
        if col >= n {
            return Ok(Err(Flaw::OutOfRange {
                row,
                col: col as u64,
            }));
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
            return Ok(Err(match flaw {
                Flaw::SameColumn { .. } => Flaw::SameColumn { first, second: row },
                Flaw::SameDiagonal { .. } => Flaw::SameDiagonal { first, second: row },
                _ => Flaw::SameAntiDiagonal { first, second: row },
            }));
        }
    }
    Ok(Ok(()))
}

/// Why a `perm` text could not be read.
#[derive(Debug)]
pub enum ReadError {
    /// The `index`-th number (1-based), at `line` and `column`, is not a whole number from
    /// 1 up: `text` shows it (shortened if long).
    NotAColumn {
        /// Which number of the text, from 1.
        index: u64,
        /// The line it is on, from 1.
        line: u64,
        /// The column it starts at, from 1.
        column: u64,
        /// The text, escaped and shortened.
        text: String,
    },
    /// The text holds no number.
    Empty,
    /// A board's text is not a board: a character other than `.` and `Q`, rows of different
    /// lengths, or not as many rows as columns (`line` 0: the board as a whole).
    NotABoard {
        /// The line, from 1.
        line: u64,
        /// What is wrong.
        problem: String,
    },
    /// A board's row does not hold exactly one queen: not a placement (a check that fails,
    /// not malformed input).
    NotOneQueen {
        /// The row, from 1.
        row: u64,
        /// The queens it holds.
        queens: u64,
    },
    /// The placement does not fit in memory.
    OutOfMemory(OutOfMemory),
    /// Reading failed.
    Io(io::Error),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::NotAColumn {
                index,
                line,
                column,
                text,
            } => write!(
                f,
                "line {}, column {}: {} (number {}) is not a column (a whole number from 1)",
                line, column, text, index
            ),
            ReadError::Empty => write!(f, "no placement: the input holds no number"),
            ReadError::NotABoard { line: 0, problem } => write!(f, "not a board: {}", problem),
            ReadError::NotABoard { line, problem } => write!(f, "line {}: {}", line, problem),
            ReadError::NotOneQueen { row, queens } => {
                write!(f, "row {} holds {} queens, not one", row, queens)
            }
            ReadError::OutOfMemory(e) => write!(f, "{}", e),
            ReadError::Io(e) => write!(f, "{}", e),
        }
    }
}

/// The largest column a `perm` text can hold, 1-based: 2³² (columns are `u32` 0-based).
const MAX_COLUMN: u64 = 1 << 32;

/// Reads a placement in the `perm` format: whitespace-separated 1-based columns of rows 1, 2,
/// …; returns them 0-based. Numbers are read by the judge's rule ([`crate::read`]:
/// a byte-order mark at the start, any of C's whitespace, a `+` sign and leading zeros are
/// fine), streaming: memory is the placement, 4 bytes a queen.
///
/// # Errors
///
/// [`ReadError::NotAColumn`] for a token that is not a whole number from 1 to 2³², naming its
/// place, as soon as it is known to be bad; [`ReadError::Empty`] for no numbers;
/// [`ReadError::OutOfMemory`] if the placement cannot be held; [`ReadError::Io`] if reading
/// fails.
///
/// # Complexity
///
/// O(length of the text).
///
/// # Example
///
/// ```
/// use nqueens::place::read_perm;
///
/// assert_eq!(read_perm(&b"2 +4 1 03\n"[..]).unwrap(), vec![1, 3, 0, 2]);
/// assert_eq!(
///     read_perm(&b"2 4\nx 3"[..]).unwrap_err().to_string(),
///     "line 2, column 1: \"x\" (number 3) is not a column (a whole number from 1)"
/// );
/// ```
pub fn read_perm<R: Read>(input: R) -> Result<Vec<u32>, ReadError> {
    let mut words = Words::new(input);
    let mut queens: Vec<u32> = Vec::new();
    while let Some(word) = words.next_word().map_err(ReadError::Io)? {
        let column = match word.number(MAX_COLUMN) {
            Ok(column) if column >= 1 => column,
            _ => {
                return Err(ReadError::NotAColumn {
                    index: queens.len() as u64 + 1,
                    line: word.line,
                    column: word.column,
                    text: word.text,
                })
            }
        };
        if queens.len() == queens.capacity() {
            let more = queens.len().max(1 << 12);
            queens.try_reserve(more).map_err(|_| {
                ReadError::OutOfMemory(OutOfMemory {
                    what: "the placement read",
                    needed: (queens.len() + more) as u64 * 4,
                })
            })?;
        }
        queens.push((column - 1) as u32);
    }
    if queens.is_empty() {
        return Err(ReadError::Empty);
    }
    Ok(queens)
}

/// Reads a placement given either way people write one, told apart by its first character
/// (after a byte-order mark and whitespace): a `perm` text ([`read_perm`]) when it is a digit
/// or a sign, a board when it is `.` or `Q` — N rows of N squares, `Q` the queen of each row
/// and `.` the others, as LeetCode prints them and graders store them (line ends `\n`,
/// `\r\n` or `\r`; blank lines and trailing spaces around it are fine).
///
/// # Errors
///
/// Those of [`read_perm`]; for a board, [`ReadError::NotABoard`] naming the line, or
/// [`ReadError::NotOneQueen`] for a row with no queen or several; [`ReadError::Empty`] for no
/// placement at all.
///
/// # Complexity
///
/// O(length of the text); a board's rows are not held, only the queens' columns.
///
/// # Example
///
/// ```
/// use nqueens::place::verify::read_placement;
///
/// assert_eq!(read_placement(&b"2 4 1 3"[..]).unwrap(), [1, 3, 0, 2]);
/// assert_eq!(read_placement(&b".Q..\n...Q\nQ...\n..Q.\n"[..]).unwrap(), [1, 3, 0, 2]);
/// assert_eq!(
///     read_placement(&b".Q..\n.Q.Q\n"[..]).unwrap_err().to_string(),
///     "row 2 holds 2 queens, not one"
/// );
/// ```
pub fn read_placement<R: Read>(input: R) -> Result<Vec<u32>, ReadError> {
    let mut input = io::BufReader::with_capacity(1 << 16, input);
    // The first character that is not a byte-order mark or whitespace tells which it is.
    let mut seen = Vec::new();
    let first = loop {
        let chunk = match input.fill_buf() {
            Ok(chunk) => chunk,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(ReadError::Io(e)),
        };
        if chunk.is_empty() {
            break None;
        }
        let text = if seen.is_empty() {
            chunk.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(chunk)
        } else {
            chunk
        };
        match text
            .iter()
            .find(|b| !b.is_ascii_whitespace() && **b != 0x0B)
        {
            Some(&b) => break Some(b),
            None => {
                // All whitespace so far: keep it (a perm text counts its lines) and read on.
                seen.extend_from_slice(chunk);
                let used = chunk.len();
                input.consume(used);
            }
        }
    };
    let rest = io::Cursor::new(seen).chain(input);
    match first {
        Some(b'.') | Some(b'Q') => read_board_rows(rest),
        _ => read_perm(rest),
    }
}

/// The widest board [`read_placement`] reads: a million squares a row (a trillion in all);
/// larger placements come as `perm` text.
const MAX_BOARD: u64 = 1 << 20;

/// Reads a board of `.` and `Q` rows, one queen each; returns the queens' columns.
fn read_board_rows<R: BufRead>(mut input: R) -> Result<Vec<u32>, ReadError> {
    let not_a_board = |line: u64, problem: String| ReadError::NotABoard { line, problem };
    let mut queens: Vec<u32> = Vec::new();
    let (mut line, mut width) = (0u64, None::<u64>);
    let mut ended = false;
    let mut row = Vec::new();
    loop {
        row.clear();
        // One line, without holding more of it than a board this reader takes can be wide.
        let read = (&mut input)
            .take(MAX_BOARD + 3)
            .read_until(b'\n', &mut row)
            .map_err(ReadError::Io)?;
        if read == 0 {
            break;
        }
        line += 1;
        if read as u64 > MAX_BOARD + 2 {
            return Err(not_a_board(
                line,
                format!(
                    "a row longer than {} squares (give a perm line instead)",
                    MAX_BOARD
                ),
            ));
        }
        let mut text = &row[..];
        if line == 1 {
            text = text.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(text);
        }
        let text = text.strip_suffix(b"\n").unwrap_or(text);
        let text = text.strip_suffix(b"\r").unwrap_or(text);
        // A lone `\r` ends a line too: such a file reads as one line here, split below.
        for part in text.split(|&b| b == b'\r') {
            let part = trim_end(part);
            if part.is_empty() {
                if width.is_some() {
                    ended = true;
                }
                continue;
            }
            if ended {
                return Err(not_a_board(
                    line,
                    "text after the blank line that ended the board".into(),
                ));
            }
            let mut count = 0u64;
            let mut column = 0u64;
            for (i, &b) in part.iter().enumerate() {
                match b {
                    b'Q' => {
                        count += 1;
                        column = i as u64;
                    }
                    b'.' => {}
                    _ => {
                        return Err(not_a_board(
                            line,
                            format!("column {}: {:?} is not '.' or 'Q'", i + 1, char::from(b)),
                        ))
                    }
                }
            }
            let here = part.len() as u64;
            match width {
                None => width = Some(here),
                Some(w) if w != here => {
                    return Err(not_a_board(
                        line,
                        format!("{} squares, but the first row has {}", here, w),
                    ))
                }
                Some(_) => {}
            }
            let rows = queens.len() as u64 + 1;
            if rows > here {
                return Err(not_a_board(
                    line,
                    format!("more rows than the {} columns", here),
                ));
            }
            if count != 1 {
                return Err(ReadError::NotOneQueen {
                    row: rows,
                    queens: count,
                });
            }
            if queens.len() == queens.capacity() {
                queens.try_reserve(queens.len().max(64)).map_err(|_| {
                    ReadError::OutOfMemory(OutOfMemory {
                        what: "the placement read",
                        needed: (queens.len() as u64 + 64) * 8,
                    })
                })?;
            }
            queens.push(column as u32);
        }
    }
    match width {
        None => Err(ReadError::Empty),
        Some(w) if w != queens.len() as u64 => Err(not_a_board(
            0,
            format!(
                "{} rows of {} squares: a board is N rows of N squares",
                queens.len(),
                w
            ),
        )),
        Some(_) => Ok(queens),
    }
}

/// `text` without the spaces and tabs at its end (and a `\n`).
fn trim_end(text: &[u8]) -> &[u8] {
    let end = text
        .iter()
        .rposition(|&b| !matches!(b, b' ' | b'\t' | b'\n'))
        .map_or(0, |i| i + 1);
    &text[..end]
}
