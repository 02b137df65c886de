//! The sieve: most (west, east) pairs of a row set cannot fit, and buckets find them
//! without trying them.
//!
//! A west and an east half fit when their keys share no diagonal. Pick `c` diagonals that
//! both sides use often, and bucket each side by which of the `c` it uses (its *pattern*): an
//! east half of pattern `p` can fit only west halves whose pattern is a subset of the other
//! diagonals, `!p`. So each east bucket is loaded into blocks as before, and probed only by the
//! west buckets of the subsets of `!p`; the pairs skipped are exactly those that clash on a
//! chosen diagonal, and the kernel checks the rest in full, so the count is unchanged. When
//! the west halves are many more (from n ≈ 25 a row set has a few million east halves and tens
//! of millions of west ones), the roles turn: the west buckets, one per pattern, are loaded
//! into blocks, each word of a block (64 halves) of one weight ([`lanes`]), and probed by the
//! east buckets.
//!
//! The diagonals are chosen from a sample of each side's keys, by how often a random pair
//! clashes on them (the product of the two sides' densities): the run of up to
//! [`MAX_WIDTH`] neighbouring key bits that scores most, so a key's pattern is a shift (and
//! three table lookups where its bits are read in another order); for a crew's big batch
//! (from n = 28) the runs beside it are costed too, since the score misses how the diagonals
//! go together. How many to take is a trade: each doubles the buckets and so the blocks left
//! partly empty at each bucket's end, and each takes a bit out of the keys the kernel reads.
//! The sieve computes what the kernel would do, in row operations (blocks times the probes of
//! their compatible buckets, a subset-sum over the other side's histogram, times the groups
//! of the keys left, plus charges per call, per block and per subset looked at) and takes the
//! cheapest, which is no sieve at all for small row sets. Below [`choice::SOFT_FROM`] keys in
//! blocks the cut has one depth everywhere: the first `c` bits of the run. From there (the
//! batches of n ≈ 25 and up) it is a [`trie`]: the run's bits read best first, the first
//! levels cut everywhere, and a bucket split further only where it is big enough to fill the
//! blocks of its halves, so the sieve cuts deep where the keys are many without emptying the
//! blocks where they are few (docs/counter.md).
//!
//! Before the kernel sees them, every key is squeezed ([`super::squeeze`]) to the diagonals
//! that can still clash: those both sides use, less the sieve's own, on which every pair a
//! bucket pair meets already fits. At n = 22 the keys drop from 42 bits (7 groups) to 25–33
//! (mostly 5 groups).
//!
//! This is the idea of E. Kluev's `sieveCuts` (N-Queens-Count-Sol, `sieve.h`); the choice of
//! the cut by computed cost, the trie and the squeeze are this crate's.

mod buckets;
mod choice;
mod lanes;
mod sampled;
mod sorting;
mod tails;
mod trie;

use super::sliced::{Sliced, BLOCK};
use crate::kernel::{Kernel, GROUP, WEIGHT};
use crate::memory::OutOfMemory;
use buckets::blocks_of;
pub use buckets::{Buckets, JoinRun};
use choice::{Choice, BUCKET_COST, CALL_COST, LOAD_COST, SUBSET_COST};
pub use lanes::Gather;
pub(super) use sampled::{Sampled, Side};
pub use sorting::Sorting;
use sorting::WAYS;
use tails::Packing;
use trie::Descent;
#[cfg(doc)]
use trie::MAX_WIDTH;

/// The fewest east halves a row set needs for the sieve to be worth choosing: below, a few
/// blocks are probed by every west half.
const MIN_EAST: usize = 8 * BLOCK;

/// The fewest west halves loaded into blocks (when there are more of them than east ones):
/// below, the east ones are (docs/counter.md, "Where the time goes at N = 24 to 32").
const MIN_WEST: usize = 128 * BLOCK;

/// One worker's buffers for the sieve, reused from one row set to the next.
#[derive(Default)]
pub struct Sieve {
    /// The side loaded into blocks, sorted into its buckets: one segment, or one for each
    /// segment a crew made of it ([`Sieve::sort_segment`]); a bucket is the same bucket of
    /// every segment, in order.
    blocked: Vec<Buckets>,
    /// The other side, sorted into its buckets.
    probing: Buckets,
    /// The choice of diagonals, with its histograms.
    choice: Choice,
    /// Room for [`Buckets::fill`] to work in.
    next: Vec<u32>,
    /// The cut of the side sorted into blocks, kept for [`Sieve::count_kept`].
    kept: Option<Sorting>,
    /// The seconds the last fresh [`Sieve::count_kept`] took to choose its cut and sort the
    /// larger side: work the count shares among the other side's batches.
    pub(super) prepared: f64,
    /// The last count's choice: the side loaded into blocks (`true`: the west) and the
    /// number of diagonals cut on (none when the keys were not sorted), for the tests.
    #[cfg(test)]
    chosen: Option<(bool, bool)>,
}

impl Sieve {
    /// The pairs of an `east` and a `west` key that share none of the first `key_bits` bits,
    /// each counted `2^weight(west key)` times (`weight` below 3; bits past `key_bits` are
    /// not compared), counted by `kernel` in blocks of the larger side's keys, as
    /// [`Sliced::matches_of`] counts them, with the sieve skipping pairs that clash on its
    /// diagonals.
    ///
    /// # Errors
    ///
    /// [`OutOfMemory`] if the buckets (a copy of both sides) do not fit.
    ///
    /// # Complexity
    ///
    /// O(|east| + |west|) to bucket, and the kernel's work on the pairs left.
    pub fn count(
        &mut self,
        east: &[u64],
        west: &[u64],
        weight: impl Fn(u64) -> usize,
        key_bits: u32,
        block: &mut Sliced,
        kernel: Kernel,
    ) -> Result<u64, OutOfMemory> {
        if east.is_empty() || west.is_empty() {
            return Ok(0);
        }
        // Diagonals only one side uses never clash: squeezed out of every key.
        let key_mask = (1u64 << key_bits) - 1;
        let used = |keys: &[u64]| keys.iter().fold(0, |all, &key| all | key) & key_mask;
        let live = used(east) & used(west);
        let groups = |bits: u32| u64::from(bits.div_ceil(GROUP as u32).max(1));
        // The kernel's cost without sorting the keys (every east block probed by every west
        // key, all groups read), against the sieve's best (squeezed keys, maybe no cut, the
        // blocks made of either side's keys) plus the sorting of both sides into buckets.
        let blocks = east.len().div_ceil(BLOCK) as u64;
        let unsorted =
            blocks * ((west.len() as u64 + LOAD_COST) * (groups(key_bits) + 1) + CALL_COST);
        let squeezed = (west.len() as u64 + LOAD_COST) * (groups(live.count_ones()) + 1);
        let mut best = (false, None, blocks * (squeezed + CALL_COST + SUBSET_COST));
        // The larger side is loaded into blocks, so its buckets stay full as the sieve cuts;
        // but the west only when it is large (its blocks are split by weight, and a small
        // row set's choice costs more than it saves).
        let west_blocked = west.len() > east.len() && west.len() >= MIN_WEST;
        let (blocked, probing) = if west_blocked {
            (west, east)
        } else {
            (east, west)
        };
        if blocked.len() >= MIN_EAST {
            let ways = if west_blocked { WAYS } else { 1 };
            let weigh = |key: u64| if west_blocked { weight(key) } else { 0 };
            let (trie, cost) =
                self.choice
                    .choose(&[blocked][..], ways, weigh, &[probing][..], key_bits, live)?;
            if cost < best.2 {
                best = (west_blocked, Some(trie), cost);
            }
        }
        let (west_blocked, trie, sorted) = best;
        let sorting = BUCKET_COST * (east.len() + west.len()) as u64;
        #[cfg(test)]
        {
            let leaves = trie.as_ref().map_or(1, |trie| trie.leaves());
            self.chosen = (unsorted > sorted + sorting).then_some((west_blocked, leaves > 1));
        }
        let few_blocks = unsorted <= sorted + sorting;
        if few_blocks && groups(key_bits) * GROUP as u64 <= u64::from(WEIGHT) {
            // Few blocks: the weights ride in the west keys' top bits (one pass, no sort).
            let weighted = &mut self.probing.keys;
            weighted.clear();
            crate::memory::reserve(weighted, west.len(), "the west halves")?;
            weighted.extend(west.iter().map(|&key| key | (weight(key) as u64) << WEIGHT));
            block.use_bits(key_bits as usize);
            return Ok(east
                .chunks(BLOCK)
                .map(|stored| {
                    block.load(kernel, stored);
                    block.weighted_in_keys(kernel, weighted)
                })
                .sum());
        }
        // Few blocks of keys too wide to carry their weight (n = 32's 62 bits): no cut, the
        // west halves sorted by weight alone.
        let sorting = match (few_blocks, trie) {
            (false, Some(trie)) => Sorting::with_trie(west_blocked, trie, live),
            _ => Sorting::new(false, 0, 0, live),
        };
        self.sort(&sorting, true, east, west, &weight)?;
        self.sort(&sorting, false, east, west, &weight)?;
        self.kept = None;
        Ok(self.probe(&sorting, block, kernel))
    }

    /// [`Sieve::count`] for a row set too big for one call: one batch of its larger side
    /// (`west_blocked` says which), met with each batch of the other in turn. The first call
    /// for a batch of the larger side (`fresh`) chooses the cuts and sorts it; the calls after
    /// it keep both and sort only the other side's batch. `bits` are the key bits the other
    /// side's halves may use, all its batches together (a superset will do): a bit neither
    /// side's batches can share is squeezed out, no other.
    ///
    /// # Errors
    ///
    /// [`OutOfMemory`] if the buckets do not fit.
    ///
    /// # Panics
    ///
    /// Panics if the first call is not `fresh`.
    ///
    /// # Complexity
    ///
    /// O(|the other batch|) to bucket (and O(|the larger batch|) when `fresh`), and the
    /// kernel's work on the pairs left.
    #[allow(clippy::too_many_arguments)]
    pub fn count_kept(
        &mut self,
        (east, west): (&[u64], &[u64]),
        (fresh, west_blocked): (bool, bool),
        bits: u64,
        weight: impl Fn(u64) -> usize,
        key_bits: u32,
        block: &mut Sliced,
        kernel: Kernel,
    ) -> Result<u64, OutOfMemory> {
        if fresh {
            let started = std::time::Instant::now();
            self.kept = None;
            let blocked = if west_blocked { west } else { east };
            let probing = if west_blocked { east } else { west };
            let sorting = self.choose_sorting(
                &[blocked][..],
                &[probing][..],
                west_blocked,
                bits,
                &weight,
                key_bits,
            )?;
            self.sort(&sorting, true, east, west, &weight)?;
            self.kept = Some(sorting);
            self.prepared = started.elapsed().as_secs_f64();
        }
        let sorting = self
            .kept
            .take()
            .expect("sieve: the first call of a batch is fresh");
        self.sort(&sorting, false, east, west, &weight)?;
        let total = self.probe(&sorting, block, kernel);
        self.kept = Some(sorting);
        Ok(total)
    }

    /// The cut of a batch of a row set's larger side (the west one if `west_blocked`),
    /// `blocked` (its keys in segments, or what the choice reads of them: [`Sampled`]), for
    /// meeting it with `probing`, a batch of the other side (likewise): the
    /// sieve's diagonals and the squeeze of the keys. `bits` are the key bits the other
    /// side's halves may use, all its batches together (a superset will do).
    ///
    /// # Errors
    ///
    /// [`OutOfMemory`] if the sieve's histograms do not fit.
    ///
    /// # Complexity
    ///
    /// O(keys + 2^[`MAX_WIDTH`] · [`MAX_WIDTH`]).
    pub(super) fn choose_sorting(
        &mut self,
        blocked: &(impl Side + ?Sized),
        probing: &(impl Side + ?Sized),
        west_blocked: bool,
        bits: u64,
        weight: &impl Fn(u64) -> usize,
        key_bits: u32,
    ) -> Result<Sorting, OutOfMemory> {
        let key_mask = (1u64 << key_bits) - 1;
        let live = blocked.used() & bits & key_mask;
        if blocked.size() == 0 || probing.size() == 0 {
            return Ok(Sorting::new(west_blocked, 0, 0, live));
        }
        let ways = if west_blocked { WAYS } else { 1 };
        let weigh = |key: u64| if west_blocked { weight(key) } else { 0 };
        let (trie, _) = (self.choice).choose(blocked, ways, weigh, probing, key_bits, live)?;
        Ok(Sorting::with_trie(west_blocked, trie, live))
    }

    /// Keeps `segments`, the segments of a batch of the larger side each sorted by `cut`
    /// ([`Sieve::sort_segment`]), as the side loaded into blocks.
    pub(super) fn keep_segments(&mut self, sorting: Sorting, segments: Vec<Buckets>) {
        self.blocked = segments;
        self.kept = Some(sorting);
    }

    /// Lets go of the side kept sorted and of the last batch of the other side (before the
    /// next batch of it is made, so that two are never held, nor a batch met no more).
    pub(super) fn forget_kept(&mut self) {
        self.blocked.clear();
        self.probing = Buckets::default();
        self.kept = None;
    }

    /// The cut of the side kept by [`Sieve::keep_segments`] or [`Sieve::count_kept`].
    pub(super) fn kept(&self) -> Option<&Sorting> {
        self.kept.as_ref()
    }

    /// The runs of the join of `segments`, the segments of a batch of the other side each
    /// sorted by the kept cut, into the probing side ([`Buckets::join_runs`]): once every
    /// run is filled, the probing side is that batch, sorted.
    ///
    /// # Errors
    ///
    /// [`OutOfMemory`] if the keys do not fit.
    pub(super) fn probing_runs(
        &mut self,
        sorting: &Sorting,
        segments: &[Buckets],
        runs: usize,
    ) -> Result<Vec<JoinRun<'_>>, OutOfMemory> {
        let buckets = sorting.ways(!sorting.west_blocked) << sorting.trie.width();
        self.probing.join_runs(segments, buckets, runs)
    }

    /// Sorts the keys of the side loaded into blocks (`blocked`, as one segment) or of the
    /// other side into their buckets by `cut`.
    fn sort(
        &mut self,
        sorting: &Sorting,
        blocked: bool,
        east: &[u64],
        west: &[u64],
        weight: &impl Fn(u64) -> usize,
    ) -> Result<(), OutOfMemory> {
        let west_side = blocked == sorting.west_blocked;
        let keys = if west_side { west } else { east };
        let out = match blocked {
            true => {
                self.blocked.truncate(1);
                self.blocked.resize_with(1, Buckets::default);
                &mut self.blocked[0]
            }
            false => &mut self.probing,
        };
        out.sort_by(sorting, keys, west_side, weight, &mut self.next)
    }

    /// Sorts `keys`, a segment of the side loaded into blocks (the west side if the cut says
    /// so), into `out` by `cut` (`next`: room to work in), for [`Sieve::keep_segments`].
    ///
    /// # Errors
    ///
    /// [`OutOfMemory`] if the buckets do not fit.
    ///
    /// # Complexity
    ///
    /// O(|keys| + buckets).
    pub(super) fn sort_segment(
        sorting: &Sorting,
        keys: &[u64],
        blocked: bool,
        weight: &impl Fn(u64) -> usize,
        (out, next): (&mut Buckets, &mut Vec<u32>),
    ) -> Result<(), OutOfMemory> {
        let west_side = blocked == sorting.west_blocked;
        out.sort_by(sorting, keys, west_side, weight, next)
    }

    /// Sorts `keys`, a segment of a batch of the side not loaded into blocks, into `out` by
    /// the coarse buckets of `cut` (at most [`COARSE`] runs of neighbouring buckets; `next`:
    /// room to work in), unsqueezed: the segments are joined and sorted finely by
    /// [`Sieve::probing_runs`], so that a crew's 64 segments need not each hold the starts of
    /// every bucket.
    ///
    /// # Errors
    ///
    /// [`OutOfMemory`] if the buckets do not fit.
    ///
    /// # Complexity
    ///
    /// O(|keys| + [`COARSE`]).
    pub(super) fn sort_coarse(
        sorting: &Sorting,
        keys: &[u64],
        weight: &impl Fn(u64) -> usize,
        (out, next): (&mut Buckets, &mut Vec<u32>),
    ) -> Result<(), OutOfMemory> {
        let (slot, buckets) = sorting.slots(!sorting.west_blocked, weight);
        let shift = Sorting::coarse_shift(buckets);
        let coarse = (|key| slot(key) >> shift, sorting.coarse_buckets());
        out.fill(keys, coarse, |key| key, next)
    }

    /// The kernel's count of the sorted buckets: every block of the side loaded into blocks
    /// against the buckets of the other side that can fit it on the cut's diagonals.
    fn probe(&self, sorting: &Sorting, block: &mut Sliced, kernel: Kernel) -> u64 {
        let mut gathered = Gather::default();
        self.probe_patterns(
            sorting,
            0..sorting.patterns(),
            (block, &mut gathered),
            kernel,
        )
    }

    /// [`Sieve::probe`] of the blocks of the patterns `patterns` alone, with `block` and
    /// `gathered` (room for a block's keys gathered from several segments) its own: so the
    /// threads of a crew share one sorted row set, each probing its own patterns. West
    /// halves dealt into words by weight have their leaves' last blocks packed together
    /// ([`tails`]), within the patterns given.
    ///
    /// # Complexity
    ///
    /// The kernel's work on the blocks of those patterns and the probes that can fit them.
    pub(super) fn probe_patterns(
        &self,
        sorting: &Sorting,
        patterns: std::ops::Range<usize>,
        (block, gathered): (&mut Sliced, &mut Gather),
        kernel: Kernel,
    ) -> u64 {
        block.use_bits(sorting.squeeze.bits() as usize);
        let trie = &*sorting.trie;
        if sorting.lanes {
            // Each word's matches weighed by its keys' weight, once a call; the leaves'
            // last blocks packed together.
            let sides = (&self.blocked[..], &self.probing);
            let mut packing = Packing::new(trie, sides, (block, gathered), kernel);
            packing.count(patterns);
            return packing.total;
        }
        let indices = 1usize << trie.width();
        let probing_ways = sorting.ways(!sorting.west_blocked);
        let at = &self.probing.at;
        let filled = |from: usize, to: usize| {
            (0..probing_ways).any(|way| at[way * indices + from] < at[way * indices + to])
        };
        // The probing keys of one weight (the first unless weighed) in a range of indices.
        let keys = |way: usize, (from, to): (usize, usize)| {
            let (from, to) = (way * indices + from, way * indices + to);
            &self.probing.keys[at[from] as usize..at[to] as usize]
        };
        let ways = sorting.ways(sorting.west_blocked);
        let mut descent = Descent::new(trie);
        let mut lists: [Vec<&[u64]>; WAYS] = Default::default();
        let mut total = 0;
        for leaf in patterns {
            let at = descent.to(trie, trie.node(leaf), filled);
            let ranges = descent.ranges(at);
            if ranges.is_empty() {
                continue;
            }
            // The ranges' probes, a list of each weight, for one call a block and weight.
            for (way, lists) in lists.iter_mut().enumerate().take(probing_ways) {
                lists.clear();
                let filled = ranges.iter().map(|&range| keys(way, range));
                lists.extend(filled.filter(|keys| !keys.is_empty()));
            }
            let gathered = gathered.room();
            for way in 0..ways {
                let slot = leaf * ways + way;
                if sorting.west_blocked {
                    blocks_of(&self.blocked, slot, gathered, &mut |stored: &[u64]| {
                        block.load(kernel, stored);
                        total += block.matches_of(kernel, &lists[0]) << way;
                    });
                } else {
                    blocks_of(&self.blocked, slot, gathered, &mut |stored: &[u64]| {
                        block.load(kernel, stored);
                        for (way, lists) in lists.iter().enumerate() {
                            if !lists.is_empty() {
                                total += block.matches_of(kernel, lists) << way;
                            }
                        }
                    });
                }
            }
        }
        total
    }
}

#[cfg(test)]
mod tests;
