//! One LLVM module per Python module: internal functions, wrappers, C entry points, the
//! module table and `PyInit_<module>`; then optimization and object emission.

use inkwell::context::Context;
use inkwell::module::{Linkage, Module};
use inkwell::targets::{CodeModel, FileType, InitializationConfig, RelocMode, Target, TargetMachine};
use inkwell::types::{BasicType, BasicMetadataTypeEnum, BasicTypeEnum, StructType};
use inkwell::values::{BasicMetadataValueEnum, BasicValue, BasicValueEnum, FunctionValue, PointerValue, StructValue};
use inkwell::{AddressSpace, IntPredicate, OptimizationLevel};
use numrs_types::{NumericKind, Type};

use crate::func::{self, CgError, Callee};
use crate::types::{self, numeric};
use crate::lowered::{self, Entry, LoweredCache};
use crate::{c_symbol, FunctionInput, Options, Output, ParamsOf, PythonSource, Resolver, SpecInput, SpecOutcome};

/// Compile `specs` into one module named `module_name` (a Python identifier).
pub fn compile_module(
    module_name: &str,
    functions: &[FunctionInput],
    specs: &[SpecInput<'_>],
    resolver: &Resolver<'_>,
    params_of: &ParamsOf<'_>,
    options: &Options,
    cache: &dyn LoweredCache,
) -> Result<Output, String> {
    if !is_identifier(module_name) {
        return Err(format!("'{module_name}' is not a valid Python module name"));
    }
    set_llvm_options();
    let (triple, cpu, features) = match options.ptx {
        Some(arch) => {
            Target::initialize_nvptx(&InitializationConfig::default());
            (inkwell::targets::TargetTriple::create("nvptx64-nvidia-cuda"), arch.to_string(), String::new())
        }
        None => {
            Target::initialize_native(&InitializationConfig::default())?;
            let cpu = TargetMachine::get_host_cpu_name().to_string();
            (TargetMachine::get_default_triple(), cpu, TargetMachine::get_host_cpu_features().to_string())
        }
    };
    let target = Target::from_triple(&triple).map_err(|e| e.to_string())?;
    let level = match options.opt_level {
        0 => OptimizationLevel::None,
        1 => OptimizationLevel::Less,
        2 => OptimizationLevel::Default,
        _ => OptimizationLevel::Aggressive,
    };
    let machine = target
        .create_target_machine(&triple, &cpu, &features, level, RelocMode::PIC, CodeModel::Default)
        .ok_or_else(|| "LLVM could not create a target machine for the host".to_string())?;

    let ctx = Context::create();
    let module = ctx.create_module(module_name);
    module.set_triple(&triple);
    module.set_data_layout(&machine.get_target_data().get_data_layout());

    // Per-function spec numbering.
    let mut ordinal = Vec::with_capacity(specs.len());
    for (i, s) in specs.iter().enumerate() {
        ordinal.push(specs[..i].iter().filter(|o| o.function_id == s.function_id).count());
    }
    // Inner functions of one enclosing function may share a name, as do a jitclass property's
    // getter and setter: theirs carry their id.
    let shared = |s: &SpecInput<'_>| specs.iter().any(|o| o.function == s.function && o.function_id != s.function_id);
    let names: Vec<String> = specs
        .iter()
        .enumerate()
        .map(|(i, s)| match s.internal || shared(s) {
            true => format!("numrs.{module_name}.{}#{}.{}", s.function, s.function_id, ordinal[i]),
            false => format!("numrs.{module_name}.{}.{}", s.function, ordinal[i]),
        })
        .collect();
    // The slot compiled code reads the runtime's services from (defined here; the modules
    // of single specializations declare it).
    let slot = module.add_global(ctx.ptr_type(AddressSpace::default()), None, "numrs.runtime");
    slot.set_initializer(&ctx.ptr_type(AddressSpace::default()).const_null());
    // The slots of the values the module's Python computes when it is imported (see
    // `imported_setter`), before any specialization's module declaring them is linked in.
    for f in functions {
        if let Some(s) = &f.imported {
            let vt = types::value_type(&ctx, &s.ty)?;
            let g = module.add_global(vt, None, &s.symbol);
            g.set_initializer(&vt.const_zero());
        }
    }

    // The type of every internal function, or why its signature has no representation.
    let mut outcomes: Vec<Option<CgError>> = vec![None; specs.len()];
    let mut fn_types = Vec::with_capacity(specs.len());
    for (i, s) in specs.iter().enumerate() {
        let ft = match &s.return_type {
            // A generator function is its resume function (see `generators`).
            Type::Generator(g) if s.ir.is_generator => crate::generators::resume_fn_type(&ctx, &g.yield_type),
            rt => types::repr(&ctx, rt).and_then(|_| func::internal_fn_type(&ctx, &s.args, rt)),
        };
        match ft {
            Ok(ft) => fn_types.push(Some(ft)),
            Err(m) => {
                outcomes[i] = Some(CgError { span: None, message: m });
                fn_types.push(None);
            }
        }
    }

    // Lower each specialization into a module of its own, or reuse what an earlier build
    // lowered (see `lowered`).
    let mut calls: Vec<Vec<usize>> = vec![Vec::new(); specs.len()];
    let mut raises: Vec<bool> = vec![true; specs.len()];
    let mut parts: Vec<Option<Module>> = (0..specs.len()).map(|_| None).collect();
    let mut lowered_now = vec![false; specs.len()];
    for (i, s) in specs.iter().enumerate() {
        let Some(ft) = fn_types[i] else { continue };
        let cached = s.lowered_key.as_deref().and_then(|k| cache.load(k)).and_then(|b: Vec<u8>| lowered::decode(&b));
        let entry = match cached.and_then(|e| part_of(&ctx, e, &names[i], i)) {
            Some((entry, part)) => {
                parts[i] = part;
                entry
            }
            None => {
                let (entry, part) = lower_part(&ctx, &triple, &machine, specs, &names, &fn_types, resolver, params_of, i, ft);
                if let Some(k) = &s.lowered_key {
                    cache.store(k, &lowered::encode(&entry));
                }
                lowered_now[i] = true;
                parts[i] = part;
                entry
            }
        };
        calls[i] = entry.called;
        raises[i] = entry.raises;
        if let Err(e) = entry.result {
            outcomes[i] = Some(e);
        }
    }
    // A specialization calling one that cannot be built cannot be built either.
    loop {
        let mut changed = false;
        for i in 0..specs.len() {
            if outcomes[i].is_some() {
                continue;
            }
            if let Some(&bad) = calls[i].iter().find(|c| outcomes[**c].is_some()) {
                let callee = &specs[bad];
                outcomes[i] = Some(CgError {
                    span: None,
                    message: format!(
                        "calls {}({}), which cannot be built",
                        callee.function,
                        callee.args.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(", ")
                    ),
                });
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    // Link what is built; its functions are internal to the Python module.
    for (i, part) in parts.iter_mut().enumerate() {
        if let (None, Some(m)) = (&outcomes[i], part.take()) {
            module.link_in_module(m).map_err(|e| format!("internal error: linking the code of {}: {e}", names[i]))?;
        }
    }
    let mut fns: Vec<Option<FunctionValue>> = vec![None; specs.len()];
    for i in 0..specs.len() {
        if outcomes[i].is_none() {
            match module.get_function(&names[i]) {
                Some(f) if f.count_basic_blocks() > 0 => {
                    f.set_linkage(Linkage::Internal);
                    if let Some(g) = module.get_global(&crate::generators::state_size_name(&names[i])) {
                        g.set_linkage(Linkage::Internal);
                    }
                    fns[i] = Some(f);
                }
                _ => outcomes[i] = Some(cg(format!("internal error: no code for {}", names[i]))),
            }
        }
    }
    slot.set_linkage(Linkage::Internal);
    // The addresses of BLAS routines compiled code calls directly (see `linalg`), one per
    // routine, merged from the parts.
    let mut g = module.get_first_global();
    while let Some(x) = g {
        if x.get_name().to_bytes().starts_with(crate::linalg::ROUTINE_GLOBAL.as_bytes()) {
            x.set_linkage(Linkage::Internal);
        }
        g = x.get_next_global();
    }

    // Functions that can never fail (no raise, and only such callees) always return status 0:
    // tell their callers, so the error checks after those calls fold away (as in Numba).
    let mut may_fail = raises.clone();
    loop {
        let mut changed = false;
        for i in 0..specs.len() {
            if !may_fail[i] && calls[i].iter().any(|c| may_fail[*c]) {
                may_fail[i] = true;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    let index: std::collections::HashMap<&str, usize> = names.iter().enumerate().map(|(i, n)| (n.as_str(), i)).collect();
    for f in fns.iter().flatten() {
        fold_statuses(ctx.i32_type().const_zero(), *f, &|callee| index.get(callee).is_some_and(|&j| !may_fail[j]));
    }

    if options.ptx.is_some() {
        return finish_ptx(&ctx, &module, &machine, specs, &fns, outcomes, &names, lowered_now, options);
    }

    // Wrappers and C entry points.
    let mut wrappers: Vec<Option<(FunctionValue, String)>> = vec![None; specs.len()];
    for (i, s) in specs.iter().enumerate() {
        let Some(f) = fns[i] else { continue };
        // An internal specialization gets a wrapper only where compiled code uses it as a
        // first-class function (its declaration is then linked in).
        if s.internal && module.get_function(&format!("{}.wrapper", names[i])).is_none_or(|w| w.count_basic_blocks() > 0) {
            continue;
        }
        if s.ir.is_generator {
            // A Python entry only: C callers cannot drive a generator (the header skips it).
            match build_generator_wrapper(&ctx, &module, f, s, &format!("{}.wrapper", names[i])) {
                Ok(w) => wrappers[i] = Some((w, String::new())),
                Err(e) => outcomes[i] = Some(e),
            }
            continue;
        }
        // Jitclass instances are Python objects only (the header has no type for them).
        let c_entry = !s.args.iter().chain([&s.return_type]).any(Type::holds_jitclass_instance);
        let sym = if c_entry { c_symbol(module_name, &s.function, ordinal[i]) } else { String::new() };
        let made = build_wrapper(&ctx, &module, f, s, &format!("{}.wrapper", names[i]))
            .and_then(|w| if c_entry { build_c_entry(&ctx, &module, f, s, &sym).map(|_| w) } else { Ok(w) })
            .and_then(|w| {
                if s.cfunc && crate::c_callback_types(&s.args, &s.return_type) {
                    build_c_callback(&ctx, &module, f, s, &crate::cfunc_symbol(module_name, &s.function))?;
                }
                Ok(w)
            });
        match made {
            Ok(w) => wrappers[i] = Some((w, sym)),
            Err(e) => outcomes[i] = Some(e),
        }
    }
    // The constructors of jitclasses: one per `__init__` specialization with a Python entry.
    let mut ctors: Vec<Ctor> = Vec::new();
    for f in functions {
        let Some(crate::JitClassRole::Class { instance: Type::JitClassInstance(class), init: Some(init), .. }) = &f.jitclass else { continue };
        for (i, s) in specs.iter().enumerate() {
            let (Some(init_fn), true) = (fns[i], s.function_id == *init && s.args.len() >= 1) else { continue };
            if !s.args[1..].iter().all(numrs_abi::crosses) {
                continue;
            }
            let name = format!("numrs.{module_name}.{}.{}.ctor", s.function, ordinal[i]);
            match crate::jitclass::build_ctor_wrapper(&ctx, &module, init_fn, &s.args[1..], class, &name) {
                Ok(w) => ctors.push(Ctor { function_id: f.function_id, args: s.args[1..].to_vec(), ret: Type::JitClassInstance(class.clone()), wrapper: w }),
                Err(e) => outcomes[i] = Some(e),
            }
        }
    }
    build_table(&ctx, &module, module_name, functions, specs, &wrappers, &ctors).map_err(|e| e.message)?;
    build_pyinit(&ctx, &module, module_name).map_err(|e| e.message)?;

    module.verify().map_err(|e| format!("internal error: LLVM rejected the generated module: {e}"))?;
    // At O3, two rounds, as Numba optimizes in two (each function, then the linked module at
    // O3). Measured on the shared benchmark's kernels against one O3 round (an Intel Rocket
    // Lake machine): `fib` 0.53x, `pairwise` 0.85x, the others within noise; 18% more
    // compile time (bench/build/RESULTS.md has the current figures).
    let passes = match options.opt_level.min(3) {
        3 => "default<O2>,default<O3>".to_string(),
        n => format!("default<O{n}>"),
    };
    // Numba's defaults: loop vectorization on, SLP vectorization off (NUMBA_SLP_VECTORIZE=0);
    // SLP packing of scalar code into partial vectors costs shuffles in typical kernels.
    let pass_options = inkwell::passes::PassBuilderOptions::create();
    pass_options.set_loop_vectorization(true);
    pass_options.set_loop_slp_vectorization(false);
    module
        .run_passes(&passes, &machine, pass_options)
        .map_err(|e| format!("LLVM optimization failed: {e}"))?;
    let llvm_ir = module.print_to_string().to_string();
    let asm = if options.emit_asm {
        let buf = machine.write_to_memory_buffer(&module, FileType::Assembly).map_err(|e| e.to_string())?;
        Some(String::from_utf8_lossy(buf.as_slice()).into_owned())
    } else {
        None
    };
    let obj = machine.write_to_memory_buffer(&module, FileType::Object).map_err(|e| e.to_string())?;
    let specs_out = (0..specs.len())
        .map(|i| match (&outcomes[i], &wrappers[i]) {
            (None, Some((_, sym))) => SpecOutcome::Built { c_symbol: sym.clone() },
            (Some(e), _) => SpecOutcome::Failed(e.clone()),
            (None, None) if specs[i].internal => SpecOutcome::Built { c_symbol: String::new() },
            (None, None) => SpecOutcome::Failed(CgError { span: None, message: "internal error: no wrapper".into() }),
        })
        .collect();
    Ok(Output { llvm_ir, asm, object: obj.as_slice().to_vec(), specs: specs_out, lowered: lowered_now })
}

/// The PTX of a module of `@cuda.jit` code: an entry point per kernel (named
/// `<function>__<n>`, the n-th specialization of the function), optimized, then NVPTX's
/// assembly. Device functions are inlined into the kernels that call them.
#[allow(clippy::too_many_arguments)]
fn finish_ptx<'ctx>(
    ctx: &'ctx Context,
    module: &Module<'ctx>,
    machine: &TargetMachine,
    specs: &[SpecInput<'_>],
    fns: &[Option<FunctionValue<'ctx>>],
    mut outcomes: Vec<Option<CgError>>,
    names: &[String],
    lowered_now: Vec<bool>,
    options: &Options,
) -> Result<Output, String> {
    let mut entries: Vec<Option<String>> = vec![None; specs.len()];
    for (i, s) in specs.iter().enumerate() {
        let (Some(f), true) = (fns[i], s.kernel) else { continue };
        let ordinal = specs[..i].iter().filter(|o| o.function_id == s.function_id).count();
        let entry = format!("{}__{ordinal}", s.function);
        match crate::cuda::build_kernel_entry(ctx, module, f, &s.args, &entry) {
            Ok(_) => entries[i] = Some(entry),
            Err(e) => outcomes[i] = Some(e),
        }
    }
    if let Some(bitcode) = options.libdevice {
        link_libdevice(ctx, module, bitcode)?;
    }
    module.verify().map_err(|e| format!("internal error: LLVM rejected the generated module: {e}"))?;
    let passes = format!("default<O{}>", options.opt_level.min(3));
    module
        .run_passes(&passes, machine, inkwell::passes::PassBuilderOptions::create())
        .map_err(|e| format!("LLVM optimization failed: {e}"))?;
    let llvm_ir = module.print_to_string().to_string();
    let buf = machine.write_to_memory_buffer(module, FileType::Assembly).map_err(|e| format!("NVPTX code generation failed: {e}"))?;
    let ptx = String::from_utf8_lossy(buf.as_slice()).into_owned();
    let _ = names;
    let specs_out = (0..specs.len())
        .map(|i| match (&outcomes[i], &entries[i]) {
            (Some(e), _) => SpecOutcome::Failed(e.clone()),
            (None, Some(entry)) => SpecOutcome::Built { c_symbol: entry.clone() },
            // A device function: inlined into its callers.
            (None, None) => SpecOutcome::Built { c_symbol: String::new() },
        })
        .collect();
    Ok(Output { llvm_ir, asm: Some(ptx), object: Vec::new(), specs: specs_out, lowered: lowered_now })
}

/// Link NVIDIA's libdevice into `module` for the `__nv_*` math functions the kernels call: its
/// functions become internal (optimization keeps only those used, inlined), and
/// `nvvm-reflect-ftz` is 0 (no flushing of denormals, Numba's default), which NVPTX's
/// `NVVMReflect` pass reads.
fn link_libdevice<'ctx>(ctx: &'ctx Context, module: &Module<'ctx>, bitcode: &[u8]) -> Result<(), String> {
    if !module.get_functions().any(|f| f.count_basic_blocks() == 0 && f.get_name().to_bytes().starts_with(b"__nv_")) {
        return Ok(());
    }
    let buf = inkwell::memory_buffer::MemoryBuffer::create_from_memory_range_copy(bitcode, "libdevice");
    let lib = Module::parse_bitcode_from_buffer(&buf, ctx).map_err(|e| format!("cannot read libdevice: {e}"))?;
    lib.set_triple(&module.get_triple());
    lib.set_data_layout(&module.get_data_layout());
    module.link_in_module(lib).map_err(|e| format!("cannot link libdevice: {e}"))?;
    for f in module.get_functions() {
        if f.count_basic_blocks() > 0 && f.get_name().to_bytes().starts_with(b"__nv_") {
            f.set_linkage(Linkage::Internal);
        }
    }
    let flag = ctx.i32_type().const_int(0, false);
    module.add_basic_value_flag("nvvm-reflect-ftz", inkwell::module::FlagBehavior::Override, flag);
    Ok(())
}

/// Lower specialization `i` into a module of its own: its internal function (external
/// linkage until linked), the functions it calls declared.
#[allow(clippy::too_many_arguments)]
fn lower_part<'ctx>(
    ctx: &'ctx Context,
    triple: &inkwell::targets::TargetTriple,
    machine: &TargetMachine,
    specs: &[SpecInput<'_>],
    names: &[String],
    fn_types: &[Option<inkwell::types::FunctionType<'ctx>>],
    resolver: &Resolver<'_>,
    params_of: &ParamsOf<'_>,
    i: usize,
    ft: inkwell::types::FunctionType<'ctx>,
) -> (Entry, Option<Module<'ctx>>) {
    let s = &specs[i];
    let part = ctx.create_module(&names[i]);
    part.set_triple(triple);
    part.set_data_layout(&machine.get_target_data().get_data_layout());
    let f = part.add_function(&names[i], ft, Some(Linkage::External));
    let lookup = |d: &numrs_types::DispatcherRef, args: &[Type], kws: &[(String, Type)]| -> Result<Callee, String> {
        let p = params_of(d);
        if p.intrinsic {
            return Err(format!(
                "the @intrinsic '{}' is not supported by numrs build (its code generator builds LLVM IR with llvmlite while Numba compiles the call; `check` types the call)",
                d.name
            ));
        }
        if let Some(nin) = p.ufunc {
            // A ufunc call: its inputs' element types select the loop (an output array may follow).
            if args.len() < nin || !kws.is_empty() {
                return Err(format!("ufunc '{}' takes {nin} inputs by position", d.name));
            }
            let elements: Vec<Type> = args[..nin].iter().map(|t| t.element_type().unliteral()).collect();
            let idx = resolver(i, d, &elements)?;
            let callee = specs.get(idx).ok_or_else(|| format!("no loop of ufunc '{}'", d.name))?;
            let ft = fn_types[idx].ok_or_else(|| format!("'{}' cannot be built", d.name))?;
            let function = part.get_function(&names[idx]).unwrap_or_else(|| part.add_function(&names[idx], ft, Some(Linkage::External)));
            let sources = (0..nin).map(crate::ArgSource::Positional).collect();
            return Ok(Callee { function, sources, args: callee.args.clone(), return_type: callee.return_type.clone(), index: idx, ufunc: true, gufunc_cores: None, stencil: None, drops_exceptions: false });
        }
        if let Some(shape) = &p.gufunc {
            let cores: Vec<usize> = shape.1.iter().map(Vec::len).collect();
            let looped = args.iter().zip(&cores).any(|(t, core)| t.as_array().is_some_and(|a| a.ndim as usize > *core));
            if looped {
                // The kernel's specialization for the operands' cores: arrays of the core's
                // dimensions (a scalar core as a scalar, or as a 1-item array).
                let core_types = |scalar_cores: bool| -> Vec<Type> {
                    args.iter()
                        .zip(&cores)
                        .map(|(t, core)| match t.as_array() {
                            Some(a) if *core == 0 && scalar_cores => a.dtype.clone(),
                            Some(a) => Type::array(a.dtype.clone(), (*core).max(1) as u32, numrs_types::Layout::A),
                            None => t.clone(),
                        })
                        .collect()
                };
                let idx = resolver(i, d, &core_types(false)).or_else(|_| resolver(i, d, &core_types(true)))?;
                let callee = specs.get(idx).ok_or_else(|| format!("no loop of '{}'", d.name))?;
                let ft = fn_types[idx].ok_or_else(|| format!("'{}' cannot be built", d.name))?;
                let function = part.get_function(&names[idx]).unwrap_or_else(|| part.add_function(&names[idx], ft, Some(Linkage::External)));
                let sources = (0..args.len()).map(crate::ArgSource::Positional).collect();
                return Ok(Callee {
                    function,
                    sources,
                    args: callee.args.clone(),
                    return_type: callee.return_type.clone(),
                    index: idx,
                    ufunc: false,
                    gufunc_cores: Some(shape.clone()),
                    stencil: None,
                    drops_exceptions: false,
                });
            }
            // Operands of the cores' dimensions: one run of the specialization they select.
            if kws.is_empty() && args.len() == cores.len() {
                let idx = resolver(i, d, args)?;
                let callee = specs.get(idx).ok_or_else(|| format!("no loop of '{}'", d.name))?;
                let ft = fn_types[idx].ok_or_else(|| format!("'{}' cannot be built", d.name))?;
                let function = part.get_function(&names[idx]).unwrap_or_else(|| part.add_function(&names[idx], ft, Some(Linkage::External)));
                let sources = (0..args.len()).map(crate::ArgSource::Positional).collect();
                return Ok(Callee { function, sources, args: callee.args.clone(), return_type: callee.return_type.clone(), index: idx, ufunc: false, gufunc_cores: Some(shape.clone()), stencil: None, drops_exceptions: false });
            }
        }
        // Positional calls of the full arity need no binding.
        let (types, sources) = if kws.is_empty() && !p.star && (p.params.is_empty() || args.len() == p.params.len()) {
            (args.to_vec(), (0..args.len()).map(crate::ArgSource::Positional).collect())
        } else {
            crate::bind_call(&d.name, &p.params, p.star, p.kwonly, args, kws)?
        };
        let idx = resolver(i, d, &types)?;
        let callee = specs.get(idx).ok_or_else(|| format!("no specialization of '{}'", d.name))?;
        let ft = fn_types[idx].ok_or_else(|| format!("'{}' cannot be built", d.name))?;
        let function = part.get_function(&names[idx]).unwrap_or_else(|| part.add_function(&names[idx], ft, Some(Linkage::External)));
        Ok(Callee { function, sources, args: callee.args.clone(), return_type: callee.return_type.clone(), index: idx, ufunc: false, gufunc_cores: None, stencil: callee.stencil.clone(), drops_exceptions: p.cfunc })
    };
    // A panic while lowering (a bug) fails this specialization only, as an internal error.
    let lowered = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
        func::lower_function(ctx, &part, f, s.ir, s.typemap, &s.args, &s.return_type, &lookup, s.flags, s.closures, &[], &s.globals, s.location.as_ref(), &[])
    }))
    .unwrap_or_else(|p| {
        let why = p.downcast_ref::<String>().map(String::as_str).or_else(|| p.downcast_ref::<&str>().copied()).unwrap_or("a panic");
        Err(CgError { span: None, message: format!("internal error: lowering failed ({why}); please report it") })
    });
    match lowered {
        Ok(lowered) => {
            set_fast_math(f, &s.fastmath);
            let bitcode = part.write_bitcode_to_memory().as_slice().to_vec();
            (Entry { called: lowered.called, raises: lowered.raises, result: Ok(bitcode) }, Some(part))
        }
        Err(e) => (Entry { called: vec![], raises: true, result: Err(e) }, None),
    }
}

/// The module of a cached entry (`None`: damaged, lower again).
fn part_of<'ctx>(ctx: &'ctx Context, entry: Entry, name: &str, i: usize) -> Option<(Entry, Option<Module<'ctx>>)> {
    let Ok(bitcode) = &entry.result else { return Some((entry, None)) };
    let buf = inkwell::memory_buffer::MemoryBuffer::create_from_memory_range_copy(bitcode, &format!("part{i}"));
    let part = Module::parse_bitcode_from_buffer(&buf, ctx).ok()?;
    part.get_function(name).filter(|f| f.count_basic_blocks() > 0)?;
    Some((entry, Some(part)))
}

/// Replace the status of every call in `f` of a callee that never fails (`never_fails(name)`)
/// by `zero`, so the error checks after it fold away. Call statuses are the instructions
/// lowering names `numrs.status`.
fn fold_statuses<'ctx>(zero: inkwell::values::IntValue<'ctx>, f: FunctionValue<'ctx>, never_fails: &dyn Fn(&str) -> bool) {
    use inkwell::values::{AnyValue, AnyValueEnum, InstructionOpcode};
    for bb in f.get_basic_blocks() {
        let mut inst = bb.get_first_instruction();
        while let Some(i) = inst {
            inst = i.get_next_instruction();
            let named = i.get_name().and_then(|n| n.to_str().ok()).is_some_and(|n| n.starts_with("numrs.status"));
            if !named || i.get_opcode() != InstructionOpcode::ExtractValue {
                continue;
            }
            let Some(call) = i.get_operand(0).and_then(|o| o.value()).and_then(|v| v.as_instruction_value()) else { continue };
            if call.get_opcode() != InstructionOpcode::Call {
                continue;
            }
            let n = call.get_num_operands();
            let Some(callee) = call.get_operand(n.saturating_sub(1)).and_then(|o| o.value()) else { continue };
            let name = callee.into_pointer_value().get_name().to_str().unwrap_or("").to_string();
            if never_fails(&name) {
                if let AnyValueEnum::IntValue(v) = i.as_any_value_enum() {
                    v.replace_all_uses_with(zero);
                }
            }
        }
    }
}

/// Numba's `fastmath=`: the flags on every floating-point instruction of the function.
fn set_fast_math(f: FunctionValue<'_>, names: &[String]) {
    use inkwell::values::FastMathFlags as F;
    let mut flags = F::empty();
    for n in names {
        flags |= match n.as_str() {
            "fast" => F::all(),
            "nnan" => F::NoNaNs,
            "ninf" => F::NoInfs,
            "nsz" => F::NoSignedZeros,
            "arcp" => F::AllowReciprocal,
            "contract" => F::AllowContract,
            "afn" => F::ApproxFunc,
            "reassoc" => F::AllowReassoc,
            _ => F::empty(),
        };
    }
    if flags.is_empty() {
        return;
    }
    for bb in f.get_basic_blocks() {
        let mut inst = bb.get_first_instruction();
        while let Some(i) = inst {
            if i.can_use_fast_math_flags() {
                let _ = i.set_fast_math_flags(flags);
            }
            inst = i.get_next_instruction();
        }
    }
}

fn is_identifier(s: &str) -> bool {
    let mut chars = s.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() || c == '_') && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

fn cg(m: impl Into<String>) -> CgError {
    CgError { span: None, message: m.into() }
}

fn bld(e: inkwell::builder::BuilderError) -> CgError {
    cg(format!("internal LLVM builder error: {e}"))
}

/// Native storage → value (booleans are bytes in memory).
pub(crate) fn from_storage<'ctx>(ctx: &'ctx Context, b: &inkwell::builder::Builder<'ctx>, v: BasicValueEnum<'ctx>, t: &Type) -> Result<BasicValueEnum<'ctx>, CgError> {
    if types::storage_is_value(t) {
        return Ok(v);
    }
    if numeric(t) == Some(NumericKind::Boolean) {
        return Ok(b.build_int_compare(IntPredicate::NE, v.into_int_value(), ctx.i8_type().const_zero(), "").map_err(bld)?.into());
    }
    let items = types::storage_items(t);
    let st = types::value_type(ctx, t).map_err(cg)?.into_struct_type();
    let mut agg: inkwell::values::AggregateValueEnum = st.get_undef().into();
    for (i, it) in items.iter().enumerate() {
        let x = b.build_extract_value(v.into_struct_value(), i as u32, "").map_err(bld)?;
        let x = from_storage(ctx, b, x, it)?;
        agg = b.build_insert_value(agg, x, i as u32, "").map_err(bld)?;
    }
    Ok(agg.as_basic_value_enum())
}

/// Value → native storage.
pub(crate) fn to_storage<'ctx>(ctx: &'ctx Context, b: &inkwell::builder::Builder<'ctx>, v: BasicValueEnum<'ctx>, t: &Type) -> Result<BasicValueEnum<'ctx>, CgError> {
    if types::storage_is_value(t) {
        return Ok(v);
    }
    if numeric(t) == Some(NumericKind::Boolean) {
        return Ok(b.build_int_z_extend(v.into_int_value(), ctx.i8_type(), "").map_err(bld)?.into());
    }
    let items = types::storage_items(t);
    let st = types::storage_type(ctx, t).map_err(cg)?.into_struct_type();
    let mut agg: inkwell::values::AggregateValueEnum = st.get_undef().into();
    for (i, it) in items.iter().enumerate() {
        let x = b.build_extract_value(v.into_struct_value(), i as u32, "").map_err(bld)?;
        let x = to_storage(ctx, b, x, it)?;
        agg = b.build_insert_value(agg, x, i as u32, "").map_err(bld)?;
    }
    Ok(agg.as_basic_value_enum())
}

/// Call the internal function and store its result's storage at `out` when it succeeded.
#[allow(clippy::too_many_arguments)]
pub(crate) fn call_and_store<'ctx>(
    ctx: &'ctx Context,
    b: &inkwell::builder::Builder<'ctx>,
    wrapper: FunctionValue<'ctx>,
    internal: FunctionValue<'ctx>,
    ret: &Type,
    args: Vec<BasicMetadataValueEnum<'ctx>>,
    out: PointerValue<'ctx>,
    exc: PointerValue<'ctx>,
) -> Result<(), CgError> {
    let mut full: Vec<BasicMetadataValueEnum> = vec![exc.into()];
    full.extend(args);
    let res = b.build_call(internal, &full, "res").map_err(bld)?;
    // The body is compiled once: the wrapper and the C entry point call it (one direct call),
    // rather than each getting an inlined copy that LLVM optimizes again. Calls between jit
    // functions are not affected.
    let noinline = inkwell::attributes::Attribute::get_named_enum_kind_id("noinline");
    res.add_attribute(inkwell::attributes::AttributeLoc::Function, ctx.create_enum_attribute(noinline, 0));
    let res = match res.try_as_basic_value() {
        inkwell::values::ValueKind::Basic(v) => v.into_struct_value(),
        _ => return Err(cg("internal function returns void")),
    };
    let status = b.build_extract_value(res, 0, "status").map_err(bld)?.into_int_value();
    let ok = b.build_int_compare(IntPredicate::EQ, status, ctx.i32_type().const_zero(), "").map_err(bld)?;
    let store_bb = ctx.append_basic_block(wrapper, "store");
    let done_bb = ctx.append_basic_block(wrapper, "done");
    b.build_conditional_branch(ok, store_bb, done_bb).map_err(bld)?;
    b.position_at_end(store_bb);
    if !matches!(ret, Type::NoneType) {
        let v = b.build_extract_value(res, 1, "").map_err(bld)?;
        let v = to_storage(ctx, b, v, ret)?;
        b.build_store(out, v).map_err(bld)?;
    }
    b.build_unconditional_branch(done_bb).map_err(bld)?;
    b.position_at_end(done_bb);
    b.build_return(Some(&status)).map_err(bld)?;
    Ok(())
}

fn build_wrapper<'ctx>(ctx: &'ctx Context, module: &Module<'ctx>, internal: FunctionValue<'ctx>, s: &SpecInput<'_>, name: &str) -> Result<FunctionValue<'ctx>, CgError> {
    // Enum members cross as their values.
    let args: Vec<Type> = s.args.iter().map(types::enum_values).collect();
    let ret = types::enum_values(&s.return_type);
    let (w, b, vals) = wrapper_entry(ctx, module, &args, &ret, name)?;
    let out = w.get_nth_param(1).ok_or_else(|| cg("param"))?.into_pointer_value();
    let exc = w.get_nth_param(2).ok_or_else(|| cg("param"))?.into_pointer_value();
    let vals = vals.into_iter().map(Into::into).collect();
    call_and_store(ctx, &b, w, internal, &ret, vals, out, exc)?;
    Ok(w)
}

/// A wrapper `i32 (ptr args, ptr out, ptr exc)` positioned after reading its arguments (the
/// values of those with a run-time value).
pub(crate) fn wrapper_entry<'ctx>(
    ctx: &'ctx Context,
    module: &Module<'ctx>,
    args: &[Type],
    ret: &Type,
    name: &str,
) -> Result<(FunctionValue<'ctx>, inkwell::builder::Builder<'ctx>, Vec<BasicValueEnum<'ctx>>), CgError> {
    // The module table names types by C strings, which the runtime parses back; the text of a
    // string literal is written as is, so it must not end the C string, and inside another
    // type (a tuple) it must not end the literal early. A returned literal is read whole.
    for t in args.iter().chain([ret]) {
        let mut enum_part = false;
        t.visit_parts(&mut |p| enum_part |= matches!(p, Type::EnumMember(_) | Type::EnumClass(_)));
        if enum_part {
            return Err(cg(format!("passing or returning {t} between Python and compiled code is not supported by numrs build yet (enum classes have no value in compiled code)")));
        }
        let text = t.to_string();
        if text.contains('\0') {
            return Err(cg("passing or returning a string literal that contains a NUL character between Python and compiled code is not supported by numrs build yet"));
        }
        let whole = std::ptr::eq(t, ret) && matches!(t, Type::StringLiteral(_));
        if !whole && text.contains("Literal[str](") && numrs_types::parse_type(&text).as_ref() != Some(t) {
            return Err(cg(format!("returning {text} to Python is not supported by numrs build yet (its string literal cannot be named in the module table)")));
        }
    }
    let ptr = ctx.ptr_type(AddressSpace::default());
    let ft = ctx.i32_type().fn_type(&[ptr.into(), ptr.into(), ptr.into()], false);
    // Declared already where compiled code takes its address (a first-class function).
    let w = match module.get_function(name) {
        Some(w) if w.count_basic_blocks() == 0 => {
            w.set_linkage(Linkage::Internal);
            w
        }
        _ => module.add_function(name, ft, Some(Linkage::Internal)),
    };
    let b = ctx.create_builder();
    let entry = ctx.append_basic_block(w, "entry");
    b.position_at_end(entry);
    let args_p = w.get_nth_param(0).ok_or_else(|| cg("param"))?.into_pointer_value();
    let mut vals = Vec::new();
    for (i, t) in args.iter().enumerate() {
        if types::is_phantom(t) {
            continue;
        }
        let slot = unsafe { b.build_in_bounds_gep(ptr, args_p, &[ctx.i64_type().const_int(i as u64, false)], "").map_err(bld)? };
        let p = b.build_load(ptr, slot, "").map_err(bld)?.into_pointer_value();
        // A record's storage is the address of its bytes.
        if let Type::Record(_) = t {
            vals.push(b.build_load(ptr, p, "").map_err(bld)?);
            continue;
        }
        let st = types::storage_type(ctx, t).map_err(cg)?;
        let v = b.build_load(st, p, "").map_err(bld)?;
        vals.push(from_storage(ctx, &b, v, t)?);
    }
    Ok((w, b, vals))
}

/// The Python entry of a generator function: a generator started in memory from the
/// runtime's allocator, `{state, step}` (see `numrs_abi::layout`) written to `out`. The
/// runtime's generator object keeps the Python arguments alive and frees the state.
fn build_generator_wrapper<'ctx>(ctx: &'ctx Context, module: &Module<'ctx>, resume: FunctionValue<'ctx>, s: &SpecInput<'_>, name: &str) -> Result<FunctionValue<'ctx>, CgError> {
    let Type::Generator(g) = &s.return_type else { return Err(cg("internal error: generator function without a generator type")) };
    // Arguments unboxed into memory of their own are held by the generator object while it
    // lives: strings, typed containers, and Python lists and sets (one pointer each), which
    // are not reflected back, as in Numba (its generators leave a list argument as it was).
    let held = |t: &Type| matches!(t, Type::Unicode | Type::ListType(_) | Type::DictType(_) | Type::List { .. } | Type::Set { .. });
    // Arrays and jitclass instances are borrowed from their Python objects, which the
    // generator object keeps alive.
    if let Some(t) = s.args.iter().find(|t| crate::arrays::needs_rc(t) && !matches!(t, Type::Array(_) | Type::JitClassInstance(_)) && !held(t)) {
        return Err(cg(format!("calling a generator function with an argument of type {t} from Python is not supported by numrs build yet")));
    }
    let resume_name = resume.get_name().to_string_lossy().into_owned();
    let size = module
        .get_global(&crate::generators::state_size_name(&resume_name))
        .and_then(|g| g.get_initializer())
        .map(|v| v.into_int_value())
        .ok_or_else(|| cg("internal error: a generator without a state size"))?;
    let step = crate::generators::build_step(ctx, module, resume, &g.yield_type)?;
    let header = crate::generators::header_type(ctx, &s.args).map_err(cg)?;
    let (w, b, vals) = wrapper_entry(ctx, module, &s.args, &s.return_type, name)?;
    let out = w.get_nth_param(1).ok_or_else(|| cg("param"))?.into_pointer_value();
    let exc = w.get_nth_param(2).ok_or_else(|| cg("param"))?.into_pointer_value();
    let ptr = ctx.ptr_type(AddressSpace::default());
    let i32t = ctx.i32_type();
    // RuntimeApi::alloc (the runtime is loaded: only it calls wrappers).
    let slot = module.get_global("numrs.runtime").ok_or_else(|| cg("internal error: no runtime slot"))?;
    let api = b.build_load(ptr, slot.as_pointer_value(), "rt").map_err(bld)?.into_pointer_value();
    let pa = b.build_struct_gep(crate::dicts::api_struct_type(ctx), api, API_PLAIN_ALLOC, "").map_err(bld)?;
    let alloc = b.build_load(ptr, pa, "alloc").map_err(bld)?.into_pointer_value();
    let alloc_t = ptr.fn_type(&[ctx.i64_type().into()], false);
    let state = b.build_indirect_call(alloc_t, alloc, &[size.into()], "state").map_err(bld)?;
    let inkwell::values::ValueKind::Basic(state) = state.try_as_basic_value() else { return Err(cg("internal error: alloc returns void")) };
    let state = state.into_pointer_value();
    let null = b.build_is_null(state, "").map_err(bld)?;
    let oom = ctx.append_basic_block(w, "oom");
    let start = ctx.append_basic_block(w, "start");
    b.build_conditional_branch(null, oom, start).map_err(bld)?;
    b.position_at_end(oom);
    let pk = b.build_struct_gep(func::exc_info_type(ctx), exc, 0, "").map_err(bld)?;
    b.build_store(pk, i32t.const_int(numrs_abi::ExcKind::MemoryError as u64, false)).map_err(bld)?;
    b.build_return(Some(&i32t.const_int(1, false))).map_err(bld)?;
    b.position_at_end(start);
    crate::generators::fill_header(ctx, &b, header, state, resume, &vals).map_err(bld)?;
    let pair = ctx.struct_type(&[ptr.into(), ptr.into()], false);
    let p0 = b.build_struct_gep(pair, out, 0, "").map_err(bld)?;
    b.build_store(p0, state).map_err(bld)?;
    let p1 = b.build_struct_gep(pair, out, 1, "").map_err(bld)?;
    b.build_store(p1, step.as_global_value().as_pointer_value()).map_err(bld)?;
    b.build_return(Some(&i32t.const_zero())).map_err(bld)?;
    Ok(w)
}

/// `RuntimeApi::alloc`.
const API_PLAIN_ALLOC: u32 = 3;
/// `RuntimeApi::unraisable`.
const API_UNRAISABLE: u32 = 26;

/// Calls the loaded runtime's (`api`) `RuntimeApi::unraisable` on the exception in `exc`,
/// naming the `@cfunc` `name`: the exception is written out and its message freed.
pub(crate) fn call_unraisable<'ctx>(
    ctx: &'ctx Context,
    module: &Module<'ctx>,
    b: &inkwell::builder::Builder<'ctx>,
    api: PointerValue<'ctx>,
    exc: PointerValue<'ctx>,
    name: &str,
) -> Result<(), inkwell::builder::BuilderError> {
    let ptr = ctx.ptr_type(AddressSpace::default());
    let pf = b.build_struct_gep(crate::dicts::api_struct_type(ctx), api, API_UNRAISABLE, "")?;
    let unraisable = b.build_load(ptr, pf, "unraisable")?.into_pointer_value();
    let what = cstr(ctx, module, name, "numrs.cfunc_name");
    let i64t = ctx.i64_type();
    let ft = ctx.void_type().fn_type(&[ptr.into(), ptr.into(), i64t.into()], false);
    b.build_indirect_call(ft, unraisable, &[exc.into(), what.into(), i64t.const_int(name.len() as u64, false).into()], "")?;
    Ok(())
}

/// Arguments passed by value in the C entry point (all other types by pointer).
pub(crate) fn c_by_value(t: &Type) -> bool {
    numeric(t).is_some_and(|k| !k.is_complex()) || matches!(t, Type::CPointer(_) | Type::VoidPtr | Type::ArrayCTypes(_))
}

fn build_c_entry<'ctx>(ctx: &'ctx Context, module: &Module<'ctx>, internal: FunctionValue<'ctx>, s: &SpecInput<'_>, sym: &str) -> Result<FunctionValue<'ctx>, CgError> {
    let ptr = ctx.ptr_type(AddressSpace::default());
    let args: Vec<Type> = s.args.iter().map(types::enum_values).collect();
    let ret = types::enum_values(&s.return_type);
    let mut params: Vec<BasicMetadataTypeEnum> = Vec::new();
    for t in &args {
        if types::is_phantom(t) {
            continue;
        }
        if c_by_value(t) {
            params.push(types::storage_type(ctx, t).map_err(cg)?.into());
        } else {
            params.push(ptr.into());
        }
    }
    params.push(ptr.into());
    params.push(ptr.into());
    let ft = ctx.i32_type().fn_type(&params, false);
    let f = module.add_function(sym, ft, Some(Linkage::External));
    let b = ctx.create_builder();
    let entry = ctx.append_basic_block(f, "entry");
    b.position_at_end(entry);
    let mut vals = Vec::new();
    let mut k = 0u32;
    for t in &args {
        if types::is_phantom(t) {
            continue;
        }
        let p = f.get_nth_param(k).ok_or_else(|| cg("param"))?;
        k += 1;
        if let Type::Record(_) = t {
            vals.push(b.build_load(ptr, p.into_pointer_value(), "").map_err(bld)?.into());
            continue;
        }
        let st = types::storage_type(ctx, t).map_err(cg)?;
        let v = if c_by_value(t) { p } else { b.build_load(st, p.into_pointer_value(), "").map_err(bld)? };
        vals.push(from_storage(ctx, &b, v, t)?.into());
    }
    let out = f.get_nth_param(k).ok_or_else(|| cg("param"))?.into_pointer_value();
    let exc = f.get_nth_param(k + 1).ok_or_else(|| cg("param"))?.into_pointer_value();
    call_and_store(ctx, &b, f, internal, &ret, vals, out, exc)?;
    Ok(f)
}

/// A `@cfunc`'s C callback (Numba's `create_cfunc_wrapper`): the arguments and the result
/// by value, as C passes them. Where the function raises, the result is 0 and the exception
/// is written out as unraisable (`RuntimeApi::unraisable`), as Numba's wrapper does.
fn build_c_callback<'ctx>(ctx: &'ctx Context, module: &Module<'ctx>, internal: FunctionValue<'ctx>, s: &SpecInput<'_>, sym: &str) -> Result<FunctionValue<'ctx>, CgError> {
    let ptr = ctx.ptr_type(AddressSpace::default());
    let i32t = ctx.i32_type();
    let mut params: Vec<BasicMetadataTypeEnum> = Vec::new();
    for t in &s.args {
        params.push(types::value_type(ctx, t).map_err(cg)?.into());
    }
    let ret = &s.return_type;
    let ft = match ret {
        Type::NoneType => ctx.void_type().fn_type(&params, false),
        t => types::value_type(ctx, t).map_err(cg)?.fn_type(&params, false),
    };
    let f = module.add_function(sym, ft, Some(Linkage::External));
    // C passes booleans as bytes holding 0 or 1.
    let zeroext = ctx.create_enum_attribute(inkwell::attributes::Attribute::get_named_enum_kind_id("zeroext"), 0);
    for (k, t) in s.args.iter().enumerate() {
        if numeric(t) == Some(NumericKind::Boolean) {
            f.add_attribute(inkwell::attributes::AttributeLoc::Param(k as u32), zeroext);
        }
    }
    if numeric(ret) == Some(NumericKind::Boolean) {
        f.add_attribute(inkwell::attributes::AttributeLoc::Return, zeroext);
    }
    let b = ctx.create_builder();
    b.position_at_end(ctx.append_basic_block(f, "entry"));
    let et = func::exc_info_type(ctx);
    let exc = b.build_alloca(et, "exc").map_err(bld)?;
    b.build_store(exc, et.const_zero()).map_err(bld)?;
    let mut full: Vec<BasicMetadataValueEnum> = vec![exc.into()];
    full.extend(f.get_param_iter().map(|p| BasicMetadataValueEnum::from(p)));
    let res = b.build_call(internal, &full, "res").map_err(bld)?;
    let inkwell::values::ValueKind::Basic(res) = res.try_as_basic_value() else { return Err(cg("internal function returns void")) };
    let res = res.into_struct_value();
    let status = b.build_extract_value(res, 0, "status").map_err(bld)?.into_int_value();
    let failed = b.build_int_compare(IntPredicate::NE, status, i32t.const_zero(), "").map_err(bld)?;
    let drop_bb = ctx.append_basic_block(f, "dropped_exc");
    let free_bb = ctx.append_basic_block(f, "free_message");
    let done_bb = ctx.append_basic_block(f, "done");
    b.build_conditional_branch(failed, drop_bb, done_bb).map_err(bld)?;
    // With the runtime loaded (the module was imported), it writes the exception out and
    // frees its message; without it (a C program) the exception is dropped.
    b.position_at_end(drop_bb);
    let slot = module.get_global("numrs.runtime").ok_or_else(|| cg("internal error: no runtime slot"))?;
    let api = b.build_load(ptr, slot.as_pointer_value(), "rt").map_err(bld)?.into_pointer_value();
    let has_api = b.build_is_not_null(api, "").map_err(bld)?;
    b.build_conditional_branch(has_api, free_bb, done_bb).map_err(bld)?;
    b.position_at_end(free_bb);
    call_unraisable(ctx, module, &b, api, exc, &s.function).map_err(bld)?;
    b.build_unconditional_branch(done_bb).map_err(bld)?;
    b.position_at_end(done_bb);
    if matches!(ret, Type::NoneType) {
        b.build_return(None).map_err(bld)?;
    } else {
        let v = b.build_extract_value(res, 1, "").map_err(bld)?;
        let zero = v.get_type().const_zero();
        let v = b.build_select(failed, zero, v, "").map_err(bld)?;
        b.build_return(Some(&v)).map_err(bld)?;
    }
    Ok(f)
}

fn cstr<'ctx>(ctx: &'ctx Context, module: &Module<'ctx>, s: &str, name: &str) -> PointerValue<'ctx> {
    let data = ctx.const_string(s.as_bytes(), true);
    let g = module.add_global(data.get_type(), None, name);
    g.set_initializer(&data);
    g.set_constant(true);
    g.set_linkage(Linkage::Private);
    g.set_unnamed_addr(true);
    g.as_pointer_value()
}

/// The wrapper of every kernel specialization in the table: kernels are launched
/// (`kernel[griddim, blockdim](args)`), so a call through it raises TypeError.
fn kernel_call_refusal<'ctx>(ctx: &'ctx Context, module: &Module<'ctx>) -> FunctionValue<'ctx> {
    let ptr = ctx.ptr_type(AddressSpace::default());
    let i32t = ctx.i32_type();
    let f = module.add_function("numrs.kernel_call", i32t.fn_type(&[ptr.into(), ptr.into(), ptr.into()], false), Some(Linkage::Private));
    let b = ctx.create_builder();
    b.position_at_end(ctx.append_basic_block(f, "entry"));
    let msg = "a CUDA kernel is launched with kernel[griddim, blockdim](...)";
    let et = func::exc_info_type(ctx);
    let exc = f.get_nth_param(2).map(|p| p.into_pointer_value());
    if let Some(exc) = exc {
        let text = cstr(ctx, module, msg, "numrs.kernel_call.msg");
        let fields: [BasicValueEnum; 4] = [
            i32t.const_int(numrs_abi::ExcKind::TypeError as u64, false).into(),
            text.into(),
            ctx.i64_type().const_int(msg.len() as u64, false).into(),
            i32t.const_zero().into(),
        ];
        for (k, v) in fields.into_iter().enumerate() {
            if let Ok(p) = b.build_struct_gep(et, exc, k as u32, "") {
                let _ = b.build_store(p, v);
            }
        }
    }
    let _ = b.build_return(Some(&i32t.const_int(1, false)));
    f
}

/// A jitclass constructor's entry in the module table.
struct Ctor<'ctx> {
    /// The class's.
    function_id: usize,
    args: Vec<Type>,
    ret: Type,
    wrapper: FunctionValue<'ctx>,
}

fn build_table<'ctx>(
    ctx: &'ctx Context,
    module: &Module<'ctx>,
    module_name: &str,
    functions: &[FunctionInput],
    specs: &[SpecInput<'_>],
    wrappers: &[Option<(FunctionValue<'ctx>, String)>],
    ctors: &[Ctor<'ctx>],
) -> Result<(), CgError> {
    let ptr = ctx.ptr_type(AddressSpace::default());
    let i32t = ctx.i32_type();
    let spec_t = ctx.struct_type(&[i32t.into(), ptr.into(), ptr.into(), ptr.into(), ptr.into()], false);
    // numrs_abi::FunctionEntryV4: name, n_specs, specs, param_names, param_defaults, kind.
    let entry_t = ctx.struct_type(&[ptr.into(), i32t.into(), ptr.into(), ptr.into(), ptr.into(), i32t.into(), ptr.into()], false);
    let table_t = ctx.struct_type(&[i32t.into(), i32t.into(), ptr.into(), ptr.into(), ptr.into()], false);
    // Every function of the module (in its order), then any only the specializations name.
    let mut ids: Vec<(usize, &str, &[(String, Option<String>)])> =
        functions.iter().filter(|f| f.kernel.is_none() && f.python.is_none() && f.imported.is_none()).map(|f| (f.function_id, f.name.as_str(), f.params.as_slice())).collect();
    for s in specs.iter().filter(|s| !s.internal) {
        if !ids.iter().any(|(id, ..)| *id == s.function_id) {
            ids.push((s.function_id, s.function.as_str(), s.params.as_slice()));
        }
    }
    let mut entries = Vec::new();
    // The module's Python (its exception classes) first: the classes exist before anything.
    let python_entry = |k: usize, f: &FunctionInput, py: &PythonSource| {
        entry_t.const_named_struct(&[
            cstr(ctx, module, &f.name, &format!("numrs.pyname.{k}")).into(),
            i32t.const_int(0, false).into(),
            ptr.const_null().into(),
            ptr.const_null().into(),
            ptr.const_null().into(),
            i32t.const_int(numrs_abi::FUNCTION_KIND_PYTHON as u64, false).into(),
            cstr(ctx, module, &format!("{}\n{}", py.file, py.source), &format!("numrs.python.{k}")).into(),
        ])
    };
    for (k, f) in functions.iter().enumerate() {
        if let Some(py) = f.python.as_ref().filter(|py| !py.last) {
            entries.push(python_entry(k, f, py));
        }
    }
    // Kernels: the PTX (one copy for the module) and a wrapper that only refuses calls.
    let mut ptx_global: Option<PointerValue> = None;
    let mut refuse: Option<FunctionValue> = None;
    for f in functions {
        let Some(k) = &f.kernel else { continue };
        let ptx_p = *ptx_global.get_or_insert_with(|| cstr(ctx, module, &k.ptx, "numrs.ptx"));
        let refuse = *refuse.get_or_insert_with(|| kernel_call_refusal(ctx, module));
        let id = f.function_id;
        let spec_vals: Vec<StructValue> = k
            .specs
            .iter()
            .enumerate()
            .map(|(n, (args, entry))| spec_value(ctx, module, spec_t, &format!("numrs.k.{id}.{n}"), args, "none", Some(refuse), entry))
            .collect();
        let g = spec_array(module, spec_t, &spec_vals, &format!("numrs.kspecs.{id}"));
        entries.push(entry_t.const_named_struct(&[
            cstr(ctx, module, &f.name, &format!("numrs.kname.{id}")).into(),
            i32t.const_int(spec_vals.len() as u64, false).into(),
            g.as_pointer_value().into(),
            ptr.const_null().into(),
            ptr.const_null().into(),
            i32t.const_int(numrs_abi::FUNCTION_KIND_KERNEL as u64, false).into(),
            ptx_p.into(),
        ]));
    }
    // The setters of imported values: dispatchers the module's Python calls once.
    for (k, f) in functions.iter().enumerate() {
        let Some(slot) = &f.imported else { continue };
        let arg = writable(&slot.ty);
        let w = imported_setter(ctx, module, slot, &arg, &format!("numrs.set.{k}"))?;
        let spec = spec_value(ctx, module, spec_t, &format!("numrs.set.{k}"), std::slice::from_ref(&arg), "none", Some(w), "");
        let g = spec_array(module, spec_t, &[spec], &format!("numrs.setspecs.{k}"));
        entries.push(entry_t.const_named_struct(&[
            cstr(ctx, module, &f.name, &format!("numrs.setname.{k}")).into(),
            i32t.const_int(1, false).into(),
            g.as_pointer_value().into(),
            ptr.const_null().into(),
            ptr.const_null().into(),
            i32t.const_int(numrs_abi::FUNCTION_KIND_DISPATCHER as u64, false).into(),
            ptr.const_null().into(),
        ]));
    }
    for (id, fname, params) in ids {
        let role = functions.iter().find(|f| f.function_id == id).and_then(|f| f.jitclass.as_ref());
        // The entry's name, specializations, parameters, kind and layout text.
        let (fname, spec_vals, params, kind, layout): (&str, Vec<StructValue>, &[(String, Option<String>)], u32, Option<String>) = match role {
            Some(crate::JitClassRole::Import { instance }) => (fname, Vec::new(), &[], numrs_abi::FUNCTION_KIND_JITCLASS_IMPORT, Some(instance.to_string())),
            Some(crate::JitClassRole::Class { instance, deferred, .. }) => {
                let vals = ctors
                    .iter()
                    .filter(|c| c.function_id == id)
                    .enumerate()
                    .map(|(n, c)| spec_value(ctx, module, spec_t, &format!("numrs.c.{id}.{n}"), &c.args, &boundary_text(&c.ret), Some(c.wrapper), ""))
                    .collect();
                let layout = deferred.iter().fold(boundary_text(instance), |t, d| format!("{t}\nDeferredType#{d}"));
                (fname, vals, params, numrs_abi::FUNCTION_KIND_JITCLASS, Some(layout))
            }
            _ => {
                let ufunc = functions.iter().any(|f| f.function_id == id && f.ufunc);
                let identity = functions.iter().find(|f| f.function_id == id).and_then(|f| f.identity);
                let gufunc = functions.iter().find(|f| f.function_id == id).and_then(|f| f.gufunc.as_deref());
                // Specializations taking an inner function or a jit function of another module
                // (passed statically by their callers) or a generator (which lives in its
                // caller's frame) run only from compiled code; Python calls cannot select
                // them. One taking a jit function of this module is selected when Python
                // passes that function's dispatcher.
                // Nor can Python pass or receive values that do not cross the boundary (an
                // iterator, a dict view, a range, a slice, a function): such specializations
                // exist for compiled callers only (a call from Python finds no match, where
                // Numba's boxing raises TypeError).
                let python_arg = |a: &Type| match a {
                    Type::Dispatcher(d) => d.file.is_none() && !d.name.contains(".<locals>.") && d.escaped_path().is_none() && d.as_inner_of_caller().is_none(),
                    Type::Generator(_) => false,
                    _ => numrs_abi::crosses(a),
                };
                let returns = |t: &Type| {
                    matches!(t, Type::StringLiteral(_) | Type::IntegerLiteral(_) | Type::BooleanLiteral(_) | Type::NoneType)
                        || (numrs_abi::crosses(t) && !matches!(t, Type::Slice2 | Type::Slice3))
                };
                let built: Vec<usize> = (0..specs.len())
                    .filter(|i| specs[*i].function_id == id && wrappers[*i].is_some())
                    .filter(|i| specs[*i].args.iter().all(python_arg) && returns(&specs[*i].return_type))
                    .collect();
                // The parameters of the specializations (the same for all), else the function's.
                let params = built.first().map_or(params, |i| specs[*i].params.as_slice());
                let vals = built
                    .iter()
                    .enumerate()
                    .filter_map(|(n, i)| {
                        let s = &specs[*i];
                        let (w, sym) = wrappers[*i].as_ref()?;
                        Some(spec_value(ctx, module, spec_t, &format!("numrs.t.{id}.{n}"), &s.args, &boundary_text(&s.return_type), Some(*w), sym))
                    })
                    .collect::<Vec<_>>();
                // A lazily compiled function's specializations that did not type: no wrapper,
                // the error in place of the C symbol (`numrs_abi::Specialization::wrapper`).
                let mut vals = vals;
                let refused = functions.iter().filter(|f| f.function_id == id && f.lazy && !f.ufunc && f.gufunc.is_none() && role.is_none()).flat_map(|f| f.refused.iter());
                for (n, (args, message)) in refused.enumerate() {
                    if args.iter().all(numrs_abi::crosses) {
                        vals.push(spec_value(ctx, module, spec_t, &format!("numrs.r.{id}.{n}"), args, "none", None, message));
                    }
                }
                let (fname, kind, layout) = match role {
                    Some(crate::JitClassRole::Member { class, member, kind }) => (member.as_str(), *kind, Some(class.to_string())),
                    _ if gufunc.is_some() => (fname, numrs_abi::FUNCTION_KIND_GUFUNC, gufunc.map(str::to_string)),
                    // A ufunc's identity rides in the layout field (`identity=0`).
                    _ if ufunc => (fname, numrs_abi::FUNCTION_KIND_UFUNC, identity.map(|i| format!("identity={i}"))),
                    _ => {
                        let f = functions.iter().find(|f| f.function_id == id);
                        let lazy = if f.is_some_and(|f| f.lazy) { numrs_abi::FUNCTION_FLAG_LAZY } else { 0 };
                        let nogil = if f.is_some_and(|f| f.nogil) { numrs_abi::FUNCTION_FLAG_NOGIL } else { 0 };
                        (fname, numrs_abi::FUNCTION_KIND_DISPATCHER | lazy | nogil, None)
                    }
                };
                (fname, vals, params, kind, layout)
            }
        };
        let g = spec_array(module, spec_t, &spec_vals, &format!("numrs.specs.{id}"));
        let (names, defaults) = param_arrays(ctx, module, params, id);
        entries.push(entry_t.const_named_struct(&[
            cstr(ctx, module, fname, &format!("numrs.name.{id}")).into(),
            i32t.const_int(spec_vals.len() as u64, false).into(),
            g.as_pointer_value().into(),
            names.into(),
            defaults.into(),
            i32t.const_int(kind as u64, false).into(),
            layout.map_or_else(|| ptr.const_null(), |l| cstr(ctx, module, &l, &format!("numrs.layout.{id}"))).into(),
        ]));
    }
    // Python that binds names to the module's functions runs once they all exist.
    for (k, f) in functions.iter().enumerate() {
        if let Some(py) = f.python.as_ref().filter(|py| py.last) {
            entries.push(python_entry(k, f, py));
        }
    }
    let entries_t = entry_t.array_type(entries.len() as u32);
    let eg = module.add_global(entries_t, None, "numrs.functions");
    eg.set_initializer(&entry_t.const_array(&entries));
    eg.set_constant(true);
    eg.set_linkage(Linkage::Private);
    // Defined by `compile_module`.
    let slot = module.get_global("numrs.runtime").ok_or_else(|| cg("internal error: no runtime slot"))?;
    let mname = cstr(ctx, module, module_name, "numrs.module_name");
    let table = module.add_global(table_t, None, numrs_abi::TABLE_SYMBOL);
    table.set_initializer(&table_t.const_named_struct(&[
        // Compiled code may call `RuntimeApi::array_adopt`, hold Python and mark the lists it
        // changes (`ListPayload::dirty`), which older runtimes lack or would not read: they
        // refuse the table rather than run it.
        i32t.const_int(numrs_abi::ABI_VERSION_THREADS as u64, false).into(),
        i32t.const_int(entries.len() as u64, false).into(),
        mname.into(),
        eg.as_pointer_value().into(),
        slot.as_pointer_value().into(),
    ]));
    table.set_linkage(Linkage::External);
    Ok(())
}

/// `t` with its arrays writable: what Python passes for a read-only value.
fn writable(t: &Type) -> Type {
    match t {
        Type::Array(a) if a.readonly => Type::Array(std::sync::Arc::new(numrs_types::ArrayType { readonly: false, ..(**a).clone() })),
        other => other.clone(),
    }
}

/// The wrapper of an imported value's setter: it stores its argument in the slot (an array
/// without its `parent`: compiled code reads it as a constant, which Python keeps alive).
fn imported_setter<'ctx>(ctx: &'ctx Context, module: &Module<'ctx>, slot: &crate::ImportedSlot, arg: &Type, name: &str) -> Result<FunctionValue<'ctx>, CgError> {
    let (w, b, vals) = wrapper_entry(ctx, module, std::slice::from_ref(arg), &Type::NoneType, name)?;
    let g = module.get_global(&slot.symbol).ok_or_else(|| cg(format!("internal error: no slot {}", slot.symbol)))?;
    let mut v = *vals.first().ok_or_else(|| cg("internal error: a setter without its value"))?;
    if matches!(arg, Type::Array(_)) {
        v = b.build_insert_value(v.into_struct_value(), ctx.ptr_type(AddressSpace::default()).const_null(), 1, "").map_err(bld)?.as_basic_value_enum();
    }
    b.build_store(g.as_pointer_value(), v).map_err(bld)?;
    b.build_return(Some(&ctx.i32_type().const_zero())).map_err(bld)?;
    Ok(w)
}

/// A `numrs_abi::Specialization` of the table (its globals named after `tag`): the argument
/// and return types as Numba prints them, the wrapper, the C entry point's symbol.
#[allow(clippy::too_many_arguments)]
/// The text the runtime reads a type from: a `deferred_type()` defined as a type other than a
/// jitclass's instances (`data_type.define(intp)`) is that type, which its values are.
fn boundary_text(t: &Type) -> String {
    boundary_type(t).to_string()
}

fn boundary_type(t: &Type) -> Type {
    let scalar = |x: &Type| match x {
        Type::Deferred(d) => d.get().filter(|target| !target.holds_jitclass_instance()).cloned(),
        _ => None,
    };
    t.map_parts(&mut |x| match x {
        Type::Deferred(_) => scalar(x),
        // An instance's fields (not reached by `map_parts`, which stops at instances).
        Type::JitClassInstance(c) if c.fields.iter().any(|(_, f)| scalar(f).is_some()) => {
            let fields = c.fields.iter().map(|(n, f)| (n.clone(), scalar(f).unwrap_or_else(|| f.clone()))).collect();
            Some(Type::JitClassInstance(std::sync::Arc::new(numrs_types::JitClassType { fields, ..(**c).clone() })))
        }
        _ => None,
    })
}

fn spec_value<'ctx>(
    ctx: &'ctx Context,
    module: &Module<'ctx>,
    spec_t: StructType<'ctx>,
    tag: &str,
    args: &[Type],
    ret: &str,
    wrapper: Option<FunctionValue<'ctx>>,
    sym: &str,
) -> StructValue<'ctx> {
    let ptr = ctx.ptr_type(AddressSpace::default());
    let arg_ptrs: Vec<PointerValue> = args.iter().enumerate().map(|(k, t)| cstr(ctx, module, &boundary_text(t), &format!("{tag}.a{k}"))).collect();
    let arr = module.add_global(ptr.array_type(arg_ptrs.len() as u32), None, &format!("{tag}.args"));
    arr.set_initializer(&ptr.const_array(&arg_ptrs));
    arr.set_constant(true);
    arr.set_linkage(Linkage::Private);
    spec_t.const_named_struct(&[
        ctx.i32_type().const_int(args.len() as u64, false).into(),
        arr.as_pointer_value().into(),
        cstr(ctx, module, ret, &format!("{tag}.ret")).into(),
        wrapper.map_or_else(|| ptr.const_null(), |w| w.as_global_value().as_pointer_value()).into(),
        cstr(ctx, module, sym, &format!("{tag}.sym")).into(),
    ])
}

/// A private constant array of specializations, named `name`.
fn spec_array<'ctx>(module: &Module<'ctx>, spec_t: StructType<'ctx>, vals: &[StructValue<'ctx>], name: &str) -> inkwell::values::GlobalValue<'ctx> {
    let g = module.add_global(spec_t.array_type(vals.len() as u32), None, name);
    g.set_initializer(&spec_t.const_array(vals));
    g.set_constant(true);
    g.set_linkage(Linkage::Private);
    g
}

/// The `param_names` and `param_defaults` arrays of a function's table entry (null pointers
/// when it has no named parameters, or no defaults).
fn param_arrays<'ctx>(
    ctx: &'ctx Context,
    module: &Module<'ctx>,
    params: &[(String, Option<String>)],
    id: usize,
) -> (PointerValue<'ctx>, PointerValue<'ctx>) {
    let ptr = ctx.ptr_type(AddressSpace::default());
    if params.is_empty() {
        return (ptr.const_null(), ptr.const_null());
    }
    let array = |items: Vec<PointerValue<'ctx>>, name: String| {
        let g = module.add_global(ptr.array_type(items.len() as u32), None, &name);
        g.set_initializer(&ptr.const_array(&items));
        g.set_constant(true);
        g.set_linkage(Linkage::Private);
        g.as_pointer_value()
    };
    // Null-terminated: a function with no specializations takes its arity from here.
    let mut names: Vec<PointerValue> = params.iter().enumerate().map(|(k, (n, _))| cstr(ctx, module, n, &format!("numrs.p.{id}.{k}"))).collect();
    names.push(ptr.const_null());
    let names = array(names, format!("numrs.params.{id}"));
    if params.iter().all(|(_, d)| d.is_none()) {
        return (names, ptr.const_null());
    }
    let defaults = params
        .iter()
        .enumerate()
        .map(|(k, (_, d))| match d {
            Some(text) => cstr(ctx, module, text, &format!("numrs.d.{id}.{k}")),
            None => ptr.const_null(),
        })
        .collect();
    (names, array(defaults, format!("numrs.defaults.{id}")))
}

/// A CPython API function for `PyInit_<module>`. Declared weak: the interpreter provides it
/// when Python loads the module, and C, C++ or Rust programs that link the shared object for
/// its C entry points need no Python at all.
fn declare<'ctx>(module: &Module<'ctx>, name: &str, ft: inkwell::types::FunctionType<'ctx>) -> FunctionValue<'ctx> {
    module.get_function(name).unwrap_or_else(|| module.add_function(name, ft, Some(Linkage::ExternalWeak)))
}

fn call_ptr<'ctx>(b: &inkwell::builder::Builder<'ctx>, f: FunctionValue<'ctx>, args: &[BasicMetadataValueEnum<'ctx>]) -> Result<PointerValue<'ctx>, CgError> {
    match b.build_call(f, args, "").map_err(bld)?.try_as_basic_value() {
        inkwell::values::ValueKind::Basic(v) => Ok(v.into_pointer_value()),
        _ => Err(cg("expected a pointer result")),
    }
}

/// `PyInit_<module>` through the stable ABI only (`PyModule_Create2(&def, 1013)`).
fn build_pyinit<'ctx>(ctx: &'ctx Context, module: &Module<'ctx>, module_name: &str) -> Result<(), CgError> {
    let ptr = ctx.ptr_type(AddressSpace::default());
    let i64t = ctx.i64_type();
    // PyModuleDef: PyModuleDef_Base {ob_refcnt, ob_type, m_init, m_index, m_copy}, m_name,
    // m_doc, m_size, m_methods, m_slots, m_traverse, m_clear, m_free.
    let fields: Vec<BasicTypeEnum> = vec![
        i64t.into(), ptr.into(), ptr.into(), i64t.into(), ptr.into(),
        ptr.into(), ptr.into(), i64t.into(), ptr.into(), ptr.into(), ptr.into(), ptr.into(), ptr.into(),
    ];
    let def_t = ctx.struct_type(&fields, false);
    let name = cstr(ctx, module, module_name, "numrs.pymodule_name");
    let null = ptr.const_null();
    let def = module.add_global(def_t, None, "numrs.module_def");
    def.set_initializer(&def_t.const_named_struct(&[
        i64t.const_int(1, false).into(),
        null.into(),
        null.into(),
        i64t.const_zero().into(),
        null.into(),
        name.into(),
        null.into(),
        i64t.const_all_ones().into(),
        null.into(),
        null.into(),
        null.into(),
        null.into(),
        null.into(),
    ]));
    def.set_linkage(Linkage::Internal);

    let create = declare(module, "PyModule_Create2", ptr.fn_type(&[ptr.into(), ctx.i32_type().into()], false));
    let import = declare(module, "PyImport_ImportModule", ptr.fn_type(&[ptr.into()], false));
    let getattr = declare(module, "PyObject_GetAttrString", ptr.fn_type(&[ptr.into(), ptr.into()], false));
    let capsule = declare(module, "PyCapsule_New", ptr.fn_type(&[ptr.into(), ptr.into(), ptr.into()], false));
    let callobj = declare(module, "PyObject_CallFunctionObjArgs", ptr.fn_type(&[ptr.into()], true));
    let decref = declare(module, "Py_DecRef", ctx.void_type().fn_type(&[ptr.into()], false));

    let f = module.add_function(&format!("PyInit_{module_name}"), ptr.fn_type(&[], false), Some(Linkage::External));
    let b = ctx.create_builder();
    let entry = ctx.append_basic_block(f, "entry");
    let fail_m = ctx.append_basic_block(f, "fail_module");
    let fail_null = ctx.append_basic_block(f, "fail");
    b.position_at_end(entry);
    let m = call_ptr(&b, create, &[def.as_pointer_value().into(), ctx.i32_type().const_int(1013, false).into()])?;
    let step = |b: &inkwell::builder::Builder<'ctx>, v: PointerValue<'ctx>, on_null: inkwell::basic_block::BasicBlock<'ctx>, label: &str| -> Result<(), CgError> {
        let next = ctx.append_basic_block(f, label);
        let isnull = b.build_is_null(v, "").map_err(bld)?;
        b.build_conditional_branch(isnull, on_null, next).map_err(bld)?;
        b.position_at_end(next);
        Ok(())
    };
    step(&b, m, fail_null, "created")?;
    let rt_name = cstr(ctx, module, "numrs_runtime", "numrs.runtime_module");
    let rt = call_ptr(&b, import, &[rt_name.into()])?;
    step(&b, rt, fail_m, "imported")?;
    let pop_name = cstr(ctx, module, "_populate", "numrs.populate_name");
    let pop = call_ptr(&b, getattr, &[rt.into(), pop_name.into()])?;
    b.build_call(decref, &[rt.into()], "").map_err(bld)?;
    step(&b, pop, fail_m, "got_populate")?;
    let cap_name = cstr(ctx, module, numrs_abi::TABLE_CAPSULE_NAME, "numrs.capsule_name");
    let table = module.get_global(numrs_abi::TABLE_SYMBOL).ok_or_else(|| cg("module table missing"))?;
    let cap = call_ptr(&b, capsule, &[table.as_pointer_value().into(), cap_name.into(), null.into()])?;
    let cap_ok = ctx.append_basic_block(f, "capsule");
    let cap_fail = ctx.append_basic_block(f, "capsule_fail");
    let isnull = b.build_is_null(cap, "").map_err(bld)?;
    b.build_conditional_branch(isnull, cap_fail, cap_ok).map_err(bld)?;
    b.position_at_end(cap_fail);
    b.build_call(decref, &[pop.into()], "").map_err(bld)?;
    b.build_unconditional_branch(fail_m).map_err(bld)?;
    b.position_at_end(cap_ok);
    let res = call_ptr(&b, callobj, &[pop.into(), m.into(), cap.into(), null.into()])?;
    b.build_call(decref, &[cap.into()], "").map_err(bld)?;
    b.build_call(decref, &[pop.into()], "").map_err(bld)?;
    step(&b, res, fail_m, "populated")?;
    b.build_call(decref, &[res.into()], "").map_err(bld)?;
    b.build_return(Some(&m)).map_err(bld)?;
    b.position_at_end(fail_m);
    b.build_call(decref, &[m.into()], "").map_err(bld)?;
    b.build_unconditional_branch(fail_null).map_err(bld)?;
    b.position_at_end(fail_null);
    b.build_return(Some(&null)).map_err(bld)?;
    Ok(())
}

/// LLVM's process-wide code generation options, set once: innermost loops aligned to 64 bytes
/// (a cache line, the x86 micro-op cache's window; LLVM's default is 16), so that a small hot
/// loop's speed does not depend on where it happens to land (seen as -6% to +37% on the
/// shared benchmark's pairwise-distance kernel, depending on placement alone).
fn set_llvm_options() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let args: [&std::ffi::CStr; 2] = [c"numrs", c"-x86-experimental-pref-innermost-loop-alignment=6"];
        let argv: Vec<*const std::ffi::c_char> = args.iter().map(|a| a.as_ptr()).collect();
        // SAFETY: argv holds valid NUL-terminated strings that outlive the call; LLVM copies
        // what it keeps. Called once per process, before any code generation.
        unsafe {
            inkwell::llvm_sys::support::LLVMParseCommandLineOptions(argv.len() as i32, argv.as_ptr(), std::ptr::null());
        }
    });
}
