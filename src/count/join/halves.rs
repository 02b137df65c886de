//! A row set's halves, made from its four quarter lists in batches: the run over a half's north
//! placements cut where the candidates (a north placement by each south one on the other
//! columns) reach a limit, and the making of one batch's keys.
//!
//! The cut is found from the sizes of the quarter lists' buckets alone, before any half is
//! made, so a count can meet every east batch with every west batch, and an estimate can pick
//! one pair of batches at random and count exactly what the count counts for it.

use super::plan::Join;
use super::quarter::Lists;
use super::subsets::subsets;
use crate::kernel::Kernel;
use crate::memory::OutOfMemory;

/// A place in the run over a half's north placements: a column set (in increasing order of
/// its bit mask) and the index of a placement in its bucket.
pub(super) type At = (u32, usize);

/// Where the batches (or a crew's segments of them) of the halves of `width` columns made of `upper` (north placements on `k`
/// columns) and `lower` start: about `limit` halves each, cut at equal numbers of candidates
/// (one north placement's are never split). None when no half can be made; one batch, the
/// whole walk, when all the candidates fit in `limit`.
///
/// The halves a batch will hold are not known before they are made: the share of candidates
/// kept is estimated from the first north placement of each column set, against all the south
/// placements it meets.
///
/// # Complexity
///
/// O(column sets) when every candidate fits in `limit`, else O(column sets + north
/// placements + the candidates of one placement per column set).
pub(super) fn starts(upper: &Lists, lower: &Lists, width: u32, k: u32, limit: usize) -> Vec<At> {
    let all = (1u32 << width) - 1;
    let sizes = subsets(k, width).filter_map(|cols| {
        let (tops, bottoms) = (upper.bucket(cols), lower.bucket(all & !cols));
        (!tops.is_empty() && !bottoms.is_empty()).then_some((cols, tops, bottoms))
    });
    let limit = limit.max(1) as u64;
    // Every pair of the two lists fits, so every candidate does: no need to count them.
    if (upper.len() as u64).saturating_mul(lower.len() as u64) <= limit {
        return sizes.take(1).map(|(cols, _, _)| (cols, 0)).collect();
    }
    let total: u64 = sizes
        .clone()
        .map(|(_, tops, bottoms)| (tops.len() * bottoms.len()) as u64)
        .sum();
    if total <= limit {
        return sizes.take(1).map(|(cols, _, _)| (cols, 0)).collect();
    }
    let kept: u64 = sizes
        .clone()
        .map(|(_, tops, bottoms)| {
            let first = bottoms.iter().filter(|&&b| tops[0] & b == 0).count();
            (tops.len() * first) as u64
        })
        .sum();
    let batches = kept.div_ceil(limit).max(1);
    let each = total.div_ceil(batches);
    let mut starts = Vec::new();
    let mut room = 0;
    for (cols, tops, bottoms) in sizes {
        let bottoms = bottoms.len() as u64;
        for top in 0..tops.len() {
            if room < bottoms {
                starts.push((cols, top));
                room = each.max(bottoms);
            }
            room -= bottoms;
        }
    }
    starts
}

/// The most candidates [`Keys::keep_disjoint`] makes room for at once.
const CANDIDATES_AT_ONCE: usize = 4096;

/// A list of keys that takes each candidate without a branch: it is written past the end,
/// and the end moves on only if the candidate is kept (by the kernel: `Kernel::keep_disjoint`).
#[derive(Default)]
pub(super) struct Keys {
    /// Room for the keys and the candidates to come; `buf[..len]` are kept.
    buf: Vec<u64>,
    len: usize,
}

impl Keys {
    pub(super) fn clear(&mut self) {
        self.len = 0;
    }

    /// Makes room for `count` more candidates.
    fn make_room(&mut self, count: usize) -> Result<(), OutOfMemory> {
        let wanted = self.len + count;
        if self.buf.len() < wanted {
            let more = wanted - self.buf.len();
            // Doubling, as a vector grows: few reallocations over a row set.
            let more = more.max(self.buf.len());
            crate::memory::reserve(&mut self.buf, more, "the pairs of quarters")?;
            self.buf.resize(wanted, 0);
        }
        Ok(())
    }

    /// Adds the key `(a | b) & mask` of each pair of an `a` of `tops` and a `b` of `bottoms`
    /// that share no bit, for each `(tops, bottoms)` of `pairs`, made by `kernel` in one call
    /// (`candidates`: the sum of their `tops.len() · bottoms.len()`).
    ///
    /// # Errors
    ///
    /// [`OutOfMemory`] if the room for them cannot be had.
    fn keep_disjoint(
        &mut self,
        kernel: Kernel,
        pairs: &[(&[u64], &[u64])],
        candidates: usize,
        mask: u64,
    ) -> Result<(), OutOfMemory> {
        self.make_room(candidates)?;
        self.len = kernel.keep_disjoint(pairs, mask, &mut self.buf, self.len);
        Ok(())
    }

    /// [`Keys::keep_disjoint`] for one pair of buckets with more than [`CANDIDATES_AT_ONCE`]
    /// candidates: a few thousand at a time, since room for all of a big bucket's would be
    /// room for the candidates, where the keys kept are fewer.
    ///
    /// # Errors
    ///
    /// [`OutOfMemory`] if the room for them cannot be had.
    fn keep_disjoint_big(
        &mut self,
        kernel: Kernel,
        (tops, bottoms): (&[u64], &[u64]),
        mask: u64,
    ) -> Result<(), OutOfMemory> {
        let at_once = (CANDIDATES_AT_ONCE / bottoms.len().max(1)).max(1);
        for tops in tops.chunks(at_once) {
            let candidates = tops.len() * bottoms.len();
            self.keep_disjoint(kernel, &[(tops, bottoms)], candidates, mask)?;
        }
        Ok(())
    }

    pub(super) fn keys(&self) -> &[u64] {
        &self.buf[..self.len]
    }

    /// Forgets the keys and gives back all but room for `most` (had again when more are made):
    /// a crew's thread makes segments of 16 MB for the kept batch, then of 2 MB for the other
    /// side's batches.
    pub(super) fn shrink(&mut self, most: usize) {
        self.len = 0;
        self.buf.truncate(most);
        self.buf.shrink_to(most);
    }
}

/// Adds to `fitting` the key of every half of `width` columns made of a north placement in
/// `upper` and a south one in `lower` (on the other columns) that share no diagonal crossing
/// the north/south line, for the north placements from `from` up to `to` (`None`: to the
/// end).
///
/// # Errors
///
/// [`OutOfMemory`] if the keys do not fit in memory.
pub(super) fn pairs(
    (upper, lower): (&Lists, &Lists),
    width: u32,
    key_bits: u32,
    (fitting, kernel): (&mut Keys, Kernel),
    from: At,
    to: Option<At>,
) -> Result<(), OutOfMemory> {
    let all = (1u32 << width) - 1;
    let key_mask = (1u64 << key_bits) - 1;
    let (mut top, k) = (from.1, from.0.count_ones());
    // Small pairs of buckets (most of them below n = 20) are given to the kernel together,
    // up to CANDIDATES_AT_ONCE candidates and PAIRS_AT_ONCE pairs a call.
    let mut pending = [(&[][..], &[][..]); PAIRS_AT_ONCE];
    let (mut held, mut candidates) = (0, 0);
    for cols in subsets(k, width).skip_while(|&cols| cols < from.0) {
        let last = to.is_some_and(|(end, _)| end == cols);
        if to.is_some_and(|(end, _)| end < cols) {
            break;
        }
        let tops = upper.bucket(cols);
        let tops = &tops[top.min(tops.len())..if last { to.unwrap().1 } else { tops.len() }];
        let bottoms = lower.bucket(all & !cols);
        let more = tops.len() * bottoms.len();
        if more > 0 {
            if held > 0 && (held == PAIRS_AT_ONCE || candidates + more > CANDIDATES_AT_ONCE) {
                fitting.keep_disjoint(kernel, &pending[..held], candidates, key_mask)?;
                (held, candidates) = (0, 0);
            }
            match more > CANDIDATES_AT_ONCE {
                true => fitting.keep_disjoint_big(kernel, (tops, bottoms), key_mask)?,
                false => {
                    pending[held] = (tops, bottoms);
                    (held, candidates) = (held + 1, candidates + more);
                }
            }
        }
        if last {
            break;
        }
        top = 0;
    }
    match held {
        0 => Ok(()),
        _ => fitting.keep_disjoint(kernel, &pending[..held], candidates, key_mask),
    }
}

/// The most pairs of buckets [`pairs`] gives the kernel in one call.
const PAIRS_AT_ONCE: usize = 64;

/// The four quarter lists of one row set, as held: the halves of either side are made from
/// them.
#[derive(Clone, Copy)]
pub(super) struct RowSet<'a> {
    pub(super) north_east: &'a Lists,
    pub(super) south_east: &'a Lists,
    pub(super) north_west: &'a Lists,
    pub(super) south_west: &'a Lists,
}

impl RowSet<'_> {
    /// The north and the south list of a side (the east one if `east`), and its width.
    fn side(&self, join: &Join, east: bool) -> (&Lists, &Lists, u32) {
        match east {
            true => (self.north_east, self.south_east, join.e),
            false => (self.north_west, self.south_west, join.w),
        }
    }

    /// Where the batches of about `limit` halves of a side (the east one if `east`) start, for
    /// a row set of `k` north rows in the east ([`starts`]).
    pub(super) fn starts(&self, join: &Join, east: bool, k: u32, limit: usize) -> Vec<At> {
        let (upper, lower, width) = self.side(join, east);
        let k = if east { k } else { join.w - k };
        starts(upper, lower, width, k, limit)
    }

    /// Makes batch `j` of a side's halves (`starts`: where its batches start) into `keys`: the
    /// east side's if `east`, else the west side's.
    ///
    /// # Errors
    ///
    /// [`OutOfMemory`] if the keys do not fit.
    pub(super) fn make(
        &self,
        join: &Join,
        east: bool,
        (starts, j): (&[At], usize),
        keys: &mut Keys,
    ) -> Result<(), OutOfMemory> {
        let (upper, lower, width) = self.side(join, east);
        keys.clear();
        let (from, to) = (starts[j], starts.get(j + 1).copied());
        let made = (keys, join.kernel);
        pairs((upper, lower), width, join.key_bits(), made, from, to)
    }

    /// Every key bit the halves of the side not loaded into blocks may use (the east one if
    /// `west_blocked`): what its quarter lists use.
    pub(super) fn used_bits(&self, west_blocked: bool) -> u64 {
        match west_blocked {
            true => self.north_east.used() | self.south_east.used(),
            false => self.north_west.used() | self.south_west.used(),
        }
    }
}
