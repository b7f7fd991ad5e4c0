//! `RuntimeApi::linalg`: Numba's `np.dot` and `np.linalg` (`numba/np/linalg.py` and the
//! C helpers of `numba/_lapack.c`), calling the BLAS and LAPACK routines SciPy exports
//! (`scipy.linalg.cython_blas` / `cython_lapack`), the same routines with the same arguments
//! and workspace sizes as Numba, so results agree bit for bit. SciPy is imported on the first
//! call; without it the call raises Numba's ImportError.

use std::ffi::{c_char, c_void};
use std::sync::atomic::{AtomicUsize, Ordering};

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

/// The routines used, by base name (`gemm`: `sgemm`, `dgemm`, `cgemm`, `zgemm`), and whether
/// they come from `cython_blas`; `nrm2` stands for `snrm2`, `dnrm2`, `scnrm2`, `dznrm2`.
const ROUTINES: &[(&str, bool)] = &[
    ("dot", true),
    ("dotu", true),
    ("dotc", true),
    ("gemv", true),
    ("gemm", true),
    ("nrm2", true),
    ("getrf", false),
    ("getri", false),
    ("gesv", false),
    ("potrf", false),
    ("syevd", false),
    ("heevd", false),
    ("gesdd", false),
    ("geev", false),
    ("geqrf", false),
    ("orgqr", false),
    ("ungqr", false),
    ("gelsd", false),
];

/// Addresses found so far, per routine and kind (0: not looked up yet); compiled code may
/// call from several threads at once.
static ADDRESSES: [AtomicUsize; 4 * 18] = [const { AtomicUsize::new(0) }; 4 * 18];

/// The address of SciPy's routine `base` (one of [`ROUTINES`]) for `kind`: imported once.
fn routine(kind: Kind, base: &str) -> Res<usize> {
    let index = match base {
        "dot" => Some(0),
        "dotu" => Some(1),
        "dotc" => Some(2),
        "gemv" => Some(3),
        "gemm" => Some(4),
        "nrm2" => Some(5),
        other => ROUTINES.iter().position(|(n, _)| *n == other),
    };
    let Some(i) = index else {
        return Err(Raise("RuntimeError", format!("unknown linear algebra routine {base}")));
    };
    let slot = &ADDRESSES[i * 4 + kind.0 as usize];
    let known = slot.load(Ordering::Acquire);
    if known != 0 {
        return Ok(known);
    }
    let blas = ROUTINES[i].1;
    let name = match base {
        "nrm2" => ["snrm2", "dnrm2", "scnrm2", "dznrm2"][kind.0 as usize].to_string(),
        _ => format!("{}{base}", kind.letter()),
    };
    let module = if blas { "cython_blas" } else { "cython_lapack" };
    let found = Python::with_gil(|py| -> Option<usize> {
        let m = py.import(format!("scipy.linalg.{module}")).ok()?;
        let capi = m.getattr("__pyx_capi__").ok()?;
        let cap = capi.get_item(name.as_str()).ok()?;
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
            slot.store(p, Ordering::Release);
            Ok(p)
        }
        None => Err(Raise("ImportError", "scipy 0.16+ is required for linear algebra".into())),
    }
}

fn blas(kind: Kind, name: &str) -> Res<usize> {
    routine(kind, name)
}

fn lapack(kind: Kind, name: &str) -> Res<usize> {
    routine(kind, name)
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
    let mut buf = uninit(r * c * kind.size());
    copy_items(a, kind, buf.as_mut_ptr() as *mut u8, true);
    buf
}

/// A buffer of `bytes` bytes (at least 16), aligned for any element kind, that the caller
/// fills entirely before reading.
fn uninit(bytes: usize) -> Vec<f64> {
    let n = bytes.div_ceil(8).max(2);
    let mut v = Vec::with_capacity(n);
    // SAFETY: f64 has no invalid bit patterns; callers overwrite what they read.
    unsafe { v.set_len(n) };
    v
}

/// The items of `a` (1 or 2 dimensions) into `dst`, in Fortran (`fortran`) or C order: one
/// copy when `a` is laid out so already, else item by item by their strides.
unsafe fn copy_items(a: &LinalgArray, kind: Kind, dst: *mut u8, fortran: bool) {
    let (r, c) = rows_cols(a);
    let isz = kind.size();
    let (s0, s1) = (a.strides[0] as isize, if a.ndim == 1 { 0 } else { a.strides[1] as isize });
    let z = isz as isize;
    let same = r * c == 0
        || (fortran && (r == 1 || s0 == z) && (c == 1 || s1 == z * r as isize))
        || (!fortran && (c == 1 || s1 == z) && (r == 1 || s0 == z * c as isize));
    if same {
        std::ptr::copy_nonoverlapping(a.data, dst, r * c * isz);
        return;
    }
    macro_rules! copy_as {
        ($t:ty) => {{
            let d = dst as *mut $t;
            for i in 0..r {
                for j in 0..c {
                    let v = (a.data.offset(i as isize * s0 + j as isize * s1) as *const $t).read_unaligned();
                    let k = if fortran { j * r + i } else { i * c + j };
                    d.add(k).write_unaligned(v);
                }
            }
        }};
    }
    match isz {
        4 => copy_as!(f32),
        8 => copy_as!(f64),
        _ => copy_as!([f64; 2]),
    }
}

/// The items of `a` into a new C-ordered buffer (Numba's `make_contiguous` of an 'A' array).
unsafe fn c_copy(a: &LinalgArray, kind: Kind) -> Vec<f64> {
    let (r, c) = rows_cols(a);
    let mut buf = uninit(r * c * kind.size());
    copy_items(a, kind, buf.as_mut_ptr() as *mut u8, false);
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
    // BLAS and LAPACK take C ints: Numba's `check_c_int` (an OverflowError, not a wrong size).
    let operands = match op {
        LinalgOp::Routine => 0,
        LinalgOp::Dot | LinalgOp::Vdot | LinalgOp::Solve | LinalgOp::Lstsq | LinalgOp::Cov | LinalgOp::Corrcoef => 2,
        LinalgOp::DotOut => 3,
        _ => 1,
    };
    for i in 0..operands {
        let a = arr(i);
        if (0..a.ndim.clamp(0, 2) as usize).any(|d| a.shape[d] > i32::MAX as i64) {
            return Err(Raise("OverflowError", "array size too large to fit in C int".into()));
        }
    }
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
            *scalars = norm(kind, &arr(0), order(scalars))?;
            Ok(())
        }
        LinalgOp::DotOut => dot_out(kind, &arr(0), &arr(1), &arr(2)),
        LinalgOp::Eig => eig(kind, &arr(0), slot(1), Some(slot(2)), results),
        LinalgOp::Eigvals => eig(kind, &arr(0), slot(1), None, results),
        LinalgOp::Qr => qr(kind, &arr(0), [slot(1) as *mut LinalgArray, slot(2)], results),
        LinalgOp::Lstsq => {
            let rank = lstsq(kind, &arr(0), &arr(1), *scalars, [slot(2) as *mut LinalgArray, slot(3), slot(4)], results)?;
            *scalars = rank as f64;
            Ok(())
        }
        LinalgOp::Pinv => pinv(kind, &arr(0), *scalars, slot(1), results),
        LinalgOp::Cond => {
            *scalars = cond(kind, &arr(0), order(scalars))?;
            Ok(())
        }
        LinalgOp::MatrixRank => {
            let tol = (*scalars.add(1) != 0.0).then(|| *scalars);
            *scalars = matrix_rank(kind, &arr(0), tol)? as f64;
            Ok(())
        }
        LinalgOp::MatrixPower => matrix_power(kind, &arr(0), *scalars as i64, slot(1), results),
        LinalgOp::Cov | LinalgOp::Corrcoef => {
            let y = arr(1);
            let opts = CovOptions {
                rowvar: *scalars != 0.0,
                bias: *scalars.add(1) != 0.0,
                ddof: match *scalars.add(3) as i64 {
                    0 => None,
                    1 => Some((*scalars.add(2), false)),
                    _ => Some((*scalars.add(2), true)),
                },
            };
            covariance(kind, op == LinalgOp::Corrcoef, &arr(0), (y.ndim >= 0).then_some(&y), opts, slot(2), scalars, results)
        }
        LinalgOp::Roots => roots(kind, &arr(0), slot(1), results),
        LinalgOp::Routine => {
            let base = ROUTINES.get(*scalars as usize).map_or("", |r| r.0);
            let p = routine(kind, base)?;
            *(scalars as *mut u64) = p as u64;
            Ok(())
        }
    }
}

/// Item `(i, j)` of an operand of any number type (its `NumericKind` in `layout`'s bits 8
/// and up), as a complex number of float64 parts.
unsafe fn number_at(a: &LinalgArray, i: usize, j: usize) -> (f64, f64) {
    let p = elem(a, i, j);
    match a.layout >> 8 {
        0 => ((p as *const u8).read() as f64, 0.0),
        1 => ((p as *const i8).read_unaligned() as f64, 0.0),
        2 => ((p as *const i16).read_unaligned() as f64, 0.0),
        3 => ((p as *const i32).read_unaligned() as f64, 0.0),
        4 => ((p as *const i64).read_unaligned() as f64, 0.0),
        5 => ((p as *const u8).read() as f64, 0.0),
        6 => ((p as *const u16).read_unaligned() as f64, 0.0),
        7 => ((p as *const u32).read_unaligned() as f64, 0.0),
        8 => ((p as *const u64).read_unaligned() as f64, 0.0),
        9 => ((p as *const f32).read_unaligned() as f64, 0.0),
        10 => ((p as *const f64).read_unaligned(), 0.0),
        11 => ((p as *const f32).read_unaligned() as f64, (p as *const f32).add(1).read_unaligned() as f64),
        _ => ((p as *const f64).read_unaligned(), (p as *const f64).add(1).read_unaligned()),
    }
}

struct CovOptions {
    rowvar: bool,
    bias: bool,
    /// The value, and whether it is a float.
    ddof: Option<(f64, bool)>,
}

/// Numba's `np_cov` and `np_corrcoef` (`arraymath.py`), in float64 or complex128 (`kind` 1 or
/// 3): the rows of `m` (and `y`) as variables, the product by BLAS as its `np.dot` does.
#[allow(clippy::too_many_arguments)]
unsafe fn covariance(kind: Kind, corr: bool, m: &LinalgArray, y: Option<&LinalgArray>, o: CovOptions, slot: &mut LinalgArray, scalars: *mut f64, results: &mut Results) -> Res<()> {
    let complex = kind.complex();
    let isz = kind.size();
    // `_handle_m_dim_change` and `_handle_ddof`.
    if m.ndim == 2 && m.shape[0] == 1 {
        return Err(Raise(
            "RuntimeError",
            "2D array containing a single row is unsupported due to ambiguity in type inference. To use numpy.cov in this case simply pass the row as a 1D array, i.e. m[0].".into(),
        ));
    }
    if let Some((d, true)) = o.ddof {
        if !d.is_finite() {
            return Err(Raise("ValueError", "Cannot convert non-finite ddof to integer".into()));
        }
        if d - d.trunc() != 0.0 {
            return Err(Raise("ValueError", "ddof must be integral value".into()));
        }
    }
    // `np.atleast_2d`, transposed unless `rowvar` (with `y`: each one not a single row).
    let view = |a: &LinalgArray| -> (usize, usize, bool) {
        let (r, c) = if a.ndim == 1 { (1, a.shape[0] as usize) } else { (a.shape[0] as usize, a.shape[1] as usize) };
        let t = !o.rowvar && (y.is_none() || r != 1);
        if t {
            (c, r, true)
        } else {
            (r, c, false)
        }
    };
    let at = |a: &LinalgArray, t: bool, i: usize, j: usize| -> (f64, f64) {
        let (i, j) = if t { (j, i) } else { (i, j) };
        if a.ndim == 1 {
            number_at(a, j, 0)
        } else {
            number_at(a, i, j)
        }
    };
    let (mr, mc, mt) = view(m);
    let mut rows: Vec<Vec<(f64, f64)>> = (0..mr).map(|i| (0..mc).map(|j| at(m, mt, i, j)).collect()).collect();
    if let Some(y) = y {
        let (yr, yc, yt) = view(y);
        if yc != mc {
            return Err(Raise("ValueError", "m and y have incompatible dimensions".into()));
        }
        rows.extend((0..yr).map(|i| (0..yc).map(|j| at(y, yt, i, j)).collect::<Vec<_>>()));
    }
    let (r, n) = (rows.len(), mc);
    let single = m.ndim == 1 && y.is_none();
    // The covariance matrix, as complex numbers of float64 parts, row-major.
    let mut c: Vec<(f64, f64)> = vec![(f64::NAN, 0.0); r * r];
    if r != 0 && n != 0 {
        let ddof = match o.ddof {
            Some((d, _)) => d,
            None if o.bias => 0.0,
            None => 1.0,
        };
        let fact = (n as f64 - ddof).max(0.0);
        // `X -= row_wise_average(X)`: each row's sum, in order, over n.
        for row in rows.iter_mut() {
            let (mut sr, mut si) = (0.0, 0.0);
            for v in row.iter() {
                sr += v.0;
                si += v.1;
            }
            let (ar, ai) = (sr / n as f64, si / n as f64);
            for v in row.iter_mut() {
                *v = (v.0 - ar, v.1 - ai);
            }
        }
        // `np.dot(X, np.conj(X.T))`: X is C, its conjugate transpose F (the same memory).
        let mut x = scratch(r * n * isz);
        let mut xc = scratch(r * n * isz);
        for (i, row) in rows.iter().enumerate() {
            for (j, v) in row.iter().enumerate() {
                write_scalar(kind, (x.as_mut_ptr() as *mut u8).add((i * n + j) * isz), [v.0, v.1]);
                write_scalar(kind, (xc.as_mut_ptr() as *mut u8).add((i * n + j) * isz), [v.0, -v.1]);
            }
        }
        let mut out = scratch(r * r * isz);
        matmul(kind, (x.as_mut_ptr() as *mut u8, false), (xc.as_mut_ptr() as *mut u8, true), r as i64, n as i64, r as i64, out.as_mut_ptr() as *mut u8)?;
        // `c *= np.true_divide(1, fact)`.
        let scale = 1.0 / fact;
        for (k, item) in c.iter_mut().enumerate() {
            let p = (out.as_ptr() as *const u8).add(k * isz);
            let (a, b) = if complex { ((p as *const f64).read(), (p as *const f64).add(1).read()) } else { ((p as *const f64).read(), 0.0) };
            *item = if complex { (a * scale - b * 0.0, a * 0.0 + b * scale) } else { (a * scale, 0.0) };
        }
    }
    if corr {
        if single {
            // `c / c`.
            let (a, b) = c[0];
            let q = if complex { np_complex_div((a, b), (a, b)) } else { (a / a, 0.0) };
            *scalars = q.0;
            *scalars.add(1) = q.1;
            return Ok(());
        }
        let stddev: Vec<f64> = (0..r).map(|i| c[i * r + i].0.sqrt()).collect();
        // (`c[i, :] /= stddev`: NumPy's division of a complex array by a float one.)
        let div = |v: (f64, f64), s: f64| if complex { np_complex_div(v, (s, 0.0)) } else { (v.0 / s, 0.0) };
        for i in 0..r {
            for j in 0..r {
                c[i * r + j] = div(c[i * r + j], stddev[j]);
            }
            for j in 0..r {
                c[j * r + i] = div(c[j * r + i], stddev[j]);
            }
        }
        // `_clip_corr` (of each part of complex numbers).
        let clip = |x: f64| if x.abs() > 1.0 { if x > 0.0 { 1.0 } else { -1.0 } } else { x };
        for v in c.iter_mut() {
            *v = if complex {
                let (re, im) = (clip(v.0), clip(v.1));
                // `real + 1j * imag`.
                let (jr, ji) = (0.0 * im - 1.0 * 0.0, 0.0 * 0.0 + 1.0 * im);
                (re + jr, 0.0 + ji)
            } else {
                (clip(v.0), 0.0)
            };
        }
    }
    let shape: Vec<usize> = if single { vec![] } else { vec![r, r] };
    let out = Out::new(slot, &shape, isz, false)?;
    results.keep(&out);
    for (k, v) in c.iter().enumerate().take(if single { 1 } else { r * r }) {
        write_scalar(kind, out.data().add(k * isz), [v.0, v.1]);
    }
    Ok(())
}

macro_rules! np_complex_division {
    ($name:ident, $t:ty) => {
        /// NumPy's complex division (Numba's `np_complex_div_impl`), as array expressions
        /// divide.
        fn $name((ar, ai): ($t, $t), (br, bi): ($t, $t)) -> ($t, $t) {
            let (abs_r, abs_i) = (br.abs(), bi.abs());
            if abs_r >= abs_i {
                if abs_r == 0.0 && abs_i == 0.0 {
                    return (ar / abs_r, ai / abs_r);
                }
                let rat = bi / br;
                let scl = 1.0 / (br + bi * rat);
                ((ar + ai * rat) * scl, (ai - ar * rat) * scl)
            } else {
                let rat = br / bi;
                let scl = 1.0 / (bi + br * rat);
                ((ar * rat + ai) * scl, (ai * rat - ar) * scl)
            }
        }
    };
}
np_complex_division!(np_complex_div, f64);
np_complex_division!(np_complex_div_f32, f32);

/// Numba's `roots_impl`: the eigenvalues of the companion matrix of the coefficients between
/// the first and last nonzero ones, then the trailing zeros' roots.
unsafe fn roots(kind: Kind, p: &LinalgArray, slot: &mut LinalgArray, results: &mut Results) -> Res<()> {
    let isz = kind.size();
    if p.ndim != 1 {
        return Err(Raise("ValueError", "Input must be a 1d array.".into()));
    }
    let len = p.shape[0] as usize;
    let vals: Vec<(f64, f64)> = (0..len).map(|k| number_at(p, k, 0)).collect();
    let nonzero: Vec<usize> = (0..len).filter(|k| vals[*k].0 != 0.0 || vals[*k].1 != 0.0).collect();
    let (Some(&first), Some(&last)) = (nonzero.first(), nonzero.last()) else {
        let o = Out::new(slot, &[0], isz, false)?;
        results.keep(&o);
        return Ok(());
    };
    let tz = len - last - 1;
    let q = &vals[first..=last];
    let n = q.len();
    let mut found: Vec<(f64, f64)> = Vec::new();
    if n > 1 {
        let d = n - 1;
        // `np.diag(np.ones(n - 2), 1).T`, its first row `-p[1:] / p[0]` (Fortran order).
        let mut a = scratch(d * d * isz);
        let ap = a.as_mut_ptr() as *mut u8;
        for i in 0..d.saturating_sub(1) {
            write_scalar(kind, fidx(ap, d, i + 1, i, isz), [1.0, 0.0]);
        }
        let input = p.layout >> 8;
        for j in 0..d {
            let (x, y) = (q[j + 1], q[0]);
            let v = match (kind.0, input) {
                // Integers: true division in float64.
                (_, 0..=8) => (-x.0 / y.0, 0.0),
                (0, _) => ((-(x.0 as f32) / y.0 as f32) as f64, 0.0),
                (2, _) => {
                    let r = np_complex_div_f32((-(x.0 as f32), -(x.1 as f32)), (y.0 as f32, y.1 as f32));
                    (r.0 as f64, r.1 as f64)
                }
                (3, _) => np_complex_div((-x.0, -x.1), y),
                _ => (-x.0 / y.0, 0.0),
            };
            write_scalar(kind, fidx(ap, d, 0, j, isz), [v.0, v.1]);
        }
        let desc = LinalgArray { meminfo: std::ptr::null_mut(), data: ap, ndim: 2, layout: 1, shape: [d as i64, d as i64], strides: [isz as i64, (d * isz) as i64] };
        let mut temp = Results(Vec::new());
        let mut wslot = desc;
        let r = eig(kind, &desc, &mut wslot, None, &mut temp);
        if let Err(e) = r {
            temp.release();
            return Err(e);
        }
        let wp = wslot.data;
        found = (0..d)
            .map(|k| match kind.0 {
                0 => ((wp as *const f32).add(k).read() as f64, 0.0),
                1 => ((wp as *const f64).add(k).read(), 0.0),
                2 => ((wp as *const f32).add(2 * k).read() as f64, (wp as *const f32).add(2 * k + 1).read() as f64),
                _ => ((wp as *const f64).add(2 * k).read(), (wp as *const f64).add(2 * k + 1).read()),
            })
            .collect();
        temp.release();
    }
    let o = Out::new(slot, &[found.len() + tz], isz, false)?;
    results.keep(&o);
    std::ptr::write_bytes(o.data(), 0, (found.len() + tz) * isz);
    for (k, v) in found.iter().enumerate() {
        write_scalar(kind, o.data().add(k * isz), [v.0, v.1]);
    }
    Ok(())
}

/// The order of a norm (`scalars[0]`), and whether it is an integer: `scalars[1]` is 0
/// without one, 1 for an integer, 2 for a float.
unsafe fn order(scalars: *const f64) -> Option<(f64, bool)> {
    match *scalars.add(1) as i64 {
        0 => None,
        1 => Some((*scalars, true)),
        _ => Some((*scalars, false)),
    }
}

fn converge(info: i32) -> Res<()> {
    if info > 0 {
        return Err(Raise("ValueError", "Internal algorithm failed to converge.".into()));
    }
    Ok(())
}

/// Item `(i, j)` of a Fortran buffer of `rows` rows.
unsafe fn fidx(p: *mut u8, rows: usize, i: usize, j: usize, isz: usize) -> *mut u8 {
    p.add((j * rows + i) * isz)
}

/// Numba's `eig_impl`/`eigvals_impl` (`geev`; a real matrix whose eigenvalues are not all
/// real is its ValueError, as Numba does where NumPy is older than 2.5).
unsafe fn eig(kind: Kind, a: &LinalgArray, wslot: &mut LinalgArray, vectors: Option<&mut LinalgArray>, results: &mut Results) -> Res<()> {
    let n = square(a)?;
    check_finite(a, kind)?;
    let mut acpy = fortran_copy(a, kind);
    let isz = kind.size();
    let want_v = vectors.is_some();
    let w = Out::new(wslot, &[n], isz, false)?;
    results.keep(&w);
    let mut own_v = scratch(2 * isz);
    let vr = match vectors {
        Some(slot) => {
            let v = Out::new(slot, &[n, n], isz, true)?;
            results.keep(&v);
            v.data()
        }
        None => own_v.as_mut_ptr() as *mut u8,
    };
    if n == 0 {
        return Ok(());
    }
    let jobvl = b'N' as c_char;
    let jobvr = if want_v { b'V' } else { b'N' } as c_char;
    let n32 = n as i32;
    let ldvr = if want_v { n32 } else { 1 };
    let one32 = 1i32;
    let mut vl = scratch(2 * isz);
    let mut info = 0i32;
    let minus = -1i32;
    let mut query = [0.0f64; 4];
    if !kind.complex() {
        let f: extern "C" fn(C, C, I, P, I, P, P, P, I, P, I, P, I, *mut i32) = std::mem::transmute(lapack(kind, "geev")?);
        let mut wi = scratch(n * isz);
        f(&jobvl, &jobvr, &n32, acpy.as_mut_ptr() as P, &n32, w.data() as P, wi.as_mut_ptr() as P, vl.as_mut_ptr() as P, &one32, vr as P, &ldvr, query.as_mut_ptr() as P, &minus, &mut info);
        let lwork = lwork_of(kind, &query);
        let mut work = scratch(lwork.max(1) as usize * isz);
        f(&jobvl, &jobvr, &n32, acpy.as_mut_ptr() as P, &n32, w.data() as P, wi.as_mut_ptr() as P, vl.as_mut_ptr() as P, &one32, vr as P, &ldvr, work.as_mut_ptr() as P, &lwork, &mut info);
        converge(info)?;
        let wip = wi.as_ptr() as *const u8;
        let complex_values = (0..n).any(|k| if kind.double() { (wip as *const f64).add(k).read() != 0.0 } else { (wip as *const f32).add(k).read() != 0.0 });
        if complex_values {
            let name = if want_v { "eig" } else { "eigvals" };
            return Err(Raise("ValueError", format!("{name}() argument must not cause a domain change.")));
        }
    } else {
        let f: extern "C" fn(C, C, I, P, I, P, P, I, P, I, P, I, P, *mut i32) = std::mem::transmute(lapack(kind, "geev")?);
        let mut r0 = [0.0f64; 4];
        f(&jobvl, &jobvr, &n32, acpy.as_mut_ptr() as P, &n32, w.data() as P, vl.as_mut_ptr() as P, &one32, vr as P, &ldvr, query.as_mut_ptr() as P, &minus, r0.as_mut_ptr() as P, &mut info);
        let lwork = lwork_of(kind, &query);
        let mut work = scratch(lwork.max(1) as usize * isz);
        let mut rwork = scratch(2 * n * isz);
        f(&jobvl, &jobvr, &n32, acpy.as_mut_ptr() as P, &n32, w.data() as P, vl.as_mut_ptr() as P, &one32, vr as P, &ldvr, work.as_mut_ptr() as P, &lwork, rwork.as_mut_ptr() as P, &mut info);
        converge(info)?;
    }
    Ok(())
}

/// Numba's `qr_impl`: `geqrf`, the upper triangle copied out, then `orgqr`/`ungqr`; `q` is
/// the first `min(m, n)` columns of the factored copy.
unsafe fn qr(kind: Kind, a: &LinalgArray, slots: [*mut LinalgArray; 2], results: &mut Results) -> Res<()> {
    let (m, n) = (a.shape[0] as usize, a.shape[1] as usize);
    if m == 0 || n == 0 {
        return Err(linalg_error("Arrays cannot be empty"));
    }
    check_finite(a, kind)?;
    let isz = kind.size();
    let q = fortran_result(kind, a, &mut *slots[0], results)?;
    let minmn = m.min(n);
    let mut tau = scratch(minmn * isz);
    let (m32, n32, k32) = (m as i32, n as i32, minmn as i32);
    let mut info = 0i32;
    let minus = -1i32;
    let geqrf: extern "C" fn(I, I, P, I, P, P, I, *mut i32) = std::mem::transmute(lapack(kind, "geqrf")?);
    let mut query = [0.0f64; 4];
    geqrf(&m32, &n32, q.data() as P, &m32, tau.as_mut_ptr() as P, query.as_mut_ptr() as P, &minus, &mut info);
    let lwork = lwork_of(kind, &query);
    let mut work = scratch(lwork.max(1) as usize * isz);
    geqrf(&m32, &n32, q.data() as P, &m32, tau.as_mut_ptr() as P, work.as_mut_ptr() as P, &lwork, &mut info);
    let r = Out::new(&mut *slots[1], &[minmn, n], isz, true)?;
    results.keep(&r);
    std::ptr::write_bytes(r.data(), 0, minmn * n * isz);
    for i in 0..n {
        for j in 0..=i.min(minmn - 1) {
            if i < minmn && j > i {
                continue;
            }
            std::ptr::copy_nonoverlapping(fidx(q.data(), m, j, i, isz), fidx(r.data(), minmn, j, i, isz), isz);
        }
    }
    let gqr: extern "C" fn(I, I, I, P, I, P, P, I, *mut i32) = std::mem::transmute(lapack(kind, if kind.complex() { "ungqr" } else { "orgqr" })?);
    gqr(&m32, &k32, &k32, q.data() as P, &m32, tau.as_mut_ptr() as P, query.as_mut_ptr() as P, &minus, &mut info);
    let lwork = lwork_of(kind, &query);
    let mut work = scratch(lwork.max(1) as usize * isz);
    gqr(&m32, &k32, &k32, q.data() as P, &m32, tau.as_mut_ptr() as P, work.as_mut_ptr() as P, &lwork, &mut info);
    converge(info)?;
    // `q[:, :minmn]`: a view of the first columns.
    (*slots[0]).shape[1] = minmn as i64;
    Ok(())
}

/// Numba's `lstsq_impl` (`gelsd`): the rank.
unsafe fn lstsq(kind: Kind, a: &LinalgArray, b: &LinalgArray, rcond: f64, slots: [*mut LinalgArray; 3], results: &mut Results) -> Res<i32> {
    let (m, n) = (a.shape[0] as usize, a.shape[1] as usize);
    let nrhs = if b.ndim == 1 { 1 } else { b.shape[1] as usize };
    check_finite(a, kind)?;
    check_finite(b, kind)?;
    if m == 0 || n == 0 || b.shape[0] == 0 || (b.ndim == 2 && b.shape[1] == 0) {
        return Err(linalg_error("Arrays cannot be empty"));
    }
    if a.shape[0] != b.shape[0] {
        return Err(linalg_error("Incompatible array sizes, system is not dimensionally valid."));
    }
    let isz = kind.size();
    let (minmn, maxmn) = (m.min(n), m.max(n));
    let mut acpy = fortran_copy(a, kind);
    let mut bcpy = scratch(maxmn * nrhs * isz);
    let bp = bcpy.as_mut_ptr() as *mut u8;
    for k in 0..nrhs {
        for i in 0..m {
            std::ptr::copy_nonoverlapping(elem(b, i, k), fidx(bp, maxmn, i, k, isz), isz);
        }
    }
    let s = Out::new(&mut *slots[2], &[minmn], kind.real_size(), false)?;
    results.keep(&s);
    let (m32, n32, r32, ldb) = (m as i32, n as i32, nrhs as i32, maxmn as i32);
    let mut rank = 0i32;
    let mut info = 0i32;
    let minus = -1i32;
    let mut query = [0.0f64; 4];
    let mut iwork0 = [0i32; 4];
    let rc64 = rcond;
    let rc32 = rcond as f32;
    let rc = if kind.double() { &rc64 as *const f64 as P } else { &rc32 as *const f32 as P };
    if !kind.complex() {
        let f: extern "C" fn(I, I, I, P, I, P, I, P, P, *mut i32, P, I, *mut i32, *mut i32) = std::mem::transmute(lapack(kind, "gelsd")?);
        f(&m32, &n32, &r32, acpy.as_mut_ptr() as P, &m32, bp as P, &ldb, s.data() as P, rc, &mut rank, query.as_mut_ptr() as P, &minus, iwork0.as_mut_ptr(), &mut info);
        let lwork = lwork_of(kind, &query);
        let mut work = scratch(lwork.max(1) as usize * isz);
        let mut iwork = vec![0i32; iwork0[0].max(1) as usize];
        f(&m32, &n32, &r32, acpy.as_mut_ptr() as P, &m32, bp as P, &ldb, s.data() as P, rc, &mut rank, work.as_mut_ptr() as P, &lwork, iwork.as_mut_ptr(), &mut info);
    } else {
        let f: extern "C" fn(I, I, I, P, I, P, I, P, P, *mut i32, P, I, P, *mut i32, *mut i32) = std::mem::transmute(lapack(kind, "gelsd")?);
        let mut r0 = [0.0f64; 4];
        f(&m32, &n32, &r32, acpy.as_mut_ptr() as P, &m32, bp as P, &ldb, s.data() as P, rc, &mut rank, query.as_mut_ptr() as P, &minus, r0.as_mut_ptr() as P, iwork0.as_mut_ptr(), &mut info);
        let lwork = lwork_of(kind, &query);
        let lrwork = lwork_of_real(kind.double(), &r0);
        let mut work = scratch(lwork.max(1) as usize * isz);
        let mut rwork = scratch(lrwork.max(1) as usize * kind.real_size());
        let mut iwork = vec![0i32; iwork0[0].max(1) as usize];
        f(&m32, &n32, &r32, acpy.as_mut_ptr() as P, &m32, bp as P, &ldb, s.data() as P, rc, &mut rank, work.as_mut_ptr() as P, &lwork, rwork.as_mut_ptr() as P, iwork.as_mut_ptr(), &mut info);
    }
    converge(info)?;
    // The residuals: `np.sum(b[n:, k] ** 2)` (of `np.abs` for complex numbers), in float64.
    let rsz = kind.real_size();
    let nres = if (rank as usize) < n || m <= n { 0 } else { nrhs };
    let res = Out::new(&mut *slots[1], &[nres], rsz, false)?;
    results.keep(&res);
    for k in 0..nres {
        let mut total = 0.0f64;
        for i in n..maxmn {
            let p = fidx(bp, maxmn, i, k, isz);
            let v = match kind.0 {
                0 => (p as *const f32).read() as f64,
                1 => (p as *const f64).read(),
                2 => (p as *const f32).read().hypot((p as *const f32).add(1).read()) as f64,
                _ => (p as *const f64).read().hypot((p as *const f64).add(1).read()),
            };
            total += v * v;
        }
        if kind.double() {
            (res.data() as *mut f64).add(k).write(total);
        } else {
            (res.data() as *mut f32).add(k).write(total as f32);
        }
    }
    // The solution: the first `n` rows.
    let shape: Vec<usize> = if b.ndim == 1 { vec![n] } else { vec![n, nrhs] };
    let x = Out::new(&mut *slots[0], &shape, isz, false)?;
    results.keep(&x);
    for i in 0..n {
        for k in 0..nrhs {
            std::ptr::copy_nonoverlapping(fidx(bp, maxmn, i, k, isz), x.data().add((i * nrhs + k) * isz), isz);
        }
    }
    Ok(rank)
}

/// `gesdd` into caller buffers (Numba's `numba_ez_gesdd`).
#[allow(clippy::too_many_arguments)]
unsafe fn gesdd(kind: Kind, jobz: u8, m: usize, n: usize, a: *mut u8, s: *mut u8, u: *mut u8, ldu: usize, vt: *mut u8, ldvt: usize) -> Res<()> {
    let isz = kind.size();
    let minmn = m.min(n);
    let jobz = jobz as c_char;
    let (m32, n32, ldu32, ldvt32) = (m as i32, n as i32, ldu as i32, ldvt as i32);
    let mut info = 0i32;
    let minus = -1i32;
    let mut query = [0.0f64; 4];
    let mut iwork = vec![0i32; 8 * minmn];
    let mut iw0 = [0i32; 4];
    if !kind.complex() {
        let f: extern "C" fn(C, I, I, P, I, P, P, I, P, I, P, I, *mut i32, *mut i32) = std::mem::transmute(lapack(kind, "gesdd")?);
        f(&jobz, &m32, &n32, a as P, &m32, s as P, u as P, &ldu32, vt as P, &ldvt32, query.as_mut_ptr() as P, &minus, iw0.as_mut_ptr(), &mut info);
        let lwork = lwork_of(kind, &query);
        let mut work = scratch(lwork.max(1) as usize * isz);
        f(&jobz, &m32, &n32, a as P, &m32, s as P, u as P, &ldu32, vt as P, &ldvt32, work.as_mut_ptr() as P, &lwork, iwork.as_mut_ptr(), &mut info);
    } else {
        let f: extern "C" fn(C, I, I, P, I, P, P, I, P, I, P, I, P, *mut i32, *mut i32) = std::mem::transmute(lapack(kind, "gesdd")?);
        let mut r0 = [0.0f64; 4];
        f(&jobz, &m32, &n32, a as P, &m32, s as P, u as P, &ldu32, vt as P, &ldvt32, query.as_mut_ptr() as P, &minus, r0.as_mut_ptr() as P, iw0.as_mut_ptr(), &mut info);
        let lwork = lwork_of(kind, &query);
        let maxmn = m.max(n);
        let lrwork = if jobz as u8 == b'N' { 7 * minmn } else { minmn * (5 * minmn + 7).max(2 * maxmn + 2 * minmn + 1) };
        let mut work = scratch(lwork.max(1) as usize * isz);
        let mut rwork = scratch(lrwork.max(1) * kind.real_size());
        f(&jobz, &m32, &n32, a as P, &m32, s as P, u as P, &ldu32, vt as P, &ldvt32, work.as_mut_ptr() as P, &lwork, rwork.as_mut_ptr() as P, iwork.as_mut_ptr(), &mut info);
    }
    converge(info)
}

/// Multiplies item `p` (of the array's type) by the real `s` in place, as Numba's `x * s`
/// (a complex number times a float is a complex product).
unsafe fn scale_item(kind: Kind, p: *mut u8, s: f64) {
    match kind.0 {
        0 => (p as *mut f32).write((p as *const f32).read() * s as f32),
        1 => (p as *mut f64).write((p as *const f64).read() * s),
        2 => {
            let q = p as *mut f32;
            let (a, b, c) = (q.read(), q.add(1).read(), s as f32);
            q.write(a * c - b * 0.0);
            q.add(1).write(a * 0.0 + b * c);
        }
        _ => {
            let q = p as *mut f64;
            let (a, b, c) = (q.read(), q.add(1).read(), s);
            q.write(a * c - b * 0.0);
            q.add(1).write(a * 0.0 + b * c);
        }
    }
}

/// Numba's `pinv_impl`: `gesdd`, the singular values above `rcond * s[0]` inverted into one
/// factor, then `gemm` with conjugate transposes; the result is Fortran-ordered (n, m).
unsafe fn pinv(kind: Kind, a: &LinalgArray, rcond: f64, slot: &mut LinalgArray, results: &mut Results) -> Res<()> {
    let (m, n) = (a.shape[0] as usize, a.shape[1] as usize);
    check_finite(a, kind)?;
    let isz = kind.size();
    let out = Out::new(slot, &[n, m], isz, true)?;
    results.keep(&out);
    if m == 0 || n == 0 {
        return Ok(());
    }
    let mut acpy = fortran_copy(a, kind);
    let minmn = m.min(n);
    let rsz = kind.real_size();
    let mut u = scratch(minmn * m * isz);
    let mut s = scratch(minmn * rsz);
    let mut vt = scratch(n * minmn * isz);
    let (up, sp, vp) = (u.as_mut_ptr() as *mut u8, s.as_mut_ptr() as *mut u8, vt.as_mut_ptr() as *mut u8);
    gesdd(kind, b'S', m, n, acpy.as_mut_ptr() as *mut u8, sp, up, m, vp, minmn)?;
    let sv = |k: usize| if kind.double() { (sp as *const f64).add(k).read() } else { (sp as *const f32).add(k).read() as f64 };
    let set = |k: usize, v: f64| if kind.double() { (sp as *mut f64).add(k).write(v) } else { (sp as *mut f32).add(k).write(v as f32) };
    let cut_at = sv(0) * rcond;
    let mut cut_idx = 0;
    for k in 0..minmn {
        if sv(k) > cut_at {
            set(k, 1.0 / sv(k));
            cut_idx = k;
        }
    }
    cut_idx += 1;
    if m >= n {
        // `vt[i, j] *= s[j]` of the C array (n, minmn).
        for i in 0..n {
            for j in 0..cut_idx {
                scale_item(kind, vp.add((i * minmn + j) * isz), sv(j));
            }
        }
    } else {
        // `u[i, j] *= s[i]` of the C array (minmn, m).
        for i in 0..cut_idx {
            for j in 0..minmn {
                scale_item(kind, up.add((i * m + j) * isz), sv(i));
            }
        }
    }
    let f: Gemm = std::mem::transmute(blas(kind, "gemm")?);
    let t = b'C' as c_char;
    let (nn, mm, kk, ldv, ldu, ldc) = (n as i32, m as i32, cut_idx as i32, minmn as i32, m as i32, n as i32);
    let alpha = one(kind);
    let beta = [0.0f64; 2];
    f(&t, &t, &nn, &mm, &kk, alpha.as_ptr() as P, vp as P, &ldv, up as P, &ldu, beta.as_ptr() as P, out.data() as P, &ldc);
    Ok(())
}

/// Numba's `cond_impl`.
unsafe fn cond(kind: Kind, x: &LinalgArray, p: Option<(f64, bool)>) -> Res<f64> {
    let r = match p {
        None => {
            let s = singular_values(kind, x)?;
            ratio(kind, s[0], s[s.len() - 1])
        }
        Some((p, _)) if p == 2.0 || p == -2.0 => {
            let s = singular_values(kind, x)?;
            if p == 2.0 {
                ratio(kind, s[0], s[s.len() - 1])
            } else {
                ratio(kind, s[s.len() - 1], s[0])
            }
        }
        Some(p) => {
            let norm_x = norm(kind, x, Some(p))?;
            let mut temp = Results(Vec::new());
            let mut slot = *x;
            let r = inv(kind, x, &mut slot, &mut temp).and_then(|_| norm(kind, &slot, Some(p)));
            temp.release();
            norm_x * r?
        }
    };
    Ok(if r.is_nan() { f64::INFINITY } else { r })
}

/// `np.divide` of two singular values, in their type.
fn ratio(kind: Kind, a: f64, b: f64) -> f64 {
    if kind.double() {
        a / b
    } else {
        (a as f32 / b as f32) as f64
    }
}

/// Numba's `matrix_rank_impl`.
unsafe fn matrix_rank(kind: Kind, a: &LinalgArray, tol: Option<f64>) -> Res<i64> {
    if a.ndim == 1 {
        for k in 0..a.shape[0] as usize {
            let p = elem(a, k, 0);
            let nonzero = match kind.0 {
                0 => (p as *const f32).read_unaligned() != 0.0,
                1 => (p as *const f64).read_unaligned() != 0.0,
                2 => (p as *const f32).read_unaligned() != 0.0 || (p as *const f32).add(1).read_unaligned() != 0.0,
                _ => (p as *const f64).read_unaligned() != 0.0 || (p as *const f64).add(1).read_unaligned() != 0.0,
            };
            if nonzero {
                return Ok(1);
            }
        }
        return Ok(0);
    }
    let s = singular_values(kind, a)?;
    let t = match tol {
        Some(t) => t,
        None => {
            let l = a.shape[0].max(a.shape[1]) as f64;
            let eps = if kind.double() { f64::EPSILON } else { f32::EPSILON as f64 };
            s[0] * l * eps
        }
    };
    Ok(s.iter().take_while(|v| **v > t).count() as i64)
}

/// Numba's `matrix_power_impl`: products by `np.dot`, C-ordered results.
unsafe fn matrix_power(kind: Kind, a: &LinalgArray, n: i64, slot: &mut LinalgArray, results: &mut Results) -> Res<()> {
    let isz = kind.size();
    let (rows, cols) = (a.shape[0] as usize, a.shape[1] as usize);
    let out_of = |slot: &mut LinalgArray, results: &mut Results, data: *const u8, k: usize| -> Res<()> {
        let o = Out::new(slot, &[k, k], isz, false)?;
        results.keep(&o);
        std::ptr::copy_nonoverlapping(data, o.data(), k * k * isz);
        Ok(())
    };
    if n == 0 {
        let o = Out::new(slot, &[rows, cols], isz, false)?;
        results.keep(&o);
        std::ptr::write_bytes(o.data(), 0, rows * cols * isz);
        for k in 0..rows.min(cols) {
            write_scalar(kind, o.data().add((k * cols + k) * isz), [1.0, 0.0]);
        }
        return Ok(());
    }
    if rows != cols {
        return Err(Raise("ValueError", "input must be a square array".into()));
    }
    let k = rows;
    if k == 0 {
        return out_of(slot, results, std::ptr::null(), 0);
    }
    // `A`: the matrix to raise, as (data, Fortran-ordered).
    let base = contiguous(a, kind);
    let (mut held, mut exp): (Vec<f64>, i64);
    let a_ptr: (*mut u8, bool);
    if n < 0 {
        let mut temp = Results(Vec::new());
        let mut inv_slot = *a;
        let r = inv(kind, a, &mut inv_slot, &mut temp);
        if let Err(e) = r {
            temp.release();
            return Err(e);
        }
        // `np.linalg.inv(a).copy()`: a C copy.
        held = c_copy(&inv_slot, kind);
        temp.release();
        if n == -1 {
            return out_of(slot, results, held.as_ptr() as *const u8, k);
        }
        exp = -n;
        a_ptr = (held.as_mut_ptr() as *mut u8, false);
    } else {
        if n == 1 {
            let c = c_copy(a, kind);
            return out_of(slot, results, c.as_ptr() as *const u8, k);
        }
        held = Vec::new();
        exp = n;
        a_ptr = (base.ptr(a), base.fortran(a));
    }
    let _ = &held;
    let product = |x: (*mut u8, bool), y: (*mut u8, bool)| -> Res<Vec<f64>> {
        let mut out = scratch(k * k * isz);
        matmul(kind, x, y, k as i64, k as i64, k as i64, out.as_mut_ptr() as *mut u8)?;
        Ok(out)
    };
    let c = |v: &mut Vec<f64>| (v.as_mut_ptr() as *mut u8, false);
    let result: Vec<f64> = if exp < 4 {
        let mut sq = product(a_ptr, a_ptr)?;
        if exp == 2 {
            sq
        } else {
            product(c(&mut sq), a_ptr)?
        }
    } else {
        // `acc` and `ret` hold the running square and the product so far; `None` is `A`
        // itself (`ret = acc` binds the same array, not a copy).
        let mut acc: Option<Vec<f64>> = None;
        let mut ret: Option<Option<Vec<f64>>> = None;
        let mut flag = true;
        while exp != 0 {
            if exp & 1 == 1 {
                if flag {
                    ret = Some(acc.clone());
                    flag = false;
                } else {
                    let mut r = ret.take().unwrap_or(None);
                    let rp = match r.as_mut() {
                        Some(v) => c(v),
                        None => a_ptr,
                    };
                    let mut ac = acc.clone();
                    let ap = match ac.as_mut() {
                        Some(v) => c(v),
                        None => a_ptr,
                    };
                    ret = Some(Some(product(rp, ap)?));
                }
            }
            let mut ac = acc.take();
            let ap = match ac.as_mut() {
                Some(v) => c(v),
                None => a_ptr,
            };
            acc = Some(product(ap, ap)?);
            exp >>= 1;
        }
        match ret.unwrap_or(None) {
            Some(v) => v,
            // (n >= 4 always multiplies at least once.)
            None => c_copy(a, kind),
        }
    };
    out_of(slot, results, result.as_ptr() as *const u8, k)
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
    if n > i32::MAX as i64 {
        return Err(Raise("OverflowError", "array size too large to fit in C int".into()));
    }
    let (n32, inc32) = (n as i32, inc as i32);
    let p = routine(kind, "nrm2")?;
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
        if x.layout & 0xff == 2 {
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
    gesdd(kind, b'N', m, n, acpy.as_mut_ptr() as *mut u8, s.as_mut_ptr() as *mut u8, u.as_mut_ptr() as *mut u8, m, vt.as_mut_ptr() as *mut u8, 1)?;
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
        matches!(self, Contig::Same) && a.layout & 0xff == 1
    }
}

unsafe fn contiguous(a: &LinalgArray, kind: Kind) -> Contig {
    if a.layout & 0xff == 2 {
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
            matmul(kind, (pa, fa), (pb, fb), m, k, n, o.data())
        }
    }
}

/// Numba's `dot_3_mm` past its checks, for a non-empty product: `out` (C, `m` by `n`) =
/// `a` (`m` by `k`) @ `b` (`k` by `n`), each operand C or F (`true`).
unsafe fn matmul(kind: Kind, (pa, fa): (*mut u8, bool), (pb, fb): (*mut u8, bool), m: i64, k: i64, n: i64, out: *mut u8) -> Res<()> {
    if n == 1 {
        if m == 1 {
            let mut r = [0.0f64; 2];
            xdot(kind, false, k, pa, pb, r.as_mut_ptr())?;
            write_scalar(kind, out, r);
            return Ok(());
        }
        // M * V: transposed when the matrix is C like the result.
        return gemv(kind, !fa, fa, [m, k], pa, pb, out);
    }
    if m == 1 {
        return gemv(kind, fb, fb, [k, n], pb, pa, out);
    }
    // Numba's `call_xxgemm`: the C result is computed as its transpose, `out.T = b.T @ a.T`.
    let f: Gemm = std::mem::transmute(blas(kind, "gemm")?);
    let param = |fortran: bool, shape: [i64; 2]| (if fortran { b't' } else { b'n' } as c_char, if fortran { shape[0] } else { shape[1] } as i32);
    let (ta, lda) = param(fb, [k, n]);
    let (tb, ldb) = param(fa, [m, k]);
    let ldc = n as i32;
    let (mm, nn, kk) = (n as i32, m as i32, k as i32);
    let alpha = one(kind);
    let beta = [0.0f64; 2];
    f(&ta, &tb, &mm, &nn, &kk, alpha.as_ptr() as P, pb as P, &lda, pa as P, &ldb, beta.as_ptr() as P, out as P, &ldc);
    Ok(())
}

/// `np.dot(a, b, out)` (Numba's `dot_3`): the checks first, then the product into `out`.
unsafe fn dot_out(kind: Kind, a: &LinalgArray, b: &LinalgArray, out: &LinalgArray) -> Res<()> {
    let isz = kind.size();
    let (ca, cb) = (contiguous(a, kind), contiguous(b, kind));
    let (fa, fb) = (ca.fortran(a), cb.fortran(b));
    let (pa, pb) = (ca.ptr(a), cb.ptr(b));
    let out_n: i64 = (0..out.ndim as usize).map(|d| out.shape[d]).product();
    let zero = || std::ptr::write_bytes(out.data, 0, out_n as usize * isz);
    let value_error = |m: &str| Err(Raise("ValueError", m.to_string()));
    match (a.ndim, b.ndim) {
        (2, 2) => {
            let (m, k, k2, n) = (a.shape[0], a.shape[1], b.shape[0], b.shape[1]);
            if k != k2 {
                return value_error("incompatible array sizes for np.dot(a, b) (matrix * matrix)");
            }
            if out.ndim != 2 || out.shape[0] != m || out.shape[1] != n {
                return value_error("incompatible output array size for np.dot(a, b, out) (matrix * matrix)");
            }
            if k == 0 || m == 0 || n == 0 {
                zero();
                return Ok(());
            }
            matmul(kind, (pa, fa), (pb, fb), m, k, n, out.data)
        }
        (1, 2) => {
            let (m, m2, n) = (a.shape[0], b.shape[0], b.shape[1]);
            if m != m2 {
                return value_error("incompatible array sizes for np.dot(a, b) (vector * matrix)");
            }
            if out.ndim != 1 || out.shape[0] != n {
                return value_error("incompatible output array size for np.dot(a, b, out) (vector * matrix)");
            }
            if m == 0 || n == 0 {
                zero();
                return Ok(());
            }
            gemv(kind, fb, fb, [m, n], pb, pa, out.data)
        }
        _ => {
            let (m, n, n2) = (a.shape[0], a.shape[1], b.shape[0]);
            if n != n2 {
                return value_error("incompatible array sizes for np.dot(a, b) (matrix * vector)");
            }
            if out.ndim != 1 || out.shape[0] != m {
                return value_error("incompatible output array size for np.dot(a, b, out) (matrix * vector)");
            }
            if n == 0 || m == 0 {
                zero();
                return Ok(());
            }
            gemv(kind, !fa, fa, [m, n], pa, pb, out.data)
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
    copy_items(a, kind, o.data(), true);
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
    let mut query = [0.0f64; 4];
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
    copy_items(b, kind, o.data(), true);
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

macro_rules! python_complex_division_by_real {
    ($name:ident, $t:ty) => {
        /// CPython's complex division (Numba's) of `x + yj` by the real `d` (`d + 0j`).
        fn $name(x: $t, y: $t, d: $t) -> ($t, $t) {
            let (br, bi): ($t, $t) = (d, 0.0);
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
    };
}
python_complex_division_by_real!(complex_div_real, f64);
python_complex_division_by_real!(complex_div_real_f32, f32);

unsafe fn cholesky(kind: Kind, a: &LinalgArray, slot: &mut LinalgArray, results: &mut Results) -> Res<()> {
    let n = square(a)?;
    let isz = kind.size();
    // The result is a C-ordered copy; LAPACK reads it as Fortran (its transpose), so asking
    // for the upper factor gives the lower one.
    let o = Out::new(slot, &[n, n], isz, false)?;
    results.keep(&o);
    copy_items(a, kind, o.data(), false);
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
    let mut work = [0.0f64; 4];
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
        let f: extern "C" fn(C, C, I, P, I, P, P, I, P, I, *mut i32, I, *mut i32) = std::mem::transmute(lapack(kind, "heevd")?);
        let mut rwork = [0.0f64; 4];
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
    gesdd(kind, jobz, m, n, acpy.as_mut_ptr() as *mut u8, s.data(), u.data(), m, vt.data(), ldvt)
}
