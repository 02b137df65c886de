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
//! north rows (`⌊n/2⌋` of them) and the south ones. For the rows of `E` in a quarter, every
//! placement of a queen on each of them is listed, bucketed by the columns it uses; the east
//! halves on `E` are the north-east placements on `E`'s north rows and any column set `C`,
//! each paired with the south-east placements on `E`'s south rows and the other columns,
//! kept when they share no diagonal (one `AND` of one word each: see [`quarter`]).
//!
//! The pairs are counted **bit-sliced** ([`sliced`], [`kernel`]): the east halves
//! of `E` are transposed, 512 at a time, into one bit row per diagonal, and each west half
//! ANDs the rows of its diagonals (a few precomputed group rows) and counts the bits left: 512
//! pairs in a few vector instructions.
//!
//! Most pairs cannot fit, and from n ≈ 20 most of the time went into trying them. The
//! **sieve** ([`sieve`], Kluev's `sieveCuts`) buckets both sides of a row set by the few
//! diagonals a random pair clashes on most: an east bucket is probed only by the west buckets
//! disjoint from it on those diagonals. The number of diagonals is chosen per row set by the
//! kernel's computed cost (none for small row sets, whose few blocks it would only split):
//! a part of n = 21 counts 3.4 times faster with it, one of n = 22 3.3 times (with the
//! fixed start of a part, 0.7 s and 3.5 s, included).
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
//! lists once, for every north set of the tile. So a south list is built once per tile (a few
//! times at n = 21, each time in under a second). The halves of a row set are made and
//! counted in chunks of at most [`HALVES`] keys a side (4 Mi: 32 MB a copy), each east chunk
//! met with every west chunk (the west ones kept when they fit in one), so a row set of tens
//! of millions of halves (n = 27) takes no more memory than one of a few. [`super::run`]
//! hands the units out one at a time, so no thread waits for another.

pub mod kernel;
pub mod quarter;
pub mod sieve;
pub mod sliced;
pub mod squeeze;

use super::problem::{Ask, Problem};
use super::run::estimate::{estimate_units, Estimate, Sampled};
use super::run::{self, checkpoint::Fnv, CountError, Run, Unit};
use crate::memory::OutOfMemory;
use crate::place::rng::SplitMix64;
use kernel::Kernel;
use quarter::{Lists, Shape};
use sieve::Sieve;
use sliced::Sliced;

/// The largest `n` the join counts: 27, the largest whose count is known. (Its entries of
/// `2(n - 1) + 1` bits fit in 64 bits up to 32; past 27 nobody has a count to check it
/// against, and it would take years on a cluster.)
pub const MAX_N: u32 = 27;

/// Counts the placements of `n` queens by joining half boards, on one thread.
///
/// # Constraints
///
/// `n <= 27` ([`MAX_N`]).
///
/// # Panics
///
/// Panics if `n > 27`, or if memory runs out (see [`count_with`] for an error instead).
///
/// # Complexity
///
/// Exponential, like every exact count: docs/benchmarks.md gives the times measured and
/// estimated (`queens count N --estimate`) on this project's machine. Memory: a tile of north
/// lists (at most 24 MB), one row set's south lists, and a chunk of halves of each side (at
/// most [`HALVES`] keys, a few copies), whatever `n`.
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
/// `n <= 27` ([`MAX_N`]); with a part `(k, m)`, `1 <= k <= m`. (It counts the plain board's
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
/// let sum: u64 = (1..=4)
///     .map(|k| nqueens::count::join::count_with(12, &Run { part: Some((k, 4)), ..Run::default() }).unwrap())
///     .sum();
/// assert_eq!(sum, 14200);
/// ```
pub fn count_with(n: u32, run: &Run<'_>) -> Result<u64, CountError> {
    count_on(run.kernel.unwrap_or_else(Kernel::best), n, run)
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
    let join = Join::new(n, kernel);
    run::count_units(
        &problem,
        COUNTER,
        join.units(),
        run,
        || Ok(Scratch::new(&join)),
        |scratch, tile| Ok(join.count_tile(scratch, tile)?),
    )
}

/// The counter's name in a checkpoint.
const COUNTER: &str = "join";

/// Estimates the count of `n` queens by the join from a seeded random sample of its row sets,
/// each counted whole (from n = 24, a random slice of one, of 4^(n − 23) a row set), for
/// about `budget` ([`crate::count::run::estimate`]), on `kernel` (`None`: the fastest).
///
/// # Panics
///
/// Panics if `n > 27`.
///
/// # Errors
///
/// [`CountError`] if the quarter lists do not fit in memory.
///
/// # Complexity
///
/// About `budget` (past n = 23 each sample takes seconds).
///
/// # Example
///
/// ```
/// use std::time::Duration;
///
/// let estimate = nqueens::count::join::estimate(14, Duration::from_millis(20), 1, None).unwrap();
/// assert!((estimate.count - 365596.0).abs() < 5.0 * estimate.error.max(1.0));
/// ```
pub fn estimate(
    n: u32,
    budget: std::time::Duration,
    seed: u64,
    kernel: Option<Kernel>,
) -> Result<Estimate, CountError> {
    assert!(n <= MAX_N, "join: n = {} is above {}", n, MAX_N);
    let kernel = kernel.unwrap_or_else(Kernel::best);
    if n == 0 {
        return estimate_units(
            Ask::Total,
            &[()],
            budget,
            seed,
            || Ok(()),
            |_, _, _| {
                Ok(Sampled {
                    counts: [1, 0],
                    weight: 1.0,
                    seconds: None,
                })
            },
        );
    }
    let join = Join::new(n, kernel);
    estimate_units(
        Ask::Total,
        &join.units(),
        budget,
        seed,
        || Ok(Scratch::new(&join)),
        |scratch, tile, rng| Ok(join.sample(scratch, tile, rng)?),
    )
}

/// A unit of work: the row sets `E` of the east queens with `k` north rows, whose north rows
/// are the north sets `north` (indices into [`Join::north_sets`]`[k]`) and whose south rows are
/// the south sets `south` (indices into [`Join::south_sets`]`[k]`), each counted unless its
/// reverse is (the upside-down fold).
///
/// The north sets of a unit are a *tile*: their lists are built once by a worker and kept
/// while it counts the units of that tile, each south list is built once per unit and met with
/// every north list of the tile. Tiles hold at most [`NORTH_BYTES`] of lists, so memory does
/// not grow with the board; a south list is built once per tile.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Tile {
    k: u32,
    north: std::ops::Range<u32>,
    south: std::ops::Range<u32>,
}

impl Unit for Tile {
    fn identify(&self, hash: &mut Fnv) {
        for word in [
            self.k,
            self.north.start,
            self.north.end,
            self.south.start,
            self.south.end,
        ] {
            hash.word(u64::from(word));
        }
    }
}

/// The most bytes of north lists a tile holds (for each worker).
const NORTH_BYTES: u64 = 24 << 20;

/// The smallest `n` whose tiles are single north sets, without measuring their lists: at
/// n = 24 one north set's lists average about 15 MB (a 12×12 quarter has some 6·10⁸
/// placements over 4,096 row sets, extrapolated from the 6.7·10⁷ of an 11×11 one, about 9×
/// per row and column), and counting every set's first would take a minute or more.
const TILE_ALONE_FROM: u32 = 24;

/// The most south sets a unit holds. Each south list is built once per tile whatever the
/// units, so one set per unit costs nothing but the hand-out, and shares the work finely among
/// the threads and the checkpoint's chunks.
const SOUTH_SETS: u32 = 1;

/// The most south sets a unit holds from n = [`TILE_ALONE_FROM`], where every north set is a
/// tile: one row set per unit would make 2·10⁷ units at n = 27, 400 MB for their list alone;
/// 64 make 3·10⁵ (a unit of n = 24 is then about half a minute of work).
const SOUTH_SETS_ALONE: u32 = 64;

/// The shape of the board's cut and its four quarters.
struct Join {
    n: u32,
    /// West columns, north rows (both `⌊n/2⌋`).
    w: u32,
    /// East columns, south rows (both `n - w`).
    e: u32,
    north_west: Shape,
    south_west: Shape,
    north_east: Shape,
    south_east: Shape,
    /// For each `k`, the sets of `k` north rows, in order.
    north_sets: Vec<Vec<u32>>,
    /// For each `k`, the sets of `e - k` south rows (local: bit 0 is row `w`), in order.
    south_sets: Vec<Vec<u32>>,
    kernel: Kernel,
    /// The most halves of a side made at once ([`HALVES`]; tests take fewer).
    halves: usize,
    /// The smallest `n` whose samples are slices ([`SLICED_FROM`]; tests take less).
    sliced_from: u32,
}

/// One worker's buffers, reused from one unit to the next: the north lists of a tile (kept
/// while its units come), one row set's south lists, the halves' keys, the block.
struct Scratch {
    /// The tile (`k` and north sets) whose north lists are held, if any.
    tile: Option<(u32, std::ops::Range<u32>)>,
    /// The north-east and north-west lists of each north set of the tile.
    north: Vec<(Lists, Lists)>,
    south_west: Lists,
    south_east: Lists,
    /// The east and the west halves of a chunk (their keys), as [`pairs`] finds them.
    east: Keys,
    west: Keys,
    block: Sliced,
    sieve: Sieve,
}

impl Scratch {
    fn new(join: &Join) -> Scratch {
        Scratch {
            tile: None,
            north: Vec::new(),
            south_west: Lists::default(),
            south_east: Lists::default(),
            east: Keys::default(),
            west: Keys::default(),
            block: Sliced::new(join.key_bits().max(1) as usize),
            sieve: Sieve::default(),
        }
    }
}

impl Join {
    /// The cut of an `n`×`n` board, `n >= 1`.
    fn new(n: u32, kernel: Kernel) -> Join {
        let (w, e) = (n / 2, n - n / 2);
        // East squares off the long diagonals' east segments (the centre of an odd board is
        // on both, and stays).
        let east = |row: u32, col: u32| {
            let (row, col) = (row, col + w);
            !(row + col == n - 1 && row < w || row == col && row > n - 1 - w)
        };
        // The sets of `size` of `of` rows, in increasing order (none if `size > of`).
        let sets = |size: u32, of: u32| -> Vec<u32> {
            let mut sets = Vec::new();
            let mut set = (size <= of).then(|| (1u32 << size) - 1);
            while let Some(this) = set {
                sets.push(this);
                set = next_subset(this).filter(|&next| next < 1 << of);
            }
            sets
        };
        Join {
            n,
            w,
            e,
            north_sets: (0..=w).map(|k| sets(k, w)).collect(),
            south_sets: (0..=w).map(|k| sets(e - k, e)).collect(),
            north_west: Shape::new(n, 0, w, 0, w, |_, _| true),
            south_west: Shape::new(n, w, e, 0, w, |_, _| true),
            north_east: Shape::new(n, 0, w, w, e, east),
            south_east: Shape::new(n, w, e, w, e, |r, c| east(r + w, c)),
            kernel,
            halves: HALVES,
            sliced_from: SLICED_FROM,
        }
    }

    /// The bits of a key: the `/` and the `\` diagonals crossing the west/east line.
    fn key_bits(&self) -> u32 {
        2 * (self.n - 1)
    }

    /// The units: for each `k`, the north sets cut into tiles of at most [`NORTH_BYTES`] of
    /// lists (measured by counting each set's placements), each tile's south sets cut into
    /// runs of [`SOUTH_SETS`] ([`SOUTH_SETS_ALONE`] from n = [`TILE_ALONE_FROM`]). The same
    /// list for the same `n`.
    fn units(&self) -> Vec<Tile> {
        let mut units = Vec::new();
        let north = (1u32 << self.w) - 1;
        for k in 0..=self.w {
            let (norths, souths) = (&self.north_sets[k as usize], &self.south_sets[k as usize]);
            if norths.is_empty() || souths.is_empty() {
                continue;
            }
            let mut start = 0;
            let mut bytes = 0;
            for (i, &set) in norths.iter().enumerate() {
                // From n = TILE_ALONE_FROM a north set's lists alone fill a tile, and counting
                // them first would take minutes: each set is a tile of its own.
                let size = if self.n >= TILE_ALONE_FROM {
                    NORTH_BYTES
                } else {
                    8 * (Lists::count(&self.north_east, set)
                        + Lists::count(&self.north_west, north & !set))
                        + 8 * (1 << self.e)
                };
                if i > start && bytes + size > NORTH_BYTES {
                    self.tile_units(k, start as u32..i as u32, souths.len() as u32, &mut units);
                    (start, bytes) = (i, 0);
                }
                bytes += size;
            }
            self.tile_units(
                k,
                start as u32..norths.len() as u32,
                souths.len() as u32,
                &mut units,
            );
        }
        units
    }

    /// Adds the units of one tile: its south sets in runs.
    fn tile_units(&self, k: u32, north: std::ops::Range<u32>, souths: u32, units: &mut Vec<Tile>) {
        let mut s = 0;
        while s < souths {
            let run = if self.n >= TILE_ALONE_FROM {
                SOUTH_SETS_ALONE
            } else {
                SOUTH_SETS
            };
            let end = (s + run).min(souths);
            units.push(Tile {
                k,
                north: north.clone(),
                south: s..end,
            });
            s = end;
        }
    }

    /// Makes sure `scratch` holds the north lists of `tile`'s north sets.
    fn hold_north(&self, scratch: &mut Scratch, tile: &Tile) -> Result<(), OutOfMemory> {
        if scratch.tile.as_ref() == Some(&(tile.k, tile.north.clone())) {
            return Ok(());
        }
        scratch.tile = None;
        let north = (1u32 << self.w) - 1;
        let sets =
            &self.north_sets[tile.k as usize][tile.north.start as usize..tile.north.end as usize];
        // Lists of a bigger tile before are let go: a worker holds one tile's, no more.
        scratch.north.truncate(sets.len());
        scratch.north.resize_with(sets.len(), Default::default);
        for (&set, (east, west)) in sets.iter().zip(scratch.north.iter_mut()) {
            east.build(&self.north_east, set)?;
            west.build(&self.north_west, north & !set)?;
        }
        scratch.tile = Some((tile.k, tile.north.clone()));
        Ok(())
    }

    /// Builds the south lists of the south set `south` (local rows).
    fn build_south(&self, scratch: &mut Scratch, south: u32) -> Result<(), OutOfMemory> {
        let all = (1u32 << self.e) - 1;
        scratch.south_east.build(&self.south_east, south)?;
        scratch.south_west.build(&self.south_west, all & !south)
    }

    /// The weight of the row set of north set `north` and south set `south` in the upside-down
    /// fold: 2 if its reverse is greater (and so not counted), 1 if it is its own reverse, 0
    /// if its reverse is smaller (counted for it).
    fn fold(&self, north: u32, south: u32) -> u64 {
        let rows = north | south << self.w;
        let reverse = rows.reverse_bits() >> (32 - self.n);
        match rows.cmp(&reverse) {
            std::cmp::Ordering::Less => 2,
            std::cmp::Ordering::Equal => 1,
            std::cmp::Ordering::Greater => 0,
        }
    }

    /// Counts one unit.
    ///
    /// # Errors
    ///
    /// [`OutOfMemory`] if the lists or the halves do not fit in memory.
    fn count_tile(&self, scratch: &mut Scratch, tile: &Tile) -> Result<u64, OutOfMemory> {
        self.hold_north(scratch, tile)?;
        let norths = &self.north_sets[tile.k as usize];
        let mut total = 0;
        for &south in
            &self.south_sets[tile.k as usize][tile.south.start as usize..tile.south.end as usize]
        {
            let weight = |i: usize| self.fold(norths[tile.north.start as usize + i], south);
            if (0..tile.north.len()).all(|i| weight(i) == 0) {
                continue;
            }
            self.build_south(scratch, south)?;
            for i in 0..tile.north.len() {
                if weight(i) > 0 {
                    total += weight(i) * self.count_rows(scratch, i, tile.k, None)?;
                }
            }
        }
        Ok(total)
    }

    /// One sample of [`estimate`]: a random row set of `tile`, counted with its four lists
    /// built for it alone; its time counted with the share of list building a whole count
    /// pays for it (a south list is met with every north set of its tile, a north list with
    /// every south set). From n = [`SLICED_FROM`] a row set takes too long for a sample (a
    /// minute and more at n = 25), and the sample is one of [`Join::slices`] random slices of
    /// its east halves ([`Join::count_rows`]), weighing that many times more.
    fn sample(
        &self,
        scratch: &mut Scratch,
        tile: &Tile,
        rng: &mut SplitMix64,
    ) -> Result<Sampled, OutOfMemory> {
        let (tile_norths, souths) = (tile.north.len(), tile.south.len());
        let i = tile.north.start + rng.below(tile_norths as u64) as u32;
        let j = tile.south.start as usize + rng.below(souths as u64) as usize;
        let (north, south) = (
            self.north_sets[tile.k as usize][i as usize],
            self.south_sets[tile.k as usize][j],
        );
        let weight = self.fold(north, south);
        let slices = self.slices();
        let slice = rng.below(slices);
        let pairs = (tile_norths * souths) as f64 * slices as f64;
        if weight == 0 {
            return Ok(Sampled {
                counts: [0, 0],
                weight: pairs,
                seconds: Some(0.0),
            });
        }
        let started = std::time::Instant::now();
        let single = Tile {
            k: tile.k,
            north: i..i + 1,
            south: j as u32..j as u32 + 1,
        };
        self.hold_north(scratch, &single)?;
        let built_north = started.elapsed().as_secs_f64();
        self.build_south(scratch, south)?;
        let built_south = started.elapsed().as_secs_f64() - built_north;
        let counted = weight * self.count_rows(scratch, 0, tile.k, Some((slice, slices)))?;
        let all_south = self.south_sets[tile.k as usize].len() as f64;
        let seconds = started.elapsed().as_secs_f64() - built_north - built_south
            + (built_north / all_south + built_south / tile_norths as f64) / slices as f64;
        Ok(Sampled {
            counts: [counted, 0],
            weight: pairs,
            seconds: Some(seconds),
        })
    }

    /// The slices a sample of [`estimate`] cuts a row set into: 1 below [`SLICED_FROM`], then
    /// 4 times more for each n (256 at n = 27), about as fast as the row sets grow.
    fn slices(&self) -> u64 {
        4u64.pow(self.n.saturating_sub(self.sliced_from - 1))
    }

    /// The placements whose east queens stand on the rows of the `i`-th north set of the
    /// held tile (of `k` rows) and of the south set whose lists are built, counted with the
    /// weights of the long diagonals; with `slice = Some((j, s))`, only the east halves whose
    /// north-east quarter uses one of the `j`-th of `s` equal runs of its column sets (a
    /// sample of [`estimate`]).
    ///
    /// The halves are made and counted in chunks of about [`HALVES`] keys a side, so a row
    /// set takes bounded memory however many halves it has (tens of millions at n = 27).
    ///
    /// # Errors
    ///
    /// [`OutOfMemory`] if the halves do not fit in memory.
    fn count_rows(
        &self,
        scratch: &mut Scratch,
        i: usize,
        k: u32,
        slice: Option<(u64, u64)>,
    ) -> Result<u64, OutOfMemory> {
        let (n, w, e) = (self.n, self.w, self.e);
        let (north_east, north_west) = &scratch.north[i];
        if north_east.is_empty() || north_west.is_empty() {
            return Ok(0);
        }
        let key_bits = self.key_bits();
        // West halves: each weighing 2 for each west segment of a long diagonal it uses
        // (`row + col = n - 1` and, if the west half has columns, `row = col`).
        let anti = n - 1 - w;
        let main = (n - 1 + w).saturating_sub(1);
        let main_too = u64::from(w > 0);
        let weight = |key: u64| ((key >> anti & 1) + (key >> main & main_too)) as usize;
        let mut east_at = match slice {
            None => Cursor::all(k, e),
            Some((j, s)) => Cursor::slice(k, e, j, s),
        };
        let mut west_whole = false;
        let mut total = 0;
        while !east_at.done() {
            scratch.east.clear();
            pairs(
                north_east,
                &scratch.south_east,
                e,
                key_bits,
                &mut scratch.east,
                &mut east_at,
                self.halves,
            )?;
            if scratch.east.is_empty() {
                continue;
            }
            // Every west chunk against this east chunk; the west halves are made once when
            // they fit in one chunk, and held.
            let mut west_at = Cursor::all(w - k, w);
            let mut chunks = 0;
            loop {
                if !west_whole {
                    scratch.west.clear();
                    pairs(
                        north_west,
                        &scratch.south_west,
                        w,
                        key_bits,
                        &mut scratch.west,
                        &mut west_at,
                        self.halves,
                    )?;
                    chunks += 1;
                }
                total += scratch.sieve.count(
                    scratch.east.keys(),
                    scratch.west.keys(),
                    weight,
                    key_bits,
                    &mut scratch.block,
                    self.kernel,
                )?;
                if west_whole || west_at.done() {
                    break;
                }
            }
            west_whole = west_whole || chunks == 1;
        }
        Ok(total)
    }
}

/// The smallest `n` whose estimate samples slices of row sets, not whole ones.
const SLICED_FROM: u32 = 24;

/// The most halves of a side made at once (32 MB of keys; a row set with more is counted in
/// chunks, each side's chunk met with each of the other's).
pub const HALVES: usize = 1 << 22;

/// Where a walk over the column sets of a half's north quarter stands: the next column set,
/// the next of its north placements, and how many column sets are left to visit.
struct Cursor {
    cols: Option<u32>,
    top: usize,
    left: u64,
    /// The half's width: column sets stay below `2^width`.
    width: u32,
}

impl Cursor {
    /// Every column set of `k` of `width` columns, in increasing order.
    fn all(k: u32, width: u32) -> Cursor {
        Cursor {
            cols: (k <= width).then(|| (1u32 << k) - 1),
            top: 0,
            left: u64::MAX,
            width,
        }
    }

    /// The `j`-th of `s` runs of the column sets of `k` of `width` columns, as equal as they
    /// can be (some empty when there are fewer sets than runs).
    fn slice(k: u32, width: u32, j: u64, s: u64) -> Cursor {
        let sets = binomial(width, k);
        let (from, to) = (sets * j / s, sets * (j + 1) / s);
        let mut cursor = Cursor::all(k, width);
        for _ in 0..from {
            cursor.step();
        }
        cursor.left = to - from;
        cursor
    }

    fn done(&self) -> bool {
        self.cols.is_none() || self.left == 0
    }

    /// Moves on to the next column set.
    fn step(&mut self) {
        self.top = 0;
        let all = (1u64 << self.width) - 1;
        self.cols = self
            .cols
            .and_then(next_subset)
            .filter(|&next| u64::from(next) <= all);
        self.left = self.left.saturating_sub(1);
    }
}

/// The number of ways to choose `k` of `n`.
fn binomial(n: u32, k: u32) -> u64 {
    if k > n {
        return 0;
    }
    (0..u64::from(k)).fold(1, |c, i| c * (u64::from(n) - i) / (i + 1))
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

/// Adds to `fitting` the key of every half of `width` columns made of a north placement in
/// `upper` and a south one in `lower` (on the other columns) that share no diagonal crossing
/// the north/south line, for the north placements from `cursor` on, until it is done or
/// `fitting` holds `limit` keys (one north placement's halves are always finished: it may
/// hold a few more).
fn pairs(
    upper: &Lists,
    lower: &Lists,
    width: u32,
    key_bits: u32,
    fitting: &mut Keys,
    cursor: &mut Cursor,
    limit: usize,
) -> Result<(), OutOfMemory> {
    let all = (1u32 << width) - 1;
    let key_mask = (1u64 << key_bits) - 1;
    while let Some(cols) = cursor.cols.filter(|_| cursor.left > 0) {
        let tops = upper.bucket(cols);
        if !tops.is_empty() {
            let bottoms = lower.bucket(all & !cols);
            // A column set may hold millions of halves: the chunk may end inside it.
            while let Some(&a) = tops.get(cursor.top) {
                if fitting.len >= limit {
                    return Ok(());
                }
                fitting.make_room(bottoms.len())?;
                for b in bottoms {
                    fitting.push_if((a | b) & key_mask, a & b == 0);
                }
                cursor.top += 1;
            }
        }
        cursor.step();
    }
    Ok(())
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

    /// Every row set of `join`, counted by `count(join, scratch, i, k)` after its lists are
    /// built, with the fold's weights.
    fn by_row_sets(join: &Join, count: impl Fn(&Join, &mut Scratch, usize, u32) -> u64) -> u64 {
        let mut scratch = Scratch::new(join);
        let mut total = 0;
        for tile in join.units() {
            join.hold_north(&mut scratch, &tile).unwrap();
            for j in tile.south.clone() {
                let south = join.south_sets[tile.k as usize][j as usize];
                join.build_south(&mut scratch, south).unwrap();
                for (i, north) in tile.north.clone().enumerate() {
                    let north = join.north_sets[tile.k as usize][north as usize];
                    let weight = join.fold(north, south);
                    if weight > 0 {
                        total += weight * count(join, &mut scratch, i, tile.k);
                    }
                }
            }
        }
        total
    }

    #[test]
    fn halves_made_in_small_chunks_count_the_same() {
        for n in [8u32, 11, 12, 13] {
            for halves in [1, 7, 100] {
                let mut join = Join::new(n, Kernel::Portable);
                join.halves = halves;
                let total = by_row_sets(&join, |join, scratch, i, k| {
                    join.count_rows(scratch, i, k, None).unwrap()
                });
                assert_eq!(
                    total,
                    crate::judge::KNOWN_COUNTS[n as usize],
                    "n = {}, {} halves",
                    n,
                    halves
                );
            }
        }
    }

    #[test]
    fn the_slices_of_a_row_set_add_up_to_it() {
        for n in [9u32, 12, 13] {
            for slices in [1u64, 3, 7, 5000] {
                let join = Join::new(n, Kernel::Portable);
                let total = by_row_sets(&join, |join, scratch, i, k| {
                    (0..slices)
                        .map(|j| join.count_rows(scratch, i, k, Some((j, slices))).unwrap())
                        .sum()
                });
                assert_eq!(
                    total,
                    crate::judge::KNOWN_COUNTS[n as usize],
                    "n = {}, {} slices",
                    n,
                    slices
                );
            }
        }
        assert_eq!(binomial(14, 7), 3432);
        assert_eq!(binomial(5, 0), 1);
        assert_eq!(binomial(3, 4), 0);
    }

    #[test]
    fn an_estimate_from_slices_of_row_sets_is_near_the_count() {
        let mut join = Join::new(13, Kernel::Portable);
        join.sliced_from = 11; // 4³ = 64 slices a row set
        assert_eq!(join.slices(), 64);
        // 2000 seeded samples, as `estimate_units` takes them, without its clock.
        let units = join.units();
        let mut scratch = Scratch::new(&join);
        let mut rng = SplitMix64::new(7);
        let values: Vec<f64> = (0..2000)
            .map(|_| {
                let unit = &units[rng.below(units.len() as u64) as usize];
                let sampled = join.sample(&mut scratch, unit, &mut rng).unwrap();
                sampled.counts[0] as f64 * sampled.weight * units.len() as f64
            })
            .collect();
        let mean = values.iter().sum::<f64>() / values.len() as f64;
        let variance =
            values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (values.len() - 1) as f64;
        let error = (variance / values.len() as f64).sqrt();
        assert!(error > 0.0);
        assert!((mean - 73712.0).abs() < 4.0 * error, "{} ± {}", mean, error);
    }

    #[test]
    fn the_row_sets_and_their_weights_cover_every_row_set_once() {
        for n in [1u32, 5, 8, 9, 16] {
            let join = Join::new(n, Kernel::Portable);
            let mut seen = std::collections::HashSet::new();
            let mut covered = 0;
            for tile in join.units() {
                for i in tile.north.clone() {
                    for j in tile.south.clone() {
                        let north = join.north_sets[tile.k as usize][i as usize];
                        let south = join.south_sets[tile.k as usize][j as usize];
                        assert!(seen.insert((north, south)), "n = {}: twice", n);
                        covered += join.fold(north, south);
                    }
                }
            }
            let all = (0u32..1 << n)
                .filter(|s| s.count_ones() == n - n / 2)
                .count();
            assert_eq!(seen.len(), all, "n = {}", n);
            assert_eq!(covered, all as u64, "n = {}", n);
        }
    }
}
