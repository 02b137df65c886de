//! Propagation: a queen placed shuts the other squares of its four lines (the "at most one"
//! of each line, native), and the clauses watching a literal made false find another to
//! watch or become unit or conflicting (two watched literals); and backtracking.

use super::*;

impl Learner {
    /// Propagates every literal of the trail not yet propagated: the lines of each queen
    /// placed, and the clauses watching each literal made false.
    pub(super) fn propagate(&mut self) -> Option<Conflict> {
        while self.head < self.trail.len() {
            let p = self.trail[self.head];
            self.head += 1;
            if p & 1 == 0 {
                let v = p >> 1;
                for k in 0..4 {
                    let (s, e) = self.line(self.var_lines[v as usize][k]);
                    self.work += (e - s) as u64;
                    for idx in s..e {
                        let u = self.line_vars[idx];
                        if u == v {
                            continue;
                        }
                        match self.value[2 * u as usize] {
                            TRUE => return Some(Conflict::Queens(v, u)),
                            FALSE => {}
                            _ => self.assign(2 * u + 1, Reason::Queen(v)),
                        }
                    }
                }
            }
            if let Some(conflict) = self.propagate_clauses(p ^ 1) {
                return Some(conflict);
            }
        }
        None
    }

    /// Visits the clauses watching `false_lit`, just made false.
    pub(super) fn propagate_clauses(&mut self, false_lit: Lit) -> Option<Conflict> {
        let mut watches = std::mem::take(&mut self.watches[false_lit as usize]);
        let (mut i, mut j) = (0, 0);
        let mut conflict = None;
        while i < watches.len() {
            let w = watches[i];
            i += 1;
            self.work += 1;
            if self.lit_value(w.blocker) == TRUE {
                watches[j] = w;
                j += 1;
                continue;
            }
            let c = w.clause as usize;
            if self.arena[c + 1] & DELETED != 0 {
                continue; // the watch goes with its clause
            }
            let len = self.arena[c] as usize;
            let lits = &mut self.arena[c + HEADER..c + HEADER + len];
            if lits[0] == false_lit {
                lits.swap(0, 1);
            }
            let first = lits[0];
            let keep = Watch {
                clause: w.clause,
                blocker: first,
            };
            if first != w.blocker && self.lit_value(first) == TRUE {
                watches[j] = keep;
                j += 1;
                continue;
            }
            let start = (self.arena[c + POS] as usize).min(len);
            let lits = &self.arena[c + HEADER..c + HEADER + len];
            let open = |k: &usize| self.lit_value(lits[*k]) != FALSE;
            let other = (start..len).find(open).or_else(|| (2..start).find(open));
            // What was read: up to the literal found, or the whole clause.
            let read = other.map_or(len, |k| {
                if k >= start {
                    k - start
                } else {
                    len - start + k - 2
                }
            });
            self.work += 1 + read as u64 / 4;
            if let Some(k) = other {
                self.arena[c + POS] = k as u32;
                let lits = &mut self.arena[c + HEADER..c + HEADER + len];
                lits.swap(1, k);
                let new = lits[1];
                self.watches[new as usize].push(keep);
                continue;
            }
            watches[j] = keep;
            j += 1;
            if self.lit_value(first) == FALSE {
                conflict = Some(Conflict::Clause(w.clause));
                while i < watches.len() {
                    watches[j] = watches[i];
                    i += 1;
                    j += 1;
                }
            } else {
                self.assign(first, Reason::Clause(w.clause));
            }
        }
        watches.truncate(j);
        self.watches[false_lit as usize] = watches;
        conflict
    }

    /// Undoes every level above `level`.
    pub(super) fn backtrack(&mut self, level: u32) {
        if self.decision_level() <= level {
            return;
        }
        let start = self.trail_lim[level as usize];
        for k in (start..self.trail.len()).rev() {
            let v = (self.trail[k] >> 1) as usize;
            self.phase[v] = self.value[2 * v] == TRUE;
            self.value[2 * v] = UNSET;
            self.value[2 * v + 1] = UNSET;
            self.heap.insert(v, &self.activity);
        }
        self.work += (self.trail.len() - start) as u64;
        self.trail.truncate(start);
        self.trail_lim.truncate(level as usize);
        self.head = start;
    }
}
