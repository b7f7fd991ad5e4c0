//! `numba.carray(ptr, shape, dtype=None)` and `numba.farray`: an array over the memory a C
//! pointer points to (Numba's `np_cfarray`): C (or Fortran) contiguous strides of the item
//! size, no MemInfo (the memory is not owned) and no parent. Indexing pointers is in `func.rs`
//! (`FnCx::pointer_item`).

use inkwell::values::{BasicValueEnum, IntValue};
use numrs_ir::VarId;
use numrs_types::{Layout, Type};

use crate::func::{FnCx, R};

/// A call of `numba.carray`/`numba.farray`; `None` for other callees.
pub(crate) fn call<'ctx>(cx: &mut FnCx<'_, 'ctx>, func: VarId, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<Option<BasicValueEnum<'ctx>>> {
    let Type::Function(key) = cx.ty(func)? else { return Ok(None) };
    if !matches!(&*key, "numba.carray" | "numba.farray") {
        return Ok(None);
    }
    let Type::Array(a) = tt else { return cx.fail(format!("{key} typed {tt}")) };
    // The pointer and the shape, by position or by name (the dtype is in the type).
    let named = |name: &str| kws.iter().find(|(k, _)| k == name).map(|(_, v)| *v);
    let (Some(ptr), Some(shape)) = (args.first().copied().or_else(|| named("ptr")), args.get(1).copied().or_else(|| named("shape"))) else {
        return cx.fail(format!("{key} without a pointer and a shape"));
    };
    let base = cx.load(ptr)?.into_pointer_value();
    let st = cx.ty(shape)?;
    let sv = cx.load(shape)?;
    let mut dims: Vec<IntValue<'ctx>> = Vec::new();
    match st.tuple_items() {
        Some(items) => {
            for (k, t) in items.iter().enumerate() {
                let x = cx.tuple_item(sv, k as u32)?;
                dims.push(cx.cast(x, t, &Type::int64())?.into_int_value());
            }
        }
        None => dims.push(cx.cast(sv, &st, &Type::int64())?.into_int_value()),
    }
    if dims.len() != a.ndim as usize {
        return cx.fail(format!("{key} of a shape {st} giving {tt}"));
    }
    let itemsize = cx.i64(cx.itemsize_of(&a.dtype)? as i64);
    // Strides from the innermost dimension out: the last one for C order, the first for F.
    let mut strides = vec![itemsize; dims.len()];
    let mut off = itemsize;
    let order: Vec<usize> = if a.layout == Layout::F { (0..dims.len()).collect() } else { (0..dims.len()).rev().collect() };
    for d in order {
        strides[d] = off;
        off = cx.b.build_int_mul(off, dims[d], "")?;
    }
    let null = cx.ctx.ptr_type(inkwell::AddressSpace::default()).const_null();
    cx.make_array(a.ndim, null, null, itemsize, base, &dims, &strides).map(Some)
}
