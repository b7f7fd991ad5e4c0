//! The `numrs` command line. The binary (`src/main.rs`) parses arguments and dispatches; the
//! parts it runs live here, so that their unit tests compile with this small library rather
//! than with the whole binary. They are public for the binary and the tests, not as an API.
//! Line suppressions live in `numrs_check::suppress` (shared with the language server); they
//! are re-exported here.

pub use numrs_check::suppress;

#[doc(hidden)]
pub mod args;
#[doc(hidden)]
pub mod build;
#[doc(hidden)]
pub mod config;
#[doc(hidden)]
pub mod emit_types;
#[doc(hidden)]
pub mod inputs;
#[doc(hidden)]
pub mod location;
#[doc(hidden)]
pub mod render;
#[doc(hidden)]
pub mod signatures;

/// Exit status when an error-severity diagnostic remains.
pub const EXIT_ERRORS_FOUND: u8 = 1;
/// Exit status on a usage, configuration or I/O problem.
pub const EXIT_USAGE_OR_IO: u8 = 2;
