//! Array methods other than reductions: Numba's `ArrayAttribute` bound functions
//! (`transpose`, `copy`, `item`, `nonzero`, `reshape`, `sort`, `argsort`, `view`, `astype`,
//! `ravel`, `flatten`) and the `@overload_method`s `fill`, `clip`, `conj`, `take`, `repeat`, `dot`.

use numrs_types::{can_convert, ArrayType, Layout, Signature, Type};

use super::common::{bind, parse_dtype, sig};
use crate::registry::{AbstractFn, CallError, CallResult};

pub(super) const TEMPLATES: &[(&str, AbstractFn)] = &[
    ("array.transpose", no_kws),
    ("array.transpose", transpose),
    ("array.copy", no_kws),
    ("array.copy", copy),
    ("array.item", no_kws),
    ("array.item", item),
    ("array.nonzero", no_kws),
    ("array.nonzero", nonzero),
    ("array.reshape", no_kws),
    ("array.reshape", reshape),
    ("array.sort", sort),
    ("array.argsort", argsort),
    ("array.tobytes", tobytes),
    ("array.view", no_kws),
    ("array.view", view),
    ("array.astype", no_kws),
    ("array.astype", astype),
    ("array.ravel", no_kws),
    ("array.ravel", ravel),
    ("array.flatten", no_kws),
    ("array.flatten", flatten),
    ("array.fill", fill),
    ("array.clip", clip_method),
    ("array.conj", conj),
    ("array.conjugate", conj),
    ("array.dot", dot),
    ("numpy.nonzero", np_nonzero),
    ("numpy.ravel", np_ravel),
    ("numpy.argsort", np_argsort),
    ("numpy.transpose", np_transpose),
    ("numpy.reshape", np_reshape),
    ("numpy.clip", np_clip),
    ("numpy.dot", dot_unavailable),
    ("numpy.vdot", dot_unavailable),
    ("numpy.outer", outer),
    ("operator.matmul", matmul_unavailable),
];

/// Numba's `ArrayAttribute.resolve_<method>` templates start with `assert not kws`: a
/// keyword argument (`a.flatten(order="F")`, `a.astype(t, copy=False)`) is an
/// AssertionError, whatever else matches.
fn no_kws(_args: &[Type], kws: &[(String, Type)]) -> CallResult {
    if kws.is_empty() {
        Ok(None)
    } else {
        Err(CallError::no_keywords(kws))
    }
}

fn receiver(args: &[Type]) -> Option<(&ArrayType, &[Type])> {
    match args.split_first() {
        Some((Type::Array(a), rest)) => Some((a, rest)),
        _ => None,
    }
}

fn with_args(ret: Type, args: &[Type]) -> CallResult {
    Ok(Some(Signature::new(ret, args.to_vec())))
}

/// `a.T`.
pub(crate) fn transposed(a: &ArrayType) -> Type {
    if a.ndim <= 1 {
        return Type::Array(std::sync::Arc::new(a.clone()));
    }
    let layout = match a.layout {
        Layout::C => Layout::F,
        Layout::F => Layout::C,
        Layout::A => Layout::A,
    };
    a.keep_alignment(Type::array_ro(a.dtype.clone(), a.ndim, layout, a.readonly))
}

fn relayout(t: Type, layout: Layout) -> Type {
    match t {
        Type::Array(a) => Type::array_ro(a.dtype.clone(), a.ndim, layout, a.readonly),
        other => other,
    }
}

fn is_int(t: &Type) -> bool {
    t.is_integer()
}

/// Numba's `normalize_shape`: the count of an integer tuple (or the empty tuple).
fn shape_count(t: &Type) -> Option<u32> {
    match t {
        Type::UniTuple(d, n) if d.is_integer() => Some(*n),
        Type::Tuple(items) if items.is_empty() => Some(0),
        _ => None,
    }
}

fn transpose(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some((a, rest)) = receiver(args) else { return Ok(None) };
    if !kws.is_empty() {
        return Ok(None);
    }
    match rest {
        [] => with_args(transposed(a), args),
        [Type::NoneType] => with_args(transposed(a), args),
        [t] if t.is_number() => {
            if !is_int(t) {
                return Err(CallError::typing(format!("transpose() arg cannot be {t}")));
            }
            if a.ndim != 1 {
                return Err(CallError::assertion(format!("transpose with one axis of a {}-dimensional array (Numba asserts the array is 1-dimensional)", a.ndim)));
            }
            with_args(args[0].clone(), args)
        }
        [t] => match shape_count(t) {
            Some(n) if n == a.ndim => with_args(relayout(transposed(a), Layout::A), args),
            Some(n) => Err(CallError::assertion(format!("transpose with {n} axes of a {}-dimensional array", a.ndim))),
            None => Ok(None),
        },
        many => {
            if !many.iter().all(is_int) {
                return Err(CallError::typing("transpose() is not supported"));
            }
            if many.len() as u32 != a.ndim {
                return Err(CallError::assertion(format!("transpose with {} axes of a {}-dimensional array", many.len(), a.ndim)));
            }
            with_args(relayout(transposed(a), Layout::A), args)
        }
    }
}

fn copy(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    match (receiver(args), kws.is_empty()) {
        (Some((a, [])), true) => with_args(a.keep_alignment(Type::array(a.dtype.clone(), a.ndim, Layout::C)), args),
        _ => Ok(None),
    }
}

fn item(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    match (receiver(args), kws.is_empty()) {
        (Some((a, [])), true) => with_args(a.dtype.clone(), args),
        _ => Ok(None),
    }
}

fn nonzero_type(a: &ArrayType) -> Result<Type, CallError> {
    if a.ndim == 0 {
        return Err(CallError {
            kind: "TypingError",
            message: "Calling nonzero on 0d arrays is not allowed. Use np.atleast_1d(scalar).nonzero() instead."
                .into(),
        });
    }
    Ok(Type::unituple(Type::array(Type::intp(), 1, Layout::C), a.ndim.max(1)))
}

fn nonzero(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    match (receiver(args), kws.is_empty()) {
        (Some((a, [])), true) => with_args(nonzero_type(a)?, args),
        _ => Ok(None),
    }
}

fn reshape(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some((a, rest)) = receiver(args) else { return Ok(None) };
    if !kws.is_empty() {
        return Ok(None);
    }
    if a.layout == Layout::A {
        return Err(CallError::typing("reshape() supports contiguous array only"));
    }
    let ndim = match rest {
        [] => return Err(CallError::typing("reshape() take at least one arg")),
        [t] if t.is_number() => {
            if !is_int(t) {
                return Err(CallError::typing(format!("reshape() arg cannot be {t}")));
            }
            1
        }
        [t] => match shape_count(t) {
            Some(n) => n,
            None => return Ok(None),
        },
        many => {
            for t in many {
                if t.is_number() && !is_int(t) {
                    return Err(CallError::typing(format!("reshape() arg cannot be {t}")));
                }
            }
            if !many.iter().all(is_int) {
                let names: Vec<String> = many.iter().map(|t| t.to_string()).collect();
                return Err(CallError::typing(format!("reshape({}) is not supported", names.join(", "))));
            }
            many.len() as u32
        }
    };
    with_args(Type::array_ro(a.dtype.clone(), ndim, a.layout, a.readonly), args)
}

/// The `kind=` keyword of `sort`/`argsort`: `Ok(false)` when it must wait for a literal.
fn check_kind(kws: &[(String, Type)]) -> Result<bool, CallError> {
    for (k, v) in kws {
        if k != "kind" {
            return Err(CallError::typing(format!("Unsupported keywords: ['{k}']")));
        }
        match v {
            Type::StringLiteral(s) => {
                if !matches!(&**s, "quicksort" | "mergesort" | "stable") {
                    return Err(CallError::typing(format!("Unsupported \"kind\": '{s}'")));
                }
            }
            _ => return Ok(false),
        }
    }
    Ok(true)
}

fn sort(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some((a, [])) = receiver(args) else { return Ok(None) };
    // Numba's implementation sorts in place: it does not type for a read-only array.
    if !check_kind(kws)? || a.readonly {
        return Ok(None);
    }
    with_args(Type::NoneType, args)
}

fn argsort(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some((a, rest)) = receiver(args) else { return Ok(None) };
    if !rest.is_empty() {
        // Numba's `resolve_argsort` asserts that no positional argument is given.
        return Err(CallError::assertion("argsort takes its arguments by keyword only in Numba (kind=...)"));
    }
    if !check_kind(kws)? || a.ndim != 1 {
        return Ok(None);
    }
    with_args(Type::array(Type::intp(), 1, Layout::C), args)
}

/// Numba's `impl_array_tobytes`: a new read-only `bytes` of the items in C order.
fn tobytes(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    match receiver(args) {
        Some((_, [])) if kws.is_empty() => {
            with_args(Type::Array(std::sync::Arc::new(ArrayType::buffer(numrs_types::BufferKind::Bytes, Layout::C, true))), args)
        }
        _ => Ok(None),
    }
}

fn view(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some((a, [dtype])) = receiver(args) else { return Ok(None) };
    // A dtype string is refused (Numba's BoundFunction tries the string's unliteral type
    // first, and its signature with the literal does not match the call).
    if !kws.is_empty() || matches!(dtype, Type::StringLiteral(_)) {
        return Ok(None);
    }
    match parse_dtype(dtype) {
        Some(d) => with_args(a.keep_alignment(Type::array_ro(d, a.ndim, a.layout, a.readonly)), args),
        None => Ok(None),
    }
}

pub(crate) fn astype_result(a: &ArrayType, dtype: &Type) -> Result<Option<Type>, CallError> {
    let Some(d) = parse_dtype(dtype) else { return Ok(None) };
    if can_convert(&a.dtype, &d).is_none() {
        return Err(CallError::typing(format!(
            "astype({d}) not supported on {}: cannot convert from {} to {d}",
            Type::Array(std::sync::Arc::new(a.clone())),
            a.dtype
        )));
    }
    let layout = if a.layout == Layout::A { Layout::C } else { a.layout };
    Ok(Some(a.keep_alignment(Type::array(d, a.ndim, layout))))
}

fn astype(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some((a, [dtype])) = receiver(args) else { return Ok(None) };
    if !kws.is_empty() {
        return Ok(None);
    }
    match astype_result(a, dtype)? {
        Some(t) => with_args(t, args),
        None => Ok(None),
    }
}

pub(crate) fn ravel_result(a: &ArrayType) -> Type {
    let readonly = a.layout == Layout::C && a.readonly;
    a.keep_alignment(Type::array_ro(a.dtype.clone(), 1, Layout::C, readonly))
}

fn ravel(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    match (receiver(args), kws.is_empty()) {
        (Some((a, [])), true) => with_args(ravel_result(a), args),
        _ => Ok(None),
    }
}

fn flatten(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    match (receiver(args), kws.is_empty()) {
        (Some((a, [])), true) => with_args(a.keep_alignment(Type::array(a.dtype.clone(), 1, Layout::C)), args),
        _ => Ok(None),
    }
}

/// `a.fill(val)`: implemented as `a[:] = val`.
fn fill(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["arr", "val"], 2) else { return Ok(None) };
    let (Some(arr), Some(val)) = (&b[0], &b[1]) else { return Ok(None) };
    let Type::Array(a) = arr else { return Ok(None) };
    if a.readonly {
        return Ok(None);
    }
    let ok = match val {
        Type::Array(v) => can_convert(&v.dtype, &a.dtype).is_some(),
        v => can_convert(v, &a.dtype).is_some(),
    };
    if ok {
        sig(Type::NoneType, args)
    } else {
        Ok(None)
    }
}

fn conj(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    match (receiver(args), kws.is_empty()) {
        (Some((_, [])), true) => match super::ufunc::ufunc_generic("conjugate", &args[..1])? {
            Some(s) => with_args(s.return_type, args),
            None => Ok(None),
        },
        _ => Ok(None),
    }
}

fn np_nonzero(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    if !kws.is_empty() {
        return Err(CallError::typing("numba doesn't support kwarg for nonzero"));
    }
    match args {
        // The function refuses 0-d arrays by matching no implementation (the method raises).
        [Type::Array(a)] if a.ndim == 0 => Err(CallError::typing(
            "np.nonzero of a 0-d array: Calling nonzero on 0d arrays is not allowed. Use np.atleast_1d(scalar).nonzero() instead.",
        )),
        [Type::Array(a)] => with_args(nonzero_type(a)?, args),
        _ => Ok(None),
    }
}

fn np_ravel(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    if !kws.is_empty() {
        return Err(CallError::typing("numba doesn't support kwarg for ravel"));
    }
    match args {
        [Type::Array(a)] => with_args(ravel_result(a), args),
        _ => Ok(None),
    }
}

fn np_argsort(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["a", "kind"], 1) else { return Ok(None) };
    let Some(a @ Type::Array(_)) = &b[0] else { return Ok(None) };
    // `np.argsort` redirects to the method with the same positional arguments.
    let mut call = vec![a.clone()];
    let mut ckws = Vec::new();
    match (&b[1], kws.iter().any(|(k, _)| k == "kind")) {
        (Some(k), true) => ckws.push(("kind".to_string(), k.clone())),
        (Some(k), false) => call.push(k.clone()),
        (None, _) => {}
    }
    match argsort(&call, &ckws)? {
        Some(s) => with_args(s.return_type, args),
        None => Ok(None),
    }
}

fn np_transpose(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["a", "axes"], 1) else { return Ok(None) };
    let Some(Type::Array(a)) = &b[0] else { return Ok(None) };
    match &b[1] {
        None | Some(Type::NoneType) => with_args(transposed(a), args),
        Some(axes) => match shape_count(axes) {
            Some(n) if n == a.ndim => with_args(relayout(transposed(a), Layout::A), args),
            _ => Ok(None),
        },
    }
}

fn np_reshape(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    // Numba 0.68's `np.reshape(a, shape)` (NumPy 2.1's name; `newshape` is refused).
    let Some(b) = bind(args, kws, &["a", "shape"], 2) else { return Ok(None) };
    let (Some(a @ Type::Array(_)), Some(shape)) = (&b[0], &b[1]) else { return Ok(None) };
    match reshape(&[a.clone(), shape.clone()], &[])? {
        Some(s) => with_args(s.return_type, args),
        None => Ok(None),
    }
}

fn clip_result(a: &Type, lo: &Type, hi: &Type, out: Option<&Type>) -> Option<Type> {
    let Type::Array(arr) = a else { return None };
    // Numba's implementation writes into `out`: a read-only one does not type.
    if matches!(out, Some(Type::Array(o)) if o.readonly) {
        return None;
    }
    let array_like = |t: &Type| {
        matches!(t, Type::Array(_) | Type::List { .. } | Type::UniTuple(..) | Type::Tuple(_) | Type::ListType(_))
            || t.is_number()
    };
    for t in [lo, hi] {
        if !matches!(t, Type::NoneType) && !array_like(t) {
            return None;
        }
    }
    let ndim = [a, lo, hi].iter().map(|t| t.as_array().map_or(0, |x| x.ndim)).max().unwrap_or(0);
    if let Some(o) = out {
        if !matches!(o, Type::Array(oa) if oa.ndim == ndim) {
            return None;
        }
    }
    // Numba's `np_clip_nn` only raises ValueError: it returns nothing.
    if matches!(lo, Type::NoneType) && matches!(hi, Type::NoneType) {
        return Some(Type::NoneType);
    }
    if let Some(o) = out {
        return Some(o.clone());
    }
    let scalar_like = |t: &Type| t.is_number() || matches!(t, Type::NoneType);
    if scalar_like(lo) && scalar_like(hi) {
        let layout = if arr.layout == Layout::A { Layout::C } else { arr.layout };
        Some(Type::array(arr.dtype.clone(), arr.ndim, layout))
    } else {
        Some(Type::array(arr.dtype.clone(), ndim, Layout::C))
    }
}

fn np_clip(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["a", "a_min", "a_max", "out"], 3) else { return Ok(None) };
    let (Some(a), Some(lo), Some(hi)) = (&b[0], &b[1], &b[2]) else { return Ok(None) };
    let out = b[3].as_ref().filter(|t| !matches!(t, Type::NoneType));
    // Numba types it, then its lowering has no complex comparison.
    if matches!(a, Type::Array(arr) if arr.dtype.as_number().is_some_and(|k| k.is_complex())) && clip_result(a, lo, hi, out).is_some() {
        return Err(CallError {
            kind: "NotImplementedError",
            message: format!("No definition for lowering <built-in function gt>({0}, {0}) -> bool: Numba types np.clip of complex arrays but cannot compile it", Type::complex128()),
        });
    }
    match clip_result(a, lo, hi, out) {
        Some(t) => with_args(t, args),
        None => Ok(None),
    }
}

fn clip_method(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["a", "a_min", "a_max", "out"], 1) else { return Ok(None) };
    let Some(a) = &b[0] else { return Ok(None) };
    let lo = b[1].clone().unwrap_or(Type::NoneType);
    let hi = b[2].clone().unwrap_or(Type::NoneType);
    let out = b[3].as_ref().filter(|t| !matches!(t, Type::NoneType));
    match clip_result(a, &lo, &hi, out) {
        Some(t) => with_args(t, args),
        None => Ok(None),
    }
}

fn outer(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["a", "b", "out"], 2) else { return Ok(None) };
    let (Some(x), Some(y)) = (&b[0], &b[1]) else { return Ok(None) };
    let kind = |t: &Type| match t {
        Type::Array(a) => a.dtype.as_number(),
        other => other.as_number(),
    };
    let (Some(kx), Some(ky)) = (kind(x), kind(y)) else { return Ok(None) };
    if let Some(o) = b[2].as_ref().filter(|t| !matches!(t, Type::NoneType)) {
        return with_args(o.clone(), args);
    }
    let Some(k) = super::tables::promote_types(kx, ky) else { return Ok(None) };
    with_args(Type::array(Type::Number(k), 2, Layout::C), args)
}

fn scipy_missing() -> CallError {
    CallError { kind: "ImportError", message: "scipy 0.16+ is required for linear algebra".into() }
}

/// `np.dot`/`np.vdot`/`a.dot`: Numba needs SciPy for these; without it they fail to type.
fn dot_unavailable(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    // Numba's `dot_2_impl`/`dot_3_impl` ask for BLAS only once every operand is an array;
    // a number among them finds no implementation.
    if args.len() >= 2 && args.iter().all(|a| a.as_array().is_some()) {
        return Err(scipy_missing());
    }
    Ok(None)
}

fn dot(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    dot_unavailable(args, kws)
}

fn matmul_unavailable(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    match args {
        [Type::Array(_), Type::Array(_)] => Err(scipy_missing()),
        _ => Ok(None),
    }
}
