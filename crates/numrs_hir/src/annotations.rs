//! Signatures from PEP 484 annotations: `def f(x: float64[:], n: types.int64) -> float64`.
//!
//! Numba itself ignores annotations; numrs reads them as a hint. An annotation is recognised
//! when it evaluates (with the module's bindings as of the `def`) to a Numba type, a NumPy
//! scalar class (`np.float64` → `float64`, mapped as `numba.np.numpy_support.from_dtype`
//! maps it), or one of the Python classes `int`, `float`, `bool`, `complex`, `str` (mapped as
//! Numba's `typeof` maps their values: `int64`, `float64`, `bool`, `complex128`,
//! `unicode_type`). A string annotation is evaluated as the expression it contains.

use numrs_syntax::ast::{Expr, FunctionDef, Span};
use numrs_types::Type;

use crate::eval::{type_from_numba_str, Evaluator, MakeType, Scope};
use crate::signature::eval_source;
use crate::symbols::ModuleSymbols;
use crate::value::Value;

/// Types read from a function's annotations.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AnnotatedSig {
    /// One entry per parameter (positional-only, positional, keyword-only), in order. As an
    /// `AnnotatedSig` exists only when every parameter is recognised, every entry is `Some`.
    pub args: Vec<Option<Type>>,
    /// The return annotation, when present and recognised.
    pub return_type: Option<Type>,
}

/// Python builtin classes used as annotations, with the Numba type of their values.
const BUILTIN_ANNOTATIONS: &[(&str, MakeType)] = &[
    ("int", Type::int64),
    ("float", Type::float64),
    ("bool", Type::boolean),
    ("complex", Type::complex128),
    ("str", || Type::Unicode),
];

/// The signature a `def`'s annotations give: `None` when the function has no annotation at
/// all, when a parameter is unannotated or its annotation is not recognised, or when it has
/// `*args`/`**kwargs`. Names are resolved as bound when the `def` statement runs.
pub fn annotated_signature(def: &FunctionDef, symbols: &ModuleSymbols) -> Option<AnnotatedSig> {
    annotated_signature_at(def, symbols, def.name_span.start)
}

pub(crate) fn annotated_signature_at(def: &FunctionDef, symbols: &ModuleSymbols, before: u32) -> Option<AnnotatedSig> {
    let p = &def.params;
    if p.vararg.is_some() || p.kwarg.is_some() {
        return None;
    }
    let params: Vec<_> = p.posonly.iter().chain(&p.args).chain(&p.kwonly).collect();
    if def.returns.is_none() && params.iter().all(|param| param.annotation.is_none()) {
        return None;
    }
    let evaluator = Evaluator::new(Scope::Module { symbols, before: Some(before) }, None);
    let mut args = Vec::with_capacity(params.len());
    for param in params {
        let ty = annotation_type(&evaluator, param.annotation.as_ref()?)?;
        args.push(Some(ty));
    }
    let return_type = def.returns.as_ref().and_then(|r| annotation_type(&evaluator, r));
    Some(AnnotatedSig { args, return_type })
}

/// The type an annotation gives (a class body's `x: int32`), names resolved as bound at
/// `before`.
pub(crate) fn annotation_type_at(expr: &Expr, symbols: &ModuleSymbols, before: u32) -> Option<Type> {
    let evaluator = Evaluator::new(Scope::Module { symbols, before: Some(before) }, None);
    annotation_type(&evaluator, expr)
}

fn annotation_type(evaluator: &Evaluator<'_>, expr: &Expr) -> Option<Type> {
    let value = evaluator.eval(expr).ok()?;
    match value {
        Value::Const(crate::symbols::ConstValue::Str(text)) => {
            let inner = eval_source(evaluator, &text, Span::default()).ok()?;
            value_type(inner)
        }
        other => value_type(other),
    }
}

fn value_type(value: Value) -> Option<Type> {
    match value {
        Value::Type(t) => Some(t),
        Value::NumpyScalar { numba, .. } => type_from_numba_str(&numba),
        Value::Builtin(name) => BUILTIN_ANNOTATIONS.iter().find(|(n, _)| *n == name).map(|(_, make)| make()),
        _ => None,
    }
}
