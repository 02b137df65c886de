//! When the clause-learning search restarts, and how it sets the squares it decides: two
//! modes, taken in turn.
//!
//! - **Focused**: a first restart after 64 conflicts, then one every 64 × Luby's sequence
//!   (1, 1, 2, 1, 1, 2, 4, ...), each decision set as the square was last (phase saving). Short runs that keep going back to the most active
//!   squares prove a board has no completion soonest.
//! - **Stable**: restarts 16 times further apart, each decision set as the square was in the
//!   deepest assignment without a conflict met since the last restart (its *target phase*:
//!   Biere and Fleury, "Chasing Target Phases", 2020). Long runs that hold on to the best
//!   partial placement found so far complete a board soonest.
//!
//! An alternating search starts focused for [`FIRST_MODE_CONFLICTS`] conflicts, then stable for as
//! many, then each pair of modes twice as long as the one before (CaDiCaL alternates so, by
//! its own measure of work); a focused search stays focused. Both run on conflicts, never on
//! the clock: the same board takes the same path on every machine.

use crate::place::complete::luby::luby;

/// The conflicts between two restarts of the focused mode: this many times Luby's sequence.
const FOCUSED_UNIT_CONFLICTS: u64 = 64;
/// The same for the stable mode.
const STABLE_UNIT_CONFLICTS: u64 = 1024;
/// The conflicts of the first focused mode and the first stable one.
const FIRST_MODE_CONFLICTS: u64 = 1000;

/// Which mode the search is in, and when it next restarts; see the [module docs](self).
#[derive(Clone, Debug)]
pub(super) struct Modes {
    stable: bool,
    /// Conflicts left before the mode changes.
    mode_left: u64,
    /// The length of the current pair of modes, in conflicts each.
    mode_length: u64,
    /// The restarts made in each mode (focused, stable): each keeps its place in Luby's
    /// sequence from one of its turns to the next.
    restarts: [u32; 2],
    /// Conflicts left before the next restart.
    until_restart: u64,
}

impl Modes {
    /// Focused for [`FIRST_MODE_CONFLICTS`] conflicts, then stable for as many, and so on.
    pub(super) fn alternating() -> Modes {
        Modes {
            mode_left: FIRST_MODE_CONFLICTS,
            ..Modes::focused()
        }
    }

    /// Focused for good.
    pub(super) fn focused() -> Modes {
        Modes {
            stable: false,
            mode_left: u64::MAX,
            mode_length: FIRST_MODE_CONFLICTS,
            restarts: [0; 2],
            until_restart: FOCUSED_UNIT_CONFLICTS,
        }
    }

    /// Whether the search is in its stable mode (decisions set by the target phase).
    pub(super) fn stable(&self) -> bool {
        self.stable
    }

    /// Counts a conflict; true when the search restarts now: its restart is due, or its
    /// mode has just changed.
    ///
    /// # Complexity
    ///
    /// O(log r) for the r-th restart of a mode (the term of Luby's sequence), O(1) otherwise.
    pub(super) fn conflict(&mut self) -> bool {
        self.mode_left -= 1;
        if self.mode_left == 0 {
            self.stable = !self.stable;
            if !self.stable {
                self.mode_length *= 2;
            }
            self.mode_left = self.mode_length;
            self.next_restart();
            return true;
        }
        self.until_restart -= 1;
        if self.until_restart == 0 {
            self.next_restart();
            return true;
        }
        false
    }

    fn next_restart(&mut self) {
        let mode = usize::from(self.stable);
        self.restarts[mode] += 1;
        let unit = if self.stable {
            STABLE_UNIT_CONFLICTS
        } else {
            FOCUSED_UNIT_CONFLICTS
        };
        self.until_restart = unit * luby(self.restarts[mode]);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The restarts and mode changes of the first `conflicts` conflicts, as the conflict
    /// numbers (from 1) at which each happened and whether the search was then stable.
    fn restarts(conflicts: u64) -> Vec<(u64, bool)> {
        let mut modes = Modes::alternating();
        let mut out = Vec::new();
        for k in 1..=conflicts {
            if modes.conflict() {
                out.push((k, modes.stable()));
            }
        }
        out
    }

    #[test]
    fn focused_restarts_follow_luby_until_the_first_change() {
        let first: Vec<u64> = restarts(FIRST_MODE_CONFLICTS - 1)
            .iter()
            .map(|r| r.0)
            .collect();
        // 64, then 64 · (1, 1, 2, 1, 1, 2, 4, 1, 1, 2): restarts after 64, 128, 192, 320, ...
        let mut expected = Vec::new();
        let mut at = 0;
        for term in [1, 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4] {
            at += FOCUSED_UNIT_CONFLICTS * term;
            if at < FIRST_MODE_CONFLICTS {
                expected.push(at);
            }
        }
        assert_eq!(first, expected);
    }

    #[test]
    fn a_focused_search_stays_focused() {
        let mut modes = Modes::focused();
        let mut restarts = 0;
        for _ in 0..100 * FIRST_MODE_CONFLICTS {
            restarts += u32::from(modes.conflict());
            assert!(!modes.stable());
        }
        // 64 · (1 + 1 + 2 + ... ): 100,000 conflicts hold a few hundred restarts.
        assert!((200..1000).contains(&restarts), "{restarts} restarts");
    }

    #[test]
    fn modes_alternate_each_pair_twice_as_long() {
        let changes: Vec<(u64, bool)> = {
            let mut modes = Modes::alternating();
            let mut was = modes.stable();
            let mut out = Vec::new();
            for k in 1..=15 * FIRST_MODE_CONFLICTS {
                modes.conflict();
                if modes.stable() != was {
                    was = modes.stable();
                    out.push((k, was));
                }
            }
            out
        };
        let f = FIRST_MODE_CONFLICTS;
        assert_eq!(
            changes,
            [
                (f, true),
                (2 * f, false),
                (4 * f, true),
                (6 * f, false),
                (10 * f, true),
                (14 * f, false)
            ]
        );
        // Each change is a restart, and the stable mode's restarts are far apart.
        let all = restarts(15 * f);
        assert!(changes.iter().all(|c| all.contains(c)));
        // The stable modes restart as each begins, then after 1024 · (1, 1, 2, 1, 1, 2, ...)
        // conflicts, Luby's sequence going on from one stable mode to the next: the first
        // (1000 long) has no room for a second restart, the second (2000) one after 1024,
        // the third (4000) after 1024 and 1024 more (the next term, 2, would pass its end).
        let stable: Vec<u64> = all.iter().filter(|r| r.1).map(|r| r.0).collect();
        assert_eq!(
            stable,
            [f, 4 * f, 4 * f + 1024, 10 * f, 10 * f + 1024, 10 * f + 2048]
        );
    }
}
