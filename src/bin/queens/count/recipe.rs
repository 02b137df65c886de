//! The commands a plan prints: what counts exactly what was estimated, on a cluster or one
//! machine, and the rounds a task takes under common time limits.

use super::args::CountArgs;
use nqueens::count::{Algo, Ask, Problem};

/// The commands that count exactly what was estimated in `m` parts on tasks of `threads`
/// threads, and the names of the files they make: the Slurm recipe for a plain board (with
/// `QUEENS_ARGS` for `--unique` or `--algo symmetric`), the commands themselves for a board
/// with reserved squares or placed queens (the recipes name their files by N and ask alone).
pub(super) fn recipe(
    problem: &Problem<'_>,
    args: &CountArgs,
    (m, threads): (u64, u64),
    core_seconds: f64,
) -> String {
    let n = problem.n;
    let files = nqueens::count::checkpoint::Header::part_files(problem, m);
    let mut flags = Vec::new();
    if problem.ask == Ask::Unique {
        flags.push("--unique".to_string());
    }
    if args.algo == Algo::Symmetric {
        flags.push("--algo symmetric".to_string());
    }
    let ask = match problem.ask {
        Ask::Total => "--total",
        Ask::Unique => "--unique",
    };
    if args.given.any() {
        let mut board = Vec::new();
        if let Some(file) = &args.given.board {
            board.push(format!("--board {}", shell_word(file)));
        }
        for file in &args.given.files {
            board.push(format!("--queens {}", shell_word(file)));
        }
        for (row, col) in &args.given.queens {
            board.push(format!("--queen {},{}", row, col));
        }
        let board = board.join(" ");
        let flags: String = flags.iter().map(|f| format!(" {}", f)).collect();
        return format!(
            "  the recipes count the plain board: count this board's parts with (the board's files where every node reads them)\n  \
             queens count {n}{flags} {board} --threads {t} --part K/{m} --checkpoint-dir DIR     (K = 1 to {m}, or ranges A-B/{m})\n  \
             find DIR -name '{files}' | queens merge --n {n} --parts {m} {ask} {board} --files-from -\n",
            n = n,
            flags = flags,
            board = board,
            t = threads,
            m = m,
            files = files,
            ask = ask
        );
    }
    let env = match flags.is_empty() {
        true => String::new(),
        false => format!("QUEENS_ARGS='{}' ", flags.join(" ")),
    };
    format!(
        "  CORE_SECONDS={core:.0} {env}scripts/slurm/submit {n} {m} DIR --cpus-per-task={t} --time=LIMIT     (tasks sized by this estimate and LIMIT; each stops cleanly before LIMIT, and a keeper job counts what is left in rounds, then merges: no other command; docs/campaign.md)\n  \
         find DIR -name '{files}' | queens merge --status --files-from -     (watch)\n  \
         on one machine: {alone}     (run it again after a stop: it resumes)\n",
        core = core_seconds.max(1.0),
        alone = match flags.is_empty() {
            true => format!("scripts/parallel-count {} {} DIR", n, m),
            false => format!(
                "queens count {} {} --threads {} --checkpoint FILE",
                n,
                flags.join(" "),
                nqueens::count::cores()
            ),
        },
        env = env,
        n = n,
        m = m,
        t = threads,
        files = files
    )
}

/// The rounds a task of `seconds` takes under the time limits sites often set (24 and 72
/// hours), as `scripts/slurm/submit` runs it: each stops two minutes before its limit (and
/// the task is sized to 90% of it), and the keeper's next round goes on; nothing when one
/// round of a day does.
pub(super) fn rounds(seconds: f64) -> String {
    let of = |hours: f64| (seconds / (hours * 3600.0 * 0.9 - 150.0)).ceil().max(1.0);
    match of(24.0) {
        r if r <= 1.0 => String::new(),
        day => format!(
            " (a task stops before its time limit and the keeper's next round goes on: \
             {} rounds with --time=24:00:00, {} with 3-00:00:00)",
            day,
            of(72.0)
        ),
    }
}

/// `word` as one word of a shell command: as it is when it holds only safe characters, else
/// in single quotes (a quote in it as `'\''`).
pub(super) fn shell_word(word: &str) -> String {
    let safe = |c: char| c.is_ascii_alphanumeric() || "/._-+,=:@%".contains(c);
    match !word.is_empty() && word.chars().all(safe) {
        true => word.to_string(),
        false => format!("'{}'", word.replace('\'', "'\\''")),
    }
}
