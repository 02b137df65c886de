//! Counting by joining half boards built from quarters: the total number of placements without
//! searching the board row by row.
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
//! Halves are built from **quarters** ([`quarter`]): cut each half again between the
//! north rows (`⌊n/2⌋` of them) and the south ones. Every partial placement of each quarter
//! is listed once, bucketed by the rows and columns it uses; the east halves on `E` are the
//! north-east placements on `E`'s north rows and any column set `C`, each paired with the
//! south-east placements on `E`'s south rows and the other columns, kept when no diagonal
//! crossing the north/south line is used by both (one `AND`).
//!
//! The pairs are counted **bit-sliced** ([`sliced`], [`kernel`]): the east halves
//! of `E` are transposed, 512 at a time, into one bit row per diagonal, and each west half
//! ANDs the rows of its diagonals (a few precomputed group rows) and counts the bits left: 512
//! pairs in a few vector instructions.
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
//! # Threads
//!
//! Each row set `E` (no greater than its reverse) is a unit of work: 6,470 at n = 16,
//! 12,190 at n = 17, 24,310 at n = 18. [`super::run`] hands them out one at a time, so no
//! thread waits for another; the quarter tables are built once and shared.

pub mod kernel;
pub mod quarter;
pub mod sliced;

use super::problem::{Ask, Problem};
use super::run::estimate::{estimate_units, Estimate};
use super::run::{self, checkpoint::Fnv, CountError, Run, Unit};
use crate::memory::OutOfMemory;
use kernel::{Kernel, WEIGHT};
use quarter::Quarter;
use sliced::{Sliced, BLOCK};

/// The largest `n` the join counts: above it a quarter's diagonals no longer fit in 32 bits,
/// and its tables would outgrow memory (they take 640 MB at n = 21, about 4 times that at
/// n = 22).
pub const MAX_N: u32 = 22;

/// Counts the placements of `n` queens by joining half boards, on one thread.
///
/// # Constraints
///
/// `n <= 22` ([`MAX_N`]).
///
/// # Panics
///
/// Panics if `n > 22`, or if the quarter tables cannot be allocated (from n = 20 on they
/// need hundreds of megabytes; see [`count_with`] for an error instead).
///
/// # Complexity
///
/// Exponential, like every exact count: on one core of this project's machine 0.08 s at
/// n = 16, 0.44 s at n = 17, 2.5 s at n = 18 (`scripts/bench-kluev`). Memory: the quarter
/// tables and one row set's halves per thread; peaks of 6.5 MB at n = 16, 30 MB at n = 18,
/// 85 MB at n = 19, 200 MB at n = 20 (`/usr/bin/time -v`).
///
/// # Example
///
/// ```
/// assert_eq!(nqueens::count::join::count(8), 92);
/// assert_eq!(nqueens::count::join::count(13), 73712);
/// ```
pub fn count(n: u32) -> u64 {
    match count_with(n, &Run::default()) {
        Ok(total) => total,
        Err(e) => panic!("join: {}", e),
    }
}

/// Counts the placements of `n` queens by joining half boards, as `run` says: on several
/// threads, or one slice of the work.
///
/// # Constraints
///
/// `n <= 22` ([`MAX_N`]); with a part `(k, m)`, `1 <= k <= m`. (It counts the plain board's
/// total only: reserved squares break the symmetry the join relies on, so boards and unique
/// counts go to [`super::symmetric::count_with`], as [`super::count_with`] does.)
///
/// # Panics
///
/// Panics if a constraint is broken.
///
/// # Errors
///
/// [`CountError`] if the quarter tables cannot be allocated, a worker thread cannot be
/// started, the checkpoint cannot be used, or `NQUEENS_KERNEL` names no kernel this CPU runs.
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
/// let sum: u64 = (1..=4)
///     .map(|k| nqueens::count::join::count_with(12, &Run { part: Some((k, 4)), ..Run::default() }).unwrap())
///     .sum();
/// assert_eq!(sum, 14200);
/// ```
pub fn count_with(n: u32, run: &Run<'_>) -> Result<u64, CountError> {
    let kernel = Kernel::detect().map_err(|e| CountError::Setting(e.to_string()))?;
    count_on(kernel, n, run)
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
/// use nqueens::count::{join, join::kernel::Kernel, Run};
///
/// for kernel in Kernel::available() {
///     assert_eq!(join::count_on(kernel, 11, &Run::default()).unwrap(), 2680);
/// }
/// ```
pub fn count_on(kernel: Kernel, n: u32, run: &Run<'_>) -> Result<u64, CountError> {
    assert!(
        Kernel::available().contains(&kernel),
        "join: this CPU cannot run the {} kernel",
        kernel.name()
    );
    assert!(n <= MAX_N, "join: n = {} is above {}", n, MAX_N);
    run.check("join");
    let problem = Problem::total(n);
    // A finished checkpoint answers before any table is built.
    if let Some(total) = run::recorded_result(&problem, COUNTER, run)? {
        return Ok(total);
    }
    if n == 0 {
        // One empty placement.
        return Ok(u64::from(run.holds_the_empty_board()));
    }
    let join = Join::new(n, kernel)?;
    run::count_units(
        &problem,
        COUNTER,
        join.units(),
        run,
        || Ok(Scratch::new(&join)),
        |scratch, unit| Ok(unit.weight * join.count_rows(scratch, unit.rows)?),
    )
}

/// The counter's name in a checkpoint.
const COUNTER: &str = "join";

/// Estimates the count of `n` queens by the join from a seeded random sample of its row sets,
/// each counted whole, for about `budget` ([`crate::count::run::estimate`]).
///
/// # Panics
///
/// Panics if `n > 22`.
///
/// # Errors
///
/// [`CountError`] if the quarter tables do not fit in memory, or `NQUEENS_KERNEL` names no
/// kernel this CPU runs.
///
/// # Complexity
///
/// Building the quarter tables, then about `budget`.
///
/// # Example
///
/// ```
/// use std::time::Duration;
///
/// let estimate = nqueens::count::join::estimate(14, Duration::from_millis(20), 1).unwrap();
/// assert!((estimate.count - 365596.0).abs() < 5.0 * estimate.error.max(1.0));
/// ```
pub fn estimate(n: u32, budget: std::time::Duration, seed: u64) -> Result<Estimate, CountError> {
    assert!(n <= MAX_N, "join: n = {} is above {}", n, MAX_N);
    let kernel = Kernel::detect().map_err(|e| CountError::Setting(e.to_string()))?;
    if n == 0 {
        return estimate_units(
            Ask::Total,
            &[()],
            budget,
            seed,
            || Ok(()),
            |_, _, _| Ok(([1, 0], 1.0)),
        );
    }
    let join = Join::new(n, kernel)?;
    estimate_units(
        Ask::Total,
        &join.units(),
        budget,
        seed,
        || Ok(Scratch::new(&join)),
        |scratch, unit, _| Ok(([unit.weight * join.count_rows(scratch, unit.rows)?, 0], 1.0)),
    )
}

/// A unit of work: one row set `E` of the east queens, and its weight (2 when its reverse,
/// which counts the same, is left out; 1 when it is its own reverse).
struct RowSet {
    rows: u32,
    weight: u64,
}

impl Unit for RowSet {
    fn identify(&self, hash: &mut Fnv) {
        hash.word(u64::from(self.rows));
        hash.word(self.weight);
    }
}

/// The shape of the board's cut and its four quarter tables.
struct Join {
    n: u32,
    /// West columns, north rows (both `⌊n/2⌋`).
    w: u32,
    /// East columns, south rows (both `n - w`).
    e: u32,
    /// The quarters; the south ones counted from the top of the north ones.
    north_west: Quarter,
    south_west: Quarter,
    north_east: Quarter,
    south_east: Quarter,
    kernel: Kernel,
}

/// One worker's buffers, reused from one row set to the next.
struct Scratch {
    /// The quarter pairs that fit, as [`pairs`] finds them.
    fitting: Keys,
    east: Vec<u64>,
    /// The west halves' keys, each with its weight.
    west: Vec<u64>,
    block: Sliced,
}

impl Scratch {
    fn new(join: &Join) -> Scratch {
        Scratch {
            fitting: Keys::default(),
            east: Vec::new(),
            west: Vec::new(),
            block: Sliced::new(join.key_bits().max(1) as usize),
        }
    }
}

impl Join {
    /// Builds the quarter tables for `n >= 1`.
    fn new(n: u32, kernel: Kernel) -> Result<Join, crate::memory::OutOfMemory> {
        let (w, e) = (n / 2, n - n / 2);
        // East squares off the long diagonals' east segments (the centre of an odd board is
        // on both, and stays).
        let east = |row: u32, col: u32| {
            let (row, col) = (row, col + w);
            !(row + col == n - 1 && row < w || row == col && row > n - 1 - w)
        };
        Ok(Join {
            n,
            w,
            e,
            north_west: Quarter::build(w, w, 0, |_, _| true)?,
            south_west: Quarter::build(e, w, w, |_, _| true)?,
            north_east: Quarter::build(w, e, 0, east)?,
            south_east: Quarter::build(e, e, w, |r, c| east(r + w, c))?,
            kernel,
        })
    }

    /// The bits of a key: the `/` and the `\` diagonals crossing the west/east line.
    fn key_bits(&self) -> u32 {
        2 * (self.n - 1)
    }

    /// The row sets `E` to count, each with its weight: the sets of `e` rows no greater than
    /// their reverse, weighing 2, or 1 if they are their own reverse.
    fn units(&self) -> Vec<RowSet> {
        let n = self.n;
        let mut units = Vec::new();
        let mut rows: u32 = (1 << self.e) - 1;
        loop {
            let reverse = rows.reverse_bits() >> (32 - n);
            if rows <= reverse {
                let weight = if rows == reverse { 1 } else { 2 };
                units.push(RowSet { rows, weight });
            }
            match next_subset(rows) {
                Some(next) if next < 1 << n => rows = next,
                _ => return units,
            }
        }
    }

    /// The placements whose east queens stand on the rows `rows`, counted with the weights of
    /// the long diagonals.
    ///
    /// # Errors
    ///
    /// [`OutOfMemory`] if the halves do not fit in memory.
    fn count_rows(&self, scratch: &mut Scratch, rows: u32) -> Result<u64, OutOfMemory> {
        let (n, w, e) = (self.n, self.w, self.e);
        let all = (1u32 << n) - 1;
        let north = (1u32 << w) - 1;
        let mask = (1u64 << (n - 1)) - 1;
        // East halves: keys by the `/` diagonals from column w on, then the `\` ones.
        let fitting = &mut scratch.fitting;
        fitting.clear();
        pairs(
            &self.north_east,
            &self.south_east,
            rows & north,
            rows >> w,
            e,
            fitting,
        )?;
        if fitting.is_empty() {
            return Ok(0);
        }
        scratch.east.clear();
        reserve(&mut scratch.east, fitting.len, "the east halves")?;
        scratch.east.extend(
            fitting
                .keys()
                .iter()
                .map(|&d| d & mask | (d >> (32 + e) & mask) << (n - 1)),
        );
        // West halves: keys by the same diagonals, each weighing 2 for each west segment of a
        // long diagonal it uses (`row + col = n - 1` and, if the west half has columns,
        // `row = col`).
        fitting.clear();
        let other = all & !rows;
        pairs(
            &self.north_west,
            &self.south_west,
            other & north,
            other >> w,
            w,
            fitting,
        )?;
        let anti = n - 1 - w;
        let main = (n - 1 + w).saturating_sub(1);
        let main_too = u64::from(w > 0);
        scratch.west.clear();
        reserve(&mut scratch.west, fitting.len, "the west halves")?;
        scratch.west.extend(fitting.keys().iter().map(|&d| {
            let key = (d >> w) & mask | (d >> 32 & mask) << (n - 1);
            key | ((key >> anti & 1) + (key >> main & main_too)) << WEIGHT
        }));
        let mut total = 0;
        for stored in scratch.east.chunks(BLOCK) {
            scratch.block.load(stored);
            total += scratch.block.matches(self.kernel, &scratch.west);
        }
        Ok(total)
    }
}

/// A list of keys that takes each candidate without a branch: it is written past the end,
/// and the end moves on only if the candidate is kept.
#[derive(Default)]
struct Keys {
    /// Room for the keys and the candidates to come; `buf[..len]` are kept.
    buf: Vec<u64>,
    len: usize,
}

impl Keys {
    fn clear(&mut self) {
        self.len = 0;
    }

    /// Makes room for `count` more candidates.
    fn make_room(&mut self, count: usize) -> Result<(), OutOfMemory> {
        let wanted = self.len + count;
        if self.buf.len() < wanted {
            reserve(&mut self.buf, wanted, "the pairs of quarters")?;
            self.buf.resize(wanted, 0);
        }
        Ok(())
    }

    /// Writes `key`, kept if `keep`.
    #[inline(always)]
    fn push_if(&mut self, key: u64, keep: bool) {
        self.buf[self.len] = key;
        self.len += usize::from(keep);
    }

    fn keys(&self) -> &[u64] {
        &self.buf[..self.len]
    }

    fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// Adds to `fitting` every north entry `a` and south entry `b` that make a half of `width`
/// columns on the north rows `north` and south rows `south` (the columns split between them
/// every way, no diagonal crossing the north/south line used by both), as `a | b`.
fn pairs(
    upper: &Quarter,
    lower: &Quarter,
    north: u32,
    south: u32,
    width: u32,
    fitting: &mut Keys,
) -> Result<(), OutOfMemory> {
    let all = (1u32 << width) - 1;
    let k = north.count_ones();
    let mut cols = (1u32 << k) - 1;
    loop {
        let tops = upper.bucket(north, cols);
        if !tops.is_empty() {
            let bottoms = lower.bucket(south, all & !cols);
            for &a in tops {
                fitting.make_room(bottoms.len())?;
                for &b in bottoms {
                    fitting.push_if(a | b, a & b == 0);
                }
            }
        }
        match next_subset(cols) {
            Some(next) if next <= all => cols = next,
            _ => return Ok(()),
        }
    }
}

/// Makes `v` hold at least `len` items without reallocating, or says what did not fit.
fn reserve(v: &mut Vec<u64>, len: usize, what: &'static str) -> Result<(), OutOfMemory> {
    let more = len.saturating_sub(v.len());
    v.try_reserve(more).map_err(|_| OutOfMemory {
        what,
        needed: len as u64 * 8,
    })
}

/// The next larger number with as many bits set (Gosper's hack), if it fits in 32 bits; none
/// after 0.
fn next_subset(x: u32) -> Option<u32> {
    if x == 0 {
        return None;
    }
    let low = x & x.wrapping_neg();
    let ripple = x.checked_add(low)?;
    Some(ripple | (((x ^ ripple) >> 2) / low))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subsets_of_a_size_come_in_order() {
        let mut x = 0b0111;
        let mut seen = vec![x];
        while let Some(next) = next_subset(x).filter(|&s| s < 1 << 5) {
            seen.push(next);
            x = next;
        }
        assert_eq!(seen.len(), 10); // C(5, 3)
        assert!(seen
            .windows(2)
            .all(|p| p[0] < p[1] && p[1].count_ones() == 3));
        assert_eq!(next_subset(0), None);
        assert_eq!(next_subset(0xf000_0000), None);
    }

    #[test]
    fn the_row_sets_and_their_weights_cover_every_row_set_once() {
        for n in [5u32, 8, 9, 16] {
            let join = Join::new(n, Kernel::Portable).unwrap();
            let covered: u64 = join.units().iter().map(|unit| unit.weight).sum();
            let all = (0u32..1 << n)
                .filter(|s| s.count_ones() == n - n / 2)
                .count();
            assert_eq!(covered, all as u64, "n = {}", n);
        }
    }
}
