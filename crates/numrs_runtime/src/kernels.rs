//! `@cuda.jit` kernels of a built module (`numrs_abi::FUNCTION_KIND_KERNEL`), launched as in
//! Numba: `module.kernel[griddim, blockdim](*args)`. The module's PTX is loaded with NVIDIA's
//! driver API (`libcuda.so.1`, opened on the first launch, so importing needs no GPU); each
//! NumPy array argument is copied to the device before the launch and back after it (as Numba
//! does for host arrays), numbers are passed by value. Parameters are flattened as the kernel
//! entry points take them (see `numrs_codegen`'s `cuda`).

use std::ffi::{c_char, c_int, c_uint, c_void, CStr, CString};
use std::sync::{Arc, Mutex, OnceLock};

use numrs_types::{Layout, NumericKind, Type};
use pyo3::exceptions::{PyRuntimeError, PyTypeError, PyValueError};
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::PyTuple;

use crate::npy::{self, NPY_ARRAY_C_CONTIGUOUS, NPY_ARRAY_F_CONTIGUOUS, NPY_ARRAY_WRITEABLE};

type CuResult = c_int;

extern "C" {
    fn dlopen(filename: *const c_char, flags: c_int) -> *mut c_void;
    fn dlsym(handle: *mut c_void, symbol: *const c_char) -> *mut c_void;
    fn dlerror() -> *const c_char;
}

/// The driver API entry points the launcher uses.
pub(crate) struct Driver {
    get_error_string: unsafe extern "C" fn(CuResult, *mut *const c_char) -> CuResult,
    module_load_data: unsafe extern "C" fn(*mut *mut c_void, *const c_void) -> CuResult,
    module_get_function: unsafe extern "C" fn(*mut *mut c_void, *mut c_void, *const c_char) -> CuResult,
    pub(crate) mem_alloc: unsafe extern "C" fn(*mut u64, usize) -> CuResult,
    pub(crate) mem_free: unsafe extern "C" fn(u64) -> CuResult,
    pub(crate) memcpy_htod: unsafe extern "C" fn(u64, *const c_void, usize) -> CuResult,
    pub(crate) memcpy_dtoh: unsafe extern "C" fn(*mut c_void, u64, usize) -> CuResult,
    #[allow(clippy::type_complexity)]
    launch: unsafe extern "C" fn(
        *mut c_void,
        c_uint,
        c_uint,
        c_uint,
        c_uint,
        c_uint,
        c_uint,
        c_uint,
        *mut c_void,
        *mut *mut c_void,
        *mut *mut c_void,
    ) -> CuResult,
    pub(crate) synchronize: unsafe extern "C" fn() -> CuResult,
    pub(crate) memcpy_htod_async: unsafe extern "C" fn(u64, *const c_void, usize, *mut c_void) -> CuResult,
    pub(crate) memcpy_dtoh_async: unsafe extern "C" fn(*mut c_void, u64, usize, *mut c_void) -> CuResult,
    pub(crate) memcpy_dtod_async: unsafe extern "C" fn(u64, u64, usize, *mut c_void) -> CuResult,
    pub(crate) stream_create: unsafe extern "C" fn(*mut *mut c_void, c_uint) -> CuResult,
    pub(crate) stream_destroy: unsafe extern "C" fn(*mut c_void) -> CuResult,
    pub(crate) stream_synchronize: unsafe extern "C" fn(*mut c_void) -> CuResult,
    #[allow(clippy::type_complexity)]
    occupancy_block_size:
        unsafe extern "C" fn(*mut c_int, *mut c_int, *mut c_void, Option<unsafe extern "C" fn(c_int) -> usize>, usize, c_int) -> CuResult,
    pub(crate) event_create: unsafe extern "C" fn(*mut *mut c_void, c_uint) -> CuResult,
    pub(crate) event_record: unsafe extern "C" fn(*mut c_void, *mut c_void) -> CuResult,
    pub(crate) event_synchronize: unsafe extern "C" fn(*mut c_void) -> CuResult,
    pub(crate) event_query: unsafe extern "C" fn(*mut c_void) -> CuResult,
    pub(crate) event_elapsed: unsafe extern "C" fn(*mut f32, *mut c_void, *mut c_void) -> CuResult,
    pub(crate) event_destroy: unsafe extern "C" fn(*mut c_void) -> CuResult,
    pub(crate) stream_wait_event: unsafe extern "C" fn(*mut c_void, *mut c_void, c_uint) -> CuResult,
    pub(crate) device_name: unsafe extern "C" fn(*mut c_char, c_int, c_int) -> CuResult,
    pub(crate) device_attribute: unsafe extern "C" fn(*mut c_int, c_int, c_int) -> CuResult,
    pub(crate) mem_info: unsafe extern "C" fn(*mut usize, *mut usize) -> CuResult,
    set_current: unsafe extern "C" fn(*mut c_void) -> CuResult,
    /// Device 0's primary context (as a number: the driver's handles are thread-agnostic).
    context: usize,
}

// The function pointers are plain C entry points of the process-wide driver.
unsafe impl Send for Driver {}
unsafe impl Sync for Driver {}

impl Driver {
    pub(crate) fn check(&self, r: CuResult, what: &str) -> PyResult<()> {
        if r == 0 {
            return Ok(());
        }
        let mut msg: *const c_char = std::ptr::null();
        unsafe { (self.get_error_string)(r, &mut msg) };
        let text = if msg.is_null() { String::new() } else { unsafe { CStr::from_ptr(msg) }.to_string_lossy().into_owned() };
        Err(PyRuntimeError::new_err(format!("CUDA driver: {what} failed ({r}: {text})")))
    }
}

static DRIVER: OnceLock<Result<Driver, String>> = OnceLock::new();

/// The driver, opened and initialized once (primary context of device 0 made current).
// The entry points are transmuted to the types of the `Driver` fields they initialize.
#[allow(clippy::missing_transmute_annotations)]
pub(crate) fn driver() -> PyResult<&'static Driver> {
    let d = DRIVER.get_or_init(|| unsafe {
        let lib = dlopen(c"libcuda.so.1".as_ptr(), 2 /* RTLD_NOW */);
        if lib.is_null() {
            let e = dlerror();
            let why = if e.is_null() { String::new() } else { CStr::from_ptr(e).to_string_lossy().into_owned() };
            return Err(format!("no CUDA driver to launch kernels with ({why})"));
        }
        let sym = |name: &str| -> Result<*mut c_void, String> {
            let c = CString::new(name).map_err(|_| name.to_string())?;
            let p = dlsym(lib, c.as_ptr());
            if p.is_null() {
                Err(format!("the CUDA driver has no {name}"))
            } else {
                Ok(p)
            }
        };
        macro_rules! f {
            ($name:literal) => {
                std::mem::transmute::<*mut c_void, _>(sym($name)?)
            };
        }
        let init: unsafe extern "C" fn(c_uint) -> CuResult = f!("cuInit");
        let device_get: unsafe extern "C" fn(*mut c_int, c_int) -> CuResult = f!("cuDeviceGet");
        let retain: unsafe extern "C" fn(*mut *mut c_void, c_int) -> CuResult = f!("cuDevicePrimaryCtxRetain");
        let set_current: unsafe extern "C" fn(*mut c_void) -> CuResult = f!("cuCtxSetCurrent");
        let mut drv = Driver {
            get_error_string: f!("cuGetErrorString"),
            module_load_data: f!("cuModuleLoadData"),
            module_get_function: f!("cuModuleGetFunction"),
            mem_alloc: f!("cuMemAlloc_v2"),
            mem_free: f!("cuMemFree_v2"),
            memcpy_htod: f!("cuMemcpyHtoD_v2"),
            memcpy_dtoh: f!("cuMemcpyDtoH_v2"),
            launch: f!("cuLaunchKernel"),
            synchronize: f!("cuCtxSynchronize"),
            memcpy_htod_async: f!("cuMemcpyHtoDAsync_v2"),
            memcpy_dtoh_async: f!("cuMemcpyDtoHAsync_v2"),
            memcpy_dtod_async: f!("cuMemcpyDtoDAsync_v2"),
            stream_create: f!("cuStreamCreate"),
            stream_destroy: f!("cuStreamDestroy_v2"),
            stream_synchronize: f!("cuStreamSynchronize"),
            occupancy_block_size: f!("cuOccupancyMaxPotentialBlockSize"),
            event_create: f!("cuEventCreate"),
            event_record: f!("cuEventRecord"),
            event_synchronize: f!("cuEventSynchronize"),
            event_query: f!("cuEventQuery"),
            event_elapsed: f!("cuEventElapsedTime"),
            event_destroy: f!("cuEventDestroy_v2"),
            stream_wait_event: f!("cuStreamWaitEvent"),
            device_name: f!("cuDeviceGetName"),
            device_attribute: f!("cuDeviceGetAttribute"),
            mem_info: f!("cuMemGetInfo_v2"),
            set_current,
            context: 0,
        };
        let step = |r: CuResult, what: &str| if r == 0 { Ok(()) } else { Err(format!("CUDA driver: {what} failed ({r})")) };
        step(init(0), "cuInit")?;
        let mut dev = 0;
        step(device_get(&mut dev, 0), "cuDeviceGet")?;
        let mut ctx = std::ptr::null_mut();
        step(retain(&mut ctx, dev), "cuDevicePrimaryCtxRetain")?;
        step(set_current(ctx), "cuCtxSetCurrent")?;
        drv.context = ctx as usize;
        Ok(drv)
    });
    let d = d.as_ref().map_err(|e| PyRuntimeError::new_err(e.clone()))?;
    // Each calling thread needs the context current (Python threads may launch too).
    d.check(unsafe { (d.set_current)(d.context as *mut c_void) }, "cuCtxSetCurrent")?;
    Ok(d)
}

/// One signature of a kernel: its argument types and PTX entry point.
pub struct KernelSpec {
    pub args: Vec<Type>,
    pub entry: CString,
}

/// A module's PTX, loaded into the driver once for all its kernels.
pub struct Ptx {
    text: CString,
    loaded: Mutex<usize>,
}

impl Ptx {
    pub fn new(text: &str) -> PyResult<Arc<Ptx>> {
        let text = CString::new(text).map_err(|_| PyValueError::new_err("numrs module table: a NUL in the PTX"))?;
        Ok(Arc::new(Ptx { text, loaded: Mutex::new(0) }))
    }

    fn module(&self, d: &Driver) -> PyResult<*mut c_void> {
        let mut m = self.loaded.lock().map_err(|_| PyRuntimeError::new_err("the PTX module lock is poisoned"))?;
        if *m == 0 {
            let mut h = std::ptr::null_mut();
            d.check(unsafe { (d.module_load_data)(&mut h, self.text.as_ptr() as *const c_void) }, "loading the PTX (cuModuleLoadData)")?;
            *m = h as usize;
        }
        Ok(*m as *mut c_void)
    }
}

/// A `@cuda.jit` kernel: index it with the launch configuration, then call it.
#[pyclass(module = "numrs_runtime", frozen)]
pub struct Kernel {
    name: String,
    ptx: Arc<Ptx>,
    specs: Vec<KernelSpec>,
}

impl Kernel {
    pub fn new(name: String, ptx: Arc<Ptx>, specs: Vec<KernelSpec>) -> Kernel {
        Kernel { name, ptx, specs }
    }
}

/// A kernel with its launch configuration: grid and block dimensions, the stream (0: the
/// default stream) and the bytes of dynamic shared memory.
#[pyclass(module = "numrs_runtime", frozen)]
pub struct Launch {
    kernel: Py<Kernel>,
    grid: [u32; 3],
    block: [u32; 3],
    stream: usize,
    sharedmem: u32,
    /// The stream object, kept alive while the configuration is.
    _stream_obj: Option<Py<PyAny>>,
}

/// The bytes of dynamic shared memory of a launch configuration.
fn shared_bytes(v: &Bound<'_, PyAny>) -> PyResult<u32> {
    v.extract::<i64>()
        .ok()
        .filter(|n| (0..=u32::MAX as i64).contains(n))
        .map(|n| n as u32)
        .ok_or_else(|| PyValueError::new_err("sharedmem must be a non-negative int (bytes of dynamic shared memory)"))
}

/// A kernel configured by `forall`: the grid follows from the tasks and the block size.
#[pyclass(module = "numrs_runtime", frozen)]
pub struct ForAll {
    kernel: Py<Kernel>,
    ntasks: u32,
    tpb: u32,
    stream: usize,
    sharedmem: u32,
    _stream_obj: Option<Py<PyAny>>,
}

#[pymethods]
impl ForAll {
    #[pyo3(signature = (*args))]
    fn __call__(&self, py: Python<'_>, args: &Bound<'_, PyTuple>) -> PyResult<()> {
        if self.ntasks == 0 {
            return Ok(());
        }
        let kernel = self.kernel.get();
        let given: Vec<Bound<'_, PyAny>> = args.iter().collect();
        let spec = kernel.select(py, &given)?;
        let d = driver()?;
        let func = kernel.function(d, spec)?;
        let tpb = if self.tpb > 0 {
            self.tpb
        } else {
            let (mut min_grid, mut block) = (0, 0);
            d.check(
                unsafe { (d.occupancy_block_size)(&mut min_grid, &mut block, func, None, self.sharedmem as usize, 1024) },
                "cuOccupancyMaxPotentialBlockSize",
            )?;
            block.max(1) as u32
        };
        let grid = self.ntasks.div_ceil(tpb);
        launch(py, d, func, spec, &given, [grid, 1, 1], [tpb, 1, 1], self.stream, self.sharedmem)
    }
}

/// A launch dimension: an int or a tuple of one to three ints.
fn dims(v: &Bound<'_, PyAny>, what: &str) -> PyResult<[u32; 3]> {
    let bad = || PyValueError::new_err(format!("{what} must be a positive int or a tuple of 1 to 3 positive ints"));
    let items: Vec<i64> = if let Ok(t) = v.downcast::<PyTuple>() {
        t.iter().map(|x| x.extract::<i64>()).collect::<PyResult<_>>().map_err(|_| bad())?
    } else {
        vec![v.extract::<i64>().map_err(|_| bad())?]
    };
    if items.is_empty() || items.len() > 3 || items.iter().any(|x| *x < 1 || *x > u32::MAX as i64) {
        return Err(bad());
    }
    let mut out = [1u32; 3];
    for (o, x) in out.iter_mut().zip(&items) {
        *o = *x as u32;
    }
    Ok(out)
}

#[pymethods]
impl Kernel {
    /// `kernel[griddim, blockdim]`, `kernel[griddim, blockdim, stream]` or
    /// `kernel[griddim, blockdim, stream, sharedmem]`, as Numba's `configure` takes them.
    fn __getitem__(slf: Py<Self>, config: &Bound<'_, PyAny>) -> PyResult<Launch> {
        // Numba takes `len(args)` of the configuration: not a tuple is a TypeError there.
        let t = config.downcast::<PyTuple>().map_err(|_| PyTypeError::new_err(format!("object of type '{}' has no len()", config.get_type().name().map(|n| n.to_string()).unwrap_or_default())))?;
        if !(2..=4).contains(&t.len()) {
            return Err(PyValueError::new_err("must specify at least the griddim and blockdim"));
        }
        let grid = dims(&t.get_item(0)?, "griddim")?;
        let block = dims(&t.get_item(1)?, "blockdim")?;
        let stream_obj = if t.len() > 2 { Some(t.get_item(2)?) } else { None };
        let stream = crate::device::stream_handle(stream_obj.as_ref())?;
        let sharedmem = if t.len() > 3 { shared_bytes(&t.get_item(3)?)? } else { 0 };
        Ok(Launch { kernel: slf, grid, block, stream, sharedmem, _stream_obj: stream_obj.map(|s| s.unbind()) })
    }

    /// `kernel.forall(ntasks, tpb=0, stream=0, sharedmem=0)`: a one-dimensional launch of
    /// `ntasks` threads; without `tpb`, the block size the driver's occupancy calculator
    /// chooses for the kernel (as Numba's `ForAll` does).
    #[pyo3(signature = (ntasks, tpb = 0, stream = None, sharedmem = None))]
    fn forall(
        slf: Py<Self>,
        ntasks: i64,
        tpb: i64,
        stream: Option<Bound<'_, PyAny>>,
        sharedmem: Option<Bound<'_, PyAny>>,
    ) -> PyResult<ForAll> {
        if ntasks < 0 {
            return Err(PyValueError::new_err(format!("Can't create ForAll with negative task count: {ntasks}")));
        }
        if ntasks > u32::MAX as i64 || !(0..=u32::MAX as i64).contains(&tpb) {
            return Err(PyValueError::new_err("ForAll: the task count and block size must fit in 32 bits"));
        }
        let handle = crate::device::stream_handle(stream.as_ref())?;
        let sharedmem = match &sharedmem {
            Some(b) => shared_bytes(b)?,
            None => 0,
        };
        Ok(ForAll { kernel: slf, ntasks: ntasks as u32, tpb: tpb as u32, stream: handle, sharedmem, _stream_obj: stream.map(|s| s.unbind()) })
    }

    #[pyo3(signature = (*_args))]
    fn __call__(&self, _args: &Bound<'_, PyTuple>) -> PyResult<()> {
        Err(PyTypeError::new_err(format!(
            "kernel '{}' needs a launch configuration: {}[griddim, blockdim](...)",
            self.name, self.name
        )))
    }

    fn __repr__(&self) -> String {
        format!("<numrs CUDA kernel {}>", self.name)
    }
}

/// An argument ready for the launch: its flattened parameter words and, for a host array, the
/// device copy to fetch back and free.
struct Prepared {
    words: Vec<u64>,
    device: Option<(u64, usize, *mut u8, bool)>,
}

fn scalar_bits(py: Python<'_>, obj: &Bound<'_, PyAny>, k: NumericKind) -> Option<u64> {
    let np = npy::npy(py).ok()?;
    let is_bool = obj.is_instance_of::<pyo3::types::PyBool>()
        || np.scalar_kind(unsafe { ffi::Py_TYPE(obj.as_ptr()) }) == Some(NumericKind::Boolean);
    let is_int = !is_bool
        && (obj.is_instance_of::<pyo3::types::PyInt>()
            || np.scalar_kind(unsafe { ffi::Py_TYPE(obj.as_ptr()) }).is_some_and(|s| s.is_integer()));
    let is_float = obj.is_instance_of::<pyo3::types::PyFloat>()
        || np.scalar_kind(unsafe { ffi::Py_TYPE(obj.as_ptr()) }).is_some_and(|s| s.is_float());
    use NumericKind::*;
    Some(match k {
        Boolean if is_bool => obj.is_truthy().ok()? as u64,
        Float32 if is_int || is_float => (obj.extract::<f64>().ok()? as f32).to_bits() as u64,
        Float64 if is_int || is_float => obj.extract::<f64>().ok()?.to_bits(),
        Int8 | Int16 | Int32 | Int64 if is_int || is_bool => obj.extract::<i64>().ok()? as u64,
        UInt8 | UInt16 | UInt32 | UInt64 if is_int || is_bool => obj.extract::<u64>().ok()?,
        _ => return None,
    })
}

/// Whether `obj` can be passed as `t` (host arrays: same dtype and dimensions, contiguous as
/// the layout asks; device arrays: the same, any strides for layout `A`; numbers: converted
/// as the dispatcher converts them).
fn accepts(py: Python<'_>, obj: &Bound<'_, PyAny>, t: &Type) -> bool {
    let Ok(np) = npy::npy(py) else { return false };
    match t {
        Type::Array(a) => unsafe {
            if !np.is_array(obj.as_ptr()) {
                let Ok(Some(v)) = crate::device::device_view(py, obj) else { return false };
                let (c, f) = v.contiguity();
                let layout_ok = match a.layout {
                    Layout::C => c,
                    Layout::F => f,
                    _ => true,
                };
                return v.shape.len() as u32 == a.ndim && Some(v.kind) == a.dtype.as_number() && layout_ok;
            }
            let f = npy::fields(obj.as_ptr());
            let c = f.flags & NPY_ARRAY_C_CONTIGUOUS != 0;
            let fo = f.flags & NPY_ARRAY_F_CONTIGUOUS != 0;
            let layout_ok = match a.layout {
                Layout::C => c,
                Layout::F => fo,
                _ => c || fo,
            };
            f.nd as u32 == a.ndim
                && np.kind_of_type_num((*f.descr).type_num) == a.dtype.as_number()
                && npy::native_byteorder(f.descr)
                && layout_ok
        },
        other => value_words(py, obj, other).is_some(),
    }
}

/// The parameter words of a number or tuple argument of type `t`: a number by value (its bits
/// in the low bytes), a complex number as its real and imaginary parts, a tuple item by item
/// (Numba's CUDA kernel ABI). `None` when `obj` cannot be passed as `t`.
fn value_words(py: Python<'_>, obj: &Bound<'_, PyAny>, t: &Type) -> Option<Vec<u64>> {
    if let Some(items) = t.tuple_items() {
        let tup = obj.downcast::<PyTuple>().ok()?;
        if tup.len() != items.len() {
            return None;
        }
        let mut out = Vec::new();
        for (item, ty) in tup.iter().zip(items.iter()) {
            out.extend(value_words(py, &item, ty)?);
        }
        return Some(out);
    }
    let k = t.as_number()?;
    if k.is_complex() {
        let np = npy::npy(py).ok()?;
        let scalar = np.scalar_kind(unsafe { ffi::Py_TYPE(obj.as_ptr()) });
        let is_number = obj.is_instance_of::<pyo3::types::PyComplex>()
            || obj.is_instance_of::<pyo3::types::PyFloat>()
            || (obj.is_instance_of::<pyo3::types::PyInt>() && !obj.is_instance_of::<pyo3::types::PyBool>())
            || scalar.is_some_and(|s| s != NumericKind::Boolean);
        if !is_number {
            return None;
        }
        let c = obj.call_method0("__complex__").or_else(|_| py.import("builtins")?.getattr("complex")?.call1((obj,))).ok()?;
        let c = c.downcast::<pyo3::types::PyComplex>().ok()?;
        let (re, im) = (c.real(), c.imag());
        return Some(if k == NumericKind::Complex64 {
            vec![(re as f32).to_bits() as u64, (im as f32).to_bits() as u64]
        } else {
            vec![re.to_bits(), im.to_bits()]
        });
    }
    scalar_bits(py, obj, k).map(|b| vec![b])
}

/// The words of an array parameter: meminfo, parent, nitems, itemsize, data, shape, strides.
fn array_words(data: u64, itemsize: usize, shape: &[i64], strides: &[i64]) -> Vec<u64> {
    let nitems: i64 = shape.iter().product();
    let mut words = vec![0, 0, nitems as u64, itemsize as u64, data];
    words.extend(shape.iter().map(|s| *s as u64));
    words.extend(strides.iter().map(|s| *s as u64));
    words
}

/// Makes `obj` a kernel argument of type `t`: a host array is copied to the device (on
/// `stream`), a device array is passed as it is, a number by value.
fn prepare(py: Python<'_>, d: &Driver, obj: &Bound<'_, PyAny>, t: &Type, stream: usize) -> PyResult<Prepared> {
    match t {
        Type::Array(a) => unsafe {
            let np = npy::npy(py)?;
            if !np.is_array(obj.as_ptr()) {
                let v = crate::device::device_view(py, obj)?.ok_or_else(|| PyTypeError::new_err("not an array"))?;
                return Ok(Prepared { words: array_words(v.ptr, v.itemsize, &v.shape, &v.strides), device: None });
            }
            let f = npy::fields(obj.as_ptr());
            let (dims, steps) = f.dims();
            let shape: Vec<i64> = dims.iter().map(|s| *s as i64).collect();
            let strides: Vec<i64> = steps.iter().map(|s| *s as i64).collect();
            let itemsize = numrs_abi::layout(&a.dtype).map_or(0, |l| l.size);
            let nitems: i64 = shape.iter().product();
            let nbytes = (nitems as usize) * itemsize;
            let mut dptr = 0u64;
            d.check((d.mem_alloc)(&mut dptr, nbytes.max(1)), "cuMemAlloc")?;
            if nbytes > 0 {
                let r = if stream == 0 {
                    (d.memcpy_htod)(dptr, f.data as *const c_void, nbytes)
                } else {
                    (d.memcpy_htod_async)(dptr, f.data as *const c_void, nbytes, stream as *mut c_void)
                };
                if let Err(e) = d.check(r, "copying an array to the device") {
                    (d.mem_free)(dptr);
                    return Err(e);
                }
            }
            // The device copy keeps the host array's layout (it is contiguous, C or F).
            let writeable = f.flags & NPY_ARRAY_WRITEABLE != 0;
            Ok(Prepared { words: array_words(dptr, itemsize, &shape, &strides), device: Some((dptr, nbytes, f.data, writeable)) })
        },
        other => {
            let words = value_words(py, obj, other).ok_or_else(|| PyTypeError::new_err(format!("cannot pass {obj} as {other}")))?;
            Ok(Prepared { words, device: None })
        }
    }
}

impl Kernel {
    /// The first signature the arguments fit, else Numba's TypeError.
    fn select(&self, py: Python<'_>, given: &[Bound<'_, PyAny>]) -> PyResult<&KernelSpec> {
        self.specs.iter().find(|s| s.args.len() == given.len() && s.args.iter().zip(given).all(|(t, a)| accepts(py, a, t))).ok_or_else(|| {
            // As Numba's dispatcher shows them: each argument's `typeof`.
            let shown: Vec<String> = given
                .iter()
                .map(|a| {
                    if let Ok(Some(v)) = crate::device::device_view(py, a) {
                        return v.numba_type().to_string();
                    }
                    let t = npy::npy(py).ok().and_then(|np| unsafe { crate::typing::typeof_value(py, np, a.as_ptr(), true) });
                    t.map_or_else(|| "pyobject".to_string(), |t| t.to_string())
                })
                .collect();
            let sigs: Vec<String> =
                self.specs.iter().map(|s| format!("({})", s.args.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(", "))).collect();
            PyTypeError::new_err(format!(
                "No matching definition for argument type(s) {} of kernel '{}' (signatures: {})",
                shown.join(", "),
                self.name,
                sigs.join(", ")
            ))
        })
    }

    /// The driver's function for one signature (the module's PTX loaded on first use).
    fn function(&self, d: &Driver, spec: &KernelSpec) -> PyResult<*mut c_void> {
        let module = self.ptx.module(d)?;
        let mut func = std::ptr::null_mut();
        d.check(unsafe { (d.module_get_function)(&mut func, module, spec.entry.as_ptr()) }, "cuModuleGetFunction")?;
        Ok(func)
    }
}

/// Launches `func` with `given` as `spec`'s arguments. As in Numba, a launch that passes only
/// device arrays and numbers is queued and not waited for; host arrays are copied to the device
/// on the launch's stream before it and back after it, and then the stream is waited for.
#[allow(clippy::too_many_arguments)]
fn launch(
    py: Python<'_>,
    d: &Driver,
    func: *mut c_void,
    spec: &KernelSpec,
    given: &[Bound<'_, PyAny>],
    grid: [u32; 3],
    block: [u32; 3],
    stream: usize,
    sharedmem: u32,
) -> PyResult<()> {
    let mut prepared: Vec<Prepared> = Vec::new();
    let result = (|| -> PyResult<()> {
        for (a, t) in given.iter().zip(&spec.args) {
            prepared.push(prepare(py, d, a, t, stream)?);
        }
        // Each parameter word is 8 bytes; a float32 or narrower integer parameter reads the
        // low bytes (little-endian), as the entry point declares it.
        let mut words: Vec<u64> = prepared.iter().flat_map(|p| p.words.iter().copied()).collect();
        let mut ptrs: Vec<*mut c_void> = words.iter_mut().map(|w| w as *mut u64 as *mut c_void).collect();
        let (g, b) = (grid, block);
        let r = unsafe {
            (d.launch)(func, g[0], g[1], g[2], b[0], b[1], b[2], sharedmem, stream as *mut c_void, ptrs.as_mut_ptr(), std::ptr::null_mut())
        };
        d.check(r, "cuLaunchKernel")?;
        if prepared.iter().all(|p| p.device.is_none()) {
            return Ok(());
        }
        for p in &prepared {
            if let Some((dptr, nbytes, host, true)) = p.device {
                if nbytes > 0 {
                    let r = unsafe {
                        if stream == 0 {
                            (d.memcpy_dtoh)(host as *mut c_void, dptr, nbytes)
                        } else {
                            (d.memcpy_dtoh_async)(host as *mut c_void, dptr, nbytes, stream as *mut c_void)
                        }
                    };
                    d.check(r, "copying an array back from the device")?;
                }
            }
        }
        d.check(unsafe { (d.stream_synchronize)(stream as *mut c_void) }, "the kernel (cuStreamSynchronize)")
    })();
    if prepared.iter().any(|p| p.device.is_some()) {
        // The copies may still be in use when the launch failed half-way.
        unsafe { (d.stream_synchronize)(stream as *mut c_void) };
    }
    for p in &prepared {
        if let Some((dptr, ..)) = p.device {
            unsafe { (d.mem_free)(dptr) };
        }
    }
    result
}

#[pymethods]
impl Launch {
    #[pyo3(signature = (*args))]
    fn __call__(&self, py: Python<'_>, args: &Bound<'_, PyTuple>) -> PyResult<()> {
        let kernel = self.kernel.get();
        let given: Vec<Bound<'_, PyAny>> = args.iter().collect();
        let spec = kernel.select(py, &given)?;
        let d = driver()?;
        let func = kernel.function(d, spec)?;
        launch(py, d, func, spec, &given, self.grid, self.block, self.stream, self.sharedmem)
    }
}
