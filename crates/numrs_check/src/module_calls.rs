//! Calls of the module's lazily compiled jit functions made by its own top-level code (a loop
//! filling a lookup table, `TOTAL = f(3)`): Numba compiles them when the module is imported,
//! for `typeof` of the Python values given, so numrs types (and builds) those specializations
//! too. Only arguments whose Python type is plain are typed: number and string constants,
//! variables of `for` loops over `range`, module-level values, arithmetic of Python numbers,
//! items of module-level arrays, `int()`/`float()`/`bool()`/`complex()` and NumPy scalar
//! constructors, tuples of those. A call with another argument is left out.

use std::collections::HashSet;

use numrs_infer::GlobalValue;
use numrs_syntax::ast::{BinOp, Constant, Expr, ExprKind, Stmt, StmtKind, UnaryOp};
use numrs_types::{NumericKind, Type};

use crate::queries::{self, FunctionKey, GlobalKey};

/// The argument types of the calls of the jit function `key` (by its name, not rebound) in the
/// module's top-level statements, each once, in module order.
pub(crate) fn module_call_specs(db: &dyn numrs_db::Db, key: FunctionKey<'_>) -> Vec<Vec<Type>> {
    let Some(jit) = key.jit(db) else { return Vec::new() };
    let file = key.file(db);
    let skeleton = numrs_db::skeleton(db, file);
    let info = queries::module_info(db, file);
    let mut out: Vec<Vec<Type>> = Vec::new();
    let cx = Cx { db, key, name: &jit.name };
    for stmt in &skeleton.module.body {
        // Not `if __name__ == "__main__":` (nor any other branch at the top level).
        if !matches!(&stmt.kind, StmtKind::For { .. } | StmtKind::While { .. } | StmtKind::Assign { .. } | StmtKind::AugAssign { .. } | StmtKind::AnnAssign { .. } | StmtKind::Expr(_)) {
            continue;
        }
        // The name must be the jit function where the statement runs.
        let bound = info.symbols.lookup(&jit.name, Some(stmt.span.start)).is_some_and(|b| matches!(b.kind, numrs_hir::BindingKind::Function { def_index } if def_index == jit.def_stmt_index));
        if !bound {
            continue;
        }
        cx.stmts(std::slice::from_ref(stmt), &mut HashSet::new(), &mut out, 0);
    }
    out
}

struct Cx<'a, 'db> {
    db: &'a dyn numrs_db::Db,
    key: FunctionKey<'db>,
    name: &'a str,
}

impl Cx<'_, '_> {
    fn stmts(&self, stmts: &[Stmt], loops: &mut HashSet<String>, out: &mut Vec<Vec<Type>>, depth: u32) {
        if depth > 16 {
            return;
        }
        for stmt in stmts {
            match &stmt.kind {
                StmtKind::For { target, iter, body, orelse, .. } => {
                    self.exprs(iter, loops, out);
                    let ranged = matches!(&iter.kind, ExprKind::Call { func, .. } if matches!(&func.kind, ExprKind::Name(n) if n == "range"));
                    let var = match &target.kind {
                        ExprKind::Name(n) if ranged => Some(n.clone()),
                        _ => None,
                    };
                    let added = var.as_ref().is_some_and(|v| loops.insert(v.clone()));
                    self.stmts(body, loops, out, depth + 1);
                    if let (true, Some(v)) = (added, &var) {
                        loops.remove(v);
                    }
                    self.stmts(orelse, loops, out, depth + 1);
                }
                StmtKind::While { test, body, orelse } | StmtKind::If { test, body, orelse } => {
                    self.exprs(test, loops, out);
                    self.stmts(body, loops, out, depth + 1);
                    self.stmts(orelse, loops, out, depth + 1);
                }
                StmtKind::Assign { targets, value } => {
                    for t in targets {
                        self.exprs(t, loops, out);
                    }
                    self.exprs(value, loops, out);
                }
                StmtKind::AugAssign { target, value, .. } => {
                    self.exprs(target, loops, out);
                    self.exprs(value, loops, out);
                }
                StmtKind::AnnAssign { value: Some(value), .. } => self.exprs(value, loops, out),
                StmtKind::Expr(e) => self.exprs(e, loops, out),
                _ => {}
            }
        }
    }

    /// The calls of the function in `e` (comprehensions and lambdas left out: their variables
    /// are their own).
    fn exprs(&self, e: &Expr, loops: &HashSet<String>, out: &mut Vec<Vec<Type>>) {
        numrs_syntax::visit::expr(e, &mut |x| {
            let ExprKind::Call { func, args, keywords } = &x.kind else { return };
            if !matches!(&func.kind, ExprKind::Name(n) if n == self.name) || !keywords.is_empty() {
                return;
            }
            if args.iter().any(|a| matches!(a.kind, ExprKind::Starred(_))) {
                return;
            }
            let Some(types) = args.iter().map(|a| self.ty(a, loops, 0)).collect::<Option<Vec<_>>>() else { return };
            if !out.contains(&types) {
                out.push(types);
            }
        });
    }

    /// `typeof` of the Python value `e` evaluates to, where it is plain.
    fn ty(&self, e: &Expr, loops: &HashSet<String>, depth: u32) -> Option<Type> {
        if depth > 16 {
            return None;
        }
        let sub = |x: &Expr| self.ty(x, loops, depth + 1);
        // A NumPy array made by a constructor of constants (`np.array([3.0, 4.0])`,
        // `np.zeros(4)`), passed as itself.
        if let ExprKind::Call { .. } = &e.kind {
            let symbols = &queries::module_info(self.db, self.key.file(self.db)).symbols;
            if let Some(Type::Array(a)) = crate::globals::static_array_type(e, symbols) {
                return Some(Type::Array(std::sync::Arc::new(numrs_types::ArrayType { readonly: false, ..(*a).clone() })));
            }
        }
        match &e.kind {
            ExprKind::Constant(c) => match c {
                Constant::Int(i) if i64::try_from(*i).is_ok() => Some(Type::int64()),
                Constant::Float(_) => Some(Type::float64()),
                Constant::Bool(_) => Some(Type::boolean()),
                Constant::Complex { .. } => Some(Type::complex128()),
                Constant::Str(_) => Some(Type::Unicode),
                _ => None,
            },
            ExprKind::Name(n) if loops.contains(n) => Some(Type::int64()),
            ExprKind::Name(n) => match queries::resolve_global(self.db, GlobalKey::new(self.db, self.key, n.clone())) {
                // A module-level array is passed as itself, writable.
                GlobalValue::Type(Type::Array(a)) if a.buffer.is_none() => Some(Type::Array(std::sync::Arc::new(numrs_types::ArrayType { readonly: false, ..(**a).clone() }))),
                GlobalValue::Type(t) => python_value(&t.unliteral()),
                GlobalValue::Untyped(_) => None,
            },
            ExprKind::BinOp { left, op, right } => python_arith(&sub(left)?, *op, &sub(right)?),
            ExprKind::UnaryOp { op, operand } => {
                let t = sub(operand)?;
                match op {
                    UnaryOp::Not => Some(Type::boolean()),
                    UnaryOp::USub | UnaryOp::UAdd => python_number(&t).then(|| if t == Type::boolean() { Type::int64() } else { t }),
                    UnaryOp::Invert => matches!(t.as_number(), Some(k) if k.is_integer() || k == NumericKind::Boolean).then(Type::int64),
                }
            }
            ExprKind::Call { func, args, keywords } if keywords.is_empty() && args.len() <= 1 => {
                let kind = match &func.kind {
                    ExprKind::Name(n) => match n.as_str() {
                        "float" => NumericKind::Float64,
                        "int" => NumericKind::Int64,
                        "bool" => NumericKind::Boolean,
                        "complex" => NumericKind::Complex128,
                        _ => return None,
                    },
                    ExprKind::Attribute { value, attr } if matches!(&value.kind, ExprKind::Name(m) if m == "np" || m == "numpy") => NumericKind::from_numpy_name(attr)?,
                    _ => return None,
                };
                if let Some(a) = args.first() {
                    sub(a)?.as_number()?;
                }
                Some(Type::Number(kind))
            }
            // An item of a module-level array (a NumPy scalar of its dtype).
            ExprKind::Subscript { value, index } => {
                let Type::Array(a) = sub(value)? else { return None };
                let indices: Vec<&Expr> = match &index.kind {
                    ExprKind::Tuple(items) => items.iter().collect(),
                    _ => vec![&**index],
                };
                if indices.len() != a.ndim as usize || !indices.iter().all(|i| sub(i).is_some_and(|t| t.is_integer())) {
                    return None;
                }
                a.dtype.as_number().map(Type::Number)
            }
            ExprKind::Tuple(items) => Some(Type::tuple(items.iter().map(sub).collect::<Option<Vec<_>>>()?)),
            _ => None,
        }
    }
}

/// A Python int, float, bool or complex (not a NumPy scalar, whose arithmetic NumPy's rules
/// type).
fn python_number(t: &Type) -> bool {
    matches!(t.as_number(), Some(NumericKind::Int64 | NumericKind::Float64 | NumericKind::Boolean | NumericKind::Complex128))
}

/// `typeof` of a module-level value that is a Python number, a string or a tuple of them.
fn python_value(t: &Type) -> Option<Type> {
    match t {
        Type::Unicode => Some(Type::Unicode),
        t if t.as_number().is_some() => Some(t.clone()),
        t => Some(Type::tuple(t.tuple_items()?.iter().map(python_value).collect::<Option<Vec<_>>>()?)),
    }
}

/// The type of Python's `a op b` for Python numbers.
fn python_arith(a: &Type, op: BinOp, b: &Type) -> Option<Type> {
    if !python_number(a) || !python_number(b) {
        return None;
    }
    let (ka, kb) = (a.as_number()?, b.as_number()?);
    let complex = ka == NumericKind::Complex128 || kb == NumericKind::Complex128;
    let float = ka == NumericKind::Float64 || kb == NumericKind::Float64;
    Some(match op {
        BinOp::Add | BinOp::Sub | BinOp::Mult if complex => Type::complex128(),
        BinOp::Div if complex => Type::complex128(),
        _ if complex => return None,
        BinOp::Add | BinOp::Sub | BinOp::Mult | BinOp::FloorDiv | BinOp::Mod if float => Type::float64(),
        BinOp::Div => Type::float64(),
        BinOp::Add | BinOp::Sub | BinOp::Mult | BinOp::FloorDiv | BinOp::Mod => Type::int64(),
        BinOp::BitAnd | BinOp::BitOr | BinOp::BitXor | BinOp::LShift | BinOp::RShift if !float => Type::int64(),
        _ => return None,
    })
}

/// The type of a module-level value bound to a call of a lazy jit function of the module
/// (`CONST = triple(3)`, `TABLE = make_table(5)`, `K = int(sq(4))`): the function's result for
/// the call's arguments, as Numba types the global (an array read-only; a number not as its
/// literal, whose value numrs does not compute). `None` when the call's arguments are not
/// plain, the function is not one, or it is being typed already (it would read its own result).
pub fn module_call_global_type(db: &dyn numrs_db::Db, file: numrs_db::SourceFile, info: &queries::ModuleInfo, stmt: &Stmt) -> Option<Type> {
    let (StmtKind::Assign { value, .. } | StmtKind::AnnAssign { value: Some(value), .. }) = &stmt.kind else { return None };
    call_result_type(db, file, info, value, stmt.span.start)
}

/// [`module_call_global_type`] of the value `e` of a statement at `at`.
fn call_result_type(db: &dyn numrs_db::Db, file: numrs_db::SourceFile, info: &queries::ModuleInfo, e: &Expr, at: u32) -> Option<Type> {
    let ExprKind::Call { func, args, keywords } = &e.kind else { return None };
    let ExprKind::Name(name) = &func.kind else { return None };
    if !keywords.is_empty() {
        return None;
    }
    let binding = info.symbols.lookup(name, Some(at));
    // `int(f(4))`, `float(f(x))`: the Python number the conversion makes of the result.
    if let (None, "int" | "float" | "bool", [inner]) = (binding, name.as_str(), args.as_slice()) {
        call_result_type(db, file, info, inner, at)?.as_number()?;
        return Some(match name.as_str() {
            "int" => Type::int64(),
            "float" => Type::float64(),
            _ => Type::boolean(),
        });
    }
    let numrs_hir::BindingKind::Function { def_index } = binding?.kind else { return None };
    let jit = info.functions.iter().find(|f| f.def_stmt_index == def_index && f.name == *name)?;
    if jit.kind != numrs_hir::JitKind::Njit || !jit.signatures.is_empty() {
        return None;
    }
    let key = FunctionKey::of(db, file, info, jit);
    if crate::env::InferenceStack::contains_function(&jit.name, key.ordinal(db)) {
        return None;
    }
    let cx = Cx { db, key, name: &jit.name };
    let arg_types = args.iter().map(|a| cx.ty(a, &HashSet::new(), 0)).collect::<Option<Vec<_>>>()?;
    let result = queries::infer_spec(db, queries::SpecKey::new(db, key, arg_types, None));
    match result.outcome.as_ref().ok()?.unliteral() {
        Type::Array(a) => Some(Type::array_ro(a.dtype.clone(), a.ndim, numrs_types::Layout::C, true)),
        t if t.as_number().is_some() => Some(t),
        _ => None,
    }
}
