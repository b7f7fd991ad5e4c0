//! Python lists across the boundary, as Numba's reflected lists (`numba/core/boxing.py`).
//!
//! A list argument is unboxed into a new native list ([`numrs_abi::ListPayload`] in a
//! MemInfo, its items in a second one) whose `parent` is the Python list. After the call the
//! native items are reflected back into the Python list (`lst[:] = native items`) and the
//! argument's reference is dropped. A returned list is boxed into a new Python list, or, when
//! it was unboxed from one (`parent`), into that list after reflecting into it.

use crate::boxing::{box_value, release, unbox, Plan};
use crate::memory::RUNTIME_API;
use crate::npy::Npy;
use numrs_abi::{ArrayHeader, ListPayload, MemInfo};
use pyo3::exceptions::{PyMemoryError, PyTypeError};
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::PyList;
use std::sync::atomic::{AtomicI64, Ordering};

unsafe fn payload(mi: *mut MemInfo) -> *mut ListPayload {
    (*mi).data as *mut ListPayload
}

/// A new native list of `n` items (uninitialized, `size` 0) with no parent.
pub(crate) unsafe fn new_list(n: usize, itemsize: usize) -> PyResult<*mut MemInfo> {
    let mi = (RUNTIME_API.meminfo_alloc)(std::mem::size_of::<ListPayload>(), 8);
    if mi.is_null() {
        return Err(PyMemoryError::new_err("cannot allocate a list"));
    }
    let items = (RUNTIME_API.meminfo_alloc)(n * itemsize, 16);
    if items.is_null() {
        (*mi).refcount = 0;
        (RUNTIME_API.meminfo_release)(mi);
        return Err(PyMemoryError::new_err("cannot allocate a list"));
    }
    payload(mi).write(ListPayload {
        size: 0,
        allocated: n as i64,
        items_meminfo: items,
        items: (*items).data,
        parent: std::ptr::null_mut(),
    });
    Ok(mi)
}

/// Unboxes the Python list `obj` into a new native list written at `dst` (its MemInfo
/// pointer). Items must all have the same Python type (Numba: "can't unbox heterogeneous
/// list").
pub(crate) unsafe fn unbox_list(py: Python<'_>, np: &Npy, item: &Plan, itemsize: usize, obj: *mut ffi::PyObject, dst: *mut u8) -> PyResult<()> {
    if ffi::PyList_Check(obj) == 0 {
        return Err(PyTypeError::new_err(
            "can't unbox array from PyObject into native value.  The object maybe of a different type",
        ));
    }
    if let Plan::List { .. } = item {
        // Numba's `typeof` refuses a reflected list of lists: it could not reflect the inner
        // lists' changes.
        return Err(PyTypeError::new_err("cannot reflect element of reflected container: reflected list(reflected list)"));
    }
    let n = ffi::PyList_Size(obj).max(0) as usize;
    let mi = new_list(n, itemsize)?;
    let p = payload(mi);
    (*p).parent = obj as *mut std::ffi::c_void;
    let first_type = if n > 0 { ffi::Py_TYPE(ffi::PyList_GetItem(obj, 0)) } else { std::ptr::null_mut() };
    for i in 0..n {
        let it = ffi::PyList_GetItem(obj, i as isize);
        let r = if ffi::Py_TYPE(it) != first_type {
            let name = |t: *mut ffi::PyTypeObject| {
                let o = t as *mut ffi::PyObject;
                Bound::from_borrowed_ptr(py, o).repr().map(|s| s.to_string()).unwrap_or_default()
            };
            Err(PyTypeError::new_err(format!("can't unbox heterogeneous list: {} != {}", name(first_type), name(ffi::Py_TYPE(it)))))
        } else {
            unbox(py, np, item, it, (*p).items.add(i * itemsize))
        };
        if let Err(e) = r {
            release_list(item, itemsize, mi);
            return Err(e);
        }
        (*p).size = i as i64 + 1;
    }
    (dst as *mut *mut MemInfo).write(mi);
    Ok(())
}

/// Drops one reference to the native list `mi`; at zero, the items' references and the list.
pub(crate) unsafe fn release_list(item: &Plan, itemsize: usize, mi: *mut MemInfo) {
    if mi.is_null() {
        return;
    }
    let rc = &*(std::ptr::addr_of_mut!((*mi).refcount) as *const AtomicI64);
    if rc.fetch_sub(1, Ordering::AcqRel) != 1 {
        return;
    }
    let p = payload(mi);
    for i in 0..(*p).size.max(0) as usize {
        release(item, (*p).items.add(i * itemsize));
    }
    let items = (*p).items_meminfo;
    (*items).refcount = 0;
    (RUNTIME_API.meminfo_release)(items);
    (RUNTIME_API.meminfo_release)(mi);
}

/// Takes a new reference to what the native value at `src` references.
pub(crate) unsafe fn retain(plan: &Plan, src: *const u8) {
    let inc = |mi: *mut MemInfo| {
        if !mi.is_null() {
            let rc = &*(std::ptr::addr_of_mut!((*mi).refcount) as *const AtomicI64);
            rc.fetch_add(1, Ordering::Relaxed);
        }
    };
    match plan {
        Plan::Array { .. } => inc((*(src as *const ArrayHeader)).meminfo),
        Plan::List { .. } => inc((src as *const *mut MemInfo).read()),
        Plan::Str => crate::strings::retain(src),
        Plan::Tuple(items) => {
            for (off, p) in items {
                retain(p, src.add(*off));
            }
        }
        Plan::Optional { data, valid, .. } if src.add(*valid).read() != 0 => retain(data, src),
        _ => {}
    }
}

/// A new reference to the Python list for the native list at `src`, consuming its reference:
/// the parent list with the native items reflected into it, or a new list.
pub(crate) unsafe fn box_list(py: Python<'_>, np: &Npy, item: &Plan, itemsize: usize, src: *const u8) -> PyResult<*mut ffi::PyObject> {
    let mi = (src as *const *mut MemInfo).read();
    let p = payload(mi);
    let n = (*p).size.max(0) as usize;
    let out = ffi::PyList_New(n as isize);
    if out.is_null() {
        release_list(item, itemsize, mi);
        return Err(PyErr::fetch(py));
    }
    for i in 0..n {
        let at = (*p).items.add(i * itemsize);
        retain(item, at);
        match box_value(py, np, item, at) {
            Ok(v) => {
                ffi::PyList_SetItem(out, i as isize, v);
            }
            Err(e) => {
                ffi::Py_DECREF(out);
                release_list(item, itemsize, mi);
                return Err(e);
            }
        }
    }
    let parent = (*p).parent as *mut ffi::PyObject;
    let r = if parent.is_null() {
        Ok(out)
    } else {
        // Reflect: parent[:] = out.
        let rc = ffi::PyList_SetSlice(parent, 0, isize::MAX, out);
        ffi::Py_DECREF(out);
        if rc != 0 {
            Err(PyErr::fetch(py))
        } else {
            ffi::Py_INCREF(parent);
            Ok(parent)
        }
    };
    release_list(item, itemsize, mi);
    r
}

/// A `TypedList` snapshot of the native typed list at `src`, consuming its reference.
pub(crate) unsafe fn box_typed_list(
    py: Python<'_>,
    np: &Npy,
    item: &Plan,
    itemsize: usize,
    type_name: &str,
    src: *const u8,
) -> PyResult<*mut ffi::PyObject> {
    // A typed list never has a parent: this boxes its items into a new Python list.
    let items = box_list(py, np, item, itemsize, src)?;
    let items: Bound<'_, PyList> = Bound::from_owned_ptr(py, items).downcast_into()?;
    let t = Py::new(py, TypedList { items: items.unbind(), type_name: type_name.to_string() })?;
    Ok(t.into_ptr())
}

/// A `numba.typed.List` returned by compiled code. A built module cannot create numba
/// objects, so it returns this: a read-only sequence of the boxed items with Numba's `repr`
/// (`ListType[int64]([1, 2])`) and `str` (`[1, 2]`), `len`, indexing, iteration, `in`, and
/// `==` with lists. Like [`crate::dict_boxing::TypedDict`] it is a snapshot, not shared with
/// compiled code, and cannot be passed back to it.
#[pyclass(frozen, sequence, module = "numrs_runtime", name = "TypedList")]
pub struct TypedList {
    items: Py<PyList>,
    /// The Numba type, as Numba prints it.
    type_name: String,
}

#[pymethods]
impl TypedList {
    fn __str__(&self, py: Python<'_>) -> PyResult<String> {
        // `numba.typed.List.__str__`: `[...]` of the items' `str`.
        let parts = self.items.bind(py).iter().map(|x| Ok(x.str()?.to_string())).collect::<PyResult<Vec<_>>>()?;
        Ok(format!("[{}]", parts.join(", ")))
    }
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!("{}({})", self.type_name, self.__str__(py)?))
    }
    fn __len__(&self, py: Python<'_>) -> usize {
        self.items.bind(py).len()
    }
    fn __getitem__(&self, py: Python<'_>, index: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        Ok(self.items.bind(py).as_any().get_item(index)?.unbind())
    }
    fn __contains__(&self, py: Python<'_>, x: &Bound<'_, PyAny>) -> PyResult<bool> {
        self.items.bind(py).contains(x)
    }
    fn __iter__(&self, py: Python<'_>) -> PyResult<Py<pyo3::types::PyIterator>> {
        Ok(pyo3::types::PyIterator::from_object(self.items.bind(py).as_any())?.unbind())
    }
    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        match other.downcast::<TypedList>() {
            Ok(o) => self.items.bind(py).as_any().eq(o.get().items.bind(py)),
            Err(_) => self.items.bind(py).as_any().eq(other),
        }
    }
    /// A plain Python list of the items.
    fn to_list(&self, py: Python<'_>) -> PyResult<Py<PyList>> {
        Ok(PyList::new(py, self.items.bind(py).iter())?.unbind())
    }
}

/// Whether values of the plan own native memory the runtime must reflect or release after a
/// call (lists).
pub fn owns(plan: &Plan) -> bool {
    match plan {
        Plan::List { .. } | Plan::Str => true,
        Plan::Tuple(items) => items.iter().any(|(_, p)| owns(p)),
        Plan::Optional { data, .. } => owns(data),
        _ => false,
    }
}

/// After a call: reflects the lists of an unboxed argument into their Python lists and drops
/// the argument's references.
pub(crate) unsafe fn after_call(py: Python<'_>, np: &Npy, plan: &Plan, src: *const u8) -> PyResult<()> {
    match plan {
        Plan::List { item, itemsize, .. } => {
            let obj = box_list(py, np, item, *itemsize, src)?;
            ffi::Py_DECREF(obj);
            Ok(())
        }
        Plan::Tuple(items) => {
            let mut r = Ok(());
            for (off, p) in items {
                let x = after_call(py, np, p, src.add(*off));
                if r.is_ok() {
                    r = x;
                }
            }
            r
        }
        Plan::Str => {
            crate::strings::release(src);
            Ok(())
        }
        Plan::Optional { data, valid, .. } => {
            if src.add(*valid).read() != 0 {
                after_call(py, np, data, src)
            } else {
                Ok(())
            }
        }
        _ => Ok(()),
    }
}

/// Drops a reference to a native list (on error paths).
pub(crate) unsafe fn release_at(item: &Plan, itemsize: usize, src: *const u8) {
    release_list(item, itemsize, (src as *const *mut MemInfo).read());
}
