//! What the kernel reads: the rows of a block's group tables, and the keys' layout.

/// A row of a group table: one bit per stored half of a block, aligned to a cache line so a
/// 512-bit load of it never touches two (a `Vec` of plain `[u64; 8]` is only 8-aligned: one
/// run with rows straddling lines took a fifth longer).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(C, align(64))]
pub struct Row(pub [u64; 8]);

impl std::ops::Deref for Row {
    type Target = [u64; 8];
    fn deref(&self) -> &[u64; 8] {
        &self.0
    }
}

impl std::ops::DerefMut for Row {
    fn deref_mut(&mut self) -> &mut [u64; 8] {
        &mut self.0
    }
}

/// Where the row of group `j` that `key` reads begins, as a byte offset into a block's
/// tables (laid out one after another, as `[[Row; 1 << GROUP]; G]`):
/// one shift and one mask, where the row's index times 64 took a third operation.
#[inline(always)]
pub(super) fn offset(key: u64, j: usize) -> usize {
    let row = match j {
        0 => key << 6,
        _ => key >> (GROUP * j - 6),
    };
    (j << (GROUP + 6)) + (row & ((1 << GROUP) - 1) << 6) as usize
}

/// The key bits each group table reads: a table has `2^GROUP` rows (16 KB), and a probe
/// reads one row a group. Fewer, bigger tables mean fewer loads a probe, which pays at the
/// large N that probes dominate, for a little more at small N (docs/counter.md, "The fast
/// counter").
pub const GROUP: usize = 8;

/// Where a key's own weight begins, for [`Kernel::weighted_in_keys`]: key `k` counts each
/// match `2^(k >> WEIGHT)` times.
pub const WEIGHT: u32 = 62;

/// The most group tables a block has: a key of 64 bits.
pub const MAX_GROUPS: usize = 64 / GROUP;

/// How much of each row a probe reads. A block of at most 256 stored keys (words 0 to 3)
/// leaves the last four words of every row empty, and reading half of each row reads half
/// the bytes: where a CPU's loads are 256 bits wide, a probe of such a block costs less than
/// a whole one, and at large N many probes meet such blocks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Width {
    /// Words 0 to 3 of each row (keys 0 to 255); words 4 to 7 are taken as empty.
    Half,
    /// All 8 words.
    Whole,
}

impl Width {
    /// The width that reads every stored key of words whose valid bits are `valid`.
    ///
    /// # Example
    ///
    /// ```
    /// use nqueens::count::join::Width;
    /// // 256 keys fill words 0 to 3; one more reaches word 4.
    /// assert_eq!(Width::of(&[!0, !0, !0, !0, 0, 0, 0, 0]), Width::Half);
    /// assert_eq!(Width::of(&[!0, !0, !0, !0, 1, 0, 0, 0]), Width::Whole);
    /// ```
    pub fn of(valid: &[u64; 8]) -> Width {
        match valid[4..].iter().all(|&word| word == 0) {
            true => Width::Half,
            false => Width::Whole,
        }
    }
}
