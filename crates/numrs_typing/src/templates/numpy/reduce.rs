//! Reductions, scans and sorting-like functions, as `np.<f>` functions and array methods
//! (Numba's `arraymath.py` overloads: `sum`, `prod`, `mean`, `var`, `std`, `min`, `max`,
//! `argmin`, `argmax`, `all`, `any`, `cumsum`, `cumprod`, `median`, `percentile`, `nan*`,
//! `sort`, `unique`, `searchsorted`, `flatnonzero`, `count_nonzero`, `round`, ...).

use numrs_types::{ArrayType, Layout, NumericKind, Type};

use super::common::{bind, is_nonelike, parse_dtype, sig};
use crate::registry::{AbstractFn, CallError, CallResult};

pub(super) const TEMPLATES: &[(&str, AbstractFn)] = &[
    ("numpy.sum", sum),
    ("array.sum", sum),
    ("numpy.prod", prod),
    ("array.prod", prod),
    ("numpy.nansum", nansum_nanprod),
    ("numpy.nanprod", nansum_nanprod),
    ("numpy.cumsum", cumsum),
    ("array.cumsum", cumsum),
    ("numpy.cumprod", cumprod),
    ("array.cumprod", cumprod),
    ("numpy.nancumsum", cumprod),
    ("numpy.nancumprod", cumprod),
    ("numpy.mean", mean),
    ("array.mean", mean),
    ("numpy.nanmean", nanmean),
    ("numpy.var", var_std),
    ("array.var", var_std),
    ("numpy.std", var_std),
    ("array.std", var_std),
    ("numpy.nanvar", nan_var),
    ("numpy.nanstd", nan_std),
    ("numpy.min", min_max),
    ("numpy.amin", min_max),
    ("array.min", min_max),
    ("numpy.max", min_max),
    ("numpy.amax", min_max),
    ("array.max", min_max),
    ("numpy.nanmin", min_max),
    ("numpy.nanmax", min_max),
    ("numpy.ptp", ptp),
    ("numpy.argmin", argminmax),
    ("array.argmin", argminmax),
    ("numpy.argmax", argminmax),
    ("array.argmax", argminmax),
    ("numpy.nanargmin", argminmax),
    ("numpy.nanargmax", argminmax),
    ("numpy.all", all_any),
    ("array.all", all_any),
    ("numpy.any", all_any),
    ("array.any", all_any),
    ("numpy.median", median),
    ("numpy.nanmedian", nanmedian),
    ("numpy.percentile", percentile),
    ("numpy.nanpercentile", percentile),
    ("numpy.quantile", percentile),
    ("numpy.nanquantile", percentile),
    ("numpy.sort", np_sort),
    ("numpy.unique", unique),
    ("numpy.flatnonzero", flatnonzero),
    ("numpy.count_nonzero", count_nonzero),
    ("numpy.searchsorted", searchsorted),
    ("numpy.round", round),
    ("numpy.around", round),
    ("numpy.isclose", isclose),
    ("numpy.allclose", allclose),
    ("numpy.diff", diff),
    ("numpy.average", average),
];

/// Numba's `get_accumulator_type`: booleans and integers narrower than `intp` accumulate in
/// `intp`/`uintp`.
fn accumulator(dtype: &Type) -> Type {
    match dtype.as_number() {
        Some(NumericKind::Boolean) => Type::intp(),
        Some(k) if k.is_integer() && k.bitwidth() < 64 => {
            if k.is_signed_int() {
                Type::intp()
            } else {
                Type::uintp()
            }
        }
        _ => dtype.clone(),
    }
}

/// The array argument (Numba's overloads here accept arrays; scalars where noted).
fn array_arg(t: &Option<Type>) -> Option<&ArrayType> {
    t.as_ref().and_then(Type::as_array)
}

fn dtype_arg(t: &Option<Type>) -> Result<Option<Type>, ()> {
    if is_nonelike(t.as_ref()) {
        return Ok(None);
    }
    match t.as_ref().and_then(parse_dtype) {
        Some(d) => Ok(Some(d)),
        None => Err(()),
    }
}

fn sum(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["a", "axis", "dtype"], 1) else { return Ok(None) };
    let axis_count = match &b[1] {
        a if is_nonelike(a.as_ref()) => None,
        Some(t) if t.is_integer() && !t.is_boolean() => Some(1),
        Some(Type::UniTuple(d, n)) if d.is_integer() => Some(*n),
        Some(Type::Tuple(items)) if items.is_empty() => Some(0),
        Some(_) => return Ok(None),
        None => None,
    };
    let Ok(dtype) = dtype_arg(&b[2]) else { return Ok(None) };
    // Numba's `array_sum` starts a datetime sum from `0` and fails as it compiles.
    if let Some(Type::Array(a)) = &b[0] {
        if matches!(a.dtype, Type::NPDatetime(_)) {
            return Err(CallError { kind: "AttributeError", message: "'int' object has no attribute 'astype' (Numba's sum of datetime64 items; sum timedeltas instead)".into() });
        }
    }
    match &b[0] {
        Some(Type::Array(a)) => {
            let ret_dtype = dtype.clone().unwrap_or_else(|| accumulator(&a.dtype));
            let ret = match axis_count {
                Some(0) => Type::array(dtype.unwrap_or_else(|| a.dtype.clone()), a.ndim, Layout::C),
                None => ret_dtype,
                Some(n) if a.ndim <= n => ret_dtype,
                Some(n) => Type::array(ret_dtype, a.ndim - n, Layout::C),
            };
            sig(ret, args)
        }
        Some(t) if t.is_number() => sig(dtype.unwrap_or_else(|| accumulator(&t.unliteral())), args),
        _ => Ok(None),
    }
}

fn prod(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["a"], 1) else { return Ok(None) };
    match &b[0] {
        Some(Type::Array(a)) => sig(accumulator(&a.dtype), args),
        Some(t) if t.is_number() => sig(accumulator(&t.unliteral()), args),
        _ => Ok(None),
    }
}

/// Numba's `np_nansum` and `np_nanprod`: arrays only (a plain number is a typing error, unlike
/// `np.sum` and `np.prod`).
fn nansum_nanprod(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["a"], 1) else { return Ok(None) };
    match array_arg(&b[0]) {
        Some(a) => sig(accumulator(&a.dtype), args),
        None => Ok(None),
    }
}

fn cumsum(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["a", "axis", "dtype"], 1) else { return Ok(None) };
    let has_axis = match &b[1] {
        a if is_nonelike(a.as_ref()) => false,
        Some(t) if t.is_integer() && !t.is_boolean() => true,
        _ => return Ok(None),
    };
    let Ok(dtype) = dtype_arg(&b[2]) else { return Ok(None) };
    // A plain number: Numba's `scalar_cumsum_impl` returns `acc_init + a`, a zero of `a`'s
    // type (or `dtype`'s) plus `a`, so a number of the addition's type, not an array.
    if let Some(t) = b[0].as_ref().filter(|t| t.is_number()) {
        let t = t.unliteral();
        let acc = match dtype {
            None => t,
            Some(d) => match numrs_types::unify_pairs(&d, &t) {
                Some(u) => u,
                None => return Ok(None),
            },
        };
        return sig(accumulator(&acc), args);
    }
    let Some(a) = array_arg(&b[0]) else { return Ok(None) };
    let ret_dtype = dtype.unwrap_or_else(|| accumulator(&a.dtype));
    let ndim = if has_axis && a.ndim != 1 { a.ndim } else { 1 };
    sig(Type::array(ret_dtype, ndim, Layout::C), args)
}

fn cumprod(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["a"], 1) else { return Ok(None) };
    let Some(a) = array_arg(&b[0]) else { return Ok(None) };
    sig(Type::array(accumulator(&a.dtype), 1, Layout::C), args)
}

fn mean(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["a"], 1) else { return Ok(None) };
    let dtype = match &b[0] {
        Some(Type::Array(a)) => a.dtype.clone(),
        Some(t) if t.is_number() => t.unliteral(),
        _ => return Ok(None),
    };
    let ret = if dtype.is_integer() || dtype.is_boolean() { Type::float64() } else { dtype };
    sig(ret, args)
}

/// Numba's `np_nanmean`: arrays only, accumulated in a float64 (`c = 0.0`), so real arrays
/// of any dtype give float64 and complex ones complex128.
fn nanmean(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["a"], 1) else { return Ok(None) };
    match &b[0] {
        Some(Type::Array(a)) if a.dtype.is_complex() => sig(Type::complex128(), args),
        Some(Type::Array(a)) if a.dtype.is_number() => sig(Type::float64(), args),
        _ => Ok(None),
    }
}

fn var_std(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["a"], 1) else { return Ok(None) };
    match &b[0] {
        Some(Type::Array(a)) if a.dtype.is_number() => sig(Type::float64(), args),
        _ => Ok(None),
    }
}

fn nan_var(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    nan_var_std("nanvar", args, kws)
}

fn nan_std(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    nan_var_std("nanstd", args, kws)
}

/// `np.nanvar(a, axis=None, dtype=None, out=None, ddof=0)` / `np.nanstd` (Numba's `np_nanvar`):
/// an integer `ddof`; `axis`, `dtype` and `out` are refused.
fn nan_var_std(name: &str, args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["a", "axis", "dtype", "out", "ddof"], 1) else { return Ok(None) };
    let Some(Type::Array(a)) = &b[0] else { return Ok(None) };
    if !a.dtype.is_number() {
        return Ok(None);
    }
    if let Some(d) = &b[4] {
        if !(d.is_integer() || matches!(d, Type::IntegerLiteral(_) | Type::Omitted(_))) {
            return Ok(None);
        }
    }
    for (i, what) in [(1, "axis"), (2, "dtype"), (3, "out")] {
        if !is_nonelike(b[i].as_ref()) {
            return Err(CallError::typing(format!("Numba does not support {name} with {what}.")));
        }
    }
    sig(Type::float64(), args)
}

fn min_max(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["a"], 1) else { return Ok(None) };
    match &b[0] {
        Some(Type::Array(a)) => sig(a.dtype.clone(), args),
        Some(t) if t.is_number() => sig(t.unliteral(), args),
        _ => Ok(None),
    }
}

/// `np.ptp(a)` (Numba's `np_ptp`): `a_max - a_min` unified with the early returns (NaN for
/// floats, the integer 0 otherwise): int64 for signed integers, float64 for unsigned ones
/// and floats, complex128 for complex numbers; booleans are refused.
fn ptp(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["a"], 1) else { return Ok(None) };
    let dtype = match &b[0] {
        Some(Type::Array(a)) => a.dtype.clone(),
        Some(t) if t.is_number() => t.unliteral(),
        _ => return Ok(None),
    };
    let Some(k) = dtype.as_number() else { return Ok(None) };
    if k == NumericKind::Boolean {
        return Err(CallError::typing("Boolean dtype is unsupported (as per NumPy)"));
    }
    let ret = if k.is_complex() {
        Type::complex128()
    } else if k.is_signed_int() {
        Type::int64()
    } else {
        Type::float64()
    };
    sig(ret, args)
}

fn argminmax(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["a", "axis"], 1) else { return Ok(None) };
    let Some(a) = array_arg(&b[0]) else { return Ok(None) };
    // Numba's argmin/argmax compare with `<`/`>`, which complex numbers lack.
    if a.dtype.is_complex() {
        return Ok(None);
    }
    match &b[1] {
        x if is_nonelike(x.as_ref()) => sig(Type::intp(), args),
        // Numba's `array_argmax` with an axis has no 0-d implementation.
        Some(t) if t.is_integer() && !t.is_boolean() && a.ndim == 0 => Ok(None),
        Some(t) if t.is_integer() && !t.is_boolean() => {
            if a.ndim <= 1 {
                sig(Type::intp(), args)
            } else {
                sig(Type::array(Type::intp(), a.ndim - 1, Layout::C), args)
            }
        }
        _ => Ok(None),
    }
}

fn all_any(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["a"], 1) else { return Ok(None) };
    match &b[0] {
        // Numba's `scalar_all` / `scalar_any` (`bool(a)` of a number or boolean) too.
        Some(t) if t.is_number() || t.as_array().is_some() => sig(Type::boolean(), args),
        _ => Ok(None),
    }
}

fn median(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["a"], 1) else { return Ok(None) };
    match array_arg(&b[0]) {
        Some(a) if a.dtype.is_number() && !a.dtype.is_complex() => sig(Type::float64(), args),
        // Timedeltas: the middle item, or the middle two's sum over 2 (truncated).
        Some(a) if matches!(a.dtype, Type::NPTimedelta(_)) => sig(a.dtype.clone(), args),
        _ => Ok(None),
    }
}

/// `np.nanmedian`: numbers only (Numba's has no timedelta path).
fn nanmedian(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["a"], 1) else { return Ok(None) };
    match array_arg(&b[0]) {
        Some(a) if a.dtype.is_number() && !a.dtype.is_complex() => sig(Type::float64(), args),
        _ => Ok(None),
    }
}

fn percentile(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["a", "q"], 2) else { return Ok(None) };
    // Numba's percentiles work on the items as float64: no datetimes or timedeltas.
    let Some(a) = array_arg(&b[0]) else { return Ok(None) };
    // (Complex items neither: Numba's float64 conversion of them does not type.)
    if a.dtype.is_datetime_like() || a.dtype.as_number().is_some_and(|k| k.is_complex()) {
        return Ok(None);
    }
    match &b[1] {
        Some(q) if q.is_number() => sig(Type::float64(), args),
        Some(Type::Array(_) | Type::List { .. } | Type::UniTuple(..) | Type::Tuple(_)) => {
            sig(Type::array(Type::float64(), 1, Layout::C), args)
        }
        _ => Ok(None),
    }
}

fn np_sort(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["a"], 1) else { return Ok(None) };
    // Numba's `np_sort_impl` is `res = a.copy(); res.sort()`: of a list, a sorted list.
    if let Some(Type::List { dtype, .. }) = &b[0] {
        if dtype.is_precise() && (dtype.is_number() || dtype.is_string()) {
            return sig(Type::list((**dtype).clone(), false), args);
        }
    }
    match array_arg(&b[0]) {
        Some(a) if a.ndim == 0 => Ok(None),
        Some(a) => sig(Type::array(a.dtype.clone(), a.ndim, Layout::C), args),
        None => Ok(None),
    }
}

fn unique(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["ar"], 1) else { return Ok(None) };
    match array_arg(&b[0]) {
        Some(a) => sig(Type::array(a.dtype.clone(), 1, Layout::C), args),
        None => Ok(None),
    }
}

fn flatnonzero(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["a"], 1) else { return Ok(None) };
    match &b[0] {
        Some(Type::Array(_)) => sig(Type::array(Type::intp(), 1, Layout::C), args),
        Some(t) if t.is_number() => sig(Type::array(Type::intp(), 1, Layout::C), args),
        // `np.asarray` of a tuple of numbers.
        Some(Type::UniTuple(item, _)) if item.unliteral().as_number().is_some() => sig(Type::array(Type::intp(), 1, Layout::C), args),
        _ => Ok(None),
    }
}

fn count_nonzero(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["a", "axis"], 1) else { return Ok(None) };
    let Some(a) = array_arg(&b[0]) else { return Ok(None) };
    // Numba: `np.sum(a.astype(np.bool_), axis=axis)`, so the axes are `np.sum`'s.
    let axis_count = match &b[1] {
        x if is_nonelike(x.as_ref()) => return sig(Type::intp(), args),
        Some(t) if t.is_integer() && !t.is_boolean() => 1,
        Some(Type::UniTuple(d, n)) if d.is_integer() => *n,
        Some(Type::Tuple(items)) if items.is_empty() => 0,
        _ => return Ok(None),
    };
    match axis_count {
        0 => sig(Type::array(Type::boolean(), a.ndim, Layout::C), args),
        n if a.ndim <= n => sig(Type::intp(), args),
        n => sig(Type::array(Type::intp(), a.ndim - n, Layout::C), args),
    }
}

fn searchsorted(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["a", "v", "side"], 2) else { return Ok(None) };
    if let Some(side) = &b[2] {
        match side {
            Type::StringLiteral(s) if matches!(&**s, "left" | "right") => {}
            Type::StringLiteral(_) => return Err(CallError::typing("Invalid value given for 'side'")),
            Type::Unicode | Type::NoneType => return Ok(None),
            _ => return Ok(None),
        }
    }
    // `a` is indexed as it is: an array, or a list or homogeneous tuple (with a `dtype`).
    let sorted_ok = matches!(&b[0], Some(Type::Array(_) | Type::List { .. } | Type::ListType(_) | Type::UniTuple(..)));
    if !sorted_ok {
        return Ok(None);
    }
    match &b[1] {
        Some(Type::Array(v)) => sig(Type::array(Type::intp(), v.ndim, Layout::C), args),
        Some(Type::List { .. } | Type::UniTuple(..) | Type::Tuple(_)) => {
            sig(Type::array(Type::intp(), 1, Layout::C), args)
        }
        Some(t) if t.is_number() || t.is_datetime_like() => sig(Type::intp(), args),
        _ => Ok(None),
    }
}

fn round(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["a", "decimals", "out"], 1) else { return Ok(None) };
    // Numba's `round_ndigits` compares `decimals` and raises 10.0 to it: any real number.
    if let Some(d) = &b[1] {
        if !d.is_integer() && !d.as_number().is_some_and(|k| k.is_float()) && !matches!(d, Type::Omitted(_)) {
            return Ok(None);
        }
    }
    // `out=None` is no `out`.
    let out = b[2].as_ref().filter(|t| !matches!(t, Type::NoneType | Type::Omitted(_)));
    // Numba writes `out[index] = np.round(val, decimals)`: a complex value does not convert to
    // a real array's items.
    let writable = |o: &ArrayType, x: &Type| !o.readonly && !(x.as_number().is_some_and(|k| k.is_complex()) && !o.dtype.as_number().is_some_and(|k| k.is_complex()));
    match &b[0] {
        // Numba's `round` of arrays takes numbers other than booleans.
        Some(Type::Array(a)) if a.dtype.is_boolean() => Ok(None),
        Some(Type::Array(a)) => match out {
            Some(o @ Type::Array(oa)) if oa.ndim == a.ndim && writable(oa, &a.dtype) => sig(o.clone(), args),
            Some(_) => Ok(None),
            // `np.empty_like(a)`: C or F as `a`, else C.
            None => sig(Type::array(a.dtype.clone(), a.ndim, if a.layout == Layout::F { Layout::F } else { Layout::C }), args),
        },
        // Numba's scalar implementations return `rint(a)` or `round_ndigits(a, d)` (float64),
        // `a` or `int(round_ndigits(a, d))` (int64), complex parts of either: unified.
        Some(t) if t.is_number() && out.is_some() => match out {
            Some(o @ Type::Array(oa)) if oa.ndim >= 1 && writable(oa, t) => sig(o.clone(), args),
            _ => Ok(None),
        },
        Some(t) if t.is_number() => {
            let t = t.unliteral();
            let Some(k) = t.as_number() else { return Ok(None) };
            let r = if k.is_complex() {
                Type::Number(NumericKind::Complex128)
            } else if k.is_float() {
                Type::float64()
            } else if k.is_integer() {
                match numrs_types::unify_pairs(&t, &Type::int64()) {
                    Some(u) => u,
                    None => return Ok(None),
                }
            } else {
                return Ok(None);
            };
            sig(r, args)
        }
        _ => Ok(None),
    }
}

fn isclose(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["a", "b", "rtol", "atol", "equal_nan"], 2) else { return Ok(None) };
    let (Some(x), Some(y)) = (&b[0], &b[1]) else { return Ok(None) };
    // Numba's `_isclose_item` compares with `x > 0`, which complex numbers do not have.
    if [x, y].iter().any(|t| t.element_type().is_complex()) {
        return Ok(None);
    }
    match (x.as_array(), y.as_array()) {
        (None, None) => sig(Type::boolean(), args),
        // Numba's `np.broadcast_to(out, shape)`: a read-only view.
        (Some(a), Some(c)) => {
            let t = ArrayType::new(Type::boolean(), a.ndim.max(c.ndim), Layout::A, true);
            sig(Type::Array(std::sync::Arc::new(t)), args)
        }
        // `a.reshape(-1)`: contiguous arrays only.
        (Some(a), None) | (None, Some(a)) => {
            if !matches!(a.layout, Layout::C | Layout::F) {
                return Ok(None);
            }
            sig(Type::array(Type::boolean(), a.ndim, Layout::C), args)
        }
    }
}

fn allclose(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["a", "b", "rtol", "atol", "equal_nan"], 2) else { return Ok(None) };
    // Two arrays go through `np.broadcast_arrays`, which refuses different dtypes.
    if let (Some(Type::Array(x)), Some(Type::Array(y))) = (&b[0], &b[1]) {
        if x.dtype != y.dtype {
            return Ok(None);
        }
    }
    sig(Type::boolean(), args)
}

fn diff(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["a", "n"], 1) else { return Ok(None) };
    match array_arg(&b[0]) {
        // The implementation reshapes `a`, which Numba allows only for contiguous arrays.
        // (A datetime's difference is a timedelta, which its scratch array of datetimes
        // cannot hold.)
        Some(a) if a.ndim >= 1 && matches!(a.layout, Layout::C | Layout::F) && !matches!(a.dtype, Type::NPDatetime(_)) => {
            sig(Type::array(a.dtype.clone(), a.ndim, Layout::C), args)
        }
        _ => Ok(None),
    }
}

fn average(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["a", "axis", "weights"], 1) else { return Ok(None) };
    if !is_nonelike(b[1].as_ref()) {
        // Numba's `np_average` raises Python's TypeError for any axis.
        return Err(CallError { kind: "TypeError", message: "Numba does not support average with axis.".into() });
    }
    let Some(a) = array_arg(&b[0]) else { return Ok(None) };
    let ret = if a.dtype.is_integer() || a.dtype.is_boolean() { Type::float64() } else { a.dtype.clone() };
    // With weights: `np.sum(np.multiply(arr, weights)) / np.sum(weights)`.
    if let Some(w) = array_arg(&b[2]) {
        let product = crate::registry::resolve_call("numpy.multiply", &[a.dtype.clone(), w.dtype.clone()], &[]);
        let Ok(Some(product)) = product else { return Ok(None) };
        let total = |t: Type| match crate::registry::resolve_call("numpy.sum", &[Type::array(t, 1, Layout::C)], &[]) {
            Ok(Some(s)) => Some(s.return_type),
            _ => None,
        };
        let (Some(num), Some(den)) = (total(product.return_type), total(w.dtype.clone())) else { return Ok(None) };
        let Ok(Some(q)) = crate::registry::resolve_call("operator.truediv", &[num, den], &[]) else { return Ok(None) };
        return sig(q.return_type, args);
    }
    sig(ret, args)
}
