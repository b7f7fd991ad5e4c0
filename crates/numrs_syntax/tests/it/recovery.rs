//! Error recovery: a syntax error loses only the top-level chunk it is in.

use numrs_syntax::ast::{Module, StmtKind};
use numrs_syntax::{parse_module, LineIndex, Parsed};

fn names(m: &Module) -> Vec<String> {
    m.body
        .iter()
        .map(|s| match &s.kind {
            StmtKind::FunctionDef(f) => f.name.clone(),
            StmtKind::ClassDef(c) => c.name.clone(),
            StmtKind::Assign { .. } => "=".to_owned(),
            other => format!("{other:?}"),
        })
        .collect()
}

fn error_lines(src: &str, parsed: &Parsed) -> Vec<u32> {
    let idx = LineIndex::new(src);
    parsed.errors.iter().map(|e| idx.line_col(e.span.start).line).collect()
}

#[test]
fn bad_function_in_the_middle() {
    let src = "\
from numba import njit

@njit
def good_before(x):
    return x + 1

@njit
def bad(x):
    y = x +* 2
    return y

@njit
def good_after(x):
    if x:
        return 1
    else:
        return 2
";
    let parsed = parse_module(src);
    assert_eq!(names(&parsed.module), ["ImportFrom { module: Some(\"numba\"), names: [Alias { name: \"njit\", asname: None, span: Span { start: 18, end: 22 } }], level: 0 }", "good_before", "good_after"]);
    assert_eq!(parsed.errors.len(), 1, "{:?}", parsed.errors);
    assert_eq!(error_lines(src, &parsed), [9]);
    let e = &parsed.errors[0];
    assert_eq!(&src[e.span.start as usize..e.span.end as usize], "*");
    assert!(e.message.contains("invalid syntax"), "{}", e.message);
    // Spans of the statements after the bad chunk are file-absolute.
    let after = &parsed.module.body[2];
    let StmtKind::FunctionDef(f) = &after.kind else { panic!() };
    assert_eq!(&src[f.name_span.start as usize..f.name_span.end as usize], "def good_after");
    assert_eq!(LineIndex::new(src).line_col(f.name_span.start).line, 13);
    assert_eq!(f.decorators.len(), 1);
}

#[test]
fn several_bad_chunks_give_one_error_each() {
    let src = "\
def a():
    return (1,

def b():
    pass

class C:
    def m(self)
        pass

x = 1
def d(:
    pass
y = 2
";
    let parsed = parse_module(src);
    // `y = 2` is inside the bracket that `def d(` leaves open, so it belongs to d's chunk
    // (only a column-0 def/class/async/decorator line ends an unclosed bracket's chunk).
    assert_eq!(names(&parsed.module), ["b", "="]);
    assert_eq!(parsed.errors.len(), 3, "{:?}", parsed.errors);
    // The unclosed bracket is reported at the end of the code of its chunk (line 2), not at
    // the start of the next function.
    assert_eq!(error_lines(src, &parsed), [2, 8, 12]);
}

#[test]
fn unclosed_bracket_does_not_swallow_the_rest() {
    let src = "def f():\n    x = [1, 2,\n\n\ndef g():\n    return 3\n";
    let parsed = parse_module(src);
    assert_eq!(names(&parsed.module), ["g"]);
    assert_eq!(error_lines(src, &parsed), [2]);
}

#[test]
fn indentation_errors() {
    let src = "def f():\n    x = 1\n      y = 2\n\ndef g():\npass\n\ndef h():\n    return 1\n";
    let parsed = parse_module(src);
    assert_eq!(names(&parsed.module), ["Pass", "h"]);
    assert_eq!(parsed.errors.len(), 2, "{:?}", parsed.errors);
    assert_eq!(parsed.errors[0].message, "unexpected indent");
    // `pass` at column 0 starts a chunk of its own, so g's chunk is a def without a body.
    assert_eq!(error_lines(src, &parsed)[0], 3);
}

#[test]
fn single_chunk_file() {
    let src = "x = (\n";
    let parsed = parse_module(src);
    assert!(parsed.module.body.is_empty());
    assert_eq!(parsed.errors.len(), 1);
    assert_eq!(error_lines(src, &parsed), [1]);
    assert!(parsed.errors[0].span.end as usize <= src.len());
}

#[test]
fn lexical_errors() {
    let src = "a = 1\nb = $\nc = 'unterminated\nd = 4\n";
    let parsed = parse_module(src);
    assert_eq!(names(&parsed.module), ["=", "="]);
    assert_eq!(error_lines(src, &parsed), [2, 3]);
}

#[test]
fn error_messages_are_short() {
    let long = "x".repeat(100_000);
    let src = format!("a = 1\nb = '{long}' '{long}' 1\nc = 2\n");
    let parsed = parse_module(&src);
    assert_eq!(names(&parsed.module), ["=", "="]);
    assert_eq!(parsed.errors.len(), 1);
    assert!(parsed.errors[0].message.len() < 300, "{}", parsed.errors[0].message);
}

#[test]
fn too_deep_chunk_is_reported_and_others_kept() {
    let src = format!(
        "def f():\n    return 1\n\nx = {}1{}\n\ndef g():\n    return 2\n",
        "(".repeat(300),
        ")".repeat(300)
    );
    let parsed = parse_module(&src);
    assert_eq!(names(&parsed.module), ["f", "g"]);
    assert_eq!(parsed.errors.len(), 1);
    assert!(parsed.errors[0].message.contains("nested too deeply"), "{}", parsed.errors[0].message);
    assert_eq!(error_lines(&src, &parsed), [4]);
}

#[test]
fn valid_file_is_never_chunked() {
    // A module docstring with column-0 lines, a continuation line and `else:` at column 0:
    // all one valid parse, whatever the chunker would have done.
    let src = "\"\"\"\nExample:\ndef not_code():\n\"\"\"\nx = (1 +\n2)\nif x:\n    pass\nelse:\n    pass\n";
    let parsed = parse_module(src);
    assert!(parsed.errors.is_empty());
    assert_eq!(parsed.module.body.len(), 3);
}
