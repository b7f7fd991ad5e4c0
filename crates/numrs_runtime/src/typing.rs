//! Numba's `typeof` of call arguments: hard-coded fast paths for Python and NumPy scalars and
//! arrays, a fingerprint cache for the rest (tuples, lists, ...), and the full `typeof` rules
//! (`numba.core.typing.typeof`) behind it, as `numba/_typeof.cpp` arranges them.

use crate::npy::{self, Npy, NPY_ARRAY_C_CONTIGUOUS, NPY_ARRAY_F_CONTIGUOUS, NPY_ARRAY_WRITEABLE};
use crate::select::{registry, tc_number, TC_NONE, TC_PYOBJECT};
use numrs_types::{Layout, NumericKind, Type};
use pyo3::exceptions::PyValueError;
use pyo3::ffi;
use pyo3::prelude::*;
use std::ffi::c_int;
use std::sync::atomic::{AtomicU32, Ordering};

/// Fast table of array typecodes: ndim 1..=5 × kind × layout × readonly.
const N_NDIM: usize = 5;
static ARRAY_TC: [AtomicU32; N_NDIM * 13 * 3 * 2] = [const { AtomicU32::new(u32::MAX) }; N_NDIM * 13 * 3 * 2];

#[inline]
fn layout_of_flags(flags: c_int) -> Layout {
    if flags & NPY_ARRAY_C_CONTIGUOUS != 0 {
        Layout::C
    } else if flags & NPY_ARRAY_F_CONTIGUOUS != 0 {
        Layout::F
    } else {
        Layout::A
    }
}

#[inline]
fn array_slot(nd: usize, k: NumericKind, layout: Layout, ro: bool) -> usize {
    (((nd - 1) * 13 + k as usize) * 3 + layout as usize) * 2 + ro as usize
}

/// The typecode [`typecode`] gives the ndarray `obj` when it is already in the fast table
/// (ndim 1..=5, native byte order, a number dtype, seen before); `None` otherwise.
#[inline]
pub unsafe fn array_typecode_cached(np: &Npy, obj: *mut ffi::PyObject) -> Option<u32> {
    let a = npy::fields(obj);
    let nd = a.nd;
    if nd < 1 || nd as usize > N_NDIM || !npy::native_byteorder(a.descr) {
        return None;
    }
    let k = np.kind_of_type_num((*a.descr).type_num)?;
    let tc = ARRAY_TC[array_slot(nd as usize, k, layout_of_flags(a.flags), a.flags & NPY_ARRAY_WRITEABLE == 0)]
        .load(Ordering::Relaxed);
    (tc != u32::MAX).then_some(tc)
}

/// The typecode of a call argument whose type is one the dispatcher's fast path knows
/// (exact int, float, bool, complex, exact ndarray already in the fast table, a jitclass
/// instance): the same value [`typecode`] returns for it. `u32::MAX` for every other argument.
#[inline(always)]
pub unsafe fn fast_typecode(np: &Npy, obj: *mut ffi::PyObject) -> u32 {
    let ty = ffi::Py_TYPE(obj);
    if ty == std::ptr::addr_of_mut!(ffi::PyLong_Type) {
        tc_number(NumericKind::Int64)
    } else if ty == std::ptr::addr_of_mut!(ffi::PyFloat_Type) {
        tc_number(NumericKind::Float64)
    } else if ty == std::ptr::addr_of_mut!(ffi::PyBool_Type) {
        tc_number(NumericKind::Boolean)
    } else if ty == std::ptr::addr_of_mut!(ffi::PyComplex_Type) {
        tc_number(NumericKind::Complex128)
    } else if ty == np.array_type {
        array_typecode_cached(np, obj).unwrap_or(u32::MAX)
    } else {
        // A jitclass instance (its class's typecode, interned once).
        crate::jitclass::box_typecode(Python::assume_gil_acquired(), obj).unwrap_or(u32::MAX)
    }
}

/// The typecode of an exact Python int as Python's `typeof` (Numba's compilation) types it:
/// int64, but uint64 for values in [2**63, 2**64) (larger ones stay int64, whose unboxing
/// raises OverflowError).
pub unsafe fn exact_int_typecode(obj: *mut ffi::PyObject) -> u32 {
    let mut overflow: std::ffi::c_int = 0;
    ffi::PyLong_AsLongLongAndOverflow(obj, &mut overflow);
    if overflow <= 0 {
        return tc_number(NumericKind::Int64);
    }
    ffi::PyLong_AsUnsignedLongLong(obj);
    if ffi::PyErr_Occurred().is_null() {
        tc_number(NumericKind::UInt64)
    } else {
        ffi::PyErr_Clear();
        tc_number(NumericKind::Int64)
    }
}

/// Whether `obj` is an exact int (or a tuple holding one, at any depth) outside both int64 and
/// uint64, which Numba's `typeof` refuses ("Int value is too large").
pub unsafe fn holds_too_large_int(obj: *mut ffi::PyObject) -> bool {
    let ty = ffi::Py_TYPE(obj);
    if ty == std::ptr::addr_of_mut!(ffi::PyLong_Type) {
        let mut overflow: std::ffi::c_int = 0;
        ffi::PyLong_AsLongLongAndOverflow(obj, &mut overflow);
        if overflow == 0 {
            return false;
        }
        if overflow < 0 {
            return true;
        }
        ffi::PyLong_AsUnsignedLongLong(obj);
        let too_large = !ffi::PyErr_Occurred().is_null();
        ffi::PyErr_Clear();
        return too_large;
    }
    if ty == std::ptr::addr_of_mut!(ffi::PyTuple_Type) {
        return (0..ffi::PyTuple_Size(obj)).any(|i| holds_too_large_int(ffi::PyTuple_GetItem(obj, i)));
    }
    false
}

/// The type of the `_OmittedArg` objects that stand for parameters left to their defaults.
pub static OMITTED_TYPE: std::sync::atomic::AtomicPtr<ffi::PyTypeObject> =
    std::sync::atomic::AtomicPtr::new(std::ptr::null_mut());

/// The typecode of a call argument as the dispatcher computes it (`typeof_typecode`), for an
/// argument [`fast_typecode`] does not know (so not a jitclass instance). Errors are those
/// Numba's dispatcher raises itself (fingerprint of an empty list or set). `owner` names the
/// dispatcher: its fingerprints are its own (in Numba, the first tuple of ints one dispatcher
/// sees decides the integer type of its later ones, not another dispatcher's).
#[inline]
pub unsafe fn typecode(py: Python<'_>, np: &Npy, obj: *mut ffi::PyObject, owner: usize) -> PyResult<u32> {
    let ty = ffi::Py_TYPE(obj);
    // Every exact int is intp here, however large (Numba's fast path on 64-bit machines);
    // unboxing then raises OverflowError for values that do not fit.
    if ty == std::ptr::addr_of_mut!(ffi::PyLong_Type) {
        return Ok(tc_number(NumericKind::Int64));
    }
    if ty == std::ptr::addr_of_mut!(ffi::PyFloat_Type) {
        return Ok(tc_number(NumericKind::Float64));
    }
    if ty == std::ptr::addr_of_mut!(ffi::PyBool_Type) {
        return Ok(tc_number(NumericKind::Boolean));
    }
    if ty == std::ptr::addr_of_mut!(ffi::PyComplex_Type) {
        return Ok(tc_number(NumericKind::Complex128));
    }
    if obj == ffi::Py_None() {
        return Ok(TC_NONE);
    }
    if let Some(k) = np.scalar_kind(ty) {
        return Ok(tc_number(k));
    }
    if np.is_array(obj) {
        // Numba's `typeof` refuses masked arrays (an ndarray subclass whose mask compiled code
        // would ignore).
        if ty != np.array_type && is_masked_array(py, obj) {
            return Err(crate::dispatcher::numba_error(py, "NumbaTypeError", "Unsupported array type: numpy.ma.MaskedArray.".into()));
        }
        if let Some(tc) = array_typecode_cached(np, obj) {
            return Ok(tc);
        }
        let a = npy::fields(obj);
        let nd = a.nd;
        if nd >= 1 && nd as usize <= N_NDIM && npy::native_byteorder(a.descr) {
            if let Some(k) = np.kind_of_type_num((*a.descr).type_num) {
                let layout = layout_of_flags(a.flags);
                let ro = a.flags & NPY_ARRAY_WRITEABLE == 0;
                let tc = registry().intern(Type::array_ro(Type::Number(k), nd as u32, layout, ro));
                ARRAY_TC[array_slot(nd as usize, k, layout, ro)].store(tc, Ordering::Relaxed);
                return Ok(tc);
            }
        }
        // Other arrays: their type is a function of what typeof looks at; no cache needed.
        let t = typeof_value(py, np, obj, true).unwrap_or(Type::PyObject);
        return Ok(registry().intern(t));
    }
    typecode_using_fingerprint(py, np, obj, owner)
}

enum Fp {
    /// No fingerprint for this value: use typeof without caching.
    NotImplemented,
    Err(PyErr),
}

unsafe fn typecode_using_fingerprint(py: Python<'_>, np: &Npy, obj: *mut ffi::PyObject, owner: usize) -> PyResult<u32> {
    let mut fp = Vec::with_capacity(24);
    fp.extend_from_slice(&owner.to_le_bytes());
    match fingerprint(py, np, obj, &mut fp) {
        Ok(()) => {}
        Err(Fp::NotImplemented) => {
            let t = typeof_value(py, np, obj, true).unwrap_or(Type::PyObject);
            return Ok(registry().intern(t));
        }
        Err(Fp::Err(e)) => return Err(e),
    }
    if let Some(&tc) = registry().fingerprints.get(&fp) {
        return Ok(tc);
    }
    // First value with this fingerprint: its typeof is what every later one gets from this
    // dispatcher (as in Numba, where e.g. the first tuple of ints decides the integer type of
    // the others).
    let t = typeof_value(py, np, obj, true).unwrap_or(Type::PyObject);
    let mut reg = registry();
    let tc = reg.intern(t);
    reg.fingerprints.insert(fp, tc);
    Ok(tc)
}

unsafe fn fingerprint(py: Python<'_>, np: &Npy, obj: *mut ffi::PyObject, w: &mut Vec<u8>) -> Result<(), Fp> {
    let ty = ffi::Py_TYPE(obj);
    if obj == ffi::Py_None() {
        w.push(b'n');
    } else if ty == std::ptr::addr_of_mut!(ffi::PyBool_Type) {
        w.push(b'?');
    } else if ty == std::ptr::addr_of_mut!(ffi::PyLong_Type) {
        w.push(b'i');
    } else if ffi::PyFloat_Check(obj) != 0 {
        w.push(b'f');
    } else if ty == std::ptr::addr_of_mut!(ffi::PyComplex_Type) {
        w.push(b'c');
    } else if ty == std::ptr::addr_of_mut!(ffi::PyTuple_Type) {
        let n = ffi::PyTuple_Size(obj);
        w.push(b'(');
        for i in 0..n {
            fingerprint(py, np, ffi::PyTuple_GetItem(obj, i), w)?;
        }
        w.push(b')');
    } else if np.is_array(obj) {
        let a = npy::fields(obj);
        w.push(b'a');
        w.extend_from_slice(&a.nd.to_le_bytes());
        w.push(layout_of_flags(a.flags).as_char() as u8);
        w.push(if a.flags & NPY_ARRAY_WRITEABLE != 0 { b'W' } else { b'R' });
        dtype_fingerprint(a.descr, w)?;
    } else if np.is_generic_scalar(obj) {
        let Some(k) = np.scalar_kind(ty) else { return Err(Fp::NotImplemented) };
        w.push(b's');
        w.push(k as u8);
    } else if ffi::PyBytes_Check(obj) != 0 {
        w.push(b'b');
    } else if ffi::PyByteArray_Check(obj) != 0 {
        w.push(b'B');
    } else if ffi::PyList_Check(obj) != 0 {
        if ffi::PyList_Size(obj) == 0 {
            return Err(Fp::Err(PyValueError::new_err("cannot compute fingerprint of empty list")));
        }
        w.push(b'[');
        fingerprint(py, np, ffi::PyList_GetItem(obj, 0), w)?;
    } else if ty == std::ptr::addr_of_mut!(ffi::PySet_Type) {
        let item = first_item(py, obj).map_err(Fp::Err)?;
        let Some(item) = item else {
            return Err(Fp::Err(PyValueError::new_err("cannot compute fingerprint of empty set")));
        };
        w.push(b'{');
        fingerprint(py, np, item.as_ptr(), w)?;
    } else {
        return Err(Fp::NotImplemented);
    }
    Ok(())
}

unsafe fn dtype_fingerprint(d: *const npy::DescrHead, w: &mut Vec<u8>) -> Result<(), Fp> {
    let num = (*d).type_num;
    // A structured dtype is more than its number: typed each time.
    if !(0..=255).contains(&num) || num == crate::records::NPY_VOID {
        return Err(Fp::NotImplemented);
    }
    w.push(num as u8);
    w.push((*d).byteorder as u8);
    Ok(())
}

unsafe fn first_item(py: Python<'_>, obj: *mut ffi::PyObject) -> PyResult<Option<Bound<'_, PyAny>>> {
    let it = ffi::PyObject_GetIter(obj);
    if it.is_null() {
        return Err(PyErr::fetch(py));
    }
    let it: Bound<'_, PyAny> = Bound::from_owned_ptr(py, it);
    let item = ffi::PyIter_Next(it.as_ptr());
    if item.is_null() {
        return match PyErr::take(py) {
            Some(e) => Err(e),
            None => Ok(None),
        };
    }
    Ok(Some(Bound::from_owned_ptr(py, item)))
}

/// NumPy's type number of unicode (`<U`) arrays.
pub(crate) const NPY_UNICODE: std::ffi::c_int = 19;
/// NumPy's type number of `S` (bytes) arrays.
pub(crate) const NPY_STRING: std::ffi::c_int = 18;

/// Whether `obj` is a `numpy.dtype` (an instance of one of its classes).
unsafe fn is_dtype(py: Python<'_>, obj: *mut ffi::PyObject) -> bool {
    static DTYPE: pyo3::sync::GILOnceCell<Option<Py<pyo3::types::PyType>>> = pyo3::sync::GILOnceCell::new();
    let class = DTYPE.get_or_init(py, || {
        py.import("numpy").and_then(|m| m.getattr("dtype")).ok().and_then(|c| c.downcast_into::<pyo3::types::PyType>().ok()).map(|c| c.unbind())
    });
    class.as_ref().is_some_and(|c| ffi::PyObject_TypeCheck(obj, c.as_ptr() as *mut ffi::PyTypeObject) != 0)
}

/// Whether `obj` is a NumPy float16 scalar or an array of them (NumPy's `NPY_HALF`).
pub(crate) unsafe fn is_float16(py: Python<'_>, np: &Npy, obj: *mut ffi::PyObject) -> bool {
    const NPY_HALF: std::ffi::c_int = 23;
    if np.is_array(obj) {
        return (*npy::fields(obj).descr).type_num == NPY_HALF;
    }
    static HALF: pyo3::sync::GILOnceCell<Option<Py<pyo3::types::PyType>>> = pyo3::sync::GILOnceCell::new();
    let half = HALF.get_or_init(py, || {
        py.import("numpy").and_then(|m| m.getattr("float16")).ok().and_then(|c| c.downcast_into::<pyo3::types::PyType>().ok()).map(|c| c.unbind())
    });
    half.as_ref().is_some_and(|c| ffi::Py_TYPE(obj) == c.as_ptr() as *mut ffi::PyTypeObject)
}

/// Whether `obj` is a `numpy.ma.MaskedArray` (looked up only once `numpy.ma` is imported:
/// none exists before).
unsafe fn is_masked_array(py: Python<'_>, obj: *mut ffi::PyObject) -> bool {
    let class = py
        .import("sys")
        .and_then(|sys| sys.getattr("modules"))
        .and_then(|m| m.get_item("numpy.ma"))
        .and_then(|m| m.getattr("MaskedArray"));
    match class {
        Ok(c) => Bound::<PyAny>::from_borrowed_ptr(py, obj).is_instance(&c).unwrap_or(false),
        Err(_) => false,
    }
}

/// Whether `obj` is a `numpy.random.Generator` (Numba's `NumPyRandomGeneratorType`).
///
/// # Safety
/// `obj` is a live object; the GIL is held.
pub unsafe fn is_generator(py: Python<'_>, obj: *mut ffi::PyObject) -> bool {
    static CLASS: pyo3::sync::GILOnceCell<Py<pyo3::types::PyType>> = pyo3::sync::GILOnceCell::new();
    if let Some(c) = CLASS.get(py) {
        return ffi::Py_TYPE(obj) == c.as_ptr() as *mut ffi::PyTypeObject;
    }
    // No Generator exists before `numpy.random` is imported: it is not imported here (that
    // takes milliseconds), only looked up once it has been.
    let class = py
        .import("sys")
        .and_then(|sys| sys.getattr("modules"))
        .and_then(|m| m.get_item("numpy.random"))
        .and_then(|m| m.getattr("Generator"))
        .ok()
        .and_then(|c| c.downcast_into::<pyo3::types::PyType>().ok());
    match class {
        Some(c) => {
            let same = ffi::Py_TYPE(obj) == c.as_ptr() as *mut ffi::PyTypeObject;
            let _ = CLASS.set(py, c.unbind());
            same
        }
        None => false,
    }
}

/// Numba's `typeof(val, Purpose.argument)` as `Dispatcher.typeof_pyval` uses it; `None` is
/// `pyobject` (no type, or a `ValueError` while typing). Ints use the bit-length rule
/// (`intp`, `int64`, `uint64`), not the dispatcher's fast path.
/// A memoryview: Numba's `_typeof_buffer`, `MemoryView(dtype, ndim, layout, readonly)` with
/// the dtype of its PEP 3118 format (`decode_pep3118_format`: integers by their size, `f`,
/// `d`, `Zf`, `Zd`; no booleans) and the layout of its contiguity (`infer_layout`).
unsafe fn memoryview_type(obj: *mut ffi::PyObject) -> Option<Type> {
    let view = BufferView::get(obj)?;
    let b = &view.0;
    let format = if b.format.is_null() { "B".to_string() } else { std::ffi::CStr::from_ptr(b.format).to_string_lossy().into_owned() };
    let bits = b.itemsize * 8;
    let dtype = match format.as_str() {
        f if f.len() == 1 && "bBhHiIlLqQnN".contains(f) => {
            let name = format!("{}int{bits}", if f.chars().all(|c| c.is_ascii_uppercase()) { "u" } else { "" });
            Type::Number(NumericKind::from_name(&name)?)
        }
        f => match f.trim_start_matches('=') {
            "f" => Type::float32(),
            "d" => Type::float64(),
            "Zf" => Type::Number(NumericKind::Complex64),
            "Zd" => Type::complex128(),
            _ => return None,
        },
    };
    let layout = if view.contiguous(b'C') {
        Layout::C
    } else if view.contiguous(b'F') {
        Layout::F
    } else {
        Layout::A
    };
    let ndim = u32::try_from(b.ndim).ok()?;
    let readonly = b.readonly != 0;
    Some(Type::Array(std::sync::Arc::new(numrs_types::ArrayType {
        buffer: Some(numrs_types::BufferKind::MemoryView),
        ..numrs_types::ArrayType::new(dtype, ndim, layout, readonly)
    })))
}

/// CPython's `Py_buffer` (its layout is the same in every CPython 3; the stable ABI before
/// 3.11 does not declare it, so the runtime does).
#[repr(C)]
pub(crate) struct PyBuffer {
    pub buf: *mut std::ffi::c_void,
    pub obj: *mut ffi::PyObject,
    pub len: ffi::Py_ssize_t,
    pub itemsize: ffi::Py_ssize_t,
    pub readonly: c_int,
    pub ndim: c_int,
    pub format: *mut std::ffi::c_char,
    pub shape: *mut ffi::Py_ssize_t,
    pub strides: *mut ffi::Py_ssize_t,
    pub suboffsets: *mut ffi::Py_ssize_t,
    pub internal: *mut std::ffi::c_void,
}

extern "C" {
    fn PyObject_GetBuffer(obj: *mut ffi::PyObject, view: *mut PyBuffer, flags: c_int) -> c_int;
    fn PyBuffer_Release(view: *mut PyBuffer);
    fn PyBuffer_IsContiguous(view: *const PyBuffer, fort: std::ffi::c_char) -> c_int;
}

/// `PyBUF_RECORDS_RO`: the format, shape and strides, read-only buffers accepted.
const PYBUF_RECORDS_RO: c_int = 0x1c;

/// An object's buffer (with its format, shape and strides), released when dropped.
pub(crate) struct BufferView(pub PyBuffer);

impl BufferView {
    /// # Safety
    /// `obj` is a live object; the GIL is held.
    pub(crate) unsafe fn get(obj: *mut ffi::PyObject) -> Option<BufferView> {
        let mut view: PyBuffer = std::mem::zeroed();
        if PyObject_GetBuffer(obj, &mut view, PYBUF_RECORDS_RO) != 0 {
            ffi::PyErr_Clear();
            return None;
        }
        Some(BufferView(view))
    }

    /// Whether the buffer is contiguous in `order` (`b'C'` or `b'F'`).
    pub(crate) fn contiguous(&self, order: u8) -> bool {
        // SAFETY: the view is a filled buffer.
        unsafe { PyBuffer_IsContiguous(&self.0, order as std::ffi::c_char) != 0 }
    }
}

impl Drop for BufferView {
    fn drop(&mut self) {
        // SAFETY: the view was filled by `PyObject_GetBuffer` and is released once.
        unsafe { PyBuffer_Release(&mut self.0) }
    }
}

pub unsafe fn typeof_value(py: Python<'_>, np: &Npy, obj: *mut ffi::PyObject, _top: bool) -> Option<Type> {
    let ty = ffi::Py_TYPE(obj);
    if ty == OMITTED_TYPE.load(Ordering::Relaxed) {
        // Numba's `typeof(OmittedArg(value))`: `omitted(default=<repr of value>)`.
        let b = Bound::<PyAny>::from_borrowed_ptr(py, obj);
        return Some(Type::Omitted(b.downcast_unchecked::<crate::dispatcher::OmittedArg>().get().repr.clone()));
    }
    if ty == std::ptr::addr_of_mut!(ffi::PyBool_Type) {
        return Some(Type::boolean());
    }
    if is_generator(py, obj) {
        return Some(Type::NumPyRandomGenerator);
    }
    // An enum member (an `IntEnum`'s is an int too): Numba's `typeof` types it first.
    if ty != std::ptr::addr_of_mut!(ffi::PyLong_Type) && ty != std::ptr::addr_of_mut!(ffi::PyFloat_Type) && ty != std::ptr::addr_of_mut!(ffi::PyUnicode_Type) {
        if let Some(t) = crate::enums::typeof_member(py, obj) {
            return Some(t);
        }
    }
    if ffi::PyLong_Check(obj) != 0 {
        let mut overflow: std::ffi::c_int = 0;
        let v = ffi::PyLong_AsLongLongAndOverflow(obj, &mut overflow);
        if v == -1 && !ffi::PyErr_Occurred().is_null() {
            ffi::PyErr_Clear();
            return None;
        }
        if overflow == 0 {
            return Some(Type::int64());
        }
        if overflow > 0 {
            ffi::PyLong_AsUnsignedLongLong(obj);
            if ffi::PyErr_Occurred().is_null() {
                return Some(Type::uint64());
            }
            ffi::PyErr_Clear();
        }
        return None;
    }
    if ffi::PyFloat_Check(obj) != 0 {
        return Some(Type::float64());
    }
    // Numba's `_typeof_slice`.
    if ffi::PySlice_Check(obj) != 0 {
        let step = Bound::<PyAny>::from_borrowed_ptr(py, obj).getattr("step").ok()?;
        let plain = step.is_none() || step.extract::<i64>().ok() == Some(1);
        return Some(if plain { Type::Slice2 } else { Type::Slice3 });
    }
    if ffi::PyComplex_Check(obj) != 0 {
        return Some(Type::complex128());
    }
    if obj == ffi::Py_None() {
        return Some(Type::NoneType);
    }
    // `...` (in an index tuple): Numba's `ellipsis`.
    if obj == ffi::Py_Ellipsis() {
        return Some(Type::Ellipsis);
    }
    if ffi::PyUnicode_Check(obj) != 0 {
        return Some(Type::Unicode);
    }
    // A NumPy `bytes_` scalar: Numba's `[char x n]` (of its dtype, `S n`).
    if ffi::PyBytes_Check(obj) != 0 && ffi::PyBytes_CheckExact(obj) == 0 && np.is_generic_scalar(obj) {
        return Some(Type::CharSeq(u32::try_from(ffi::PyBytes_Size(obj)).ok()?.max(1)));
    }
    // Numba's `bufproto`: `bytes` and `bytearray` are 1-d C arrays of their bytes.
    if ffi::PyBytes_Check(obj) != 0 {
        return Some(Type::Array(std::sync::Arc::new(numrs_types::ArrayType::buffer(numrs_types::BufferKind::Bytes, numrs_types::Layout::C, true))));
    }
    if ffi::PyByteArray_Check(obj) != 0 {
        return Some(Type::Array(std::sync::Arc::new(numrs_types::ArrayType::buffer(numrs_types::BufferKind::ByteArray, numrs_types::Layout::C, false))));
    }
    if ffi::PyMemoryView_Check(obj) != 0 {
        return memoryview_type(obj);
    }
    if ffi::PyTuple_Check(obj) != 0 {
        let n = ffi::PyTuple_Size(obj);
        let mut items = Vec::with_capacity(n as usize);
        for i in 0..n {
            items.push(typeof_value(py, np, ffi::PyTuple_GetItem(obj, i), false)?);
        }
        if ty != std::ptr::addr_of_mut!(ffi::PyTuple_Type) {
            // A namedtuple is Numba's NamedTuple of its class (by name here: the fields come
            // from the class's module when compiled code is typed), other subclasses plain
            // tuples.
            let b = Bound::<PyAny>::from_borrowed_ptr(py, obj);
            if b.hasattr("_asdict").unwrap_or(false) {
                let name = b.get_type().name().ok()?.to_string();
                let items = items.iter().map(Type::unliteral).collect();
                return Some(Type::NamedTuple(std::sync::Arc::new(numrs_types::NamedTupleType { name: name.into(), fields: Vec::new(), items })));
            }
        }
        return Some(Type::tuple(items));
    }
    if np.is_array(obj) {
        let a = npy::fields(obj);
        if !npy::native_byteorder(a.descr) {
            return None;
        }
        let dtype = match np.kind_of_type_num((*a.descr).type_num) {
            Some(k) => Type::Number(k),
            None if (*a.descr).type_num == crate::records::NPY_VOID => Type::Record(crate::records::record_of_descr(py, np, a.descr as *mut ffi::PyObject)?),
            // A unicode array (`<U n`): Numba's `[unichr x n]` items.
            None if matches!((*a.descr).type_num, crate::datetime::NPY_DATETIME | crate::datetime::NPY_TIMEDELTA) => {
                crate::datetime::item_type(py, a.descr as *mut ffi::PyObject)?
            }
            None if (*a.descr).type_num == NPY_UNICODE => {
                let descr = Bound::<PyAny>::from_borrowed_ptr(py, a.descr as *mut ffi::PyObject);
                let itemsize: u32 = descr.getattr("itemsize").ok()?.extract().ok()?;
                Type::UnicodeCharSeq(itemsize / 4)
            }
            // A bytes array (`|S n`): Numba's `[char x n]` items.
            None if (*a.descr).type_num == NPY_STRING => {
                let descr = Bound::<PyAny>::from_borrowed_ptr(py, a.descr as *mut ffi::PyObject);
                let itemsize: u32 = descr.getattr("itemsize").ok()?.extract().ok()?;
                Type::CharSeq(itemsize)
            }
            None => return None,
        };
        let layout = layout_of_flags(a.flags);
        let ro = a.flags & NPY_ARRAY_WRITEABLE == 0;
        return Some(Type::array_ro(dtype, a.nd as u32, layout, ro));
    }
    if np.is_generic_scalar(obj) {
        if let Some(t) = crate::datetime::typeof_scalar(py, obj) {
            return Some(t);
        }
        return match np.scalar_kind(ty) {
            Some(k) => Some(Type::Number(k)),
            None => crate::records::typeof_void_scalar(py, np, obj),
        };
    }
    // A NumPy dtype of numbers (`np.dtype("u2")`): Numba's `dtype(uint16)`.
    if is_dtype(py, obj) {
        let d = obj as *const npy::DescrHead;
        if let Some(k) = np.kind_of_type_num((*d).type_num).filter(|_| npy::native_byteorder(d)) {
            return Some(Type::DType(std::sync::Arc::new(Type::Number(k))));
        }
    }
    // A NumPy scalar class (`np.float64`): Numba's `class(float64)`.
    if ffi::PyType_Check(obj) != 0 {
        if let Some(k) = np.scalar_kind(obj as *mut ffi::PyTypeObject) {
            return Some(Type::NumberClass(std::sync::Arc::new(Type::Number(k))));
        }
    }
    if let Some(t) = crate::dispatcher::typeof_dispatcher(obj) {
        return Some(t);
    }
    if let Some(t) = crate::jitclass::typeof_box(py, obj) {
        return Some(t);
    }
    let b = Bound::from_borrowed_ptr(py, obj);
    if let Some(t) = crate::lists::typeof_typed_list(&b).or_else(|| crate::dict_boxing::typeof_typed_dict(&b)) {
        return Some(t);
    }
    // Numba's own `numba.typed.List`/`Dict` (Numba's `typeof` reads `_numba_type_`): typed as
    // Numba types them, so that unboxing can say what to pass instead.
    if ty != std::ptr::addr_of_mut!(ffi::PyList_Type) && ty != std::ptr::addr_of_mut!(ffi::PySet_Type) {
        if let Ok(t) = b.getattr("_numba_type_") {
            let t = t.str().ok().and_then(|s| numrs_types::parse_type(&s.to_string()));
            if matches!(t, Some(Type::ListType(_) | Type::DictType(_))) {
                return t;
            }
        } else {
            ffi::PyErr_Clear();
        }
    }
    if ffi::PyList_Check(obj) != 0 {
        if ffi::PyList_Size(obj) == 0 {
            return None;
        }
        let item = typeof_value(py, np, ffi::PyList_GetItem(obj, 0), false)?;
        return Some(Type::List { dtype: item.into(), reflected: true, initial: None });
    }
    if ty == std::ptr::addr_of_mut!(ffi::PySet_Type) {
        let item = first_item(py, obj).ok()??;
        let item = typeof_value(py, np, item.as_ptr(), false)?;
        return Some(Type::Set { dtype: item.into(), reflected: true });
    }
    None
}

/// `typeof_value` interned; `pyobject` when it has no type.
pub unsafe fn typeof_pyval_tc(py: Python<'_>, np: &Npy, obj: *mut ffi::PyObject) -> (u32, Type) {
    let t = typeof_value(py, np, obj, true).unwrap_or(Type::PyObject);
    let tc = if t == Type::PyObject { TC_PYOBJECT } else { registry().intern(t.clone()) };
    (tc, t)
}
