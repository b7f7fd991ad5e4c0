//! The CUDA typing context's intrinsics (`numba.cuda`): thread indexing, shared and local
//! arrays, atomics and barriers, as typed by `numba.cuda.cudadecl`.

use std::sync::Arc;

use numrs_types::{Layout, Signature, Type};

use crate::registry::{AbstractFn, CallResult};

pub(super) const TEMPLATES: &[(&str, AbstractFn)] = &[
    ("cuda.grid", grid),
    ("cuda.gridsize", grid),
    ("cuda.syncthreads", no_result),
    ("cuda.syncwarp", no_result),
    ("cuda.threadfence", no_result),
    ("cuda.shared.array", local_array),
    ("cuda.local.array", local_array),
    ("cuda.atomic.add", atomic),
    ("cuda.atomic.sub", atomic),
    ("cuda.atomic.max", atomic),
    ("cuda.atomic.min", atomic),
    ("cuda.atomic.and_", atomic),
    ("cuda.atomic.or_", atomic),
    ("cuda.atomic.xor", atomic),
    ("cuda.atomic.exch", atomic),
];

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
            TEMPLATES.iter().any(|(k, _)| *k == key).then(|| Type::function(&key))
        }
        m => {
            let inner = m.strip_prefix("numba.cuda.")?;
            if DIM3.contains(&inner) {
                return matches!(attr, "x" | "y" | "z").then(Type::int32);
            }
            let key = format!("cuda.{inner}.{attr}");
            TEMPLATES.iter().any(|(k, _)| *k == key).then(|| Type::function(&key))
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
    Ok(Some(Signature::new(Type::Array(Arc::new(numrs_types::ArrayType { dtype, ndim, layout: Layout::C, readonly: false })), all)))
}

/// `cuda.atomic.<op>(array, index, value)`: returns the old value, of the array's dtype.
fn atomic(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    match args {
        [Type::Array(a), _, v] if v.is_number() => sig(a.dtype.clone(), args),
        _ => Ok(None),
    }
}
