//! A row set's halves in chunks: the walk over a half's north placements cut where the
//! candidates (a north placement by each south one on the other columns) reach a limit, and
//! the making of one chunk's keys.
//!
//! The cut is found from the sizes of the quarter lists' buckets alone, before any half is
//! made, so a count can meet every east chunk with every west chunk, and an estimate can pick
//! one pair of chunks at random and count exactly what the count counts for it.

use super::kernel::Kernel;
use super::quarter::Lists;
use crate::memory::OutOfMemory;

/// A place in the walk over a half's north placements: a column set (in increasing order of
/// its bit mask) and the index of a placement in its bucket.
pub(super) type At = (u32, usize);

/// Where the chunks of the halves of `width` columns made of `upper` (north placements on `k`
/// columns) and `lower` start: about `limit` halves each, cut at equal numbers of candidates
/// (one north placement's are never split). None when no half can be made; one chunk, the
/// whole walk, when all the candidates fit in `limit`.
///
/// The halves a chunk will hold are not known before they are made: the share of candidates
/// kept is estimated from the first north placement of each column set, against all the south
/// placements it meets.
///
/// # Complexity
///
/// O(column sets) when every candidate fits in `limit`, else O(column sets + north
/// placements + the candidates of one placement per column set).
pub(super) fn starts(upper: &Lists, lower: &Lists, width: u32, k: u32, limit: usize) -> Vec<At> {
    let all = (1u32 << width) - 1;
    let sizes = column_sets(k, width).filter_map(|cols| {
        let (tops, bottoms) = (upper.bucket(cols), lower.bucket(all & !cols));
        (!tops.is_empty() && !bottoms.is_empty()).then_some((cols, tops, bottoms))
    });
    let total: u64 = sizes
        .clone()
        .map(|(_, tops, bottoms)| (tops.len() * bottoms.len()) as u64)
        .sum();
    let limit = limit.max(1) as u64;
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
    let chunks = kept.div_ceil(limit).max(1);
    let each = total.div_ceil(chunks);
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

/// The column sets of `k` of `width` columns, in increasing order.
fn column_sets(k: u32, width: u32) -> impl Iterator<Item = u32> + Clone {
    let all = (1u64 << width) - 1;
    let first = (k <= width).then(|| (1u32 << k) - 1);
    std::iter::successors(first, move |&cols| {
        super::plan::next_subset(cols).filter(|&next| u64::from(next) <= all)
    })
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
    /// that share no bit, made by `kernel`.
    ///
    /// # Errors
    ///
    /// [`OutOfMemory`] if the room for them cannot be had.
    fn keep_disjoint(
        &mut self,
        kernel: Kernel,
        (tops, bottoms): (&[u64], &[u64]),
        mask: u64,
    ) -> Result<(), OutOfMemory> {
        // A few thousand candidates at a time: room for all of a big bucket's would be room
        // for the candidates, where the keys kept are fewer.
        let at_once = (CANDIDATES_AT_ONCE / bottoms.len().max(1)).max(1);
        for tops in tops.chunks(at_once) {
            self.make_room(tops.len() * bottoms.len())?;
            self.len = kernel.keep_disjoint((tops, bottoms), mask, &mut self.buf, self.len);
        }
        Ok(())
    }

    pub(super) fn keys(&self) -> &[u64] {
        &self.buf[..self.len]
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
    for cols in column_sets(k, width).skip_while(|&cols| cols < from.0) {
        let last = to.is_some_and(|(end, _)| end == cols);
        if to.is_some_and(|(end, _)| end < cols) {
            break;
        }
        let tops = upper.bucket(cols);
        let tops = &tops[top.min(tops.len())..if last { to.unwrap().1 } else { tops.len() }];
        let bottoms = lower.bucket(all & !cols);
        if !bottoms.is_empty() {
            fitting.keep_disjoint(kernel, (tops, bottoms), key_mask)?;
        }
        if last {
            break;
        }
        top = 0;
    }
    Ok(())
}
