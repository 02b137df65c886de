//! The sieve's choice of diagonals: a run of neighbouring key bits scored by how often a
//! random pair clashes on them, and how many of them to cut on, by the kernel's computed cost.

use super::{Sieve, MAX_CUTS, MIN_BUCKET};
use crate::count::join::kernel::GROUP;
use crate::count::join::sliced::BLOCK;
use crate::memory::OutOfMemory;

/// Keys of each side looked at to choose the diagonals.
const SAMPLE: usize = 512;

/// The cost of one call of the kernel, in row operations (loading its tables, the loop
/// around it).
pub(super) const CALL_COST: u64 = 128;

/// The cost of loading a block, in probes.
pub(super) const LOAD_COST: u64 = 128;

/// The cost of looking at one subset of the west buckets, in row operations.
pub(super) const SUBSET_COST: u64 = 4;

/// The cost of sorting one key into the sieve's buckets (counted, squeezed, moved), in row
/// operations.
pub(super) const BUCKET_COST: u64 = 16;

/// About [`SAMPLE`] keys of the pieces `keys`, evenly spread.
fn sample<'a>(keys: &'a [&'a [u64]]) -> impl Iterator<Item = &'a u64> {
    let total: usize = keys.iter().map(|piece| piece.len()).sum();
    let step = (total / SAMPLE).max(1);
    keys.iter()
        .flat_map(move |piece| piece.iter().step_by(step))
}

/// How often each of the first `key_bits` bits is set in a sample of `keys` (in pieces).
fn densities(keys: &[&[u64]], key_bits: u32) -> Vec<f64> {
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
pub(super) fn cost(c: usize, blocked: &[u64], ways: usize, probing: &[u64], groups: u64) -> u64 {
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
    /// The sieve's diagonals for a row set: the first of a run of neighbouring key bits, how
    /// many of the run to use (0: no sieve), and the kernel's cost then. `blocked` are the
    /// keys loaded into blocks (in pieces), each with one of `ways` weights (`weigh`),
    /// `probing` the others.
    pub(super) fn choose(
        &mut self,
        blocked: &[&[u64]],
        ways: usize,
        weigh: impl Fn(u64) -> usize,
        probing: &[&[u64]],
        key_bits: u32,
        live: u64,
    ) -> Result<(u32, u32, u64), OutOfMemory> {
        // The run of neighbouring diagonals a random pair clashes on most often
        // (neighbours, so a key's pattern is one shift), as long as the blocked side's
        // buckets keep MIN_BUCKET keys on average.
        let (db, dp) = (densities(blocked, key_bits), densities(probing, key_bits));
        let score: Vec<f64> = db.iter().zip(&dp).map(|(a, b)| a * b).collect();
        let size: usize = blocked.iter().map(|piece| piece.len()).sum();
        let fill = (size / MIN_BUCKET).max(1).ilog2() as usize;
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
        let room = ways << width;
        crate::memory::reserve(&mut self.blocked_histogram, room, "the sieve's histograms")?;
        self.blocked_histogram.resize(room, 0);
        for &piece in blocked {
            for &key in piece {
                self.blocked_histogram[pattern(key) * ways + weigh(key)] += 1;
            }
        }
        self.probing_histogram.clear();
        let room = 1 << width;
        crate::memory::reserve(&mut self.probing_histogram, room, "the sieve's histograms")?;
        self.probing_histogram.resize(room, 0);
        for &piece in probing {
            for &key in piece {
                self.probing_histogram[pattern(key)] += 1;
            }
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
        Ok((start as u32, c as u32, cost))
    }
}
