//! How a count runs, apart from what is counted ([`super::problem`]): its [`Run`] (threads,
//! one part of the work, progress, a checkpoint), and the hand-out of independent units of
//! work to threads, or slices of them to machines.
//!
//! The counters split a count into a fixed list of units (sub-problems), the same list for the
//! same problem. `slice` keeps every M-th unit, so M machines can each count one part;
//! `count_units` groups a part's units into at most 512 *chunks* of consecutive units (what a
//! checkpoint records, and what progress counts), and `share_out` lets workers take the chunks
//! one at a time from a shared atomic index, so a slow one never leaves the other cores idle
//! while work remains.

pub mod checkpoint;
pub mod estimate;
pub mod merge;

use super::problem::Problem;
use crate::memory::OutOfMemory;
use checkpoint::{Checkpoint, CheckpointError, Fnv, Header};
use std::fmt;
use std::ops::AddAssign;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;

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
    /// The join's innermost loop ([`crate::count::join::kernel`]); `None`: the fastest this
    /// CPU runs. The other counters have no kernel to choose.
    pub kernel: Option<crate::count::join::kernel::Kernel>,
}

impl Default for Run<'_> {
    fn default() -> Self {
        Run {
            threads: 1,
            part: None,
            progress: None,
            checkpoint: None,
            fewer_threads: None,
            kernel: None,
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
}

impl fmt::Display for CountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CountError::Memory(e) => write!(f, "{}", e),
            CountError::Checkpoint(e) => write!(f, "{}", e),
        }
    }
}

impl From<CheckpointError> for CountError {
    fn from(e: CheckpointError) -> Self {
        CountError::Checkpoint(e)
    }
}

/// A count of one unit of work, as a checkpoint records it: placements, classes, classes
/// fixed by the half turn only, classes fixed by the quarter turn (0 where not counted).
pub trait Tally: AddAssign + Default + Copy + Send {
    /// The counts as the four words a checkpoint records.
    fn to_words(self) -> [u64; 4];
    /// The counts from the four words.
    fn from_words(words: [u64; 4]) -> Self;
}

impl Tally for u64 {
    fn to_words(self) -> [u64; 4] {
        [self, 0, 0, 0]
    }
    fn from_words(words: [u64; 4]) -> Self {
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

/// Counts the units of the counter named `counter` for `problem` as `run` says: this part's
/// slice of them, in chunks of consecutive units handed to the threads, each chunk recorded in
/// the checkpoint (if any) as it is counted, and those already recorded skipped. `scratch()`
/// makes a worker's own buffers; `solve` counts one unit with them. `weigh` estimates a unit's
/// work, for progress (asked only when `run` wants progress).
///
/// # Errors
///
/// [`CountError`] if a thread cannot start, the checkpoint cannot be used or written, or
/// `scratch` or `solve` fails.
pub(crate) fn count_units<T: Unit, S, C: Tally>(
    problem: &Problem<'_>,
    counter: &str,
    units: Vec<T>,
    weigh: impl Fn(&T) -> f64,
    run: &Run<'_>,
    scratch: impl Fn() -> Result<S, CountError> + Sync,
    solve: impl Fn(&mut S, &T) -> Result<C, CountError> + Sync,
) -> Result<C, CountError> {
    // Only a checkpoint needs the list's identity (hashing it costs more than a small count).
    let identity = run.checkpoint.map(|_| {
        let mut hash = Fnv::new();
        units.iter().for_each(|unit| unit.identify(&mut hash));
        (units.len() as u64, hash.finish())
    });
    let units = slice(units, run.part);
    let size = units.len().div_ceil(CHUNKS).max(1);
    let chunks: Vec<&[T]> = units.chunks(size).collect();
    let mut base = C::default();
    let mut todo: Vec<usize> = (0..chunks.len()).collect();
    if let Some(checkpoint) = run.checkpoint {
        let mut header = Header::new(problem, counter, run.part, identity);
        header.chunks = chunks.len();
        let recorded = checkpoint.begin(&header)?;
        if let Some(result) = recorded.result {
            return Ok(C::from_words(result));
        }
        for counts in recorded.done.values() {
            base += C::from_words(*counts);
        }
        todo.retain(|chunk| !recorded.done.contains_key(chunk));
    }
    // Progress counts the chunks recorded before as done from the start, and weighs each
    // chunk by the estimated work of its units (in fixed point: shares of WORK).
    const WORK: f64 = (1u64 << 50) as f64;
    let weights: Vec<u64> = match run.progress {
        None => Vec::new(),
        Some(_) => {
            let raw: Vec<f64> = chunks
                .iter()
                .map(|c| c.iter().map(&weigh).sum::<f64>().max(0.0))
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
    let mut total = share_out(&todo, threads, progress, scratch, |own, &chunk| {
        let mut counts = C::default();
        for unit in chunks[chunk] {
            counts += solve(own, unit)?;
        }
        if let Some(checkpoint) = run.checkpoint {
            checkpoint.record(chunk, counts.to_words())?;
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
/// assert!(nqueens::count::run::cores() >= 1);
/// ```
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The k-th (1-based) of m slices of `units`: every m-th one, starting at the k-th; all of
/// them for `None`.
pub(crate) fn slice<T>(units: Vec<T>, part: Option<(u64, u64)>) -> Vec<T> {
    match part {
        None => units,
        Some((k, m)) => units
            .into_iter()
            .enumerate()
            .filter(|&(i, _)| i as u64 % m == k - 1)
            .map(|(_, unit)| unit)
            .collect(),
    }
}

/// The name of each worker thread, numbered: `count-1`, `count-2`, … (the calling thread
/// works too).
const WORKER_NAME: &str = "count-";

/// The stack of a worker thread: the searches recurse at most 32 deep in small frames, so a
/// quarter of the usual 2 MiB leaves a wide margin and lets many threads start in little
/// address space.
const WORKER_STACK: usize = 512 << 10;

/// The memory that must be free for one more worker thread to start: its stack, and the
/// malloc arena of 64 MB that its first allocation may reserve (glibc gives each new thread
/// one while it can). With less, the standard library's own start-up of the thread could find
/// no memory and end the process, so no thread is started; more memory never starts fewer.
const THREAD_ROOM: usize = WORKER_STACK + (80 << 20);

/// How many threads a count asks for, and whom to tell if fewer could start.
#[derive(Clone, Copy)]
pub(crate) struct Threads<'a> {
    /// Worker threads asked for; 0 or 1 works on the calling thread alone.
    pub wanted: usize,
    /// Told (threads that worked, threads asked for) when fewer could start.
    pub fewer: Option<&'a (dyn Fn(usize, usize) + Sync)>,
}

/// What the workers of [`share_out`] share: the next unit to take, how many are done, whether
/// to stop, the first failure, and the sum so far.
struct Shared<C> {
    next: AtomicUsize,
    done: AtomicUsize,
    /// Workers that have made their buffers and begun taking units.
    began: AtomicUsize,
    stop: AtomicBool,
    failure: Mutex<Option<CountError>>,
    total: Mutex<C>,
    /// Workers taking units now (the calling thread from the start), and the units given back
    /// by workers that ran out of memory, for the others: one lock, so that the last worker
    /// never leaves while a unit is being given back.
    pool: Mutex<Pool>,
    /// Workers that ran out of memory and stopped, leaving their share to the others.
    retired: AtomicUsize,
}

/// The workers at work, and the units given back.
struct Pool {
    active: usize,
    returned: Vec<usize>,
}

impl<C: AddAssign + Default> Shared<C> {
    /// Takes units until none is left or one fails, then adds this worker's sum to the total.
    fn work<T, S>(
        &self,
        helper: bool,
        units: &[T],
        progress: Option<&(dyn Fn(usize, usize) + Sync)>,
        scratch: &(impl Fn() -> Result<S, CountError> + Sync),
        solve: &(impl Fn(&mut S, &T) -> Result<C, CountError> + Sync),
    ) {
        if helper {
            self.pool().active += 1;
        }
        let own = scratch();
        self.began.fetch_add(1, Ordering::Relaxed);
        let mut own = match own {
            Ok(own) => own,
            Err(e) => return self.retire_or_fail(e, None),
        };
        let mut mine = C::default();
        while !self.stop.load(Ordering::Relaxed) {
            let Some(i) = self.take(units.len()) else {
                break;
            };
            match solve(&mut own, &units[i]) {
                Ok(counts) => mine += counts,
                Err(e) => {
                    // Free this worker's buffers before the others need the memory.
                    drop(own);
                    *self.total.lock().unwrap_or_else(|e| e.into_inner()) += mine;
                    return self.retire_or_fail(e, Some(i));
                }
            }
            let finished = self.done.fetch_add(1, Ordering::Relaxed) + 1;
            if let Some(progress) = progress {
                progress(finished, units.len());
            }
        }
        *self.total.lock().unwrap_or_else(|e| e.into_inner()) += mine;
    }

    fn pool(&self) -> std::sync::MutexGuard<'_, Pool> {
        self.pool.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The next unit: one given back, or the next never taken; `None` when there is none,
    /// and then this worker has left the pool.
    fn take(&self, len: usize) -> Option<usize> {
        let mut pool = self.pool();
        if let Some(i) = pool.returned.pop() {
            return Some(i);
        }
        let i = self.next.fetch_add(1, Ordering::Relaxed);
        if i < len {
            return Some(i);
        }
        pool.active -= 1;
        None
    }

    /// A worker that failed: if it ran out of memory while others still work, it gives its
    /// unit back and stops, and the count goes on without it (more slowly); any other
    /// failure, or the last worker's, stops the count.
    fn retire_or_fail(&self, e: CountError, unit: Option<usize>) {
        let mut pool = self.pool();
        if matches!(e, CountError::Memory(_)) && pool.active > 1 {
            pool.returned.extend(unit);
            pool.active -= 1;
            self.retired.fetch_add(1, Ordering::Relaxed);
            return;
        }
        pool.active -= 1;
        drop(pool);
        self.fail(e);
    }

    /// Stops every worker after its current unit, keeping the first failure.
    fn fail(&self, e: CountError) {
        self.stop.store(true, Ordering::Relaxed);
        self.failure
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get_or_insert(e);
    }
}

/// Solves every unit on the threads asked for (the calling thread is one of them), each
/// taking the next unit from a shared index, and adds up the results. `progress` hears (units
/// done, units in all) after each one. `scratch()` makes each worker's own buffers when it
/// starts, and `solve` gets them with each unit; the first failure stops every worker after
/// its current unit. A thread that cannot start leaves its share to the others (and
/// `threads.fewer` is told); a unit is only ever taken by a thread that has started.
///
/// # Errors
///
/// The first error of `scratch` or `solve`.
pub(crate) fn share_out<T: Sync, S, C: AddAssign + Default + Send>(
    units: &[T],
    threads: Threads<'_>,
    progress: Option<&(dyn Fn(usize, usize) + Sync)>,
    scratch: impl Fn() -> Result<S, CountError> + Sync,
    solve: impl Fn(&mut S, &T) -> Result<C, CountError> + Sync,
) -> Result<C, CountError> {
    let shared = Shared {
        next: AtomicUsize::new(0),
        done: AtomicUsize::new(0),
        began: AtomicUsize::new(0),
        stop: AtomicBool::new(false),
        failure: Mutex::new(None),
        total: Mutex::new(C::default()),
        pool: Mutex::new(Pool {
            active: 1,
            returned: Vec::new(),
        }),
        retired: AtomicUsize::new(0),
    };
    let help = || shared.work(true, units, progress, &scratch, &solve);
    let work = || shared.work(false, units, progress, &scratch, &solve);
    let wanted = threads.wanted.clamp(1, units.len().max(1));
    let worked = std::thread::scope(|scope| {
        let mut helpers = Vec::with_capacity(wanted - 1);
        for i in 1..wanted {
            if Vec::<u8>::new().try_reserve_exact(THREAD_ROOM).is_err() {
                break;
            }
            let spawned = std::thread::Builder::new()
                .name(format!("{}{}", WORKER_NAME, i))
                .stack_size(WORKER_STACK)
                .spawn_scoped(scope, help);
            let helper = match spawned {
                Ok(helper) => helper,
                Err(_) => break,
            };
            // Let it make its buffers (and its arena) before the next is probed for, so the
            // probe sees the memory the workers really took.
            while shared.began.load(Ordering::Relaxed) < i && !helper.is_finished() {
                std::thread::yield_now();
            }
            helpers.push(helper);
        }
        work();
        // A helper can die in the standard library's own start-up (no memory for its signal
        // stack), before it took a unit: its share went to the others. A panic after it began
        // is a bug, and is passed on.
        let mut died = Vec::new();
        let spawned = helpers.len();
        for helper in helpers {
            if let Err(payload) = helper.join() {
                died.push(payload);
            }
        }
        let began = shared.began.load(Ordering::Relaxed);
        if died.len() > 1 + spawned - began {
            std::panic::resume_unwind(died.remove(0));
        }
        began - shared.retired.load(Ordering::Relaxed)
    });
    if worked < wanted {
        if let Some(fewer) = threads.fewer {
            // The threads asked for, not those there was work for.
            fewer(worked, threads.wanted);
        }
    }
    match shared
        .failure
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
    {
        Some(e) => Err(e),
        None => Ok(shared.total.into_inner().unwrap_or_else(|e| e.into_inner())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_unit_is_solved_once_whatever_the_threads() {
        let units: Vec<u64> = (1..=100).collect();
        for wanted in [0, 1, 2, 7, 300] {
            let threads = Threads {
                wanted,
                fewer: None,
            };
            let sum = share_out(&units, threads, None, || Ok(()), |_, &u| Ok(u)).unwrap();
            assert_eq!(sum, 5050);
        }
    }

    #[test]
    fn a_worker_out_of_memory_leaves_its_units_to_the_others() {
        let units: Vec<u64> = (1..=1000).collect();
        let memory = || {
            CountError::Memory(OutOfMemory {
                what: "a test",
                needed: 1,
            })
        };
        // The first worker to reach its third unit runs out of memory there, once.
        let failed_once = AtomicBool::new(false);
        let fewer = Mutex::new(None);
        let note = |worked: usize, wanted: usize| *fewer.lock().unwrap() = Some((worked, wanted));
        let threads = Threads {
            wanted: 2,
            fewer: Some(&note),
        };
        let sum = share_out(
            &units,
            threads,
            None,
            || Ok(0u32),
            |taken: &mut u32, &u| {
                *taken += 1;
                if *taken == 3 && !failed_once.swap(true, Ordering::SeqCst) {
                    return Err(memory());
                }
                Ok(u)
            },
        );
        assert_eq!(
            sum.unwrap(),
            500_500,
            "every unit once, the given-back one too"
        );
        assert_eq!(*fewer.lock().unwrap(), Some((1, 2)));
        // The last worker cannot leave its share to anyone: the count fails.
        let alone = Threads {
            wanted: 1,
            fewer: None,
        };
        let failed = share_out(
            &units,
            alone,
            None,
            || Ok(()),
            |_, &u| if u == 5 { Err(memory()) } else { Ok(u) },
        );
        assert!(matches!(failed, Err(CountError::Memory(_))));
    }

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
