//! A crew: from n = [`CREW_FROM`] the threads of a count work on one row set together, so
//! its lists and the big sorted chunk of its larger side are held once, not once a thread.
//!
//! A row set of n = 28 has tens of millions of halves a side; the kernel's probes per
//! placement fall as the chunk of the larger side kept sorted grows (its buckets fill as the
//! sieve cuts finer): a chunk of 32 Mi halves met a row set's halves in half the probes of one
//! of 8 Mi, and the crew keeps 64 Mi (512 MB). One such chunk a thread would not fit in a
//! node's memory at 16 threads, so the threads share it:
//!
//! 1. the chunk of the larger side is made in [`KEPT_SUBS`] pieces, one thread a piece; the
//!    sieve's cut is chosen from them all, and each piece is sorted into the sieve's buckets
//!    on its own (a segment); a block of a bucket gathers the bucket's keys of every segment;
//! 2. each chunk of the other side (16 Mi halves: each block of the kept chunk is loaded
//!    once a chunk, so fewer chunks load fewer blocks) is made in [`PROBING_SUBS`] pieces the
//!    same way, sorted, and joined into one sorted chunk by all the threads;
//! 3. the sieve's patterns are shared out among the threads, each probing the blocks of its
//!    patterns with its own block tables.
//!
//! So a count holds one row set's lists, one big chunk and one small one, and each thread
//! beyond the first only its own buffers ([`Hand`]). With one thread it is the same work in
//! the same order: the count, the pieces of a checkpoint and the estimate do not depend on the
//! threads.

use super::chunks::{self, At, Keys};
use super::halves::{Meeting, Scratch, Walk};
use super::plan::Join;
#[cfg(doc)]
use super::plan::HALVES;
use super::quarter::Lists;
use super::sieve::{Buckets, Gather, Sieve};
use super::sliced::Sliced;
use crate::count::run::CountError;
use crate::memory::OutOfMemory;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::Mutex;

/// The smallest `n` counted by a crew: where quarter lists come in parts and row sets hold
/// tens of millions of halves a side.
pub const CREW_FROM: u32 = 28;

/// How many times bigger a crew's chunks of the larger side are than the other side's:
/// 32 × 2 Mi halves, 512 MB.
pub(super) const KEPT: usize = 32;

/// The pieces a chunk of the larger side is made in.
pub(super) const KEPT_SUBS: usize = 32;

/// How many times bigger a crew's chunks of the other side are than [`HALVES`]: each block
/// of the kept chunk is loaded once for each of them. (The first south set of a unit of
/// n = 28 took 67.9 s of CPU with chunks of 2 Mi, 52.6 s with 8 Mi and 49.3 s with 16 Mi.)
pub(super) const PROBING: usize = 8;

/// The pieces a chunk of the other side is made in.
pub(super) const PROBING_SUBS: usize = 64;

/// The shares of the patterns a thread of the crew takes at a time, per thread: enough that
/// no thread waits long for the last.
const SHARES_A_HAND: usize = 32;

/// The runs of the sieve's patterns a sample of the estimate probes one of: the chunks of a
/// crew are big (a pair of them is some seconds of probing at n = 28), and a sample of one
/// pair would leave an estimate of two minutes a dozen samples.
pub(super) const SAMPLED_RUNS: usize = 16;

/// One thread's own buffers in a crew.
pub(super) struct Hand {
    keys: Keys,
    block: Sliced,
    gathered: Gather,
    next: Vec<u32>,
}

impl Hand {
    pub(super) fn new(key_bits: u32) -> Hand {
        Hand {
            keys: Keys::default(),
            block: Sliced::new(key_bits.max(1) as usize),
            gathered: Gather::default(),
            next: Vec::new(),
        }
    }
}

/// What a crew has done beyond its first thread: the CPU time of its other threads, and
/// whether one could not be started.
#[derive(Default)]
pub(super) struct Helped {
    /// CPU nanoseconds of the threads beyond the first.
    pub(super) cpu_ns: AtomicU64,
    /// The most threads the system would not start for one task list (0: none missing).
    pub(super) missing: AtomicUsize,
}

/// Runs tasks `0..tasks` on `hands`: the first on the calling thread, each other on a thread
/// of its own (one the system will not start leaves its tasks to the others), each taking the
/// next task not taken. Returns the tasks' results in their order, or the first error (the
/// tasks not begun then are not run).
///
/// # Panics
///
/// Panics if `hands` is empty, or passes on a task's panic.
pub(super) fn together<R: Send>(
    hands: &mut [Hand],
    tasks: usize,
    helped: &Helped,
    work: impl Fn(usize, &mut Hand) -> Result<R, OutOfMemory> + Sync,
) -> Result<Vec<R>, OutOfMemory> {
    let next = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let results: Mutex<Vec<Option<R>>> = Mutex::new((0..tasks).map(|_| None).collect());
    let failure: Mutex<Option<OutOfMemory>> = Mutex::new(None);
    let run = |hand: &mut Hand| {
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
        let mut helpers = Vec::with_capacity(wanted);
        for hand in rest.iter_mut().take(wanted) {
            let spawned = std::thread::Builder::new()
                .name("queens-crew".to_string())
                .spawn_scoped(scope, move || {
                    let clock = crate::clock::Clock::start();
                    run(hand);
                    clock.elapsed()
                });
            match spawned {
                Ok(helper) => helpers.push(helper),
                Err(_) => break,
            }
        }
        let missing = wanted - helpers.len();
        helped.missing.fetch_max(missing, Ordering::Relaxed);
        run(first);
        for helper in helpers {
            match helper.join() {
                Ok(spent) => {
                    let ns = u64::try_from(spent.as_nanos()).unwrap_or(u64::MAX);
                    helped.cpu_ns.fetch_add(ns, Ordering::Relaxed);
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
fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(|e| e.into_inner())
}

/// What a crew reads and writes of `scratch` for the row set of its `i`-th north set,
/// borrowed apart: the row set's four lists (north-east, south-east, north-west,
/// south-west), the sieve and the hands.
fn crew_parts(scratch: &mut Scratch, i: usize) -> ([&Lists; 4], &mut Sieve, &mut [Hand]) {
    let Scratch {
        north,
        south_east,
        south_west,
        sieve,
        hands,
        ..
    } = scratch;
    let lists = [&north[i].0, &*south_east, &north[i].1, &*south_west];
    (lists, sieve, hands)
}

/// The number of chunks of a side whose pieces start at `starts`, `subs` pieces a chunk.
pub(super) fn chunk_count(starts: &[At], subs: usize) -> usize {
    starts.len().div_ceil(subs)
}

/// The pieces of chunk `j` of a side (`subs` a chunk): indices into its starts.
fn pieces(starts: &[At], subs: usize, j: usize) -> std::ops::Range<usize> {
    j * subs..((j + 1) * subs).min(starts.len())
}

impl Join {
    /// Makes piece `j` of a side's halves (`starts`: where its pieces start) into `keys`:
    /// the east side's if `east`, else the west side's, from the row set's lists `lists`
    /// (north-east, south-east, north-west, south-west).
    pub(super) fn make_piece(
        &self,
        lists: [&Lists; 4],
        east: bool,
        (starts, j): (&[At], usize),
        keys: &mut Keys,
    ) -> Result<(), OutOfMemory> {
        let (upper, lower, width) = match east {
            true => (lists[0], lists[1], self.e),
            false => (lists[2], lists[3], self.w),
        };
        keys.clear();
        let (from, to) = (starts[j], starts.get(j + 1).copied());
        chunks::pairs(
            (upper, lower),
            width,
            self.key_bits(),
            (keys, self.kernel),
            from,
            to,
        )
    }

    /// Makes chunk `b` of the larger side (the west one if `west_blocked`) and keeps it
    /// sorted in the sieve, its cut chosen against chunk `p` of the other side (`sides`: the
    /// blocked and the probing side's starts and pieces a chunk). Returns the seconds it took.
    ///
    /// # Errors
    ///
    /// [`OutOfMemory`] if the chunk does not fit.
    pub(super) fn keep_chunk(
        &self,
        scratch: &mut Scratch,
        i: usize,
        (meeting, west_blocked): (&Meeting, bool),
        (b, p): (usize, usize),
    ) -> Result<f64, OutOfMemory> {
        let started = std::time::Instant::now();
        let bits = self.used_bits(scratch, i, west_blocked);
        let ((blocked, blocked_subs), (probing, probing_subs)) = meeting.sides(west_blocked);
        let (kept, other) = (
            pieces(blocked, blocked_subs, b),
            pieces(probing, probing_subs, p),
        );
        let (lists, sieve, hands) = crew_parts(scratch, i);
        sieve.forget_kept();
        // Both chunks made, a piece a task: the larger side's first.
        let made = together(
            hands,
            kept.len() + other.len(),
            &self.helped,
            |task, hand| {
                let (blocked_side, (starts, j)) = match task < kept.len() {
                    true => (true, (blocked, kept.start + task)),
                    false => (false, (probing, other.start + task - kept.len())),
                };
                let east = blocked_side != west_blocked;
                self.make_piece(lists, east, (starts, j), &mut hand.keys)?;
                let mut piece = Vec::new();
                crate::memory::reserve(&mut piece, hand.keys.keys().len(), "a chunk of halves")?;
                piece.extend_from_slice(hand.keys.keys());
                Ok(piece)
            },
        )?;
        let (kept_keys, probing_keys) = made.split_at(kept.len());
        let blocked_pieces: Vec<&[u64]> = kept_keys.iter().map(Vec::as_slice).collect();
        let probing_all: Vec<&[u64]> = probing_keys.iter().map(Vec::as_slice).collect();
        let weight = self.long_diagonals();
        let cut = sieve.choose_cut(
            &blocked_pieces,
            &probing_all,
            west_blocked,
            bits,
            &weight,
            self.key_bits(),
        )?;
        drop((blocked_pieces, probing_all));
        // Each piece sorted on its own, its unsorted keys let go as soon as it is.
        let unsorted = Mutex::new(
            made.into_iter()
                .take(kept.len())
                .map(Some)
                .collect::<Vec<_>>(),
        );
        let segments = together(hands, kept.len(), &self.helped, |task, hand| {
            let keys = lock(&unsorted)[task]
                .take()
                .expect("each piece sorted once");
            let mut segment = Buckets::default();
            Sieve::sort_segment(&cut, &keys, true, &weight, (&mut segment, &mut hand.next))?;
            Ok(segment)
        })?;
        sieve.keep_segments(cut, segments);
        Ok(started.elapsed().as_secs_f64())
    }

    /// Makes chunk `p` of the other side (the east one if `west_blocked`), sorted by the
    /// kept cut, and counts its pairs with the kept chunk, the sieve's patterns shared out
    /// among the crew's threads; only the `r`-th of `of` equal runs of the patterns when
    /// `slice` is `(r, of)` (a sample of the estimate: the runs partition the pairs). Returns
    /// the count and the seconds the making of the chunk took.
    ///
    /// # Errors
    ///
    /// [`OutOfMemory`] if the chunk does not fit.
    ///
    /// # Panics
    ///
    /// Panics if no chunk is kept ([`Join::keep_chunk`]).
    pub(super) fn meet_chunk(
        &self,
        scratch: &mut Scratch,
        i: usize,
        (meeting, west_blocked): (&Meeting, bool),
        p: usize,
        (r, of): (usize, usize),
    ) -> Result<(u64, f64), OutOfMemory> {
        let started = std::time::Instant::now();
        let (_, (probing, probing_subs)) = meeting.sides(west_blocked);
        let other = pieces(probing, probing_subs, p);
        let (lists, sieve, hands) = crew_parts(scratch, i);
        let cut = sieve.kept().expect("a chunk is kept").clone();
        let weight = self.long_diagonals();
        let segments = together(hands, other.len(), &self.helped, |task, hand| {
            let j = other.start + task;
            self.make_piece(lists, west_blocked, (probing, j), &mut hand.keys)?;
            let mut segment = Buckets::default();
            let sorting = (&mut segment, &mut hand.next);
            Sieve::sort_coarse(&cut, hand.keys.keys(), &weight, sorting)?;
            Ok(segment)
        })?;
        // Joined and sorted finely by all the threads, a run of coarse buckets each.
        let runs = sieve.probing_runs(&cut, &segments, hands.len() * SHARES_A_HAND)?;
        let runs = Mutex::new(runs.into_iter().map(Some).collect::<Vec<_>>());
        let count = lock(&runs).len();
        together(hands, count, &self.helped, |task, hand| {
            let run = lock(&runs)[task].take().expect("each run filled once");
            run.fill(&segments, &cut, &weight, &mut hand.gathered)
        })?;
        drop((runs, segments));
        let made = started.elapsed().as_secs_f64();
        let sieve = &*sieve;
        let all = cut.patterns();
        let (first, patterns) = (r * all / of, (r + 1) * all / of - r * all / of);
        let shares = match hands.len() {
            1 => 1,
            many => (many * SHARES_A_HAND).min(patterns.max(1)),
        };
        let counts = together(hands, shares, &self.helped, |share, hand| {
            let range = first + share * patterns / shares..first + (share + 1) * patterns / shares;
            let buffers = (&mut hand.block, &mut hand.gathered);
            Ok(sieve.probe_patterns(&cut, range, buffers, self.kernel))
        })?;
        Ok((counts.into_iter().sum(), made))
    }

    /// [`Join::count_rows`] by a crew, for a row set met in chunks (`meeting`, the larger
    /// side the west one if `west_blocked`): each chunk of the larger side made and kept by
    /// [`Join::keep_chunk`], met with each chunk of the other by [`Join::meet_chunk`]. The
    /// pieces of the walk are the same as [`Join::count_rows`]'s: a kept chunk by a probing
    /// one.
    ///
    /// # Errors
    ///
    /// [`CountError`] if the halves do not fit in memory, or a step cannot be recorded.
    pub(super) fn count_rows_together(
        &self,
        scratch: &mut Scratch,
        i: usize,
        (meeting, west_blocked): (&Meeting, bool),
        walk: &mut Walk<'_>,
        (at, weight): ([u64; 3], u64),
    ) -> Result<(), CountError> {
        let ((blocked, blocked_subs), (probing, probing_subs)) = meeting.sides(west_blocked);
        let probing_chunks = chunk_count(probing, probing_subs);
        for b in 0..chunk_count(blocked, blocked_subs) {
            let piece = |p: usize| [at[0], at[1], at[2], b as u64, p as u64];
            let Some(first) = (0..probing_chunks).find(|&p| !walk.before(&piece(p))) else {
                continue;
            };
            self.keep_chunk(scratch, i, (meeting, west_blocked), (b, first))?;
            for p in first..probing_chunks {
                let sides = (meeting, west_blocked);
                let (counted, _) = self.meet_chunk(scratch, i, sides, p, (0, 1))?;
                walk.counted(piece(p), weight * counted)?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_task_runs_once_and_the_results_keep_their_order() {
        for hands in [1, 2, 5] {
            let mut crew: Vec<Hand> = (0..hands).map(|_| Hand::new(12)).collect();
            let helped = Helped::default();
            let ran = AtomicUsize::new(0);
            let results = together(&mut crew, 200, &helped, |task, _| {
                ran.fetch_add(1, Ordering::Relaxed);
                Ok(task * task)
            })
            .unwrap();
            assert_eq!(results, (0..200).map(|t| t * t).collect::<Vec<_>>());
            assert_eq!(ran.into_inner(), 200);
            assert_eq!(helped.missing.load(Ordering::Relaxed), 0);
            assert!(together(&mut crew, 0, &helped, |_, _| Ok(()))
                .unwrap()
                .is_empty());
        }
    }

    #[test]
    fn a_task_short_of_memory_stops_the_others_and_is_the_answer() {
        let mut crew: Vec<Hand> = (0..3).map(|_| Hand::new(12)).collect();
        let failed = together(&mut crew, 1000, &Helped::default(), |task, _| match task {
            7 => Err(OutOfMemory {
                what: "a test",
                needed: 1,
            }),
            _ => Ok(task),
        });
        assert_eq!(failed.unwrap_err().what, "a test");
    }
}
