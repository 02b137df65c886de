//! The manifest `queens merge --manifest` writes: one JSON object a part, then the total.

use crate::json::{array, Object};
use nqueens::count::checkpoint::Provenance;
use nqueens::count::merge::{Merged, Part};
use nqueens::count::Ask;
use std::path::Path;

/// The manifest of a merged count, to be written at `at`: JSON Lines, one object a part, then
/// the total. A part's file is named as [`published_name`] says, so the manifest can travel
/// with the parts and names no folder of the machine that made it.
pub(super) fn manifest(merged: &Merged, at: &Path) -> String {
    let mut text = String::new();
    for part in &merged.parts {
        text += &part_object(merged, part, &|file| published_name(file, at));
        text.push('\n');
    }
    text += &total_object(merged).finish();
    text.push('\n');
    text
}

/// Whether `first_line` is the first line of a manifest ([`manifest`] begins with a part's
/// object): a file `--manifest` may write over.
pub(super) fn is_manifest(first_line: &str) -> bool {
    first_line.starts_with("{\"part\":") && first_line.ends_with('}')
}

/// The object of a merged count's total: what was counted, the count, the CPU time, the
/// parts confirmed.
pub(super) fn total_object(merged: &Merged) -> Object {
    let mut cpu_millis = Some(0u64);
    for part in &merged.parts {
        cpu_millis = cpu_millis.zip(part.cpu_millis).map(|(a, b)| a + b);
    }
    let total = Object::new()
        .number("n", merged.n)
        .number("parts", merged.parts.len())
        .string("ask", merged.ask.name())
        .string("counter", &merged.counter)
        .string("board", &merged.board)
        .string("count", &merged.count().to_string())
        .string("total", &merged.total.to_string())
        .string("unique", &merged.unique.to_string());
    let total = match cpu_millis {
        Some(millis) => total.number("cpu_seconds", seconds(millis)),
        None => total.null("cpu_seconds"),
    };
    let confirmed = merged.parts.iter().filter(|p| !p.confirmed_by.is_empty());
    total.number("confirmed", confirmed.count())
}

/// One run of a part, as the manifest and `--status --json` show it.
pub(super) fn run_object(run: &Provenance) -> String {
    Object::new()
        .string("version", &run.version)
        .string("commit", &run.commit)
        .string("counter", &run.counter)
        .string("kernel", &run.kernel)
        .string("host", &run.host)
        .string("cpu", &run.cpu)
        .string("os", &run.os)
        .string("started", &run.started)
        .string("id", &run.id)
        .finish()
}

/// One part's line of the manifest.
/// The name a manifest at `manifest` gives the part file `file`: its path from the
/// manifest's folder when it lies in it or below (`parts/n28-total-part-7-of-9.ckpt`), else
/// its file name alone; never a path of the machine that wrote it.
fn published_name(file: &Path, manifest: &Path) -> String {
    let folder = manifest
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let within = std::fs::canonicalize(folder)
        .ok()
        .zip(std::fs::canonicalize(file).ok())
        .and_then(|(folder, file)| file.strip_prefix(folder).ok().map(Path::to_path_buf));
    match within {
        Some(relative) => relative.to_string_lossy().into_owned(),
        None => file
            .file_name()
            .map_or_else(|| file.to_string_lossy(), |name| name.to_string_lossy())
            .into_owned(),
    }
}

/// One part's object: in the manifest and `--json`, its file named by `name`.
pub(super) fn part_object(merged: &Merged, part: &Part, name: &dyn Fn(&Path) -> String) -> String {
    let last = part.runs.last();
    let field = |get: fn(&Provenance) -> &String| last.map(|run| get(run).as_str());
    let runs = part.runs.iter().map(run_object);
    let count = match merged.ask {
        Ask::Total => part.counts[0],
        Ask::Unique => part.counts[1],
    };
    let object = Object::new()
        .number("part", part.part.0)
        .number("parts", part.part.1)
        .number("n", merged.n)
        .string("ask", merged.ask.name())
        .string("count", &count.to_string());
    let object = match part.cpu_millis {
        Some(millis) => object.number("cpu_seconds", seconds(millis)),
        None => object.null("cpu_seconds"),
    };
    object
        .optional("host", field(|r| &r.host))
        .optional("version", field(|r| &r.version))
        .optional("commit", field(|r| &r.commit))
        .optional("kernel", field(|r| &r.kernel))
        .optional("cpu", field(|r| &r.cpu))
        .optional("os", field(|r| &r.os))
        .optional("started", part.runs.first().map(|r| r.started.as_str()))
        .optional("finished", part.finished.as_deref())
        .raw("runs", &array(runs))
        .string("file", &name(&part.file))
        .string("sha256", &part.sha256)
        .raw(
            "confirmed_by",
            &array(
                part.confirmed_by
                    .iter()
                    .map(|f| crate::json::string(&name(f))),
            ),
        )
        .finish()
}

/// Milliseconds as seconds, to the millisecond.
pub(super) fn seconds(millis: u64) -> String {
    format!("{}.{:03}", millis / 1000, millis % 1000)
}
