//! Where a count's threads are started: [`spawn`] for the workers that share out units
//! (`super::workers`), and [`together`] for a crew's threads that share the tasks of one unit
//! (the join's crew). One place decides their names, stacks and what a thread that cannot
//! start means: its work goes to the threads that did.

use crate::memory::OutOfMemory;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;

/// The stack of a worker thread: the searches recurse at most 32 deep in small frames, so a
/// quarter of the usual 2 MiB leaves a wide margin and lets many threads start in little
/// address space.
pub(super) const WORKER_STACK: usize = 512 << 10;

/// The address space a thread beyond the first needs free before it starts: its stack, the
/// allocator's arena of its own (glibc reserves 64 MB for each thread's), and room to work.
/// Where memory is limited (`ulimit -v`, a batch system's limit) a thread started without it
/// makes some later small allocation fail, which aborts the whole process; without it the
/// count goes on with fewer threads and says so.
pub(super) const THREAD_ROOM: usize = 128 << 20;

/// Starts `work` on a thread of its own named `name` in `scope`, with a stack of `stack` bytes
/// (`None`: the standard library's). `None` if the system would not start it, or if
/// [`THREAD_ROOM`] of address space is not free.
pub(super) fn spawn<'scope, T: Send + 'scope>(
    scope: &'scope std::thread::Scope<'scope, '_>,
    name: String,
    stack: Option<usize>,
    work: impl FnOnce() -> T + Send + 'scope,
) -> Option<std::thread::ScopedJoinHandle<'scope, T>> {
    if !crate::memory::can_have(THREAD_ROOM) {
        return None;
    }
    let mut builder = std::thread::Builder::new().name(name);
    if let Some(stack) = stack {
        builder = builder.stack_size(stack);
    }
    builder.spawn_scoped(scope, work).ok()
}

/// What the threads of [`together`] beyond the first did, summed over its calls: their CPU
/// time (a count's recorded CPU seconds include it), and the most threads the system would
/// not start.
#[derive(Default, Debug)]
pub(crate) struct Helpers {
    /// CPU nanoseconds of the threads beyond the first.
    cpu_ns: AtomicU64,
    /// The most threads the system would not start for one call (0: none missing).
    missing: AtomicUsize,
}

impl Helpers {
    /// The CPU time of the threads beyond the first, in nanoseconds.
    pub(crate) fn cpu_ns(&self) -> u64 {
        self.cpu_ns.load(Ordering::Relaxed)
    }

    /// The most threads one call could not start (0 if every one started).
    pub(crate) fn missing(&self) -> usize {
        self.missing.load(Ordering::Relaxed)
    }
}

/// Runs tasks `0..tasks` on `hands`, each hand a thread's own buffers: the first on the
/// calling thread, each other on a thread of its own (one the system will not start leaves
/// its tasks to the others), each taking the next task not taken. Returns the tasks' results
/// in their order, or the first error (the tasks not begun then are not run). What the
/// threads beyond the first did is added to `helpers`.
///
/// # Panics
///
/// Panics if `hands` is empty, or passes on a task's panic.
///
/// # Complexity
///
/// The tasks' work, spread over the hands, plus starting `hands.len() - 1` threads.
pub(crate) fn together<H: Send, R: Send>(
    hands: &mut [H],
    tasks: usize,
    helpers: &Helpers,
    work: impl Fn(usize, &mut H) -> Result<R, OutOfMemory> + Sync,
) -> Result<Vec<R>, OutOfMemory> {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let results: Mutex<Vec<Option<R>>> = Mutex::new((0..tasks).map(|_| None).collect());
    let failure: Mutex<Option<OutOfMemory>> = Mutex::new(None);
    let run = |hand: &mut H| {
        while !stop.load(Ordering::Relaxed) {
            let task = next.fetch_add(1, Ordering::Relaxed);
            if task >= tasks {
                break;
            }
            match work(task, hand) {
                Ok(result) => lock(&results)[task] = Some(result),
                Err(e) => {
                    stop.store(true, Ordering::Relaxed);
                    lock(&failure).get_or_insert(e);
                }
            }
        }
    };
    let (first, rest) = hands.split_first_mut().expect("a crew has a hand");
    let wanted = rest.len().min(tasks.saturating_sub(1));
    std::thread::scope(|scope| {
        let run = &run;
        let mut started = Vec::with_capacity(wanted);
        for hand in rest.iter_mut().take(wanted) {
            let helper = spawn(scope, "queens-crew".to_string(), None, move || {
                let clock = crate::clock::Clock::start();
                run(hand);
                clock.elapsed()
            });
            match helper {
                Some(helper) => started.push(helper),
                None => break,
            }
        }
        let missing = wanted - started.len();
        helpers.missing.fetch_max(missing, Ordering::Relaxed);
        run(first);
        for helper in started {
            match helper.join() {
                Ok(spent) => {
                    let ns = u64::try_from(spent.as_nanos()).unwrap_or(u64::MAX);
                    helpers.cpu_ns.fetch_add(ns, Ordering::Relaxed);
                }
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
    });
    if let Some(e) = failure.into_inner().unwrap_or_else(|e| e.into_inner()) {
        return Err(e);
    }
    Ok(results
        .into_inner()
        .unwrap_or_else(|e| e.into_inner())
        .into_iter()
        .map(|result| result.expect("every task ran"))
        .collect())
}

/// Locks `mutex`, whatever a panicking thread left in it (the panic is passed on anyway).
pub(crate) fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_task_runs_once_and_the_results_keep_their_order() {
        for hands in [1, 2, 5] {
            let mut crew = vec![(); hands];
            let helpers = Helpers::default();
            let ran = AtomicUsize::new(0);
            let results = together(&mut crew, 200, &helpers, |task, _| {
                ran.fetch_add(1, Ordering::Relaxed);
                Ok(task * task)
            })
            .unwrap();
            assert_eq!(results, (0..200).map(|t| t * t).collect::<Vec<_>>());
            assert_eq!(ran.into_inner(), 200);
            assert_eq!(helpers.missing(), 0);
            assert!(together(&mut crew, 0, &helpers, |_, _| Ok(()))
                .unwrap()
                .is_empty());
        }
    }

    #[test]
    fn a_task_short_of_memory_stops_the_others_and_is_the_answer() {
        let mut crew = vec![(); 3];
        let failed = together(&mut crew, 1000, &Helpers::default(), |task, _| match task {
            7 => Err(OutOfMemory {
                what: "a test",
                needed: 1,
            }),
            _ => Ok(task),
        });
        assert_eq!(failed.unwrap_err().what, "a test");
    }
}
