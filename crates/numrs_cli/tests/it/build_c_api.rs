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

#[test]
fn c_programs_call_built_modules_without_python() {
    let dir = std::env::temp_dir().join(format!("numrs-c-api-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("mkdir");
    std::fs::write(dir.join("cmod.py"), SOURCE).expect("write");
    let numrs = Path::new(env!("CARGO_BIN_EXE_numrs"));
    let out = Command::new(numrs).arg("build").arg(dir.join("cmod.py")).arg("-o").arg(&dir).output().expect("run numrs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    std::fs::write(dir.join("main.c"), MAIN).expect("write");
    let cc = std::env::var("CC").unwrap_or_else(|_| "cc".into());
    let exe = dir.join("main");
    let link = Command::new(&cc)
        .current_dir(&dir)
        .args(["-Wall", "-Werror", "main.c", "-o"])
        .arg(&exe)
        .arg(dir.join("cmod.abi3.so"))
        .arg(format!("-Wl,-rpath,{}", dir.display()))
        .output()
        .expect("run cc");
    assert!(link.status.success(), "{}", String::from_utf8_lossy(&link.stderr));
    let run = Command::new(&exe).output().expect("run the C program");
    assert!(run.status.success(), "exit {:?}: {}", run.status.code(), String::from_utf8_lossy(&run.stderr));
    assert_eq!(String::from_utf8_lossy(&run.stdout), "3.00 49 6.25 -4\n2 integer division by zero\n");
    let _ = std::fs::remove_dir_all(&dir);
}
