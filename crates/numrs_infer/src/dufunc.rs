//! Methods of a `@vectorize` function (Numba's DUFunc) called from jit code: `reduce`, as
//! Numba's `DUFunc._install_ufunc_reduce` overload types it.

use numrs_syntax::ast::Span;
use numrs_types::{unify_pairs, DispatcherRef, Type};

use crate::constraints::call_dispatcher_at;
use crate::engine::{InferError, Inferer};

/// The name of `ufunc.reduce` bound to a DUFunc whose identity is `identity` (`0`, `1`, or
/// `none`): lowering reads the identity from it.
pub fn reduce_key(identity: Option<i128>) -> String {
    match identity {
        Some(i) => format!("ufunc.reduce:{i}"),
        None => "ufunc.reduce:none".to_string(),
    }
}

/// The identity a `ufunc.reduce` key carries (see [`reduce_key`]); `None` for other keys.
pub fn reduce_identity(key: &str) -> Option<Option<i128>> {
    let rest = key.strip_prefix("ufunc.reduce:")?;
    Some(rest.parse().ok())
}

/// `reduce`'s parameters (`ufunc.reduce(array, axis=0, dtype=None, initial=None)`) bound to a
/// call's arguments, by position then by name: `None` where the call leaves one out.
pub fn bind_reduce<T: Clone>(args: &[T], kws: &[(String, T)]) -> Result<[Option<T>; 4], String> {
    const NAMES: [&str; 4] = ["array", "axis", "dtype", "initial"];
    if args.len() > 4 {
        return Err(format!("reduce() takes at most 4 arguments ({} given)", args.len()));
    }
    let mut bound: [Option<T>; 4] = [None, None, None, None];
    for (i, a) in args.iter().enumerate() {
        bound[i] = Some(a.clone());
    }
    for (k, v) in kws {
        let Some(i) = NAMES.iter().position(|n| n == k) else { return Err(format!("reduce() got an unexpected keyword argument '{k}'")) };
        if bound[i].is_some() {
            return Err(format!("reduce() got multiple values for argument '{k}'"));
        }
        bound[i] = Some(v.clone());
    }
    Ok(bound)
}

fn is_none(t: &Option<Type>) -> bool {
    matches!(t, None | Some(Type::NoneType) | Some(Type::Omitted(_)))
}

/// The type of `f.reduce(array, axis=0, dtype=None, initial=None)` of the DUFunc `d` whose
/// identity `key` carries: a 1-d array reduces to the type its accumulator settles on (the
/// initial value, the identity or the first item, combined by the ufunc's loops with the
/// items); an array of more dimensions along an integer axis to an array of `dtype` (the
/// array's by default) with that axis removed.
pub(crate) fn reduce(inf: &Inferer<'_>, key: &str, d: &DispatcherRef, args: &[Type], kws: &[(String, Type)], span: Option<Span>) -> Result<Type, InferError> {
    let identity = reduce_identity(key).flatten();
    let [array, axis, dtype, initial] = bind_reduce(args, kws).map_err(|m| InferError::typing("invalid-call", m, span))?;
    let Some(Type::Array(a)) = array else {
        // (Numba's NumbaTypeError inside the overload, reported as a TypingError.)
        return Err(InferError::typing("invalid-call", "The first argument \"array\" must be array-like", span));
    };
    let unsupported = |what: &str| InferError::typing("invalid-call", format!("{}.reduce with {what} is not supported by numrs yet", d.name), span);
    let empty_axes = matches!(&axis, Some(t) if t.tuple_items().is_some_and(|i| i.is_empty()));
    if a.ndim == 1 && !empty_axes {
        // `r = initial` / `r = identity` / `r = array[0]`, then `r = ufunc(r, array[i])`.
        let mut t = if !is_none(&initial) {
            initial.clone().map(|t| t.unliteral()).unwrap_or(Type::NoneType)
        } else if identity.is_some() {
            Type::int64()
        } else {
            a.dtype.clone()
        };
        for _ in 0..8 {
            let r = call_dispatcher_at(inf, d, &[t.clone(), a.dtype.clone()], &[], span)?;
            let u = unify_pairs(&t, &r.unliteral()).ok_or_else(|| InferError::typing("invalid-call", format!("cannot unify {t} and {r} in {}.reduce", d.name), span))?;
            if u == t {
                return Ok(t);
            }
            t = u;
        }
        return Err(unsupported("an accumulator whose type does not settle"));
    }
    if empty_axes {
        return Ok(Type::Array(a.clone()));
    }
    match &axis {
        None => {}
        Some(t) if matches!(t.unliteral(), Type::Number(k) if k.is_integer()) => {}
        Some(Type::NoneType) => return Err(unsupported("axis=None")),
        Some(t) if t.tuple_items().is_some() => return Err(unsupported("a tuple of axes")),
        Some(t) => return Err(InferError::typing("invalid-call", format!("{}.reduce: axis of type {t}", d.name), span)),
    }
    let nb = match &dtype {
        d2 if is_none(d2) => a.dtype.clone(),
        Some(Type::NumberClass(t)) => (**t).clone(),
        Some(t) => return Err(unsupported(&format!("dtype of type {t}"))),
        None => a.dtype.clone(),
    };
    // `view[i] = ufunc(view[i], val)`.
    call_dispatcher_at(inf, d, &[nb.clone(), a.dtype.clone()], &[], span)?;
    Ok(Type::array(nb, a.ndim - 1, numrs_types::Layout::C))
}
