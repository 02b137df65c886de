//! How big a count is before it is run: a seeded random sample of its units of work, counted,
//! gives the count with its standard error and the core-hours the whole count would take on
//! this machine — what a person planning a cluster run needs first.
//!
//! # The estimator
//!
//! Each sample picks one of the `U` units uniformly at random. A counter whose units are small
//! enough counts it exactly; one whose units are too big (the symmetric search on large
//! boards) walks down from it along random choices, as Knuth's estimator of a search tree does
//! ("Estimating the efficiency of backtrack programs", 1975): at each row it takes one of the
//! `b` allowed columns at random and multiplies the sample's weight by `b`, until few rows are
//! left, then counts the rest exactly. A sample's counts times its weight times `U` is an
//! unbiased estimate of the whole count, and so is its time times its weight times `U` of the
//! whole count's time on one core. The estimate is the mean over the samples, and its error the
//! standard error of that mean (the sample standard deviation over the square root of the
//! number of samples): the true value lies within one error about two times in three, within
//! two errors about 19 times in 20.

use super::CountError;
use crate::count::problem::Ask;
use crate::rng::SplitMix64;
use std::time::{Duration, Instant};

/// What a sample of a count says of the whole.
#[derive(Clone, Debug, PartialEq)]
pub struct Estimate {
    /// What is counted.
    pub ask: Ask,
    /// The estimated count.
    pub count: f64,
    /// Its standard error (`f64::INFINITY` with fewer than 2 samples).
    pub error: f64,
    /// The estimated time of the whole count on one core of this machine, in seconds.
    pub core_seconds: f64,
    /// Its standard error.
    pub core_seconds_error: f64,
    /// The share of [`Estimate::core_seconds`] that does not split among a task's threads:
    /// where they work together on one unit (the join's crew, from n = 28: building the
    /// lists, choosing the sieve's cut, meeting small row sets in one call), the seconds one
    /// thread works while the others wait; 0 where each thread counts units of its own.
    pub serial_seconds: f64,
    /// The samples taken.
    pub samples: u64,
    /// Whether there are samples enough ([`TRUSTED_FROM`]) for the error to say how far off
    /// the estimate may be: the units of a count differ by orders of magnitude, so a few
    /// samples can miss the large ones and look precise while far off.
    pub trusted: bool,
    /// The units of work the count is made of.
    pub units: u64,
    /// The time the sample took.
    pub elapsed: Duration,
    /// Each sample's estimate of its unit's time on one core, in seconds, in the order drawn:
    /// what [`Estimate::parts`] makes the lengths of parts from.
    pub unit_seconds: Vec<f64>,
}

/// How long the parts of a count cut into `M` parts take on one core, as [`Estimate::parts`]
/// predicts them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PartSpread {
    /// The parts of a count holding no unit (when `M` is above the units).
    pub empty: u64,
    /// The units of a part that holds some: this many or one more.
    pub units: u64,
    /// The median part's seconds on one core.
    pub median: f64,
    /// The largest part's seconds on one core, about.
    pub largest: f64,
}

impl Estimate {
    /// The core-seconds of the whole count run in tasks of `threads` threads: while one
    /// thread does the serial share ([`Estimate::serial_seconds`]) the others wait, holding
    /// their cores, so each thread beyond the first adds that share again (Amdahl's law,
    /// counted in the cores a task holds).
    ///
    /// # Example
    ///
    /// ```
    /// use std::time::Duration;
    /// use nqueens::count::{estimate, join::Kernel, Problem};
    ///
    /// let guess = estimate(&Problem::total(14), Duration::from_millis(30), 1, Kernel::best(), None).unwrap();
    /// assert_eq!(guess.core_seconds_on(1), guess.core_seconds);
    /// assert!(guess.core_seconds_on(8) >= guess.core_seconds);
    /// ```
    pub fn core_seconds_on(&self, threads: usize) -> f64 {
        self.core_seconds + self.serial_seconds * threads.saturating_sub(1) as f64
    }

    /// The part of the count's time that does not split among threads, from 0 to 1.
    pub fn serial_share(&self) -> f64 {
        match self.core_seconds > 0.0 {
            true => (self.serial_seconds / self.core_seconds).clamp(0.0, 1.0),
            false => 0.0,
        }
    }

    /// The spread of the times of the parts of this count cut into `parts` (each part every
    /// M-th unit), from the sampled units' times ([`Estimate::unit_seconds`]): parts are
    /// drawn from them with the same random stream every time, as many as the count has (at
    /// most 100,000 draws; past that the largest is the largest drawn). `None` without
    /// samples.
    ///
    /// Each sampled unit's time is itself estimated from one piece of it, so the spread
    /// predicted is wider than the true one: the median is about right and the largest part is
    /// an overestimate, the safe side for a time limit.
    ///
    /// # Panics
    ///
    /// Panics if `parts` is 0.
    ///
    /// # Complexity
    ///
    /// O(min(parts, 100,000) × units a part), capped at some 10⁷ additions.
    ///
    /// # Example
    ///
    /// ```
    /// use std::time::Duration;
    /// use nqueens::count::{estimate, join::Kernel, Problem};
    ///
    /// let guess = estimate(&Problem::total(14), Duration::from_millis(30), 1, Kernel::best(), None).unwrap();
    /// let spread = guess.parts(10).unwrap();
    /// assert_eq!(spread.empty, 0);
    /// assert!(spread.median <= spread.largest);
    /// ```
    pub fn parts(&self, parts: u64) -> Option<PartSpread> {
        assert!(parts > 0, "a count is cut into 1 part or more");
        if self.unit_seconds.is_empty() {
            return None;
        }
        let units = self.units;
        let empty = parts.saturating_sub(units);
        let per = units / parts;
        let longer = units % parts;
        let per_draw = per.max(1) + u64::from(longer > 0);
        let draws = parts
            .min(100_000)
            .min((10_000_000 / per_draw).max(1000))
            .min(parts - empty);
        let mut rng = SplitMix64::new(0x5eed_0f9a_2700);
        let samples = &self.unit_seconds;
        let mut lengths: Vec<f64> = (0..draws)
            .map(|i| {
                // As many parts of per + 1 units as the count has.
                let held = per + u64::from(i * parts / draws.max(1) < longer);
                (0..held.max(1))
                    .map(|_| samples[rng.below(samples.len() as u64) as usize])
                    .sum()
            })
            .collect();
        lengths.sort_by(f64::total_cmp);
        Some(PartSpread {
            empty,
            units: per.max(1),
            median: lengths[lengths.len() / 2],
            largest: lengths[lengths.len() - 1],
        })
    }
}

/// The fewest samples whose standard error an estimate trusts.
pub const TRUSTED_FROM: u64 = 30;

/// A running mean and variance (Welford's method).
#[derive(Default)]
struct Moments {
    n: f64,
    mean: f64,
    m2: f64,
}

impl Moments {
    fn add(&mut self, x: f64) {
        self.n += 1.0;
        let delta = x - self.mean;
        self.mean += delta / self.n;
        self.m2 += delta * (x - self.mean);
    }

    /// The standard error of the mean.
    fn error(&self) -> f64 {
        if self.n < 2.0 {
            f64::INFINITY
        } else {
            (self.m2 / (self.n - 1.0) / self.n).sqrt()
        }
    }
}

/// One sample below a unit: what it counted, and how much of the unit it stands for.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Sampled {
    /// The counts found (placements, classes).
    pub counts: [u64; 2],
    /// How many such samples the unit holds, on average: the unit is `weight` times the
    /// sample (1 for the unit counted whole).
    pub weight: f64,
    /// The time the sample stands for in a whole count, when it is not the time it took (work
    /// the whole count shares among many such samples, counted here by its share); `None`:
    /// the time it took.
    pub seconds: Option<f64>,
    /// The seconds of that time which, in a count whose threads work together on one unit
    /// (a crew), one thread works while the others wait; 0 where threads share nothing.
    pub serial: f64,
}

/// Estimates a count of `units` by sampling them for about `budget` (at least two samples,
/// however long they take), with the random stream of `seed`: `sample(scratch, unit, rng)`
/// takes one random sample below `unit`.
///
/// # Errors
///
/// The first error of `scratch` or `sample`.
pub(crate) fn estimate_units<T, S>(
    ask: Ask,
    units: &[T],
    budget: Duration,
    seed: u64,
    scratch: impl Fn() -> Result<S, CountError>,
    sample: impl Fn(&mut S, &T, &mut SplitMix64) -> Result<Sampled, CountError>,
) -> Result<Estimate, CountError> {
    let started = Instant::now();
    let mut rng = SplitMix64::new(seed);
    let mut own = scratch()?;
    let (mut counts, mut times) = (Moments::default(), Moments::default());
    let mut serial = Moments::default();
    let mut unit_seconds = Vec::new();
    let whole = units.len() as f64;
    // Sampling stops at the budget, or sooner once it has taken many times what the whole
    // count would (a count of milliseconds is not sampled for ten seconds).
    let enough = |counts: &Moments, times: &Moments| {
        let spent = started.elapsed().as_secs_f64();
        counts.n >= TRUSTED_FROM as f64 && spent >= SAMPLED_AT_LEAST && spent > 50.0 * times.mean
    };
    while !units.is_empty()
        && (counts.n < 2.0 || (started.elapsed() < budget && !enough(&counts, &times)))
    {
        let unit = &units[rng.below(units.len() as u64) as usize];
        let began = Instant::now();
        let sampled = sample(&mut own, unit, &mut rng)?;
        let took = sampled
            .seconds
            .unwrap_or_else(|| began.elapsed().as_secs_f64());
        let found = match ask {
            Ask::Total => sampled.counts[0],
            Ask::Unique => sampled.counts[1],
        };
        counts.add(found as f64 * sampled.weight * whole);
        times.add(took * sampled.weight * whole);
        serial.add(sampled.serial.min(took) * sampled.weight * whole);
        // Kept only while there is room (a sample a microsecond for hours would not fit).
        if unit_seconds.len() < MOST_KEPT && unit_seconds.try_reserve(1).is_ok() {
            unit_seconds.push(took * sampled.weight);
        }
    }
    // No unit to sample (a part past the last unit): the count is exactly nothing.
    let exact = units.is_empty();
    Ok(Estimate {
        ask,
        count: counts.mean,
        error: if exact { 0.0 } else { counts.error() },
        core_seconds: times.mean,
        core_seconds_error: if exact { 0.0 } else { times.error() },
        serial_seconds: serial.mean,
        samples: counts.n as u64,
        trusted: exact || counts.n as u64 >= TRUSTED_FROM,
        units: units.len() as u64,
        elapsed: started.elapsed(),
        unit_seconds,
    })
}

/// The least time an estimate samples for when the whole count is quicker than its budget
/// (its samples must still be many; seconds).
const SAMPLED_AT_LEAST: f64 = 0.25;

/// The most units' times an estimate keeps (8 MB).
const MOST_KEPT: usize = 1 << 20;

#[cfg(test)]
mod tests {
    use super::*;

    fn whole(count: u64) -> Sampled {
        Sampled {
            counts: [count, 0],
            weight: 1.0,
            seconds: None,
            serial: 0.0,
        }
    }

    #[test]
    fn an_exact_sample_of_equal_units_has_no_error() {
        let units = vec![5u64; 100];
        let estimate = estimate_units(
            Ask::Total,
            &units,
            Duration::ZERO,
            1,
            || Ok(()),
            |_, &unit, _| Ok(whole(unit)),
        )
        .unwrap();
        assert_eq!(estimate.samples, 2);
        assert_eq!(estimate.count, 500.0);
        assert_eq!(estimate.error, 0.0);
        // Two samples look exact here, and an estimate says it cannot trust them.
        assert!(!estimate.trusted);
    }

    #[test]
    fn the_estimate_of_unequal_units_is_near_their_sum() {
        let units: Vec<u64> = (1..=1000).collect();
        let estimate = estimate_units(
            Ask::Total,
            &units,
            Duration::from_millis(50),
            7,
            || Ok(()),
            |_, &unit, _| Ok(whole(unit)),
        )
        .unwrap();
        let sum = 500_500.0;
        assert!(estimate.samples > 100 && estimate.trusted);
        assert!(
            (estimate.count - sum).abs() < 4.0 * estimate.error,
            "{:?}",
            estimate
        );
    }
}
