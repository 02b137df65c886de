//! One completion of a board with placed queens (and reserved squares), or a proof that none
//! exists: the n-queens completion problem, NP-complete (Gent, Jefferson and Nightingale,
//! "Complexity of n-Queens Completion", JAIR 2017). Every completion listed and counted, too.
//!
//! # How a board with queens on it is completed
//!
//! No one method fits every board, so a portfolio runs every method that fits, in turns
//! ([`complete()`] says who gets how much). Each method is a [`search::Search`]: it runs for
//! the work it is given (in one unit, about a nanosecond of one core, so a board and a seed
//! take the same path on every machine) and says whether it found a completion, proved there
//! is none, or paused. The methods ([`Method`]), each in its own module:
//!
//! - [`compact`]: the exhaustive search on the free rows and columns only (at most 64),
//!   branching on the line with the fewest open squares, a matching of rows to columns and
//!   the diagonals' sums left cutting dead branches: the fastest proof of "none";
//! - [`cdcl`]: conflict-driven clause learning on the same squares, two learners in turns:
//!   what completes the boards a tree search reaches only after meeting the same dead ends
//!   again and again;
//! - [`restarts`]: the compact search in random orders, restarted after runs that follow
//!   Luby's sequence ([`luby`]), branching first on the lines found shut most often;
//! - [`rows`]: the exhaustive search row by row in machine words, up to 64 columns;
//! - [`wide`]: the exhaustive search on the whole board, any width;
//! - min-conflicts ([`mod@crate::place::min_conflicts`], [`min_conflicts`] here): local search
//!   keeping the placed queens, for large loosely filled boards; it proves nothing.
//!
//! Beside them, [`diagonal_sums`] is a search that can only refute: the diagonals the new
//! queens could take must have the sums and parities every placement's diagonals have, and
//! when they cannot, no completion exists, without a search. Its probes find diagonals every
//! completion needs (they become lines of the restarted search) or none may take (reserved).
//!
//! [`schedule`] is where turns are handed out, for the portfolio and for listing and
//! counting ([`Completions`], [`count_completions`]: one search with the sums beside it).
//! What the portfolio answers is in [`answer`]; docs/completion.md has the guide and the
//! figures.

pub(crate) mod answer;
pub(crate) mod cdcl;
pub(crate) mod compact;
mod completions;
pub(crate) mod diagonal_sums;
pub(crate) mod luby;
mod method;
pub(crate) mod min_conflicts;
pub(crate) mod restarts;
pub(crate) mod rows;
pub(crate) mod schedule;
pub(crate) mod search;
pub(crate) mod wide;

use crate::board::Board;
use crate::memory::OutOfMemory;
pub use answer::{Completion, Condition, Proof};
pub use completions::{count_completions, Completions};
pub use method::{Method, Options};
pub use search::Report;

/// One completion of `board`, or a proof that there is none.
///
/// No one method fits every board ([`Method`]), so those that fit take turns, with the
/// check of the diagonals' sums beside them (unless `options.only` names one method). Each
/// round the leader, the first tree search that fits unless another predicts it will finish
/// 4 times sooner (a tree search knows the share of its tree behind it, Knuth's estimate),
/// gets a whole turn; the clause-learning search and the restarted tree search, which have no
/// tree to measure, share a turn that grows as the leader's prediction does; the others get
/// a thirty-second. So when the leader is the right choice an answer costs about twice its
/// own time at most, and when it is not, the others are still sampled and can take the lead.
/// The module's schedule says how much each gets, and docs/completion.md, "How the portfolio
/// decides", why.
///
/// Work is counted in units of about a nanosecond, each method turning its own units into it
/// (a node of a tree search, a square looked at by min-conflicts, a square or clause visited
/// by clause learning, a word operation of the sums), so the answer for a board and a seed is
/// the same on every machine; only [`Options::give_up_after`] is measured in time, the CPU
/// time of the searching thread where the system tells it.
///
/// # Panics
///
/// Panics if `options.only` names a method that does not fit the board ([`Method::fits`]).
///
/// # Errors
///
/// [`OutOfMemory`] if the searches' arrays cannot be had (about 13 bytes a row for
/// min-conflicts; 2m³ words for the compact search of m free rows; n²/32 bytes and more for
/// the wide search, which is left out when the board is too big for it).
///
/// # Complexity
///
/// NP-complete in general. In practice: a board of n ≤ 30 or so, or one with at most 64 rows
/// free, is decided by an exhaustive search in milliseconds to minutes; a large board with
/// few placed queens is completed by min-conflicts in O(n) expected time.
///
/// # Example
///
/// ```
/// use nqueens::board::Board;
/// use nqueens::place::{complete, Completion, Options};
///
/// // Codewars' shape: one mandatory queen.
/// let board = Board::new(1000).with_queens(&[(3, 998)]).unwrap();
/// let Completion::Found(queens) = complete(&board, &Options::default()).unwrap() else {
///     panic!("1000 queens with one placed have a completion");
/// };
/// assert_eq!(queens[3], 998);
/// // Four queens, one in a corner: none.
/// let corner = Board::new(4).with_queens(&[(0, 0)]).unwrap();
/// assert!(matches!(
///     complete(&corner, &Options::default()).unwrap(),
///     Completion::Impossible(_)
/// ));
/// ```
pub fn complete(board: &Board, options: &Options) -> Result<Completion, OutOfMemory> {
    complete_watched(board, options, &mut |_| {})
}

/// [`complete()`], telling `watch` how the search is getting on each time it reads the
/// clock (every few milliseconds of CPU time): for a progress line on a terminal.
///
/// # Panics
///
/// As [`complete()`].
///
/// # Errors
///
/// As [`complete()`].
///
/// # Complexity
///
/// As [`complete()`], and a call of `watch` every few milliseconds.
///
/// # Example
///
/// ```
/// use nqueens::board::Board;
/// use nqueens::place::{complete_watched, Completion, Options};
///
/// let board = Board::new(8).with_queens(&[(2, 2), (5, 3)]).unwrap();
/// let mut reports = 0;
/// let found = complete_watched(&board, &Options::default(), &mut |_| reports += 1).unwrap();
/// assert!(matches!(found, Completion::Found(_)));
/// ```
pub fn complete_watched(
    board: &Board,
    options: &Options,
    watch: &mut dyn FnMut(&Report),
) -> Result<Completion, OutOfMemory> {
    if let Some(only) = options.only {
        if let Err(needs) = only.fits(board) {
            panic!("the method {:?} takes {}", only, needs);
        }
    }
    if let Some(only) = options.only {
        if let Err(needs) = only.fits(board) {
            panic!("the method {:?} takes {}", only, needs);
        }
    }
    schedule::portfolio::run(board, options, watch)
}

#[cfg(test)]
mod tests;
