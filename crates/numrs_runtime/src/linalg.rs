//! `RuntimeApi::linalg`: Numba's `np.dot` and `np.linalg` (`numba/np/linalg.py` and the
//! C helpers of `numba/_lapack.c`), calling the BLAS and LAPACK routines SciPy exports
//! (`scipy.linalg.cython_blas` / `cython_lapack`), the same routines with the same arguments
//! and workspace sizes as Numba, so results agree bit for bit. SciPy is imported on the first
//! call; without it the call raises Numba's ImportError.

use std::collections::HashMap;
use std::ffi::{c_char, c_void};
use std::sync::{Mutex, OnceLock};

use numrs_abi::{ExcInfo, ExcKind, LinalgArray, LinalgOp, MemInfo, EXC_CLASS_PREFIX};
use pyo3::prelude::*;

/// An exception to raise: the class (a builtin name or a dotted path) and the message.
struct Raise(&'static str, String);

const LINALG_ERROR: &str = "numpy.linalg.LinAlgError";

fn linalg_error(msg: &str) -> Raise {
    Raise(LINALG_ERROR, msg.to_string())
}

type Res<T> = Result<T, Raise>;

/// The element type: 0 float32, 1 float64, 2 complex64, 3 complex128.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Kind(u32);

impl Kind {
    fn size(self) -> usize {
        [4, 8, 8, 16][self.0 as usize]
    }
    fn complex(self) -> bool {
        self.0 >= 2
    }
    fn double(self) -> bool {
        self.0 == 1 || self.0 == 3
    }
    fn letter(self) -> char {
        ['s', 'd', 'c', 'z'][self.0 as usize]
    }
    fn real_size(self) -> usize {
        if self.double() {
            8
        } else {
            4
        }
    }
}

// ----- SciPy's routines -----

fn routines() -> &'static Mutex<HashMap<String, usize>> {
    static R: OnceLock<Mutex<HashMap<String, usize>>> = OnceLock::new();
    R.get_or_init(|| Mutex::new(HashMap::new()))
}

/// The address of SciPy's `name` (`dgemm`) from `module` (`cython_blas`).
fn routine(module: &str, name: &str) -> Res<usize> {
    let key = format!("{module}.{name}");
    if let Some(p) = routines().lock().unwrap_or_else(|e| e.into_inner()).get(&key) {
        return Ok(*p);
    }
    let found = Python::with_gil(|py| -> Option<usize> {
        let m = py.import(format!("scipy.linalg.{module}")).ok()?;
        let capi = m.getattr("__pyx_capi__").ok()?;
        let cap = capi.get_item(name).ok()?;
        unsafe {
            let obj = cap.as_ptr();
            let cname = pyo3::ffi::PyCapsule_GetName(obj);
            let p = pyo3::ffi::PyCapsule_GetPointer(obj, cname);
            if p.is_null() {
                pyo3::ffi::PyErr_Clear();
                return None;
            }
            Some(p as usize)
        }
    });
    match found {
        Some(p) => {
            routines().lock().unwrap_or_else(|e| e.into_inner()).insert(key, p);
            Ok(p)
        }
        None => Err(Raise("ImportError", "scipy 0.16+ is required for linear algebra".into())),
    }
}

fn blas(kind: Kind, name: &str) -> Res<usize> {
    routine("cython_blas", &format!("{}{name}", kind.letter()))
}

fn lapack(kind: Kind, name: &str) -> Res<usize> {
    routine("cython_lapack", &format!("{}{name}", kind.letter()))
}

type P = *mut c_void;
type I = *const i32;
type C = *const c_char;

// ----- buffers -----

/// A zeroed scratch buffer of `bytes` bytes, aligned for any element kind.
fn scratch(bytes: usize) -> Vec<f64> {
    vec![0.0; bytes.div_ceil(8).max(2)]
}

/// Reads the workspace size LAPACK wrote into `work[0]` (its real part), as Numba's
/// `cast_from_X` does.
fn lwork_of(kind: Kind, work: &[f64]) -> i32 {
    if kind.double() {
        work[0] as i32
    } else {
        f32::from_bits(work[0].to_bits() as u32) as i32
    }
}

fn lwork_of_real(double: bool, work: &[f64]) -> i32 {
    if double {
        work[0] as i32
    } else {
        f32::from_bits(work[0].to_bits() as u32) as i32
    }
}

fn rows_cols(a: &LinalgArray) -> (usize, usize) {
    if a.ndim == 1 {
        (a.shape[0] as usize, 1)
    } else {
        (a.shape[0] as usize, a.shape[1] as usize)
    }
}

unsafe fn elem(a: &LinalgArray, i: usize, j: usize) -> *mut u8 {
    let s1 = if a.ndim == 1 { 0 } else { a.strides[1] };
    a.data.offset(i as isize * a.strides[0] as isize + j as isize * s1 as isize)
}

/// The items of `a` into a new Fortran-ordered buffer (Numba's `_copy_to_fortran_order`).
unsafe fn fortran_copy(a: &LinalgArray, kind: Kind) -> Vec<f64> {
    let (r, c) = rows_cols(a);
    let isz = kind.size();
    let mut buf = scratch(r * c * isz);
    let dst = buf.as_mut_ptr() as *mut u8;
    for j in 0..c {
        for i in 0..r {
            std::ptr::copy_nonoverlapping(elem(a, i, j), dst.add((j * r + i) * isz), isz);
        }
    }
    buf
}

/// The items of `a` into a new C-ordered buffer (Numba's `make_contiguous` of an 'A' array).
unsafe fn c_copy(a: &LinalgArray, kind: Kind) -> Vec<f64> {
    let (r, c) = rows_cols(a);
    let isz = kind.size();
    let mut buf = scratch(r * c * isz);
    let dst = buf.as_mut_ptr() as *mut u8;
    for i in 0..r {
        for j in 0..c {
            std::ptr::copy_nonoverlapping(elem(a, i, j), dst.add((i * c + j) * isz), isz);
        }
    }
    buf
}

/// Numba's `_check_finite_matrix`.
unsafe fn check_finite(a: &LinalgArray, kind: Kind) -> Res<()> {
    let (r, c) = rows_cols(a);
    let parts = if kind.complex() { 2 } else { 1 };
    for i in 0..r {
        for j in 0..c {
            let p = elem(a, i, j);
            for k in 0..parts {
                let finite = if kind.double() {
                    (p as *const f64).add(k).read_unaligned().is_finite()
                } else {
                    (p as *const f32).add(k).read_unaligned().is_finite()
                };
                if !finite {
                    return Err(linalg_error("Array must not contain infs or NaNs."));
                }
            }
        }
    }
    Ok(())
}

/// A new array result: `shape`, C (`fortran` false) or Fortran order, of `isz`-byte items.
struct Out {
    mi: *mut MemInfo,
}

impl Out {
    fn new(slot: &mut LinalgArray, shape: &[usize], isz: usize, fortran: bool) -> Res<Out> {
        let n: usize = shape.iter().product();
        let mi = crate::memory::meminfo_alloc((n * isz).max(1), 64);
        if mi.is_null() {
            return Err(Raise("MemoryError", "Allocation failed (probably too large).".into()));
        }
        slot.meminfo = mi;
        slot.data = unsafe { (*mi).data };
        slot.ndim = shape.len() as i64;
        slot.shape = [0; 2];
        slot.strides = [0; 2];
        for (d, s) in shape.iter().enumerate() {
            slot.shape[d] = *s as i64;
        }
        let mut acc = isz as i64;
        if fortran {
            for d in 0..shape.len() {
                slot.strides[d] = acc;
                acc *= shape[d] as i64;
            }
        } else {
            for d in (0..shape.len()).rev() {
                slot.strides[d] = acc;
                acc *= shape[d] as i64;
            }
        }
        Ok(Out { mi })
    }
    fn data(&self) -> *mut u8 {
        unsafe { (*self.mi).data }
    }
}

/// Frees the results allocated so far when an operation fails.
struct Results(Vec<*mut MemInfo>);

impl Results {
    fn keep(&mut self, o: &Out) {
        self.0.push(o.mi);
    }
    fn release(&mut self) {
        for mi in self.0.drain(..) {
            unsafe { crate::memory::numrs_meminfo_release(mi) };
        }
    }
}

// ----- the entry -----

/// `RuntimeApi::linalg`.
pub unsafe extern "C" fn api_linalg(op: u32, kind: u32, arrays: *mut LinalgArray, scalars: *mut f64, exc: *mut ExcInfo) -> i32 {
    let mut results = Results(Vec::new());
    let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| match (LinalgOp::from_u32(op), kind) {
        (Some(op), 0..=3) => run(op, Kind(kind), arrays, scalars, &mut results),
        _ => Err(Raise("RuntimeError", format!("unknown linear algebra operation {op}/{kind}"))),
    }))
    .unwrap_or_else(|_| Err(Raise("RuntimeError", "internal error in a linear algebra operation".into())));
    match r {
        Ok(()) => 0,
        Err(Raise(class, msg)) => {
            results.release();
            let text = match ExcKind::from_name(class) {
                Some(_) => msg,
                None => format!("{EXC_CLASS_PREFIX}\0{class}\0{msg}"),
            };
            let kind = ExcKind::from_name(class).unwrap_or(ExcKind::Exception);
            let p = crate::memory::plain_alloc(text.len().max(1));
            if !p.is_null() {
                std::ptr::copy_nonoverlapping(text.as_ptr(), p, text.len());
            }
            exc.write(ExcInfo { kind: kind as u32, msg: p, msg_len: if p.is_null() { 0 } else { text.len() }, msg_owned: 1 });
            1
        }
    }
}

unsafe fn run(op: LinalgOp, kind: Kind, arrays: *mut LinalgArray, scalars: *mut f64, results: &mut Results) -> Res<()> {
    let arr = |i: usize| *arrays.add(i);
    let slot = |i: usize| &mut *arrays.add(i);
    match op {
        LinalgOp::Dot => dot(kind, &arr(0), &arr(1), slot(2), scalars, results),
        LinalgOp::Vdot => {
            let (a, b) = (arr(0), arr(1));
            if a.shape[0] != b.shape[0] {
                return Err(Raise("ValueError", "incompatible array sizes for np.dot(a, b) (vector * vector)".into()));
            }
            let (ab, bb) = (contiguous(&a, kind), contiguous(&b, kind));
            xdot(kind, true, a.shape[0], ab.ptr(&a), bb.ptr(&b), scalars)
        }
        LinalgOp::Inv => inv(kind, &arr(0), slot(1), results),
        LinalgOp::Solve => solve(kind, &arr(0), &arr(1), slot(2), results),
        LinalgOp::Slogdet | LinalgOp::Det => {
            let (sre, sim, acc) = slogdet(kind, &arr(0))?;
            if op == LinalgOp::Slogdet {
                *scalars = sre;
                *scalars.add(1) = sim;
                *scalars.add(2) = acc;
            } else {
                // `sgn * np.exp(slogdet)`: a complex sign times a float is Numba's complex
                // product with a zero imaginary part.
                let e = acc.exp();
                if kind.complex() {
                    *scalars = sre * e - sim * 0.0;
                    *scalars.add(1) = sre * 0.0 + sim * e;
                } else {
                    *scalars = sre * e;
                    *scalars.add(1) = 0.0;
                }
            }
            Ok(())
        }
        LinalgOp::Cholesky => cholesky(kind, &arr(0), slot(1), results),
        LinalgOp::Eigh => eigh(kind, &arr(0), Some(slot(2)), slot(1), results),
        LinalgOp::Eigvalsh => eigh(kind, &arr(0), None, slot(1), results),
        LinalgOp::Svd => {
            let full = *scalars != 0.0;
            svd(kind, &arr(0), full, [slot(1) as *mut LinalgArray, slot(2), slot(3)], results)
        }
        LinalgOp::Norm => {
            let ord = match *scalars.add(1) as i64 {
                0 => None,
                1 => Some((*scalars, true)),
                _ => Some((*scalars, false)),
            };
            *scalars = norm(kind, &arr(0), ord)?;
            Ok(())
        }
    }
}

/// `abs(x[i, j])` in the items' real type, widened.
unsafe fn abs_at(kind: Kind, a: &LinalgArray, i: usize, j: usize) -> f64 {
    let p = elem(a, i, j);
    match kind.0 {
        0 => (p as *const f32).read_unaligned().abs() as f64,
        1 => (p as *const f64).read_unaligned().abs(),
        2 => {
            let q = p as *const f32;
            q.read_unaligned().hypot(q.add(1).read_unaligned()) as f64
        }
        _ => {
            let q = p as *const f64;
            q.read_unaligned().hypot(q.add(1).read_unaligned())
        }
    }
}

/// Numba's `_oneD_norm_2`: BLAS `nrm2` of `n` items from `data`, `inc` items apart.
unsafe fn nrm2(kind: Kind, n: i64, data: *mut u8, inc: i64) -> Res<f64> {
    let name = ["snrm2", "dnrm2", "scnrm2", "dznrm2"][kind.0 as usize];
    let (n32, inc32) = (n as i32, inc as i32);
    let p = routine("cython_blas", name)?;
    Ok(if kind.double() {
        let f: extern "C" fn(I, P, I) -> f64 = std::mem::transmute(p);
        f(&n32, data as P, &inc32)
    } else {
        let f: extern "C" fn(I, P, I) -> f32 = std::mem::transmute(p);
        f(&n32, data as P, &inc32) as f64
    })
}

/// Numba's `int_power_impl` of a float: exponentiation by squaring (`1.0 / r` for a negative
/// exponent, Numba's ZeroDivisionError when `r` is 0).
fn int_power(a: f64, b: i64) -> Res<f64> {
    let (invert, mut exp) = if b < 0 { (true, b.unsigned_abs()) } else { (false, b as u64) };
    if exp > 0x10000 {
        return Ok(a.powf(b as f64));
    }
    let (mut r, mut a) = (1.0f64, a);
    while exp != 0 {
        if exp & 1 == 1 {
            r *= a;
        }
        exp >>= 1;
        a *= a;
    }
    if !invert {
        return Ok(r);
    }
    if r == 0.0 {
        return Err(Raise("ZeroDivisionError", "division by zero".into()));
    }
    Ok(1.0 / r)
}

/// Numba's `_get_norm_impl`.
unsafe fn norm(kind: Kind, x: &LinalgArray, ord: Option<(f64, bool)>) -> Res<f64> {
    let isz = kind.size() as i64;
    if x.ndim == 1 {
        let n = x.shape[0] as usize;
        let Some((ord, int_ord)) = ord else { return nrm2(kind, n as i64, x.data, x.strides[0] / isz) };
        if n == 0 {
            return Ok(0.0);
        }
        let abs = |k: usize| abs_at(kind, x, k, 0);
        return Ok(if ord == 2.0 {
            nrm2(kind, n as i64, x.data, x.strides[0] / isz)?
        } else if ord == f64::INFINITY {
            (1..n).fold(abs(0), |r, k| if abs(k) > r { abs(k) } else { r })
        } else if ord == f64::NEG_INFINITY {
            (1..n).fold(abs(0), |r, k| if abs(k) < r { abs(k) } else { r })
        } else if ord == 0.0 {
            let nonzero = |k: usize| -> bool {
                let p = elem(x, k, 0);
                match kind.0 {
                    0 => (p as *const f32).read_unaligned() != 0.0,
                    1 => (p as *const f64).read_unaligned() != 0.0,
                    2 => (p as *const f32).read_unaligned() != 0.0 || (p as *const f32).add(1).read_unaligned() != 0.0,
                    _ => (p as *const f64).read_unaligned() != 0.0 || (p as *const f64).add(1).read_unaligned() != 0.0,
                }
            };
            (0..n).fold(0.0, |r, k| if nonzero(k) { r + 1.0 } else { r })
        } else if ord == 1.0 {
            (0..n).fold(0.0, |r, k| r + abs(k))
        } else {
            let mut sum = 0.0;
            for k in 0..n {
                sum += if int_ord { int_power(abs(k), ord as i64)? } else { abs(k).powf(ord) };
            }
            sum.powf(1.0 / ord)
        });
    }
    let (m, n) = (x.shape[0] as usize, x.shape[1] as usize);
    if m * n == 0 {
        return Ok(0.0);
    }
    let Some((ord, _)) = ord else {
        // The items in C order (an F array's transpose is C-contiguous).
        if x.layout == 2 {
            let c = c_copy(x, kind);
            return nrm2(kind, (m * n) as i64, c.as_ptr() as *mut u8, 1);
        }
        return nrm2(kind, (m * n) as i64, x.data, 1);
    };
    let row = |i: usize| (0..n).fold(0.0, |t, j| t + abs_at(kind, x, i, j));
    let col = |j: usize| (0..m).fold(0.0, |t, i| t + abs_at(kind, x, i, j));
    let max_val = if kind.double() { f64::MAX } else { f32::MAX as f64 };
    Ok(if ord == f64::INFINITY {
        (0..m).fold(0.0, |g, i| if row(i) > g { row(i) } else { g })
    } else if ord == f64::NEG_INFINITY {
        (0..m).fold(max_val, |g, i| if row(i) < g { row(i) } else { g })
    } else if ord == 1.0 {
        (0..n).fold(0.0, |g, j| if col(j) > g { col(j) } else { g })
    } else if ord == -1.0 {
        (0..n).fold(max_val, |g, j| if col(j) < g { col(j) } else { g })
    } else if ord == 2.0 || ord == -2.0 {
        let s = singular_values(kind, x)?;
        if ord == 2.0 {
            s[0]
        } else {
            s[s.len() - 1]
        }
    } else {
        return Err(Raise("ValueError", "Invalid norm order for matrices.".into()));
    })
}

/// Numba's `_compute_singular_values`: `gesdd` with `jobz='N'`.
unsafe fn singular_values(kind: Kind, a: &LinalgArray) -> Res<Vec<f64>> {
    let (m, n) = (a.shape[0] as usize, a.shape[1] as usize);
    if m == 0 || n == 0 {
        return Err(linalg_error("Arrays cannot be empty"));
    }
    check_finite(a, kind)?;
    let mut acpy = fortran_copy(a, kind);
    let minmn = m.min(n);
    let mut s = scratch(minmn * kind.real_size());
    let mut u = scratch(2 * kind.size());
    let mut vt = scratch(2 * kind.size());
    let jobz = b'N' as c_char;
    let (m32, n32, one32) = (m as i32, n as i32, 1i32);
    let mut info = 0i32;
    let minus = -1i32;
    let mut query = scratch(32);
    let mut iwork = vec![0i32; 8 * minmn];
    if !kind.complex() {
        let f: extern "C" fn(C, I, I, P, I, P, P, I, P, I, P, I, *mut i32, *mut i32) = std::mem::transmute(lapack(kind, "gesdd")?);
        let mut iw0 = [0i32; 4];
        f(&jobz, &m32, &n32, acpy.as_mut_ptr() as P, &m32, s.as_mut_ptr() as P, u.as_mut_ptr() as P, &m32, vt.as_mut_ptr() as P, &one32, query.as_mut_ptr() as P, &minus, iw0.as_mut_ptr(), &mut info);
        let lwork = lwork_of(kind, &query);
        let mut work = scratch(lwork.max(1) as usize * kind.size());
        f(&jobz, &m32, &n32, acpy.as_mut_ptr() as P, &m32, s.as_mut_ptr() as P, u.as_mut_ptr() as P, &m32, vt.as_mut_ptr() as P, &one32, work.as_mut_ptr() as P, &lwork, iwork.as_mut_ptr(), &mut info);
    } else {
        let f: extern "C" fn(C, I, I, P, I, P, P, I, P, I, P, I, P, *mut i32, *mut i32) = std::mem::transmute(lapack(kind, "gesdd")?);
        let mut r0 = scratch(32);
        let mut iw0 = [0i32; 4];
        f(&jobz, &m32, &n32, acpy.as_mut_ptr() as P, &m32, s.as_mut_ptr() as P, u.as_mut_ptr() as P, &m32, vt.as_mut_ptr() as P, &one32, query.as_mut_ptr() as P, &minus, r0.as_mut_ptr() as P, iw0.as_mut_ptr(), &mut info);
        let lwork = lwork_of(kind, &query);
        let mut work = scratch(lwork.max(1) as usize * kind.size());
        let mut rwork = scratch((7 * minmn).max(1) * kind.real_size());
        f(&jobz, &m32, &n32, acpy.as_mut_ptr() as P, &m32, s.as_mut_ptr() as P, u.as_mut_ptr() as P, &m32, vt.as_mut_ptr() as P, &one32, work.as_mut_ptr() as P, &lwork, rwork.as_mut_ptr() as P, iwork.as_mut_ptr(), &mut info);
    }
    if info > 0 {
        return Err(Raise("ValueError", "Internal algorithm failed to converge.".into()));
    }
    let p = s.as_ptr() as *const u8;
    Ok((0..minmn).map(|k| if kind.double() { (p as *const f64).add(k).read() } else { (p as *const f32).add(k).read() as f64 }).collect())
}

/// An operand as Numba's `make_contiguous` leaves it: C or F arrays as they are, others
/// copied to C order.
enum Contig {
    Same,
    Copied(Vec<f64>),
}

impl Contig {
    fn ptr(&self, a: &LinalgArray) -> *mut u8 {
        match self {
            Contig::Same => a.data,
            Contig::Copied(v) => v.as_ptr() as *mut u8,
        }
    }
    /// The layout the operand has now: true for F.
    fn fortran(&self, a: &LinalgArray) -> bool {
        matches!(self, Contig::Same) && a.layout == 1
    }
}

unsafe fn contiguous(a: &LinalgArray, kind: Kind) -> Contig {
    if a.layout == 2 {
        Contig::Copied(c_copy(a, kind))
    } else {
        Contig::Same
    }
}

fn one(kind: Kind) -> [f64; 2] {
    if kind.double() {
        [1.0, 0.0]
    } else {
        [f64::from_bits(1.0f32.to_bits() as u64), 0.0]
    }
}

unsafe fn xdot(kind: Kind, conjugate: bool, n: i64, x: *mut u8, y: *mut u8, out: *mut f64) -> Res<()> {
    let n32 = n as i32;
    let inc = 1i32;
    match kind.0 {
        0 => {
            let f: extern "C" fn(I, P, I, P, I) -> f32 = std::mem::transmute(blas(kind, "dot")?);
            let r = f(&n32, x as P, &inc, y as P, &inc);
            *out = r as f64;
            *out.add(1) = 0.0;
        }
        1 => {
            let f: extern "C" fn(I, P, I, P, I) -> f64 = std::mem::transmute(blas(kind, "dot")?);
            *out = f(&n32, x as P, &inc, y as P, &inc);
            *out.add(1) = 0.0;
        }
        2 => {
            #[repr(C)]
            struct C32(f32, f32);
            let f: extern "C" fn(I, P, I, P, I) -> C32 = std::mem::transmute(blas(kind, if conjugate { "dotc" } else { "dotu" })?);
            let r = f(&n32, x as P, &inc, y as P, &inc);
            *out = r.0 as f64;
            *out.add(1) = r.1 as f64;
        }
        _ => {
            #[repr(C)]
            struct C64(f64, f64);
            let f: extern "C" fn(I, P, I, P, I) -> C64 = std::mem::transmute(blas(kind, if conjugate { "dotc" } else { "dotu" })?);
            let r = f(&n32, x as P, &inc, y as P, &inc);
            *out = r.0;
            *out.add(1) = r.1;
        }
    }
    Ok(())
}

type Gemv = extern "C" fn(C, I, I, P, P, I, P, I, P, P, I);
type Gemm = extern "C" fn(C, C, I, I, I, P, P, I, P, I, P, P, I);

/// Numba's `call_xxgemv`: `out = m @ v` (or its transpose) for a matrix of `shape` whose
/// layout is F when `fortran`.
unsafe fn gemv(kind: Kind, trans: bool, fortran: bool, shape: [i64; 2], m: *mut u8, v: *mut u8, out: *mut u8) -> Res<()> {
    let f: Gemv = std::mem::transmute(blas(kind, "gemv")?);
    let (mm, nn, lda) = if fortran { (shape[0], shape[1], shape[0]) } else { (shape[1], shape[0], shape[1]) };
    let (mm, nn, lda) = (mm as i32, nn as i32, lda as i32);
    let t = if trans { b't' } else { b'n' } as c_char;
    let alpha = one(kind);
    let beta = [0.0f64; 2];
    let inc = 1i32;
    f(&t, &mm, &nn, alpha.as_ptr() as P, m as P, &lda, v as P, &inc, beta.as_ptr() as P, out as P, &inc);
    Ok(())
}

unsafe fn dot(kind: Kind, a: &LinalgArray, b: &LinalgArray, out: &mut LinalgArray, scalars: *mut f64, results: &mut Results) -> Res<()> {
    let isz = kind.size();
    let (ca, cb) = (contiguous(a, kind), contiguous(b, kind));
    let (fa, fb) = (ca.fortran(a), cb.fortran(b));
    let (pa, pb) = (ca.ptr(a), cb.ptr(b));
    match (a.ndim, b.ndim) {
        (1, 1) => {
            if a.shape[0] != b.shape[0] {
                return Err(Raise("ValueError", "incompatible array sizes for np.dot(a, b) (vector * vector)".into()));
            }
            xdot(kind, false, a.shape[0], pa, pb, scalars)
        }
        (2, 1) => {
            // `dot_2_mv`: an empty inner dimension gives zeros before any check.
            let (m, n) = (a.shape[0], a.shape[1]);
            let o = Out::new(out, &[m as usize], isz, false)?;
            results.keep(&o);
            std::ptr::write_bytes(o.data(), 0, m as usize * isz);
            if n == 0 {
                return Ok(());
            }
            if b.shape[0] != n {
                return Err(Raise("ValueError", "incompatible array sizes for np.dot(a, b) (matrix * vector)".into()));
            }
            if m == 0 {
                return Ok(());
            }
            gemv(kind, !fa, fa, [m, n], pa, pb, o.data())
        }
        (1, 2) => {
            let (m, n) = (b.shape[0], b.shape[1]);
            let o = Out::new(out, &[n as usize], isz, false)?;
            results.keep(&o);
            std::ptr::write_bytes(o.data(), 0, n as usize * isz);
            if a.shape[0] == 0 {
                return Ok(());
            }
            if a.shape[0] != m {
                return Err(Raise("ValueError", "incompatible array sizes for np.dot(a, b) (vector * matrix)".into()));
            }
            if n == 0 {
                return Ok(());
            }
            gemv(kind, fb, fb, [m, n], pb, pa, o.data())
        }
        _ => {
            let (m, k) = (a.shape[0], a.shape[1]);
            let (k2, n) = (b.shape[0], b.shape[1]);
            let o = Out::new(out, &[m as usize, n as usize], isz, false)?;
            results.keep(&o);
            std::ptr::write_bytes(o.data(), 0, (m * n) as usize * isz);
            if k == 0 {
                return Ok(());
            }
            if k != k2 {
                return Err(Raise("ValueError", "incompatible array sizes for np.dot(a, b) (matrix * matrix)".into()));
            }
            if m == 0 || n == 0 {
                return Ok(());
            }
            if n == 1 {
                if m == 1 {
                    let mut r = [0.0f64; 2];
                    xdot(kind, false, k, pa, pb, r.as_mut_ptr())?;
                    write_scalar(kind, o.data(), r);
                    return Ok(());
                }
                // M * V: transposed when the matrix is C like the result.
                return gemv(kind, !fa, fa, [m, k], pa, pb, o.data());
            }
            if m == 1 {
                return gemv(kind, fb, fb, [k, n], pb, pa, o.data());
            }
            // Numba's `call_xxgemm`: the C result is computed as its transpose,
            // `out.T = b.T @ a.T`.
            let f: Gemm = std::mem::transmute(blas(kind, "gemm")?);
            let param = |fortran: bool, shape: [i64; 2]| (if fortran { b't' } else { b'n' } as c_char, if fortran { shape[0] } else { shape[1] } as i32);
            let (ta, lda) = param(fb, [k, n]);
            let (tb, ldb) = param(fa, [m, k]);
            let ldc = n as i32;
            let (mm, nn, kk) = (n as i32, m as i32, k as i32);
            let alpha = one(kind);
            let beta = [0.0f64; 2];
            f(&ta, &tb, &mm, &nn, &kk, alpha.as_ptr() as P, pb as P, &lda, pa as P, &ldb, beta.as_ptr() as P, o.data() as P, &ldc);
            Ok(())
        }
    }
}

unsafe fn write_scalar(kind: Kind, p: *mut u8, v: [f64; 2]) {
    match kind.0 {
        0 => (p as *mut f32).write_unaligned(v[0] as f32),
        1 => (p as *mut f64).write_unaligned(v[0]),
        2 => {
            (p as *mut f32).write_unaligned(v[0] as f32);
            (p as *mut f32).add(1).write_unaligned(v[1] as f32);
        }
        _ => {
            (p as *mut f64).write_unaligned(v[0]);
            (p as *mut f64).add(1).write_unaligned(v[1]);
        }
    }
}

fn square(a: &LinalgArray) -> Res<usize> {
    if a.shape[0] != a.shape[1] {
        return Err(linalg_error("Last 2 dimensions of the array must be square."));
    }
    Ok(a.shape[1] as usize)
}

/// A Fortran-ordered result holding a copy of `a`.
unsafe fn fortran_result(kind: Kind, a: &LinalgArray, slot: &mut LinalgArray, results: &mut Results) -> Res<Out> {
    let (r, c) = rows_cols(a);
    let o = Out::new(slot, &[r, c], kind.size(), true)?;
    results.keep(&o);
    let buf = fortran_copy(a, kind);
    std::ptr::copy_nonoverlapping(buf.as_ptr() as *const u8, o.data(), r * c * kind.size());
    Ok(o)
}

type Getrf = extern "C" fn(I, I, P, I, *mut i32, *mut i32);

unsafe fn inv(kind: Kind, a: &LinalgArray, slot: &mut LinalgArray, results: &mut Results) -> Res<()> {
    let n = square(a)?;
    check_finite(a, kind)?;
    let o = fortran_result(kind, a, slot, results)?;
    if n == 0 {
        return Ok(());
    }
    let n32 = n as i32;
    let mut ipiv = vec![0i32; n];
    let mut info = 0i32;
    let getrf: Getrf = std::mem::transmute(lapack(kind, "getrf")?);
    getrf(&n32, &n32, o.data() as P, &n32, ipiv.as_mut_ptr(), &mut info);
    if info > 0 {
        return Err(linalg_error("Matrix is singular to machine precision."));
    }
    let getri: extern "C" fn(I, P, I, *mut i32, P, I, *mut i32) = std::mem::transmute(lapack(kind, "getri")?);
    let mut query = scratch(32);
    let minus = -1i32;
    getri(&n32, o.data() as P, &n32, ipiv.as_mut_ptr(), query.as_mut_ptr() as P, &minus, &mut info);
    let lwork = lwork_of(kind, &query);
    let mut work = scratch(lwork.max(1) as usize * kind.size());
    getri(&n32, o.data() as P, &n32, ipiv.as_mut_ptr(), work.as_mut_ptr() as P, &lwork, &mut info);
    if info > 0 {
        return Err(linalg_error("Matrix is singular to machine precision."));
    }
    Ok(())
}

unsafe fn solve(kind: Kind, a: &LinalgArray, b: &LinalgArray, slot: &mut LinalgArray, results: &mut Results) -> Res<()> {
    let n = a.shape[1] as usize;
    let nrhs = if b.ndim == 1 { 1 } else { b.shape[1] as usize };
    check_finite(a, kind)?;
    check_finite(b, kind)?;
    // `_system_check_dimensionally_valid`.
    if a.shape[0] != a.shape[1] {
        return Err(linalg_error("Last 2 dimensions of the array must be square."));
    }
    if b.shape[0] != a.shape[0] {
        return Err(linalg_error("Incompatible array sizes, system is not dimensionally valid."));
    }
    let isz = kind.size();
    let shape: Vec<usize> = if b.ndim == 1 { vec![n] } else { vec![n, nrhs] };
    let o = Out::new(slot, &shape, isz, true)?;
    results.keep(&o);
    if n == 0 {
        return Ok(());
    }
    let bf = fortran_copy(b, kind);
    std::ptr::copy_nonoverlapping(bf.as_ptr() as *const u8, o.data(), n * nrhs * isz);
    let mut acpy = fortran_copy(a, kind);
    let mut ipiv = vec![0i32; n];
    let (n32, r32) = (n as i32, nrhs as i32);
    let mut info = 0i32;
    let gesv: extern "C" fn(I, I, P, I, *mut i32, P, I, *mut i32) = std::mem::transmute(lapack(kind, "gesv")?);
    gesv(&n32, &r32, acpy.as_mut_ptr() as P, &n32, ipiv.as_mut_ptr(), o.data() as P, &n32, &mut info);
    if info > 0 {
        return Err(linalg_error("Matrix is singular to machine precision."));
    }
    Ok(())
}

/// Numba's `slogdet_impl`: (sign real, sign imaginary, log of the absolute determinant).
unsafe fn slogdet(kind: Kind, a: &LinalgArray) -> Res<(f64, f64, f64)> {
    let n = square(a)?;
    if n == 0 {
        return Ok((1.0, 0.0, 0.0));
    }
    check_finite(a, kind)?;
    let mut acpy = fortran_copy(a, kind);
    let n32 = n as i32;
    let mut ipiv = vec![0i32; n];
    let mut info = 0i32;
    let getrf: Getrf = std::mem::transmute(lapack(kind, "getrf")?);
    getrf(&n32, &n32, acpy.as_mut_ptr() as P, &n32, ipiv.as_mut_ptr(), &mut info);
    if info > 0 {
        return Ok((0.0, 0.0, f64::NEG_INFINITY));
    }
    let mut sgn: i64 = 1;
    for (k, p) in ipiv.iter().enumerate() {
        sgn += (*p as i64 != k as i64 + 1) as i64;
    }
    sgn &= 1;
    if sgn == 0 {
        sgn = -1;
    }
    let base = acpy.as_ptr() as *const u8;
    let diag = |k: usize| base.add((k * n + k) * kind.size());
    let mut acc = 0.0f64;
    if !kind.complex() {
        let mut s = sgn as f64;
        for k in 0..n {
            if kind.double() {
                let mut v = (diag(k) as *const f64).read();
                if v < 0.0 {
                    s = -s;
                    v = -v;
                }
                acc += v.ln();
            } else {
                let mut v = (diag(k) as *const f32).read();
                if v < 0.0 {
                    s = -s;
                    v = -v;
                }
                acc += v.ln() as f64;
            }
        }
        return Ok((s + 0.0, 0.0, acc));
    }
    // `csgn = csgn * (a[k, k] / absel)`, in the array's complex type, then complex128.
    let (mut cr, mut ci) = (sgn as f64, 0.0f64);
    for k in 0..n {
        let (re, im, logabs) = if kind.double() {
            let p = diag(k) as *const f64;
            let (x, y) = (p.read(), p.add(1).read());
            let absel = x.hypot(y);
            let (qr, qi) = complex_div_real(x, y, absel);
            (qr, qi, absel.ln())
        } else {
            let p = diag(k) as *const f32;
            let (x, y) = (p.read(), p.add(1).read());
            let absel = x.hypot(y);
            let (qr, qi) = complex_div_real_f32(x, y, absel);
            (qr as f64, qi as f64, absel.ln() as f64)
        };
        let (nr, ni) = (cr * re - ci * im, cr * im + ci * re);
        cr = nr;
        ci = ni;
        acc += logabs;
    }
    Ok((cr, ci, acc))
}

/// CPython's complex division (Numba's) of `x + yj` by the real `d` (`d + 0j`).
fn complex_div_real(x: f64, y: f64, d: f64) -> (f64, f64) {
    let (br, bi) = (d, 0.0f64);
    if br.abs() >= bi.abs() {
        let ratio = bi / br;
        let denom = br + bi * ratio;
        ((x + y * ratio) / denom, (y - x * ratio) / denom)
    } else {
        let ratio = br / bi;
        let denom = br * ratio + bi;
        ((x * ratio + y) / denom, (y * ratio - x) / denom)
    }
}

fn complex_div_real_f32(x: f32, y: f32, d: f32) -> (f32, f32) {
    let (br, bi) = (d, 0.0f32);
    if br.abs() >= bi.abs() {
        let ratio = bi / br;
        let denom = br + bi * ratio;
        ((x + y * ratio) / denom, (y - x * ratio) / denom)
    } else {
        let ratio = br / bi;
        let denom = br * ratio + bi;
        ((x * ratio + y) / denom, (y * ratio - x) / denom)
    }
}

unsafe fn cholesky(kind: Kind, a: &LinalgArray, slot: &mut LinalgArray, results: &mut Results) -> Res<()> {
    let n = square(a)?;
    let isz = kind.size();
    // The result is a C-ordered copy; LAPACK reads it as Fortran (its transpose), so asking
    // for the upper factor gives the lower one.
    let o = Out::new(slot, &[n, n], isz, false)?;
    results.keep(&o);
    let buf = c_copy(a, kind);
    std::ptr::copy_nonoverlapping(buf.as_ptr() as *const u8, o.data(), n * n * isz);
    if n == 0 {
        return Ok(());
    }
    let potrf: extern "C" fn(C, I, P, I, *mut i32) = std::mem::transmute(lapack(kind, "potrf")?);
    let up = b'U' as c_char;
    let n32 = n as i32;
    let mut info = 0i32;
    potrf(&up, &n32, o.data() as P, &n32, &mut info);
    if info > 0 {
        return Err(linalg_error("Matrix is not positive definite."));
    }
    // `out[:col, col] = 0`.
    for col in 0..n {
        for row in 0..col {
            std::ptr::write_bytes(o.data().add((row * n + col) * isz), 0, isz);
        }
    }
    Ok(())
}

unsafe fn eigh(kind: Kind, a: &LinalgArray, vectors: Option<&mut LinalgArray>, wslot: &mut LinalgArray, results: &mut Results) -> Res<()> {
    let n = square(a)?;
    check_finite(a, kind)?;
    let w = Out::new(wslot, &[n], kind.real_size(), false)?;
    results.keep(&w);
    let jobz = if vectors.is_some() { b'V' } else { b'N' } as c_char;
    let mut own;
    let data = match vectors {
        Some(slot) => fortran_result(kind, a, slot, results)?.data(),
        None => {
            own = fortran_copy(a, kind);
            own.as_mut_ptr() as *mut u8
        }
    };
    if n == 0 {
        return Ok(());
    }
    let uplo = b'L' as c_char;
    let n32 = n as i32;
    let mut info = 0i32;
    let minus = -1i32;
    let mut work = scratch(32);
    let mut iwork = [0i32; 4];
    if !kind.complex() {
        let f: extern "C" fn(C, C, I, P, I, P, P, I, *mut i32, I, *mut i32) = std::mem::transmute(lapack(kind, "syevd")?);
        f(&jobz, &uplo, &n32, data as P, &n32, w.data() as P, work.as_mut_ptr() as P, &minus, iwork.as_mut_ptr(), &minus, &mut info);
        let lwork = lwork_of(kind, &work);
        let liwork = iwork[0];
        let mut work = scratch(lwork.max(1) as usize * kind.size());
        let mut iwork = vec![0i32; liwork.max(1) as usize];
        f(&jobz, &uplo, &n32, data as P, &n32, w.data() as P, work.as_mut_ptr() as P, &lwork, iwork.as_mut_ptr(), &liwork, &mut info);
    } else {
        let name = "eevd";
        let f: extern "C" fn(C, C, I, P, I, P, P, I, P, I, *mut i32, I, *mut i32) = std::mem::transmute(lapack(kind, &format!("h{name}"))?);
        let mut rwork = scratch(32);
        f(&jobz, &uplo, &n32, data as P, &n32, w.data() as P, work.as_mut_ptr() as P, &minus, rwork.as_mut_ptr() as P, &minus, iwork.as_mut_ptr(), &minus, &mut info);
        let lwork = lwork_of_real(kind.double(), &work);
        let lrwork = lwork_of_real(kind.double(), &rwork);
        let liwork = iwork[0];
        let mut work = scratch(lwork.max(1) as usize * kind.size());
        let mut rwork = scratch(lrwork.max(1) as usize * kind.real_size());
        let mut iwork = vec![0i32; liwork.max(1) as usize];
        f(&jobz, &uplo, &n32, data as P, &n32, w.data() as P, work.as_mut_ptr() as P, &lwork, rwork.as_mut_ptr() as P, &lrwork, iwork.as_mut_ptr(), &liwork, &mut info);
    }
    if info > 0 {
        return Err(Raise("ValueError", "Internal algorithm failed to converge.".into()));
    }
    Ok(())
}

unsafe fn svd(kind: Kind, a: &LinalgArray, full: bool, slots: [*mut LinalgArray; 3], results: &mut Results) -> Res<()> {
    let (m, n) = (a.shape[0] as usize, a.shape[1] as usize);
    if m == 0 || n == 0 {
        return Err(linalg_error("Arrays cannot be empty"));
    }
    check_finite(a, kind)?;
    let mut acpy = fortran_copy(a, kind);
    let minmn = m.min(n);
    let (jobz, ucol, ldvt) = if full { (b'A', m, n) } else { (b'S', minmn, minmn) };
    let isz = kind.size();
    // `u` is (ucol, m) in C order, returned transposed: an F array (m, ucol); `vt` likewise.
    let u = Out::new(&mut *slots[0], &[m, ucol], isz, true)?;
    results.keep(&u);
    let s = Out::new(&mut *slots[1], &[minmn], kind.real_size(), false)?;
    results.keep(&s);
    let vt = Out::new(&mut *slots[2], &[ldvt, n], isz, true)?;
    results.keep(&vt);
    let jobz = jobz as c_char;
    let (m32, n32, ldu32, ldvt32) = (m as i32, n as i32, m as i32, ldvt as i32);
    let mut info = 0i32;
    let minus = -1i32;
    let mut query = scratch(32);
    let mut iwork = vec![0i32; 8 * minmn];
    if !kind.complex() {
        let f: extern "C" fn(C, I, I, P, I, P, P, I, P, I, P, I, *mut i32, *mut i32) = std::mem::transmute(lapack(kind, "gesdd")?);
        let mut iw0 = [0i32; 4];
        f(&jobz, &m32, &n32, acpy.as_mut_ptr() as P, &m32, s.data() as P, u.data() as P, &ldu32, vt.data() as P, &ldvt32, query.as_mut_ptr() as P, &minus, iw0.as_mut_ptr(), &mut info);
        let lwork = lwork_of(kind, &query);
        let mut work = scratch(lwork.max(1) as usize * isz);
        f(&jobz, &m32, &n32, acpy.as_mut_ptr() as P, &m32, s.data() as P, u.data() as P, &ldu32, vt.data() as P, &ldvt32, work.as_mut_ptr() as P, &lwork, iwork.as_mut_ptr(), &mut info);
    } else {
        let f: extern "C" fn(C, I, I, P, I, P, P, I, P, I, P, I, P, *mut i32, *mut i32) = std::mem::transmute(lapack(kind, "gesdd")?);
        let mut r0 = scratch(32);
        let mut iw0 = [0i32; 4];
        f(&jobz, &m32, &n32, acpy.as_mut_ptr() as P, &m32, s.data() as P, u.data() as P, &ldu32, vt.data() as P, &ldvt32, query.as_mut_ptr() as P, &minus, r0.as_mut_ptr() as P, iw0.as_mut_ptr(), &mut info);
        let lwork = lwork_of(kind, &query);
        let maxmn = m.max(n);
        let lrwork = minmn * (5 * minmn + 7).max(2 * maxmn + 2 * minmn + 1);
        let mut work = scratch(lwork.max(1) as usize * isz);
        let mut rwork = scratch(lrwork.max(1) * kind.real_size());
        f(&jobz, &m32, &n32, acpy.as_mut_ptr() as P, &m32, s.data() as P, u.data() as P, &ldu32, vt.data() as P, &ldvt32, work.as_mut_ptr() as P, &lwork, rwork.as_mut_ptr() as P, iwork.as_mut_ptr(), &mut info);
    }
    if info > 0 {
        return Err(Raise("ValueError", "Internal algorithm failed to converge.".into()));
    }
    Ok(())
}
