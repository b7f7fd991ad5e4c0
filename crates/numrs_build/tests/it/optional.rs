//! `OptionalType(T)` values in built modules: arguments, locals merged from `None` and `T`,
//! results, `is None` tests and the `TypeError` of using a `None` optional as `T`, through the
//! C entry points (an optional crosses as `{T data; uint8_t valid;}`).

use numrs_build::{build_file, Options};
use numrs_check::CheckDatabase;

#[repr(C)]
#[derive(Debug)]
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
        let bytes = unsafe { std::slice::from_raw_parts(self.msg, self.msg_len) };
        String::from_utf8_lossy(bytes).into_owned()
    }
}

/// `numrs_abi::ExcKind::TypeError`.
const TYPE_ERROR: u32 = 4;

/// The native storage of `OptionalType(T)`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq)]
struct Opt<T> {
    data: T,
    valid: u8,
}

fn some<T>(data: T) -> Opt<T> {
    Opt { data, valid: 1 }
}

struct Built {
    lib: libloading::Library,
    _dir: tempfile::TempDir,
    header: std::path::PathBuf,
    problems: Vec<numrs_build::Problem>,
}

fn build(module: &str, source: &str) -> Built {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join(format!("{module}.py"));
    std::fs::write(&path, source).expect("write source");
    let mut db = CheckDatabase::new();
    let file = db.add_file(&path.to_string_lossy(), source.as_bytes());
    let (compiled, written) = build_file(&db, file, dir.path(), &Options::default()).expect("build");
    assert!(written.header.exists());
    let lib = unsafe { libloading::Library::new(&written.shared_object) }.expect("load the built module");
    Built { lib, _dir: dir, header: written.header, problems: compiled.problems }
}

impl Built {
    fn sym<T: Copy>(&self, name: &str) -> T {
        unsafe { *self.lib.get::<T>(name.as_bytes()).unwrap_or_else(|e| panic!("{name}: {e}")) }
    }
    fn header(&self) -> String {
        std::fs::read_to_string(&self.header).expect("header")
    }
}

const SRC: &str = r#"
from numba import njit, types

@njit("(int64,)")
def maybe(n):
    if n > 10:
        res = n * 2
    else:
        res = None
    return res

@njit("(float64,)")
def safe_inv(x):
    if x == 0.0:
        return None
    return 1.0 / x

@njit((types.Optional(types.int64),))
def or_default(x):
    if x is None:
        return -1
    return x + 1

@njit("(Optional(int64),)")
def describe(x):
    if x is not None:
        y = x * 2
        return y
    return 0

@njit("(Optional(float64),)")
def unchecked(x):
    return x * 2.0

@njit("(Optional(boolean),)")
def flip(x):
    if x is None:
        return None
    return not x

@njit("(int64,)")
def first_multiple(k):
    pos = None
    for i in range(1, 20):
        if i % k == 0:
            pos = i
            break
    return pos

@njit("(int64, Optional(int32))")
def widen(n, x):
    if n > 0:
        return x
    return n
"#;

type OptRet<T, A> = unsafe extern "C" fn(A, *mut Opt<T>, *mut ExcInfo) -> i32;
type OptArg<T, R> = unsafe extern "C" fn(*const Opt<T>, *mut R, *mut ExcInfo) -> i32;

#[test]
fn optionals_cross_the_c_entry_points() {
    let m = build("opt", SRC);
    assert!(m.problems.is_empty(), "{:?}", m.problems);

    let maybe: OptRet<i64, i64> = m.sym("numrs_opt__maybe__0");
    let mut out = Opt { data: -7, valid: 7 };
    let mut exc = ExcInfo::new();
    assert_eq!(unsafe { maybe(20, &mut out, &mut exc) }, 0);
    assert_eq!(out, some(40));
    assert_eq!(unsafe { maybe(3, &mut out, &mut exc) }, 0);
    assert_eq!(out.valid, 0, "{out:?}");

    let safe_inv: OptRet<f64, f64> = m.sym("numrs_opt__safe_inv__0");
    let mut of = out_f();
    assert_eq!(unsafe { safe_inv(4.0, &mut of, &mut exc) }, 0);
    assert_eq!(of, some(0.25));
    assert_eq!(unsafe { safe_inv(0.0, &mut of, &mut exc) }, 0);
    assert_eq!(of.valid, 0);

    let or_default: OptArg<i64, i64> = m.sym("numrs_opt__or_default__0");
    let mut r = 0i64;
    assert_eq!(unsafe { or_default(&Opt { data: 0, valid: 0 }, &mut r, &mut exc) }, 0);
    assert_eq!(r, -1);
    assert_eq!(unsafe { or_default(&some(4), &mut r, &mut exc) }, 0);
    assert_eq!(r, 5);

    let describe: OptArg<i64, i64> = m.sym("numrs_opt__describe__0");
    assert_eq!(unsafe { describe(&some(3), &mut r, &mut exc) }, 0);
    assert_eq!(r, 6);
    // The data of a None optional is never read.
    assert_eq!(unsafe { describe(&Opt { data: 99, valid: 0 }, &mut r, &mut exc) }, 0);
    assert_eq!(r, 0);

    let first_multiple: OptRet<i64, i64> = m.sym("numrs_opt__first_multiple__0");
    assert_eq!(unsafe { first_multiple(7, &mut out, &mut exc) }, 0);
    assert_eq!(out, some(7));
    assert_eq!(unsafe { first_multiple(25, &mut out, &mut exc) }, 0);
    assert_eq!(out.valid, 0);
}

fn out_f() -> Opt<f64> {
    Opt { data: -1.0, valid: 9 }
}

#[test]
fn a_none_optional_used_as_its_value_raises_type_error() {
    let m = build("opt", SRC);
    let unchecked: OptArg<f64, f64> = m.sym("numrs_opt__unchecked__0");
    let mut r = 0.0f64;
    let mut exc = ExcInfo::new();
    assert_eq!(unsafe { unchecked(&some(1.5), &mut r, &mut exc) }, 0);
    assert_eq!(r, 3.0);
    assert_eq!(unsafe { unchecked(&Opt { data: 1.5, valid: 0 }, &mut r, &mut exc) }, 1);
    assert_eq!(exc.kind, TYPE_ERROR);
    assert_eq!(exc.message(), "expected float64, got None");
}

#[test]
fn optional_booleans_are_stored_as_bytes() {
    let m = build("opt", SRC);
    let flip: unsafe extern "C" fn(*const Opt<u8>, *mut Opt<u8>, *mut ExcInfo) -> i32 = m.sym("numrs_opt__flip__0");
    let mut out = Opt { data: 5, valid: 5 };
    let mut exc = ExcInfo::new();
    assert_eq!(unsafe { flip(&some(1), &mut out, &mut exc) }, 0);
    assert_eq!(out, some(0));
    assert_eq!(unsafe { flip(&some(0), &mut out, &mut exc) }, 0);
    assert_eq!(out, some(1));
    assert_eq!(unsafe { flip(&Opt { data: 0, valid: 0 }, &mut out, &mut exc) }, 0);
    assert_eq!(out.valid, 0);
}

#[test]
fn optional_to_optional_keeps_none_and_casts_the_value() {
    let m = build("opt", SRC);
    let widen: unsafe extern "C" fn(i64, *const Opt<i32>, *mut Opt<i64>, *mut ExcInfo) -> i32 = m.sym("numrs_opt__widen__0");
    let mut out = Opt { data: 5, valid: 5 };
    let mut exc = ExcInfo::new();
    assert_eq!(unsafe { widen(1, &some(-3), &mut out, &mut exc) }, 0);
    assert_eq!(out, some(-3));
    assert_eq!(unsafe { widen(1, &Opt { data: 8, valid: 0 }, &mut out, &mut exc) }, 0);
    assert_eq!(out.valid, 0);
    assert_eq!(unsafe { widen(-2, &some(4), &mut out, &mut exc) }, 0);
    assert_eq!(out, some(-2));
}

#[test]
fn the_header_declares_optional_structs() {
    let m = build("opt", SRC);
    let h = m.header();
    assert!(h.contains("int64_t data;\n    uint8_t valid;"), "{h}");
    assert!(h.contains("int32_t numrs_opt__or_default__0(const numrs_optional_"), "{h}");
}
