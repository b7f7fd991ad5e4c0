//! numrs codegen: lowers typed specializations (Numba-shaped IR + the typemap inference
//! produced) to one LLVM module per Python module, with LLVM 19 through inkwell.
//!
//! Per specialization the module holds:
//! - the internal function `numrs.<module>.<function>.<n>`: `i32 (ptr ret, ptr exc, args...)`
//!   (see [`func`]), internal linkage;
//! - its uniform wrapper (`numrs_abi::WrapperFn`), internal linkage, referenced by the table;
//! - its C entry point `numrs_<module>__<function>__<n>` (exported; declared in the header):
//!   numbers other than complex by value, every other argument by pointer to its native
//!   storage, then `out` (pointer to the result's storage) and `exc` (`numrs_excinfo *`);
//!   returns the `numrs_abi::Status`.
//!
//! Per module: the exported `numrs_module_table` (`numrs_abi::ModuleTable`) and
//! `PyInit_<module>`, which creates the module with `PyModule_Create2` (stable ABI), imports
//! `numrs_runtime` and calls `numrs_runtime._populate(module, capsule)`.
//!
//! LLVM objects never leave [`compile_module`]: it creates its own `Context` and returns bytes
//! and text, so callers (and salsa) only ever see plain data.

mod arraylib;
mod arrays;
mod datetime;
mod dicts;
mod dufunc;
mod fancy;
mod generators;
mod hashing;
mod matrices;
mod nanfuncs;
mod pointers;
mod polynomial;
mod searchsorted;
mod reshape;
mod binning;
mod bytes;
mod convolve;
mod cuda;
mod views;
mod interp;
pub mod func;
mod random;
mod header;
mod heapq;
mod iters;
mod linalg;
mod jitclass;
mod lists;
pub mod lowered;
mod module;
mod npfuncs;
mod npgenerator;
mod np_params;
mod objmode;
mod fnvalues;
mod sort;
mod asarray_args;
mod star_args;
mod setops;
mod layouts;
mod indices;
mod strings;
mod ops;
mod closures;
mod cmath;
mod ctrig;
mod cufunc;
mod optional;
mod records;
mod tuples;
mod parallel;
pub mod types;

pub use func::{bind_call, ArgSource, CgError, Flags};
pub use header::c_header;
pub use lowered::{LoweredCache, NoCache};
pub use module::compile_module;


use numrs_ir::FunctionIr;
use numrs_types::{DispatcherRef, Type};

/// One specialization to compile.
pub struct SpecInput<'a> {
    /// The Python name of the jit function.
    pub function: String,
    /// Specializations with the same `function_id` belong to one dispatcher.
    pub function_id: usize,
    pub ir: &'a FunctionIr,
    /// The type of each IR variable (`InferResult::typemap`).
    pub typemap: &'a [Option<Type>],
    /// How the inner functions it calls typed (`InferResult::closures`).
    pub closures: &'a [numrs_infer::ClosureTyping],
    pub args: Vec<Type>,
    pub return_type: Type,
    /// The function's parameters: Python name and default value as Python literal source
    /// (`None`: no default), for keyword arguments and defaults at call time (table version
    /// 3). Empty when callers may pass arguments by position only (e.g. `*args` functions).
    pub params: Vec<(String, Option<String>)>,
    /// The LLVM fast-math flags of the decorator's `fastmath=` (`fast`, `nnan`, `contract`,
    /// ...), set on this function's floating-point instructions as Numba does. Empty: none.
    pub fastmath: Vec<String>,
    /// `boundscheck=` and `error_model=`.
    pub flags: Flags,
    /// A `@cuda.jit` kernel (compiled with `Options::ptx`): gets a PTX entry point.
    pub kernel: bool,
    /// Called only from compiled code (an inner function passed to a jit function): no
    /// Python wrapper, no C entry point.
    pub internal: bool,
    /// The key under which its lowering may be cached (see [`lowered`]): must change
    /// whenever anything lowering reads changes. `None`: not cached.
    pub lowered_key: Option<String>,
    /// The values of the module-level constants it reads (`RATE = 0.25`), which Numba
    /// freezes into the compiled code.
    pub globals: Vec<(String, GlobalConst)>,
    /// Where the function's source is, for messages that name it as Numba does.
    pub location: Option<SourceLocation>,
    /// A `@stencil` kernel: `args` ends with the point's index (one `int64` per dimension),
    /// which the kernel's relative indices of its array arguments are taken from.
    pub stencil: Option<Stencil>,
    /// A `@cfunc`: also gets a C callback, [`cfunc_symbol`] (Numba's cfunc wrapper), when
    /// [`c_callback_types`] allows its signature.
    pub cfunc: bool,
}

/// A `@stencil` kernel's application (Numba's `StencilFunc`): the number of dimensions of its
/// arrays and, per dimension, the lowest and highest relative index the kernel reads.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Stencil {
    pub ndim: u32,
    pub neighborhood: Vec<(i64, i64)>,
    /// The decorator's `cval` (the value outside the neighbourhood's reach; 0 by default).
    pub cval: Option<numrs_syntax::ast::Constant>,
    /// The parameters (bit `i` for parameter `i`) named by `standard_indexing=`: indexed as
    /// they are, not relative to the point, and not part of the neighbourhood.
    pub standard: u64,
}

/// The file and lines of a specialization's source, for run-time messages that name a place
/// as Numba's `Loc` prints it (`FILE (LINE)`), e.g. the size assertions of parallel array
/// expressions.
#[derive(Clone, Debug)]
pub struct SourceLocation {
    /// The source file's path, as Python's `co_filename` would give it (absolute).
    pub file: std::sync::Arc<str>,
    pub lines: std::sync::Arc<numrs_syntax::LineIndex>,
    /// The file offset IR spans are relative to.
    pub base: u32,
    /// What the function's `with objmode(...):` blocks (its inner functions' too) run.
    pub objmode: Vec<ObjModeText>,
}

/// The Python an object-mode block runs, by the span of its body (`ObjModeInfo::body`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ObjModeText {
    pub body: numrs_syntax::ast::Span,
    /// The prelude that makes its globals and its (dedented) source, or why numrs cannot
    /// run it.
    pub text: Result<(String, String), String>,
}

impl SourceLocation {
    /// `FILE (LINE)` of a function-relative span.
    pub fn at(&self, span: numrs_syntax::ast::Span) -> String {
        format!("{} ({})", self.file, self.lines.line_col(self.base.saturating_add(span.start)).line)
    }
}

/// A module-level constant's value.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum GlobalConst {
    Scalar(numrs_syntax::ast::Constant),
    Tuple(Vec<GlobalConst>),
    /// A NumPy array built from constants (`np.array([1.0, 2.0])`, `np.zeros(3)`): its shape
    /// and items in C order (converted to the array type's dtype); a read-only constant, as
    /// Numba freezes global arrays.
    Array { shape: Vec<i64>, items: Vec<numrs_syntax::ast::Constant> },
    /// An array of records built from constants: its shape and bytes (C order), as NumPy lays
    /// them out. Writable memory (Numba types a record of a global array as writable).
    RecordArray { shape: Vec<i64>, bytes: Vec<u8> },
    /// A value only the module, run, computes (`np.log(2 * np.pi)`: NumPy's transcendental
    /// functions): read from the slot `symbol` (a [`FunctionInput::imported`] of the module),
    /// which the runtime fills when the module is imported.
    Imported { symbol: String },
}

/// One jit function of the module: every one gets a table entry (a dispatcher), also when none
/// of its specializations could be built (calling it then raises TypeError, as calling a Numba
/// dispatcher whose explicit signatures all failed to compile does).
#[derive(Hash)]
pub struct FunctionInput {
    pub function_id: usize,
    pub name: String,
    /// As [`SpecInput::params`].
    pub params: Vec<(String, Option<String>)>,
    /// A `@vectorize` function: a NumPy ufunc in Python (`numrs_abi::FUNCTION_KIND_UFUNC`).
    pub ufunc: bool,
    /// A jit function without explicit signatures, which Numba compiles for each new call
    /// (`numrs_abi::FUNCTION_FLAG_LAZY`).
    pub lazy: bool,
    /// `nogil=True`: its dispatcher releases the GIL during calls (`numrs_abi::FUNCTION_FLAG_NOGIL`).
    pub nogil: bool,
    /// Specializations of a lazily compiled function that did not type (argument types,
    /// `Kind: message`): a call with exactly these types raises that error, as Numba's
    /// compilation of it does (a table specialization without a wrapper).
    pub refused: Vec<(Vec<Type>, String)>,
    /// A `@vectorize` function's `identity=`, as NumPy codes it (`PyUFunc_Zero` 0,
    /// `PyUFunc_One` 1, `PyUFunc_ReorderableNone` -2); `None`: no identity.
    pub identity: Option<i32>,
    /// A `@guvectorize` function's layout (`(n),()->(n)`): a NumPy generalized ufunc in
    /// Python (`numrs_abi::FUNCTION_KIND_GUFUNC`).
    pub gufunc: Option<String>,
    /// A `@cuda.jit` kernel compiled to PTX: launched from Python
    /// (`numrs_abi::FUNCTION_KIND_KERNEL`).
    pub kernel: Option<KernelFunction>,
    /// A `@jitclass` class or one of its members.
    pub jitclass: Option<JitClassRole>,
    /// Not a function: Python the module runs when it is imported
    /// (`numrs_abi::FUNCTION_KIND_PYTHON`), the exception classes (`name`, comma-separated)
    /// its compiled code raises.
    pub python: Option<PythonSource>,
    /// Not a function: the slot of a module-level value compiled code reads
    /// ([`GlobalConst::Imported`]), and the setter the module's Python calls with the value
    /// when it is imported (a dispatcher named `name`, taking one argument of the slot's type
    /// made writable).
    pub imported: Option<ImportedSlot>,
}

/// See [`FunctionInput::imported`].
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ImportedSlot {
    pub symbol: String,
    /// The value's type as compiled code reads it (`readonly array(float64, 1d, C)`, `float64`).
    pub ty: Type,
}

impl FunctionInput {
    /// A table entry `function_id` named `name` that is none of the special kinds (no
    /// parameters, not a ufunc, not lazy); the other roles are set on top of it.
    pub fn entry(function_id: usize, name: String) -> FunctionInput {
        FunctionInput {
            function_id,
            name,
            params: Vec::new(),
            ufunc: false,
            lazy: false,
            nogil: false,
            refused: Vec::new(),
            identity: None,
            gufunc: None,
            kernel: None,
            jitclass: None,
            python: None,
            imported: None,
        }
    }
}

/// Python source a built module runs in its namespace when it is imported.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PythonSource {
    /// The source file it comes from (as [`SourceLocation::file`]).
    pub file: String,
    pub source: String,
    /// Run after every function of the module exists (module-level aliases of them), not
    /// before (exception classes).
    pub last: bool,
}

/// What a [`FunctionInput`] is to a `@jitclass`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum JitClassRole {
    /// The class itself (`numrs_abi::FUNCTION_KIND_JITCLASS`): its constructors are made from
    /// the specializations of `__init__` (the function `init`, none when the class has no
    /// `__init__`) that have a Python entry; `instance` is the instance type.
    /// `deferred` lists the `deferred_type()`s defined as `instance` (see
    /// `numrs_abi::FUNCTION_KIND_JITCLASS`).
    Class { instance: Type, init: Option<usize>, deferred: Vec<u64> },
    /// A class of another module (`numrs_abi::FUNCTION_KIND_JITCLASS_IMPORT`): the
    /// [`FunctionInput`]'s name is that module's.
    Import { instance: Type },
    /// A member (`kind`: `numrs_abi::FUNCTION_KIND_METHOD`, `FUNCTION_KIND_STATIC_METHOD`,
    /// `FUNCTION_KIND_PROPERTY_GET` or `FUNCTION_KIND_PROPERTY_SET`) named `member` in Python.
    Member { class: String, member: String, kind: u32 },
}

/// A kernel's part of the module table: the module's PTX and, per signature, the argument
/// types and the entry point.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct KernelFunction {
    pub ptx: std::sync::Arc<str>,
    pub specs: Vec<(Vec<Type>, String)>,
}

/// Finds the specialization a call of another jit function runs: `(caller index, callee,
/// argument types)` → index into the spec list, or why there is none.
pub type Resolver<'a> = dyn Fn(usize, &DispatcherRef, &[Type]) -> Result<usize, String> + 'a;

/// The parameters (name, default as Python literal source) of the jit function a dispatcher
/// stands for, to bind keyword arguments and defaults at call sites; empty when only
/// positional calls are supported (as [`FunctionInput::params`]).
pub type ParamsOf<'a> = dyn Fn(&DispatcherRef) -> CallParams + 'a;

/// A jit function's parameters as call sites bind them: the positional ones (name, default
/// as Python literal source), whether a `*args` parameter follows, and the keyword-only ones.
/// Empty and `false` when only positional calls of the full arity are supported (`**kwargs`,
/// defaults that are not literals).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct CallParams {
    pub params: Vec<(String, Option<String>)>,
    pub star: bool,
    /// How many of `params` (the last ones) are keyword-only. Numba passes a call's last
    /// positional arguments to them (`fold_arguments`), and their defaults are never used.
    pub kwonly: usize,
    /// A `@vectorize` function, with its number of inputs: a call runs one of its loops per
    /// element (Numba's DUFunc), and the resolver is asked for the loop of the element types.
    pub ufunc: Option<usize>,
    /// A `@guvectorize` function: its number of inputs and each operand's core dimensions (as
    /// indices of the layout's dimension names). Called from jit code, it runs its kernel per
    /// loop index (directly when no operand has loop dimensions).
    pub gufunc: Option<(usize, Vec<Vec<usize>>)>,
    /// A `@cfunc`: jit code calls it through its C wrapper, which drops an exception the
    /// function raises (Numba writes it out as unraisable) and returns 0.
    pub cfunc: bool,
    /// An `@intrinsic`: its code generator is Python building LLVM IR with llvmlite when Numba
    /// compiles the call; numrs types the call but cannot lower it.
    pub intrinsic: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// 0..=3, LLVM's `default<On>` pipeline.
    pub opt_level: u8,
    /// Also produce the assembly text.
    pub emit_asm: bool,
    /// Compile for the GPU: the specializations are `@cuda.jit` kernels and device
    /// functions, and the output is PTX for this compute capability (`sm_75`): kernels get
    /// entry points (see `cuda`), no Python module is made.
    pub ptx: Option<&'static str>,
    /// NVIDIA's libdevice bitcode (`libdevice.10.bc`) for PTX: math functions in kernels call
    /// its `__nv_*` functions, as Numba's CUDA target does. None: they are refused.
    pub libdevice: Option<&'static [u8]>,
}

impl Default for Options {
    fn default() -> Self {
        Options { opt_level: 3, emit_asm: false, ptx: None, libdevice: None }
    }
}

/// What became of one specialization.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SpecOutcome {
    Built { c_symbol: String },
    Failed(CgError),
}

pub struct Output {
    /// The optimized module as LLVM IR text.
    pub llvm_ir: String,
    pub asm: Option<String>,
    /// A relocatable (PIC) object file for the host.
    pub object: Vec<u8>,
    /// Per input specialization, in input order.
    pub specs: Vec<SpecOutcome>,
    /// Per input specialization: lowered by this build (not taken from the cache).
    pub lowered: Vec<bool>,
}

/// What the generated code depends on besides its input: the target triple, host CPU and its
/// features (part of build cache keys).
pub fn target_identity() -> String {
    use inkwell::targets::TargetMachine;
    format!(
        "{} {} {}",
        TargetMachine::get_default_triple().as_str().to_string_lossy(),
        TargetMachine::get_host_cpu_name().to_string(),
        TargetMachine::get_host_cpu_features().to_string()
    )
}

/// The symbol of a `@cfunc`'s C callback (what `CFunc.address` points to): a function of
/// the signature's C types (`double f(int32_t n, double *p)`) that returns 0 (and writes the
/// exception out as unraisable) where the function raises, as Numba's cfunc wrapper does.
pub fn cfunc_symbol(module: &str, function: &str) -> String {
    format!("numrs_{module}__{function}__cfunc")
}

/// Whether a `@cfunc` signature has a C callback: arguments and result that C and LLVM pass
/// alike (numbers other than complex ones, pointers; no result for `None`).
pub fn c_callback_types(args: &[Type], ret: &Type) -> bool {
    let plain = |t: &Type| matches!(t, Type::CPointer(_) | Type::VoidPtr) || types::numeric(t).is_some_and(|k| !k.is_complex());
    args.iter().all(plain) && (plain(ret) || matches!(ret, Type::NoneType))
}

/// The C symbol of a specialization's entry point.
pub fn c_symbol(module: &str, function: &str, n: usize) -> String {
    format!("numrs_{module}__{function}__{n}")
}
