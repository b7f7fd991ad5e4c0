//! Lists in built modules: lists of numbers, of arrays and of lists allocated through a
//! RuntimeApi installed by the test; every MemInfo (lists, item buffers, arrays) is freed
//! exactly once (the test's `mi_release` asserts a zero refcount), also on error paths.

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
    #[allow(dead_code)]
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
#[allow(dead_code)]
fn arg1(v: &mut [f64]) -> Arr<1> {
    Arr { meminfo: std::ptr::null_mut(), parent: 0x1234 as *mut u8, nitems: v.len() as i64, itemsize: 8, data: v.as_mut_ptr() as *mut u8, shape: [v.len() as i64], strides: [8] }
}

#[allow(dead_code)]
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


/// numrs_abi::ListPayload.
#[repr(C)]
struct ListPayload {
    size: i64,
    allocated: i64,
    items_meminfo: *mut MemInfo,
    items: *mut u8,
    parent: *mut u8,
    dirty: i64,
}

/// A list value: its MemInfo.
#[repr(transparent)]
#[derive(Clone, Copy)]
struct List(*mut MemInfo);

impl List {
    fn null() -> Self {
        List(std::ptr::null_mut())
    }
    fn payload(&self) -> &ListPayload {
        unsafe { &*((*self.0).data as *const ListPayload) }
    }
    fn len(&self) -> usize {
        self.payload().size as usize
    }
    fn refcount(&self) -> i64 {
        unsafe { (*self.0).refcount }
    }
    fn item<T: Copy>(&self, i: usize) -> T {
        assert!(i < self.len());
        unsafe { *(self.payload().items as *const T).add(i) }
    }
    /// A new list of i64 (as a caller would pass it).
    fn of_i64(v: &[i64]) -> List {
        unsafe {
            let mi = mi_alloc(std::mem::size_of::<ListPayload>(), 8);
            let items = mi_alloc(8 * v.len(), 16);
            std::ptr::copy_nonoverlapping(v.as_ptr(), (*items).data as *mut i64, v.len());
            ((*mi).data as *mut ListPayload).write(ListPayload {
                size: v.len() as i64,
                allocated: v.len() as i64,
                items_meminfo: items,
                items: (*items).data,
                parent: std::ptr::null_mut(),
                dirty: 0,
            });
            List(mi)
        }
    }
    /// Drops one reference; at zero, `drop_item` on each item, then frees the blocks (what
    /// the runtime does with a returned list).
    fn release(self, drop_item: impl Fn(*const u8)) {
        unsafe {
            (*self.0).refcount -= 1;
            if (*self.0).refcount > 0 {
                return;
            }
            let p = self.payload();
            for i in 0..p.size as usize {
                drop_item(p.items.add(i * ITEM_STRIDE.with(|s| *s.borrow())));
            }
            let items = p.items_meminfo;
            (*items).refcount -= 1;
            mi_release(items);
            mi_release(self.0);
        }
    }
}

thread_local! {
    /// The item size `List::release` steps by.
    static ITEM_STRIDE: std::cell::RefCell<usize> = const { std::cell::RefCell::new(8) };
}

fn stride(n: usize) {
    ITEM_STRIDE.with(|s| *s.borrow_mut() = n);
}

fn drop_array(p: *const u8) {
    unsafe { (*(p as *const Arr<1>)).release() }
}

fn drop_list_i64(p: *const u8) {
    stride(8);
    unsafe { (*(p as *const List)).release(|_| {}) }
}

const SRC: &str = r#"
import numpy as np
from numba import njit, types

@njit("(int64,)")
def arrays(n):
    out = []
    for i in range(n):
        out.append(np.zeros(i) + i)
    return out

@njit("float64(int64)")
def arrays_internal(n):
    xs = [np.ones(2) * k for k in range(n)]
    ys = xs[1:]
    xs[0] = np.full(3, 7.0)
    last = xs.pop()
    xs.insert(0, last)
    cp = xs.copy()
    s = 0.0
    for a in cp:
        s += a.sum()
    xs.clear()
    return s + len(ys)

@njit("(int64,)")
def grid(n):
    rows = [[0] * n for _ in range(n)]
    rows[0][0] = 5
    rows.append(rows[0])
    return rows

@njit("int64(int64)")
def grid_internal(n):
    rows = [[i * j for j in range(n)] for i in range(n)]
    t = 0
    for r in rows:
        r.reverse()
        t += sum(r)
    del rows[0]
    rows2 = rows + rows
    return t * 100 + len(rows2)

@njit("float64(int64, int64)")
def raises_inside(n, k):
    xs = [np.zeros(3) for _ in range(n)]
    ys = [[1.0] for _ in range(n)]
    return xs[k].sum() + ys[k][0]

@njit(types.int64(types.List(types.int64, reflected=True)))
def append_arg(xs):
    xs.append(len(xs))
    xs.sort(reverse=True)
    return xs[0] + xs[-1]

@njit((types.List(types.int64, reflected=True),))
def return_arg(xs):
    ys = [xs, xs]
    return ys[1]
"#;

type OutFn<T> = unsafe extern "C" fn(i64, *mut T, *mut ExcInfo) -> i32;

#[test]
fn list_of_arrays_returned_and_internal() {
    let _g = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let m = build("lsts", SRC, true);
    let f: OutFn<List> = m.sym("numrs_lsts__arrays__0");
    let live = LIVE.load(Ordering::SeqCst);
    let mut out = List::null();
    let mut exc = ExcInfo::new();
    assert_eq!(unsafe { f(3, &mut out, &mut exc) }, 0);
    assert_eq!(out.len(), 3);
    assert_eq!(out.refcount(), 1);
    for i in 0..3 {
        let a: Arr<1> = out.item(i);
        assert_eq!(a.values(), vec![i as f64; i]);
        // The list holds the only reference to each array.
        assert_eq!(unsafe { (*a.meminfo).refcount }, 1);
    }
    stride(std::mem::size_of::<Arr<1>>());
    out.release(drop_array);
    assert_eq!(LIVE.load(Ordering::SeqCst), live);

    let g: unsafe extern "C" fn(i64, *mut f64, *mut ExcInfo) -> i32 = m.sym("numrs_lsts__arrays_internal__0");
    let mut r = 0.0;
    let allocs = ALLOCS.load(Ordering::SeqCst);
    assert_eq!(unsafe { g(4, &mut r, &mut exc) }, 0);
    // xs = [0,0],[1,1],[2,2],[3,3]; xs[0] = [7,7,7]; pop [3,3] and insert it first.
    assert_eq!(r, 21.0 + 2.0 + 4.0 + 6.0 + 3.0);
    assert!(ALLOCS.load(Ordering::SeqCst) - allocs > 8);
    assert_eq!(LIVE.load(Ordering::SeqCst), live, "everything allocated inside is freed");
}

#[test]
fn list_of_lists_returned_and_internal() {
    let _g = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let m = build("lsts", SRC, true);
    let f: OutFn<List> = m.sym("numrs_lsts__grid__0");
    let live = LIVE.load(Ordering::SeqCst);
    let mut out = List::null();
    let mut exc = ExcInfo::new();
    assert_eq!(unsafe { f(2, &mut out, &mut exc) }, 0);
    assert_eq!(out.len(), 3);
    let rows: Vec<List> = (0..3).map(|i| out.item(i)).collect();
    assert_eq!(rows[0].0, rows[2].0, "the appended row is the same list");
    assert_eq!(rows[0].refcount(), 2);
    assert_eq!(rows[1].refcount(), 1);
    assert_eq!((rows[0].item::<i64>(0), rows[0].item::<i64>(1), rows[1].item::<i64>(0)), (5, 0, 0));
    stride(8);
    out.release(drop_list_i64);
    assert_eq!(LIVE.load(Ordering::SeqCst), live);

    let g: unsafe extern "C" fn(i64, *mut i64, *mut ExcInfo) -> i32 = m.sym("numrs_lsts__grid_internal__0");
    let mut r = 0;
    assert_eq!(unsafe { g(3, &mut r, &mut exc) }, 0);
    assert_eq!(r, 9 * 100 + 4);
    assert_eq!(LIVE.load(Ordering::SeqCst), live);
}

#[test]
fn index_errors_release_everything() {
    let _g = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let m = build("lsts", SRC, true);
    let f: unsafe extern "C" fn(i64, i64, *mut f64, *mut ExcInfo) -> i32 = m.sym("numrs_lsts__raises_inside__0");
    let live = LIVE.load(Ordering::SeqCst);
    let mut r = 0.0;
    let mut exc = ExcInfo::new();
    assert_eq!(unsafe { f(3, -1, &mut r, &mut exc) }, 0);
    assert_eq!(r, 1.0);
    for k in [3, -4, 100] {
        assert_eq!(unsafe { f(3, k, &mut r, &mut exc) }, 1);
        assert_eq!(exc.kind, 1, "IndexError");
        assert_eq!(exc.message(), "getitem out of range");
        assert_eq!(LIVE.load(Ordering::SeqCst), live);
    }
}

#[test]
fn list_arguments_are_borrowed_and_mutated_in_place() {
    let _g = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let m = build("lsts", SRC, true);
    let f: unsafe extern "C" fn(*const List, *mut i64, *mut ExcInfo) -> i32 = m.sym("numrs_lsts__append_arg__0");
    let live = LIVE.load(Ordering::SeqCst);
    let xs = List::of_i64(&[4, 9, 1, 7, 2]);
    let mut r = 0;
    let mut exc = ExcInfo::new();
    assert_eq!(unsafe { f(&xs, &mut r, &mut exc) }, 0);
    assert_eq!(r, 9 + 1);
    assert_eq!(xs.refcount(), 1);
    assert_eq!((0..6).map(|i| xs.item::<i64>(i)).collect::<Vec<_>>(), vec![9, 7, 5, 4, 2, 1]);

    let g: unsafe extern "C" fn(*const List, *mut List, *mut ExcInfo) -> i32 = m.sym("numrs_lsts__return_arg__0");
    let mut out = List::null();
    assert_eq!(unsafe { g(&xs, &mut out, &mut exc) }, 0);
    assert_eq!(out.0, xs.0);
    assert_eq!(xs.refcount(), 2, "the caller owns the returned reference");
    stride(8);
    out.release(|_| {});
    xs.release(|_| {});
    assert_eq!(LIVE.load(Ordering::SeqCst), live);
}
