//! `parse_module` must return (no panic, no stack overflow) quickly on hostile inputs.

use std::time::{Duration, Instant};

use numrs_syntax::{parse_module, Parsed};

/// A hang guard, not a speed test: it catches exponential or runaway parsing. Wall time on a
/// loaded shared 2-CPU machine varied 20x (12.7 s once for the 340 kB input, normally well
/// under 1 s), so the bound is far above any honest run. Parser speed is measured in bench/.
const QUICK: Duration = Duration::from_secs(120);

fn timed(src: &str) -> Parsed {
    let start = Instant::now();
    let parsed = parse_module(src);
    let elapsed = start.elapsed();
    assert!(elapsed < QUICK, "took {elapsed:?} on a {} byte input", src.len());
    for e in &parsed.errors {
        assert!(e.span.start <= e.span.end && e.span.end as usize <= src.len(), "{e:?}");
        assert!(!e.message.is_empty() && e.message.len() < 300);
    }
    parsed
}

fn assert_too_deep(parsed: &Parsed) {
    assert_eq!(parsed.errors.len(), 1, "{:?}", parsed.errors);
    assert!(parsed.errors[0].message.contains("nested too deeply"), "{}", parsed.errors[0].message);
}

#[test]
fn empty_and_trivial() {
    assert_eq!(timed(""), Parsed::default());
    assert!(timed("\n").errors.is_empty());
    assert!(timed("   ").errors.is_empty());
    assert!(timed("#").errors.is_empty());
    assert_eq!(timed("\\").errors.len(), 1);
    assert_eq!(timed("(").errors.len(), 1);
    assert_eq!(timed(")").errors.len(), 1);
    assert_eq!(timed("'''").errors.len(), 1);
    assert_eq!(timed("f'{").errors.len(), 1);
    assert_eq!(timed("@").errors.len(), 1);
    assert_eq!(timed("\t\tx").errors.len(), 1);
}

#[test]
fn nul_bytes_and_control_characters() {
    let parsed = timed("x = 1\n\0\ny = 2\n");
    assert_eq!(parsed.module.body.len(), 2);
    assert_eq!(parsed.errors.len(), 1);
    timed("\0");
    timed("\0\0\0(\0)\0");
    timed("x = '\0'\n");
    timed("\u{1}\u{7f}\u{feff}\u{feff}\r\r\n\u{b}\u{c}");
    timed("def f(\0):\n  return\0\n");
}

#[test]
fn deeply_nested_parentheses() {
    let n = 100_000;
    let src = format!("x = {}1{}\n", "(".repeat(n), ")".repeat(n));
    assert_too_deep(&timed(&src));
    let src = format!("x = {}1{}\n", "[".repeat(n), "]".repeat(n));
    assert_too_deep(&timed(&src));
    let src = format!("x = {}\n", "{".repeat(n));
    assert!(!timed(&src).errors.is_empty());
    // Unbalanced the other way.
    let src = format!("x = 1{}\n", ")".repeat(n));
    assert!(!timed(&src).errors.is_empty());
    // Deep nesting in an f-string.
    let src = format!("x = f'{{{}1{}}}'\n", "(".repeat(n), ")".repeat(n));
    assert_too_deep(&timed(&src));
    // `{{` is an escaped brace, not nesting.
    let src = format!("x = f'{}'\n", "{".repeat(n));
    assert!(timed(&src).errors.is_empty());
}

#[test]
fn long_binary_op_chains() {
    let n = 100_000;
    // (`and`/`or` make one flat BoolOp, but the pre-scan counts every operator.)
    for op in ["+", "*", "-", " and ", " or ", "**", " if a else ", ".", " < "] {
        let src = format!("x = a{}\n", format!("{op}a").repeat(n));
        assert_too_deep(&timed(&src));
    }
    // Prefix operators.
    for op in ["-", "~", "not ", "await ", "lambda: "] {
        let src = format!("x = {}1\n", op.repeat(n));
        assert_too_deep(&timed(&src));
    }
    // Trailer chains.
    for t in ["()", "[0]", ".b"] {
        let src = format!("x = a{}\n", t.repeat(n));
        assert_too_deep(&timed(&src));
    }
}

#[test]
fn moderately_long_chains_parse() {
    // 500 terms: deep (500 levels) but within the limits.
    let src = format!("def f(a):\n    return a{}\n", "+a".repeat(500));
    let parsed = timed(&src);
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
    // A long flat list is not deep at all.
    let src = format!("x = [{}]\n", "-1.5, ".repeat(50_000));
    let parsed = timed(&src);
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
}

#[test]
fn too_deep_statement_is_dropped_but_neighbours_kept() {
    // 2000 terms: within the pre-scan's estimate but deeper than the converter's limit.
    let src = format!("a = 1\nb = x{}\nc = 3\n", "+x".repeat(2_000));
    let parsed = timed(&src);
    assert_eq!(parsed.module.body.len(), 2);
    assert_too_deep(&parsed);
}

#[test]
fn megabyte_single_lines() {
    // Inputs that are cheap to lex, or rejected by the pre-scan. (Megabyte lines made of
    // real tokens, such as `a,a,a,…`, are linear too but take seconds in debug builds, where
    // the parser is slowest; see `dense_token_lines`.)
    let mb = 1 << 20;
    timed(&"a".repeat(mb));
    timed(&format!("x = '{}'\n", "a".repeat(mb)));
    timed(&format!("x = '{}\n", "a".repeat(mb)));
    timed(&format!("# {}\n", "(".repeat(mb)));
    timed(&format!("x = \"\"\"{}\"\"\"\n", "\\".repeat(mb)));
    timed(&" ".repeat(mb));
    timed(&"\n".repeat(mb));
    timed(&"(".repeat(mb));
    timed(&"+".repeat(mb));
    let parsed = timed(&"1".repeat(mb));
    assert!(parsed.errors[0].message.contains("numeric literal too long"));
    timed(&format!("x = 0x{}\n", "f".repeat(mb)));
    timed(&format!("x = 1.{}\n", "5".repeat(mb)));
    timed(&"é".repeat(mb / 2));
    timed(&"😀".repeat(mb / 4));
    timed(&format!("x = {}\n", "1 +".repeat(mb / 3)));
}

#[test]
fn dense_token_lines() {
    let parsed = timed(&"a,".repeat(50_000));
    assert!(parsed.errors.is_empty());
    let parsed = timed(&format!("x = [{}]\n", "(1, 'a', b.c, d[0]), ".repeat(10_000)));
    assert!(parsed.errors.is_empty());
    // The biggest integer literal accepted (CPython's limit of 4300 digits).
    let parsed = timed(&format!("x = {}\n", "9".repeat(4300)));
    assert!(parsed.errors.is_empty());
}

#[test]
fn deep_indentation() {
    let mut src = String::new();
    for depth in 0..150 {
        src.push_str(&" ".repeat(depth));
        src.push_str("if x:\n");
    }
    src.push_str(&" ".repeat(150));
    src.push_str("pass\n");
    let parsed = timed(&src);
    assert_eq!(parsed.errors.len(), 1);
    assert!(parsed.errors[0].message.contains("indentation"), "{}", parsed.errors[0].message);

    // The error's span covers the (non-ASCII) token where the limit is exceeded, and a
    // limit exceeded at the very end of the text gives an empty span there.
    let mut src = String::new();
    for depth in 0..102 {
        src.push_str(&" ".repeat(depth));
        src.push_str("if é:\n");
    }
    src.push_str(&" ".repeat(102));
    src.push_str("é\n");
    let parsed = timed(&src);
    let span = parsed.errors[0].span;
    assert_eq!(&src[span.start as usize..span.end as usize], "if");
    let src = format!("x = 1\ny = {}", "(".repeat(201));
    let parsed = timed(&src);
    assert_eq!(parsed.module.body.len(), 1);
    assert_eq!(parsed.errors.len(), 1);

    // 90 levels are fine.
    let mut src = String::new();
    for depth in 0..90 {
        src.push_str(&" ".repeat(depth));
        src.push_str("if x:\n");
    }
    src.push_str(&" ".repeat(90));
    src.push_str("pass\n");
    assert!(timed(&src).errors.is_empty());
}

#[test]
fn many_small_chunks_with_errors() {
    // Recovery stays linear: 20k top-level chunks, half of them broken.
    let src = "def f(x):\n    return x +* 1\nx = 1\n".repeat(10_000);
    let parsed = timed(&src);
    assert_eq!(parsed.errors.len(), 10_000);
    assert_eq!(parsed.module.body.len(), 10_000);
}
