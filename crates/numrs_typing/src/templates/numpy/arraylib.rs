//! NumPy library functions from Numba's `arraymath.py`, `arrayobj.py` and `linalg.py` that
//! build new arrays from pieces of others: `delete`/`insert`/`extract`/`select`/`trim_zeros`,
//! `diagflat`/`indices`/`kron`, `hsplit`/`vsplit`/`dsplit`, `trapezoid`, `kaiser`, `unwrap`,
//! and the predicates `iscomplex`/`isreal`/`isscalar`.
//!
//! As in the other template modules, an overload's explicit `raise TypingError(...)` is a
//! [`CallError::typing`] with Numba's message, and an overload that returns `None` (or whose
//! implementation cannot type) is `Ok(None)`.

use std::sync::Arc;

use numrs_types::{Layout, NamedTupleType, NumericKind, Type};

use super::arrayfuncs::asarray_info as asarray_of;
use super::common::{bind, is_nonelike, sig};
use super::index::getitem;
use crate::registry::{AbstractFn, CallError, CallResult};

pub(super) const TEMPLATES: &[(&str, AbstractFn)] = &[
    ("numpy.isscalar", isscalar),
    ("numpy.iscomplex", iscomplex_isreal),
    ("numpy.isreal", iscomplex_isreal),
    ("numpy.diagflat", diagflat),
    ("numpy.indices", indices),
    ("numpy.kaiser", kaiser),
    ("numpy.trapezoid", trapezoid),
    ("numpy.extract", extract),
    ("numpy.delete", delete),
    ("numpy.insert", insert),
    ("numpy.select", select),
    ("numpy.kron", kron),
    ("numpy.trim_zeros", trim_zeros),
    ("numpy.hsplit", hsplit),
    ("numpy.vsplit", split_nd),
    ("numpy.dsplit", split_nd),
    ("numpy.unwrap", unwrap),
    ("numpy.polynomial.polynomial.polyval", polyval),
    ("numpy.polynomial.polynomial.polyadd", polyarith),
    ("numpy.polynomial.polynomial.polysub", polyarith),
    ("numpy.polynomial.polynomial.polymul", polyarith),
    ("numpy.polynomial.polynomial.polydiv", polydiv),
    ("numpy.polynomial.polynomial.polyint", polyint),
    ("numpy.polynomial.polyutils.trimseq", trimseq),
    ("numpy.finfo", finfo),
    ("numpy.iinfo", iinfo),
    ("numpy.dtype", dtype),
];

/// Numba's `type_can_asarray`: arrays, sequences, tuples, string literals, numbers,
/// booleans and typed lists.
fn can_asarray(t: &Type) -> bool {
    matches!(t, Type::Array(_) | Type::List { .. } | Type::ListType(_) | Type::UniTuple(..) | Type::Tuple(_) | Type::StringLiteral(_)) || t.is_number()
}


/// Numba's `types.Sequence` (lists and homogeneous tuples) or an array: the item dtype.
fn array_or_sequence(t: &Type) -> Option<Type> {
    match t {
        Type::Array(a) => Some(a.dtype.clone()),
        Type::List { dtype, .. } => Some((**dtype).clone()),
        Type::UniTuple(item, _) => Some((**item).clone()),
        _ => None,
    }
}

fn integer(t: &Type) -> bool {
    t.is_integer() || matches!(t, Type::IntegerLiteral(_))
}

/// `np.isscalar(element)`: Numba's `type_is_scalar`, decided by the type (a literal bool).
fn isscalar(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["element"], 1) else { return Ok(None) };
    let Some(e) = &b[0] else { return Ok(None) };
    let scalar = e.is_number() || matches!(e, Type::Unicode | Type::StringLiteral(_) | Type::IntegerLiteral(_) | Type::BooleanLiteral(_));
    sig(Type::BooleanLiteral(scalar), args)
}

/// `np.iscomplex(x)` / `np.isreal(x)`: `np.asarray(x).imag != 0` (`== 0`): a boolean for a
/// number, else a C array of them.
fn iscomplex_isreal(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["x"], 1) else { return Ok(None) };
    let Some(x) = &b[0] else { return Ok(None) };
    match asarray_of(x) {
        Some((_, 0)) => sig(Type::boolean(), args),
        // `.imag` of a real array keeps its layout, and so does the comparison: one of
        // layout A cannot be allocated (Numba's lowering error).
        Some((dtype, ndim)) => match x {
            Type::Array(a) if !dtype.is_complex() && a.layout == Layout::A => Err(CallError {
                kind: "NotImplementedError",
                message: "Don't know how to allocate array with layout 'A'.".into(),
            }),
            Type::Array(a) if !dtype.is_complex() => sig(Type::array(Type::boolean(), ndim, a.layout), args),
            _ => sig(Type::array(Type::boolean(), ndim, Layout::C), args),
        },
        None => Ok(None),
    }
}

/// `np.diagflat(v, k=0)`: a 2-d C array of `v`'s dtype.
fn diagflat(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["v", "k"], 1) else { return Ok(None) };
    let Some(v) = &b[0] else { return Ok(None) };
    if !can_asarray(v) {
        return Err(CallError::typing("The argument \"v\" must be array-like"));
    }
    if b[1].as_ref().is_some_and(|k| !integer(k) && !matches!(k, Type::Omitted(_))) {
        return Err(CallError::typing("The argument \"k\" must be an integer"));
    }
    let Some((dtype, _)) = asarray_of(v) else { return Ok(None) };
    sig(Type::array(dtype, 2, Layout::C), args)
}

/// `np.indices(dimensions)` of a tuple of integers: an int64 C array with one more dimension.
fn indices(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["dimensions"], 1) else { return Ok(None) };
    match &b[0] {
        Some(Type::UniTuple(item, n)) if item.is_integer() => sig(Type::array(Type::int64(), n + 1, Layout::C), args),
        Some(_) => Err(CallError::typing("The argument \"dimensions\" must be a tuple of integers")),
        None => Ok(None),
    }
}

/// `np.kaiser(M, beta)`: a 1-d float64 array.
fn kaiser(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["M", "beta"], 2) else { return Ok(None) };
    let (Some(m), Some(beta)) = (&b[0], &b[1]) else { return Ok(None) };
    if !integer(m) {
        return Err(CallError::typing("M must be an integer"));
    }
    if !(integer(beta) || beta.as_number().is_some_and(|k| k.is_float())) {
        return Err(CallError::typing("beta must be an integer or float"));
    }
    sig(Type::array(Type::float64(), 1, Layout::C), args)
}

/// `np.trapezoid(y, x=None, dx=1.0)`: `np.sum(d * (y[..., 1:] + y[..., :-1]) / 2.0, -1)`, a
/// number for a 1-d `y`, else an array of one dimension less.
fn trapezoid(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["y", "x", "dx"], 1) else { return Ok(None) };
    let Some(y) = &b[0] else { return Ok(None) };
    if y.is_number() {
        return Err(CallError::typing("y cannot be a scalar"));
    }
    if matches!(y, Type::Array(a) if a.ndim == 0) {
        return Err(CallError::typing("y cannot be 0D"));
    }
    let Some((dtype, ndim)) = asarray_of(y) else { return Ok(None) };
    // The average of neighbours is divided by 2.0: float64, or complex128.
    let mut complex = dtype.is_complex();
    for d in [&b[1], &b[2]] {
        match d {
            None | Some(Type::Omitted(_)) | Some(Type::NoneType) => {}
            Some(t) => match asarray_of(t) {
                Some((dt, _)) if dt.is_number() => complex |= dt.is_complex(),
                _ => return Ok(None),
            },
        }
    }
    if !dtype.is_number() {
        return Ok(None);
    }
    let item = if complex { Type::complex128() } else { Type::float64() };
    if ndim == 1 {
        sig(item, args)
    } else {
        sig(Type::array(item, ndim - 1, Layout::C), args)
    }
}

/// `np.extract(condition, arr)`: the items of `arr` (flat) where `condition` is true, a 1-d
/// C array (`np.array` of a list of them).
fn extract(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["condition", "arr"], 2) else { return Ok(None) };
    let (Some(c), Some(a)) = (&b[0], &b[1]) else { return Ok(None) };
    let (Some(_), Some((dtype, _))) = (asarray_of(c), asarray_of(a)) else { return Ok(None) };
    sig(Type::array(dtype, 1, Layout::C), args)
}

/// `np.delete(arr, obj)`: the flattened `arr` without the items at `obj` (an integer, a
/// slice, or an array or sequence of integers).
fn delete(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["arr", "obj"], 2) else { return Ok(None) };
    let (Some(arr), Some(obj)) = (&b[0], &b[1]) else { return Ok(None) };
    let Some(dtype) = array_or_sequence(arr) else {
        return Err(CallError::typing("arr must be either an Array or a Sequence"));
    };
    match obj {
        Type::Slice2 | Type::Slice3 => {}
        o => match array_or_sequence(o) {
            Some(d) if !d.is_integer() => return Err(CallError::typing("obj should be of Integer dtype")),
            Some(_) => {}
            None if !o.is_integer() => return Err(CallError::typing("obj should be of Integer dtype")),
            None => {}
        },
    }
    sig(Type::array(dtype.unliteral(), 1, Layout::C), args)
}

/// `np.insert(arr, obj, values, axis=None)`: the flattened `arr` with `values` inserted
/// before the positions `obj` (an integer, or an array or sequence of integers).
fn insert(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["arr", "obj", "values", "axis"], 3) else { return Ok(None) };
    let (Some(arr), Some(obj), Some(values)) = (&b[0], &b[1], &b[2]) else { return Ok(None) };
    let Some(dtype) = array_or_sequence(arr) else {
        return Err(CallError::typing("arr must be either an Array or a Sequence"));
    };
    if !(values.is_number() || array_or_sequence(values).is_some()) {
        return Err(CallError::typing("values must be a scalar, an Array or a Sequence"));
    }
    if !is_nonelike(b[3].as_ref()) {
        return Err(CallError::typing("The 'axis' argument is not supported"));
    }
    if !obj.is_integer() {
        match array_or_sequence(obj) {
            Some(d) if d.is_integer() => {}
            Some(_) => return Err(CallError::typing("obj should be of Integer dtype")),
            None => return Err(CallError::typing("obj should be an Integer, an Array or a Sequence")),
        }
    }
    sig(Type::array(dtype.unliteral(), 1, Layout::C), args)
}

/// `np.select(condlist, choicelist, default=0)`: lists or homogeneous tuples of arrays;
/// `default * np.ones(shape, dtype)` then `np.where` of each choice, from the last.
fn select(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["condlist", "choicelist", "default"], 2) else { return Ok(None) };
    let (Some(conds), Some(choices)) = (&b[0], &b[1]) else { return Ok(None) };
    let item = |t: &Type| match t {
        Type::List { dtype, .. } => Some((**dtype).clone()),
        Type::UniTuple(item, _) => Some((**item).clone()),
        _ => None,
    };
    let Some(cond) = item(conds) else { return Err(CallError::typing("condlist must be a List or a Tuple")) };
    let Some(choice) = item(choices) else { return Err(CallError::typing("choicelist must be a List or a Tuple")) };
    let default = match &b[2] {
        None | Some(Type::Omitted(_)) => Type::int64(),
        Some(t) if t.is_number() => t.unliteral(),
        Some(_) => return Err(CallError::typing("default must be a scalar (number or boolean)")),
    };
    let Type::Array(ca) = &cond else { return Err(CallError::typing("items of condlist must be arrays")) };
    let Type::Array(ha) = &choice else { return Err(CallError::typing("items of choicelist must be arrays")) };
    if !ca.dtype.is_boolean() {
        return Err(CallError::typing("condlist arrays must contain booleans"));
    }
    if ca.ndim != ha.ndim {
        return Err(CallError::typing("condlist and choicelist elements must have the same number of dimensions"));
    }
    if ca.ndim < 1 {
        return Err(CallError::typing("condlist arrays must be of at least dimension 1"));
    }
    // `default * np.ones(choicelist[0].shape, choicelist[0].dtype)`.
    let ones = Type::array(ha.dtype.clone(), ha.ndim, Layout::C);
    let Some(start) = crate::registry::resolve_call("operator.mul", &[default, ones], &[])? else { return Ok(None) };
    let Some(step) = crate::registry::resolve_call("numpy.where", &[cond.clone(), choice.clone(), start.return_type.clone()], &[])? else {
        return Ok(None);
    };
    let Some(out) = numrs_types::unify_pairs(&start.return_type, &step.return_type) else { return Ok(None) };
    sig(out, args)
}

/// `np.kron(a, b)` of 1-d or 2-d C/F arrays or numbers, in `a`'s dtype.
fn kron(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["a", "b"], 2) else { return Ok(None) };
    let (Some(x), Some(y)) = (&b[0], &b[1]) else { return Ok(None) };
    for t in [x, y] {
        if let Type::Array(a) = t {
            if a.ndim > 2 {
                return Err(CallError::typing("np.kron() only supported on 1 and 2-D arrays "));
            }
        }
    }
    for t in [x, y] {
        match t {
            Type::Array(a) if !matches!(a.layout, Layout::C | Layout::F) => {
                return Err(CallError::typing(format!(
                    "np.linalg.kron only supports 'C' or 'F' layout input arrays. Received an input of layout '{}'.",
                    a.layout
                )));
            }
            Type::Array(_) => {}
            t if t.is_number() => {}
            _ => return Ok(None),
        }
    }
    let dtype = match x {
        Type::Array(a) => a.dtype.clone(),
        t => t.unliteral(),
    };
    let ndim = match (x, y) {
        (Type::Array(a), Type::Array(c)) => {
            if a.ndim == 2 || c.ndim == 2 {
                2
            } else {
                1
            }
        }
        (Type::Array(a), _) | (_, Type::Array(a)) => a.ndim,
        _ => 1,
    };
    // The products must type (`aa[i, j] * slc`).
    let (ex, ey) = (asarray_of(x).map(|d| d.0), asarray_of(y).map(|d| d.0));
    let (Some(ex), Some(ey)) = (ex, ey) else { return Ok(None) };
    if crate::registry::resolve_call("operator.mul", &[ex, Type::array(ey, 1, Layout::A)], &[])?.is_none() {
        return Ok(None);
    }
    sig(Type::array(dtype, ndim, Layout::C), args)
}

/// `np.trim_zeros(filt, trim='fb')` of a 1-d array: a slice of it.
fn trim_zeros(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["filt", "trim"], 1) else { return Ok(None) };
    let Some(filt) = &b[0] else { return Ok(None) };
    let Type::Array(a) = filt else { return Err(CallError::typing("The first argument must be an array")) };
    if a.ndim > 1 {
        return Err(CallError::typing("array must be 1D"));
    }
    match &b[1] {
        None | Some(Type::Omitted(_)) | Some(Type::Unicode) | Some(Type::StringLiteral(_)) => {}
        Some(_) => return Err(CallError::typing("The second argument must be a string")),
    }
    match getitem(&[filt.clone(), Type::Slice2], &[]) {
        Ok(Some(s)) => sig(s.return_type, args),
        _ => Ok(None),
    }
}

/// The checks `np.hsplit`/`np.vsplit`/`np.dsplit` make before calling `np.split`, and its
/// result: a list of views of `ary`.
fn split_checked(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["ary", "indices_or_sections"], 2) else { return Ok(None) };
    let (Some(ary), Some(ios)) = (&b[0], &b[1]) else { return Ok(None) };
    if !matches!(ary, Type::Array(_)) {
        return Err(CallError::typing("The argument \"ary\" must be an array"));
    }
    if !(ios.is_integer() || matches!(ios, Type::Array(_) | Type::List { .. } | Type::UniTuple(..))) {
        return Err(CallError::typing("The argument \"indices_or_sections\" must be int or 1d-array"));
    }
    // A 0-d array: Numba's implementation prunes to its `raise ValueError(...)` (the `ndim`
    // test is a constant), so the call returns nothing.
    if matches!(ary, Type::Array(a) if a.ndim == 0) {
        return sig(Type::NoneType, args);
    }
    match crate::registry::resolve_call("numpy.split", &[ary.clone(), ios.clone()], &[])? {
        Some(s) => sig(s.return_type, args),
        None => Ok(None),
    }
}

/// `np.hsplit`: `np.split` along axis 1 (axis 0 of a 1-d array).
fn hsplit(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    split_checked(args, kws)
}

/// `np.vsplit` (axis 0) / `np.dsplit` (axis 2): too few dimensions is a `ValueError` at
/// run time.
fn split_nd(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    split_checked(args, kws)
}

/// `np.unwrap(p, discont=None, axis=-1, period=2π)`: a C array of `p`'s shape, in the
/// result type of `p`'s dtype and `period`'s.
fn unwrap(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["p", "discont", "axis", "period"], 1) else { return Ok(None) };
    let Some(p) = &b[0] else { return Ok(None) };
    if b[2].as_ref().is_some_and(|a| !integer(a) && !matches!(a, Type::Omitted(_))) {
        return Err(CallError::typing("The argument \"axis\" must be an integer"));
    }
    if !can_asarray(p) {
        return Err(CallError::typing("The argument \"p\" must be array-like"));
    }
    match &b[1] {
        None | Some(Type::Omitted(_)) | Some(Type::NoneType) => {}
        Some(d) if d.as_number().is_some_and(|k| k.is_integer() || k.is_float()) => {}
        Some(_) => return Err(CallError::typing("The argument \"discont\" must be a scalar")),
    }
    let period = match &b[3] {
        None | Some(Type::Omitted(_)) => NumericKind::Float64,
        Some(t) => match t.as_number() {
            Some(k) => k,
            None => return Err(CallError::typing("The argument \"period\" must be a scalar")),
        },
    };
    let Some((dtype, ndim)) = asarray_of(p) else { return Ok(None) };
    let Some(pk) = dtype.as_number() else { return Ok(None) };
    let Some(rk) = super::tables::promote_types(pk, period) else { return Ok(None) };
    // `np.mod` has no complex loop.
    if ndim == 0 || rk.is_complex() {
        return Ok(None);
    }
    sig(Type::array(Type::Number(rk), ndim, Layout::C), args)
}

/// `np.polynomial.polynomial.polyval(x, c, tensor=True)` (Numba's `poly_polyval`): Horner's
/// scheme in `np.result_type(c, x, float64)`; a number `x` gives a number, an array-like `x`
/// an array of its dimensions (with `tensor`, the extra dimensions of `c` first).
fn polyval(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["x", "c", "tensor"], 2) else { return Ok(None) };
    let (Some(x), Some(c)) = (&b[0], &b[1]) else { return Ok(None) };
    if !can_asarray(x) {
        return Err(CallError::typing("The argument \"x\" must be array-like"));
    }
    if !can_asarray(c) {
        return Err(CallError::typing("The argument \"c\" must be array-like"));
    }
    let tensor = match &b[2] {
        None | Some(Type::Omitted(_)) => true,
        Some(Type::BooleanLiteral(v)) => *v,
        Some(_) => return Err(CallError { kind: "RequireLiteralValue", message: "The argument \"tensor\" must be boolean".into() }),
    };
    let kind = poly_result_kind(&[c, x])?;
    let Some((_, c_ndim)) = asarray_of(c) else { return Ok(None) };
    let Some((_, x_ndim)) = asarray_of(x) else { return Ok(None) };
    // A number `x`: one value per series (`c[l - 1] + x * 0` keeps `c`'s other dimensions).
    if x.is_number() {
        return match c_ndim.saturating_sub(1) {
            0 => sig(Type::Number(kind), args),
            n => sig(Type::array(Type::Number(kind), n, Layout::C), args),
        };
    }
    let ndim = if tensor { x_ndim + c_ndim.saturating_sub(1) } else { x_ndim.max(c_ndim.saturating_sub(1)) };
    sig(Type::array(Type::Number(kind), ndim, Layout::C), args)
}

/// Numba's `_poly_result_dtype(*args)`: NumPy's result type of the arguments' dtypes and
/// float64.
fn poly_result_kind(items: &[&Type]) -> Result<NumericKind, CallError> {
    let mut kind = NumericKind::Float64;
    for t in items {
        let t = *t;
        let kinds: Vec<NumericKind> = match t {
            Type::Array(a) => vec![a.dtype.as_number().ok_or_else(|| CallError::typing("Input dtype must be scalar"))?],
            t if t.is_number() => vec![t.unliteral().as_number().unwrap_or(NumericKind::Float64)],
            t => match t.tuple_items() {
                Some(items) => items.iter().map(|i| i.unliteral().as_number()).collect::<Option<_>>().ok_or_else(|| CallError::typing("Input dtype must be scalar"))?,
                None => match t {
                    Type::List { dtype, .. } => vec![dtype.unliteral().as_number().ok_or_else(|| CallError::typing("Input dtype must be scalar"))?],
                    _ => return Err(CallError::typing("Input dtype must be scalar")),
                },
            },
        };
        for k in kinds {
            kind = super::tables::promote_types(k, kind).ok_or_else(|| CallError::typing("Input dtype must be scalar."))?;
        }
    }
    Ok(kind)
}

/// The checks of `polyadd`/`polysub`/`polymul`/`polydiv` on their two coefficient series and
/// the item kind `pu.as_series` gives them (1-d series only).
fn poly_pair(args: &[Type], kws: &[(String, Type)]) -> Result<Option<NumericKind>, CallError> {
    let Some(b) = bind(args, kws, &["c1", "c2"], 2) else { return Ok(None) };
    let (Some(c1), Some(c2)) = (&b[0], &b[1]) else { return Ok(None) };
    for (t, n) in [(c1, "c1"), (c2, "c2")] {
        if !can_asarray(t) || matches!(t, Type::StringLiteral(_)) {
            return Err(CallError::typing(format!("The argument \"{n}\" must be array-like")));
        }
        if asarray_of(t).is_some_and(|(_, nd)| nd > 1) {
            return Err(CallError::typing("Coefficient array is not 1-d"));
        }
    }
    poly_result_kind(&[c1, c2]).map(Some)
}

/// `np.polynomial.polynomial.polyadd`/`polysub`/`polymul` (Numba's `numpy_polyadd`...): the
/// trimmed series, a 1-d C array.
fn polyarith(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    match poly_pair(args, kws)? {
        Some(k) => sig(Type::array(Type::Number(k), 1, Layout::C), args),
        None => Ok(None),
    }
}

/// `np.polynomial.polynomial.polydiv`: the quotient and the remainder.
fn polydiv(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    match poly_pair(args, kws)? {
        Some(k) => sig(Type::unituple(Type::array(Type::Number(k), 1, Layout::C), 2), args),
        None => Ok(None),
    }
}

/// `np.polynomial.polyutils.trimseq(seq)` (Numba's `polyutils_trimseq`): `seq[:i + 1]` up to
/// its last non-zero item (at least one; an empty `seq` itself), of the same array type.
fn trimseq(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["seq"], 1) else { return Ok(None) };
    let Some(seq) = &b[0] else { return Ok(None) };
    if !can_asarray(seq) || matches!(seq, Type::StringLiteral(_)) {
        return Err(CallError::typing("The argument \"seq\" must be array-like"));
    }
    if seq.is_base_tuple() {
        return Err(CallError::typing(format!("Unsupported type {seq} for argument \"seq\"")));
    }
    if asarray_of(seq).is_some_and(|(_, nd)| nd > 1) {
        // (Numba's NumbaValueError there is one of the errors its template lookup collects.)
        return Err(CallError::typing("Coefficient array is not 1-d"));
    }
    match seq {
        Type::Array(a) if a.ndim == 1 => sig(seq.clone(), args),
        _ => Ok(None),
    }
}

/// `np.polynomial.polynomial.polyint(c, m=1)` (Numba's `poly_polyint`): integrated `m` times,
/// in the result type of `c` and float64; a 1-d series is trimmed.
fn polyint(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["c", "m"], 1) else { return Ok(None) };
    let Some(c) = &b[0] else { return Ok(None) };
    if !can_asarray(c) || matches!(c, Type::StringLiteral(_)) {
        return Err(CallError::typing("The argument \"c\" must be array-like"));
    }
    match &b[1] {
        None | Some(Type::Omitted(_)) => {}
        Some(m) if integer(m) => {}
        Some(_) => return Err(CallError::typing("The argument \"m\" must be an integer")),
    }
    let k = poly_result_kind(&[c])?;
    let Some((_, ndim)) = asarray_of(c) else { return Ok(None) };
    if ndim != 1 {
        return Err(CallError::typing("numrs supports np.polynomial.polynomial.polyint of 1-d coefficients only"));
    }
    sig(Type::array(Type::Number(k), 1, Layout::C), args)
}

/// The fields of Numba's `finfo` named tuple (`_finfo_supported`), and whether each is a
/// value of the float type (else an int).
pub const FINFO_FIELDS: [(&str, bool); 15] = [
    ("eps", true),
    ("epsneg", true),
    ("iexp", false),
    ("machep", false),
    ("max", true),
    ("maxexp", false),
    ("min", true),
    ("minexp", false),
    ("negep", false),
    ("nexp", false),
    ("nmant", false),
    ("precision", false),
    ("resolution", true),
    ("tiny", true),
    ("bits", false),
];

/// The fields of Numba's `iinfo` named tuple.
pub const IINFO_FIELDS: [&str; 3] = ["min", "max", "bits"];

/// The NumPy scalar type `np.finfo`/`np.iinfo` describe: Numba's `getattr(arg, 'dtype', arg)`
/// of a scalar class, a dtype, an array or a number.
fn info_subject(args: &[Type], kws: &[(String, Type)], param: &str) -> Option<NumericKind> {
    let b = bind(args, kws, &[param], 1)?;
    match b[0].as_ref()? {
        Type::NumberClass(t) | Type::DType(t) => t.as_number(),
        Type::Array(a) => a.dtype.as_number(),
        t => t.as_number(),
    }
}

/// The type of `np.finfo(dtype)`: a `finfo` named tuple of the float type's values (a complex
/// type's parts).
pub fn finfo_type(k: NumericKind) -> Option<Type> {
    let float = match k {
        NumericKind::Float32 | NumericKind::Complex64 => Type::float32(),
        NumericKind::Float64 | NumericKind::Complex128 => Type::float64(),
        _ => return None,
    };
    Some(Type::NamedTuple(Arc::new(NamedTupleType {
        name: "finfo".into(),
        fields: FINFO_FIELDS.iter().map(|(f, _)| Arc::from(*f)).collect(),
        items: FINFO_FIELDS.iter().map(|(_, is_float)| if *is_float { float.clone() } else { Type::int64() }).collect(),
    })))
}

/// The type of `np.iinfo(int_type)`: an `iinfo` named tuple of Python ints (the maximum of
/// uint64 is a uint64).
pub fn iinfo_type(k: NumericKind) -> Option<Type> {
    if !k.is_integer() {
        return None;
    }
    let max = if k == NumericKind::UInt64 { Type::uint64() } else { Type::int64() };
    Some(Type::NamedTuple(Arc::new(NamedTupleType {
        name: "iinfo".into(),
        fields: IINFO_FIELDS.iter().map(|f| Arc::from(*f)).collect(),
        items: vec![Type::int64(), max, Type::int64()],
    })))
}

/// `np.finfo(dtype)` of a float or complex type (NumPy's `ValueError` otherwise: no
/// implementation).
fn finfo(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    match info_subject(args, kws, "dtype").and_then(finfo_type) {
        Some(t) => sig(t, args),
        None => Ok(None),
    }
}

/// `np.iinfo(int_type)` of an integer type.
fn iinfo(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    match info_subject(args, kws, "int_type").and_then(iinfo_type) {
        Some(t) => sig(t, args),
        None => Ok(None),
    }
}

/// `np.dtype(desc)` of a string literal naming a dtype or a scalar class: the dtype object.
fn dtype(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(b) = bind(args, kws, &["dtype"], 1) else { return Ok(None) };
    let Some(d) = &b[0] else { return Ok(None) };
    match d {
        Type::StringLiteral(_) | Type::NumberClass(_) => match super::common::parse_dtype(d) {
            Some(t) => sig(Type::DType(Arc::new(t)), args),
            None => Ok(None),
        },
        // A list of fields (`[("x", np.float64), ...]`): Numba's overload hands NumPy the
        // typing's objects, and NumPy's own TypeError about the first field escapes.
        Type::LiteralList(items) if !items.is_empty() => {
            Err(CallError { kind: "TypeError", message: format!("Field elements must be 2- or 3-tuples, got '{}'", items[0]) })
        }
        other => Err(CallError::typing(format!("unknown dtype descriptor: {other}"))),
    }
}
