//! The kernel's loop on AVX2: a row is two registers, its bits counted by nibble lookups.

use super::portable::load_in;
use super::row::{Row, GROUP, WEIGHT};

/// The loop on AVX2: a row is two 256-bit vectors, counted by nibble lookups (`vpshufb`) and
/// summed by `vpsadbw`.
///
/// # Safety
///
/// The CPU must have AVX2.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn matches_avx2<const G: usize, const IN_KEYS: bool, const WORDS: bool>(
    tables: &[&[Row; 1 << GROUP]; G],
    lists: &[&[u64]],
) -> [u64; 8] {
    use std::arch::x86_64::*;
    // SAFETY (each load): a `Row` is 64 readable bytes; both halves are loaded unaligned.
    let load = |row: &Row| unsafe {
        let p = row.as_ptr() as *const __m256i;
        (_mm256_loadu_si256(p), _mm256_loadu_si256(p.add(1)))
    };
    let nibble = _mm256_set1_epi8(0x0f);
    let bits = _mm256_setr_epi8(
        0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4, 0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3,
        3, 4,
    );
    let count = |v: __m256i| {
        let low = _mm256_shuffle_epi8(bits, _mm256_and_si256(v, nibble));
        let high = _mm256_shuffle_epi8(bits, _mm256_and_si256(_mm256_srli_epi16(v, 4), nibble));
        _mm256_add_epi8(low, high)
    };
    let zero = _mm256_setzero_si256();
    // The words 0..4 (with 4..8 too, unless WORDS) and the words 4..8.
    let (mut sum, mut high) = (zero, zero);
    for &keys in lists {
        for &key in keys {
            let (mut a, mut b) = load(&tables[0][key as usize & ((1 << GROUP) - 1)]);
            for (j, table) in tables.iter().enumerate().skip(1) {
                let (c, d) = load(&table[(key >> (GROUP * j)) as usize & ((1 << GROUP) - 1)]);
                a = _mm256_and_si256(a, c);
                b = _mm256_and_si256(b, d);
            }
            if WORDS {
                sum = _mm256_add_epi64(sum, _mm256_sad_epu8(count(a), zero));
                high = _mm256_add_epi64(high, _mm256_sad_epu8(count(b), zero));
                continue;
            }
            // Each byte counts at most 16 bits: no overflow before the sum of bytes.
            let bytes = _mm256_add_epi8(count(a), count(b));
            let mut counts = _mm256_sad_epu8(bytes, zero);
            if IN_KEYS {
                counts = _mm256_sllv_epi64(counts, _mm256_set1_epi64x((key >> WEIGHT) as i64));
            }
            sum = _mm256_add_epi64(sum, counts);
        }
    }
    let mut words = [0u64; 8];
    // SAFETY: `words` is 64 writable bytes, two halves of 32.
    unsafe {
        _mm256_storeu_si256(words.as_mut_ptr() as *mut __m256i, sum);
        _mm256_storeu_si256(words.as_mut_ptr().add(4) as *mut __m256i, high);
    }
    if !WORDS {
        words[0] = words.iter().sum();
    }
    words
}

/// [`Kernel::load`] compiled for AVX2.
///
/// # Safety
///
/// The CPU must have AVX2.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn load_avx2(keys: &[u64], valid: [u64; 8], free: &mut [Row], table: &mut [Row]) {
    load_in(keys, valid, free, table)
}
