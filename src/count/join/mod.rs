//! Counting by joining half boards built from quarters: the total number of placements without
//! searching the board row by row.
//!
//! # Reading the join
//!
//! A reviewer's guide: the files in the order the data flows through them, each one idea and
//! one type, no file importing one that comes after it.
//!
//! | stage | file | what it holds |
//! | --- | --- | --- |
//! | the cut | `plan.rs` | `Join`: the board cut into four quarters, the row sets, the units of work, the upside-down fold, and every size below (batches, list parts, the crew's) |
//! | quarters | `quarter/` | a quarter's placements on given rows, bucketed by the columns they use (`Lists`) |
//! | lists held | `lists.rs` | a worker's quarter lists: its tile's north lists and one row set's south lists, whole or a part at a time |
//! | halves | `halves.rs` | a side's halves made from two quarter lists, a batch at a time; where batches start |
//! | meeting | `meeting.rs` | how a row set's two sides meet: one call, or a bigger batch of one side kept sorted while the other's come |
//! | sieve | `sieve/` | both sides bucketed by a run of diagonals so that most pairs that cannot fit are never tried: the choice of diagonals (`choice.rs`), the sorting (`sorting.rs`), buckets and their joins (`buckets.rs`), words of one weight (`lanes.rs`), the leaves' last blocks packed together (`tails.rs`) |
//! | blocks | `sliced.rs`, `squeeze.rs` | 512 halves of the kept side turned on their side into bit rows; keys squeezed to the diagonals that can still clash |
//! | kernel | `src/kernel/` | the innermost loop, one file an instruction set (`avx512.rs`, `avx2.rs`, `portable.rs`) behind [`Kernel`]; below `count` and `place`, whose completion searches are compiled for its instructions too |
//! | a unit | `worker.rs`, `progress.rs` | one worker's count of a unit, row set by row set, each meeting of two batches a piece told to the checkpoint's steps |
//! | the crew | `crew.rs` | from n = [`CREW_FROM`], the threads on one row set together (their threads started by `run::threads`) |
//! | the estimate | `sample.rs` | one random pair of batches, counted as the count counts it, its time charged with its share |
//! | the mirror | `mirror.rs` | a part counted again through the upside-down image of every row set it counts: other lists, batches and cuts (`queens recheck`) |
//! | reuse | `reuse.rs` | the plan and workers a caller's [`Keep`] holds for its next count |
//!
//! Words, one meaning each:
//!
//! - **row set**: the rows `E` of the east queens (`k` north rows and the rest south);
//!   counted for itself, for its reverse too, or not at all (the fold).
//! - **tile**: north sets whose lists a worker builds once and keeps (at most 24 MB).
//! - **unit**: a tile by a run of south sets: what a part holds and a thread takes.
//! - **batch**: halves of one side of a row set made together (about [`HALVES`] keys, or a
//!   bigger kept one); every batch of one side meets every batch of the other.
//! - **segment**: a crew's share of a batch, made and sorted by one thread.
//! - **piece**: one meeting of two batches, numbered in a unit; a checkpoint's step says the
//!   next piece to count.
//! - **crew**: the threads of a count working on one row set together.
//! - **cut** (of the sieve): the diagonals the halves are bucketed by, a trie of a run of them
//!   (`Sorting`, `sieve/trie.rs`); the public [`Cut`] is how a count is cut to fit memory.
//! - **block**: 512 halves of the kept side transposed into bit rows (`sliced.rs`).
//! - **word**: 64 halves of a block, all of one weight (`sieve/lanes.rs`).
//! - **chunk** (of a checkpoint, `run`): consecutive units recorded together.
//! - **part**: one of the M slices of a count (`--part K/M`); a quarter list too big to hold
//!   is built in *list parts* ([`LIST_PART`]).
//!
//! # The idea
//!
//! Cut the board into a west half (the left `w = ⌊n/2⌋` columns) and an east half (the other
//! `e = n - w`). Every column holds one queen, so the east half holds `e` queens in some set
//! `E` of rows and the west half holds `w` in the other rows. Fix `E`: a placement of the board
//! is then an *east half* (one queen in each east column, on the rows of `E`) and a *west
//! half* (on the other rows) that share no diagonal. So, for each `E`:
//!
//! 1. build every east half on `E` and every west half on the other rows, each known by its
//!    *key*: one bit per diagonal crossing the middle line that it uses (`2(n - 1)` of them);
//! 2. count the (west, east) pairs whose keys share no bit.
//!
//! Halves are built from **quarters** (`quarter`): cut each half again between the
//! north rows (`⌊n/2⌋` of them) and the south ones. For the rows of `E` in a quarter, every
//! placement of a queen on each of them is listed, bucketed by the columns it uses; the east
//! halves on `E` are the north-east placements on `E`'s north rows and any column set `C`,
//! each paired with the south-east placements on `E`'s south rows and the other columns,
//! kept when they share no diagonal (one `AND` of one word each: see `quarter`).
//!
//! The pairs are counted **bit-sliced** (`sliced`, `kernel`): the east halves
//! of `E` are transposed, 512 at a time, into one bit row per diagonal, and each west half
//! ANDs the rows of its diagonals (a few precomputed group rows) and counts the bits left: 512
//! pairs in a few vector instructions.
//!
//! Most pairs cannot fit, and from n ≈ 20 most of the time went into trying them. The
//! **sieve** (`sieve`, Kluev's `sieveCuts`) buckets both sides of a row set by the few
//! diagonals a random pair clashes on most: an east bucket is probed only by the west buckets
//! disjoint from it on those diagonals. The number of diagonals is chosen per row set by the
//! kernel's computed cost (none for small row sets, whose few blocks it would only split);
//! from batches of 2^20 keys a big bucket is cut on more of them than a small one (a trie).
//! docs/counter.md measures what it saves.
//!
//! # Symmetry
//!
//! - **Upside down.** Turning the board over maps `E` to its reverse and keeps the count, so
//!   only the smaller of the two is counted, twice.
//! - **The long diagonals.** Each of the board's two long diagonals holds at most one queen.
//!   Reflecting the board in the `\` diagonal swaps its two segments off that diagonal's
//!   centre, the west one (in the north-west quarter) and the east one, and leaves the `/`
//!   diagonal's queen in place; reflecting it in the `/` diagonal does the same to the other.
//!   So the placements with a queen on an east segment are as many as those with one on the
//!   matching west segment: the east halves that use either east segment are never built,
//!   and each west half counts twice for each west segment it uses. (On an odd board the
//!   centre square lies on both diagonals, belongs to the east half, and is kept.)
//!
//! The two folds commute (turning the board over maps each long diagonal's east segment to
//! the other's), so they multiply: about a quarter of the pairs of a plain join are counted.
//!
//! This is the approach of E. Kluev's N-Queens-Count-Sol (quarters, the "fourth symmetry" of
//! the long diagonals, bit-transposed stored halves); the code is this crate's own. Unlike his,
//! an odd board is one job with uneven halves (`e = w + 1` columns east, holding the middle
//! one; `w + 1` rows south), not one job per pair of fixed middle queens.
//!
//! # Memory and threads
//!
//! No quarter is held whole (its table would take 5.6 GB at n = 23): the lists are made for
//! the row sets being counted. The row sets `E` with `k` north rows are a grid of north sets
//! (`k` of the `w` north rows) by south sets; the north sets are cut into *tiles* holding at
//! most 24 MB of north lists. A unit of work is one tile by one south set: a worker builds a
//! tile's north lists once and keeps them while its units come, and builds each unit's south
//! lists once, for every north set of the tile. So a south list is built once per tile. The halves of a row set are made and
//! counted in batches: the larger side in batches of 4 × [`HALVES`] keys (8 Mi: 64 MB a copy),
//! each sorted once and met with every batch of [`HALVES`] of the other side, so a row set
//! of tens of millions of halves (n = 27) takes no more memory than one of a few. A quarter
//! list of more than [`LIST_PART`] placements (64 MB; from n = 28, up to 6 GB at n = 32) is
//! built in parts, cut between the columns of its first rows (`build_part`),
//! and the row set is met once for every combination of its four lists' parts. `run` gives
//! each thread a run of neighbouring units (a tile's lists built by one thread) and lets it
//! split the longest run left when its own is done, so no thread waits for another.
//!
//! From n = 28 ([`CREW_FROM`]) a row set's halves are tens of millions a side, and the
//! kernel's probes per placement fall as the batch kept sorted grows: there the threads work
//! as a *crew* (`crew`) on one unit at a time, around one batch of 128 Mi halves of the larger
//! side (1 GB) met with batches of 16 Mi of the other, both made in segments by all the
//! threads, the sieve's patterns shared out among them. The lists and the batches are held
//! once; a thread beyond the first adds only its own buffers ([`HAND_MB`]).
//!
//! # What is public
//!
//! The counter ([`count`], [`count_with`], [`count_on`], [`count_cut`] with its [`Cut`],
//! [`estimate`]) and its kernels
//! ([`Kernel`], made only by asking the CPU); the quarter lists, the sieve, the bit-sliced
//! blocks and the squeezed keys are the join's own, so a change to them is no change to the
//! crate's contract:
//!
//! ```compile_fail
//! use nqueens::count::join::sieve; // private: the join's buckets of halves
//! ```
//!
//! ```compile_fail
//! use nqueens::count::join::quarter::Lists; // private: the quarter lists
//! ```
//!
//! ```compile_fail
//! use nqueens::count::join::kernel::Kernel; // one path only: nqueens::count::join::Kernel
//! ```

mod crew;
mod halves;
mod lists;
mod meeting;
mod mirror;
mod plan;
mod progress;
pub(crate) mod quarter;
mod reuse;
mod sample;
pub(crate) mod sieve;
pub(crate) mod sliced;
pub(crate) mod squeeze;
mod subsets;
#[cfg(test)]
mod tests;
mod worker;

use super::problem::Problem;
use super::run::threads::Helpers;
use super::run::{self, CountError, Keep, Run};
use plan::Join;
use reuse::Kept;

pub use crate::kernel::{Kernel, KernelError, Width};
pub(crate) use mirror::{count_mirrored, count_row_set};
pub use plan::{CREW_FROM, HALVES, LIST_PART, MAX_N};
pub use quarter::{FEWEST_PARTS, SMALL_PART};
pub use sample::estimate;

/// The most memory a thread of a crew adds beyond the first, in MB: its own buffers (the
/// segment it makes, its block tables, its stack, and what the C library keeps of them), with
/// room above what was measured (docs/counter.md, "The crew").
pub const HAND_MB: u64 = 48;

/// The memory a task of `threads` threads counting `n` needs, in MB, from `one`, what one
/// thread took: from n = [`CREW_FROM`] a crew's threads share the lists and the kept batch,
/// so each beyond the first adds at most [`HAND_MB`]; below, each thread holds its own.
///
/// # Example
///
/// ```
/// use nqueens::count::join::task_megabytes;
///
/// assert_eq!(task_megabytes(27, 8, 300), 2400);
/// assert_eq!(task_megabytes(28, 8, 800), 800 + 7 * 48);
/// ```
pub fn task_megabytes(n: u32, threads: usize, one: u64) -> u64 {
    let more = threads.saturating_sub(1) as u64;
    match n >= CREW_FROM {
        true => one.saturating_add(more.saturating_mul(HAND_MB)),
        false => one.saturating_mul(more + 1),
    }
}

/// Counts the placements of `n` queens by joining half boards, on one thread.
///
/// # Constraints
///
/// `n <= 28`: the count of 29 passes 2^64 ([`count_with`] sums in 128 bits up to [`MAX_N`]).
///
/// # Panics
///
/// Panics if `n > 28`, or if memory runs out (see [`count_with`] for an error instead).
///
/// # Complexity
///
/// Exponential, like every exact count: docs/benchmarks.md gives the times measured and
/// estimated (`queens count N --estimate`) on this project's machine. Memory: a tile of north
/// lists (at most 24 MB), one row set's south lists (a list of more than [`LIST_PART`]
/// placements in parts), and a batch of halves of each side (at most [`HALVES`] keys, a few
/// copies), whatever `n`.
///
/// # Example
///
/// ```
/// assert_eq!(nqueens::count::join::count(8), 92);
/// assert_eq!(nqueens::count::join::count(13), 73712);
/// ```
pub fn count(n: u32) -> u64 {
    assert!(
        n <= 28,
        "join: the count of n = {} passes 2^64: use count_with",
        n
    );
    match count_with(n, &Run::default()) {
        // Below 2^64 up to n = 28 (about 2.5·10^18 there).
        Ok(total) => u64::try_from(total).expect("a count of n <= 28 is below 2^64"),
        Err(e) => panic!("join: {}", e),
    }
}

/// Counts the placements of `n` queens by joining half boards, as `run` says: on several
/// threads, or one slice of the work. Each unit's count is summed in 128 bits, so the total
/// is exact past 2^64.
///
/// # Constraints
///
/// `n <= 32` ([`MAX_N`]); with a part `(k, m)`, `1 <= k <= m`. (It counts the plain board's
/// total only: reserved squares break the symmetry the join relies on, so boards and unique
/// counts go to [`super::symmetric::count_with`], as [`super::count_with`] does.)
///
/// # Panics
///
/// Panics if a constraint is broken.
///
/// # Errors
///
/// [`CountError`] if the quarter lists cannot be allocated or the checkpoint cannot be used.
/// (A thread that cannot start leaves its
/// share to the others.)
///
/// # Complexity
///
/// That of [`count`], divided among the threads.
///
/// # Example
///
/// ```
/// use nqueens::count::Run;
///
/// let sum: u128 = (1..=4)
///     .map(|k| nqueens::count::join::count_with(12, &Run { part: Some((k, 4)), ..Run::default() }).unwrap())
///     .sum();
/// assert_eq!(sum, 14200);
/// ```
pub fn count_with(n: u32, run: &Run<'_>) -> Result<u128, CountError> {
    count_on(Kernel::best(), n, run)
}

/// [`count_with`] on the kernel `kernel` instead of the best one the CPU has: to compare the
/// kernels, or to time one.
///
/// # Constraints, Panics, Errors, Complexity
///
/// As [`count_with`]; `kernel` must be one of [`Kernel::available`] (it panics if not).
///
/// # Example
///
/// ```
/// use nqueens::count::{join, join::Kernel, Run};
///
/// for kernel in Kernel::available() {
///     assert_eq!(join::count_on(kernel, 11, &Run::default()).unwrap(), 2680);
/// }
/// ```
pub fn count_on(kernel: Kernel, n: u32, run: &Run<'_>) -> Result<u128, CountError> {
    count_cut(kernel, n, run, Cut::default())
}

/// How the join cuts a row set's work to fit in memory: its halves made in batches of about
/// `halves` keys a side, and a quarter list of more than `list_part` placements built in parts
/// (the row set met once for every combination of its lists' parts). The defaults are
/// [`HALVES`] and [`LIST_PART`], where lists are cut only from n = 28; smaller numbers take the
/// paths of the big boards at small n, to check them against the known counts. A list whose
/// parts would hold fewer than [`SMALL_PART`] placements is cut in [`FEWEST_PARTS`] parts.
///
/// # Example
///
/// ```
/// use nqueens::count::join::{count_cut, Cut, Kernel};
/// use nqueens::count::Run;
///
/// // Every list of n = 12 cut into parts of at most 40 placements, as n = 28 cuts its own.
/// let cut = Cut { list_part: 40, ..Cut::default() };
/// assert_eq!(count_cut(Kernel::best(), 12, &Run::default(), cut).unwrap(), 14200);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cut {
    /// About the most halves of a side made at once.
    pub halves: usize,
    /// The most placements of a quarter list held at once.
    pub list_part: usize,
    /// Whether a row set too big for one call is counted by a crew (the run's threads on one
    /// row set together, its larger side in batches 16 times the other's: `crew`), as every
    /// count of n >= 28 is; `false` leaves that to `n`.
    pub crew: bool,
}

impl Default for Cut {
    fn default() -> Self {
        Cut {
            halves: HALVES,
            list_part: LIST_PART,
            crew: false,
        }
    }
}

/// [`count_on`] with the row sets cut as `cut` says: the same count, by the paths of bigger
/// boards. A checkpoint's chunks are the same whatever the cut (a count may be resumed with
/// another); a step recorded inside a chunk is resumed only by a count of the same cut.
///
/// # Constraints, Panics, Errors, Complexity
///
/// As [`count_with`], and `cut`'s numbers at least 1 (it panics if not). A small cut costs
/// more: a list in `p` parts meets every part of the other three lists.
pub fn count_cut(kernel: Kernel, n: u32, run: &Run<'_>, cut: Cut) -> Result<u128, CountError> {
    assert!(
        cut.halves >= 1 && cut.list_part >= 1,
        "join: a cut of {:?} is not of at least 1",
        cut
    );
    assert!(
        Kernel::available().contains(&kernel),
        "join: this CPU cannot run the {} kernel",
        kernel.name()
    );
    assert!(n <= MAX_N, "join: n = {} is above {}", n, MAX_N);
    run.check("join");
    let problem = Problem::total(n);
    // A finished checkpoint answers before any table is built.
    if let Some(total) = run::units::recorded_result(&problem, COUNTER, run)? {
        return Ok(total);
    }
    if n == 0 {
        // One empty placement.
        return Ok(u128::from(run.holds_the_empty_board()));
    }
    crate::memory::headroom("the join's plan")?;
    let mut join = Join::new(n, kernel);
    (join.halves, join.list_part) = (cut.halves, cut.list_part);
    join.crew |= cut.crew;
    // A crew's threads work on one unit together: the units are handed out to one worker.
    let (hands, mut one_worker) = (run.threads.max(1), *run);
    if join.crew {
        one_worker.threads = 1;
    }
    let mut kept = Kept::take(run.keep, &join, hands);
    let units = kept.units(&join)?;
    let helpers = Helpers::default();
    let total = run::units::count_units(
        &problem,
        run::units::Counter {
            name: COUNTER,
            kernel: kernel.name(),
            layout: Some(join.layout()),
            helpers: join.crew.then_some(&helpers),
        },
        &units,
        // A tile's work grows with its row sets: north sets by south sets.
        |tile| f64::from(tile.north.len() as u32) * f64::from(tile.south.len() as u32),
        &one_worker,
        || Ok(kept.worker(&join, hands)),
        |worker, tile, steps| worker.get().count_tile(&join, tile, steps, &helpers),
    );
    if let (Some(fewer), true) = (run.fewer_threads, helpers.missing() > 0) {
        fewer(hands - helpers.missing(), hands);
    }
    if let Some(keep) = run.keep {
        keep.put(kept);
    }
    total
}

/// The counter's name in a checkpoint.
pub(crate) const COUNTER: &str = "join";

/// The north sets and the south sets of a unit (see [`unit_row_sets`]).
pub(crate) type RowSets = (Vec<u32>, Vec<u32>);

/// What each unit of part `part` of the join's count of `n` holds, for a second method to
/// count by itself: the unit's north sets (bit `r`: the queen of row `r` stands in the east
/// half) and south sets (bit `r`: that of row `⌊n/2⌋ + r` does); the unit holds every pair.
/// The same units, in the same order, as [`count_with`] slices for that part. The plan is
/// taken from `keep` when a count of `n` left it there, and left there.
///
/// # Errors
///
/// [`CountError::Memory`] if the plan does not fit in memory.
pub(crate) fn unit_row_sets(
    n: u32,
    part: Option<(u64, u64)>,
    keep: Option<&Keep>,
) -> Result<Vec<RowSets>, CountError> {
    assert!(
        (1..=MAX_N).contains(&n),
        "join: n = {} is outside 1..=32",
        n
    );
    crate::memory::headroom("the join's plan")?;
    let join = Join::new(n, Kernel::portable());
    let sets = |all: &[u32], range: &std::ops::Range<u32>| {
        all[range.start as usize..range.end as usize].to_vec()
    };
    let mut kept = keep
        .and_then(Keep::take::<Kept>)
        .unwrap_or_else(|| Kept::new(&join, 1));
    kept.units = kept.units.filter(|(n, _)| *n == join.n);
    let units = kept.units(&join);
    if let Some(keep) = keep {
        keep.put(kept);
    }
    Ok(units?
        .iter()
        .enumerate()
        .filter(|&(i, _)| run::in_part(i, part))
        .map(|(_, tile)| {
            let k = tile.k as usize;
            (
                sets(&join.north_sets[k], &tile.north),
                sets(&join.south_sets[k], &tile.south),
            )
        })
        .collect())
}
