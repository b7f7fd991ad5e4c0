//! Typed dicts and sets across the boundary (see `dicts`).
//!
//! Numba boxes a `DictType` to a `numba.typed.Dict`; a built module cannot create numba
//! objects, so it returns a [`TypedDict`]: a mapping that shares the native dict with compiled
//! code (passed back to a built function it is the same dict, and changes on either side are
//! seen by the other), with Numba's `repr` (`DictType[int64,float64]<iv=None>({0: 0.0, 1: 1.5})`).
//! A set boxes to a Python `set`, as Numba's reflected sets do, its items added in the table's
//! order.

use crate::boxing::{box_value, release, unbox, Plan};
use crate::dicts::{container_decref, Container, Desc, KeyKind};
use numrs_types::Type;
use pyo3::exceptions::{PyKeyError, PyTypeError};
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use std::sync::atomic::Ordering;

/// A native dict pointer a [`TypedDict`] holds one reference to (touched with the GIL held).
struct DictHandle(*mut Container);
unsafe impl Send for DictHandle {}
unsafe impl Sync for DictHandle {}

/// A `numba.typed.Dict` on the Python side of a built module (see the module documentation):
/// `len`, `[]` (`KeyError` when missing), item assignment and deletion, `in`, iteration over
/// the keys, `keys`/`values`/`items`, `get`, `pop`, `popitem`, `setdefault`, `update`, `clear`,
/// `copy` and `==` with dicts; made with `TypedDict.empty(key_type, value_type)` (Numba types
/// or their names), as `numba.typed.Dict.empty`.
#[pyclass(frozen, mapping, module = "numrs_runtime", name = "TypedDict")]
pub struct TypedDict {
    handle: DictHandle,
    key: Plan,
    value: Plan,
    /// The key and value types.
    types: (Type, Type),
    /// The type it passes into compiled code as, and its name: without a display's initial
    /// value (jit functions are compiled for dicts without one).
    passed: Type,
    passed_name: String,
    /// The Numba type, as Numba prints it.
    type_name: String,
}

impl Drop for TypedDict {
    fn drop(&mut self) {
        unsafe { container_decref(self.handle.0) }
    }
}

/// Whether Python values of the plan can be stored into a typed list or dict that outlives
/// the call (unboxed arrays, reflected lists and sets borrow their Python objects).
pub(crate) fn storable(plan: &Plan) -> bool {
    match plan {
        Plan::Number(_) | Plan::None | Plan::Str | Plan::Instance(_) | Plan::Deferred(_) => true,
        p if p.is_array() => true,
        Plan::List { typed: Some(_), .. } | Plan::Container { value: Some(_), .. } => true,
        Plan::Tuple(items, _) => items.iter().all(|(_, p)| storable(p)),
        Plan::Optional { data, .. } => storable(data),
        _ => false,
    }
}

/// Refuses a Python value that Numba would not store as a `to` (a key, value or list item),
/// as `numba.typed` containers refuse it when they type their methods' calls.
pub(crate) fn check_converts(py: Python<'_>, obj: &Bound<'_, PyAny>, to: &Type, what: &str) -> PyResult<()> {
    let np = crate::npy::npy(py)?;
    let from = unsafe { crate::typing::typeof_value(py, np, obj.as_ptr(), false) };
    match from {
        // Numba's typed containers cast with `_cast` (`_sentry_safe_cast`, then the lowering's
        // cast): a float is not stored as an integer, a list not as a tuple.
        Some(f) => match numrs_types::typed_store_error(&f, to) {
            None => Ok(()),
            Some((_, why)) => Err(PyTypeError::new_err(format!("cannot store a {f} as a {to} ({what}): {why}"))),
        },
        None => Err(PyTypeError::new_err(format!("cannot determine the Numba type of a {what}"))),
    }
}

/// A native value of a plan's type, in a buffer of its own.
struct Native(Vec<u128>);

impl Native {
    fn ptr(&self) -> *const u8 {
        self.0.as_ptr() as *const u8
    }
}

impl TypedDict {
    fn c(&self) -> &Container {
        unsafe { &*self.handle.0 }
    }
    /// `obj` unboxed as a key (`value` false) or value, owning its references.
    fn unboxed(&self, py: Python<'_>, value: bool, obj: &Bound<'_, PyAny>) -> PyResult<Native> {
        let (plan, size, ty) = if value {
            (&self.value, self.c().desc.val_size, &self.types.1)
        } else {
            (&self.key, self.c().desc.key_size, &self.types.0)
        };
        check_converts(py, obj, ty, if value { "dict value" } else { "dict key" })?;
        if !storable(plan) {
            return Err(PyTypeError::new_err(format!(
                "storing items into a {} from Python is not supported by numrs (its items would borrow Python objects)",
                self.type_name
            )));
        }
        let mut buf = Native(vec![0u128; size.div_ceil(16).max(1)]);
        unsafe {
            unbox(py, crate::npy::npy(py)?, plan, obj.as_ptr(), buf.0.as_mut_ptr() as *mut u8)?;
            crate::boxing::adopt_arrays(plan, buf.0.as_mut_ptr() as *mut u8)?;
        }
        Ok(buf)
    }
    /// The boxed value (a new reference) at the native record `p` of the plan, which keeps
    /// its own references.
    fn boxed(&self, py: Python<'_>, plan: &Plan, p: *const u8) -> PyResult<PyObject> {
        unsafe {
            crate::lists::retain(plan, p);
            let o = box_value(py, crate::npy::npy(py)?, plan, p)?;
            Ok(PyObject::from_owned_ptr(py, o))
        }
    }
    /// Looks `key` up: the boxed value, or `None` when missing.
    fn lookup(&self, py: Python<'_>, key: &Bound<'_, PyAny>) -> PyResult<Option<PyObject>> {
        let vs = self.c().desc.val_size;
        let Ok(k) = self.unboxed(py, false, key) else { return Ok(None) };
        let mut v = Native(vec![0u128; vs.div_ceil(16).max(1)]);
        let found = unsafe { crate::dicts::numrs_dict_lookup(self.handle.0, k.ptr(), v.0.as_mut_ptr() as *mut u8) };
        unsafe { release(&self.key, k.ptr()) };
        if found == 0 {
            return Ok(None);
        }
        self.boxed(py, &self.value, v.ptr()).map(Some)
    }
    fn pairs(&self, py: Python<'_>) -> PyResult<Vec<(PyObject, PyObject)>> {
        let c = self.c();
        c.positions().into_iter().map(|i| Ok((self.boxed(py, &self.key, c.key_ptr(i))?, self.boxed(py, &self.value, c.val_ptr(i))?))).collect()
    }
    fn as_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (k, v) in self.pairs(py)? {
            d.set_item(k, v)?;
        }
        Ok(d)
    }
    fn wrap(py: Python<'_>, c: *mut Container, key: Plan, value: Plan, type_name: String) -> PyResult<Py<TypedDict>> {
        let (types, passed) = match numrs_types::parse_type(&type_name) {
            Some(Type::DictType(kv)) => ((kv.0.clone(), kv.1.clone()), Type::dict(kv.0.clone(), kv.1.clone())),
            _ => {
                unsafe { container_decref(c) };
                return Err(PyTypeError::new_err(format!("internal error: {type_name} is not a dict type")));
            }
        };
        let passed_name = passed.to_string();
        Py::new(py, TypedDict { handle: DictHandle(c), key, value, types, passed, passed_name, type_name })
    }
}

/// The descriptor of a dict (`value`) or set the runtime makes: keys that are numbers,
/// strings or tuples of numbers; values that hold no lists or dicts (those need compiled code
/// to free them).
fn desc_for(key: &Type, value: Option<&Type>) -> Result<Desc, String> {
    let size = |t: &Type| numrs_abi::layout(t).map(|l| l.size).ok_or_else(|| format!("{t} has no native layout"));
    let (fields, is_tuple) = match key {
        Type::Number(k) => (vec![(0, KeyKind::of_number(*k).ok_or("keys of this number type are not supported")?)], false),
        Type::Unicode => (vec![(0, KeyKind::Str)], false),
        Type::UniTuple(..) | Type::Tuple(_) => {
            let items = key.tuple_items().ok_or("a tuple without items")?;
            let l = numrs_abi::layout(key).ok_or("a tuple without a layout")?;
            let mut out = Vec::new();
            for (t, off) in items.iter().zip(&l.fields) {
                match t {
                    Type::Number(k) => out.push((*off, KeyKind::of_number(*k).ok_or("keys of this number type are not supported")?)),
                    Type::Unicode => out.push((*off, KeyKind::Str)),
                    _ => return Err(format!("tuple keys of {t} are not supported")),
                }
            }
            (out, true)
        }
        _ => return Err(format!("keys of type {key} are not supported")),
    };
    let mut val_rc = Vec::new();
    if let Some(value) = value {
        references(value, 0, &mut val_rc)?;
    }
    Ok(Desc {
        is_set: value.is_none(),
        is_tuple,
        key_size: size(key)?,
        val_size: match value {
            Some(v) => size(v)?,
            None => 0,
        },
        key_str: fields.iter().any(|(_, k)| *k == KeyKind::Str),
        fields,
        val_rc: val_rc.into_iter().map(|off| (off, None)).collect(),
    })
}

/// Offsets of the MemInfo pointers a value of type `t` at `base` holds (arrays, strings).
fn references(t: &Type, base: usize, out: &mut Vec<usize>) -> Result<(), String> {
    match t {
        Type::Number(_) | Type::NoneType => Ok(()),
        // `ArrayHeader::meminfo` and a string's MemInfo pointer come first.
        Type::Array(_) | Type::Unicode => {
            out.push(base);
            Ok(())
        }
        Type::UniTuple(..) | Type::Tuple(_) => {
            let items = t.tuple_items().ok_or("a tuple without items")?;
            let l = numrs_abi::layout(t).ok_or("a tuple without a layout")?;
            for (item, off) in items.iter().zip(&l.fields) {
                references(item, base + off, out)?;
            }
            Ok(())
        }
        _ => Err(format!("values of type {t} are not supported in dicts made from Python")),
    }
}

/// A Numba type given as its name or as an object whose `str` is the name (`types.int64`).
pub(crate) fn type_arg(t: &Bound<'_, PyAny>) -> PyResult<Type> {
    let name = t.str()?.to_string();
    numrs_types::parse_type(&name).ok_or_else(|| PyTypeError::new_err(format!("'{name}' is not a Numba type numrs knows")))
}

#[pymethods]
impl TypedDict {
    /// `numba.typed.Dict.empty(key_type, value_type)`.
    #[staticmethod]
    fn empty(py: Python<'_>, key_type: &Bound<'_, PyAny>, value_type: &Bound<'_, PyAny>) -> PyResult<Py<TypedDict>> {
        let (k, v) = (type_arg(key_type)?, type_arg(value_type)?);
        let t = Type::dict(k.clone(), v.clone());
        let err = |e: String| PyTypeError::new_err(format!("cannot make a {t} from Python: {e}"));
        let desc = desc_for(&k, Some(&v)).map_err(err)?;
        let (key, value) = (Plan::of(&k).map_err(err)?, Plan::of(&v).map_err(err)?);
        Self::wrap(py, crate::dicts::new_container(desc), key, value, t.to_string())
    }
    fn __str__(&self, py: Python<'_>) -> PyResult<String> {
        // `numba.typed.Dict.__str__`: `{k: v, ...}` of the items' `str`.
        let mut parts = Vec::new();
        for (k, v) in self.pairs(py)? {
            parts.push(format!("{}: {}", k.bind(py).str()?, v.bind(py).str()?));
        }
        Ok(format!("{{{}}}", parts.join(", ")))
    }
    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!("{}({})", self.type_name, self.__str__(py)?))
    }
    fn __len__(&self) -> usize {
        self.c().len()
    }
    fn __getitem__(&self, py: Python<'_>, key: &Bound<'_, PyAny>) -> PyResult<PyObject> {
        self.lookup(py, key)?.ok_or_else(|| PyKeyError::new_err(key.clone().unbind()))
    }
    fn __setitem__(&self, py: Python<'_>, key: &Bound<'_, PyAny>, value: &Bound<'_, PyAny>) -> PyResult<()> {
        let k = self.unboxed(py, false, key)?;
        let v = match self.unboxed(py, true, value) {
            Ok(v) => v,
            Err(e) => {
                unsafe { release(&self.key, k.ptr()) };
                return Err(e);
            }
        };
        // The dict takes both references.
        unsafe { crate::dicts::numrs_dict_insert(self.handle.0, k.ptr(), v.ptr()) };
        Ok(())
    }
    fn __delitem__(&self, py: Python<'_>, key: &Bound<'_, PyAny>) -> PyResult<()> {
        let k = self.unboxed(py, false, key).map_err(|_| PyKeyError::new_err(key.clone().unbind()))?;
        let found = unsafe { crate::dicts::numrs_dict_delete(self.handle.0, k.ptr(), std::ptr::null_mut()) };
        unsafe { release(&self.key, k.ptr()) };
        if found == 0 {
            // As Numba's typed dict's `del d[k]`: `KeyError()`.
            return Err(PyKeyError::new_err(()));
        }
        Ok(())
    }
    fn __contains__(&self, py: Python<'_>, key: &Bound<'_, PyAny>) -> PyResult<bool> {
        Ok(self.lookup(py, key)?.is_some())
    }
    fn __iter__(&self, py: Python<'_>) -> PyResult<Py<pyo3::types::PyIterator>> {
        Ok(pyo3::types::PyIterator::from_object(self.key_list(py)?.as_any())?.unbind())
    }
    fn __eq__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        let mine = self.as_dict(py)?;
        match other.downcast::<TypedDict>() {
            Ok(o) => mine.as_any().eq(o.get().as_dict(py)?),
            Err(_) => mine.as_any().eq(other),
        }
    }
    /// The views `numba.typed.Dict` (a `MutableMapping`) gives: `KeysView`, `ValuesView`,
    /// `ItemsView` of the dict.
    fn keys<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        slf.py().import("collections.abc")?.getattr("KeysView")?.call1((slf,))
    }
    fn values<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        slf.py().import("collections.abc")?.getattr("ValuesView")?.call1((slf,))
    }
    fn items<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        slf.py().import("collections.abc")?.getattr("ItemsView")?.call1((slf,))
    }
    /// `d.get(k, default)`: Numba's compiled `get` returns the value type unified with the
    /// default's, so an integer default of a float dict comes back as a float.
    #[pyo3(signature = (key, default=None))]
    fn get(&self, py: Python<'_>, key: &Bound<'_, PyAny>, default: Option<PyObject>) -> PyResult<PyObject> {
        if let Some(v) = self.lookup(py, key)? {
            return Ok(v);
        }
        match default {
            Some(d) if self.types.1.is_float() && d.bind(py).is_exact_instance_of::<pyo3::types::PyInt>() => {
                Ok(d.bind(py).call_method0("__float__")?.unbind())
            }
            Some(d) => Ok(d),
            None => Ok(py.None()),
        }
    }
    #[pyo3(signature = (key, *default))]
    fn pop(&self, py: Python<'_>, key: &Bound<'_, PyAny>, default: &Bound<'_, pyo3::types::PyTuple>) -> PyResult<PyObject> {
        match self.lookup(py, key)? {
            Some(v) => {
                self.__delitem__(py, key)?;
                Ok(v)
            }
            None if !default.is_empty() => Ok(default.get_item(0)?.unbind()),
            None => Err(PyKeyError::new_err(key.clone().unbind())),
        }
    }
    fn popitem(&self, py: Python<'_>) -> PyResult<(PyObject, PyObject)> {
        let Some(i) = self.c().positions().last().copied() else {
            // As Numba's dictobject `popitem`: `KeyError()`.
            return Err(PyKeyError::new_err(()));
        };
        let (k, v) = (self.boxed(py, &self.key, self.c().key_ptr(i))?, self.boxed(py, &self.value, self.c().val_ptr(i))?);
        self.__delitem__(py, k.bind(py))?;
        Ok((k, v))
    }
    #[pyo3(signature = (key, default=None))]
    fn setdefault(&self, py: Python<'_>, key: &Bound<'_, PyAny>, default: Option<PyObject>) -> PyResult<PyObject> {
        if let Some(v) = self.lookup(py, key)? {
            return Ok(v);
        }
        let default = default.unwrap_or_else(|| py.None());
        self.__setitem__(py, key, default.bind(py))?;
        Ok(default)
    }
    fn update(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<()> {
        let pairs: Vec<(PyObject, PyObject)> = match other.downcast::<TypedDict>() {
            Ok(o) => o.get().pairs(py)?,
            // A mapping's items, or an iterable of pairs (`MutableMapping.update`).
            Err(_) if other.hasattr("keys")? => {
                let keys: Vec<Bound<'_, PyAny>> = other.call_method0("keys")?.try_iter()?.collect::<PyResult<_>>()?;
                keys.into_iter().map(|k| Ok((k.clone().unbind(), other.get_item(&k)?.unbind()))).collect::<PyResult<_>>()?
            }
            Err(_) => other.try_iter()?.map(|kv| kv?.extract::<(PyObject, PyObject)>()).collect::<PyResult<_>>()?,
        };
        for (k, v) in pairs {
            self.__setitem__(py, k.bind(py), v.bind(py))?;
        }
        Ok(())
    }
    fn clear(&self) {
        unsafe { crate::dicts::numrs_dict_clear(self.handle.0) }
    }
    fn copy(&self, py: Python<'_>) -> PyResult<Py<TypedDict>> {
        let c = unsafe { crate::dicts::numrs_dict_copy(self.handle.0) };
        Self::wrap(py, c, self.key.clone(), self.value.clone(), self.type_name.clone())
    }
    /// A plain Python dict of the items.
    fn to_dict(&self, py: Python<'_>) -> PyResult<Py<PyDict>> {
        Ok(self.as_dict(py)?.unbind())
    }
}

/// The Python value of the container handle at `src`; takes over the reference it holds.
pub unsafe fn box_container(
    py: Python<'_>,
    np: &crate::npy::Npy,
    key: &Plan,
    val: Option<&Plan>,
    type_name: &str,
    src: *const u8,
) -> PyResult<*mut ffi::PyObject> {
    let c = (src as *const *mut Container).read_unaligned();
    if c.is_null() {
        return Err(pyo3::exceptions::PyRuntimeError::new_err("compiled code returned a null dict"));
    }
    match val {
        Some(vp) => Ok(TypedDict::wrap(py, c, key.clone(), vp.clone(), type_name.to_string())?.into_ptr()),
        None => {
            // A reflected set argument comes back as that set, its native items reflected.
            let parent = (*c).parent as *mut ffi::PyObject;
            let r = if parent.is_null() {
                box_set(py, np, key, &*c)
            } else {
                reflect_set(py, np, key, &*c, parent).map(|()| {
                    ffi::Py_INCREF(parent);
                    parent
                })
            };
            container_decref(c);
            r
        }
    }
}

/// Numba's `reflect_set`: when the native set's items differ from the Python set's, the
/// Python set is cleared and updated with them (in the native table's order).
unsafe fn reflect_set(py: Python<'_>, np: &crate::npy::Npy, key: &Plan, c: &Container, parent: *mut ffi::PyObject) -> PyResult<()> {
    let items = Bound::from_owned_ptr(py, box_set(py, np, key, c)?);
    let target: Bound<'_, PyAny> = Bound::from_borrowed_ptr(py, parent);
    if target.eq(&items)? {
        return Ok(());
    }
    target.call_method0("clear")?;
    let ordered = PyList::empty(py);
    for i in c.positions() {
        c.retain_key_at(i);
        let o = box_value(py, np, key, c.key_ptr(i))?;
        ordered.append(Bound::from_owned_ptr(py, o))?;
    }
    target.call_method1("update", (ordered,))?;
    Ok(())
}

/// After a call: a reflected set argument's native items go back into its Python set, then
/// the argument's reference is dropped.
pub(crate) unsafe fn after_call_set(py: Python<'_>, np: &crate::npy::Npy, key: &Plan, src: *const u8) -> PyResult<()> {
    let c = (src as *const *mut Container).read_unaligned();
    if c.is_null() {
        return Ok(());
    }
    let parent = (*c).parent as *mut ffi::PyObject;
    (*c).parent = std::ptr::null_mut();
    let r = if parent.is_null() { Ok(()) } else { reflect_set(py, np, key, &*c, parent) };
    container_decref(c);
    r
}

thread_local! {
    /// The Python sets unboxed for the call being made on this thread, with their native sets:
    /// a set passed twice is one native set (Numba keeps it in the set's private data).
    static UNBOXED_SETS: std::cell::RefCell<Vec<(usize, usize)>> = const { std::cell::RefCell::new(Vec::new()) };
}

/// Forgets the sets unboxed for earlier calls (before a call's arguments are unboxed; the
/// entries are never read between calls).
pub(crate) fn forget_unboxed_sets() {
    UNBOXED_SETS.with(|s| s.borrow_mut().clear());
}

/// Unboxes a Python set argument of type `type_name` (`reflected set(T)`) into a new native
/// set whose parent is the Python set. Items must all have the same Python type (Numba:
/// "can't unbox heterogeneous set").
pub(crate) unsafe fn unbox_set(py: Python<'_>, np: &crate::npy::Npy, key: &Plan, type_name: &str, obj: *mut ffi::PyObject, dst: *mut u8) -> PyResult<()> {
    if ffi::PySet_Check(obj) == 0 {
        return Err(PyTypeError::new_err(format!("expected a set for {type_name}")));
    }
    // The same Python set as an earlier argument of this call: the same native set.
    let earlier = UNBOXED_SETS.with(|s| s.borrow().iter().find(|(o, _)| *o == obj as usize).map(|&(_, c)| c));
    if let Some(c) = earlier {
        let c = c as *mut Container;
        (*c).refcount.fetch_add(1, Ordering::Relaxed);
        (dst as *mut *mut Container).write_unaligned(c);
        return Ok(());
    }
    let Some(Type::Set { dtype, .. }) = numrs_types::parse_type(type_name) else {
        return Err(PyTypeError::new_err(format!("internal error: {type_name} is not a set type")));
    };
    let desc = desc_for(&dtype, None).map_err(|e| PyTypeError::new_err(format!("passing a {type_name} to a function built by numrs is not supported: {e}")))?;
    let c = crate::dicts::new_container(desc);
    let set: Bound<'_, PyAny> = Bound::from_borrowed_ptr(py, obj);
    let mut first_type: *mut ffi::PyTypeObject = std::ptr::null_mut();
    let ks = (*c).desc.key_size;
    let r = (|| -> PyResult<()> {
        for item in set.try_iter()? {
            let item = item?;
            let t = ffi::Py_TYPE(item.as_ptr());
            if first_type.is_null() {
                first_type = t;
            } else if t != first_type {
                // Numba's words, without the types (its message for lists has them).
                return Err(PyTypeError::new_err("can't unbox heterogeneous set"));
            }
            let mut buf = vec![0u128; ks.div_ceil(16).max(1)];
            unbox(py, np, key, item.as_ptr(), buf.as_mut_ptr() as *mut u8)?;
            // The set takes the key's reference.
            crate::dicts::numrs_dict_insert(c, buf.as_ptr() as *const u8, buf.as_ptr() as *const u8);
        }
        Ok(())
    })();
    if let Err(e) = r {
        container_decref(c);
        return Err(e);
    }
    (*c).parent = obj as *mut std::ffi::c_void;
    UNBOXED_SETS.with(|s| s.borrow_mut().push((obj as usize, c as usize)));
    (dst as *mut *mut Container).write_unaligned(c);
    Ok(())
}

unsafe fn box_set(py: Python<'_>, np: &crate::npy::Npy, key: &Plan, c: &Container) -> PyResult<*mut ffi::PyObject> {
    let s = pyo3::types::PySet::empty(py)?;
    for i in c.positions() {
        // Boxing consumes references: give it one of its own.
        c.retain_key_at(i);
        let o = box_value(py, np, key, c.key_ptr(i))?;
        s.add(Bound::from_owned_ptr(py, o))?;
    }
    Ok(s.into_ptr())
}

/// Unboxes a [`TypedDict`] argument of type `type_name`: a new reference to its native dict.
pub(crate) unsafe fn unbox_typed_dict(py: Python<'_>, type_name: &str, obj: *mut ffi::PyObject, dst: *mut u8) -> PyResult<()> {
    let b = Bound::<PyAny>::from_borrowed_ptr(py, obj);
    let Ok(d) = b.downcast::<TypedDict>() else {
        return Err(PyTypeError::new_err(format!(
            "expected a {type_name} (a numrs_runtime.TypedDict), got {}{}",
            b.get_type().name().map(|n| n.to_string()).unwrap_or_default(),
            if b.hasattr("_numba_type_").unwrap_or(false) {
                ": a built module cannot use Numba's own typed containers; make a numrs_runtime.TypedDict instead"
            } else {
                ""
            }
        )));
    };
    let d = d.get();
    if d.passed_name != type_name {
        return Err(PyTypeError::new_err(format!("expected a {type_name}, got a {}", d.type_name)));
    }
    (*d.handle.0).refcount.fetch_add(1, Ordering::Relaxed);
    (dst as *mut *mut Container).write_unaligned(d.handle.0);
    Ok(())
}

/// The Numba type of a [`TypedDict`], for the dispatcher's `typeof`.
pub(crate) fn typeof_typed_dict(obj: &Bound<'_, PyAny>) -> Option<Type> {
    Some(obj.downcast::<TypedDict>().ok()?.get().passed.clone())
}

impl TypedDict {
    /// The keys, in order, as a list.
    fn key_list<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let c = self.c();
        PyList::new(py, c.positions().into_iter().map(|i| self.boxed(py, &self.key, c.key_ptr(i))).collect::<PyResult<Vec<_>>>()?)
    }
}
