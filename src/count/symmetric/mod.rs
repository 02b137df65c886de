//! The symmetric search: one placement per class under the 8 symmetries of the square, pruned
//! early; it gives the total and the unique count at once, and counts boards with reserved
//! squares. (Totals on the plain board from n = 12 are faster by [`super::join`].)
//! [`symmetry`] holds the 8 symmetries of the square and the class of a placement.
//!
//! # Classes and canonical placements
//!
//! Rotating and reflecting the board maps placements to placements: the 8 symmetries of the
//! square split them into classes of 8, 4 or 2 (no placement of n > 1 queens is symmetric under
//! a reflection, only under rotations). Counting one *canonical* member of each class, weighted
//! by the size of its class, gives the total (OEIS A000170); counting the classes gives the
//! unique count (A002562), in the same search.
//!
//! Canonical means the lexicographically smallest of the 8 images of the column sequence. Its
//! first entry, the top queen's column, is then the smallest *edge distance* of the placement:
//! how near a queen on an edge of the board stands to the nearer corner along that edge. That
//! gives rules the search can apply as it goes (Takaken's scheme):
//!
//! - **A queen in a corner** (edge distance 0). No other queen can then stand in a corner, so
//!   the class has 8 members and two of them have the queen at the top left: one the transpose
//!   of the other, which swaps the queen of row 1 (column `c1`) with the queen of column 1.
//!   Barring column 1 in the rows above `c1` keeps exactly one of the two; no test at the end.
//! - **No queen in a corner**: the top queen stands at column `b1 >= 1` (left of the middle),
//!   and no edge queen may be nearer a corner than `b1`: the side columns are barred in the rows
//!   above `b1`, both must be taken by row `n - 1 - b1`, and the last row's queen keeps `b1`
//!   away from the corners. A complete placement is then canonical unless another edge queen
//!   *ties* with `b1`; only then are its 7 other images compared with it, which also tells the
//!   size of its class.
//!
//! The search itself is the bitmask search of [`crate::judge::count`], with one more trick:
//! *forward checking*. Before descending into a row, the two rows after it are checked for a
//! free column under the queens already placed; if one has none, the branch is dead.
//!
//! It runs about twice as fast as the mirror-halved search of the judge (docs/benchmarks.md):
//! the starts with the top queen at column 1 or 2 can hardly be pruned, so a row-by-row search
//! with symmetry stays near that factor.
//!
//! # Threads
//!
//! Each start (the corner case for each `c1`, the other case for each `b1`) is expanded row by
//! row into independent sub-problems (thousands for n ≥ 14), always the same list for the same
//! n, and handed to the workers by `run` (the join splits its own work the same way).
//! `part` counts every M-th sub-problem only, for splitting one count across machines.
//!
//! A board with reserved squares has no symmetry: the same search runs without the rules of
//! symmetry, the reserved squares barred in their rows, every placement counting once.

mod counts;
mod estimate;
mod fundamental;
mod search;
pub mod symmetry;
mod tasks;

pub use counts::Counts;
pub use estimate::estimate;
pub use fundamental::Fundamental;

use super::problem::Problem;
use super::run::{self, CountError, Run};
use crate::judge::MAX_N;
use search::solve;
use tasks::{sub_problems, Rules};

/// Counts the placements of `n` queens on one thread by the symmetric search: one placement per
/// class under the 8 symmetries of the square (see the module docs).
///
/// # Constraints
///
/// `n <= 32`.
///
/// # Panics
///
/// Panics if `n > 32`, or if memory is too short for the plan of sub-problems (a few MB):
/// [`count_with`] returns that as an error instead.
///
/// # Complexity
///
/// O(n!) like every search here, in a fourth of the time of [`super::teaching::bitwise::count`]'s full
/// tree and half that of the mirror-halved one (docs/benchmarks.md, n = 14 to 16); memory
/// O(n) plus the list of sub-problems (thousands).
///
/// # Example
///
/// ```
/// assert_eq!(nqueens::count::symmetric::count(10), 724);
/// ```
pub fn count(n: u32) -> u64 {
    match count_with(&Problem::total(n), &Run::default()) {
        // Below 2^64 for every n this search finishes in a lifetime (a(28) ≈ 2.5·10^18).
        Ok(counts) => u64::try_from(counts.total).unwrap_or(u64::MAX),
        // One thread and no checkpoint: only memory can fail.
        Err(e) => panic!("symmetric: {}", e),
    }
}

/// Counts the placements of `problem`, and their classes under the 8 symmetries, by the
/// symmetric search, as `run` says: on several threads, one slice of the work, or on a board
/// with reserved squares. Both counts are found at once, whatever `problem.ask` is (a
/// checkpoint records it, to know which one the count was for).
///
/// # Constraints
///
/// `n <= 32`; with a board, `n` must be its size; with a part `(k, m)`, `1 <= k <= m`.
///
/// # Panics
///
/// Panics if `n > 32`, if the board's size is not `n`, if classes are asked on a board, or if
/// the part is not `1 <= k <= m`.
///
/// # Errors
///
/// [`CountError`] if the checkpoint cannot be used (a thread that cannot start leaves its share
/// to the others).
///
/// # Complexity
///
/// That of [`count`], divided among the threads; a board with reserved squares is searched
/// without symmetry, O(n!).
///
/// # Example
///
/// ```
/// use nqueens::count::{symmetric::count_with, Counts, Problem, Run};
///
/// let all = Run { threads: 2, ..Run::default() };
/// let counts = count_with(&Problem::total(12), &all).unwrap();
/// assert_eq!((counts.total, counts.unique), (14200, 1787));
///
/// // Three machines, one slice each: the partial sums add up.
/// let sum: u128 = (1..=3)
///     .map(|k| count_with(&Problem::total(12), &Run { part: Some((k, 3)), ..Run::default() }))
///     .map(|counts| counts.unwrap().total)
///     .sum();
/// assert_eq!(sum, 14200);
/// ```
pub fn count_with(problem: &Problem<'_>, run: &Run<'_>) -> Result<Counts, CountError> {
    if problem.n > MAX_N {
        return Err(CountError::Unsupported(format!(
            "the symmetric search counts boards up to {} squares a side; this one has {} (the default counter counts a wide board whose empty rows are few)",
            MAX_N, problem.n
        )));
    }
    problem.check("symmetric");
    run.check("symmetric");
    if let Some(counts) = run::units::recorded_result(problem, COUNTER, run)? {
        return Ok(counts);
    }
    if problem.n == 0 {
        // One empty placement, alone in its class.
        let here = run.holds_the_empty_board();
        let alone = u128::from(here && problem.board.is_none());
        return Ok(Counts {
            total: u128::from(here),
            unique: alone,
            quarter_turn: alone,
            ..Counts::default()
        });
    }
    let (n, board) = (problem.n as usize, problem.board);
    crate::memory::headroom("the search's plan")?;
    run::units::count_units(
        problem,
        run::units::Counter {
            name: COUNTER,
            kernel: "none",
            // Its units take at most seconds: a chunk is recorded whole.
            layout: None,
            helpers: None,
        },
        &sub_problems(n, board),
        |task| task.size(&Rules::new(n, task.start, board)),
        run,
        || Ok(()),
        |_, task, _| Ok(solve(task, n, board)),
    )
}

/// The counter's name in a checkpoint.
const COUNTER: &str = "symmetric";
