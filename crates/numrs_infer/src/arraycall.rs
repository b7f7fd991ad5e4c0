//! Numba's `_inline_arraycall` (numba/core/inline_closurecall.py), as far as typing sees it:
//! a list made empty before a `for` loop, appended to once at the end of each iteration, and
//! given to a call (`np.array`) in the loop's exit block, where it dies, is rewritten before
//! typing into an array allocated for the loop's length (`empty_inferred`) whose items the
//! loop stores. The array's dtype is the appended values' type: values that cannot be an
//! array's dtype (tuples, lists, strings) fail when Numba lowers the allocation, arrays fail
//! to type their store.
//!
//! The conditions are Numba's: one loop exit (no `break`, no `return` in the body), one entry,
//! one `iternext` in the header (a `for` loop), the `append` in the block that loops back (so
//! it runs every iteration), exactly one `append` of the list in the body, the list made by an
//! empty `[]`, and nothing but assignments before the call in the exit block.

use numrs_ir::{FunctionIr, StmtKind, Terminator, Value, VarId};
use numrs_syntax::ast::Span;

/// One rewritten call: the call's target, the list, the span of the `append` statement, and
/// the loop's iterator (whose length the array is allocated for).
#[derive(Clone, Debug)]
pub(crate) struct ArrayCall {
    pub call: VarId,
    pub list: VarId,
    pub append_span: Span,
    pub iter: VarId,
}

/// The calls of `ir` that `_inline_arraycall` rewrites when their callee is `numpy.array`.
pub(crate) fn find(ir: &FunctionIr) -> Vec<ArrayCall> {
    let mut defs: std::collections::HashMap<VarId, &Value> = Default::default();
    for b in &ir.blocks {
        for s in &b.stmts {
            if let StmtKind::Assign { target, value } = &s.kind {
                defs.insert(*target, value);
            }
        }
    }
    let root = |mut v: VarId| -> VarId {
        for _ in 0..64 {
            match defs.get(&v) {
                Some(Value::Var(next)) => v = *next,
                _ => break,
            }
        }
        v
    };
    let n = ir.blocks.len();
    let mut preds: Vec<Vec<usize>> = vec![Vec::new(); n];
    for (i, b) in ir.blocks.iter().enumerate() {
        for s in b.term.successors() {
            if let Some(p) = preds.get_mut(s.0 as usize) {
                p.push(i);
            }
        }
    }
    let mut out = Vec::new();
    for (h, header) in ir.blocks.iter().enumerate() {
        let Terminator::Branch { truebr, falsebr, .. } = &header.term else { continue };
        let iternexts: Vec<VarId> = header
            .stmts
            .iter()
            .filter_map(|s| match &s.kind {
                StmtKind::Assign { value: Value::IterNext(it), .. } => Some(*it),
                _ => None,
            })
            .collect();
        let [iter] = iternexts.as_slice() else { continue };
        let iter = *iter;
        let exit = falsebr.0 as usize;
        // The body: blocks the true branch reaches before coming back to the header; leaving
        // it any other way (`break`, `return`, `raise`) is a second exit.
        let mut body: Vec<usize> = Vec::new();
        let mut stack = vec![truebr.0 as usize];
        let mut other_exit = false;
        while let Some(b) = stack.pop() {
            if b == h || body.contains(&b) {
                continue;
            }
            if b == exit || b >= n {
                other_exit = true;
                break;
            }
            match &ir.blocks[b].term {
                Terminator::Return(_) | Terminator::Raise { .. } => {
                    other_exit = true;
                    break;
                }
                t => stack.extend(t.successors().iter().map(|s| s.0 as usize)),
            }
            body.push(b);
        }
        if other_exit || exit >= n {
            continue;
        }
        let entries: Vec<usize> = preds[h].iter().copied().filter(|p| !body.contains(p)).collect();
        let latches: Vec<usize> = preds[h].iter().copied().filter(|p| body.contains(p)).collect();
        let ([_entry], [latch]) = (entries.as_slice(), latches.as_slice()) else { continue };
        // The call: the first call in the exit block given a variable, with only assignments
        // before it.
        let mut call = None;
        for s in &ir.blocks[exit].stmts {
            match &s.kind {
                StmtKind::Assign { target, value: Value::Call { args, vararg: None, .. } } if !args.is_empty() => {
                    let list = root(args[0]);
                    if matches!(defs.get(&list), Some(Value::BuildList(items)) if items.is_empty()) {
                        call = Some((*target, list));
                        break;
                    }
                }
                StmtKind::Assign { .. } | StmtKind::Del(_) => {}
                _ => break,
            }
        }
        let Some((call, list)) = call else { continue };
        // Exactly one `append` of the list in the body, in the block that loops back.
        let mut appends = Vec::new();
        for &b in &body {
            for s in &ir.blocks[b].stmts {
                let StmtKind::Assign { value: Value::Call { func, args, .. }, .. } = &s.kind else { continue };
                if let Some(Value::GetAttr { value, attr }) = defs.get(&root(*func)) {
                    if attr == "append" && root(*value) == list {
                        appends.push((b, args.first().copied(), s.span));
                    }
                }
            }
        }
        let [(b, Some(_), append_span)] = appends.as_slice() else { continue };
        if b != latch {
            continue;
        }
        // The list dies in the exit block: nothing after it reads it.
        let mut after: Vec<usize> = ir.blocks[exit].term.successors().iter().map(|s| s.0 as usize).collect();
        let mut seen: Vec<usize> = Vec::new();
        let mut live = false;
        while let Some(b) = after.pop() {
            if seen.contains(&b) || b >= n || b == h || body.contains(&b) {
                continue;
            }
            seen.push(b);
            let reads = ir.blocks[b].stmts.iter().any(|s| {
                let used = match &s.kind {
                    StmtKind::Assign { value, .. } => value.uses(),
                    StmtKind::SetItem { target, index, value, .. } => vec![*target, *index, *value],
                    StmtKind::SetAttr { target, value, .. } => vec![*target, *value],
                    StmtKind::DelItem { target, index } => vec![*target, *index],
                    StmtKind::Del(_) => vec![],
                };
                used.into_iter().any(|u| root(u) == list)
            }) || match &ir.blocks[b].term {
                Terminator::Return(v) | Terminator::Branch { cond: v, .. } => root(*v) == list,
                Terminator::Raise { exc: Some(v) } => root(*v) == list,
                _ => false,
            };
            if reads {
                live = true;
                break;
            }
            after.extend(ir.blocks[b].term.successors().iter().map(|s| s.0 as usize));
        }
        if live {
            continue;
        }
        out.push(ArrayCall { call, list, append_span: *append_span, iter });
    }
    out
}
