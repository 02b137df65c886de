//! Memory asked for before it is used, so that a count or a placement too big for the machine
//! (or for `ulimit -v`) gets a clear error instead of an abort.

use std::fmt;

/// The memory a placement, a table or a count needs could not be had: `needed` bytes for `what`.
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
