//! The tree-depth limit: a top-level statement whose tree is deeper than [`MAX_TREE_DEPTH`]
//! (statements, expressions and `except` handlers each count one level) is left out by the
//! caller. The walk stops as soon as it passes the limit, so it never recurses deeper than
//! [`MAX_TREE_DEPTH`] + 1 levels, however deep the tree.

use crate::ast::*;

/// The span of the first node (in pre-order) that lies deeper than [`MAX_TREE_DEPTH`] levels,
/// if any.
pub(crate) fn too_deep(stmt: &Stmt) -> Option<Span> {
    stmt_depth(stmt, 1).err()
}

type Walk = Result<(), Span>;

fn stmts(body: &[Stmt], level: u32) -> Walk {
    body.iter().try_for_each(|s| stmt_depth(s, level))
}

fn opt(e: &Option<Expr>, level: u32) -> Walk {
    e.as_ref().map_or(Ok(()), |e| expr_depth(e, level))
}

fn exprs(es: &[Expr], level: u32) -> Walk {
    es.iter().try_for_each(|e| expr_depth(e, level))
}

fn params(p: &Parameters, level: u32) -> Walk {
    let all = p.posonly.iter().chain(&p.args).chain(&p.vararg).chain(&p.kwonly).chain(&p.kwarg);
    for param in all {
        opt(&param.annotation, level)?;
        opt(&param.default, level)?;
    }
    Ok(())
}

fn stmt_depth(s: &Stmt, level: u32) -> Walk {
    if level > MAX_TREE_DEPTH {
        return Err(s.span);
    }
    let l = level + 1;
    match &s.kind {
        StmtKind::FunctionDef(f) => {
            params(&f.params, l)?;
            stmts(&f.body, l)?;
            exprs(&f.decorators, l)?;
            opt(&f.returns, l)
        }
        StmtKind::ClassDef(c) => {
            exprs(&c.bases, l)?;
            stmts(&c.body, l)?;
            exprs(&c.decorators, l)
        }
        StmtKind::Return(e) => opt(e, l),
        StmtKind::Delete(es) => exprs(es, l),
        StmtKind::Assign { targets, value } => {
            exprs(targets, l)?;
            expr_depth(value, l)
        }
        StmtKind::AugAssign { target, value, .. } => {
            expr_depth(target, l)?;
            expr_depth(value, l)
        }
        StmtKind::AnnAssign { target, annotation, value } => {
            expr_depth(target, l)?;
            expr_depth(annotation, l)?;
            opt(value, l)
        }
        StmtKind::For { target, iter, body, orelse, .. } => {
            expr_depth(target, l)?;
            expr_depth(iter, l)?;
            stmts(body, l)?;
            stmts(orelse, l)
        }
        StmtKind::Match { subject, cases } => {
            expr_depth(subject, l)?;
            for case in cases {
                let mut deep = Ok(());
                case.pattern.values(&mut |x| {
                    if deep.is_ok() {
                        deep = expr_depth(x, l);
                    }
                });
                deep?;
                opt(&case.guard, l)?;
                stmts(&case.body, l)?;
            }
            Ok(())
        }
        StmtKind::While { test, body, orelse } | StmtKind::If { test, body, orelse } => {
            expr_depth(test, l)?;
            stmts(body, l)?;
            stmts(orelse, l)
        }
        StmtKind::With { items, body, .. } => {
            for item in items {
                expr_depth(&item.context, l)?;
                opt(&item.target, l)?;
            }
            stmts(body, l)
        }
        StmtKind::Raise { exc, cause } => {
            opt(exc, l)?;
            opt(cause, l)
        }
        StmtKind::Try { body, handlers, orelse, finalbody } => {
            stmts(body, l)?;
            for h in handlers {
                if l > MAX_TREE_DEPTH {
                    return Err(h.span);
                }
                opt(&h.type_, l + 1)?;
                stmts(&h.body, l + 1)?;
            }
            stmts(orelse, l)?;
            stmts(finalbody, l)
        }
        StmtKind::Assert { test, msg } => {
            expr_depth(test, l)?;
            opt(msg, l)
        }
        StmtKind::Expr(e) => expr_depth(e, l),
        StmtKind::Import(_)
        | StmtKind::ImportFrom { .. }
        | StmtKind::Global(_)
        | StmtKind::Nonlocal(_)
        | StmtKind::Pass
        | StmtKind::Break
        | StmtKind::Continue
        | StmtKind::Unsupported(_) => Ok(()),
    }
}

fn boxed(e: &Option<Box<Expr>>, level: u32) -> Walk {
    e.as_deref().map_or(Ok(()), |e| expr_depth(e, level))
}

fn comprehensions(gens: &[Comprehension], level: u32) -> Walk {
    for g in gens {
        expr_depth(&g.target, level)?;
        expr_depth(&g.iter, level)?;
        exprs(&g.ifs, level)?;
    }
    Ok(())
}

fn expr_depth(e: &Expr, level: u32) -> Walk {
    if level > MAX_TREE_DEPTH {
        return Err(e.span);
    }
    let l = level + 1;
    match &e.kind {
        ExprKind::Name(_) | ExprKind::Constant(_) => Ok(()),
        ExprKind::Attribute { value, .. } => expr_depth(value, l),
        ExprKind::Subscript { value, index } => {
            expr_depth(value, l)?;
            expr_depth(index, l)
        }
        ExprKind::Slice { lower, upper, step } => {
            boxed(lower, l)?;
            boxed(upper, l)?;
            boxed(step, l)
        }
        ExprKind::Call { func, args, keywords } => {
            expr_depth(func, l)?;
            exprs(args, l)?;
            keywords.iter().try_for_each(|k| expr_depth(&k.value, l))
        }
        ExprKind::BinOp { left, right, .. } => {
            expr_depth(left, l)?;
            expr_depth(right, l)
        }
        ExprKind::UnaryOp { operand, .. } => expr_depth(operand, l),
        ExprKind::BoolOp { values, .. } => exprs(values, l),
        ExprKind::Compare { left, comparators, .. } => {
            expr_depth(left, l)?;
            exprs(comparators, l)
        }
        ExprKind::IfExp { test, body, orelse } => {
            expr_depth(test, l)?;
            expr_depth(body, l)?;
            expr_depth(orelse, l)
        }
        ExprKind::Tuple(es) | ExprKind::List(es) | ExprKind::Set(es) | ExprKind::JoinedStr(es) => {
            exprs(es, l)
        }
        ExprKind::Dict { keys, values } => {
            for k in keys.iter().flatten() {
                expr_depth(k, l)?;
            }
            exprs(values, l)
        }
        ExprKind::ListComp { elt, generators }
        | ExprKind::SetComp { elt, generators }
        | ExprKind::GeneratorExp { elt, generators } => {
            expr_depth(elt, l)?;
            comprehensions(generators, l)
        }
        ExprKind::DictComp { key, value, generators } => {
            expr_depth(key, l)?;
            expr_depth(value, l)?;
            comprehensions(generators, l)
        }
        ExprKind::Lambda { params: p, body } => {
            params(p, l)?;
            expr_depth(body, l)
        }
        ExprKind::Starred(v) | ExprKind::YieldFrom(v) | ExprKind::Await(v) => expr_depth(v, l),
        ExprKind::NamedExpr { target, value } => {
            expr_depth(target, l)?;
            expr_depth(value, l)
        }
        ExprKind::Yield(v) => boxed(v, l),
        ExprKind::FormattedValue { value, format_spec, .. } => {
            expr_depth(value, l)?;
            boxed(format_spec, l)
        }
    }
}
