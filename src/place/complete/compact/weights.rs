//! The randomized compact search's choices: each line weighted by the times it was found
//! shut, ties drawn at random, and of a line's squares one of those whose queen shuts the
//! fewest open squares of the other lines (the least constraining).

use super::Compact;
use crate::board::Board;
use crate::memory::OutOfMemory;
use crate::place::complete::search::Order;
use crate::rng::SplitMix64;

impl Compact {
    /// A search of `board` branching on a line with the fewest open squares for the times it
    /// was found shut (a line with one square first: it is forced), drawn at random among
    /// those that tie, and taking the line's squares in a random order, all drawn from
    /// `seed`: the same seed, the same path. The times a line was found with no open square
    /// are kept from run to run ([`Compact::restart`]): the lines that keep ending branches
    /// are branched on sooner, so a restarted search learns where the board is tight
    /// (Boussemart, Hemery, Lecoutre and Sais's dom/wdeg, ECAI 2004, counted by line). The
    /// square it takes is drawn only from those whose queen would
    /// shut the fewest open squares of the empty lines (the least constraining: it leaves the
    /// most room to the rest), every time: drawn from all the line's squares, or half the time,
    /// most runs wander (docs/completion.md, "The restarted search"). It covers the same tree as [`Order::FewestOpen`], in another
    /// order; `None` if more than [`super::MAX_FREE`] rows are free.
    ///
    /// # Constraints
    ///
    /// As [`Compact::new`].
    ///
    /// # Errors
    ///
    /// As [`Compact::new`].
    ///
    /// # Complexity
    ///
    /// As [`Compact::new`]; a node costs O(m) still (a draw among its lines' ties and one
    /// for its square), and O(m) more for each square of its line, to find the least
    /// constraining.
    pub fn randomized(board: &Board, seed: u64) -> Result<Option<Compact>, OutOfMemory> {
        Ok(Compact::new(board, Order::FewestOpen)?.map(|mut search| {
            search.random = Some(SplitMix64::new(seed));
            search.weigh_lines();
            search
        }))
    }

    /// Forgets the times each line was found shut (see [`Compact::randomized`]): the search
    /// branches as if it had just begun, its draws going on where they were.
    ///
    /// # Complexity
    ///
    /// O(m + d) for m free rows and d needed diagonals.
    pub(crate) fn forget_shut_lines(&mut self) {
        self.wipeouts.fill(1);
        self.weigh_lines();
    }

    /// Sets every line's weight from the times it was found shut, in a randomized search (a
    /// plain one keeps weights of 1: the fewest open squares lead).
    ///
    /// # Complexity
    ///
    /// O(m + d) for m free rows and d needed diagonals.
    pub(super) fn weigh_lines(&mut self) {
        if self.random.is_some() {
            for (weight, &times) in self.weight.iter_mut().zip(&self.wipeouts) {
                *weight = weight_of(times);
            }
        }
    }
}

/// The weight of a line found shut `times` times (counting from 1), in a randomized search:
/// 2^31 / times rounded down, at least 1. A key, open squares times weight, is then within
/// 64 of 2^31 · squares / times, so keys order two lines as the fractions squares / times
/// do whenever these differ by more than 2^-25 (always while the product of the two lines'
/// times is below 2^25); fractions closer than that, or equal, may tie or not as the
/// rounding falls.
pub(super) fn weight_of(times: u64) -> u32 {
    ((1u64 << 31) / times.max(1)).max(1) as u32
}

/// The squares among `squares` of `line` (a row `< m`, or `m + column`, in compact
/// numbering) whose queen would shut the fewest open squares of the lines `now` (2m words:
/// the rows', then the columns'), its own line and column or row counted too; `attack` is
/// [`Compact`]'s table.
///
/// # Complexity
///
/// m words for each square of `squares`.
#[inline(always)]
pub(super) fn least_shutting(
    squares: u64,
    square: impl Fn(usize) -> (usize, usize),
    now: &[u64],
    attack: &[u64],
    (m, width): (usize, usize),
) -> u64 {
    if squares.count_ones() < 2 {
        return squares;
    }
    let (mut least, mut best) = (u32::MAX, 0);
    let mut set = squares;
    while set != 0 {
        let k = set.trailing_zeros() as usize;
        set &= set - 1;
        let (i, a) = square(k);
        // Each open square is in a row's word and a column's: the rows' words count each once.
        let shut = &attack[(i * m + a) * width..][..m];
        let lost: u32 = now[..m]
            .iter()
            .zip(shut)
            .map(|(&l, &s)| (l & s).count_ones())
            .sum();
        if lost < least {
            (least, best) = (lost, 0);
        }
        if lost == least {
            best |= 1 << k;
        }
    }
    best
}
