//! Read-only traversal of the syntax tree, for tools that look things up by position.

use crate::ast::{Expr, ExprKind, Stmt, StmtKind};

/// Call `f` on every expression in `stmts`, outermost first, descending into nested
/// statements, lambdas and comprehensions (but not into nested `def`/`class` bodies unless
/// `into_defs`). Depth is bounded by the tree's own limit (`ast::MAX_TREE_DEPTH`).
pub fn for_each_expr(stmts: &[Stmt], into_defs: bool, f: &mut dyn FnMut(&Expr)) {
    for s in stmts {
        stmt_exprs(s, into_defs, f);
    }
}

fn stmt_exprs(s: &Stmt, into_defs: bool, f: &mut dyn FnMut(&Expr)) {
    let mut e = |x: &Expr| expr(x, f);
    match &s.kind {
        StmtKind::FunctionDef(def) => {
            def.decorators.iter().for_each(&mut e);
            for p in def.params.positional().chain(def.params.kwonly.iter()) {
                if let Some(d) = &p.default {
                    e(d);
                }
            }
            if into_defs {
                for_each_expr(&def.body, into_defs, f);
            }
        }
        StmtKind::ClassDef(c) => {
            c.decorators.iter().for_each(&mut e);
            c.bases.iter().for_each(&mut e);
            if into_defs {
                for_each_expr(&c.body, into_defs, f);
            }
        }
        StmtKind::Return(v) => v.iter().for_each(e),
        StmtKind::Delete(targets) => targets.iter().for_each(e),
        StmtKind::Assign { targets, value } => {
            targets.iter().for_each(&mut e);
            e(value);
        }
        StmtKind::AugAssign { target, value, .. } => {
            e(target);
            e(value);
        }
        StmtKind::AnnAssign { target, annotation, value } => {
            e(target);
            e(annotation);
            value.iter().for_each(e);
        }
        StmtKind::For { target, iter, body, orelse, .. } => {
            e(target);
            e(iter);
            for_each_expr(body, into_defs, f);
            for_each_expr(orelse, into_defs, f);
        }
        StmtKind::While { test, body, orelse } | StmtKind::If { test, body, orelse } => {
            e(test);
            for_each_expr(body, into_defs, f);
            for_each_expr(orelse, into_defs, f);
        }
        StmtKind::Match { subject, cases } => {
            e(subject);
            for case in cases {
                case.pattern.values(&mut |x| expr(x, f));
                if let Some(g) = &case.guard {
                    expr(g, f);
                }
                for_each_expr(&case.body, into_defs, f);
            }
        }
        StmtKind::With { items, body, .. } => {
            for item in items {
                e(&item.context);
                if let Some(t) = &item.target {
                    e(t);
                }
            }
            for_each_expr(body, into_defs, f);
        }
        StmtKind::Raise { exc, cause } => {
            exc.iter().for_each(&mut e);
            cause.iter().for_each(e);
        }
        StmtKind::Try { body, handlers, orelse, finalbody } => {
            for_each_expr(body, into_defs, f);
            for h in handlers {
                if let Some(t) = &h.type_ {
                    expr(t, f);
                }
                for_each_expr(&h.body, into_defs, f);
            }
            for_each_expr(orelse, into_defs, f);
            for_each_expr(finalbody, into_defs, f);
        }
        StmtKind::Assert { test, msg } => {
            e(test);
            msg.iter().for_each(e);
        }
        StmtKind::Expr(x) => e(x),
        StmtKind::Import(_)
        | StmtKind::ImportFrom { .. }
        | StmtKind::Global(_)
        | StmtKind::Nonlocal(_)
        | StmtKind::Pass
        | StmtKind::Break
        | StmtKind::Continue
        | StmtKind::Unsupported(_) => {}
    }
}

/// Call `f` on every statement in `stmts`, outermost first, descending into the bodies of
/// compound statements (and of nested `def`/`class` statements when `into_defs`).
pub fn for_each_stmt<'a>(stmts: &'a [Stmt], into_defs: bool, f: &mut dyn FnMut(&'a Stmt)) {
    for s in stmts {
        f(s);
        match &s.kind {
            StmtKind::For { body, orelse, .. } | StmtKind::While { body, orelse, .. } | StmtKind::If { body, orelse, .. } => {
                for_each_stmt(body, into_defs, f);
                for_each_stmt(orelse, into_defs, f);
            }
            StmtKind::With { body, .. } => for_each_stmt(body, into_defs, f),
            StmtKind::Match { cases, .. } => {
                for case in cases {
                    for_each_stmt(&case.body, into_defs, f);
                }
            }
            StmtKind::Try { body, handlers, orelse, finalbody } => {
                for_each_stmt(body, into_defs, f);
                for h in handlers {
                    for_each_stmt(&h.body, into_defs, f);
                }
                for_each_stmt(orelse, into_defs, f);
                for_each_stmt(finalbody, into_defs, f);
            }
            StmtKind::FunctionDef(def) if into_defs => for_each_stmt(&def.body, into_defs, f),
            StmtKind::ClassDef(c) if into_defs => for_each_stmt(&c.body, into_defs, f),
            _ => {}
        }
    }
}

/// Call `f` on `x` and every expression nested in it.
pub fn expr(x: &Expr, f: &mut dyn FnMut(&Expr)) {
    walk(x, true, f);
}

/// Like [`expr`], but stays in the current function scope: a lambda's body (its own scope) is
/// not visited, its default values are. Comprehensions are visited (an assignment expression
/// in one binds in the enclosing scope).
pub fn expr_in_scope(x: &Expr, f: &mut dyn FnMut(&Expr)) {
    walk(x, false, f);
}

fn walk(x: &Expr, into_lambdas: bool, f: &mut dyn FnMut(&Expr)) {
    f(x);
    let mut go = |y: &Expr| walk(y, into_lambdas, f);
    match &x.kind {
        ExprKind::Attribute { value, .. } | ExprKind::Starred(value) | ExprKind::YieldFrom(value) | ExprKind::Await(value) => {
            go(value)
        }
        ExprKind::Subscript { value, index } => {
            go(value);
            go(index);
        }
        ExprKind::Slice { lower, upper, step } => [lower, upper, step].into_iter().flatten().for_each(|b| go(b)),
        ExprKind::Call { func, args, keywords } => {
            go(func);
            args.iter().for_each(&mut go);
            keywords.iter().for_each(|k| go(&k.value));
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
        | ExprKind::JoinedStr(values) => values.iter().for_each(go),
        ExprKind::Compare { left, comparators, .. } => {
            go(left);
            comparators.iter().for_each(go);
        }
        ExprKind::IfExp { test, body, orelse } => {
            go(test);
            go(body);
            go(orelse);
        }
        ExprKind::Dict { keys, values } => {
            keys.iter().flatten().for_each(&mut go);
            values.iter().for_each(go);
        }
        ExprKind::ListComp { elt, generators } | ExprKind::SetComp { elt, generators } | ExprKind::GeneratorExp { elt, generators } => {
            for g in generators {
                go(&g.target);
                go(&g.iter);
                g.ifs.iter().for_each(&mut go);
            }
            go(elt);
        }
        ExprKind::DictComp { key, value, generators } => {
            for g in generators {
                go(&g.target);
                go(&g.iter);
                g.ifs.iter().for_each(&mut go);
            }
            go(key);
            go(value);
        }
        ExprKind::Lambda { params, body } => {
            for p in params.positional().chain(params.kwonly.iter()) {
                if let Some(d) = &p.default {
                    go(d);
                }
            }
            if into_lambdas {
                go(body);
            }
        }
        ExprKind::NamedExpr { target, value } => {
            go(target);
            go(value);
        }
        ExprKind::Yield(v) => v.iter().for_each(|b| go(b)),
        ExprKind::FormattedValue { value, format_spec, .. } => {
            go(value);
            format_spec.iter().for_each(|b| go(b));
        }
        ExprKind::Name(_) | ExprKind::Constant(_) => {}
    }
}
