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

/// A call of a ctypes function object (Numba's `ExternalFunctionPointer`): the arguments
/// cast to its C signature and passed by value (booleans as bytes), the function called
/// through its address (read when the module was imported), its result cast to the call's
/// type. `None` for other callees.
pub(crate) fn call_external<'ctx>(cx: &mut FnCx<'_, 'ctx>, func: VarId, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<Option<BasicValueEnum<'ctx>>> {
    let Type::ExternalFunctionPointer(sig) = cx.ty(func)? else { return Ok(None) };
    if !kws.is_empty() || args.len() != sig.args.len() {
        return cx.fail(format!("calling {} with these arguments", cx.ty(func)?));
    }
    let c_type = |cx: &FnCx<'_, 'ctx>, t: &Type| -> R<inkwell::types::BasicTypeEnum<'ctx>> {
        if crate::types::numeric(t) == Some(numrs_types::NumericKind::Boolean) {
            return Ok(cx.ctx.i8_type().into());
        }
        cx.vt(t)
    };
    let mut params: Vec<inkwell::types::BasicMetadataTypeEnum<'ctx>> = Vec::new();
    let mut vals: Vec<inkwell::values::BasicMetadataValueEnum<'ctx>> = Vec::new();
    for (a, formal) in args.iter().zip(&sig.args) {
        let at = cx.ty(*a)?;
        let x = cx.load(*a)?;
        let x = cx.cast(x, &at, formal)?;
        let x: BasicValueEnum<'ctx> = if crate::types::numeric(formal) == Some(numrs_types::NumericKind::Boolean) {
            cx.b.build_int_z_extend(x.into_int_value(), cx.ctx.i8_type(), "")?.into()
        } else {
            x
        };
        params.push(c_type(cx, formal)?.into());
        vals.push(x.into());
    }
    let ret = &sig.return_type;
    let fty = match ret {
        Type::NoneType => cx.ctx.void_type().fn_type(&params, false),
        t => inkwell::types::BasicType::fn_type(&c_type(cx, t)?, &params, false),
    };
    let address = cx.load(func)?.into_pointer_value();
    let call = cx.b.build_indirect_call(fty, address, &vals, "external")?;
    let r: BasicValueEnum<'ctx> = match (ret, call.try_as_basic_value()) {
        (Type::NoneType, _) => cx.vt(&Type::NoneType)?.const_zero(),
        (t, inkwell::values::ValueKind::Basic(v)) if crate::types::numeric(t) == Some(numrs_types::NumericKind::Boolean) => {
            cx.b.build_int_compare(inkwell::IntPredicate::NE, v.into_int_value(), cx.ctx.i8_type().const_zero(), "")?.into()
        }
        (_, inkwell::values::ValueKind::Basic(v)) => v,
        _ => return cx.fail("internal error: an external function without a result"),
    };
    cx.cast(r, ret, tt).map(Some)
}
