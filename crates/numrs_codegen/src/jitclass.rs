//! `@jitclass` instances in compiled code, after Numba's jitclass model
//! (`numba/experimental/jitclass/base.py`).
//!
//! An instance is a pointer to a [`numrs_abi::MemInfo`] whose data holds the fields, one after
//! the other as `numrs_abi::layout` lays out their types (booleans are bytes). The constructor
//! allocates it zeroed and calls the class's `__init__` specialization with it; methods,
//! property getters and setters are calls of their specializations with the instance first
//! (static methods without it).
//!
//! Reference counts follow the list rules (`lists.rs`): a variable owns one reference to its
//! instance and the instance one to each reference-counted field. Reading a field gives a
//! borrowed value; storing one takes a new reference and drops the old value's. When the last
//! reference goes, `numrs.jitclass_drop.<class>` (generated per class, see [`drop_fn`]) drops
//! the fields' references and frees the instance.

use inkwell::context::Context;
use inkwell::module::{Linkage, Module};
use inkwell::types::StructType;
use inkwell::values::{BasicValueEnum, FunctionValue, PointerValue};
use inkwell::AddressSpace;
use numrs_ir::{Value, VarId};
use numrs_types::{ClassMember, JitClassType, Type};

use crate::func::{CgError, FnCx, R};
use crate::lists::{from_storage, meminfo_type, to_storage, Rc};
use crate::types;

/// The fields' storage, in order.
pub(crate) fn data_type<'ctx>(ctx: &'ctx Context, class: &JitClassType) -> R<StructType<'ctx>> {
    let mut fields = Vec::with_capacity(class.fields.len());
    for (name, t) in &class.fields {
        let st = types::storage_type(ctx, t)
            .map_err(|m| CgError { span: None, message: format!("field '{name}' of jitclass {}: {m}", class.name) })?;
        fields.push(st);
    }
    Ok(ctx.struct_type(&fields, false))
}

/// `void numrs.jitclass_drop.<class>(MemInfo *instance)`: drops the references the fields of an
/// instance own, then frees it (its reference count reached zero).
pub(crate) fn drop_fn<'ctx>(ctx: &'ctx Context, module: &Module<'ctx>, class: &JitClassType) -> R<FunctionValue<'ctx>> {
    let name = format!("numrs.jitclass_drop.{}#{:x}", class.name, class.id);
    if let Some(f) = module.get_function(&name) {
        return Ok(f);
    }
    let ptr = ctx.ptr_type(AddressSpace::default());
    let f = module.add_function(&name, ctx.void_type().fn_type(&[ptr.into()], false), Some(Linkage::Internal));
    let b = ctx.create_builder();
    b.position_at_end(ctx.append_basic_block(f, "entry"));
    let rc = Rc { ctx, module, b: &b, func: f };
    let Some(mi) = f.get_nth_param(0).map(|p| p.into_pointer_value()) else {
        return Err(CgError { span: None, message: "internal error: jitclass_drop without parameter".into() });
    };
    let dt = data_type(ctx, class)?;
    let data = b.build_load(ptr, b.build_struct_gep(meminfo_type(ctx), mi, 1, "")?, "data")?.into_pointer_value();
    for (i, (_, t)) in class.fields.iter().enumerate() {
        let t = &t.without_deferred();
        if !crate::arrays::needs_rc(t) {
            continue;
        }
        let st = types::storage_type(ctx, t).map_err(|m| CgError { span: None, message: m })?;
        let p = b.build_struct_gep(dt, data, i as u32, "")?;
        let x = b.build_load(st, p, "")?;
        let x = from_storage(ctx, &b, x, t)?;
        rc.change(x, t, false)?;
    }
    rc.release(mi)?;
    b.build_return(None)?;
    Ok(f)
}

impl<'a, 'ctx> FnCx<'a, 'ctx> {
    /// A pointer to field `name` of an instance, with the field's index and type.
    fn field_ptr(&self, instance: PointerValue<'ctx>, class: &JitClassType, name: &str) -> R<Option<(PointerValue<'ctx>, Type)>> {
        let Some(i) = class.fields.iter().position(|(n, _)| &**n == name) else { return Ok(None) };
        let dt = data_type(self.ctx, class)?;
        let data = self.mi_data(instance)?;
        Ok(Some((self.b.build_struct_gep(dt, data, i as u32, "")?, class.fields[i].1.without_deferred())))
    }

    /// `instance.attr`: a field (borrowed) or what a property's getter returns (owned). A bound
    /// method has no value (it is called where it is used: see `jitclass_call`).
    pub(crate) fn jitclass_getattr(&mut self, value: VarId, class: &JitClassType, attr: &str, tt: &Type) -> R<BasicValueEnum<'ctx>> {
        let it = self.ty(value)?;
        let instance = self.load(value)?.into_pointer_value();
        if let Some((p, t)) = self.field_ptr(instance, class, attr)? {
            let x = self.b.build_load(self.storage_t(&t)?, p, "")?;
            let x = from_storage(self.ctx, &self.b, x, &t)?;
            return self.cast(x, &t, tt);
        }
        match class.member(attr) {
            Some(ClassMember::Property { get, .. }) => {
                let get = get.clone();
                self.call_jit(&get, Some((instance.into(), it)), &[], None, &[], tt)
            }
            _ => self.fail(format!("attribute '{attr}' of {it}")),
        }
    }

    /// `target.attr = value` on an instance: a field takes a new reference to the value
    /// (converted to the field's type), a property's setter is called.
    pub(crate) fn jitclass_setattr(&mut self, target: VarId, attr: &str, value: VarId) -> R<()> {
        let it = self.ty(target)?;
        let Type::JitClassInstance(class) = &it else {
            return self.fail(format!("setting attribute '{attr}' of {it} is not supported by numrs build yet"));
        };
        let instance = self.load(target)?.into_pointer_value();
        let vt = self.ty(value)?;
        let v = self.load(value)?;
        if let Some((p, t)) = self.field_ptr(instance, class, attr)? {
            let v = self.cast(v, &vt, &t)?;
            // The instance may outlive the call: an argument's array is adopted.
            let v = if crate::arrays::needs_rc(&t) { self.owned_for_store(v, &t)? } else { v };
            let st = self.storage_t(&t)?;
            let old = self.b.build_load(st, p, "old")?;
            let old = from_storage(self.ctx, &self.b, old, &t)?;
            let s = to_storage(self.ctx, &self.b, v, &t)?;
            self.b.build_store(p, s)?;
            if crate::arrays::needs_rc(&t) {
                self.decref(old, &t)?;
            }
            return Ok(());
        }
        match class.member(attr) {
            Some(ClassMember::Property { set: Some(set), .. }) => {
                let set = set.clone();
                self.call_jit(&set, Some((instance.into(), it.clone())), &[value], None, &[], &Type::NoneType)?;
                self.fresh = false;
                Ok(())
            }
            _ => self.fail(format!("setting attribute '{attr}' of {it} is not supported by numrs build yet")),
        }
    }

    /// An operator or builtin on an instance (`types[0]`) as `numrs_types::jitclass_op`
    /// resolved it.
    pub(crate) fn jitclass_op(&mut self, op: numrs_types::JitClassOp, operands: &[VarId], types: &[Type], target: &Type) -> R<BasicValueEnum<'ctx>> {
        use numrs_types::JitClassOp;
        let recv = || -> R<(BasicValueEnum<'ctx>, Type)> { Ok((self.load(operands[0])?, types[0].clone())) };
        match op {
            JitClassOp::Method(d) => {
                let r = recv()?;
                self.call_jit(&d, Some(r), &operands[1..], None, &[], target)
            }
            JitClassOp::NotEq => {
                let eq = self.intrinsic("operator.eq", operands, &Type::boolean())?.into_int_value();
                let ne = self.b.build_not(eq, "")?;
                self.cast(ne.into(), &Type::boolean(), target)
            }
            JitClassOp::ReflectedGt => {
                let swapped = [operands[1], operands[0]];
                self.intrinsic("operator.gt", &swapped, target)
            }
            JitClassOp::LenTruth(d) => {
                let r = recv()?;
                let n = self.call_jit(&d, Some(r), &[], None, &[], &Type::int64())?.into_int_value();
                let t = self.b.build_int_compare(inkwell::IntPredicate::NE, n, n.get_type().const_zero(), "")?;
                self.cast(t.into(), &Type::boolean(), target)
            }
            JitClassOp::AlwaysTrue => self.cast(self.ctx.bool_type().const_int(1, false).into(), &Type::boolean(), target),
            JitClassOp::ReprText => {
                let text = format!("<object type:{}>", types[0]);
                let s = self.str_const(&text);
                self.cast(s.into(), &Type::StringLiteral(text.as_str().into()), target)
            }
            JitClassOp::FloatOf(d) => {
                let r = recv()?;
                let x = self.call_jit(&d, Some(r), &[], None, &[], &Type::float64())?;
                self.cast(x, &Type::float64(), target)
            }
            JitClassOp::Complex(d) => {
                let r = recv()?;
                self.call_jit(&d, Some(r), &[], None, &[], target)
            }
            // `complex(float(x))`: the float, as float64, widened to the complex type.
            JitClassOp::ComplexOfFloat => {
                let x = self.intrinsic("builtins.float", &operands[..1], &Type::float64())?;
                self.cast(x, &Type::float64(), target)
            }
        }
    }

    /// A call of a jitclass (its constructor) or of a method bound to an instance; `None`
    /// for other calls.
    pub(crate) fn jitclass_call(
        &mut self,
        func: VarId,
        args: &[VarId],
        vararg: Option<VarId>,
        kws: &[(String, VarId)],
        tt: &Type,
    ) -> R<Option<BasicValueEnum<'ctx>>> {
        match self.ty(func)? {
            Type::JitClass(class) => {
                let Some(ClassMember::Method(init)) = class.member("__init__").cloned() else {
                    return self.fail(format!("jitclass {} has no __init__", class.name));
                };
                let dt = data_type(self.ctx, &class)?;
                let size = dt.size_of().ok_or_else(|| CgError { span: self.span, message: "internal error: jitclass size".into() })?;
                let mi = self.alloc_mi(size)?;
                let data = self.mi_data(mi)?;
                self.b.build_memset(data, 1, self.ctx.i8_type().const_zero(), size)?;
                let instance = Type::JitClassInstance(class.clone());
                // If `__init__` raises, the instance is dropped (with the fields it set).
                self.owned_temps.push((mi.into(), instance.clone()));
                let called = self.call_jit(&init, Some((mi.into(), instance)), args, vararg, kws, &Type::NoneType);
                self.owned_temps.pop();
                called?;
                // The new instance's one reference goes to the variable.
                self.fresh = true;
                Ok(Some(mi.into()))
            }
            Type::BoundFunction(b) => {
                let Some(name) = numrs_types::jitclass_method_of_key(&b.0) else { return Ok(None) };
                let Type::JitClassInstance(class) = &b.1 else { return Ok(None) };
                let receiver = match self.defs.get(&func) {
                    Some(Value::GetAttr { value, .. }) => *value,
                    _ => return self.fail(format!("method '{name}' of {} called without its instance", b.1)),
                };
                match class.member(name).cloned() {
                    Some(ClassMember::Method(d)) => {
                        let recv = self.load(receiver)?;
                        let rt = self.ty(receiver)?;
                        let recv = self.cast(recv, &rt, &b.1)?;
                        self.call_jit(&d, Some((recv, b.1.clone())), args, vararg, kws, tt).map(Some)
                    }
                    Some(ClassMember::StaticMethod(d)) => self.call_jit(&d, None, args, vararg, kws, tt).map(Some),
                    _ => self.fail(format!("'{name}' is not a method of {}", b.1)),
                }
            }
            _ => Ok(None),
        }
    }
}

/// The Python entry of a jitclass's constructor for one `__init__` specialization (`init`,
/// whose arguments after the instance are `args`): a uniform wrapper (`numrs_abi::WrapperFn`)
/// that allocates the instance zeroed, calls `init` with it, and writes it (one reference) to
/// `out`; when `__init__` raises, the instance is dropped and the status returned.
pub(crate) fn build_ctor_wrapper<'ctx>(
    ctx: &'ctx Context,
    module: &Module<'ctx>,
    init: FunctionValue<'ctx>,
    args: &[Type],
    class: &std::sync::Arc<JitClassType>,
    name: &str,
) -> R<FunctionValue<'ctx>> {
    let instance = Type::JitClassInstance(class.clone());
    let (w, b, vals) = crate::module::wrapper_entry(ctx, module, args, &instance, name)?;
    let param = |i: u32| w.get_nth_param(i).map(|p| p.into_pointer_value()).ok_or_else(|| CgError { span: None, message: "internal error: wrapper parameter".into() });
    let (out, exc) = (param(1)?, param(2)?);
    let ptr = ctx.ptr_type(AddressSpace::default());
    let i32t = ctx.i32_type();
    let i64t = ctx.i64_type();
    let dt = data_type(ctx, class)?;
    let size = dt.size_of().ok_or_else(|| CgError { span: None, message: "internal error: jitclass size".into() })?;
    // RuntimeApi::meminfo_alloc (the runtime is loaded: only it calls wrappers).
    let slot = crate::lists::runtime_slot(ctx, module);
    let api = b.build_load(ptr, slot, "rt")?.into_pointer_value();
    let api_t = ctx.struct_type(&[i32t.into(), ptr.into()], false);
    let fp = b.build_struct_gep(api_t, api, 1, "")?;
    let alloc = b.build_load(ptr, fp, "meminfo_alloc")?.into_pointer_value();
    let alloc_t = ptr.fn_type(&[i64t.into(), i64t.into()], false);
    let mi = b.build_indirect_call(alloc_t, alloc, &[size.into(), i64t.const_int(16, false).into()], "mi")?;
    let inkwell::values::ValueKind::Basic(mi) = mi.try_as_basic_value() else {
        return Err(CgError { span: None, message: "internal error: meminfo_alloc returns void".into() });
    };
    let mi = mi.into_pointer_value();
    let oom = ctx.append_basic_block(w, "oom");
    let init_bb = ctx.append_basic_block(w, "init");
    b.build_conditional_branch(b.build_is_null(mi, "")?, oom, init_bb)?;
    b.position_at_end(oom);
    let pk = b.build_struct_gep(crate::func::exc_info_type(ctx), exc, 0, "")?;
    b.build_store(pk, i32t.const_int(numrs_abi::ExcKind::MemoryError as u64, false))?;
    b.build_return(Some(&i32t.const_int(1, false)))?;
    b.position_at_end(init_bb);
    let data = b.build_load(ptr, b.build_struct_gep(meminfo_type(ctx), mi, 1, "")?, "data")?.into_pointer_value();
    b.build_memset(data, 1, ctx.i8_type().const_zero(), size)?;
    let mut full: Vec<inkwell::values::BasicMetadataValueEnum> = vec![exc.into(), mi.into()];
    full.extend(vals.into_iter().map(inkwell::values::BasicMetadataValueEnum::from));
    let res = b.build_call(init, &full, "res")?;
    let inkwell::values::ValueKind::Basic(res) = res.try_as_basic_value() else {
        return Err(CgError { span: None, message: "internal error: __init__ returns void".into() });
    };
    let status = b.build_extract_value(res.into_struct_value(), 0, "status")?.into_int_value();
    let ok = b.build_int_compare(inkwell::IntPredicate::EQ, status, i32t.const_zero(), "")?;
    let done = ctx.append_basic_block(w, "done");
    let failed = ctx.append_basic_block(w, "failed");
    b.build_conditional_branch(ok, done, failed)?;
    b.position_at_end(failed);
    // The constructor's reference goes (with the fields `__init__` set, unless `__init__`
    // stored the instance somewhere that keeps it).
    let old = b.build_atomicrmw(
        inkwell::AtomicRMWBinOp::Sub,
        mi,
        i64t.const_int(1, false),
        inkwell::AtomicOrdering::AcquireRelease,
    )?;
    let last = b.build_int_compare(inkwell::IntPredicate::EQ, old, i64t.const_int(1, false), "")?;
    let drop_bb = ctx.append_basic_block(w, "drop");
    let ret_bb = ctx.append_basic_block(w, "raise");
    b.build_conditional_branch(last, drop_bb, ret_bb)?;
    b.position_at_end(drop_bb);
    b.build_call(drop_fn(ctx, module, class)?, &[mi.into()], "")?;
    b.build_unconditional_branch(ret_bb)?;
    b.position_at_end(ret_bb);
    b.build_return(Some(&status))?;
    b.position_at_end(done);
    b.build_store(out, mi)?;
    b.build_return(Some(&i32t.const_zero()))?;
    Ok(w)
}
