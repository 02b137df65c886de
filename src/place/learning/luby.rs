//! The restarts' schedule: Luby's sequence.

/// Luby's sequence 1, 1, 2, 1, 1, 2, 4, 1, …: the `i`-th term, from `i = 1`.
pub(super) fn luby(mut i: u32) -> u64 {
    loop {
        // The smallest 2^k − 1 at least i.
        let mut k = 1u32;
        while (1u64 << k) - 1 < u64::from(i) {
            k += 1;
        }
        if (1u64 << k) - 1 == u64::from(i) {
            return 1 << (k - 1);
        }
        i -= (1u32 << (k - 1)) - 1;
    }
}
