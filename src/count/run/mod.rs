//! How a count runs, apart from what is counted ([`super::problem`]): its [`Run`] (threads,
//! one part of the work, progress, a checkpoint), and the hand-out of independent units of
//! work to threads, or slices of them to machines.
//!
//! The counters split a count into a fixed list of units (sub-problems), the same list for the
//! same problem. `slice` keeps every M-th unit, so M machines can each count one part;
//! `count_units` groups a part's units into at most 512 *chunks* of consecutive units (what a
//! checkpoint records, and what progress counts), and `share_out` gives each worker a run of
//! chunks and lets it take half of the longest run left when its own is done, so a slow one
//! never leaves the other cores idle while work remains.

pub mod checkpoint;
mod error;
pub mod estimate;
mod keep;
pub mod merge;
mod steps;
pub(crate) mod threads;
pub(crate) mod units;
pub(crate) mod workers;

use checkpoint::{Checkpoint, Fnv};
pub use error::CountError;
pub use keep::Keep;
use std::ops::AddAssign;
pub(crate) use steps::Steps;

/// How a multithreaded count ([`super::count_with`], [`super::symmetric::count_with`],
/// [`super::join::count_with`]) runs.
///
/// # Example
///
/// ```
/// use nqueens::count::{count_with, Problem, Run};
///
/// let two_threads = Run { threads: 2, ..Run::default() };
/// assert_eq!(count_with(&Problem::total(10), &two_threads).unwrap(), 724);
/// ```
#[derive(Clone, Copy)]
pub struct Run<'a> {
    /// Worker threads; 0 or 1 runs on the calling thread.
    pub threads: usize,
    /// `Some((k, m))`: count only the k-th (1-based) of m disjoint slices of the units of
    /// work; the m partial counts add up to the whole.
    pub part: Option<(u64, u64)>,
    /// Called after each chunk of work with how far the count has got ([`Done`]); the chunks a
    /// checkpoint had already counted are done from the start.
    pub progress: Option<&'a (dyn Fn(Done) + Sync)>,
    /// Records every counted chunk, and skips those it had recorded: a count that resumes
    /// where a killed one stopped ([`checkpoint`]).
    pub checkpoint: Option<&'a Checkpoint>,
    /// Called once, with (threads that worked, threads asked for), when not every worker
    /// thread could start (the system refused one, or memory was too short to start one
    /// safely): the count goes on, right, on those that did.
    pub fewer_threads: Option<&'a (dyn Fn(usize, usize) + Sync)>,
    /// Where the counter keeps its buffers and plan for the next count of the same caller
    /// ([`Keep`]); `None`: they are let go when the count returns.
    pub keep: Option<&'a Keep>,
}

impl Default for Run<'_> {
    fn default() -> Self {
        Run {
            threads: 1,
            part: None,
            progress: None,
            checkpoint: None,
            fewer_threads: None,
            keep: None,
        }
    }
}

impl Run<'_> {
    /// Checks the run for the counter `who` (named in the panic).
    ///
    /// # Panics
    ///
    /// Panics if the part is not `1 <= k <= m`.
    pub(crate) fn check(&self, who: &str) {
        if let Some((k, m)) = self.part {
            assert!(
                1 <= k && k <= m,
                "{}: part {}/{} is not 1 <= k <= m",
                who,
                k,
                m
            );
        }
    }

    /// Whether this part holds the empty board's one placement (n = 0): the first part does.
    pub(crate) fn holds_the_empty_board(&self) -> bool {
        self.part.is_none_or(|(k, _)| k == 1)
    }
}

/// How far a count has got: chunks counted of all, and the share of the estimated work they
/// held (chunks differ in size: a time left predicted from `work` is fairer than one from
/// `chunks`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Done {
    /// Chunks counted (those a checkpoint had recorded included).
    pub chunks: usize,
    /// Chunks in all.
    pub of: usize,
    /// The estimated share of the work done, from 0 to 1.
    pub work: f64,
}

/// A unit of work with an identity of its own: the words it is known by in a checkpoint,
/// written out field by field, so that renaming or reordering a field of the type never
/// changes which saved checkpoints match.
pub(crate) trait Unit: Sync {
    /// Feeds the unit's identifying words to `hash`.
    fn identify(&self, hash: &mut Fnv);
}

/// A count of one unit of work, as a checkpoint records it: placements, classes, classes
/// fixed by the half turn only, classes fixed by the quarter turn (0 where not counted), each
/// in 128 bits, as the sums of every counter are (a(29) passes 2^64).
pub trait Tally: AddAssign + Default + Copy + Send {
    /// The counts as the four numbers a checkpoint records.
    fn to_words(self) -> [u128; 4];
    /// The counts from the four numbers.
    fn from_words(words: [u128; 4]) -> Self;
}

impl Tally for u128 {
    fn to_words(self) -> [u128; 4] {
        [self, 0, 0, 0]
    }
    fn from_words(words: [u128; 4]) -> Self {
        words[0]
    }
}

/// The number of cores this process may use (1 if it cannot be told): the default number of
/// worker threads.
///
/// # Example
///
/// ```
/// assert!(nqueens::count::cores() >= 1);
/// ```
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The k-th (1-based) of m slices of `units`: every m-th one, starting at the k-th; all of
/// them for `None`.
///
/// # Panics
///
/// Panics if a part is not `1 <= k <= m`.
pub(crate) fn slice<T>(mut units: Vec<T>, part: Option<(u64, u64)>) -> Vec<T> {
    if let Some((k, m)) = part {
        assert!(1 <= k && k <= m, "part {}/{} is not 1 <= k <= m", k, m);
        // In place: no second list, however long the first.
        let mut i = 0;
        units.retain(|_| {
            i += 1;
            in_part(i - 1, part)
        });
        units.shrink_to_fit();
    }
    units
}

/// Whether unit `i` (from 0) of a count's list is in `part`: the k-th of m parts holds every
/// m-th unit from the k-th. The one definition of a part, for every counter and the recheck.
pub(crate) fn in_part(i: usize, part: Option<(u64, u64)>) -> bool {
    part.is_none_or(|(k, m)| i as u64 % m == k - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_slices_partition_the_units() {
        let units: Vec<usize> = (0..10).collect();
        assert_eq!(slice(units.clone(), Some((1, u64::MAX))), vec![0]);
        assert!(slice(units.clone(), Some((11, u64::MAX))).is_empty());
        assert_eq!(slice(units.clone(), Some((2, 3))), vec![1, 4, 7]);
        let mut all: Vec<usize> = (1..=3)
            .flat_map(|k| slice(units.clone(), Some((k, 3))))
            .collect();
        all.sort();
        assert_eq!(all, units);
    }
}
