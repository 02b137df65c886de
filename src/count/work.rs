//! How a count runs: its [`Options`] (threads, one part of the work, a board, progress, a
//! checkpoint), and the hand-out of independent units of work to threads, or slices of them
//! to machines.
//!
//! The counters split a count into a fixed list of units (sub-problems), the same list for the
//! same input. `slice` keeps every M-th unit, so M machines can each count one part;
//! `count_units` groups a part's units into at most 512 *chunks* of consecutive units (what a
//! checkpoint records, and what progress counts), and `run_with` lets workers take the chunks
//! one at a time from a shared atomic index, so a slow one never leaves the other cores idle
//! while work remains.

use super::board::Board;
use super::checkpoint::{self, Checkpoint, CheckpointError, Problem};
use crate::judge::MAX_N;
use crate::memory::OutOfMemory;
use std::fmt;
use std::io;
use std::ops::AddAssign;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

/// How a multithreaded counter ([`super::total_with`], [`super::symmetric::count_with`],
/// [`super::join::count_with`]) runs.
///
/// # Example
///
/// ```
/// use nqueens::count::{total_with, Options};
///
/// let two_threads = Options { threads: 2, ..Options::default() };
/// assert_eq!(total_with(10, &two_threads).unwrap(), 724);
/// ```
#[derive(Clone, Copy)]
pub struct Options<'a> {
    /// Worker threads; 0 or 1 runs on the calling thread.
    pub threads: usize,
    /// `Some((k, m))`: count only the k-th (1-based) of m disjoint slices of the units of
    /// work; the m partial counts add up to the whole.
    pub part: Option<(usize, usize)>,
    /// Reserved squares: no queen on them (queens still attack across them). No symmetry is
    /// used then.
    pub board: Option<&'a Board>,
    /// Called after each chunk of work with (chunks done, chunks in all); the chunks a
    /// checkpoint had already counted are done from the start.
    pub progress: Option<&'a (dyn Fn(usize, usize) + Sync)>,
    /// Records every counted chunk, and skips those it had recorded: a count that resumes
    /// where a killed one stopped ([`super::checkpoint`]).
    pub checkpoint: Option<&'a Checkpoint>,
}

impl Default for Options<'_> {
    fn default() -> Self {
        Options {
            threads: 1,
            part: None,
            board: None,
            progress: None,
            checkpoint: None,
        }
    }
}

impl Options<'_> {
    /// Checks the options for a count of `n` queens by the counter `who` (named in the panic).
    ///
    /// # Panics
    ///
    /// Panics if `n > 32`, if the board's size is not `n`, or if the part is not
    /// `1 <= k <= m`.
    pub(crate) fn check(&self, n: u32, who: &str) {
        assert!(n <= MAX_N, "{}: n = {} is above {}", who, n, MAX_N);
        if let Some(board) = self.board {
            assert_eq!(
                board.size(),
                n as usize,
                "{0}: the board is not {1}×{1}",
                who,
                n
            );
        }
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

/// A worker thread could not be started (the system is out of threads or memory); the
/// threads already started were stopped, and no count is given.
#[derive(Debug)]
pub struct ThreadError {
    /// The threads asked for.
    pub wanted: usize,
    /// The threads started before one failed.
    pub started: usize,
    /// Why the next one failed.
    pub error: io::Error,
}

impl fmt::Display for ThreadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "could start only {} of the {} worker threads asked for: {}",
            self.started, self.wanted, self.error
        )
    }
}

impl std::error::Error for ThreadError {}

/// A count could not run: a table it needs does not fit in memory, a worker thread could not
/// be started, or its checkpoint is of another count, damaged or cannot be written. No count
/// is given (the chunks recorded stay recorded).
#[derive(Debug)]
pub enum CountError {
    /// A table the counter needs could not be allocated.
    Memory(OutOfMemory),
    /// A worker thread could not be started.
    Threads(ThreadError),
    /// The checkpoint cannot be used or written.
    Checkpoint(CheckpointError),
}

impl fmt::Display for CountError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CountError::Memory(e) => write!(f, "{}", e),
            CountError::Threads(e) => write!(f, "{}", e),
            CountError::Checkpoint(e) => write!(f, "{}", e),
        }
    }
}

impl From<CheckpointError> for CountError {
    fn from(e: CheckpointError) -> Self {
        CountError::Checkpoint(e)
    }
}

/// A count of one unit of work, as a checkpoint records it: placements, and classes.
pub trait Tally: AddAssign + Default + Copy + Send {
    /// The counts as (placements, classes or 0).
    fn to_pair(self) -> [u64; 2];
    /// The counts from (placements, classes).
    fn from_pair(pair: [u64; 2]) -> Self;
}

impl Tally for u64 {
    fn to_pair(self) -> [u64; 2] {
        [self, 0]
    }
    fn from_pair(pair: [u64; 2]) -> Self {
        pair[0]
    }
}

/// The number of chunks a part's units are recorded in, at most: enough to lose little when
/// killed and to keep every core busy, few enough that recording them costs nothing
/// measurable.
const CHUNKS: usize = 512;

/// Counts the units of a counter named `counter` as `options` say: this part's slice of them,
/// in chunks of consecutive units handed to the threads, each chunk recorded in the
/// checkpoint (if any) as it is counted, and those already recorded skipped.
///
/// # Errors
///
/// [`CountError`] if a thread cannot start or the checkpoint cannot be used or written.
pub(crate) fn count_units<T: Sync + fmt::Debug, S, C: Tally>(
    n: u32,
    counter: &str,
    units: Vec<T>,
    options: &Options<'_>,
    scratch: impl Fn() -> S + Sync,
    solve: impl Fn(&mut S, &T) -> C + Sync,
) -> Result<C, CountError> {
    // Only a checkpoint needs the list's identity (hashing it costs more than a small count).
    let identity = options.checkpoint.map(|_| {
        format!(
            "{}:{:016x}",
            units.len(),
            checkpoint::identity(&format!("{:?}", units))
        )
    });
    let units = slice(units, options.part);
    let size = units.len().div_ceil(CHUNKS).max(1);
    let chunks: Vec<&[T]> = units.chunks(size).collect();
    let mut base = C::default();
    let mut todo: Vec<usize> = (0..chunks.len()).collect();
    if let Some(checkpoint) = options.checkpoint {
        let problem = Problem {
            n,
            ask: checkpoint.ask().to_string(),
            counter: counter.to_string(),
            board: options.board.map_or("none".to_string(), |board| {
                format!("{:016x}", checkpoint::identity(&format!("{:?}", board)))
            }),
            part: options.part.unwrap_or((1, 1)),
            chunks: chunks.len(),
            units: identity.unwrap_or_default(),
        };
        let recorded = checkpoint.begin(&problem)?;
        if let Some(result) = recorded.result {
            return Ok(C::from_pair(result));
        }
        for counts in recorded.done.values() {
            base += C::from_pair(*counts);
        }
        todo.retain(|chunk| !recorded.done.contains_key(chunk));
    }
    let already = chunks.len() - todo.len();
    let report = |done: usize, _: usize| {
        if let Some(progress) = options.progress {
            progress(already + done, chunks.len());
        }
    };
    if let (Some(progress), true) = (options.progress, already > 0) {
        progress(already, chunks.len());
    }
    let report = options
        .progress
        .map(|_| &report as &(dyn Fn(usize, usize) + Sync));
    let mut total = run_with(&todo, options.threads, report, scratch, |own, &chunk| {
        let mut counts = C::default();
        for unit in chunks[chunk] {
            counts += solve(own, unit);
        }
        if let Some(checkpoint) = options.checkpoint {
            checkpoint.record(chunk, counts.to_pair())?;
        }
        Ok(counts)
    })?;
    total += base;
    if let Some(checkpoint) = options.checkpoint {
        checkpoint.finish(total.to_pair())?;
    }
    Ok(total)
}

impl std::error::Error for CountError {}

impl From<OutOfMemory> for CountError {
    fn from(e: OutOfMemory) -> Self {
        CountError::Memory(e)
    }
}

impl From<ThreadError> for CountError {
    fn from(e: ThreadError) -> Self {
        CountError::Threads(e)
    }
}

/// The number of cores this process may use (1 if it cannot be told): the default number of
/// worker threads.
///
/// # Example
///
/// ```
/// assert!(nqueens::count::work::cores() >= 1);
/// ```
pub fn cores() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The k-th (1-based) of m slices of `units`: every m-th one, starting at the k-th; all of
/// them for `None`.
pub(crate) fn slice<T>(units: Vec<T>, part: Option<(usize, usize)>) -> Vec<T> {
    match part {
        None => units,
        Some((k, m)) => units
            .into_iter()
            .enumerate()
            .filter(|(i, _)| i % m == k - 1)
            .map(|(_, unit)| unit)
            .collect(),
    }
}

/// The name of each worker thread, numbered: `count-0`, `count-1`, ….
pub const WORKER_NAME: &str = "count-";

/// The stack of a worker thread: the searches recurse at most 32 deep in small frames, so a
/// quarter of the usual 2 MiB leaves a wide margin and lets many threads start in little
/// address space.
const WORKER_STACK: usize = 512 << 10;

/// Whether another worker thread can start safely, probed by reserving memory and giving it
/// back. A new thread's first allocation may take a whole malloc arena (64 MB of address
/// space) just before the standard library allocates the thread's signal stack, and a failure
/// there aborts the process. So a thread starts when 80 MB are free (room for an arena and
/// more), or when under 60 MB but at least 8 MB are (no arena can be made, and the thread
/// needs little); in between, an arena could take the last of the memory. (Probing 8 MB
/// only let such aborts through under `ulimit -v 200000` with 1024 threads; this let none in
/// 72 runs from 80 to 800 MB.)
fn room_for_a_thread() -> bool {
    let free = |bytes: usize| Vec::<u8>::new().try_reserve_exact(bytes).is_ok();
    free(80 << 20) || (free(8 << 20) && !free(60 << 20))
}

/// Solves every unit on `threads` workers (0 or 1: on the calling thread), each taking the
/// next unit from a shared index, and adds up the results. `progress` hears (units done,
/// units in all) after each one. `scratch()` makes each worker's own buffers when it starts,
/// and `solve` gets them with each unit; the first failure of `solve` stops every worker
/// after its current unit.
///
/// # Errors
///
/// [`CountError::Threads`] if a worker cannot be started (those already started stop after
/// their current unit), or the first error of `solve`.
pub(crate) fn run_with<T: Sync, S, C: AddAssign + Default + Send>(
    units: &[T],
    threads: usize,
    progress: Option<&(dyn Fn(usize, usize) + Sync)>,
    scratch: impl Fn() -> S + Sync,
    solve: impl Fn(&mut S, &T) -> Result<C, CountError> + Sync,
) -> Result<C, CountError> {
    let failure = Mutex::new(None);
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let began = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let total = Mutex::new(C::default());
    let work = || {
        // The first allocation of a thread may reserve a whole malloc arena (64 MB of address
        // space): make it, and the worker's buffers, before the next worker is probed for.
        drop(std::hint::black_box(Box::new(0u8)));
        let mut own = scratch();
        began.fetch_add(1, Ordering::Relaxed);
        let mut mine = C::default();
        while !stop.load(Ordering::Relaxed) {
            let unit = match units.get(next.fetch_add(1, Ordering::Relaxed)) {
                Some(unit) => unit,
                None => break,
            };
            match solve(&mut own, unit) {
                Ok(counts) => mine += counts,
                Err(e) => {
                    stop.store(true, Ordering::Relaxed);
                    failure
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .get_or_insert(e);
                    break;
                }
            }
            let finished = done.fetch_add(1, Ordering::Relaxed) + 1;
            if let Some(progress) = progress {
                progress(finished, units.len());
            }
        }
        *total.lock().unwrap_or_else(|e| e.into_inner()) += mine;
    };
    let threads = threads.clamp(1, units.len().max(1));
    let outcome = || match failure.lock().unwrap_or_else(|e| e.into_inner()).take() {
        Some(e) => Err(e),
        None => Ok(()),
    };
    if threads == 1 {
        work();
        outcome()?;
        return Ok(total.into_inner().unwrap_or_else(|e| e.into_inner()));
    }
    std::thread::scope(|scope| {
        let mut workers = Vec::with_capacity(threads);
        let mut failed = None;
        for started in 0..threads {
            // Memory so short that a new thread could not even set itself up would end the
            // process from inside the standard library: stop before that, with room to spare.
            if !room_for_a_thread() {
                stop.store(true, Ordering::Relaxed);
                failed = Some(ThreadError {
                    wanted: threads,
                    started,
                    error: io::Error::new(
                        io::ErrorKind::OutOfMemory,
                        "no memory left for another thread",
                    ),
                });
                break;
            }
            let spawned = std::thread::Builder::new()
                .name(format!("{}{}", WORKER_NAME, started))
                .stack_size(WORKER_STACK)
                .spawn_scoped(scope, work);
            match spawned {
                Ok(worker) => {
                    // Let it set itself up before the next is started, so the probe above sees
                    // the memory the workers really took.
                    while began.load(Ordering::Relaxed) <= started && !worker.is_finished() {
                        std::thread::yield_now();
                    }
                    workers.push(worker);
                }
                Err(error) => {
                    stop.store(true, Ordering::Relaxed);
                    failed = Some(ThreadError {
                        wanted: threads,
                        started,
                        error,
                    });
                    break;
                }
            }
        }
        // A worker can also die in the standard library's own start-up, before it runs `work`
        // (no memory for its signal stack): that too is a thread that could not start. A panic
        // in `work` itself is a bug, and is passed on.
        let spawned = workers.len();
        let mut died = Vec::new();
        for worker in workers {
            if let Err(payload) = worker.join() {
                died.push(payload);
            }
        }
        let never_began = spawned - began.load(Ordering::Relaxed);
        if died.len() > never_began {
            std::panic::resume_unwind(died.remove(0));
        }
        if let Some(failed) = failed {
            return Err(CountError::Threads(failed));
        }
        if !died.is_empty() {
            return Err(CountError::Threads(ThreadError {
                wanted: threads,
                started: spawned - died.len(),
                error: io::Error::new(
                    io::ErrorKind::OutOfMemory,
                    "a thread could not set itself up (out of memory)",
                ),
            }));
        }
        Ok(())
    })?;
    outcome()?;
    Ok(total.into_inner().unwrap_or_else(|e| e.into_inner()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_unit_is_solved_once_whatever_the_threads() {
        let units: Vec<u64> = (1..=100).collect();
        for threads in [0, 1, 2, 7, 300] {
            let sum = run_with(&units, threads, None, || (), |_, &u| Ok(u)).unwrap();
            assert_eq!(sum, 5050);
        }
    }

    #[test]
    fn the_slices_partition_the_units() {
        let units: Vec<usize> = (0..10).collect();
        assert_eq!(slice(units.clone(), Some((2, 3))), vec![1, 4, 7]);
        let mut all: Vec<usize> = (1..=3)
            .flat_map(|k| slice(units.clone(), Some((k, 3))))
            .collect();
        all.sort();
        assert_eq!(all, units);
    }
}
