//! Generators, as Numba lowers them: the generator function becomes a *resume* function over
//! a state that holds the resume point, the arguments and every local of the generator.
//!
//! - The state starts with a header whose layout follows from the signature alone:
//!   `{i32 resume_index, ptr resume_function, {arguments}}`. Calling a generator function
//!   (`gen(n)`) allocates a state in the caller's frame, fills the header (resume index 0)
//!   and gives a pointer to it: the generator value (`Type::Generator`).
//! - The rest of the state (the generator's variables and iterator states) is private to the
//!   generator: its size is the constant global `<resume function>.state_size`, which the
//!   caller reads (LLVM folds the load once the modules are linked, so the state is a plain
//!   stack allocation), so that editing a generator's body never re-lowers its callers.
//! - `resume(ptr exc, ptr state) -> {i32 status, {yield_type item, i1 valid}}`: the entry
//!   switches on the resume index to the start of the body or to the point after the yield
//!   that suspended it; a `yield` stores its index and returns the item; returning (or
//!   raising) marks the generator finished, and resuming a finished generator gives no item.
//!
//! - Variables holding references (arrays, lists, strings made in the generator) are null
//!   from its start (the resume index 0 path zeroes them, not the entry block, which runs on
//!   every resume) and are released when it returns or raises. A yielded reference is a new
//!   one: the consumer holds it until its next step (or its exit).
//! - Finalizing (Numba's generator finalizer): a generator abandoned while suspended at a
//!   yield still holds references. Resuming it with the index [`FINALIZE`] releases them and
//!   finishes it. Every function finalizes the generators it made at each of its exits, and
//!   before it makes the next one in the same state; the runtime finalizes a generator object
//!   Python drops.
//! - The state of a generator made inside another generator lives on the heap (its pointer
//!   in the outer state), since the outer's resume function returns at every yield.
//!
//! Like Numba's, a generator is driven by `for` loops and the functions that take iterables
//! (`list(gen(n))`).

use std::cell::{Cell, RefCell};

use inkwell::basic_block::BasicBlock;
use inkwell::builder::Builder;
use inkwell::context::Context;
use inkwell::targets::TargetData;
use inkwell::types::{BasicTypeEnum, FunctionType, StructType};
use inkwell::values::{BasicMetadataValueEnum, BasicValue, BasicValueEnum, FunctionValue, PointerValue};
use inkwell::AddressSpace;
use numrs_types::Type;

use crate::func::{CgError, FnCx, R};
use crate::types::{self, Repr};

/// Resume index of a generator that has returned or raised.
const FINISHED: u64 = numrs_abi::GENERATOR_FINISHED as u64;

/// Resume index that asks a suspended generator to release what it holds and finish.
const FINALIZE: u64 = numrs_abi::GENERATOR_FINALIZE as u64;

/// Field of the header holding the arguments.
const ARGS_FIELD: u32 = 2;

/// `RuntimeApi::alloc` and `RuntimeApi::free`.
const API_PLAIN_ALLOC: u32 = 3;
const API_PLAIN_FREE: u32 = 4;

/// The alignment of every generator state.
const STATE_ALIGN: u32 = 16;

/// The header of the state of a generator taking `args`.
pub fn header_type<'ctx>(ctx: &'ctx Context, args: &[Type]) -> Result<StructType<'ctx>, String> {
    let mut fields: Vec<BasicTypeEnum> = Vec::new();
    for a in args {
        if let Repr::Value(t) = types::repr(ctx, a)? {
            fields.push(t);
        }
    }
    let ptr = ctx.ptr_type(AddressSpace::default());
    Ok(ctx.struct_type(&[ctx.i32_type().into(), ptr.into(), ctx.struct_type(&fields, false).into()], false))
}

/// What one resume returns besides the status: `{item, valid}`.
fn step_type<'ctx>(ctx: &'ctx Context, yield_type: &Type) -> Result<StructType<'ctx>, String> {
    let item = types::value_type(ctx, yield_type)?;
    Ok(ctx.struct_type(&[item, ctx.bool_type().into()], false))
}

/// The type of the resume function of a generator yielding `yield_type`.
pub fn resume_fn_type<'ctx>(ctx: &'ctx Context, yield_type: &Type) -> Result<FunctionType<'ctx>, String> {
    let ptr = ctx.ptr_type(AddressSpace::default());
    let ret = ctx.struct_type(&[ctx.i32_type().into(), step_type(ctx, yield_type)?.into()], false);
    Ok(ret.fn_type(&[ptr.into(), ptr.into()], false))
}

/// The name of the global holding the state size of the generator whose resume function is
/// `resume`.
pub fn state_size_name(resume: &str) -> String {
    format!("{resume}.state_size")
}

/// Start the generator at `state` (with header type `header`): resume index 0, its resume
/// function, its arguments (those with a run-time value).
pub(crate) fn fill_header<'ctx>(
    ctx: &'ctx Context,
    b: &Builder<'ctx>,
    header: StructType<'ctx>,
    state: PointerValue<'ctx>,
    resume: FunctionValue<'ctx>,
    args: &[BasicValueEnum<'ctx>],
) -> Result<(), inkwell::builder::BuilderError> {
    let p0 = b.build_struct_gep(header, state, 0, "")?;
    b.build_store(p0, ctx.i32_type().const_zero())?;
    let p1 = b.build_struct_gep(header, state, 1, "")?;
    b.build_store(p1, resume.as_global_value().as_pointer_value())?;
    let args_t = header.get_field_type_at_index(ARGS_FIELD).map(|t| t.into_struct_type()).unwrap_or(header);
    let pa = b.build_struct_gep(header, state, ARGS_FIELD, "")?;
    for (k, v) in args.iter().enumerate() {
        let p = b.build_struct_gep(args_t, pa, k as u32, "")?;
        b.build_store(p, *v)?;
    }
    Ok(())
}

/// `numrs_abi::GeneratorStep` for the generator whose resume function is `resume`: one
/// resume, the item stored (storage form) at `item`; status 0 (item), 1 (error, `exc` filled)
/// or 2 (finished).
pub(crate) fn build_step<'ctx>(ctx: &'ctx Context, module: &inkwell::module::Module<'ctx>, resume: FunctionValue<'ctx>, yield_type: &Type) -> Result<FunctionValue<'ctx>, CgError> {
    let bld = |e: inkwell::builder::BuilderError| CgError { span: None, message: format!("internal LLVM builder error: {e}") };
    let ptr = ctx.ptr_type(AddressSpace::default());
    let i32t = ctx.i32_type();
    let name = format!("{}.step", resume.get_name().to_string_lossy());
    let f = module.add_function(&name, i32t.fn_type(&[ptr.into(), ptr.into(), ptr.into()], false), Some(inkwell::module::Linkage::Internal));
    let param = |i: u32| f.get_nth_param(i).map(|p| p.into_pointer_value()).ok_or_else(|| CgError { span: None, message: "internal error: step parameters".into() });
    let (state, item, exc) = (param(0)?, param(1)?, param(2)?);
    let b = ctx.create_builder();
    let entry = ctx.append_basic_block(f, "entry");
    let has_item = ctx.append_basic_block(f, "item");
    let failed = ctx.append_basic_block(f, "failed");
    let none = ctx.append_basic_block(f, "finished");
    b.position_at_end(entry);
    let res = b.build_call(resume, &[exc.into(), state.into()], "res").map_err(bld)?;
    let inkwell::values::ValueKind::Basic(res) = res.try_as_basic_value() else { return Err(CgError { span: None, message: "internal error: resume returns void".into() }) };
    let res = res.into_struct_value();
    let status = b.build_extract_value(res, 0, "").map_err(bld)?.into_int_value();
    let step = b.build_extract_value(res, 1, "").map_err(bld)?.into_struct_value();
    let valid = b.build_extract_value(step, 1, "").map_err(bld)?.into_int_value();
    let ok = ctx.append_basic_block(f, "ok");
    let is_err = b.build_int_compare(inkwell::IntPredicate::NE, status, i32t.const_zero(), "").map_err(bld)?;
    b.build_conditional_branch(is_err, failed, ok).map_err(bld)?;
    b.position_at_end(ok);
    b.build_conditional_branch(valid, has_item, none).map_err(bld)?;
    b.position_at_end(has_item);
    let x = b.build_extract_value(step, 0, "").map_err(bld)?;
    let x = crate::module::to_storage(ctx, &b, x, yield_type)?;
    b.build_store(item, x).map_err(bld)?;
    b.build_return(Some(&i32t.const_zero())).map_err(bld)?;
    b.position_at_end(failed);
    b.build_return(Some(&i32t.const_int(1, false))).map_err(bld)?;
    b.position_at_end(none);
    b.build_return(Some(&i32t.const_int(2, false))).map_err(bld)?;
    Ok(f)
}

/// Lowering state of a generator's resume function.
pub(crate) struct GenFrame<'ctx> {
    state: PointerValue<'ctx>,
    header: StructType<'ctx>,
    step: StructType<'ctx>,
    yield_type: Type,
    layout: TargetData,
    /// The byte offset of the next free byte of the state.
    next: Cell<u64>,
    /// The block after each yield, in order (resume index k + 1 for the k-th).
    resumes: RefCell<Vec<BasicBlock<'ctx>>>,
    /// Where the generator starts (resume index 0): owning slots are zeroed here, then the
    /// body runs.
    init: BasicBlock<'ctx>,
    init_b: Builder<'ctx>,
}

/// A generator state a function made: where it is (`heap`: a slot holding the pointer to a
/// heap state, null when there is none) and what it yields.
#[derive(Clone)]
pub(crate) struct GenState<'ctx> {
    at: PointerValue<'ctx>,
    heap: bool,
    yield_type: Type,
}

impl<'ctx> GenFrame<'ctx> {
    pub(crate) fn new(ctx: &'ctx Context, module: &inkwell::module::Module<'ctx>, func: FunctionValue<'ctx>, args: &[Type], yield_type: &Type) -> Result<Self, String> {
        let state = func.get_nth_param(1).ok_or("internal error: resume function without a state parameter")?.into_pointer_value();
        let header = header_type(ctx, args)?;
        let layout = TargetData::create(&module.get_data_layout().as_str().to_string_lossy());
        let next = Cell::new(layout.get_abi_size(&header));
        let init = ctx.append_basic_block(func, "init");
        let init_b = ctx.create_builder();
        init_b.position_at_end(init);
        Ok(GenFrame {
            state,
            header,
            step: step_type(ctx, yield_type)?,
            yield_type: yield_type.clone(),
            layout,
            next,
            resumes: RefCell::new(Vec::new()),
            init,
            init_b,
        })
    }
}

impl<'a, 'ctx> FnCx<'a, 'ctx> {
    /// Storage for a value of type `t` living for the whole call: an alloca, or in a
    /// generator a place in its state (everything there survives a `yield`).
    pub(crate) fn frame_alloca(&self, t: BasicTypeEnum<'ctx>, name: &str) -> R<PointerValue<'ctx>> {
        let Some(g) = &self.gen else { return Ok(self.alloca_b.build_alloca(t, name)?) };
        let align = u64::from(g.layout.get_abi_alignment(&t).max(1));
        let at = g.next.get().div_ceil(align) * align;
        g.next.set(at + g.layout.get_abi_size(&t));
        let p = unsafe { self.alloca_b.build_in_bounds_gep(self.ctx.i8_type(), g.state, &[self.i64(at as i64)], name)? };
        Ok(p)
    }

    /// Zero the slot `p` (of type `t`) when the call starts: in the entry block, or in a
    /// generator where it starts (its entry block runs on every resume).
    pub(crate) fn zero_slot(&self, p: PointerValue<'ctx>, t: BasicTypeEnum<'ctx>) -> R<()> {
        match &self.gen {
            Some(g) => g.init_b.build_store(p, t.const_zero())?,
            None => self.alloca_b.build_store(p, t.const_zero())?,
        };
        Ok(())
    }

    /// The generator's argument `k` (counting those with a run-time value), from the header.
    pub(crate) fn gen_arg(&self, k: u32) -> R<Option<BasicValueEnum<'ctx>>> {
        let Some(g) = &self.gen else { return Ok(None) };
        let pa = self.b.build_struct_gep(g.header, g.state, ARGS_FIELD, "")?;
        let args_t = g.header.get_field_type_at_index(ARGS_FIELD).map(|t| t.into_struct_type());
        let Some(ft) = args_t.and_then(|a| a.get_field_type_at_index(k)) else { return self.fail("internal error: generator argument out of range") };
        let p = self.b.build_struct_gep(args_t.unwrap_or(g.header), pa, k, "")?;
        Ok(Some(self.b.build_load(ft, p, "")?))
    }

    fn set_resume_index(&self, g: &GenFrame<'ctx>, index: u64) -> R<()> {
        let p = self.b.build_struct_gep(g.header, g.state, 0, "")?;
        self.b.build_store(p, self.ctx.i32_type().const_int(index, false))?;
        Ok(())
    }

    /// `yield v`: suspend with the item `v`; lowering goes on in the block that resumes.
    pub(crate) fn lower_yield(&mut self, v: numrs_ir::VarId) -> R<()> {
        let Some(g) = &self.gen else { return self.fail("yield outside of a generator") };
        let k = g.resumes.borrow().len() as u64 + 1;
        let vt = self.ty(v)?;
        let x = self.load(v)?;
        let x = self.cast(x, &vt, &g.yield_type)?;
        // The consumer gets a reference of its own.
        self.incref(x, &g.yield_type)?;
        self.set_resume_index(g, k)?;
        let step = self.b.build_insert_value(g.step.get_undef(), x, 0, "")?;
        let step = self.b.build_insert_value(step, self.ctx.bool_type().const_int(1, false), 1, "")?;
        self.return_step(step.as_basic_value_enum())?;
        let resume = self.new_block(&format!("resume{k}"));
        g.resumes.borrow_mut().push(resume);
        self.b.position_at_end(resume);
        Ok(())
    }

    fn return_step(&self, step: BasicValueEnum<'ctx>) -> R<()> {
        let agg = self.b.build_insert_value(self.ret_struct.get_undef(), self.ctx.i32_type().const_zero(), 0, "")?;
        let agg = self.b.build_insert_value(agg, step, 1, "")?;
        self.b.build_return(Some(&agg.as_basic_value_enum()))?;
        Ok(())
    }

    /// The generator returned: it is finished and gives no item.
    pub(crate) fn gen_return(&self) -> R<bool> {
        let Some(g) = &self.gen else { return Ok(false) };
        self.set_resume_index(g, FINISHED)?;
        self.release_all()?;
        self.return_step(g.step.const_zero().into())?;
        Ok(true)
    }

    /// Before an error return: a generator that raised is finished.
    pub(crate) fn gen_mark_finished(&self) -> R<()> {
        if let Some(g) = &self.gen {
            self.set_resume_index(g, FINISHED)?;
        }
        Ok(())
    }

    /// Ends the entry block of a generator: a switch on the resume index to `start` or the
    /// block after a yield (anything else: finished). Also defines the state size.
    pub(crate) fn gen_dispatch(&self, start: BasicBlock<'ctx>) -> R<()> {
        let Some(g) = &self.gen else { return Ok(()) };
        let i32t = self.ctx.i32_type();
        let p = self.alloca_b.build_struct_gep(g.header, g.state, 0, "")?;
        let index = self.alloca_b.build_load(i32t, p, "resume_index")?.into_int_value();
        let done = self.new_block("finished");
        let finalize = self.new_block("finalize");
        g.init_b.build_unconditional_branch(start)?;
        let mut cases = vec![(i32t.const_zero(), g.init), (i32t.const_int(FINALIZE, false), finalize)];
        for (k, b) in g.resumes.borrow().iter().enumerate() {
            cases.push((i32t.const_int(k as u64 + 1, false), *b));
        }
        self.alloca_b.build_switch(index, done, &cases)?;
        self.b.position_at_end(done);
        self.return_step(g.step.const_zero().into())?;
        // Abandoned at a yield: release what it holds (every owning slot is null or live).
        self.b.position_at_end(finalize);
        self.set_resume_index(g, FINISHED)?;
        self.release_all()?;
        self.return_step(g.step.const_zero().into())?;
        let size = g.next.get().div_ceil(u64::from(STATE_ALIGN)) * u64::from(STATE_ALIGN);
        let name = state_size_name(&self.func.get_name().to_string_lossy());
        let global = self.module.add_global(self.ctx.i64_type(), None, &name);
        global.set_initializer(&self.ctx.i64_type().const_int(size, false));
        global.set_constant(true);
        Ok(())
    }

    /// A call of a generator function: a new state in this frame, its header filled in.
    /// `resume` is the generator's resume function, `args` the values of its arguments
    /// (those with a run-time value).
    pub(crate) fn make_generator(&self, resume: FunctionValue<'ctx>, arg_types: &[Type], yield_type: &Type, args: &[BasicMetadataValueEnum<'ctx>]) -> R<BasicValueEnum<'ctx>> {
        let header = header_type(self.ctx, arg_types).map_err(|m| CgError { span: self.span, message: m })?;
        let i64t = self.ctx.i64_type();
        let name = state_size_name(&resume.get_name().to_string_lossy());
        let size_global = self.module.get_global(&name).unwrap_or_else(|| {
            let g = self.module.add_global(i64t, None, &name);
            g.set_constant(true);
            g
        });
        let state = if self.gen.is_some() {
            // In a generator: a heap state, whose pointer lives in this generator's state.
            let ptr = self.ctx.ptr_type(AddressSpace::default());
            let slot = self.frame_alloca(ptr.into(), "generator")?;
            self.zero_slot(slot, ptr.into())?;
            let st = GenState { at: slot, heap: true, yield_type: yield_type.clone() };
            self.gen_finalize(&st)?;
            self.gen_states.borrow_mut().push(st);
            let size = self.b.build_load(i64t, size_global.as_pointer_value(), "state_size")?.into_int_value();
            let alloc = self.api_fn_ptr(API_PLAIN_ALLOC)?;
            let state = self.b.build_indirect_call(ptr.fn_type(&[i64t.into()], false), alloc, &[size.into()], "state")?;
            let inkwell::values::ValueKind::Basic(state) = state.try_as_basic_value() else { return self.fail("internal error: alloc returns void") };
            let state = state.into_pointer_value();
            let null = self.b.build_is_null(state, "")?;
            self.guard(null, numrs_abi::ExcKind::MemoryError, "cannot allocate a generator")?;
            self.b.build_store(slot, state)?;
            state
        } else {
            let size = self.alloca_b.build_load(i64t, size_global.as_pointer_value(), "state_size")?.into_int_value();
            let state = self.alloca_b.build_array_alloca(self.ctx.i8_type(), size, "generator")?;
            if let Some(inst) = state.as_instruction() {
                inst.set_alignment(STATE_ALIGN).map_err(|m| CgError { span: self.span, message: format!("internal error: {m}") })?;
            }
            // Nothing to finalize until it is made; a state made again (in a loop) finalizes
            // the one before.
            let p = self.alloca_b.build_struct_gep(header, state, 0, "")?;
            self.alloca_b.build_store(p, self.ctx.i32_type().const_int(FINISHED, false))?;
            let st = GenState { at: state, heap: false, yield_type: yield_type.clone() };
            self.gen_finalize(&st)?;
            self.gen_states.borrow_mut().push(st);
            state
        };
        let vals = args.iter().map(|a| BasicValueEnum::try_from(*a)).collect::<Result<Vec<_>, _>>();
        let vals = vals.map_err(|_| CgError { span: self.span, message: "internal error: generator argument".into() })?;
        fill_header(self.ctx, &self.b, header, state, resume, &vals)?;
        Ok(state.into())
    }

    /// Finalize the generator state `st` if it is suspended at a yield (see the module
    /// documentation); a heap state is also freed.
    pub(crate) fn gen_finalize(&self, st: &GenState<'ctx>) -> R<()> {
        let ptr = self.ctx.ptr_type(AddressSpace::default());
        let i32t = self.ctx.i32_type();
        let after = self.new_block("gen_finalized");
        let state = if st.heap {
            let state = self.b.build_load(ptr, st.at, "")?.into_pointer_value();
            let some = self.new_block("gen_some");
            let null = self.b.build_is_null(state, "")?;
            self.b.build_conditional_branch(null, after, some)?;
            self.b.position_at_end(some);
            state
        } else {
            st.at
        };
        let header = header_type(self.ctx, &[]).map_err(|m| CgError { span: self.span, message: m })?;
        let pi = self.b.build_struct_gep(header, state, 0, "")?;
        let index = self.b.build_load(i32t, pi, "")?.into_int_value();
        let k = self.b.build_int_sub(index, i32t.const_int(1, false), "")?;
        let live = self.b.build_int_compare(inkwell::IntPredicate::ULT, k, i32t.const_int(FINALIZE - 1, false), "")?;
        let fin = self.new_block("gen_finalize");
        let freed = self.new_block("gen_free");
        self.b.build_conditional_branch(live, fin, freed)?;
        self.b.position_at_end(fin);
        self.b.build_store(pi, i32t.const_int(FINALIZE, false))?;
        let fty = resume_fn_type(self.ctx, &st.yield_type).map_err(|m| CgError { span: self.span, message: m })?;
        let pf = self.b.build_struct_gep(header, state, 1, "")?;
        let f = self.b.build_load(ptr, pf, "resume")?.into_pointer_value();
        self.b.build_indirect_call(fty, f, &[self.exc_ptr().into(), state.into()], "")?;
        self.b.build_unconditional_branch(freed)?;
        self.b.position_at_end(freed);
        if st.heap {
            let free = self.api_fn(API_PLAIN_FREE, false)?;
            self.b.build_indirect_call(self.ctx.void_type().fn_type(&[ptr.into()], false), free, &[state.into()], "")?;
            self.b.build_store(st.at, ptr.const_null())?;
        }
        self.b.build_unconditional_branch(after)?;
        self.b.position_at_end(after);
        Ok(())
    }

    /// The next `{item (as item_t), valid}` of the generator at `state` yielding `yield_type`:
    /// one call of its resume function (errors propagate).
    pub(crate) fn gen_next(&self, state: PointerValue<'ctx>, yield_type: &Type, item_t: &Type) -> R<BasicValueEnum<'ctx>> {
        let fty = resume_fn_type(self.ctx, yield_type).map_err(|m| CgError { span: self.span, message: m })?;
        let header = header_type(self.ctx, &[]).map_err(|m| CgError { span: self.span, message: m })?;
        let pf = self.b.build_struct_gep(header, state, 1, "")?;
        let f = self.b.build_load(self.ctx.ptr_type(AddressSpace::default()), pf, "resume")?.into_pointer_value();
        let res = self.b.build_indirect_call(fty, f, &[self.exc_ptr().into(), state.into()], "step")?;
        let inkwell::values::ValueKind::Basic(res) = res.try_as_basic_value() else { return self.fail("internal error: resume returns void") };
        let res = res.into_struct_value();
        let status = self.b.build_extract_value(res, 0, "")?.into_int_value();
        let mut step = self.b.build_extract_value(res, 1, "")?.into_struct_value();
        if self.generator_error_dropped() {
            // Numba stores the exception and ends the loop; nothing checks it once the loop
            // leaves the `try` body, so it is lost.
            let failed = self.b.build_int_compare(inkwell::IntPredicate::NE, status, self.ctx.i32_type().const_zero(), "")?;
            let from = self.b.get_insert_block().ok_or_else(|| CgError { span: self.span, message: "no insert block".into() })?;
            let drop_bb = self.new_block("gen_error_dropped");
            let join = self.new_block("gen_step");
            self.b.build_conditional_branch(failed, drop_bb, join)?;
            self.b.position_at_end(drop_bb);
            self.discard_exception(self.exc_ptr())?;
            let dropped_end = self.b.get_insert_block().ok_or_else(|| CgError { span: self.span, message: "no insert block".into() })?;
            self.b.build_unconditional_branch(join)?;
            self.b.position_at_end(join);
            let phi = self.b.build_phi(step.get_type(), "step")?;
            phi.add_incoming(&[(&step, from), (&step.get_type().const_zero(), dropped_end)]);
            step = phi.as_basic_value().into_struct_value();
        } else {
            self.check_status(status)?;
        }
        self.raises.set(true);
        let x = self.b.build_extract_value(step, 0, "")?;
        let valid = self.b.build_extract_value(step, 1, "")?;
        if crate::arrays::needs_rc(yield_type) {
            // The item is a new reference.
            self.hold_item(x, yield_type)?;
        }
        let x = self.cast(x, yield_type, item_t)?;
        let pt = self.ctx.struct_type(&[self.vt(item_t)?, self.ctx.bool_type().into()], false);
        let out = self.b.build_insert_value(pt.get_undef(), x, 0, "")?;
        let out = self.b.build_insert_value(out, valid, 1, "")?;
        Ok(out.as_basic_value_enum())
    }
}
