//! The binary interface between a module built by `numrs build` and the numrs runtime.
//!
//! A built module is a CPython extension (`PyInit_<module>`) whose compiled code knows nothing
//! about Python objects. Its init function creates the module object, imports `numrs_runtime`
//! and calls `numrs_runtime._populate(module, capsule)` where the capsule (name
//! [`TABLE_CAPSULE_NAME`]) points at the module's [`ModuleTable`]. The runtime writes its
//! [`RuntimeApi`] into the table's `runtime` slot, then creates one dispatcher per function.
//!
//! Every specialization has a *wrapper* with one uniform signature ([`WrapperFn`]): the runtime
//! unboxes each argument into native storage laid out as [`layout`] says, passes an array of
//! pointers to that storage, and boxes the value written to `ret`. Errors raised by compiled code
//! are described in [`ExcInfo`] and turned into the Python exception by the runtime.
//!
//! Invariants:
//! - Layouts are the natural C layout of LLVM's default x86-64/aarch64 data layout; codegen and
//!   the runtime both compute them from [`layout`], never by hand.
//! - Arrays use Numba's array model ([`ArrayHeader`] followed by `shape[ndim]`, `strides[ndim]`).
//!   An argument array borrowed from Python has `meminfo == null` and `parent` = the ndarray; an
//!   array allocated by compiled code has a [`MemInfo`] whose reference it owns.
//! - A wrapper never touches Python objects and never unwinds; it returns a [`Status`].

use numrs_types::{NumericKind, Type};
use std::ffi::{c_char, c_void};

/// Bumped whenever any structure below changes incompatibly; the version of the tables whose
/// `functions` are [`FunctionEntry`] items.
pub const ABI_VERSION: u32 = 1;

/// Tables with this `abi_version` have [`FunctionEntryV2`] items (parameter names, so callers
/// may pass keyword arguments); otherwise everything is as in [`ABI_VERSION`].
pub const ABI_VERSION_PARAM_NAMES: u32 = 2;

/// Tables with this `abi_version` have [`FunctionEntryV3`] items (parameter names and default
/// values); otherwise everything is as in [`ABI_VERSION`].
pub const ABI_VERSION_PARAM_DEFAULTS: u32 = 3;

/// Tables with this `abi_version` have [`FunctionEntryV4`] items (a kind: dispatcher or
/// ufunc); otherwise everything is as in [`ABI_VERSION_PARAM_DEFAULTS`].
pub const ABI_VERSION_KINDS: u32 = 4;

/// Tables with this `abi_version` have [`FunctionEntryV5`] items (a generalized ufunc's
/// layout); otherwise everything is as in [`ABI_VERSION_KINDS`].
pub const ABI_VERSION_GUFUNC: u32 = 5;

/// Tables with this `abi_version` are as in [`ABI_VERSION_GUFUNC`], and may hold functions of
/// kind [`FUNCTION_KIND_KERNEL`].
pub const ABI_VERSION_KERNELS: u32 = 6;

/// Tables with this `abi_version` are as in [`ABI_VERSION_KERNELS`], and may hold `@jitclass`
/// classes and their members ([`FUNCTION_KIND_JITCLASS`] and the kinds after it); their
/// compiled code may call [`RuntimeApi::array_adopt`], so a runtime must know this version
/// (and have that field) to load them.
pub const ABI_VERSION_JITCLASS: u32 = 7;

/// Tables with this `abi_version` are as in [`ABI_VERSION_JITCLASS`], and may hold an entry of
/// kind [`FUNCTION_KIND_PYTHON`]; their compiled code may raise the classes it defines
/// ([`EXC_CLASS_PREFIX`]).
pub const ABI_VERSION_PYTHON: u32 = 8;

/// Tables with this `abi_version` are as in [`ABI_VERSION_PYTHON`], and their compiled code
/// sets [`ListPayload::dirty`] whenever it changes a list: the runtime reflects a list argument
/// back into its Python list only when it is dirty, as Numba does (for older tables, always).
pub const ABI_VERSION_LIST_DIRTY: u32 = 9;

/// Tables whose dispatcher kinds may carry [`FUNCTION_FLAG_NOGIL`].
pub const ABI_VERSION_NOGIL: u32 = 10;
/// Tables whose compiled code may call [`RuntimeApi::linalg`].
pub const ABI_VERSION_LINALG: u32 = 11;
/// Tables whose compiled code may call [`RuntimeApi::unraisable`] (a `@cfunc`'s C callback).
pub const ABI_VERSION_UNRAISABLE: u32 = 12;
/// The table versions the runtime accepts.
pub const MIN_ABI_VERSION: u32 = 1;
/// Tables whose compiled code may call [`RuntimeApi::set_num_threads`] and
/// [`RuntimeApi::parallel_chunksize`].
pub const ABI_VERSION_THREADS: u32 = 13;
pub const MAX_ABI_VERSION: u32 = 13;

/// Name of the capsule that carries a [`ModuleTable`] pointer.
pub const TABLE_CAPSULE_NAME: &str = "numrs.module_table";

/// Name of the symbol of the table in the built shared object (also usable from C).
pub const TABLE_SYMBOL: &str = "numrs_module_table";

/// What a wrapper returns.
#[repr(i32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Ok = 0,
    /// A Python exception described by the [`ExcInfo`].
    Error = 1,
}

/// `int32_t wrapper(void **args, void *ret, ExcInfo *exc)`.
pub type WrapperFn = unsafe extern "C" fn(args: *const *mut c_void, ret: *mut c_void, exc: *mut ExcInfo) -> i32;

#[repr(C)]
pub struct ModuleTable {
    pub abi_version: u32,
    pub n_functions: u32,
    /// NUL-terminated module name.
    pub module_name: *const c_char,
    /// `n_functions` items: [`FunctionEntry`], [`FunctionEntryV2`] when `abi_version` is
    /// [`ABI_VERSION_PARAM_NAMES`], [`FunctionEntryV3`] when it is [`ABI_VERSION_PARAM_DEFAULTS`].
    pub functions: *const FunctionEntry,
    /// Filled by the runtime before any wrapper is called; compiled code calls through it.
    pub runtime: *mut *const RuntimeApi,
}

#[repr(C)]
pub struct FunctionEntry {
    /// The Python name of the function.
    pub name: *const c_char,
    pub n_specs: u32,
    pub specs: *const Specialization,
}

/// A [`FunctionEntry`] followed by the function's parameter names (tables of version
/// [`ABI_VERSION_PARAM_NAMES`]).
#[repr(C)]
pub struct FunctionEntryV2 {
    pub name: *const c_char,
    pub n_specs: u32,
    pub specs: *const Specialization,
    /// The Python names of the parameters, in order, one per argument of every specialization
    /// (they all have the same arity), so that callers may pass keyword arguments as Numba's
    /// dispatcher accepts them. Null: positional arguments only.
    pub param_names: *const *const c_char,
}

/// A [`FunctionEntryV2`] followed by the parameters' default values (tables of version
/// [`ABI_VERSION_PARAM_DEFAULTS`]).
///
/// A call that leaves out a parameter with a default gets, as Numba's dispatcher does, an
/// argument of type `omitted(default=<repr>)` for it (Numba's `types.Omitted`): specializations
/// that accept the call have that type at that position, spelled as Numba prints it
/// (`omitted(default=2)`, `omitted(default=None)`, `omitted(default=(1, 2))`,
/// `omitted(default='abc')`). Its native storage is empty ([`layout`] gives size 0): the
/// wrapper receives a pointer it must not read, and compiled code uses the default as a
/// constant.
#[repr(C)]
pub struct FunctionEntryV3 {
    pub name: *const c_char,
    pub n_specs: u32,
    pub specs: *const Specialization,
    /// As in [`FunctionEntryV2`], followed by a null pointer; must not be null when
    /// `param_defaults` is not.
    ///
    /// `n_specs` may be 0: a jit function none of whose specializations could be built is
    /// still a dispatcher (every call raises TypeError, as a Numba dispatcher whose explicit
    /// signatures all failed to compile does); its arity is then the number of names before
    /// the null (0 when `param_names` is null).
    pub param_names: *const *const c_char,
    /// Null: no parameter has a default. Otherwise one item per parameter: null (no default)
    /// or the default's Python literal source text (`2`, `0.5`, `None`, `(1, 2)`, `'abc'`,
    /// anything `ast.literal_eval` accepts), NUL-terminated UTF-8. As in Python, once a
    /// parameter has a default every later one has one. The runtime evaluates them once, when
    /// the module is populated; `repr()` of the value is the `<repr>` of the omitted type.
    pub param_defaults: *const *const c_char,
}

/// A [`FunctionEntryV3`] followed by what the function becomes in Python (tables of version
/// [`ABI_VERSION_KINDS`]).
#[repr(C)]
pub struct FunctionEntryV4 {
    pub name: *const c_char,
    pub n_specs: u32,
    pub specs: *const Specialization,
    pub param_names: *const *const c_char,
    pub param_defaults: *const *const c_char,
    /// [`FUNCTION_KIND_DISPATCHER`] or [`FUNCTION_KIND_UFUNC`].
    pub kind: u32,
}

/// A [`FunctionEntryV4`] followed by a generalized ufunc's layout (tables of version
/// [`ABI_VERSION_GUFUNC`]).
#[repr(C)]
pub struct FunctionEntryV5 {
    pub name: *const c_char,
    pub n_specs: u32,
    pub specs: *const Specialization,
    pub param_names: *const *const c_char,
    pub param_defaults: *const *const c_char,
    pub kind: u32,
    /// For [`FUNCTION_KIND_GUFUNC`]: the `@guvectorize` layout as NumPy spells a gufunc's
    /// signature (`(m,n),(n)->(m)`), NUL-terminated; null for other kinds.
    pub layout: *const c_char,
}

/// A jit function: a dispatcher choosing among the specializations.
pub const FUNCTION_KIND_DISPATCHER: u32 = 0;
/// Or'ed into [`FUNCTION_KIND_DISPATCHER`]: a jit function without explicit signatures, which
/// Numba compiles for a call whose types no specialization has exactly. Such a call is typed
/// again as Numba's compilation types it (Python's `typeof`: a Python int in [2**63, 2**64)
/// is uint64, where the dispatcher's fast path says int64) before conversions are tried.
pub const FUNCTION_FLAG_LAZY: u32 = 0x100;
/// Or'ed into [`FUNCTION_KIND_DISPATCHER`]: `nogil=True`, the dispatcher releases the GIL while
/// the compiled code runs (the runtime services compiled code calls take it when they need it).
pub const FUNCTION_FLAG_NOGIL: u32 = 0x200;
/// A `@vectorize` function: a NumPy ufunc with one loop per specialization (scalar numbers
/// in, one scalar number out), each calling the specialization's wrapper per element.
pub const FUNCTION_KIND_UFUNC: u32 = 1;
/// A `@guvectorize` function: a NumPy generalized ufunc (the entry's `layout`) with one loop
/// per specialization. Each specialization takes every operand (inputs, then outputs) and
/// returns `none`: an operand with core dimensions, or declared as an array, is passed as an
/// array of its core dimensions (a scalar core as a 1-element 1-d array) viewing NumPy's
/// buffer; a scalar operand as its value.
pub const FUNCTION_KIND_GUFUNC: u32 = 2;
/// A `@cuda.jit` kernel (tables of version [`ABI_VERSION_KERNELS`]): the entry's `layout` is
/// the module's PTX (NUL-terminated) and each specialization's `c_symbol` its kernel entry
/// point in it (its `wrapper` only raises: kernels are launched, `kernel[griddim,
/// blockdim](args)`, never called through the wrapper).
pub const FUNCTION_KIND_KERNEL: u32 = 3;

/// A `@jitclass` class (tables of version [`ABI_VERSION_JITCLASS`]): a class in Python whose
/// calls construct instances. The entry's `layout` is the instance type as Numba prints it
/// (`instance.jitclass.Bag#7f..<value:int32,data:array(float32, 1d, A)>`), which says the
/// fields: an instance is a pointer to a [`MemInfo`] whose data holds them as [`layout`] lays
/// out the tuple of their types. It may be followed by a line per `deferred_type()` defined as
/// this class's instances (`\nDeferredType#<id>`): a field of that type holds an instance of
/// the class. Each specialization is a constructor: it takes `__init__`'s
/// arguments after `self` and returns a new instance (one reference, owned by the receiver).
/// An instance of the class is a Python object holding one reference; its fields are
/// attributes read and written by the runtime, which drops the references they own when the
/// last reference to the instance goes.
pub const FUNCTION_KIND_JITCLASS: u32 = 4;
/// A method of a jitclass (its `layout` is the class's name, its `name` the method's): an
/// attribute of the class in Python, called with the instance first.
pub const FUNCTION_KIND_METHOD: u32 = 5;
/// A static method of a jitclass (`layout` and `name` as for [`FUNCTION_KIND_METHOD`]).
pub const FUNCTION_KIND_STATIC_METHOD: u32 = 6;
/// A property's getter (the instance its one argument) and setter (the instance and the
/// value, returning `none`) of a jitclass (`layout` and `name` as for
/// [`FUNCTION_KIND_METHOD`]).
pub const FUNCTION_KIND_PROPERTY_GET: u32 = 7;
pub const FUNCTION_KIND_PROPERTY_SET: u32 = 8;

/// A `@jitclass` of another module whose instances this module's functions take or return
/// (tables of version [`ABI_VERSION_JITCLASS`]): the entry's `name` is the module Python
/// imports to get the class (when an instance is to be boxed and no loaded module defined the
/// class yet), its `layout` the instance type; it has no specializations.
pub const FUNCTION_KIND_JITCLASS_IMPORT: u32 = 9;

/// Python the runtime runs in the module's namespace when it loads the table, before the
/// entries after it (tables of version [`ABI_VERSION_PYTHON`]): the module's exception classes
/// (their source, and what they read). Its `layout` is the source file's path, a newline, and
/// the source; its `name` the classes it defines, comma-separated, which compiled code of that
/// file raises by name ([`EXC_CLASS_PREFIX`]). It has no specializations.
pub const FUNCTION_KIND_PYTHON: u32 = 10;

/// The `name` of a [`FUNCTION_KIND_PYTHON`] entry that computes values compiled code reads
/// (module-level values numrs cannot compute, such as `np.log(2 * np.pi)`) and passes them to
/// their setters (dispatchers it then deletes from the module): when it fails the module
/// cannot be imported.
pub const PYTHON_IMPORTED_VALUES: &str = "*imported";

/// The layout of the data of a `@jitclass` instance's [`MemInfo`] (see
/// [`FUNCTION_KIND_JITCLASS`]): its fields one after the other, as in a tuple of their types.
pub fn jitclass_data_layout(class: &numrs_types::JitClassType) -> Option<Layout> {
    let types: Vec<Type> = class.fields.iter().map(|(_, t)| t.clone()).collect();
    struct_layout(&types)
}

#[repr(C)]
pub struct Specialization {
    pub n_args: u32,
    /// Each argument's Numba type as Numba prints it (`array(float64, 1d, C)`); the runtime
    /// parses them with `numrs_types::parse_type`.
    pub arg_types: *const *const c_char,
    pub return_type: *const c_char,
    /// Null: a specialization of a lazily compiled function ([`FUNCTION_FLAG_LAZY`]) that did
    /// not compile, which Numba would try to compile, and fail, for a call of exactly these
    /// argument types: `c_symbol` is then the error, `Kind: message` (`TypingError: ...`), which
    /// such a call raises, and the return type is `none`.
    pub wrapper: Option<WrapperFn>,
    /// The symbol of the C entry point (see the generated header), NUL-terminated.
    pub c_symbol: *const c_char,
}

/// Python exception classes compiled code can raise.
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ExcKind {
    Exception = 0,
    IndexError = 1,
    ZeroDivisionError = 2,
    ValueError = 3,
    TypeError = 4,
    KeyError = 5,
    AssertionError = 6,
    OverflowError = 7,
    RuntimeError = 8,
    StopIteration = 9,
    NotImplementedError = 10,
    ArithmeticError = 11,
    LookupError = 12,
    MemoryError = 13,
    FloatingPointError = 14,
    /// `numpy.exceptions.AxisError` (a ValueError and an IndexError).
    AxisError = 15,
}

impl ExcKind {
    pub const ALL: [ExcKind; 16] = [
        ExcKind::Exception,
        ExcKind::IndexError,
        ExcKind::ZeroDivisionError,
        ExcKind::ValueError,
        ExcKind::TypeError,
        ExcKind::KeyError,
        ExcKind::AssertionError,
        ExcKind::OverflowError,
        ExcKind::RuntimeError,
        ExcKind::StopIteration,
        ExcKind::NotImplementedError,
        ExcKind::ArithmeticError,
        ExcKind::LookupError,
        ExcKind::MemoryError,
        ExcKind::FloatingPointError,
        ExcKind::AxisError,
    ];
    pub fn name(self) -> &'static str {
        match self {
            ExcKind::Exception => "Exception",
            ExcKind::IndexError => "IndexError",
            ExcKind::ZeroDivisionError => "ZeroDivisionError",
            ExcKind::ValueError => "ValueError",
            ExcKind::TypeError => "TypeError",
            ExcKind::KeyError => "KeyError",
            ExcKind::AssertionError => "AssertionError",
            ExcKind::OverflowError => "OverflowError",
            ExcKind::RuntimeError => "RuntimeError",
            ExcKind::StopIteration => "StopIteration",
            ExcKind::NotImplementedError => "NotImplementedError",
            ExcKind::ArithmeticError => "ArithmeticError",
            ExcKind::LookupError => "LookupError",
            ExcKind::MemoryError => "MemoryError",
            ExcKind::FloatingPointError => "FloatingPointError",
            ExcKind::AxisError => "AxisError",
        }
    }
    pub fn from_name(name: &str) -> Option<ExcKind> {
        ExcKind::ALL.iter().copied().find(|k| k.name() == name)
    }
    pub fn from_u32(v: u32) -> Option<ExcKind> {
        ExcKind::ALL.get(v as usize).copied()
    }
}

/// An [`ExcInfo`] message that starts with this holds the exception's arguments as a Python
/// literal tuple (`"\0args:(3,)"` for `KeyError(3)`, `"\0args:('too big', 5)"`), which the
/// runtime passes as the arguments themselves, as Numba does; any other message is the single
/// string argument.
pub const EXC_ARGS_PREFIX: &str = "\0args:";

/// A parameter default in the module table that numrs cannot give the runtime (an array, a
/// value computed by the module): a call leaving it out is a TypeError saying so, while calls
/// passing it, and the defaults after it, work.
pub const UNAVAILABLE_DEFAULT: &str = "<default not available>";

/// The prefix of a parameter default in the module table (and of a default bound at call
/// sites in compiled code) that is a NumPy array, followed by the text its omitted type is
/// keyed by (`<array default>np.zeros(2)`): the build froze the array into the specializations
/// that leave it out, and the runtime gives a call leaving it out the type
/// `omitted(default=<text>)`.
pub const ARRAY_DEFAULT: &str = "<array default>";

/// The prefix of a parameter default that names a module-level jit function
/// (`weight_func=_tricube`), followed by the name: a dispatcher has no run-time value, so the
/// runtime gives a call leaving it out the type `omitted(default=<name>)`, and its
/// `_OmittedArg` the module's attribute of that name.
pub const GLOBAL_DEFAULT: &str = "<global default>";

/// An [`ExcInfo`] message that starts with this names the class raised, a class a
/// [`FUNCTION_KIND_PYTHON`] entry defined: `"\0class:"`, the source file's path, `"\0"`, the
/// class name, `"\0"`, then the message as for the built-in kinds (the `kind` is
/// [`ExcKind::Exception`]).
pub const EXC_CLASS_PREFIX: &str = "\0class:";

/// The exception a wrapper reports with [`Status::Error`].
#[repr(C)]
pub struct ExcInfo {
    pub kind: u32,
    /// UTF-8 message (`str(exc)`), not NUL-terminated; static data of the built module unless
    /// `msg_owned` is 1, in which case it was allocated with `RuntimeApi::alloc` and the runtime
    /// frees it.
    pub msg: *const u8,
    pub msg_len: usize,
    pub msg_owned: u32,
}

/// A reference-counted allocation (Numba's NRT MemInfo). Compiled code may increment and
/// decrement `refcount` inline (atomically) and calls `RuntimeApi::meminfo_release` when it
/// drops to zero.
#[repr(C)]
pub struct MemInfo {
    pub refcount: i64,
    pub data: *mut u8,
    pub size: usize,
}

/// One chunk of a `prange` loop: runs iterations `[start, stop)` with the loop's context,
/// `chunk` numbering the chunk (0-based, for its own results); returns a [`Status`] (on an
/// error, the chunk's own [`ExcInfo`] in the context says what).
pub type ChunkFn = unsafe extern "C" fn(ctx: *mut u8, start: i64, stop: i64, chunk: i64) -> i32;

/// Advances a generator returned to Python (see [`layout`]): status [`GENERATOR_ITEM`] with
/// the next item written at `item` (the yield type's layout), [`GENERATOR_ERROR`] with `exc`
/// filled, or [`GENERATOR_DONE`] once it is finished (and at every call after that).
pub type GeneratorStep = unsafe extern "C" fn(state: *mut u8, item: *mut u8, exc: *mut ExcInfo) -> i32;
pub const GENERATOR_ITEM: i32 = 0;
pub const GENERATOR_ERROR: i32 = 1;
pub const GENERATOR_DONE: i32 = 2;

/// A generator's state starts with its resume index (`u32`): 0 before it started, `k` when
/// suspended at its `k`-th yield, [`GENERATOR_FINISHED`] once it returned or raised. Setting
/// it to [`GENERATOR_FINALIZE`] in a suspended generator and stepping it once releases the
/// references its variables hold and finishes it (the step gives no item): what the runtime
/// does with a generator object Python drops before the end. Modules built before this
/// existed treat the index as finished.
pub const GENERATOR_FINISHED: u32 = u32::MAX;
pub const GENERATOR_FINALIZE: u32 = u32::MAX - 1;

/// Services the runtime provides to compiled code. Fields are only ever appended.
#[repr(C)]
pub struct RuntimeApi {
    pub abi_version: u32,
    /// A new MemInfo with refcount 1 owning `size` bytes aligned to `align` (null on failure).
    pub meminfo_alloc: unsafe extern "C" fn(size: usize, align: usize) -> *mut MemInfo,
    /// Frees a MemInfo whose refcount reached zero.
    pub meminfo_release: unsafe extern "C" fn(mi: *mut MemInfo),
    /// Plain allocation (exception messages).
    pub alloc: unsafe extern "C" fn(size: usize) -> *mut u8,
    pub free: unsafe extern "C" fn(ptr: *mut u8),
    /// The number of threads `prange` loops are split over (`NUMBA_NUM_THREADS`, else the CPUs).
    pub num_threads: extern "C" fn() -> i64,
    /// Runs the `nchunks` chunks of `[lo, hi)` (split evenly, in order) on the runtime's
    /// threads; returns 0, or 1 + the lowest chunk that returned a non-zero status.
    pub parallel_for: unsafe extern "C" fn(body: ChunkFn, ctx: *mut u8, lo: i64, hi: i64, nchunks: i64) -> i64,
    /// Typed dicts and sets ([`DictHandle`]): a new empty container for a layout descriptor
    /// (static `i64` data of the module, see the runtime's `dicts` module); null on failure.
    pub dict_new: unsafe extern "C" fn(desc: *const i64) -> DictHandle,
    /// Frees a container whose reference count reached zero (and its values' references).
    pub dict_free: unsafe extern "C" fn(c: DictHandle),
    pub dict_len: unsafe extern "C" fn(c: DictHandle) -> i64,
    /// 1 when `key` is present (its value copied, borrowed, to `val_out` unless null), else 0.
    pub dict_lookup: unsafe extern "C" fn(c: DictHandle, key: *const u8, val_out: *mut u8) -> i32,
    /// `d[key] = *val` (the dict takes the value's references) / `s.add(key)`.
    pub dict_insert: unsafe extern "C" fn(c: DictHandle, key: *const u8, val: *const u8),
    /// Removes `key`: 1 if present (the value and its references moved to `val_out`, or
    /// released when it is null), else 0.
    pub dict_delete: unsafe extern "C" fn(c: DictHandle, key: *const u8, val_out: *mut u8) -> i32,
    /// Iteration from position `*pos`: the next item's key and value (borrowed; outputs may be
    /// null), `*pos` advanced; 0 at the end.
    pub dict_next: unsafe extern "C" fn(c: DictHandle, pos: *mut i64, key_out: *mut u8, val_out: *mut u8) -> i32,
    /// `d.popitem()` / `s.pop()`: 1 with the item moved out, 0 when empty.
    pub dict_popitem: unsafe extern "C" fn(c: DictHandle, key_out: *mut u8, val_out: *mut u8) -> i32,
    pub dict_clear: unsafe extern "C" fn(c: DictHandle),
    /// A new container (reference count 1) with the same items.
    pub dict_copy: unsafe extern "C" fn(c: DictHandle) -> DictHandle,
    /// Set algebra: `op` 0..3 a new set (`|`, `&`, `-`, `^`), 4..7 the same in place on `a`
    /// (returns `a`), 8..11 predicates (`<=`, `>=`, `==`, `isdisjoint`: `a` when true, null
    /// when false).
    pub set_op: unsafe extern "C" fn(a: DictHandle, b: DictHandle, op: i64) -> DictHandle,
    /// A new string (a [`MemInfo`] holding a [`StrPayload`], refcount 1) from `len` bytes of
    /// UTF-8 (invalid sequences become U+FFFD); null on failure.
    pub str_new: unsafe extern "C" fn(utf8: *const u8, len: usize) -> *mut MemInfo,
    /// The string operation `op` ([`StrOp`]) on `args` (strings and lists as their MemInfo
    /// pointers, borrowed; integers as `i64`; floats as the bits of an `f64`; booleans 0/1):
    /// 0 with the result in `out[0]` (a string or list is a new reference), or 1 with the
    /// exception written to `exc` (its message owned).
    pub str_op: unsafe extern "C" fn(op: u32, args: *const u64, out: *mut u64, exc: *mut ExcInfo) -> i32,
    /// The calling thread's NumPy random generator (Numba's `np.random` state, MT19937): the
    /// operation `op` ([`RandomOp`]) on `args` (`i64`), its result in `out[0]` (an `i64`, or
    /// the bits of an `f64`).
    pub random: unsafe extern "C" fn(op: u32, args: *const i64, out: *mut u64),
    /// Size a set's table as Numba does before adding a sized sequence: `n >= 0`, an empty
    /// set's `SetInstance.allocate(n)` (the first power of two from 16 that is at least
    /// `2 n`: set displays, `set(sized)`); `n < 0`, `upsize(used - n)` (`s.update(sized)`).
    pub set_presize: unsafe extern "C" fn(c: DictHandle, n: i64),
    /// Numba's schedule of an iteration space of `ndim` (two or more) dimensions of lengths
    /// `shape` over `nchunks` chunks: per chunk, its first index in each dimension, then its
    /// last (inclusive; an empty chunk has a last index below its first), into `out`
    /// (`nchunks * 2 * ndim` items).
    pub parallel_schedule: unsafe extern "C" fn(ndim: i64, shape: *const i64, nchunks: i64, out: *mut i64),
    /// Runs a `with objmode(...):` block in the Python interpreter (taking the GIL): `desc`
    /// is its descriptor (a NUL-terminated [`OBJMODE_MAGIC`] text, static data of the module),
    /// `inputs` points at each input's value (storage form), `outputs` at a slot per output,
    /// which gets the output's value (a new reference). 0, or 1 with the exception in `exc`.
    pub objmode: unsafe extern "C" fn(desc: *const u8, inputs: *const *const u8, outputs: *const *mut u8, exc: *mut ExcInfo) -> i32,
    /// A new MemInfo (refcount 1) for the data of an array that belongs to the Python array
    /// `parent` (a reference to `parent` is taken and released with the MemInfo), as Numba's
    /// `NRT_adapt_ndarray_from_python`: compiled code calls it when it stores an argument
    /// array (no MemInfo of its own) where it may outlive the call (a jitclass field, a
    /// container's item). Null on failure, and on the threads of a `prange` loop, which do
    /// not hold the GIL (the array then stays borrowed).
    pub array_adopt: unsafe extern "C" fn(parent: *mut c_void, data: *mut u8) -> *mut MemInfo,
    /// Linear algebra as Numba's `np.dot`/`np.linalg` do it, through SciPy's BLAS and LAPACK
    /// (`op` a [`LinalgOp`], `kind` the element type: 0 float32, 1 float64, 2 complex64, 3
    /// complex128). `arrays` holds the operands, then a slot per result array, which the
    /// runtime fills with a new array (a MemInfo of its own); `scalars` carries scalar
    /// operands in and scalar results out. 0, or 1 with the exception in `exc` (nothing is
    /// then allocated).
    pub linalg: unsafe extern "C" fn(op: u32, kind: u32, arrays: *mut LinalgArray, scalars: *mut f64, exc: *mut ExcInfo) -> i32,
    /// Writes the exception `exc` describes out as Python's unraisable exceptions are
    /// (`sys.unraisablehook`, "Exception ignored in: ..." naming the UTF-8 `what`), taking the
    /// GIL, and frees its message: what a `@cfunc`'s C callback does with an exception its
    /// function raises, as Numba's cfunc wrapper does.
    pub unraisable: unsafe extern "C" fn(exc: *mut ExcInfo, what: *const u8, what_len: usize),
    /// `numba.set_num_threads(n)` for the calling thread: 0, or (`n` out of range, nothing
    /// changed) the most threads `n` may be.
    pub set_num_threads: extern "C" fn(n: i64) -> i64,
    /// The calling thread's parallel chunk size: `numba.get_parallel_chunksize()` (`set` 0), or
    /// `numba.set_parallel_chunksize(n)` (`set` 1), which returns the size before.
    pub parallel_chunksize: extern "C" fn(set: i64, n: i64) -> i64,
}

/// An array operand or result of [`RuntimeApi::linalg`] (1 or 2 dimensions; strides in bytes).
#[repr(C)]
#[derive(Clone, Copy, Debug)]
pub struct LinalgArray {
    /// A result's MemInfo (null for operands).
    pub meminfo: *mut MemInfo,
    pub data: *mut u8,
    pub ndim: i64,
    /// The layout of its Numba type: 0 C, 1 F, 2 any (then copied to C first, as Numba's
    /// `make_contiguous` does); bits 8 and up hold the items' `NumericKind` (its index in
    /// `NumericKind::ALL`) for operations that take any number type.
    pub layout: i64,
    pub shape: [i64; 2],
    pub strides: [i64; 2],
}

/// The operations of [`RuntimeApi::linalg`].
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinalgOp {
    /// `np.dot(a, b)` / `a @ b`: arrays `[a, b, out]` (a matrix or vector result), or the
    /// scalar in `scalars[0..2]` for two vectors.
    Dot = 0,
    /// `np.vdot(a, b)`: the scalar in `scalars[0..2]`.
    Vdot = 1,
    /// `np.linalg.inv(a)`: `[a, out]`.
    Inv = 2,
    /// `np.linalg.solve(a, b)`: `[a, b, out]`.
    Solve = 3,
    /// `np.linalg.slogdet(a)`: `scalars` = sign (real, imaginary), log of the determinant.
    Slogdet = 4,
    /// `np.linalg.det(a)`: `scalars` = (real, imaginary).
    Det = 5,
    /// `np.linalg.cholesky(a)`: `[a, out]`.
    Cholesky = 6,
    /// `np.linalg.eigh(a)`: `[a, w, v]`.
    Eigh = 7,
    /// `np.linalg.eigvalsh(a)`: `[a, w]`.
    Eigvalsh = 8,
    /// `np.linalg.svd(a, full_matrices)`: `[a, u, s, vt]`, `scalars[0]` nonzero for full
    /// matrices.
    Svd = 9,
    /// `np.linalg.norm(x, ord)`: `scalars[0]` the order, `scalars[1]` 0 without one, 1 for an
    /// integer order, 2 for a float one; the norm comes back in `scalars[0]`.
    Norm = 10,
    /// `np.dot(a, b, out)`: arrays `[a, b, out]`, the product written into `out`.
    DotOut = 11,
    /// `np.linalg.eig(a)`: `[a, w, v]`.
    Eig = 12,
    /// `np.linalg.eigvals(a)`: `[a, w]`.
    Eigvals = 13,
    /// `np.linalg.qr(a)`: `[a, q, r]`.
    Qr = 14,
    /// `np.linalg.lstsq(a, b, rcond)`: `[a, b, x, residuals, s]`, `scalars[0]` rcond in and the
    /// rank out.
    Lstsq = 15,
    /// `np.linalg.pinv(a, rcond)`: `[a, out]`, `scalars[0]` rcond.
    Pinv = 16,
    /// `np.linalg.cond(x, p)`: `scalars` as for [`LinalgOp::Norm`].
    Cond = 17,
    /// `np.linalg.matrix_rank(a, tol)`: `scalars[0]` the tolerance, `scalars[1]` 0 without one;
    /// the rank comes back in `scalars[0]`.
    MatrixRank = 18,
    /// `np.linalg.matrix_power(a, n)`: `[a, out]`, `scalars[0]` n.
    MatrixPower = 19,
    /// `np.cov(m, y, rowvar, bias, ddof)`: `[m, y, out]` (`y.ndim` -1 when there is none; the
    /// operands' NumPy types in their `layout`, see [`LinalgArray::layout`]), `scalars` =
    /// rowvar, bias, ddof, and what ddof is (0 None, 1 an integer, 2 a float); `kind` is the
    /// result's. A single variable gives a 0-d result.
    Cov = 20,
    /// `np.corrcoef(x, y, rowvar)`: as [`LinalgOp::Cov`]; a single variable's result is the
    /// scalar in `scalars[0..2]`.
    Corrcoef = 21,
    /// `np.roots(p)`: `[p, out]`, `kind` the result's.
    Roots = 22,
    /// The address of a SciPy routine, for compiled code that calls it directly: `scalars[0]`
    /// the routine's number in the runtime's table (0: `?dot`), replaced by the address's bits.
    Routine = 23,
}

impl LinalgOp {
    pub fn from_u32(v: u32) -> Option<LinalgOp> {
        use LinalgOp::*;
        [Dot, Vdot, Inv, Solve, Slogdet, Det, Cholesky, Eigh, Eigvalsh, Svd, Norm, DotOut, Eig, Eigvals, Qr, Lstsq, Pinv, Cond, MatrixRank, MatrixPower, Cov, Corrcoef, Roots, Routine]
            .get(v as usize)
            .copied()
    }
}

/// The first line of an object-mode block's descriptor. Then a line per input
/// (`in\tNAME\tTYPE`) and per output (`out\tNAME\tTYPE`), a line `prelude\tN` followed by
/// N bytes of Python run once to make the block's globals (imports, constants, plain
/// functions of its module), and a line `source\tN` followed by the N bytes of the block.
pub const OBJMODE_MAGIC: &str = "numrs-objmode 1";

/// The operations of [`RuntimeApi::random`].
#[repr(u32)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RandomOp {
    /// `np.random.seed(args[0] as u32)`.
    Seed = 0,
    /// `np.random.random()`: an `f64` in [0, 1).
    Double = 1,
    /// `np.random.randint(args[0], args[1])` (the caller checks `args[1] > args[0]`).
    RandInt = 2,
    /// A standard normal `f64`.
    Gauss = 3,
    /// One draw of distribution `args[0]` (a [`Distribution`]) with parameters `args[1..]`
    /// (`f64` bits, as many as [`Distribution::params`] names). `out` has two words: the
    /// draw (`f64` bits, or an `i64` when [`Distribution::integer`]) and 0, or the 1-based index
    /// into [`Distribution::errors`] of the exception Numba raises for these parameters.
    Distribution = 4,
    /// `args[0]` (1..=64) random bits as Python's `random.getrandbits` takes them (the high
    /// bits of each 32-bit draw, the low word first).
    PyBits = 5,
    /// A uniform integer in `[0, args[0])` (`args[0] > 0`) as Python's `randrange` draws it:
    /// as many Python-style bits as `args[0]` has, rejected until below it.
    PyBelow = 6,
    /// `Generator.random()` of the `numpy.random.Generator` object `args[0]`: its bit
    /// generator's `next_double` (an `f64`). Kept for modules built before the operations
    /// below (which draw every distribution); an older runtime answers those with 0, which
    /// compiled code raises as a RuntimeError rather than using.
    GeneratorDouble = 7,
    /// The `bitgen_t *` of the `numpy.random.Generator` object `args[0]` (NumPy's
    /// `numpy/random/bitgen.h`, from its bit generator's capsule), or 0. The runtime holds a
    /// reference to the Generator while it is cached for the thread.
    GeneratorBitgen = 8,
    /// `Generator.integers`: `args` are the Generator's `bitgen_t *`, the items' width in bits (0: a
    /// bool), whether they are signed, `low`, whether `low` is an unsigned 64-bit value, `high`,
    /// the same for `high`, `endpoint`, the count and the address of the items to write. Numba's
    /// `_randint_arg_check` first: `out[0]` is 0, or the 1-based index into
    /// [`INTEGERS_ERRORS`] of the ValueError it raises, or [`GEN_UNAVAILABLE`].
    GeneratorIntegers = 9,
    /// The address of the C function of [`GenDraw`] `args[0]` (called as its
    /// [`GenDraw::shape`] says, with a `bitgen_t *` first), or 0.
    GeneratorFn = 10,
}

/// The error word of [`RandomOp::GeneratorIntegers`] when the Generator's bit generator or
/// NumPy's functions cannot be found.
pub const GEN_UNAVAILABLE: u64 = 100;

/// The ValueErrors of Numba's `_randint_arg_check` (`Generator.integers`).
pub const INTEGERS_ERRORS: &[&str] = &["low is out of bounds", "high is out of bounds", "low is greater than high in given interval"];

/// How a [`GenDraw`]'s C function is called (all take the `bitgen_t *` first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DrawShape {
    /// `double f(bitgen, double x n)`.
    Double(u8),
    /// `float f(bitgen, float x n)`; the draw is returned widened to `f64`.
    Float(u8),
    /// `int64_t f(bitgen, double x n)`.
    Int(u8),
    /// `int64_t random_binomial(bitgen, double p, int64_t n, binomial_t *)`; a zeroed
    /// `binomial_t` ([`BINOMIAL_T_SIZE`] bytes) caches nothing.
    Binomial,
    /// `void f(bitgen, npy_intp n, double *out)`, called for one item.
    FillDouble,
    /// `void f(bitgen, npy_intp n, float *out)`, called for one item.
    FillFloat,
}

/// The size of NumPy's `binomial_t` (an `int`, then 16 eight-byte fields).
pub const BINOMIAL_T_SIZE: u32 = 136;

macro_rules! gen_draws {
    ($($(#[$doc:meta])* $variant:ident = $n:literal, $symbol:literal, $shape:expr;)*) => {
        /// The distributions of NumPy's `Generator` drawn in compiled code: the C functions of
        /// NumPy's `numpy/random/distributions.h`, exported by `numpy.random._generator` (as
        /// NumPy's own cffi example calls them).
        #[repr(u32)]
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum GenDraw {
            $($(#[$doc])* $variant = $n,)*
        }

        impl GenDraw {
            pub const ALL: &'static [GenDraw] = &[$(GenDraw::$variant,)*];

            pub fn from_u32(v: u32) -> Option<GenDraw> {
                Self::ALL.iter().copied().find(|d| *d as u32 == v)
            }

            /// The C function's name.
            pub fn symbol(self) -> &'static str {
                match self { $(GenDraw::$variant => $symbol,)* }
            }

            pub fn shape(self) -> DrawShape {
                match self { $(GenDraw::$variant => $shape,)* }
            }
        }
    };
}

gen_draws! {
    Random = 0, "random_standard_uniform", DrawShape::Double(0);
    RandomF32 = 1, "random_standard_uniform_f", DrawShape::Float(0);
    StandardNormal = 2, "random_standard_normal", DrawShape::Double(0);
    StandardNormalF32 = 3, "random_standard_normal_f", DrawShape::Float(0);
    StandardExponential = 4, "random_standard_exponential", DrawShape::Double(0);
    StandardExponentialF32 = 5, "random_standard_exponential_f", DrawShape::Float(0);
    StandardExponentialInv = 6, "random_standard_exponential_inv_fill", DrawShape::FillDouble;
    StandardExponentialInvF32 = 7, "random_standard_exponential_inv_fill_f", DrawShape::FillFloat;
    StandardGamma = 8, "random_standard_gamma", DrawShape::Double(1);
    StandardGammaF32 = 9, "random_standard_gamma_f", DrawShape::Float(1);
    Normal = 10, "random_normal", DrawShape::Double(2);
    /// `(low, high - low)`.
    Uniform = 11, "random_uniform", DrawShape::Double(2);
    Exponential = 12, "random_exponential", DrawShape::Double(1);
    Gamma = 13, "random_gamma", DrawShape::Double(2);
    Beta = 14, "random_beta", DrawShape::Double(2);
    F = 15, "random_f", DrawShape::Double(2);
    Chisquare = 16, "random_chisquare", DrawShape::Double(1);
    StandardCauchy = 17, "random_standard_cauchy", DrawShape::Double(0);
    Pareto = 18, "random_pareto", DrawShape::Double(1);
    Weibull = 19, "random_weibull", DrawShape::Double(1);
    Power = 20, "random_power", DrawShape::Double(1);
    Laplace = 21, "random_laplace", DrawShape::Double(2);
    Logistic = 22, "random_logistic", DrawShape::Double(2);
    Lognormal = 23, "random_lognormal", DrawShape::Double(2);
    Rayleigh = 24, "random_rayleigh", DrawShape::Double(1);
    StandardT = 25, "random_standard_t", DrawShape::Double(1);
    Wald = 26, "random_wald", DrawShape::Double(2);
    Triangular = 27, "random_triangular", DrawShape::Double(3);
    NoncentralChisquare = 28, "random_noncentral_chisquare", DrawShape::Double(2);
    NoncentralF = 29, "random_noncentral_f", DrawShape::Double(3);
    Geometric = 30, "random_geometric", DrawShape::Int(1);
    Zipf = 31, "random_zipf", DrawShape::Int(1);
    Poisson = 32, "random_poisson", DrawShape::Int(1);
    NegativeBinomial = 33, "random_negative_binomial", DrawShape::Int(2);
    /// `(p, n)`.
    Binomial = 34, "random_binomial", DrawShape::Binomial;
    Logseries = 35, "random_logseries", DrawShape::Int(1);
}

impl GenDraw {
    /// The draw of `Generator.<method>()`; `f32`: `dtype=np.float32`; `inv`:
    /// `standard_exponential(method="inv")`.
    pub fn of_method(method: &str, f32: bool, inv: bool) -> Option<GenDraw> {
        use GenDraw::*;
        Some(match (method, f32, inv) {
            ("random", false, _) => Random,
            ("random", true, _) => RandomF32,
            ("standard_normal", false, _) => StandardNormal,
            ("standard_normal", true, _) => StandardNormalF32,
            ("standard_exponential", false, false) => StandardExponential,
            ("standard_exponential", true, false) => StandardExponentialF32,
            ("standard_exponential", false, true) => StandardExponentialInv,
            ("standard_exponential", true, true) => StandardExponentialInvF32,
            ("standard_gamma", false, _) => StandardGamma,
            ("standard_gamma", true, _) => StandardGammaF32,
            (_, true, _) => return None,
            (m, false, _) => *Self::ALL.iter().find(|d| d.method() == m)?,
        })
    }

    /// The `Generator` method drawing this (before its `dtype`/`method` variants).
    pub fn method(self) -> &'static str {
        let s = self.symbol().trim_start_matches("random_");
        let s = s.trim_end_matches("_f").trim_end_matches("_inv_fill");
        if s == "standard_uniform" {
            "random"
        } else {
            s
        }
    }
}

impl RandomOp {
    /// Or'ed into an operation: it runs on the state of Python's `random` module (Numba keeps
    /// one apart from `np.random`'s), not NumPy's.
    pub const PY_STATE: u32 = 0x100;
    /// Or'ed into an operation: it runs on Numba's internal state, which no user code seeds
    /// (the random hash of a NaN).
    pub const INTERNAL_STATE: u32 = 0x200;

    pub fn from_u32(v: u32) -> Option<RandomOp> {
        [
            RandomOp::Seed,
            RandomOp::Double,
            RandomOp::RandInt,
            RandomOp::Gauss,
            RandomOp::Distribution,
            RandomOp::PyBits,
            RandomOp::PyBelow,
            RandomOp::GeneratorDouble,
            RandomOp::GeneratorBitgen,
            RandomOp::GeneratorIntegers,
            RandomOp::GeneratorFn,
        ]
        .into_iter()
        .find(|o| *o as u32 == v)
    }
}

macro_rules! distributions {
    ($($variant:ident = $n:literal, $name:literal, [$($param:literal),*], [$($default:expr),*], $int:literal,
       [$($kind:ident: $msg:literal),*];)*) => {
        /// The `np.random` distributions [`RandomOp::Distribution`] draws, with Numba's
        /// algorithms (`np/random/legacy.py`; CPython's `gammavariate`/`betavariate`/
        /// `vonmisesvariate` where Numba uses them).
        #[repr(u32)]
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Distribution {
            $($variant = $n,)*
        }

        impl Distribution {
            pub const ALL: &'static [Distribution] = &[$(Distribution::$variant,)*];

            pub fn from_u32(v: u32) -> Option<Distribution> {
                Self::ALL.iter().copied().find(|d| *d as u32 == v)
            }

            /// The `np.random` function's name.
            pub fn name(self) -> &'static str {
                match self { $(Distribution::$variant => $name,)* }
            }

            /// The parameters, in NumPy's order and spelling (`size` follows).
            pub fn params(self) -> &'static [&'static str] {
                match self { $(Distribution::$variant => &[$($param),*],)* }
            }

            /// Each parameter's default when left out (`None`: required).
            pub fn defaults(self) -> &'static [Option<f64>] {
                match self { $(Distribution::$variant => &[$($default),*],)* }
            }

            /// Draws are `int64` (else `float64`).
            pub fn integer(self) -> bool {
                match self { $(Distribution::$variant => $int,)* }
            }

            /// The exceptions a draw raises for bad parameters: (class, message).
            pub fn errors(self) -> &'static [(ExcKind, &'static str)] {
                match self { $(Distribution::$variant => &[$((ExcKind::$kind, $msg)),*],)* }
            }
        }
    };
}

distributions! {
    Gamma = 0, "gamma", ["shape", "scale"], [None, Some(1.0)], false, [ValueError: "gammavariate: alpha and beta must be > 0.0"];
    StandardGamma = 1, "standard_gamma", ["shape"], [None], false, [ValueError: "gammavariate: alpha and beta must be > 0.0"];
    Beta = 2, "beta", ["a", "b"], [None, None], false, [ValueError: "gammavariate: alpha and beta must be > 0.0"];
    Chisquare = 3, "chisquare", ["df"], [None], false, [ValueError: "gammavariate: alpha and beta must be > 0.0"];
    F = 4, "f", ["dfnum", "dfden"], [None, None], false, [ValueError: "gammavariate: alpha and beta must be > 0.0"];
    StandardT = 5, "standard_t", ["df"], [None], false, [ValueError: "gammavariate: alpha and beta must be > 0.0", ZeroDivisionError: "division by zero"];
    Lognormal = 6, "lognormal", ["mean", "sigma"], [Some(0.0), Some(1.0)], false, [];
    Laplace = 7, "laplace", ["loc", "scale"], [Some(0.0), Some(1.0)], false, [];
    Logistic = 8, "logistic", ["loc", "scale"], [Some(0.0), Some(1.0)], false, [];
    Gumbel = 9, "gumbel", ["loc", "scale"], [Some(0.0), Some(1.0)], false, [];
    Pareto = 10, "pareto", ["a"], [None], false, [ZeroDivisionError: "division by zero"];
    Weibull = 11, "weibull", ["a"], [None], false, [ZeroDivisionError: "division by zero"];
    Power = 12, "power", ["a"], [None], false, [ValueError: "power(): a <= 0"];
    Rayleigh = 13, "rayleigh", ["scale"], [Some(1.0)], false, [ValueError: "rayleigh(): scale <= 0"];
    StandardCauchy = 14, "standard_cauchy", [], [], false, [];
    Wald = 15, "wald", ["mean", "scale"], [None, None], false, [ValueError: "wald(): mean <= 0", ValueError: "wald(): scale <= 0"];
    Triangular = 16, "triangular", ["left", "mode", "right"], [None, None, None], false, [];
    Vonmises = 17, "vonmises", ["mu", "kappa"], [None, None], false, [];
    Poisson = 18, "poisson", ["lam"], [Some(1.0)], true, [ValueError: "poisson(): lambda < 0"];
    Binomial = 19, "binomial", ["n", "p"], [None, None], true, [ValueError: "binomial(): n <= 0", ValueError: "binomial(): p outside of [0, 1]"];
    Geometric = 20, "geometric", ["p"], [None], true, [ValueError: "geometric(): p outside of (0, 1]", ZeroDivisionError: "division by zero"];
    NegativeBinomial = 21, "negative_binomial", ["n", "p"], [None, None], true, [
        ValueError: "negative_binomial(): n <= 0", ValueError: "negative_binomial(): p outside of [0, 1]",
        ZeroDivisionError: "division by zero", ValueError: "gammavariate: alpha and beta must be > 0.0", ValueError: "poisson(): lambda < 0"];
    Hypergeometric = 22, "hypergeometric", ["ngood", "nbad", "nsample"], [None, None, None], true, [];
    Logseries = 23, "logseries", ["p"], [None], true, [ValueError: "logseries(): p outside of (0, 1]", ZeroDivisionError: "division by zero"];
    Zipf = 24, "zipf", ["a"], [None], true, [ValueError: "zipf(): a <= 1"];
    PyPareto = 25, "random.paretovariate", ["alpha"], [None], false, [ZeroDivisionError: "division by zero"];
    PyWeibull = 26, "random.weibullvariate", ["alpha", "beta"], [None, None], false, [ZeroDivisionError: "division by zero"];
    PyExpovariate = 27, "random.expovariate", ["lambd"], [None], false, [ZeroDivisionError: "division by zero"];
    PyTriangular = 28, "random.triangular", ["low", "high"], [None, None], false, [];
    NoncentralChisquare = 29, "noncentral_chisquare", ["df", "nonc"], [None, None], false, [
        ValueError: "df <= 0", ValueError: "nonc < 0", ValueError: "gammavariate: alpha and beta must be > 0.0"];
}

impl Distribution {
    /// The distribution `np.random.<name>` draws from.
    pub fn named(name: &str) -> Option<Distribution> {
        Self::ALL.iter().copied().find(|d| d.name() == name)
    }
}

/// The data of a string's [`MemInfo`] (a `unicode_type` value is a `*mut MemInfo`, never
/// null, owning one reference): the number of code points, then that many `u32` code points.
/// String constants of compiled code are static MemInfos whose refcount never reaches zero.
#[repr(C)]
pub struct StrPayload {
    pub len: i64,
    /// Reserved (0).
    pub hash: i64,
}

macro_rules! str_ops {
    ($($name:ident = $n:literal),* $(,)?) => {
        /// The operations of [`RuntimeApi::str_op`]; the argument kinds are in the runtime's
        /// `strings` module.
        #[repr(u32)]
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum StrOp { $($name = $n),* }
        impl StrOp {
            pub const ALL: &'static [StrOp] = &[$(StrOp::$name),*];
            pub fn from_u32(v: u32) -> Option<StrOp> {
                StrOp::ALL.iter().copied().find(|o| *o as u32 == v)
            }
        }
    };
}

str_ops!(
    Concat = 0, Repeat = 1, GetItem = 2, Slice = 3, Compare = 4, Contains = 5, Count = 6, Find = 7,
    RFind = 8, Index = 9, RIndex = 10, StartsWith = 11, EndsWith = 12, Strip = 13, LStrip = 14,
    RStrip = 15, StripChars = 16, LStripChars = 17, RStripChars = 18, Lower = 19, Upper = 20,
    Capitalize = 21, Title = 22, SwapCase = 23, Casefold = 24, IsDigit = 25, IsAlpha = 26,
    IsAlnum = 27, IsSpace = 28, IsUpper = 29, IsLower = 30, IsDecimal = 31, IsNumeric = 32,
    IsTitle = 33, IsAscii = 34, IsIdentifier = 35, IsPrintable = 36, Zfill = 37, Ljust = 38,
    Rjust = 39, Center = 40, LjustFill = 41, RjustFill = 42, CenterFill = 43, Replace = 44,
    ReplaceCount = 45, Split = 46, SplitSep = 47, SplitSepMax = 48, RSplitSep = 49, Join = 50,
    Ord = 51, Chr = 52, FromInt = 53, FromUInt = 54, FromFloat = 55, FromBool = 56, Print = 57,
    Equal = 58, RSplit = 59, SplitLines = 60, ExpandTabs = 61, RaiseMessage = 62, Repr = 63,
    RSplitSepMax = 64, ExpandTabsSize = 65, Hash = 66, SplitWsMax = 67, RSplitWsMax = 68,
    SplitLinesKeep = 69, OfValue = 70, FromUcs4 = 71, ToUcs4 = 72,
);

/// A typed dict or set of compiled code: a pointer to a runtime object whose first field is an
/// `i64` reference count, updated by compiled code as a [`MemInfo`]'s is
/// (`RuntimeApi::dict_free` at zero).
pub type DictHandle = *mut c_void;

/// The fixed part of Numba's array model; `shape[ndim]` then `strides[ndim]` (i64) follow.
#[repr(C)]
pub struct ArrayHeader {
    pub meminfo: *mut MemInfo,
    /// The ndarray the data belongs to (borrowed), or null.
    pub parent: *mut c_void,
    pub nitems: i64,
    pub itemsize: i64,
    pub data: *mut u8,
}

/// The data of a list's [`MemInfo`] (a list value is a `*mut MemInfo`; Numba's list model).
/// Items are stored one after the other in the data of `items_meminfo` (`allocated` of them,
/// the first `size` live), each as [`layout`] of the item type says. The list owns one
/// reference to each reference-counted item (arrays, lists). When the list's refcount drops to
/// zero its owner drops the items' references and releases `items_meminfo` and the list.
#[repr(C)]
pub struct ListPayload {
    pub size: i64,
    pub allocated: i64,
    pub items_meminfo: *mut MemInfo,
    /// `items_meminfo`'s data.
    pub items: *mut u8,
    /// The Python list a reflected argument was unboxed from (borrowed), or null.
    pub parent: *mut c_void,
    /// Nonzero once compiled code has changed the list (an item stored, its size changed,
    /// sorted): written by code of tables of version [`ABI_VERSION_LIST_DIRTY`] and later
    /// (older code allocates payloads without this field; only the runtime reads it, and only
    /// for lists it allocated itself, the arguments it unboxed).
    pub dirty: i64,
}

/// Size and alignment of a value of `ty` in native storage, and the offsets of its fields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    pub size: usize,
    pub align: usize,
    /// For tuples and complex numbers: each field's offset. Empty otherwise.
    pub fields: Vec<usize>,
}

/// The native layout of `ty`, or `None` when values of that type cannot cross the boundary.
pub fn layout(ty: &Type) -> Option<Layout> {
    let scalar = |n: usize| Some(Layout { size: n, align: n, fields: vec![] });
    match ty {
        Type::Number(k) => match k {
            NumericKind::Boolean | NumericKind::Int8 | NumericKind::UInt8 => scalar(1),
            NumericKind::Int16 | NumericKind::UInt16 => scalar(2),
            NumericKind::Int32 | NumericKind::UInt32 | NumericKind::Float32 => scalar(4),
            NumericKind::Int64 | NumericKind::UInt64 | NumericKind::Float64 => scalar(8),
            NumericKind::Complex64 => Some(Layout { size: 8, align: 4, fields: vec![0, 4] }),
            NumericKind::Complex128 => Some(Layout { size: 16, align: 8, fields: vec![0, 8] }),
        },
        Type::Array(a) => {
            let n = 5 + 2 * a.ndim as usize;
            Some(Layout { size: 8 * n, align: 8, fields: vec![] })
        }
        Type::NoneType | Type::Ellipsis => Some(Layout { size: 0, align: 1, fields: vec![] }),
        // A pointer to the list's MemInfo (see [`ListPayload`]). One reference is owned. A
        // reflected list argument is unboxed into such a list for the call; the runtime writes its
        // items back into the Python list afterwards (Numba's reflection).
        Type::List { .. } | Type::ListType(_) => scalar(8),
        // A pointer to the string's MemInfo (see [`StrPayload`]).
        Type::Unicode | Type::StringLiteral(_) => scalar(8),
        // The address of a record's bytes (a NumPy `void` scalar's, or an array item's).
        Type::Record(_) => scalar(8),
        // A `numpy.random.Generator` passed in: the object, borrowed from the call's argument.
        Type::NumPyRandomGenerator => scalar(8),
        // An item of a unicode array: the string it spells (a pointer to its MemInfo).
        Type::UnicodeCharSeq(_) => scalar(8),
        // An item of a bytes array: its bytes, by value.
        Type::CharSeq(n) => Some(Layout { size: *n as usize, align: 1, fields: vec![] }),
        // A datetime or timedelta: its int64 count.
        Type::NPDatetime(_) | Type::NPTimedelta(_) => scalar(8),
        // An enum member is its value.
        Type::EnumMember(e) => layout(&e.dtype),
        // Numba's slice model: start, stop and step, `None` filled in.
        Type::Slice2 | Type::Slice3 | Type::SliceLiteral(_) => Some(Layout { size: 24, align: 8, fields: vec![0, 8, 16] }),
        // A pointer to a jitclass instance's MemInfo, whose data holds its fields (see
        // [`FUNCTION_KIND_JITCLASS`]). One reference is owned. A `deferred_type()` is the
        // instance it is defined as.
        Type::JitClassInstance(_) | Type::Deferred(_) => scalar(8),
        // A [`DictHandle`].
        Type::DictType(_) | Type::Set { .. } => Some(Layout { size: 8, align: 8, fields: vec![] }),
        // A generator returned to Python: its state (from [`RuntimeApi::alloc`], owned by the
        // receiver) and its [`GeneratorStep`].
        Type::Generator(_) => Some(Layout { size: 16, align: 8, fields: vec![0, 8] }),
        // A first-class function passed in (`FunctionType[sig]`): the [`WrapperFn`] of the
        // specialization for `sig` of a built dispatcher.
        Type::FunctionType(_) => scalar(8),
        // No data: an omitted argument (a parameter left to its default), a NumPy scalar class
        // (`np.float64` passed as a dtype: its type says everything).
        Type::Omitted(_) | Type::NumberClass(_) | Type::DType(_) => Some(Layout { size: 0, align: 1, fields: vec![] }),
        // A jit function of the module passed as an argument: the specialization calls it
        // directly; the runtime checks that the dispatcher passed is that function's.
        Type::Dispatcher(_) => Some(Layout { size: 0, align: 1, fields: vec![] }),
        // Literal integers and booleans are stored as their base type (`Literal[int](3)`:
        // int64, as Numba's data model does).
        Type::IntegerLiteral(_) | Type::BooleanLiteral(_) => layout(&Type::Number(ty.as_number()?)),
        // Numba's OptionalModel: the value of `T`, then a byte that is 0 for `None` (C struct
        // rules; the value is zeroed when `None`). Fields: the value's and the flag's offsets.
        Type::Optional(inner) => struct_layout(&[(**inner).clone(), Type::Number(NumericKind::Boolean)]),
        // As a struct of `n` items, the item's layout computed once (nested tuples stay
        // linear in their depth).
        Type::UniTuple(item, n) => {
            let l = layout(item)?;
            let stride = l.size.next_multiple_of(l.align);
            let n = *n as usize;
            Some(Layout { size: stride * n, align: if n == 0 { 1 } else { l.align }, fields: (0..n).map(|k| k * stride).collect() })
        }
        _ => {
            let items = tuple_items(ty)?;
            struct_layout(&items)
        }
    }
}

/// Whether values of `ty` can cross between Python and compiled code (the runtime can unbox
/// or box them): numbers, arrays of numbers, strings, `None`, tuples, optional values, lists,
/// typed dicts and sets of such values, first-class functions, generators, and jitclass
/// instances whose fields are such values.
pub fn crosses(ty: &Type) -> bool {
    if layout(ty).is_none() {
        return false;
    }
    match ty {
        Type::Number(_) | Type::IntegerLiteral(_) | Type::BooleanLiteral(_) | Type::NoneType | Type::Ellipsis | Type::Omitted(_) => true,
        Type::NumberClass(_) | Type::DType(_) | Type::Unicode | Type::StringLiteral(_) | Type::FunctionType(_) | Type::Dispatcher(_) => true,
        Type::Array(a) => matches!(a.dtype, Type::Number(_) | Type::Record(_) | Type::UnicodeCharSeq(_) | Type::CharSeq(_) | Type::NPDatetime(_) | Type::NPTimedelta(_)),
        Type::Record(_) | Type::NumPyRandomGenerator | Type::UnicodeCharSeq(_) | Type::CharSeq(_) | Type::NPDatetime(_) | Type::NPTimedelta(_) => true,
        Type::EnumMember(e) => matches!(e.dtype, Type::Number(_) | Type::Unicode),
        // Slices are passed in (Numba unboxes them); only slice constants are returned (Numba
        // boxes a `SliceLiteral` from its value, no other slice).
        Type::Slice2 | Type::Slice3 | Type::SliceLiteral(_) => true,
        Type::UniTuple(t, _) | Type::Optional(t) | Type::ListType(t) => crosses_in(t),
        Type::Tuple(items) => items.iter().all(crosses_in),
        Type::NamedTuple(nt) => nt.items.iter().all(crosses_in),
        Type::List { dtype, .. } | Type::Set { dtype, .. } => crosses_in(dtype),
        Type::DictType(kv) => crosses_in(&kv.0) && crosses_in(&kv.1),
        Type::Generator(g) => crosses_in(&g.yield_type),
        Type::JitClassInstance(c) => c.fields.iter().all(|(_, t)| crosses_in(t)),
        // The class it is defined as is checked where it is not deferred (a class may refer
        // to itself).
        Type::Deferred(_) => true,
        _ => false,
    }
}

/// [`crosses`] for an item of a container or tuple: records cross only on their own (as the
/// address of their bytes), not inside other values.
fn crosses_in(ty: &Type) -> bool {
    !matches!(ty, Type::Record(_)) && crosses(ty)
}

fn tuple_items(ty: &Type) -> Option<Vec<Type>> {
    match ty {
        Type::UniTuple(t, n) => Some(vec![(**t).clone(); *n as usize]),
        Type::Tuple(items) => Some(items.iter().cloned().collect()),
        Type::NamedTuple(nt) => Some(nt.items.clone()),
        _ => None,
    }
}

fn struct_layout(items: &[Type]) -> Option<Layout> {
    let mut offset = 0usize;
    let mut align = 1usize;
    let mut fields = Vec::with_capacity(items.len());
    for item in items {
        let l = layout(item)?;
        offset = offset.next_multiple_of(l.align);
        fields.push(offset);
        offset += l.size;
        align = align.max(l.align);
    }
    Some(Layout { size: offset.next_multiple_of(align), align, fields })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_generator_draw_is_reached_from_its_method() {
        for d in GenDraw::ALL.iter().copied() {
            let f32 = matches!(d.shape(), DrawShape::Float(_) | DrawShape::FillFloat);
            let inv = matches!(d.shape(), DrawShape::FillDouble | DrawShape::FillFloat);
            assert_eq!(GenDraw::of_method(d.method(), f32, inv), Some(d), "{d:?}");
        }
        assert_eq!(GenDraw::of_method("normal", true, false), None);
    }

    #[test]
    fn scalar_and_array_layouts() {
        assert_eq!(layout(&Type::Number(NumericKind::Int32)).unwrap().size, 4);
        assert_eq!(layout(&Type::Number(NumericKind::Complex128)).unwrap().fields, vec![0, 8]);
        let arr = numrs_types::parse_type("array(float64, 2d, C)").unwrap();
        assert_eq!(layout(&arr).unwrap().size, 8 * 9);
    }

    #[test]
    fn literals_are_laid_out_as_their_base_type() {
        let t = numrs_types::parse_type("Tuple(Literal[int](1), float64, Literal[bool](True))").unwrap();
        assert_eq!(layout(&t).unwrap(), Layout { size: 24, align: 8, fields: vec![0, 8, 16] });
    }

    #[test]
    fn tuple_layout_pads_like_c() {
        let t = numrs_types::parse_type("Tuple(int8, float64, int32)").unwrap();
        assert_eq!(layout(&t).unwrap(), Layout { size: 24, align: 8, fields: vec![0, 8, 16] });
    }

    #[test]
    fn function_entry_v2_extends_v1() {
        use std::mem::{offset_of, size_of};
        assert_eq!(offset_of!(FunctionEntryV2, specs), offset_of!(FunctionEntry, specs));
        assert_eq!(offset_of!(FunctionEntryV2, param_names), size_of::<FunctionEntry>());
    }

    #[test]
    fn function_entry_v3_extends_v2() {
        use std::mem::{offset_of, size_of};
        assert_eq!(offset_of!(FunctionEntryV3, specs), offset_of!(FunctionEntryV2, specs));
        assert_eq!(offset_of!(FunctionEntryV3, param_names), offset_of!(FunctionEntryV2, param_names));
        assert_eq!(offset_of!(FunctionEntryV3, param_defaults), size_of::<FunctionEntryV2>());
        assert_eq!(size_of::<FunctionEntryV3>(), 40);
    }

    #[test]
    fn optional_is_its_value_then_a_valid_byte() {
        let t = Type::Optional(std::sync::Arc::new(Type::Number(NumericKind::Int64)));
        assert_eq!(layout(&t), Some(Layout { size: 16, align: 8, fields: vec![0, 8] }));
        let t = Type::Optional(std::sync::Arc::new(Type::Number(NumericKind::Int16)));
        assert_eq!(layout(&t), Some(Layout { size: 4, align: 2, fields: vec![0, 2] }));
        let pair = Type::Tuple(vec![Type::Number(NumericKind::Float32), Type::Number(NumericKind::Int8)].into());
        let t = Type::Optional(std::sync::Arc::new(pair));
        assert_eq!(layout(&t), Some(Layout { size: 12, align: 4, fields: vec![0, 8] }));
    }

    #[test]
    fn omitted_arguments_have_no_storage() {
        let t = Type::Omitted("2".into());
        assert_eq!(layout(&t), Some(Layout { size: 0, align: 1, fields: vec![] }));
    }

    #[test]
    fn exc_kind_names_round_trip() {
        for k in ExcKind::ALL {
            assert_eq!(ExcKind::from_name(k.name()), Some(k));
            assert_eq!(ExcKind::from_u32(k as u32), Some(k));
        }
    }
}
