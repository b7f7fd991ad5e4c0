//! `@vectorize` functions as NumPy ufuncs (`numrs_abi::FUNCTION_KIND_UFUNC`): one inner loop
//! per specialization, on a ufunc made with NumPy's `PyUFunc_FromFuncAndData`. Each loop calls the
//! specialization's wrapper once per element, with pointers straight into NumPy's buffers
//! (scalar numbers have the same storage in both). As in a Numba ufunc, an error inside the
//! kernel does not stop the loop (its message is released).

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
    let mut ptrs = [std::ptr::null_mut::<c_void>(); 32];
    for i in 0..n {
        for (k, p) in ptrs.iter_mut().enumerate().take(d.nin) {
            *p = (*args.add(k)).offset(i * *steps.add(k)) as *mut c_void;
        }
        let out = (*args.add(d.nin)).offset(i * *steps.add(d.nin)) as *mut c_void;
        let mut exc = ExcInfo { kind: 0, msg: std::ptr::null(), msg_len: 0, msg_owned: 0 };
        if (d.wrapper)(ptrs.as_ptr(), out, &mut exc) != 0 && exc.msg_owned != 0 {
            crate::memory::numrs_free(exc.msg as *mut u8);
        }
    }
}

/// The ufunc `name` of `nin` inputs with one loop per specialization. A lazily compiled
/// `@vectorize` function that nothing compiled a loop for has none: every call raises
/// NumPy's TypeError (no loop matching the inputs), as a Numba DUFunc that cannot compile.
pub fn make_ufunc(py: Python<'_>, name: &str, specs: &[Spec], nin: usize) -> PyResult<PyObject> {
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
        for t in s.args.iter().chain([&s.ret]) {
            types.push(type_num(t).ok_or_else(|| bad(format!("type {t} in a ufunc loop")))?);
        }
        data.push(Box::into_raw(Box::new(LoopData { wrapper: s.wrapper, nin })) as *mut c_void);
    }
    let mut funcs: Vec<LoopFn> = vec![ufunc_loop as LoopFn; specs.len()];
    let umath = py.import("numpy._core._multiarray_umath").or_else(|_| py.import("numpy.core._multiarray_umath"))?;
    let capsule = umath.getattr("_UFUNC_API")?;
    let table = unsafe { ffi::PyCapsule_GetPointer(capsule.as_ptr(), std::ptr::null()) } as *const *const c_void;
    if table.is_null() {
        return Err(PyErr::fetch(py));
    }
    // Index 1 of NumPy's ufunc API table.
    let make: FromFuncAndData = unsafe { std::mem::transmute(*table.add(1)) };
    let cname = CString::new(name).map_err(|_| bad("a NUL in the name".into()))?;
    // The ufunc keeps pointers to these for its lifetime (the module's): they are leaked.
    let ntypes = specs.len() as c_int;
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
    let u = unsafe { make(std::ptr::null_mut(), std::ptr::null_mut(), std::ptr::null_mut(), 0, nin as c_int, 1, -1, name_p, std::ptr::null(), 0) };
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
