//! Property test: `parse_module` returns (never panics, never aborts) on arbitrary input, and
//! every error span lies inside the input.

use numrs_syntax::parse_module;

use crate::rng::{self, Rng};

/// Cases per property.
const CASES: u32 = 256;

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

/// 0 to 79 fragments, concatenated.
fn soup(rng: &mut Rng) -> String {
    rng.vec(0..80, |r| *r.pick(FRAGMENTS)).concat()
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

#[test]
fn arbitrary_strings() {
    rng::check("arbitrary_strings", CASES, Rng::any_string, |src| check(&src));
}

#[test]
fn python_token_soup() {
    rng::check("python_token_soup", CASES, soup, |src| check(&src));
}

#[test]
fn valid_function_with_one_mutation() {
    let base = "import numpy as np\n\n@njit\ndef f(x, y=1):\n    z = x + y * 2\n    for i in range(3):\n        z += i\n    return z\n\nclass C:\n    def m(self):\n        return [1, 2]\n";
    // The input is the mutated source: one fragment inserted at a position uniform in 0..200
    // (clamped to the source's end and moved back to a char boundary).
    let mutate = |r: &mut Rng| {
        let mut pos = r.range(0..200).min(base.len());
        let frag = *r.pick(FRAGMENTS);
        while !base.is_char_boundary(pos) {
            pos -= 1;
        }
        format!("{}{}{}", &base[..pos], frag, &base[pos..])
    };
    rng::check("valid_function_with_one_mutation", CASES, mutate, |src| check(&src));
}
