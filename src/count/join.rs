//! Counting by joining half boards: the total number of placements without searching the
//! whole board row by row.
//!
//! # The idea
//!
//! Every row holds one queen, either in the *east* half of the board (the right columns) or
//! in the *west* half. Fix the set `E` of rows whose queens stand east; the east half must then
//! put one queen in each of its columns using exactly the rows of `E`, the west half likewise
//! with the other rows, and the two halves fit together exactly when no diagonal is used by
//! both. So, for each `E`:
//!
//! 1. list every *east half-placement* on the rows of `E`, keeping only the diagonals it uses
//!    (two 32-bit masks in one `u64`);
//! 2. search the west half-placements column by column, from the middle of the board outward,
//!    and carry along the east half-placements still compatible with the west queens placed so
//!    far: each west queen filters the list, and each complete west half adds the length of
//!    what is left.
//!
//! Step 2 is a join with early filtering: a west queen next to the middle blocks diagonals that
//! many east half-placements use, so the list shrinks fast and the deep, numerous nodes of the
//! west search see short lists. Step 1 shares work between the sets `E`: the rows are decided
//! one at a time (east or west), and the partial east placements of a row prefix are extended
//! once, for all the sets `E` that begin with it.
//!
//! Symmetry: turning the board upside down maps `E` to its reverse, and reflecting it left to
//! right swaps the halves, mapping `E` to the other rows; both keep the number of placements,
//! so only the smallest `E` of each group of up to 4 is joined, weighted by the size of its
//! group. The last row (the highest index, decided first) is therefore always west.
//!
//! On a board of odd size the middle column belongs to neither half. Either a queen stands in
//! the centre (it then blocks its diagonals and the rest is split as above, with the same
//! symmetry), or the middle row's queen and the middle column's queen stand apart: those two
//! are fixed first, one pair of positions per class under the 8 symmetries of the square,
//! weighted by the size of its class.
//!
//! This is the approach of E. Kluev's N-Queens-Count-Sol (which builds the halves from
//! precomputed quarters and joins them with SIMD matchers); the filtering join and the shared
//! enumeration here are this crate's own.
//!
//! # Threads
//!
//! The first rows' east/west choices of each fixed part split the work into independent
//! units, always the same list for the same `n`, handed out one at a time by [`super::work`]
//! like the sub-problems of [`super::symmetric`]: about 500 on an even board (the east/west
//! choices of 10 rows, half of them folded away by symmetry), 1000 to 1800 on an odd one.

use super::symmetry::transform;
use super::work::{self, Options, ThreadError};

/// Counts the placements of `n` queens by joining half boards, on one thread.
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
/// Exponential, like every exact count; at n = 16 about a fifth of the time of the
/// mirror-halved search [`crate::judge::count`] (753 against 3400 ms in the README's
/// benchmark). Memory: the east
/// half-placements of one row set, a few thousand at n = 16.
///
/// # Example
///
/// ```
/// assert_eq!(nqueens::count::join::count(8), 92);
/// assert_eq!(nqueens::count::join::count(13), 73712);
/// ```
pub fn count(n: u32) -> u64 {
    match count_with(n, &Options::default()) {
        Ok(total) => total,
        Err(_) => unreachable!("one thread: nothing is spawned"),
    }
}

/// Counts the placements of `n` queens by joining half boards, as `options` say: on several
/// threads, or one slice of the work.
///
/// # Constraints
///
/// `n <= 32`; no board (reserved squares break the symmetry the join relies on: use
/// [`super::symmetric::count_with`] or [`super::total_with`]); with a part `(k, m)`,
/// `1 <= k <= m`.
///
/// # Panics
///
/// Panics if `n > 32`, if `options.board` is set, or if the part is not `1 <= k <= m`.
///
/// # Errors
///
/// [`ThreadError`] if a worker thread cannot be started.
///
/// # Complexity
///
/// That of [`count`], divided among the threads.
///
/// # Example
///
/// ```
/// use nqueens::count::Options;
///
/// let sum: u64 = (1..=4)
///     .map(|k| nqueens::count::join::count_with(12, &Options { part: Some((k, 4)), ..Options::default() }).unwrap())
///     .sum();
/// assert_eq!(sum, 14200);
/// ```
pub fn count_with(n: u32, options: &Options<'_>) -> Result<u64, ThreadError> {
    options.check(n, "join");
    assert!(
        options.board.is_none(),
        "join: a board with reserved squares has no symmetry to join by"
    );
    if n == 0 {
        // One empty placement.
        return Ok(u64::from(options.holds_the_empty_board()));
    }
    let jobs = jobs(n as usize);
    let units = work::slice(units(&jobs), options.part);
    work::run(&units, options.threads, options.progress, |unit| {
        jobs[unit.job].count(unit)
    })
}

/// The 32 low bits of a `u64`.
const LOW: u64 = 0xffff_ffff;

/// One fixed part of the count: the queens placed before the join (none, the centre, or the
/// middle row's and middle column's), and how the rest splits into halves.
#[derive(Debug)]
struct Job {
    n: usize,
    /// The free rows, the last (highest index) first; they are decided east or west in this
    /// order.
    rows: Vec<usize>,
    /// The free rows as a mask.
    row_mask: u32,
    /// The free columns of the east half.
    east: u32,
    /// The free columns of the west half, the one next to the middle first.
    west: Vec<usize>,
    /// Diagonals the fixed queens use: `d1` by `row + col`, `d2` by `row - col + n - 1`.
    d1: u64,
    d2: u64,
    /// Every placement of this job stands for `weight` placements of the board.
    weight: u64,
    /// Whether the row sets `E` are folded by the board's two flips (no queen fixed off the
    /// centre).
    fold: bool,
    /// Where the packed masks begin: `n - n / 2`, the lowest `row + col` and also the lowest
    /// `row - col + n - 1` that a west queen can share with an east one (each range is at most
    /// 31 long, so it fits in 32 bits).
    lo: usize,
}

/// A unit of work: one job, with the east/west choice of its first `depth` rows fixed (bit
/// `i` of `prefix` set: the `i`-th row of [`Job::rows`] is east).
#[derive(Clone, Copy, Debug)]
struct Unit {
    job: usize,
    prefix: u32,
    depth: usize,
}

/// A partial east half-placement: its columns, and its diagonals as `row + col` and
/// `col - row + n - 1` (mirrored, so that a row's attacked columns are a shift away).
#[derive(Clone, Copy, Debug)]
struct Partial {
    cols: u32,
    d1: u64,
    d2r: u64,
}

/// The jobs whose weighted counts add up to the count for `n >= 1`.
fn jobs(n: usize) -> Vec<Job> {
    let half = n / 2;
    let all = crate::judge::columns(n as u32);
    let east_cols = all & !((1u32 << (n - half)) - 1);
    let job = |fixed: &[(usize, usize)], weight: u64| {
        let mut row_mask = all;
        let mut east = east_cols;
        let (mut d1, mut d2) = (0u64, 0u64);
        let mut taken_cols = 0u32;
        for &(r, c) in fixed {
            row_mask &= !(1 << r);
            taken_cols |= 1 << c;
            d1 |= 1 << (r + c);
            d2 |= 1 << (r + n - 1 - c);
        }
        east &= !taken_cols;
        Job {
            n,
            rows: (0..n).rev().filter(|r| row_mask >> r & 1 != 0).collect(),
            row_mask,
            east,
            west: (0..half)
                .rev()
                .filter(|c| taken_cols >> c & 1 == 0)
                .collect(),
            d1,
            d2,
            weight,
            fold: fixed.iter().all(|&(r, c)| 2 * r + 1 == n && 2 * c + 1 == n),
            lo: n - half,
        }
    };
    if n % 2 == 0 {
        return vec![job(&[], 1)];
    }
    let m = half;
    let mut jobs = vec![job(&[(m, m)], 1)];
    // The middle row's queen in column a, the middle column's in row b, a != m != b and not on
    // one diagonal: one job per class of such pairs under the 8 symmetries.
    for a in (0..n).filter(|&a| a != m) {
        for b in (0..n).filter(|&b| b != m && b.abs_diff(m) != a.abs_diff(m)) {
            let mut images: Vec<(usize, usize)> = (0..8)
                .map(|g| {
                    let p = transform(g, n, (m, a));
                    let q = transform(g, n, (b, m));
                    if p.0 == m {
                        (p.1, q.0)
                    } else {
                        (q.1, p.0)
                    }
                })
                .collect();
            images.sort_unstable();
            images.dedup();
            if images[0] == (a, b) {
                jobs.push(job(&[(m, a), (b, m)], images.len() as u64));
            }
        }
    }
    jobs
}

/// The units of all jobs: the east/west choices of the first rows of each job, as many rows as
/// give the jobs 1024 prefixes or more in all (at most 10), less those folded away or unable
/// to fill their halves.
fn units(jobs: &[Job]) -> Vec<Unit> {
    let mut depth = 0;
    while (jobs.len() << depth) < 1024 && depth < 10 {
        depth += 1;
    }
    let mut units = Vec::new();
    for (j, job) in jobs.iter().enumerate() {
        let depth = depth.min(job.rows.len());
        let east_rows = job.east.count_ones() as usize;
        let west_rows = job.rows.len() - east_rows;
        for prefix in 0u32..1 << depth {
            let east = prefix.count_ones() as usize;
            let folded_away = job.fold && prefix & 1 != 0;
            if east <= east_rows && depth - east <= west_rows && !folded_away {
                units.push(Unit {
                    job: j,
                    prefix,
                    depth,
                });
            }
        }
    }
    units
}

/// Reusable lists for one unit's search.
struct Scratch {
    /// The partial east placements after each row decision.
    partials: Vec<Vec<Partial>>,
    /// The packed east half-placements still compatible after each west queen.
    lists: Vec<Vec<u64>>,
}

impl Job {
    /// The weighted count of one unit.
    fn count(&self, unit: &Unit) -> u64 {
        let mut scratch = Scratch {
            partials: vec![Vec::new(); self.rows.len() + 1],
            lists: vec![Vec::new(); self.west.len() + 1],
        };
        scratch.partials[0].push(Partial {
            cols: 0,
            d1: self.d1,
            d2r: mirror_diagonals(self.d2, self.n),
        });
        let mut set = 0u32;
        let mut need = self.east.count_ones() as usize;
        for i in 0..unit.depth {
            if unit.prefix >> i & 1 != 0 {
                if !self.extend(&mut scratch.partials, i) {
                    return 0;
                }
                set |= 1 << self.rows[i];
                need -= 1;
            } else {
                keep(&mut scratch.partials, i);
            }
        }
        self.decide(&mut scratch, unit.depth, set, need)
    }

    /// Decides rows `i..` east or west; `set` holds the east rows so far, `need` how many more
    /// east rows the east columns need.
    fn decide(&self, scratch: &mut Scratch, i: usize, set: u32, need: usize) -> u64 {
        if need == 0 {
            return self.join(scratch, i, set);
        }
        let left = self.rows.len() - i;
        let mut total = 0;
        if left > need {
            keep(&mut scratch.partials, i);
            total += self.decide(scratch, i + 1, set, need);
        }
        if self.extend(&mut scratch.partials, i) {
            total += self.decide(scratch, i + 1, set | 1 << self.rows[i], need - 1);
        }
        total
    }

    /// Puts the east queen of row `rows[i]` in every way on every partial placement of level
    /// `i`, into level `i + 1`; false if none fits.
    fn extend(&self, partials: &mut [Vec<Partial>], i: usize) -> bool {
        let (before, after) = partials.split_at_mut(i + 1);
        let (from, to) = (&before[i], &mut after[0]);
        let (n, row) = (self.n, self.rows[i]);
        to.clear();
        for p in from {
            let attacked = (p.d1 >> row) as u32 | (p.d2r >> (n - 1 - row)) as u32;
            let mut free = self.east & !p.cols & !attacked;
            while free != 0 {
                let col = free.trailing_zeros() as usize;
                free &= free - 1;
                to.push(Partial {
                    cols: p.cols | 1 << col,
                    d1: p.d1 | 1 << (row + col),
                    d2r: p.d2r | 1 << (col + n - 1 - row),
                });
            }
        }
        !to.is_empty()
    }

    /// With the east rows `set` decided (level `i` holding their east half-placements), counts
    /// the west half-placements on the other rows against them, weighted.
    fn join(&self, scratch: &mut Scratch, i: usize, set: u32) -> u64 {
        let weight = if self.fold {
            fold_weight(set, self.row_mask, self.n)
        } else {
            1
        };
        if weight == 0 {
            return 0;
        }
        let east = &scratch.partials[i];
        if self.west.is_empty() {
            return self.weight * weight * east.len() as u64;
        }
        let len = east.len();
        for list in &mut scratch.lists {
            if list.len() < len {
                list.resize(len, 0);
            }
        }
        for (slot, p) in scratch.lists[0].iter_mut().zip(east) {
            *slot = self.pack(p.d1, mirror_diagonals(p.d2r, self.n));
        }
        let rows = self.row_mask & !set;
        let found = self.west_search(&mut scratch.lists, len, 0, rows, self.d1, self.d2);
        self.weight * weight * found
    }

    /// Places the west queen of column `west[k]` on each free row in turn, filters the `len`
    /// east half-placements of `lists[0]` by its diagonals, and goes on to the next column;
    /// returns the number of compatible (west, east) pairs completed.
    fn west_search(
        &self,
        lists: &mut [Vec<u64>],
        len: usize,
        k: usize,
        rows: u32,
        d1: u64,
        d2: u64,
    ) -> u64 {
        let (current, deeper) = lists.split_first_mut().expect("one list per west column");
        let current = &current[..len];
        let (n, col) = (self.n, self.west[k]);
        let attacked = (d1 >> col) as u32 | (d2 >> (n - 1 - col)) as u32;
        let mut free = rows & !attacked;
        let last = k + 1 == self.west.len();
        let mut total = 0;
        while free != 0 {
            let row = free.trailing_zeros() as usize;
            free &= free - 1;
            let (a, b) = (row + col, row + n - 1 - col);
            let queen = self.pack(1 << a, 1 << b);
            if last {
                total += current
                    .iter()
                    .map(|&e| u64::from(e & queen == 0))
                    .sum::<u64>();
                continue;
            }
            let next = &mut deeper[0][..len];
            let mut kept = 0;
            for &e in current {
                // Branch-free compaction: write every entry, advance past the compatible ones.
                next[kept] = e;
                kept += usize::from(e & queen == 0);
            }
            if kept > 0 {
                total += self.west_search(
                    deeper,
                    kept,
                    k + 1,
                    rows & !(1 << row),
                    d1 | 1 << a,
                    d2 | 1 << b,
                );
            }
        }
        total
    }

    /// The diagonals a west queen can share with an east one, packed into one word from
    /// [`Job::lo`] on: `d1` in the low half, `d2` in the high half.
    fn pack(&self, d1: u64, d2: u64) -> u64 {
        (d1 >> self.lo & LOW) | (d2 >> self.lo & LOW) << 32
    }
}

/// Copies level `i`'s partial placements to level `i + 1`: the row went west.
fn keep(partials: &mut [Vec<Partial>], i: usize) {
    let (before, after) = partials.split_at_mut(i + 1);
    after[0].clear();
    after[0].extend_from_slice(&before[i]);
}

/// Turns diagonals indexed by `row - col + n - 1` into ones indexed by `col - row + n - 1`,
/// and back.
fn mirror_diagonals(d: u64, n: usize) -> u64 {
    d.reverse_bits() >> (64 - (2 * n - 1))
}

/// The weight of the east row set `set` among the free rows `all`: the number of distinct sets
/// among it, its reverse (upside down) and their complements (left to right), if `set` is
/// the smallest of them, else 0.
fn fold_weight(set: u32, all: u32, n: usize) -> u64 {
    let reverse = set.reverse_bits() >> (32 - n);
    let mut group = [set, reverse, all ^ set, all ^ reverse];
    if group.iter().any(|&g| g < set) {
        return 0;
    }
    group.sort_unstable();
    1 + group.windows(2).filter(|w| w[0] != w[1]).count() as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_row_set_weighs_the_size_of_its_group_if_it_is_the_smallest() {
        let all = 0b1111;
        // {0, 1}: reverse {2, 3}, complement {2, 3}: a group of two.
        assert_eq!(fold_weight(0b0011, all, 4), 2);
        assert_eq!(fold_weight(0b1100, all, 4), 0);
        // {0, 2}: reverse {1, 3}, complement {1, 3}.
        assert_eq!(fold_weight(0b0101, all, 4), 2);
        // {0, 3} is its own reverse; its complement {1, 2} is smaller.
        assert_eq!(fold_weight(0b1001, all, 4), 0);
        assert_eq!(fold_weight(0b0110, all, 4), 2);
        // n = 6, {0, 1, 4}: reverse {1, 4, 5}, complements {2, 3, 5} and {0, 2, 3}; the last
        // is the smallest and stands for all four.
        assert_eq!(fold_weight(0b010011, 0b111111, 6), 0);
        assert_eq!(fold_weight(0b001101, 0b111111, 6), 4);
    }

    #[test]
    fn the_fixed_pairs_of_an_odd_board_cover_every_pair_once() {
        for n in [5usize, 7, 9, 11, 13, 17] {
            let m = n / 2;
            let pairs = (0..n)
                .flat_map(|a| (0..n).map(move |b| (a, b)))
                .filter(|&(a, b)| a != m && b != m && a.abs_diff(m) != b.abs_diff(m))
                .count() as u64;
            let jobs = jobs(n);
            assert!(jobs[0].fold && jobs[0].weight == 1, "the centre job first");
            assert!(jobs[1..].iter().all(|job| !job.fold));
            let covered: u64 = jobs[1..].iter().map(|job| job.weight).sum();
            assert_eq!(covered, pairs, "n = {}", n);
        }
        assert_eq!(jobs(16).len(), 1);
    }

    #[test]
    fn mirroring_the_diagonals_twice_gives_them_back() {
        for n in [1usize, 2, 8, 17, 32] {
            let d = 0x5555_5555_5555_5555 & ((1u64 << (2 * n - 1)) - 1);
            assert_eq!(mirror_diagonals(mirror_diagonals(d, n), n), d);
        }
        // n = 4: row - col + 3 = 0 (the queen at row 0, column 3) is col - row + 3 = 6.
        assert_eq!(mirror_diagonals(1, 4), 1 << 6);
    }

    #[test]
    fn the_units_of_a_job_add_up_to_its_whole_count() {
        // Every unit of the even board, counted one by one, against the known count.
        let jobs = jobs(10);
        let total: u64 = units(&jobs).iter().map(|u| jobs[u.job].count(u)).sum();
        assert_eq!(total, 724);
    }
}
