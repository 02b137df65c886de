//! Second counts of a part of the join. [`recount_mirrored`] is the join again, through the
//! upside-down image of every row set the part counts: other lists, batches and cuts, about
//! the part's own cost, so every part can be checked on another machine. [`recount`] and
//! [`recount_row_sets`] are a method that shares none of the join's counting code: for each
//! of the part's row sets (or a seeded sample of them), a plain depth-first search in bit
//! masks of its west half and its east half, whose pairs with disjoint diagonals are counted
//! one by one in buckets of a few diagonals. No quarter lists, no halves made of quarters, no
//! sieve, no SIMD kernel; only the plan (which units a part holds, the definition of a part)
//! is the join's.
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
//! The search here places the queens of the rows outside `E` on the west columns and those
//! of `E` on the east ones, each half row by row, and counts each pair of halves whose
//! diagonals are disjoint with those weights. The sum over all units is the count of the
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
use search::Unit;

mod search;

/// The largest `n` the second method recounts: the join's.
pub const MAX_N: u32 = join::MAX_N;

/// The smallest `n` whose parts the join counts (smaller totals are counted by the symmetric
/// search, whose parts are other units).
pub const MIN_N: u32 = super::JOIN_FROM;

/// How many times the join's CPU time the independent search ([`recount`],
/// [`recount_row_sets`]) takes for the same row sets of `n`: the ratio measured at N = 22,
/// about 2.1 times more for every 2 more queens beyond (docs/campaign.md has the
/// measurements it is made from), and never below 7: a small part pays the plan and the
/// lists.
///
/// The search costs the same per row set whether it counts a part or a sample of row sets
/// (it shares no work between row sets), so this prices both.
///
/// # Example
///
/// ```
/// use nqueens::count::recheck::search_cost;
///
/// assert!(search_cost(28) > search_cost(22));
/// assert!(search_cost(28) < 500.0);
/// ```
pub fn search_cost(n: u32) -> f64 {
    (15.3 * 2.1f64.powf((f64::from(n) - 22.0) / 2.0)).max(7.0)
}

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
/// The half placements of the part's row sets and their pairs that share no key diagonal:
/// several times the join's time for the same part, more as N grows ([`search_cost`]).
pub fn recount(n: u32, (k, m): (u64, u64), threads: usize) -> Result<u128, CountError> {
    check_n(n);
    assert!(
        1 <= k && k <= m,
        "recheck: part {}/{} is not 1 <= k <= m",
        k,
        m
    );
    let units = unit_row_sets(n, Some((k, m)), None)?;
    let threads = Threads {
        wanted: threads,
        fewer: None,
    };
    share_out(
        &units,
        threads,
        None,
        || Ok(()),
        |_, (north, south)| Ok(Unit::new(n, north, south).count()?),
    )
}

/// One row set of a part re-counted by both methods: the join's count of it on this machine
/// and the search's, each weighed by the upside-down fold as the part counts it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RowSetCheck {
    /// Its north set (bit `r`: the queen of row `r` stands in the east half).
    pub north: u32,
    /// Its south set (bit `r`: that of row `⌊n/2⌋ + r` does).
    pub south: u32,
    /// The join's count of it.
    pub by_join: u128,
    /// The search's count of it.
    pub by_search: u128,
    /// The join's time for it here, in seconds (the row set alone: its lists and halves).
    pub join_seconds: f64,
    /// The search's time for it here, in seconds.
    pub search_seconds: f64,
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
/// The search of the row sets chosen (a few times the join's time for each alone at N = 16
/// to 22), and the join's.
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
            let started = std::time::Instant::now();
            let by_join = join::count_row_set(n, (north, south), kernel)?;
            let join_seconds = started.elapsed().as_secs_f64();
            let started = std::time::Instant::now();
            let by_search = Unit::new(n, &[north], &[south]).count()?;
            let search_seconds = started.elapsed().as_secs_f64();
            Ok(Checks(vec![RowSetCheck {
                north,
                south,
                by_join,
                by_search,
                join_seconds,
                search_seconds,
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
}
