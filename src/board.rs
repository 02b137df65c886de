//! A board to fill: its size, its reserved squares (CSES 1624: no queen stands there, but
//! queens attack across them) and the queens already placed on it (the completion problem).
//!
//! A board is read from text ([`crate::read::board`]: one line per row, `.` a free square,
//! `*` a reserved one, `Q` a queen already placed), or made with [`Board::new`] and given
//! queens by [`Board::with_queens`], which is how boards too big to write down (10⁸ rows) are
//! made. Either way, placed queens that attack each other are refused, naming both.
//!
//! # Example
//!
//! ```
//! use nqueens::board::{Board, Clash, Line, Queen};
//!
//! let board = nqueens::read::board(&b"Q...\n..*.\n....\n....\n"[..]).unwrap();
//! assert_eq!((board.size(), board.queens()), (4, &[(0, 0)][..]));
//! assert!(board.is_reserved(1, 2));
//! // A queen in row 3, column 2 (0-based) would attack the one in the corner? No; row 2,
//! // column 2 would, along the diagonal.
//! assert!(board.with_queens(&[(3, 2)]).is_ok());
//! assert_eq!(
//!     board.with_queens(&[(2, 2)]).unwrap_err(),
//!     Clash::Attack { first: Queen::Placed(0, 0), second: Queen::Given(0), line: Line::Diagonal }
//! );
//! ```

use crate::judge::MAX_N;

/// A square board: its size, reserved squares and placed queens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    n: usize,
    /// Words of `reserved` per row: 0 when no square is reserved.
    words: usize,
    /// Bit `c % 64` of word `row * words + c / 64`: the square in `row`, column `c` is
    /// reserved.
    reserved: Vec<u64>,
    /// The placed queens, `(row, column)` 0-based, in order of rows.
    queens: Vec<(u32, u32)>,
}

/// A queen in a [`Clash`]: one already on the board, or the `i`-th of those given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Queen {
    /// A queen the board already had, at (row, column), 0-based.
    Placed(u32, u32),
    /// The queen at this index of those given to [`Board::with_queens`].
    Given(usize),
}

/// The line two clashing queens share.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Line {
    /// The same row.
    Row,
    /// The same column.
    Column,
    /// The same diagonal, top left to bottom right.
    Diagonal,
    /// The same anti-diagonal, top right to bottom left.
    AntiDiagonal,
}

impl Line {
    /// `"row"`, `"column"`, `"diagonal"`, `"anti-diagonal"`.
    pub fn name(self) -> &'static str {
        match self {
            Line::Row => "row",
            Line::Column => "column",
            Line::Diagonal => "diagonal",
            Line::AntiDiagonal => "anti-diagonal",
        }
    }
}

/// Why queens could not be placed on a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clash {
    /// The given queen at this index is outside the board.
    Outside(usize),
    /// The given queen at this index stands on a reserved square.
    Reserved(usize),
    /// Two queens attack each other along `line` (`first` comes first in the board's queens,
    /// then the given ones).
    Attack {
        /// One queen.
        first: Queen,
        /// The other.
        second: Queen,
        /// What they share.
        line: Line,
    },
}

impl Board {
    /// A board of `n` squares a side with the reserved squares of `reserved`: bit `c % 64` of
    /// word `row · ⌈n / 64⌉ + c / 64` for the square in `row`, column `c`; empty for none.
    ///
    /// # Panics
    ///
    /// Panics if `reserved` is neither empty nor `n · ⌈n / 64⌉` words.
    pub fn with_reserved(n: usize, reserved: Vec<u64>) -> Board {
        let words = if reserved.is_empty() {
            0
        } else {
            n.div_ceil(64)
        };
        assert_eq!(
            reserved.len(),
            n * words,
            "with_reserved: {} words for n = {}",
            reserved.len(),
            n
        );
        Board {
            n,
            words,
            reserved,
            queens: Vec::new(),
        }
    }

    /// An empty board of `n` squares a side: nothing reserved, no queen placed.
    ///
    /// # Complexity
    ///
    /// O(1): a board without reserved squares holds only its placed queens.
    pub fn new(n: usize) -> Board {
        Board {
            n,
            words: 0,
            reserved: Vec::new(),
            queens: Vec::new(),
        }
    }

    /// This board with `given` queens placed as well, `(row, column)` 0-based. A given queen
    /// on a square that already holds one (or given twice) is the same queen, kept once.
    ///
    /// # Errors
    ///
    /// The first [`Clash`] found: a given queen outside the board or on a reserved square, or
    /// two queens (given or already placed) in one row, column or diagonal.
    ///
    /// # Complexity
    ///
    /// O(q log q) for the q queens in all.
    ///
    /// # Example
    ///
    /// ```
    /// use nqueens::board::{Board, Clash, Line, Queen};
    ///
    /// let board = Board::new(1_000_000).with_queens(&[(0, 5), (7, 0), (0, 5)]).unwrap();
    /// assert_eq!(board.queens(), &[(0, 5), (7, 0)]);
    /// assert_eq!(board.with_queens(&[(999_999, 1_000_000)]), Err(Clash::Outside(0)));
    /// assert_eq!(
    ///     board.with_queens(&[(3, 3), (9, 5)]).unwrap_err(),
    ///     Clash::Attack { first: Queen::Placed(0, 5), second: Queen::Given(1), line: Line::Column }
    /// );
    /// ```
    pub fn with_queens(&self, given: &[(u32, u32)]) -> Result<Board, Clash> {
        let mut all: Vec<(u32, u32, Queen)> = Vec::with_capacity(self.queens.len() + given.len());
        all.extend(
            self.queens
                .iter()
                .map(|&(row, col)| (row, col, Queen::Placed(row, col))),
        );
        for (i, &(row, col)) in given.iter().enumerate() {
            if row as usize >= self.n || col as usize >= self.n {
                return Err(Clash::Outside(i));
            }
            if self.is_reserved(row as usize, col as usize) {
                return Err(Clash::Reserved(i));
            }
            all.push((row, col, Queen::Given(i)));
        }
        // The same square twice is one queen (the first named is kept: sorting is stable).
        all.sort_by_key(|&(row, col, _)| (row, col));
        all.dedup_by_key(|&mut (row, col, _)| (row, col));
        let order = |queen: Queen| match queen {
            Queen::Placed(row, col) => (0, row as usize, col),
            Queen::Given(i) => (1, i, 0),
        };
        /// The number of the line of a kind through a square.
        type Key = fn(u32, u32) -> i64;
        let lines: [(Line, Key); 4] = [
            (Line::Row, |row, _| i64::from(row)),
            (Line::Column, |_, col| i64::from(col)),
            (Line::Diagonal, |row, col| i64::from(row) - i64::from(col)),
            (Line::AntiDiagonal, |row, col| {
                i64::from(row) + i64::from(col)
            }),
        ];
        let mut keys: Vec<(i64, usize)> = Vec::with_capacity(all.len());
        for (line, key) in lines {
            keys.clear();
            keys.extend(all.iter().enumerate().map(|(i, &(r, c, _))| (key(r, c), i)));
            keys.sort_unstable();
            if let Some(pair) = keys.windows(2).find(|pair| pair[0].0 == pair[1].0) {
                let (a, b) = (all[pair[0].1].2, all[pair[1].1].2);
                let (first, second) = if order(a) <= order(b) { (a, b) } else { (b, a) };
                return Err(Clash::Attack {
                    first,
                    second,
                    line,
                });
            }
        }
        let mut board = self.clone();
        board.queens = all.into_iter().map(|(row, col, _)| (row, col)).collect();
        Ok(board)
    }

    /// This board with every square of some diagonals reserved too: `diagonals[0]` has bit
    /// d for the diagonal r + c = d, `diagonals[1]` for r + n − 1 − c = d. What the
    /// diagonals' sums find no completion can use ([`crate::place`]'s probes).
    ///
    /// # Panics
    ///
    /// Panics if the board is wider than 64, or if a placed queen stands on one of the
    /// diagonals.
    ///
    /// # Complexity
    ///
    /// O(n²).
    pub(crate) fn with_diagonals_reserved(&self, diagonals: [u128; 2]) -> Board {
        let n = self.n;
        assert!(n <= 64, "the board is wider than 64");
        if diagonals == [0, 0] {
            return self.clone();
        }
        let on = |r: usize, c: usize| {
            diagonals[0] >> (r + c) & 1 == 1 || diagonals[1] >> (r + n - 1 - c) & 1 == 1
        };
        let mut board = match self.words {
            0 => Board::with_reserved(n, vec![0; n]),
            _ => Board::with_reserved(n, self.reserved.clone()),
        };
        for r in 0..n {
            board.reserved[r] |= (0..n).filter(|&c| on(r, c)).fold(0, |w, c| w | 1 << c);
        }
        assert!(
            self.queens
                .iter()
                .all(|&(r, c)| !on(r as usize, c as usize)),
            "a placed queen stands on a diagonal to reserve"
        );
        board.queens = self.queens.clone();
        board
    }

    /// The number of rows (and of columns).
    pub fn size(&self) -> usize {
        self.n
    }

    /// Whether the square in row `row`, column `col` (0-based) is reserved.
    ///
    /// # Panics
    ///
    /// Panics if `row` or `col` is outside the board.
    pub fn is_reserved(&self, row: usize, col: usize) -> bool {
        assert!(
            row < self.n && col < self.n,
            "({}, {}) is outside the board",
            row,
            col
        );
        self.words > 0 && self.reserved[row * self.words + col / 64] >> (col % 64) & 1 == 1
    }

    /// Whether any square is reserved.
    pub fn has_reserved(&self) -> bool {
        self.words > 0
    }

    /// The reserved squares of `row` as bits (bit `c % 64` of word `c / 64` for column `c`),
    /// or an empty slice when the board has none.
    pub fn reserved_row(&self, row: usize) -> &[u64] {
        &self.reserved[row * self.words..(row + 1) * self.words]
    }

    /// The placed queens, `(row, column)` 0-based, in order of rows.
    pub fn queens(&self) -> &[(u32, u32)] {
        &self.queens
    }

    /// The column of the queen placed in `row`, if any.
    ///
    /// # Complexity
    ///
    /// O(log q) for q placed queens.
    pub fn queen_in(&self, row: usize) -> Option<u32> {
        let i = self
            .queens
            .binary_search_by_key(&row, |&(r, _)| r as usize)
            .ok()?;
        Some(self.queens[i].1)
    }

    /// The rows without a placed queen: the queens a completion adds.
    pub fn free_rows(&self) -> usize {
        self.n - self.queens.len()
    }

    /// Whether the board is plain: nothing reserved, no queen placed.
    pub fn is_plain(&self) -> bool {
        self.words == 0 && self.queens.is_empty()
    }

    /// For each row, the columns no queen of a completion can take there (bit `c` for column
    /// `c`): its reserved squares, and the squares the placed queens attack, which in a row
    /// with a placed queen is every square but the queen's own. Placements of the plain board
    /// that avoid these squares are exactly the completions of this one: how boards are counted
    /// by the counters of [`crate::count`].
    ///
    /// # Panics
    ///
    /// Panics if the board is wider than 32.
    ///
    /// # Complexity
    ///
    /// O(n · (q + 1)) for q placed queens.
    ///
    /// # Example
    ///
    /// ```
    /// let board = nqueens::read::board(&b"..*.\nQ...\n....\n....\n"[..]).unwrap();
    /// assert_eq!(board.barred_rows(), vec![0b0111, 0b1110, 0b0011, 0b0101]);
    /// ```
    pub fn barred_rows(&self) -> Vec<u32> {
        assert!(
            self.n <= MAX_N as usize,
            "the board is wider than {}",
            MAX_N
        );
        self.barred_words().into_iter().map(|w| w as u32).collect()
    }

    /// [`Board::barred_rows`] for boards up to 64 wide, one word a row.
    ///
    /// # Panics
    ///
    /// Panics if the board is wider than 64.
    ///
    /// # Complexity
    ///
    /// O(n · (q + 1)) for q placed queens.
    pub fn barred_words(&self) -> Vec<u64> {
        let n = self.n;
        assert!(n <= 64, "the board is wider than 64");
        let all = if n == 64 { !0 } else { (1u64 << n) - 1 };
        (0..n)
            .map(|row| {
                if let Some(col) = self.queen_in(row) {
                    return all & !(1 << col);
                }
                let mut barred = self.reserved_row(row).first().copied().unwrap_or(0);
                for &(r, c) in &self.queens {
                    let (r, c, row) = (i64::from(r), i64::from(c), row as i64);
                    for col in [c, c + (row - r), c - (row - r)] {
                        if (0..n as i64).contains(&col) {
                            barred |= 1 << col;
                        }
                    }
                }
                barred
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn barred_rows_leave_exactly_the_completions() {
        // Every placement of 6 avoiding the barred squares keeps the placed queens.
        let board =
            crate::read::board(&b".Q....\n......\n......\n....*.\n......\n......\n"[..]).unwrap();
        let barred = board.barred_rows();
        let placements: Vec<Vec<usize>> = crate::list::Placements::new(6)
            .filter(|q| q.iter().enumerate().all(|(r, &c)| barred[r] >> c & 1 == 0))
            .collect();
        let expected: Vec<Vec<usize>> = crate::list::Placements::new(6)
            .filter(|q| q[0] == 1 && q[3] != 4)
            .collect();
        assert_eq!(placements, expected);
        assert!(!placements.is_empty());
    }

    #[test]
    fn reserving_diagonals_reserves_their_squares_and_keeps_the_rest() {
        let board = crate::read::board(&b"*...\n....\n..Q.\n....\n"[..]).unwrap();
        // r + c = 1, and r + 3 − c = 6 (the square (3, 0)).
        let reserved = board.with_diagonals_reserved([1 << 1, 1 << 6]);
        let squares: Vec<(usize, usize)> = (0..4)
            .flat_map(|r| (0..4).map(move |c| (r, c)))
            .filter(|&(r, c)| reserved.is_reserved(r, c))
            .collect();
        assert_eq!(squares, [(0, 0), (0, 1), (1, 0), (3, 0)]);
        assert_eq!(reserved.queens(), board.queens());
        assert_eq!(Board::new(4).with_diagonals_reserved([0, 0]), Board::new(4));
        assert!(Board::new(4)
            .with_diagonals_reserved([1, 0])
            .is_reserved(0, 0));
    }
}
