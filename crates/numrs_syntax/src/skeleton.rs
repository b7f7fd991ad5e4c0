//! Module skeletons: top-level statements with function and class bodies left out.
//!
//! Everything module-level analysis needs (bindings, decorators, parameters, defaults,
//! annotations) survives; what an edit inside a function body changes does not. A top-level
//! `def` statement's span is cut to end with the function's name, so the skeleton of a chunk is
//! the same before and after any edit of the function's body.

use crate::ast::{Stmt, StmtKind};

/// The skeleton of `stmts` (top-level statements).
pub fn skeleton(stmts: &[Stmt]) -> Vec<Stmt> {
    stmts
        .iter()
        .map(|s| {
            let mut s = s.clone();
            strip(&mut s, 0);
            match &s.kind {
                StmtKind::FunctionDef(def) => s.span.end = def.name_span.end.max(s.span.start),
                StmtKind::ClassDef(_) => s.span.end = s.span.start,
                _ => {}
            }
            s
        })
        .collect()
}

fn strip(stmt: &mut Stmt, depth: u32) {
    if depth > 64 {
        return;
    }
    let all = |stmts: &mut Vec<Stmt>| stmts.iter_mut().for_each(|s| strip(s, depth + 1));
    match &mut stmt.kind {
        StmtKind::FunctionDef(def) => def.body.clear(),
        // Class bodies keep their statements (a jitclass's fields and methods), methods without
        // their bodies.
        StmtKind::ClassDef(class) => all(&mut class.body),
        StmtKind::For { body, orelse, .. } | StmtKind::While { body, orelse, .. } | StmtKind::If { body, orelse, .. } => {
            all(body);
            all(orelse);
        }
        StmtKind::With { body, .. } => all(body),
        StmtKind::Try { body, handlers, orelse, finalbody } => {
            all(body);
            handlers.iter_mut().for_each(|h| all(&mut h.body));
            all(orelse);
            all(finalbody);
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn body_edits_leave_the_skeleton_unchanged() {
        let a = crate::parse_module("@njit('f8(f8)')\ndef f(x, y=2):\n    return x + 1\n");
        let b = crate::parse_module("@njit('f8(f8)')\ndef f(x, y=2):\n    z = x * 2\n    return z + 1\n");
        assert_ne!(a.module, b.module);
        assert_eq!(skeleton(&a.module.body), skeleton(&b.module.body));
    }

    #[test]
    fn nested_defs_lose_their_bodies_too() {
        let p = crate::parse_module("if True:\n    def f():\n        return 1\nelse:\n    x = 2\n");
        let s = skeleton(&p.module.body);
        let StmtKind::If { body, orelse, .. } = &s[0].kind else { panic!("not an if") };
        let StmtKind::FunctionDef(def) = &body[0].kind else { panic!("not a def") };
        assert!(def.body.is_empty());
        assert_eq!(orelse.len(), 1);
    }
}
