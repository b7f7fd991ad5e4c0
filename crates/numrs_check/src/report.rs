//! Report types: plain data, independent of how they are rendered.

use std::collections::BTreeMap;

use numrs_db::Diagnostic;

/// Everything `numrs check` knows about one file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileReport {
    pub path: String,
    /// Jit functions in order of their `def` line.
    pub functions: Vec<FunctionReport>,
    /// All diagnostics of the file (syntax errors, per-signature typing errors, notes),
    /// sorted by position.
    pub diagnostics: Vec<Diagnostic>,
    /// The specializations of this file's lazily compiled functions that its code calls
    /// (the typed form of their `SignatureOrigin::Caller` reports): `(index in
    /// `module_info(file).functions`, argument types)`.
    pub caller_specs: Vec<(usize, Vec<numrs_types::Type>)>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FunctionReport {
    pub name: String,
    /// The `def`'s name where it differs from `name` (a factory's product, bound to another
    /// module-level name): Numba's dispatcher bears it, so `--emit-types` lists it.
    pub def_name: Option<String>,
    /// 1-based line of the `def` keyword.
    pub line: u32,
    /// Whether the decorator carries explicit signatures (only those are in `--emit-types`
    /// output, matching the oracle's schema).
    pub explicit_signatures: bool,
    pub signatures: Vec<SignatureReport>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SignatureOrigin {
    /// Written in the decorator (`@njit("float64(int64)")`).
    Decorator,
    /// From PEP 484 annotations on the parameters.
    Annotations,
    /// Specialised for a call from another typed jit function.
    Caller,
    /// From a `--signatures` file.
    Recorded,
    /// For a call in the module's own top-level code (Numba compiles it when the module is
    /// imported).
    ModuleCall,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SignatureReport {
    /// Argument types as Numba prints them.
    pub args: Vec<String>,
    pub origin: SignatureOrigin,
    pub outcome: SignatureOutcome,
    /// `reveal_type(x)` calls: (1-based line, type of `x`), for tests and the curious.
    pub reveals: Vec<(u32, String)>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SignatureOutcome {
    Ok {
        return_type: String,
        /// User-visible variables → sorted unique types over their SSA versions.
        locals: BTreeMap<String, Vec<String>>,
    },
    Err {
        /// Numba's exception class name (`TypingError`, ...).
        kind: String,
        /// 1-based line Numba would attribute the error to, if known.
        line: Option<u32>,
        message: String,
    },
}
