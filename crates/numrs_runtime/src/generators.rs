//! Generators returned to Python: calling a built generator function gives an iterator over
//! its compiled generator, as Numba's `_dynfunc._Generator`.
//!
//! Compiled code hands over `{state, step}` (`numrs_abi::layout` of a generator type): the
//! generator's state, allocated with `RuntimeApi::alloc` and now owned by the object, and the
//! `numrs_abi::GeneratorStep` that advances it. The object also holds the call's arguments:
//! arrays among them are borrowed by the state.

use numrs_abi::{ExcInfo, GeneratorStep, GENERATOR_DONE, GENERATOR_FINALIZE, GENERATOR_ITEM};
use pyo3::ffi;
use pyo3::prelude::*;

use crate::boxing::{box_value, Plan};
use crate::npy::Npy;

#[pyclass(module = "numrs_runtime", name = "generator", unsendable)]
pub struct Generator {
    /// Null once finished (the state is freed then).
    state: *mut u8,
    step: GeneratorStep,
    item: Plan,
    item_size: usize,
    np: &'static Npy,
    /// The arguments of the call that made it.
    args: Vec<Py<PyAny>>,
    /// Native arguments the state borrows that the call unboxed into memory of their own
    /// (strings, typed containers: one pointer each), released when the generator goes.
    held: Vec<(Plan, usize)>,
}

/// The generator object for the native `{state, step}` at `src` of a call with `argv`. The
/// state is freed if the object cannot be made.
pub(crate) unsafe fn box_generator(
    py: Python<'_>,
    np: &'static Npy,
    plan: &Plan,
    src: *const u8,
    argv: &[*mut ffi::PyObject],
    held: Vec<(Plan, usize)>,
) -> PyResult<*mut ffi::PyObject> {
    let state = (src as *const *mut u8).read_unaligned();
    let step: GeneratorStep = std::mem::transmute::<*const u8, GeneratorStep>((src.add(8) as *const *const u8).read_unaligned());
    let Plan::Generator { item, item_size } = plan else {
        crate::memory::numrs_free(state);
        release_held(&held);
        return Err(pyo3::exceptions::PyRuntimeError::new_err("internal error: not a generator"));
    };
    let args = argv.iter().map(|&a| Py::from_borrowed_ptr(py, a)).collect();
    // If the object cannot be made, dropping it frees the state and the held arguments.
    let g = Generator { state, step, item: (**item).clone(), item_size: *item_size, np, args, held };
    Ok(Py::new(py, g)?.into_ptr())
}

unsafe fn release_held(held: &[(Plan, usize)]) {
    for (plan, p) in held {
        crate::boxing::release(plan, p as *const usize as *const u8);
    }
}

impl Generator {
    fn finish(&mut self) {
        if !self.state.is_null() {
            unsafe { crate::memory::numrs_free(self.state) };
            self.state = std::ptr::null_mut();
        }
    }
}

impl Drop for Generator {
    fn drop(&mut self) {
        // Dropped while suspended at a yield: finalize it (see `numrs_abi::GENERATOR_FINALIZE`)
        // so that it releases the references its variables hold.
        if !self.state.is_null() {
            unsafe {
                let index = self.state as *mut u32;
                if (1..GENERATOR_FINALIZE).contains(&index.read()) {
                    index.write(GENERATOR_FINALIZE);
                    let mut buf = vec![0u64; self.item_size.div_ceil(8).max(1)];
                    let mut exc = ExcInfo { kind: 0, msg: std::ptr::null(), msg_len: 0, msg_owned: 0 };
                    (self.step)(self.state, buf.as_mut_ptr() as *mut u8, &mut exc);
                }
            }
        }
        self.finish();
        unsafe { release_held(&std::mem::take(&mut self.held)) };
    }
}

#[pymethods]
impl Generator {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<PyObject>> {
        if self.state.is_null() {
            return Ok(None);
        }
        let mut buf = vec![0u64; self.item_size.div_ceil(8).max(1)];
        let mut exc = ExcInfo { kind: 0, msg: std::ptr::null(), msg_len: 0, msg_owned: 0 };
        let status = unsafe { (self.step)(self.state, buf.as_mut_ptr() as *mut u8, &mut exc) };
        match status {
            GENERATOR_ITEM => {
                let obj = unsafe { box_value(py, self.np, &self.item, buf.as_ptr() as *const u8)? };
                Ok(Some(unsafe { PyObject::from_owned_ptr(py, obj) }))
            }
            GENERATOR_DONE => {
                self.finish();
                Ok(None)
            }
            // A generator that raised is finished, as in Python.
            _ => {
                self.finish();
                Err(unsafe { crate::dispatcher::exc_error(py, &exc, crate::memory::numrs_free) })
            }
        }
    }

    fn __repr__(&self) -> String {
        // As Numba prints its generators (`numba._dynfunc._Generator`).
        format!("<_dynfunc._Generator object at {:#x}>", self as *const _ as usize)
    }

    /// The arguments it was called with.
    #[getter]
    fn gi_args(&self, py: Python<'_>) -> Vec<PyObject> {
        self.args.iter().map(|a| a.clone_ref(py)).collect()
    }
}
