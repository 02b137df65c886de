//! Sets of a given size in increasing order (Gosper's hack): the row sets of the plan and the
//! column sets of a quarter's buckets.

/// The next larger number with as many bits set, if it fits in 32 bits; none after 0.
///
/// # Complexity
///
/// O(1).
pub(super) fn next_subset(x: u32) -> Option<u32> {
    if x == 0 {
        return None;
    }
    let low = x & x.wrapping_neg();
    let ripple = x.checked_add(low)?;
    // The bits that moved, less the one carried, shifted down to the bottom: a shift by the
    // lowest bit's place rather than Gosper's division by it (the making of halves walks
    // every column set, most of them with few placements).
    Some(ripple | (x ^ ripple) >> 2 >> x.trailing_zeros())
}

/// The sets of `size` of the `of` lowest bits, in increasing order (none if `size > of`).
///
/// # Complexity
///
/// O(1) a set.
pub(super) fn subsets(size: u32, of: u32) -> impl Iterator<Item = u32> + Clone {
    let all = (1u64 << of) - 1;
    let first = (size <= of).then(|| ((1u64 << size) - 1) as u32);
    std::iter::successors(first, move |&set| {
        next_subset(set).filter(|&next| u64::from(next) <= all)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn subsets_of_a_size_come_in_order() {
        let seen: Vec<u32> = subsets(3, 5).collect();
        assert_eq!(seen.len(), 10); // C(5, 3)
        assert_eq!(seen[0], 0b00111);
        assert!(seen
            .windows(2)
            .all(|p| p[0] < p[1] && p[1].count_ones() == 3 && p[1] < 1 << 5));
        assert_eq!(subsets(0, 4).collect::<Vec<_>>(), [0]);
        assert_eq!(subsets(5, 4).count(), 0);
        assert_eq!(subsets(32, 32).collect::<Vec<_>>(), [u32::MAX]);
        assert_eq!(next_subset(0), None);
        assert_eq!(next_subset(0xf000_0000), None);
    }
}
