//! Module-level bindings: what each top-level name is bound to, in source order.
//!
//! Only module-level code is looked at (bindings inside `def`/`class` bodies are local to them),
//! but compound statements that run at import time (`if`, `try`, `with`, `for`, `while`) are
//! walked, so `try: import numba` / `except ImportError: ...` patterns are seen.

use numrs_syntax::ast::{self, Expr, ExprKind, Span, Stmt, StmtKind, UnaryOp};

use crate::numba_names::{NUMBA_TOPLEVEL, TYPE_CLASSES, TYPE_INSTANCES};

/// A constant value of a module-level `NAME = <constant expression>`.
///
/// Floats are stored by bit pattern (as in the AST) so the value stays `Eq + Hash`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ConstValue {
    None,
    Bool(bool),
    Int(i128),
    /// An integer too large for `i128`, as decimal text (possibly with a leading `-`).
    BigInt(String),
    Float(ast::FloatBits),
    Complex { real: ast::FloatBits, imag: ast::FloatBits },
    Str(String),
    Tuple(Vec<ConstValue>),
}

impl ConstValue {
    /// Evaluates a constant expression: an int/float/complex/bool/None/str literal, a unary
    /// minus (or plus) of one, or a tuple of constant expressions. `None` for anything else.
    pub fn from_expr(expr: &Expr) -> Option<ConstValue> {
        const_from_expr(expr, 0)
    }

    /// A parameter's default value, as Python evaluates it when the `def` at `def_offset`
    /// runs: a constant expression, or a module-level name bound once, to one, before it
    /// (`def f(x, tol=TOL)`). `None` for anything else.
    pub fn of_default(expr: &Expr, symbols: &ModuleSymbols, def_offset: u32) -> Option<ConstValue> {
        if let Some(c) = ConstValue::from_expr(expr) {
            return Some(c);
        }
        let ExprKind::Name(name) = &expr.kind else { return None };
        // Only a name bound once: which of several bindings ran (`if ...: EPS = 1e-6`) is not
        // known without running the module.
        if symbols.bindings_of(name).count() != 1 {
            return None;
        }
        match &symbols.lookup(name, Some(def_offset))?.kind {
            BindingKind::Constant(c) => Some(c.clone()),
            _ => None,
        }
    }

    /// Python's truthiness of the value.
    pub fn truthy(&self) -> bool {
        match self {
            ConstValue::None => false,
            ConstValue::Bool(b) => *b,
            ConstValue::Int(i) => *i != 0,
            ConstValue::BigInt(_) => true,
            ConstValue::Float(f) => f.get() != 0.0,
            ConstValue::Complex { real, imag } => real.get() != 0.0 || imag.get() != 0.0,
            ConstValue::Str(s) => !s.is_empty(),
            ConstValue::Tuple(items) => !items.is_empty(),
        }
    }

    /// The value of a source constant (none for bytes and `...`).
    pub fn of_constant(c: &ast::Constant) -> Option<ConstValue> {
        match c {
            ast::Constant::None => Some(ConstValue::None),
            ast::Constant::Bool(b) => Some(ConstValue::Bool(*b)),
            ast::Constant::Int(i) => Some(ConstValue::Int(*i)),
            ast::Constant::BigInt(s) => Some(ConstValue::BigInt(s.clone())),
            ast::Constant::Float(f) => Some(ConstValue::Float(*f)),
            ast::Constant::Complex { real, imag } => Some(ConstValue::Complex { real: *real, imag: *imag }),
            ast::Constant::Str(s) => Some(ConstValue::Str(s.clone())),
            ast::Constant::Bytes(_) | ast::Constant::Ellipsis => None,
        }
    }

    /// Python's `repr()` of the value.
    pub fn python_repr(&self) -> String {
        match self {
            ConstValue::None => "None".to_string(),
            ConstValue::Bool(true) => "True".to_string(),
            ConstValue::Bool(false) => "False".to_string(),
            ConstValue::Int(i) => i.to_string(),
            ConstValue::BigInt(s) => s.clone(),
            ConstValue::Float(f) => python_float_repr(f.get()),
            ConstValue::Complex { real, imag } => python_complex_repr(real.get(), imag.get()),
            ConstValue::Str(s) => python_str_repr(s),
            ConstValue::Tuple(items) => {
                let parts: Vec<String> = items.iter().map(ConstValue::python_repr).collect();
                if parts.len() == 1 {
                    format!("({},)", parts[0])
                } else {
                    format!("({})", parts.join(", "))
                }
            }
        }
    }

    /// The name of the value's Python class (`int`, `str`, `tuple`, ...).
    pub fn python_class(&self) -> &'static str {
        match self {
            ConstValue::None => "NoneType",
            ConstValue::Bool(_) => "bool",
            ConstValue::Int(_) | ConstValue::BigInt(_) => "int",
            ConstValue::Float(_) => "float",
            ConstValue::Complex { .. } => "complex",
            ConstValue::Str(_) => "str",
            ConstValue::Tuple(_) => "tuple",
        }
    }

    /// Python's `self == other` between numbers (and bools), `false` across other kinds
    /// unless structurally equal.
    pub fn python_eq(&self, other: &ConstValue) -> bool {
        match (self.as_complex(), other.as_complex()) {
            (Some(a), Some(b)) => a == b,
            _ => self == other,
        }
    }

    fn as_complex(&self) -> Option<(f64, f64)> {
        match self {
            ConstValue::Bool(b) => Some((if *b { 1.0 } else { 0.0 }, 0.0)),
            // Exact for every value that can equal a small constant; large values only ever
            // compare against other large values here.
            ConstValue::Int(i) => Some((*i as f64, 0.0)),
            ConstValue::Float(f) => Some((f.get(), 0.0)),
            ConstValue::Complex { real, imag } => Some((real.get(), imag.get())),
            _ => None,
        }
    }

    /// The value as an integer, for `int` and `bool` (Python treats `bool` as an `int`).
    pub fn as_int(&self) -> Option<i128> {
        match self {
            ConstValue::Int(i) => Some(*i),
            ConstValue::Bool(b) => Some(i128::from(*b)),
            _ => None,
        }
    }
}

const MAX_CONST_DEPTH: u32 = 64;

fn const_from_expr(expr: &Expr, depth: u32) -> Option<ConstValue> {
    if depth > MAX_CONST_DEPTH {
        return None;
    }
    match &expr.kind {
        ExprKind::Constant(c) => ConstValue::of_constant(c),
        ExprKind::UnaryOp { op: UnaryOp::USub, operand } if is_literal(operand) => {
            negate(const_from_expr(operand, depth + 1)?)
        }
        ExprKind::UnaryOp { op: UnaryOp::UAdd, operand } if is_literal(operand) => {
            match const_from_expr(operand, depth + 1)? {
                ConstValue::Bool(b) => Some(ConstValue::Int(i128::from(b))),
                v @ (ConstValue::Int(_)
                | ConstValue::BigInt(_)
                | ConstValue::Float(_)
                | ConstValue::Complex { .. }) => Some(v),
                _ => None,
            }
        }
        ExprKind::Tuple(items) => {
            items.iter().map(|e| const_from_expr(e, depth + 1)).collect::<Option<Vec<_>>>().map(ConstValue::Tuple)
        }
        _ => None,
    }
}

/// Python's `float(c)` of a constant (`float("nan")`, `float(3)`).
pub(crate) fn float_of(c: &ConstValue) -> Option<ConstValue> {
    let x = match c {
        ConstValue::Int(i) => *i as f64,
        ConstValue::Bool(b) => *b as i64 as f64,
        ConstValue::Float(f) => f.get(),
        ConstValue::Str(t) => match t.trim().to_ascii_lowercase().trim_start_matches('+') {
            "inf" | "infinity" => f64::INFINITY,
            "-inf" | "-infinity" => f64::NEG_INFINITY,
            "nan" | "-nan" => f64::NAN,
            other => other.parse::<f64>().ok().filter(|_| !other.contains('_'))?,
        },
        _ => return None,
    };
    Some(ConstValue::Float(ast::FloatBits::new(x)))
}

/// The numeric constants of `math`, `cmath` and `numpy` (`math.pi`, `np.inf`).
pub(crate) fn module_constant(module: &str, name: &str) -> Option<ConstValue> {
    let f = |x: f64| Some(ConstValue::Float(ast::FloatBits::new(x)));
    match (module, name) {
        ("math" | "cmath" | "numpy", "pi") => f(std::f64::consts::PI),
        ("math" | "cmath" | "numpy", "e") => f(std::f64::consts::E),
        ("math" | "cmath", "tau") => f(std::f64::consts::TAU),
        ("math" | "cmath" | "numpy", "inf") => f(f64::INFINITY),
        ("math" | "cmath" | "numpy", "nan") => f(f64::NAN),
        ("numpy", "euler_gamma") => f(0.5772156649015329),
        // A 64-bit platform's largest `Py_ssize_t`.
        ("sys", "maxsize") => Some(ConstValue::Int(i64::MAX.into())),
        _ => None,
    }
}

/// `np.finfo(float64).<attr>` (a float64, typed as Python floats are) and
/// `np.iinfo(<int type>).min/max` (Python ints). Other dtypes' limits are NumPy scalars of
/// their own type, not constants numrs types.
fn machine_limit(kind: &str, dtype: &str, attr: &str) -> Option<ConstValue> {
    let f = |x: f64| Some(ConstValue::Float(ast::FloatBits::new(x)));
    match (kind, dtype, attr) {
        ("finfo", "float64" | "double" | "float_", "eps") => f(f64::EPSILON),
        ("finfo", "float64" | "double" | "float_", "max") => f(f64::MAX),
        ("finfo", "float64" | "double" | "float_", "min") => f(f64::MIN),
        ("finfo", "float64" | "double" | "float_", "tiny" | "smallest_normal") => f(f64::MIN_POSITIVE),
        ("finfo", "float64" | "double" | "float_", "resolution") => f(1e-15),
        ("iinfo", d, "min" | "max") => {
            let (lo, hi): (i128, i128) = match d {
                "int8" => (i8::MIN.into(), i8::MAX.into()),
                "int16" => (i16::MIN.into(), i16::MAX.into()),
                "int32" => (i32::MIN.into(), i32::MAX.into()),
                "int64" | "intp" => (i64::MIN.into(), i64::MAX.into()),
                "uint8" => (0, u8::MAX.into()),
                "uint16" => (0, u16::MAX.into()),
                "uint32" => (0, u32::MAX.into()),
                "uint64" | "uintp" => (0, u64::MAX.into()),
                _ => return None,
            };
            Some(ConstValue::Int(if attr == "min" { lo } else { hi }))
        }
        _ => None,
    }
}

/// Python's `a op b` of constants: numbers (bool as int, but `&`, `|`, `^` of two bools a
/// bool; int results stay exact, else `None`), tuple and string concatenation and repetition.
pub fn fold_binop(op: ast::BinOp, a: ConstValue, b: ConstValue) -> Option<ConstValue> {
    use ast::BinOp as B;
    use ConstValue as C;
    let float = |x: f64| Some(C::Float(ast::FloatBits::new(x)));
    match (&a, &b) {
        (C::Bool(x), C::Bool(y)) if matches!(op, B::BitAnd | B::BitOr | B::BitXor) => {
            return Some(C::Bool(match op {
                B::BitAnd => *x && *y,
                B::BitOr => *x || *y,
                _ => x != y,
            }))
        }
        (C::Tuple(x), C::Tuple(y)) if op == B::Add => return Some(C::Tuple(x.iter().chain(y).cloned().collect())),
        (C::Str(x), C::Str(y)) if op == B::Add => return Some(C::Str(format!("{x}{y}"))),
        (C::Tuple(x), n) | (n, C::Tuple(x)) if op == B::Mult => {
            let n = usize::try_from(n.as_int()?.max(0)).ok().filter(|n| n * x.len() <= 4096)?;
            return Some(C::Tuple((0..n).flat_map(|_| x.iter().cloned()).collect()));
        }
        (C::Str(x), n) | (n, C::Str(x)) if op == B::Mult => {
            let n = usize::try_from(n.as_int()?.max(0)).ok().filter(|n| n * x.len() <= 1 << 16)?;
            return Some(C::Str(x.repeat(n)));
        }
        _ => {}
    }
    if let (Some(x), Some(y)) = (a.as_int(), b.as_int()) {
        return match op {
            B::Add => x.checked_add(y).map(C::Int),
            B::Sub => x.checked_sub(y).map(C::Int),
            B::Mult => x.checked_mul(y).map(C::Int),
            B::Div if y != 0 => float(x as f64 / y as f64),
            B::FloorDiv if y != 0 => Some(C::Int(x.div_euclid(y) - if (x.rem_euclid(y) != 0) && y < 0 { 1 } else { 0 })),
            B::Mod if y != 0 => Some(C::Int(((x % y) + y) % y)),
            B::Pow if y >= 0 => u32::try_from(y).ok().and_then(|e| x.checked_pow(e)).map(C::Int),
            B::Pow if x != 0 => float((x as f64).powf(y as f64)),
            B::LShift if (0..64).contains(&y) => x.checked_shl(y as u32).filter(|r| r >> y == x).map(C::Int),
            B::RShift if y >= 0 => Some(C::Int(x >> y.min(127))),
            B::BitAnd => Some(C::Int(x & y)),
            B::BitOr => Some(C::Int(x | y)),
            B::BitXor => Some(C::Int(x ^ y)),
            _ => None,
        };
    }
    let real = |v: &C| match v {
        C::Float(f) => Some(f.get()),
        _ => v.as_int().map(|i| i as f64),
    };
    if let (Some(x), Some(y)) = (real(&a), real(&b)) {
        return match op {
            B::Add => float(x + y),
            B::Sub => float(x - y),
            B::Mult => float(x * y),
            B::Div if y != 0.0 => float(x / y),
            B::FloorDiv if y != 0.0 => float((x / y).floor()),
            B::Mod if y != 0.0 => {
                let m = x % y;
                float(if m != 0.0 && (m < 0.0) != (y < 0.0) { m + y } else { m })
            }
            B::Pow if x >= 0.0 || y.fract() == 0.0 => float(x.powf(y)),
            _ => None,
        };
    }
    let cplx = |v: &C| match v {
        C::Complex { real, imag } => Some((real.get(), imag.get())),
        _ => real(v).map(|r| (r, 0.0)),
    };
    let ((ar, ai), (br, bi)) = (cplx(&a)?, cplx(&b)?);
    let c = |r: f64, i: f64| Some(C::Complex { real: ast::FloatBits::new(r), imag: ast::FloatBits::new(i) });
    match op {
        B::Add => c(ar + br, ai + bi),
        B::Sub => c(ar - br, ai - bi),
        B::Mult => c(ar * br - ai * bi, ar * bi + ai * br),
        _ => None,
    }
}

fn is_literal(expr: &Expr) -> bool {
    matches!(expr.kind, ExprKind::Constant(_))
}

/// Python's unary minus of a numeric constant.
pub(crate) fn negate(value: ConstValue) -> Option<ConstValue> {
    Some(match value {
        ConstValue::Bool(b) => ConstValue::Int(-i128::from(b)),
        ConstValue::Int(i) => match i.checked_neg() {
            Some(n) => ConstValue::Int(n),
            None => ConstValue::BigInt(format!("{}", i).trim_start_matches('-').to_string()),
        },
        ConstValue::BigInt(s) => match s.strip_prefix('-') {
            Some(pos) => ConstValue::BigInt(pos.to_string()),
            None => ConstValue::BigInt(format!("-{s}")),
        },
        ConstValue::Float(f) => ConstValue::Float(ast::FloatBits::new(-f.get())),
        ConstValue::Complex { real, imag } => ConstValue::Complex {
            real: ast::FloatBits::new(-real.get()),
            imag: ast::FloatBits::new(-imag.get()),
        },
        _ => return None,
    })
}

/// Python's `repr(float)` for the common cases (shortest round-trip digits).
pub fn python_float_repr(f: f64) -> String {
    if f.is_nan() {
        return "nan".to_string();
    }
    if f.is_infinite() {
        return if f > 0.0 { "inf".to_string() } else { "-inf".to_string() };
    }
    let abs = f.abs();
    if abs != 0.0 && !(1e-4..1e16).contains(&abs) {
        // Python switches to exponent notation: `1e+20`, `1.5e-05`.
        return python_exponent_form(&format!("{f:e}"));
    }
    format!("{f:?}")
}

/// Rust's exponent notation (`1.5e-5`, `1e20`) as Python and NumPy print it: a signed exponent
/// of at least two digits (`1.5e-05`, `1e+20`).
pub(crate) fn python_exponent_form(s: &str) -> String {
    let Some((mantissa, exp)) = s.split_once('e') else { return s.to_string() };
    let (sign, digits) = match exp.strip_prefix('-') {
        Some(d) => ('-', d),
        None => ('+', exp),
    };
    let digits = if digits.len() < 2 { format!("0{digits}") } else { digits.to_string() };
    format!("{mantissa}e{sign}{digits}")
}

fn python_complex_repr(real: f64, imag: f64) -> String {
    let imag_s = python_float_repr(imag);
    let imag_s = imag_s.strip_suffix(".0").unwrap_or(&imag_s).to_string();
    if real == 0.0 && real.is_sign_positive() {
        return format!("{imag_s}j");
    }
    let real_s = python_float_repr(real);
    let real_s = real_s.strip_suffix(".0").unwrap_or(&real_s).to_string();
    if imag_s.starts_with('-') {
        format!("({real_s}{imag_s}j)")
    } else {
        format!("({real_s}+{imag_s}j)")
    }
}

/// Python's `repr(str)`.
pub fn python_str_repr(s: &str) -> String {
    let quote = if s.contains('\'') && !s.contains('"') { '"' } else { '\'' };
    let mut out = String::with_capacity(s.len() + 2);
    out.push(quote);
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c if (c as u32) < 0x20 || c as u32 == 0x7f => out.push_str(&format!("\\x{:02x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push(quote);
    out
}

/// What a module-level name is bound to.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum BindingKind {
    /// `import numpy as np` (np → `numpy`), `import numpy.linalg as la` (`numpy.linalg`),
    /// `import a.b` (a → `a`).
    Module(String),
    /// `from numba import njit as jit`: module `numba`, name `njit`. Relative imports keep
    /// their leading dots (`from .kernels import f` → module `.kernels`).
    ImportedName { module: String, name: String },
    /// `from module import *`: bound under the name `*`; names not bound otherwise may come
    /// from it (see [`ModuleSymbols::resolve_dotted`]).
    StarImport(String),
    /// A `def`; `def_index` is the index in `module.body` of the top-level statement holding
    /// it (the `def` itself, or the `if`/`try`/... it is nested in).
    Function { def_index: usize },
    Class,
    /// `NAME = <constant expression>` (see [`ConstValue::from_expr`]).
    Constant(ConstValue),
    /// Any other binding (assignment of a non-constant, loop target, `with ... as`, ...).
    Other,
}

/// One binding of a module-level name.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Binding {
    pub name: String,
    pub kind: BindingKind,
    /// The span of the name where it is bound (import alias, assignment target, `def` name).
    pub span: Span,
    /// Index in `module.body` of the top-level statement that binds the name.
    pub stmt_index: usize,
    /// The span of the (possibly nested) statement that binds the name. Lookups compare its
    /// start against the offset asked about.
    pub stmt_span: Span,
    /// True when the binding sits in an `except` handler: such bindings are fallbacks that do
    /// not run when the `try` body succeeds (see [`ModuleSymbols::lookup`]).
    pub in_except_handler: bool,
    /// For `NAME = value` with a single name target, the assigned expression.
    pub value: Option<Expr>,
}

/// The module-level bindings of a module, in source order.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub struct ModuleSymbols {
    pub bindings: Vec<Binding>,
    /// Indexes into `bindings` by name, in source order (lookups are per name).
    by_name: std::collections::BTreeMap<String, Vec<usize>>,
    /// The `class P(NamedTuple)` classes among `bindings` (by index): their names and fields.
    namedtuple_classes: Vec<(usize, crate::NamedTupleDef)>,
    /// The plain functions of the module that module-level values are computed with
    /// (`TABLE = make_table(8)`), by index of their statement, with their bodies (which the
    /// skeleton leaves out): see [`ModuleSymbols::set_helper_defs`].
    helper_defs: Vec<(usize, std::sync::Arc<ast::FunctionDef>)>,
}

/// A `math` function (or NumPy's exact `sqrt`) of float arguments, as CPython computes it:
/// the C library's function, `None` where Python raises (a domain error) or for others.
fn math_function(module: &str, name: &str, xs: &[f64]) -> Option<ConstValue> {
    let float = |x: f64| Some(ConstValue::Float(ast::FloatBits::new(x)));
    match (module, name, xs) {
        ("numpy", "sqrt", [x]) => float(x.sqrt()),
        ("math", "sqrt", [x]) if *x >= 0.0 || x.is_nan() => float(x.sqrt()),
        ("math", "exp", [x]) => float(x.exp()).filter(|_| x.exp().is_finite() || !x.is_finite()),
        ("math", "log", [x]) if *x > 0.0 => float(x.ln()),
        ("math", "log", [x, b]) if *x > 0.0 && *b > 0.0 && *b != 1.0 => float(x.ln() / b.ln()),
        ("math", "log2", [x]) if *x > 0.0 => float(x.log2()),
        ("math", "log10", [x]) if *x > 0.0 => float(x.log10()),
        ("math", "log1p", [x]) if *x > -1.0 => float(x.ln_1p()),
        ("math", "sin", [x]) if x.is_finite() => float(x.sin()),
        ("math", "cos", [x]) if x.is_finite() => float(x.cos()),
        ("math", "tan", [x]) if x.is_finite() => float(x.tan()),
        ("math", "atan", [x]) => float(x.atan()),
        ("math", "asin", [x]) if x.abs() <= 1.0 => float(x.asin()),
        ("math", "acos", [x]) if x.abs() <= 1.0 => float(x.acos()),
        ("math", "atan2", [y, x]) => float(y.atan2(*x)),
        ("math", "hypot", [x, y]) => float(x.hypot(*y)),
        ("math", "radians", [x]) => float(x * (std::f64::consts::PI / 180.0)),
        ("math", "degrees", [x]) => float(x * (180.0 / std::f64::consts::PI)),
        ("math", "floor", [x]) if x.is_finite() && x.abs() < 1e18 => Some(ConstValue::Int(x.floor() as i128)),
        ("math", "ceil", [x]) if x.is_finite() && x.abs() < 1e18 => Some(ConstValue::Int(x.ceil() as i128)),
        _ => None,
    }
}

/// The value expression of key `wanted` in a dict display (Python's: the last equal key; `True`
/// equals `1`), its keys folded by `fold`. `None`: a key is not a constant that hashes as
/// Python's (a float, a complex, a `**` entry); `Some(None)`: no key equals `wanted`.
pub(crate) fn dict_display_value<'e>(
    keys: &'e [Option<Expr>],
    values: &'e [Expr],
    wanted: &ConstValue,
    fold: &dyn Fn(&Expr) -> Option<ConstValue>,
) -> Option<Option<&'e Expr>> {
    let plain = |c: &ConstValue| !matches!(c, ConstValue::Float(_) | ConstValue::Complex { .. });
    if !plain(wanted) {
        return None;
    }
    let mut found = None;
    for (k, v) in keys.iter().zip(values) {
        let k = fold(k.as_ref()?).filter(plain)?;
        let same = match (&k, wanted) {
            (ConstValue::Bool(x), ConstValue::Int(y)) | (ConstValue::Int(y), ConstValue::Bool(x)) => i128::from(*x) == *y,
            _ => k == *wanted,
        };
        if same {
            found = Some(v);
        }
    }
    Some(found)
}

/// How deep alias chains (`a = b`, `b = numba.njit`) are followed.
pub(crate) const MAX_ALIAS_DEPTH: u32 = 16;

impl ModuleSymbols {
    /// A constant expression's value as Python computes it at `before` (see the module's own
    /// folding: literals, constants bound once, `math`/`numpy` constants, operators, `len`,
    /// `int`, ...), with `locals` (a class body's earlier names) in scope before the module's
    /// names. `None` for anything else.
    pub fn fold_constant(&self, expr: &Expr, before: u32, locals: &[(String, ConstValue)]) -> Option<ConstValue> {
        let mut bindings: Vec<Binding> =
            self.bindings.iter().filter(|b| b.stmt_span.start < before && !locals.iter().any(|(n, _)| *n == b.name)).cloned().collect();
        for (name, value) in locals {
            bindings.push(Binding {
                name: name.clone(),
                kind: BindingKind::Constant(value.clone()),
                span: Span::new(before, before),
                stmt_index: usize::MAX,
                stmt_span: Span::new(before, before),
                in_except_handler: false,
                value: None,
            });
        }
        Collector { bindings, loops: 0, nested: Default::default() }.fold(expr, 0)
    }

    /// The truth of a module-level `if` condition Python decides from the constants bound
    /// before `before` (see `Collector::condition`); `None` when it depends on anything else.
    pub fn fold_condition(&self, expr: &Expr, before: u32) -> Option<bool> {
        let bindings: Vec<Binding> = self.bindings.iter().filter(|b| b.stmt_span.start < before).cloned().collect();
        // Names bound more than once are not read by their last binding here (which of the
        // bindings ran is known only while the module is walked in order).
        let mut seen = std::collections::HashSet::new();
        let nested = bindings.iter().filter(|b| !seen.insert(b.name.clone())).map(|b| b.name.clone()).collect();
        Collector { bindings, loops: 0, nested }.condition(expr, 0)
    }

    /// The statement that made `b`: a statement of the module's body, or one inside the branch
    /// the module runs of a module-level `if` whose condition is constant (`None` inside any
    /// other compound statement).
    pub fn binding_stmt<'m>(&self, module: &'m ast::Module, b: &Binding) -> Option<&'m Stmt> {
        let mut stmt = module.body.get(b.stmt_index)?;
        for _ in 0..MAX_STMT_DEPTH {
            if stmt.span == b.stmt_span {
                return Some(stmt);
            }
            let StmtKind::If { test, body, orelse } = &stmt.kind else { return None };
            let branch = if self.fold_condition(test, stmt.span.start)? { body } else { orelse };
            stmt = branch.iter().find(|s| s.span.start <= b.stmt_span.start && b.stmt_span.end <= s.span.end)?;
        }
        None
    }

    /// The binding of `name` in effect at `before_offset`: the last binding whose statement
    /// starts before `before_offset` (the last binding at all when `None`).
    ///
    /// Bindings inside `except` handlers are treated as fallbacks: a later one is returned only
    /// when no binding outside an `except` handler precedes the offset. numrs assumes Numba is
    /// importable, so `try: from numba import njit` / `except ImportError: def njit(f): ...`
    /// resolves `njit` to Numba's.
    /// The fields of the `class P(NamedTuple)` class `binding` makes, if it is one.
    pub fn namedtuple_class(&self, binding: &Binding) -> Option<&crate::NamedTupleDef> {
        let i = self.bindings.iter().position(|b| std::ptr::eq(b, binding))?;
        self.namedtuple_classes.iter().find(|(k, _)| *k == i).map(|(_, d)| d)
    }

    /// Gives the evaluation of module-level values the bodies of the plain functions they call
    /// ([`ModuleSymbols::helper_calls`]): `(statement index, def)`.
    pub fn set_helper_defs(&mut self, defs: Vec<(usize, std::sync::Arc<ast::FunctionDef>)>) {
        self.helper_defs = defs;
    }

    /// The `def` (with its body) of the plain function at statement `def_index`, when module-level
    /// values call it.
    pub fn helper_def(&self, def_index: usize) -> Option<&ast::FunctionDef> {
        self.helper_defs.iter().find(|(i, _)| *i == def_index).map(|(_, d)| &**d)
    }

    /// The statement indexes of the undecorated top-level functions called by name in the
    /// expressions of `stmts` (module-level statements, or a helper's body), as seen from `at`.
    pub fn helper_calls(&self, module: &ast::Module, stmts: &[ast::Stmt], at: Option<u32>) -> Vec<usize> {
        let mut out = Vec::new();
        numrs_syntax::visit::for_each_expr(stmts, false, &mut |e| {
            let ast::ExprKind::Call { func, .. } = &e.kind else { return };
            let ast::ExprKind::Name(n) = &func.kind else { return };
            let Some(b) = self.lookup(n, at) else { return };
            let BindingKind::Function { def_index } = b.kind else { return };
            let plain = module.body.get(def_index).is_some_and(|s| s.span == b.stmt_span && matches!(&s.kind, ast::StmtKind::FunctionDef(d) if d.decorators.is_empty()));
            if plain && !out.contains(&def_index) {
                out.push(def_index);
            }
        });
        out
    }

    pub fn lookup(&self, name: &str, before_offset: Option<u32>) -> Option<&Binding> {
        let mut candidates = self
            .by_name
            .get(name)
            .into_iter()
            .flatten()
            .filter_map(|i| self.bindings.get(*i))
            .filter(|b| before_offset.is_none_or(|off| b.stmt_span.start < off));
        let mut last_any = None;
        let mut last_primary = None;
        for b in candidates.by_ref() {
            last_any = Some(b);
            if !b.in_except_handler {
                last_primary = Some(b);
            }
        }
        last_primary.or(last_any)
    }

    /// All bindings of `name`, in source order.
    pub fn bindings_of<'a>(&'a self, name: &'a str) -> impl Iterator<Item = &'a Binding> + 'a {
        self.bindings.iter().filter(move |b| b.name == name)
    }

    /// The canonical dotted path of a name or attribute chain, through the module's imports,
    /// as bound at the end of the module: `np.linalg.norm` → `numpy.linalg.norm`, `njit` (from
    /// `from numba import njit`) → `numba.njit`, `jit` (from `from numba import njit as jit`)
    /// → `numba.njit`. Module-level aliases `name = <dotted expression>` are followed. `None`
    /// when the root name is not bound by an import.
    pub fn resolve_dotted(&self, expr: &Expr) -> Option<String> {
        self.resolve_dotted_at(expr, None)
    }

    /// [`Self::resolve_dotted`] with names looked up as bound before `before_offset` (use the
    /// start of a decorator to resolve it as Python does when the `def` runs).
    pub fn resolve_dotted_at(&self, expr: &Expr, before_offset: Option<u32>) -> Option<String> {
        self.resolve_dotted_depth(expr, before_offset, 0)
    }

    fn resolve_dotted_depth(&self, expr: &Expr, before: Option<u32>, depth: u32) -> Option<String> {
        if depth > MAX_ALIAS_DEPTH {
            return None;
        }
        // Walk the attribute chain down to its root name without recursion.
        let mut attrs = Vec::new();
        let mut cur = expr;
        let root = loop {
            match &cur.kind {
                ExprKind::Name(name) => break name,
                ExprKind::Attribute { value, attr } => {
                    attrs.push(attr.as_str());
                    cur = value;
                }
                _ => return None,
            }
        };
        let mut path = self.resolve_name(root, before, depth)?;
        for attr in attrs.iter().rev() {
            path.push('.');
            path.push_str(attr);
        }
        // The modules that define what a package re-exports, by the package's path
        // (`numba.typed.typedlist.List` is `numba.typed.List`).
        for (inner, outer) in [("numba.typed.typedlist", "numba.typed"), ("numba.typed.typeddict", "numba.typed"), ("numba.misc.special", "numba")] {
            if let Some(rest) = path.strip_prefix(inner).filter(|r| r.is_empty() || r.starts_with('.')) {
                path = format!("{outer}{rest}");
            }
        }
        Some(path)
    }

    fn resolve_name(&self, name: &str, before: Option<u32>, depth: u32) -> Option<String> {
        let Some(binding) = self.lookup(name, before) else {
            return self.star_import_source(name, before).map(|m| format!("{m}.{name}"));
        };
        match &binding.kind {
            BindingKind::Module(m) => Some(m.clone()),
            BindingKind::ImportedName { module, name } => Some(join_module(module, name)),
            BindingKind::Other => {
                let value = binding.value.as_ref()?;
                self.resolve_dotted_depth(value, Some(binding.stmt_span.start), depth + 1)
            }
            _ => None,
        }
    }

    /// The module a `from module import *` before `before` most plausibly binds `name` from:
    /// the latest star import whose module is known to define `name`, or whose contents numrs
    /// does not know (then only for names that are not Python builtins).
    pub fn star_import_source(&self, name: &str, before: Option<u32>) -> Option<&str> {
        let stars = self.bindings.iter().rev().filter(|b| before.is_none_or(|off| b.stmt_span.start < off));
        for b in stars {
            let BindingKind::StarImport(module) = &b.kind else { continue };
            match star_module_defines(module, name) {
                Some(true) => return Some(module),
                Some(false) => continue,
                None if !crate::numba_names::PY_BUILTINS.contains(&name) => return Some(module),
                None => continue,
            }
        }
        None
    }
}

/// Whether `from module import *` binds `name`: `Some` for modules numrs knows the contents of.
fn star_module_defines(module: &str, name: &str) -> Option<bool> {
    match module {
        "numba" => Some(NUMBA_TOPLEVEL.contains(&name)),
        "numba.types" | "numba.core.types" => {
            // `numba.core.types` has `__all__`; a star import binds exactly those names, which
            // are all scalar aliases or `optional`/`deferred_type` (covered by these tables).
            Some(
                TYPE_INSTANCES.iter().any(|(n, _, _)| *n == name)
                    || TYPE_CLASSES.iter().any(|(n, _)| *n == name),
            )
        }
        _ => None,
    }
}

/// `module.name`, keeping relative-import dots (`.` + `kernels` → `.kernels`).
pub(crate) fn join_module(module: &str, name: &str) -> String {
    if module.is_empty() || module.ends_with('.') {
        format!("{module}{name}")
    } else {
        format!("{module}.{name}")
    }
}

/// Collects the module-level bindings of `module`, in source order.
pub fn module_symbols(module: &ast::Module) -> ModuleSymbols {
    let mut collector = Collector { bindings: Vec::new(), loops: 0, nested: Default::default() };
    for (index, stmt) in module.body.iter().enumerate() {
        collector.stmt(stmt, index, false, 0);
    }
    let mut by_name: std::collections::BTreeMap<String, Vec<usize>> = Default::default();
    for (i, b) in collector.bindings.iter().enumerate() {
        by_name.entry(b.name.clone()).or_default().push(i);
    }
    let mut symbols = ModuleSymbols { bindings: collector.bindings, by_name, namedtuple_classes: Vec::new(), helper_defs: Vec::new() };
    let mut classes = Vec::new();
    for (i, b) in symbols.bindings.iter().enumerate() {
        if !matches!(b.kind, BindingKind::Class) {
            continue;
        }
        if let Some(ast::StmtKind::ClassDef(class)) = module.body.get(b.stmt_index).map(|s| &s.kind) {
            if class.name == b.name {
                if let Some(def) = crate::typed_namedtuple_class(class, &symbols, Some(b.stmt_span.start)) {
                    classes.push((i, def));
                }
            }
        }
    }
    symbols.namedtuple_classes = classes;
    symbols
}

/// Statements nested deeper than this inside module-level compound statements are skipped.
const MAX_STMT_DEPTH: u32 = 64;

struct Collector {
    bindings: Vec<Binding>,
    /// Module-level loops around the statement being collected (a condition inside one may
    /// change from one iteration to the next).
    loops: u32,
    /// Names bound inside compound statements (their value at a later point is not the last
    /// binding's for certain).
    nested: std::collections::HashSet<String>,
}

impl Collector {
    /// The truth of a module-level `if` condition made of constants: a constant's truthiness,
    /// `not`, `and`/`or`, and `==`/`!=`/`is`/`is not` of constants.
    fn condition(&self, e: &Expr, depth: u32) -> Option<bool> {
        if depth > MAX_CONST_DEPTH {
            return None;
        }
        match &e.kind {
            ExprKind::UnaryOp { op: ast::UnaryOp::Not, operand } => self.condition(operand, depth + 1).map(|b| !b),
            ExprKind::BoolOp { op, values } => {
                let mut all = Vec::new();
                for v in values {
                    all.push(self.condition(v, depth + 1)?);
                }
                Some(match op {
                    ast::BoolOp::And => all.iter().all(|b| *b),
                    ast::BoolOp::Or => all.iter().any(|b| *b),
                })
            }
            ExprKind::Compare { left, ops, comparators } if ops.len() == 1 && comparators.len() == 1 => {
                let (a, b) = (self.current(left, depth + 1)?, self.current(&comparators[0], depth + 1)?);
                let num = |v: &ConstValue| match v {
                    ConstValue::Int(i) => Some(*i as f64),
                    ConstValue::Bool(b) => Some(f64::from(u8::from(*b))),
                    ConstValue::Float(f) => Some(f.get()),
                    _ => None,
                };
                if let (Some(x), Some(y), true) = (num(&a), num(&b), matches!(ops[0], ast::CmpOp::Lt | ast::CmpOp::LtE | ast::CmpOp::Gt | ast::CmpOp::GtE)) {
                    return Some(match ops[0] {
                        ast::CmpOp::Lt => x < y,
                        ast::CmpOp::LtE => x <= y,
                        ast::CmpOp::Gt => x > y,
                        _ => x >= y,
                    });
                }
                let same = |a: &ConstValue, b: &ConstValue| -> Option<bool> {
                    Some(match (a, b) {
                        (ConstValue::Float(_), _) | (_, ConstValue::Float(_)) => return None,
                        (ConstValue::Bool(x), ConstValue::Int(y)) | (ConstValue::Int(y), ConstValue::Bool(x)) => i128::from(*x) == *y,
                        _ => a == b,
                    })
                };
                match ops[0] {
                    ast::CmpOp::Eq => same(&a, &b),
                    ast::CmpOp::NotEq => same(&a, &b).map(|s| !s),
                    ast::CmpOp::Is if matches!(b, ConstValue::None | ConstValue::Bool(_)) => Some(a == b),
                    ast::CmpOp::IsNot if matches!(b, ConstValue::None | ConstValue::Bool(_)) => Some(a != b),
                    _ => None,
                }
            }
            _ => match self.current(e, depth + 1)? {
                ConstValue::Float(_) | ConstValue::BigInt(_) => None,
                c => Some(c.truthy()),
            },
        }
    }

    /// A constant's value at this point of the module's top-level code: a name bound only by
    /// top-level statements so far is its last binding's constant; otherwise [`Self::fold`].
    fn current(&self, e: &Expr, depth: u32) -> Option<ConstValue> {
        if let ExprKind::Name(n) = &e.kind {
            if !self.nested.contains(n) {
                if let Some(b) = self.bindings.iter().rev().find(|b| b.name == *n) {
                    return match &b.kind {
                        BindingKind::Constant(c) => Some(c.clone()),
                        _ => None,
                    };
                }
            }
        }
        self.fold(e, depth)
    }

    /// The value of a module-level constant expression, as Python computes it when the module
    /// runs: literals, names bound once before to constants, the constants of `math`, `cmath`
    /// and `numpy` (`np.pi`), unary and binary operators on numbers, tuples and strings
    /// (`2 * math.pi`, `1.0 / 60`, `(4, 4) + (2,)`). `None` for anything else.
    fn fold(&self, expr: &Expr, depth: u32) -> Option<ConstValue> {
        if depth > MAX_CONST_DEPTH {
            return None;
        }
        if let Some(c) = ConstValue::from_expr(expr) {
            return Some(c);
        }
        match &expr.kind {
            ExprKind::Name(name) => match &self.single_binding(name)?.kind {
                BindingKind::Constant(c) => Some(c.clone()),
                _ => None,
            },
            // `np.finfo(np.float64).eps`, `np.iinfo(np.int32).max`.
            ExprKind::Attribute { value, attr } if matches!(value.kind, ExprKind::Call { .. }) => {
                let ExprKind::Call { func, args, .. } = &value.kind else { return None };
                // `np.finfo(...)`, or `finfo(...)` imported from NumPy.
                let f = match &func.kind {
                    ExprKind::Attribute { value: m, attr: f } if self.module_of(m)? == "numpy" => f.clone(),
                    ExprKind::Name(n) => self.numpy_import(n)?.to_string(),
                    _ => return None,
                };
                let f = f.as_str();
                if args.len() != 1 {
                    return None;
                }
                let by_path = match &args[0].kind {
                    ExprKind::Name(n) => self.numpy_class_name(n, 0),
                    _ => None,
                };
                let dtype = match &args[0].kind {
                    _ if by_path.is_some() => by_path.as_deref().unwrap_or_default(),
                    ExprKind::Attribute { value: m2, attr: d } if self.module_of(m2)? == "numpy" => d.as_str(),
                    ExprKind::Constant(ast::Constant::Str(d)) => d.as_str(),
                    // The builtins `float` and `int` (not rebound): NumPy's float64 and int64.
                    ExprKind::Name(n) if matches!(n.as_str(), "float" | "int") && !self.bindings.iter().any(|b| b.name == *n) => {
                        if n == "float" {
                            "float64"
                        } else {
                            "int64"
                        }
                    }
                    _ => return None,
                };
                machine_limit(f, dtype, attr)
            }
            ExprKind::Attribute { value, attr } => module_constant(self.module_of(value)?, attr),
            ExprKind::Tuple(items) => items.iter().map(|e| self.fold(e, depth + 1)).collect::<Option<Vec<_>>>().map(ConstValue::Tuple),
            // `tuple([2, 3])`, `tuple((1, 2))` (the builtin, not rebound).
            // `"abc".upper()` and kin of an ASCII string constant.
            ExprKind::Call { func, args, keywords } if keywords.is_empty() && args.is_empty() && matches!(func.kind, ExprKind::Attribute { .. }) => {
                let ExprKind::Attribute { value, attr } = &func.kind else { return None };
                let ConstValue::Str(t) = self.fold(value, depth + 1)? else { return None };
                if !t.is_ascii() {
                    return None;
                }
                Some(ConstValue::Str(match attr.as_str() {
                    "upper" => t.to_ascii_uppercase(),
                    "lower" => t.to_ascii_lowercase(),
                    "strip" => t.trim_matches(|c: char| c.is_ascii_whitespace() || c == '\x0b').to_string(),
                    "lstrip" => t.trim_start_matches(|c: char| c.is_ascii_whitespace() || c == '\x0b').to_string(),
                    "rstrip" => t.trim_end_matches(|c: char| c.is_ascii_whitespace() || c == '\x0b').to_string(),
                    _ => return None,
                }))
            }
            // `math.sqrt(2.0)`, `math.log(2)`, `np.sqrt(3.0)`: the function of float constants, as
            // CPython's `math` computes it (the C library's function; `np.sqrt` is exact too).
            ExprKind::Call { func, args, keywords } if keywords.is_empty() && !args.is_empty() && args.len() <= 2 && matches!(func.kind, ExprKind::Attribute { .. }) => {
                let ExprKind::Attribute { value, attr } = &func.kind else { return None };
                let module = self.module_of(value)?;
                let xs = args
                    .iter()
                    .map(|a| match self.fold(a, depth + 1)? {
                        ConstValue::Int(i) if i.unsigned_abs() < (1u128 << 53) => Some(i as f64),
                        ConstValue::Bool(b) => Some(b as i64 as f64),
                        ConstValue::Float(f) => Some(f.get()),
                        _ => None,
                    })
                    .collect::<Option<Vec<f64>>>()?;
                math_function(module, attr, &xs)
            }
            // `max(1, 2)`, `min(...)` of numbers (Python compares them; the first of equal ones).
            ExprKind::Call { func, args, keywords } if keywords.is_empty() && args.len() >= 2 => {
                let ExprKind::Name(f) = &func.kind else { return None };
                if !matches!(f.as_str(), "max" | "min") || self.bindings.iter().any(|b| &b.name == f) {
                    return None;
                }
                let vals = args.iter().map(|a| self.fold(a, depth + 1)).collect::<Option<Vec<_>>>()?;
                let num = |v: &ConstValue| match v {
                    ConstValue::Int(i) => Some(*i as f64),
                    ConstValue::Bool(b) => Some(*b as i64 as f64),
                    ConstValue::Float(x) if !x.get().is_nan() => Some(x.get()),
                    _ => None,
                };
                let mut best = 0;
                for i in 1..vals.len() {
                    let (a, b) = (num(&vals[i])?, num(&vals[best])?);
                    if (f == "max" && a > b) || (f == "min" && a < b) {
                        best = i;
                    }
                }
                num(&vals[best])?;
                Some(vals[best].clone())
            }
            // `float("inf")`, `float(2)`, `int(2.7)`, `len("abc")`, `abs(-2)`.
            ExprKind::Call { func, args, keywords } if keywords.is_empty() && args.len() == 1 => {
                let ExprKind::Name(f) = &func.kind else { return None };
                if self.bindings.iter().any(|b| &b.name == f) {
                    return None;
                }
                match (f.as_str(), &args[0].kind) {
                    // `tuple(range(4))`: the integers, when the builtin is not rebound.
                    ("tuple", ExprKind::Call { func: rf, args: rargs, keywords: rk })
                        if rk.is_empty() && matches!(&rf.kind, ExprKind::Name(r) if r == "range" && !self.bindings.iter().any(|b| b.name == "range")) =>
                    {
                        let ints = rargs.iter().map(|a| self.fold(a, depth + 1)?.as_int()).collect::<Option<Vec<i128>>>()?;
                        let (start, stop, step) = match ints.as_slice() {
                            [n] => (0, *n, 1),
                            [a, b] => (*a, *b, 1),
                            [a, b, c] if *c != 0 => (*a, *b, *c),
                            _ => return None,
                        };
                        let mut items = Vec::new();
                        let mut i = start;
                        while (step > 0 && i < stop) || (step < 0 && i > stop) {
                            if items.len() >= 4096 {
                                return None;
                            }
                            items.push(ConstValue::Int(i));
                            i += step;
                        }
                        Some(ConstValue::Tuple(items))
                    }
                    ("tuple", ExprKind::List(items) | ExprKind::Tuple(items)) => {
                        items.iter().map(|e| self.fold(e, depth + 1)).collect::<Option<Vec<_>>>().map(ConstValue::Tuple)
                    }
                    ("float", _) => float_of(&self.fold(&args[0], depth + 1)?),
                    ("len", _) => match self.fold(&args[0], depth + 1)? {
                        ConstValue::Str(t) => Some(ConstValue::Int(t.chars().count() as i128)),
                        ConstValue::Tuple(items) => Some(ConstValue::Int(items.len() as i128)),
                        _ => None,
                    },
                    // Python's `round(x)`: an int, halves to even.
                    ("round", _) => match self.fold(&args[0], depth + 1)? {
                        ConstValue::Int(i) => Some(ConstValue::Int(i)),
                        ConstValue::Bool(b) => Some(ConstValue::Int(b as i128)),
                        ConstValue::Float(f) if f.get().is_finite() && f.get().abs() < 1e30 => {
                            Some(ConstValue::Int(f.get().round_ties_even() as i128))
                        }
                        _ => None,
                    },
                    ("abs", _) => match self.fold(&args[0], depth + 1)? {
                        ConstValue::Int(i) => Some(ConstValue::Int(i.abs())),
                        ConstValue::Bool(b) => Some(ConstValue::Int(b as i128)),
                        ConstValue::Float(x) => Some(ConstValue::Float(ast::FloatBits::new(x.get().abs()))),
                        _ => None,
                    },
                    ("int", _) => match self.fold(&args[0], depth + 1)? {
                        ConstValue::Int(i) => Some(ConstValue::Int(i)),
                        ConstValue::Bool(b) => Some(ConstValue::Int(b as i128)),
                        ConstValue::Float(f) if f.get().is_finite() && f.get().abs() < 1e30 => Some(ConstValue::Int(f.get().trunc() as i128)),
                        _ => None,
                    },
                    _ => None,
                }
            }
            // `{"tol": 1e-6, ...}["tol"]`: the value of the last equal key of a display of
            // constants.
            ExprKind::Subscript { value, index } if matches!(value.kind, ExprKind::Dict { .. }) => {
                let ExprKind::Dict { keys, values } = &value.kind else { return None };
                let wanted = self.fold(index, depth + 1)?;
                self.fold(dict_display_value(keys, values, &wanted, &|k| self.fold(k, depth + 1))??, depth + 1)
            }
            // A character of a string constant, or an item of a tuple constant (`FTYPE[1]`).
            ExprKind::Subscript { value, index } => {
                let i = self.fold(index, depth + 1)?.as_int()?;
                match self.fold(value, depth + 1)? {
                    ConstValue::Str(text) => {
                        let chars: Vec<char> = text.chars().collect();
                        let n = i128::try_from(chars.len()).ok()?;
                        let k = if i < 0 { i + n } else { i };
                        (0..n).contains(&k).then(|| ConstValue::Str(chars[k as usize].to_string()))
                    }
                    ConstValue::Tuple(items) => {
                        let n = i128::try_from(items.len()).ok()?;
                        let k = if i < 0 { i + n } else { i };
                        (0..n).contains(&k).then(|| items[k as usize].clone())
                    }
                    _ => None,
                }
            }
            ExprKind::UnaryOp { op, operand } => {
                let v = self.fold(operand, depth + 1)?;
                match op {
                    UnaryOp::USub => negate(v),
                    UnaryOp::UAdd => match v {
                        ConstValue::Bool(b) => Some(ConstValue::Int(i128::from(b))),
                        v @ (ConstValue::Int(_) | ConstValue::Float(_) | ConstValue::Complex { .. }) => Some(v),
                        _ => None,
                    },
                    UnaryOp::Not => Some(ConstValue::Bool(!v.truthy())),
                    UnaryOp::Invert => v.as_int().map(|i| ConstValue::Int(!i)),
                }
            }
            ExprKind::BinOp { left, op, right } => fold_binop(*op, self.fold(left, depth + 1)?, self.fold(right, depth + 1)?),
            _ => None,
        }
    }

    /// The binding of a name bound once so far (which of several ran is not known without
    /// running the module).
    fn single_binding(&self, name: &str) -> Option<&Binding> {
        let mut found = self.bindings.iter().filter(|b| b.name == name);
        let first = found.next()?;
        found.next().is_none().then_some(first)
    }

    /// The NumPy name a module-level name stands for: imported from NumPy (`from numpy import
    /// float64 as f8`), or bound once to one (`INT_DTYPE = np.intp`, `float_ = f8`).
    fn numpy_class_name(&self, name: &str, depth: u32) -> Option<String> {
        if let Some(n) = self.numpy_import(name) {
            return Some(n.to_string());
        }
        if depth > 8 {
            return None;
        }
        let b = self.single_binding(name)?;
        if !matches!(b.kind, BindingKind::Other) {
            return None;
        }
        match &b.value.as_ref()?.kind {
            ExprKind::Name(n) => self.numpy_class_name(n, depth + 1),
            ExprKind::Attribute { value, attr } if self.module_of(value)? == "numpy" => Some(attr.clone()),
            _ => None,
        }
    }

    /// The module a name (bound once, by `import`) stands for.
    /// The NumPy name `name` is imported as (`from numpy import finfo, float64 as f8`).
    fn numpy_import(&self, name: &str) -> Option<&str> {
        match &self.single_binding(name)?.kind {
            BindingKind::ImportedName { module, name } if module == "numpy" => Some(name.as_str()),
            _ => None,
        }
    }

    fn module_of(&self, expr: &Expr) -> Option<&str> {
        let ExprKind::Name(m) = &expr.kind else { return None };
        match &self.single_binding(m)?.kind {
            BindingKind::Module(module) => Some(module.as_str()),
            _ => None,
        }
    }

    fn push(&mut self, name: &str, kind: BindingKind, span: Span, stmt: &Stmt, index: usize, handler: bool) {
        self.bindings.push(Binding {
            name: name.to_string(),
            kind,
            span,
            stmt_index: index,
            stmt_span: stmt.span,
            in_except_handler: handler,
            value: None,
        });
    }

    fn stmts(&mut self, stmts: &[Stmt], index: usize, handler: bool, depth: u32) {
        for s in stmts {
            self.stmt(s, index, handler, depth + 1);
        }
    }

    fn stmt(&mut self, stmt: &Stmt, index: usize, handler: bool, depth: u32) {
        let before = self.bindings.len();
        self.stmt_kind(stmt, index, handler, depth);
        if depth > 0 || handler {
            let names: Vec<String> = self.bindings[before..].iter().map(|b| b.name.clone()).collect();
            self.nested.extend(names);
        }
    }

    fn stmt_kind(&mut self, stmt: &Stmt, index: usize, handler: bool, depth: u32) {
        if depth > MAX_STMT_DEPTH {
            return;
        }
        match &stmt.kind {
            StmtKind::Import(aliases) => {
                for a in aliases {
                    let (name, module) = match &a.asname {
                        Some(asname) => (asname.clone(), a.name.clone()),
                        None => {
                            let root = a.name.split('.').next().unwrap_or(&a.name).to_string();
                            (root.clone(), root)
                        }
                    };
                    self.push(&name, BindingKind::Module(module), a.span, stmt, index, handler);
                }
            }
            StmtKind::ImportFrom { module, names, level } => {
                let mut full = ".".repeat(*level as usize);
                if let Some(m) = module {
                    full.push_str(m);
                }
                for a in names {
                    if a.name == "*" {
                        self.push("*", BindingKind::StarImport(full.clone()), a.span, stmt, index, handler);
                        continue;
                    }
                    let bound = a.asname.as_deref().unwrap_or(&a.name);
                    // `from math import pi`: the constant (Numba freezes its value).
                    let kind = match module_constant(&full, &a.name) {
                        Some(c) => BindingKind::Constant(c),
                        None => BindingKind::ImportedName { module: full.clone(), name: a.name.clone() },
                    };
                    self.push(bound, kind, a.span, stmt, index, handler);
                }
            }
            StmtKind::FunctionDef(def) => {
                self.push(&def.name, BindingKind::Function { def_index: index }, def.name_span, stmt, index, handler);
            }
            StmtKind::ClassDef(class) => {
                self.push(&class.name, BindingKind::Class, stmt.span, stmt, index, handler);
            }
            StmtKind::Assign { targets, value } => {
                for t in targets {
                    self.assign_target(t, Some(value), stmt, index, handler, 0);
                }
            }
            StmtKind::AnnAssign { target, value: Some(value), .. } => {
                self.assign_target(target, Some(value), stmt, index, handler, 0);
            }
            StmtKind::AnnAssign { value: None, .. } => {}
            // `COUNT += 4` at top level of a name holding a constant: the new constant.
            StmtKind::AugAssign { target, op, value } => {
                let folded = match &target.kind {
                    ExprKind::Name(n) if depth == 0 && self.loops == 0 && !self.nested.contains(n) => {
                        let current = self.bindings.iter().rev().find(|b| b.name == *n).and_then(|b| match &b.kind {
                            BindingKind::Constant(c) => Some(c.clone()),
                            _ => None,
                        });
                        match (current, self.fold(value, 0)) {
                            (Some(a), Some(b)) => fold_binop(*op, a, b).map(|c| (n.clone(), c)),
                            _ => None,
                        }
                    }
                    _ => None,
                };
                match folded {
                    Some((n, c)) => self.push(&n, BindingKind::Constant(c), target.span, stmt, index, handler),
                    None => self.assign_target(target, None, stmt, index, handler, 0),
                }
            }
            StmtKind::For { target, body, orelse, .. } => {
                self.assign_target(target, None, stmt, index, handler, 0);
                self.loops += 1;
                self.stmts(body, index, handler, depth);
                self.stmts(orelse, index, handler, depth);
                self.loops -= 1;
            }
            StmtKind::While { body, orelse, .. } => {
                self.loops += 1;
                self.stmts(body, index, handler, depth);
                self.stmts(orelse, index, handler, depth);
                self.loops -= 1;
            }
            StmtKind::If { test, body, orelse } => {
                // A condition Python decides from constants (`if USE_FAST:`, `if MODE ==
                // "fast":`): only the branch the module runs binds names.
                match self.condition(test, 0).filter(|_| self.loops == 0) {
                    Some(true) => self.stmts(body, index, handler, depth),
                    Some(false) => self.stmts(orelse, index, handler, depth),
                    None => {
                        self.stmts(body, index, handler, depth);
                        self.stmts(orelse, index, handler, depth);
                    }
                }
            }
            StmtKind::Match { cases, .. } => {
                for case in cases {
                    for name in case.pattern.bound_names() {
                        self.push(&name, BindingKind::Other, case.span, stmt, index, handler);
                    }
                    self.stmts(&case.body, index, handler, depth);
                }
            }
            StmtKind::With { items, body, .. } => {
                for item in items {
                    if let Some(t) = &item.target {
                        self.assign_target(t, None, stmt, index, handler, 0);
                    }
                }
                self.stmts(body, index, handler, depth);
            }
            StmtKind::Try { body, handlers, orelse, finalbody } => {
                self.stmts(body, index, handler, depth);
                for h in handlers {
                    if let Some(name) = &h.name {
                        self.push(name, BindingKind::Other, h.span, stmt, index, true);
                    }
                    self.stmts(&h.body, index, true, depth);
                }
                self.stmts(orelse, index, handler, depth);
                self.stmts(finalbody, index, handler, depth);
            }
            StmtKind::Expr(e) => self.walrus(e, stmt, index, handler, 0),
            StmtKind::Return(_)
            | StmtKind::Delete(_)
            | StmtKind::Raise { .. }
            | StmtKind::Assert { .. }
            | StmtKind::Global(_)
            | StmtKind::Nonlocal(_)
            | StmtKind::Pass
            | StmtKind::Break
            | StmtKind::Continue
            | StmtKind::Unsupported(_) => {}
        }
    }

    fn assign_target(
        &mut self,
        target: &Expr,
        value: Option<&Expr>,
        stmt: &Stmt,
        index: usize,
        handler: bool,
        depth: u32,
    ) {
        if depth > MAX_CONST_DEPTH {
            return;
        }
        match &target.kind {
            ExprKind::Name(name) => {
                let kind = match value.and_then(|v| self.fold(v, 0)) {
                    Some(c) => BindingKind::Constant(c),
                    None => BindingKind::Other,
                };
                self.push(name, kind, target.span, stmt, index, handler);
                if let Some(last) = self.bindings.last_mut() {
                    last.value = value.cloned();
                }
            }
            ExprKind::Tuple(elts) | ExprKind::List(elts) => {
                // `a, b = 1, 2`: pair targets with values when the shapes match.
                let values: Option<&Vec<Expr>> = match value.map(|v| &v.kind) {
                    Some(ExprKind::Tuple(vs)) | Some(ExprKind::List(vs))
                        if vs.len() == elts.len() && !elts.iter().any(|e| matches!(e.kind, ExprKind::Starred(_))) =>
                    {
                        Some(vs)
                    }
                    _ => None,
                };
                for (i, elt) in elts.iter().enumerate() {
                    let v = values.and_then(|vs| vs.get(i));
                    self.assign_target(elt, v, stmt, index, handler, depth + 1);
                }
            }
            ExprKind::Starred(inner) => self.assign_target(inner, None, stmt, index, handler, depth + 1),
            // Attribute and subscript targets bind no name.
            _ => {}
        }
    }

    /// `(x := value)` at module level binds `x`.
    fn walrus(&mut self, expr: &Expr, stmt: &Stmt, index: usize, handler: bool, depth: u32) {
        if depth > MAX_CONST_DEPTH {
            return;
        }
        if let ExprKind::NamedExpr { target, value } = &expr.kind {
            self.assign_target(target, Some(value), stmt, index, handler, 0);
            self.walrus(value, stmt, index, handler, depth + 1);
        }
    }
}
