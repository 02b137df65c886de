//! The sieve's cut as a trie: a big bucket is split on more diagonals than a small one, so
//! every bucket fills its blocks however deep the cut goes where the keys are many.
//!
//! A run of `width` neighbouring key bits is read in the order of its *levels*: the bits a
//! random pair clashes on most come first. A key's *index* is its run's bits in that order,
//! the first level the index's top bit, so every prefix of the levels is a range of indices.
//! A bucket of the side loaded into blocks (a *leaf*) is a prefix of some depth: the first
//! `strict` levels are cut on everywhere (and squeezed out of every key, as before); below
//! them a bucket is split on the next level only while the kernel's computed cost says the
//! blocks saved are worth the blocks left partly empty. The other side is sorted by its whole
//! index; a leaf of prefix `x` meets every range of it whose prefix (to the leaf's depth) has
//! no level in common with `x`, and the kernel checks the levels below the leaf, which the
//! keys keep. On a crew's batches of N = 28 and 30 the cost so computed was about 0.6 of the
//! cut on one run of fixed depth (docs/counter.md).

use crate::memory::{try_filled, OutOfMemory};

/// The most key bits a trie reads: its index is looked up in three tables of 7 bits.
pub const MAX_WIDTH: u32 = 21;

/// A range of indices, from and to.
pub type Range = (usize, usize);

/// A node of a trie: its prefix and depth.
#[cfg(test)]
pub type Node = (usize, u32);

/// Bits of the run looked up in one table.
const CHUNK: u32 = 7;

/// A run of key bits read in the order of its levels, and the leaves the side loaded into
/// blocks is sorted into.
#[derive(Clone, Debug)]
pub struct Trie {
    /// The run's first key bit.
    start: u32,
    /// The run's bits, the index's bits.
    width: u32,
    /// The levels cut on everywhere (squeezed out of every key).
    strict: u32,
    /// The key bit of each level, the first level first.
    levels: Vec<u32>,
    /// Whether the levels are the run's bits from the highest down: the index is then the
    /// run itself, one shift.
    plain: bool,
    /// The run's bits (in key order, [`CHUNK`] a table) to their places in the index.
    order: [[u32; 1 << CHUNK]; 3],
    /// The leaves, or `None` when every leaf is one index (a cut on every level).
    leaves: Option<Leaves>,
}

/// The leaves of a trie whose leaves are not all of its depth.
#[derive(Clone, Debug)]
struct Leaves {
    /// Each leaf's prefix and depth, in the order of their indices.
    each: Vec<(u32, u32)>,
    /// The leaf of each index.
    of: Vec<u32>,
}

impl Trie {
    /// The trie of the `levels` (key bits, the first level first) of the run from key bit
    /// `start` that holds them, with no leaves yet: for [`Trie::index`] alone.
    pub(super) fn ordered(start: u32, levels: Vec<u32>) -> Trie {
        let width = levels.len() as u32;
        assert!(width <= MAX_WIDTH, "sieve: a trie of {} levels", width);
        let mut order = [[0u32; 1 << CHUNK]; 3];
        for (level, &bit) in levels.iter().enumerate() {
            assert!((bit - start) < 3 * CHUNK, "sieve: bit {} off the run", bit);
            let (table, at) = ((bit - start) / CHUNK, (bit - start) % CHUNK);
            let place = 1u32 << (width - 1 - level as u32);
            for (value, index) in order[table as usize].iter_mut().enumerate() {
                if value >> at & 1 == 1 {
                    *index |= place;
                }
            }
        }
        let plain = levels
            .iter()
            .enumerate()
            .all(|(level, &bit)| bit + level as u32 + 1 == start + width);
        Trie {
            start,
            width,
            plain,
            strict: 0,
            levels,
            order,
            leaves: None,
        }
    }

    /// The cut on the `c` key bits from `start`, every one of them everywhere: a leaf an
    /// index (no cut at all when `c` is 0).
    pub fn exact(start: u32, c: u32) -> Trie {
        let mut trie = Trie::ordered(start, (start..start + c).rev().collect());
        trie.strict = c;
        trie
    }

    /// The trie of `levels` (key bits within the run from `start`, the first level first)
    /// whose first `strict` levels are cut on everywhere and whose nodes below them are split
    /// where `split` says (bit `2^d - 1 + x` for the node of prefix `x` at depth `d`).
    ///
    /// # Errors
    ///
    /// [`OutOfMemory`] if the table of leaves does not fit.
    pub fn split(
        start: u32,
        levels: Vec<u32>,
        strict: u32,
        split: &[u64],
    ) -> Result<Trie, OutOfMemory> {
        let width = levels.len() as u32;
        let is_split = |d: u32, x: u32| {
            let node = (1usize << d) - 1 + x as usize;
            d < width && split[node / 64] >> (node % 64) & 1 == 1
        };
        let mut leaves = Vec::new();
        for top in 0..1u32 << strict {
            let mut nodes = vec![(top, strict)];
            while let Some((x, d)) = nodes.pop() {
                if is_split(d, x) {
                    nodes.push((x << 1 | 1, d + 1));
                    nodes.push((x << 1, d + 1));
                } else {
                    leaves.push((x, d));
                }
            }
        }
        // The levels below the deepest leaf are read by no one: the index stops there.
        let deepest = leaves.iter().map(|&(_, d)| d).max().unwrap_or(0);
        let mut trie = Trie::ordered(start, levels[..deepest as usize].to_vec());
        trie.strict = strict;
        let mut leaf_of = try_filled(1usize << deepest, 0u32, "the sieve's leaves")?;
        for (leaf, &(x, d)) in leaves.iter().enumerate() {
            let first = (x as usize) << (deepest - d);
            leaf_of[first..first + (1usize << (deepest - d))].fill(leaf as u32);
        }
        trie.leaves = Some(Leaves {
            each: leaves,
            of: leaf_of,
        });
        Ok(trie)
    }

    /// The run's first key bit, if the index is the run itself (its levels from its highest
    /// bit down) and every leaf one index.
    pub fn plain(&self) -> Option<u32> {
        (self.plain && self.leaves.is_none()).then_some(self.start)
    }

    /// The bits of the index, the run's width.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// The key bits cut on everywhere: squeezed out of every key.
    pub fn strict_bits(&self) -> u64 {
        let levels = &self.levels[..self.strict as usize];
        levels.iter().fold(0, |bits, &bit| bits | 1 << bit)
    }

    /// Leaf `leaf`'s prefix and depth.
    pub fn node(&self, leaf: usize) -> (u32, u32) {
        match &self.leaves {
            Some(leaves) => leaves.each[leaf],
            None => (leaf as u32, self.width),
        }
    }

    /// The levels cut on everywhere: every leaf is at least this deep.
    pub fn strict(&self) -> u32 {
        self.strict
    }

    /// The number of leaves.
    pub fn leaves(&self) -> usize {
        self.leaves
            .as_ref()
            .map_or(1 << self.width, |leaves| leaves.each.len())
    }

    /// `key`'s index: its run's bits in the order of the levels.
    ///
    /// # Complexity
    ///
    /// Three table lookups.
    #[inline]
    pub fn index(&self, key: u64) -> usize {
        let run = (key >> self.start) as usize;
        if self.plain {
            return run & ((1usize << self.width) - 1);
        }
        let mask = (1usize << CHUNK) - 1;
        let index = self.order[0][run & mask]
            | self.order[1][run >> CHUNK & mask]
            | self.order[2][run >> (2 * CHUNK) & mask];
        (index & ((1u32 << self.width) - 1)) as usize
    }

    /// The leaf of index `index`.
    #[inline]
    pub fn leaf(&self, index: usize) -> usize {
        match &self.leaves {
            Some(leaves) => leaves.of[index] as usize,
            None => index,
        }
    }

    /// The ranges of indices of the other side that leaf `leaf` meets, into `ranges` (its
    /// contents replaced; `nodes` is room to work in), neighbours joined: the prefixes, to the leaf's depth, that share no
    /// level with the leaf's, less those `filled(from, to)` says hold no key. (The count
    /// walks down the trie with a [`Descent`] instead; the tests check one by the other.)
    ///
    /// # Complexity
    ///
    /// O(the prefixes met and their ancestors).
    #[cfg(test)]
    pub fn meets(
        &self,
        leaf: usize,
        filled: impl Fn(usize, usize) -> bool,
        (ranges, nodes): (&mut Vec<Range>, &mut Vec<Node>),
    ) {
        ranges.clear();
        nodes.clear();
        let (x, depth) = match &self.leaves {
            Some(leaves) => leaves.each[leaf],
            None => (leaf as u32, self.width),
        };
        let width = self.width;
        nodes.push((0, 0));
        while let Some((y, d)) = nodes.pop() {
            let (from, to) = (y << (width - d), (y + 1) << (width - d));
            if !filled(from, to) {
                continue;
            }
            if d == depth {
                match ranges.last_mut() {
                    Some(last) if last.1 == from => last.1 = to,
                    _ => ranges.push((from, to)),
                }
                continue;
            }
            if x >> (depth - 1 - d) & 1 == 0 {
                nodes.push((y << 1 | 1, d + 1));
            }
            nodes.push((y << 1, d + 1));
        }
    }
}

/// A walk down a trie that knows the ranges of the other side each node on its path meets,
/// narrowed level by level from its parent's: the node's child of level bit 0 meets every
/// range its parent meets (the level is free for the other side), the child of bit 1 the
/// first half of each of the parent's prefixes (the other side's bit 0 there). Leaves come in
/// the order of their indices, so the next one shares most of its path with the last, and a
/// node's ranges are narrowed once for all the leaves below it, where [`Trie::meets`] walks
/// from the root for each (a tenth of the probing time at n = 28).
///
/// The ranges of a node are in one of the lists of [`Descent::ranges`]: a child of bit 0
/// reads its parent's list, a child of bit 1 at depth `d` the list `d`, so a walk below a
/// node leaves the lists of the node and its ancestors as they were.
pub struct Descent {
    /// Room for a list of ranges a depth.
    lists: Vec<Vec<Range>>,
    /// The list of each depth of the path, the node at that depth's.
    at: Vec<usize>,
    /// The node the path leads to, if any.
    path: Option<(u32, u32)>,
}

impl Descent {
    /// A walk down `trie`, not yet begun.
    pub fn new(trie: &Trie) -> Descent {
        let depths = trie.width as usize + 1;
        Descent {
            lists: vec![Vec::new(); depths],
            at: vec![0; depths],
            path: None,
        }
    }

    /// The list of the ranges met by the node of prefix `x` at depth `depth`, narrowed down
    /// from the deepest node its path shares with the last node asked for (from the root, on
    /// the first call), less those `filled(from, to)` says hold no key. Any list a child's
    /// [`Descent::narrow`] wrote below the path's nodes is then out of date.
    ///
    /// # Complexity
    ///
    /// O(the ranges of the nodes narrowed).
    pub fn to(
        &mut self,
        trie: &Trie,
        (x, depth): (u32, u32),
        filled: impl Fn(usize, usize) -> bool,
    ) -> usize {
        let shared = match self.path {
            Some((last, last_depth)) => {
                let common = last_depth.min(depth);
                let differ = (last >> (last_depth - common)) ^ (x >> (depth - common));
                common - (u32::BITS - differ.leading_zeros())
            }
            None => {
                let all = (0, 1usize << trie.width);
                self.lists[0].clear();
                if filled(all.0, all.1) {
                    self.lists[0].push(all);
                }
                self.at[0] = 0;
                0
            }
        };
        for d in shared..depth {
            let bit = x >> (depth - 1 - d) & 1;
            self.at[d as usize + 1] = self.narrow(trie, (self.at[d as usize], d), bit, &filled);
        }
        self.path = Some((x, depth));
        self.at[depth as usize]
    }

    /// The list of the ranges met by the child of level bit `bit` of a node at `depth` whose
    /// ranges are list `at`: list `at` itself for bit 0, list `depth + 1` narrowed for bit 1.
    ///
    /// # Panics
    ///
    /// Panics if `depth` is not below the trie's width.
    ///
    /// # Complexity
    ///
    /// O(the node's ranges) for bit 1.
    pub fn narrow(
        &mut self,
        trie: &Trie,
        (at, depth): (usize, u32),
        bit: u32,
        filled: impl Fn(usize, usize) -> bool,
    ) -> usize {
        assert!(depth < trie.width, "sieve: no level below depth {}", depth);
        if bit == 0 {
            return at;
        }
        let size = 1usize << (trie.width - depth);
        let child = depth as usize + 1;
        let (above, below) = self.lists.split_at_mut(child);
        let into = &mut below[0];
        into.clear();
        for &(from, to) in &above[at] {
            into.extend(
                (from..to)
                    .step_by(size)
                    .map(|start| (start, start + size / 2))
                    .filter(|&(from, to)| filled(from, to)),
            );
        }
        child
    }

    /// List `at` of ranges.
    pub fn ranges(&self, at: usize) -> &[Range] {
        &self.lists[at]
    }
}
