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

/// The constants the inner function at `path` of `owner` captures when it escapes, as Numba
/// captures them: each name must have one definition in `owner`, a constant. `path` is one
/// segment (no [`numrs_ir::ESCAPED`]): the functions before the last are inlined into
/// `owner`, so names they bind have no definition there (Numba renames them).
pub fn escaped_free_vars(owner: &FunctionIr, path: &[u32]) -> Result<Vec<(String, Value)>, InferError> {
    escaped_free_vars_with(owner, path, &[])
}

/// [`escaped_free_vars`], with the values of some names known otherwise (`known`: what an
/// `@overload` typing function computed when it ran, `k = len(t)`, which its implementation
/// captures: a [`Value::Const`], or a [`Value::Captured`] type with no run-time value).
pub fn escaped_free_vars_with(owner: &FunctionIr, path: &[u32], known: &[(String, Value)]) -> Result<Vec<(String, Value)>, InferError> {
    let Some((&last, inlined)) = path.split_last() else {
        return Err(InferError::typing("undetermined-type", "unknown inner function", None));
    };
    let mut ir = owner;
    let mut bound: Vec<&FunctionIr> = Vec::new();
    for &i in inlined {
        let Some(c) = ir.closures.get(i as usize) else {
            return Err(InferError::typing("undetermined-type", "unknown inner function", None));
        };
        ir = &c.ir;
        bound.push(ir);
    }
    let Some(closure) = ir.closures.get(last as usize) else {
        return Err(InferError::typing("undetermined-type", "unknown inner function", None));
    };
    let mut free = Vec::new();
    let span = def_span(ir, last);
    for name in closure.captured() {
        if let Some((_, c)) = known.iter().find(|(n, _)| *n == name) {
            free.push((name.clone(), c.clone()));
            continue;
        }
        let multiple = || format!("Cannot capture a constant value for variable '{name}' as there are multiple definitions present.");
        let defs: Vec<VarId> = owner
            .blocks
            .iter()
            .flat_map(|b| &b.stmts)
            .filter_map(|s| match &s.kind {
                StmtKind::Assign { target, .. } => {
                    let v = &owner.vars[target.0 as usize];
                    (v.user && v.base == name).then_some(*target)
                }
                _ => None,
            })
            .collect();
        let message = match defs.as_slice() {
            _ if bound.iter().any(|b| b.binds(&name)) => multiple(),
            [one] => match constant_of(owner, *one, 0) {
                Some(c) if crate::constraints::const_type(&c).is_ok() => {
                    free.push((name.clone(), Value::Const(c)));
                    continue;
                }
                _ => format!(
                    "Cannot capture the non-constant value associated with variable '{name}' in a function that may escape."
                ),
            },
            // An argument of the enclosing function, or several assignments.
            [] if owner.arg_names.contains(&name) => format!(
                "Cannot capture the non-constant value associated with variable '{name}' in a function that may escape."
            ),
            _ => multiple(),
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

/// The inner function at `path` of `owner` as the function of its own Numba makes of it when
/// it escapes: its free variables replaced by the constants they hold (in the inner functions
/// nested in it too, where they do not name one of its variables). After each
/// [`numrs_ir::ESCAPED`] in `path`, the function before it (so made) holds the rest.
pub fn escaped_closure_ir(owner: &FunctionIr, path: &[u32]) -> Result<FunctionIr, InferError> {
    escaped_closure_ir_with(owner, path, &[])
}

/// [`escaped_closure_ir`], with values of the owner's names known otherwise (see
/// [`escaped_free_vars_with`]; the first segment only).
pub fn escaped_closure_ir_with(owner: &FunctionIr, path: &[u32], known: &[(String, Value)]) -> Result<FunctionIr, InferError> {
    let mut made: Option<FunctionIr> = None;
    for segment in path.split(|&i| i == numrs_ir::ESCAPED) {
        let holder = made.as_ref().unwrap_or(owner);
        let free = escaped_free_vars_with(holder, segment, if made.is_none() { known } else { &[] })?;
        let Some(closure) = holder.closure_at(segment) else {
            return Err(InferError::typing("undetermined-type", "unknown inner function", None));
        };
        let mut ir = (*closure.ir).clone();
        // Numba's copy takes the captured values as free variables: they have no definition
        // in it (checked before they become constants here).
        numrs_ir::check_escaping_closures(&mut ir);
        substitute(&mut ir, &free, 0);
        made = Some(ir);
    }
    made.ok_or_else(|| InferError::typing("undetermined-type", "unknown inner function", None))
}

fn substitute(ir: &mut FunctionIr, free: &[(String, Value)], depth: u32) {
    if depth > 32 {
        return;
    }
    for block in &mut ir.blocks {
        for stmt in &mut block.stmts {
            if let StmtKind::Assign { value, .. } = &mut stmt.kind {
                if let Value::FreeVar(name) = value {
                    if let Some((_, c)) = free.iter().find(|(n, _)| n == name) {
                        *value = c.clone();
                    }
                }
            }
        }
    }
    // In nested functions, names this one binds are its own, not the captured ones.
    let inner: Vec<(String, Value)> =
        free.iter().filter(|(n, _)| !ir.vars.iter().any(|v| v.user && &v.base == n)).cloned().collect();
    for c in &mut ir.closures {
        c.free_vars.retain(|n| !inner.iter().any(|(m, _)| m == n));
        substitute(&mut c.ir, &inner, depth + 1);
    }
}

/// Type a call of `owner`'s inner function at `path` as the jit function Numba makes of it when it
/// escapes ([`escaped_closure_ir`]), with these arguments, other names resolved by `env` (the
/// enclosing function's module): the typed IR and its typing.
pub fn infer_escaped_closure(owner: &FunctionIr, path: &[u32], args: &[Type], env: &dyn Environment, known: &[(String, Value)]) -> Result<(FunctionIr, InferResult), InferError> {
    let ir = escaped_closure_ir_with(owner, path, known)?;
    let req = crate::engine::InferRequest { ir: &ir, args, return_type: None, locals: &[], env, partial: false };
    let result = crate::engine::infer_function(&req);
    Ok((ir, result))
}
