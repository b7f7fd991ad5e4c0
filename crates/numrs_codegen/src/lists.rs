//! Python lists (`list(T)`, `reflected list(T)`) in compiled code, after Numba's list model
//! (`numba/cpython/listobj.py`).
//!
//! A list value is a pointer to a [`numrs_abi::MemInfo`] (allocated through the runtime's
//! `meminfo_alloc`) whose data is a [`numrs_abi::ListPayload`]: size, capacity, the MemInfo of
//! the item buffer and its data pointer, and the Python list it was unboxed from (reflected
//! arguments; null otherwise). Items are stored as `numrs_abi::layout` lays out their type
//! (booleans are bytes), one after the other.
//!
//! Reference counting follows the array rules (`arrays.rs`): a variable owns one reference to
//! its list; the list owns one reference to each reference-counted item (arrays, lists). When
//! the last reference to a list goes, the per-item-type function `numrs.list_drop.<T>`
//! (generated on demand, see [`drop_fn`]) drops the items' references and frees both blocks.
//! Reading an item gives a borrowed value (stored into a variable, it is increfed); storing an
//! item takes a new reference; `pop` hands the list's reference to the caller (`fresh`).
//!
//! The runtime unboxes a reflected list argument into a new native list, reflects the native
//! items back into the Python list after the call and releases it; it boxes a returned list
//! into a new Python `list` (or the original one for a reflected list).

use inkwell::builder::Builder;
use inkwell::context::Context;
use inkwell::module::{Linkage, Module};
use inkwell::types::{BasicTypeEnum, StructType};
use inkwell::values::{BasicValue, BasicValueEnum, FunctionValue, IntValue, PointerValue};
use inkwell::{AddressSpace, AtomicOrdering, AtomicRMWBinOp, IntPredicate};
use numrs_abi::ExcKind;
use numrs_ir::{StaticIndex, VarId};
use numrs_types::{IteratorKind, NumericKind, Signature, Type};
use std::sync::Arc;

use crate::func::{CgError, FnCx, R};
use crate::ops::OpImpl;
use crate::types::{self, numeric};

// Fields of the payload (`numrs_abi::ListPayload`).
const SIZE: u32 = 0;
const ALLOCATED: u32 = 1;
const ITEMS_MI: u32 = 2;
const ITEMS: u32 = 3;
const DIRTY: u32 = 5;

/// `{i64 size, i64 allocated, ptr items_meminfo, ptr items, ptr parent, i64 dirty}`.
pub fn payload_type(ctx: &Context) -> StructType<'_> {
    let p = ctx.ptr_type(AddressSpace::default()).into();
    let i = ctx.i64_type().into();
    ctx.struct_type(&[i, i, p, p, p, i], false)
}

/// `numrs_abi::MemInfo`: `{i64 refcount, ptr data, i64 size}`.
pub(crate) fn meminfo_type(ctx: &Context) -> StructType<'_> {
    let p = ctx.ptr_type(AddressSpace::default()).into();
    let i = ctx.i64_type().into();
    ctx.struct_type(&[i, p, i], false)
}

/// The item type of a list type: a reflected list or a `numba.typed.List` (`ListType`), which
/// numrs builds the same way (the native list of this module); they differ only in how they
/// cross into Python and in some messages.
pub fn dtype(t: &Type) -> Option<&Type> {
    match t {
        Type::List { dtype, .. } | Type::ListType(dtype) => Some(dtype),
        _ => None,
    }
}

/// Whether items of type `t` can be stored in a list built by numrs.
fn supported_item(t: &Type) -> Result<(), String> {
    match t {
        _ if numeric(t).is_some() || crate::datetime::is_datetime_like(t) => Ok(()),
        Type::Array(a) if numeric(&a.dtype).is_some() || matches!(a.dtype, Type::Record(_) | Type::UnicodeCharSeq(_)) || crate::datetime::is_datetime_like(&a.dtype) => Ok(()),
        Type::List { dtype, .. } | Type::ListType(dtype) => supported_item(dtype),
        // An enum member is its value.
        Type::EnumMember(e) => supported_item(&e.dtype),
        // `[None, None]`: items of no size.
        Type::Unicode | Type::JitClassInstance(_) | Type::NoneType | Type::FunctionType(_) => Ok(()),
        // Numba's OptionalModel in place: `str * int` makes `OptionalType(unicode_type)`.
        Type::Optional(inner) if numeric(inner).is_some() || **inner == Type::Unicode => Ok(()),
        Type::UniTuple(..) | Type::Tuple(_) | Type::NamedTuple(_) => t.tuple_items().unwrap_or_default().iter().try_for_each(supported_item),
        _ if crate::dicts::is_container(t) => Ok(()),
        other => Err(format!("lists of {other} are not supported by numrs build yet")),
    }
}

/// Checks a list type's item type (called by `types::value_type`).
pub fn check_list_type(t: &Type) -> Result<(), String> {
    match dtype(t) {
        Some(d) => supported_item(d),
        None => Err(format!("{t} is not a list")),
    }
}

/// Bytes per item in the item buffer.
fn itemsize(t: &Type) -> Result<u64, String> {
    numrs_abi::layout(t).map(|l| l.size as u64).ok_or_else(|| format!("lists of {t} are not supported by numrs build yet"))
}

// ----- storage conversions (booleans are bytes in memory) -----

pub(crate) fn to_storage<'ctx>(ctx: &'ctx Context, b: &Builder<'ctx>, v: BasicValueEnum<'ctx>, t: &Type) -> R<BasicValueEnum<'ctx>> {
    if types::storage_is_value(t) {
        return Ok(v);
    }
    if numeric(t) == Some(NumericKind::Boolean) {
        return Ok(b.build_int_z_extend(v.into_int_value(), ctx.i8_type(), "")?.into());
    }
    let st = types::storage_type(ctx, t).map_err(|m| CgError { span: None, message: m })?.into_struct_type();
    let mut agg: inkwell::values::AggregateValueEnum = st.get_undef().into();
    for (i, it) in types::storage_items(t).iter().enumerate() {
        let x = b.build_extract_value(v.into_struct_value(), i as u32, "")?;
        let x = to_storage(ctx, b, x, it)?;
        agg = b.build_insert_value(agg, x, i as u32, "")?;
    }
    Ok(agg.as_basic_value_enum())
}

pub(crate) fn from_storage<'ctx>(ctx: &'ctx Context, b: &Builder<'ctx>, v: BasicValueEnum<'ctx>, t: &Type) -> R<BasicValueEnum<'ctx>> {
    if types::storage_is_value(t) {
        return Ok(v);
    }
    if numeric(t) == Some(NumericKind::Boolean) {
        return Ok(b.build_int_compare(IntPredicate::NE, v.into_int_value(), ctx.i8_type().const_zero(), "")?.into());
    }
    let vt = types::value_type(ctx, t).map_err(|m| CgError { span: None, message: m })?.into_struct_type();
    let mut agg: inkwell::values::AggregateValueEnum = vt.get_undef().into();
    for (i, it) in types::storage_items(t).iter().enumerate() {
        let x = b.build_extract_value(v.into_struct_value(), i as u32, "")?;
        let x = from_storage(ctx, b, x, it)?;
        agg = b.build_insert_value(agg, x, i as u32, "")?;
    }
    Ok(agg.as_basic_value_enum())
}

// ----- reference counting, usable outside a function being lowered -----

/// Emits reference-count changes with any builder (the lowered function's or a helper's).
pub(crate) struct Rc<'a, 'ctx> {
    pub(crate) ctx: &'ctx Context,
    pub(crate) module: &'a Module<'ctx>,
    pub(crate) b: &'a Builder<'ctx>,
    pub(crate) func: FunctionValue<'ctx>,
}

impl<'a, 'ctx> Rc<'a, 'ctx> {
    fn ptr_t(&self) -> inkwell::types::PointerType<'ctx> {
        self.ctx.ptr_type(AddressSpace::default())
    }

    /// Frees an item buffer: its MemInfo is owned by the one list (refcount 1, never shared).
    fn free_buffer(&self, mi: PointerValue<'ctx>) -> R<()> {
        self.b.build_store(mi, self.ctx.i64_type().const_zero())?;
        self.release(mi)
    }

    /// `RuntimeApi::meminfo_release(mi)` (the runtime is loaded: something was allocated).
    pub(crate) fn release(&self, mi: PointerValue<'ctx>) -> R<()> {
        let slot = runtime_slot(self.ctx, self.module);
        let api = self.b.build_load(self.ptr_t(), slot, "rt")?.into_pointer_value();
        let p = self.ctx.struct_type(&[self.ctx.i32_type().into(), self.ptr_t().into(), self.ptr_t().into()], false);
        let fp = self.b.build_struct_gep(p, api, 2, "")?;
        let f = self.b.build_load(self.ptr_t(), fp, "")?.into_pointer_value();
        let ft = self.ctx.void_type().fn_type(&[self.ptr_t().into()], false);
        self.b.build_indirect_call(ft, f, &[mi.into()], "")?;
        Ok(())
    }

    /// `RuntimeApi::dict_free(c)`: frees a dict or set whose last reference went.
    fn container_free(&self, c: PointerValue<'ctx>) -> R<()> {
        let slot = runtime_slot(self.ctx, self.module);
        let api = self.b.build_load(self.ptr_t(), slot, "rt")?.into_pointer_value();
        let fp = self.b.build_struct_gep(crate::dicts::api_struct_type(self.ctx), api, crate::dicts::API_DICT_FREE, "")?;
        let f = self.b.build_load(self.ptr_t(), fp, "")?.into_pointer_value();
        let ft = self.ctx.void_type().fn_type(&[self.ptr_t().into()], false);
        self.b.build_indirect_call(ft, f, &[c.into()], "")?;
        Ok(())
    }

    /// Atomic `refcount += 1` / `-= 1` on a (possibly null) MemInfo; `last` runs when the count
    /// drops to zero.
    fn count(&self, mi: PointerValue<'ctx>, inc: bool, last: impl FnOnce(&Self) -> R<()>) -> R<()> {
        let has = self.b.build_is_not_null(mi, "")?;
        let work = self.ctx.append_basic_block(self.func, if inc { "incref" } else { "decref" });
        let done = self.ctx.append_basic_block(self.func, "rc_done");
        self.b.build_conditional_branch(has, work, done)?;
        self.b.position_at_end(work);
        let one = self.ctx.i64_type().const_int(1, false);
        if inc {
            self.b.build_atomicrmw(AtomicRMWBinOp::Add, mi, one, AtomicOrdering::Monotonic)?;
        } else {
            let old = self.b.build_atomicrmw(AtomicRMWBinOp::Sub, mi, one, AtomicOrdering::AcquireRelease)?;
            let is_last = self.b.build_int_compare(IntPredicate::EQ, old, one, "")?;
            let rel = self.ctx.append_basic_block(self.func, "release");
            self.b.build_conditional_branch(is_last, rel, done)?;
            self.b.position_at_end(rel);
            last(self)?;
        }
        self.b.build_unconditional_branch(done)?;
        self.b.position_at_end(done);
        Ok(())
    }

    pub(crate) fn change(&self, v: BasicValueEnum<'ctx>, t: &Type, inc: bool) -> R<()> {
        match t {
            Type::JitClassInstance(class) => {
                let mi = v.into_pointer_value();
                self.count(mi, inc, |s| {
                    let f = crate::jitclass::drop_fn(s.ctx, s.module, class)?;
                    s.b.build_call(f, &[mi.into()], "")?;
                    Ok(())
                })
            }
            Type::Array(_) => {
                let mi = self.b.build_extract_value(v.into_struct_value(), 0, "mi")?.into_pointer_value();
                self.count(mi, inc, |s| s.release(mi))
            }
            Type::Unicode => {
                let mi = v.into_pointer_value();
                self.count(mi, inc, |s| s.release(mi))
            }
            // A `None` optional's data is zeroed: a null pointer, which `count` skips.
            Type::Optional(inner) => {
                let data = self.b.build_extract_value(v.into_struct_value(), 0, "")?;
                self.change(data, inner, inc)
            }
            Type::List { dtype, .. } | Type::ListType(dtype) => {
                let mi = v.into_pointer_value();
                self.count(mi, inc, |s| {
                    let f = drop_fn(s.ctx, s.module, dtype)?;
                    s.b.build_call(f, &[mi.into()], "")?;
                    Ok(())
                })
            }
            // A dict or set handle: its reference count is its first field too.
            _ if crate::dicts::is_container(t) || matches!(t, Type::DictView(..)) => {
                let c = v.into_pointer_value();
                self.count(c, inc, |s| s.container_free(c))
            }
            _ => {
                let Some(items) = t.tuple_items() else { return Ok(()) };
                for (i, it) in items.iter().enumerate() {
                    if crate::arrays::needs_rc(it) {
                        let x = self.b.build_extract_value(v.into_struct_value(), i as u32, "")?;
                        self.change(x, it, inc)?;
                    }
                }
                Ok(())
            }
        }
    }
}

/// `void numrs.container_drop(Container *c)`: frees a dict or set held by a container value
/// whose last reference went (the runtime's `Desc` drop function for such values).
pub(crate) fn container_drop_fn<'ctx>(ctx: &'ctx Context, module: &Module<'ctx>) -> R<FunctionValue<'ctx>> {
    let name = "numrs.container_drop";
    if let Some(f) = module.get_function(name) {
        return Ok(f);
    }
    let ptr = ctx.ptr_type(AddressSpace::default());
    let f = module.add_function(name, ctx.void_type().fn_type(&[ptr.into()], false), Some(Linkage::Internal));
    let b = ctx.create_builder();
    b.position_at_end(ctx.append_basic_block(f, "entry"));
    let rc = Rc { ctx, module, b: &b, func: f };
    let Some(c) = f.get_nth_param(0).map(|p| p.into_pointer_value()) else {
        return Err(CgError { span: None, message: "internal error: container_drop without parameter".into() });
    };
    rc.container_free(c)?;
    b.build_return(None)?;
    Ok(f)
}

/// The `numrs.runtime` slot (the `RuntimeApi *` the runtime fills in).
pub(crate) fn runtime_slot<'ctx>(ctx: &'ctx Context, module: &Module<'ctx>) -> PointerValue<'ctx> {
    let ptr = ctx.ptr_type(AddressSpace::default());
    // Declared: the Python module's LLVM module defines it (see `module`).
    let g = module.get_global("numrs.runtime").unwrap_or_else(|| module.add_global(ptr, None, "numrs.runtime"));
    g.as_pointer_value()
}

/// `void numrs.list_drop.<T>(MemInfo *list)`: drops the references the items of a list of `T`
/// own, then frees the item buffer and the list (its reference count reached zero).
pub(crate) fn drop_fn<'ctx>(ctx: &'ctx Context, module: &Module<'ctx>, dtype: &Type) -> R<FunctionValue<'ctx>> {
    let name = format!("numrs.list_drop.{dtype}");
    if let Some(f) = module.get_function(&name) {
        return Ok(f);
    }
    let ptr = ctx.ptr_type(AddressSpace::default());
    let f = module.add_function(&name, ctx.void_type().fn_type(&[ptr.into()], false), Some(Linkage::Internal));
    let b = ctx.create_builder();
    let entry = ctx.append_basic_block(f, "entry");
    b.position_at_end(entry);
    let rc = Rc { ctx, module, b: &b, func: f };
    let Some(mi) = f.get_nth_param(0).map(|p| p.into_pointer_value()) else {
        return Err(CgError { span: None, message: "internal error: list_drop without parameter".into() });
    };
    let pt = payload_type(ctx);
    let dp = b.build_struct_gep(meminfo_type(ctx), mi, 1, "")?;
    let payload = b.build_load(ptr, dp, "payload")?.into_pointer_value();
    if crate::arrays::needs_rc(dtype) {
        let i64t = ctx.i64_type();
        let st = types::storage_type(ctx, dtype).map_err(|m| CgError { span: None, message: m })?;
        let n = b.build_load(i64t, b.build_struct_gep(pt, payload, SIZE, "")?, "n")?.into_int_value();
        let items = b.build_load(ptr, b.build_struct_gep(pt, payload, ITEMS, "")?, "items")?.into_pointer_value();
        let head = ctx.append_basic_block(f, "head");
        let body = ctx.append_basic_block(f, "body");
        let exit = ctx.append_basic_block(f, "exit");
        b.build_unconditional_branch(head)?;
        b.position_at_end(head);
        let phi = b.build_phi(i64t, "i")?;
        let i = phi.as_basic_value().into_int_value();
        let more = b.build_int_compare(IntPredicate::SLT, i, n, "")?;
        b.build_conditional_branch(more, body, exit)?;
        b.position_at_end(body);
        let p = unsafe { b.build_gep(st, items, &[i], "")? };
        let x = b.build_load(st, p, "")?;
        let x = from_storage(ctx, &b, x, dtype)?;
        rc.change(x, dtype, false)?;
        let next = b.build_int_add(i, i64t.const_int(1, false), "")?;
        let Some(latch) = b.get_insert_block() else {
            return Err(CgError { span: None, message: "internal error: no block".into() });
        };
        b.build_unconditional_branch(head)?;
        phi.add_incoming(&[(&i64t.const_zero(), entry), (&next, latch)]);
        b.position_at_end(exit);
    }
    let items_mi = b.build_load(ptr, b.build_struct_gep(pt, payload, ITEMS_MI, "")?, "items_mi")?.into_pointer_value();
    rc.free_buffer(items_mi)?;
    rc.release(mi)?;
    b.build_return(None)?;
    Ok(f)
}

/// `FnCx::incref`/`decref` of a list value.
pub(crate) fn refcount<'ctx>(cx: &FnCx<'_, 'ctx>, v: BasicValueEnum<'ctx>, t: &Type, inc: bool) -> R<()> {
    cx.rc().change(v, t, inc)
}

/// Iterator states of the kinds handled here: `iter(list)`, `iter(UniTuple)` (the container
/// and the next index) and `enumerate(it)` (the count and the inner iterator's state).
pub fn iterator_state<'ctx>(ctx: &'ctx Context, k: &IteratorKind) -> Option<Result<StructType<'ctx>, String>> {
    match k {
        IteratorKind::Zip(items) => {
            // A pointer to each inner iterator's own state: stepping the zip steps them (an
            // iterator passed to `zip` is shared with it, as in Python), and an inner state
            // that owns a reference stays where the function's exits drop it.
            let mut fields = Vec::new();
            for it in items {
                // A generator is its own iterator (its frame).
                match it {
                    Type::Iterator(ik) => {
                        if let Err(m) = types::iterator_state(ctx, ik) {
                            return Some(Err(m));
                        }
                    }
                    Type::Generator(_) => {}
                    _ => return Some(Err(format!("zip over {it}"))),
                }
                fields.push(ctx.ptr_type(AddressSpace::default()).into());
            }
            Some(Ok(ctx.struct_type(&fields, false)))
        }
        _ => None,
    }
}

// ----- the list primitives -----

impl<'a, 'ctx> FnCx<'a, 'ctx> {
    pub(crate) fn rc(&self) -> Rc<'_, 'ctx> {
        Rc { ctx: self.ctx, module: self.module, b: &self.b, func: self.func }
    }

    pub(crate) fn lerr(&self, m: String) -> CgError {
        CgError { span: self.span, message: m }
    }


    fn payload(&self, l: PointerValue<'ctx>) -> R<PointerValue<'ctx>> {
        let dp = self.b.build_struct_gep(meminfo_type(self.ctx), l, 1, "")?;
        Ok(self.b.build_load(self.ptr_ty(), dp, "payload")?.into_pointer_value())
    }

    fn pfield(&self, l: PointerValue<'ctx>, f: u32) -> R<PointerValue<'ctx>> {
        let p = self.payload(l)?;
        Ok(self.b.build_struct_gep(payload_type(self.ctx), p, f, "")?)
    }

    pub(crate) fn list_len(&self, l: PointerValue<'ctx>) -> R<IntValue<'ctx>> {
        let p = self.pfield(l, SIZE)?;
        Ok(self.b.build_load(self.ctx.i64_type(), p, "len")?.into_int_value())
    }

    pub(crate) fn set_len(&self, l: PointerValue<'ctx>, n: IntValue<'ctx>) -> R<()> {
        let p = self.pfield(l, SIZE)?;
        self.b.build_store(p, n)?;
        self.mark_dirty(l)
    }

    /// Notes that the list changed (`numrs_abi::ListPayload::dirty`): the runtime reflects a
    /// list argument back into Python only then, as Numba does.
    pub(crate) fn mark_dirty(&self, l: PointerValue<'ctx>) -> R<()> {
        let p = self.pfield(l, DIRTY)?;
        self.b.build_store(p, self.i64(1))?;
        Ok(())
    }

    pub(crate) fn storage_t(&self, t: &Type) -> R<BasicTypeEnum<'ctx>> {
        types::storage_type(self.ctx, t).map_err(|m| self.lerr(m))
    }

    fn item_ptr(&self, l: PointerValue<'ctx>, dt: &Type, i: IntValue<'ctx>) -> R<PointerValue<'ctx>> {
        let p = self.pfield(l, ITEMS)?;
        let items = self.b.build_load(self.ptr_ty(), p, "items")?.into_pointer_value();
        Ok(unsafe { self.b.build_gep(self.storage_t(dt)?, items, &[i], "item")? })
    }

    /// Item `i` (borrowed; no bounds check).
    pub(crate) fn list_get(&self, l: PointerValue<'ctx>, dt: &Type, i: IntValue<'ctx>) -> R<BasicValueEnum<'ctx>> {
        let p = self.item_ptr(l, dt, i)?;
        let x = self.b.build_load(self.storage_t(dt)?, p, "")?;
        from_storage(self.ctx, &self.b, x, dt)
    }

    /// Stores item `i` (no reference-count change).
    pub(crate) fn list_put(&self, l: PointerValue<'ctx>, dt: &Type, i: IntValue<'ctx>, v: BasicValueEnum<'ctx>) -> R<()> {
        let p = self.item_ptr(l, dt, i)?;
        let s = to_storage(self.ctx, &self.b, v, dt)?;
        self.b.build_store(p, s)?;
        self.mark_dirty(l)
    }

    /// A new MemInfo of `bytes` bytes (MemoryError when the allocation fails).
    pub(crate) fn alloc_mi(&self, bytes: IntValue<'ctx>) -> R<PointerValue<'ctx>> {
        let f = self.api_fn(1, true)?;
        let i64t = self.ctx.i64_type();
        let ft = self.ptr_ty().fn_type(&[i64t.into(), i64t.into()], false);
        let call = self.b.build_indirect_call(ft, f, &[bytes.into(), self.i64(16).into()], "mi")?;
        let mi = match call.try_as_basic_value() {
            inkwell::values::ValueKind::Basic(v) => v.into_pointer_value(),
            _ => return self.fail("internal error: meminfo_alloc returns void"),
        };
        let null = self.b.build_is_null(mi, "")?;
        self.guard(null, ExcKind::MemoryError, "Allocation failed (probably too large).")?;
        Ok(mi)
    }

    pub(crate) fn mi_data(&self, mi: PointerValue<'ctx>) -> R<PointerValue<'ctx>> {
        let dp = self.b.build_struct_gep(meminfo_type(self.ctx), mi, 1, "")?;
        Ok(self.b.build_load(self.ptr_ty(), dp, "data")?.into_pointer_value())
    }

    /// A new list (owned reference) of `n` uninitialized items with room for `cap` (≥ n).
    pub(crate) fn list_new(&self, dt: &Type, n: IntValue<'ctx>, cap: IntValue<'ctx>) -> R<PointerValue<'ctx>> {
        let isz = itemsize(dt).map_err(|m| self.lerr(m))?;
        let neg = self.b.build_int_compare(IntPredicate::SLT, cap, self.i64(0), "")?;
        let cap = self.b.build_select(neg, self.i64(0), cap, "")?.into_int_value();
        // Numba's `ListInstance.allocate`: a byte size past intp cannot be allocated.
        let too_big = self.b.build_int_compare(IntPredicate::SGT, cap, self.i64(i64::MAX / (isz.max(1) as i64)), "")?;
        self.guard(too_big, ExcKind::MemoryError, "cannot allocate list")?;
        let pt = payload_type(self.ctx);
        let psize = pt.size_of().ok_or_else(|| self.lerr("internal error: payload size".into()))?;
        let mi = self.alloc_mi(psize)?;
        let bytes = self.b.build_int_mul(cap, self.i64(isz as i64), "")?;
        let items_mi = self.alloc_mi(bytes)?;
        let payload = self.mi_data(mi)?;
        let items = self.mi_data(items_mi)?;
        let fields: [BasicValueEnum<'ctx>; 6] =
            [n.into(), cap.into(), items_mi.into(), items.into(), self.ptr_ty().const_null().into(), self.i64(0).into()];
        for (i, f) in fields.into_iter().enumerate() {
            let p = self.b.build_struct_gep(pt, payload, i as u32, "")?;
            self.b.build_store(p, f)?;
        }
        Ok(mi)
    }

    /// Grows the item buffer to hold at least `need` items (amortized doubling).
    fn list_reserve(&self, l: PointerValue<'ctx>, dt: &Type, need: IntValue<'ctx>) -> R<()> {
        let isz = itemsize(dt).map_err(|m| self.lerr(m))?;
        let pa = self.pfield(l, ALLOCATED)?;
        let cap = self.b.build_load(self.ctx.i64_type(), pa, "cap")?.into_int_value();
        let grow = self.b.build_int_compare(IntPredicate::SGT, need, cap, "")?;
        let gb = self.new_block("list_grow");
        let done = self.new_block("list_grown");
        self.b.build_conditional_branch(grow, gb, done)?;
        self.b.position_at_end(gb);
        let twice = self.b.build_int_mul(cap, self.i64(2), "")?;
        let more = self.b.build_int_compare(IntPredicate::SGT, twice, need, "")?;
        let newcap = self.b.build_select(more, twice, need, "")?.into_int_value();
        let small = self.b.build_int_compare(IntPredicate::SLT, newcap, self.i64(4), "")?;
        let newcap = self.b.build_select(small, self.i64(4), newcap, "newcap")?.into_int_value();
        let bytes = self.b.build_int_mul(newcap, self.i64(isz as i64), "")?;
        let new_mi = self.alloc_mi(bytes)?;
        let new_items = self.mi_data(new_mi)?;
        let n = self.list_len(l)?;
        let used = self.b.build_int_mul(n, self.i64(isz as i64), "")?;
        let pi = self.pfield(l, ITEMS)?;
        let old_items = self.b.build_load(self.ptr_ty(), pi, "")?.into_pointer_value();
        self.b.build_memcpy(new_items, 1, old_items, 1, used).map_err(|m| self.lerr(m.to_string()))?;
        let pm = self.pfield(l, ITEMS_MI)?;
        let old_mi = self.b.build_load(self.ptr_ty(), pm, "")?.into_pointer_value();
        self.rc().free_buffer(old_mi)?;
        self.b.build_store(pm, new_mi)?;
        self.b.build_store(pi, new_items)?;
        self.b.build_store(pa, newcap)?;
        self.b.build_unconditional_branch(done)?;
        self.b.position_at_end(done);
        Ok(())
    }

    /// Appends `v` (of the item type), taking a new reference to it.
    pub(crate) fn list_append(&self, l: PointerValue<'ctx>, dt: &Type, v: BasicValueEnum<'ctx>) -> R<()> {
        let v = self.owned_for_store(v, dt)?;
        let n = self.list_len(l)?;
        let n1 = self.b.build_int_add(n, self.i64(1), "")?;
        self.list_reserve(l, dt, n1)?;
        self.list_put(l, dt, n, v)?;
        self.set_len(l, n1)
    }

    /// Python's index normalization with a bounds check: IndexError(`msg`) when out of range.
    fn list_index(&self, l: PointerValue<'ctx>, i: BasicValueEnum<'ctx>, it: &Type, msg: &str) -> R<IntValue<'ctx>> {
        let k = numeric(it).unwrap_or(NumericKind::Int64);
        let i = self.cast(i, it, &Type::int64())?.into_int_value();
        let n = self.list_len(l)?;
        let i = if k.is_signed_int() {
            let neg = self.b.build_int_compare(IntPredicate::SLT, i, self.i64(0), "")?;
            let w = self.b.build_int_add(i, n, "")?;
            self.b.build_select(neg, w, i, "")?.into_int_value()
        } else {
            i
        };
        let oob = self.b.build_int_compare(IntPredicate::UGE, i, n, "")?;
        self.guard(oob, ExcKind::IndexError, msg)?;
        Ok(i)
    }

    /// A new list of items `[start, start + step, ...]` (`len` of them) of `l`.
    pub(crate) fn list_take(&mut self, l: PointerValue<'ctx>, dt: &Type, start: IntValue<'ctx>, len: IntValue<'ctx>, step: IntValue<'ctx>) -> R<PointerValue<'ctx>> {
        let out = self.list_new(dt, len, len)?;
        let dt2 = dt.clone();
        self.counted_loop(len, |cx, i| {
            let off = cx.b.build_int_mul(i, step, "")?;
            let j = cx.b.build_int_add(start, off, "")?;
            let x = cx.list_get(l, &dt2, j)?;
            let x = cx.owned_for_store(x, &dt2)?;
            cx.list_put(out, &dt2, i, x)
        })?;
        Ok(out)
    }

    /// Each item of `val` (of type `t`: a list, array, range, tuple or iterator) in order.
    pub(crate) fn for_each(&mut self, val: BasicValueEnum<'ctx>, t: &Type, mut body: impl FnMut(&mut Self, BasicValueEnum<'ctx>, &Type) -> R<()>) -> R<()> {
        if let Some(dt) = dtype(t) {
            let dt = dt.clone();
            let l = val.into_pointer_value();
            let n = self.list_len(l)?;
            return self.counted_loop(n, |cx, i| {
                let x = cx.list_get(l, &dt, i)?;
                body(cx, x, &dt)
            });
        }
        if let Type::Tuple(items) = t {
            for (i, it) in items.iter().enumerate() {
                let x = self.b.build_extract_value(val.into_struct_value(), i as u32, "")?;
                body(self, x, it)?;
            }
            return Ok(());
        }
        let Some(it) = t.iterator_type() else { return self.fail(format!("iterating over {t} is not supported by numrs build yet")) };
        if matches!(&it, Type::Iterator(k) if matches!(&**k, IteratorKind::Container(Type::DictType(_) | Type::Set { .. }) | IteratorKind::DictView(..))) {
            // Dicts, sets and their views are iterated from their variable (`dicts.rs`).
            return self.fail(format!("iterating over {t} here is not supported by numrs build yet"));
        }
        let Some(yt) = it.yield_type() else { return self.fail(format!("iterating over {t} is not supported by numrs build yet")) };
        let pair = Type::Pair(Arc::new((yt.clone(), Type::boolean())));
        let state = if matches!(t, Type::Iterator(_)) { val } else { self.getiter_val(val, &it)? };
        let head = self.new_block("each_head");
        let bodyb = self.new_block("each_body");
        let exit = self.new_block("each_exit");
        self.b.build_unconditional_branch(head)?;
        self.b.position_at_end(head);
        let p = self.iternext_at(state.into_pointer_value(), &it, &pair)?.into_struct_value();
        let valid = self.b.build_extract_value(p, 1, "")?.into_int_value();
        self.b.build_conditional_branch(valid, bodyb, exit)?;
        self.b.position_at_end(bodyb);
        let x = self.b.build_extract_value(p, 0, "")?;
        body(self, x, &yt)?;
        self.b.build_unconditional_branch(head)?;
        self.b.position_at_end(exit);
        Ok(())
    }

    /// A new list of the items of the variable `v`, cast to `dt` (dicts, sets and dict views
    /// are iterated by `dicts.rs`).
    fn list_from_var(&mut self, v: VarId, dt: &Type) -> R<PointerValue<'ctx>> {
        if self.is_container_var(v) {
            let out = self.list_new(dt, self.i64(0), self.i64(0))?;
            let dt2 = dt.clone();
            self.container_for_each(v, |cx, x, xt| {
                let x = cx.cast(x, xt, &dt2)?;
                cx.list_append(out, &dt2, x)
            })?;
            return Ok(out);
        }
        let at = self.ty(v)?;
        let val = self.load(v)?;
        self.list_from(val, &at, dt)
    }

    /// A new list of the items of `val` (of type `t`), cast to `dt`.
    pub(crate) fn list_from(&mut self, val: BasicValueEnum<'ctx>, t: &Type, dt: &Type) -> R<PointerValue<'ctx>> {
        // A range's iterator refuses a zero step: made before the list, which the error would
        // leave behind.
        if let (Type::Range(_), Some(it)) = (t, t.iterator_type()) {
            let state = self.getiter_val(val, &it)?;
            return self.list_from(state, &it, dt);
        }
        let out = self.list_new(dt, self.i64(0), self.i64(0))?;
        // A generator may raise while the list is filled: held until then, so that the error
        // path releases it.
        let lt = Type::list(dt.clone(), false);
        let held = match t {
            Type::Generator(_) => Some(self.hold_temp(out.into(), &lt)?),
            _ => None,
        };
        let dt2 = dt.clone();
        self.for_each(val, t, |cx, x, xt| {
            let x = cx.cast(x, xt, &dt2)?;
            cx.list_append(out, &dt2, x)
        })?;
        if let Some(slot) = held {
            self.let_go(slot, &lt)?;
        }
        Ok(out)
    }

    /// `a == b` for values of (possibly different) types, as Numba's `operator.eq`.
    pub(crate) fn values_eq(&mut self, a: BasicValueEnum<'ctx>, at: &Type, b: BasicValueEnum<'ctx>, bt: &Type) -> R<IntValue<'ctx>> {
        if let (Some(ai), Some(bi)) = (at.tuple_items(), bt.tuple_items()) {
            if ai.len() != bi.len() {
                return Ok(self.ctx.bool_type().const_zero());
            }
            let mut acc = self.ctx.bool_type().const_int(1, false);
            for (i, (x, y)) in ai.iter().zip(&bi).enumerate() {
                let xv = self.b.build_extract_value(a.into_struct_value(), i as u32, "")?;
                let yv = self.b.build_extract_value(b.into_struct_value(), i as u32, "")?;
                let e = self.values_eq(xv, x, yv, y)?;
                acc = self.b.build_and(acc, e, "")?;
            }
            return Ok(acc);
        }
        // Lists of lists: item by item again.
        if dtype(at).is_some() && dtype(bt).is_some() {
            let sig = Signature::new(Type::boolean(), vec![at.clone(), bt.clone()]);
            return Ok(op_eq(self, &sig, &[Some(a), Some(b)])?.into_int_value());
        }
        let r = self.binary("operator.eq", a, at, b, bt)?;
        self.truth(r.0, &r.1)
    }

    /// `a < b`, tuples compared lexicographically.
    pub(crate) fn values_lt(&mut self, a: BasicValueEnum<'ctx>, at: &Type, b: BasicValueEnum<'ctx>, bt: &Type) -> R<IntValue<'ctx>> {
        if let (Some(ai), Some(bi)) = (at.tuple_items(), bt.tuple_items()) {
            // lt = a0 < b0 || (a0 == b0 && rest); shorter tuples first when equal.
            let mut res = self.ctx.bool_type().const_int((ai.len() < bi.len()) as u64, false);
            for i in (0..ai.len().min(bi.len())).rev() {
                let xv = self.b.build_extract_value(a.into_struct_value(), i as u32, "")?;
                let yv = self.b.build_extract_value(b.into_struct_value(), i as u32, "")?;
                let lt = self.values_lt(xv, &ai[i], yv, &bi[i])?;
                let eq = self.values_eq(xv, &ai[i], yv, &bi[i])?;
                let rest = self.b.build_and(eq, res, "")?;
                res = self.b.build_or(lt, rest, "")?;
            }
            return Ok(res);
        }
        // jitclass instances: their `__lt__` (or the other's `__gt__`), as Numba's `a < b`.
        if matches!(at, Type::JitClassInstance(_)) || matches!(bt, Type::JitClassInstance(_)) {
            let types = [at.clone(), bt.clone()];
            match numrs_types::jitclass_op("operator.lt", &types) {
                Some(numrs_types::JitClassOp::Method(d)) => {
                    let r = self.call_jit_values(&d, (a, at.clone()), &[(b, bt.clone())], &Type::boolean())?;
                    return self.truth(r, &Type::boolean());
                }
                Some(numrs_types::JitClassOp::ReflectedGt) => {
                    if let Some(numrs_types::JitClassOp::Method(d)) = numrs_types::jitclass_op("operator.gt", &[bt.clone(), at.clone()]) {
                        let r = self.call_jit_values(&d, (b, bt.clone()), &[(a, at.clone())], &Type::boolean())?;
                        return self.truth(r, &Type::boolean());
                    }
                }
                _ => {}
            }
            return self.fail(format!("comparing {at} with {bt} is not supported by numrs build yet"));
        }
        // Lists (`sorted` of a list of lists): their own ordering.
        if dtype(at).is_some() && dtype(bt).is_some() {
            let sig = Signature::new(Type::boolean(), vec![at.clone(), bt.clone()]);
            if let Some(f) = lookup("operator.lt", &sig) {
                let r = f(self, &sig, &[Some(a), Some(b)])?;
                return self.truth(r, &Type::boolean());
            }
        }
        let r = self.binary("operator.lt", a, at, b, bt)?;
        self.truth(r.0, &r.1)
    }

    /// A binary operator on values through the operator table: the result and its type.
    pub(crate) fn binary(&mut self, key: &str, a: BasicValueEnum<'ctx>, at: &Type, b: BasicValueEnum<'ctx>, bt: &Type) -> R<(BasicValueEnum<'ctx>, Type)> {
        let sig = match numrs_typing::resolve_call(key, &[at.clone(), bt.clone()], &[]) {
            Ok(Some(sig)) if sig.args.len() == 2 => sig,
            _ => return self.fail(format!("{key}({at}, {bt}) is not supported by numrs build yet")),
        };
        if crate::strings::is_str(at) || crate::strings::is_str(bt) {
            let a = self.cast(a, at, &sig.args[0])?;
            let b = self.cast(b, bt, &sig.args[1])?;
            if let Some((r, rt)) = crate::strings::apply(self, key, &sig, &[Some(a), Some(b)])? {
                let r = self.cast(r, &rt, &sig.return_type)?;
                return Ok((r, sig.return_type.clone()));
            }
        }
        let Some(imp) = crate::ops::lookup(key, &sig) else {
            return self.fail(format!("{key}({at}, {bt}) is not supported by numrs build yet"));
        };
        let a = self.cast(a, at, &sig.args[0])?;
        let b = self.cast(b, bt, &sig.args[1])?;
        let r = imp(self, &sig, &[Some(a), Some(b)])?;
        Ok((r, sig.return_type.clone()))
    }

    /// `l` sorted in place: a list of integers or floats by Numba's quicksort, as `list.sort`
    /// does (by `>` with `reverse`); other items by an insertion sort by `<` (stable; with
    /// `reverse`, by `>` so that equal items keep their order), which gives the same order for
    /// the items whose equal values cannot be told apart.
    pub(crate) fn list_sort(&mut self, l: PointerValue<'ctx>, dt: &Type, reverse: IntValue<'ctx>) -> R<()> {
        let n = self.list_len(l)?;
        if let Type::Number(k) = dt {
            if k.is_integer() || k.is_float() {
                let items = self.item_ptr(l, dt, self.i64(0))?;
                self.mark_dirty(l)?;
                let null = self.ptr_ty().const_null();
                let (asc, desc) = (self.list_sort_fn(dt, false)?, self.list_sort_fn(dt, true)?);
                let (up, down, done) = (self.new_block("sort_up"), self.new_block("sort_down"), self.new_block("sort_done"));
                self.b.build_conditional_branch(reverse, down, up)?;
                for (block, f) in [(up, asc), (down, desc)] {
                    self.b.position_at_end(block);
                    self.b.build_call(f, &[null.into(), items.into(), n.into()], "")?;
                    self.b.build_unconditional_branch(done)?;
                }
                self.b.position_at_end(done);
                return Ok(());
            }
        }
        let dt = dt.clone();
        let i64t = self.ctx.i64_type();
        let jslot = self.temp(i64t.into())?;
        self.counted_loop(n, |cx, i| {
            // for i in 1..n: x = l[i]; j = i; while j > 0 && before(x, l[j-1]): l[j] = l[j-1]; j--; l[j] = x
            let x = cx.list_get(l, &dt, i)?;
            cx.b.build_store(jslot, i)?;
            let head = cx.new_block("sort_head");
            let check = cx.new_block("sort_check");
            let shift = cx.new_block("sort_shift");
            let place = cx.new_block("sort_place");
            cx.b.build_unconditional_branch(head)?;
            cx.b.position_at_end(head);
            let j = cx.b.build_load(i64t, jslot, "j")?.into_int_value();
            let pos = cx.b.build_int_compare(IntPredicate::SGT, j, cx.i64(0), "")?;
            cx.b.build_conditional_branch(pos, check, place)?;
            cx.b.position_at_end(check);
            let jm1 = cx.b.build_int_sub(j, cx.i64(1), "")?;
            let y = cx.list_get(l, &dt, jm1)?;
            let lt = cx.values_lt(x, &dt, y, &dt)?;
            let gt = cx.values_lt(y, &dt, x, &dt)?;
            let before = cx.b.build_select(reverse, gt, lt, "")?.into_int_value();
            cx.b.build_conditional_branch(before, shift, place)?;
            cx.b.position_at_end(shift);
            cx.list_put(l, &dt, j, y)?;
            cx.b.build_store(jslot, jm1)?;
            cx.b.build_unconditional_branch(head)?;
            cx.b.position_at_end(place);
            let j = cx.b.build_load(i64t, jslot, "j")?.into_int_value();
            cx.list_put(l, &dt, j, x)
        })
    }

    /// `lst.sort(key=f, reverse=r)` (`sorted` too), as Numba's `ol_list_sort` with a key:
    /// the keys `[f(x) for x in lst]` are argsorted with its quicksort (by `>` when reversed)
    /// and the items are put in that order (moved: no reference changes).
    pub(crate) fn list_sort_by_key(&mut self, l: PointerValue<'ctx>, dt: &Type, key: VarId, reverse: IntValue<'ctx>) -> R<()> {
        let kt = self.ty(key)?;
        // The key: a lambda or inner function, or a jit function (its specialization for the
        // items' type, called directly; an exception it raises propagates).
        if !matches!(kt, Type::MakeFunction(..) | Type::Dispatcher(_)) {
            return self.fail(format!("sort with a key of type {kt} is not supported by numrs build yet"));
        }
        let key_t = self.function_value_result(&kt, std::slice::from_ref(dt))?;
        let real = |t: &Type| numeric(t).is_some_and(|k| !k.is_complex());
        let real_or_str = |t: &Type| real(t) || matches!(t, Type::Unicode);
        let tuple_key = key_t.tuple_items().is_some_and(|items| !items.is_empty() && items.iter().all(real_or_str));
        if !real_or_str(&key_t) && !tuple_key {
            return self.fail(format!("sort with keys of type {key_t} is not supported by numrs build yet"));
        }
        // Keys holding strings live in a list (which owns their references), numbers in an
        // array.
        let str_keys = matches!(key_t, Type::Unicode) || key_t.tuple_items().is_some_and(|items| items.iter().any(|t| matches!(t, Type::Unicode)));
        let dt = dt.clone();
        let n = self.list_len(l)?;
        let (keys, key_list) = if str_keys {
            let kl = self.list_new(&key_t, self.i64(0), n)?;
            (self.i64(0).into(), Some(kl))
        } else {
            (self.alloc_array(&key_t, &[n])?, None)
        };
        self.counted_loop(n, |cx, i| {
            let x = cx.list_get(l, &dt, i)?;
            let k = cx.call_callable_value(&kt, &[(x, dt.clone())], &key_t)?;
            if let Some(kl) = key_list {
                // The list takes its own reference; the call's is dropped.
                cx.list_append(kl, &key_t, k)?;
                return cx.decref(k, &key_t);
            }
            let p = cx.out_ptr(keys, &key_t, i)?;
            cx.store_element(p, k, &key_t, &key_t)
        })?;
        let it = Type::int64();
        let order = self.alloc_array(&it, &[n])?;
        self.counted_loop(n, |cx, i| {
            let p = cx.out_ptr(order, &it, i)?;
            cx.b.build_store(p, i)?;
            Ok(())
        })?;
        // Numba's `arg_sort_forwards`/`arg_sort_backwards`: keys compared by plain `<` (`>`).
        let asc = self.list_argsort_fn(&key_t, false)?;
        let desc = self.list_argsort_fn(&key_t, true)?;
        let f = self.b.build_select(reverse, desc.as_global_value().as_pointer_value(), asc.as_global_value().as_pointer_value(), "")?.into_pointer_value();
        let kd: BasicValueEnum<'ctx> = match key_list {
            Some(kl) => self.item_ptr(kl, &key_t, self.i64(0))?.into(),
            None => self.field(keys, 4)?,
        };
        let od = self.field(order, 4)?;
        self.b.build_indirect_call(asc.get_type(), f, &[kd.into(), od.into(), n.into()], "")?;
        // Move the items through a copy of their storage.
        let st = self.storage_t(&dt)?;
        let size = self.itemsize_of(&dt)? as i64;
        let bytes = self.b.build_int_mul(n, self.i64(size), "")?;
        let raw = Type::int8();
        let scratch = self.alloc_array(&raw, &[bytes])?;
        let sd = self.field(scratch, 4)?.into_pointer_value();
        self.counted_loop(n, |cx, i| {
            let v = cx.b.build_load(st, cx.item_ptr(l, &dt, i)?, "")?;
            cx.b.build_store(unsafe { cx.b.build_gep(st, sd, &[i], "")? }, v)?;
            Ok(())
        })?;
        self.counted_loop(n, |cx, i| {
            let j = cx.b.build_load(cx.ctx.i64_type(), cx.out_ptr(order, &it, i)?, "")?.into_int_value();
            let v = cx.b.build_load(st, unsafe { cx.b.build_gep(st, sd, &[j], "")? }, "")?;
            cx.b.build_store(cx.item_ptr(l, &dt, i)?, v)?;
            cx.mark_dirty(l)?;
            Ok(())
        })?;
        let arr1 = |t: &Type| crate::npfuncs::array_type(t, 1, numrs_types::Layout::C);
        match key_list {
            Some(kl) => self.decref(kl.into(), &Type::list(key_t.clone(), false))?,
            None => self.decref(keys, &arr1(&key_t))?,
        }
        self.decref(order, &arr1(&it))?;
        self.decref(scratch, &arr1(&raw))?;
        Ok(())
    }

    /// Reverses `l` in place.
    pub(crate) fn list_reverse(&mut self, l: PointerValue<'ctx>, dt: &Type) -> R<()> {
        let n = self.list_len(l)?;
        let half = self.b.build_int_signed_div(n, self.i64(2), "")?;
        let dt = dt.clone();
        self.counted_loop(half, |cx, i| {
            let nm1 = cx.b.build_int_sub(n, cx.i64(1), "")?;
            let j = cx.b.build_int_sub(nm1, i, "")?;
            let a = cx.list_get(l, &dt, i)?;
            let b = cx.list_get(l, &dt, j)?;
            cx.list_put(l, &dt, i, b)?;
            cx.list_put(l, &dt, j, a)
        })
    }

    /// Removes item `i` (in range), shifting the rest down; returns it (the caller gets the
    /// list's reference).
    fn list_remove_at(&mut self, l: PointerValue<'ctx>, dt: &Type, i: IntValue<'ctx>) -> R<BasicValueEnum<'ctx>> {
        let x = self.list_get(l, dt, i)?;
        let n = self.list_len(l)?;
        let nm1 = self.b.build_int_sub(n, self.i64(1), "")?;
        let count = self.b.build_int_sub(nm1, i, "")?;
        let dt2 = dt.clone();
        self.counted_loop(count, |cx, k| {
            let src = cx.b.build_int_add(i, k, "")?;
            let src = cx.b.build_int_add(src, cx.i64(1), "")?;
            let dst = cx.b.build_int_add(i, k, "")?;
            let y = cx.list_get(l, &dt2, src)?;
            cx.list_put(l, &dt2, dst, y)
        })?;
        self.set_len(l, nm1)?;
        Ok(x)
    }

    /// The index of the first item equal to `v` in `[lo, n)`, or -1.
    fn list_find(&mut self, l: PointerValue<'ctx>, dt: &Type, v: BasicValueEnum<'ctx>, vt: &Type) -> R<IntValue<'ctx>> {
        let n = self.list_len(l)?;
        self.list_find_in(l, dt, v, vt, self.i64(0), n)
    }

    /// The index of the first item equal to `v` in `[lo, hi)` (within the list), or -1.
    fn list_find_in(&mut self, l: PointerValue<'ctx>, dt: &Type, v: BasicValueEnum<'ctx>, vt: &Type, lo: IntValue<'ctx>, hi: IntValue<'ctx>) -> R<IntValue<'ctx>> {
        let i64t = self.ctx.i64_type();
        let found = self.temp(i64t.into())?;
        self.b.build_store(found, self.i64(-1))?;
        let n = hi;
        let dt = dt.clone();
        let vt = vt.clone();
        // A loop that stops at the first match.
        let islot = self.temp(i64t.into())?;
        self.b.build_store(islot, lo)?;
        let head = self.new_block("find_head");
        let body = self.new_block("find_body");
        let next = self.new_block("find_next");
        let hit = self.new_block("find_hit");
        let exit = self.new_block("find_exit");
        self.b.build_unconditional_branch(head)?;
        self.b.position_at_end(head);
        let i = self.b.build_load(i64t, islot, "i")?.into_int_value();
        let more = self.b.build_int_compare(IntPredicate::SLT, i, n, "")?;
        self.b.build_conditional_branch(more, body, exit)?;
        self.b.position_at_end(body);
        let x = self.list_get(l, &dt, i)?;
        let eq = self.values_eq(x, &dt, v, &vt)?;
        self.b.build_conditional_branch(eq, hit, next)?;
        self.b.position_at_end(next);
        let i1 = self.b.build_int_add(i, self.i64(1), "")?;
        self.b.build_store(islot, i1)?;
        self.b.build_unconditional_branch(head)?;
        self.b.position_at_end(hit);
        self.b.build_store(found, i)?;
        self.b.build_unconditional_branch(exit)?;
        self.b.position_at_end(exit);
        Ok(self.b.build_load(i64t, found, "found")?.into_int_value())
    }

    /// Drops every item (`clear`).
    fn list_clear(&mut self, l: PointerValue<'ctx>, dt: &Type) -> R<()> {
        if crate::arrays::needs_rc(dt) {
            let n = self.list_len(l)?;
            let dt2 = dt.clone();
            self.counted_loop(n, |cx, i| {
                let x = cx.list_get(l, &dt2, i)?;
                cx.decref(x, &dt2)
            })?;
        }
        self.set_len(l, self.i64(0))
    }

    /// `l.extend(val)` / `l += val`.
    fn list_extend(&mut self, l: PointerValue<'ctx>, dt: &Type, val: BasicValueEnum<'ctx>, t: &Type) -> R<()> {
        // Extending a list with itself: iterate over a snapshot of its length.
        let dt2 = dt.clone();
        self.for_each(val, t, |cx, x, xt| {
            let x = cx.cast(x, xt, &dt2)?;
            cx.list_append(l, &dt2, x)
        })
    }
}

// ----- lowering hooks called from `func.rs` -----

fn list_of<'ctx>(cx: &FnCx<'_, 'ctx>, t: &Type) -> R<Type> {
    match dtype(t) {
        Some(d) => {
            supported_item(d).map_err(|m| CgError { span: cx.span, message: m })?;
            Ok(d.clone())
        }
        None => cx.fail(format!("expected a list, got {t}")),
    }
}

/// `[a, b, c]`.
pub(crate) fn build_list<'ctx>(cx: &mut FnCx<'_, 'ctx>, items: &[VarId], tt: &Type) -> R<BasicValueEnum<'ctx>> {
    let dt = list_of(cx, tt)?;
    let n = cx.i64(items.len() as i64);
    let l = cx.list_new(&dt, n, n)?;
    for (i, v) in items.iter().enumerate() {
        let vt = cx.ty(*v)?;
        let x = cx.load(*v)?;
        let x = cx.cast(x, &vt, &dt)?;
        let x = cx.owned_for_store(x, &dt)?;
        cx.list_put(l, &dt, cx.i64(i as i64), x)?;
    }
    cx.fresh = true;
    Ok(l.into())
}

/// The IndexError message of `xs[i]` out of range: Numba's reflected list says
/// "getitem out of range", its typed `List` "list index out of range".
pub(crate) fn getitem_message(list: &Type) -> &'static str {
    if matches!(list, Type::ListType(_)) {
        "list index out of range"
    } else {
        "getitem out of range"
    }
}

/// `xs[i]` and `xs[a:b:c]`.
pub(crate) fn getitem<'ctx>(cx: &mut FnCx<'_, 'ctx>, value: VarId, index: VarId, tt: &Type) -> R<BasicValueEnum<'ctx>> {
    let vt = cx.ty(value)?;
    let dt = list_of(cx, &vt)?;
    let it = cx.ty(index)?;
    let l = cx.load(value)?.into_pointer_value();
    let iv = cx.load(index)?;
    if matches!(it, Type::Slice2 | Type::Slice3) {
        let n = cx.list_len(l)?;
        let (start, len, step) = cx.fix_slice(iv.into_struct_value(), n)?;
        let out = cx.list_take(l, &dt, start, len, step)?;
        cx.fresh = true;
        return cx.cast(out.into(), &Type::list(dt, false), tt);
    }
    if !numeric(&it).is_some_and(|k| k.is_integer() || k == NumericKind::Boolean) {
        return cx.fail(format!("indexing a list with {it} is not supported by numrs build yet"));
    }
    let i = cx.list_index(l, iv, &it, getitem_message(&vt))?;
    let x = cx.list_get(l, &dt, i)?;
    cx.cast(x, &dt, tt)
}

/// `xs[1]`, `xs[1:3]` with constant indices.
pub(crate) fn static_getitem<'ctx>(cx: &mut FnCx<'_, 'ctx>, value: VarId, index: &StaticIndex, index_var: Option<VarId>, tt: &Type) -> R<BasicValueEnum<'ctx>> {
    if let Some(iv) = index_var {
        return getitem(cx, value, iv, tt);
    }
    let vt = cx.ty(value)?;
    let dt = list_of(cx, &vt)?;
    let l = cx.load(value)?.into_pointer_value();
    match index {
        StaticIndex::Int(i) => {
            let i = cx.list_index(l, cx.i64(*i as i64).into(), &Type::int64(), getitem_message(&vt))?;
            let x = cx.list_get(l, &dt, i)?;
            cx.cast(x, &dt, tt)
        }
        StaticIndex::Slice(a, b, c) => {
            let opt = |v: &Option<i128>, d: i64| v.map_or(d, |x| x as i64);
            let step = opt(c, 1);
            let (dstart, dstop) = if step < 0 { (i64::MAX, i64::MIN) } else { (0, i64::MAX) };
            let st = cx.vt(&Type::Slice3)?.into_struct_type();
            let s = st.const_named_struct(&[cx.i64(opt(a, dstart)).into(), cx.i64(opt(b, dstop)).into(), cx.i64(step).into()]);
            let n = cx.list_len(l)?;
            let (start, len, step) = cx.fix_slice(s, n)?;
            let out = cx.list_take(l, &dt, start, len, step)?;
            cx.fresh = true;
            cx.cast(out.into(), &Type::list(dt, false), tt)
        }
        StaticIndex::Str(_) | StaticIndex::Slices(_) => cx.fail(format!("indexing a list with {index:?}")),
    }
}

/// `xs[i] = v`.
pub(crate) fn setitem<'ctx>(cx: &mut FnCx<'_, 'ctx>, target: VarId, index: VarId, value: VarId) -> R<()> {
    let lt = cx.ty(target)?;
    let dt = list_of(cx, &lt)?;
    let it = cx.ty(index)?;
    if matches!(it, Type::Slice2 | Type::Slice3) {
        return set_slice(cx, target, index, value);
    }
    if !numeric(&it).is_some_and(|k| k.is_integer() || k == NumericKind::Boolean) {
        return cx.fail(format!("assigning to a list item with an index of type {it} is not supported by numrs build yet"));
    }
    let l = cx.load(target)?.into_pointer_value();
    let iv = cx.load(index)?;
    // Numba's typed List says "list index out of range" for every index.
    let msg = if matches!(lt, Type::ListType(_)) { "list index out of range" } else { "setitem out of range" };
    let i = cx.list_index(l, iv, &it, msg)?;
    let vt = cx.ty(value)?;
    let v = cx.load(value)?;
    let v = cx.cast(v, &vt, &dt)?;
    let v = cx.owned_for_store(v, &dt)?;
    let old = cx.list_get(l, &dt, i)?;
    cx.list_put(l, &dt, i, v)?;
    cx.decref(old, &dt)
}

/// `xs[a:b] = ys` (any size with step 1), `xs[a:b:c] = ys` (as many items as the slice
/// selects, else ValueError), as Numba's `setitem_list`.
fn set_slice<'ctx>(cx: &mut FnCx<'_, 'ctx>, target: VarId, index: VarId, value: VarId) -> R<()> {
    let dt = list_of(cx, &cx.ty(target)?)?;
    let vt = cx.ty(value)?;
    let l = cx.load(target)?.into_pointer_value();
    let s = cx.load(index)?.into_struct_value();
    let v = cx.load(value)?;
    // A snapshot of the new items (the source may be the list itself), released on every
    // exit (the size check below raises).
    let src = cx.list_from(v, &vt, &dt)?;
    let src_t = Type::list(dt.clone(), false);
    let held = cx.hold_temp(src.into(), &src_t)?;
    let n = cx.list_len(l)?;
    let (start, len, step) = cx.fix_slice(s, n)?;
    let m = cx.list_len(src)?;
    let unit = cx.b.build_int_compare(IntPredicate::EQ, step, cx.i64(1), "")?;
    let splice = cx.new_block("splice");
    let each = cx.new_block("slice_each");
    let done = cx.new_block("slice_done");
    cx.b.build_conditional_branch(unit, splice, each)?;
    // step 1: the old items replaced by the new ones.
    cx.b.position_at_end(splice);
    splice_range(cx, l, &dt, n, start, len, Some(src))?;
    cx.b.build_unconditional_branch(done)?;
    let lt = Type::list(dt.clone(), false);
    let dt2 = dt.clone();
    // Extended slices: one item each.
    cx.b.position_at_end(each);
    let differ = cx.b.build_int_compare(IntPredicate::NE, m, len, "")?;
    cx.guard(differ, ExcKind::ValueError, "cannot resize extended list slice with step != 1")?;
    cx.counted_loop(len, |cx, k| {
        let off = cx.b.build_int_mul(k, step, "")?;
        let i = cx.b.build_int_add(start, off, "")?;
        let x = cx.list_get(src, &dt2, k)?;
        let x = cx.owned_for_store(x, &dt2)?;
        let old = cx.list_get(l, &dt2, i)?;
        cx.list_put(l, &dt2, i, x)?;
        cx.decref(old, &dt2)
    })?;
    cx.b.build_unconditional_branch(done)?;
    cx.b.position_at_end(done);
    cx.let_go(held, &src_t)?;
    cx.decref(src.into(), &lt)
}

/// `del xs[i]`.
pub(crate) fn delitem<'ctx>(cx: &mut FnCx<'_, 'ctx>, target: VarId, index: VarId) -> R<()> {
    let lt = cx.ty(target)?;
    let dt = list_of(cx, &lt)?;
    let it = cx.ty(index)?;
    if matches!(it, Type::Slice2 | Type::Slice3) {
        return del_slice(cx, target, index, &dt);
    }
    if !numeric(&it).is_some_and(|k| k.is_integer() || k == NumericKind::Boolean) {
        return cx.fail(format!("del of a list item with an index of type {it} is not supported by numrs build yet"));
    }
    let l = cx.load(target)?.into_pointer_value();
    let iv = cx.load(index)?;
    let i = cx.list_index(l, iv, &it, "list index out of range")?;
    let x = cx.list_remove_at(l, &dt, i)?;
    cx.decref(x, &dt)
}

/// `del xs[a:b:c]`: of a reflected list, Numba's `delitem_list` (a step other than 1 is
/// NotImplementedError); of a typed list, `numba_list_delete_slice` (any step, as Python).
fn del_slice<'ctx>(cx: &mut FnCx<'_, 'ctx>, target: VarId, index: VarId, dt: &Type) -> R<()> {
    let typed = matches!(cx.ty(target)?, Type::ListType(_));
    let l = cx.load(target)?.into_pointer_value();
    let s = cx.load(index)?.into_struct_value();
    let n = cx.list_len(l)?;
    let (start, len, step) = cx.fix_slice(s, n)?;
    if typed {
        return del_stepped(cx, l, dt, n, start, len, step);
    }
    let not_unit = cx.b.build_int_compare(IntPredicate::NE, step, cx.i64(1), "")?;
    cx.guard(not_unit, ExcKind::NotImplementedError, "unsupported del list[start:stop:step] with step != 1")?;
    splice_range(cx, l, dt, n, start, len, None)
}

/// Removes items `start + k * step` (`k < len`) of list `l` (of `n` items), keeping the order
/// of the others: one pass moving every kept item down over the removed ones.
fn del_stepped<'ctx>(
    cx: &mut FnCx<'_, 'ctx>,
    l: PointerValue<'ctx>,
    dt: &Type,
    n: IntValue<'ctx>,
    start: IntValue<'ctx>,
    len: IntValue<'ctx>,
    step: IntValue<'ctx>,
) -> R<()> {
    let b = &cx.b;
    let neg = b.build_int_compare(IntPredicate::SLT, step, cx.i64(0), "")?;
    let last = b.build_int_sub(len, cx.i64(1), "")?;
    let span = b.build_int_mul(step, last, "")?;
    let low = b.build_int_add(start, span, "")?;
    let first = b.build_select(neg, low, start, "")?.into_int_value();
    let minus = b.build_int_neg(step, "")?;
    let stride = b.build_select(neg, minus, step, "")?.into_int_value();
    let extent = b.build_int_mul(stride, len, "")?;
    let w = cx.frame_alloca(cx.ctx.i64_type().into(), "del_w")?;
    cx.b.build_store(w, cx.i64(0))?;
    let dt2 = dt.clone();
    cx.counted_loop(n, |cx, i| {
        let b = &cx.b;
        let rel = b.build_int_sub(i, first, "")?;
        let ge = b.build_int_compare(IntPredicate::SGE, rel, cx.i64(0), "")?;
        let lt = b.build_int_compare(IntPredicate::SLT, rel, extent, "")?;
        let rem = b.build_int_signed_rem(rel, stride, "")?;
        let on = b.build_int_compare(IntPredicate::EQ, rem, cx.i64(0), "")?;
        let inside = b.build_and(ge, lt, "")?;
        let gone = b.build_and(inside, on, "")?;
        let x = cx.list_get(l, &dt2, i)?;
        let drop = cx.new_block("del_drop");
        let keep = cx.new_block("del_keep");
        let next = cx.new_block("del_next");
        cx.b.build_conditional_branch(gone, drop, keep)?;
        cx.b.position_at_end(drop);
        cx.decref(x, &dt2)?;
        cx.b.build_unconditional_branch(next)?;
        cx.b.position_at_end(keep);
        let at = cx.b.build_load(cx.ctx.i64_type(), w, "")?.into_int_value();
        cx.list_put(l, &dt2, at, x)?;
        let at1 = cx.b.build_int_add(at, cx.i64(1), "")?;
        cx.b.build_store(w, at1)?;
        cx.b.build_unconditional_branch(next)?;
        cx.b.position_at_end(next);
        Ok(())
    })?;
    let kept = cx.b.build_load(cx.ctx.i64_type(), w, "")?.into_int_value();
    cx.set_len(l, kept)
}

/// Items `[start, start + len)` of list `l` (of `n` items) replaced by the items of `src` (none:
/// removed): the tail kept aside, every item from `start` on released, then `src` and the tail
/// put back.
fn splice_range<'ctx>(
    cx: &mut FnCx<'_, 'ctx>,
    l: PointerValue<'ctx>,
    dt: &Type,
    n: IntValue<'ctx>,
    start: IntValue<'ctx>,
    len: IntValue<'ctx>,
    src: Option<PointerValue<'ctx>>,
) -> R<()> {
    let stop = cx.b.build_int_add(start, len, "")?;
    let tail_len = cx.b.build_int_sub(n, stop, "")?;
    let tail = cx.list_take(l, dt, stop, tail_len, cx.i64(1))?;
    let rest = cx.b.build_int_sub(n, start, "")?;
    let dt2 = dt.clone();
    cx.counted_loop(rest, |cx, k| {
        let i = cx.b.build_int_add(start, k, "")?;
        let x = cx.list_get(l, &dt2, i)?;
        cx.decref(x, &dt2)
    })?;
    cx.set_len(l, start)?;
    let lt = Type::list(dt.clone(), false);
    if let Some(src) = src {
        cx.list_extend(l, dt, src.into(), &lt)?;
    }
    cx.list_extend(l, dt, tail.into(), &lt)?;
    cx.decref(tail.into(), &lt)
}

/// `bool(xs)`.
pub(crate) fn truth<'ctx>(cx: &FnCx<'_, 'ctx>, v: BasicValueEnum<'ctx>) -> R<IntValue<'ctx>> {
    let n = cx.list_len(v.into_pointer_value())?;
    Ok(cx.b.build_int_compare(IntPredicate::NE, n, cx.i64(0), "")?)
}

/// Casts between list types with the same items (reflected or not, with or without an
/// initial value): the same list.
pub(crate) fn cast<'ctx>(cx: &FnCx<'_, 'ctx>, v: BasicValueEnum<'ctx>, from: &Type, to: &Type) -> Option<R<BasicValueEnum<'ctx>>> {
    match (dtype(from), dtype(to)) {
        (Some(a), Some(b)) if a == b => Some(Ok(v)),
        (Some(_), Some(_)) => Some(cx.fail(format!("converting {from} to {to} is not supported by numrs build yet"))),
        _ => None,
    }
}

/// Operators and builtins on lists (through `FnCx::apply`; operands cast to `sig`).
pub fn lookup(key: &str, sig: &Signature) -> Option<OpImpl> {
    let first_list = sig.args.first().is_some_and(|t| dtype(t).is_some());
    let any_list = sig.args.iter().any(|t| dtype(t).is_some());
    // Reductions over lists, ranges, iterators, generators and strings: one pass of iteration.
    // `sum(a, start)` of a 1-d array too (Numba's `ol_sum`: `acc = start; acc = acc + x`).
    let array_with_start = sig.args.len() == 2 && matches!(sig.args.first(), Some(Type::Array(a)) if a.ndim == 1);
    if array_with_start && key == "builtins.sum" {
        return Some(op_sum);
    }
    if sig.args.first().is_some_and(|t| first_list || matches!(t, Type::Range(_) | Type::Iterator(_) | Type::Generator(_) | Type::Unicode)) {
        match key {
            "builtins.sum" if sig.args.len() <= 2 => return Some(op_sum),
            "builtins.min" if sig.args.len() == 1 => return Some(op_min),
            "builtins.max" if sig.args.len() == 1 => return Some(op_max),
            _ => {}
        }
    }
    if !any_list {
        return None;
    }
    Some(match key {
        "builtins.len" if first_list => op_len,
        "operator.add" if sig.args.len() == 2 && sig.args.iter().all(|t| dtype(t).is_some()) => op_concat,
        "operator.iadd" if first_list => op_iadd,
        "operator.imul" if first_list && sig.args.len() == 2 => op_irepeat,
        "operator.mul" if sig.args.len() == 2 => op_repeat,
        "operator.contains" if first_list => op_contains,
        "builtins.bool" if first_list => op_truth,
        "operator.not_" if first_list => op_not,
        // A typed list against anything but a typed list: not equal, and `!=` is False too
        // (Numba's `_equals_helper` returns False for both).
        "operator.eq" | "operator.ne" | "operator.lt" | "operator.le" | "operator.gt" | "operator.ge"
            if matches!(sig.args.first(), Some(Type::ListType(_))) && !matches!(sig.args.get(1), Some(Type::ListType(_))) =>
        {
            |cx, _, _| Ok(cx.ctx.bool_type().const_zero().into())
        }
        "operator.lt" if sig.args.iter().all(|t| matches!(t, Type::ListType(_))) => |cx, s, v| typed_list_cmp(cx, s, v, &[-1]),
        "operator.le" if sig.args.iter().all(|t| matches!(t, Type::ListType(_))) => |cx, s, v| typed_list_cmp(cx, s, v, &[-1, 0]),
        "operator.gt" if sig.args.iter().all(|t| matches!(t, Type::ListType(_))) => |cx, s, v| typed_list_cmp(cx, s, v, &[1]),
        "operator.ge" if sig.args.iter().all(|t| matches!(t, Type::ListType(_))) => |cx, s, v| typed_list_cmp(cx, s, v, &[0, 1]),
        // Reflected lists (Numba's `list_lt_impl`/`list_le_impl`; `>` and `>=` swap them).
        "operator.lt" if sig.args.len() == 2 && sig.args.iter().all(|t| matches!(t, Type::List { .. })) => |cx, s, v| list_order(cx, s, v, false, false),
        "operator.le" if sig.args.len() == 2 && sig.args.iter().all(|t| matches!(t, Type::List { .. })) => |cx, s, v| list_order(cx, s, v, false, true),
        "operator.gt" if sig.args.len() == 2 && sig.args.iter().all(|t| matches!(t, Type::List { .. })) => |cx, s, v| list_order(cx, s, v, true, false),
        "operator.ge" if sig.args.len() == 2 && sig.args.iter().all(|t| matches!(t, Type::List { .. })) => |cx, s, v| list_order(cx, s, v, true, true),
        "operator.ne" if sig.args.len() == 2 && sig.args.iter().all(|t| dtype(t).is_some()) => op_ne,
        "operator.eq" if sig.args.len() == 2 && sig.args.iter().all(|t| dtype(t).is_some()) => op_eq,
        _ => return None,
    })
}

fn opnd<'ctx>(cx: &FnCx<'_, 'ctx>, vals: &[Option<BasicValueEnum<'ctx>>], i: usize) -> R<BasicValueEnum<'ctx>> {
    match vals.get(i).copied().flatten() {
        Some(v) => Ok(v),
        None => cx.fail(format!("argument {i} has no run-time value")),
    }
}

fn op_len<'ctx>(cx: &mut FnCx<'_, 'ctx>, _sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    Ok(cx.list_len(opnd(cx, vals, 0)?.into_pointer_value())?.into())
}

fn op_truth<'ctx>(cx: &mut FnCx<'_, 'ctx>, _sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    Ok(truth(cx, opnd(cx, vals, 0)?)?.into())
}

fn op_not<'ctx>(cx: &mut FnCx<'_, 'ctx>, _sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let t = truth(cx, opnd(cx, vals, 0)?)?;
    Ok(cx.b.build_not(t, "")?.into())
}

fn op_ne<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let e = op_eq(cx, sig, vals)?.into_int_value();
    Ok(cx.b.build_not(e, "")?.into())
}

fn op_concat<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let dt = list_of(cx, &sig.return_type)?;
    let out = cx.list_new(&dt, cx.i64(0), cx.i64(0))?;
    for (i, t) in sig.args.iter().enumerate() {
        let v = opnd(cx, vals, i)?;
        cx.list_extend(out, &dt, v, t)?;
    }
    cx.fresh = true;
    Ok(out.into())
}

fn op_iadd<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let dt = list_of(cx, &sig.args[0])?;
    let l = opnd(cx, vals, 0)?.into_pointer_value();
    let v = opnd(cx, vals, 1)?;
    cx.list_extend(l, &dt, v, &sig.args[1])?;
    Ok(l.into())
}

/// `xs * n`, `n * xs` (a new list) and `xs *= n` (in place).
fn op_repeat<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let (li, ni) = if dtype(&sig.args[0]).is_some() { (0, 1) } else { (1, 0) };
    let dt = list_of(cx, &sig.args[li])?;
    let l = opnd(cx, vals, li)?.into_pointer_value();
    let nv = opnd(cx, vals, ni)?;
    let n = cx.cast(nv, &sig.args[ni], &Type::int64())?.into_int_value();
    let neg = cx.b.build_int_compare(IntPredicate::SLT, n, cx.i64(0), "")?;
    let n = cx.b.build_select(neg, cx.i64(0), n, "")?.into_int_value();
    let len = cx.list_len(l)?;
    let total = repeated_len(cx, len, n, "cannot allocate list")?;
    let out = cx.list_new(&dt, total, total)?;
    let dt2 = dt.clone();
    cx.counted_loop(total, |cx, i| {
        let j = cx.b.build_int_signed_rem(i, len, "")?;
        let x = cx.list_get(l, &dt2, j)?;
        let x = cx.owned_for_store(x, &dt2)?;
        cx.list_put(out, &dt2, i, x)
    })?;
    cx.fresh = true;
    Ok(out.into())
}

/// `len * n` items (`n` not negative): a count past intp is Numba's MemoryError with `message`
/// (its product wraps negative there).
fn repeated_len<'ctx>(cx: &FnCx<'_, 'ctx>, len: IntValue<'ctx>, n: IntValue<'ctx>, message: &str) -> R<IntValue<'ctx>> {
    let nonempty = cx.b.build_int_compare(IntPredicate::SGT, len, cx.i64(0), "")?;
    let divisor = cx.b.build_select(nonempty, len, cx.i64(1), "")?.into_int_value();
    let over = cx.b.build_int_compare(IntPredicate::SGT, n, cx.b.build_int_signed_div(cx.i64(i64::MAX), divisor, "")?, "")?;
    cx.guard(cx.b.build_and(nonempty, over, "")?, ExcKind::MemoryError, message)?;
    Ok(cx.b.build_int_mul(len, n, "")?)
}

/// `xs *= n`: the list itself repeated in place (emptied for `n` below 1), as Python's and
/// Numba's; the result is the same list.
fn op_irepeat<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let dt = list_of(cx, &sig.args[0])?;
    let l = opnd(cx, vals, 0)?.into_pointer_value();
    let n = cx.cast(opnd(cx, vals, 1)?, &sig.args[1], &Type::int64())?.into_int_value();
    let (empty, grow, done) = (cx.new_block("imul_clear"), cx.new_block("imul_grow"), cx.new_block("imul_done"));
    let none = cx.b.build_int_compare(IntPredicate::SLT, n, cx.i64(1), "")?;
    cx.b.build_conditional_branch(none, empty, grow)?;
    cx.b.position_at_end(empty);
    cx.list_clear(l, &dt)?;
    cx.b.build_unconditional_branch(done)?;
    cx.b.position_at_end(grow);
    let len = cx.list_len(l)?;
    // Numba's message for a list that cannot grow.
    let total = repeated_len(cx, len, n, "cannot resize list")?;
    let isz = itemsize(&dt).map_err(|m| cx.lerr(m))?;
    let too_big = cx.b.build_int_compare(IntPredicate::SGT, total, cx.i64(i64::MAX / (isz.max(1) as i64)), "")?;
    cx.guard(too_big, ExcKind::MemoryError, "cannot resize list")?;
    cx.list_reserve(l, &dt, total)?;
    let extra = cx.b.build_int_sub(total, len, "")?;
    let dt2 = dt.clone();
    cx.counted_loop(extra, |cx, k| {
        let j = cx.b.build_int_signed_rem(k, len, "")?;
        let x = cx.list_get(l, &dt2, j)?;
        let x = cx.owned_for_store(x, &dt2)?;
        let at = cx.b.build_int_add(len, k, "")?;
        cx.list_put(l, &dt2, at, x)
    })?;
    cx.set_len(l, total)?;
    cx.b.build_unconditional_branch(done)?;
    cx.b.position_at_end(done);
    Ok(l.into())
}

fn op_contains<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let dt = list_of(cx, &sig.args[0])?;
    let l = opnd(cx, vals, 0)?.into_pointer_value();
    let v = opnd(cx, vals, 1)?;
    let i = cx.list_find(l, &dt, v, &sig.args[1])?;
    Ok(cx.b.build_int_compare(IntPredicate::SGE, i, cx.i64(0), "")?.into())
}

/// `a < b` (`a <= b` with `or_equal`; the operands swapped with `swap`) of reflected lists:
/// the first index where the items differ decides, else the lengths (Numba's `list_lt_impl`).
fn list_order<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>], swap: bool, or_equal: bool) -> R<BasicValueEnum<'ctx>> {
    let (i0, i1) = if swap { (1, 0) } else { (0, 1) };
    let (at, bt) = (list_of(cx, &sig.args[i0])?, list_of(cx, &sig.args[i1])?);
    let a = opnd(cx, vals, i0)?.into_pointer_value();
    let b = opnd(cx, vals, i1)?.into_pointer_value();
    let bool_t = cx.ctx.bool_type();
    let i64t = cx.ctx.i64_type();
    let (m, n) = (cx.list_len(a)?, cx.list_len(b)?);
    let res = cx.temp(bool_t.into())?;
    let pred = if or_equal { IntPredicate::SLE } else { IntPredicate::SLT };
    cx.b.build_store(res, cx.b.build_int_compare(pred, m, n, "")?)?;
    let shorter = cx.b.build_int_compare(IntPredicate::SLT, m, n, "")?;
    let k = cx.b.build_select(shorter, m, n, "")?.into_int_value();
    let i = cx.temp(i64t.into())?;
    cx.b.build_store(i, cx.i64(0))?;
    let (head, body, check_gt, decided, done) =
        (cx.new_block("lcmp_head"), cx.new_block("lcmp_body"), cx.new_block("lcmp_gt"), cx.new_block("lcmp_decided"), cx.new_block("lcmp_done"));
    cx.b.build_unconditional_branch(head)?;
    cx.b.position_at_end(head);
    let j = cx.b.build_load(i64t, i, "")?.into_int_value();
    let more = cx.b.build_int_compare(IntPredicate::SLT, j, k, "")?;
    cx.b.build_conditional_branch(more, body, done)?;
    cx.b.position_at_end(body);
    let x = cx.list_get(a, &at, j)?;
    let y = cx.list_get(b, &bt, j)?;
    let lt = cx.values_lt(x, &at, y, &bt)?;
    cx.b.build_store(res, bool_t.const_int(1, false))?;
    cx.b.build_store(i, cx.b.build_int_add(j, cx.i64(1), "")?)?;
    cx.b.build_conditional_branch(lt, decided, check_gt)?;
    cx.b.position_at_end(check_gt);
    let gt = cx.values_lt(y, &bt, x, &at)?;
    cx.b.build_store(res, bool_t.const_zero())?;
    cx.b.build_conditional_branch(gt, decided, head)?;
    cx.b.position_at_end(decided);
    cx.b.build_unconditional_branch(done)?;
    cx.b.position_at_end(done);
    // A loop that ends without a decision keeps the lengths' answer: restore it.
    let ended = cx.b.build_phi(bool_t, "")?;
    ended.add_incoming(&[(&bool_t.const_int(1, false), head), (&bool_t.const_zero(), decided)]);
    let by_len = cx.b.build_int_compare(pred, m, n, "")?;
    let decided_v = cx.b.build_load(bool_t, res, "")?.into_int_value();
    Ok(cx.b.build_select(ended.as_basic_value().into_int_value(), by_len, decided_v, "")?)
}

/// Ordering of two typed lists, Numba's `compare_not_none` ("old-school cmp"): the shorter
/// list is less whatever its items; of equal lengths the first differing items decide
/// (`x != y`, then `x < y`). True when the comparison's -1/0/1 is in `accepted`.
fn typed_list_cmp<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>], accepted: &[i64]) -> R<BasicValueEnum<'ctx>> {
    let (at, bt) = (list_of(cx, &sig.args[0])?, list_of(cx, &sig.args[1])?);
    let a = opnd(cx, vals, 0)?.into_pointer_value();
    let b = opnd(cx, vals, 1)?.into_pointer_value();
    let i64t = cx.ctx.i64_type();
    let res = cx.temp(i64t.into())?;
    let na = cx.list_len(a)?;
    let nb = cx.list_len(b)?;
    let shorter = cx.b.build_int_compare(IntPredicate::SLT, na, nb, "")?;
    let by_len = cx.b.build_select(shorter, cx.i64(-1), cx.i64(1), "")?;
    cx.b.build_store(res, by_len)?;
    let same = cx.b.build_int_compare(IntPredicate::EQ, na, nb, "")?;
    let items = cx.new_block("tlcmp_items");
    let done = cx.new_block("tlcmp_done");
    cx.b.build_conditional_branch(same, items, done)?;
    cx.b.position_at_end(items);
    if matches!(at, Type::NoneType) || matches!(bt, Type::NoneType) {
        // Numba's `compare_some_none`: equal lengths, both none-typed: 0; else the none one
        // is less.
        let v = match (matches!(at, Type::NoneType), matches!(bt, Type::NoneType)) {
            (true, true) => 0,
            (true, false) => -1,
            _ => 1,
        };
        cx.b.build_store(res, cx.i64(v))?;
        cx.b.build_unconditional_branch(done)?;
    } else {
        cx.b.build_store(res, cx.i64(0))?;
        let i = cx.temp(i64t.into())?;
        cx.b.build_store(i, cx.i64(0))?;
        let (head, body, differ) = (cx.new_block("tlcmp_head"), cx.new_block("tlcmp_body"), cx.new_block("tlcmp_differ"));
        cx.b.build_unconditional_branch(head)?;
        cx.b.position_at_end(head);
        let k = cx.b.build_load(i64t, i, "")?.into_int_value();
        let more = cx.b.build_int_compare(IntPredicate::SLT, k, na, "")?;
        cx.b.build_conditional_branch(more, body, done)?;
        cx.b.position_at_end(body);
        let x = cx.list_get(a, &at, k)?;
        let y = cx.list_get(b, &bt, k)?;
        let (ne, net) = cx.binary("operator.ne", x, &at, y, &bt)?;
        let ne = cx.truth(ne, &net)?;
        cx.b.build_store(i, cx.b.build_int_add(k, cx.i64(1), "")?)?;
        cx.b.build_conditional_branch(ne, differ, head)?;
        cx.b.position_at_end(differ);
        let lt = cx.values_lt(x, &at, y, &bt)?;
        let v = cx.b.build_select(lt, cx.i64(-1), cx.i64(1), "")?;
        cx.b.build_store(res, v)?;
        cx.b.build_unconditional_branch(done)?;
    }
    cx.b.position_at_end(done);
    let r = cx.b.build_load(i64t, res, "")?.into_int_value();
    let mut hit = cx.ctx.bool_type().const_zero();
    for v in accepted {
        hit = cx.b.build_or(hit, cx.b.build_int_compare(IntPredicate::EQ, r, cx.i64(*v), "")?, "")?;
    }
    Ok(hit.into())
}

fn op_eq<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let (at, bt) = (list_of(cx, &sig.args[0])?, list_of(cx, &sig.args[1])?);
    let a = opnd(cx, vals, 0)?.into_pointer_value();
    let b = opnd(cx, vals, 1)?.into_pointer_value();
    let res = cx.temp(cx.ctx.bool_type().into())?;
    let na = cx.list_len(a)?;
    let nb = cx.list_len(b)?;
    let same = cx.b.build_int_compare(IntPredicate::EQ, na, nb, "")?;
    cx.b.build_store(res, same)?;
    let cmp = cx.new_block("leq_items");
    let done = cx.new_block("leq_done");
    cx.b.build_conditional_branch(same, cmp, done)?;
    cx.b.position_at_end(cmp);
    cx.counted_loop(na, |cx, i| {
        let x = cx.list_get(a, &at, i)?;
        let y = cx.list_get(b, &bt, i)?;
        let e = cx.values_eq(x, &at, y, &bt)?;
        let acc = cx.b.build_load(cx.ctx.bool_type(), res, "")?.into_int_value();
        let acc = cx.b.build_and(acc, e, "")?;
        cx.b.build_store(res, acc)?;
        Ok(())
    })?;
    cx.b.build_unconditional_branch(done)?;
    cx.b.position_at_end(done);
    let r = cx.b.build_load(cx.ctx.bool_type(), res, "")?.into_int_value();
    if sig.return_type != Type::boolean() && numeric(&sig.return_type).is_none() {
        return cx.fail("list comparison result");
    }
    Ok(r.into())
}

/// `sum(xs)`: `acc = 0; for x in xs: acc = acc + x` (Numba's `ol_sum`).
/// `sum(it)` / `sum(it, start)` of a list, range, iterator, generator or string.
fn op_sum<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let it = opnd(cx, vals, 0)?;
    sum_of(cx, Items::Value(it, sig.args[0].clone()), sig, vals)
}

/// `sum(it)` / `sum(it, start)` of any iterable.
pub(crate) fn sum_of<'ctx>(cx: &mut FnCx<'_, 'ctx>, items: Items<'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let rt = sig.return_type.clone();
    let acc = cx.temp(cx.vt(&rt)?)?;
    // Strings (`sum(xs, "")`) are concatenated: the accumulator owns its string.
    let owned = crate::strings::is_str(&rt);
    let start = match (sig.args.get(1), vals.get(1).copied().flatten()) {
        (Some(t), Some(v)) => cx.cast(v, t, &rt)?,
        (Some(Type::StringLiteral(s)), None) => cx.str_const(s).into(),
        _ => cx.cast(cx.i64(0).into(), &Type::int64(), &rt)?,
    };
    if owned {
        cx.incref(start, &Type::Unicode)?;
    }
    cx.b.build_store(acc, start)?;
    let rt2 = rt.clone();
    items.each(cx, |cx, x, xt| {
        let a = cx.b.build_load(cx.vt(&rt2)?, acc, "")?;
        let (s, st) = cx.binary("operator.add", a, &rt2, x, xt)?;
        let s = cx.cast(s, &st, &rt2)?;
        if owned {
            cx.decref(a, &Type::Unicode)?;
        }
        cx.b.build_store(acc, s)?;
        Ok(())
    })?;
    Ok(cx.b.build_load(cx.vt(&rt)?, acc, "")?)
}

fn op_min<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    minmax(cx, sig, vals, false)
}

fn op_max<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    minmax(cx, sig, vals, true)
}

/// `min(it)` / `max(it)` of a list, range, iterator, generator or string: ValueError when it is empty; the
/// first of equal extremes.
fn minmax<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>], want_max: bool) -> R<BasicValueEnum<'ctx>> {
    let it = opnd(cx, vals, 0)?;
    minmax_of(cx, Items::Value(it, sig.args[0].clone()), &sig.return_type, want_max)
}

/// What `min`/`max`/`sum` iterate: a value of a type that says how to iterate it, or a
/// variable holding a dict, a set or a dict view (iterated by `dicts.rs`).
pub(crate) enum Items<'ctx> {
    Value(BasicValueEnum<'ctx>, Type),
    Container(VarId),
}

impl<'ctx> Items<'ctx> {
    fn each(&self, cx: &mut FnCx<'_, 'ctx>, body: impl FnMut(&mut FnCx<'_, 'ctx>, BasicValueEnum<'ctx>, &Type) -> R<()>) -> R<()> {
        match self {
            Items::Value(v, t) => cx.for_each(*v, t, body),
            Items::Container(v) => {
                cx.container_for_each(*v, body)?;
                Ok(())
            }
        }
    }
}

/// `min(it)` / `max(it)` of any iterable (see [`minmax`]).
pub(crate) fn minmax_of<'ctx>(cx: &mut FnCx<'_, 'ctx>, items: Items<'ctx>, rt: &Type, want_max: bool) -> R<BasicValueEnum<'ctx>> {
    let rt = rt.clone();
    let best = cx.temp(cx.vt(&rt)?)?;
    let seen = cx.temp(cx.ctx.bool_type().into())?;
    // (A zero reference-counted value is null: decref ignores it.)
    cx.b.build_store(best, cx.vt(&rt)?.const_zero())?;
    cx.b.build_store(seen, cx.ctx.bool_type().const_zero())?;
    let rt2 = rt.clone();
    items.each(cx, |cx, x, xt| {
        let x = cx.cast(x, xt, &rt2)?;
        let b = cx.b.build_load(cx.vt(&rt2)?, best, "")?;
        // Compared only from the second item on (the first has nothing to compare with).
        let had = cx.b.build_load(cx.ctx.bool_type(), seen, "")?.into_int_value();
        let from = cx.b.get_insert_block();
        let compare = cx.new_block("minmax_compare");
        let decided = cx.new_block("minmax_decided");
        cx.b.build_conditional_branch(had, compare, decided)?;
        cx.b.position_at_end(compare);
        let better = if want_max { cx.values_lt(b, &rt2, x, &rt2)? } else { cx.values_lt(x, &rt2, b, &rt2)? };
        let compared = cx.b.get_insert_block();
        cx.b.build_unconditional_branch(decided)?;
        cx.b.position_at_end(decided);
        let take = cx.b.build_phi(cx.ctx.bool_type(), "take")?;
        if let (Some(f), Some(c)) = (from, compared) {
            take.add_incoming(&[(&cx.ctx.bool_type().const_int(1, false), f), (&better, c)]);
        }
        let take = take.as_basic_value().into_int_value();
        cx.b.build_store(seen, cx.ctx.bool_type().const_int(1, false))?;
        if !crate::arrays::needs_rc(&rt2) {
            let v = cx.b.build_select(take, x, b, "")?;
            cx.b.build_store(best, v)?;
            return Ok(());
        }
        // The item is borrowed from the iterator: the best one keeps a reference of its own.
        let swap = cx.new_block("minmax_take");
        let next = cx.new_block("minmax_next");
        cx.b.build_conditional_branch(take, swap, next)?;
        cx.b.position_at_end(swap);
        cx.incref(x, &rt2)?;
        cx.decref(b, &rt2)?;
        cx.b.build_store(best, x)?;
        cx.b.build_unconditional_branch(next)?;
        cx.b.position_at_end(next);
        Ok(())
    })?;
    let had = cx.b.build_load(cx.ctx.bool_type(), seen, "")?.into_int_value();
    let empty = cx.b.build_not(had, "")?;
    // Numba's min()/max() of an iterable take its first item with `next()`: an empty one
    // raises StopIteration().
    let _ = want_max;
    cx.guard(empty, ExcKind::StopIteration, "")?;
    if crate::arrays::needs_rc(&rt) {
        cx.fresh = true;
    }
    Ok(cx.b.build_load(cx.vt(&rt)?, best, "")?)
}

/// Calls handled here: list methods (`xs.append(v)`...), `list(...)`, `sorted(...)`,
/// `enumerate(...)`, `np.array(list)`. None: not a list call.
pub(crate) fn call<'ctx>(cx: &mut FnCx<'_, 'ctx>, func: VarId, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<Option<BasicValueEnum<'ctx>>> {
    let ft = cx.ty(func)?;
    // `min(d.values())`, `max(s)`, `sum(d)`: a dict, a set or a dict view, iterated as such.
    if let Type::Function(k) = &ft {
        if matches!(&**k, "builtins.min" | "builtins.max" | "builtins.sum") && kws.is_empty() && !args.is_empty() && cx.is_container_var(args[0]) {
            if &**k == "builtins.sum" {
                let types = args.iter().map(|a| cx.ty(*a)).collect::<R<Vec<_>>>()?;
                let mut vals = vec![None];
                for a in &args[1..] {
                    vals.push(Some(cx.load(*a)?));
                }
                let sig = Signature::new(tt.clone(), types);
                return sum_of(cx, Items::Container(args[0]), &sig, &vals).map(Some);
            }
            if args.len() == 1 {
                return minmax_of(cx, Items::Container(args[0]), tt, &**k == "builtins.max").map(Some);
            }
        }
    }
    match &ft {
        Type::BoundFunction(b) if dtype(&b.1).is_some() => {
            let Some(numrs_ir::Value::GetAttr { value: recv, .. }) = cx.resolve_def(func) else {
                return cx.fail("a list method called through a variable is not supported by numrs build yet");
            };
            let recv = *recv;
            let m = b.0.strip_prefix("list.").or_else(|| b.0.strip_prefix("typedlist.")).unwrap_or(&b.0).to_string();
            method(cx, &m, recv, args, kws, tt).map(Some)
        }
        Type::Function(key) => {
            let key = key.to_string();
            match key.as_str() {
                // `numba.typed.List()` / `List(iterable)`: a typed list is built as a list.
                "builtins.list" | "numba.typed.List" => {
                    if !kws.is_empty() || args.len() > 1 {
                        return cx.fail(format!("{}() with these arguments is not supported by numrs build yet", key.rsplit('.').next().unwrap_or("list")));
                    }
                    let dt = list_of(cx, tt)?;
                    let out = match args.first() {
                        None => cx.list_new(&dt, cx.i64(0), cx.i64(0))?,
                        Some(a) => cx.list_from_var(*a, &dt)?,
                    };
                    cx.fresh = true;
                    Ok(Some(out.into()))
                }
                // `List.empty_list(item_type[, allocated])`: the initial allocation is a hint only.
                "numba.typed.List.empty_list" => {
                    let dt = list_of(cx, tt)?;
                    let out = cx.list_new(&dt, cx.i64(0), cx.i64(0))?;
                    cx.fresh = true;
                    Ok(Some(out.into()))
                }
                "builtins.sorted" => {
                    let dt = list_of(cx, tt)?;
                    let Some(a) = args.first() else { return cx.fail("sorted() without arguments") };
                    let (reverse, key) = sort_kws(cx, kws)?;
                    if args.len() != 1 {
                        return cx.fail("sorted() with positional arguments after the iterable");
                    }
                    let out = cx.list_from_var(*a, &dt)?;
                    match key {
                        Some(k) => cx.list_sort_by_key(out, &dt, k, reverse)?,
                        None => cx.list_sort(out, &dt, reverse)?,
                    }
                    cx.fresh = true;
                    Ok(Some(out.into()))
                }
                // `map(f, xs, ...)` / `filter(f, xs)`: a `zip` of the iterables' iterators, whose
                // items `f` is called on when the iterator steps (see `FnCx::map_filter_next`).
                "builtins.map" | "builtins.filter" if kws.is_empty() && args.len() >= 2 => {
                    let Type::Iterator(k) = tt else { return cx.fail(format!("{key} producing {tt}")) };
                    let Some(zk) = types::map_filter_zip(k) else { return cx.fail(format!("{key} producing {tt}")) };
                    let IteratorKind::Zip(inners) = &zk else { return cx.fail(format!("{key} producing {tt}")) };
                    let st = types::iterator_state(cx.ctx, k).map_err(|m| cx.lerr(m))?;
                    let state = cx.temp(st.into())?;
                    for (i, (a, inner)) in args[1..].iter().zip(inners).enumerate() {
                        let at = cx.ty(*a)?;
                        let av = cx.load(*a)?;
                        let inner_state = if matches!(at, Type::Iterator(_) | Type::Generator(_)) { av } else { cx.getiter_val(av, inner)? };
                        cx.b.build_store(cx.b.build_struct_gep(st, state, i as u32, "")?, inner_state)?;
                    }
                    Ok(Some(state.into()))
                }
                "builtins.zip" => {
                    if !kws.is_empty() {
                        return cx.fail("zip() with keyword arguments is not supported by numrs build yet");
                    }
                    let Type::Iterator(k) = tt else { return cx.fail(format!("zip producing {tt}")) };
                    let IteratorKind::Zip(inners) = &**k else { return cx.fail(format!("zip producing {tt}")) };
                    let st = types::iterator_state(cx.ctx, k).map_err(|m| cx.lerr(m))?;
                    let state = cx.temp(st.into())?;
                    for (i, (a, inner)) in args.iter().zip(inners).enumerate() {
                        match inner {
                            Type::Iterator(ik) => {
                                types::iterator_state(cx.ctx, ik).map_err(|m| cx.lerr(m))?;
                            }
                            Type::Generator(_) => {}
                            _ => return cx.fail(format!("zip over {inner}")),
                        }
                        let at = cx.ty(*a)?;
                        let av = cx.load(*a)?;
                        let inner_state = if matches!(at, Type::Iterator(_) | Type::Generator(_)) { av } else { cx.getiter_val(av, inner)? };
                        cx.b.build_store(cx.b.build_struct_gep(st, state, i as u32, "")?, inner_state)?;
                    }
                    Ok(Some(state.into()))
                }
                // The `dtype` (a keyword or the second argument) is the result type's: it has
                // no value at run time.
                "numpy.array" | "numpy.asarray"
                    if (args.len() == 1 && kws.iter().all(|(k, _)| k == "dtype") && kws.len() <= 1) || (args.len() == 2 && kws.is_empty()) =>
                {
                    let at = cx.ty(args[0])?;
                    if let (Some(_), Type::Array(ra)) = (at.tuple_items(), tt) {
                        // A tuple of numbers (nested for more dimensions, each level of one
                        // length): an array of its items in C order.
                        if let Some((shape, leaves)) = nested_tuple_leaves(&at) {
                            if shape.len() == ra.ndim as usize && !leaves.is_empty() {
                                let ra = ra.clone();
                                let dims: Vec<IntValue<'ctx>> = shape.iter().map(|n| cx.i64(*n as i64)).collect();
                                let arr = cx.alloc_array(&ra.dtype, &dims)?;
                                let data = cx.b.build_extract_value(arr.into_struct_value(), 4, "")?.into_pointer_value();
                                let et = cx.storage_t(&ra.dtype)?;
                                let tv = cx.load(args[0])?;
                                for (i, (path, it)) in leaves.iter().enumerate() {
                                    let mut x = tv;
                                    for k in path {
                                        x = cx.b.build_extract_value(x.into_struct_value(), *k, "")?;
                                    }
                                    let x = cx.cast(x, it, &ra.dtype)?;
                                    let x = to_storage(cx.ctx, &cx.b, x, &ra.dtype)?;
                                    let p = unsafe { cx.b.build_gep(et, data, &[cx.i64(i as i64)], "")? };
                                    cx.b.build_store(p, x)?;
                                }
                                cx.fresh = true;
                                return Ok(Some(arr));
                            }
                        } else if ragged_number_tuple(&at) {
                            // Sub-tuples of different lengths: Numba's shape check fails when
                            // it runs.
                            let always = cx.ctx.bool_type().const_int(1, false);
                            cx.guard(always, ExcKind::ValueError, "incompatible sequence shape")?;
                            let dims = vec![cx.i64(0); ra.ndim as usize];
                            let arr = cx.alloc_array(&ra.dtype.clone(), &dims)?;
                            cx.fresh = true;
                            return Ok(Some(arr));
                        }
                    }
                    if dtype(&at).is_none() {
                        return Ok(None);
                    }
                    let columns = rewritten_array_call(cx)?;
                    np_array(cx, args[0], &at, tt, columns).map(Some)
                }
                _ => Ok(None),
            }
        }
        _ => Ok(None),
    }
}

/// A tuple of (tuples of ...) numbers whose sub-tuples differ in length.
fn ragged_number_tuple(t: &Type) -> bool {
    fn all_numbers(t: &Type) -> bool {
        numeric(t).is_some() || t.tuple_items().is_some_and(|items| items.iter().all(all_numbers))
    }
    t.tuple_items().is_some() && all_numbers(t) && nested_tuple_leaves(t).is_none()
}

/// The shape of a (nested) tuple of numbers whose every level has one length, and its numbers
/// in C order (the extraction path to each, and its type).
fn nested_tuple_leaves(t: &Type) -> Option<(Vec<usize>, Vec<(Vec<u32>, Type)>)> {
    if numeric(t).is_some() {
        return Some((vec![], vec![(vec![], t.clone())]));
    }
    let items = t.tuple_items()?;
    let mut inner_shape: Option<Vec<usize>> = None;
    let mut leaves = Vec::new();
    for (i, it) in items.iter().enumerate() {
        let (shape, sub) = nested_tuple_leaves(it)?;
        match &inner_shape {
            Some(s) if *s != shape => return None,
            _ => inner_shape = Some(shape),
        }
        for (mut path, lt) in sub {
            path.insert(0, i as u32);
            leaves.push((path, lt));
        }
    }
    let mut shape = vec![items.len()];
    shape.extend(inner_shape.unwrap_or_default());
    Some((shape, leaves))
}

/// The `reverse=` (a boolean; false when absent) and `key=` keywords of `sort`/`sorted`.
fn sort_kws<'ctx>(cx: &mut FnCx<'_, 'ctx>, kws: &[(String, VarId)]) -> R<(IntValue<'ctx>, Option<VarId>)> {
    let mut reverse = cx.ctx.bool_type().const_zero();
    let mut key = None;
    for (k, v) in kws {
        match k.as_str() {
            "reverse" => {
                let t = cx.ty(*v)?;
                let x = cx.load(*v)?;
                reverse = cx.truth(x, &t)?;
            }
            "key" if !matches!(cx.ty(*v)?, Type::NoneType | Type::Omitted(_)) => key = Some(*v),
            "key" => {}
            _ => return cx.fail(format!("keyword argument '{k}' of sort is not supported by numrs build yet")),
        }
    }
    Ok((reverse, key))
}

fn method<'ctx>(cx: &mut FnCx<'_, 'ctx>, m: &str, recv: VarId, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<BasicValueEnum<'ctx>> {
    let lt = cx.ty(recv)?;
    let dt = list_of(cx, &lt)?;
    let l = cx.load(recv)?.into_pointer_value();
    let none: BasicValueEnum<'ctx> = cx.ctx.const_struct(&[], false).into();
    if !kws.is_empty() && m != "sort" {
        return cx.fail(format!("keyword arguments to list.{m} are not supported by numrs build yet"));
    }
    let arg = |cx: &FnCx<'_, 'ctx>, i: usize| -> R<(BasicValueEnum<'ctx>, Type)> {
        match args.get(i) {
            Some(v) => Ok((cx.load(*v)?, cx.ty(*v)?)),
            None => cx.fail(format!("list.{m} needs more arguments")),
        }
    };
    match (m, args.len()) {
        ("append", 1) => {
            let (v, vt) = arg(cx, 0)?;
            let v = cx.cast(v, &vt, &dt)?;
            cx.list_append(l, &dt, v)?;
            Ok(none)
        }
        // Dicts, sets and their views are iterated from their variable (`dicts.rs`).
        ("extend", 1) if cx.is_container_var(args[0]) => {
            let dt2 = dt.clone();
            cx.container_for_each(args[0], |cx, x, xt| {
                let x = cx.cast(x, xt, &dt2)?;
                cx.list_append(l, &dt2, x)
            })?;
            Ok(none)
        }
        ("extend", 1) => {
            let (v, vt) = arg(cx, 0)?;
            cx.list_extend(l, &dt, v, &vt)?;
            Ok(none)
        }
        ("insert", 2) => {
            let (iv, it) = arg(cx, 0)?;
            let (v, vt) = arg(cx, 1)?;
            let v = cx.cast(v, &vt, &dt)?;
            // Python clamps the position into [0, len].
            let n = cx.list_len(l)?;
            let i = cx.cast(iv, &it, &Type::int64())?.into_int_value();
            let neg = cx.b.build_int_compare(IntPredicate::SLT, i, cx.i64(0), "")?;
            let w = cx.b.build_int_add(i, n, "")?;
            let i = cx.b.build_select(neg, w, i, "")?.into_int_value();
            let lo = cx.b.build_int_compare(IntPredicate::SLT, i, cx.i64(0), "")?;
            let i = cx.b.build_select(lo, cx.i64(0), i, "")?.into_int_value();
            let hi = cx.b.build_int_compare(IntPredicate::SGT, i, n, "")?;
            let i = cx.b.build_select(hi, n, i, "")?.into_int_value();
            let v = cx.owned_for_store(v, &dt)?;
            let n1 = cx.b.build_int_add(n, cx.i64(1), "")?;
            cx.list_reserve(l, &dt, n1)?;
            let count = cx.b.build_int_sub(n, i, "")?;
            let dt2 = dt.clone();
            cx.counted_loop(count, |cx, k| {
                // Move from the end: n-1-k → n-k.
                let nm1 = cx.b.build_int_sub(n, cx.i64(1), "")?;
                let src = cx.b.build_int_sub(nm1, k, "")?;
                let dst = cx.b.build_int_add(src, cx.i64(1), "")?;
                let y = cx.list_get(l, &dt2, src)?;
                cx.list_put(l, &dt2, dst, y)
            })?;
            cx.list_put(l, &dt, i, v)?;
            cx.set_len(l, n1)?;
            Ok(none)
        }
        ("pop", 0) | ("pop", 1) => {
            let n = cx.list_len(l)?;
            let empty = cx.b.build_int_compare(IntPredicate::EQ, n, cx.i64(0), "")?;
            cx.guard(empty, ExcKind::IndexError, "pop from empty list")?;
            let i = if args.len() == 1 {
                let (iv, it) = arg(cx, 0)?;
                let msg = if matches!(cx.ty(recv)?, Type::ListType(_)) { "list index out of range" } else { "pop index out of range" };
                cx.list_index(l, iv, &it, msg)?
            } else {
                cx.b.build_int_sub(n, cx.i64(1), "")?
            };
            let x = cx.list_remove_at(l, &dt, i)?;
            // The list's reference goes to the caller.
            cx.fresh = crate::arrays::needs_rc(&dt);
            cx.cast(x, &dt, tt)
        }
        ("remove", 1) => {
            let (v, vt) = arg(cx, 0)?;
            let i = cx.list_find(l, &dt, v, &vt)?;
            let missing = cx.b.build_int_compare(IntPredicate::SLT, i, cx.i64(0), "")?;
            cx.guard(missing, ExcKind::ValueError, "list.remove(x): x not in list")?;
            let x = cx.list_remove_at(l, &dt, i)?;
            cx.decref(x, &dt)?;
            Ok(none)
        }
        ("index", 1..=3) => {
            let (v, vt) = arg(cx, 0)?;
            // `start` and `stop` clamped as a slice's bounds are (Python's semantics).
            let n = cx.list_len(l)?;
            let bound = |cx: &mut FnCx<'_, 'ctx>, k: usize, default: IntValue<'ctx>| -> R<IntValue<'ctx>> {
                if args.len() <= k {
                    return Ok(default);
                }
                let (x, xt) = arg(cx, k)?;
                let x = cx.cast(x, &xt, &Type::int64())?.into_int_value();
                let neg = cx.b.build_int_compare(IntPredicate::SLT, x, cx.i64(0), "")?;
                let wrapped = cx.b.build_int_add(x, n, "")?;
                let x = cx.b.build_select(neg, wrapped, x, "")?.into_int_value();
                let below = cx.b.build_int_compare(IntPredicate::SLT, x, cx.i64(0), "")?;
                let x = cx.b.build_select(below, cx.i64(0), x, "")?.into_int_value();
                let above = cx.b.build_int_compare(IntPredicate::SGT, x, n, "")?;
                Ok(cx.b.build_select(above, n, x, "")?.into_int_value())
            };
            let lo = bound(cx, 1, cx.i64(0))?;
            let hi = bound(cx, 2, n)?;
            let i = cx.list_find_in(l, &dt, v, &vt, lo, hi)?;
            let missing = cx.b.build_int_compare(IntPredicate::SLT, i, cx.i64(0), "")?;
            // `numba.typed.List.index` words it differently (listobject.py).
            let msg = if matches!(lt, Type::ListType(_)) { "item not in list" } else { "value not in list" };
            cx.guard(missing, ExcKind::ValueError, msg)?;
            cx.cast(i.into(), &Type::int64(), tt)
        }
        ("count", 1) => {
            let (v, vt) = arg(cx, 0)?;
            let acc = cx.temp(cx.ctx.i64_type().into())?;
            cx.b.build_store(acc, cx.i64(0))?;
            let n = cx.list_len(l)?;
            let dt2 = dt.clone();
            cx.counted_loop(n, |cx, i| {
                let x = cx.list_get(l, &dt2, i)?;
                let e = cx.values_eq(x, &dt2, v, &vt)?;
                let a = cx.b.build_load(cx.ctx.i64_type(), acc, "")?.into_int_value();
                let e = cx.b.build_int_z_extend(e, cx.ctx.i64_type(), "")?;
                cx.b.build_store(acc, cx.b.build_int_add(a, e, "")?)?;
                Ok(())
            })?;
            let r = cx.b.build_load(cx.ctx.i64_type(), acc, "")?;
            cx.cast(r, &Type::int64(), tt)
        }
        ("reverse", 0) => {
            cx.list_reverse(l, &dt)?;
            Ok(none)
        }
        ("sort", 0) => {
            let (reverse, key) = sort_kws(cx, kws)?;
            match key {
                Some(k) => cx.list_sort_by_key(l, &dt, k, reverse)?,
                None => cx.list_sort(l, &dt, reverse)?,
            }
            Ok(none)
        }
        ("copy", 0) => {
            let n = cx.list_len(l)?;
            let out = cx.list_take(l, &dt, cx.i64(0), n, cx.i64(1))?;
            cx.fresh = true;
            cx.cast(out.into(), &Type::list(dt, false), tt)
        }
        ("clear", 0) => {
            cx.list_clear(l, &dt)?;
            Ok(none)
        }
        _ => cx.fail(format!("list.{m} with {} arguments is not supported by numrs build yet", args.len())),
    }
}

/// An `np.array(list)` call Numba's `_inline_arraycall` rewrites into an array allocated
/// before the loop: its lengths are the loop's, so a range that is empty the other way
/// (`range(-1)`, `range(1, 0)`) is a negative dimension (ValueError), and a list of lists made
/// by a `range(m)` loop has `m` columns even without rows. The columns, when known.
fn rewritten_array_call<'ctx>(cx: &mut FnCx<'_, 'ctx>) -> R<Option<IntValue<'ctx>>> {
    let target = match cx.ir.blocks.get(cx.cur_block).and_then(|b| b.stmts.get(cx.cur_stmt)).map(|s| &s.kind) {
        Some(numrs_ir::StmtKind::Assign { target, .. }) => *target,
        _ => return Ok(None),
    };
    let Some(alloc) = numrs_infer::array_allocation(cx.ir, target) else { return Ok(None) };
    let operand = |cx: &mut FnCx<'_, 'ctx>, o: numrs_infer::Operand| -> R<IntValue<'ctx>> {
        match o {
            numrs_infer::Operand::Const(c) => Ok(cx.i64(c as i64)),
            numrs_infer::Operand::Var(v) => {
                let t = cx.ty(v)?.unliteral();
                let x = cx.load(v)?;
                Ok(cx.cast(x, &t, &Type::int64())?.into_int_value())
            }
        }
    };
    let length = |cx: &mut FnCx<'_, 'ctx>, r: numrs_infer::RangeLength| -> R<IntValue<'ctx>> {
        let stop = operand(cx, r.stop)?;
        let n = match r.start {
            Some(start) => {
                let start = operand(cx, start)?;
                cx.b.build_int_sub(stop, start, "")?
            }
            None => stop,
        };
        let negative = cx.b.build_int_compare(IntPredicate::SLT, n, cx.i64(0), "")?;
        cx.guard(negative, ExcKind::ValueError, "negative dimensions are not allowed")?;
        Ok(n)
    };
    if let Some(rows) = alloc.rows {
        length(cx, rows)?;
    }
    alloc.columns.map(|c| length(cx, c)).transpose()
}

/// Item `at` of the new array's `data` (storage type `et`) set to `x` (of type `from`)
/// converted to the array's dtype `to`.
fn store_item<'ctx>(
    cx: &FnCx<'_, 'ctx>,
    data: inkwell::values::PointerValue<'ctx>,
    et: inkwell::types::BasicTypeEnum<'ctx>,
    at: IntValue<'ctx>,
    x: BasicValueEnum<'ctx>,
    from: &Type,
    to: &Type,
) -> R<()> {
    let x = cx.cast(x, from, to)?;
    let x = to_storage(cx.ctx, &cx.b, x, to)?;
    let p = unsafe { cx.b.build_gep(et, data, &[at], "")? };
    cx.b.build_store(p, x)?;
    Ok(())
}

/// `np.array(xs)`: a new 1-d array of the items (numbers), or a 2-d array from a list of
/// equally long lists or tuples of numbers (ValueError for ragged rows); `columns`, when given,
/// is the rows' length.
pub(crate) fn np_array<'ctx>(cx: &mut FnCx<'_, 'ctx>, v: VarId, at: &Type, tt: &Type, columns: Option<IntValue<'ctx>>) -> R<BasicValueEnum<'ctx>> {
    let Type::Array(ra) = tt else { return cx.fail(format!("np.array producing {tt}")) };
    let ra = ra.clone();
    let dt = list_of(cx, at)?;
    let l = cx.load(v)?.into_pointer_value();
    let n = cx.list_len(l)?;
    // Numbers, or dates into an array of their own type.
    let same_datetime = crate::datetime::is_datetime_like(&dt) && dt == ra.dtype;
    if (numeric(&dt).is_some() || same_datetime) && ra.ndim == 1 {
        let arr = cx.alloc_array(&ra.dtype, &[n])?;
        let data = cx.b.build_extract_value(arr.into_struct_value(), 4, "")?.into_pointer_value();
        let et = cx.storage_t(&ra.dtype)?;
        let dt2 = dt.clone();
        cx.counted_loop(n, |cx, i| {
            let x = cx.list_get(l, &dt2, i)?;
            store_item(cx, data, et, i, x, &dt2, &ra.dtype)
        })?;
        cx.fresh = true;
        return Ok(arr);
    }
    // Rows: lists or homogeneous tuples of numbers, all as long as the first (a
    // `NamedUniTuple` is its `UniTuple`: the same representation).
    let dt = match dt {
        Type::NamedTuple(nt) => nt.anonymous(),
        other => other,
    };
    // Rows that are tuples of numbers of several types (`[(1, 2.0), (3, 4.0)]`): each item
    // converted to the array's dtype.
    if let (Type::Tuple(items), 2) = (&dt, ra.ndim) {
        if items.iter().all(|t| numeric(t).is_some()) {
            let items: Vec<Type> = items.to_vec();
            let k = items.len() as i64;
            let arr = cx.alloc_array(&ra.dtype, &[n, cx.i64(k)])?;
            let data = cx.b.build_extract_value(arr.into_struct_value(), 4, "")?.into_pointer_value();
            let et = cx.storage_t(&ra.dtype)?;
            let dt2 = dt.clone();
            cx.counted_loop(n, |cx, i| {
                let row = cx.list_get(l, &dt2, i)?;
                let base = cx.b.build_int_mul(i, cx.i64(k), "")?;
                for (j, it) in items.iter().enumerate() {
                    let x = cx.b.build_extract_value(row.into_struct_value(), j as u32, "")?;
                    let at = cx.b.build_int_add(base, cx.i64(j as i64), "")?;
                    store_item(cx, data, et, at, x, it, &ra.dtype)?;
                }
                Ok(())
            })?;
            cx.fresh = true;
            return Ok(arr);
        }
    }
    let row_item = match &dt {
        Type::List { dtype: d, .. } | Type::ListType(d) => Some((**d).clone()),
        Type::UniTuple(d, _) => Some((**d).clone()),
        _ => None,
    };
    if let (Some(ri), 2) = (row_item.filter(|t| numeric(t).is_some()), ra.ndim) {
        let i64t = cx.ctx.i64_type();
            let row_len = |cx: &FnCx<'_, 'ctx>, row: BasicValueEnum<'ctx>| -> R<IntValue<'ctx>> {
            match &dt {
                Type::UniTuple(_, k) => Ok(cx.i64(*k as i64)),
                _ => cx.list_len(row.into_pointer_value()),
            }
        };
        let cols_slot = cx.temp(i64t.into())?;
        cx.b.build_store(cols_slot, columns.unwrap_or(cx.i64(0)))?;
        let has = cx.b.build_int_compare(IntPredicate::SGT, n, cx.i64(0), "")?;
        let first = cx.new_block("np_first_row");
        let go = cx.new_block("np_rows");
        cx.b.build_conditional_branch(has, first, go)?;
        cx.b.position_at_end(first);
        let r0 = cx.list_get(l, &dt, cx.i64(0))?;
        let c0 = row_len(cx, r0)?;
        cx.b.build_store(cols_slot, c0)?;
        cx.b.build_unconditional_branch(go)?;
        cx.b.position_at_end(go);
        let cols = cx.b.build_load(i64t, cols_slot, "cols")?.into_int_value();
        cx.counted_loop(n, |cx, i| {
            let row = cx.list_get(l, &dt, i)?;
            let c = row_len(cx, row)?;
            let ragged = cx.b.build_int_compare(IntPredicate::NE, c, cols, "")?;
            cx.guard(ragged, ExcKind::ValueError, "setting an array element with a sequence.")
        })?;
        let arr = cx.alloc_array(&ra.dtype, &[n, cols])?;
        let data = cx.b.build_extract_value(arr.into_struct_value(), 4, "")?.into_pointer_value();
        let et = cx.storage_t(&ra.dtype)?;
        let dt2 = dt.clone();
        cx.counted_loop(n, |cx, i| {
            let row = cx.list_get(l, &dt2, i)?;
            let base = cx.b.build_int_mul(i, cols, "")?;
            match &dt2 {
                Type::UniTuple(_, k) => {
                    for j in 0..*k {
                        let x = cx.b.build_extract_value(row.into_struct_value(), j, "")?;
                        let at = cx.b.build_int_add(base, cx.i64(j as i64), "")?;
                        store_item(cx, data, et, at, x, &ri, &ra.dtype)?;
                    }
                    Ok(())
                }
                _ => {
                    let rl = row.into_pointer_value();
                    cx.counted_loop(cols, |cx, j| {
                        let x = cx.list_get(rl, &ri, j)?;
                        let at = cx.b.build_int_add(base, j, "")?;
                        store_item(cx, data, et, at, x, &ri, &ra.dtype)
                    })
                }
            }
        })?;
        cx.fresh = true;
        return Ok(arr);
    }
    cx.fail(format!("np.array of {at} is not supported by numrs build yet"))
}

/// One step of the iterators handled here (`iternext`): `pair<item, valid>`.
pub(crate) fn iternext<'ctx>(cx: &mut FnCx<'_, 'ctx>, k: &IteratorKind, state: PointerValue<'ctx>, st: StructType<'ctx>, pair: &Type) -> R<Option<BasicValueEnum<'ctx>>> {
    let Type::Pair(p) = pair else { return cx.fail(format!("iternext producing {pair}")) };
    let pt = cx.vt(pair)?.into_struct_type();
        let (item, valid) = match k {
        IteratorKind::Zip(inners) => {
            // The inner iterators step in order until one is exhausted (as Numba's
            // `iternext_zip`: the ones after it do not step). The pair is valid while all of
            // them are. Items are borrowed from the inner iterators, which own them.
            let i1 = cx.ctx.bool_type();
            let p_valid = cx.temp(i1.into())?;
            cx.b.build_store(p_valid, i1.const_int(1, false))?;
            let mut slots = Vec::new();
            let mut tys = Vec::new();
            for (i, inner) in inners.iter().enumerate() {
                let Some(iy) = inner.yield_type() else { return cx.fail(format!("zip over {inner}")) };
                let ipair = Type::Pair(Arc::new((iy.clone(), Type::boolean())));
                let lt = cx.vt(&iy)?;
                let p_item = cx.temp(lt)?;
                cx.b.build_store(p_item, lt.const_zero())?;
                let step = cx.new_block("zip_step");
                let next = cx.new_block("zip_next");
                let still = cx.b.build_load(i1, p_valid, "")?.into_int_value();
                cx.b.build_conditional_branch(still, step, next)?;
                cx.b.position_at_end(step);
                let pp = cx.b.build_struct_gep(st, state, i as u32, "")?;
                let pin = cx.b.build_load(cx.ctx.ptr_type(AddressSpace::default()), pp, "")?.into_pointer_value();
                let r = cx.iternext_at(pin, inner, &ipair)?.into_struct_value();
                let v = cx.b.build_extract_value(r, 1, "")?.into_int_value();
                cx.b.build_store(p_item, cx.b.build_extract_value(r, 0, "")?)?;
                cx.b.build_store(p_valid, v)?;
                cx.b.build_unconditional_branch(next)?;
                cx.b.position_at_end(next);
                slots.push((p_item, lt));
                tys.push(iy);
            }
            let valid = cx.b.build_load(i1, p_valid, "")?.into_int_value();
            let mut items = Vec::new();
            for (p_item, lt) in &slots {
                items.push(cx.b.build_load(*lt, *p_item, "")?);
            }
            let tup = Type::Tuple(tys.into());
            let tt = cx.vt(&tup)?.into_struct_type();
            let mut agg: inkwell::values::AggregateValueEnum = tt.get_undef().into();
            for (i, x) in items.into_iter().enumerate() {
                agg = cx.b.build_insert_value(agg, x, i as u32, "")?;
            }
            (cx.cast(agg.as_basic_value_enum(), &tup, &p.0)?, valid)
        }
        _ => return Ok(None),
    };
    let agg = cx.b.build_insert_value(pt.get_undef(), item, 0, "")?;
    let agg = cx.b.build_insert_value(agg, valid, 1, "")?;
    Ok(Some(agg.as_basic_value_enum()))
}
