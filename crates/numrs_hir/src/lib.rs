//! numrs_hir: module-level facts about a Python file, resolved as Numba 0.68.1 resolves them.
//!
//! - [`module_symbols`]: the module's bindings (imports, functions, classes, constants), with
//!   [`ModuleSymbols::lookup`] and [`ModuleSymbols::resolve_dotted`] to follow import aliases.
//! - [`jit_functions`]: the `def`s a jit decorator compiles ([`JitFunction`]): which decorator
//!   ([`JitKind`]), its options ([`JitOptions`], `locals=` types included), and its explicit
//!   signatures ([`SigSpec`]) or why they are invalid ([`SigError`]).
//! - [`parse_signature_str`] / [`signature_from_expr`] / [`eval_type_expr`] / [`numba_type`]:
//!   Numba's signature strings and type expressions, normalized as
//!   `numba.core.sigutils.normalize_signature` does, with names from `numba.core.types`
//!   (generated from Numba by `scripts/gen_hir_names.py`).
//! - [`annotated_signature`]: parameter types from PEP 484 annotations.
//!
//! Plain functions over the AST; nothing here panics on any input.

mod annotations;
mod ctypes_functions;
mod defaults;
mod eval;
mod global_arrays;
mod jit;
mod jitclass;
mod namedtuple;
mod numba_names;

/// Whether `name` is one of Python's builtin names.
pub fn is_python_builtin(name: &str) -> bool {
    numba_names::PY_BUILTINS.contains(&name)
}
mod records;
mod signature;
mod symbols;
mod value;

pub use annotations::{annotated_signature, AnnotatedSig};
pub use ctypes_functions::{ctypes_function_pointer, library_function};
pub use defaults::{default_repr, default_text};
pub use global_arrays::{import_time_value_type, bound_array, bound_array_approx, bound_number_approx, bound_tuple_approx, inexact_value_type, captured_array, bound_complex, bound_datetime, bound_datetime_tuple, frozen_array, bound_layout, bound_number, dtype_of as numpy_dtype, mutated_after, mutating_stmts, slice_literal, tuple_of_arrays, ConstArray, Item as ArrayItem, TupleItem};
pub use records::{as_record, bound_record_array, field_size_align, RecordArray};
pub use jitclass::{deferred_definitions, factory_class, DeferredTarget, jit_classes, jitclass_member_of, mangle_private, ClassMemberDef, JitClass, MemberKind};
pub use namedtuple::{namedtuple_call, typed_namedtuple_class, NamedTupleDef};
pub use jit::{factory_product, find_def, jit_call_target, jitted_factory_call, jit_functions, jit_functions_and_classes, FastMath, JitFunction, JitKind, JitOptions, OptionValue, UfuncIdentity};
pub use signature::{
    eval_type_expr, numba_type, parse_signature_str, signature_from_expr, SigError, SigErrorKind, SigSpec,
};
pub use symbols::{fold_binop, module_symbols, python_float_repr, python_str_repr, Binding, BindingKind, ConstValue, ModuleSymbols};
