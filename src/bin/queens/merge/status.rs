//! `queens merge --status`: how far each part has got, finished or not.

use super::manifest::run_object;
use crate::failure::Failure;
use crate::json::{array, Object};
use crate::output;
use nqueens::count::checkpoint::{CheckpointError, Contents, Header};
use std::path::{Path, PathBuf};

/// `--status`: a line for each file (and one for each run that worked on it); a file that
/// cannot be read is named after every readable one is printed, exit 2.
pub(super) fn print_status(files: &[PathBuf], json: bool) -> Result<(), Failure> {
    let mut text = String::new();
    let (mut objects, mut unreadable) = (Vec::new(), Vec::new());
    let mut failed = None;
    // Each file read once; shown in the order of their counts and parts (as `find` gives
    // them, they come in any order), the files that cannot be read where they were given.
    let mut read: Vec<(&PathBuf, Result<Contents, CheckpointError>)> = files
        .iter()
        .map(|file| (file, Contents::read(file)))
        .collect();
    read.sort_by_key(|(_, contents)| match contents {
        Ok(Contents {
            header: Some(h), ..
        }) => (0, h.n, h.ask.name(), h.part.1, h.part.0),
        _ => (1, 0, "", 0, 0),
    });
    for (file, contents) in read {
        let shown = contents.and_then(|contents| match json {
            true => status_object(file, &contents).map(|object| objects.push(object)),
            false => status(file, &contents).map(|line| text += &line),
        });
        if let Err(e) = shown {
            unreadable.push(
                Object::new()
                    .string("file", &file.to_string_lossy())
                    .string("error", &e.to_string())
                    .finish(),
            );
            if let Some(earlier) = failed.replace(e) {
                crate::failure::say(&format!("queens: {}", earlier));
            }
        }
    }
    if json {
        text = Object::new()
            .raw("parts", &array(objects))
            .raw("unreadable", &array(unreadable))
            .finish()
            + "\n";
    }
    output::print(&text)?;
    match failed {
        Some(e) => Err(Failure::unmergeable(e)),
        None => Ok(()),
    }
}

/// `--status --todo`: a line `STATE FILE` for each file still to count (missing, damaged,
/// empty, unfinished, or `wrong-part`: a file named as the recipes name a part that holds
/// another part or count), in the order given; nothing for a finished one.
///
/// # Complexity
///
/// Each file read once: 20,000 finished parts of N = 14 in about a second.
pub(super) fn print_todo(files: &[PathBuf]) -> Result<(), Failure> {
    let mut text = String::new();
    for file in files {
        let state = match Contents::read(file) {
            Ok(Contents {
                header: Some(header),
                ..
            }) if !holds_its_named_part(file, &header) => "wrong-part",
            Ok(contents) if contents.result.is_some() => continue,
            Ok(contents) if contents.header.is_none() => "empty",
            Ok(_) => "unfinished",
            Err(CheckpointError::Io(_, e)) if e.kind() == std::io::ErrorKind::NotFound => "missing",
            Err(_) => "damaged",
        };
        text += &format!("{} {}\n", state, file.display());
    }
    Ok(output::print(&text)?)
}

/// Whether the checkpoint at `file` with `header` holds the part its name says, when it is
/// named as the recipes name a part (a copy or a rename by mistake does not); any other name
/// says nothing.
fn holds_its_named_part(file: &Path, header: &Header) -> bool {
    match file.file_name().and_then(|name| name.to_str()) {
        Some(name) if Header::is_part_file_name(name) => name == header.own_file_name(),
        _ => true,
    }
}

/// The `--status --json` object of one file.
fn status_object(file: &Path, contents: &Contents) -> Result<String, CheckpointError> {
    let object = Object::new().string("file", &file.to_string_lossy());
    let Some(h) = &contents.header else {
        return Ok(object.boolean("begun", false).finish());
    };
    let runs = contents.runs.iter().map(run_object);
    let object = object
        .boolean("begun", true)
        .number("n", h.n)
        .string("ask", h.ask.name())
        .string("counter", &h.counter)
        .string("board", &h.board)
        .number("part", h.part.0)
        .number("parts", h.part.1)
        .number("chunks_done", contents.done.len())
        .number("chunks", h.chunks)
        .number("chunks_in_progress", contents.steps.len())
        .number(
            "cpu_seconds_in_progress",
            seconds(in_progress_seconds(contents)),
        )
        .boolean("finished", contents.result.is_some())
        .optional("count", contents.answer().map(|c| c.to_string()).as_deref())
        .optional("finished_at", contents.finished.as_deref());
    let object = match contents.cpu_seconds() {
        Some(spent) => object.number("cpu_seconds", seconds(spent)),
        None => object.null("cpu_seconds"),
    };
    Ok(object.raw("runs", &array(runs)).finish())
}

/// CPU seconds to the millisecond, never negative (nor `-0.000`: a clock's rounding).
fn seconds(spent: f64) -> String {
    format!("{:.3}", if spent > 0.0 { spent } else { 0.0 })
}

/// The CPU seconds the chunks in progress had taken at their last steps.
fn in_progress_seconds(contents: &Contents) -> f64 {
    contents
        .steps
        .values()
        .map(|step| step.cpu_millis as f64 / 1000.0)
        .sum()
}

/// The `--status` lines of one file: its part and how far it has got, then its runs.
fn status(file: &Path, contents: &Contents) -> Result<String, CheckpointError> {
    let shown = file.display();
    let Some(h) = &contents.header else {
        return Ok(format!("{}: empty, not begun\n", shown));
    };
    let cpu = match contents.cpu_seconds() {
        Some(seconds) => format!(", {:.3} CPU seconds", seconds),
        None => String::new(),
    };
    // Chunks in progress, with the work their last steps recorded.
    let cpu = match contents.steps.len() {
        0 => cpu,
        chunks => format!(
            "{}; {} more in progress, {:.3} CPU seconds into them",
            cpu,
            chunks,
            in_progress_seconds(contents)
        ),
    };
    let mut text = format!(
        "{}: N = {}{}, {}, part {}/{}: {} of {} chunks counted, {}{}\n",
        shown,
        h.n,
        match h.board.as_str() {
            "none" => String::new(),
            board => format!(", completions of the board {}", board),
        },
        h.ask.name(),
        h.part.0,
        h.part.1,
        contents.done.len(),
        h.chunks,
        match (contents.answer(), &contents.finished) {
            (Some(count), Some(at)) => format!("finished: {} at {}", count, at),
            (Some(count), None) => format!("finished: {}", count),
            (None, _) => "unfinished".to_string(),
        },
        cpu
    );
    if contents.runs.is_empty() && !contents.done.is_empty() {
        text += "  counted by: unknown (a checkpoint written before runs were recorded)\n";
    }
    for run in &contents.runs {
        text += &format!("  run: {}\n", run);
    }
    Ok(text)
}
