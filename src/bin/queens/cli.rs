//! The command line, declared: each subcommand is a [`Spec`] (its arguments and flags with
//! their help), from which its help text is generated and by which one parse loop reads its
//! words. The loop owns `-h`/`--help`, `--flag=value`, missing values, unknown flags, flags
//! given twice and arguments too many; each subcommand then turns the [`Parsed`] words into
//! its typed arguments.

use crate::failure::Failure;
use nqueens::read::number as parse_number;
use std::fmt::Write;

/// A positional argument.
pub struct Arg {
    /// Its name in the usage line, e.g. `N`.
    pub name: &'static str,
    /// What it is, for the help.
    pub help: &'static str,
}

/// A flag.
pub struct Flag {
    /// Its long name, with the dashes: `--algo`.
    pub name: &'static str,
    /// The name of its value (`NAME`; `[NAME]` for a value that may be left out), or `None`
    /// for a switch.
    pub value: Option<&'static str>,
    /// How many values it takes.
    pub many: Many,
    /// What it does, for the help; lines after the first are indented under it.
    pub help: &'static str,
    /// The values it takes, each with what it means, listed in the help under `help`; made
    /// by a function so that the library's own descriptions are the only ones.
    pub choices: Option<Choices>,
}

/// How many values a flag takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Many {
    /// One (or none, for a switch), and the flag once.
    One,
    /// Several: the words after it up to the next flag, and the flag may be repeated.
    Words,
    /// One each time, and the flag may be repeated (`--queen 1,1 --queen 2,3`), so a word
    /// after its value is an argument again.
    Repeated,
}

/// The values a flag takes, each with what it means.
pub type Choices = fn() -> Vec<(&'static str, &'static str)>;

/// A subcommand: its name, what it does, how it is called, and its arguments and flags.
pub struct Spec {
    /// The subcommand's name: `count`.
    pub name: &'static str,
    /// What it does, the help's first paragraph.
    pub about: &'static str,
    /// The usage lines, after `queens NAME `.
    pub usage: &'static [&'static str],
    /// Its positional arguments, in order (each may be given once; the last, if its name ends
    /// with `...`, any number of times).
    pub args: &'static [Arg],
    /// Its flags, `-h, --help` not included.
    pub flags: &'static [Flag],
    /// Notes after the options, or "".
    pub notes: &'static str,
}

/// Where the help's descriptions begin.
const HELP_COLUMN: usize = 21;

impl Spec {
    /// The help text, generated from the spec.
    pub fn help(&self) -> String {
        let mut out = format!("queens {}: {}\n\nUsage:", self.name, self.about);
        for (i, usage) in self.usage.iter().enumerate() {
            let lead = if i == 0 { " " } else { "       " };
            let _ = writeln!(out, "{}queens {} {}", lead, self.name, usage);
        }
        let entry = |out: &mut String, left: String, help: &str| {
            let mut lines = help.lines();
            let first = lines.next().unwrap_or("");
            if left.len() + 2 < HELP_COLUMN {
                let _ = writeln!(out, "  {:w$}{}", left, first, w = HELP_COLUMN - 2);
            } else {
                let _ = writeln!(out, "  {}\n{:w$}{}", left, "", first, w = HELP_COLUMN);
            }
            for line in lines {
                let _ = writeln!(out, "{:w$}{}", "", line, w = HELP_COLUMN);
            }
        };
        if !self.args.is_empty() {
            out += "\nArguments:\n";
            for arg in self.args {
                entry(&mut out, arg.name.to_string(), arg.help);
            }
        }
        out += "\nOptions:\n";
        for flag in self.flags {
            let left = match (flag.value, flag.many) {
                (Some(value), Many::Words) => format!("{} {}...", flag.name, value),
                // A repeated flag says so in its help.
                (Some(value), _) => format!("{} {}", flag.name, value),
                (None, _) => flag.name.to_string(),
            };
            match flag.choices {
                None => entry(&mut out, left, flag.help),
                Some(choices) => {
                    let choices = choices();
                    let width = choices
                        .iter()
                        .map(|(name, _)| name.len())
                        .max()
                        .unwrap_or(0);
                    let mut help = flag.help.to_string();
                    for (name, about) in choices {
                        // Wrapped to fit 80 columns, continued under the description.
                        let room = 80 - HELP_COLUMN - width - 4;
                        let mut lead = format!("\n  {:w$}  ", name, w = width);
                        let mut line = String::new();
                        for word in about.split(' ') {
                            if !line.is_empty() && line.len() + 1 + word.len() > room {
                                help += &lead;
                                help += &line;
                                lead = format!("\n  {:w$}  ", "", w = width);
                                line.clear();
                            }
                            if !line.is_empty() {
                                line.push(' ');
                            }
                            line += word;
                        }
                        help += &lead;
                        help += &line;
                    }
                    entry(&mut out, left, &help);
                }
            }
        }
        entry(&mut out, "-h, --help".to_string(), "print this help");
        if !self.notes.is_empty() {
            out += "\n";
            out += self.notes;
        }
        out
    }

    /// A usage error of this subcommand.
    pub fn error(&self, message: impl Into<String>) -> Failure {
        Failure::usage(self.name, message)
    }

    /// Reads `words` by this spec: `Ok(None)` when help was asked for.
    ///
    /// # Errors
    ///
    /// A usage error for an unknown flag, a flag given twice (except a flag of several
    /// values), a missing value, a value given to a switch, or an argument too many.
    pub fn parse(&'static self, words: &[String]) -> Result<Option<Parsed>, Failure> {
        let mut parsed = Parsed {
            spec: self,
            args: Vec::new(),
            flags: Vec::new(),
        };
        let mut words = words.iter();
        while let Some(word) = words.next() {
            if !is_flag(word) {
                let repeats = self.args.last().is_some_and(|a| a.name.ends_with("..."));
                if parsed.args.len() == self.args.len() && !repeats {
                    return Err(self.error(format!("unexpected argument {:?}", word)));
                }
                parsed.args.push(word.clone());
                continue;
            }
            let (name, inline) = match word.split_once('=') {
                Some((name, value)) => (name, Some(value.to_string())),
                None => (word.as_str(), None),
            };
            if name == "-h" || name == "--help" {
                return Ok(None);
            }
            let flag = self
                .flags
                .iter()
                .position(|f| f.name == name)
                .ok_or_else(|| self.error(format!("unknown flag {}", name)))?;
            let spec = &self.flags[flag];
            let mut values = Vec::new();
            match (spec.value, inline) {
                (None, Some(_)) => return Err(self.error(format!("{} takes no value", name))),
                (None, None) => {}
                (Some(_), Some(value)) => values.push(value),
                // `[VALUE]`: the next word is its value unless it is a flag, or there is none.
                (Some(value), None) if value.starts_with('[') => {
                    if let Some(word) = words.as_slice().first().filter(|w| !is_flag(w)) {
                        values.push(word.clone());
                        words.next();
                    }
                }
                (Some(_), None) => match words.next() {
                    Some(value) => values.push(value.clone()),
                    None => return Err(self.error(format!("{} needs a value", name))),
                },
            }
            if spec.many == Many::Words {
                while let Some(value) = words.as_slice().first().filter(|w| !is_flag(w)) {
                    values.push(value.clone());
                    words.next();
                }
            }
            match parsed.flags.iter_mut().find(|(f, _)| *f == flag) {
                Some((_, earlier)) if spec.many != Many::One => earlier.extend(values),
                Some(_) => return Err(self.error(format!("{} is given twice", name))),
                None => parsed.flags.push((flag, values)),
            }
        }
        Ok(Some(parsed))
    }
}

/// Whether a word is a flag: `-` and a letter or another `-`, so `-1` is a (negative) value.
fn is_flag(word: &str) -> bool {
    word.starts_with('-') && word.len() > 1 && !word[1..].starts_with(|c: char| c.is_ascii_digit())
}

/// The words of one command line, read by its [`Spec`].
pub struct Parsed {
    spec: &'static Spec,
    args: Vec<String>,
    /// Each flag given (its index in the spec) and its values.
    flags: Vec<(usize, Vec<String>)>,
}

impl Parsed {
    /// The spec these words were read by.
    pub fn spec(&self) -> &'static Spec {
        self.spec
    }

    /// A usage error of this subcommand.
    pub fn error(&self, message: impl Into<String>) -> Failure {
        self.spec.error(message)
    }

    /// The `i`-th positional argument, if given.
    pub fn arg(&self, i: usize) -> Option<&str> {
        self.args.get(i).map(String::as_str)
    }

    /// Every positional argument.
    pub fn args(&self) -> &[String] {
        &self.args
    }

    fn values(&self, name: &str) -> Option<&[String]> {
        let index = self.spec.flags.iter().position(|f| f.name == name);
        debug_assert!(
            index.is_some(),
            "{} is not a flag of {}",
            name,
            self.spec.name
        );
        self.flags
            .iter()
            .find(|(f, _)| Some(*f) == index)
            .map(|(_, values)| values.as_slice())
    }

    /// Whether the flag `name` was given.
    pub fn has(&self, name: &str) -> bool {
        self.values(name).is_some()
    }

    /// The value of the flag `name`, if given.
    pub fn value(&self, name: &str) -> Option<&str> {
        self.values(name)
            .and_then(|v| v.first())
            .map(String::as_str)
    }

    /// Every value of the flag `name` (of several values), as given.
    pub fn all(&self, name: &str) -> Vec<&str> {
        self.values(name)
            .unwrap_or(&[])
            .iter()
            .map(String::as_str)
            .collect()
    }

    /// Every value of the flag `name` (of several values), split at commas too.
    pub fn list(&self, name: &str) -> Vec<&str> {
        self.values(name)
            .unwrap_or(&[])
            .iter()
            .flat_map(|v| v.split(','))
            .filter(|v| !v.is_empty())
            .collect()
    }

    /// The value of the flag `name` as a whole number from `min` to `max`, if given.
    pub fn number(&self, name: &str, min: u64, max: u64) -> Result<Option<u64>, Failure> {
        self.value(name)
            .map(|text| number(self.spec, name, text, min, max))
            .transpose()
    }

    /// The value of the flag `name`, which must be one of `choices`, if given.
    pub fn choice(
        &self,
        name: &str,
        what: &str,
        choices: &[&'static str],
    ) -> Result<Option<&'static str>, Failure> {
        self.value(name)
            .map(|text| {
                choices.iter().copied().find(|c| *c == text).ok_or_else(|| {
                    self.error(format!(
                        "unknown {} {:?}; choose {}",
                        what,
                        text,
                        or_list(choices)
                    ))
                })
            })
            .transpose()
    }

    /// Refuses the flags of `names` that were given, as ones that do nothing here and why.
    pub fn refuse(&self, names: &[&str], why: &str) -> Result<(), Failure> {
        match names.iter().find(|name| self.has(name)) {
            Some(name) => Err(self.error(format!("{} {}", name, why))),
            None => Ok(()),
        }
    }
}

/// `"a, b or c"`.
pub fn or_list(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} or {}", init.join(", "), last),
    }
}

/// `text` as a whole number from `min` to `max` by the judge's rule for numbers (a sign and
/// leading zeros are fine); `what` names it in the error.
pub fn number(spec: &Spec, what: &str, text: &str, min: u64, max: u64) -> Result<u64, Failure> {
    match parse_number(text, max) {
        Some(value) if value >= min => Ok(value),
        _ => Err(spec.error(format!(
            "{} must be a number from {} to {}, not {:?}",
            what, min, max, text
        ))),
    }
}

/// The board size N, the first argument, which every counting or listing command needs.
pub fn board_size(parsed: &Parsed, max: u64) -> Result<Option<u32>, Failure> {
    parsed
        .arg(0)
        .map(|text| number(parsed.spec(), "N", text, 1, max).map(|n| n as u32))
        .transpose()
}

/// Reads `line` (split at whitespace) as the words of `spec`'s subcommand, into typed
/// arguments by `parse`: the subcommands' parsing tests.
#[cfg(test)]
pub fn parse_line<A>(
    spec: &'static Spec,
    parse: fn(&Parsed) -> Result<A, Failure>,
    line: &str,
) -> Result<A, Failure> {
    let words: Vec<String> = line.split_whitespace().map(String::from).collect();
    parse(&spec.parse(&words)?.expect("no --help"))
}

/// The message of a usage error, for tests; panics on anything else.
#[cfg(test)]
pub fn usage_message<A: std::fmt::Debug>(result: Result<A, Failure>) -> String {
    match result {
        Err(Failure::Usage { message, .. }) => message,
        other => panic!("not a usage error: {:?}", other),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    static SPEC: Spec = Spec {
        name: "demo",
        about: "a spec to test the parser.",
        usage: &["N [--level L] [--quiet] [--names NAME...]"],
        args: &[Arg {
            name: "N",
            help: "a number",
        }],
        flags: &[
            Flag {
                name: "--level",
                value: Some("L"),
                many: Many::One,
                choices: None,
                help: "how much\nsecond line",
            },
            Flag {
                name: "--quiet",
                value: None,
                many: Many::One,
                choices: None,
                help: "say less",
            },
            Flag {
                name: "--names",
                value: Some("NAME"),
                many: Many::Words,
                choices: None,
                help: "some names",
            },
        ],
        notes: "",
    };

    fn words(line: &str) -> Vec<String> {
        line.split_whitespace().map(String::from).collect()
    }

    fn usage_message(line: &str) -> String {
        super::usage_message(SPEC.parse(&words(line)).map(|_| ()))
    }

    #[test]
    fn flags_values_and_arguments_are_read() {
        let parsed = SPEC
            .parse(&words("7 --level=3 --names a b,c --quiet --names d"))
            .unwrap()
            .unwrap();
        assert_eq!(parsed.arg(0), Some("7"));
        assert_eq!(parsed.number("--level", 1, 5).unwrap(), Some(3));
        assert!(parsed.has("--quiet"));
        assert_eq!(parsed.list("--names"), ["a", "b", "c", "d"]);
        assert!(SPEC.parse(&words("--level 2 -h")).unwrap().is_none());
    }

    #[test]
    fn each_misuse_is_named() {
        assert_eq!(usage_message("1 2"), "unexpected argument \"2\"");
        assert_eq!(usage_message("--loud"), "unknown flag --loud");
        assert_eq!(
            usage_message("--level 1 --level 2"),
            "--level is given twice"
        );
        assert_eq!(usage_message("--quiet --quiet"), "--quiet is given twice");
        assert_eq!(usage_message("--quiet=yes"), "--quiet takes no value");
        assert_eq!(usage_message("--level"), "--level needs a value");
    }

    #[test]
    fn numbers_follow_the_judges_rule() {
        let n = |text: &str| number(&SPEC, "N", text, 1, 32).ok();
        assert_eq!(n("+8"), Some(8));
        assert_eq!(n(&format!("{}8", "0".repeat(60))), Some(8));
        assert_eq!(n("0"), None);
        assert_eq!(n("-1"), None);
        assert_eq!(n("33"), None);
        assert_eq!(n("8 9"), None);
        assert_eq!(n(" 8\n"), Some(8));
        assert_eq!(n(""), None);
    }

    #[test]
    fn help_is_generated_from_the_spec() {
        let help = SPEC.help();
        assert!(help.starts_with("queens demo: a spec to test the parser.\n\nUsage: queens demo N"));
        assert!(
            help.contains("\n  --level L          how much\n                     second line\n")
        );
        assert!(help.contains("\n  --names NAME...    some names\n"));
        assert!(help.contains("\n  -h, --help         print this help\n"));
    }
}
