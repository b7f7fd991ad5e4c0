//! The few parts of NumPy's C API the runtime needs, reached through NumPy's `_ARRAY_API`
//! capsule (the function table every NumPy C extension uses), so one build serves NumPy 1.x
//! and 2.x under the stable ABI.

use numrs_types::NumericKind;
use pyo3::ffi;
use pyo3::prelude::*;
use std::ffi::{c_char, c_int, c_void};
use std::sync::OnceLock;

/// Indices into `PyArray_API` (stable across NumPy 1.x and 2.x).
const API_ARRAY_TYPE: usize = 2;
const API_GENERIC_TYPE: usize = 10;
const API_DESCR_FROM_TYPE: usize = 45;
const API_NEW_FROM_DESCR: usize = 94;
const API_SET_BASE_OBJECT: usize = 282;
const API_SCALAR_AS_CTYPE: usize = 62;

pub const NPY_ARRAY_C_CONTIGUOUS: c_int = 0x0001;
pub const NPY_ARRAY_F_CONTIGUOUS: c_int = 0x0002;
pub const NPY_ARRAY_WRITEABLE: c_int = 0x0400;

/// The head of `PyArrayObject` (`PyArrayObject_fields`), identical in NumPy 1.x and 2.x.
#[repr(C)]
pub struct ArrayObject {
    pub ob_refcnt: isize,
    pub ob_type: *mut ffi::PyTypeObject,
    pub data: *mut u8,
    pub nd: c_int,
    pub dimensions: *mut isize,
    pub strides: *mut isize,
    pub base: *mut ffi::PyObject,
    pub descr: *mut DescrHead,
    pub flags: c_int,
}

/// The head of `PyArray_Descr` up to `type_num`, identical in NumPy 1.x and 2.x.
#[repr(C)]
pub struct DescrHead {
    pub ob_refcnt: isize,
    pub ob_type: *mut ffi::PyTypeObject,
    pub typeobj: *mut ffi::PyTypeObject,
    pub kind: c_char,
    pub type_: c_char,
    pub byteorder: c_char,
    pub former_flags: c_char,
    pub type_num: c_int,
}

type DescrFromTypeFn = unsafe extern "C" fn(c_int) -> *mut ffi::PyObject;
type NewFromDescrFn = unsafe extern "C" fn(
    *mut ffi::PyTypeObject,
    *mut ffi::PyObject,
    c_int,
    *const isize,
    *const isize,
    *mut c_void,
    c_int,
    *mut ffi::PyObject,
) -> *mut ffi::PyObject;
type SetBaseObjectFn = unsafe extern "C" fn(*mut ffi::PyObject, *mut ffi::PyObject) -> c_int;
type ScalarAsCtypeFn = unsafe extern "C" fn(*mut ffi::PyObject, *mut c_void);

/// Number of builtin NumPy type numbers (`NPY_BOOL` .. `NPY_CLONGDOUBLE`) the tables cover.
const N_TYPE_NUMS: usize = 17;

pub struct Npy {
    pub array_type: *mut ffi::PyTypeObject,
    pub generic_type: *mut ffi::PyTypeObject,
    descr_from_type: DescrFromTypeFn,
    new_from_descr: NewFromDescrFn,
    set_base_object: SetBaseObjectFn,
    /// `PyArray_ScalarAsCtype`: for a `void` scalar (a record), the address of its bytes.
    pub scalar_as_ctype: ScalarAsCtypeFn,
    /// Numba's type of each builtin NumPy type number (None: not a Numba number type here).
    kind_of_type_num: [Option<NumericKind>; N_TYPE_NUMS],
    /// The NumPy type number to create arrays of each kind with.
    type_num_of_kind: [c_int; 13],
    /// The exact scalar type objects (`np.float64`, `np.longlong`, ...) and their kinds.
    scalar_types: Vec<(*mut ffi::PyTypeObject, NumericKind)>,
}

// The pointers are to immortal type objects and NumPy's static function table.
unsafe impl Send for Npy {}
unsafe impl Sync for Npy {}

static NPY: OnceLock<Npy> = OnceLock::new();

/// NumPy's API, loaded on first use (the runtime's `_populate` loads it).
pub fn npy(py: Python<'_>) -> PyResult<&'static Npy> {
    if let Some(n) = NPY.get() {
        return Ok(n);
    }
    let n = load(py)?;
    Ok(NPY.get_or_init(|| n))
}

/// The API once loaded (every dispatcher exists only after `_populate` loaded it).
#[inline]
pub fn npy_loaded() -> &'static Npy {
    NPY.get().expect("numpy C API loaded by _populate")
}

fn load(py: Python<'_>) -> PyResult<Npy> {
    let multiarray = py
        .import("numpy._core._multiarray_umath")
        .or_else(|_| py.import("numpy.core._multiarray_umath"))?;
    let capsule = multiarray.getattr("_ARRAY_API")?;
    let table = unsafe { ffi::PyCapsule_GetPointer(capsule.as_ptr(), std::ptr::null()) } as *const *const c_void;
    if table.is_null() {
        return Err(PyErr::fetch(py));
    }
    let get = |i: usize| unsafe { *table.add(i) };
    let mut npy = Npy {
        array_type: get(API_ARRAY_TYPE) as *mut ffi::PyTypeObject,
        generic_type: get(API_GENERIC_TYPE) as *mut ffi::PyTypeObject,
        descr_from_type: unsafe { std::mem::transmute::<*const c_void, DescrFromTypeFn>(get(API_DESCR_FROM_TYPE)) },
        new_from_descr: unsafe { std::mem::transmute::<*const c_void, NewFromDescrFn>(get(API_NEW_FROM_DESCR)) },
        set_base_object: unsafe { std::mem::transmute::<*const c_void, SetBaseObjectFn>(get(API_SET_BASE_OBJECT)) },
        scalar_as_ctype: unsafe { std::mem::transmute::<*const c_void, ScalarAsCtypeFn>(get(API_SCALAR_AS_CTYPE)) },
        kind_of_type_num: [None; N_TYPE_NUMS],
        type_num_of_kind: [-1; 13],
        scalar_types: Vec::new(),
    };
    // Map every builtin type number to Numba's type the way `numpy_support.from_dtype` does
    // (by kind and size: `np.longlong` is `int64` as `np.int64` is).
    for num in 0..N_TYPE_NUMS as c_int {
        let descr = unsafe { (npy.descr_from_type)(num) };
        if descr.is_null() {
            unsafe { ffi::PyErr_Clear() };
            continue;
        }
        let descr: Bound<'_, PyAny> = unsafe { Bound::from_owned_ptr(py, descr) };
        let kind: String = descr.getattr("kind")?.extract()?;
        let size: usize = descr.getattr("itemsize")?.extract()?;
        let k = match (kind.as_str(), size) {
            ("b", 1) => Some(NumericKind::Boolean),
            ("i", n) => NumericKind::int(8 * n as u32, true),
            ("u", n) => NumericKind::int(8 * n as u32, false),
            ("f", 4) => Some(NumericKind::Float32),
            ("f", 8) => Some(NumericKind::Float64),
            ("c", 8) => Some(NumericKind::Complex64),
            ("c", 16) => Some(NumericKind::Complex128),
            _ => None,
        };
        let Some(k) = k else { continue };
        npy.kind_of_type_num[num as usize] = Some(k);
        if npy.type_num_of_kind[k as usize] < 0 {
            npy.type_num_of_kind[k as usize] = num;
        }
        let scalar = descr.getattr("type")?;
        npy.scalar_types.push((scalar.as_ptr() as *mut ffi::PyTypeObject, k));
    }
    Ok(npy)
}

impl Npy {
    #[inline]
    pub fn kind_of_type_num(&self, num: c_int) -> Option<NumericKind> {
        self.kind_of_type_num.get(num as usize).copied().flatten()
    }

    /// The kind of an exact NumPy scalar type (`np.float32` → float32).
    #[inline]
    pub fn scalar_kind(&self, ty: *mut ffi::PyTypeObject) -> Option<NumericKind> {
        self.scalar_types.iter().find(|(t, _)| *t == ty).map(|(_, k)| *k)
    }

    #[inline]
    pub unsafe fn is_array(&self, obj: *mut ffi::PyObject) -> bool {
        let ty = ffi::Py_TYPE(obj);
        ty == self.array_type || ffi::PyType_IsSubtype(ty, self.array_type) != 0
    }

    #[inline]
    pub unsafe fn is_generic_scalar(&self, obj: *mut ffi::PyObject) -> bool {
        let ty = ffi::Py_TYPE(obj);
        ty == self.generic_type || ffi::PyType_IsSubtype(ty, self.generic_type) != 0
    }

    /// A new ndarray of `kind` over `data` (`dims`, `strides` in bytes) whose base is `base`
    /// (a reference this function steals, also on failure).
    pub unsafe fn new_array(
        &self,
        kind: NumericKind,
        dims: &[isize],
        strides: &[isize],
        data: *mut u8,
        writeable: bool,
        base: *mut ffi::PyObject,
    ) -> *mut ffi::PyObject {
        let descr = (self.descr_from_type)(self.type_num_of_kind[kind as usize]);
        self.new_array_of_descr(descr, dims, strides, data, writeable, base)
    }

    /// [`Self::new_array`] with a dtype object (a new reference, which this takes).
    pub unsafe fn new_array_of_descr(
        &self,
        descr: *mut ffi::PyObject,
        dims: &[isize],
        strides: &[isize],
        data: *mut u8,
        writeable: bool,
        base: *mut ffi::PyObject,
    ) -> *mut ffi::PyObject {
        if descr.is_null() {
            ffi::Py_DECREF(base);
            return std::ptr::null_mut();
        }
        let flags = if writeable { NPY_ARRAY_WRITEABLE } else { 0 };
        let arr = (self.new_from_descr)(
            self.array_type,
            descr,
            dims.len() as c_int,
            dims.as_ptr(),
            strides.as_ptr(),
            data as *mut c_void,
            flags,
            std::ptr::null_mut(),
        );
        if arr.is_null() {
            ffi::Py_DECREF(base);
            return arr;
        }
        if (self.set_base_object)(arr, base) != 0 {
            ffi::Py_DECREF(arr);
            return std::ptr::null_mut();
        }
        arr
    }
}

/// The array's fields. `obj` must be an ndarray.
#[inline]
pub unsafe fn fields<'a>(obj: *mut ffi::PyObject) -> &'a ArrayObject {
    &*(obj as *const ArrayObject)
}

impl ArrayObject {
    /// The array's shape and strides (empty for a 0-d array, whose pointers are null).
    pub fn dims(&self) -> (&[isize], &[isize]) {
        let nd = self.nd.max(0) as usize;
        if nd == 0 || self.dimensions.is_null() || self.strides.is_null() {
            return (&[], &[]);
        }
        unsafe { (std::slice::from_raw_parts(self.dimensions, nd), std::slice::from_raw_parts(self.strides, nd)) }
    }
}

/// Whether the descriptor's byte order is the machine's (`=`, `|`, or the explicit native one).
#[inline]
pub unsafe fn native_byteorder(d: *const DescrHead) -> bool {
    let b = (*d).byteorder as u8;
    let foreign = if cfg!(target_endian = "little") { b'>' } else { b'<' };
    b != foreign
}
