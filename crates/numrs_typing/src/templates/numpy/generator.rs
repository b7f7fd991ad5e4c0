//! Methods of a `numpy.random.Generator` passed to compiled code (Numba's
//! `NumPyRandomGeneratorType` overloads in `np/random/generator_methods.py`): each
//! distribution's parameters are numbers (`check_types` raises TypingError otherwise) and its
//! `size` makes the scalar result a C array of that many dimensions (an integer, `()` or a
//! tuple of integers; anything else is TypingError).
//!
//! The table below is data: a method's parameters (with whether they have a default), whether
//! it takes a float `dtype=`, and the type of its items.

use numrs_types::{Layout, NumericKind, Type};

use super::common::{bind, is_nonelike, parse_dtype, sig};
use crate::registry::{AbstractFn, CallError, CallResult};

/// What a distribution draws.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Items {
    /// float64, or float32/float64 by `dtype=`.
    Float { dtype: bool },
    Int64,
}

/// `(method, parameters (name, default), items)`; `size` follows the parameters (then `dtype`
/// where the items take one).
const DISTRIBUTIONS: &[(&str, &[(&str, Option<f64>)], Items)] = &[
    ("random", &[], Items::Float { dtype: true }),
    ("standard_normal", &[], Items::Float { dtype: true }),
    ("standard_exponential", &[], Items::Float { dtype: true }),
    ("standard_gamma", &[("shape", None)], Items::Float { dtype: true }),
    ("normal", &[("loc", Some(0.0)), ("scale", Some(1.0))], Items::Float { dtype: false }),
    ("uniform", &[("low", Some(0.0)), ("high", Some(1.0))], Items::Float { dtype: false }),
    ("exponential", &[("scale", Some(1.0))], Items::Float { dtype: false }),
    ("gamma", &[("shape", None), ("scale", Some(1.0))], Items::Float { dtype: false }),
    ("beta", &[("a", None), ("b", None)], Items::Float { dtype: false }),
    ("f", &[("dfnum", None), ("dfden", None)], Items::Float { dtype: false }),
    ("chisquare", &[("df", None)], Items::Float { dtype: false }),
    ("standard_cauchy", &[], Items::Float { dtype: false }),
    ("pareto", &[("a", None)], Items::Float { dtype: false }),
    ("weibull", &[("a", None)], Items::Float { dtype: false }),
    ("power", &[("a", None)], Items::Float { dtype: false }),
    ("laplace", &[("loc", Some(0.0)), ("scale", Some(1.0))], Items::Float { dtype: false }),
    ("logistic", &[("loc", Some(0.0)), ("scale", Some(1.0))], Items::Float { dtype: false }),
    ("lognormal", &[("mean", Some(0.0)), ("sigma", Some(1.0))], Items::Float { dtype: false }),
    ("rayleigh", &[("scale", Some(1.0))], Items::Float { dtype: false }),
    ("standard_t", &[("df", None)], Items::Float { dtype: false }),
    ("wald", &[("mean", None), ("scale", None)], Items::Float { dtype: false }),
    ("triangular", &[("left", None), ("mode", None), ("right", None)], Items::Float { dtype: false }),
    ("noncentral_chisquare", &[("df", None), ("nonc", None)], Items::Float { dtype: false }),
    ("noncentral_f", &[("dfnum", None), ("dfden", None), ("nonc", None)], Items::Float { dtype: false }),
    ("geometric", &[("p", None)], Items::Int64),
    ("zipf", &[("a", None)], Items::Int64),
    ("poisson", &[("lam", None)], Items::Int64),
    ("negative_binomial", &[("n", None), ("p", None)], Items::Int64),
    ("binomial", &[("n", None), ("p", None)], Items::Int64),
    ("logseries", &[("p", None)], Items::Int64),
];

/// The parameters of distribution `method` (name, default: `None` for a required one), and
/// whether a `dtype` follows `size`; `None` for other methods (`integers`, `shuffle`, ...).
pub fn generator_params(method: &str) -> Option<(&'static [(&'static str, Option<f64>)], bool)> {
    DISTRIBUTIONS.iter().find(|(m, ..)| *m == method).map(|(_, p, items)| (*p, matches!(items, Items::Float { dtype: true })))
}

/// The methods of a Generator numrs types.
pub(crate) fn has_method(attr: &str) -> bool {
    DISTRIBUTIONS.iter().any(|(m, ..)| *m == attr) || matches!(attr, "integers" | "shuffle" | "permutation")
}

macro_rules! distribution_templates {
    ($($name:ident),* $(,)?) => {
        $(
            fn $name(args: &[Type], kws: &[(String, Type)]) -> CallResult {
                distribution(stringify!($name), args, kws)
            }
        )*
        pub(super) const TEMPLATES: &[(&str, AbstractFn)] = &[
            $((concat!("Generator.", stringify!($name)), $name),)*
            ("Generator.integers", integers),
            ("Generator.shuffle", shuffle),
            ("Generator.permutation", permutation),
        ];
    };
}

distribution_templates!(
    random, standard_normal, standard_exponential, standard_gamma, normal, uniform, exponential, gamma, beta, f,
    chisquare, standard_cauchy, pareto, weibull, power, laplace, logistic, lognormal, rayleigh, standard_t, wald,
    triangular, noncentral_chisquare, noncentral_f, geometric, zipf, poisson, negative_binomial, binomial, logseries,
);

/// Numba's `check_types(x, [types.Float, types.Integer, int, float], name)`.
fn number(t: &Type, name: &str) -> Result<(), CallError> {
    match t.as_number() {
        Some(k) if k.is_integer() || k.is_float() => Ok(()),
        _ if matches!(t, Type::Omitted(_)) => Ok(()),
        _ => Err(CallError::typing(format!(
            "Argument {name} is not one of the expected type(s): [<class 'numba.core.types.scalars.Float'>, <class 'numba.core.types.scalars.Integer'>, <class 'int'>, <class 'float'>]"
        ))),
    }
}

/// The result of `size`: the items themselves, or a C array of as many dimensions as `size`
/// gives (Numba's `check_size`).
fn sized(items: Type, size: Option<&Type>) -> Result<Type, CallError> {
    if is_nonelike(size) {
        return Ok(items);
    }
    let ndim = match size {
        Some(t) if t.is_integer() || matches!(t, Type::IntegerLiteral(_)) => 1,
        Some(Type::Tuple(xs)) if xs.is_empty() => 0,
        Some(Type::UniTuple(d, n)) if d.is_integer() => *n,
        Some(Type::Tuple(xs)) if xs.iter().all(|x| x.is_integer() || matches!(x, Type::IntegerLiteral(_))) => xs.len() as u32,
        _ => {
            return Err(CallError::typing(
                "Argument size is not one of the expected type(s):  an integer, an empty tuple or a tuple of integers",
            ))
        }
    };
    Ok(Type::array(items, ndim, Layout::C))
}

/// Numba's `_get_proper_func`: `dtype` must be `np.float32` or `np.float64`.
fn float_dtype(t: Option<&Type>) -> Result<Type, CallError> {
    let bad = || CallError::typing("Argument dtype is not one of the expected type(s):  np.float32 or np.float64");
    match t {
        None => Ok(Type::float64()),
        Some(Type::Omitted(_)) => Ok(Type::float64()),
        Some(t) => match parse_dtype(t).and_then(|d| d.as_number()) {
            Some(k @ (NumericKind::Float32 | NumericKind::Float64)) => Ok(Type::Number(k)),
            _ => Err(bad()),
        },
    }
}

fn distribution(name: &str, args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some((_, params, items)) = DISTRIBUTIONS.iter().find(|(m, ..)| *m == name) else { return Ok(None) };
    let [recv, rest @ ..] = args else { return Ok(None) };
    if *recv != Type::NumPyRandomGenerator {
        return Ok(None);
    }
    let mut names: Vec<&str> = params.iter().map(|(p, _)| *p).collect();
    names.push("size");
    if matches!(items, Items::Float { dtype: true }) {
        names.push("dtype");
    }
    if name == "standard_exponential" {
        names.push("method");
    }
    let required = params.iter().filter(|(_, d)| d.is_none()).count();
    let Some(b) = bind(rest, kws, &names, required) else { return Ok(None) };
    for (t, (p, _)) in b.iter().zip(params.iter()) {
        if let Some(t) = t {
            number(t, p)?;
        }
    }
    if name == "standard_exponential" {
        if let Some(m) = b.get(names.len() - 1).and_then(|t| t.as_ref()) {
            if !matches!(m.unliteral(), Type::Unicode | Type::Omitted(_)) {
                return Err(CallError::typing(
                    "Argument method is not one of the expected type(s): [<class 'numba.core.types.misc.UnicodeType'>, <class 'str'>]",
                ));
            }
        }
    }
    let item = match items {
        Items::Int64 => Type::int64(),
        Items::Float { dtype: true } => float_dtype(b.get(params.len() + 1).and_then(|t| t.as_ref()))?,
        Items::Float { dtype: false } => Type::float64(),
    };
    sig(sized(item, b.get(params.len()).and_then(|t| t.as_ref()))?, args)
}

/// `rng.integers(low, high, size=None, dtype=np.int64, endpoint=False)`: `high` is required
/// (Numba's overload has no default for it); the items are of `dtype` (an integer type or
/// bool).
fn integers(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let [recv, rest @ ..] = args else { return Ok(None) };
    if *recv != Type::NumPyRandomGenerator {
        return Ok(None);
    }
    let Some(b) = bind(rest, kws, &["low", "high", "size", "dtype", "endpoint"], 2) else { return Ok(None) };
    let int_like = |t: &Type| t.is_integer() || matches!(t, Type::IntegerLiteral(_) | Type::BooleanLiteral(_)) || t.is_boolean();
    for (t, name) in b.iter().zip(["low", "high"]) {
        if let Some(t) = t {
            if !int_like(t) {
                return Err(CallError::typing(format!(
                    "Argument {name} is not one of the expected type(s): [<class 'numba.core.types.scalars.Integer'>, <class 'numba.core.types.scalars.Boolean'>, <class 'bool'>, <class 'int'>]"
                )));
            }
        }
    }
    if let Some(e) = &b[4] {
        if !(e.is_boolean() || matches!(e, Type::BooleanLiteral(_) | Type::Omitted(_))) {
            return Err(CallError::typing(
                "Argument endpoint is not one of the expected type(s): [<class 'numba.core.types.scalars.Boolean'>, <class 'bool'>]",
            ));
        }
    }
    let item = match &b[3] {
        None | Some(Type::Omitted(_)) => Type::int64(),
        Some(t) => match parse_dtype(t).and_then(|d| d.as_number()) {
            Some(k) if (k.is_integer() && k.bitwidth() >= 8) || k == NumericKind::Boolean => Type::Number(k),
            _ => {
                return Err(CallError::typing(
                    "Argument dtype is not one of the expected type(s): np.int32, np.int64, np.int16, np.int8, np.uint32, np.uint64, np.uint16, np.uint8, np.bool_",
                ))
            }
        },
    };
    sig(sized(item, b[2].as_ref())?, args)
}

/// `rng.shuffle(x, axis=0)`: an array, in place.
fn shuffle(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let [recv, rest @ ..] = args else { return Ok(None) };
    if *recv != Type::NumPyRandomGenerator {
        return Ok(None);
    }
    let Some(b) = bind(rest, kws, &["x", "axis"], 1) else { return Ok(None) };
    if !matches!(b[0], Some(Type::Array(_))) {
        return Err(CallError::typing("Argument x is not one of the expected type(s): [<class 'numba.core.types.npytypes.Array'>]"));
    }
    sig(Type::NoneType, args)
}

/// `rng.permutation(x, axis=0)`: a shuffled copy of an array (C), or of `np.arange(x)`.
fn permutation(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let [recv, rest @ ..] = args else { return Ok(None) };
    if *recv != Type::NumPyRandomGenerator {
        return Ok(None);
    }
    let Some(b) = bind(rest, kws, &["x", "axis"], 1) else { return Ok(None) };
    match &b[0] {
        Some(Type::Array(a)) => sig(Type::array(a.dtype.clone(), a.ndim, Layout::C), args),
        Some(t) if t.is_integer() || matches!(t, Type::IntegerLiteral(_)) => sig(Type::array(Type::int64(), 1, Layout::C), args),
        _ => Err(CallError::typing(
            "Argument x is not one of the expected type(s): [<class 'numba.core.types.npytypes.Array'>, <class 'numba.core.types.scalars.Integer'>]",
        )),
    }
}
