//! `math`/`cmath` functions Numba implements with `@overload` rather than concrete tables,
//! and methods of numbers.

use numrs_types::{NumericKind, Signature, Type};

use crate::registry::{AbstractFn, CallResult};

pub(super) const TEMPLATES: &[(&str, AbstractFn)] = &[
    ("cmath.polar", polar),
    ("cmath.rect", rect),
    ("cmath.phase", phase),
    ("number.conjugate", conjugate),
];

fn sig(ret: Type, args: &[Type]) -> CallResult {
    Ok(Some(Signature::new(ret, args.to_vec())))
}

/// The complex type a number converts to for `cmath` (Numba: float32 → complex64,
/// other reals and integers → complex128).
fn as_complex(t: &Type) -> Option<NumericKind> {
    let k = t.as_number()?;
    Some(match k {
        NumericKind::Complex64 | NumericKind::Float32 => NumericKind::Complex64,
        _ => NumericKind::Complex128,
    })
}

fn polar(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    match args {
        [z] => match as_complex(z) {
            Some(c) => sig(Type::unituple(Type::Number(c.underlying_float()), 2), args),
            None => Ok(None),
        },
        _ => Ok(None),
    }
}

fn phase(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    match args {
        [z] => match as_complex(z) {
            Some(c) => sig(Type::Number(c.underlying_float()), args),
            None => Ok(None),
        },
        _ => Ok(None),
    }
}

fn rect(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    match args {
        [r, phi] if r.is_number() && phi.is_number() && !r.is_complex() && !phi.is_complex() => {
            sig(Type::complex128(), args)
        }
        _ => Ok(None),
    }
}

/// `x.conjugate()` on numbers: the same type.
fn conjugate(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    match args {
        [z] if z.is_number() => sig(z.unliteral(), args),
        _ => Ok(None),
    }
}
