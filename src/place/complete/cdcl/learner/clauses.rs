//! The clauses: one arena of words ([`HEADER`]), clauses attached and watched, the learnt
//! ones reduced and the arena collected, clauses shared by the other learner of the pair
//! imported, and completions already given forbidden.

use super::*;

impl Learner {
    /// Adds a clause of the board (not learnt) at level 0, with no literal set but at level
    /// 0: a unit one is assigned at once. False if it is empty, or its unit is already false
    /// (no completion).
    pub(super) fn add_at_level_0(&mut self, mut lits: Vec<Lit>) -> bool {
        lits.retain(|&l| self.lit_value(l) != FALSE || self.level[(l >> 1) as usize] != 0);
        match lits.len() {
            0 => false,
            1 => match self.lit_value(lits[0]) {
                TRUE => true,
                FALSE => false,
                _ => {
                    self.assign(lits[0], Reason::Decision);
                    true
                }
            },
            _ => {
                self.attach(lits, false, 0);
                true
            }
        }
    }

    /// Room for the clause `lits` without growing a vector past what the process may have
    /// (the arena grows by doubling, fallibly, with headroom left after it; the two watch
    /// lists by one).
    pub(super) fn room_for(&mut self, lits: &[Lit]) -> Result<(), OutOfMemory> {
        let needed = HEADER + lits.len();
        let arena = &mut self.arena;
        if arena.capacity() - arena.len() < needed {
            let more = needed.max(arena.len());
            crate::memory::reserve(arena, more, "the learnt clauses")?;
        }
        for &l in lits.iter().take(2) {
            let list = &mut self.watches[l as usize];
            if list.len() == list.capacity() {
                crate::memory::reserve(list, list.len().max(4), "the learnt clauses")?;
            }
        }
        Ok(())
    }

    pub(super) fn attach(&mut self, lits: Vec<Lit>, learnt: bool, lbd: u32) -> u32 {
        let index = self.arena.len() as u32;
        self.watches[lits[0] as usize].push(Watch {
            clause: index,
            blocker: lits[1],
        });
        self.watches[lits[1] as usize].push(Watch {
            clause: index,
            blocker: lits[0],
        });
        if learnt {
            self.learnt += 1;
        }
        let flags = if learnt { LEARNT } else { 0 } | lbd.min(LBD);
        self.arena.extend_from_slice(&[lits.len() as u32, flags, 2]);
        self.arena.extend_from_slice(&lits);
        index
    }

    /// The literals of clause `c`.
    pub(super) fn lits(&self, c: u32) -> &[Lit] {
        let c = c as usize;
        &self.arena[c + HEADER..c + HEADER + self.arena[c] as usize]
    }

    /// Deletes the worse half of the learnt clauses (by their levels, the older first among
    /// equals), keeping glue clauses and those that are the reason of a literal set; then,
    /// if deleted clauses hold half the arena, copies the live ones to a new one. Short of
    /// memory (no room for the arena twice over, and some), it deletes all it may.
    pub(super) fn reduce(&mut self) {
        let mut candidates: Vec<(u32, u32)> = Vec::new();
        let mut c = 0;
        while c < self.arena.len() {
            let (len, flags) = (self.arena[c] as usize, self.arena[c + 1]);
            let live_learnt = flags & LEARNT != 0 && flags & DELETED == 0;
            if live_learnt && flags & LBD > GLUE {
                let first = self.arena[c + HEADER];
                let v = (first >> 1) as usize;
                let locked =
                    self.reason[v] == Reason::Clause(c as u32) && self.lit_value(first) == TRUE;
                if !locked {
                    candidates.push((flags & LBD, c as u32));
                }
            }
            c += HEADER + len;
        }
        // Worst first: most levels, then oldest.
        candidates.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let room = 2 * 4 * self.arena.len() + (4 << 20);
        let delete = if can_have(room) {
            candidates.len() / 2
        } else {
            candidates.len()
        };
        for &(_, c) in &candidates[..delete] {
            let c = c as usize;
            self.arena[c + 1] |= DELETED;
            self.wasted += HEADER + self.arena[c] as usize;
            self.learnt -= 1;
        }
        self.work += self.arena.len() as u64 / 4;
        self.reduce_at += REDUCE_GROWTH;
        if 2 * self.wasted > self.arena.len() || (delete > 0 && delete == candidates.len()) {
            self.collect();
        }
    }

    /// Copies the live clauses to a new arena, and watches and reasons with them.
    pub(super) fn collect(&mut self) {
        let mut arena = Vec::new();
        if crate::memory::reserve(&mut arena, self.arena.len() - self.wasted, "the clauses")
            .is_err()
        {
            // No room for a second arena: the deleted clauses stay in this one.
            return;
        }
        // (old offset, new offset) of each live clause, in order of both.
        let mut moved: Vec<(u32, u32)> = Vec::new();
        let mut c = 0;
        while c < self.arena.len() {
            let len = self.arena[c] as usize;
            if self.arena[c + 1] & DELETED == 0 {
                moved.push((c as u32, arena.len() as u32));
                arena.extend_from_slice(&self.arena[c..c + HEADER + len]);
            }
            c += HEADER + len;
        }
        for reason in &mut self.reason {
            if let Reason::Clause(old) = *reason {
                // A clause deleted is never the reason of a literal set: this one is stale.
                *reason = match moved.binary_search_by_key(&old, |m| m.0) {
                    Ok(k) => Reason::Clause(moved[k].1),
                    Err(_) => Reason::Decision,
                };
            }
        }
        self.arena = arena;
        self.wasted = 0;
        for list in &mut self.watches {
            list.clear();
        }
        for &(_, c) in &moved {
            let c = c as usize;
            let (a, b) = (self.arena[c + HEADER], self.arena[c + HEADER + 1]);
            self.watches[a as usize].push(Watch {
                clause: c as u32,
                blocker: b,
            });
            self.watches[b as usize].push(Watch {
                clause: c as u32,
                blocker: a,
            });
        }
        self.work += self.arena.len() as u64;
    }

    /// Adds the clauses the other search learnt, at level 0 (just after a restart), as the
    /// board's own: they follow from the same board and the same completions forbidden.
    pub(super) fn import(&mut self) {
        for lits in std::mem::take(&mut self.imported) {
            self.work += lits.len() as u64;
            self.adopted += 1;
            if !self.add_at_level_0(lits) {
                self.done = true;
                return;
            }
        }
    }

    /// Forbids the completion `queens` (the column of each row's queen), found by another
    /// search of the same board, as [`Learner::block_found`] does its own: this search goes
    /// on to the others.
    ///
    /// # Complexity
    ///
    /// O(m²) for m free rows, and a restart.
    pub(crate) fn forbid(&mut self, queens: &[u32]) {
        if self.found {
            // Its own completion, not yet forbidden, is read from the assignment.
            self.found = false;
            self.block_found();
        }
        let lits: Vec<Lit> = (0..self.square.len() as u32)
            .filter(|&v| {
                let (r, c) = self.square[v as usize];
                queens[r as usize] == c
            })
            .map(|v| 2 * v + 1)
            .collect();
        self.backtrack(0);
        if !self.add_at_level_0(lits) {
            self.done = true;
        }
    }

    /// Forbids the completion just found (a clause of its queens' negations), so that the
    /// search goes on to the next.
    pub(super) fn block_found(&mut self) {
        let lits: Vec<Lit> = (0..self.square.len() as u32)
            .filter(|&v| self.value[2 * v as usize] == TRUE)
            .map(|v| 2 * v + 1)
            .collect();
        self.backtrack(0);
        if !self.add_at_level_0(lits) {
            self.done = true;
        }
    }
}
