//! Moving every span of a subtree by a fixed number of bytes: statements parsed on their own
//! (relative to their start) are placed back at their offset in the file.

use crate::ast::{Comprehension, Expr, ExprKind, Parameters, Pattern, PatternKind, Span, Stmt, StmtKind};

fn sp(span: &mut Span, delta: u32) {
    *span = span.offset_by(delta);
}

fn shift_pattern(p: &mut Pattern, delta: u32) {
    sp(&mut p.span, delta);
    match &mut p.kind {
        PatternKind::Value(e) => shift_expr(e, delta),
        PatternKind::As(inner, _) => shift_pattern(inner, delta),
        PatternKind::Or(alts) => alts.iter_mut().for_each(|a| shift_pattern(a, delta)),
        PatternKind::Singleton(_) | PatternKind::Capture(_) | PatternKind::Structural(_) => {}
    }
}

/// Shift every span in `stmt` by `delta` bytes.
pub fn shift_stmt(stmt: &mut Stmt, delta: u32) {
    sp(&mut stmt.span, delta);
    let e = |x: &mut Expr| shift_expr(x, delta);
    match &mut stmt.kind {
        StmtKind::FunctionDef(def) => {
            sp(&mut def.name_span, delta);
            shift_params(&mut def.params, delta);
            def.decorators.iter_mut().for_each(e);
            if let Some(r) = &mut def.returns {
                shift_expr(r, delta);
            }
            shift_stmts(&mut def.body, delta);
        }
        StmtKind::ClassDef(c) => {
            c.bases.iter_mut().for_each(e);
            c.decorators.iter_mut().for_each(|x| shift_expr(x, delta));
            shift_stmts(&mut c.body, delta);
        }
        StmtKind::Return(v) => v.iter_mut().for_each(e),
        StmtKind::Delete(targets) => targets.iter_mut().for_each(e),
        StmtKind::Assign { targets, value } => {
            targets.iter_mut().for_each(e);
            shift_expr(value, delta);
        }
        StmtKind::AugAssign { target, value, .. } => {
            shift_expr(target, delta);
            shift_expr(value, delta);
        }
        StmtKind::AnnAssign { target, annotation, value } => {
            shift_expr(target, delta);
            shift_expr(annotation, delta);
            value.iter_mut().for_each(e);
        }
        StmtKind::For { target, iter, body, orelse, .. } => {
            shift_expr(target, delta);
            shift_expr(iter, delta);
            shift_stmts(body, delta);
            shift_stmts(orelse, delta);
        }
        StmtKind::While { test, body, orelse } | StmtKind::If { test, body, orelse } => {
            shift_expr(test, delta);
            shift_stmts(body, delta);
            shift_stmts(orelse, delta);
        }
        StmtKind::Match { subject, cases } => {
            shift_expr(subject, delta);
            for case in cases {
                sp(&mut case.span, delta);
                shift_pattern(&mut case.pattern, delta);
                if let Some(g) = &mut case.guard {
                    shift_expr(g, delta);
                }
                shift_stmts(&mut case.body, delta);
            }
        }
        StmtKind::With { items, body, .. } => {
            for item in items {
                shift_expr(&mut item.context, delta);
                if let Some(t) = &mut item.target {
                    shift_expr(t, delta);
                }
            }
            shift_stmts(body, delta);
        }
        StmtKind::Raise { exc, cause } => {
            exc.iter_mut().for_each(|x| shift_expr(x, delta));
            cause.iter_mut().for_each(e);
        }
        StmtKind::Try { body, handlers, orelse, finalbody } => {
            shift_stmts(body, delta);
            for h in handlers {
                sp(&mut h.span, delta);
                if let Some(t) = &mut h.type_ {
                    shift_expr(t, delta);
                }
                shift_stmts(&mut h.body, delta);
            }
            shift_stmts(orelse, delta);
            shift_stmts(finalbody, delta);
        }
        StmtKind::Assert { test, msg } => {
            shift_expr(test, delta);
            msg.iter_mut().for_each(e);
        }
        StmtKind::Import(aliases) | StmtKind::ImportFrom { names: aliases, .. } => {
            aliases.iter_mut().for_each(|a| sp(&mut a.span, delta))
        }
        StmtKind::Expr(x) => shift_expr(x, delta),
        StmtKind::Global(_)
        | StmtKind::Nonlocal(_)
        | StmtKind::Pass
        | StmtKind::Break
        | StmtKind::Continue
        | StmtKind::Unsupported(_) => {}
    }
}

pub fn shift_stmts(stmts: &mut [Stmt], delta: u32) {
    for s in stmts {
        shift_stmt(s, delta);
    }
}

fn shift_params(p: &mut Parameters, delta: u32) {
    let all = p.posonly.iter_mut().chain(p.args.iter_mut()).chain(p.vararg.iter_mut()).chain(p.kwonly.iter_mut()).chain(p.kwarg.iter_mut());
    for param in all {
        sp(&mut param.span, delta);
        if let Some(a) = &mut param.annotation {
            shift_expr(a, delta);
        }
        if let Some(d) = &mut param.default {
            shift_expr(d, delta);
        }
    }
}

fn shift_comprehensions(gens: &mut [Comprehension], delta: u32) {
    for g in gens {
        shift_expr(&mut g.target, delta);
        shift_expr(&mut g.iter, delta);
        g.ifs.iter_mut().for_each(|x| shift_expr(x, delta));
    }
}

/// Shift every span in `x` by `delta` bytes.
pub fn shift_expr(x: &mut Expr, delta: u32) {
    sp(&mut x.span, delta);
    let mut go = |y: &mut Expr| shift_expr(y, delta);
    match &mut x.kind {
        ExprKind::Attribute { value, .. } | ExprKind::Starred(value) | ExprKind::YieldFrom(value) | ExprKind::Await(value) => {
            go(value)
        }
        ExprKind::Subscript { value, index } => {
            go(value);
            go(index);
        }
        ExprKind::Slice { lower, upper, step } => {
            for b in [lower, upper, step].into_iter().flatten() {
                go(b);
            }
        }
        ExprKind::Call { func, args, keywords } => {
            go(func);
            args.iter_mut().for_each(&mut go);
            for k in keywords {
                sp(&mut k.span, delta);
                shift_expr(&mut k.value, delta);
            }
        }
        ExprKind::BinOp { left, right, .. } => {
            go(left);
            go(right);
        }
        ExprKind::UnaryOp { operand, .. } => go(operand),
        ExprKind::BoolOp { values, .. }
        | ExprKind::Tuple(values)
        | ExprKind::List(values)
        | ExprKind::Set(values)
        | ExprKind::JoinedStr(values) => values.iter_mut().for_each(go),
        ExprKind::Compare { left, comparators, .. } => {
            go(left);
            comparators.iter_mut().for_each(go);
        }
        ExprKind::IfExp { test, body, orelse } => {
            go(test);
            go(body);
            go(orelse);
        }
        ExprKind::Dict { keys, values } => {
            keys.iter_mut().flatten().for_each(&mut go);
            values.iter_mut().for_each(go);
        }
        ExprKind::ListComp { elt, generators } | ExprKind::SetComp { elt, generators } | ExprKind::GeneratorExp { elt, generators } => {
            shift_comprehensions(generators, delta);
            shift_expr(elt, delta);
        }
        ExprKind::DictComp { key, value, generators } => {
            shift_comprehensions(generators, delta);
            shift_expr(key, delta);
            shift_expr(value, delta);
        }
        ExprKind::Lambda { params, body } => {
            shift_params(params, delta);
            go(body);
        }
        ExprKind::NamedExpr { target, value } => {
            go(target);
            go(value);
        }
        ExprKind::Yield(v) => {
            if let Some(b) = v {
                go(b);
            }
        }
        ExprKind::FormattedValue { value, format_spec, .. } => {
            go(value);
            if let Some(b) = format_spec {
                go(b);
            }
        }
        ExprKind::Name(_) | ExprKind::Constant(_) => {}
    }
}

/// Replaces each name `f` maps in `x` (a value, not a binding target) by the expression it
/// gives, as a function's parameters are read where a call gives them. Lambdas and
/// comprehensions, which bind names of their own, are left as they are.
pub fn replace_names(x: &mut Expr, f: &dyn Fn(&str) -> Option<Expr>) {
    let go = |y: &mut Expr| replace_names(y, f);
    match &mut x.kind {
        ExprKind::Name(n) => {
            if let Some(e) = f(n) {
                *x = e;
            }
        }
        ExprKind::Attribute { value, .. } | ExprKind::Starred(value) => go(value),
        ExprKind::Subscript { value, index } => {
            go(value);
            go(index);
        }
        ExprKind::Slice { lower, upper, step } => {
            for b in [lower, upper, step].into_iter().flatten() {
                go(b);
            }
        }
        ExprKind::Call { func, args, keywords } => {
            go(func);
            args.iter_mut().for_each(go);
            for k in keywords {
                go(&mut k.value);
            }
        }
        ExprKind::BinOp { left, right, .. } => {
            go(left);
            go(right);
        }
        ExprKind::UnaryOp { operand, .. } => go(operand),
        ExprKind::BoolOp { values, .. } | ExprKind::Tuple(values) | ExprKind::List(values) | ExprKind::Set(values) => values.iter_mut().for_each(go),
        ExprKind::Compare { left, comparators, .. } => {
            go(left);
            comparators.iter_mut().for_each(go);
        }
        ExprKind::IfExp { test, body, orelse } => {
            go(test);
            go(body);
            go(orelse);
        }
        ExprKind::Dict { keys, values } => {
            keys.iter_mut().flatten().for_each(go);
            values.iter_mut().for_each(go);
        }
        _ => {}
    }
}
