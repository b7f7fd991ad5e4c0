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
        dirty: 0,
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
    if let Plan::List { typed: None, .. } | Plan::Container { value: None, .. } = item {
        // Numba refuses a reflected list of lists or sets: it could not reflect the inner
        // containers' changes.
        let inner = if matches!(item, Plan::List { .. }) { "reflected list" } else { "reflected set" };
        return Err(PyTypeError::new_err(format!("cannot reflect element of reflected container: reflected list({inner})")));
    }
    let n = ffi::PyList_Size(obj).max(0) as usize;
    let mi = new_list(n, itemsize)?;
    let p = payload(mi);
    (*p).parent = obj as *mut std::ffi::c_void;
    // Numba's `_python_list_to_native`: every item's `typeof` must be the first one's.
    let first = if n > 0 { ffi::PyList_GetItem(obj, 0) } else { std::ptr::null_mut() };
    let first_type = if n > 0 { ffi::Py_TYPE(first) } else { std::ptr::null_mut() };
    let first_typeof = if n > 0 { crate::typing::typeof_value(py, np, first, false) } else { None };
    let display = |t: &Option<numrs_types::Type>| t.as_ref().map_or_else(|| "pyobject".to_string(), |t| t.to_string());
    // The items' types are checked before any is unboxed: in Numba's loop an item that does
    // not fit (`2**63` as an int64) only leaves an error that the next item's type mismatch
    // replaces, so a heterogeneous list is always the TypeError.
    for i in 1..n {
        let it = ffi::PyList_GetItem(obj, i as isize);
        // Floats, booleans and complex numbers of one Python type have one Numba type.
        let plain = ffi::Py_TYPE(it) == first_type && (ffi::PyFloat_CheckExact(it) != 0 || ffi::PyBool_Check(it) != 0 || ffi::PyComplex_CheckExact(it) != 0);
        if plain {
            continue;
        }
        let t = crate::typing::typeof_value(py, np, it, false);
        if t != first_typeof {
            release_list(item, itemsize, mi);
            return Err(PyTypeError::new_err(format!("can't unbox heterogeneous list: {} != {}", display(&first_typeof), display(&t))));
        }
    }
    for i in 0..n {
        let it = ffi::PyList_GetItem(obj, i as isize);
        let r = {
            let dst = (*p).items.add(i * itemsize);
            unbox(py, np, item, it, dst).map(|()| {
                // The list owns its items: an instance is borrowed from its box by `unbox`.
                if let Plan::Instance(_) | Plan::Deferred(_) = item {
                    crate::jitclass::retain_instance((dst as *const *mut MemInfo).read_unaligned());
                }
            })
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
        p if p.is_array() => inc((*(src as *const ArrayHeader)).meminfo),
        Plan::List { .. } => inc((src as *const *mut MemInfo).read()),
        Plan::Instance(_) | Plan::Deferred(_) => inc((src as *const *mut MemInfo).read_unaligned()),
        Plan::Str => crate::strings::retain(src),
        Plan::Container { .. } => {
            let c = (src as *const *mut crate::dicts::Container).read_unaligned();
            if !c.is_null() {
                (*c).refcount.fetch_add(1, Ordering::Relaxed);
            }
        }
        Plan::Tuple(items, _) => {
            for (off, p) in items {
                retain(p, src.add(*off));
            }
        }
        Plan::Optional { data, valid, .. } if src.add(*valid).read() != 0 => retain(data, src),
        _ => {}
    }
}

/// A new reference to the Python list for the native list at `src`, consuming its reference:
/// the parent list (with the native items reflected into it when `reflect`), or a new list.
/// A returned list that has a parent is that list as it is (Numba's `box_list`): the call's
/// argument reflection ([`after_call`]) updates it.
pub(crate) unsafe fn box_list(py: Python<'_>, np: &Npy, item: &Plan, itemsize: usize, src: *const u8, reflect: bool) -> PyResult<*mut ffi::PyObject> {
    let mi = (src as *const *mut MemInfo).read();
    let p = payload(mi);
    let parent = (*p).parent as *mut ffi::PyObject;
    if !reflect && !parent.is_null() {
        ffi::Py_INCREF(parent);
        release_list(item, itemsize, mi);
        return Ok(parent);
    }
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

/// A [`TypedList`] for the native typed list at `src`, taking over its reference.
pub(crate) unsafe fn box_typed_list(
    py: Python<'_>,
    _np: &Npy,
    item: &Plan,
    itemsize: usize,
    type_name: &str,
    src: *const u8,
) -> PyResult<*mut ffi::PyObject> {
    let mi = (src as *const *mut MemInfo).read();
    let item_type = match numrs_types::parse_type(type_name) {
        Some(numrs_types::Type::ListType(t)) => (*t).clone(),
        _ => {
            release_list(item, itemsize, mi);
            return Err(PyTypeError::new_err(format!("internal error: {type_name} is not a typed list type")));
        }
    };
    Ok(Py::new(py, TypedList::of(ListState::holding(mi, item.clone(), itemsize, item_type)))?.into_ptr())
}

/// Unboxes a [`TypedList`] argument of type `type_name`: a new reference to its native list.
pub(crate) unsafe fn unbox_typed_list(py: Python<'_>, type_name: &str, obj: *mut ffi::PyObject, dst: *mut u8) -> PyResult<()> {
    let b = Bound::<PyAny>::from_borrowed_ptr(py, obj);
    let Ok(t) = b.downcast::<TypedList>() else {
        return Err(PyTypeError::new_err(format!(
            "expected a {type_name} (a numrs_runtime.TypedList), got {}{}",
            b.get_type().name().map(|n| n.to_string()).unwrap_or_default(),
            if b.hasattr("_numba_type_").unwrap_or(false) {
                ": a built module cannot use Numba's own typed containers; make a numrs_runtime.TypedList instead"
            } else {
                ""
            }
        )));
    };
    let t = t.get().st()?;
    if t.type_name != type_name {
        return Err(PyTypeError::new_err(format!("expected a {type_name}, got a {}", t.type_name)));
    }
    let rc = &*(std::ptr::addr_of_mut!((*t.handle.0).refcount) as *const AtomicI64);
    rc.fetch_add(1, Ordering::Relaxed);
    (dst as *mut *mut MemInfo).write(t.handle.0);
    Ok(())
}

/// The Numba type of a [`TypedList`] (`ListType[T]`), for the dispatcher's `typeof`.
pub(crate) fn typeof_typed_list(obj: &Bound<'_, PyAny>) -> Option<numrs_types::Type> {
    Some(obj.downcast::<TypedList>().ok()?.get().state.get()?.ty.clone())
}

/// A native list pointer a [`TypedList`] holds one reference to. Only touched with the GIL
/// held (compiled code that shares the list runs with the GIL held too).
struct ListHandle(*mut MemInfo);
unsafe impl Send for ListHandle {}
unsafe impl Sync for ListHandle {}

/// A `numba.typed.List` on the Python side of a built module (Numba's own class cannot be
/// made without Numba). It shares the native list with compiled code: a typed list a built
/// function returns can be passed back to built functions (as `ListType[T]`), and changes on
/// either side are seen by the other. Like `numba.typed.List`: `repr` `ListType[int64]([1, 2])`,
/// `str` `[1, 2]`, `len`, indexing and slicing, item assignment, iteration, `in`, `==`,
/// `append`, `extend`, `insert`, `pop`, `remove`, `reverse`, `clear`, `index`, `count`,
/// `copy` (not `sort`, whose key Numba compiles); made with
/// `TypedList(iterable)` or `TypedList()` (typed from its first item, as `numba.typed.List`;
/// untyped until then) or `TypedList.empty_list(item_type)` (a Numba type or its name).
#[pyclass(frozen, sequence, module = "numrs_runtime", name = "TypedList")]
pub struct TypedList {
    /// Unset while the list is untyped (`TypedList()`, typed by its first item as Numba's
    /// `List()`).
    state: std::sync::OnceLock<ListState>,
}

/// A typed list's native list and types.
pub(crate) struct ListState {
    handle: ListHandle,
    item: Plan,
    itemsize: usize,
    /// The Numba type, as Numba prints it.
    type_name: String,
    /// The item type.
    item_type: numrs_types::Type,
    /// The list's type (`ListType[item_type]`), for the dispatcher's `typeof`.
    ty: numrs_types::Type,
}

impl Drop for ListState {
    fn drop(&mut self) {
        unsafe { release_list(&self.item, self.itemsize, self.handle.0) }
    }
}

/// Numba's error for what an untyped list cannot do.
fn untyped() -> PyErr {
    PyTypeError::new_err("invalid operation on untyped list")
}

impl TypedList {
    fn of(state: ListState) -> TypedList {
        TypedList { state: std::sync::OnceLock::from(state) }
    }
    /// Whether the list has its item type (Numba's `_typed`).
    pub(crate) fn is_typed(&self) -> bool {
        self.state.get().is_some()
    }
    fn st(&self) -> PyResult<&ListState> {
        self.state.get().ok_or_else(untyped)
    }
    /// The state, typed from `value` (its Numba type) if the list is still untyped.
    fn typed_by(&self, py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<&ListState> {
        if let Some(s) = self.state.get() {
            return Ok(s);
        }
        let state = ListState::new(item_type_of(py, value)?)?;
        let _ = self.state.set(state);
        self.st()
    }
}

/// The item type a typed list takes from its first item: its Numba type (a Python list's a
/// typed list's).
fn item_type_of(py: Python<'_>, first: &Bound<'_, PyAny>) -> PyResult<numrs_types::Type> {
    let np = crate::npy::npy(py)?;
    let t = unsafe { crate::typing::typeof_value(py, np, first.as_ptr(), false) }
        .filter(|t| *t != numrs_types::Type::PyObject)
        .ok_or_else(|| PyTypeError::new_err(format!("cannot determine the Numba type of {}", first.repr().map(|r| r.to_string()).unwrap_or_default())))?;
    Ok(match t {
        numrs_types::Type::List { dtype, .. } => numrs_types::Type::ListType(dtype),
        t => t,
    })
}

impl ListState {
    fn payload(&self) -> *mut ListPayload {
        unsafe { payload(self.handle.0) }
    }
    fn len_now(&self) -> usize {
        unsafe { (*self.payload()).size.max(0) as usize }
    }
    fn at(&self, i: usize) -> *mut u8 {
        unsafe { (*self.payload()).items.add(i * self.itemsize) }
    }
    /// Python's index rules: negative from the end; out of range is an IndexError.
    fn index_of(&self, index: isize) -> PyResult<usize> {
        let n = self.len_now() as isize;
        let i = if index < 0 { index + n } else { index };
        if i < 0 || i >= n {
            return Err(pyo3::exceptions::PyIndexError::new_err("list index out of range"));
        }
        Ok(i as usize)
    }
    /// The Python value of item `i` (a new reference; the list keeps its own). Python code
    /// run between finding `i` and reading it (an `__eq__`) may have shortened the list.
    fn get(&self, py: Python<'_>, i: usize) -> PyResult<PyObject> {
        if i >= self.len_now() {
            return Err(pyo3::exceptions::PyIndexError::new_err("list index out of range"));
        }
        unsafe {
            retain(&self.item, self.at(i));
            let o = box_value(py, crate::npy::npy(py)?, &self.item, self.at(i))?;
            Ok(PyObject::from_owned_ptr(py, o))
        }
    }
    /// `value` as a native item in a buffer of its own (owning its references).
    fn unboxed(&self, py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<Vec<u128>> {
        if !crate::dict_boxing::storable(&self.item) {
            return Err(PyTypeError::new_err(format!(
                "storing items into a {} from Python is not supported by numrs (its items would borrow Python objects)",
                self.type_name
            )));
        }
        crate::dict_boxing::check_converts(py, value, &self.item_type, "list item")?;
        let mut buf = vec![0u128; self.itemsize.div_ceil(16).max(1)];
        unsafe {
            unbox(py, crate::npy::npy(py)?, &self.item, value.as_ptr(), buf.as_mut_ptr() as *mut u8)?;
            crate::boxing::adopt_arrays(&self.item, buf.as_mut_ptr() as *mut u8)?;
        }
        Ok(buf)
    }
    /// Room for `n` items, reallocating the item block as compiled code does when it grows.
    fn reserve(&self, n: usize) -> PyResult<()> {
        unsafe {
            let p = self.payload();
            if (*p).allocated.max(0) as usize >= n {
                return Ok(());
            }
            let cap = n.max(4).max((*p).allocated.max(0) as usize * 2);
            let Some(bytes) = cap.checked_mul(self.itemsize).filter(|b| *b <= isize::MAX as usize) else {
                return Err(PyMemoryError::new_err("cannot grow a list"));
            };
            let items = (RUNTIME_API.meminfo_alloc)(bytes, 16);
            if items.is_null() {
                return Err(PyMemoryError::new_err("cannot grow a list"));
            }
            std::ptr::copy_nonoverlapping((*p).items, (*items).data, (*p).size.max(0) as usize * self.itemsize);
            let old = (*p).items_meminfo;
            (*old).refcount = 0;
            (RUNTIME_API.meminfo_release)(old);
            (*p).items_meminfo = items;
            (*p).items = (*items).data;
            (*p).allocated = cap as i64;
            Ok(())
        }
    }
    /// Inserts the native item in `buf` (taking its references) at `i <= len`.
    fn insert_unboxed(&self, i: usize, buf: &[u128]) -> PyResult<()> {
        let n = self.len_now();
        self.reserve(n + 1)?;
        unsafe {
            std::ptr::copy(self.at(i), self.at(i + 1), (n - i) * self.itemsize);
            std::ptr::copy_nonoverlapping(buf.as_ptr() as *const u8, self.at(i), self.itemsize);
            (*self.payload()).size = n as i64 + 1;
        }
        Ok(())
    }
    /// A new typed list of the same type holding `items` (new references to them).
    fn new_like(&self, py: Python<'_>, items: &[usize]) -> PyResult<Py<TypedList>> {
        unsafe {
            let mi = new_list(items.len(), self.itemsize)?;
            let p = payload(mi);
            for (k, &i) in items.iter().enumerate() {
                retain(&self.item, self.at(i));
                std::ptr::copy_nonoverlapping(self.at(i), (*p).items.add(k * self.itemsize), self.itemsize);
                (*p).size = k as i64 + 1;
            }
            Py::new(py, TypedList::of(ListState::holding(mi, self.item.clone(), self.itemsize, self.item_type.clone())))
        }
    }
    /// A new empty native list of `item_type` items.
    fn new(item_type: numrs_types::Type) -> PyResult<ListState> {
        let list_type = numrs_types::Type::ListType(std::sync::Arc::new(item_type.clone()));
        let plan = Plan::of(&list_type).map_err(|e| PyTypeError::new_err(format!("cannot make a {list_type}: {e}")))?;
        let Plan::List { item, itemsize, .. } = plan else {
            return Err(PyTypeError::new_err(format!("internal error: {list_type} is not a list")));
        };
        let mi = unsafe { new_list(0, itemsize)? };
        Ok(ListState::holding(mi, *item, itemsize, item_type))
    }
    /// The state of the native list `mi` of `item_type` items, taking over its reference.
    fn holding(mi: *mut MemInfo, item: Plan, itemsize: usize, item_type: numrs_types::Type) -> ListState {
        let ty = numrs_types::Type::ListType(std::sync::Arc::new(item_type.clone()));
        ListState { handle: ListHandle(mi), item, itemsize, type_name: ty.to_string(), item_type, ty }
    }
    /// Removes item `index` (Python's index rules), releasing it.
    fn delete(&self, index: isize) -> PyResult<()> {
        let i = self.index_of(index)?;
        let n = self.len_now();
        unsafe {
            crate::boxing::release(&self.item, self.at(i));
            std::ptr::copy(self.at(i + 1), self.at(i), (n - i - 1) * self.itemsize);
            (*self.payload()).size = n as i64 - 1;
        }
        Ok(())
    }
    fn items(&self, py: Python<'_>) -> PyResult<Vec<PyObject>> {
        (0..self.len_now()).map(|i| self.get(py, i)).collect()
    }
}

#[pymethods]
impl TypedList {
    /// `TypedList(iterable)`: typed from the first item's Numba type, as
    /// `numba.typed.List(iterable)` is; `TypedList()` (or no items) is untyped until its first
    /// item comes.
    #[new]
    #[pyo3(signature = (iterable = None))]
    fn py_new(py: Python<'_>, iterable: Option<&Bound<'_, PyAny>>) -> PyResult<Py<TypedList>> {
        let out = Py::new(py, TypedList { state: std::sync::OnceLock::new() })?;
        if let Some(iterable) = iterable {
            if iterable.try_iter().is_err() {
                return Err(PyTypeError::new_err("List() argument must be iterable"));
            }
            out.get().extend(py, iterable)?;
        }
        Ok(out)
    }
    /// `numba.typed.List.empty_list(item_type)`.
    #[staticmethod]
    #[pyo3(signature = (item_type, allocated=0))]
    fn empty_list(py: Python<'_>, item_type: &Bound<'_, PyAny>, allocated: usize) -> PyResult<Py<TypedList>> {
        let state = ListState::new(crate::dict_boxing::type_arg(item_type)?)?;
        state.reserve(allocated)?;
        Py::new(py, TypedList::of(state))
    }
    fn __str__(&self, py: Python<'_>) -> PyResult<String> {
        // `numba.typed.List.__str__`: `[...]` of the items' `str`.
        let Some(s) = self.state.get() else { return Ok("[]".to_string()) };
        let parts = s.items(py)?.iter().map(|x| Ok(x.bind(py).str()?.to_string())).collect::<PyResult<Vec<_>>>()?;
        Ok(format!("[{}]", parts.join(", ")))
    }
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        let name = self.state.get().map_or("ListType[Undefined]", |s| s.type_name.as_str()).to_string();
        Ok(format!("{}({})", name, self.__str__(py)?))
    }
    fn __len__(&self) -> usize {
        self.state.get().map_or(0, ListState::len_now)
    }
    fn __getitem__(&self, py: Python<'_>, index: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        let Some(s) = self.state.get() else { return Err(pyo3::exceptions::PyIndexError::new_err("")) };
        if let Ok(slice) = index.downcast::<pyo3::types::PySlice>() {
            let ix = slice.indices(s.len_now() as isize)?;
            let picked: Vec<usize> = (0..ix.slicelength).map(|k| (ix.start + k as isize * ix.step) as usize).collect();
            return Ok(s.new_like(py, &picked)?.into_any());
        }
        let i = s.index_of(index.extract::<isize>()?)?;
        s.get(py, i)
    }
    fn __setitem__(&self, py: Python<'_>, index: &Bound<'_, PyAny>, value: &Bound<'_, PyAny>) -> PyResult<()> {
        if index.downcast::<pyo3::types::PySlice>().is_ok() {
            // `l[a:b] = items`: as a Python list does it, then the items stored again.
            let items = PyList::new(py, self.st()?.items(py)?)?;
            items.as_any().set_item(index, value)?;
            return self.refill(py, &items);
        }
        let index: isize = index.extract()?;
        // An untyped list takes its type from the item (then the index is out of range).
        let s = self.typed_by(py, value)?;
        s.index_of(index)?;
        let buf = s.unboxed(py, value)?;
        // Unboxing may run Python code that changes the list: find the item again.
        let i = match s.index_of(index) {
            Ok(i) => i,
            Err(e) => {
                unsafe { crate::boxing::release(&s.item, buf.as_ptr() as *const u8) };
                return Err(e);
            }
        };
        unsafe {
            crate::boxing::release(&s.item, s.at(i));
            std::ptr::copy_nonoverlapping(buf.as_ptr() as *const u8, s.at(i), s.itemsize);
        }
        Ok(())
    }
    fn __delitem__(&self, py: Python<'_>, index: &Bound<'_, PyAny>) -> PyResult<()> {
        if index.downcast::<pyo3::types::PySlice>().is_ok() {
            let items = PyList::new(py, self.st()?.items(py)?)?;
            items.as_any().del_item(index)?;
            return self.refill(py, &items);
        }
        self.st()?.delete(index.extract()?)
    }
    /// Ordering as `numba.typed.List`'s (its compiled `compare_helper`): by length first, then
    /// by the first differing items; anything but a typed list compares False.
    fn __lt__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.compare(py, other)? == Some(-1))
    }
    fn __le__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(matches!(self.compare(py, other)?, Some(-1 | 0)))
    }
    fn __gt__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.compare(py, other)? == Some(1))
    }
    fn __ge__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(matches!(self.compare(py, other)?, Some(0 | 1)))
    }
    fn __contains__(&self, py: Python<'_>, x: &Bound<'_, PyAny>) -> PyResult<bool> {
        let s = self.st()?;
        let mut i = 0;
        while i < s.len_now() {
            if s.get(py, i)?.bind(py).eq(x)? {
                return Ok(true);
            }
            i += 1;
        }
        Ok(false)
    }
    fn __iter__(slf: Py<TypedList>) -> TypedListIter {
        TypedListIter { list: slf, next: std::sync::atomic::AtomicUsize::new(0) }
    }
    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let mine = PyList::new(py, self.st()?.items(py)?)?;
        match other.downcast::<TypedList>() {
            Ok(o) => mine.as_any().eq(PyList::new(py, o.get().st()?.items(py)?)?),
            Err(_) => mine.as_any().eq(other),
        }
    }
    fn append(&self, py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<()> {
        let s = self.typed_by(py, value)?;
        let buf = s.unboxed(py, value)?;
        s.insert_unboxed(s.len_now(), &buf)
    }
    fn extend(&self, py: Python<'_>, iterable: &Bound<'_, PyAny>) -> PyResult<()> {
        // Items first (the iterable may be this list).
        let items: Vec<Bound<'_, PyAny>> = iterable.try_iter()?.collect::<PyResult<_>>()?;
        for x in &items {
            self.append(py, x)?;
        }
        Ok(())
    }
    fn insert(&self, py: Python<'_>, index: isize, value: &Bound<'_, PyAny>) -> PyResult<()> {
        let s = self.typed_by(py, value)?;
        let n = s.len_now() as isize;
        let i = if index < 0 { (index + n).max(0) } else { index.min(n) } as usize;
        let buf = s.unboxed(py, value)?;
        s.insert_unboxed(i, &buf)
    }
    #[pyo3(signature = (index=-1))]
    fn pop(&self, py: Python<'_>, index: isize) -> PyResult<PyObject> {
        let s = self.st()?;
        if s.len_now() == 0 {
            return Err(pyo3::exceptions::PyIndexError::new_err("pop from empty list"));
        }
        let i = s.index_of(index)?;
        let v = s.get(py, i)?;
        s.delete(i as isize)?;
        Ok(v)
    }
    fn clear(&self) -> PyResult<()> {
        let s = self.st()?;
        unsafe {
            for i in 0..s.len_now() {
                crate::boxing::release(&s.item, s.at(i));
            }
            (*s.payload()).size = 0;
        }
        Ok(())
    }
    /// `l.index(x[, start[, stop]])`, the bounds as Python's slice bounds.
    #[pyo3(signature = (x, start=0, stop=isize::MAX))]
    fn index(&self, py: Python<'_>, x: &Bound<'_, PyAny>, start: isize, stop: isize) -> PyResult<usize> {
        let s = self.st()?;
        let n = s.len_now() as isize;
        let bound = |v: isize| if v < 0 { (v + n).max(0) } else { v.min(n) } as usize;
        let (mut i, end) = (bound(start), bound(stop));
        while i < end.min(s.len_now()) {
            if s.get(py, i)?.bind(py).eq(x)? {
                return Ok(i);
            }
            i += 1;
        }
        Err(pyo3::exceptions::PyValueError::new_err("item not in list"))
    }
    fn count(&self, py: Python<'_>, x: &Bound<'_, PyAny>) -> PyResult<usize> {
        let s = self.st()?;
        let (mut n, mut i) = (0, 0);
        while i < s.len_now() {
            n += s.get(py, i)?.bind(py).eq(x)? as usize;
            i += 1;
        }
        Ok(n)
    }
    fn remove(&self, py: Python<'_>, x: &Bound<'_, PyAny>) -> PyResult<()> {
        let s = self.st()?;
        let mut i = 0;
        while i < s.len_now() {
            if s.get(py, i)?.bind(py).eq(x)? {
                return s.delete(i as isize);
            }
            i += 1;
        }
        Err(pyo3::exceptions::PyValueError::new_err("list.remove(x): x not in list"))
    }
    /// `l.sort(key=None, reverse=False)`: the items reordered as Python's `sorted` orders them
    /// (moved in place, no reference changes).
    #[pyo3(signature = (key=None, reverse=false))]
    fn sort(&self, py: Python<'_>, key: Option<&Bound<'_, PyAny>>, reverse: bool) -> PyResult<()> {
        let Some(s) = self.state.get() else { return Ok(()) };
        let n = s.len_now();
        let items = PyList::new(py, s.items(py)?)?;
        let keys = match key {
            Some(k) if !k.is_none() => PyList::new(py, items.iter().map(|x| k.call1((x,))).collect::<PyResult<Vec<_>>>()?)?,
            _ => items,
        };
        let order_key = keys.getattr("__getitem__")?;
        let kwargs = pyo3::types::PyDict::new(py);
        kwargs.set_item("key", order_key)?;
        kwargs.set_item("reverse", reverse)?;
        let order: Vec<usize> = py.import("builtins")?.getattr("sorted")?.call((pyo3::types::PyRange::new(py, 0, n as isize)?,), Some(&kwargs))?.extract()?;
        let mut saved = vec![0u8; n * s.itemsize];
        for (k, &i) in order.iter().enumerate() {
            // SAFETY: `i < n` items of `itemsize` bytes each; `saved` holds `n` of them.
            unsafe { std::ptr::copy_nonoverlapping(s.at(i), saved.as_mut_ptr().add(k * s.itemsize), s.itemsize) };
        }
        for k in 0..n {
            // SAFETY: as above, writing the permuted items back.
            unsafe { std::ptr::copy_nonoverlapping(saved.as_ptr().add(k * s.itemsize), s.at(k), s.itemsize) };
        }
        Ok(())
    }
    /// `l += iterable`: `extend`, the same list.
    fn __iadd__(&self, py: Python<'_>, iterable: &Bound<'_, PyAny>) -> PyResult<()> {
        self.extend(py, iterable)
    }
    fn reverse(&self) -> PyResult<()> {
        let s = self.st()?;
        let n = s.len_now();
        for i in 0..n / 2 {
            // SAFETY: `i` and `n - 1 - i` are distinct items of the list.
            unsafe { std::ptr::swap_nonoverlapping(s.at(i), s.at(n - 1 - i), s.itemsize) };
        }
        Ok(())
    }
    fn copy(&self, py: Python<'_>) -> PyResult<Py<TypedList>> {
        let s = self.st()?;
        s.new_like(py, &(0..s.len_now()).collect::<Vec<_>>())
    }
    /// A plain Python list of the items.
    fn to_list(&self, py: Python<'_>) -> PyResult<Py<PyList>> {
        Ok(PyList::new(py, self.state.get().map_or(Ok(vec![]), |s| s.items(py))?)?.unbind())
    }
    /// The item type, as Numba prints it.
    #[getter]
    fn _dtype(&self) -> PyResult<String> {
        let s = self.state.get().ok_or_else(|| pyo3::exceptions::PyRuntimeError::new_err("invalid operation on untyped list"))?;
        Ok(s.type_name.strip_prefix("ListType[").and_then(|t| t.strip_suffix(']')).unwrap_or(&s.type_name).to_string())
    }
}

/// Iterates a [`TypedList`] by index, as a Python list iterator does (it sees changes).
#[pyclass(module = "numrs_runtime", name = "TypedListIterator")]
pub struct TypedListIter {
    list: Py<TypedList>,
    next: std::sync::atomic::AtomicUsize,
}

#[pymethods]
impl TypedListIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }
    fn __next__(&self, py: Python<'_>) -> PyResult<Option<PyObject>> {
        let i = self.next.fetch_add(1, Ordering::Relaxed);
        let Some(l) = self.list.get().state.get() else { return Ok(None) };
        if i >= l.len_now() {
            return Ok(None);
        }
        l.get(py, i).map(Some)
    }
}

/// Whether values of the plan own native memory the runtime must reflect or release after a
/// call (lists).
pub fn owns(plan: &Plan) -> bool {
    match plan {
        Plan::List { .. } | Plan::Str | Plan::Container { .. } => true,
        Plan::Tuple(items, _) => items.iter().any(|(_, p)| owns(p)),
        Plan::Optional { data, .. } => owns(data),
        Plan::Enum { value, .. } => owns(value),
        _ => false,
    }
}

/// After a call: reflects the lists of an unboxed argument into their Python lists and drops
/// the argument's references.
/// With `dirty_lists` (tables of version `ABI_VERSION_LIST_DIRTY`), only the lists the compiled
/// code changed are reflected, as Numba does: an unchanged list keeps its items (NumPy scalars
/// stay NumPy scalars).
pub(crate) unsafe fn after_call(py: Python<'_>, np: &Npy, plan: &Plan, src: *const u8, dirty_lists: bool) -> PyResult<()> {
    match plan {
        // A typed list is shared, not reflected: drop the call's reference.
        Plan::List { item, itemsize, typed: Some(_) } => {
            release_at(item, *itemsize, src);
            Ok(())
        }
        Plan::List { item, itemsize, .. } if dirty_lists && (*payload((src as *const *mut MemInfo).read())).dirty == 0 => {
            release_at(item, *itemsize, src);
            Ok(())
        }
        Plan::List { item, itemsize, .. } => {
            let obj = box_list(py, np, item, *itemsize, src, true)?;
            ffi::Py_DECREF(obj);
            Ok(())
        }
        // Numba reflects only the lists and sets passed as arguments themselves: those inside a
        // tuple keep what they were (the compiled code's changes are dropped).
        Plan::Tuple(..) => {
            crate::boxing::release(plan, src);
            Ok(())
        }
        Plan::Container { key, value: None, .. } => crate::dict_boxing::after_call_set(py, np, key, src),
        Plan::Str | Plan::Container { .. } => {
            crate::boxing::release(plan, src);
            Ok(())
        }
        Plan::Optional { data, valid, .. } => {
            if src.add(*valid).read() != 0 {
                after_call(py, np, data, src, dirty_lists)
            } else {
                Ok(())
            }
        }
        Plan::Enum { value, .. } => after_call(py, np, value, src, dirty_lists),
        _ => Ok(()),
    }
}

/// Drops a reference to a native list (on error paths).
pub(crate) unsafe fn release_at(item: &Plan, itemsize: usize, src: *const u8) {
    release_list(item, itemsize, (src as *const *mut MemInfo).read());
}

impl TypedList {
    /// The list's items replaced by `items` (each stored again).
    fn refill(&self, py: Python<'_>, items: &Bound<'_, PyList>) -> PyResult<()> {
        self.clear()?;
        for x in items.iter() {
            self.append(py, &x)?;
        }
        Ok(())
    }

    /// Numba's `compare_not_none` of two typed lists: -1, 0 or 1; `None` against anything else.
    fn compare(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Option<i32>> {
        let Ok(o) = other.downcast::<TypedList>() else { return Ok(None) };
        let (a, b) = (self.st()?.items(py)?, o.get().st()?.items(py)?);
        if a.len() != b.len() {
            return Ok(Some(if a.len() < b.len() { -1 } else { 1 }));
        }
        for (x, y) in a.iter().zip(&b) {
            let (x, y) = (x.bind(py), y.bind(py));
            if x.ne(y)? {
                return Ok(Some(if x.lt(y)? { -1 } else { 1 }));
            }
        }
        Ok(Some(0))
    }
}
