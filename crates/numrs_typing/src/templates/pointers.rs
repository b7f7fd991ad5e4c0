//! C pointers: `numba.carray`/`numba.farray` (Numba's `impl_carray`/`impl_farray` in
//! `numba/np/arrayobj.py` and the intrinsic behind them). Indexing a pointer is in
//! `operators` (Numba's `GetItemCPointer`/`SetItemCPointer`), `a.ctypes` in `attributes`.

use numrs_types::{Layout, Signature, Type};

use crate::registry::{AbstractFn, CallError, CallResult};

pub(super) const TEMPLATES: &[(&str, AbstractFn)] = &[("numba.carray", carray), ("numba.farray", farray)];

fn carray(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    view(args, kws, Layout::C, "carray")
}

fn farray(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    view(args, kws, Layout::F, "farray")
}

/// `carray(ptr, shape, dtype=None)`: an array of `shape` over the memory `ptr` points to, C
/// (or, for `farray`, Fortran) contiguous, not owned.
fn view(args: &[Type], kws: &[(String, Type)], layout: Layout, name: &str) -> CallResult {
    let mut bound: [Option<&Type>; 3] = [None; 3];
    if args.len() > 3 {
        return Ok(None);
    }
    for (i, a) in args.iter().enumerate() {
        bound[i] = Some(a);
    }
    for (k, t) in kws {
        let i = match k.as_str() {
            "ptr" => 0,
            "shape" => 1,
            "dtype" => 2,
            _ => return Ok(None),
        };
        if bound[i].replace(t).is_some() {
            return Ok(None);
        }
    }
    let [Some(ptr), Some(shape), dtype] = bound else { return Ok(None) };
    // The overload has an implementation for no dtype (`None`) or a dtype (`DTypeSpec`).
    let dtype = match dtype {
        None | Some(Type::NoneType | Type::Omitted(_)) => None,
        Some(Type::DType(t) | Type::NumberClass(t)) => Some((**t).clone()),
        Some(other) => return Err(CallError::typing(format!("numba.{name}() takes a NumPy dtype as `dtype`, got {other}"))),
    };
    let pointee = match ptr {
        Type::VoidPtr => None,
        Type::CPointer(t) => Some((**t).clone()),
        other => return Err(CallError::typing(format!("numba.{name}() takes a pointer, got '{other}'"))),
    };
    let dtype = match (dtype, pointee) {
        (None, None) => return Err(CallError::typing(format!("numba.{name}() of a void* needs an explicit dtype"))),
        (None, Some(p)) => p,
        (Some(d), Some(p)) if d != p => {
            return Err(CallError::typing(format!("numba.{name}(): dtype '{d}' does not match the pointer type '{ptr}'")));
        }
        (Some(d), _) => d,
    };
    // Numba's `parse_shape`: an integer or a tuple of integers.
    let ndim = match shape {
        t if t.is_integer() => 1,
        Type::UniTuple(..) | Type::Tuple(_) => {
            let items = shape.tuple_items().unwrap_or_default();
            if !items.iter().all(|t| t.is_integer() || matches!(t, Type::EnumMember(e) if e.int_enum)) {
                return Err(CallError::typing(format!("numba.{name}() takes an integer or a tuple of integers as its shape, got {shape}")));
            }
            items.len() as u32
        }
        other => return Err(CallError::typing(format!("numba.{name}() takes an integer or a tuple of integers as its shape, got {other}"))),
    };
    Ok(Some(Signature::new(Type::array(dtype, ndim, layout), args.to_vec())))
}
