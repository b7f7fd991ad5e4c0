//! Inner functions that escape: passed as a value to another jit function.
//!
//! Numba inlines the direct calls of an inner function (`InlineClosureLikeCalls`); one that is
//! still referenced after that becomes a jit function of its own (`MakeFunctionToJitFunction`),
//! a dispatcher typed `type(CPUDispatcher(<function outer.<locals>.f>))`, compiled for the
//! arguments it is called with. Its free variables are captured as constants: each must have
//! one definition, a constant, in the enclosing function.

use numrs_ir::{FunctionIr, StmtKind, Value, VarId};
use numrs_syntax::ast::{Constant, Span};
use numrs_types::Type;

use crate::engine::{Environment, InferError, InferResult};

/// The constant the variable `var` of `ir` holds, followed through copies.
fn constant_of(ir: &FunctionIr, var: VarId, depth: u32) -> Option<Constant> {
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
        Value::Const(c) => Some(c.clone()),
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
pub fn escaped_free_vars(owner: &FunctionIr, idx: u32) -> Result<Vec<(String, Constant)>, InferError> {
    let Some(closure) = owner.closures.get(idx as usize) else {
        return Err(InferError::typing("undetermined-type", "unknown inner function", None));
    };
    let mut free = Vec::new();
    let span = def_span(owner, idx);
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
        let message = match defs.as_slice() {
            [one] => match constant_of(owner, *one, 0) {
                Some(c) if crate::constraints::const_type(&c).is_ok() => {
                    free.push((name.clone(), c));
                    continue;
                }
                _ => format!(
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

/// `owner`'s inner function `idx` as the function of its own Numba makes of it when it
/// escapes: its free variables replaced by the constants they hold (in the inner functions
/// nested in it too, where they do not name one of its variables).
pub fn escaped_closure_ir(owner: &FunctionIr, idx: u32) -> Result<FunctionIr, InferError> {
    let Some(closure) = owner.closures.get(idx as usize) else {
        return Err(InferError::typing("undetermined-type", "unknown inner function", None));
    };
    let free = escaped_free_vars(owner, idx)?;
    let mut ir = (*closure.ir).clone();
    substitute(&mut ir, &free, 0);
    Ok(ir)
}

fn substitute(ir: &mut FunctionIr, free: &[(String, Constant)], depth: u32) {
    if depth > 32 {
        return;
    }
    for block in &mut ir.blocks {
        for stmt in &mut block.stmts {
            if let StmtKind::Assign { value, .. } = &mut stmt.kind {
                if let Value::FreeVar(name) = value {
                    if let Some((_, c)) = free.iter().find(|(n, _)| n == name) {
                        *value = Value::Const(c.clone());
                    }
                }
            }
        }
    }
    // In nested functions, names this one binds are its own, not the captured ones.
    let inner: Vec<(String, Constant)> =
        free.iter().filter(|(n, _)| !ir.vars.iter().any(|v| v.user && &v.base == n)).cloned().collect();
    for c in &mut ir.closures {
        c.free_vars.retain(|n| !inner.iter().any(|(m, _)| m == n));
        substitute(&mut c.ir, &inner, depth + 1);
    }
}

/// Type a call of `owner`'s inner function `idx` as the jit function Numba makes of it when it
/// escapes ([`escaped_closure_ir`]), with these arguments, other names resolved by `env` (the
/// enclosing function's module): the typed IR and its typing.
pub fn infer_escaped_closure(owner: &FunctionIr, idx: u32, args: &[Type], env: &dyn Environment) -> Result<(FunctionIr, InferResult), InferError> {
    let ir = escaped_closure_ir(owner, idx)?;
    let req = crate::engine::InferRequest { ir: &ir, args, return_type: None, locals: &[], env, partial: false };
    let result = crate::engine::infer_function(&req);
    Ok((ir, result))
}
