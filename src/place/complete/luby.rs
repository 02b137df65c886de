//! The restarts' schedule of the searches that restart (the clause-learning search, the
//! randomized tree search): Luby's sequence, within a log factor of the best fixed schedule
//! for a run time nobody knows in advance (Luby, Sinclair and Zuckerman, 1993).

/// Luby's sequence 1, 1, 2, 1, 1, 2, 4, 1, …: the `i`-th term, from `i = 1`.
///
/// # Complexity
///
/// O(log² i).
pub(crate) fn luby(mut i: u32) -> u64 {
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

#[cfg(test)]
mod tests {
    use super::luby;

    #[test]
    fn luby_sequence() {
        let terms: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(terms, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }
}
