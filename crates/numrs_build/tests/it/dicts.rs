//! Typed dicts and sets in built modules: the runtime's container implementation (compiled in
//! from `numrs_runtime/src/dicts.rs`) behind a RuntimeApi installed by the test; arrays held as
//! dict values are reference counted (nothing leaks on normal and error exits, returned dicts
//! own one reference).

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Mutex;

use numrs_abi::{DictHandle, MemInfo};
use numrs_build::{build_file, Options};
use numrs_check::CheckDatabase;

/// The runtime's `memory` services the container code uses.
pub(crate) mod memory {
    use super::*;

    pub unsafe fn meminfo_decref(mi: *mut MemInfo) {
        let rc = &*(std::ptr::addr_of_mut!((*mi).refcount) as *const AtomicI64);
        if rc.fetch_sub(1, Ordering::AcqRel) == 1 {
            super::mi_release(mi);
        }
    }
}

#[path = "../../../numrs_runtime/src/dicts.rs"]
#[allow(dead_code)]
mod dicts;

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
}

/// numrs_abi::RuntimeApi with the containers' entries (strings and random numbers unused).
#[repr(C)]
struct RuntimeApi {
    abi_version: u32,
    meminfo_alloc: unsafe extern "C" fn(usize, usize) -> *mut MemInfo,
    meminfo_release: unsafe extern "C" fn(*mut MemInfo),
    alloc: unsafe extern "C" fn(usize) -> *mut u8,
    free: unsafe extern "C" fn(*mut u8),
    num_threads: extern "C" fn() -> i64,
    parallel_for: unsafe extern "C" fn(*const u8, *mut u8, i64, i64, i64) -> i64,
    dict_new: unsafe extern "C" fn(*const i64) -> DictHandle,
    dict_free: unsafe extern "C" fn(DictHandle),
    dict_len: unsafe extern "C" fn(DictHandle) -> i64,
    dict_lookup: unsafe extern "C" fn(DictHandle, *const u8, *mut u8) -> i32,
    dict_insert: unsafe extern "C" fn(DictHandle, *const u8, *const u8),
    dict_delete: unsafe extern "C" fn(DictHandle, *const u8, *mut u8) -> i32,
    dict_next: unsafe extern "C" fn(DictHandle, *mut i64, *mut u8, *mut u8) -> i32,
    dict_popitem: unsafe extern "C" fn(DictHandle, *mut u8, *mut u8) -> i32,
    dict_clear: unsafe extern "C" fn(DictHandle),
    dict_copy: unsafe extern "C" fn(DictHandle) -> DictHandle,
    set_op: unsafe extern "C" fn(DictHandle, DictHandle, i64) -> DictHandle,
    str_new: unsafe extern "C" fn(*const u8, usize) -> *mut MemInfo,
    str_op: unsafe extern "C" fn(u32, *const u64, *mut u64, *mut u8) -> i32,
    random: unsafe extern "C" fn(u32, *const i64, *mut u64),
    set_presize: unsafe extern "C" fn(DictHandle, i64),
}

unsafe extern "C" fn no_str_new(_p: *const u8, _n: usize) -> *mut MemInfo {
    panic!("no strings here")
}

unsafe extern "C" fn no_str_op(_op: u32, _a: *const u64, _o: *mut u64, _e: *mut u8) -> i32 {
    panic!("no strings here")
}

unsafe extern "C" fn no_random(_op: u32, _a: *const i64, _o: *mut u64) {
    panic!("no random numbers here")
}

static LIVE: AtomicI64 = AtomicI64::new(0);
/// Tests share the counters: one at a time.
static SERIAL: Mutex<()> = Mutex::new(());

const ALIGN: usize = 64;

unsafe extern "C" fn mi_alloc(size: usize, _align: usize) -> *mut MemInfo {
    let layout = std::alloc::Layout::from_size_align(size.max(1), ALIGN).unwrap();
    let data = std::alloc::alloc(layout);
    LIVE.fetch_add(1, Ordering::SeqCst);
    Box::into_raw(Box::new(MemInfo { refcount: 1, data, size }))
}

unsafe extern "C" fn mi_release(mi: *mut MemInfo) {
    assert_eq!((*mi).refcount, 0, "released with references left");
    let b = Box::from_raw(mi);
    std::alloc::dealloc(b.data, std::alloc::Layout::from_size_align(b.size.max(1), ALIGN).unwrap());
    LIVE.fetch_sub(1, Ordering::SeqCst);
}

unsafe extern "C" fn plain_alloc(size: usize) -> *mut u8 {
    std::alloc::alloc(std::alloc::Layout::from_size_align(size.max(1), 16).unwrap())
}

unsafe extern "C" fn plain_free(_p: *mut u8) {}

extern "C" fn one_thread() -> i64 {
    1
}

unsafe extern "C" fn no_parallel(_b: *const u8, _c: *mut u8, _lo: i64, _hi: i64, _n: i64) -> i64 {
    panic!("no prange loops here")
}

static API: RuntimeApi = RuntimeApi {
    abi_version: 3,
    meminfo_alloc: mi_alloc,
    meminfo_release: mi_release,
    alloc: plain_alloc,
    free: plain_free,
    num_threads: one_thread,
    parallel_for: no_parallel,
    dict_new: dicts::api::new,
    dict_free: dicts::api::free,
    dict_len: dicts::api::len,
    dict_lookup: dicts::api::lookup,
    dict_insert: dicts::api::insert,
    dict_delete: dicts::api::delete,
    dict_next: dicts::api::next,
    dict_popitem: dicts::api::popitem,
    dict_clear: dicts::api::clear,
    dict_copy: dicts::api::copy,
    set_op: dicts::api::set_op,
    str_new: no_str_new,
    str_op: no_str_op,
    random: no_random,
    set_presize: dicts::api::set_presize,
};

#[repr(C)]
struct ModuleTable {
    abi_version: u32,
    n_functions: u32,
    module_name: *const u8,
    functions: *const u8,
    runtime: *mut *const RuntimeApi,
}

struct Built {
    lib: libloading::Library,
    _dir: tempfile::TempDir,
}

fn build(module: &str, source: &str) -> Built {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join(format!("{module}.py"));
    std::fs::write(&path, source).expect("write source");
    let mut db = CheckDatabase::new();
    let file = db.add_file(&path.to_string_lossy(), source.as_bytes());
    let (compiled, written) = build_file(&db, file, dir.path(), &Options::default()).expect("build");
    assert!(compiled.problems.is_empty(), "{:?}", compiled.problems);
    let lib = unsafe { libloading::Library::new(&written.shared_object) }.expect("load the built module");
    unsafe {
        let table = *lib.get::<*mut ModuleTable>(b"numrs_module_table").expect("table");
        *(*table).runtime = &API;
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

@njit("float64(int64)")
def of_arrays(n):
    d = {}
    d[1] = np.zeros(n)
    d[2] = np.ones(n)
    d[1] = np.ones(n) * 2.0
    t = d[1].sum() + d[2].sum()
    for k, a in d.items():
        t += a[0] * k
    del d[2]
    e = d.copy()
    d.clear()
    return t + len(e) * 100.0 + len(d) * 1000.0

@njit("float64(int64)")
def missing(n):
    d = {1: np.zeros(3), 2: np.ones(3)}
    return d.pop(n).sum()

@njit("DictType(int64, float64[::1])(int64)")
def make(n):
    d = {}
    for i in range(n):
        d[i] = np.full(2, i * 1.0)
    return d

@njit("int64(int64)")
def set_pop(n):
    s = set()
    for i in range(n):
        s.add(i % 3)
    s.add(7)
    s.add(8)
    v = s.pop()
    s.remove(7)
    return v * 100 + len(s) * 10 + (2 in s)

@njit("float64(float64)")
def float_keys(x):
    d = {0.0: 1.0}
    d[-0.0] = 2.0
    d[(x,)[0]] = 3.0
    s = {0.0, x}
    s.add(-0.0)
    return d[0.0] * 10.0 + len(d) + len(s) * 100.0
"#;

#[test]
fn dicts_of_arrays_release_everything() {
    let _g = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let m = build("dicts_rc", SRC);
    let f: unsafe extern "C" fn(i64, *mut f64, *mut ExcInfo) -> i32 = m.sym("numrs_dicts_rc__of_arrays__0");
    let (live, dicts_live) = (LIVE.load(Ordering::SeqCst), dicts::LIVE_CONTAINERS.load(Ordering::SeqCst));
    let mut r = 0.0;
    let mut exc = ExcInfo::new();
    assert_eq!(unsafe { f(3, &mut r, &mut exc) }, 0);
    // 2*3 + 1*3, then 2*1 + 1*2 over the items, one item copied, the original cleared.
    assert_eq!(r, 9.0 + 4.0 + 100.0);
    assert_eq!(LIVE.load(Ordering::SeqCst), live);
    assert_eq!(dicts::LIVE_CONTAINERS.load(Ordering::SeqCst), dicts_live);

    let g: unsafe extern "C" fn(i64, *mut f64, *mut ExcInfo) -> i32 = m.sym("numrs_dicts_rc__missing__0");
    assert_eq!(unsafe { g(2, &mut r, &mut exc) }, 0);
    assert_eq!(r, 3.0);
    assert_eq!(unsafe { g(5, &mut r, &mut exc) }, 1);
    assert_eq!(exc.kind, numrs_abi::ExcKind::KeyError as u32);
    assert_eq!(LIVE.load(Ordering::SeqCst), live);
    assert_eq!(dicts::LIVE_CONTAINERS.load(Ordering::SeqCst), dicts_live);
}

#[test]
fn returned_dicts_own_one_reference() {
    let _g = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let m = build("dicts_ret", SRC);
    let f: unsafe extern "C" fn(i64, *mut DictHandle, *mut ExcInfo) -> i32 = m.sym("numrs_dicts_ret__make__0");
    let live = LIVE.load(Ordering::SeqCst);
    let mut h: DictHandle = std::ptr::null_mut();
    let mut exc = ExcInfo::new();
    assert_eq!(unsafe { f(4, &mut h, &mut exc) }, 0);
    let c = h as *mut dicts::Container;
    unsafe {
        assert_eq!((*c).refcount.load(Ordering::SeqCst), 1);
        assert_eq!(dicts::api::len(h), 4);
        assert_eq!(LIVE.load(Ordering::SeqCst), live + 4);
        dicts::container_decref(c);
    }
    assert_eq!(LIVE.load(Ordering::SeqCst), live);
}

#[test]
fn sets_and_float_keys_follow_numba() {
    let _g = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let m = build("dicts_sets", SRC);
    let f: unsafe extern "C" fn(i64, *mut i64, *mut ExcInfo) -> i32 = m.sym("numrs_dicts_sets__set_pop__0");
    let mut r = 0i64;
    let mut exc = ExcInfo::new();
    assert_eq!(unsafe { f(5, &mut r, &mut exc) }, 0);
    // Numba 0.68: pop gives 1 ({0, 1, 2, 7, 8}), then {0, 2, 8}.
    assert_eq!(r, 100 + 30 + 1);
    let g: unsafe extern "C" fn(f64, *mut f64, *mut ExcInfo) -> i32 = m.sym("numrs_dicts_sets__float_keys__0");
    let mut x = 0.0;
    assert_eq!(unsafe { g(1.5, &mut x, &mut exc) }, 0);
    // As Numba 0.68: -0.0 and 0.0 are distinct dict keys (compared by their bytes) but one
    // set item (compared with ==).
    assert_eq!(x, 213.0);
}
