//! Module-level bindings: imports, functions, classes, constants, lookups by offset and
//! dotted-name resolution.

use numrs_hir::{module_symbols, BindingKind, ConstValue, ModuleSymbols};
use numrs_syntax::ast::{Expr, FloatBits, Module, StmtKind};

fn parse(src: &str) -> Module {
    let parsed = numrs_syntax::parse_module(src);
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
    parsed.module
}

fn symbols(src: &str) -> ModuleSymbols {
    module_symbols(&parse(src))
}

fn kind(s: &ModuleSymbols, name: &str) -> BindingKind {
    s.lookup(name, None).unwrap_or_else(|| panic!("{name} is not bound")).kind.clone()
}

fn module(name: &str) -> BindingKind {
    BindingKind::Module(name.to_string())
}

fn imported(module: &str, name: &str) -> BindingKind {
    BindingKind::ImportedName { module: module.to_string(), name: name.to_string() }
}

/// The expression of the last statement, which must be an expression statement.
fn last_expr(m: &Module) -> &Expr {
    match &m.body.last().expect("a statement").kind {
        StmtKind::Expr(e) => e,
        other => panic!("not an expression statement: {other:?}"),
    }
}

#[test]
fn imports() {
    let s = symbols(
        "import numpy as np\nimport numpy.linalg as la\nimport numba\nimport a.b.c\nimport os, sys as system\n\
         from numba import njit as jit, prange\nfrom math import sqrt\nfrom numba.core import types\n\
         from .kernels import kernel\nfrom .. import sibling\nfrom . import here as there\n",
    );
    assert_eq!(kind(&s, "np"), module("numpy"));
    assert_eq!(kind(&s, "la"), module("numpy.linalg"));
    assert_eq!(kind(&s, "numba"), module("numba"));
    assert_eq!(kind(&s, "a"), module("a"));
    assert!(s.lookup("b", None).is_none());
    assert_eq!(kind(&s, "os"), module("os"));
    assert_eq!(kind(&s, "system"), module("sys"));
    assert_eq!(kind(&s, "jit"), imported("numba", "njit"));
    assert_eq!(kind(&s, "prange"), imported("numba", "prange"));
    assert_eq!(kind(&s, "sqrt"), imported("math", "sqrt"));
    assert_eq!(kind(&s, "types"), imported("numba.core", "types"));
    assert_eq!(kind(&s, "kernel"), imported(".kernels", "kernel"));
    assert_eq!(kind(&s, "sibling"), imported("..", "sibling"));
    assert_eq!(kind(&s, "there"), imported(".", "here"));
    assert!(s.lookup("njit", None).is_none(), "`as` binds only the alias");
}

#[test]
fn functions_classes_and_statement_indices() {
    let s = symbols("import numba\n\ndef f(x):\n    y = 1\n    return x\n\nclass C:\n    z = 2\n\nif True:\n    def g():\n        pass\n");
    assert_eq!(kind(&s, "f"), BindingKind::Function { def_index: 1 });
    assert_eq!(kind(&s, "C"), BindingKind::Class);
    assert_eq!(kind(&s, "g"), BindingKind::Function { def_index: 3 });
    assert_eq!(s.lookup("g", None).map(|b| b.stmt_index), Some(3));
    // Names bound inside function and class bodies are not module-level.
    assert!(s.lookup("y", None).is_none());
    assert!(s.lookup("z", None).is_none());
    let names: Vec<&str> = s.bindings.iter().map(|b| b.name.as_str()).collect();
    assert_eq!(names, ["numba", "f", "C", "g"], "source order");
}

#[test]
fn constants() {
    let s = symbols(
        "N = 10\nX = -2.5\nZ = 1+2j\nW = -3j\nB = True\nNONE = None\nS = 'float64(float64)'\nT = (1, -2, ('a', None))\n\
         BIG = 123456789012345678901234567890123456789012\nNEG = -BIG\nL = [1, 2]\nE = 1 + 2\nNB = -True\n\
         A = B2 = 7\nP, Q = 3, 'q'\nR: int = 4\nU = +5\nBYTES = b'x'\n",
    );
    let c = |name: &str| match kind(&s, name) {
        BindingKind::Constant(c) => Some(c),
        _ => None,
    };
    assert_eq!(c("N"), Some(ConstValue::Int(10)));
    assert_eq!(c("X"), Some(ConstValue::Float(FloatBits::new(-2.5))));
    // Expressions of constants are folded as Python computes them when the module runs.
    assert_eq!(c("Z"), Some(ConstValue::Complex { real: FloatBits::new(1.0), imag: FloatBits::new(2.0) }));
    assert_eq!(
        c("W"),
        Some(ConstValue::Complex { real: FloatBits::new(-0.0), imag: FloatBits::new(-3.0) })
    );
    assert_eq!(c("B"), Some(ConstValue::Bool(true)));
    assert_eq!(c("NONE"), Some(ConstValue::None));
    assert_eq!(c("S"), Some(ConstValue::Str("float64(float64)".to_string())));
    assert_eq!(
        c("T"),
        Some(ConstValue::Tuple(vec![
            ConstValue::Int(1),
            ConstValue::Int(-2),
            ConstValue::Tuple(vec![ConstValue::Str("a".to_string()), ConstValue::None]),
        ]))
    );
    assert_eq!(c("BIG"), Some(ConstValue::BigInt("123456789012345678901234567890123456789012".to_string())));
    assert_eq!(c("NEG"), Some(ConstValue::BigInt("-123456789012345678901234567890123456789012".to_string())), "minus of a constant name");
    assert_eq!(kind(&s, "L"), BindingKind::Other, "lists are not constants");
    assert_eq!(c("E"), Some(ConstValue::Int(3)));
    assert_eq!(c("NB"), Some(ConstValue::Int(-1)), "-True is -1 in Python");
    assert_eq!(c("A"), Some(ConstValue::Int(7)));
    assert_eq!(c("B2"), Some(ConstValue::Int(7)));
    assert_eq!(c("P"), Some(ConstValue::Int(3)));
    assert_eq!(c("Q"), Some(ConstValue::Str("q".to_string())));
    assert_eq!(c("R"), Some(ConstValue::Int(4)));
    assert_eq!(c("U"), Some(ConstValue::Int(5)));
    assert_eq!(kind(&s, "BYTES"), BindingKind::Other);
    // Other bindings keep the assigned expression.
    assert!(s.lookup("L", None).and_then(|b| b.value.as_ref()).is_some());
}

#[test]
fn constant_reprs() {
    let s = symbols("T = (1, 'a\\'b', None, 2.5, 1e20, -0.0, True, (3,))\n");
    let BindingKind::Constant(c) = kind(&s, "T") else { panic!("not a constant") };
    assert_eq!(c.python_repr(), "(1, \"a'b\", None, 2.5, 1e+20, -0.0, True, (3,))");
    assert_eq!(c.python_class(), "tuple");
    assert!(c.truthy());
}

#[test]
fn other_bindings() {
    let s = symbols(
        "x = f()\nfor i in range(3):\n    pass\nwith open('f') as fh:\n    pass\n(w := 3)\nimport numba\nk = numba\nd = {}\nd['a'] = 1\nobj.attr = 2\nn = 0\nn += 1\n",
    );
    assert_eq!(kind(&s, "x"), BindingKind::Other);
    assert_eq!(kind(&s, "i"), BindingKind::Other);
    assert_eq!(kind(&s, "fh"), BindingKind::Other);
    assert_eq!(kind(&s, "w"), BindingKind::Constant(ConstValue::Int(3)));
    assert_eq!(kind(&s, "k"), BindingKind::Other);
    assert_eq!(kind(&s, "n"), BindingKind::Constant(ConstValue::Int(1)), "the top-level augmented assignment of a constant is the new constant");
    assert!(s.lookup("obj", None).is_none());
    assert_eq!(s.bindings_of("n").count(), 2);
    // Inside a loop the value is not known.
    let s = symbols("n = 0\nfor i in range(3):\n    n += 1\n");
    assert_eq!(kind(&s, "n"), BindingKind::Other);
}

#[test]
fn lookup_by_offset() {
    let src = "X = 1\nX = 'two'\nimport numpy as X\n";
    let m = parse(src);
    let s = module_symbols(&m);
    let third = m.body[2].span.start;
    let second = m.body[1].span.start;
    assert_eq!(s.lookup("X", None).map(|b| b.kind.clone()), Some(module("numpy")));
    assert_eq!(s.lookup("X", Some(third)).map(|b| b.kind.clone()), Some(BindingKind::Constant(ConstValue::Str("two".into()))));
    assert_eq!(s.lookup("X", Some(second)).map(|b| b.kind.clone()), Some(BindingKind::Constant(ConstValue::Int(1))));
    assert!(s.lookup("X", Some(0)).is_none());
    assert!(s.lookup("Y", None).is_none());
}

#[test]
fn except_handler_bindings_are_fallbacks() {
    let s = symbols(
        "try:\n    from numba import njit\nexcept ImportError:\n    def njit(f):\n        return f\n\
         try:\n    import numba as nb\nexcept ImportError as err:\n    nb = None\n",
    );
    assert_eq!(kind(&s, "njit"), imported("numba", "njit"));
    assert_eq!(kind(&s, "nb"), module("numba"));
    let fallback = s.bindings_of("njit").last().expect("two bindings");
    assert!(fallback.in_except_handler);
    assert_eq!(fallback.kind, BindingKind::Function { def_index: 0 });
    // With only a fallback, the fallback is what there is.
    let s = symbols("try:\n    pass\nexcept ImportError:\n    njit = None\n");
    assert_eq!(kind(&s, "njit"), BindingKind::Constant(ConstValue::None));
}

#[test]
fn resolve_dotted_paths() {
    let cases = [
        ("import numpy as np\nnp.linalg.norm\n", Some("numpy.linalg.norm")),
        ("import numba\nnumba.njit\n", Some("numba.njit")),
        ("import numba as nb\nnb.types.float64\n", Some("numba.types.float64")),
        ("from numba import njit\nnjit\n", Some("numba.njit")),
        ("from numba import njit as jit\njit\n", Some("numba.njit")),
        ("from numba import cuda\ncuda.jit\n", Some("numba.cuda.jit")),
        ("import numba.cuda\nnumba.cuda.jit\n", Some("numba.cuda.jit")),
        ("import numba.cuda as cu\ncu.jit\n", Some("numba.cuda.jit")),
        ("from numba.core import types\ntypes.int64\n", Some("numba.core.types.int64")),
        ("from .kernels import f\nf.x\n", Some(".kernels.f.x")),
        ("from . import mod\nmod.f\n", Some(".mod.f")),
        ("import numba\nmyjit = numba.njit\nmyjit\n", Some("numba.njit")),
        ("import numba\na = numba\nb = a.njit\nb\n", Some("numba.njit")),
        ("from numba import *\nnjit\n", Some("numba.njit")),
        ("from numba import *\nnot_in_numba\n", None),
        ("from numba import *\nlen\n", None),
        ("from mylib import *\nfastjit\n", Some("mylib.fastjit")),
        ("from mylib import *\nlen\n", None),
        ("from numpy import *\nfrom numba import *\nfloat64\n", Some("numba.float64")),
        ("from numba import *\nfrom numpy import *\nfloat64\n", Some("numpy.float64")),
        ("def f(): pass\nf.x\n", None),
        ("x = 1\nx.real\n", None),
        ("unknown.attr\n", None),
        ("import numba\nnumba.njit()\n", None),
        ("a = b\nb = a\na\n", None),
    ];
    for (src, want) in cases {
        let m = parse(src);
        let s = module_symbols(&m);
        assert_eq!(s.resolve_dotted(last_expr(&m)).as_deref(), want, "{src}");
    }
}

#[test]
fn resolve_dotted_at_an_offset() {
    let src = "from numba import njit\nx = njit\nfrom numba import jit as njit\nnjit\n";
    let m = parse(src);
    let s = module_symbols(&m);
    let e = last_expr(&m);
    assert_eq!(s.resolve_dotted(e).as_deref(), Some("numba.jit"));
    assert_eq!(s.resolve_dotted_at(e, Some(m.body[2].span.start)).as_deref(), Some("numba.njit"));
    assert_eq!(s.resolve_dotted_at(e, Some(0)), None);
}

#[test]
fn deep_attribute_chains_do_not_overflow() {
    let chain = format!("import numba\nnumba{}\n", ".a".repeat(5000));
    let m = numrs_syntax::parse_module(&chain).module;
    let s = module_symbols(&m);
    if let Some(StmtKind::Expr(e)) = m.body.last().map(|st| &st.kind) {
        let path = s.resolve_dotted(e).expect("resolves");
        assert!(path.starts_with("numba.a.a"));
    }
}
