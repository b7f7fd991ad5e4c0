//! NumPy structured dtypes and Numba's `Record` types: typing a structured array passed in
//! (`numpy_support.from_struct_dtype`), checking one against a specialization's record type,
//! and making the dtype of an array of records compiled code returns (`as_struct_dtype`).

use crate::npy::Npy;
use numrs_types::{RecordField, RecordType, Type};
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use std::sync::{Arc, OnceLock};

/// NumPy's type number of `void` (structured dtypes).
pub const NPY_VOID: std::ffi::c_int = 20;

/// A record type with the NumPy dtype made for it on first use.
#[derive(Debug)]
pub struct RecordDescr {
    pub ty: Arc<RecordType>,
    descr: OnceLock<Py<PyAny>>,
}

impl RecordDescr {
    pub fn new(ty: Arc<RecordType>) -> RecordDescr {
        RecordDescr { ty, descr: OnceLock::new() }
    }

    /// The NumPy dtype of the record (borrowed; it lives as long as `self`): Numba's
    /// `as_struct_dtype`, `np.dtype({names, formats, offsets, itemsize}, align=aligned)`.
    pub fn descr(&self, py: Python<'_>) -> PyResult<*mut ffi::PyObject> {
        if let Some(d) = self.descr.get() {
            return Ok(d.as_ptr());
        }
        let d = struct_dtype(py, &self.ty)?;
        Ok(self.descr.get_or_init(|| d).as_ptr())
    }
}

fn struct_dtype(py: Python<'_>, r: &RecordType) -> PyResult<Py<PyAny>> {
    let np = py.import("numpy")?;
    let names = PyList::empty(py);
    let formats = PyList::empty(py);
    let offsets = PyList::empty(py);
    for f in &r.fields {
        names.append(&*f.name)?;
        let format = match &f.ty {
            Type::Record(inner) => struct_dtype(py, inner)?,
            Type::Number(k) => np.getattr("dtype")?.call1((k.name(),))?.unbind(),
            t @ (Type::NPDatetime(_) | Type::NPTimedelta(_)) => np.getattr("dtype")?.call1((crate::datetime::dtype_string(t).unwrap_or_default(),))?.unbind(),
            // A subarray: `(base, shape)`.
            Type::Array(a) if a.nested.is_some() => {
                let Type::Number(k) = &a.dtype else { return Err(pyo3::exceptions::PyTypeError::new_err(format!("a record field of type {}", f.ty))) };
                let shape = pyo3::types::PyTuple::new(py, a.nested.as_deref().unwrap_or_default())?;
                let base = np.getattr("dtype")?.call1((k.name(),))?;
                np.getattr("dtype")?.call1(((base, shape),))?.unbind()
            }
            other => return Err(pyo3::exceptions::PyTypeError::new_err(format!("a record field of type {other}"))),
        };
        formats.append(format)?;
        offsets.append(f.offset)?;
    }
    let spec = PyDict::new(py);
    spec.set_item("names", names)?;
    spec.set_item("formats", formats)?;
    spec.set_item("offsets", offsets)?;
    spec.set_item("itemsize", r.size)?;
    let kw = PyDict::new(py);
    kw.set_item("align", r.aligned)?;
    Ok(np.getattr("dtype")?.call((spec,), Some(&kw))?.unbind())
}

/// Numba's type of a structured dtype (`from_struct_dtype`); `None` for other dtypes and for
/// fields numrs does not model (subarrays, strings, objects, non-native byte order).
///
/// # Safety
/// `descr` is a NumPy dtype object; the GIL is held.
pub unsafe fn record_of_descr(py: Python<'_>, np: &Npy, descr: *mut ffi::PyObject) -> Option<Arc<RecordType>> {
    let d = Bound::<PyAny>::from_borrowed_ptr(py, descr);
    let r = record_of(np, &d);
    if r.is_none() {
        ffi::PyErr_Clear();
    }
    r
}

fn record_of(np: &Npy, d: &Bound<'_, PyAny>) -> Option<Arc<RecordType>> {
    let fields = d.getattr("fields").ok()?;
    if fields.is_none() || d.getattr("hasobject").ok()?.is_truthy().ok()? {
        return None;
    }
    let names = d.getattr("names").ok()?;
    let mut out = Vec::new();
    for name in names.try_iter().ok()? {
        let name = name.ok()?;
        let info = fields.get_item(&name).ok()?;
        let fd = info.get_item(0).ok()?;
        let offset: u32 = info.get_item(1).ok()?.extract().ok()?;
        let sub = fd.getattr("subdtype").ok()?;
        let ty = if !sub.is_none() {
            // A subarray of numbers: `(base, shape)`.
            let base = sub.get_item(0).ok()?;
            let shape: Vec<u32> = sub.get_item(1).ok()?.extract().ok()?;
            if !base.getattr("fields").ok()?.is_none() || !base.getattr("isnative").ok()?.is_truthy().ok()? || shape.is_empty() {
                return None;
            }
            let num: std::ffi::c_int = base.getattr("num").ok()?.extract().ok()?;
            Type::Array(Arc::new(numrs_types::ArrayType::nested(Type::Number(np.kind_of_type_num(num)?), shape)))
        } else if fd.getattr("fields").ok()?.is_none() {
            if !fd.getattr("isnative").ok()?.is_truthy().ok()? {
                return None;
            }
            let num: std::ffi::c_int = fd.getattr("num").ok()?.extract().ok()?;
            match np.kind_of_type_num(num) {
                Some(k) => Type::Number(k),
                // A datetime64/timedelta64 field: Numba's NPDatetime/NPTimedelta of its unit.
                None if matches!(num, crate::datetime::NPY_DATETIME | crate::datetime::NPY_TIMEDELTA) => crate::datetime::type_of_descr(&fd)?,
                // A `U` field: Numba's `[unichr x n]`; an `S` field: `[char x n]`.
                None if num == crate::typing::NPY_UNICODE => {
                    let size: u32 = fd.getattr("itemsize").ok()?.extract().ok()?;
                    Type::UnicodeCharSeq(size / 4)
                }
                None if num == crate::typing::NPY_STRING => Type::CharSeq(fd.getattr("itemsize").ok()?.extract().ok()?),
                None => return None,
            }
        } else {
            Type::Record(record_of(np, &fd)?)
        };
        out.push(RecordField { name: name.extract::<String>().ok()?.into(), ty, offset });
    }
    out.sort_by(|a, b| (a.offset, &a.name).cmp(&(b.offset, &b.name)));
    let size: u32 = d.getattr("itemsize").ok()?.extract().ok()?;
    let aligned = d.getattr("isalignedstruct").ok()?.is_truthy().ok()?;
    Some(Arc::new(RecordType { fields: out, size, aligned }))
}

/// Whether the array dtype `descr` is the record `r`.
///
/// # Safety
/// As [`record_of_descr`].
pub unsafe fn descr_is(py: Python<'_>, np: &Npy, descr: *mut ffi::PyObject, r: &RecordType) -> bool {
    if (*(descr as *const crate::npy::DescrHead)).type_num != NPY_VOID {
        return false;
    }
    record_of_descr(py, np, descr).is_some_and(|d| *d == *r)
}

/// Unboxes a NumPy `void` scalar of record type `r`: the address of its bytes (inside its
/// array when it is an item of one, so that assignments to its fields reach the array, as in
/// Numba), written to `dst`.
///
/// # Safety
/// `obj` is a live object, `dst` has room for a pointer; the GIL is held.
pub unsafe fn unbox_record(py: Python<'_>, np: &Npy, r: &RecordType, obj: *mut ffi::PyObject, dst: *mut u8) -> PyResult<()> {
    let bad = || pyo3::exceptions::PyTypeError::new_err(format!("can't unbox a record of type {} from this object", Type::Record(Arc::new(r.clone()))));
    if !np.is_generic_scalar(obj) {
        return Err(bad());
    }
    let b = Bound::<PyAny>::from_borrowed_ptr(py, obj);
    let Ok(d) = b.getattr("dtype") else { return Err(bad()) };
    if !descr_is(py, np, d.as_ptr(), r) {
        return Err(bad());
    }
    (np.scalar_as_ctype)(obj, dst as *mut std::ffi::c_void);
    Ok(())
}

/// Boxes the record at the address stored in `src`: a copy of its bytes as an `np.record`
/// (Numba's `numba_recreate_record`).
///
/// # Safety
/// `src` holds the address of `r.ty.size` readable bytes; the GIL is held.
pub unsafe fn box_record(py: Python<'_>, r: &RecordDescr, src: *const u8) -> PyResult<*mut ffi::PyObject> {
    let p = (src as *const *const u8).read_unaligned();
    let bytes = pyo3::types::PyByteArray::new(py, std::slice::from_raw_parts(p, r.ty.size as usize));
    let np = py.import("numpy")?;
    let descr = Bound::<PyAny>::from_borrowed_ptr(py, r.descr(py)?);
    let rec_dtype = np.getattr("dtype")?.call1(((np.getattr("record")?, descr),))?;
    let kw = PyDict::new(py);
    kw.set_item("dtype", rec_dtype)?;
    kw.set_item("count", 1)?;
    let arr = np.getattr("frombuffer")?.call((bytes,), Some(&kw))?;
    Ok(arr.get_item(0)?.into_ptr())
}

/// Numba's type of a NumPy `void` scalar with a structured dtype (a record).
///
/// # Safety
/// As [`record_of_descr`].
pub unsafe fn typeof_void_scalar(py: Python<'_>, np: &Npy, obj: *mut ffi::PyObject) -> Option<Type> {
    let b = Bound::<PyAny>::from_borrowed_ptr(py, obj);
    let d = b.getattr("dtype").ok()?;
    if (*(d.as_ptr() as *const crate::npy::DescrHead)).type_num != NPY_VOID {
        return None;
    }
    record_of_descr(py, np, d.as_ptr()).map(Type::Record)
}
