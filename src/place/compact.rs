//! The exhaustive search on the compact board: only the rows and columns still without a
//! queen, at most 64 of each, whatever the board's width.
//!
//! A board of 5,000 squares a side with all but 20 queens placed is a 20 × 20 problem: the 20
//! free rows and the 20 free columns, each square of them open or not (reserved, or on a
//! placed queen's diagonal). [`super::exhaustive::Search`] pays for the whole width at every
//! node (about 3,600 words there); here a row's open squares are one `u64` over the free
//! columns, a column's one `u64` over the free rows, and placing a queen clears, in each
//! line still empty, the squares it attacks, read from a table built once (for each open
//! square, the squares it attacks in every line: 2m words). A node costs O(m) word
//! operations:
//!
//! - forward checking: after a queen is placed, a row or a column left with no open square
//!   ends the branch at once;
//! - in the top third of the tree, where a dead end found saves the most, the empty rows must
//!   still match the empty columns one to one over open squares (Hall's condition, kept as a
//!   matching repaired from node to node): a block of k rows squeezed into fewer than k
//!   columns is refused at once instead of after every way of filling k − 1 of them;
//! - on boards up to 64 wide, at every other level (not in a randomized search's runs), the
//!   diagonals still free to the empty
//!   rows must be able to hold the sums the empty rows' queens' diagonals have (the sums of
//!   [`super::diagonal_sums`], bounded at a node in O(m) words: [`sums_left`]): the queens
//!   placed so far may have taken too many of the middle diagonals, or too many on one side,
//!   for the rest to add up, which no row or column shows;
//! - diagonals every completion has a queen on (found by the sums' probes,
//!   [`super::diagonal_sums`]) may be given as lines too ([`Compact::learn_needed`]): a word
//!   over the free rows each, forward-checked and branched on as the rows and columns are;
//! - [`Order::FewestOpen`] branches on the line with the fewest open squares (a row, a
//!   column or such a diagonal), [`Order::Rows`] on the first empty row, columns from left
//!   to right, which gives the completions in lexicographic order;
//! - [`Compact::randomized`] branches on the fewest open squares too, for the times each
//!   line was found shut, breaks ties among such lines at random, from a seed, and takes a
//!   square at random among those of the line whose queen shuts the fewest open squares of
//!   the other lines: a search that [`super::restarts`] starts again and again, each time
//!   down another path.
//!
//! The search keeps its stack itself and can stop after any number of nodes
//! ([`Compact::advance`]), and says how much of its tree it has covered
//! ([`Compact::progress`]), so [`super::complete()`] can share turns by what it has shown.

mod sums_left;

use super::step::{progress, Order, Step};
use crate::board::Board;
use crate::kernel::{HotLoop, Kernel};
use crate::memory::{try_filled, OutOfMemory};
use crate::rng::SplitMix64;
use sums_left::SumsLeft;

/// The most rows (and columns) without a queen the compact search takes: one word a line.
pub const MAX_FREE: usize = 64;

/// No mate in a matching.
const NONE: u8 = u8::MAX;

/// The lines still empty at a depth: rows, columns, and needed diagonals (two words).
type Empty = (u64, u64, [u64; 2]);

/// One level of the search: the line branched on and its squares not yet tried.
#[derive(Clone, Copy, Debug)]
struct Frame {
    /// The row (`< m`) or column (`m + column`) branched on, in compact numbering.
    line: usize,
    untried: u64,
    /// The branches of this level, and how many have been entered.
    branches: u32,
    entered: u32,
}

/// A depth-first search of the completions of a board with at most [`MAX_FREE`] free rows;
/// see the [module docs](self).
#[derive(Clone, Debug)]
pub struct Compact {
    m: usize,
    order: Order,
    /// The board row of each free row, the board column of each free column (both in order).
    rows: Vec<u32>,
    cols: Vec<u32>,
    /// For the square (i, a) of the compact board, word `(i·m + a)·width + k`: the squares a
    /// queen there shuts in line `k` (rows `0..m` by column, then columns by row, then the
    /// needed diagonals by row).
    attack: Vec<u64>,
    /// The open squares of every line at each depth (`width` words a depth: the rows by
    /// column, the columns by row, then the needed diagonals by row), and the rows, columns
    /// and needed diagonals (two words of them) still empty there.
    lines: Vec<u64>,
    empty: Vec<Empty>,
    /// Words a depth: 2m, and one for each needed diagonal.
    width: usize,
    /// For needed diagonal j and free row i, the free column of its square there (`NONE` if
    /// the diagonal does not cross row i on a free column).
    diag_col: Vec<u8>,
    /// For the square (i, a), the needed diagonals it lies on (one or two bits).
    on_diags: Vec<[u64; 2]>,
    /// The needed diagonals that are lines, in the order of their words: (kind, index).
    diagonals: Vec<(usize, usize)>,
    frames: Vec<Frame>,
    /// The whole placement: the placed queens, and the free rows' queens of the current path.
    queens: Vec<u32>,
    /// A matching of the empty rows to columns over open squares ([`NONE`]: unmatched), kept
    /// from node to node and repaired: see [`Compact::matchable`].
    row_mate: [u8; MAX_FREE],
    col_mate: [u8; MAX_FREE],
    descend: bool,
    done: bool,
    nodes: u64,
    /// Where ties among lines and the order of a line's squares are drawn from (`None`: the
    /// first line, squares from the lowest).
    random: Option<SplitMix64>,
    /// How many times each line (rows, then columns) was found with no open square, plus
    /// one: a randomized search branches on the fewest open squares for it (see
    /// [`Compact::randomized`]), kept from run to run.
    wipeouts: Vec<u64>,
    /// Each line's weight in [`Compact::choose`]: 1 in a plain search (the fewest open
    /// squares lead), [`weight_of`] its wipeouts in a randomized one, set wherever they
    /// are; and room for the lines' keys.
    weight: Vec<u32>,
    keys: Vec<u64>,
    /// What the diagonals of the empty rows' queens must sum to at each depth (see
    /// [`sums_left`]), on boards up to [`sums_left::MAX_WIDTH`] wide; empty on wider ones.
    sums_left: Vec<SumsLeft>,
    /// The board's width, and whether the free rows are one run (a column's open squares
    /// then map to their diagonals by a shift).
    n: usize,
    rows_in_a_run: bool,
    /// The instructions the nodes are compiled for ([`Kernel::compiled_for`]): the CPU's
    /// POPCNT, where it has it, for the open squares counted at every node.
    kernel: Kernel,
}

impl Compact {
    /// A search of the completions of `board`, branching as `order` says, or `None` if more
    /// than [`MAX_FREE`] rows are free.
    ///
    /// # Constraints
    ///
    /// The board's placed queens do not attack each other (as [`Board`] ensures).
    ///
    /// # Errors
    ///
    /// [`OutOfMemory`] if its table cannot be had: 2m³ words (4 MB at m = 64), plus 4n bytes
    /// for the placement.
    ///
    /// # Complexity
    ///
    /// O(n/64 + q + m³) to set up, for q placed queens and m free rows.
    ///
    /// (Its example is the unit test `examples::compact_search` at the bottom of this file.)
    pub fn new(board: &Board, order: Order) -> Result<Option<Compact>, OutOfMemory> {
        Compact::with_needed(board, order, [0, 0])
    }

    /// [`Compact::new`], with the diagonals every completion has a queen on (`needed`, one
    /// bit a diagonal of each kind: r + c, then r + n − 1 − c) kept as lines like the rows
    /// and columns: at most 128 of them, those past it left out, and those a placed queen
    /// holds skipped. Diagonals that are not needed would lose completions: the caller
    /// knows they are (the sums' probes, [`super::diagonal_sums`]).
    ///
    /// # Errors
    ///
    /// As [`Compact::new`], its table (2m + d)·m² words for d needed diagonals.
    ///
    /// # Complexity
    ///
    /// O(n/64 + q + m³ + d·m³) to set up; O(m + d) per node.
    pub(crate) fn with_needed(
        board: &Board,
        order: Order,
        needed: [u128; 2],
    ) -> Result<Option<Compact>, OutOfMemory> {
        let n = board.size();
        let m = board.free_rows();
        if m > MAX_FREE {
            return Ok(None);
        }
        let mut queens = try_filled(n, u32::MAX, "the placement")?;
        let mut col_taken = try_filled(n / 64 + 1, 0u64, "the columns taken")?;
        let mut up = try_filled(2 * n / 64 + 1, 0u64, "the diagonals taken")?;
        let mut down = try_filled(2 * n / 64 + 1, 0u64, "the diagonals taken")?;
        for &(r, c) in board.queens() {
            let (r, c) = (r as usize, c as usize);
            queens[r] = c as u32;
            col_taken[c / 64] |= 1 << (c % 64);
            up[(r + c) / 64] |= 1 << ((r + c) % 64);
            down[(r + n - 1 - c) / 64] |= 1 << ((r + n - 1 - c) % 64);
        }
        let bit = |set: &[u64], i: usize| set[i / 64] >> (i % 64) & 1 == 1;
        let rows: Vec<u32> = (0..n as u32)
            .filter(|&r| queens[r as usize] == u32::MAX)
            .collect();
        let cols: Vec<u32> = (0..n as u32)
            .filter(|&c| !bit(&col_taken, c as usize))
            .collect();
        let open = |r: u32, c: u32| {
            let (r, c) = (r as usize, c as usize);
            !bit(&up, r + c) && !bit(&down, r + n - 1 - c) && !board.is_reserved(r, c)
        };
        // The needed diagonals as (kind, index), at most 128; those a placed queen holds
        // already are not lines.
        let diags: Vec<(usize, usize)> = (0..2)
            .flat_map(|kind| (0..(2 * n - 1).min(128)).map(move |d| (kind, d)))
            .filter(|&(kind, d)| needed[kind] >> d & 1 == 1 && !bit([&up, &down][kind], d))
            .take(128)
            .collect();
        let width = 2 * m + diags.len();
        let on = |(kind, d): (usize, usize), r: u32, c: u32| match kind {
            0 => (r + c) as usize == d,
            _ => (r as usize + n - 1) == d + c as usize,
        };
        let mut lines = try_filled(width * (m + 1), 0u64, "the search's stack")?;
        let mut diag_col = try_filled(diags.len() * m, NONE, "the needed diagonals")?;
        let mut on_diags = try_filled(m * m, [0u64; 2], "the needed diagonals")?;
        for (i, &r) in rows.iter().enumerate() {
            for (a, &c) in cols.iter().enumerate() {
                for (j, &diag) in diags.iter().enumerate() {
                    if on(diag, r, c) {
                        on_diags[i * m + a][j / 64] |= 1 << (j % 64);
                        if open(r, c) {
                            lines[2 * m + j] |= 1 << i;
                            diag_col[j * m + i] = a as u8;
                        }
                    }
                }
                if open(r, c) {
                    lines[i] |= 1 << a;
                    lines[m + a] |= 1 << i;
                }
            }
        }
        let mut attack = try_filled(width * m * m, 0u64, "the attack table")?;
        for (i, &r) in rows.iter().enumerate() {
            for (a, &c) in cols.iter().enumerate() {
                let shut = &mut attack[(i * m + a) * width..][..width];
                for (j, &rj) in rows.iter().enumerate() {
                    // Row j loses column a, and the two squares on the queen's diagonals.
                    shut[j] |= 1 << a;
                    shut[m + a] |= 1 << j;
                    let d = i64::from(rj) - i64::from(r);
                    for cj in [i64::from(c) + d, i64::from(c) - d] {
                        let Ok(cj) = u32::try_from(cj) else { continue };
                        if let Ok(b) = cols.binary_search(&cj) {
                            shut[j] |= 1 << b;
                            shut[m + b] |= 1 << j;
                        }
                    }
                }
                // Row i and column a are filled: every square of them goes.
                for k in 0..m {
                    shut[i] |= 1 << k;
                    shut[m + k] |= 1 << i;
                }
                // A needed diagonal loses the squares the queen attacks (all of them if it
                // holds the queen: they share its diagonal).
                for j in 0..diags.len() {
                    let mut squares = lines[2 * m + j];
                    while squares != 0 {
                        let k = squares.trailing_zeros() as usize;
                        squares &= squares - 1;
                        let (rk, ck) = (rows[k], cols[diag_col[j * m + k] as usize]);
                        let attacked = k == i
                            || ck == c
                            || rk + ck == r + c
                            || i64::from(rk) - i64::from(ck) == i64::from(r) - i64::from(c);
                        if attacked {
                            shut[2 * m + j] |= 1 << k;
                        }
                    }
                }
            }
        }
        let all = if m == 64 { !0 } else { (1u64 << m) - 1 };
        let mut empty = try_filled(m + 1, (0u64, 0u64, [0u64; 2]), "the search's stack")?;
        let wipeouts = try_filled(width, 1u64, "the lines' wipeout counts")?;
        let mut diag_set = [0u64; 2];
        for j in 0..diags.len() {
            diag_set[j / 64] |= 1 << (j % 64);
        }
        empty[0] = (all, all, diag_set);
        let mut sums_left = Vec::new();
        if n <= sums_left::MAX_WIDTH {
            sums_left = try_filled(m + 1, SumsLeft::default(), "the search's stack")?;
            sums_left[0] = SumsLeft::of(&rows, &cols, n);
        }
        let rows_in_a_run = rows.windows(2).all(|w| w[1] == w[0] + 1);
        Ok(Some(Compact {
            m,
            order,
            rows,
            cols,
            attack,
            lines,
            empty,
            width,
            diag_col,
            on_diags,
            diagonals: diags,
            frames: Vec::with_capacity(m),
            queens,
            row_mate: [NONE; MAX_FREE],
            col_mate: [NONE; MAX_FREE],
            descend: true,
            done: false,
            nodes: 0,
            random: None,
            wipeouts,
            weight: try_filled(width, 1, "the lines' weights")?,
            keys: try_filled(width, 0, "the lines' keys")?,
            sums_left,
            n,
            rows_in_a_run,
            kernel: Kernel::best(),
        }))
    }

    /// A search of `board` branching on a line with the fewest open squares for the times it
    /// was found shut (a line with one square first: it is forced), drawn at random among
    /// those that tie, and taking the line's squares in a random order, all drawn from
    /// `seed`: the same seed, the same path. The times a line was found with no open square
    /// are kept from run to run ([`Compact::restart`]): the lines that keep ending branches
    /// are branched on sooner, so a restarted search learns where the board is tight
    /// (Boussemart, Hemery, Lecoutre and Sais's dom/wdeg, ECAI 2004, counted by line: on
    /// CSPLib's Excluded Diagonals boards it more than halved the time to a completion,
    /// docs/benchmarks.md). The square it takes is drawn only from those whose queen would
    /// shut the fewest open squares of the empty lines (the least constraining: it leaves the
    /// most room to the rest). Drawn from all the line's squares, most runs wander; with the
    /// lines found shut to steer them, the least constraining square every time completed
    /// 34 of 52 runs (13 hard Excluded Diagonals boards of n = 38 to 50, 4 seeds, 40 million
    /// nodes each) where taking it half the time, at a coin's toss, completed 17
    /// (docs/completion.md). It covers the same tree as [`Order::FewestOpen`], in another
    /// order; `None` if more than [`MAX_FREE`] rows are free.
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

    /// Takes the diagonals `needed` (every completion of `board` has a queen on each: one
    /// bit a diagonal of each kind, r + c then r + n − 1 − c) as lines like the rows and
    /// columns from now on, and starts again from the root. `board` is the board it was made
    /// for, or that board with more squares reserved that no completion uses (the squares of
    /// the diagonals the sums' probes found forbidden): the same free rows. Its draws
    /// and the times each line was found shut go on as they were (a diagonal that was a
    /// line before keeps its count); a diagonal new to it starts with the mean count of the
    /// rows and columns, as an average line (starting from none, it was branched on only
    /// once forced: on nine CSPLib Excluded Diagonals boards of n = 43 to 50, three seeds
    /// each, `queens solve --board` completed 16 runs of 27 in a minute where it completed
    /// 10, and 13 when run again, docs/completion.md).
    ///
    /// # Errors
    ///
    /// [`OutOfMemory`] if the bigger table cannot be had; the search is then left as it was.
    ///
    /// # Complexity
    ///
    /// O(m³ + m³·d) for d needed diagonals: milliseconds at m = 50.
    pub(crate) fn learn_needed(
        &mut self,
        board: &Board,
        needed: [u128; 2],
    ) -> Result<(), OutOfMemory> {
        let Some(mut search) = Compact::with_needed(board, self.order, needed)? else {
            return Ok(());
        };
        let lines = 2 * self.m;
        search.wipeouts[..lines].copy_from_slice(&self.wipeouts[..lines]);
        // A diagonal that was a line already keeps its count; a new one starts with the
        // rows' and columns' mean, so that it is branched on as soon as an average line
        // would be (starting from none, it waited behind every row and column found shut).
        let mean = (self.wipeouts[..lines].iter().sum::<u64>() / lines.max(1) as u64).max(1);
        for (j, diagonal) in search.diagonals.iter().enumerate() {
            search.wipeouts[lines + j] = match self.diagonals.iter().position(|d| d == diagonal) {
                Some(k) => self.wipeouts[lines + k],
                None => mean,
            };
        }
        search.random = self.random.take();
        search.weigh_lines();
        search.nodes = self.nodes;
        search.kernel = self.kernel;
        *self = search;
        Ok(())
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
    fn weigh_lines(&mut self) {
        if self.random.is_some() {
            for (weight, &times) in self.weight.iter_mut().zip(&self.wipeouts) {
                *weight = weight_of(times);
            }
        }
    }

    /// Starts again from the root: the next node is the board itself. A randomized search
    /// then draws a new path.
    ///
    /// # Complexity
    ///
    /// O(1).
    pub fn restart(&mut self) {
        self.frames.clear();
        self.descend = true;
        self.done = false;
    }

    /// The line to branch on at `depth` and its open squares, or `None` if some empty line
    /// has none (the first such line is counted found shut).
    ///
    /// Every line gets a key ([`keys_of`]): 0 if it is empty and shut, 1 if it is empty
    /// with one open square (forced), its open squares times its weight otherwise, and
    /// `u64::MAX` if it holds its queen already; the lines of the least key are a bit each
    /// in four words, and the first is taken, or in a randomized search one drawn among
    /// them. Each step is a loop over every line with no branch in it, which the compiler
    /// makes vector instructions of (a popcount, a multiply and a minimum for eight lines
    /// at a time with AVX-512), where a loop over the empty lines alone, comparing each
    /// with the best so far, paid a branch the CPU could not foresee at every line.
    ///
    /// # Complexity
    ///
    /// O(m + d) for m free rows and d needed diagonals, in vector steps of 8 lines.
    #[inline(always)]
    fn choose(&mut self, depth: usize) -> Option<(usize, u64)> {
        let m = self.m;
        let width = self.width;
        let lines = &self.lines[depth * width..][..width];
        let (rows, cols, diags) = self.empty[depth];
        let keys = &mut self.keys[..width];
        let weight = &self.weight[..width];
        // The lines in four runs, each with its word of empty lines: the rows, the columns,
        // and the needed diagonals in words of 64.
        let first_diags = (width - 2 * m).min(64);
        let runs = [
            (0, m, rows),
            (m, 2 * m, cols),
            (2 * m, 2 * m + first_diags, diags[0]),
            (2 * m + first_diags, width, diags[1]),
        ];
        for (from, to, set) in runs {
            keys_of(
                &mut keys[from..to],
                &lines[from..to],
                &weight[from..to],
                set,
            );
        }
        let least = keys.iter().copied().fold(u64::MAX, u64::min);
        // The lines of the least key, a bit each, in words of 64 lines (at most 2 · 64 + 128).
        let mut best = [0u64; 4];
        for (word, chunk) in best.iter_mut().zip(keys.chunks(64)) {
            for (k, &key) in chunk.iter().enumerate() {
                *word |= u64::from(key == least) << k;
            }
        }
        // The line of the `rank`th bit of `best`, from 0.
        let nth = |mut rank: u64| -> usize {
            for (w, &word) in best.iter().enumerate() {
                let ones = u64::from(word.count_ones());
                if rank < ones {
                    let mut word = word;
                    for _ in 0..rank {
                        word &= word - 1;
                    }
                    return 64 * w + word.trailing_zeros() as usize;
                }
                rank -= ones;
            }
            0
        };
        if least == 0 {
            let line = nth(0);
            // Capped far past where its weight stops falling (at 1, from 2^31 times).
            if self.wipeouts[line] < 1 << 56 {
                self.wipeouts[line] += 1;
                if self.random.is_some() {
                    self.weight[line] = weight_of(self.wipeouts[line]);
                }
            }
            return None;
        }
        let line = match (self.order, &mut self.random) {
            (Order::Rows, _) => rows.trailing_zeros() as usize,
            (Order::FewestOpen, None) => nth(0),
            (Order::FewestOpen, Some(random)) => {
                let ties: u64 = best.iter().map(|w| u64::from(w.count_ones())).sum();
                nth(if ties > 1 { random.below(ties) } else { 0 })
            }
        };
        Some((line, lines[line]))
    }

    /// Whether the diagonals still free to the empty rows at `depth` can hold the sums their
    /// queens' diagonals must have ([`sums_left`]).
    ///
    /// # Panics
    ///
    /// On a board too wide to keep the sums (`sums_left` empty): the caller checks.
    ///
    /// # Complexity
    ///
    /// O(m) word operations for the free diagonals (O(1) more for each open square when the
    /// free rows are not one run), and O(1) for the bounds.
    #[inline(always)]
    fn sums_can_be_met(&self, depth: usize) -> bool {
        let left = self.sums_left[depth];
        let (m, n) = (self.m, self.n);
        let open = &self.lines[depth * self.width..][..2 * m];
        let (rows, cols, _) = self.empty[depth];
        let (mut sums, mut diffs) = (0u128, 0u128);
        if self.rows_in_a_run {
            // Row i is first + i: a column c's open rows, shifted by first + c, are its open
            // squares' sum diagonals, and shifted by first + n − 1 − c their difference ones.
            let first = self.rows.first().map_or(0, |&r| r as usize);
            let mut set = cols;
            while set != 0 {
                let a = set.trailing_zeros() as usize;
                set &= set - 1;
                let c = self.cols[a] as usize;
                sums |= u128::from(open[m + a]) << (first + c);
                diffs |= u128::from(open[m + a]) << (first + n - 1 - c);
            }
        } else {
            let mut set = rows;
            while set != 0 {
                let i = set.trailing_zeros() as usize;
                set &= set - 1;
                let r = self.rows[i] as usize;
                let mut squares = open[i];
                while squares != 0 {
                    let c = self.cols[squares.trailing_zeros() as usize] as usize;
                    squares &= squares - 1;
                    sums |= 1 << (r + c);
                    diffs |= 1 << (r + n - 1 - c);
                }
            }
        }
        let count = rows.count_ones();
        left.possible(sums, diffs, count)
    }

    /// Whether every empty row at `depth` can still get a column of its own among its open
    /// squares (a perfect matching of rows to columns; Hall's condition). Forward checking
    /// sees a shut line; this sees k rows left with fewer than k columns between them, such
    /// as a block of rows squeezed into too few columns, which would otherwise cost a search
    /// of every way to fill all but one of them.
    ///
    /// # Complexity
    ///
    /// O(m) to keep the pairs still valid, and an augmenting path (O(m) words each step, m
    /// steps at worst) for each row that lost its mate: usually a few.
    #[inline(always)]
    fn matchable(&mut self, depth: usize) -> bool {
        let m = self.m;
        let rows_open = &self.lines[depth * self.width..][..m];
        let (rows, cols, _) = self.empty[depth];
        let mut unmatched = 0u64;
        let mut set = rows;
        while set != 0 {
            let i = set.trailing_zeros() as usize;
            set &= set - 1;
            let c = self.row_mate[i];
            let kept =
                c != NONE && rows_open[i] >> c & 1 == 1 && self.col_mate[c as usize] == i as u8;
            if !kept {
                self.row_mate[i] = NONE;
                unmatched |= 1 << i;
            }
        }
        while unmatched != 0 {
            let i = unmatched.trailing_zeros() as usize;
            unmatched &= unmatched - 1;
            let mut seen = 0u64;
            let mates = (&mut self.row_mate, &mut self.col_mate);
            if !augment(i, rows_open, rows, cols, mates, &mut seen) {
                return false;
            }
        }
        true
    }

    /// Searches on for at most `budget` more nodes (taken from it), to the next completion.
    ///
    /// # Complexity
    ///
    /// O(m) per node.
    pub fn advance(&mut self, budget: &mut u64) -> Step {
        let kernel = self.kernel;
        kernel.compiled_for(Nodes {
            search: self,
            budget,
        })
    }

    /// [`Compact::advance`]'s loop, inlined into the kernel's compilation with what it calls
    /// at every node.
    #[inline(always)]
    fn search(&mut self, budget: &mut u64) -> Step {
        let m = self.m;
        loop {
            if self.done {
                return Step::Exhausted;
            }
            let depth = self.frames.len();
            if self.descend {
                if *budget == 0 {
                    return Step::Paused;
                }
                *budget -= 1;
                self.nodes += 1;
                self.descend = false;
                if self.empty[depth].0 == 0 {
                    return Step::Found;
                }
                // The diagonals' sums, at every other level: the check costs about a node, so
                // it is counted as one more of the budget (the searches taking turns beside
                // this one keep their share), and a dead end it finds a level late costs a
                // node more. A randomized search's runs go without (docs/benchmarks.md).
                if self.random.is_none() && depth.is_multiple_of(2) && !self.sums_left.is_empty() {
                    *budget = budget.saturating_sub(1);
                    if !self.sums_can_be_met(depth) {
                        continue;
                    }
                }
                let Some((line, untried)) = self.choose(depth) else {
                    continue;
                };
                // Hall's condition, in the top third of a plain search's tree.
                if 3 * depth <= m && self.random.is_none() && !self.matchable(depth) {
                    continue;
                }
                self.frames.push(Frame {
                    line,
                    untried,
                    branches: untried.count_ones(),
                    entered: 0,
                });
                continue;
            }
            // The next open square of the deepest line, or up a level.
            let Some(frame) = self.frames.last_mut() else {
                self.done = true;
                continue;
            };
            if frame.untried == 0 {
                self.frames.pop();
                continue;
            }
            let mut rest = frame.untried;
            if let Some(random) = &mut self.random {
                // Only the squares that shut the fewest; then one of a random rank among them.
                let now = &self.lines[(depth - 1) * self.width..][..self.width];
                let square = |k: usize| square_of(m, &self.diag_col, frame.line, k);
                rest = least_shutting(rest, square, now, &self.attack, (m, self.width));
                for _ in 0..random.below(u64::from(rest.count_ones())) {
                    rest &= rest - 1;
                }
            }
            let k = rest.trailing_zeros() as usize;
            frame.untried &= !(1 << k);
            frame.entered += 1;
            let (i, a) = square_of(m, &self.diag_col, frame.line, k);
            let d = depth - 1;
            self.queens[self.rows[i] as usize] = self.cols[a];
            let width = self.width;
            let shut = &self.attack[(i * m + a) * width..][..width];
            let (now, next) = self.lines[d * width..].split_at_mut(width);
            for ((to, &from), &gone) in next[..width].iter_mut().zip(now.iter()).zip(shut) {
                *to = from & !gone;
            }
            let (rows, cols, diags) = self.empty[d];
            let on = self.on_diags[i * m + a];
            let diags = [diags[0] & !on[0], diags[1] & !on[1]];
            self.empty[depth] = (rows & !(1 << i), cols & !(1 << a), diags);
            if let Some(&before) = self.sums_left.get(d) {
                self.sums_left[depth] = before.without(self.rows[i], self.cols[a], self.n);
            }
            self.descend = true;
        }
    }

    /// The completion [`Compact::advance`] found last: the 0-based column of each row's queen,
    /// the placed queens included.
    pub fn placement(&self) -> &[u32] {
        &self.queens
    }

    /// The nodes visited so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The share of the search tree behind it, counting each branch of a level as an equal
    /// share of its parent (Knuth's estimate of progress): 0 at the start, 1 when exhausted.
    ///
    /// # Complexity
    ///
    /// O(m).
    pub fn progress(&self) -> f64 {
        if self.done {
            return 1.0;
        }
        progress(self.frames.iter().map(|f| (f.entered, f.branches)))
    }
}

/// [`Compact::advance`]'s nodes, as [`Kernel::compiled_for`] runs them.
struct Nodes<'a> {
    search: &'a mut Compact,
    budget: &'a mut u64,
}

impl HotLoop for Nodes<'_> {
    type Output = Step;

    #[inline(always)]
    fn run(self) -> Step {
        self.search.search(self.budget)
    }
}

/// The keys of [`Compact::choose`] for a run of lines (`lines`: their open squares, `weight`:
/// their weights, `empty`: a bit for each that is still empty, from bit 0): 0 for a line
/// shut, 1 for a line forced, its open squares times its weight for the others that are
/// empty, and `u64::MAX` for a line not empty. A weight is at least 1, so a line of two
/// squares or more keys at least 2.
#[inline(always)]
fn keys_of(keys: &mut [u64], lines: &[u64], weight: &[u32], empty: u64) {
    for (k, ((key, &line), &w)) in keys.iter_mut().zip(lines).zip(weight).enumerate() {
        let count = u64::from(line.count_ones());
        let score = if count == 1 { 1 } else { count * u64::from(w) };
        *key = score | ((empty >> k) & 1).wrapping_sub(1);
    }
}

/// The weight of a line found shut `times` times (counting from 1), in a randomized search:
/// 2^31 / times rounded down, at least 1. A key, open squares times weight, is then within
/// 64 of 2^31 · squares / times, so keys order two lines as the fractions squares / times
/// do whenever these differ by more than 2^-25 (always while the product of the two lines'
/// times is below 2^25); fractions closer than that, or equal, may tie or not as the
/// rounding falls.
fn weight_of(times: u64) -> u32 {
    ((1u64 << 31) / times.max(1)).max(1) as u32
}

/// The square (free row, free column) of bit `k` of `line`, of a search of `m` free rows:
/// a row `< m`, a column `m + a`, or a needed diagonal `2m + j`, whose bits are rows and
/// `diag_col` its squares' columns ([`Compact`]'s).
#[inline(always)]
fn square_of(m: usize, diag_col: &[u8], line: usize, k: usize) -> (usize, usize) {
    if line < m {
        (line, k)
    } else if line < 2 * m {
        (k, line - m)
    } else {
        (k, diag_col[(line - 2 * m) * m + k] as usize)
    }
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
fn least_shutting(
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

/// Finds a column for the empty row `i` along an augmenting path of the matching (`mates`:
/// rows' columns, columns' rows), the columns in `seen` already tried: true if it did.
fn augment(
    i: usize,
    rows_open: &[u64],
    rows: u64,
    cols: u64,
    mates: (&mut [u8; MAX_FREE], &mut [u8; MAX_FREE]),
    seen: &mut u64,
) -> bool {
    let (row_mate, col_mate) = mates;
    let mut candidates = rows_open[i] & cols & !*seen;
    while candidates != 0 {
        let c = candidates.trailing_zeros() as usize;
        candidates &= candidates - 1;
        *seen |= 1 << c;
        let j = col_mate[c] as usize;
        // The column's mate counts only if it is an empty row that still holds it.
        let held = j < MAX_FREE && rows >> j & 1 == 1 && row_mate[j] as usize == c;
        if !held
            || augment(
                j,
                rows_open,
                rows,
                cols,
                (&mut *row_mate, &mut *col_mate),
                seen,
            )
        {
            row_mate[i] = c as u8;
            col_mate[c] = i as u8;
            return true;
        }
    }
    false
}

#[cfg(test)]
pub(super) mod tests;

#[cfg(test)]
mod examples {
    //! The examples of this private module's docs, run as unit tests.

    #[test]
    fn compact_search() {
        use crate::board::Board;
        use crate::place::compact::Compact;
        use crate::place::{Order, Step};

        // 1000 queens, all but four of a placement kept: a 4 × 4 search.
        let full = crate::place::construct(1000).unwrap().unwrap();
        let kept: Vec<(u32, u32)> = (4..1000).map(|r| (r as u32, full[r as usize])).collect();
        let board = Board::new(1000).with_queens(&kept).unwrap();
        let mut search = Compact::new(&board, Order::FewestOpen).unwrap().unwrap();
        assert_eq!(search.advance(&mut u64::MAX.clone()), Step::Found);
        assert_eq!(crate::place::verify(1000, search.placement()), Ok(()));
    }
}
