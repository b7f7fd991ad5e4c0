//! Type expressions written in Python source, evaluated with the module's bindings, and names
//! looked up in Numba's `numba.core.types` namespace. Expected strings are Numba 0.68.1's
//! `str()` of the same expressions.

use numrs_hir::{eval_type_expr, module_symbols, numba_type, signature_from_expr, SigErrorKind};
use numrs_syntax::ast::{Expr, Module, StmtKind};

fn parse(src: &str) -> Module {
    let parsed = numrs_syntax::parse_module(src);
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
    parsed.module
}

fn last_expr(m: &Module) -> &Expr {
    match &m.body.last().expect("a statement").kind {
        StmtKind::Expr(e) => e,
        other => panic!("not an expression statement: {other:?}"),
    }
}

fn type_of(src: &str) -> Result<String, String> {
    let m = parse(src);
    let s = module_symbols(&m);
    eval_type_expr(last_expr(&m), &s, None).map(|t| t.to_string()).map_err(|e| e.message)
}

fn sig_of(src: &str) -> Result<String, String> {
    let m = parse(src);
    let s = module_symbols(&m);
    signature_from_expr(last_expr(&m), &s, None).map(|t| t.to_string()).map_err(|e| e.message)
}

#[test]
fn python_type_expressions() {
    let cases = [
        ("from numba import types\ntypes.float64[:]\n", "array(float64, 1d, A)"),
        ("from numba import types\ntypes.float64[::1]\n", "array(float64, 1d, C)"),
        ("from numba import types\ntypes.float64[:, ::1]\n", "array(float64, 2d, C)"),
        ("from numba import types\ntypes.float64[::1, :]\n", "array(float64, 2d, F)"),
        ("from numba import types\ntypes.float64[:, :]\n", "array(float64, 2d, A)"),
        ("import numba as nb\nnb.types.UniTuple(nb.types.int64, 3)\n", "UniTuple(int64 x 3)"),
        ("import numba as nb\nnb.types.Tuple((nb.int64, nb.float32))\n", "Tuple(int64, float32)"),
        ("import numba\nnumba.types.DictType(numba.types.unicode_type, numba.float64[:])\n", "DictType[unicode_type,array(float64, 1d, A)]<iv=None>"),
        ("import numba.core.types as t\nt.ListType(t.int8)\n", "ListType[int8]"),
        ("from numba import optional, intp\noptional(intp)\n", "OptionalType(int64)"),
        ("from numba.types import Array, uint16\nArray(uint16, 3, 'F', readonly=True)\n", "readonly array(uint16, 3d, F)"),
        ("from numba import types\ntypes.List(types.int64, reflected=True)\n", "reflected list(int64)<iv=None>"),
        ("from numba import types\ntypes.Set(types.unicode_type)\n", "set(unicode_type)"),
        ("from numba import types\ntypes.NumberClass(types.float32)\n", "class(float32)"),
        ("from numba import types\ntypes.DType(types.int16)\n", "dtype(int16)"),
        ("from numba import types\ntypes.FunctionType(types.float64(types.float64))\n", "FunctionType[float64(float64)]"),
        ("from numba import types\ntypes.slice2_type\n", "slice<a:b>"),
        ("from numba import types\ntypes.range_state64_type\n", "range_state_int64"),
        ("from numba import types\nT = types.float64\nA = T[:]\nA\n", "array(float64, 1d, A)"),
        ("from numba import types\nN = 2\ntypes.UniTuple(types.int8, N)\n", "UniTuple(int8 x 2)"),
    ];
    for (src, want) in cases {
        assert_eq!(type_of(src).as_deref(), Ok(want), "{src}");
    }
}

#[test]
fn python_type_expression_errors() {
    let cases = [
        ("from numba import types\ntypes.float64(types.int64)\n", "TypeError: invalid type in signature: expected a type instance, got float64(int64)"),
        ("from numba import types\ntypes.floaty\n", "AttributeError: module 'numba.core.types' has no attribute 'floaty'"),
        ("undefined_name\n", "NameError: name 'undefined_name' is not defined"),
        ("from numba import types\ntypes.float64[1:]\n", "KeyError: 'Can only index numba types with slices with no start or stop, got slice(1, None, None).'"),
        ("from numba import types\ntypes.ListType(types.optional(types.int64))\n", "TypingError: List.item_type cannot be of type OptionalType(int64)"),
        ("from numba import types\ntypes.Array(types.float64, 1)\n", "TypeError: Array.__init__() missing 1 required positional argument: 'layout'"),
        ("from numba import types\ntypes.Array(types.float64)\n", "TypeError: Array.__init__() missing 2 required positional arguments: 'ndim' and 'layout'"),
        ("from numba import types\ntypes.Optional(types.int64, 1)\n", "TypeError: Optional.__init__() takes 2 positional arguments but 3 were given"),
        ("from numba import types\ntypes.UniTuple(types.int64, 2, x=1)\n", "TypeError: UniTuple.__init__() got an unexpected keyword argument 'x'"),
        ("from numba import types\ntypes.Array(types.float64, 1, 'C', 0, None, True, 9)\n", "TypeError: Array.__init__() takes from 4 to 7 positional arguments but 8 were given"),
    ];
    for (src, want) in cases {
        assert_eq!(type_of(src).as_deref().map_err(String::as_str), Err(want), "{src}");
    }
    // Valid Numba types numrs does not model are `Unsupported`.
    let m = parse("from numba import types\ntypes.float16\n");
    let err = eval_type_expr(last_expr(&m), &module_symbols(&m), None).expect_err("float16");
    assert_eq!(err.kind, SigErrorKind::Unsupported);
}

#[test]
fn python_signatures() {
    let cases = [
        ("from numba import types\ntypes.float64(types.int64)\n", Ok("(int64) -> float64")),
        ("import numba\nnumba.float64[:](numba.int64)\n", Ok("(int64) -> array(float64, 1d, A)")),
        ("from numba import float64, int64\n(float64, int64)\n", Ok("(float64, int64) -> None")),
        ("'float64(float64)'\n", Ok("(float64) -> float64")),
        ("from numba import void, float32\nvoid(float32[:], *(float32,) * 2)\n", Ok("(array(float32, 1d, A), float32, float32) -> none")),
        ("from numba import int64\nint64\n", Err("TypeError: invalid signature: int64 (type: 'Integer') evaluates to 'Integer' instead of tuple or Signature")),
        ("[1]\n", Err("TypeError: invalid signature: [1] (type: 'list') evaluates to 'list' instead of tuple or Signature")),
        ("('(', 'x')\n", Err("TypeError: invalid type in signature: expected a type instance, got '('")),
        ("'float65(int64)'\n", Err("NameError: name 'float65' is not defined")),
    ];
    for (src, want) in cases {
        assert_eq!(sig_of(src).as_deref().map_err(String::as_str), want, "{src}");
    }
}

#[test]
fn numba_type_names() {
    let cases = [
        ("f8", "float64"),
        ("i1", "int8"),
        ("u8", "uint64"),
        ("c8", "complex64"),
        ("b1", "bool"),
        ("bool", "bool"),
        ("intp", "int64"),
        ("uintc", "uint32"),
        ("int_", "int64"),
        ("double", "float64"),
        ("string", "unicode_type"),
        ("void", "none"),
        ("pyobject", "pyobject"),
        ("np_float32", "float32"),
        ("py_complex", "complex128"),
        ("byte", "uint8"),
        ("char", "int8"),
        ("int64[:, ::1]", "array(int64, 2d, C)"),
    ];
    for (name, want) in cases {
        assert_eq!(numba_type(name).map(|t| t.to_string()).as_deref(), Ok(want), "{name}");
    }
    // NumPy 2: `numba.core.types` has no `float_`.
    assert_eq!(numba_type("float_").map_err(|e| e.message), Err("NameError: name 'float_' is not defined".to_string()));
    assert_eq!(numba_type("voidptr").map(|t| t.to_string()).as_deref(), Ok("void*"));
    assert_eq!(numba_type("CPointer(CPointer(float32))").map(|t| t.to_string()).as_deref(), Ok("float32**"));
}
