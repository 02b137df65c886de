//! What a re-check works on and reports: the parts given, their recorded counts, and the CPU
//! time a re-count took.

use std::path::PathBuf;

/// A part to re-count: its count, and every file that records it with what it records.
pub struct Part {
    pub n: u32,
    pub part: (u64, u64),
    pub files: Vec<(PathBuf, u128)>,
    pub cpu_seconds: Option<f64>,
}

/// When a re-count began: the process's CPU time then, where the system tells it, and the
/// clock's.
pub struct Spent(Option<f64>, std::time::Instant);

impl Spent {
    pub fn start() -> Spent {
        Spent(cpu_seconds(), std::time::Instant::now())
    }

    /// The CPU seconds of every thread since, else the wall time's.
    pub fn seconds(&self) -> f64 {
        match (self.0, cpu_seconds()) {
            (Some(before), Some(after)) => after - before,
            _ => self.1.elapsed().as_secs_f64(),
        }
    }
}

/// "1 part", "4 parts".
pub fn parts_of(count: usize) -> String {
    match count {
        1 => "1 part".to_string(),
        _ => format!("{} parts", count),
    }
}

/// The CPU time of this process, every thread, in seconds (to Linux's clock ticks of 10 ms),
/// where the system tells it (`/proc/self/stat`).
pub fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the command's name (which may hold spaces) in parentheses.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks = |i: usize| fields.get(i)?.parse::<u64>().ok();
    // utime and stime, the 14th and 15th fields, the 12th and 13th after the name.
    Some((ticks(11)? + ticks(12)?) as f64 / 100.0)
}
