//! Round-trip tests of `parse_module` on valid code: node shapes, spans and lines.

use numrs_syntax::ast::*;
use numrs_syntax::{parse_module, LineIndex};

fn parse_ok(src: &str) -> Module {
    let parsed = parse_module(src);
    assert!(parsed.errors.is_empty(), "unexpected errors: {:?}", parsed.errors);
    parsed.module
}

fn text(src: &str, span: Span) -> &str {
    &src[span.start as usize..span.end as usize]
}

fn func(stmt: &Stmt) -> &FunctionDef {
    match &stmt.kind {
        StmtKind::FunctionDef(f) => f,
        other => panic!("expected a function, got {other:?}"),
    }
}

const MODULE: &str = r#""""Module docstring."""
import numpy as np
from numba import njit, prange
from . import sibling

N = 10


@njit(cache=True)
def add(x: float, y=2, *args, z, **kw) -> float:
    # comment
    total = x + y * 3
    for i in range(N):
        total += i
    else:
        pass
    while total > 0 and x < y:
        total -= 1
        if total == 5:
            break
        elif total is not None:
            continue
        else:
            return -total
    return total


class Point(Base):
    x: int = 0

    def norm(self):
        return (self.x ** 2) ** 0.5
"#;

#[test]
fn normal_module_round_trip() {
    let m = parse_ok(MODULE);
    let idx = LineIndex::new(MODULE);
    assert_eq!(m.body.len(), 7);

    // Docstring.
    let StmtKind::Expr(doc) = &m.body[0].kind else { panic!() };
    assert_eq!(doc.kind, ExprKind::Constant(Constant::Str("Module docstring.".into())));

    // Imports.
    let StmtKind::Import(names) = &m.body[1].kind else { panic!() };
    assert_eq!(names[0].name, "numpy");
    assert_eq!(names[0].asname.as_deref(), Some("np"));
    assert_eq!(text(MODULE, names[0].span), "numpy as np");
    let StmtKind::ImportFrom { module, names, level } = &m.body[2].kind else { panic!() };
    assert_eq!(module.as_deref(), Some("numba"));
    assert_eq!(names.iter().map(|a| a.name.as_str()).collect::<Vec<_>>(), ["njit", "prange"]);
    assert_eq!(*level, 0);
    let StmtKind::ImportFrom { module, level, .. } = &m.body[3].kind else { panic!() };
    assert_eq!((module.as_deref(), *level), (None, 1));

    // Assignment.
    let StmtKind::Assign { targets, value } = &m.body[4].kind else { panic!() };
    assert_eq!(targets[0].kind, ExprKind::Name("N".into()));
    assert_eq!(value.kind, ExprKind::Constant(Constant::Int(10)));
    assert_eq!(idx.line_col(m.body[4].span.start).line, 6);

    // The decorated function.
    let add_stmt = &m.body[5];
    let f = func(add_stmt);
    assert_eq!(f.name, "add");
    assert!(!f.is_async);
    assert_eq!(text(MODULE, f.name_span), "def add");
    assert_eq!(idx.line_col(f.name_span.start).line, 10);
    // The statement span starts at `def`, not at the decorator.
    assert_eq!(idx.line_col(add_stmt.span.start).line, 10);
    assert_eq!(idx.line_col(add_stmt.span.end).line, 25);
    assert_eq!(f.decorators.len(), 1);
    assert_eq!(text(MODULE, f.decorators[0].span), "njit(cache=True)");
    assert_eq!(idx.line_col(f.decorators[0].span.start), numrs_syntax::LineCol { line: 9, col: 1 });
    let ExprKind::Call { keywords, .. } = &f.decorators[0].kind else { panic!() };
    assert_eq!(keywords[0].arg.as_deref(), Some("cache"));
    assert_eq!(text(MODULE, keywords[0].span), "cache=True");
    assert_eq!(keywords[0].value.kind, ExprKind::Constant(Constant::Bool(true)));

    // Parameters.
    let p = &f.params;
    assert!(p.posonly.is_empty());
    assert_eq!(p.args.iter().map(|a| a.name.as_str()).collect::<Vec<_>>(), ["x", "y"]);
    assert_eq!(text(MODULE, p.args[0].span), "x: float");
    assert_eq!(
        p.args[0].annotation.as_ref().map(|a| &a.kind),
        Some(&ExprKind::Name("float".into()))
    );
    assert!(p.args[0].default.is_none());
    assert_eq!(
        p.args[1].default.as_ref().map(|d| &d.kind),
        Some(&ExprKind::Constant(Constant::Int(2)))
    );
    assert_eq!(p.vararg.as_ref().map(|a| a.name.as_str()), Some("args"));
    assert_eq!(p.kwonly.iter().map(|a| a.name.as_str()).collect::<Vec<_>>(), ["z"]);
    assert_eq!(p.kwarg.as_ref().map(|a| a.name.as_str()), Some("kw"));
    assert_eq!(f.returns.as_ref().map(|r| &r.kind), Some(&ExprKind::Name("float".into())));

    // Body.
    assert_eq!(f.body.len(), 4);
    let StmtKind::Assign { value, .. } = &f.body[0].kind else { panic!() };
    assert_eq!(text(MODULE, value.span), "x + y * 3");
    let ExprKind::BinOp { left, op: BinOp::Add, right } = &value.kind else { panic!() };
    assert_eq!(left.kind, ExprKind::Name("x".into()));
    assert!(matches!(right.kind, ExprKind::BinOp { op: BinOp::Mult, .. }));
    assert_eq!(idx.line_col(f.body[0].span.start), numrs_syntax::LineCol { line: 12, col: 4 });

    let StmtKind::For { target, body, orelse, is_async, .. } = &f.body[1].kind else { panic!() };
    assert_eq!(target.kind, ExprKind::Name("i".into()));
    assert!(!is_async);
    assert!(matches!(body[0].kind, StmtKind::AugAssign { op: BinOp::Add, .. }));
    assert_eq!(orelse[0].kind, StmtKind::Pass);

    let StmtKind::While { test, body, .. } = &f.body[2].kind else { panic!() };
    assert!(
        matches!(&test.kind, ExprKind::BoolOp { op: BoolOp::And, values } if values.len() == 2)
    );
    let StmtKind::If { test, body: then, orelse } = &body[1].kind else { panic!() };
    assert!(matches!(&test.kind, ExprKind::Compare { ops, .. } if ops == &[CmpOp::Eq]));
    assert_eq!(then[0].kind, StmtKind::Break);
    let StmtKind::If { test, body: then, orelse: last } = &orelse[0].kind else { panic!() };
    assert!(matches!(&test.kind, ExprKind::Compare { ops, .. } if ops == &[CmpOp::IsNot]));
    assert_eq!(then[0].kind, StmtKind::Continue);
    let StmtKind::Return(Some(ret)) = &last[0].kind else { panic!() };
    assert!(matches!(ret.kind, ExprKind::UnaryOp { op: UnaryOp::USub, .. }));

    // The class.
    let StmtKind::ClassDef(c) = &m.body[6].kind else { panic!() };
    assert_eq!(c.name, "Point");
    assert_eq!(c.bases[0].kind, ExprKind::Name("Base".into()));
    assert!(matches!(c.body[0].kind, StmtKind::AnnAssign { value: Some(_), .. }));
    let norm = func(&c.body[1]);
    assert_eq!(text(MODULE, norm.name_span), "def norm");
    assert_eq!(idx.line_col(norm.name_span.start), numrs_syntax::LineCol { line: 31, col: 4 });
    let StmtKind::Return(Some(ret)) = &norm.body[0].kind else { panic!() };
    let ExprKind::BinOp { left, op: BinOp::Pow, right } = &ret.kind else { panic!() };
    assert_eq!(right.kind, ExprKind::Constant(Constant::Float(FloatBits::new(0.5))));
    let ExprKind::BinOp { left: inner, .. } = &left.kind else { panic!() };
    assert_eq!(text(MODULE, inner.span), "self.x");
    assert!(matches!(&inner.kind, ExprKind::Attribute { attr, .. } if attr == "x"));
}

#[test]
fn decorated_defs_name_span_is_on_the_def_line() {
    let src = "@a\n@b.c(\n    1,\n)\n\n# comment\ndef   f\\\n():\n    pass\n\n@dec\nasync  def g():\n    await h()\n";
    let m = parse_ok(src);
    let idx = LineIndex::new(src);
    let f = func(&m.body[0]);
    assert_eq!(f.decorators.len(), 2);
    assert_eq!(text(src, f.name_span), "def   f");
    assert_eq!(idx.line_col(f.name_span.start).line, 7);
    assert_eq!(idx.line_col(m.body[0].span.start).line, 7);

    let g = func(&m.body[1]);
    assert!(g.is_async);
    assert_eq!(text(src, g.name_span), "def g");
    assert_eq!(idx.line_col(g.name_span.start).line, 12);
    // The statement span of an async def starts at `async`.
    assert!(text(src, m.body[1].span).starts_with("async  def g"));
    let StmtKind::Expr(e) = &g.body[0].kind else { panic!() };
    assert!(matches!(e.kind, ExprKind::Await(_)));
}

#[test]
fn async_for_and_with() {
    let src = "async def f():\n    async for x in y:\n        pass\n    async with a as b, c:\n        pass\n    with d:\n        pass\n";
    let m = parse_ok(src);
    let f = func(&m.body[0]);
    assert!(matches!(f.body[0].kind, StmtKind::For { is_async: true, .. }));
    let StmtKind::With { items, is_async: true, .. } = &f.body[1].kind else { panic!() };
    assert_eq!(items.len(), 2);
    assert_eq!(items[0].target.as_ref().map(|t| &t.kind), Some(&ExprKind::Name("b".into())));
    assert!(items[1].target.is_none());
    assert!(matches!(f.body[2].kind, StmtKind::With { is_async: false, .. }));
}

#[test]
fn expressions() {
    let src = "x = [a[1:2, ::3], {1: 2, **d}, {1, 2}, (1,), lambda p, *, q=1: p, b if c else d,\n     [i for i in r if i], {k: v for k, v in e}, {s for s in t}, (g for g in u),\n     f(*a, k=1, **kw), (y := 5), not z, ~w, +v, ..., None, 1j, 1.5, 'a' 'b', b'\\x00\\xff']\n";
    let m = parse_ok(src);
    let StmtKind::Assign { value, .. } = &m.body[0].kind else { panic!() };
    let ExprKind::List(items) = &value.kind else { panic!() };
    let kinds: Vec<&ExprKind> = items.iter().map(|e| &e.kind).collect();
    let ExprKind::Subscript { index, .. } = kinds[0] else { panic!() };
    let ExprKind::Tuple(parts) = &index.kind else { panic!() };
    assert!(matches!(
        &parts[0].kind,
        ExprKind::Slice { lower: Some(_), upper: Some(_), step: None }
    ));
    assert!(matches!(&parts[1].kind, ExprKind::Slice { lower: None, upper: None, step: Some(_) }));
    let ExprKind::Dict { keys, values } = kinds[1] else { panic!() };
    assert!(keys[0].is_some() && keys[1].is_none() && values.len() == 2);
    assert!(matches!(kinds[2], ExprKind::Set(s) if s.len() == 2));
    assert!(matches!(kinds[3], ExprKind::Tuple(t) if t.len() == 1));
    let ExprKind::Lambda { params, .. } = kinds[4] else { panic!() };
    assert_eq!(params.args[0].name, "p");
    assert_eq!(params.kwonly[0].name, "q");
    assert!(matches!(kinds[5], ExprKind::IfExp { .. }));
    assert!(
        matches!(kinds[6], ExprKind::ListComp { generators, .. } if generators[0].ifs.len() == 1 && !generators[0].is_async)
    );
    assert!(matches!(kinds[7], ExprKind::DictComp { .. }));
    assert!(matches!(kinds[8], ExprKind::SetComp { .. }));
    assert!(matches!(kinds[9], ExprKind::GeneratorExp { .. }));
    let ExprKind::Call { args, keywords, .. } = kinds[10] else { panic!() };
    assert!(matches!(args[0].kind, ExprKind::Starred(_)));
    assert_eq!(keywords[0].arg.as_deref(), Some("k"));
    assert_eq!(keywords[1].arg, None);
    assert!(matches!(kinds[11], ExprKind::NamedExpr { .. }));
    assert!(matches!(kinds[12], ExprKind::UnaryOp { op: UnaryOp::Not, .. }));
    assert!(matches!(kinds[13], ExprKind::UnaryOp { op: UnaryOp::Invert, .. }));
    assert!(matches!(kinds[14], ExprKind::UnaryOp { op: UnaryOp::UAdd, .. }));
    assert_eq!(kinds[15], &ExprKind::Constant(Constant::Ellipsis));
    assert_eq!(kinds[16], &ExprKind::Constant(Constant::None));
    assert_eq!(
        kinds[17],
        &ExprKind::Constant(Constant::Complex {
            real: FloatBits::new(0.0),
            imag: FloatBits::new(1.0)
        })
    );
    assert_eq!(kinds[18], &ExprKind::Constant(Constant::Float(FloatBits::new(1.5))));
    assert_eq!(kinds[19], &ExprKind::Constant(Constant::Str("ab".into())));
    assert_eq!(kinds[20], &ExprKind::Constant(Constant::Bytes(vec![0, 0xff])));
    assert_eq!(text(src, items[20].span), "b'\\x00\\xff'");
}

#[test]
fn statements() {
    let src = "del a, b[0]\nglobal g\ndef f():\n    nonlocal n\n    yield 1\n    yield from x\n    yield\nraise E from c\nassert x, 'msg'\ntry:\n    pass\nexcept (A, B) as e:\n    pass\nexcept:\n    pass\nelse:\n    pass\nfinally:\n    pass\na = b = 1\n";
    let m = parse_ok(src);
    assert!(matches!(&m.body[0].kind, StmtKind::Delete(t) if t.len() == 2));
    assert_eq!(m.body[1].kind, StmtKind::Global(vec!["g".into()]));
    let f = func(&m.body[2]);
    assert_eq!(f.body[0].kind, StmtKind::Nonlocal(vec!["n".into()]));
    assert!(matches!(&f.body[1].kind, StmtKind::Expr(Expr { kind: ExprKind::Yield(Some(_)), .. })));
    assert!(matches!(&f.body[2].kind, StmtKind::Expr(Expr { kind: ExprKind::YieldFrom(_), .. })));
    assert!(matches!(&f.body[3].kind, StmtKind::Expr(Expr { kind: ExprKind::Yield(None), .. })));
    assert!(matches!(&m.body[3].kind, StmtKind::Raise { exc: Some(_), cause: Some(_) }));
    assert!(matches!(&m.body[4].kind, StmtKind::Assert { msg: Some(_), .. }));
    let StmtKind::Try { body, handlers, orelse, finalbody } = &m.body[5].kind else { panic!() };
    assert_eq!((body.len(), handlers.len(), orelse.len(), finalbody.len()), (1, 2, 1, 1));
    assert_eq!(handlers[0].name.as_deref(), Some("e"));
    assert!(handlers[0].type_.is_some() && handlers[1].type_.is_none());
    assert!(text(src, handlers[0].span).starts_with("except (A, B) as e:"));
    assert!(matches!(&m.body[6].kind, StmtKind::Assign { targets, .. } if targets.len() == 2));
}

#[test]
fn unsupported_statements_and_match() {
    let src = "match x:\n    case 1:\n        pass\ntype T = int\ntry:\n    pass\nexcept* E:\n    pass\nx = 1\n";
    let m = parse_ok(src);
    let x = src.rfind("x = 1").unwrap_or(0) as u32;
    assert!(matches!(&m.body[0].kind, StmtKind::Match { cases, .. } if cases.len() == 1));
    let kinds: Vec<&StmtKind> = m.body[1..].iter().map(|s| &s.kind).collect();
    assert_eq!(
        kinds,
        [
            &StmtKind::Unsupported("type alias statement"),
            &StmtKind::Unsupported("try* statement"),
            &StmtKind::Assign {
                targets: vec![Expr { span: Span::new(x, x + 1), kind: ExprKind::Name("x".into()) }],
                value: Expr {
                    span: Span::new(x + 4, x + 5),
                    kind: ExprKind::Constant(Constant::Int(1))
                },
            },
        ]
    );
    assert_eq!(text(src, m.body[0].span).lines().next(), Some("match x:"));
}

#[test]
fn fstrings() {
    let src = "s = f'a{x!r:>{w}} b{y + 1}'\n";
    let m = parse_ok(src);
    let StmtKind::Assign { value, .. } = &m.body[0].kind else { panic!() };
    let ExprKind::JoinedStr(parts) = &value.kind else { panic!() };
    assert_eq!(parts.len(), 4);
    assert_eq!(parts[0].kind, ExprKind::Constant(Constant::Str("a".into())));
    let ExprKind::FormattedValue { value: x, format_spec: Some(spec), .. } = &parts[1].kind else {
        panic!()
    };
    assert_eq!(x.kind, ExprKind::Name("x".into()));
    assert_eq!(text(src, x.span), "x");
    assert!(matches!(&spec.kind, ExprKind::JoinedStr(s) if s.len() == 2));
    let ExprKind::FormattedValue { value: sum, format_spec: None, .. } = &parts[3].kind else {
        panic!()
    };
    assert_eq!(text(src, sum.span), "y + 1");
}

#[test]
fn big_ints() {
    let src = "a = 170141183460469231731687303715884105727\nb = 170141183460469231731687303715884105728\nc = -170141183460469231731687303715884105728\nd = 0xffffffffffffffffffffffffffffffffffff\ne = 1_000_000\nf = 0o17 + 0b101\n";
    let m = parse_ok(src);
    let value = |i: usize| match &m.body[i].kind {
        StmtKind::Assign { value, .. } => value.kind.clone(),
        other => panic!("{other:?}"),
    };
    assert_eq!(value(0), ExprKind::Constant(Constant::Int(i128::MAX)));
    assert_eq!(
        value(1),
        ExprKind::Constant(Constant::BigInt("170141183460469231731687303715884105728".into()))
    );
    // A negative literal is USub applied to a positive one.
    let ExprKind::UnaryOp { op: UnaryOp::USub, operand } = value(2) else { panic!() };
    assert_eq!(
        operand.kind,
        ExprKind::Constant(Constant::BigInt("170141183460469231731687303715884105728".into()))
    );
    assert_eq!(
        value(3),
        ExprKind::Constant(Constant::BigInt("22300745198530623141535718272648361505980415".into()))
    );
    assert_eq!(value(4), ExprKind::Constant(Constant::Int(1_000_000)));
    let ExprKind::BinOp { left, right, .. } = value(5) else { panic!() };
    assert_eq!(
        (left.kind, right.kind),
        (ExprKind::Constant(Constant::Int(15)), ExprKind::Constant(Constant::Int(5)))
    );
}

#[test]
fn non_ascii_identifiers_and_strings_have_byte_spans() {
    let src = "# ünïcödé comment\ndef größe(λ, 変数='日本語'):\n    return λ + '😀' + 変数\n";
    let m = parse_ok(src);
    let idx = LineIndex::new(src);
    let f = func(&m.body[0]);
    assert_eq!(f.name, "größe");
    assert_eq!(text(src, f.name_span), "def größe");
    assert_eq!(f.params.args[0].name, "λ");
    assert_eq!(text(src, f.params.args[0].span), "λ");
    let default = f.params.args[1].default.as_ref().map(|d| (d.kind.clone(), text(src, d.span)));
    assert_eq!(default, Some((ExprKind::Constant(Constant::Str("日本語".into())), "'日本語'")));
    let StmtKind::Return(Some(ret)) = &f.body[0].kind else { panic!() };
    assert_eq!(text(src, ret.span), "λ + '😀' + 変数");
    let ExprKind::BinOp { left, right, .. } = &ret.kind else { panic!() };
    assert_eq!(text(src, right.span), "変数");
    let ExprKind::BinOp { right: emoji, .. } = &left.kind else { panic!() };
    assert_eq!(emoji.kind, ExprKind::Constant(Constant::Str("😀".into())));
    // Columns are in UTF-8 bytes; the LSP helper converts to UTF-16.
    let pos = idx.line_col(right.span.start);
    assert_eq!(pos.line, 3);
    assert_eq!(pos.col, "    return λ + '😀' + ".len() as u32);
    assert_eq!(idx.utf16_col(src, pos), "    return λ + '😀' + ".encode_utf16().count() as u32);
}

#[test]
fn crlf_bom_and_empty() {
    assert_eq!(parse_module(""), numrs_syntax::Parsed::default());
    assert!(parse_module("\n\n# only a comment\n").errors.is_empty());
    let src = "\u{feff}x = 1\r\ndef f():\r\n    return x\r\n";
    let m = parse_ok(src);
    assert_eq!(m.body.len(), 2);
    assert_eq!(text(src, m.body[0].span), "x = 1");
    assert_eq!(text(src, func(&m.body[1]).name_span), "def f");
}

#[test]
fn match_patterns() {
    let src = "match x:\n    case 1 | -2 | 'a':\n        pass\n    case None:\n        pass\n    case m.pi as p if p > 0:\n        pass\n    case (a, b):\n        pass\n    case {'k': v}:\n        pass\n    case P(q):\n        pass\n    case y, *rest:\n        pass\n    case _:\n        pass\n";
    let m = parse_ok(src);
    let StmtKind::Match { cases, .. } = &m.body[0].kind else { panic!("{:?}", m.body[0].kind) };
    let kinds: Vec<String> = cases
        .iter()
        .map(|c| match &c.pattern.kind {
            PatternKind::Or(alts) => format!("or{}", alts.len()),
            PatternKind::Singleton(c) => format!("singleton {c:?}"),
            PatternKind::As(inner, name) => format!("{} as {name}", matches!(inner.kind, PatternKind::Value(_))),
            PatternKind::Structural(op) => op.to_string(),
            PatternKind::Capture(n) => format!("capture {n:?}"),
            PatternKind::Value(_) => "value".into(),
        })
        .collect();
    assert_eq!(
        kinds,
        ["or3", "singleton None", "true as p", "MATCH_SEQUENCE", "MATCH_MAPPING", "MATCH_CLASS", "MATCH_SEQUENCE", "capture None"]
    );
    assert!(cases[2].guard.is_some());
    // Patterns that are no expression (`as` inside brackets) are structural, not a syntax
    // error of the whole file; a group `(p as q)` is its pattern.
    let m = parse_ok("match x:\n    case [a as b, c]:\n        pass\n    case (1 as one):\n        pass\n    case {'k': (v as w)}:\n        pass\n    case (1 as a) | (2 as a):\n        pass\n");
    let StmtKind::Match { cases, .. } = &m.body[0].kind else { panic!("{:?}", m.body[0].kind) };
    let ops: Vec<String> = cases
        .iter()
        .map(|c| match &c.pattern.kind {
            PatternKind::As(inner, name) if matches!(inner.kind, PatternKind::Value(_)) => format!("value as {name}"),
            PatternKind::Or(alts) => format!("or{}", alts.len()),
            other => format!("{other:?}"),
        })
        .collect();
    assert_eq!(ops, ["Structural(\"MATCH_SEQUENCE\")", "value as one", "Structural(\"MATCH_MAPPING\")", "or2"]);
    // A long `|` chain does not recurse per alternative.
    let long = format!("match x:\n    case {}:\n        pass\n", (0..20000).map(|i| i.to_string()).collect::<Vec<_>>().join(" | "));
    let _ = numrs_syntax::parse_module(&long);
}

#[test]
fn decorated_lambda_is_a_def() {
    let src = "import numba\nsquare = numba.njit(lambda x, k=2: x * k)\nif True:\n    neg = njit('f8(f8)')(lambda x: -x)\nkey = sorted(lambda x: x, y)\ndef f():\n    g = njit(lambda x: x)\n";
    let m = parse_ok(src);
    let square = func(&m.body[1]);
    assert!(square.is_lambda);
    assert_eq!(square.name, "square");
    assert_eq!(text(src, square.decorators[0].span), "numba.njit");
    assert_eq!(square.params.args.len(), 2);
    assert!(matches!(&square.body[0].kind, StmtKind::Return(Some(e)) if text(src, e.span) == "x * k"));
    assert!(text(src, square.name_span).starts_with("lambda"));
    let StmtKind::If { body, .. } = &m.body[2].kind else { panic!() };
    assert_eq!(text(src, func(&body[0]).decorators[0].span), "njit('f8(f8)')");
    // Two arguments: a call, not a decorator.
    assert!(matches!(m.body[3].kind, StmtKind::Assign { .. }));
    // Function bodies are left as they are.
    assert!(matches!(func(&m.body[4]).body[0].kind, StmtKind::Assign { .. }));
}
