//! The exhaustive search on the compact board: only the rows and columns still without a
//! queen, at most 64 of each, whatever the board's width.
//!
//! A board of 5,000 squares a side with all but 20 queens placed is a 20 × 20 problem: the 20
//! free rows and the 20 free columns, each square of them open or not (reserved, or on a
//! placed queen's diagonal). [`super::wide::Wide`] pays for the whole width at every
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

mod matching;
mod sums_left;
mod table;
mod weights;

use super::search::{in_nodes, progress, Order, Report, Search, Step};
use crate::board::Board;
use crate::kernel::{HotLoop, Kernel};
use crate::memory::OutOfMemory;
use crate::rng::SplitMix64;
use sums_left::SumsLeft;
use table::square_of;
use weights::{least_shutting, weight_of};

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
                // node more. A randomized search's runs go without: its runs are cut short
                // anyway, and the check slows them more than it cuts.
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
    #[cfg(test)]
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

impl Search for Compact {
    /// A node costs about 8 + 4m units, for m free rows: its lines are looked at.
    fn unit_work(&self) -> u64 {
        8 + 4 * self.m as u64
    }

    fn advance(&mut self, work: u64) -> (Result<Step, OutOfMemory>, u64) {
        let node_work = self.unit_work();
        in_nodes(work, node_work, |nodes| Compact::advance(self, nodes))
    }

    fn placement(&self) -> &[u32] {
        Compact::placement(self)
    }

    fn progress(&self) -> Option<f64> {
        Some(Compact::progress(self))
    }

    fn report(&self, report: &mut Report) {
        report.closed = report.closed.max(Compact::progress(self));
    }
}

#[cfg(test)]
pub(super) mod tests;

#[cfg(test)]
mod examples {
    //! The examples of this private module's docs, run as unit tests.

    #[test]
    fn compact_search() {
        use crate::board::Board;
        use crate::place::complete::compact::Compact;
        use crate::place::complete::search::{Order, Step};

        // 1000 queens, all but four of a placement kept: a 4 × 4 search.
        let full = crate::place::construct(1000).unwrap().unwrap();
        let kept: Vec<(u32, u32)> = (4..1000).map(|r| (r as u32, full[r as usize])).collect();
        let board = Board::new(1000).with_queens(&kept).unwrap();
        let mut search = Compact::new(&board, Order::FewestOpen).unwrap().unwrap();
        assert_eq!(search.advance(&mut u64::MAX.clone()), Step::Found);
        assert_eq!(crate::place::verify(1000, search.placement()), Ok(()));
    }
}
