//! The innermost loop of the join ([`crate::count::join`]): for each probing half board,
//! AND one row of each group table of a block and count the bits left. The crate's only
//! `unsafe` code lives here.
//!
//! The loop is written three times: with AVX-512 and its vector popcount (`avx512f`,
//! `avx512vpopcntdq`, `avx512vl`: a row is one register), with AVX2 (two registers, bits
//! counted by nibble lookups), and in plain Rust for any CPU. A block of at most 256 stored
//! keys is probed with half rows ([`Width::Half`]: one 256-bit register, four words), and
//! the two vector loops find a group's row by one shift and one mask, a byte offset from the
//! first table. [`Kernel::best`] is the best the CPU has at run time; [`Kernel::from_name`]
//! picks another the CPU has (`portable`, `avx2`, `avx512`), for comparing them. The tests
//! run every kernel the CPU has and compare their counts.
//!
//! [`Kernel::compiled_for`] lends the same choice to other hot loops: work run through it is
//! compiled for the kernel's instructions, so that the completion searches (`place`), which
//! count the open squares of their lines at every node, count them with POPCNT where the CPU
//! has it, and the diagonals' sums shift their rows of bits a vector at a time. That is why
//! this module sits below both `count` and `place`.
//!
//! One file an instruction set: `avx512`, `avx2` and `portable` hold the loops; this one the
//! [`Kernel`] that picks one, made only after the CPU is asked. (Its examples are the unit
//! tests `examples::one_group_table` and `examples::compiled_for_a_kernel` in `tests`.)

#![allow(unsafe_code)]

#[cfg(target_arch = "x86_64")]
mod avx2;
#[cfg(target_arch = "x86_64")]
mod avx512;
mod portable;
mod row;
#[cfg(test)]
mod tests;

#[cfg(target_arch = "x86_64")]
use avx2::{compiled_avx2, keep_disjoint_avx2, load_avx2, matches_avx2};
#[cfg(target_arch = "x86_64")]
use avx512::{
    compiled_avx512, keep_disjoint_avx512, load_avx512, matches_avx512, matches_avx512_half,
};
use portable::{keep_disjoint_in, load_in, matches_in};
pub use row::{Row, Width, GROUP, MAX_GROUPS, WEIGHT};

/// Work that [`Kernel::compiled_for`] runs compiled for a kernel's instructions: a hot loop
/// on words, such as a search's nodes (which count bits) or the diagonals' sums (which shift
/// rows of bits).
pub(crate) trait HotLoop {
    /// What the work gives.
    type Output;

    /// Does the work. Mark it `#[inline(always)]`, and what it calls at every step too: only
    /// code inlined into [`Kernel::compiled_for`]'s compilation gets its instructions.
    fn run(self) -> Self::Output;
}

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
    /// 512-bit vectors with a vector popcount (x86-64 with AVX-512F, AVX-512 VPOPCNTDQ,
    /// AVX-512 VL for half rows, and POPCNT).
    Avx512,
    /// 256-bit vectors (x86-64 with AVX2 and POPCNT).
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
    /// Runs `work` compiled for this kernel's instructions: with AVX2, or AVX-512F and its
    /// vector popcount, and POPCNT, for the vector kernels; as the crate is built for the
    /// portable one. The answer is the same whichever kernel runs it. Built for plain
    /// x86-64, `u64::count_ones` is some twelve instructions; with POPCNT it is one, which
    /// makes the completion searches' nodes faster.
    ///
    /// (Its example is the unit test `examples::compiled_for_a_kernel` in `tests`.)
    #[inline(always)]
    pub(crate) fn compiled_for<W: HotLoop>(self, work: W) -> W::Output {
        match self.0 {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `Isa::Avx512` exists only where the CPU has AVX-512F, VPOPCNTDQ, VL
            // and POPCNT (see `available`).
            Isa::Avx512 => unsafe { compiled_avx512(work) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `Isa::Avx2` exists only where the CPU has AVX2 and POPCNT.
            Isa::Avx2 => unsafe { compiled_avx2(work) },
            _ => work.run(),
        }
    }

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
            if is_x86_feature_detected!("avx512f")
                && is_x86_feature_detected!("avx512vpopcntdq")
                && is_x86_feature_detected!("avx512vl")
                && is_x86_feature_detected!("popcnt")
            {
                all.push(Kernel(Isa::Avx512));
            }
            if is_x86_feature_detected!("avx2") && is_x86_feature_detected!("popcnt") {
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
        self.dispatch::<false, false>(table, groups, &[keys], Width::Whole)[0]
    }

    /// Writes to `out`, from index `len` on and in order, the key `(a | b) & mask` of each
    /// pair of an `a` of `tops` and a `b` of `bottoms` (for each `a`, every `b`) that share no
    /// bit, for each `(tops, bottoms)` of `pairs` in turn, and returns the length after them:
    /// the making of a batch of halves, north placements against the south ones on the other
    /// columns (see `halves::pairs`), many small buckets in one call. On AVX-512 eight `b` at
    /// a time and on AVX2 four, the kept keys packed together.
    ///
    /// Words of `out` past the length returned may be written too, up to `len` plus the
    /// candidates (`tops.len() · bottoms.len()` of each pair).
    ///
    /// # Panics
    ///
    /// Panics if `out` has no room for `len` plus the candidates.
    ///
    /// # Complexity
    ///
    /// O(pairs + candidates).
    pub(crate) fn keep_disjoint(
        self,
        pairs: &[(&[u64], &[u64])],
        mask: u64,
        out: &mut [u64],
        len: usize,
    ) -> usize {
        let room = pairs.iter().try_fold(0usize, |room, (tops, bottoms)| {
            room.checked_add(tops.len().checked_mul(bottoms.len())?)
        });
        assert!(
            room.is_some_and(|room| len.saturating_add(room) <= out.len()),
            "kernel: no room for the halves made"
        );
        match self.0 {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `Isa::Avx512` exists only where the CPU has AVX-512F and POPCNT (see
            // `run`), and `out` has room for every key written, checked above.
            Isa::Avx512 => unsafe { keep_disjoint_avx512(pairs, mask, out, len) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `Isa::Avx2` exists only where the CPU has AVX2 and POPCNT (see `run`),
            // and `out` has room for every key written, checked above.
            Isa::Avx2 => unsafe { keep_disjoint_avx2(pairs, mask, out, len) },
            _ => pairs.iter().fold(len, |len, &(tops, bottoms)| {
                tops.iter()
                    .fold(len, |len, &a| keep_disjoint_in(a, bottoms, mask, out, len))
            }),
        }
    }

    /// Turns up to 512 stored keys on their side into a block's group tables: `free[d]` gets
    /// bit `i` set when key `i` lacks bit `d` (and `valid` has bit `i`: the stored halves),
    /// and table `j` of `table` (`2^GROUP` rows from row `j · 2^GROUP`) gets in row `p` the
    /// AND of `valid` and the free rows `GROUP·j + b` for the bits `b` of `p`: what
    /// [`Kernel::matches`] reads. Bits of a key past `free`'s rows are not read; rows past
    /// the 64th (the eleventh group's last two) are left as they are, and so are the table
    /// rows made of them, which keys of at most 62 bits never read.
    ///
    /// # Panics
    ///
    /// Panics if there are more than 512 keys, or `free` and `table` are not `groups · GROUP`
    /// and `groups · 2^GROUP` rows for some `groups`.
    ///
    /// # Complexity
    ///
    /// O(`keys.len()` · 6 + groups · 2^GROUP) word operations of 64 bits (row operations
    /// of 512 on the vector kernels).
    pub(crate) fn load(self, keys: &[u64], valid: [u64; 8], free: &mut [Row], table: &mut [Row]) {
        let groups = free.len() / GROUP;
        assert!(
            keys.len() <= 512 && free.len() == groups * GROUP && table.len() == groups << GROUP,
            "kernel: {} keys into {} free rows and {} table rows",
            keys.len(),
            free.len(),
            table.len()
        );
        match self.0 {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `Isa::Avx512` exists only where the CPU has AVX-512F (see `run`).
            Isa::Avx512 => unsafe { load_avx512(keys, valid, free, table) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `Isa::Avx2` exists only where the CPU has AVX2 (see `run`).
            Isa::Avx2 => unsafe { load_avx2(keys, valid, free, table) },
            _ => load_in(keys, valid, free, table),
        }
    }

    /// [`Kernel::matches`] with each key's match counted `2^(key >> WEIGHT)` times (the
    /// weight held in the key's top bits: no sorting of the keys by weight first, which costs
    /// more than the shift per key when there are few blocks), reading `width` of each row.
    ///
    /// # Panics
    ///
    /// As [`Kernel::matches`], and if the groups reach the weight's bits (more than 10, keys
    /// of more than 60 bits: n = 32's keys of 62 are sorted by weight and counted with [`Kernel::matches_of`] a weight).
    ///
    /// # Complexity
    ///
    /// O(`keys.len()` · `groups`) row operations of 512 bits.
    pub fn weighted_in_keys(self, table: &[Row], groups: usize, keys: &[u64], width: Width) -> u64 {
        assert!(
            groups * GROUP <= WEIGHT as usize,
            "kernel: {} groups read the weight's bits",
            groups
        );
        self.dispatch::<true, false>(table, groups, &[keys], width)[0]
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
        self.dispatch::<false, true>(table, groups, &[keys], Width::Whole)
    }

    /// [`Kernel::words`] of several lists of keys together, in one call (one loop over them
    /// all): the sieve's ranges met by one block; `width` of each row read (with
    /// [`Width::Half`], words 4 to 7 are 0).
    ///
    /// # Panics
    ///
    /// As [`Kernel::matches`].
    ///
    /// # Complexity
    ///
    /// O(keys · `groups`) row operations of 512 bits.
    pub fn words_of(
        self,
        table: &[Row],
        groups: usize,
        lists: &[&[u64]],
        width: Width,
    ) -> [u64; 8] {
        self.dispatch::<false, true>(table, groups, lists, width)
    }

    /// [`Kernel::matches`] of several lists of keys together, in one call, reading `width`
    /// of each row.
    ///
    /// # Panics
    ///
    /// As [`Kernel::matches`].
    ///
    /// # Complexity
    ///
    /// O(keys · `groups`) row operations of 512 bits.
    pub fn matches_of(self, table: &[Row], groups: usize, lists: &[&[u64]], width: Width) -> u64 {
        self.dispatch::<false, false>(table, groups, lists, width)[0]
    }

    fn dispatch<const IN_KEYS: bool, const WORDS: bool>(
        self,
        table: &[Row],
        groups: usize,
        lists: &[&[u64]],
        width: Width,
    ) -> [u64; 8] {
        assert_eq!(
            table.len(),
            groups << GROUP,
            "kernel: table of {} groups",
            groups
        );
        match groups {
            1 => self.run::<1, IN_KEYS, WORDS>(table, lists, width),
            2 => self.run::<2, IN_KEYS, WORDS>(table, lists, width),
            3 => self.run::<3, IN_KEYS, WORDS>(table, lists, width),
            4 => self.run::<4, IN_KEYS, WORDS>(table, lists, width),
            5 => self.run::<5, IN_KEYS, WORDS>(table, lists, width),
            6 => self.run::<6, IN_KEYS, WORDS>(table, lists, width),
            7 => self.run::<7, IN_KEYS, WORDS>(table, lists, width),
            8 => self.run::<8, IN_KEYS, WORDS>(table, lists, width),
            _ => panic!("kernel: {} groups, at most {}", groups, MAX_GROUPS),
        }
    }

    fn run<const G: usize, const IN_KEYS: bool, const WORDS: bool>(
        self,
        table: &[Row],
        lists: &[&[u64]],
        width: Width,
    ) -> [u64; 8] {
        // One array of the tables: each group's row at a fixed offset from one base.
        let tables: &[[Row; 1 << GROUP]; G] = table
            .as_chunks()
            .0
            .try_into()
            .expect("whole tables, checked by dispatch");
        if lists.iter().all(|keys| keys.is_empty()) {
            return [0; 8];
        }
        // All the lists in one loop; without WORDS the kernels sum their words into the first.
        match (self.0, width) {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `Isa::Avx512` is private to this module (and its instruction sets'
            // files, which never make one) and made in one place, `Kernel::available`,
            // only after the CPU said it has the features the functions are compiled for;
            // no other code can make a `Kernel` holding it.
            (Isa::Avx512, Width::Whole) => unsafe {
                matches_avx512::<G, IN_KEYS, WORDS>(tables, lists)
            },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: as above.
            (Isa::Avx512, Width::Half) => unsafe {
                matches_avx512_half::<G, IN_KEYS, WORDS>(tables, lists)
            },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: as above, for AVX2.
            (Isa::Avx2, Width::Whole) => unsafe {
                matches_avx2::<G, IN_KEYS, WORDS, false>(tables, lists)
            },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: as above, for AVX2.
            (Isa::Avx2, Width::Half) => unsafe {
                matches_avx2::<G, IN_KEYS, WORDS, true>(tables, lists)
            },
            (_, Width::Whole) => matches_in::<G, IN_KEYS, WORDS, false>(tables, lists),
            (_, Width::Half) => matches_in::<G, IN_KEYS, WORDS, true>(tables, lists),
        }
    }
}
