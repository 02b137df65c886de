//! The innermost loop of [`super`]: for each probing half board, AND one row of each
//! group table of a block and count the bits left. The crate's only `unsafe` code lives here.
//!
//! The loop is written three times: with AVX-512 and its vector popcount (`avx512f`,
//! `avx512vpopcntdq`: a row is one register), with AVX2 (two registers, bits counted by nibble
//! lookups), and in plain Rust for any CPU. [`Kernel::best`] is the best the CPU has at
//! run time; [`Kernel::from_name`] picks another the CPU has (`portable`, `avx2`, `avx512`),
//! for comparing them. The tests run every kernel the CPU has and compare their counts.
//!
//! (Its example is the unit test `examples::one_group_table` at the bottom of this file.)

#![allow(unsafe_code)]

/// A row of a group table: one bit per stored half of a block, aligned to a cache line so a
/// 512-bit load of it never touches two (a `Vec` of plain `[u64; 8]` is only 8-aligned: one
/// run with rows straddling lines took a fifth longer).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(C, align(64))]
pub struct Row(pub [u64; 8]);

impl std::ops::Deref for Row {
    type Target = [u64; 8];
    fn deref(&self) -> &[u64; 8] {
        &self.0
    }
}

impl std::ops::DerefMut for Row {
    fn deref_mut(&mut self) -> &mut [u64; 8] {
        &mut self.0
    }
}

/// The key bits each group table reads: a table has `2^GROUP` rows.
pub const GROUP: usize = 6;

/// Where a key's own weight begins, for [`Kernel::weighted_in_keys`]: key `k` counts each
/// match `2^(k >> WEIGHT)` times.
pub const WEIGHT: u32 = 62;

/// The most group tables a block has.
pub const MAX_GROUPS: usize = 11;

/// Which compilation of the loop runs: one the CPU has been checked to run.
///
/// A `Kernel` is only ever made by the checked constructors: [`Kernel::best`],
/// [`Kernel::available`] and [`Kernel::from_name`] ask the CPU at run time, and
/// [`Kernel::portable`] needs nothing of it. Its inner choice is private, so safe code cannot
/// name a vector kernel into existence on a CPU without its instructions, and the `unsafe`
/// calls below rely on that:
///
/// ```compile_fail
/// // There is no variant to name: the kernel's choice is private.
/// let kernel = nqueens::count::join::Kernel::Avx512;
/// ```
///
/// ```compile_fail
/// // Nor a field to fill.
/// let kernel = nqueens::count::join::Kernel(Default::default());
/// ```
///
/// ```
/// // What compiles asks the CPU first.
/// use nqueens::count::join::Kernel;
/// assert_eq!(Kernel::best(), Kernel::available()[0]);
/// assert_eq!(Kernel::from_name("portable"), Ok(Kernel::portable()));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Kernel(Isa);

/// The instruction sets the loop is compiled for. Private: a value of `Isa::Avx512` or
/// `Isa::Avx2` exists only after the CPU said it has those instructions (`detected`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Isa {
    /// 512-bit vectors with a vector popcount (x86-64 with AVX-512F and AVX-512 VPOPCNTDQ).
    Avx512,
    /// 256-bit vectors (x86-64 with AVX2).
    Avx2,
    /// Any CPU.
    Portable,
}

impl std::fmt::Debug for Kernel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Kernel({})", self.name())
    }
}

/// A kernel name that names no kernel this CPU runs: a benchmark with a typo must not time
/// another kernel than the one it names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KernelError {
    /// The name asked for.
    pub wanted: String,
    /// The kernels this CPU runs.
    pub available: Vec<Kernel>,
}

impl std::fmt::Display for KernelError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let names: Vec<&str> = self.available.iter().map(|k| k.name()).collect();
        write!(
            f,
            "{:?} is not a kernel this CPU runs; choose {}",
            self.wanted,
            names.join(", ")
        )
    }
}

impl std::error::Error for KernelError {}

impl Kernel {
    /// The fastest kernel this CPU runs.
    ///
    /// # Example
    ///
    /// ```
    /// use nqueens::count::join::Kernel;
    /// assert_eq!(Kernel::best(), Kernel::available()[0]);
    /// ```
    pub fn best() -> Kernel {
        Kernel::available()[0]
    }

    /// The kernel called `name` (`avx512`, `avx2` or `portable`, as [`Kernel::name`] gives),
    /// if this CPU runs it.
    ///
    /// # Errors
    ///
    /// [`KernelError`] if `name` names no kernel this CPU runs (a typo, another case, or a
    /// kernel this CPU lacks).
    ///
    /// # Example
    ///
    /// ```
    /// use nqueens::count::join::Kernel;
    /// assert_eq!(Kernel::from_name("portable"), Ok(Kernel::portable()));
    /// assert!(Kernel::from_name("Portable").is_err());
    /// ```
    pub fn from_name(name: &str) -> Result<Kernel, KernelError> {
        let available = Kernel::available();
        match available.iter().find(|kernel| kernel.name() == name) {
            Some(&kernel) => Ok(kernel),
            None => Err(KernelError {
                wanted: name.to_string(),
                available,
            }),
        }
    }

    /// The loop in plain Rust, which every CPU runs.
    ///
    /// # Example
    ///
    /// ```
    /// use nqueens::count::join::Kernel;
    /// assert_eq!(Kernel::portable().name(), "portable");
    /// assert_eq!(Kernel::available().last(), Some(&Kernel::portable()));
    /// ```
    pub fn portable() -> Kernel {
        Kernel(Isa::Portable)
    }

    /// Every kernel this CPU can run, fastest first (the portable one always). The one place
    /// that makes a vector kernel: each only after the CPU said it has its instructions.
    ///
    /// # Complexity
    ///
    /// O(1): the feature checks are cached by std.
    pub fn available() -> Vec<Kernel> {
        let mut all = Vec::new();
        #[cfg(target_arch = "x86_64")]
        {
            if is_x86_feature_detected!("avx512f") && is_x86_feature_detected!("avx512vpopcntdq") {
                all.push(Kernel(Isa::Avx512));
            }
            if is_x86_feature_detected!("avx2") {
                all.push(Kernel(Isa::Avx2));
            }
        }
        all.push(Kernel(Isa::Portable));
        all
    }

    /// The kernel's name, as [`Kernel::from_name`] takes it: `avx512`, `avx2` or `portable`.
    pub fn name(self) -> &'static str {
        match self.0 {
            Isa::Avx512 => "avx512",
            Isa::Avx2 => "avx2",
            Isa::Portable => "portable",
        }
    }

    /// The number of (key, stored half) pairs that match: for each key, the bits left after
    /// ANDing row `(key >> GROUP·j) mod 2^GROUP` of group table `j` for `j < groups`, summed.
    /// (Bits of a key past its groups are not read.) `table` holds the group tables one after
    /// another, `2^GROUP` rows each.
    ///
    /// # Panics
    ///
    /// Panics if `groups` is 0 or above `MAX_GROUPS`, or if `table` does not hold exactly
    /// `groups` tables.
    ///
    /// # Complexity
    ///
    /// O(`keys.len()` · `groups`) row operations of 512 bits.
    pub fn matches(self, table: &[Row], groups: usize, keys: &[u64]) -> u64 {
        self.dispatch::<false, false>(table, groups, &[keys])[0]
    }

    /// Writes to `out`, from index `len` on and in order, the key `(a | b) & mask` of each
    /// pair of an `a` of `tops` and a `b` of `bottoms` (for each `a`, every `b`) that share no
    /// bit, and returns the length after them: the making of a chunk of halves, north
    /// placements against the south ones on the other columns (see `chunks::pairs`). On
    /// AVX-512 eight `b` at a time, the kept keys packed together.
    ///
    /// Words of `out` past the length returned may be written too, up to `len +
    /// tops.len() · bottoms.len()`.
    ///
    /// # Panics
    ///
    /// Panics if `out` has no room for `len + tops.len() · bottoms.len()` keys.
    ///
    /// # Complexity
    ///
    /// O(`tops.len()` · `bottoms.len()`).
    pub(crate) fn keep_disjoint(
        self,
        (tops, bottoms): (&[u64], &[u64]),
        mask: u64,
        out: &mut [u64],
        len: usize,
    ) -> usize {
        let room = tops.len().checked_mul(bottoms.len());
        assert!(
            room.is_some_and(|room| len.saturating_add(room) <= out.len()),
            "kernel: no room for the halves made"
        );
        match self.0 {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `Isa::Avx512` exists only where the CPU has AVX-512F (see `run`), and
            // `out` has room for every key written, checked above.
            Isa::Avx512 => unsafe { keep_disjoint_avx512(tops, bottoms, mask, out, len) },
            _ => tops
                .iter()
                .fold(len, |len, &a| keep_disjoint_in(a, bottoms, mask, out, len)),
        }
    }

    /// [`Kernel::matches`] with each key's match counted `2^(key >> WEIGHT)` times (the
    /// weight held in the key's top bits: no sorting of the keys by weight first, which costs
    /// more than the shift per key when there are few blocks).
    ///
    /// # Panics
    ///
    /// As [`Kernel::matches`], and if the groups reach the weight's bits (more than 10, keys
    /// of more than 60 bits: n = 32's keys of 62 are counted with [`Kernel::weighted`]).
    ///
    /// # Complexity
    ///
    /// O(`keys.len()` · `groups`) row operations of 512 bits.
    pub fn weighted_in_keys(self, table: &[Row], groups: usize, keys: &[u64]) -> u64 {
        assert!(
            groups * GROUP <= WEIGHT as usize,
            "kernel: {} groups read the weight's bits",
            groups
        );
        self.dispatch::<true, false>(table, groups, &[keys])[0]
    }

    /// [`Kernel::matches`] of several lists of keys, those of `classes[i]` counted `2^i`
    /// times each, in one call: `Σ matches(classes[i]) << i`.
    ///
    /// # Panics
    ///
    /// As [`Kernel::matches`].
    ///
    /// # Complexity
    ///
    /// O(keys · `groups`) row operations of 512 bits.
    pub fn weighted(self, table: &[Row], groups: usize, classes: &[&[u64]]) -> u64 {
        self.dispatch::<false, false>(table, groups, classes)[0]
    }

    /// [`Kernel::matches`] word by word: element `w` counts the matches among the stored
    /// keys of the block's word `w` (its keys `64w..64w + 64`), so that each word may
    /// stand for keys of its own weight.
    ///
    /// # Panics
    ///
    /// As [`Kernel::matches`].
    ///
    /// # Complexity
    ///
    /// O(`keys.len()` · `groups`) row operations of 512 bits.
    pub fn words(self, table: &[Row], groups: usize, keys: &[u64]) -> [u64; 8] {
        self.dispatch::<false, true>(table, groups, &[keys])
    }

    fn dispatch<const IN_KEYS: bool, const WORDS: bool>(
        self,
        table: &[Row],
        groups: usize,
        classes: &[&[u64]],
    ) -> [u64; 8] {
        assert_eq!(
            table.len(),
            groups << GROUP,
            "kernel: table of {} groups",
            groups
        );
        match groups {
            1 => self.run::<1, IN_KEYS, WORDS>(table, classes),
            2 => self.run::<2, IN_KEYS, WORDS>(table, classes),
            3 => self.run::<3, IN_KEYS, WORDS>(table, classes),
            4 => self.run::<4, IN_KEYS, WORDS>(table, classes),
            5 => self.run::<5, IN_KEYS, WORDS>(table, classes),
            6 => self.run::<6, IN_KEYS, WORDS>(table, classes),
            7 => self.run::<7, IN_KEYS, WORDS>(table, classes),
            8 => self.run::<8, IN_KEYS, WORDS>(table, classes),
            9 => self.run::<9, IN_KEYS, WORDS>(table, classes),
            10 => self.run::<10, IN_KEYS, WORDS>(table, classes),
            11 => self.run::<11, IN_KEYS, WORDS>(table, classes),
            _ => panic!("kernel: {} groups, at most {}", groups, MAX_GROUPS),
        }
    }

    fn run<const G: usize, const IN_KEYS: bool, const WORDS: bool>(
        self,
        table: &[Row],
        classes: &[&[u64]],
    ) -> [u64; 8] {
        let tables: [&[Row; 1 << GROUP]; G] = std::array::from_fn(|j| {
            table[j << GROUP..(j + 1) << GROUP]
                .try_into()
                .expect("whole tables, checked by matches")
        });
        let mut total = [0; 8];
        for (weight, &keys) in classes.iter().enumerate() {
            if keys.is_empty() {
                continue;
            }
            let words = match self.0 {
                #[cfg(target_arch = "x86_64")]
                // SAFETY: `Isa::Avx512` is private to this module and made in one place,
                // `Kernel::available`, only after the CPU said it has both features the
                // function is compiled for; no other code can make a `Kernel` holding it.
                Isa::Avx512 => unsafe { matches_avx512::<G, IN_KEYS, WORDS>(&tables, keys) },
                #[cfg(target_arch = "x86_64")]
                // SAFETY: as above, for AVX2.
                Isa::Avx2 => unsafe { matches_avx2::<G, IN_KEYS, WORDS>(&tables, keys) },
                _ => matches_in::<G, IN_KEYS, WORDS>(&tables, keys),
            };
            // Without WORDS the kernels sum their words into the first.
            match WORDS {
                true => {
                    for (sum, word) in total.iter_mut().zip(words) {
                        *sum += word << weight;
                    }
                }
                false => total[0] += words[0] << weight,
            }
        }
        total
    }
}

/// The loop on AVX-512: a row is one 512-bit vector, counted by the vector popcount.
///
/// # Safety
///
/// The CPU must have AVX-512F and AVX-512 VPOPCNTDQ.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512vpopcntdq")]
unsafe fn matches_avx512<const G: usize, const IN_KEYS: bool, const WORDS: bool>(
    tables: &[&[Row; 1 << GROUP]; G],
    keys: &[u64],
) -> [u64; 8] {
    use std::arch::x86_64::*;
    // SAFETY (each load): a `Row` is 64 readable bytes, and the loads are unaligned ones.
    let load = |row: &Row| unsafe { _mm512_loadu_si512(row.as_ptr() as *const _) };
    let mut sum = _mm512_setzero_si512();
    for &key in keys {
        let mut acc = load(&tables[0][key as usize & ((1 << GROUP) - 1)]);
        for (j, table) in tables.iter().enumerate().skip(1) {
            let row = &table[(key >> (GROUP * j)) as usize & ((1 << GROUP) - 1)];
            acc = _mm512_and_si512(acc, load(row));
        }
        let mut counts = _mm512_popcnt_epi64(acc);
        if IN_KEYS {
            counts = _mm512_sllv_epi64(counts, _mm512_set1_epi64((key >> WEIGHT) as i64));
        }
        sum = _mm512_add_epi64(sum, counts);
    }
    let mut words = [0u64; 8];
    match WORDS {
        // SAFETY: `words` is 64 writable bytes.
        true => unsafe { _mm512_storeu_si512(words.as_mut_ptr() as *mut _, sum) },
        false => words[0] = _mm512_reduce_add_epi64(sum) as u64,
    }
    words
}

/// The loop on AVX2: a row is two 256-bit vectors, counted by nibble lookups (`vpshufb`) and
/// summed by `vpsadbw`.
///
/// # Safety
///
/// The CPU must have AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn matches_avx2<const G: usize, const IN_KEYS: bool, const WORDS: bool>(
    tables: &[&[Row; 1 << GROUP]; G],
    keys: &[u64],
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

/// [`Kernel::keep_disjoint`] on AVX-512: eight south placements a step, the kept keys packed
/// to the front of a register (`vpcompressq`) and the whole register stored (a compressing
/// store straight to memory is microcoded and slow on AMD's Zen 4); the last few of each north
/// placement one at a time, which costs less than a vector step.
///
/// # Safety
///
/// The CPU must have AVX-512F, and `out` room for `len + tops.len() · bottoms.len()` keys.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f")]
unsafe fn keep_disjoint_avx512(
    tops: &[u64],
    bottoms: &[u64],
    mask: u64,
    out: &mut [u64],
    mut len: usize,
) -> usize {
    use std::arch::x86_64::*;
    let vm = _mm512_set1_epi64(mask as i64);
    let whole = bottoms.len() / 8 * 8;
    for &a in tops {
        let va = _mm512_set1_epi64(a as i64);
        for eight in bottoms[..whole].chunks_exact(8) {
            // SAFETY: eight readable words, loaded unaligned.
            let vb = unsafe { _mm512_loadu_si512(eight.as_ptr() as *const _) };
            let keep = _mm512_testn_epi64_mask(va, vb);
            let keys = _mm512_and_si512(_mm512_or_si512(va, vb), vm);
            let packed = _mm512_maskz_compress_epi64(keep, keys);
            // SAFETY: 8 words from index `len`, which is at most the `len` given plus the
            // pairs taken before these eight, so they end within the room the caller checked.
            unsafe { _mm512_storeu_si512(out.as_mut_ptr().add(len) as *mut _, packed) };
            len += keep.count_ones() as usize;
        }
        len = keep_disjoint_in(a, &bottoms[whole..], mask, out, len);
    }
    len
}

/// [`Kernel::keep_disjoint`] in plain Rust: each key written past the end, and the end moved
/// on only if it is kept (no branch).
fn keep_disjoint_in(a: u64, bottoms: &[u64], mask: u64, out: &mut [u64], mut len: usize) -> usize {
    for &b in bottoms {
        out[len] = (a | b) & mask;
        len += usize::from(a & b == 0);
    }
    len
}

/// The loop in plain Rust, for any CPU.
fn matches_in<const G: usize, const IN_KEYS: bool, const WORDS: bool>(
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kernel_keeps_the_same_halves() {
        let mut x = 0x2545_f491_4f6c_dd1du64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for len in [0usize, 1, 7, 8, 9, 63, 200] {
            let bottoms: Vec<u64> = (0..len).map(|_| next() & next() & next()).collect();
            let (a, mask) = (next() & next() & next(), (1u64 << 58) - 1);
            let want: Vec<u64> = bottoms
                .iter()
                .filter(|&&b| a & b == 0)
                .map(|&b| (a | b) & mask)
                .collect();
            for kernel in Kernel::available() {
                // Three keys there before, and room to spare.
                let mut out = vec![7u64; 3 + 2 * len];
                let end = kernel.keep_disjoint((&[a, a], &bottoms), mask, &mut out, 3);
                assert_eq!(&out[..3], &[7, 7, 7], "{:?}", kernel);
                let twice = [&want[..], &want[..]].concat();
                assert_eq!(&out[3..end], &twice[..], "{:?}, {} bottoms", kernel, len);
            }
        }
    }

    #[test]
    fn every_kernel_counts_the_same() {
        // Pseudo-random tables of 7 groups (keys of 35 bits) and of 11 (keys of 62 bits, n =
        // 32's), with keys over all their bits.
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        for (groups, bits) in [(7, 35), (MAX_GROUPS, 62)] {
            let table: Vec<Row> = (0..groups << GROUP)
                .map(|_| Row([(); 8].map(|_| next() & next() | next() & next())))
                .collect();
            let keys: Vec<u64> = (0..1000)
                .map(|_| next() >> (64 - bits) & next() & next())
                .collect();
            let mut words = [0; 8];
            for &key in &keys {
                for bit in 0..512 {
                    let all = (0..groups).all(|j| {
                        let row =
                            table[j << GROUP | (key >> (GROUP * j)) as usize & ((1 << GROUP) - 1)];
                        row[bit / 64] >> (bit % 64) & 1 == 1
                    });
                    words[bit / 64] += u64::from(all);
                }
            }
            let want: u64 = words.iter().sum();
            assert!(words.iter().all(|&word| word > 0), "{} groups", groups);
            for kernel in Kernel::available() {
                assert_eq!(
                    kernel.matches(&table, groups, &keys),
                    want,
                    "{:?}, {} groups",
                    kernel,
                    groups
                );
                // Word by word, as a block whose words hold keys of several weights asks.
                assert_eq!(kernel.words(&table, groups, &keys), words, "{:?}", kernel);
            }
        }
    }
}

#[cfg(test)]
mod examples {
    //! The examples of this private module's docs, run as unit tests.

    #[test]
    fn one_group_table() {
        use crate::count::join::kernel::{Kernel, Row, GROUP};

        // One group table: row p holds the stored halves compatible with pattern p.
        let mut table: Vec<Row> = vec![Row([0; 8]); 1 << GROUP];
        table[3] = Row([0b1011, 0, 0, 0, 0, 0, 0, 1]);
        let keys = [3u64, 3, 4];
        for kernel in Kernel::available() {
            assert_eq!(kernel.matches(&table, 1, &keys), 8);
        }
    }
}
