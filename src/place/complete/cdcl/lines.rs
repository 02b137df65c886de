//! The board turned into the search's lines: every open square of a free row a variable, and
//! each row, column and diagonal the list of its variables (at most one queen on each, exactly
//! one on each free row and column).

use crate::board::Board;

/// The lines of a board's open squares.
pub(super) struct Lines {
    /// The open squares `(row, column)`, one a variable.
    pub(super) square: Vec<(u32, u32)>,
    /// Where each line's variables start in `line_vars` (one more entry than lines).
    pub(super) line_start: Vec<u32>,
    pub(super) line_vars: Vec<u32>,
    /// Each variable's four lines: its row, column, sum and difference diagonals.
    pub(super) var_lines: Vec<[u32; 4]>,
    /// The lines that take exactly one queen: the free rows and columns.
    pub(super) exactly_one: Vec<u32>,
    /// Whether every free row and column has an open square (if not, no completion).
    pub(super) covered: bool,
}

impl Lines {
    /// The lines of `board`'s open squares, whose placed queens stand at `queens` (`u32::MAX`
    /// on a free row) and take the columns and diagonals `taken` (columns, sums, differences).
    ///
    /// # Complexity
    ///
    /// O(m² log m) for m free rows.
    pub(super) fn of(board: &Board, queens: &[u32], taken: (&[bool], &[bool], &[bool])) -> Lines {
        let n = board.size();
        let (col_taken, up, down) = taken;
        let rows: Vec<usize> = (0..n).filter(|&r| queens[r] == u32::MAX).collect();
        let cols: Vec<usize> = (0..n).filter(|&c| !col_taken[c]).collect();
        let mut square = Vec::new();
        for &r in &rows {
            for &c in &cols {
                if !up[r + c] && !down[r + n - 1 - c] && !board.is_reserved(r, c) {
                    square.push((r as u32, c as u32));
                }
            }
        }
        // Lines by key: (kind, index), kinds row, column, sum and difference diagonals. A
        // free row or column without an open square is still a line: an empty clause.
        let mut keyed: Vec<(u8, u32, u32)> = Vec::with_capacity(4 * square.len());
        for (v, &(r, c)) in square.iter().enumerate() {
            let v = v as u32;
            keyed.push((0, r, v));
            keyed.push((1, c, v));
            keyed.push((2, r + c, v));
            keyed.push((3, r + n as u32 - 1 - c, v));
        }
        keyed.sort_unstable();
        let mut line_start = vec![0u32];
        let mut line_vars = Vec::with_capacity(keyed.len());
        let mut var_lines = vec![[0u32; 4]; square.len()];
        let mut exactly_one: Vec<u32> = Vec::new();
        let mut covered_rows = vec![false; rows.len()];
        let mut covered_cols = vec![false; cols.len()];
        let mut i = 0;
        while i < keyed.len() {
            let (kind, index) = (keyed[i].0, keyed[i].1);
            let line = (line_start.len() - 1) as u32;
            while i < keyed.len() && (keyed[i].0, keyed[i].1) == (kind, index) {
                let v = keyed[i].2;
                line_vars.push(v);
                var_lines[v as usize][kind as usize] = line;
                i += 1;
            }
            line_start.push(line_vars.len() as u32);
            if kind < 2 {
                exactly_one.push(line);
                let (list, covered) = if kind == 0 {
                    (&rows, &mut covered_rows)
                } else {
                    (&cols, &mut covered_cols)
                };
                if let Ok(k) = list.binary_search(&(index as usize)) {
                    covered[k] = true;
                }
            }
        }
        Lines {
            square,
            line_start,
            line_vars,
            var_lines,
            exactly_one,
            covered: !covered_rows.contains(&false) && !covered_cols.contains(&false),
        }
    }
}
