//! Boxing the typed dicts and sets compiled code returns (see `dicts`).
//!
//! Numba boxes a `DictType` to a `numba.typed.Dict`; a built module cannot create numba
//! objects, so it returns a [`TypedDict`]: a read-only mapping over a Python dict of the boxed
//! items (in insertion order) with the same `repr` as Numba's
//! (`DictType[int64,float64]<iv=None>({0: 0.0, 1: 1.5})`), `len`, `[]`, `in`, iteration,
//! `keys`/`values`/`items`/`get` and `==` with dicts. Unlike Numba's it is a snapshot: it is
//! not shared with compiled code and cannot be passed back to it. A set boxes to a Python
//! `set`, as Numba's reflected sets do, its items added in the table's order.

use crate::boxing::{box_value, Plan};
use crate::dicts::{container_decref, Container};
use crate::npy::Npy;
use pyo3::exceptions::PyKeyError;
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyIterator, PyList};

/// A dict returned by compiled code (see the module documentation).
#[pyclass(frozen, module = "numrs_runtime", name = "TypedDict")]
pub struct TypedDict {
    data: Py<PyDict>,
    /// The Numba type, as Numba prints it.
    type_name: String,
}

#[pymethods]
impl TypedDict {
    fn __str__(&self, py: Python<'_>) -> PyResult<String> {
        // `numba.typed.Dict.__str__`: `{k: v, ...}` of the items' `str`.
        let mut parts = Vec::new();
        for (k, v) in self.data.bind(py).iter() {
            parts.push(format!("{}: {}", k.str()?, v.str()?));
        }
        Ok(format!("{{{}}}", parts.join(", ")))
    }
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!("{}({})", self.type_name, self.__str__(py)?))
    }
    fn __len__(&self, py: Python<'_>) -> usize {
        self.data.bind(py).len()
    }
    fn __getitem__(&self, py: Python<'_>, key: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        match self.data.bind(py).get_item(key)? {
            Some(v) => Ok(v.unbind()),
            None => Err(PyKeyError::new_err(key.clone().unbind())),
        }
    }
    fn __contains__(&self, py: Python<'_>, key: &Bound<'_, PyAny>) -> PyResult<bool> {
        self.data.bind(py).contains(key)
    }
    fn __iter__(&self, py: Python<'_>) -> PyResult<Py<PyIterator>> {
        Ok(PyIterator::from_object(self.data.bind(py).as_any())?.unbind())
    }
    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        match other.downcast::<TypedDict>() {
            Ok(o) => self.data.bind(py).as_any().eq(o.get().data.bind(py)),
            Err(_) => self.data.bind(py).as_any().eq(other),
        }
    }
    fn keys<'py>(&self, py: Python<'py>) -> Bound<'py, PyList> {
        self.data.bind(py).keys()
    }
    fn values<'py>(&self, py: Python<'py>) -> Bound<'py, PyList> {
        self.data.bind(py).values()
    }
    fn items<'py>(&self, py: Python<'py>) -> Bound<'py, PyList> {
        self.data.bind(py).items()
    }
    #[pyo3(signature = (key, default=None))]
    fn get(&self, py: Python<'_>, key: &Bound<'_, PyAny>, default: Option<PyObject>) -> PyResult<PyObject> {
        match self.data.bind(py).get_item(key)? {
            Some(v) => Ok(v.unbind()),
            None => Ok(default.unwrap_or_else(|| py.None())),
        }
    }
    /// A plain Python dict of the items.
    fn to_dict(&self, py: Python<'_>) -> PyResult<Py<PyDict>> {
        Ok(self.data.bind(py).copy()?.unbind())
    }
}

/// The Python value of the container handle at `src`; consumes the reference it holds.
pub unsafe fn box_container(
    py: Python<'_>,
    np: &Npy,
    key: &Plan,
    val: Option<&Plan>,
    type_name: &str,
    src: *const u8,
) -> PyResult<*mut ffi::PyObject> {
    let c = (src as *const *mut Container).read_unaligned();
    if c.is_null() {
        return Err(pyo3::exceptions::PyRuntimeError::new_err("compiled code returned a null dict"));
    }
    let r = box_items(py, np, key, val, type_name, &*c);
    container_decref(c);
    r
}

unsafe fn box_items(py: Python<'_>, np: &Npy, key: &Plan, val: Option<&Plan>, type_name: &str, c: &Container) -> PyResult<*mut ffi::PyObject> {
    let boxed = |plan: &Plan, p: *const u8| -> PyResult<PyObject> {
        let o = box_value(py, np, plan, p)?;
        Ok(Bound::from_owned_ptr(py, o).unbind())
    };
    match val {
        Some(vp) => {
            let d = PyDict::new(py);
            for i in c.positions() {
                // Boxing consumes references: give it one of its own.
                c.retain_key_at(i);
                let k = boxed(key, c.key_ptr(i))?;
                c.retain_value_at(i);
                let v = boxed(vp, c.val_ptr(i))?;
                d.set_item(k, v)?;
            }
            let t = Py::new(py, TypedDict { data: d.unbind(), type_name: type_name.to_string() })?;
            Ok(t.into_ptr())
        }
        None => {
            let s = pyo3::types::PySet::empty(py)?;
            for i in c.positions() {
                c.retain_key_at(i);
                s.add(boxed(key, c.key_ptr(i))?)?;
            }
            Ok(s.into_ptr())
        }
    }
}
