//! Counting placements: what is counted ([`Problem`]), how a count runs ([`Run`]), and the
//! counters, one module per idea, grouped by how far they go.
//!
//! | layer | items |
//! | --- | --- |
//! | what is counted | [`Problem`]: n, a [`Board`] with reserved squares and placed queens, [`Ask`] total or unique |
//! | how it runs | [`Run`]: threads, a part of the work, progress ([`Done`]), a [`checkpoint`]; the [`merge`] of parts; [`estimate()`]s of a count's size and cost |
//! | the five teaching counters | [`teaching`]: [`teaching::backtrack`], [`teaching::mirror`], [`teaching::flags`], [`teaching::links`], [`teaching::bitwise`] |
//! | the symmetric search | [`symmetric`]: Takaken's search over one placement per class ([`symmetric::symmetry`]) |
//! | the join of half boards | [`join`]: quarters listed per row set, a bit-sliced count and its vector [`join::Kernel`]s |
//! | a second count of a part | [`recheck`]: the join through the mirror image of every row set of a part, and a plain row-by-row search (of a part, or of sampled row sets) sharing none of the join's counting code |
//!
//! # The teaching counters: five, each improving on the last
//!
//! | module | idea | cost of one partial placement |
//! | --- | --- | --- |
//! | [`teaching::backtrack`] | a queen per row, checked against every queen above | O(n²) |
//! | [`teaching::mirror`] | the same on half the board, doubled (left-right mirror) | O(n²), half as many |
//! | [`teaching::flags`] | flag arrays for columns and diagonals: O(1) checks | O(n) |
//! | [`teaching::links`] | a linked list of free columns: only free columns are tried | O(free columns) |
//! | [`teaching::bitwise`] | columns and diagonals as bit masks, an explicit stack | O(1) per placed queen |
//! | [`crate::judge::count`] | `recursive`: bit masks, recursion, and the mirror | O(1), half as many |
//!
//! # Past the teaching counters
//!
//! - [`symmetric`] visits one placement of each class under the 8 symmetries of the square,
//!   about a fifth of the full tree; it yields the unique count too, and counts boards with
//!   reserved squares.
//! - [`join`] stops searching the whole board: for every choice of the rows the east half's
//!   queens stand on, it builds the east and west half boards from tables of every partial
//!   placement of each quarter, and counts the pairs that share no diagonal 512 at a time,
//!   folded by the board's upside-down flip and by its two long diagonals.
//! - [`count_with`] picks the fastest of those for a problem; [`Algo`] names every counter for
//!   the command line and the benchmark, each with its one description ([`Algo::summary`]).
//!
//! # Example
//!
//! ```
//! use nqueens::count::{count_with, symmetric, Algo, Counts, Problem, Run};
//!
//! for algo in Algo::ALL {
//!     assert_eq!(algo.count(9), 352);
//! }
//! let two = Run { threads: 2, ..Run::default() };
//! assert_eq!(count_with(&Problem::total(12), &two).unwrap(), 14200);
//! let counts: Counts = symmetric::count_with(&Problem::total(12), &two).unwrap();
//! assert_eq!((counts.total, counts.unique), (14200, 1787));
//! ```

pub mod join;
mod problem;
pub mod recheck;
mod run;
pub mod symmetric;
pub mod teaching;

pub use problem::{Ask, Problem};
pub use run::estimate::{Estimate, PartSpread, TRUSTED_FROM};
pub use run::{checkpoint, cores, merge, CountError, Done, Keep, Run};
pub use symmetric::Counts;

use crate::board::Board;
use crate::judge;
use crate::memory::OutOfMemory;

/// Counts the placements of `n` queens on one thread, the fastest way here ([`count_with`]).
///
/// # Constraints
///
/// `n <= 32`.
///
/// # Panics
///
/// Panics if `n > 32`, or if the join's tables do not fit in memory (use [`count_with`] for
/// an error instead).
///
/// # Complexity
///
/// That of [`join::count`] (or of [`symmetric::count`] outside its range).
///
/// # Example
///
/// ```
/// assert_eq!(nqueens::count::count(10), 724);
/// ```
pub fn count(n: u32) -> u64 {
    match count_with(&Problem::total(n), &Run::default()) {
        Ok(total) => {
            u64::try_from(total).unwrap_or_else(|_| panic!("count: {} is past 2^64", total))
        }
        Err(e) => panic!("count: {}", e),
    }
}

/// The smallest `n` whose total [`count_with`] counts by the join: below it the symmetric
/// search is as fast or faster, the join paying for its quarter lists (`queens bench
/// --algo symmetric --algo fast` shows it).
pub const JOIN_FROM: u32 = 12;

/// Counts what `problem` asks as `run` says, the fastest way here: a total on the plain board
/// by joining half boards ([`join::count_with`]) from n = [`JOIN_FROM`] to [`join::MAX_N`];
/// anything else (a smaller or larger n, a board with reserved squares, the unique count) by
/// the symmetric search ([`symmetric::count_with`]). A board counted whole (no part, no
/// checkpoint) is first tried by the compact search, which finishes tight boards in a
/// fraction of the time (`compact`) and hands loose ones on early (many
/// completions, or a long search predicted).
///
/// The work is split differently by the two: run every part of a count with the same problem.
///
/// # Constraints
///
/// `n <= 32`; with a board, `n` is its size and the total is asked; with a part `(k, m)`,
/// `1 <= k <= m`.
///
/// # Panics
///
/// Panics if a constraint is broken.
///
/// # Errors
///
/// [`CountError`] if the join's lists do not fit in memory or the checkpoint cannot be used (a
/// thread that cannot start leaves its share to the others).
///
/// # Complexity
///
/// That of [`join::count`], or of [`symmetric::count_with`], divided among the threads.
///
/// # Example
///
/// ```
/// use nqueens::count::{count_with, Problem, Run};
///
/// let all = Run { threads: 2, ..Run::default() };
/// assert_eq!(count_with(&Problem::total(12), &all).unwrap(), 14200);
/// assert_eq!(count_with(&Problem::unique(12), &all).unwrap(), 1787);
/// ```
pub fn count_with(problem: &Problem<'_>, run: &Run<'_>) -> Result<u128, CountError> {
    count_on(join::Kernel::best(), problem, run)
}

/// [`count_with`] with the join's innermost loop on `kernel` instead of the fastest this CPU
/// runs: to compare the kernels, or to time one. The other counters have no kernel to choose.
///
/// # Constraints, Panics, Errors, Complexity
///
/// As [`count_with`].
///
/// # Example
///
/// ```
/// use nqueens::count::{count_on, join::Kernel, Problem, Run};
///
/// for kernel in Kernel::available() {
///     assert_eq!(count_on(kernel, &Problem::total(13), &Run::default()).unwrap(), 73712);
/// }
/// ```
pub fn count_on(
    kernel: join::Kernel,
    problem: &Problem<'_>,
    run: &Run<'_>,
) -> Result<u128, CountError> {
    if problem.n > judge::MAX_N {
        return count_wide(problem, run);
    }
    crate::memory::headroom("the count's plan").map_err(CountError::Memory)?;
    if let (Some(board), Ask::Total, None, None) =
        (problem.board, problem.ask, run.part, run.checkpoint)
    {
        if let Some(total) = count_tight(board).map_err(CountError::Memory)? {
            return Ok(u128::from(total));
        }
    }
    let plain_total = problem.board.is_none() && problem.ask == Ask::Total;
    if plain_total && (JOIN_FROM..=join::MAX_N).contains(&problem.n) {
        return join::count_on(kernel, problem.n, run);
    }
    let counts = symmetric::count_with(problem, run)?;
    Ok(match problem.ask {
        Ask::Total => counts.total,
        Ask::Unique => counts.unique,
    })
}

/// A problem wider than the counters' [`judge::MAX_N`] columns: a board whose empty rows
/// number at most that is counted whole, on one thread, by the exhaustive search
/// ([`crate::place::count_completions`]); anything else is [`CountError::Unsupported`].
fn count_wide(problem: &Problem<'_>, run: &Run<'_>) -> Result<u128, CountError> {
    let (n, max) = (problem.n, judge::MAX_N);
    let Some(board) = problem.board else {
        return Err(CountError::Unsupported(format!(
            "n = {} is above {}, the largest board the counters count",
            n, max
        )));
    };
    let whole_only = |what: &str| {
        Err(CountError::Unsupported(format!(
            "{} goes with boards up to {} squares a side; this one has {}, counted whole by an exhaustive search on one thread",
            what, max, n
        )))
    };
    if run.part.is_some() {
        return whole_only("a part of the work");
    }
    if run.checkpoint.is_some() {
        return whole_only("a checkpoint");
    }
    if let Some(why) = too_open(board) {
        return Err(CountError::Unsupported(why));
    }
    let count = crate::place::count_completions(board).map_err(CountError::Memory)?;
    Ok(u128::from(count))
}

/// Why the completions of `board` cannot all be counted or listed, if they cannot: a board
/// wider than the counters' [`judge::MAX_N`] columns is searched whole by the exhaustive
/// search, on one thread, so at most that many of its rows may be empty (more could be
/// searched without end).
///
/// # Example
///
/// ```
/// use nqueens::board::Board;
/// assert_eq!(nqueens::count::too_open(&Board::new(32)), None);
/// let wide = Board::new(40).with_queens(&[(0, 0)]).unwrap();
/// assert!(nqueens::count::too_open(&wide).unwrap().contains("39 rows still empty"));
/// ```
pub fn too_open(board: &Board) -> Option<String> {
    let max = judge::MAX_N as usize;
    (board.size() > max && board.free_rows() > max).then(|| {
        format!(
            "the board is {0}×{0} with {1} rows still empty; boards wider than {2} are searched whole, when at most {2} are (place more queens)",
            board.size(),
            board.free_rows(),
            max
        )
    })
}

/// Nodes the compact search may take to count a board's completions before the counters of
/// N take over: a few seconds at most.
const TIGHT_NODES: u64 = 1 << 25;

/// Completions after which the compact search gives a board to the counters of N: a board
/// with many is loose, and they find each in nanoseconds where this search pays O(m) a node.
const TIGHT_FOUND: u64 = 1 << 14;

/// The completions of `board` by the compact search ([`crate::place::complete::compact`]), if it
/// predicts it will finish within [`TIGHT_NODES`] with at most [`TIGHT_FOUND`] completions
/// (`None` otherwise, after at most that many nodes).
///
/// A board tight with reserved squares (CSPLib's Excluded Diagonals: the counters of N spend
/// most of their time in branches a row or column shut long before) has few
/// completions and few dead ends for a search that branches on the fewest open line and sees
/// a shut line at once; a loose board has many completions, which the counters of N find far
/// faster, on every thread. Knuth's estimate of the search's progress tells them apart after
/// a few thousand nodes. Beside the search, the diagonals' sums take turns, and then the
/// probes of the diagonals they need ([`crate::place::complete::diagonal_sums`]): a board they refute
/// has none.
fn count_tight(board: &crate::board::Board) -> Result<Option<u64>, OutOfMemory> {
    use crate::place::complete::compact::Compact;
    use crate::place::complete::diagonal_sums::DiagonalSums;
    use crate::place::complete::schedule::beside::Beside;
    use crate::place::complete::search::{Order, Step};
    let sums = DiagonalSums::probing(board);
    let Some(search) = Compact::new(board, Order::FewestOpen)? else {
        return Ok(Beside::sums_only(sums).sums_alone().then_some(0));
    };
    let mut beside = Beside::new(Box::new(search), sums);
    let (mut found, mut checked) = (0, 0);
    loop {
        match beside.step()? {
            Step::Found if found == TIGHT_FOUND => return Ok(None),
            Step::Found => found += 1,
            Step::Exhausted => return Ok(Some(found)),
            Step::Paused => {}
        }
        // Every 4096 nodes or so: give up if past the limit, or predicted to go past it.
        let (nodes, progress) = beside.nodes_and_progress();
        if nodes >= checked + 4096 {
            checked = nodes;
            let predicted = checked as f64 / progress.max(f64::MIN_POSITIVE);
            if checked >= TIGHT_NODES || (checked >= 1 << 14 && predicted > TIGHT_NODES as f64) {
                // Before the counters of N take a long count, the sums have their say.
                return Ok(beside.sums_alone().then_some(0));
            }
        }
    }
}

/// Estimates what `problem` asks, by the counter [`count_with`] would run, from a seeded
/// random sample of its work taken for about `budget`: the count with its standard error,
/// and the core-hours of the whole count on this machine (`estimate`). `kernel` is the
/// join's, as for [`count_on`]; with `part = Some((k, m))` the estimate is of the k-th of m
/// parts, as [`Run::part`] counts it.
///
/// # Constraints
///
/// As [`count_with`].
///
/// # Panics
///
/// Panics if a constraint is broken.
///
/// # Errors
///
/// [`CountError`] if the join's lists do not fit in memory.
///
/// # Complexity
///
/// About `budget` (and the join's tables), at least two samples.
///
/// # Example
///
/// ```
/// use nqueens::count::{estimate, Problem};
/// use std::time::Duration;
///
/// let guess = estimate(&Problem::total(13), Duration::from_millis(20), 1, nqueens::count::join::Kernel::best(), None).unwrap();
/// assert!((guess.count - 73712.0).abs() < 5.0 * guess.error.max(1.0));
/// assert!(guess.core_seconds > 0.0);
/// ```
pub fn estimate(
    problem: &Problem<'_>,
    budget: std::time::Duration,
    seed: u64,
    kernel: join::Kernel,
    part: Option<(u64, u64)>,
) -> Result<run::estimate::Estimate, CountError> {
    if problem.n > judge::MAX_N {
        return Err(CountError::Unsupported(format!(
            "an estimate goes with boards up to {} squares a side; this one has {}, counted whole by an exhaustive search",
            judge::MAX_N,
            problem.n
        )));
    }
    let plain_total = problem.board.is_none() && problem.ask == Ask::Total;
    if plain_total && (JOIN_FROM..=join::MAX_N).contains(&problem.n) {
        return join::estimate(problem.n, budget, seed, kernel, part);
    }
    symmetric::estimate(problem, budget, seed, part)
}

/// A counting algorithm. Every one counts the placements of `n` queens for `n <= 32`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Algo {
    /// [`teaching::backtrack::count`]: plain backtracking.
    Backtrack,
    /// [`teaching::mirror::count`]: backtracking halved by the left-right mirror.
    Mirror,
    /// [`teaching::flags::count`]: flag arrays for columns and diagonals.
    Flags,
    /// [`teaching::links::count`]: a linked list of free columns.
    Links,
    /// [`teaching::bitwise::count`]: bit masks with an explicit stack.
    Bitwise,
    /// [`judge::count`]: the judge's recursive bitmask counter with the mirror.
    Recursive,
    /// [`symmetric::count`]: one placement per class under the 8 symmetries of the square,
    /// Takaken's rules.
    Symmetric,
    /// [`count`]: the fastest there is, which joins half boards ([`join`]); one thread here,
    /// see [`count_with`] for threads.
    Fast,
}

impl Algo {
    /// Every algorithm, slowest idea first: the five teaching counters, the judge's, the symmetric search
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

    /// The one description of each counter: its name on the command line, what it does, and
    /// its counting function. The help of `queens count --algo` and the benchmark's labels are
    /// made from it.
    fn describe(self) -> (&'static str, &'static str, fn(u32) -> u64) {
        match self {
            Algo::Backtrack => (
                "backtrack",
                "plain backtracking, each queen checked against those above",
                teaching::backtrack::count,
            ),
            Algo::Mirror => (
                "mirror",
                "the same on half the board, doubled by the left-right mirror",
                teaching::mirror::count,
            ),
            Algo::Flags => (
                "flags",
                "flag arrays for columns and diagonals (O(1) checks)",
                teaching::flags::count,
            ),
            Algo::Links => ("links", "a linked list of the free columns", teaching::links::count),
            Algo::Bitwise => ("bitwise", "bit masks and an explicit stack", teaching::bitwise::count),
            Algo::Recursive => (
                "recursive",
                "the judge's recursive bit masks with the mirror",
                judge::count,
            ),
            Algo::Symmetric => (
                "symmetric",
                "one placement per class under the 8 symmetries of the square (Takaken's rules)",
                symmetric::count,
            ),
            Algo::Fast => (
                "fast",
                "the fastest: joins half boards for a total from N = 12, the symmetric search below that and for unique counts and boards (default)",
                count,
            ),
        }
    }

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
        self.describe().0
    }

    /// What the counter does, in one line.
    ///
    /// # Example
    ///
    /// ```
    /// use nqueens::count::Algo;
    /// assert_eq!(Algo::Links.summary(), "a linked list of the free columns");
    /// ```
    pub fn summary(self) -> &'static str {
        self.describe().1
    }

    /// The algorithm with this command-line name, if any.
    pub fn from_name(name: &str) -> Option<Algo> {
        Algo::ALL.iter().copied().find(|a| a.name() == name)
    }

    /// The counting function, `fn(n) -> placements`.
    pub fn counter(self) -> fn(u32) -> u64 {
        self.describe().2
    }

    /// Whether the counter runs on threads, in parts, with a checkpoint, for the unique count
    /// and on boards ([`count_with`] or [`symmetric::count_with`]); the others are one-thread
    /// functions of n.
    pub fn runs_problems(self) -> bool {
        matches!(self, Algo::Symmetric | Algo::Fast)
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

#[cfg(test)]
mod tests;
