//! Every completion of a board, by exhaustive search with propagation: the search that can
//! prove a board has none.
//!
//! The state is a handful of bit sets of any width: the rows and the columns still without a
//! queen, the diagonals and anti-diagonals taken, and the reserved squares by row and by
//! column. The squares still open to a row are its free columns minus a window of each
//! diagonal set (the diagonals through row `r` are a run of `n` consecutive diagonals, so no
//! bit is ever reversed), and likewise for a column. At each node every row and every column
//! still empty is looked at:
//!
//! - one with no open square left means no completion below: the node is abandoned (this is
//!   the propagation: a dead end is seen as soon as any line is shut, not when the search
//!   reaches it);
//! - otherwise the search branches on the line with the fewest open squares (a row or a
//!   column: each completion has exactly one queen in every row and every column, so either
//!   splits the completions without counting one twice), so a forced square is taken at once
//!   and the tree stays narrow.
//!
//! Listing in lexicographic order instead branches on the first empty row, columns from left
//! to right ([`Order::Rows`]), with the same dead-end test.
//!
//! The search keeps its stack itself, so it can stop after any number of nodes and go on
//! later ([`Wide::advance`]): [`super::complete()`] takes turns between it and min-conflicts.

use super::search::{in_nodes, Order, Report, Search, Step};
use crate::board::Board;
use crate::memory::{try_filled, OutOfMemory};

/// A line of the board: a row or a column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Line {
    Row(usize),
    Col(usize),
}

/// One level of the search: the line branched on, the queen of the branch being searched.
#[derive(Clone, Copy, Debug)]
struct Frame {
    line: Line,
    placed: Option<(usize, usize)>,
    /// The open squares of the line when it was chosen: the level's branches.
    branches: u32,
}

/// A depth-first search for the completions of a board; see the [module docs](self).
#[derive(Clone, Debug)]
pub struct Wide {
    n: usize,
    /// Words in a set of `n` bits.
    w: usize,
    order: Order,
    rows_free: Vec<u64>,
    cols_free: Vec<u64>,
    /// Anti-diagonals `r + c` taken.
    up: Vec<u64>,
    /// Diagonals `c - r + n - 1` taken: row `r`'s window starts at bit `n - 1 - r`.
    down_by_row: Vec<u64>,
    /// The same diagonals numbered `r - c + n - 1`: column `c`'s window starts at `n - 1 - c`.
    down_by_col: Vec<u64>,
    /// Reserved squares by row (`w` words a row) and by column; empty when none are.
    reserved_by_row: Vec<u64>,
    reserved_by_col: Vec<u64>,
    /// The column of each row's queen, `u32::MAX` for none yet.
    queens: Vec<u32>,
    /// Rows still without a queen.
    left: usize,
    frames: Vec<Frame>,
    /// The open squares of each frame's line not yet tried, `w` words a frame.
    open: Vec<u64>,
    /// Whether the next step descends into the current state (else it backtracks).
    descend: bool,
    done: bool,
    /// Nodes visited so far.
    nodes: u64,
    /// The work of a node in the portfolio's units ([`Search::unit_work`]).
    node_work: u64,
}

/// The `i`-th word of the `len`-bit window of `bits` starting at bit `start`.
#[inline(always)]
fn window(bits: &[u64], start: usize, i: usize) -> u64 {
    let (k, s) = (start / 64 + i, start % 64);
    if s == 0 {
        bits[k]
    } else {
        bits[k] >> s | bits[k + 1] << (64 - s)
    }
}

#[inline(always)]
fn set(bits: &mut [u64], i: usize) {
    bits[i / 64] |= 1 << (i % 64);
}

#[inline(always)]
fn clear(bits: &mut [u64], i: usize) {
    bits[i / 64] &= !(1 << (i % 64));
}

impl Wide {
    /// A search for the completions of `board`, branching as `order` says.
    ///
    /// # Constraints
    ///
    /// The board's placed queens do not attack each other (as [`Board`] ensures).
    ///
    /// # Errors
    ///
    /// [`OutOfMemory`] if its bit sets cannot be had: about n²/4 bytes with reserved squares
    /// (n²/32 without), plus n²/8 for the stack at its deepest.
    ///
    /// # Complexity
    ///
    /// O(n²/64 + q) to set up, for q placed queens.
    ///
    /// (Its example is the unit test `examples::wide_search` at the bottom of this file.)
    pub fn new(board: &Board, order: Order) -> Result<Wide, OutOfMemory> {
        let n = board.size();
        let w = n.div_ceil(64);
        let diagonals = (2 * n).div_ceil(64) + 2;
        let mut all = try_filled(w, !0u64, "the rows of the search")?;
        if !n.is_multiple_of(64) {
            all[w - 1] = (1 << (n % 64)) - 1;
        }
        let (mut reserved_by_row, mut reserved_by_col) = (Vec::new(), Vec::new());
        if board.has_reserved() {
            reserved_by_row = try_filled(n * w, 0u64, "the reserved squares")?;
            reserved_by_col = try_filled(n * w, 0u64, "the reserved squares")?;
            for row in 0..n {
                let words = board.reserved_row(row);
                reserved_by_row[row * w..(row + 1) * w].copy_from_slice(words);
                for col in 0..n {
                    if words[col / 64] >> (col % 64) & 1 == 1 {
                        set(&mut reserved_by_col[col * w..], row);
                    }
                }
            }
        }
        let mut search = Wide {
            n,
            w,
            order,
            rows_free: all.clone(),
            cols_free: all,
            up: try_filled(diagonals, 0, "the diagonals of the search")?,
            down_by_row: try_filled(diagonals, 0, "the diagonals of the search")?,
            down_by_col: try_filled(diagonals, 0, "the diagonals of the search")?,
            reserved_by_row,
            reserved_by_col,
            queens: try_filled(n, u32::MAX, "the queens of the search")?,
            left: n,
            frames: Vec::new(),
            open: Vec::new(),
            descend: true,
            done: false,
            nodes: 0,
            node_work: 0,
        };
        for &(row, col) in board.queens() {
            search.place(row as usize, col as usize);
        }
        search.node_work = 2 * search.left as u64 * w as u64 + 1;
        Ok(search)
    }

    fn place(&mut self, row: usize, col: usize) {
        let n = self.n;
        clear(&mut self.rows_free, row);
        clear(&mut self.cols_free, col);
        set(&mut self.up, row + col);
        set(&mut self.down_by_row, col + n - 1 - row);
        set(&mut self.down_by_col, row + n - 1 - col);
        self.queens[row] = col as u32;
        self.left -= 1;
    }

    fn remove(&mut self, row: usize, col: usize) {
        let n = self.n;
        set(&mut self.rows_free, row);
        set(&mut self.cols_free, col);
        clear(&mut self.up, row + col);
        clear(&mut self.down_by_row, col + n - 1 - row);
        clear(&mut self.down_by_col, row + n - 1 - col);
        self.queens[row] = u32::MAX;
        self.left += 1;
    }

    /// Word `i` of the squares still open to `line`.
    #[inline(always)]
    fn open_word(&self, line: Line, i: usize) -> u64 {
        let n = self.n;
        // A row's squares are columns, a column's are rows; the diagonal windows start at
        // the line's index (anti-diagonals) and at n - 1 - index (diagonals).
        let (index, free, down, reserved) = match line {
            Line::Row(r) => (r, &self.cols_free, &self.down_by_row, &self.reserved_by_row),
            Line::Col(c) => (c, &self.rows_free, &self.down_by_col, &self.reserved_by_col),
        };
        let (up, start) = (index, n - 1 - index);
        let mut word = free[i] & !window(&self.up, up, i) & !window(down, start, i);
        if !reserved.is_empty() {
            word &= !reserved[index * self.w + i];
        }
        word
    }

    /// The number of squares open to `line`, counted only up to `enough`.
    fn open_count(&self, line: Line, enough: u32) -> u32 {
        let mut count = 0;
        for i in 0..self.w {
            count += self.open_word(line, i).count_ones();
            if count >= enough {
                break;
            }
        }
        count
    }

    /// The line to branch on, or `None` if some empty line has no open square.
    fn choose(&self) -> Option<Line> {
        let mut best: Option<(u32, Line)> = None;
        for (free, make) in [
            (&self.rows_free, Line::Row as fn(usize) -> Line),
            (&self.cols_free, Line::Col as fn(usize) -> Line),
        ] {
            for (k, &word) in free.iter().enumerate() {
                let mut word = word;
                while word != 0 {
                    let line = make(k * 64 + word.trailing_zeros() as usize);
                    word &= word - 1;
                    let enough = match (self.order, best) {
                        (Order::FewestOpen, Some((count, _))) => count,
                        _ => 1,
                    };
                    let count = self.open_count(line, enough);
                    if count == 0 {
                        return None;
                    }
                    if best.is_none_or(|(b, _)| count < b) {
                        best = Some((count, line));
                    }
                }
            }
        }
        match self.order {
            Order::FewestOpen => best.map(|(_, line)| line),
            Order::Rows => Some(Line::Row(self.queens.iter().position(|&c| c == u32::MAX)?)),
        }
    }

    /// Searches on for at most `budget` more nodes (taken from it), to the next completion.
    ///
    /// # Complexity
    ///
    /// O(n · n/64) per node: every empty row and column is looked at.
    pub fn advance(&mut self, budget: &mut u64) -> Step {
        loop {
            if self.done {
                return Step::Exhausted;
            }
            if self.descend {
                if *budget == 0 {
                    return Step::Paused;
                }
                *budget -= 1;
                self.nodes += 1;
                self.descend = false;
                if self.left == 0 {
                    return Step::Found;
                }
                if let Some(line) = self.choose() {
                    let start = self.open.len();
                    for i in 0..self.w {
                        let word = self.open_word(line, i);
                        self.open.push(word);
                    }
                    debug_assert!(self.open[start..].iter().any(|&w| w != 0));
                    let branches = self.open[start..].iter().map(|w| w.count_ones()).sum();
                    self.frames.push(Frame {
                        line,
                        placed: None,
                        branches,
                    });
                }
                continue;
            }
            // Backtrack: the next open square of the deepest frame, or up a level.
            let Some(&frame) = self.frames.last() else {
                self.done = true;
                continue;
            };
            if let Some((row, col)) = frame.placed {
                self.remove(row, col);
            }
            let depth = self.frames.len() - 1;
            let open = &mut self.open[depth * self.w..];
            match open.iter().position(|&word| word != 0) {
                Some(k) => {
                    let bit = k * 64 + open[k].trailing_zeros() as usize;
                    open[k] &= open[k] - 1;
                    let (row, col) = match frame.line {
                        Line::Row(r) => (r, bit),
                        Line::Col(c) => (bit, c),
                    };
                    self.place(row, col);
                    self.frames[depth].placed = Some((row, col));
                    self.descend = true;
                }
                None => {
                    self.frames.pop();
                    self.open.truncate(depth * self.w);
                }
            }
        }
    }

    /// The completion [`Wide::advance`] found last: the 0-based column of each row's queen.
    pub fn placement(&self) -> &[u32] {
        &self.queens
    }

    /// The nodes visited so far.
    #[cfg(test)]
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The share of the search tree behind it, each branch of a level counted as an equal
    /// share of its parent (Knuth's estimate): 0 at the start, 1 when exhausted.
    ///
    /// # Complexity
    ///
    /// O(depth · n/64).
    pub fn progress(&self) -> f64 {
        if self.done {
            return 1.0;
        }
        super::search::progress(self.frames.iter().enumerate().map(|(d, frame)| {
            let left: u32 = self.open[d * self.w..(d + 1) * self.w]
                .iter()
                .map(|w| w.count_ones())
                .sum();
            (frame.branches - left, frame.branches)
        }))
    }
}

impl Search for Wide {
    /// A node reads every free row's and column's words: 2m · n/64, and one.
    fn unit_work(&self) -> u64 {
        self.node_work
    }

    fn advance(&mut self, work: u64) -> (Result<Step, OutOfMemory>, u64) {
        in_nodes(work, self.node_work, |nodes| Wide::advance(self, nodes))
    }

    fn placement(&self) -> &[u32] {
        Wide::placement(self)
    }

    fn progress(&self) -> Option<f64> {
        Some(Wide::progress(self))
    }

    fn report(&self, report: &mut Report) {
        report.closed = report.closed.max(Wide::progress(self));
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod examples {
    //! The examples of this private module's docs, run as unit tests.

    #[test]
    fn wide_search() {
        use crate::place::complete::search::{Order, Step};
        use crate::place::complete::wide::Wide;

        // Four queens, one in the top left corner: no completion.
        let board = crate::read::board(&b"Q...\n....\n....\n....\n"[..]).unwrap();
        let mut search = Wide::new(&board, Order::FewestOpen).unwrap();
        assert_eq!(search.advance(&mut u64::MAX.clone()), Step::Exhausted);
    }
}
