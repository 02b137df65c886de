//! `queens`: the N-Queens toolkit. A thin layer over the library: each subcommand declares its
//! flags ([`cli::Spec`]), parses them into typed arguments, and runs; errors flow up as
//! [`Failure`] values and are printed once, here.
//!
//! Exit codes: 0 success (also when the reader of the output goes away), 1 a check that failed,
//! not enough memory, or a failed write; 2 bad usage or bad input; 75 a count stopped at the
//! time given (`--stop-after`), to be resumed.

mod bench;
mod cli;
mod completions;
mod count;
mod failure;
mod help;
mod json;
mod list;
mod merge;
mod output;
mod placed;
mod progress;
mod recheck;
mod solve;
mod svg;
mod verify;

use cli::{Parsed, Spec};
use failure::Failure;
use std::process::ExitCode;

/// A subcommand: its spec (name, flags, help) and what runs it.
struct Command {
    spec: &'static Spec,
    run: fn(&Parsed) -> Result<(), Failure>,
}

/// The command table: every subcommand once. The parser, `queens help`, the suggestions for a
/// mistyped name and the shell completions all read it.
const COMMANDS: [Command; 7] = [
    Command {
        spec: &count::SPEC,
        run: |p| count::run(count::parse(p)?),
    },
    Command {
        spec: &merge::SPEC,
        run: |p| merge::run(merge::parse(p)?),
    },
    Command {
        spec: &recheck::SPEC,
        run: |p| recheck::run(recheck::parse(p)?),
    },
    Command {
        spec: &list::SPEC,
        run: |p| list::run(list::parse(p)?),
    },
    Command {
        spec: &solve::SPEC,
        run: |p| solve::run(solve::parse(p)?),
    },
    Command {
        spec: &verify::SPEC,
        run: |p| verify::run(verify::parse(p)?),
    },
    Command {
        spec: &bench::SPEC,
        run: |p| bench::run(bench::parse(p)?),
    },
];

/// Every subcommand's spec, in the table's order.
fn specs() -> Vec<&'static Spec> {
    COMMANDS.iter().map(|c| c.spec).collect()
}

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
    let Some((first, rest)) = words.split_first() else {
        return Err(Failure::Bare(help::short_usage(&specs())));
    };
    if let Some(command) = COMMANDS.iter().find(|c| c.spec.name == first) {
        return match command.spec.parse(rest)? {
            None => Ok(output::print(&help::command_help(command.spec))?),
            Some(parsed) => (command.run)(&parsed),
        };
    }
    let rest: Vec<&str> = rest.iter().map(String::as_str).collect();
    let text = match (first.as_str(), rest.as_slice()) {
        ("-V" | "--version", []) => format!("queens {}\n", env!("CARGO_PKG_VERSION")),
        ("-h" | "--help" | "help", []) | ("help", ["help" | "-h" | "--help"]) => {
            help::top_help(&specs())
        }
        ("-h" | "--help" | "help", [name]) => {
            match COMMANDS.iter().find(|c| c.spec.name == *name) {
                Some(command) => help::command_help(command.spec),
                None if *name == "completions" => completions_help(),
                None if *name == "man" => man_help(),
                None => return Err(top(unknown_command(name))),
            }
        }
        ("completions", ["-h" | "--help"]) => completions_help(),
        ("man", []) => help::man_page(&specs()),
        ("man", ["-h" | "--help"]) => man_help(),
        ("man", [extra, ..]) => return Err(top(format!("unexpected argument {:?}", extra))),
        ("completions", [shell]) => match completions::SHELLS.contains(shell) {
            true => completions::script(shell, &specs()),
            false => {
                let message = format!(
                    "unknown shell {:?}; choose {}",
                    shell,
                    cli::or_list(&completions::SHELLS)
                );
                return Err(Failure::usage("completions", message));
            }
        },
        ("completions", []) => {
            return Err(Failure::usage(
                "completions",
                "missing SHELL: bash, zsh, fish, elvish or powershell",
            ))
        }
        ("completions", [_, extra, ..])
        | ("-V" | "--version" | "-h" | "--help" | "help", [_, extra, ..]) => {
            return Err(top(format!("unexpected argument {:?}", extra)))
        }
        ("-V" | "--version", [extra, ..]) => {
            return Err(top(format!("unexpected argument {:?}", extra)))
        }
        (other, _) => return Err(top(unknown_command(other))),
    };
    Ok(output::print(&text)?)
}

/// The help of `queens completions`.
fn completions_help() -> String {
    "queens completions: print a shell completion script made from the command table.

Usage: queens completions bash|zsh|fish|elvish|powershell

  bash: source it, or save it as
        ~/.local/share/bash-completion/completions/queens
  zsh:  save it as _queens in a folder of $fpath
  fish: save it as ~/.config/fish/completions/queens.fish
  elvish: add it to ~/.config/elvish/rc.elv
  powershell: add it to the file $PROFILE names
"
    .to_string()
}

/// `queens man --help`, and `queens help man`.
fn man_help() -> String {
    "queens man: print the manual page, roff for section 1, made from the command\ntable.\n\nUsage: queens man   (read it with: queens man | man -l -)\n".to_string()
}

/// `unknown command "X"`, with a suggestion.
fn unknown_command(name: &str) -> String {
    let names = COMMANDS
        .iter()
        .map(|c| c.spec.name)
        .chain(["completions", "man", "help"])
        // `queens -v`: the flags it takes without a command.
        .chain(["-V", "--version", "-h", "--help"]);
    format!("unknown command {:?}{}", name, cli::suggestion(name, names))
}
