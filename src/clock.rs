//! The time a search has used: the CPU time of its thread where the system tells it (Linux's
//! `/proc/thread-self/schedstat`), else the wall clock.
//!
//! A time limit in CPU time means the same work on a loaded machine as on an idle one; the
//! wall clock, the fallback, gives a loaded machine less done in the same limit.

use std::time::{Duration, Instant};

/// A stopwatch of the calling thread's CPU time (or of wall-clock time where that is not
/// known), started by [`Clock::start`].
#[derive(Clone, Copy, Debug)]
pub struct Clock {
    /// The thread's CPU nanoseconds at the start, if the system tells them.
    cpu: Option<u64>,
    wall: Instant,
}

/// The CPU nanoseconds the calling thread has run, if the system says.
fn thread_cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

impl Clock {
    /// A stopwatch started now, on the calling thread.
    ///
    /// (Its example is the unit test `examples::a_stopwatch` at the bottom of this file.)
    pub fn start() -> Clock {
        Clock {
            cpu: thread_cpu_ns(),
            wall: Instant::now(),
        }
    }

    /// The time used since the start: the thread's CPU time, or the wall clock's.
    ///
    /// Call it from the thread that started the clock.
    ///
    /// # Complexity
    ///
    /// A read of a small file (a few microseconds) when it measures CPU time.
    pub fn elapsed(&self) -> Duration {
        match (self.cpu, thread_cpu_ns()) {
            (Some(start), Some(now)) => Duration::from_nanos(now.saturating_sub(start)),
            _ => self.wall.elapsed(),
        }
    }
}

#[cfg(test)]
mod examples {
    //! The examples of this private module's docs, run as unit tests.

    #[test]
    fn a_stopwatch() {
        let clock = crate::clock::Clock::start();
        let spun = (0..1_000_000u64).fold(0u64, |a, b| a.wrapping_add(b * b));
        assert!(spun > 0);
        assert!(clock.elapsed() < std::time::Duration::from_secs(60));
    }
}
