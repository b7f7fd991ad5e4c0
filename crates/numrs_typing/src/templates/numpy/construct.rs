//! Array constructors: `np.empty/zeros/ones/full` and their `*_like` forms, `arange`,
//! `linspace`, `array`, `asarray`, `copy`, `concatenate/stack/hstack/vstack`, `where`,
//! and `np.random` basics (Numba's `@overload`s in `arrayobj.py`, `arraymath.py`, `randomimpl.py`).

use numrs_types::{unify_many, ArrayType, Layout, NumericKind, Type};

use super::common::{bind, is_nonelike, parse_dtype, parse_shape, sig};
use super::tables::promote_types;
use crate::registry::{CallError, CallResult};

fn unlit(t: &Option<Type>) -> Option<Type> {
    t.as_ref().map(Type::unliteral)
}

/// `np.empty(shape, dtype=float)`, also behind `zeros` and `ones`.
pub(crate) fn empty(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["shape", "dtype"], 1) else { return Ok(None) };
    let dtype = match &b[1] {
        d if is_nonelike(d.as_ref()) => Type::float64(),
        Some(Type::Function(k)) if &**k == "builtins.float" => Type::float64(),
        Some(d) => match parse_dtype(d) {
            Some(t) => t,
            None => return Ok(None),
        },
        None => Type::float64(),
    };
    let Some(shape) = &b[0] else { return Ok(None) };
    let Some(ndim) = parse_shape(shape) else { return Ok(None) };
    sig(Type::array(dtype, ndim, Layout::C), args)
}

/// `np.frombuffer(buffer, dtype=float, count=-1, offset=0)` (Numba's `impl_np_frombuffer`): a
/// 1-d C view of `dtype` items of a C-contiguous buffer (an array, `bytes`, `bytearray`),
/// read-only when the buffer is.
pub(crate) fn frombuffer(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["buffer", "dtype", "count", "offset"], 1) else { return Ok(None) };
    if let Some(Type::Unicode) = &b[1] {
        return Err(CallError::typing("If np.frombuffer dtype is a string it must be a string constant."));
    }
    let buffer = match &b[0] {
        Some(Type::Array(a)) if a.layout == Layout::C => a.clone(),
        Some(t) => return Err(CallError::typing(format!("Argument \"buffer\" must be buffer-like. Got {t}"))),
        None => return Ok(None),
    };
    let dtype = match &b[1] {
        d if is_nonelike(d.as_ref()) => Type::float64(),
        Some(Type::Function(k)) if &**k == "builtins.float" => Type::float64(),
        Some(d) => match parse_dtype(d) {
            Some(t) if t.as_number().is_some() => t,
            _ => return Err(CallError::typing(format!("Cannot parse input types to function np.frombuffer({}, {d})", Type::Array(buffer)))),
        },
        None => Type::float64(),
    };
    for t in [&b[2], &b[3]].into_iter().flatten() {
        if !(t.is_integer() || matches!(t, Type::IntegerLiteral(_) | Type::Omitted(_))) {
            return Ok(None);
        }
    }
    sig(Type::array_ro(dtype, 1, Layout::C, buffer.readonly), args)
}

/// `np.ones(shape, dtype)`: Numba fills `np.empty` with 1, which no datetime or timedelta
/// array takes.
pub(crate) fn ones(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let r = empty(args, kws)?;
    if let Some(s) = &r {
        if s.return_type.as_array().is_some_and(|a| a.dtype.is_datetime_like()) {
            return Err(CallError::typing(format!("np.ones cannot fill an array of {} with 1 (Numba's setitem of an int64)", s.return_type.element_type())));
        }
    }
    Ok(r)
}

/// A datetime or timedelta array filled with a value of another type: Numba's `fill`
/// (its setitem) takes no conversion between them.
fn datetime_fill_error(dtype: &Type, value: Option<&Type>) -> Result<(), CallError> {
    let dt = |t: &Type| t.is_datetime_like();
    match value {
        Some(v) if (dt(dtype) || dt(v)) && v.unliteral() != *dtype => {
            Err(CallError::typing(format!("cannot fill an array of {dtype} with a value of {v}: Numba converts none into the other")))
        }
        _ => Ok(()),
    }
}

/// `np.full(shape, fill_value, dtype=None)`.
pub(crate) fn full(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["shape", "fill_value", "dtype"], 2) else { return Ok(None) };
    let dtype = if is_nonelike(b[2].as_ref()) {
        match unlit(&b[1]) {
            Some(t @ (Type::Number(_) | Type::NPDatetime(_) | Type::NPTimedelta(_))) => t,
            _ => return Ok(None),
        }
    } else {
        match b[2].as_ref().and_then(parse_dtype) {
            // The fill value is stored into the array: it must convert (a complex value
            // does not into a real dtype).
            Some(t) if b[1].as_ref().is_some_and(|v| v.as_number().is_some() && numrs_types::can_convert(&v.unliteral(), &t).is_none()) => return Ok(None),
            Some(t) => t,
            None => return Ok(None),
        }
    };
    let Some(ndim) = b[0].as_ref().and_then(parse_shape) else { return Ok(None) };
    datetime_fill_error(&dtype, b[1].as_ref())?;
    sig(Type::array(dtype, ndim, Layout::C), args)
}

fn like_result(arr: &Type, dtype: Option<&Type>) -> Option<Type> {
    let nb_dtype = if !is_nonelike(dtype) {
        parse_dtype(dtype?)?
    } else if let Type::Array(a) = arr {
        a.dtype.clone()
    } else {
        match arr.unliteral() {
            t @ Type::Number(_) => t,
            _ => return None,
        }
    };
    Some(match arr {
        Type::Array(a) => {
            let layout = if a.layout == Layout::A { Layout::C } else { a.layout };
            a.keep_alignment(Type::array(nb_dtype, a.ndim, layout))
        }
        _ => Type::array(nb_dtype, 0, Layout::C),
    })
}

/// `np.empty_like(a, dtype=None)`, also behind `zeros_like` and `ones_like`.
pub(crate) fn empty_like(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["a", "dtype"], 1) else { return Ok(None) };
    let Some(a) = &b[0] else { return Ok(None) };
    match like_result(a, b[1].as_ref()) {
        Some(t) => sig(t, args),
        None => Ok(None),
    }
}

/// `np.full_like(a, fill_value, dtype=None)`.
pub(crate) fn full_like(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["a", "fill_value", "dtype"], 2) else { return Ok(None) };
    let Some(a) = &b[0] else { return Ok(None) };
    // A string cannot fill an array of numbers.
    if b[1].as_ref().is_some_and(|v| v.is_string()) {
        return Ok(None);
    }
    match like_result(a, b[2].as_ref()) {
        Some(t) => {
            datetime_fill_error(&t.element_type(), b[1].as_ref())?;
            sig(t, args)
        }
        None => Ok(None),
    }
}

/// Numba's `_arange_dtype`.
fn arange_dtype(bounds: &[Type]) -> Option<Type> {
    if bounds.iter().any(Type::is_complex) {
        return Some(Type::complex128());
    }
    if bounds.iter().any(Type::is_float) {
        return Some(Type::float64());
    }
    // `max(bounds + [int64])` over Numba's integer ordering: only same-signedness compares.
    let mut best = NumericKind::Int64;
    for b in bounds {
        let k = b.unliteral().as_number()?;
        if !k.is_integer() || k.is_signed_int() != best.is_signed_int() {
            return None;
        }
        if k.bitwidth() > best.bitwidth() {
            best = k;
        }
    }
    Some(Type::Number(best))
}

/// `np.arange(start, /, stop=None, step=None, dtype=None)`.
pub(crate) fn arange(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    if kws.iter().any(|(k, _)| k == "start") {
        return Ok(None);
    }
    let Some(b) = bind(args, kws, &["start", "stop", "step", "dtype"], 1) else { return Ok(None) };
    let strip = |t: &Option<Type>| -> Option<Type> {
        match t {
            Some(Type::Optional(inner)) => Some((**inner).clone()),
            other => other.clone(),
        }
    };
    let (start, stop, step, dtype) = (strip(&b[0]), strip(&b[1]), strip(&b[2]), strip(&b[3]));
    let is_num = |t: &Type| matches!(t.unliteral(), Type::Number(k) if k != NumericKind::Boolean);
    let Some(start) = start else { return Ok(None) };
    if !is_num(&start) {
        return Ok(None);
    }
    let mut bounds = vec![start];
    for t in [&stop, &step] {
        match t {
            None | Some(Type::NoneType) => {}
            Some(t) if is_num(t) => bounds.push(t.clone()),
            Some(_) => return Ok(None),
        }
    }
    // Numba's `max()` of integer types of different signedness (an unsigned bound against
    // its `int64`) raises a Python TypeError while typing.
    if matches!(&dtype, None | Some(Type::NoneType)) && !bounds.iter().any(|b| b.is_float() || b.is_complex()) {
        if let Some(u) = bounds.iter().find(|b| b.unliteral().as_number().is_some_and(|k| k.is_integer() && !k.is_signed_int())) {
            return Err(CallError {
                kind: "TypeError",
                message: format!(
                    "np.arange of an unsigned bound ({}): Numba's _arange_dtype takes max() of it and int64, integer types of different signedness, which do not compare ('<' not supported); convert the bounds to int64 or pass dtype=",
                    u.unliteral()
                ),
            });
        }
    }
    let dt = match &dtype {
        None | Some(Type::NoneType) => arange_dtype(&bounds),
        Some(Type::NumberClass(d)) | Some(Type::DType(d)) => Some((**d).clone()),
        Some(_) => return Ok(None),
    };
    match dt {
        Some(d) => sig(Type::array(d, 1, Layout::C), args),
        None => Ok(None),
    }
}

/// `np.linspace(start, stop, num=50)`.
pub(crate) fn linspace(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["start", "stop", "num"], 2) else { return Ok(None) };
    let (Some(start), Some(stop)) = (&b[0], &b[1]) else { return Ok(None) };
    let is_num = |t: &Type| matches!(t.unliteral(), Type::Number(k) if k != NumericKind::Boolean);
    if !is_num(start) || !is_num(stop) {
        return Ok(None);
    }
    if let Some(n) = &b[2] {
        if !n.is_integer() || n.is_boolean() {
            return Ok(None);
        }
    }
    let dtype = if start.is_complex() || stop.is_complex() { Type::complex128() } else { Type::float64() };
    sig(Type::array(dtype, 1, Layout::C), args)
}

/// Numba's `_parse_nested_sequence`: (ndim, dtype) of a nested list/tuple of scalars.
fn parse_nested_sequence(t: &Type) -> Option<(u32, Type)> {
    match t {
        Type::Array(_) => None,
        Type::List { dtype, .. } | Type::UniTuple(dtype, _) => {
            let (n, d) = parse_nested_sequence(dtype)?;
            Some((n + 1, d))
        }
        // A `NamedUniTuple` is a sequence, a heterogeneous named tuple a tuple of its items.
        Type::NamedTuple(nt) => parse_nested_sequence(&nt.anonymous()),
        Type::Tuple(items) => {
            let Some(first) = items.first() else { return Some((1, Type::float64())) };
            let (n, _) = parse_nested_sequence(first)?;
            let mut dtypes = Vec::new();
            for it in items.iter() {
                let (m, d) = parse_nested_sequence(it)?;
                if m != n {
                    return None;
                }
                dtypes.push(d);
            }
            Some((n + 1, unify_many(&dtypes)?))
        }
        other => match other.unliteral() {
            t @ Type::Number(_) => Some((0, t)),
            _ => None,
        },
    }
}

/// Numba's `type_can_asarray`.
fn can_asarray(t: &Type) -> bool {
    matches!(
        t,
        Type::Array(_)
            | Type::List { .. }
            | Type::UniTuple(..)
            | Type::Tuple(_)
            | Type::NamedTuple(_)
            | Type::StringLiteral(_)
            | Type::Number(_)
            | Type::IntegerLiteral(_)
            | Type::BooleanLiteral(_)
            | Type::ListType(_)
    )
}

/// `np.array(object, dtype=None)`.
pub(crate) fn array(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["object", "dtype"], 1) else { return Ok(None) };
    let Some(obj) = &b[0] else { return Ok(None) };
    if !can_asarray(obj) {
        return Ok(None);
    }
    // Numba's `np.array` of a sequence looks its dtype up as `getattr(np, str(dtype))`,
    // which no datetime or timedelta type names.
    let item = match obj {
        Type::List { dtype, .. } | Type::UniTuple(dtype, _) => Some((**dtype).clone()),
        _ => None,
    };
    if let Some(t @ (Type::NPDatetime(_) | Type::NPTimedelta(_))) = item {
        if is_nonelike(b[1].as_ref()) {
            return Err(CallError { kind: "AttributeError", message: format!("module 'numpy' has no attribute '{t}' (Numba's np.array of a sequence of {t})") });
        }
    }
    let Some((ndim, seq_dtype)) = parse_nested_sequence(obj) else { return Ok(None) };
    let dtype = if is_nonelike(b[1].as_ref()) {
        seq_dtype
    } else {
        match b[1].as_ref().and_then(parse_dtype) {
            Some(d) => d,
            None => return Ok(None),
        }
    };
    sig(Type::array(dtype, ndim, Layout::C), args)
}

/// `np.asarray(a, dtype=None)`.
pub(crate) fn asarray(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["a", "dtype"], 1) else { return Ok(None) };
    let Some(a) = &b[0] else { return Ok(None) };
    let dtype = if is_nonelike(b[1].as_ref()) {
        None
    } else {
        match b[1].as_ref().and_then(parse_dtype) {
            Some(d) => Some(d),
            None => return Ok(None),
        }
    };
    let ret = match a {
        Type::Array(arr) => match dtype {
            None => a.clone(),
            Some(d) if d == arr.dtype => a.clone(),
            Some(d) => {
                if numrs_types::can_convert(&arr.dtype, &d).is_none() {
                    return Ok(None);
                }
                let layout = if arr.layout == Layout::A { Layout::C } else { arr.layout };
                Type::array(d, arr.ndim, layout)
            }
        },
        Type::List { .. } | Type::UniTuple(..) | Type::Tuple(_) | Type::NamedTuple(_) => {
            let Some((ndim, seq_dtype)) = parse_nested_sequence(a) else { return Ok(None) };
            Type::array(dtype.unwrap_or(seq_dtype), ndim, Layout::C)
        }
        Type::ListType(inner) => match &**inner {
            Type::Number(_) => Type::array(dtype.unwrap_or((**inner).clone()), 1, Layout::C),
            _ => return Ok(None),
        },
        other => match other.unliteral() {
            t @ Type::Number(_) => Type::array(dtype.unwrap_or(t), 0, Layout::C),
            _ => return Ok(None),
        },
    };
    sig(ret, args)
}

/// `np.copy(a)`.
pub(crate) fn copy(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["a"], 1) else { return Ok(None) };
    match &b[0] {
        // A C or F array's copy keeps its layout; any other is C.
        Some(Type::Array(a)) => sig(Type::array(a.dtype.clone(), a.ndim, if a.layout == Layout::F { Layout::F } else { Layout::C }), args),
        Some(other) => asarray(std::slice::from_ref(other), &[]).map(|s| s.map(|s| numrs_types::Signature::new(s.return_type, args.to_vec()))),
        None => Ok(None),
    }
}

/// Numba's `_sequence_of_arrays`: common dtype and ndim of a non-empty tuple of arrays.
fn sequence_of_arrays(t: &Type) -> Option<(Type, u32, Vec<ArrayType>)> {
    let items = t.tuple_items()?;
    if items.is_empty() {
        return None;
    }
    let arrays: Vec<ArrayType> = items.iter().map(|a| a.as_array().cloned()).collect::<Option<_>>()?;
    let ndim = arrays[0].ndim;
    if arrays.iter().any(|a| a.ndim != ndim) {
        return None;
    }
    let dtypes: Vec<Type> = arrays.iter().map(|a| a.dtype.clone()).collect();
    Some((unify_many(&dtypes)?, ndim, arrays))
}

fn concat_layout(arrays: &[ArrayType]) -> Layout {
    if arrays.iter().all(|a| a.layout == Layout::F) {
        Layout::F
    } else {
        Layout::C
    }
}

fn axis_ok(axis: &Option<Type>) -> bool {
    match axis {
        None => true,
        Some(t) => t.is_integer() && !t.is_boolean(),
    }
}

/// `np.concatenate(arrays, axis=0)`.
pub(crate) fn concatenate(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["arrays", "axis"], 1) else { return Ok(None) };
    if !axis_ok(&b[1]) {
        return Ok(None);
    }
    let Some((dtype, ndim, arrays)) = b[0].as_ref().and_then(sequence_of_arrays) else { return Ok(None) };
    if ndim == 0 {
        return Ok(None);
    }
    sig(Type::array(dtype, ndim, concat_layout(&arrays)), args)
}

/// `np.stack(arrays, axis=0)`.
pub(crate) fn stack(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["arrays", "axis"], 1) else { return Ok(None) };
    if !axis_ok(&b[1]) {
        return Ok(None);
    }
    let Some((dtype, ndim, arrays)) = b[0].as_ref().and_then(sequence_of_arrays) else { return Ok(None) };
    sig(Type::array(dtype, ndim + 1, concat_layout(&arrays)), args)
}

fn nd_stack(args: &[Type], kws: &[(String, Type)], ndim_min: u32) -> CallResult {
    let Some(b) = bind(args, kws, &["tup"], 1) else { return Ok(None) };
    let Some((dtype, ndim, arrays)) = b[0].as_ref().and_then(sequence_of_arrays) else { return Ok(None) };
    sig(Type::array(dtype, ndim.max(ndim_min), concat_layout(&arrays)), args)
}

pub(crate) fn hstack(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    nd_stack(args, kws, 1)
}

pub(crate) fn vstack(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    nd_stack(args, kws, 2)
}

/// `np.column_stack(tup)`: 1-d and 2-d arrays only, always 2-d.
pub(crate) fn column_stack(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["tup"], 1) else { return Ok(None) };
    let Some(items) = b[0].as_ref().and_then(Type::tuple_items) else { return Ok(None) };
    let Some(arrays) = items.iter().map(|a| a.as_array().cloned()).collect::<Option<Vec<ArrayType>>>() else {
        return Ok(None);
    };
    if arrays.is_empty() || arrays.iter().any(|a| a.ndim < 1 || a.ndim > 2) {
        return Ok(None);
    }
    let dtypes: Vec<Type> = arrays.iter().map(|a| a.dtype.clone()).collect();
    let Some(dtype) = unify_many(&dtypes) else { return Ok(None) };
    sig(Type::array(dtype, 2, concat_layout(&arrays)), args)
}

pub(crate) fn dstack(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    nd_stack(args, kws, 3)
}

/// Numba's `determine_dtype` for `np.where`.
fn determine_dtype(t: &Type) -> Option<NumericKind> {
    match t {
        Type::Array(a) => a.dtype.as_number(),
        Type::UniTuple(..) | Type::Tuple(_) => {
            let mut kinds: Vec<NumericKind> = Vec::new();
            for it in t.tuple_items()? {
                let inner = it.tuple_items().unwrap_or_else(|| vec![it.clone()]);
                for v in inner {
                    let k = v.as_number()?;
                    if !kinds.contains(&k) {
                        kinds.push(k);
                    }
                }
            }
            let mut it = kinds.into_iter();
            let first = it.next().unwrap_or(NumericKind::Float64);
            it.try_fold(first, |acc, k| promote_types(acc, k))
        }
        other => other.as_number().or(Some(NumericKind::Float64)),
    }
}

/// `np.where(condition)` and `np.where(condition, x, y)`.
pub(crate) fn where_(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    if !kws.is_empty() {
        // `np.where(c, x=a, y=b)`: Numba's overload names them `condition`, `x`, `y`.
        let Some(b) = super::common::bind(args, kws, &["condition", "x", "y"], 1) else { return Ok(None) };
        let given: Vec<Type> = b.iter().flatten().cloned().collect();
        if given.len() != 1 && given.len() != 3 || b[0].is_none() || (given.len() == 3) != (b[1].is_some() && b[2].is_some()) {
            return Ok(None);
        }
        return where_(&given, &[]);
    }
    match args {
        [cond] => {
            if !can_asarray(cond) {
                return Ok(None);
            }
            let ndim = match cond {
                Type::Array(a) => a.ndim.max(1),
                other => match parse_nested_sequence(other) {
                    Some((n, _)) => n.max(1),
                    None => return Ok(None),
                },
            };
            sig(Type::unituple(Type::array(Type::intp(), 1, Layout::C), ndim), args)
        }
        [cond, x, y] => {
            if !can_asarray(cond) || !can_asarray(x) || !can_asarray(y) {
                return Ok(None);
            }
            // A string: with an array condition it is stored into an array of the other
            // operand's dtype (a float64 one when both are strings), which fails; otherwise
            // `np.where` of the three `np.asarray`s, 0-d arrays of characters.
            let text = |t: &Type| match t {
                Type::StringLiteral(s) => Some(s.chars().count() as u32),
                _ => None,
            };
            if text(x).is_some() || text(y).is_some() {
                return match (cond, text(x), text(y)) {
                    (Type::Array(_), _, _) => Ok(None),
                    (_, Some(a), Some(b)) => sig(Type::array(Type::UnicodeCharSeq(a.max(b)), 0, Layout::C), args),
                    _ => Ok(None),
                };
            }
            let c_layout = match cond {
                Type::Array(c) => c.layout,
                _ => Layout::C,
            };
            // Two arrays of characters (`<U1`, `<U3`): NumPy promotes to the longer.
            let chars = |t: &Type| match t {
                Type::Array(a) => match a.dtype {
                    Type::UnicodeCharSeq(n) => Some(n),
                    _ => None,
                },
                _ => None,
            };
            let dtype = match (chars(x), chars(y)) {
                // Of one size only: the other does not cast into the result's items.
                (Some(m), Some(n)) if m == n => Type::UnicodeCharSeq(m),
                (Some(_), _) | (_, Some(_)) => return Ok(None),
                _ => {
                    let (Some(xd), Some(yd)) = (determine_dtype(x), determine_dtype(y)) else { return Ok(None) };
                    let Some(dtype) = promote_types(xd, yd) else { return Ok(None) };
                    Type::Number(dtype)
                }
            };
            let zero_dim = |t: &Type| match t {
                Type::Array(a) => a.ndim == 0,
                t => t.is_number(),
            };
            if zero_dim(cond) && zero_dim(x) && zero_dim(y) {
                return sig(Type::array(dtype, 0, Layout::C), args);
            }
            let mut layout = c_layout;
            if let (Type::Array(xa), Type::Array(ya)) = (x, y) {
                layout = if xa.layout == ya.layout && ya.layout == c_layout { xa.layout } else { Layout::A };
            }
            let ndim = [cond, x, y].iter().map(|t| t.as_array().map_or(0, |a| a.ndim)).max().unwrap_or(0);
            let out_layout = if layout == Layout::F { Layout::F } else { Layout::C };
            sig(Type::array(dtype, ndim, out_layout), args)
        }
        _ => Ok(None),
    }
}

/// `np.eye(N, M=None, k=0, dtype=float)` and `np.identity(n, dtype=None)`.
pub(crate) fn eye(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["N", "M", "k", "dtype"], 1) else { return Ok(None) };
    eye_like(args, &b[0], &b[3])
}

pub(crate) fn identity(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["n", "dtype"], 1) else { return Ok(None) };
    eye_like(args, &b[0], &b[1])
}

fn eye_like(args: &[Type], n: &Option<Type>, dtype: &Option<Type>) -> CallResult {
    if !n.as_ref().is_some_and(Type::is_integer) {
        return Ok(None);
    }
    let dt = match dtype {
        d if is_nonelike(d.as_ref()) => Type::float64(),
        Some(Type::Function(k)) if &**k == "builtins.float" => Type::float64(),
        // Numba's `np.eye` gives its dtype to `np.dtype` as the string's non-literal type.
        Some(Type::StringLiteral(_) | Type::Unicode) => {
            return Err(CallError { kind: "TypeError", message: "Cannot interpret 'unicode_type' as a data type (np.eye takes a NumPy type, np.complex64, not its name)".into() })
        }
        Some(d) => match parse_dtype(d) {
            Some(t) => t,
            None => return Ok(None),
        },
        None => Type::float64(),
    };
    sig(Type::array(dt, 2, Layout::C), args)
}

/// `np.ascontiguousarray(a)`.
pub(crate) fn ascontiguousarray(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["a"], 1) else { return Ok(None) };
    match &b[0] {
        Some(Type::Array(a)) => sig(a.keep_alignment(Type::array(a.dtype.clone(), a.ndim.max(1), Layout::C)), args),
        Some(t) if t.is_number() => sig(Type::array(t.unliteral(), 1, Layout::C), args),
        _ => Ok(None),
    }
}

/// `np.size(a)`, `np.shape(a)`, `np.array_equal(a, b)`.
pub(crate) fn size(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let number = |t: &Type| t.unliteral().as_number().is_some();
    match bind(args, kws, &["a"], 1) {
        Some(b) if matches!(b[0], Some(Type::Array(_))) => sig(Type::intp(), args),
        // `np.asarray(a).size` of a number, a tuple or a list of numbers.
        Some(b) => match &b[0] {
            Some(t) if number(t) => sig(Type::intp(), args),
            Some(Type::UniTuple(item, _)) if number(item) => sig(Type::intp(), args),
            Some(Type::List { dtype, .. } | Type::ListType(dtype)) if number(dtype) => sig(Type::intp(), args),
            _ => Ok(None),
        },
        _ => Ok(None),
    }
}

pub(crate) fn shape(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    match bind(args, kws, &["a"], 1) {
        Some(b) => match &b[0] {
            Some(Type::Array(a)) => sig(Type::unituple(Type::intp(), a.ndim), args),
            // A number is a 0-d array: `()`.
            Some(t) if t.is_number() => sig(Type::tuple(vec![]), args),
            _ => Ok(None),
        },
        None => Ok(None),
    }
}

pub(crate) fn array_equal(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["a1", "a2"], 2) else { return Ok(None) };
    let (Some(a1), Some(a2)) = (&b[0], &b[1]) else { return Ok(None) };
    if !can_asarray(a1) || !can_asarray(a2) {
        return Ok(None);
    }
    if a1.as_number().is_some() && a2.as_number().is_some() {
        return sig(Type::boolean(), args);
    }
    // Numba's implementation compares `np.asarray(a1) == np.asarray(a2)`: it types when that
    // does (numbers, or two arrays of one type of other items).
    let as_array = |t: &Type| asarray(std::slice::from_ref(t), &[]).ok().flatten().map(|s| s.return_type);
    let (Some(x), Some(y)) = (as_array(a1), as_array(a2)) else { return Ok(None) };
    match crate::registry::resolve_call("operator.eq", &[x, y], &[]) {
        Ok(Some(_)) => sig(Type::boolean(), args),
        _ => Ok(None),
    }
}

/// `np.roll(a, shift)`: a C copy of `a`.
pub(crate) fn roll(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["a", "shift"], 2) else { return Ok(None) };
    match (&b[0], &b[1]) {
        // (Numba's `np_roll` takes an integer or boolean shift.)
        (Some(Type::Array(a)), Some(s)) if s.is_integer() || s.is_boolean() => sig(Type::array(a.dtype.clone(), a.ndim, Layout::C), args),
        _ => Ok(None),
    }
}

/// `np.repeat(a, repeats)` and `a.repeat(repeats)`: a flat C array.
pub(crate) fn repeat(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["a", "repeats"], 2) else { return Ok(None) };
    let dtype = match &b[0] {
        Some(Type::Array(a)) => a.dtype.clone(),
        Some(t) if t.is_number() => t.unliteral(),
        _ => return Ok(None),
    };
    match &b[1] {
        Some(r) if r.is_integer() || r.as_array().is_some_and(|x| x.dtype.is_integer()) => {
            sig(Type::array(dtype, 1, Layout::C), args)
        }
        _ => Ok(None),
    }
}

/// `a.take(indices)`: a scalar for an integer, a C array shaped like an index array.
pub(crate) fn take(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["a", "indices", "axis"], 2) else { return Ok(None) };
    let Some(Type::Array(a)) = &b[0] else { return Ok(None) };
    // A sequence of integers: a list, or a tuple of integers (literal or not).
    let int_seq = |t: &Type| match t {
        Type::List { dtype, .. } => dtype.is_integer(),
        t => t.tuple_items().is_some_and(|items| !items.is_empty() && items.iter().all(|i| i.is_integer())),
    };
    if is_nonelike(b[2].as_ref()) {
        return match &b[1] {
            Some(i) if i.is_integer() => sig(a.dtype.clone(), args),
            Some(Type::Array(i)) if i.dtype.is_integer() => sig(Type::array(a.dtype.clone(), i.ndim, Layout::C), args),
            Some(t) if int_seq(t) => sig(Type::array(a.dtype.clone(), 1, Layout::C), args),
            // Nested lists and tuples: `np.take(a, np.array(indices))`.
            Some(t @ (Type::List { .. } | Type::UniTuple(..) | Type::Tuple(_))) => match parse_nested_sequence(t) {
                Some((n, d)) if n > 0 && d.is_integer() => sig(Type::array(a.dtype.clone(), n, Layout::C), args),
                _ => Ok(None),
            },
            _ => Ok(None),
        };
    }
    // Numba's `numpy_take` with an integer axis: one index removes the axis (an item of a
    // 1-d array); a sequence of them keeps every dimension.
    if !b[2].as_ref().is_some_and(|t| t.is_integer()) {
        return Ok(None);
    }
    match &b[1] {
        Some(i) if i.is_integer() && a.ndim == 1 => sig(a.dtype.clone(), args),
        Some(i) if i.is_integer() => sig(Type::array(a.dtype.clone(), a.ndim - 1, Layout::C), args),
        Some(Type::Array(i)) if i.dtype.is_integer() => sig(Type::array(a.dtype.clone(), a.ndim, Layout::C), args),
        Some(t) if int_seq(t) => sig(Type::array(a.dtype.clone(), a.ndim, Layout::C), args),
        _ => Ok(None),
    }
}

/// `np.bincount(a)`.
pub(crate) fn bincount(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["a", "weights", "minlength"], 1) else { return Ok(None) };
    // Numba's `np.bincount`: "minlength must be an integer".
    if let Some(m) = &b[2] {
        if !(m.is_integer() || matches!(m, Type::IntegerLiteral(_))) {
            return Ok(None);
        }
    }
    match &b[0] {
        // uint64 items do not convert to intp safely: Numba has no implementation.
        // Complex weights do not convert to the float64 counts: no implementation.
        Some(Type::Array(_)) if matches!(&b[1], Some(Type::Array(w)) if w.dtype.as_number().is_some_and(|k| k.is_complex())) => Ok(None),
        Some(Type::Array(a)) if a.dtype.is_integer() && a.dtype != Type::Number(NumericKind::UInt64) => {
            let dtype = match &b[1] {
                w if is_nonelike(w.as_ref()) => Type::intp(),
                _ => Type::float64(),
            };
            sig(Type::array(dtype, 1, Layout::C), args)
        }
        _ => Ok(None),
    }
}
