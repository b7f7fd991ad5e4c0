//! `@vectorize` functions as NumPy ufuncs (`numrs_abi::FUNCTION_KIND_UFUNC`): one inner loop
//! per specialization, on a ufunc made with NumPy's `PyUFunc_FromFuncAndData`. Each loop calls the
//! specialization's wrapper once per element, with pointers straight into NumPy's buffers
//! (scalar numbers have the same storage in both). As in a Numba ufunc, an error inside the
//! kernel is set as the Python exception, which NumPy raises after the loop, and does not stop
//! the loop; in a gufunc it does.

use crate::dispatcher::Spec;
use numrs_abi::{ExcInfo, WrapperFn};
use numrs_types::{NumericKind, Type};
use pyo3::exceptions::PyImportError;
use pyo3::ffi;
use pyo3::prelude::*;
use std::ffi::{c_char, c_int, c_void, CString};

type LoopFn = unsafe extern "C" fn(args: *mut *mut c_char, dims: *const isize, steps: *const isize, data: *mut c_void);
type FromFuncAndData = unsafe extern "C" fn(
    func: *mut LoopFn,
    data: *mut *mut c_void,
    types: *mut c_char,
    ntypes: c_int,
    nin: c_int,
    nout: c_int,
    identity: c_int,
    name: *const c_char,
    doc: *const c_char,
    unused: c_int,
) -> *mut ffi::PyObject;

/// NumPy's type number of a scalar type (`np.dtype(...).num` on LP64 platforms).
fn type_num(t: &Type) -> Option<c_char> {
    use NumericKind::*;
    let Type::Number(k) = t else { return None };
    Some(match k {
        Boolean => 0,
        Int8 => 1,
        UInt8 => 2,
        Int16 => 3,
        UInt16 => 4,
        Int32 => 5,
        UInt32 => 6,
        Int64 => 7,
        UInt64 => 8,
        Float32 => 11,
        Float64 => 12,
        Complex64 => 14,
        Complex128 => 15,
    })
}

/// What one loop needs: the wrapper and the number of inputs.
struct LoopData {
    wrapper: WrapperFn,
    nin: usize,
}

unsafe extern "C" fn ufunc_loop(args: *mut *mut c_char, dims: *const isize, steps: *const isize, data: *mut c_void) {
    let d = &*(data as *const LoopData);
    let n = *dims;
    let mut failed = false;
    let mut ptrs = [std::ptr::null_mut::<c_void>(); 32];
    for i in 0..n {
        for (k, p) in ptrs.iter_mut().enumerate().take(d.nin) {
            *p = (*args.add(k)).offset(i * *steps.add(k)) as *mut c_void;
        }
        let out = (*args.add(d.nin)).offset(i * *steps.add(d.nin)) as *mut c_void;
        let mut exc = ExcInfo { kind: 0, msg: std::ptr::null(), msg_len: 0, msg_owned: 0 };
        if (d.wrapper)(ptrs.as_ptr(), out, &mut exc) != 0 {
            set_error(&exc);
            failed = true;
        }
    }
    if failed {
        clear_fp_flags();
    }
}

/// Clears the floating-point status flags after a kernel raised: NumPy checks them after the
/// loop, and a warning issued while the kernel's exception is pending (an error under
/// `warnings.simplefilter("error")`) would be a SystemError; the exception is what the call
/// raises, as from Numba's loops.
fn clear_fp_flags() {
    extern "C" {
        fn feclearexcept(excepts: c_int) -> c_int;
    }
    #[cfg(target_arch = "x86_64")]
    const FE_ALL_EXCEPT: c_int = 0x3d;
    #[cfg(not(target_arch = "x86_64"))]
    const FE_ALL_EXCEPT: c_int = 0x1f;
    // SAFETY: C99's fenv function, changing only this thread's status flags.
    unsafe {
        feclearexcept(FE_ALL_EXCEPT);
    }
}

/// Set the Python exception `exc` describes (NumPy's loops may run without the GIL), as
/// Numba's ufunc and gufunc loops do for a kernel that raises: NumPy raises it after the
/// loop. A later error replaces an earlier one.
unsafe fn set_error(exc: &ExcInfo) {
    let gil = ffi::PyGILState_Ensure();
    let py = Python::assume_gil_acquired();
    // The earlier error is dropped first: making the new one calls into Python.
    drop(PyErr::take(py));
    crate::dispatcher::exc_error(py, exc, crate::memory::numrs_free).restore(py);
    ffi::PyGILState_Release(gil);
}

/// NumPy's ufunc C API table (`_UFUNC_API`).
fn ufunc_api(py: Python<'_>) -> PyResult<*const *const c_void> {
    let umath = py.import("numpy._core._multiarray_umath").or_else(|_| py.import("numpy.core._multiarray_umath"))?;
    let capsule = umath.getattr("_UFUNC_API")?;
    let table = unsafe { ffi::PyCapsule_GetPointer(capsule.as_ptr(), std::ptr::null()) } as *const *const c_void;
    if table.is_null() {
        return Err(PyErr::fetch(py));
    }
    Ok(table)
}

/// The ufunc `name` of `nin` inputs with one loop per specialization. A lazily compiled
/// `@vectorize` function that nothing compiled a loop for has none: every call raises
/// NumPy's TypeError (no loop matching the inputs), as a Numba DUFunc that cannot compile.
pub fn make_ufunc(py: Python<'_>, name: &str, specs: &[Spec], nin: usize, identity: c_int) -> PyResult<PyObject> {
    let bad = |m: String| PyImportError::new_err(format!("numrs module table: ufunc {name}: {m}"));
    if nin == 0 || nin > 32 {
        return Err(bad(format!("{nin} inputs")));
    }
    let mut types: Vec<c_char> = Vec::new();
    let mut data: Vec<*mut c_void> = Vec::new();
    for s in specs {
        if s.args.len() != nin {
            return Err(bad("loops differ in their number of inputs".into()));
        }
        // A specialization of types NumPy has no number type for (a list a lazily compiled
        // ufunc was called with from a signatures file, a datetime) is no loop: NumPy converts
        // a list itself and runs the loop of its items' type, as with a Numba DUFunc.
        let Some(nums) = s.args.iter().chain([&s.ret]).map(type_num).collect::<Option<Vec<c_char>>>() else { continue };
        types.extend(nums);
        data.push(Box::into_raw(Box::new(LoopData { wrapper: s.wrapper, nin })) as *mut c_void);
    }
    let mut funcs: Vec<LoopFn> = vec![ufunc_loop as LoopFn; data.len()];
    let table = ufunc_api(py)?;
    // Index 1 of NumPy's ufunc API table.
    let make: FromFuncAndData = unsafe { std::mem::transmute(*table.add(1)) };
    let cname = CString::new(name).map_err(|_| bad("a NUL in the name".into()))?;
    // The ufunc keeps pointers to these for its lifetime (the module's): they are leaked.
    let ntypes = data.len() as c_int;
    let funcs_p = funcs.as_mut_ptr();
    let data_p = data.as_mut_ptr();
    let types_p = types.as_mut_ptr();
    let name_p = cname.as_ptr();
    std::mem::forget((funcs, data, types, cname));
    // As Numba's DUFunc: made without loops, which are then set in place. NumPy registers the
    // loops a ufunc is created with for exact-type dispatch; loops set afterwards are chosen
    // by the legacy linear search (the first loop, in signature order, that the inputs cast
    // to safely), which is how a Numba ufunc picks (int64 inputs run a float64 loop listed
    // before the int64 one).
    let u = unsafe { make(std::ptr::null_mut(), std::ptr::null_mut(), std::ptr::null_mut(), 0, nin as c_int, 1, identity, name_p, std::ptr::null(), 0) };
    if u.is_null() {
        return Err(PyErr::fetch(py));
    }
    // `PyUFuncObject` (stable since NumPy 1.x, which Numba relies on too): after the object
    // header, int nin, nout, nargs, identity; then functions, data, int ntypes, reserved1,
    // name, types.
    unsafe {
        let base = u as *mut u8;
        let head = std::mem::size_of::<ffi::PyObject>();
        (base.add(head + 16) as *mut *mut LoopFn).write(funcs_p);
        (base.add(head + 24) as *mut *mut *mut c_void).write(data_p);
        (base.add(head + 32) as *mut c_int).write(ntypes);
        (base.add(head + 48) as *mut *mut c_char).write(types_p);
    }
    Ok(unsafe { PyObject::from_owned_ptr(py, u) })
}

type FromFuncAndDataAndSignature = unsafe extern "C" fn(
    func: *mut LoopFn,
    data: *mut *mut c_void,
    types: *mut c_char,
    ntypes: c_int,
    nin: c_int,
    nout: c_int,
    identity: c_int,
    name: *const c_char,
    doc: *const c_char,
    unused: c_int,
    signature: *const c_char,
) -> *mut ffi::PyObject;

/// How one operand reaches the kernel.
#[derive(Clone, Copy)]
enum Operand {
    /// A scalar: a pointer into NumPy's buffer.
    Scalar,
    /// An array of `ndim` dimensions viewing the operand's core (a scalar core as one item).
    Array { ndim: usize, itemsize: i64 },
}

struct GuLoopData {
    wrapper: WrapperFn,
    operands: Vec<(Operand, Vec<usize>)>,
}

unsafe extern "C" fn gufunc_loop(args: *mut *mut c_char, dims: *const isize, steps: *const isize, data: *mut c_void) {
    let d = &*(data as *const GuLoopData);
    let n = *dims;
    let nargs = d.operands.len();
    // Each array operand's header, shape and strides (built once, the data pointer moved per
    // iteration).
    let mut headers: Vec<Vec<i64>> = Vec::with_capacity(nargs);
    let mut core_step = nargs;
    for (op, core) in &d.operands {
        let words = match op {
            Operand::Scalar => 0,
            Operand::Array { ndim, .. } => 5 + 2 * ndim,
        };
        let mut h = vec![0i64; words];
        if let Operand::Array { ndim, itemsize } = *op {
            h[3] = itemsize;
            let mut nitems = 1i64;
            if core.is_empty() {
                h[5] = 1;
                h[5 + ndim] = itemsize;
            } else {
                for (j, dim) in core.iter().enumerate() {
                    let size = *dims.add(1 + dim) as i64;
                    h[5 + j] = size;
                    h[5 + ndim + j] = *steps.add(core_step + j) as i64;
                    nitems *= size;
                }
            }
            h[2] = nitems;
        }
        core_step += core.len();
        headers.push(h);
    }
    let mut ptrs = vec![std::ptr::null_mut::<c_void>(); nargs];
    let mut ret = [0u64; 4];
    for i in 0..n {
        for (k, (op, _)) in d.operands.iter().enumerate() {
            let base = (*args.add(k)).offset(i * *steps.add(k));
            match op {
                Operand::Scalar => ptrs[k] = base as *mut c_void,
                Operand::Array { .. } => {
                    headers[k][4] = base as i64;
                    ptrs[k] = headers[k].as_mut_ptr() as *mut c_void;
                }
            }
        }
        let mut exc = ExcInfo { kind: 0, msg: std::ptr::null(), msg_len: 0, msg_owned: 0 };
        if (d.wrapper)(ptrs.as_ptr(), ret.as_mut_ptr() as *mut c_void, &mut exc) != 0 {
            // Numba's gufunc loop stops at the first error.
            set_error(&exc);
            clear_fp_flags();
            return;
        }
    }
}

/// The generalized ufunc `name` with layout `layout` (`(n),()->(n)`) and one loop per
/// specialization (a `@guvectorize` kernel taking every operand, inputs then outputs).
pub fn make_gufunc(py: Python<'_>, name: &str, specs: &[Spec], layout: &str) -> PyResult<PyObject> {
    let bad = |m: String| PyImportError::new_err(format!("numrs module table: gufunc {name}: {m}"));
    let parsed = numrs_types::parse_gufunc_layout(layout).map_err(|e| bad(format!("layout '{layout}': {e}")))?;
    let (nin, nout) = (parsed.inputs.len(), parsed.outputs.len());
    let cores = parsed.core_indices();
    // A layout without `->` has no outputs (numbagg writes into its last input): NumPy's
    // gufunc returns `()`, as Numba's does.
    if nin == 0 || cores.len() > 32 {
        return Err(bad(format!("layout '{layout}'")));
    }
    let mut types: Vec<c_char> = Vec::new();
    let mut data: Vec<*mut c_void> = Vec::new();
    for s in specs {
        if s.args.len() != cores.len() {
            return Err(bad(format!("a loop of {} operands for the layout '{layout}'", s.args.len())));
        }
        let mut operands = Vec::new();
        for (t, core) in s.args.iter().zip(&cores) {
            let (op, scalar) = match t {
                Type::Array(a) => {
                    let ndim = a.ndim as usize;
                    if ndim != core.len() && !(core.is_empty() && ndim == 1) {
                        return Err(bad(format!("operand {t} for a core of {} dimensions", core.len())));
                    }
                    let itemsize = numrs_abi::layout(&a.dtype).map_or(0, |l| l.size) as i64;
                    (Operand::Array { ndim, itemsize }, &a.dtype)
                }
                other if core.is_empty() => (Operand::Scalar, other),
                other => return Err(bad(format!("scalar operand {other} for a core of {} dimensions", core.len()))),
            };
            types.push(type_num(scalar).ok_or_else(|| bad(format!("type {scalar} in a gufunc loop")))?);
            operands.push((op, core.clone()));
        }
        data.push(Box::into_raw(Box::new(GuLoopData { wrapper: s.wrapper, operands })) as *mut c_void);
    }
    let mut funcs: Vec<LoopFn> = vec![gufunc_loop as LoopFn; specs.len()];
    let table = ufunc_api(py)?;
    // Index 31 of NumPy's ufunc API table.
    let make: FromFuncAndDataAndSignature = unsafe { std::mem::transmute(*table.add(31)) };
    let cname = CString::new(name).map_err(|_| bad("a NUL in the name".into()))?;
    let csig = CString::new(layout).map_err(|_| bad("a NUL in the layout".into()))?;
    let ntypes = specs.len() as c_int;
    let (funcs_p, data_p, types_p, name_p, sig_p) = (funcs.as_mut_ptr(), data.as_mut_ptr(), types.as_mut_ptr(), cname.as_ptr(), csig.as_ptr());
    // The gufunc keeps pointers to these for its lifetime (the module's): they are leaked.
    std::mem::forget((funcs, data, types, cname, csig));
    let u = unsafe { make(funcs_p, data_p, types_p, ntypes, nin as c_int, nout as c_int, -1, name_p, std::ptr::null(), 0, sig_p) };
    if u.is_null() {
        return Err(PyErr::fetch(py));
    }
    Ok(unsafe { PyObject::from_owned_ptr(py, u) })
}

/// A `@guvectorize` function with a layout only (Numba's dynamic `GUFunc`): the NumPy gufunc,
/// called with every operand, outputs included (an `out=` is taken as the last), as Numba's
/// `GUFunc.__call__` requires; its other attributes are the gufunc's.
#[pyclass(module = "numrs_runtime", name = "GUFunc")]
pub struct DynamicGufunc {
    #[pyo3(get)]
    ufunc: PyObject,
}

#[pymethods]
impl DynamicGufunc {
    #[new]
    fn new(ufunc: PyObject) -> Self {
        DynamicGufunc { ufunc }
    }

    #[pyo3(signature = (*args, **kwargs))]
    fn __call__(&self, py: Python<'_>, args: &Bound<'_, pyo3::types::PyTuple>, kwargs: Option<&Bound<'_, pyo3::types::PyDict>>) -> PyResult<PyObject> {
        use pyo3::types::PyListMethods;
        let u = self.ufunc.bind(py);
        let list = pyo3::types::PyList::new(py, args.iter())?;
        let kwargs = match kwargs {
            Some(k) => {
                let k = k.copy()?;
                if let Some(out) = k.get_item("out")? {
                    k.del_item("out")?;
                    list.append(out)?;
                }
                Some(k)
            }
            None => None,
        };
        let nargs: usize = u.getattr("nargs")?.extract()?;
        if list.len() < nargs {
            let name: String = u.getattr("__name__")?.extract()?;
            return Err(pyo3::exceptions::PyTypeError::new_err(format!(
                "Too few arguments for function '{name}'. Note that the pattern `out = gufunc(Arg1, Arg2, ..., ArgN)` is not allowed. Use `gufunc(Arg1, Arg2, ..., ArgN, out) instead."
            )));
        }
        Ok(u.call(list.to_tuple(), kwargs.as_ref())?.unbind())
    }

    fn __getattr__(&self, py: Python<'_>, name: &str) -> PyResult<PyObject> {
        Ok(self.ufunc.bind(py).getattr(name)?.unbind())
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let name: String = self.ufunc.bind(py).getattr("__name__")?.extract()?;
        Ok(format!("<numrs_runtime.GUFunc '{name}'>"))
    }
}
