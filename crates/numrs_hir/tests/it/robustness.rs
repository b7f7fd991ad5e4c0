//! Nothing in numrs_hir panics, whatever the decorators, signatures or annotations look like.

use numrs_hir::{annotated_signature, jit_functions, module_symbols, numba_type, parse_signature_str};
use numrs_syntax::ast::{Span, StmtKind};

/// Runs every entry point over `src`; returns how many jit functions were found.
fn exercise(src: &str) -> usize {
    let parsed = numrs_syntax::parse_module(src);
    let symbols = module_symbols(&parsed.module);
    let extra = vec!["mylib.jit".to_string(), "fastjit".to_string()];
    let fs = jit_functions(&parsed.module, &symbols, &extra);
    for stmt in &parsed.module.body {
        if let StmtKind::FunctionDef(def) = &stmt.kind {
            let _ = annotated_signature(def, &symbols);
        }
        if let StmtKind::Expr(e) = &stmt.kind {
            let _ = symbols.resolve_dotted(e);
        }
    }
    for f in &fs {
        for s in &f.signatures {
            let _ = s.to_string();
        }
    }
    fs.len()
}

const PRELUDE: &str = "import numba\nimport numba as nb\nfrom numba import njit, jit, vectorize, guvectorize, cfunc, stencil, cuda, float64, int64, types\nfrom numba.extending import overload\nimport functools\nfastjit = njit(cache=True)\npjit = functools.partial(njit, parallel=True)\n";

const DECORATORS: &[&str] = &[
    "njit", "jit", "vectorize", "guvectorize", "cfunc", "stencil", "cuda.jit", "nb.njit", "numba.jit", "overload",
    "fastjit", "pjit", "mylib.jit",
];

const ARGUMENTS: &[&str] = &[
    "", "1, 2, 3", "('(', 'x')", "lambda f: f", "*a", "**k", "*[]", "[[[]]]", "{}", "{1: 2}", "locals=1",
    "locals={1: int}", "locals={'x': lambda: 0}", "locals={**d}", "locals=dict(x=1)", "fastmath=lambda: 1",
    "parallel=[1]", "fastmath={'nnan': x}", "inline=print", "error_model=None", "'((((((('", "'\\x00'",
    "'float64[' * 50", "float64[:][:][:]", "'(' * 200 + ')' * 200", "None", "...", "b'x'", "f'float64({x})'",
    "'int64' + 'x'", "1/0", "-'x'", "not None", "x if y else z", "float64 if 1 else int64", "[None] * 3",
    "('float64(float64)',) * 100000", "[1, 'x', float64]", "types.Array(float64, 10**30, 'C')",
    "types.UniTuple(float64, -1)", "types.Array(float64, 1, 'C', name='x')", "types.Tuple(1)", "float64(1, 2)",
    "float64(float64)(float64)", "float64[::1, ::1, ::1]", "float64[...]", "float64[None]", "int64[()]",
    "'float64(float64)', 'int64(int64)'", "signature_or_function=1", "device=True, link=['x']", "boundscheck=True",
    "argtypes=1, restype=2", "forceobj=True, nopython=True", "nopython='yes'", "'(n)->(n)'", "[], '(n)->(n)'",
    "[], '(n)->(n)', 3", "target='nonsense'", "identity=object()", "cache=True, cache=False",
    "sig='float64()'", "float64(*float64)", "float64(**{})", "types.FunctionType(1)", "types.DType(1)",
    "'float64(x:=1)'", "'[*range(3)]'", "'lambda: (yield)'", "'\\n\\n'", "'#'", "'\\\\'", "'float64(int64)\\\\'",
];

#[test]
fn weird_decorators_do_not_panic() {
    let mut found = 0;
    for dec in DECORATORS {
        for args in ARGUMENTS {
            let forms = [format!("@{dec}({args})"), format!("@{dec}({args})({args})"), format!("@{dec}")];
            for form in forms {
                let src = format!("{PRELUDE}\n{form}\ndef f(x, y=1, *a, z: float64, **k) -> int64:\n    return x\n");
                found += exercise(&src);
            }
        }
    }
    assert!(found > 0);
    for odd in [
        "@(lambda f: f)\ndef f(): pass\n",
        "@njit.foo\ndef f(): pass\n",
        "@njit[0]\ndef f(): pass\n",
        "@(x := njit)\ndef f(): pass\n",
        "@njit\n@njit\n@njit\ndef f(): pass\n",
        "@functools.partial(functools.partial, njit)\ndef f(): pass\n",
        "@functools.partial()\ndef f(): pass\n",
        "a = b\nb = a\n@a\ndef f(): pass\n",
        "njit = njit\n@njit\ndef f(): pass\n",
        "x = x\n@njit(x)\ndef f(x): pass\n",
        "@njit(locals={'x': x})\ndef f(x): pass\n",
        "class C:\n    @njit\n    def m(self): pass\n",
        "if x:\n    if y:\n        @njit\n        def f(): pass\n",
    ] {
        exercise(&format!("{PRELUDE}{odd}"));
    }
}

#[test]
fn deep_nesting_does_not_overflow() {
    let deep_tuple = format!("{}float64{}", "(".repeat(300), ",)".repeat(300));
    let deep_call = format!("{}float64{}", "UniTuple(".repeat(200), ", 1)".repeat(200));
    let deep_list = format!("{}{}", "[".repeat(300), "]".repeat(300));
    for text in [&deep_tuple, &deep_call, &deep_list] {
        let _ = parse_signature_str(text, Span::default());
        exercise(&format!("{PRELUDE}@njit({text})\ndef f(x): pass\n"));
        exercise(&format!("{PRELUDE}@njit('{text}')\ndef f(x): pass\n"));
    }
    // Long alias chains.
    let mut src = String::from(PRELUDE);
    src.push_str("a0 = njit\n");
    for i in 1..200 {
        src.push_str(&format!("a{i} = a{}\n", i - 1));
    }
    src.push_str("@a199('float64(float64)')\ndef f(x): pass\nS0 = 'float64(float64)'\n");
    for i in 1..200 {
        src.push_str(&format!("S{i} = S{}\n", i - 1));
    }
    src.push_str("@njit(S199)\ndef g(x): pass\n");
    exercise(&src);
}

/// A small deterministic generator (no dependencies).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

#[test]
fn random_signature_strings_do_not_panic() {
    const PIECES: &[&str] = &[
        "float64", "int64", "f8", "i4", "void", "none", "(", ")", "[", "]", ":", "::1", ",", " ", "'C'", "'A'", "1",
        "-1", "2.0", "UniTuple", "Tuple", "Array", "ListType", "DictType", "optional", "readonly=True", "=", "*",
        "**", "...", "None", "True", "lambda", "x", ".", "types", "unicode_type", "float16", "\\", "'", "\"", "#",
        "\n", "\t", "if", "else", "or", "and", "not", "+", "slice", "dict", "{", "}",
    ];
    let mut rng = Lcg(0x5eed);
    for _ in 0..5000 {
        let len = rng.below(16);
        let text: String = (0..len).map(|_| PIECES[rng.below(PIECES.len())]).collect();
        let _ = parse_signature_str(&text, Span::default());
        let _ = numba_type(&text);
    }
}

#[test]
fn random_module_mutations_do_not_panic() {
    let base = format!(
        "{PRELUDE}\n@njit('float64(float64[:, ::1], int64)', locals={{'y': float64}}, fastmath={{'nnan'}})\ndef f(a, n: int64) -> float64:\n    y = a[0, n]\n    return y\n\n@vectorize(['float64(float64)'], target='cpu')\ndef g(x):\n    return x\n\n@guvectorize([(float64[:], float64[:])], '(n)->(n)')\ndef h(x, out):\n    out[:] = x\n\nSIG = ('int64(int64)', 'float64(float64)')\n@jit(SIG, forceobj=True)\ndef k(x):\n    return x\n"
    );
    let chars: Vec<char> = "()[]{}:,.'\"=*@#\n \\1-_abcfijnt".chars().collect();
    let mut rng = Lcg(42);
    for _ in 0..1500 {
        let mut text: Vec<char> = base.chars().collect();
        for _ in 0..1 + rng.below(4) {
            let pos = rng.below(text.len() + 1);
            match rng.below(3) {
                0 if pos < text.len() => {
                    text.remove(pos);
                }
                1 => text.insert(pos.min(text.len()), chars[rng.below(chars.len())]),
                _ if pos < text.len() => text[pos] = chars[rng.below(chars.len())],
                _ => {}
            }
        }
        let src: String = text.into_iter().collect();
        exercise(&src);
    }
}
