//! Errors Numba raises after typing succeeded: the parfor pass's `prange` rewrite
//! (numba/parfors/parfor.py, `ConvertLoopPass`), lowering without the runtime on CUDA
//! (numba/core/runtime/context.py `_require_nrt`: "NRT required but not enabled"), array
//! indices its fancy-indexing lowering cannot compile, and ordering comparisons of complex
//! arrays (typed through the ufuncs, lowered through the scalar operator complex lacks), and
//! dict displays whose later items do not cast to the first one's types.

use numrs_ir::{StmtKind, Value, VarId};
use numrs_syntax::ast::Constant;
use numrs_types::Type;

use crate::engine::{InferError, Inferer, Target};

fn error(kind: &'static str, code: &'static str, message: &str, span: numrs_syntax::ast::Span) -> InferError {
    InferError { kind, code, message: message.into(), span: Some(span), notes: vec![], secondary: vec![] }
}

/// An error Numba raises while lowering typed code: it reports no line.
fn lowering_error(kind: &'static str, message: &str, note: String) -> InferError {
    InferError { kind, code: "unsupported-syntax", message: message.into(), span: None, notes: vec![note], secondary: vec![] }
}

/// `xs[a:b] = value` of a list: Numba types any value (`SetItemSequence` gives the list's own
/// type for it) and lowering casts it to the list, which only a list of the same item type
/// survives: another list fails `list_to_list`'s assertion, anything else has no cast.
fn list_slice_store_error(inf: &Inferer<'_>, target: VarId, index: VarId, stored: VarId) -> Option<(&'static str, String)> {
    let (Some(lt @ Type::List { dtype, .. }), Some(it), Some(vt)) = (inf.get(target), inf.get(index), inf.get(stored)) else { return None };
    if !matches!(it, Type::Slice2 | Type::Slice3) {
        return None;
    }
    // An optional value is unwrapped first (Numba's `optional_to_any` cast).
    let vt = match vt {
        Type::Optional(inner) => &**inner,
        other => other,
    };
    match vt {
        Type::List { dtype: d, .. } if d == dtype => None,
        Type::List { .. } => Some((
            "AssertionError",
            format!("a slice of a {lt} can only be assigned a list of {dtype}, not a {vt} (Numba's lowering asserts the item types are equal)"),
        )),
        other => Some((
            "NumbaNotImplementedError",
            format!("Cannot cast {} to {lt}: a slice of a list can only be assigned a list of {dtype}", other),
        )),
    }
}

/// The variable a chain of plain copies (`a = b`) starts from (bounded).
fn copy_root(defs: &std::collections::HashMap<VarId, &Value>, mut v: VarId) -> VarId {
    for _ in 0..64 {
        match defs.get(&v) {
            Some(Value::Var(next)) => v = *next,
            _ => break,
        }
    }
    v
}

/// Numba's `get_definition`: the value a variable is assigned, through plain copies.
fn definition_of<'v>(defs: &std::collections::HashMap<VarId, &'v Value>, v: VarId) -> Option<&'v Value> {
    match defs.get(&copy_root(defs, v))? {
        Value::Var(_) => None,
        other => Some(*other),
    }
}

/// Numba's `get_reduce_nodes` error for a reduction variable combined by an operator or call
/// its parfor pass cannot reduce with.
fn unsupported_reduction(name: &str) -> InferError {
    InferError {
        kind: "ValueError",
        code: "unsupported-syntax",
        message: format!("Use of reduction variable {name} in an unsupported reduction function."),
        span: None,
        notes: vec![format!("'{name}' is carried from one iteration to the next; Numba's prange loops reduce only with +, -, *, / and max/min")],
        secondary: vec![],
    }
}

/// Whether `x`, or a plain copy of it, is an incoming value of a phi.
fn feeds_phi(defs: &std::collections::HashMap<VarId, &Value>, x: VarId) -> bool {
    defs.values().any(|d| matches!(d, Value::Phi(incoming) if incoming.iter().any(|(_, v)| v.is_some_and(|v| copy_root(defs, v) == x))))
}

/// The reduction variables of `prange` loops updated with an operator Numba's parfor pass
/// cannot reduce with (`get_parfor_reductions` / `get_reduce_nodes`): a variable carried from
/// one iteration to the next whose new value is computed from itself by a binary operator
/// other than `+ - * /` (`|=`, `^`, `**`, ...) is "an unsupported reduction function" (a
/// `ValueError` without a line); a floor division has an error of its own, at its line.
fn prange_reduction_error(inf: &Inferer<'_>, defs: &std::collections::HashMap<VarId, &Value>) -> Option<InferError> {
    use numrs_ir::Terminator;
    use numrs_syntax::ast::BinOp;
    let ir = inf.ir;
    let definition = |v: VarId| definition_of(defs, v);
    let root = |v: VarId| copy_root(defs, v);
    let mut spans: std::collections::HashMap<VarId, numrs_syntax::ast::Span> = Default::default();
    for b in &ir.blocks {
        for s in &b.stmts {
            if let StmtKind::Assign { target, .. } = &s.kind {
                spans.insert(*target, s.span);
            }
        }
    }
    for (h, block) in ir.blocks.iter().enumerate() {
        let Terminator::Branch { truebr, falsebr, .. } = &block.term else { continue };
        let iterated = block.stmts.iter().find_map(|s| match &s.kind {
            StmtKind::Assign { value: Value::IterNext(it), .. } => Some(*it),
            _ => None,
        });
        let Some(Value::GetIter(range)) = iterated.and_then(definition) else { continue };
        let Some(Value::Call { func, .. }) = definition(*range) else { continue };
        let is_prange = match definition(*func) {
            Some(Value::Global(n)) => n == "prange",
            Some(Value::GetAttr { value, attr }) => attr == "prange" && matches!(inf.get(*value), Some(Type::Module(m)) if &**m == "numba"),
            _ => false,
        };
        if !is_prange {
            continue;
        }
        // The body: what the true branch reaches without passing the header or the exit.
        let mut body: Vec<usize> = Vec::new();
        let mut stack = vec![truebr.0 as usize];
        while let Some(b) = stack.pop() {
            if b == h || b == falsebr.0 as usize || body.contains(&b) || b >= ir.blocks.len() {
                continue;
            }
            body.push(b);
            stack.extend(ir.blocks[b].term.successors().iter().map(|s| s.0 as usize));
        }
        for s in &block.stmts {
            let StmtKind::Assign { target: phi, value: Value::Phi(incoming) } = &s.kind else { continue };
            let name = &ir.var(*phi).base;
            let mut pending: Vec<VarId> = incoming.iter().filter(|(b, _)| body.contains(&(b.0 as usize))).filter_map(|(_, v)| *v).collect();
            let mut seen = std::collections::HashSet::new();
            // The in-place updates of the variable (`s += x`), for Numba's
            // `check_conflicting_reduction_operators`.
            let mut inplace: Vec<(numrs_syntax::ast::Span, BinOp)> = Vec::new();
            while let Some(v) = pending.pop() {
                let v = root(v);
                if v == *phi || !seen.insert(v) {
                    continue;
                }
                // (Also an update of a value computed from the variable by updates in this
                // iteration, `c += 1; if p: c *= 2`: Numba's reduce nodes are the updates after
                // the first. Not one of a value an inner loop carries: its phi stops the chain.)
                if let Some(Value::InplaceBinOp { op, lhs, .. }) = definition(v) {
                    let mut x = root(*lhs);
                    let mut from_phi = x == *phi;
                    let mut steps = 0;
                    while !from_phi && steps < 64 {
                        steps += 1;
                        match definition(x) {
                            Some(Value::BinOp { lhs, .. } | Value::InplaceBinOp { lhs, .. }) => {
                                x = root(*lhs);
                                from_phi = x == *phi;
                            }
                            _ => break,
                        }
                    }
                    if from_phi {
                        if let Some(sp) = spans.get(&v) {
                            inplace.push((*sp, *op));
                        }
                    }
                }
                // An update of a value computed from the variable in this iteration (`s += x;
                // s += y`, `s = s + x + y`): Numba's reduction is one operator applied once.
                // Numba's copy propagation leaves the first update assigned to the variable
                // (what its `get_reduce_nodes` needs after the combining operation) only when
                // the updated value also flows into a phi (`c += 1; if p: c += 1`); when only
                // the next update reads it (`c += 1; c += 2`, or both branches of an
                // `if`/`else` updating it again), the assignment is propagated away.
                let from_phi = |x: VarId| {
                    matches!(definition(x), Some(Value::BinOp { lhs, rhs, .. } | Value::InplaceBinOp { lhs, rhs, .. }) if root(*lhs) == *phi || root(*rhs) == *phi)
                        && !feeds_phi(defs, root(x))
                };
                if let Some(Value::BinOp { lhs, rhs, .. } | Value::InplaceBinOp { lhs, rhs, .. }) = definition(v) {
                    if root(*lhs) != *phi && root(*rhs) != *phi && (from_phi(*lhs) || from_phi(*rhs)) {
                        return Some(InferError {
                            kind: "ValueError",
                            code: "unsupported-syntax",
                            message: format!("Use of reduction variable '{name}' other than in a supported reduction function is not permitted."),
                            span: None,
                            notes: vec![format!("update '{name}' once per iteration of the prange loop (`{name} += x + y`)")],
                            secondary: vec![],
                        });
                    }
                }
                // The operation's result must go straight to the variable (`m = max(m, x)`),
                // not through another name first (`m = max(m, x) if c else m` goes through
                // the conditional expression's temporary): Numba's `get_reduce_nodes` looks
                // for the assignment to the variable right after the operation.
                let combines = match definition(v) {
                    Some(Value::BinOp { lhs, rhs, .. } | Value::InplaceBinOp { lhs, rhs, .. }) => root(*lhs) == *phi || root(*rhs) == *phi,
                    Some(Value::Call { args, .. }) => args.iter().any(|a| root(*a) == *phi),
                    _ => false,
                };
                if combines {
                    let named = |x: VarId| &ir.var(x).base == name;
                    let assigned_to_it = named(v) || defs.iter().any(|(t, d)| matches!(d, Value::Var(src) if *src == v) && named(*t));
                    if !assigned_to_it {
                        return Some(InferError {
                            kind: "ValueError",
                            code: "unsupported-syntax",
                            message: format!("Use of reduction variable '{name}' other than in a supported reduction function is not permitted."),
                            span: None,
                            notes: vec![format!("assign the reduction to '{name}' directly (`if c: {name} = max({name}, x)`), not through a conditional expression")],
                            secondary: vec![],
                        });
                    }
                }
                match definition(v) {
                    // `s = x - s`: Numba's reduce node must start from the variable; with it on
                    // the right its parfor lowering meets a node it does not know.
                    Some(Value::BinOp { lhs, rhs, op }) if root(*rhs) == *phi && root(*lhs) != *phi && !matches!(op, BinOp::FloorDiv) => {
                        let sym = match op {
                            BinOp::Add => "+",
                            BinOp::Sub => "-",
                            BinOp::Mult => "*",
                            BinOp::Div => "/",
                            _ => "?",
                        };
                        return Some(InferError {
                            kind: "ParforsUnexpectedReduceNodeError",
                            code: "unsupported-syntax",
                            message: format!("Unknown reduce instruction node: {name}#init {sym} {name} (a prange reduction must combine '{name}' as the left operand)"),
                            span: Some(block.span),
                            notes: vec![format!("write `{name} = {name} {sym} x` (or `{name} {sym}= x`)")],
                            secondary: vec![],
                        });
                    }
                    // A call combining the variable: only Python's `max`/`min` of it and one
                    // other value reduce.
                    Some(Value::Call { func, args, .. }) if args.iter().any(|a| root(*a) == *phi) => {
                        let builtin = matches!(inf.get(*func), Some(Type::Function(k)) if matches!(&**k, "builtins.max" | "builtins.min"));
                        if !builtin {
                            return Some(unsupported_reduction(name));
                        }
                        if args.len() != 2 {
                            return Some(InferError {
                                kind: "AssertionError",
                                code: "unsupported-syntax",
                                message: format!("a prange reduction with max/min takes '{name}' and one other value (Numba asserts it)"),
                                span: None,
                                notes: vec![format!("nest the calls: `{name} = max({name}, max(x, y))`")],
                                secondary: vec![],
                            });
                        }
                    }
                    Some(Value::Phi(more)) => pending.extend(more.iter().filter_map(|(_, x)| *x)),
                    Some(Value::BinOp { op, lhs, rhs } | Value::InplaceBinOp { op, lhs, rhs }) if root(*lhs) == *phi || root(*rhs) == *phi => match op {
                        // Numba's parfor reduction starts from an int it casts with `astype`.
                        BinOp::Add | BinOp::Sub | BinOp::Mult | BinOp::Div if matches!(inf.get(*phi), Some(Type::NPTimedelta(_) | Type::NPDatetime(_))) => {
                            return Some(timedelta_reduction_error());
                        }
                        BinOp::Add | BinOp::Sub | BinOp::Mult | BinOp::Div => {}
                        BinOp::FloorDiv => {
                            return Some(InferError {
                                kind: "NumbaValueError",
                                code: "unsupported-syntax",
                                message: "Parallel floordiv reductions are not supported. If all divisors are integers then a floordiv reduction can in some cases be parallelized as a multiply reduction followed by a floordiv of the resulting product.".into(),
                                span: spans.get(&v).copied(),
                                notes: vec![],
                                secondary: vec![],
                            })
                        }
                        _ => return Some(unsupported_reduction(name)),
                    },
                    _ => {}
                }
            }
            inplace.sort_by_key(|(sp, _)| sp.start);
            if let Some((_, first)) = inplace.first() {
                if let Some((sp, _)) = inplace.iter().find(|(_, op)| op != first) {
                    return Some(InferError {
                        kind: "UnsupportedRewriteError",
                        code: "unsupported-syntax",
                        message: format!("Reduction variable {name} has multiple conflicting reduction operators."),
                        span: Some(*sp),
                        notes: vec![format!("'{name}' is updated in place with different operators in one prange loop")],
                        secondary: vec![],
                    });
                }
            }
        }
    }
    None
}

/// What Numba 0.68.1 raises for a parallel reduction of timedeltas (a `prange` loop's or an
/// array's `sum` in a `parallel=True` function): its reduction's initial value is an `int`.
fn timedelta_reduction_error() -> InferError {
    InferError {
        kind: "AttributeError",
        code: "unsupported-syntax",
        message: "'int' object has no attribute 'astype'".into(),
        span: None,
        notes: vec!["Numba's parallel reductions of timedelta64 values fail as they compile; reduce in a loop without prange".into()],
        secondary: vec![],
    }
}

/// The scalar operation an array operator or ufunc call applies to items: its registry key.
fn kernel_key(inf: &Inferer<'_>, value: &Value) -> Option<(String, Vec<VarId>)> {
    use crate::constraints::{binop_key, cmp_key};
    use numrs_syntax::ast::{CmpOp as C, UnaryOp as U};
    Some(match value {
        Value::BinOp { op, lhs, rhs } | Value::InplaceBinOp { op, lhs, rhs } => (binop_key(*op, false).0.to_string(), vec![*lhs, *rhs]),
        Value::Compare { op, lhs, rhs } if !matches!(op, C::Is | C::IsNot | C::In | C::NotIn) => (cmp_key(*op).to_string(), vec![*lhs, *rhs]),
        Value::Unary { op, operand } => (
            match op {
                U::USub => "operator.neg",
                U::UAdd => "operator.pos",
                _ => return None,
            }
            .to_string(),
            vec![*operand],
        ),
        Value::Call { func, args, kws, vararg: None } if kws.is_empty() => match inf.get(*func) {
            Some(Type::Function(k)) if k.strip_prefix("numpy.").is_some_and(numrs_typing::is_ufunc) => (k.to_string(), args.clone()),
            _ => return None,
        },
        _ => return None,
    })
}

/// Numba's array expressions on datetimes and timedeltas: each fused expression is compiled
/// as a scalar kernel whose result must be the expression's array item type exactly (no
/// conversion between units). A unit-less item type inside the expression (`ends - starts`
/// of datetime arrays) is fine when it is consumed by the next operation (`/ unit` gives a
/// float); an expression whose kernel computes another unit than its array's is Numba's
/// TypingError ("No conversion from timedelta64[h] to timedelta64[]").
fn datetime_kernel_error(inf: &Inferer<'_>) -> Option<InferError> {
    let ir = inf.ir;
    let dt = |t: &Type| t.is_datetime_like();
    let is_dt_array = |v: VarId| matches!(inf.get(v), Some(Type::Array(a)) if dt(&a.dtype));
    if !ir.blocks.iter().flat_map(|b| &b.stmts).any(|s| matches!(&s.kind, StmtKind::Assign { target, .. } if is_dt_array(*target))) {
        return None;
    }
    let mut defs: std::collections::HashMap<VarId, (&Value, numrs_syntax::ast::Span)> = Default::default();
    let mut uses: std::collections::HashMap<VarId, Vec<Option<VarId>>> = Default::default();
    for b in &ir.blocks {
        for s in &b.stmts {
            let user = if let StmtKind::Assign { target, value } = &s.kind {
                defs.insert(*target, (value, s.span));
                Some(*target)
            } else {
                None
            };
            for u in s.kind.uses() {
                uses.entry(u).or_default().push(user);
            }
        }
        if let Some(u) = b.term.uses() {
            uses.entry(u).or_default().push(None);
        }
    }
    // An array operation fused into its single consumer (an array operation too), through
    // temporaries only: a value bound to a user variable (`lat = end - start`) is an
    // expression of its own in Numba's rewrite.
    let is_op = |v: VarId| defs.get(&v).is_some_and(|(val, _)| kernel_key(inf, val).is_some()) && matches!(inf.get(v), Some(Type::Array(_)));
    let fused = |v: VarId| -> bool {
        let mut v = v;
        for _ in 0..64 {
            match uses.get(&v).map(Vec::as_slice) {
                Some([Some(user)]) => match defs.get(user) {
                    Some((Value::Var(_), _)) if !ir.var(*user).user => v = *user,
                    Some((Value::Var(_), _)) => return false,
                    _ => return is_op(*user),
                },
                _ => return false,
            }
        }
        false
    };
    // The scalar type the kernel computes for `v`'s items.
    fn scalar(inf: &Inferer<'_>, defs: &std::collections::HashMap<VarId, (&Value, numrs_syntax::ast::Span)>, fused: &dyn Fn(VarId) -> bool, v: VarId, depth: u32) -> Option<Type> {
        let t = inf.get(v)?.clone();
        let Type::Array(a) = &t else { return Some(t.unliteral()) };
        if depth > 32 || (depth > 0 && !fused(v)) {
            return Some(a.dtype.clone());
        }
        let mut root = v;
        while let Some((Value::Var(src), _)) = defs.get(&root) {
            root = *src;
        }
        let Some((value, _)) = defs.get(&root) else { return Some(a.dtype.clone()) };
        let Some((key, operands)) = kernel_key(inf, value) else { return Some(a.dtype.clone()) };
        let items: Vec<Type> = operands.iter().map(|o| scalar(inf, defs, fused, *o, depth + 1)).collect::<Option<_>>()?;
        numrs_typing::resolve_call(&key, &items, &[]).ok().flatten().map(|s| s.return_type)
    }
    for b in &ir.blocks {
        for s in &b.stmts {
            let StmtKind::Assign { target, value } = &s.kind else { continue };
            if !is_dt_array(*target) || kernel_key(inf, value).is_none() || fused(*target) {
                continue;
            }
            let Some(Type::Array(a)) = inf.get(*target) else { continue };
            let Some(kernel) = scalar(inf, &defs, &fused, *target, 0) else { continue };
            if kernel.unliteral() != a.dtype {
                return Some(error(
                    "TypingError",
                    "invalid-call",
                    &format!(
                        "No conversion from {kernel} to {}: Numba compiles this array expression as a scalar kernel computing {kernel}, \
                         but types the array's items {} (a unit-less result of an operation on datetime arrays); operate on the items \
                         in a loop, or divide or compare the result within the expression",
                        a.dtype, a.dtype
                    ),
                    s.span,
                ));
            }
        }
    }
    None
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
    let definition = |v: VarId| definition_of(&defs, v);
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
    if target.parallel {
        if let Some(e) = prange_reduction_error(inf, &defs) {
            return Some(e);
        }
        // `td.sum()` / `np.sum(td)` of timedeltas: a parfor reduction too.
        for b in &ir.blocks {
            for s in &b.stmts {
                let StmtKind::Assign { value: Value::Call { func, args, .. }, .. } = &s.kind else { continue };
                let td_array = |t: Option<&Type>| matches!(t, Some(Type::Array(a)) if matches!(a.dtype, Type::NPTimedelta(_)));
                let summed = match inf.get(*func) {
                    Some(Type::BoundFunction(bf)) => &*bf.0 == "array.sum" && td_array(Some(&bf.1)),
                    Some(Type::Function(k)) => &**k == "numpy.sum" && td_array(args.first().and_then(|a| inf.get(*a))),
                    _ => false,
                };
                if summed {
                    return Some(timedelta_reduction_error());
                }
            }
        }
    }
    if let Some(e) = datetime_kernel_error(inf) {
        return Some(e);
    }
    // `a.max()`/`np.min(a)` (no axis) in a `parallel=True` function is a parfor reduction
    // with Python's `max`/`min`: Numba cannot lower its comparison of complex numbers, and
    // fails making one for booleans.
    if target.parallel {
        for b in &ir.blocks {
            for s in &b.stmts {
                let StmtKind::Assign { value: Value::Call { func, args, kws, .. }, .. } = &s.kind else { continue };
                let reduced = match inf.get(*func) {
                    Some(Type::BoundFunction(bf)) if matches!(&*bf.0, "array.max" | "array.min") && args.is_empty() && kws.is_empty() => Some(bf.1.clone()),
                    Some(Type::Function(k)) if matches!(&**k, "numpy.max" | "numpy.min" | "numpy.amax" | "numpy.amin") && args.len() == 1 && kws.is_empty() => inf.get(args[0]).cloned(),
                    _ => None,
                };
                let Some(Type::Array(a)) = reduced else { continue };
                if a.dtype.is_complex() {
                    return Some(lowering_error(
                        "NotImplementedError",
                        &format!("No definition for lowering <built-in function gt>({0}, {0}) -> bool", a.dtype),
                        "in a parallel=True function Numba reduces with Python's max/min, which does not order complex numbers".into(),
                    ));
                }
                if a.dtype.is_boolean() {
                    return Some(lowering_error(
                        "UnboundLocalError",
                        "cannot access local variable 'lty' where it is not associated with a value",
                        "Numba's parfor reduction of a boolean array's max/min fails to compile (a Numba bug); convert the array with astype first".into(),
                    ));
                }
            }
        }
    }
    // `t1 // t2` of timedeltas (scalars or arrays; `np.floor_divide` compiles): typed float64, but
    // Numba 0.68.1's lowering computes an int64 and fails. After typing: a typing error
    // elsewhere in the function is what Numba reports.
    let td = |v: VarId| match inf.get(v) {
        Some(Type::NPTimedelta(_)) => true,
        Some(Type::Array(a)) => matches!(a.dtype, Type::NPTimedelta(_)),
        _ => false,
    };
    for b in &ir.blocks {
        for s in &b.stmts {
            let floordiv = match &s.kind {
                StmtKind::Assign { value: Value::BinOp { op: numrs_syntax::ast::BinOp::FloorDiv, lhs, rhs } | Value::InplaceBinOp { op: numrs_syntax::ast::BinOp::FloorDiv, lhs, rhs }, .. } => td(*lhs) && td(*rhs),
                _ => false,
            };
            if floordiv {
                return Some(lowering_error(
                    "ValueError",
                    "Operands must be the same type, got (i64, double): timedelta64 // timedelta64 does not compile in Numba 0.68.1 (its result is typed float64 but computed as int64)",
                    "divide with / and floor the result".into(),
                ));
            }
        }
    }
    // A list display of lists whose item types differ (`[[1.5, 2], [3, 4]]`): the unified
    // list's items are converted with Numba's `list_to_list` cast, which asserts the item
    // types are equal (an AssertionError when lowering).
    for b in &ir.blocks {
        for s in &b.stmts {
            let StmtKind::Assign { target, value: Value::BuildList(items) } = &s.kind else { continue };
            let Some(Type::List { dtype: outer, .. }) = inf.get(*target) else { continue };
            let Type::List { dtype: want, .. } = &**outer else { continue };
            for it in items {
                if let Some(Type::List { dtype: got, .. }) = inf.get(*it) {
                    if got.unliteral() != want.unliteral() {
                        return Some(lowering_error(
                            "AssertionError",
                            &format!("Numba cannot convert a list of {got} to a list of {want} (its list_to_list cast asserts equal item types)"),
                            "make every inner list's items the same type (`[[1.5, 2.0], [3.0, 4.0]]`)".into(),
                        ));
                    }
                }
            }
        }
    }
    // `x in lst` and `lst.count(x)` of a `LiteralList` unroll over its items
    // (`literal_unroll`), which lowering can only do when every item is a literal: another
    // item (a float, a variable's value, `None`) leaves a `typed_getitem` with no lowering.
    for b in &ir.blocks {
        for s in &b.stmts {
            let list = match &s.kind {
                StmtKind::Assign { value: Value::Compare { op: numrs_syntax::ast::CmpOp::In | numrs_syntax::ast::CmpOp::NotIn, rhs, .. }, .. } => inf.get(*rhs),
                StmtKind::Assign { value: Value::Call { func, .. }, .. } => match inf.get(*func) {
                    Some(Type::BoundFunction(b)) if &*b.0 == "literallist.count" => Some(&b.1),
                    _ => None,
                },
                _ => None,
            };
            let Some(Type::LiteralList(items)) = list else { continue };
            if let Some(other) = items.iter().find(|t| !t.is_literal()) {
                return Some(lowering_error(
                    "NotImplementedError",
                    &format!("No definition for lowering typed_getitem({}, int64) -> {other}", Type::LiteralList(items.clone())),
                    format!("Numba compares the items of this list display one by one, unrolled, which it can do only when every item is a constant; this one is of type {other}: use a tuple, or a list of one type"),
                ));
            }
        }
    }
    // A tuple holding a record returned: Numba's record model has no data representation for
    // a tuple's member (`NotImplementedError: use load_from_data_pointer() instead`).
    for r in ir.return_vars() {
        let Some(t) = inf.get(r) else { continue };
        if let Some(items) = t.tuple_items() {
            let mut record = false;
            for it in &items {
                it.visit_parts(&mut |p| record |= matches!(p, Type::Record(_)));
            }
            if record {
                return Some(lowering_error(
                    "NotImplementedError",
                    &format!("Numba cannot return {t}: a record inside a tuple has no data representation (use load_from_data_pointer() instead)"),
                    "return the record's fields, or its index in its array".into(),
                ));
            }
        }
    }
    // So has a record inside a list or another container (`[a[i] for i in ...]`).
    for v in &inf.vars {
        let Some(t) = &v.ty else { continue };
        let mut inside = false;
        t.visit_parts(&mut |p| {
            if let Type::List { dtype, .. } | Type::ListType(dtype) | Type::Set { dtype, .. } = p {
                dtype.visit_parts(&mut |q| inside |= matches!(q, Type::Record(_)));
            }
        });
        if inside {
            return Some(lowering_error(
                "NotImplementedError",
                &format!("Numba cannot store records in {t}: a record in a container has no data representation (use load_from_data_pointer() instead)"),
                "keep the records' indices (or their fields) in the container".into(),
            ));
        }
    }
    // A `LiteralList` returned: Numba fails hashing the list of its literal values while it
    // makes the function's return type (`TypeError: unhashable type: 'list'`).
    for r in ir.return_vars() {
        let mut literal_list = false;
        if let Some(t) = inf.get(r) {
            t.visit_parts(&mut |p| literal_list |= matches!(p, Type::LiteralList(_)));
        }
        if literal_list {
            return Some(InferError {
                kind: "TypeError",
                code: "heterogeneous-container",
                message: "unhashable type: 'list'".into(),
                span: None,
                notes: vec!["a list display whose items do not unify is Numba's LiteralList, which a function cannot return; return a tuple".into()],
                secondary: vec![],
            });
        }
    }
    // A list variable given a list of another item type (`l = [1]`, then `l = [1.0]` in a
    // branch): the versions unify, and lowering casts each to the unified list with
    // `list_to_list`, which asserts the item types are equal.
    for b in &ir.blocks {
        for s in &b.stmts {
            let StmtKind::Assign { target, value } = &s.kind else { continue };
            // (At a join of versions: a copy's source is refined with its target, `xs = [1,
            // 2]; xs.append(2.5)` makes both lists of float64.)
            let Value::Phi(incoming) = value else { continue };
            let sources: Vec<VarId> = incoming.iter().filter_map(|(_, v)| *v).collect();
            let Some(Type::List { dtype: want, .. }) = inf.get(*target) else { continue };
            for src in sources {
                if let Some(Type::List { dtype: got, .. }) = inf.get(src) {
                    if got.unliteral() != want.unliteral() && !matches!(&**got, Type::Undefined) {
                        return Some(lowering_error(
                            "AssertionError",
                            &format!("Numba cannot convert a list of {got} to a list of {want} (its list_to_list cast asserts equal item types)"),
                            format!("give '{}' lists of one item type (`[1.0]` where it is `[1]`)", ir.var(*target).base),
                        ));
                    }
                }
            }
        }
    }
    // Raising an exception class that is not an `Exception` (`KeyboardInterrupt`,
    // `SystemExit`, `GeneratorExit`, `BaseException`): Numba's lowering supports only
    // `Exception` subclasses.
    for b in &ir.blocks {
        let numrs_ir::Terminator::Raise { exc: Some(v) } = &b.term else { continue };
        let (name, bare) = match inf.get(*v) {
            Some(Type::ExceptionClass(n)) => (n.clone(), true),
            Some(Type::ExceptionInstance(n)) => (n.clone(), false),
            _ => continue,
        };
        if !matches!(&*name, "KeyboardInterrupt" | "SystemExit" | "GeneratorExit" | "BaseException" | "BaseExceptionGroup") {
            continue;
        }
        let message = if bare {
            "Encountered unsupported constant type used for exception".to_string()
        } else {
            format!("Encountered unsupported exception constant <class '{name}'>")
        };
        let mut e = error("UnsupportedError", "unsupported-syntax", &message, b.stmts.last().map(|s| s.span).unwrap_or_default());
        e.notes.push(format!("Numba raises only subclasses of Exception; {name} derives from BaseException alone"));
        return Some(e);
    }
    // `a.imag` of a real array of layout A: Numba's lowering makes a zero array of the same
    // layout, and cannot allocate one of layout A.
    for b in &ir.blocks {
        for s in &b.stmts {
            let StmtKind::Assign { value: Value::GetAttr { value, attr }, .. } = &s.kind else { continue };
            if attr != "imag" {
                continue;
            }
            if let Some(Type::Array(a)) = inf.get(*value) {
                if a.layout == numrs_types::Layout::A && !a.dtype.is_complex() {
                    return Some(lowering_error(
                        "NotImplementedError",
                        "Don't know how to allocate array with layout 'A'.",
                        "the imaginary part of a real array is a new zero array; Numba allocates it only for C or F arrays".into(),
                    ));
                }
            }
        }
    }
    // `max`/`min` of complex numbers type, but Numba has no lowering of their `>`/`<`.
    for b in &ir.blocks {
        for s in &b.stmts {
            let StmtKind::Assign { target, value: Value::Call { func, .. } } = &s.kind else { continue };
            let op = match inf.get(*func) {
                Some(Type::Function(k)) if &**k == "builtins.max" => "gt",
                Some(Type::Function(k)) if &**k == "builtins.min" => "lt",
                _ => continue,
            };
            if let Some(t) = inf.get(*target).filter(|t| t.is_complex()) {
                let t = t.unliteral();
                return Some(lowering_error(
                    "NotImplementedError",
                    &format!("No definition for lowering <built-in function {op}>({t}, {t}) -> bool"),
                    format!("`{}()` of complex numbers: Numba compares them with neither `<` nor `>`", if op == "gt" { "max" } else { "min" }),
                ));
            }
        }
    }
    // `x.__class__` of a number types (as `type(x)` does) but has no lowering in Numba.
    for b in &ir.blocks {
        for s in &b.stmts {
            let StmtKind::Assign { value: Value::GetAttr { value, attr }, .. } = &s.kind else { continue };
            if attr != "__class__" {
                continue;
            }
            if let Some(t) = inf.get(*value).filter(|t| t.is_number()) {
                let mut e = error(
                    "NotImplementedError",
                    "unsupported-syntax",
                    &format!("No definition for lowering {}.__class__", t.unliteral()),
                    s.span,
                );
                e.notes.push("use `type(x)`, which Numba compiles".into());
                return Some(e);
            }
        }
    }
    // A returned iterator whose data model holds a pointer (Numba's iterators but those over
    // dicts and sets, and its dict views) fails to lower (`load_from_data_pointer`).
    for b in &ir.blocks {
        let numrs_ir::Terminator::Return(v) = &b.term else { continue };
        let Some(t) = inf.get(*v) else { continue };
        let mut found = None;
        t.visit_parts(&mut |p| {
            if let Type::Iterator(k) = p {
                let value_model = matches!(&**k, numrs_types::IteratorKind::DictView(..))
                    || matches!(&**k, numrs_types::IteratorKind::Container(c) if matches!(c, Type::DictType(_) | Type::Set { .. }));
                if !value_model && found.is_none() {
                    found = Some(p.to_string());
                }
            }
        });
        if let Some(it) = found {
            let mut e = InferError {
                kind: "NotImplementedError",
                code: "unsupported-syntax",
                message: format!("use load_from_data_pointer() instead (Numba cannot return the iterator {it} from a function)"),
                span: None,
                notes: vec![],
                secondary: vec![],
            };
            e.notes.push("return the container (a list, an array, a range) and iterate over it where it is used".into());
            return Some(e);
        }
    }
    // `_inline_arraycall`: the array is allocated for the loop's length, which Numba's
    // `length_of_iterator` knows only for ranges, arrays, lists, typed lists and homogeneous
    // tuples (a TypingError at the function's first line, where the rewrite puts the call).
    let array_calls = crate::arraycall::find(ir);
    for call in &array_calls {
        if !matches!(inf.get(call.call), Some(Type::Array(_))) {
            continue;
        }
        let sized = match inf.get(call.iter) {
            Some(Type::Iterator(k)) => matches!(
                &**k,
                numrs_types::IteratorKind::Range(_)
                    | numrs_types::IteratorKind::Array(_)
                    | numrs_types::IteratorKind::Container(Type::List { .. } | Type::ListType(_) | Type::UniTuple(..))
            ),
            _ => false,
        };
        if !sized {
            let shown = inf.get(call.iter).map(|t| t.to_string()).unwrap_or_else(|| "an iterator".into());
            let mut e = error(
                "TypingError",
                "invalid-call",
                &format!("No implementation of function length_of_iterator found for signature ({shown}): Unsupported iterator found in array comprehension, try preallocating the array and filling manually"),
                numrs_syntax::ast::Span::new(0, 0),
            );
            e.notes.push(
                "Numba turns a list that is appended to once per iteration of a loop and passed to np.array right after it into an array allocated for the loop's length, \
                 which it knows only for loops over a range, an array, a list or a homogeneous tuple"
                    .into(),
            );
            e.secondary.push((call.append_span, "the values appended here".into()));
            return Some(e);
        }
    }
    // `_inline_arraycall`: the array of appended values is allocated before the loop; a dtype
    // NumPy cannot have fails there (no line).
    for call in &array_calls {
        let Some(Type::Array(a)) = inf.get(call.call) else { continue };
        if a.dtype.as_number().is_some() || a.dtype.is_datetime_like() || !matches!(inf.get(call.list), Some(Type::List { .. })) {
            continue;
        }
        let mut e = InferError {
            kind: "NumbaNotImplementedError",
            code: "unsupported-array-dtype",
            message: format!("{} cannot be represented as a NumPy dtype", a.dtype),
            span: None,
            notes: vec![],
            secondary: vec![],
        };
        e.notes.push(
            "Numba turns a list that is appended to once per iteration of a loop and passed to np.array right after it into an array of the appended values; \
             build the array another way (preallocate it, or append under a condition) to store tuples, lists or strings"
                .into(),
        );
        e.secondary.push((call.append_span, "the values appended here are the array's items".into()));
        return Some(e);
    }
    // Lowering walks the blocks in order; the first index (or array comparison) it cannot
    // compile fails.
    for b in &ir.blocks {
        for s in &b.stmts {
            if let StmtKind::Assign { target, value: Value::Compare { op, lhs, rhs } } = &s.kind {
                if let Some(message) = complex_order_error(inf, *op, *target, *lhs, *rhs) {
                    return Some(error("TypingError", "no-matching-operator", &message, s.span));
                }
                continue;
            }
            if let StmtKind::SetItem { target, index, value: stored, .. } = &s.kind {
                if let Some((kind, message)) = list_slice_store_error(inf, *target, *index, *stored) {
                    return Some(error(kind, "no-conversion", &message, s.span));
                }
            }
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
    // `del d[k]` of a dict that remembers its display's initial value: Numba's lowering
    // asserts that the target's type is the delitem signature's (which has no initial value).
    for b in &ir.blocks {
        for s in &b.stmts {
            let StmtKind::DelItem { target, .. } = &s.kind else { continue };
            // A list display of literal values alike (`[1, 2, 3]`, appended to or not).
            if let Some(t @ Type::List { initial: Some(_), .. }) = inf.get(*target) {
                let mut e = error(
                    "AssertionError",
                    "unsupported-syntax",
                    &format!("`del` on a list display of literal values (typed {t}) fails in Numba's lowering (an AssertionError)"),
                    s.span,
                );
                e.notes.push("the display's literal values are part of its type; build the list with append, or from values that are not constants".into());
                return Some(e);
            }
            if let Some(Type::DictType(kv)) = inf.get(*target) {
                if kv.2.is_some() {
                    let mut e = error(
                        "AssertionError",
                        "unsupported-syntax",
                        &format!("`del` on a dict display typed {} fails in Numba's lowering (an AssertionError)", inf.get(*target).map(|t| t.to_string()).unwrap_or_default()),
                        s.span,
                    );
                    e.notes.push("the display's literal values are part of its type; build the dict with d[k] = v, or use d.pop(k)".into());
                    return Some(e);
                }
            }
        }
    }
    // A dict display stores its items after the first into a dict of the first one's types
    // (`build_map`): an item that does not cast fails there, at the display's line.
    for b in &ir.blocks {
        for s in &b.stmts {
            let StmtKind::Assign { target: t, value: Value::BuildMap(items) } = &s.kind else { continue };
            let Some(Type::DictType(kv)) = inf.get(*t) else { continue };
            for (k, v) in items.iter().skip(1) {
                let stored = [(inf.get(*k), &kv.0, "key"), (inf.get(*v), &kv.1, "value")];
                for (from, to, what) in stored {
                    let Some(from) = from else { continue };
                    if let Some((kind, why)) = numrs_types::typed_store_error(from, to) {
                        let mut e = error(
                            kind,
                            "heterogeneous-container",
                            &format!("this dict display is a {} (its first item's types), and it cannot store a {what} of type {}: {why}", inf.get(*t).map(|t| t.to_string()).unwrap_or_default(), from.unliteral()),
                            s.span,
                        );
                        e.notes.push("give every item of the display the first item's types, or build the dict with d[k] = v".into());
                        return Some(e);
                    }
                }
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

/// `a < b` with an array result and complex operands: Numba types it as `np.less` but its
/// array-expression kernel calls `operator.lt` on the elements, which complex numbers lack.
fn complex_order_error(inf: &Inferer<'_>, op: numrs_syntax::ast::CmpOp, target: VarId, lhs: VarId, rhs: VarId) -> Option<String> {
    use numrs_syntax::ast::CmpOp;
    let name = match op {
        CmpOp::Lt => "lt",
        CmpOp::LtE => "le",
        CmpOp::Gt => "gt",
        CmpOp::GtE => "ge",
        _ => return None,
    };
    if !matches!(inf.get(target), Some(Type::Array(_))) {
        return None;
    }
    let elem = |v: VarId| -> Option<Type> {
        match inf.get(v)? {
            Type::Array(a) => Some(a.dtype.clone()),
            t => Some(t.unliteral()),
        }
    };
    let (l, r) = (elem(lhs)?, elem(rhs)?);
    if !l.is_complex() && !r.is_complex() {
        return None;
    }
    let common = numrs_types::unify_pairs(&l, &r).unwrap_or(l);
    let ufunc = match name {
        "lt" => "less",
        "le" => "less_equal",
        "gt" => "greater",
        _ => "greater_equal",
    };
    Some(format!(
        "No implementation of function {name} for ({common}, {common}): complex numbers have no order; \
         Numba types this array comparison but cannot compile its elementwise kernel (np.{ufunc} orders complex arrays lexicographically)"
    ))
}

/// A reflected list argument whose items another type joins (`xs.append(1.5)` of a
/// `reflected list(int64)`): typing refines the argument's variable to a list of the unified
/// type, and lowering the argument into it fails (`list_to_list`'s AssertionError, no line).
pub(crate) fn reflected_argument_error(inf: &Inferer<'_>, args: &[Type]) -> Option<InferError> {
    for b in &inf.ir.blocks {
        for s in &b.stmts {
            let StmtKind::Assign { target, value: Value::Arg(i) } = &s.kind else { continue };
            let Some(given @ Type::List { dtype: from, reflected: true, .. }) = args.get(*i as usize) else { continue };
            let Some(Type::List { dtype: to, .. }) = inf.get(*target) else { continue };
            if from == to {
                continue;
            }
            let name = &inf.ir.var(*target).name;
            return Some(lowering_error(
                "AssertionError",
                &format!("the list argument '{name}' is passed as {given}, and the function stores {to} items into it: Numba fails converting the argument (an AssertionError)"),
                format!("a list passed from Python keeps its item type; convert the values first (e.g. {name}.append(int(v))), or build a new list of {to} items"),
            ));
        }
    }
    None
}

/// Errors Numba raises building the function's Python wrapper, after lowering it: a Python
/// set of strings argument cannot be unboxed (Numba's `unbox_set` lowers the string equality
/// of its hash table with a call convention that does not fit there, a TypeError).
pub(crate) fn wrapper_error(args: &[Type]) -> Option<InferError> {
    // A reflected list of reflected lists (or sets): Numba's `reflect_list` refuses to write
    // the inner ones back.
    let reflected = |t: &Type| matches!(t, Type::List { reflected: true, .. } | Type::Set { reflected: true, .. });
    if let Some(t) = args.iter().find(|t| matches!(t, Type::List { dtype, reflected: true, .. } if reflected(dtype))) {
        return Some(InferError {
            kind: "TypeError",
            code: "unsupported-signature",
            message: format!("cannot reflect element of reflected container: {t}: a list passed from Python cannot hold lists Numba would write back"),
            span: None,
            notes: vec!["pass a 2-d NumPy array, or a numba.typed.List of typed lists".into()],
            secondary: vec![],
        });
    }
    let t = args.iter().find(|t| matches!(t, Type::Set { dtype, reflected: true } if matches!(**dtype, Type::Unicode)))?;
    Some(InferError {
        kind: "TypeError",
        code: "unsupported-signature",
        message: format!("Numba cannot pass a Python set of strings in ({t}): building the function's Python wrapper fails"),
        span: None,
        notes: vec!["pass the strings in a list or a numba.typed.List, or a set of numbers".into()],
        secondary: vec![],
    })
}
