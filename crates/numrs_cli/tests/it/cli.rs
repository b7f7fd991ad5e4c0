//! End-to-end tests of the `numrs` binary: exit statuses, output formats, suppressions,
//! `pyproject.toml` configuration and `--emit-types`, each on a fresh temporary directory.

use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;

const CLEAN: &str = "x = 1\n";
const SYNTAX_ERROR: &str = "def f(x):\n    return x +\n";

/// Run `numrs ARGS` in `dir`.
fn numrs(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_numrs"))
        .args(args)
        .current_dir(dir)
        .env_remove("NO_COLOR")
        .output()
        .expect("the numrs binary runs")
}

fn write(dir: &Path, relative: &str, contents: impl AsRef<[u8]>) {
    let path = dir.join(relative);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent).expect("create parent directory");
    }
    std::fs::write(path, contents).expect("write test file");
}

fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn status(output: &Output) -> i32 {
    output.status.code().unwrap_or(-1)
}

fn json_of(output: &Output) -> Value {
    serde_json::from_slice(&output.stdout).unwrap_or_else(|e| panic!("stdout is not JSON ({e}): {}", stdout(output)))
}

fn tempdir() -> tempfile::TempDir {
    tempfile::tempdir().expect("create temp dir")
}

#[test]
fn clean_file_exits_0() {
    let dir = tempdir();
    write(dir.path(), "a.py", CLEAN);
    let out = numrs(dir.path(), &["check", "a.py"]);
    assert_eq!(status(&out), 0, "{}", stderr(&out));
    assert_eq!(stdout(&out), "");
    assert!(stderr(&out).contains("Checked 1 file, 0 jit functions: 0 errors"), "{}", stderr(&out));
}

#[test]
fn default_path_is_current_directory() {
    let dir = tempdir();
    write(dir.path(), "a.py", CLEAN);
    write(dir.path(), "pkg/b.py", CLEAN);
    write(dir.path(), "notes.txt", "not python");
    let out = numrs(dir.path(), &["check"]);
    assert_eq!(status(&out), 0);
    assert!(stderr(&out).contains("Checked 2 files"), "{}", stderr(&out));
}

#[test]
fn syntax_error_exits_1_with_text_diagnostic() {
    let dir = tempdir();
    write(dir.path(), "bad.py", SYNTAX_ERROR);
    let out = numrs(dir.path(), &["check", "bad.py"]);
    assert_eq!(status(&out), 1);
    let text = stdout(&out);
    assert!(text.starts_with("error[syntax-error]: "), "{text}");
    assert!(text.contains("bad.py:2:"), "{text}");
    assert!(text.contains("return x +"), "{text}");
    assert!(!text.contains('\x1b'), "no color when stdout is not a terminal: {text}");
    assert!(stderr(&out).contains("1 error"), "{}", stderr(&out));
}

#[test]
fn quiet_drops_the_summary() {
    let dir = tempdir();
    write(dir.path(), "bad.py", SYNTAX_ERROR);
    let out = numrs(dir.path(), &["check", "--quiet", "--no-color", "bad.py"]);
    assert_eq!(status(&out), 1);
    assert!(!stderr(&out).contains("Checked"), "{}", stderr(&out));
    assert!(stdout(&out).contains("error[syntax-error]"));
}

#[test]
fn missing_path_exits_2_but_checks_the_rest() {
    let dir = tempdir();
    write(dir.path(), "bad.py", SYNTAX_ERROR);
    let out = numrs(dir.path(), &["check", "missing.py", "bad.py", "nodir"]);
    assert_eq!(status(&out), 2);
    let err = stderr(&out);
    assert!(err.contains("missing.py"), "{err}");
    assert!(err.contains("nodir"), "{err}");
    assert!(stdout(&out).contains("error[syntax-error]"), "bad.py is still checked");
    assert!(err.contains("Checked 1 file"), "{err}");
}

#[test]
fn non_utf8_file_is_a_diagnostic_and_others_are_checked() {
    let dir = tempdir();
    write(dir.path(), "latin1.py", b"x = '\xe9t\xe9'\n");
    write(dir.path(), "bom.py", b"\xef\xbb\xbfx = 1\n");
    write(dir.path(), "bad.py", SYNTAX_ERROR);
    write(dir.path(), "good.py", CLEAN);
    let out = numrs(dir.path(), &["check", "--format", "json", "."]);
    assert_eq!(status(&out), 1);
    let doc = json_of(&out);
    let diagnostics = doc["diagnostics"].as_array().expect("diagnostics array");
    let by_file = |file: &str| diagnostics.iter().filter(|d| d["file"] == file).count();
    assert_eq!(by_file("latin1.py"), 1);
    assert_eq!(by_file("bad.py"), 1);
    assert_eq!(by_file("bom.py"), 0);
    assert_eq!(by_file("good.py"), 0);
    let latin1 = diagnostics.iter().find(|d| d["file"] == "latin1.py").expect("latin1 diagnostic");
    assert_eq!(latin1["code"], "unreadable-file");
    assert_eq!(doc["summary"]["files"], 4);
}

#[test]
fn json_format_shape() {
    let dir = tempdir();
    write(dir.path(), "bad.py", SYNTAX_ERROR);
    write(dir.path(), "good.py", CLEAN);
    let out = numrs(dir.path(), &["check", "--format=json", "bad.py", "good.py"]);
    assert_eq!(status(&out), 1);
    let doc = json_of(&out);
    assert_eq!(doc["version"], 1);
    let diagnostics = doc["diagnostics"].as_array().expect("diagnostics array");
    assert_eq!(diagnostics.len(), 1);
    let d = &diagnostics[0];
    for key in
        ["file", "code", "severity", "numba_kind", "message", "line", "column", "end_line", "end_column", "labels", "notes"]
    {
        assert!(d.get(key).is_some(), "missing key {key} in {d}");
    }
    assert_eq!(d["file"], "bad.py");
    assert_eq!(d["code"], "syntax-error");
    assert_eq!(d["severity"], "error");
    assert_eq!(d["line"], 2);
    assert!(d["column"].as_u64().is_some_and(|c| c >= 1));
    assert_eq!(d["labels"][0]["primary"], true);
    assert!(d["notes"].is_array());
    assert_eq!(doc["summary"]["files"], 2);
    assert_eq!(doc["summary"]["errors"], 1);
}

#[test]
fn json_for_a_clean_run() {
    let dir = tempdir();
    write(dir.path(), "good.py", CLEAN);
    let out = numrs(dir.path(), &["check", "--format", "json"]);
    assert_eq!(status(&out), 0);
    let doc = json_of(&out);
    assert_eq!(doc["diagnostics"], Value::Array(vec![]));
    assert_eq!(doc["summary"]["errors"], 0);
}

#[test]
fn sarif_format_shape() {
    let dir = tempdir();
    write(dir.path(), "bad.py", SYNTAX_ERROR);
    let out = numrs(dir.path(), &["check", "--format", "sarif", "."]);
    assert_eq!(status(&out), 1);
    let doc = json_of(&out);
    assert_eq!(doc["version"], "2.1.0");
    let run = &doc["runs"][0];
    assert_eq!(run["tool"]["driver"]["name"], "numrs");
    let rules = run["tool"]["driver"]["rules"].as_array().expect("rules");
    assert_eq!(rules.len(), 1);
    assert_eq!(rules[0]["id"], "syntax-error");
    assert_eq!(rules[0]["helpUri"], "docs/diagnostics/syntax-error.md");
    let result = &run["results"][0];
    assert_eq!(result["ruleId"], "syntax-error");
    assert_eq!(result["ruleIndex"], 0);
    assert_eq!(result["level"], "error");
    let location = &result["locations"][0]["physicalLocation"];
    assert_eq!(location["artifactLocation"]["uri"], "bad.py");
    assert_eq!(location["region"]["startLine"], 2);
    assert!(location["region"]["startColumn"].as_u64().is_some_and(|c| c >= 1));
}

#[test]
fn github_format_lines() {
    let dir = tempdir();
    write(dir.path(), "bad.py", SYNTAX_ERROR);
    let out = numrs(dir.path(), &["check", "--format", "github", "bad.py"]);
    assert_eq!(status(&out), 1);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 1, "{text}");
    let line = lines[0];
    assert!(line.starts_with("::error file=bad.py,line=2,col="), "{line}");
    assert!(line.contains(",endLine=2,endColumn="), "{line}");
    assert!(line.contains(",title=numrs(syntax-error)::"), "{line}");
}

#[test]
fn suppression_comments() {
    let dir = tempdir();
    // Each file has one syntax error on line 2.
    write(dir.path(), "all.py", "x = 1\ny = = 2  # numrs: ignore\n");
    write(dir.path(), "coded.py", "x = 1\ny = = 2  # numrs: ignore[syntax-error, other]\n");
    write(dir.path(), "other.py", "x = 1\ny = = 2  # numrs: ignore[untyped-global]\n");
    write(dir.path(), "string.py", "x = 1\ny = = '# numrs: ignore'\n");
    let out = numrs(dir.path(), &["check", "--format", "json", "."]);
    assert_eq!(status(&out), 1);
    let doc = json_of(&out);
    let files: Vec<&str> =
        doc["diagnostics"].as_array().into_iter().flatten().filter_map(|d| d["file"].as_str()).collect();
    assert_eq!(files, vec!["other.py", "string.py"]);
    assert_eq!(doc["summary"]["suppressed"], 2);

    let out = numrs(dir.path(), &["check", "all.py", "coded.py"]);
    assert_eq!(status(&out), 0, "{}", stdout(&out));
    assert!(stderr(&out).contains("(2 suppressed)"), "{}", stderr(&out));
}

#[test]
fn gitignore_and_hidden_entries_are_skipped() {
    let dir = tempdir();
    write(dir.path(), ".gitignore", "generated/\n");
    write(dir.path(), "generated/bad.py", SYNTAX_ERROR);
    write(dir.path(), ".hidden/bad.py", SYNTAX_ERROR);
    write(dir.path(), "ok.py", CLEAN);
    let out = numrs(dir.path(), &["check", "."]);
    assert_eq!(status(&out), 0, "{}", stdout(&out));
    assert!(stderr(&out).contains("Checked 1 file"), "{}", stderr(&out));
    // A file named explicitly is checked even if ignored.
    let out = numrs(dir.path(), &["check", "generated/bad.py"]);
    assert_eq!(status(&out), 1);
}

#[test]
fn pyproject_include_exclude_and_unknown_keys() {
    let dir = tempdir();
    write(
        dir.path(),
        "pyproject.toml",
        "[project]\nname = \"demo\"\n\n[tool.numrs]\ninclude = [\"src\"]\nexclude = [\"src/vendored/**\", \"*_gen.py\"]\nmystery = true\n",
    );
    write(dir.path(), "src/ok.py", CLEAN);
    write(dir.path(), "src/pkg/ok2.py", CLEAN);
    write(dir.path(), "src/vendored/bad.py", SYNTAX_ERROR);
    write(dir.path(), "src/pkg/table_gen.py", SYNTAX_ERROR);
    write(dir.path(), "scripts/bad.py", SYNTAX_ERROR);
    let out = numrs(dir.path(), &["check"]);
    assert_eq!(status(&out), 0, "{}{}", stdout(&out), stderr(&out));
    let err = stderr(&out);
    assert!(err.contains("Checked 2 files"), "{err}");
    assert!(err.contains("warning:") && err.contains("mystery"), "{err}");

    // Found from a subdirectory too (walking up), with globs still relative to the root.
    let out = numrs(&dir.path().join("src"), &["check", "."]);
    assert_eq!(status(&out), 0, "{}{}", stdout(&out), stderr(&out));
    assert!(stderr(&out).contains("Checked 2 files"), "{}", stderr(&out));
}

#[test]
fn pyproject_type_errors_exit_2() {
    let dir = tempdir();
    write(dir.path(), "pyproject.toml", "[tool.numrs]\ninclude = \"src\"\n");
    write(dir.path(), "a.py", CLEAN);
    let out = numrs(dir.path(), &["check"]);
    assert_eq!(status(&out), 2);
    assert!(stderr(&out).contains("include"), "{}", stderr(&out));
}

#[test]
fn recorded_signatures_type_lazily_compiled_functions() {
    let dir = tempdir();
    write(dir.path(), "lazy.py", "from numba import njit\n\n@njit\ndef f(x):\n    return x + \"a\"\n");
    // Without a signature there is nothing to type the body with.
    assert_eq!(status(&numrs(dir.path(), &["check", "lazy.py"])), 0);
    write(dir.path(), "sigs.jsonl", "{\"file\": \"lazy.py\", \"qualname\": \"f\", \"args\": [\"int64\"]}\n");
    let out = numrs(dir.path(), &["check", "--signatures", "sigs.jsonl", "--format", "json", "lazy.py"]);
    assert_eq!(status(&out), 1, "{}", stdout(&out));
    let doc: Value = serde_json::from_str(&stdout(&out)).expect("json");
    let diags = doc["diagnostics"].as_array().expect("diagnostics");
    assert!(diags.iter().any(|d| d["code"] == "no-matching-operator" && d["line"] == 5), "{diags:?}");
}

#[test]
fn recorded_function_arguments_may_carry_numbas_address() {
    let dir = tempdir();
    let src = "from numba import njit\n\n@njit\ndef sq(x):\n    return x * x\n\n@njit\ndef apply(f, x):\n    return f(x) + \"a\"\n";
    write(dir.path(), "fa.py", src);
    // Numba's spelling of a jit function argument, with its address as Numba prints it and as
    // the oracle writes it: both name `sq` (the body then fails to type for float64 + str).
    for addr in ["0x7f55552851c0", "0x?"] {
        let rec = format!("{{\"file\": \"fa.py\", \"qualname\": \"apply\", \"args\": [\"type(CPUDispatcher(<function sq at {addr}>))\", \"float64\"]}}\n");
        write(dir.path(), "sigs.jsonl", &rec);
        let out = numrs(dir.path(), &["check", "--signatures", "sigs.jsonl", "--format", "json", "fa.py"]);
        let doc: Value = serde_json::from_str(&stdout(&out)).expect("json");
        let diags = doc["diagnostics"].as_array().expect("diagnostics");
        assert!(diags.iter().any(|d| d["code"] == "no-matching-operator" && d["line"] == 9), "{addr}: {diags:?}");
    }
}

#[test]
fn signatures_file_is_validated() {
    let dir = tempdir();
    write(dir.path(), "a.py", CLEAN);
    let out = numrs(dir.path(), &["check", "--signatures", "nope.jsonl", "a.py"]);
    assert_eq!(status(&out), 2);
    assert!(stderr(&out).contains("nope.jsonl"), "{}", stderr(&out));

    write(dir.path(), "bad.jsonl", "{\"function\": \"f\"}\nnot json\n");
    let out = numrs(dir.path(), &["check", "--signatures", "bad.jsonl", "a.py"]);
    assert_eq!(status(&out), 2);
    assert!(stderr(&out).contains("bad.jsonl:2"), "{}", stderr(&out));

    write(dir.path(), "partial.jsonl", "{\"file\": \"a.py\", \"args\": [\"int64\"]}\n");
    let out = numrs(dir.path(), &["check", "--signatures", "partial.jsonl", "a.py"]);
    assert_eq!(status(&out), 2, "records need file, qualname and args");
    assert!(stderr(&out).contains("qualname"), "{}", stderr(&out));

    write(
        dir.path(),
        "good.jsonl",
        "{\"file\": \"a.py\", \"qualname\": \"f\", \"args\": [\"int64\"], \"extra\": 1}\n\n",
    );
    let out = numrs(dir.path(), &["check", "--signatures", "good.jsonl", "a.py"]);
    assert_eq!(status(&out), 0, "{}", stderr(&out));

    // From the configuration, relative to pyproject.toml's directory.
    write(dir.path(), "pyproject.toml", "[tool.numrs]\nsignatures = \"bad.jsonl\"\n");
    let out = numrs(dir.path(), &["check", "a.py"]);
    assert_eq!(status(&out), 2);
    let out = numrs(dir.path(), &["check", "--signatures", "good.jsonl", "a.py"]);
    assert_eq!(status(&out), 0, "the flag overrides the configuration: {}", stderr(&out));
}

#[test]
fn extra_decorators_are_validated() {
    let dir = tempdir();
    write(dir.path(), "a.py", CLEAN);
    let out = numrs(dir.path(), &["check", "--extra-decorator", "mylib.jit", "--extra-decorator", "fast", "a.py"]);
    assert_eq!(status(&out), 0, "{}", stderr(&out));
    let out = numrs(dir.path(), &["check", "--extra-decorator", "not a name", "a.py"]);
    assert_eq!(status(&out), 2);
}

#[test]
fn usage_errors_exit_2() {
    let dir = tempdir();
    assert_eq!(status(&numrs(dir.path(), &["check", "--format", "xml"])), 2);
    assert_eq!(status(&numrs(dir.path(), &["frobnicate"])), 2);
    assert_eq!(status(&numrs(dir.path(), &["check", "--help"])), 0);
    assert_eq!(status(&numrs(dir.path(), &["build", "a.py"])), 2, "--out-dir is required");
    assert_eq!(status(&numrs(dir.path(), &["dump", "ir"])), 2);
    assert_eq!(status(&numrs(dir.path(), &[])), 2);
    let version = numrs(dir.path(), &["--version"]);
    assert_eq!(status(&version), 0);
    assert_eq!(stdout(&version), format!("numrs {}\n", env!("CARGO_PKG_VERSION")));
    let help = stdout(&numrs(dir.path(), &["help", "build"]));
    assert!(help.contains("Usage: numrs build [OPTIONS] --out-dir <DIR> <PATH>..."), "{help}");
}

#[test]
fn dump_ir_prints_numba_shaped_ir() {
    let dir = tempdir();
    write(dir.path(), "a.py", "from numba import njit\n\n@njit\ndef f(n):\n    s = 0\n    for i in range(n):\n        s += i\n    return s\n");
    let out = numrs(dir.path(), &["dump", "ir", "a.py::f"]);
    assert_eq!(status(&out), 0, "{}", stderr(&out));
    let text = stdout(&out);
    for needle in ["label 0:", "arg(0, name=n)", "global(range)", "getiter(value=", "iternext(value=", "phi(", "cast(value="] {
        assert!(text.contains(needle), "missing {needle} in:\n{text}");
    }
    // Unknown function and missing file are usage errors.
    assert_eq!(status(&numrs(dir.path(), &["dump", "ir", "a.py::nope"])), 2);
    assert_eq!(status(&numrs(dir.path(), &["dump", "ir", "missing.py::f"])), 2);
}

#[test]
fn dump_ptx_prints_a_kernels_entry_points() {
    let dir = tempdir();
    write(
        dir.path(),
        "k.py",
        "from numba import cuda\n\n@cuda.jit([\"void(float32[:], float32)\", \"void(float64[:], float64)\"])\ndef scale(a, s):\n    i = cuda.grid(1)\n    if i < a.size:\n        a[i] *= s\n",
    );
    let out = numrs(dir.path(), &["dump", "ptx", "k.py::scale"]);
    assert_eq!(status(&out), 0, "{}", stderr(&out));
    let text = stdout(&out);
    for needle in [".target sm_75", ".visible .entry scale__0(", ".visible .entry scale__1(", "mul.rn.f32", "mul.rn.f64"] {
        assert!(text.contains(needle), "missing {needle} in:\n{text}");
    }
    assert_eq!(status(&numrs(dir.path(), &["dump", "ptx", "k.py::nope"])), 2);
    write(dir.path(), "host.py", CLEAN);
    assert_eq!(status(&numrs(dir.path(), &["dump", "ptx", "host.py::f"])), 2, "no CUDA functions");
}

#[test]
fn emit_types_layout() {
    let dir = tempdir();
    write(dir.path(), "proj/top.py", CLEAN);
    write(dir.path(), "proj/pkg/mod.py", CLEAN);
    write(dir.path(), "proj/pkg/broken.py", SYNTAX_ERROR);
    write(dir.path(), "single/extra.py", CLEAN);
    let out = numrs(dir.path(), &["check", "--emit-types", "out/types", "proj", "single/extra.py"]);
    assert_eq!(status(&out), 1, "broken.py has a syntax error: {}", stderr(&out));
    let types = dir.path().join("out/types");
    for (relative, file) in
        [("top.json", "top.py"), ("pkg/mod.json", "mod.py"), ("pkg/broken.json", "broken.py"), ("extra.json", "extra.py")]
    {
        let text = std::fs::read_to_string(types.join(relative)).unwrap_or_else(|e| panic!("{relative}: {e}"));
        let doc: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{relative}: {e}"));
        assert_eq!(doc["schema"], "numrs-types/1");
        assert_eq!(doc["numba_version"], "0.68.1");
        assert_eq!(doc["file"], file);
        assert_eq!(doc["functions"], Value::Array(vec![]));
        assert_eq!(doc["calls"], Value::Array(vec![]));
        // Formatted like the oracle's json.dump(indent=1, sort_keys=True).
        assert!(text.starts_with("{\n \"calls\": [],\n \"file\": "), "{text}");
        assert!(text.ends_with("}\n"));
    }
    assert!(!types.join("single").exists());
}

#[test]
fn build_refuses_a_file_with_syntax_errors() {
    // Python could not import the module; building what the parser recovered would hide that.
    let dir = tempdir();
    write(dir.path(), "bad.py", SYNTAX_ERROR);
    let out = numrs(dir.path(), &["build", "bad.py", "-o", "out"]);
    assert_eq!(status(&out), 1, "{}", stderr(&out));
    let text = stderr(&out);
    assert!(text.contains("error[syntax-error]: "), "{text}");
    assert!(text.contains("bad.py: not built"), "{text}");
    assert!(!dir.path().join("out/bad.abi3.so").exists());
}

#[test]
fn build_refuses_a_non_utf8_file() {
    let dir = tempdir();
    write(dir.path(), "latin.py", b"from numba import njit\n# caf\xe9\n@njit(\"(int64,)\")\ndef f(n):\n    return n\n".as_slice());
    let out = numrs(dir.path(), &["build", "latin.py", "-o", "out"]);
    assert_eq!(status(&out), 1, "{}", stderr(&out));
    assert!(stderr(&out).contains("error[unreadable-file]"), "{}", stderr(&out));
}

#[test]
fn build_reports_refused_decorators_and_builds_the_rest() {
    let dir = tempdir();
    let src = "from numba import njit\n\n@njit(\"(int64,\")\ndef f(a):\n    return a\n\n@njit(foo=1)\ndef g(a):\n    return a\n\n@njit(\"(int64,)\")\ndef h(a):\n    return a\n";
    write(dir.path(), "decos.py", src);
    let out = numrs(dir.path(), &["build", "decos.py", "-o", "out"]);
    assert_eq!(status(&out), 1, "{}", stderr(&out));
    let text = stderr(&out);
    assert!(text.contains("error[invalid-signature]"), "{text}");
    assert!(text.contains("error[invalid-decorator]"), "{text}");
    assert!(text.contains("1 specializations built, 2 not built"), "{text}");
    assert!(dir.path().join("out/decos.abi3.so").exists());
}

#[test]
fn scipy_setting_decides_linear_algebra() {
    // Numba's `np.dot` needs SciPy: typed where it is installed (the default), its ImportError
    // with `--no-scipy` or `scipy = false`.
    let dir = tempdir();
    write(dir.path(), "k.py", "import numpy as np\nfrom numba import njit\n\n@njit(\"float64(float64[::1], float64[::1])\")\ndef f(a, b):\n    return np.dot(a, b)\n");
    let with = numrs(dir.path(), &["check", "k.py"]);
    assert_eq!(status(&with), 0, "{}", stdout(&with));
    let without = numrs(dir.path(), &["check", "--no-scipy", "k.py"]);
    assert_eq!(status(&without), 1);
    assert!(stdout(&without).contains("scipy 0.16+ is required for linear algebra"), "{}", stdout(&without));
    write(dir.path(), "pyproject.toml", "[tool.numrs]\nscipy = false\n");
    let configured = numrs(dir.path(), &["check", "k.py"]);
    assert_eq!(status(&configured), 1);
    write(dir.path(), "pyproject.toml", "[tool.numrs]\nscipy = \"no\"\n");
    assert_eq!(status(&numrs(dir.path(), &["check", "k.py"])), 2);
}
