//! Arrays in built modules: allocation through a RuntimeApi installed by the test, reference
//! counts (nothing leaks, returned arrays own one reference), views, array expressions.

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Mutex;

use numrs_build::{build_file, Options};
use numrs_check::CheckDatabase;

#[repr(C)]
struct ExcInfo {
    kind: u32,
    msg: *const u8,
    msg_len: usize,
    msg_owned: u32,
}

impl ExcInfo {
    fn new() -> Self {
        ExcInfo { kind: 99, msg: std::ptr::null(), msg_len: 0, msg_owned: 0 }
    }
    fn message(&self) -> String {
        String::from_utf8_lossy(unsafe { std::slice::from_raw_parts(self.msg, self.msg_len) }).into_owned()
    }
}

/// numrs_abi::MemInfo followed by the test's bookkeeping.
#[repr(C)]
struct MemInfo {
    refcount: i64,
    data: *mut u8,
    size: usize,
    layout: std::alloc::Layout,
}

#[repr(C)]
struct RuntimeApi {
    abi_version: u32,
    meminfo_alloc: unsafe extern "C" fn(usize, usize) -> *mut MemInfo,
    meminfo_release: unsafe extern "C" fn(*mut MemInfo),
    alloc: unsafe extern "C" fn(usize) -> *mut u8,
    free: unsafe extern "C" fn(*mut u8),
}

static LIVE: AtomicI64 = AtomicI64::new(0);
static ALLOCS: AtomicI64 = AtomicI64::new(0);
/// Tests share the counters: one at a time.
static SERIAL: Mutex<()> = Mutex::new(());

unsafe extern "C" fn mi_alloc(size: usize, align: usize) -> *mut MemInfo {
    let layout = std::alloc::Layout::from_size_align(size.max(1), align.max(8)).unwrap();
    let data = std::alloc::alloc(layout);
    LIVE.fetch_add(1, Ordering::SeqCst);
    ALLOCS.fetch_add(1, Ordering::SeqCst);
    Box::into_raw(Box::new(MemInfo { refcount: 1, data, size, layout }))
}

unsafe extern "C" fn mi_release(mi: *mut MemInfo) {
    assert_eq!((*mi).refcount, 0, "released with references left");
    let b = Box::from_raw(mi);
    std::alloc::dealloc(b.data, b.layout);
    LIVE.fetch_sub(1, Ordering::SeqCst);
}

unsafe extern "C" fn plain_alloc(size: usize) -> *mut u8 {
    libc_malloc(size)
}

unsafe extern "C" fn plain_free(_p: *mut u8) {}

unsafe fn libc_malloc(size: usize) -> *mut u8 {
    std::alloc::alloc(std::alloc::Layout::from_size_align(size.max(1), 16).unwrap())
}

static API: RuntimeApi = RuntimeApi {
    abi_version: 1,
    meminfo_alloc: mi_alloc,
    meminfo_release: mi_release,
    alloc: plain_alloc,
    free: plain_free,
};

#[repr(C)]
struct ModuleTable {
    abi_version: u32,
    n_functions: u32,
    module_name: *const u8,
    functions: *const u8,
    runtime: *mut *const RuntimeApi,
}

/// An array in Numba's model with `N` dimensions.
#[repr(C)]
#[derive(Clone, Copy, Debug)]
struct Arr<const N: usize> {
    meminfo: *mut MemInfo,
    parent: *mut u8,
    nitems: i64,
    itemsize: i64,
    data: *mut u8,
    shape: [i64; N],
    strides: [i64; N],
}

impl<const N: usize> Arr<N> {
    fn zeroed() -> Self {
        Arr { meminfo: std::ptr::null_mut(), parent: std::ptr::null_mut(), nitems: 0, itemsize: 0, data: std::ptr::null_mut(), shape: [0; N], strides: [0; N] }
    }
    fn values(&self) -> Vec<f64> {
        let mut out = Vec::new();
        let mut idx = [0i64; N];
        for _ in 0..self.nitems {
            let off: i64 = (0..N).map(|d| idx[d] * self.strides[d]).sum();
            out.push(unsafe { *(self.data.offset(off as isize) as *const f64) });
            for d in (0..N).rev() {
                idx[d] += 1;
                if idx[d] < self.shape[d] {
                    break;
                }
                idx[d] = 0;
            }
        }
        out
    }
    /// Drop the reference a returned array owns.
    fn release(&self) {
        if !self.meminfo.is_null() {
            unsafe {
                (*self.meminfo).refcount -= 1;
                if (*self.meminfo).refcount == 0 {
                    mi_release(self.meminfo);
                }
            }
        }
    }
}

/// A borrowed argument array over `v` (C order), with a fake parent.
fn arg1(v: &mut [f64]) -> Arr<1> {
    Arr { meminfo: std::ptr::null_mut(), parent: 0x1234 as *mut u8, nitems: v.len() as i64, itemsize: 8, data: v.as_mut_ptr() as *mut u8, shape: [v.len() as i64], strides: [8] }
}

fn arg2(v: &mut [f64], rows: usize, cols: usize) -> Arr<2> {
    assert_eq!(v.len(), rows * cols);
    Arr {
        meminfo: std::ptr::null_mut(),
        parent: 0x5678 as *mut u8,
        nitems: v.len() as i64,
        itemsize: 8,
        data: v.as_mut_ptr() as *mut u8,
        shape: [rows as i64, cols as i64],
        strides: [8 * cols as i64, 8],
    }
}

struct Built {
    lib: libloading::Library,
    _dir: tempfile::TempDir,
}

fn build(module: &str, source: &str, runtime: bool) -> Built {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join(format!("{module}.py"));
    std::fs::write(&path, source).expect("write source");
    let mut db = CheckDatabase::new();
    let file = db.add_file(&path.to_string_lossy(), source.as_bytes());
    let (compiled, written) = build_file(&db, file, dir.path(), &Options::default()).expect("build");
    assert!(compiled.problems.is_empty(), "{:?}", compiled.problems);
    let lib = unsafe { libloading::Library::new(&written.shared_object) }.expect("load the built module");
    if runtime {
        unsafe {
            let table = *lib.get::<*mut ModuleTable>(b"numrs_module_table").expect("table");
            *(*table).runtime = &API;
        }
    }
    Built { lib, _dir: dir }
}

impl Built {
    fn sym<T: Copy>(&self, name: &str) -> T {
        unsafe { *self.lib.get::<T>(name.as_bytes()).unwrap_or_else(|e| panic!("{name}: {e}")) }
    }
}

const SRC: &str = r#"
import numpy as np
from numba import njit

@njit("float64[::1](float64, float64[::1], float64[::1])")
def saxpy(a, x, y):
    return a * x + y

@njit("float64[:, ::1](float64[:, ::1])")
def softmax_rows(x):
    n = x.shape[0]
    m = x.shape[1]
    out = np.empty((n, m))
    for i in range(n):
        row = x[i]
        mx = row[0]
        for j in range(1, m):
            if row[j] > mx:
                mx = row[j]
        e = np.exp(row - mx)
        s = e.sum()
        for j in range(m):
            out[i, j] = e[j] / s
    return out

@njit("float64(float64[:, ::1], int64)")
def column_stats(x, j):
    c = x[:, j]
    d = c.copy()
    return d.sum() * 1000.0 + c.max() * 10.0 + c.min() + x[1:, j].mean() * 0.0

@njit("float64[:](float64[::1], int64, int64)")
def middle(a, i, j):
    return a[i:j]

@njit("float64[::1](int64)")
def ramp(n):
    z = np.zeros(n)
    o = np.ones(n)
    f = np.full(n, 0.5)
    r = np.arange(n) * 1.0
    return z + o + f + r + np.sqrt(r * r)

@njit("float64(float64[::1])")
def reversed_sum(a):
    b = a[::-1]
    s = 0.0
    for k in range(b.shape[0]):
        s = s * 10.0 + b[k]
    return s

@njit("float64(int64)")
def raises_after_alloc(n):
    t = np.empty(n)
    u = t
    if n > 2:
        raise ValueError("too big")
    return u.sum() * 0.0

@njit("float64(float64[::1], float64[::1])")
def broadcast_mismatch(a, b):
    return (a + b).sum()

@njit("float64[:, ::1](float64[:, ::1], float64[::1])")
def add_rowwise(x, v):
    return x + v

@njit("float64(float64[::1], int64)")
def wrap_sum(a, k):
    s = 0.0
    for i in range(-2, 0):
        s += a[i]
    for j in range(3):
        s += a[j] * 10.0
    for m in range(k, 0, 1):
        s += a[m] * 100.0
    return s

@njit("float64(float64[::1])")
def inplace(a):
    t = a.copy()
    t += 1.0
    t *= 2.0
    return t.sum()
"#;

type Saxpy = unsafe extern "C" fn(f64, *const Arr<1>, *const Arr<1>, *mut Arr<1>, *mut ExcInfo) -> i32;

#[test]
fn array_expression_allocates_one_owned_result() {
    let _g = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let m = build("arrs", SRC, true);
    let f: Saxpy = m.sym("numrs_arrs__saxpy__0");
    let mut x = vec![1.0, 2.0, 3.0];
    let mut y = vec![10.0, 20.0, 30.0];
    let (ax, ay) = (arg1(&mut x), arg1(&mut y));
    let mut out = Arr::<1>::zeroed();
    let mut exc = ExcInfo::new();
    let live = LIVE.load(Ordering::SeqCst);
    let allocs = ALLOCS.load(Ordering::SeqCst);
    assert_eq!(unsafe { f(2.0, &ax, &ay, &mut out, &mut exc) }, 0);
    assert_eq!(out.values(), vec![12.0, 24.0, 36.0]);
    assert!(!out.meminfo.is_null() && out.parent.is_null());
    assert_eq!(unsafe { (*out.meminfo).refcount }, 1);
    // The fused expression allocates only its result.
    assert_eq!(ALLOCS.load(Ordering::SeqCst) - allocs, 1);
    out.release();
    assert_eq!(LIVE.load(Ordering::SeqCst), live);
}

#[test]
fn per_iteration_temporaries_are_freed() {
    let _g = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let m = build("arrs", SRC, true);
    let f: unsafe extern "C" fn(*const Arr<2>, *mut Arr<2>, *mut ExcInfo) -> i32 = m.sym("numrs_arrs__softmax_rows__0");
    let mut x: Vec<f64> = (0..12).map(|i| (i % 5) as f64 * 0.5).collect();
    let ax = arg2(&mut x, 3, 4);
    let mut out = Arr::<2>::zeroed();
    let mut exc = ExcInfo::new();
    let live = LIVE.load(Ordering::SeqCst);
    assert_eq!(unsafe { f(&ax, &mut out, &mut exc) }, 0);
    assert_eq!(LIVE.load(Ordering::SeqCst), live + 1, "only the result stays alive");
    let v = out.values();
    for r in 0..3 {
        let row = &x[4 * r..4 * r + 4];
        let mx = row.iter().cloned().fold(f64::MIN, f64::max);
        let s: f64 = row.iter().map(|t| (t - mx).exp()).sum();
        for c in 0..4 {
            assert!((v[4 * r + c] - (row[c] - mx).exp() / s).abs() < 1e-15);
        }
    }
    out.release();
    assert_eq!(LIVE.load(Ordering::SeqCst), live);
}

#[test]
fn views_slices_and_reductions() {
    let _g = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let m = build("arrs", SRC, true);
    let stats: unsafe extern "C" fn(*const Arr<2>, i64, *mut f64, *mut ExcInfo) -> i32 = m.sym("numrs_arrs__column_stats__0");
    let mut x: Vec<f64> = vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0];
    let ax = arg2(&mut x, 3, 2);
    let mut r = 0.0;
    let mut exc = ExcInfo::new();
    let live = LIVE.load(Ordering::SeqCst);
    assert_eq!(unsafe { stats(&ax, 1, &mut r, &mut exc) }, 0);
    assert_eq!(r, 12.0 * 1000.0 + 60.0 + 2.0);
    assert_eq!(unsafe { stats(&ax, -2, &mut r, &mut exc) }, 0);
    assert_eq!(r, 9.0 * 1000.0 + 50.0 + 1.0);
    assert_eq!(LIVE.load(Ordering::SeqCst), live);

    let middle: unsafe extern "C" fn(*const Arr<1>, i64, i64, *mut Arr<1>, *mut ExcInfo) -> i32 = m.sym("numrs_arrs__middle__0");
    let mut a: Vec<f64> = (0..6).map(|i| i as f64).collect();
    let aa = arg1(&mut a);
    let mut out = Arr::<1>::zeroed();
    for (i, j, want) in [(1, 4, vec![1.0, 2.0, 3.0]), (-2, 100, vec![4.0, 5.0]), (4, 2, vec![]), (-100, 1, vec![0.0])] {
        assert_eq!(unsafe { middle(&aa, i, j, &mut out, &mut exc) }, 0);
        assert_eq!(out.values(), want, "a[{i}:{j}]");
        // A view of an argument keeps the argument's parent and owns no memory.
        assert!(out.meminfo.is_null());
        assert_eq!(out.parent, 0x1234 as *mut u8);
    }
    let rev: unsafe extern "C" fn(*const Arr<1>, *mut f64, *mut ExcInfo) -> i32 = m.sym("numrs_arrs__reversed_sum__0");
    let mut b = vec![1.0, 2.0, 3.0];
    let ab = arg1(&mut b);
    assert_eq!(unsafe { rev(&ab, &mut r, &mut exc) }, 0);
    assert_eq!(r, 321.0);
}

#[test]
fn constructors_and_ufuncs() {
    let _g = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let m = build("arrs", SRC, true);
    let ramp: unsafe extern "C" fn(i64, *mut Arr<1>, *mut ExcInfo) -> i32 = m.sym("numrs_arrs__ramp__0");
    let mut out = Arr::<1>::zeroed();
    let mut exc = ExcInfo::new();
    let live = LIVE.load(Ordering::SeqCst);
    assert_eq!(unsafe { ramp(4, &mut out, &mut exc) }, 0);
    assert_eq!(out.values(), vec![1.5, 3.5, 5.5, 7.5]);
    out.release();
    assert_eq!(LIVE.load(Ordering::SeqCst), live);
    assert_eq!(unsafe { ramp(-1, &mut out, &mut exc) }, 1);
    assert_eq!(exc.message(), "negative dimensions not allowed");
    assert_eq!(LIVE.load(Ordering::SeqCst), live);

    let add_rowwise: unsafe extern "C" fn(*const Arr<2>, *const Arr<1>, *mut Arr<2>, *mut ExcInfo) -> i32 = m.sym("numrs_arrs__add_rowwise__0");
    let mut x = vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0];
    let mut v = vec![10.0, 20.0, 30.0];
    let (ax, av) = (arg2(&mut x, 2, 3), arg1(&mut v));
    let mut o2 = Arr::<2>::zeroed();
    assert_eq!(unsafe { add_rowwise(&ax, &av, &mut o2, &mut exc) }, 0);
    assert_eq!(o2.values(), vec![11.0, 22.0, 33.0, 14.0, 25.0, 36.0]);
    o2.release();

    let inplace: unsafe extern "C" fn(*const Arr<1>, *mut f64, *mut ExcInfo) -> i32 = m.sym("numrs_arrs__inplace__0");
    let mut a = vec![1.0, 2.0];
    let aa = arg1(&mut a);
    let mut r = 0.0;
    assert_eq!(unsafe { inplace(&aa, &mut r, &mut exc) }, 0);
    assert_eq!(r, 10.0);
    assert_eq!(a, vec![1.0, 2.0], "the argument is not modified");
    assert_eq!(LIVE.load(Ordering::SeqCst), live);
}

#[test]
fn errors_release_what_was_allocated() {
    let _g = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let m = build("arrs", SRC, true);
    let f: unsafe extern "C" fn(i64, *mut f64, *mut ExcInfo) -> i32 = m.sym("numrs_arrs__raises_after_alloc__0");
    let mut r = 0.0;
    let mut exc = ExcInfo::new();
    let live = LIVE.load(Ordering::SeqCst);
    assert_eq!(unsafe { f(5, &mut r, &mut exc) }, 1);
    assert_eq!(exc.message(), "too big");
    assert_eq!(LIVE.load(Ordering::SeqCst), live);
    assert_eq!(unsafe { f(2, &mut r, &mut exc) }, 0);
    assert_eq!(LIVE.load(Ordering::SeqCst), live);

    let g: unsafe extern "C" fn(*const Arr<1>, *const Arr<1>, *mut f64, *mut ExcInfo) -> i32 = m.sym("numrs_arrs__broadcast_mismatch__0");
    let mut a = vec![1.0, 2.0, 3.0];
    let mut b = vec![1.0, 2.0];
    let mut one = vec![5.0];
    let (aa, ab, a1) = (arg1(&mut a), arg1(&mut b), arg1(&mut one));
    assert_eq!(unsafe { g(&aa, &ab, &mut r, &mut exc) }, 1);
    assert_eq!(exc.kind, 3, "ValueError");
    assert_eq!(unsafe { g(&aa, &a1, &mut r, &mut exc) }, 0);
    assert_eq!(r, 21.0);
    assert_eq!(LIVE.load(Ordering::SeqCst), live);
}

#[test]
fn negative_indices_still_wrap_where_loops_may_go_below_zero() {
    let _g = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let m = build("arrs", SRC, true);
    let f: unsafe extern "C" fn(*const Arr<1>, i64, *mut f64, *mut ExcInfo) -> i32 = m.sym("numrs_arrs__wrap_sum__0");
    let mut a = vec![1.0, 2.0, 3.0, 4.0];
    let aa = arg1(&mut a);
    let mut r = 0.0;
    let mut exc = ExcInfo::new();
    assert_eq!(unsafe { f(&aa, -1, &mut r, &mut exc) }, 0);
    assert_eq!(r, 3.0 + 4.0 + 60.0 + 400.0);
}

#[test]
fn allocation_without_a_runtime_is_an_error_not_a_crash() {
    let _g = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let m = build("arrs_nort", SRC, false);
    let ramp: unsafe extern "C" fn(i64, *mut Arr<1>, *mut ExcInfo) -> i32 = m.sym("numrs_arrs_nort__ramp__0");
    let mut out = Arr::<1>::zeroed();
    let mut exc = ExcInfo::new();
    assert_eq!(unsafe { ramp(3, &mut out, &mut exc) }, 1);
    assert_eq!(exc.kind, 8, "RuntimeError");
}

const NP_SRC: &str = r#"
import numpy as np
from numba import njit

@njit("float64(float64[:])")
def moments(a):
    return a.std() * 1000.0 + np.var(a) * 100.0 + a.argmax() * 10.0 + np.argmin(a)

@njit("float64[:](float64[:])")
def masked(a):
    sel = a[a > 2.0]
    sel[np.arange(0, 3, 2)] = -1.0
    a[a < 1.0] = 0.5
    return sel

@njit("float64[:, :](float64[::1], float64[::1])")
def joined(a, b):
    c = np.concatenate((a, b))
    s = np.stack((a, b))
    v = np.vstack((s, c.reshape(2, -1)))
    return v.T.copy()

@njit("int64[:](float64[:])")
def order(a):
    return np.argsort(a)

@njit("float64[:](float64[:, :])")
def row_sums(m):
    acc = np.zeros(m.shape[1])
    for row in m:
        acc += row
    return acc - m.sum(axis=0) + np.cumsum(m)[-1]

@njit("float64[:, :](float64[::1], int64)")
def bad_reshape(a, k):
    return a.reshape(k, -1)
"#;

fn i64_values(a: &Arr<1>) -> Vec<i64> {
    (0..a.nitems).map(|i| unsafe { *(a.data.offset((i * a.strides[0]) as isize) as *const i64) }).collect()
}

#[test]
fn numpy_functions_compute_numbas_results_without_leaks() {
    let _g = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let m = build("npf", NP_SRC, true);
    let mut exc = ExcInfo::new();
    let live = LIVE.load(Ordering::SeqCst);

    let moments: unsafe extern "C" fn(*const Arr<1>, *mut f64, *mut ExcInfo) -> i32 = m.sym("numrs_npf__moments__0");
    let mut a = vec![1.0, 4.0, 2.0, 0.0];
    let aa = arg1(&mut a);
    let mut r = 0.0;
    assert_eq!(unsafe { moments(&aa, &mut r, &mut exc) }, 0);
    let var: f64 = 21.0 / 4.0 - 1.75 * 1.75;
    assert!((r - (var.powf(0.5) * 1000.0 + var * 100.0 + 10.0 + 3.0)).abs() < 1e-9, "{r}");

    let masked: unsafe extern "C" fn(*const Arr<1>, *mut Arr<1>, *mut ExcInfo) -> i32 = m.sym("numrs_npf__masked__0");
    let mut b = vec![3.0, 0.0, 5.0, 7.0, 1.5];
    let ab = arg1(&mut b);
    let mut out = Arr::<1>::zeroed();
    assert_eq!(unsafe { masked(&ab, &mut out, &mut exc) }, 0);
    assert_eq!(out.values(), vec![-1.0, 5.0, -1.0]);
    assert_eq!(b, vec![3.0, 0.5, 5.0, 7.0, 1.5]);
    out.release();

    let joined: unsafe extern "C" fn(*const Arr<1>, *const Arr<1>, *mut Arr<2>, *mut ExcInfo) -> i32 = m.sym("numrs_npf__joined__0");
    let mut x = vec![1.0, 2.0];
    let mut y = vec![3.0, 4.0];
    let (ax, ay) = (arg1(&mut x), arg1(&mut y));
    let mut o2 = Arr::<2>::zeroed();
    assert_eq!(unsafe { joined(&ax, &ay, &mut o2, &mut exc) }, 0);
    assert_eq!(o2.shape, [2, 4]);
    assert_eq!(o2.values(), vec![1.0, 3.0, 1.0, 3.0, 2.0, 4.0, 2.0, 4.0]);
    o2.release();

    // Numba's quicksort order for ties (insertion sort below 15 items is stable).
    let order: unsafe extern "C" fn(*const Arr<1>, *mut Arr<1>, *mut ExcInfo) -> i32 = m.sym("numrs_npf__order__0");
    let mut c = vec![3.0, 1.0, 2.0, 1.0, f64::NAN, -0.5];
    let ac = arg1(&mut c);
    assert_eq!(unsafe { order(&ac, &mut out, &mut exc) }, 0);
    assert_eq!(i64_values(&out), vec![5, 1, 3, 2, 0, 4]);
    out.release();

    let row_sums: unsafe extern "C" fn(*const Arr<2>, *mut Arr<1>, *mut ExcInfo) -> i32 = m.sym("numrs_npf__row_sums__0");
    let mut mm: Vec<f64> = (0..6).map(|i| i as f64).collect();
    let am = arg2(&mut mm, 2, 3);
    assert_eq!(unsafe { row_sums(&am, &mut out, &mut exc) }, 0);
    assert_eq!(out.values(), vec![15.0, 15.0, 15.0]);
    out.release();

    let bad: unsafe extern "C" fn(*const Arr<1>, i64, *mut Arr<2>, *mut ExcInfo) -> i32 = m.sym("numrs_npf__bad_reshape__0");
    let mut d = vec![0.0; 6];
    let ad = arg1(&mut d);
    assert_eq!(unsafe { bad(&ad, 4, &mut o2, &mut exc) }, 1);
    assert_eq!(exc.kind, 3, "ValueError");
    assert_eq!(unsafe { bad(&ad, 3, &mut o2, &mut exc) }, 0);
    assert_eq!(o2.shape, [3, 2]);
    o2.release();
    assert_eq!(LIVE.load(Ordering::SeqCst), live, "nothing leaks");
}
