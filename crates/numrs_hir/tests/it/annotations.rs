//! Signatures from PEP 484 annotations (`x: float64[:]`, `n: types.int64`, `x: np.float64`).

use numrs_hir::{annotated_signature, module_symbols, AnnotatedSig};
use numrs_syntax::ast::{Module, StmtKind};

fn parse(src: &str) -> Module {
    let parsed = numrs_syntax::parse_module(src);
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
    parsed.module
}

/// The annotated signature of the last `def` of `src`, rendered as `(args) -> ret`.
fn annotated(src: &str) -> Option<String> {
    let m = parse(src);
    let symbols = module_symbols(&m);
    let def = m
        .body
        .iter()
        .rev()
        .find_map(|s| match &s.kind {
            StmtKind::FunctionDef(d) => Some(d),
            _ => None,
        })
        .expect("a def");
    annotated_signature(def, &symbols).map(|AnnotatedSig { args, return_type }| {
        let args: Vec<String> =
            args.iter().map(|a| a.as_ref().map_or("?".to_string(), |t| t.to_string())).collect();
        let ret = return_type.map_or("None".to_string(), |t| t.to_string());
        format!("({}) -> {ret}", args.join(", "))
    })
}

#[test]
fn numba_types() {
    let cases = [
        ("from numba import float64, int64\ndef f(x: float64[:], n: int64) -> float64: pass\n", "(array(float64, 1d, A), int64) -> float64"),
        ("from numba import types\ndef f(x: types.float64[:, ::1], n: types.intp): pass\n", "(array(float64, 2d, C), int64) -> None"),
        ("import numba as nb\ndef f(x: nb.float64, y: nb.types.UniTuple(nb.int64, 2)) -> nb.types.void: pass\n", "(float64, UniTuple(int64 x 2)) -> none"),
        ("import numba\ndef f(x: numba.types.ListType(numba.types.unicode_type)): pass\n", "(ListType[unicode_type]) -> None"),
        ("from numba.core import types as t\ndef f(*, k: t.boolean): pass\n", "(bool) -> None"),
        ("from numba import f8, i4\ndef f(a: f8, /, b: i4): pass\n", "(float64, int32) -> None"),
    ];
    for (src, want) in cases {
        assert_eq!(annotated(src).as_deref(), Some(want), "{src}");
    }
}

#[test]
fn numpy_scalars_and_builtins() {
    // NumPy scalar classes map as `numba.np.numpy_support.from_dtype` maps them (Numba 0.68.1).
    let cases = [
        ("import numpy as np\ndef f(a: np.float64, b: np.int32, c: np.bool_, d: np.complex64, e: np.uint8, g: np.intp): pass\n", "(float64, int32, bool, complex64, uint8, int64) -> None"),
        ("import numpy\ndef f(a: numpy.double, b: numpy.longlong, c: numpy.single) -> numpy.float32: pass\n", "(float64, int64, float32) -> float32"),
        ("from numpy import float32\ndef f(a: float32): pass\n", "(float32) -> None"),
        ("def f(a: int, b: float, c: bool, d: complex, e: str) -> int: pass\n", "(int64, float64, bool, complex128, unicode_type) -> int64"),
        ("from numba import float64\ndef f(a: 'float64[:]', b: 'int') -> 'float64': pass\n", "(array(float64, 1d, A), int64) -> float64"),
        // An unrecognised return annotation leaves the return type unknown.
        ("def f(a: int) -> list: pass\n", "(int64) -> None"),
        ("def f() -> float: pass\n", "() -> float64"),
    ];
    for (src, want) in cases {
        assert_eq!(annotated(src).as_deref(), Some(want), "{src}");
    }
}

#[test]
fn incomplete_or_unrecognised() {
    let cases = [
        "def f(x, n: int): pass\n",
        "def f(x): pass\n",
        "def f(): pass\n",
        "import numpy as np\ndef f(x: np.ndarray): pass\n",
        "import numpy as np\ndef f(x: np.float16): pass\n",
        "def f(x: list): pass\n",
        "def f(x: 'not valid python ('): pass\n",
        "def f(x: undefined_name): pass\n",
        "from numba import float64\ndef f(x: float64(float64)): pass\n",
        "def f(x: int, *args: int): pass\n",
        "def f(x: int, **kw: int): pass\n",
        "from typing import List\ndef f(x: List[int]): pass\n",
    ];
    for src in cases {
        assert_eq!(annotated(src), None, "{src}");
    }
}

#[test]
fn annotations_see_bindings_at_the_def() {
    // The annotation is evaluated when the `def` runs: the later rebinding does not apply.
    let src = "from numba import float64 as T\ndef f(x: T): pass\nfrom numba import int8 as T\n";
    let m = parse(src);
    let symbols = module_symbols(&m);
    let StmtKind::FunctionDef(def) = &m.body[1].kind else { panic!("def") };
    let sig = annotated_signature(def, &symbols).expect("annotated");
    assert_eq!(sig.args, vec![Some(numrs_types::Type::float64())]);
}
