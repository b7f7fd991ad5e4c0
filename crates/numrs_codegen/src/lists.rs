//! Lists created in compiled code (`list(T)`, not reflected), of numbers.
//!
//! A list value is a pointer to a MemInfo whose payload is `{i64 size, i64 allocated, ptr
//! items}`; the items are a plain allocation of the runtime (`RuntimeApi::alloc`) holding
//! `allocated` items in their native storage, grown by doubling. Variables own one reference,
//! as with arrays; dropping the last frees the items and the MemInfo. A list returned to
//! Python becomes a Python `list` (the runtime boxes each item), as Numba's does.
//!
//! A reflected list (a Python list passed in) is unboxed by the runtime into the same
//! structure, borrowed by the call, and written back into the Python list afterwards.
//!
//! Not yet: lists of arrays, lists or tuples (items holding references or stored unlike their
//! values).

use inkwell::types::{BasicTypeEnum, StructType};
use inkwell::values::{BasicValueEnum, IntValue, PointerValue};
use inkwell::{AddressSpace, AtomicOrdering, AtomicRMWBinOp, IntPredicate};
use numrs_ir::VarId;
use numrs_types::{NumericKind, Type};

use crate::func::{FnCx, R};
use crate::types::numeric;

/// Whether lists of `dtype` can be lowered.
pub fn supported_item(dtype: &Type) -> Result<(), String> {
    match numeric(dtype) {
        Some(k) if !matches!(k, NumericKind::Boolean) => Ok(()),
        _ => Err(format!("lists of {dtype} are not supported by numrs build yet")),
    }
}

/// The item type of a supported list type.
pub fn item_of(t: &Type) -> Option<&Type> {
    match t {
        Type::List { dtype, .. } if supported_item(dtype).is_ok() => Some(dtype),
        _ => None,
    }
}

impl<'a, 'ctx> FnCx<'a, 'ctx> {
    fn payload_t(&self) -> StructType<'ctx> {
        let i64t = self.ctx.i64_type();
        self.ctx.struct_type(&[i64t.into(), i64t.into(), self.ctx.ptr_type(AddressSpace::default()).into()], false)
    }

    fn mi_t(&self) -> StructType<'ctx> {
        let ptr = self.ctx.ptr_type(AddressSpace::default());
        self.ctx.struct_type(&[self.ctx.i64_type().into(), ptr.into(), self.ctx.i64_type().into()], false)
    }

    /// The payload of list `l` (a MemInfo pointer).
    fn payload(&self, l: PointerValue<'ctx>) -> R<PointerValue<'ctx>> {
        let dp = self.b.build_struct_gep(self.mi_t(), l, 1, "")?;
        Ok(self.b.build_load(self.ctx.ptr_type(AddressSpace::default()), dp, "payload")?.into_pointer_value())
    }

    fn list_field(&self, l: PointerValue<'ctx>, i: u32) -> R<PointerValue<'ctx>> {
        let p = self.payload(l)?;
        Ok(self.b.build_struct_gep(self.payload_t(), p, i, "")?)
    }

    fn item_t(&self, dtype: &Type) -> R<BasicTypeEnum<'ctx>> {
        crate::types::storage_type(self.ctx, dtype).map_err(|m| crate::func::CgError { span: self.span, message: m })
    }

    /// The size of an item's storage (`numrs_abi::layout`, as the runtime reads it).
    fn item_size(&self, dtype: &Type) -> R<IntValue<'ctx>> {
        match numrs_abi::layout(dtype) {
            Some(l) => Ok(self.i64(l.size as i64)),
            None => self.fail(format!("lists of {dtype} are not supported by numrs build yet")),
        }
    }

    fn call_api(&self, field: u32, ft: inkwell::types::FunctionType<'ctx>, args: &[inkwell::values::BasicMetadataValueEnum<'ctx>]) -> R<Option<BasicValueEnum<'ctx>>> {
        // Only allocation checks for a loaded runtime (freeing what was allocated needs none,
        // and the error path of the check itself frees).
        let f = if field == 1 { self.api_fn_ptr(field)? } else { self.api_fn_unchecked(field)? };
        Ok(match self.b.build_indirect_call(ft, f, args, "")?.try_as_basic_value() {
            inkwell::values::ValueKind::Basic(v) => Some(v),
            _ => None,
        })
    }

    fn plain_alloc(&self, bytes: IntValue<'ctx>) -> R<PointerValue<'ctx>> {
        let ptr = self.ctx.ptr_type(AddressSpace::default());
        let ft = ptr.fn_type(&[self.ctx.i64_type().into()], false);
        let Some(p) = self.call_api(3, ft, &[bytes.into()])? else { return self.fail("internal error: alloc returns void") };
        let p = p.into_pointer_value();
        let null = self.b.build_is_null(p, "")?;
        self.guard(null, numrs_abi::ExcKind::MemoryError, "Allocation failed (probably too large).")?;
        Ok(p)
    }

    /// A new empty list (owned reference) with room for `cap` items.
    pub(crate) fn new_list(&self, dtype: &Type, cap: IntValue<'ctx>) -> R<PointerValue<'ctx>> {
        let ptr = self.ctx.ptr_type(AddressSpace::default());
        let i64t = self.ctx.i64_type();
        let ft = ptr.fn_type(&[i64t.into(), i64t.into()], false);
        let Some(mi) = self.call_api(1, ft, &[self.i64(24).into(), self.i64(8).into()])? else {
            return self.fail("internal error: meminfo_alloc returns void");
        };
        let mi = mi.into_pointer_value();
        let null = self.b.build_is_null(mi, "")?;
        self.guard(null, numrs_abi::ExcKind::MemoryError, "Allocation failed (probably too large).")?;
        let isz = self.item_size(dtype)?;
        let min = self.i64(4);
        let small = self.b.build_int_compare(IntPredicate::SLT, cap, min, "")?;
        let cap = self.b.build_select(small, min, cap, "")?.into_int_value();
        let bytes = self.b.build_int_mul(cap, isz, "")?;
        let items = self.plain_alloc(bytes)?;
        let pt = self.payload_t();
        let p = self.payload(mi)?;
        self.b.build_store(self.b.build_struct_gep(pt, p, 0, "")?, self.i64(0))?;
        self.b.build_store(self.b.build_struct_gep(pt, p, 1, "")?, cap)?;
        self.b.build_store(self.b.build_struct_gep(pt, p, 2, "")?, items)?;
        Ok(mi)
    }

    /// Drop one reference to list `l`; the last frees its items and MemInfo.
    pub(crate) fn list_refcount(&self, l: PointerValue<'ctx>, inc: bool) -> R<()> {
        let has = self.b.build_is_not_null(l, "")?;
        let work = self.new_block(if inc { "list_incref" } else { "list_decref" });
        let done = self.new_block("list_rc_done");
        self.b.build_conditional_branch(has, work, done)?;
        self.b.position_at_end(work);
        let one = self.i64(1);
        if inc {
            self.b.build_atomicrmw(AtomicRMWBinOp::Add, l, one, AtomicOrdering::Monotonic)?;
        } else {
            let old = self.b.build_atomicrmw(AtomicRMWBinOp::Sub, l, one, AtomicOrdering::AcquireRelease)?;
            let last = self.b.build_int_compare(IntPredicate::EQ, old, one, "")?;
            let rel = self.new_block("list_free");
            let cont = self.new_block("list_kept");
            self.b.build_conditional_branch(last, rel, cont)?;
            self.b.position_at_end(rel);
            let ptr = self.ctx.ptr_type(AddressSpace::default());
            let items = self.b.build_load(ptr, self.list_field(l, 2)?, "")?;
            let free_t = self.ctx.void_type().fn_type(&[ptr.into()], false);
            self.call_api(4, free_t, &[items.into()])?;
            self.call_api(2, free_t, &[l.into()])?;
            self.b.build_unconditional_branch(cont)?;
            self.b.position_at_end(cont);
        }
        self.b.build_unconditional_branch(done)?;
        self.b.position_at_end(done);
        Ok(())
    }

    /// `[a, b, ...]`.
    pub(crate) fn build_list(&mut self, items: &[VarId], tt: &Type) -> R<BasicValueEnum<'ctx>> {
        let Some(dtype) = item_of(tt) else { return self.fail(format!("values of type {tt} are not supported by numrs build yet")) };
        let dtype = dtype.clone();
        let l = self.new_list(&dtype, self.i64(items.len() as i64))?;
        for v in items {
            let t = self.ty(*v)?;
            let x = self.load(*v)?;
            let x = self.cast(x, &t, &dtype)?;
            self.list_push(l, &dtype, x)?;
        }
        self.fresh = true;
        Ok(l.into())
    }

    /// Append `x` (of the item type) to list `l`.
    pub(crate) fn list_push(&self, l: PointerValue<'ctx>, dtype: &Type, x: BasicValueEnum<'ctx>) -> R<()> {
        let ptr = self.ctx.ptr_type(AddressSpace::default());
        let it = self.item_t(dtype)?;
        let isz = self.item_size(dtype)?;
        let ps = self.list_field(l, 0)?;
        let pa = self.list_field(l, 1)?;
        let pi = self.list_field(l, 2)?;
        let size = self.b.build_load(self.ctx.i64_type(), ps, "size")?.into_int_value();
        let cap = self.b.build_load(self.ctx.i64_type(), pa, "cap")?.into_int_value();
        let full = self.b.build_int_compare(IntPredicate::EQ, size, cap, "")?;
        let grow = self.new_block("list_grow");
        let put = self.new_block("list_put");
        self.b.build_conditional_branch(full, grow, put)?;
        self.b.position_at_end(grow);
        let ncap = self.b.build_int_mul(cap, self.i64(2), "")?;
        let bytes = self.b.build_int_mul(ncap, isz, "")?;
        let fresh = self.plain_alloc(bytes)?;
        let old = self.b.build_load(ptr, pi, "")?.into_pointer_value();
        let used = self.b.build_int_mul(size, isz, "")?;
        self.b.build_memcpy(fresh, 8, old, 8, used)?;
        let free_t = self.ctx.void_type().fn_type(&[ptr.into()], false);
        self.call_api(4, free_t, &[old.into()])?;
        self.b.build_store(pi, fresh)?;
        self.b.build_store(pa, ncap)?;
        self.b.build_unconditional_branch(put)?;
        self.b.position_at_end(put);
        let items = self.b.build_load(ptr, pi, "")?.into_pointer_value();
        let at = unsafe { self.b.build_in_bounds_gep(it, items, &[size], "")? };
        self.b.build_store(at, x)?;
        let next = self.b.build_int_add(size, self.i64(1), "")?;
        self.b.build_store(ps, next)?;
        Ok(())
    }

    pub(crate) fn list_len(&self, l: PointerValue<'ctx>) -> R<IntValue<'ctx>> {
        Ok(self.b.build_load(self.ctx.i64_type(), self.list_field(l, 0)?, "len")?.into_int_value())
    }

    /// The address of item `i` (an index of kind `ik`; negative counts from the end), or
    /// IndexError(`what`).
    pub(crate) fn list_item_ptr(&self, l: PointerValue<'ctx>, dtype: &Type, i: BasicValueEnum<'ctx>, ik: NumericKind, what: &str) -> R<PointerValue<'ctx>> {
        let n = self.list_len(l)?;
        let i = self.cast_number(i, ik, NumericKind::Int64)?.into_int_value();
        let i = if ik.is_signed_int() {
            let neg = self.b.build_int_compare(IntPredicate::SLT, i, self.i64(0), "")?;
            let w = self.b.build_int_add(i, n, "")?;
            self.b.build_select(neg, w, i, "")?.into_int_value()
        } else {
            i
        };
        let oob = self.b.build_int_compare(IntPredicate::UGE, i, n, "")?;
        self.guard(oob, numrs_abi::ExcKind::IndexError, what)?;
        let it = self.item_t(dtype)?;
        let items = self.b.build_load(self.ctx.ptr_type(AddressSpace::default()), self.list_field(l, 2)?, "")?.into_pointer_value();
        Ok(unsafe { self.b.build_in_bounds_gep(it, items, &[i], "")? })
    }

    /// `l[i]`.
    pub(crate) fn list_getitem(&self, list: VarId, index: VarId, tt: &Type) -> R<BasicValueEnum<'ctx>> {
        let lt = self.ty(list)?;
        let Some(dtype) = item_of(&lt) else { return self.fail(format!("indexing {lt} is not supported by numrs build yet")) };
        let it = self.ty(index)?;
        let Some(ik) = numeric(&it).filter(|k| k.is_integer()) else { return self.fail(format!("list index of type {it} is not supported by numrs build yet")) };
        let l = self.load(list)?.into_pointer_value();
        let i = self.load(index)?;
        let p = self.list_item_ptr(l, dtype, i, ik, "getitem out of range")?;
        let x = self.load_element(p, dtype)?;
        self.cast(x, dtype, tt)
    }

    /// `l[i] = v`.
    pub(crate) fn list_setitem(&self, list: VarId, index: VarId, value: VarId) -> R<()> {
        let lt = self.ty(list)?;
        let Some(dtype) = item_of(&lt) else { return self.fail(format!("item assignment on {lt} is not supported by numrs build yet")) };
        let it = self.ty(index)?;
        let Some(ik) = numeric(&it).filter(|k| k.is_integer()) else { return self.fail(format!("list index of type {it} is not supported by numrs build yet")) };
        let l = self.load(list)?.into_pointer_value();
        let i = self.load(index)?;
        let p = self.list_item_ptr(l, dtype, i, ik, "setitem out of range")?;
        let vt = self.ty(value)?;
        let v = self.load(value)?;
        let v = self.cast(v, &vt, dtype)?;
        self.b.build_store(p, v)?;
        Ok(())
    }

    /// `l.append(x)`: `recv` is the list variable.
    pub(crate) fn list_append(&self, recv: VarId, x: VarId) -> R<()> {
        let lt = self.ty(recv)?;
        let Some(dtype) = item_of(&lt) else { return self.fail(format!("{lt}.append is not supported by numrs build yet")) };
        let l = self.load(recv)?.into_pointer_value();
        let xt = self.ty(x)?;
        let v = self.load(x)?;
        let v = self.cast(v, &xt, dtype)?;
        self.list_push(l, dtype, v)
    }
}
