//! Array indexing: Numba's `arraydecl.get_array_index_type` (basic, multi-dimensional, boolean
//! and integer-array "fancy" indices, `None`/newaxis and Ellipsis, and the layout of views),
//! with the `getitem`/`setitem` templates built on it.

use numrs_types::{can_convert, ArrayType, Layout, Signature, Type};

use crate::registry::{CallError, CallResult};

/// The outcome of indexing: the normalized index type and the result.
pub(crate) struct Indexing {
    pub index: Type,
    pub result: Type,
}

fn is_nonelike(t: &Type) -> bool {
    matches!(t, Type::NoneType) || matches!(t, Type::Omitted(d) if &**d == "None")
}

fn keeps_contiguity(t: &Type, innermost: bool) -> bool {
    matches!(t, Type::Ellipsis) || t.is_integer() || is_nonelike(t) || (innermost && matches!(t, Type::Slice2))
}

fn check_contiguity(outer: &[Type]) -> bool {
    let n = outer.len();
    for (i, t) in outer.iter().enumerate().take(n.saturating_sub(1)) {
        let innermost = outer[i + 1..].iter().all(is_nonelike);
        if !keeps_contiguity(t, innermost) {
            return false;
        }
    }
    match outer.last() {
        Some(t) => keeps_contiguity(t, true),
        None => true,
    }
}

/// Numba's `get_array_index_type`. `Ok(None)` when the index does not apply to the array,
/// `Err` for Numba's definite index errors (which Numba reports as "No implementation").
pub(crate) fn array_index_type(ary: &ArrayType, idx: &Type) -> Result<Option<Indexing>, String> {
    let is_tuple = idx.is_tuple();
    let items = match idx.tuple_items() {
        Some(items) => items,
        None => vec![idx.clone()],
    };
    // An `IntEnum` member indexes as its integer value.
    let items: Vec<Type> = items
        .into_iter()
        .map(|t| match t {
            Type::EnumMember(e) if e.int_enum && e.dtype.is_integer() => e.dtype.clone(),
            t => t,
        })
        .collect();
    let mut ndim = ary.ndim as i64;
    let mut left: Vec<Type> = Vec::new();
    let mut right: Vec<Type> = Vec::new();
    let mut ellipsis_met = false;
    let mut advanced = false;
    let mut num_newaxis = 0i64;
    let mut array_ndims: Vec<i64> = Vec::new();
    for t in &items {
        let t = t.unliteral();
        let normalized = match &t {
            Type::Ellipsis => {
                if ellipsis_met {
                    return Err(format!("Only one ellipsis allowed in array indices (got {idx})"));
                }
                ellipsis_met = true;
                t.clone()
            }
            Type::Slice2 | Type::Slice3 => t.clone(),
            t if t.is_integer() => {
                ndim -= 1;
                match t.as_number() {
                    Some(k) if k.is_unsigned_int() => Type::uintp(),
                    _ => Type::intp(),
                }
            }
            Type::Array(a) if a.ndim == 0 && a.dtype.is_integer() => {
                ndim -= 1;
                t.clone()
            }
            Type::Array(a) if a.dtype.is_integer() || a.dtype.is_boolean() => {
                array_ndims.push(a.ndim as i64);
                advanced = true;
                ndim -= 1;
                t.clone()
            }
            t if is_nonelike(t) => {
                ndim += 1;
                num_newaxis += 1;
                t.clone()
            }
            other => return Err(format!("Unsupported array index type {other} in {idx}")),
        };
        if ellipsis_met {
            right.push(normalized);
        } else {
            left.push(normalized);
        }
    }
    if advanced {
        ndim += array_ndims.iter().copied().max().unwrap_or(0);
    }
    let all_indices: Vec<Type> = left.iter().chain(right.iter()).cloned().collect();
    if ellipsis_met && !right.is_empty() {
        right.remove(0);
    }
    let n_indices = all_indices.len() as i64 - ellipsis_met as i64 - num_newaxis;
    if n_indices > ary.ndim as i64 {
        return Err(format!(
            "cannot index {} with {n_indices} indices: {idx}",
            Type::Array(std::sync::Arc::new(ary.clone()))
        ));
    }
    let ndim = ndim.max(0) as u32;
    let result = if n_indices == ary.ndim as i64 && ndim == 0 && !ellipsis_met {
        ary.dtype.clone()
    } else if advanced {
        // `ary.copy(ndim=ndim, layout='C', readonly=False)`: a new array (aligned as `ary` is
        // typed).
        Type::Array(std::sync::Arc::new(numrs_types::ArrayType { readonly: false, ..ary.copy_as(ary.dtype.clone(), ndim, Layout::C) }))
    } else {
        let mut layout = ary.layout;
        match layout {
            Layout::C => {
                if n_indices == ary.ndim as i64 {
                    left.append(&mut right);
                }
                if !right.is_empty() || !check_contiguity(&left) {
                    layout = Layout::A;
                }
            }
            Layout::F => {
                if n_indices == ary.ndim as i64 {
                    left.append(&mut right);
                    right = std::mem::take(&mut left);
                }
                let reversed: Vec<Type> = right.iter().rev().cloned().collect();
                if !left.is_empty() || !check_contiguity(&reversed) {
                    layout = Layout::A;
                }
            }
            Layout::A => {}
        }
        if ndim == 0 {
            ary.dtype.clone()
        } else {
            // `ary.copy(ndim=ndim, layout=layout)`: read-only and alignment kept.
            Type::Array(std::sync::Arc::new(ary.copy_as(ary.dtype.clone(), ndim, layout)))
        }
    };
    let index = if is_tuple { Type::tuple(all_indices) } else { all_indices.into_iter().next().unwrap_or(Type::NoneType) };
    Ok(Some(Indexing { index, result }))
}

/// Index types Numba's typing accepts but its lowering (`FancyIndexer` in arrayobj.py) cannot
/// compile: a boolean array that is not 1-d (`BooleanArrayIndexer` asserts), and, when reading,
/// a boolean array together with other index arrays (the result is built with more dimensions
/// than it was typed with, and LLVM refuses the store). The Numba exception kind and a message.
pub fn index_lowering_error(ary: &Type, idx: &Type, read: bool) -> Option<(&'static str, String)> {
    if !matches!(ary, Type::Array(_)) {
        return None;
    }
    // A named tuple types as an index (its items) but Numba's lowering has no implementation
    // for it.
    if let Type::NamedTuple(_) = idx {
        return Some((
            "NotImplementedError",
            format!("No definition for lowering {}({ary}, {idx}): index an array with a plain tuple, `a[tuple(p)]` does not help either, use `a[p[0], p[1]]`", if read { "getitem" } else { "setitem" }),
        ));
    }
    let items = idx.tuple_items().unwrap_or_else(|| vec![idx.clone()]);
    let arrays: Vec<&ArrayType> = items.iter().filter_map(|t| if let Type::Array(a) = t { Some(&**a) } else { None }).collect();
    let is_mask = |a: &&ArrayType| a.dtype.is_boolean();
    if let Some(m) = arrays.iter().find(|a| is_mask(a) && a.ndim != 1) {
        return Some((
            "AssertionError",
            format!(
                "Numba types indexing {ary} with the {}-d boolean array {} but cannot compile it: its lowering \
                 handles 1-d boolean masks only. Index the flattened arrays instead: `a.ravel()[mask.ravel()]`",
                m.ndim,
                Type::Array(std::sync::Arc::new((*m).clone()))
            ),
        ));
    }
    if read && matches!(idx, Type::Ellipsis) {
        return Some((
            "NotImplementedError",
            format!(
                "Numba types `a[...]` of {ary} but has no lowering of a lone Ellipsis index. Use the \
                 array itself (or `a[:]` for a view)"
            ),
        ));
    }
    if read && arrays.iter().any(is_mask) && arrays.len() > 1 {
        return Some((
            "TypeError",
            format!(
                "Numba types indexing {ary} with {idx}, a boolean array together with other index arrays, but \
                 cannot compile it (its lowering builds a result of the wrong rank). Turn the mask into \
                 positions first: `np.nonzero(mask)[0]`"
            ),
        ));
    }
    None
}

/// `operator.getitem` on arrays (Numba's `GetItemBuffer`).
pub(crate) fn getitem(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    let [Type::Array(ary), idx] = args else { return Ok(None) };
    // Numba's `StaticGetItemRecordArray` (`a["x"]`): a view of a field.
    if let Type::StringLiteral(name) = idx {
        return Ok(crate::templates::attributes::record_field_view(ary, name).map(|t| Signature::new(t, args.to_vec())));
    }
    match array_index_type(ary, idx) {
        Ok(Some(ix)) => Ok(Some(Signature::new(ix.result, vec![args[0].clone(), ix.index]))),
        _ => Ok(None),
    }
}

/// `operator.setitem` on arrays (Numba's `SetItemBuffer`).
/// Stores into a unicode array that type but do not lower (checked by `resolve_call` before
/// it reads unicode items as strings): unicode items of another size
/// (Numba has no cast between `[unichr x m]` and `[unichr x n]`), and a literal string
/// broadcast into a slice (cast as it is, with no cast from a literal to the item type).
pub(crate) fn charseq_setitem(target: &Type, idx: &Type, val: &Type) -> Result<(), CallError> {
    let Type::Array(ary) = target else { return Ok(()) };
    let Type::UnicodeCharSeq(n) = ary.dtype else { return Ok(()) };
    let item = match val {
        Type::Array(v) => &v.dtype,
        v => v,
    };
    let refused = match item {
        Type::UnicodeCharSeq(m) => *m != n,
        Type::StringLiteral(_) => matches!(array_index_type(ary, idx), Ok(Some(ix)) if matches!(ix.result, Type::Array(_))),
        _ => false,
    };
    if refused {
        return Err(CallError { kind: "NumbaNotImplementedError", message: format!("Cannot cast {item} to {}", ary.dtype) });
    }
    Ok(())
}

pub(crate) fn setitem(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    let [Type::Array(ary), idx, val] = args else { return Ok(None) };
    if ary.readonly {
        // Numba raises NumbaTypeError here; the call then fails as "No implementation".
        return Ok(None);
    }
    let Ok(Some(ix)) = array_index_type(ary, idx) else { return Ok(None) };
    let res = match &ix.result {
        Type::Array(res) => match val {
            Type::Array(v) => {
                if can_convert(&v.dtype, &res.dtype).is_none() {
                    return Ok(None);
                }
                val.clone()
            }
            Type::List { dtype, .. } | Type::ListType(dtype) => {
                if res.ndim == 1 && can_convert(dtype, &res.dtype).is_some() {
                    val.clone()
                } else {
                    return Ok(None);
                }
            }
            Type::UniTuple(dtype, _) => {
                if res.ndim == 1 && can_convert(dtype, &res.dtype).is_some() {
                    val.clone()
                } else {
                    return Ok(None);
                }
            }
            _ => {
                if can_convert(val, &res.dtype).is_some() {
                    res.dtype.clone()
                } else {
                    return Ok(None);
                }
            }
        },
        res => match val {
            // `bytes` into an item of a bytes array (Numba's cast from `Bytes` to `CharSeq`).
            Type::Array(v) if v.buffer == Some(numrs_types::BufferKind::Bytes) && matches!(res, Type::CharSeq(_)) => res.clone(),
            Type::Array(v) => {
                if v.ndim == 0 && can_convert(&v.dtype, res).is_some() {
                    val.clone()
                } else {
                    return Ok(None);
                }
            }
            _ => {
                if can_convert(val, res).is_none() {
                    return Ok(None);
                }
                val.clone()
            }
        },
    };
    Ok(Some(Signature::new(Type::NoneType, vec![args[0].clone(), ix.index, res])))
}
