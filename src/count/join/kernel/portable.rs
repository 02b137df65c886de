//! The kernel's loops in plain Rust, for any CPU: the reference the vector loops are tested
//! against.

use super::row::{Row, GROUP, WEIGHT};

/// [`Kernel::keep_disjoint`] in plain Rust: each key written past the end, and the end moved
/// on only if it is kept (no branch).
pub(super) fn keep_disjoint_in(
    a: u64,
    bottoms: &[u64],
    mask: u64,
    out: &mut [u64],
    mut len: usize,
) -> usize {
    for &b in bottoms {
        out[len] = (a | b) & mask;
        len += usize::from(a & b == 0);
    }
    len
}

/// The loop in plain Rust, for any CPU.
pub(super) fn matches_in<const G: usize, const IN_KEYS: bool, const WORDS: bool>(
    tables: &[&[Row; 1 << GROUP]; G],
    keys: &[u64],
) -> [u64; 8] {
    let mut sum = [0u64; 8];
    for &key in keys {
        let mut acc = tables[0][(key as usize) & ((1 << GROUP) - 1)];
        for (j, table) in tables.iter().enumerate().skip(1) {
            let row = &table[(key >> (GROUP * j)) as usize & ((1 << GROUP) - 1)];
            for k in 0..8 {
                acc[k] &= row[k];
            }
        }
        for k in 0..8 {
            let shift = if IN_KEYS { key >> WEIGHT } else { 0 };
            sum[k] += u64::from(acc[k].count_ones()) << shift;
        }
    }
    if !WORDS {
        sum[0] = sum.iter().sum();
    }
    sum
}
