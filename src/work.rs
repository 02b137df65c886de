//! Handing independent units of work to threads, and slicing them across machines.
//!
//! The counters split a count into a fixed list of units (sub-problems), the same list for the
//! same input. [`run`] lets workers take them one at a time from a shared atomic index, so a
//! slow unit never leaves the other cores idle while work remains; [`slice`] keeps every M-th
//! unit, so M machines can each count one slice and add up the sums.

use std::ops::AddAssign;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

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

/// Solves every unit on `threads` workers (0 or 1: on the calling thread), each taking the
/// next unit from a shared index, and adds up the results. `progress` hears (units done,
/// units in all) after each one.
pub(crate) fn run<T: Sync, C: AddAssign + Default + Send>(
    units: &[T],
    threads: usize,
    progress: Option<&(dyn Fn(usize, usize) + Sync)>,
    solve: impl Fn(&T) -> C + Sync,
) -> C {
    let next = AtomicUsize::new(0);
    let done = AtomicUsize::new(0);
    let total = Mutex::new(C::default());
    let work = || {
        let mut mine = C::default();
        while let Some(unit) = units.get(next.fetch_add(1, Ordering::Relaxed)) {
            mine += solve(unit);
            let finished = done.fetch_add(1, Ordering::Relaxed) + 1;
            if let Some(progress) = progress {
                progress(finished, units.len());
            }
        }
        *total.lock().unwrap_or_else(|e| e.into_inner()) += mine;
    };
    let threads = threads.clamp(1, units.len().max(1));
    if threads == 1 {
        work();
    } else {
        std::thread::scope(|scope| {
            for _ in 0..threads {
                scope.spawn(work);
            }
        });
    }
    total.into_inner().unwrap_or_else(|e| e.into_inner())
}
