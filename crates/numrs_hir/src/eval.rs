//! Evaluation of type expressions, the way Python evaluates them against Numba's objects.
//!
//! Two scopes exist: a signature *string* is `eval`uated by Numba with `numba.core.types`'s
//! namespace as locals (`sigutils._parse_signature_string`), so its names are Numba type names;
//! a type expression written in Python source (`types.float64(types.int64)`, `locals=` values,
//! annotations) sees the module's own bindings (imports, constants, aliases).
//!
//! Everything evaluates to a [`Value`]; what Numba would reject gives a [`SigError`] of kind
//! [`SigErrorKind::Numba`] with Numba's message, what numrs cannot model gives one of kind
//! [`SigErrorKind::Unsupported`].

use std::sync::Arc;

use numrs_syntax::ast::{BinOp, Constant, Expr, ExprKind, Keyword, Span, UnaryOp};
use numrs_types::{IteratorKind, Layout, NumericKind, RangeKind, Signature, Type};

use crate::numba_names::{
    Constructor, CONSTRUCTORS, NUMBA_SUBMODULES, NUMBA_TOPLEVEL, NUMBA_TOPLEVEL_TYPES, NUMPY_SCALARS, PY_BUILTINS, TYPE_CLASSES, TYPE_INSTANCES,
};
use crate::signature::{SigError, SigErrorKind};
use crate::symbols::{join_module, negate, BindingKind, ConstValue, ModuleSymbols, MAX_ALIAS_DEPTH};
use crate::value::{str_repr, Value};

/// Expressions nested deeper than this are not evaluated (keeps recursion bounded).
const MAX_EXPR_DEPTH: u32 = 100;

/// Where names are looked up.
#[derive(Clone, Copy)]
pub(crate) enum Scope<'a> {
    /// `eval(signature_string, {}, numba.core.types.__dict__)`.
    NumbaTypes,
    /// Python source at module level, with names bound before `before`.
    Module { symbols: &'a ModuleSymbols, before: Option<u32> },
}

pub(crate) struct Evaluator<'a> {
    scope: Scope<'a>,
    /// When set, every error is reported at this span (signature strings: the literal).
    fixed_span: Option<Span>,
    alias_depth: u32,
}

type Res<T> = Result<T, SigError>;

impl<'a> Evaluator<'a> {
    pub(crate) fn new(scope: Scope<'a>, fixed_span: Option<Span>) -> Self {
        Evaluator { scope, fixed_span, alias_depth: 0 }
    }

    fn span(&self, span: Span) -> Span {
        self.fixed_span.unwrap_or(span)
    }

    pub(crate) fn numba_err(&self, span: Span, message: impl Into<String>) -> SigError {
        SigError { message: message.into(), span: self.span(span), kind: SigErrorKind::Numba }
    }

    pub(crate) fn unsupported(&self, span: Span, message: impl Into<String>) -> SigError {
        SigError { message: message.into(), span: self.span(span), kind: SigErrorKind::Unsupported }
    }

    pub(crate) fn eval(&self, expr: &Expr) -> Res<Value> {
        self.eval_depth(expr, 0)
    }

    fn eval_depth(&self, expr: &Expr, depth: u32) -> Res<Value> {
        if depth > MAX_EXPR_DEPTH {
            return Err(self.unsupported(expr.span, "numrs: expression nested too deeply to evaluate"));
        }
        let d = depth + 1;
        match &expr.kind {
            ExprKind::Name(name) => self.name(name, expr.span, depth),
            ExprKind::Constant(c) => Ok(match c {
                Constant::None => Value::none(),
                Constant::Bool(b) => Value::Const(ConstValue::Bool(*b)),
                Constant::Int(i) => Value::Const(ConstValue::Int(*i)),
                Constant::BigInt(s) => Value::Const(ConstValue::BigInt(s.clone())),
                Constant::Float(f) => Value::Const(ConstValue::Float(*f)),
                Constant::Complex { real, imag } => Value::Const(ConstValue::Complex { real: *real, imag: *imag }),
                Constant::Str(s) => Value::Const(ConstValue::Str(s.clone())),
                Constant::Bytes(b) => Value::Opaque { repr: bytes_repr(b), class: "bytes".to_string() },
                Constant::Ellipsis => Value::Ellipsis,
            }),
            ExprKind::Attribute { value, attr } => {
                let base = self.eval_depth(value, d)?;
                self.getattr(base, attr, expr.span)
            }
            ExprKind::Subscript { value, index } => {
                let base = self.eval_depth(value, d)?;
                let index = self.eval_depth(index, d)?;
                self.subscript(base, index, expr.span)
            }
            ExprKind::Call { func, args, keywords } => {
                if let Some(t) = self.typeof_call(func, args, keywords) {
                    return Ok(Value::Type(t));
                }
                let callee = self.eval_depth(func, d)?;
                let args = self.eval_args(args, d)?;
                let kwargs = self.eval_keywords(keywords, d)?;
                self.call(callee, args, kwargs, expr.span)
            }
            ExprKind::Tuple(items) => Ok(Value::Tuple(self.eval_args(items, d)?)),
            ExprKind::List(items) => Ok(Value::List(self.eval_args(items, d)?)),
            ExprKind::Set(items) => Ok(Value::Set(self.eval_args(items, d)?)),
            ExprKind::Dict { keys, values } => {
                let mut out = Vec::with_capacity(values.len());
                for (k, v) in keys.iter().zip(values) {
                    let Some(k) = k else {
                        return Err(self.unsupported(v.span, "numrs: `**` in a dict display is not evaluated"));
                    };
                    out.push((self.eval_depth(k, d)?, self.eval_depth(v, d)?));
                }
                Ok(Value::Dict(out))
            }
            ExprKind::Slice { lower, upper, step } => {
                let part = |p: &Option<Box<Expr>>| -> Res<Value> {
                    match p {
                        Some(e) => self.eval_depth(e, d),
                        None => Ok(Value::none()),
                    }
                };
                Ok(Value::Slice(Box::new([part(lower)?, part(upper)?, part(step)?])))
            }
            ExprKind::UnaryOp { op, operand } => {
                let v = self.eval_depth(operand, d)?;
                let result = match (op, &v) {
                    (UnaryOp::USub, Value::Const(c)) => negate(c.clone()),
                    (UnaryOp::UAdd, Value::Const(c)) => match c {
                        ConstValue::Bool(b) => Some(ConstValue::Int(i128::from(*b))),
                        ConstValue::Int(_) | ConstValue::BigInt(_) | ConstValue::Float(_) | ConstValue::Complex { .. } => {
                            Some(c.clone())
                        }
                        _ => None,
                    },
                    (UnaryOp::Not, v) => v.truthy().map(|t| ConstValue::Bool(!t)),
                    _ => None,
                };
                result
                    .map(Value::Const)
                    .ok_or_else(|| self.unsupported(expr.span, "numrs: cannot evaluate this unary operation"))
            }
            ExprKind::BinOp { left, op, right } => {
                let l = self.eval_depth(left, d)?;
                let r = self.eval_depth(right, d)?;
                self.binop(l, *op, r, expr.span)
            }
            // `==`/`!=` of constants (`FTYPE[1] == "8"`), `is`/`is not` None.
            ExprKind::Compare { left, ops, comparators } if ops.len() == 1 && comparators.len() == 1 => {
                use numrs_syntax::ast::CmpOp;
                let l = self.eval_depth(left, d)?;
                let r = self.eval_depth(&comparators[0], d)?;
                let (Some(a), Some(b)) = (l.to_const(), r.to_const()) else {
                    return Err(self.unsupported(expr.span, "numrs: cannot evaluate this comparison"));
                };
                let same = match (&a, &b) {
                    (ConstValue::Str(x), ConstValue::Str(y)) => Some(x == y),
                    (ConstValue::None, ConstValue::None) => Some(true),
                    (ConstValue::None, _) | (_, ConstValue::None) => Some(false),
                    (ConstValue::Str(_), ConstValue::Int(_) | ConstValue::Bool(_)) | (ConstValue::Int(_) | ConstValue::Bool(_), ConstValue::Str(_)) => Some(false),
                    _ => match (a.as_int(), b.as_int()) {
                        (Some(x), Some(y)) => Some(x == y),
                        _ => None,
                    },
                };
                let result = match (ops[0], same) {
                    (CmpOp::Eq, Some(s)) => s,
                    (CmpOp::NotEq, Some(s)) => !s,
                    (CmpOp::Is, Some(s)) if matches!(a, ConstValue::None) || matches!(b, ConstValue::None) => s,
                    (CmpOp::IsNot, Some(s)) if matches!(a, ConstValue::None) || matches!(b, ConstValue::None) => !s,
                    _ => return Err(self.unsupported(expr.span, "numrs: cannot evaluate this comparison")),
                };
                Ok(Value::Const(ConstValue::Bool(result)))
            }
            ExprKind::IfExp { test, body, orelse } => {
                let test_value = self.eval_depth(test, d)?;
                match test_value.truthy() {
                    Some(true) => self.eval_depth(body, d),
                    Some(false) => self.eval_depth(orelse, d),
                    None => Err(self.unsupported(test.span, "numrs: cannot tell whether this condition is true")),
                }
            }
            ExprKind::BoolOp { op, values } => {
                // `a or b` is the first truthy operand (else the last); `a and b` the first falsy one.
                let want = matches!(op, numrs_syntax::ast::BoolOp::Or);
                let mut last = Value::none();
                for v in values {
                    last = self.eval_depth(v, d)?;
                    match last.truthy() {
                        Some(t) if t == want => return Ok(last),
                        Some(_) => {}
                        None => return Err(self.unsupported(v.span, "numrs: cannot tell whether this operand is true")),
                    }
                }
                Ok(last)
            }
            ExprKind::Lambda { .. } => {
                Ok(Value::Opaque { repr: "<function <lambda>>".to_string(), class: "function".to_string() })
            }
            _ => Err(self.unsupported(expr.span, "numrs: cannot evaluate this kind of expression in a type expression")),
        }
    }

    /// Sequence concatenation and repetition (`(int64,) * 2 + (float64,)`).
    fn binop(&self, l: Value, op: BinOp, r: Value, span: Span) -> Res<Value> {
        let repeat = |items: Vec<Value>, n: &Value| -> Option<Vec<Value>> {
            let n = n.to_const()?.as_int()?;
            let n = usize::try_from(n.max(0)).ok()?;
            if items.len().saturating_mul(n) > 1 << 16 {
                return None;
            }
            Some(items.iter().cloned().cycle().take(items.len() * n).collect())
        };
        let result = match (op, l, r) {
            (BinOp::Add, Value::Tuple(a), Value::Tuple(b)) => Some(Value::Tuple([a, b].concat())),
            (BinOp::Add, Value::List(a), Value::List(b)) => Some(Value::List([a, b].concat())),
            (BinOp::Add, Value::Const(ConstValue::Str(a)), Value::Const(ConstValue::Str(b))) => {
                Some(Value::Const(ConstValue::Str(a + &b)))
            }
            (BinOp::Mult, Value::Tuple(a), n) | (BinOp::Mult, n, Value::Tuple(a)) => repeat(a, &n).map(Value::Tuple),
            (BinOp::Mult, Value::List(a), n) | (BinOp::Mult, n, Value::List(a)) => repeat(a, &n).map(Value::List),
            _ => None,
        };
        result.ok_or_else(|| self.unsupported(span, "numrs: cannot evaluate this operation in a type expression"))
    }

    fn eval_args(&self, args: &[Expr], depth: u32) -> Res<Vec<Value>> {
        let mut out = Vec::with_capacity(args.len());
        for a in args {
            if let ExprKind::Starred(inner) = &a.kind {
                match self.eval_depth(inner, depth)? {
                    Value::Tuple(items) | Value::List(items) => out.extend(items),
                    Value::Type(t) if t.is_tuple() => {
                        out.extend(t.tuple_items().unwrap_or_default().into_iter().map(Value::Type))
                    }
                    other => {
                        return Err(self.unsupported(a.span, format!("numrs: cannot unpack {} here", other.repr())));
                    }
                }
            } else {
                out.push(self.eval_depth(a, depth)?);
            }
        }
        Ok(out)
    }

    fn eval_keywords(&self, keywords: &[Keyword], depth: u32) -> Res<Vec<(String, Value, Span)>> {
        let mut out = Vec::with_capacity(keywords.len());
        for k in keywords {
            let Some(name) = &k.arg else {
                return Err(self.unsupported(k.span, "numrs: `**kwargs` in a type expression is not evaluated"));
            };
            out.push((name.clone(), self.eval_depth(&k.value, depth)?, k.span));
        }
        Ok(out)
    }

    // ----- names -------------------------------------------------------------------------

    fn name(&self, name: &str, span: Span, depth: u32) -> Res<Value> {
        match self.scope {
            Scope::NumbaTypes => {
                if let Some(v) = types_namespace(name) {
                    return Ok(v);
                }
                if PY_BUILTINS.contains(&name) {
                    return Ok(Value::Builtin(name.to_string()));
                }
                Err(self.numba_err(span, format!("NameError: name '{name}' is not defined")))
            }
            Scope::Module { symbols, before } => self.module_name(symbols, before, name, span, depth),
        }
    }

    fn module_name(
        &self,
        symbols: &ModuleSymbols,
        before: Option<u32>,
        name: &str,
        span: Span,
        depth: u32,
    ) -> Res<Value> {
        let Some(binding) = symbols.lookup(name, before) else {
            if let Some(module) = symbols.star_import_source(name, before) {
                return self.module_attr(module, name, span);
            }
            if PY_BUILTINS.contains(&name) {
                return Ok(Value::Builtin(name.to_string()));
            }
            return Err(self.numba_err(span, format!("NameError: name '{name}' is not defined")));
        };
        match &binding.kind {
            BindingKind::Module(m) => Ok(Value::Module(m.clone())),
            BindingKind::ImportedName { module, name } => self.module_attr(module, name, span),
            BindingKind::StarImport(_) => Err(self.unsupported(span, "numrs: `*` is not a name")),
            BindingKind::Function { .. } => {
                Ok(Value::Opaque { repr: format!("<function {name}>"), class: "function".to_string() })
            }
            BindingKind::Class => match symbols.namedtuple_class(binding) {
                Some(def) => Ok(Value::NamedTupleClass { name: def.name.clone(), fields: def.fields.clone() }),
                None => Ok(Value::Opaque { repr: format!("<class '{name}'>"), class: "type".to_string() }),
            },
            BindingKind::Constant(c) => Ok(Value::from_const(c.clone())),
            BindingKind::Other => {
                let Some(value) = &binding.value else {
                    return Err(self.unsupported(span, format!("numrs: cannot tell the value of `{name}`")));
                };
                if let Some(t) = deferred_binding(symbols, name, value, binding.stmt_span.start) {
                    return Ok(Value::Type(t));
                }
                if let Some(def) = crate::namedtuple_call(value, symbols, Some(binding.stmt_span.start)) {
                    return Ok(Value::NamedTupleClass { name: def.name, fields: def.fields });
                }
                if self.alias_depth >= MAX_ALIAS_DEPTH {
                    return Err(self.unsupported(span, format!("numrs: `{name}` is aliased too deeply to evaluate")));
                }
                let inner = Evaluator {
                    scope: Scope::Module { symbols, before: Some(binding.stmt_span.start) },
                    fixed_span: self.fixed_span,
                    alias_depth: self.alias_depth + 1,
                };
                // The alias's expression counts towards the same nesting limit.
                inner.eval_depth(value, depth + 1)
            }
        }
    }

    /// `getattr(module, attr)` for a module known by its dotted path.
    fn module_attr(&self, module: &str, attr: &str, span: Span) -> Res<Value> {
        match module {
            // `numba.types` redirects to `numba.core.types`, whose name errors report.
            "numba.types" | "numba.core.types" => types_namespace(attr).ok_or_else(|| {
                self.numba_err(span, format!("AttributeError: module 'numba.core.types' has no attribute '{attr}'"))
            }),
            "numba" => {
                if attr == "types" {
                    Ok(Value::Module("numba.types".to_string()))
                } else if NUMBA_TOPLEVEL_TYPES.contains(&attr) {
                    types_namespace(attr)
                        .ok_or_else(|| self.unsupported(span, format!("numrs: unknown Numba type `{attr}`")))
                } else if NUMBA_TOPLEVEL.contains(&attr) || NUMBA_SUBMODULES.contains(&attr) {
                    Ok(Value::Module(format!("numba.{attr}")))
                } else {
                    Err(self.numba_err(span, format!("AttributeError: module 'numba' has no attribute '{attr}'")))
                }
            }
            "numba.core" if attr == "types" => Ok(Value::Module("numba.core.types".to_string())),
            // `np.nan`, `math.pi`: the numbers themselves (`@stencil(cval=np.nan)`).
            "numpy" | "math" | "cmath" if let Some(c) = crate::symbols::module_constant(module, attr) => Ok(Value::Const(c)),
            "numpy" => match NUMPY_SCALARS.iter().find(|(n, _)| *n == attr) {
                Some((n, numba)) => Ok(Value::NumpyScalar { name: n.to_string(), numba: numba.to_string() }),
                None => Ok(Value::Module(format!("numpy.{attr}"))),
            },
            _ => Ok(Value::Module(join_module(module, attr))),
        }
    }

    fn getattr(&self, base: Value, attr: &str, span: Span) -> Res<Value> {
        match base {
            Value::Module(path) => self.module_attr(&path, attr, span),
            // `Bag.class_type.instance_type` of a class of the module: its instances, named by
            // the class only (`numrs_check` gives the jitclass's type, or refuses a plain class).
            Value::Opaque { repr, class } if class == "type" && attr == "class_type" => {
                Ok(Value::Opaque { repr, class: "ClassType".to_string() })
            }
            Value::Opaque { repr, class } if class == "ClassType" && attr == "instance_type" => {
                match repr.strip_prefix("<class '").and_then(|r| r.strip_suffix("'>")).map(crate::jitclass::jitclass_ref) {
                    Some(t) => Ok(Value::Type(t)),
                    None => Err(self.unsupported(span, format!("numrs: cannot evaluate attribute `{attr}` here"))),
                }
            }
            other => Err(self.unsupported(
                span,
                format!("numrs: cannot evaluate attribute `{attr}` of {} here", other.repr()),
            )),
        }
    }

    // ----- subscripts: `float64[:, ::1]` ---------------------------------------------------

    fn subscript(&self, base: Value, index: Value, span: Span) -> Res<Value> {
        match base {
            // Tuple types index their items (`_HomogeneousTuple`/`_HeterogeneousTuple`),
            // `List` returns its dtype, `DType` builds an array of its dtype.
            Value::Type(Type::UniTuple(dtype, _)) => Ok(Value::Type((*dtype).clone())),
            Value::Type(Type::Tuple(items)) => self.index_tuple(&items, &index, span),
            Value::Type(Type::List { dtype, .. }) => Ok(Value::Type((*dtype).clone())),
            Value::Type(Type::DType(dtype)) => {
                let (ndim, layout) = self.array_spec(&index, span)?;
                self.make_array(Value::Type((*dtype).clone()), ndim, layout, false, span)
            }
            Value::Type(dtype) => {
                let (ndim, layout) = self.array_spec(&index, span)?;
                self.make_array(Value::Type(dtype), ndim, layout, false, span)
            }
            Value::Unsupported { text, .. } => {
                // Validate the index first, as Numba does, so malformed specs report as such.
                self.array_spec(&index, span)?;
                Err(self.unsupported(span, format!("numrs does not support arrays of the Numba type `{text}`")))
            }
            // No `numba.core.types` class defines `__class_getitem__` (checked against 0.68.1).
            Value::TypeClass(name) => Err(self.numba_err(span, format!("TypeError: type '{name}' is not subscriptable"))),
            Value::Sig(_) => Err(self.numba_err(span, "TypeError: 'Signature' object is not subscriptable")),
            // A character of a string constant (`FTYPE[1]`).
            Value::Const(ConstValue::Str(text)) => {
                let chars: Vec<char> = text.chars().collect();
                let n = i128::try_from(chars.len()).unwrap_or(i128::MAX);
                match index.to_const().and_then(|c| c.as_int()) {
                    Some(i) if (-n..n).contains(&i) => {
                        let k = if i < 0 { i + n } else { i };
                        Ok(Value::Const(ConstValue::Str(chars[k as usize].to_string())))
                    }
                    _ => Err(self.unsupported(span, "numrs: cannot evaluate this index of a string")),
                }
            }
            other => Err(self.unsupported(span, format!("numrs: cannot evaluate a subscript of {}", other.repr()))),
        }
    }

    /// `Tuple(...)[i]`: Python indexing of the item types (ints, negative ints, plain slices).
    fn index_tuple(&self, items: &[Type], index: &Value, span: Span) -> Res<Value> {
        let len = i128::try_from(items.len()).unwrap_or(i128::MAX);
        match index {
            Value::Const(c) if c.as_int().is_some() => {
                let i = c.as_int().unwrap_or_default();
                let i = if i < 0 { i + len } else { i };
                usize::try_from(i)
                    .ok()
                    .and_then(|i| items.get(i))
                    .map(|t| Value::Type(t.clone()))
                    .ok_or_else(|| self.numba_err(span, "IndexError: tuple index out of range"))
            }
            Value::Slice(parts) if parts.iter().all(Value::is_none) => {
                Ok(Value::Tuple(items.iter().cloned().map(Value::Type).collect()))
            }
            other => Err(self.unsupported(span, format!("numrs: cannot index a tuple type with {}", other.repr()))),
        }
    }

    /// `Type._determine_array_spec`: slices without start/stop; a step equal to 1 on the
    /// first dimension means F, on the last C, otherwise A.
    fn array_spec(&self, index: &Value, span: Span) -> Res<(u32, char)> {
        let plain_slice = |v: &Value| matches!(v, Value::Slice(p) if p[0].is_none() && p[1].is_none());
        let step_is_one = |v: &Value| match v {
            Value::Slice(p) => matches!(&p[2], Value::Const(c) if c.python_eq(&ConstValue::Int(1))),
            _ => false,
        };
        match index {
            Value::Tuple(items) | Value::List(items) if items.iter().all(plain_slice) => {
                let (Some(first), Some(last)) = (items.first(), items.last()) else {
                    return Err(self.numba_err(span, "IndexError: tuple index out of range"));
                };
                let layout = if step_is_one(first) {
                    'F'
                } else if step_is_one(last) {
                    'C'
                } else {
                    'A'
                };
                let ndim = u32::try_from(items.len()).unwrap_or(u32::MAX);
                Ok((ndim, layout))
            }
            v if plain_slice(v) => Ok((1, if step_is_one(v) { 'C' } else { 'A' })),
            other => Err(self.numba_err(
                span,
                format!(
                    "KeyError: {}",
                    str_repr(&format!(
                        "Can only index numba types with slices with no start or stop, got {}.",
                        other.repr()
                    ))
                ),
            )),
        }
    }

    /// `Array(dtype, ndim, layout, readonly)`, with `Buffer.__init__`'s checks.
    fn make_array(&self, dtype: Value, ndim: u32, layout: char, readonly: bool, span: Span) -> Res<Value> {
        let dtype = match dtype {
            Value::Type(t) => t,
            Value::Unsupported { text, .. } => {
                return Err(self.unsupported(span, format!("numrs does not support arrays of the Numba type `{text}`")));
            }
            other => {
                return Err(self.unsupported(
                    span,
                    format!("numrs: an array's dtype must be a Numba type, got {}", other.repr()),
                ));
            }
        };
        if matches!(dtype, Type::CPointer(_) | Type::VoidPtr) {
            return Err(self.unsupported(span, format!("numrs does not support arrays of pointers ({dtype})")));
        }
        if let Type::Array(_) = dtype {
            return Err(self.numba_err(
                span,
                format!(
                    "NumbaTypeError: The dtype of a Buffer type cannot itself be a Buffer type, this is \
                     unsupported behaviour.\nThe dtype requested for the unsupported Buffer was: {dtype}."
                ),
            ));
        }
        let layout = match layout {
            'C' => Layout::C,
            'F' => Layout::F,
            _ => Layout::A,
        };
        Ok(Value::Type(Type::array_ro(dtype, ndim, layout, readonly)))
    }

    // ----- calls -----------------------------------------------------------------------

    fn call(&self, callee: Value, args: Vec<Value>, kwargs: Vec<(String, Value, Span)>, span: Span) -> Res<Value> {
        match callee {
            Value::Type(ret) => {
                if let Some((k, _, kspan)) = kwargs.first() {
                    return Err(self.numba_err(
                        *kspan,
                        format!("TypeError: Type.__call__() got an unexpected keyword argument '{k}'"),
                    ));
                }
                if args.len() == 1 && !matches!(args[0], Value::Type(_) | Value::Unsupported { .. }) {
                    // `Type.__call__` with one non-type argument is `cast_python_value`: for a
                    // number type, `getattr(numpy, name)(value)`, a NumPy scalar (not a type).
                    if let Type::Number(kind) = &ret {
                        if let Some(text) = cast_number_repr(*kind, &args[0]) {
                            return Ok(Value::Opaque {
                                repr: format!("np.{}({text})", kind.name()),
                                class: kind.name().to_string(),
                            });
                        }
                        if let Some(message) = cast_object_error(*kind, &args[0]) {
                            return Err(self.numba_err(span, message));
                        }
                    }
                    return Err(self.unsupported(
                        span,
                        format!(
                            "numrs: `{ret}({})` casts a Python value to a Numba type; it is not a type or a signature",
                            args[0].repr()
                        ),
                    ));
                }
                let args = args.into_iter().map(|a| self.sig_type(a, span)).collect::<Res<Vec<_>>>()?;
                Ok(Value::Sig(Signature::new(ret, args)))
            }
            Value::Unsupported { text, .. } => {
                Err(self.unsupported(span, format!("numrs does not support the Numba type `{text}`")))
            }
            Value::TypeClass(class) => self.construct(&class, args, kwargs, span),
            Value::Sig(_) => Err(self.numba_err(span, "TypeError: 'Signature' object is not callable")),
            Value::Builtin(name) if name == "slice" && kwargs.is_empty() && (1..=3).contains(&args.len()) => {
                let mut it = args.into_iter();
                let parts = match (it.next(), it.next(), it.next()) {
                    (Some(stop), None, None) => [Value::none(), stop, Value::none()],
                    (Some(start), Some(stop), step) => [start, stop, step.unwrap_or_else(Value::none)],
                    _ => return Err(self.unsupported(span, "numrs: cannot evaluate this slice() call")),
                };
                Ok(Value::Slice(Box::new(parts)))
            }
            Value::Builtin(name) if name == "float" && kwargs.is_empty() && args.len() == 1 => match &args[0] {
                Value::Const(c) => crate::symbols::float_of(c)
                    .map(Value::Const)
                    .ok_or_else(|| self.unsupported(span, format!("numrs: cannot evaluate float({})", c.python_repr()))),
                other => Err(self.unsupported(span, format!("numrs: cannot evaluate float({})", other.repr()))),
            },
            Value::Builtin(name) if name == "dict" && args.is_empty() => {
                Ok(Value::Dict(kwargs.into_iter().map(|(k, v, _)| (Value::Const(ConstValue::Str(k)), v)).collect()))
            }
            // `np.dtype([("x", np.float64), ...], align=...)`: a structured dtype.
            Value::Module(m) if m == "numpy.dtype" && !args.is_empty() => {
                let align = match (args.get(1), kwargs.iter().find(|(k, _, _)| k == "align")) {
                    (_, Some((_, v, _))) | (Some(v), None) => v.truthy().unwrap_or(false),
                    _ => false,
                };
                match crate::records::struct_dtype(&args[0], align) {
                    Some(Ok(r)) => Ok(Value::Type(Type::DType(Arc::new(Type::Record(Arc::new(r)))))),
                    Some(Err(e)) => Err(self.unsupported(span, format!("numrs: {e}"))),
                    None => match &args[0] {
                        Value::NumpyScalar { numba, .. } if NumericKind::from_name(numba).is_some() && args.len() == 1 => {
                            Ok(Value::Type(Type::DType(Arc::new(Type::Number(NumericKind::from_name(numba).unwrap_or(NumericKind::Float64))))))
                        }
                        Value::Const(ConstValue::Str(s)) if crate::records::numpy_type_string(s).is_some() && args.len() == 1 => {
                            Ok(Value::Type(Type::DType(Arc::new(Type::Number(crate::records::numpy_type_string(s).unwrap_or(NumericKind::Float64))))))
                        }
                        other => Err(self.unsupported(span, format!("numrs: cannot evaluate np.dtype({})", other.repr()))),
                    },
                }
            }
            // `numba.from_dtype(dtype)`: the Numba type of a NumPy dtype.
            Value::Module(m) if matches!(m.as_str(), "numba.from_dtype" | "numba.np.numpy_support.from_dtype") && args.len() == 1 => match &args[0] {
                Value::Type(Type::DType(t)) => Ok(Value::Type((**t).clone())),
                Value::NumpyScalar { numba, .. } if NumericKind::from_name(numba).is_some() => {
                    Ok(Value::Type(Type::Number(NumericKind::from_name(numba).unwrap_or(NumericKind::Float64))))
                }
                other => Err(self.unsupported(span, format!("numrs: cannot evaluate numba.from_dtype({})", other.repr()))),
            },
            // `as_numba_type(float)` (`numba.extending.as_numba_type`): the Numba type of a
            // Python class (Numba's `AsNumbaTypeRegistry` table), a Numba type itself.
            Value::Module(m) if m.starts_with("numba.") && m.ends_with(".as_numba_type") && args.len() == 1 && kwargs.is_empty() => match &args[0] {
                Value::Type(t) => Ok(Value::Type(t.clone())),
                Value::Builtin(name) => match name.as_str() {
                    "float" => Ok(Value::Type(Type::float64())),
                    "bool" => Ok(Value::Type(Type::boolean())),
                    "int" => Ok(Value::Type(Type::intp())),
                    "complex" => Ok(Value::Type(Type::complex128())),
                    "str" => Ok(Value::Type(Type::Unicode)),
                    _ => Err(self.unsupported(span, format!("numrs: cannot evaluate as_numba_type({name})"))),
                },
                other => Err(self.unsupported(span, format!("numrs: cannot evaluate as_numba_type({})", other.repr()))),
            },
            Value::Tuple(_) => Err(self.numba_err(span, "TypeError: 'tuple' object is not callable")),
            Value::List(_) => Err(self.numba_err(span, "TypeError: 'list' object is not callable")),
            Value::Const(c) => {
                Err(self.numba_err(span, format!("TypeError: '{}' object is not callable", c.python_class())))
            }
            other => Err(self.unsupported(span, format!("numrs: cannot evaluate a call of {}", other.repr()))),
        }
    }

    /// A value used as an argument or return type of a signature (`sigutils.normalize_signature`'s
    /// `check_type`).
    /// `numba.typeof(x)` of a constant (`1.0`, `(1, 2.0)`, `"s"`) or of a NumPy array made
    /// from constants (`np.zeros(3)`): the type Numba's `typeof` gives the value.
    fn typeof_call(&self, func: &Expr, args: &[Expr], keywords: &[Keyword]) -> Option<Type> {
        let Scope::Module { symbols, before } = &self.scope else { return None };
        let path = symbols.resolve_dotted_at(func, *before)?;
        if !matches!(path.as_str(), "numba.typeof" | "numba.core.typing.typeof.typeof") || args.len() != 1 || !keywords.is_empty() {
            return None;
        }
        fn of_const(c: &ConstValue) -> Option<Type> {
            Some(match c {
                ConstValue::None => Type::NoneType,
                ConstValue::Bool(_) => Type::Number(NumericKind::Boolean),
                ConstValue::Int(i) if i64::try_from(*i).is_ok() => Type::Number(NumericKind::Int64),
                ConstValue::Int(i) if u64::try_from(*i).is_ok() => Type::Number(NumericKind::UInt64),
                ConstValue::Float(_) => Type::Number(NumericKind::Float64),
                ConstValue::Complex { .. } => Type::Number(NumericKind::Complex128),
                ConstValue::Str(_) => Type::Unicode,
                ConstValue::Tuple(items) => {
                    let types = items.iter().map(of_const).collect::<Option<Vec<_>>>()?;
                    Type::tuple(types)
                }
                _ => return None,
            })
        }
        if let Some(c) = ConstValue::from_expr(&args[0]) {
            return of_const(&c);
        }
        // An instance of a namedtuple class of the module made from constants.
        if let ExprKind::Call { func: class, args: items, keywords } = &args[0].kind {
            if let (ExprKind::Name(n), true) = (&class.kind, keywords.is_empty()) {
                let b = symbols.lookup(n, *before)?;
                let def = match symbols.namedtuple_class(b) {
                    Some(d) => d.clone(),
                    None => crate::namedtuple_call(b.value.as_ref()?, symbols, Some(b.stmt_span.start))?,
                };
                if def.fields.len() != items.len() {
                    return None;
                }
                let items = items.iter().map(|e| ConstValue::from_expr(e).as_ref().and_then(of_const)).collect::<Option<Vec<_>>>()?;
                return Some(Type::NamedTuple(Arc::new(numrs_types::NamedTupleType {
                    name: def.name.as_str().into(),
                    fields: def.fields.iter().map(|f| f.as_str().into()).collect(),
                    items,
                })));
            }
        }
        let empty = numrs_syntax::ast::Module::default();
        let a = crate::global_arrays::array_of(&args[0], before.unwrap_or(u32::MAX), &empty, symbols)?;
        Some(if a.shape.is_empty() { Type::Number(a.dtype) } else { Type::array(Type::Number(a.dtype), a.shape.len() as u32, Layout::C) })
    }

    pub(crate) fn sig_type(&self, value: Value, span: Span) -> Res<Type> {
        match value {
            Value::Type(t) => Ok(t),
            Value::Unsupported { text, .. } => {
                Err(self.unsupported(span, format!("numrs does not support the Numba type `{text}`")))
            }
            other => Err(self.numba_err(
                span,
                format!("TypeError: invalid type in signature: expected a type instance, got {}", other.repr()),
            )),
        }
    }

    /// A value a type constructor takes as a type (Numba does not check these; numrs needs a
    /// type it models).
    fn ctor_type(&self, value: Value, what: &str, span: Span) -> Res<Type> {
        match value {
            Value::Type(t) => Ok(t),
            Value::Unsupported { text, .. } => {
                Err(self.unsupported(span, format!("numrs does not support the Numba type `{text}`")))
            }
            other => Err(self.unsupported(span, format!("numrs: {what} must be a Numba type, got {}", other.repr()))),
        }
    }

    fn construct(&self, class: &str, args: Vec<Value>, kwargs: Vec<(String, Value, Span)>, span: Span) -> Res<Value> {
        let Some(ctor) = CONSTRUCTORS.iter().find(|c| c.class == class) else {
            return Err(self.unsupported(span, format!("numrs does not support the Numba type class `{class}`")));
        };
        let cls = ctor.class;
        let bound = self.bind(ctor, args, kwargs, span)?;
        let mut it = bound.into_iter();
        let mut next = || it.next().unwrap_or_else(Value::none);
        let truthy = |v: &Value, what: &str| -> Res<bool> {
            v.truthy().ok_or_else(|| self.unsupported(span, format!("numrs: cannot tell whether `{what}` is true")))
        };
        match cls {
            "Array" | "MemoryView" | "Bytes" | "ByteArray" => {
                let buffer = match cls {
                    "MemoryView" => Some(numrs_types::BufferKind::MemoryView),
                    "Bytes" => Some(numrs_types::BufferKind::Bytes),
                    "ByteArray" => Some(numrs_types::BufferKind::ByteArray),
                    _ => None,
                };
                // Numba's `Buffer.__init__` has no `aligned`.
                let (dtype, ndim, layout, readonly, name) = (next(), next(), next(), next(), next());
                let aligned = if buffer.is_none() { next() } else { Value::Const(ConstValue::Bool(true)) };
                let ndim = match ndim.to_const() {
                    Some(ConstValue::Int(n)) if (0..=i128::from(u32::MAX)).contains(&n) => n as u32,
                    _ => {
                        return Err(self.unsupported(
                            span,
                            format!("numrs: an array's ndim must be a non-negative int, got {}", ndim.repr()),
                        ));
                    }
                };
                let layout_char = match layout.as_str() {
                    Some("C") => 'C',
                    Some("F") => 'F',
                    Some("A") => 'A',
                    Some(s @ ("CS" | "FS")) => {
                        return Err(self.unsupported(span, format!("numrs does not support the array layout '{s}'")));
                    }
                    _ => {
                        let shown = match layout.as_str() {
                            Some(s) => s.to_string(),
                            None => layout.repr(),
                        };
                        return Err(self.numba_err(span, format!("NumbaValueError: Invalid layout '{shown}'")));
                    }
                };
                if !name.is_none() {
                    return Err(self.unsupported(span, "numrs does not support arrays with a custom `name`"));
                }
                if !truthy(&aligned, "aligned")? {
                    return Err(self.unsupported(span, "numrs does not support unaligned arrays"));
                }
                let readonly = truthy(&readonly, "readonly")?;
                match (self.make_array(dtype, ndim, layout_char, readonly, span)?, buffer) {
                    (Value::Type(Type::Array(a)), Some(kind)) => {
                        Ok(Value::Type(Type::Array(std::sync::Arc::new(numrs_types::ArrayType { buffer: Some(kind), ..(*a).clone() }))))
                    }
                    (v, _) => Ok(v),
                }
            }
            "UniTuple" => {
                let dtype = self.ctor_type(next(), "a UniTuple's dtype", span)?;
                let count = next();
                let count = match count.to_const().as_ref().and_then(ConstValue::as_int) {
                    Some(n) if (0..=i128::from(u32::MAX)).contains(&n) => n as u32,
                    _ => {
                        return Err(self.unsupported(
                            span,
                            format!("numrs: a UniTuple's count must be a non-negative int, got {}", count.repr()),
                        ));
                    }
                };
                Ok(Value::Type(Type::unituple(dtype, count)))
            }
            "Tuple" => match next() {
                // What Numba 0.68.1 raises for `Tuple(UniTuple(int64, 2))`.
                Value::Type(t) if t.is_tuple() => Err(self.numba_err(
                    span,
                    "KeyError: 'Can only index numba types with slices with no start or stop, got 0.'",
                )),
                Value::Tuple(items) | Value::List(items) => {
                    let items = items
                        .into_iter()
                        .map(|v| self.ctor_type(v, "a Tuple's item", span))
                        .collect::<Res<Vec<_>>>()?;
                    Ok(Value::Type(Type::tuple(items)))
                }
                Value::Set(_) => Err(self.numba_err(span, "TypeError: 'set' object is not subscriptable")),
                _ => Err(self.numba_err(span, "TypingError: Argument 'types' is not iterable")),
            },
            "List" | "Set" => {
                let dtype = self.ctor_type(next(), "a container's dtype", span)?;
                let reflected = truthy(&next(), "reflected")?;
                if cls == "List" && !next().is_none() {
                    return Err(self.unsupported(span, "numrs does not support lists with an initial value"));
                }
                Ok(Value::Type(if cls == "List" { Type::list(dtype, reflected) } else { Type::set(dtype, reflected) }))
            }
            "ListType" => {
                let item = self.ctor_type(next(), "a ListType's item type", span)?;
                if let Type::Optional(_) = item {
                    return Err(self.numba_err(span, format!("TypingError: List.item_type cannot be of type {item}")));
                }
                Ok(Value::Type(Type::ListType(Arc::new(item))))
            }
            "DictType" => {
                let key = self.ctor_type(next(), "a DictType's key type", span)?;
                let value = self.ctor_type(next(), "a DictType's value type", span)?;
                if !next().is_none() {
                    return Err(self.unsupported(span, "numrs does not support dicts with an initial value"));
                }
                if matches!(key, Type::Optional(_) | Type::NoneType) {
                    return Err(self.numba_err(span, format!("TypingError: Dict.key_type cannot be of type {key}")));
                }
                if matches!(value, Type::Optional(_) | Type::NoneType) {
                    return Err(self.numba_err(span, format!("TypingError: Dict.value_type cannot be of type {value}")));
                }
                if matches!(key, Type::List { .. } | Type::Set { .. }) {
                    return Err(self.numba_err(span, format!("TypingError: {key} as key is forbidden")));
                }
                if matches!(value, Type::List { .. } | Type::Set { .. }) {
                    return Err(self.numba_err(span, format!("TypingError: {value} as value is forbidden")));
                }
                Ok(Value::Type(Type::dict(key, value)))
            }
            "Optional" => {
                let inner = self.ctor_type(next(), "optional's argument", span)?;
                if matches!(inner, Type::Optional(_) | Type::NoneType) {
                    return Err(self.numba_err(
                        span,
                        format!("AssertionError: Optional() cannot wrap {inner} (an optional or none type)"),
                    ));
                }
                Ok(Value::Type(Type::Optional(Arc::new(inner))))
            }
            "NumberClass" => {
                let inner = self.ctor_type(next(), "NumberClass's argument", span)?;
                Ok(Value::Type(Type::NumberClass(Arc::new(inner))))
            }
            "DType" => match next() {
                Value::Type(t) => Ok(Value::Type(Type::DType(Arc::new(t)))),
                Value::Unsupported { text, .. } => {
                    Err(self.unsupported(span, format!("numrs does not support the Numba type `{text}`")))
                }
                _ => Err(self.numba_err(span, "AssertionError: DType() takes a Numba type")),
            },
            "FunctionType" => match next() {
                Value::Sig(sig) => Ok(Value::Type(Type::FunctionType(Arc::new(sig)))),
                other => Err(self.unsupported(
                    span,
                    format!("numrs: FunctionType takes a signature such as float64(float64), got {}", other.repr()),
                )),
            },
            "CPointer" => {
                let dtype = self.ctor_type(next(), "a CPointer's dtype", span)?;
                if !next().is_none() {
                    return Err(self.unsupported(span, "numrs does not support pointers into other address spaces"));
                }
                Ok(Value::Type(Type::CPointer(Arc::new(dtype))))
            }
            // A named tuple class's instances: `NamedTuple((float64, int64), Pt)`,
            // `NamedUniTuple(float64, 2, Pt)`.
            "NamedTuple" | "NamedUniTuple" => {
                let items = if cls == "NamedTuple" {
                    match next() {
                        Value::Tuple(items) | Value::List(items) => {
                            items.into_iter().map(|v| self.ctor_type(v, "a NamedTuple's item", span)).collect::<Res<Vec<_>>>()?
                        }
                        other => return Err(self.unsupported(span, format!("numrs: NamedTuple takes a tuple of types, got {}", other.repr()))),
                    }
                } else {
                    let dtype = self.ctor_type(next(), "a NamedUniTuple's dtype", span)?;
                    let count = next();
                    let Some(n) = count.to_const().as_ref().and_then(ConstValue::as_int).filter(|n| (0..=1024).contains(n)) else {
                        return Err(self.unsupported(span, format!("numrs: a NamedUniTuple's count must be a small non-negative int, got {}", count.repr())));
                    };
                    vec![dtype; n as usize]
                };
                match next() {
                    Value::NamedTupleClass { name, fields } if fields.len() == items.len() => Ok(Value::Type(Type::NamedTuple(Arc::new(numrs_types::NamedTupleType {
                        name: name.as_str().into(),
                        fields: fields.iter().map(|f| f.as_str().into()).collect(),
                        items,
                    })))),
                    Value::NamedTupleClass { name, fields } => Err(self.unsupported(span, format!("numrs: {name} has {} fields, the type gives {} items", fields.len(), items.len()))),
                    other => Err(self.unsupported(span, format!("numrs: {cls} takes a namedtuple class of the module, got {}", other.repr()))),
                }
            }
            // `_NPDatetimeBase.__init__` looks the unit up in `DATETIME_UNITS`.
            "NPDatetime" | "NPTimedelta" => {
                let unit = next();
                match unit.as_str() {
                    Some(name) => match numrs_types::DtUnit::from_name(name) {
                        Some(u) => Ok(Value::Type(if cls == "NPDatetime" { Type::NPDatetime(u) } else { Type::NPTimedelta(u) })),
                        None => Err(self.numba_err(span, format!("KeyError: '{name}'"))),
                    },
                    None => Err(self.numba_err(span, format!("KeyError: {}", unit.repr()))),
                }
            }
            // The item type of a NumPy unicode array (`<U3`: `[unichr x 3]`).
            "UnicodeCharSeq" => match next().to_const() {
                Some(ConstValue::Int(n)) if (0..=i128::from(u32::MAX)).contains(&n) => Ok(Value::Type(Type::UnicodeCharSeq(n as u32))),
                _ => Err(self.unsupported(span, "numrs: UnicodeCharSeq's count must be a non-negative integer constant")),
            },
            _ => Err(self.unsupported(span, format!("numrs does not support the Numba type class `{class}`"))),
        }
    }

    /// Binds call arguments to a constructor's parameters as Python does, with Python's
    /// error messages.
    fn bind(&self, ctor: &Constructor, args: Vec<Value>, kwargs: Vec<(String, Value, Span)>, span: Span) -> Res<Vec<Value>> {
        let (params, required, defaults) = (ctor.params, ctor.required, ctor.defaults);
        let func = format!("{}.{}()", ctor.class, ctor.method);
        if args.len() > params.len() {
            let takes = if required == params.len() {
                format!("{}", params.len() + 1)
            } else {
                format!("from {} to {}", required + 1, params.len() + 1)
            };
            let were = if args.len() + 1 == 1 { "was" } else { "were" };
            return Err(self.numba_err(
                span,
                format!("TypeError: {func} takes {takes} positional arguments but {} {were} given", args.len() + 1),
            ));
        }
        let mut slots: Vec<Option<Value>> = params.iter().map(|_| None).collect();
        for (slot, a) in slots.iter_mut().zip(args) {
            *slot = Some(a);
        }
        for (k, v, kspan) in kwargs {
            let Some(i) = params.iter().position(|p| *p == k) else {
                return Err(
                    self.numba_err(kspan, format!("TypeError: {func} got an unexpected keyword argument '{k}'"))
                );
            };
            if slots[i].is_some() {
                return Err(self.numba_err(kspan, format!("TypeError: {func} got multiple values for argument '{k}'")));
            }
            slots[i] = Some(v);
        }
        let missing: Vec<String> =
            params.iter().zip(&slots).take(required).filter(|(_, s)| s.is_none()).map(|(p, _)| format!("'{p}'")).collect();
        if !missing.is_empty() {
            let plural = if missing.len() == 1 { "argument" } else { "arguments" };
            return Err(self.numba_err(
                span,
                format!("TypeError: {func} missing {} required positional {plural}: {}", missing.len(), python_join(&missing)),
            ));
        }
        Ok(slots
            .into_iter()
            .enumerate()
            .map(|(i, s)| {
                s.unwrap_or_else(|| {
                    let default = i.checked_sub(required).and_then(|j| defaults.get(j)).copied().unwrap_or("None");
                    match default {
                        "True" => Value::Const(ConstValue::Bool(true)),
                        "False" => Value::Const(ConstValue::Bool(false)),
                        _ => Value::none(),
                    }
                })
            })
            .collect())
    }
}

/// The `repr()` of the NumPy scalar `numpy.<kind>(value)` for a number (or an earlier cast),
/// or `None` when numrs does not evaluate that cast.
fn cast_number_repr(kind: NumericKind, value: &Value) -> Option<String> {
    let number = match value {
        Value::Const(c @ (ConstValue::Bool(_) | ConstValue::Int(_) | ConstValue::Float(_))) => c.clone(),
        Value::Opaque { repr, class } if NumericKind::from_name(class).is_some() => {
            // An earlier cast: `np.float64(1.0)`; reuse its number.
            let inner = repr.split_once('(')?.1.strip_suffix(')')?;
            return cast_number_repr(kind, &Value::Const(parse_number(inner)?));
        }
        _ => return None,
    };
    let as_f64 = match &number {
        ConstValue::Bool(b) => f64::from(u8::from(*b)),
        ConstValue::Int(i) => *i as f64,
        ConstValue::Float(f) => f.get(),
        _ => return None,
    };
    Some(if kind.is_float() {
        crate::symbols::python_float_repr(as_f64)
    } else if kind == NumericKind::Boolean {
        if as_f64 != 0.0 { "True".to_string() } else { "False".to_string() }
    } else if kind.is_integer() {
        match number {
            ConstValue::Int(i) => i.to_string(),
            _ if as_f64.is_finite() => format!("{}", as_f64.trunc() as i128),
            _ => return None,
        }
    } else {
        number.python_repr()
    })
}

/// What NumPy raises when casting an object that is not a number to a number type
/// (`float64(np.float64)` → `float()` of a class).
fn cast_object_error(kind: NumericKind, value: &Value) -> Option<String> {
    let object = matches!(
        value,
        Value::NumpyScalar { .. } | Value::Module(_) | Value::TypeClass(_) | Value::Builtin(_) | Value::Opaque { .. }
    );
    if !object || kind == NumericKind::Boolean {
        return None;
    }
    let class = value.class_name();
    Some(if kind.is_float() {
        format!("TypeError: float() argument must be a string or a real number, not '{class}'")
    } else if kind.is_integer() {
        format!("TypeError: int() argument must be a string, a bytes-like object or a real number, not '{class}'")
    } else {
        format!("TypeError: must be real number, not {class}")
    })
}

fn parse_number(text: &str) -> Option<ConstValue> {
    match text {
        "True" => return Some(ConstValue::Bool(true)),
        "False" => return Some(ConstValue::Bool(false)),
        _ => {}
    }
    if let Ok(i) = text.parse::<i128>() {
        return Some(ConstValue::Int(i));
    }
    text.parse::<f64>().ok().map(|f| ConstValue::Float(numrs_syntax::ast::FloatBits::new(f)))
}

/// Python's listing of missing arguments: `'a'`, `'a' and 'b'`, `'a', 'b', and 'c'`.
fn python_join(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [a, b] => format!("{a} and {b}"),
        [rest @ .., last] => format!("{}, and {last}", rest.join(", ")),
    }
}

fn bytes_repr(b: &[u8]) -> String {
    let mut out = String::from("b'");
    for &c in b {
        match c {
            b'\\' => out.push_str("\\\\"),
            b'\'' => out.push_str("\\'"),
            b'\n' => out.push_str("\\n"),
            b'\r' => out.push_str("\\r"),
            b'\t' => out.push_str("\\t"),
            0x20..=0x7e => out.push(c as char),
            _ => out.push_str(&format!("\\x{c:02x}")),
        }
    }
    out.push('\'');
    out
}

/// Builds a numrs type (table entries).
pub(crate) type MakeType = fn() -> Type;

/// Numba types whose `str()` is not a numeric kind's name, by that `str()`.
const SPECIAL_TYPES: &[(&str, MakeType)] = &[
    ("none", || Type::NoneType),
    ("unicode_type", || Type::Unicode),
    ("pyobject", || Type::PyObject),
    ("...", || Type::Ellipsis),
    ("undefined", || Type::Undefined),
    ("void*", || Type::VoidPtr),
    ("slice<a:b>", || Type::Slice2),
    ("slice<a:b:c>", || Type::Slice3),
    ("range_state_int32", || Type::Range(RangeKind::Int32)),
    ("range_state_int64", || Type::Range(RangeKind::Int64)),
    ("range_state_uint64", || Type::Range(RangeKind::UInt64)),
    ("range_iter_int32", || Type::iterator(IteratorKind::Range(RangeKind::Int32))),
    ("range_iter_int64", || Type::iterator(IteratorKind::Range(RangeKind::Int64))),
    ("range_iter_uint64", || Type::iterator(IteratorKind::Range(RangeKind::UInt64))),
];

/// The numrs type for a Numba type instance, by its `str()`; `None` when numrs does not model it.
pub(crate) fn type_from_numba_str(text: &str) -> Option<Type> {
    if let Some(kind) = NumericKind::from_name(text) {
        return Some(Type::Number(kind));
    }
    SPECIAL_TYPES.iter().find(|(s, _)| *s == text).map(|(_, make)| make())
}

/// A name in `numba.core.types`'s namespace.
pub(crate) fn types_namespace(name: &str) -> Option<Value> {
    if let Some((_, text, class)) = TYPE_INSTANCES.iter().find(|(n, _, _)| *n == name) {
        return Some(match type_from_numba_str(text) {
            Some(t) => Value::Type(t),
            None => Value::Unsupported { text: text.to_string(), class: class.to_string() },
        });
    }
    if let Some((_, class)) = TYPE_CLASSES.iter().find(|(n, _)| *n == name) {
        return Some(Value::TypeClass(class.to_string()));
    }
    match name {
        "types" => Some(Value::Module("numba.core.types".to_string())),
        "np" => Some(Value::Module("numpy".to_string())),
        _ => None,
    }
}

/// `name = deferred_type()` at module level (`numba.deferred_type`, `numba.types.deferred_type`):
/// a `DeferredType` named by its binding, whose identity is a hash of that name (Numba prints
/// the object's address). `numrs_check` gives it its definition.
pub(crate) fn deferred_binding(symbols: &ModuleSymbols, name: &str, value: &Expr, at: u32) -> Option<Type> {
    let ExprKind::Call { func, args, keywords } = &value.kind else { return None };
    if !args.is_empty() || !keywords.is_empty() {
        return None;
    }
    let path = symbols.resolve_dotted_at(func, Some(at))?;
    if !matches!(path.as_str(), "numba.deferred_type" | "numba.types.deferred_type" | "numba.core.types.deferred_type") {
        return None;
    }
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in name.bytes() {
        h = (h ^ b as u64).wrapping_mul(0x100_0000_01b3);
    }
    // 15 digits, as an address printed in decimal has.
    let id = 100_000_000_000_000 + h % 900_000_000_000_000;
    Some(Type::Deferred(std::sync::Arc::new(numrs_types::DeferredType::new(id, name))))
}