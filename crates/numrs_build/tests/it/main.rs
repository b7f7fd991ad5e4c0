//! The integration tests of `numrs_build`, one test binary (each file below was its own binary;
//! one binary links the crate's dependencies once).

mod arrays;
mod cache;
mod codegen;
mod dicts;
mod execute;
mod fastmath;
mod lists;
mod optional;
mod parallel;
mod ptx;

/// `numrs_runtime/src/dicts.rs`, compiled into the `dicts` tests, calls `crate::memory`: the
/// services that module's test runtime provides.
use dicts::memory;
