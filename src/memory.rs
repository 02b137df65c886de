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

/// The address space kept free after every large allocation: the room the small allocations
/// std makes without asking (a message, a buffer, a thread's bookkeeping) need, so that under
/// a limit (`ulimit -v`, a batch system's memory limit) they never find it spent and abort the
/// process after a table that just fit.
pub const HEADROOM: usize = 4 << 20;

/// Allocations this large or larger are checked for [`HEADROOM`] after them (a probe costs a
/// `mmap` and a `munmap`: nothing beside an allocation this size).
const CHECKED_FROM: usize = 64 << 10;

/// Room for `additional` more elements in `v` (as `Vec::try_reserve_exact`), leaving
/// [`HEADROOM`] of address space free after it when the room is large, or [`OutOfMemory`]
/// naming `what` (and `v` as it was, its room given back).
///
/// # Errors
///
/// [`OutOfMemory`] if the room, or the headroom after it, cannot be had.
pub(crate) fn reserve<T>(
    v: &mut Vec<T>,
    additional: usize,
    what: &'static str,
) -> Result<(), OutOfMemory> {
    let needed = (v.len() as u64)
        .saturating_add(additional as u64)
        .saturating_mul(std::mem::size_of::<T>() as u64);
    let refused = OutOfMemory { what, needed };
    let had = v.capacity();
    v.try_reserve_exact(additional)
        .map_err(|_| refused.clone())?;
    let grown = (v.capacity() - had).saturating_mul(std::mem::size_of::<T>());
    if grown >= CHECKED_FROM && !can_have(HEADROOM) {
        v.shrink_to(had);
        return Err(refused);
    }
    Ok(())
}

/// [`OutOfMemory`] naming `what` unless [`HEADROOM`] of address space is free now: asked
/// before work whose many small allocations (plans, lists of units) are not each checked.
///
/// # Errors
///
/// [`OutOfMemory`] if the headroom cannot be had.
pub(crate) fn headroom(what: &'static str) -> Result<(), OutOfMemory> {
    match can_have(HEADROOM) {
        true => Ok(()),
        false => Err(OutOfMemory {
            what,
            needed: HEADROOM as u64,
        }),
    }
}

/// Whether `bytes` of address space can be had now: asked of the allocator and given back at
/// once. (`black_box` keeps the compiler from proving the probe unused and removing it: an
/// allocation whose result is never read may be elided, and then every probe says yes.)
pub(crate) fn can_have(bytes: usize) -> bool {
    let mut probe = Vec::<u8>::new();
    let had = probe.try_reserve_exact(bytes).is_ok();
    std::hint::black_box(&mut probe);
    had
}

/// Pushes `item` onto `v`, growing it fallibly (doubling, as a vector grows): for lists whose
/// length is known only as they are made (the units of a count's plan).
///
/// # Errors
///
/// [`OutOfMemory`] naming `what` if the room cannot be had.
pub(crate) fn push<T>(v: &mut Vec<T>, item: T, what: &'static str) -> Result<(), OutOfMemory> {
    if v.len() == v.capacity() {
        reserve(v, v.len().max(64), what)?;
    }
    v.push(item);
    Ok(())
}

/// A vector of `len` copies of `value`, or [`OutOfMemory`] naming `what` if the memory cannot
/// be had (instead of aborting the process), with [`HEADROOM`] left after it.
pub(crate) fn try_filled<T: Clone>(
    len: usize,
    value: T,
    what: &'static str,
) -> Result<Vec<T>, OutOfMemory> {
    let mut v = Vec::new();
    reserve(&mut v, len, what)?;
    v.resize(len, value);
    Ok(v)
}

/// A vector of `len` zero words, or [`OutOfMemory`] naming `what` if the memory cannot be had,
/// with [`HEADROOM`] left after it. Unlike [`try_filled`], a large one is had from the system
/// already zeroed and is not written: its pages take memory only as they are first written,
/// which matters for tables whose cells are cleared when first reached and many never are
/// (the diagonals' sums keep each set in a span of its words).
pub(crate) fn try_zeroed(len: usize, what: &'static str) -> Result<Vec<u64>, OutOfMemory> {
    let bytes = len.saturating_mul(8);
    let needed = bytes as u64;
    // Asked first, then had zeroed: the same room, which the probe gave back.
    match can_have(bytes.saturating_add(HEADROOM)) {
        true => Ok(vec![0; len]),
        false => Err(OutOfMemory { what, needed }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zeroed_words_are_zero_or_refused_by_name() {
        let words = try_zeroed(1 << 20, "a table").unwrap();
        assert_eq!(words.len(), 1 << 20);
        assert!(words.iter().all(|&w| w == 0));
        // More than any address space: refused, not aborted.
        let refused = try_zeroed(usize::MAX / 4, "a table too big").unwrap_err();
        assert_eq!(refused.what, "a table too big");
        assert!(refused.needed > 1 << 60);
    }
}
