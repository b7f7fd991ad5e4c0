//! Python's `random` module in nopython code (Numba's `cpython/randomimpl.py`): its own
//! generator state, separate from `np.random`'s.

use numrs_types::{NumericKind, Type};

use super::numpy::common::sig;
use crate::registry::{AbstractFn, CallResult};

pub(super) const TEMPLATES: &[(&str, AbstractFn)] = &[
    ("random.seed", seed),
    ("random.random", random),
    ("random.gauss", two_reals),
    ("random.normalvariate", two_reals),
    ("random.getrandbits", getrandbits),
    ("random.randrange", randrange),
    ("random.randint", randint),
    ("random.uniform", two_reals),
    ("random.triangular", triangular),
    ("random.gammavariate", two_reals),
    ("random.betavariate", two_reals),
    ("random.expovariate", one_float),
    ("random.lognormvariate", two_floats),
    ("random.paretovariate", one_float),
    ("random.weibullvariate", two_reals),
    ("random.vonmisesvariate", two_floats),
    ("random.shuffle", shuffle),
];

/// Whether `random.<attr>` is a function numrs types.
pub(crate) fn has_function(attr: &str) -> bool {
    TEMPLATES.iter().any(|(k, _)| k.strip_prefix("random.") == Some(attr))
}

fn real(t: &Type) -> bool {
    matches!(t.as_number(), Some(k) if k.is_integer() || k.is_float())
}

fn float(t: &Type) -> bool {
    matches!(t.as_number(), Some(k) if k.is_float())
}

fn integer(t: &Type) -> bool {
    matches!(t.as_number(), Some(k) if k.is_integer())
}

fn positional(kws: &[(String, Type)]) -> bool {
    kws.is_empty()
}

fn seed(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    if positional(kws) && args.len() == 1 && integer(&args[0]) {
        return sig(Type::NoneType, args);
    }
    Ok(None)
}

fn random(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    if positional(kws) && args.is_empty() {
        return sig(Type::float64(), args);
    }
    Ok(None)
}

fn two_reals(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    if positional(kws) && args.len() == 2 && args.iter().all(real) {
        return sig(Type::float64(), args);
    }
    Ok(None)
}

fn two_floats(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    if positional(kws) && args.len() == 2 && args.iter().all(float) {
        return sig(Type::float64(), args);
    }
    Ok(None)
}

fn one_float(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    if positional(kws) && args.len() == 1 && float(&args[0]) {
        return sig(Type::float64(), args);
    }
    Ok(None)
}

fn triangular(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    if positional(kws) && (args.len() == 2 || args.len() == 3) && args.iter().all(real) {
        return sig(Type::float64(), args);
    }
    Ok(None)
}

fn getrandbits(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    if positional(kws) && args.len() == 1 && integer(&args[0]) {
        return sig(Type::Number(NumericKind::UInt64), args);
    }
    Ok(None)
}

/// The integer type `randrange` computes in: the widest of the arguments, signed if any is.
fn widest(args: &[Type]) -> Option<Type> {
    let kinds: Vec<NumericKind> = args.iter().map(|a| a.as_number()).collect::<Option<_>>()?;
    let bits = kinds.iter().map(|k| k.bitwidth()).max()?;
    let signed = kinds.iter().any(|k| k.is_signed_int());
    NumericKind::int(bits, signed).map(Type::Number)
}

fn randrange(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    if !positional(kws) || args.is_empty() || args.len() > 3 || !args.iter().all(integer) {
        return Ok(None);
    }
    // `randrange(stop)` and `randrange(start, stop)` add literal-int arguments (int64).
    let mut all = args.to_vec();
    while all.len() < 3 {
        all.push(Type::int64());
    }
    match widest(if args.len() == 3 { args } else { &all }) {
        Some(t) => sig(t, args),
        None => Ok(None),
    }
}

/// `randint(a, b)` is `randrange(a, b + 1, 1)`.
fn randint(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    if !positional(kws) || args.len() != 2 || !args.iter().all(integer) {
        return Ok(None);
    }
    let b1 = widest(&[args[1].clone(), Type::int64()]).unwrap_or_else(Type::int64);
    match widest(&[args[0].clone(), b1, Type::int64()]) {
        Some(t) => sig(t, args),
        None => Ok(None),
    }
}

fn shuffle(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    if positional(kws) && args.len() == 1 && matches!(args[0], Type::Array(_)) {
        return sig(Type::NoneType, args);
    }
    Ok(None)
}
