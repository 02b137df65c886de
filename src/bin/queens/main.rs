//! `queens`: the N-Queens toolkit. A thin layer over the library: each subcommand declares its
//! flags ([`cli::Spec`]), parses them into typed arguments, and runs; errors flow up as
//! [`Failure`] values and are printed once, here.
//!
//! Exit codes: 0 success (also when the reader of the output goes away), 1 a check that failed,
//! not enough memory, or a failed write; 2 bad usage or bad input.

mod bench;
mod cli;
mod count;
mod failure;
mod list;
mod merge;
mod output;
mod placed;
mod progress;
mod solve;
mod verify;

use cli::Spec;
use failure::Failure;
use std::process::ExitCode;

const HELP: &str = "\
queens: count, list and find N-Queens placements.

Usage: queens <COMMAND> [ARGS]
       queens help [COMMAND]

Commands:
  count N    print the number of placements of N queens (or of distinct ones, or on a board
             with reserved squares)
  merge FILE...
             print the count of the parts of one count from their checkpoints
  list N     print every placement of N queens, in lexicographic order
  solve N    print one placement of N queens, for N up to 10^9 (min-conflicts or a formula)
  verify     check a placement read from a file or stdin
  bench      time the counters against each other and print a table (and a plot)

Run 'queens <COMMAND> --help' for the flags of each. N is at least 1 everywhere.
Exit codes: 0 success, 1 a failed check, not enough memory, or a failed write;
2 bad usage or bad input.
";

/// Every subcommand's spec, for `queens help COMMAND`.
const SPECS: [&Spec; 6] = [
    &count::SPEC,
    &merge::SPEC,
    &list::SPEC,
    &solve::SPEC,
    &verify::SPEC,
    &bench::SPEC,
];

fn main() -> ExitCode {
    quiet_failed_thread_starts();
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            if let Some(message) = failure.message() {
                failure::say(&message);
            }
            ExitCode::from(failure.exit_code())
        }
    }
}

/// A thread that dies in the standard library's own start-up (no memory for its signal
/// stack) is reported by whoever started it (a counter's worker leaves its share to the
/// others and is reported once, as a thread that could not start: `Run::fewer_threads`); the
/// panic message the standard library would print for it is left out. Every other panic is
/// printed as usual.
fn quiet_failed_thread_starts() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let message = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("");
        if !message.starts_with("failed to allocate an alternative stack") {
            default(info);
        }
    }));
}

/// Parses the command line and runs the subcommand it names.
fn run() -> Result<(), Failure> {
    let top = |message: String| Failure::Usage {
        command: None,
        message,
    };
    let mut words = Vec::new();
    for arg in std::env::args_os().skip(1) {
        match arg.into_string() {
            Ok(word) => words.push(word),
            Err(raw) => return Err(top(format!("argument {:?} is not valid UTF-8", raw))),
        }
    }
    let (command, rest) = match words.split_first() {
        Some((command, rest)) => (command.as_str(), rest),
        None => return Err(top("missing command".to_string())),
    };
    match command {
        "count" => command_with(&count::SPEC, rest, count::parse, count::run),
        "merge" => command_with(&merge::SPEC, rest, merge::parse, merge::run),
        "list" => command_with(&list::SPEC, rest, list::parse, list::run),
        "solve" => command_with(&solve::SPEC, rest, solve::parse, solve::run),
        "verify" => command_with(&verify::SPEC, rest, verify::parse, verify::run),
        "bench" => command_with(&bench::SPEC, rest, bench::parse, bench::run),
        "-h" | "--help" | "help" | "-V" | "--version" => {
            let text = match (command, rest) {
                ("-V" | "--version", []) => format!("queens {}\n", env!("CARGO_PKG_VERSION")),
                ("help", [name]) => SPECS
                    .iter()
                    .find(|spec| spec.name == name)
                    .map(|spec| spec.help())
                    .ok_or_else(|| top(format!("unknown command {:?}", name)))?,
                (_, []) => HELP.to_string(),
                (_, [extra, ..]) => return Err(top(format!("unexpected argument {:?}", extra))),
            };
            Ok(output::print(&text)?)
        }
        other => Err(top(format!("unknown command {:?}", other))),
    }
}

/// Parses `words` by `spec` into typed arguments with `parse` and runs them with `run`, or
/// prints the spec's help.
fn command_with<A>(
    spec: &'static Spec,
    words: &[String],
    parse: fn(&cli::Parsed) -> Result<A, Failure>,
    run: fn(A) -> Result<(), Failure>,
) -> Result<(), Failure> {
    match spec.parse(words)? {
        None => Ok(output::print(&spec.help())?),
        Some(parsed) => run(parse(&parsed)?),
    }
}
