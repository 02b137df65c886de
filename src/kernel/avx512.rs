//! The kernel's loops on AVX-512 (`avx512f`, `avx512vpopcntdq`, `avx512vl`): a row is one
//! register, half a row (a block of at most 256 stored keys) a 256-bit one.

use super::portable::{keep_disjoint_in, load_in};
use super::row::{offset, Row, GROUP, WEIGHT};

/// The loop on AVX-512: a row is one 512-bit vector, counted by the vector popcount.
///
/// # Safety
///
/// The CPU must have AVX-512F and AVX-512 VPOPCNTDQ.
#[target_feature(enable = "avx512f,avx512vpopcntdq")]
pub(super) unsafe fn matches_avx512<const G: usize, const IN_KEYS: bool, const WORDS: bool>(
    tables: &[[Row; 1 << GROUP]; G],
    lists: &[&[u64]],
) -> [u64; 8] {
    use std::arch::x86_64::*;
    let base = tables.as_ptr() as *const u8;
    // SAFETY (each load): `offset` is below `64 · 2^GROUP · G`, the bytes of the `G` tables,
    // and a multiple of 64: a whole row, read aligned (a `Row` is aligned to 64).
    let load =
        |key: u64, j: usize| unsafe { _mm512_load_si512(base.add(offset(key, j)) as *const _) };
    let mut sum = _mm512_setzero_si512();
    for &keys in lists {
        for &key in keys {
            let mut acc = load(key, 0);
            for j in 1..G {
                acc = _mm512_and_si512(acc, load(key, j));
            }
            let mut counts = _mm512_popcnt_epi64(acc);
            if IN_KEYS {
                counts = _mm512_sllv_epi64(counts, _mm512_set1_epi64((key >> WEIGHT) as i64));
            }
            sum = _mm512_add_epi64(sum, counts);
        }
    }
    let mut words = [0u64; 8];
    match WORDS {
        // SAFETY: `words` is 64 writable bytes.
        true => unsafe { _mm512_storeu_si512(words.as_mut_ptr() as *mut _, sum) },
        false => words[0] = _mm512_reduce_add_epi64(sum) as u64,
    }
    words
}

/// [`matches_avx512`] of the first half of each row (words 0 to 3): a 256-bit vector,
/// counted by the vector popcount of AVX-512 VL. Words 4 to 7 of the result are 0.
///
/// # Safety
///
/// The CPU must have AVX-512F, AVX-512 VPOPCNTDQ and AVX-512 VL.
#[target_feature(enable = "avx512f,avx512vpopcntdq,avx512vl")]
pub(super) unsafe fn matches_avx512_half<const G: usize, const IN_KEYS: bool, const WORDS: bool>(
    tables: &[[Row; 1 << GROUP]; G],
    lists: &[&[u64]],
) -> [u64; 8] {
    use std::arch::x86_64::*;
    let base = tables.as_ptr() as *const u8;
    // SAFETY (each load): as in `matches_avx512`, of which the row's first 32 bytes.
    let load =
        |key: u64, j: usize| unsafe { _mm256_load_si256(base.add(offset(key, j)) as *const _) };
    let mut sum = _mm256_setzero_si256();
    for &keys in lists {
        for &key in keys {
            let mut acc = load(key, 0);
            for j in 1..G {
                acc = _mm256_and_si256(acc, load(key, j));
            }
            let mut counts = _mm256_popcnt_epi64(acc);
            if IN_KEYS {
                counts = _mm256_sllv_epi64(counts, _mm256_set1_epi64x((key >> WEIGHT) as i64));
            }
            sum = _mm256_add_epi64(sum, counts);
        }
    }
    let mut words = [0u64; 8];
    // SAFETY: `words` is 64 writable bytes, of which the first 32 are written.
    unsafe { _mm256_storeu_si256(words.as_mut_ptr() as *mut _, sum) };
    if !WORDS {
        words[0] = words.iter().sum();
        words[1..4].fill(0);
    }
    words
}

/// [`Kernel::keep_disjoint`] on AVX-512: eight south placements a step, the kept keys packed
/// to the front of a register (`vpcompressq`) and the whole register stored (a compressing
/// store straight to memory is microcoded and slow on some CPUs). The last few south
/// placements (most buckets' only ones below n = 18: six on average at 16) are loaded once
/// into a register of their own, a masked step for each north placement; one at a time only
/// where the eight words the step stores would pass the room of `out`.
///
/// # Safety
///
/// The CPU must have AVX-512F and POPCNT, and `out` room for `len` plus every pair's
/// `tops.len() · bottoms.len()` keys.
#[target_feature(enable = "avx512f,popcnt")]
pub(super) unsafe fn keep_disjoint_avx512(
    pairs: &[(&[u64], &[u64])],
    mask: u64,
    out: &mut [u64],
    mut len: usize,
) -> usize {
    use std::arch::x86_64::*;
    let vm = _mm512_set1_epi64(mask as i64);
    // Eight keys stored from `len`, of which the kept ones are packed first.
    let step = |va: __m512i, vb: __m512i, keep: __mmask8, out: &mut [u64], len: usize| {
        let keys = _mm512_and_si512(_mm512_or_si512(va, vb), vm);
        let packed = _mm512_maskz_compress_epi64(keep, keys);
        assert!(len + 8 <= out.len());
        // SAFETY: 8 words from index `len`, within `out` (checked above).
        unsafe { _mm512_storeu_si512(out.as_mut_ptr().add(len) as *mut _, packed) };
        len + keep.count_ones() as usize
    };
    for &(tops, bottoms) in pairs {
        let whole = bottoms.len() / 8 * 8;
        let tail = &bottoms[whole..];
        let lanes = ((1u32 << tail.len()) - 1) as __mmask8;
        // SAFETY: the lanes of `tail`'s words only (the others are not read), loaded unaligned.
        let vtail = unsafe { _mm512_maskz_loadu_epi64(lanes, tail.as_ptr() as *const _) };
        for &a in tops {
            let va = _mm512_set1_epi64(a as i64);
            for eight in bottoms[..whole].chunks_exact(8) {
                // SAFETY: eight readable words, loaded unaligned.
                let vb = unsafe { _mm512_loadu_si512(eight.as_ptr() as *const _) };
                len = step(va, vb, _mm512_testn_epi64_mask(va, vb), out, len);
            }
            len = match !tail.is_empty() && len + 8 <= out.len() {
                true => step(
                    va,
                    vtail,
                    _mm512_mask_testn_epi64_mask(lanes, va, vtail),
                    out,
                    len,
                ),
                false => keep_disjoint_in(a, tail, mask, out, len),
            };
        }
    }
    len
}

/// [`Kernel::load`] compiled for AVX-512: a row one register, the transposes' word pairs
/// swapped eight at a time.
///
/// # Safety
///
/// The CPU must have AVX-512F.
#[target_feature(enable = "avx512f")]
pub(super) unsafe fn load_avx512(
    keys: &[u64],
    valid: [u64; 8],
    free: &mut [Row],
    table: &mut [Row],
) {
    load_in(keys, valid, free, table)
}

/// Runs `work` compiled with AVX-512F, its vector popcount (VPOPCNTDQ) and VL, and POPCNT
/// (see `avx2::compiled_avx2`).
///
/// # Safety
///
/// The CPU must have AVX-512F, VPOPCNTDQ, VL and POPCNT.
#[target_feature(enable = "avx512f,avx512vpopcntdq,avx512vl,popcnt")]
pub(super) unsafe fn compiled_avx512<W: super::HotLoop>(work: W) -> W::Output {
    work.run()
}
