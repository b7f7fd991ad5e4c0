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
    ("numpy.random.lognormal", lognormal),
    ("numpy.random.laplace", normal),
    ("numpy.random.logistic", normal),
    ("numpy.random.gumbel", gumbel),
    ("numpy.random.exponential", exponential),
    ("numpy.random.standard_gamma", standard_gamma),
    ("numpy.random.weibull", weibull),
    ("numpy.random.power", power),
    ("numpy.random.pareto", pareto),
    ("numpy.random.rayleigh", rayleigh),
    ("numpy.random.chisquare", chisquare),
    ("numpy.random.standard_t", standard_t),
    ("numpy.random.standard_cauchy", standard_normal),
    ("numpy.random.gamma", gamma),
    ("numpy.random.beta", beta),
    ("numpy.random.f", f),
    ("numpy.random.wald", wald),
    ("numpy.random.vonmises", vonmises),
    ("numpy.random.noncentral_chisquare", noncentral_chisquare),
    ("numpy.random.triangular", triangular),
    ("numpy.random.poisson", poisson),
    ("numpy.random.geometric", geometric),
    ("numpy.random.logseries", logseries),
    ("numpy.random.zipf", zipf),
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

/// Numba's overloads of a distribution: one per prefix of `params` at least `min` long, and
/// the full one followed by `size`; arguments by position or by these names. `floats`: the
/// parameters must be floats (Numba's scalar forms of `pareto`, `zipf`, `vonmises`, `wald`
/// take no integer, and their sized forms call them).
fn forms(args: &[Type], kws: &[(String, Type)], params: &[&str], min: usize, scalar: Type, floats: bool) -> CallResult {
    let mut names = params.to_vec();
    names.push("size");
    let Some(b) = bind(args, kws, &names, min) else { return Ok(None) };
    // A prefix: no parameter left out before one given (`size` needs them all).
    if let Some(last) = b.iter().rposition(Option::is_some) {
        if b[..last].iter().any(Option::is_none) {
            return Ok(None);
        }
    }
    let n = params.len();
    let ok = |t: &Type| if floats { t.as_number().is_some_and(|k| k.is_float()) } else { real(t) };
    if !b[..n].iter().flatten().all(ok) {
        return Ok(None);
    }
    match &b[n] {
        None => sig(scalar, args),
        Some(size) => finish(sized(scalar, Some(size)), args),
    }
}

macro_rules! distribution {
    ($($(#[$doc:meta])* $f:ident: [$($p:literal),*], $min:expr, $scalar:expr, $floats:expr;)*) => {
        $(
            $(#[$doc])*
            fn $f(args: &[Type], kws: &[(String, Type)]) -> CallResult {
                forms(args, kws, &[$($p),*], $min, $scalar, $floats)
            }
        )*
    };
}

distribution! {
    exponential: ["scale"], 0, Type::float64(), false;
    rayleigh: ["scale"], 0, Type::float64(), false;
    standard_gamma: ["shape"], 1, Type::float64(), false;
    gamma: ["shape", "scale"], 1, Type::float64(), false;
    weibull: ["a"], 1, Type::float64(), false;
    power: ["a"], 1, Type::float64(), false;
    pareto: ["a"], 1, Type::float64(), true;
    chisquare: ["df"], 1, Type::float64(), false;
    standard_t: ["df"], 1, Type::float64(), false;
    lognormal: ["mean", "sigma"], 0, Type::float64(), false;
    beta: ["a", "b"], 2, Type::float64(), false;
    f: ["dfnum", "dfden"], 2, Type::float64(), false;
    noncentral_chisquare: ["df", "nonc"], 2, Type::float64(), false;
    wald: ["mean", "scale"], 2, Type::float64(), true;
    vonmises: ["mu", "kappa"], 2, Type::float64(), true;
    triangular: ["left", "mode", "right"], 3, Type::float64(), false;
    poisson: ["lam"], 0, Type::int64(), false;
    geometric: ["p"], 1, Type::int64(), false;
    logseries: ["p"], 1, Type::int64(), false;
    zipf: ["a"], 1, Type::int64(), true;
    hypergeometric: ["ngood", "nbad", "nsample"], 3, Type::int64(), false;
    binomial: ["n", "p"], 2, Type::int64(), false;
}

/// `negative_binomial(n, p)`: Numba has no form with a size.
fn negative_binomial(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["n", "p"], 2) else { return Ok(None) };
    if !b.iter().flatten().all(real) {
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
