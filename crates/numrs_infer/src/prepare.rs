//! Numba's untyped rewrites that depend on the argument types, run on the IR before typing:
//! `RewriteSemanticConstants` + `DeadBranchPrune` (numba/core/untyped_passes.py,
//! numba/core/analysis.py) and, for functions that use `isinstance`/`hasattr`, the
//! `LiteralPropagationSubPipelinePass` (partial typing, `PropagateLiterals`, then semantic
//! constants and branch pruning again).

use numrs_ir::{dead_branch_prune, FunctionIr, PruneConst, PruneOracle, StmtKind, Value, VarId};
use numrs_syntax::ast::Constant;
use numrs_types::Type;

use crate::engine::{GlobalValue, InferError, InferRequest};

struct Oracle<'a> {
    args: &'a [Type],
    env: &'a dyn crate::engine::Environment,
}

impl PruneOracle for Oracle<'_> {
    /// `resolve_input_arg_const`: `none` (or an omitted `None`) is itself; a literal resolves
    /// to its type (which only compares with `None`); anything else is unknown.
    fn arg(&self, index: u32) -> Option<PruneConst> {
        match self.args.get(index as usize)? {
            Type::NoneType => Some(PruneConst::NoneType),
            Type::Omitted(d) if &**d == "None" => Some(PruneConst::NoneType),
            Type::IntegerLiteral(_) | Type::BooleanLiteral(_) | Type::StringLiteral(_) => Some(PruneConst::TypeObj),
            _ => None,
        }
    }

    fn global(&self, name: &str) -> Option<PruneConst> {
        match self.env.resolve_global(name) {
            GlobalValue::Type(t) => match t {
                Type::IntegerLiteral(v) => Some(PruneConst::Int(v)),
                Type::BooleanLiteral(b) => Some(PruneConst::Bool(b)),
                Type::StringLiteral(s) => Some(PruneConst::Str(s.to_string())),
                Type::NoneType => Some(PruneConst::NoneType),
                Type::Module(_)
                | Type::Function(_)
                | Type::Dispatcher(_)
                | Type::NumberClass(_)
                | Type::TypeRef(_)
                | Type::ExceptionClass(_) => {
                    Some(PruneConst::Truthy)
                }
                _ => None,
            },
            GlobalValue::Untyped(_) => None,
        }
    }
}

/// Replace the statements `rewrite_semantic_constants` turns into constants.
fn apply_semantic_constants(ir: &FunctionIr, req: &InferRequest<'_>) -> Option<FunctionIr> {
    let consts = crate::engine::semantic_constants(ir, req.args, req.env);
    if consts.is_empty() {
        return None;
    }
    let mut out = ir.clone();
    for block in &mut out.blocks {
        for stmt in &mut block.stmts {
            if let StmtKind::Assign { target, value } = &mut stmt.kind {
                if let Some(v) = consts.get(target) {
                    *value = Value::Const(Constant::Int(*v));
                }
            }
        }
    }
    Some(out)
}

/// Semantic constants then branch pruning; `None` when the IR is unchanged.
fn rewrite_and_prune(ir: &FunctionIr, req: &InferRequest<'_>) -> Option<FunctionIr> {
    let oracle = Oracle { args: req.args, env: req.env };
    let rewritten = apply_semantic_constants(ir, req);
    let current = rewritten.as_ref().unwrap_or(ir);
    match dead_branch_prune(current, &oracle) {
        Some(pruned) => Some(pruned),
        None => rewritten,
    }
}

fn uses_isinstance(ir: &FunctionIr, req: &InferRequest<'_>) -> bool {
    ir.blocks.iter().flat_map(|b| b.stmts.iter()).any(|s| match &s.kind {
        StmtKind::Assign { value: Value::Global(name) | Value::FreeVar(name), .. } if name == "isinstance" || name == "hasattr" => {
            matches!(req.env.resolve_global(name), GlobalValue::Type(Type::Function(k)) if &*k == "builtins.isinstance" || &*k == "builtins.hasattr")
        }
        _ => false,
    })
}

/// Numba's `RewritePrintCalls` (before inference): `print(...)` with keyword arguments
/// (`sep=`, `end=`, ...) is an `UnsupportedError` at that call, whatever else the function
/// does.
fn print_keywords(ir: &FunctionIr) -> Result<(), InferError> {
    let mut defs: std::collections::HashMap<VarId, &Value> = Default::default();
    for b in &ir.blocks {
        for s in &b.stmts {
            if let StmtKind::Assign { target, value } = &s.kind {
                defs.insert(*target, value);
            }
        }
    }
    for b in &ir.blocks {
        for s in &b.stmts {
            let StmtKind::Assign { value: Value::Call { func, kws, .. }, .. } = &s.kind else { continue };
            if !kws.is_empty() && matches!(defs.get(func), Some(Value::Global(n)) if n == "print") {
                let mut e = InferError::typing(
                    "unsupported-syntax",
                    "Numba's print() function implementation does not support keyword arguments.",
                    Some(s.span),
                );
                e.kind = "UnsupportedError";
                return Err(e);
            }
        }
    }
    Ok(())
}

/// The IR to type for this request, when Numba's rewrites change it.
pub(crate) fn prepare(req: &InferRequest<'_>) -> Result<Option<FunctionIr>, InferError> {
    print_keywords(req.ir)?;
    let mut current = rewrite_and_prune(req.ir, req);
    let ir = current.as_ref().unwrap_or(req.ir);
    if !uses_isinstance(ir, req) {
        return Ok(current);
    }
    // Partial type inference, errors ignored.
    let partial_req = InferRequest { ir, partial: true, ..*req };
    let partial = crate::engine::infer_prepared(&partial_req);
    let typemap = &partial.typemap;
    let mut defs: std::collections::HashMap<VarId, &Value> = Default::default();
    for b in &ir.blocks {
        for s in &b.stmts {
            if let StmtKind::Assign { target, value } = &s.kind {
                defs.insert(*target, value);
            }
        }
    }
    let mut propagated = ir.clone();
    let mut changed = false;
    for block in &mut propagated.blocks {
        for stmt in &mut block.stmts {
            let StmtKind::Assign { target, value } = &mut stmt.kind else { continue };
            match value {
                Value::Arg(_)
                | Value::Const(_)
                | Value::FreeVar(_)
                | Value::Global(_)
                | Value::Cast(_)
                | Value::BuildMap(_)
                | Value::BuildList(_)
                | Value::BuildTuple(_)
                | Value::BuildSet(_) => continue,
                Value::Call { func, args, .. } => {
                    let is_check = matches!(defs.get(func), Some(Value::Global(n)) if n == "isinstance" || n == "hasattr");
                    if is_check {
                        for a in args.iter() {
                            if matches!(defs.get(a), Some(Value::Phi(_))) {
                                let fname = match defs.get(func) {
                                    Some(Value::Global(n)) => n.clone(),
                                    _ => "isinstance".into(),
                                };
                                let var = &ir.var(*a).base;
                                let mut e = InferError::typing(
                                    "undetermined-type",
                                    format!("{fname}() cannot determine the type of variable \"{var}\" due to a branch."),
                                    Some(stmt.span),
                                );
                                e.kind = "NumbaTypeError";
                                return Err(e);
                            }
                        }
                    }
                }
                Value::Phi(incoming) => {
                    let types: Vec<Option<&Type>> =
                        incoming.iter().map(|(_, v)| v.and_then(|v| typemap.get(v.0 as usize)).and_then(|t| t.as_ref())).collect();
                    if let Some(first) = types.first() {
                        if first.is_some() && types.iter().any(|t| t != first) {
                            continue;
                        }
                    }
                }
                _ => {}
            }
            let literal = match typemap.get(target.0 as usize) {
                Some(Some(Type::IntegerLiteral(v))) => Constant::Int(*v),
                Some(Some(Type::BooleanLiteral(b))) => Constant::Bool(*b),
                Some(Some(Type::StringLiteral(s))) => Constant::Str(s.to_string()),
                _ => continue,
            };
            *value = Value::Const(literal);
            changed = true;
        }
    }
    if !changed {
        return Ok(current);
    }
    current = Some(match rewrite_and_prune(&propagated, req) {
        Some(p) => p,
        None => propagated,
    });
    Ok(current)
}
