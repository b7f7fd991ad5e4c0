//! Methods of a `@vectorize` function (Numba's DUFunc) called from jit code: `reduce` and
//! `at`, as Numba's `DUFunc._install_ufunc_reduce` and `_install_ufunc_at` overloads type them.

use numrs_syntax::ast::Span;
use numrs_types::{unify_pairs, DispatcherRef, Type};

use crate::constraints::call_dispatcher_at;
use crate::engine::{InferError, Inferer};

/// The name of `ufunc.reduce` bound to a DUFunc whose identity is `identity` (`0`, `1`, or
/// none, and then whether it is `"reorderable"`): lowering reads the identity from it.
pub fn reduce_key(identity: Option<i128>, reorderable: bool) -> String {
    match identity {
        Some(i) => format!("ufunc.reduce:{i}"),
        None if reorderable => "ufunc.reduce:reorderable".to_string(),
        None => "ufunc.reduce:none".to_string(),
    }
}

/// Whether the DUFunc of a `ufunc.reduce` key may reduce along several axes (NumPy's
/// reorderable: an identity, or `identity="reorderable"`).
pub fn reduce_reorderable(key: &str) -> bool {
    key.strip_prefix("ufunc.reduce:").is_some_and(|r| r != "none")
}

/// The identity a `ufunc.reduce` key carries (see [`reduce_key`]); `None` for other keys.
pub fn reduce_identity(key: &str) -> Option<Option<i128>> {
    let rest = key.strip_prefix("ufunc.reduce:")?;
    Some(rest.parse().ok())
}

/// A call's arguments bound to the parameters `names` (the method `what`), by position then by
/// name: `None` where the call leaves one out.
fn bind_named<T: Clone, const N: usize>(what: &str, names: [&str; N], args: &[T], kws: &[(String, T)]) -> Result<[Option<T>; N], String> {
    if args.len() > N {
        return Err(format!("{what}() takes at most {N} arguments ({} given)", args.len()));
    }
    let mut bound: [Option<T>; N] = std::array::from_fn(|_| None);
    for (i, a) in args.iter().enumerate() {
        bound[i] = Some(a.clone());
    }
    for (k, v) in kws {
        let Some(i) = names.iter().position(|n| n == k) else { return Err(format!("{what}() got an unexpected keyword argument '{k}'")) };
        if bound[i].is_some() {
            return Err(format!("{what}() got multiple values for argument '{k}'"));
        }
        bound[i] = Some(v.clone());
    }
    Ok(bound)
}

/// `reduce`'s parameters (`ufunc.reduce(array, axis=0, dtype=None, initial=None)`) bound to a
/// call's arguments.
pub fn bind_reduce<T: Clone>(args: &[T], kws: &[(String, T)]) -> Result<[Option<T>; 4], String> {
    bind_named("reduce", ["array", "axis", "dtype", "initial"], args, kws)
}

fn is_none(t: &Option<Type>) -> bool {
    matches!(t, None | Some(Type::NoneType) | Some(Type::Omitted(_)))
}

/// How `reduce` runs over an array of `ndim` dimensions for its `axis` argument's type (Numba's
/// overload picks its implementation by them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReducePlan {
    /// A 1-d array (whatever the axis): to a number.
    Flat,
    /// `axis=()`: the array itself.
    Itself,
    /// An integer axis (0 by default): an array without it.
    Axis,
    /// `axis=None`: along axis 0 again and again (`dtype` and `initial` apply to the first
    /// step only), to a number.
    All,
    /// A pair of axes: along the smaller, then along the other (one less), without `dtype`
    /// and `initial` the second time.
    Pair,
}

/// The [`ReducePlan`] for an array of `ndim` dimensions and the axis argument's type (`None`:
/// left out); `Err`: what is not supported.
pub fn reduce_plan(ndim: u32, axis: Option<&Type>) -> Result<ReducePlan, String> {
    if ndim == 0 {
        // `axis=None` of a 0-d array: its axes are `()`, the array itself.
        return match axis.map(Type::unliteral) {
            Some(Type::NoneType) => Ok(ReducePlan::Itself),
            _ => Err("a 0-d array".into()),
        };
    }
    let empty = axis.is_some_and(|t| t.tuple_items().is_some_and(|i| i.is_empty()));
    if ndim == 1 && !empty {
        return Ok(ReducePlan::Flat);
    }
    match axis.map(Type::unliteral) {
        _ if empty => Ok(ReducePlan::Itself),
        None | Some(Type::Omitted(_)) => Ok(ReducePlan::Axis),
        Some(Type::Number(k)) if k.is_integer() => Ok(ReducePlan::Axis),
        Some(Type::NoneType) => Ok(ReducePlan::All),
        Some(t) => match t.tuple_items() {
            Some(items) if items.len() == 2 && items.iter().all(|i| i.unliteral().as_number().is_some_and(|k| k.is_integer())) => Ok(ReducePlan::Pair),
            Some(items) if items.len() == 1 && items[0].unliteral().as_number().is_some_and(|k| k.is_integer()) => Ok(ReducePlan::Axis),
            Some(_) => Err("a tuple of more than two axes".into()),
            None => Err(format!("an axis of type {t}")),
        },
    }
}

/// The type of `f.reduce(array, axis=0, dtype=None, initial=None)` of the DUFunc `d` whose
/// identity `key` carries: a 1-d array reduces to the type its accumulator settles on (the
/// initial value, the identity or the first item, combined by the ufunc's loops with the
/// items); an array of more dimensions along an integer axis to an array of `dtype` (the
/// array's by default) with that axis removed; along all axes (`axis=None`) or a pair, as the
/// reductions Numba chains for them.
pub(crate) fn reduce(inf: &Inferer<'_>, key: &str, d: &DispatcherRef, args: &[Type], kws: &[(String, Type)], span: Option<Span>) -> Result<Type, InferError> {
    let identity = reduce_identity(key).flatten();
    let [array, axis, dtype, initial] = bind_reduce(args, kws).map_err(|m| InferError::typing("invalid-call", m, span))?;
    let Some(Type::Array(a)) = array else {
        // (Numba's NumbaTypeError inside the overload, reported as a TypingError.)
        return Err(InferError::typing("invalid-call", "The first argument \"array\" must be array-like", span));
    };
    let unsupported = |what: &str| InferError::typing("invalid-call", format!("{}.reduce with {what} is not supported by numrs yet", d.name), span);
    let plan = reduce_plan(a.ndim, axis.as_ref()).map_err(|m| unsupported(&m))?;
    if matches!(plan, ReducePlan::All | ReducePlan::Pair) && !reduce_reorderable(key) {
        // (Numba's NumbaTypeError inside the overload, reported as a TypingError.)
        return Err(InferError::typing(
            "invalid-call",
            format!("reduction operation '{}' is not reorderable, so at most one axis may be specified", d.name),
            span,
        ));
    }
    let nb = match &dtype {
        d2 if is_none(d2) => a.dtype.clone(),
        Some(Type::NumberClass(t)) => (**t).clone(),
        Some(t) => return Err(unsupported(&format!("dtype of type {t}"))),
        None => a.dtype.clone(),
    };
    let initial = if is_none(&initial) { None } else { initial.map(|t| t.unliteral()) };
    // A 1-d reduction: `r = initial` / `r = identity` / `r = array[0]`, then `r = ufunc(r, array[i])`.
    let flat = |item: &Type, initial: Option<&Type>| -> Result<Type, InferError> {
        let mut t = match initial {
            Some(t) => t.clone(),
            None if identity.is_some() => Type::int64(),
            None => item.clone(),
        };
        for _ in 0..8 {
            let r = call_dispatcher_at(inf, d, &[t.clone(), item.clone()], &[], span)?;
            let u = unify_pairs(&t, &r.unliteral()).ok_or_else(|| InferError::typing("invalid-call", format!("cannot unify {t} and {r} in {}.reduce", d.name), span))?;
            if u == t {
                return Ok(t);
            }
            t = u;
        }
        Err(unsupported("an accumulator whose type does not settle"))
    };
    // Along one axis: `view[i] = ufunc(view[i], val)` into an array of `nb`.
    let along = |item: &Type, nb: &Type, ndim: u32| -> Result<Type, InferError> {
        call_dispatcher_at(inf, d, &[nb.clone(), item.clone()], &[], span)?;
        Ok(Type::array(nb.clone(), ndim - 1, numrs_types::Layout::C))
    };
    match plan {
        ReducePlan::Flat => flat(&a.dtype, initial.as_ref()),
        ReducePlan::Itself => Ok(Type::Array(a.clone())),
        ReducePlan::Axis => along(&a.dtype, &nb, a.ndim),
        ReducePlan::Pair | ReducePlan::All => {
            let mut t = along(&a.dtype, &nb, a.ndim)?;
            for _ in 0..a.ndim {
                let Type::Array(x) = &t else { return Ok(t) };
                let x = x.clone();
                if x.ndim == 1 {
                    return flat(&x.dtype, None);
                }
                t = along(&x.dtype, &x.dtype, x.ndim)?;
                if plan == ReducePlan::Pair {
                    return Ok(t);
                }
            }
            Ok(t)
        }
    }
}

/// The name of `ufunc.at` bound to a DUFunc: whether it compiles lazily (`at` compiles a loop,
/// which a DUFunc with signatures refuses).
pub fn at_key(lazy: bool) -> &'static str {
    if lazy {
        "ufunc.at:lazy"
    } else {
        "ufunc.at:frozen"
    }
}

/// `f.at(a, indices, b=None)`'s parameters bound to a call's arguments.
pub fn bind_at<T: Clone>(args: &[T], kws: &[(String, T)]) -> Result<[Option<T>; 3], String> {
    bind_named("at", ["a", "indices", "b"], args, kws)
}

/// The type of `f.at(a, indices, b=None)` (None): `a[indices] = f(a[indices], b)` in place,
/// unbuffered, for a 1-d array `a`, an integer or a 1-d array or list of integers as
/// `indices`, and `b` a number or a 1-d array (broadcast to the indices).
pub(crate) fn at(inf: &Inferer<'_>, key: &str, d: &DispatcherRef, args: &[Type], kws: &[(String, Type)], span: Option<Span>) -> Result<Type, InferError> {
    let [a, indices, b] = bind_at(args, kws).map_err(|m| InferError::typing("invalid-call", m, span))?;
    let Some(Type::Array(a)) = a else {
        return Err(InferError::typing("invalid-call", "The first argument \"a\" must be array-like", span));
    };
    let nin = match inf.env.dispatcher_attr(d, "nin") {
        Some(Type::IntegerLiteral(n)) => n,
        _ => return Err(InferError::typing("invalid-call", format!("{}.at of a ufunc of unknown arity", d.name), span)),
    };
    if nin == 2 && is_none(&b) {
        return Err(InferError::typing("invalid-call", "second operand needed for ufunc", span));
    }
    if nin == 1 && !is_none(&b) {
        return Err(InferError::typing("invalid-call", "second operand provided when ufunc is unary", span));
    }
    if key.ends_with(":frozen") {
        // Numba's `at` compiles a loop with `DUFunc.add`, which a DUFunc with signatures refuses.
        let mut e = InferError::typing("invalid-call", format!("compilation disabled for {}: its `at` compiles a loop, and a @vectorize function with signatures compiles no more", d.name), span);
        e.kind = "RuntimeError";
        return Err(e);
    }
    let unsupported = |what: String| InferError::typing("invalid-call", format!("{}.at with {what} is not supported by numrs yet", d.name), span);
    if a.ndim != 1 {
        return Err(unsupported(format!("a {}-d array", a.ndim)));
    }
    match indices.as_ref().map(Type::unliteral) {
        Some(Type::Number(k)) if k.is_integer() => {}
        Some(Type::Array(i)) if i.ndim == 1 && i.dtype.as_number().is_some_and(|k| k.is_integer()) => {}
        Some(Type::List { dtype, .. }) if dtype.as_number().is_some_and(|k| k.is_integer()) => {}
        Some(t) => return Err(unsupported(format!("indices of type {t}"))),
        None => return Err(InferError::typing("invalid-call", "at() missing required argument 'indices'", span)),
    }
    let mut loop_args = vec![a.dtype.clone()];
    match b.as_ref().map(Type::unliteral) {
        None | Some(Type::NoneType) | Some(Type::Omitted(_)) => {}
        Some(Type::Number(k)) => loop_args.push(Type::Number(k)),
        Some(Type::Array(bt)) if bt.ndim <= 1 && bt.dtype.as_number().is_some() => loop_args.push(bt.dtype.clone()),
        Some(t) => return Err(unsupported(format!("b of type {t}"))),
    }
    call_dispatcher_at(inf, d, &loop_args, &[], span)?;
    Ok(Type::NoneType)
}
