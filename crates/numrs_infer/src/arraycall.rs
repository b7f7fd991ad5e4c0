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

use std::collections::HashMap;

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
    /// The block of the `append` and the value it appends.
    append_block: usize,
    appended: VarId,
    /// The loop's header and the blocks of its body.
    header: usize,
    body: Vec<usize>,
}

/// What `_fix_nested_array` makes of a rewritten call whose appended values are lists.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Nested {
    /// The appended list is not rewritten itself (a list display, a list used later): the
    /// array's items are lists.
    NotRewritten,
    /// The appended list is made by an inner loop that is rewritten too, into an array whose
    /// length (given) is known before the outer array is allocated (`range(n)` of a constant
    /// or of a variable set before the outer loop): one array of one more dimension.
    Fixed(RangeLength),
    /// The inner list is rewritten but its length is computed inside the outer loop
    /// (`range(i)`, `range(1, 4)`, an array's length): the outer array, whose dtype nothing
    /// else gives, cannot store it (a `setitem` TypingError at the `append`).
    Unfixed,
}

/// A `for` loop as `_inline_arraycall` requires it: one entry, one exit, one `iternext` in
/// the header, one block looping back.
struct Loop {
    header: usize,
    iter: VarId,
    exit: usize,
    body: Vec<usize>,
    latch: usize,
}

struct Defs<'a> {
    defs: HashMap<VarId, &'a Value>,
    /// The blocks that assign each variable.
    blocks: HashMap<VarId, Vec<usize>>,
}

impl<'a> Defs<'a> {
    fn new(ir: &'a FunctionIr) -> Self {
        let mut defs = HashMap::new();
        let mut blocks: HashMap<VarId, Vec<usize>> = HashMap::new();
        for (i, b) in ir.blocks.iter().enumerate() {
            for s in &b.stmts {
                if let StmtKind::Assign { target, value } = &s.kind {
                    defs.insert(*target, value);
                    blocks.entry(*target).or_default().push(i);
                }
            }
        }
        Defs { defs, blocks }
    }

    /// The variable at the end of a chain of `a = b` assignments.
    fn root(&self, mut v: VarId) -> VarId {
        for _ in 0..64 {
            match self.defs.get(&v) {
                Some(Value::Var(next)) => v = *next,
                _ => break,
            }
        }
        v
    }

    fn get(&self, v: VarId) -> Option<&'a Value> {
        self.defs.get(&self.root(v)).copied()
    }

    fn is_empty_list(&self, v: VarId) -> bool {
        matches!(self.get(v), Some(Value::BuildList(items)) if items.is_empty())
    }
}

fn loops(ir: &FunctionIr) -> Vec<Loop> {
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
        out.push(Loop { header: h, iter: *iter, exit, body, latch: *latch });
    }
    out
}

/// The one `append` of `list` in the loop's body, in the block that loops back: its block,
/// the value appended and the statement's span.
fn single_append(ir: &FunctionIr, defs: &Defs<'_>, lp: &Loop, list: VarId) -> Option<(usize, VarId, Span)> {
    let mut appends = Vec::new();
    for &b in &lp.body {
        for s in &ir.blocks[b].stmts {
            let StmtKind::Assign { value: Value::Call { func, args, .. }, .. } = &s.kind else { continue };
            if let Some(Value::GetAttr { value, attr }) = defs.get(*func) {
                if attr == "append" && defs.root(*value) == list {
                    appends.push((b, args.first().copied(), s.span));
                }
            }
        }
    }
    match appends.as_slice() {
        [(b, Some(v), span)] if *b == lp.latch => Some((*b, *v, *span)),
        _ => None,
    }
}

/// Whether a block after `from` (not going back into `lp`) reads `list`.
fn read_after(ir: &FunctionIr, defs: &Defs<'_>, lp: &Loop, from: usize, list: VarId) -> bool {
    let n = ir.blocks.len();
    let mut after: Vec<usize> = ir.blocks[from].term.successors().iter().map(|s| s.0 as usize).collect();
    let mut seen: Vec<usize> = Vec::new();
    while let Some(b) = after.pop() {
        if seen.contains(&b) || b >= n || b == lp.header || lp.body.contains(&b) {
            continue;
        }
        seen.push(b);
        let reads = ir.blocks[b].stmts.iter().any(|s| !matches!(s.kind, StmtKind::Del(_)) && s.kind.uses().into_iter().any(|u| defs.root(u) == list))
            || match &ir.blocks[b].term {
                Terminator::Return(v) | Terminator::Branch { cond: v, .. } => defs.root(*v) == list,
                Terminator::Raise { exc: Some(v) } => defs.root(*v) == list,
                _ => false,
            };
        if reads {
            return true;
        }
        after.extend(ir.blocks[b].term.successors().iter().map(|s| s.0 as usize));
    }
    false
}

/// The calls of `ir` that `_inline_arraycall` rewrites when their callee is `numpy.array`.
pub(crate) fn find(ir: &FunctionIr) -> Vec<ArrayCall> {
    let defs = Defs::new(ir);
    let mut out = Vec::new();
    for lp in loops(ir) {
        // The call: the first call in the exit block given a variable, with only assignments
        // before it.
        let mut call = None;
        let stmts = &ir.blocks[lp.exit].stmts;
        for (k, s) in stmts.iter().enumerate() {
            match &s.kind {
                StmtKind::Assign { target, value: Value::Call { args, vararg: None, .. } } if !args.is_empty() => {
                    let list = defs.root(args[0]);
                    if defs.is_empty_list(list) {
                        call = Some((*target, list, k));
                        break;
                    }
                }
                StmtKind::Assign { .. } | StmtKind::Del(_) => {}
                _ => break,
            }
        }
        let Some((call, list, k)) = call else { continue };
        let Some((append_block, appended, append_span)) = single_append(ir, &defs, &lp, list) else { continue };
        // The list dies in the exit block (nothing after it reads it), and Numba's walk to its
        // death passes nothing but assignments (`y[0] = v` before `len(x)` keeps the list).
        let reads = |s: &numrs_ir::Stmt| s.kind.uses().into_iter().any(|u| defs.root(u) == list);
        if let Some(last) = stmts.iter().rposition(|s| !matches!(s.kind, StmtKind::Del(_)) && reads(s)) {
            if stmts[k + 1..=last.max(k)].iter().any(|s| !matches!(s.kind, StmtKind::Assign { .. } | StmtKind::Del(_))) {
                continue;
            }
        }
        if read_after(ir, &defs, &lp, lp.exit, list) {
            continue;
        }
        out.push(ArrayCall { call, list, append_span, iter: lp.iter, append_block, appended, header: lp.header, body: lp.body });
    }
    out
}

/// `_fix_nested_array` for `call`, whose appended values are lists (see [`Nested`]). The inner
/// loop is rewritten when the outer `append` is in its exit block after nothing but
/// assignments, the list appended is made empty before it and appended to once per
/// iteration, and dies at the outer `append`.
pub(crate) fn nested(ir: &FunctionIr, call: &ArrayCall) -> Nested {
    nested_with(ir, &Defs::new(ir), call)
}

fn nested_with(ir: &FunctionIr, defs: &Defs<'_>, call: &ArrayCall) -> Nested {
    let inner_list = defs.root(call.appended);
    if !defs.is_empty_list(inner_list) {
        return Nested::NotRewritten;
    }
    let Some(inner) = loops(ir).into_iter().find(|lp| lp.exit == call.append_block) else { return Nested::NotRewritten };
    let stmts = &ir.blocks[call.append_block].stmts;
    let Some(at) = stmts.iter().position(|s| s.span == call.append_span) else { return Nested::NotRewritten };
    if !stmts[..at].iter().all(|s| matches!(s.kind, StmtKind::Assign { .. } | StmtKind::Del(_))) {
        return Nested::NotRewritten;
    }
    if single_append(ir, defs, &inner, inner_list).is_none() {
        return Nested::NotRewritten;
    }
    let read_later = stmts[at + 1..].iter().any(|s| !matches!(s.kind, StmtKind::Del(_)) && s.kind.uses().into_iter().any(|u| defs.root(u) == inner_list));
    if read_later {
        return Nested::NotRewritten;
    }
    // The inner array's length: `range(x)` gives `x`, which must be a constant or set before
    // the outer loop (`range(a, b)` gives `b - a`, computed in the loop; other iterators give
    // `length_of_iterator(it)`, also in the loop).
    let Some(length @ RangeLength { start: None, stop }) = range_length(defs, inner.iter) else { return Nested::Unfixed };
    let before_outer_loop = match stop {
        Operand::Const(_) => true,
        Operand::Var(v) => !defs.blocks.get(&v).is_some_and(|bs| bs.iter().any(|b| *b == call.header || call.body.contains(b))),
    };
    if before_outer_loop {
        Nested::Fixed(length)
    } else {
        Nested::Unfixed
    }
}

/// Whether the `dtype=` keyword of call `target` is an attribute (`np.float64`), the one form
/// `_inline_arraycall` rewrites with.
pub(crate) fn dtype_is_attribute(ir: &FunctionIr, target: VarId) -> bool {
    dtype_attribute_with(&Defs::new(ir), target)
}

fn dtype_attribute_with(defs: &Defs<'_>, target: VarId) -> bool {
    let Some(Value::Call { kws, .. }) = defs.defs.get(&target) else { return false };
    kws.iter().any(|(k, v)| k == "dtype" && matches!(defs.get(*v), Some(Value::GetAttr { .. })))
}

/// A number the lowering reads: a constant, or a variable set before the loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Operand {
    Const(i128),
    Var(VarId),
}

/// The length `_inline_arraycall` computes for a `range` loop: `stop`, or `stop - start`
/// (negative when the range is empty the other way: `np.empty` raises ValueError).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RangeLength {
    pub start: Option<Operand>,
    pub stop: Operand,
}

/// The allocation that replaces an `np.array(list)` call `_inline_arraycall` rewrites:
/// the length of its rows when the loop is over a `range` (the array is allocated for it before
/// the loop), and, for a list of lists merged into one 2-d array (see [`Nested::Fixed`]), the
/// length of each row (which is the array's even when it has no rows).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArrayAllocation {
    pub rows: Option<RangeLength>,
    pub columns: Option<RangeLength>,
}

/// [`ArrayAllocation`] of the call whose result is `target`, which calls `np.array`; `None`
/// when Numba does not rewrite it.
pub fn array_allocation(ir: &FunctionIr, target: VarId) -> Option<ArrayAllocation> {
    let defs = Defs::new(ir);
    let Some(Value::Call { kws, .. }) = defs.defs.get(&target) else { return None };
    if kws.iter().any(|(k, _)| k == "dtype") && !dtype_attribute_with(&defs, target) {
        return None;
    }
    let call = find(ir).into_iter().find(|c| c.call == target)?;
    let columns = match nested_with(ir, &defs, &call) {
        Nested::Fixed(length) => Some(length),
        _ => None,
    };
    Some(ArrayAllocation { rows: range_length(&defs, call.iter), columns })
}

/// `_find_iter_range`: the length of a loop over `range(stop)` or `range(start, stop)`.
fn range_length(defs: &Defs<'_>, iter: VarId) -> Option<RangeLength> {
    let Some(Value::GetIter(range)) = defs.get(iter) else { return None };
    let Some(Value::Call { func, args, kws, vararg: None }) = defs.get(*range) else { return None };
    if !kws.is_empty() || !matches!(defs.get(*func), Some(Value::Global(g)) if g == "range" || g == "prange") {
        return None;
    }
    let operand = |v: VarId| match defs.get(v) {
        Some(Value::Const(numrs_syntax::ast::Constant::Int(i))) => Operand::Const(*i),
        Some(Value::Const(numrs_syntax::ast::Constant::Bool(b))) => Operand::Const(*b as i128),
        _ => Operand::Var(defs.root(v)),
    };
    match args.as_slice() {
        [stop] => Some(RangeLength { start: None, stop: operand(*stop) }),
        [start, stop] => Some(RangeLength { start: Some(operand(*start)), stop: operand(*stop) }),
        _ => None,
    }
}
