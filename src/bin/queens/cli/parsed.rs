//! The words of one command line as its spec read them: positional arguments and the typed
//! values of its flags.

use super::{Spec, Value};
use crate::failure::Failure;
use nqueens::read::number;

/// The words of one command line, read by its [`Spec`].
pub struct Parsed {
    pub(super) spec: &'static Spec,
    pub(super) args: Vec<String>,
    /// Each flag given (its index in the spec) and its values.
    pub(super) flags: Vec<(usize, Vec<Value>)>,
}

impl Parsed {
    /// Adds a positional argument, or refuses one too many.
    pub(super) fn push_arg(&mut self, word: &str) -> Result<(), Failure> {
        let repeats = self
            .spec
            .args
            .last()
            .is_some_and(|a| a.name.ends_with("..."));
        if self.args.len() == self.spec.args.len() && !repeats {
            return Err(self.error(format!("unexpected argument {:?}", word)));
        }
        self.args.push(word.to_string());
        Ok(())
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

    fn values(&self, name: &str) -> Option<&[Value]> {
        let index = self.spec.flags.iter().position(|f| f.name == name);
        debug_assert!(
            index.is_some(),
            "{} is not a flag of {}",
            name,
            self.spec.name
        );
        let given = self.flags.iter().find(|(f, _)| Some(*f) == index);
        given.map(|(_, values)| values.as_slice())
    }

    /// Whether the flag `name` was given.
    pub fn has(&self, name: &str) -> bool {
        self.values(name).is_some()
    }

    fn first(&self, name: &str) -> Option<&Value> {
        self.values(name).and_then(|v| v.first())
    }

    /// The value of the number flag `name`, if given (and, for `[N]`, given a value).
    pub fn number(&self, name: &str) -> Option<u64> {
        match self.first(name)? {
            Value::Number(n) => Some(*n),
            other => unreachable!("{} is not a number: {:?}", name, other),
        }
    }

    /// The value of the seconds flag `name`, if given.
    pub fn seconds(&self, name: &str) -> Option<f64> {
        match self.first(name)? {
            Value::Seconds(s) => Some(*s),
            other => unreachable!("{} is not seconds: {:?}", name, other),
        }
    }

    /// The name chosen with the flag `name`, if given.
    pub fn choice(&self, name: &str) -> Option<&'static str> {
        self.choices(name).first().copied()
    }

    /// Every name chosen with the flag `name` (of several values), as given.
    pub fn choices(&self, name: &str) -> Vec<&'static str> {
        let values = self.values(name).unwrap_or(&[]);
        values
            .iter()
            .map(|v| match v {
                Value::Name(n) => *n,
                other => unreachable!("{} is not a choice: {:?}", name, other),
            })
            .collect()
    }

    /// The file of the flag `name`, if given.
    pub fn file(&self, name: &str) -> Option<&str> {
        self.files(name).first().copied()
    }

    /// Every file of the flag `name` (repeated), as given.
    pub fn files(&self, name: &str) -> Vec<&str> {
        let values = self.values(name).unwrap_or(&[]);
        values
            .iter()
            .map(|v| match v {
                Value::Text(t) => t.as_str(),
                other => unreachable!("{} is not a file: {:?}", name, other),
            })
            .collect()
    }

    /// The part `(K, M)` of the flag `name`, if given.
    pub fn part(&self, name: &str) -> Option<(u64, u64, u64)> {
        match self.first(name)? {
            Value::Part(first, last, m) => Some((*first, *last, *m)),
            other => unreachable!("{} is not a part: {:?}", name, other),
        }
    }

    /// Every square of the flag `name` (repeated), 1-based.
    pub fn squares(&self, name: &str) -> Vec<(u64, u64)> {
        let values = self.values(name).unwrap_or(&[]);
        values
            .iter()
            .map(|v| match v {
                Value::Square(r, c) => (*r, *c),
                other => unreachable!("{} is not a square: {:?}", name, other),
            })
            .collect()
    }

    /// Refuses the flags of `names` that were given, as ones that do nothing here and why.
    pub fn refuse(&self, names: &[&str], why: &str) -> Result<(), Failure> {
        match names.iter().find(|name| self.has(name)) {
            Some(name) => Err(self.error(format!("{} {}", name, why))),
            None => Ok(()),
        }
    }

    /// The board size N, the first argument, from 1 to `max` (the judge's rule for numbers).
    pub fn board_size(&self, max: u64) -> Result<Option<u32>, Failure> {
        self.arg(0)
            .map(|text| match number(text, max) {
                Some(n) if n >= 1 => Ok(n as u32),
                _ => Err(self.error(format!(
                    "N must be a number from 1 to {}, not {:?}",
                    max, text
                ))),
            })
            .transpose()
    }
}
