//! `math`/`cmath` functions Numba implements with `@overload` rather than concrete tables,
//! and methods of numbers.

use numrs_types::{NumericKind, Signature, Type};

use crate::registry::{AbstractFn, CallResult};

pub(super) const TEMPLATES: &[(&str, AbstractFn)] = &[
    ("cmath.polar", polar),
    ("cmath.rect", rect),
    ("cmath.phase", phase),
    ("cmath.log10", complex_to_complex128),
    ("cmath.tanh", complex_to_complex128),
    ("cmath.acosh", complex_to_complex128),
    ("cmath.sinh", complex_same),
    ("cmath.cosh", complex_same),
    ("number.conjugate", conjugate),
    ("number.item", number_item),
    ("slice.indices", slice_indices),
    ("object.__hash__", object_hash),
];

/// `x.__hash__()`: `hash(x)`.
fn object_hash(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    match (args, kws.is_empty()) {
        ([_], true) => sig(Type::int64(), args),
        _ => Ok(None),
    }
}

/// `s.indices(n)` of a slice (Numba's `SliceAttribute.resolve_indices`): `(start, stop,
/// step)` for a sequence of `n` items.
fn slice_indices(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    if !kws.is_empty() {
        return Ok(None);
    }
    match args {
        [_, n] if n.unliteral().as_number().is_some_and(|k| k.is_integer()) => sig(Type::unituple(Type::intp(), 3), &args[..1].iter().cloned().chain([Type::intp()]).collect::<Vec<_>>()),
        [_, n] => Err(crate::registry::CallError::typing(format!("'{n}' object cannot be interpreted as an integer"))),
        _ => Err(crate::registry::CallError::typing(format!("indices() takes exactly one argument ({} given)", args.len().saturating_sub(1)))),
    }
}

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

/// `cmath` functions written as `@overload`s accept complex arguments only (no conversion).
fn complex_arg(args: &[Type]) -> Option<NumericKind> {
    match args {
        [z] if z.is_complex() => as_complex(z),
        _ => None,
    }
}

/// `cmath.log10`/`tanh`/`acosh`: implementations build their result with `complex(...)`.
fn complex_to_complex128(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    match complex_arg(args) {
        Some(_) => sig(Type::complex128(), args),
        None => Ok(None),
    }
}

/// `cmath.sinh`/`cosh`: the argument's complex type.
fn complex_same(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    match complex_arg(args) {
        Some(c) => sig(Type::Number(c), args),
        None => Ok(None),
    }
}

fn polar(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    match args {
        [z] if z.is_complex() => match as_complex(z) {
            Some(c) => sig(Type::unituple(Type::Number(c.underlying_float()), 2), args),
            None => Ok(None),
        },
        _ => Ok(None),
    }
}

fn phase(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    match args {
        [z] if z.is_complex() => match as_complex(z) {
            Some(c) => sig(Type::Number(c.underlying_float()), args),
            None => Ok(None),
        },
        _ => Ok(None),
    }
}

/// `cmath.rect(r, phi)`: floats only; two `float32` give `complex64`.
fn rect(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    match args {
        [r, phi] if r.is_float() && phi.is_float() => {
            let f32 = |t: &Type| t.as_number() == Some(NumericKind::Float32);
            sig(if f32(r) && f32(phi) { Type::Number(NumericKind::Complex64) } else { Type::complex128() }, args)
        }
        _ => Ok(None),
    }
}

/// `x.item()` of a number: the number (its bound receiver is `args[0]`).
fn number_item(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    match (args, kws.is_empty()) {
        ([x], true) if x.is_number() => sig(x.unliteral(), args),
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
