//! One placement for huge N, and an independent check of any placement.
//!
//! Counting every placement is hopeless past N ≈ 27, but finding one is easy, even for 10⁸
//! queens:
//!
//! - [`min_conflicts()`] searches: seed 002's min-conflicts idea (move an attacked queen where
//!   it is least attacked), made linear-time as Sosič and Gu's QS4, with its seeded
//!   generator in [`rng`];
//! - [`construct()`] builds one by an explicit formula, with no search;
//! - [`verify()`] checks any placement in O(N) with fresh marks, sharing nothing with the two,
//!   and [`read_perm`] reads one as judges print them.
//!
//! # Example
//!
//! ```
//! use nqueens::place::{construct, min_conflicts, verify};
//!
//! let n = 100_000;
//! assert_eq!(verify(n, &construct(n as u32).unwrap().unwrap()), Ok(()));
//! let found = min_conflicts(n as u32, 7, &mut |_, _| {}).unwrap().unwrap();
//! assert_eq!(verify(n, &found), Ok(()));
//! ```

pub mod construct;
pub mod min_conflicts;
pub mod rng;
pub mod verify;

pub use construct::construct;
pub use min_conflicts::min_conflicts;
pub use verify::{read_perm, verify, Flaw};

use std::fmt;

/// The memory a placement needs could not be had: `needed` bytes for `what`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OutOfMemory {
    /// What the memory was for.
    pub what: &'static str,
    /// How many bytes were asked for.
    pub needed: u64,
}

impl fmt::Display for OutOfMemory {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "not enough memory: {} needs {} MB",
            self.what,
            (self.needed + (1 << 20) - 1) >> 20
        )
    }
}

impl std::error::Error for OutOfMemory {}

/// A vector of `len` copies of `value`, or [`OutOfMemory`] naming `what` if the memory cannot
/// be had (instead of aborting the process).
pub(crate) fn try_filled<T: Clone>(
    len: usize,
    value: T,
    what: &'static str,
) -> Result<Vec<T>, OutOfMemory> {
    let mut v = Vec::new();
    v.try_reserve_exact(len).map_err(|_| OutOfMemory {
        what,
        needed: (len as u64).saturating_mul(std::mem::size_of::<T>() as u64),
    })?;
    v.resize(len, value);
    Ok(v)
}
