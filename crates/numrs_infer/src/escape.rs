//! Inner functions that escape: passed as a value to another jit function.
//!
//! Numba inlines the direct calls of an inner function (`InlineClosureLikeCalls`); one that is
//! still referenced after that becomes a jit function of its own (`MakeFunctionToJitFunction`),
//! a dispatcher typed `type(CPUDispatcher(<function outer.<locals>.f>))`, compiled for the
//! arguments it is called with. Its free variables are captured as constants: each must have
//! one definition, a constant, in the enclosing function.

use numrs_ir::{FunctionIr, StmtKind, Value, VarId};
use numrs_syntax::ast::Span;
use numrs_types::Type;

use crate::engine::{Environment, InferError};

/// The constant the variable `var` of `ir` holds, followed through copies.
fn constant_of(ir: &FunctionIr, var: VarId, depth: u32) -> Option<Type> {
    if depth > 16 {
        return None;
    }
    let mut found = None;
    for block in &ir.blocks {
        for stmt in &block.stmts {
            if let StmtKind::Assign { target, value } = &stmt.kind {
                if *target == var {
                    found = Some(value);
                }
            }
        }
    }
    match found? {
        Value::Const(c) => crate::constraints::const_type(c).ok(),
        Value::Var(v) => constant_of(ir, *v, depth + 1),
        _ => None,
    }
}

/// The span of the `def` (or lambda) of inner function `idx`.
fn def_span(owner: &FunctionIr, idx: u32) -> Option<Span> {
    owner.blocks.iter().flat_map(|b| &b.stmts).find_map(|s| match &s.kind {
        StmtKind::Assign { value: Value::MakeFunction { closure }, .. } if *closure == idx => Some(s.span),
        _ => None,
    })
}

/// The types of the free variables of `owner`'s inner function `idx`, captured as Numba
/// captures them when the function escapes: the constant each one is assigned once.
pub fn escaped_free_vars(owner: &FunctionIr, idx: u32) -> Result<Vec<(String, Type)>, InferError> {
    let Some(closure) = owner.closures.get(idx as usize) else {
        return Err(InferError::typing("undetermined-type", "unknown inner function", None));
    };
    let mut free = Vec::new();
    for name in &closure.free_vars {
        let defs: Vec<VarId> = owner
            .blocks
            .iter()
            .flat_map(|b| &b.stmts)
            .filter_map(|s| match &s.kind {
                StmtKind::Assign { target, .. } => {
                    let v = &owner.vars[target.0 as usize];
                    (v.user && &v.base == name).then_some(*target)
                }
                _ => None,
            })
            .collect();
        let span = def_span(owner, idx);
        let message = match defs.as_slice() {
            [one] => match constant_of(owner, *one, 0) {
                Some(t) => {
                    free.push((name.clone(), t));
                    continue;
                }
                None => format!(
                    "Cannot capture the non-constant value associated with variable '{name}' in a function that may escape."
                ),
            },
            // An argument of the enclosing function, or several assignments.
            [] if owner.arg_names.contains(name) => format!(
                "Cannot capture the non-constant value associated with variable '{name}' in a function that may escape."
            ),
            _ => format!("Cannot capture a constant value for variable '{name}' as there are multiple definitions present."),
        };
        let mut e = InferError::typing("unsupported-syntax", message, span);
        e.notes.push(format!(
            "'{}' is passed as a value, so Numba compiles it as a function of its own, which can only capture constants",
            closure.name
        ));
        return Err(e);
    }
    Ok(free)
}

/// Type a call of `owner`'s inner function `idx` as the jit function Numba makes of it when it
/// escapes: its body typed with these arguments, its free variables the constants they hold
/// and other names resolved by `env` (the enclosing function's module).
pub fn infer_escaped_closure(owner: &FunctionIr, idx: u32, args: &[Type], env: &dyn Environment) -> Result<Type, InferError> {
    let Some(closure) = owner.closures.get(idx as usize) else {
        return Err(InferError::typing("undetermined-type", "unknown inner function", None));
    };
    let free = escaped_free_vars(owner, idx)?;
    let env = crate::constraints::ClosureEnv { parent: env, free };
    let req = crate::engine::InferRequest { ir: &closure.ir, args, return_type: None, locals: &[], env: &env, partial: false };
    crate::engine::infer_function(&req).outcome
}
