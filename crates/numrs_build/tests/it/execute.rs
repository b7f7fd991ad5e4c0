//! Build small modules, load the shared object and run the C entry points.

use numrs_build::{build_file, compile, Options};
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

struct Built {
    lib: libloading::Library,
    _dir: tempfile::TempDir,
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
    // Python's C API symbols stay unresolved until PyInit runs; lazy binding loads the rest.
    let lib = unsafe { libloading::Library::new(&written.shared_object) }.expect("load the built module");
    Built { lib, _dir: dir, problems: compiled.problems }
}

impl Built {
    fn sym<T: Copy>(&self, name: &str) -> T {
        unsafe { *self.lib.get::<T>(name.as_bytes()).unwrap_or_else(|e| panic!("{name}: {e}")) }
    }
}

type I64x2 = unsafe extern "C" fn(i64, i64, *mut i64, *mut ExcInfo) -> i32;

const ARITH: &str = r#"
from numba import njit

@njit("int64(int64, int64)")
def fdiv(a, b):
    return a // b

@njit("int64(int64, int64)")
def fmod(a, b):
    return a % b

@njit("float64(float64, float64)")
def ffmod(a, b):
    return a % b

@njit("float64(int64, int64)")
def tdiv(a, b):
    return a / b

@njit("int64(int64, int64)")
def ipow(a, b):
    return a ** b
"#;

#[test]
fn integer_division_is_floored_and_checked() {
    let m = build("arith", ARITH);
    assert!(m.problems.is_empty(), "{:?}", m.problems);
    let fdiv: I64x2 = m.sym("numrs_arith__fdiv__0");
    let fmod: I64x2 = m.sym("numrs_arith__fmod__0");
    let ipow: I64x2 = m.sym("numrs_arith__ipow__0");
    let mut out = 0i64;
    let mut exc = ExcInfo::new();
    // The lowest integer by -1 gives 0 and 0, as in Numba (its `int_divmod_signed`).
    for (a, b, q, r) in [(17, 5, 3, 2), (-17, 5, -4, 3), (17, -5, -4, -3), (-17, -5, 3, -2), (i64::MIN, -1, 0, 0)] {
        assert_eq!(unsafe { fdiv(a, b, &mut out, &mut exc) }, 0);
        assert_eq!(out, q, "{a} // {b}");
        assert_eq!(unsafe { fmod(a, b, &mut out, &mut exc) }, 0);
        assert_eq!(out, r, "{a} % {b}");
    }
    assert_eq!(unsafe { fdiv(1, 0, &mut out, &mut exc) }, 1);
    assert_eq!(exc.kind, numrs_abi_kind("ZeroDivisionError"));
    assert_eq!(unsafe { ipow(3, 4, &mut out, &mut exc) }, 0);
    assert_eq!(out, 81);
    assert_eq!(unsafe { ipow(2, -1, &mut out, &mut exc) }, 0);
    assert_eq!(out, 0);
    assert_eq!(unsafe { ipow(0, -1, &mut out, &mut exc) }, 1);
    assert_eq!(exc.kind, numrs_abi_kind("ZeroDivisionError"));
}

fn numrs_abi_kind(name: &str) -> u32 {
    ["Exception", "IndexError", "ZeroDivisionError", "ValueError", "TypeError", "KeyError", "AssertionError"]
        .iter()
        .position(|n| *n == name)
        .expect("known kind") as u32
}

#[test]
fn float_modulo_and_true_division_follow_python() {
    let m = build("arith", ARITH);
    let ffmod: unsafe extern "C" fn(f64, f64, *mut f64, *mut ExcInfo) -> i32 = m.sym("numrs_arith__ffmod__0");
    let tdiv: unsafe extern "C" fn(i64, i64, *mut f64, *mut ExcInfo) -> i32 = m.sym("numrs_arith__tdiv__0");
    let mut out = 0f64;
    let mut exc = ExcInfo::new();
    assert_eq!(unsafe { ffmod(-7.5, 2.0, &mut out, &mut exc) }, 0);
    assert_eq!(out, 0.5);
    assert_eq!(unsafe { ffmod(7.0, -2.5, &mut out, &mut exc) }, 0);
    assert_eq!(out, -0.5);
    assert_eq!(unsafe { tdiv(-17, 5, &mut out, &mut exc) }, 0);
    assert_eq!(out, -3.4);
    assert_eq!(unsafe { tdiv(1, 0, &mut out, &mut exc) }, 1);
    assert_eq!(exc.message(), "division by zero");
}

#[test]
fn loops_recursion_and_exceptions() {
    let src = r#"
from numba import njit
import math

@njit("int64(int64)")
def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)

@njit("int64(int64)")
def odd_sum(n):
    s = 0
    for i in range(n):
        if i % 2 == 0:
            continue
        if i > 50:
            break
        s += i
    return s

@njit("float64(float64)")
def checked_sqrt(x):
    if x < 0:
        raise ValueError("negative input")
    return math.sqrt(x)
"#;
    let m = build("ctl", src);
    assert!(m.problems.is_empty(), "{:?}", m.problems);
    let fib: unsafe extern "C" fn(i64, *mut i64, *mut ExcInfo) -> i32 = m.sym("numrs_ctl__fib__0");
    let odd: unsafe extern "C" fn(i64, *mut i64, *mut ExcInfo) -> i32 = m.sym("numrs_ctl__odd_sum__0");
    let sq: unsafe extern "C" fn(f64, *mut f64, *mut ExcInfo) -> i32 = m.sym("numrs_ctl__checked_sqrt__0");
    let (mut out, mut f) = (0i64, 0f64);
    let mut exc = ExcInfo::new();
    assert_eq!(unsafe { fib(20, &mut out, &mut exc) }, 0);
    assert_eq!(out, 6765);
    assert_eq!(unsafe { odd(100, &mut out, &mut exc) }, 0);
    assert_eq!(out, (1..=49).step_by(2).sum::<i64>());
    assert_eq!(unsafe { sq(16.0, &mut f, &mut exc) }, 0);
    assert_eq!(f, 4.0);
    assert_eq!(unsafe { sq(-1.0, &mut f, &mut exc) }, 1);
    assert_eq!(exc.kind, numrs_abi_kind("ValueError"));
    assert_eq!(exc.message(), "negative input");
}

#[repr(C)]
struct Array1 {
    meminfo: *mut u8,
    parent: *mut u8,
    nitems: i64,
    itemsize: i64,
    data: *mut u8,
    shape: [i64; 1],
    strides: [i64; 1],
}

#[repr(C)]
#[derive(Debug, PartialEq)]
struct F64I64 {
    a: f64,
    b: i64,
}

#[test]
fn arrays_tuples_and_negative_indices() {
    let src = r#"
from numba import njit

@njit("Tuple((float64, int64))(float64[:])")
def stats(a):
    s = 0.0
    for x in a:
        s += x
    a[0] = a[-1] * 2.0
    return s, len(a)
"#;
    let m = build("arr", src);
    assert!(m.problems.is_empty(), "{:?}", m.problems);
    let f: unsafe extern "C" fn(*const Array1, *mut F64I64, *mut ExcInfo) -> i32 = m.sym("numrs_arr__stats__0");
    let mut data = [1.0f64, 2.0, 3.0, 4.0];
    let arr = Array1 {
        meminfo: std::ptr::null_mut(),
        parent: std::ptr::null_mut(),
        nitems: 4,
        itemsize: 8,
        data: data.as_mut_ptr() as *mut u8,
        shape: [4],
        strides: [8],
    };
    let mut out = F64I64 { a: 0.0, b: 0 };
    let mut exc = ExcInfo::new();
    assert_eq!(unsafe { f(&arr, &mut out, &mut exc) }, 0);
    assert_eq!(out, F64I64 { a: 10.0, b: 4 });
    assert_eq!(data[0], 8.0);
}

#[test]
fn unsupported_constructs_are_reported_with_their_line() {
    // A call leaving out a parameter whose default numrs cannot freeze (an array the module
    // changes in a `with` block, which the built module does not run), on line 12.
    let src = "from numba import njit\nimport numpy as np\nW = np.arange(2.0)\nwith np.errstate(all='ignore'):\n    W[0] = 5.0\n@njit\ndef h(x, k=W):\n    return x * k[0]\n\n@njit(\"float64(float64)\")\ndef f(n):\n    return h(n)\n\n@njit(\"int64(int64)\")\ndef g(n):\n    return n + 1\n";
    let m = build("unsup", src);
    assert_eq!(m.problems.len(), 1, "{:?}", m.problems);
    assert_eq!(m.problems[0].line, Some(12), "{:?}", m.problems);
    assert!(m.problems[0].message.contains("the array default W is not available to numrs build"), "{}", m.problems[0].message);
    let g: unsafe extern "C" fn(i64, *mut i64, *mut ExcInfo) -> i32 = m.sym("numrs_unsup__g__0");
    let mut out = 0i64;
    let mut exc = ExcInfo::new();
    assert_eq!(unsafe { g(41, &mut out, &mut exc) }, 0);
    assert_eq!(out, 42);
}

#[test]
fn builds_are_deterministic() {
    let compile_once = || {
        let mut db = CheckDatabase::new();
        let file = db.add_file("det.py", ARITH.as_bytes());
        let c = compile(&db, file, &Options::default()).expect("compile");
        (c.output.object, c.header)
    };
    assert_eq!(compile_once(), compile_once());
}

