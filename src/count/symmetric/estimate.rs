//! The symmetric search's estimate: Knuth's random walks down its tree from a sample of its
//! sub-problems, the last rows counted exactly; and the size of a sub-problem, by the same
//! kind of walk, for weighing progress.

use super::counts::Counts;
use super::search::solve;
use super::tasks::{sub_problems, Rules, Task};
use crate::count::problem::{Board, Problem};
use crate::count::run::estimate::{estimate_units, Estimate, Sampled};
use crate::count::run::CountError;
use crate::count::run::Unit;
use crate::rng::SplitMix64;

/// Estimates the count of `problem` by the symmetric search from a seeded random sample of
/// its sub-problems, taken for about `budget` (`estimate`): a sample walks
/// down from a sub-problem along random columns until 13 rows are left, then
/// counts the rest exactly; of the k-th of m parts for `part = Some((k, m))`.
///
/// # Panics
///
/// As [`super::count_with`].
///
/// # Errors
///
/// None in practice (one thread, no checkpoint); the type is that of every estimate.
///
/// # Complexity
///
/// About `budget`, and at least two samples.
///
/// # Example
///
/// ```
/// use nqueens::count::{symmetric, Problem};
/// use std::time::Duration;
///
/// let estimate = symmetric::estimate(&Problem::total(12), Duration::from_millis(20), 1, None).unwrap();
/// assert!((estimate.count - 14200.0).abs() < 5.0 * estimate.error.max(1.0));
/// ```
pub fn estimate(
    problem: &Problem<'_>,
    budget: std::time::Duration,
    seed: u64,
    part: Option<(u64, u64)>,
) -> Result<Estimate, CountError> {
    if problem.n > crate::judge::MAX_N {
        return Err(CountError::Unsupported(format!(
            "an estimate goes with boards up to {} squares a side; this one has {}",
            crate::judge::MAX_N,
            problem.n
        )));
    }
    problem.check("symmetric");
    let (n, board) = (problem.n as usize, problem.board);
    if n == 0 {
        let tasks = crate::count::run::slice(vec![()], part);
        let unique = u64::from(board.is_none());
        return estimate_units(
            problem.ask,
            &tasks,
            budget,
            seed,
            || Ok(()),
            |_, _, _| {
                Ok(Sampled {
                    counts: [1, unique],
                    weight: 1.0,
                    seconds: None,
                    serial: 0.0,
                })
            },
        );
    }
    estimate_units(
        problem.ask,
        &crate::count::run::slice(sub_problems(n, board), part),
        budget,
        seed,
        || Ok(()),
        |_, task, rng| {
            let (counts, weight) = sample(task, n, board, rng);
            Ok(Sampled {
                // One sub-problem's counts: far below 2^64.
                counts: [counts.total, counts.unique].map(|c| u64::try_from(c).unwrap_or(u64::MAX)),
                weight,
                seconds: None,
                serial: 0.0,
            })
        },
    )
}

/// Below this many rows left a sample is counted exactly: a few milliseconds of search at
/// most, so a budget of seconds takes thousands of samples.
const EXACT_ROWS: usize = 13;

/// One random walk of Knuth's estimator below `task`: a random allowed column in each row
/// until [`EXACT_ROWS`] rows are left, then the exact counts below; and the walk's weight, the
/// product of the number of columns it could have taken in each row.
fn sample(task: &Task, n: usize, board: Option<&Board>, rng: &mut SplitMix64) -> (Counts, f64) {
    let rules = Rules::new(n, task.start, board);
    let mut task = *task;
    let mut weight = 1.0;
    while n - task.y > EXACT_ROWS {
        let free = rules.mask & !(task.left | task.down | task.right);
        let mut allowed = rules.allowed(task.y, free, task.down);
        let choices = allowed.count_ones();
        if choices == 0 {
            return (Counts::default(), 0.0);
        }
        for _ in 0..rng.below(u64::from(choices)) {
            allowed &= allowed - 1;
        }
        task = task.place(allowed.trailing_zeros() as usize);
        weight *= f64::from(choices);
    }
    (solve(&task, n, board), weight)
}

impl Task {
    /// An estimate of the nodes of this sub-problem's search under `rules` (Knuth's: a random
    /// walk down the tree, multiplying the choices met, averaged over a few walks from a seed
    /// fixed by the task), for weighing progress.
    pub(super) fn size(&self, rules: &Rules) -> f64 {
        const WALKS: u32 = 32;
        let mut seed = crate::count::run::checkpoint::Fnv::new();
        self.identify(&mut seed);
        let mut rng = SplitMix64::new(seed.finish());
        let mut nodes = 0.0;
        for _ in 0..WALKS {
            let (mut task, mut paths) = (*self, 1.0);
            nodes += 1.0;
            while task.y < rules.n {
                let free = rules.mask & !(task.left | task.down | task.right);
                let mut allowed = rules.allowed(task.y, free, task.down);
                let choices = allowed.count_ones();
                if choices == 0 {
                    break;
                }
                for _ in 0..rng.below(u64::from(choices)) {
                    allowed &= allowed - 1;
                }
                paths *= f64::from(choices);
                nodes += paths;
                task = task.place(allowed.trailing_zeros() as usize);
            }
        }
        nodes / f64::from(WALKS)
    }
}
