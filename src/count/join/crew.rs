//! A crew: from n = [`CREW_FROM`](super::CREW_FROM) the threads of a count work on one row set together, so
//! its lists and the big sorted batch of its larger side are held once, not once a thread.
//!
//! A row set of n = 28 has tens of millions of halves a side; the kernel's probes per
//! placement fall as the batch of the larger side kept sorted grows (its buckets fill as the
//! sieve cuts finer; docs/counter.md, "The crew", measures how much), and the crew keeps 128 Mi
//! (1 GB). One such batch a thread would not fit in a node's memory at 16 threads, so the
//! threads share it:
//!
//! 1. the batch of the larger side is made in `KEPT_SUBS` segments, one thread a segment,
//!    twice: first sampled (`Sampled`: the sieve's cut is chosen from the samples of them
//!    all, and each segment's size is known), then made again and sorted into the sieve's
//!    buckets on its own, in room had beforehand by one thread; a block of a bucket gathers
//!    the bucket's keys of every segment. The batch is so never held unsorted beside its
//!    sorted copy, and its big buffers come from one thread: the C library keeps what a
//!    thread frees for that thread, and threads each allocating segments freed by others
//!    hold far more than the count needs (docs/counter.md, "The crew");
//! 2. each batch of the other side (16 Mi halves: each block of the kept batch is loaded
//!    once a batch, so fewer batches load fewer blocks) is made in `PROBING_SUBS` segments the
//!    same way, sorted, and joined into one sorted batch by all the threads;
//! 3. the sieve's patterns are shared out among the threads, each probing the blocks of its
//!    patterns with its own block tables.
//!
//! So a count holds one row set's lists, one big batch and one small one, and each thread
//! beyond the first only its own buffers ([`Hand`]), its room for making a segment shrunk to
//! the other side's size once the big batch is kept. With one thread it is the same work in
//! the same order: the count, the pieces of a checkpoint and the estimate do not depend on the
//! threads.

use super::halves::{Keys, RowSet};
use super::meeting::{batch_count, probing_segment, segments_of, Meeting};
use super::plan::Join;
use super::progress::Progress;
use super::sieve::{Buckets, Gather, Sampled, Side, Sieve};
use super::sliced::Sliced;
use crate::count::run::threads::{lock, together, Helpers};
use crate::count::run::CountError;
use crate::memory::OutOfMemory;
use std::sync::Mutex;

/// The shares of the patterns a thread of the crew takes at a time, per thread: enough that
/// no thread waits long for the last.
const SHARES_A_HAND: usize = 32;

/// The runs of the sieve's patterns a sample of the estimate probes one of: the batches of a
/// crew are big (a pair of them is some seconds of probing at n = 28), and a sample of one
/// pair would leave an estimate of two minutes a dozen samples.
pub(super) const SAMPLED_RUNS: usize = 16;

/// One thread's own buffers in a crew.
struct Hand {
    keys: Keys,
    block: Sliced,
    gathered: Gather,
    next: Vec<u32>,
}

/// The threads of a count working on one row set together, each with its own buffers.
pub(super) struct Crew {
    hands: Vec<Hand>,
    /// The room of each segment of the other side's batches, had by the count's thread for
    /// the first batch met with a kept one and used again for the next ones.
    rooms: Vec<Buckets>,
}

impl Crew {
    /// A crew of `hands` threads (at least one) for keys of `key_bits` bits.
    pub(super) fn new(hands: usize, key_bits: u32) -> Crew {
        let hand = || Hand {
            keys: Keys::default(),
            block: Sliced::new(key_bits.max(1) as usize),
            gathered: Gather::default(),
            next: Vec::new(),
        };
        Crew {
            hands: (0..hands.max(1)).map(|_| hand()).collect(),
            rooms: Vec::new(),
        }
    }

    /// Makes batch `b` of the larger side of `row_set` (the west one if `west_blocked`) and
    /// keeps it sorted in `sieve`, its cut chosen against batch `p` of the other side. Returns
    /// the seconds it took, and the seconds of it one thread worked while the others waited
    /// (choosing the cut).
    ///
    /// # Errors
    ///
    /// [`OutOfMemory`] if the batch does not fit.
    pub(super) fn keep_batch(
        &mut self,
        (join, row_set, sieve): (&Join, RowSet<'_>, &mut Sieve),
        (meeting, west_blocked): (&Meeting, bool),
        (b, p): (usize, usize),
        helpers: &Helpers,
    ) -> Result<(f64, f64), OutOfMemory> {
        let started = std::time::Instant::now();
        let bits = row_set.used_bits(west_blocked);
        let ((blocked, blocked_subs), (probing, probing_subs)) = meeting.sides(west_blocked);
        let (kept, other) = (
            segments_of(blocked, blocked_subs, b),
            segments_of(probing, probing_subs, p),
        );
        sieve.forget_kept();
        self.rooms = Vec::new();
        // What the choice of the cut reads of both batches, a segment a task, the larger
        // side's first: its keys are not kept (1 GB unsorted beside the 1 GB sorted), but
        // made again to be sorted, which costs a small share of the time they are met for.
        let sampled = together(
            &mut self.hands,
            kept.len() + other.len(),
            helpers,
            |task, hand| {
                let (side, segments) = match task < kept.len() {
                    true => ((blocked, kept.start + task), kept.len()),
                    false => ((probing, other.start + task - kept.len()), other.len()),
                };
                let east = (task < kept.len()) != west_blocked;
                row_set.make(join, east, side, &mut hand.keys)?;
                Sampled::segment(hand.keys.keys(), segments)
            },
        )?;
        let sizes: Vec<usize> = sampled[..kept.len()].iter().map(Side::size).collect();
        let mut sampled = sampled.into_iter();
        let kept_sampled = Sampled::join(sampled.by_ref().take(kept.len()).collect());
        let probing_sampled = Sampled::join(sampled.collect());
        let weight = join.long_diagonals();
        let alone = std::time::Instant::now();
        let sorting = sieve.choose_sorting(
            &kept_sampled,
            &probing_sampled,
            west_blocked,
            bits,
            &weight,
            join.key_bits(),
        )?;
        let serial = alone.elapsed().as_secs_f64();
        drop((kept_sampled, probing_sampled));
        // Each segment made again and sorted on its own, into room had here, in this one
        // thread: the C library keeps what a thread frees for that thread to use again, and
        // 16 threads each holding big buffers freed by the others (a batch's segments, made
        // by whichever thread came) would fill a node's memory.
        let buckets = sorting.buckets(west_blocked);
        let mut rooms = Vec::with_capacity(sizes.len());
        for size in sizes {
            rooms.push(Some(Buckets::with_room(size, buckets)?));
        }
        let rooms = Mutex::new(rooms);
        let segments = together(&mut self.hands, kept.len(), helpers, |task, hand| {
            row_set.make(
                join,
                !west_blocked,
                (blocked, kept.start + task),
                &mut hand.keys,
            )?;
            let mut segment = lock(&rooms)[task].take().expect("each segment sorted once");
            Sieve::sort_segment(
                &sorting,
                hand.keys.keys(),
                true,
                &weight,
                (&mut segment, &mut hand.next),
            )?;
            Ok(segment)
        })?;
        sieve.keep_segments(sorting, segments);
        // The threads' room for a segment of the kept batch, 8 times one of the other side's,
        // held while the kept batch is met, would be an eighth of a crew's memory at 16 threads;
        // and the room to sort one into every bucket of the cut, where the other side's
        // segments need room for the coarse buckets alone.
        for hand in &mut self.hands {
            hand.keys.shrink(2 * probing_segment(join));
            hand.next = Vec::new();
        }
        Ok((started.elapsed().as_secs_f64(), serial))
    }

    /// Makes batch `p` of the other side of `row_set` (the east one if `west_blocked`),
    /// sorted by the cut `sieve` keeps, and counts its pairs with the kept batch, the sieve's
    /// patterns shared out among the crew's threads; only the `r`-th of `of` equal runs of the
    /// patterns when `slice` is `(r, of)` (a sample of the estimate: the runs partition the
    /// pairs). Returns the count, the seconds the making of the batch took, and the seconds of
    /// that one thread worked while the others waited (cutting the batch into runs).
    ///
    /// # Errors
    ///
    /// [`OutOfMemory`] if the batch does not fit.
    ///
    /// # Panics
    ///
    /// Panics if no batch is kept ([`Crew::keep_batch`]).
    pub(super) fn meet_batch(
        &mut self,
        (join, row_set, sieve): (&Join, RowSet<'_>, &mut Sieve),
        (meeting, west_blocked): (&Meeting, bool),
        p: usize,
        (r, of): (usize, usize),
        helpers: &Helpers,
    ) -> Result<(u64, f64, f64), OutOfMemory> {
        let started = std::time::Instant::now();
        let (_, (probing, probing_subs)) = meeting.sides(west_blocked);
        let other = segments_of(probing, probing_subs, p);
        let sorting = sieve.kept().expect("a batch is kept").clone();
        let weight = join.long_diagonals();
        // The segments' rooms had here (in this one thread, as the kept batch's are), once
        // for all the batches met with the kept one.
        while self.rooms.len() < other.len() {
            let room = Buckets::with_room(probing_segment(join), sorting.coarse_buckets())?;
            self.rooms.push(room);
        }
        let rooms = Mutex::new(
            self.rooms
                .drain(..other.len())
                .map(Some)
                .collect::<Vec<_>>(),
        );
        let hands = &mut self.hands;
        let segments = together(hands, other.len(), helpers, |task, hand| {
            let j = other.start + task;
            row_set.make(join, west_blocked, (probing, j), &mut hand.keys)?;
            let mut segment = lock(&rooms)[task].take().expect("each segment sorted once");
            let buffers = (&mut segment, &mut hand.next);
            Sieve::sort_coarse(&sorting, hand.keys.keys(), &weight, buffers)?;
            Ok(segment)
        })?;
        // Joined and sorted finely by all the threads, a run of coarse buckets each.
        let alone = std::time::Instant::now();
        let runs = sieve.probing_runs(&sorting, &segments, hands.len() * SHARES_A_HAND)?;
        let serial = alone.elapsed().as_secs_f64();
        let runs = Mutex::new(runs.into_iter().map(Some).collect::<Vec<_>>());
        let count = lock(&runs).len();
        together(hands, count, helpers, |task, hand| {
            let run = lock(&runs)[task].take().expect("each run filled once");
            run.fill(&segments, &sorting, &weight, hand.gathered.room())
        })?;
        drop(runs);
        self.rooms.extend(segments);
        let made = started.elapsed().as_secs_f64();
        let sieve = &*sieve;
        let all = sorting.patterns();
        let (first, patterns) = (r * all / of, (r + 1) * all / of - r * all / of);
        let shares = match hands.len() {
            1 => 1,
            many => (many * SHARES_A_HAND).min(patterns.max(1)),
        };
        let counts = together(hands, shares, helpers, |share, hand| {
            let range = first + share * patterns / shares..first + (share + 1) * patterns / shares;
            let buffers = (&mut hand.block, &mut hand.gathered);
            Ok(sieve.probe_patterns(&sorting, range, buffers, join.kernel))
        })?;
        Ok((counts.into_iter().sum(), made, serial))
    }

    /// Counts the pairs of `row_set`'s halves met in batches (`meeting`, the larger side the
    /// west one if `west_blocked`) into `progress`, each times `weight`: each batch of the
    /// larger side made and kept by [`Crew::keep_batch`], met with each batch of the other by
    /// [`Crew::meet_batch`]. The pieces are numbered as a worker alone numbers them
    /// (`[at.., kept batch, probing batch]`).
    ///
    /// # Errors
    ///
    /// [`CountError`] if the halves do not fit in memory, or a step cannot be recorded.
    pub(super) fn count_rows(
        &mut self,
        (join, row_set, sieve): (&Join, RowSet<'_>, &mut Sieve),
        (meeting, west_blocked): (&Meeting, bool),
        progress: &mut Progress<'_>,
        (at, weight): ([u64; 3], u64),
        helpers: &Helpers,
    ) -> Result<(), CountError> {
        let ((blocked, blocked_subs), (probing, probing_subs)) = meeting.sides(west_blocked);
        let probing_batches = batch_count(probing, probing_subs);
        let sides = (meeting, west_blocked);
        for b in 0..batch_count(blocked, blocked_subs) {
            let piece = |p: usize| [at[0], at[1], at[2], b as u64, p as u64];
            let Some(first) = (0..probing_batches).find(|&p| !progress.before(&piece(p))) else {
                continue;
            };
            self.keep_batch((join, row_set, sieve), sides, (b, first), helpers)?;
            for p in first..probing_batches {
                let board = (join, row_set, &mut *sieve);
                let (counted, _, _) = self.meet_batch(board, sides, p, (0, 1), helpers)?;
                progress.counted(piece(p), weight * counted)?;
            }
        }
        Ok(())
    }
}
