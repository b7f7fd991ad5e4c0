//! Shape-manipulating and set NumPy functions from Numba's `arrayobj.py` and `arraymath.py`
//! overloads: `swapaxes`, `moveaxis`, `broadcast_to`, `broadcast_arrays`, `split`/`array_split`,
//! `logspace`/`geomspace`, `rot90`, `asfortranarray`, `resize`, `sinc`, `partition`/`argpartition`,
//! `vander`, `fill_diagonal`, `take_along_axis`, `triu_indices`/`tril_indices` (and `_from`),
//! `union1d`/`intersect1d`/`setdiff1d`/`setxor1d`.
//!
//! As in `arrayfuncs.rs`, an overload's explicit `raise` becomes a `TypingError` and an overload
//! that returns `None` becomes `Ok(None)` ("No implementation").

use numrs_types::{ArrayType, Layout, NumericKind, Type};

use super::common::{bind, is_nonelike, sig};
use super::index::getitem;
use super::tables::promote_types;
use crate::registry::{AbstractFn, CallError, CallResult};

pub(super) const TEMPLATES: &[(&str, AbstractFn)] = &[
    ("numpy.swapaxes", swapaxes),
    ("numpy.moveaxis", moveaxis),
    ("numpy.broadcast_to", broadcast_to),
    ("numpy.broadcast_arrays", broadcast_arrays),
    ("numpy.broadcast_shapes", broadcast_shapes),
    ("numpy.split", split),
    ("numpy.array_split", split),
    ("numpy.logspace", logspace),
    ("numpy.geomspace", geomspace),
    ("numpy.rot90", rot90),
    ("numpy.asfortranarray", asfortranarray),
    ("numpy.resize", resize),
    ("numpy.sinc", sinc),
    ("numpy.angle", angle),
    ("numpy.real", np_real),
    ("numpy.imag", np_imag),
    ("numpy.partition", partition),
    ("numpy.argpartition", argpartition),
    ("numpy.vander", vander),
    ("numpy.fill_diagonal", fill_diagonal),
    ("numpy.take_along_axis", take_along_axis),
    ("numpy.triu_indices", tri_indices),
    ("numpy.tril_indices", tri_indices),
    ("numpy.triu_indices_from", tri_indices_from),
    ("numpy.tril_indices_from", tri_indices_from),
    ("numpy.union1d", union1d),
    ("numpy.intersect1d", intersect1d),
    ("numpy.setxor1d", setxor1d),
    ("numpy.setdiff1d", setdiff1d),
];

/// Numba's `type_can_asarray`: arrays, sequences (lists), tuples, numbers and booleans.
fn can_asarray(t: &Type) -> bool {
    matches!(t, Type::Array(_) | Type::List { .. } | Type::ListType(_) | Type::UniTuple(..) | Type::Tuple(_))
        || t.is_number()
}

/// The `np.asarray(t)` array for arrays, lists and homogeneous tuples of scalars, and scalars.
fn asarray(t: &Type) -> Option<ArrayType> {
    let (dtype, ndim) = match t {
        Type::Array(a) => return Some((**a).clone()),
        Type::List { dtype, .. } | Type::ListType(dtype) if dtype.is_number() => (dtype.unliteral(), 1),
        Type::UniTuple(item, _) if item.is_number() => (item.unliteral(), 1),
        t if t.is_number() => (t.unliteral(), 0),
        _ => return None,
    };
    match Type::array(dtype, ndim, Layout::C) {
        Type::Array(a) => Some((*a).clone()),
        _ => None,
    }
}

fn is_int(t: &Type) -> bool {
    t.is_integer()
}

/// An integer, or a homogeneous sequence (list, `UniTuple`) of integers.
fn int_or_int_seq(t: &Type) -> bool {
    match t {
        Type::UniTuple(item, _) => item.is_integer(),
        Type::List { dtype, .. } | Type::ListType(dtype) => dtype.is_integer(),
        t => t.is_integer(),
    }
}

fn absent_or_default(t: &Option<Type>) -> bool {
    matches!(t, None | Some(Type::Omitted(_)))
}

/// `np.swapaxes(a, axis1, axis2)`: `np.transpose(a, axes)`, an `A` array.
fn swapaxes(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["a", "axis1", "axis2"], 3) else { return Ok(None) };
    let (Some(a), Some(ax1), Some(ax2)) = (&b[0], &b[1], &b[2]) else { return Ok(None) };
    if !is_int(ax1) {
        return Err(CallError::typing("The second argument \"axis1\" must be an integer"));
    }
    if !is_int(ax2) {
        return Err(CallError::typing("The third argument \"axis2\" must be an integer"));
    }
    let Type::Array(arr) = a else {
        return Err(CallError::typing("The first argument \"a\" must be an array"));
    };
    sig(Type::array_ro(arr.dtype.clone(), arr.ndim, Layout::A, arr.readonly), args)
}

/// `np.moveaxis(a, source, destination)`: `a.transpose(order)`, an `A` array.
fn moveaxis(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["a", "source", "destination"], 3) else { return Ok(None) };
    let (Some(a), Some(src), Some(dst)) = (&b[0], &b[1], &b[2]) else { return Ok(None) };
    let Type::Array(arr) = a else {
        return Err(CallError::typing("The first argument \"a\" must be an array"));
    };
    if !int_or_int_seq(src) {
        return Err(CallError::typing("The second argument \"source\" must be an integer or sequence of integers"));
    }
    if !int_or_int_seq(dst) {
        return Err(CallError::typing(
            "The third argument \"destination\" must be an integer or sequence of integers",
        ));
    }
    // `normalize_axis_tuple` takes `len()` of a list type at compile time and fails.
    if matches!(src, Type::List { .. } | Type::ListType(_)) || matches!(dst, Type::List { .. } | Type::ListType(_)) {
        return Ok(None);
    }
    sig(Type::array_ro(arr.dtype.clone(), arr.ndim, Layout::A, arr.readonly), args)
}

/// The number of dimensions `np.broadcast_to(array, shape)` produces, after its shape checks.
fn broadcast_shape_ndim(array: &Type, shape: &Type) -> Result<Option<u32>, CallError> {
    match shape {
        s if s.is_integer() => Ok(Some(1)),
        Type::UniTuple(item, n) => {
            if !item.is_integer() {
                return Err(CallError::typing("The second argument \"shape\" must be a tuple of integers"));
            }
            Ok(Some(*n))
        }
        Type::Tuple(items) if !items.is_empty() => {
            if !items.iter().all(|t| matches!(t, Type::IntegerLiteral(_))) {
                return Err(CallError::typing(format!("\"{shape}\" object cannot be interpreted as an integer")));
            }
            Ok(Some(items.len() as u32))
        }
        Type::Tuple(_) => {
            let scalar_array = matches!(array, Type::Array(a) if a.ndim == 0);
            if array.is_number() || scalar_array {
                Ok(Some(0))
            } else {
                Err(CallError::typing("Cannot broadcast a non-scalar to a scalar array"))
            }
        }
        other => Err(CallError::typing(format!(
            "The argument \"shape\" must be a tuple or an integer. Got {other}"
        ))),
    }
}

/// `np.broadcast_to(array, shape)`: a read-only `A` view (a read-only copy of the `0`-d array
/// for `shape=()`).
fn broadcast_to(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["array", "shape"], 2) else { return Ok(None) };
    let (Some(array), Some(shape)) = (&b[0], &b[1]) else { return Ok(None) };
    if !can_asarray(array) {
        return Err(CallError::typing("The first argument \"array\" must be array-like"));
    }
    let Some(ndim) = broadcast_shape_ndim(array, shape)? else { return Ok(None) };
    let Some(arr) = asarray(array) else { return Ok(None) };
    let layout = if ndim == 0 && matches!(shape, Type::Tuple(_)) { arr.layout } else { Layout::A };
    sig(Type::array_ro(arr.dtype, ndim, layout, true), args)
}

/// `np.broadcast_shapes(*args)`: every argument an integer, a homogeneous tuple of integers
/// or `()`; the common shape has as many dimensions as the longest (`Tuple()` for none), and
/// Numba builds it by `tuple_setitem` into `(1,) * m`: `UniTuple(int64 x m)`.
fn broadcast_shapes(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    if !kws.is_empty() {
        return Ok(None);
    }
    let mut m = 0;
    for (i, a) in args.iter().enumerate() {
        let rank = match a {
            t if t.is_integer() || matches!(t, Type::IntegerLiteral(_)) => 1,
            Type::UniTuple(item, n) if item.is_integer() => *n as usize,
            Type::Tuple(items) if items.is_empty() => 0,
            other => return Err(CallError::typing(format!("Argument {i} must be either an int or tuple[int]. Got {other}"))),
        };
        m = m.max(rank);
    }
    let r = if m == 0 { Type::Tuple(Vec::new().into()) } else { Type::UniTuple(std::sync::Arc::new(Type::int64()), m as u32) };
    sig(r, args)
}

/// `np.broadcast_arrays(*args)`: a list of read-only `A` arrays; every argument must have the
/// very same dtype (for a scalar, its own type, literal included).
fn broadcast_arrays(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    if !kws.is_empty() {
        return Ok(None);
    }
    for (i, a) in args.iter().enumerate() {
        if !can_asarray(a) {
            return Err(CallError::typing(format!("Argument \"{i}\" must be array-like")));
        }
    }
    let mut unified: Option<Type> = None;
    for a in args {
        let dt = match a {
            Type::Array(arr) => arr.dtype.clone(),
            Type::UniTuple(item, _) => (**item).clone(),
            Type::List { .. } | Type::ListType(_) | Type::Tuple(_) => return Ok(None),
            other => other.clone(),
        };
        match &unified {
            None => unified = Some(dt),
            Some(u) if *u != dt => {
                return Err(CallError::typing(
                    "Mismatch of argument types. Numba cannot broadcast arrays with different types.",
                ))
            }
            Some(_) => {}
        }
    }
    let Some(first) = args.first() else { return Ok(None) };
    let mut m = 0;
    for a in args {
        m = m.max(match a {
            Type::Array(arr) => arr.ndim,
            _ => 1,
        });
    }
    let Some(arr) = asarray(first) else { return Ok(None) };
    let elem = if m == 0 {
        Type::array_ro(arr.dtype, 0, arr.layout, true)
    } else {
        Type::array_ro(arr.dtype, m, Layout::A, true)
    };
    sig(Type::list(elem, false), args)
}

/// `np.split(ary, indices_or_sections, axis=0)` and `np.array_split`: a list of
/// `ary[(slice(...),) * ndim]` views.
fn split(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["ary", "indices_or_sections", "axis"], 2) else { return Ok(None) };
    let (Some(ary), Some(ios)) = (&b[0], &b[1]) else { return Ok(None) };
    let ary = match ary {
        Type::UniTuple(..) | Type::List { .. } | Type::ListType(_) => match asarray(ary) {
            Some(a) => Type::Array(std::sync::Arc::new(a)),
            None => return Ok(None),
        },
        Type::Array(_) => ary.clone(),
        _ => return Ok(None),
    };
    let Type::Array(arr) = &ary else { return Ok(None) };
    // Numba's implementations read `ary.shape[axis]`: of a 0-d array, the IndexError of
    // indexing an empty tuple, when compiling.
    if arr.ndim == 0 {
        return Err(CallError { kind: "IndexError", message: "tuple index out of range".into() });
    }
    let ok = match ios {
        t if t.is_integer() => true,
        Type::UniTuple(item, _) => item.is_integer(),
        Type::List { dtype, .. } | Type::ListType(dtype) => dtype.is_integer(),
        Type::Array(a) => a.ndim == 1 && a.dtype.is_integer(),
        Type::Range(_) => true,
        Type::Tuple(items) => items.iter().all(Type::is_integer),
        _ => false,
    };
    if !ok {
        return Ok(None);
    }
    let idx = Type::unituple(Type::Slice2, arr.ndim);
    match getitem(&[ary.clone(), idx], &[]) {
        Ok(Some(s)) => sig(Type::list(s.return_type, false), args),
        _ => Ok(None),
    }
}

/// The checks shared by `np.logspace` and `np.geomspace`; the result is `float64`, or
/// `complex128` when an endpoint is complex (`np.power(10.0, np.linspace(...))`).
fn spaced(args: &[Type], kws: &[(String, Type)], msgs: [&str; 3]) -> CallResult {
    let Some(b) = bind(args, kws, &["start", "stop", "num"], 2) else { return Ok(None) };
    let (Some(start), Some(stop)) = (&b[0], &b[1]) else { return Ok(None) };
    if !start.is_number() || matches!(start.as_number(), Some(NumericKind::Boolean)) {
        return Err(CallError::typing(msgs[0]));
    }
    if !stop.is_number() || matches!(stop.as_number(), Some(NumericKind::Boolean)) {
        return Err(CallError::typing(msgs[1]));
    }
    if !absent_or_default(&b[2]) && !b[2].as_ref().is_some_and(Type::is_integer) {
        return Err(CallError::typing(msgs[2]));
    }
    let dtype = if start.is_complex() || stop.is_complex() { Type::complex128() } else { Type::float64() };
    sig(Type::array(dtype, 1, Layout::C), args)
}

fn logspace(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    spaced(
        args,
        kws,
        [
            "The first argument \"start\" must be a number",
            "The second argument \"stop\" must be a number",
            "The third argument \"num\" must be an integer",
        ],
    )
}

fn geomspace(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    spaced(
        args,
        kws,
        [
            "The argument \"start\" must be a number",
            "The argument \"stop\" must be a number",
            "The argument \"num\" must be an integer",
        ],
    )
}

/// `np.rot90(m, k=1)`: the branches unify to an `A` array.
fn rot90(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["m", "k"], 1) else { return Ok(None) };
    let Some(m) = &b[0] else { return Ok(None) };
    if !absent_or_default(&b[1]) && !b[1].as_ref().is_some_and(Type::is_integer) {
        return Err(CallError::typing("The second argument \"k\" must be an integer"));
    }
    let Type::Array(arr) = m else {
        return Err(CallError::typing("The first argument \"m\" must be an array"));
    };
    if arr.ndim < 2 {
        return Err(CallError { kind: "TypingError", message: "Input must be >= 2-d.".into() });
    }
    sig(Type::array_ro(arr.dtype.clone(), arr.ndim, Layout::A, arr.readonly), args)
}

/// `np.asfortranarray(a)`: an `F` array (a 1-d one for a scalar).
fn asfortranarray(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["a"], 1) else { return Ok(None) };
    let Some(a) = &b[0] else { return Ok(None) };
    if !can_asarray(a) {
        return Err(CallError::typing("The argument \"a\" must be array-like"));
    }
    match a {
        // Numba's `_as_layout_array`: a 0-d array becomes a 1-d one.
        Type::Array(arr) => sig(Type::array(arr.dtype.clone(), arr.ndim.max(1), Layout::F), args),
        t if t.is_number() => sig(Type::array(t.unliteral(), 1, Layout::F), args),
        _ => Ok(None),
    }
}

/// `np.resize(a, new_shape)`: a new `C` array of `new_shape`'s rank.
fn resize(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["a", "new_shape"], 2) else { return Ok(None) };
    let (Some(a), Some(shape)) = (&b[0], &b[1]) else { return Ok(None) };
    if !can_asarray(a) {
        return Err(CallError::typing("The argument \"a\" must be array-like"));
    }
    let ndim = match shape {
        Type::UniTuple(item, n) if item.is_integer() => *n,
        s if s.is_integer() => 1,
        _ => return Err(CallError::typing("The argument \"new_shape\" must be an integer or a tuple of integers")),
    };
    let Some(arr) = asarray(a) else { return Ok(None) };
    // Numba's implementation returns `np.ravel(a)` (a view of a C array, so read-only when
    // `a` is) unified with copies: read-only exactly when that view is.
    let readonly = matches!(a, Type::Array(x) if x.readonly && x.layout == Layout::C);
    sig(Type::array_ro(arr.dtype, ndim, Layout::C, readonly), args)
}

/// `np.sinc(x)`: `sin(pi x) / (pi x)` for a number; `np.zeros_like(x)` filled elementwise for an
/// array (so an integer array stays integer).
/// `np.angle(z, deg=False)` (Numba's `ov_np_angle`): of a number, a float64 (both branches
/// of its `deg` test unify); of a complex or float array, an array of the underlying float.
fn angle(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["z", "deg"], 1) else { return Ok(None) };
    let Some(z) = &b[0] else { return Ok(None) };
    let bad = |t: &Type| CallError::typing(format!("Argument \"z\" must be a complex or Array[complex]. Got {t}"));
    match z {
        Type::Array(arr) => {
            let out = match arr.dtype.as_number() {
                Some(NumericKind::Complex64) | Some(NumericKind::Float32) => NumericKind::Float32,
                Some(NumericKind::Complex128) | Some(NumericKind::Float64) => NumericKind::Float64,
                _ => return Ok(None),
            };
            sig(Type::array(Type::Number(out), arr.ndim, Layout::C), args)
        }
        t => match t.as_number() {
            Some(NumericKind::Boolean) | None => Err(bad(t)),
            Some(_) => sig(Type::float64(), args),
        },
    }
}

/// `np.real(x)` / `np.imag(x)`: the `.real` / `.imag` attribute of an array or a number
/// (Numba's `np_real`/`np_imag` overloads return the attribute).
fn real_or_imag(attr: &str, args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["val"], 1) else { return Ok(None) };
    let Some(x) = &b[0] else { return Ok(None) };
    // Numba's `np.real`/`np.imag` take arrays of numbers other than booleans.
    if matches!(x, Type::Array(a) if a.dtype.is_boolean()) {
        return Ok(None);
    }
    // `val.imag` of a real array is a new zero array of its layout, which Numba's lowering
    // cannot allocate for layout A.
    if matches!(x, Type::Array(a) if attr == "imag" && a.layout == Layout::A && !a.dtype.is_complex()) {
        return Err(CallError { kind: "NotImplementedError", message: "Don't know how to allocate array with layout 'A'.".into() });
    }
    match crate::registry::resolve_getattr(x, attr) {
        Some(t) if matches!(x, Type::Array(_)) || x.as_number().is_some() => sig(t, args),
        _ => Ok(None),
    }
}

fn np_real(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    real_or_imag("real", args, kws)
}

fn np_imag(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    real_or_imag("imag", args, kws)
}

fn sinc(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["x"], 1) else { return Ok(None) };
    let Some(x) = &b[0] else { return Ok(None) };
    let scalar = |k: NumericKind| -> Option<Type> {
        match k {
            NumericKind::Boolean => None,
            k if k.is_complex() => Some(Type::complex128()),
            _ => Some(Type::float64()),
        }
    };
    match x {
        Type::Array(arr) => {
            let Some(k) = arr.dtype.as_number() else { return Ok(None) };
            if scalar(k).is_none() {
                return Ok(None);
            }
            let layout = if arr.layout == Layout::A { Layout::C } else { arr.layout };
            sig(Type::array(arr.dtype.clone(), arr.ndim, layout), args)
        }
        t => match t.as_number() {
            Some(k) => match scalar(k) {
                Some(r) => sig(r, args),
                None => Err(CallError::typing("Argument \"x\" must be a Number or array-like.")),
            },
            None => Err(CallError::typing("Argument \"x\" must be a Number or array-like.")),
        },
    }
}

/// The array `np.partition`/`np.argpartition` work on, after their checks.
fn partition_input(args: &[Type], kws: &[(String, Type)]) -> Result<Option<ArrayType>, CallError> {
    let Some(b) = bind(args, kws, &["a", "kth"], 2) else { return Ok(None) };
    let (Some(a), Some(kth)) = (&b[0], &b[1]) else { return Ok(None) };
    if !matches!(a, Type::Array(_) | Type::List { .. } | Type::ListType(_) | Type::UniTuple(..) | Type::Tuple(_)) {
        return Err(CallError::typing("The first argument must be an array-like"));
    }
    if let Type::Array(arr) = a {
        if arr.ndim == 0 {
            return Err(CallError::typing("The first argument must be at least 1-D (found 0-D)"));
        }
    }
    let kthdt = match kth {
        Type::Array(k) => k.dtype.clone(),
        Type::UniTuple(item, _) => (**item).clone(),
        Type::List { dtype, .. } | Type::ListType(dtype) => (**dtype).clone(),
        other => other.clone(),
    };
    // `types.Integer` only: with NumPy 2.3 and later Numba refuses boolean kth too.
    if !kthdt.is_integer() || kthdt.unliteral() == Type::boolean() {
        return Err(CallError::typing("Partition index must be integer"));
    }
    // Numba's selection orders the items with `<`, which complex numbers do not have.
    Ok(asarray(a).filter(|arr| !arr.dtype.is_complex()))
}

/// `np.partition(a, kth)`: a sorted copy; `C`, except an `F` input gives `A`.
fn partition(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(arr) = partition_input(args, kws)? else { return Ok(None) };
    let layout = if arr.layout == Layout::F { Layout::A } else { Layout::C };
    sig(Type::array(arr.dtype, arr.ndim, layout), args)
}

/// `np.argpartition(a, kth)`: `intp` indices, laid out as `np.partition`'s result.
fn argpartition(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(arr) = partition_input(args, kws)? else { return Ok(None) };
    let layout = if arr.layout == Layout::F { Layout::A } else { Layout::C };
    sig(Type::array(Type::intp(), arr.ndim, layout), args)
}

/// `np.vander(x, N=None, increasing=False)`: a 2-d `C` array of `promote_types(x.dtype, int)`
/// (of `np.array(x)`'s dtype for a sequence).
fn vander(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["x", "N", "increasing"], 1) else { return Ok(None) };
    let Some(x) = &b[0] else { return Ok(None) };
    if !is_nonelike(b[1].as_ref()) && !b[1].as_ref().is_some_and(Type::is_integer) {
        return Err(CallError::typing("Second argument N must be None or an integer"));
    }
    let dtype = match x {
        Type::Array(arr) => {
            let Some(k) = arr.dtype.as_number() else { return Ok(None) };
            match promote_types(k, NumericKind::Int64) {
                Some(d) => Type::Number(d),
                None => return Ok(None),
            }
        }
        Type::UniTuple(..) | Type::List { .. } | Type::ListType(_) => match asarray(x) {
            Some(a) => a.dtype,
            None => return Ok(None),
        },
        _ => return Ok(None),
    };
    sig(Type::array(dtype, 2, Layout::C), args)
}

/// `np.fill_diagonal(a, val, wrap=False)`: `None`; `a` must be at least 2-d.
fn fill_diagonal(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["a", "val", "wrap"], 2) else { return Ok(None) };
    let (Some(a), Some(val)) = (&b[0], &b[1]) else { return Ok(None) };
    let Type::Array(arr) = a else { return Ok(None) };
    if arr.ndim <= 1 {
        return Err(CallError::typing(format!(
            "The first argument must be at least 2-D (found {}-D)",
            arr.ndim
        )));
    }
    let ok = match val {
        Type::UniTuple(..) | Type::Tuple(_) | Type::List { .. } | Type::ListType(_) | Type::Array(_) => true,
        v => v.as_number().is_some_and(|k| !k.is_complex()),
    };
    if !ok {
        return Ok(None);
    }
    sig(Type::NoneType, args)
}

/// `np.take_along_axis(arr, indices, axis)`: a new `C` array (1-d for `axis=None`); `axis` must
/// be a literal integer.
fn take_along_axis(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["arr", "indices", "axis"], 3) else { return Ok(None) };
    let (Some(a), Some(indices), Some(axis)) = (&b[0], &b[1], &b[2]) else { return Ok(None) };
    let Type::Array(arr) = a else {
        return Err(CallError::typing("The first argument \"arr\" must be an array"));
    };
    let Type::Array(ind) = indices else {
        return Err(CallError::typing("The second argument \"indices\" must be an array"));
    };
    if !ind.dtype.is_integer() {
        return Err(CallError::typing("The indices array must contain integers"));
    }
    let none_axis = is_nonelike(Some(axis));
    let arr_ndim = if none_axis { 1 } else { arr.ndim };
    if arr_ndim != ind.ndim {
        return Err(CallError::typing("`indices` and `arr` must have the same number of dimensions"));
    }
    if !none_axis {
        if !axis.is_integer() {
            return Err(CallError::typing(format!("axis must be an integer, got {axis}")));
        }
        let Type::IntegerLiteral(v) = axis else {
            return Err(CallError::typing("axis must be a literal value"));
        };
        let v = if *v < 0 { *v + i128::from(arr.ndim) } else { *v };
        if v < 0 || v >= i128::from(arr.ndim) {
            return Err(CallError::typing("axis is out of bounds"));
        }
    }
    sig(Type::array(arr.dtype.clone(), arr_ndim, Layout::C), args)
}

fn indices_pair() -> Type {
    Type::unituple(Type::array(Type::intp(), 1, Layout::C), 2)
}

/// `np.triu_indices(n, k=0, m=None)` and `np.tril_indices`: integer arguments only.
fn tri_indices(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["n", "k", "m"], 1) else { return Ok(None) };
    for (name, t) in [("n", &b[0]), ("k", &b[1])] {
        if let Some(t) = t {
            if !matches!(t, Type::Omitted(_)) && !t.is_integer() {
                return Err(CallError::typing(format!("{name} must be an integer, got {t}")));
            }
        }
    }
    if !is_nonelike(b[2].as_ref()) && !b[2].as_ref().is_some_and(Type::is_integer) {
        return Err(CallError::typing("m must be an integer"));
    }
    sig(indices_pair(), args)
}

/// `np.triu_indices_from(arr, k=0)` and `np.tril_indices_from`: `arr` must be 2-d.
fn tri_indices_from(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["arr", "k"], 1) else { return Ok(None) };
    let Some(a) = &b[0] else { return Ok(None) };
    if !absent_or_default(&b[1]) && !b[1].as_ref().is_some_and(Type::is_integer) {
        return Err(CallError::typing("k must be an integer"));
    }
    let Type::Array(arr) = a else { return Ok(None) };
    if arr.ndim != 2 {
        return Err(CallError::typing("input array must be 2-d"));
    }
    sig(indices_pair(), args)
}

/// The dtypes of the two array-likes of a set operation, after Numba's
/// `type_can_asarray(ar1) or type_can_asarray(ar2)` check.
fn set_inputs(args: &[Type], kws: &[(String, Type)], name: &str) -> Result<Option<(NumericKind, NumericKind)>, CallError> {
    let Some(b) = bind(args, kws, &["ar1", "ar2", "assume_unique"], 2) else { return Ok(None) };
    let (Some(a1), Some(a2)) = (&b[0], &b[1]) else { return Ok(None) };
    if !(can_asarray(a1) || can_asarray(a2)) {
        return Err(CallError::typing(format!("{name}: first two args must be array-like")));
    }
    if let Some(u) = &b[2] {
        if !matches!(u, Type::Omitted(_)) && u.as_number() != Some(NumericKind::Boolean) {
            return Err(CallError::typing(format!("{name}: argument \"assume_unique\" must be boolean")));
        }
    }
    let (Some(x1), Some(x2)) = (asarray(a1), asarray(a2)) else { return Ok(None) };
    let (Some(k1), Some(k2)) = (x1.dtype.as_number(), x2.dtype.as_number()) else { return Ok(None) };
    Ok(Some((k1, k2)))
}

fn promoted_1d(k1: NumericKind, k2: NumericKind, args: &[Type]) -> CallResult {
    match promote_types(k1, k2) {
        Some(k) => sig(Type::array(Type::Number(k), 1, Layout::C), args),
        None => Ok(None),
    }
}

/// `np.union1d(ar1, ar2)`: `np.unique(np.concatenate(...))`; scalars are refused.
fn union1d(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["ar1", "ar2"], 2) else { return Ok(None) };
    let (Some(a1), Some(a2)) = (&b[0], &b[1]) else { return Ok(None) };
    if !can_asarray(a1) || !can_asarray(a2) {
        return Err(CallError::typing("The arguments to np.union1d must be array-like"));
    }
    if a1.is_number() || a2.is_number() {
        return Ok(None);
    }
    let (Some(x1), Some(x2)) = (asarray(a1), asarray(a2)) else { return Ok(None) };
    let (Some(k1), Some(k2)) = (x1.dtype.as_number(), x2.dtype.as_number()) else { return Ok(None) };
    promoted_1d(k1, k2, args)
}

fn intersect1d(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some((k1, k2)) = set_inputs(args, kws, "intersect1d")? else { return Ok(None) };
    promoted_1d(k1, k2, args)
}

fn setxor1d(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some((k1, k2)) = set_inputs(args, kws, "setxor1d")? else { return Ok(None) };
    promoted_1d(k1, k2, args)
}

/// `np.setdiff1d(ar1, ar2, assume_unique=False)`: elements of `ar1`, so `ar1`'s dtype.
fn setdiff1d(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some((k1, _)) = set_inputs(args, kws, "setdiff1d")? else { return Ok(None) };
    sig(Type::array(Type::Number(k1), 1, Layout::C), args)
}
