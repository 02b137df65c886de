//! Second counts of a part of the join. [`recount_mirrored`] is the join again, through the
//! upside-down image of every row set the part counts: other lists, batches and cuts, about
//! the part's own cost, so every part can be checked on another machine. [`recount`] and
//! [`recount_row_sets`] are a method that shares none of the join's counting code: a plain
//! depth-first search row by row in bit masks, restricted to the part's row sets (or to a
//! seeded sample of them). No quarter lists, no halves, no sieve, no SIMD kernel; only the
//! plan (which units a part holds, the definition of a part) is the join's.
//!
//! # What a unit of the join counts
//!
//! A unit is a set of *row sets* `E` (the rows whose queen stands in the east half, the
//! columns `⌊n/2⌋..n`), every pair of its north sets and south sets. For each `E`, it counts
//! the placements whose east queens stand exactly on the rows of `E`, folded by two symmetries
//! (see [`super::join`]):
//!
//! - *upside down*: `E` counts twice if its reverse (row `r` to row `n - 1 - r`) is larger,
//!   once if it is its own reverse, not at all if it is smaller;
//! - *the long diagonals*: a placement with an east queen on the east segment of either long
//!   diagonal is not counted, and one counts twice for each west queen on a long diagonal.
//!
//! The search here walks the rows in order, each queen east or west as `E` allows, and counts
//! each placement it reaches with those weights. The sum over all units is the count of the
//! whole board: the tests check it against the other counters, and each part against the
//! join's count of it.
//!
//! # Example
//!
//! ```
//! use nqueens::count::{join, recheck, Run};
//!
//! let part = (2, 5);
//! let by_join = join::count_with(13, &Run { part: Some(part), ..Run::default() }).unwrap();
//! assert_eq!(recheck::recount(13, part, 2).unwrap(), by_join);
//! ```

use super::join::{self, unit_row_sets};
use super::run::workers::{share_out, Threads};
use super::CountError;
use std::collections::BTreeMap;

/// The largest `n` the second method recounts: the join's.
pub const MAX_N: u32 = join::MAX_N;

/// The smallest `n` whose parts the join counts (smaller totals are counted by the symmetric
/// search, whose parts are other units).
pub const MIN_N: u32 = super::JOIN_FROM;

/// Panics unless `MIN_N <= n <= MAX_N`: the join's parts that can be re-counted.
fn check_n(n: u32) {
    assert!(
        (MIN_N..=MAX_N).contains(&n),
        "recheck: n = {} is outside {}..={}",
        n,
        MIN_N,
        MAX_N
    );
}

/// Re-counts part `(k, m)` of the join's count of `n` by the join itself, through the
/// upside-down image of every row set the part counts (other quarter lists, batches and cuts
/// of the sieve), on up to `threads` threads: a check of every part at about its own cost,
/// against faults of the machine that counted it (a core, a bit of memory), not against a
/// fault of the join's method (the plain search, [`recount`], is that check).
///
/// # Panics
///
/// Panics unless `MIN_N <= n <= MAX_N` and `1 <= k <= m`.
///
/// # Errors
///
/// [`CountError::Memory`] if the plan, the lists or the halves do not fit in memory.
///
/// # Complexity
///
/// About the join's time for the part.
///
/// # Example
///
/// ```
/// use nqueens::count::{join, recheck, Run};
///
/// let part = (3, 7);
/// let by_join = join::count_with(14, &Run { part: Some(part), ..Run::default() }).unwrap();
/// assert_eq!(recheck::recount_mirrored(14, part, 2).unwrap(), by_join);
/// ```
pub fn recount_mirrored(n: u32, (k, m): (u64, u64), threads: usize) -> Result<u128, CountError> {
    check_n(n);
    join::count_mirrored(n, (k, m), threads, join::Kernel::best())
}

/// Re-counts part `(k, m)` of the join's count of `n` queens by the plain search, on up to
/// `threads` threads (its units shared out).
///
/// # Panics
///
/// Panics unless `MIN_N <= n <= MAX_N` and `1 <= k <= m`.
///
/// # Errors
///
/// [`CountError::Memory`] if the plan does not fit in memory.
///
/// # Complexity
///
/// The placements of the part's row sets and the dead ends of their search: 100 to 150 times
/// the join's time for the same part at N = 17 to 20 (it shares none of the join's pruning).
pub fn recount(n: u32, (k, m): (u64, u64), threads: usize) -> Result<u128, CountError> {
    check_n(n);
    assert!(
        1 <= k && k <= m,
        "recheck: part {}/{} is not 1 <= k <= m",
        k,
        m
    );
    // The units of one tile share its north sets: searched together, the north rows are
    // searched once for all their south sets, not once per unit.
    let mut tiles: BTreeMap<Vec<u32>, Vec<u32>> = BTreeMap::new();
    for (north, south) in unit_row_sets(n, Some((k, m)), None)? {
        tiles.entry(north).or_default().extend(south);
    }
    let units: Vec<(Vec<u32>, Vec<u32>)> = tiles.into_iter().collect();
    let threads = Threads {
        wanted: threads,
        fewer: None,
    };
    share_out(
        &units,
        threads,
        None,
        || Ok(()),
        |_, (north, south)| Ok(Unit::new(n, north, south).count()),
    )
}

/// One row set of a part re-counted by both methods: the join's count of it on this machine
/// and the search's, each weighed by the upside-down fold as the part counts it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RowSetCheck {
    /// Its north set (bit `r`: the queen of row `r` stands in the east half).
    pub north: u32,
    /// Its south set (bit `r`: that of row `⌊n/2⌋ + r` does).
    pub south: u32,
    /// The join's count of it.
    pub by_join: u128,
    /// The search's count of it.
    pub by_search: u128,
}

/// Re-counts a seeded sample of the row sets of part `(k, m)` of the join's count of `n`,
/// about `share` of them, each by the plain search and by the join alone (its lists, batches
/// and a kernel this CPU runs, each kernel a share of the row sets), on up to `threads`
/// threads: a check of the join's method where a search can afford to look (a row set, not a
/// part), across the paths the join takes at that `n` (lists in parts and the crew where `n`
/// takes them). A row set is chosen by `seed`, `n` and its rows alone.
///
/// # Panics
///
/// Panics unless `MIN_N <= n <= MAX_N`, `1 <= k <= m` and `0 < share <= 1`.
///
/// # Errors
///
/// [`CountError::Memory`] if the plan, the lists or the halves do not fit in memory.
///
/// # Complexity
///
/// The search of the row sets chosen (100 to 150 times the join's time for them), and the
/// join's.
///
/// # Example
///
/// ```
/// use nqueens::count::recheck;
///
/// let checks = recheck::recount_row_sets(13, (2, 3), 0.2, 7, 2).unwrap();
/// assert!(!checks.is_empty());
/// assert!(checks.iter().all(|c| c.by_join == c.by_search));
/// ```
pub fn recount_row_sets(
    n: u32,
    (k, m): (u64, u64),
    share: f64,
    seed: u64,
    threads: usize,
) -> Result<Vec<RowSetCheck>, CountError> {
    check_n(n);
    assert!(
        1 <= k && k <= m,
        "recheck: part {}/{} is not 1 <= k <= m",
        k,
        m
    );
    assert!(share > 0.0 && share <= 1.0, "recheck: a share of {}", share);
    let mut chosen = Vec::new();
    for (norths, souths) in unit_row_sets(n, Some((k, m)), None)? {
        for &north in &norths {
            for &south in &souths {
                if counted(n, (north, south)) && row_set_chosen(seed, share, n, (north, south)) {
                    crate::memory::push(&mut chosen, (north, south), "the row sets chosen")?;
                }
            }
        }
    }
    let threads = Threads {
        wanted: threads,
        fewer: None,
    };
    share_out(
        &chosen,
        threads,
        None,
        || Ok(()),
        |_, &(north, south)| {
            // Each kernel this CPU runs takes its share of the row sets, as the parts were
            // counted on machines with one or another.
            let kernels = join::Kernel::available();
            let kernel = kernels[(north ^ south.rotate_left(16)) as usize % kernels.len()];
            let by_join = join::count_row_set(n, (north, south), kernel)?;
            let by_search = Unit::new(n, &[north], &[south]).count();
            Ok(Checks(vec![RowSetCheck {
                north,
                south,
                by_join,
                by_search,
            }]))
        },
    )
    .map(|Checks(mut checks)| {
        checks.sort_by_key(|c| (c.north, c.south));
        checks
    })
}

/// The checks of row sets gathered from the threads.
#[derive(Default)]
struct Checks(Vec<RowSetCheck>);

impl std::ops::AddAssign for Checks {
    fn add_assign(&mut self, more: Checks) {
        self.0.extend(more.0);
    }
}

/// Whether the part counts the row set `(north, south)` of `n` itself (not as the reverse of
/// another: the upside-down fold).
fn counted(n: u32, (north, south): (u32, u32)) -> bool {
    let rows = north | south << (n / 2);
    rows <= rows.reverse_bits() >> (32 - n)
}

/// Whether the seeded sample of `share` takes the row set `(north, south)` of `n`.
fn row_set_chosen(seed: u64, share: f64, n: u32, (north, south): (u32, u32)) -> bool {
    if share >= 1.0 {
        return true;
    }
    let mut hash = crate::count::run::checkpoint::Fnv::new();
    for word in [seed, u64::from(n), u64::from(north), u64::from(south)] {
        hash.word(word);
    }
    let mixed = crate::rng::SplitMix64::new(hash.finish()).next_u64();
    (mixed as f64) < share * (u64::MAX as f64)
}

/// One unit's search: which prefixes of the row sets may still be completed.
///
/// The rows are searched from the side of the board whose row sets are fewer (the top when a
/// unit has few north sets, the bottom when it has few south sets), so that the first half
/// searched is the narrow one. Searching from the bottom is searching the board turned upside
/// down: the columns stay, the long diagonals' east segments and west segments map onto each
/// other, and only the row set changes (reversed).
struct Unit {
    n: u32,
    /// West columns: `⌊n/2⌋`.
    w: u32,
    /// Rows of the first half searched.
    top: u32,
    /// `top_ok[d][p]`: some set of the first half has `p` on its first `d` rows searched.
    top_ok: Vec<Vec<bool>>,
    /// The sets of the second half searched.
    bottom_sets: Vec<u32>,
    /// Searched from the bottom: the row set is the searched one reversed.
    upside_down: bool,
    /// For each set of the first half met, the prefix table of the second half's sets that
    /// make with it a row set the fold counts (`bottom[d][p]`: one has `p` on its first `d`
    /// rows): the others are never searched.
    bottoms: std::cell::RefCell<std::collections::HashMap<u32, std::rc::Rc<Prefixes>>>,
}

/// `ok[d][p]`: some set has `p` on its first `d` rows.
type Prefixes = Vec<Vec<bool>>;

/// The prefix table of `sets` of `rows` rows.
fn prefixes(sets: &[u32], rows: u32) -> Prefixes {
    (0..=rows)
        .map(|d| {
            let mut ok = vec![false; 1 << d];
            for &set in sets {
                ok[(set & ((1u32 << d) - 1)) as usize] = true;
            }
            ok
        })
        .collect()
}

impl Unit {
    fn new(n: u32, norths: &[u32], souths: &[u32]) -> Unit {
        let (w, e) = (n / 2, n - n / 2);
        let reversed = |sets: &[u32], rows: u32| -> Vec<u32> {
            sets.iter()
                .map(|set| set.reverse_bits() >> (32 - rows))
                .collect()
        };
        let upside_down = souths.len() < norths.len();
        let (top, top_sets, bottom_sets) = if upside_down {
            (e, reversed(souths, e), reversed(norths, w))
        } else {
            (w, norths.to_vec(), souths.to_vec())
        };
        Unit {
            n,
            w,
            top,
            top_ok: prefixes(&top_sets, top),
            bottom_sets,
            upside_down,
            bottoms: Default::default(),
        }
    }

    /// The prefix table of the second half's sets that make with the first half's set `first`
    /// a row set the fold counts (weight above 0).
    fn bottom_for(&self, first: u32) -> std::rc::Rc<Prefixes> {
        if let Some(table) = self.bottoms.borrow().get(&first) {
            return std::rc::Rc::clone(table);
        }
        let n = self.n;
        let counted: Vec<u32> = self
            .bottom_sets
            .iter()
            .copied()
            .filter(|&second| {
                let searched = first | second << self.top;
                let east = match self.upside_down {
                    true => searched.reverse_bits() >> (32 - n),
                    false => searched,
                };
                fold(east, n) > 0
            })
            .collect();
        let table = std::rc::Rc::new(prefixes(&counted, n - self.top));
        self.bottoms
            .borrow_mut()
            .insert(first, std::rc::Rc::clone(&table));
        table
    }

    fn count(&self) -> u128 {
        let full = if self.n == 32 {
            u32::MAX
        } else {
            (1u32 << self.n) - 1
        };
        self.search(0, full, (0, 0, 0), 0, 0, &[])
    }

    /// The weighted placements below row `row` (of the board as searched), with the columns
    /// and diagonals taken, `east` the rows whose queen stands east so far, and `doubled` the
    /// west queens on a long diagonal so far.
    /// `bottom` is the second half's prefix table for the first half's set (empty above it).
    fn search(
        &self,
        row: u32,
        full: u32,
        (cols, left, right): (u32, u32, u32),
        east: u32,
        doubled: u32,
        bottom: &[Vec<bool>],
    ) -> u128 {
        let (n, w, top) = (self.n, self.w, self.top);
        if row == n {
            let east = match self.upside_down {
                true => east.reverse_bits() >> (32 - n),
                false => east,
            };
            return fold(east, n) << doubled;
        }
        // Past the first half, only the second half's sets that make a counted row set with
        // it are searched.
        let entered;
        let bottom = match row == top {
            true => {
                entered = self.bottom_for(east);
                &entered[..]
            }
            false => bottom,
        };
        // Which sides this row's queen may stand on, as the row sets allow: the columns of
        // the other side are never tried.
        let allowed = |is_east: bool| {
            let sides = east | u32::from(is_east) << row;
            if row < top {
                self.top_ok[row as usize + 1][(sides & ((2u32 << row) - 1)) as usize]
            } else {
                let d = row - top + 1;
                bottom[d as usize][((sides >> top) & ((1u32 << d) - 1)) as usize]
            }
        };
        let west_columns = (1u32 << w) - 1;
        let mut sides = 0;
        if allowed(false) {
            sides |= west_columns;
        }
        if allowed(true) {
            sides |= full & !west_columns;
        }
        let mut free = full & !(cols | left | right) & sides;
        if row == n - 1 {
            return self.last_row(free, east, doubled);
        }
        let mut sum = 0;
        while free != 0 {
            let bit = free & free.wrapping_neg();
            free ^= bit;
            let col = bit.trailing_zeros();
            let is_east = col >= w;
            // The long diagonals' east segments hold no east queen (the centre square of an
            // odd board is on both and is kept). Turned upside down, the two segments map
            // onto each other: the same test holds.
            if is_east && (row + col == n - 1 && row < w || row == col && row > n - 1 - w) {
                continue;
            }
            let on_long =
                u32::from(!is_east && row + col == n - 1) + u32::from(!is_east && row == col);
            sum += self.search(
                row + 1,
                full,
                (cols | bit, (left | bit) << 1 & full, (right | bit) >> 1),
                east | u32::from(is_east) << row,
                doubled + on_long,
                bottom,
            );
        }
        sum
    }

    /// The weighted placements of the last row's queen on the columns `free` (those its row
    /// set allows), without a call a placement: an east queen makes the row set `east` with
    /// the last row, and may not stand on the `\\` long diagonal's east segment (the last
    /// column); a west one keeps `east`, and counts twice on the `/` long diagonal (the
    /// first column).
    fn last_row(&self, free: u32, east: u32, doubled: u32) -> u128 {
        let (n, w, row) = (self.n, self.w, self.n - 1);
        let weight = |east: u32| {
            let east = match self.upside_down {
                true => east.reverse_bits() >> (32 - n),
                false => east,
            };
            fold(east, n) << doubled
        };
        let west_columns = (1u32 << w) - 1;
        let east_free = free & !west_columns & !(1u32 << (n - 1));
        let west_free = free & west_columns;
        let mut sum = 0;
        if east_free != 0 {
            sum += u128::from(east_free.count_ones()) * weight(east | 1 << row);
        }
        if west_free != 0 {
            let on_long = west_free & 1;
            let plain = u128::from((west_free & !1).count_ones());
            sum += (plain + 2 * u128::from(on_long)) * weight(east);
        }
        sum
    }
}

/// The weight of the row set `east` of an `n`-row board in the upside-down fold: 2 if its
/// reverse is larger, 1 if it is its own reverse, 0 if it is smaller.
fn fold(east: u32, n: u32) -> u128 {
    let reverse = east.reverse_bits() >> (32 - n);
    match east.cmp(&reverse) {
        std::cmp::Ordering::Less => 2,
        std::cmp::Ordering::Equal => 1,
        std::cmp::Ordering::Greater => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::count::Run;

    #[test]
    fn every_part_is_the_joins_and_the_parts_make_the_whole() {
        for n in 12..=14 {
            let m = 7;
            let mut sum = 0;
            for k in 1..=m {
                let run = Run {
                    part: Some((k, m)),
                    ..Run::default()
                };
                let by_join = join::count_with(n, &run).unwrap();
                let again = recount(n, (k, m), 2).unwrap();
                assert_eq!(again, by_join, "n = {}, part {}/{}", n, k, m);
                sum += again;
            }
            assert_eq!(sum, u128::from(crate::judge::count(n)), "n = {}", n);
        }
    }

    #[test]
    fn the_fold_weighs_a_row_set_by_its_reverse() {
        assert_eq!(fold(0b0011, 4), 2); // reverse 0b1100
        assert_eq!(fold(0b1100, 4), 0);
        assert_eq!(fold(0b1001, 4), 1);
        assert_eq!(fold(u32::MAX, 32), 1);
    }
}
