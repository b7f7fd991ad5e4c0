//! Lowering of one typed specialization to an internal LLVM function.
//!
//! Internal calling convention: `i32 f(ptr ret, ptr exc, args...)`. Every IR variable with a
//! run-time value gets an alloca (promoted by mem2reg/SROA); Numba's phi nodes become copies at
//! the end of the predecessor blocks, as Numba's own lowering strips them. The status is
//! `numrs_abi::Status` (0 ok, 1 error with the `ExcInfo` at `exc` filled).

use std::collections::HashMap;

use inkwell::basic_block::BasicBlock;
use inkwell::builder::Builder;
use inkwell::context::Context;
use inkwell::module::Module;
use inkwell::types::{BasicType, BasicTypeEnum, StructType};
use inkwell::values::{BasicValue, BasicValueEnum, FloatValue, FunctionValue, IntValue, PointerValue};
use inkwell::{AddressSpace, FloatPredicate, IntPredicate};
use numrs_abi::ExcKind;
use numrs_ir::{BlockId, FunctionIr, StaticIndex, StmtKind, Terminator, Value, VarId};
use numrs_syntax::ast::{Constant, Span};
use numrs_types::{ArrayType, DispatcherRef, IteratorKind, Layout, NumericKind, Signature, Type};

use crate::types::{self, numeric, Repr};

/// An error while lowering: what is not supported, and where (function-relative span).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CgError {
    pub span: Option<Span>,
    pub message: String,
}

pub type R<T> = Result<T, CgError>;

impl From<inkwell::builder::BuilderError> for CgError {
    fn from(e: inkwell::builder::BuilderError) -> Self {
        CgError { span: None, message: format!("internal LLVM builder error: {e}") }
    }
}

/// A callee specialization: its internal function, formal argument types and return type.
pub struct Callee<'ctx> {
    pub function: FunctionValue<'ctx>,
    /// Per parameter of the callee, where the call site's value comes from.
    pub sources: Vec<ArgSource>,
    pub args: Vec<Type>,
    pub return_type: Type,
    pub index: usize,
    /// The callee is a `@vectorize` kernel (`args` and `return_type` are its loop's): the call
    /// maps it over the arguments' elements.
    pub ufunc: bool,
    /// The callee is a `@guvectorize` kernel called over loop dimensions (each operand's core
    /// dimensions): the call runs it once per loop index on views of the operands' cores.
    pub gufunc_cores: Option<(usize, Vec<Vec<usize>>)>,
    /// The callee is a `@stencil` kernel: the call applies it at every point of the first
    /// argument whose neighbourhood lies inside it.
    pub stencil: Option<crate::Stencil>,
    /// An exception the callee raises is dropped and the call gives 0 (a `@cfunc` called
    /// through its C wrapper).
    pub drops_exceptions: bool,
}

/// Finds the callee of a jit-to-jit call from the positional argument types and the keyword
/// arguments (name, type): the arguments are bound to the callee's parameters first (defaults
/// filled in, as Numba's `fold_arguments`), and `Callee::sources` says where each comes from.
pub type CalleeLookup<'b, 'ctx> = dyn Fn(&DispatcherRef, &[Type], &[(String, Type)]) -> Result<Callee<'ctx>, String> + 'b;

/// Where a callee's parameter gets its value at a call site.
#[derive(Clone, Debug, PartialEq)]
pub enum ArgSource {
    /// The caller's `i`-th positional argument.
    Positional(usize),
    /// The caller's `i`-th keyword argument.
    Keyword(usize),
    /// The parameter's default, as Python literal source.
    Default(String),
    /// A `*args` parameter: a tuple of the caller's positional arguments with these indices.
    Star(Vec<usize>),
}

/// Bind a call's arguments to the parameters `params` (name, default as Python literal
/// source) of `name`, a `*args` parameter following the positional ones when `star`, the last
/// `kwonly` of `params` keyword-only: the full argument types and where each comes from.
/// Positional indices count the call's positional arguments, those of a `*tuple` argument
/// included. As Numba's `fold_arguments`, the call's last `kwonly` positional arguments go to
/// the keyword-only parameters, replacing keyword arguments of the same names.
pub fn bind_call(
    name: &str,
    params: &[(String, Option<String>)],
    star: bool,
    kwonly: usize,
    args: &[Type],
    kws: &[(String, Type)],
) -> Result<(Vec<Type>, Vec<ArgSource>), String> {
    if params.is_empty() && !star {
        if !kws.is_empty() {
            return Err(format!("keyword arguments in calls of '{name}' are not supported by numrs build yet (its parameters are not plain positional ones with literal defaults)"));
        }
        return Ok((args.to_vec(), (0..args.len()).map(ArgSource::Positional).collect()));
    }
    let n_pos = params.len() - kwonly;
    let Some(n_args) = args.len().checked_sub(kwonly) else {
        return Err(format!("'{name}' takes its {kwonly} keyword-only argument(s) from the call's last positional ones, {} given", args.len()));
    };
    // Keyword arguments: the call's, then the moved positional ones in their place.
    let mut named: Vec<(&str, &Type, ArgSource)> = kws
        .iter()
        .enumerate()
        .filter(|(_, (k, _))| !params[n_pos..].iter().any(|(p, _)| p == k))
        .map(|(j, (k, t))| (k.as_str(), t, ArgSource::Keyword(j)))
        .collect();
    named.extend(params[n_pos..].iter().enumerate().map(|(k, (p, _))| (p.as_str(), &args[n_args + k], ArgSource::Positional(n_args + k))));
    if n_args > n_pos && !star {
        return Err(format!("'{name}' takes {n_pos} positional arguments, {n_args} given"));
    }
    let mut types = Vec::with_capacity(params.len() + 1);
    let mut sources = Vec::with_capacity(params.len() + 1);
    for (i, (pname, default)) in params.iter().enumerate() {
        if i == n_pos && star {
            let rest: Vec<usize> = (n_pos.min(n_args)..n_args).collect();
            types.push(Type::tuple(rest.iter().map(|&i| args[i].clone()).collect()));
            sources.push(ArgSource::Star(rest));
        }
        if i < n_pos && i < n_args {
            if named.iter().any(|(k, ..)| k == pname) {
                return Err(format!("'{name}' got multiple values for argument '{pname}'"));
            }
            types.push(args[i].clone());
            sources.push(ArgSource::Positional(i));
        } else if let Some(j) = named.iter().position(|(k, ..)| k == pname) {
            types.push(named[j].1.clone());
            sources.push(named[j].2.clone());
        } else if let Some(d) = default.as_ref().filter(|_| i < n_pos) {
            // An enum member (`<Unit.M: 1>`) stays `omitted`: the callee's specialization
            // tells its type.
            let t = numrs_types::omitted_value_type(d)
                .or_else(|| enum_default_value(d).map(|_| Type::Omitted(d.as_str().into())))
                // An array: `omitted` by its key; a callee typed for the array is given it.
                .or_else(|| d.strip_prefix(numrs_abi::ARRAY_DEFAULT).map(|k| Type::Omitted(k.into())))
                // A jit function: `omitted` by its name; the callee's specialization types it.
                .or_else(|| d.strip_prefix(numrs_abi::GLOBAL_DEFAULT).map(|k| Type::Omitted(k.into())))
                .ok_or_else(|| match d.as_str() {
                    numrs_abi::UNAVAILABLE_DEFAULT => format!("the default value of parameter '{pname}' of '{name}' (a value numrs cannot compute when building) is not supported by numrs build yet: pass the argument"),
                    _ => format!("the default value {d} of parameter '{pname}' of '{name}' is not supported by numrs build yet"),
                })?;
            types.push(t);
            sources.push(ArgSource::Default(d.clone()));
        } else {
            return Err(format!("'{name}' is missing argument '{pname}'"));
        }
    }
    if star && n_pos == params.len() {
        let rest: Vec<usize> = (n_pos.min(n_args)..n_args).collect();
        types.push(Type::tuple(rest.iter().map(|&i| args[i].clone()).collect()));
        sources.push(ArgSource::Star(rest));
    }
    if let Some((k, ..)) = named.iter().find(|(k, ..)| !params.iter().any(|(p, _)| p == k)) {
        return Err(format!("'{name}' got an unexpected keyword argument '{k}'"));
    }
    Ok((types, sources))
}


/// The value's repr in the repr of an enum member (`1` of `<Unit.M: 1>`).
pub fn enum_default_value(repr: &str) -> Option<&str> {
    numrs_types::enum_member_repr(repr).map(|(_, _, v)| v)
}

pub struct FnCx<'a, 'ctx> {
    pub ctx: &'ctx Context,
    pub module: &'a Module<'ctx>,
    pub b: Builder<'ctx>,
    /// Positioned in the entry block, for allocas.
    pub(crate) alloca_b: Builder<'ctx>,
    pub func: FunctionValue<'ctx>,
    pub ir: &'a FunctionIr,
    typemap: &'a [Option<Type>],
    /// Cells of `nonlocal` variables (Python's closure cells): name → (pointer, cell type).
    /// In the enclosing function an alloca that every assignment of the variable updates; in
    /// the inner function a trailing parameter, read for the variable's value on entry and
    /// updated by its assignments, so the enclosing function sees them after the call.
    pub(crate) cells: HashMap<String, (PointerValue<'ctx>, Type)>,
    /// Variables typed `LiteralStrKey[Dict]`: their keys in order. Such a dict is lowered as
    /// the tuple of its values (Numba's model of it), which is the type `typemap` gives them.
    literal_dicts: HashMap<VarId, Vec<std::sync::Arc<str>>>,
    /// Variables holding an enum class (no value: its members are constants) and enum members
    /// (their values), as typing gave them.
    enum_classes: HashMap<VarId, std::sync::Arc<numrs_types::EnumType>>,
    enum_members: std::collections::HashSet<VarId>,
    /// The types typing gave the variables whose types hold enum members or classes (lowering
    /// sees their values): calls of jit functions choose the callee's specialization by them.
    enum_types: HashMap<VarId, Type>,
    arg_types: &'a [Type],
    ret_type: &'a Type,
    slots: Vec<Option<PointerValue<'ctx>>>,
    blocks: Vec<BasicBlock<'ctx>>,
    /// For loop headers reached by more than one backward jump (`continue`), the one block
    /// all of them go through (as Numba's `canonicalize_cfg_single_backedge`): a single
    /// latch keeps LLVM from splitting the loop into nested loops.
    latches: Vec<Option<BasicBlock<'ctx>>>,
    /// The IR block being lowered.
    pub(crate) cur_block: usize,
    /// The index of the statement being lowered in `cur_block`.
    pub(crate) cur_stmt: usize,
    /// Per IR block inside a `try` body, the handler block its exceptions go to (Numba
    /// supports `except:` and `except Exception:` only, so every exception is caught).
    pub(crate) try_of: Vec<Option<usize>>,
    /// Per handler block, where a caught exception lands: its message released, then the
    /// handler.
    landings: HashMap<usize, BasicBlock<'ctx>>,
    pub(crate) ret_struct: StructType<'ctx>,
    exc_ptr: PointerValue<'ctx>,
    pub(crate) defs: HashMap<VarId, &'a Value>,
    /// Slots of variables whose values hold array references (each owns one).
    pub(crate) rc_slots: Vec<(PointerValue<'ctx>, Type)>,
    /// Fields of iterator states that own a reference (a string iterator's current
    /// character), dropped at every exit like `rc_slots`: a loop left early (a `break`, a
    /// `return`, a `zip` that stops at a shorter iterable) never steps them again.
    pub(crate) iter_owned: std::cell::RefCell<Vec<(PointerValue<'ctx>, Type)>>,
    /// Optional variables seen as their inner type while one instruction is lowered (see
    /// `unwrap_optionals`).
    unwrapped: HashMap<VarId, Type>,
    /// The value being assigned is a new reference (allocation, call result).
    pub(crate) fresh: bool,
    /// References held by no variable that an exception propagating from a call must drop
    /// (a jitclass instance while its `__init__` runs).
    pub(crate) owned_temps: Vec<(BasicValueEnum<'ctx>, Type)>,
    /// Array-expression temporaries fused into their single user (never materialized).
    pub(crate) fused: std::collections::HashSet<VarId>,
    /// Of `fused`: array expressions whose single user is a `sum`/`prod`/`mean` reduction of a
    /// `parallel=True` function, computed inside the reduction's loop (Numba's parfor fusion).
    pub(crate) fused_reduce: std::collections::HashSet<VarId>,
    /// Use counts of variables.
    pub(crate) uses: Vec<u32>,
    /// Block index of each variable's definition.
    pub(crate) def_block: HashMap<VarId, usize>,
    pub span: Option<Span>,
    pub(crate) callees: &'a CalleeLookup<'a, 'ctx>,
    /// Indices of the specializations this one calls.
    pub called: Vec<usize>,
    /// Whether any path of this function raises (calls that propagate are in `called`).
    pub raises: std::cell::Cell<bool>,
    /// The status of each call of another specialization: (its index, the status value).
    pub call_status: Vec<(usize, IntValue<'ctx>)>,
    /// LLVM parameter index of each IR argument (None: phantom).
    params: Vec<Option<u32>>,
    /// The `math.` function being lowered (for the libm table).
    pub current_math: Option<String>,
    pub flags: Flags,
    /// The `prange` loops lowered in parallel (see `parallel`).
    pub(crate) par: crate::parallel::Plan,
    /// How the inner functions this function calls typed (see `closures`).
    pub(crate) closures: &'a [numrs_infer::ClosureTyping],
    /// For an inner function: the enclosing variables it reads, passed after its arguments.
    pub(crate) free_vars: &'a [String],
    /// Values of the module-level constants the function reads.
    pub(crate) globals: &'a [(String, crate::GlobalConst)],
    /// Where the source is (see [`crate::SourceLocation`]).
    pub(crate) location: Option<&'a crate::SourceLocation>,
    /// The output slots of the object-mode block just run, for the `ObjModeOut`s after it.
    pub(crate) objmode_out: std::collections::VecDeque<(PointerValue<'ctx>, Type)>,
    /// Lowering the elements of a `parallel=True` array expression (Numba's parfor): ufunc
    /// kernels stand for the operators (a complex `/` by zero does not raise).
    pub(crate) in_parfor: bool,
    /// Lowering a `parallel=True` function, or a `prange` body outlined from one (whose flags
    /// say serial): its array expressions are parfors in Numba (nested ones run in order).
    pub(crate) parallel_fn: bool,
    /// Lowering a generator's resume function (see `generators`).
    pub(crate) gen: Option<crate::generators::GenFrame<'ctx>>,
    /// In a `prange` loop's chunk function: the chunk's index, which `numba.get_thread_id()`
    /// gives (each chunk runs on one thread at a time, and there are no more chunks than
    /// threads); `None` elsewhere (thread 0, the caller's).
    pub(crate) thread_index: Option<IntValue<'ctx>>,
    /// Set when an item of a unicode array was read (a new string): the value stored next
    /// owns it. Cleared at each statement.
    pub(crate) elem_fresh: std::cell::Cell<bool>,
    /// In a `@stencil` kernel: the point it is applied at, which its array arguments'
    /// relative indices are added to.
    pub(crate) stencil_center: Vec<IntValue<'ctx>>,
    /// The states of the generators this function makes, finalized at every exit (see
    /// `generators::GenState`).
    pub(crate) gen_states: std::cell::RefCell<Vec<crate::generators::GenState<'ctx>>>,
    /// Every exit's cleanup, filled in once the whole function is lowered (`finish_cleanups`):
    /// (the block doing it, the block it continues in).
    cleanups: std::cell::RefCell<Vec<(BasicBlock<'ctx>, BasicBlock<'ctx>)>>,
    /// The one block every error exit jumps to, with the status as a phi: it releases every
    /// reference (filled in with the cleanups) and returns the status. Shared, so that a
    /// function with many checks does not repeat the releases at each.
    unwind: std::cell::RefCell<Option<(BasicBlock<'ctx>, inkwell::values::PhiValue<'ctx>)>>,
    /// Specializations used as first-class function values (see `function_pointer`): their
    /// wrappers must be built even when only compiled code calls them.
    pub(crate) wrapped: std::cell::RefCell<Vec<usize>>,
}

/// What an internal function returns: `{i32 status, value}` (in registers where the target
/// allows; the value is undefined unless the status is 0).
pub fn internal_ret_type<'ctx>(ctx: &'ctx Context, ret: &Type) -> Result<StructType<'ctx>, String> {
    let v: BasicTypeEnum = match types::repr(ctx, ret)? {
        Repr::Value(t) => t,
        Repr::Phantom => ctx.struct_type(&[], false).into(),
    };
    Ok(ctx.struct_type(&[ctx.i32_type().into(), v], false))
}

/// The LLVM type of an internal function for these argument and return types.
pub fn internal_fn_type<'ctx>(ctx: &'ctx Context, args: &[Type], ret: &Type) -> Result<inkwell::types::FunctionType<'ctx>, String> {
    let ptr = ctx.ptr_type(AddressSpace::default());
    let mut params: Vec<inkwell::types::BasicMetadataTypeEnum> = vec![ptr.into()];
    for a in args {
        if let Repr::Value(t) = types::repr(ctx, a)? {
            params.push(t.into());
        }
    }
    Ok(internal_ret_type(ctx, ret)?.fn_type(&params, false))
}

pub fn exc_info_type(ctx: &Context) -> StructType<'_> {
    let ptr = ctx.ptr_type(AddressSpace::default());
    ctx.struct_type(&[ctx.i32_type().into(), ptr.into(), ctx.i64_type().into(), ctx.i32_type().into()], false)
}

pub fn err<T>(span: Option<Span>, message: impl Into<String>) -> R<T> {
    Err(CgError { span, message: message.into() })
}

/// What lowering one function found out.
pub struct Lowered<'ctx> {
    /// Indices of the specializations it calls.
    pub called: Vec<usize>,
    /// Whether it raises on some path itself.
    pub raises: bool,
    /// The status value of each call (callee index, value).
    pub call_status: Vec<(usize, IntValue<'ctx>)>,
}

/// Decorator options that change the code of a function.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Flags {
    /// `boundscheck=True`: array indices out of range raise `IndexError("index is out of
    /// bounds")` (after negative indices wrap), as Numba's `cgutils.do_boundscheck`.
    pub boundscheck: bool,
    /// `error_model='numpy'`: division and modulo by zero do not raise (integers give 0,
    /// floats IEEE results; `0 ** -n` of integers gives the most negative integer).
    pub numpy_errors: bool,
    /// `parallel=True`: `prange` loops run on the runtime's threads (see `parallel`).
    pub parallel: bool,
    /// `@cuda.jit` code for the GPU (see `cuda`): CUDA intrinsics, no runtime services.
    pub cuda: bool,
    /// With `cuda`: math functions call libdevice's `__nv_*` (linked in by `module`).
    pub libdevice: bool,
    /// A `@stencil` kernel over arrays of this many dimensions (0: not one): its last
    /// parameters are the point it is applied at (see [`crate::Stencil`]).
    pub stencil: u32,
    /// In a `@stencil` kernel: the parameters (bit `i` for parameter `i`) its
    /// `standard_indexing=` names, which are indexed as they are, not relative to the point.
    pub stencil_standard: u64,
}

/// Lower the body of `func` (declared with [`internal_fn_type`]).
#[allow(clippy::too_many_arguments)]
pub fn lower_function<'a, 'ctx>(
    ctx: &'ctx Context,
    module: &'a Module<'ctx>,
    func: FunctionValue<'ctx>,
    ir: &'a FunctionIr,
    typemap: &'a [Option<Type>],
    arg_types: &'a [Type],
    ret_type: &'a Type,
    callees: &'a CalleeLookup<'a, 'ctx>,
    flags: Flags,
    closures: &'a [numrs_infer::ClosureTyping],
    free_vars: &'a [String],
    globals: &'a [(String, crate::GlobalConst)],
    location: Option<&'a crate::SourceLocation>,
    cells: &[(String, Type)],
) -> R<Lowered<'ctx>> {
    // `f(*t)` calls lowered as calls of `t`'s items.
    let expanded;
    let (ir, typemap) = match crate::star_args::expand(ir, typemap) {
        Some(x) => {
            expanded = x;
            (&expanded.0, &expanded.1[..])
        }
        None => (ir, typemap),
    };
    // Lists and tuples given to NumPy functions that take array-likes, as arrays.
    let converted;
    let (ir, typemap) = match crate::asarray_args::convert(ir, typemap) {
        Some(x) => {
            converted = x;
            (&converted.0, &converted.1[..])
        }
        None => (ir, typemap),
    };
    let entry = ctx.append_basic_block(func, "entry");
    let b = ctx.create_builder();
    let alloca_b = ctx.create_builder();
    alloca_b.position_at_end(entry);
    let blocks: Vec<BasicBlock> = (0..ir.blocks.len()).map(|i| ctx.append_basic_block(func, &format!("b{i}"))).collect();
    let (ret_struct, gen) = if ir.is_generator {
        let Type::Generator(g) = ret_type else { return err(None, format!("internal error: generator typed as returning {ret_type}")) };
        if flags.parallel {
            return err(None, "generators with parallel=True are not supported by numrs build yet");
        }
        let m = |m: String| CgError { span: None, message: m };
        let ft = crate::generators::resume_fn_type(ctx, &g.yield_type).map_err(m)?;
        let Some(BasicTypeEnum::StructType(rt)) = ft.get_return_type() else { return err(None, "internal error: resume function type") };
        (rt, Some(crate::generators::GenFrame::new(ctx, module, func, arg_types, &g.yield_type).map_err(m)?))
    } else {
        (internal_ret_type(ctx, ret_type).map_err(|m| CgError { span: None, message: m })?, None)
    };
    let exc_ptr = func.get_nth_param(0).map(|p| p.into_pointer_value());
    let Some(exc_ptr) = exc_ptr else {
        return err(None, "internal error: function declared without ret/exc parameters");
    };
    let mut params = Vec::new();
    let mut next = 1u32;
    for a in arg_types {
        if types::is_phantom(a) {
            params.push(None);
        } else {
            params.push(Some(next));
            next += 1;
        }
    }
    let mut defs = HashMap::new();
    for block in &ir.blocks {
        for stmt in &block.stmts {
            if let StmtKind::Assign { target, value } = &stmt.kind {
                defs.insert(*target, value);
            }
        }
    }
    // The versions of a variable assigned in a `try` body share one slot (see `try_shared`):
    // literal-typed ones among them are values of their base type.
    let try_of = try_regions(ir);
    let shared = try_shared(ir, typemap, &try_of);
    let mut literal_dicts = HashMap::new();
    let mut enum_classes = HashMap::new();
    let mut enum_members = std::collections::HashSet::new();
    for (i, t) in typemap.iter().enumerate() {
        match t {
            Some(Type::LiteralStrKeyDict(items)) => {
                literal_dicts.insert(VarId(i as u32), items.iter().map(|(k, _)| k.clone()).collect());
            }
            Some(Type::EnumClass(e)) => {
                enum_classes.insert(VarId(i as u32), e.clone());
            }
            Some(Type::EnumMember(_)) => {
                enum_members.insert(VarId(i as u32));
            }
            _ => {}
        }
    }
    // Enum members are their values here, enum classes have no value, slice constants are
    // slices: the types say so.
    let enum_free = |t: &Type| {
        types::enum_values(t).map_parts(&mut |p| match p {
            Type::SliceLiteral(_) => Some(p.unliteral()),
            _ => None,
        })
    };
    let has_enum = |t: &Type| {
        let mut found = false;
        t.visit_parts(&mut |p| found |= matches!(p, Type::EnumMember(_) | Type::EnumClass(_)));
        found
    };
    let enums = typemap.iter().flatten().any(has_enum);
    let enum_types: HashMap<VarId, Type> =
        typemap.iter().enumerate().filter_map(|(i, t)| t.as_ref().filter(|t| has_enum(t)).map(|t| (VarId(i as u32), t.clone()))).collect();
    let enum_args: Vec<Type> = arg_types.iter().map(|t| enum_free(t)).collect();
    let arg_types = &enum_args[..];
    // A slice constant returned is a slice here (the runtime boxes it from its type).
    let enum_ret = enum_free(&match ret_type {
        t @ Type::SliceLiteral(_) => t.unliteral(),
        t => t.clone(),
    });
    let ret_type = &enum_ret;
    // A `deferred_type()` is lowered as the type it is defined as.
    let defined_typemap: Vec<Option<Type>>;
    let typemap = if typemap.iter().flatten().any(|t| t.holds_jitclass_instance() && t.without_deferred() != *t) {
        defined_typemap = typemap.iter().map(|t| t.as_ref().map(Type::without_deferred)).collect();
        &defined_typemap[..]
    } else {
        typemap
    };
    let defined_args: Vec<Type> = arg_types.iter().map(Type::without_deferred).collect();
    let arg_types = &defined_args[..];
    let defined_ret = ret_type.without_deferred();
    let ret_type = &defined_ret;
    // The types as lowering sees them: literal dicts and lists are the tuples of their items,
    // enum members their values (above), shared `try` versions their base types.
    let shared_typemap: Vec<Option<Type>>;
    let literal_lists = typemap.iter().flatten().any(|t| {
        let mut found = matches!(t, Type::LiteralList(_));
        t.visit_parts(&mut |p| found |= matches!(p, Type::SliceLiteral(_)));
        found
    });
    let typemap = if shared.is_empty() && literal_dicts.is_empty() && !literal_lists && !enums {
        typemap
    } else {
        // Copies of a shared variable (`return x` casts it) read its slot too: a literal
        // type of the version copied is not its value.
        let mut from_shared: std::collections::HashSet<usize> =
            ir.vars.iter().enumerate().filter(|(_, v)| v.user && shared.contains(v.base.as_str())).map(|(i, _)| i).collect();
        if !from_shared.is_empty() {
            for _ in 0..4 {
                let before = from_shared.len();
                for block in &ir.blocks {
                    for stmt in &block.stmts {
                        if let StmtKind::Assign { target, value: Value::Var(src) | Value::Cast(src) } = &stmt.kind {
                            if from_shared.contains(&(src.0 as usize)) {
                                from_shared.insert(target.0 as usize);
                            }
                        }
                    }
                }
                if from_shared.len() == before {
                    break;
                }
            }
        }
        shared_typemap = typemap
            .iter()
            .enumerate()
            .map(|(i, t)| match t {
                Some(Type::LiteralStrKeyDict(items)) => Some(Type::Tuple(items.iter().map(|(_, t)| t.clone()).collect::<Vec<_>>().into())),
                Some(Type::LiteralList(items)) => Some(Type::Tuple(items.clone())),
                _ if from_shared.contains(&i) => t.as_ref().map(|t| enum_free(&t.unliteral())),
                _ => t.as_ref().map(enum_free),
            })
            .collect();
        &shared_typemap[..]
    };
    let mut cx = FnCx {
        ctx,
        module,
        b,
        alloca_b,
        func,
        ir,
        typemap,
        cells: HashMap::new(),
        literal_dicts,
        enum_classes,
        enum_members,
        enum_types,
        arg_types,
        ret_type,
        slots: vec![None; ir.vars.len()],
        latches: latches(ctx, func, ir, &blocks),
        cur_block: 0,
        cur_stmt: 0,
        try_of,
        landings: HashMap::new(),
        blocks,
        ret_struct,
        exc_ptr,
        defs,
        rc_slots: Vec::new(),
        iter_owned: Default::default(),
        gen_states: Default::default(),
        cleanups: Default::default(),
        unwind: Default::default(),
        wrapped: Default::default(),
        unwrapped: HashMap::new(),
        fresh: false,
        owned_temps: Vec::new(),
        fused: Default::default(),
        fused_reduce: Default::default(),
        uses: vec![0; ir.vars.len()],
        def_block: HashMap::new(),
        span: None,
        callees,
        called: Vec::new(),
        raises: std::cell::Cell::new(false),
        call_status: Vec::new(),
        params,
        current_math: None,
        flags,
        par: Default::default(),
        closures,
        free_vars,
        globals,
        location,
        objmode_out: Default::default(),
        in_parfor: false,
        parallel_fn: flags.parallel,
        gen,
        thread_index: None,
        elem_fresh: Default::default(),
        stencil_center: Vec::new(),
    };
    // Cells: the trailing parameters of an inner function with `nonlocal` variables, and in
    // an enclosing function one alloca per variable an inner function writes.
    let nparams = func.count_params() as usize;
    for (k, (name, t)) in cells.iter().enumerate() {
        let Some(p) = func.get_nth_param((nparams - cells.len() + k) as u32) else {
            return Err(CgError { span: None, message: "internal error: missing cell parameter".into() });
        };
        cx.cells.insert(name.clone(), (p.into_pointer_value(), t.clone()));
    }
    if flags.stencil > 0 {
        // The point: the last parameters.
        let n = func.count_params();
        for k in (n - flags.stencil)..n {
            let Some(p) = func.get_nth_param(k) else { return Err(CgError { span: None, message: "internal error: a stencil's point".into() }) };
            cx.stencil_center.push(p.into_int_value());
        }
    }
    for info in &ir.closures {
        for name in &info.ir.nonlocals {
            if cx.cells.contains_key(name) {
                continue;
            }
            let out_t = ir.blocks.iter().flat_map(|b| &b.stmts).find_map(|st| match &st.kind {
                StmtKind::Assign { target, value: Value::NonlocalOut { name: n, .. } } if n == name => typemap.get(target.0 as usize).cloned().flatten(),
                _ => None,
            });
            if let Some(t) = out_t {
                if crate::arrays::needs_rc(&t) || types::is_phantom(&t) {
                    continue;
                }
                let lt = cx.vt(&t)?;
                let p = cx.frame_alloca(lt, &format!("cell.{}", sanitize(name)))?;
                cx.zero_slot(p, lt)?;
                cx.cells.insert(name.clone(), (p, t));
            }
        }
    }
    // One alloca per variable with a run-time value; the versions of a variable assigned in
    // a `try` body share one (see `try_shared`).
    let mut shared_slots: HashMap<&str, PointerValue> = HashMap::new();
    for (i, var) in ir.vars.iter().enumerate() {
        let Some(Some(t)) = typemap.get(i) else { continue };
        match types::repr(ctx, t) {
            Ok(Repr::Value(lt)) => {
                if shared.contains(var.base.as_str()) {
                    let p = match shared_slots.get(var.base.as_str()) {
                        Some(p) => *p,
                        None => {
                            let p = cx.frame_alloca(lt, &sanitize(&var.base))?;
                            cx.zero_slot(p, lt)?;
                            p
                        }
                    };
                    shared_slots.insert(var.base.as_str(), p);
                    cx.slots[i] = Some(p);
                    continue;
                }
                let p = cx.frame_alloca(lt, &sanitize(&var.name))?;
                cx.slots[i] = Some(p);
                // Zero until assigned, as Numba's `alloca_once` fills it: a variable read on
                // a path that did not assign it (a phi with an undefined incoming value) is 0.
                cx.zero_slot(p, lt)?;
                // A parameter is borrowed from the caller for the whole call: its variable
                // needs no reference of its own (and nothing stays live for the exits).
                let is_param = matches!(cx.defs.get(&VarId(i as u32)), Some(Value::Arg(_)));
                if crate::arrays::needs_rc(t) && !is_param {
                    cx.rc_slots.push((p, t.clone()));
                }
            }
            Ok(Repr::Phantom) => {}
            // Reported when the variable is used.
            Err(_) => {}
        }
    }
    cx.analyze_uses();
    cx.build_landings()?;
    if flags.parallel {
        cx.par = crate::parallel::plan(&cx);
    }
    // Phi nodes become copies at the end of each predecessor.
    let mut copies: Vec<Vec<(VarId, VarId)>> = vec![Vec::new(); ir.blocks.len()];
    for block in &ir.blocks {
        for stmt in &block.stmts {
            if let StmtKind::Assign { target, value: Value::Phi(incoming) } = &stmt.kind {
                for (pred, v) in incoming {
                    if let Some(v) = v {
                        if let Some(c) = copies.get_mut(pred.0 as usize) {
                            c.push((*target, *v));
                        }
                    }
                }
            }
        }
    }
    for i in 0..ir.blocks.len() {
        cx.b.position_at_end(cx.blocks[i]);
        if cx.par.in_body(i) {
            // Lowered into the loop's chunk function.
            cx.b.build_unreachable()?;
        } else if let Some(l) = cx.par.header(i) {
            cx.span = Some(ir.blocks[i].span);
            cx.lower_parallel_loop(&l, &copies)?;
        } else {
            cx.lower_block(i, &copies)?;
        }
    }
    if let Some(first) = cx.blocks.first() {
        if cx.gen.is_some() {
            cx.gen_dispatch(*first)?;
        } else {
            cx.alloca_b.build_unconditional_branch(*first)?;
        }
    } else {
        cx.alloca_b.build_unreachable()?;
    }
    cx.finish_cleanups()?;
    let mut called = cx.called.clone();
    called.extend(cx.wrapped.borrow().iter().copied());
    called.sort_unstable();
    called.dedup();
    Ok(Lowered { called, raises: cx.raises.get(), call_status: cx.call_status })
}

/// `RuntimeApi::free`, which releases an exception message the runtime allocated.
const API_PLAIN_FREE: u32 = 4;

/// The handler of every IR block inside a `try` body (see `FunctionIr::try_bodies`). Inner
/// `try`s override outer ones.
fn try_regions(ir: &FunctionIr) -> Vec<Option<usize>> {
    let n = ir.blocks.len();
    let mut regions = ir.try_bodies();
    // Larger (outer) regions first, so that inner ones win.
    regions.sort_by_key(|(_, body)| std::cmp::Reverse(body.len()));
    let mut out = vec![None; n];
    for (handler, body) in regions {
        for b in body {
            out[b] = Some(handler);
        }
    }
    out
}

/// The user variables assigned inside a `try` body whose SSA versions all share one slot, so
/// that the handler (entered from wherever the body failed) and the code after it see the
/// value last assigned, as in Python: the handler's phis take the values the body's blocks
/// end with (SSA's exception edges), not one assigned in the block that failed before it did. Versions of a Python variable are never live at the same time, so
/// one slot holds them all; only variables whose versions all have one type (literals as
/// their base type) that holds no reference are shared.
fn try_shared<'i>(ir: &'i FunctionIr, typemap: &[Option<Type>], try_of: &[Option<usize>]) -> std::collections::HashSet<&'i str> {
    let mut bases: std::collections::HashSet<&str> = std::collections::HashSet::new();
    for (b, block) in ir.blocks.iter().enumerate() {
        if try_of.get(b).copied().flatten().is_none() {
            continue;
        }
        for stmt in &block.stmts {
            if let StmtKind::Assign { target, .. } = &stmt.kind {
                let v = ir.var(*target);
                if v.user {
                    bases.insert(v.base.as_str());
                }
            }
        }
    }
    bases.retain(|base| {
        // Versions never defined (phis SSA found trivial) have no type.
        let mut types = ir.vars.iter().enumerate().filter(|(_, v)| v.user && v.base == *base).filter_map(|(i, _)| typemap.get(i).cloned().flatten().map(|t| t.unliteral()));
        let Some(first) = types.next() else { return false };
        !crate::arrays::needs_rc(&first) && !matches!(first, Type::StringLiteral(_) | Type::Unicode) && types.all(|t| t == first)
    });
    bases
}

/// One latch block per loop header with several backward jumps into it (block ids follow
/// the source, so a jump to an earlier or the same block is a loop's backedge).
fn latches<'ctx>(ctx: &'ctx Context, func: FunctionValue<'ctx>, ir: &FunctionIr, blocks: &[BasicBlock<'ctx>]) -> Vec<Option<BasicBlock<'ctx>>> {
    let mut backward = vec![0u32; ir.blocks.len()];
    for (u, block) in ir.blocks.iter().enumerate() {
        let mut targets = block.term.successors();
        targets.sort_unstable_by_key(|t| t.0);
        targets.dedup();
        for t in targets {
            if let Some(n) = backward.get_mut(t.0 as usize).filter(|_| t.0 as usize <= u) {
                *n += 1;
            }
        }
    }
    backward
        .iter()
        .enumerate()
        .map(|(h, &n)| {
            let header = *blocks.get(h)?;
            (n > 1).then(|| {
                let latch = ctx.append_basic_block(func, &format!("b{h}.latch"));
                let b = ctx.create_builder();
                b.position_at_end(latch);
                b.build_unconditional_branch(header).ok();
                latch
            })
        })
        .collect()
}

impl<'a, 'ctx> FnCx<'a, 'ctx> {
    /// Lower IR block `i` (positioned at its LLVM block): statements, the copies into the
    /// phis of its successors, the terminator.
    pub(crate) fn lower_block(&mut self, i: usize, copies: &[Vec<(VarId, VarId)>]) -> R<()> {
        let block = &self.ir.blocks[i];
        self.span = Some(block.span);
        self.cur_block = i;
        for (k, stmt) in block.stmts.iter().enumerate() {
            self.span = Some(stmt.span);
            self.cur_stmt = k;
            self.lower_stmt(&stmt.kind)?;
        }
        for (target, src) in &copies[i] {
            self.assign_var(*target, *src)?;
        }
        self.lower_terminator(&block.term)
    }

    /// A context for lowering part of this function's IR into `func` (a `prange` loop's
    /// chunk function): same IR and types, no variable slots yet, `blocks` standing for the
    /// IR's blocks, errors reported through `exc_ptr`, status-only returns.
    pub(crate) fn outlined(&self, func: FunctionValue<'ctx>, blocks: Vec<BasicBlock<'ctx>>, exc_ptr: PointerValue<'ctx>) -> FnCx<'a, 'ctx> {
        let alloca_b = self.ctx.create_builder();
        if let Some(entry) = func.get_first_basic_block() {
            alloca_b.position_at_end(entry);
        }
        FnCx {
            ctx: self.ctx,
            module: self.module,
            b: self.ctx.create_builder(),
            alloca_b,
            func,
            ir: self.ir,
            typemap: self.typemap,
            cells: HashMap::new(),
            literal_dicts: self.literal_dicts.clone(),
            enum_classes: self.enum_classes.clone(),
            enum_members: self.enum_members.clone(),
            enum_types: self.enum_types.clone(),
            arg_types: self.arg_types,
            ret_type: self.ret_type,
            slots: vec![None; self.ir.vars.len()],
            latches: latches(self.ctx, func, self.ir, &blocks),
            cur_block: 0,
            cur_stmt: 0,
            try_of: Vec::new(),
            landings: HashMap::new(),
            blocks,
            ret_struct: self.ctx.struct_type(&[self.ctx.i32_type().into(), self.ctx.struct_type(&[], false).into()], false),
            exc_ptr,
            defs: self.defs.clone(),
            rc_slots: Vec::new(),
            iter_owned: Default::default(),
            gen_states: Default::default(),
            cleanups: Default::default(),
            unwind: Default::default(),
            wrapped: Default::default(),
            unwrapped: HashMap::new(),
            fresh: false,
            owned_temps: Vec::new(),
            // A `prange` body reduces in order (Numba runs nested parfors sequentially): its
            // reductions make their expression's array.
            fused: self.fused.difference(&self.fused_reduce).copied().collect(),
            fused_reduce: Default::default(),
            uses: self.uses.clone(),
            def_block: self.def_block.clone(),
            span: self.span,
            callees: self.callees,
            called: Vec::new(),
            raises: std::cell::Cell::new(false),
            call_status: Vec::new(),
            params: self.params.clone(),
            current_math: None,
            // As Numba compiles parfor bodies: the numpy error model. With `boundscheck=True`
            // an index out of range raises IndexError there too (Numba's check fires inside
            // its gufunc and surfaces as a SystemError; reading out of range is never done).
            flags: Flags { parallel: false, numpy_errors: true, boundscheck: self.flags.boundscheck, cuda: self.flags.cuda, libdevice: self.flags.libdevice, stencil: self.flags.stencil, stencil_standard: self.flags.stencil_standard },
            par: Default::default(),
            closures: self.closures,
            free_vars: self.free_vars,
            globals: self.globals,
            location: self.location,
            objmode_out: Default::default(),
            in_parfor: self.in_parfor,
            parallel_fn: self.parallel_fn,
            gen: None,
            thread_index: None,
            elem_fresh: Default::default(),
            stencil_center: self.stencil_center.clone(),
        }
    }

    /// Give variable `v` its own slot in this function; when `owning`, it is zeroed and its
    /// reference released at exits (if it holds one). False when it has no run-time value.
    pub(crate) fn own_slot(&mut self, v: VarId, owning: bool) -> R<bool> {
        let Some(Some(t)) = self.typemap.get(v.0 as usize) else { return Ok(false) };
        let Ok(Repr::Value(lt)) = types::repr(self.ctx, t) else { return Ok(false) };
        let p = self.frame_alloca(lt, &sanitize(&self.ir.var(v).name))?;
        if owning && crate::arrays::needs_rc(t) {
            self.zero_slot(p, lt)?;
            self.rc_slots.push((p, t.clone()));
        }
        self.slots[v.0 as usize] = Some(p);
        Ok(true)
    }

    /// The slot of `v`, if it has one.
    pub(crate) fn slot_of(&self, v: VarId) -> Option<PointerValue<'ctx>> {
        self.slots.get(v.0 as usize).copied().flatten()
    }

    pub(crate) fn arg_types_len(&self) -> usize {
        self.arg_types.len()
    }

    /// The value and type of the function's `i`-th parameter (arguments, then free variables).
    pub(crate) fn param_value(&self, i: usize) -> R<(BasicValueEnum<'ctx>, Type)> {
        let Some(Some(p)) = self.params.get(i) else { return self.fail(format!("parameter {i} has no run-time value")) };
        let Some(pv) = self.func.get_nth_param(*p) else { return self.fail("internal error: missing parameter") };
        Ok((pv, self.arg_types[i].clone()))
    }

    pub(crate) fn block_of(&self, b: usize) -> BasicBlock<'ctx> {
        self.blocks[b]
    }

    pub(crate) fn exc_ptr(&self) -> PointerValue<'ctx> {
        self.exc_ptr
    }
}

fn sanitize(name: &str) -> String {
    name.chars().map(|c| if c.is_ascii_alphanumeric() || c == '.' || c == '_' { c } else { '_' }).collect()
}

impl<'a, 'ctx> FnCx<'a, 'ctx> {
    pub fn fail<T>(&self, message: impl Into<String>) -> R<T> {
        err(self.span, message)
    }

    pub fn ty(&self, v: VarId) -> R<Type> {
        if let Some(t) = self.unwrapped.get(&v) {
            return Ok(t.clone());
        }
        match self.typemap.get(v.0 as usize) {
            Some(Some(t)) => Ok(t.clone()),
            _ => self.fail(format!("variable '{}' has no type", self.ir.var(v).name)),
        }
    }

    pub(crate) fn slot(&self, v: VarId) -> R<PointerValue<'ctx>> {
        match self.slots[v.0 as usize] {
            Some(p) => Ok(p),
            None => {
                let t = self.ty(v)?;
                match types::repr(self.ctx, &t) {
                    Err(m) => self.fail(m),
                    Ok(_) => self.fail(format!("'{}' of type {t} has no run-time value", self.ir.var(v).name)),
                }
            }
        }
    }

    pub fn load(&self, v: VarId) -> R<BasicValueEnum<'ctx>> {
        let t = self.ty(v)?;
        // Literal types carry their value.
        match &t {
            Type::IntegerLiteral(x) => {
                let k = numeric(&t).unwrap_or(NumericKind::Int64);
                return Ok(self.int_const(k, *x).into());
            }
            Type::BooleanLiteral(x) => return Ok(self.ctx.bool_type().const_int(*x as u64, false).into()),
            Type::StringLiteral(s) => return Ok(self.str_const(s).into()),
            // A class or dtype known statically (held in a tuple), a jit function (converted to
            // a function type where one is needed, see `cast`): an empty value.
            Type::NumberClass(_) | Type::DType(_) | Type::Dispatcher(_) if self.slots[v.0 as usize].is_none() => {
                return Ok(self.ctx.struct_type(&[], false).const_zero().into());
            }
            _ => {}
        }
        let p = self.slot(v)?;
        let lt = self.vt(&t)?;
        Ok(self.b.build_load(lt, p, "")?)
    }

    fn store(&mut self, v: VarId, val: BasicValueEnum<'ctx>) -> R<()> {
        if !self.cells.is_empty() {
            let var = self.ir.var(v);
            if var.user {
                if let Some((cp, ct)) = self.cells.get(&var.base).cloned() {
                    let vt = self.ty(v)?;
                    let x = self.cast(val, &vt, &ct)?;
                    self.b.build_store(cp, x)?;
                }
            }
        }
        let p = self.slot(v)?;
        let fresh = std::mem::replace(&mut self.fresh, false) | self.elem_fresh.take();
        let t = self.ty(v)?;
        if crate::arrays::needs_rc(&t) && !matches!(self.defs.get(&v), Some(Value::Arg(_))) {
            // The variable owns one reference: take it, then drop the old value's.
            if !fresh {
                self.incref(val, &t)?;
            }
            let old = self.b.build_load(val.get_type(), p, "old")?;
            self.b.build_store(p, val)?;
            self.decref(old, &t)?;
            return Ok(());
        }
        self.b.build_store(p, val)?;
        Ok(())
    }

    /// Drop the references every array variable holds (before leaving the function).
    /// At an exit: drop every reference the function's slots hold and finalize the generators
    /// it made. What holds references is only known once the whole function is lowered (a
    /// generator made in a block after this exit's), so this branches to a block that
    /// [`Self::finish_cleanups`] fills in, and goes on after it.
    pub(crate) fn release_all(&self) -> R<()> {
        let cleanup = self.new_block("cleanup");
        let after = self.new_block("cleaned");
        self.b.build_unconditional_branch(cleanup)?;
        self.b.position_at_end(after);
        self.cleanups.borrow_mut().push((cleanup, after));
        Ok(())
    }

    /// Fills in the exits' cleanup blocks (see [`Self::release_all`]); the builder is left
    /// where it was.
    pub(crate) fn finish_cleanups(&self) -> R<()> {
        let here = self.b.get_insert_block();
        let pending = std::mem::take(&mut *self.cleanups.borrow_mut());
        for (cleanup, after) in pending {
            self.b.position_at_end(cleanup);
            self.release_now()?;
            self.b.build_unconditional_branch(after)?;
        }
        if let Some((unwind, status)) = self.unwind.borrow_mut().take() {
            self.b.position_at_end(unwind);
            self.release_now()?;
            self.return_status(status.as_basic_value().into_int_value())?;
        }
        if let Some(h) = here {
            self.b.position_at_end(h);
        }
        Ok(())
    }

    fn release_now(&self) -> R<()> {
        // Generators this function made first: they may borrow its variables.
        let states = self.gen_states.borrow().clone();
        for st in &states {
            self.gen_finalize(st)?;
        }
        for (p, t) in self.rc_slots.iter().chain(self.iter_owned.borrow().iter()) {
            let lt = self.vt(t)?;
            let v = self.b.build_load(lt, *p, "")?;
            self.decref(v, t)?;
        }
        Ok(())
    }

    pub fn vt(&self, t: &Type) -> R<BasicTypeEnum<'ctx>> {
        types::value_type(self.ctx, t).map_err(|m| CgError { span: self.span, message: m })
    }

    pub fn int_const(&self, k: NumericKind, v: i128) -> IntValue<'ctx> {
        let t = types::number_type(self.ctx, k).into_int_type();
        t.const_int(v as u64, k.is_signed_int())
    }

    pub fn i64(&self, v: i64) -> IntValue<'ctx> {
        self.ctx.i64_type().const_int(v as u64, true)
    }

    /// An alloca in the entry block.
    pub fn temp(&self, t: BasicTypeEnum<'ctx>) -> R<PointerValue<'ctx>> {
        self.frame_alloca(t, "tmp")
    }

    pub fn new_block(&self, name: &str) -> BasicBlock<'ctx> {
        self.ctx.append_basic_block(self.func, name)
    }

    /// A constant global of `bytes` (no NUL added), private to the module.
    fn private_bytes(&self, bytes: &[u8], name: &str) -> PointerValue<'ctx> {
        let data = self.ctx.const_string(bytes, false);
        let g = self.module.add_global(data.get_type(), None, name);
        g.set_initializer(&data);
        g.set_constant(true);
        g.set_linkage(inkwell::module::Linkage::Private);
        g.set_unnamed_addr(true);
        g.as_pointer_value()
    }

    /// Report `kind(msg)` and return status 1 from the current block.
    pub fn raise_const(&self, kind: ExcKind, msg: &str) -> R<()> {
        self.raises.set(true);
        let et = exc_info_type(self.ctx);
        let i32t = self.ctx.i32_type();
        let p0 = self.b.build_struct_gep(et, self.exc_ptr, 0, "")?;
        self.b.build_store(p0, i32t.const_int(kind as u64, false))?;
        let p1 = self.b.build_struct_gep(et, self.exc_ptr, 1, "")?;
        // The bytes as they are (a message may hold a NUL: `numrs_abi::EXC_ARGS_PREFIX`); its
        // length goes with it.
        self.b.build_store(p1, self.private_bytes(msg.as_bytes(), "numrs.exc_msg"))?;
        let p2 = self.b.build_struct_gep(et, self.exc_ptr, 2, "")?;
        self.b.build_store(p2, self.i64(msg.len() as i64))?;
        let p3 = self.b.build_struct_gep(et, self.exc_ptr, 3, "")?;
        self.b.build_store(p3, i32t.const_zero())?;
        self.error_exit(i32t.const_int(1, false))
    }

    /// Leave the current block with an error (`status` not 0, the exception described at
    /// `exc_ptr`): to the handler of the enclosing `try` body, else out of the function with
    /// every reference released.
    pub(crate) fn error_exit(&self, status: IntValue<'ctx>) -> R<()> {
        if let Some(h) = self.try_of.get(self.cur_block).copied().flatten() {
            if let Some(landing) = self.landings.get(&h) {
                self.b.build_unconditional_branch(*landing)?;
                return Ok(());
            }
        }
        self.unwind_with(status)
    }

    /// Leaves the function with `status` through the shared unwind block (see `unwind`).
    fn unwind_with(&self, status: IntValue<'ctx>) -> R<()> {
        let Some(here) = self.b.get_insert_block() else { return self.fail("internal error: no insert block") };
        let (block, phi) = match *self.unwind.borrow() {
            Some(u) => u,
            None => {
                let block = self.new_block("unwind");
                self.b.position_at_end(block);
                let phi = self.b.build_phi(self.ctx.i32_type(), "status")?;
                self.b.position_at_end(here);
                (block, phi)
            }
        };
        *self.unwind.borrow_mut() = Some((block, phi));
        phi.add_incoming(&[(&status, here)]);
        self.b.build_unconditional_branch(block)?;
        Ok(())
    }

    /// Whether an exception the generator raises at the `iternext` being lowered is lost, as in
    /// Numba: in a `try` body, the `iternext` of a `for` loop stores the exception and ends the
    /// loop, and the handler is entered only if the loop's exit passes another block of the
    /// body, where Numba checks for it. When the loop is the body's last statement (also in an
    /// `if` that is), its exit leaves the body and nothing checks the exception.
    pub(crate) fn generator_error_dropped(&self) -> bool {
        let Some(handler) = self.try_of.get(self.cur_block).copied().flatten() else { return false };
        let Some(block) = self.ir.blocks.get(self.cur_block) else { return false };
        if !matches!(block.stmts.get(self.cur_stmt).map(|s| &s.kind), Some(StmtKind::Assign { value: Value::IterNext(_), .. })) {
            return false;
        }
        let Terminator::Branch { falsebr, .. } = &block.term else { return false };
        let mut b = falsebr.0 as usize;
        for _ in 0..32 {
            if self.try_of.get(b).copied().flatten() != Some(handler) {
                return true;
            }
            let Some(next) = self.ir.blocks.get(b) else { return false };
            for st in &next.stmts {
                match &st.kind {
                    StmtKind::Assign { target, .. } if self.ir.var(*target).name.starts_with("$try_exit") => return true,
                    StmtKind::Del(_) | StmtKind::Assign { value: Value::Var(_) | Value::Phi(_), .. } => {}
                    _ => return false,
                }
            }
            match &next.term {
                Terminator::Jump(to) => b = to.0 as usize,
                _ => return false,
            }
        }
        false
    }

    /// After a call that returned `status`: a failure takes this function's error path (its
    /// handler, or returning the status); lowering goes on where the call succeeded.
    pub(crate) fn check_status(&self, status: IntValue<'ctx>) -> R<()> {
        self.check_status_with(status, true)
    }

    /// [`Self::check_status`] whose failure leaves the function whatever `try` encloses the
    /// call.
    pub(crate) fn check_status_uncaught(&self, status: IntValue<'ctx>) -> R<()> {
        self.check_status_with(status, false)
    }

    fn check_status_with(&self, status: IntValue<'ctx>, caught: bool) -> R<()> {
        let failed = self.b.build_int_compare(IntPredicate::NE, status, self.ctx.i32_type().const_zero(), "")?;
        let prop = self.new_block("propagate");
        let ok = self.new_block("ok");
        self.b.build_conditional_branch(failed, prop, ok)?;
        self.b.position_at_end(prop);
        for (v, t) in &self.owned_temps {
            self.decref(*v, t)?;
        }
        if caught {
            self.error_exit(status)?;
        } else {
            self.unwind_with(status)?;
        }
        self.b.position_at_end(ok);
        Ok(())
    }

    /// The landing block of every handler: the caught exception's message is released (when
    /// the runtime allocated it) and the exception cleared, then the handler runs.
    fn build_landings(&mut self) -> R<()> {
        let mut handlers: Vec<usize> = self.try_of.iter().flatten().copied().collect();
        handlers.sort_unstable();
        handlers.dedup();
        for h in handlers {
            let Some(target) = self.blocks.get(h).copied() else { continue };
            let landing = self.ctx.append_basic_block(self.func, &format!("b{h}.landing"));
            self.b.position_at_end(landing);
            self.discard_exception(self.exc_ptr)?;
            self.b.build_unconditional_branch(target)?;
            self.landings.insert(h, landing);
        }
        Ok(())
    }

    /// Drop the exception described at `slot`: its message released when the runtime
    /// allocated it, the slot cleared. Lowering goes on in a new block.
    pub(crate) fn discard_exception(&self, slot: PointerValue<'ctx>) -> R<()> {
        let et = exc_info_type(self.ctx);
        let i32t = self.ctx.i32_type();
        let p_msg = self.b.build_struct_gep(et, slot, 1, "")?;
        let p_owned = self.b.build_struct_gep(et, slot, 3, "")?;
        let owned = self.b.build_load(i32t, p_owned, "")?.into_int_value();
        let is_owned = self.b.build_int_compare(IntPredicate::NE, owned, i32t.const_zero(), "")?;
        let free_bb = self.new_block("exc_free");
        let clear_bb = self.new_block("exc_clear");
        self.b.build_conditional_branch(is_owned, free_bb, clear_bb)?;
        self.b.position_at_end(free_bb);
        let msg = self.b.build_load(self.ctx.ptr_type(AddressSpace::default()), p_msg, "")?;
        let free = self.api_fn(API_PLAIN_FREE, false)?;
        let ft = self.ctx.void_type().fn_type(&[self.ctx.ptr_type(AddressSpace::default()).into()], false);
        self.b.build_indirect_call(ft, free, &[msg.into()], "")?;
        self.b.build_unconditional_branch(clear_bb)?;
        self.b.position_at_end(clear_bb);
        self.b.build_store(slot, et.const_zero())?;
        Ok(())
    }

    /// One element of a `@vectorize` kernel: `args` cast to the loop's input types, the kernel
    /// called, its result (of the loop's output type). As in a NumPy ufunc loop (Numba's
    /// `DUFuncKernel`), an exception the kernel raises is dropped and the element is zero.
    pub(crate) fn ufunc_kernel_elem(&mut self, kernel: FunctionValue<'ctx>, formals: &[Type], args: &[(BasicValueEnum<'ctx>, Type)]) -> R<BasicValueEnum<'ctx>> {
        let mut vals: Vec<inkwell::values::BasicMetadataValueEnum> = vec![self.exc_ptr.into()];
        for ((v, t), formal) in args.iter().zip(formals) {
            vals.push(self.cast(*v, t, formal)?.into());
        }
        self.call_dropping(kernel, &mut vals)
    }

    /// A call of `function` whose exception is dropped: its result, or zero when it raised
    /// (Numba's callers read the return slot they zeroed). `vals[0]` (the exception slot) is
    /// replaced by a slot of the call's own.
    fn call_dropping(&mut self, function: FunctionValue<'ctx>, vals: &mut [inkwell::values::BasicMetadataValueEnum<'ctx>]) -> R<BasicValueEnum<'ctx>> {
        self.call_dropping_as(function, vals, None)
    }

    /// [`FnCx::call_dropping`], the exception written out as unraisable (naming `unraisable`)
    /// where that is given and the runtime is loaded: a `@cfunc`'s C wrapper.
    fn call_dropping_as(&mut self, function: FunctionValue<'ctx>, vals: &mut [inkwell::values::BasicMetadataValueEnum<'ctx>], unraisable: Option<&str>) -> R<BasicValueEnum<'ctx>> {
        let et = exc_info_type(self.ctx);
        let slot = self.frame_alloca(et.into(), "dropped_exc")?;
        self.b.build_store(slot, et.const_zero())?;
        vals[0] = slot.into();
        let res = self.b.build_call(function, vals, "res")?;
        let res = match res.try_as_basic_value() {
            inkwell::values::ValueKind::Basic(v) => v.into_struct_value(),
            _ => return self.fail("internal error: callee returns void"),
        };
        let status = self.b.build_extract_value(res, 0, "")?.into_int_value();
        let failed = self.b.build_int_compare(IntPredicate::NE, status, self.ctx.i32_type().const_zero(), "")?;
        let drop_bb = self.new_block("dropped_exc");
        let done = self.new_block("dropped_exc_done");
        self.b.build_conditional_branch(failed, drop_bb, done)?;
        self.b.position_at_end(drop_bb);
        match unraisable {
            Some(name) if !self.flags.cuda => {
                let api = self.b.build_load(self.ptr_t(), self.runtime_slot(), "rt")?.into_pointer_value();
                let loaded = self.b.build_is_not_null(api, "")?;
                let write_bb = self.new_block("unraisable");
                let clear_bb = self.new_block("dropped_exc_clear");
                self.b.build_conditional_branch(loaded, write_bb, clear_bb)?;
                self.b.position_at_end(write_bb);
                crate::module::call_unraisable(self.ctx, self.module, &self.b, api, slot, name)?;
                self.b.build_unconditional_branch(done)?;
                // Without the runtime no message was allocated.
                self.b.position_at_end(clear_bb);
                self.b.build_store(slot, et.const_zero())?;
            }
            _ => self.discard_exception(slot)?,
        }
        self.b.build_unconditional_branch(done)?;
        self.b.position_at_end(done);
        let v = self.b.build_extract_value(res, 1, "")?;
        Ok(self.b.build_select(failed, v.get_type().const_zero(), v, "")?)
    }

    /// A call of a `@vectorize` function: scalars give the kernel's result, arrays a new array
    /// (or the output array passed last) of the kernel mapped over the broadcast elements.
    fn call_ufunc_kernel(&mut self, callee: &Callee<'ctx>, args: &[VarId], target: &Type) -> R<BasicValueEnum<'ctx>> {
        let mut tys = Vec::new();
        for v in args {
            tys.push(self.ty(*v)?);
        }
        // Scalars (and 0-d arrays, as in Numba) give a scalar: the kernel on their items.
        if target.as_array().is_none() && tys.iter().all(|t| t.as_array().is_none_or(|a| a.ndim == 0)) {
            let mut vals = Vec::new();
            for (v, t) in args.iter().zip(&tys) {
                let x = self.load(*v)?;
                match t {
                    Type::Array(a) => {
                        let data = self.field(x, 4)?.into_pointer_value();
                        vals.push((self.load_element(data, &a.dtype)?, a.dtype.clone()));
                    }
                    _ => vals.push((x, t.clone())),
                }
            }
            let r = self.ufunc_kernel_elem(callee.function, &callee.args, &vals)?;
            return self.cast(r, &callee.return_type, target);
        }
        let nin = callee.args.len();
        self.lower_kernel_map(callee, &args[..nin], args.get(nin).copied(), target)
    }

    /// Return `status` (not 0: an error) with no value.
    pub(crate) fn return_status(&self, status: IntValue<'ctx>) -> R<()> {
        self.gen_mark_finished()?;
        let agg = self.b.build_insert_value(self.ret_struct.get_undef(), status, 0, "")?;
        self.b.build_return(Some(&agg.as_basic_value_enum()))?;
        Ok(())
    }

    /// When `cond` holds, raise `kind(msg)`; continue in a new block otherwise.
    pub fn guard(&self, cond: IntValue<'ctx>, kind: ExcKind, msg: &str) -> R<()> {
        let fail = self.new_block("raise");
        let ok = self.new_block("ok");
        self.b.build_conditional_branch(cond, fail, ok)?;
        self.b.position_at_end(fail);
        self.raise_const(kind, msg)?;
        self.b.position_at_end(ok);
        Ok(())
    }

    pub(crate) fn assign_var(&mut self, target: VarId, src: VarId) -> R<()> {
        let tt = self.ty(target)?;
        if types::is_phantom(&tt) {
            return Ok(());
        }
        let st = self.ty(src)?;
        if let (Type::FunctionType(sig), Type::MakeFunction(..) | Type::Dispatcher(_)) = (&tt, &st) {
            // A function becoming a first-class value.
            let v = self.function_value(&st, sig)?;
            return self.store(target, v);
        }
        // A set display unified with wider items (`s = {1, 2}; s.add(2.5)`): Numba types the
        // display as the wider set; here it is converted item by item (integral floats hash
        // as the integers do, so the order is kept).
        if let (Type::Set { dtype: from, .. }, Type::Set { dtype: to, .. }) = (&st, &tt) {
            if from.unliteral() != to.unliteral() && numeric(from).is_some() && numeric(to).is_some() {
                let to = (**to).clone();
                let h = self.new_container(&tt)?;
                self.container_for_each(src, |cx, x, xt| {
                    let x = cx.cast(x, xt, &to)?;
                    cx.insert_raw(h, x, &to, None)
                })?;
                self.fresh = true;
                return self.store(target, h.into());
            }
        }
        let v = self.load(src)?;
        if let (Some(from), Some(to)) = (crate::lists::dtype(&st), crate::lists::dtype(&tt)) {
            if from != to && numeric(from).is_some() && numeric(to).is_some() {
                // A list literal unified with wider items (`xs = [1, 2]; xs.append(x)`):
                // Numba types the literal as the wider list; here it is converted item by item.
                let (from, to) = (from.clone(), to.clone());
                let l = v.into_pointer_value();
                let n = self.list_len(l)?;
                let out = self.list_new(&to, n, n)?;
                self.counted_loop(n, |cx, i| {
                    let x = cx.list_get(l, &from, i)?;
                    let x = cx.cast(x, &from, &to)?;
                    cx.list_put(out, &to, i, x)
                })?;
                self.fresh = true;
                return self.store(target, out.into());
            }
        }
        let v = self.cast(v, &st, &tt)?;
        self.store(target, v)
    }

    fn lower_stmt(&mut self, stmt: &StmtKind) -> R<()> {
        match stmt {
            StmtKind::Assign { target, value } => self.lower_assign(*target, value),
            StmtKind::SetItem { target, index, value, static_index } => {
                if self.record_setitem(*target, static_index.as_ref(), *index, *value)? {
                    return Ok(());
                }
                let saved = self.unwrap_optional(Some(*target))?;
                self.lower_setitem(*target, *index, *value)?;
                self.restore_unwrapped(saved);
                Ok(())
            }
            StmtKind::SetAttr { target, attr, value } => {
                if self.record_setattr(*target, attr, *value)? {
                    return Ok(());
                }
                let saved = self.unwrap_optional(Some(*target))?;
                self.jitclass_setattr(*target, attr, *value)?;
                self.restore_unwrapped(saved);
                Ok(())
            }
            StmtKind::DelItem { target, index } => {
                if self.dict_delitem(*target, *index)? {
                    return Ok(());
                }
                if crate::lists::dtype(&self.ty(*target)?).is_some() {
                    return crate::lists::delitem(self, *target, *index);
                }
                self.fail("del x[i] is not supported by numrs build yet")
            }
            StmtKind::Del(_) => Ok(()),
        }
    }

    fn lower_terminator(&mut self, term: &Terminator) -> R<()> {
        match term {
            Terminator::Jump(b) => {
                self.b.build_unconditional_branch(self.block(*b)?)?;
            }
            Terminator::Branch { cond, truebr, falsebr } => {
                let ct = self.ty(*cond)?;
                let c = self.load(*cond)?;
                let c = self.truth(c, &ct)?;
                self.b.build_conditional_branch(c, self.block(*truebr)?, self.block(*falsebr)?)?;
            }
            Terminator::Return(v) => {
                if self.gen_return()? {
                    return Ok(());
                }
                if let Type::Generator(_) = self.ret_type {
                    return self.fail("returning a generator is not supported by numrs build yet (iterate over it where it is made)");
                }
                // Iterators are their state in this function's frame.
                let mut frame_bound = None;
                self.ret_type.visit_parts(&mut |t| {
                    if matches!(t, Type::Iterator(_)) && frame_bound.is_none() {
                        frame_bound = Some(t.to_string());
                    }
                });
                if let Some(t) = frame_bound {
                    return self.fail(format!("returning {t} from a function is not supported by numrs build yet (iterate where it is made, or return the dict itself)"));
                }
                let vt = self.ty(*v)?;
                if !matches!(self.ret_type, Type::NoneType) && !types::is_phantom(self.ret_type) {
                    let val = self.load(*v)?;
                    let val = self.cast(val, &vt, self.ret_type)?;
                    // The caller owns the returned references.
                    self.incref(val, self.ret_type)?;
                    self.release_all()?;
                    let agg = self.b.build_insert_value(self.ret_struct.get_undef(), self.ctx.i32_type().const_zero(), 0, "")?;
                    let agg = self.b.build_insert_value(agg, val, 1, "")?;
                    self.b.build_return(Some(&agg.as_basic_value_enum()))?;
                    return Ok(());
                } else if types::is_phantom(self.ret_type)
                    && !matches!(self.ret_type, Type::StringLiteral(_) | Type::NumberClass(_) | Type::DType(_) | Type::Dispatcher(_))
                    // (A tuple of dtypes: the caller boxes each from its type.)
                    && !self.ret_type.tuple_items().is_some_and(|items| items.iter().all(|i| matches!(i, Type::DType(_))))
                {
                    return self.fail(format!("returning a value of type {} is not supported", self.ret_type));
                }
                // A string literal's (or a NumPy class's, a dtype's, a jit function's) value is
                // its type's (the caller boxes it from there).
                self.release_all()?;
                let agg = self.b.build_insert_value(self.ret_struct.const_zero(), self.ctx.i32_type().const_zero(), 0, "")?;
                self.b.build_return(Some(&agg.as_basic_value_enum()))?;
            }
            Terminator::Raise { exc } => {
                if let Some((kind, pieces)) = exc.and_then(|e| self.dynamic_exception(e)) {
                    return crate::strings::raise_dynamic(self, kind, pieces);
                }
                let (kind, msg) = match exc {
                    Some(e) => self.exception_of(*e)?,
                    None => return self.fail("bare `raise` (re-raise) is not supported by numrs build yet"),
                };
                self.raise_const(kind, &msg)?;
            }
            Terminator::Unreachable => {
                self.b.build_unreachable()?;
            }
        }
        Ok(())
    }

    fn block(&self, b: BlockId) -> R<BasicBlock<'ctx>> {
        let i = b.0 as usize;
        if i <= self.cur_block {
            if let Some(Some(latch)) = self.latches.get(i) {
                return Ok(*latch);
            }
        }
        match self.blocks.get(i) {
            Some(bb) => Ok(*bb),
            None => self.fail(format!("internal error: jump to missing block {}", b.0)),
        }
    }

    /// A built-in exception constructed in the raise statement's function whose message is
    /// only known at run time: its kind and the message's pieces (see `message_pieces`).
    fn dynamic_exception(&self, v: VarId) -> Option<(ExcKind, Vec<Result<String, VarId>>)> {
        let Ok(Type::ExceptionInstance(name)) = self.ty(v) else { return None };
        let (kind, class) = match ExcKind::from_name(&name) {
            Some(kind) => (kind, None),
            None => (ExcKind::Exception, Some(self.user_exception_prefix(&name).ok()?)),
        };
        let Some(Value::Call { args, kws, vararg: None, .. }) = self.resolve_def(v) else { return None };
        let mut pieces = self.message_pieces(args);
        if let Some(prefix) = class {
            pieces.insert(0, Ok(prefix));
        }
        (kws.is_empty() && pieces.iter().any(|p| p.is_err())).then_some((kind, pieces))
    }

    /// The start of the message of an exception of class `name`, a class of the function's
    /// module (not a built-in one), which the module defines when it is imported
    /// (`numrs_abi::EXC_CLASS_PREFIX`).
    fn user_exception_prefix(&self, name: &str) -> R<String> {
        let Some(location) = self.location else {
            return self.fail(format!("raising {name} (a class of the module) needs the function's source file"));
        };
        Ok(format!("{}{}\0{name}\0", numrs_abi::EXC_CLASS_PREFIX, location.file))
    }

    /// The message of an exception constructed with `args`, as Python's `str()` of it: empty,
    /// `str(arg)` for one argument, else the repr of the argument tuple. Constant text, or a
    /// variable whose `str()` goes there (for the numbers and strings allowed, their repr
    /// inside a tuple is their `str()`, except strings, which stay single arguments).
    pub(crate) fn message_pieces(&self, args: &[VarId]) -> Vec<Result<String, VarId>> {
        // A string argument alone is the message. Otherwise, when every argument is a constant
        // or a number, the message is the arguments' tuple as a Python literal, marked so that
        // the runtime passes them themselves (`numrs_abi::EXC_ARGS_PREFIX`); else it is the
        // tuple's text.
        let real = |t: &Type| numeric(t).is_some_and(|k| !k.is_complex());
        // A number, or a tuple of numbers (written as a tuple literal inside the arguments).
        let number = |a: &VarId| {
            self.ty(*a).is_ok_and(|t| real(&t) || t.tuple_items().is_some_and(|items| !items.is_empty() && items.iter().all(real)))
        };
        let string = |a: &VarId| {
            self.ty(*a).is_ok_and(|t| matches!(&t, Type::Unicode) || matches!(&t, Type::Optional(inner) if matches!(&**inner, Type::Unicode) || real(inner)))
        };
        // One non-empty string: the message is the string (an empty one goes in a tuple, so
        // that it stays an argument).
        let string_alone = args.len() == 1 && match self.const_of(args[0]) {
            Some((s, r)) => r.starts_with(['\'', '"']) && !s.is_empty() && !s.starts_with(numrs_abi::EXC_ARGS_PREFIX),
            None => false,
        };
        if string_alone {
            return vec![self.const_of(args[0]).map(|(s, _)| s).ok_or(args[0])];
        }
        let literal = args.iter().all(|a| self.const_of(*a).is_some() || number(a) || string(a));
        let mut pieces = Vec::new();
        for (i, a) in args.iter().enumerate() {
            if i > 0 {
                pieces.push(Ok(", ".into()));
            }
            pieces.push(match self.const_of(*a) {
                Some((_, r)) => Ok(r),
                None => Err(*a),
            });
        }
        if !args.is_empty() {
            let open = if literal { format!("{}(", numrs_abi::EXC_ARGS_PREFIX) } else { "(".to_string() };
            pieces.insert(0, Ok(open));
            pieces.push(Ok(if args.len() == 1 { ",)" } else { ")" }.into()));
        }
        pieces
    }

    /// The exception class and constant message of a raised value.
    fn exception_of(&self, v: VarId) -> R<(ExcKind, String)> {
        let t = self.ty(v)?;
        let name = match &t {
            Type::ExceptionClass(n) | Type::ExceptionInstance(n) => n.clone(),
            other => return self.fail(format!("raising a value of type {other} is not supported")),
        };
        let (kind, mut msg) = match ExcKind::from_name(&name) {
            Some(kind) => (kind, String::new()),
            // A class of the module (typing only lets exception classes be raised).
            None => (ExcKind::Exception, self.user_exception_prefix(&name)?),
        };
        if let Type::ExceptionInstance(_) = t {
            let Some(Value::Call { args, kws, .. }) = self.resolve_def(v) else {
                return self.fail("the raised exception must be constructed in the raise statement's function");
            };
            if !kws.is_empty() {
                return self.fail("keyword arguments to exception classes are not supported");
            }
            for p in self.message_pieces(args) {
                match p {
                    Ok(text) => msg.push_str(&text),
                    Err(_) => return self.fail("exception arguments of this kind are not supported by numrs build yet"),
                }
            }
        }
        Ok((kind, msg))
    }

    /// Whether `v` is an integer that is never negative: a non-negative constant, or the
    /// variable of a `range` loop that starts at a non-negative value and counts up.
    pub(crate) fn proven_nonneg(&self, v: VarId, depth: u32) -> bool {
        if depth > 8 {
            return false;
        }
        match self.ty(v) {
            Ok(Type::IntegerLiteral(x)) => return x >= 0,
            Ok(t) if numeric(&t).is_some_and(|k| k.is_unsigned_int() || k == NumericKind::Boolean) => return true,
            _ => {}
        }
        match self.resolve_def(v) {
            Some(Value::Const(Constant::Int(i))) => *i >= 0,
            Some(Value::PairFirst(p)) => {
                let Some(Value::IterNext(it)) = self.resolve_def(*p) else { return false };
                let Some(Value::GetIter(r)) = self.resolve_def(*it) else { return false };
                let Some(Value::Call { func, args, kws, vararg: None }) = self.resolve_def(*r) else { return false };
                if !kws.is_empty() || !matches!(self.ty(*func), Ok(Type::Function(k)) if &*k == "builtins.range") {
                    return false;
                }
                let positive = |s: VarId| match self.ty(s) {
                    Ok(Type::IntegerLiteral(x)) => x > 0,
                    _ => matches!(self.resolve_def(s), Some(Value::Const(Constant::Int(i))) if *i > 0),
                };
                match args.len() {
                    1 => true,
                    2 => self.proven_nonneg(args[0], depth + 1),
                    3 => self.proven_nonneg(args[0], depth + 1) && positive(args[2]),
                    _ => false,
                }
            }
            _ => false,
        }
    }

    /// Follow copies to the defining value.
    pub(crate) fn resolve_def(&self, mut v: VarId) -> Option<&'a Value> {
        for _ in 0..64 {
            match self.defs.get(&v)? {
                Value::Var(src) => v = *src,
                other => return Some(other),
            }
        }
        None
    }

    /// A constant's `str()` and `repr()`.
    pub(crate) fn const_of(&self, v: VarId) -> Option<(String, String)> {
        match self.ty(v) {
            Ok(Type::IntegerLiteral(x)) => return Some((x.to_string(), x.to_string())),
            // A string typing knows (a module-level constant, `MSG = "..."`).
            Ok(Type::StringLiteral(s)) => return Some((s.to_string(), numrs_hir::python_str_repr(&s))),
            _ => {}
        }
        match self.resolve_def(v)? {
            Value::Const(c) => Some(match c {
                Constant::Str(s) => (s.to_string(), numrs_hir::python_str_repr(s)),
                Constant::Int(i) => (i.to_string(), i.to_string()),
                Constant::Bool(b) => {
                    let s = if *b { "True" } else { "False" }.to_string();
                    (s.clone(), s)
                }
                Constant::None => ("None".into(), "None".into()),
                Constant::Float(f) => {
                    let s = numrs_hir::python_float_repr(f.get());
                    (s.clone(), s)
                }
                _ => return None,
            }),
            _ => None,
        }
    }

    fn lower_assign(&mut self, target: VarId, value: &Value) -> R<()> {
        // `operator.add(a, b)` and the like: the operation itself.
        if let Value::Call { func, args, kws, vararg: None } = value {
            if let (Ok(Type::Function(k)), true) = (self.ty(*func), kws.is_empty()) {
                if let Some(op) = crate::ops::operator_value(&k, args) {
                    return self.lower_assign(target, &op);
                }
            }
            // `np.where(c, x=a, y=b)`: the arguments in their positions.
            if let (Ok(Type::Function(k)), false) = (self.ty(*func), kws.is_empty()) {
                if &*k == "numpy.where" {
                    let positional: Option<Vec<VarId>> =
                        ["condition", "x", "y"].iter().enumerate().map(|(i, n)| crate::npfuncs::arg_kw(args, kws, i, n)).collect();
                    if let Some(args) = positional {
                        return self.lower_assign(target, &Value::Call { func: *func, args, kws: vec![], vararg: None });
                    }
                }
            }
        }
        if let Value::Yield(v) = value {
            // Its value (what `send` would give) is always None.
            return self.lower_yield(*v);
        }
        let tt = self.ty(target)?;
        if types::is_phantom(&tt) {
            // Functions, modules, classes, exception instances: resolved where they are used.
            // A function looked up in a dict still needs its key there.
            if let Value::GetItem { value: d, index } = value {
                if matches!(self.ty(*d)?, Type::DictType(_)) {
                    self.dict_check_key(*d, *index)?;
                }
            }
            // A string literal a call returns (`f(x)` of a jit `f` returning "ok").
            if matches!(tt, Type::StringLiteral(_)) {
                self.literal_call(value, &tt)?;
            }
            return Ok(());
        }
        if let Type::IntegerLiteral(_) | Type::BooleanLiteral(_) = tt {
            // Literal-typed variables carry their value in the type; `next()` of a generator
            // that yields a literal still steps it (StopIteration when it is finished).
            // So does a call whose result is typed as a literal but that may do more than
            // make it (see `literal_call`).
            self.literal_call(value, &tt)?;
            // A `nonlocal` variable of an enclosing function: its cell takes the value.
            let var = self.ir.var(target);
            if var.user {
                if let Some((cp, ct)) = self.cells.get(&var.base).cloned() {
                    let x = self.load(target)?;
                    let x = self.cast(x, &tt, &ct)?;
                    self.b.build_store(cp, x)?;
                }
            }
            return Ok(());
        }
        if self.fused.contains(&target) {
            // Computed inside the array expression that uses it.
            return Ok(());
        }
        self.fresh = false;
        self.elem_fresh.set(false);
        let mut saved = self.unwrap_optionals(value)?;
        saved.extend(self.unwrap_optional_arrays(value, &saved)?);
        saved.extend(self.unwrap_zero_d(value, &self.ty(target)?)?);
        let v: BasicValueEnum<'ctx> = match value {
            Value::Var(src) | Value::Cast(src) => {
                return self.assign_var(target, *src);
            }
            Value::ConstTuple(c) => {
                let t = self.ty(target)?;
                self.global_const(&const_tuple(c), &t)?
            }
            Value::Phi(_) => return Ok(()),
            Value::Arg(i) => {
                let at = self.arg_types.get(*i as usize).cloned().unwrap_or(Type::Undefined);
                if let (Type::Omitted(_), Some((_, c))) = (&at, self.globals.iter().find(|(n, _)| *n == at.to_string())) {
                    // An array default: the array frozen into the code (see
                    // `numrs_abi::ARRAY_DEFAULT`).
                    self.global_const(c, &tt)?
                } else if let Type::Omitted(repr) = &at {
                    // No value is passed: the default, as a constant of its type; an enum
                    // member (`<Unit.M: 1>`, typed here as its value's type) by its value.
                    let text = match numrs_types::omitted_value_type(repr) {
                        Some(_) => &**repr,
                        None => enum_default_value(repr).unwrap_or(repr),
                    };
                    let t = numrs_types::omitted_value_type(text).ok_or_else(|| CgError { span: self.span, message: format!("the default value {repr} is not supported by numrs build yet") })?;
                    let v = self.default_value(text, &t)?;
                    self.cast(v, &t, &tt)?
                } else if let (Type::StringLiteral(text), None | Some(None)) = (&at, self.params.get(*i as usize)) {
                    // A string literal argument (the callee specialized for `Literal[str]`, as
                    // Numba's calls between jit functions do): its value is its type's.
                    if types::is_phantom(&tt) {
                        return Ok(());
                    }
                    let text = text.clone();
                    let v = self.str_const(&text);
                    self.cast(v.into(), &Type::Unicode, &tt)?
                } else {
                    let Some(Some(p)) = self.params.get(*i as usize) else {
                        return self.fail(format!("argument {i} has no run-time value"));
                    };
                    let pv = match self.gen_arg(*p - 1)? {
                        Some(x) => x,
                        None => match self.func.get_nth_param(*p) {
                            Some(x) => x,
                            None => return self.fail("internal error: missing parameter"),
                        },
                    };
                    self.cast(pv, &at, &tt)?
                }
            }
            Value::Const(c) => self.constant(c, &tt)?,
            Value::Global(name) => match self.globals.iter().find(|(n, _)| n == name) {
                Some((_, c)) => self.global_const(c, &tt)?,
                None if matches!(tt, Type::Array(_)) => {
                    return self.fail(format!(
                        "the value of global array '{name}' ({tt}) is not available to numrs build: it evaluates arrays made from \
                         constants by NumPy's constructors, arithmetic and reductions, and not one the module changes after binding it \
                         (an item assignment, a call given it)"
                    ))
                }
                None => return self.fail(format!("the value of global '{name}' ({tt}) is not available to numrs build yet")),
            },
            Value::FreeVar(name) if self.cells.contains_key(name) => {
                let (cp, ct) = self.cells[name].clone();
                let x = self.b.build_load(self.vt(&ct)?, cp, "")?;
                self.cast(x, &ct, &tt)?
            }
            Value::NonlocalOut { name, .. } if self.cells.contains_key(name) => {
                let (cp, ct) = self.cells[name].clone();
                let x = self.b.build_load(self.vt(&ct)?, cp, "")?;
                self.cast(x, &ct, &tt)?
            }
            Value::FreeVar(name) => {
                // Passed after the inner function's own arguments.
                let nargs = self.arg_types.len() - self.free_vars.len();
                let Some(k) = self.free_vars.iter().position(|n| n == name) else {
                    return self.fail(format!("free variable '{name}' is not supported by numrs build yet"));
                };
                let Some(Some(p)) = self.params.get(nargs + k) else { return self.fail(format!("free variable '{name}' has no run-time value")) };
                let Some(pv) = self.func.get_nth_param(*p) else { return self.fail("internal error: missing parameter") };
                let at = self.arg_types[nargs + k].clone();
                self.cast(pv, &at, &tt)?
            }
            Value::Compare { .. } | Value::Call { .. } if self.charseq_elementwise_operands(value, &tt).is_some() => self.charseq_elementwise(value, &tt)?,
            Value::BinOp { .. } | Value::InplaceBinOp { .. } | Value::Compare { .. } | Value::Unary { .. }
                if self.is_array_expr(value, &tt) =>
            {
                self.lower_array_expr(value, &tt)?
            }
            Value::BinOp { op, lhs, rhs } => {
                let key = crate::ops::binop_key(*op, false);
                self.intrinsic(key, &[*lhs, *rhs], &tt)?
            }
            Value::InplaceBinOp { op, lhs, rhs } => {
                let key = crate::ops::binop_key(*op, true);
                self.intrinsic(key, &[*lhs, *rhs], &tt)?
            }
            Value::Compare { op, lhs, rhs } => {
                use numrs_syntax::ast::CmpOp;
                match op {
                    // A key of a `LiteralStrKey[Dict]` (Numba compares it with each key).
                    CmpOp::In if self.literal_dicts.contains_key(rhs) => self.literal_dict_contains(*rhs, *lhs, &tt)?,
                    // A `LiteralList` (here the tuple of its items; `in` of another tuple of
                    // different item types does not type): each item compared with `==`.
                    CmpOp::In | CmpOp::NotIn if matches!(self.ty(*rhs)?, Type::Tuple(_)) => {
                        let sig = Signature::new(Type::boolean(), vec![self.ty(*rhs)?, self.ty(*lhs)?]);
                        let vals = [Some(self.load(*rhs)?), Some(self.load(*lhs)?)];
                        let v = crate::tuples::contains(self, &sig, &vals)?;
                        let v = if *op == CmpOp::NotIn { self.b.build_not(v.into_int_value(), "")?.into() } else { v };
                        self.cast(v, &Type::boolean(), &tt)?
                    }
                    CmpOp::In => self.intrinsic("operator.contains", &[*rhs, *lhs], &tt)?,
                    CmpOp::NotIn => {
                        let v = self.intrinsic("operator.contains", &[*rhs, *lhs], &Type::boolean())?;
                        self.b.build_not(v.into_int_value(), "")?.into()
                    }
                    // Members of one enum are the same object exactly when their values are
                    // equal (a second name for a value is an alias of the first member);
                    // a member is never a member of another enum or another value (Numba's
                    // `enum_is`, `generic_is`).
                    CmpOp::Is | CmpOp::IsNot if self.enum_members.contains(lhs) || self.enum_members.contains(rhs) => {
                        let same_enum = self.enum_members.contains(lhs)
                            && self.enum_members.contains(rhs)
                            && self.enum_types.get(lhs).map(Type::unliteral) == self.enum_types.get(rhs).map(Type::unliteral);
                        match (same_enum, *op == CmpOp::Is) {
                            (true, true) => self.intrinsic("operator.eq", &[*lhs, *rhs], &tt)?,
                            (true, false) => self.intrinsic("operator.ne", &[*lhs, *rhs], &tt)?,
                            (false, is) => self.cast(self.ctx.bool_type().const_int(u64::from(!is), false).into(), &Type::boolean(), &tt)?,
                        }
                    }
                    _ => self.intrinsic(crate::ops::cmp_key(*op), &[*lhs, *rhs], &tt)?,
                }
            }
            Value::Unary { op, operand } => {
                use numrs_syntax::ast::UnaryOp;
                let key = match op {
                    UnaryOp::USub => "operator.neg",
                    UnaryOp::UAdd => "operator.pos",
                    UnaryOp::Invert => "operator.invert",
                    UnaryOp::Not => "operator.not_",
                };
                self.intrinsic(key, &[*operand], &tt)?
            }
            Value::Call { func, args, kws, vararg } => {
                // A NumPy function's parameters passed by name, in their positions.
                let normalized = match self.ty(*func)? {
                    Type::Function(k) => match k.strip_prefix("numpy.") {
                        Some(n) => crate::np_params::positional(n, args, kws),
                        None => k.strip_prefix("builtins.").and_then(|n| crate::np_params::builtin_positional(n, args, kws)),
                    },
                    _ => None,
                };
                let (args, kws): (&[VarId], &[(String, VarId)]) = match &normalized {
                    Some((a, k)) => (a, k),
                    None => (args, kws),
                };
                let cuda_key = match self.ty(*func)? {
                    Type::Function(k) if k.starts_with("cuda.") => Some(k),
                    Type::Function(k) if self.flags.cuda && &*k == "builtins.print" && kws.is_empty() => Some(k),
                    _ => None,
                };
                let cuda_v = match cuda_key {
                    Some(k) => match self.cuda_call(&k, args, kws, &tt)? {
                        Some(v) => Some(v),
                        None => return self.fail(format!("{k} is not supported by numrs build yet")),
                    },
                    None => None,
                };
                let is_namedtuple = matches!(self.ty(*func)?, Type::NamedTupleClass(_));
                if vararg.is_some() && !matches!(self.ty(*func)?, Type::Dispatcher(_)) && !is_namedtuple {
                    return self.fail("calls with * arguments are not supported by numrs build yet");
                }
                // A NumPy function the module `@overload`s: its implementation where `check`
                // typed the call with it (Numba tries the module's first), else NumPy's.
                let user_overload = match self.ty(*func)? {
                    Type::Function(k) if cuda_v.is_none() && numrs_typing::numba_overloads_lazily(&k) => {
                        let d = DispatcherRef { name: format!("{}{k}", numrs_types::USER_OVERLOAD_PREFIX).into(), id: 0, file: None };
                        let types = args.iter().map(|v| self.call_type(*v)).collect::<R<Vec<_>>>()?;
                        let kw_types = kws.iter().map(|(k, v)| Ok((k.clone(), self.call_type(*v)?))).collect::<R<Vec<_>>>()?;
                        (self.callees)(&d, &types, &kw_types).is_ok().then_some(d)
                    }
                    _ => None,
                };
                if let Some(d) = user_overload {
                    self.call_jit(&d, None, args, *vararg, kws, &tt)?
                } else if let Some(v) = cuda_v {
                    v
                } else if let Type::NamedTupleClass(class) = self.ty(*func)? {
                    self.namedtuple_construct(&class, args, *vararg, kws, &tt)?
                } else if let Some(v) = self.overload_method_call(*func, args, *vararg, kws, &tt)? {
                    v
                } else if let Some(v) = self.container_call(*func, args, kws, &tt)? {
                    v
                } else if let Some(v) = self.generator_call(*func, args, kws, &tt)? {
                    v
                } else if let Some(v) = self.bytes_call(*func, args, &tt)? {
                    v
                } else if let Some(v) = crate::pointers::call(self, *func, args, kws, &tt)? {
                    v
                } else if let Some(v) = crate::pointers::call_external(self, *func, args, kws, &tt)? {
                    v
                } else if let Some(v) = crate::heapq::call(self, *func, args, kws, &tt)? {
                    v
                } else if let Some(v) = crate::lists::call(self, *func, args, kws, &tt)? {
                    v
                } else if let Some(v) = crate::strings::call(self, *func, args, kws, &tt)? {
                    v
                } else if let Some(v) = self.array_call(*func, args, kws, &tt)? {
                    v
                } else if let Some(v) = crate::dufunc::call(self, *func, args, kws, &tt)? {
                    v
                } else if let Type::Dispatcher(d) = self.ty(*func)? {
                    self.call_jit(&d, None, args, *vararg, kws, &tt)?
                } else if let Some(v) = self.jitclass_call(*func, args, *vararg, kws, &tt)? {
                    v
                } else if let (Type::FunctionType(sig), true) = (self.ty(*func)?, kws.is_empty()) {
                    self.call_function_value(*func, &sig, args, &tt)?
                } else {
                    if !kws.is_empty() {
                        return self.fail("calls with keyword arguments are not supported by numrs build yet");
                    }
                    self.lower_call(*func, args, &tt)?
                }
            }
            // An enum class's member: its value; a member's `value`: the member itself.
            Value::GetAttr { value, attr } if self.enum_classes.contains_key(value) => self.enum_member(*value, attr, &tt)?,
            Value::GetAttr { value, attr } if attr == "value" && self.enum_members.contains(value) => {
                let vt = self.ty(*value)?;
                let v = self.load(*value)?;
                self.cast(v, &vt, &tt)?
            }
            Value::StaticGetItem { value, index: StaticIndex::Str(name), .. } if self.enum_classes.contains_key(value) => {
                self.enum_member(*value, name, &tt)?
            }
            // `getattr(x, "name")` of a name `x`'s type lacks: AttributeError when it runs.
            Value::GetAttr { value, attr }
                if tt == Type::NoneType
                    && self.ir.var(target).name.starts_with(numrs_ir::GETATTR_CALL_TEMP)
                    && numrs_typing::resolve_getattr(&self.ty(*value)?, attr).is_none() =>
            {
                let vt = self.ty(*value)?;
                let msg = format!("{}'{vt}' has no attribute '{attr}'", self.user_exception_prefix("AttributeError")?);
                self.raise_const(ExcKind::Exception, &msg)?;
                self.b.position_at_end(self.new_block("after_raise"));
                self.vt(&tt)?.const_zero()
            }
            // `__hash__` of an unhashable container (arrays, typed lists and dicts): None.
            Value::GetAttr { attr, .. } if tt == Type::NoneType && attr == "__hash__" => self.vt(&tt)?.const_zero(),
            Value::GetAttr { value, attr } => self.getattr(*value, attr, &tt)?,
            Value::GetItem { value, index } => self.getitem(*value, *index, &tt)?,
            Value::StaticGetItem { value, index, index_var } => self.static_getitem(*value, index, *index_var, &tt)?,
            Value::BuildTuple(items) => self.build_tuple(items, &tt)?,
            Value::GetIter(v) => self.getiter(*v, &tt)?,
            Value::IterNext(v) => self.iternext(*v, &tt)?,
            Value::PairFirst(v) | Value::PairSecond(v) => {
                let idx = if matches!(value, Value::PairFirst(_)) { 0 } else { 1 };
                let pt = self.ty(*v)?;
                let Type::Pair(p) = &pt else { return self.fail(format!("pair_first of {pt}")) };
                let item_t = if idx == 0 { p.0.clone() } else { p.1.clone() };
                let pv = self.load(*v)?.into_struct_value();
                let x = self.b.build_extract_value(pv, idx, "")?;
                self.cast(x, &item_t, &tt)?
            }
            Value::ExhaustIter { value, count } if matches!(self.ty(*value)?, Type::Optional(_)) => {
                // An optional tuple: its value (a TypeError for None), unpacked.
                let vt = self.ty(*value)?;
                let Type::Optional(inner) = &vt else { return self.fail("internal error: optional") };
                let v = self.load(*value)?;
                let x = self.cast(v, &vt, inner)?;
                match inner.tuple_items() {
                    Some(items) if items.len() == *count as usize => self.cast(x, inner, &tt)?,
                    _ => return self.fail(format!("unpacking {vt} into {count} values is not supported by numrs build yet")),
                }
            }
            Value::ExhaustIter { value, count } => {
                let vt = self.ty(*value)?;
                match vt.tuple_items() {
                    Some(items) if items.len() == *count as usize => {
                        let v = self.load(*value)?;
                        self.cast(v, &vt, &tt)?
                    }
                    _ => self.unpack_sequence(*value, *count, &tt)?,
                }
            }
            // A `LiteralList` is the tuple of its items here.
            Value::BuildList(items) if tt.tuple_items().is_some() => self.build_tuple(items, &tt)?,
            Value::BuildList(items) => crate::lists::build_list(self, items, &tt)?,
            Value::BuildMap(items) if crate::dicts::is_container(&tt) => self.build_map(items, &tt)?,
            Value::BuildSet(items) if crate::dicts::is_container(&tt) => self.build_set(items, &tt)?,
            Value::BuildMap(items) if self.literal_dicts.contains_key(&target) => {
                let values: Vec<VarId> = items.iter().map(|(_, v)| *v).collect();
                self.build_tuple(&values, &tt)?
            }
            Value::BuildSet(_) | Value::BuildMap(_) => {
                return self.fail("lists, sets and dicts are not supported by numrs build yet")
            }
            Value::MakeFunction { .. } => return self.fail("inner functions are not supported by numrs build yet"),
            Value::Yield(_) => return self.fail("internal error: yield lowered as a value"),
            Value::BuildString(parts) => crate::strings::build_string(self, parts)?,
            Value::FormatValue(v) => crate::strings::format_value(self, *v)?,
            Value::Undefined => return Ok(()),
            // Types with no run-time value return before this.
            Value::Captured(t) => return self.fail(format!("a captured value of type {t} is not supported by numrs build yet")),
            Value::ObjModeBlock { block, inputs } => {
                self.objmode_block(*block, inputs)?;
                return Ok(());
            }
            Value::ObjModeOut(_) | Value::ObjModeOutOf(_) => {
                let Some((slot, t)) = self.objmode_out.pop_front() else {
                    return self.fail("internal error: an objmode output without its block");
                };
                let st = crate::types::storage_type(self.ctx, &t).map_err(|m| self.cg_err(m))?;
                let v = self.b.build_load(st, slot, "")?;
                let v = crate::module::from_storage(self.ctx, &self.b, v, &t).map_err(|e| CgError { span: e.span.or(self.span), message: e.message })?;
                // A new reference (the runtime unboxed it for compiled code).
                self.fresh = true;
                self.cast(v, &t, &tt)?
            }
            // Only `except Exception:` types (as in Numba): every exception matches.
            Value::ExceptionMatch(_) => {
                let t = self.ctx.bool_type().const_int(1, false);
                self.cast(t.into(), &Type::boolean(), &tt)?
            }
            Value::NonlocalOut { .. } => return self.fail("nonlocal variables are not supported by numrs build yet"),
        };
        let v = self.fortran_in_fact(v, &tt)?;
        self.restore_unwrapped(saved);
        self.store(target, v)
    }

    fn restore_unwrapped(&mut self, saved: Vec<(VarId, Option<PointerValue<'ctx>>)>) {
        for (var, slot) in saved {
            self.unwrapped.remove(&var);
            self.slots[var.0 as usize] = slot;
        }
    }

    /// Numba types an index, an attribute or a method call on an `OptionalType(T)` value as
    /// on `T` (its templates unpack optionals), and its lowering casts the value to `T`,
    /// raising `TypeError("expected T, got None")` for `None`. Here the cast value goes into a
    /// new slot, and the variable is seen with type `T` while the instruction is lowered; the
    /// caller puts the returned slots back. The unwrapped value is borrowed from the variable.
    fn unwrap_optionals(&mut self, value: &Value) -> R<Vec<(VarId, Option<PointerValue<'ctx>>)>> {
        let receiver = self.optional_receiver(value);
        self.unwrap_optional(receiver)
    }

    fn optional_receiver(&self, value: &Value) -> Option<VarId> {
        match value {
            Value::GetItem { value, .. } | Value::StaticGetItem { value, .. } | Value::GetAttr { value, .. } => Some(*value),
            Value::Call { func, .. } => match self.defs.get(func) {
                Some(Value::GetAttr { value, .. }) => Some(*value),
                _ => None,
            },
            _ => None,
        }
    }

    /// The operands of an operator or a NumPy function that are `OptionalType(array)` (`r * 2`
    /// after `if r is None: return ...`): Numba types the operation on the array and casts the
    /// operand to it (TypeError for None), as [`unwrap_optionals`] does for a receiver.
    fn unwrap_optional_arrays(&mut self, value: &Value, done: &[(VarId, Option<PointerValue<'ctx>>)]) -> R<Vec<(VarId, Option<PointerValue<'ctx>>)>> {
        let operands: Vec<VarId> = match value {
            // (Not an in-place operator: Numba fails to compile `x += 1` of an optional array
            // with an internal TypeError.)
            Value::BinOp { lhs, rhs, .. } => vec![*lhs, *rhs],
            Value::Compare { op, lhs, rhs }
                if !matches!(op, numrs_syntax::ast::CmpOp::In | numrs_syntax::ast::CmpOp::NotIn | numrs_syntax::ast::CmpOp::Is | numrs_syntax::ast::CmpOp::IsNot) =>
            {
                vec![*lhs, *rhs]
            }
            Value::Unary { operand, .. } => vec![*operand],
            Value::Call { func, args, kws, .. } => match self.ty(*func)? {
                Type::Function(key) if key.starts_with("numpy.") => args.iter().copied().chain(kws.iter().map(|(_, v)| *v)).collect(),
                _ => return Ok(Vec::new()),
            },
            _ => return Ok(Vec::new()),
        };
        let mut saved = Vec::new();
        for var in operands {
            let is_opt_array = matches!(self.ty(var)?, Type::Optional(inner) if matches!(&*inner, Type::Array(_)));
            if is_opt_array && !done.iter().chain(&saved).any(|(v, _)| *v == var) {
                saved.extend(self.unwrap_optional(Some(var))?);
            }
        }
        Ok(saved)
    }

    /// An operator or ufunc whose result Numba types as a number although an operand is a 0-d
    /// array (`np.asarray(x) + 1.0` is float64): the 0-d operands are seen as their element
    /// while the instruction is lowered, as for optionals.
    fn unwrap_zero_d(&mut self, value: &Value, tt: &Type) -> R<Vec<(VarId, Option<PointerValue<'ctx>>)>> {
        let mut saved = Vec::new();
        if numeric(tt).is_none() {
            return Ok(saved);
        }
        let operands: Vec<VarId> = match value {
            Value::BinOp { lhs, rhs, .. } | Value::InplaceBinOp { lhs, rhs, .. } => vec![*lhs, *rhs],
            Value::Compare { op, lhs, rhs }
                if !matches!(op, numrs_syntax::ast::CmpOp::In | numrs_syntax::ast::CmpOp::NotIn | numrs_syntax::ast::CmpOp::Is | numrs_syntax::ast::CmpOp::IsNot) =>
            {
                vec![*lhs, *rhs]
            }
            Value::Unary { operand, .. } => vec![*operand],
            Value::Call { func, args, kws, vararg: None } if kws.is_empty() => match self.ty(*func)? {
                Type::Function(key) if key.strip_prefix("numpy.").is_some_and(crate::arrays::is_elementwise) => args.clone(),
                _ => return Ok(saved),
            },
            _ => return Ok(saved),
        };
        for var in operands {
            let Type::Array(a) = self.ty(var)? else { continue };
            if a.ndim != 0 || numeric(&a.dtype).is_none() || saved.iter().any(|(v, _)| *v == var) {
                continue;
            }
            let arr = self.load(var)?;
            let p = self.field(arr, 4)?.into_pointer_value();
            let x = self.load_element(p, &a.dtype)?;
            let slot = self.temp(self.vt(&a.dtype)?)?;
            self.b.build_store(slot, x)?;
            saved.push((var, self.slots[var.0 as usize]));
            self.slots[var.0 as usize] = Some(slot);
            self.unwrapped.insert(var, a.dtype.clone());
        }
        Ok(saved)
    }

    /// [`unwrap_optionals`] of one variable (an item assignment's target).
    fn unwrap_optional(&mut self, receiver: Option<VarId>) -> R<Vec<(VarId, Option<PointerValue<'ctx>>)>> {
        let mut saved = Vec::new();
        if let Some(var) = receiver {
            let Type::Optional(inner) = self.ty(var)? else { return Ok(saved) };
            let opt = Type::Optional(inner.clone());
            let x = self.load(var)?;
            let x = self.cast(x, &opt, &inner)?;
            let slot = self.temp(self.vt(&inner)?)?;
            self.b.build_store(slot, x)?;
            saved.push((var, self.slots[var.0 as usize]));
            self.slots[var.0 as usize] = Some(slot);
            self.unwrapped.insert(var, (*inner).clone());
        }
        Ok(saved)
    }

    /// A module-level constant's value as type `tt` (tuples item by item).
    fn global_const(&self, c: &crate::GlobalConst, tt: &Type) -> R<BasicValueEnum<'ctx>> {
        match c {
            crate::GlobalConst::Scalar(k) => self.constant(k, tt),
            // A slice constant: Numba's slice model, `None` filled in as `slice()` does.
            crate::GlobalConst::Tuple(items) if matches!(tt, Type::Slice2 | Type::Slice3) && items.len() == 3 => {
                let part = |c: &crate::GlobalConst| match c {
                    crate::GlobalConst::Scalar(numrs_syntax::ast::Constant::Int(v)) => i64::try_from(*v).ok(),
                    _ => None,
                };
                let step = part(&items[2]).unwrap_or(1);
                let start = part(&items[0]).unwrap_or(if step < 0 { i64::MAX } else { 0 });
                let stop = part(&items[1]).unwrap_or(if step < 0 { i64::MIN } else { i64::MAX });
                let st = self.vt(&Type::Slice3)?.into_struct_type();
                Ok(st.const_named_struct(&[self.i64(start).into(), self.i64(stop).into(), self.i64(step).into()]).into())
            }
            crate::GlobalConst::Tuple(items) => {
                let Some(titems) = tt.tuple_items().filter(|t| t.len() == items.len()) else {
                    return self.fail(format!("a tuple constant typed {tt}"));
                };
                let st = self.vt(tt)?.into_struct_type();
                let mut agg: inkwell::values::AggregateValueEnum = st.get_undef().into();
                for (i, (c, t)) in items.iter().zip(&titems).enumerate() {
                    let v = self.global_const(c, t)?;
                    agg = self.b.build_insert_value(agg, v, i as u32, "")?;
                }
                Ok(agg.as_basic_value_enum())
            }
            // Filled when the module is imported: declared here, defined by the module (see
            // `module::imported_slots`). A ctypes function's slot holds its address.
            crate::GlobalConst::Imported { symbol } if matches!(tt, Type::ExternalFunctionPointer(_)) => {
                let it = self.ctx.i64_type();
                let g = self.module.get_global(symbol).unwrap_or_else(|| self.module.add_global(it, None, symbol));
                let address = self.b.build_load(it, g.as_pointer_value(), "imported")?.into_int_value();
                Ok(self.b.build_int_to_ptr(address, self.ptr_t(), "external")?.into())
            }
            crate::GlobalConst::Imported { symbol } => {
                let vt = self.vt(tt)?;
                let g = self.module.get_global(symbol).unwrap_or_else(|| self.module.add_global(vt, None, symbol));
                Ok(self.b.build_load(vt, g.as_pointer_value(), "imported")?)
            }
            crate::GlobalConst::RecordArray { shape, bytes } => {
                let Type::Array(a) = tt else { return self.fail(format!("an array constant typed {tt}")) };
                let Some(size) = crate::records::record_size(&a.dtype) else { return self.fail(format!("records typed {tt}")) };
                if shape.len() != a.ndim as usize || (shape.iter().product::<i64>() as u64).saturating_mul(size) != bytes.len() as u64 {
                    return self.fail(format!("an array of records of shape {shape:?} typed {tt}"));
                }
                let data = self.ctx.i8_type().const_array(&bytes.iter().map(|b| self.ctx.i8_type().const_int(u64::from(*b), false)).collect::<Vec<_>>());
                let g = self.module.add_global(data.get_type(), None, "numrs.global_records");
                g.set_initializer(&data);
                g.set_alignment(16);
                g.set_linkage(inkwell::module::Linkage::Private);
                let shape_v: Vec<IntValue<'ctx>> = shape.iter().map(|d| self.i64(*d)).collect();
                let mut strides = vec![0i64; shape.len()];
                let mut acc = size as i64;
                for d in (0..shape.len()).rev() {
                    strides[d] = acc;
                    acc *= shape[d].max(1);
                }
                let strides_v: Vec<IntValue<'ctx>> = strides.iter().map(|s| self.i64(*s)).collect();
                let null = self.ptr_t().const_null();
                self.make_array(a.ndim, null, null, self.i64(size as i64), g.as_pointer_value(), &shape_v, &strides_v)
            }
            crate::GlobalConst::Array { shape, items } => {
                let Type::Array(a) = tt else { return self.fail(format!("an array constant typed {tt}")) };
                if shape.len() != a.ndim as usize || shape.iter().product::<i64>() != items.len() as i64 {
                    return self.fail(format!("an array constant of shape {shape:?} typed {tt}"));
                }
                let et = types::storage_type(self.ctx, &a.dtype).map_err(|m| CgError { span: self.span, message: m })?;
                // Typed Fortran-ordered (a transpose): stored in Fortran order.
                let fortran = a.layout == Layout::F && shape.len() > 1;
                let order: Vec<usize> = if fortran { fortran_order(shape) } else { (0..items.len()).collect() };
                let mut vals = Vec::with_capacity(items.len());
                for c in order.iter().map(|&k| &items[k]) {
                    let v = self.constant(c, &a.dtype)?;
                    let v = if numeric(&a.dtype) == Some(NumericKind::Boolean) {
                        self.ctx.i8_type().const_int(v.into_int_value().get_zero_extended_constant().unwrap_or(0), false).into()
                    } else {
                        v
                    };
                    vals.push(v);
                }
                let arr = match et {
                    BasicTypeEnum::IntType(t) => t.const_array(&vals.iter().map(|v| v.into_int_value()).collect::<Vec<_>>()),
                    BasicTypeEnum::FloatType(t) => t.const_array(&vals.iter().map(|v| v.into_float_value()).collect::<Vec<_>>()),
                    BasicTypeEnum::StructType(t) => t.const_array(&vals.iter().map(|v| v.into_struct_value()).collect::<Vec<_>>()),
                    _ => return self.fail(format!("array constants of {} are not supported by numrs build yet", a.dtype)),
                };
                let g = self.module.add_global(arr.get_type(), None, "numrs.global_array");
                g.set_initializer(&arr);
                // Read-only as Numba types global arrays; an array default (typed writable)
                // may be written to, as the default's array in Python.
                g.set_constant(a.readonly);
                g.set_alignment(16);
                g.set_linkage(inkwell::module::Linkage::Private);
                let itemsize = self.itemsize_of(&a.dtype)? as i64;
                let shape_v: Vec<IntValue<'ctx>> = shape.iter().map(|d| self.i64(*d)).collect();
                let mut strides = vec![0i64; shape.len()];
                let mut acc = itemsize;
                if fortran {
                    for d in 0..shape.len() {
                        strides[d] = acc;
                        acc *= shape[d].max(1);
                    }
                } else {
                    for d in (0..shape.len()).rev() {
                        strides[d] = acc;
                        acc *= shape[d].max(1);
                    }
                }
                let strides_v: Vec<IntValue<'ctx>> = strides.iter().map(|s| self.i64(*s)).collect();
                let null = self.ptr_t().const_null();
                self.make_array(a.ndim, null, null, self.i64(itemsize), g.as_pointer_value(), &shape_v, &strides_v)
            }
        }
    }

    pub(crate) fn constant(&self, c: &Constant, tt: &Type) -> R<BasicValueEnum<'ctx>> {
        // A datetime or timedelta constant of the module: its count.
        if let (Constant::Int(i), true) = (c, crate::datetime::is_datetime_like(tt)) {
            return Ok(self.i64(*i as i64).into());
        }
        let (v, t): (BasicValueEnum<'ctx>, Type) = match c {
            Constant::Int(i) => (self.i64(*i as i64).into(), Type::int64()),
            Constant::Bool(b) => (self.ctx.bool_type().const_int(*b as u64, false).into(), Type::boolean()),
            Constant::Float(f) => (self.ctx.f64_type().const_float(f.get()).into(), Type::float64()),
            Constant::Complex { real, imag } => {
                let f = self.ctx.f64_type();
                let st = types::number_type(self.ctx, NumericKind::Complex128).into_struct_type();
                (st.const_named_struct(&[f.const_float(real.get()).into(), f.const_float(imag.get()).into()]).into(), Type::complex128())
            }
            Constant::None => (self.ctx.const_struct(&[], false).into(), Type::NoneType),
            Constant::Ellipsis => (self.ctx.const_struct(&[], false).into(), Type::Ellipsis),
            Constant::Str(s) => (self.str_const(s).into(), Type::StringLiteral(std::sync::Arc::from(s.as_str()))),
            // `b"..."`: a read-only array of its bytes (Numba's `Bytes` constant).
            Constant::Bytes(b) => {
                let g = bytes_const(b);
                let bt = Type::Array(std::sync::Arc::new(numrs_types::ArrayType::buffer(numrs_types::BufferKind::Bytes, Layout::C, true)));
                (self.global_const(&g, &bt)?, bt)
            }
            other => return self.fail(format!("constant {other:?} is not supported by numrs build yet")),
        };
        self.cast(v, &t, tt)
    }

    /// A Numba operator (`operator.add`...) or builtin: resolve the signature its template
    /// chose from the final types, cast the operands to it, run the implementation, cast the
    /// result to the target's type.
    pub(crate) fn intrinsic(&mut self, key: &str, operands: &[VarId], target: &Type) -> R<BasicValueEnum<'ctx>> {
        let types: Vec<Type> = operands.iter().map(|v| self.ty(*v)).collect::<R<_>>()?;
        if matches!(key, "operator.matmul" | "operator.imatmul") && matches!(types.as_slice(), [Type::Array(_), Type::Array(_)]) {
            if let Some(v) = self.linalg_call("dot", operands, &[], target)? {
                return Ok(v);
            }
        }
        // Items of bytes arrays (Numba's `charseq.py`): compared by their bytes, trailing NULs
        // of an item not counted; `len` counts to the last nonzero byte.
        if matches!(key, "operator.eq" | "operator.ne") && types.iter().any(|t| matches!(t, Type::CharSeq(_))) && types.len() == 2 {
            let (pa, la) = self.bytes_view(operands[0], &types[0])?;
            let (pb, lb) = self.bytes_view(operands[1], &types[1])?;
            let same = self.bytes_equal(pa, la, pb, lb)?;
            let r = if key == "operator.ne" { self.b.build_not(same, "")? } else { same };
            return self.cast(r.into(), &Type::boolean(), target);
        }
        if let ("builtins.len", [Type::CharSeq(_)]) = (key, types.as_slice()) {
            let (_, n) = self.bytes_view(operands[0], &types[0])?;
            return self.cast(n.into(), &Type::int64(), target);
        }
        // Numba's `dtype_eq_impl`: whether the two dtypes are the same, a constant.
        if let ("operator.eq", [Type::DType(a), Type::DType(b)]) = (key, types.as_slice()) {
            let same = self.ctx.bool_type().const_int((a == b) as u64, false);
            return self.cast(same.into(), &Type::boolean(), target);
        }
        // An operator on a jitclass instance calls its dunder method (or Numba's fallback).
        if let Some(op) = numrs_types::jitclass_op(key, &types) {
            return self.jitclass_op(op, operands, &types, target);
        }
        let sig = match numrs_typing::resolve_call(key, &types, &[]) {
            Ok(Some(sig)) => sig,
            _ => {
                let shown = types.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(", ");
                return self.fail(format!("no signature of {key} for ({shown})"));
            }
        };
        self.apply(key, &sig, operands, &types, target)
    }

    fn apply(&mut self, key: &str, sig: &Signature, operands: &[VarId], types: &[Type], target: &Type) -> R<BasicValueEnum<'ctx>> {
        if sig.args.len() != operands.len() {
            return self.fail(format!("{key} with {} arguments is not supported by numrs build yet", operands.len()));
        }
        let mut vals = Vec::with_capacity(operands.len());
        for ((v, t), formal) in operands.iter().zip(types).zip(&sig.args) {
            // A literal string has a value (its static string) where a string is expected.
            let literal_str = matches!(t, Type::StringLiteral(_)) && !types::is_phantom(formal);
            if !literal_str && (types::is_phantom(formal) || types::is_phantom(t)) {
                vals.push(None);
                continue;
            }
            let x = self.load(*v)?;
            vals.push(Some(self.cast(x, t, formal)?));
        }
        self.apply_cast(key, sig, vals, target)
    }

    /// [`FnCx::apply`] of values (of the types of `sig`'s arguments, or none for phantom ones).
    pub(crate) fn apply_values(&mut self, key: &str, sig: &Signature, args: &[(BasicValueEnum<'ctx>, Type)], target: &Type) -> R<BasicValueEnum<'ctx>> {
        let mut vals = Vec::with_capacity(args.len());
        for ((x, t), formal) in args.iter().zip(&sig.args) {
            if types::is_phantom(formal) || types::is_phantom(t) {
                vals.push(None);
                continue;
            }
            vals.push(Some(self.cast(*x, t, formal)?));
        }
        self.apply_cast(key, sig, vals, target)
    }

    fn apply_cast(&mut self, key: &str, sig: &Signature, vals: Vec<Option<BasicValueEnum<'ctx>>>, target: &Type) -> R<BasicValueEnum<'ctx>> {
        if let Some((r, rt)) = crate::strings::apply(self, key, sig, &vals)? {
            let r = self.cast(r, &rt, &sig.return_type)?;
            return self.cast(r, &sig.return_type, target);
        }
        let imp = crate::dicts::lookup(key, sig).or_else(|| crate::lists::lookup(key, sig)).or_else(|| crate::ops::lookup(key, sig));
        let Some(imp) = imp.or_else(|| crate::optional::lookup(key, sig)) else {
            let shown = sig.args.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(", ");
            return self.fail(format!("{key}({shown}) is not supported by numrs build yet"));
        };
        self.current_math = key.strip_prefix("math.").map(str::to_string);
        let r = imp(self, sig, &vals)?;
        self.cast(r, &sig.return_type, target)
    }

    /// The complex conjugate of a number of type `t` (real numbers are their own).
    pub(crate) fn conj_value(&self, v: BasicValueEnum<'ctx>, t: &Type) -> R<BasicValueEnum<'ctx>> {
        match numeric(t) {
            Some(k) if k.is_complex() => {
                let sv = v.into_struct_value();
                let im = self.b.build_extract_value(sv, 1, "")?.into_float_value();
                let neg = self.b.build_float_neg(im, "")?;
                Ok(self.b.build_insert_value(sv, neg, 1, "")?.as_basic_value_enum())
            }
            _ => Ok(v),
        }
    }

    /// Runs the call `value` whose result is typed as a literal `tt` (its value needs no code)
    /// when it may do more than make it: a jit function returning a constant (Numba types
    /// `f(x)` as `Literal[int](0)` when `f` returns 0; it may raise or change its arguments),
    /// a first-class function or inner function, a jitclass method, `next()` of a generator
    /// yielding a literal (StopIteration when it is finished), a container's method (`s.pop()`
    /// of a `set(Literal[int](5))` still removes the item). Other calls typed as literals (of
    /// builtins and NumPy functions on constants) have no effect and are not run.
    fn literal_call(&mut self, value: &Value, tt: &Type) -> R<()> {
        let Value::Call { func, args, kws, vararg } = value else { return Ok(()) };
        let ft = self.ty(*func)?;
        match &ft {
            Type::Dispatcher(d) => {
                self.call_jit(d, None, args, *vararg, kws, tt)?;
                return Ok(());
            }
            Type::FunctionType(sig) if kws.is_empty() && vararg.is_none() => {
                self.call_function_value(*func, sig, args, tt)?;
                return Ok(());
            }
            Type::MakeFunction(..) if kws.is_empty() && vararg.is_none() => {
                self.lower_call(*func, args, tt)?;
                return Ok(());
            }
            _ => {}
        }
        if vararg.is_some() || self.jitclass_call(*func, args, None, kws, tt)?.is_some() {
            return Ok(());
        }
        if kws.is_empty() && matches!(&ft, Type::Function(k) if &**k == "builtins.next") {
            self.lower_call(*func, args, tt)?;
        }
        if let Type::BoundFunction(b) = &ft {
            let ut = tt.unliteral();
            let done = match b.1 {
                Type::Set { .. } | Type::DictType(_) => self.container_call(*func, args, kws, &ut)?.is_some(),
                Type::List { .. } | Type::ListType(_) => crate::lists::call(self, *func, args, kws, &ut)?.is_some(),
                _ => true,
            };
            if !done {
                return self.fail(format!("method {} is not supported by numrs build yet", b.0));
            }
        }
        Ok(())
    }

    /// `x.m(...)` of a method an `@overload_method` adds: its implementation for the receiver's
    /// and the arguments' types, called with the receiver first.
    fn overload_method_call(&mut self, func: VarId, args: &[VarId], vararg: Option<VarId>, kws: &[(String, VarId)], tt: &Type) -> R<Option<BasicValueEnum<'ctx>>> {
        let Type::BoundFunction(b) = self.ty(func)? else { return Ok(None) };
        let Some((name, id)) = numrs_types::overload_method_of_key(&b.0) else { return Ok(None) };
        let d = DispatcherRef { name: name.into(), id, file: None };
        let Some(Value::GetAttr { value: recv, .. }) = self.resolve_def(func) else {
            return self.fail(format!("the method of '{name}' called through a variable is not supported by numrs build yet"));
        };
        let recv = *recv;
        let receiver = (self.load(recv)?, self.ty(recv)?);
        self.call_jit(&d, Some(receiver), args, vararg, kws, tt).map(Some)
    }

    fn lower_call(&mut self, func: VarId, args: &[VarId], target: &Type) -> R<BasicValueEnum<'ctx>> {
        let ft = self.ty(func)?;
        let types: Vec<Type> = args.iter().map(|v| self.ty(*v)).collect::<R<_>>()?;
        match &ft {
            Type::Function(key) if &**key == "builtins.enumerate" => self.make_enumerate(args, target),
            Type::Function(key) if &**key == "numpy.ndindex" => self.make_ndindex(args, target),
            Type::Function(key) if &**key == "numpy.ndenumerate" => self.make_ndenumerate(args, target),
            Type::Function(key) if &**key == "numpy.nditer" => self.make_nditer(args, target),
            // The first `length` items of a 1-d array (Numba does not check the size; numrs
            // raises IndexError rather than read past the end).
            // `numba.get_num_threads()` (int32, as Numba's) and `numba.get_thread_id()`.
            Type::Function(key) if &**key == "numba.get_num_threads" && args.is_empty() => {
                let i64t = self.ctx.i64_type();
                let n = self.runtime_call(5, i64t.fn_type(&[], false), &[])?.into_int_value();
                let n = self.b.build_int_truncate(n, self.ctx.i32_type(), "")?;
                self.cast(n.into(), &Type::Number(NumericKind::Int32), target)
            }
            // `numba.set_num_threads(n)`: the runtime keeps it for this thread, refusing a
            // number out of range (Numba's `snt_check`).
            Type::Function(key) if &**key == "numba.set_num_threads" && args.len() == 1 => {
                let i64t = self.ctx.i64_type();
                let n = self.int_arg(args[0])?;
                let r = self.runtime_call(crate::dicts::API_SET_NUM_THREADS, i64t.fn_type(&[i64t.into()], false), &[n.into()])?.into_int_value();
                let refused = self.b.build_int_compare(inkwell::IntPredicate::NE, r, self.i64(0), "")?;
                self.guard(refused, numrs_abi::ExcKind::ValueError, "The number of threads must be between 1 and NUMBA_NUM_THREADS")?;
                Ok(self.vt(target)?.const_zero())
            }
            Type::Function(key) if (&**key == "numba.get_parallel_chunksize" && args.is_empty()) || (&**key == "numba.set_parallel_chunksize" && args.len() == 1) => {
                let i64t = self.ctx.i64_type();
                let (set, n) = match args.first() {
                    Some(a) => {
                        let n = self.int_arg(*a)?;
                        let neg = self.b.build_int_compare(inkwell::IntPredicate::SLT, n, self.i64(0), "")?;
                        self.guard(neg, numrs_abi::ExcKind::ValueError, "chunksize must be greater than or equal to zero")?;
                        (self.i64(1), n)
                    }
                    None => (self.i64(0), self.i64(0)),
                };
                let old = self.runtime_call(crate::dicts::API_PARALLEL_CHUNKSIZE, i64t.fn_type(&[i64t.into(), i64t.into()], false), &[set.into(), n.into()])?.into_int_value();
                let old = self.b.build_int_truncate(old, self.ctx.i32_type(), "")?;
                self.cast(old.into(), &Type::Number(NumericKind::UInt32), target)
            }
            Type::Function(key) if &**key == "numba.get_thread_id" && args.is_empty() => {
                let id = self.thread_index.unwrap_or_else(|| self.i64(0));
                self.cast(id.into(), &Type::int64(), target)
            }
            Type::Function(key) if &**key == "numba.to_fixed_tuple" && args.len() == 2 => {
                let (Type::Array(a), Type::UniTuple(_, n)) = (&types[0], target) else {
                    return self.fail(format!("to_fixed_tuple of {} giving {target}", types[0]));
                };
                let arr = self.load(args[0])?;
                let size = self.field(arr, 2)?.into_int_value();
                let short = self.b.build_int_compare(inkwell::IntPredicate::SLT, size, self.i64(*n as i64), "")?;
                self.guard(short, numrs_abi::ExcKind::IndexError, "to_fixed_tuple: the array is shorter than the tuple")?;
                let tt = self.vt(target)?.into_struct_type();
                let mut out = tt.get_undef();
                for k in 0..*n {
                    let p = self.flat_ptr(arr, a, self.i64(k as i64))?;
                    let x = self.load_element(p, &a.dtype)?;
                    out = self.b.build_insert_value(out, x, k, "")?.into_struct_value();
                }
                Ok(out.into())
            }
            // The container itself (its items' literal types dropped).
            Type::Function(key) if &**key == "numba.literal_unroll" && args.len() == 1 => {
                let v = self.load(args[0])?;
                self.cast(v, &types[0], target)
            }
            // `getattr(x, "name", default)`: the attribute when it resolves on `x`'s type, else
            // the default.
            Type::Function(key) if &**key == "builtins.getattr" && args.len() == 3 => {
                let Type::StringLiteral(name) = self.ty(args[1])? else { return self.fail("getattr with a name that is not a constant") };
                let ot = self.ty(args[0])?;
                if numrs_typing::resolve_getattr(&ot, &name).is_some() {
                    self.getattr(args[0], &name, target)
                } else {
                    let dt = self.ty(args[2])?;
                    let v = self.load(args[2])?;
                    self.cast(v, &dt, target)
                }
            }
            Type::Function(key) => self.intrinsic(key, args, target),
            Type::NumberClass(t) => {
                let key = format!("class.{t}");
                match numrs_typing::resolve_call(&key, &types, &[]) {
                    Ok(Some(sig)) => self.apply("class.number", &sig, args, &types, target),
                    _ => self.fail(format!("calling {ft} with these arguments is not supported by numrs build yet")),
                }
            }
            Type::BoundFunction(b) if &*b.0 == "number.item" && args.is_empty() => {
                // `x.item()` of a number: the number.
                let Some(Value::GetAttr { value: recv, .. }) = self.resolve_def(func) else {
                    return self.fail("method item of an unknown receiver");
                };
                let recv = *recv;
                let rt = self.ty(recv)?;
                let v = self.load(recv)?;
                self.cast(v, &rt, target)
            }
            Type::BoundFunction(b) if &*b.0 == "object.__hash__" && args.is_empty() => {
                // `x.__hash__()`: `hash(x)`.
                let Some(Value::GetAttr { value: recv, .. }) = self.resolve_def(func) else {
                    return self.fail("method __hash__ of an unknown receiver");
                };
                let recv = *recv;
                let rt = self.ty(recv)?;
                let sig = numrs_types::Signature::new(Type::int64(), vec![rt.clone()]);
                let h = self.apply("builtins.hash", &sig, &[recv], &[rt], &Type::int64())?;
                self.cast(h, &Type::int64(), target)
            }
            Type::BoundFunction(b) if &*b.0 == "slice.indices" && args.len() == 1 => {
                let Some(Value::GetAttr { value: recv, .. }) = self.resolve_def(func) else {
                    return self.fail("method indices of an unknown receiver");
                };
                let sv = self.load(*recv)?.into_struct_value();
                let (nt, nv) = (self.ty(args[0])?, self.load(args[0])?);
                let n = self.cast(nv, &nt, &Type::int64())?.into_int_value();
                self.slice_indices(sv, n, target)
            }
            Type::BoundFunction(b) if &*b.0 == "number.conjugate" && args.is_empty() => {
                // `z.conjugate()`: the receiver with its imaginary part negated (reals: itself).
                let Some(Value::GetAttr { value: recv, .. }) = self.resolve_def(func) else {
                    return self.fail("method conjugate of an unknown receiver");
                };
                let recv = *recv;
                let rt = self.ty(recv)?;
                let v = self.load(recv)?;
                let v = self.conj_value(v, &rt)?;
                self.cast(v, &rt, target)
            }
            Type::BoundFunction(b) if &*b.0 == "tuple.index" && args.len() == 1 => {
                let Some(Value::GetAttr { value: recv, .. }) = self.resolve_def(func) else {
                    return self.fail("method index of an unknown receiver");
                };
                let recv = *recv;
                let (rt, xt) = (self.ty(recv)?, self.ty(args[0])?);
                let (t, x) = (self.load(recv)?, self.load(args[0])?);
                crate::tuples::index(self, t, &rt, x, &xt, target)
            }
            // A `LiteralList` is the tuple of its items here: `copy()` is that tuple, `count(x)`
            // compares each item with `x`.
            Type::BoundFunction(b) if matches!(&*b.0, "literallist.count" | "literallist.copy") => {
                let Some(Value::GetAttr { value: recv, .. }) = self.resolve_def(func) else {
                    return self.fail(format!("method {} of an unknown receiver", b.0));
                };
                let recv = *recv;
                let rt = self.ty(recv)?;
                let t = self.load(recv)?;
                if &*b.0 == "literallist.copy" {
                    return self.cast(t, &rt, target);
                }
                let Some(&x) = args.first() else { return self.fail("count() without an argument") };
                let (xt, xv) = (self.ty(x)?, self.load(x)?);
                crate::tuples::count(self, t, &rt, xv, &xt, target)
            }
            // A `LiteralStrKey[Dict]` is the tuple of its values here: `values()` and `copy()`
            // are that tuple, `items()` pairs each value with its key.
            // `keys()`: Numba's `literalstrkeydict_impl_keys` makes a typed dict of the keys
            // (each to 0) and returns its keys view.
            Type::BoundFunction(b) if &*b.0 == "literaldict.keys" && args.is_empty() => {
                let Some(Value::GetAttr { value: recv, .. }) = self.resolve_def(func) else {
                    return self.fail(format!("method {} of an unknown receiver", b.0));
                };
                let Some(keys) = self.literal_dicts.get(recv).cloned() else { return self.fail("keys() of an unknown literal dict") };
                self.literal_dict_keys(&keys, target)
            }
            Type::BoundFunction(b) if matches!(&*b.0, "literaldict.values" | "literaldict.copy" | "literaldict.items") && args.is_empty() => {
                let Some(Value::GetAttr { value: recv, .. }) = self.resolve_def(func) else {
                    return self.fail(format!("method {} of an unknown receiver", b.0));
                };
                let recv = *recv;
                let rt = self.ty(recv)?;
                let v = self.load(recv)?;
                if &*b.0 != "literaldict.items" {
                    return self.cast(v, &rt, target);
                }
                let (Some(keys), Some(values), Some(pairs)) = (self.literal_dicts.get(&recv).cloned(), rt.tuple_items(), target.tuple_items()) else {
                    return self.fail(format!("items() of {rt} producing {target}"));
                };
                let st = self.vt(target)?.into_struct_type();
                let mut agg: inkwell::values::AggregateValueEnum = st.get_undef().into();
                for (i, ((key, vt), pt)) in keys.iter().zip(&values).zip(&pairs).enumerate() {
                    let Some(pair_items) = pt.tuple_items() else { return self.fail(format!("items() pair {pt}")) };
                    let k = self.constant(&Constant::Str(key.to_string()), &pair_items[0])?;
                    let x = self.b.build_extract_value(v.into_struct_value(), i as u32, "")?;
                    let x = self.cast(x, vt, &pair_items[1])?;
                    let pst = self.vt(pt)?.into_struct_type();
                    let mut pair: inkwell::values::AggregateValueEnum = pst.get_undef().into();
                    pair = self.b.build_insert_value(pair, k, 0, "")?;
                    pair = self.b.build_insert_value(pair, x, 1, "")?;
                    agg = self.b.build_insert_value(agg, pair.as_basic_value_enum(), i as u32, "")?;
                }
                Ok(agg.as_basic_value_enum())
            }
            Type::BoundFunction(b) => self.fail(format!("method {} is not supported by numrs build yet", b.0)),
            Type::MakeFunction(idx, _) => self.call_closure(*idx, args, &types, target),
            Type::ExceptionClass(_) => self.fail("exception instances are only supported in raise statements"),
            other => self.fail(format!("calling a value of type {other} is not supported by numrs build yet")),
        }
    }

    /// A call of jit function `d` with `receiver` (a jitclass method's instance) before the
    /// arguments.
    pub(crate) fn call_jit(
        &mut self,
        d: &DispatcherRef,
        receiver: Option<(BasicValueEnum<'ctx>, Type)>,
        args: &[VarId],
        vararg: Option<VarId>,
        kws: &[(String, VarId)],
        target: &Type,
    ) -> R<BasicValueEnum<'ctx>> {
        // The call's positional arguments, a `*tuple` argument's items included: variables
        // are loaded only where the callee takes a run-time value (a dispatcher passed as an
        // argument has none).
        let mut pos: Vec<(Result<BasicValueEnum<'ctx>, VarId>, Type)> = Vec::new();
        if let Some((v, t)) = receiver {
            pos.push((Ok(v), t));
        }
        for v in args {
            pos.push((Err(*v), self.call_type(*v)?));
        }
        if let Some(t) = vararg {
            let tt = self.ty(t)?;
            let Some(items) = tt.tuple_items() else { return self.fail(format!("*{tt} in a call")) };
            let tv = self.load(t)?.into_struct_value();
            for (i, it) in items.iter().enumerate() {
                pos.push((Ok(self.b.build_extract_value(tv, i as u32, "")?), it.clone()));
            }
        }
        self.call_jit_pos(d, pos, args, vararg, kws, target)
    }

    /// A call of jit function `d` with values computed here (`a.__lt__(b)` of instances a sort
    /// or a heap compares): `receiver` first, then `values`.
    pub(crate) fn call_jit_values(
        &mut self,
        d: &DispatcherRef,
        receiver: (BasicValueEnum<'ctx>, Type),
        values: &[(BasicValueEnum<'ctx>, Type)],
        target: &Type,
    ) -> R<BasicValueEnum<'ctx>> {
        let mut pos: Vec<(Result<BasicValueEnum<'ctx>, VarId>, Type)> = vec![(Ok(receiver.0), receiver.1)];
        pos.extend(values.iter().map(|(v, t)| (Ok(*v), t.clone())));
        self.call_jit_pos(d, pos, &[], None, &[], target)
    }

    /// [`Self::call_jit`] with its positional arguments (`args`, the variables among them, for
    /// the ufunc and gufunc kernels that read them again).
    fn call_jit_pos(
        &mut self,
        d: &DispatcherRef,
        pos: Vec<(Result<BasicValueEnum<'ctx>, VarId>, Type)>,
        args: &[VarId],
        vararg: Option<VarId>,
        kws: &[(String, VarId)],
        target: &Type,
    ) -> R<BasicValueEnum<'ctx>> {
        let value = |cx: &Self, p: &Result<BasicValueEnum<'ctx>, VarId>| match p {
            Ok(x) => Ok(*x),
            Err(v) => cx.load(*v),
        };
        let types: Vec<Type> = pos.iter().map(|(_, t)| t.clone()).collect();
        // A stencil's `out=` array is not an argument of its kernel; another function's `out`
        // parameter is an argument like any other.
        let all_kw_types: Vec<(String, Type)> = kws.iter().map(|(k, v)| Ok((k.clone(), self.call_type(*v)?))).collect::<R<_>>()?;
        let plain = match kws.iter().any(|(k, _)| k == "out") {
            true => (self.callees)(d, &types, &all_kw_types).ok().filter(|c| c.stencil.is_none()),
            false => None,
        };
        let out_kw = if plain.is_some() { None } else { kws.iter().find(|(k, _)| k == "out").map(|(_, v)| *v) };
        let kws: Vec<(String, VarId)> = kws.iter().filter(|(k, _)| !(k == "out" && out_kw.is_some())).cloned().collect();
        let kws = &kws[..];
        let kw_types: Vec<(String, Type)> = kws.iter().map(|(k, v)| Ok((k.clone(), self.call_type(*v)?))).collect::<R<_>>()?;
        let callee = match plain {
            Some(c) => c,
            None => (self.callees)(d, &types, &kw_types).map_err(|m| CgError { span: self.span, message: m })?,
        };
        if out_kw.is_some() && callee.stencil.is_none() {
            return self.fail(format!("the keyword argument 'out' of '{}' is not supported by numrs build yet", d.name));
        }
        self.called.push(callee.index);
        if callee.ufunc {
            if vararg.is_some() {
                return self.fail(format!("ufunc '{}' called with *args", d.name));
            }
            return self.call_ufunc_kernel(&callee, args, target);
        }
        if let Some(cores) = &callee.gufunc_cores {
            if vararg.is_some() {
                return self.fail(format!("generalized ufunc '{}' called with *args", d.name));
            }
            let looped = args.iter().zip(&cores.1).any(|(v, core)| self.ty(*v).ok().and_then(|t| t.as_array().map(|a| a.ndim as usize > core.len())).unwrap_or(false));
            if looped {
                self.lower_gufunc_loop(&callee, cores, args)?;
            } else {
                // One run on the operands themselves; as in the loop, an exception the kernel
                // raises is dropped (Numba's gufunc kernel ignores the status).
                let vals: Vec<(BasicValueEnum<'ctx>, Type)> = args.iter().map(|v| Ok((self.load(*v)?, self.ty(*v)?))).collect::<R<_>>()?;
                self.ufunc_kernel_elem(callee.function, &callee.args, &vals)?;
            }
            return Ok(self.vt(target)?.const_zero());
        }
        if let Some(st) = callee.stencil.clone() {
            if vararg.is_some() || !kws.is_empty() {
                return self.fail(format!("applying the stencil '{}' with keyword or * arguments is not supported by numrs build yet", d.name));
            }
            let vals: Vec<(BasicValueEnum<'ctx>, Type)> = pos.iter().map(|(p, t)| Ok((value(self, p)?, t.clone()))).collect::<R<_>>()?;
            let out = match out_kw {
                Some(o) => Some((self.load(o)?, self.ty(o)?)),
                None => None,
            };
            return self.apply_stencil(&d.name, &callee, &st, &vals, out, target);
        }
        if callee.args.len() != callee.sources.len() {
            return self.fail(format!("call of '{}' with {} arguments for {} parameters", d.name, callee.sources.len(), callee.args.len()));
        }
        let mut vals: Vec<inkwell::values::BasicMetadataValueEnum> = Vec::new();
        let ret_repr = types::repr(self.ctx, &callee.return_type).map_err(|m| CgError { span: self.span, message: m })?;
        // A callee returning a value with none at run time (a string literal): called for what
        // it does, where the caller needs no value either.
        if let (Repr::Phantom, false) = (ret_repr, types::is_phantom(target)) {
            return self.fail(format!("'{}' returns {}, not supported", d.name, callee.return_type));
        }
        vals.push(self.exc_ptr.into());
        for (source, formal) in callee.sources.iter().zip(&callee.args) {
            if types::is_phantom(formal) {
                continue;
            }
            let (x, t) = match source {
                ArgSource::Positional(j) => (value(self, &pos[*j].0)?, pos[*j].1.clone()),
                ArgSource::Keyword(j) => (self.load(kws[*j].1)?, kw_types[*j].1.clone()),
                ArgSource::Default(repr) => (self.default_value(repr, formal)?, formal.clone()),
                ArgSource::Star(idx) => {
                    let Some(titems) = formal.tuple_items() else { return self.fail(format!("*args of type {formal}")) };
                    let st = self.vt(formal)?.into_struct_type();
                    let mut agg: inkwell::values::AggregateValueEnum = st.get_undef().into();
                    for (k, (j, it)) in idx.iter().zip(&titems).enumerate() {
                        let x = self.cast(value(self, &pos[*j].0)?, &pos[*j].1, it)?;
                        agg = self.b.build_insert_value(agg, x, k as u32, "")?;
                    }
                    (agg.as_basic_value_enum(), formal.clone())
                }
            };
            vals.push(self.cast(x, &types::enum_values(&t), &types::enum_values(formal))?.into());
        }
        if let Type::Generator(g) = &callee.return_type {
            return self.make_generator(callee.function, &callee.args, &g.yield_type, &vals[1..]);
        }
        let r = if callee.drops_exceptions {
            // A `@cfunc`'s C wrapper: Numba writes the exception out as unraisable.
            let v = self.call_dropping_as(callee.function, &mut vals, Some(&d.name))?;
            self.cast(v, &types::enum_values(&callee.return_type), target)?
        } else {
            self.call_internal(&callee, &vals, target)?
        };
        // The callee's result is a new reference.
        self.fresh = true;
        Ok(r)
    }

    /// `kernel(a, ...)` of a `@stencil` kernel (Numba's `StencilFunc`): a new array shaped as
    /// the first argument, of the kernel's return type, zero (Numba's default `cval`) where
    /// the kernel's neighbourhood leaves the array, the kernel's value at every other point
    /// (C order).
    fn apply_stencil(
        &mut self,
        name: &str,
        callee: &Callee<'ctx>,
        st: &crate::Stencil,
        args: &[(BasicValueEnum<'ctx>, Type)],
        out_arg: Option<(BasicValueEnum<'ctx>, Type)>,
        target: &Type,
    ) -> R<BasicValueEnum<'ctx>> {
        if st.neighborhood.len() != st.ndim as usize || st.ndim == 0 {
            return self.fail(format!("the stencil '{name}' reads its arrays at computed relative indices, which numrs build does not support yet"));
        }
        let Some((first, Type::Array(fa))) = args.first().cloned() else { return self.fail(format!("the stencil '{name}' applied to no array")) };
        let Type::Array(ra) = target else { return self.fail(format!("the stencil '{name}' giving {target}")) };
        let ra = (**ra).clone();
        let shape = self.dims(first, 5, fa.ndim)?;
        // Into `out=` (any layout, its own dtype), or a new C array of the kernel's type.
        let (out, out_a, given) = match &out_arg {
            Some((o, Type::Array(oa))) => (*o, (**oa).clone(), true),
            Some((_, t)) => return self.fail(format!("the stencil '{name}' with out of type {t}")),
            None => (self.alloc_array(&ra.dtype, &shape)?, ArrayType::new(ra.dtype.clone(), ra.ndim, Layout::C, false), false),
        };
        let n = self.field(out, 2)?.into_int_value();
        // `cval` (0 by default) cast to the stored type, as Numba fills the border. A given
        // `out=` is filled only with a `cval` the decorator sets (else its border is left).
        let dt = out_a.dtype.clone();
        let fill = match &st.cval {
            Some(c) => Some(self.constant(c, &ra.dtype)?),
            None if given => None,
            None => Some(self.vt(&ra.dtype)?.const_zero()),
        };
        if let Some(fill) = fill {
            let fill = self.cast(fill, &ra.dtype, &dt)?;
            self.counted_loop(n, |cx, i| {
                let p = cx.flat_ptr(out, &out_a, i)?;
                cx.store_element(p, fill, &dt, &dt)
            })?;
        }
        // The points whose neighbourhood is inside: `-lo <= i < n - hi` per dimension.
        let mut ranges = Vec::new();
        for (d, (lo, hi)) in st.neighborhood.iter().enumerate() {
            let start = self.i64(-lo);
            let stop = self.b.build_int_sub(shape[d], self.i64(*hi), "")?;
            let len = self.b.build_int_sub(stop, start, "")?;
            let neg = self.b.build_int_compare(IntPredicate::SLT, len, self.i64(0), "")?;
            let len = self.b.build_select(neg, self.i64(0), len, "")?.into_int_value();
            ranges.push((start, len));
        }
        self.stencil_loops(callee, args, &ranges, &mut Vec::new(), out, &out_a)?;
        // A new array, or the caller's `out` (a borrowed reference).
        self.fresh = !given;
        self.cast(out, &Type::Array(std::sync::Arc::new(out_a)), target)
    }

    fn stencil_loops(
        &mut self,
        callee: &Callee<'ctx>,
        args: &[(BasicValueEnum<'ctx>, Type)],
        ranges: &[(IntValue<'ctx>, IntValue<'ctx>)],
        point: &mut Vec<IntValue<'ctx>>,
        out: BasicValueEnum<'ctx>,
        out_a: &ArrayType,
    ) -> R<()> {
        let d = point.len();
        if d == ranges.len() {
            let mut vals: Vec<(BasicValueEnum<'ctx>, Type)> = args.to_vec();
            vals.extend(point.iter().map(|p| ((*p).into(), Type::int64())));
            let x = self.call_callee_values(callee, &vals, &out_a.dtype)?;
            let idx: Vec<(BasicValueEnum<'ctx>, Type)> = point.iter().map(|p| ((*p).into(), Type::int64())).collect();
            let p = self.element_ptr_in(out, out_a.ndim, &idx, self.contiguous_elem(out_a))?;
            return self.store_element(p, x, &out_a.dtype, &out_a.dtype);
        }
        let (start, len) = ranges[d];
        self.counted_loop(len, |cx, k| {
            let i = cx.b.build_int_add(start, k, "")?;
            point.push(i);
            let r = cx.stencil_loops(callee, args, ranges, point, out, out_a);
            point.pop();
            r
        })
    }

    /// Call `callee`'s internal function with `vals` (the exception pointer first, then the
    /// arguments as its parameters take them): its status checked (an exception propagates),
    /// its result cast to `target`.
    fn call_internal(&mut self, callee: &Callee<'ctx>, vals: &[inkwell::values::BasicMetadataValueEnum<'ctx>], target: &Type) -> R<BasicValueEnum<'ctx>> {
        let res = self.b.build_call(callee.function, vals, "res")?;
        let res = match res.try_as_basic_value() {
            inkwell::values::ValueKind::Basic(v) => v.into_struct_value(),
            _ => return self.fail("internal error: callee returns void"),
        };
        // Named so that `module` can fold it when the callee never fails.
        let status = self.b.build_extract_value(res, 0, "numrs.status")?.into_int_value();
        self.call_status.push((callee.index, status));
        self.check_status(status)?;
        let r = self.b.build_extract_value(res, 1, "")?;
        if types::is_phantom(&callee.return_type) && types::is_phantom(target) {
            return Ok(r);
        }
        // An enum member returned is its value here.
        self.cast(r, &types::enum_values(&callee.return_type), target)
    }

    /// A call argument's type as typing gave it (enum members as such, not their values).
    fn call_type(&self, v: VarId) -> R<Type> {
        match self.enum_types.get(&v) {
            Some(t) => Ok(t.clone()),
            None => self.ty(v),
        }
    }

    /// A call of a jit function's specialization `callee` with argument values (cast to its
    /// parameters), its status checked (an exception propagates); the result cast to `target`.
    pub(crate) fn call_callee_values(&mut self, callee: &Callee<'ctx>, args: &[(BasicValueEnum<'ctx>, Type)], target: &Type) -> R<BasicValueEnum<'ctx>> {
        let mut vals: Vec<inkwell::values::BasicMetadataValueEnum> = vec![self.exc_ptr.into()];
        for ((v, t), formal) in args.iter().zip(&callee.args) {
            if types::is_phantom(formal) {
                continue;
            }
            vals.push(self.cast(*v, t, formal)?.into());
        }
        self.call_internal(callee, &vals, target)
    }

    /// A parameter's default (Python literal source) as a value of its type (phantom types,
    /// literal integers among them, take no value).
    fn default_value(&self, repr: &str, formal: &Type) -> R<BasicValueEnum<'ctx>> {
        let bad = || self.fail(format!("passing the default value {repr} as {formal} is not supported by numrs build yet"));
        // A jit function: a dispatcher, which has no run-time value.
        if repr.starts_with(numrs_abi::GLOBAL_DEFAULT) && types::is_phantom(formal) {
            return Ok(self.vt(formal)?.const_zero());
        }
        if let Some(key) = repr.strip_prefix(numrs_abi::ARRAY_DEFAULT) {
            let name = Type::Omitted(key.into()).to_string();
            return match self.globals.iter().find(|(n, _)| *n == name) {
                Some((_, c)) => self.global_const(c, formal),
                None => self.fail(format!("the array default {key} is not available to numrs build")),
            };
        }
        // An enum member: its value, which is what the member is in compiled code.
        if let Some(v) = enum_default_value(repr) {
            return self.default_value(v, formal);
        }
        // NumPy scalars, complex numbers and tuples: as the constants they print as.
        if let Some(v) = numrs_types::PyRepr::parse(repr).filter(|v| matches!(v, numrs_types::PyRepr::NpScalar(..) | numrs_types::PyRepr::Complex(..) | numrs_types::PyRepr::Tuple(_) | numrs_types::PyRepr::Bytes(_))) {
            return match py_repr_const(&v) {
                Some(c) => self.global_const(&c, formal),
                None => bad(),
            };
        }
        match (self.vt(formal)?, repr) {
            (_, "None") if matches!(formal, Type::NoneType) => Ok(self.vt(formal)?.const_zero()),
            (BasicTypeEnum::IntType(it), "True" | "False") => Ok(it.const_int(u64::from(repr == "True"), false).into()),
            (BasicTypeEnum::IntType(it), _) => match repr.parse::<i64>() {
                Ok(x) => Ok(it.const_int(x as u64, true).into()),
                Err(_) => bad(),
            },
            (BasicTypeEnum::FloatType(ft), _) => match repr.parse::<f64>() {
                Ok(x) => Ok(ft.const_float(x).into()),
                Err(_) => bad(),
            },
            _ => bad(),
        }
    }

    // ----- casts and truth -----

    /// Numba's `context.cast(val, from, to)`.
    pub fn cast(&self, v: BasicValueEnum<'ctx>, from: &Type, to: &Type) -> R<BasicValueEnum<'ctx>> {
        if from == to {
            return Ok(v);
        }
        // A jit function where a function type is expected (Numba's `Dispatcher.can_convert_to`):
        // the address of the wrapper of its specialization for that signature.
        if let (Type::Dispatcher(d), Type::FunctionType(sig)) = (from, to) {
            return self.function_pointer(d, sig);
        }
        // A `deferred_type()` is lowered as the type it is defined as.
        if from.holds_jitclass_instance() || to.holds_jitclass_instance() {
            let (f, t) = (from.without_deferred(), to.without_deferred());
            if f != *from || t != *to {
                return self.cast(v, &f, &t);
            }
        }
        // Enum members are their values here (types inside iterators may still name them).
        if matches!(from, Type::EnumMember(_)) || matches!(to, Type::EnumMember(_)) {
            return self.cast(v, &types::enum_values(from), &types::enum_values(to));
        }
        // A range of one integer type as one of another (unified ranges): each field converted.
        if let (Type::Range(a), Type::Range(b)) = (from, to) {
            let (fa, fb) = (a.yield_type(), b.yield_type());
            let st = self.vt(to)?.into_struct_type();
            let mut agg = st.get_undef();
            for i in 0..3 {
                let x = self.b.build_extract_value(v.into_struct_value(), i, "")?;
                let x = self.cast(x, &fa, &fb)?;
                agg = self.b.build_insert_value(agg, x, i, "")?.into_struct_value();
            }
            return Ok(agg.into());
        }
        if let (Type::DictType(a), Type::DictType(b)) = (from, to) {
            if a.0 == b.0 && a.1 == b.1 {
                // Only the display's initial value differs: the same dict.
                return Ok(v);
            }
        }
        if let (Some(fk), Some(tk)) = (numeric(from), numeric(to)) {
            return self.cast_number(v, fk, tk);
        }
        if matches!(from, Type::Optional(_)) || matches!(to, Type::Optional(_)) {
            return crate::optional::cast(self, v, from, to);
        }
        if let Some(r) = crate::lists::cast(self, v, from, to) {
            return r;
        }
        match (from, to) {
            // An item of a unicode array is held as the string it spells.
            (Type::UnicodeCharSeq(_), Type::Unicode | Type::UnicodeCharSeq(_)) | (Type::Unicode, Type::UnicodeCharSeq(_)) => return Ok(v),
            // A literal string is its static string.
            (Type::StringLiteral(_), Type::Unicode) => Ok(v),
            // A string typing knows the value of (Numba's `str` of a value it cannot format,
            // `Literal[str](<object type:float64>)`): that static string.
            (Type::Unicode, Type::StringLiteral(s)) => Ok(self.str_const(s).into()),
            // A set display of one literal (`set(Literal[int](100))`) holds the plain values.
            (Type::Set { dtype: a, reflected: ra }, Type::Set { dtype: b, reflected: rb }) if a.unliteral() == b.unliteral() && ra == rb => Ok(v),
            // Lists differing only in the literal items they were built from are the same value.
            (Type::List { dtype: a, reflected: ra, .. }, Type::List { dtype: b, reflected: rb, .. }) if a == b && ra == rb => Ok(v),
            (_, Type::IntegerLiteral(_)) | (_, Type::BooleanLiteral(_)) => {
                // A value is only "cast" to a literal type where both are the same literal.
                self.fail(format!("cannot convert {from} to {to}"))
            }
            (f, t) if f.tuple_items().is_some() && t.tuple_items().is_some() => {
                let fi = f.tuple_items().unwrap_or_default();
                let ti = t.tuple_items().unwrap_or_default();
                if fi.len() != ti.len() {
                    return self.fail(format!("cannot convert {from} to {to}"));
                }
                let st = self.vt(to)?.into_struct_type();
                let mut agg: inkwell::values::AggregateValueEnum = st.get_undef().into();
                let sv = v.into_struct_value();
                for (i, (a, b)) in fi.iter().zip(&ti).enumerate() {
                    let x = self.b.build_extract_value(sv, i as u32, "")?;
                    let x = self.cast(x, a, b)?;
                    agg = self.b.build_insert_value(agg, x, i as u32, "")?;
                }
                Ok(agg.as_basic_value_enum())
            }
            (Type::Array(a), Type::Array(b)) if a.ndim == b.ndim && a.dtype == b.dtype => Ok(v),
            (Type::NoneType, Type::NoneType) => Ok(v),
            // `a.ctypes` passed as a pointer is its data pointer.
            (Type::ArrayCTypes(_), Type::CPointer(_) | Type::VoidPtr) => Ok(v),
            _ => self.fail(format!("converting {from} to {to} is not supported by numrs build yet")),
        }
    }

    /// A float64 to integer conversion with the x86-64 result for values out of range (which
    /// LLVM's `fptosi`/`fptoui` leave undefined and may fold away): what Numba's compiled code
    /// computes on this machine. Narrow types convert through 32 bits (`cvttsd2si`, giving
    /// `0x80000000` out of range) and truncate; 32-bit unsigned through 64 bits; unsigned
    /// 64-bit values of 2**63 and above subtract it first and set the top bit again.
    pub fn float_to_int_x86(&self, f: FloatValue<'ctx>, tk: NumericKind) -> R<IntValue<'ctx>> {
        let b = &self.b;
        let ft = self.ctx.f64_type();
        let tt = types::number_type(self.ctx, tk).into_int_type();
        // `cvttsd2si` into `bits` bits: the minimum for NaN and anything out of range.
        let cvt = |x: FloatValue<'ctx>, bits: u32| -> R<IntValue<'ctx>> {
            let it = if bits == 64 { self.ctx.i64_type() } else { self.ctx.i32_type() };
            let lim = 2f64.powi(bits as i32 - 1);
            let lo = b.build_float_compare(FloatPredicate::OGE, x, ft.const_float(-lim), "")?;
            let hi = b.build_float_compare(FloatPredicate::OLT, x, ft.const_float(lim), "")?;
            let ok = b.build_and(lo, hi, "")?;
            let safe = b.build_select(ok, x, ft.const_zero(), "")?.into_float_value();
            let v = b.build_float_to_signed_int(safe, it, "")?;
            Ok(b.build_select(ok, v, it.const_int(1u64 << (bits - 1), false), "")?.into_int_value())
        };
        let bits = tk.bitwidth();
        let r = match (tk.is_signed_int(), bits) {
            (true, 64) => cvt(f, 64)?,
            (false, 64) => {
                let top = ft.const_float(2f64.powi(63));
                let big = b.build_float_compare(FloatPredicate::OGE, f, top, "")?;
                let low = cvt(f, 64)?;
                let high = cvt(b.build_float_sub(f, top, "")?, 64)?;
                let high = b.build_xor(high, self.ctx.i64_type().const_int(1u64 << 63, false), "")?;
                b.build_select(big, high, low, "")?.into_int_value()
            }
            (false, 32) => b.build_int_truncate(cvt(f, 64)?, tt, "")?,
            (_, 32) => cvt(f, 32)?,
            _ => b.build_int_truncate(cvt(f, 32)?, tt, "")?,
        };
        Ok(r)
    }

    pub fn cast_number(&self, v: BasicValueEnum<'ctx>, fk: NumericKind, tk: NumericKind) -> R<BasicValueEnum<'ctx>> {
        use NumericKind::*;
        if fk == tk {
            return Ok(v);
        }
        let tt = types::number_type(self.ctx, tk);
        let b = &self.b;
        if tk.is_complex() {
            let part = tk.underlying_float();
            let (re, im) = if fk.is_complex() {
                let sv = v.into_struct_value();
                let re = b.build_extract_value(sv, 0, "")?;
                let im = b.build_extract_value(sv, 1, "")?;
                (self.cast_number(re, fk.underlying_float(), part)?, self.cast_number(im, fk.underlying_float(), part)?)
            } else {
                let re = self.cast_number(v, fk, part)?;
                let zero = types::number_type(self.ctx, part).into_float_type().const_zero();
                (re, zero.into())
            };
            return Ok(self.complex(tk, re, im)?);
        }
        // Numba's casts of complex numbers: to complex, and to bool (their truth).
        if tk == Boolean {
            return Ok(self.truth_number(v, fk)?.into());
        }
        if fk.is_complex() {
            return self.fail(format!("cannot convert {} to {}", fk.name(), tk.name()));
        }
        let r: BasicValueEnum = if fk == Boolean || fk.is_integer() {
            let iv = v.into_int_value();
            let signed = fk.is_signed_int();
            if tk.is_integer() {
                b.build_int_cast_sign_flag(iv, tt.into_int_type(), signed, "")?.into()
            } else if signed {
                b.build_signed_int_to_float(iv, tt.into_float_type(), "")?.into()
            } else {
                b.build_unsigned_int_to_float(iv, tt.into_float_type(), "")?.into()
            }
        } else {
            let fv = v.into_float_value();
            if tk.is_float() {
                if tk.bitwidth() > fk.bitwidth() {
                    b.build_float_ext(fv, tt.into_float_type(), "")?.into()
                } else {
                    b.build_float_trunc(fv, tt.into_float_type(), "")?.into()
                }
            } else {
                let iv = if tk.is_signed_int() {
                    b.build_float_to_signed_int(fv, tt.into_int_type(), "")?
                } else {
                    b.build_float_to_unsigned_int(fv, tt.into_int_type(), "")?
                };
                // Out of range (or NaN) the conversion is LLVM's poison: frozen, one fixed
                // value. At run time that is the machine's (as in Numba, `int(x)` of 1e20 is
                // INT64_MIN on x86); where the optimizer folds a constant, LLVM picks 0, as
                // Numba's does, instead of letting poison reach the result.
                use inkwell::values::AsValueRef;
                let frozen = unsafe { llvm_sys::core::LLVMBuildFreeze(b.as_mut_ptr(), iv.as_value_ref(), c"".as_ptr()) };
                unsafe { IntValue::new(frozen) }.into()
            }
        };
        Ok(r)
    }

    pub fn complex(&self, k: NumericKind, re: BasicValueEnum<'ctx>, im: BasicValueEnum<'ctx>) -> R<BasicValueEnum<'ctx>> {
        let st = types::number_type(self.ctx, k).into_struct_type();
        let agg = self.b.build_insert_value(st.get_undef(), re, 0, "")?;
        let agg = self.b.build_insert_value(agg, im, 1, "")?;
        Ok(agg.as_basic_value_enum())
    }

    pub fn truth_number(&self, v: BasicValueEnum<'ctx>, k: NumericKind) -> R<IntValue<'ctx>> {
        if k == NumericKind::Boolean {
            return Ok(v.into_int_value());
        }
        if k.is_integer() {
            let iv = v.into_int_value();
            return Ok(self.b.build_int_compare(IntPredicate::NE, iv, iv.get_type().const_zero(), "")?);
        }
        if k.is_float() {
            let fv = v.into_float_value();
            return Ok(self.b.build_float_compare(FloatPredicate::UNE, fv, fv.get_type().const_zero(), "")?);
        }
        let sv = v.into_struct_value();
        let re = self.b.build_extract_value(sv, 0, "")?;
        let im = self.b.build_extract_value(sv, 1, "")?;
        let a = self.truth_number(re, k.underlying_float())?;
        let c = self.truth_number(im, k.underlying_float())?;
        Ok(self.b.build_or(a, c, "")?)
    }

    /// `bool(v)`.
    /// The value of jit function `d` as a `FunctionType[sig]`: its specialization for the
    /// signature's arguments, called through its wrapper (`i32 (args, out, exc)`, as
    /// [`Self::call_function_value`] calls), which the module builds for every specialization
    /// whose wrapper is declared here.
    fn function_pointer(&self, d: &DispatcherRef, sig: &numrs_types::Signature) -> R<BasicValueEnum<'ctx>> {
        let callee = (self.callees)(d, &sig.args, &[]).map_err(|m| CgError { span: self.span, message: m })?;
        if callee.args != sig.args || callee.return_type != sig.return_type || callee.ufunc || callee.stencil.is_some() || callee.gufunc_cores.is_some() {
            return self.fail(format!("'{}' has no specialization of signature {sig} to use as a first-class function", d.name));
        }
        let name = format!("{}.wrapper", callee.function.get_name().to_string_lossy());
        let w = match self.module.get_function(&name) {
            Some(w) => w,
            None => {
                let ptr = self.ctx.ptr_type(AddressSpace::default());
                let ft = self.ctx.i32_type().fn_type(&[ptr.into(), ptr.into(), ptr.into()], false);
                self.module.add_function(&name, ft, None)
            }
        };
        self.wrapped.borrow_mut().push(callee.index);
        Ok(w.as_global_value().as_pointer_value().into())
    }

    /// The bytes of `v` (an item of a bytes array, or `bytes`) and how many count: an item's
    /// up to its last nonzero byte.
    fn bytes_view(&mut self, v: VarId, t: &Type) -> R<(PointerValue<'ctx>, IntValue<'ctx>)> {
        let x = self.load(v)?;
        match t {
            Type::CharSeq(n) => {
                let slot = self.temp(self.ctx.i8_type().array_type(*n).into())?;
                self.b.build_store(slot, x)?;
                let i64t = self.ctx.i64_type();
                let len = self.temp(i64t.into())?;
                self.b.build_store(len, self.i64(i64::from(*n)))?;
                let (head, check, done) = (self.new_block("cs_len"), self.new_block("cs_len_check"), self.new_block("cs_len_done"));
                self.b.build_unconditional_branch(head)?;
                self.b.position_at_end(head);
                let l = self.b.build_load(i64t, len, "")?.into_int_value();
                let empty = self.b.build_int_compare(IntPredicate::EQ, l, self.i64(0), "")?;
                self.b.build_conditional_branch(empty, done, check)?;
                self.b.position_at_end(check);
                let last = self.b.build_int_sub(l, self.i64(1), "")?;
                let p = unsafe { self.b.build_gep(self.ctx.i8_type(), slot, &[last], "")? };
                let byte = self.b.build_load(self.ctx.i8_type(), p, "")?.into_int_value();
                let nul = self.b.build_int_compare(IntPredicate::EQ, byte, self.ctx.i8_type().const_zero(), "")?;
                self.b.build_store(len, self.b.build_select(nul, last, l, "")?)?;
                self.b.build_conditional_branch(nul, head, done)?;
                self.b.position_at_end(done);
                let l = self.b.build_load(i64t, len, "")?.into_int_value();
                Ok((slot, l))
            }
            Type::Array(a) if a.buffer == Some(numrs_types::BufferKind::Bytes) => {
                Ok((self.field(x, 4)?.into_pointer_value(), self.field(x, 2)?.into_int_value()))
            }
            other => self.fail(format!("comparing {other} with bytes is not supported by numrs build yet")),
        }
    }

    /// Whether `la` bytes at `pa` are the `lb` bytes at `pb`.
    fn bytes_equal(&mut self, pa: PointerValue<'ctx>, la: IntValue<'ctx>, pb: PointerValue<'ctx>, lb: IntValue<'ctx>) -> R<IntValue<'ctx>> {
        let flag = self.temp(self.ctx.bool_type().into())?;
        let same_len = self.b.build_int_compare(IntPredicate::EQ, la, lb, "")?;
        self.b.build_store(flag, same_len)?;
        let n = self.b.build_select(same_len, la, self.i64(0), "")?.into_int_value();
        self.counted_loop(n, |cx, i| {
            let x = cx.b.build_load(cx.ctx.i8_type(), unsafe { cx.b.build_gep(cx.ctx.i8_type(), pa, &[i], "")? }, "")?.into_int_value();
            let y = cx.b.build_load(cx.ctx.i8_type(), unsafe { cx.b.build_gep(cx.ctx.i8_type(), pb, &[i], "")? }, "")?.into_int_value();
            let eq = cx.b.build_int_compare(IntPredicate::EQ, x, y, "")?;
            let cur = cx.b.build_load(cx.ctx.bool_type(), flag, "")?.into_int_value();
            cx.b.build_store(flag, cx.b.build_and(cur, eq, "")?)?;
            Ok(())
        })?;
        Ok(self.b.build_load(self.ctx.bool_type(), flag, "")?.into_int_value())
    }

    /// `s.indices(n)` of a slice value (Numba's `slice_indices`, `fix_slice`): the start and
    /// stop clamped to a sequence of length `n`, and the step.
    fn slice_indices(&self, sv: inkwell::values::StructValue<'ctx>, n: IntValue<'ctx>, target: &Type) -> R<BasicValueEnum<'ctx>> {
        let zero = self.i64(0);
        let neg_len = self.b.build_int_compare(IntPredicate::SLT, n, zero, "")?;
        self.guard(neg_len, ExcKind::ValueError, "length should not be negative")?;
        let part = |i: u32| -> R<IntValue<'ctx>> { Ok(self.b.build_extract_value(sv, i, "")?.into_int_value()) };
        let (start, stop, step) = (part(0)?, part(1)?, part(2)?);
        let no_step = self.b.build_int_compare(IntPredicate::EQ, step, zero, "")?;
        self.guard(no_step, ExcKind::ValueError, "slice step cannot be zero")?;
        let neg = self.b.build_int_compare(IntPredicate::SLT, step, zero, "")?;
        let lower = self.b.build_select(neg, self.i64(-1), zero, "")?.into_int_value();
        let upper = self.b.build_select(neg, self.b.build_int_sub(n, self.i64(1), "")?, n, "")?.into_int_value();
        let fix = |b: IntValue<'ctx>| -> R<IntValue<'ctx>> {
            let wrapped = self.b.build_int_add(b, n, "")?;
            let b_neg = self.b.build_int_compare(IntPredicate::SLT, b, zero, "")?;
            let b = self.b.build_select(b_neg, wrapped, b, "")?.into_int_value();
            let under = self.b.build_int_compare(IntPredicate::SLT, b, zero, "")?;
            let over = self.b.build_int_compare(IntPredicate::SGE, b, n, "")?;
            let b2 = self.b.build_select(over, upper, b, "")?.into_int_value();
            Ok(self.b.build_select(under, lower, b2, "")?.into_int_value())
        };
        let (start, stop) = (fix(start)?, fix(stop)?);
        let t3 = Type::unituple(Type::int64(), 3);
        let st = self.vt(&t3)?.into_struct_type();
        let mut agg = st.get_undef();
        for (i, x) in [start, stop, step].into_iter().enumerate() {
            agg = self.b.build_insert_value(agg, x, i as u32, "")?.into_struct_value();
        }
        self.cast(agg.into(), &t3, target)
    }

    pub fn truth(&self, v: BasicValueEnum<'ctx>, t: &Type) -> R<IntValue<'ctx>> {
        if let Some(k) = numeric(t) {
            return self.truth_number(v, k);
        }
        match t {
            Type::NoneType => Ok(self.ctx.bool_type().const_zero()),
            Type::Optional(_) => crate::optional::truth(self, v, t),
            Type::List { .. } | Type::ListType(_) => crate::lists::truth(self, v),
            Type::Set { .. } | Type::DictType(_) => crate::dicts::truth(self, v.into_pointer_value()),
            Type::Array(a) => {
                // NumPy's: the one item's truth; ValueError for none or several.
                let n = self.field(v, 2)?.into_int_value();
                let empty = self.b.build_int_compare(IntPredicate::EQ, n, self.i64(0), "")?;
                self.guard(empty, ExcKind::ValueError, "The truth value of an empty array is ambiguous. Use `array.size > 0` to check that an array is not empty.")?;
                let many = self.b.build_int_compare(IntPredicate::SGT, n, self.i64(1), "")?;
                self.guard(many, ExcKind::ValueError, "The truth value of an array with more than one element is ambiguous. Use a.any() or a.all()")?;
                let data = self.field(v, 4)?.into_pointer_value();
                let x = self.load_element(data, &a.dtype)?;
                self.truth(x, &a.dtype)
            }
            // An item of a unicode array is a string here.
            Type::Unicode | Type::StringLiteral(_) | Type::UnicodeCharSeq(_) => {
                let n = self.str_len(v.into_pointer_value())?;
                Ok(self.b.build_int_compare(IntPredicate::NE, n, self.i64(0), "")?)
            }
            _ => match t.tuple_items() {
                Some(items) => Ok(self.ctx.bool_type().const_int(!items.is_empty() as u64, false)),
                None => self.fail(format!("truth value of {t} is not supported by numrs build yet")),
            },
        }
    }

    // ----- tuples -----

    /// `a, b = seq` of a 1-d array or a list (Numba's `exhaust_iter`): the first
    /// `count` items, ValueError (without a message) when there are fewer or more.
    fn unpack_sequence(&mut self, value: VarId, count: u32, tt: &Type) -> R<BasicValueEnum<'ctx>> {
        let vt = self.ty(value)?;
        let Some(titems) = tt.tuple_items() else { return self.fail(format!("unpacking into {tt}")) };
        let v = self.load(value)?;
        // Numba's `exhaust_iter` of other iterables: as many items as targets, else ValueError.
        let exact = |cx: &mut Self, n: IntValue<'ctx>| -> R<()> {
            let wrong = cx.b.build_int_compare(IntPredicate::NE, n, cx.i64(count as i64), "")?;
            cx.guard(wrong, ExcKind::ValueError, "")
        };
        match &vt {
            // The rows of an array of more dimensions: views.
            Type::Array(a) if a.ndim > 1 => {
                let n = self.dims(v, 5, a.ndim)?[0];
                exact(self, n)?;
                let st = self.vt(tt)?.into_struct_type();
                let mut agg: inkwell::values::AggregateValueEnum = st.get_undef().into();
                for (i, t) in titems.iter().enumerate() {
                    let x = self.array_view(value, vec![crate::arrays::Ix::Int(self.i64(i as i64))], t)?;
                    agg = self.b.build_insert_value(agg, x, i as u32, "")?;
                }
                return Ok(agg.as_basic_value_enum());
            }
            Type::Range(_) => {
                let (start, stop, step, ik) = crate::ops::range_parts(self, &vt, v)?;
                let n = self.range_count(start, stop, step, ik)?;
                let n64 = self.cast(n.into(), &Type::Number(ik), &Type::int64())?.into_int_value();
                exact(self, n64)?;
                let st = self.vt(tt)?.into_struct_type();
                let mut agg: inkwell::values::AggregateValueEnum = st.get_undef().into();
                for (i, t) in titems.iter().enumerate() {
                    let k = start.get_type().const_int(i as u64, true);
                    let x = self.b.build_int_add(start, self.b.build_int_mul(k, step, "")?, "")?;
                    let x = self.cast(x.into(), &Type::Number(ik), t)?;
                    agg = self.b.build_insert_value(agg, x, i as u32, "")?;
                }
                return Ok(agg.as_basic_value_enum());
            }
            // The characters of a string, each a new string.
            Type::Unicode => {
                let n = self.str_len(v.into_pointer_value())?;
                exact(self, n)?;
                let st = self.vt(tt)?.into_struct_type();
                let mut agg: inkwell::values::AggregateValueEnum = st.get_undef().into();
                for (i, t) in titems.iter().enumerate() {
                    let x = self.str_op(numrs_abi::StrOp::GetItem, &[v, self.i64(i as i64).into()])?;
                    let x = self.cast(x, &Type::Unicode, t)?;
                    agg = self.b.build_insert_value(agg, x, i as u32, "")?;
                }
                self.fresh = true;
                return Ok(agg.as_basic_value_enum());
            }
            _ => {}
        }
        let (n, item_t): (IntValue<'ctx>, Type) = match &vt {
            Type::Array(a) if a.ndim == 1 && numeric(&a.dtype).is_some() => (self.dims(v, 5, 1)?[0], a.dtype.clone()),
            t if crate::lists::dtype(t).is_some() => {
                let d = crate::lists::dtype(t).cloned().unwrap_or(Type::int64());
                (self.list_len(v.into_pointer_value())?, d)
            }
            _ => return self.fail(format!("unpacking {vt} into {count} values is not supported by numrs build yet")),
        };
        let wrong = self.b.build_int_compare(IntPredicate::NE, n, self.i64(count as i64), "")?;
        self.guard(wrong, ExcKind::ValueError, "")?;
        let st = self.vt(tt)?.into_struct_type();
        let mut agg: inkwell::values::AggregateValueEnum = st.get_undef().into();
        for (i, t) in titems.iter().enumerate() {
            let x = match &vt {
                Type::Array(a) => self.elem_at(v, a, self.i64(i as i64))?,
                _ => self.list_get(v.into_pointer_value(), &item_t, self.i64(i as i64))?,
            };
            let x = self.cast(x, &item_t, t)?;
            agg = self.b.build_insert_value(agg, x, i as u32, "")?;
        }
        Ok(agg.as_basic_value_enum())
    }

    /// A named tuple class called: its arguments bound to the fields (positional, a `*tuple`'s
    /// items, keywords by field name), the items the call gives cast to the tuple's types.
    fn namedtuple_construct(
        &self,
        class: &numrs_types::NamedTupleClassType,
        args: &[VarId],
        vararg: Option<VarId>,
        kws: &[(String, VarId)],
        tt: &Type,
    ) -> R<BasicValueEnum<'ctx>> {
        let Some(titems) = tt.tuple_items() else { return self.fail(format!("{} called, making {tt}", class.name)) };
        let mut given: Vec<Option<(BasicValueEnum<'ctx>, Type)>> = vec![None; class.fields.len()];
        let mut k = 0;
        for v in args {
            let slot = given.get_mut(k).ok_or_else(|| CgError { span: self.span, message: format!("too many arguments to {}", class.name) })?;
            *slot = Some((self.load(*v)?, self.ty(*v)?));
            k += 1;
        }
        if let Some(t) = vararg {
            let st = self.ty(t)?;
            let Some(items) = st.tuple_items() else { return self.fail(format!("*{st} in a call")) };
            let sv = self.load(t)?.into_struct_value();
            for (i, it) in items.iter().enumerate() {
                let slot = given.get_mut(k).ok_or_else(|| CgError { span: self.span, message: format!("too many arguments to {}", class.name) })?;
                *slot = Some((self.b.build_extract_value(sv, i as u32, "")?, it.clone()));
                k += 1;
            }
        }
        for (name, v) in kws {
            let Some(i) = class.fields.iter().position(|f| **f == **name) else { return self.fail(format!("{} has no field {name}", class.name)) };
            given[i] = Some((self.load(*v)?, self.ty(*v)?));
        }
        let st = self.vt(tt)?.into_struct_type();
        let mut agg: inkwell::values::AggregateValueEnum = st.get_undef().into();
        for (i, t) in titems.iter().enumerate() {
            let Some((x, xt)) = given.get(i).cloned().flatten() else { return self.fail(format!("{} called without its field {i}", class.name)) };
            // A function (or class) item has no value.
            if matches!(t, Type::Dispatcher(_) | Type::MakeFunction(..) | Type::Function(_) | Type::NumberClass(_) | Type::ExceptionClass(_)) {
                continue;
            }
            let x = self.cast(x, &xt, t)?;
            agg = self.b.build_insert_value(agg, x, i as u32, "")?;
        }
        Ok(agg.as_basic_value_enum())
    }

    /// `key in d` of a `LiteralStrKey[Dict]` `d`: a string equal to one of its keys (any other
    /// value is never equal to a string key).
    fn literal_dict_contains(&mut self, dict: VarId, key: VarId, tt: &Type) -> R<BasicValueEnum<'ctx>> {
        let keys = self.literal_dicts.get(&dict).cloned().unwrap_or_default();
        let kt = self.ty(key)?;
        let found = match &kt {
            Type::StringLiteral(k) => self.ctx.bool_type().const_int(keys.iter().any(|x| x == k) as u64, false),
            Type::Unicode => {
                let needle = self.load(key)?;
                let mut found = self.ctx.bool_type().const_zero();
                for k in &keys {
                    let c = self.str_const(k);
                    let e = self.str_op(numrs_abi::StrOp::Equal, &[needle, c.into()])?.into_int_value();
                    let e = self.b.build_int_truncate_or_bit_cast(e, self.ctx.bool_type(), "")?;
                    found = self.b.build_or(found, e, "")?;
                }
                found
            }
            _ => self.ctx.bool_type().const_zero(),
        };
        self.cast(found.into(), &Type::boolean(), tt)
    }

    /// The value of member `name` of the enum class held by `class`, as `tt`.
    fn enum_member(&self, class: VarId, name: &str, tt: &Type) -> R<BasicValueEnum<'ctx>> {
        let Some(e) = self.enum_classes.get(&class) else { return self.fail("enum member of an unknown class") };
        let Some(v) = e.member(name) else { return self.fail(format!("{} has no member {name}", e.name)) };
        let c = match v {
            numrs_types::EnumValue::Int(i) => Constant::Int(*i),
            numrs_types::EnumValue::Float(bits) => Constant::Float(numrs_syntax::ast::FloatBits(*bits)),
            numrs_types::EnumValue::Bool(b) => Constant::Bool(*b),
            numrs_types::EnumValue::Str(t) => Constant::Str(t.to_string()),
        };
        self.constant(&c, tt)
    }

    fn build_tuple(&self, items: &[VarId], tt: &Type) -> R<BasicValueEnum<'ctx>> {
        let Some(titems) = tt.tuple_items() else { return self.fail(format!("building a tuple of type {tt}")) };
        if titems.len() != items.len() {
            return self.fail(format!("building a tuple of type {tt} from {} items", items.len()));
        }
        let st = self.vt(tt)?.into_struct_type();
        let mut agg: inkwell::values::AggregateValueEnum = st.get_undef().into();
        for (i, (v, t)) in items.iter().zip(&titems).enumerate() {
            // A function (or class) item has no value: its place stays empty.
            if matches!(t, Type::Dispatcher(_) | Type::MakeFunction(..) | Type::Function(_) | Type::NumberClass(_) | Type::ExceptionClass(_)) {
                continue;
            }
            let vt = self.ty(*v)?;
            let x = self.load(*v)?;
            let x = self.cast(x, &vt, t)?;
            agg = self.b.build_insert_value(agg, x, i as u32, "")?;
        }
        Ok(agg.as_basic_value_enum())
    }

    /// In a `@stencil` kernel, the array argument `value` read relative to the point with
    /// `n` indices (`None`: not a kernel, or an argument `standard_indexing` names).
    fn stencil_operand(&self, value: VarId, n: usize) -> R<Option<std::sync::Arc<numrs_types::ArrayType>>> {
        let standard = self.flags.stencil_standard;
        if self.stencil_center.is_empty() || !matches!(self.resolve_def(value), Some(Value::Arg(i)) if *i >= 64 || standard & (1u64 << *i) == 0) {
            return Ok(None);
        }
        let Type::Array(a) = self.ty(value)? else { return Ok(None) };
        if n != a.ndim as usize || n != self.stencil_center.len() {
            return self.fail(format!("a stencil kernel reading a {}-d array with {n} relative indices", a.ndim));
        }
        Ok(Some(a))
    }

    /// In a `@stencil` kernel, `a[rel]` of an array argument: the item at the point plus the
    /// relative index `rel` (`None`: not such a read).
    fn stencil_getitem(&mut self, value: VarId, rel: &[(BasicValueEnum<'ctx>, Type)], tt: &Type) -> R<Option<BasicValueEnum<'ctx>>> {
        let Some(a) = self.stencil_operand(value, rel.len())? else { return Ok(None) };
        let mut idx = Vec::new();
        for ((x, t), c) in rel.iter().zip(self.stencil_center.clone()) {
            let x = self.cast(*x, t, &Type::int64())?.into_int_value();
            idx.push((self.b.build_int_add(x, c, "")?.into(), Type::int64()));
        }
        let arr = self.load(value)?;
        let p = self.element_ptr_in(arr, a.ndim, &idx, self.contiguous_elem(&a))?;
        let x = self.load_element(p, &a.dtype)?;
        Ok(Some(self.cast(x, &a.dtype, tt)?))
    }

    /// In a `@stencil` kernel, `a[rel]` of an array argument where `rel` holds slices: the
    /// view of `a` around the point (see [`Self::stencil_getitem`]).
    fn stencil_slice_view(&mut self, value: VarId, rel: &[(BasicValueEnum<'ctx>, Type)], tt: &Type) -> R<Option<BasicValueEnum<'ctx>>> {
        if self.stencil_operand(value, rel.len())?.is_none() {
            return Ok(None);
        }
        let mut ix = Vec::new();
        for ((x, t), c) in rel.iter().zip(self.stencil_center.clone()) {
            if matches!(t, Type::Slice2 | Type::Slice3) {
                let sv = x.into_struct_value();
                let start = self.b.build_extract_value(sv, 0, "")?.into_int_value();
                let stop = self.b.build_extract_value(sv, 1, "")?.into_int_value();
                let st = self.vt(&Type::Slice3)?.into_struct_type();
                let mut moved = st.get_undef();
                for (k, v) in [self.b.build_int_add(start, c, "")?, self.b.build_int_add(stop, c, "")?, self.i64(1)].into_iter().enumerate() {
                    moved = self.b.build_insert_value(moved, v, k as u32, "")?.into_struct_value();
                }
                ix.push(crate::arrays::Ix::Slice(moved));
            } else {
                let x = self.cast(*x, t, &Type::int64())?.into_int_value();
                ix.push(crate::arrays::Ix::Int(self.b.build_int_add(x, c, "")?));
            }
        }
        Ok(Some(self.array_view(value, ix, tt)?))
    }

    fn static_getitem(&mut self, value: VarId, index: &StaticIndex, index_var: Option<VarId>, tt: &Type) -> R<BasicValueEnum<'ctx>> {
        if let StaticIndex::Int(k) = index {
            let rel = [(self.i64(*k as i64).into(), Type::int64())];
            if let Some(v) = self.stencil_getitem(value, &rel, tt)? {
                return Ok(v);
            }
        }
        if let Some(v) = self.record_static_getitem(value, index, tt)? {
            return Ok(v);
        }
        let vt = self.ty(value)?;
        if let (Type::JitClassInstance(_), Some(iv)) = (&vt, index_var) {
            return self.getitem(value, iv, tt);
        }
        if crate::lists::dtype(&vt).is_some() {
            return crate::lists::static_getitem(self, value, index, index_var, tt);
        }
        if crate::strings::is_str(&vt) {
            return crate::strings::static_getitem(self, value, index, tt);
        }
        if let (Some(keys), StaticIndex::Str(key)) = (self.literal_dicts.get(&value), index) {
            let Some(j) = keys.iter().position(|k| &**k == key.as_str()) else { return self.fail(format!("key '{key}' of a literal dict")) };
            let items = vt.tuple_items().unwrap_or_default();
            let sv = self.load(value)?.into_struct_value();
            let x = self.b.build_extract_value(sv, j as u32, "")?;
            return self.cast(x, &items[j], tt);
        }
        if let Some(items) = vt.tuple_items() {
            let n = items.len() as i128;
            match index {
                StaticIndex::Int(i) => {
                    let j = if *i < 0 { i + n } else { *i };
                    if j < 0 || j >= n {
                        return self.fail("tuple index out of range");
                    }
                    let sv = self.load(value)?.into_struct_value();
                    let x = self.b.build_extract_value(sv, j as u32, "")?;
                    return self.cast(x, &items[j as usize], tt);
                }
                StaticIndex::Slice(start, stop, step) => {
                    let idx = py_slice_indices(n, *start, *stop, *step);
                    let Some(out_items) = tt.tuple_items() else { return self.fail(format!("slice of {vt} typed {tt}")) };
                    if out_items.len() != idx.len() {
                        return self.fail(format!("slice of {vt} typed {tt}"));
                    }
                    let sv = self.load(value)?.into_struct_value();
                    let st = self.vt(tt)?.into_struct_type();
                    let mut agg: inkwell::values::AggregateValueEnum = st.get_undef().into();
                    for (k, j) in idx.iter().enumerate() {
                        let x = self.b.build_extract_value(sv, *j as u32, "")?;
                        let x = self.cast(x, &items[*j as usize], &out_items[k])?;
                        agg = self.b.build_insert_value(agg, x, k as u32, "")?;
                    }
                    return Ok(agg.as_basic_value_enum());
                }
                StaticIndex::Str(_) | StaticIndex::Slices(_) => return self.fail(format!("indexing a tuple with {index:?}")),
            }
        }
        // `types.float64[:]`: an array type used as a value; Numba lowers it as a null array.
        if let (Type::NumberClass(_), Type::Array(_)) = (&vt, tt) {
            return Ok(self.vt(tt)?.const_zero());
        }
        if let (Type::Array(_), Type::Array(_)) = (&vt, tt) {
            if let StaticIndex::Int(i) = index {
                let ix = vec![crate::arrays::Ix::Int(self.i64(*i as i64))];
                return self.array_view(value, ix, tt);
            }
        }
        if let Type::Array(_) = vt {
            if let StaticIndex::Int(i) = index {
                let idx = self.i64(*i as i64);
                return self.array_index_load(value, &[(idx.into(), Type::int64())], tt);
            }
        }
        match index_var {
            Some(iv) => self.getitem(value, iv, tt),
            None => self.fail(format!("indexing {vt} with {index:?} is not supported by numrs build yet")),
        }
    }

    /// The integer `index` (of type `it`) into a tuple of `n` items, a negative one counted
    /// from the end; IndexError when out of range.
    fn tuple_index(&mut self, index: VarId, it: &Type, n: u32) -> R<IntValue<'ctx>> {
        let ik = numeric(it).unwrap_or(NumericKind::Int64);
        let iv = self.load(index)?;
        let i = self.cast_number(iv, ik, NumericKind::Int64)?.into_int_value();
        let nn = self.i64(n as i64);
        let i = if ik.is_signed_int() {
            let neg = self.b.build_int_compare(IntPredicate::SLT, i, self.i64(0), "")?;
            let wrapped = self.b.build_int_add(i, nn, "")?;
            self.b.build_select(neg, wrapped, i, "")?.into_int_value()
        } else {
            i
        };
        let oob = self.b.build_int_compare(IntPredicate::UGE, i, nn, "")?;
        self.guard(oob, ExcKind::IndexError, "tuple index out of range")?;
        Ok(i)
    }

    fn getitem(&mut self, value: VarId, index: VarId, tt: &Type) -> R<BasicValueEnum<'ctx>> {
        if let Type::JitClassInstance(_) = self.ty(value)? {
            return self.intrinsic("operator.getitem", &[value, index], tt);
        }
        if let Some((p, dtype)) = self.pointer_item(value, index)? {
            let x = self.load_element(p, &dtype)?;
            return self.cast(x, &dtype, tt);
        }
        if !self.stencil_center.is_empty() {
            let it = self.ty(index)?;
            let rel: Vec<(BasicValueEnum<'ctx>, Type)> = match it.tuple_items() {
                // Constant relative indices (`a[-1, 0]`).
                Some(items) if items.iter().all(|t| matches!(t, Type::IntegerLiteral(_))) => {
                    items.iter().map(|t| if let Type::IntegerLiteral(x) = t { (self.i64(*x as i64).into(), Type::int64()) } else { (self.i64(0).into(), Type::int64()) }).collect()
                }
                Some(items) => {
                    let iv = self.load(index)?;
                    let mut out = Vec::new();
                    for (k, t) in items.iter().enumerate() {
                        out.push((self.tuple_item(iv, k as u32)?, t.clone()));
                    }
                    out
                }
                None => vec![(self.load(index)?, it.clone())],
            };
            if rel.iter().all(|(_, t)| t.is_integer() || matches!(t, Type::IntegerLiteral(_))) {
                if let Some(v) = self.stencil_getitem(value, &rel, tt)? {
                    return Ok(v);
                }
            }
            // Relative slices (`a[-1:2, -1:2]`): Numba's `slice_addition` moves both ends by
            // the point's index (the step is dropped).
            if rel.iter().any(|(_, t)| matches!(t, Type::Slice2 | Type::Slice3)) && rel.iter().all(|(_, t)| matches!(t, Type::Slice2 | Type::Slice3) || t.is_integer() || matches!(t, Type::IntegerLiteral(_))) {
                if let Some(v) = self.stencil_slice_view(value, &rel, tt)? {
                    return Ok(v);
                }
            }
        }
        // A record's field named by a string constant held in a variable.
        if let Type::StringLiteral(name) = self.ty(index)? {
            if let Some(v) = self.record_static_getitem(value, &StaticIndex::Str(name.to_string()), tt)? {
                return Ok(v);
            }
        }
        if let Some((p, dtype)) = self.flat_item_ptr(value, index)? {
            let x = self.load_element(p, &dtype)?;
            return self.cast(x, &dtype, tt);
        }
        if let Some(v) = self.dict_getitem(value, index, tt)? {
            return Ok(v);
        }
        let vt = self.ty(value)?;
        let it = self.ty(index)?;
        if let Type::Array(_) = vt {
            if let Some(v) = self.fancy_getitem(value, index, tt)? {
                return Ok(v);
            }
        }
        // A literal index of a tuple: its item (Numba's `getitem_literal_idx`).
        if let (Some(items), Type::IntegerLiteral(k)) = (vt.tuple_items(), &it) {
            let n = items.len() as i128;
            let k = if *k < 0 { *k + n } else { *k };
            if (0..n).contains(&k) && !matches!(vt, Type::UniTuple(..)) {
                return self.static_getitem(value, &StaticIndex::Int(k), None, tt);
            }
        }
        // A `NamedUniTuple` indexes as its `UniTuple` (the same representation).
        let vt = match vt {
            Type::NamedTuple(nt) => nt.anonymous(),
            other => other,
        };
        match &vt {
            Type::List { .. } | Type::ListType(_) => crate::lists::getitem(self, value, index, tt),
            Type::Unicode | Type::StringLiteral(_) => crate::strings::getitem(self, value, index, tt),
            Type::Array(_) if matches!(tt, Type::Array(_)) => {
                let ix = self.view_indices(index, &it)?;
                self.array_view(value, ix, tt)
            }
            Type::Array(_) => {
                let idx = self.index_list(index, &it)?;
                self.array_index_load(value, &idx, tt)
            }
            Type::UniTuple(item, n) if numeric(&it).is_some_and(|k| k.is_integer()) => {
                let item = (**item).clone();
                let tv = self.load(value)?;
                let lt = self.vt(&vt)?;
                let slot = self.temp(lt)?;
                self.b.build_store(slot, tv)?;
                let i = self.tuple_index(index, &it, *n)?;
                let et = self.vt(&item)?;
                let arr_t = et.array_type(*n);
                let p = unsafe { self.b.build_in_bounds_gep(arr_t, slot, &[self.i64(0), i], "")? };
                let x = self.b.build_load(et, p, "")?;
                self.cast(x, &item, tt)
            }
            // A tuple of literals of one type (`SHAPE = (2, 3)` at module level): its items as
            // that type.
            Type::Tuple(items)
                if numeric(&it).is_some_and(|k| k.is_integer())
                    && !items.is_empty()
                    && items.iter().all(|t| t.unliteral() == items[0].unliteral()) =>
            {
                let item = items[0].unliteral();
                let tv = self.load(value)?.into_struct_value();
                let et = self.vt(&item)?;
                let n = items.len() as u32;
                let arr_t = et.array_type(n);
                let slot = self.temp(arr_t.into())?;
                for (k, t) in items.iter().enumerate() {
                    let x = self.b.build_extract_value(tv, k as u32, "")?;
                    let x = self.cast(x, t, &item)?;
                    let p = unsafe { self.b.build_in_bounds_gep(arr_t, slot, &[self.i64(0), self.i64(k as i64)], "")? };
                    self.b.build_store(p, x)?;
                }
                let i = self.tuple_index(index, &it, n)?;
                let p = unsafe { self.b.build_in_bounds_gep(arr_t, slot, &[self.i64(0), i], "")? };
                let x = self.b.build_load(et, p, "")?;
                self.cast(x, &item, tt)
            }
            other => self.fail(format!("indexing {other} with {it} is not supported by numrs build yet")),
        }
    }

    /// Index values of an array subscript (an integer or a tuple of integers).
    pub(crate) fn index_list(&self, index: VarId, it: &Type) -> R<Vec<(BasicValueEnum<'ctx>, Type)>> {
        // An index known to be non-negative (a `range` loop variable from 0 up) needs no
        // wraparound: it is passed on as the unsigned type of its width (same bits).
        let known = |v: Option<VarId>, t: &Type| -> Type {
            match (v, numeric(t)) {
                (Some(v), Some(k)) if k.is_signed_int() && self.proven_nonneg(v, 0) => Type::Number(match k {
                    NumericKind::Int8 => NumericKind::UInt8,
                    NumericKind::Int16 => NumericKind::UInt16,
                    NumericKind::Int32 => NumericKind::UInt32,
                    _ => NumericKind::UInt64,
                }),
                _ => t.clone(),
            }
        };
        if numeric(it).is_some_and(|k| k.is_integer()) {
            return Ok(vec![(self.load(index)?, known(Some(index), it))]);
        }
        if let Some(items) = it.tuple_items() {
            if items.iter().all(|t| numeric(t).is_some_and(|k| k.is_integer())) {
                let parts = match self.resolve_def(index) {
                    Some(Value::BuildTuple(vs)) if vs.len() == items.len() => vs.iter().map(|v| Some(*v)).collect(),
                    _ => vec![None; items.len()],
                };
                let sv = self.load(index)?.into_struct_value();
                let mut out = Vec::new();
                for (i, t) in items.iter().enumerate() {
                    out.push((self.b.build_extract_value(sv, i as u32, "")?, known(parts[i], t)));
                }
                return Ok(out);
            }
        }
        self.fail(format!("array index of type {it} (slices, arrays, booleans) is not supported by numrs build yet"))
    }

    /// The address of `a[idx...]` (all dimensions indexed; negative indices wrap; no bounds
    /// check, as Numba's default `boundscheck=False`).
    pub fn element_ptr(&self, arr: BasicValueEnum<'ctx>, ndim: u32, idx: &[(BasicValueEnum<'ctx>, Type)]) -> R<PointerValue<'ctx>> {
        self.element_ptr_in(arr, ndim, idx, None)
    }

    /// [`Self::element_ptr`]; with the element type of a C-contiguous array the last index
    /// steps by whole elements (the innermost stride of a C array is its item size), so that
    /// loops over it are contiguous for LLVM.
    pub fn element_ptr_in(
        &self,
        arr: BasicValueEnum<'ctx>,
        ndim: u32,
        idx: &[(BasicValueEnum<'ctx>, Type)],
        contiguous: Option<BasicTypeEnum<'ctx>>,
    ) -> R<PointerValue<'ctx>> {
        if idx.len() as u32 != ndim {
            return self.fail(format!("indexing a {ndim}d array with {} indices (views) is not supported by numrs build yet", idx.len()));
        }
        let sv = arr.into_struct_value();
        let data = self.b.build_extract_value(sv, 4, "data")?.into_pointer_value();
        let shape = self.b.build_extract_value(sv, 5, "shape")?.into_array_value();
        let strides = self.b.build_extract_value(sv, 6, "strides")?.into_array_value();
        let mut offset = self.i64(0);
        for (d, (v, t)) in idx.iter().enumerate() {
            let k = numeric(t).unwrap_or(NumericKind::Int64);
            let i = self.cast_number(*v, k, NumericKind::Int64)?.into_int_value();
            let dim = self.b.build_extract_value(shape, d as u32, "")?.into_int_value();
            let i = if k.is_signed_int() {
                let neg = self.b.build_int_compare(IntPredicate::SLT, i, self.i64(0), "")?;
                let wrapped = self.b.build_int_add(i, dim, "")?;
                self.b.build_select(neg, wrapped, i, "")?.into_int_value()
            } else {
                i
            };
            if self.flags.boundscheck {
                // Unsigned: still negative after wrapping is out of bounds too.
                let oob = self.b.build_int_compare(IntPredicate::UGE, i, dim, "")?;
                self.guard(oob, ExcKind::IndexError, "index is out of bounds")?;
            }
            if let (Some(et), true) = (contiguous, d + 1 == idx.len()) {
                let base = unsafe { self.b.build_gep(self.ctx.i8_type(), data, &[offset], "row")? };
                return Ok(unsafe { self.b.build_gep(et, base, &[i], "elt")? });
            }
            let stride = self.b.build_extract_value(strides, d as u32, "")?.into_int_value();
            let term = self.b.build_int_mul(i, stride, "")?;
            offset = self.b.build_int_add(offset, term, "")?;
        }
        Ok(unsafe { self.b.build_gep(self.ctx.i8_type(), data, &[offset], "elt")? })
    }

    pub(crate) fn array_index_load(&self, value: VarId, idx: &[(BasicValueEnum<'ctx>, Type)], tt: &Type) -> R<BasicValueEnum<'ctx>> {
        let vt = self.ty(value)?;
        let Type::Array(a) = &vt else { return self.fail("not an array") };
        let arr = self.load(value)?;
        let p = self.element_ptr_in(arr, a.ndim, idx, self.contiguous_elem(a))?;
        let x = self.load_element(p, &a.dtype)?;
        self.cast(x, &a.dtype, tt)
    }

    /// Item `k` of a tuple value (a struct, or an array for a homogeneous tuple).
    pub(crate) fn tuple_item(&self, v: BasicValueEnum<'ctx>, k: u32) -> R<BasicValueEnum<'ctx>> {
        Ok(match v {
            BasicValueEnum::StructValue(sv) => self.b.build_extract_value(sv, k, "")?,
            BasicValueEnum::ArrayValue(av) => self.b.build_extract_value(av, k, "")?,
            _ => return self.fail("internal error: an item of a value that is not a tuple"),
        })
    }

    /// An item an array iteration read (`x`, of `dtype`): a unicode array's item is a new
    /// string, held by the iteration (see [`FnCx::hold_item`]).
    pub(crate) fn hold_iterated_item(&self, x: BasicValueEnum<'ctx>, dtype: &Type) -> R<()> {
        if !matches!(dtype, Type::UnicodeCharSeq(_)) {
            return Ok(());
        }
        self.elem_fresh.set(false);
        self.hold_item(x, &Type::Unicode)
    }

    /// A new reference an iteration step yields (`x`, of type `t`), held here until the same
    /// step runs again (or the function exits), so that the consumer borrows it as it
    /// borrows a list's items.
    pub(crate) fn hold_item(&self, x: BasicValueEnum<'ctx>, t: &Type) -> R<()> {
        let lt = self.vt(t)?;
        let p = self.frame_alloca(lt, "held_item")?;
        self.zero_slot(p, lt)?;
        self.iter_owned.borrow_mut().push((p, t.clone()));
        let old = self.b.build_load(lt, p, "")?;
        self.b.build_store(p, x)?;
        self.decref(old, t)
    }

    /// `p[i]` of a C pointer (Numba's `getitem_cpointer`): the address of the i-th value
    /// (no bounds, as in C), and the pointee type. None for other values.
    fn pointer_item(&mut self, value: VarId, index: VarId) -> R<Option<(PointerValue<'ctx>, Type)>> {
        let Type::CPointer(dtype) = self.ty(value)? else { return Ok(None) };
        let it = self.ty(index)?;
        let i = self.load(index)?;
        // Numba's `normalize_1d_index`: a signed index as intp, an unsigned one as uintp.
        let wide = if it.unliteral().as_number().is_some_and(|k| k.is_integer() && !k.is_signed_int()) { Type::Number(NumericKind::UInt64) } else { Type::int64() };
        let i = self.cast(i, &it, &wide)?.into_int_value();
        let st = types::storage_type(self.ctx, &dtype).map_err(|m| CgError { span: self.span, message: m })?;
        let base = self.load(value)?.into_pointer_value();
        // SAFETY (of the generated code): as C's `p[i]`, the caller vouches for the memory.
        let p = unsafe { self.b.build_gep(st, base, &[i], "ptr_item")? };
        Ok(Some((p, (*dtype).clone())))
    }

    pub fn load_element(&self, p: PointerValue<'ctx>, dtype: &Type) -> R<BasicValueEnum<'ctx>> {
        // A record is a reference to its bytes.
        if let Type::Record(_) = dtype {
            return Ok(p.into());
        }
        // An item of a unicode array: a new string of what it spells.
        if let Type::UnicodeCharSeq(n) = dtype {
            let s = self.str_op(numrs_abi::StrOp::FromUcs4, &[p.into(), self.i64(i64::from(*n)).into()])?;
            self.elem_fresh.set(true);
            return Ok(s);
        }
        let st = types::storage_type(self.ctx, dtype).map_err(|m| CgError { span: self.span, message: m })?;
        let x = self.b.build_load(st, p, "")?;
        if numeric(dtype) == Some(NumericKind::Boolean) {
            let t = self.b.build_int_compare(IntPredicate::NE, x.into_int_value(), self.ctx.i8_type().const_zero(), "")?;
            return Ok(t.into());
        }
        Ok(x)
    }

    fn lower_setitem(&mut self, target: VarId, index: VarId, value: VarId) -> R<()> {
        if self.dict_setitem(target, index, value)? {
            return Ok(());
        }
        if let Some((p, dtype)) = self.flat_item_ptr(target, index)? {
            let (vt, v) = (self.ty(value)?, self.load(value)?);
            return self.store_element(p, v, &vt, &dtype);
        }
        if let Some((p, dtype)) = self.pointer_item(target, index)? {
            let (vt, v) = (self.ty(value)?, self.load(value)?);
            return self.store_element(p, v, &vt, &dtype);
        }
        let tt = self.ty(target)?;
        if crate::lists::dtype(&tt).is_some() {
            return crate::lists::setitem(self, target, index, value);
        }
        if let Type::JitClassInstance(class) = &tt {
            // `a[i] = v` calls `a.__setitem__(i, v)`.
            let Some(d) = numrs_types::jitclass_operator(class, "operator.setitem") else {
                return self.fail(format!("item assignment on {tt} without __setitem__"));
            };
            let recv = self.load(target)?;
            self.call_jit(&d, Some((recv, tt.clone())), &[index, value], None, &[], &Type::NoneType)?;
            self.fresh = false;
            return Ok(());
        }
        let it = self.ty(index)?;
        let Type::Array(a) = &tt else {
            return self.fail(format!("item assignment on {tt} is not supported by numrs build yet"));
        };
        // `bytes` into one item of a bytes array (not broadcast as an array of uint8).
        let one_item = match it.unliteral() {
            t if t.is_integer() => a.ndim == 1,
            t => t.tuple_items().is_some_and(|items| items.len() == a.ndim as usize && items.iter().all(|i| i.unliteral().is_integer())),
        };
        let bytes_item = matches!(a.dtype, Type::CharSeq(_)) && one_item;
        if !bytes_item && self.setitem_ext(target, index, value)? {
            return Ok(());
        }
        if a.readonly {
            return self.fail("assignment to a read-only array");
        }
        let idx = self.index_list(index, &it)?;
        let arr = self.load(target)?;
        let p = self.element_ptr_in(arr, a.ndim, &idx, self.contiguous_elem(a))?;
        let vt = self.ty(value)?;
        let v = self.load(value)?;
        if let Type::Record(_) | Type::UnicodeCharSeq(_) | Type::CharSeq(_) = a.dtype {
            return self.store_element(p, v, &vt, &a.dtype);
        }
        let v = self.cast(v, &vt, &a.dtype)?;
        let v: BasicValueEnum = if numeric(&a.dtype) == Some(NumericKind::Boolean) {
            self.b.build_int_z_extend(v.into_int_value(), self.ctx.i8_type(), "")?.into()
        } else {
            v
        };
        self.b.build_store(p, v)?;
        Ok(())
    }

    pub(crate) fn getattr(&mut self, value: VarId, attr: &str, tt: &Type) -> R<BasicValueEnum<'ctx>> {
        if let Some(v) = self.record_getattr(value, attr, tt)? {
            return Ok(v);
        }
        let vt = self.ty(value)?;
        if let Type::JitClassInstance(class) = &vt {
            return self.jitclass_getattr(value, class, attr, tt);
        }
        if let Type::Module(m) = &vt {
            if let Some(v) = self.cuda_getattr(m, attr, tt)? {
                return Ok(v);
            }
        }
        match (&vt, attr) {
            // A `@vectorize` function's `identity` or `signature` that is None (its other
            // attributes are literals).
            (Type::Dispatcher(_), _) if *tt == Type::NoneType => Ok(self.vt(tt)?.const_zero()),
            // A slice's or range's fields (their integers: int64, the range's own kind).
            (Type::Slice2 | Type::Slice3 | Type::Range(_), "start" | "stop" | "step") => {
                let sv = self.load(value)?.into_struct_value();
                let i = match attr {
                    "start" => 0,
                    "stop" => 1,
                    _ => 2,
                };
                let x = self.b.build_extract_value(sv, i, "")?;
                let from = match &vt {
                    Type::Range(k) => k.yield_type(),
                    _ => Type::int64(),
                };
                self.cast(x, &from, tt)
            }
            (Type::Array(a), "shape") | (Type::Array(a), "strides") => {
                let sv = self.load(value)?.into_struct_value();
                let field = if attr == "shape" { 5 } else { 6 };
                let dims = self.b.build_extract_value(sv, field, "")?.into_array_value();
                let ut = Type::UniTuple(std::sync::Arc::new(Type::int64()), a.ndim);
                let st = self.vt(&ut)?.into_struct_type();
                let mut agg: inkwell::values::AggregateValueEnum = st.get_undef().into();
                for d in 0..a.ndim {
                    let x = self.b.build_extract_value(dims, d, "")?;
                    agg = self.b.build_insert_value(agg, x, d, "")?;
                }
                self.cast(agg.as_basic_value_enum(), &ut, tt)
            }
            (Type::Array(_), "size") => {
                let sv = self.load(value)?.into_struct_value();
                let x = self.b.build_extract_value(sv, 2, "")?;
                self.cast(x, &Type::int64(), tt)
            }
            (Type::Array(_), "itemsize") => {
                let sv = self.load(value)?.into_struct_value();
                let x = self.b.build_extract_value(sv, 3, "")?;
                self.cast(x, &Type::int64(), tt)
            }
            (Type::Array(_), "nbytes") => {
                let sv = self.load(value)?.into_struct_value();
                let n = self.b.build_extract_value(sv, 2, "")?.into_int_value();
                let size = self.b.build_extract_value(sv, 3, "")?.into_int_value();
                let x = self.b.build_int_mul(n, size, "")?;
                self.cast(x.into(), &Type::int64(), tt)
            }
            (Type::Array(a), "ndim") => self.cast(self.i64(a.ndim as i64).into(), &Type::int64(), tt),
            // A memoryview's flags: its type's (Numba's `is_contig`, `mutable`).
            (Type::Array(a), "contiguous" | "c_contiguous" | "f_contiguous" | "readonly") if a.buffer == Some(numrs_types::BufferKind::MemoryView) => {
                let contig = matches!(a.layout, Layout::C | Layout::F);
                let x = match attr {
                    "contiguous" => contig,
                    "c_contiguous" => a.layout == Layout::C || (a.ndim <= 1 && contig),
                    "f_contiguous" => a.layout == Layout::F || (a.ndim <= 1 && contig),
                    _ => a.readonly,
                };
                Ok(self.ctx.bool_type().const_int(x as u64, false).into())
            }
            (Type::Array(_), "T") => self.transpose(value, tt),
            (Type::Array(_), "flat") => {
                let Type::Iterator(k) = tt else { return self.fail(format!("a.flat typed {tt}")) };
                let av = self.load(value)?;
                self.array_walk_state(av, k)
            }
            (Type::Array(_), "real" | "imag") => self.real_imag(value, attr, tt),
            (Type::NamedTuple(nt), _) if nt.field(attr).is_some() => {
                let i = nt.field(attr).unwrap_or(0);
                let sv = self.load(value)?.into_struct_value();
                let x = self.b.build_extract_value(sv, i as u32, "")?;
                self.cast(x, &nt.items[i], tt)
            }
            // `a.ctypes` is the array's data pointer (borrowed); `data` its address.
            (Type::Array(_), "ctypes") => {
                let sv = self.load(value)?.into_struct_value();
                Ok(self.b.build_extract_value(sv, 4, "ctypes")?)
            }
            (Type::ArrayCTypes(_), "data") => {
                let p = self.load(value)?.into_pointer_value();
                let x = self.b.build_ptr_to_int(p, self.ctx.i64_type(), "")?;
                self.cast(x.into(), &Type::Number(NumericKind::UInt64), tt)
            }
            // `a.flags` is the array (borrowed); its attributes read the layout.
            (Type::Array(_), "flags") => self.load(value),
            (Type::ArrayFlags(a), _) => {
                let x = self.load(value)?;
                let fortran = attr == "f_contiguous";
                let known = if fortran { a.layout == Layout::F || (a.ndim <= 1 && a.layout == Layout::C) } else { a.layout == Layout::C };
                let v = if known {
                    self.ctx.bool_type().const_int(1, false)
                } else {
                    self.has_layout(x, a.ndim, fortran)?
                };
                self.cast(v.into(), &Type::boolean(), tt)
            }
            (Type::Module(m), "newaxis") if m.as_ref() == "numpy" => Ok(self.ctx.const_struct(&[], false).into()),
            // The Numba version numrs follows, as Numba freezes `numba.__version__`.
            (Type::Module(m), "__version__") if &**m == "numba" => {
                let s = self.str_const(NUMBA_VERSION);
                self.cast(s.into(), &Type::Unicode, tt)
            }
            // `numba.config.NUMBA_NUM_THREADS`: the size of the runtime's thread pool (which
            // follows the same variable).
            (Type::Module(m), "NUMBA_NUM_THREADS") if &**m == "numba.config" => {
                let i64t = self.ctx.i64_type();
                let n = self.runtime_call(5, i64t.fn_type(&[], false), &[])?;
                self.cast(n, &Type::int64(), tt)
            }
            (Type::Module(m), _) => match module_constant(m, attr) {
                Some(c) => self.cast(self.ctx.f64_type().const_float(c).into(), &Type::float64(), tt),
                None => self.fail(format!("{m}.{attr} as a value is not supported by numrs build yet")),
            },
            _ => {
                if let Some(k) = numeric(&vt) {
                    if attr == "real" || attr == "imag" {
                        let v = self.load(value)?;
                        if k.is_complex() {
                            let x = self.b.build_extract_value(v.into_struct_value(), (attr == "imag") as u32, "")?;
                            return self.cast(x, &Type::Number(k.underlying_float()), tt);
                        }
                        if attr == "real" {
                            return self.cast(v, &vt, tt);
                        }
                        return self.cast(self.i64(0).into(), &Type::int64(), tt);
                    }
                }
                // An attribute an `@overload_attribute` of the module adds: its implementation
                // called on the receiver.
                let d = DispatcherRef { name: numrs_types::overload_attribute_callee(attr).into(), id: 0, file: None };
                if let Ok(callee) = (self.callees)(&d, std::slice::from_ref(&vt), &[]) {
                    self.called.push(callee.index);
                    let recv = self.load(value)?;
                    let r = self.call_callee_values(&callee, &[(recv, vt.clone())], tt)?;
                    self.fresh = true;
                    return Ok(r);
                }
                self.fail(format!("attribute '{attr}' of {vt} is not supported by numrs build yet"))
            }
        }
    }

    // ----- iteration -----

    fn getiter(&self, v: VarId, tt: &Type) -> R<BasicValueEnum<'ctx>> {
        if let Some(state) = self.container_getiter(v, tt)? {
            return Ok(state);
        }
        if let Type::Generator(_) = tt {
            return self.load(v);
        }
        let Type::Iterator(k) = tt else { return self.fail(format!("getiter producing {tt}")) };
        let mut val = self.load(v)?;
        let mut vt = self.ty(v)?;
        // An optional value is cast to what it holds (TypeError for `None`), as the template
        // Numba's `apply` retried with it unpacked expects.
        if let Type::Optional(inner) = &vt {
            let inner = (**inner).clone();
            val = self.cast(val, &vt, &inner)?;
            vt = inner;
        }
        if let Type::Iterator(_) = vt {
            // `iter()` of an iterator (an `enumerate(...)`) is itself.
            return Ok(val);
        }
        // A tuple of one type but for literal values iterates as that type's UniTuple.
        if let (Type::Tuple(_), numrs_types::IteratorKind::Container(c @ Type::UniTuple(..))) = (&vt, &**k) {
            let val = self.cast(val, &vt, c)?;
            return self.iter_from(val, k);
        }
        self.iter_from(val, k)
    }

    /// A new iterator state (of iterator type `tt`) over `val`.
    pub(crate) fn getiter_val(&self, val: BasicValueEnum<'ctx>, tt: &Type) -> R<BasicValueEnum<'ctx>> {
        if let Type::Generator(_) = tt {
            // A generator is its own iterator.
            return Ok(val);
        }
        let Type::Iterator(k) = tt else { return self.fail(format!("getiter producing {tt}")) };
        self.iter_from(val, k)
    }

    /// One step of the iterator of type `it` whose state is at `state`: `pair<item, valid>`.
    pub(crate) fn iternext_at(&mut self, state: PointerValue<'ctx>, it: &Type, tt: &Type) -> R<BasicValueEnum<'ctx>> {
        if let (Type::Generator(g), Type::Pair(pair)) = (it, tt) {
            return self.gen_next(state, &g.yield_type, &pair.0);
        }
        let Type::Iterator(k) = it else { return self.fail(format!("iternext of {it}")) };
        let Type::Pair(pair) = tt else { return self.fail(format!("iternext producing {tt}")) };
        self.iter_next(state, k, &pair.0)
    }

    /// Signed `x / d` and `x % d` (truncating) for a nonzero `d`, without the trap of
    /// `INT_MIN / -1`: by -1 the quotient is `-x` (wrapping) and the remainder 0.
    pub(crate) fn signed_div_rem(&self, x: IntValue<'ctx>, d: IntValue<'ctx>) -> R<(IntValue<'ctx>, IntValue<'ctx>)> {
        let t = x.get_type();
        let m1 = self.b.build_int_compare(IntPredicate::EQ, d, t.const_all_ones(), "")?;
        let by = self.b.build_select(m1, t.const_int(1, false), d, "")?.into_int_value();
        let q = self.b.build_int_signed_div(x, by, "")?;
        let q = self.b.build_select(m1, self.b.build_int_neg(q, "")?, q, "")?.into_int_value();
        Ok((q, self.b.build_int_signed_rem(x, by, "")?))
    }

    /// The number of items of `range(start, stop, step)` (Numba's range iterator count, which
    /// refuses a zero step with ValueError, as `len()` and `iter()` of the range do).
    pub(crate) fn range_count(&self, start: IntValue<'ctx>, stop: IntValue<'ctx>, step: IntValue<'ctx>, ik: NumericKind) -> R<IntValue<'ctx>> {
        let int_t = start.get_type();
        let zero = int_t.const_zero();
        let one = int_t.const_int(1, false);
        let step_is0 = self.b.build_int_compare(IntPredicate::EQ, step, zero, "")?;
        self.guard(step_is0, ExcKind::ValueError, "range() arg 3 must not be zero")?;
        let count = if ik.is_signed_int() {
            let diff = self.b.build_int_sub(stop, start, "")?;
            let pos_diff = self.b.build_int_compare(IntPredicate::SGT, diff, zero, "")?;
            let pos_step = self.b.build_int_compare(IntPredicate::SGT, step, zero, "")?;
            let differs = self.b.build_xor(pos_diff, pos_step, "")?;
            // (No division by the zero step: it raised above.)
            let is0 = self.b.build_int_compare(IntPredicate::EQ, step, zero, "")?;
            let dstep = self.b.build_select(is0, one, step, "")?.into_int_value();
            let (q, rem) = self.signed_div_rem(diff, dstep)?;
            let nrem = self.b.build_int_neg(rem, "")?;
            let rem = self.b.build_select(pos_diff, rem, nrem, "")?.into_int_value();
            let uneven = self.b.build_int_compare(IntPredicate::SGT, rem, zero, "")?;
            let q = self.b.build_int_add(q, self.b.build_int_z_extend(uneven, int_t, "")?, "")?;
            self.b.build_select(differs, zero, q, "count")?.into_int_value()
        } else {
            let more = self.b.build_int_compare(IntPredicate::UGT, stop, start, "")?;
            let diff = self.b.build_int_sub(stop, start, "")?;
            let is0 = self.b.build_int_compare(IntPredicate::EQ, step, zero, "")?;
            let dstep = self.b.build_select(is0, one, step, "")?.into_int_value();
            let q = self.b.build_int_unsigned_div(diff, dstep, "")?;
            let r = self.b.build_int_unsigned_rem(diff, dstep, "")?;
            let uneven = self.b.build_int_compare(IntPredicate::NE, r, zero, "")?;
            let q = self.b.build_int_add(q, self.b.build_int_z_extend(uneven, int_t, "")?, "")?;
            self.b.build_select(more, q, zero, "count")?.into_int_value()
        };
        Ok(count)
    }

    /// A new iterator of kind `k` over the iterable `val`: a pointer to its state.
    pub(crate) fn iter_from(&self, val: BasicValueEnum<'ctx>, k: &IteratorKind) -> R<BasicValueEnum<'ctx>> {
        if let Some(state) = self.container_iter_from(val, k)? {
            return Ok(state);
        }
        let st = types::iterator_state(self.ctx, k).map_err(|m| CgError { span: self.span, message: m })?;
        let state = self.temp(st.into())?;
        let tt = Type::Iterator(std::sync::Arc::new(k.clone()));
        match k {
            IteratorKind::Range(kind) => {
                // Numba's range iterator: the current value, the number of items left, the step.
                let ik = types::range_int(*kind);
                let sv = val.into_struct_value();
                let start = self.b.build_extract_value(sv, 0, "start")?.into_int_value();
                let stop = self.b.build_extract_value(sv, 1, "stop")?.into_int_value();
                let step = self.b.build_extract_value(sv, 2, "step")?.into_int_value();
                let count = self.range_count(start, stop, step, ik)?;
                let stt = st;
                let p0 = self.b.build_struct_gep(stt, state, 0, "")?;
                self.b.build_store(p0, start)?;
                let p1 = self.b.build_struct_gep(stt, state, 1, "")?;
                self.b.build_store(p1, count)?;
                let p2 = self.b.build_struct_gep(stt, state, 2, "")?;
                self.b.build_store(p2, step)?;
            }
            IteratorKind::Array(_) => {
                let p0 = self.b.build_struct_gep(st, state, 0, "")?;
                self.b.build_store(p0, val)?;
                let p1 = self.b.build_struct_gep(st, state, 1, "")?;
                self.b.build_store(p1, self.i64(0))?;
            }
            other => self.iter_init(val, other, st, state)?,
        }
        let _ = tt;
        Ok(state.into())
    }

    fn iternext(&mut self, v: VarId, tt: &Type) -> R<BasicValueEnum<'ctx>> {
        if let Some(next) = self.container_iternext(v, tt)? {
            return Ok(next);
        }
        let it = self.ty(v)?;
        let state = self.load(v)?.into_pointer_value();
        self.iternext_at(state, &it, tt)
    }

    /// The next item of the iterator at `state`, as the pair `{item (as `item_t`), valid}`.
    pub(crate) fn iter_next(&mut self, state: inkwell::values::PointerValue<'ctx>, k: &IteratorKind, item_t: &Type) -> R<BasicValueEnum<'ctx>> {
        if let Some(next) = self.container_iter_next(state, k, item_t)? {
            return Ok(next);
        }
        let it = Type::Iterator(std::sync::Arc::new(k.clone()));
        let pair = (item_t.clone(),);
        let st = types::iterator_state(self.ctx, k).map_err(|m| CgError { span: self.span, message: m })?;
        let pt = self.ctx.struct_type(&[self.vt(item_t)?, self.ctx.bool_type().into()], false);
        match k {
            IteratorKind::Range(kind) => {
                let ik = types::range_int(*kind);
                let signed = ik.is_signed_int();
                let int_t = types::number_type(self.ctx, ik).into_int_type();
                let pc = self.b.build_struct_gep(st, state, 0, "")?;
                let cur = self.b.build_load(int_t, pc, "cur")?.into_int_value();
                let pn = self.b.build_struct_gep(st, state, 1, "")?;
                let count = self.b.build_load(int_t, pn, "count")?.into_int_value();
                let pstep = self.b.build_struct_gep(st, state, 2, "")?;
                let step = self.b.build_load(int_t, pstep, "step")?.into_int_value();
                let pred = if signed { IntPredicate::SGT } else { IntPredicate::NE };
                let valid = self.b.build_int_compare(pred, count, int_t.const_zero(), "")?;
                // Advance unconditionally (a signed count only goes further below zero once
                // exhausted, so the iterator stays exhausted): the loop's induction variables
                // stay affine, which LLVM needs to compute trip counts and vectorize.
                // An unsigned count must not wrap, so it advances only when an item is produced.
                let next = self.b.build_int_add(cur, step, "")?;
                self.b.build_store(pc, next)?;
                if signed {
                    let left = self.b.build_int_nsw_sub(count, int_t.const_int(1, false), "")?;
                    self.b.build_store(pn, left)?;
                } else {
                    let dec = self.b.build_int_z_extend(valid, int_t, "")?;
                    let left = self.b.build_int_sub(count, dec, "")?;
                    self.b.build_store(pn, left)?;
                }
                let item = self.cast(cur.into(), &Type::Number(ik), &pair.0)?;
                let agg = self.b.build_insert_value(pt.get_undef(), item, 0, "")?;
                let agg = self.b.build_insert_value(agg, valid, 1, "")?;
                Ok(agg.as_basic_value_enum())
            }
            IteratorKind::Array(arr_t) => {
                let Type::Array(a) = arr_t else { return self.fail("array iterator") };
                if a.ndim != 1 {
                    return self.iternext_rows(state, st, a, item_t);
                }
                let at = types::array_struct(self.ctx, a.ndim);
                let pa = self.b.build_struct_gep(st, state, 0, "")?;
                let arr = self.b.build_load(at, pa, "")?;
                let pi = self.b.build_struct_gep(st, state, 1, "")?;
                let i = self.b.build_load(self.ctx.i64_type(), pi, "")?.into_int_value();
                let shape = self.b.build_extract_value(arr.into_struct_value(), 5, "")?.into_array_value();
                let n = self.b.build_extract_value(shape, 0, "")?.into_int_value();
                let valid = self.b.build_int_compare(IntPredicate::SLT, i, n, "")?;
                // Read the element only when valid (the pointer may be past the end).
                let cur_bb = self.b.get_insert_block();
                let read_bb = self.new_block("iter_read");
                let join_bb = self.new_block("iter_join");
                self.b.build_conditional_branch(valid, read_bb, join_bb)?;
                self.b.position_at_end(read_bb);
                let p = self.element_ptr(arr, 1, &[(i.into(), Type::int64())])?;
                let x = self.load_element(p, &a.dtype)?;
                self.hold_iterated_item(x, &a.dtype)?;
                let x = self.cast(x, &a.dtype, &pair.0)?;
                let next = self.b.build_int_add(i, self.i64(1), "")?;
                self.b.build_store(pi, next)?;
                let read_end = self.b.get_insert_block();
                self.b.build_unconditional_branch(join_bb)?;
                self.b.position_at_end(join_bb);
                let et = self.vt(&pair.0)?;
                let phi = self.b.build_phi(et, "")?;
                if let (Some(c), Some(r)) = (cur_bb, read_end) {
                    let undef = zero_of(et);
                    phi.add_incoming(&[(&undef, c), (&x, r)]);
                }
                let agg = self.b.build_insert_value(pt.get_undef(), phi.as_basic_value(), 0, "")?;
                let agg = self.b.build_insert_value(agg, valid, 1, "")?;
                Ok(agg.as_basic_value_enum())
            }
            IteratorKind::Zip(_) => match crate::lists::iternext(self, k, state, st, &Type::Pair(std::sync::Arc::new((item_t.clone(), Type::boolean()))))? {
                Some(v) => Ok(v),
                None => self.fail(format!("iterating over {it} is not supported by numrs build yet")),
            },
            other => {
                let _ = &it;
                self.iter_step(state, other, st, item_t, pt)
            }
        }
    }
}

pub fn zero_of(t: BasicTypeEnum<'_>) -> BasicValueEnum<'_> {
    t.const_zero()
}

/// The Numba version whose semantics numrs follows (`numba.__version__` in compiled code).
const NUMBA_VERSION: &str = "0.68.1";

/// Float constants of modules (`math.pi`, `np.inf`).
fn module_constant(module: &str, attr: &str) -> Option<f64> {
    if !matches!(module, "math" | "numpy" | "cmath") {
        return None;
    }
    Some(match attr {
        "pi" => std::f64::consts::PI,
        "e" => std::f64::consts::E,
        "tau" => std::f64::consts::TAU,
        "inf" | "Inf" | "infty" | "PINF" => f64::INFINITY,
        "nan" | "NaN" | "NAN" => f64::NAN,
        "NINF" => f64::NEG_INFINITY,
        "euler_gamma" if module == "numpy" => 0.577_215_664_901_532_9,
        _ => return None,
    })
}

/// Python's `slice.indices` for a constant slice over `n` items.
fn py_slice_indices(n: i128, start: Option<i128>, stop: Option<i128>, step: Option<i128>) -> Vec<i128> {
    let step = step.unwrap_or(1);
    if step == 0 {
        return vec![];
    }
    let clamp = |v: Option<i128>, default: i128, lo: i128, hi: i128| -> i128 {
        match v {
            None => default,
            Some(x) => {
                let x = if x < 0 { x + n } else { x };
                x.clamp(lo, hi)
            }
        }
    };
    let mut out = Vec::new();
    if step > 0 {
        let (s, e) = (clamp(start, 0, 0, n), clamp(stop, n, 0, n));
        let mut i = s;
        while i < e {
            out.push(i);
            i += step;
        }
    } else {
        let (s, e) = (clamp(start, n - 1, -1, n - 1), clamp(stop, -1, -1, n - 1));
        let s = if start.is_none() { n - 1 } else { s };
        let e = if stop.is_none() { -1 } else { e };
        let mut i = s;
        while i > e {
            out.push(i);
            i += step;
        }
    }
    out
}

/// A constant tuple of a tuple display (`Value::ConstTuple`) as the constants
/// [`FnCx::global_const`] lowers.
fn const_tuple(c: &numrs_ir::ConstValue) -> crate::GlobalConst {
    use numrs_ir::ConstValue as C;
    use numrs_syntax::ast::Constant as K;
    match c {
        C::Tuple(items) => crate::GlobalConst::Tuple(items.iter().map(const_tuple).collect()),
        C::None => crate::GlobalConst::Scalar(K::None),
        C::Bool(b) => crate::GlobalConst::Scalar(K::Bool(*b)),
        C::Int(v) => crate::GlobalConst::Scalar(K::Int(*v)),
        C::BigInt(s) => crate::GlobalConst::Scalar(K::BigInt(s.clone())),
        C::Float(f) => crate::GlobalConst::Scalar(K::Float(*f)),
        C::Complex { real, imag } => crate::GlobalConst::Scalar(K::Complex { real: *real, imag: *imag }),
        C::Str(s) => crate::GlobalConst::Scalar(K::Str(s.clone())),
    }
}

/// A default value's repr as the constants [`FnCx::global_const`] lowers (strings are not).
fn py_repr_const(v: &numrs_types::PyRepr) -> Option<crate::GlobalConst> {
    use numrs_syntax::ast::{Constant as K, FloatBits};
    use numrs_types::PyRepr as P;
    Some(match v {
        P::None => crate::GlobalConst::Scalar(K::None),
        P::Bool(b) => crate::GlobalConst::Scalar(K::Bool(*b)),
        P::Int(i) => crate::GlobalConst::Scalar(K::Int(*i)),
        P::Float(f) => crate::GlobalConst::Scalar(K::Float(FloatBits::new(*f))),
        P::Complex(re, im) => crate::GlobalConst::Scalar(K::Complex { real: FloatBits::new(*re), imag: FloatBits::new(*im) }),
        P::NpScalar(_, inner) => return py_repr_const(inner),
        P::Tuple(items) => crate::GlobalConst::Tuple(items.iter().map(py_repr_const).collect::<Option<Vec<_>>>()?),
        P::Str(_) => return None,
        P::Bytes(b) => bytes_const(b),
    })
}

/// The constant array of a `bytes` value (Numba's `Bytes` constant): its bytes as items.
fn bytes_const(b: &[u8]) -> crate::GlobalConst {
    crate::GlobalConst::Array { shape: vec![b.len() as i64], items: b.iter().map(|x| numrs_syntax::ast::Constant::Int(i128::from(*x))).collect() }
}

/// The C-order positions of an array's items listed in Fortran order.
fn fortran_order(shape: &[i64]) -> Vec<usize> {
    let nd = shape.len();
    let n: usize = shape.iter().map(|d| (*d).max(0) as usize).product();
    let mut c_strides = vec![1usize; nd];
    for d in (0..nd.saturating_sub(1)).rev() {
        c_strides[d] = c_strides[d + 1] * shape[d + 1].max(0) as usize;
    }
    let mut out = Vec::with_capacity(n);
    let mut idx = vec![0usize; nd];
    for _ in 0..n {
        out.push(idx.iter().zip(&c_strides).map(|(i, s)| i * s).sum());
        // The first index varies fastest.
        for d in 0..nd {
            idx[d] += 1;
            if (idx[d] as i64) < shape[d] {
                break;
            }
            idx[d] = 0;
        }
    }
    out
}
