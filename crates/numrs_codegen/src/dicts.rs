//! Typed dicts (`DictType[K,V]`) and sets (`set(T)`) in compiled code.
//!
//! A dict or set value is a `numrs_abi::DictHandle`: a pointer to a runtime container whose
//! first field is its reference count. Variables own one reference each, exactly as arrays
//! (see `arrays`): `needs_rc` covers them, `incref`/`decref` update the count inline and call
//! `RuntimeApi::dict_free` at zero. The runtime stores keys and values as native storage
//! records described by a constant descriptor emitted here ([`FnCx::container_desc`]); a dict
//! takes one reference to each array a stored value holds and releases it when the value is
//! replaced or removed or the dict is freed.
//!
//! Values read out of a dict (`d[k]`, `get`, iteration) are borrowed (the variable they are
//! stored in takes its own reference); `pop`/`popitem` move the value's references out (new
//! references). Iterators over dicts, sets and dict views point at a `{handle, position}` state
//! in the function's frame (borrowing the container).
//!
//! String keys are not supported yet: [`key_fields`] is the place to describe them.

use inkwell::types::{BasicType, BasicTypeEnum};
use inkwell::values::{BasicMetadataValueEnum, BasicValue, BasicValueEnum, IntValue, PointerValue};
use inkwell::{AddressSpace, AtomicOrdering, AtomicRMWBinOp, IntPredicate};
use numrs_abi::ExcKind;
use numrs_ir::{Value, VarId};
use numrs_types::{IteratorKind, NumericKind, Signature, Type};

use crate::func::{FnCx, R};
use crate::ops::OpImpl;
use crate::types::{self, numeric};

// Fields of `numrs_abi::RuntimeApi`.
const API_NEW: u32 = 7;
const API_FREE: u32 = 8;
/// `RuntimeApi::dict_free` (for the list and container drop functions).
pub(crate) const API_DICT_FREE: u32 = API_FREE;
const API_LEN: u32 = 9;
const API_LOOKUP: u32 = 10;
const API_INSERT: u32 = 11;
const API_DELETE: u32 = 12;
const API_NEXT: u32 = 13;
const API_POPITEM: u32 = 14;
const API_CLEAR: u32 = 15;
const API_COPY: u32 = 16;
const API_SET_OP: u32 = 17;
const API_SET_PRESIZE: u32 = 21;
/// `RuntimeApi::parallel_schedule`.
pub(crate) const API_PARALLEL_SCHEDULE: u32 = 22;
/// `RuntimeApi::array_adopt`.
pub(crate) const API_ARRAY_ADOPT: u32 = 24;
/// `RuntimeApi::set_num_threads`.
pub(crate) const API_SET_NUM_THREADS: u32 = 27;
/// `RuntimeApi::parallel_chunksize`.
pub(crate) const API_PARALLEL_CHUNKSIZE: u32 = 28;
/// The number of fields of `RuntimeApi`.
pub const API_FIELDS: u32 = 29;

/// `numrs_abi::RuntimeApi` as LLVM sees it: the version, then function pointers.
pub(crate) fn api_struct_type(ctx: &inkwell::context::Context) -> inkwell::types::StructType<'_> {
    let mut fields: Vec<inkwell::types::BasicTypeEnum> = vec![ctx.i32_type().into()];
    fields.resize(API_FIELDS as usize, ctx.ptr_type(inkwell::AddressSpace::default()).into());
    ctx.struct_type(&fields, false)
}

/// Whether `t` is a dict or set handle.
pub fn is_container(t: &Type) -> bool {
    matches!(t, Type::DictType(_) | Type::Set { .. })
}

/// Iterators whose state is a `{handle, position}` pair (dict keys, values and items views,
/// sets).
pub fn is_container_iter(k: &IteratorKind) -> bool {
    match k {
        IteratorKind::Container(c) => matches!(c, Type::DictType(_) | Type::Set { .. } | Type::List { .. } | Type::ListType(_)),
        IteratorKind::DictView(..) => true,
        IteratorKind::Zip(items) => items.iter().any(|t| matches!(t, Type::Iterator(k) if matches!(&**k, IteratorKind::Container(Type::DictType(_))))),
        _ => false,
    }
}

/// What one step over a container yields.
#[derive(Clone, Copy, PartialEq, Eq)]
enum View {
    Keys,
    Values,
    Items,
}

/// The descriptor code of a string key (the runtime's `KeyKind::Str`).
const KEY_STR: i64 = 11;

/// The descriptor code of a scalar key field (see the runtime's `dicts::KeyKind`).
fn key_kind(k: NumericKind) -> Option<i64> {
    use NumericKind::*;
    Some(match k {
        Boolean => 0,
        Int8 => 1,
        Int16 => 2,
        Int32 => 3,
        Int64 => 4,
        UInt8 => 5,
        UInt16 => 6,
        UInt32 => 7,
        UInt64 => 8,
        Float32 => 9,
        Float64 => 10,
        Complex64 => 12,
        Complex128 => 13,
    })
}

/// The scalar fields of a key type (offset, kind), whether it is a tuple, or why it is not
/// supported.
fn key_fields(k: &Type) -> Result<(Vec<(i64, i64)>, bool), String> {
    if let Some(n) = numeric(k) {
        return match key_kind(n) {
            Some(c) => Ok((vec![(0, c)], false)),
            None => Err(format!("dict and set keys of type {k} are not supported by numrs build yet")),
        };
    }
    if let Some(items) = k.tuple_items() {
        let l = numrs_abi::layout(k).ok_or_else(|| format!("keys of type {k}"))?;
        let mut out = Vec::new();
        for (item, off) in items.iter().zip(&l.fields) {
            match numeric(item).and_then(key_kind) {
                Some(c) => out.push((*off as i64, c)),
                // A string item: its MemInfo pointer (the table owns a reference).
                None if matches!(item, Type::Unicode) => out.push((*off as i64, KEY_STR)),
                None => return Err(format!("dict and set keys of type {k} (tuples of non-scalars) are not supported by numrs build yet")),
            }
        }
        return Ok((out, true));
    }
    match k {
        // The key field is the string's MemInfo pointer (the table owns a reference).
        Type::Unicode => Ok((vec![(0, KEY_STR)], false)),
        _ => Err(format!("dict and set keys of type {k} are not supported by numrs build yet")),
    }
}

/// What a reference-counted pointer in a stored value points at, for its release.
enum Held {
    /// A MemInfo the runtime's `meminfo_release` frees (arrays, strings).
    MemInfo,
    /// A list of this item type (freed by its compiled drop function, `lists::drop_fn`).
    List(Type),
    /// A dict or set (freed by `lists::container_drop_fn`).
    Container,
    /// A jitclass instance (freed by its class's `jitclass::drop_fn`).
    Instance(std::sync::Arc<numrs_types::JitClassType>),
}

/// Offsets of the reference-counted pointers a stored value of type `v` holds.
fn rc_offsets(v: &Type, base: i64, out: &mut Vec<(i64, Held)>) -> Result<(), String> {
    match v {
        // The MemInfo is the first field of Numba's array model; a string is its MemInfo.
        Type::Array(_) | Type::Unicode => out.push((base, Held::MemInfo)),
        Type::List { dtype, .. } | Type::ListType(dtype) => {
            crate::lists::check_list_type(v)?;
            out.push((base, Held::List((**dtype).clone())));
        }
        _ if is_container(v) => out.push((base, Held::Container)),
        Type::JitClassInstance(c) => out.push((base, Held::Instance(c.clone()))),
        _ => {
            if let Some(items) = v.tuple_items() {
                let l = numrs_abi::layout(v).ok_or_else(|| format!("values of type {v}"))?;
                for (item, off) in items.iter().zip(&l.fields) {
                    rc_offsets(item, base + *off as i64, out)?;
                }
            } else if crate::arrays::needs_rc(v) {
                return Err(format!("dicts holding {v} are not supported by numrs build yet"));
            }
        }
    }
    Ok(())
}

/// Key and value types of a container type (a set's value is `None`: no storage).
fn kv(t: &Type) -> Option<(Type, Type)> {
    match t {
        Type::DictType(kv) => Some((kv.0.clone(), kv.1.clone())),
        Type::Set { dtype, .. } => Some(((**dtype).clone(), Type::NoneType)),
        _ => None,
    }
}

/// Implementations of operators and builtins over dicts and sets (`len`, `in`, set algebra).
pub fn lookup(key: &str, sig: &Signature) -> Option<OpImpl> {
    let first = sig.args.first()?;
    if let (Type::DictView(..), "builtins.len") = (first, key) {
        return Some(view_len);
    }
    if !is_container(first) {
        return None;
    }
    let set = matches!(first, Type::Set { .. });
    let both_sets = set && matches!(sig.args.get(1), Some(Type::Set { .. }));
    Some(match key {
        "builtins.len" => op_len,
        "operator.contains" => op_contains,
        "operator.or_" if both_sets => |cx, s, v| cx.set_op(s, v, 0),
        "operator.and_" if both_sets => |cx, s, v| cx.set_op(s, v, 1),
        "operator.sub" if both_sets => |cx, s, v| cx.set_op(s, v, 2),
        "operator.xor" if both_sets => |cx, s, v| cx.set_op(s, v, 3),
        "operator.ior" if both_sets => |cx, s, v| cx.set_op(s, v, 4),
        "operator.iand" if both_sets => |cx, s, v| cx.set_op(s, v, 5),
        "operator.isub" if both_sets => |cx, s, v| cx.set_op(s, v, 6),
        "operator.ixor" if both_sets => |cx, s, v| cx.set_op(s, v, 7),
        "operator.le" if both_sets => |cx, s, v| cx.set_pred(s, v, 8, false),
        "operator.ge" if both_sets => |cx, s, v| cx.set_pred(s, v, 9, false),
        // A proper subset or superset: the inclusion and not equal.
        "operator.lt" if both_sets => |cx, s, v| cx.set_strict(s, v, 8),
        "operator.gt" if both_sets => |cx, s, v| cx.set_strict(s, v, 9),
        "operator.eq" if matches!(first, Type::DictType(_)) => |cx, s, v| cx.dict_equal(s, v, false),
        "operator.ne" if matches!(first, Type::DictType(_)) => |cx, s, v| cx.dict_equal(s, v, true),
        "operator.eq" if both_sets => |cx, s, v| cx.set_pred(s, v, 10, false),
        "operator.ne" if both_sets => |cx, s, v| cx.set_pred(s, v, 10, true),
        _ => return None,
    })
}

/// The truth of a set or dict whose handle is `h`: whether it holds anything.
pub(crate) fn truth<'ctx>(cx: &FnCx<'_, 'ctx>, h: PointerValue<'ctx>) -> R<IntValue<'ctx>> {
    let i64t = cx.ctx.i64_type();
    let n = cx.rt_call(API_LEN, Some(i64t.into()), &[h.into()])?.unwrap_or(i64t.const_zero().into()).into_int_value();
    Ok(cx.b.build_int_compare(inkwell::IntPredicate::NE, n, i64t.const_zero(), "")?)
}

fn op_len<'ctx>(cx: &mut FnCx<'_, 'ctx>, _sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let h = cx.handle_arg(vals, 0)?;
    let i64t = cx.ctx.i64_type();
    Ok(cx.rt_call(API_LEN, Some(i64t.into()), &[h.into()])?.unwrap_or(i64t.const_zero().into()))
}

/// `len(d.keys())`: the dict's length now.
fn view_len<'ctx>(cx: &mut FnCx<'_, 'ctx>, _sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    // A view is its dict's handle.
    let Some(h) = vals.first().copied().flatten() else { return cx.fail("internal error: missing view") };
    let h = h.into_pointer_value();
    let i64t = cx.ctx.i64_type();
    Ok(cx.rt_call(API_LEN, Some(i64t.into()), &[h.into()])?.unwrap_or(i64t.const_zero().into()))
}

fn op_contains<'ctx>(cx: &mut FnCx<'_, 'ctx>, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>]) -> R<BasicValueEnum<'ctx>> {
    let h = cx.handle_arg(vals, 0)?;
    let (k, _) = cx.kv_of(&sig.args[0])?;
    let Some(key) = vals.get(1).copied().flatten() else { return cx.fail("internal error: missing key") };
    let key = cx.cast(key, &sig.args[1], &k)?;
    let found = cx.lookup_raw(h, key, &k, None)?;
    Ok(found.into())
}

impl<'a, 'ctx> FnCx<'a, 'ctx> {
    pub(crate) fn ptr_ty(&self) -> inkwell::types::PointerType<'ctx> {
        self.ctx.ptr_type(AddressSpace::default())
    }

    fn kv_of(&self, t: &Type) -> R<(Type, Type)> {
        match kv(t) {
            Some(x) => Ok(x),
            None => self.fail(format!("internal error: {t} is not a dict or set")),
        }
    }

    fn handle_arg(&self, vals: &[Option<BasicValueEnum<'ctx>>], i: usize) -> R<PointerValue<'ctx>> {
        match vals.get(i).copied().flatten() {
            Some(v) => Ok(v.into_pointer_value()),
            None => self.fail("internal error: missing dict or set operand"),
        }
    }

    /// Call RuntimeApi field `field`; the result when `ret` is given.
    fn rt_call(&self, field: u32, ret: Option<BasicTypeEnum<'ctx>>, args: &[BasicMetadataValueEnum<'ctx>]) -> R<Option<BasicValueEnum<'ctx>>> {
        let f = self.api_fn_ptr(field)?;
        let params: Vec<inkwell::types::BasicMetadataTypeEnum> = args
            .iter()
            .map(|a| match a {
                BasicMetadataValueEnum::IntValue(i) => i.get_type().into(),
                _ => self.ptr_ty().into(),
            })
            .collect();
        let ft = match ret {
            Some(t) => t.fn_type(&params, false),
            None => self.ctx.void_type().fn_type(&params, false),
        };
        let call = self.b.build_indirect_call(ft, f, args, "")?;
        Ok(match call.try_as_basic_value() {
            inkwell::values::ValueKind::Basic(v) => Some(v),
            _ => None,
        })
    }

    /// `incref`/`decref` of a container handle (null is skipped).
    pub(crate) fn container_refcount(&self, v: BasicValueEnum<'ctx>, inc: bool) -> R<()> {
        let h = v.into_pointer_value();
        let has = self.b.build_is_not_null(h, "")?;
        let work = self.new_block(if inc { "dict_incref" } else { "dict_decref" });
        let done = self.new_block("dict_rc_done");
        self.b.build_conditional_branch(has, work, done)?;
        self.b.position_at_end(work);
        let one = self.i64(1);
        if inc {
            self.b.build_atomicrmw(AtomicRMWBinOp::Add, h, one, AtomicOrdering::Monotonic)?;
        } else {
            let old = self.b.build_atomicrmw(AtomicRMWBinOp::Sub, h, one, AtomicOrdering::AcquireRelease)?;
            let last = self.b.build_int_compare(IntPredicate::EQ, old, one, "")?;
            let rel = self.new_block("dict_release");
            self.b.build_conditional_branch(last, rel, done)?;
            self.b.position_at_end(rel);
            let f = self.api_fn(API_FREE, false)?;
            let ft = self.ctx.void_type().fn_type(&[self.ptr_ty().into()], false);
            self.b.build_indirect_call(ft, f, &[h.into()], "")?;
        }
        self.b.build_unconditional_branch(done)?;
        self.b.position_at_end(done);
        Ok(())
    }

    /// The layout descriptor of containers of type `t`, a constant of the module.
    fn container_desc(&self, t: &Type) -> R<PointerValue<'ctx>> {
        let (k, v) = self.kv_of(t)?;
        let set = matches!(t, Type::Set { .. });
        let (fields, tuple) = key_fields(&k).map_err(|m| self.cg_error(m))?;
        let mut rc = Vec::new();
        if !set {
            rc_offsets(&v, 0, &mut rc).map_err(|m| self.cg_error(m))?;
        }
        // A record value is held by value, its bytes copied in (Numba stores the record's data).
        let size = |t: &Type| match t {
            Type::Record(r) => Some(r.size as i64),
            _ => numrs_abi::layout(t).map(|l| l.size as i64),
        };
        // Values with no run-time value (a function: Numba's dispatcher type) take no room.
        let (Some(ks), Some(vs)) = (size(&k), if set || types::is_phantom(&v) { Some(0) } else { size(&v) }) else {
            return self.fail(format!("{t} is not supported by numrs build yet"));
        };
        let mut words = vec![set as i64 | ((tuple as i64) << 1), ks, vs, fields.len() as i64];
        for (off, kind) in &fields {
            words.push(*off);
            words.push(*kind);
        }
        words.push(rc.len() as i64);
        let i64t = self.ctx.i64_type();
        let mut consts: Vec<IntValue> = words.iter().map(|w| i64t.const_int(*w as u64, true)).collect();
        let mut name = format!("numrs.dict_desc.{}", words.iter().map(|w| w.to_string()).collect::<Vec<_>>().join("_"));
        for (off, held) in &rc {
            consts.push(i64t.const_int(*off as u64, true));
            name.push_str(&format!("_{off}"));
            match held {
                Held::MemInfo => consts.push(i64t.const_zero()),
                Held::List(item) => {
                    let f = crate::lists::drop_fn(self.ctx, self.module, item)?;
                    consts.push(f.as_global_value().as_pointer_value().const_to_int(i64t));
                    name.push_str(&format!("_list({item})"));
                }
                Held::Container => {
                    let f = crate::lists::container_drop_fn(self.ctx, self.module)?;
                    consts.push(f.as_global_value().as_pointer_value().const_to_int(i64t));
                    name.push_str("_container");
                }
                Held::Instance(class) => {
                    let f = crate::jitclass::drop_fn(self.ctx, self.module, class)?;
                    consts.push(f.as_global_value().as_pointer_value().const_to_int(i64t));
                    name.push_str(&format!("_instance({}#{:x})", class.name, class.id));
                }
            }
        }
        let arr = i64t.const_array(&consts);
        let g = match self.module.get_global(&name) {
            Some(g) => g,
            None => {
                let g = self.module.add_global(arr.get_type(), None, &name);
                g.set_initializer(&arr);
                g.set_constant(true);
                g.set_linkage(inkwell::module::Linkage::Private);
                g
            }
        };
        Ok(g.as_pointer_value())
    }

    fn cg_error(&self, message: String) -> crate::func::CgError {
        crate::func::CgError { span: self.span, message }
    }

    /// A new empty container of type `t` (a new reference).
    pub(crate) fn new_container(&self, t: &Type) -> R<PointerValue<'ctx>> {
        let desc = self.container_desc(t)?;
        let Some(h) = self.rt_call(API_NEW, Some(self.ptr_ty().into()), &[desc.into()])? else {
            return self.fail("internal error: dict_new returns void");
        };
        let h = h.into_pointer_value();
        let null = self.b.build_is_null(h, "")?;
        self.guard(null, ExcKind::MemoryError, "cannot allocate dictionary")?;
        Ok(h)
    }

    /// `v` (of type `t`) written to a frame slot as native storage.
    pub(crate) fn spill(&self, v: BasicValueEnum<'ctx>, t: &Type) -> R<PointerValue<'ctx>> {
        let st = types::storage_type(self.ctx, t).map_err(|m| self.cg_error(m))?;
        let p = self.temp(st)?;
        // A record (the address of its bytes): its bytes.
        if let Type::Record(r) = t {
            let n = self.ctx.i64_type().const_int(r.size as u64, false);
            self.b.build_memcpy(p, 1, v.into_pointer_value(), 1, n).map_err(|m| self.cg_error(m.to_string()))?;
            return Ok(p);
        }
        let s = crate::module::to_storage(self.ctx, &self.b, v, t)?;
        self.b.build_store(p, s)?;
        Ok(p)
    }

    /// The value of type `t` stored at `p`.
    fn unspill(&self, p: PointerValue<'ctx>, t: &Type) -> R<BasicValueEnum<'ctx>> {
        // A record read out of a container: the copy of its bytes at `p`.
        if let Type::Record(_) = t {
            return Ok(p.into());
        }
        let st = types::storage_type(self.ctx, t).map_err(|m| self.cg_error(m))?;
        let s = self.b.build_load(st, p, "")?;
        crate::module::from_storage(self.ctx, &self.b, s, t)
    }

    fn storage_slot(&self, t: &Type) -> R<PointerValue<'ctx>> {
        if matches!(t, Type::NoneType) {
            return Ok(self.ptr_ty().const_null());
        }
        let st = types::storage_type(self.ctx, t).map_err(|m| self.cg_error(m))?;
        let p = self.temp(st)?;
        // Zeroed: read even when nothing was written (the end of an iteration).
        self.b.build_store(p, st.const_zero())?;
        Ok(p)
    }

    /// Look `key` up in `h`: whether it is there; the (borrowed) value is written to `out`.
    fn lookup_raw(&self, h: PointerValue<'ctx>, key: BasicValueEnum<'ctx>, k: &Type, out: Option<PointerValue<'ctx>>) -> R<IntValue<'ctx>> {
        let kp = self.spill(key, k)?;
        let out = out.unwrap_or(self.ptr_ty().const_null());
        let i32t = self.ctx.i32_type();
        let Some(r) = self.rt_call(API_LOOKUP, Some(i32t.into()), &[h.into(), kp.into(), out.into()])? else {
            return self.fail("internal error: dict_lookup returns void");
        };
        Ok(self.b.build_int_compare(IntPredicate::NE, r.into_int_value(), i32t.const_zero(), "found")?)
    }

    /// `d[k] = v` / `s.add(k)`: the container takes a new reference to what `v` holds (and to
    /// a string key).
    pub(crate) fn insert_raw(&self, h: PointerValue<'ctx>, key: BasicValueEnum<'ctx>, k: &Type, val: Option<(BasicValueEnum<'ctx>, &Type)>) -> R<()> {
        // The container takes a reference to a string key (dropped again if the key is there).
        self.incref(key, k)?;
        let kp = self.spill(key, k)?;
        let vp = match val {
            Some((v, vt)) => {
                // The dict may outlive the call: an argument's array is adopted.
                let v = self.owned_for_store(v, vt)?;
                self.spill(v, vt)?
            }
            // A set, or values that take no room: any valid address for the 0 bytes.
            None => kp,
        };
        self.rt_call(API_INSERT, None, &[h.into(), kp.into(), vp.into()])?;
        Ok(())
    }

    /// `Optional(t)` holding `v` when `valid`.
    fn optional_of(&self, v: BasicValueEnum<'ctx>, t: &Type, valid: IntValue<'ctx>) -> R<BasicValueEnum<'ctx>> {
        let ot = self.vt(&Type::optional(t.clone()))?.into_struct_type();
        let agg = self.b.build_insert_value(ot.get_undef(), v, 0, "")?;
        let agg = self.b.build_insert_value(agg, valid, 1, "")?;
        Ok(agg.as_basic_value_enum())
    }

    fn set_op(&mut self, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>], op: i64) -> R<BasicValueEnum<'ctx>> {
        let a = self.handle_arg(vals, 0)?;
        let b = self.handle_arg(vals, 1)?;
        let Some(r) = self.rt_call(API_SET_OP, Some(self.ptr_ty().into()), &[a.into(), b.into(), self.i64(op).into()])? else {
            return self.fail("internal error: set_op returns void");
        };
        if op < 4 {
            self.fresh = true;
        }
        let _ = sig;
        Ok(r)
    }

    /// `da == db` (`negate`: `!=`) of typed dicts, Numba's `impl_equal`: equal lengths, and
    /// each key of `da` (cast to `db`'s key type) found in `db` with a value that is not `!=`.
    /// A dict is not equal to anything else.
    fn dict_equal(&mut self, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>], negate: bool) -> R<BasicValueEnum<'ctx>> {
        let Some(Type::DictType(bkv)) = sig.args.get(1) else {
            return Ok(self.ctx.bool_type().const_int(negate as u64, false).into());
        };
        let (bk, bv) = (bkv.0.clone(), bkv.1.clone());
        let (ak, av) = self.kv_of(&sig.args[0])?;
        let a = self.handle_arg(vals, 0)?;
        let b = self.handle_arg(vals, 1)?;
        let res = self.temp(self.ctx.bool_type().into())?;
        let i64t = self.ctx.i64_type();
        let na = self.rt_call(API_LEN, Some(i64t.into()), &[a.into()])?.unwrap_or(i64t.const_zero().into()).into_int_value();
        let nb = self.rt_call(API_LEN, Some(i64t.into()), &[b.into()])?.unwrap_or(i64t.const_zero().into()).into_int_value();
        let same = self.b.build_int_compare(IntPredicate::EQ, na, nb, "")?;
        self.b.build_store(res, same)?;
        let items = self.new_block("deq_items");
        let done = self.new_block("deq_done");
        self.b.build_conditional_branch(same, items, done)?;
        self.b.position_at_end(items);
        let out = self.storage_slot(&bv)?;
        self.for_each_item(a, &ak, &av, |cx, kx, vx| {
            let key = cx.cast(kx, &ak, &bk)?;
            let found = cx.lookup_raw(b, key, &bk, Some(out))?;
            let (look, missing) = (cx.new_block("deq_found"), cx.new_block("deq_missing"));
            cx.b.build_conditional_branch(found, look, missing)?;
            cx.b.position_at_end(missing);
            cx.b.build_store(res, cx.ctx.bool_type().const_zero())?;
            let next = cx.new_block("deq_next");
            cx.b.build_unconditional_branch(next)?;
            cx.b.position_at_end(look);
            let vb = cx.unspill(out, &bv)?;
            let (ne, net) = cx.binary("operator.ne", vx, &av, vb, &bv)?;
            let ne = cx.truth(ne, &net)?;
            let cur = cx.b.build_load(cx.ctx.bool_type(), res, "")?.into_int_value();
            cx.b.build_store(res, cx.b.build_and(cur, cx.b.build_not(ne, "")?, "")?)?;
            cx.b.build_unconditional_branch(next)?;
            cx.b.position_at_end(next);
            Ok(())
        })?;
        self.b.build_unconditional_branch(done)?;
        self.b.position_at_end(done);
        let r = self.b.build_load(self.ctx.bool_type(), res, "")?.into_int_value();
        Ok(if negate { self.b.build_not(r, "")? } else { r }.into())
    }

    fn set_strict(&mut self, sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>], op: i64) -> R<BasicValueEnum<'ctx>> {
        let inclusion = self.set_pred(sig, vals, op, false)?.into_int_value();
        let different = self.set_pred(sig, vals, 10, true)?.into_int_value();
        Ok(self.b.build_and(inclusion, different, "")?.into())
    }

    fn set_pred(&mut self, _sig: &Signature, vals: &[Option<BasicValueEnum<'ctx>>], op: i64, negate: bool) -> R<BasicValueEnum<'ctx>> {
        let a = self.handle_arg(vals, 0)?;
        let b = self.handle_arg(vals, 1)?;
        let Some(r) = self.rt_call(API_SET_OP, Some(self.ptr_ty().into()), &[a.into(), b.into(), self.i64(op).into()])? else {
            return self.fail("internal error: set_op returns void");
        };
        let t = self.b.build_is_not_null(r.into_pointer_value(), "")?;
        Ok(if negate { self.b.build_not(t, "")? } else { t }.into())
    }

    // ----- displays and constructors -----

    /// `{k: v, ...}`.
    pub(crate) fn build_map(&mut self, items: &[(VarId, VarId)], tt: &Type) -> R<BasicValueEnum<'ctx>> {
        let (k, v) = self.kv_of(tt)?;
        let h = self.new_container(tt)?;
        for (kv, vv) in items {
            let key = self.load(*kv)?;
            let key = self.cast(key, &self.ty(*kv)?, &k)?;
            if types::is_phantom(&v) {
                // A function value (one type: the first item's) is its type; nothing is stored.
                self.insert_raw(h, key, &k, None)?;
                continue;
            }
            let val = self.load(*vv)?;
            let val = self.cast(val, &self.ty(*vv)?, &v)?;
            self.insert_raw(h, key, &k, Some((val, &v)))?;
        }
        self.fresh = true;
        Ok(h.into())
    }

    /// The keys view (`tt`) of a new typed dict mapping each of `keys` to 0: `keys()` of a
    /// `LiteralStrKey[Dict]`.
    pub(crate) fn literal_dict_keys(&mut self, keys: &[std::sync::Arc<str>], tt: &Type) -> R<BasicValueEnum<'ctx>> {
        let Type::DictView(_, dict_t) = tt else { return self.fail(format!("keys() producing {tt}")) };
        let (k, v) = self.kv_of(dict_t)?;
        let h = self.new_container(dict_t)?;
        for key in keys {
            let kv = self.constant(&numrs_syntax::ast::Constant::Str(key.to_string()), &k)?;
            let zero = self.cast(self.i64(0).into(), &Type::int64(), &v)?;
            self.insert_raw(h, kv, &k, Some((zero, &v)))?;
        }
        self.fresh = true;
        Ok(h.into())
    }

    /// `{a, b, ...}`.
    pub(crate) fn build_set(&mut self, items: &[VarId], tt: &Type) -> R<BasicValueEnum<'ctx>> {
        let (k, _) = self.kv_of(tt)?;
        let h = self.new_container(tt)?;
        self.rt_call(API_SET_PRESIZE, None, &[h.into(), self.i64(items.len() as i64).into()])?;
        // Numba's IR lists a set display's items last first.
        for it in items.iter().rev() {
            let key = self.load(*it)?;
            let key = self.cast(key, &self.ty(*it)?, &k)?;
            self.insert_raw(h, key, &k, None)?;
        }
        self.fresh = true;
        Ok(h.into())
    }

    /// `dict()`, `numba.typed.Dict()`, `Dict.empty(...)`, `set()`, `set(iterable)`, and the
    /// methods of dicts and sets. `None` for other calls.
    pub(crate) fn container_call(&mut self, func: VarId, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<Option<BasicValueEnum<'ctx>>> {
        let ft = self.ty(func)?;
        match &ft {
            Type::Function(key) => match &**key {
                "builtins.dict" | "numba.typed.Dict" | "numba.typed.Dict.empty" if is_container(tt) => {
                    if !args.is_empty() && (&**key == "builtins.dict" || &**key == "numba.typed.Dict") {
                        // Numba's `dict(iterable)`: `for k, v in iterable: d[k] = v`.
                        if args.len() != 1 || !kws.is_empty() {
                            return self.fail("dict() with these arguments is not supported by numrs build yet");
                        }
                        let (k, v) = self.kv_of(tt)?;
                        let h = self.new_container(tt)?;
                        let src = args[0];
                        let st = self.ty(src)?;
                        let val = self.load(src)?;
                        self.for_each(val, &st, |cx, x, xt| {
                            let Some(items) = xt.tuple_items().filter(|i| i.len() == 2) else {
                                return cx.fail(format!("dict() of items of type {xt} is not supported by numrs build yet"));
                            };
                            let sv = x.into_struct_value();
                            let kx = cx.b.build_extract_value(sv, 0, "")?;
                            let vx = cx.b.build_extract_value(sv, 1, "")?;
                            let kx = cx.cast(kx, &items[0], &k)?;
                            let vx = cx.cast(vx, &items[1], &v)?;
                            cx.insert_raw(h, kx, &k, Some((vx, &v)))
                        })?;
                        self.fresh = true;
                        return Ok(Some(h.into()));
                    }
                    if !args.is_empty() && &**key != "numba.typed.Dict.empty" {
                        return self.fail("dict(iterable) is not supported by numrs build yet");
                    }
                    let h = self.new_container(tt)?;
                    self.fresh = true;
                    Ok(Some(h.into()))
                }
                "builtins.set" if is_container(tt) => {
                    let _ = kws;
                    let h = self.new_container(tt)?;
                    if let [src] = args {
                        self.fill_set(h, *src, tt, false)?;
                    }
                    self.fresh = true;
                    Ok(Some(h.into()))
                }
                _ => Ok(None),
            },
            Type::BoundFunction(b) if is_container(&b.1) => {
                let Some(Value::GetAttr { value: recv, .. }) = self.resolve_def(func) else {
                    return self.fail(format!("method {} of a value not read from a variable", b.0));
                };
                let recv = *recv;
                if !kws.is_empty() {
                    return self.fail(format!("keyword arguments to {} are not supported by numrs build yet", b.0));
                }
                self.method(&b.0, recv, args, tt).map(Some)
            }
            _ => Ok(None),
        }
    }

    /// `set(iterable)` of a 1-d array or another set.
    /// `set(iterable)` (`update` false) or `s.update(iterable)`: with a sized iterable the
    /// table is sized first as Numba does (`allocate(len)`, or `upsize(used + len)`).
    fn fill_set(&mut self, h: PointerValue<'ctx>, src: VarId, tt: &Type, update: bool) -> R<()> {
        let (k, _) = self.kv_of(tt)?;
        let st = self.ty(src)?;
        let n: Option<IntValue<'ctx>> = match &st {
            Type::Array(a) if a.ndim == 1 => {
                let arr = self.load(src)?;
                let shape = self.b.build_extract_value(arr.into_struct_value(), 5, "")?.into_array_value();
                Some(self.b.build_extract_value(shape, 0, "")?.into_int_value())
            }
            Type::List { .. } | Type::ListType(_) => {
                let l = self.load(src)?.into_pointer_value();
                Some(self.list_len(l)?)
            }
            Type::UniTuple(_, c) => Some(self.i64(*c as i64)),
            Type::Tuple(items) => Some(self.i64(items.len() as i64)),
            _ => None,
        };
        if let Some(n) = n {
            let n = if update { self.b.build_int_neg(n, "")? } else { n };
            self.rt_call(API_SET_PRESIZE, None, &[h.into(), n.into()])?;
        }
        match &st {
            Type::Array(a) if a.ndim == 1 => {
                let arr = self.load(src)?;
                let shape = self.b.build_extract_value(arr.into_struct_value(), 5, "")?.into_array_value();
                let n = self.b.build_extract_value(shape, 0, "")?.into_int_value();
                let dtype = a.dtype.clone();
                self.counted_loop(n, |cx, i| {
                    let p = cx.element_ptr(arr, 1, &[(i.into(), Type::int64())])?;
                    let x = cx.load_element(p, &dtype)?;
                    let x = cx.cast(x, &dtype, &k)?;
                    cx.insert_raw(h, x, &k, None)
                })
            }
            Type::Set { .. } => {
                let other = self.load(src)?.into_pointer_value();
                self.rt_call(API_SET_OP, Some(self.ptr_ty().into()), &[h.into(), other.into(), self.i64(4).into()])?;
                Ok(())
            }
            _ if self.is_container_var(src) => {
                self.container_for_each(src, |cx, x, xt| {
                    let x = cx.cast(x, xt, &k)?;
                    cx.insert_raw(h, x, &k, None)
                })?;
                Ok(())
            }
            // A string is not sized to Numba (its characters are added as they come).
            Type::List { .. } | Type::ListType(_) | Type::UniTuple(..) | Type::Tuple(_) | Type::Iterator(_) | Type::Generator(_) | Type::Range(_) | Type::Unicode => {
                let val = self.load(src)?;
                self.for_each(val, &st, |cx, x, xt| {
                    let x = cx.cast(x, xt, &k)?;
                    cx.insert_raw(h, x, &k, None)
                })
            }
            other => self.fail(format!("set({other}) is not supported by numrs build yet")),
        }
    }

    fn method(&mut self, key: &str, recv: VarId, args: &[VarId], tt: &Type) -> R<BasicValueEnum<'ctx>> {
        let rt = self.ty(recv)?;
        let (k, v) = self.kv_of(&rt)?;
        let h = self.load(recv)?.into_pointer_value();
        let arg = |cx: &Self, i: usize, to: &Type| -> R<BasicValueEnum<'ctx>> {
            let Some(a) = args.get(i) else { return cx.fail(format!("{key}: missing argument")) };
            let x = cx.load(*a)?;
            cx.cast(x, &cx.ty(*a)?, to)
        };
        let none = || -> BasicValueEnum<'ctx> { self.ctx.const_struct(&[], false).into() };
        let i32t = self.ctx.i32_type();
        let name = key.split_once('.').map_or(key, |(_, m)| m);
        let set = matches!(rt, Type::Set { .. });
        match (set, name) {
            // `get` copies the value out of the table, which keeps its references: the result
            // is borrowed, as the default is. `pop` moves it out: the result is owned, and a
            // default that stands in for it gets a reference of its own.
            (false, "get") | (false, "pop") => {
                let kv = arg(self, 0, &k)?;
                let out = self.storage_slot(&v)?;
                let found = if name == "get" {
                    self.lookup_raw(h, kv, &k, Some(out))?
                } else {
                    let kp = self.spill(kv, &k)?;
                    let Some(r) = self.rt_call(API_DELETE, Some(i32t.into()), &[h.into(), kp.into(), out.into()])? else {
                        return self.fail("internal error: dict_delete returns void");
                    };
                    self.b.build_int_compare(IntPredicate::NE, r.into_int_value(), i32t.const_zero(), "")?
                };
                if name == "pop" && args.len() == 1 {
                    let missing = self.b.build_not(found, "")?;
                    self.guard(missing, ExcKind::KeyError, "")?;
                }
                let val = self.unspill(out, &v)?;
                let got = self.optional_of(val, &v, found)?;
                let ot = Type::optional(v.clone());
                let owned = name == "pop" && crate::arrays::needs_rc(&v);
                let r = match args.get(1) {
                    None => self.cast(got, &ot, tt)?,
                    Some(d) => {
                        let dt = self.ty(*d)?;
                        let dv = self.load(*d)?;
                        let dv = self.cast(dv, &dt, tt)?;
                        let gv = self.cast(got, &ot, tt)?;
                        let r = self.b.build_select(found, gv, dv, "")?;
                        if owned {
                            let missing = self.new_block("pop_default");
                            let join = self.new_block("pop_join");
                            self.b.build_conditional_branch(found, join, missing)?;
                            self.b.position_at_end(missing);
                            self.incref(r, tt)?;
                            self.b.build_unconditional_branch(join)?;
                            self.b.position_at_end(join);
                        }
                        r
                    }
                };
                if owned {
                    self.fresh = true;
                }
                Ok(r)
            }
            (false, "setdefault") => {
                let kv = arg(self, 0, &k)?;
                let out = self.storage_slot(&v)?;
                let found = self.lookup_raw(h, kv, &k, Some(out))?;
                let missing = self.new_block("setdefault_insert");
                let join = self.new_block("setdefault_join");
                self.b.build_conditional_branch(found, join, missing)?;
                self.b.position_at_end(missing);
                let dv = arg(self, 1, &v)?;
                self.insert_raw(h, kv, &k, Some((dv, &v)))?;
                let st = crate::module::to_storage(self.ctx, &self.b, dv, &v)?;
                self.b.build_store(out, st)?;
                self.b.build_unconditional_branch(join)?;
                self.b.position_at_end(join);
                let val = self.unspill(out, &v)?;
                self.cast(val, &v, tt)
            }
            (false, "popitem") => {
                let kout = self.storage_slot(&k)?;
                let vout = self.storage_slot(&v)?;
                let Some(r) = self.rt_call(API_POPITEM, Some(i32t.into()), &[h.into(), kout.into(), vout.into()])? else {
                    return self.fail("internal error: dict_popitem returns void");
                };
                let empty = self.b.build_int_compare(IntPredicate::EQ, r.into_int_value(), i32t.const_zero(), "")?;
                // Numba's `popitem` of an empty dict raises `KeyError()`.
                self.guard(empty, ExcKind::KeyError, "")?;
                let item_t = Type::tuple(vec![k.clone(), v.clone()]);
                let st = self.vt(&item_t)?.into_struct_type();
                let kx = self.unspill(kout, &k)?;
                let vx = self.unspill(vout, &v)?;
                let agg = self.b.build_insert_value(st.get_undef(), kx, 0, "")?;
                let agg = self.b.build_insert_value(agg, vx, 1, "")?;
                // The value's references moved out of the dict.
                self.fresh = true;
                self.cast(agg.as_basic_value_enum(), &item_t, tt)
            }
            // A view is the dict's handle, holding a reference to it (as Numba's view holds
            // the dict): returned borrowed, the variable takes its reference.
            (false, "keys") | (false, "values") | (false, "items") => Ok(h.into()),
            (false, "update") => {
                let Some(o) = args.first() else { return self.fail("dict.update without an argument") };
                let ot = self.ty(*o)?;
                let (ok, ov) = self.kv_of(&ot)?;
                let oh = self.load(*o)?.into_pointer_value();
                self.for_each_item(oh, &ok, &ov, |cx, kx, vx| {
                    let kx = cx.cast(kx, &ok, &k)?;
                    let vx = cx.cast(vx, &ov, &v)?;
                    cx.insert_raw(h, kx, &k, Some((vx, &v)))
                })?;
                Ok(none())
            }
            (_, "clear") => {
                self.rt_call(API_CLEAR, None, &[h.into()])?;
                Ok(none())
            }
            (_, "copy") => {
                let Some(c) = self.rt_call(API_COPY, Some(self.ptr_ty().into()), &[h.into()])? else {
                    return self.fail("internal error: dict_copy returns void");
                };
                self.fresh = true;
                Ok(c)
            }
            (true, "add") => {
                let kv = arg(self, 0, &k)?;
                self.insert_raw(h, kv, &k, None)?;
                Ok(none())
            }
            (true, "discard") | (true, "remove") => {
                let kv = arg(self, 0, &k)?;
                let kp = self.spill(kv, &k)?;
                let null = self.ptr_ty().const_null();
                let Some(r) = self.rt_call(API_DELETE, Some(i32t.into()), &[h.into(), kp.into(), null.into()])? else {
                    return self.fail("internal error: dict_delete returns void");
                };
                if name == "remove" {
                    let missing = self.b.build_int_compare(IntPredicate::EQ, r.into_int_value(), i32t.const_zero(), "")?;
                    self.guard(missing, ExcKind::KeyError, "set.remove(): key not in set")?;
                }
                Ok(none())
            }
            (true, "pop") => {
                let kout = self.storage_slot(&k)?;
                let null = self.ptr_ty().const_null();
                let Some(r) = self.rt_call(API_POPITEM, Some(i32t.into()), &[h.into(), kout.into(), null.into()])? else {
                    return self.fail("internal error: dict_popitem returns void");
                };
                let empty = self.b.build_int_compare(IntPredicate::EQ, r.into_int_value(), i32t.const_zero(), "")?;
                self.guard(empty, ExcKind::KeyError, "set.pop(): empty set")?;
                let x = self.unspill(kout, &k)?;
                // A string key's reference moved out of the set.
                self.fresh = crate::arrays::needs_rc(&k);
                self.cast(x, &k, tt)
            }
            (true, "update") => {
                let Some(o) = args.first() else { return self.fail("set.update without an argument") };
                self.fill_set(h, *o, &rt, true)?;
                Ok(none())
            }
            (true, m) => {
                let op = match m {
                    "union" => 0,
                    "intersection" => 1,
                    "difference" => 2,
                    "symmetric_difference" => 3,
                    "update" => 4,
                    "intersection_update" => 5,
                    "difference_update" => 6,
                    "symmetric_difference_update" => 7,
                    "issubset" => 8,
                    "issuperset" => 9,
                    "isdisjoint" => 11,
                    _ => return self.fail(format!("method {key} is not supported by numrs build yet")),
                };
                let Some(o) = args.first() else { return self.fail(format!("{key} without an argument")) };
                if !matches!(self.ty(*o)?, Type::Set { .. }) {
                    return self.fail(format!("{key} of a non-set is not supported by numrs build yet"));
                }
                let other = self.load(*o)?;
                let vals = [Some(h.as_basic_value_enum()), Some(other)];
                let sig = Signature::new(tt.clone(), vec![rt.clone(), rt.clone()]);
                if op >= 8 {
                    return self.set_pred(&sig, &vals, op, false);
                }
                let r = self.set_op(&sig, &vals, op)?;
                if op >= 4 {
                    return Ok(none());
                }
                Ok(r)
            }
            _ => self.fail(format!("method {key} is not supported by numrs build yet")),
        }
    }

    /// Calls `body(key, value)` for each item of dict `h` (values borrowed).
    fn for_each_item(
        &mut self,
        h: PointerValue<'ctx>,
        k: &Type,
        v: &Type,
        mut body: impl FnMut(&mut Self, BasicValueEnum<'ctx>, BasicValueEnum<'ctx>) -> R<()>,
    ) -> R<()> {
        let pos = self.temp(self.ctx.i64_type().into())?;
        self.b.build_store(pos, self.i64(0))?;
        let kout = self.storage_slot(k)?;
        let vout = self.storage_slot(v)?;
        let head = self.new_block("dict_loop");
        let bodyb = self.new_block("dict_loop_body");
        let exit = self.new_block("dict_loop_exit");
        self.b.build_unconditional_branch(head)?;
        self.b.position_at_end(head);
        let i32t = self.ctx.i32_type();
        let Some(r) = self.rt_call(API_NEXT, Some(i32t.into()), &[h.into(), pos.into(), kout.into(), vout.into()])? else {
            return self.fail("internal error: dict_next returns void");
        };
        let more = self.b.build_int_compare(IntPredicate::NE, r.into_int_value(), i32t.const_zero(), "")?;
        self.b.build_conditional_branch(more, bodyb, exit)?;
        self.b.position_at_end(bodyb);
        let kx = self.unspill(kout, k)?;
        let vx = self.unspill(vout, v)?;
        body(self, kx, vx)?;
        self.b.build_unconditional_branch(head)?;
        self.b.position_at_end(exit);
        Ok(())
    }

    // ----- item access -----

    /// `d[k]`: KeyError when missing; `None` when `value` is not a dict.
    pub(crate) fn dict_getitem(&mut self, value: VarId, index: VarId, tt: &Type) -> R<Option<BasicValueEnum<'ctx>>> {
        let vt = self.ty(value)?;
        let Type::DictType(_) = vt else { return Ok(None) };
        let (k, v) = self.kv_of(&vt)?;
        let h = self.load(value)?.into_pointer_value();
        let given = self.load(index)?;
        let gt = self.ty(index)?;
        let key = self.cast(given, &gt, &k)?;
        let out = self.storage_slot(&v)?;
        let found = self.lookup_raw(h, key, &k, Some(out))?;
        let missing = self.b.build_not(found, "")?;
        // Numba raises with the key as given, not as converted to the key type.
        self.key_error(missing, given, &gt)?;
        let x = self.unspill(out, &v)?;
        self.cast(x, &v, tt).map(Some)
    }

    /// `d[k]` of a dict whose values have no run-time value (functions): KeyError when the key
    /// is missing, nothing else to do (the value is its type).
    pub(crate) fn dict_check_key(&mut self, value: VarId, index: VarId) -> R<()> {
        let vt = self.ty(value)?;
        let (k, _) = self.kv_of(&vt)?;
        let h = self.load(value)?.into_pointer_value();
        let given = self.load(index)?;
        let gt = self.ty(index)?;
        let key = self.cast(given, &gt, &k)?;
        let found = self.lookup_raw(h, key, &k, None)?;
        let missing = self.b.build_not(found, "")?;
        self.key_error(missing, given, &gt)
    }

    /// When `missing`: raise Numba's `KeyError(key)` of `d[key]` for the key value `key` of
    /// type `k`: the key itself as the argument for numbers, strings and tuples of numbers
    /// (no argument for other keys).
    pub(crate) fn key_error(&mut self, missing: IntValue<'ctx>, key: BasicValueEnum<'ctx>, k: &Type) -> R<()> {
        let number = |t: &Type| numeric(t).is_some_and(|n| !n.is_complex());
        let k = k.unliteral();
        let items = k.tuple_items().filter(|items| items.iter().all(|t| number(t) || t.unliteral() == Type::Unicode));
        if !(number(&k) || k == Type::Unicode || items.is_some()) {
            return self.guard(missing, ExcKind::KeyError, "");
        }
        let fail = self.new_block("key_error");
        let ok = self.new_block("key_found");
        self.b.build_conditional_branch(missing, fail, ok)?;
        self.b.position_at_end(fail);
        use crate::strings::Piece;
        let prefix = numrs_abi::EXC_ARGS_PREFIX;
        let pieces = if k == Type::Unicode {
            vec![Piece::Text(format!("{prefix}(")), Piece::Repr(key), Piece::Text(",)".to_string())]
        } else if let Some(items) = items {
            // The key tuple's repr, as the exception's argument tuple.
            let mut pieces = vec![Piece::Text(format!("{prefix}(("))];
            for (i, t) in items.iter().enumerate() {
                if i > 0 {
                    pieces.push(Piece::Text(", ".to_string()));
                }
                let x = self.b.build_extract_value(key.into_struct_value(), i as u32, "")?;
                pieces.push(if t.unliteral() == Type::Unicode { Piece::Repr(x) } else { Piece::Str(x, t.unliteral()) });
            }
            pieces.push(Piece::Text(if items.len() == 1 { ",),)" } else { "),)" }.to_string()));
            pieces
        } else {
            vec![Piece::Text(format!("{prefix}(")), Piece::Str(key, k), Piece::Text(",)".to_string())]
        };
        crate::strings::raise_values(self, ExcKind::KeyError, pieces)?;
        self.b.position_at_end(ok);
        Ok(())
    }

    /// `d[k] = v`; false when `target` is not a dict.
    pub(crate) fn dict_setitem(&mut self, target: VarId, index: VarId, value: VarId) -> R<bool> {
        let dt = self.ty(target)?;
        let Type::DictType(_) = dt else { return Ok(false) };
        let (k, v) = self.kv_of(&dt)?;
        let h = self.load(target)?.into_pointer_value();
        let key = self.load(index)?;
        let key = self.cast(key, &self.ty(index)?, &k)?;
        let val = self.load(value)?;
        let val = self.cast(val, &self.ty(value)?, &v)?;
        self.insert_raw(h, key, &k, Some((val, &v)))?;
        Ok(true)
    }

    /// `del d[k]`: KeyError when missing; false when `target` is not a dict.
    pub(crate) fn dict_delitem(&mut self, target: VarId, index: VarId) -> R<bool> {
        let dt = self.ty(target)?;
        let Type::DictType(_) = dt else { return Ok(false) };
        let (k, _) = self.kv_of(&dt)?;
        let h = self.load(target)?.into_pointer_value();
        let key = self.load(index)?;
        let key = self.cast(key, &self.ty(index)?, &k)?;
        let kp = self.spill(key, &k)?;
        let i32t = self.ctx.i32_type();
        let null = self.ptr_ty().const_null();
        let Some(r) = self.rt_call(API_DELETE, Some(i32t.into()), &[h.into(), kp.into(), null.into()])? else {
            return self.fail("internal error: dict_delete returns void");
        };
        let missing = self.b.build_int_compare(IntPredicate::EQ, r.into_int_value(), i32t.const_zero(), "")?;
        // Numba's `del d[k]` raises `KeyError()`, without the key.
        self.guard(missing, ExcKind::KeyError, "")?;
        Ok(true)
    }

    // ----- iteration -----

    /// `{handle, position, length when the iteration started}`.
    fn iter_state_type(&self) -> inkwell::types::StructType<'ctx> {
        self.ctx.struct_type(&[self.ptr_ty().into(), self.ctx.i64_type().into(), self.ctx.i64_type().into()], false)
    }

    /// A fresh iteration over a dict or set (`val` its handle) or a dict view (`val` the view's
    /// state, whose handle it takes): `None` for other kinds.
    pub(crate) fn container_iter_from(&self, val: BasicValueEnum<'ctx>, k: &IteratorKind) -> R<Option<BasicValueEnum<'ctx>>> {
        match k {
            // A view is its dict's handle.
            IteratorKind::DictView(..) => self.iter_state(val.into_pointer_value()).map(Some),
            IteratorKind::Container(c) if is_container(c) => self.iter_state(val.into_pointer_value()).map(Some),
            _ => Ok(None),
        }
    }

    /// One step, `{item, valid}`, of an iterator over a dict, a set or a dict view whose state
    /// is at `state`; `None` for other kinds.
    pub(crate) fn container_iter_next(&self, state: PointerValue<'ctx>, k: &IteratorKind, item_t: &Type) -> R<Option<BasicValueEnum<'ctx>>> {
        let (view, ct) = match k {
            IteratorKind::DictView(kind, d) => (
                match kind {
                    numrs_types::DictViewKind::Keys => View::Keys,
                    numrs_types::DictViewKind::Values => View::Values,
                    numrs_types::DictViewKind::Items => View::Items,
                },
                d.clone(),
            ),
            IteratorKind::Container(c) if is_container(c) => (View::Keys, c.clone()),
            _ => return Ok(None),
        };
        let (item, valid) = self.container_next(state, view, &ct, item_t)?;
        let pt = self.ctx.struct_type(&[self.vt(item_t)?, self.ctx.bool_type().into()], false);
        let agg = self.b.build_insert_value(pt.get_undef(), item, 0, "")?;
        let agg = self.b.build_insert_value(agg, valid, 1, "")?;
        Ok(Some(agg.as_basic_value_enum()))
    }

    /// A new `{handle, 0}` iterator state in the frame.
    fn iter_state(&self, h: PointerValue<'ctx>) -> R<BasicValueEnum<'ctx>> {
        let st = self.iter_state_type();
        let state = self.temp(st.into())?;
        let p0 = self.b.build_struct_gep(st, state, 0, "")?;
        self.b.build_store(p0, h)?;
        let p1 = self.b.build_struct_gep(st, state, 1, "")?;
        self.b.build_store(p1, self.i64(0))?;
        let i64t = self.ctx.i64_type();
        let n = self.rt_call(API_LEN, Some(i64t.into()), &[h.into()])?.unwrap_or(i64t.const_zero().into());
        let p2 = self.b.build_struct_gep(st, state, 2, "")?;
        self.b.build_store(p2, n)?;
        Ok(state.into())
    }

    /// What iterating `it` (an iterator variable) yields, when it goes over a dict or set.
    fn dict_view_of(&self, it: VarId) -> Option<(View, Type)> {
        let view = |k: &numrs_types::DictViewKind| match k {
            numrs_types::DictViewKind::Keys => View::Keys,
            numrs_types::DictViewKind::Values => View::Values,
            numrs_types::DictViewKind::Items => View::Items,
        };
        match self.ty(it).ok()? {
            Type::DictView(k, d) => return Some((view(&k), (*d).clone())),
            Type::Iterator(ik) => match &*ik {
                IteratorKind::DictView(k, d) => return Some((view(k), d.clone())),
                IteratorKind::Container(c) if is_container(c) => return Some((View::Keys, c.clone())),
                _ => {}
            },
            _ => {}
        }
        let src = match self.resolve_def(it)? {
            Value::GetIter(x) => *x,
            _ => it,
        };
        let st = self.ty(src).ok()?;
        if is_container(&st) {
            return Some((View::Keys, st));
        }
        let Some(Value::Call { func, .. }) = self.resolve_def(src) else { return None };
        let Ok(Type::BoundFunction(b)) = self.ty(*func) else { return None };
        if !matches!(b.1, Type::DictType(_)) {
            return None;
        }
        let view = match &*b.0 {
            "dict.keys" => View::Keys,
            "dict.values" => View::Values,
            "dict.items" => View::Items,
            _ => return None,
        };
        Some((view, b.1.clone()))
    }

    /// `iter(c)` of a dict, a set or a dict view; `None` for other iterables.
    pub(crate) fn container_getiter(&self, v: VarId, tt: &Type) -> R<Option<BasicValueEnum<'ctx>>> {
        let vt = self.ty(v)?;
        if is_container(&vt) {
            let h = self.load(v)?.into_pointer_value();
            return self.iter_state(h).map(Some);
        }
        if let Type::DictView(k, d) = &vt {
            // A view iterates again from the start each time.
            return self.container_iter_from(self.load(v)?, &IteratorKind::DictView(*k, (**d).clone()));
        }
        if let (Type::Iterator(_), Some(_)) = (&vt, self.dict_view_of(v)) {
            // A view is its own iterator.
            let _ = tt;
            return self.load(v).map(Some);
        }
        Ok(None)
    }

    /// `next(it)` over a dict, a set or a dict view; `None` for other iterators.
    pub(crate) fn container_iternext(&self, v: VarId, tt: &Type) -> R<Option<BasicValueEnum<'ctx>>> {
        let Some((view, ct)) = self.dict_view_of(v) else { return Ok(None) };
        let Type::Pair(pair) = tt else { return self.fail(format!("iternext producing {tt}")) };
        let state = self.load(v)?.into_pointer_value();
        let (item, valid) = self.container_next(state, view, &ct, &pair.0)?;
        let pt = self.vt(tt)?.into_struct_type();
        let agg = self.b.build_insert_value(pt.get_undef(), item, 0, "")?;
        let agg = self.b.build_insert_value(agg, valid, 1, "")?;
        Ok(Some(agg.as_basic_value_enum()))
    }

    /// What one step over `view` of the container type `ct` yields.
    fn view_item_type(&self, view: View, ct: &Type) -> R<Type> {
        let (k, val_t) = self.kv_of(ct)?;
        Ok(match view {
            View::Keys => k,
            View::Values => val_t,
            View::Items => Type::tuple(vec![k, val_t]),
        })
    }

    /// Whether `v` is a dict, a set or a dict view (see [`Self::container_for_each`]).
    pub(crate) fn is_container_var(&self, v: VarId) -> bool {
        self.dict_view_of(v).is_some()
    }

    /// Runs `body` on every item of `v` when it is a dict, a set or a dict view (a fresh
    /// iteration from the start, as iterating a view again in Python); `false` for other values.
    pub(crate) fn container_for_each(&mut self, v: VarId, mut body: impl FnMut(&mut Self, BasicValueEnum<'ctx>, &Type) -> R<()>) -> R<bool> {
        let Some((view, ct)) = self.dict_view_of(v) else { return Ok(false) };
        let vt = self.ty(v)?;
        let h = if is_container(&vt) || matches!(vt, Type::DictView(..)) {
            self.load(v)?.into_pointer_value()
        } else {
            let st = self.iter_state_type();
            let p0 = self.b.build_struct_gep(st, self.load(v)?.into_pointer_value(), 0, "")?;
            self.b.build_load(self.ptr_ty(), p0, "")?.into_pointer_value()
        };
        let state = self.iter_state(h)?.into_pointer_value();
        let item_t = self.view_item_type(view, &ct)?;
        let head = self.new_block("each_head");
        let bodyb = self.new_block("each_body");
        let exit = self.new_block("each_exit");
        self.b.build_unconditional_branch(head)?;
        self.b.position_at_end(head);
        let (x, valid) = self.container_next(state, view, &ct, &item_t)?;
        self.b.build_conditional_branch(valid, bodyb, exit)?;
        self.b.position_at_end(bodyb);
        body(self, x, &item_t)?;
        self.b.build_unconditional_branch(head)?;
        self.b.position_at_end(exit);
        Ok(true)
    }

    /// One step of a container iterator at `state`: the item (as `item_out`) and whether there
    /// was one.
    fn container_next(&self, state: PointerValue<'ctx>, view: View, ct: &Type, item_out: &Type) -> R<(BasicValueEnum<'ctx>, IntValue<'ctx>)> {
        let (k, val_t) = self.kv_of(ct)?;
        let pair = (item_out.clone(),);
        let st = self.iter_state_type();
        let p0 = self.b.build_struct_gep(st, state, 0, "")?;
        let h = self.b.build_load(self.ptr_ty(), p0, "")?.into_pointer_value();
        let pos = self.b.build_struct_gep(st, state, 1, "")?;
        let kout = self.storage_slot(&k)?;
        let vout = if view == View::Keys { self.ptr_ty().const_null() } else { self.storage_slot(&val_t)? };
        let i32t = self.ctx.i32_type();
        let Some(r) = self.rt_call(API_NEXT, Some(i32t.into()), &[h.into(), pos.into(), kout.into(), vout.into()])? else {
            return self.fail("internal error: dict_next returns void");
        };
        let valid = self.b.build_int_compare(IntPredicate::NE, r.into_int_value(), i32t.const_zero(), "")?;
        // As Numba's dict iterator: a dict whose size changed since the iteration started
        // ends it (items added while iterating are not visited).
        let i64t = self.ctx.i64_type();
        let n_now = self.rt_call(API_LEN, Some(i64t.into()), &[h.into()])?.unwrap_or(i64t.const_zero().into()).into_int_value();
        let p2 = self.b.build_struct_gep(st, state, 2, "")?;
        let n_then = self.b.build_load(i64t, p2, "")?.into_int_value();
        let same = self.b.build_int_compare(IntPredicate::EQ, n_now, n_then, "")?;
        let valid = self.b.build_and(valid, same, "")?;
        // The outputs are read even at the end (the loop never uses them then).
        let item: BasicValueEnum<'ctx> = match view {
            View::Keys => {
                let x = self.unspill(kout, &k)?;
                self.cast(x, &k, &pair.0)?
            }
            View::Values => {
                let x = self.unspill(vout, &val_t)?;
                self.cast(x, &val_t, &pair.0)?
            }
            View::Items => {
                let item_t = Type::tuple(vec![k.clone(), val_t.clone()]);
                let its = self.vt(&item_t)?.into_struct_type();
                let kx = self.unspill(kout, &k)?;
                let vx = self.unspill(vout, &val_t)?;
                let agg = self.b.build_insert_value(its.get_undef(), kx, 0, "")?;
                let agg = self.b.build_insert_value(agg, vx, 1, "")?;
                self.cast(agg.as_basic_value_enum(), &item_t, &pair.0)?
            }
        };
        Ok((item, valid))
    }
}
