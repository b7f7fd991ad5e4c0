//! Conversion of rustpython's AST into the numrs AST ([`crate::ast`]).
//!
//! The converter consumes the rustpython tree by value, taking every node apart as it is
//! converted. It recurses once per tree level, so it counts the levels it is in and gives up
//! with [`TooDeep`] past [`MAX_TREE_DEPTH`] (the exact limit on what later stages see; the
//! pre-scan has already rejected texts whose *estimated* depth is far larger): the top-level statement that contains such a
//! tree is dropped and reported by the caller. This also bounds the depth of every tree
//! handed to later stages, which are free to walk it recursively. (What is not converted —
//! the rest of a too-deep statement, the body of a `match` — is dropped by rustpython's
//! recursive `Drop`; the pre-scan bounds how deep that can be, see `prescan.rs`.)

use rustpython_parser::ast::{self as rp, Ranged};
use rustpython_parser::text_size::TextRange;

use crate::ast::*;

/// The tree under `span` is deeper than [`MAX_TREE_DEPTH`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TooDeep {
    pub span: Span,
}

type Res<T> = Result<T, TooDeep>;

pub(crate) fn span(range: TextRange) -> Span {
    Span::new(range.start().to_u32(), range.end().to_u32())
}

pub(crate) struct Converter<'a> {
    /// The whole file (spans from rustpython are offsets into it).
    source: &'a str,
    depth: u32,
}

fn is_ident_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b >= 0x80
}

impl<'a> Converter<'a> {
    pub(crate) fn new(source: &'a str) -> Self {
        Converter { source, depth: 0 }
    }

    fn enter(&mut self, range: TextRange) -> Res<()> {
        if self.depth >= MAX_TREE_DEPTH {
            return Err(TooDeep { span: span(range) });
        }
        self.depth += 1;
        Ok(())
    }

    fn leave(&mut self) {
        self.depth = self.depth.saturating_sub(1);
    }

    // ---------------------------------------------------------------- statements

    pub(crate) fn stmts(&mut self, stmts: Vec<rp::Stmt>) -> Res<Vec<Stmt>> {
        let mut out = Vec::with_capacity(stmts.len());
        for s in stmts {
            out.push(self.stmt(s)?);
        }
        Ok(out)
    }

    pub(crate) fn stmt(&mut self, s: rp::Stmt) -> Res<Stmt> {
        let range = s.range();
        self.enter(range)?;
        let r = self.stmt_kind(s);
        self.leave();
        Ok(Stmt { span: span(range), kind: r? })
    }

    fn stmt_kind(&mut self, s: rp::Stmt) -> Res<StmtKind> {
        Ok(match s {
            rp::Stmt::FunctionDef(f) => StmtKind::FunctionDef(Box::new(self.function(
                f.range,
                f.name,
                *f.args,
                f.body,
                f.decorator_list,
                f.returns,
                false,
            )?)),
            rp::Stmt::AsyncFunctionDef(f) => StmtKind::FunctionDef(Box::new(self.function(
                f.range,
                f.name,
                *f.args,
                f.body,
                f.decorator_list,
                f.returns,
                true,
            )?)),
            // Class keywords (`metaclass=...`) and PEP 695 type parameters are not modelled.
            rp::Stmt::ClassDef(c) => StmtKind::ClassDef(Box::new(ClassDef {
                name: c.name.into(),
                bases: self.exprs(c.bases)?,
                body: self.stmts(c.body)?,
                decorators: self.exprs(c.decorator_list)?,
            })),
            rp::Stmt::Return(r) => StmtKind::Return(self.opt_expr(r.value)?),
            rp::Stmt::Delete(d) => StmtKind::Delete(self.exprs(d.targets)?),
            rp::Stmt::Assign(a) => {
                StmtKind::Assign { targets: self.exprs(a.targets)?, value: self.bexpr(a.value)? }
            }
            rp::Stmt::TypeAlias(_) => StmtKind::Unsupported("type alias statement"),
            rp::Stmt::AugAssign(a) => StmtKind::AugAssign {
                target: self.bexpr(a.target)?,
                op: bin_op(a.op),
                value: self.bexpr(a.value)?,
            },
            rp::Stmt::AnnAssign(a) => StmtKind::AnnAssign {
                target: self.bexpr(a.target)?,
                annotation: self.bexpr(a.annotation)?,
                value: self.opt_expr(a.value)?,
            },
            rp::Stmt::For(f) => StmtKind::For {
                target: self.bexpr(f.target)?,
                iter: self.bexpr(f.iter)?,
                body: self.stmts(f.body)?,
                orelse: self.stmts(f.orelse)?,
                is_async: false,
            },
            rp::Stmt::AsyncFor(f) => StmtKind::For {
                target: self.bexpr(f.target)?,
                iter: self.bexpr(f.iter)?,
                body: self.stmts(f.body)?,
                orelse: self.stmts(f.orelse)?,
                is_async: true,
            },
            rp::Stmt::While(w) => StmtKind::While {
                test: self.bexpr(w.test)?,
                body: self.stmts(w.body)?,
                orelse: self.stmts(w.orelse)?,
            },
            rp::Stmt::If(i) => StmtKind::If {
                test: self.bexpr(i.test)?,
                body: self.stmts(i.body)?,
                orelse: self.stmts(i.orelse)?,
            },
            rp::Stmt::With(w) => StmtKind::With {
                items: self.with_items(w.items)?,
                body: self.stmts(w.body)?,
                is_async: false,
            },
            rp::Stmt::AsyncWith(w) => StmtKind::With {
                items: self.with_items(w.items)?,
                body: self.stmts(w.body)?,
                is_async: true,
            },
            rp::Stmt::Match(_) => StmtKind::Unsupported("match statement"),
            rp::Stmt::Raise(r) => {
                StmtKind::Raise { exc: self.opt_expr(r.exc)?, cause: self.opt_expr(r.cause)? }
            }
            rp::Stmt::Try(t) => StmtKind::Try {
                body: self.stmts(t.body)?,
                handlers: self.handlers(t.handlers)?,
                orelse: self.stmts(t.orelse)?,
                finalbody: self.stmts(t.finalbody)?,
            },
            rp::Stmt::TryStar(_) => StmtKind::Unsupported("try* statement"),
            rp::Stmt::Assert(a) => {
                StmtKind::Assert { test: self.bexpr(a.test)?, msg: self.opt_expr(a.msg)? }
            }
            rp::Stmt::Import(i) => StmtKind::Import(i.names.into_iter().map(alias).collect()),
            rp::Stmt::ImportFrom(i) => StmtKind::ImportFrom {
                module: i.module.map(String::from),
                names: i.names.into_iter().map(alias).collect(),
                level: i.level.map_or(0, |l| l.to_u32()),
            },
            rp::Stmt::Global(g) => {
                StmtKind::Global(g.names.into_iter().map(String::from).collect())
            }
            rp::Stmt::Nonlocal(n) => {
                StmtKind::Nonlocal(n.names.into_iter().map(String::from).collect())
            }
            rp::Stmt::Expr(e) => StmtKind::Expr(self.bexpr(e.value)?),
            rp::Stmt::Pass(_) => StmtKind::Pass,
            rp::Stmt::Break(_) => StmtKind::Break,
            rp::Stmt::Continue(_) => StmtKind::Continue,
        })
    }

    #[allow(clippy::too_many_arguments)]
    fn function(
        &mut self,
        range: TextRange,
        name: rp::Identifier,
        args: rp::Arguments,
        body: Vec<rp::Stmt>,
        decorators: Vec<rp::Expr>,
        returns: Option<Box<rp::Expr>>,
        is_async: bool,
    ) -> Res<FunctionDef> {
        let name: String = name.into();
        let name_span = self.def_name_span(range, &name);
        Ok(FunctionDef {
            name,
            name_span,
            params: self.parameters(args)?,
            body: self.stmts(body)?,
            decorators: self.exprs(decorators)?,
            returns: self.opt_expr(returns)?,
            is_async,
        })
    }

    /// The span from the `def` keyword through the end of the function name.
    ///
    /// rustpython's range of a (possibly decorated) function starts at `async` or `def`,
    /// never at the decorators. We skip `async` and the whitespace (or backslash
    /// continuations) after it, so the span starts at `def` itself and its start is always on
    /// the line of the `def` keyword; then we skip `def` and the whitespace after it, and take
    /// the identifier that follows. If the text does not look as expected (it always should),
    /// the span falls back to `def` plus the name's length from the statement's start.
    fn def_name_span(&self, range: TextRange, name: &str) -> Span {
        let bytes = self.source.as_bytes();
        let start = range.start().to_usize();
        let skip_ws = |mut i: usize| loop {
            match bytes.get(i) {
                Some(b' ' | b'\t' | b'\x0c') => i += 1,
                Some(b'\\') if bytes.get(i + 1) == Some(&b'\n') => i += 2,
                Some(b'\\')
                    if bytes.get(i + 1) == Some(&b'\r') && bytes.get(i + 2) == Some(&b'\n') =>
                {
                    i += 3
                }
                _ => return i,
            }
        };
        let at = |i: usize, word: &[u8]| {
            bytes.get(i..i + word.len()) == Some(word)
                && !bytes.get(i + word.len()).copied().is_some_and(is_ident_byte)
        };
        let fallback = || {
            let s = u32::try_from(start).unwrap_or(u32::MAX);
            let len = u32::try_from(4 + name.len()).unwrap_or(u32::MAX);
            Span::new(s, s.saturating_add(len).min(range.end().to_u32()))
        };
        let mut i = start;
        if at(i, b"async") {
            i = skip_ws(i + 5);
        }
        if !at(i, b"def") {
            return fallback();
        }
        let def_start = i;
        i = skip_ws(i + 3);
        let name_start = i;
        while bytes.get(i).copied().is_some_and(is_ident_byte) {
            i += 1;
        }
        if i == name_start {
            return fallback();
        }
        match (u32::try_from(def_start), u32::try_from(i)) {
            (Ok(s), Ok(e)) => Span::new(s, e),
            _ => fallback(),
        }
    }

    fn parameters(&mut self, args: rp::Arguments) -> Res<Parameters> {
        Ok(Parameters {
            posonly: self.params_with_defaults(args.posonlyargs)?,
            args: self.params_with_defaults(args.args)?,
            vararg: match args.vararg {
                Some(a) => Some(self.param(*a, None)?),
                None => None,
            },
            kwonly: self.params_with_defaults(args.kwonlyargs)?,
            kwarg: match args.kwarg {
                Some(a) => Some(self.param(*a, None)?),
                None => None,
            },
        })
    }

    fn params_with_defaults(&mut self, args: Vec<rp::ArgWithDefault>) -> Res<Vec<Param>> {
        let mut out = Vec::with_capacity(args.len());
        for a in args {
            out.push(self.param(a.def, a.default)?);
        }
        Ok(out)
    }

    /// `Param::span` is rustpython's range of the parameter: its name and annotation (not
    /// the default value).
    fn param(&mut self, arg: rp::Arg, default: Option<Box<rp::Expr>>) -> Res<Param> {
        Ok(Param {
            name: arg.arg.into(),
            span: span(arg.range),
            annotation: self.opt_expr(arg.annotation)?,
            default: self.opt_expr(default)?,
        })
    }

    fn with_items(&mut self, items: Vec<rp::WithItem>) -> Res<Vec<WithItem>> {
        let mut out = Vec::with_capacity(items.len());
        for item in items {
            out.push(WithItem {
                context: self.expr(item.context_expr)?,
                target: self.opt_expr(item.optional_vars)?,
            });
        }
        Ok(out)
    }

    fn handlers(&mut self, handlers: Vec<rp::ExceptHandler>) -> Res<Vec<ExceptHandler>> {
        let mut out = Vec::with_capacity(handlers.len());
        for h in handlers {
            let rp::ExceptHandler::ExceptHandler(h) = h;
            self.enter(h.range)?;
            let converted = self.handler(h);
            self.leave();
            out.push(converted?);
        }
        Ok(out)
    }

    fn handler(&mut self, h: rp::ExceptHandlerExceptHandler) -> Res<ExceptHandler> {
        Ok(ExceptHandler {
            span: span(h.range),
            type_: self.opt_expr(h.type_)?,
            name: h.name.map(String::from),
            body: self.stmts(h.body)?,
        })
    }

    // ---------------------------------------------------------------- expressions

    fn exprs(&mut self, exprs: Vec<rp::Expr>) -> Res<Vec<Expr>> {
        let mut out = Vec::with_capacity(exprs.len());
        for e in exprs {
            out.push(self.expr(e)?);
        }
        Ok(out)
    }

    // rustpython's child expressions are boxed; these take the box to keep call sites short.
    #[allow(clippy::boxed_local)]
    fn bexpr(&mut self, e: Box<rp::Expr>) -> Res<Expr> {
        self.expr(*e)
    }

    #[allow(clippy::boxed_local)]
    fn boxed(&mut self, e: Box<rp::Expr>) -> Res<Box<Expr>> {
        Ok(Box::new(self.expr(*e)?))
    }

    fn opt_expr(&mut self, e: Option<Box<rp::Expr>>) -> Res<Option<Expr>> {
        match e {
            Some(e) => Ok(Some(self.expr(*e)?)),
            None => Ok(None),
        }
    }

    fn opt_boxed(&mut self, e: Option<Box<rp::Expr>>) -> Res<Option<Box<Expr>>> {
        Ok(self.opt_expr(e)?.map(Box::new))
    }

    pub(crate) fn expr(&mut self, e: rp::Expr) -> Res<Expr> {
        let range = e.range();
        self.enter(range)?;
        let kind = self.expr_kind(e, range);
        self.leave();
        Ok(Expr { span: span(range), kind: kind? })
    }

    /// Dispatches to one small function per variant: in debug builds a single big `match`
    /// that builds every kind inline needs ~9 KiB of stack per tree level.
    fn expr_kind(&mut self, e: rp::Expr, range: TextRange) -> Res<ExprKind> {
        match e {
            rp::Expr::BoolOp(b) => self.x_bool_op(b),
            rp::Expr::NamedExpr(n) => self.x_named_expr(n),
            rp::Expr::BinOp(b) => self.x_bin_op(b),
            rp::Expr::UnaryOp(u) => self.x_unary_op(u),
            rp::Expr::Lambda(l) => self.x_lambda(l),
            rp::Expr::IfExp(i) => self.x_if_exp(i),
            rp::Expr::Dict(d) => self.x_dict(d),
            rp::Expr::Set(s) => self.x_set(s),
            rp::Expr::ListComp(c) => self.x_list_comp(c),
            rp::Expr::SetComp(c) => self.x_set_comp(c),
            rp::Expr::DictComp(c) => self.x_dict_comp(c),
            rp::Expr::GeneratorExp(c) => self.x_generator_exp(c),
            rp::Expr::Await(a) => self.x_await(a),
            rp::Expr::Yield(y) => self.x_yield(y),
            rp::Expr::YieldFrom(y) => self.x_yield_from(y),
            rp::Expr::Compare(c) => self.x_compare(c),
            rp::Expr::Call(c) => self.x_call(c),
            rp::Expr::FormattedValue(f) => self.x_formatted_value(f),
            rp::Expr::JoinedStr(j) => self.x_joined_str(j),
            rp::Expr::Constant(c) => self.x_constant(c, range),
            rp::Expr::Attribute(a) => self.x_attribute(a),
            rp::Expr::Subscript(s) => self.x_subscript(s),
            rp::Expr::Starred(s) => self.x_starred(s),
            rp::Expr::Name(n) => self.x_name(n),
            rp::Expr::List(l) => self.x_list(l),
            rp::Expr::Tuple(t) => self.x_tuple(t),
            rp::Expr::Slice(s) => self.x_slice(s),
        }
    }

    fn x_bool_op(&mut self, b: rp::ExprBoolOp) -> Res<ExprKind> {
        Ok(ExprKind::BoolOp { op: bool_op(b.op), values: self.exprs(b.values)? })
    }

    fn x_named_expr(&mut self, n: rp::ExprNamedExpr) -> Res<ExprKind> {
        Ok(ExprKind::NamedExpr { target: self.boxed(n.target)?, value: self.boxed(n.value)? })
    }

    fn x_bin_op(&mut self, b: rp::ExprBinOp) -> Res<ExprKind> {
        Ok(ExprKind::BinOp {
            left: self.boxed(b.left)?,
            op: bin_op(b.op),
            right: self.boxed(b.right)?,
        })
    }

    fn x_unary_op(&mut self, u: rp::ExprUnaryOp) -> Res<ExprKind> {
        Ok(ExprKind::UnaryOp { op: unary_op(u.op), operand: self.boxed(u.operand)? })
    }

    fn x_lambda(&mut self, l: rp::ExprLambda) -> Res<ExprKind> {
        Ok(ExprKind::Lambda {
            params: Box::new(self.parameters(*l.args)?),
            body: self.boxed(l.body)?,
        })
    }

    fn x_if_exp(&mut self, i: rp::ExprIfExp) -> Res<ExprKind> {
        Ok(ExprKind::IfExp {
            test: self.boxed(i.test)?,
            body: self.boxed(i.body)?,
            orelse: self.boxed(i.orelse)?,
        })
    }

    fn x_dict(&mut self, d: rp::ExprDict) -> Res<ExprKind> {
        let mut keys = Vec::with_capacity(d.keys.len());
        for k in d.keys {
            keys.push(match k {
                Some(k) => Some(self.expr(k)?),
                None => None,
            });
        }
        Ok(ExprKind::Dict { keys, values: self.exprs(d.values)? })
    }

    fn x_set(&mut self, s: rp::ExprSet) -> Res<ExprKind> {
        Ok(ExprKind::Set(self.exprs(s.elts)?))
    }

    fn x_list_comp(&mut self, c: rp::ExprListComp) -> Res<ExprKind> {
        Ok(ExprKind::ListComp {
            elt: self.boxed(c.elt)?,
            generators: self.comprehensions(c.generators)?,
        })
    }

    fn x_set_comp(&mut self, c: rp::ExprSetComp) -> Res<ExprKind> {
        Ok(ExprKind::SetComp {
            elt: self.boxed(c.elt)?,
            generators: self.comprehensions(c.generators)?,
        })
    }

    fn x_dict_comp(&mut self, c: rp::ExprDictComp) -> Res<ExprKind> {
        Ok(ExprKind::DictComp {
            key: self.boxed(c.key)?,
            value: self.boxed(c.value)?,
            generators: self.comprehensions(c.generators)?,
        })
    }

    fn x_generator_exp(&mut self, c: rp::ExprGeneratorExp) -> Res<ExprKind> {
        Ok(ExprKind::GeneratorExp {
            elt: self.boxed(c.elt)?,
            generators: self.comprehensions(c.generators)?,
        })
    }

    fn x_await(&mut self, a: rp::ExprAwait) -> Res<ExprKind> {
        Ok(ExprKind::Await(self.boxed(a.value)?))
    }

    fn x_yield(&mut self, y: rp::ExprYield) -> Res<ExprKind> {
        Ok(ExprKind::Yield(self.opt_boxed(y.value)?))
    }

    fn x_yield_from(&mut self, y: rp::ExprYieldFrom) -> Res<ExprKind> {
        Ok(ExprKind::YieldFrom(self.boxed(y.value)?))
    }

    fn x_compare(&mut self, c: rp::ExprCompare) -> Res<ExprKind> {
        Ok(ExprKind::Compare {
            left: self.boxed(c.left)?,
            ops: c.ops.into_iter().map(cmp_op).collect(),
            comparators: self.exprs(c.comparators)?,
        })
    }

    fn x_call(&mut self, c: rp::ExprCall) -> Res<ExprKind> {
        let func = self.boxed(c.func)?;
        let args = self.exprs(c.args)?;
        let mut keywords = Vec::with_capacity(c.keywords.len());
        for k in c.keywords {
            keywords.push(Keyword {
                arg: k.arg.map(String::from),
                span: span(k.range),
                value: self.expr(k.value)?,
            });
        }
        Ok(ExprKind::Call { func, args, keywords })
    }

    // rustpython 0.4 gives the nodes *inside* an f-string (its literal pieces, formatted
    // values and format specs) the range of the whole f-string; only the expressions in
    // replacement fields have their own ranges. The `!r`/`!s`/`!a` conversion is not modelled.
    fn x_formatted_value(&mut self, f: rp::ExprFormattedValue) -> Res<ExprKind> {
        Ok(ExprKind::FormattedValue {
            value: self.boxed(f.value)?,
            format_spec: self.opt_boxed(f.format_spec)?,
        })
    }

    fn x_joined_str(&mut self, j: rp::ExprJoinedStr) -> Res<ExprKind> {
        Ok(ExprKind::JoinedStr(self.exprs(j.values)?))
    }

    fn x_constant(&mut self, c: rp::ExprConstant, range: TextRange) -> Res<ExprKind> {
        self.constant(c.value, range)
    }

    fn x_attribute(&mut self, a: rp::ExprAttribute) -> Res<ExprKind> {
        Ok(ExprKind::Attribute { value: self.boxed(a.value)?, attr: a.attr.into() })
    }

    fn x_subscript(&mut self, s: rp::ExprSubscript) -> Res<ExprKind> {
        Ok(ExprKind::Subscript { value: self.boxed(s.value)?, index: self.boxed(s.slice)? })
    }

    fn x_starred(&mut self, s: rp::ExprStarred) -> Res<ExprKind> {
        Ok(ExprKind::Starred(self.boxed(s.value)?))
    }

    fn x_name(&mut self, n: rp::ExprName) -> Res<ExprKind> {
        Ok(ExprKind::Name(n.id.into()))
    }

    fn x_list(&mut self, l: rp::ExprList) -> Res<ExprKind> {
        Ok(ExprKind::List(self.exprs(l.elts)?))
    }

    fn x_tuple(&mut self, t: rp::ExprTuple) -> Res<ExprKind> {
        Ok(ExprKind::Tuple(self.exprs(t.elts)?))
    }

    fn x_slice(&mut self, s: rp::ExprSlice) -> Res<ExprKind> {
        Ok(ExprKind::Slice {
            lower: self.opt_boxed(s.lower)?,
            upper: self.opt_boxed(s.upper)?,
            step: self.opt_boxed(s.step)?,
        })
    }

    fn comprehensions(&mut self, gens: Vec<rp::Comprehension>) -> Res<Vec<Comprehension>> {
        let mut out = Vec::with_capacity(gens.len());
        for g in gens {
            out.push(Comprehension {
                target: self.expr(g.target)?,
                iter: self.expr(g.iter)?,
                ifs: self.exprs(g.ifs)?,
                is_async: g.is_async,
            });
        }
        Ok(out)
    }

    fn constant(&mut self, c: rp::Constant, range: TextRange) -> Res<ExprKind> {
        Ok(match c {
            rp::Constant::None => ExprKind::Constant(Constant::None),
            rp::Constant::Bool(b) => ExprKind::Constant(Constant::Bool(b)),
            rp::Constant::Str(s) => ExprKind::Constant(Constant::Str(s)),
            rp::Constant::Bytes(b) => ExprKind::Constant(Constant::Bytes(b)),
            rp::Constant::Int(i) => ExprKind::Constant(match i128::try_from(&i) {
                Ok(v) => Constant::Int(v),
                Err(_) => Constant::BigInt(i.to_string()),
            }),
            rp::Constant::Float(f) => ExprKind::Constant(Constant::Float(FloatBits::new(f))),
            rp::Constant::Complex { real, imag } => ExprKind::Constant(Constant::Complex {
                real: FloatBits::new(real),
                imag: FloatBits::new(imag),
            }),
            rp::Constant::Ellipsis => ExprKind::Constant(Constant::Ellipsis),
            // Only produced by rustpython's constant folding, which is not enabled; kept as a
            // tuple of constants that all carry the tuple's span.
            rp::Constant::Tuple(items) => {
                let mut elts = Vec::with_capacity(items.len());
                for item in items {
                    self.enter(range)?;
                    let kind = self.constant(item, range);
                    self.leave();
                    elts.push(Expr { span: span(range), kind: kind? });
                }
                ExprKind::Tuple(elts)
            }
        })
    }
}

fn alias(a: rp::Alias) -> Alias {
    Alias { name: a.name.into(), asname: a.asname.map(String::from), span: span(a.range) }
}

fn bin_op(op: rp::Operator) -> BinOp {
    match op {
        rp::Operator::Add => BinOp::Add,
        rp::Operator::Sub => BinOp::Sub,
        rp::Operator::Mult => BinOp::Mult,
        rp::Operator::MatMult => BinOp::MatMult,
        rp::Operator::Div => BinOp::Div,
        rp::Operator::Mod => BinOp::Mod,
        rp::Operator::Pow => BinOp::Pow,
        rp::Operator::LShift => BinOp::LShift,
        rp::Operator::RShift => BinOp::RShift,
        rp::Operator::BitOr => BinOp::BitOr,
        rp::Operator::BitXor => BinOp::BitXor,
        rp::Operator::BitAnd => BinOp::BitAnd,
        rp::Operator::FloorDiv => BinOp::FloorDiv,
    }
}

fn unary_op(op: rp::UnaryOp) -> UnaryOp {
    match op {
        rp::UnaryOp::Invert => UnaryOp::Invert,
        rp::UnaryOp::Not => UnaryOp::Not,
        rp::UnaryOp::UAdd => UnaryOp::UAdd,
        rp::UnaryOp::USub => UnaryOp::USub,
    }
}

fn bool_op(op: rp::BoolOp) -> BoolOp {
    match op {
        rp::BoolOp::And => BoolOp::And,
        rp::BoolOp::Or => BoolOp::Or,
    }
}

fn cmp_op(op: rp::CmpOp) -> CmpOp {
    match op {
        rp::CmpOp::Eq => CmpOp::Eq,
        rp::CmpOp::NotEq => CmpOp::NotEq,
        rp::CmpOp::Lt => CmpOp::Lt,
        rp::CmpOp::LtE => CmpOp::LtE,
        rp::CmpOp::Gt => CmpOp::Gt,
        rp::CmpOp::GtE => CmpOp::GtE,
        rp::CmpOp::Is => CmpOp::Is,
        rp::CmpOp::IsNot => CmpOp::IsNot,
        rp::CmpOp::In => CmpOp::In,
        rp::CmpOp::NotIn => CmpOp::NotIn,
    }
}
