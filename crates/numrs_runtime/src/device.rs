//! `numrs_runtime.cuda`: the host side of Numba's CUDA API that programs use around kernel
//! launches (`from numrs_runtime import cuda` where Numba programs write `from numba import
//! cuda`): device arrays that stay on the GPU between launches (`to_device`, `device_array`,
//! `device_array_like`, `copy_to_host`, `copy_to_device`), streams (`stream`, `synchronize`),
//! and any object exporting `__cuda_array_interface__` (CuPy arrays, Numba's own device
//! arrays) taken as a device array. Behaviour follows `numba.cuda.cudadrv.devicearray`:
//! transfers on stream 0 are synchronous, on another stream asynchronous; a device array made
//! on a stream uses it for its later transfers; the errors have Numba's classes and wording.

use std::ffi::{c_uint, c_void};

use numrs_types::{Layout, NumericKind, Type};
use pyo3::exceptions::{PyNotImplementedError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use crate::kernels::driver;
use crate::npy::{self, NPY_ARRAY_C_CONTIGUOUS, NPY_ARRAY_F_CONTIGUOUS, NPY_ARRAY_WRITEABLE};

/// Numba's message for a transfer of an array that is not one block of memory.
const NOT_CONTIGUOUS: &str = "Array contains non-contiguous buffer and cannot be transferred as a single memory region. \
Please ensure contiguous buffer with numpy .ascontiguousarray()";

/// A CUDA stream: made by `cuda.stream()`, or one of the default streams (handle 0: the legacy
/// default stream; 2: the per-thread default stream), or wrapped from another library's handle
/// (`cuda.external_stream`). Streams made here are destroyed with the object.
#[pyclass(module = "numrs_runtime.cuda", name = "Stream", frozen)]
pub struct Stream {
    handle: usize,
    owned: bool,
}

impl Drop for Stream {
    fn drop(&mut self) {
        if self.owned {
            if let Ok(d) = driver() {
                unsafe { (d.stream_destroy)(self.handle as *mut c_void) };
            }
        }
    }
}

/// Waits for everything queued on the stream `handle`.
fn sync_stream(handle: usize) -> PyResult<()> {
    let d = driver()?;
    d.check(unsafe { (d.stream_synchronize)(handle as *mut c_void) }, "cuStreamSynchronize")
}

#[pymethods]
impl Stream {
    /// Waits until everything queued on the stream has finished.
    fn synchronize(&self) -> PyResult<()> {
        sync_stream(self.handle)
    }

    /// `with stream.auto_synchronize():` synchronizes the stream when the block ends.
    fn auto_synchronize(slf: Py<Self>) -> AutoSynchronize {
        AutoSynchronize { stream: slf }
    }

    #[getter]
    fn handle(&self) -> usize {
        self.handle
    }

    fn __int__(&self) -> usize {
        self.handle
    }

    fn __repr__(&self) -> String {
        match (self.handle, self.owned) {
            (0, _) => "<Default CUDA stream>".to_string(),
            (1, _) => "<Legacy default CUDA stream>".to_string(),
            (2, _) => "<Per-thread default CUDA stream>".to_string(),
            (h, true) => format!("<CUDA stream {h:#x}>"),
            (h, false) => format!("<External CUDA stream {h:#x}>"),
        }
    }
}

/// The context manager of `Stream.auto_synchronize()`.
#[pyclass(module = "numrs_runtime.cuda", frozen)]
pub struct AutoSynchronize {
    stream: Py<Stream>,
}

#[pymethods]
impl AutoSynchronize {
    fn __enter__(&self, py: Python<'_>) -> Py<Stream> {
        self.stream.clone_ref(py)
    }

    #[pyo3(signature = (*_exc))]
    fn __exit__(&self, _exc: &Bound<'_, PyTuple>) -> PyResult<bool> {
        self.stream.get().synchronize()?;
        Ok(false)
    }
}

/// The stream handle of a `stream=` argument or launch configuration item: 0 or None is the
/// default stream, else a `Stream`.
pub(crate) fn stream_handle(obj: Option<&Bound<'_, PyAny>>) -> PyResult<usize> {
    let Some(obj) = obj else { return Ok(0) };
    if obj.is_none() {
        return Ok(0);
    }
    if let Ok(s) = obj.downcast::<Stream>() {
        return Ok(s.get().handle);
    }
    if obj.extract::<i64>().is_ok_and(|v| v == 0) {
        return Ok(0);
    }
    Err(PyTypeError::new_err(format!("a CUDA stream must be 0 or a stream made by cuda.stream(), not {}", obj.repr()?)))
}

/// What a device array's memory belongs to.
enum Owner {
    /// Allocated here (`cuMemAlloc`), freed with the array.
    Allocation,
    /// Another object's memory (`__cuda_array_interface__`), or a view of another device
    /// array (`d[1:5]`), kept alive by the array.
    Borrowed(#[allow(dead_code)] Py<PyAny>),
}

/// An array in GPU memory: Numba's `DeviceNDArray`. Kernels take it without copying.
#[pyclass(module = "numrs_runtime.cuda", name = "DeviceNDArray", frozen)]
pub struct DeviceNDArray {
    ptr: u64,
    shape: Vec<i64>,
    strides: Vec<i64>,
    kind: NumericKind,
    itemsize: usize,
    dtype: Py<PyAny>,
    stream: usize,
    /// The stream object of `stream` (kept alive: its handle must not be destroyed or reused
    /// while the array uses it).
    stream_obj: Option<Py<PyAny>>,
    owner: Owner,
}

impl Drop for DeviceNDArray {
    fn drop(&mut self) {
        if matches!(self.owner, Owner::Allocation) {
            if let Ok(d) = driver() {
                unsafe { (d.mem_free)(self.ptr) };
            }
        }
    }
}

/// A device array as a kernel launch sees it.
pub(crate) struct DeviceView {
    pub ptr: u64,
    pub shape: Vec<i64>,
    pub strides: Vec<i64>,
    pub kind: NumericKind,
    pub itemsize: usize,
}

impl DeviceView {
    /// Whether the array is C- and F-contiguous, by NumPy's rules (dimensions of one item do
    /// not count; an empty array is both).
    pub fn contiguity(&self) -> (bool, bool) {
        contiguity(&self.shape, &self.strides, self.itemsize)
    }

    /// The Numba type of the array (`array(float32, 1d, C)`).
    pub fn numba_type(&self) -> Type {
        let (c, f) = self.contiguity();
        let layout = if c {
            Layout::C
        } else if f {
            Layout::F
        } else {
            Layout::A
        };
        Type::array(Type::Number(self.kind), self.shape.len() as u32, layout)
    }
}

/// The bytes from the first item to the end of the last, strides not negative (0 for no
/// items); `None` on overflow.
fn span(shape: &[i64], strides: &[i64], itemsize: usize) -> Option<usize> {
    if shape.contains(&0) {
        return Some(0);
    }
    let mut total = itemsize as i64;
    for (n, s) in shape.iter().zip(strides) {
        total = total.checked_add((n - 1).checked_mul(*s)?)?;
    }
    usize::try_from(total).ok()
}

fn contiguity(shape: &[i64], strides: &[i64], itemsize: usize) -> (bool, bool) {
    if shape.contains(&0) {
        return (true, true);
    }
    let check = |order: &mut dyn Iterator<Item = usize>| {
        let mut expected = itemsize as i64;
        for i in order {
            if shape[i] != 1 {
                if strides[i] != expected {
                    return false;
                }
                expected *= shape[i];
            }
        }
        true
    };
    let n = shape.len();
    (check(&mut (0..n).rev()), check(&mut (0..n)))
}

/// Contiguous strides for `shape`, in C or Fortran order.
fn contiguous_strides(shape: &[i64], itemsize: usize, fortran: bool) -> Vec<i64> {
    let n = shape.len();
    let mut strides = vec![0i64; n];
    let mut s = itemsize as i64;
    let order: Vec<usize> = if fortran { (0..n).collect() } else { (0..n).rev().collect() };
    for i in order {
        strides[i] = s;
        s *= shape[i].max(1);
    }
    strides
}

/// A NumPy dtype (anything `numpy.dtype()` takes) and its number kind and item size.
fn numpy_dtype<'py>(py: Python<'py>, spec: &Bound<'py, PyAny>) -> PyResult<(Bound<'py, PyAny>, NumericKind, usize)> {
    let dtype = py.import("numpy")?.getattr("dtype")?.call1((spec,))?;
    let num: i32 = dtype.getattr("num")?.extract()?;
    let kind = npy::npy(py)?.kind_of_type_num(num);
    let native: bool = dtype.getattr("isnative")?.extract()?;
    match kind {
        Some(k) if native => Ok((dtype.clone(), k, dtype.getattr("itemsize")?.extract()?)),
        _ => Err(PyTypeError::new_err(format!("unsupported dtype for a numrs device array: {}", dtype.str()?))),
    }
}

/// A Python tuple's repr of `items` (`(3,)`, `(2, 3)`, `()`).
fn tuple_text(items: &[i64]) -> String {
    match items {
        [one] => format!("({one},)"),
        _ => format!("({})", items.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ")),
    }
}

/// The shape and strides without dimensions of one item (NumPy's `squeeze`).
fn squeezed(shape: &[i64], strides: &[i64]) -> (Vec<i64>, Vec<i64>) {
    shape.iter().zip(strides).filter(|(s, _)| **s != 1).map(|(a, b)| (*a, *b)).unzip()
}

/// The shape and strides of a host NumPy array.
fn host_geometry(obj: &Bound<'_, PyAny>) -> (Vec<i64>, Vec<i64>, *mut u8, i32) {
    unsafe {
        let f = npy::fields(obj.as_ptr());
        let (dims, steps) = f.dims();
        (dims.iter().map(|x| *x as i64).collect(), steps.iter().map(|x| *x as i64).collect(), f.data, f.flags)
    }
}

impl DeviceNDArray {
    pub(crate) fn view(&self) -> DeviceView {
        DeviceView { ptr: self.ptr, shape: self.shape.clone(), strides: self.strides.clone(), kind: self.kind, itemsize: self.itemsize }
    }

    fn size(&self) -> i64 {
        self.shape.iter().product()
    }

    fn nbytes(&self) -> usize {
        self.size() as usize * self.itemsize
    }

    fn contiguous(&self) -> bool {
        let (c, f) = contiguity(&self.shape, &self.strides, self.itemsize);
        c || f
    }

    /// A new, uninitialized device array.
    /// A new, uninitialized device array of `shape` and `strides`: its allocation spans every
    /// item the strides reach (numba-cuda's `memory_size_from_info`).
    fn allocate(
        py: Python<'_>,
        shape: Vec<i64>,
        strides: Vec<i64>,
        dtype: &Bound<'_, PyAny>,
        stream: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<DeviceNDArray> {
        let handle = stream_handle(stream)?;
        let (dtype, kind, itemsize) = numpy_dtype(py, dtype)?;
        if shape.iter().any(|s| *s < 0) {
            return Err(PyValueError::new_err("negative dimensions are not allowed"));
        }
        if strides.len() != shape.len() || strides.iter().any(|s| *s < 0) {
            return Err(PyValueError::new_err("strides must be one non-negative number per dimension"));
        }
        let nbytes = span(&shape, &strides, itemsize).ok_or_else(|| PyValueError::new_err("array is too big"))?;
        let d = driver()?;
        let mut ptr = 0u64;
        d.check(unsafe { (d.mem_alloc)(&mut ptr, nbytes.max(1)) }, "cuMemAlloc")?;
        Ok(DeviceNDArray {
            ptr,
            shape,
            strides,
            kind,
            itemsize,
            dtype: dtype.unbind(),
            stream: handle,
            stream_obj: stream.map(|s| s.clone().unbind()),
            owner: Owner::Allocation,
        })
    }

    /// The stream a transfer runs on: the one given, else the array's own.
    fn stream_of(&self, stream: Option<&Bound<'_, PyAny>>) -> PyResult<usize> {
        let s = stream_handle(stream)?;
        Ok(if s == 0 { self.stream } else { s })
    }

    /// Numba's `check_array_compatibility(self, other)`.
    fn check_compatible(&self, py: Python<'_>, dtype: &Bound<'_, PyAny>, shape: &[i64], strides: &[i64]) -> PyResult<()> {
        if !self.dtype.bind(py).eq(dtype)? {
            return Err(PyTypeError::new_err(format!("incompatible dtype: {} vs. {}", self.dtype.bind(py).str()?, dtype.str()?)));
        }
        let (s1, st1) = squeezed(&self.shape, &self.strides);
        let (s2, st2) = squeezed(shape, strides);
        if s1 != s2 {
            return Err(PyValueError::new_err(format!("incompatible shape: {} vs. {}", tuple_text(&self.shape), tuple_text(shape))));
        }
        if self.size() != 0 && st1 != st2 {
            return Err(PyValueError::new_err(format!(
                "incompatible strides: {} vs. {}",
                tuple_text(&self.strides),
                tuple_text(strides)
            )));
        }
        Ok(())
    }

    /// Copies `nbytes` from host memory at `src` to the array, on `stream`.
    fn upload(&self, src: *const u8, stream: usize) -> PyResult<()> {
        let n = self.nbytes();
        if n == 0 {
            return Ok(());
        }
        let d = driver()?;
        let r = if stream == 0 {
            unsafe { (d.memcpy_htod)(self.ptr, src as *const c_void, n) }
        } else {
            unsafe { (d.memcpy_htod_async)(self.ptr, src as *const c_void, n, stream as *mut c_void) }
        };
        d.check(r, "copying to the device")
    }
}

#[pymethods]
impl DeviceNDArray {
    #[getter]
    fn shape<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.shape)
    }

    #[getter]
    fn strides<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, &self.strides)
    }

    #[getter]
    fn ndim(&self) -> usize {
        self.shape.len()
    }

    #[getter(size)]
    fn py_size(&self) -> i64 {
        self.size()
    }

    #[getter(nbytes)]
    fn py_nbytes(&self) -> usize {
        self.nbytes()
    }

    #[getter]
    fn dtype(&self, py: Python<'_>) -> Py<PyAny> {
        self.dtype.clone_ref(py)
    }

    fn __len__(&self) -> PyResult<usize> {
        match self.shape.first() {
            Some(n) => Ok(*n as usize),
            None => Err(PyTypeError::new_err("len() of unsized object")),
        }
    }

    fn is_c_contiguous(&self) -> bool {
        contiguity(&self.shape, &self.strides, self.itemsize).0
    }

    fn is_f_contiguous(&self) -> bool {
        contiguity(&self.shape, &self.strides, self.itemsize).1
    }

    /// The CUDA Array Interface (version 3), so other libraries take the array without a copy.
    #[getter]
    fn __cuda_array_interface__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("shape", PyTuple::new(py, &self.shape)?)?;
        if self.is_c_contiguous() {
            d.set_item("strides", py.None())?;
        } else {
            d.set_item("strides", PyTuple::new(py, &self.strides)?)?;
        }
        d.set_item("data", (self.ptr, false))?;
        d.set_item("typestr", self.dtype.bind(py).getattr("str")?)?;
        d.set_item("stream", if self.stream == 0 { None } else { Some(self.stream) })?;
        d.set_item("version", 3)?;
        Ok(d)
    }

    /// Copies the array to `ary` (a NumPy array of the same dtype, shape and strides), or to a
    /// new NumPy array; returns the host array. On a stream the copy is queued, not waited for.
    #[pyo3(signature = (ary = None, stream = None))]
    fn copy_to_host<'py>(
        &self,
        py: Python<'py>,
        ary: Option<Bound<'py, PyAny>>,
        stream: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        if self.strides.iter().any(|s| *s < 0) {
            return Err(PyNotImplementedError::new_err(format!(
                "D->H copy not implemented for negative strides: {}",
                tuple_text(&self.strides)
            )));
        }
        let stream = self.stream_of(stream.as_ref())?;
        let np = npy::npy(py)?;
        if !self.contiguous() {
            // A strided view: its extent, then a host array of the same strides over it (as
            // Numba's copy_to_host), copied into `ary` when one is given.
            let view = self.host_strided(py)?;
            return match ary {
                Some(a) => {
                    if !unsafe { np.is_array(a.as_ptr()) } {
                        return Err(PyTypeError::new_err("copy_to_host: ary must be a NumPy array"));
                    }
                    let (shape, strides, ..) = host_geometry(&a);
                    self.check_compatible(py, &a.getattr("dtype")?, &shape, &strides)?;
                    a.set_item(py.Ellipsis(), view)?;
                    Ok(a)
                }
                None => Ok(view),
            };
        }
        let host = match ary {
            Some(a) => {
                if !unsafe { np.is_array(a.as_ptr()) } {
                    return Err(PyTypeError::new_err("copy_to_host: ary must be a NumPy array"));
                }
                let (shape, strides, _, flags) = host_geometry(&a);
                self.check_compatible(py, &a.getattr("dtype")?, &shape, &strides)?;
                if flags & NPY_ARRAY_WRITEABLE == 0 {
                    return Err(PyValueError::new_err("copy_to_host: the host array is read-only"));
                }
                a
            }
            None => {
                let order = if !self.is_c_contiguous() { "F" } else { "C" };
                let kwargs = PyDict::new(py);
                kwargs.set_item("dtype", self.dtype.bind(py))?;
                kwargs.set_item("order", order)?;
                py.import("numpy")?.getattr("empty")?.call((PyTuple::new(py, &self.shape)?,), Some(&kwargs))?
            }
        };
        let n = self.nbytes();
        if n > 0 {
            let dst = unsafe { npy::fields(host.as_ptr()).data } as *mut c_void;
            let d = driver()?;
            let r = if stream == 0 {
                unsafe { (d.memcpy_dtoh)(dst, self.ptr, n) }
            } else {
                unsafe { (d.memcpy_dtoh_async)(dst, self.ptr, n, stream as *mut c_void) }
            };
            d.check(r, "copying from the device")?;
        }
        Ok(host)
    }

    /// Copies `ary` (a host array, converted to the array's order if needed, or a device
    /// array) into the array.
    #[pyo3(signature = (ary, stream = None))]
    fn copy_to_device(&self, py: Python<'_>, ary: &Bound<'_, PyAny>, stream: Option<Bound<'_, PyAny>>) -> PyResult<()> {
        let stream = self.stream_of(stream.as_ref())?;
        if !self.contiguous() {
            return Err(PyValueError::new_err(NOT_CONTIGUOUS));
        }
        if let Some(src) = device_view(py, ary)? {
            if src.shape.iter().product::<i64>() == 0 {
                return Ok(());
            }
            let (c, f) = src.contiguity();
            if !(c || f) {
                return Err(PyValueError::new_err(NOT_CONTIGUOUS));
            }
            // A foreign array need not have `dtype`: its interface's `typestr` says it.
            let spec = match ary.downcast::<DeviceNDArray>() {
                Ok(d) => d.get().dtype.bind(py).clone(),
                Err(_) => ary.getattr("__cuda_array_interface__")?.get_item("typestr")?,
            };
            let (dtype, ..) = numpy_dtype(py, &spec)?;
            self.check_compatible(py, &dtype, &src.shape, &src.strides)?;
            let d = driver()?;
            return d.check(
                unsafe { (d.memcpy_dtod_async)(self.ptr, src.ptr, self.nbytes(), stream as *mut c_void) },
                "copying between device arrays",
            );
        }
        let numpy = py.import("numpy")?;
        let order = if self.is_c_contiguous() { "C" } else { "F" };
        let kwargs = PyDict::new(py);
        kwargs.set_item("order", order)?;
        let host = numpy.getattr("asarray")?.call((ary,), Some(&kwargs))?;
        if host.getattr("size")?.extract::<i64>()? == 0 {
            return Ok(());
        }
        let (shape, strides, data, _) = host_geometry(&host);
        self.check_compatible(py, &host.getattr("dtype")?, &shape, &strides)?;
        self.upload(data, stream)
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        Ok(format!("<numrs DeviceNDArray shape={} dtype={}>", tuple_text(&self.shape), self.dtype.bind(py).str()?))
    }

    /// Basic indexing, as NumPy's: integers and slices (and `...`) give a view that shares the
    /// memory; an index of every dimension gives the item, copied to the host (a NumPy scalar).
    fn __getitem__<'py>(slf: &Bound<'py, Self>, key: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        let py = slf.py();
        let me = slf.get();
        let (offset, shape, strides) = me.index(key)?;
        if shape.is_empty() {
            let host = py.import("numpy")?.getattr("empty")?.call((1, me.dtype.bind(py)), None)?;
            if me.itemsize > 0 {
                let d = driver()?;
                let dst = unsafe { npy::fields(host.as_ptr()).data } as *mut c_void;
                d.check(unsafe { (d.memcpy_dtoh)(dst, me.ptr.wrapping_add_signed(offset), me.itemsize) }, "copying from the device")?;
            }
            return host.get_item(0);
        }
        let view = DeviceNDArray {
            ptr: me.ptr.wrapping_add_signed(offset),
            shape,
            strides,
            kind: me.kind,
            itemsize: me.itemsize,
            dtype: me.dtype.clone_ref(py),
            stream: me.stream,
            stream_obj: me.stream_obj.as_ref().map(|s| s.clone_ref(py)),
            owner: Owner::Borrowed(slf.clone().into_any().unbind()),
        };
        Ok(Bound::new(py, view)?.into_any())
    }

    /// `d[key] = value`: a number, a host array or a device array, broadcast as NumPy assigns.
    fn __setitem__(&self, py: Python<'_>, key: &Bound<'_, PyAny>, value: &Bound<'_, PyAny>) -> PyResult<()> {
        let (offset, shape, strides) = self.index(key)?;
        let target = DeviceNDArray {
            ptr: self.ptr.wrapping_add_signed(offset),
            shape,
            strides,
            kind: self.kind,
            itemsize: self.itemsize,
            dtype: self.dtype.clone_ref(py),
            stream: 0,
            stream_obj: None,
            owner: Owner::Borrowed(py.None()),
        };
        let value = match value.downcast::<DeviceNDArray>() {
            Ok(d) => d.get().copy_to_host(py, None, None)?,
            Err(_) if value.hasattr("__cuda_array_interface__")? => as_cuda_array(py, value)?.get().copy_to_host(py, None, None)?,
            Err(_) => value.clone(),
        };
        target.assign(py, &value)
    }
}

impl DeviceNDArray {
    /// The byte offset, shape and strides of `self[key]` for basic indexing.
    fn index(&self, key: &Bound<'_, PyAny>) -> PyResult<(i64, Vec<i64>, Vec<i64>)> {
        let items: Vec<Bound<'_, PyAny>> = match key.downcast::<PyTuple>() {
            Ok(t) => t.iter().collect(),
            Err(_) => vec![key.clone()],
        };
        let ellipsis = items.iter().filter(|i| i.is(key.py().Ellipsis())).count();
        let given = items.len() - ellipsis;
        if ellipsis > 1 {
            return Err(pyo3::exceptions::PyIndexError::new_err("an index can only have a single ellipsis ('...')"));
        }
        if given > self.shape.len() {
            return Err(pyo3::exceptions::PyIndexError::new_err(format!(
                "too many indices for array: array is {}-dimensional, but {} were indexed",
                self.shape.len(),
                given
            )));
        }
        let mut offset = 0i64;
        let (mut shape, mut strides) = (Vec::new(), Vec::new());
        let mut d = 0usize;
        for item in &items {
            if item.is(key.py().Ellipsis()) {
                for _ in 0..self.shape.len() - given {
                    shape.push(self.shape[d]);
                    strides.push(self.strides[d]);
                    d += 1;
                }
                continue;
            }
            let (n, st) = (self.shape[d], self.strides[d]);
            if let Ok(s) = item.downcast::<pyo3::types::PySlice>() {
                let ind = s.indices(n as isize)?;
                offset += ind.start as i64 * st;
                shape.push(ind.slicelength as i64);
                strides.push(st * ind.step as i64);
            } else if let Ok(i) = item.extract::<i64>() {
                let j = if i < 0 { i + n } else { i };
                if j < 0 || j >= n {
                    return Err(pyo3::exceptions::PyIndexError::new_err(format!("index {i} is out of bounds for axis {d} with size {n}")));
                }
                offset += j * st;
            } else {
                return Err(PyTypeError::new_err(
                    "device arrays are indexed with integers, slices and '...' (basic indexing) in numrs",
                ));
            }
            d += 1;
        }
        shape.extend_from_slice(&self.shape[d..]);
        strides.extend_from_slice(&self.strides[d..]);
        Ok((offset, shape, strides))
    }

    /// The bytes from the first item to the end of the last (strides not negative).
    fn extent(&self) -> usize {
        span(&self.shape, &self.strides, self.itemsize).unwrap_or(0)
    }

    /// A host array of the same shape and strides holding the items (the extent copied down).
    fn host_strided<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let numpy = py.import("numpy")?;
        let n = self.extent();
        let buf = numpy.getattr("empty")?.call1((n.max(1), numpy.getattr("uint8")?))?;
        if n > 0 {
            let d = driver()?;
            let dst = unsafe { npy::fields(buf.as_ptr()).data } as *mut c_void;
            d.check(unsafe { (d.memcpy_dtoh)(dst, self.ptr, n) }, "copying from the device")?;
        }
        let kwargs = PyDict::new(py);
        kwargs.set_item("dtype", self.dtype.bind(py))?;
        kwargs.set_item("buffer", buf)?;
        kwargs.set_item("strides", PyTuple::new(py, &self.strides)?)?;
        numpy.getattr("ndarray")?.call((PyTuple::new(py, &self.shape)?,), Some(&kwargs))
    }

    /// Stores `value` (a number or host array, broadcast) into every item: the extent is read,
    /// assigned on the host, and written back (one block when the view is contiguous).
    fn assign(&self, py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<()> {
        if self.strides.iter().any(|s| *s < 0) {
            return Err(PyNotImplementedError::new_err("assigning to a device array view with negative strides"));
        }
        let numpy = py.import("numpy")?;
        let host = if self.contiguous() {
            let kwargs = PyDict::new(py);
            kwargs.set_item("dtype", self.dtype.bind(py))?;
            kwargs.set_item("order", if self.is_c_contiguous() { "C" } else { "F" })?;
            numpy.getattr("empty")?.call((PyTuple::new(py, &self.shape)?,), Some(&kwargs))?
        } else {
            self.host_strided(py)?
        };
        host.set_item(py.Ellipsis(), value)?;
        let n = if self.contiguous() { self.nbytes() } else { self.extent() };
        if n > 0 {
            let src = unsafe { npy::fields(host.as_ptr()).data };
            // The extent's first byte is the host array's data (its buffer starts there).
            let d = driver()?;
            d.check(unsafe { (d.memcpy_htod)(self.ptr, src as *const c_void, n) }, "copying to the device")?;
        }
        Ok(())
    }
}

/// `obj` as a device array: a `DeviceNDArray`, or an object with `__cuda_array_interface__`
/// (after waiting for the stream it names, as Numba does); `None` for anything else.
pub(crate) fn device_view(py: Python<'_>, obj: &Bound<'_, PyAny>) -> PyResult<Option<DeviceView>> {
    if let Ok(d) = obj.downcast::<DeviceNDArray>() {
        return Ok(Some(d.get().view()));
    }
    let Ok(cai) = obj.getattr("__cuda_array_interface__") else { return Ok(None) };
    let bad = |what: &str| PyValueError::new_err(format!("__cuda_array_interface__: {what}"));
    let shape: Vec<i64> = cai.get_item("shape").map_err(|_| bad("no shape"))?.extract().map_err(|_| bad("shape is not a tuple of ints"))?;
    let (_, kind, itemsize) = numpy_dtype(py, &cai.get_item("typestr").map_err(|_| bad("no typestr"))?)?;
    let (ptr, _readonly): (u64, bool) = cai.get_item("data").map_err(|_| bad("no data"))?.extract().map_err(|_| bad("data is not (pointer, readonly)"))?;
    let strides = match cai.get_item("strides").ok().filter(|s| !s.is_none()) {
        Some(s) => s.extract().map_err(|_| bad("strides is not a tuple of ints"))?,
        None => contiguous_strides(&shape, itemsize, false),
    };
    if strides.len() != shape.len() {
        return Err(bad("shape and strides differ in length"));
    }
    if shape.iter().any(|n| *n < 0) || span(&shape, &strides.iter().map(|s: &i64| s.abs()).collect::<Vec<_>>(), itemsize).is_none() {
        return Err(bad("negative or too large dimensions"));
    }
    if cai.get_item("mask").ok().is_some_and(|m| !m.is_none()) {
        return Err(PyNotImplementedError::new_err("Masked arrays are not supported"));
    }
    if let Some(s) = cai.get_item("stream").ok().filter(|s| !s.is_none()) {
        let handle: usize = s.extract().map_err(|_| bad("stream is not an int"))?;
        if handle == 0 {
            return Err(bad("Zero is not a valid stream"));
        }
        sync_stream(handle)?;
    }
    Ok(Some(DeviceView { ptr, shape, strides, kind, itemsize }))
}

/// The shape of `device_array(shape)`: an int or a sequence of ints.
fn shape_of(shape: &Bound<'_, PyAny>) -> PyResult<Vec<i64>> {
    if let Ok(n) = shape.extract::<i64>() {
        return Ok(vec![n]);
    }
    shape.extract::<Vec<i64>>().map_err(|_| PyTypeError::new_err("shape must be an int or a tuple of ints"))
}

/// `cuda.to_device(obj, stream=0, copy=True, to=None)`: a device array holding a copy of `obj`
/// (a NumPy array or anything `numpy.asarray` takes; a device array is returned as it is).
#[pyfunction]
#[pyo3(signature = (obj, stream = None, copy = true, to = None))]
fn to_device<'py>(
    py: Python<'py>,
    obj: &Bound<'py, PyAny>,
    stream: Option<Bound<'py, PyAny>>,
    copy: bool,
    to: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    if let Some(to) = to {
        let dest = to.downcast::<DeviceNDArray>().map_err(|_| PyTypeError::new_err("to= must be a device array"))?;
        if copy {
            dest.get().copy_to_device(py, obj, stream)?;
        }
        return Ok(to);
    }
    if obj.downcast::<DeviceNDArray>().is_ok() {
        return Ok(obj.clone());
    }
    if obj.hasattr("__cuda_array_interface__")? {
        return Ok(as_cuda_array(py, obj)?.into_any());
    }
    let handle = stream_handle(stream.as_ref())?;
    let np = npy::npy(py)?;
    let host = if unsafe { np.is_array(obj.as_ptr()) } { obj.clone() } else { py.import("numpy")?.getattr("asarray")?.call1((obj,))? };
    let (shape, strides, data, flags) = host_geometry(&host);
    if flags & (NPY_ARRAY_C_CONTIGUOUS | NPY_ARRAY_F_CONTIGUOUS) == 0 {
        return Err(PyValueError::new_err(NOT_CONTIGUOUS));
    }
    let dev = DeviceNDArray::allocate(py, shape, strides, &host.getattr("dtype")?, stream.as_ref())?;
    if copy {
        dev.upload(data, handle)?;
    }
    Ok(Bound::new(py, dev)?.into_any())
}

/// `cuda.device_array(shape, dtype=numpy.float64, strides=None, order='C', stream=0)`: a new
/// device array, not initialized.
#[pyfunction]
#[pyo3(signature = (shape, dtype = None, strides = None, order = "C", stream = None))]
fn device_array<'py>(
    py: Python<'py>,
    shape: &Bound<'py, PyAny>,
    dtype: Option<Bound<'py, PyAny>>,
    strides: Option<Vec<i64>>,
    order: &str,
    stream: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, DeviceNDArray>> {
    let shape = shape_of(shape)?;
    let dtype = match dtype {
        Some(d) => d,
        None => py.import("numpy")?.getattr("float64")?,
    };
    let (_, _, itemsize) = numpy_dtype(py, &dtype)?;
    let fortran = match order {
        "C" => false,
        "F" => true,
        _ => return Err(PyValueError::new_err(format!("order must be 'C' or 'F', not {order:?}"))),
    };
    let strides = match strides {
        Some(s) if s.len() == shape.len() => s,
        Some(_) => return Err(PyValueError::new_err("strides and shape differ in length")),
        None => contiguous_strides(&shape, itemsize, fortran),
    };
    Bound::new(py, DeviceNDArray::allocate(py, shape, strides, &dtype, stream.as_ref())?)
}

/// `cuda.device_array_like(ary, stream=0)`: a new device array of `ary`'s shape, dtype and order.
#[pyfunction]
#[pyo3(signature = (ary, stream = None))]
fn device_array_like<'py>(py: Python<'py>, ary: &Bound<'py, PyAny>, stream: Option<Bound<'py, PyAny>>) -> PyResult<Bound<'py, DeviceNDArray>> {
    let (shape, strides, itemsize) = if let Some(v) = device_view(py, ary)? {
        (v.shape.clone(), v.strides.clone(), v.itemsize)
    } else {
        let host = py.import("numpy")?.getattr("asarray")?.call1((ary,))?;
        let (shape, strides, ..) = host_geometry(&host);
        let itemsize: usize = host.getattr("itemsize")?.extract()?;
        (shape, strides, itemsize)
    };
    let (c, f) = contiguity(&shape, &strides, itemsize);
    let strides = if c || f { strides } else { contiguous_strides(&shape, itemsize, false) };
    Bound::new(py, DeviceNDArray::allocate(py, shape, strides, &ary.getattr("dtype")?, stream.as_ref())?)
}

/// `cuda.as_cuda_array(obj)`: a device array sharing the memory of an object that exports
/// `__cuda_array_interface__` (it is kept alive by the result).
#[pyfunction]
fn as_cuda_array<'py>(py: Python<'py>, obj: &Bound<'py, PyAny>) -> PyResult<Bound<'py, DeviceNDArray>> {
    if let Ok(d) = obj.downcast::<DeviceNDArray>() {
        return Ok(d.clone());
    }
    let Some(v) = device_view(py, obj)? else {
        return Err(PyTypeError::new_err("*obj* doesn't implement the cuda array interface."));
    };
    let typestr = obj.getattr("__cuda_array_interface__")?.get_item("typestr")?;
    let (dtype, ..) = numpy_dtype(py, &typestr)?;
    let arr = DeviceNDArray {
        ptr: v.ptr,
        shape: v.shape,
        strides: v.strides,
        kind: v.kind,
        itemsize: v.itemsize,
        dtype: dtype.unbind(),
        stream: 0,
        stream_obj: None,
        owner: Owner::Borrowed(obj.clone().unbind()),
    };
    Bound::new(py, arr)
}

/// `cuda.is_cuda_array(obj)`: whether `obj` exports `__cuda_array_interface__`.
#[pyfunction]
fn is_cuda_array(obj: &Bound<'_, PyAny>) -> PyResult<bool> {
    obj.hasattr("__cuda_array_interface__")
}

/// `cuda.stream()`: a new stream.
#[pyfunction]
fn stream() -> PyResult<Stream> {
    let d = driver()?;
    let mut h = std::ptr::null_mut();
    d.check(unsafe { (d.stream_create)(&mut h, 0 as c_uint) }, "cuStreamCreate")?;
    Ok(Stream { handle: h as usize, owned: true })
}

/// `cuda.default_stream()`: the default stream (handle 0).
#[pyfunction]
fn default_stream() -> Stream {
    Stream { handle: 0, owned: false }
}

/// `cuda.legacy_default_stream()`.
#[pyfunction]
fn legacy_default_stream() -> Stream {
    Stream { handle: 1, owned: false }
}

/// `cuda.per_thread_default_stream()`.
#[pyfunction]
fn per_thread_default_stream() -> Stream {
    Stream { handle: 2, owned: false }
}

/// `cuda.external_stream(ptr)`: a stream made by another library, by its handle.
#[pyfunction]
fn external_stream(ptr: usize) -> Stream {
    Stream { handle: ptr, owned: false }
}

/// `cuda.synchronize()`: waits for all work on the GPU.
#[pyfunction]
fn synchronize() -> PyResult<()> {
    let d = driver()?;
    d.check(unsafe { (d.synchronize)() }, "cuCtxSynchronize")
}

/// `cuda.is_available()`: whether a GPU and its driver can be used.
#[pyfunction]
fn is_available() -> bool {
    driver().is_ok()
}

/// A CUDA event: `cuda.event(timing=True)`, recorded on a stream to synchronize with it or to
/// time the work between two events.
#[pyclass(module = "numrs_runtime.cuda", name = "Event", frozen)]
pub struct Event {
    handle: usize,
}

impl Drop for Event {
    fn drop(&mut self) {
        if let Ok(d) = driver() {
            unsafe { (d.event_destroy)(self.handle as *mut c_void) };
        }
    }
}

#[pymethods]
impl Event {
    /// Records the event on `stream` (after the work queued there so far).
    #[pyo3(signature = (stream = None))]
    fn record(&self, stream: Option<Bound<'_, PyAny>>) -> PyResult<()> {
        let s = stream_handle(stream.as_ref())?;
        let d = driver()?;
        d.check(unsafe { (d.event_record)(self.handle as *mut c_void, s as *mut c_void) }, "cuEventRecord")
    }

    /// Waits until the work before the event's record has finished.
    fn synchronize(&self) -> PyResult<()> {
        let d = driver()?;
        d.check(unsafe { (d.event_synchronize)(self.handle as *mut c_void) }, "cuEventSynchronize")
    }

    /// Makes the work queued next on `stream` wait for the event.
    #[pyo3(signature = (stream = None))]
    fn wait(&self, stream: Option<Bound<'_, PyAny>>) -> PyResult<()> {
        let s = stream_handle(stream.as_ref())?;
        let d = driver()?;
        d.check(unsafe { (d.stream_wait_event)(s as *mut c_void, self.handle as *mut c_void, 0) }, "cuStreamWaitEvent")
    }

    /// Whether the work before the event's record has finished.
    fn query(&self) -> PyResult<bool> {
        let d = driver()?;
        match unsafe { (d.event_query)(self.handle as *mut c_void) } {
            0 => Ok(true),
            600 => Ok(false), // CUDA_ERROR_NOT_READY
            r => d.check(r, "cuEventQuery").map(|_| false),
        }
    }

    /// Milliseconds from this event to `end` (both recorded and finished).
    fn elapsed_time(&self, end: &Event) -> PyResult<f64> {
        event_elapsed_time(self, end)
    }
}

/// `cuda.event(timing=True)`.
#[pyfunction]
#[pyo3(signature = (timing = true))]
fn event(timing: bool) -> PyResult<Event> {
    let d = driver()?;
    let mut h = std::ptr::null_mut();
    // CU_EVENT_DISABLE_TIMING = 2.
    d.check(unsafe { (d.event_create)(&mut h, if timing { 0 } else { 2 }) }, "cuEventCreate")?;
    Ok(Event { handle: h as usize })
}

/// `cuda.event_elapsed_time(start, end)`: milliseconds between two recorded events.
#[pyfunction]
fn event_elapsed_time(start: &Event, end: &Event) -> PyResult<f64> {
    let d = driver()?;
    let mut ms = 0f32;
    d.check(unsafe { (d.event_elapsed)(&mut ms, start.handle as *mut c_void, end.handle as *mut c_void) }, "cuEventElapsedTime")?;
    Ok(ms as f64)
}

/// The GPU kernels run on (device 0): `cuda.get_current_device()`, `cuda.gpus[0]`.
#[pyclass(module = "numrs_runtime.cuda", name = "Device", frozen)]
pub struct Device;

/// `CUdevice_attribute` numbers of the attributes a `Device` has, by Numba's names.
const DEVICE_ATTRIBUTES: &[(&str, i32)] = &[
    ("MAX_THREADS_PER_BLOCK", 1),
    ("MAX_BLOCK_DIM_X", 2),
    ("MAX_BLOCK_DIM_Y", 3),
    ("MAX_BLOCK_DIM_Z", 4),
    ("MAX_GRID_DIM_X", 5),
    ("MAX_GRID_DIM_Y", 6),
    ("MAX_GRID_DIM_Z", 7),
    ("MAX_SHARED_MEMORY_PER_BLOCK", 8),
    ("TOTAL_CONSTANT_MEMORY", 9),
    ("WARP_SIZE", 10),
    ("MAX_REGISTERS_PER_BLOCK", 12),
    ("CLOCK_RATE", 13),
    ("MULTIPROCESSOR_COUNT", 16),
    ("COMPUTE_CAPABILITY_MAJOR", 75),
    ("COMPUTE_CAPABILITY_MINOR", 76),
    ("MAX_THREADS_PER_MULTI_PROCESSOR", 39),
    ("MAX_SHARED_MEMORY_PER_BLOCK_OPTIN", 97),
];

fn device_attribute(attr: i32) -> PyResult<i64> {
    let d = driver()?;
    let mut v = 0;
    d.check(unsafe { (d.device_attribute)(&mut v, attr, 0) }, "cuDeviceGetAttribute")?;
    Ok(v as i64)
}

#[pymethods]
impl Device {
    #[getter]
    fn id(&self) -> i64 {
        0
    }

    /// The device's name (a `str`, as numba-cuda's `Device.name`).
    #[getter]
    fn name(&self) -> PyResult<String> {
        let d = driver()?;
        let mut buf = [0 as std::ffi::c_char; 256];
        d.check(unsafe { (d.device_name)(buf.as_mut_ptr(), buf.len() as i32, 0) }, "cuDeviceGetName")?;
        Ok(unsafe { std::ffi::CStr::from_ptr(buf.as_ptr()) }.to_string_lossy().into_owned())
    }

    #[getter]
    fn compute_capability(&self) -> PyResult<(i64, i64)> {
        Ok((device_attribute(75)?, device_attribute(76)?))
    }

    /// Numba's device attributes by name (`MULTIPROCESSOR_COUNT`, `MAX_THREADS_PER_BLOCK`, ...).
    fn __getattr__(&self, name: &str) -> PyResult<i64> {
        match DEVICE_ATTRIBUTES.iter().find(|(n, _)| *n == name) {
            Some((_, a)) => device_attribute(*a),
            None => Err(pyo3::exceptions::PyAttributeError::new_err(format!("'Device' object has no attribute '{name}'"))),
        }
    }

    fn __repr__(&self) -> PyResult<String> {
        let d = driver()?;
        let mut buf = [0 as std::ffi::c_char; 256];
        d.check(unsafe { (d.device_name)(buf.as_mut_ptr(), buf.len() as i32, 0) }, "cuDeviceGetName")?;
        Ok(format!("<CUDA device 0 '{}'>", unsafe { std::ffi::CStr::from_ptr(buf.as_ptr()) }.to_string_lossy()))
    }
}

/// `cuda.get_current_device()`.
#[pyfunction]
fn get_current_device() -> PyResult<Device> {
    driver()?;
    Ok(Device)
}

/// `cuda.select_device(0)`: numrs runs kernels on device 0.
#[pyfunction]
fn select_device(device_id: i64) -> PyResult<Device> {
    if device_id != 0 {
        return Err(PyValueError::new_err("numrs runs CUDA kernels on device 0 only"));
    }
    get_current_device()
}

/// `cuda.current_context().get_memory_info()` in Numba; here `cuda.get_memory_info()`:
/// (free, total) bytes of the device.
#[pyfunction]
fn get_memory_info() -> PyResult<(usize, usize)> {
    let d = driver()?;
    let (mut free, mut total) = (0usize, 0usize);
    d.check(unsafe { (d.mem_info)(&mut free, &mut total) }, "cuMemGetInfo")?;
    Ok((free, total))
}

/// `cuda.gpus`: the devices numrs can use (device 0 where there is a GPU).
#[pyclass(module = "numrs_runtime.cuda", name = "_DeviceList", frozen)]
pub struct DeviceList;

#[pymethods]
impl DeviceList {
    fn __len__(&self) -> usize {
        usize::from(driver().is_ok())
    }

    fn __getitem__(&self, i: i64) -> PyResult<Device> {
        if i == 0 || (i == -1 && driver().is_ok()) {
            return get_current_device();
        }
        Err(pyo3::exceptions::PyIndexError::new_err("numrs runs CUDA kernels on device 0 only"))
    }

    #[getter]
    fn current(&self) -> PyResult<Device> {
        get_current_device()
    }
}

/// Adds the `cuda` submodule to `numrs_runtime` (also importable as `numrs_runtime.cuda`).
pub fn register(parent: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = parent.py();
    let m = PyModule::new(py, "cuda")?;
    m.add_class::<DeviceNDArray>()?;
    m.add_class::<Stream>()?;
    m.add_class::<AutoSynchronize>()?;
    m.add_class::<Event>()?;
    m.add_class::<Device>()?;
    m.add_class::<DeviceList>()?;
    m.add("gpus", DeviceList)?;
    m.add_function(wrap_pyfunction!(event, &m)?)?;
    m.add_function(wrap_pyfunction!(event_elapsed_time, &m)?)?;
    m.add_function(wrap_pyfunction!(get_current_device, &m)?)?;
    m.add_function(wrap_pyfunction!(select_device, &m)?)?;
    m.add_function(wrap_pyfunction!(get_memory_info, &m)?)?;
    m.add_function(wrap_pyfunction!(to_device, &m)?)?;
    m.add_function(wrap_pyfunction!(device_array, &m)?)?;
    m.add_function(wrap_pyfunction!(device_array_like, &m)?)?;
    m.add_function(wrap_pyfunction!(as_cuda_array, &m)?)?;
    m.add_function(wrap_pyfunction!(is_cuda_array, &m)?)?;
    m.add_function(wrap_pyfunction!(stream, &m)?)?;
    m.add_function(wrap_pyfunction!(default_stream, &m)?)?;
    m.add_function(wrap_pyfunction!(legacy_default_stream, &m)?)?;
    m.add_function(wrap_pyfunction!(per_thread_default_stream, &m)?)?;
    m.add_function(wrap_pyfunction!(external_stream, &m)?)?;
    m.add_function(wrap_pyfunction!(synchronize, &m)?)?;
    m.add_function(wrap_pyfunction!(is_available, &m)?)?;
    parent.add_submodule(&m)?;
    py.import("sys")?.getattr("modules")?.set_item("numrs_runtime.cuda", &m)?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn contiguity_follows_numpy() {
        assert_eq!(contiguity(&[3, 4], &[16, 4], 4), (true, false));
        assert_eq!(contiguity(&[3, 4], &[4, 12], 4), (false, true));
        assert_eq!(contiguity(&[1, 4], &[999, 4], 4), (true, true));
        assert_eq!(contiguity(&[3, 4], &[32, 8], 4), (false, false));
        assert_eq!(contiguity(&[0, 4], &[32, 8], 4), (true, true));
        assert_eq!(contiguous_strides(&[2, 3, 4], 8, false), vec![96, 32, 8]);
        assert_eq!(contiguous_strides(&[2, 3, 4], 8, true), vec![8, 16, 48]);
        assert_eq!(tuple_text(&[3]), "(3,)");
        assert_eq!(tuple_text(&[2, 3]), "(2, 3)");
        assert_eq!(squeezed(&[1, 3, 1], &[24, 8, 8]), (vec![3], vec![8]));
    }
}
