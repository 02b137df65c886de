//! Counting placements: every counter, one module per idea, and the dispatch by name.
//!
//! # The road of seed 000: five counters, each improving on the last
//!
//! | module | idea | cost of one partial placement |
//! | --- | --- | --- |
//! | [`backtrack`] | a queen per row, checked against every queen above | O(n²) |
//! | [`mirror`] | the same on half the board, doubled (left-right mirror) | O(n²), half as many |
//! | [`flags`] | flag arrays for columns and diagonals: O(1) checks | O(n) |
//! | [`links`] | a linked list of free columns: only free columns are tried | O(free columns) |
//! | [`bitwise`] | columns and diagonals as bit masks, an explicit stack | O(1) per placed queen |
//! | [`crate::judge::count`] | `recursive`: bit masks, recursion, and the mirror | O(1), half as many |
//!
//! # Past the seed
//!
//! - [`symmetric`] visits one placement of each class under the 8 symmetries of the square
//!   ([`symmetry`]), about a fifth of the full tree; it yields the unique count too, and counts
//!   boards with reserved squares ([`board`]).
//! - [`join`] stops searching the whole board: for every choice of the rows the east half's
//!   queens stand on, it builds the east and west half boards from tables of every partial
//!   placement of each quarter ([`quarter`]), and counts the pairs that share no diagonal 512
//!   at a time ([`sliced`], with the vector kernels of [`kernel`]), folded by the board's
//!   upside-down flip and by its two long diagonals.
//! - [`count`] and [`total_with`] pick the fastest of those for a total; [`Algo`] names every
//!   counter for the command line and the benchmark.
//! - [`work`] runs the multithreaded ones: [`Options`] (threads, a part of the work for one
//!   machine, a board, progress) and the hand-out of units of work.
//!
//! # Example
//!
//! ```
//! use nqueens::count::{symmetric, total_with, Algo, Counts, Options};
//!
//! for algo in Algo::ALL {
//!     assert_eq!(algo.count(9), 352);
//! }
//! let two = Options { threads: 2, ..Options::default() };
//! assert_eq!(total_with(12, &two).unwrap(), 14200);
//! assert_eq!(symmetric::count_with(12, &two).unwrap(), Counts { total: 14200, unique: 1787 });
//! ```

pub mod backtrack;
pub mod bitwise;
pub mod board;
pub mod checkpoint;
pub mod flags;
pub mod join;
pub mod kernel;
pub mod links;
pub mod mirror;
pub mod quarter;
pub mod sliced;
pub mod symmetric;
pub mod symmetry;
pub mod work;

pub use symmetric::Counts;
pub use work::{CountError, Options, ThreadError};

use crate::judge;

/// Counts the placements of `n` queens on one thread, the fastest way here: by joining half
/// boards ([`join::count`]) from n = [`JOIN_FROM`] to [`join::MAX_N`], by the symmetric search
/// ([`symmetric::count`]) outside that.
///
/// # Constraints
///
/// `n <= 32`.
///
/// # Panics
///
/// Panics if `n > 32`.
///
/// # Complexity
///
/// That of [`join::count`] (or of [`symmetric::count`] outside its range).
///
/// # Panics
///
/// Also if the join's tables do not fit in memory (use [`total_with`] for an error instead).
///
/// # Example
///
/// ```
/// assert_eq!(nqueens::count::count(10), 724);
/// ```
pub fn count(n: u32) -> u64 {
    match total_with(n, &Options::default()) {
        Ok(total) => total,
        Err(e) => panic!("count: {}", e),
    }
}

/// The smallest `n` whose total [`total_with`] counts by the join: below it the symmetric search
/// is as fast or faster, the join paying for its quarter tables. Measured with `hyperfine`,
/// whole `queens count N --threads 1` processes, medians: 1.34 against 1.32 ms at n = 11,
/// 1.85 against 2.69 ms at n = 12, 7.5 against 46 ms at n = 14.
pub const JOIN_FROM: u32 = 12;

/// Counts the placements of `n` queens as `options` say, the fastest way here: by joining half
/// boards ([`join::count_with`]) on the plain board from n = [`JOIN_FROM`] to [`join::MAX_N`],
/// by the symmetric search ([`symmetric::count_with`]) outside that and on a board with
/// reserved squares.
///
/// The work is split differently by the two: run every part of a count with the same options.
///
/// # Constraints
///
/// `n <= 32`; with a board, `n` is its size; with a part `(k, m)`, `1 <= k <= m`.
///
/// # Panics
///
/// Panics if a constraint is broken.
///
/// # Errors
///
/// [`CountError`] if the join's tables do not fit in memory or a worker thread cannot be
/// started.
///
/// # Complexity
///
/// That of [`join::count`], or of [`symmetric::count_with`] with a board or above
/// [`join::MAX_N`], divided among the threads.
///
/// # Example
///
/// ```
/// use nqueens::count::{total_with, Options};
///
/// let all = Options { threads: 2, ..Options::default() };
/// assert_eq!(total_with(12, &all).unwrap(), 14200);
/// ```
pub fn total_with(n: u32, options: &Options<'_>) -> Result<u64, CountError> {
    if options.board.is_some() || !(JOIN_FROM..=join::MAX_N).contains(&n) {
        symmetric::count_with(n, options).map(|counts| counts.total)
    } else {
        join::count_with(n, options)
    }
}

/// A counting algorithm. Every one counts the placements of `n` queens for `n <= 32`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Algo {
    /// [`backtrack::count`]: plain backtracking.
    Backtrack,
    /// [`mirror::count`]: backtracking halved by the left-right mirror.
    Mirror,
    /// [`flags::count`]: flag arrays for columns and diagonals.
    Flags,
    /// [`links::count`]: a linked list of free columns.
    Links,
    /// [`bitwise::count`]: bit masks with an explicit stack.
    Bitwise,
    /// [`judge::count`]: the judge's recursive bitmask counter with the mirror.
    Recursive,
    /// [`symmetric::count`]: one placement per class under the 8 symmetries of the square,
    /// Takaken's rules.
    Symmetric,
    /// [`count`]: the fastest there is, which joins half boards ([`join`]); one thread here,
    /// see [`total_with`] for threads.
    Fast,
}

impl Algo {
    /// Every algorithm, slowest idea first: seed 000's five, the judge's, the symmetric search
    /// and the fastest.
    pub const ALL: [Algo; 8] = [
        Algo::Backtrack,
        Algo::Mirror,
        Algo::Flags,
        Algo::Links,
        Algo::Bitwise,
        Algo::Recursive,
        Algo::Symmetric,
        Algo::Fast,
    ];

    /// The name used on the command line.
    ///
    /// # Example
    ///
    /// ```
    /// use nqueens::count::Algo;
    /// assert_eq!(Algo::Links.name(), "links");
    /// assert_eq!(Algo::from_name("links"), Some(Algo::Links));
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Algo::Backtrack => "backtrack",
            Algo::Mirror => "mirror",
            Algo::Flags => "flags",
            Algo::Links => "links",
            Algo::Bitwise => "bitwise",
            Algo::Recursive => "recursive",
            Algo::Symmetric => "symmetric",
            Algo::Fast => "fast",
        }
    }

    /// The algorithm with this command-line name, if any.
    pub fn from_name(name: &str) -> Option<Algo> {
        Algo::ALL.iter().copied().find(|a| a.name() == name)
    }

    /// The counting function, `fn(n) -> placements`.
    pub fn counter(self) -> fn(u32) -> u64 {
        match self {
            Algo::Backtrack => backtrack::count,
            Algo::Mirror => mirror::count,
            Algo::Flags => flags::count,
            Algo::Links => links::count,
            Algo::Bitwise => bitwise::count,
            Algo::Recursive => judge::count,
            Algo::Symmetric => symmetric::count,
            Algo::Fast => count,
        }
    }

    /// Counts the placements of `n` queens with this algorithm.
    ///
    /// # Panics
    ///
    /// Panics if `n > 32`.
    ///
    /// # Complexity
    ///
    /// That of the algorithm; see each module.
    ///
    /// # Example
    ///
    /// ```
    /// use nqueens::count::Algo;
    /// for algo in Algo::ALL {
    ///     assert_eq!(algo.count(8), 92);
    /// }
    /// ```
    pub fn count(self, n: u32) -> u64 {
        (self.counter())(n)
    }
}
