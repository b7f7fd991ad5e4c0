//! Module-level NumPy arrays computed from constants, evaluated as NumPy computes them.
//!
//! Numba freezes a global array into the compiled code (`readonly array(float64, 1d, C)`), so
//! both `check` (its type) and `build` (its items) need the array a module-level statement
//! makes. [`bound_array`] evaluates the statements NumPy code writes for such tables: the
//! constructors (`np.array` of nested constant lists, `np.zeros`/`ones`/`empty`/`full`,
//! `np.arange` of integers, `np.linspace`, `np.eye`/`np.identity`), other module-level arrays
//! by name (`W = W / W.sum()`, `W /= W.sum()`), arithmetic with NumPy 2's promotion (Python
//! numbers are weak scalars, NEP 50) and broadcasting, `reshape`/`astype`/`copy`, the
//! reductions `sum`/`mean`/`max`/`min` (NumPy's pairwise summation, bit for bit), `cumsum`,
//! `np.sqrt` and `np.abs`. Only operations whose results are exactly defined (IEEE arithmetic,
//! square roots) are evaluated; anything else (transcendental functions, whose NumPy SIMD
//! implementations round differently from the C library) gives `None`, as does an array the
//! module changes after binding it (`T[0] = 1`, `np.random.shuffle(T)`), whose frozen value
//! only running the module would tell.

use numrs_syntax::ast::{self, BinOp, Constant, Expr, ExprKind, StmtKind, UnaryOp};
use numrs_types::NumericKind;

use crate::symbols::{BindingKind, ConstValue, ModuleSymbols};

/// Arrays with more items than this are not evaluated.
const MAX_ITEMS: usize = 1 << 20;

/// One item of a [`ConstArray`]: integers and booleans exactly, floats as `f64` (a `float32`
/// array's items are `f32` values).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Item {
    Bool(bool),
    Int(i128),
    Float(f64),
}

impl Item {
    fn f(self) -> f64 {
        match self {
            Item::Bool(b) => b as i64 as f64,
            Item::Int(i) => i as f64,
            Item::Float(x) => x,
        }
    }
    fn i(self) -> Option<i128> {
        match self {
            Item::Bool(b) => Some(b as i128),
            Item::Int(i) => Some(i),
            Item::Float(_) => None,
        }
    }
}

/// An array (or, with an empty `shape`, a NumPy scalar) and its items in C order.
#[derive(Clone, Debug, PartialEq)]
pub struct ConstArray {
    pub dtype: NumericKind,
    pub shape: Vec<i64>,
    pub items: Vec<Item>,
}

/// A value of the evaluation: an array, or a Python number (a weak scalar for promotion).
#[derive(Clone, Debug)]
enum V {
    Array(ConstArray),
    Py(Item),
}

/// The array (or NumPy scalar) the expression `value` makes, names read as bound before `at`.
pub(crate) fn array_of(value: &Expr, at: u32, module: &ast::Module, symbols: &ModuleSymbols) -> Option<ConstArray> {
    match (Cx { module, symbols, strict: false, locals: Default::default(), inexact: None, frames: Default::default() }).eval(value, at, 0)? {
        V::Array(a) => Some(a),
        V::Py(_) => None,
    }
}

/// The array a factory's call passes for one of its parameters
/// ([`crate::JitFunction::captured_arrays`]): `value` evaluated where the call is.
pub fn captured_array(value: &Expr, at: u32, module: &ast::Module, symbols: &ModuleSymbols) -> Option<ConstArray> {
    array_of(value, at, module, symbols).filter(|a| !a.shape.is_empty())
}

/// The `n` items NumPy assigns from `value` to a 1-d destination of `dtype` (`dest[...] =
/// value`: an array of `n` items or one item, broadcast, cast unsafely), names read as bound
/// before `at`.
pub(crate) fn assigned_items(value: &Expr, n: usize, dtype: NumericKind, at: u32, module: &ast::Module, symbols: &ModuleSymbols) -> Option<Vec<Item>> {
    let items = match (Cx { module, symbols, strict: false, locals: Default::default(), inexact: None, frames: Default::default() }).eval(value, at, 0)? {
        V::Py(x) => vec![x; n],
        V::Array(a) if a.shape.is_empty() || a.items.len() == 1 && a.shape.len() == 1 => vec![a.items[0]; n],
        V::Array(a) if a.shape.len() == 1 && a.items.len() == n => a.items,
        V::Array(_) => return None,
    };
    items.into_iter().map(|x| convert(x, dtype)).collect()
}

/// The array (or NumPy scalar) the module-level statement `stmt` binds to `name` (`name =
/// <expr>`, `name: T = <expr>`, `name /= <expr>`).
pub fn bound_array(name: &str, stmt: &ast::Stmt, module: &ast::Module, symbols: &ModuleSymbols) -> Option<ConstArray> {
    let cx = Cx { module, symbols, strict: false, locals: Default::default(), inexact: None, frames: Default::default() };
    // With what the module does to it later (`T.resize(...)` changes its dimensions), when
    // `stmt` is the name's last binding.
    let last = symbols.lookup(name, None).is_some_and(|b| b.stmt_span == stmt.span);
    match cx.name(name, if last { u32::MAX } else { stmt.span.end }, 0)? {
        V::Array(a) => Some(a),
        V::Py(_) => None,
    }
}

/// [`bound_array`], also when the value is computed by NumPy's transcendental ufuncs
/// (`np.log(2 * np.pi)`, `np.exp(-np.arange(4.0))`), whose results numrs cannot reproduce
/// bit for bit (NumPy's SIMD loops round differently from the C library in the last bit):
/// the array with its dtype and shape as NumPy makes them, and whether its items are exact
/// (`false`: they approximate NumPy's; only the module, run, knows them).
pub fn bound_array_approx(name: &str, stmt: &ast::Stmt, module: &ast::Module, symbols: &ModuleSymbols) -> Option<(ConstArray, bool)> {
    let flag = std::cell::Cell::new(false);
    let cx = Cx { module, symbols, strict: false, locals: Default::default(), inexact: Some(&flag), frames: Default::default() };
    match cx.name(name, stmt.span.end, 0)? {
        V::Array(a) => Some((a, !flag.get())),
        V::Py(_) => None,
    }
}

/// The item types of a tuple display bound at module level to `name` whose items are numbers
/// and at least one is computed by NumPy's transcendental ufuncs (`(np.log(2.0), np.log(3.0),
/// 4)`): NumPy scalars keep their dtype, Python numbers are `int64`, `float64`, `bool`. Only
/// the module, run, knows such items exactly (see [`bound_array_approx`]).
pub fn bound_tuple_approx(name: &str, stmt: &ast::Stmt, module: &ast::Module, symbols: &ModuleSymbols) -> Option<Vec<NumericKind>> {
    let StmtKind::Assign { targets, value } = &stmt.kind else { return None };
    if !matches!(targets.as_slice(), [t] if matches!(&t.kind, ExprKind::Name(n) if n == name)) {
        return None;
    }
    let ExprKind::Tuple(items) = &value.kind else { return None };
    let flag = std::cell::Cell::new(false);
    let cx = Cx { module, symbols, strict: false, locals: Default::default(), inexact: Some(&flag), frames: Default::default() };
    let kinds = items
        .iter()
        .map(|item| match cx.eval(item, stmt.span.start, 0)? {
            V::Array(a) if a.shape.is_empty() => Some(a.dtype),
            V::Array(_) => None,
            V::Py(Item::Int(_)) => Some(NumericKind::Int64),
            V::Py(Item::Float(_)) => Some(NumericKind::Float64),
            V::Py(Item::Bool(_)) => Some(NumericKind::Boolean),
        })
        .collect::<Option<Vec<_>>>()?;
    (flag.get() && !kinds.is_empty()).then_some(kinds)
}

/// The type of the value the module-level statement `stmt` binds to `name` when NumPy's
/// transcendental ufuncs compute it, so that only the module, run, knows it exactly: an array
/// or NumPy scalar ([`bound_array_approx`], with its layout), a tuple of numbers
/// ([`bound_tuple_approx`]) or a Python number ([`bound_number_approx`]). `None` for values
/// numrs computes exactly, and for others.
pub fn inexact_value_type(name: &str, stmt: &ast::Stmt, module: &ast::Module, symbols: &ModuleSymbols) -> Option<numrs_types::Type> {
    use numrs_types::Type;
    if let Some(k) = bound_complex_approx(name, stmt, symbols) {
        return Some(Type::Number(k));
    }
    if let Some(ndim) = bound_complex_array_approx(name, stmt, module, symbols) {
        return Some(Type::array_ro(Type::Number(NumericKind::Complex128), ndim, numrs_types::Layout::C, true));
    }
    if let Some(kinds) = bound_tuple_approx(name, stmt, module, symbols) {
        return Some(Type::tuple(kinds.into_iter().map(Type::Number).collect()));
    }
    if let Some(k) = bound_number_approx(name, stmt, module, symbols) {
        return Some(Type::Number(k));
    }
    match bound_array_approx(name, stmt, module, symbols)? {
        (_, true) => None,
        (a, false) if a.shape.is_empty() => Some(Type::Number(a.dtype)),
        (a, false) => {
            let layout = bound_layout(name, stmt, module, symbols).unwrap_or(numrs_types::Layout::C);
            Some(Type::array_ro(Type::Number(a.dtype), a.shape.len() as u32, layout, true))
        }
    }
}

/// The type of the value of module-level `name` as the module computes it when it is
/// imported: [`inexact_value_type`], or an array numrs evaluates exactly that later statements
/// change in place (a lookup table a loop fills).
pub fn import_time_value_type(name: &str, stmt: &ast::Stmt, module: &ast::Module, symbols: &ModuleSymbols) -> Option<numrs_types::Type> {
    inexact_value_type(name, stmt, module, symbols).or_else(|| {
        if !mutated_after(name, stmt.span.end, module, symbols) {
            return None;
        }
        let (a, _) = bound_array_approx(name, stmt, module, symbols)?;
        let layout = bound_layout(name, stmt, module, symbols).unwrap_or(numrs_types::Layout::C);
        (!a.shape.is_empty()).then(|| numrs_types::Type::array_ro(numrs_types::Type::Number(a.dtype), a.shape.len() as u32, layout, true))
    })
}

/// The type of a Python number bound at module level to `name` that NumPy's transcendental
/// ufuncs compute (`A = float(np.log(3.0))`, `N = int(np.log2(1000))`): `float64`, `int64` or
/// `bool`, which only the module, run, knows exactly (see [`bound_array_approx`]).
pub fn bound_number_approx(name: &str, stmt: &ast::Stmt, module: &ast::Module, symbols: &ModuleSymbols) -> Option<NumericKind> {
    let flag = std::cell::Cell::new(false);
    let cx = Cx { module, symbols, strict: false, locals: Default::default(), inexact: Some(&flag), frames: Default::default() };
    let kind = match cx.name(name, stmt.span.end, 0)? {
        V::Py(Item::Int(_)) => NumericKind::Int64,
        V::Py(Item::Float(_)) => NumericKind::Float64,
        V::Py(Item::Bool(_)) => NumericKind::Boolean,
        V::Array(_) => return None,
    };
    flag.get().then_some(kind)
}

/// An item of a module-level tuple that holds arrays: an array, or a Python constant.
#[derive(Clone, Debug)]
pub enum TupleItem {
    Array(ConstArray),
    Const(crate::ConstValue),
}

/// The items of a tuple display bound at module level that holds at least one array built
/// from constants (`PAIR = (np.zeros(2), np.ones(3))`), the others constants; names read as
/// bound before `at`.
pub fn tuple_of_arrays(value: &Expr, at: u32, module: &ast::Module, symbols: &ModuleSymbols) -> Option<Vec<TupleItem>> {
    let ExprKind::Tuple(items) = &value.kind else { return None };
    let cx = Cx { module, symbols, strict: false, locals: Default::default(), inexact: None, frames: Default::default() };
    let mut out = Vec::with_capacity(items.len());
    for item in items {
        if let Some(c) = crate::ConstValue::from_expr(item) {
            out.push(TupleItem::Const(c));
            continue;
        }
        match cx.eval(item, at, 0)? {
            V::Array(a) if !a.shape.is_empty() => out.push(TupleItem::Array(a)),
            _ => return None,
        }
    }
    out.iter().any(|i| matches!(i, TupleItem::Array(_))).then_some(out)
}

/// `slice(start, stop[, step])` of integer constants and `None` at module level (Numba's
/// `SliceLiteral`): start, stop and step, `None` where not given. `slice` must be the builtin.
pub fn slice_literal(value: &Expr, symbols: &ModuleSymbols, at: u32) -> Option<[Option<i64>; 3]> {
    let ExprKind::Call { func, args, keywords } = &value.kind else { return None };
    if !keywords.is_empty() || !matches!(&func.kind, ExprKind::Name(n) if n == "slice") || symbols.lookup("slice", Some(at)).is_some() {
        return None;
    }
    let part = |e: &Expr| -> Option<Option<i64>> {
        match crate::ConstValue::from_expr(e)? {
            crate::ConstValue::None => Some(None),
            crate::ConstValue::Int(i) => i64::try_from(i).ok().map(Some),
            _ => None,
        }
    };
    let p: Vec<Option<i64>> = args.iter().map(part).collect::<Option<_>>()?;
    match p.as_slice() {
        [stop] => Some([None, *stop, None]),
        [start, stop] => Some([*start, *stop, None]),
        [start, stop, step] => Some([*start, *stop, *step]),
        _ => None,
    }
}

/// The layout Numba's `typeof` gives the array bound to `name` by `stmt` (NumPy's flags of
/// the value): F for a transpose of a C array, A for a view that steps (`A[::-1]`, a row of
/// an F array), C otherwise (every other expression makes a new array).
pub fn bound_layout(name: &str, stmt: &ast::Stmt, module: &ast::Module, symbols: &ModuleSymbols) -> Option<numrs_types::Layout> {
    // Values computed by transcendental functions too: their layout is known.
    let flag = std::cell::Cell::new(false);
    let cx = Cx { module, symbols, strict: false, locals: Default::default(), inexact: Some(&flag), frames: Default::default() };
    let a = match cx.name(name, stmt.span.end, 0)? {
        V::Array(a) => a,
        V::Py(_) => return None,
    };
    let l = cx.name_layout(name, stmt.span.end, 0)?;
    // A transpose contiguous both ways (at most one dimension longer than 1), or a stepping
    // view of at most one item: NumPy says C.
    let contiguous = match l {
        numrs_types::Layout::F => a.shape.iter().filter(|d| **d > 1).count() <= 1,
        numrs_types::Layout::A => a.items.len() <= 1,
        numrs_types::Layout::C => true,
    };
    Some(if contiguous { numrs_types::Layout::C } else { l })
}

/// The Python number the module-level statement `stmt` binds to `name` when it is computed
/// from arrays (`NB = EDGES.shape[0] - 1`, `N = len(EDGES)`, `SIZE = M.size`).
pub fn bound_number(name: &str, stmt: &ast::Stmt, module: &ast::Module, symbols: &ModuleSymbols) -> Option<ConstValue> {
    match (Cx { module, symbols, strict: true, locals: Default::default(), inexact: None, frames: Default::default() }).name(name, stmt.span.end, 0)? {
        V::Py(x) => Some(py_const(x)),
        V::Array(_) => None,
    }
}

/// A NumPy complex scalar bound at module level (`Z = np.complex128(1 + 2j)`,
/// `np.complex64(3)`): its kind and parts (a `complex64`'s rounded to `float32`).
pub fn bound_complex(name: &str, stmt: &ast::Stmt, symbols: &ModuleSymbols) -> Option<(NumericKind, f64, f64)> {
    let StmtKind::Assign { targets, value } = &stmt.kind else { return None };
    if !matches!(targets.as_slice(), [t] if matches!(&t.kind, ExprKind::Name(n) if n == name)) {
        return None;
    }
    let ExprKind::Call { func, args, keywords } = &value.kind else { return None };
    let [arg] = args.as_slice() else { return None };
    if !keywords.is_empty() {
        return None;
    }
    let kind = match symbols.resolve_dotted_at(func, Some(stmt.span.start))?.as_str() {
        "numpy.complex128" | "numpy.cdouble" => NumericKind::Complex128,
        "numpy.complex64" | "numpy.csingle" => NumericKind::Complex64,
        _ => return None,
    };
    let (re, im) = match symbols.fold_constant(arg, stmt.span.start, &[])? {
        ConstValue::Complex { real, imag } => (real.get(), imag.get()),
        ConstValue::Float(f) => (f.get(), 0.0),
        ConstValue::Int(i) => (i as f64, 0.0),
        ConstValue::Bool(b) => (b as i64 as f64, 0.0),
        _ => return None,
    };
    Some(match kind {
        NumericKind::Complex64 => (kind, re as f32 as f64, im as f32 as f64),
        _ => (kind, re, im),
    })
}

/// A NumPy datetime or timedelta scalar bound at module level (`EPOCH =
/// np.datetime64("2000-01-01")`, `HOUR = np.timedelta64(1, "h")`): its type (Numba's
/// `NPDatetime`/`NPTimedelta` of the value's unit) and its count of that unit.
pub fn bound_datetime(name: &str, stmt: &ast::Stmt, symbols: &ModuleSymbols) -> Option<(numrs_types::Type, i64)> {
    let StmtKind::Assign { targets, value } = &stmt.kind else { return None };
    if !matches!(targets.as_slice(), [t] if matches!(&t.kind, ExprKind::Name(n) if n == name)) {
        return None;
    }
    datetime_const(value, symbols, stmt.span.start)
}

/// The datetimes and timedeltas of a module-level tuple display of them (`HOLIDAYS =
/// (np.datetime64("2024-12-25"), np.datetime64("2025-01-01"))`).
pub fn bound_datetime_tuple(name: &str, stmt: &ast::Stmt, symbols: &ModuleSymbols) -> Option<Vec<(numrs_types::Type, i64)>> {
    let StmtKind::Assign { targets, value } = &stmt.kind else { return None };
    if !matches!(targets.as_slice(), [t] if matches!(&t.kind, ExprKind::Name(n) if n == name)) {
        return None;
    }
    let ExprKind::Tuple(items) = &value.kind else { return None };
    if items.is_empty() {
        return None;
    }
    items.iter().map(|e| datetime_const(e, symbols, stmt.span.start)).collect()
}

/// `np.datetime64(...)`/`np.timedelta64(...)` of constants, at module position `at`.
fn datetime_const(value: &Expr, symbols: &ModuleSymbols, at: u32) -> Option<(numrs_types::Type, i64)> {
    let stmt_start = at;
    let ExprKind::Call { func, args, keywords } = &value.kind else { return None };
    if !keywords.is_empty() || args.is_empty() || args.len() > 2 {
        return None;
    }
    let datetime = match symbols.resolve_dotted_at(func, Some(stmt_start))?.as_str() {
        "numpy.datetime64" => true,
        "numpy.timedelta64" => false,
        _ => return None,
    };
    let unit = match args.get(1) {
        Some(u) => match symbols.fold_constant(u, stmt_start, &[])? {
            ConstValue::Str(s) => Some(numrs_types::DtUnit::from_name(&s).filter(|u| !u.is_generic())?),
            _ => return None,
        },
        None => None,
    };
    let (count, unit) = match symbols.fold_constant(&args[0], stmt_start, &[])? {
        ConstValue::Str(s) if datetime => numrs_types::parse_datetime(&s, unit)?,
        ConstValue::Str(s) if s.trim().eq_ignore_ascii_case("nat") => (numrs_types::NAT, unit.unwrap_or(numrs_types::DtUnit::GENERIC)),
        ConstValue::Int(i) => (i64::try_from(i).ok().filter(|c| *c != numrs_types::NAT)?, unit.unwrap_or(numrs_types::DtUnit::GENERIC)),
        _ => return None,
    };
    // A week needs the calendar's alignment; a generic datetime is not a date.
    if unit.code() == 2 || (datetime && unit.is_generic() && count != numrs_types::NAT) {
        return None;
    }
    Some((if datetime { numrs_types::Type::NPDatetime(unit) } else { numrs_types::Type::NPTimedelta(unit) }, count))
}

/// The value of the module-level array (or NumPy scalar) `name` as the module has made it by
/// `at`: its binding's value, changed by the module-level statements after it that write to it
/// in ways evaluated here (`T[1, 2] = 5.0`, `T[:3] = 0`, `T[i] += 1`, `T.fill(0)`); `None`
/// when another statement before `at` may change it.
pub fn frozen_array(name: &str, at: u32, module: &ast::Module, symbols: &ModuleSymbols) -> Option<ConstArray> {
    match (Cx { module, symbols, strict: true, locals: Default::default(), inexact: None, frames: Default::default() }).name(name, at, 0)? {
        V::Array(a) => Some(a),
        V::Py(_) => None,
    }
}

/// Whether a module-level statement after `after` may change the array bound to `name` in
/// place: an item or attribute assignment to it (also inside loops and other compound
/// statements), or a call given it (`T.fill(0)`, `np.random.shuffle(T)`).
pub fn mutated_after(name: &str, after: u32, module: &ast::Module, symbols: &ModuleSymbols) -> bool {
    let later: Vec<ast::Stmt> = module.body.iter().filter(|s| s.span.start > after).cloned().collect();
    mutates_in(name, &later, symbols)
}

/// The indices of the module's top-level statements starting after `after` and before
/// `before` that may change the array bound to `name` in place (see [`mutated_after`]), in
/// module order.
pub fn mutating_stmts(name: &str, after: u32, before: u32, module: &ast::Module, symbols: &ModuleSymbols) -> Vec<usize> {
    (module.body.iter().enumerate())
        .filter(|(_, s)| s.span.start > after && s.span.start < before && mutates_in(name, std::slice::from_ref(*s), symbols))
        .map(|(i, _)| i)
        .collect()
}

/// Whether one of the statements `stmts` (or one nested in them) may change the array bound
/// to `name` in place (see [`mutated_after`]).
pub(crate) fn mutates_in(name: &str, later: &[ast::Stmt], symbols: &ModuleSymbols) -> bool {
    mutates_in_depth(name, later, symbols, 0)
}

fn mutates_in_depth(name: &str, later: &[ast::Stmt], symbols: &ModuleSymbols, depth: u32) -> bool {
    use numrs_syntax::visit;
    let mentions = |e: &Expr| {
        let mut found = false;
        visit::expr(e, &mut |x| found |= matches!(&x.kind, ExprKind::Name(n) if n == name));
        found
    };
    fn target_mutates(t: &Expr, mentions: &dyn Fn(&Expr) -> bool) -> bool {
        match &t.kind {
            // A ctypes function's prototype (`f.argtypes = ...`) leaves its address as it is.
            ExprKind::Attribute { attr, .. } if matches!(attr.as_str(), "argtypes" | "restype" | "errcheck") => false,
            ExprKind::Subscript { value, .. } | ExprKind::Attribute { value, .. } => mentions(value),
            ExprKind::Tuple(items) | ExprKind::List(items) => items.iter().any(|i| target_mutates(i, mentions)),
            _ => false,
        }
    }
    let mut mutated = false;
    visit::for_each_stmt(later, false, &mut |s| match &s.kind {
        StmtKind::Assign { targets, .. } => mutated |= targets.iter().any(|t| target_mutates(t, &mentions)),
        StmtKind::AugAssign { target, .. } => mutated |= target_mutates(target, &mentions),
        StmtKind::For { target, .. } => mutated |= target_mutates(target, &mentions),
        _ => {}
    });
    visit::for_each_expr(later, false, &mut |x| {
        let ExprKind::Call { func, args, keywords } = &x.kind else { return };
        let named = |a: &Expr| matches!(&a.kind, ExprKind::Name(n) if n == name);
        if let ExprKind::Attribute { value, attr } = &func.kind {
            if named(value) {
                mutated |= !READING_METHODS.contains(&attr.as_str());
                return;
            }
        }
        // A plain function of the module whose body changes it (`def fill(): T[0] = 1`).
        if let ExprKind::Name(f) = &func.kind {
            if let Some(crate::BindingKind::Function { def_index }) = symbols.lookup(f, None).map(|b| &b.kind) {
                if let Some(def) = symbols.helper_def(*def_index) {
                    let local = def.params.positional().any(|p| p.name == name);
                    if !local && depth < 8 && mutates_in_depth(name, &def.body, symbols, depth + 1) {
                        mutated = true;
                        return;
                    }
                }
            }
        }
        if !(args.iter().any(named) || keywords.iter().any(|k| named(&k.value))) {
            return;
        }
        // Given to a function: NumPy's functions and Python's builtins that only read their
        // arguments are harmless; anything else (a user function, `np.random.shuffle`,
        // `out=`) may write to it.
        // A ctypes function type made from an address (`functype(addr)`) only reads it.
        let ctypes_function = crate::ctypes_function_pointer(x, symbols, u32::MAX).is_some();
        let reads = ctypes_function || match symbols.resolve_dotted_at(func, None) {
            Some(path) => match path.strip_prefix("numpy.") {
                Some(f) => !WRITING_NUMPY.contains(&f) && !keywords.iter().any(|k| k.arg.as_deref() == Some("out")),
                None => matches!(path.as_str(), "ctypes.CFUNCTYPE" | "ctypes.POINTER" | "builtins.print" | "builtins.len" | "builtins.repr" | "builtins.str" | "builtins.float" | "builtins.int" | "builtins.list" | "builtins.tuple" | "builtins.sum" | "builtins.min" | "builtins.max" | "builtins.sorted"),
            },
            None => matches!(&func.kind, ExprKind::Name(f) if matches!(f.as_str(), "print" | "len" | "repr" | "str" | "float" | "int" | "list" | "tuple" | "sum" | "min" | "max" | "sorted")),
        };
        mutated |= !reads;
    });
    mutated
}

/// Array methods that do not change the array.
const READING_METHODS: &[&str] = &[
    "sum", "mean", "max", "min", "std", "var", "prod", "any", "all", "argmax", "argmin", "argsort", "copy", "astype", "reshape", "ravel",
    "flatten", "transpose", "cumsum", "cumprod", "dot", "item", "tolist", "tobytes", "nonzero", "round", "clip", "conj", "view",
    // Of a dict of constants.
    "get", "keys", "values", "items",
];

/// NumPy functions that write to an array they are given.
const WRITING_NUMPY: &[&str] = &["random.shuffle", "copyto", "put", "place", "putmask", "fill_diagonal", "put_along_axis", "add.at", "subtract.at", "multiply.at"];

struct Cx<'a> {
    module: &'a ast::Module,
    symbols: &'a ModuleSymbols,
    /// Values must be exact: an array changed by a statement not evaluated here gives `None`.
    /// Otherwise (for types only, which in-place changes keep) such a change is ignored.
    strict: bool,
    /// The variables of the comprehensions and the module's helper function being evaluated
    /// (innermost last).
    locals: std::cell::RefCell<Vec<(String, V)>>,
    /// Set: NumPy's transcendental ufuncs are evaluated too, their items approximated (the
    /// flag then set), for the dtype and shape of what they make. Unset: they give `None`.
    inexact: Option<&'a std::cell::Cell<bool>>,
    /// How many calls of the module's own functions are being evaluated (see `helper_call`).
    frames: std::cell::Cell<u32>,
}

impl Cx<'_> {
    fn eval(&self, e: &Expr, at: u32, depth: u32) -> Option<V> {
        if depth > 32 {
            return None;
        }
        match &e.kind {
            ExprKind::Constant(c) => Some(V::Py(py_item(c)?)),
            ExprKind::Name(n) => self.name(n, at, depth),
            ExprKind::UnaryOp { op: UnaryOp::USub, operand } => match self.eval(operand, at, depth + 1)? {
                V::Py(x) => Some(V::Py(match x {
                    Item::Int(i) => Item::Int(-i),
                    Item::Float(f) => Item::Float(-f),
                    Item::Bool(b) => Item::Int(-(b as i128)),
                })),
                V::Array(a) => negate(a).map(V::Array),
            },
            ExprKind::UnaryOp { op: UnaryOp::UAdd, operand } => self.eval(operand, at, depth + 1),
            ExprKind::BinOp { left, op, right } => match (self.eval(left, at, depth + 1)?, self.eval(right, at, depth + 1)?) {
                // Python arithmetic of numbers (`1.0 / 3`).
                (V::Py(a), V::Py(b)) => match crate::symbols::fold_binop(*op, py_const(a), py_const(b))? {
                    ConstValue::Int(i) => Some(V::Py(Item::Int(i))),
                    ConstValue::Float(f) => Some(V::Py(Item::Float(f.get()))),
                    ConstValue::Bool(x) => Some(V::Py(Item::Bool(x))),
                    _ => None,
                },
                (a, b) => binop(*op, a, b).map(V::Array),
            },
            // `np.finfo(np.float64).max` and other attributes the module's constants fold.
            ExprKind::Attribute { .. } if let Some(c) = self.symbols.fold_constant(e, at, &[]).and_then(|c| match c {
                ConstValue::Int(i) => Some(Item::Int(i)),
                ConstValue::Float(f) => Some(Item::Float(f.get())),
                ConstValue::Bool(b) => Some(Item::Bool(b)),
                _ => None,
            }) => Some(V::Py(c)),
            // `np.finfo(np.float32).eps`: a NumPy float32 scalar (float64's limits are folded as
            // Python floats by the module's constants).
            ExprKind::Attribute { value, attr } if matches!(&value.kind, ExprKind::Call { func, args, keywords }
                if keywords.is_empty() && args.len() == 1 && self.symbols.resolve_dotted_at(func, Some(at)).as_deref() == Some("numpy.finfo")) =>
            {
                let ExprKind::Call { args, .. } = &value.kind else { return None };
                if self.dtype(&args[0])? != NumericKind::Float32 {
                    return None;
                }
                let x: f32 = match attr.as_str() {
                    "eps" => f32::EPSILON,
                    "epsneg" => f32::EPSILON / 2.0,
                    "max" => f32::MAX,
                    "min" => f32::MIN,
                    "tiny" | "smallest_normal" => f32::MIN_POSITIVE,
                    "resolution" => 1e-6,
                    _ => return None,
                };
                Some(V::Array(ConstArray { dtype: NumericKind::Float32, shape: vec![], items: vec![Item::Float(f64::from(x))] }))
            }
            // `math.pi`, `np.e`, `np.inf`: the module constants.
            ExprKind::Attribute { .. } if self.symbols.resolve_dotted_at(e, Some(at)).is_some_and(|p| module_float(&p).is_some()) => {
                let p = self.symbols.resolve_dotted_at(e, Some(at))?;
                Some(V::Py(Item::Float(module_float(&p)?)))
            }
            ExprKind::Attribute { value, attr } if attr == "size" || attr == "ndim" => {
                let V::Array(a) = self.eval(value, at, depth + 1)? else { return None };
                Some(V::Py(Item::Int(if attr == "size" { a.items.len() as i128 } else { a.shape.len() as i128 })))
            }
            ExprKind::Subscript { value, index } => self.subscript(value, index, at, depth),
            ExprKind::Attribute { value, attr } if attr == "T" => {
                let V::Array(a) = self.eval(value, at, depth + 1)? else { return None };
                Some(V::Array(transpose(a)))
            }
            // `len(X)`: the first dimension.
            ExprKind::Call { func, args, keywords }
                if keywords.is_empty() && args.len() == 1 && matches!(&func.kind, ExprKind::Name(n) if n == "len") && self.symbols.lookup("len", Some(at)).is_none() =>
            {
                let V::Array(a) = self.eval(&args[0], at, depth + 1)? else { return None };
                Some(V::Py(Item::Int(i128::from(*a.shape.first()?))))
            }
            // `float(x)`, `int(x)` of a number or a NumPy scalar: a Python number.
            ExprKind::Call { func, args, keywords }
                if keywords.is_empty()
                    && args.len() == 1
                    && matches!(&func.kind, ExprKind::Name(n) if (n == "float" || n == "int") && self.symbols.lookup(n, Some(at)).is_none()) =>
            {
                let x = match self.eval(&args[0], at, depth + 1)? {
                    V::Py(x) => x,
                    V::Array(a) if a.shape.is_empty() && !a.dtype.is_complex() => *a.items.first()?,
                    V::Array(_) => return None,
                };
                let ExprKind::Name(n) = &func.kind else { return None };
                Some(V::Py(if n == "float" {
                    Item::Float(x.f())
                } else {
                    match x {
                        Item::Float(f) if f.is_finite() => Item::Int(f.trunc() as i128),
                        Item::Float(_) => return None,
                        Item::Int(i) => Item::Int(i),
                        Item::Bool(b) => Item::Int(i128::from(b)),
                    }
                }))
            }
            ExprKind::Call { func, args, keywords } => self.call(func, args, keywords, at, depth).or_else(|| {
                // A constant the module folds (`math.sqrt(0.6)`), when no local is involved.
                if !self.locals.borrow().is_empty() {
                    return None;
                }
                match self.symbols.fold_constant(e, at, &[])? {
                    ConstValue::Int(i) => Some(V::Py(Item::Int(i))),
                    ConstValue::Float(f) => Some(V::Py(Item::Float(f.get()))),
                    ConstValue::Bool(x) => Some(V::Py(Item::Bool(x))),
                    _ => None,
                }
            }),
            // Comparisons of Python numbers (a comprehension's `if i % 2 == 0`).
            ExprKind::Compare { left, ops, comparators } => {
                let mut l = match self.eval(left, at, depth + 1)? {
                    V::Py(x) => x,
                    V::Array(_) => return None,
                };
                for (op, r) in ops.iter().zip(comparators) {
                    let V::Py(r) = self.eval(r, at, depth + 1)? else { return None };
                    let ord = match (l.i(), r.i()) {
                        (Some(a), Some(b)) => a.partial_cmp(&b),
                        _ => l.f().partial_cmp(&r.f()),
                    };
                    use std::cmp::Ordering as O;
                    let holds = match op {
                        ast::CmpOp::Eq => ord == Some(O::Equal),
                        ast::CmpOp::NotEq => ord != Some(O::Equal),
                        ast::CmpOp::Lt => ord == Some(O::Less),
                        ast::CmpOp::LtE => matches!(ord, Some(O::Less | O::Equal)),
                        ast::CmpOp::Gt => ord == Some(O::Greater),
                        ast::CmpOp::GtE => matches!(ord, Some(O::Greater | O::Equal)),
                        _ => return None,
                    };
                    if !holds {
                        return Some(V::Py(Item::Bool(false)));
                    }
                    l = r;
                }
                Some(V::Py(Item::Bool(true)))
            }
            // `a if c else b` of Python numbers.
            ExprKind::IfExp { test, body, orelse } => {
                let V::Py(c) = self.eval(test, at, depth + 1)? else { return None };
                let truthy = match c {
                    Item::Bool(b) => b,
                    Item::Int(i) => i != 0,
                    Item::Float(f) => f != 0.0,
                };
                self.eval(if truthy { body } else { orelse }, at, depth + 1)
            }
            _ => None,
        }
    }

    /// `X.shape[i]`, and the subscripts of an array whose result NumPy lays out C-contiguous
    /// (Numba types a global array by its layout): an integer (a row, or a NumPy scalar of a
    /// 1-d array), a slice of step 1 and a list of integers on the first axis.
    /// `CFG["tol"]` / `CFG.get("tol", default)` of a module-level dict display `CFG` that no
    /// module-level statement changes before the read at `at`: the value of its key (`default`,
    /// or nothing, when none is).
    fn dict_item(&self, dict: &Expr, key: &Expr, default: Option<&Expr>, at: u32, depth: u32) -> Option<V> {
        let ExprKind::Name(n) = &dict.kind else { return None };
        if self.symbols.bindings_of(n).count() != 1 {
            return None;
        }
        let b = self.symbols.lookup(n, Some(at))?;
        let stmt = self.symbols.binding_stmt(self.module, b)?;
        let Some(ExprKind::Dict { keys, values }) = b.value.as_ref().map(|v| &v.kind) else { return None };
        // Only the statements run before the read can have changed it.
        let between: Vec<ast::Stmt> = self.module.body.iter().filter(|s| s.span.start > stmt.span.end && s.span.start < at).cloned().collect();
        if mutates_in(n, &between, self.symbols) {
            return None;
        }
        let fold = |e: &Expr| self.symbols.fold_constant(e, at, &[]);
        let found = crate::symbols::dict_display_value(keys, values, &fold(key)?, &fold)?;
        match (found, default) {
            (Some(v), _) => self.eval(v, stmt.span.start, depth + 1),
            (None, Some(d)) => self.eval(d, at, depth + 1),
            (None, None) => None,
        }
    }

    fn subscript(&self, value: &Expr, index: &Expr, at: u32, depth: u32) -> Option<V> {
        if let Some(v) = self.dict_item(value, index, None, at, depth) {
            return Some(v);
        }
        let int = |e: &Expr| -> Option<i128> {
            match self.eval(e, at, depth + 1)? {
                V::Py(Item::Int(i)) => Some(i),
                _ => None,
            }
        };
        if let ExprKind::Attribute { value: arr, attr } = &value.kind {
            if attr == "shape" {
                let V::Array(a) = self.eval(arr, at, depth + 1)? else { return None };
                let n = a.shape.len() as i128;
                let i = int(index)?;
                let i = if i < 0 { i + n } else { i };
                return Some(V::Py(Item::Int(i128::from(*a.shape.get(usize::try_from(i).ok()?)?))));
            }
        }
        let V::Array(a) = self.eval(value, at, depth + 1)? else { return None };
        let rows = i128::from(*a.shape.first()?);
        let row_len: usize = a.shape[1..].iter().map(|d| *d as usize).product();
        let take = |picked: &[i128]| -> Option<ConstArray> {
            let mut items = Vec::with_capacity(picked.len() * row_len);
            for &r in picked {
                let r = usize::try_from(r).ok()?;
                items.extend_from_slice(a.items.get(r * row_len..(r + 1) * row_len)?);
            }
            Some(ConstArray { dtype: a.dtype, shape: a.shape.clone(), items })
        };
        let norm = |i: i128| -> Option<i128> {
            let i = if i < 0 { i + rows } else { i };
            (0..rows).contains(&i).then_some(i)
        };
        match &index.kind {
            // `M[::-1, 1:]`: per axis, a slice's positions (the axis kept) or an integer's one
            // (dropped); axes not indexed are kept whole.
            ExprKind::Tuple(parts) if !parts.is_empty() && parts.len() <= a.shape.len() => {
                let mut axes: Vec<(Vec<i128>, bool)> = Vec::new();
                for (d, n) in a.shape.iter().enumerate() {
                    let n = i128::from(*n);
                    axes.push(match parts.get(d).map(|e| &e.kind) {
                        Some(ExprKind::Slice { lower, upper, step }) => (slice_positions(lower, upper, step, n, &int)?, true),
                        Some(_) => {
                            let i = int(&parts[d])?;
                            let i = if i < 0 { i + n } else { i };
                            ((0..n).contains(&i).then_some(vec![i])?, false)
                        }
                        None => ((0..n).collect(), true),
                    });
                }
                let mut strides = vec![1usize; a.shape.len()];
                for d in (0..a.shape.len().saturating_sub(1)).rev() {
                    strides[d] = strides[d + 1] * a.shape[d + 1] as usize;
                }
                let shape: Vec<i64> = axes.iter().filter(|(_, keep)| *keep).map(|(p, _)| p.len() as i64).collect();
                let total: usize = axes.iter().map(|(p, _)| p.len()).product();
                if total > MAX_ITEMS {
                    return None;
                }
                let mut items = Vec::with_capacity(total);
                let mut idx = vec![0usize; axes.len()];
                for _ in 0..total {
                    let off: usize = idx.iter().zip(&axes).zip(&strides).map(|((k, (p, _)), s)| p[*k] as usize * s).sum();
                    items.push(*a.items.get(off)?);
                    for d in (0..idx.len()).rev() {
                        idx[d] += 1;
                        if idx[d] < axes[d].0.len() {
                            break;
                        }
                        idx[d] = 0;
                    }
                }
                Some(V::Array(ConstArray { dtype: a.dtype, shape, items }))
            }
            ExprKind::Slice { lower, upper, step } => {
                let picked = slice_positions(lower, upper, step, rows, &int)?;
                let mut out = take(&picked)?;
                out.shape[0] = picked.len() as i64;
                Some(V::Array(out))
            }
            ExprKind::List(items) => {
                let picked = items.iter().map(|e| int(e).and_then(norm)).collect::<Option<Vec<_>>>()?;
                let mut out = take(&picked)?;
                out.shape[0] = picked.len() as i64;
                Some(V::Array(out))
            }
            _ => {
                let r = norm(int(index)?)?;
                let mut out = take(&[r])?;
                out.shape.remove(0);
                Some(V::Array(out))
            }
        }
    }

    /// The items (C order) and shape of a nested list display for `np.array`: lists and tuples
    /// of numbers (constants, module-level names, arithmetic), and list comprehensions over
    /// `range(...)` (with `if` clauses; nested ones for more dimensions).
    fn nested(&self, e: &Expr, at: u32, shape: &mut Vec<i64>, depth: usize, out: &mut Vec<Item>) -> Option<()> {
        if depth > 32 || out.len() > MAX_ITEMS {
            return None;
        }
        match &e.kind {
            ExprKind::List(items) | ExprKind::Tuple(items) => {
                if shape.len() == depth {
                    shape.push(items.len() as i64);
                } else if shape[depth] != items.len() as i64 {
                    return None;
                }
                items.iter().try_for_each(|i| self.nested(i, at, shape, depth + 1, out))
            }
            ExprKind::ListComp { elt, generators } => {
                let fresh = shape.len() == depth;
                if fresh {
                    shape.push(-1);
                }
                let mut count = 0i64;
                self.comprehension(generators, at, &mut |cx| {
                    count += 1;
                    cx.nested(elt, at, shape, depth + 1, out)
                })?;
                if shape[depth] == -1 {
                    shape[depth] = count;
                }
                (shape[depth] == count).then_some(())
            }
            // A module-level list (or tuple) by name (`np.array(LST)`), not changed after it
            // was bound (Numba freezes what the module holds when it compiles).
            ExprKind::Name(n) if self.locals.borrow().iter().all(|(l, _)| l != n) && self.listed(n, at).is_some() => {
                let (value, from) = self.listed(n, at)?;
                self.nested(value, from, shape, depth, out)
            }
            _ => match self.eval(e, at, depth as u32 + 1)? {
                V::Py(x) => {
                    if shape.len() != depth {
                        return None;
                    }
                    out.push(x);
                    Some(())
                }
                // An array among the items (`np.array([np.array([1.0, 2.0]), ...])`, a NumPy
                // scalar `np.cos(x)`): its items, one more level of the shape for each of its
                // dimensions. Only of the dtypes Python's own numbers make, which the items'
                // kinds stand for.
                V::Array(a) if matches!(a.dtype, NumericKind::Float64 | NumericKind::Int64 | NumericKind::Boolean) => {
                    for (k, n) in a.shape.iter().enumerate() {
                        match shape.get(depth + k) {
                            None if shape.len() == depth + k => shape.push(*n),
                            Some(m) if m == n => {}
                            _ => return None,
                        }
                    }
                    if shape.len() != depth + a.shape.len() {
                        return None;
                    }
                    out.extend(a.items.iter().copied());
                    Some(())
                }
                V::Array(_) => None,
            },
        }
    }

    /// The list or tuple display a module-level name is bound to (once, by `NAME = [...]`,
    /// not changed later), and where it is bound.
    fn listed(&self, n: &str, at: u32) -> Option<(&Expr, u32)> {
        let b = self.symbols.lookup(n, Some(at))?;
        if b.kind != BindingKind::Other || mutated_after(n, b.stmt_span.end, self.module, self.symbols) {
            return None;
        }
        let stmt = self.symbols.binding_stmt(self.module, b)?;
        match &stmt.kind {
            StmtKind::Assign { targets, value } if targets.len() == 1 && matches!(value.kind, ExprKind::List(_) | ExprKind::Tuple(_)) => Some((value, stmt.span.start)),
            _ => None,
        }
    }

    /// Runs `each` once per binding of the comprehension's `for` clauses (each a name over
    /// `range(...)` of integers) that passes its `if` clauses.
    fn comprehension(&self, generators: &[ast::Comprehension], at: u32, each: &mut dyn FnMut(&Self) -> Option<()>) -> Option<()> {
        let Some((g, rest)) = generators.split_first() else { return each(self) };
        let ExprKind::Name(var) = &g.target.kind else { return None };
        let ExprKind::Call { func, args, keywords } = &g.iter.kind else { return None };
        if !keywords.is_empty() || !matches!(&func.kind, ExprKind::Name(n) if n == "range") || self.symbols.lookup("range", Some(at)).is_some() {
            return None;
        }
        let ints = args
            .iter()
            .map(|a| match self.eval(a, at, 1)? {
                V::Py(Item::Int(i)) => Some(i),
                _ => None,
            })
            .collect::<Option<Vec<i128>>>()?;
        let (start, stop, step) = match ints.as_slice() {
            [stop] => (0, *stop, 1),
            [start, stop] => (*start, *stop, 1),
            [start, stop, step] if *step != 0 => (*start, *stop, *step),
            _ => return None,
        };
        let mut i = start;
        let mut n = 0usize;
        while (step > 0 && i < stop) || (step < 0 && i > stop) {
            n += 1;
            if n > MAX_ITEMS {
                return None;
            }
            self.locals.borrow_mut().push((var.clone(), V::Py(Item::Int(i))));
            let keep = g.ifs.iter().try_fold(true, |acc, c| {
                Some(acc && match self.eval(c, at, 1)? {
                    V::Py(Item::Bool(b)) => b,
                    V::Py(Item::Int(x)) => x != 0,
                    V::Py(Item::Float(x)) => x != 0.0,
                    V::Array(_) => return None,
                })
            });
            let r = match keep {
                Some(true) => self.comprehension(rest, at, each),
                Some(false) => Some(()),
                None => None,
            };
            self.locals.borrow_mut().pop();
            r?;
            i += step;
        }
        Some(())
    }

    /// `Generator.<method>(..., size)` (see `call`): an array of the method's dtype and of shape
    /// `size`, its items unknown (zeros, flagged inexact). Without `size`, a Python number.
    fn generator_sample(&self, method: &str, args: &[Expr], keywords: &[ast::Keyword], at: u32, depth: u32) -> Option<V> {
        let flag = self.inexact?;
        // The parameters before `size`, and the dtype of the samples.
        let (before, dtype) = match method {
            "random" | "standard_normal" | "standard_exponential" => (0, NumericKind::Float64),
            "exponential" => (1, NumericKind::Float64),
            "normal" | "uniform" => (2, NumericKind::Float64),
            "integers" => (2, NumericKind::Int64),
            _ => return None,
        };
        let size = match (args.get(before), keywords.iter().find(|k| k.arg.as_deref() == Some("size"))) {
            (Some(_), Some(_)) => return None,
            (Some(e), None) | (None, Some(ast::Keyword { value: e, .. })) => Some(e),
            (None, None) => None,
        };
        if args.len() > before + 1 || keywords.iter().any(|k| !matches!(k.arg.as_deref(), Some("size" | "low" | "high" | "loc" | "scale"))) {
            return None;
        }
        // The other arguments must be numbers (array parameters broadcast to other shapes).
        for a in args.iter().take(before).chain(keywords.iter().filter(|k| k.arg.as_deref() != Some("size")).map(|k| &k.value)) {
            if !matches!(self.eval(a, at, depth + 1)?, V::Py(_)) {
                return None;
            }
        }
        flag.set(true);
        let zero = if dtype == NumericKind::Int64 { Item::Int(0) } else { Item::Float(0.0) };
        match size {
            None if dtype == NumericKind::Int64 => Some(V::Py(Item::Int(0))),
            None => Some(V::Py(Item::Float(0.0))),
            Some(e) if matches!(&e.kind, ExprKind::Constant(Constant::None)) => Some(V::Py(zero)),
            Some(e) => {
                let shape = self.dims(e, 0, at, depth)?;
                let n = count(&shape)?;
                Some(V::Array(ConstArray { dtype, shape, items: vec![zero; n] }))
            }
        }
    }

    /// A shape: an integer or a tuple (or list) of integers, each at least `min` (`-1` lets
    /// `reshape` infer one).
    fn dims(&self, e: &Expr, min: i128, at: u32, depth: u32) -> Option<Vec<i64>> {
        let int = |x: &Expr| match self.eval(x, at, depth + 1)? {
            V::Py(Item::Int(n)) if n >= min && n <= MAX_ITEMS as i128 => Some(n as i64),
            _ => None,
        };
        match &e.kind {
            ExprKind::Tuple(items) | ExprKind::List(items) => items.iter().map(int).collect(),
            _ => Some(vec![int(e)?]),
        }
    }

    /// A call of a plain function of the module whose body is assignments to names ending in a
    /// `return`: the body evaluated with the parameters bound to the arguments. Its globals
    /// are read as bound where the call is (Python reads them when the function runs).
    fn helper_call(&self, def: &ast::FunctionDef, args: &[Expr], keywords: &[ast::Keyword], at: u32, depth: u32) -> Option<V> {
        let params = &def.params;
        if !def.decorators.is_empty() || def.is_async || params.vararg.is_some() || params.kwarg.is_some() || !params.kwonly.is_empty() || self.frames.get() >= 8 {
            return None;
        }
        let positional: Vec<&ast::Param> = params.positional().collect();
        if args.len() > positional.len() {
            return None;
        }
        // What it returns is C-contiguous (its layout is the type's): nothing in it views an
        // array in another order, and no argument is an array in another order.
        let mut other_order = false;
        numrs_syntax::visit::for_each_expr(&def.body, false, &mut |e| match &e.kind {
            ExprKind::Attribute { attr, .. } if matches!(attr.as_str(), "T" | "transpose" | "swapaxes" | "real" | "imag") => other_order = true,
            ExprKind::Subscript { .. } => other_order = true,
            ExprKind::Call { func, keywords, .. } => {
                if keywords.iter().any(|k| k.arg.as_deref() == Some("order"))
                    || matches!(&func.kind, ExprKind::Attribute { attr, .. } if matches!(attr.as_str(), "asfortranarray" | "transpose" | "swapaxes" | "moveaxis"))
                {
                    other_order = true;
                }
            }
            _ => {}
        });
        if other_order || args.iter().chain(keywords.iter().map(|k| &k.value)).any(|a| self.layout(a, at, depth + 1).is_some_and(|l| l != numrs_types::Layout::C)) {
            return None;
        }
        let mut frame: Vec<(String, V)> = Vec::with_capacity(positional.len());
        for (i, p) in positional.iter().enumerate() {
            let value = match (args.get(i), keywords.iter().find(|k| k.arg.as_deref() == Some(p.name.as_str()))) {
                (Some(_), Some(_)) => return None,
                (Some(a), None) | (None, Some(ast::Keyword { value: a, .. })) => self.eval(a, at, depth + 1)?,
                // A default is evaluated when the `def` runs: a constant only.
                (None, None) => V::Py(py_item(match &p.default.as_ref()?.kind {
                    ExprKind::Constant(c) => c,
                    _ => return None,
                })?),
            };
            frame.push((p.name.clone(), value));
        }
        if keywords.iter().any(|k| !k.arg.as_deref().is_some_and(|a| positional.iter().skip(args.len()).any(|p| p.name == a))) {
            return None;
        }
        // The function's own frame: the caller's comprehension variables are not visible.
        let saved = std::mem::replace(&mut *self.locals.borrow_mut(), frame);
        self.frames.set(self.frames.get() + 1);
        let result = (|| {
            let body = match def.body.split_first() {
                Some((first, rest)) if matches!(&first.kind, StmtKind::Expr(e) if matches!(e.kind, ExprKind::Constant(Constant::Str(_)))) => rest,
                _ => &def.body[..],
            };
            for stmt in body {
                match &stmt.kind {
                    StmtKind::Assign { targets, value } if matches!(targets.as_slice(), [t] if matches!(t.kind, ExprKind::Name(_))) => {
                        let ExprKind::Name(n) = &targets[0].kind else { return None };
                        let v = self.eval(value, at, depth + 1)?;
                        self.locals.borrow_mut().push((n.clone(), v));
                    }
                    StmtKind::Return(Some(value)) => return self.eval(value, at, depth + 1),
                    _ => return None,
                }
            }
            None
        })();
        self.frames.set(self.frames.get() - 1);
        *self.locals.borrow_mut() = saved;
        result
    }

    /// A module-level name: a constant (a Python number), or an array another statement bound.
    fn name(&self, n: &str, at: u32, depth: u32) -> Option<V> {
        if let Some((_, x)) = self.locals.borrow().iter().rev().find(|(l, _)| l == n) {
            return Some(x.clone());
        }
        let b = self.symbols.lookup(n, Some(at))?;
        match &b.kind {
            BindingKind::Constant(ConstValue::Int(i)) => Some(V::Py(Item::Int(*i))),
            BindingKind::Constant(ConstValue::Float(f)) => Some(V::Py(Item::Float(f.get()))),
            BindingKind::Constant(ConstValue::Bool(x)) => Some(V::Py(Item::Bool(*x))),
            BindingKind::Other => {
                // Bound at module level, or in the branch of a constant `if` the module runs.
                let stmt = self.symbols.binding_stmt(self.module, b)?;
                let bound = match &stmt.kind {
                    StmtKind::Assign { targets, value } if targets.len() == 1 => self.eval(value, stmt.span.start, depth + 1),
                    StmtKind::AnnAssign { value: Some(value), .. } => self.eval(value, stmt.span.start, depth + 1),
                    // `W /= W.sum()`: the operation in place, its result cast to the array's
                    // dtype when NumPy's `same_kind` rule allows it.
                    StmtKind::AugAssign { target, op, value } => {
                        let ExprKind::Name(t) = &target.kind else { return None };
                        let old = self.name(t, stmt.span.start, depth + 1)?;
                        // A Python number (`COUNT += 4`): Python's arithmetic.
                        if let (V::Py(a), V::Py(b)) = (&old, self.eval(value, stmt.span.start, depth + 1)?) {
                            return match crate::symbols::fold_binop(*op, py_const(*a), py_const(b))? {
                                ConstValue::Int(i) => Some(V::Py(Item::Int(i))),
                                ConstValue::Float(f) => Some(V::Py(Item::Float(f.get()))),
                                ConstValue::Bool(x) => Some(V::Py(Item::Bool(x))),
                                _ => None,
                            };
                        }
                        let V::Array(old) = old else { return None };
                        let rhs = self.eval(value, stmt.span.start, depth + 1)?;
                        let dtype = old.dtype;
                        let shape = old.shape.clone();
                        let r = binop(*op, V::Array(old), rhs)?;
                        if r.shape != shape || !same_kind(r.dtype, dtype) {
                            return None;
                        }
                        astype(r, dtype).map(V::Array)
                    }
                    _ => None,
                }?;
                match bound {
                    V::Array(a) => self.replay(n, a, stmt.span.end, at, depth).map(V::Array),
                    py => Some(py),
                }
            }
            _ => None,
        }
    }

    /// Array `a` bound to `n` by a statement ending at `from`, changed by the module-level
    /// statements that write to it before `to` (`None` when one does so in a way not evaluated
    /// here, or inside a compound statement).
    fn replay(&self, n: &str, a: ConstArray, from: u32, to: u32, depth: u32) -> Option<ConstArray> {
        let writes: Vec<&ast::Stmt> = self
            .module
            .body
            .iter()
            .filter(|s| s.span.start >= from && s.span.end <= to && mutates_in(n, std::slice::from_ref(*s), self.symbols))
            .collect();
        if writes.is_empty() {
            return Some(a);
        }
        if self.strict {
            return self.replay_exact(n, a, &writes, depth);
        }
        self.replay_exact(n, a.clone(), &writes, depth).or(Some(a))
    }

    /// `a` changed by `writes`, the statements that write to `n` (`None`: one not evaluated).
    fn replay_exact(&self, n: &str, mut a: ConstArray, writes: &[&ast::Stmt], depth: u32) -> Option<ConstArray> {
        let is_n = |e: &Expr| matches!(&e.kind, ExprKind::Name(x) if x == n);
        for stmt in writes {
            let at = stmt.span.start;
            match &stmt.kind {
                StmtKind::Assign { targets, value } => {
                    let [target] = targets.as_slice() else { return None };
                    let ExprKind::Subscript { value: arr, index } = &target.kind else { return None };
                    if !is_n(arr) {
                        return None;
                    }
                    let (picked, shape) = self.selection(&a, index, at, depth)?;
                    let rhs = self.eval(value, at, depth + 1)?;
                    a = store(a, &picked, &shape, rhs)?;
                }
                StmtKind::AugAssign { target, op, value } => {
                    let ExprKind::Subscript { value: arr, index } = &target.kind else { return None };
                    if !is_n(arr) {
                        return None;
                    }
                    let (picked, shape) = self.selection(&a, index, at, depth)?;
                    let old = ConstArray { dtype: a.dtype, shape: shape.clone(), items: picked.iter().map(|i| a.items[*i]).collect() };
                    let rhs = self.eval(value, at, depth + 1)?;
                    let r = binop(*op, V::Array(old), rhs)?;
                    if r.shape != shape || !same_kind(r.dtype, a.dtype) {
                        return None;
                    }
                    a = store(a, &picked, &shape, V::Array(r))?;
                }
                // `T.resize((2, 3))` / `T.resize(2, 3)` (pvlib's tables): NumPy's in-place
                // resize, the items in C order cut or followed by zeros.
                StmtKind::Expr(e) if matches!(&e.kind, ExprKind::Call { func, .. }
                    if matches!(&func.kind, ExprKind::Attribute { value: arr, attr } if is_n(arr) && attr == "resize")) => {
                    let ExprKind::Call { args, keywords, .. } = &e.kind else { return None };
                    if keywords.iter().any(|k| k.arg.as_deref() != Some("refcheck")) {
                        return None;
                    }
                    let shape = match args.as_slice() {
                        [one] => self.dims(one, 0, at, depth)?,
                        many => many.iter().map(|x| self.dims(x, 0, at, depth).and_then(|d| (d.len() == 1).then(|| d[0]))).collect::<Option<Vec<i64>>>()?,
                    };
                    let n = count(&shape)?;
                    a.items.resize(n, convert(Item::Int(0), a.dtype)?);
                    a.shape = shape;
                }
                // `T.sort()` of a 1-d table: NumPy's order (NaNs last).
                StmtKind::Expr(e) if matches!(&e.kind, ExprKind::Call { func, args, keywords } if args.is_empty() && keywords.is_empty()
                    && matches!(&func.kind, ExprKind::Attribute { value: arr, attr } if is_n(arr) && attr == "sort")) => {
                    if a.shape.len() != 1 {
                        return None;
                    }
                    a.items.sort_by(|x, y| {
                        use std::cmp::Ordering::{Equal, Greater, Less};
                        match (x.i(), y.i()) {
                            (Some(p), Some(q)) => p.cmp(&q),
                            _ => {
                                let (p, q) = (x.f(), y.f());
                                match (p.is_nan(), q.is_nan()) {
                                    (true, true) => Equal,
                                    (true, false) => Greater,
                                    (false, true) => Less,
                                    _ => p.partial_cmp(&q).unwrap_or(Equal),
                                }
                            }
                        }
                    });
                }
                // `for i in range(...): T[i] = ...`: each iteration's item assignments.
                StmtKind::For { target, iter, body, orelse, .. } if orelse.is_empty() => {
                    let ExprKind::Name(var) = &target.kind else { return None };
                    let gens = [ast::Comprehension { target: target.clone(), iter: iter.clone(), ifs: Vec::new(), is_async: false }];
                    let _ = var;
                    let mut cur = Some(a.clone());
                    self.comprehension(&gens, at, &mut |cx| {
                        let mut arr = cur.take()?;
                        for st in body {
                            let StmtKind::Assign { targets, value } = &st.kind else { return None };
                            let [t] = targets.as_slice() else { return None };
                            let ExprKind::Subscript { value: av, index } = &t.kind else { return None };
                            if !is_n(av) {
                                return None;
                            }
                            let (picked, shape) = cx.selection(&arr, index, at, depth)?;
                            let rhs = cx.eval(value, at, depth + 1)?;
                            arr = store(arr, &picked, &shape, rhs)?;
                        }
                        cur = Some(arr);
                        Some(())
                    })?;
                    a = cur?;
                }
                StmtKind::Expr(e) => {
                    let ExprKind::Call { func, args, keywords } = &e.kind else { return None };
                    let ExprKind::Attribute { value: arr, attr } = &func.kind else { return None };
                    if !is_n(arr) || attr != "fill" || !keywords.is_empty() {
                        return None;
                    }
                    let [v] = args.as_slice() else { return None };
                    let all: Vec<usize> = (0..a.items.len()).collect();
                    let V::Py(x) = self.eval(v, at, depth + 1)? else { return None };
                    let shape = a.shape.clone();
                    a = store(a, &all, &shape, V::Py(x))?;
                }
                _ => return None,
            }
        }
        Some(a)
    }

    /// The items (flat C-order positions) basic indexing `index` of `a` selects, and the
    /// selection's shape: integers (negative from the end) and slices of constants, one per
    /// leading dimension.
    fn selection(&self, a: &ConstArray, index: &Expr, at: u32, depth: u32) -> Option<(Vec<usize>, Vec<i64>)> {
        let parts: Vec<&Expr> = match &index.kind {
            ExprKind::Tuple(items) => items.iter().collect(),
            _ => vec![index],
        };
        if parts.len() > a.shape.len() {
            return None;
        }
        let int = |e: &Expr| -> Option<i128> {
            match self.eval(e, at, depth + 1)? {
                V::Py(Item::Int(i)) => Some(i),
                _ => None,
            }
        };
        // Per dimension: the positions taken, and whether the dimension stays.
        let mut dims: Vec<(Vec<i64>, bool)> = Vec::new();
        for (d, &len) in a.shape.iter().enumerate() {
            let len = i128::from(len);
            let Some(part) = parts.get(d) else {
                dims.push(((0..len as i64).collect(), true));
                continue;
            };
            match &part.kind {
                ExprKind::Slice { lower, upper, step } => {
                    let taken = slice_positions(lower, upper, step, len, &int)?;
                    dims.push((taken.into_iter().map(|i| i as i64).collect(), true));
                }
                _ => {
                    let i = int(part)?;
                    let i = if i < 0 { i + len } else { i };
                    if !(0..len).contains(&i) {
                        return None;
                    }
                    dims.push((vec![i as i64], false));
                }
            }
        }
        let mut strides = vec![1usize; a.shape.len()];
        for d in (0..a.shape.len().saturating_sub(1)).rev() {
            strides[d] = strides[d + 1] * a.shape[d + 1] as usize;
        }
        let mut picked = vec![0usize];
        for (d, (taken, _)) in dims.iter().enumerate() {
            let stride = strides[d];
            picked = picked.iter().flat_map(|base| taken.iter().map(move |t| base + *t as usize * stride)).collect();
        }
        let shape = dims.iter().filter(|(_, keep)| *keep).map(|(t, _)| t.len() as i64).collect();
        Some((picked, shape))
    }

    /// The layout of the array a name is bound to (see [`bound_layout`]).
    fn name_layout(&self, n: &str, at: u32, depth: u32) -> Option<numrs_types::Layout> {
        let b = self.symbols.lookup(n, Some(at))?;
        let stmt = self.symbols.binding_stmt(self.module, b)?;
        match &stmt.kind {
            StmtKind::Assign { targets, value } if targets.len() == 1 => self.layout(value, stmt.span.start, depth + 1),
            StmtKind::AnnAssign { value: Some(value), .. } => self.layout(value, stmt.span.start, depth + 1),
            StmtKind::AugAssign { target, .. } => {
                let ExprKind::Name(t) = &target.kind else { return None };
                self.name_layout(t, stmt.span.start, depth + 1)
            }
            _ => None,
        }
    }

    fn layout(&self, e: &Expr, at: u32, depth: u32) -> Option<numrs_types::Layout> {
        use numrs_types::Layout;
        if depth > 32 {
            return None;
        }
        Some(match &e.kind {
            ExprKind::Name(n) => match self.symbols.lookup(n, Some(at))?.kind {
                BindingKind::Other => self.name_layout(n, at, depth + 1)?,
                _ => Layout::C,
            },
            ExprKind::Attribute { value, attr } if attr == "T" => {
                let V::Array(a) = self.eval(value, at, depth + 1)? else { return None };
                match (self.layout(value, at, depth + 1)?, a.shape.len()) {
                    (l, 0 | 1) => l,
                    (Layout::C, _) => Layout::F,
                    (Layout::F, _) => Layout::C,
                    (Layout::A, _) => Layout::A,
                }
            }
            // Arithmetic and NumPy's transcendental ufuncs allocate their result in the order
            // of their operands (`order="K"`): Fortran when every operand of more than one
            // dimension is.
            ExprKind::BinOp { left, right, .. } => self.elementwise_layout(e, &[&**left, &**right], at, depth)?,
            ExprKind::Call { func, args, keywords }
                if keywords.is_empty()
                    && self.symbols.resolve_dotted_at(func, Some(at)).as_deref().and_then(|p| p.strip_prefix("numpy.")).is_some_and(|n| transcendental(n).is_some()) =>
            {
                self.elementwise_layout(e, &args.iter().collect::<Vec<_>>(), at, depth)?
            }
            // `np.asfortranarray(x)`, `np.zeros(shape, order="F")`, `x.copy(order="F")`.
            ExprKind::Call { func, keywords, .. } => {
                let order = keywords.iter().find(|k| k.arg.as_deref() == Some("order")).and_then(|k| memory_order(&k.value));
                match self.symbols.resolve_dotted_at(func, Some(at)).as_deref() {
                    Some("numpy.asfortranarray") => Layout::F,
                    Some("numpy.zeros" | "numpy.ones" | "numpy.empty" | "numpy.full" | "numpy.array" | "numpy.asarray") if order == Some('F') => Layout::F,
                    None if order == Some('F') && matches!(&func.kind, ExprKind::Attribute { attr, .. } if attr == "copy") => Layout::F,
                    _ => Layout::C,
                }
            }
            ExprKind::Subscript { value, index } => {
                let base = self.layout(value, at, depth + 1)?;
                let stepped = matches!(&index.kind, ExprKind::Slice { step: Some(s), .. } if !matches!(self.eval(s, at, depth + 1), Some(V::Py(Item::Int(1)))));
                let fancy = matches!(&index.kind, ExprKind::List(_));
                if fancy {
                    Layout::C
                } else if stepped || base != Layout::C {
                    Layout::A
                } else {
                    Layout::C
                }
            }
            _ => Layout::C,
        })
    }

    /// The layout of the result `e` of an element-wise operation of `operands` (see `layout`).
    fn elementwise_layout(&self, e: &Expr, operands: &[&Expr], at: u32, depth: u32) -> Option<numrs_types::Layout> {
        use numrs_types::Layout;
        let ndim = |x: &Expr| match self.eval(x, at, depth + 1) {
            Some(V::Array(a)) => Some(a.shape.len()),
            Some(V::Py(_)) => Some(0),
            None => None,
        };
        if ndim(e)? <= 1 {
            return Some(Layout::C);
        }
        let mut all_f = true;
        for x in operands {
            if ndim(x)? > 1 {
                all_f &= self.layout(x, at, depth + 1)? == Layout::F;
            }
        }
        Some(if all_f { Layout::F } else { Layout::C })
    }

    fn dtype(&self, e: &Expr) -> Option<NumericKind> {
        dtype_of(e, self.symbols)
    }

    fn call(&self, func: &Expr, args: &[Expr], keywords: &[ast::Keyword], at: u32, depth: u32) -> Option<V> {
        // A function of the module (`TABLE = make_table(8)`).
        if let ExprKind::Name(n) = &func.kind {
            if let Some(BindingKind::Function { def_index }) = self.symbols.lookup(n, Some(at)).map(|b| &b.kind) {
                let def = self.symbols.helper_def(*def_index)?;
                return self.helper_call(def, args, keywords, at, depth);
            }
        }
        // `CFG.get(key, default)` of a constant dict display.
        if let (ExprKind::Attribute { value, attr }, true) = (&func.kind, keywords.is_empty()) {
            if attr == "get" && (1..=2).contains(&args.len()) {
                if let Some(v) = self.dict_item(value, &args[0], args.get(1), at, depth) {
                    return Some(v);
                }
            }
        }
        // Samples of a generator made for them (`np.random.default_rng(0).random(3)`): only
        // NumPy knows the items (see `inexact`), their dtype and shape are the method's.
        if let ExprKind::Attribute { value, attr } = &func.kind {
            if let ExprKind::Call { func: maker, .. } = &value.kind {
                if self.symbols.resolve_dotted_at(maker, Some(at)).as_deref() == Some("numpy.random.default_rng") {
                    return self.generator_sample(attr, args, keywords, at, depth);
                }
            }
        }
        // Methods of arrays.
        if let ExprKind::Attribute { value, attr } = &func.kind {
            if self.symbols.resolve_dotted_at(func, Some(at)).is_none_or(|p| !p.starts_with("numpy.")) {
                let V::Array(a) = self.eval(value, at, depth + 1)? else { return None };
                if !keywords.iter().all(|k| attr == "copy" && k.arg.as_deref() == Some("order") && memory_order(&k.value).is_some()) {
                    return None;
                }
                return match (attr.as_str(), args) {
                    ("sum" | "mean" | "max" | "min", []) => reduce(attr, &a).map(V::Array),
                    ("cumsum", []) => cumsum(&a).map(V::Array),
                    ("cumprod", []) => accumulate(&a, true).map(V::Array),
                    ("copy" | "ravel" | "flatten", []) => {
                        let n = a.items.len() as i64;
                        Some(V::Array(if attr == "copy" { a } else { ConstArray { shape: vec![n], ..a } }))
                    }
                    ("astype", [d]) => astype(a, self.dtype(d)?).map(V::Array),
                    ("reshape", dims) => {
                        let shape = match dims {
                            [one] => self.dims(one, -1, at, depth)?,
                            many => many.iter().map(|d| self.dims(d, -1, at, depth).and_then(|v| (v.len() == 1).then(|| v[0]))).collect::<Option<Vec<_>>>()?,
                        };
                        reshape(a, shape).map(V::Array)
                    }
                    _ => None,
                };
            }
        }
        let path = self.symbols.resolve_dotted_at(func, Some(at))?;
        let name = path.strip_prefix("numpy.")?;
        let kw = |k: &str| keywords.iter().find(|x| x.arg.as_deref() == Some(k)).map(|x| &x.value);
        // `order=` decides the layout (see `layout`), not the items.
        let shape_kw = matches!(name, "zeros" | "ones" | "empty" | "full") && args.is_empty();
        if keywords.iter().any(|k| {
            !matches!(k.arg.as_deref(), Some("dtype" | "num" | "endpoint"))
                && !(k.arg.as_deref() == Some("order") && memory_order(&k.value).is_some())
                && !(shape_kw && k.arg.as_deref() == Some("shape"))
        }) {
            return None;
        }
        let dtype_kw = match kw("dtype") {
            Some(d) => Some(self.dtype(d)?),
            None => None,
        };
        let array_arg = |i: usize| -> Option<ConstArray> {
            match self.eval(args.get(i)?, at, depth + 1)? {
                V::Array(a) => Some(a),
                V::Py(_) => None,
            }
        };
        // NumPy's transcendental ufuncs, when approximations are asked for.
        if let Some(f) = transcendental(name) {
            let flag = self.inexact?;
            if args.len() != f.arity() || !keywords.is_empty() {
                return None;
            }
            let operands = args.iter().map(|a| self.eval(a, at, depth + 1)).collect::<Option<Vec<_>>>()?;
            let out = approx_ufunc(f, operands)?;
            flag.set(true);
            return Some(V::Array(out));
        }
        let out = match name {
            // A NumPy scalar (`np.float32(1.5)`, `np.int32(3)`): a Python integer must fit.
            scalar if args.len() == 1 && keywords.is_empty() && scalar_kind(scalar).is_some() => {
                let k = scalar_kind(scalar)?;
                let V::Py(v) = self.eval(&args[0], at, depth + 1)? else { return None };
                fits(v, k)?;
                ConstArray { dtype: k, shape: vec![], items: vec![convert(v, k)?] }
            }
            // The same items, laid out in Fortran or C order.
            "asfortranarray" | "ascontiguousarray" if args.len() == 1 && keywords.is_empty() => match self.eval(&args[0], at, depth + 1)? {
                V::Array(a) if !a.shape.is_empty() => a,
                _ => return None,
            },
            "array" | "asarray" => {
                let (mut shape, mut flat) = (Vec::new(), Vec::new());
                self.nested(args.first()?, at, &mut shape, 0, &mut flat)?;
                let kind = flat.iter().try_fold(None, |acc: Option<NumericKind>, x| {
                    let k = match x {
                        Item::Bool(_) => NumericKind::Boolean,
                        Item::Int(_) => NumericKind::Int64,
                        Item::Float(_) => NumericKind::Float64,
                    };
                    Some(Some(match acc {
                        None => k,
                        Some(a) => promote(a, k)?,
                    }))
                })?;
                // A 0-d array is not a NumPy scalar (which an empty shape stands for here):
                // not evaluated.
                if shape.is_empty() {
                    return None;
                }
                let a = ConstArray { dtype: kind.unwrap_or(NumericKind::Float64), shape, items: flat };
                match dtype_kw.or_else(|| args.get(1).and_then(|d| self.dtype(d))) {
                    Some(d) => astype(a, d)?,
                    None => a,
                }
            }
            // `np.frombuffer(b"...", dtype=np.uint8)`: the bytes, as items of one byte.
            "frombuffer" if args.len() == 1 => {
                let ExprKind::Constant(Constant::Bytes(bytes)) = &args[0].kind else { return None };
                let items: Vec<Item> = match dtype_kw? {
                    NumericKind::UInt8 => bytes.iter().map(|b| Item::Int(i128::from(*b))).collect(),
                    NumericKind::Int8 => bytes.iter().map(|b| Item::Int(i128::from(*b as i8))).collect(),
                    NumericKind::Boolean => bytes.iter().map(|b| Item::Bool(*b != 0)).collect(),
                    _ => return None,
                };
                ConstArray { dtype: dtype_kw?, shape: vec![items.len() as i64], items }
            }
            "zeros" | "ones" | "empty" | "full" => {
                // The shape by position or as `shape=`.
                let shape_kw = keywords.iter().find(|k| k.arg.as_deref() == Some("shape")).map(|k| &k.value);
                let shape = self.dims(args.first().or(shape_kw)?, 0, at, depth)?;
                let n = count(&shape)?;
                let (fill, dtype) = if name == "full" {
                    let V::Py(v) = self.eval(args.get(1)?, at, depth + 1)? else { return None };
                    let k = match v {
                        Item::Bool(_) => NumericKind::Boolean,
                        Item::Int(_) => NumericKind::Int64,
                        Item::Float(_) => NumericKind::Float64,
                    };
                    // A dtype given by position must be one numrs reads (a record's is not).
                    let positional = match args.get(2) {
                        Some(d) => Some(self.dtype(d)?),
                        None => None,
                    };
                    (v, dtype_kw.or(positional).unwrap_or(k))
                } else {
                    let positional = match args.get(1) {
                        Some(d) => Some(self.dtype(d)?),
                        None => None,
                    };
                    // `np.empty` has no defined items: zeros, as a fresh allocation usually holds.
                    (Item::Int((name == "ones") as i128), dtype_kw.or(positional).unwrap_or(NumericKind::Float64))
                };
                if !supported(dtype) {
                    return None;
                }
                ConstArray { dtype, shape, items: vec![convert(fill, dtype)?; n] }
            }
            "eye" | "identity" if args.len() == 1 => {
                let n = match self.eval(&args[0], at, depth + 1)? {
                    V::Py(Item::Int(n)) if (0..=1024).contains(&n) => n as usize,
                    _ => return None,
                };
                let items = (0..n * n).map(|k| Item::Int((k / n == k % n) as i128)).collect();
                astype(ConstArray { dtype: NumericKind::Int64, shape: vec![n as i64, n as i64], items }, dtype_kw.unwrap_or(NumericKind::Float64))?
            }
            // `np.arange` of floats: NumPy's length `ceil((stop - start) / step)`, the items
            // `start + i * delta` with `delta = (start + step) - start` (its `fill`).
            "arange" if (1..=3).contains(&args.len()) && args.iter().any(|a| matches!(self.eval(a, at, depth + 1), Some(V::Py(Item::Float(_))))) => {
                let xs = args
                    .iter()
                    .map(|a| match self.eval(a, at, depth + 1)? {
                        V::Py(x) => Some(x.f()),
                        V::Array(_) => None,
                    })
                    .collect::<Option<Vec<f64>>>()?;
                let (start, stop, step) = match xs.as_slice() {
                    [stop] => (0.0, *stop, 1.0),
                    [start, stop] => (*start, *stop, 1.0),
                    [start, stop, step] => (*start, *stop, *step),
                    _ => return None,
                };
                let len = ((stop - start) / step).ceil();
                if step == 0.0 || !len.is_finite() || len > MAX_ITEMS as f64 {
                    return None;
                }
                let n = len.max(0.0) as usize;
                let delta = (start + step) - start;
                let items = (0..n).map(|i| Item::Float(if i == 0 { start } else { start + i as f64 * delta })).collect();
                let a = ConstArray { dtype: NumericKind::Float64, shape: vec![n as i64], items };
                match dtype_kw {
                    Some(d) => astype(a, d)?,
                    None => a,
                }
            }
            // `np.arange` of integers (`int64` items unless `dtype` says otherwise).
            "arange" if (1..=3).contains(&args.len()) => {
                let ints = args
                    .iter()
                    .map(|a| match self.eval(a, at, depth + 1)? {
                        V::Py(Item::Int(i)) => Some(i),
                        _ => None,
                    })
                    .collect::<Option<Vec<i128>>>()?;
                let (start, stop, step) = match ints.as_slice() {
                    [stop] => (0, *stop, 1),
                    [start, stop] => (*start, *stop, 1),
                    [start, stop, step] => (*start, *stop, *step),
                    _ => return None,
                };
                if step == 0 {
                    return None;
                }
                let n = (((stop - start) + step - step.signum()) / step).max(0);
                if n as usize > MAX_ITEMS {
                    return None;
                }
                let a = ConstArray { dtype: NumericKind::Int64, shape: vec![n as i64], items: (0..n).map(|i| Item::Int(start + i * step)).collect() };
                match dtype_kw {
                    Some(d) => astype(a, d)?,
                    None => a,
                }
            }
            "linspace" if (2..=3).contains(&args.len()) => {
                let real = |e: &Expr| match self.eval(e, at, depth + 1)? {
                    V::Py(x) => Some(x.f()),
                    V::Array(_) => None,
                };
                let (start, stop) = (real(&args[0])?, real(&args[1])?);
                let num = match args.get(2).or(kw("num")) {
                    Some(e) => match self.eval(e, at, depth + 1)? {
                        V::Py(Item::Int(i)) => i,
                        _ => return None,
                    },
                    None => 50,
                };
                let endpoint = match kw("endpoint") {
                    Some(e) => match ConstValue::from_expr(e)? {
                        ConstValue::Bool(b) => b,
                        _ => return None,
                    },
                    None => true,
                };
                if !(0..=MAX_ITEMS as i128).contains(&num) {
                    return None;
                }
                let a = ConstArray { dtype: NumericKind::Float64, shape: vec![num as i64], items: linspace(start, stop, num as usize, endpoint) };
                match dtype_kw {
                    Some(d) => astype(a, d)?,
                    None => a,
                }
            }
            "sum" | "mean" | "max" | "min" | "amax" | "amin" if args.len() == 1 && keywords.is_empty() => {
                reduce(name.trim_start_matches('a'), &array_arg(0)?)?
            }
            "cumsum" if args.len() == 1 && keywords.is_empty() => cumsum(&array_arg(0)?)?,
            "cumprod" if args.len() == 1 && keywords.is_empty() => accumulate(&array_arg(0)?, true)?,
            // Along the last axis; NaNs last, as NumPy orders them.
            "sort" if args.len() == 1 && keywords.is_empty() => sort_last_axis(array_arg(0)?)?,
            // Window functions: cosines, which only NumPy computes exactly (see `inexact`).
            "hanning" | "hamming" | "blackman" | "bartlett" if args.len() == 1 && keywords.is_empty() => {
                let flag = self.inexact?;
                let V::Py(Item::Int(m)) = self.eval(&args[0], at, depth + 1)? else { return None };
                if m > MAX_ITEMS as i128 {
                    return None;
                }
                flag.set(true);
                ConstArray { dtype: NumericKind::Float64, shape: vec![m.max(0) as i64], items: window(name, m.max(0) as usize) }
            }
            "sqrt" | "abs" | "absolute" | "floor" | "ceil" | "trunc" | "rint" if args.len() == 1 && keywords.is_empty() => unary(name, array_arg(0)?)?,
            "reshape" if args.len() == 2 && keywords.is_empty() => reshape(array_arg(0)?, self.dims(&args[1], -1, at, depth)?)?,
            // `np.concatenate((a, b, ...))` along the first axis.
            "concatenate" if args.len() == 1 && keywords.is_empty() => {
                let (ExprKind::Tuple(parts) | ExprKind::List(parts)) = &args[0].kind else { return None };
                let arrays = parts.iter().map(|p| match self.eval(p, at, depth + 1)? {
                    V::Array(a) if !a.shape.is_empty() => Some(a),
                    _ => None,
                }).collect::<Option<Vec<_>>>()?;
                let first = arrays.first()?;
                let dtype = arrays.iter().try_fold(first.dtype, |k, a| promote(k, a.dtype))?;
                let mut shape = first.shape.clone();
                shape[0] = 0;
                let mut items = Vec::new();
                for a in arrays {
                    if a.shape.len() != shape.len() || a.shape[1..] != shape[1..] {
                        return None;
                    }
                    shape[0] += a.shape[0];
                    items.extend(astype(a, dtype)?.items);
                }
                ConstArray { dtype, shape, items }
            }
            // `np.repeat(a, n)`: each item `n` times, flattened.
            "repeat" if args.len() == 2 && keywords.is_empty() => {
                let a = array_arg(0)?;
                let V::Py(Item::Int(n)) = self.eval(&args[1], at, depth + 1)? else { return None };
                let n = usize::try_from(n).ok()?;
                let items: Vec<Item> = a.items.iter().flat_map(|x| std::iter::repeat_n(*x, n)).collect();
                ConstArray { dtype: a.dtype, shape: vec![items.len() as i64], items }
            }
            // `np.tile(a, n)` of a 1-d array.
            "tile" if args.len() == 2 && keywords.is_empty() => {
                let a = array_arg(0)?;
                let V::Py(Item::Int(n)) = self.eval(&args[1], at, depth + 1)? else { return None };
                if a.shape.len() != 1 {
                    return None;
                }
                let items: Vec<Item> = std::iter::repeat_n(a.items.clone(), usize::try_from(n).ok()?).flatten().collect();
                ConstArray { dtype: a.dtype, shape: vec![items.len() as i64], items }
            }
            // `np.diag(v)` of a 1-d array: the square matrix with `v` on its diagonal.
            "diag" if args.len() == 1 && keywords.is_empty() => {
                let a = array_arg(0)?;
                if a.shape.len() != 1 {
                    return None;
                }
                let n = a.items.len();
                let zero = convert(Item::Int(0), a.dtype)?;
                let mut items = vec![zero; n * n];
                for (i, x) in a.items.iter().enumerate() {
                    items[i * n + i] = *x;
                }
                ConstArray { dtype: a.dtype, shape: vec![n as i64, n as i64], items }
            }
            // `np.outer(a, b)`: products of the flattened arrays.
            "outer" if args.len() == 2 && keywords.is_empty() => {
                let (a, b) = (array_arg(0)?, array_arg(1)?);
                let (n, m) = (a.items.len() as i64, b.items.len() as i64);
                let a2 = ConstArray { shape: vec![n, 1], ..a };
                let b2 = ConstArray { shape: vec![1, m], ..b };
                binop(BinOp::Mult, V::Array(a2), V::Array(b2))?
            }
            _ => return None,
        };
        Some(V::Array(out))
    }
}

/// The dtype of a NumPy scalar class (`float32`, `int_`, `bool_`, ...).
fn scalar_kind(name: &str) -> Option<NumericKind> {
    match name {
        "float_" => Some(NumericKind::Float64),
        other => NumericKind::from_numpy_name(other).filter(|k| supported(*k)),
    }
}

fn py_const(x: Item) -> ConstValue {
    match x {
        Item::Bool(b) => ConstValue::Bool(b),
        Item::Int(i) => ConstValue::Int(i),
        Item::Float(f) => ConstValue::Float(ast::FloatBits::new(f)),
    }
}

fn py_item(c: &Constant) -> Option<Item> {
    Some(match c {
        Constant::Bool(b) => Item::Bool(*b),
        Constant::Int(i) => Item::Int(*i),
        Constant::Float(f) => Item::Float(f.get()),
        _ => return None,
    })
}

/// The items of a (nested) list/tuple display of number constants, its shape in `shape`.
/// A shape: an integer or a tuple of integers.
fn count(shape: &[i64]) -> Option<usize> {
    let n = shape.iter().try_fold(1usize, |acc, d| acc.checked_mul(usize::try_from(*d).ok()?))?;
    (n <= MAX_ITEMS).then_some(n)
}

/// A dtype argument: `np.float64`, `"f8"`, `float`, ...
pub fn dtype_of(e: &Expr, symbols: &ModuleSymbols) -> Option<NumericKind> {
    if let ExprKind::Constant(Constant::Str(s)) = &e.kind {
        return crate::records::numpy_type_string(s);
    }
    if let ExprKind::Name(n) = &e.kind {
        match n.as_str() {
            "float" => return Some(NumericKind::Float64),
            "int" => return Some(NumericKind::Int64),
            "bool" => return Some(NumericKind::Boolean),
            "complex" => return Some(NumericKind::Complex128),
            _ => {}
        }
    }
    let dotted = symbols.resolve_dotted(e)?;
    let attr = dotted.strip_prefix("numpy.")?;
    match attr {
        "float_" => Some(NumericKind::Float64),
        other => NumericKind::from_numpy_name(other),
    }
}

/// `np.linspace(start, stop, num, endpoint)` as NumPy computes it: `i * step + start`, the last
/// item `stop`.
fn linspace(start: f64, stop: f64, num: usize, endpoint: bool) -> Vec<Item> {
    let div = if endpoint { num.saturating_sub(1) } else { num };
    let delta = stop - start;
    let mut items: Vec<f64> = if div > 0 {
        let step = delta / div as f64;
        if step == 0.0 {
            (0..num).map(|i| (i as f64 / div as f64) * delta + start).collect()
        } else {
            (0..num).map(|i| i as f64 * step + start).collect()
        }
    } else {
        (0..num).map(|i| i as f64 * delta + start).collect()
    };
    if endpoint && num > 1 {
        if let Some(last) = items.last_mut() {
            *last = stop;
        }
    }
    items.into_iter().map(Item::Float).collect()
}

/// The dtypes evaluated: booleans, integers, `float32` and `float64` (no complex, no
/// `float16`).
fn supported(k: NumericKind) -> bool {
    !k.is_complex()
}

/// `np.promote_types` among the supported dtypes.
fn promote(a: NumericKind, b: NumericKind) -> Option<NumericKind> {
    use NumericKind::*;
    if !supported(a) || !supported(b) {
        return None;
    }
    if a == b {
        return Some(a);
    }
    Some(match (a, b) {
        (Boolean, x) | (x, Boolean) => x,
        (Float64, _) | (_, Float64) => Float64,
        (Float32, x) | (x, Float32) => {
            if x.bitwidth() <= 16 {
                Float32
            } else {
                Float64
            }
        }
        (x, y) if x.is_signed_int() == y.is_signed_int() => {
            if x.bitwidth() >= y.bitwidth() {
                x
            } else {
                y
            }
        }
        (x, y) => {
            let (s, u) = if x.is_signed_int() { (x, y) } else { (y, x) };
            if u.bitwidth() < s.bitwidth() {
                s
            } else if u.bitwidth() == 64 {
                Float64
            } else {
                NumericKind::int(u.bitwidth() * 2, true)?
            }
        }
    })
}

/// `np.can_cast(from, to, "same_kind")` among the supported dtypes.
fn same_kind(from: NumericKind, to: NumericKind) -> bool {
    let rank = |k: NumericKind| {
        if k == NumericKind::Boolean {
            0
        } else if k.is_integer() {
            1
        } else {
            2
        }
    };
    rank(from) <= rank(to) && !(from.is_signed_int() && to.is_unsigned_int())
}

/// The dtype of a Python number with an array of `k` (NEP 50: the number is weak).
fn weak(k: NumericKind, x: Item) -> NumericKind {
    match x {
        Item::Bool(_) => k,
        Item::Int(_) if k == NumericKind::Boolean => NumericKind::Int64,
        Item::Int(_) => k,
        Item::Float(_) if k.is_float() => k,
        Item::Float(_) => NumericKind::Float64,
    }
}

/// A Python integer must fit the integer dtype it is a weak scalar of (NumPy 2 raises
/// OverflowError otherwise).
fn fits(x: Item, k: NumericKind) -> Option<()> {
    match x {
        Item::Int(i) if k.is_integer() => (wrap(i, k) == i).then_some(()),
        _ => Some(()),
    }
}

/// The positions a slice `lower:upper:step` of constant bounds (`int` evaluates them) takes in
/// a dimension of `len` items, as Python's `slice.indices` and `range` give them.
fn slice_positions(
    lower: &Option<Box<Expr>>,
    upper: &Option<Box<Expr>>,
    step: &Option<Box<Expr>>,
    len: i128,
    int: &dyn Fn(&Expr) -> Option<i128>,
) -> Option<Vec<i128>> {
    let step = match step {
        Some(s) => int(s)?,
        None => 1,
    };
    if step == 0 {
        return None;
    }
    let bound = |e: &Option<Box<Expr>>, default: i128| -> Option<i128> {
        match e {
            None => Some(default),
            Some(e) => {
                let i = int(e)?;
                Some(if i < 0 { (i + len).max(if step < 0 { -1 } else { 0 }) } else { i.min(if step < 0 { len - 1 } else { len }) })
            }
        }
    };
    let (start, stop) = if step > 0 { (bound(lower, 0)?, bound(upper, len)?) } else { (bound(lower, len - 1)?, bound(upper, -1)?) };
    let mut picked = Vec::new();
    let mut i = start;
    while (step > 0 && i < stop) || (step < 0 && i > stop) {
        picked.push(i);
        i += step;
    }
    Some(picked)
}

/// The float constants of `math`/`numpy`/`cmath` by dotted path.
fn module_float(path: &str) -> Option<f64> {
    Some(match path {
        "math.pi" | "numpy.pi" | "cmath.pi" => std::f64::consts::PI,
        "math.e" | "numpy.e" | "cmath.e" => std::f64::consts::E,
        "math.tau" | "cmath.tau" => std::f64::consts::TAU,
        "math.inf" | "numpy.inf" | "cmath.inf" => f64::INFINITY,
        "math.nan" | "numpy.nan" | "cmath.nan" => f64::NAN,
        _ => return None,
    })
}

/// `a` with the items at `picked` (a selection of shape `shape`) set to `v`: a number, or an
/// array of that shape or one that broadcasts to it by leading dimensions (items cast as
/// NumPy's assignment casts them).
fn store(mut a: ConstArray, picked: &[usize], shape: &[i64], v: V) -> Option<ConstArray> {
    let values: Vec<Item> = match v {
        V::Py(x) => vec![convert(x, a.dtype)?; picked.len()],
        V::Array(b) => {
            let b = astype(b, a.dtype)?;
            if b.items.len() == picked.len() && (b.shape == shape || b.shape.is_empty()) {
                b.items
            } else if b.shape.len() <= shape.len() && shape.ends_with(&b.shape) && !b.items.is_empty() {
                // Repeated over the leading dimensions.
                (0..picked.len()).map(|k| b.items[k % b.items.len()]).collect()
            } else if b.items.len() == 1 {
                vec![b.items[0]; picked.len()]
            } else {
                return None;
            }
        }
    };
    for (i, x) in picked.iter().zip(values) {
        *a.items.get_mut(*i)? = x;
    }
    Some(a)
}

/// An item converted to `dtype` as `astype` converts it (integers wrap to their width; floats
/// to integers truncate; `float32` rounds).
fn convert(x: Item, dtype: NumericKind) -> Option<Item> {
    Some(match dtype {
        NumericKind::Boolean => Item::Bool(match x {
            Item::Bool(b) => b,
            Item::Int(i) => i != 0,
            Item::Float(f) => f != 0.0,
        }),
        NumericKind::Float64 => Item::Float(x.f()),
        NumericKind::Float32 => Item::Float(x.f() as f32 as f64),
        k if k.is_integer() => {
            let i = match x {
                Item::Float(f) if !f.is_finite() => return None,
                Item::Float(f) => f.trunc() as i128,
                other => other.i()?,
            };
            Item::Int(wrap(i, k))
        }
        _ => return None,
    })
}

/// The memory order an `order=` argument names: `'C'` or `'F'` (`None` for others, such as
/// `'K'`/`'A'`, which depend on the input's layout).
fn memory_order(e: &Expr) -> Option<char> {
    match &e.kind {
        ExprKind::Constant(Constant::Str(s)) if s == "C" || s == "F" => s.chars().next(),
        _ => None,
    }
}

/// An item of `dtype` (already converted to it) as NumPy stores it: little-endian bytes.
pub(crate) fn item_bytes(x: Item, dtype: NumericKind) -> Option<Vec<u8>> {
    Some(match (dtype, x) {
        (NumericKind::Boolean, Item::Bool(b)) => vec![b as u8],
        (NumericKind::Float64, x) => x.f().to_le_bytes().to_vec(),
        (NumericKind::Float32, x) => (x.f() as f32).to_le_bytes().to_vec(),
        (k, Item::Int(i)) if k.is_integer() => wrap(i, k).to_le_bytes()[..(k.bitwidth() / 8) as usize].to_vec(),
        _ => return None,
    })
}

fn wrap(i: i128, k: NumericKind) -> i128 {
    let bits = k.bitwidth();
    let m = i.rem_euclid(1i128 << bits);
    if k.is_signed_int() && m >= 1i128 << (bits - 1) {
        m - (1i128 << bits)
    } else {
        m
    }
}

fn astype(a: ConstArray, dtype: NumericKind) -> Option<ConstArray> {
    if !supported(dtype) {
        return None;
    }
    let items = a.items.iter().map(|x| convert(*x, dtype)).collect::<Option<Vec<_>>>()?;
    Some(ConstArray { dtype, shape: a.shape, items })
}

fn reshape(a: ConstArray, mut shape: Vec<i64>) -> Option<ConstArray> {
    if shape.iter().filter(|d| **d == -1).count() == 1 {
        let known: i64 = shape.iter().filter(|d| **d != -1).product();
        if known == 0 || a.items.len() as i64 % known != 0 {
            return None;
        }
        let missing = a.items.len() as i64 / known;
        shape.iter_mut().filter(|d| **d == -1).for_each(|d| *d = missing);
    }
    (shape.iter().all(|d| *d >= 0) && count(&shape)? == a.items.len()).then(|| ConstArray { shape, ..a })
}

fn negate(a: ConstArray) -> Option<ConstArray> {
    let k = a.dtype;
    let items = a
        .items
        .iter()
        .map(|x| match x {
            Item::Int(i) => convert(Item::Int(-i), k),
            Item::Float(f) => Some(Item::Float(-f)),
            Item::Bool(_) => None, // NumPy refuses `-` of booleans
        })
        .collect::<Option<Vec<_>>>()?;
    Some(ConstArray { items, ..a })
}

fn unary(name: &str, a: ConstArray) -> Option<ConstArray> {
    match name {
        // Exact roundings of floating-point arrays (their dtype kept).
        "floor" | "ceil" | "trunc" | "rint" => {
            if !a.dtype.is_float() {
                return None;
            }
            let f = match name {
                "floor" => f64::floor,
                "ceil" => f64::ceil,
                "trunc" => f64::trunc,
                _ => f64::round_ties_even,
            };
            let items = a.items.iter().map(|x| Some(Item::Float(f(x.f())))).collect::<Option<Vec<_>>>()?;
            Some(ConstArray { items, ..a })
        }
        "sqrt" => {
            // Integers of 32 bits and more take the float64 loop (narrower ones float16's).
            let k = match a.dtype {
                k if k.is_float() => k,
                k if k.is_integer() && k.bitwidth() >= 32 => NumericKind::Float64,
                _ => return None,
            };
            let items = a.items.iter().map(|x| convert(Item::Float(x.f().sqrt()), k)).collect::<Option<Vec<_>>>()?;
            Some(ConstArray { dtype: k, shape: a.shape, items })
        }
        _ => {
            let k = a.dtype;
            let items = a.items.iter().map(|x| match x {
                Item::Int(i) => convert(Item::Int(i.abs()), k),
                Item::Float(f) => Some(Item::Float(f.abs())),
                Item::Bool(b) => Some(Item::Bool(*b)),
            }).collect::<Option<Vec<_>>>()?;
            Some(ConstArray { items, ..a })
        }
    }
}

/// A NumPy ufunc whose results depend on NumPy's implementation (its SIMD loops or the C
/// library's), which numrs approximates.
#[derive(Clone, Copy)]
enum Transcendental {
    Unary(fn(f64) -> f64),
    Binary(fn(f64, f64) -> f64),
}

impl Transcendental {
    fn arity(self) -> usize {
        match self {
            Transcendental::Unary(_) => 1,
            Transcendental::Binary(_) => 2,
        }
    }
}

fn transcendental(name: &str) -> Option<Transcendental> {
    use Transcendental::{Binary, Unary};
    Some(match name {
        "exp" => Unary(f64::exp),
        "exp2" => Unary(f64::exp2),
        "expm1" => Unary(f64::exp_m1),
        "log" => Unary(f64::ln),
        "log2" => Unary(f64::log2),
        "log10" => Unary(f64::log10),
        "log1p" => Unary(f64::ln_1p),
        "sin" => Unary(f64::sin),
        "cos" => Unary(f64::cos),
        "tan" => Unary(f64::tan),
        "arcsin" => Unary(f64::asin),
        "arccos" => Unary(f64::acos),
        "arctan" => Unary(f64::atan),
        "sinh" => Unary(f64::sinh),
        "cosh" => Unary(f64::cosh),
        "tanh" => Unary(f64::tanh),
        "arcsinh" => Unary(f64::asinh),
        "arccosh" => Unary(f64::acosh),
        "arctanh" => Unary(f64::atanh),
        "cbrt" => Unary(f64::cbrt),
        "deg2rad" | "radians" => Unary(f64::to_radians),
        "rad2deg" | "degrees" => Unary(f64::to_degrees),
        "arctan2" => Binary(f64::atan2),
        "hypot" => Binary(f64::hypot),
        "logaddexp" => Binary(|a, b| a.max(b) + (-(a - b).abs()).exp().ln_1p()),
        "logaddexp2" => Binary(|a, b| a.max(b) + (-(a - b).abs()).exp2().ln_1p() / std::f64::consts::LN_2),
        _ => return None,
    })
}

/// A transcendental ufunc of `operands` with NumPy's loop selection (integers of 32 bits and
/// more take the float64 loop, of 16 bits float32's; narrower ones, booleans and complex
/// numbers, whose loops are float16's or complex, give `None`), promotion (Python numbers are
/// weak, NEP 50) and broadcasting; the items approximate NumPy's.
fn approx_ufunc(f: Transcendental, operands: Vec<V>) -> Option<ConstArray> {
    let loop_kind = |k: NumericKind| match k {
        NumericKind::Float64 | NumericKind::Float32 => Some(k),
        k if k.is_integer() && k.bitwidth() >= 32 => Some(NumericKind::Float64),
        k if k.is_integer() && k.bitwidth() == 16 => Some(NumericKind::Float32),
        _ => None,
    };
    // A Python number alone is converted as `np.asarray` converts it.
    let strong = |x: Item| -> Option<ConstArray> {
        let k = match x {
            Item::Int(i) if i64::try_from(i).is_ok() => NumericKind::Int64,
            Item::Float(_) => NumericKind::Float64,
            _ => return None,
        };
        Some(ConstArray { dtype: k, shape: vec![], items: vec![x] })
    };
    let arrays: Vec<ConstArray> = match (f, operands.as_slice()) {
        (Transcendental::Unary(_), [V::Py(x)]) => vec![strong(*x)?],
        (Transcendental::Unary(_), [V::Array(a)]) => vec![a.clone()],
        (Transcendental::Binary(_), [V::Py(x), V::Py(y)]) => vec![strong(*x)?, strong(*y)?],
        (Transcendental::Binary(_), [V::Array(a), V::Array(b)]) => vec![a.clone(), b.clone()],
        (Transcendental::Binary(_), [V::Array(a), V::Py(y)]) => {
            let k = weak(a.dtype, *y);
            fits(*y, k)?;
            vec![a.clone(), ConstArray { dtype: k, shape: vec![], items: vec![convert(*y, k)?] }]
        }
        (Transcendental::Binary(_), [V::Py(x), V::Array(b)]) => {
            let k = weak(b.dtype, *x);
            fits(*x, k)?;
            vec![ConstArray { dtype: k, shape: vec![], items: vec![convert(*x, k)?] }, b.clone()]
        }
        _ => return None,
    };
    let input = arrays.iter().skip(1).try_fold(arrays[0].dtype, |k, a| promote(k, a.dtype))?;
    let dtype = loop_kind(input)?;
    let shape = arrays.iter().skip(1).try_fold(arrays[0].shape.clone(), |s, a| broadcast(&s, &a.shape))?;
    let n = count(&shape)?;
    let maps: Vec<_> = arrays.iter().map(|a| index_map(&a.shape, &shape)).collect();
    let mut items = Vec::with_capacity(n);
    for k in 0..n {
        let x = match f {
            Transcendental::Unary(g) => g(arrays[0].items[maps[0](k)].f()),
            Transcendental::Binary(g) => g(arrays[0].items[maps[0](k)].f(), arrays[1].items[maps[1](k)].f()),
        };
        items.push(convert(Item::Float(x), dtype)?);
    }
    Some(ConstArray { dtype, shape, items })
}

/// `a <op> b` with NumPy's promotion and broadcasting.
fn binop(op: BinOp, a: V, b: V) -> Option<ConstArray> {
    let (dtype, x, y) = match (a, b) {
        (V::Array(x), V::Array(y)) => (promote(x.dtype, y.dtype)?, x, y),
        (V::Array(x), V::Py(v)) => {
            let k = weak(x.dtype, v);
            fits(v, k)?;
            let y = ConstArray { dtype: k, shape: vec![], items: vec![convert(v, k)?] };
            (k, x, y)
        }
        (V::Py(v), V::Array(y)) => {
            let k = weak(y.dtype, v);
            fits(v, k)?;
            let x = ConstArray { dtype: k, shape: vec![], items: vec![convert(v, k)?] };
            (k, x, y)
        }
        (V::Py(_), V::Py(_)) => return None,
    };
    // The result's dtype: `/` of integers is float64; booleans add (or) and multiply (and)
    // only.
    let out = match op {
        BinOp::Div if !dtype.is_float() => NumericKind::Float64,
        // Bitwise operators of integers and booleans (shifts of integers only).
        BinOp::BitOr | BinOp::BitAnd | BinOp::BitXor if dtype.is_integer() || dtype == NumericKind::Boolean => dtype,
        BinOp::LShift | BinOp::RShift if dtype.is_integer() => dtype,
        _ if dtype == NumericKind::Boolean && !matches!(op, BinOp::Add | BinOp::Mult) => return None,
        BinOp::Add | BinOp::Sub | BinOp::Mult | BinOp::Div | BinOp::Pow | BinOp::FloorDiv | BinOp::Mod => dtype,
        _ => return None,
    };
    let shape = broadcast(&x.shape, &y.shape)?;
    let n = count(&shape)?;
    let mut items = Vec::with_capacity(n);
    let (xi, yi) = (index_map(&x.shape, &shape), index_map(&y.shape, &shape));
    for k in 0..n {
        let (p, q) = (x.items[xi(k)], y.items[yi(k)]);
        items.push(apply(op, out, dtype, p, q)?);
    }
    Some(ConstArray { dtype: out, shape, items })
}

/// One item of a binary operation computed in the loop dtype `loop_k`, giving `out`.
fn apply(op: BinOp, out: NumericKind, loop_k: NumericKind, p: Item, q: Item) -> Option<Item> {
    if out == NumericKind::Boolean {
        let (a, b) = (p.i()? != 0, q.i()? != 0);
        return Some(Item::Bool(match op {
            BinOp::Mult | BinOp::BitAnd => a && b,
            BinOp::BitXor => a != b,
            _ => a || b,
        }));
    }
    if out.is_float() {
        let (a, b) = (convert(p, out)?.f(), convert(q, out)?.f());
        let r = match op {
            BinOp::Add => a + b,
            BinOp::Sub => a - b,
            BinOp::Mult => a * b,
            BinOp::Div => a / b,
            // `x ** 2` is exact (`np.square`); other powers go through `pow`, whose rounding
            // NumPy's and Rust's C library share.
            BinOp::Pow if b == 2.0 => a * a,
            BinOp::Pow if loop_k == NumericKind::Float64 => a.powf(b),
            _ => return None,
        };
        return convert(Item::Float(r), out);
    }
    let (a, b) = (p.i()?, q.i()?);
    let r = match op {
        BinOp::Add => a.checked_add(b)?,
        BinOp::Sub => a.checked_sub(b)?,
        BinOp::Mult => a.checked_mul(b)?,
        BinOp::FloorDiv if b == 0 => 0,
        BinOp::FloorDiv => {
            let q = a / b;
            if a % b != 0 && ((a < 0) != (b < 0)) {
                q - 1
            } else {
                q
            }
        }
        BinOp::Mod if b == 0 => 0,
        BinOp::Mod => {
            let m = a % b;
            if m != 0 && ((m < 0) != (b < 0)) {
                m + b
            } else {
                m
            }
        }
        BinOp::BitOr => a | b,
        BinOp::BitAnd => a & b,
        BinOp::BitXor => a ^ b,
        // NumPy's shifts: by the bit width or more (or a negative count), 0 (or -1 shifting
        // a negative number right).
        BinOp::LShift if (0..i128::from(out.bitwidth())).contains(&b) => a << b,
        BinOp::LShift => 0,
        BinOp::RShift if (0..i128::from(out.bitwidth())).contains(&b) => a >> b,
        BinOp::RShift => {
            if a < 0 {
                -1
            } else {
                0
            }
        }
        BinOp::Pow if (0..=64).contains(&b) => {
            let mut acc: i128 = 1;
            for _ in 0..b {
                acc = wrap(acc * a, out);
            }
            acc
        }
        _ => return None,
    };
    Some(Item::Int(wrap(r, out)))
}

/// NumPy's broadcast shape of two shapes.
fn broadcast(a: &[i64], b: &[i64]) -> Option<Vec<i64>> {
    let n = a.len().max(b.len());
    let mut out = vec![0; n];
    for i in 0..n {
        let da = if i + a.len() >= n { a[i + a.len() - n] } else { 1 };
        let db = if i + b.len() >= n { b[i + b.len() - n] } else { 1 };
        out[i] = match (da, db) {
            (x, y) if x == y => x,
            (1, y) => y,
            (x, 1) => x,
            _ => return None,
        };
    }
    Some(out)
}

/// The flat index into an array of shape `from` of the item broadcast to flat index `k` of
/// shape `to`.
fn index_map(from: &[i64], to: &[i64]) -> impl Fn(usize) -> usize {
    let (from, to) = (from.to_vec(), to.to_vec());
    move |k| {
        let mut rem = k;
        let mut idx = 0usize;
        let mut stride = 1usize;
        for i in (0..to.len()).rev() {
            let d = to[i] as usize;
            let pos = if d == 0 { 0 } else { rem % d };
            rem = if d == 0 { 0 } else { rem / d };
            let j = i as isize - (to.len() as isize - from.len() as isize);
            if j >= 0 {
                let fd = from[j as usize] as usize;
                if fd != 1 {
                    idx += pos * stride;
                }
                stride *= fd.max(1);
            }
        }
        idx
    }
}

/// NumPy's pairwise summation of floats (`pairwise_sum` in its loops), in `k`'s precision.
fn pairwise(a: &[f64], k: NumericKind) -> f64 {
    let r = |x: f64| if k == NumericKind::Float32 { x as f32 as f64 } else { x };
    let n = a.len();
    if n < 8 {
        let mut res = -0.0;
        for x in a {
            res = r(res + x);
        }
        res
    } else if n <= 128 {
        let mut acc = [0.0; 8];
        acc.copy_from_slice(&a[..8]);
        let mut i = 8;
        while i < n - n % 8 {
            for j in 0..8 {
                acc[j] = r(acc[j] + a[i + j]);
            }
            i += 8;
        }
        let mut res = r(r(r(acc[0] + acc[1]) + r(acc[2] + acc[3])) + r(r(acc[4] + acc[5]) + r(acc[6] + acc[7])));
        while i < n {
            res = r(res + a[i]);
            i += 1;
        }
        res
    } else {
        let mut n2 = n / 2;
        n2 -= n2 % 8;
        r(pairwise(&a[..n2], k) + pairwise(&a[n2..], k))
    }
}

/// `a.sum()`, `a.mean()`, `a.max()`, `a.min()` over every item: NumPy scalars.
fn reduce(what: &str, a: &ConstArray) -> Option<ConstArray> {
    let scalar = |dtype: NumericKind, x: Item| Some(ConstArray { dtype, shape: vec![], items: vec![x] });
    match what {
        "sum" if a.dtype.is_float() => scalar(a.dtype, Item::Float(pairwise(&a.items.iter().map(|x| x.f()).collect::<Vec<_>>(), a.dtype))),
        "sum" => {
            let k = if a.dtype.is_unsigned_int() { NumericKind::UInt64 } else { NumericKind::Int64 };
            let mut s: i128 = 0;
            for x in &a.items {
                s = wrap(s + x.i()?, k);
            }
            scalar(k, Item::Int(s))
        }
        "mean" if !a.items.is_empty() => {
            let k = if a.dtype.is_float() { a.dtype } else { NumericKind::Float64 };
            let s = pairwise(&a.items.iter().map(|x| convert(*x, k).map(Item::f)).collect::<Option<Vec<_>>>()?, k);
            scalar(k, convert(Item::Float(s / a.items.len() as f64), k)?)
        }
        "max" | "min" if !a.items.is_empty() => {
            let max = what == "max";
            let mut best = a.items[0];
            for x in &a.items[1..] {
                let better = match (best, *x) {
                    (Item::Float(b), _) if b.is_nan() => false,
                    (_, Item::Float(v)) if v.is_nan() => true,
                    (b, v) if a.dtype.is_float() => if max { v.f() > b.f() } else { v.f() < b.f() },
                    (b, v) => {
                        let (b, v) = (b.i()?, v.i()?);
                        if max { v > b } else { v < b }
                    }
                };
                if better {
                    best = *x;
                }
            }
            scalar(a.dtype, best)
        }
        _ => None,
    }
}

/// `np.cumsum(a)`: the running sums of the flattened items, in order.
fn cumsum(a: &ConstArray) -> Option<ConstArray> {
    accumulate(a, false)
}

/// `np.cumsum` (`product` false) or `np.cumprod` of the flattened array, in NumPy's
/// accumulation type (the platform integer for smaller integers, wrapping).
fn accumulate(a: &ConstArray, product: bool) -> Option<ConstArray> {
    let k = if a.dtype.is_float() { a.dtype } else if a.dtype.is_unsigned_int() { NumericKind::UInt64 } else { NumericKind::Int64 };
    let mut items = Vec::with_capacity(a.items.len());
    let mut f = 0.0;
    let mut i: i128 = 0;
    for (n, x) in a.items.iter().enumerate() {
        if k.is_float() {
            f = if n == 0 { x.f() } else if product { convert(Item::Float(f * x.f()), k)?.f() } else { convert(Item::Float(f + x.f()), k)?.f() };
            items.push(Item::Float(f));
        } else {
            i = if n == 0 { wrap(x.i()?, k) } else if product { wrap(i.checked_mul(x.i()?)?, k) } else { wrap(i + x.i()?, k) };
            items.push(Item::Int(i));
        }
    }
    Some(ConstArray { dtype: k, shape: vec![a.items.len() as i64], items })
}

/// The transpose of an array: its dimensions reversed, its items in the new C order.
fn transpose(a: ConstArray) -> ConstArray {
    let nd = a.shape.len();
    if nd < 2 {
        return a;
    }
    let shape: Vec<i64> = a.shape.iter().rev().copied().collect();
    // C strides (in items) of the original.
    let mut strides = vec![1usize; nd];
    for d in (0..nd - 1).rev() {
        strides[d] = strides[d + 1] * a.shape[d + 1].max(0) as usize;
    }
    let n = a.items.len();
    let mut items = Vec::with_capacity(n);
    let mut idx = vec![0usize; nd];
    for _ in 0..n {
        // idx indexes the transposed array; the original's index is reversed.
        let off: usize = idx.iter().enumerate().map(|(k, i)| i * strides[nd - 1 - k]).sum();
        items.push(a.items[off]);
        for d in (0..nd).rev() {
            idx[d] += 1;
            if (idx[d] as i64) < shape[d] {
                break;
            }
            idx[d] = 0;
        }
    }
    ConstArray { dtype: a.dtype, shape, items }
}


/// A Python or NumPy complex number bound at module level that a complex function computes
/// (`cmath.exp(0.5j)`, `np.exp(0.25j * np.pi)`, `complex(1.0, 2.0) ** 0.5`), `complex128`, or
/// the magnitude or phase of one (`abs(3 + 4j)`), `float64`: values only the module, run,
/// knows exactly (see [`inexact_value_type`]).
pub fn bound_complex_approx(name: &str, stmt: &ast::Stmt, symbols: &ModuleSymbols) -> Option<NumericKind> {
    let StmtKind::Assign { targets, value } = &stmt.kind else { return None };
    if !matches!(targets.as_slice(), [t] if matches!(&t.kind, ExprKind::Name(n) if n == name)) {
        return None;
    }
    let (kind, complex_seen) = complex_kind(value, symbols, stmt.span.start, 0)?;
    (complex_seen && matches!(kind, NumericKind::Complex128 | NumericKind::Float64)).then_some(kind)
}

/// The kind of a scalar expression of numbers and complex functions (int64, float64 or
/// complex128), and whether a complex number takes part.
fn complex_kind(e: &Expr, symbols: &ModuleSymbols, at: u32, depth: u32) -> Option<(NumericKind, bool)> {
    use NumericKind::{Complex128, Float64, Int64};
    if depth > 16 {
        return None;
    }
    if let Some(c) = symbols.fold_constant(e, at, &[]) {
        return match c {
            ConstValue::Bool(_) | ConstValue::Int(_) => Some((Int64, false)),
            ConstValue::Float(_) => Some((Float64, false)),
            ConstValue::Complex { .. } => Some((Complex128, true)),
            _ => None,
        };
    }
    let rank = |k: NumericKind| match k {
        Int64 => 0,
        Float64 => 1,
        _ => 2,
    };
    match &e.kind {
        ExprKind::Name(n) => {
            let b = symbols.lookup(n, Some(at))?;
            complex_kind(b.value.as_ref()?, symbols, b.stmt_span.start, depth + 1)
        }
        ExprKind::UnaryOp { op: ast::UnaryOp::USub | ast::UnaryOp::UAdd, operand } => complex_kind(operand, symbols, at, depth + 1),
        ExprKind::BinOp { left, op, right } if matches!(op, ast::BinOp::Add | ast::BinOp::Sub | ast::BinOp::Mult | ast::BinOp::Div | ast::BinOp::Pow) => {
            let (a, ca) = complex_kind(left, symbols, at, depth + 1)?;
            let (b, cb) = complex_kind(right, symbols, at, depth + 1)?;
            let k = if rank(a) >= rank(b) { a } else { b };
            // `/` of integers is a float.
            let k = if matches!(op, ast::BinOp::Div) && k == Int64 { Float64 } else { k };
            Some((k, ca || cb))
        }
        ExprKind::Call { func, args, keywords } if keywords.is_empty() => {
            let path = match &func.kind {
                ExprKind::Name(n) if symbols.lookup(n, Some(at)).is_none() => format!("builtins.{n}"),
                _ => symbols.resolve_dotted_at(func, Some(at))?,
            };
            let kinds = args.iter().map(|a| complex_kind(a, symbols, at, depth + 1)).collect::<Option<Vec<_>>>()?;
            let complex_in = kinds.iter().any(|(k, _)| *k == Complex128);
            let seen = kinds.iter().any(|(_, c)| *c);
            let (module, f) = path.rsplit_once('.')?;
            let k = match (module, f, kinds.len()) {
                ("builtins", "complex", 1 | 2) => Complex128,
                ("builtins", "abs", 1) if complex_in => Float64,
                ("cmath", "phase", 1) => Float64,
                ("cmath", "exp" | "log" | "log10" | "sqrt" | "sin" | "cos" | "tan" | "asin" | "acos" | "atan" | "sinh" | "cosh" | "tanh" | "asinh" | "acosh" | "atanh", 1) => Complex128,
                ("cmath", "rect", 2) => Complex128,
                ("numpy", "exp" | "log" | "log10" | "sqrt" | "sin" | "cos" | "tan" | "sinh" | "cosh" | "tanh" | "conj" | "conjugate" | "negative", 1) if complex_in => Complex128,
                ("numpy", "abs" | "absolute" | "angle", 1) if complex_in => Float64,
                _ => return None,
            };
            Some((k, seen || k == Complex128))
        }
        _ => None,
    }
}

/// `np.sort(a)`: each run along the last axis sorted, NaNs last.
fn sort_last_axis(mut a: ConstArray) -> Option<ConstArray> {
    let run = *a.shape.last()? as usize;
    if run == 0 {
        return Some(a);
    }
    for chunk in a.items.chunks_mut(run) {
        chunk.sort_by(|x, y| match (x, y) {
            (Item::Int(p), Item::Int(q)) => p.cmp(q),
            (Item::Bool(p), Item::Bool(q)) => p.cmp(q),
            _ => {
                let (p, q) = (x.f(), y.f());
                match (p.is_nan(), q.is_nan()) {
                    (true, true) => std::cmp::Ordering::Equal,
                    (true, false) => std::cmp::Ordering::Greater,
                    (false, true) => std::cmp::Ordering::Less,
                    _ => p.partial_cmp(&q).unwrap_or(std::cmp::Ordering::Equal),
                }
            }
        });
    }
    Some(a)
}

/// NumPy's window functions of `m` points (approximately: NumPy's cosine rounds its own way).
fn window(name: &str, m: usize) -> Vec<Item> {
    if m == 1 {
        return vec![Item::Float(1.0)];
    }
    let d = (m - 1) as f64;
    (0..m)
        .map(|k| {
            let n = (2 * k) as f64 - d;
            let c = |f: f64| (f * std::f64::consts::PI * n / d).cos();
            Item::Float(match name {
                "hanning" => 0.5 + 0.5 * c(1.0),
                "hamming" => 0.54 + 0.46 * c(1.0),
                "blackman" => 0.42 + 0.5 * c(1.0) + 0.08 * c(2.0),
                _ => {
                    if n <= 0.0 {
                        1.0 + n / d
                    } else {
                        1.0 - n / d
                    }
                }
            })
        })
        .collect()
}

/// The number of dimensions of a `complex128` array bound at module level to `name` that
/// arithmetic and NumPy's ufuncs make from Python complex numbers and real arrays
/// (`W = np.exp(-2j * np.pi * np.arange(8) / 8)`): only the module, run, knows its items.
pub fn bound_complex_array_approx(name: &str, stmt: &ast::Stmt, module: &ast::Module, symbols: &ModuleSymbols) -> Option<u32> {
    let StmtKind::Assign { targets, value } = &stmt.kind else { return None };
    if !matches!(targets.as_slice(), [t] if matches!(&t.kind, ExprKind::Name(n) if n == name)) {
        return None;
    }
    let flag = std::cell::Cell::new(false);
    let cx = Cx { module, symbols, strict: false, locals: Default::default(), inexact: Some(&flag), frames: Default::default() };
    match complex_shape(&cx, value, stmt.span.start, 0)? {
        (true, Some(ndim)) if ndim > 0 => Some(ndim),
        _ => None,
    }
}

/// Whether `e` is complex, and its number of dimensions (`None`: a Python number), for the
/// operations [`bound_complex_array_approx`] follows; real values are evaluated.
fn complex_shape(cx: &Cx<'_>, e: &Expr, at: u32, depth: u32) -> Option<(bool, Option<u32>)> {
    if depth > 16 {
        return None;
    }
    if let Some(v) = cx.eval(e, at, depth + 1) {
        return Some(match v {
            V::Array(a) if a.shape.is_empty() => (false, None),
            V::Array(a) => (false, Some(a.shape.len() as u32)),
            V::Py(_) => (false, None),
        });
    }
    if let Some(ConstValue::Complex { .. }) = cx.symbols.fold_constant(e, at, &[]) {
        return Some((true, None));
    }
    let both = |a: (bool, Option<u32>), b: (bool, Option<u32>)| (a.0 || b.0, a.1.max(b.1));
    match &e.kind {
        ExprKind::Name(n) => {
            let b = cx.symbols.lookup(n, Some(at))?;
            if mutated_after(n, b.stmt_span.end, cx.module, cx.symbols) {
                return None;
            }
            complex_shape(cx, b.value.as_ref()?, b.stmt_span.start, depth + 1)
        }
        ExprKind::UnaryOp { op: ast::UnaryOp::USub | ast::UnaryOp::UAdd, operand } => complex_shape(cx, operand, at, depth + 1),
        ExprKind::BinOp { left, op, right } if matches!(op, BinOp::Add | BinOp::Sub | BinOp::Mult | BinOp::Div | BinOp::Pow) => {
            Some(both(complex_shape(cx, left, at, depth + 1)?, complex_shape(cx, right, at, depth + 1)?))
        }
        ExprKind::Attribute { value, attr } if attr == "real" || attr == "imag" => {
            let (_, ndim) = complex_shape(cx, value, at, depth + 1)?;
            Some((false, ndim))
        }
        ExprKind::Call { func, args, keywords } if keywords.is_empty() && args.len() == 1 => {
            let path = cx.symbols.resolve_dotted_at(func, Some(at))?;
            let f = path.strip_prefix("numpy.")?;
            let (c, ndim) = complex_shape(cx, &args[0], at, depth + 1)?;
            match f {
                "exp" | "log" | "log10" | "sqrt" | "sin" | "cos" | "tan" | "sinh" | "cosh" | "tanh" | "conj" | "conjugate" | "negative" if c => Some((true, ndim)),
                "abs" | "absolute" | "angle" | "real" | "imag" if c => Some((false, ndim)),
                _ => None,
            }
        }
        _ => None,
    }
}
