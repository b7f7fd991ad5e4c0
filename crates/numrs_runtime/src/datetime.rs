//! `numpy.datetime64` / `timedelta64` scalars and arrays across the boundary: typed from the
//! value's unit (Numba's `typeof` of them), unboxed as the int64 count, boxed back in the
//! specialization's unit.

use numrs_types::{DtUnit, Type};
use pyo3::exceptions::PyTypeError;
use pyo3::ffi;
use pyo3::prelude::*;

/// NumPy's type numbers of datetime64 and timedelta64 arrays.
pub const NPY_DATETIME: std::ffi::c_int = 21;
pub const NPY_TIMEDELTA: std::ffi::c_int = 22;

/// NumPy's `PyDatetimeScalarObject` (`numpy/arrayscalars.h`): the count, then the unit and
/// its multiplier.
#[repr(C)]
struct DatetimeScalar {
    head: ffi::PyObject,
    obval: i64,
    base: std::ffi::c_int,
    num: std::ffi::c_int,
}

/// The classes `numpy.datetime64` and `numpy.timedelta64`.
fn classes(py: Python<'_>) -> Option<&'static (Py<PyAny>, Py<PyAny>)> {
    static CLASSES: pyo3::sync::GILOnceCell<Option<(Py<PyAny>, Py<PyAny>)>> = pyo3::sync::GILOnceCell::new();
    CLASSES
        .get_or_init(py, || {
            let np = py.import("numpy").ok()?;
            Some((np.getattr("datetime64").ok()?.unbind(), np.getattr("timedelta64").ok()?.unbind()))
        })
        .as_ref()
}

/// Whether `obj` is a `numpy.datetime64` (`Some(true)`) or `timedelta64` (`Some(false)`).
unsafe fn scalar_class(py: Python<'_>, obj: *mut ffi::PyObject) -> Option<bool> {
    let (dt, td) = classes(py)?;
    let ty = ffi::Py_TYPE(obj) as *mut ffi::PyObject;
    if ty == dt.as_ptr() {
        Some(true)
    } else if ty == td.as_ptr() {
        Some(false)
    } else {
        None
    }
}

/// Numba's type of a datetime64/timedelta64 scalar (`None`: not one, or a unit Numba has no
/// type for, such as a multiple `10s`).
pub unsafe fn typeof_scalar(py: Python<'_>, obj: *mut ffi::PyObject) -> Option<Type> {
    let datetime = scalar_class(py, obj)?;
    let s = &*(obj as *const DatetimeScalar);
    if s.num != 1 && !(s.base == 14) {
        return None;
    }
    let unit = DtUnit::from_npy(s.base)?;
    Some(if datetime { Type::NPDatetime(unit) } else { Type::NPTimedelta(unit) })
}

/// Numba's type of the items of a datetime64/timedelta64 dtype (its `str`, `<M8[D]`); `None`
/// for another dtype or a multiple of a unit.
pub fn type_of_descr(descr: &Bound<'_, PyAny>) -> Option<Type> {
    let s: String = descr.getattr("str").ok()?.extract().ok()?;
    numrs_types::datetime_dtype(&s)
}

/// Numba's type of the items of a datetime64/timedelta64 array.
///
/// # Safety
/// `descr` is a live dtype object; the GIL is held.
pub unsafe fn item_type(py: Python<'_>, descr: *mut ffi::PyObject) -> Option<Type> {
    type_of_descr(&Bound::<PyAny>::from_borrowed_ptr(py, descr))
}

/// The NumPy dtype string of a datetime or timedelta type (`M8[D]`, `m8` for generic).
pub fn dtype_string(t: &Type) -> Option<String> {
    let (letter, u) = match t {
        Type::NPDatetime(u) => ("M8", u),
        Type::NPTimedelta(u) => ("m8", u),
        _ => return None,
    };
    Some(if u.is_generic() { letter.to_string() } else { format!("{letter}[{}]", u.name()) })
}

/// Writes the count of a datetime64/timedelta64 scalar of the expected kind and unit.
pub unsafe fn unbox_scalar(py: Python<'_>, datetime: bool, unit: DtUnit, obj: *mut ffi::PyObject, dst: *mut u8) -> PyResult<()> {
    let what = if datetime { "datetime64" } else { "timedelta64" };
    let ok = scalar_class(py, obj) == Some(datetime) && {
        let s = &*(obj as *const DatetimeScalar);
        DtUnit::from_npy(s.base) == Some(unit) && (s.num == 1 || unit.is_generic())
    };
    if !ok {
        return Err(PyTypeError::new_err(format!("can't unbox a {what}[{}] from an object that is not one", unit.name())));
    }
    (dst as *mut i64).write_unaligned((*(obj as *const DatetimeScalar)).obval);
    Ok(())
}

/// A new `numpy.datetime64`/`timedelta64` of `count` units.
pub unsafe fn box_scalar(py: Python<'_>, datetime: bool, unit: DtUnit, src: *const u8) -> PyResult<*mut ffi::PyObject> {
    let count = (src as *const i64).read_unaligned();
    let Some((dt, td)) = classes(py) else { return Err(PyTypeError::new_err("numpy has no datetime64")) };
    let class = if datetime { dt } else { td };
    let value = if count == numrs_types::NAT { "NaT".into_pyobject(py)?.into_any() } else { count.into_pyobject(py)?.into_any() };
    let r = if unit.is_generic() { class.bind(py).call1((value,))? } else { class.bind(py).call1((value, unit.name()))? };
    Ok(r.into_ptr())
}
