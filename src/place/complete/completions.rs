//! Every completion of a board, in order, and their number: a search that can list them
//! (row by row in machine words up to 64 columns, the compact search up to 64 free rows, the
//! wide search beyond), beside the check of the diagonals' sums, which ends the listing at once
//! on a board it refutes.

use super::compact::Compact;
use super::diagonal_sums::DiagonalSums;
use super::rows::Rows;
use super::schedule::beside::Beside;
use super::search::{Order, Search, Step};
use super::wide::Wide;
use crate::board::Board;
use crate::memory::OutOfMemory;

/// The completions of a board, in lexicographic order of their columns, the check of its
/// diagonals' sums (and the probes of the diagonals they need) taking turns with the search
/// (`diagonal_sums`: none once it shows there are none): by the search in machine words
/// (`rows`) up to 64 columns, by the compact search (`compact`) in row order when at most
/// 64 rows are free, by the wide search (`wide`) in row order beyond.
///
/// # Example
///
/// ```
/// use nqueens::board::Board;
/// use nqueens::place::Completions;
///
/// let board = nqueens::read::board(&b".Q..\n....\n....\n....\n"[..]).unwrap();
/// let all: Vec<Vec<u32>> = Completions::new(&board).unwrap().collect();
/// assert_eq!(all, vec![vec![1, 3, 0, 2]]);
/// ```
pub struct Completions {
    /// The search, with the diagonals' sums beside it.
    beside: Beside<'static>,
}

impl Completions {
    /// The completions of `board`.
    ///
    /// # Errors
    ///
    /// [`OutOfMemory`] if the search's arrays cannot be had (only for boards wider than 64).
    ///
    /// # Complexity
    ///
    /// O(1) per node up to 64 columns, O(m) with m ≤ 64 free rows, O(n · n/64) beyond.
    pub fn new(board: &Board) -> Result<Completions, OutOfMemory> {
        let search: Box<dyn Search> = if board.size() <= 64 {
            Box::new(Rows::new(board))
        } else if let Some(compact) = Compact::new(board, Order::Rows)? {
            Box::new(compact)
        } else {
            return Completions::wide(board);
        };
        Ok(Completions {
            beside: Beside::new(search, DiagonalSums::probing(board)),
        })
    }

    /// The completions of `board` by the wide search whatever its width (for tests of one
    /// search against the other).
    pub(crate) fn wide(board: &Board) -> Result<Completions, OutOfMemory> {
        let search = Box::new(Wide::new(board, Order::Rows)?);
        Ok(Completions {
            beside: Beside::new(search, DiagonalSums::new(board)),
        })
    }

    /// The next completion, borrowed (no allocation).
    pub fn next_completion(&mut self) -> Option<&[u32]> {
        loop {
            match self.beside.step() {
                Ok(Step::Found) => return Some(self.beside.placement()),
                Ok(Step::Paused) => {}
                // The searches that list never starve: their arrays are had at the start.
                Ok(Step::Exhausted) | Err(_) => return None,
            }
        }
    }
}

impl Iterator for Completions {
    type Item = Vec<u32>;

    fn next(&mut self) -> Option<Vec<u32>> {
        self.next_completion().map(<[u32]>::to_vec)
    }
}

/// The number of completions of `board`, the check of its diagonals' sums (and the probes of
/// the diagonals they need) taking turns with the search (`diagonal_sums`: 0 once it shows
/// there are none), by a search branching on the fewest open squares: the compact one
/// (`compact`) when at most 64 rows are free, the wide search (`wide`) beyond.
///
/// # Errors
///
/// [`OutOfMemory`] if the search's arrays cannot be had.
///
/// # Complexity
///
/// O(m) per node with m ≤ 64 free rows, O(n · n/64) beyond; the nodes grow with the
/// completions and the dead ends. A board of 5,000 squares a side with 20 rows free takes
/// milliseconds to seconds.
///
/// # Example
///
/// ```
/// use nqueens::board::Board;
/// use nqueens::place::count_completions;
///
/// assert_eq!(count_completions(&Board::new(8)).unwrap(), 92);
/// let one = Board::new(8).with_queens(&[(0, 0)]).unwrap();
/// assert_eq!(count_completions(&one).unwrap(), 4);
/// ```
pub fn count_completions(board: &Board) -> Result<u64, OutOfMemory> {
    let search: Box<dyn Search> = match Compact::new(board, Order::FewestOpen)? {
        Some(compact) => Box::new(compact),
        None => Box::new(Wide::new(board, Order::FewestOpen)?),
    };
    let mut beside = Beside::new(search, DiagonalSums::probing(board));
    let mut found = 0;
    loop {
        match beside.step()? {
            Step::Found => found += 1,
            Step::Exhausted => return Ok(found),
            Step::Paused => {}
        }
    }
}
