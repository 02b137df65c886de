//! The command line, declared: each subcommand is a [`Spec`] (its arguments and flags, each
//! flag with the [`Kind`] of value it takes and its help), and one parse loop reads every
//! subcommand's words by it. The loop owns `-h`/`--help`, `--` (the end of the flags),
//! `--flag=value`, missing values, values of the wrong kind, unknown flags (with a
//! suggestion), flags given twice and arguments too many, so the same mistake gets the same
//! message and exit code in every subcommand. Each subcommand then reads the typed values
//! from [`Parsed`] and checks what depends on several of them. The help, the subcommand list
//! and the shell completions are generated from the same specs ([`crate::help`]).

use crate::failure::Failure;
mod parsed;
mod suggest;

pub use parsed::Parsed;
pub use suggest::suggestion;

use nqueens::read::{number, queen};

/// A positional argument.
pub struct Arg {
    /// Its name in the usage line, e.g. `N`; a last argument named `FILE...` repeats.
    pub name: &'static str,
    /// What it is, for the help.
    pub help: &'static str,
}

/// A flag.
pub struct Flag {
    /// Its long name, with the dashes: `--algo`.
    pub name: &'static str,
    /// The name of its value in the help (`NAME`; `[NAME]` for a value that may be left out);
    /// `""` for a switch.
    pub value: &'static str,
    /// What its value is.
    pub kind: Kind,
    /// How many values it takes.
    pub many: Many,
    /// What it does, for the help; lines after the first are indented under it.
    pub help: &'static str,
}

/// The short names of long flags, as other tools spell them (`-j` for threads, as in cargo,
/// make, rg and fd): the parse loop reads each as its long flag, and the help shows both.
pub const SHORT_NAMES: [(&str, &str); 1] = [("-j", "--threads")];

/// The short name of the long flag `long`, if it has one.
pub fn short_name(long: &str) -> Option<&'static str> {
    SHORT_NAMES
        .iter()
        .find(|(_, l)| *l == long)
        .map(|(short, _)| *short)
}

/// What a flag's value is: checked and converted once, by the parse loop.
#[derive(Clone, Copy)]
pub enum Kind {
    /// No value: a switch.
    Switch,
    /// A whole number from `min` to `max` (the judge's rule: a sign, leading zeros).
    Number {
        /// The least value.
        min: u64,
        /// The greatest value.
        max: u64,
    },
    /// A number of seconds, fractions allowed, from `min` to `max`.
    Seconds {
        /// The least value.
        min: f64,
        /// The greatest value.
        max: f64,
    },
    /// One of the names `choices` gives; `what` names them in messages (`algorithm`).
    Choice {
        /// What the names are.
        what: &'static str,
        /// The names, each with what it means, from the library's one description.
        choices: Choices,
    },
    /// A fraction from 0 to 1 (`0.25`).
    Fraction,
    /// A file name (`-` is standard input where the help says so).
    File,
    /// `K/M` with 1 <= K <= M: one of M parts.
    Part,
    /// A queen's square, `ROW,COL` or `ROW COL`, 1-based.
    Square,
}

/// A `--format FMT` flag choosing one of `choices` (the formats of the subcommand, the
/// default first), with `help` for its first line.
pub const fn format_flag(help: &'static str, choices: Choices) -> Flag {
    Flag {
        name: "--format",
        value: "FMT",
        kind: Kind::Choice {
            what: "format",
            choices,
        },
        many: Many::One,
        help,
    }
}

/// How many values a flag takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Many {
    /// One (or none, for a switch), and the flag once.
    One,
    /// Several: the words after it up to the next flag (and each split at commas), and the
    /// flag may be repeated.
    Words,
    /// One each time, and the flag may be repeated (`--queen 1,1 --queen 2,3`), so a word
    /// after its value is an argument again.
    Repeated,
}

/// The values a choice takes, each with what it means.
pub type Choices = fn() -> Vec<(&'static str, &'static str)>;

/// A subcommand: its name, what it does, how it is called, and its arguments and flags.
pub struct Spec {
    /// The subcommand's name: `count`.
    pub name: &'static str,
    /// What it does in a line, for `queens help`.
    pub summary: &'static str,
    /// What it does, the help's first paragraph.
    pub about: &'static str,
    /// The usage lines, after `queens NAME `.
    pub usage: &'static [&'static str],
    /// Its positional arguments, in order.
    pub args: &'static [Arg],
    /// Its flags, `-h, --help` not included.
    pub flags: &'static [Flag],
    /// Notes after the options, or "".
    pub notes: &'static str,
}

/// A flag's value, as the parse loop converted it.
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// A [`Kind::Number`].
    Number(u64),
    /// A [`Kind::Seconds`].
    Seconds(f64),
    /// A [`Kind::Choice`]'s name.
    Name(&'static str),
    /// A [`Kind::File`].
    Text(String),
    /// A [`Kind::Part`]: (first K, last K, M); one part is K-K/M.
    Part(u64, u64, u64),
    /// A [`Kind::Square`]: (row, column), 1-based.
    Square(u64, u64),
}

impl Spec {
    /// A usage error of this subcommand.
    pub fn error(&self, message: impl Into<String>) -> Failure {
        Failure::usage(self.name, message)
    }

    /// Reads `words` by this spec: `Ok(None)` when help was asked for.
    ///
    /// # Errors
    ///
    /// A usage error for an unknown flag (with a suggestion), a flag given twice (except a
    /// flag of several values), a missing value, a value of the wrong kind, a value given to
    /// a switch, or an argument too many.
    pub fn parse(&'static self, words: &[String]) -> Result<Option<Parsed>, Failure> {
        let mut parsed = Parsed {
            spec: self,
            args: Vec::new(),
            flags: Vec::new(),
        };
        // An optional value that took a word which turns out to be a missing argument.
        let mut lent: Option<(usize, String)> = None;
        let mut words = words.iter();
        let mut flags_end = false;
        while let Some(word) = words.next() {
            if flags_end || !is_flag(word) {
                parsed.push_arg(word)?;
                continue;
            }
            if word == "--" {
                flags_end = true;
                continue;
            }
            let (name, inline) = match word.split_once('=') {
                Some((name, value)) => (name, Some(value.to_string())),
                // A short flag with its value attached, as `cargo -j2` and `rg -j2` take it.
                None => match SHORT_NAMES
                    .iter()
                    .find(|(short, _)| word.len() > short.len() && word.starts_with(short))
                {
                    Some((short, _)) => (*short, Some(word[short.len()..].to_string())),
                    None => (word.as_str(), None),
                },
            };
            if name == "-h" || name == "--help" {
                return Ok(None);
            }
            let name = match SHORT_NAMES.iter().find(|(short, _)| *short == name) {
                Some((_, long)) if self.flags.iter().any(|f| f.name == *long) => *long,
                _ => name,
            };
            let index = self
                .flags
                .iter()
                .position(|f| f.name == name)
                .ok_or_else(|| {
                    let names = self.flags.iter().map(|f| f.name).chain(["--help"]);
                    self.error(format!("unknown flag {}{}", name, suggestion(name, names)))
                })?;
            let flag = &self.flags[index];
            let mut texts = Vec::new();
            match (&flag.kind, inline) {
                (Kind::Switch, Some(_)) => {
                    return Err(self.error(format!("{} takes no value", name)))
                }
                (Kind::Switch, None) => {}
                (_, Some(value)) => texts.push(value),
                // `[VALUE]`: the next word is its value unless it is a flag, or there is none.
                (_, None) if flag.value.starts_with('[') => {
                    if let Some(word) = words.as_slice().first().filter(|w| !is_flag(w)) {
                        lent = Some((parsed.flags.len(), word.clone()));
                        texts.push(word.clone());
                        words.next();
                    }
                }
                (_, None) => match words.next() {
                    Some(value) => texts.push(value.clone()),
                    None => return Err(self.error(format!("{} needs a value", name))),
                },
            }
            if flag.many == Many::Words {
                while let Some(value) = words.as_slice().first().filter(|w| !is_flag(w)) {
                    texts.push(value.clone());
                    words.next();
                }
                let split = texts
                    .iter()
                    .flat_map(|t| t.split(','))
                    .filter(|v| !v.is_empty());
                texts = split.map(String::from).collect();
            }
            let values = texts
                .iter()
                .map(|text| self.value(flag, text))
                .collect::<Result<Vec<Value>, Failure>>();
            let values = match (values, &lent) {
                // A word an optional value took may be the argument after it instead.
                (Err(_), Some((at, word)))
                    if *at == parsed.flags.len() && parsed.args.len() < self.args.len() =>
                {
                    parsed.push_arg(word)?;
                    lent = None;
                    Vec::new()
                }
                (values, _) => values?,
            };
            match parsed.flags.iter_mut().find(|(f, _)| *f == index) {
                Some((_, earlier)) if flag.many != Many::One => earlier.extend(values),
                Some(_) => return Err(self.error(format!("{} is given twice", name))),
                None => parsed.flags.push((index, values)),
            }
        }
        // `count --estimate 12`: the optional value took N.
        if let Some((at, word)) = lent {
            if parsed.args.len() < self.args.len() {
                parsed.flags[at].1.clear();
                parsed.push_arg(&word)?;
            }
        }
        Ok(Some(parsed))
    }

    /// `text` as a value of `flag`.
    fn value(&self, flag: &Flag, text: &str) -> Result<Value, Failure> {
        let refuse =
            |what: String| self.error(format!("{} must be {}, not {:?}", flag.name, what, text));
        match flag.kind {
            Kind::Switch => unreachable!("a switch has no value"),
            Kind::Number { min, max } => match number(text, max) {
                Some(value) if value >= min => Ok(Value::Number(value)),
                _ => Err(refuse(format!("a number from {} to {}", min, max))),
            },
            Kind::Seconds { min, max } => match text.trim().parse::<f64>() {
                Ok(value) if (min..=max).contains(&value) => Ok(Value::Seconds(value)),
                _ => Err(refuse(format!(
                    "a number of seconds from {} to {}",
                    min, max
                ))),
            },
            Kind::Fraction => match text.trim().parse::<f64>() {
                Ok(value) if (0.0..=1.0).contains(&value) => Ok(Value::Seconds(value)),
                _ => Err(refuse(
                    "a fraction from 0 to 1 (0.25 is a quarter)".to_string(),
                )),
            },
            Kind::Choice { what, choices } => {
                let choices = choices();
                match choices.iter().find(|(name, _)| *name == text) {
                    Some(&(name, _)) => Ok(Value::Name(name)),
                    None => {
                        let names: Vec<&str> = choices.iter().map(|c| c.0).collect();
                        Err(self.error(format!(
                            "unknown {} {:?}; choose {}{}",
                            what,
                            text,
                            or_list(&names),
                            suggestion(text, names.iter().copied())
                        )))
                    }
                }
            }
            Kind::File if text.is_empty() => Err(refuse("a file name".to_string())),
            Kind::File => Ok(Value::Text(text.to_string())),
            Kind::Part => match part(text) {
                Ok((first, last, m)) => Ok(Value::Part(first, last, m)),
                Err(why) => Err(self.error(format!(
                    "{} must be K/M with 1 <= K <= M, such as 2/8, or a range A-B/M with A <= B, such as 1-50/2000, not {:?}{}",
                    flag.name, text, why
                ))),
            },
            Kind::Square => match queen(text) {
                Some((row, col)) => Ok(Value::Square(row, col)),
                // Two whole numbers, one 0 or past any board: a square outside the board.
                None if two_numbers(text) => Err(self.error(format!(
                    "{} {}: outside the board (rows and columns are numbered from 1)",
                    flag.name, text
                ))),
                None => Err(refuse(
                    "ROW,COL (or \"ROW COL\"), two numbers from 1 such as 3,5".to_string(),
                )),
            },
        }
    }
}

/// Parses `K/M`, or says why not beyond the format (a number too large for 64 bits).
fn part(text: &str) -> Result<(u64, u64, u64), String> {
    let (k, m) = text.split_once('/').ok_or_else(String::new)?;
    let (first, last) = k.split_once('-').unwrap_or((k, k));
    let number = |text: &str| {
        let digits = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
        (digits, text.parse::<u64>().ok())
    };
    match (number(first), number(last), number(m)) {
        ((_, Some(a)), (_, Some(b)), (_, Some(m))) if 1 <= a && a <= b && b <= m => Ok((a, b, m)),
        (_, _, (true, None)) => Err(format!(": M is above {}", u64::MAX)),
        ((true, None), _, (true, _)) | (_, (true, None), (true, _)) => {
            Err(format!(": K is above {}", u64::MAX))
        }
        _ => Err(String::new()),
    }
}

/// Whether `text` is two whole numbers as a square is written (`R,C` or `R C`), whatever
/// their size.
fn two_numbers(text: &str) -> bool {
    let fields: Vec<&str> = text
        .split([',', ' ', '\t'])
        .filter(|f| !f.is_empty())
        .collect();
    fields.len() == 2 && fields.iter().all(|f| f.bytes().all(|b| b.is_ascii_digit()))
}

/// Whether a word is a flag: `-` and a letter or another `-`, so `-1` is a (negative) value
/// and `-` is standard input.
fn is_flag(word: &str) -> bool {
    word.starts_with('-') && word.len() > 1 && !word[1..].starts_with(|c: char| c.is_ascii_digit())
}

/// `"a, b or c"`.
pub fn or_list(items: &[&str]) -> String {
    match items {
        [] => String::new(),
        [one] => one.to_string(),
        [init @ .., last] => format!("{} or {}", init.join(", "), last),
    }
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
mod tests;
