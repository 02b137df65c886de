//! Text made from the command table: each subcommand's help, the list of subcommands, "did
//! you mean" suggestions, and shell completion scripts. Nothing here is written by hand twice:
//! a flag added to a [`Spec`] appears in its help, its completions and its suggestions.

use crate::cli::{Kind, Many, Spec};
use std::fmt::Write;

/// Where the help's descriptions begin.
const HELP_COLUMN: usize = 21;

/// The width every help fits: a terminal's 80 columns.
const WIDTH: usize = 80;

/// `text` flowed to lines of at most `width` columns: each run of lines that do not begin with
/// a space is a paragraph, its words filled into lines; a line that begins with a space (an
/// example, a list of choices) and a blank line stay as they are. A word longer than a line
/// gets a line of its own.
fn flow(text: &str, width: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut paragraph: Vec<&str> = Vec::new();
    for given in text.lines() {
        if given.is_empty() || given.starts_with(' ') {
            out.extend(fill(paragraph.drain(..), width));
            out.push(given.to_string());
        } else {
            paragraph.extend(given.split_whitespace());
        }
    }
    out.extend(fill(paragraph, width));
    out
}

/// The words of a usage line, each bracketed group (`[--part K/M]`) one word.
fn usage_words(usage: &str) -> Vec<String> {
    let mut words: Vec<String> = Vec::new();
    let mut depth = 0i32;
    for word in usage.split(' ') {
        match words.last_mut() {
            Some(last) if depth > 0 => {
                last.push(' ');
                last.push_str(word);
            }
            _ => words.push(word.to_string()),
        }
        depth += word.matches('[').count() as i32 - word.matches(']').count() as i32;
    }
    words
}

/// `words` filled into lines of at most `width` columns (a longer word alone on its line).
fn fill<'a>(words: impl IntoIterator<Item = &'a str>, width: usize) -> Vec<String> {
    let mut out = Vec::new();
    let mut line = String::new();
    for word in words {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            out.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line += word;
    }
    if !line.is_empty() {
        out.push(line);
    }
    out
}

/// The help of one subcommand, every line within [`WIDTH`] columns.
pub fn command_help(spec: &Spec) -> String {
    let mut out = String::new();
    for line in flow(&format!("queens {}: {}", spec.name, spec.about), WIDTH) {
        let _ = writeln!(out, "{}", line);
    }
    out += "\nUsage:";
    for (i, usage) in spec.usage.iter().enumerate() {
        let lead = if i == 0 { " " } else { "       " };
        // A long usage goes on under itself, past the command's name.
        let head = format!("queens {} ", spec.name);
        let room = WIDTH - 7 - head.len();
        for (j, line) in fill(usage_words(usage).iter().map(String::as_str), room)
            .iter()
            .enumerate()
        {
            match j {
                0 => {
                    let _ = writeln!(out, "{}{}{}", lead, head, line);
                }
                _ => {
                    let _ = writeln!(out, "{:w$}{}", "", line, w = 7 + head.len());
                }
            }
        }
    }
    if !spec.args.is_empty() {
        out += "\nArguments:\n";
        for arg in spec.args {
            entry(&mut out, arg.name, arg.help);
        }
    }
    out += "\nOptions:\n";
    for flag in spec.flags {
        let name = flag_name(flag);
        let left = match (flag.value, flag.many) {
            ("", _) => name,
            (value, Many::Words) => format!("{} {}...", name, value),
            // A repeated flag says so in its help.
            (value, _) => format!("{} {}", name, value),
        };
        let mut help = flag.help.to_string();
        if let Kind::Choice { choices, .. } = flag.kind {
            help += &choice_lines(&choices());
        }
        entry(&mut out, &left, &help);
    }
    entry(&mut out, "-h, --help", "print this help");
    if !spec.notes.is_empty() {
        out += "\n";
        for line in flow(spec.notes, WIDTH) {
            let _ = writeln!(out, "{}", line);
        }
    }
    out
}

/// One entry of a help: `left`, then `help` from [`HELP_COLUMN`], its later lines under it.
fn entry(out: &mut String, left: &str, help: &str) {
    let flowed = flow(help, WIDTH - HELP_COLUMN);
    let mut lines = flowed.iter();
    let first = lines.next().map_or("", String::as_str);
    if left.len() + 2 < HELP_COLUMN {
        let _ = writeln!(out, "  {:w$}{}", left, first, w = HELP_COLUMN - 2);
    } else {
        let _ = writeln!(out, "  {}\n{:w$}{}", left, "", first, w = HELP_COLUMN);
    }
    for line in lines {
        let _ = writeln!(out, "{:w$}{}", "", line, w = HELP_COLUMN);
    }
}

/// The choices of a flag, one a line with what it means, wrapped to fit 80 columns.
fn choice_lines(choices: &[(&str, &str)]) -> String {
    let width = choices
        .iter()
        .map(|(name, _)| name.len())
        .max()
        .unwrap_or(0);
    let room = 80 - HELP_COLUMN - width - 4;
    let mut out = String::new();
    for (name, about) in choices {
        let mut lead = format!("\n  {:w$}  ", name, w = width);
        let mut line = String::new();
        for word in about.split(' ') {
            if !line.is_empty() && line.len() + 1 + word.len() > room {
                out += &lead;
                out += &line;
                lead = format!("\n  {:w$}  ", "", w = width);
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line += word;
        }
        out += &lead;
        out += &line;
    }
    out
}

/// A flag as the help and the manual name it: `-j, --threads` where it has a short name.
fn flag_name(flag: &crate::cli::Flag) -> String {
    match crate::cli::short_name(flag.name) {
        Some(short) => format!("{}, {}", short, flag.name),
        None => flag.name.to_string(),
    }
}

/// The help of `queens`: the subcommands of `specs`, each with its summary.
pub fn top_help(specs: &[&Spec]) -> String {
    let mut out = String::from(
        "queens: count, list and find N-Queens placements.\n\nUsage: queens <COMMAND> [ARGS]\n       queens help [COMMAND]\n\nCommands:\n",
    );
    for spec in specs {
        entry(&mut out, spec.name, spec.summary);
    }
    entry(
        &mut out,
        "completions",
        "print a completion script for bash, zsh, fish, elvish or PowerShell",
    );
    entry(
        &mut out,
        "man",
        "print the manual page (roff: queens man | man -l -)",
    );
    entry(&mut out, "help", "print this help, or a command's");
    out += "\n";
    let notes = "Run 'queens help COMMAND' (or 'queens COMMAND --help') for the flags of each; \
        '--' ends the flags. N is at least 1 everywhere. Exit codes: 0 success; 1 a failed \
        check, not enough memory, or a failed write; 2 bad usage or bad input; 75 a count \
        stopped at the time given (--stop-after), to be resumed.";
    for line in flow(notes, WIDTH) {
        let _ = writeln!(out, "{}", line);
    }
    out
}

/// The manual page, section 1, in roff (`man -l` shows it): made from the same specs as the
/// help and the completions, every subcommand with its usage, arguments and flags, and the
/// exit codes.
pub fn man_page(specs: &[&Spec]) -> String {
    // Dated the day it is made (as help2man dates its pages): YYYY-MM-DD of the UTC time.
    let today = nqueens::count::checkpoint::utc_now();
    let mut out = format!(
        ".TH QUEENS 1 \"{}\" \"nqueens-toolkit {}\" \"User Commands\"\n",
        today.get(..10).unwrap_or(""),
        env!("CARGO_PKG_VERSION")
    );
    out += ".SH NAME\nqueens \\- count, list and find N\\-Queens placements\n";
    out += ".SH SYNOPSIS\n";
    for spec in specs {
        for usage in spec.usage {
            out += &format!(".B queens {}\n{}\n.br\n", spec.name, roff(usage));
        }
    }
    out += ".B queens completions\nbash|zsh|fish|elvish|powershell\n.br\n.B queens man\n.br\n.B queens help\n[COMMAND]\n";
    out += ".SH DESCRIPTION\n";
    out +=
        "The N\\-Queens toolkit: the counters (five teaching counters, the symmetric search and \
            the join of half boards), placements listed in the formats judges want, boards with \
            reserved squares and placed queens, durable counts split over machines, and one \
            placement for huge N, checked by an independent verifier.\n";
    out += ".SH COMMANDS\n";
    for spec in specs {
        out += &format!(".SS \"queens {}\"\n{}\n", spec.name, roff(spec.about));
        for arg in spec.args {
            out += &format!(".TP\n.I {}\n{}\n", roff(arg.name), roff(arg.help));
        }
        for flag in spec.flags {
            let name = flag_name(flag);
            let mut help = flag.help.to_string();
            if let Kind::Choice { choices, .. } = flag.kind {
                help += &choice_lines(&choices());
            }
            out += &format!(
                ".TP\n.B {}\n{}\n",
                roff(format!("{} {}", name, flag.value).trim_end()),
                roff(&help)
            );
        }
        if !spec.notes.is_empty() {
            out += &format!(".PP\n{}\n", roff(spec.notes.trim_end()));
        }
    }
    out += ".SS \"queens completions\"\nPrint a completion script for bash, zsh, fish, elvish or PowerShell, made \
            from the same command table.\n";
    out += ".SS \"queens man\"\nPrint this manual page.\n";
    out += ".SH \"EXIT STATUS\"\n.TP\n.B 0\nsuccess, also when the reader of the output goes \
            away\n.TP\n.B 1\na check that failed, not enough memory, or a failed write\n.TP\n\
            .B 2\nbad usage or bad input\n.TP\n.B 75\na count stopped at the time given \
            (\\-\\-stop\\-after), every record kept: the same command resumes it\n";
    out += ".SH ENVIRONMENT\n.TP\n.B NQUEENS_KERNEL\nthe SIMD kernel of the fast counter's join: \
            avx512, avx2 or portable (unset or empty: the fastest this CPU runs); a name this CPU \
            cannot run is refused, never replaced by another\n.TP\n.B NQUEENS_CHECKPOINT_LOCK\n\
            off: take no lock on a checkpoint (for file systems where locks hang); a second \
            writer is still found by the file's length before each record\n";
    out += ".SH \"SEE ALSO\"\nThe judge program, \\fBnqueens\\fR (it reads N a line from standard \
            input; \\fBnqueens \\-\\-help\\fR); the guide in README.md and docs/ of the source.\n";
    out
}

/// `text` as roff text: backslashes and hyphens escaped, no line taken for a request, a blank
/// line a paragraph break, and an indented line a line of its own.
fn roff(text: &str) -> String {
    text.replace('\\', "\\e")
        .replace('-', "\\-")
        .lines()
        .map(|line| {
            let trimmed = line.trim_start();
            // An indented line (a choice, an example) starts a line of its own.
            let lead = if trimmed.len() < line.len() {
                ".br\n"
            } else {
                ""
            };
            match trimmed {
                "" => ".PP".to_string(),
                t if t.starts_with(['.', '\'']) => format!("{}\\&{}", lead, t),
                t => format!("{}{}", lead, t),
            }
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The short usage bare `queens` prints.
pub fn short_usage(specs: &[&Spec]) -> String {
    let names: Vec<&str> = specs.iter().map(|s| s.name).collect();
    format!(
        "usage: queens <COMMAND> [ARGS]   (commands: {}, completions, man, help)\ntry 'queens help'",
        names.join(", ")
    )
}
