//! `queens merge`: the total of a count run in parts, from their checkpoints, only when they
//! make the whole count exactly once; `--status` says how far each part has got.

use crate::cli::{Arg, Flag, Parsed, Spec};
use crate::count::checkpoint_failure;
use crate::failure::Failure;
use crate::output;
use nqueens::count::checkpoint::{merge, Contents, MergeError};
use std::path::Path;

pub static SPEC: Spec = Spec {
    name: "merge",
    about: "print the count made by the parts of one count ('queens count N --part K/M
--checkpoint FILE' for K = 1..M), from their checkpoints: only when they are every part once,
each finished, all of the same count.",
    usage: &["FILE...", "--status FILE..."],
    args: &[Arg {
        name: "FILE...",
        help: "the checkpoints of the parts",
    }],
    flags: &[Flag {
        name: "--status",
        value: None,
        many: false,
        help: "print how far each part has got instead: part, chunks counted, finished or not",
    }],
    notes: "Exit codes: 0 the count (or the status) printed; 1 the parts are not one whole
count (a part missing, given twice, unfinished, or of another count: the file and the
problem are named); 2 a file that is not a checkpoint, is damaged or cannot be read.
",
};

/// What `queens merge` was asked.
#[derive(Debug, PartialEq)]
pub struct MergeArgs {
    /// The checkpoints.
    pub files: Vec<String>,
    /// Print each part's progress instead of the total.
    pub status: bool,
}

/// Reads the arguments of `queens merge`.
pub fn parse(parsed: &Parsed) -> Result<MergeArgs, Failure> {
    if parsed.args().is_empty() {
        return Err(parsed.error("missing FILE: the checkpoints of the parts"));
    }
    Ok(MergeArgs {
        files: parsed.args().to_vec(),
        status: parsed.has("--status"),
    })
}

/// Runs `queens merge`.
pub fn run(args: MergeArgs) -> Result<(), Failure> {
    if args.status {
        let mut text = String::new();
        for file in &args.files {
            let contents = Contents::read(Path::new(file)).map_err(checkpoint_failure)?;
            text += &match &contents.problem {
                None => format!("{}: empty, not begun\n", file),
                Some(p) => format!(
                    "{}: N = {}, {}, part {}/{}: {} of {} chunks counted, {}\n",
                    file,
                    p.n,
                    p.ask,
                    p.part.0,
                    p.part.1,
                    contents.done.len(),
                    p.chunks,
                    match contents.result {
                        Some(r) if p.ask == "unique" => format!("finished: {}", r[1]),
                        Some(r) => format!("finished: {}", r[0]),
                        None => "unfinished".to_string(),
                    }
                ),
            };
        }
        return Ok(output::print(&text)?);
    }
    let merged = merge(&args.files).map_err(|e| match e {
        MergeError::File(e) => checkpoint_failure(e),
        MergeError::Parts(message) => Failure::Check(message),
    })?;
    let count = merged.unique.unwrap_or(merged.total);
    Ok(output::print(&format!("{}\n", count))?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cli::{parse_line, usage_message};

    fn args(line: &str) -> Result<MergeArgs, Failure> {
        parse_line(&SPEC, parse, line)
    }

    #[test]
    fn files_and_status_are_read() {
        let got = args("a b c --status").unwrap();
        assert_eq!(got.files, ["a", "b", "c"]);
        assert!(got.status);
        assert!(usage_message(args("")).contains("missing FILE"));
        assert!(usage_message(args("--status")).contains("missing FILE"));
    }
}
