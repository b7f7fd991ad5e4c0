//! Details of the parser that the other suites do not pin down: spans around parentheses,
//! literals, f-strings, soft keywords, identifiers, and the order and kind of errors.

use numrs_syntax::ast::*;
use numrs_syntax::{parse_module, LineIndex};

fn one_expr(src: &str) -> Expr {
    let parsed = parse_module(src);
    assert!(parsed.errors.is_empty(), "{src:?}: {:?}", parsed.errors);
    match parsed.module.body.into_iter().next().map(|s| s.kind) {
        Some(StmtKind::Expr(e)) => e,
        Some(StmtKind::Assign { value, .. }) => value,
        other => panic!("{src:?}: {other:?}"),
    }
}

fn text(src: &str, span: Span) -> &str {
    &src[span.start as usize..span.end as usize]
}

fn error(src: &str) -> (u32, String) {
    let parsed = parse_module(src);
    assert_eq!(parsed.errors.len(), 1, "{src:?}: {:?}", parsed.errors);
    let e = &parsed.errors[0];
    (LineIndex::new(src).line_col(e.span.start).line, e.message.clone())
}

#[test]
fn operations_span_their_parentheses_operands_do_not() {
    let src = "(a - b) * (c + d)\n";
    let e = one_expr(src);
    assert_eq!(text(src, e.span), "(a - b) * (c + d)");
    let ExprKind::BinOp { left, right, .. } = &e.kind else { panic!() };
    assert_eq!(text(src, left.span), "a - b");
    assert_eq!(text(src, right.span), "c + d");
    let src = "x = -(a) ** (b)\n";
    let e = one_expr(src);
    assert_eq!(text(src, e.span), "-(a) ** (b)");
    let ExprKind::UnaryOp { operand, .. } = &e.kind else { panic!() };
    assert_eq!(text(src, operand.span), "(a) ** (b)");
    let src = "(f).g(h)[0]\n";
    assert_eq!(text(src, one_expr(src).span), "(f).g(h)[0]");
    let src = "(a), b,\n";
    let e = one_expr(src);
    assert!(matches!(e.kind, ExprKind::Tuple(ref t) if t.len() == 2));
    assert_eq!(text(src, e.span), "(a), b,");
    // A named expression ends with its value, not with parentheses around the value.
    let src = "(z := (y := 0))\n";
    let e = one_expr(src);
    assert_eq!(text(src, e.span), "z := (y := 0");
}

#[test]
fn power_binds_tighter_than_unary_minus_and_to_the_right() {
    let e = one_expr("-a ** -b ** c\n");
    let ExprKind::UnaryOp { op: UnaryOp::USub, operand } = e.kind else { panic!() };
    let ExprKind::BinOp { op: BinOp::Pow, right, .. } = operand.kind else { panic!() };
    let ExprKind::UnaryOp { op: UnaryOp::USub, operand } = right.kind else { panic!() };
    assert!(matches!(operand.kind, ExprKind::BinOp { op: BinOp::Pow, .. }));
    let e = one_expr("a - b - c\n");
    let ExprKind::BinOp { left, .. } = e.kind else { panic!() };
    assert!(matches!(left.kind, ExprKind::BinOp { op: BinOp::Sub, .. }));
    let e = one_expr("a if b else c if d else e\n");
    let ExprKind::IfExp { orelse, .. } = e.kind else { panic!() };
    assert!(matches!(orelse.kind, ExprKind::IfExp { .. }));
    let e = one_expr("not a < b and c or d\n");
    let ExprKind::BoolOp { op: BoolOp::Or, values } = e.kind else { panic!() };
    assert!(matches!(values[0].kind, ExprKind::BoolOp { op: BoolOp::And, .. }));
}

#[test]
fn literals() {
    let c = |src: &str| match one_expr(src).kind {
        ExprKind::Constant(c) => c,
        other => panic!("{other:?}"),
    };
    assert_eq!(c("0x_ff\n"), Constant::Int(255));
    assert_eq!(c("1_000\n"), Constant::Int(1000));
    assert_eq!(c("0o17 \n"), Constant::Int(15));
    assert_eq!(c("0b101\n"), Constant::Int(5));
    assert_eq!(c("00\n"), Constant::Int(0));
    assert_eq!(c("0xFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF\n"), Constant::BigInt("87112285931760246646623899502532662132735".into()));
    assert_eq!(c("1.5e3\n"), Constant::Float(FloatBits::new(1500.0)));
    assert_eq!(c("1.\n"), Constant::Float(FloatBits::new(1.0)));
    assert_eq!(c(".5\n"), Constant::Float(FloatBits::new(0.5)));
    assert_eq!(c("2j\n"), Constant::Complex { real: FloatBits::new(0.0), imag: FloatBits::new(2.0) });
    assert_eq!(c("'a' \"b\" '''c'''\n"), Constant::Str("abc".into()));
    assert_eq!(c("'\\x41\\101\\u00e9\\U0001F600\\n\\q'\n"), Constant::Str("AAé😀\n\\q".into()));
    assert_eq!(c("r'\\n\\''\n"), Constant::Str("\\n\\'".into()));
    assert_eq!(c("b'\\xff\\x00a' rb'\\x'\n"), Constant::Bytes(vec![0xff, 0, b'a', b'\\', b'x']));
    assert_eq!(c("'\\N{NO-BREAK SPACE}\\N{greek small letter alpha}'\n"), Constant::Str("\u{a0}α".into()));
    assert_eq!(c("'\\N{CJK UNIFIED IDEOGRAPH-4E00}\\N{HANGUL SYLLABLE GAG}'\n"), Constant::Str("一각".into()));
    assert_eq!(c("'a\\\nb'\n"), Constant::Str("ab".into()));
    assert!(error("x = '\\N{NOT A NAME}'\n").1.contains("unknown Unicode character name"));
    assert!(error("x = b'é'\n").1.contains("ASCII"));
    assert!(error("x = 'a' b'b'\n").1.contains("cannot mix bytes"));
    assert!(error("x = 012\n").1.contains("leading zeros"));
}

#[test]
fn f_strings() {
    let src = "f'a{x!r:>{w}}b{y=}{\"s\"}{{}}' 'c'\n";
    let e = one_expr(src);
    let ExprKind::JoinedStr(parts) = e.kind else { panic!() };
    let shapes: Vec<String> = parts
        .iter()
        .map(|p| match &p.kind {
            ExprKind::Constant(Constant::Str(s)) => format!("lit {s}"),
            ExprKind::FormattedValue { value, format_spec, .. } => {
                format!("field {} spec {}", text(src, value.span), format_spec.is_some())
            }
            other => format!("{other:?}"),
        })
        .collect();
    assert_eq!(shapes, ["lit a", "field x spec true", "lit by=", "field y spec false", "field \"s\" spec false", "lit {}c"]);
    // Triple-quoted strings inside a field, and `\N{...}` next to fields.
    let src = "f\"{'''eric's'''}\\N{BULLET}{x}\"\n";
    let ExprKind::JoinedStr(parts) = one_expr(src).kind else { panic!() };
    assert_eq!(parts.len(), 3);
    assert!(matches!(&parts[1].kind, ExprKind::Constant(Constant::Str(s)) if s == "•"));
    assert!(error("x = f'{}'\n").1.contains("empty expression"));
    assert!(error("x = f'{a!x}'\n").1.contains("conversion"));
    assert!(error("x = f'}'\n").1.contains("single '}'"));
    assert!(error("x = f'{a\\n}'\n").1.contains("backslash"));
}

#[test]
fn soft_keywords_and_identifiers() {
    let m = parse_module("match = 1\nmatch x:\n    case 1:\n        pass\ntype = 2\ntype X = int\nprint(match, type)\n");
    assert!(m.errors.is_empty(), "{:?}", m.errors);
    let kinds: Vec<String> = m.module.body.iter().map(|s| format!("{:?}", s.kind)).collect();
    assert!(kinds[1].starts_with("Match {"), "{}", kinds[1]);
    assert_eq!(kinds[3], "Unsupported(\"type alias statement\")");
    // Identifiers with letters, combining marks, Indic vowel signs and variation selectors.
    for src in ["ä = 1\n", "नमस्ते = 1\n", "x\u{e0100} = 1\n", "µ = 2\n", "蟒 = 3\n"] {
        assert!(parse_module(src).errors.is_empty(), "{src:?}");
    }
    assert!(error("€ = 2\n").1.contains("invalid character"));
}

#[test]
fn statement_spans_and_semicolons() {
    let src = "def f():\n    x = 1; pass; del x;\n";
    let m = parse_module(src).module;
    assert_eq!(text(src, m.body[0].span), "def f():\n    x = 1; pass; del x");
    let StmtKind::FunctionDef(f) = &m.body[0].kind else { panic!() };
    assert_eq!(f.body.len(), 3);
    let src = "if a:\n    pass\nelif b:\n    x = 1\nelse:\n    y = 2\n";
    let m = parse_module(src).module;
    let StmtKind::If { orelse, .. } = &m.body[0].kind else { panic!() };
    assert_eq!(text(src, orelse[0].span), "elif b:\n    x = 1\nelse:\n    y = 2");
}

#[test]
fn with_items_in_parentheses() {
    let with = |src: &str| match parse_module(src).module.body.into_iter().next().map(|s| s.kind) {
        Some(StmtKind::With { items, .. }) => items,
        other => panic!("{other:?}"),
    };
    assert_eq!(with("with (a as b, c):\n    pass\n").len(), 2);
    assert_eq!(with("with (a, b):\n    pass\n").len(), 2);
    let items = with("with (a, b) as c:\n    pass\n");
    assert_eq!(items.len(), 1);
    assert!(matches!(items[0].context.kind, ExprKind::Tuple(_)));
    assert_eq!(with("with (a) as b, c as d:\n    pass\n").len(), 2);
}

#[test]
fn invalid_programs_python_rejects() {
    for (src, line, what) in [
        ("def f(x):\n    3 += x\n", 2, "illegal expression for augmented assignment"),
        ("f() = 1\n", 1, "cannot assign to function call"),
        ("del 1\n", 1, "cannot delete literal"),
        ("for 1 in x:\n    pass\n", 1, "cannot assign to literal"),
        ("f(a=1, b)\n", 1, "positional argument follows keyword argument"),
        ("def f(a=1, b):\n    pass\n", 1, "non-default argument follows default argument"),
        ("def f(*):\n    pass\n", 1, "named arguments must follow bare *"),
        // (CPython says line 3, at `x`; recovery parses `x = 1` as a chunk of its own, so the
        // error is placed after the `try` chunk's last code.)
        ("try:\n    pass\nx = 1\n", 2, "expected 'except' or 'finally' block"),
        ("f(x for x in y, 1)\n", 1, "Generator expression must be parenthesized"),
        ("x = (1]\n", 1, "does not match"),
    ] {
        let (l, message) = error(src);
        assert_eq!(l, line, "{src:?}: {message}");
        assert!(message.contains(what), "{src:?}: {message}");
    }
}

#[test]
fn errors_come_in_source_order() {
    // The parse error on line 2 is reported, not the tokenizer's error further down.
    let src = "def f(x):\n    y = x +* 2\n    s = 'unterminated\n";
    assert_eq!(error(src).0, 2);
    // An unterminated string is reported on its own line.
    let src = "def f(x):\n    s = 'unterminated\n    return x\n";
    let (line, message) = error(src);
    assert_eq!(line, 2);
    assert!(message.contains("unterminated string"), "{message}");
}
