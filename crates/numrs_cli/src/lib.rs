//! The reusable part of the `numrs` command line. Line suppressions live in
//! `numrs_check::suppress` (shared with the language server); they are re-exported here.

pub use numrs_check::suppress;
