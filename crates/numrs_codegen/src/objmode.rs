//! `with objmode(...):` blocks: compiled code hands the block's inputs to the runtime, which
//! runs the block's Python source in the interpreter (`RuntimeApi::objmode`) and writes its
//! outputs back with the types the `objmode(...)` call declares.

use inkwell::module::Linkage;
use inkwell::AddressSpace;
use numrs_ir::{StmtKind, Value, VarId};
use numrs_types::Type;

use crate::func::{FnCx, R};

/// `RuntimeApi::objmode`.
const API_OBJMODE: u32 = 23;

impl<'a, 'ctx> FnCx<'a, 'ctx> {
    /// Runs object-mode block `block` with the values of `inputs`; its outputs are queued for
    /// the `ObjModeOut`s that follow.
    pub(crate) fn objmode_block(&mut self, block: u32, inputs: &[VarId]) -> R<()> {
        let Some(info) = self.ir.objmode_blocks.get(block as usize) else { return self.fail("internal error: unknown objmode block") };
        let Some(text) = self.location.and_then(|l| l.objmode.iter().find(|t| t.body == info.body)) else {
            return self.fail("the source of this objmode block is not available to numrs build");
        };
        let (prelude, source) = match &text.text {
            Ok(t) => t.clone(),
            Err(m) => return self.fail(m.clone()),
        };
        let outputs = self.objmode_output_types(block);
        if outputs.len() != info.outputs.len() {
            return self.fail("internal error: the outputs of an objmode block");
        }
        let ptr = self.ctx.ptr_type(AddressSpace::default());
        let err = |e: crate::func::CgError, span| crate::func::CgError { span: e.span.or(span), message: e.message };
        let mut desc = format!("{}\n", numrs_abi::OBJMODE_MAGIC);
        let in_arr = self.temp(ptr.array_type(inputs.len().max(1) as u32).into())?;
        for (k, (v, name)) in inputs.iter().zip(&info.inputs).enumerate() {
            let t = self.ty(*v)?;
            let ut = t.unliteral();
            if crate::types::is_phantom(&ut) || matches!(ut, Type::MakeFunction(..) | Type::Dispatcher(_) | Type::Module(_)) {
                return self.fail(format!("passing '{name}' ({t}) into an objmode block is not supported by numrs build yet"));
            }
            let x = self.load(*v)?;
            let x = self.cast(x, &t, &ut)?;
            let st = crate::types::storage_type(self.ctx, &ut).map_err(|m| self.cg_err(m))?;
            let slot = self.temp(st)?;
            self.b.build_store(slot, crate::module::to_storage(self.ctx, &self.b, x, &ut).map_err(|e| err(e, self.span))?)?;
            let p = unsafe { self.b.build_in_bounds_gep(ptr, in_arr, &[self.i64(k as i64)], "")? };
            self.b.build_store(p, slot)?;
            desc.push_str(&format!("in\t{name}\t{ut}\n"));
        }
        let out_arr = self.temp(ptr.array_type(outputs.len().max(1) as u32).into())?;
        let mut slots = Vec::new();
        for (k, (t, name)) in outputs.iter().zip(&info.outputs).enumerate() {
            let st = crate::types::storage_type(self.ctx, t).map_err(|m| self.cg_err(m))?;
            let slot = self.temp(st)?;
            let p = unsafe { self.b.build_in_bounds_gep(ptr, out_arr, &[self.i64(k as i64)], "")? };
            self.b.build_store(p, slot)?;
            desc.push_str(&format!("out\t{name}\t{t}\n"));
            slots.push((slot, t.clone()));
        }
        desc.push_str(&format!("prelude\t{}\n{prelude}source\t{}\n{source}", prelude.len(), source.len()));
        if desc.contains('\0') {
            return self.fail("an objmode block containing a NUL character");
        }
        let data = self.ctx.const_string(desc.as_bytes(), true);
        let g = self.module.add_global(data.get_type(), None, "numrs.objmode");
        g.set_initializer(&data);
        g.set_constant(true);
        g.set_linkage(Linkage::Private);
        let f = self.api_fn_ptr(API_OBJMODE)?;
        let ft = self.ctx.i32_type().fn_type(&[ptr.into(), ptr.into(), ptr.into(), ptr.into()], false);
        let call = self.b.build_indirect_call(
            ft,
            f,
            &[g.as_pointer_value().into(), in_arr.into(), out_arr.into(), self.exc_ptr().into()],
            "objmode",
        )?;
        let inkwell::values::ValueKind::Basic(status) = call.try_as_basic_value() else { return self.fail("internal error: objmode returns void") };
        self.raises.set(true);
        self.check_status(status.into_int_value())?;
        self.objmode_out = slots.into();
        Ok(())
    }

    /// A method of a `numpy.random.Generator` argument (`rng.normal(0.0, 1.0, n)`): run by
    /// NumPy in the interpreter through the object-mode service (`RuntimeApi::objmode`), so the
    /// draws are NumPy's own, which Numba's ports of its distributions reproduce; the result is
    /// unboxed as the type the method is typed with. `None`: not such a call.
    pub(crate) fn generator_call(&mut self, func: VarId, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<Option<inkwell::values::BasicValueEnum<'ctx>>> {
        let Type::BoundFunction(b) = self.ty(func)? else { return Ok(None) };
        let Some(method) = b.0.strip_prefix("Generator.") else { return Ok(None) };
        let Some(Value::GetAttr { value: recv, .. }) = self.resolve_def(func) else {
            return self.fail(format!("method {method} of an unknown Generator"));
        };
        let ptr = self.ctx.ptr_type(AddressSpace::default());
        let mut desc = format!("{}\n", numrs_abi::OBJMODE_MAGIC);
        let mut values: Vec<(inkwell::values::BasicValueEnum<'ctx>, Type)> = vec![(self.load(*recv)?, Type::NumPyRandomGenerator)];
        desc.push_str("in\trng\tNumPyRandomGeneratorType\n");
        let mut call_args: Vec<String> = Vec::new();
        let named = args.iter().map(|a| (None, *a)).chain(kws.iter().map(|(k, a)| (Some(k.as_str()), *a)));
        for (k, (name, a)) in named.enumerate() {
            let t = self.ty(a)?;
            let text = match &t {
                Type::Omitted(_) => continue,
                // A dtype is a class with no run-time value: written as NumPy's.
                Type::NumberClass(c) | Type::DType(c) => match c.as_number() {
                    Some(n) => format!("np.{}", if n == numrs_types::NumericKind::Boolean { "bool_" } else { n.name() }),
                    None => return self.fail(format!("Generator.{method} with a dtype of {t}")),
                },
                Type::NoneType => "None".to_string(),
                _ => {
                    let ut = t.unliteral();
                    let x = self.load(a)?;
                    let x = self.cast(x, &t, &ut)?;
                    values.push((x, ut.clone()));
                    desc.push_str(&format!("in\ta{k}\t{ut}\n"));
                    format!("a{k}")
                }
            };
            call_args.push(match name {
                Some(n) => format!("{n}={text}"),
                None => text,
            });
        }
        let returns = !matches!(tt, Type::NoneType);
        if returns {
            desc.push_str(&format!("out\tout\t{tt}\n"));
        }
        let source = format!("{}rng.{method}({})\n", if returns { "out = " } else { "" }, call_args.join(", "));
        let prelude = "import numpy as np\n";
        desc.push_str(&format!("prelude\t{}\n{prelude}source\t{}\n{source}", prelude.len(), source.len()));
        let in_arr = self.temp(ptr.array_type(values.len() as u32).into())?;
        for (k, (x, t)) in values.iter().enumerate() {
            let st = crate::types::storage_type(self.ctx, t).map_err(|m| self.cg_err(m))?;
            let slot = self.temp(st)?;
            self.b.build_store(slot, crate::module::to_storage(self.ctx, &self.b, *x, t)?)?;
            let p = unsafe { self.b.build_in_bounds_gep(ptr, in_arr, &[self.i64(k as i64)], "")? };
            self.b.build_store(p, slot)?;
        }
        let out_arr = self.temp(ptr.array_type(1).into())?;
        let out_slot = if returns {
            let st = crate::types::storage_type(self.ctx, tt).map_err(|m| self.cg_err(m))?;
            let slot = self.temp(st)?;
            let p = unsafe { self.b.build_in_bounds_gep(ptr, out_arr, &[self.i64(0)], "")? };
            self.b.build_store(p, slot)?;
            Some((slot, st))
        } else {
            None
        };
        let data = self.ctx.const_string(desc.as_bytes(), true);
        let g = self.module.add_global(data.get_type(), None, "numrs.generator");
        g.set_initializer(&data);
        g.set_constant(true);
        g.set_linkage(Linkage::Private);
        let f = self.api_fn_ptr(API_OBJMODE)?;
        let ft = self.ctx.i32_type().fn_type(&[ptr.into(), ptr.into(), ptr.into(), ptr.into()], false);
        let call = self.b.build_indirect_call(ft, f, &[g.as_pointer_value().into(), in_arr.into(), out_arr.into(), self.exc_ptr().into()], "generator")?;
        let inkwell::values::ValueKind::Basic(status) = call.try_as_basic_value() else { return self.fail("internal error: objmode returns void") };
        self.raises.set(true);
        self.check_status(status.into_int_value())?;
        match out_slot {
            Some((slot, st)) => {
                let v = self.b.build_load(st, slot, "")?;
                let v = crate::module::from_storage(self.ctx, &self.b, v, tt)?;
                // A new reference (the runtime unboxed it for compiled code).
                self.fresh = true;
                Ok(Some(v))
            }
            None => Ok(Some(self.vt(tt)?.const_zero())),
        }
    }

    /// The types of the outputs of block `block`: the targets of the `ObjModeOut`s after it.
    fn objmode_output_types(&self, block: u32) -> Vec<Type> {
        for b in &self.ir.blocks {
            let Some(at) = b.stmts.iter().position(|s| matches!(&s.kind, StmtKind::Assign { value: Value::ObjModeBlock { block: k, .. }, .. } if *k == block)) else {
                continue;
            };
            // Each output is assigned to its variable right after it is read.
            let mut out = Vec::new();
            for s in &b.stmts[at + 1..] {
                match &s.kind {
                    StmtKind::Assign { target, value: Value::ObjModeOut(_) | Value::ObjModeOutOf(_) } => match self.ty(*target) {
                        Ok(t) => out.push(t),
                        Err(_) => break,
                    },
                    StmtKind::Assign { value: Value::Var(_), .. } => {}
                    _ => break,
                }
            }
            return out;
        }
        Vec::new()
    }
}
