//! Robustness properties of the check pipeline: `CheckDatabase::add_file` + `check_file`
//! return a report (no panic, no stack overflow, no hang) for every input:
//!
//! - arbitrary strings (any Unicode);
//! - token soups assembled from Python / Numba fragments: `@njit("...")` decorators with
//!   random (often malformed) signature strings, statements, bad indentation, unbalanced
//!   brackets, non-ASCII, very long lines, deep nesting;
//! - structured jit functions (decorator + header + indented body) built from plausible
//!   statements, so that inputs get past the parser into the typing passes;
//! - arbitrary bytes, including non-UTF-8 and NUL, and valid sources with a corrupted byte;
//! - incremental edits: check, change the file's text through salsa, check again.
//!
//! Each case runs on its own thread with an 8 MiB stack (the size of the `numrs` main
//! thread) and a watchdog, so a hang or a panic on that thread is reported as a failure of
//! the property, with the case's seed and input (see `rng::check`; inputs are not shrunk).
//! (A stack overflow still aborts the test process, before the input is printed; rerun the
//! property under a debugger, or with a print of each input, to find it.)
//!
//! Inputs come from fixed seeds, so every run checks the same ones. Case counts are modest
//! (256 per property by default; set `NUMRS_FUZZ_CASES` to run more), so
//! `cargo test --release -p numrs_fuzz` finishes in seconds.

use std::sync::mpsc;
use std::sync::Arc;
use std::time::Duration;

use numrs_check::CheckDatabase;
use salsa::Setter;

use crate::rng::{self, Rng};

/// Stack size of the checking thread: the default main-thread stack on Linux.
const STACK: usize = 8 << 20;
/// A single check taking longer than this is reported as a hang. Far above any honest run:
/// wall time on a loaded shared 2-CPU machine varies 20x.
const WATCHDOG: Duration = Duration::from_secs(120);

fn cases() -> u32 {
    std::env::var("NUMRS_FUZZ_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(256)
}

/// Run `f` on a fresh thread with an 8 MiB stack; re-raise its panic here, fail on a hang.
fn on_checker_thread<F: FnOnce() + Send + 'static>(what: &str, f: F) {
    let (tx, rx) = mpsc::channel();
    let handle = std::thread::Builder::new()
        .name("numrs-fuzz-check".into())
        .stack_size(STACK)
        .spawn(move || {
            f();
            let _ = tx.send(());
        })
        .expect("spawn checker thread");
    match rx.recv_timeout(WATCHDOG) {
        Ok(()) => {
            handle.join().expect("checker thread");
        }
        Err(mpsc::RecvTimeoutError::Disconnected) => {
            // The sender was dropped without sending: the closure panicked.
            if let Err(payload) = handle.join() {
                std::panic::resume_unwind(payload);
            }
        }
        Err(mpsc::RecvTimeoutError::Timeout) => {
            panic!("check_file did not return within {WATCHDOG:?} on {what}");
        }
    }
}

/// Check one file from raw bytes and sanity-check the report.
fn check_bytes(bytes: Vec<u8>) {
    on_checker_thread("bytes input", move || {
        let mut db = CheckDatabase::new();
        let file = db.add_file("fuzz.py", &bytes);
        let report = db.check_file(file);
        assert_eq!(report.path, "fuzz.py");
        // Checking again must hit the memo and agree.
        let again = db.check_file(file);
        assert_eq!(report, again);
    });
}

fn check_str(src: &str) {
    check_bytes(src.as_bytes().to_vec());
}

/// Check `before`, then replace the text by `after` (an incremental edit) and check again.
fn check_edit(before: String, after: String) {
    on_checker_thread("incremental edit", move || {
        let mut db = CheckDatabase::new();
        let file = db.add_file("edit.py", before.as_bytes());
        let _ = db.check_file(file);
        file.set_text(&mut db).to(Arc::from(after.as_str()));
        let edited = db.check_file(file);
        // A fresh database holding the same text must give the same report. (Built like the
        // edit, from text: `add_file` would decode bytes and may reject what `set_text` takes.)
        let fresh = CheckDatabase::new();
        let f2 = numrs_db::SourceFile::new(&fresh, "edit.py".to_string(), Arc::from(after.as_str()), None);
        assert_eq!(*edited, *fresh.check_file(f2), "incremental result differs from a fresh check");
    });
}

// ---------------------------------------------------------------------------------------
// Fragments
// ---------------------------------------------------------------------------------------

/// Numba type names and type-expression pieces for signature strings (valid and not).
const TYPE_ATOMS: &[&str] = &[
    "float64", "float32", "int64", "int32", "int16", "int8", "uint64", "uint8", "intp",
    "boolean", "bool_", "complex128", "complex64", "none", "void", "f8", "i4", "b1", "c16",
    "float64[:]", "float64[::1]", "float64[:, ::1]", "float64[:, :]", "int64[::1]",
    "int32[:, ::1]", "boolean[::1]", "complex128[:]", "float64[:, :, ::1]", "float64[::-1]",
    "float64[::2]", "float64[1:]", "int64[:,:,:,:,:,:,:,:]", "UniTuple(float64, 2)",
    "UniTuple(int64, 0)", "UniTuple(float64, 100000)", "Tuple((float64, int64))",
    "Tuple(())", "Array(float64, 2, 'C')", "Array(float64, 1, 'A', readonly=True)",
    "array(float64, 1d, C)", "optional(float64)", "Optional(int64)", "List(int64)",
    "ListType(float64)", "DictType(unicode_type, int64)", "unicode_type", "string",
    "types.float64", "numba.float64", "np.float64", "float64(float64)", "float6", "flaot64",
    "int64[", "[:]", "(", ")", "((", "))", ",", ", ", "*", "...", "", " ", "->", "é", "😀",
    "float64 [ : ]", "\\n", "\\\"", "'", "%s", "{}", "FunctionType(float64(float64))",
    "NPDatetime('D')", "NPTimedelta('s')", "Record", "pyobject", "ffi.CData", "1", "-1",
];

/// `@njit` keyword arguments (or none).
const KWARGS: &[&str] = &["", "cache=True", "fastmath=True", "nogil=True", "parallel=True", "boundscheck=True", "error_model='numpy'", "locals={'x': float64}", "inline='always'", "bogus=1"];

/// A signature string: a return type and 0 to 6 argument types, in one of 8 styles (the last
/// five the same, well formed).
fn signature(r: &mut Rng) -> String {
    let ret = *r.pick(TYPE_ATOMS);
    let args = r.vec(0..7, |r| *r.pick(TYPE_ATOMS));
    match r.range(0..8) {
        0 => format!("({})", args.join(", ")),
        1 => args.concat(),
        2 => format!("{ret}({}", args.join(", ")),
        _ => format!("{ret}({})", args.join(", ")),
    }
}

/// A decorator with 1 to 3 signature strings and a keyword argument, in one of 16 styles.
fn decorator(r: &mut Rng) -> String {
    let sigs = r.vec(1..4, signature);
    let style = r.range(0..16);
    let kw = *r.pick(KWARGS);
    let q = |s: &String| format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""));
    let first = q(&sigs[0]);
    let list = sigs.iter().map(q).collect::<Vec<_>>().join(", ");
    let kw = if kw.is_empty() { String::new() } else { format!(", {kw}") };
    match style {
        0 => "@njit".to_string(),
        1 => "@njit()".to_string(),
        2 => format!("@njit({first}{kw})"),
        3 => format!("@njit([{list}]{kw})"),
        4 => format!("@jit({first}, nopython=True{kw})"),
        5 => format!("@numba.njit({first})"),
        6 => format!("@nb.jit([{list}], nopython=True)"),
        7 => format!("@vectorize([{list}])"),
        8 => format!("@guvectorize([{list}], \"(n)->(n)\")"),
        9 => format!("@cfunc({first})"),
        10 => format!("@njit(({list}))"),
        11 => format!("@njit(signature_or_function={first})"),
        12 => format!("@stencil"),
        13 => format!("@njit({first}"),
        14 => format!("@jit(nopython=True{kw})"),
        _ => format!("@njit({first}{kw})"),
    }
}

/// Statements that could appear in a Numba function (not all valid, not all typable).
const STATEMENTS: &[&str] = &[
    "pass",
    "return x",
    "return",
    "return x, y",
    "return (x + 1.0) * 2",
    "return np.empty(n)",
    "acc = 0.0",
    "acc += x[i]",
    "acc += x[i] * y[i]",
    "n = x.shape[0]",
    "m, k = a.shape",
    "out = np.zeros((n, m))",
    "out = np.empty(n, dtype=np.int64)",
    "out = np.empty_like(x)",
    "tmp = np.exp(x - x.max())",
    "s = tmp.sum()",
    "t = (1, 2.0, 3j)",
    "a, b = t[0], t[1]",
    "z = complex(a, b)",
    "z = z * z + c",
    "r = math.sqrt(abs(v)) + math.exp(-v) + math.erf(v)",
    "v = math.log(0.0)",
    "q = x // 0",
    "x[i] = v",
    "x[i, j] = x[i - 1, j] + x[i + 1, j]",
    "x[1:-1] = 0.0",
    "b = x[::2]",
    "b = x[..., None]",
    "y = x.T.copy()",
    "y = x.reshape((2, -1))",
    "k = int(v)",
    "f = float(k)",
    "flag = v > 0.0 and k < 3 or not flag",
    "s = 'text' + str(k)",
    "l = [1, 2, 3]",
    "l.append(4.0)",
    "d = {1: 2.0}",
    "d[3] = 4.5",
    "st = {1, 2}",
    "g = (i * i for i in range(3))",
    "lc = [i for i in range(n) if i % 2]",
    "fn = lambda u: u + 1",
    "w = fn(2)",
    "w = helper(x, 1)",
    "w = f(f(f(f(f(1)))))",
    "w = undefined_name + 1",
    "w = x.no_such_attribute",
    "w = np.no_such_function(x)",
    "w = math.sqrt(1, 2)",
    "w = np.dot(a, b)",
    "w = a @ b",
    "w = x if k else y",
    "w = -x ** 2 ** -1",
    "w = 1 << 70",
    "w = 99999999999999999999999999999999999999",
    "w = 0x7fffffffffffffff + 1",
    "w = 1e400",
    "w = 1_000.5e-3",
    "w = .5j",
    "w = True + None",
    "w = (yield)",
    "w := 3",
    "print(x, y, sep='')",
    "assert k > 0, 'negative'",
    "raise ValueError('bad')",
    "del x",
    "global g",
    "nonlocal q",
    "import os",
    "from numba import prange",
    "with objmode(y='float64'):",
    "with objmode(y='nonsense[:'):",
    "with objmode(y=types.float64, **kw):",
    "with numba.objmode():",
    "for v in literal_unroll((1, 'a', 2.5)):",
    "for v in literal_unroll(x):",
    "for v in literal_unroll([1, 2]):",
    "t = literal_unroll((1, 2.0))",
    "try:",
    "except Exception:",
    "finally:",
    "for i in range(n):",
    "for i in prange(n):",
    "for i, v in enumerate(x):",
    "for a, b in zip(x, y):",
    "for i in range(0, n, -1):",
    "while k < n:",
    "while True:",
    "if v > 0.0:",
    "elif v < 0.0:",
    "else:",
    "break",
    "continue",
    "def inner(u):",
    "class K:",
    "async def co():",
    "match k:",
    "case 1:",
    "x: float = 1.0",
    "x: 'float64[:]'",
    "reveal_type(x)",
    "reveal_type()",
    "# numrs: ignore",
    "# numrs: ignore[some-code]",
    "x = 1  # type: ignore",
    "\"\"\"docstring\"\"\"",
    "'''unterminated",
    "f'{x!r:>{w}}'",
    "b'bytes' + 'str'",
    "...",
];

/// Token-level fragments: the building blocks for unstructured soups.
const TOKENS: &[&str] = &[
    "def ", "f", "(", ")", ":", "\n", "    ", "  ", "\t", "\r\n", "\r", "\\\n", "@njit", "@",
    "return ", "x", "y", "n", "i", " = ", "+", "-", "*", "/", "//", "**", "%", "@", "[", "]",
    "{", "}", ",", ".", "...", "=", "==", "!=", "<", ">", ":=", "->", "lambda ", "if ", "else",
    "elif ", "for ", " in ", "range(", "while ", "not ", "and ", "or ", "is ", "None", "True",
    "import ", "from ", "numba", "numpy as np", "np.", "math.", "sqrt", "empty", "zeros",
    "shape", "[0]", "[:, ::1]", "float64", "int64", "(float64, int64)", "\"", "'", "'''",
    "\"\"\"", "f\"", "b'", "#", "# comment\n", "0", "1", "1.5", "1e10", "0j", "0x1F", "0b2",
    "1_", "é", "ß", "λ", "變數", "😀", "\u{200b}", "\u{feff}", "\u{0}", "\u{7f}", "\u{2028}",
    "\u{10ffff}", "ﬁ", "Ａ", "yield ", "await ", "async ", "class ", "global ", "del ",
];

/// A line of 1 to 5999 repetitions of one piece.
fn long_line(r: &mut Rng) -> String {
    let n = r.range(1..6000);
    let piece = *r.pick(&["1 + ", "x", "(", "[", "a.", "\"é\" ", "not ", "-", "f(", " "]);
    format!("x = {}1\n", piece.repeat(n))
}

/// Indentation: mostly 0 to 3 levels of four spaces; else 0 to 9 spaces, 0 to 3 tabs, a mix
/// of spaces and a tab, or a no-break space.
fn indent(r: &mut Rng) -> String {
    match r.weighted(&[4, 1, 1, 1, 1]) {
        0 => "    ".repeat(r.range(0..4)),
        1 => " ".repeat(r.range(0..10)),
        2 => "\t".repeat(r.range(0..4)),
        3 => " \t ".to_string(),
        _ => "\u{a0}".to_string(),
    }
}

/// The chars of an identifier: the regex classes `[a-zA-Z_]`, `[a-zA-Z0-9_]`, `[a-z]`,
/// `[a-z_]` (their ranges in the order proptest's regex parser gives them).
const IDENT_START: &[(u32, u32)] = &[(b'A' as u32, b'Z' as u32), (b'_' as u32, b'_' as u32), (b'a' as u32, b'z' as u32)];
const IDENT_CONTINUE: &[(u32, u32)] =
    &[(b'0' as u32, b'9' as u32), (b'A' as u32, b'Z' as u32), (b'_' as u32, b'_' as u32), (b'a' as u32, b'z' as u32)];
const LOWER: &[(u32, u32)] = &[(b'a' as u32, b'z' as u32)];
const LOWER_OR_UNDERSCORE: &[(u32, u32)] = &[(b'_' as u32, b'_' as u32), (b'a' as u32, b'z' as u32)];

/// A line of the soup: indentation + a statement / decorator / token run / long line.
fn soup_line(r: &mut Rng) -> String {
    match r.weighted(&[4, 2, 2, 2, 1, 1, 1]) {
        0 => {
            let i = indent(r);
            format!("{i}{}\n", r.pick(STATEMENTS))
        }
        1 => format!("{}\n", decorator(r)),
        2 => {
            // indentation, `[a-zA-Z_][a-zA-Z0-9_]{0,8}`, 0 to 4 of `[a-z]{1,3}`
            let i = indent(r);
            let mut n = String::from(r.char_in(IDENT_START));
            n.push_str(&r.string(0..9, |r| r.char_in(IDENT_CONTINUE)));
            let ps = r.vec(0..5, |r| r.string(1..4, |r| r.char_in(LOWER)));
            format!("{i}def {n}({}):\n", ps.join(", "))
        }
        3 => r.vec(1..20, |r| *r.pick(TOKENS)).concat(),
        4 => long_line(r),
        5 => {
            // deep or unbalanced nesting
            let d = r.range(1..400);
            if r.bool() { format!("x = {}\n", "(".repeat(d)) } else { format!("x = {}1{}\n", "(".repeat(d), ")".repeat(d)) }
        }
        // `\PC{0,40}`
        _ => format!("{}\n", r.string(0..41, Rng::printable_char)),
    }
}

/// One of three import headers, then 0 to 59 soup lines.
fn soup(r: &mut Rng) -> String {
    let head = *r.pick(&["", "import numpy as np\nfrom numba import njit\n", "import math\nimport numba\nfrom numba import jit, njit, vectorize, prange\nimport numpy as np\n"]);
    let lines = r.vec(0..60, soup_line);
    format!("{head}{}", lines.concat())
}

/// Structured: imports, then a few functions with a decorator, a header and an indented body
/// whose block statements always get a body, so much of it parses and reaches typing.
fn structured(r: &mut Rng) -> String {
    // a decorator, a name `[a-z_]{1,6}`, 0 to 4 parameters, 1 to 29 statements
    let function = |r: &mut Rng| {
        let deco = decorator(r);
        let name = r.string(1..7, |r| r.char_in(LOWER_OR_UNDERSCORE));
        let mut params = r.vec(0..5, |r| *r.pick(&["x", "y", "n", "a", "b", "c", "k", "v", "*args", "t=1", "z: float"]));
        let body = r.vec(1..30, |r| (r.range(0..4), *r.pick(STATEMENTS)));
        params.dedup();
        let mut out = format!("{deco}\ndef {name}({}):\n", params.join(", "));
        let mut depth = 1usize;
        for (target, stmt) in body {
            // go back to a shallower block at random, never deeper than the opener allows
            depth = depth.min(target + 1).max(1);
            out.push_str(&"    ".repeat(depth));
            out.push_str(stmt);
            out.push('\n');
            if stmt.ends_with(':') {
                depth += 1;
                out.push_str(&"    ".repeat(depth));
                out.push_str("pass\n");
            }
        }
        out
    };
    let fs = r.vec(1..6, function);
    format!(
        "import math\nimport numpy as np\nimport numba\nfrom numba import njit, jit, vectorize, guvectorize, cfunc, stencil, prange, objmode, literal_unroll, types\nfrom numba import float64, int64\nimport numba as nb\n\n\ndef helper(a, b):\n    return a\n\n\n{}",
        fs.join("\n\n")
    )
}

/// Field types of a jitclass spec: Numba types, other classes' instances, deferred types (of
/// this module, maybe never defined), annotations.
const FIELD_TYPES: &[&str] = &[
    "int64", "float64", "float64[:]", "int32[:, ::1]", "boolean", "unicode_type", "types.ListType(int64)",
    "types.DictType(int64, float64)", "optional(int64)", "optional(node_t)", "node_t", "optional(other_t)",
    "A.class_type.instance_type", "B.class_type.instance_type", "C.class_type.instance_type",
    "UniTuple(float64, 2)", "nonsense", "int64[", "optional(A.class_type.instance_type)",
];

/// Statements of a jitclass method (valid and not).
const METHOD_STATEMENTS: &[&str] = &[
    "self.f0 = self.f0", "self.f1 = 1", "self.f2 = None", "x = self.f0", "x = self.f1.f0",
    "return self.f0", "return self", "return self.f2", "self.__p = 3", "x = self.__p",
    "x = A(1)", "x = B(2.0)", "x = C()", "return len(self)", "return self == self", "return self != x",
    "return str(self)", "return bool(self)", "return self.missing", "self.f0 += 1", "return self.g()",
    "raise ValueError('x')", "x = self.f1\n        return x.f0 if x is not None else 0",
];

/// A module of 1 to 4 jitclasses (decorated or made by calling `jitclass`) whose fields refer
/// to each other and to deferred types, with methods, and a jit function using them.
fn structured_jitclasses(r: &mut Rng) -> String {
    let mut out = String::from(
        "import numpy as np\nfrom numba import njit, int64, float64, int32, boolean, types, deferred_type, optional\n\
         from numba.experimental import jitclass\nfrom numba.types import UniTuple, unicode_type\n\n\
         node_t = deferred_type()\nother_t = deferred_type()\n\n\n",
    );
    let names = ["A", "B", "C", "D"];
    let n = r.range(1..5);
    for name in names.iter().take(n) {
        let fields: Vec<String> = (0..r.range(0..4)).map(|k| format!("(\"f{k}\", {})", r.pick(FIELD_TYPES))).collect();
        let decorated = r.range(0..4) != 0;
        if decorated {
            out.push_str(&format!("@jitclass([{}])\n", fields.join(", ")));
        }
        out.push_str(&format!("class {name}:\n"));
        if r.range(0..3) == 0 {
            out.push_str(&format!("    a{}: {}\n", r.range(0..3), r.pick(&["int64", "List[float]", "Counter", "float", "Optional[int]"])));
        }
        let params = *r.pick(&["self", "self, v", "self, v=1", "self, *args"]);
        out.push_str(&format!("    def __init__({params}):\n        self.f0 = 0\n"));
        for m in 0..r.range(0..4) {
            let mname = *r.pick(&["g", "__len__", "__eq__", "__add__", "__str__", "__private", "h"]);
            let deco = *r.pick(&["", "    @property\n", "    @staticmethod\n", ""]);
            out.push_str(&format!("{deco}    def {mname}(self{}):\n", if m % 2 == 1 { ", other" } else { "" }));
            for _ in 0..r.range(1..4) {
                out.push_str(&format!("        {}\n", r.pick(METHOD_STATEMENTS)));
            }
        }
        if !decorated {
            out.push_str(&format!("\n\n{name} = jitclass({name}, [{}])\n", fields.join(", ")));
        }
        out.push_str("\n\n");
    }
    for _ in 0..r.range(0..3) {
        out.push_str(&format!("{}.define({}.class_type.instance_type)\n", r.pick(&["node_t", "other_t"]), r.pick(&names[..n])));
    }
    out.push_str(&format!(
        "\n\n@njit(\"(int64,)\")\ndef use(n):\n    a = {}({})\n    return {}\n",
        r.pick(&names[..n]),
        r.pick(&["", "n", "1.5", "None"]),
        r.pick(&["a.f0", "a", "a.g()", "len(a)", "a.f1.f0", "a != a", "str(a)", "a.missing"]),
    ));
    out
}

/// A small valid module, used as the base of byte corruptions and edits.
const VALID: &str = "import math\nimport numpy as np\nfrom numba import njit\n\n\n@njit(\"float64(float64)\")\ndef norm_cdf(x):\n    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))\n\n\n@njit(\"float64(float64[::1], float64)\")\ndef total(x, scale):\n    acc = 0.0\n    for i in range(x.shape[0]):\n        acc += norm_cdf(x[i] * scale)\n    return acc\n\n\n@njit(\"UniTuple(float64, 2)(float64[:, ::1])\")\ndef minmax(m):\n    lo = m[0, 0]\n    hi = m[0, 0]\n    for i in range(m.shape[0]):\n        for j in range(m.shape[1]):\n            lo = min(lo, m[i, j])\n            hi = max(hi, m[i, j])\n    return lo, hi\n";

fn splice(base: &str, pos: usize, frag: &str) -> String {
    let mut pos = pos.min(base.len());
    while !base.is_char_boundary(pos) {
        pos -= 1;
    }
    format!("{}{}{}", &base[..pos], frag, &base[pos..])
}

// ---------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------

#[test]
fn arbitrary_strings() {
    rng::check("arbitrary_strings", cases(), Rng::any_string, |src| check_str(&src));
}

#[test]
fn arbitrary_long_unicode() {
    // 0 to 2999 chars of any kind (`proptest::char::any()`)
    rng::check("arbitrary_long_unicode", cases(), |r| r.string(0..3000, Rng::any_char), |src| check_str(&src));
}

#[test]
fn python_numba_token_soup() {
    rng::check("python_numba_token_soup", cases(), soup, |src| check_str(&src));
}

#[test]
fn structured_jit_functions() {
    rng::check("structured_jit_functions", cases(), structured, |src| check_str(&src));
}

#[test]
fn structured_jitclasses_check() {
    rng::check("structured_jitclasses", cases(), structured_jitclasses, |src| check_str(&src));
}

#[test]
fn valid_module_with_one_insertion() {
    // The input is the edited module: at a position uniform in 0..800, one of (equally
    // likely) a token, an indented statement, a decorator, a signature string.
    let insert = |r: &mut Rng| {
        let pos = r.range(0..800);
        let frag = match r.range(0..4) {
            0 => r.pick(TOKENS).to_string(),
            1 => format!("\n    {}\n", r.pick(STATEMENTS)),
            2 => format!("\n{}\n", decorator(r)),
            _ => signature(r),
        };
        splice(VALID, pos, &frag)
    };
    rng::check("valid_module_with_one_insertion", cases(), insert, |src| check_str(&src));
}

/// Bytes that print as a byte string literal in a failure message.
struct Bytes(Vec<u8>);

impl std::fmt::Debug for Bytes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "b\"{}\"", self.0.escape_ascii())
    }
}

#[test]
fn arbitrary_bytes() {
    // 0 to 4095 bytes
    rng::check("arbitrary_bytes", cases(), |r| Bytes(r.vec(0..4096, Rng::byte)), |bytes| check_bytes(bytes.0));
}

#[test]
fn valid_module_with_corrupt_bytes() {
    // The input is the corrupted module: 1 to 3 bytes (often bytes of multi-byte UTF-8
    // sequences, or BOM pieces) inserted at positions uniform in 0..800 (clamped to the end),
    // and half the time a BOM in front.
    let corrupt = |r: &mut Rng| {
        let edits = r.vec(1..4, |r| (r.range(0..800), *r.pick(&[0x80u8, 0xC3, 0xE2, 0xF0, 0xFF, 0xFE, 0x00, 0xEF, 0xBB, 0xBF, b'\r', b'\t'])));
        let bom = r.bool();
        let mut bytes = VALID.as_bytes().to_vec();
        for (pos, b) in edits {
            let pos = pos.min(bytes.len());
            bytes.insert(pos, b);
        }
        if bom {
            let mut with_bom = vec![0xEF, 0xBB, 0xBF];
            with_bom.extend(bytes);
            bytes = with_bom;
        }
        Bytes(bytes)
    };
    rng::check("valid_module_with_corrupt_bytes", cases(), corrupt, |bytes| check_bytes(bytes.0));
}

#[test]
fn incremental_edits() {
    // before: structured; after: (equally likely) structured or a soup
    let edit = |r: &mut Rng| {
        let a = structured(r);
        let b = if r.bool() { structured(r) } else { soup(r) };
        (a, b)
    };
    rng::check("incremental_edits", cases(), edit, |(a, b)| check_edit(a, b));
}

// ---------------------------------------------------------------------------------------
// Fixed inputs (and regressions found by the properties above)
// ---------------------------------------------------------------------------------------

#[test]
fn fixed_inputs() {
    let cases: Vec<Vec<u8>> = vec![
        b"".to_vec(),
        b"\n".to_vec(),
        b"\xEF\xBB\xBF".to_vec(),
        b"\xEF\xBB\xBF@njit(\"float64(float64)\")\ndef f(x):\n    return x\n".to_vec(),
        b"\xff\xfe@\x00n\x00".to_vec(),
        b"# -*- coding: latin-1 -*-\nx = '\xe9'\n".to_vec(),
        b"@njit(\"\")\ndef f():\n    pass\n".to_vec(),
        b"@njit(\"float64(\")\ndef f(x):\n    return x\n".to_vec(),
        b"@njit(\"(((((((((((((((((((((((((((((((((((((((((\")\ndef f(x):\n    return x\n".to_vec(),
        b"@njit(\"float64(float64)\")\ndef f(x):\nreturn x\n".to_vec(),
        b"@njit(\"float64(float64)\")\n".to_vec(),
        b"@njit(\"float64(float64)\")\nclass C:\n    pass\n".to_vec(),
        b"@njit(\"float64(float64, float64)\")\ndef f(x):\n    return x\n".to_vec(),
        b"@njit(\"int64(int64)\")\ndef f(n):\n    return f(n - 1)\n".to_vec(),
        b"from numba import njit\n@njit(\"float64[::1](float64[::1])\")\ndef f(x):\n    return x[::-1][::2]\n".to_vec(),
        format!("x = {}1{}\n", "(".repeat(200), ")".repeat(200)).into_bytes(),
        format!("x = {}\n", "1 + ".repeat(20000)).into_bytes(),
        format!("@njit(\"float64(float64)\")\ndef f(x):\n{}    return x\n", "    if x:\n".repeat(1)).into_bytes(),
        "@njit(\"float64(float64)\")\ndef f(é):\n    return é * 2.0\n".as_bytes().to_vec(),
    ];
    for bytes in cases {
        check_bytes(bytes);
    }
}

/// The generated benchmark module style, scaled down: realistic code must check cleanly
/// (no panic) and quickly.
#[test]
fn realistic_module_checks() {
    let mut src = String::from("import math\n\nimport numpy as np\nfrom numba import njit\n");
    for k in 0..200 {
        src.push_str(&format!(
            "\n\n@njit(\"float64(float64[::1], float64)\")\ndef kernel_{k}(x, scale):\n    acc = 0.0\n    for i in range(x.shape[0]):\n        v = x[i] * scale\n        if v > 0.5:\n            acc += math.sqrt(v)\n        else:\n            acc -= math.exp(-abs(v))\n    return acc\n"
        ));
        if k > 0 {
            src.push_str(&format!(
                "\n\n@njit(\"float64(float64[::1])\")\ndef driver_{k}(x):\n    out = np.empty(x.shape[0])\n    out[:] = x\n    lo, hi = (kernel_{k}(out, 1.0), kernel_{}(out, 2.0))\n    return lo + hi\n",
                k - 1
            ));
        }
    }
    check_str(&src);
}

/// Jit functions whose bodies sit just inside the parser's nesting limits (200 brackets,
/// 100 indentation levels, 10 000 operator levels), so that they reach the later passes
/// (HIR, IR, inference) with very deep trees: those must not overflow an 8 MiB stack.
#[test]
fn at_nesting_limits() {
    let head = "import math\nimport numpy as np\nfrom numba import njit\n\n\n@njit(\"float64(float64, float64[::1])\")\ndef f(x, a):\n";
    let mut bodies: Vec<String> = vec![
        format!("    return {}x\n", "x + ".repeat(9_990)),
        format!("    return {}x\n", "x * 0.5 - ".repeat(4_990)),
        format!("    return {}x{}\n", "(".repeat(190), ")".repeat(190)),
        format!("    return {}x{}\n", "math.sqrt(".repeat(190), ")".repeat(190)),
        format!("    t = {}x{}\n    return x\n", "(".repeat(95), ", 1.0)".repeat(95)),
        format!("    return {}x\n", "-".repeat(9_990)),
        format!("    return {}x\n", "not ".repeat(9_990)),
        format!("    return {}0.0\n", "1.0 if x > 0.0 else ".repeat(3_000)),
        format!("    return float({})\n", vec!["x > 0.0"; 3_000].join(" and ")),
        format!("    return float({})\n", vec!["x"; 3_000].join(" < ")),
        format!("    i = 0\n    return a[{}0{}]\n", "int(a[".repeat(60), "])".repeat(60)),
        format!("    return {}\n", vec!["a[0]"; 5_000].join(" + ")),
        format!("{}    return x\n", "    x = x + 1.0\n".repeat(20_000)),
        format!("{}    return x\n", "    if x > 0.0:\n        x = x - 1.0\n    else:\n        x = x + 1.0\n".repeat(3_000)),
        format!("    s = 0.0\n    for i in range(a.shape[0]):\n{}        s += a[i]\n    return s\n", "        if a[i] > 0.0:\n            s += 1.0\n".repeat(3_000)),
    ];
    // 95 nested `if` blocks and 95 nested `for` loops
    let mut nested_if = String::new();
    let mut nested_for = String::from("    s = 0.0\n");
    for d in 1..=95 {
        nested_if.push_str(&format!("{}if x > {d}.0:\n", "    ".repeat(d)));
        nested_for.push_str(&format!("{}for i{d} in range(2):\n", "    ".repeat(d)));
    }
    nested_if.push_str(&format!("{}x = -x\n    return x\n", "    ".repeat(96)));
    nested_for.push_str(&format!("{}s += 1.0\n    return s\n", "    ".repeat(96)));
    bodies.push(nested_if);
    bodies.push(nested_for);
    for body in bodies {
        check_str(&format!("{head}{body}"));
    }
}
