//! Incrementality, proven from salsa's execution log: an edit re-infers only the functions
//! whose typing depends on what changed.

use numrs_check::CheckDatabase;

const BASE: &str = r#"from numba import njit

@njit("float64(float64)")
def f(x):
    y = x * 2.0
    return y

@njit("(int64,)")
def g(n):
    total = 0
    for i in range(n):
        total += i
    return total

@njit("(float64,)")
def h(x):
    return f(x) + 1.0
"#;

fn inferences(log: &std::sync::Mutex<Vec<String>>) -> usize {
    let log = log.lock().map(|l| l.clone()).unwrap_or_default();
    log.iter().filter(|e| e.starts_with("infer_spec(")).count()
}

fn clear(log: &std::sync::Mutex<Vec<String>>) {
    if let Ok(mut l) = log.lock() {
        l.clear();
    }
}

#[test]
fn first_check_infers_every_signature() {
    let (mut db, log) = CheckDatabase::with_execution_log();
    let file = db.add_file("m.py", BASE.as_bytes());
    let report = db.check_file(file);
    assert!(report.diagnostics.is_empty(), "{:?}", report.diagnostics);
    // f, g, h (h's call to the frozen f reuses f's specialisation).
    assert_eq!(inferences(&log), 3);
}

#[test]
fn editing_one_body_reinfers_only_that_function() {
    let (mut db, log) = CheckDatabase::with_execution_log();
    let file = db.add_file("m.py", BASE.as_bytes());
    db.check_file(file);
    clear(&log);
    db.set_text(file, &BASE.replace("total += i", "total += i * 2"));
    let report = db.check_file(file);
    assert!(report.diagnostics.is_empty());
    assert_eq!(inferences(&log), 1, "only g is re-inferred: {:?}", log.lock().map(|l| l.clone()));
}

#[test]
fn edits_that_move_functions_reinfer_nothing() {
    let (mut db, log) = CheckDatabase::with_execution_log();
    let file = db.add_file("m.py", BASE.as_bytes());
    db.check_file(file);
    clear(&log);
    // Lines added above every function shift all offsets; the IR is function-relative.
    let moved = BASE.replacen("from numba import njit\n", "from numba import njit\n# a comment\n\n\n", 1);
    let report = db.check_file_after(file, &moved);
    assert!(report.diagnostics.is_empty());
    assert_eq!(inferences(&log), 0, "{:?}", log.lock().map(|l| l.clone()));
    // And the reported lines moved with the text.
    assert_eq!(report.functions.iter().map(|f| f.line).collect::<Vec<_>>(), vec![7, 12, 19]);
}

#[test]
fn editing_a_callee_reinfers_its_callers() {
    let (mut db, log) = CheckDatabase::with_execution_log();
    let file = db.add_file("m.py", BASE.as_bytes());
    db.check_file(file);
    clear(&log);
    // f's result type is unchanged (declared), but its body changed: f is re-inferred, and h,
    // whose typing read f's result, is re-validated; g is untouched.
    db.set_text(file, &BASE.replace("y = x * 2.0", "y = x * 3.0"));
    db.check_file(file);
    let n = inferences(&log);
    assert!((1..=2).contains(&n), "f (and at most h) re-inferred, not g: {n}");
}

trait CheckAfter {
    fn check_file_after(&mut self, file: numrs_db::SourceFile, text: &str) -> std::sync::Arc<numrs_check::FileReport>;
}

impl CheckAfter for CheckDatabase {
    fn check_file_after(&mut self, file: numrs_db::SourceFile, text: &str) -> std::sync::Arc<numrs_check::FileReport> {
        self.set_text(file, text);
        self.check_file(file)
    }
}

fn executed(log: &std::sync::Mutex<Vec<String>>, query: &str) -> usize {
    let log = log.lock().map(|l| l.clone()).unwrap_or_default();
    log.iter().filter(|e| e.starts_with(&format!("{query}("))).count()
}

/// The module-level view is built on the skeleton at module positions: a body edit (even one
/// that changes the body's length) re-runs neither the module analysis nor any other
/// function's per-function queries.
#[test]
fn body_edits_leave_module_analysis_and_other_functions_alone() {
    let (mut db, log) = CheckDatabase::with_execution_log();
    let file = db.add_file("m.py", BASE.as_bytes());
    db.check_file(file);
    clear(&log);
    db.set_text(file, &BASE.replace("    y = x * 2.0\n", "    y = x * 2.0\n    y = y + 0.5\n"));
    let diagnostics = db.file_diagnostics(file);
    assert!(diagnostics.is_empty(), "{diagnostics:?}");
    let entries = log.lock().map(|l| l.clone()).unwrap_or_default();
    assert_eq!(executed(&log, "skeleton"), 1, "{entries:?}");
    assert_eq!(executed(&log, "module_info"), 0, "{entries:?}");
    assert_eq!(executed(&log, "jit_record"), 1, "only f's record: {entries:?}");
    assert_eq!(executed(&log, "function_facts"), 0, "{entries:?}");
    // f, and h whose typing calls f (its result is equal, so h's own check is not redone).
    assert!((1..=2).contains(&inferences(&log)), "{entries:?}");
}
