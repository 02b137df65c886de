//! The last blocks of the trie's leaves packed together.
//!
//! A leaf of the side loaded into blocks ends in a block partly filled, probed by every probe
//! of the leaf as a full one is: at n = 28 most leaves hold one or two blocks, and the probes
//! spent on empty places were about half of all (measured on the leaves of an estimate's
//! samples). Keys of several leaves may share a block when the block is probed by every probe
//! that can fit any of them: the kernel checks every key bit but the levels cut everywhere, so
//! the other leaves' probes find no match in a key they clash with. The probes a node of the
//! trie meets are exactly its first leaf's (the node's prefix followed by levels the leaf's
//! keys leave free, which fit every probe), and they hold every probe of every leaf below it.
//! So, from the deepest nodes up, the two halves' leftover keys are packed into blocks probed
//! by the node's first leaf, where that costs fewer probes than each half's own; what is not
//! worth packing is probed on its own.

use super::buckets::Buckets;
use super::choice::probe_tenths;
use super::lanes::{words_for, words_of, Gather, Tail, WORDS};
use super::trie::Trie;
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
    /// Room for [`Trie::meets`].
    ranges: Vec<(usize, usize)>,
    nodes: Vec<(usize, u32)>,
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
            ranges: Vec::new(),
            nodes: Vec::new(),
            spare: Vec::new(),
            spare_lists: Vec::new(),
        }
    }

    /// Counts the pairs of the leaves `leaves` (a run of them, in order) with their probes,
    /// into [`Packing::total`].
    ///
    /// # Complexity
    ///
    /// The kernel's work on the blocks, and O(leaves · the trie's depth) besides.
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
            let (pending, first) = self.visit((prefix, strict), from..to);
            if let Some(pending) = pending {
                self.probe_tail(pending);
            }
            self.recycle(first);
            from = to;
        }
    }

    /// Keeps the room of `probes`' lists for another leaf's.
    fn recycle(&mut self, probes: Option<Probes<'k>>) {
        if let Some(mut probes) = probes {
            probes.lists.clear();
            self.spare_lists.push(probes.lists);
        }
    }

    /// A copy of `probes`, in room kept.
    fn copy(&mut self, probes: &Probes<'k>) -> Probes<'k> {
        let mut lists = self.spare_lists.pop().unwrap_or_default();
        lists.extend_from_slice(&probes.lists);
        Probes {
            lists,
            keys: probes.keys,
        }
    }

    /// The index a leaf starts at.
    fn start(&self, leaf: usize) -> usize {
        let (x, d) = self.trie.node(leaf);
        (x as usize) << (self.trie.width() - d)
    }

    /// Counts the full blocks of the leaves of `leaves` below node `(y, d)`, and returns the
    /// keys left to pack, and the probes of the node's first leaf if it is one of `leaves`.
    fn visit(
        &mut self,
        (y, d): (u32, u32),
        leaves: std::ops::Range<usize>,
    ) -> (Option<Pending<'k>>, Option<Probes<'k>>) {
        if leaves.is_empty() {
            return (None, None);
        }
        if leaves.len() == 1 && self.trie.node(leaves.start) == (y, d) {
            return self.leaf(leaves.start);
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
        let (zero, first) = self.visit((2 * y, d + 1), leaves.start..low);
        let (one, its_first) = self.visit((2 * y + 1, d + 1), low..leaves.end);
        self.recycle(its_first);
        let pending = match (zero, one) {
            (Some(zero), Some(one)) => self.pack((zero, one), first.as_ref()),
            (zero, one) => zero.or(one),
        };
        (pending, first)
    }

    /// Both halves' keys in blocks probed by the node's first leaf (`first`; the node is
    /// below the levels cut everywhere), left to pack further up, if that costs no more than
    /// each with its own probes; else each counted now.
    fn pack(
        &mut self,
        (mut zero, mut one): (Pending<'k>, Pending<'k>),
        first: Option<&Probes<'k>>,
    ) -> Option<Pending<'k>> {
        if let Some(first) = first {
            let words = words_for(std::array::from_fn(|w| {
                zero.tail[w].len() + one.tail[w].len()
            }));
            if probe_tenths(words as u64) * first.keys <= zero.cost() + one.cost() {
                for (keys, more) in zero.tail.iter_mut().zip(&mut one.tail) {
                    keys.append(more);
                }
                self.spare.push(one.tail);
                self.recycle(Some(one.probes));
                let probes = self.copy(first);
                self.recycle(Some(std::mem::replace(&mut zero.probes, probes)));
                return Some(zero);
            }
        }
        self.probe_tail(zero);
        self.probe_tail(one);
        None
    }

    /// Counts leaf `leaf`'s full blocks with its probes, and returns its last keys to pack
    /// and its probes.
    fn leaf(&mut self, leaf: usize) -> (Option<Pending<'k>>, Option<Probes<'k>>) {
        let probing = self.probing;
        let at = &probing.at;
        let filled = |from: usize, to: usize| at[from] < at[to];
        let buffers = (&mut self.ranges, &mut self.nodes);
        self.trie.meets(leaf, filled, buffers);
        let mut lists = self.spare_lists.pop().unwrap_or_default();
        lists.extend(
            (self.ranges.iter())
                .map(|&(from, to)| &probing.keys[at[from] as usize..at[to] as usize])
                .filter(|keys| !keys.is_empty()),
        );
        let keys = lists.iter().map(|keys| keys.len() as u64).sum();
        let probes = Probes { lists, keys };
        if probes.keys == 0 {
            return (None, Some(probes));
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
        let first = Some(self.copy(&probes));
        match tail.iter().all(Vec::is_empty) {
            true => {
                self.spare.push(tail);
                self.recycle(Some(probes));
                (None, first)
            }
            false => (Some(Pending { tail, probes }), first),
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
        self.recycle(Some(pending.probes));
    }
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
