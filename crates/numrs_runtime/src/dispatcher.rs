//! The dispatcher object a built module exposes for each function: folds keyword arguments
//! and defaults, types the arguments, selects the specialization as Numba's dispatcher does,
//! unboxes, calls the wrapper, boxes the result or raises the compiled code's exception.
//!
//! Calls arrive through a hand-written C type (vectorcall and `tp_call`, see
//! [`dispatcher_type`]). A fast path comes first: positional arguments only, each an exact
//! int, float, bool, complex or ndarray whose typecode is known without a look-up, matching
//! one specialization exactly (which Numba's ranking always selects): unbox straight into a
//! stack buffer, call the wrapper, box. Everything else takes the full path (Numba's
//! `find_named_args`, typeof with fingerprints, selection cache, conversion installation).

use crate::boxing::{box_value, unbox, Plan};
use crate::npy::Npy;
use crate::select::{registry, select_overload, tied_best, Selection, GENERATION};
use crate::typing::{fast_typecode, typecode, typeof_pyval_tc};
use numrs_abi::{ExcInfo, ExcKind, WrapperFn};
use numrs_types::Type;
use pyo3::exceptions::PyTypeError;
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::PyString;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::Ordering;

/// An argument type that only one value has (a specialization for a literal argument).
fn is_literal_arg(t: &Type) -> bool {
    matches!(t, Type::IntegerLiteral(_) | Type::BooleanLiteral(_) | Type::StringLiteral(_))
}

pub struct Spec {
    pub args: Vec<Type>,
    pub arg_tcs: Vec<u32>,
    pub ret: Type,
    pub arg_plans: Vec<(usize, Plan)>,
    pub arg_size: usize,
    pub ret_plan: Plan,
    pub ret_size: usize,
    pub wrapper: WrapperFn,
    /// No argument is a list (unboxed for the call, reflected and released after it) and
    /// the result is boxed by `box_value` (not a generator): the call takes the fast path.
    pub plain: bool,
}

impl Spec {
    /// The signature with each type as Numba prints it: `(array(float64, 1d, C),) -> int64`.
    pub fn display_str(&self) -> String {
        let items: Vec<String> = self.args.iter().map(|t| t.to_string()).collect();
        let args = if items.len() == 1 { format!("({},)", items[0]) } else { format!("({})", items.join(", ")) };
        format!("{args} -> {}", self.ret)
    }

    /// `str(signature)` in Numba: `(UniTuple(int64, 2),) -> int64` (argument types' `repr`).
    pub fn display(&self) -> String {
        format!("{} -> {}", tuple_repr(&self.args), self.ret)
    }
}

use numrs_types::tuple_repr;

/// FxHash: the selection cache is keyed by a few small integers.
#[derive(Default)]
struct Fx(u64);
impl Hasher for Fx {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }
    fn write_u64(&mut self, v: u64) {
        self.0 = (self.0.rotate_left(5) ^ v).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
    fn write_u32(&mut self, v: u32) {
        self.write_u64(v as u64)
    }
    fn write_usize(&mut self, v: usize) {
        self.write_u64(v as u64)
    }
}
type FxMap<K, V> = HashMap<K, V, BuildHasherDefault<Fx>>;

struct Cache {
    generation: u64,
    map: FxMap<Vec<u32>, Selection>,
    /// The last selection, keyed by the packed typecodes (`pack`), checked first.
    last: Option<(u64, Selection)>,
}

/// Up to 4 typecodes below 2^15 packed with the count; `None` when they do not fit.
#[inline]
fn pack(tcs: &[u32]) -> Option<u64> {
    if tcs.len() > 4 {
        return None;
    }
    let mut k = tcs.len() as u64;
    for &t in tcs {
        if t >= 1 << 15 {
            return None;
        }
        k = (k << 15) | t as u64;
    }
    Some(k)
}

/// The selection cache lives under the GIL (the runtime is built for GIL-enabled CPython
/// through the stable ABI): only accessed in short sections that never call into Python,
/// so there is neither contention nor re-entrancy.
struct GilCell(std::cell::UnsafeCell<Cache>);
unsafe impl Sync for GilCell {}
unsafe impl Send for GilCell {}
impl GilCell {
    #[allow(clippy::mut_from_ref)]
    #[inline]
    fn get(&self, _py: Python<'_>) -> &mut Cache {
        unsafe { &mut *self.0.get() }
    }
}

const MAX_ARGS_INLINE: usize = 8;
const INLINE_WORDS: usize = 64;

/// The object a call passes for a parameter it leaves to its default (Numba's `OmittedArg`):
/// its type is `omitted(default=<repr>)`.
#[pyclass(frozen, module = "numrs_runtime", name = "_OmittedArg")]
pub struct OmittedArg {
    value: PyObject,
    /// `repr(value)`.
    pub repr: std::sync::Arc<str>,
}

impl OmittedArg {
    pub fn new(value: PyObject, repr: &str) -> OmittedArg {
        OmittedArg { value, repr: repr.into() }
    }
}

#[pymethods]
impl OmittedArg {
    #[getter]
    fn value(&self, py: Python<'_>) -> PyObject {
        self.value.clone_ref(py)
    }
    fn __repr__(&self) -> String {
        format!("omitted(default={})", self.repr)
    }
}

/// The typecode of a default the build could not give ([`numrs_abi::UNAVAILABLE_DEFAULT`]).
pub const UNAVAILABLE_TC: u32 = u32::MAX - 1;

/// A parameter's default: the `_OmittedArg` passed for it and the typecode of its type.
pub struct DefaultArg {
    pub obj: Py<OmittedArg>,
    pub tc: u32,
}

/// Keyword arguments of a call, as (name, value) pairs of borrowed references.
type Kw<'a> = &'a [(*mut ffi::PyObject, *mut ffi::PyObject)];

/// A small stack array, or a heap one when `n` exceeds `MAX_ARGS_INLINE`.
struct Buf<T: Copy> {
    inline: [T; MAX_ARGS_INLINE],
    heap: Vec<T>,
    n: usize,
}

impl<T: Copy> Buf<T> {
    #[inline(always)]
    fn new(n: usize, fill: T) -> Buf<T> {
        let heap = if n > MAX_ARGS_INLINE { vec![fill; n] } else { Vec::new() };
        Buf { inline: [fill; MAX_ARGS_INLINE], heap, n }
    }
    #[inline(always)]
    fn as_mut(&mut self) -> &mut [T] {
        if self.n > MAX_ARGS_INLINE {
            &mut self.heap
        } else {
            &mut self.inline[..self.n]
        }
    }
}

pub struct Dispatcher {
    name: String,
    module: String,
    /// Parameter names (keyword arguments), when the table has them.
    params: Option<Vec<Py<PyString>>>,
    /// Per parameter, its default (empty when no parameter has one).
    defaults: Vec<Option<DefaultArg>>,
    /// The number of parameters without a default (Numba's `minargs`).
    min_args: usize,
    /// The last parameter is `*args`: the positional arguments past the others are packed
    /// into a tuple for it (an empty one when there are none).
    star: bool,
    arity: usize,
    specs: Vec<Spec>,
    spec_tcs: Vec<Vec<u32>>,
    /// Specializations a call whose argument typecodes equal theirs runs without selection:
    /// an exact match of every argument always has the best rating, and it is the only one
    /// when no other specialization has the same signature (those are left out).
    exact: Vec<usize>,
    /// `exact` with their typecodes packed (`pack`), for those that pack: one integer
    /// comparison per candidate on the fast path.
    exact_packed: Vec<(u64, usize)>,
    np: &'static Npy,
    /// Compiled lazily in Numba (no explicit signatures): a call matching no specialization
    /// exactly is typed again as Numba's compilation types it (`numrs_abi::FUNCTION_FLAG_LAZY`).
    pub lazy: bool,
    /// `nogil=True`: calls release the GIL while the compiled code runs.
    pub nogil: bool,
    /// Some specialization takes a literal argument (see `literal_match`).
    has_literal_specs: bool,
    /// Its module's compiled code marks the lists it changes (see `lists::after_call`).
    pub dirty_lists: bool,
    /// Specializations that did not compile (lazily compiled functions): the argument
    /// typecodes and the error, `Kind: message`, a call of exactly those types raises.
    refused: Vec<(Vec<u32>, String)>,
    cache: GilCell,
    /// Releases the message of an ExcInfo with `msg_owned`.
    free: unsafe extern "C" fn(*mut u8),
}

impl Dispatcher {
    pub fn new(
        name: String,
        module: String,
        params: Option<Vec<Py<PyString>>>,
        defaults: Vec<Option<DefaultArg>>,
        arity: usize,
        specs: Vec<Spec>,
        np: &'static Npy,
    ) -> Dispatcher {
        let spec_tcs: Vec<Vec<u32>> = specs.iter().map(|s| s.arg_tcs.clone()).collect();
        let exact: Vec<usize> = (0..spec_tcs.len())
            .filter(|&i| spec_tcs.iter().filter(|t| **t == spec_tcs[i]).count() == 1)
            .collect();
        let exact_packed = exact.iter().filter_map(|&i| Some((pack(&spec_tcs[i])?, i))).collect();
        // The table marks a `*args` parameter with a leading `*`.
        let star = params.as_ref().and_then(|p| p.last()).is_some_and(|n| Python::with_gil(|py| n.bind(py).to_str().is_ok_and(|s| s.starts_with('*'))));
        let params = match (star, params) {
            (true, Some(p)) => Some(
                p.into_iter()
                    .map(|n| Python::with_gil(|py| match n.bind(py).to_str() {
                        Ok(s) if s.starts_with('*') => PyString::new(py, &s[1..]).unbind(),
                        _ => n,
                    }))
                    .collect(),
            ),
            (_, p) => p,
        };
        let min_args = defaults.iter().position(|d| d.is_some()).unwrap_or(arity);
        let has_literal_specs = specs.iter().any(|s| s.args.iter().any(is_literal_arg));
        Dispatcher {
            name,
            module,
            params,
            defaults,
            min_args,
            star,
            arity,
            specs,
            spec_tcs,
            exact,
            exact_packed,
            np,
            lazy: false,
            nogil: false,
            has_literal_specs,
            dirty_lists: false,
            refused: Vec::new(),
            cache: GilCell(std::cell::UnsafeCell::new(Cache { generation: u64::MAX, map: FxMap::default(), last: None })),
            free: crate::memory::numrs_free,
        }
    }

    /// Records the specializations that did not compile (see `refused`).
    pub fn set_refused(&mut self, refused: Vec<(Vec<Type>, String)>) {
        let mut reg = registry();
        self.refused = refused.into_iter().map(|(args, e)| (args.into_iter().map(|t| reg.intern(t)).collect(), e)).collect();
    }

    /// The specialization whose typecodes are exactly `tcs`, if it is unique.
    #[inline(always)]
    fn exact_match(&self, tcs: &[u32]) -> Option<usize> {
        if let Some(key) = pack(tcs) {
            // Typecodes that pack can only equal a specialization's that pack too.
            return self.exact_packed.iter().find(|&&(k, _)| k == key).map(|&(_, i)| i);
        }
        self.exact.iter().copied().find(|&i| self.spec_tcs[i].as_slice() == tcs)
    }

    /// Numba's `find_named_args`: checks the argument count, then fills `argv` with the
    /// positional arguments, keyword arguments by parameter name and defaults. Sets
    /// `omitted[i]` for parameters left to their default.
    unsafe fn fold(
        &self,
        py: Python<'_>,
        pos: &[*mut ffi::PyObject],
        kw: Kw<'_>,
        argv: &mut [*mut ffi::PyObject],
        omitted: &mut [bool],
        star_value: *mut ffi::PyObject,
    ) -> PyResult<()> {
        // With `*args`, its slot is always filled (positional arguments reaching it arrive
        // packed already).
        let star_slot = self.star && pos.len() < self.arity;
        let total = pos.len() + kw.len() + usize::from(star_slot);
        if total > self.arity {
            return Err(PyTypeError::new_err(format!("too many arguments: expected {}, got {}", self.arity, total)));
        }
        if self.star {
            // Numba's `minargs` counts the parameters before `*args` without a default.
            let required = self.min_args.min(self.arity - 1);
            if total - 1 < required {
                return Err(PyTypeError::new_err(format!("not enough arguments: expected at least {required}, got {}", total - 1)));
            }
        } else if total < self.min_args {
            return Err(PyTypeError::new_err(if self.min_args == self.arity {
                format!("not enough arguments: expected {}, got {}", self.min_args, total)
            } else {
                format!("not enough arguments: expected at least {}, got {}", self.min_args, total)
            }));
        }
        argv[..pos.len()].copy_from_slice(pos);
        let mut named = kw.len();
        for i in pos.len()..self.arity {
            if star_slot && i + 1 == self.arity {
                argv[i] = star_value;
                continue;
            }
            if !kw.is_empty() {
                let Some(params) = &self.params else {
                    return Err(PyTypeError::new_err("some keyword arguments unexpected"));
                };
                let name = params[i].as_ptr();
                let mut found = kw.iter().find(|(k, _)| *k == name).map(|&(_, v)| v);
                if found.is_none() {
                    for &(k, v) in kw {
                        match ffi::PyObject_RichCompareBool(k, name, ffi::Py_EQ) {
                            1 => {
                                found = Some(v);
                                break;
                            }
                            0 => {}
                            _ => return Err(PyErr::fetch(py)),
                        }
                    }
                }
                if let Some(v) = found {
                    argv[i] = v;
                    named -= 1;
                    continue;
                }
            }
            let name = || -> PyResult<String> {
                Ok(match &self.params {
                    Some(p) => p[i].bind(py).to_str()?.to_string(),
                    None => format!("{i}"),
                })
            };
            if let Some(Some(d)) = self.defaults.get(i) {
                if d.tc == UNAVAILABLE_TC {
                    return Err(PyTypeError::new_err(format!(
                        "the default value of parameter '{}' is not available in this numrs build (numrs freezes only defaults it can compute, such as numbers); pass the argument",
                        name()?
                    )));
                }
                argv[i] = d.obj.as_ptr();
                omitted[i] = true;
                continue;
            }
            let name = name()?;
            return Err(PyTypeError::new_err(format!("missing argument '{name}'")));
        }
        if named != 0 {
            return Err(PyTypeError::new_err("some keyword arguments unexpected"));
        }
        Ok(())
    }

    /// A call: positional arguments `pos` and keyword arguments `kw` (borrowed references).
    /// Returns a new reference, or null with the exception set.
    #[inline(always)]
    unsafe fn call(&self, pos: &[*mut ffi::PyObject], kw: Kw<'_>) -> *mut ffi::PyObject {
        let py = Python::assume_gil_acquired();
        let np = self.np;
        let n = pos.len();
        // Fast path: positional arguments only, each of a type whose typecode is known
        // without a look-up, matching one specialization exactly.
        if kw.is_empty() && n == self.arity && n <= MAX_ARGS_INLINE && !self.star {
            let mut tcs = [0u32; MAX_ARGS_INLINE];
            let mut ok = true;
            for i in 0..n {
                let tc = fast_typecode(np, pos[i]);
                tcs[i] = tc;
                ok &= tc != u32::MAX;
            }
            if ok {
                if let Some(i) = self.exact_match(&tcs[..n]) {
                    return self.invoke(py, np, &self.specs[i], pos);
                }
            }
        }
        match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.call_general(py, pos, kw, false))) {
            Ok(Ok(r)) => r as *mut ffi::PyObject,
            Ok(Err(e)) => {
                e.restore(py);
                std::ptr::null_mut()
            }
            Err(_) => {
                pyo3::exceptions::PySystemError::new_err("numrs runtime: internal error (panic) in a call").restore(py);
                std::ptr::null_mut()
            }
        }
    }

    /// Folds, types and selects, then runs the specialization (or only selects: returns its
    /// index when `select_only`).
    unsafe fn call_general(&self, py: Python<'_>, pos: &[*mut ffi::PyObject], kw: Kw<'_>, select_only: bool) -> PyResult<usize> {
        let np = self.np;
        let n = self.arity;
        let mut argv = Buf::new(n, std::ptr::null_mut::<ffi::PyObject>());
        let mut tcs = Buf::new(n, 0u32);
        let mut omitted = Buf::new(n, false);
        let (argv, tcs, omitted) = (argv.as_mut(), tcs.as_mut(), omitted.as_mut());
        // `*args`: the positional arguments past the named parameters, as one tuple (kept
        // alive until the call returns).
        let mut packed_pos: Vec<*mut ffi::PyObject> = Vec::new();
        let mut star_tuple = None;
        let pos = if self.star {
            let named = n.saturating_sub(1);
            let extra: &[*mut ffi::PyObject] = if pos.len() > named { &pos[named..] } else { &[] };
            let t = pyo3::types::PyTuple::new(py, extra.iter().map(|p| Bound::from_borrowed_ptr(py, *p)))?;
            packed_pos.extend_from_slice(&pos[..pos.len().min(named)]);
            if pos.len() >= named {
                packed_pos.push(t.as_ptr());
            }
            star_tuple = Some(t);
            &packed_pos[..]
        } else {
            pos
        };
        let star_value = star_tuple.as_ref().map_or(std::ptr::null_mut(), |t| t.as_ptr());
        self.fold(py, pos, kw, argv, omitted, star_value)?;
        for i in 0..n {
            tcs[i] = if omitted[i] {
                self.defaults[i].as_ref().map_or(u32::MAX, |d| d.tc)
            } else {
                match fast_typecode(np, argv[i]) {
                    u32::MAX => typecode(py, np, argv[i], self as *const Self as usize)?,
                    tc => tc,
                }
            };
        }
        let mut chosen = self.exact_match(tcs);
        if chosen.is_none() && self.has_literal_specs {
            chosen = self.literal_match(argv, omitted, tcs);
        }
        if chosen.is_none() && self.lazy {
            // Numba compiles the call, and its lowering knows no float16.
            if (0..n).any(|i| !omitted[i] && crate::typing::is_float16(py, np, argv[i])) {
                return Err(pyo3::exceptions::PyNotImplementedError::new_err("float16"));
            }
            // Numba compiles such a call for the types Python's `typeof` gives: a Python int
            // in [2**63, 2**64) is uint64 there (int64 to the dispatcher's fast path).
            let mut retyped = false;
            // So is one inside a tuple (whose typecode came from the fingerprint cache, which
            // the first tuple of that shape decided).
            for i in 0..n {
                if omitted[i] {
                    continue;
                }
                let ty = ffi::Py_TYPE(argv[i]);
                let tc = if ty == std::ptr::addr_of_mut!(ffi::PyLong_Type) {
                    crate::typing::exact_int_typecode(argv[i])
                } else if ty == std::ptr::addr_of_mut!(ffi::PyTuple_Type) {
                    typeof_pyval_tc(py, np, argv[i]).0
                } else {
                    continue;
                };
                retyped |= tc != tcs[i];
                tcs[i] = tc;
            }
            if retyped {
                chosen = self.exact_match(tcs);
            }
            // An int fitting neither int64 nor uint64 (also inside a tuple) has no type in
            // Numba's compilation: its typing fails (`non-precise type pyobject`).
            if chosen.is_none() && (0..n).any(|i| !omitted[i] && crate::typing::holds_too_large_int(argv[i])) {
                return Err(compile_error(py, &self.name, "TypingError: non-precise type pyobject (an int value too large for int64 and uint64)"));
            }
            // Numba compiles the call and fails as the build did.
            if chosen.is_none() {
                if let Some((_, e)) = self.refused.iter().find(|(t, _)| t.as_slice() == &tcs[..]) {
                    return Err(compile_error(py, &self.name, e));
                }
            }
        }
        let chosen = match chosen {
            Some(i) => i,
            None => self.resolve(py, np, argv, tcs)?,
        };
        if select_only {
            return Ok(chosen);
        }
        let r = self.invoke(py, np, &self.specs[chosen], argv);
        if r.is_null() {
            return Err(PyErr::fetch(py));
        }
        Ok(r as usize)
    }

    /// A specialization for literal arguments (`Literal[int](3)`, recorded where Numba compiled
    /// the function for a value, as `numba.literally` makes it) whose values the call passes,
    /// the other arguments of its exact types: Numba's dispatcher compiles (or finds) that one.
    unsafe fn literal_match(&self, argv: &[*mut ffi::PyObject], omitted: &[bool], tcs: &[u32]) -> Option<usize> {
        'specs: for (i, spec) in self.specs.iter().enumerate() {
            if !spec.args.iter().any(is_literal_arg) {
                continue;
            }
            for (k, t) in spec.args.iter().enumerate() {
                let o = argv[k];
                let ok = match t {
                    _ if omitted[k] => spec.arg_tcs.get(k) == Some(&tcs[k]),
                    Type::IntegerLiteral(v) => {
                        ffi::Py_TYPE(o) == std::ptr::addr_of_mut!(ffi::PyLong_Type) && {
                            let mut overflow = 0;
                            let x = ffi::PyLong_AsLongLongAndOverflow(o, &mut overflow);
                            overflow == 0 && x as i128 == *v as i128
                        }
                    }
                    Type::BooleanLiteral(b) => o == if *b { ffi::Py_True() } else { ffi::Py_False() },
                    Type::StringLiteral(s) => {
                        ffi::Py_TYPE(o) == std::ptr::addr_of_mut!(ffi::PyUnicode_Type) && {
                            let mut len: ffi::Py_ssize_t = 0;
                            let p = ffi::PyUnicode_AsUTF8AndSize(o, &mut len);
                            if p.is_null() {
                                ffi::PyErr_Clear();
                                false
                            } else {
                                std::slice::from_raw_parts(p as *const u8, len as usize) == s.as_bytes()
                            }
                        }
                    }
                    _ => spec.arg_tcs.get(k) == Some(&tcs[k]),
                };
                if !ok {
                    continue 'specs;
                }
            }
            return Some(i);
        }
        None
    }

    fn resolve(&self, py: Python<'_>, np: &Npy, argv: &[*mut ffi::PyObject], tcs: &[u32]) -> PyResult<usize> {
        let generation = GENERATION.load(Ordering::Relaxed);
        let packed = pack(tcs);
        {
            let c = self.cache.get(py);
            if c.generation != generation {
                c.map.clear();
                c.last = None;
                c.generation = generation;
            }
            if let (Some(k), Some((lk, sel))) = (packed, c.last) {
                if k == lk {
                    return self.outcome(py, np, argv, sel);
                }
            }
            if let Some(&sel) = c.map.get(tcs) {
                if let Some(k) = packed {
                    c.last = Some((k, sel));
                }
                return self.outcome(py, np, argv, sel);
            }
        }
        // Built functions cannot compile new specializations: unsafe conversions are allowed,
        // and a failed match first installs the conversions the C type manager lacks.
        let mut sel = select_overload(&registry(), tcs, &self.spec_tcs, true);
        if sel == Selection::None {
            let actual: Vec<u32> = argv.iter().map(|&o| unsafe { typeof_pyval_tc(py, np, o).0 }).collect();
            let mut reg = registry();
            let mut found = false;
            for formal in &self.spec_tcs {
                found |= reg.install_possible_conversions(&actual, formal);
            }
            if found {
                sel = select_overload(&reg, tcs, &self.spec_tcs, true);
            }
        }
        {
            let c = self.cache.get(py);
            let generation = GENERATION.load(Ordering::Relaxed);
            if c.generation != generation {
                c.map.clear();
                c.last = None;
                c.generation = generation;
            }
            c.map.insert(tcs.to_vec(), sel);
        }
        self.outcome(py, np, argv, sel)
    }

    fn outcome(&self, py: Python<'_>, np: &Npy, argv: &[*mut ffi::PyObject], sel: Selection) -> PyResult<usize> {
        match sel {
            Selection::One(i) => Ok(i),
            Selection::None => {
                let names: Vec<String> = argv
                    .iter()
                    .map(|&o| unsafe {
                        match typeof_pyval_tc(py, np, o).1 {
                            Type::PyObject => unsupported_type_name(&Bound::from_borrowed_ptr(py, o)).unwrap_or_else(|| "pyobject".into()),
                            t => t.to_string(),
                        }
                    })
                    .collect();
                Err(PyTypeError::new_err(format!("No matching definition for argument type(s) {}", names.join(", "))))
            }
            Selection::Ambiguous => {
                let actual: Vec<Type> = argv.iter().map(|&o| unsafe { typeof_pyval_tc(py, np, o).1 }).collect();
                let formal: Vec<Vec<Type>> = self.specs.iter().map(|s| s.args.clone()).collect();
                let tied: Vec<String> = tied_best(&actual, &formal).into_iter().map(|i| self.specs[i].display()).collect();
                if tied.len() < 2 {
                    // Numba re-resolves with `typeof` types to explain; when those are not
                    // ambiguous (an int too large for int64), it reports this.
                    return Err(pyo3::exceptions::PyRuntimeError::new_err("_explain_ambiguous must raise an exception"));
                }
                Err(PyTypeError::new_err(format!(
                    "Ambiguous overloading for {} {}:\n{}",
                    self.func_repr(),
                    tuple_repr(&actual),
                    tied.join("\n")
                )))
            }
        }
    }

    fn func_repr(&self) -> String {
        format!("<function {} at {:#x}>", self.name, self as *const _ as usize)
    }

    /// Runs specialization `spec` on `argv`: unboxes them into native storage, calls the
    /// wrapper, boxes the result. A new reference, or null with the exception set (a raw
    /// pointer rather than a `PyResult`, which is costly to move on this hot path).
    #[inline(always)]
    unsafe fn invoke(&self, py: Python<'_>, np: &Npy, spec: &Spec, argv: &[*mut ffi::PyObject]) -> *mut ffi::PyObject {
        let mut arg_inline = std::mem::MaybeUninit::<[u64; INLINE_WORDS]>::uninit();
        let mut ret_inline = std::mem::MaybeUninit::<[u64; INLINE_WORDS]>::uninit();
        let mut arg_heap = Vec::new();
        let mut ret_heap = Vec::new();
        let arg_buf: *mut u8 = if spec.arg_size <= INLINE_WORDS * 8 {
            arg_inline.as_mut_ptr() as *mut u8
        } else {
            arg_heap.resize(spec.arg_size.div_ceil(8), 0u64);
            arg_heap.as_mut_ptr() as *mut u8
        };
        let ret_buf: *mut u8 = if spec.ret_size <= INLINE_WORDS * 8 {
            ret_inline.as_mut_ptr() as *mut u8
        } else {
            ret_heap.resize(spec.ret_size.div_ceil(8), 0u64);
            ret_heap.as_mut_ptr() as *mut u8
        };
        let mut ptrs_inline = [std::ptr::null_mut::<std::ffi::c_void>(); MAX_ARGS_INLINE];
        let mut ptrs_heap = Vec::new();
        let ptrs: &mut [*mut std::ffi::c_void] = if argv.len() <= MAX_ARGS_INLINE {
            &mut ptrs_inline[..argv.len()]
        } else {
            ptrs_heap.resize(argv.len(), std::ptr::null_mut());
            &mut ptrs_heap
        };
        // Sets unboxed for an earlier call (whose native sets may be gone) are forgotten first,
        // whatever happened to that call (specializations taking sets are never `plain`).
        if !spec.plain {
            crate::dict_boxing::forget_unboxed_sets();
        }
        for (i, ((off, plan), &obj)) in spec.arg_plans.iter().zip(argv).enumerate() {
            let dst = arg_buf.add(*off);
            // The same Python list passed twice is one native list, as in Numba (which keeps
            // a list's native list with it): another reference to the first one's.
            if !spec.plain && matches!(plan, Plan::List { typed: None, .. }) {
                let earlier = (0..i).find(|&j| argv[j] == obj && spec.args.get(j) == spec.args.get(i));
                if let Some(j) = earlier {
                    let eoff = &spec.arg_plans[j].0;
                    let mi = (arg_buf.add(*eoff) as *const *mut numrs_abi::MemInfo).read_unaligned();
                    let rc = &*(std::ptr::addr_of_mut!((*mi).refcount) as *const std::sync::atomic::AtomicI64);
                    rc.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    (dst as *mut *mut numrs_abi::MemInfo).write_unaligned(mi);
                    ptrs[i] = dst as *mut std::ffi::c_void;
                    continue;
                }
            }
            if let Err(e) = unbox(py, np, plan, obj, dst) {
                // Arguments unboxed into new native memory (lists) are released.
                for ((off, plan), _) in spec.arg_plans.iter().zip(argv).take(i) {
                    if crate::lists::owns(plan) {
                        crate::boxing::release(plan, arg_buf.add(*off));
                    }
                }
                return raw(py, Err(e));
            }
            ptrs[i] = dst as *mut std::ffi::c_void;
        }
        let mut exc = ExcInfo { kind: 0, msg: std::ptr::null(), msg_len: 0, msg_owned: 0 };
        let status = if self.nogil {
            // As Numba's `nogil=True`: other Python threads run meanwhile (compiled code takes
            // the GIL itself where it calls into Python).
            let saved = ffi::PyEval_SaveThread();
            let status = (spec.wrapper)(ptrs.as_ptr(), ret_buf as *mut std::ffi::c_void, &mut exc);
            ffi::PyEval_RestoreThread(saved);
            status
        } else {
            (spec.wrapper)(ptrs.as_ptr(), ret_buf as *mut std::ffi::c_void, &mut exc)
        };
        if spec.plain {
            if status != 0 {
                self.raise(py, &exc).restore(py);
                return std::ptr::null_mut();
            }
            return raw(py, box_value(py, np, &spec.ret_plan, ret_buf));
        }
        let mut result = match (status, &spec.ret_plan) {
            (0, Plan::Generator { .. }) => {
                // The generator borrows its arguments: those unboxed into native memory of
                // their own (strings, typed containers) are released when it goes.
                let held = spec
                    .arg_plans
                    .iter()
                    .filter(|(_, plan)| crate::lists::owns(plan))
                    // Each is one pointer (the wrapper refuses other owning arguments).
                    .map(|(off, plan)| (plan.clone(), (arg_buf.add(*off) as *const usize).read_unaligned()))
                    .collect();
                return raw(py, crate::generators::box_generator(py, self.np, &spec.ret_plan, ret_buf, argv, held));
            }
            (0, plan) => box_value(py, np, plan, ret_buf),
            _ => Err(self.raise(py, &exc)),
        };
        // Reflected lists: their items go back into the Python lists, then they are released
        // (all of them, also after a failure; the first error wins).
        for (off, plan) in &spec.arg_plans {
            if crate::lists::owns(plan) {
                if let Err(e) = crate::lists::after_call(py, np, plan, arg_buf.add(*off), self.dirty_lists) {
                    if let Ok(r) = result {
                        ffi::Py_DECREF(r);
                        result = Err(e);
                    }
                }
            }
        }
        raw(py, result)
    }

    unsafe fn raise(&self, py: Python<'_>, exc: &ExcInfo) -> PyErr {
        exc_error(py, exc, self.free)
    }
}

/// The Python exception an `ExcInfo` describes (its message released with `free` when owned).
pub(crate) unsafe fn exc_error(py: Python<'_>, exc: &ExcInfo, free: unsafe extern "C" fn(*mut u8)) -> PyErr {
    // An exception an object-mode block raised is raised again as it is.
    if let Some(e) = crate::objmode::take_raised(exc) {
        if exc.msg_owned != 0 && !exc.msg.is_null() {
            free(exc.msg as *mut u8);
        }
        return e;
    }
    let kind = ExcKind::from_u32(exc.kind).unwrap_or(ExcKind::Exception);
    let msg = if exc.msg.is_null() || exc.msg_len == 0 {
        None
    } else {
        Some(String::from_utf8_lossy(std::slice::from_raw_parts(exc.msg, exc.msg_len)).into_owned())
    };
    if exc.msg_owned != 0 && !exc.msg.is_null() {
        free(exc.msg as *mut u8);
    }
    // A class of the module's own (`numrs_abi::EXC_CLASS_PREFIX`): the rest is the message.
    let (user, msg) = match msg.as_deref().and_then(|m| crate::exceptions::split_class_message(py, m)) {
        Some(Ok((class, rest))) => (Some(class), if rest.is_empty() { None } else { Some(rest) }),
        Some(Err(why)) => return pyo3::exceptions::PyRuntimeError::new_err(why),
        None => (None, msg),
    };
    let ty = match kind {
        _ if user.is_some() => user.expect("checked"),
        // NumPy's own class (a subclass of ValueError and IndexError).
        ExcKind::AxisError => match py.import("numpy.exceptions").and_then(|m| m.getattr("AxisError")).and_then(|t| Ok(t.downcast_into::<pyo3::types::PyType>()?)) {
            Ok(t) => t,
            Err(e) => return e,
        },
        _ => {
            let ty: Bound<'_, PyAny> = Bound::from_borrowed_ptr(py, exception_type(kind));
            ty.downcast_into_unchecked::<pyo3::types::PyType>()
        }
    };
    match msg {
        Some(m) => match m.strip_prefix(numrs_abi::EXC_ARGS_PREFIX) {
            // The arguments themselves (`KeyError(3)`, not `KeyError('3')`).
            Some(args) => {
                let value = py.import("ast").and_then(|a| a.getattr("literal_eval")).and_then(|f| f.call1((args,)));
                match value.and_then(|v| Ok(v.downcast_into::<pyo3::types::PyTuple>()?)) {
                    Ok(t) => PyErr::from_type(ty, t.unbind()),
                    // Not a literal (a `nan` or `inf` among them): one argument stays its text,
                    // several the tuple's text, as `str()` of the exception prints them.
                    Err(_) => {
                        let text = args.strip_prefix('(').and_then(|a| a.strip_suffix(",)")).filter(|a| !a.contains(", ")).unwrap_or(args);
                        PyErr::from_type(ty, (text.to_string(),))
                    }
                }
            }
            None => PyErr::from_type(ty, (m,)),
        },
        None => PyErr::from_type(ty, ()),
    }
}

/// A result as the C API returns one: the object, or null with the exception set.
#[inline(always)]
fn raw(py: Python<'_>, r: PyResult<*mut ffi::PyObject>) -> *mut ffi::PyObject {
    r.unwrap_or_else(|e| {
        e.restore(py);
        std::ptr::null_mut()
    })
}

/// The Python class of an exception kind (a borrowed reference).
pub(crate) fn exception_type(kind: ExcKind) -> *mut ffi::PyObject {
    unsafe {
        match kind {
            ExcKind::Exception => ffi::PyExc_Exception,
            ExcKind::IndexError => ffi::PyExc_IndexError,
            ExcKind::ZeroDivisionError => ffi::PyExc_ZeroDivisionError,
            ExcKind::ValueError => ffi::PyExc_ValueError,
            ExcKind::TypeError => ffi::PyExc_TypeError,
            ExcKind::KeyError => ffi::PyExc_KeyError,
            ExcKind::AssertionError => ffi::PyExc_AssertionError,
            ExcKind::OverflowError => ffi::PyExc_OverflowError,
            ExcKind::RuntimeError => ffi::PyExc_RuntimeError,
            ExcKind::StopIteration => ffi::PyExc_StopIteration,
            ExcKind::NotImplementedError => ffi::PyExc_NotImplementedError,
            ExcKind::ArithmeticError => ffi::PyExc_ArithmeticError,
            ExcKind::LookupError => ffi::PyExc_LookupError,
            ExcKind::MemoryError => ffi::PyExc_MemoryError,
            ExcKind::FloatingPointError => ffi::PyExc_FloatingPointError,
            ExcKind::AxisError => ffi::PyExc_ValueError,
        }
    }
}


// ---------------------------------------------------------------------------------------------
// The Python type of dispatchers, written against the C API directly (not through pyo3's
// generic argument handling): `tp_call`, and vectorcall where the interpreter takes it.
//
// Vectorcall (PEP 590) is set up with the type spec's `__vectorcalloffset__` member and the
// `Py_TPFLAGS_HAVE_VECTORCALL` flag. Both entered the limited API in 3.12, but the interpreter
// machinery behind them (the flag bit, `tp_vectorcall_offset`, the `__vectorcalloffset__`
// member handled by `PyType_FromSpec`, the `vectorcallfunc` signature) is the same from 3.9
// on, so the one abi3 build decides when it creates the type, from the running interpreter's
// version: vectorcall on CPython 3.10 and later (every version this build loads into), unless
// the environment variable `NUMRS_RUNTIME_VECTORCALL` is `0`, which keeps `tp_call` only (the
// tests run both ways). `tp_call` is always there too: `type(f).__call__(f, ...)` takes it.
// ---------------------------------------------------------------------------------------------

type VectorcallFn = unsafe extern "C" fn(
    callable: *mut ffi::PyObject,
    args: *const *mut ffi::PyObject,
    nargsf: usize,
    kwnames: *mut ffi::PyObject,
) -> *mut ffi::PyObject;

/// `PY_VECTORCALL_ARGUMENTS_OFFSET`.
const VECTORCALL_ARGUMENTS_OFFSET: usize = 1 << (usize::BITS - 1);
/// `Py_TPFLAGS_HAVE_VECTORCALL` (the same bit in every CPython from 3.8 on).
const TPFLAGS_HAVE_VECTORCALL: std::ffi::c_ulong = 1 << 11;

#[repr(C)]
struct DispatcherObject {
    ob_base: ffi::PyObject,
    /// The instance's vectorcall function (`tp_vectorcall_offset` points here).
    vectorcall: Option<VectorcallFn>,
    d: *mut Dispatcher,
}

struct TypeState {
    ty: *mut ffi::PyTypeObject,
    vectorcall: bool,
}
unsafe impl Send for TypeState {}
unsafe impl Sync for TypeState {}
static TYPE: std::sync::OnceLock<TypeState> = std::sync::OnceLock::new();

#[inline(always)]
unsafe fn dispatcher_of<'a>(obj: *mut ffi::PyObject) -> Option<&'a Dispatcher> {
    (*(obj as *mut DispatcherObject)).d.as_ref()
}

/// Whether the dispatcher typed with identity `id` (see `typeof_dispatcher`) is the function
/// `name` of the built module `module`.
pub(crate) unsafe fn is_function_of(id: u64, module: &str, name: &str) -> bool {
    as_dispatcher(id as *mut ffi::PyObject).is_some_and(|d| d.module == module && d.name == name)
}

/// The dispatcher behind `obj`, when it is one of ours.
unsafe fn as_dispatcher<'a>(obj: *mut ffi::PyObject) -> Option<&'a Dispatcher> {
    let t = TYPE.get()?;
    if ffi::Py_TYPE(obj) != t.ty {
        return None;
    }
    dispatcher_of(obj)
}

/// Numba's `typeof` of a dispatcher: `type(CPUDispatcher(<function f>))`, one type per
/// dispatcher object (its address is the identity). The object is kept alive from then on, as
/// the type refers to it.
pub(crate) unsafe fn typeof_dispatcher(obj: *mut ffi::PyObject) -> Option<Type> {
    static TYPED: std::sync::Mutex<Vec<usize>> = std::sync::Mutex::new(Vec::new());
    let d = as_dispatcher(obj)?;
    let mut typed = TYPED.lock().unwrap_or_else(|e| e.into_inner());
    if !typed.contains(&(obj as usize)) {
        ffi::Py_INCREF(obj);
        typed.push(obj as usize);
    }
    Some(Type::Dispatcher(numrs_types::DispatcherRef { name: d.name.as_str().into(), id: obj as u64, file: None }))
}

/// The specialization of the dispatcher with identity `id` (see `typeof_dispatcher`) whose
/// signature is exactly `sig`: what Numba's `Dispatcher.get_compile_result(sig)` gives when a
/// dispatcher converts to `FunctionType[sig]`.
pub(crate) unsafe fn function_spec<'a>(id: u64, sig: &numrs_types::Signature) -> Option<&'a Spec> {
    let d = as_dispatcher(id as usize as *mut ffi::PyObject)?;
    d.specs.iter().find(|s| s.args == sig.args && s.ret == sig.return_type)
}

/// Unboxes a dispatcher passed as `FunctionType[sig]`: the uniform wrapper of its
/// specialization for `sig`, which compiled code calls (`numrs_abi::layout`).
pub(crate) unsafe fn unbox_function(obj: *mut ffi::PyObject, sig: &numrs_types::Signature, dst: *mut u8) -> PyResult<()> {
    match function_spec(obj as u64, sig) {
        Some(spec) => {
            (dst as *mut usize).write_unaligned(spec.wrapper as usize);
            Ok(())
        }
        None => Err(pyo3::exceptions::PyTypeError::new_err(format!("expected a function built by numrs with a specialization {sig}"))),
    }
}

unsafe fn no_dispatcher() -> *mut ffi::PyObject {
    ffi::PyErr_SetString(ffi::PyExc_TypeError, c"uninitialized numrs dispatcher".as_ptr());
    std::ptr::null_mut()
}

unsafe extern "C" fn dispatcher_vectorcall(
    callable: *mut ffi::PyObject,
    args: *const *mut ffi::PyObject,
    nargsf: usize,
    kwnames: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    let Some(d) = dispatcher_of(callable) else { return no_dispatcher() };
    let n = nargsf & !VECTORCALL_ARGUMENTS_OFFSET;
    let pos: &[*mut ffi::PyObject] = if n == 0 { &[] } else { std::slice::from_raw_parts(args, n) };
    if kwnames.is_null() {
        return d.call(pos, &[]);
    }
    let nk = ffi::PyTuple_Size(kwnames);
    if nk < 0 {
        return std::ptr::null_mut();
    }
    let nk = nk as usize;
    let mut kw = Buf::new(nk, (std::ptr::null_mut(), std::ptr::null_mut()));
    let kw = kw.as_mut();
    for (j, slot) in kw.iter_mut().enumerate() {
        *slot = (ffi::PyTuple_GetItem(kwnames, j as isize), *args.add(n + j));
    }
    d.call(pos, kw)
}

/// Positional arguments of an argument tuple (borrowed from it) and keyword arguments of a
/// dict (strong references, released by `Drop`: the dict is not ours to trust during a call).
struct TupleDictArgs {
    pos: Buf<*mut ffi::PyObject>,
    kw: Vec<(*mut ffi::PyObject, *mut ffi::PyObject)>,
}

impl TupleDictArgs {
    unsafe fn new(args: *mut ffi::PyObject, kwargs: *mut ffi::PyObject) -> Option<TupleDictArgs> {
        let n = if args.is_null() { 0 } else { ffi::PyTuple_Size(args) };
        if n < 0 {
            return None;
        }
        let mut pos = Buf::new(n as usize, std::ptr::null_mut());
        for (i, slot) in pos.as_mut().iter_mut().enumerate() {
            *slot = ffi::PyTuple_GetItem(args, i as isize);
        }
        let mut kw = Vec::new();
        if !kwargs.is_null() {
            let mut p: ffi::Py_ssize_t = 0;
            let mut k = std::ptr::null_mut();
            let mut v = std::ptr::null_mut();
            while ffi::PyDict_Next(kwargs, &mut p, &mut k, &mut v) != 0 {
                ffi::Py_INCREF(k);
                ffi::Py_INCREF(v);
                kw.push((k, v));
            }
        }
        Some(TupleDictArgs { pos, kw })
    }
}

impl Drop for TupleDictArgs {
    fn drop(&mut self) {
        for &(k, v) in &self.kw {
            unsafe {
                ffi::Py_DECREF(k);
                ffi::Py_DECREF(v);
            }
        }
    }
}

unsafe extern "C" fn dispatcher_call(
    callable: *mut ffi::PyObject,
    args: *mut ffi::PyObject,
    kwargs: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    let Some(d) = dispatcher_of(callable) else { return no_dispatcher() };
    let Some(mut a) = TupleDictArgs::new(args, kwargs) else { return std::ptr::null_mut() };
    let r = d.call(a.pos.as_mut(), &a.kw);
    drop(a);
    r
}

/// `_select(*args, **kwargs)`: the index of the specialization a call with these arguments
/// runs, without running it.
unsafe extern "C" fn dispatcher_select(
    slf: *mut ffi::PyObject,
    args: *mut ffi::PyObject,
    kwargs: *mut ffi::PyObject,
) -> *mut ffi::PyObject {
    let Some(d) = dispatcher_of(slf) else { return no_dispatcher() };
    let Some(mut a) = TupleDictArgs::new(args, kwargs) else { return std::ptr::null_mut() };
    let py = Python::assume_gil_acquired();
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| d.call_general(py, a.pos.as_mut(), &a.kw, true)));
    drop(a);
    match r {
        Ok(Ok(i)) => ffi::PyLong_FromSize_t(i),
        Ok(Err(e)) => {
            e.restore(py);
            std::ptr::null_mut()
        }
        Err(_) => no_dispatcher(),
    }
}

unsafe extern "C" fn dispatcher_dealloc(obj: *mut ffi::PyObject) {
    let ty = ffi::Py_TYPE(obj);
    let o = obj as *mut DispatcherObject;
    if !(*o).d.is_null() {
        drop(Box::from_raw((*o).d));
        (*o).d = std::ptr::null_mut();
    }
    let free = ffi::PyType_GetSlot(ty, ffi::Py_tp_free);
    if !free.is_null() {
        let free: unsafe extern "C" fn(*mut std::ffi::c_void) = std::mem::transmute(free);
        free(obj as *mut std::ffi::c_void);
    }
    ffi::Py_DECREF(ty as *mut ffi::PyObject);
}

unsafe fn new_str(s: &str) -> *mut ffi::PyObject {
    ffi::PyUnicode_FromStringAndSize(s.as_ptr() as *const std::ffi::c_char, s.len() as ffi::Py_ssize_t)
}

unsafe extern "C" fn dispatcher_repr(obj: *mut ffi::PyObject) -> *mut ffi::PyObject {
    match dispatcher_of(obj) {
        // As Numba prints a dispatcher (its Python function's address there, the object's here).
        Some(d) => new_str(&format!("CPUDispatcher(<function {} at {:#x}>)", d.name, obj as usize)),
        None => new_str("<numrs dispatcher (uninitialized)>"),
    }
}

unsafe extern "C" fn dispatcher_get(obj: *mut ffi::PyObject, closure: *mut std::ffi::c_void) -> *mut ffi::PyObject {
    let Some(d) = dispatcher_of(obj) else { return no_dispatcher() };
    match closure as usize {
        0 | 1 => new_str(&d.name),
        2 => new_str(&d.module),
        _ => {
            // `signatures`: as Numba prints them, `(int64, int64) -> int64`.
            let list = ffi::PyList_New(0);
            if list.is_null() {
                return list;
            }
            for s in &d.specs {
                let item = new_str(&s.display_str());
                if item.is_null() || ffi::PyList_Append(list, item) != 0 {
                    ffi::Py_XDECREF(item);
                    ffi::Py_DECREF(list);
                    return std::ptr::null_mut();
                }
                ffi::Py_DECREF(item);
            }
            list
        }
    }
}

/// Creates the dispatcher type (once, when the runtime module is initialized).
pub fn dispatcher_type(py: Python<'_>) -> PyResult<*mut ffi::PyTypeObject> {
    if let Some(t) = TYPE.get() {
        return Ok(t.ty);
    }
    let vectorcall = py.version_info() >= (3, 10) && std::env::var("NUMRS_RUNTIME_VECTORCALL").map_or(true, |v| v != "0");
    let getter = |name: &'static std::ffi::CStr, doc: &'static std::ffi::CStr, which: usize| ffi::PyGetSetDef {
        name: name.as_ptr(),
        get: Some(dispatcher_get),
        set: None,
        doc: doc.as_ptr(),
        closure: which as *mut std::ffi::c_void,
    };
    // The type keeps pointers to these (and to the spec's name): they live as long as the
    // process.
    let getset: &'static mut [ffi::PyGetSetDef] = Box::leak(Box::new([
        getter(c"__name__", c"The function's name.", 0),
        getter(c"__qualname__", c"The function's name.", 1),
        getter(c"__module__", c"The built module's name.", 2),
        getter(c"signatures", c"The specializations, as Numba prints signatures: `(int64, int64) -> int64`.", 3),
        unsafe { std::mem::zeroed() },
    ]));
    let methods: &'static mut [ffi::PyMethodDef] = Box::leak(Box::new([
        ffi::PyMethodDef {
            ml_name: c"_select".as_ptr(),
            ml_meth: ffi::PyMethodDefPointer { PyCFunctionWithKeywords: dispatcher_select },
            ml_flags: ffi::METH_VARARGS | ffi::METH_KEYWORDS,
            ml_doc: c"Which specialization a call with these arguments runs (its index), without running it.".as_ptr(),
        },
        unsafe { std::mem::zeroed() },
    ]));
    let members: &'static mut [ffi::PyMemberDef] = Box::leak(Box::new([
        ffi::PyMemberDef {
            name: c"__vectorcalloffset__".as_ptr(),
            type_code: ffi::Py_T_PYSSIZET,
            offset: std::mem::offset_of!(DispatcherObject, vectorcall) as ffi::Py_ssize_t,
            flags: ffi::Py_READONLY,
            doc: std::ptr::null(),
        },
        unsafe { std::mem::zeroed() },
    ]));
    let mut slots = vec![
        ffi::PyType_Slot { slot: ffi::Py_tp_call, pfunc: dispatcher_call as *mut std::ffi::c_void },
        ffi::PyType_Slot { slot: ffi::Py_tp_dealloc, pfunc: dispatcher_dealloc as *mut std::ffi::c_void },
        ffi::PyType_Slot { slot: ffi::Py_tp_repr, pfunc: dispatcher_repr as *mut std::ffi::c_void },
        ffi::PyType_Slot { slot: ffi::Py_tp_getset, pfunc: getset.as_mut_ptr() as *mut std::ffi::c_void },
        ffi::PyType_Slot { slot: ffi::Py_tp_methods, pfunc: methods.as_mut_ptr() as *mut std::ffi::c_void },
        ffi::PyType_Slot {
            slot: ffi::Py_tp_doc,
            pfunc: c"A function of a module built by numrs: selects a specialization as Numba's dispatcher does and runs it."
                .as_ptr() as *mut std::ffi::c_void,
        },
    ];
    let mut flags = ffi::Py_TPFLAGS_DEFAULT | ffi::Py_TPFLAGS_DISALLOW_INSTANTIATION | ffi::Py_TPFLAGS_IMMUTABLETYPE;
    if vectorcall {
        slots.push(ffi::PyType_Slot { slot: ffi::Py_tp_members, pfunc: members.as_mut_ptr() as *mut std::ffi::c_void });
        flags |= TPFLAGS_HAVE_VECTORCALL;
    }
    slots.push(ffi::PyType_Slot { slot: 0, pfunc: std::ptr::null_mut() });
    let mut spec = ffi::PyType_Spec {
        name: c"numrs_runtime.Dispatcher".as_ptr(),
        basicsize: std::mem::size_of::<DispatcherObject>() as std::ffi::c_int,
        itemsize: 0,
        flags: flags as std::ffi::c_uint,
        slots: slots.as_mut_ptr(),
    };
    let ty = unsafe { ffi::PyType_FromSpec(&mut spec) };
    if ty.is_null() {
        return Err(PyErr::fetch(py));
    }
    let state = TYPE.get_or_init(|| TypeState { ty: ty as *mut ffi::PyTypeObject, vectorcall });
    if state.ty != ty as *mut ffi::PyTypeObject {
        unsafe { ffi::Py_DECREF(ty) };
    }
    Ok(state.ty)
}

/// Whether dispatchers take calls through vectorcall (see above).
pub fn uses_vectorcall() -> bool {
    TYPE.get().is_some_and(|t| t.vectorcall)
}

/// A new dispatcher object owning `d`.
pub fn new_dispatcher(py: Python<'_>, d: Dispatcher) -> PyResult<Bound<'_, PyAny>> {
    let ty = dispatcher_type(py)?;
    unsafe {
        let alloc = ffi::PyType_GetSlot(ty, ffi::Py_tp_alloc);
        let alloc: ffi::allocfunc = std::mem::transmute(alloc);
        let obj = alloc(ty, 0);
        if obj.is_null() {
            return Err(PyErr::fetch(py));
        }
        let o = obj as *mut DispatcherObject;
        (*o).vectorcall = Some(dispatcher_vectorcall);
        (*o).d = Box::into_raw(Box::new(d));
        Ok(Bound::from_owned_ptr(py, obj))
    }
}

/// The name Numba's `typeof` gives a value numrs has no specialization type for (bytes,
/// datetimes, arrays of strings, objects or float16), for the "No matching definition"
/// message; `None` when Numba has none either (`pyobject`).
fn unsupported_type_name(obj: &Bound<'_, PyAny>) -> Option<String> {
    let py = obj.py();
    if obj.is_exact_instance_of::<pyo3::types::PyBytes>() {
        return Some("readonly bytes(uint8, 1d, C)".into());
    }
    if obj.is_exact_instance_of::<pyo3::types::PyByteArray>() {
        return Some("bytearray(uint8, 1d, C)".into());
    }
    let numpy = py.import("numpy").ok()?;
    let dtype_name = |dtype: &Bound<'_, PyAny>| -> Option<String> {
        let kind: String = dtype.getattr("kind").ok()?.extract().ok()?;
        let itemsize: usize = dtype.getattr("itemsize").ok()?.extract().ok()?;
        Some(match kind.as_str() {
            "M" | "m" => dtype.str().ok()?.to_string(),
            "U" => format!("[unichr x {}]", itemsize / 4),
            "O" => "pyobject".into(),
            "f" if itemsize == 2 => "float16".into(),
            _ => return None,
        })
    };
    if obj.is_instance(&numpy.getattr("ndarray").ok()?).ok()? {
        let dtype = obj.getattr("dtype").ok()?;
        let item = dtype_name(&dtype)?;
        let ndim: usize = obj.getattr("ndim").ok()?.extract().ok()?;
        let flags = obj.getattr("flags").ok()?;
        let flag = |name: &str| flags.getattr(name).ok().and_then(|f| f.extract::<bool>().ok()).unwrap_or(false);
        let layout = if flag("c_contiguous") { "C" } else if flag("f_contiguous") { "F" } else { "A" };
        let readonly = if flag("writeable") { "" } else { "readonly " };
        return Some(format!("{readonly}array({item}, {ndim}d, {layout})"));
    }
    if obj.is_instance(&numpy.getattr("generic").ok()?).ok()? {
        return dtype_name(&obj.getattr("dtype").ok()?);
    }
    None
}

/// The exception Numba's compilation of a call raises: `Kind: message` (the build's error) as
/// the builtin exception of that name, or else a subclass of TypeError of that name
/// (`numrs_runtime.TypingError`), made once.
fn compile_error(py: Python<'_>, function: &str, error: &str) -> PyErr {
    let (kind, message) = error.split_once(": ").unwrap_or(("TypingError", error));
    numba_error(py, kind, format!("Failed in nopython mode pipeline (numrs build) for {function}: {message}"))
}

/// An exception of Numba's class `kind` with `text`: the builtin exception of that name, or
/// else a subclass of TypeError of that name (`numrs_runtime.TypingError`), made once.
pub(crate) fn numba_error(py: Python<'_>, kind: &str, text: String) -> PyErr {
    let builtin = py.import("builtins").ok().and_then(|b| b.getattr(kind).ok()).filter(|c| {
        c.downcast::<pyo3::types::PyType>().is_ok_and(|t| t.is_subclass_of::<pyo3::exceptions::PyBaseException>().unwrap_or(false))
    });
    let class = match builtin {
        Some(c) => Some(c.unbind()),
        None => {
            static CLASSES: std::sync::Mutex<Vec<(String, Py<PyAny>)>> = std::sync::Mutex::new(Vec::new());
            let mut classes = CLASSES.lock().unwrap_or_else(|p| p.into_inner());
            match classes.iter().find(|(k, _)| k == kind) {
                Some((_, c)) => Some(c.clone_ref(py)),
                None => {
                    let made = (|| -> PyResult<Py<PyAny>> {
                        let ns = pyo3::types::PyDict::new(py);
                        ns.set_item("__module__", "numrs_runtime")?;
                        let bases = pyo3::types::PyTuple::new(py, [py.get_type::<PyTypeError>()])?;
                        Ok(py.import("builtins")?.getattr("type")?.call1((kind, bases, ns))?.unbind())
                    })();
                    let made = made.ok();
                    if let Some(c) = &made {
                        classes.push((kind.to_string(), c.clone_ref(py)));
                    }
                    made
                }
            }
        }
    };
    match class.and_then(|c| c.bind(py).call1((text.clone(),)).ok()) {
        Some(e) => PyErr::from_value(e),
        None => PyTypeError::new_err(text),
    }
}
