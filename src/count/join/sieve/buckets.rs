//! Keys sorted into buckets by their pattern, and a crew's segments joined into one sorted
//! batch, a run of coarse buckets a thread.

use super::sorting::{Sorting, WAYS};
#[cfg(doc)]
use super::{sorting::COARSE, trie::MAX_WIDTH};
use crate::count::join::sliced::BLOCK;
use crate::memory::OutOfMemory;

/// Keys sorted into buckets: bucket `b` is `keys[at[b]..at[b + 1]]`.
///
/// The starts are 32 bits: a crew's batch of 128 Mi halves is kept in 64 segments, each with
/// the starts of every leaf of the cut (some 10^5, at most 2^[`MAX_WIDTH`]); the 64 segments of its other side
/// are sorted into at most [`COARSE`] coarse buckets each before they are joined.
#[derive(Default)]
pub struct Buckets {
    pub(super) keys: Vec<u64>,
    pub(super) at: Vec<u32>,
}

impl Buckets {
    /// No buckets yet, with room for `keys` keys in `buckets` buckets had now, in the calling
    /// thread: the C library keeps what a thread frees for that thread to use again, so a
    /// crew's big buffers are had by one thread, whichever thread fills them.
    ///
    /// # Errors
    ///
    /// [`OutOfMemory`] if the room cannot be had.
    pub(in crate::count::join) fn with_room(
        keys: usize,
        buckets: usize,
    ) -> Result<Buckets, OutOfMemory> {
        let mut room = Buckets::default();
        crate::memory::reserve(&mut room.keys, keys, "the sieve's buckets")?;
        crate::memory::reserve(&mut room.at, buckets + 1, "the sieve's buckets")?;
        Ok(room)
    }

    /// Bucket `b`.
    pub(super) fn get(&self, b: usize) -> &[u64] {
        &self.keys[self.at[b] as usize..self.at[b + 1] as usize]
    }

    /// Sorts `keys` into buckets (`slot(key)`, below `buckets`), each key as `store(key)`;
    /// `next` is room to work in.
    ///
    /// # Errors
    ///
    /// [`OutOfMemory`] if the buckets do not fit.
    ///
    /// # Panics
    ///
    /// Panics if there are 2^32 keys or more (a side's batch holds at most a few million).
    ///
    /// # Complexity
    ///
    /// O(|keys| + buckets).
    pub(super) fn fill(
        &mut self,
        keys: &[u64],
        (slot, buckets): (impl Fn(u64) -> usize, usize),
        store: impl Fn(u64) -> u64,
        next: &mut Vec<u32>,
    ) -> Result<(), OutOfMemory> {
        let at = &mut self.at;
        at.clear();
        crate::memory::reserve(at, buckets + 1, "the sieve's buckets")?;
        at.resize(buckets + 1, 0);
        assert!(
            u32::try_from(keys.len()).is_ok(),
            "sieve: {} keys",
            keys.len()
        );
        for &key in keys {
            at[slot(key) + 1] += 1;
        }
        for b in 0..buckets {
            at[b + 1] += at[b];
        }
        let out = &mut self.keys;
        out.clear();
        crate::memory::reserve(out, keys.len(), "the sieve's buckets")?;
        out.resize(keys.len(), 0);
        next.clear();
        crate::memory::reserve(next, buckets, "the sieve's buckets")?;
        next.extend_from_slice(&at[..buckets]);
        for &key in keys {
            let b = slot(key);
            out[next[b] as usize] = store(key);
            next[b] += 1;
        }
        Ok(())
    }

    /// Sorts `keys` of the west side (if `west`) or of the east side into these buckets by
    /// their slots of `sorting` ([`Sorting::slots`]), each as [`Sorting::store`] has it
    /// (`next`: room to work in). A cut of one depth on a run read in key order (every row set below a batch of
    /// 2^20 keys) has its own loop, a shift and a mask a key: at n = 19 the general one cost
    /// a tenth of the count.
    ///
    /// # Errors
    ///
    /// [`OutOfMemory`] if the buckets do not fit.
    pub(super) fn sort_by(
        &mut self,
        sorting: &Sorting,
        keys: &[u64],
        west: bool,
        weight: &impl Fn(u64) -> usize,
        next: &mut Vec<u32>,
    ) -> Result<(), OutOfMemory> {
        let store = sorting.store(west, weight);
        let width = sorting.trie.width();
        let ways = sorting.ways(west);
        let blocked = west == sorting.west_blocked;
        let Some(start) = sorting.trie.plain() else {
            // Each side its own loop, with no branch a key but the weight's.
            let trie = &*sorting.trie;
            return match (blocked, ways == WAYS) {
                (true, true) => {
                    let slot = |key| trie.leaf(trie.index(key)) * WAYS + weight(key);
                    self.fill(keys, (slot, trie.leaves() * WAYS), store, next)
                }
                (true, false) => {
                    let slot = |key| trie.leaf(trie.index(key));
                    self.fill(keys, (slot, trie.leaves()), store, next)
                }
                (false, _) => self.fill(keys, sorting.slots(west, weight), store, next),
            };
        };
        let mask = (1usize << width) - 1;
        let slot = move |key: u64| {
            let index = (key >> start) as usize & mask;
            match (ways == WAYS, blocked) {
                (false, _) => index,
                (true, true) => index * WAYS + weight(key),
                (true, false) => weight(key) << width | index,
            }
        };
        self.fill(keys, (slot, ways << width), store, next)
    }

    /// Makes room to join `segments`, the segments of a batch each sorted into the same coarse
    /// buckets of a side's `buckets` buckets ([`Sieve::sort_coarse`]), into these buckets,
    /// and cuts the work into about `runs` runs of neighbouring coarse buckets, each to be
    /// done by [`JoinRun::fill`] (on any thread): the keys and the starts of each run are a
    /// slice of their own.
    ///
    /// # Errors
    ///
    /// [`OutOfMemory`] if the keys do not fit.
    ///
    /// # Panics
    ///
    /// Panics if there are 2^32 keys or more.
    ///
    /// # Complexity
    ///
    /// O(runs · segments + buckets), and O(keys) to make room the first time.
    pub(super) fn join_runs(
        &mut self,
        segments: &[Buckets],
        buckets: usize,
        runs: usize,
    ) -> Result<Vec<JoinRun<'_>>, OutOfMemory> {
        let shift = Sorting::coarse_shift(buckets);
        let coarse = segments.first().map_or(0, |s| s.at.len().saturating_sub(1));
        let runs = runs.clamp(1, coarse.max(1));
        let bounds: Vec<usize> = (0..=runs).map(|r| r * coarse / runs).collect();
        let size = |from: usize, to: usize| -> usize {
            segments
                .iter()
                .map(|s| (s.at[to] - s.at[from]) as usize)
                .sum()
        };
        let total = match coarse {
            0 => 0,
            _ => size(0, coarse),
        };
        assert!(u32::try_from(total).is_ok(), "sieve: {} keys", total);
        // Kept from one batch to the next: only room not had before is zeroed.
        let more = total.saturating_sub(self.keys.len());
        crate::memory::reserve(&mut self.keys, more, "the sieve's buckets")?;
        self.keys.resize(total, 0);
        self.at.clear();
        crate::memory::reserve(&mut self.at, buckets + 1, "the sieve's buckets")?;
        self.at.resize(buckets + 1, total as u32);
        let (mut keys, mut at) = (&mut self.keys[..], &mut self.at[..buckets]);
        let mut segments = Vec::with_capacity(runs);
        let mut first = 0;
        for run in bounds.windows(2) {
            let (from, to) = (run[0], run[1]);
            let len = if coarse == 0 { 0 } else { size(from, to) };
            let fine = (from << shift).min(buckets)..(to << shift).min(buckets);
            let (run_keys, rest_keys) = std::mem::take(&mut keys).split_at_mut(len);
            let (run_at, rest_at) = std::mem::take(&mut at).split_at_mut(fine.len());
            segments.push(JoinRun {
                coarse: from..to,
                fine: fine.start,
                keys: run_keys,
                at: run_at,
                first,
            });
            (keys, at, first) = (rest_keys, rest_at, first + len);
        }
        Ok(segments)
    }
}

/// A run of neighbouring coarse buckets of a join ([`Buckets::join_runs`]): their keys and
/// the starts of their buckets, to be filled from the segments.
pub struct JoinRun<'a> {
    pub(super) coarse: std::ops::Range<usize>,
    /// The run's first bucket.
    pub(super) fine: usize,
    pub(super) keys: &'a mut [u64],
    pub(super) at: &'a mut [u32],
    /// Where the run's keys start in the joined buckets.
    pub(super) first: usize,
}

impl JoinRun<'_> {
    /// Fills the run: the keys of its coarse buckets of every segment gathered in `room`'s,
    /// then sorted into its buckets by `cut` (the side not loaded into blocks) and squeezed.
    ///
    /// # Errors
    ///
    /// [`OutOfMemory`] if `room` cannot hold the run's keys.
    ///
    /// # Complexity
    ///
    /// O(the run's keys + its buckets + its coarse buckets · segments).
    pub(in crate::count::join) fn fill(
        self,
        segments: &[Buckets],
        sorting: &Sorting,
        weight: &impl Fn(u64) -> usize,
        room: &mut Vec<u64>,
    ) -> Result<(), OutOfMemory> {
        room.clear();
        crate::memory::reserve(room, self.keys.len(), "the sieve's buckets")?;
        for b in self.coarse {
            for segment in segments {
                room.extend_from_slice(segment.get(b));
            }
        }
        let (slot, _) = sorting.slots(!sorting.west_blocked, weight);
        // Counted, each bucket's end found, and the keys put in from the back: each start
        // is then where its bucket begins.
        self.at.fill(0);
        for &key in room.iter() {
            self.at[slot(key) - self.fine] += 1;
        }
        let mut end = self.first as u32;
        for at in self.at.iter_mut() {
            end += *at;
            *at = end;
        }
        for &key in room.iter().rev() {
            let at = &mut self.at[slot(key) - self.fine];
            *at -= 1;
            self.keys[*at as usize - self.first] = sorting.squeeze.apply(key);
        }
        Ok(())
    }
}

/// Calls `each` with every block of bucket `b` of `segments` (up to [`BLOCK`] keys, all full
/// but the last): the bucket's own keys when it lies in one segment, else keys gathered in
/// `gathered`.
pub(super) fn blocks_of(
    segments: &[Buckets],
    b: usize,
    gathered: &mut Vec<u64>,
    each: &mut impl FnMut(&[u64]),
) {
    if let [one] = segments {
        one.get(b).chunks(BLOCK).for_each(each);
        return;
    }
    gathered.clear();
    for segment in segments {
        let mut keys = segment.get(b);
        while !keys.is_empty() {
            let take = (BLOCK - gathered.len()).min(keys.len());
            gathered.extend_from_slice(&keys[..take]);
            keys = &keys[take..];
            if gathered.len() == BLOCK {
                each(gathered);
                gathered.clear();
            }
        }
    }
    if !gathered.is_empty() {
        each(gathered);
    }
}
