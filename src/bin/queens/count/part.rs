//! One part of a count (or the whole), counted as the flags say and recorded where they say.

use super::args::CountArgs;
use super::shown::{classes, json_of, shown};
use crate::failure::Failure;
use crate::progress::Progress;
use nqueens::count::checkpoint::Checkpoint;
use nqueens::count::join::{self, Cut, Kernel};
use nqueens::count::{cores, Done, Keep};
use nqueens::count::{count_on, symmetric, Algo, Ask, CountError, Problem, Run};
use std::path::Path;

/// The checkpoint of part `(k, m)` in `dir`, named by its count as the recipes name it.
pub fn part_file(dir: &str, problem: &Problem<'_>, part: (u64, u64)) -> std::path::PathBuf {
    Path::new(dir).join(nqueens::count::checkpoint::Header::part_file_name(
        problem, part,
    ))
}

/// Counts one part (or the whole, for `None`) as `args` say, recorded where they say: the
/// text `count` prints for it.
pub fn count_part(
    args: &CountArgs,
    problem: &Problem<'_>,
    kernel: Kernel,
    part: Option<(u64, u64)>,
    keep: Option<&Keep>,
) -> Result<String, Failure> {
    let problem = *problem;
    let path = match (&args.checkpoint, &args.checkpoint_dir, part) {
        (Some(file), _, _) => Some(std::path::PathBuf::from(file)),
        (None, Some(dir), Some(part)) => Some(part_file(dir, &problem, part)),
        _ => None,
    };
    let every = args.checkpoint_every.map(std::time::Duration::from_secs);
    let checkpoint = path
        .as_deref()
        .map(Checkpoint::open)
        .transpose()
        .map_err(Failure::checkpoint)?
        .map(|c| match every {
            Some(every) => c.steps_every(every),
            None => c,
        })
        .map(|c| match args.stop_at {
            Some(at) => c.stop_at(at),
            None => c,
        });
    let progress = Progress::new();
    let report = |done: Done| progress.units("count", done.chunks, done.of, "chunks", done.work);
    let fewer = std::sync::Mutex::new(None);
    let note_fewer = |worked: usize, wanted: usize| {
        *fewer.lock().unwrap_or_else(|e| e.into_inner()) = Some((worked, wanted));
    };
    let run = Run {
        threads: args.threads.unwrap_or_else(cores),
        part,
        // Weighing the units for the time left is work a pipe has no use for.
        progress: progress
            .is_shown()
            .then_some(&report as &(dyn Fn(Done) + Sync)),
        checkpoint: checkpoint.as_ref(),
        fewer_threads: Some(&note_fewer),
        keep,
    };
    let counted = match (args.classes, args.algo) {
        (true, _) => symmetric::count_with(&problem, &run).map(|counts| match args.json {
            true => json_of(args, &problem, part, &counts.total.to_string())
                .string("unique", &counts.unique.to_string())
                .string("classes_of_8", &counts.asymmetric().to_string())
                .string("classes_of_4", &counts.half_turn.to_string())
                .string("classes_of_2", &counts.quarter_turn.to_string())
                .finish(),
            false => classes(problem.n, &counts),
        }),
        (false, Algo::Symmetric) => symmetric::count_with(&problem, &run).map(|counts| {
            let count = match problem.ask {
                Ask::Total => counts.total,
                Ask::Unique => counts.unique,
            };
            shown(args, &problem, part, count)
        }),
        (false, _) => match args.list_part {
            Some(list_part) => {
                if list_part < join::SMALL_PART as u64 {
                    crate::failure::say(&format!(
                        "queens: note: --list-part {}: a list whose parts would hold fewer than \
                         {} placements is cut in {} parts (the row set meets every combination \
                         of its lists' parts)",
                        list_part,
                        join::SMALL_PART,
                        join::FEWEST_PARTS
                    ));
                }
                let cut = Cut {
                    list_part: usize::try_from(list_part).unwrap_or(usize::MAX),
                    ..Cut::default()
                };
                join::count_cut(kernel, problem.n, &run, cut)
            }
            None => count_on(kernel, &problem, &run),
        }
        .map(|count| shown(args, &problem, part, count)),
    };
    progress.finish();
    let fewer = *fewer.lock().unwrap_or_else(|e| e.into_inner());
    if let (Some((worked, wanted)), Ok(_)) = (fewer, &counted) {
        crate::failure::say(&format!(
            "queens: note: counted on {} of the {} threads asked for (the others could not \
             start, or ran out of memory and left their work to the rest)",
            worked, wanted
        ));
    }
    counted.map_err(|e| match e {
        // What the library could not do with this board, named by the flag that asked for it
        // (a wide board is refused a part before a checkpoint).
        CountError::Unsupported(why) => {
            let flag = match (
                part.is_some(),
                args.checkpoint.is_some() || args.checkpoint_dir.is_some(),
            ) {
                (true, _) => "--part: ",
                (false, true) => "--checkpoint: ",
                (false, false) => "",
            };
            Failure::usage("count", format!("{}{}", flag, why))
        }
        e => count_failure(e),
    })
}

/// Why a count could not run, as the exit code says it.
pub fn count_failure(e: CountError) -> Failure {
    match e {
        CountError::Memory(e) => Failure::Resources(e.to_string()),
        CountError::Checkpoint(e) => Failure::checkpoint(e),
        CountError::Unsupported(why) => Failure::usage("count", why),
    }
}
