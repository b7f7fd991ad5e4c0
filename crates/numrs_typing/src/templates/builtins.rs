//! Builtin functions whose typing depends on argument kinds (Numba's `typing/builtins.py`
//! abstract templates and the `@overload`s of `numba/cpython`).

use std::sync::Arc;

use numrs_types::{unify_many, IteratorKind, NumericKind, Signature, Type};

use crate::registry::{AbstractFn, CallError, CallResult};

pub(super) const TEMPLATES: &[(&str, AbstractFn)] = &[
    ("builtins.len", len),
    ("builtins.bool", bool_),
    ("builtins.int", int),
    ("builtins.float", float),
    ("builtins.complex", complex),
    ("builtins.print", print),
    ("builtins.min", min_max),
    ("builtins.max", min_max),
    ("builtins.enumerate", enumerate),
    ("builtins.zip", zip),
    ("builtins.abs", abs_),
    ("builtins.round", round),
    ("builtins.reveal_type", reveal_type),
];

fn sig(ret: Type, args: &[Type]) -> CallResult {
    Ok(Some(Signature::new(ret, args.to_vec())))
}

fn len(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    if args.len() != 1 || !kws.is_empty() {
        return Ok(None);
    }
    match &args[0] {
        Type::Array(_)
        | Type::UniTuple(..)
        | Type::Tuple(_)
        | Type::List { .. }
        | Type::ListType(_)
        | Type::DictType(_)
        | Type::Set { .. }
        | Type::Unicode
        | Type::StringLiteral(_)
        | Type::Range(_) => sig(Type::intp(), args),
        _ => Ok(None),
    }
}

fn bool_(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    match args {
        [] => sig(Type::boolean(), args),
        [t] => match t {
            Type::Number(_)
            | Type::IntegerLiteral(_)
            | Type::BooleanLiteral(_)
            | Type::NoneType
            | Type::Optional(_)
            | Type::Unicode
            | Type::StringLiteral(_)
            | Type::List { .. }
            | Type::ListType(_)
            | Type::DictType(_)
            | Type::Set { .. }
            | Type::UniTuple(..)
            | Type::Tuple(_) => sig(Type::boolean(), args),
            Type::Array(a) if a.ndim == 0 => sig(Type::boolean(), args),
            Type::Array(_) => Err(CallError::typing(
                "The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()",
            )),
            _ => Ok(None),
        },
        _ => Ok(None),
    }
}

fn int(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    match args {
        [t] if t.is_number() && !t.is_complex() => sig(Type::intp(), args),
        [Type::Unicode | Type::StringLiteral(_)] => sig(Type::intp(), args),
        _ => Ok(None),
    }
}

fn float(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    match args {
        [t] if t.is_number() && !t.is_complex() => sig(Type::float64(), args),
        [Type::Unicode | Type::StringLiteral(_)] => sig(Type::float64(), args),
        _ => Ok(None),
    }
}

fn complex(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    match args {
        [a] | [a, _] if a.is_number() && args.iter().all(Type::is_number) => sig(Type::complex128(), args),
        _ => Ok(None),
    }
}

fn print(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    sig(Type::NoneType, args)
}

fn abs_(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    match args {
        [Type::Array(a)] => {
            let dtype = match a.dtype.as_number() {
                Some(k) if k.is_complex() => Type::Number(k.underlying_float()),
                _ => a.dtype.clone(),
            };
            sig(Type::array(dtype, a.ndim, numrs_types::Layout::C), args)
        }
        _ => Ok(None),
    }
}

fn round(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    match args {
        [t] if t.is_float() => sig(Type::intp(), args),
        [t] if t.is_integer() => sig(t.unliteral(), args),
        [t, n] if t.is_float() && n.is_integer() => sig(t.clone(), args),
        [t, n] if t.is_integer() && n.is_integer() => sig(t.unliteral(), args),
        _ => Ok(None),
    }
}

/// `min`/`max` over scalars (unified) or over one iterable (its element type).
fn min_max(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    if !kws.is_empty() {
        return Ok(None);
    }
    match args {
        [] => Ok(None),
        [single] => {
            if let Type::Array(a) = single {
                return sig(a.dtype.clone(), args);
            }
            match single.iterator_type().and_then(|it| it.yield_type()) {
                Some(y) => sig(y, args),
                None => match single {
                    Type::Tuple(items) => match unify_many(items) {
                        Some(t) => sig(t, args),
                        None => Ok(None),
                    },
                    _ => Ok(None),
                },
            }
        }
        many => {
            if !many.iter().all(|t| t.is_number()) {
                return Ok(None);
            }
            match unify_many(many) {
                Some(t) => sig(t, args),
                None => Ok(None),
            }
        }
    }
}

fn enumerate(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    match args {
        [it] | [it, _] => match it.iterator_type() {
            Some(inner) => sig(Type::iterator(IteratorKind::Enumerate(inner)), args),
            None => Ok(None),
        },
        _ => Ok(None),
    }
}

fn zip(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    let iters: Option<Vec<Type>> = args.iter().map(Type::iterator_type).collect();
    match iters {
        Some(items) => sig(Type::iterator(IteratorKind::Zip(items)), args),
        None => Ok(None),
    }
}

#[allow(dead_code)]
fn _k(_: NumericKind, _: Arc<()>) {}

/// `reveal_type(x)`: a numrs testing aid, accepts anything and returns `none`.
fn reveal_type(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    match args {
        [_] => sig(Type::NoneType, args),
        _ => Ok(None),
    }
}
