//! More NumPy array functions from Numba's `arraymath.py`, `arrayobj.py` and `linalg.py`
//! overloads: `interp`, `histogram`, `digitize`, `nan_to_num`, `expand_dims`, `atleast_Nd`,
//! `flip`/`fliplr`/`flipud`, `convolve`/`correlate`, `tri`/`tril`/`triu`, `diag`, `trace`,
//! `isin`, `argwhere`, `ediff1d`, `append`, `cov`/`corrcoef` (SciPy-gated).
//!
//! Each template returns the type the overload's implementation produces; the checks an
//! overload makes before choosing an implementation become `TypingError`s (explicit
//! `raise TypingError`) or `Ok(None)` (the overload returns `None`: "No implementation").

use numrs_types::{ArrayType, Layout, NumericKind, Type};

use super::common::{bind, is_nonelike, sig};
use super::index::getitem;
use super::tables::{promote_types, tables};
use super::ufunc::find_matching_loop;
use crate::registry::{AbstractFn, CallError, CallResult};

pub(super) const TEMPLATES: &[(&str, AbstractFn)] = &[
    ("numpy.interp", interp),
    ("numpy.histogram", histogram),
    ("numpy.digitize", digitize),
    ("numpy.nan_to_num", nan_to_num),
    ("numpy.expand_dims", expand_dims),
    ("numpy.atleast_1d", atleast_1d),
    ("numpy.atleast_2d", atleast_2d),
    ("numpy.atleast_3d", atleast_3d),
    ("numpy.flip", flip),
    ("numpy.fliplr", fliplr),
    ("numpy.flipud", flipud),
    ("numpy.convolve", convolve),
    ("numpy.correlate", correlate),
    ("numpy.tri", tri),
    ("numpy.tril", tril_triu),
    ("numpy.triu", tril_triu),
    ("numpy.diag", diag),
    ("numpy.trace", trace),
    ("numpy.isin", isin),
    ("numpy.argwhere", argwhere),
    ("numpy.lib.stride_tricks.sliding_window_view", sliding_window_view),
    ("numpy.lib.stride_tricks.as_strided", as_strided),
    ("numpy.ndindex", ndindex),
    ("numpy.iscomplexobj", type_predicate),
    ("numpy.isrealobj", type_predicate),
    ("numpy.isposinf", signed_inf),
    ("numpy.isneginf", signed_inf),
    ("numpy.asarray_chkfinite", asarray_chkfinite),
    ("numpy.bartlett", window),
    ("numpy.blackman", window),
    ("numpy.hamming", window),
    ("numpy.hanning", window),
    ("numpy.ndenumerate", ndenumerate),
    ("numpy.nditer", nditer),
    ("numpy.ediff1d", ediff1d),
    ("numpy.cross", cross),
    ("numpy.append", append),
    ("numpy.cov", gated_cov),
    ("numpy.corrcoef", gated_corrcoef),
    // Numba's `numpy.linalg` support calls LAPACK/BLAS through SciPy: without SciPy (as the
    // recorded answers were made) each fails to type with its ImportError.
    ("numpy.linalg.cholesky", gated_cholesky),
    ("numpy.linalg.cond", gated_cond),
    ("numpy.linalg.det", gated_det),
    ("numpy.linalg.eig", gated_eig),
    ("numpy.linalg.eigh", gated_eigh),
    ("numpy.linalg.eigvals", gated_eigvals),
    ("numpy.linalg.eigvalsh", gated_eigvalsh),
    ("numpy.linalg.inv", gated_inv),
    ("numpy.linalg.lstsq", gated_lstsq),
    ("numpy.linalg.matrix_power", gated_matrix_power),
    ("numpy.linalg.matrix_rank", gated_matrix_rank),
    ("numpy.linalg.norm", gated_norm),
    ("numpy.linalg.pinv", gated_pinv),
    ("numpy.linalg.qr", gated_qr),
    ("numpy.linalg.slogdet", gated_slogdet),
    ("numpy.linalg.solve", gated_solve),
    ("numpy.linalg.svd", gated_svd),
    ("numpy.roots", gated_roots),
];

/// Numba's `type_can_asarray`: arrays, sequences (lists), tuples, numbers and booleans.
fn can_asarray(t: &Type) -> bool {
    matches!(t, Type::Array(_) | Type::List { .. } | Type::ListType(_) | Type::UniTuple(..) | Type::Tuple(_))
        || t.is_number()
}

/// The dtype and number of dimensions `np.asarray(t)` gives, for the array-likes Numba's
/// `np.asarray` accepts (arrays, lists and homogeneous tuples of scalars, scalars).
pub(super) fn asarray_info(t: &Type) -> Option<(Type, u32)> {
    match t {
        Type::Array(a) => Some((a.dtype.clone(), a.ndim)),
        Type::List { dtype, .. } | Type::ListType(dtype) if dtype.is_number() => Some((dtype.unliteral(), 1)),
        Type::UniTuple(item, _) if item.is_number() => Some((item.unliteral(), 1)),
        t if t.is_number() => Some((t.unliteral(), 0)),
        _ => None,
    }
}

/// `determine_dtype` in `arraymath.py`: the NumPy dtype of an array-like (`float64` otherwise).
fn determine_dtype(t: &Type) -> Option<NumericKind> {
    match t {
        Type::Array(a) => a.dtype.as_number(),
        Type::UniTuple(..) | Type::Tuple(_) => {
            let mut kinds: Vec<NumericKind> = Vec::new();
            for item in t.tuple_items().unwrap_or_default() {
                let inner = match &item {
                    Type::Array(a) => a.dtype.clone(),
                    Type::UniTuple(x, _) => (**x).clone(),
                    other => other.clone(),
                };
                let k = inner.as_number()?;
                if !kinds.contains(&k) {
                    kinds.push(k);
                }
            }
            let mut it = kinds.into_iter();
            match it.next() {
                None => Some(NumericKind::Float64),
                Some(first) => it.try_fold(first, promote_types),
            }
        }
        t if t.is_number() => t.as_number(),
        _ => Some(NumericKind::Float64),
    }
}

fn ndim_of(t: &Type) -> Option<u32> {
    t.as_array().map(|a| a.ndim)
}

/// `np.interp(x, xp, fp)`: `float64` (or `complex128` for complex `fp`) values, shaped like
/// `x` (a scalar for a scalar `x`).
fn interp(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["x", "xp", "fp"], 3) else { return Ok(None) };
    let (Some(x), Some(xp), Some(fp)) = (&b[0], &b[1], &b[2]) else { return Ok(None) };
    if ndim_of(xp).is_some_and(|n| n > 1) {
        return Err(CallError::typing("xp must be 1D"));
    }
    if ndim_of(fp).is_some_and(|n| n > 1) {
        return Err(CallError::typing("fp must be 1D"));
    }
    const COMPLEX_MSG: &str = "Cannot cast array data from complex dtype to float64 dtype";
    let Some(xp_dt) = determine_dtype(xp) else { return Ok(None) };
    if xp_dt.is_complex() {
        return Err(CallError::typing(COMPLEX_MSG));
    }
    let Some(fp_dt) = determine_dtype(fp) else { return Ok(None) };
    let Some(dtype) = promote_types(fp_dt, NumericKind::Float64) else { return Ok(None) };
    if x.is_number() {
        if x.is_complex() {
            return Err(CallError::typing(COMPLEX_MSG));
        }
        return sig(Type::Number(dtype), args);
    }
    // The implementation's `np.asarray(x, dtype=np.float64)`.
    let Some((x_dt, ndim)) = asarray_info(x) else { return Ok(None) };
    if x_dt.is_complex() {
        return Ok(None);
    }
    sig(Type::array(Type::Number(dtype), ndim, Layout::C), args)
}

/// `np.histogram(a, bins=10, range=None)`: `(array(intp), bin edges)`; the edges are
/// `np.linspace`'s `float64` for a bin count, the `bins` argument itself otherwise.
fn histogram(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["a", "bins", "range"], 1) else { return Ok(None) };
    let Some(a) = &b[0] else { return Ok(None) };
    let Some(a) = a.as_array() else { return Ok(None) };
    let Some(dtype) = a.dtype.as_number() else { return Ok(None) };
    let hist = Type::array(Type::intp(), 1, Layout::C);
    let bins = b[1].as_ref().filter(|t| !matches!(t, Type::Omitted(_)));
    let edges = match bins {
        None => real_edges(dtype)?,
        Some(t) if t.is_integer() => match &b[2] {
            r if is_nonelike(r.as_ref()) => real_edges(dtype)?,
            Some(r) => {
                let items = r.tuple_items().unwrap_or_default();
                let [lo, hi] = items.as_slice() else { return Ok(None) };
                if !lo.is_number() || !hi.is_number() {
                    return Ok(None);
                }
                if lo.is_complex() || hi.is_complex() {
                    Type::array(Type::complex128(), 1, Layout::C)
                } else {
                    Type::array(Type::float64(), 1, Layout::C)
                }
            }
            None => return Ok(None),
        },
        Some(t @ Type::Array(e)) if e.ndim == 1 => t.clone(),
        Some(t @ (Type::List { .. } | Type::ListType(_))) => t.clone(),
        Some(_) => return Ok(None),
    };
    sig(Type::tuple(vec![hist, edges]), args)
}

/// Without `range`, Numba finds the bounds starting from `float('inf')`, so the edges come from
/// `np.linspace` over floats (complex data cannot be ordered).
fn real_edges(dtype: NumericKind) -> Result<Type, CallError> {
    if dtype.is_complex() {
        return Err(CallError::typing(format!("Cannot compare {} with float64", Type::Number(dtype))));
    }
    Ok(Type::array(Type::float64(), 1, Layout::C))
}

/// `np.digitize(x, bins, right=False)`: `np.searchsorted(bins, x)`.
fn digitize(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["x", "bins", "right"], 2) else { return Ok(None) };
    let (Some(x), Some(bins)) = (&b[0], &b[1]) else { return Ok(None) };
    if let Type::Array(a) = x {
        if a.dtype.is_complex() {
            return Err(CallError::typing("x may not be complex"));
        }
    }
    let Some(bins) = bins.as_array() else { return Ok(None) };
    if bins.ndim != 1 || !bins.dtype.is_number() {
        return Ok(None);
    }
    match x {
        Type::Array(a) if a.dtype.is_number() => sig(Type::array(Type::intp(), a.ndim, Layout::C), args),
        Type::List { dtype, .. } | Type::ListType(dtype) if dtype.is_number() => {
            sig(Type::array(Type::intp(), 1, Layout::C), args)
        }
        t if t.is_number() => sig(Type::intp(), args),
        _ => Ok(None),
    }
}

/// `np.nan_to_num(x, copy=True, nan=0.0, posinf=None, neginf=None)`.
fn nan_to_num(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["x", "copy", "nan", "posinf", "neginf"], 1) else { return Ok(None) };
    let Some(x) = &b[0] else { return Ok(None) };
    const ONLY: &str = "Only Integer, Float, and Complex values are accepted";
    if let Some(k) = x.as_number() {
        return match k {
            NumericKind::Boolean => Err(CallError::typing(ONLY)),
            k if k.is_integer() => sig(x.clone(), args),
            k if k.is_complex() => sig(Type::complex128(), args),
            // `nan` (a float) and `x` are returned from different branches.
            _ => sig(Type::float64(), args),
        };
    }
    if !can_asarray(x) {
        return Err(CallError::typing("The first argument must be a scalar or an array-like"));
    }
    let Some((dtype, ndim)) = asarray_info(x) else { return Ok(None) };
    let Some(k) = dtype.as_number() else { return Ok(None) };
    if k == NumericKind::Boolean {
        return Err(CallError::typing(ONLY));
    }
    if k.is_integer() {
        return sig(x.clone(), args);
    }
    // `np.copy(x_) if copy else x_`: a copy (C or F as `x`, else C) unified with `x` itself.
    let layout = match x {
        Type::Array(a) => a.layout,
        _ => Layout::C,
    };
    let readonly = matches!(x, Type::Array(a) if a.readonly);
    sig(Type::array_ro(dtype, ndim, layout, readonly), args)
}

/// `np.expand_dims(a, axis)`: one more dimension, `A` layout beyond one dimension.
fn expand_dims(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["a", "axis"], 2) else { return Ok(None) };
    let (Some(a), Some(axis)) = (&b[0], &b[1]) else { return Ok(None) };
    let Type::Array(arr) = a else {
        return Err(CallError::typing(format!("First argument \"a\" must be an array. Got {a}")));
    };
    if !axis.is_integer() {
        return Err(CallError::typing(format!("Argument \"axis\" must be an integer. Got {axis}")));
    }
    let layout = if arr.ndim <= 1 { arr.layout } else { Layout::A };
    sig(with_ndim(arr, arr.ndim + 1, layout), args)
}

fn with_ndim(a: &ArrayType, ndim: u32, layout: Layout) -> Type {
    Type::array_ro(a.dtype.clone(), ndim, layout, a.readonly)
}

/// `np.atleast_Nd(*arrays)`: each array with at least N dimensions (layout kept); a tuple for
/// several arguments.
fn atleast(min: u32, args: &[Type], kws: &[(String, Type)]) -> CallResult {
    if !kws.is_empty() || args.is_empty() {
        return Ok(None);
    }
    let mut out = Vec::with_capacity(args.len());
    for a in args {
        let Type::Array(arr) = a else { return Ok(None) };
        out.push(with_ndim(arr, arr.ndim.max(min), arr.layout));
    }
    let ret = if out.len() == 1 { out.remove(0) } else { Type::tuple(out) };
    sig(ret, args)
}

fn atleast_1d(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    atleast(1, args, kws)
}

fn atleast_2d(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    atleast(2, args, kws)
}

fn atleast_3d(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    atleast(3, args, kws)
}

/// The type of `a[idx]`, through the array indexing rules.
fn index_result(a: &Type, idx: Type) -> Option<Type> {
    match getitem(&[a.clone(), idx], &[]) {
        Ok(Some(s)) => Some(s.return_type),
        _ => None,
    }
}

/// `np.flip(m)`: `m[(slice(None, None, -1),) * m.ndim]`.
fn flip(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["m"], 1) else { return Ok(None) };
    let Some(m) = &b[0] else { return Ok(None) };
    let Type::Array(arr) = m else {
        return Err(CallError::typing(format!("Cannot np.flip on {m} type")));
    };
    match index_result(m, Type::unituple(Type::Slice3, arr.ndim)) {
        Some(ret) => sig(ret, args),
        None => Ok(None),
    }
}

/// `np.fliplr(m)`: `np.asarray(m)[::, ::-1, ...]`; `np.flipud(m)`: `np.asarray(m)[::-1, ...]`.
fn flip_axis(name: &str, idx: Type, args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["m"], 1) else { return Ok(None) };
    let Some(m) = &b[0] else { return Ok(None) };
    if !can_asarray(m) {
        return Err(CallError::typing(format!("Cannot np.{name} on {m} type")));
    }
    let arr = match m {
        Type::Array(_) => m.clone(),
        other => match asarray_info(other) {
            Some((dtype, ndim)) => Type::array(dtype, ndim, Layout::C),
            None => return Ok(None),
        },
    };
    match index_result(&arr, idx) {
        Some(ret) => sig(ret, args),
        None => Ok(None),
    }
}

fn fliplr(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    flip_axis("fliplr", Type::tuple(vec![Type::Slice2, Type::Slice3, Type::Ellipsis]), args, kws)
}

fn flipud(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    flip_axis("flipud", Type::tuple(vec![Type::Slice3, Type::Ellipsis]), args, kws)
}

/// `np.convolve(a, v, mode)`: a 1-D `C` array of the promoted dtype (`_np_correlate_core`).
fn convolve(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    convolve_like(false, args, kws)
}

/// `np.correlate(a, v, mode)`: as `convolve`, but the operands first go through `np.conj`
/// (`a` when both are real, `v` when it is complex), whose loop turns booleans into `int8`.
fn correlate(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    convolve_like(true, args, kws)
}

fn convolve_like(correlate: bool, args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["a", "v", "mode"], 2) else { return Ok(None) };
    let (Some(a), Some(v)) = (&b[0], &b[1]) else { return Ok(None) };
    for t in [a, v] {
        if ndim_of(t).is_some_and(|n| n > 1) {
            let name = if correlate { "np.correlate" } else { "np.convolve" };
            return Err(CallError::typing(format!("{name}() only supported on 1D arrays ")));
        }
    }
    let (Some(a), Some(v)) = (a.as_array(), v.as_array()) else { return Ok(None) };
    if a.ndim != 1 || v.ndim != 1 {
        return Ok(None);
    }
    let (Some(mut ka), Some(kv)) = (a.dtype.as_number(), v.dtype.as_number()) else { return Ok(None) };
    if correlate && !ka.is_complex() && !kv.is_complex() {
        let conj = tables().ufuncs.get("conjugate").and_then(|u| find_matching_loop(u, &[ka], &[]));
        let Some(l) = conj else { return Ok(None) };
        ka = l.outputs[0];
    }
    let Some(k) = promote_types(ka, kv) else { return Ok(None) };
    sig(Type::array(Type::Number(k), 1, Layout::C), args)
}

/// Numba's `check_is_integer`: a Python `int` default or an integer type.
fn integer_or_default(t: Option<&Type>) -> bool {
    match t {
        None => true,
        Some(Type::Omitted(_)) => true,
        Some(t) => t.is_integer(),
    }
}

/// `np.tri(N, M=None, k=0)`: a `float64` 2-D `C` array.
fn tri(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["N", "M", "k"], 1) else { return Ok(None) };
    if !integer_or_default(b[2].as_ref()) {
        return Err(CallError::typing("k must be an integer"));
    }
    let n_ok = b[0].as_ref().is_some_and(Type::is_integer);
    let m_ok = is_nonelike(b[1].as_ref()) || b[1].as_ref().is_some_and(Type::is_integer);
    if !n_ok || !m_ok {
        return Ok(None);
    }
    sig(Type::array(Type::float64(), 2, Layout::C), args)
}

/// `np.tril(m, k=0)` / `np.triu(m, k=0)`: a new `C` array with at least two dimensions.
fn tril_triu(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["m", "k"], 1) else { return Ok(None) };
    if !integer_or_default(b[1].as_ref()) {
        return Err(CallError::typing("k must be an integer"));
    }
    let Some(Type::Array(m)) = &b[0] else { return Ok(None) };
    if m.ndim == 0 || !m.dtype.is_number() {
        return Ok(None);
    }
    // 1-d and 2-d: `np.where(mask, m, 0)`, C. More dimensions: `np.empty_like(m)` filled
    // matrix by matrix, which keeps a Fortran layout.
    let layout = if m.ndim > 2 && m.layout == Layout::F { Layout::F } else { Layout::C };
    sig(Type::array(m.dtype.clone(), m.ndim.max(2), layout), args)
}

/// `np.diag(v, k=0)`: the diagonal of a 2-D array, or a 2-D array from a 1-D one.
fn diag(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["v", "k"], 1) else { return Ok(None) };
    let Some(v) = &b[0] else { return Ok(None) };
    if !can_asarray(v) {
        return Err(CallError::typing("The argument \"v\" must be array-like"));
    }
    let Type::Array(arr) = v else { return Ok(None) };
    let ndim = match arr.ndim {
        1 => 2,
        2 => 1,
        _ => return Err(CallError::typing("Input must be 1- or 2-d.")),
    };
    if !b[1].as_ref().is_none_or(|k| k.is_integer() || matches!(k, Type::Omitted(_))) {
        return Ok(None);
    }
    sig(Type::array(arr.dtype.clone(), ndim, Layout::C), args)
}

/// `np.trace(a, offset=0)` (`linalg.py`): 2-D float or complex arrays; the sum starts from the
/// integer `0`, so it is `float64` or `complex128`.
fn trace(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["a", "offset"], 1) else { return Ok(None) };
    let a = match &b[0] {
        Some(Type::Optional(inner)) => (**inner).clone(),
        Some(t) => t.clone(),
        None => return Ok(None),
    };
    let Type::Array(arr) = &a else {
        return Err(CallError::typing("np.trace() only supported for array types"));
    };
    if arr.ndim != 2 {
        return Err(CallError::typing("np.trace() only supported on 2-D arrays."));
    }
    let ret = match arr.dtype.as_number() {
        Some(k) if k.is_float() => Type::float64(),
        Some(k) if k.is_complex() => Type::complex128(),
        _ => return Err(CallError::typing("np.trace() only supported on float and complex arrays.")),
    };
    if !integer_or_default(b[1].as_ref()) {
        return Err(CallError::typing("integer argument expected"));
    }
    sig(ret, args)
}

fn bool_flag(t: Option<&Type>) -> bool {
    match t {
        None | Some(Type::Omitted(_)) => true,
        Some(t) => t.is_boolean(),
    }
}

/// `np.isin(element, test_elements, assume_unique=False, invert=False)`: a boolean `C` array
/// shaped like `element`.
fn isin(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["element", "test_elements", "assume_unique", "invert"], 2) else {
        return Ok(None);
    };
    let (Some(e), Some(t)) = (&b[0], &b[1]) else { return Ok(None) };
    if !(can_asarray(e) || can_asarray(t)) {
        return Err(CallError::typing("isin: first two args must be array-like"));
    }
    if !bool_flag(b[2].as_ref()) {
        return Err(CallError::typing("isin: Argument \"assume_unique\" must be boolean"));
    }
    if !bool_flag(b[3].as_ref()) {
        return Err(CallError::typing("isin: Argument \"invert\" must be boolean"));
    }
    let (Some((_, ndim)), Some(_)) = (asarray_info(e), asarray_info(t)) else { return Ok(None) };
    sig(Type::array(Type::Number(NumericKind::Boolean), ndim, Layout::C), args)
}

/// `np.argwhere(a)`: `np.transpose(np.vstack(np.nonzero(a)))` for arrays (an `A` layout
/// transpose), a 2-D `C` array of `intp` for scalars.
/// `np.ndindex(n, m, ...)` or `np.ndindex((n, m, ...))`: integers, or one tuple of them.
fn ndindex(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    if !kws.is_empty() {
        return Ok(None);
    }
    let int = |t: &Type| t.is_integer() || matches!(t, Type::IntegerLiteral(_));
    let ndim = match args {
        [t] if t.tuple_items().is_some() => {
            let items = t.tuple_items().unwrap_or_default();
            if !items.iter().all(int) {
                return Ok(None);
            }
            items.len()
        }
        _ if !args.is_empty() && args.iter().all(int) => args.len(),
        _ => return Ok(None),
    };
    sig(Type::iterator(numrs_types::IteratorKind::NdIndex(ndim as u32)), args)
}

/// `np.iscomplexobj(x)` / `np.isrealobj(x)`: decided by the type alone.
fn type_predicate(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    match (args, kws.is_empty()) {
        ([x], true) if asarray_info(x).is_some() => sig(Type::boolean(), args),
        _ => Ok(None),
    }
}

/// `np.isposinf(x)` / `np.isneginf(x)` of real numbers: Numba's
/// `np.logical_and(np.isinf(x), ~np.signbit(x))` (a boolean, or a C array of them).
fn signed_inf(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let ([x], true) = (args, kws.is_empty()) else { return Ok(None) };
    match x {
        Type::Array(a) if a.dtype.is_number() && !a.dtype.is_complex() => sig(Type::array(Type::boolean(), a.ndim, Layout::C), args),
        t if t.is_number() && !t.is_complex() => sig(Type::boolean(), args),
        _ => Ok(None),
    }
}

/// `np.asarray_chkfinite(a, dtype=None)` (Numba's `np_asarray_chkfinite`): `np.asarray(a,
/// dtype)` of an array, list or tuple, once checked.
fn asarray_chkfinite(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = super::common::bind(args, kws, &["a", "dtype"], 1) else { return Ok(None) };
    match &b[0] {
        Some(Type::Array(_) | Type::List { .. } | Type::UniTuple(..) | Type::Tuple(_)) => {}
        _ => return Ok(None),
    }
    if !super::common::is_nonelike(b[1].as_ref()) && b[1].as_ref().and_then(super::common::parse_dtype).is_none() {
        return Err(CallError::typing("dtype must be a valid Numpy dtype"));
    }
    match super::construct::asarray(args, kws)? {
        Some(s) => sig(s.return_type, args),
        None => Ok(None),
    }
}

/// `np.bartlett(M)` and the other windows of an integer length: a 1-d float64 array (Numba's
/// `window_generator`: "M must be an integer" otherwise).
fn window(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    match (args, kws.is_empty()) {
        ([m], true) if m.is_integer() || matches!(m, Type::IntegerLiteral(_)) => sig(Type::array(Type::float64(), 1, Layout::C), args),
        ([_], true) => Err(CallError::typing("M must be an integer")),
        _ => Ok(None),
    }
}

/// `np.nditer(x)` / `np.nditer((x, y, ...))` (Numba's `NdIter` template): arrays or numbers.
fn nditer(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let ([t], true) = (args, kws.is_empty()) else { return Ok(None) };
    let inputs: Vec<Type> = match t.tuple_items() {
        Some(items) if items.is_empty() => return Ok(None),
        Some(items) => items.to_vec(),
        None => vec![t.clone()],
    };
    if !inputs.iter().all(|i| matches!(i, Type::Array(_)) || i.is_number()) {
        return Ok(None);
    }
    let inputs = inputs.iter().map(Type::unliteral).collect();
    sig(Type::iterator(numrs_types::IteratorKind::NdIter(inputs)), args)
}

/// `np.ndenumerate(array)`.
fn ndenumerate(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    match (args, kws.is_empty()) {
        ([a @ Type::Array(_)], true) => sig(Type::iterator(numrs_types::IteratorKind::NdEnumerate(a.clone())), args),
        _ => Ok(None),
    }
}

/// Whether `t` is a tuple of integers (Numba's `check_shape` of `reshape_unchecked`).
fn int_tuple(t: &Type) -> Option<usize> {
    let items = t.tuple_items()?;
    items.iter().all(|i| i.unliteral().is_integer() && !i.is_boolean()).then_some(items.len())
}

/// `np.lib.stride_tricks.sliding_window_view(x, window_shape, axis=None)`: a view of `x`
/// with one more dimension per window dimension (Numba's `reshape_unchecked`: layout A).
fn sliding_window_view(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["x", "window_shape", "axis"], 2) else { return Ok(None) };
    let Some(Type::Array(x)) = &b[0] else { return Ok(None) };
    let windows = match b[1].as_ref().map(Type::unliteral) {
        Some(t) if t.is_integer() && !t.is_boolean() => 1,
        Some(Type::UniTuple(item, n)) if item.unliteral().is_integer() && !item.is_boolean() => n as usize,
        _ => return Err(CallError::typing("window_shape must be an integer or tuple of integers")),
    };
    let axis_ok = match b[2].as_ref().map(Type::unliteral) {
        ref t if is_nonelike(t.as_ref()) => true,
        Some(t) if t.is_integer() && !t.is_boolean() => true,
        Some(Type::UniTuple(item, _)) => item.unliteral().is_integer() && !item.is_boolean(),
        _ => false,
    };
    if !axis_ok {
        return Err(CallError::typing("axis must be None, an integer or tuple of integers"));
    }
    sig(Type::Array(std::sync::Arc::new(x.copy_as(x.dtype.clone(), x.ndim + windows as u32, Layout::A))), args)
}

/// `np.lib.stride_tricks.as_strided(x, shape=None, strides=None)`: a view of `x` with the
/// given shape and strides (layout A); Numba requires the strides.
fn as_strided(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["x", "shape", "strides"], 1) else { return Ok(None) };
    let Some(Type::Array(x)) = &b[0] else { return Ok(None) };
    if is_nonelike(b[2].as_ref()) {
        return Err(CallError::typing("as_strided() strides argument cannot be None"));
    }
    let ndim = match &b[1] {
        t if is_nonelike(t.as_ref()) => x.ndim as usize,
        Some(t) => match int_tuple(t) {
            Some(n) => n,
            None => return Ok(None),
        },
        None => return Ok(None),
    };
    if b[2].as_ref().and_then(int_tuple) != Some(ndim) {
        return Ok(None);
    }
    sig(Type::Array(std::sync::Arc::new(x.copy_as(x.dtype.clone(), ndim as u32, Layout::A))), args)
}

fn argwhere(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["a"], 1) else { return Ok(None) };
    let Some(a) = &b[0] else { return Ok(None) };
    // A number, or None (`a is not None and bool(a)`): (1, 0) or (0, 0) of nothing.
    let ret = if a.is_number() || *a == Type::NoneType {
        Type::array(Type::intp(), 2, Layout::C)
    } else if let Some((_, ndim)) = asarray_info(a) {
        if ndim == 0 {
            return Ok(None);
        }
        Type::array(Type::intp(), 2, Layout::A)
    } else {
        return Ok(None);
    };
    sig(ret, args)
}

/// `np.ediff1d(ary, to_end=None, to_begin=None)`: a 1-D `C` array of the input's dtype
/// (booleans are refused by the subtraction).
fn ediff1d(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["ary", "to_end", "to_begin"], 1) else { return Ok(None) };
    let Some(ary) = &b[0] else { return Ok(None) };
    let Some((dtype, _)) = asarray_info(ary) else { return Ok(None) };
    if dtype.is_boolean() {
        return Err(CallError::typing("Boolean dtype is unsupported (as per NumPy)"));
    }
    for extra in [&b[1], &b[2]] {
        if is_nonelike(extra.as_ref()) {
            continue;
        }
        let Some((d, _)) = extra.as_ref().and_then(asarray_info) else { return Ok(None) };
        let ok = match (d.as_number(), dtype.as_number()) {
            (Some(from), Some(to)) => super::tables::can_cast(super::tables::kind_char(from), super::tables::kind_char(to), false),
            _ => false,
        };
        if !ok {
            return Err(CallError::typing("dtype of to_end must be compatible with input ary"));
        }
    }
    sig(Type::array(dtype, 1, Layout::C), args)
}

/// `np.cross(a, b)`: both array-like; a `C` array of the promoted dtype with the larger ndim
/// (Numba's `np_cross` over `np.asarray` of each input).
fn cross(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["a", "b"], 2) else { return Ok(None) };
    let (Some(x), Some(y)) = (&b[0], &b[1]) else { return Ok(None) };
    let (Some((dx, nx)), Some((dy, ny))) = (asarray_info(x), asarray_info(y)) else {
        return Err(CallError::typing("Inputs must be array-like."));
    };
    // The implementation indexes `shape[-1]`: scalars (0-d) do not type.
    if nx == 0 || ny == 0 {
        return Ok(None);
    }
    let (Some(kx), Some(ky)) = (dx.as_number(), dy.as_number()) else { return Ok(None) };
    let Some(dtype) = promote_types(kx, ky) else { return Ok(None) };
    sig(Type::array(Type::Number(dtype), nx.max(ny), Layout::C), args)
}

/// `np.append(arr, values, axis=None)`: `np.concatenate` of the raveled inputs (no axis), a
/// `C` array of the promoted dtype.
fn append(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["arr", "values", "axis"], 2) else { return Ok(None) };
    let (Some(arr), Some(values)) = (&b[0], &b[1]) else { return Ok(None) };
    let (Some((da, na)), Some((dv, nv))) = (asarray_info(arr), asarray_info(values)) else { return Ok(None) };
    let (Some(ka), Some(kv)) = (da.as_number(), dv.as_number()) else { return Ok(None) };
    let Some(k) = promote_types(ka, kv) else { return Ok(None) };
    let ndim = if is_nonelike(b[2].as_ref()) {
        1
    } else if b[2].as_ref().is_some_and(Type::is_integer) {
        if na != nv {
            return Ok(None);
        }
        na
    } else {
        return Err(CallError::typing("The third argument \"axis\" must be an integer"));
    };
    sig(Type::array(Type::Number(k), ndim, Layout::C), args)
}

/// `np.cov`, `np.corrcoef`, `np.roots` and `np.linalg` live in Numba's `linalg.py` and need
/// SciPy's LAPACK: a call its overload takes (`params`, by position or name) of an array is
/// the ImportError; a keyword it does not take (`norm(a, axis=1)`) fails to type first.
fn scipy_gated(args: &[Type], kws: &[(String, Type)], params: &[&str]) -> CallResult {
    if args.len() > params.len() || kws.iter().any(|(k, _)| !params.contains(&k.as_str())) {
        return Ok(None);
    }
    if args.iter().chain(kws.iter().map(|(_, t)| t)).any(can_asarray) {
        return Err(CallError { kind: "ImportError", message: "scipy 0.16+ is required for linear algebra".into() });
    }
    Ok(None)
}

macro_rules! gated {
    ($name:ident, [$($p:literal),*]) => {
        fn $name(args: &[Type], kws: &[(String, Type)]) -> CallResult {
            scipy_gated(args, kws, &[$($p),*])
        }
    };
}

gated!(gated_cov, ["m", "y", "rowvar", "bias", "ddof"]);
gated!(gated_corrcoef, ["x", "y", "rowvar"]);
gated!(gated_cholesky, ["a"]);
gated!(gated_cond, ["x", "p"]);
gated!(gated_det, ["a"]);
gated!(gated_eig, ["a"]);
gated!(gated_eigh, ["a"]);
gated!(gated_eigvals, ["a"]);
gated!(gated_eigvalsh, ["a"]);
gated!(gated_inv, ["a"]);
gated!(gated_lstsq, ["a", "b", "rcond"]);
gated!(gated_matrix_power, ["a", "n"]);
gated!(gated_matrix_rank, ["A", "tol"]);
gated!(gated_norm, ["x", "ord"]);
gated!(gated_pinv, ["a", "rcond"]);
gated!(gated_qr, ["a"]);
gated!(gated_slogdet, ["a"]);
gated!(gated_solve, ["a", "b"]);
gated!(gated_svd, ["a", "full_matrices"]);
gated!(gated_roots, ["p"]);
