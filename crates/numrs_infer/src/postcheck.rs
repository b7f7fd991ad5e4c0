//! Errors Numba raises after typing succeeded: the parfor pass's `prange` rewrite
//! (numba/parfors/parfor.py, `ConvertLoopPass`), lowering without the runtime on CUDA
//! (numba/core/runtime/context.py `_require_nrt`: "NRT required but not enabled"), and array
//! indices its fancy-indexing lowering cannot compile.

use numrs_ir::{StmtKind, Value, VarId};
use numrs_syntax::ast::Constant;
use numrs_types::Type;

use crate::engine::{InferError, Inferer, Target};

fn error(kind: &'static str, code: &'static str, message: &str, span: numrs_syntax::ast::Span) -> InferError {
    InferError { kind, code, message: message.into(), span: Some(span), notes: vec![], secondary: vec![] }
}

pub(crate) fn after_typing(inf: &Inferer<'_>, target: Target) -> Option<InferError> {
    let ir = inf.ir;
    let mut defs: std::collections::HashMap<VarId, &Value> = Default::default();
    for b in &ir.blocks {
        for s in &b.stmts {
            if let StmtKind::Assign { target, value } = &s.kind {
                defs.insert(*target, value);
            }
        }
    }
    // `get_definition`: follow plain copies (bounded).
    let definition = |mut v: VarId| -> Option<&Value> {
        for _ in 0..64 {
            match defs.get(&v)? {
                Value::Var(next) => v = *next,
                other => return Some(*other),
            }
        }
        None
    };
    if target.parallel {
        for b in &ir.blocks {
            for s in &b.stmts {
                let StmtKind::Assign { value: Value::Call { func, args, .. }, .. } = &s.kind else { continue };
                let is_prange = match definition(*func) {
                    Some(Value::Global(n)) => n == "prange",
                    Some(Value::GetAttr { value, attr }) => {
                        attr == "prange" && matches!(inf.get(*value), Some(Type::Module(m)) if &**m == "numba")
                    }
                    _ => false,
                };
                if !is_prange || args.len() != 3 {
                    continue;
                }
                return match definition(args[2]) {
                    Some(Value::Const(Constant::Int(1))) | Some(Value::Const(Constant::Bool(true))) => continue,
                    Some(Value::Const(_)) => Some(error(
                        "UnsupportedRewriteError",
                        "unsupported-syntax",
                        "Only constant step size of 1 is supported for prange",
                        s.span,
                    )),
                    _ => Some(error(
                        "UnsupportedRewriteError",
                        "unsupported-syntax",
                        "Only constant step size is supported for prange",
                        s.span,
                    )),
                };
            }
        }
    }
    // Lowering walks the blocks in order; the first index it cannot compile fails.
    for b in &ir.blocks {
        for s in &b.stmts {
            let (value, index, read) = match &s.kind {
                StmtKind::Assign { value: Value::GetItem { value, index }, .. } => (*value, *index, true),
                StmtKind::SetItem { target, index, .. } => (*target, *index, false),
                _ => continue,
            };
            let (Some(vt), Some(it)) = (inf.get(value), inf.get(index)) else { continue };
            if let Some((kind, message)) = numrs_typing::index_lowering_error(vt, it, read) {
                return Some(error(kind, "unsupported-array-index", &message, s.span));
            }
        }
    }
    if target.cuda {
        // Lowering walks the blocks in order; the first allocation fails.
        for b in &ir.blocks {
            for s in &b.stmts {
                let StmtKind::Assign { target: t, value } = &s.kind else { continue };
                let allocates = match value {
                    Value::BuildList(_) | Value::BuildSet(_) | Value::BuildMap(_) => {
                        matches!(inf.get(*t), Some(Type::List { .. } | Type::Set { .. } | Type::DictType(_)))
                    }
                    _ => false,
                };
                if allocates {
                    return Some(error("NumbaRuntimeError", "unsupported-syntax", "NRT required but not enabled", s.span));
                }
            }
        }
    }
    None
}
