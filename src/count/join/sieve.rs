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
//! of millions of west ones), the roles turn: the west buckets, one per pattern and weight, are
//! loaded into blocks and probed by the east buckets.
//!
//! The diagonals are chosen from a sample of each side's keys, by how often a random pair
//! clashes on them (the product of the two sides' densities): the run of [`MAX_CUTS`]
//! neighbouring key bits that scores most, so a key's pattern is one shift (choosing the best
//! bits anywhere cost a loop per key, a tenth of the count's time at n = 21, for no fewer
//! probes). How many to take is a trade: each doubles the buckets and so the blocks left
//! partly empty at each bucket's end, and each takes a bit out of the keys the kernel reads.
//! For each `c` up to [`MAX_CUTS`] the sieve computes what the kernel would do, in row
//! operations (blocks times the probes of their compatible west buckets, a subset-sum over the
//! west histogram, times the groups of the keys left, plus charges per call, per block and per
//! subset looked at) and takes the cheapest, which is no sieve at all for small row sets. The
//! larger the side in blocks, the more diagonals pay: a row set of n = 26 (1.5 million east
//! and 39 million west halves) took 22 s on one thread with at most 8, 12 s with up to 12
//! (chosen: 12), and 10 s with the west halves in blocks (13).
//!
//! Before the kernel sees them, every key is squeezed ([`super::squeeze`]) to the diagonals
//! that can still clash: those both sides use, less the sieve's own, on which every pair a
//! bucket pair meets already fits. At n = 22 the keys drop from 42 bits (7 groups) to 25–33
//! (mostly 5 groups); a part of n = 22 counts 1.13 times faster for it.
//!
//! This is the idea of E. Kluev's `sieveCuts` (N-Queens-Count-Sol, `sieve.h`); the choice of
//! `c` by computed cost and the squeeze are this crate's.

use super::kernel::{Kernel, GROUP, WEIGHT};
use super::sliced::{Sliced, BLOCK};
use super::squeeze::Squeeze;
use crate::memory::OutOfMemory;

/// The weights a west key may have (`weight(key)` below 3: each match counts 1, 2 or 4
/// times), each a bucket of its own: the kernel counts matches, and the sieve weighs its
/// answer (a shift per call, not per probe).
const WAYS: usize = 3;

/// The most diagonals a row set is bucketed by.
pub const MAX_CUTS: usize = 16;

/// The fewest keys a bucket of the side loaded into blocks holds on average, when the sieve
/// chooses how many diagonals it may use: more would only cut blocks into partly empty ones.
const MIN_BUCKET: usize = 64;

/// The fewest east halves a row set needs for the sieve to be worth choosing: below, a few
/// blocks are probed by every west half.
const MIN_EAST: usize = 8 * BLOCK;

/// The fewest west halves loaded into blocks (when there are more of them than east ones):
/// below, the east ones are. (`queens count 18 --threads 1` took 1.3 times longer with the
/// west halves blocked from 4,096; from 65,536 as long as with the east ones always.)
const MIN_WEST: usize = 128 * BLOCK;

/// Keys of each side looked at to choose the diagonals.
const SAMPLE: usize = 512;

/// The cost of one call of the kernel, in row operations (loading its tables, the loop
/// around it).
const CALL_COST: u64 = 128;

/// The cost of loading a block, in probes.
const LOAD_COST: u64 = 128;

/// The cost of looking at one subset of the west buckets, in row operations.
const SUBSET_COST: u64 = 4;

/// The cost of sorting one key into the sieve's buckets (counted, squeezed, moved), in row
/// operations.
const BUCKET_COST: u64 = 16;

/// One worker's buffers for the sieve, reused from one row set to the next.
#[derive(Default)]
pub struct Sieve {
    east: Vec<u64>,
    west: Vec<u64>,
    blocked_histogram: Vec<u64>,
    probing_histogram: Vec<u64>,
    /// Where each bucket starts in `east` and `west` (one more entry than buckets; a west
    /// bucket is a pattern and a weight).
    east_at: Vec<usize>,
    west_at: Vec<usize>,
    /// Room for [`bucket`] to work in.
    next: Vec<usize>,
    /// The last count's choice: the side loaded into blocks (`true`: the west) and the
    /// number of diagonals cut on (none when the keys were not sorted), for the tests.
    #[cfg(test)]
    chosen: Option<(bool, u32)>,
}

/// Up to [`SAMPLE`] keys of `keys`, evenly spread.
fn sample(keys: &[u64]) -> impl Iterator<Item = &u64> {
    keys.iter().step_by((keys.len() / SAMPLE).max(1))
}

/// How often each of the first `key_bits` bits is set in a sample of `keys`.
fn densities(keys: &[u64], key_bits: u32) -> Vec<f64> {
    let mut counts = vec![0u32; key_bits as usize];
    let mut seen = 0u32;
    let mask = (1u64 << key_bits) - 1;
    for &key in sample(keys) {
        seen += 1;
        let mut bits = key & mask;
        while bits != 0 {
            counts[bits.trailing_zeros() as usize] += 1;
            bits &= bits - 1;
        }
    }
    counts
        .into_iter()
        .map(|count| f64::from(count) / f64::from(seen.max(1)))
        .collect()
}

/// The kernel's cost of the sieve on the first `c` of the diagonals of `blocked` and
/// `probing`, the histograms of the patterns on all of them (`blocked`'s split into `ways`
/// weights each), in row operations, when the keys left have `groups` groups: the blocks of
/// each bucket of the side loaded into blocks, times the probes of the other side's buckets
/// that can fit it (each `groups + 1` operations), plus a charge per call, per block loaded
/// and per subset of buckets looked at.
fn cost(c: usize, blocked: &[u64], ways: usize, probing: &[u64], groups: u64) -> u64 {
    let size = 1usize << c;
    let mask = size - 1;
    let (mut b, mut z) = (vec![0u64; size * ways], vec![0u64; size]);
    for (p, &count) in probing.iter().enumerate() {
        z[p & mask] += count;
    }
    for (slot, &count) in blocked.iter().enumerate() {
        b[((slot / ways) & mask) * ways + slot % ways] += count;
    }
    // Subset sums: z[x] = the probing keys whose pattern is a subset of x; calls[x] the
    // nonempty buckets among them.
    let mut calls: Vec<u64> = z.iter().map(|&count| u64::from(count > 0)).collect();
    for bit in 0..c {
        for x in 0..size {
            if x >> bit & 1 == 1 {
                z[x] += z[x ^ 1 << bit];
                calls[x] += calls[x ^ 1 << bit];
            }
        }
    }
    (0..size)
        .map(|p| {
            let blocks: u64 = b[p * ways..(p + 1) * ways]
                .iter()
                .map(|count| count.div_ceil(BLOCK as u64))
                .sum();
            let other = !p & mask;
            let subsets = 1u64 << other.count_ones();
            blocks
                * ((z[other] + LOAD_COST) * (groups + 1)
                    + CALL_COST * calls[other]
                    + SUBSET_COST * subsets)
        })
        .sum()
}

impl Sieve {
    /// The pairs of an `east` and a `west` key that share none of the first `key_bits` bits,
    /// each counted `2^weight(west key)` times (`weight` below 3; bits past `key_bits` are
    /// not compared), counted by `kernel` in blocks of the larger side's keys, as
    /// [`Sliced::matches`] counts them, with the sieve skipping pairs that clash on its
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
        let mut best = (false, 0, 0, blocks * (squeezed + CALL_COST + SUBSET_COST));
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
            let (start, c, cost) = self.choose(blocked, ways, weigh, probing, key_bits, live);
            if cost < best.3 {
                best = (west_blocked, start, c, cost);
            }
        }
        let (west_blocked, start, c, sorted) = best;
        let sorting = BUCKET_COST * (east.len() + west.len()) as u64;
        #[cfg(test)]
        {
            self.chosen = (unsorted > sorted + sorting).then_some((west_blocked, c));
        }
        if unsorted <= sorted + sorting {
            // Few blocks: the weights ride in the west keys' top bits (one pass, no sort).
            self.west.clear();
            self.west.try_reserve(west.len()).map_err(|_| OutOfMemory {
                what: "the west halves",
                needed: 8 * west.len() as u64,
            })?;
            self.west
                .extend(west.iter().map(|&key| key | (weight(key) as u64) << WEIGHT));
            block.use_bits(key_bits as usize);
            return Ok(east
                .chunks(BLOCK)
                .map(|stored| {
                    block.load(stored);
                    block.weighted_in_keys(kernel, &self.west)
                })
                .sum());
        }
        // Every pair a bucket pair meets fits on the sieve's diagonals: squeezed out too.
        let mask = (1u64 << c) - 1;
        let squeeze = Squeeze::new(live & !(mask << start));
        let pattern = |key: u64| (key >> start & mask) as usize;
        bucket(
            west,
            |key| pattern(key) * WAYS + weight(key),
            WAYS << c,
            &squeeze,
            (&mut self.west, &mut self.west_at, &mut self.next),
        )?;
        bucket(
            east,
            pattern,
            1 << c,
            &squeeze,
            (&mut self.east, &mut self.east_at, &mut self.next),
        )?;
        block.use_bits(squeeze.bits() as usize);
        let west_at = |b: usize| &self.west[self.west_at[b]..self.west_at[b + 1]];
        let east_at = |p: usize| &self.east[self.east_at[p]..self.east_at[p + 1]];
        let mut total = 0;
        for p in 0..1usize << c {
            let other = !p & mask as usize;
            // Every subset of the other diagonals, the empty one last.
            let subsets =
                || std::iter::successors(Some(other), move |&s| (s != 0).then(|| (s - 1) & other));
            if west_blocked {
                for way in 0..WAYS {
                    for chunk in west_at(p * WAYS + way).chunks(BLOCK) {
                        block.load(chunk);
                        for s in subsets() {
                            let probes = east_at(s);
                            if !probes.is_empty() {
                                total += block.matches(kernel, probes) << way;
                            }
                        }
                    }
                }
            } else {
                for chunk in east_at(p).chunks(BLOCK) {
                    block.load(chunk);
                    for s in subsets() {
                        let b = s * WAYS;
                        if self.west_at[b] < self.west_at[b + WAYS] {
                            total += block
                                .weighted(kernel, &[west_at(b), west_at(b + 1), west_at(b + 2)]);
                        }
                    }
                }
            }
        }
        Ok(total)
    }

    /// The sieve's diagonals for a row set: the first of a run of neighbouring key bits, how
    /// many of the run to use (0: no sieve), and the kernel's cost then. `blocked` are the
    /// keys loaded into blocks, each with one of `ways` weights (`weigh`), `probing` the
    /// others.
    fn choose(
        &mut self,
        blocked: &[u64],
        ways: usize,
        weigh: impl Fn(u64) -> usize,
        probing: &[u64],
        key_bits: u32,
        live: u64,
    ) -> (u32, u32, u64) {
        // The run of neighbouring diagonals a random pair clashes on most often
        // (neighbours, so a key's pattern is one shift), as long as the blocked side's
        // buckets keep MIN_BUCKET keys on average.
        let (db, dp) = (densities(blocked, key_bits), densities(probing, key_bits));
        let score: Vec<f64> = db.iter().zip(&dp).map(|(a, b)| a * b).collect();
        let fill = (blocked.len() / MIN_BUCKET).max(1).ilog2() as usize;
        let width = MAX_CUTS.min(fill).min(key_bits as usize);
        let start = (0..=key_bits as usize - width)
            .max_by(|&a, &b| {
                let sum = |s: usize| score[s..s + width].iter().sum::<f64>();
                sum(a).total_cmp(&sum(b))
            })
            .unwrap_or(0);
        // Histograms of the patterns on all of them, and the cheapest number to use.
        let all = (1u64 << width) - 1;
        let pattern = |key: u64| (key >> start & all) as usize;
        self.blocked_histogram.clear();
        self.blocked_histogram.resize(ways << width, 0);
        for &key in blocked {
            self.blocked_histogram[pattern(key) * ways + weigh(key)] += 1;
        }
        self.probing_histogram.clear();
        self.probing_histogram.resize(1 << width, 0);
        for &key in probing {
            self.probing_histogram[pattern(key)] += 1;
        }
        let groups = |c: usize| {
            let cut = ((1u64 << c) - 1) << start;
            u64::from((live & !cut).count_ones().div_ceil(GROUP as u32).max(1))
        };
        let (c, cost) = (0..=width)
            .map(|c| {
                let histograms = (&self.blocked_histogram, &self.probing_histogram);
                (c, cost(c, histograms.0, ways, histograms.1, groups(c)))
            })
            .min_by_key(|&(_, cost)| cost)
            .unwrap_or((0, u64::MAX));
        (start as u32, c as u32, cost)
    }
}

/// Sorts `keys`, squeezed, into `out` by their buckets (`slot(key)`, below `buckets`), with
/// each bucket's start in `at` (`next` is room to work in).
fn bucket(
    keys: &[u64],
    slot: impl Fn(u64) -> usize,
    buckets: usize,
    squeeze: &Squeeze,
    (out, at, next): (&mut Vec<u64>, &mut Vec<usize>, &mut Vec<usize>),
) -> Result<(), OutOfMemory> {
    at.clear();
    at.resize(buckets + 1, 0);
    for &key in keys {
        at[slot(key) + 1] += 1;
    }
    for b in 0..buckets {
        at[b + 1] += at[b];
    }
    out.clear();
    out.try_reserve(keys.len()).map_err(|_| OutOfMemory {
        what: "the sieve's buckets",
        needed: 8 * keys.len() as u64,
    })?;
    out.resize(keys.len(), 0);
    next.clear();
    next.extend_from_slice(&at[..buckets]);
    for &key in keys {
        let b = slot(key);
        out[next[b]] = squeeze.apply(key);
        next[b] += 1;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::place::rng::SplitMix64;

    /// Pairs sharing no key bit, weighted, by brute force.
    fn brute_force(east: &[u64], west: &[u64], key_bits: u32) -> u64 {
        let mask = (1u64 << key_bits) - 1;
        let weight = WEIGHT;
        east.iter()
            .map(|&e| {
                west.iter()
                    .filter(|&&w| e & w & mask == 0)
                    .map(|&w| 1u64 << (w >> weight))
                    .sum::<u64>()
            })
            .sum()
    }

    #[test]
    fn the_sieve_counts_what_brute_force_counts_on_keys_of_every_density() {
        let mut rng = SplitMix64::new(5);
        let key_bits = 30;
        // Sizes, density, and the bits each side uses (only one side uses the others, so
        // they are squeezed out: 20 of 30 on both sides, 10 on one).
        let both = (1u64 << key_bits) - 1;
        let mut chosen = Vec::new();
        for (sizes, density, (east_bits, west_bits)) in [
            ((3000, 700), 6, (both, both)),
            ((5000, 3000), 3, (both, both)),
            ((1100, 50), 10, (both, both)),
            ((3000, 700), 6, (both >> 5, both << 5)),
            ((5000, 3000), 3, (both >> 5, both << 5)),
            ((5000, 3000), 3, (both >> 20, both << 20)),
            ((30000, 4000), 6, (both, both)),
            // The west side larger: its keys are loaded into blocks, by weight.
            ((700, 6000), 6, (both, both)),
            ((6000, 70000), 6, (both, both)),
            ((6000, 70000), 3, (both >> 5, both << 5)),
        ] {
            let mut keys = |count: usize, weighted: bool| -> Vec<u64> {
                let bits = if weighted { west_bits } else { east_bits };
                (0..count)
                    .map(|_| {
                        let mut key = 0;
                        for bit in (0..key_bits).filter(|&bit| bits >> bit & 1 == 1) {
                            // Skewed densities: low bits used more, so the sieve cuts.
                            if rng.below(32) < density + (key_bits - bit) as u64 / 4 {
                                key |= 1 << bit;
                            }
                        }
                        if weighted {
                            key |= rng.below(3) << WEIGHT;
                        }
                        key
                    })
                    .collect()
            };
            let east = keys(sizes.0, false);
            let west = keys(sizes.1, true);
            let mut sieve = Sieve::default();
            let mut block = Sliced::new(key_bits as usize);
            let expected = brute_force(&east, &west, key_bits);
            for kernel in Kernel::available() {
                assert_eq!(
                    sieve
                        .count(
                            &east,
                            &west,
                            |key| (key >> WEIGHT) as usize,
                            key_bits,
                            &mut block,
                            kernel
                        )
                        .unwrap(),
                    expected,
                    "{:?} {:?}",
                    sizes,
                    kernel
                );
                chosen.push(
                    sieve
                        .chosen
                        .map(|(west_blocked, cuts)| (west_blocked, cuts > 0)),
                );
            }
        }
        // Every way of counting was taken: no sort, and the sieve on either side's blocks.
        for way in [None, Some((false, true)), Some((true, true))] {
            assert!(chosen.contains(&way), "{:?} in {:?}", way, chosen);
        }
    }

    #[test]
    fn the_cost_of_no_cut_is_every_block_against_every_probe() {
        let (mut e, mut w) = ([0u64; 256], [0u64; 256]);
        e[0] = 1500;
        e[3] = 100;
        w[0] = 10;
        w[5] = 20;
        // One bucket of 1600 keys: 4 blocks, each loaded and probed by all 30 west keys in
        // one call.
        let (g, sub) = (5, SUBSET_COST);
        assert_eq!(
            cost(0, &e, 1, &w, g),
            4 * ((30 + LOAD_COST) * (g + 1) + CALL_COST + sub)
        );
        // Cut on the first diagonal: east 1500 (pattern 0) and 100 (pattern 1, from 3); west
        // 10 + 0 on pattern 0 and 20 on pattern 1 (from 5). Pattern 0 meets both west
        // buckets, pattern 1 only pattern 0's.
        assert_eq!(
            cost(1, &e, 1, &w, g),
            3 * ((30 + LOAD_COST) * (g + 1) + 2 * CALL_COST + 2 * sub)
                + ((10 + LOAD_COST) * (g + 1) + CALL_COST + sub)
        );
    }
}
