//! How a row set's keys are sorted: the side in blocks, the run of diagonals cut on, the
//! squeeze, and the words of one weight.

use super::trie::Trie;
use crate::count::join::squeeze::Squeeze;
use crate::kernel::{GROUP, WEIGHT};
use std::sync::Arc;

/// The weights a west key may have (`weight(key)` below 3: each match counts 1, 2 or 4
/// times), each a bucket of its own: the kernel counts matches, and the sieve weighs its
/// answer (a shift per call, not per probe).
pub(super) const WAYS: usize = 3;

/// The most coarse buckets a segment of a crew's other side is sorted into before the segments
/// are joined ([`Sieve::sort_coarse`]): its 64 segments hold 1 MB of starts, not one start a
/// bucket each.
pub(super) const COARSE: usize = 1 << 12;

/// How a row set's keys are sorted: which side is loaded into blocks, the cut (a [`Trie`]:
/// the run of diagonals, the levels cut on everywhere and the leaves), the squeeze of the keys,
/// and whether the west halves in blocks carry their weight in their keys' top bits
/// (`lanes`, see [`lanes`]).
#[derive(Clone)]
pub struct Sorting {
    pub(super) west_blocked: bool,
    pub(super) trie: Arc<Trie>,
    pub(super) squeeze: Squeeze,
    pub(super) lanes: bool,
}

impl Sorting {
    /// The cut on all `c` diagonals from key bit `start`, of keys whose bits `live` may
    /// clash: see [`Sorting::with_trie`].
    pub(super) fn new(west_blocked: bool, start: u32, c: u32, live: u64) -> Sorting {
        Sorting::with_trie(west_blocked, Trie::exact(start, c), live)
    }

    /// The cut `trie`, of keys whose bits `live` may clash: the diagonals it cuts on
    /// everywhere are squeezed out of every key; west halves in blocks (if `west_blocked`)
    /// are dealt into words by weight when their squeezed keys leave the weight's bits free.
    pub(super) fn with_trie(west_blocked: bool, trie: Trie, live: u64) -> Sorting {
        let squeeze = Squeeze::new(live & !trie.strict_bits());
        let groups = (squeeze.bits() as usize).div_ceil(GROUP);
        Sorting {
            west_blocked,
            lanes: west_blocked && groups * GROUP <= WEIGHT as usize,
            trie: Arc::new(trie),
            squeeze,
        }
    }

    /// Which bucket a key of the west side (if `west`) or of the east side goes to, and how
    /// many buckets there are. The side loaded into blocks: by its leaf, and a west key by
    /// its weight too unless it is dealt into words by weight. The other side: by its index,
    /// a west key first by its weight (so each weight's keys of a range of indices lie
    /// together).
    pub(super) fn slots<'a>(
        &'a self,
        west: bool,
        weight: &'a impl Fn(u64) -> usize,
    ) -> (impl Fn(u64) -> usize + 'a, usize) {
        let trie = &*self.trie;
        let blocked = west == self.west_blocked;
        let ways = self.ways(west);
        let width = trie.width();
        let slot = move |key: u64| {
            let index = trie.index(key);
            let way = if ways == WAYS { weight(key) } else { 0 };
            match blocked {
                true => trie.leaf(index) * ways + way,
                false => way << width | index,
            }
        };
        (slot, self.buckets(west))
    }

    /// How many buckets the keys of the west side (if `west`) or of the east side are sorted
    /// into ([`Sorting::slots`]).
    pub(in crate::count::join) fn buckets(&self, west: bool) -> usize {
        match west == self.west_blocked {
            true => self.trie.leaves() * self.ways(west),
            false => self.ways(west) << self.trie.width(),
        }
    }

    /// How many coarse buckets a segment of the side not loaded into blocks is sorted into
    /// before the segments are joined (at most [`COARSE`]).
    pub(in crate::count::join) fn coarse_buckets(&self) -> usize {
        let buckets = self.buckets(!self.west_blocked);
        ((buckets - 1) >> Sorting::coarse_shift(buckets)) + 1
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

    /// The number of leaves (the blocked buckets of one weight).
    pub(in crate::count::join) fn patterns(&self) -> usize {
        self.trie.leaves()
    }

    /// How far a bucket of `buckets` is shifted to its coarse bucket: the least shift that
    /// leaves at most [`COARSE`] of them.
    pub(super) fn coarse_shift(buckets: usize) -> u32 {
        (0..usize::BITS)
            .find(|&shift| (buckets.saturating_sub(1) >> shift) < COARSE)
            .unwrap_or(0)
    }
}
