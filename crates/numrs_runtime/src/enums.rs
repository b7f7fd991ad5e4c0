//! Enum members crossing the boundary, as Numba's `EnumMember`/`IntEnumMember`: a member is
//! passed to compiled code as its value and returned as the member of its class with that
//! value. The classes are those the loaded modules define (a built module makes its enum
//! classes from their source), found by name.

use numrs_types::{EnumType, Type};
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::sync::GILOnceCell;
use pyo3::types::PyType;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

fn classes() -> &'static Mutex<HashMap<String, Py<PyType>>> {
    static CLASSES: OnceLock<Mutex<HashMap<String, Py<PyType>>>> = OnceLock::new();
    CLASSES.get_or_init(|| Mutex::new(HashMap::new()))
}

/// `enum.Enum` and `enum.IntEnum`.
fn enum_bases(py: Python<'_>) -> Option<&(Py<PyType>, Py<PyType>)> {
    static BASES: GILOnceCell<(Py<PyType>, Py<PyType>)> = GILOnceCell::new();
    BASES
        .get_or_try_init(py, || -> PyResult<_> {
            let m = py.import("enum")?;
            Ok((m.getattr("Enum")?.downcast_into::<PyType>()?.unbind(), m.getattr("IntEnum")?.downcast_into::<PyType>()?.unbind()))
        })
        .ok()
}

/// Whether `class` is an enum class (a subclass of `enum.Enum`).
pub fn is_enum_class(py: Python<'_>, class: &Bound<'_, PyType>) -> bool {
    enum_bases(py).is_some_and(|(e, _)| class.is_subclass(e.bind(py)).unwrap_or(false))
}

/// Records an enum class a loaded module defines, by name (the last module loaded that
/// defines the name wins).
pub fn register(name: &str, class: Py<PyType>) {
    classes().lock().unwrap_or_else(|e| e.into_inner()).insert(name.to_string(), class);
}

/// Numba's `typeof` of an enum member: `Enum<int64>(Color)` (its class's name and the type of
/// its members' values, which must all be of one type); `None` for other objects.
///
/// # Safety
/// `obj` is a live object; the GIL is held.
pub unsafe fn typeof_member(py: Python<'_>, obj: *mut ffi::PyObject) -> Option<Type> {
    let (enum_base, int_enum_base) = enum_bases(py)?;
    let ty = ffi::Py_TYPE(obj);
    if ffi::PyType_IsSubtype(ty, enum_base.as_ptr() as *mut ffi::PyTypeObject) == 0 {
        return None;
    }
    let class = Bound::<PyAny>::from_borrowed_ptr(py, ty as *mut ffi::PyObject).downcast_into::<PyType>().ok()?;
    let name = class.name().ok()?.to_string();
    let int_enum = ffi::PyType_IsSubtype(ty, int_enum_base.as_ptr() as *mut ffi::PyTypeObject) != 0;
    let np = crate::npy::npy(py).ok()?;
    let mut dtype: Option<Type> = None;
    for member in class.getattr("__members__").ok()?.call_method0("values").ok()?.try_iter().ok()? {
        let value = member.ok()?.getattr("value").ok()?;
        let t = crate::typing::typeof_value(py, np, value.as_ptr(), false)?;
        match &dtype {
            None => dtype = Some(t),
            Some(d) if *d == t => {}
            Some(_) => return None,
        }
    }
    Some(Type::EnumMember(Arc::new(EnumType { name: name.into(), int_enum, dtype: dtype?, members: Vec::new() })))
}

/// The member's value (a new reference) when `obj` is a member of an enum class named `name`.
///
/// # Safety
/// As [`typeof_member`].
pub unsafe fn member_value<'py>(py: Python<'py>, name: &str, obj: *mut ffi::PyObject) -> PyResult<Bound<'py, PyAny>> {
    let b = Bound::<PyAny>::from_borrowed_ptr(py, obj);
    let class = b.get_type();
    let ok = is_enum_class(py, &class) && class.name().map(|n| n.to_string() == name).unwrap_or(false);
    if !ok {
        return Err(pyo3::exceptions::PyTypeError::new_err(format!("can't unbox a member of enum {name} from {}", b.repr().map(|r| r.to_string()).unwrap_or_default())));
    }
    b.getattr("value")
}

/// The member of the enum class named `name` whose value is `value`.
pub fn member_of<'py>(py: Python<'py>, name: &str, value: Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
    let class = classes().lock().unwrap_or_else(|e| e.into_inner()).get(name).map(|c| c.clone_ref(py));
    match class {
        Some(c) => c.bind(py).call1((value,)),
        None => Err(pyo3::exceptions::PyRuntimeError::new_err(format!("compiled code returned a member of enum {name}, which no loaded module defines"))),
    }
}
