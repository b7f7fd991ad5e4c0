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
        let mut values = Vec::new();
        for (v, name) in inputs.iter().zip(&info.inputs) {
            let t = self.ty(*v)?;
            let ut = t.unliteral();
            if crate::types::is_phantom(&ut) || matches!(ut, Type::MakeFunction(..) | Type::Dispatcher(_) | Type::Module(_)) {
                return self.fail(format!("passing '{name}' ({t}) into an objmode block is not supported by numrs build yet"));
            }
            let x = self.load(*v)?;
            values.push((name.clone(), self.cast(x, &t, &ut)?, ut));
        }
        let outputs: Vec<(String, Type)> = info.outputs.iter().cloned().zip(outputs).collect();
        let slots = self.run_python(&values, &outputs, &prelude, &source)?;
        self.objmode_out = slots.into();
        Ok(())
    }

    /// Runs `source` (after `prelude`) in the interpreter through the object-mode service
    /// (`RuntimeApi::objmode`, exceptions propagating): `inputs` are its names bound to values
    /// of their types, `outputs` the names it binds, unboxed as their types into the slots
    /// returned (new references).
    fn run_python(
        &mut self,
        inputs: &[(String, inkwell::values::BasicValueEnum<'ctx>, Type)],
        outputs: &[(String, Type)],
        prelude: &str,
        source: &str,
    ) -> R<Vec<(inkwell::values::PointerValue<'ctx>, Type)>> {
        let ptr = self.ctx.ptr_type(AddressSpace::default());
        let err = |e: crate::func::CgError, span| crate::func::CgError { span: e.span.or(span), message: e.message };
        let mut desc = format!("{}\n", numrs_abi::OBJMODE_MAGIC);
        let in_arr = self.temp(ptr.array_type(inputs.len().max(1) as u32).into())?;
        for (k, (name, x, t)) in inputs.iter().enumerate() {
            let st = crate::types::storage_type(self.ctx, t).map_err(|m| self.cg_err(m))?;
            let slot = self.temp(st)?;
            self.b.build_store(slot, crate::module::to_storage(self.ctx, &self.b, *x, t).map_err(|e| err(e, self.span))?)?;
            let p = unsafe { self.b.build_in_bounds_gep(ptr, in_arr, &[self.i64(k as i64)], "")? };
            self.b.build_store(p, slot)?;
            desc.push_str(&format!("in\t{name}\t{t}\n"));
        }
        let out_arr = self.temp(ptr.array_type(outputs.len().max(1) as u32).into())?;
        let mut slots = Vec::new();
        for (k, (name, t)) in outputs.iter().enumerate() {
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
        Ok(slots)
    }

    /// A method of a `numpy.random.Generator` argument: the distributions and `integers` drawn in
    /// compiled code (`npgenerator`); the others (`shuffle`, `permutation`) run by NumPy in the
    /// interpreter through the object-mode service (`RuntimeApi::objmode`), the result unboxed
    /// as the type the method is typed with. `None`: not such a call.
    pub(crate) fn generator_call(&mut self, func: VarId, args: &[VarId], kws: &[(String, VarId)], tt: &Type) -> R<Option<inkwell::values::BasicValueEnum<'ctx>>> {
        let Type::BoundFunction(b) = self.ty(func)? else { return Ok(None) };
        let Some(method) = b.0.strip_prefix("Generator.") else { return Ok(None) };
        let Some(Value::GetAttr { value: recv, .. }) = self.resolve_def(func) else {
            return self.fail(format!("method {method} of an unknown Generator"));
        };
        // The distributions and `integers`: drawn in compiled code (`npgenerator`).
        let obj = self.load(*recv)?.into_pointer_value();
        let addr = self.b.build_ptr_to_int(obj, self.ctx.i64_type(), "")?;
        if let Some(v) = self.generator_native(method, addr, args, kws, tt)? {
            return Ok(Some(v));
        }
        let mut values = vec![("rng".to_string(), self.load(*recv)?, Type::NumPyRandomGenerator)];
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
                    values.push((format!("a{k}"), x, ut));
                    format!("a{k}")
                }
            };
            call_args.push(match name {
                Some(n) => format!("{n}={text}"),
                None => text,
            });
        }
        let returns = !matches!(tt, Type::NoneType);
        let outputs: Vec<(String, Type)> = if returns { vec![("out".to_string(), tt.clone())] } else { Vec::new() };
        let source = format!("{}rng.{method}({})\n", if returns { "out = " } else { "" }, call_args.join(", "));
        let slots = self.run_python(&values, &outputs, "import numpy as np\n", &source)?;
        match slots.first() {
            Some((slot, t)) => {
                let st = crate::types::storage_type(self.ctx, t).map_err(|m| self.cg_err(m))?;
                let v = self.b.build_load(st, *slot, "")?;
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
