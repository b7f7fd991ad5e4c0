//! Property test: `parse_module` returns (never panics, never aborts) on arbitrary input, and
//! every error span lies inside the input.

use numrs_syntax::parse_module;
use proptest::prelude::*;

/// Python-ish fragments: keywords, brackets, operators, strings, newlines and indentation.
const FRAGMENTS: &[&str] = &[
    "def f(x):\n",
    "  return x+1\n",
    "    ",
    "  ",
    "\t",
    "\n",
    "\r\n",
    "\\\n",
    "class C:\n",
    "@njit\n",
    "@",
    "async ",
    "await ",
    "lambda x: ",
    "if ",
    "elif ",
    "else:",
    "else",
    "for ",
    " in ",
    "while ",
    "try:\n",
    "except E as e:\n",
    "finally:\n",
    "with a as b:\n",
    "match x:\n",
    "case 1:\n",
    "type ",
    "x",
    "y",
    "é",
    "😀",
    "_",
    "0",
    "1.5",
    "0x1f",
    "1j",
    "99999999999999999999999999999999999999999",
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    ",",
    ":",
    ";",
    ".",
    "...",
    "=",
    "==",
    ":=",
    "+",
    "-",
    "*",
    "**",
    "/",
    "//",
    "%",
    "@",
    "<",
    ">",
    "!=",
    "->",
    "~",
    "not ",
    "and ",
    "or ",
    "is ",
    "yield ",
    "from ",
    "import ",
    "global ",
    "nonlocal ",
    "del ",
    "pass",
    "break",
    "continue",
    "raise ",
    "assert ",
    "'",
    "\"",
    "'''",
    "\"\"\"",
    "f'",
    "f\"{",
    "b'",
    "r'",
    "rb\"",
    "#",
    "# comment\n",
    "\0",
    "\u{feff}",
    "'s'",
    "f'{x!r:>{w}}'",
    "*args",
    "**kw",
    " ",
];

fn soup() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(FRAGMENTS), 0..80).prop_map(|parts| parts.concat())
}

fn check(src: &str) {
    let parsed = parse_module(src);
    for e in &parsed.errors {
        assert!(e.span.start <= e.span.end, "{e:?}");
        assert!(e.span.end as usize <= src.len(), "{e:?} for {src:?}");
        assert!(!e.message.is_empty());
    }
    for s in &parsed.module.body {
        assert!(s.span.start <= s.span.end && s.span.end as usize <= src.len(), "{s:?}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_strings(src in any::<String>()) {
        check(&src);
    }

    #[test]
    fn python_token_soup(src in soup()) {
        check(&src);
    }

    #[test]
    fn valid_function_with_one_mutation(pos in 0usize..200, frag in prop::sample::select(FRAGMENTS)) {
        let base = "import numpy as np\n\n@njit\ndef f(x, y=1):\n    z = x + y * 2\n    for i in range(3):\n        z += i\n    return z\n\nclass C:\n    def m(self):\n        return [1, 2]\n";
        let mut pos = pos.min(base.len());
        while !base.is_char_boundary(pos) {
            pos -= 1;
        }
        let src = format!("{}{}{}", &base[..pos], frag, &base[pos..]);
        check(&src);
    }
}
