//! Unboxing Python arguments into native storage of a specialization's formal types, and
//! boxing native results, as Numba's cpython wrapper does (`numba/core/boxing.py`).

use crate::memory::meminfo_decref;
use crate::npy::{self, Npy, NPY_ARRAY_WRITEABLE};
use numrs_abi::{layout, ArrayHeader, MemInfo};
use numrs_types::{NumericKind, Type};
use pyo3::exceptions::{PyRuntimeError, PyTypeError};
use pyo3::ffi;
use pyo3::prelude::*;
use std::ffi::c_void;

/// How to move a value of one formal type across the boundary.
#[derive(Clone, Debug)]
pub enum Plan {
    Number(NumericKind),
    None,
    /// An array: of numbers of `kind`, or of `record`s (then `kind` is not used).
    Array { ndim: usize, kind: NumericKind, readonly: bool, record: Option<std::sync::Arc<crate::records::RecordDescr>> },
    /// Items and their offsets.
    /// A tuple: its items at their offsets; a named tuple's class name (the class a loaded
    /// module defines, see `exceptions::namedtuple_class`).
    Tuple(Vec<(usize, Plan)>, Option<String>),
    /// `OptionalType(T)`: the value's plan, its size, and the offset of the valid byte
    /// (0: `None`).
    Optional { data: Box<Plan>, size: usize, valid: usize },
    /// A list (its MemInfo pointer): the items' plan and size (see `lists.rs`), and for a
    /// `numba.typed.List` its type as Numba prints it (a `TypedList` on the Python side).
    List { item: Box<Plan>, itemsize: usize, typed: Option<String> },
    /// A typed dict or set handle (see `dict_boxing`): the key's and value's plans (no value:
    /// a set) and the type as Numba prints it.
    Container { key: Box<Plan>, value: Option<Box<Plan>>, name: String },
    /// A string (its MemInfo pointer, see `strings.rs`).
    Str,
    /// A record: the address of its bytes (a NumPy `void` scalar's, passed in; returned as a
    /// copy in a new `np.record`, as Numba's `box_record`).
    Record(std::sync::Arc<crate::records::RecordDescr>),
    /// An enum member (of the class named): its value's plan.
    Enum { value: Box<Plan>, class: String },
    /// A slice (Numba's model: start, stop, step as `i64`, `None` filled in), passed in; a
    /// slice constant (its start, stop and step) is returned as a `slice` made from them.
    Slice(Option<[Option<i64>; 3]>),
    /// A generator (returned only, see `generators.rs`): its items' plan and size.
    Generator { item: Box<Plan>, item_size: usize },
    /// A first-class function (passed in only): a built dispatcher's wrapper for `sig`.
    Function(numrs_types::Signature),
    /// A string literal returned (`return "ok"`, typed `Literal[str](ok)`): the value is the
    /// type's; compiled code writes nothing.
    StrLiteral(String),
    /// A NumPy scalar class returned (`return type(x)`, typed `class(float64)`): boxed as its
    /// dtype, as Numba's `box_number_class`; compiled code writes nothing.
    DTypeOf(NumericKind),
    /// A jit function returned (passed in, typed `type(CPUDispatcher(<function f>))`): the
    /// module's function of that name (found once, then kept); compiled code writes nothing.
    FunctionOf { module: String, name: String, found: std::sync::Arc<std::sync::OnceLock<Py<PyAny>>> },
    /// A `@jitclass` instance (its MemInfo pointer, see `jitclass.rs`).
    Instance(std::sync::Arc<crate::jitclass::ClassInfo>),
    /// A `deferred_type()` (by id): the instance of the class it is defined as, found when a
    /// value is moved (the class may hold such a field itself).
    Deferred(u64),
    /// A `numpy.random.Generator` (the object, borrowed from the argument; boxed as itself).
    RandomGenerator,
    /// A NumPy unicode array (`<U chars`), passed in (its items are `chars` UCS4 code units).
    /// A unicode (`<U`, 4 bytes per character) or bytes (`|S`, 1) array.
    CharArray { ndim: usize, chars: u32, readonly: bool, unit: u32 },
    /// An item of a bytes array (`[char x n]`, by value): returned as `bytes`, trailing NULs
    /// dropped.
    CharSeq(u32),
    /// `...`: no data going in; not returned.
    Ellipsis,
    /// A `numpy.datetime64` (`datetime`) or `timedelta64` of a unit: its int64 count.
    Datetime { datetime: bool, unit: numrs_types::DtUnit },
    /// An array of datetimes or timedeltas: its dtype string (`M8[D]`).
    DtArray { ndim: usize, dtype: String, readonly: bool },
    /// A `bytes` or `bytearray` (Numba's `Bytes`/`ByteArray`): a 1-d array of its bytes,
    /// borrowed from the object; `bytes` are returned as a new `bytes`.
    Buffer(numrs_types::BufferKind),
    /// A `memoryview` (Numba's `MemoryView`): an array of its buffer, borrowed from the
    /// object; it cannot be returned (`name`: its type, for the error).
    MemoryView { ndim: usize, name: String },
}

impl Plan {
    /// A NumPy array (of numbers or records, datetimes, or strings): an array struct whose
    /// first field is its MemInfo.
    pub(crate) fn is_array(&self) -> bool {
        matches!(self, Plan::Array { .. } | Plan::DtArray { .. } | Plan::CharArray { .. } | Plan::Buffer(_) | Plan::MemoryView { .. })
    }

    /// The plan for `ty`, or why it cannot cross the boundary.
    pub fn of(ty: &Type) -> Result<Plan, String> {
        Ok(match ty {
            Type::Number(k) => Plan::Number(*k),
            // A literal return type (`Literal[int](1)`) is stored as its base type.
            Type::IntegerLiteral(_) | Type::BooleanLiteral(_) => {
                Plan::Number(ty.as_number().ok_or_else(|| format!("{ty} has no native layout"))?)
            }
            // An omitted argument (Numba's `types.Omitted`) carries no data either, nor does a
            // NumPy scalar class (`np.float64` passed as a dtype: its type says everything).
            // A jit function of a module (its dispatcher's type, named by the module that
            // built it): no data; boxed as that module's function.
            Type::Dispatcher(d) if d.file.is_some() => {
                Plan::FunctionOf { module: d.file.as_deref().unwrap_or_default().to_string(), name: d.name.to_string(), found: Default::default() }
            }
            // A NumPy dtype (`a.dtype` in a returned tuple): `np.dtype(...)` going out; going in,
            // its type says everything.
            Type::DType(c) if c.as_number().is_some() => Plan::DTypeOf(c.as_number().unwrap_or(NumericKind::Float64)),
            Type::NoneType | Type::Omitted(_) | Type::NumberClass(_) | Type::DType(_) | Type::Dispatcher(_) => Plan::None,
            // `...` crosses in (no data); Numba cannot box it back.
            Type::Ellipsis => Plan::Ellipsis,
            Type::Unicode | Type::StringLiteral(_) | Type::UnicodeCharSeq(_) => Plan::Str,
            Type::CharSeq(n) => Plan::CharSeq(*n),
            Type::Slice2 | Type::Slice3 => Plan::Slice(None),
            Type::SliceLiteral(s) => Plan::Slice(Some(**s)),
            Type::EnumMember(e) => Plan::Enum { value: Box::new(Plan::of(&e.dtype)?), class: e.name.to_string() },
            Type::Record(r) => Plan::Record(std::sync::Arc::new(crate::records::RecordDescr::new(r.clone()))),
            Type::NPDatetime(u) => Plan::Datetime { datetime: true, unit: *u },
            Type::NPTimedelta(u) => Plan::Datetime { datetime: false, unit: *u },
            Type::Array(a) => match &a.dtype {
                _ if a.buffer.is_some() => match a.buffer {
                    Some(k @ (numrs_types::BufferKind::Bytes | numrs_types::BufferKind::ByteArray)) if a.ndim == 1 => Plan::Buffer(k),
                    Some(numrs_types::BufferKind::MemoryView) => Plan::MemoryView { ndim: a.ndim as usize, name: ty.to_string() },
                    _ => return Err(format!("{ty} cannot cross the boundary")),
                },
                d @ (Type::NPDatetime(_) | Type::NPTimedelta(_)) => Plan::DtArray {
                    ndim: a.ndim as usize,
                    dtype: crate::datetime::dtype_string(d).unwrap_or_default(),
                    readonly: a.readonly,
                },
                Type::Number(k) => Plan::Array { ndim: a.ndim as usize, kind: *k, readonly: a.readonly, record: None },
                Type::Record(r) => Plan::Array {
                    ndim: a.ndim as usize,
                    kind: NumericKind::UInt8,
                    readonly: a.readonly,
                    record: Some(std::sync::Arc::new(crate::records::RecordDescr::new(r.clone()))),
                },
                Type::UnicodeCharSeq(n) => Plan::CharArray { ndim: a.ndim as usize, chars: *n, readonly: a.readonly, unit: 4 },
                Type::CharSeq(n) => Plan::CharArray { ndim: a.ndim as usize, chars: *n, readonly: a.readonly, unit: 1 },
                other => return Err(format!("arrays of {other} cannot cross the boundary")),
            },
            Type::UniTuple(..) | Type::Tuple(_) | Type::NamedTuple(_) => {
                let items = ty.tuple_items().ok_or_else(|| format!("{ty}: no items"))?;
                let l = layout(ty).ok_or_else(|| format!("{ty} has no native layout"))?;
                let mut out = Vec::with_capacity(items.len());
                for (item, off) in items.iter().zip(l.fields.iter()) {
                    out.push((*off, Plan::of(item)?));
                }
                let class = match ty {
                    Type::NamedTuple(nt) => Some(nt.name.to_string()),
                    _ => None,
                };
                Plan::Tuple(out, class)
            }
            Type::Optional(inner) => {
                let l = layout(ty).ok_or_else(|| format!("{ty} has no native layout"))?;
                let size = layout(inner).ok_or_else(|| format!("{inner} has no native layout"))?.size;
                let valid = *l.fields.get(1).ok_or_else(|| format!("{ty}: no valid flag"))?;
                Plan::Optional { data: Box::new(Plan::of(inner)?), size, valid }
            }
            Type::List { dtype, .. } | Type::ListType(dtype) => {
                let itemsize = layout(dtype).ok_or_else(|| format!("{dtype} has no native layout"))?.size;
                let typed = matches!(ty, Type::ListType(_)).then(|| ty.to_string());
                Plan::List { item: Box::new(Plan::of(dtype)?), itemsize, typed }
            }
            Type::DictType(kv) => Plan::Container {
                key: Box::new(Plan::of(&kv.0)?),
                value: Some(Box::new(Plan::of(&kv.1)?)),
                name: ty.to_string(),
            },
            Type::FunctionType(sig) => Plan::Function((**sig).clone()),
            Type::Generator(g) => {
                let item_size = layout(&g.yield_type).ok_or_else(|| format!("{} has no native layout", g.yield_type))?.size;
                Plan::Generator { item: Box::new(Plan::of(&g.yield_type)?), item_size }
            }
            Type::Set { dtype, .. } => Plan::Container { key: Box::new(Plan::of(dtype)?), value: None, name: ty.to_string() },
            Type::JitClassInstance(_) => Plan::Instance(std::sync::Arc::new(crate::jitclass::ClassInfo::of(ty)?)),
            Type::Deferred(d) => Plan::Deferred(d.id),
            Type::NumPyRandomGenerator => Plan::RandomGenerator,
            other => return Err(format!("values of type {other} cannot cross the boundary")),
        })
    }
}

fn kind_size(k: NumericKind) -> usize {
    match k {
        NumericKind::Boolean | NumericKind::Int8 | NumericKind::UInt8 => 1,
        NumericKind::Int16 | NumericKind::UInt16 => 2,
        NumericKind::Int32 | NumericKind::UInt32 | NumericKind::Float32 => 4,
        NumericKind::Int64 | NumericKind::UInt64 | NumericKind::Float64 | NumericKind::Complex64 => 8,
        NumericKind::Complex128 => 16,
    }
}

#[inline]
fn fetch(py: Python<'_>) -> PyErr {
    PyErr::fetch(py)
}

/// Python int of any number (`PyNumber_Long`), then C's `long long` / `unsigned long long`.
#[inline]
unsafe fn as_integer(py: Python<'_>, obj: *mut ffi::PyObject, signed: bool) -> PyResult<u64> {
    let exact = ffi::Py_TYPE(obj) == std::ptr::addr_of_mut!(ffi::PyLong_Type);
    let long = if exact { obj } else { ffi::PyNumber_Long(obj) };
    if long.is_null() {
        return Err(fetch(py));
    }
    let v = if signed { ffi::PyLong_AsLongLong(long) as u64 } else { ffi::PyLong_AsUnsignedLongLong(long) };
    if !exact {
        ffi::Py_DECREF(long);
    }
    if v == u64::MAX && !ffi::PyErr_Occurred().is_null() {
        return Err(fetch(py));
    }
    Ok(v)
}

#[inline]
unsafe fn as_double(py: Python<'_>, obj: *mut ffi::PyObject) -> PyResult<f64> {
    if ffi::Py_TYPE(obj) == std::ptr::addr_of_mut!(ffi::PyFloat_Type) {
        return Ok(ffi::PyFloat_AsDouble(obj));
    }
    let f = ffi::PyNumber_Float(obj);
    if f.is_null() {
        // An int beyond a double's range: Numba's unboxing fails with this TypeError.
        if ffi::PyLong_Check(obj) != 0 && ffi::PyErr_ExceptionMatches(ffi::PyExc_OverflowError) != 0 {
            ffi::PyErr_Clear();
            return Err(PyTypeError::new_err("bad argument type for built-in operation"));
        }
        return Err(fetch(py));
    }
    let v = ffi::PyFloat_AsDouble(f);
    ffi::Py_DECREF(f);
    if v == -1.0 && !ffi::PyErr_Occurred().is_null() {
        return Err(fetch(py));
    }
    Ok(v)
}

unsafe fn as_complex(py: Python<'_>, np: &Npy, obj: *mut ffi::PyObject, kind: NumericKind) -> PyResult<(f64, f64)> {
    let failed = || PyTypeError::new_err(format!("conversion to {} failed", kind.name()));
    if ffi::PyComplex_Check(obj) != 0 {
        return Ok((ffi::PyComplex_RealAsDouble(obj), ffi::PyComplex_ImagAsDouble(obj)));
    }
    if np.scalar_kind(ffi::Py_TYPE(obj)).is_some_and(|k| k.is_complex()) {
        let c = ffi::PyObject_CallFunctionObjArgs(std::ptr::addr_of_mut!(ffi::PyComplex_Type) as *mut ffi::PyObject, obj, std::ptr::null_mut::<ffi::PyObject>());
        if c.is_null() {
            ffi::PyErr_Clear();
            return Err(failed());
        }
        let v = (ffi::PyComplex_RealAsDouble(c), ffi::PyComplex_ImagAsDouble(c));
        ffi::Py_DECREF(c);
        return Ok(v);
    }
    match as_double(py, obj) {
        Ok(re) => Ok((re, 0.0)),
        Err(_) => Err(failed()),
    }
}

/// Writes `obj` converted to the plan's type at `dst`.
pub unsafe fn unbox(py: Python<'_>, np: &Npy, plan: &Plan, obj: *mut ffi::PyObject, dst: *mut u8) -> PyResult<()> {
    match plan {
        Plan::StrLiteral(_) => return Err(PyTypeError::new_err("a string literal type is not passed in")),
        // Numba types a `bytes` argument as `bytes`, never as an array item.
        // Numba cannot unbox one either.
        Plan::CharSeq(_) => return Err(PyTypeError::new_err("bad argument type for built-in operation")),
        Plan::DTypeOf(_) => {}
        Plan::Number(k) => {
            use NumericKind::*;
            match k {
                Boolean => {
                    let t = ffi::PyObject_IsTrue(obj);
                    if t < 0 {
                        return Err(fetch(py));
                    }
                    dst.write(t as u8);
                }
                Int8 | UInt8 => dst.write(as_integer(py, obj, k.is_signed_int())? as u8),
                Int16 | UInt16 => (dst as *mut u16).write_unaligned(as_integer(py, obj, k.is_signed_int())? as u16),
                Int32 | UInt32 => (dst as *mut u32).write_unaligned(as_integer(py, obj, k.is_signed_int())? as u32),
                Int64 | UInt64 => (dst as *mut u64).write_unaligned(as_integer(py, obj, k.is_signed_int())?),
                Float32 => (dst as *mut f32).write_unaligned(as_double(py, obj)? as f32),
                Float64 => (dst as *mut f64).write_unaligned(as_double(py, obj)?),
                Complex64 => {
                    let (re, im) = as_complex(py, np, obj, *k)?;
                    (dst as *mut [f32; 2]).write_unaligned([re as f32, im as f32]);
                }
                Complex128 => {
                    let (re, im) = as_complex(py, np, obj, *k)?;
                    (dst as *mut [f64; 2]).write_unaligned([re, im]);
                }
            }
        }
        Plan::None | Plan::Ellipsis | Plan::FunctionOf { .. } => {}
        Plan::Str => return crate::strings::unbox(obj, dst),
        Plan::Record(r) => return crate::records::unbox_record(py, np, &r.ty, obj, dst),
        Plan::Enum { value, class } => {
            let v = crate::enums::member_value(py, class, obj)?;
            return unbox(py, np, value, v.as_ptr(), dst);
        }
        Plan::RandomGenerator => {
            if !crate::typing::is_generator(py, obj) {
                return Err(PyTypeError::new_err("can't unbox a numpy.random.Generator from an object that is not one"));
            }
            (dst as *mut *mut ffi::PyObject).write_unaligned(obj);
        }
        Plan::Slice(_) => {
            if ffi::PySlice_Check(obj) == 0 {
                return Err(PyTypeError::new_err("can't unbox a slice from an object that is not one"));
            }
            let (mut start, mut stop, mut step): (ffi::Py_ssize_t, ffi::Py_ssize_t, ffi::Py_ssize_t) = (0, 0, 0);
            if ffi::PySlice_Unpack(obj, &mut start, &mut stop, &mut step) != 0 {
                return Err(fetch(py));
            }
            let d = dst as *mut i64;
            d.write_unaligned(start as i64);
            d.add(1).write_unaligned(stop as i64);
            d.add(2).write_unaligned(step as i64);
        }
        Plan::Container { value: Some(_), name, .. } => return crate::dict_boxing::unbox_typed_dict(py, name, obj, dst),
        Plan::Container { key, value: None, name } => return crate::dict_boxing::unbox_set(py, np, key, name, obj, dst),
        Plan::Generator { .. } => return Err(PyTypeError::new_err("passing a generator to a function built by numrs is not supported")),
        Plan::Function(sig) => return crate::dispatcher::unbox_function(obj, sig, dst),
        Plan::Instance(info) => return crate::jitclass::unbox_instance(py, info, obj, dst),
        Plan::Deferred(id) => return crate::jitclass::unbox_instance(py, &*crate::jitclass::deferred(*id)?, obj, dst),
        Plan::Array { ndim, kind, readonly, record } => {
            let bad = || PyTypeError::new_err(
                "can't unbox array from PyObject into native value.  The object maybe of a different type",
            );
            if !np.is_array(obj) {
                return Err(bad());
            }
            let a = npy::fields(obj);
            let dtype_ok = match record {
                None => np.kind_of_type_num((*a.descr).type_num) == Some(*kind),
                Some(r) => crate::records::descr_is(py, np, a.descr as *mut ffi::PyObject, &r.ty),
            };
            if a.nd as usize != *ndim || !dtype_ok || (!readonly && a.flags & NPY_ARRAY_WRITEABLE == 0) {
                return Err(bad());
            }
            let itemsize = match record {
                None => kind_size(*kind) as i64,
                Some(r) => i64::from(r.ty.size),
            };
            write_borrowed_array(&a, obj, *ndim, itemsize, dst);
        }
        Plan::Datetime { datetime, unit } => return crate::datetime::unbox_scalar(py, *datetime, *unit, obj, dst),
        Plan::DtArray { ndim, dtype, readonly } => {
            let bad = || PyTypeError::new_err(
                "can't unbox array from PyObject into native value.  The object maybe of a different type",
            );
            if !np.is_array(obj) {
                return Err(bad());
            }
            let a = npy::fields(obj);
            let descr = Bound::<PyAny>::from_borrowed_ptr(py, a.descr as *mut ffi::PyObject);
            let want = py.import("numpy")?.getattr("dtype")?.call1((dtype.as_str(),))?;
            if a.nd as usize != *ndim || !descr.eq(&want).unwrap_or(false) || (!readonly && a.flags & NPY_ARRAY_WRITEABLE == 0) {
                return Err(bad());
            }
            write_borrowed_array(&a, obj, *ndim, 8, dst);
        }
        Plan::Buffer(kind) => {
            let (data, len) = match kind {
                numrs_types::BufferKind::Bytes if ffi::PyBytes_Check(obj) != 0 => (ffi::PyBytes_AsString(obj), ffi::PyBytes_Size(obj)),
                numrs_types::BufferKind::ByteArray if ffi::PyByteArray_Check(obj) != 0 => (ffi::PyByteArray_AsString(obj), ffi::PyByteArray_Size(obj)),
                _ => return Err(PyTypeError::new_err(format!("can't unbox {} from PyObject into native value", kind.name()))),
            };
            (dst as *mut ArrayHeader).write(ArrayHeader { meminfo: std::ptr::null_mut(), parent: obj as *mut c_void, nitems: len as i64, itemsize: 1, data: data as *mut u8 });
            let dims = dst.add(std::mem::size_of::<ArrayHeader>()) as *mut i64;
            dims.write(len as i64);
            dims.add(1).write(1);
        }
        Plan::MemoryView { ndim, .. } => {
            let bad = || PyTypeError::new_err("can't unbox memoryview from PyObject into native value");
            if ffi::PyMemoryView_Check(obj) == 0 {
                return Err(bad());
            }
            let Some(view) = crate::typing::BufferView::get(obj) else { return Err(bad()) };
            let b = &view.0;
            if b.ndim as usize != *ndim || b.shape.is_null() {
                return Err(bad());
            }
            let nitems: i64 = (0..*ndim).map(|d| b.shape.add(d).read() as i64).product();
            (dst as *mut ArrayHeader).write(ArrayHeader { meminfo: std::ptr::null_mut(), parent: obj as *mut c_void, nitems, itemsize: b.itemsize as i64, data: b.buf as *mut u8 });
            let dims = dst.add(std::mem::size_of::<ArrayHeader>()) as *mut i64;
            // C-contiguous strides when the exporter gives none.
            let mut stride = b.itemsize as i64;
            let mut strides = vec![0i64; *ndim];
            for d in (0..*ndim).rev() {
                strides[d] = if b.strides.is_null() { stride } else { b.strides.add(d).read() as i64 };
                stride *= b.shape.add(d).read() as i64;
            }
            for d in 0..*ndim {
                dims.add(d).write(b.shape.add(d).read() as i64);
                dims.add(*ndim + d).write(strides[d]);
            }
        }
        Plan::CharArray { ndim, chars, readonly, unit } => {
            let bad = || PyTypeError::new_err(
                "can't unbox array from PyObject into native value.  The object maybe of a different type",
            );
            if !np.is_array(obj) {
                return Err(bad());
            }
            let a = npy::fields(obj);
            let num = if *unit == 4 { crate::typing::NPY_UNICODE } else { crate::typing::NPY_STRING };
            if a.nd as usize != *ndim || (*a.descr).type_num != num || (!readonly && a.flags & NPY_ARRAY_WRITEABLE == 0) {
                return Err(bad());
            }
            let descr = Bound::<PyAny>::from_borrowed_ptr(py, a.descr as *mut ffi::PyObject);
            let itemsize: i64 = descr.getattr("itemsize").and_then(|k| k.extract()).unwrap_or(0);
            if itemsize != i64::from(*unit) * i64::from(*chars) {
                return Err(bad());
            }
            write_borrowed_array(&a, obj, *ndim, itemsize, dst);
        }
        Plan::Optional { data, size, valid } => {
            if obj == ffi::Py_None() {
                std::ptr::write_bytes(dst, 0, *size);
                dst.add(*valid).write(0);
            } else {
                unbox(py, np, data, obj, dst)?;
                dst.add(*valid).write(1);
            }
        }
        Plan::List { typed: Some(name), .. } => return crate::lists::unbox_typed_list(py, name, obj, dst),
        Plan::List { item, itemsize, typed: None } => return crate::lists::unbox_list(py, np, item, *itemsize, obj, dst),
        Plan::Tuple(items, _) => {
            if ffi::PyTuple_Check(obj) == 0 || ffi::PyTuple_Size(obj) != items.len() as isize {
                return Err(PyTypeError::new_err(format!("expected a tuple of {} items", items.len())));
            }
            for (i, (off, p)) in items.iter().enumerate() {
                unbox(py, np, p, ffi::PyTuple_GetItem(obj, i as isize), dst.add(*off))?;
            }
        }
    }
    Ok(())
}

/// The native array (header, shape, strides) of NumPy array `obj` (`a` its fields), borrowed:
/// no MemInfo, `obj` its parent.
///
/// # Safety
/// `dst` has room for an array of `ndim` dimensions.
unsafe fn write_borrowed_array(a: &npy::ArrayObject, obj: *mut ffi::PyObject, ndim: usize, itemsize: i64, dst: *mut u8) {
    let (shape, strides) = a.dims();
    (dst as *mut ArrayHeader).write(ArrayHeader {
        meminfo: std::ptr::null_mut(),
        parent: obj as *mut c_void,
        nitems: shape.iter().product::<isize>() as i64,
        itemsize,
        data: a.data,
    });
    let dims = dst.add(std::mem::size_of::<ArrayHeader>()) as *mut i64;
    for i in 0..ndim {
        dims.add(i).write(shape[i] as i64);
        dims.add(ndim + i).write(strides[i] as i64);
    }
}

/// A Python object holding one reference to a MemInfo: the base of arrays allocated by
/// compiled code, which frees the memory when NumPy drops the array.
#[pyclass(frozen, module = "numrs_runtime", name = "_MemInfo")]
pub struct MemInfoOwner {
    mi: usize,
}

impl Drop for MemInfoOwner {
    fn drop(&mut self) {
        unsafe { meminfo_decref(self.mi as *mut MemInfo) }
    }
}

#[pymethods]
impl MemInfoOwner {
    #[getter]
    fn refcount(&self) -> i64 {
        unsafe { (*(self.mi as *mut MemInfo)).refcount }
    }
    #[getter]
    fn size(&self) -> usize {
        unsafe { (*(self.mi as *mut MemInfo)).size }
    }
}

/// Drops the references a native value of the plan's type owns (on error paths).
pub unsafe fn release(plan: &Plan, src: *const u8) {
    match plan {
        p if p.is_array() => {
            let mi = (*(src as *const ArrayHeader)).meminfo;
            if !mi.is_null() {
                meminfo_decref(mi);
            }
        }
        Plan::Tuple(items, _) => {
            for (off, p) in items {
                release(p, src.add(*off));
            }
        }
        Plan::Optional { data, valid, .. } => {
            if src.add(*valid).read() != 0 {
                release(data, src);
            }
        }
        Plan::Container { .. } => {
            let c = (src as *const *mut crate::dicts::Container).read_unaligned();
            if !c.is_null() {
                crate::dicts::container_decref(c);
            }
        }
        Plan::List { item, itemsize, .. } => crate::lists::release_at(item, *itemsize, src),
        Plan::Str => crate::strings::release(src),
        Plan::Enum { value, .. } => release(value, src),
        Plan::Generator { .. } => crate::memory::numrs_free((src as *const *mut u8).read_unaligned()),
        Plan::Instance(info) => crate::jitclass::release_instance(info, (src as *const *mut MemInfo).read_unaligned()),
        Plan::Deferred(id) => {
            // Defined when the module was loaded; otherwise the instance cannot be released.
            if let Ok(info) = crate::jitclass::deferred(*id) {
                crate::jitclass::release_instance(&info, (src as *const *mut MemInfo).read_unaligned())
            }
        }
        _ => {}
    }
}

/// A new reference to the Python value of the native value at `src`. Owned references in it
/// (MemInfos) are consumed, also on error.
pub unsafe fn box_value(py: Python<'_>, np: &Npy, plan: &Plan, src: *const u8) -> PyResult<*mut ffi::PyObject> {
    let r = match plan {
        Plan::StrLiteral(s) => return Ok(pyo3::types::PyString::new(py, s).into_ptr()),
        Plan::DTypeOf(k) => {
            let dtype = py.import("numpy")?.getattr("dtype")?.call1((k.name(),))?;
            return Ok(dtype.into_ptr());
        }
        Plan::FunctionOf { module, name, found } => {
            if let Some(f) = found.get() {
                return Ok(f.clone_ref(py).into_ptr());
            }
            // The module as imported (`pkg.kernels` when in a package).
            let modules = py.import("sys")?.getattr("modules")?.downcast_into::<pyo3::types::PyDict>()?;
            let suffix = format!(".{module}");
            for (key, m) in modules.iter() {
                let key: String = key.extract().unwrap_or_default();
                if key == *module || key.ends_with(&suffix) {
                    if let Ok(f) = m.getattr(name.as_str()) {
                        return Ok(found.get_or_init(|| f.unbind()).clone_ref(py).into_ptr());
                    }
                }
            }
            return Err(PyRuntimeError::new_err(format!("the jit function '{name}' of module '{module}' is not loaded")));
        }
        Plan::Number(k) => {
            use NumericKind::*;
            match k {
                Boolean => ffi::PyBool_FromLong((src.read() != 0) as _),
                Int8 => ffi::PyLong_FromLongLong((src as *const i8).read() as i64),
                Int16 => ffi::PyLong_FromLongLong((src as *const i16).read_unaligned() as i64),
                Int32 => ffi::PyLong_FromLongLong((src as *const i32).read_unaligned() as i64),
                Int64 => ffi::PyLong_FromLongLong((src as *const i64).read_unaligned()),
                UInt8 => ffi::PyLong_FromUnsignedLongLong(src.read() as u64),
                UInt16 => ffi::PyLong_FromUnsignedLongLong((src as *const u16).read_unaligned() as u64),
                UInt32 => ffi::PyLong_FromUnsignedLongLong((src as *const u32).read_unaligned() as u64),
                UInt64 => ffi::PyLong_FromUnsignedLongLong((src as *const u64).read_unaligned()),
                Float32 => ffi::PyFloat_FromDouble((src as *const f32).read_unaligned() as f64),
                Float64 => ffi::PyFloat_FromDouble((src as *const f64).read_unaligned()),
                Complex64 => {
                    let [re, im] = (src as *const [f32; 2]).read_unaligned();
                    ffi::PyComplex_FromDoubles(re as f64, im as f64)
                }
                Complex128 => {
                    let [re, im] = (src as *const [f64; 2]).read_unaligned();
                    ffi::PyComplex_FromDoubles(re, im)
                }
            }
        }
        // Numba has no boxing of `ellipsis`.
        Plan::Ellipsis => return Err(PyTypeError::new_err("cannot convert native ellipsis to Python object")),
        Plan::None => {
            let none = ffi::Py_None();
            ffi::Py_INCREF(none);
            none
        }
        Plan::Array { ndim, kind, readonly, record } => {
            let elem = match record {
                None => Elem::Number(*kind),
                Some(r) => match r.descr(py) {
                    Ok(d) => Elem::Record(d, &r.ty),
                    Err(e) => {
                        release(plan, src);
                        return Err(e);
                    }
                },
            };
            return box_array(py, np, *ndim, elem, *readonly, src);
        }
        Plan::Function(_) => return Err(PyRuntimeError::new_err("returning a first-class function is not supported")),
        Plan::Datetime { datetime, unit } => return crate::datetime::box_scalar(py, *datetime, *unit, src),
        Plan::DtArray { ndim, dtype, readonly } => {
            let descr = match py.import("numpy").and_then(|m| m.getattr("dtype")).and_then(|d| d.call1((dtype.as_str(),))) {
                Ok(d) => d,
                Err(e) => {
                    release(plan, src);
                    return Err(e);
                }
            };
            return box_array(py, np, *ndim, Elem::Descr(descr.as_ptr()), *readonly, src);
        }
        Plan::Buffer(kind) => {
            let h = &*(src as *const ArrayHeader);
            let dims = src.add(std::mem::size_of::<ArrayHeader>()) as *const i64;
            let (n, stride) = (dims.read().max(0), dims.add(1).read());
            let out = if *kind == numrs_types::BufferKind::Bytes {
                // The bytes it spans, in order (a view with a step gathers them).
                let bytes: Vec<u8> = (0..n).map(|i| (h.data as *const u8).offset((i * stride) as isize).read()).collect();
                let o = ffi::PyBytes_FromStringAndSize(bytes.as_ptr() as *const std::ffi::c_char, n as ffi::Py_ssize_t);
                if o.is_null() { Err(PyErr::fetch(py)) } else { Ok(o) }
            } else {
                Err(PyTypeError::new_err(format!("cannot convert native {}(uint8, 1d, C) to Python object", kind.name())))
            };
            release(plan, src);
            return out;
        }
        Plan::MemoryView { name, .. } => {
            let e = PyTypeError::new_err(format!("cannot convert native {name} to Python object"));
            release(plan, src);
            return Err(e);
        }
        Plan::CharArray { ndim, chars, readonly, unit } => {
            let code = if *unit == 4 { format!("<U{chars}") } else { format!("|S{chars}") };
            let descr = match py.import("numpy").and_then(|m| m.getattr("dtype")).and_then(|d| d.call1((code,))) {
                Ok(d) => d,
                Err(e) => {
                    release(plan, src);
                    return Err(e);
                }
            };
            return box_array(py, np, *ndim, Elem::Descr(descr.as_ptr()), *readonly, src);
        }
        // Boxed by the dispatcher, which keeps the arguments alive (`generators::box_generator`).
        Plan::Generator { .. } => {
            release(plan, src);
            return Err(PyRuntimeError::new_err("internal error: a generator boxed without its arguments"));
        }
        Plan::Str => crate::strings::box_str(src),
        Plan::CharSeq(n) => {
            let bytes = std::slice::from_raw_parts(src, *n as usize);
            let len = bytes.iter().rposition(|b| *b != 0).map_or(0, |i| i + 1);
            let o = ffi::PyBytes_FromStringAndSize(bytes.as_ptr() as *const std::ffi::c_char, len as ffi::Py_ssize_t);
            return if o.is_null() { Err(PyErr::fetch(py)) } else { Ok(o) };
        }
        Plan::RandomGenerator => {
            let obj = (src as *const *mut ffi::PyObject).read_unaligned();
            ffi::Py_IncRef(obj);
            return Ok(obj);
        }
        Plan::Record(r) => return crate::records::box_record(py, r, src),
        Plan::Slice(Some(parts)) => {
            let obj = |p: Option<i64>| match p {
                Some(v) => v.into_pyobject(py).map(|o| o.into_any().unbind()),
                None => Ok(py.None()),
            };
            let made = py.get_type::<pyo3::types::PySlice>().call1((obj(parts[0])?, obj(parts[1])?, obj(parts[2])?));
            return Ok(made?.into_ptr());
        }
        Plan::Slice(None) => return Err(PyTypeError::new_err("a slice cannot be returned to Python (Numba boxes only slice constants)")),
        Plan::Enum { value, class } => {
            let v = box_value(py, np, value, src)?;
            let v = Bound::from_owned_ptr(py, v);
            return Ok(crate::enums::member_of(py, class, v)?.into_ptr());
        }
        Plan::Instance(info) => return crate::jitclass::box_instance(py, info, src),
        Plan::Deferred(id) => match crate::jitclass::deferred(*id) {
            Ok(info) => return crate::jitclass::box_instance(py, &info, src),
            Err(e) => return Err(e),
        },
        Plan::List { item, itemsize, typed: None } => return crate::lists::box_list(py, np, item, *itemsize, src, false),
        Plan::List { item, itemsize, typed: Some(name) } => return crate::lists::box_typed_list(py, np, item, *itemsize, name, src),
        Plan::Container { key, value, name } => {
            return crate::dict_boxing::box_container(py, np, key, value.as_deref(), name, src)
        }
        Plan::Optional { data, valid, .. } => {
            if src.add(*valid).read() == 0 {
                let none = ffi::Py_None();
                ffi::Py_INCREF(none);
                none
            } else {
                return box_value(py, np, data, src);
            }
        }
        Plan::Tuple(items, class) => {
            let t = ffi::PyTuple_New(items.len() as isize);
            if t.is_null() {
                release(plan, src);
                return Err(fetch(py));
            }
            for (i, (off, p)) in items.iter().enumerate() {
                match box_value(py, np, p, src.add(*off)) {
                    Ok(v) => {
                        ffi::PyTuple_SetItem(t, i as isize, v);
                    }
                    Err(e) => {
                        for (off, p) in &items[i + 1..] {
                            release(p, src.add(*off));
                        }
                        ffi::Py_DECREF(t);
                        return Err(e);
                    }
                }
            }
            match class {
                None => t,
                Some(name) => {
                    let made = crate::exceptions::namedtuple_class(py, name).map(|cls| ffi::PyObject_Call(cls.as_ptr(), t, std::ptr::null_mut()));
                    ffi::Py_DECREF(t);
                    match made {
                        Some(r) => r,
                        None => return Err(PyRuntimeError::new_err(format!("compiled code returned a {name} named tuple, a class no loaded module defines"))),
                    }
                }
            }
        }
    };
    if r.is_null() {
        Err(fetch(py))
    } else {
        Ok(r)
    }
}

/// Lets the Python object `arg` (a reference the MemInfo held) go, from any thread.
unsafe extern "C" fn release_pyobject(arg: *mut c_void) {
    if ffi::Py_IsInitialized() == 0 {
        return;
    }
    let g = ffi::PyGILState_Ensure();
    ffi::Py_DECREF(arg as *mut ffi::PyObject);
    ffi::PyGILState_Release(g);
}

/// `RuntimeApi::array_adopt`: a MemInfo owning a reference to the Python array `parent`.
/// Only the thread that called into compiled code holds the GIL; on the threads of a
/// `prange` loop (whose caller holds it, waiting for them) it gives null, and the array stays
/// borrowed.
pub unsafe extern "C" fn api_array_adopt(parent: *mut c_void, data: *mut u8) -> *mut MemInfo {
    if parent.is_null() || ffi::Py_IsInitialized() == 0 || crate::parallel::on_worker_thread() {
        return std::ptr::null_mut();
    }
    ffi::Py_INCREF(parent as *mut ffi::PyObject);
    let mi = crate::memory::meminfo_external(data, release_pyobject, parent);
    if mi.is_null() {
        ffi::Py_DECREF(parent as *mut ffi::PyObject);
    }
    mi
}

/// Makes the arrays of the native value `dst` (just unboxed with `plan`, their memory borrowed
/// from Python arrays) own a reference to their Python array through a MemInfo of their own,
/// as Numba's `NRT_adapt_ndarray_from_python` does: so the value can be stored in a typed
/// container that outlives the call.
///
/// # Safety
/// `dst` holds a native value of `plan` just written by [`unbox`], with the GIL held.
pub unsafe fn adopt_arrays(plan: &Plan, dst: *mut u8) -> PyResult<()> {
    match plan {
        // Borrowed from its box by `unbox`: the container takes a reference.
        Plan::Instance(_) | Plan::Deferred(_) => crate::jitclass::retain_instance((dst as *const *mut MemInfo).read_unaligned()),
        p if p.is_array() => {
            let h = dst as *mut ArrayHeader;
            if (*h).meminfo.is_null() && !(*h).parent.is_null() {
                let obj = (*h).parent as *mut ffi::PyObject;
                ffi::Py_INCREF(obj);
                let mi = crate::memory::meminfo_external((*h).data, release_pyobject, obj as *mut c_void);
                if mi.is_null() {
                    ffi::Py_DECREF(obj);
                    return Err(PyRuntimeError::new_err("cannot allocate a MemInfo"));
                }
                (*h).meminfo = mi;
            }
        }
        Plan::Tuple(items, _) => {
            for (off, p) in items {
                adopt_arrays(p, dst.add(*off))?;
            }
        }
        Plan::Optional { data, valid, .. } => {
            if dst.add(*valid).read() != 0 {
                adopt_arrays(data, dst)?;
            }
        }
        _ => {}
    }
    Ok(())
}

/// The items of an array being boxed: numbers, or records of a dtype (borrowed).
#[derive(Clone, Copy)]
enum Elem<'a> {
    Number(NumericKind),
    Record(*mut ffi::PyObject, &'a numrs_types::RecordType),
    /// Items of a dtype given by its descriptor (datetimes, timedeltas).
    Descr(*mut ffi::PyObject),
}

impl Elem<'_> {
    /// Whether an array's dtype is this one.
    unsafe fn is_dtype_of(self, py: Python<'_>, np: &Npy, descr: *mut crate::npy::DescrHead) -> bool {
        match self {
            Elem::Number(kind) => np.kind_of_type_num((*descr).type_num) == Some(kind),
            Elem::Record(_, r) => crate::records::descr_is(py, np, descr as *mut ffi::PyObject, r),
            Elem::Descr(d) => {
                let mine = Bound::<PyAny>::from_borrowed_ptr(py, d);
                mine.eq(Bound::<PyAny>::from_borrowed_ptr(py, descr as *mut ffi::PyObject)).unwrap_or(false)
            }
        }
    }

    /// A new array of these items (see [`Npy::new_array`]).
    unsafe fn new_array(self, np: &Npy, dims: &[isize], strides: &[isize], data: *mut u8, writeable: bool, base: *mut ffi::PyObject) -> *mut ffi::PyObject {
        match self {
            Elem::Number(kind) => np.new_array(kind, dims, strides, data, writeable, base),
            Elem::Record(descr, _) | Elem::Descr(descr) => {
                ffi::Py_INCREF(descr);
                np.new_array_of_descr(descr, dims, strides, data, writeable, base)
            }
        }
    }
}

unsafe fn box_array(
    py: Python<'_>,
    np: &Npy,
    ndim: usize,
    kind: Elem<'_>,
    readonly: bool,
    src: *const u8,
) -> PyResult<*mut ffi::PyObject> {
    let h = &*(src as *const ArrayHeader);
    let dims = src.add(std::mem::size_of::<ArrayHeader>()) as *const isize;
    let shape = std::slice::from_raw_parts(dims, ndim);
    let strides = std::slice::from_raw_parts(dims.add(ndim), ndim);
    let parent = h.parent as *mut ffi::PyObject;
    if !h.meminfo.is_null() && !parent.is_null() && np.is_array(parent) {
        // A Python array held by a typed container (`adopt_arrays`): the array itself, as
        // Numba's `try_to_return_parent`, when the value still describes all of it.
        let p = npy::fields(parent);
        let (ps, pt) = p.dims();
        if p.data == h.data
            && ps == shape
            && pt == strides
            && kind.is_dtype_of(py, np, p.descr)
            && (p.flags & NPY_ARRAY_WRITEABLE != 0) != readonly
        {
            ffi::Py_INCREF(parent);
            meminfo_decref(h.meminfo);
            return Ok(parent);
        }
    }
    if !h.meminfo.is_null() {
        // Memory allocated by compiled code: the array owns the returned reference.
        let owner = match Py::new(py, MemInfoOwner { mi: h.meminfo as usize }) {
            Ok(o) => o,
            Err(e) => {
                meminfo_decref(h.meminfo);
                return Err(e);
            }
        };
        let arr = kind.new_array(np, shape, strides, h.data, !readonly, owner.into_ptr());
        return if arr.is_null() { Err(fetch(py)) } else { Ok(arr) };
    }
    if parent.is_null() {
        // A constant of the module (a global array Numba froze into the code) or a view of
        // one: the caller gets a C-contiguous copy that owns its memory.
        let itemsize = h.itemsize.max(0) as usize;
        let n: usize = shape.iter().map(|d| (*d).max(0) as usize).product();
        let mi = crate::memory::meminfo_alloc(n * itemsize, 16);
        if mi.is_null() {
            return Err(PyRuntimeError::new_err("cannot allocate an array"));
        }
        let dst = (*mi).data;
        let mut index = vec![0isize; ndim];
        for k in 0..n {
            let off: isize = index.iter().zip(strides).map(|(i, s)| i * s).sum();
            std::ptr::copy_nonoverlapping(h.data.offset(off), dst.add(k * itemsize), itemsize);
            for d in (0..ndim).rev() {
                index[d] += 1;
                if index[d] < shape[d] {
                    break;
                }
                index[d] = 0;
            }
        }
        let mut c_strides = vec![itemsize as isize; ndim];
        for d in (0..ndim.saturating_sub(1)).rev() {
            c_strides[d] = c_strides[d + 1] * shape[d + 1].max(1);
        }
        let owner = match Py::new(py, MemInfoOwner { mi: mi as usize }) {
            Ok(o) => o,
            Err(e) => {
                meminfo_decref(mi);
                return Err(e);
            }
        };
        let arr = kind.new_array(np, shape, &c_strides, dst, !readonly, owner.into_ptr());
        return if arr.is_null() { Err(fetch(py)) } else { Ok(arr) };
    }
    // The argument itself, unchanged: return it (as Numba does).
    if np.is_array(parent) {
        let p = npy::fields(parent);
        if p.data == h.data
            && p.nd as usize == ndim
            && kind.is_dtype_of(py, np, p.descr)
            && p.dims().0 == shape
            && p.dims().1 == strides
            // A read-only result of a writeable argument (`np.broadcast_to(a, a.shape)`) is a
            // new read-only view, as Numba's (which drops the parent of such views).
            && (p.flags & NPY_ARRAY_WRITEABLE != 0) != readonly
        {
            ffi::Py_INCREF(parent);
            return Ok(parent);
        }
    }
    ffi::Py_INCREF(parent);
    let arr = kind.new_array(np, shape, strides, h.data, !readonly, parent);
    if arr.is_null() {
        Err(fetch(py))
    } else {
        Ok(arr)
    }
}
