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
struct Driver {
    get_error_string: unsafe extern "C" fn(CuResult, *mut *const c_char) -> CuResult,
    module_load_data: unsafe extern "C" fn(*mut *mut c_void, *const c_void) -> CuResult,
    module_get_function: unsafe extern "C" fn(*mut *mut c_void, *mut c_void, *const c_char) -> CuResult,
    mem_alloc: unsafe extern "C" fn(*mut u64, usize) -> CuResult,
    mem_free: unsafe extern "C" fn(u64) -> CuResult,
    memcpy_htod: unsafe extern "C" fn(u64, *const c_void, usize) -> CuResult,
    memcpy_dtoh: unsafe extern "C" fn(*mut c_void, u64, usize) -> CuResult,
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
    synchronize: unsafe extern "C" fn() -> CuResult,
    set_current: unsafe extern "C" fn(*mut c_void) -> CuResult,
    /// Device 0's primary context (as a number: the driver's handles are thread-agnostic).
    context: usize,
}

// The function pointers are plain C entry points of the process-wide driver.
unsafe impl Send for Driver {}
unsafe impl Sync for Driver {}

impl Driver {
    fn check(&self, r: CuResult, what: &str) -> PyResult<()> {
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
fn driver() -> PyResult<&'static Driver> {
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

/// A kernel with its grid and block dimensions.
#[pyclass(module = "numrs_runtime", frozen)]
pub struct Launch {
    kernel: Py<Kernel>,
    grid: [u32; 3],
    block: [u32; 3],
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
    fn __getitem__(slf: Py<Self>, config: &Bound<'_, PyAny>) -> PyResult<Launch> {
        let t = config.downcast::<PyTuple>().map_err(|_| PyValueError::new_err("launch configuration: kernel[griddim, blockdim]"))?;
        if t.len() != 2 {
            return Err(PyValueError::new_err(format!(
                "launch configuration: kernel[griddim, blockdim] ({} items given; streams and dynamic shared memory are not supported by numrs yet)",
                t.len()
            )));
        }
        let grid = dims(&t.get_item(0)?, "griddim")?;
        let block = dims(&t.get_item(1)?, "blockdim")?;
        Ok(Launch { kernel: slf, grid, block })
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

/// An argument ready for the launch: its flattened parameter words and, for an array, the
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

/// Whether `obj` can be passed as `t` (arrays: same dtype and dimensions, contiguous as the
/// layout asks; numbers: converted as the dispatcher converts them).
fn accepts(py: Python<'_>, obj: &Bound<'_, PyAny>, t: &Type) -> bool {
    let Ok(np) = npy::npy(py) else { return false };
    match t {
        Type::Array(a) => unsafe {
            if !np.is_array(obj.as_ptr()) {
                return false;
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
        other => other.as_number().is_some_and(|k| scalar_bits(py, obj, k).is_some()),
    }
}

impl Launch {
    fn prepare(&self, py: Python<'_>, d: &Driver, obj: &Bound<'_, PyAny>, t: &Type) -> PyResult<Prepared> {
        match t {
            Type::Array(a) => unsafe {
                let f = npy::fields(obj.as_ptr());
                let nd = f.nd as usize;
                let shape = std::slice::from_raw_parts(f.dimensions, nd);
                let strides = std::slice::from_raw_parts(f.strides, nd);
                let itemsize = numrs_abi::layout(&a.dtype).map_or(0, |l| l.size);
                let nitems: i64 = shape.iter().map(|s| *s as i64).product();
                let nbytes = (nitems as usize) * itemsize;
                let mut dptr = 0u64;
                d.check((d.mem_alloc)(&mut dptr, nbytes.max(1)), "cuMemAlloc")?;
                if nbytes > 0 {
                    if let Err(e) = d.check((d.memcpy_htod)(dptr, f.data as *const c_void, nbytes), "copying an array to the device") {
                        (d.mem_free)(dptr);
                        return Err(e);
                    }
                }
                // The device copy keeps the host array's layout (it is contiguous, C or F).
                let mut words = vec![0, 0, nitems as u64, itemsize as u64, dptr];
                words.extend(shape.iter().map(|s| *s as u64));
                words.extend(strides.iter().map(|s| *s as u64));
                let writeable = f.flags & NPY_ARRAY_WRITEABLE != 0;
                Ok(Prepared { words, device: Some((dptr, nbytes, f.data, writeable)) })
            },
            other => {
                let k = other.as_number().ok_or_else(|| PyTypeError::new_err(format!("kernel parameter of type {other}")))?;
                let bits = scalar_bits(py, obj, k).ok_or_else(|| PyTypeError::new_err(format!("cannot pass {obj} as {other}")))?;
                Ok(Prepared { words: vec![bits], device: None })
            }
        }
    }
}

#[pymethods]
impl Launch {
    #[pyo3(signature = (*args))]
    fn __call__(&self, py: Python<'_>, args: &Bound<'_, PyTuple>) -> PyResult<()> {
        let kernel = self.kernel.get();
        let given: Vec<Bound<'_, PyAny>> = args.iter().collect();
        let spec = kernel
            .specs
            .iter()
            .find(|s| s.args.len() == given.len() && s.args.iter().zip(&given).all(|(t, a)| accepts(py, a, t)))
            .ok_or_else(|| {
                // As Numba's dispatcher shows them: each argument's `typeof`.
                let shown: Vec<String> = given
                    .iter()
                    .map(|a| {
                        let t = npy::npy(py).ok().and_then(|np| unsafe { crate::typing::typeof_value(py, np, a.as_ptr(), true) });
                        t.map_or_else(|| "pyobject".to_string(), |t| t.to_string())
                    })
                    .collect();
                let sigs: Vec<String> = kernel
                    .specs
                    .iter()
                    .map(|s| format!("({})", s.args.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(", ")))
                    .collect();
                PyTypeError::new_err(format!(
                    "No matching definition for argument type(s) {} of kernel '{}' (signatures: {})",
                    shown.join(", "),
                    kernel.name,
                    sigs.join(", ")
                ))
            })?;
        let d = driver()?;
        let module = kernel.ptx.module(d)?;
        let mut func = std::ptr::null_mut();
        d.check(unsafe { (d.module_get_function)(&mut func, module, spec.entry.as_ptr()) }, "cuModuleGetFunction")?;
        let mut prepared: Vec<Prepared> = Vec::new();
        let result = (|| -> PyResult<()> {
            for (a, t) in given.iter().zip(&spec.args) {
                prepared.push(self.prepare(py, d, a, t)?);
            }
            // Each parameter word is 8 bytes; a float32 or narrower integer parameter reads
            // the low bytes (little-endian), as the entry point declares it.
            let mut words: Vec<u64> = prepared.iter().flat_map(|p| p.words.iter().copied()).collect();
            let mut ptrs: Vec<*mut c_void> = words.iter_mut().map(|w| w as *mut u64 as *mut c_void).collect();
            let (g, b) = (self.grid, self.block);
            let r = unsafe {
                (d.launch)(func, g[0], g[1], g[2], b[0], b[1], b[2], 0, std::ptr::null_mut(), ptrs.as_mut_ptr(), std::ptr::null_mut())
            };
            d.check(r, "cuLaunchKernel")?;
            d.check(unsafe { (d.synchronize)() }, "the kernel (cuCtxSynchronize)")?;
            for p in &prepared {
                if let Some((dptr, nbytes, host, true)) = p.device {
                    if nbytes > 0 {
                        d.check(unsafe { (d.memcpy_dtoh)(host as *mut c_void, dptr, nbytes) }, "copying an array back from the device")?;
                    }
                }
            }
            Ok(())
        })();
        for p in &prepared {
            if let Some((dptr, ..)) = p.device {
                unsafe { (d.mem_free)(dptr) };
            }
        }
        result
    }
}
