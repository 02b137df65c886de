//! Where and how a part was counted: the software, the method, the machine and the time of
//! each run that worked on a checkpoint, as its `run` lines record them.

use std::fmt;
use std::time::{SystemTime, UNIX_EPOCH};

/// One run of `queens count` (or of the library) on a checkpoint: written as a `run` line
/// when the run begins work, covered by the line's checksum like every record.
///
/// A field the system would not tell is `unknown`. Values are written with `%XX` escapes
/// for bytes outside printable ASCII and for space, `%` and `=`, so a CPU model with spaces
/// stays one word.
///
/// # Example
///
/// ```
/// use nqueens::count::checkpoint::Provenance;
///
/// let here = Provenance::here("join", "portable");
/// assert_eq!(here.version, env!("CARGO_PKG_VERSION"));
/// assert_eq!(Provenance::parse(&here.line()), Some(here.clone()));
/// assert!(here.line().starts_with("run version="));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Provenance {
    /// The crate's version.
    pub version: String,
    /// The git commit it was built from (`unknown` when built outside a checkout).
    pub commit: String,
    /// The counter that counted (`join`, `symmetric`).
    pub counter: String,
    /// The SIMD kernel of the join's innermost loop (`avx512`, `avx2`, `portable`; `none` for
    /// counters without one).
    pub kernel: String,
    /// The host name.
    pub host: String,
    /// The CPU model, as `/proc/cpuinfo` names it.
    pub cpu: String,
    /// The operating system and its kernel's release (`Linux 6.1.0-26-amd64`).
    pub os: String,
    /// When the run began, UTC (`2026-11-25T10:00:00Z`).
    pub started: String,
    /// The run's own identity: 16 hex digits drawn from the clock's nanoseconds, the process
    /// and a count of runs in it, so two runs begun in the same second on one host differ.
    pub id: String,
}

/// What a field is when the system would not tell it.
pub const UNKNOWN: &str = "unknown";

impl Provenance {
    /// This process's provenance, for a run of `counter` on `kernel` starting now.
    ///
    /// # Complexity
    ///
    /// A few small reads of `/proc` (on Linux; elsewhere those fields are `unknown`).
    pub fn here(counter: &str, kernel: &str) -> Provenance {
        let read = |path: &str| {
            std::fs::read_to_string(path)
                .ok()
                .map(|text| text.trim().to_string())
                .filter(|text| !text.is_empty())
        };
        let cpu = read("/proc/cpuinfo").and_then(|info| {
            info.lines()
                .find(|line| line.starts_with("model name"))
                .and_then(|line| line.split_once(':'))
                .map(|(_, model)| model.trim().to_string())
        });
        let os = read("/proc/sys/kernel/osrelease")
            .map(|release| format!("{} {}", capitalised(std::env::consts::OS), release));
        Provenance {
            version: env!("CARGO_PKG_VERSION").to_string(),
            commit: env!("NQUEENS_COMMIT").to_string(),
            counter: counter.to_string(),
            kernel: kernel.to_string(),
            host: host(),
            cpu: cpu.unwrap_or_else(|| UNKNOWN.to_string()),
            os: os.unwrap_or_else(|| std::env::consts::OS.to_string()),
            started: utc_now(),
            id: run_id(),
        }
    }

    /// The fields as they are written, in order.
    fn fields(&self) -> [(&'static str, &str); 9] {
        [
            ("version", &self.version),
            ("commit", &self.commit),
            ("counter", &self.counter),
            ("kernel", &self.kernel),
            ("host", &self.host),
            ("cpu", &self.cpu),
            ("os", &self.os),
            ("started", &self.started),
            ("id", &self.id),
        ]
    }

    /// The `run` line (without its checksum).
    pub fn line(&self) -> String {
        let mut line = "run".to_string();
        for (name, value) in self.fields() {
            line += &format!(" {}={}", name, escape(value));
        }
        line
    }

    /// Reads a `run` line (without its checksum): every field, in order.
    pub fn parse(text: &str) -> Option<Provenance> {
        let mut words = text.split(' ');
        if words.next()? != "run" {
            return None;
        }
        let mut get = |name: &str| {
            let word = words.next()?;
            unescape(word.strip_prefix(name)?.strip_prefix('=')?)
        };
        let provenance = Provenance {
            version: get("version")?,
            commit: get("commit")?,
            counter: get("counter")?,
            kernel: get("kernel")?,
            host: get("host")?,
            cpu: get("cpu")?,
            os: get("os")?,
            started: get("started")?,
            id: get("id")?,
        };
        words.next().is_none().then_some(provenance)
    }
}

impl fmt::Display for Provenance {
    /// `version 0.1.0 (commit abc…), join/avx512 on host (cpu, os), started …`.
    /// A control character in a field (a file's text, never a terminal's command) is shown as
    /// U+FFFD.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shown = |field: &str| -> String {
            field
                .chars()
                .map(|c| if c.is_control() { '\u{fffd}' } else { c })
                .collect()
        };
        write!(
            f,
            "nqueens-toolkit {} (commit {}), {}/{} on {} ({}; {}), started {} (run {})",
            shown(&self.version),
            shown(self.commit.get(..12).unwrap_or(&self.commit)),
            shown(&self.counter),
            shown(&self.kernel),
            shown(&self.host),
            shown(&self.cpu),
            shown(&self.os),
            shown(&self.started),
            shown(&self.id)
        )
    }
}

/// This host's name, as the system or `HOSTNAME` says it.
fn host() -> String {
    std::fs::read_to_string("/proc/sys/kernel/hostname")
        .ok()
        .map(|text| text.trim().to_string())
        .filter(|text| !text.is_empty())
        .or_else(|| std::env::var("HOSTNAME").ok())
        .unwrap_or_else(|| UNKNOWN.to_string())
}

/// A new run's identity (see [`Provenance::id`]).
fn run_id() -> String {
    fresh_id(b"run")
}

/// A new identity of what `kind` names (a run, a file): 16 hex digits drawn from the clock's
/// nanoseconds, the process, the host and a count of the identities this process drew.
pub(super) fn fresh_id(kind: &[u8]) -> String {
    static DRAWN: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| since.as_nanos());
    let mut hash = super::Fnv::new();
    hash.bytes(kind);
    hash.bytes(host().as_bytes());
    hash.bytes(&nanos.to_le_bytes());
    hash.word(u64::from(std::process::id()));
    hash.word(DRAWN.fetch_add(1, std::sync::atomic::Ordering::Relaxed));
    format!("{:016x}", hash.finish())
}

fn capitalised(word: &str) -> String {
    let mut chars = word.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// `value` with `%XX` for every byte that is not printable ASCII, and for space, `%`, `=`.
fn escape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for &b in value.as_bytes() {
        if b.is_ascii_graphic() && b != b'%' && b != b'=' {
            out.push(b as char);
        } else {
            out += &format!("%{:02X}", b);
        }
    }
    if out.is_empty() {
        out.push_str("%00");
    }
    out
}

/// The value [`escape`] wrote, if `text` is one.
fn unescape(text: &str) -> Option<String> {
    if text == "%00" {
        return Some(String::new());
    }
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

/// Now, UTC, to the second: `2026-11-25T10:00:00Z` (ISO 8601).
///
/// # Example
///
/// ```
/// let now = nqueens::count::checkpoint::utc_now();
/// assert_eq!(now.len(), 20);
/// assert!(now.ends_with('Z'));
/// ```
pub fn utc_now() -> String {
    let seconds = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| since.as_secs());
    utc(seconds)
}

/// The seconds after 1970-01-01T00:00:00Z of a time as [`utc`] writes it
/// (`2026-11-25T10:00:00Z`); `None` for any other text.
///
/// # Example
///
/// ```
/// use nqueens::count::checkpoint::{utc, utc_seconds};
///
/// assert_eq!(utc_seconds("1970-01-02T00:00:01Z"), Some(86_401));
/// assert_eq!(utc(utc_seconds("2026-11-25T10:00:00Z").unwrap()), "2026-11-25T10:00:00Z");
/// assert_eq!(utc_seconds("unknown"), None);
/// ```
pub fn utc_seconds(text: &str) -> Option<u64> {
    let b = text.as_bytes();
    let shape = b.len() == 20
        && text.char_indices().all(|(i, c)| match i {
            4 | 7 => c == '-',
            10 => c == 'T',
            13 | 16 => c == ':',
            19 => c == 'Z',
            _ => c.is_ascii_digit(),
        });
    if !shape {
        return None;
    }
    let field = |at: usize, len: usize| text[at..at + len].parse::<i64>().ok();
    let (year, month, day) = (field(0, 4)?, field(5, 2)?, field(8, 2)?);
    let (hour, minute, second) = (field(11, 2)?, field(14, 2)?, field(17, 2)?);
    if !(1..=12).contains(&month) || !(1..=31).contains(&day) || hour > 23 || minute > 59 {
        return None;
    }
    // Howard Hinnant's days_from_civil: the day count of a Gregorian date.
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let year_of_era = y - era * 400;
    let day_of_year = (153 * (if month > 2 { month - 3 } else { month + 9 }) + 2) / 5 + day - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    let days = era * 146_097 + day_of_era - 719_468;
    u64::try_from(days * 86_400 + hour * 3600 + minute * 60 + second.min(60)).ok()
}

/// The UTC date and time `seconds` after 1970-01-01T00:00:00Z, in ISO 8601.
///
/// # Example
///
/// ```
/// assert_eq!(nqueens::count::checkpoint::utc(0), "1970-01-01T00:00:00Z");
/// ```
pub fn utc(seconds: u64) -> String {
    let (days, rest) = (seconds / 86_400, seconds % 86_400);
    // Howard Hinnant's civil_from_days: the Gregorian date of a day count.
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let day_of_era = z.rem_euclid(146_097);
    let year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let mp = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = year_of_era + era * 400 + i64::from(month <= 2);
    format!(
        "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}Z",
        year,
        month,
        day,
        rest / 3600,
        rest / 60 % 60,
        rest % 60
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_are_utc_dates() {
        assert_eq!(utc(0), "1970-01-01T00:00:00Z");
        assert_eq!(utc(951_782_400), "2000-02-29T00:00:00Z");
        assert_eq!(utc(1_795_608_000), "2026-11-25T12:00:00Z");
        assert_eq!(utc(4_107_542_399), "2100-02-28T23:59:59Z");
        assert_eq!(utc(4_107_542_400), "2100-03-01T00:00:00Z");
    }

    #[test]
    fn any_value_survives_the_line() {
        for value in [
            "",
            "Example CPU 9000 64-Core Processor",
            "a=b%c",
            "é\t\n",
            "%00",
        ] {
            assert_eq!(unescape(&escape(value)).as_deref(), Some(value));
            assert!(!escape(value).contains([' ', '=']));
        }
        let mut odd = Provenance::here("join", "avx2");
        odd.cpu = "x = 100% fast".to_string();
        odd.host = String::new();
        assert_eq!(Provenance::parse(&odd.line()), Some(odd.clone()));
        assert_eq!(Provenance::parse(&format!("{} extra=1", odd.line())), None);
        assert_eq!(Provenance::parse("run version=1"), None);
    }
}
