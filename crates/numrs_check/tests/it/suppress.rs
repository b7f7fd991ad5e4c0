//! Line suppressions (`# numrs: ignore[code]`): directive parsing, comment scanning, filtering.

use numrs_check::suppress::*;
use numrs_db::Diagnostic;
use numrs_syntax::ast::Span;

fn codes(list: &[&str]) -> Suppression {
    Suppression::Codes(list.iter().map(|s| s.to_string()).collect())
}

#[test]
fn directive_forms() {
    assert_eq!(parse_directives(" numrs: ignore"), Some(Suppression::All));
    assert_eq!(parse_directives("numrs:ignore"), Some(Suppression::All));
    assert_eq!(parse_directives(" numrs: ignore  -- reason"), Some(Suppression::All));
    assert_eq!(parse_directives(" numrs: ignore[a, b]"), Some(codes(&["a", "b"])));
    assert_eq!(parse_directives(" numrs: ignore [a,,b ]"), Some(codes(&["a", "b"])));
    assert_eq!(parse_directives(" noqa: E501 # numrs: ignore[x]"), Some(codes(&["x"])));
    assert_eq!(parse_directives(" numrs: ignore[a] numrs: ignore[b]"), Some(codes(&["a", "b"])));
    assert_eq!(parse_directives(" numrs: ignore[a] numrs: ignore"), Some(Suppression::All));
}

#[test]
fn non_directives() {
    assert_eq!(parse_directives(" numrs: ignored"), None);
    assert_eq!(parse_directives(" mynumrs: ignore"), None);
    assert_eq!(parse_directives(" numrs: ignore[a"), None);
    assert_eq!(parse_directives(" numrs: ignore[]"), None);
    assert_eq!(parse_directives(" numrs ignore"), None);
    assert_eq!(parse_directives(" type: ignore"), None);
    assert_eq!(parse_directives(""), None);
}

#[test]
fn comments_skip_strings() {
    let src = "a = '# numrs: ignore'  # real\nb = \"\"\"\n# not a comment\n\"\"\"  # two\nc = 'it\\'s'  # three\r\n";
    let found = comments(src);
    assert_eq!(found, vec![(1, " real"), (4, " two"), (5, " three")]);
}

#[test]
fn unterminated_string_ends_at_line_end() {
    let src = "x = 'oops\ny = 1  # numrs: ignore\n";
    assert_eq!(comments(src), vec![(2, " numrs: ignore")]);
}

#[test]
fn filter_by_primary_line() {
    let src = "x = 1\ny = foo  # numrs: ignore[untyped-global]\nz = bar  # numrs: ignore\nw = baz\n";
    let at = |needle: &str| {
        let start = src.find(needle).unwrap() as u32;
        Span::new(start, start + needle.len() as u32)
    };
    let diags = vec![
        Diagnostic::error("untyped-global", Some("TypingError"), "foo", at("foo")),
        Diagnostic::error("other-code", None, "foo2", at("foo")),
        Diagnostic::error("untyped-global", Some("TypingError"), "bar", at("bar")),
        Diagnostic::error("untyped-global", Some("TypingError"), "baz", at("baz")),
    ];
    let filtered = filter_suppressed(src, diags);
    let kept: Vec<&str> = filtered.kept.iter().map(|d| d.message.as_str()).collect();
    let suppressed: Vec<&str> = filtered.suppressed.iter().map(|d| d.message.as_str()).collect();
    assert_eq!(kept, vec!["foo2", "baz"]);
    assert_eq!(suppressed, vec!["foo", "bar"]);
}

#[test]
fn never_panics_on_odd_text() {
    for src in ["#", "'", "'''", "\\", "\"\"\"\\", "# numrs: ignore[", "é # numrs: ignore[é]", "x = '\\"] {
        let _ = LineSuppressions::from_source(src);
        let _ = filter_suppressed(src, vec![Diagnostic::error("c", None, "m", Span::new(0, 999))]);
    }
}
