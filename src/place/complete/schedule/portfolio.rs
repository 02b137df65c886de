//! The portfolio of [`complete()`](super::super::complete): every method that fits a board
//! takes turns, and the diagonals' sums beside them.
//!
//! Each round the leader gets a whole turn ([`TURN_WORK`]); the clause-learning search and
//! the restarted tree search (the second opinions, which have no tree to measure) share
//! another ([`second_turns`]); every other method gets a thirty-second of one
//! ([`SIDE_SHARE`]); the sums get a whole turn, or a second opinion's when that is more. The
//! leader is the first tree search that fits in the order of [`Method::ALL`], unless another
//! is predicted to finish [`SWITCH`] times sooner ([`choose_leader`]); min-conflicts leads
//! only where no tree search fits, or the leader's tree is hopeless and no clause-learning
//! search takes part. Whenever the probes of the sums find diagonals needed or forbidden,
//! every search is told ([`Search::take_diagonals`]).

use super::{sums_turn, Entrant, Outcome};
use crate::board::Board;
use crate::clock::Clock;
use crate::memory::OutOfMemory;
use crate::place::complete::answer::{Completion, Proof};
use crate::place::complete::cdcl::Cdcl;
use crate::place::complete::compact::Compact;
use crate::place::complete::diagonal_sums::DiagonalSums;
use crate::place::complete::method::{Method, Options};
use crate::place::complete::restarts::Restarts;
use crate::place::complete::rows::Rows;
use crate::place::complete::search::{Diagonals, Order, Report, Search};
use crate::place::complete::wide::Wide;
use crate::place::min_conflicts::MinConflicts;

/// The work of a leader's turn: tens of microseconds.
const TURN_WORK: u64 = 1 << 16;

/// The share of a turn the methods other than the leader and the second opinions get.
const SIDE_SHARE: u64 = 32;

/// The leader's work (about a second) past which the second opinions may get more than a
/// turn between them ([`second_turns`]).
const LONG_LEAD_WORK: u64 = 1 << 30;

/// The most turns the second opinions get in a round, once the leader has worked
/// [`LONG_LEAD_WORK`] and predicts a tree far bigger than it has searched: sixteen, the
/// restarted search taking all but half a turn of them (docs/completion.md, "How the
/// portfolio decides").
const MOST_SECOND_TURNS: f64 = 16.0;

/// Rounds between two readings of the clock (each a few microseconds).
const ROUNDS_PER_CLOCK: u32 = 32;

/// The first method that fits a board ([`Method::ALL`]) leads unless another is predicted to
/// finish this many times sooner.
const SWITCH: f64 = 4.0;

/// A leader predicted to need more work than this still (about two minutes) and more than
/// [`HOPELESS_RATIO`] times its work so far gives the lead to min-conflicts.
const HOPELESS_WORK: f64 = 1e11;

/// See [`HOPELESS_WORK`].
const HOPELESS_RATIO: f64 = 64.0;

/// A method taking turns in the portfolio.
pub(crate) struct Member<'a> {
    method: Method,
    entrant: Entrant<dyn Search + 'a>,
}

/// Runs the portfolio on `board` until a method answers, or `options.give_up_after`; tells
/// `watch` how it is getting on each time it reads the clock.
///
/// # Errors
///
/// [`OutOfMemory`] if a method's arrays cannot be had, or the only method left starves.
pub(crate) fn run(
    board: &Board,
    options: &Options,
    watch: &mut dyn FnMut(&Report),
) -> Result<Completion, OutOfMemory> {
    let clock = Clock::start();
    let mut members = members(board, options)?;
    // The diagonals' sums take part unless one method is asked for.
    let mut sums = Entrant::new(Box::new(match options.only {
        None => DiagonalSums::guiding(board),
        Some(_) => DiagonalSums::none(),
    }));
    let exhaustive = members.iter().any(|m| m.method.is_exhaustive());
    let mut leader = 0;
    let mut second = (TURN_WORK, TURN_WORK);
    let mut rounds = 0u32;
    let mut starved = None;
    let mut found = Diagonals::default();
    loop {
        for (i, member) in members.iter_mut().enumerate() {
            let work = if i == leader {
                TURN_WORK
            } else if member.method == Method::Cdcl {
                second.0
            } else if member.method == Method::Restarts {
                second.1
            } else {
                TURN_WORK / SIDE_SHARE
            };
            match member.entrant.turn(work) {
                Outcome::Found(queens) => return Ok(Completion::Found(queens)),
                Outcome::Exhausted => return Ok(Completion::Impossible(Proof::Searched)),
                Outcome::Paused => {}
                Outcome::Starved(e) => starved = Some((i, e)),
            }
        }
        // A method short of memory leaves the others to go on; alone, it is the answer.
        if let Some((i, e)) = starved.take() {
            if members.len() == 1 {
                return Err(e);
            }
            members.remove(i);
        }
        if sums_turn(&mut sums, TURN_WORK.max(second.0).max(second.1)) {
            let condition = sums
                .search
                .condition()
                .expect("a refutation names its condition");
            return Ok(Completion::Impossible(Proof::DiagonalSums(condition)));
        }
        if let Some(now) = sums.search.diagonals_found().filter(|now| *now != found) {
            found = now;
            let narrowed = board.with_diagonals_reserved(found.forbidden);
            for member in &mut members {
                member.entrant.search.take_diagonals(&narrowed, &found);
            }
        }
        leader = choose_leader(&members);
        second = second_turns(&members, leader);
        rounds += 1;
        if rounds.is_multiple_of(ROUNDS_PER_CLOCK) {
            let mut report = Report::default();
            for member in &members {
                member.entrant.search.report(&mut report);
            }
            watch(&report);
            if options
                .give_up_after
                .is_some_and(|limit| clock.elapsed() >= limit)
            {
                return Ok(Completion::GaveUp { exhaustive });
            }
        }
    }
}

/// The methods that fit `board` (or only `options.only`), in the order of [`Method::ALL`].
fn members<'a>(board: &'a Board, options: &Options) -> Result<Vec<Member<'a>>, OutOfMemory> {
    let mut members = Vec::new();
    for method in Method::ALL {
        let asked = options
            .only
            .map_or(method.fits(board).is_ok(), |only| only == method);
        // The wide search repeats the compact one's choices at a greater cost a node: it
        // takes part only where that one cannot, unless asked for.
        let repeats = method == Method::Wide && Method::Compact.fits(board).is_ok();
        if !asked || (repeats && options.only.is_none()) {
            continue;
        }
        let fits = "fits the board";
        let search: Box<dyn Search + 'a> = match method {
            Method::Rows => Box::new(Rows::new(board)),
            Method::Compact => Box::new(Compact::new(board, Order::FewestOpen)?.expect(fits)),
            Method::Cdcl => Box::new(Cdcl::new(board)?.expect(fits)),
            Method::Restarts => Box::new(Restarts::new(board, options.seed)?.expect(fits)),
            Method::Wide => Box::new(Wide::new(board, Order::FewestOpen)?),
            Method::MinConflicts => Box::new(MinConflicts::new(board, options.seed)?),
        };
        members.push(Member {
            method,
            entrant: Entrant::new(search),
        });
    }
    Ok(members)
}

/// The member to lead the next round, as the [module docs](self) say.
fn choose_leader(members: &[Member]) -> usize {
    let local = members
        .iter()
        .position(|m| m.method == Method::MinConflicts);
    let remaining: Vec<f64> = members.iter().map(|m| m.entrant.remaining()).collect();
    let exhaustive = (0..members.len()).filter(|&i| Some(i) != local);
    let Some(best) = exhaustive.min_by(|&a, &b| remaining[a].total_cmp(&remaining[b])) else {
        return 0;
    };
    // The first member is the first exhaustive search that fits, if any does.
    let leader = if remaining[best] * SWITCH < remaining[0] {
        best
    } else {
        0
    };
    let hopeless = remaining[leader] > HOPELESS_WORK
        && remaining[leader] > HOPELESS_RATIO * members[leader].entrant.work as f64;
    match local {
        // Where the clause-learning search takes part (it has a whole turn already), a
        // hopeless tree is left to it rather than to min-conflicts.
        Some(local) if hopeless && !members.iter().any(|m| m.method == Method::Cdcl) => local,
        _ => leader,
    }
}

/// Whether `method` is a second opinion beside the leader: a search with no tree to measure
/// (the clause-learning search, the restarted tree search), which shares one turn.
fn is_second_opinion(method: Method) -> bool {
    matches!(method, Method::Cdcl | Method::Restarts)
}

/// The work of the second opinions' turns beside the leader `members[leader]`: (the
/// clause-learning search's, the restarted tree search's).
///
/// Together, a whole turn while the leader, a tree search, predicts about twice the work it
/// has done still to do, less as its prediction shrinks (down to a quarter at half its work
/// done: the prediction bounds the leader's own time to an answer either way, so the closer
/// it is, the less a second opinion is worth), shared equally, so a board the leader decides
/// costs at most about twice the leader's own time. Once the leader has worked
/// [`LONG_LEAD_WORK`], a prediction of more than twice its work still to do gives them more,
/// up to [`MOST_SECOND_TURNS`] at sixteen times as much: a tree that big will not be exhausted
/// within a minute, and what decides such a board is a completion found. The turns past the
/// first go to the restarted search alone.
fn second_turns(members: &[Member], leader: usize) -> (u64, u64) {
    let has = |method| {
        members
            .iter()
            .enumerate()
            .any(|(i, m)| i != leader && m.method == method)
    };
    let (cdcl, restarts) = (has(Method::Cdcl), has(Method::Restarts));
    let leader = &members[leader];
    let work = leader.entrant.work;
    let turns = if is_second_opinion(leader.method) || work == 0 {
        1.0
    } else {
        let ahead = leader.entrant.remaining() / (2.0 * work as f64);
        let most = if work > LONG_LEAD_WORK {
            MOST_SECOND_TURNS
        } else {
            1.0
        };
        ahead.clamp(0.25, most)
    };
    split_second_turns(turns, cdcl, restarts)
}

/// `turns` turns for the second opinions that take part, as (the clause-learning search's,
/// the restarted tree search's): the first turn halved between them, the rest to the
/// restarted search; all of them to either one alone.
fn split_second_turns(turns: f64, cdcl: bool, restarts: bool) -> (u64, u64) {
    let total = (TURN_WORK as f64 * turns) as u64;
    if cdcl && restarts {
        let half = total.min(TURN_WORK) / 2;
        (half, total - half)
    } else {
        (total, total)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_second_opinions_halve_one_turn_and_the_restarted_search_takes_the_rest() {
        for quarters in 1..=(4.0 * MOST_SECOND_TURNS) as u64 {
            let turns = quarters as f64 / 4.0;
            let (cdcl, restarts) = split_second_turns(turns, true, true);
            assert_eq!(cdcl + restarts, TURN_WORK * quarters / 4);
            assert_eq!(cdcl, TURN_WORK * quarters.min(4) / 8);
            assert!(restarts >= cdcl);
            // Either alone has them all.
            assert_eq!(
                split_second_turns(turns, true, false).0,
                TURN_WORK * quarters / 4
            );
            assert_eq!(
                split_second_turns(turns, false, true).1,
                TURN_WORK * quarters / 4
            );
        }
    }
}
