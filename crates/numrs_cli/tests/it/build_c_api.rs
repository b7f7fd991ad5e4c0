//! The C entry points of a built module, used from C: the generated header compiles, a C
//! program links the shared object directly (no Python, no numrs runtime) and gets the same
//! answers and exceptions as Python callers.

use std::path::Path;
use std::process::Command;

const SOURCE: &str = r#"from numba import njit

@njit("float64(float64[:])")
def mean(xs):
    total = 0.0
    for i in range(xs.shape[0]):
        total += xs[i]
    return total / xs.shape[0]

@njit(["int64(int64)", "float64(float64)"])
def clamp_square(x):
    y = x * x
    if y > 100:
        return 100
    return y

@njit("(int64, int64)")
def floor_div(a, b):
    return a // b
"#;

const MAIN: &str = r#"#include <stdio.h>
#include "cmod.h"

int main(void) {
    double data[4] = {1.0, 2.0, 3.0, 6.0};
    numrs_array_1d xs = {0, 0, 4, 8, data, {4}, {8}};
    numrs_excinfo exc;
    double m = 0;
    int64_t sq = 0, q = 0;
    double fsq = 0;
    if (numrs_cmod__mean__0(&xs, &m, &exc) != 0) return 10;
    if (numrs_cmod__clamp_square__0(7, &sq, &exc) != 0) return 11;
    if (numrs_cmod__clamp_square__1(2.5, &fsq, &exc) != 0) return 12;
    if (numrs_cmod__floor_div__0(-7, 2, &q, &exc) != 0) return 13;
    printf("%.2f %lld %.2f %lld\n", m, (long long)sq, fsq, (long long)q);
    if (numrs_cmod__floor_div__0(1, 0, &q, &exc) != 1) return 14;
    printf("%u %.*s\n", exc.kind, (int)exc.msg_len, (const char *)exc.msg);
    return 0;
}
"#;

/// Builds `source` as module `name`, compiles `main` (C) against its header and shared object,
/// runs it; the header and the program's output.
fn build_and_run_c(name: &str, source: &str, main: &str) -> (String, String) {
    let dir = std::env::temp_dir().join(format!("numrs-c-api-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("mkdir");
    let py = dir.join(format!("{name}.py"));
    std::fs::write(&py, source).expect("write");
    let numrs = Path::new(env!("CARGO_BIN_EXE_numrs"));
    let out = Command::new(numrs).arg("build").arg(&py).arg("-o").arg(&dir).output().expect("run numrs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    std::fs::write(dir.join("main.c"), main).expect("write");
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    let exe = dir.join("main");
    let link = Command::new(&cc)
        .current_dir(&dir)
        .args(["-Wall", "-Werror", "main.c", "-o"])
        .arg(&exe)
        .arg(dir.join(format!("{name}.abi3.so")))
        .arg(format!("-Wl,-rpath,{}", dir.display()))
        .output()
        .expect("run cc");
    assert!(link.status.success(), "{}", String::from_utf8_lossy(&link.stderr));
    let run = Command::new(&exe).output().expect("run the C program");
    assert!(run.status.success(), "exit {:?}: {}", run.status.code(), String::from_utf8_lossy(&run.stderr));
    let header = std::fs::read_to_string(dir.join(format!("{name}.h"))).expect("header");
    let _ = std::fs::remove_dir_all(&dir);
    (header, String::from_utf8_lossy(&run.stdout).into_owned())
}

#[test]
fn c_programs_call_built_modules_without_python() {
    let (_, stdout) = build_and_run_c("cmod", SOURCE, MAIN);
    assert_eq!(stdout, "3.00 49 6.25 -4\n2 integer division by zero\n");
}

const CALLBACKS: &str = r#"from numba import cfunc, carray, types
from numba.types import CPointer, float64, intc

@cfunc(float64(intc, CPointer(float64)))
def total(n, p):
    xs = carray(p, n)
    s = 0.0
    for i in range(n):
        s += xs[i]
    return s

@cfunc(types.void(CPointer(float64), intc, intc))
def fill(p, m, n):
    a = carray(p, (m, n))
    for i in range(m):
        for j in range(n):
            a[i, j] = i * 10 + j

@cfunc("float64(float64)")
def inverse(x):
    return 1.0 / x

@cfunc("int32(boolean, int32)")
def pick(flag, x):
    if flag:
        return x
    return -x
"#;

const CALLBACKS_MAIN: &str = r#"#include <stdio.h>
#include "cbmod.h"

int main(void) {
    double xs[3] = {1.5, 2.0, 4.0};
    double grid[6] = {0};
    double s = numrs_cbmod__total__cfunc(3, xs);
    numrs_cbmod__fill__cfunc(grid, 2, 3);
    printf("%.2f %.0f %.0f %.0f\n", s, grid[1], grid[3], grid[5]);
    /* The exception (ZeroDivisionError) is dropped: the result is 0. */
    printf("%.2f %.2f\n", numrs_cbmod__inverse__cfunc(4.0), numrs_cbmod__inverse__cfunc(0.0));
    printf("%d %d\n", numrs_cbmod__pick__cfunc(1, 5), numrs_cbmod__pick__cfunc(0, 5));
    return 0;
}
"#;

/// A `@cfunc`'s C callback (what `CFunc.address` points to): declared in the header with its
/// signature's C types, callable from C without Python.
#[test]
fn c_programs_call_cfunc_callbacks() {
    let (header, stdout) = build_and_run_c("cbmod", CALLBACKS, CALLBACKS_MAIN);
    assert!(header.contains("double numrs_cbmod__total__cfunc(int32_t n, double *p);"), "{header}");
    assert!(header.contains("void numrs_cbmod__fill__cfunc(double *p, int32_t m, int32_t n);"), "{header}");
    assert_eq!(stdout, "7.50 1 10 12\n0.25 0.00\n5 -5\n");
}
