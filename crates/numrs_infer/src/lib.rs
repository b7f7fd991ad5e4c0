//! Type inference for one function specialisation, after Numba's `TypeInferer`.
//!
//! Every IR statement becomes a constraint; constraints run in block order until no type
//! variable changes (type variables only grow, by unification). Errors raised while
//! propagating are collected and the first one of the last round is reported, exactly like
//! `ConstraintNetwork.propagate`. Errors raised while *building* constraints (untyped globals,
//! constants that cannot be typed) are reported immediately, as in Numba.

mod arraycall;
mod constraints;
pub mod dufunc;
mod engine;
mod escape;
mod postcheck;
mod prepare;

pub use escape::{escaped_closure_ir, escaped_closure_ir_with, escaped_free_vars, escaped_free_vars_with, infer_escaped_closure};
pub use engine::{infer_function, ClosureTyping, Environment, GlobalValue, InferError, InferRequest, InferResult, Target, UNEVALUATED_OVERLOAD};
pub use constraints::const_type;
pub use arraycall::{array_allocation, ArrayAllocation, Operand, RangeLength};
