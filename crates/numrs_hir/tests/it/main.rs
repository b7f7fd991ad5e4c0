//! The integration tests of `numrs_hir`, one test binary (each file below was its own binary;
//! one binary links the crate's dependencies once).

mod annotations;
mod decorators;
mod global_arrays;
mod robustness;
mod signature_strings;
mod symbols;
mod type_exprs;
