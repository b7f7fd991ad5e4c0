//! The dispatcher object a built module exposes for each function: folds keyword arguments,
//! types the arguments, selects the specialization as Numba's dispatcher does, unboxes, calls
//! the wrapper, boxes the result or raises the compiled code's exception.

use crate::boxing::{box_value, unbox, Plan};
use crate::npy::{npy_loaded, Npy};
use crate::select::{registry, select_overload, tied_best, Selection, GENERATION};
use crate::typing::{typecode, typeof_pyval_tc};
use numrs_abi::{ExcInfo, ExcKind, WrapperFn};
use numrs_types::Type;
use pyo3::exceptions::PyTypeError;
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString, PyTuple};
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::atomic::Ordering;

pub struct Spec {
    pub args: Vec<Type>,
    pub arg_tcs: Vec<u32>,
    pub ret: Type,
    pub arg_plans: Vec<(usize, Plan)>,
    pub arg_size: usize,
    pub ret_plan: Plan,
    pub ret_size: usize,
    pub wrapper: WrapperFn,
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

/// A Python tuple of types as Python prints it (each item's Numba `repr`): `(int64,)`,
/// `(UniTuple(int64, 2), float64)`.
fn tuple_repr(tys: &[Type]) -> String {
    let items: Vec<String> = tys.iter().map(numba_repr).collect();
    if items.len() == 1 {
        format!("({},)", items[0])
    } else {
        format!("({})", items.join(", "))
    }
}

/// Numba's `repr(type)`, which differs from `str(type)` for containers and arrays.
pub fn numba_repr(ty: &Type) -> String {
    match ty {
        Type::UniTuple(t, n) => format!("UniTuple({}, {n})", numba_repr(t)),
        Type::Tuple(items) => format!("Tuple({})", tuple_repr(items)),
        Type::Array(a) => format!(
            "Array({}, {}, '{}', {}, aligned=True)",
            numba_repr(&a.dtype),
            a.ndim,
            a.layout.as_char(),
            if a.readonly { "True" } else { "False" }
        ),
        Type::List { dtype, reflected, .. } => format!("List({dtype}, {})", if *reflected { "True" } else { "False" }),
        Type::Set { dtype, reflected } => format!("Set({dtype}, {})", if *reflected { "True" } else { "False" }),
        other => other.to_string(),
    }
}

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

#[pyclass(frozen, module = "numrs_runtime", name = "Dispatcher")]
pub struct Dispatcher {
    name: String,
    module: String,
    /// Parameter names (keyword arguments), when the table has them.
    params: Option<Vec<Py<PyString>>>,
    arity: usize,
    specs: Vec<Spec>,
    spec_tcs: Vec<Vec<u32>>,
    cache: GilCell,
    /// Releases the message of an ExcInfo with `msg_owned`.
    free: unsafe extern "C" fn(*mut u8),
}

impl Dispatcher {
    pub fn new(
        name: String,
        module: String,
        params: Option<Vec<Py<PyString>>>,
        arity: usize,
        specs: Vec<Spec>,
    ) -> Dispatcher {
        let spec_tcs = specs.iter().map(|s| s.arg_tcs.clone()).collect();
        Dispatcher {
            name,
            module,
            params,
            arity,
            specs,
            spec_tcs,
            cache: GilCell(std::cell::UnsafeCell::new(Cache { generation: u64::MAX, map: FxMap::default(), last: None })),
            free: crate::memory::numrs_free,
        }
    }

    /// Numba's `find_named_args`: folds keyword arguments into positional ones by name.
    fn fold<'py>(&self, py: Python<'py>, args: &Bound<'py, PyTuple>, kwargs: &Bound<'py, PyDict>) -> PyResult<Bound<'py, PyTuple>> {
        let pos = args.len();
        let mut named = kwargs.len();
        let total = pos + named;
        if total > self.arity {
            return Err(PyTypeError::new_err(format!("too many arguments: expected {}, got {}", self.arity, total)));
        }
        if total < self.arity {
            return Err(PyTypeError::new_err(format!("not enough arguments: expected {}, got {}", self.arity, total)));
        }
        let mut out: Vec<Bound<'py, PyAny>> = args.iter().collect();
        for i in pos..self.arity {
            let Some(params) = &self.params else {
                return Err(PyTypeError::new_err("some keyword arguments unexpected"));
            };
            let name = params[i].bind(py);
            match kwargs.get_item(name)? {
                Some(v) => {
                    out.push(v);
                    named -= 1;
                }
                None => return Err(PyTypeError::new_err(format!("missing argument '{}'", name.to_str()?))),
            }
        }
        if named != 0 {
            return Err(PyTypeError::new_err("some keyword arguments unexpected"));
        }
        PyTuple::new(py, out)
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
                let names: Vec<String> = argv.iter().map(|&o| unsafe { typeof_pyval_tc(py, np, o).1.to_string() }).collect();
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

    unsafe fn invoke(&self, py: Python<'_>, np: &Npy, spec: &Spec, argv: &[*mut ffi::PyObject]) -> PyResult<PyObject> {
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
        for (i, ((off, plan), &obj)) in spec.arg_plans.iter().zip(argv).enumerate() {
            let dst = arg_buf.add(*off);
            unbox(py, np, plan, obj, dst)?;
            ptrs[i] = dst as *mut std::ffi::c_void;
        }
        let mut exc = ExcInfo { kind: 0, msg: std::ptr::null(), msg_len: 0, msg_owned: 0 };
        let status = (spec.wrapper)(ptrs.as_ptr(), ret_buf as *mut std::ffi::c_void, &mut exc);
        if status != 0 {
            return Err(self.raise(py, &exc));
        }
        let r = box_value(py, np, &spec.ret_plan, ret_buf)?;
        Ok(PyObject::from_owned_ptr(py, r))
    }

    unsafe fn raise(&self, py: Python<'_>, exc: &ExcInfo) -> PyErr {
        let kind = ExcKind::from_u32(exc.kind).unwrap_or(ExcKind::Exception);
        let msg = if exc.msg.is_null() || exc.msg_len == 0 {
            None
        } else {
            Some(String::from_utf8_lossy(std::slice::from_raw_parts(exc.msg, exc.msg_len)).into_owned())
        };
        if exc.msg_owned != 0 && !exc.msg.is_null() {
            (self.free)(exc.msg as *mut u8);
        }
        let ty = exception_type(kind);
        let ty: Bound<'_, PyAny> = Bound::from_borrowed_ptr(py, ty);
        let ty = ty.downcast_into_unchecked::<pyo3::types::PyType>();
        match msg {
            Some(m) => PyErr::from_type(ty, (m,)),
            None => PyErr::from_type(ty, ()),
        }
    }
}

fn exception_type(kind: ExcKind) -> *mut ffi::PyObject {
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
        }
    }
}

#[pymethods]
impl Dispatcher {
    #[pyo3(signature = (*args, **kwargs))]
    fn __call__(&self, py: Python<'_>, args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<PyObject> {
        let np = npy_loaded();
        let folded;
        let args = match kwargs {
            Some(kw) if !kw.is_empty() => {
                folded = self.fold(py, args, kw)?;
                &folded
            }
            _ => {
                let n = args.len();
                if n > self.arity {
                    return Err(PyTypeError::new_err(format!("too many arguments: expected {}, got {}", self.arity, n)));
                }
                if n < self.arity {
                    return Err(PyTypeError::new_err(format!("not enough arguments: expected {}, got {}", self.arity, n)));
                }
                args
            }
        };
        let n = args.len();
        let tuple = args.as_ptr();
        let mut argv_inline = [std::ptr::null_mut::<ffi::PyObject>(); MAX_ARGS_INLINE];
        let mut tcs_inline = [0u32; MAX_ARGS_INLINE];
        let mut argv_heap = Vec::new();
        let mut tcs_heap = Vec::new();
        let (argv, tcs): (&mut [*mut ffi::PyObject], &mut [u32]) = if n <= MAX_ARGS_INLINE {
            (&mut argv_inline[..n], &mut tcs_inline[..n])
        } else {
            argv_heap.resize(n, std::ptr::null_mut());
            tcs_heap.resize(n, 0);
            (&mut argv_heap, &mut tcs_heap)
        };
        for i in 0..n {
            let o = unsafe { ffi::PyTuple_GetItem(tuple, i as isize) };
            argv[i] = o;
            tcs[i] = unsafe { typecode(py, np, o)? };
        }
        let chosen = if self.specs.len() == 1 && self.spec_tcs[0].as_slice() == &*tcs {
            0
        } else {
            self.resolve(py, np, argv, tcs)?
        };
        unsafe { self.invoke(py, np, &self.specs[chosen], argv) }
    }

    #[getter]
    fn __name__(&self) -> &str {
        &self.name
    }

    #[getter]
    fn __qualname__(&self) -> &str {
        &self.name
    }

    #[getter]
    fn __module__(&self) -> &str {
        &self.module
    }

    /// The specializations, as Numba prints signatures: `(int64, int64) -> int64`.
    #[getter]
    fn signatures(&self) -> Vec<String> {
        self.specs.iter().map(|s| s.display_str()).collect()
    }

    /// Which specialization a call with these arguments runs (its index), without running it.
    #[pyo3(signature = (*args, **kwargs))]
    fn _select(&self, py: Python<'_>, args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<usize> {
        let np = npy_loaded();
        let args = match kwargs {
            Some(kw) if !kw.is_empty() => self.fold(py, args, kw)?,
            _ => self.fold(py, args, &PyDict::new(py))?,
        };
        let argv: Vec<*mut ffi::PyObject> = args.iter().map(|a| a.as_ptr()).collect();
        let mut tcs = Vec::with_capacity(argv.len());
        for &o in &argv {
            tcs.push(unsafe { typecode(py, np, o)? });
        }
        self.resolve(py, np, &argv, &tcs)
    }

    fn __repr__(&self) -> String {
        format!("<numrs dispatcher {}.{}>", self.module, self.name)
    }
}
