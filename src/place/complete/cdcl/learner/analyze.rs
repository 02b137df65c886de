//! Conflict analysis: a conflict traced back to its first unique implication point, the
//! clause learnt from it shrunk and minimized, the activity of its squares bumped (VSIDS),
//! and its decision levels counted (its LBD).

use super::*;

impl Learner {
    /// The literals of the reason of variable `v` other than its own (each false).
    pub(super) fn antecedents(&self, v: u32, out: &mut Vec<Lit>) {
        out.clear();
        match self.reason[v as usize] {
            Reason::Decision => {}
            Reason::Queen(q) => out.push(2 * q + 1),
            Reason::Clause(c) => out.extend(self.lits(c).iter().copied().filter(|&l| l >> 1 != v)),
        }
    }

    /// The clause learnt from `conflict` (its asserting literal first, a literal of the
    /// level to jump back to second), and that level.
    pub(super) fn analyze(&mut self, conflict: Conflict) -> (Vec<Lit>, u32) {
        let mut learnt: Vec<Lit> = vec![0];
        // The literals of the reason at hand, in a buffer kept from one conflict to the next.
        let mut reason = std::mem::take(&mut self.reason_buffer);
        reason.clear();
        match conflict {
            Conflict::Queens(a, b) => reason.extend_from_slice(&[2 * a + 1, 2 * b + 1]),
            Conflict::Clause(c) => reason.extend_from_slice(self.lits(c)),
        }
        let current = self.decision_level();
        let mut open = 0;
        let mut index = self.trail.len();
        let asserting = loop {
            for &q in &reason {
                let v = (q >> 1) as usize;
                if !self.seen[v] && self.level[v] > 0 {
                    self.seen[v] = true;
                    self.bump_var(v);
                    if self.level[v] >= current {
                        open += 1;
                    } else {
                        learnt.push(q);
                    }
                }
            }
            self.work += reason.len() as u64;
            loop {
                index -= 1;
                self.work += 1;
                if self.seen[(self.trail[index] >> 1) as usize] {
                    break;
                }
            }
            let p = self.trail[index];
            self.seen[(p >> 1) as usize] = false;
            open -= 1;
            if open == 0 {
                break p;
            }
            self.antecedents(p >> 1, &mut reason);
        };
        learnt[0] = asserting ^ 1;
        for &q in &learnt[1..] {
            self.seen[(q >> 1) as usize] = false;
        }
        let learnt = self.shrink(learnt);
        let mut kept = self.minimize(learnt, &mut reason);
        self.reason_buffer = reason;
        let mut back = 0;
        if kept.len() > 1 {
            let deepest = (1..kept.len())
                .max_by_key(|&k| self.level[(kept[k] >> 1) as usize])
                .unwrap_or(1);
            kept.swap(1, deepest);
            back = self.level[(kept[1] >> 1) as usize];
        }
        (kept, back)
    }

    /// The first-UIP clause `learnt` (asserting literal first) with each literal of a lower
    /// level that is a square shut by a queen replaced by that queen's negation, once: the
    /// queen shuts the square, so the clause with the queen in the square's place follows
    /// from it by one resolution (with "not both"), and the many squares a few queens shut
    /// become those few queens. It is one step of the shrinking of Fleury and Biere
    /// ("Efficient All-UIP Learned Clause Minimization", SAT 2021), taken for the reason most
    /// literals of this problem's clauses have: a learnt clause falls to a fraction of its
    /// literals, and the search makes more conflicts a second (docs/completion.md, "The
    /// clause-learning search").
    ///
    /// Marks the variables of the clause it returns as seen, and bumps the activity of each
    /// queen brought in (without that, it completes fewer boards, and later). The levels do not change: a square is shut at the level
    /// its queen is placed.
    pub(super) fn shrink(&mut self, learnt: Vec<Lit>) -> Vec<Lit> {
        let mut shrunk = Vec::with_capacity(learnt.len());
        shrunk.push(learnt[0]);
        for &q in &learnt[1..] {
            let lit = match self.reason[(q >> 1) as usize] {
                Reason::Queen(queen) => 2 * queen + 1,
                _ => q,
            };
            let v = (lit >> 1) as usize;
            if !self.seen[v] {
                self.seen[v] = true;
                if lit != q {
                    // The queen now stands in the clause: its activity grows as its
                    // squares' did, and the decisions turn to it.
                    self.bump_var(v);
                }
                shrunk.push(lit);
            }
        }
        self.work += learnt.len() as u64;
        shrunk
    }

    /// `learnt` (its variables but the first seen) without the literals implied by the
    /// others: a literal whose reason's literals are each in the clause, or implied in turn
    /// (MiniSat's recursive minimization, walked depth first, pruned at a literal of a level
    /// the clause does not have). Leaves nothing seen.
    pub(super) fn minimize(&mut self, learnt: Vec<Lit>, buffer: &mut Vec<Lit>) -> Vec<Lit> {
        let mut levels = 0u64;
        for &q in &learnt[1..] {
            levels |= 1 << (self.level[(q >> 1) as usize] & 63);
        }
        let mut kept = vec![learnt[0]];
        // The variables found implied on the way, seen until the end.
        let mut implied = Vec::new();
        for &q in &learnt[1..] {
            let v = q >> 1;
            if self.reason[v as usize] == Reason::Decision
                || !self.implied(v, levels, buffer, &mut implied)
            {
                kept.push(q);
            }
        }
        for v in learnt[1..].iter().map(|&q| q >> 1).chain(implied) {
            self.seen[v as usize] = false;
        }
        kept
    }

    /// Whether variable `v`'s literal follows from the seen ones: every literal of its
    /// reason is seen or (not a decision, and of a level among `levels`) follows in turn.
    /// The variables it proves so are marked seen and added to `implied`; a walk that fails
    /// unmarks what it marked.
    pub(super) fn implied(
        &mut self,
        v: u32,
        levels: u64,
        buffer: &mut Vec<Lit>,
        implied: &mut Vec<u32>,
    ) -> bool {
        let top = implied.len();
        let mut stack = vec![v];
        while let Some(x) = stack.pop() {
            self.antecedents(x, buffer);
            self.work += buffer.len() as u64;
            for &a in buffer.iter() {
                let u = a >> 1;
                let level = self.level[u as usize];
                if self.seen[u as usize] || level == 0 {
                    continue;
                }
                let may_follow = self.reason[u as usize] != Reason::Decision;
                if may_follow && levels & (1 << (level & 63)) != 0 {
                    self.seen[u as usize] = true;
                    stack.push(u);
                    implied.push(u);
                } else {
                    for &w in &implied[top..] {
                        self.seen[w as usize] = false;
                    }
                    implied.truncate(top);
                    return false;
                }
            }
        }
        true
    }

    pub(super) fn bump_var(&mut self, v: usize) {
        self.activity[v] += self.bump;
        if self.activity[v] > 1e100 {
            for a in &mut self.activity {
                *a *= 1e-100;
            }
            self.bump *= 1e-100;
        }
        self.heap.raised(v, &self.activity);
    }

    /// The distinct decision levels among `lits` (called once a conflict, after
    /// [`Learner::conflicts`] has counted it).
    pub(super) fn lbd(&mut self, lits: &[Lit]) -> u32 {
        let mut levels = 0;
        for &l in lits {
            let level = self.level[(l >> 1) as usize] as usize;
            if self.level_seen[level] != self.conflicts {
                self.level_seen[level] = self.conflicts;
                levels += 1;
            }
        }
        levels
    }
}
