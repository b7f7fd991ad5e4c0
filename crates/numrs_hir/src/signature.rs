//! Explicit signatures: Numba's signature strings (`"float64(float64[:, ::1], int64)"`) and
//! Python type expressions (`types.float64(types.int64)`, `(float64, int64)`), normalized as
//! `numba.core.sigutils.normalize_signature` normalizes them.

use std::fmt;

use numrs_syntax::ast::{Expr, Span, StmtKind};
use numrs_types::Type;

use crate::eval::{Evaluator, Scope};
use crate::symbols::ModuleSymbols;
use crate::value::{str_repr, Value};

/// A normalized signature: argument types and, when the signature names one, the return type
/// (`"(int64,)"` has none; `"int64(int64)"` has `int64`).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SigSpec {
    pub args: Vec<Type>,
    pub return_type: Option<Type>,
    /// The signature's source: the string literal or the type expression.
    pub span: Span,
}

impl fmt::Display for SigSpec {
    /// `(arg, arg) -> ret`, with `None` for a missing return type: the shape of Python's
    /// `"(%s) -> %s" % (", ".join(map(str, args)), return_type)` over `normalize_signature`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("(")?;
        for (i, a) in self.args.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{a}")?;
        }
        f.write_str(") -> ")?;
        match &self.return_type {
            Some(t) => write!(f, "{t}"),
            None => f.write_str("None"),
        }
    }
}

/// Whether an error is one Numba raises too, or a limit of numrs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SigErrorKind {
    /// Numba rejects this too; the message follows Numba's (`NameError: name 'float65' is not
    /// defined`).
    Numba,
    /// Valid (or possibly valid) for Numba, but numrs cannot evaluate or model it (`float16`,
    /// computed signatures, ...). The message starts with `numrs`.
    Unsupported,
}

/// An invalid (or unevaluable) signature, type expression or decorator argument.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SigError {
    /// `ExceptionClass: message` as Numba would raise it, or a `numrs ...` explanation.
    pub message: String,
    pub span: Span,
    pub kind: SigErrorKind,
}

impl fmt::Display for SigError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for SigError {}

/// Parses and normalizes a Numba signature string (`"float64(float64[:, ::1], int64)"`,
/// `"(f8[:], i4)"`, `"void(float32[:])"`) as `sigutils.normalize_signature` does: the string
/// is evaluated with the names of `numba.core.types` in scope. `span` is the string literal's
/// span; every error is reported there.
pub fn parse_signature_str(text: &str, span: Span) -> Result<SigSpec, SigError> {
    let evaluator = Evaluator::new(Scope::NumbaTypes, Some(span));
    let value = eval_source(&evaluator, text, span)?;
    normalize(&evaluator, value, &Value::Const(crate::symbols::ConstValue::Str(text.to_string())), span)
}

/// Parses `text` as one Python expression the way `eval` does and evaluates it.
pub(crate) fn eval_source(evaluator: &Evaluator<'_>, text: &str, span: Span) -> Result<Value, SigError> {
    // `eval` of a string strips leading spaces and tabs before compiling it.
    let stripped = text.trim_start_matches([' ', '\t']);
    let parsed = numrs_syntax::parse_module(stripped);
    if let Some(err) = parsed.errors.first() {
        return Err(evaluator.numba_err(span, format!("SyntaxError: {}", err.message)));
    }
    match parsed.module.body.as_slice() {
        [stmt] => match &stmt.kind {
            StmtKind::Expr(expr) if only_trivia(stripped.get(expr.span.end as usize..).unwrap_or("")) => {
                evaluator.eval(expr)
            }
            _ => Err(evaluator.numba_err(span, "SyntaxError: invalid syntax")),
        },
        _ => Err(evaluator.numba_err(span, "SyntaxError: invalid syntax")),
    }
}

/// Whether `rest` (what follows the expression) is only whitespace, line continuations and
/// comments: `eval` accepts nothing else, not even a `;`.
fn only_trivia(rest: &str) -> bool {
    rest.lines().all(|line| {
        let code = line.split('#').next().unwrap_or("");
        code.chars().all(|c| c.is_whitespace() || c == '\\' || c == ')')
    })
}

/// `normalize_signature` on an evaluated value: a tuple is argument types only, a
/// `Signature` gives arguments and return type, anything else is an error. `original` is the
/// object the user passed (the string, for string signatures).
pub(crate) fn normalize(
    evaluator: &Evaluator<'_>,
    value: Value,
    original: &Value,
    span: Span,
) -> Result<SigSpec, SigError> {
    match value {
        Value::Tuple(items) => {
            let args = items.into_iter().map(|v| evaluator.sig_type(v, span)).collect::<Result<Vec<_>, _>>()?;
            Ok(SigSpec { args, return_type: None, span })
        }
        Value::Sig(sig) => Ok(SigSpec { args: sig.args, return_type: Some(sig.return_type), span }),
        other => Err(evaluator.numba_err(
            span,
            format!(
                "TypeError: invalid signature: {} (type: {}) evaluates to {} instead of tuple or Signature",
                original.repr(),
                str_repr(&original.class_name()),
                str_repr(&other.class_name())
            ),
        )),
    }
}

/// A signature given in Python source (a decorator argument): a string is parsed as a
/// signature string; a tuple of types or a `Signature` expression (`float64(int64)`) is
/// evaluated with the module's bindings as of `before_offset`.
pub fn signature_from_expr(
    expr: &Expr,
    symbols: &ModuleSymbols,
    before_offset: Option<u32>,
) -> Result<SigSpec, SigError> {
    let evaluator = Evaluator::new(Scope::Module { symbols, before: before_offset }, None);
    let value = evaluator.eval(expr)?;
    signature_from_value(&evaluator, value, expr.span)
}

pub(crate) fn signature_from_value(evaluator: &Evaluator<'_>, value: Value, span: Span) -> Result<SigSpec, SigError> {
    if let Some(text) = value.as_str() {
        return parse_signature_str(text, span);
    }
    let original = value.clone();
    normalize(evaluator, value, &original, span)
}

/// Evaluates a Python type expression (`types.float64[:]`, `nb.types.UniTuple(nb.int64, 3)`)
/// with the module's bindings as of `before_offset`. Signatures are not types: `float64(int64)`
/// is an error here.
pub fn eval_type_expr(expr: &Expr, symbols: &ModuleSymbols, before_offset: Option<u32>) -> Result<Type, SigError> {
    let evaluator = Evaluator::new(Scope::Module { symbols, before: before_offset }, None);
    let value = evaluator.eval(expr)?;
    evaluator.sig_type(value, expr.span)
}

/// Evaluates a name or expression in Numba's `numba.core.types` namespace (what a signature
/// string sees): `numba_type("f8")` is `float64`, `numba_type("int64[:, ::1]")` a 2d C array.
pub fn numba_type(text: &str) -> Result<Type, SigError> {
    let span = Span::new(0, u32::try_from(text.len()).unwrap_or(u32::MAX));
    let evaluator = Evaluator::new(Scope::NumbaTypes, Some(span));
    let value = eval_source(&evaluator, text, span)?;
    evaluator.sig_type(value, span)
}
