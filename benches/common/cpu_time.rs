//! This thread's CPU time, for measurements on a shared machine: time-slicing among
//! other processes stretches wall-clock samples by however long this one waited, by a
//! different amount for each evaluator measured, while the CPU time a loop uses is what
//! it costs (the other processes' cache traffic still counts; that is real). Linux only:
//! reads `/proc/thread-self/schedstat`, whose first field is the nanoseconds this thread
//! has run, accurate to a scheduler tick - so samples should last 0.1 s or more.

use criterion::measurement::{Measurement, ValueFormatter, WallTime};

/// Nanoseconds of CPU this thread has used (0 where the file is missing).
fn cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next().and_then(|x| x.parse().ok()))
        .unwrap_or(0)
}

/// A criterion measurement of this thread's CPU time in nanoseconds (formatted as
/// durations, like wall-clock time).
pub struct CpuTime;

static WALL: WallTime = WallTime;

impl Measurement for CpuTime {
    type Intermediate = u64;
    type Value = u64;

    fn start(&self) -> u64 {
        cpu_ns()
    }
    fn end(&self, start: u64) -> u64 {
        cpu_ns().saturating_sub(start)
    }
    fn add(&self, a: &u64, b: &u64) -> u64 {
        a + b
    }
    fn zero(&self) -> u64 {
        0
    }
    fn to_f64(&self, ns: &u64) -> f64 {
        *ns as f64
    }
    fn formatter(&self) -> &dyn ValueFormatter {
        WALL.formatter()
    }
}
