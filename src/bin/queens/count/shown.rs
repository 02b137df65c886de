//! What `queens count` prints: the number, the classes, or a JSON object.

use super::args::CountArgs;
use nqueens::count::{Counts, Problem};

/// A count as `count` prints it: the number, or with `--json` an object.
pub fn shown(
    args: &CountArgs,
    problem: &Problem<'_>,
    part: Option<(u64, u64)>,
    count: u128,
) -> String {
    match args.json {
        true => json_of(args, problem, part, &count.to_string()).finish(),
        false => count.to_string(),
    }
}

/// The fields every JSON count has: what was counted, how, and the count.
pub fn json_of(
    args: &CountArgs,
    problem: &Problem<'_>,
    part: Option<(u64, u64)>,
    count: &str,
) -> crate::json::Object {
    json_fields(args, problem, part).string("count", count)
}

/// What was counted and how, the first fields of a count's or an estimate's JSON.
pub fn json_fields(
    args: &CountArgs,
    problem: &Problem<'_>,
    part: Option<(u64, u64)>,
) -> crate::json::Object {
    let object = crate::json::Object::new()
        .number("n", problem.n)
        .string("ask", problem.ask.name())
        .string("algo", args.algo.name())
        .boolean("board", problem.board.is_some());
    match part {
        Some((k, m)) => object.number("part", k).number("parts", m),
        None => object.null("part").null("parts"),
    }
}

/// What `--classes` prints: the classes of each size, and the total they make.
pub fn classes(n: u32, counts: &Counts) -> String {
    if n == 1 {
        return format!(
            "classes of 1 (every symmetry): {}\nclasses: {}; placements: {}",
            counts.quarter_turn, counts.unique, counts.total
        );
    }
    let (eight, four, two) = (counts.asymmetric(), counts.half_turn, counts.quarter_turn);
    format!(
        "classes of 8 (no symmetry): {}\nclasses of 4 (fixed by the half turn): {}\n\
         classes of 2 (fixed by the quarter turn): {}\n\
         classes: {}; placements: {} × 8 + {} × 4 + {} × 2 = {}",
        eight, four, two, counts.unique, eight, four, two, counts.total
    )
}
