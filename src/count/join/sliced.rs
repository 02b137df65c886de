//! Stored half boards turned on their side: for a block of up to 512 of them, one bit row per
//! diagonal, and the group tables that let a probe AND a handful of rows instead of one per
//! diagonal it uses.
//!
//! A half board is known to the join by its *key*: one bit per diagonal that crosses the
//! middle of the board (see [`super`]). A probe fits a stored half exactly when their
//! keys share no bit. Transposed, the block is a row per diagonal `d` with bit `i` set when
//! stored half `i` leaves `d` free; a probe's matches are the bits set in the AND of the rows
//! of its diagonals. Grouping the key's bits by [`GROUP`] (8), each group gets a table of all
//! 256 ANDs of its 8 rows, so a probe ANDs one row per group (`⌈2(n - 1)/8⌉` of them: 3 at
//! n = 12 and 13, 6 at n = 22, fewer once keys are squeezed; 16 KB a table) whatever the
//! number of its diagonals, and [`Kernel::matches`] counts the bits left.
//!
//! (Its example is the unit test `examples::a_block_on_its_side` at the bottom of this file.)

#[cfg(doc)]
use crate::kernel::WEIGHT;
use crate::kernel::{Kernel, Row, Width, GROUP, MAX_GROUPS};

/// The stored halves of a block.
pub const BLOCK: usize = 512;

/// One block of stored keys, as group tables.
pub struct Sliced {
    /// The groups in use (see [`Sliced::use_bits`]).
    groups: usize,
    /// The groups there is room for.
    room: usize,
    /// Group `j`'s row `p`: the stored halves that leave free every diagonal `GROUP·j + b` for
    /// the bits `b` of `p`.
    table: Vec<Row>,
    /// One row per key bit: the stored halves that leave it free.
    free: Vec<Row>,
    /// How much of each row holds the stored halves: half where they are at most 256.
    width: Width,
}

impl Sliced {
    /// An empty block for keys of `key_bits` bits.
    ///
    /// # Panics
    ///
    /// Panics if `key_bits` is 0 or needs more than [`MAX_GROUPS`] groups.
    pub fn new(key_bits: usize) -> Sliced {
        let groups = key_bits.div_ceil(GROUP);
        assert!(
            (1..=MAX_GROUPS).contains(&groups),
            "sliced: {} key bits",
            key_bits
        );
        Sliced {
            groups,
            room: groups,
            table: vec![Row([0; 8]); groups << GROUP],
            free: vec![Row([0; 8]); groups * GROUP],
            width: Width::Whole,
        }
    }

    /// Takes keys of `key_bits` bits from the next [`Sliced::load`] on (squeezed keys: see
    /// [`super::squeeze`]); fewer groups, so less work per probe.
    ///
    /// # Panics
    ///
    /// Panics if `key_bits` needs more groups than the block was made for.
    pub fn use_bits(&mut self, key_bits: usize) {
        let groups = key_bits.div_ceil(GROUP).max(1);
        assert!(groups <= self.room, "sliced: {} key bits", key_bits);
        self.groups = groups;
    }

    /// Loads up to [`BLOCK`] stored keys, replacing those before.
    ///
    /// # Panics
    ///
    /// Panics if there are more than [`BLOCK`] keys, or a key has a bit past the groups.
    ///
    /// # Complexity
    ///
    /// O(bits set in the keys + 32 · groups) row operations.
    pub fn load(&mut self, kernel: Kernel, keys: &[u64]) {
        assert!(
            keys.len() <= BLOCK,
            "sliced: {} keys in a block",
            keys.len()
        );
        let lengths = std::array::from_fn(|i| keys.len().saturating_sub(64 * i).min(64));
        self.load_valid(kernel, keys, lengths);
    }

    /// Loads the stored keys of up to 8 words, each of its own length: word `w` is
    /// `keys[64w..64w + lengths[w]]` (the keys after it in its 64 are not stored), so that
    /// each word may hold keys of one weight ([`Sliced::words_of`]).
    ///
    /// # Panics
    ///
    /// Panics if a length is above 64, or `keys` is too short for the last word.
    ///
    /// # Complexity
    ///
    /// As [`Sliced::load`].
    pub fn load_words(&mut self, kernel: Kernel, keys: &[u64], lengths: [usize; 8]) {
        assert!(
            lengths.iter().all(|&length| length <= 64),
            "sliced: a word of more than 64"
        );
        let end = (0..8)
            .rev()
            .find(|&w| lengths[w] > 0)
            .map_or(0, |w| 64 * w + lengths[w]);
        self.load_valid(kernel, &keys[..end], lengths);
    }

    /// [`Sliced::load`] of `keys`, of which word `w` stores its first `lengths[w]`.
    fn load_valid(&mut self, kernel: Kernel, keys: &[u64], lengths: [usize; 8]) {
        let valid: [u64; 8] = std::array::from_fn(|i| match lengths[i] {
            64 => !0,
            here => (1u64 << here) - 1,
        });
        let (free, table) = (
            &mut self.free[..self.groups * GROUP],
            &mut self.table[..self.groups << GROUP],
        );
        kernel.load(keys, valid, free, table);
        self.width = Width::of(&valid);
    }

    /// [`Sliced::matches_of`] with each probe's matches counted `2^(probe >> WEIGHT)` times
    /// (see [`Kernel::weighted_in_keys`]).
    ///
    /// # Complexity
    ///
    /// O(probes · groups) row operations.
    pub fn weighted_in_keys(&self, kernel: Kernel, probes: &[u64]) -> u64 {
        let table = &self.table[..self.groups << GROUP];
        kernel.weighted_in_keys(table, self.groups, probes, self.width)
    }

    /// The matches of several lists of probes together, in one call of the kernel, word by
    /// word (see [`Kernel::words_of`]): element `w` counts the matches with the block's word
    /// `w` (its stored keys `64w..64w + 64`).
    ///
    /// # Complexity
    ///
    /// O(probes · groups) row operations.
    pub fn words_of(&self, kernel: Kernel, lists: &[&[u64]]) -> [u64; 8] {
        kernel.words_of(
            &self.table[..self.groups << GROUP],
            self.groups,
            lists,
            self.width,
        )
    }

    /// The number of (probe, stored half) pairs of this block whose keys share no bit, the
    /// probes in several lists, counted in one call of the kernel.
    ///
    /// # Complexity
    ///
    /// O(probes · groups) row operations.
    pub fn matches_of(&self, kernel: Kernel, lists: &[&[u64]]) -> u64 {
        kernel.matches_of(
            &self.table[..self.groups << GROUP],
            self.groups,
            lists,
            self.width,
        )
    }
}

#[cfg(test)]
mod examples {
    //! The examples of this private module's docs, run as unit tests.

    #[test]
    fn a_block_on_its_side() {
        use crate::count::join::sliced::Sliced;
        use crate::kernel::Kernel;

        let mut block = Sliced::new(10);
        let kernel = Kernel::portable();
        block.load(kernel, &[0b00_0000_0011, 0b00_0000_0100, 0b10_0000_0000]);
        // Key 0b1000 shares no bit with any of them; 0b0001 clashes with the first.
        assert_eq!(block.matches_of(kernel, &[&[0b1000, 0b0001]]), 3 + 2);
    }
}
