//! One placement for huge n by local search: the min-conflicts heuristic (Minton et al.)
//! made linear-time (Sosič and Gu's QS4).
//!
//! The plain heuristic starts from a random permutation and moves each row's queen to the least attacked
//! square of its row; each move scans the whole row, O(n), so a round costs O(n²). Three
//! changes make the whole search O(n):
//!
//! 1. **A permutation throughout.** Queens only ever *swap* columns, so no two share a row or
//!    a column; only diagonals can clash, and counters per diagonal (2n − 1 each way) answer
//!    "is this square attacked?" in O(1).
//! 2. **A greedy start.** Row by row, a random column from those not yet used is swapped in and
//!    kept only if both its diagonals are free; a few tries per row (about 3.08·n in all, as
//!    Sosič and Gu found) place all but a small fraction of the queens without a single
//!    conflict. A row that finds no free column within its tries takes a random unused column
//!    anyway and waits for the repair.
//! 3. **A short repair.** Each queen still attacked swaps columns with a random other queen,
//!    and the swap is kept only when both end up unattacked — so conflicts never grow. If the
//!    repair runs too long, everything restarts from a new start (the random stream goes on).
//!
//! At 10⁸ queens the arrays no longer fit in any cache, and a random probe is a miss. So the
//! diagonals are bits (see `Diagonals`), the unused columns are shuffled once and the
//! candidates drawn from a small window of them, and each row's candidates come in a batch
//! whose loads do not depend on each other, so the processor overlaps their misses.

use crate::board::Board;
use crate::memory::{try_filled, OutOfMemory};
use crate::rng::SplitMix64;
use std::collections::HashMap;

/// Candidates drawn at once in the greedy start.
const BATCH: usize = 4;

/// Tries per row in the greedy start before the row is left to the repair.
const GREEDY_TRIES: usize = 64;

/// How many of the unused columns (shuffled) the greedy start draws its candidates from.
const WINDOW: usize = 1 << 12;

/// A placement of `n` queens found by min-conflicts local search from `seed`: the 0-based
/// column of the queen in each row, or `None` for n = 2 and 3, which have none. (The empty
/// board, n = 0, has one empty placement.)
///
/// The same seed gives the same placement. Columns are drawn with `below`, so
/// every column can be reached, without modulo bias. `progress` is called now and then with
/// the number of queens placed so far by the greedy start and n.
///
/// # Constraints
///
/// `n <= u32::MAX` (columns are `u32`).
///
/// # Errors
///
/// [`OutOfMemory`] if the columns or the diagonals cannot be allocated (never an abort).
///
/// # Complexity
///
/// O(n) expected time; memory about 4.5 bytes a queen: the columns (4 bytes each) and one bit
/// per diagonal (2·(2n − 1) bits). 10⁸ queens take about 450 MB.
///
/// # Example
///
/// ```
/// use nqueens::place::min_conflicts;
/// use nqueens::place::verify;
///
/// let queens = min_conflicts(1000, 42, &mut |_, _| {}).unwrap().unwrap();
/// assert_eq!(verify(1000, &queens), Ok(()));
/// assert_eq!(min_conflicts(3, 42, &mut |_, _| {}), Ok(None));
/// ```
pub fn min_conflicts(
    n: u32,
    seed: u64,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<Option<Vec<u32>>, OutOfMemory> {
    match n {
        0 => return Ok(Some(Vec::new())),
        1 => return Ok(Some(vec![0])),
        2 | 3 => return Ok(None),
        _ => {}
    }
    let mut rng = SplitMix64::new(seed);
    let mut search = Search::new(Plain, n as usize, n as usize, &[])?;
    loop {
        search.greedy_start(&mut rng, progress);
        if search.repair(&mut rng) {
            return Ok(Some(search.queens));
        }
        // The repair stalled: start over, further along the same random stream.
    }
}

/// Min-conflicts on a board with placed queens (which never move) and reserved squares
/// (which no queen takes): the rows without a queen get the columns without one, as a
/// permutation, and the placed queens' diagonals are taken from the start.
///
/// Each [`MinConflicts::attempt`] is one greedy start and one short repair, O(m) for the m rows
/// to fill; an attempt that stalls gives `false`, and the next goes on along the same random
/// stream. Local search never proves that no completion exists: [`super::complete()`] runs it
/// in turns with the exhaustive search, which can.
///
/// (Its example is the unit test `examples::min_conflicts_keep_placed_queens` at the bottom of
/// this file.)
pub struct MinConflicts<'a> {
    search: Search<OnBoard<'a>>,
    /// The completion the last attempt found (empty before one does).
    found: Vec<u32>,
    rng: SplitMix64,
}

impl<'a> MinConflicts<'a> {
    /// A search for a completion of `board`, seeded by `seed`.
    ///
    /// # Errors
    ///
    /// [`OutOfMemory`] if its arrays cannot be had: about 13 bytes a row.
    ///
    /// # Complexity
    ///
    /// O(n + q log q) for q placed queens.
    pub fn new(board: &'a Board, seed: u64) -> Result<MinConflicts<'a>, OutOfMemory> {
        let n = board.size();
        let m = board.free_rows();
        let mut rows = try_filled(m, 0u32, "the rows to fill")?;
        let mut cols = try_filled(m, 0u32, "the columns to fill")?;
        let mut col_taken = try_filled(n / 64 + 1, 0u64, "the columns to fill")?;
        for &(_, col) in board.queens() {
            col_taken[col as usize / 64] |= 1 << (col % 64);
        }
        let (mut next_row, mut placed) = (0, board.queens().iter().peekable());
        let mut next_col = 0;
        for row in 0..n as u32 {
            if placed.peek().map(|&&(r, _)| r) == Some(row) {
                placed.next();
            } else {
                rows[next_row] = row;
                next_row += 1;
            }
            if col_taken[row as usize / 64] >> (row % 64) & 1 == 0 {
                cols[next_col] = row;
                next_col += 1;
            }
        }
        let frame = OnBoard { board, rows, cols };
        Ok(MinConflicts {
            search: Search::new(frame, n, m, board.queens())?,
            rng: SplitMix64::new(seed),
            found: Vec::new(),
        })
    }

    /// The work of every attempt so far: candidate squares looked at and swaps tried (each a
    /// few random reads), a row's reset at each start included.
    pub fn work(&self) -> u64 {
        self.search.work
    }

    /// One greedy start and repair: whether it completed the board
    /// ([`MinConflicts::placement`] then gives the completion).
    ///
    /// # Complexity
    ///
    /// O(m) expected for the search, m the rows to fill (the placed queens' diagonals are
    /// counted once, at the first attempt: O(n/64 + q)); O(n) for the result.
    pub fn attempt(&mut self) -> bool {
        let search = &mut self.search;
        search.greedy_start(&mut self.rng, &mut |_, _| {});
        if !search.repair(&mut self.rng) {
            return false;
        }
        let frame = &search.frame;
        self.found.clear();
        self.found.resize(search.n, 0);
        for &(row, col) in frame.board.queens() {
            self.found[row as usize] = col;
        }
        for (i, &col) in search.queens.iter().enumerate() {
            self.found[frame.rows[i] as usize] = col;
        }
        true
    }

    /// The completion the last successful [`MinConflicts::attempt`] found: the 0-based
    /// column of each row's queen, the placed queens kept (empty before one).
    pub fn placement(&self) -> &[u32] {
        &self.found
    }
}

/// Where the search's rows and columns are on the board, and which squares it may use.
trait Frame {
    /// The board row of the search's row `i`.
    fn row(&self, i: usize) -> usize;
    /// The `j`-th column the search's rows share out.
    fn column(&self, j: usize) -> u32;
    /// Whether a queen may stand on (`row`, `col`) of the board.
    fn allowed(&self, row: usize, col: u32) -> bool;
}

/// The plain board: every row and column, every square.
struct Plain;

impl Frame for Plain {
    #[inline(always)]
    fn row(&self, i: usize) -> usize {
        i
    }
    #[inline(always)]
    fn column(&self, j: usize) -> u32 {
        j as u32
    }
    #[inline(always)]
    fn allowed(&self, _: usize, _: u32) -> bool {
        true
    }
}

/// A board with placed queens: the rows and columns without one, and its reserved squares.
struct OnBoard<'a> {
    board: &'a Board,
    rows: Vec<u32>,
    cols: Vec<u32>,
}

impl Frame for OnBoard<'_> {
    #[inline(always)]
    fn row(&self, i: usize) -> usize {
        self.rows[i] as usize
    }
    #[inline(always)]
    fn column(&self, j: usize) -> u32 {
        self.cols[j]
    }
    #[inline(always)]
    fn allowed(&self, row: usize, col: u32) -> bool {
        !self.board.has_reserved() || !self.board.is_reserved(row, col as usize)
    }
}

/// The state of the search: a permutation of the frame's columns over its rows, and how many
/// queens stand on each diagonal.
struct Search<F: Frame> {
    frame: F,
    /// The board size.
    n: usize,
    /// The rows searched: `queens[i]` is the column of the frame's row `i`.
    m: usize,
    /// Queens that never move, on the diagonals from the start.
    fixed: Vec<(u32, u32)>,
    queens: Vec<u32>,
    /// Queens on each diagonal `row - col + n - 1`.
    down: Diagonals,
    /// Queens on each anti-diagonal `row + col`.
    up: Diagonals,
    /// The rows the greedy start could not place on free diagonals: the queens that may be
    /// attacked.
    pending: Vec<usize>,
    /// Whether the diagonals hold the fixed queens and the search's own (after a start):
    /// a restart then takes off only its own, O(m), not the fixed ones O(n/64 + q).
    started: bool,
    /// Candidate squares looked at and swaps tried, over all starts: the search's work.
    work: u64,
}

impl<F: Frame> Search<F> {
    /// The memory of a search of `m` rows of `frame` on a board of `n`, `fixed` queens
    /// besides, all of it reserved now.
    fn new(frame: F, n: usize, m: usize, fixed: &[(u32, u32)]) -> Result<Search<F>, OutOfMemory> {
        let mut kept = Vec::new();
        crate::memory::reserve(&mut kept, fixed.len(), "the placed queens")?;
        kept.extend_from_slice(fixed);
        Ok(Search {
            frame,
            n,
            m,
            fixed: kept,
            queens: try_filled(m, 0, "the columns of the queens")?,
            down: Diagonals::new(2 * n - 1)?,
            up: Diagonals::new(2 * n - 1)?,
            pending: Vec::new(),
            started: false,
            work: 0,
        })
    }

    fn down_index(&self, row: usize, col: u32) -> usize {
        row + self.n - 1 - col as usize
    }

    /// Puts the queen of the search's row `i` on its diagonals.
    fn add(&mut self, i: usize) {
        let (row, col) = (self.frame.row(i), self.queens[i]);
        self.down.add(self.down_index(row, col));
        self.up.add(row + col as usize);
    }

    /// Takes the queen of the search's row `i` off its diagonals.
    fn remove(&mut self, i: usize) {
        let (row, col) = (self.frame.row(i), self.queens[i]);
        self.down.remove(self.down_index(row, col));
        self.up.remove(row + col as usize);
    }

    /// Whether a queen in the search's row `i`, column `col` would share no diagonal with the
    /// queens counted, on a square it may take.
    #[inline]
    fn free(&self, i: usize, col: u32) -> bool {
        let row = self.frame.row(i);
        self.down.is_empty(self.down_index(row, col))
            && self.up.is_empty(row + col as usize)
            && self.frame.allowed(row, col)
    }

    /// Whether the queen of the search's row `i`, counted on its diagonals, shares one with
    /// another, or stands where it may not.
    fn attacked(&self, i: usize) -> bool {
        let (row, col) = (self.frame.row(i), self.queens[i]);
        self.down.crowded(self.down_index(row, col))
            || self.up.crowded(row + col as usize)
            || !self.frame.allowed(row, col)
    }

    /// A fresh start: each row takes a random unused column whose diagonals are free, if a
    /// few tries find one; otherwise a random unused column all the same, and the row waits
    /// in `pending` for the repair.
    ///
    /// The unused columns are `queens[row..]`. Shuffled once at the start, any stretch of them
    /// is a random sample, so candidates are drawn from the first [`WINDOW`] only: they stay
    /// in the cache, where picks from all of `queens[row..]` would each miss at large n.
    fn greedy_start(&mut self, rng: &mut SplitMix64, progress: &mut dyn FnMut(u64, u64)) {
        let n = self.m;
        if self.started {
            // Only the fixed queens stay on the diagonals.
            for i in 0..n {
                self.remove(i);
            }
        } else {
            self.down.clear();
            self.up.clear();
            for &(row, col) in &self.fixed {
                self.down.add(row as usize + self.n - 1 - col as usize);
                self.up.add(row as usize + col as usize);
            }
            self.started = true;
        }
        self.work += n as u64;
        for (j, queen) in self.queens.iter_mut().enumerate() {
            *queen = self.frame.column(j);
        }
        for i in 0..n {
            let j = i + rng.below((n - i) as u64) as usize;
            self.queens.swap(i, j);
        }
        self.pending.clear();
        'rows: for row in 0..n {
            if row % (1 << 20) == 0 {
                progress(row as u64, n as u64);
            }
            let window = (n - row).min(WINDOW) as u64;
            for _ in 0..GREEDY_TRIES / BATCH {
                // Independent loads, so their misses overlap: the candidates' diagonals.
                let picks: [usize; BATCH] =
                    std::array::from_fn(|_| row + rng.below(window) as usize);
                let free = picks.map(|j| self.free(row, self.queens[j]));
                self.work += BATCH as u64;
                if let Some(k) = (0..BATCH).find(|&k| free[k]) {
                    self.queens.swap(row, picks[k]);
                    self.add(row);
                    continue 'rows;
                }
            }
            // No free column found: keep the (random) one in place, and repair it later.
            self.add(row);
            self.pending.push(row);
        }
        progress(n as u64, n as u64);
    }

    /// Repairs the pending rows: each attacked queen swaps with random others until a swap
    /// leaves both unattacked. False if that takes too long (the caller restarts).
    fn repair(&mut self, rng: &mut SplitMix64) -> bool {
        let n = self.m;
        // Small boards get stuck often and restart cheaply; large ones rarely need a tenth of this.
        let mut budget = 64 * n as u64 + 1_000;
        for i in 0..self.pending.len() {
            let row = self.pending[i];
            while self.attacked(row) {
                if budget == 0 {
                    return false;
                }
                budget -= 1;
                self.work += 1;
                let other = rng.below(n as u64) as usize;
                if other == row {
                    continue;
                }
                self.remove(row);
                self.remove(other);
                self.queens.swap(row, other);
                // Each checked with the other already counted: they must not meet either.
                let mut kept = false;
                if self.free(row, self.queens[row]) {
                    self.add(row);
                    kept = self.free(other, self.queens[other]);
                    self.remove(row);
                }
                if !kept {
                    self.queens.swap(row, other);
                }
                self.add(row);
                self.add(other);
            }
        }
        // The other rows were placed on free diagonals, and no swap since has put a queen on
        // an occupied one: no queen is attacked.
        debug_assert!(!self.fixed.is_empty() || super::verify::verify(n, &self.queens).is_ok());
        true
    }
}

/// How many queens stand on each of a family of diagonals, packed for the cache: one bit per
/// diagonal says "at least one", and the rare diagonals with more (only the rows the greedy
/// start could not place make them) keep the rest in a small map. 10⁸ queens need 25 MB of
/// bits per family where a byte per diagonal would need 200 MB.
struct Diagonals {
    occupied: Vec<u64>,
    more: HashMap<usize, u32>,
}

impl Diagonals {
    fn new(size: usize) -> Result<Diagonals, OutOfMemory> {
        Ok(Diagonals {
            occupied: try_filled(size / 64 + 1, 0, "the diagonals of the queens")?,
            more: HashMap::new(),
        })
    }

    /// No queen on any diagonal.
    fn clear(&mut self) {
        self.occupied.iter_mut().for_each(|word| *word = 0);
        self.more.clear();
    }

    #[inline]
    fn is_empty(&self, d: usize) -> bool {
        self.occupied[d / 64] & (1 << (d % 64)) == 0
    }

    /// Whether two or more queens stand on `d`.
    fn crowded(&self, d: usize) -> bool {
        self.more.contains_key(&d)
    }

    fn add(&mut self, d: usize) {
        if self.is_empty(d) {
            self.occupied[d / 64] |= 1 << (d % 64);
        } else {
            *self.more.entry(d).or_insert(0) += 1;
        }
    }

    fn remove(&mut self, d: usize) {
        match self.more.get_mut(&d) {
            Some(1) => {
                self.more.remove(&d);
            }
            Some(extra) => *extra -= 1,
            None => self.occupied[d / 64] &= !(1 << (d % 64)),
        }
    }
}

#[cfg(test)]
mod examples {
    //! The examples of this private module's docs, run as unit tests.

    #[test]
    fn min_conflicts_keep_placed_queens() {
        use crate::board::Board;
        use crate::place::min_conflicts::MinConflicts;
        use crate::place::verify;

        let board = Board::new(1000).with_queens(&[(0, 0), (500, 7)]).unwrap();
        let mut search = MinConflicts::new(&board, 1).unwrap();
        assert!((0..100).any(|_| search.attempt()));
        let queens = search.placement();
        assert_eq!(verify(1000, queens), Ok(()));
        assert_eq!((queens[0], queens[500]), (0, 7));
    }
}
