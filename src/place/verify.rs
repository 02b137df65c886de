//! An independent check of one placement: O(n) time, fresh marks, nothing shared with the
//! searches that made it.

use crate::board::Board;
use crate::memory::{try_filled, OutOfMemory};
use std::fmt;

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
/// use nqueens::place::{verify_on, Flaw};
///
/// let board = nqueens::read::board(&b"..Q.\n.*..\n....\n....\n"[..]).unwrap();
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
/// use nqueens::place::try_verify;
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
