//! The sieve's choice of diagonals: a run of neighbouring key bits scored by how often a
//! random pair clashes on them, read in that order, and the trie of its levels the kernel's
//! computed cost finds cheapest.

use super::sampled::{Side, HISTOGRAM_KEYS, SAMPLE};
use super::trie::{Trie, MAX_WIDTH};
use crate::count::join::sliced::BLOCK;
use crate::kernel::GROUP;
use crate::memory::{try_filled, OutOfMemory};

/// The fewest keys a bucket of the side loaded into blocks holds on average, when the sieve
/// chooses how many diagonals it may use: more would only cut blocks into partly empty ones.
const MIN_BUCKET: usize = 64;

/// The fewest keys of the side loaded into blocks for which the runs of diagonals beside
/// the best scored one are costed too: a crew's batches (128 Mi halves).
const THOROUGH: usize = 1 << 25;

/// The least cost (row operations) of the scored run for which the runs beside it are costed
/// too: where the kernel's work is many times the costing's.
const THOROUGH_WORK: u64 = 1 << 36;

/// The fewest keys of the side loaded into blocks for which its buckets may be cut deeper
/// where they are big (a trie's leaves of several depths): below, the cut is one depth
/// everywhere (a small row set's choice is made thousands of times a second, and the trie
/// pays only on big batches).
pub(super) const SOFT_FROM: usize = 1 << 20;

/// How far from the best scored run of diagonals the runs costed go, each way.
const SPREAD: usize = 3;

/// The cost of one call of the kernel, in row operations (loading its tables, the loop
/// around it).
pub(super) const CALL_COST: u64 = 128;

/// The cost of loading a block, in probes: transposing 512 keys and building the group
/// tables takes about a thousand probes' time.
pub(super) const LOAD_COST: u64 = 1024;

/// The probes of a bucket of `words` words (of 64 keys) cost, in tenths of one probe of a
/// whole block each: its last block, if it has at most four words, is probed with half
/// rows ([`crate::kernel::Width::Half`]), taken as 0.8 of a whole block's probe (as
/// measured: docs/counter.md, "The fast counter").
pub(super) fn probe_tenths(words: u64) -> u64 {
    let last = match words % 8 {
        0 => 0,
        1..=4 => 8,
        _ => 10,
    };
    words / 8 * 10 + last
}

/// The cost of looking at one subset of the west buckets, in row operations.
pub(super) const SUBSET_COST: u64 = 4;

/// The cost of sorting one key into the sieve's buckets (counted, squeezed, moved), in row
/// operations.
pub(super) const BUCKET_COST: u64 = 16;

/// How often each of the first `key_bits` bits is set in a sample of a side's keys.
fn densities(keys: &(impl Side + ?Sized), key_bits: u32) -> Vec<f64> {
    let mut counts = vec![0u64; key_bits as usize];
    let mut seen = 0u64;
    let mask = (1u64 << key_bits) - 1;
    keys.sample(SAMPLE, |key, each| {
        seen += each;
        let mut bits = key & mask;
        while bits != 0 {
            counts[bits.trailing_zeros() as usize] += each;
            bits &= bits - 1;
        }
    });
    counts
        .into_iter()
        .map(|count| count as f64 / seen.max(1) as f64)
        .collect()
}

/// The kernel's cost of the sieve on the first `c` of the diagonals of `blocked` and
/// `probing`, the histograms of the patterns on all of them (`blocked`'s split into `ways`
/// weights each), in row operations, when the keys left have `groups` groups: the blocks of
/// each bucket of the side loaded into blocks (its weights dealt into words of 64 of one
/// weight, eight words a block), times the probes of the other side's buckets
/// that can fit it (each `groups + 1` operations), plus a charge per call, per block loaded
/// and per subset of buckets looked at.
///
/// # Errors
///
/// [`OutOfMemory`] if its tables (up to 20 MB at 19 diagonals) do not fit.
pub(super) fn cost(
    c: usize,
    blocked: &[u64],
    ways: usize,
    probing: &[u64],
    groups: u64,
) -> Result<u64, OutOfMemory> {
    let size = 1usize << c;
    let mask = size - 1;
    let zeros = |len| crate::memory::try_filled(len, 0u64, "the sieve's histograms");
    let (mut b, mut z) = (zeros(size * ways)?, zeros(size)?);
    for (p, &count) in probing.iter().enumerate() {
        z[p & mask] += count;
    }
    for (slot, &count) in blocked.iter().enumerate() {
        b[((slot / ways) & mask) * ways + slot % ways] += count;
    }
    // Subset sums: z[x] = the probing keys whose pattern is a subset of x; calls[x] the
    // nonempty buckets among them.
    let mut calls = zeros(size)?;
    for (call, &count) in calls.iter_mut().zip(&z) {
        *call = u64::from(count > 0);
    }
    for bit in 0..c {
        for x in 0..size {
            if x >> bit & 1 == 1 {
                z[x] += z[x ^ 1 << bit];
                calls[x] += calls[x ^ 1 << bit];
            }
        }
    }
    Ok((0..size)
        .map(|p| {
            // West halves of every weight share a bucket, a word (64) of one weight each.
            let words: u64 = b[p * ways..(p + 1) * ways]
                .iter()
                .map(|count| count.div_ceil(64))
                .sum();
            let blocks = words.div_ceil(BLOCK as u64 / 64);
            let other = !p & mask;
            let subsets = 1u64 << other.count_ones();
            probe_tenths(words) * z[other] * (groups + 1) / 10
                + blocks
                    * (LOAD_COST * (groups + 1) + CALL_COST * calls[other] + SUBSET_COST * subsets)
        })
        .sum())
}

/// The cheapest trie of `width` levels for the histograms of the side loaded into blocks
/// (`blocked`: index · `ways` + weight, its weights dealt into words of 64 of one weight,
/// eight words a block) and of the other (`probing`: by index), when the keys left have
/// `groups(s)` groups with `s` levels squeezed out: the levels cut everywhere, its cost in row
/// operations, and the nodes split (as [`Trie::split`] reads them).
///
/// A leaf's cost is its blocks times the probes of the ranges it meets (each `groups + 1`
/// operations) and a load each, plus a charge per call of the kernel and per range looked at;
/// a node is split when its two children cost less. Every depth of the levels cut everywhere
/// is tried, from none (one leaf: no sieve) to all.
///
/// # Errors
///
/// [`OutOfMemory`] if its tables (some 90 MB at 21 levels with three weights) do not fit.
///
/// # Complexity
///
/// O(2^width · width) for the probing side's subset sums, and O(2^width) for each distinct
/// number of groups.
pub(super) fn cheapest(
    width: u32,
    (blocked, ways): (&[u64], usize),
    probing: &[u64],
    groups: impl Fn(u32) -> u64,
) -> Result<(u32, u64, Vec<u64>), OutOfMemory> {
    let w = width as usize;
    let n = 1usize << w;
    // z[y]: the probing keys whose index is a subset of y.
    let mut z = try_filled(n, 0u64, "the sieve's histograms")?;
    z.copy_from_slice(&probing[..n]);
    for bit in 0..w {
        for y in 0..n {
            if y >> bit & 1 == 1 {
                z[y] += z[y ^ 1 << bit];
            }
        }
    }
    // calls[2^d - 1 + y]: the filled prefixes of depth d that are subsets of y.
    let mut calls = try_filled(2 * n - 1, 0u32, "the sieve's histograms")?;
    for (y, &count) in probing[..n].iter().enumerate() {
        calls[n - 1 + y] = u32::from(count > 0);
    }
    for d in (0..w).rev() {
        let (above, below) = calls.split_at_mut((1 << (d + 1)) - 1);
        let level = &mut above[(1 << d) - 1..];
        for (y, filled) in level.iter_mut().enumerate() {
            *filled = u32::from(below[2 * y] + below[2 * y + 1] > 0);
        }
    }
    for d in 1..=w {
        let level = &mut calls[(1 << d) - 1..(1 << (d + 1)) - 1];
        for bit in 0..d {
            for y in 0..1usize << d {
                if y >> bit & 1 == 1 {
                    level[y] += level[y ^ 1 << bit];
                }
            }
        }
    }
    let mut distinct: Vec<u64> = (0..=width).map(&groups).collect();
    distinct.sort_unstable();
    distinct.dedup();
    let mut best = (0, u64::MAX, Vec::new());
    for g in distinct {
        let mut split = try_filled((2 * n).div_ceil(64), 0u64, "the sieve's histograms")?;
        // Both folded level by level in place, from the deepest up: node x of a level is
        // made from nodes 2x and 2x + 1 of the level below, which no later x reads.
        let mut counts = try_filled(n * ways, 0u64, "the sieve's histograms")?;
        counts.copy_from_slice(&blocked[..n * ways]);
        let mut costs = try_filled(n, 0u64, "the sieve's histograms")?;
        let mut totals = vec![0u64; w + 1];
        for d in (0..=w).rev() {
            let mask = (1usize << d) - 1;
            for x in 0..1usize << d {
                if d < w {
                    for way in 0..ways {
                        counts[x * ways + way] =
                            counts[2 * x * ways + way] + counts[(2 * x + 1) * ways + way];
                    }
                }
                let words: u64 = counts[x * ways..(x + 1) * ways]
                    .iter()
                    .map(|count| count.div_ceil(64))
                    .sum();
                let blocks = words.div_ceil(8);
                let other = !x & mask;
                let probes = z[other << (w - d) | ((1 << (w - d)) - 1)];
                let ranges = u64::from(calls[mask + other]);
                let leaf = match blocks {
                    0 => 0,
                    _ => {
                        probe_tenths(words) * probes * (g + 1) / 10
                            + blocks * (LOAD_COST * (g + 1) + CALL_COST * ranges)
                            + SUBSET_COST * ranges
                    }
                };
                let children = match d < w {
                    true => costs[2 * x].saturating_add(costs[2 * x + 1]),
                    false => u64::MAX,
                };
                costs[x] = if children < leaf {
                    let node = mask + x;
                    split[node / 64] |= 1 << (node % 64);
                    children
                } else {
                    leaf
                };
            }
            totals[d] = costs[..1 << d]
                .iter()
                .fold(0u64, |all, &cost| all.saturating_add(cost));
        }
        for strict in 0..=width {
            if groups(strict) == g && totals[strict as usize] < best.1 {
                best = (strict, totals[strict as usize], split.clone());
            }
        }
    }
    Ok(best)
}

/// The choice of a row set's diagonals, with the histograms it measures them by (kept from
/// one row set to the next).
#[derive(Default)]
pub(super) struct Choice {
    blocked_histogram: Vec<u64>,
    probing_histogram: Vec<u64>,
}

impl Choice {
    /// The histograms of the patterns of `blocked` (`ways` weights each, `weigh`) and of
    /// `probing` on the `width` key bits from `start`, into the sieve's buffers; each from
    /// about [`HISTOGRAM_KEYS`] keys at most, scaled.
    ///
    /// # Errors
    ///
    /// [`OutOfMemory`] if the histograms do not fit.
    fn histograms(
        &mut self,
        trie: &Trie,
        (blocked, ways, weigh): (&(impl Side + ?Sized), usize, &impl Fn(u64) -> usize),
        probing: &(impl Side + ?Sized),
    ) -> Result<(), OutOfMemory> {
        let width = trie.width();
        let pattern = |key: u64| trie.index(key);
        let fresh = |histogram: &mut Vec<u64>, room: usize| {
            histogram.clear();
            crate::memory::reserve(histogram, room, "the sieve's histograms")?;
            histogram.resize(room, 0);
            Ok::<(), OutOfMemory>(())
        };
        fresh(&mut self.blocked_histogram, ways << width)?;
        let histogram = &mut self.blocked_histogram;
        blocked.sample(HISTOGRAM_KEYS, |key, each| {
            histogram[pattern(key) * ways + weigh(key)] += each;
        });
        fresh(&mut self.probing_histogram, 1 << width)?;
        let histogram = &mut self.probing_histogram;
        probing.sample(HISTOGRAM_KEYS, |key, each| {
            histogram[pattern(key)] += each;
        });
        Ok(())
    }

    /// The sieve's cut for a row set, and the kernel's cost with it: a [`Trie`] of a run of
    /// neighbouring key bits, its levels in the order of how often a random pair clashes on
    /// them, its leaves the cheapest by [`cheapest`] (one leaf: no sieve). `blocked` are the
    /// keys loaded into blocks (in segments), each with one of `ways` weights (`weigh`),
    /// `probing` the others.
    ///
    /// # Errors
    ///
    /// [`OutOfMemory`] if the histograms do not fit.
    pub(super) fn choose(
        &mut self,
        blocked: &(impl Side + ?Sized),
        ways: usize,
        weigh: impl Fn(u64) -> usize,
        probing: &(impl Side + ?Sized),
        key_bits: u32,
        live: u64,
    ) -> Result<(Trie, u64), OutOfMemory> {
        // The run of neighbouring diagonals a random pair clashes on most often
        // (neighbours, so a key's index is a shift and three lookups), as long as the
        // blocked side's buckets keep MIN_BUCKET keys on average.
        let (db, dp) = (densities(blocked, key_bits), densities(probing, key_bits));
        let score: Vec<f64> = db.iter().zip(&dp).map(|(a, b)| a * b).collect();
        let size = blocked.size();
        let fill = (size / MIN_BUCKET).max(1).ilog2();
        let width = MAX_WIDTH.min(fill).min(key_bits) as usize;
        let last = key_bits as usize - width;
        let best_run = |width: usize| {
            (0..=key_bits as usize - width)
                .max_by(|&a, &b| {
                    let sum = |s: usize| score[s..s + width].iter().sum::<f64>();
                    sum(a).total_cmp(&sum(b))
                })
                .unwrap_or(0)
        };
        let scored = best_run(width);
        // The run whose middle part scores most, too (its ends are the levels taken last),
        // and for a big batch met for long the runs beside the scored one (the score misses
        // how the diagonals go together).
        let narrower = width.saturating_sub(2);
        let centred = best_run(narrower).saturating_sub(1).min(last);
        let beside = (scored.saturating_sub(SPREAD)..=(scored + SPREAD).min(last))
            .filter(|&start| start != scored && start != centred);
        let groups = |cut: u64| u64::from((live & !cut).count_ones().div_ceil(GROUP as u32).max(1));
        let mut best: Option<(Trie, u64)> = None;
        let mut tried = Vec::new();
        for start in [scored, centred].into_iter().chain(beside) {
            let thorough = size >= THOROUGH && best.as_ref().is_some_and(|b| b.1 >= THOROUGH_WORK);
            if tried.len() >= if size >= THOROUGH { 2 } else { 1 } && !thorough {
                break;
            }
            if tried.contains(&start) {
                continue;
            }
            tried.push(start);
            // The run's bits, those a random pair clashes on most first.
            if size < SOFT_FROM {
                // One depth everywhere: the first c bits of the run.
                self.histograms(
                    &Trie::exact(start as u32, width as u32),
                    (blocked, ways, &weigh),
                    probing,
                )?;
                let histograms = (&self.blocked_histogram, &self.probing_histogram);
                let mut cheapest = (0, u64::MAX);
                for c in 0..=width {
                    let cut = ((1u64 << c) - 1) << start;
                    let cost = cost(c, histograms.0, ways, histograms.1, groups(cut))?;
                    if cost < cheapest.1 {
                        cheapest = (c, cost);
                    }
                }
                if best.as_ref().is_none_or(|b| cheapest.1 < b.1) {
                    best = Some((Trie::exact(start as u32, cheapest.0 as u32), cheapest.1));
                }
                continue;
            }
            let mut levels: Vec<u32> = (start as u32..(start + width) as u32).collect();
            levels.sort_by(|&a, &b| score[b as usize].total_cmp(&score[a as usize]));
            let ordered = Trie::ordered(start as u32, levels.clone());
            self.histograms(&ordered, (blocked, ways, &weigh), probing)?;
            let squeezed = |strict: u32| {
                let cut = levels[..strict as usize]
                    .iter()
                    .fold(0u64, |all, &bit| all | 1 << bit);
                groups(cut)
            };
            let (strict, cost, split) = cheapest(
                width as u32,
                (&self.blocked_histogram, ways),
                &self.probing_histogram,
                squeezed,
            )?;
            if best.as_ref().is_none_or(|b| cost < b.1) {
                best = Some((Trie::split(start as u32, levels, strict, &split)?, cost));
            }
        }
        Ok(best.unwrap_or_else(|| (Trie::exact(0, 0), u64::MAX)))
    }
}
