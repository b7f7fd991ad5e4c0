//! `parallel=True`: `prange` loops are outlined into chunk functions and handed to the
//! runtime's `parallel_for`. A RuntimeApi installed by the test runs the chunks on threads of
//! its own, in reverse order, and records what it was asked: results must not depend on the
//! order chunks run in (partial results are combined in chunk order), every chunk runs, and
//! an exception in a chunk is the function's.

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

type ChunkFn = unsafe extern "C" fn(*mut u8, i64, i64, i64) -> i32;

#[repr(C)]
struct RuntimeApi {
    abi_version: u32,
    meminfo_alloc: unsafe extern "C" fn(usize, usize) -> *mut u8,
    meminfo_release: unsafe extern "C" fn(*mut u8),
    alloc: unsafe extern "C" fn(usize) -> *mut u8,
    free: unsafe extern "C" fn(*mut u8),
    num_threads: extern "C" fn() -> i64,
    parallel_for: unsafe extern "C" fn(ChunkFn, *mut u8, i64, i64, i64) -> i64,
}

unsafe extern "C" fn no_alloc(_: usize, _: usize) -> *mut u8 {
    std::ptr::null_mut()
}
unsafe extern "C" fn no_release(_: *mut u8) {}
unsafe extern "C" fn no_plain(_: usize) -> *mut u8 {
    std::ptr::null_mut()
}
extern "C" fn four() -> i64 {
    4
}

static CALLS: AtomicI64 = AtomicI64::new(0);
static CHUNKS: AtomicI64 = AtomicI64::new(0);
static SERIAL: Mutex<()> = Mutex::new(());

/// Every chunk on a thread of its own, started last to first; 1 + the lowest failed chunk.
unsafe extern "C" fn reverse_threads(body: ChunkFn, ctx: *mut u8, lo: i64, hi: i64, n: i64) -> i64 {
    CALLS.fetch_add(1, Ordering::SeqCst);
    CHUNKS.fetch_add(n, Ordering::SeqCst);
    let len = (hi - lo).max(0);
    let ctx = ctx as usize;
    let statuses: Vec<i32> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..n)
            .rev()
            .map(|k| {
                s.spawn(move || {
                    let (a, b) = (lo + len * k / n, lo + len * (k + 1) / n);
                    (k, unsafe { body(ctx as *mut u8, a, b, k) })
                })
            })
            .collect();
        let mut out = vec![0; n as usize];
        for h in handles {
            let (k, st) = h.join().expect("chunk thread");
            out[k as usize] = st;
        }
        out
    });
    statuses.iter().position(|s| *s != 0).map_or(0, |k| k as i64 + 1)
}

static API: RuntimeApi = RuntimeApi {
    abi_version: 1,
    meminfo_alloc: no_alloc,
    meminfo_release: no_release,
    alloc: no_plain,
    free: no_release,
    num_threads: four,
    parallel_for: reverse_threads,
};

#[repr(C)]
struct ModuleTable {
    abi_version: u32,
    n_functions: u32,
    module_name: *const u8,
    functions: *const u8,
    runtime: *mut *const RuntimeApi,
}

const SRC: &str = r#"
from numba import njit, prange

@njit("int64(int64)", parallel=True)
def squares(n):
    s = 0
    for i in prange(n):
        s += i * i
    return s

@njit("float64(int64)", parallel=True)
def alternating(n):
    p = 1.0
    d = 0.0
    for i in prange(n):
        p *= 1.0 + (i % 2)
        d -= i
    return p + d

@njit("int64(int64)", parallel=True)
def fails_at(k):
    s = 0
    for i in prange(100):
        if i >= k:
            raise ValueError("too far")
        s += i
    return s

@njit("int64(int64)")
def serial(n):
    s = 0
    for i in prange(n):
        s += i
    return s
"#;

#[test]
fn prange_loops_run_as_chunks_and_combine_in_order() {
    let _serial = SERIAL.lock().unwrap_or_else(|e| e.into_inner());
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("par.py");
    std::fs::write(&path, SRC).expect("write");
    let mut db = CheckDatabase::new();
    let file = db.add_file(&path.to_string_lossy(), SRC.as_bytes());
    let (compiled, written) = build_file(&db, file, dir.path(), &Options::default()).expect("build");
    assert!(compiled.problems.is_empty(), "{:?}", compiled.problems);
    let lib = unsafe { libloading::Library::new(&written.shared_object) }.expect("load");
    unsafe {
        let table = *lib.get::<*mut ModuleTable>(b"numrs_module_table").expect("table");
        *(*table).runtime = &API;
    }
    type IntFn = unsafe extern "C" fn(i64, *mut i64, *mut ExcInfo) -> i32;
    type FloatFn = unsafe extern "C" fn(i64, *mut f64, *mut ExcInfo) -> i32;
    let squares: IntFn = unsafe { *lib.get(b"numrs_par__squares__0").expect("squares") };
    let alternating: FloatFn = unsafe { *lib.get(b"numrs_par__alternating__0").expect("alternating") };
    let fails_at: IntFn = unsafe { *lib.get(b"numrs_par__fails_at__0").expect("fails_at") };
    let serial: IntFn = unsafe { *lib.get(b"numrs_par__serial__0").expect("serial") };
    let mut exc = ExcInfo { kind: 0, msg: std::ptr::null(), msg_len: 0, msg_owned: 0 };

    for n in [0i64, 1, 3, 4, 5, 1000] {
        let before = (CALLS.load(Ordering::SeqCst), CHUNKS.load(Ordering::SeqCst));
        let mut out = 0i64;
        assert_eq!(unsafe { squares(n, &mut out, &mut exc) }, 0);
        assert_eq!(out, (0..n).map(|i| i * i).sum::<i64>(), "n={n}");
        assert_eq!((CALLS.load(Ordering::SeqCst), CHUNKS.load(Ordering::SeqCst)), (before.0 + 1, before.1 + 4), "one call, four chunks");
        let mut f = 0f64;
        assert_eq!(unsafe { alternating(n, &mut f, &mut exc) }, 0);
        let want = (0..n).fold(1.0, |p, i| p * (1.0 + (i % 2) as f64)) - (0..n).sum::<i64>() as f64;
        assert_eq!(f, want, "n={n}");
    }
    // Chunks of 25: [0,25) runs clean; the chunk holding `k` and every later one raise.
    let mut out = 0i64;
    assert_eq!(unsafe { fails_at(100, &mut out, &mut exc) }, 0);
    assert_eq!(out, 4950);
    assert_eq!(unsafe { fails_at(60, &mut out, &mut exc) }, 1);
    let msg = String::from_utf8_lossy(unsafe { std::slice::from_raw_parts(exc.msg, exc.msg_len) }).into_owned();
    assert_eq!(msg, "too far");
    // Without parallel=True, prange is range: no runtime call.
    let calls = CALLS.load(Ordering::SeqCst);
    assert_eq!(unsafe { serial(10, &mut out, &mut exc) }, 0);
    assert_eq!(out, 45);
    assert_eq!(CALLS.load(Ordering::SeqCst), calls);
}
