//! Inner functions (closures and lambdas) called where they are defined.
//!
//! Numba inlines such calls; numrs lowers each typing of an inner function (per argument
//! types, as `numrs_infer` recorded it in `InferResult::closures`) into an internal function
//! of its own and calls it directly. The enclosing variables the inner function reads are
//! passed after its arguments (also those only inner functions nested in it read), with the
//! values they have at the call (the version of the variable that reaches the call, as
//! Numba's inlining reads it). A `nonlocal` variable lives in a cell: the enclosing
//! function keeps it current, the inner function gets its address after the free variables.

use inkwell::module::Linkage;
use inkwell::values::{BasicMetadataValueEnum, BasicValueEnum};
use inkwell::types::BasicType;
use inkwell::AddressSpace;
use numrs_ir::VarId;
use numrs_types::{DispatcherRef, Type};

use crate::func::{internal_fn_type, lower_function, CgError, FnCx, R};
use crate::types::{self, Repr};

impl<'a, 'ctx> FnCx<'a, 'ctx> {
    /// Call inner function `idx` with `args` (of `types`).
    pub(crate) fn call_closure(&mut self, idx: u32, args: &[VarId], types: &[Type], target: &Type) -> R<BasicValueEnum<'ctx>> {
        let mut vals = Vec::with_capacity(args.len());
        for (v, t) in args.iter().zip(types) {
            vals.push((if types::is_phantom(t) { None } else { Some(self.load(*v)?) }, t.clone()));
        }
        self.call_closure_values(idx, &vals, target)
    }

    /// The result type of inner function `idx` typed for `args`.
    pub(crate) fn closure_result(&self, idx: u32, args: &[Type]) -> R<Type> {
        let want: Vec<Type> = args.iter().map(Type::unliteral).collect();
        match self.closures.iter().find(|c| c.index == idx && c.args.len() >= want.len() && c.args[..want.len()] == want[..]).map(|c| &c.result.outcome) {
            Some(Ok(t)) => Ok(t.clone()),
            Some(Err(e)) => self.fail(format!("inner function did not type: {}", e.message)),
            None => self.fail("inner function was not typed for these arguments"),
        }
    }

    /// Call inner function `idx` with argument values (`None`: no run-time value) of types.
    pub(crate) fn call_closure_values(&mut self, idx: u32, args: &[(Option<BasicValueEnum<'ctx>>, Type)], target: &Type) -> R<BasicValueEnum<'ctx>> {
        self.call_closure_values_in(idx, args, target, false)
    }

    /// [`Self::call_closure_values`]; `caught`: a call Numba does not inline (the function
    /// passed to `map`, `filter`, ...: Numba makes a jit function of it), whose exception an
    /// enclosing `try` catches.
    pub(crate) fn call_closure_values_in(&mut self, idx: u32, args: &[(Option<BasicValueEnum<'ctx>>, Type)], target: &Type, caught: bool) -> R<BasicValueEnum<'ctx>> {
        let types: Vec<Type> = args.iter().map(|(_, t)| t.clone()).collect();
        let types = &types[..];
        let Some(info) = self.ir.closures.get(idx as usize) else { return self.fail("unknown inner function") };
        let mut cell_args = Vec::new();
        for name in &info.ir.nonlocals {
            let Some((p, t)) = self.cells.get(name).cloned() else {
                return self.fail(format!("inner function '{}' assigns `nonlocal {name}` of a type numrs build cannot keep in a cell yet", info.name));
            };
            cell_args.push((name.clone(), p, t));
        }
        let want: Vec<Type> = types.iter().map(Type::unliteral).collect();
        let Some(typing) = self.closures.iter().find(|c| c.index == idx && c.args.len() >= want.len() && c.args[..want.len()] == want[..]) else {
            return self.fail(format!("inner function '{}' was not typed for these arguments", info.name));
        };
        let ret = match &typing.result.outcome {
            Ok(t) => t.clone(),
            Err(e) => return self.fail(format!("inner function '{}' did not type: {}", info.name, e.message)),
        };
        // Arguments, the defaults of the ones left out, then the enclosing variables.
        let mut vals: Vec<BasicMetadataValueEnum> = vec![self.exc_ptr().into()];
        for ((x, t), formal) in args.iter().zip(&typing.args) {
            if types::is_phantom(formal) {
                continue;
            }
            let x = match (x, t) {
                (Some(x), _) => *x,
                // A string literal (its value is its type's).
                (None, Type::StringLiteral(text)) => {
                    let s = self.str_const(&text.clone());
                    vals.push(self.cast(s.into(), &Type::Unicode, formal)?.into());
                    continue;
                }
                (None, _) => return self.fail(format!("argument of type {t} has no run-time value")),
            };
            vals.push(self.cast(x, t, formal)?.into());
        }
        for (k, formal) in typing.args.iter().enumerate().skip(args.len()) {
            match formal {
                t if types::is_phantom(t) => {}
                Type::IntegerLiteral(x) => vals.push(self.int_const(crate::types::numeric(formal).unwrap_or(numrs_types::NumericKind::Int64), *x).into()),
                Type::BooleanLiteral(x) => vals.push(self.ctx.bool_type().const_int(*x as u64, false).into()),
                _ => match (info.defaults.get(k), info.default_vars.get(k)) {
                    (Some(Some(c)), _) => vals.push(self.constant(c, formal)?.into()),
                    // A variable of this function (`k=m`): its value where the `def` is.
                    (_, Some(Some(v))) => {
                        let v = *v;
                        let x = self.load(v)?;
                        vals.push(self.cast(x, &self.ty(v)?, formal)?.into());
                    }
                    _ => return self.fail(format!("inner function '{}': no default for parameter {k}", info.name)),
                },
            }
        }
        for (name, t) in &typing.free {
            if types::is_phantom(t) {
                continue;
            }
            if let Some((_, p, ct)) = cell_args.iter().find(|(n, _, _)| n == name) {
                // A `nonlocal` variable: its current value is in its cell.
                let x = self.b.build_load(self.vt(ct)?, *p, "")?;
                vals.push(self.cast(x, ct, t)?.into());
                continue;
            }
            let x = self.enclosing_value(name, t, &info.name)?;
            vals.push(x.into());
        }
        let cells: Vec<(String, Type)> = cell_args.iter().map(|(n, _, t)| (n.clone(), t.clone())).collect();
        for (_, p, _) in &cell_args {
            vals.push((*p).into());
        }
        let f = self.closure_function(idx, typing, &cells)?;
        let res = self.b.build_call(f, &vals, "res")?;
        let res = match res.try_as_basic_value() {
            inkwell::values::ValueKind::Basic(v) => v.into_struct_value(),
            _ => return self.fail("internal error: inner function returns void"),
        };
        let status = self.b.build_extract_value(res, 0, "status")?.into_int_value();
        // Numba inlines the call, and the inlined blocks lie outside any `try` region: what
        // the inner function raises is not caught by an enclosing `except`.
        if caught {
            self.check_status(status)?;
        } else {
            self.check_status_uncaught(status)?;
        }
        if let Repr::Phantom = types::repr(self.ctx, &ret).map_err(|m| CgError { span: self.span, message: m })? {
            return self.fail(format!("inner function '{}' returns {ret}, not supported", info.name));
        }
        let r = self.b.build_extract_value(res, 1, "")?;
        self.fresh = true;
        self.cast(r, &ret, target)
    }

    /// The value (as `t`) of variable `name` of this function where the call of inner function
    /// `inner` is: the version of the variable that reaches it, what the inlined body would read
    /// there, as Numba inlines the call; a free variable of this inner function itself, passed on.
    fn enclosing_value(&mut self, name: &str, t: &Type, inner: &str) -> R<BasicValueEnum<'ctx>> {
        let versions: Vec<VarId> = (0..self.ir.vars.len() as u32)
            .map(VarId)
            .filter(|v| {
                let var = self.ir.var(*v);
                var.user && var.base == name && self.slot_of(*v).is_some()
            })
            .collect();
        if versions.is_empty() {
            if let Some(k) = self.free_vars.iter().position(|n| n == name) {
                let nargs = self.arg_types_len() - self.free_vars.len();
                let (x, at) = self.param_value(nargs + k)?;
                return self.cast(x, &at, t);
            }
        }
        let v = match versions[..] {
            [v] => v,
            _ => match self.reaching_version(&versions) {
                Some(v) => v,
                None => return self.fail(format!("inner function '{inner}' reads '{name}', whose value at the call numrs build cannot tell")),
            },
        };
        let x = self.load(v)?;
        self.cast(x, &self.ty(v)?, t)
    }

    /// Of the SSA `versions` of a variable, the one whose definition reaches the statement
    /// being lowered: the latest defined before it in its block, else the one reaching the
    /// block's entry (a phi at its start, or a predecessor's; without a phi every predecessor
    /// carries the same version).
    fn reaching_version(&self, versions: &[VarId]) -> Option<VarId> {
        let mut def_at: std::collections::HashMap<VarId, (usize, usize)> = std::collections::HashMap::new();
        for (b, block) in self.ir.blocks.iter().enumerate() {
            for (k, s) in block.stmts.iter().enumerate() {
                if let numrs_ir::StmtKind::Assign { target, .. } = &s.kind {
                    if versions.contains(target) {
                        def_at.insert(*target, (b, k));
                    }
                }
            }
        }
        let preds = self.ir.predecessors();
        let (mut block, mut limit) = (self.cur_block, self.cur_stmt);
        let mut seen = std::collections::HashSet::new();
        loop {
            let best = versions.iter().filter_map(|v| def_at.get(v).filter(|(b, k)| *b == block && *k < limit).map(|(_, k)| (*k, *v))).max();
            if let Some((_, v)) = best {
                return Some(v);
            }
            if !seen.insert(block) {
                return None;
            }
            block = preds.get(block)?.first()?.0 as usize;
            limit = usize::MAX;
        }
    }

    /// The internal function of one typing of inner function `idx` (lowered on first use).
    fn closure_function(&mut self, idx: u32, typing: &'a numrs_infer::ClosureTyping, cells: &[(String, Type)]) -> R<inkwell::values::FunctionValue<'ctx>> {
        let n = self.closures.iter().position(|c| std::ptr::eq(c, typing)).unwrap_or(0);
        let name = format!("{}.inner{idx}.{n}", self.func.get_name().to_str().unwrap_or("f"));
        if let Some(f) = self.module.get_function(&name) {
            return Ok(f);
        }
        let info = &self.ir.closures[idx as usize];
        let Ok(ret) = &typing.result.outcome else { return self.fail(format!("inner function '{}' did not type", info.name)) };
        let ft = internal_fn_type(self.ctx, &typing.params, ret).map_err(|m| CgError { span: self.span, message: m })?;
        // Cells of `nonlocal` variables follow the parameters.
        let ft = if cells.is_empty() {
            ft
        } else {
            let mut ps = ft.get_param_types();
            ps.extend(cells.iter().map(|_| inkwell::types::BasicMetadataTypeEnum::from(self.ctx.ptr_type(AddressSpace::default()))));
            match ft.get_return_type() {
                Some(r) => r.fn_type(&ps, false),
                None => self.ctx.void_type().fn_type(&ps, false),
            }
        };
        let f = self.module.add_function(&name, ft, Some(Linkage::Internal));
        let ir = typing.result.prepared.as_deref().unwrap_or(&info.ir);
        // Its inner functions, passed as values, are this function's (Numba inlines it):
        // named to the lookup by their path from here.
        let outer = self.callees;
        let nested = |t: &Type| -> Type {
            let path_of = |mut path: Vec<u32>, name: &str| {
                path.insert(0, idx);
                DispatcherRef::inner_of_caller(&path, name).map(Type::Dispatcher)
            };
            match t {
                Type::MakeFunction(i, name) => path_of(vec![*i], name),
                Type::Dispatcher(d) => d.as_inner_of_caller().and_then(|(path, name)| path_of(path, name)),
                _ => None,
            }
            .unwrap_or_else(|| t.clone())
        };
        let lookup = move |d: &DispatcherRef, args: &[Type], kws: &[(String, Type)]| {
            let d = match nested(&Type::Dispatcher(d.clone())) {
                Type::Dispatcher(d) => d,
                _ => d.clone(),
            };
            let args: Vec<Type> = args.iter().map(nested).collect();
            let kws: Vec<(String, Type)> = kws.iter().map(|(k, t)| (k.clone(), nested(t))).collect();
            outer(&d, &args, &kws)
        };
        let lowered = lower_function(
            self.ctx,
            self.module,
            f,
            ir,
            &typing.result.typemap,
            &typing.params,
            ret,
            &lookup,
            self.flags,
            &typing.result.closures,
            &typing.free_names,
            self.globals,
            self.location,
            cells,
        )
        .map_err(|e| CgError { span: self.span, message: format!("in inner function '{}': {}", info.name, e.message) })?;
        self.called.extend(lowered.called);
        if lowered.raises {
            self.raises.set(true);
        }
        Ok(f)
    }
}

impl<'a, 'ctx> FnCx<'a, 'ctx> {
    /// A call through a first-class function value (`FunctionType[sig]`): the value is the
    /// uniform wrapper (`numrs_abi::WrapperFn`) of the specialization the runtime chose when
    /// the function was passed in; arguments and result travel in their storage form, and an
    /// exception it raises propagates.
    pub(crate) fn call_function_value(&mut self, func: VarId, sig: &numrs_types::Signature, args: &[VarId], target: &Type) -> R<BasicValueEnum<'ctx>> {
        if args.len() != sig.args.len() {
            return self.fail(format!("calling a FunctionType[{sig}] with {} arguments", args.len()));
        }
        let ptr = self.ctx.ptr_type(AddressSpace::default());
        let storage = |t: &Type| crate::types::storage_type(self.ctx, t).map_err(|m| CgError { span: self.span, message: m });
        let err = |e: CgError| CgError { span: e.span.or(self.span), message: e.message };
        let wrapper = self.load(func)?.into_pointer_value();
        let argv = self.temp(ptr.array_type(args.len().max(1) as u32).into())?;
        for (i, (a, formal)) in args.iter().zip(&sig.args).enumerate() {
            let at = self.ty(*a)?;
            let x = self.load(*a)?;
            let x = self.cast(x, &at, formal)?;
            let slot = self.temp(storage(formal)?)?;
            self.b.build_store(slot, crate::module::to_storage(self.ctx, &self.b, x, formal).map_err(err)?)?;
            let p = unsafe { self.b.build_in_bounds_gep(ptr, argv, &[self.i64(i as i64)], "")? };
            self.b.build_store(p, slot)?;
        }
        let ret = &sig.return_type;
        let out = match ret {
            Type::NoneType => self.temp(self.ctx.i64_type().into())?,
            _ => self.temp(storage(ret)?)?,
        };
        let fty = self.ctx.i32_type().fn_type(&[ptr.into(), ptr.into(), ptr.into()], false);
        let call = self.b.build_indirect_call(fty, wrapper, &[argv.into(), out.into(), self.exc_ptr().into()], "status")?;
        let inkwell::values::ValueKind::Basic(status) = call.try_as_basic_value() else { return self.fail("internal error: wrapper returns void") };
        let status = status.into_int_value();
        self.raises.set(true);
        self.check_status(status)?;
        if matches!(ret, Type::NoneType) {
            return self.cast(self.vt(target)?.const_zero(), target, target);
        }
        let r = self.b.build_load(storage(ret)?, out, "")?;
        let r = crate::module::from_storage(self.ctx, &self.b, r, ret).map_err(err)?;
        // A wrapper's result is a new reference.
        self.fresh = true;
        self.cast(r, ret, target)
    }
}
