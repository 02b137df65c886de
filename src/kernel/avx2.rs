//! The kernel's loop on AVX2: a row is two registers, its bits counted by nibble lookups.

use super::portable::{keep_disjoint_in, load_in};
use super::row::{offset, Row, GROUP, WEIGHT};

/// The loop on AVX2: a row is two 256-bit vectors (one if `HALF`: words 0 to 3), counted by
/// nibble lookups (`vpshufb`) and summed by `vpsadbw`.
///
/// # Safety
///
/// The CPU must have AVX2.
#[target_feature(enable = "avx2")]
pub(super) unsafe fn matches_avx2<
    const G: usize,
    const IN_KEYS: bool,
    const WORDS: bool,
    const HALF: bool,
>(
    tables: &[[Row; 1 << GROUP]; G],
    lists: &[&[u64]],
) -> [u64; 8] {
    use std::arch::x86_64::*;
    let zero = _mm256_setzero_si256();
    let base = tables.as_ptr() as *const u8;
    // SAFETY (each load): `offset` is below `64 · 2^GROUP · G`, the bytes of the `G` tables,
    // and a multiple of 64: a whole row, both halves read aligned (a `Row` is aligned to 64;
    // the second left as zero if `HALF`).
    let load = |key: u64, j: usize| unsafe {
        let p = base.add(offset(key, j)) as *const __m256i;
        let high = if HALF {
            zero
        } else {
            _mm256_load_si256(p.add(1))
        };
        (_mm256_load_si256(p), high)
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
    // The words 0..4 (with 4..8 too, unless WORDS) and the words 4..8.
    let (mut sum, mut high) = (zero, zero);
    for &keys in lists {
        for &key in keys {
            let (mut a, mut b) = load(key, 0);
            for j in 1..G {
                let (c, d) = load(key, j);
                a = _mm256_and_si256(a, c);
                if !HALF {
                    b = _mm256_and_si256(b, d);
                }
            }
            if WORDS {
                sum = _mm256_add_epi64(sum, _mm256_sad_epu8(count(a), zero));
                if !HALF {
                    high = _mm256_add_epi64(high, _mm256_sad_epu8(count(b), zero));
                }
                continue;
            }
            // Each byte counts at most 16 bits: no overflow before the sum of bytes.
            let bytes = match HALF {
                true => count(a),
                false => _mm256_add_epi8(count(a), count(b)),
            };
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

/// [`Kernel::keep_disjoint`] on AVX2: four south placements a step, the kept keys moved to the
/// front of a register by a permutation looked up by the step's mask (AVX2 has no compress)
/// and the whole register stored. The last few south placements (past the last four) are
/// loaded once into a register of their own, a masked step for each north placement; one at
/// a time only where the four words the step stores would pass the room of `out`.
///
/// # Safety
///
/// The CPU must have AVX2 and POPCNT, and `out` room for `len` plus every pair's
/// `tops.len() · bottoms.len()` keys.
#[target_feature(enable = "avx2,popcnt")]
pub(super) unsafe fn keep_disjoint_avx2(
    pairs: &[(&[u64], &[u64])],
    mask: u64,
    out: &mut [u64],
    mut len: usize,
) -> usize {
    use std::arch::x86_64::*;
    let vm = _mm256_set1_epi64x(mask as i64);
    let zero = _mm256_setzero_si256();
    // Four keys stored from `len`, the kept ones (the lanes of `keep`) first.
    let step = |va: __m256i, vb: __m256i, keep: i32, out: &mut [u64], len: usize| {
        let keys = _mm256_and_si256(_mm256_or_si256(va, vb), vm);
        // SAFETY: `keep` is below 16, and each entry is 32 readable bytes.
        let order = unsafe { _mm256_loadu_si256(PACK[keep as usize].as_ptr() as *const __m256i) };
        let packed = _mm256_permutevar8x32_epi32(keys, order);
        assert!(len + 4 <= out.len());
        // SAFETY: 4 words from index `len`, within `out` (checked above).
        unsafe { _mm256_storeu_si256(out.as_mut_ptr().add(len) as *mut __m256i, packed) };
        len + keep.count_ones() as usize
    };
    // The lanes (a bit each) of `va` and `vb` that share no bit.
    let disjoint = |va: __m256i, vb: __m256i| {
        let free = _mm256_cmpeq_epi64(_mm256_and_si256(va, vb), zero);
        _mm256_movemask_pd(_mm256_castsi256_pd(free))
    };
    for &(tops, bottoms) in pairs {
        let whole = bottoms.len() / 4 * 4;
        let tail = &bottoms[whole..];
        let lanes = (1i32 << tail.len()) - 1;
        // All ones in the lanes of `tail`'s words: those only are loaded, and may be kept.
        let in_tail = _mm256_cmpgt_epi64(
            _mm256_set1_epi64x(tail.len() as i64),
            _mm256_setr_epi64x(0, 1, 2, 3),
        );
        // SAFETY: the lanes of `tail`'s words only (the others are not read).
        let vtail = unsafe { _mm256_maskload_epi64(tail.as_ptr() as *const i64, in_tail) };
        for &a in tops {
            let va = _mm256_set1_epi64x(a as i64);
            for four in bottoms[..whole].chunks_exact(4) {
                // SAFETY: four readable words, loaded unaligned.
                let vb = unsafe { _mm256_loadu_si256(four.as_ptr() as *const __m256i) };
                len = step(va, vb, disjoint(va, vb), out, len);
            }
            len = match !tail.is_empty() && len + 4 <= out.len() {
                true => step(va, vtail, disjoint(va, vtail) & lanes, out, len),
                false => keep_disjoint_in(a, tail, mask, out, len),
            };
        }
    }
    len
}

/// For each mask of four lanes, the 32-bit indices of `vpermd` that move the 64-bit lanes it
/// holds to the front, in order (the other places take lane 0: they are past the kept keys).
const PACK: [[i32; 8]; 16] = {
    let mut pack = [[0; 8]; 16];
    let mut keep = 0;
    while keep < 16 {
        let (mut lane, mut to) = (0i32, 0usize);
        while lane < 4 {
            if keep >> lane & 1 == 1 {
                pack[keep][2 * to] = 2 * lane;
                pack[keep][2 * to + 1] = 2 * lane + 1;
                to += 1;
            }
            lane += 1;
        }
        keep += 1;
    }
    pack
};

/// Runs `work` compiled with AVX2 and POPCNT: inlined into it, `work` counts bits in one
/// instruction, and its loops over words may use 256-bit vectors.
///
/// # Safety
///
/// The CPU must have AVX2 and POPCNT.
#[target_feature(enable = "avx2,popcnt")]
pub(super) unsafe fn compiled_avx2<W: super::HotLoop>(work: W) -> W::Output {
    work.run()
}
