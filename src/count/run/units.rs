//! A count of units: a part's slice of them, in chunks handed to the threads, each recorded
//! in the checkpoint as it is counted.

use super::checkpoint::{Checkpoint, Fnv, Header, Provenance, Step};
use super::error::CountError;
use super::steps::{Note, Steps};
use super::threads::Helpers;
use super::workers::{share_out, Threads};
use super::{in_part, Done, Run, Tally, Unit};
use crate::count::problem::Problem;
use std::sync::atomic::{AtomicU64, Ordering};

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
        if let Some(checkpoint) = run.checkpoint {
            // No chunk begun after the time to stop.
            checkpoint.check_time()?;
        }
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
            let stop = checkpoint.check_time();
            if last.elapsed() < checkpoint.every() && stop.is_ok() {
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
            // Stopped at a step: the chunk resumes from it.
            Ok(stop?)
        };
        let note = Some(&mut note as &mut Note<'_, C>);
        counts += solve(unit, Steps { from, note })?;
    }
    Ok((counts, before))
}
