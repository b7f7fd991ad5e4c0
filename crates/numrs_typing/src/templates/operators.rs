//! Operators on non-numeric types: tuples, strings, None/Optional, containers, arrays.

use numrs_types::{ArrayType, Layout, NumericKind, Signature, Type};

use crate::registry::{AbstractFn, CallResult};

pub(super) const TEMPLATES: &[(&str, AbstractFn)] = &[
    ("operator.add", tuple_or_str_add),
    ("operator.iadd", tuple_or_str_add),
    ("operator.is_", identity),
    ("operator.is_not", identity),
    ("operator.eq", eq_ne),
    ("operator.ne", eq_ne),
    ("operator.getitem", getitem),
    ("operator.setitem", setitem),
    ("operator.contains", contains),
    ("operator.not_", not_),
];

fn sig(ret: Type, args: &[Type]) -> CallResult {
    Ok(Some(Signature::new(ret, args.to_vec())))
}

fn tuple_or_str_add(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    match args {
        [a, b] if a.is_tuple() && b.is_tuple() => {
            let mut items = a.tuple_items().unwrap_or_default();
            items.extend(b.tuple_items().unwrap_or_default());
            sig(Type::tuple(items), args)
        }
        [a, b] if a.is_string() && b.is_string() => sig(Type::Unicode, args),
        [Type::List { dtype: a, .. }, Type::List { dtype: b, .. }] => match numrs_types::unify_pairs(a, b) {
            Some(d) => sig(Type::list(d, false), args),
            None => Ok(None),
        },
        _ => Ok(None),
    }
}

fn identity(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    match args {
        [_, _] => sig(Type::boolean(), args),
        _ => Ok(None),
    }
}

fn eq_ne(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    match args {
        [a, b] if a.is_string() && b.is_string() => sig(Type::boolean(), args),
        [a, b] if a.is_tuple() && b.is_tuple() => sig(Type::boolean(), args),
        [Type::NoneType, _] | [_, Type::NoneType] => sig(Type::boolean(), args),
        _ => Ok(None),
    }
}

fn not_(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    match args {
        [_] => sig(Type::boolean(), args),
        _ => Ok(None),
    }
}

fn contains(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    match args {
        [container, _item] => match container {
            Type::List { .. } | Type::ListType(_) | Type::Set { .. } | Type::DictType(_) | Type::Array(_) => {
                sig(Type::boolean(), args)
            }
            Type::UniTuple(..) | Type::Tuple(_) => sig(Type::boolean(), args),
            Type::Unicode | Type::StringLiteral(_) => sig(Type::boolean(), args),
            _ => Ok(None),
        },
        _ => Ok(None),
    }
}

/// Number of array dimensions an index consumes, and whether the result keeps a dimension.
enum IndexKind {
    Integer,
    Slice,
    NewAxis,
    Ellipsis,
    Array(ArrayType),
}

fn classify_index(t: &Type) -> Option<IndexKind> {
    Some(match t {
        t if t.is_integer() => IndexKind::Integer,
        Type::Slice2 | Type::Slice3 => IndexKind::Slice,
        Type::NoneType => IndexKind::NewAxis,
        Type::Ellipsis => IndexKind::Ellipsis,
        Type::Array(a) if a.dtype.is_integer() || a.dtype.is_boolean() => IndexKind::Array((**a).clone()),
        _ => return None,
    })
}

/// Numba's `get_array_index_type` for basic and (one) advanced index.
fn array_getitem(a: &ArrayType, index: &Type) -> Option<Type> {
    let items = match index {
        Type::UniTuple(..) | Type::Tuple(_) => index.tuple_items()?,
        other => vec![other.clone()],
    };
    let kinds: Vec<IndexKind> = items.iter().map(classify_index).collect::<Option<_>>()?;
    let mut ndim = a.ndim as i64;
    let mut advanced = 0;
    let mut out_ndim = a.ndim as i64;
    let mut has_ellipsis = false;
    let mut only_ints_and_first_slices = true;
    let mut seen_int = false;
    for k in &kinds {
        match k {
            IndexKind::Integer => {
                out_ndim -= 1;
                ndim -= 1;
                seen_int = true;
            }
            IndexKind::Slice => {
                ndim -= 1;
                if seen_int {
                    only_ints_and_first_slices = false;
                }
            }
            IndexKind::NewAxis => out_ndim += 1,
            IndexKind::Ellipsis => {
                if has_ellipsis {
                    return None;
                }
                has_ellipsis = true;
            }
            IndexKind::Array(arr) => {
                advanced += 1;
                if arr.dtype.is_boolean() {
                    ndim -= arr.ndim as i64;
                    out_ndim = out_ndim - arr.ndim as i64 + 1;
                } else {
                    ndim -= 1;
                    out_ndim = out_ndim - 1 + arr.ndim as i64;
                }
            }
        }
    }
    if ndim < 0 || advanced > 1 {
        return None;
    }
    if advanced == 1 {
        // Advanced indexing produces a new C-contiguous array.
        return Some(Type::array(a.dtype.clone(), out_ndim.max(0) as u32, Layout::C));
    }
    if out_ndim == 0 {
        return Some(a.dtype.clone());
    }
    // Layout: Numba keeps C only when the index is integers followed by at most one leading
    // full slice pattern; anything else gives A.
    let layout = if kinds.iter().all(|k| matches!(k, IndexKind::Integer)) {
        a.layout
    } else if a.layout == Layout::C && only_ints_and_first_slices && !kinds.iter().any(|k| matches!(k, IndexKind::NewAxis)) {
        // C-contiguous survives integer indexing of leading dims and a final slice only if the
        // slice is the first dimension kept and steps are unknown: Numba reports 'A' for slices.
        if kinds.iter().any(|k| matches!(k, IndexKind::Slice)) {
            Layout::A
        } else {
            Layout::C
        }
    } else {
        Layout::A
    };
    Some(Type::array_ro(a.dtype.clone(), out_ndim as u32, layout, a.readonly))
}

fn getitem(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    let [container, index] = args else { return Ok(None) };
    match container {
        Type::Array(a) => match array_getitem(a, index) {
            Some(t) => sig(t, args),
            None => Ok(None),
        },
        Type::List { dtype, .. } | Type::ListType(dtype) => match index {
            t if t.is_integer() => sig((**dtype).clone(), args),
            Type::Slice2 | Type::Slice3 => sig(container.clone(), args),
            _ => Ok(None),
        },
        Type::UniTuple(d, _) if index.is_integer() => sig((**d).clone(), args),
        Type::Unicode | Type::StringLiteral(_) => match index {
            t if t.is_integer() => sig(Type::Unicode, args),
            Type::Slice2 | Type::Slice3 => sig(Type::Unicode, args),
            _ => Ok(None),
        },
        Type::DictType(kv) => sig(kv.1.clone(), args),
        _ => Ok(None),
    }
}

fn setitem(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    let [container, index, value] = args else { return Ok(None) };
    match container {
        Type::Array(a) => {
            if a.readonly {
                return Ok(None);
            }
            let Some(target) = array_getitem(a, index) else { return Ok(None) };
            let ok = match &target {
                Type::Array(_) => value.is_number() || value.as_array().is_some() || value.is_tuple() || matches!(value, Type::List { .. }),
                t => numrs_types::can_convert(value, t).is_some(),
            };
            if ok {
                sig(Type::NoneType, args)
            } else {
                Ok(None)
            }
        }
        Type::List { dtype, .. } | Type::ListType(dtype) => {
            if index.is_integer() && numrs_types::can_convert(value, dtype).is_some() {
                sig(Type::NoneType, args)
            } else if matches!(index, Type::Slice2 | Type::Slice3) {
                sig(Type::NoneType, args)
            } else {
                Ok(None)
            }
        }
        Type::DictType(_) => sig(Type::NoneType, args),
        _ => Ok(None),
    }
}

#[allow(dead_code)]
fn _k(_: NumericKind) {}
