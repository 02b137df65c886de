//! The hand-out of units of work to threads: each worker counts a run of consecutive units
//! and, when its run is done, takes the back half of the longest run left, so no core idles
//! while work remains; a thread that cannot start, or that runs out of memory, leaves its
//! share to the others.
//!
//! Runs, rather than the next unit for whoever asks: neighbouring units share buffers a worker
//! keeps (the join's units of one tile share its north lists), and two threads taking turns
//! along the list would each build them. With runs, a worker builds a tile's lists once, but
//! where its run meets another's.

use super::error::CountError;
use super::threads::{spawn, WORKER_STACK};
use std::ops::AddAssign;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Mutex;

/// The name of each worker thread, numbered: `count-1`, `count-2`, … (the calling thread
/// works too).
const WORKER_NAME: &str = "count-";

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

/// What the workers of [`share_out`] share: the runs of units left, how many are done, whether
/// to stop, the first failure, and the sum so far.
struct Shared<C> {
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

/// The workers at work, the units given back, and the runs of units not yet taken: one for
/// each worker that has taken any (by its slot), and the first, the whole list, nobody's.
struct Pool {
    active: usize,
    returned: Vec<usize>,
    runs: Vec<std::ops::Range<usize>>,
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
        let slot = {
            let mut pool = self.pool();
            if helper {
                pool.active += 1;
            }
            pool.runs.push(0..0);
            pool.runs.len() - 1
        };
        let own = scratch();
        self.began.fetch_add(1, Ordering::Relaxed);
        let mut own = match own {
            Ok(own) => own,
            Err(e) => return self.retire_or_fail(e, None),
        };
        let mut mine = C::default();
        while !self.stop.load(Ordering::Relaxed) {
            let Some(i) = self.take(slot) else {
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

    /// The next unit of the worker in `slot`: one given back, the next of its run, or the
    /// first of the back half of the longest run left (taken as its new run; the first worker
    /// takes the whole list); `None` when there is none, and then this worker has left the
    /// pool.
    ///
    /// # Complexity
    ///
    /// O(workers), under the pool's lock: units take milliseconds or more.
    fn take(&self, slot: usize) -> Option<usize> {
        let mut pool = self.pool();
        if let Some(i) = pool.returned.pop() {
            return Some(i);
        }
        if pool.runs[slot].is_empty() {
            let longest = (0..pool.runs.len()).max_by_key(|&j| pool.runs[j].len());
            if let Some(j) = longest.filter(|&j| !pool.runs[j].is_empty()) {
                let run = pool.runs[j].clone();
                // The list nobody has taken yet is taken whole; a worker's run is halved.
                let middle = match j {
                    0 => run.start,
                    _ => run.start + run.len() / 2,
                };
                pool.runs[j].end = middle;
                pool.runs[slot] = middle..run.end;
            }
        }
        match pool.runs[slot].next() {
            Some(i) => Some(i),
            None => {
                pool.active -= 1;
                None
            }
        }
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
/// counting a run of consecutive units and then splitting the longest run left, and adds up
/// the results. `progress` hears (units
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
        done: AtomicUsize::new(0),
        began: AtomicUsize::new(0),
        stop: AtomicBool::new(false),
        failure: Mutex::new(None),
        total: Mutex::new(C::default()),
        pool: Mutex::new(Pool {
            active: 1,
            returned: Vec::new(),
            runs: std::iter::once(0..units.len()).collect(),
        }),
        retired: AtomicUsize::new(0),
    };
    let help = || shared.work(true, units, progress, &scratch, &solve);
    let work = || shared.work(false, units, progress, &scratch, &solve);
    let wanted = threads.wanted.clamp(1, units.len().max(1));
    let worked = std::thread::scope(|scope| {
        let mut helpers = Vec::with_capacity(wanted - 1);
        for i in 1..wanted {
            if !crate::memory::can_have(THREAD_ROOM) {
                break;
            }
            let name = format!("{}{}", WORKER_NAME, i);
            let Some(helper) = spawn(scope, name, Some(WORKER_STACK), help) else {
                break;
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
    use crate::memory::OutOfMemory;

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
    fn each_worker_counts_runs_of_neighbouring_units() {
        // Two workers, units of equal length: each takes a run, and only the last units are
        // split finely; taking turns along the list would break each worker's units at
        // almost every unit.
        let units: Vec<usize> = (0..1000).collect();
        let taken = Mutex::new(Vec::new());
        let threads = Threads {
            wanted: 2,
            fewer: None,
        };
        let sum = share_out(
            &units,
            threads,
            None,
            || Ok(std::thread::current().id()),
            |me, &u| {
                std::thread::sleep(std::time::Duration::from_micros(50));
                taken.lock().unwrap().push((*me, u));
                Ok(u)
            },
        )
        .unwrap();
        assert_eq!(sum, 499_500);
        let taken = taken.into_inner().unwrap();
        let workers: std::collections::HashSet<_> = taken.iter().map(|&(me, _)| me).collect();
        for worker in workers {
            let mut mine: Vec<usize> = taken
                .iter()
                .filter(|&&(me, _)| me == worker)
                .map(|&(_, u)| u)
                .collect();
            mine.sort_unstable();
            let breaks = mine.windows(2).filter(|w| w[1] != w[0] + 1).count();
            assert!(breaks <= 20, "{} units in {} runs", mine.len(), breaks + 1);
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
}
