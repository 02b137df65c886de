//! How a row set's keys are sorted: the side in blocks, the run of diagonals cut on, the
//! squeeze, and the words of one weight.

use crate::count::join::kernel::{GROUP, WEIGHT};
use crate::count::join::squeeze::Squeeze;

/// The weights a west key may have (`weight(key)` below 3: each match counts 1, 2 or 4
/// times), each a bucket of its own: the kernel counts matches, and the sieve weighs its
/// answer (a shift per call, not per probe).
pub(super) const WAYS: usize = 3;

/// The most coarse buckets a segment of a crew's other side is sorted into before the segments
/// are joined ([`Sieve::sort_coarse`]): its 64 segments hold 1 MB of starts, not one start a
/// bucket each.
pub(super) const COARSE: usize = 1 << 12;

/// How a row set's keys are sorted: which side is loaded into blocks, the run of diagonals
/// cut on (`c` of them from key bit `start`), the squeeze of the keys, and whether the west
/// halves in blocks carry their weight in their keys' top bits (`lanes`, see [`lanes`]).
#[derive(Clone)]
pub struct Sorting {
    pub(super) west_blocked: bool,
    pub(super) start: u32,
    pub(super) c: u32,
    pub(super) squeeze: Squeeze,
    pub(super) lanes: bool,
}

impl Sorting {
    /// The cut on `c` diagonals from key bit `start`, of keys whose bits `live` may clash:
    /// those squeezed out of every key; west halves in blocks (if `west_blocked`) are dealt
    /// into words by weight when their squeezed keys leave the weight's bits free.
    pub(super) fn new(west_blocked: bool, start: u32, c: u32, live: u64) -> Sorting {
        let squeeze = Squeeze::new(live & !(((1u64 << c) - 1) << start));
        let groups = (squeeze.bits() as usize).div_ceil(GROUP);
        Sorting {
            west_blocked,
            start,
            c,
            lanes: west_blocked && groups * GROUP <= WEIGHT as usize,
            squeeze,
        }
    }

    /// Which bucket a key of the west side (if `west`) or of the east side goes to, and how
    /// many buckets there are: a west key's by its pattern and its weight (`weight`), an
    /// east key's by its pattern; so is a west key dealt into words by weight.
    pub(super) fn slots<'a>(
        &self,
        west: bool,
        weight: &'a impl Fn(u64) -> usize,
    ) -> (impl Fn(u64) -> usize + 'a, usize) {
        let (start, mask) = (self.start, (1u64 << self.c) - 1);
        let weighed = self.ways(west) == WAYS;
        let slot = move |key: u64| {
            let pattern = (key >> start & mask) as usize;
            match weighed {
                true => pattern * WAYS + weight(key),
                false => pattern,
            }
        };
        (slot, self.ways(west) << self.c)
    }

    /// The buckets a pattern has on the west side (if `west`) or on the east side: one a
    /// weight for west keys, unless they are dealt into words by weight; one for east keys.
    pub(super) fn ways(&self, west: bool) -> usize {
        match west && !self.lanes {
            true => WAYS,
            false => 1,
        }
    }

    /// What a key of the west side (if `west`) or of the east side is stored as: squeezed,
    /// with its weight in its top bits if it is dealt into words by weight.
    pub(super) fn store<'a>(
        &'a self,
        west: bool,
        weight: &'a impl Fn(u64) -> usize,
    ) -> impl Fn(u64) -> u64 + 'a {
        let weighed = west && self.lanes;
        move |key| {
            let stored = self.squeeze.apply(key);
            match weighed {
                true => stored | (weight(key) as u64) << WEIGHT,
                false => stored,
            }
        }
    }

    /// The number of patterns (the blocked buckets of one weight), 2^c.
    pub(in crate::count::join) fn patterns(&self) -> usize {
        1 << self.c
    }

    /// How far a bucket of `buckets` is shifted to its coarse bucket: the least shift that
    /// leaves at most [`COARSE`] of them.
    pub(super) fn coarse_shift(buckets: usize) -> u32 {
        (0..usize::BITS)
            .find(|&shift| (buckets.saturating_sub(1) >> shift) < COARSE)
            .unwrap_or(0)
    }
}
