//! The last blocks of the trie's leaves packed together.
//!
//! A leaf of the side loaded into blocks ends in a block partly filled, probed by every probe
//! of the leaf as a full one is: at large n most leaves hold one or two blocks, so the probes
//! spent on empty places are a large share of all. Keys of several leaves may share a block when the block is probed by every probe
//! that can fit any of them: the kernel checks every key bit but the levels cut everywhere, so
//! the other leaves' probes find no match in a key they clash with. The probes a node of the
//! trie meets (the ranges sharing no level with its prefix: its first leaf's, the prefix
//! followed by levels left free) hold every probe of every leaf below it. So, from the
//! deepest nodes up, the two halves' leftover keys are packed into blocks probed by the
//! node's ranges, where that costs fewer probes than each half's own; what is not worth
//! packing is probed on its own. The walk down the trie narrows each node's ranges from its
//! parent's ([`super::trie::Descent`]), once for all the leaves below it.

use super::buckets::Buckets;
use super::choice::probe_tenths;
use super::lanes::{words_for, words_of, Gather, Tail, WORDS};
use super::trie::{Descent, Trie};
use crate::count::join::sliced::Sliced;
use crate::kernel::Kernel;

/// The probes of a leaf: the runs of the other side's keys it meets, and how many keys.
#[derive(Default)]
struct Probes<'k> {
    lists: Vec<&'k [u64]>,
    keys: u64,
}

/// Keys waiting to be packed, and the probes that fit every one of them.
struct Pending<'k> {
    tail: Tail,
    probes: Probes<'k>,
}

impl Pending<'_> {
    /// The probes its blocks take, in tenths of one probe of a whole block.
    fn cost(&self) -> u64 {
        probe_tenths(words_of(&self.tail) as u64) * self.probes.keys
    }
}

/// A count of the leaves of a trie whose keys are dealt into words by weight, the leaves'
/// last blocks packed.
pub(super) struct Packing<'a, 'k> {
    trie: &'a Trie,
    blocked: &'a [Buckets],
    /// The other side, sorted by its whole index (one weight).
    probing: &'k Buckets,
    block: &'a mut Sliced,
    gathered: &'a mut Gather,
    kernel: Kernel,
    /// The weighed matches counted so far.
    pub(super) total: u64,
    /// The blocks probed so far.
    pub(super) blocks: u64,
    /// The walk down the trie: the ranges of the other side each node meets.
    descent: Descent,
    /// Tails emptied, and room for lists of probes, to be used again.
    spare: Vec<Tail>,
    spare_lists: Vec<Vec<&'k [u64]>>,
}

impl<'a, 'k> Packing<'a, 'k> {
    /// A count of nothing yet, with these blocks, probes and buffers.
    pub(super) fn new(
        trie: &'a Trie,
        (blocked, probing): (&'a [Buckets], &'k Buckets),
        (block, gathered): (&'a mut Sliced, &'a mut Gather),
        kernel: Kernel,
    ) -> Packing<'a, 'k> {
        Packing {
            trie,
            blocked,
            probing,
            block,
            gathered,
            kernel,
            total: 0,
            blocks: 0,
            descent: Descent::new(trie),
            spare: Vec::new(),
            spare_lists: Vec::new(),
        }
    }

    /// Counts the pairs of the leaves `leaves` (a run of them, in order) with their probes,
    /// into [`Packing::total`].
    ///
    /// # Complexity
    ///
    /// The kernel's work on the blocks, and O(the ranges met by the nodes walked) besides.
    pub(super) fn count(&mut self, leaves: std::ops::Range<usize>) {
        // Nothing is packed above the levels cut everywhere (squeezed out of the keys): each
        // node there is counted on its own, its leaves a run of neighbours.
        let strict = self.trie.strict();
        let top = |leaf: usize| {
            let (x, d) = self.trie.node(leaf);
            x >> (d - strict)
        };
        let mut from = leaves.start;
        while from < leaves.end {
            let prefix = top(from);
            let to = (from + 1..leaves.end)
                .find(|&leaf| top(leaf) != prefix)
                .unwrap_or(leaves.end);
            let at = self
                .descent
                .to(self.trie, (prefix, strict), filled(self.probing));
            if let Some(pending) = self.visit((prefix, strict), from..to, at) {
                self.probe_tail(pending);
            }
            from = to;
        }
    }

    /// The probes of the ranges of list `at` of the walk: the other side's keys in them.
    fn probes(&mut self, at: usize) -> Probes<'k> {
        let probing = self.probing;
        let mut lists = self.spare_lists.pop().unwrap_or_default();
        lists.extend(
            (self.descent.ranges(at).iter())
                .map(|&(from, to)| {
                    &probing.keys[probing.at[from] as usize..probing.at[to] as usize]
                })
                .filter(|keys| !keys.is_empty()),
        );
        let keys = lists.iter().map(|keys| keys.len() as u64).sum();
        Probes { lists, keys }
    }

    /// The number of keys of the other side in the ranges of list `at` of the walk.
    fn probe_keys(&self, at: usize) -> u64 {
        let starts = &self.probing.at;
        (self.descent.ranges(at).iter())
            .map(|&(from, to)| u64::from(starts[to] - starts[from]))
            .sum()
    }

    /// Keeps the room of `probes`' lists for another leaf's.
    fn recycle(&mut self, mut probes: Probes<'k>) {
        probes.lists.clear();
        self.spare_lists.push(probes.lists);
    }

    /// The index a leaf starts at.
    fn start(&self, leaf: usize) -> usize {
        let (x, d) = self.trie.node(leaf);
        (x as usize) << (self.trie.width() - d)
    }

    /// Counts the full blocks of the leaves of `leaves` below node `(y, d)`, whose ranges met
    /// are list `at` of the walk, and returns the keys left to pack with their probes.
    fn visit(
        &mut self,
        (y, d): (u32, u32),
        leaves: std::ops::Range<usize>,
        at: usize,
    ) -> Option<Pending<'k>> {
        if leaves.is_empty() || self.descent.ranges(at).is_empty() {
            return None;
        }
        if leaves.len() == 1 && self.trie.node(leaves.start) == (y, d) {
            return self.leaf(leaves.start, at);
        }
        let half = ((2 * y + 1) as usize) << (self.trie.width() - d - 1);
        let (mut low, mut high) = (leaves.start, leaves.end);
        while low < high {
            let mid = (low + high) / 2;
            match self.start(mid) < half {
                true => low = mid + 1,
                false => high = mid,
            }
        }
        // The child of bit 0 meets this node's ranges; the child of bit 1's are narrowed
        // into the list of its depth, which no node above it reads.
        let zero = self.visit((2 * y, d + 1), leaves.start..low, at);
        let one = match low < leaves.end {
            true => {
                let child = self
                    .descent
                    .narrow(self.trie, (at, d), 1, filled(self.probing));
                self.visit((2 * y + 1, d + 1), low..leaves.end, child)
            }
            false => None,
        };
        match (zero, one) {
            (Some(zero), Some(one)) => self.pack((zero, one), at),
            (zero, one) => zero.or(one),
        }
    }

    /// Both halves' keys in blocks probed by the node's ranges (list `at`; the node is
    /// below the levels cut everywhere), left to pack further up, if that costs no more than
    /// each with its own probes; else each counted now.
    fn pack(
        &mut self,
        (mut zero, mut one): (Pending<'k>, Pending<'k>),
        at: usize,
    ) -> Option<Pending<'k>> {
        let words = words_for(std::array::from_fn(|w| {
            zero.tail[w].len() + one.tail[w].len()
        }));
        if probe_tenths(words as u64) * self.probe_keys(at) <= zero.cost() + one.cost() {
            for (keys, more) in zero.tail.iter_mut().zip(&mut one.tail) {
                keys.append(more);
            }
            self.spare.push(one.tail);
            self.recycle(one.probes);
            let probes = self.probes(at);
            let before = std::mem::replace(&mut zero.probes, probes);
            self.recycle(before);
            return Some(zero);
        }
        self.probe_tail(zero);
        self.probe_tail(one);
        None
    }

    /// Counts leaf `leaf`'s full blocks with the probes of its ranges (list `at`), and
    /// returns its last keys to pack with its probes.
    fn leaf(&mut self, leaf: usize, at: usize) -> Option<Pending<'k>> {
        let probes = self.probes(at);
        if probes.keys == 0 {
            self.recycle(probes);
            return None;
        }
        let mut tail = self.spare.pop().unwrap_or_default();
        let (block, kernel) = (&mut *self.block, self.kernel);
        let (total, blocks, lists) = (&mut self.total, &mut self.blocks, &probes.lists);
        self.gathered.blocks_leaving_tail(
            self.blocked,
            leaf,
            &mut tail,
            &mut |stored, lengths, weights| {
                *total += probe(block, kernel, lists, (stored, lengths, weights));
                *blocks += 1;
            },
        );
        match tail.iter().all(Vec::is_empty) {
            true => {
                self.spare.push(tail);
                self.recycle(probes);
                None
            }
            false => Some(Pending { tail, probes }),
        }
    }

    /// Counts the blocks of `pending`'s keys with its probes.
    fn probe_tail(&mut self, mut pending: Pending<'k>) {
        if pending.probes.keys > 0 {
            let (block, kernel) = (&mut *self.block, self.kernel);
            let (total, blocks, lists) = (&mut self.total, &mut self.blocks, &pending.probes.lists);
            self.gathered
                .blocks_of_tail(&mut pending.tail, &mut |stored, lengths, weights| {
                    *total += probe(block, kernel, lists, (stored, lengths, weights));
                    *blocks += 1;
                });
        }
        pending.tail.iter_mut().for_each(Vec::clear);
        self.spare.push(pending.tail);
        self.recycle(pending.probes);
    }
}

/// Whether `probing` holds a key in indices `from..to`.
fn filled(probing: &Buckets) -> impl Fn(usize, usize) -> bool + '_ {
    |from, to| probing.at[from] < probing.at[to]
}

/// The weighed matches of one block (its keys, each word's length and weight) with `lists`.
fn probe(
    block: &mut Sliced,
    kernel: Kernel,
    lists: &[&[u64]],
    (stored, lengths, weights): (&[u64], [usize; WORDS], [u32; WORDS]),
) -> u64 {
    block.load_words(kernel, stored, lengths);
    let words = block.words_of(kernel, lists);
    words.iter().zip(weights).map(|(&n, w)| n << w).sum()
}
