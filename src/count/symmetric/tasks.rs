//! The symmetric search's tasks: where each search starts (Takaken's rules for the first
//! queens), cut into sub-problems for threads and parts.

use super::counts::Counts;
use super::symmetry::class_size_if_smallest;
use crate::board::Board;
use crate::count::run::{checkpoint::Fnv, Unit};
use crate::judge::{columns, MAX_N};

/// Where the search starts, which decides its rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Start {
    /// A queen in the top-left corner, and the queen of row 1 in column `c1`.
    Corner { c1: usize },
    /// No queen in a corner; the top queen in column `b1`, the smallest edge distance.
    Edge { b1: usize },
    /// No symmetry: boards with reserved squares, where none holds, and n < 4, too small for
    /// the rules above. Every placement counts once; with `check`, only the smallest of each
    /// class counts, weighted by the size of its class.
    Plain { check: bool },
}

/// A sub-problem: the queens of rows `0..y` placed (their columns in
/// `q`) and the columns their attacks take in row `y`.
#[derive(Clone, Copy)]
pub(super) struct Task {
    pub(super) start: Start,
    pub(super) y: usize,
    pub(super) left: u32,
    pub(super) down: u32,
    pub(super) right: u32,
    pub(super) q: [u8; MAX_N as usize],
}

impl Task {
    /// The sub-problem with one more queen, in column `col` of row `y`.
    pub(super) fn place(&self, col: usize) -> Task {
        let bit = 1u32 << col;
        let mut next = *self;
        next.q[self.y] = col as u8;
        next.y += 1;
        next.left = (self.left | bit) << 1;
        next.down = self.down | bit;
        next.right = (self.right | bit) >> 1;
        next
    }
}

impl Unit for Task {
    /// The start (its kind and column) and the placed queens' columns: they determine the rest.
    fn identify(&self, hash: &mut Fnv) {
        match self.start {
            Start::Corner { c1 } => [0, c1 as u64],
            Start::Edge { b1 } => [1, b1 as u64],
            Start::Plain { check } => [2, u64::from(check)],
        }
        .into_iter()
        .for_each(|word| hash.word(word));
        hash.word(self.y as u64);
        self.q[..self.y]
            .iter()
            .for_each(|&c| hash.word(u64::from(c)));
    }
}

/// The rules of the search below one start: which columns each row may try.
pub(super) struct Rules {
    pub(super) n: usize,
    pub(super) mask: u32,
    pub(super) start: Start,
    /// Columns row `y` may not take: the side columns above `b1` and those nearer a corner
    /// than `b1` in the last row (Edge); column 1 above `c1` (Corner); reserved squares.
    pub(super) barred: [u32; MAX_N as usize],
    /// The side columns, both of which must be taken by row `sides_by` (Edge only).
    pub(super) sides: u32,
    pub(super) sides_by: usize,
}

impl Rules {
    pub(super) fn new(n: usize, start: Start, board: Option<&Board>) -> Rules {
        let sides = 1 | 1u32 << (n - 1);
        let mut barred = [0u32; MAX_N as usize];
        if let Some(board) = board {
            barred[..n].copy_from_slice(&board.barred_rows());
        }
        let mut sides_by = usize::MAX;
        match start {
            Start::Corner { c1 } => barred[..c1].iter_mut().for_each(|b| *b |= 1 << 1),
            Start::Edge { b1 } => {
                barred[..b1].iter_mut().for_each(|b| *b |= sides);
                sides_by = n - 1 - b1;
                let near_left = (1u32 << b1) - 1;
                barred[n - 1] |= near_left | (near_left << (n - b1));
            }
            Start::Plain { .. } => {}
        }
        Rules {
            n,
            mask: columns(n as u32),
            start,
            barred,
            sides,
            sides_by,
        }
    }

    /// The columns row `y` may try, given those its attackers leave `free` and the columns
    /// taken above, `down`.
    #[inline(always)]
    pub(super) fn allowed(&self, y: usize, free: u32, down: u32) -> u32 {
        let free = free & !self.barred[y & 31];
        if y == self.sides_by {
            let taken = down & self.sides;
            if taken == 0 {
                return 0; // both side columns still free, and only this row may take one
            }
            if taken != self.sides {
                return free & self.sides;
            }
        }
        free
    }

    /// The counts a complete placement `q` adds.
    #[inline]
    pub(super) fn leaf(&self, q: &[u8]) -> Counts {
        let weight = match self.start {
            Start::Corner { .. } => 8,
            Start::Edge { b1 } if !ties_edge_distance(q, b1) => 8,
            Start::Edge { .. } | Start::Plain { check: true } => class_size_if_smallest(q),
            Start::Plain { check: false } => {
                return Counts {
                    total: 1,
                    ..Counts::default()
                }
            }
        };
        Counts {
            total: u128::from(weight),
            unique: u128::from(weight > 0),
            half_turn: u128::from(weight == 4),
            quarter_turn: u128::from(weight == 2 || weight == 1),
        }
    }
}

/// Whether another edge queen of the placement `q` (with no queen in a corner) is as near a
/// corner as the top one, `b1`. If none is, every other image of `q` starts with a larger
/// column, so `q` is the smallest of its class and no symmetry fixes it.
#[inline]
pub(super) fn ties_edge_distance(q: &[u8], b1: usize) -> bool {
    let last = q.len() - 1;
    let near = |x: usize| x == b1 || last - x == b1;
    let (mut left, mut right) = (0, 0);
    for (row, &col) in q.iter().enumerate() {
        if col == 0 {
            left = row;
        } else if col as usize == last {
            right = row;
        }
    }
    near(q[last] as usize) || near(left) || near(right)
}

/// Every start of the search, in order: the corner ones by the second queen's column, then
/// the edge ones by the first queen's column; one plain start on a board or below n = 4.
pub(super) fn starts(n: usize, board: Option<&Board>) -> Vec<Task> {
    let empty = |start| Task {
        start,
        y: 0,
        left: 0,
        down: 0,
        right: 0,
        q: [0; MAX_N as usize],
    };
    let mut starts = Vec::new();
    if board.is_some() || n < 4 {
        starts.push(empty(Start::Plain {
            check: board.is_none(),
        }));
    } else {
        for c1 in 2..n {
            starts.push(empty(Start::Corner { c1 }).place(0).place(c1));
        }
        for b1 in (1..n).take_while(|&b1| b1 < n - 1 - b1) {
            starts.push(empty(Start::Edge { b1 }).place(b1));
        }
    }
    starts
}

/// Every start, expanded row by row to the sub-problems of [`split_row`].
pub(super) fn sub_problems(n: usize, board: Option<&Board>) -> Vec<Task> {
    let starts = starts(n, board);
    let row = split_row(n);
    let mut tasks = Vec::new();
    for task in starts {
        let rules = Rules::new(n, task.start, board);
        let mut stack = vec![task];
        while let Some(task) = stack.pop() {
            if task.y >= row {
                tasks.push(task);
                continue;
            }
            let free = rules.mask & !(task.left | task.down | task.right);
            let mut allowed = rules.allowed(task.y, free, task.down);
            let mut children = Vec::new();
            while allowed != 0 {
                children.push(task.place(allowed.trailing_zeros() as usize));
                allowed &= allowed - 1;
            }
            stack.extend(children.into_iter().rev());
        }
    }
    tasks
}

/// The row to which every start is expanded: deep enough for thousands of sub-problems on
/// large boards, and a function of n alone, so the list (and `part`) never depends on the
/// number of threads.
pub(super) fn split_row(n: usize) -> usize {
    4.min(n - 1)
}
