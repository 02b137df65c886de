//! A small, seeded random number generator: SplitMix64, with unbiased draws below a bound.

/// SplitMix64 (Steele, Lea and Flood): a 64-bit state advanced by a constant and mixed. Fast,
/// good enough for local search, and the same stream for the same seed everywhere.
///
/// (Its example is the unit test `examples::seeded_generator` at the bottom of this file.)
#[derive(Clone, Debug)]
pub struct SplitMix64 {
    state: u64,
}

impl SplitMix64 {
    /// A generator whose stream is fixed by `seed`.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64 { state: seed }
    }

    /// The next 64 random bits.
    ///
    /// # Complexity
    ///
    /// O(1).
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A uniform number in `0..bound`, without the bias of `next % bound` (Lemire's method:
    /// the high half of a 128-bit product, redrawing the few values that would favour some
    /// results).
    ///
    /// # Panics
    ///
    /// Panics if `bound` is 0.
    ///
    /// # Complexity
    ///
    /// O(1) expected: a redraw happens with probability below `bound / 2⁶⁴`.
    pub fn below(&mut self, bound: u64) -> u64 {
        assert!(bound > 0, "below: the bound is 0");
        let mut product = u128::from(self.next_u64()) * u128::from(bound);
        if (product as u64) < bound {
            let threshold = bound.wrapping_neg() % bound;
            while (product as u64) < threshold {
                product = u128::from(self.next_u64()) * u128::from(bound);
            }
        }
        (product >> 64) as u64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_cover_every_value_evenly() {
        let mut rng = SplitMix64::new(1);
        for bound in [1u64, 2, 3, 7, 10] {
            let mut seen = vec![0u32; bound as usize];
            for _ in 0..10_000 * bound {
                seen[rng.below(bound) as usize] += 1;
            }
            for &count in &seen {
                assert!(
                    (9_000..11_000).contains(&count),
                    "bound {}: {:?}",
                    bound,
                    seen
                );
            }
        }
    }

    #[test]
    fn huge_bounds_are_drawn_evenly_over_their_whole_range() {
        // Three quarters of 2^64: `next % bound` would land in the first third twice as often
        // as in each of the others, and a draw cut to fewer bits would never reach the last.
        let bound = 3 << 62;
        let mut rng = SplitMix64::new(2);
        let mut thirds = [0u32; 3];
        for _ in 0..30_000 {
            thirds[(rng.below(bound) / (1 << 62)) as usize] += 1;
        }
        for &count in &thirds {
            assert!((9_000..11_000).contains(&count), "{:?}", thirds);
        }
    }
}

#[cfg(test)]
mod examples {
    //! The examples of this private module's docs, run as unit tests.

    #[test]
    fn seeded_generator() {
        use crate::rng::SplitMix64;

        let mut a = SplitMix64::new(7);
        let mut b = SplitMix64::new(7);
        assert_eq!(a.next_u64(), b.next_u64());
        assert!(a.below(10) < 10);
    }
}
