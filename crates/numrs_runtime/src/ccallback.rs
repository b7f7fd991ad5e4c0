//! `@cfunc` functions in Python: the `CFunc` object a built module binds a C callback's name
//! to (its Python function when called; `address`, `ctypes`, `cffi` of the compiled C
//! callback the module exports), and `carray`/`farray` for those Python functions where
//! numba is not installed (`ccallback.py`). Made when a module with C callbacks is imported.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyModule;

const SOURCE: &str = include_str!("ccallback.py");

/// The helpers' module, compiled on first use.
#[pyfunction]
pub fn _ccallback(py: Python<'_>) -> PyResult<Py<PyModule>> {
    static MODULE: pyo3::sync::GILOnceCell<Py<PyModule>> = pyo3::sync::GILOnceCell::new();
    let m = MODULE.get_or_try_init(py, || -> PyResult<Py<PyModule>> {
        let code = std::ffi::CString::new(SOURCE).map_err(|_| PyTypeError::new_err("internal error: NUL in ccallback.py"))?;
        Ok(PyModule::from_code(py, &code, c"numrs_runtime/ccallback.py", c"numrs_runtime._ccallback")?.unbind())
    })?;
    Ok(m.clone_ref(py))
}

/// `RuntimeApi::unraisable`: the exception a `@cfunc`'s function raised inside its C callback,
/// written out by `sys.unraisablehook` ("Exception ignored in: '<C callback f>'", then the
/// traceback), as Numba's cfunc wrapper does; its message is freed.
///
/// # Safety
/// `exc` describes an exception (compiled code filled it); `what` points to `what_len` bytes.
pub unsafe extern "C" fn api_unraisable(exc: *mut numrs_abi::ExcInfo, what: *const u8, what_len: usize) {
    if exc.is_null() {
        return;
    }
    let name = if what.is_null() { "" } else { std::str::from_utf8(std::slice::from_raw_parts(what, what_len)).unwrap_or("") };
    Python::with_gil(|py| {
        let err = crate::dispatcher::exc_error(py, &*exc, crate::memory::numrs_free);
        let obj = pyo3::types::PyString::new(py, &format!("<C callback {name}>"));
        err.restore(py);
        pyo3::ffi::PyErr_WriteUnraisable(obj.as_ptr());
    });
}
