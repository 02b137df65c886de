//! What the sieve's choice of a cut reads of a side's keys ([`Side`]): how many there are, the
//! bits they use and even samples of them, from the keys themselves or from samples taken
//! segment by segment as a crew makes a batch ([`Sampled`]), so that the batch need not be
//! held unsorted while its cut is chosen.

use crate::memory::OutOfMemory;

/// Keys of each side looked at to choose the diagonals.
pub(super) const SAMPLE: usize = 512;

/// The keys of a side counted into the sieve's histograms, about: from a batch of twice as
/// many or more, an even sample, each standing for several.
pub(super) const HISTOGRAM_KEYS: usize = 1 << 23;

/// One side's keys as the choice of a cut reads them: how many there are, every key bit they
/// use, and even samples of them. The keys themselves (in segments, `[&[u64]]`), or
/// [`Sampled`]: only what the choice reads, so that a crew's big batch need not be held
/// unsorted while its cut is chosen.
pub(in crate::count::join) trait Side {
    /// How many keys.
    fn size(&self) -> usize;

    /// Every bit any key has.
    fn used(&self) -> u64;

    /// Calls `visit` on about `most` keys, evenly spread (all of them if there are fewer than
    /// twice as many), each with how many keys it stands for.
    fn sample(&self, most: usize, visit: impl FnMut(u64, u64));
}

impl Side for [&[u64]] {
    fn size(&self) -> usize {
        self.iter().map(|segment| segment.len()).sum()
    }

    fn used(&self) -> u64 {
        self.iter()
            .flat_map(|segment| segment.iter())
            .fold(0, |all, &key| all | key)
    }

    fn sample(&self, most: usize, mut visit: impl FnMut(u64, u64)) {
        let step = (self.size() / most.max(1)).max(1);
        self.iter()
            .flat_map(|segment| segment.iter().step_by(step))
            .for_each(|&key| visit(key, step as u64));
    }
}

/// The sample sizes the choice asks a [`Side`] for.
const SAMPLED: [usize; 2] = [SAMPLE, HISTOGRAM_KEYS];

/// What the choice of a cut reads of a side made in segments, taken from each segment as it
/// is made ([`Sampled::segment`]) and joined ([`Sampled::join`]): each segment sampled on its
/// own, evenly, so that all of them give about the sample asked for. The keys need not be
/// kept: a crew's big batch is made once for this and once more to be sorted.
#[derive(Debug, Default)]
pub(in crate::count::join) struct Sampled {
    size: usize,
    used: u64,
    /// For each sample size of [`SAMPLED`], each segment's sampled keys and how many keys
    /// each stands for.
    samples: [Vec<(Vec<u64>, u64)>; 2],
}

impl Sampled {
    /// What the choice reads of `keys`, one of `segments` segments of about the same size.
    ///
    /// # Errors
    ///
    /// [`OutOfMemory`] if the samples do not fit (some 64 MB for a batch of 128 Mi keys).
    ///
    /// # Complexity
    ///
    /// O(|keys|).
    pub(in crate::count::join) fn segment(
        keys: &[u64],
        segments: usize,
    ) -> Result<Sampled, OutOfMemory> {
        let mut sampled = Sampled {
            size: keys.len(),
            used: keys.iter().fold(0, |all, &key| all | key),
            samples: Default::default(),
        };
        for (samples, most) in sampled.samples.iter_mut().zip(SAMPLED) {
            // This segment's share of the sample: the same step as a whole batch of
            // `segments` such segments would take.
            let step = (keys.len() * segments.max(1) / most).max(1);
            let mut taken = Vec::new();
            crate::memory::reserve(&mut taken, keys.len().div_ceil(step), "the sieve's samples")?;
            taken.extend(keys.iter().step_by(step));
            samples.push((taken, step as u64));
        }
        Ok(sampled)
    }

    /// The segments' samples as one side's, in the order given.
    pub(in crate::count::join) fn join(parts: Vec<Sampled>) -> Sampled {
        let mut joined = Sampled::default();
        for part in parts {
            joined.size += part.size;
            joined.used |= part.used;
            for (all, samples) in joined.samples.iter_mut().zip(part.samples) {
                all.extend(samples);
            }
        }
        joined
    }
}

impl Side for Sampled {
    fn size(&self) -> usize {
        self.size
    }

    fn used(&self) -> u64 {
        self.used
    }

    /// # Panics
    ///
    /// Panics if `most` is not a sample size the choice asks for ([`SAMPLED`]).
    fn sample(&self, most: usize, mut visit: impl FnMut(u64, u64)) {
        let which = SAMPLED
            .iter()
            .position(|&m| m == most)
            .expect("sieve: a sample size the choice asks for");
        for (keys, each) in &self.samples[which] {
            keys.iter().for_each(|&key| visit(key, *each));
        }
    }
}
