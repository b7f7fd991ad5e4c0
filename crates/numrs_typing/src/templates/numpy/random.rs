//! `np.random.*` (Numba's `np/random/legacy.py` overloads): fixed-arity forms whose optional
//! trailing `size` turns the scalar result into a C array of `size`'s dimensionality.

use numrs_types::{Layout, NumericKind, Type};

use super::common::{bind, is_nonelike, sig};
use crate::registry::{AbstractFn, CallError, CallResult};

pub(super) const TEMPLATES: &[(&str, AbstractFn)] = &[
    ("numpy.random.seed", seed),
    ("numpy.random.random", random),
    ("numpy.random.random_sample", random),
    ("numpy.random.sample", random),
    ("numpy.random.ranf", random),
    ("numpy.random.standard_normal", standard_normal),
    ("numpy.random.standard_exponential", standard_normal),
    ("numpy.random.rand", rand),
    ("numpy.random.randn", rand),
    ("numpy.random.randint", randint),
    ("numpy.random.normal", normal),
    ("numpy.random.uniform", uniform),
    ("numpy.random.lognormal", normal),
    ("numpy.random.laplace", normal),
    ("numpy.random.logistic", normal),
    ("numpy.random.gumbel", gumbel),
    ("numpy.random.exponential", optional_param),
    ("numpy.random.standard_gamma", one_param),
    ("numpy.random.weibull", one_param),
    ("numpy.random.power", one_param),
    ("numpy.random.pareto", float_one_param),
    ("numpy.random.rayleigh", optional_param),
    ("numpy.random.chisquare", one_param),
    ("numpy.random.standard_t", one_param),
    ("numpy.random.standard_cauchy", standard_normal),
    ("numpy.random.gamma", gamma),
    ("numpy.random.beta", two_params),
    ("numpy.random.f", two_params),
    ("numpy.random.wald", float_two_params),
    ("numpy.random.vonmises", float_two_params),
    ("numpy.random.noncentral_chisquare", two_params),
    ("numpy.random.triangular", triangular),
    ("numpy.random.poisson", poisson),
    ("numpy.random.geometric", int_one_param),
    ("numpy.random.logseries", int_one_param),
    ("numpy.random.zipf", float_int_one_param),
    ("numpy.random.hypergeometric", hypergeometric),
    ("numpy.random.multinomial", multinomial),
    ("numpy.random.dirichlet", dirichlet),
    ("numpy.random.binomial", binomial),
    ("numpy.random.negative_binomial", negative_binomial),
    ("numpy.random.choice", choice),
    ("numpy.random.shuffle", shuffle),
    ("numpy.random.permutation", permutation),
];

fn real(t: &Type) -> bool {
    matches!(t.as_number(), Some(k) if k.is_integer() || k.is_float())
}

/// The result for a `size` argument: `None`/absent → scalar, int → 1-d, int tuple → n-d.
fn sized(scalar: Type, size: Option<&Type>) -> Option<Type> {
    if is_nonelike(size) {
        return Some(scalar);
    }
    let size = size?;
    if size.is_integer() {
        return Some(Type::array(scalar, 1, Layout::C));
    }
    match size {
        Type::Tuple(items) if items.is_empty() => Some(Type::array(scalar, 0, Layout::C)),
        Type::UniTuple(d, n) if d.is_integer() => Some(Type::array(scalar, *n, Layout::C)),
        _ => None,
    }
}

fn finish(ret: Option<Type>, args: &[Type]) -> CallResult {
    match ret {
        Some(t) => sig(t, args),
        None => Ok(None),
    }
}

fn seed(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    match bind(args, kws, &["seed"], 1) {
        Some(b) if b[0].as_ref().is_some_and(Type::is_integer) => sig(Type::NoneType, args),
        _ => Ok(None),
    }
}

fn random(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["size"], 0) else { return Ok(None) };
    finish(sized(Type::float64(), b[0].as_ref()), args)
}

fn standard_normal(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["size"], 0) else { return Ok(None) };
    if b[0].is_none() {
        return sig(Type::float64(), args);
    }
    finish(sized(Type::float64(), b[0].as_ref()), args)
}

fn rand(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    if !kws.is_empty() || !args.iter().all(Type::is_integer) {
        return Ok(None);
    }
    if args.is_empty() {
        return sig(Type::float64(), args);
    }
    sig(Type::array(Type::float64(), args.len() as u32, Layout::C), args)
}

fn randint(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["low", "high", "size"], 1) else { return Ok(None) };
    let (Some(low), high) = (&b[0], &b[1]) else { return Ok(None) };
    let lk = match low.as_number() {
        Some(k) if k.is_integer() => k,
        _ => return Ok(None),
    };
    let Some(high) = high else {
        if b[2].is_some() {
            return Ok(None);
        }
        // randint(low) is randint(0, low).
        return sig(randint_type(NumericKind::Int64, lk), args);
    };
    let hk = match high.as_number() {
        Some(k) if k.is_integer() => k,
        _ => return Ok(None),
    };
    match &b[2] {
        None => sig(randint_type(lk, hk), args),
        Some(size) if is_nonelike(Some(size)) => sig(randint_type(lk, hk), args),
        Some(size) => {
            let bits = lk.bitwidth().max(hk.bitwidth());
            let elem = NumericKind::int(bits, true).unwrap_or(NumericKind::Int64);
            if matches!(size, Type::Tuple(items) if items.is_empty()) {
                return sig(Type::array(randint_type(lk, hk), 0, Layout::C), args);
            }
            finish(sized(Type::Number(elem), Some(size)), args)
        }
    }
}

fn randint_type(a: NumericKind, b: NumericKind) -> Type {
    let signed = a.is_signed_int() || b.is_signed_int();
    let bits = a.bitwidth().max(b.bitwidth());
    Type::Number(NumericKind::int(bits, signed).unwrap_or(NumericKind::Int64))
}

/// `f()`, `f(a)`, `f(a, b)`, `f(a, b, size)` with real parameters (normal, uniform, ...).
fn normal(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    two_real_and_size(args, kws, &["loc", "scale", "size"])
}

/// `uniform(low, high, size)`: as `normal`, with NumPy's parameter names.
/// Numba overloads `uniform()`, `uniform(low, high)` and `uniform(low, high, size)`: no
/// one-parameter form.
fn uniform(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    if args.len() + kws.len() == 1 {
        return Ok(None);
    }
    two_real_and_size(args, kws, &["low", "high", "size"])
}

/// `gumbel(loc, scale)` and `gumbel(loc, scale, size)`: Numba overloads no shorter form.
fn gumbel(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    if args.len() + kws.len() < 2 {
        return Ok(None);
    }
    two_real_and_size(args, kws, &["loc", "scale", "size"])
}

/// The forms `f()`, `f(a)`, `f(a, b)` and `f(a, b, size)` of two real parameters.
fn two_real_and_size(args: &[Type], kws: &[(String, Type)], names: &[&str]) -> CallResult {
    let Some(b) = bind(args, kws, names, 0) else { return Ok(None) };
    if b[0].is_none() && (b[1].is_some() || b[2].is_some()) {
        return Ok(None);
    }
    if b[2].is_some() && b[1].is_none() {
        return Ok(None);
    }
    if !b[..2].iter().flatten().all(real) {
        return Ok(None);
    }
    match &b[2] {
        None => sig(Type::float64(), args),
        Some(size) => finish(sized(Type::float64(), Some(size)), args),
    }
}

fn param_forms(args: &[Type], kws: &[(String, Type)], nparams: usize, scalar: Type) -> CallResult {
    let names = ["p0", "p1", "p2", "size"];
    let mut params: Vec<&str> = names[..nparams].to_vec();
    params.push("size");
    if !kws.is_empty() {
        return Ok(None);
    }
    let Some(b) = bind(args, &[], &params, nparams) else { return Ok(None) };
    if !b[..nparams].iter().flatten().all(real) {
        return Ok(None);
    }
    match &b[nparams] {
        None => sig(scalar, args),
        Some(size) => finish(sized(scalar, Some(size)), args),
    }
}

/// `f(a)` and `f(a, size)`.
fn one_param(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    param_forms(args, kws, 1, Type::float64())
}

/// As [`one_param`], and `f()` (`exponential`, `rayleigh`).
fn optional_param(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    if args.is_empty() && kws.is_empty() {
        return sig(Type::float64(), args);
    }
    param_forms(args, kws, 1, Type::float64())
}

fn two_params(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    param_forms(args, kws, 2, Type::float64())
}

/// Numba's scalar forms of `pareto`, `zipf`, `vonmises` and `wald` take floats only (an
/// integer has no overload), and their sized forms call them.
fn floats_only(args: &[Type], nparams: usize) -> bool {
    args.iter().take(nparams).all(|t| t.as_number().is_some_and(|k| k.is_float()))
}

fn float_one_param(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    if !floats_only(args, 1) {
        return Ok(None);
    }
    param_forms(args, kws, 1, Type::float64())
}

fn float_int_one_param(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    if !floats_only(args, 1) {
        return Ok(None);
    }
    param_forms(args, kws, 1, Type::int64())
}

fn float_two_params(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    if !floats_only(args, 2) {
        return Ok(None);
    }
    param_forms(args, kws, 2, Type::float64())
}

/// `gamma(shape)` (scale 1), `gamma(shape, scale)`, `gamma(shape, scale, size)`.
fn gamma(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    if args.len() == 1 && kws.is_empty() {
        return param_forms(args, kws, 1, Type::float64());
    }
    param_forms(args, kws, 2, Type::float64())
}

/// `negative_binomial(n, p)`: Numba has no form with a size.
fn negative_binomial(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    if args.len() != 2 || !kws.is_empty() || !args.iter().all(real) {
        return Ok(None);
    }
    sig(Type::int64(), args)
}

/// A sequence of numbers or an array (`pvals`, `alpha`).
fn is_sequence(t: &Type) -> bool {
    matches!(t, Type::Array(_) | Type::List { .. } | Type::ListType(_)) || t.tuple_items().is_some()
}

/// The dimensions `size` adds in front of a vector result (`None`: not a valid size).
fn size_dims(size: Option<&Type>, any_tuple: bool) -> Option<u32> {
    if is_nonelike(size) {
        return Some(0);
    }
    let size = size?;
    if size.is_integer() {
        return Some(1);
    }
    match size {
        Type::Tuple(items) if items.is_empty() => Some(0),
        Type::UniTuple(d, n) if d.is_integer() => Some(*n),
        t if any_tuple => t.tuple_items().map(|items| items.len() as u32),
        _ => None,
    }
}

/// `multinomial(n, pvals, size=None)`: int64 counts, one vector per `size` cell.
fn multinomial(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["n", "pvals", "size"], 2) else { return Ok(None) };
    let (Some(n), Some(p)) = (&b[0], &b[1]) else { return Ok(None) };
    if !n.is_integer() || !is_sequence(p) {
        return Ok(None);
    }
    match size_dims(b[2].as_ref(), true) {
        Some(d) => sig(Type::array(Type::int64(), d + 1, Layout::C), args),
        None => Ok(None),
    }
}

/// `dirichlet(alpha, size=None)`: float64, one vector per `size` cell.
fn dirichlet(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["alpha", "size"], 1) else { return Ok(None) };
    if !b[0].as_ref().is_some_and(is_sequence) {
        return Ok(None);
    }
    match size_dims(b[1].as_ref(), false) {
        Some(d) => sig(Type::array(Type::float64(), d + 1, Layout::C), args),
        None => Ok(None),
    }
}

fn hypergeometric(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    param_forms(args, kws, 3, Type::int64())
}

fn triangular(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    param_forms(args, kws, 3, Type::float64())
}

fn poisson(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    if args.is_empty() && kws.is_empty() {
        return sig(Type::int64(), args);
    }
    param_forms(args, kws, 1, Type::int64())
}

fn int_one_param(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    param_forms(args, kws, 1, Type::int64())
}

fn binomial(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    param_forms(args, kws, 2, Type::int64())
}

/// `np.random.choice(a, size=None, replace=True)` (Numba's overload takes no `p`).
fn choice(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["a", "size", "replace"], 1) else { return Ok(None) };
    let dtype = match &b[0] {
        Some(Type::Array(a)) if a.ndim == 1 => a.dtype.clone(),
        // The overload's `assert a.ndim == 1`.
        Some(Type::Array(a)) => return Err(CallError::assertion(format!("np.random.choice of a {}-dimensional array (Numba asserts a 1-dimensional one)", a.ndim))),
        Some(t) if t.is_integer() => Type::int64(),
        Some(t) => return Err(CallError::typing(format!("np.random.choice() first argument should be int or array, got {t}"))),
        None => return Ok(None),
    };
    finish(sized(dtype, b[1].as_ref()), args)
}

fn shuffle(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    match bind(args, kws, &["arr"], 1) {
        // In place: a read-only array does not type (Numba's implementation writes into it).
        Some(b) if matches!(&b[0], Some(Type::Array(a)) if !a.readonly) => sig(Type::NoneType, args),
        _ => Ok(None),
    }
}

fn permutation(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["x"], 1) else { return Ok(None) };
    match &b[0] {
        Some(t) if t.is_integer() => sig(Type::array(Type::int64(), 1, Layout::C), args),
        Some(Type::Array(a)) => sig(Type::array(a.dtype.clone(), a.ndim, Layout::C), args),
        _ => Ok(None),
    }
}
