//! Jit decorator recognition, decorator arguments, options and signatures.
//!
//! The Numba behaviour quoted in comments was measured with Numba 0.68.1 by executing each
//! module and inspecting the decorated object (`type(f)`, `f.targetoptions`,
//! `f.nopython_signatures`) or the exception raised at import.

use numrs_hir::{
    find_def, jit_functions, module_symbols, FastMath, JitFunction, JitKind, OptionValue, SigErrorKind,
};
use numrs_syntax::ast::Module;
use numrs_types::Type;

fn parse(src: &str) -> Module {
    let parsed = numrs_syntax::parse_module(src);
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
    parsed.module
}

fn jits_with(src: &str, extra: &[&str]) -> Vec<JitFunction> {
    let m = parse(src);
    let s = module_symbols(&m);
    let extra: Vec<String> = extra.iter().map(|e| e.to_string()).collect();
    jit_functions(&m, &s, &extra)
}

fn jits(src: &str) -> Vec<JitFunction> {
    jits_with(src, &[])
}

/// The single jit function of `src`.
fn one(src: &str) -> JitFunction {
    let mut fs = jits(src);
    assert_eq!(fs.len(), 1, "{src}: {fs:#?}");
    fs.remove(0)
}

fn sigs(f: &JitFunction) -> Vec<String> {
    f.signatures.iter().map(|s| s.to_string()).collect()
}

fn errors(f: &JitFunction) -> Vec<String> {
    f.signature_errors.iter().chain(&f.errors).map(|e| e.message.clone()).collect()
}

fn assert_clean(f: &JitFunction) {
    assert!(errors(f).is_empty(), "{}: unexpected errors {:?}", f.name, errors(f));
}

#[test]
fn recognised_through_aliases() {
    let cases = [
        ("from numba import njit\n@njit\ndef f(x): return x\n", "numba.njit"),
        ("import numba\n@numba.njit\ndef f(x): return x\n", "numba.njit"),
        ("import numba as nb\n@nb.njit\ndef f(x): return x\n", "numba.njit"),
        ("import numba as nb\n@nb.njit()\ndef f(x): return x\n", "numba.njit"),
        ("from numba import jit\n@jit\ndef f(x): return x\n", "numba.jit"),
        ("from numba import njit as jit\n@jit\ndef f(x): return x\n", "numba.njit"),
        ("from numba import jit as njit\n@njit\ndef f(x): return x\n", "numba.jit"),
        ("from numba.core.decorators import jit\n@jit(nopython=True)\ndef f(x): return x\n", "numba.core.decorators.jit"),
        ("import numba.core.decorators as d\n@d.njit\ndef f(x): return x\n", "numba.core.decorators.njit"),
        ("from numba import *\n@njit\ndef f(x): return x\n", "numba.njit"),
        ("import numba\nfastjit = numba.njit\n@fastjit\ndef f(x): return x\n", "numba.njit"),
        ("try:\n    from numba import njit\nexcept ImportError:\n    def njit(f):\n        return f\n@njit\ndef f(x): return x\n", "numba.njit"),
    ];
    for (src, path) in cases {
        let f = one(src);
        assert_eq!(f.decorator_path, path, "{src}");
        assert_eq!(f.kind, JitKind::Njit, "{src}");
        assert_clean(&f);
    }
}

#[test]
fn kinds() {
    let cases = [
        // targetoptions {'forceobj': True, 'nopython': False}
        ("from numba import jit\n@jit(forceobj=True)\ndef f(x): return x\n", JitKind::ObjectMode),
        // targetoptions {'nopython': True} plus a NumbaDeprecationWarning
        ("from numba import jit\n@jit(nopython=False)\ndef f(x): return x\n", JitKind::Njit),
        ("from numba import jit\n@jit(nopython=True)\ndef f(x): return x\n", JitKind::Njit),
        // njit drops forceobj with a RuntimeWarning
        ("from numba import njit\n@njit(forceobj=True)\ndef f(x): return x\n", JitKind::Njit),
        ("from numba import vectorize\n@vectorize(['float64(float64)'])\ndef f(x): return x\n", JitKind::Vectorize),
        ("import numba\n@numba.vectorize\ndef f(x): return x\n", JitKind::Vectorize),
        ("from numba.np.ufunc import vectorize\n@vectorize\ndef f(x): return x\n", JitKind::Vectorize),
        (
            "from numba import guvectorize\n@guvectorize(['void(float64[:], float64[:])'], '(n)->(n)')\ndef f(x, out): out[:] = x\n",
            JitKind::GuVectorize,
        ),
        ("from numba import cuda\n@cuda.jit\ndef f(x): pass\n", JitKind::CudaKernel),
        ("from numba import cuda\n@cuda.jit('void(float32[:])')\ndef f(x): pass\n", JitKind::CudaKernel),
        ("from numba import cuda\n@cuda.jit(device=True)\ndef f(x): return x\n", JitKind::CudaDevice),
        ("import numba.cuda\n@numba.cuda.jit('float32(float32)', device=True)\ndef f(x): return x\n", JitKind::CudaDevice),
        ("from numba import cfunc\n@cfunc('float64(float64)')\ndef f(x): return x\n", JitKind::CFunc),
        ("from numba import stencil\n@stencil\ndef f(a): return a[0, 1]\n", JitKind::Other("stencil".into())),
        (
            "from numba.extending import overload\n@overload(len)\ndef f(x): return lambda x: 0\n",
            JitKind::Other("overload".into()),
        ),
        (
            "from numba.extending import register_jitable\n@register_jitable\ndef f(x): return x\n",
            JitKind::Other("register_jitable".into()),
        ),
        (
            "from numba.core.extending import intrinsic\n@intrinsic\ndef f(typingctx, x): pass\n",
            JitKind::Other("intrinsic".into()),
        ),
    ];
    for (src, kind) in cases {
        let f = one(src);
        assert_eq!(f.kind, kind, "{src}");
        assert_clean(&f);
    }
}

#[test]
fn generated_jit_is_gone() {
    let f = one("import numba\n@numba.generated_jit\ndef f(x): return x\n");
    assert_eq!(f.kind, JitKind::Other("generated_jit".into()));
    assert!(errors(&f)[0].starts_with("AttributeError: module 'numba' has no attribute 'generated_jit'"));
}

#[test]
fn unknown_decorators_are_ignored() {
    let src = "import functools\nimport numba\n\n@functools.lru_cache\ndef a(x): return x\n\n@property\ndef b(x): return x\n\
               def c(x): return x\n\n@numba.prange\ndef d(x): return x\n\n@njit\ndef e(x): return x\n\n@other.njit\ndef g(x): return x\n\n\
               class K:\n    @numba.njit\n    def m(self): pass\n";
    assert!(jits(src).is_empty());
}

#[test]
fn extra_decorators() {
    let src = "import mylib\nfrom mylib import fastjit as fj\n\n@mylib.fastjit\ndef a(x): return x\n\n@fj('float64(float64)', cache=True)\ndef b(x): return x\n\n@mylib.other\ndef c(x): return x\n\n@localjit\ndef d(x): return x\n";
    let fs = jits_with(src, &["mylib.fastjit", "localjit"]);
    let names: Vec<&str> = fs.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(names, ["a", "b", "d"]);
    assert!(fs.iter().all(|f| f.kind == JitKind::Njit));
    assert_eq!(fs[0].decorator_path, "mylib.fastjit");
    assert_eq!(sigs(&fs[1]), ["(float64) -> float64"]);
    assert_eq!(fs[1].options.cache, Some(true));
    assert_eq!(fs[2].decorator_path, "localjit");
}

#[test]
fn positions() {
    let src = "import numba\n\n@numba.njit(\n    cache=True)\ndef f(x):\n    return x\n\nif True:\n    @numba.njit\n    def g(): pass\n\ntry:\n    @numba.njit\n    async def h(): pass\nexcept Exception:\n    pass\n";
    let m = parse(src);
    let s = module_symbols(&m);
    let fs = jit_functions(&m, &s, &[]);
    let names: Vec<&str> = fs.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(names, ["f", "g", "h"]);
    assert_eq!(fs[0].def_stmt_index, 1);
    assert_eq!(fs[1].def_stmt_index, 2);
    assert_eq!(fs[2].def_stmt_index, 3);
    let text = |span: numrs_syntax::ast::Span| &src[span.start as usize..span.end as usize];
    assert_eq!(text(fs[0].decorator_span), "numba.njit(\n    cache=True)");
    assert!(src[fs[0].def_line_offset as usize..].starts_with("def f"));
    assert!(src[fs[1].def_line_offset as usize..].starts_with("def g"));
    assert!(src[fs[2].def_line_offset as usize..].starts_with("def h"));
    for f in &fs {
        assert_eq!(find_def(&m, f.def_line_offset).map(|d| d.name.as_str()), Some(f.name.as_str()));
    }
    assert!(find_def(&m, 1).is_none());
}

#[test]
fn decorator_forms_and_signatures() {
    let cases: &[(&str, &[&str])] = &[
        ("from numba import njit\n@njit('float64(float64[:, ::1], int64)')\ndef f(a, n): return a[0, n]\n", &["(array(float64, 2d, C), int64) -> float64"]),
        ("from numba import njit\n@njit(['float64(float64)', 'int64(int64)'])\ndef f(x): return x\n", &["(float64) -> float64", "(int64) -> int64"]),
        ("from numba import njit\n@njit('(f8[:], i4)', cache=True)\ndef f(a, n): return a\n", &["(array(float64, 1d, A), int32) -> None"]),
        ("from numba import jit\n@jit('float64(float64)', nopython=True)\ndef f(x): return x\n", &["(float64) -> float64"]),
        ("from numba import jit\n@jit(signature_or_function='float64(float64)')\ndef f(x): return x\n", &["(float64) -> float64"]),
        ("from numba import njit, float64\n@njit((float64,))\ndef f(x): return x\n", &["(float64) -> None"]),
        ("from numba import njit\nfrom numba.core import types\n@njit(types.float64(types.int64))\ndef f(x): return x\n", &["(int64) -> float64"]),
        ("import numba\n@numba.njit(numba.float64[:](numba.int64[:, ::1]))\ndef f(x): return x\n", &["(array(int64, 2d, C)) -> array(float64, 1d, A)"]),
        ("import numba as nb\n@nb.njit(nb.types.UniTuple(nb.types.int64, 3)(nb.int64))\ndef f(x): return (x, x, x)\n", &["(int64) -> UniTuple(int64 x 3)"]),
        ("import numba as nb\n@nb.njit([nb.float64(nb.float64), (nb.int64,)])\ndef f(x): return x\n", &["(float64) -> float64", "(int64) -> None"]),
        ("from numba import njit\nfrom numba.types import float64, int32\n@njit(float64(int32))\ndef f(x): return x\n", &["(int32) -> float64"]),
        ("import numba as nb\n@nb.njit(nb.types.Array(nb.float64, 2, 'F', readonly=True)(nb.int64))\ndef f(x): return x\n", &["(int64) -> readonly array(float64, 2d, F)"]),
        ("import numba\n@numba.njit(numba.types.string(numba.int64))\ndef f(x): return str(x)\n", &["(int64) -> unicode_type"]),
        ("from numba import njit, float32 as f32\n@njit(f32(f32))\ndef f(x): return x\n", &["(float32) -> float32"]),
        ("from numba import njit\nsigs = ['f8(f8)', 'i8(i8)']\n@njit(sigs)\ndef f(x): return x\n", &["(float64) -> float64", "(int64) -> int64"]),
        ("from numba import njit\nSIG = 'float64(float64)'\n@njit(SIG)\ndef f(x): return x\n", &["(float64) -> float64"]),
        ("from numba import njit, float64\nSIG = float64(float64)\n@njit(SIG)\ndef f(x): return x\n", &["(float64) -> float64"]),
        ("from numba import *\n@njit(float64(int64))\ndef f(x): return x\n", &["(int64) -> float64"]),
        ("from numba import njit\nfrom numba.types import *\n@njit(float64(int64))\ndef f(x): return x\n", &["(int64) -> float64"]),
        ("from numba import njit, optional, int64\n@njit(int64(optional(int64)))\ndef f(x): return x\n", &["(OptionalType(int64)) -> int64"]),
        ("from numba import njit, void, int64\n@njit(void(int64))\ndef f(x): pass\n", &["(int64) -> none"]),
        ("from numba import njit\n@njit(None)\ndef f(x): return x\n", &[]),
        ("from numba import njit\n@njit('int64(int64, UniTuple(int64, 2))')\ndef f(x, *args): return x\n", &["(int64, UniTuple(int64 x 2)) -> int64"]),
        ("from numba import vectorize\n@vectorize('float64(float64)')\ndef f(x): return x\n", &["(float64) -> float64"]),
        ("from numba import vectorize, float64\n@vectorize([(float64,)], target='cpu')\ndef f(x): return x\n", &["(float64) -> None"]),
        ("from numba import vectorize\n@vectorize\ndef f(x): return x\n", &[]),
        ("from numba import guvectorize\n@guvectorize('(n)->(n)')\ndef f(x, out): out[:] = x\n", &[]),
        ("from numba import cfunc\n@cfunc('float64(float64)')\ndef f(x): return x\n", &["(float64) -> float64"]),
        ("from numba import cuda\n@cuda.jit(['void(float32[:])', 'void(int64[:])'])\ndef f(x): pass\n", &["(array(float32, 1d, A)) -> none", "(array(int64, 1d, A)) -> none"]),
        ("from numba import jit\n@jit('(float64,)', forceobj=True)\ndef f(x): return x\n", &["(float64) -> None"]),
        // Object mode accepts an empty signature for any function.
        ("from numba import jit\n@jit((), forceobj=True)\ndef f(x): return x\n", &["() -> None"]),
        ("import functools\nfrom numba import njit\npjit = functools.partial(njit, parallel=True)\n@pjit('float64(float64)')\ndef f(x): return x\n", &["(float64) -> float64"]),
    ];
    for (src, want) in cases {
        let f = one(src);
        assert_eq!(sigs(&f), *want, "{src}");
        assert_clean(&f);
    }
}

#[test]
fn guvectorize_layout() {
    let f = one("from numba import guvectorize\n@guvectorize(['void(float64[:], float64, float64[:])'], '(n),()->(n)', target='parallel')\ndef f(x, y, out): pass\n");
    assert_eq!(f.gufunc_layout.as_deref(), Some("(n),()->(n)"));
    assert_eq!(sigs(&f), ["(array(float64, 1d, A), float64, array(float64, 1d, A)) -> none"]);
    assert_eq!(f.options.target.as_deref(), Some("parallel"));
    assert_clean(&f);
}

#[test]
fn options() {
    // targetoptions {'fastmath': True, 'parallel': False, 'error_model': 'numpy', 'nogil': True,
    // 'inline': 'always', 'nopython': True, 'boundscheck': True}
    let f = one("from numba import njit\n@njit('float64(float64)', cache=True, fastmath=True, parallel=False, error_model='numpy', boundscheck=True, nogil=True, inline='always', looplift=False)\ndef f(x): return x\n");
    assert_clean(&f);
    let o = &f.options;
    assert_eq!(o.cache, Some(true));
    assert_eq!(o.fastmath, Some(FastMath::Bool(true)));
    assert_eq!(o.fastmath.as_ref().map(FastMath::flags), Some(vec!["fast".to_string()]));
    assert_eq!(o.parallel, Some(false));
    assert_eq!(o.error_model.as_deref(), Some("numpy"));
    assert_eq!(o.boundscheck, Some(true));
    assert_eq!(o.nogil, Some(true));
    assert_eq!(o.inline.as_deref(), Some("always"));
    assert_eq!(o.looplift, Some(false));
    assert!(o.unknown_options.is_empty());
    let names: Vec<&str> = o.values.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["cache", "fastmath", "parallel", "error_model", "boundscheck", "nogil", "inline", "looplift"]);
    assert_eq!(o.values[0].1, OptionValue::Const(numrs_hir::ConstValue::Bool(true)));

    // targetoptions {'fastmath': {'ninf', 'nnan'}}
    let f = one("from numba import njit\n@njit(fastmath={'nnan', 'ninf'})\ndef f(x): return x\n");
    assert_eq!(f.options.fastmath, Some(FastMath::Flags(vec!["ninf".into(), "nnan".into()])));
    let f = one("from numba import njit\n@njit(fastmath={'nnan': True, 'arcp': False})\ndef f(x): return x\n");
    assert_eq!(f.options.fastmath, Some(FastMath::Flags(vec!["nnan".into()])));
    let f = one("from numba import njit\n@njit(parallel={'prange': False})\ndef f(x): return x\n");
    assert_eq!(f.options.parallel, Some(true));
    assert_clean(&f);
    // Options set through an alias: `fastjit = njit(fastmath=True)` (targetoptions fastmath=True).
    let f = one("from numba import njit\nfastjit = njit(fastmath=True, cache=True)\n@fastjit\ndef f(x): return x\n");
    assert_eq!(f.options.fastmath, Some(FastMath::Bool(true)));
    assert_eq!(f.options.cache, Some(true));
    // Positional `jit(sig, locals, cache)`.
    let f = one("from numba import njit, float64\n@njit('float64(float64)', {'y': float64}, True)\ndef f(x):\n    y = x\n    return y\n");
    assert_eq!(f.options.cache, Some(true));
    assert_eq!(f.options.locals, vec![("y".to_string(), Ok(Type::float64()))]);
    // vectorize's own keywords.
    let f = one("from numba import vectorize\n@vectorize(['int64(int64, int64)'], identity=0, target='parallel', nopython=True)\ndef f(x, y): return x + y\n");
    assert_eq!(f.options.identity, Some(OptionValue::Const(numrs_hir::ConstValue::Int(0))));
    assert_eq!(f.options.target.as_deref(), Some("parallel"));
    assert_clean(&f);
    // cuda.jit's.
    let f = one("from numba import cuda\n@cuda.jit('void(float32[:])', fastmath=True, max_registers=32, lineinfo=True)\ndef f(x): pass\n");
    assert_eq!(f.options.fastmath, Some(FastMath::Bool(true)));
    assert_clean(&f);
}

#[test]
fn unknown_options() {
    // Numba 0.68.1: `KeyError: "Unrecognized options: {'foo'}. Known options are dict_keys([...])"`,
    // at the first call (lazy) or at decoration (with signatures).
    let f = one("from numba import njit\n@njit(foo=1, cache=True)\ndef f(x): return x\n");
    assert_eq!(f.options.unknown_options, ["foo"]);
    assert_eq!(f.options.cache, Some(true));
    assert_eq!(
        errors(&f),
        ["KeyError: \"Unrecognized options: {'foo'}. Known options are dict_keys(['_dbg_extend_lifetimes', \
          '_dbg_optnone', '_nrt', 'boundscheck', 'debug', 'error_model', 'fastmath', 'forceinline', 'forceobj', \
          'inline', 'looplift', 'no_cfunc_wrapper', 'no_cpython_wrapper', 'no_rewrites', 'nogil', 'nopython', \
          'parallel'])\""]
    );
    let f = one("from numba import vectorize\n@vectorize(['float64(float64)'], foo=1)\ndef f(x): return x\n");
    assert_eq!(
        errors(&f),
        ["KeyError: \"Unrecognized options: {'foo'}. Known options are dict_keys(['boundscheck', 'fastmath', \
          'forceobj', 'nopython', 'writable_args'])\""]
    );
    // `nogil` is a CPU option, not a ufunc one.
    let f = one("from numba import vectorize\n@vectorize(['float64(float64)'], nogil=True)\ndef f(x): return x\n");
    assert_eq!(f.options.unknown_options, ["nogil"]);
}

#[test]
fn locals_option() {
    let f = one(
        "import numba as nb\nfrom numba import types\n@nb.njit(locals={'y': nb.types.float32, 'z': nb.float64[:], 'w': types.UniTuple(types.int64, 2), 'bad': 'float64', 'nope': nb.float65})\ndef f(x):\n    y = x\n    return y\n",
    );
    let locals: Vec<(&str, Result<String, String>)> = f
        .options
        .locals
        .iter()
        .map(|(n, t)| (n.as_str(), t.as_ref().map(|t| t.to_string()).map_err(|e| e.message.clone())))
        .collect();
    assert_eq!(
        locals,
        [
            ("y", Ok("float32".to_string())),
            ("z", Ok("array(float64, 1d, A)".to_string())),
            ("w", Ok("UniTuple(int64 x 2)".to_string())),
            // Numba: `AssertionError: <class 'str'>` when typing a function with a variable `bad`.
            ("bad", Err("AssertionError: <class 'str'>".to_string())),
            ("nope", Err("AttributeError: module 'numba' has no attribute 'float65'".to_string())),
        ]
    );
    // `nb.float65` fails the whole decorator: Numba raises AttributeError evaluating it.
    assert_eq!(errors(&f), ["AttributeError: module 'numba' has no attribute 'float65'"]);

    let f = one("from numba import njit, float64\n@njit(locals=dict(y=float64))\ndef f(x): return x\n");
    assert_eq!(f.options.locals, vec![("y".to_string(), Ok(Type::float64()))]);
}

#[test]
fn signatures_rejected_at_decoration_keep_their_types() {
    let cases: &[(&str, &str, usize)] = &[
        ("from numba import njit\n@njit('int64(int64, int64)')\ndef f(x): return x\n", "TypeError: Signature mismatch: 2 argument types given, but function takes 1 arguments", 2),
        ("from numba import njit\n@njit('int64(int64)')\ndef f(x, y=1): return x\n", "TypeError: Signature mismatch: 1 argument types given, but function takes 2 arguments", 1),
        ("from numba import vectorize\n@vectorize(['float64(float64)'])\ndef f(x, y): return x\n", "TypeError: Signature mismatch: 1 argument types given, but function takes 2 arguments", 1),
        ("from numba import cuda\n@cuda.jit('int64(int64)')\ndef f(x): return x\n", "TypeError: CUDA kernel must have void return type.", 1),
    ];
    for (src, want, nargs) in cases {
        let parsed = numrs_syntax::parse_module(src);
        let symbols = numrs_hir::module_symbols(&parsed.module);
        let funcs = numrs_hir::jit_functions(&parsed.module, &symbols, &[]);
        let f = &funcs[0];
        assert!(f.signatures.is_empty(), "{src}");
        assert_eq!(f.rejected_signatures.len(), 1, "{src}");
        assert_eq!(f.rejected_signatures[0].1.message, *want, "{src}");
        assert_eq!(f.rejected_signatures[0].0.args.len(), *nargs, "{src}");
    }
}

#[test]
fn numba_errors_at_decoration() {
    let cases: &[(&str, &str)] = &[
        ("from numba import jit\n@jit(nopython=True, forceobj=True)\ndef f(x): return x\n", "ValueError: Only one of 'nopython' or 'forceobj' can be True."),
        ("from numba import jit\n@jit(nopython=1)\ndef f(x): return x\n", "AssertionError: nopython option must be a bool"),
        ("from numba import njit\n@njit(('(', 'x'))\ndef f(x): return x\n", "TypeError: invalid type in signature: expected a type instance, got '('"),
        ("from numba import njit\n@njit('float65(int64)')\ndef f(x): return x\n", "NameError: name 'float65' is not defined"),
        ("import numba as nb\n@nb.njit(nb.float65(nb.int64))\ndef f(x): return x\n", "AttributeError: module 'numba' has no attribute 'float65'"),
        ("import numba\n@numba.njit(numba.string(numba.int64))\ndef f(x): return x\n", "AttributeError: module 'numba' has no attribute 'string'"),
        ("import numpy as np\nimport numba as nb\n@nb.njit(nb.float64(np.float64))\ndef f(x): return x\n", "TypeError: float() argument must be a string or a real number, not 'type'"),
        ("from numba import jit\n@jit(argtypes=[1])\ndef f(x): return x\n", "DeprecationError: Deprecated keyword argument `argtypes`. Signatures should be passed as the first positional argument."),
        ("from numba import njit\n@njit('float64(float64)', fastmath={'nnan', 'foo'})\ndef f(x): return x\n", "ValueError: Unrecognized fastmath flags: {'foo'}"),
        ("from numba import njit\n@njit('float64(float64)', parallel={'foo': True})\ndef f(x): return x\n", "NameError: Unrecognized parallel options: dict_keys(['foo'])"),
        ("from numba import njit\n@njit('float64(float64)', inline='sometimes')\ndef f(x): return x\n", "ValueError: kwarg 'inline' must be one of the strings 'always' or 'never', or it can be a callable that returns True/False. Found value sometimes"),
        ("from numba import njit\n@njit(None, {}, False, None, None, 1)\ndef f(x): return x\n", "TypeError: jit() takes from 0 to 5 positional arguments but 6 were given"),
        ("from numba import jit\n@jit('float64(float64)', signature_or_function='float64(float64)')\ndef f(x): return x\n", "TypeError: jit() got multiple values for argument 'signature_or_function'"),
        ("from numba import vectorize\n@vectorize(None)\ndef f(x): return x\n", "NameError: cannot access free variable 'ftylist' where it is not associated with a value in enclosing scope"),
        ("from numba import cfunc\n@cfunc\ndef f(x): return x\n", "TypeError: invalid signature: <function f> (type: 'function') evaluates to 'function' instead of tuple or Signature"),
        ("from numba import njit\n@njit\n@njit\ndef f(x): return x\n", "TypeError: A jit decorator was called on an already jitted function (`numba.njit` over `numba.njit`)"),
    ];
    for (src, want) in cases {
        let f = one(src);
        let errs = errors(&f);
        assert!(errs.iter().any(|e| e == want), "{src}\nwant {want}\ngot {errs:#?}");
        assert!(f.signature_errors.iter().chain(&f.errors).all(|e| e.kind == SigErrorKind::Numba), "{src}");
    }
    // `njit(1, 2, 3)`: Numba raises `TypeError: 'int' object is not iterable` (dict(2)).
    let f = one("from numba import njit\n@njit(1, 2, 3)\ndef f(x): return x\n");
    assert!(errors(&f).iter().any(|e| e == "TypeError: 'int' object is not iterable"), "{:?}", errors(&f));
    // `njit(int64)`: Numba raises `TypeError: The decorated object is not a function (...)`.
    let f = one("from numba import njit, int64\n@njit(int64)\ndef f(x): return x\n");
    assert!(errors(&f)[0].starts_with("TypeError: The decorated object is not a function"));
}

#[test]
fn warnings_are_notes() {
    let f = one("from numba import jit\n@jit(nopython=False)\ndef f(x): return x\n");
    assert_clean(&f);
    assert!(f.notes.iter().any(|n| n.starts_with("NumbaDeprecationWarning: The keyword argument 'nopython=False' was supplied.")));
    let f = one("from numba import njit\n@njit('float64(float64)', forceobj=True, nopython=False)\ndef f(x): return x\n");
    assert_eq!(f.kind, JitKind::Njit);
    assert_eq!(f.options.forceobj, None);
    assert!(f.notes.contains(&"RuntimeWarning: forceobj is set for njit and is ignored".to_string()));
    assert!(f.notes.contains(&"RuntimeWarning: nopython is set for njit and is ignored".to_string()));
    assert_eq!(sigs(&f), ["(float64) -> float64"]);
}

#[test]
fn stacked_decorators() {
    // `vectorize` over `njit` is accepted by Numba (the result is a DUFunc).
    let f = one("from numba import njit, vectorize\n@vectorize(['float64(float64)'])\n@njit\ndef f(x): return x\n");
    assert_eq!(f.kind, JitKind::Njit);
    assert_clean(&f);
    assert!(!f.notes.is_empty());
    // `njit` over `vectorize`: `TypeError: The decorated object is not a function`.
    let f = one("from numba import njit, vectorize\n@njit\n@vectorize(['float64(float64)'])\ndef f(x): return x\n");
    assert_eq!(f.kind, JitKind::Vectorize);
    assert!(errors(&f)[0].starts_with("TypeError: The decorated object is not a function"));
    // Unknown decorators around a jit decorator are noted.
    let f = one("import functools\nfrom numba import njit\n@njit\n@functools.wraps(g)\ndef f(x): return x\n");
    assert!(f.notes.iter().any(|n| n.contains("functools.wraps")));
    let f = one("from numba import njit\nimport contextlib\n@contextlib.contextmanager\n@njit\ndef f(x): return x\n");
    assert_clean(&f);
}

#[test]
fn unsupported_signatures_are_flagged_not_failed() {
    let f = one("from numba import njit\n@njit(['float16(float16)', 'float64(float64)'])\ndef f(x): return x\n");
    assert_eq!(sigs(&f), ["(float64) -> float64"]);
    assert_eq!(f.signature_errors.len(), 1);
    assert_eq!(f.signature_errors[0].kind, SigErrorKind::Unsupported);
    let f = one("from numba import njit\n@njit(make_sig())\ndef f(x): return x\n");
    assert_eq!(f.signature_errors.len(), 1);
    assert_eq!(f.signature_errors[0].message, "NameError: name 'make_sig' is not defined");
    let f = one("from numba import njit\ndef make_sig(): pass\n@njit(make_sig())\ndef f(x): return x\n");
    assert_eq!(f.signature_errors[0].kind, SigErrorKind::Unsupported);
}

#[test]
fn annotations_on_jit_functions() {
    let f = one("import numpy as np\nfrom numba import njit, float64\n@njit\ndef f(x: float64[:], n: np.int32) -> float64:\n    return x[n]\n");
    let a = f.annotations.expect("annotations");
    assert_eq!(a.args, vec![Some(Type::array(Type::float64(), 1, numrs_types::Layout::A)), Some(Type::int32())]);
    assert_eq!(a.return_type, Some(Type::float64()));
    let f = one("from numba import njit\n@njit\ndef f(x, n: int): return x\n");
    assert_eq!(f.annotations, None);
}

#[test]
fn signature_spans() {
    let src = "from numba import njit, float64\n@njit(['float64(float64)', (float64,), 'float65(int64)'])\ndef f(x): return x\n";
    let f = one(src);
    let text = |span: numrs_syntax::ast::Span| &src[span.start as usize..span.end as usize];
    assert_eq!(f.signatures.iter().map(|s| text(s.span)).collect::<Vec<_>>(), ["'float64(float64)'", "(float64,)"]);
    assert_eq!(text(f.signature_errors[0].span), "'float65(int64)'");
    let src = "from numba import njit\n@njit('int64(int64, int64)')\ndef f(x): return x\n";
    let f = one(src);
    assert_eq!(text_of(src, f.rejected_signatures[0].1.span), "'int64(int64, int64)'");
}

fn text_of(src: &str, span: numrs_syntax::ast::Span) -> &str {
    &src[span.start as usize..span.end as usize]
}
