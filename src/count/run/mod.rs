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
pub mod estimate;
mod keep;
pub mod merge;
pub(crate) mod threads;
mod workers;

use super::problem::Problem;
use crate::memory::OutOfMemory;
use checkpoint::{Checkpoint, CheckpointError, Fnv, Header, Provenance, Step};
pub use keep::Keep;
use std::fmt;
use std::ops::AddAssign;
use std::sync::atomic::{AtomicU64, Ordering};
use threads::Helpers;
use workers::{share_out, Threads};

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

/// A count could not run: a table it needs does not fit in memory, or its checkpoint is of
/// another count, damaged or cannot be written. No count is given (the chunks recorded stay
/// recorded).
#[derive(Debug)]
pub enum CountError {
    /// A table the counter needs could not be allocated.
    Memory(OutOfMemory),
    /// The checkpoint cannot be used or written.
    Checkpoint(CheckpointError),
    /// The problem, or the way it was asked to run, is beyond what the counter counts (a
    /// board wider than 32 with too many empty rows, a part of a board counted whole): the
    /// message says what and why.
    Unsupported(String),
}

impl fmt::Display for CountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CountError::Memory(e) => write!(f, "{}", e),
            CountError::Checkpoint(e) => write!(f, "{}", e),
            CountError::Unsupported(why) => write!(f, "{}", why),
        }
    }
}

impl From<CheckpointError> for CountError {
    fn from(e: CheckpointError) -> Self {
        CountError::Checkpoint(e)
    }
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

/// The number of chunks a part's units are recorded in, at most: enough to lose little when
/// killed and to keep every core busy, few enough that recording them costs nothing
/// measurable.
const CHUNKS: usize = 512;

/// The result a finished checkpoint holds for this count, read before any work is done (no
/// table is built to say what is already known); a checkpoint of another count, or of
/// another part, is refused here too.
///
/// # Errors
///
/// [`CountError::Checkpoint`] if the checkpoint is of another count.
pub(crate) fn recorded_result<C: Tally>(
    problem: &Problem<'_>,
    counter: &str,
    run: &Run<'_>,
) -> Result<Option<C>, CountError> {
    match run.checkpoint {
        None => Ok(None),
        Some(checkpoint) => {
            let header = Header::new(problem, counter, run.part, None);
            Ok(checkpoint.result_for(&header)?.map(C::from_words))
        }
    }
}

/// A counter as [`count_units`] runs it: its name and its SIMD kernel (`none` for a counter
/// without one) in a checkpoint, and, for a counter whose units are long enough to record
/// steps of (see [`Steps`]), the identity of how it numbers the pieces of a unit.
pub(crate) struct Counter<'a> {
    pub name: &'a str,
    pub kernel: &'a str,
    /// How the counter numbers the pieces of its units: a step recorded by a count that numbered
    /// them otherwise (another version, other sizes) is not resumed from. `None`: it records
    /// no steps.
    pub layout: Option<u64>,
    /// The threads that help the worker counting a chunk (a crew's), if any: the CPU time
    /// they add while a chunk is counted is added to the chunk's recorded time.
    pub helpers: Option<&'a Helpers>,
}

/// One unit's count as a checkpoint's steps see it: the piece to start from (where a step had
/// got), and whom to tell, after each piece, how far the unit has got. A counter whose units
/// take minutes numbers their pieces (a few numbers each, in the order counted) and calls
/// [`Steps::reached`] after each; the others never look at it.
pub(crate) struct Steps<'a, C> {
    from: &'a [u64],
    note: Option<&'a mut Note<'a, C>>,
}

/// What [`Steps`] tell after each piece: the next piece, and the unit's counts so far.
pub(crate) type Note<'a, C> = dyn FnMut(&[u64], C) -> Result<(), CountError> + 'a;

impl<C> Steps<'_, C> {
    /// Steps that start from the beginning and record nothing.
    #[cfg(test)]
    pub(crate) fn none() -> Steps<'static, C> {
        Steps {
            from: &[],
            note: None,
        }
    }

    /// Steps that start from the piece `from` and tell `note` after each piece.
    #[cfg(test)]
    pub(crate) fn new<'a>(from: &'a [u64], note: Option<&'a mut Note<'a, C>>) -> Steps<'a, C> {
        Steps { from, note }
    }

    /// The first piece to count (empty: the whole unit); the pieces before it are counted in
    /// the counts the step recorded.
    pub(crate) fn from(&self) -> &[u64] {
        self.from
    }

    /// Tells that the pieces before `next` are counted, with the unit's counts `so_far`.
    ///
    /// # Errors
    ///
    /// [`CountError::Checkpoint`] if the step cannot be recorded.
    pub(crate) fn reached(&mut self, next: &[u64], so_far: C) -> Result<(), CountError> {
        match self.note.as_mut() {
            Some(note) => note(next, so_far),
            None => Ok(()),
        }
    }
}

/// Counts the units of `counter` for `problem` as `run` says: this part's slice of them, in
/// chunks of consecutive units handed to the threads, each chunk recorded in the checkpoint (if
/// any) as it is counted, and those already recorded skipped; a chunk in progress records steps
/// (if the counter numbers its pieces) and resumes from the last. `scratch()` makes a worker's
/// own buffers; `solve` counts one unit with them. `weigh` estimates a unit's work, for
/// progress (asked only when `run` wants progress).
///
/// # Errors
///
/// [`CountError`] if a thread cannot start, the checkpoint cannot be used or written, or
/// `scratch` or `solve` fails.
pub(crate) fn count_units<T: Unit, S, C: Tally>(
    problem: &Problem<'_>,
    counter: Counter<'_>,
    units: &[T],
    weigh: impl Fn(&T) -> f64,
    run: &Run<'_>,
    scratch: impl Fn() -> Result<S, CountError> + Sync,
    solve: impl Fn(&mut S, &T, Steps<'_, C>) -> Result<C, CountError> + Sync,
) -> Result<C, CountError> {
    // Only a checkpoint needs the list's identity (hashing it costs more than a small count).
    let identity = run.checkpoint.map(|_| {
        let mut hash = Fnv::new();
        units.iter().for_each(|unit| unit.identify(&mut hash));
        (units.len() as u64, hash.finish())
    });
    // This part's units, by reference: the whole list may be a plan shared by many parts
    // (632,532 units at n = 28: its room asked for first).
    let in_part = |i: usize| in_part(i, run.part);
    let mut mine: Vec<&T> = Vec::new();
    let count = (0..units.len()).filter(|&i| in_part(i)).count();
    crate::memory::reserve(&mut mine, count, "the part's list of units")?;
    mine.extend(
        units
            .iter()
            .enumerate()
            .filter(|&(i, _)| in_part(i))
            .map(|(_, unit)| unit),
    );
    let size = mine.len().div_ceil(CHUNKS).max(1);
    let chunks: Vec<&[&T]> = mine.chunks(size).collect();
    let mut base = C::default();
    let mut todo: Vec<usize> = (0..chunks.len()).collect();
    let mut steps = std::collections::BTreeMap::new();
    if let Some(checkpoint) = run.checkpoint {
        let mut header = Header::new(problem, counter.name, run.part, identity);
        header.chunks = chunks.len();
        let provenance = Provenance::here(counter.name, counter.kernel);
        let recorded = checkpoint.begin(&header, &provenance)?;
        if let Some(result) = recorded.result {
            return Ok(C::from_words(result));
        }
        for counts in recorded.done.values() {
            base += C::from_words(*counts);
        }
        todo.retain(|chunk| !recorded.done.contains_key(chunk));
        // The steps to resume from: of this counter's numbering, inside their chunk.
        steps = recorded.steps;
        steps.retain(|&chunk, step| {
            Some(step.layout) == counter.layout
                && chunks
                    .get(chunk)
                    .is_some_and(|c| (step.at[0] as usize) < c.len())
        });
    }
    // Progress counts the chunks recorded before as done from the start, and weighs each
    // chunk by the estimated work of its units (in fixed point: shares of WORK).
    const WORK: f64 = (1u64 << 50) as f64;
    let weights: Vec<u64> = match run.progress {
        None => Vec::new(),
        Some(_) => {
            let raw: Vec<f64> = chunks
                .iter()
                .map(|c| c.iter().map(|&unit| weigh(unit)).sum::<f64>().max(0.0))
                .collect();
            let (all, count) = (raw.iter().sum::<f64>(), raw.len().max(1) as f64);
            let share = |w: f64| match all > 0.0 {
                true => (w / all * WORK) as u64,
                false => (WORK / count) as u64,
            };
            raw.into_iter().map(share).collect()
        }
    };
    let recorded: u64 = (0..weights.len())
        .filter(|c| !todo.contains(c))
        .map(|c| weights[c])
        .sum();
    let worked = AtomicU64::new(recorded);
    let already = chunks.len() - todo.len();
    let shifted = |done: usize, _: usize| {
        if let Some(progress) = run.progress {
            let work = (worked.load(Ordering::Relaxed) as f64 / WORK).min(1.0);
            progress(Done {
                chunks: already + done,
                of: chunks.len(),
                work,
            });
        }
    };
    if already > 0 {
        shifted(0, 0);
    }
    let progress = run
        .progress
        .map(|_| &shifted as &(dyn Fn(usize, usize) + Sync));
    let threads = Threads {
        wanted: run.threads,
        fewer: run.fewer_threads,
    };
    // Steps are recorded only by a counter that numbers its pieces.
    let stepping = run.checkpoint.zip(counter.layout);
    let mut total = share_out(&todo, threads, progress, scratch, |own, &chunk| {
        // The chunk's CPU time (the worker thread's and its helpers'), which its record and
        // its steps keep.
        let clock = run.checkpoint.map(|_| ChunkClock::start(counter.helpers));
        let (counts, before) = count_chunk(
            (chunk, chunks[chunk]),
            steps.get(&chunk),
            stepping.zip(clock.as_ref()),
            |unit, steps| solve(own, unit, steps),
        )?;
        if let (Some(checkpoint), Some(clock)) = (run.checkpoint, clock) {
            let spent = std::time::Duration::from_millis(before) + clock.elapsed();
            checkpoint.record(chunk, counts.to_words(), spent)?;
        }
        if let Some(&weight) = weights.get(chunk) {
            worked.fetch_add(weight, Ordering::Relaxed);
        }
        Ok(counts)
    })?;
    total += base;
    if let Some(checkpoint) = run.checkpoint {
        checkpoint.finish(total.to_words())?;
    }
    Ok(total)
}

/// The CPU time of a chunk: the worker thread's, and what the threads helping it (a crew's)
/// have added to their count since it started.
struct ChunkClock<'a> {
    clock: crate::clock::Clock,
    helpers: Option<(&'a Helpers, u64)>,
}

impl<'a> ChunkClock<'a> {
    /// Started now, on the worker thread, with the helpers' CPU nanoseconds `helpers` if any.
    fn start(helpers: Option<&'a Helpers>) -> ChunkClock<'a> {
        ChunkClock {
            clock: crate::clock::Clock::start(),
            helpers: helpers.map(|helpers| (helpers, helpers.cpu_ns())),
        }
    }

    /// The CPU time since the start (call it on the worker thread).
    fn elapsed(&self) -> std::time::Duration {
        let helped = self
            .helpers
            .map_or(0, |(helpers, then)| helpers.cpu_ns().saturating_sub(then));
        self.clock.elapsed() + std::time::Duration::from_nanos(helped)
    }
}

/// Counts the units of chunk `chunk`, from the piece its last step `resumed` had reached (if
/// any), and, with `stepping` (the checkpoint, the counter's numbering of pieces, the chunk's
/// clock), records a step when the checkpoint's interval has passed since the last. Returns
/// the chunk's counts and the CPU milliseconds its step had already taken.
///
/// # Errors
///
/// The first error of `solve`, or of recording a step.
fn count_chunk<T, C: Tally>(
    (chunk, units): (usize, &[&T]),
    resumed: Option<&Step>,
    stepping: Option<((&Checkpoint, u64), &ChunkClock<'_>)>,
    mut solve: impl FnMut(&T, Steps<'_, C>) -> Result<C, CountError>,
) -> Result<(C, u64), CountError> {
    let (first, from, mut counts, before) = match resumed {
        Some(step) => (
            step.at[0] as usize,
            &step.at[1..],
            C::from_words(step.counts),
            step.cpu_millis,
        ),
        None => (0, &[][..], C::default(), 0),
    };
    let mut last = std::time::Instant::now();
    for (u, &unit) in units.iter().enumerate().skip(first) {
        let from = if u == first { from } else { &[] };
        let Some(((checkpoint, layout), clock)) = stepping else {
            counts += solve(unit, Steps { from, note: None })?;
            continue;
        };
        let before_unit = counts;
        let mut note = |next: &[u64], so_far: C| {
            if last.elapsed() < checkpoint.every() {
                return Ok(());
            }
            let mut counts = before_unit;
            counts += so_far;
            let step = Step {
                layout,
                at: std::iter::once(u as u64)
                    .chain(next.iter().copied())
                    .collect(),
                counts: counts.to_words(),
                cpu_millis: before + clock.elapsed().as_millis() as u64,
            };
            checkpoint.step(chunk, &step)?;
            last = std::time::Instant::now();
            Ok(())
        };
        let note = Some(&mut note as &mut Note<'_, C>);
        counts += solve(unit, Steps { from, note })?;
    }
    Ok((counts, before))
}

impl std::error::Error for CountError {}

impl From<OutOfMemory> for CountError {
    fn from(e: OutOfMemory) -> Self {
        CountError::Memory(e)
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
