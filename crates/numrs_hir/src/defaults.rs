//! The values of parameter defaults that are expressions (`k=float(2)`, `n=2 ** 3`,
//! `eps=np.float32(1e-6)`, `z=1 + 2j`, `e=np.e`): Python computes them once, when the `def`
//! statement runs, and Numba sees the value (`omitted(default=<repr>)`). numrs folds the
//! forms whose value does not depend on running anything else, and gives the value's `repr()`
//! as Python and NumPy 2 print it.

use numrs_syntax::ast::{BinOp, Expr, ExprKind, UnaryOp};
use numrs_types::NumericKind;

use crate::symbols::{ConstValue, ModuleSymbols};

/// A folded default.
#[derive(Clone, Debug, PartialEq)]
enum Folded {
    /// A Python value.
    Py(ConstValue),
    /// A NumPy scalar of the kind (its value converted to the kind).
    Np(NumericKind, ConstValue),
    Tuple(Vec<Folded>),
    /// `b'...'` of printable ASCII (what Numba's `omitted(default=...)` shows as it is).
    Bytes(Vec<u8>),
}

/// Nesting deeper than this is not folded.
const MAX_DEPTH: u32 = 32;

/// The `repr()` of the value of the default `expr` of a `def` at `def_offset`, or `None` when
/// numrs does not fold it.
pub fn default_repr(expr: &Expr, symbols: &ModuleSymbols, def_offset: u32) -> Option<String> {
    Some(repr(&fold(expr, symbols, def_offset, 0)?))
}

fn repr(f: &Folded) -> String {
    match f {
        Folded::Py(c) => c.python_repr(),
        Folded::Np(k, c) => numpy_repr(*k, c),
        Folded::Bytes(b) => format!("b'{}'", String::from_utf8_lossy(b)),
        Folded::Tuple(items) => {
            let parts: Vec<String> = items.iter().map(repr).collect();
            if parts.len() == 1 {
                format!("({},)", parts[0])
            } else {
                format!("({})", parts.join(", "))
            }
        }
    }
}

/// NumPy 2's `repr()` of a scalar: `np.float32(1.5)`, `np.int64(3)`, `np.True_`,
/// `np.complex128(1+2j)`.
fn numpy_repr(k: NumericKind, c: &ConstValue) -> String {
    match c {
        ConstValue::Bool(b) => if *b { "np.True_" } else { "np.False_" }.to_string(),
        ConstValue::Float(f) if k == NumericKind::Float32 => format!("np.float32({})", f32_text(f.get() as f32)),
        ConstValue::Complex { real, imag } if k == NumericKind::Complex64 => {
            let part = |x: f64| {
                let t = f32_text(x as f32);
                t.strip_suffix(".0").map(str::to_string).unwrap_or(t)
            };
            let (re, im) = (real.get(), imag.get());
            let im_s = part(im);
            let inner = if re == 0.0 && re.is_sign_positive() {
                format!("{im_s}j")
            } else if im_s.starts_with('-') {
                format!("{}{im_s}j", part(re))
            } else {
                format!("{}+{im_s}j", part(re))
            };
            format!("np.complex64({inner})")
        }
        ConstValue::Complex { .. } => {
            let text = c.python_repr();
            let inner = text.strip_prefix('(').and_then(|t| t.strip_suffix(')')).unwrap_or(&text);
            format!("np.{}({inner})", k.name())
        }
        other => format!("np.{}({})", k.name(), other.python_repr()),
    }
}

/// NumPy's repr digits of a float32: the shortest that give it back, positional from 1e-4 up
/// to 1e6 (exclusive), else in exponent form (`1e-04`, `1.234567e+06`).
fn f32_text(x: f32) -> String {
    if x.is_nan() {
        return "nan".to_string();
    }
    if x.is_infinite() {
        return if x > 0.0 { "inf" } else { "-inf" }.to_string();
    }
    let abs = f64::from(x.abs());
    if abs != 0.0 && !(1e-4..1e6).contains(&abs) {
        return crate::symbols::python_exponent_form(&format!("{x:e}"));
    }
    format!("{x:?}")
}

fn fold(expr: &Expr, symbols: &ModuleSymbols, def_offset: u32, depth: u32) -> Option<Folded> {
    if depth > MAX_DEPTH {
        return None;
    }
    // A NumPy float scalar (`np.finfo(float).eps`, `4 * np.finfo(np.float32).eps`, or a
    // module-level name bound to one): its repr is NumPy's, which Numba's `omitted` shows.
    if let Some(f) = numpy_float(expr, symbols, def_offset, depth) {
        return Some(f);
    }
    if let Some(c) = ConstValue::of_default(expr, symbols, def_offset) {
        return Some(match c {
            ConstValue::Tuple(items) => Folded::Tuple(items.into_iter().map(Folded::Py).collect()),
            other => Folded::Py(other),
        });
    }
    let sub = |e: &Expr| fold(e, symbols, def_offset, depth + 1);
    match &expr.kind {
        // An item of a module-level dict, tuple or list display bound once (`METRICS['l2']`),
        // as the display stands where the `def` is.
        ExprKind::Subscript { value, index } => {
            let ExprKind::Name(n) = &value.kind else { return None };
            if symbols.bindings_of(n).count() != 1 {
                return None;
            }
            let b = symbols.lookup(n, Some(def_offset))?;
            let display = b.value.as_ref()?;
            let key = match sub(index)? {
                Folded::Py(c) => c,
                _ => return None,
            };
            let at = b.stmt_span.start;
            let item = match &display.kind {
                ExprKind::Dict { keys, values } => {
                    let mut found = None;
                    for (k, v) in keys.iter().zip(values) {
                        let k = k.as_ref()?;
                        match fold(k, symbols, at, depth + 1)? {
                            Folded::Py(c) if c == key => found = Some(v),
                            Folded::Py(_) => {}
                            _ => return None,
                        }
                    }
                    found?
                }
                ExprKind::Tuple(items) | ExprKind::List(items) => {
                    let ConstValue::Int(i) = key else { return None };
                    let n = items.len() as i128;
                    let i = if i < 0 { i + n } else { i };
                    items.get(usize::try_from(i).ok()?)?
                }
                _ => return None,
            };
            fold(item, symbols, at, depth + 1)
        }
        ExprKind::Constant(numrs_syntax::ast::Constant::Bytes(b)) if b.iter().all(|c| (0x20..0x7f).contains(c) && *c != b'\'' && *c != b'\\') => Some(Folded::Bytes(b.clone())),
        ExprKind::Tuple(items) => items.iter().map(sub).collect::<Option<Vec<_>>>().map(Folded::Tuple),
        ExprKind::UnaryOp { op, operand } => {
            let Folded::Py(v) = sub(operand)? else { return None };
            let v = number(&v)?;
            Some(Folded::Py(match op {
                UnaryOp::USub => to_const(neg(v)?),
                UnaryOp::UAdd => to_const(v),
                _ => return None,
            }))
        }
        ExprKind::BinOp { left, op, right } => {
            let (Folded::Py(l), Folded::Py(r)) = (sub(left)?, sub(right)?) else { return None };
            Some(Folded::Py(to_const(arith(*op, number(&l)?, number(&r)?)?)))
        }
        ExprKind::Attribute { .. } | ExprKind::Name(_) => {
            // A module-level name bound to a NumPy scalar (`GF = np.float64(0.25)`), as the
            // binding stands where the `def` is.
            if let ExprKind::Name(n) = &expr.kind {
                if let Some(b) = symbols.lookup(n, Some(def_offset)) {
                    if let Some(v) = b.value.as_ref() {
                        if let Some(f @ Folded::Np(..)) = fold(v, symbols, b.stmt_span.start, depth + 1) {
                            return Some(f);
                        }
                    }
                }
            }
            let dotted = symbols.resolve_dotted_at(expr, Some(def_offset))?;
            let f = match dotted.as_str() {
                "math.pi" | "numpy.pi" | "cmath.pi" => std::f64::consts::PI,
                "math.e" | "numpy.e" | "cmath.e" => std::f64::consts::E,
                "math.tau" | "cmath.tau" => std::f64::consts::TAU,
                "math.inf" | "numpy.inf" | "cmath.inf" => f64::INFINITY,
                "math.nan" | "numpy.nan" | "cmath.nan" => f64::NAN,
                "numpy.euler_gamma" => 0.5772156649015329,
                _ => return None,
            };
            Some(Folded::Py(ConstValue::Float(numrs_syntax::ast::FloatBits::new(f))))
        }
        ExprKind::Call { func, args, keywords } if keywords.is_empty() => {
            let callee = match &func.kind {
                // A builtin not rebound in the module.
                ExprKind::Name(n) if symbols.lookup(n, Some(def_offset)).is_none() => n.clone(),
                _ => symbols.resolve_dotted_at(func, Some(def_offset))?,
            };
            // `float('inf')`, `float('nan')`, `float('1e-3')`: Python's float of a string.
            if let [arg] = args.as_slice() {
                if let (Some(Folded::Py(ConstValue::Str(s))), "float") = (sub(arg), callee.as_str()) {
                    let f: f64 = s.trim().replace('_', "").parse().ok()?;
                    return Some(Folded::Py(ConstValue::Float(numrs_syntax::ast::FloatBits::new(f))));
                }
            }
            if args.is_empty() {
                return Some(Folded::Py(match callee.as_str() {
                    "int" => ConstValue::Int(0),
                    "float" => to_const(Num::F(0.0)),
                    "bool" => ConstValue::Bool(false),
                    "complex" => to_const(Num::C(0.0, 0.0)),
                    _ => return None,
                }));
            }
            let values: Vec<Num> = args
                .iter()
                .map(|a| match sub(a)? {
                    Folded::Py(c) => number(&c),
                    Folded::Np(_, c) => number(&c),
                    Folded::Tuple(_) | Folded::Bytes(_) => None,
                })
                .collect::<Option<_>>()?;
            let one = || if values.len() == 1 { Some(values[0]) } else { None };
            match callee.as_str() {
                "float" => Some(Folded::Py(to_const(Num::F(one()?.as_f64()?)))),
                "int" => Some(Folded::Py(to_const(Num::I(one()?.trunc_int()?)))),
                "bool" => Some(Folded::Py(ConstValue::Bool(one()?.truthy()))),
                // Python's `abs`, and `max`/`min` of numbers (the first of the largest or
                // smallest, as it is: `max(1, 1.0)` is `1`).
                "abs" => Some(Folded::Py(to_const(match one()? {
                    Num::I(i) => Num::I(i.checked_abs()?),
                    Num::F(f) => Num::F(f.abs()),
                    Num::C(re, im) => Num::F(re.hypot(im)),
                }))),
                "max" | "min" if values.len() >= 2 => {
                    let key = |n: &Num| n.as_f64().filter(|x| !x.is_nan());
                    let mut best = values[0];
                    for v in &values[1..] {
                        let (b, x) = (key(&best)?, key(v)?);
                        if (callee == "max" && x > b) || (callee == "min" && x < b) {
                            best = *v;
                        }
                    }
                    Some(Folded::Py(to_const(best)))
                }
                "complex" => {
                    let (re, im) = match values.as_slice() {
                        [a] => a.as_complex(),
                        [a, b] => {
                            let (ar, ai) = a.as_complex();
                            let (br, bi) = b.as_complex();
                            (ar - bi, ai + br)
                        }
                        _ => return None,
                    };
                    Some(Folded::Py(to_const(Num::C(re, im))))
                }
                other => {
                    let name = other.strip_prefix("numpy.")?;
                    let kind = NumericKind::from_numpy_name(name)?;
                    let v = one()?;
                    Some(Folded::Np(kind, np_convert(kind, v)?))
                }
            }
        }
        _ => None,
    }
}

/// A float64/float32 NumPy scalar `expr` evaluates to: `np.finfo(t).<limit>`, arithmetic of
/// one with Python numbers (NEP 50: the NumPy scalar's kind is kept), or a module-level name
/// bound to one.
fn numpy_float(expr: &Expr, symbols: &ModuleSymbols, at: u32, depth: u32) -> Option<Folded> {
    if depth > MAX_DEPTH {
        return None;
    }
    match &expr.kind {
        ExprKind::Attribute { value, attr } => {
            let ExprKind::Call { func, args, keywords } = &value.kind else { return None };
            if !keywords.is_empty() || args.len() != 1 || symbols.resolve_dotted_at(func, Some(at)).as_deref() != Some("numpy.finfo") {
                return None;
            }
            let kind = match &args[0].kind {
                ExprKind::Name(n) if n == "float" && symbols.lookup(n, Some(at)).is_none() => NumericKind::Float64,
                _ => match symbols.resolve_dotted_at(&args[0], Some(at))?.as_str() {
                    "numpy.float64" | "numpy.double" => NumericKind::Float64,
                    "numpy.float32" | "numpy.single" => NumericKind::Float32,
                    _ => return None,
                },
            };
            let x = match (kind, attr.as_str()) {
                (NumericKind::Float64, "eps") => f64::EPSILON,
                (NumericKind::Float64, "epsneg") => f64::EPSILON / 2.0,
                (NumericKind::Float64, "max") => f64::MAX,
                (NumericKind::Float64, "min") => f64::MIN,
                (NumericKind::Float64, "tiny" | "smallest_normal") => f64::MIN_POSITIVE,
                (NumericKind::Float32, "eps") => f64::from(f32::EPSILON),
                (NumericKind::Float32, "epsneg") => f64::from(f32::EPSILON / 2.0),
                (NumericKind::Float32, "max") => f64::from(f32::MAX),
                (NumericKind::Float32, "min") => f64::from(f32::MIN),
                (NumericKind::Float32, "tiny" | "smallest_normal") => f64::from(f32::MIN_POSITIVE),
                _ => return None,
            };
            Some(Folded::Np(kind, ConstValue::Float(numrs_syntax::ast::FloatBits::new(x))))
        }
        ExprKind::BinOp { left, op, right } if matches!(op, BinOp::Add | BinOp::Sub | BinOp::Mult | BinOp::Div) => {
            let side = |e: &Expr| -> Option<(Option<NumericKind>, f64)> {
                if let Some(Folded::Np(k, ConstValue::Float(f))) = numpy_float(e, symbols, at, depth + 1) {
                    return Some((Some(k), f.get()));
                }
                match ConstValue::of_default(e, symbols, at)? {
                    ConstValue::Int(i) if i.unsigned_abs() < 1 << 53 => Some((None, i as f64)),
                    ConstValue::Float(f) => Some((None, f.get())),
                    _ => None,
                }
            };
            let ((lk, a), (rk, b)) = (side(left)?, side(right)?);
            let kind = match (lk, rk) {
                (Some(k), None) | (None, Some(k)) => k,
                (Some(k), Some(j)) if k == j => k,
                _ => return None,
            };
            let x = match op {
                BinOp::Add => a + b,
                BinOp::Sub => a - b,
                BinOp::Mult => a * b,
                _ if b == 0.0 => return None,
                _ => a / b,
            };
            // float32 arithmetic rounds its result to float32 (the exact result of one `+`,
            // `-` or `*` of two float32 values fits in a float64, so rounding that is exact).
            let x = if kind == NumericKind::Float32 {
                if *op == BinOp::Div {
                    return None;
                }
                f64::from(x as f32)
            } else {
                x
            };
            Some(Folded::Np(kind, ConstValue::Float(numrs_syntax::ast::FloatBits::new(x))))
        }
        ExprKind::Name(n) => {
            let b = symbols.lookup(n, Some(at))?;
            numpy_float(b.value.as_ref()?, symbols, b.stmt_span.start, depth + 1)
        }
        _ => None,
    }
}

/// A number being folded.
#[derive(Clone, Copy, Debug)]
enum Num {
    I(i128),
    F(f64),
    C(f64, f64),
}

impl Num {
    fn as_f64(self) -> Option<f64> {
        match self {
            Num::I(i) => Some(i as f64),
            Num::F(f) => Some(f),
            Num::C(..) => None,
        }
    }

    fn as_complex(self) -> (f64, f64) {
        match self {
            Num::I(i) => (i as f64, 0.0),
            Num::F(f) => (f, 0.0),
            Num::C(re, im) => (re, im),
        }
    }

    fn trunc_int(self) -> Option<i128> {
        match self {
            Num::I(i) => Some(i),
            Num::F(f) if f.is_finite() && f.abs() < 1e30 => Some(f.trunc() as i128),
            _ => None,
        }
    }

    fn truthy(self) -> bool {
        match self {
            Num::I(i) => i != 0,
            Num::F(f) => f != 0.0,
            Num::C(re, im) => re != 0.0 || im != 0.0,
        }
    }
}

fn number(c: &ConstValue) -> Option<Num> {
    Some(match c {
        ConstValue::Bool(b) => Num::I(i128::from(*b)),
        ConstValue::Int(i) => Num::I(*i),
        ConstValue::Float(f) => Num::F(f.get()),
        ConstValue::Complex { real, imag } => Num::C(real.get(), imag.get()),
        _ => return None,
    })
}

fn to_const(n: Num) -> ConstValue {
    use numrs_syntax::ast::FloatBits;
    match n {
        Num::I(i) => ConstValue::Int(i),
        Num::F(f) => ConstValue::Float(FloatBits::new(f)),
        Num::C(re, im) => ConstValue::Complex { real: FloatBits::new(re), imag: FloatBits::new(im) },
    }
}

fn neg(n: Num) -> Option<Num> {
    Some(match n {
        Num::I(i) => Num::I(i.checked_neg()?),
        Num::F(f) => Num::F(-f),
        Num::C(re, im) => Num::C(-re, -im),
    })
}

/// Python's arithmetic on two numbers (ints stay ints where Python's do; a zero divisor, a
/// huge power or anything unusual is not folded).
fn arith(op: BinOp, l: Num, r: Num) -> Option<Num> {
    use Num::*;
    const LIMIT: u128 = 1 << 100;
    // Exactly representable as a float (true division rounds once, as Python's does).
    const EXACT: u128 = 1 << 53;
    let bounded = |i: i128| (i.unsigned_abs() < LIMIT).then_some(I(i));
    match (l, r) {
        (I(a), I(b)) => match op {
            BinOp::Add => bounded(a.checked_add(b)?),
            BinOp::Sub => bounded(a.checked_sub(b)?),
            BinOp::Mult => bounded(a.checked_mul(b)?),
            BinOp::Div if b != 0 && a.unsigned_abs() <= EXACT && b.unsigned_abs() <= EXACT => Some(F(a as f64 / b as f64)),
            // Python's floor division and modulo: the remainder takes the divisor's sign.
            BinOp::FloorDiv if b != 0 => {
                let (q, r) = (a.checked_div(b)?, a.checked_rem(b)?);
                bounded(if r != 0 && (r < 0) != (b < 0) { q - 1 } else { q })
            }
            BinOp::Mod if b != 0 => {
                let r = a.checked_rem(b)?;
                bounded(if r != 0 && (r < 0) != (b < 0) { r + b } else { r })
            }
            BinOp::Pow if b >= 0 => bounded(a.checked_pow(u32::try_from(b).ok()?)?),
            BinOp::Pow if a != 0 && a.unsigned_abs() <= EXACT => finite(F((a as f64).powf(b as f64))),
            _ => None,
        },
        (C(..), _) | (_, C(..)) => {
            let ((a, b), (c, d)) = (l.as_complex(), r.as_complex());
            match op {
                BinOp::Add => Some(C(a + c, b + d)),
                BinOp::Sub => Some(C(a - c, b - d)),
                BinOp::Mult => Some(C(a * c - b * d, a * d + b * c)),
                _ => None,
            }
        }
        _ => {
            let (a, b) = (l.as_f64()?, r.as_f64()?);
            match op {
                BinOp::Add => Some(F(a + b)),
                BinOp::Sub => Some(F(a - b)),
                BinOp::Mult => Some(F(a * b)),
                BinOp::Div if b != 0.0 => Some(F(a / b)),
                BinOp::FloorDiv if b != 0.0 => Some(F(float_divmod(a, b).0)),
                BinOp::Mod if b != 0.0 => Some(F(float_divmod(a, b).1)),
                // Python raises OverflowError where the power overflows.
                BinOp::Pow if a > 0.0 || (a == 0.0 && b >= 0.0) => {
                    let p = a.powf(b);
                    (p.is_finite() || !a.is_finite() || !b.is_finite()).then_some(F(p))
                }
                _ => None,
            }
        }
    }
}

/// A finite float result (Python raises OverflowError otherwise).
fn finite(n: Num) -> Option<Num> {
    match n {
        Num::F(f) if !f.is_finite() => None,
        other => Some(other),
    }
}

/// CPython's `float_divmod`: the floored quotient and the remainder with the divisor's sign.
fn float_divmod(vx: f64, wx: f64) -> (f64, f64) {
    let mut m = vx % wx;
    let mut div = (vx - m) / wx;
    if m != 0.0 {
        if (wx < 0.0) != (m < 0.0) {
            m += wx;
            div -= 1.0;
        }
    } else {
        m = 0.0f64.copysign(wx);
    }
    let floordiv = if div != 0.0 {
        let f = div.floor();
        if div - f > 0.5 {
            f + 1.0
        } else {
            f
        }
    } else {
        0.0f64.copysign(vx / wx)
    };
    (floordiv, m)
}

/// `numpy.<kind>(value)`: the value as that kind holds it (a float32 rounded, an integer
/// truncated and in range); `None` where NumPy would raise or numrs does not model it.
fn np_convert(kind: NumericKind, v: Num) -> Option<ConstValue> {
    use numrs_syntax::ast::FloatBits;
    if kind == NumericKind::Boolean {
        return Some(ConstValue::Bool(v.truthy()));
    }
    if kind.is_complex() {
        let (re, im) = v.as_complex();
        let (re, im) = if kind == NumericKind::Complex64 { (re as f32 as f64, im as f32 as f64) } else { (re, im) };
        return Some(ConstValue::Complex { real: FloatBits::new(re), imag: FloatBits::new(im) });
    }
    if kind.is_float() {
        let f = v.as_f64()?;
        return Some(ConstValue::Float(FloatBits::new(if kind == NumericKind::Float32 { f as f32 as f64 } else { f })));
    }
    let i = v.trunc_int()?;
    let bits = kind.bitwidth();
    let (lo, hi) = if kind.is_signed_int() { (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1) } else { (0, (1i128 << bits) - 1) };
    (lo..=hi).contains(&i).then_some(ConstValue::Int(i))
}

/// The source text of a default expression as Python's `ast.unparse` writes the forms
/// defaults are usually written in (names, attributes, literals, calls, lists, tuples and
/// arithmetic); `None` for other forms. numrs keys a default it cannot print as Numba does
/// (an array, `omitted(default=array([1., 1.]))`) by this text.
pub fn default_text(expr: &Expr) -> Option<String> {
    text(expr, 0)
}

fn text(expr: &Expr, depth: u32) -> Option<String> {
    if depth > MAX_DEPTH {
        return None;
    }
    let all = |items: &[Expr]| items.iter().map(|e| text(e, depth + 1)).collect::<Option<Vec<_>>>();
    Some(match &expr.kind {
        ExprKind::Name(n) => n.clone(),
        ExprKind::Attribute { value, attr } => format!("{}.{attr}", text(value, depth + 1)?),
        ExprKind::Constant(c) => ConstValue::of_constant(c)?.python_repr(),
        ExprKind::Call { func, args, keywords } => {
            let mut parts = all(args)?;
            for k in keywords {
                let v = text(&k.value, depth + 1)?;
                parts.push(match &k.arg {
                    Some(a) => format!("{a}={v}"),
                    None => format!("**{v}"),
                });
            }
            format!("{}({})", text(func, depth + 1)?, parts.join(", "))
        }
        ExprKind::List(items) => format!("[{}]", all(items)?.join(", ")),
        ExprKind::Tuple(items) if items.len() == 1 => format!("({},)", text(&items[0], depth + 1)?),
        ExprKind::Tuple(items) => format!("({})", all(items)?.join(", ")),
        ExprKind::UnaryOp { op: UnaryOp::USub, operand } => format!("-{}", text(operand, depth + 1)?),
        ExprKind::BinOp { left, op, right } => {
            let op = match op {
                BinOp::Add => "+",
                BinOp::Sub => "-",
                BinOp::Mult => "*",
                BinOp::Div => "/",
                BinOp::FloorDiv => "//",
                BinOp::Pow => "**",
                _ => return None,
            };
            // Operands that are themselves operations are parenthesized (not always needed,
            // always correct).
            let side = |e: &Expr| {
                let t = text(e, depth + 1)?;
                Some(if matches!(e.kind, ExprKind::BinOp { .. } | ExprKind::UnaryOp { .. }) { format!("({t})") } else { t })
            };
            format!("{} {op} {}", side(left)?, side(right)?)
        }
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn repr_of(src: &str) -> Option<String> {
        let text = format!("import numpy as np\nimport math\ndef f(x={src}):\n    pass\n");
        let module = numrs_syntax::parse_module(&text).module;
        let symbols = crate::symbols::module_symbols(&module);
        let numrs_syntax::ast::StmtKind::FunctionDef(def) = &module.body[2].kind else { return None };
        let d = def.params.positional().next()?.default.clone()?;
        default_repr(&d, &symbols, module.body[2].span.start)
    }

    #[test]
    fn defaults_fold_as_python_computes_them() {
        let cases = [
            ("float(2)", "2.0"),
            ("2 ** 3", "8"),
            ("-(3)", "-3"),
            ("1 + 2j", "(1+2j)"),
            ("np.e", "2.718281828459045"),
            ("np.float32(1.5)", "np.float32(1.5)"),
            ("np.float32(0.1)", "np.float32(0.1)"),
            ("np.float32(1e-6)", "np.float32(1e-06)"),
            ("np.float32(1e6)", "np.float32(1e+06)"),
            ("np.float32(1234567.0)", "np.float32(1.234567e+06)"),
            ("np.float32(999999.0)", "np.float32(999999.0)"),
            ("np.float32(1e-4)", "np.float32(1e-04)"),
            ("np.float32(0.00011)", "np.float32(0.00011)"),
            ("np.complex64(0.1+1e6j)", "np.complex64(0.1+1e+06j)"),
            ("np.complex64(1.5j)", "np.complex64(1.5j)"),
            ("float('inf')", "inf"),
            ("float('-1e-3')", "-0.001"),
            ("int()", "0"),
            ("1 // 0.1", "9.0"),
            ("1 % 0.1", "0.09999999999999995"),
            ("1.0 % -1.0", "-0.0"),
            ("-1 // float('inf')", "-1.0"),
            ("2 ** 63", "9223372036854775808"),
            ("np.int64(7)", "np.int64(7)"),
            ("np.int8(2.9)", "np.int8(2)"),
            ("np.bool_(1)", "np.True_"),
            ("np.complex128(1+2j)", "np.complex128(1+2j)"),
            ("complex(1, 2)", "(1+2j)"),
            ("int(2.7)", "2"),
            ("7 // -2", "-4"),
            ("7 % -2", "-1"),
            ("1 / 4", "0.25"),
            ("(1, float(2))", "(1, 2.0)"),
            ("math.pi * 2", "6.283185307179586"),
            ("max(1.0, 2.0)", "2.0"),
            ("min(3, 1.5, 2)", "1.5"),
            ("max(1, 1.0)", "1"),
            ("abs(-2)", "2"),
            ("np.finfo(float).eps", "np.float64(2.220446049250313e-16)"),
            ("4 * np.finfo(np.float64).eps", "np.float64(8.881784197001252e-16)"),
            ("np.finfo(np.float32).eps * 2", "np.float32(2.3841858e-07)"),
        ];
        for (src, want) in cases {
            assert_eq!(repr_of(src).as_deref(), Some(want), "{src}");
        }
        // A name bound to a NumPy scalar.
        let text = "import numpy as np\n_rtol = 4 * np.finfo(float).eps\ndef f(x=_rtol):\n    pass\n";
        let module = numrs_syntax::parse_module(text).module;
        let symbols = crate::symbols::module_symbols(&module);
        let numrs_syntax::ast::StmtKind::FunctionDef(def) = &module.body[2].kind else { panic!() };
        let d = def.params.positional().next().and_then(|p| p.default.clone()).expect("a default");
        assert_eq!(default_repr(&d, &symbols, module.body[2].span.start).as_deref(), Some("np.float64(8.881784197001252e-16)"));
        for src in ["np.uint8(-1)", "1 / 0", "foo(1)", "[1, 2]", "(-2) ** 127 // -1", "-(2 ** 99) * 2 ** 30 % 3", "10.0 ** 400"] {
            assert_eq!(repr_of(src), None, "{src}");
        }
    }

    #[test]
    fn default_text_is_the_source() {
        for (src, want) in [
            ("ONES", "ONES"),
            ("np.zeros(2)", "np.zeros(2)"),
            ("np.zeros((2, 3), dtype=np.float32)", "np.zeros((2, 3), dtype=np.float32)"),
            ("np.array([[1, 2], [3, 4]])", "np.array([[1, 2], [3, 4]])"),
            ("np.full(3, -1.5)", "np.full(3, -1.5)"),
            ("np.ones(2 * 3 + 1)", "np.ones((2 * 3) + 1)"),
            ("np.array((1,))", "np.array((1,))"),
            ("np.linspace(0, 1, 5) ** 2", "np.linspace(0, 1, 5) ** 2"),
        ] {
            let text = format!("import numpy as np\ndef f(x={src}):\n    pass\n");
            let module = numrs_syntax::parse_module(&text).module;
            let numrs_syntax::ast::StmtKind::FunctionDef(def) = &module.body[1].kind else { panic!() };
            let d = def.params.positional().next().and_then(|p| p.default.clone()).expect("a default");
            assert_eq!(default_text(&d).as_deref(), Some(want), "{src}");
        }
    }
}

