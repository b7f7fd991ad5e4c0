//! The integration tests of `numrs_fuzz`, one test binary (each file below was its own binary;
//! one binary links the crate's dependencies once).

mod no_panic;
mod rechunk;
// The same seeded generator as numrs_syntax's tests (one copy).
#[path = "../../../numrs_syntax/tests/it/rng.rs"]
mod rng;
