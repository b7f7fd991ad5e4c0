//! The CUDA typing context's intrinsics (`numba.cuda`, as numba-cuda types them): thread
//! indexing, shared and local arrays, atomics, barriers, warp shuffles and votes
//! (`cudadecl.py`, `intrinsics.py`). The functions numba-cuda types by concrete templates
//! (`popc`, `fma`, `match_any_sync`, `threadfence_block`, ...) are in the generated tables.

use std::sync::Arc;

use numrs_types::{Layout, Signature, Type};

use crate::registry::{AbstractFn, CallResult};

pub(super) const TEMPLATES: &[(&str, AbstractFn)] = &[
    ("cuda.grid", grid),
    ("cuda.gridsize", grid),
    ("cuda.syncthreads", no_result),
    ("cuda.syncthreads_count", syncthreads_predicate),
    ("cuda.syncthreads_and", syncthreads_predicate),
    ("cuda.syncthreads_or", syncthreads_predicate),
    ("cuda.shfl_sync", shfl),
    ("cuda.shfl_up_sync", shfl),
    ("cuda.shfl_down_sync", shfl),
    ("cuda.shfl_xor_sync", shfl),
    ("cuda.all_sync", vote_bool),
    ("cuda.any_sync", vote_bool),
    ("cuda.eq_sync", vote_bool),
    ("cuda.ballot_sync", vote_ballot),
    ("cuda.selp", selp),
    ("cuda.const.array_like", const_array_like),
    ("cuda.shared.array", local_array),
    ("cuda.local.array", local_array),
    ("cuda.atomic.add", atomic_any),
    ("cuda.atomic.sub", atomic_any),
    ("cuda.atomic.max", atomic_any),
    ("cuda.atomic.min", atomic_any),
    ("cuda.atomic.nanmax", atomic_any),
    ("cuda.atomic.nanmin", atomic_any),
    ("cuda.atomic.and_", atomic_integer),
    ("cuda.atomic.or_", atomic_integer),
    ("cuda.atomic.xor", atomic_integer),
    ("cuda.atomic.exch", atomic_integer),
    ("cuda.atomic.inc", atomic_unsigned),
    ("cuda.atomic.dec", atomic_unsigned),
    ("cuda.atomic.compare_and_swap", compare_and_swap),
    ("cuda.atomic.cas", cas),
];

/// Whether a key is a `numba.cuda` function: an intrinsic here or a generated concrete table.
fn is_function(key: &str) -> bool {
    TEMPLATES.iter().any(|(k, _)| *k == key) || !crate::registry::Registry::get().templates(key).is_empty()
}

/// Dim3 objects whose `.x/.y/.z` are `int32`.
const DIM3: &[&str] = &["threadIdx", "blockIdx", "blockDim", "gridDim"];

pub(super) fn module_attr(module: &str, attr: &str) -> Option<Type> {
    match module {
        "numba.cuda" => {
            if DIM3.contains(&attr) || matches!(attr, "shared" | "local" | "atomic" | "const") {
                return Some(Type::Module(format!("numba.cuda.{attr}").into()));
            }
            if matches!(attr, "warpsize" | "laneid") {
                return Some(Type::int32());
            }
            let key = format!("cuda.{attr}");
            is_function(&key).then(|| Type::function(&key))
        }
        m => {
            let inner = m.strip_prefix("numba.cuda.")?;
            if DIM3.contains(&inner) {
                return matches!(attr, "x" | "y" | "z").then(Type::int32);
            }
            let key = format!("cuda.{inner}.{attr}");
            is_function(&key).then(|| Type::function(&key))
        }
    }
}

fn sig(ret: Type, args: &[Type]) -> CallResult {
    Ok(Some(Signature::new(ret, args.to_vec())))
}

/// `cuda.grid(ndim)`: `int64` for one dimension, a tuple of `int64` for two or three.
fn grid(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    match args {
        [Type::IntegerLiteral(1)] => sig(Type::int64(), args),
        [Type::IntegerLiteral(n @ (2 | 3))] => sig(Type::unituple(Type::int64(), *n as u32), args),
        _ => Ok(None),
    }
}

fn no_result(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    if args.is_empty() {
        sig(Type::NoneType, args)
    } else {
        Ok(None)
    }
}

/// `cuda.shared.array(shape, dtype)` / `cuda.local.array(shape, dtype)`: a C array.
fn local_array(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let shape = args.first().or_else(|| kws.iter().find(|(k, _)| k == "shape").map(|(_, t)| t));
    let dtype = args.get(1).or_else(|| kws.iter().find(|(k, _)| k == "dtype").map(|(_, t)| t));
    let ndim = match shape {
        Some(Type::IntegerLiteral(_)) => 1,
        Some(t @ (Type::UniTuple(..) | Type::Tuple(_))) => t.tuple_items().map_or(0, |i| i.len() as u32),
        _ => return Ok(None),
    };
    let dtype = match dtype {
        Some(Type::NumberClass(t)) | Some(Type::DType(t)) => (**t).clone(),
        _ => return Ok(None),
    };
    let mut all = args.to_vec();
    all.extend(kws.iter().map(|(_, t)| t.clone()));
    Ok(Some(Signature::new(Type::Array(Arc::new(numrs_types::ArrayType::new(dtype, ndim, Layout::C, false))), all)))
}

/// `cuda.const.array_like(ndarray)`: the array, in constant memory (numba-cuda's typer returns
/// its argument's type).
fn const_array_like(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    match args {
        [a @ Type::Array(_)] => sig(a.clone(), args),
        _ => Ok(None),
    }
}

/// numba-cuda's `_gen` atomic templates: `cuda.atomic.<op>(array, index, value)` of an array
/// whose dtype is one of `supported`, returning the old value; the value is converted to the
/// dtype, and a 1-d array's index to `intp`.
fn atomic_of(args: &[Type], supported: &[K]) -> CallResult {
    let [Type::Array(a), idx, _] = args else { return Ok(None) };
    if !a.dtype.as_number().is_some_and(|k| supported.contains(&k)) {
        return Ok(None);
    }
    let ary = Type::Array(a.clone());
    match a.ndim {
        1 => sig(a.dtype.clone(), &[ary, Type::intp(), a.dtype.clone()]),
        n if n > 1 => sig(a.dtype.clone(), &[ary, idx.clone(), a.dtype.clone()]),
        _ => Ok(None),
    }
}

use numrs_types::NumericKind as K;

const ALL_ATOMIC: &[K] = &[K::Float64, K::Float32, K::Int32, K::UInt32, K::Int64, K::UInt64];
const INTEGER_ATOMIC: &[K] = &[K::Int32, K::UInt32, K::Int64, K::UInt64];
const UNSIGNED_ATOMIC: &[K] = &[K::UInt32, K::UInt64];

/// `add`, `sub`, `max`, `min`, `nanmax`, `nanmin`: floats and 32/64-bit integers.
fn atomic_any(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    atomic_of(args, ALL_ATOMIC)
}

/// `and_`, `or_`, `xor`, `exch`: 32/64-bit integers.
fn atomic_integer(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    atomic_of(args, INTEGER_ATOMIC)
}

/// `inc`, `dec`: unsigned 32/64-bit integers.
fn atomic_unsigned(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    atomic_of(args, UNSIGNED_ATOMIC)
}

/// `cuda.atomic.compare_and_swap(array, old, value)`: item 0 of a 1-d integer array.
fn compare_and_swap(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    let [Type::Array(a), _, _] = args else { return Ok(None) };
    match a.dtype.as_number() {
        Some(k) if INTEGER_ATOMIC.contains(&k) && a.ndim == 1 => sig(a.dtype.clone(), &[Type::Array(a.clone()), a.dtype.clone(), a.dtype.clone()]),
        _ => Ok(None),
    }
}

/// `cuda.atomic.cas(array, index, old, value)`.
fn cas(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    let [Type::Array(a), idx, _, _] = args else { return Ok(None) };
    if !a.dtype.as_number().is_some_and(|k| INTEGER_ATOMIC.contains(&k)) {
        return Ok(None);
    }
    let (ary, d) = (Type::Array(a.clone()), a.dtype.clone());
    match a.ndim {
        1 => sig(d.clone(), &[ary, Type::intp(), d.clone(), d]),
        n if n > 1 => sig(d.clone(), &[ary, idx.clone(), d.clone(), d]),
        _ => Ok(None),
    }
}

/// `syncthreads_count/and/or(predicate)`: an integer predicate (a boolean does not do),
/// passed as `int32`; the result is an `int32`.
fn syncthreads_predicate(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    match args {
        [p] if p.as_number().is_some_and(|k| k.is_integer()) => sig(Type::int32(), &[Type::int32()]),
        _ => Ok(None),
    }
}

/// `shfl_sync`, `shfl_up_sync`, `shfl_down_sync`, `shfl_xor_sync(mask, value, lane)`: a value of
/// 32- or 64-bit int or float, returned as it came.
fn shfl(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    let [mask, value, lane] = args else { return Ok(None) };
    if !matches!(value.as_number(), Some(K::Int32 | K::Int64 | K::Float32 | K::Float64)) || !value.is_number() || value.is_literal() {
        return Err(crate::registry::CallError::typing("shfl_sync only supports 32- and 64-bit ints and floats"));
    }
    sig(value.clone(), &[mask.clone(), value.clone(), lane.clone()])
}

/// The warp vote's checks (`vote_sync_intrinsic`): an integer mask, an integer or boolean
/// predicate.
fn vote_check(args: &[Type]) -> Result<(), crate::registry::CallError> {
    let [mask, predicate] = args else { return Ok(()) };
    let integer = |t: &Type| t.unliteral().as_number().is_some_and(|k| k.is_integer());
    if !integer(mask) {
        return Err(crate::registry::CallError { kind: "NumbaTypeError", message: format!("Mask type must be an integer. Got {mask}") });
    }
    if !(integer(predicate) || predicate.unliteral().as_number() == Some(K::Boolean)) {
        return Err(crate::registry::CallError {
            kind: "NumbaTypeError",
            message: format!("Predicate must be an integer or boolean. Got {predicate}"),
        });
    }
    Ok(())
}

/// `all_sync`, `any_sync`, `eq_sync(mask, predicate)`: a boolean.
fn vote_bool(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    if args.len() != 2 {
        return Ok(None);
    }
    vote_check(args)?;
    sig(Type::boolean(), args)
}

/// `ballot_sync(mask, predicate)`: the `int32` of lanes whose predicate is true.
fn vote_ballot(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    if args.len() != 2 {
        return Ok(None);
    }
    vote_check(args)?;
    sig(Type::int32(), args)
}

/// `cuda.selp(test, a, b)`: `a` if `test` else `b`, of one of the types PTX's `selp` has.
fn selp(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    let [test, a, b] = args else { return Ok(None) };
    let supported = [K::Float64, K::Float32, K::Int16, K::UInt16, K::Int32, K::UInt32, K::Int64, K::UInt64];
    if a != b || !a.is_number() || !a.as_number().is_some_and(|k| supported.contains(&k)) {
        return Ok(None);
    }
    sig(a.clone(), &[test.clone(), a.clone(), a.clone()])
}
