//! `fastmath=` puts Numba's LLVM fast-math flags on the function's float instructions (so a
//! reduction may be reassociated and vectorized); without it the order stays strict.

use numrs_check::CheckDatabase;

const SRC: &str = r#"
from numba import njit

@njit("float64(float64[::1])", fastmath=True)
def fast_sum(a):
    s = 0.0
    for i in range(a.shape[0]):
        s += a[i]
    return s

@njit("float64(float64[::1])", fastmath={"nsz", "arcp"})
def some_flags(a):
    s = 0.0
    for i in range(a.shape[0]):
        s += a[i] / 3.0
    return s

@njit("float64(float64[::1])")
def strict_sum(a):
    s = 0.0
    for i in range(a.shape[0]):
        s += a[i]
    return s
"#;

fn ir_of(function: &str) -> String {
    let mut db = CheckDatabase::new();
    let file = db.add_file("fm.py", SRC.as_bytes());
    numrs_build::dump(&db, file, function, false).expect("dump")
}

#[test]
fn fastmath_true_is_fast_and_vectorizes() {
    let ir = ir_of("fast_sum");
    assert!(ir.contains("fadd fast"), "{ir}");
    assert!(ir.contains("x double>"), "the reassociated reduction is vectorized:\n{ir}");
}

#[test]
fn fastmath_flag_sets_are_exact() {
    let ir = ir_of("some_flags");
    assert!(ir.contains("nsz arcp") || ir.contains("arcp nsz"), "{ir}");
    assert!(!ir.contains("fadd fast"), "{ir}");
}

#[test]
fn no_fastmath_keeps_strict_order() {
    let ir = ir_of("strict_sum");
    assert!(!ir.contains(" fast "), "{ir}");
    assert!(!ir.contains("x double>"), "a strict reduction is not vectorized:\n{ir}");
}
