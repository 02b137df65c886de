//! Keys squeezed to the diagonals that can still clash, so the kernel ANDs fewer groups.
//!
//! The kernel's work per probe grows with the key's groups of [`GROUP`] bits (6 at n = 21 and
//! 22). Within one row set, and within one pair of sieve buckets, many key bits cannot decide
//! anything: a diagonal only one side ever uses (near the corners, where a row set leaves a
//! side few squares on it), and the sieve's own diagonals, on which every pair of the two
//! buckets is already known to fit. Dropping them and closing the gaps (a bit-field extract,
//! what BMI2's `PEXT` does, here as a few shifts, one per run of kept bits: the kept bits form
//! a few runs, and the same code runs on every CPU at the same speed) leaves keys of fewer
//! bits: at n = 22, 42 bits become 30 to 34, 5 or 6 groups instead of 7.
//!
//! [`GROUP`]: crate::kernel::GROUP
//!
//! (Its example is the unit test `examples::squeezed_keys` at the bottom of this file.)

/// The runs of kept bits of a mask, each as (how far it moves down, where it lands): at most
/// 32 in 64 bits, held in place (a squeeze is made for every row set).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Squeeze {
    runs: [(u32, u64); 32],
    len: usize,
    bits: u32,
}

impl Squeeze {
    /// The squeeze that keeps the bits set in `keep`, in order, at the bottom of the word.
    ///
    /// # Complexity
    ///
    /// O(runs of set bits in `keep`).
    pub fn new(keep: u64) -> Squeeze {
        let mut squeeze = Squeeze {
            runs: [(0, 0); 32],
            len: 0,
            bits: 0,
        };
        let mut rest = keep;
        while rest != 0 {
            let from = rest.trailing_zeros();
            let len = (rest >> from).trailing_ones();
            let ones = if len == 64 { !0 } else { (1u64 << len) - 1 };
            squeeze.runs[squeeze.len] = (from - squeeze.bits, ones << squeeze.bits);
            squeeze.len += 1;
            rest &= !(ones << from);
            squeeze.bits += len;
        }
        squeeze
    }

    /// The number of bits kept.
    pub fn bits(&self) -> u32 {
        self.bits
    }

    /// `key`'s kept bits, squeezed to the bottom (the others dropped).
    ///
    /// # Complexity
    ///
    /// O(runs).
    #[inline]
    pub fn apply(&self, key: u64) -> u64 {
        self.runs[..self.len]
            .iter()
            .fold(0, |out, &(down, lands)| out | (key >> down & lands))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squeezing_keeps_the_kept_bits_in_order() {
        let mut x = 0x853c_49e6_748f_ea9bu64;
        for _ in 0..200 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let (keep, key) = (x, x.rotate_left(29) ^ 0x5555);
            let squeeze = Squeeze::new(keep);
            let mut want = 0;
            let mut at = 0;
            for bit in 0..64 {
                if keep >> bit & 1 == 1 {
                    want |= (key >> bit & 1) << at;
                    at += 1;
                }
            }
            assert_eq!(squeeze.bits(), keep.count_ones());
            assert_eq!(squeeze.apply(key), want, "{:x} {:x}", keep, key);
        }
        assert_eq!(Squeeze::new(!0).apply(0x1234), 0x1234);
        assert_eq!(Squeeze::new(0).apply(!0), 0);
    }
}

#[cfg(test)]
mod examples {
    //! The examples of this private module's docs, run as unit tests.

    #[test]
    fn squeezed_keys() {
        use crate::count::join::squeeze::Squeeze;

        // Keep bits 1, 2 and 5: they move to bits 0, 1 and 2.
        let squeeze = Squeeze::new(0b10_0110);
        assert_eq!(squeeze.bits(), 3);
        assert_eq!(squeeze.apply(0b11_1111), 0b111);
        assert_eq!(squeeze.apply(0b10_0010), 0b101);
    }
}
