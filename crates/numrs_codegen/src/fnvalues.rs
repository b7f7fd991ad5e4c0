//! Functions as first-class values (`FunctionType[sig]`): an inner function or a jit function
//! stored in a variable of a function type is the uniform wrapper (`numrs_abi::WrapperFn`) of
//! its specialization for the signature, as the runtime passes functions in from Python, so
//! `call_function_value` calls either the same way.

use inkwell::module::Linkage;
use inkwell::values::{BasicMetadataValueEnum, BasicValueEnum};
use inkwell::AddressSpace;
use numrs_types::{DispatcherRef, Signature, Type};

use crate::func::{FnCx, R};

impl<'a, 'ctx> FnCx<'a, 'ctx> {
    /// The value of function `f` (an inner function of this one, or a jit function) as a
    /// `FunctionType[sig]`.
    pub(crate) fn function_value(&mut self, f: &Type, sig: &Signature) -> R<BasicValueEnum<'ctx>> {
        let d = match f {
            Type::MakeFunction(idx, name) => match DispatcherRef::inner_of_caller(&[*idx], name) {
                Some(d) => d,
                None => return self.fail(format!("inner function '{name}' as a FunctionType[{sig}] is not supported by numrs build yet")),
            },
            Type::Dispatcher(d) => d.clone(),
            other => return self.fail(format!("{other} as a FunctionType[{sig}]")),
        };
        let callee = (self.callees)(&d, &sig.args, &[]).map_err(|m| self.cg_err(m))?;
        // Compiled for the FunctionType's signature, an integer or boolean literal return is its
        // base type (Numba casts it to the declared return type); a string literal return is
        // Numba's TypingError.
        let literal_number = matches!(callee.return_type, Type::IntegerLiteral(_) | Type::BooleanLiteral(_))
            && callee.return_type.unliteral() == sig.return_type;
        if callee.args == sig.args && callee.return_type != sig.return_type && !literal_number && !callee.ufunc && callee.gufunc_cores.is_none() {
            // What Numba raises when it compiles the function for the FunctionType (a string
            // literal return stays a literal there).
            return self.fail(format!(
                "{f} cannot be a FunctionType[{sig}]: mismatch of return type: {} vs {} (Numba's TypingError when it compiles the function)",
                callee.return_type, sig.return_type
            ));
        }
        if callee.args != sig.args || (callee.return_type != sig.return_type && !literal_number) || callee.ufunc || callee.gufunc_cores.is_some() {
            return self.fail(format!("{f} as a FunctionType[{sig}] (it was compiled for other types) is not supported by numrs build yet"));
        }
        self.called.push(callee.index);
        let name = format!("{}.fnvalue", callee.function.get_name().to_string_lossy());
        if let Some(w) = self.module.get_function(&name) {
            return Ok(w.as_global_value().as_pointer_value().into());
        }
        let ctx = self.ctx;
        let ptr = ctx.ptr_type(AddressSpace::default());
        let ft = ctx.i32_type().fn_type(&[ptr.into(), ptr.into(), ptr.into()], false);
        let w = self.module.add_function(&name, ft, Some(Linkage::Private));
        let b = ctx.create_builder();
        b.position_at_end(ctx.append_basic_block(w, "entry"));
        let cg = |m: String| self.cg_err(m);
        let bld = |e: inkwell::builder::BuilderError| self.cg_err(e.to_string());
        let (Some(argv), Some(out), Some(exc)) = (w.get_nth_param(0), w.get_nth_param(1), w.get_nth_param(2)) else {
            return self.fail("internal error: function value wrapper parameters");
        };
        let (argv, out, exc) = (argv.into_pointer_value(), out.into_pointer_value(), exc.into_pointer_value());
        let mut vals: Vec<BasicMetadataValueEnum> = Vec::new();
        for (i, t) in sig.args.iter().enumerate() {
            if crate::types::is_phantom(t) {
                continue;
            }
            let p = unsafe { b.build_in_bounds_gep(ptr, argv, &[ctx.i64_type().const_int(i as u64, false)], "").map_err(bld)? };
            let slot = b.build_load(ptr, p, "").map_err(bld)?.into_pointer_value();
            let st = crate::types::storage_type(ctx, t).map_err(cg)?;
            let v = b.build_load(st, slot, "").map_err(bld)?;
            vals.push(crate::module::from_storage(ctx, &b, v, t)?.into());
        }
        crate::module::call_and_store(ctx, &b, w, callee.function, &sig.return_type, vals, out, exc)?;
        Ok(w.as_global_value().as_pointer_value().into())
    }
}
