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

/// The loop in plain Rust, for any CPU: the first 4 words of each row if `HALF`, else 8.
pub(super) fn matches_in<
    const G: usize,
    const IN_KEYS: bool,
    const WORDS: bool,
    const HALF: bool,
>(
    tables: &[[Row; 1 << GROUP]; G],
    lists: &[&[u64]],
) -> [u64; 8] {
    let words = if HALF { 4 } else { 8 };
    let mut sum = [0u64; 8];
    for &keys in lists {
        for &key in keys {
            let mut acc = tables[0][(key as usize) & ((1 << GROUP) - 1)];
            for (j, table) in tables.iter().enumerate().skip(1) {
                let row = &table[(key >> (GROUP * j)) as usize & ((1 << GROUP) - 1)];
                for k in 0..words {
                    acc[k] &= row[k];
                }
            }
            for k in 0..words {
                let shift = if IN_KEYS { key >> WEIGHT } else { 0 };
                sum[k] += u64::from(acc[k].count_ones()) << shift;
            }
        }
    }
    if !WORDS {
        sum[0] = sum.iter().sum();
    }
    sum
}

/// [`Kernel::load`] in plain Rust, inlined into the vector kernels' wrappers so that their
/// compilation vectorizes it for their instruction set.
#[inline(always)]
pub(super) fn load_in(keys: &[u64], valid: [u64; 8], free: &mut [Row], table: &mut [Row]) {
    // Transpose the keys 64 at a time: bit i of word `word` of row d is bit d of key
    // 64·word + i; a free row is the valid halves whose keys lack the bit.
    for (word, batch) in keys.chunks(64).enumerate() {
        let mut square = [0u64; 64];
        square[..batch.len()].copy_from_slice(batch);
        transpose(&mut square);
        for (row, used) in free.iter_mut().zip(square) {
            row[word] = valid[word] & !used;
        }
    }
    for row in free.iter_mut() {
        row[keys.len().div_ceil(64)..].fill(0);
    }
    for (table, free) in table
        .chunks_exact_mut(1 << GROUP)
        .zip(free.chunks_exact(GROUP))
    {
        table[0] = Row(valid);
        for p in 1..1usize << GROUP {
            let (base, bit) = (table[p & (p - 1)], &free[p.trailing_zeros() as usize]);
            table[p] = Row(std::array::from_fn(|k| base[k] & bit[k]));
        }
    }
}

/// Transposes a 64×64 bit matrix in place: bit `d` of word `i` goes to bit `i` of word `d`
/// (the recursive block swap of Hacker's Delight, §7-3: six rounds of 32 word pairs, each
/// round's pairs in runs of `half` neighbouring words, which a vector kernel's compilation
/// swaps several at a time).
#[inline(always)]
pub(super) fn transpose(a: &mut [u64; 64]) {
    let mut half = 32;
    let mut mask: u64 = 0x0000_0000_ffff_ffff;
    while half != 0 {
        for pair in a.chunks_exact_mut(2 * half) {
            let (low, high) = pair.split_at_mut(half);
            for (x, y) in low.iter_mut().zip(high) {
                let t = ((*x >> half) ^ *y) & mask;
                *x ^= t << half;
                *y ^= t;
            }
        }
        half >>= 1;
        mask ^= mask << half;
    }
}
