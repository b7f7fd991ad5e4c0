//! The Python values a type expression evaluates to, with their `repr()` and class names as
//! Numba's error messages spell them.

use numrs_types::{Signature, Type};

use crate::symbols::{python_str_repr, ConstValue};

/// A Python value produced while evaluating a signature or type expression.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Value {
    /// A Numba type numrs models.
    Type(Type),
    /// A genuine Numba type numrs does not model (`float16`, `voidptr`, ...): its `str()` and
    /// class name.
    Unsupported { text: String, class: String },
    /// A `Type` subclass from `numba.core.types` (`Array`, `UniTuple`, ...), by class name.
    TypeClass(String),
    /// A typing signature, the result of calling a type: `float64(int64)`.
    Sig(Signature),
    /// A scalar constant (never `ConstValue::Tuple`: tuples are `Value::Tuple`).
    Const(ConstValue),
    Tuple(Vec<Value>),
    List(Vec<Value>),
    Set(Vec<Value>),
    Dict(Vec<(Value, Value)>),
    Slice(Box<[Value; 3]>),
    Ellipsis,
    /// A module or other object known only by its dotted path (`numpy`, `numba.cuda`, ...).
    Module(String),
    /// A NumPy scalar class (`numpy.float64`): its attribute name and the `str()` of the Numba
    /// type `numba.np.numpy_support.from_dtype` maps it to.
    NumpyScalar { name: String, numba: String },
    /// A Python builtin, by name (`int`, `dict`, `len`, ...).
    Builtin(String),
    /// Anything else (a function, a class defined in the module, bytes): its `repr()`-like
    /// text and class name.
    Opaque { repr: String, class: String },
    /// A `collections.namedtuple` class of the module: its name and fields.
    NamedTupleClass { name: String, fields: Vec<String> },
}

/// Python builtins that are classes (the others are functions), for `repr()`.
const BUILTIN_CLASSES: &[&str] = &[
    "bool", "bytearray", "bytes", "complex", "dict", "float", "frozenset", "int", "list", "memoryview", "object",
    "range", "set", "slice", "str", "tuple", "type",
];

impl Value {
    pub(crate) fn from_const(c: ConstValue) -> Value {
        match c {
            ConstValue::Tuple(items) => Value::Tuple(items.into_iter().map(Value::from_const).collect()),
            other => Value::Const(other),
        }
    }

    pub(crate) fn none() -> Value {
        Value::Const(ConstValue::None)
    }

    pub(crate) fn is_none(&self) -> bool {
        matches!(self, Value::Const(ConstValue::None))
    }

    /// Python's `repr()` of the value (Numba types' `repr` is their `str`).
    pub(crate) fn repr(&self) -> String {
        match self {
            Value::Type(t) => t.to_string(),
            Value::Unsupported { text, .. } => text.clone(),
            Value::TypeClass(name) => format!("<class 'numba.core.types.{name}'>"),
            Value::Sig(sig) => sig.to_string(),
            Value::Const(c) => c.python_repr(),
            Value::Tuple(items) => {
                let parts: Vec<String> = items.iter().map(Value::repr).collect();
                if parts.len() == 1 {
                    format!("({},)", parts[0])
                } else {
                    format!("({})", parts.join(", "))
                }
            }
            Value::List(items) => format!("[{}]", items.iter().map(Value::repr).collect::<Vec<_>>().join(", ")),
            Value::Set(items) if items.is_empty() => "set()".to_string(),
            Value::Set(items) => format!("{{{}}}", items.iter().map(Value::repr).collect::<Vec<_>>().join(", ")),
            Value::Dict(items) => format!(
                "{{{}}}",
                items.iter().map(|(k, v)| format!("{}: {}", k.repr(), v.repr())).collect::<Vec<_>>().join(", ")
            ),
            Value::Slice(parts) => format!("slice({}, {}, {})", parts[0].repr(), parts[1].repr(), parts[2].repr()),
            Value::Ellipsis => "Ellipsis".to_string(),
            Value::Module(path) => format!("<module '{path}'>"),
            Value::NumpyScalar { name, .. } => format!("<class 'numpy.{name}'>"),
            Value::Builtin(name) if BUILTIN_CLASSES.contains(&name.as_str()) => format!("<class '{name}'>"),
            Value::Builtin(name) => format!("<built-in function {name}>"),
            Value::Opaque { repr, .. } => repr.clone(),
            Value::NamedTupleClass { name, .. } => format!("<class '{name}'>"),
        }
    }

    /// The name of the value's Python class, as `type(value).__name__` gives it.
    pub(crate) fn class_name(&self) -> String {
        match self {
            Value::Type(t) => numba_class_name(t).to_string(),
            Value::Unsupported { class, .. } => class.clone(),
            Value::TypeClass(_) => "_TypeMetaclass".to_string(),
            Value::Sig(_) => "Signature".to_string(),
            Value::Const(c) => c.python_class().to_string(),
            Value::Tuple(_) => "tuple".to_string(),
            Value::List(_) => "list".to_string(),
            Value::Set(_) => "set".to_string(),
            Value::Dict(_) => "dict".to_string(),
            Value::Slice(_) => "slice".to_string(),
            Value::Ellipsis => "ellipsis".to_string(),
            Value::Module(_) => "module".to_string(),
            Value::NumpyScalar { .. } => "type".to_string(),
            Value::Builtin(name) if BUILTIN_CLASSES.contains(&name.as_str()) => "type".to_string(),
            Value::Builtin(_) => "builtin_function_or_method".to_string(),
            Value::Opaque { class, .. } => class.clone(),
            Value::NamedTupleClass { .. } => "type".to_string(),
        }
    }

    /// Python truthiness, where numrs can tell.
    pub(crate) fn truthy(&self) -> Option<bool> {
        match self {
            Value::Const(c) => Some(c.truthy()),
            Value::Tuple(items) | Value::List(items) | Value::Set(items) => Some(!items.is_empty()),
            Value::Dict(items) => Some(!items.is_empty()),
            // Tuple types define `__len__`: `Tuple(())` and `UniTuple(t, 0)` are false.
            Value::Type(Type::Tuple(items)) => Some(!items.is_empty()),
            Value::Type(Type::UniTuple(_, n)) => Some(*n > 0),
            Value::Type(_)
            | Value::Unsupported { .. }
            | Value::TypeClass(_)
            | Value::Sig(_)
            | Value::Slice(_)
            | Value::Ellipsis
            | Value::Module(_)
            | Value::NumpyScalar { .. }
            | Value::Builtin(_)
            | Value::NamedTupleClass { .. } => Some(true),
            Value::Opaque { .. } => None,
        }
    }

    /// The value as a constant, when it is one (tuples of constants included).
    pub(crate) fn to_const(&self) -> Option<ConstValue> {
        match self {
            Value::Const(c) => Some(c.clone()),
            Value::Tuple(items) => items.iter().map(Value::to_const).collect::<Option<Vec<_>>>().map(ConstValue::Tuple),
            _ => None,
        }
    }

    pub(crate) fn as_str(&self) -> Option<&str> {
        match self {
            Value::Const(ConstValue::Str(s)) => Some(s),
            _ => None,
        }
    }
}

/// The Numba class of a type, as `type(t).__name__` spells it.
pub(crate) fn numba_class_name(t: &Type) -> &'static str {
    use numrs_types::NumericKind as K;
    match t {
        Type::Number(K::Boolean) | Type::BooleanLiteral(_) => "Boolean",
        Type::Number(k) if k.is_integer() => "Integer",
        Type::Number(k) if k.is_float() => "Float",
        Type::Number(_) => "Complex",
        Type::Unicode => "UnicodeType",
        Type::NoneType => "NoneType",
        Type::Ellipsis => "EllipsisType",
        Type::Array(_) => "Array",
        Type::UniTuple(..) => "UniTuple",
        Type::Tuple(_) => "Tuple",
        Type::List { .. } => "List",
        Type::ListType(_) => "ListType",
        Type::DictType(_) => "DictType",
        Type::Set { .. } => "Set",
        Type::Optional(_) => "Optional",
        Type::Range(_) => "RangeType",
        Type::Iterator(k) if matches!(**k, numrs_types::IteratorKind::Range(_)) => "RangeIteratorType",
        Type::Slice2 | Type::Slice3 => "SliceType",
        Type::DType(_) => "DType",
        Type::NumberClass(_) => "NumberClass",
        Type::FunctionType(_) => "FunctionType",
        Type::PyObject => "PyObject",
        Type::Undefined => "Undefined",
        // Types a signature expression cannot produce; the base class name is close enough.
        _ => "Type",
    }
}

/// `repr()` of a Python string, re-exported for error messages.
pub(crate) fn str_repr(s: &str) -> String {
    python_str_repr(s)
}
