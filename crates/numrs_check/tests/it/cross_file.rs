//! Jit functions and constants imported from another of the user's modules are typed across
//! files.

use numrs_check::{CheckDatabase, SignatureOutcome};

const KERNELS: &str = "from numba import njit\n\nSCALE = 2.5\n\n@njit\ndef scaled(x):\n    return x * SCALE\n";
const MAIN: &str = "from numba import njit\nfrom .kernels import scaled, SCALE\n\n@njit(\"(int64,)\")\ndef use(n):\n    y = scaled(n)\n    return y + SCALE\n\n@njit(\"(unicode_type,)\")\ndef bad(s):\n    return scaled(s)\n";

#[test]
fn relative_imports_are_followed() {
    let mut db = CheckDatabase::new();
    db.add_file("pkg/kernels.py", KERNELS.as_bytes());
    let main = db.add_file("pkg/main.py", MAIN.as_bytes());
    let report = db.check_file(main);
    let use_fn = report.functions.iter().find(|f| f.name == "use").expect("use");
    match &use_fn.signatures[0].outcome {
        SignatureOutcome::Ok { return_type, locals } => {
            assert_eq!(return_type, "float64");
            assert_eq!(locals.get("y"), Some(&vec!["float64".to_string()]));
        }
        other => panic!("{other:?}"),
    }
    let errors: Vec<_> = report.diagnostics.iter().map(|d| (d.code, d.message.clone())).collect();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0].0, "no-matching-operator");
}

#[test]
fn editing_the_imported_module_is_seen() {
    let mut db = CheckDatabase::new();
    let kernels = db.add_file("pkg/kernels.py", KERNELS.as_bytes());
    let main = db.add_file("pkg/main.py", MAIN.as_bytes());
    assert_eq!(db.check_file(main).diagnostics.len(), 1);
    // `scaled` now accepts strings: the error in main.py goes away.
    db.set_text(kernels, "from numba import njit\n\nSCALE = 2.5\n\n@njit\ndef scaled(x):\n    return x\n");
    assert!(db.check_file(main).diagnostics.is_empty());
}

#[test]
fn unknown_modules_stay_untyped() {
    let mut db = CheckDatabase::new();
    let main = db.add_file("pkg/main.py", MAIN.as_bytes());
    let report = db.check_file(main);
    assert!(report.diagnostics.iter().any(|d| d.code == "untyped-global"), "{:?}", report.diagnostics);
}
