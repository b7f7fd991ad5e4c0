//! `Display` for [`Type`]: Numba's exact spelling.

use std::fmt::{self, Display, Formatter};

use crate::{IteratorKind, Layout, RangeKind, Signature, Type};

impl Display for Layout {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.as_char())
    }
}

impl Display for Signature {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        write!(f, "{}(", self.return_type)?;
        write_list(f, &self.args, ", ")?;
        write!(f, ")")
    }
}

fn write_list(f: &mut Formatter<'_>, items: &[Type], sep: &str) -> fmt::Result {
    for (i, t) in items.iter().enumerate() {
        if i > 0 {
            f.write_str(sep)?;
        }
        write!(f, "{t}")?;
    }
    Ok(())
}

fn range_suffix(kind: RangeKind) -> &'static str {
    match kind {
        RangeKind::Int32 => "int32",
        RangeKind::Int64 => "int64",
        RangeKind::UInt64 => "uint64",
    }
}

fn python_bool(b: bool) -> &'static str {
    if b {
        "True"
    } else {
        "False"
    }
}

impl Display for Type {
    fn fmt(&self, f: &mut Formatter<'_>) -> fmt::Result {
        match self {
            Type::Number(k) => f.write_str(k.name()),
            Type::IntegerLiteral(v) => write!(f, "Literal[int]({v})"),
            Type::BooleanLiteral(b) => write!(f, "Literal[bool]({})", python_bool(*b)),
            Type::StringLiteral(s) => write!(f, "Literal[str]({s})"),
            Type::Unicode => f.write_str("unicode_type"),
            Type::NoneType => f.write_str("none"),
            Type::NumPyRandomGenerator => f.write_str("NumPyRandomGeneratorType"),
            Type::UnicodeCharSeq(n) => write!(f, "[unichr x {n}]"),
            Type::CharSeq(n) => write!(f, "[char x {n}]"),
            Type::NPDatetime(u) => write!(f, "datetime64[{}]", u.name()),
            Type::NPTimedelta(u) => write!(f, "timedelta64[{}]", u.name()),
            Type::Ellipsis => f.write_str("..."),
            Type::Array(a) if a.nested.is_some() => {
                let shape = a.nested.as_deref().unwrap_or_default();
                write!(f, "nestedarray({}, {})", a.dtype, crate::python_int_tuple(shape))
            }
            Type::Array(a) => {
                if !a.aligned {
                    f.write_str("unaligned ")?;
                }
                if a.readonly {
                    f.write_str("readonly ")?;
                }
                let class = a.buffer.map_or("array", |b| b.name());
                write!(f, "{class}({}, {}d, {})", a.dtype, a.ndim, a.layout)
            }
            Type::Record(r) => {
                f.write_str("Record(")?;
                for (i, field) in r.fields.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{}[type={};offset={}]", field.name, field.ty, field.offset)?;
                }
                write!(f, ";{};{})", r.size, python_bool(r.aligned))
            }
            Type::UniTuple(d, n) => write!(f, "UniTuple({d} x {n})"),
            Type::NamedTuple(nt) => match nt.items.first() {
                Some(first) if nt.items.iter().all(|t| t == first) => write!(f, "{}({first} x {})", nt.name, nt.items.len()),
                _ => {
                    write!(f, "{}(", nt.name)?;
                    write_list(f, &nt.items, ", ")?;
                    f.write_str(")")
                }
            },
            Type::Tuple(items) => {
                f.write_str("Tuple(")?;
                write_list(f, items, ", ")?;
                f.write_str(")")
            }
            Type::List { dtype, reflected, initial } => {
                if *reflected {
                    f.write_str("reflected ")?;
                }
                write!(f, "list({dtype})<iv={}>", initial.as_deref().unwrap_or("None"))
            }
            Type::ListType(d) => write!(f, "ListType[{d}]"),
            Type::DictType(kv) => write!(f, "DictType[{},{}]<iv={}>", kv.0, kv.1, kv.2.as_deref().unwrap_or("None")),
            Type::Set { dtype, reflected } => {
                if *reflected {
                    f.write_str("reflected ")?;
                }
                write!(f, "set({dtype})")
            }
            Type::Optional(t) => write!(f, "OptionalType({t})"),
            Type::Range(k) => write!(f, "range_state_{}", range_suffix(*k)),
            Type::Pair(p) => write!(f, "pair<{}, {}>", p.0, p.1),
            Type::Iterator(kind) => match &**kind {
                IteratorKind::Range(k) => write!(f, "range_iter_{}", range_suffix(*k)),
                IteratorKind::Array(a) => write!(f, "iter({a})"),
                // Numba's `UnicodeIteratorType`.
                IteratorKind::Container(Type::Unicode | Type::StringLiteral(_)) => write!(f, "iter_unicode"),
                IteratorKind::Container(c) => write!(f, "iter({c})"),
                IteratorKind::Enumerate(inner) => write!(f, "enumerate({inner})"),
                IteratorKind::NdIndex(n) => write!(f, "ndindex(ndim={n})"),
                IteratorKind::NdEnumerate(a) => write!(f, "ndenumerate({a})"),
                IteratorKind::Flat(a) => write!(f, "array.flat({a})"),
                // Numba's generators of its `map`/`filter` overloads.
                IteratorKind::Map { func, iterables, yields } => {
                    let mut args = vec![numba_repr(func)];
                    args.extend(iterables.first().map(numba_repr));
                    let rest: Vec<String> = iterables.iter().skip(1).map(numba_repr).collect();
                    args.push(if rest.len() == 1 { format!("Tuple({},)", rest[0]) } else { format!("Tuple({})", rest.join(", ")) });
                    let args = if rest.is_empty() { format!("{}, {}, Tuple(())", args[0], args[1]) } else { args.join(", ") };
                    write!(f, "{yields} generator(func=<function ol_map.<locals>.impl at 0x?>, args=({args}), has_finalizer=True)")
                }
                IteratorKind::Filter { func, iterable } => {
                    let y = self.yield_type().map_or_else(|| "?".to_string(), |y| y.to_string());
                    write!(f, "{y} generator(func=<function ol_filter.<locals>.impl at 0x?>, args=({}, {}), has_finalizer=True)", numba_repr(func), numba_repr(iterable))
                }
                IteratorKind::NdIter(inputs) => {
                    let (ndim, layout) = crate::ty::nditer_shape(inputs);
                    // The inputs as Python prints the tuple of their Numba types (`repr`).
                    let reprs: Vec<String> = inputs.iter().map(numba_repr).collect();
                    let tuple = if reprs.len() == 1 { format!("({},)", reprs[0]) } else { format!("({})", reprs.join(", ")) };
                    write!(f, "nditer(ndim={ndim}, layout={layout}, inputs={tuple})")
                }
                IteratorKind::DictView(k, d) => {
                    let y = self.yield_type().map_or_else(|| "?".to_string(), |y| y.to_string());
                    write!(f, "iter[{d}->{y}],{}[{d}]", k.name())
                }
                IteratorKind::Zip(items) => {
                    f.write_str("zip(")?;
                    write_list(f, items, ", ")?;
                    f.write_str(")")
                }
            },
            Type::Slice2 => f.write_str("slice<a:b>"),
            Type::SliceLiteral(s) => {
                let part = |p: Option<i64>| p.map_or("None".to_string(), |v| v.to_string());
                write!(f, "Literal[slice](slice({}, {}, {}))", part(s[0]), part(s[1]), part(s[2]))
            }
            Type::Slice3 => f.write_str("slice<a:b:c>"),
            Type::DType(t) => write!(f, "dtype({t})"),
            Type::NumberClass(t) => write!(f, "class({t})"),
            Type::TypeRef(t) => write!(f, "typeref[{t}]"),
            Type::Module(name) => write!(f, "Module(<module '{name}'>)"),
            Type::Function(key) => write!(f, "Function({key})"),
            // A `@vectorize` function's `reduce`/`at` (its key carries what lowering needs), as
            // Numba prints the DUFunc's bound method.
            Type::BoundFunction(b) if matches!(&b.1, Type::Dispatcher(_)) && (b.0.starts_with("ufunc.reduce:") || b.0.starts_with("ufunc.at:")) => {
                let Type::Dispatcher(d) = &b.1 else { return Ok(()) };
                let method = if b.0.starts_with("ufunc.at:") { "at" } else { "reduce" };
                let ufunc = format!("Function(<numba._DUFunc '{}'>)", d.name);
                write!(f, "BoundFunction(({ufunc}, '{method}') for {ufunc})")
            }
            // A method Numba defines with `@overload_method(types.Array, name)`: its template's
            // key is the class and the name.
            Type::BoundFunction(b) if matches!(&b.1, Type::Array(_)) && b.0.strip_prefix("array.").is_some_and(|m| ARRAY_OVERLOAD_METHODS.contains(&m)) => {
                let m = b.0.strip_prefix("array.").unwrap_or_default();
                write!(f, "BoundFunction((<class 'numba.core.types.npytypes.Array'>, '{m}') for {})", b.1)
            }
            Type::BoundFunction(b) => write!(f, "BoundFunction({} for {})", b.0, b.1),
            Type::Dispatcher(d) => write!(f, "type(CPUDispatcher(<function {}>))", d.printed_name()),
            Type::MakeFunction(_, name) => write!(f, "MakeFunctionLiteral(<function {name}>)"),
            Type::FunctionType(sig) => write!(f, "FunctionType[{sig}]"),
            Type::UndefinedFunction(_) => write!(f, "UndefinedFunctionType[undefined(undefined)]"),
            Type::ExceptionClass(name) => write!(f, "{name}"),
            Type::DictView(k, d) => write!(f, "{}[{d}]", k.name()),
            Type::NamedTupleClass(c) => write!(f, "class(<class '{}.{}'>)", c.module, c.name),
            // Numba formats the tuple of the item types: each item's `repr`.
            Type::LiteralList(items) => write!(f, "LiteralList({})", tuple_repr(items)),
            Type::EnumMember(e) => write!(f, "{}<{}>({})", if e.int_enum { "IntEnum" } else { "Enum" }, e.dtype, e.name),
            Type::EnumClass(e) => write!(f, "{} class<{}>({})", if e.int_enum { "IntEnum" } else { "Enum" }, e.dtype, e.name),
            Type::ExceptionInstance(name) => write!(f, "{name}(...)"),
            Type::Omitted(default) => write!(f, "omitted(default={default})"),
            Type::PyObject => f.write_str("pyobject"),
            Type::Undefined => f.write_str("undefined"),
            // Numba formats the tuple of the argument types: each one's `repr`.
            Type::Generator(g) => {
                write!(f, "{} generator(func=<function {} at 0x?>, args={}, has_finalizer=True)", g.yield_type, g.func_name, tuple_repr(&g.args))
            }
            Type::ArrayFlags(a) => write!(f, "ArrayFlags({})", Type::Array(a.clone())),
            Type::CPointer(t) => write!(f, "{t}*"),
            Type::VoidPtr => f.write_str("void*"),
            Type::ExternalFunctionPointer(sig) => {
                f.write_str("ExternalFunctionPointer((")?;
                write_list(f, &sig.args, ", ")?;
                if sig.args.len() == 1 {
                    f.write_str(",")?;
                }
                write!(f, ") -> {})", sig.return_type)
            }
            Type::ArrayCTypes(a) => write!(f, "ArrayCTypes(dtype={}, ndim={})", a.dtype, a.ndim),
            Type::JitClass(c) => write_jitclass(f, c),
            Type::Deferred(d) => write!(f, "DeferredType#{}", d.id),
            Type::JitClassInstance(c) => {
                f.write_str("instance.")?;
                write_jitclass(f, c)
            }
            Type::LiteralStrKeyDict(items) => {
                f.write_str("LiteralStrKey[Dict]({")?;
                for (i, (k, v)) in items.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "Literal[str]({k}): {}", numba_repr(v))?;
                }
                f.write_str("})")
            }
        }
    }
}

impl Type {
    /// This type in Numba's signature language (`float64[:, ::1]`, `UniTuple(int64, 2)`), for
    /// writing explicit signatures; `None` for types that language cannot spell.
    pub fn signature_text(&self) -> Option<String> {
        Some(match self {
            Type::Number(k) => match k {
                crate::NumericKind::Boolean => "boolean".to_string(),
                k => k.name().to_string(),
            },
            Type::IntegerLiteral(_) | Type::BooleanLiteral(_) | Type::StringLiteral(_) => self.unliteral().signature_text()?,
            Type::Unicode => "unicode_type".into(),
            Type::NoneType => "none".into(),
            Type::Array(a) => {
                if a.readonly || a.ndim == 0 {
                    return None;
                }
                let dims: Vec<&str> = (0..a.ndim)
                    .map(|i| match a.layout {
                        Layout::C if i + 1 == a.ndim => "::1",
                        Layout::F if i == 0 => "::1",
                        _ => ":",
                    })
                    .collect();
                format!("{}[{}]", a.dtype.signature_text()?, dims.join(", "))
            }
            Type::UniTuple(d, n) => format!("UniTuple({}, {n})", d.signature_text()?),
            Type::Tuple(items) => {
                let parts = items.iter().map(Type::signature_text).collect::<Option<Vec<_>>>()?;
                format!("Tuple(({},))", parts.join(", "))
            }
            Type::Optional(t) => format!("optional({})", t.signature_text()?),
            Type::ListType(t) => format!("ListType({})", t.signature_text()?),
            Type::DictType(kv) => format!("DictType({}, {})", kv.0.signature_text()?, kv.1.signature_text()?),
            _ => return None,
        })
    }
}

/// Numba's `ClassType` name: `jitclass.<name>#<id in hex><field:type,...>`.
fn write_jitclass(f: &mut fmt::Formatter<'_>, c: &crate::JitClassType) -> fmt::Result {
    write!(f, "jitclass.{}#{:x}<", c.display.as_deref().unwrap_or(&c.name), c.id)?;
    for (i, (name, t)) in c.fields.iter().enumerate() {
        if i > 0 {
            f.write_str(",")?;
        }
        write!(f, "{name}:{t}")?;
    }
    f.write_str(">")
}

/// `repr()` of a Numba type where it differs from its name (arrays: `Array(int64, 1, 'C',
/// False, aligned=True)`; containers: `UniTuple(int64, 2)`, `Tuple((int64, float64))`,
/// `List(int64, False)`), as the types inside other types' names print.
pub fn numba_repr(t: &Type) -> String {
    match t {
        Type::UniTuple(item, n) => format!("UniTuple({}, {n})", numba_repr(item)),
        Type::Tuple(items) => format!("Tuple({})", tuple_repr(items)),
        Type::UnicodeCharSeq(n) => format!("UnicodeCharSeq({n})"),
        Type::Array(a) if a.nested.is_some() => {
            let shape: Vec<String> = a.nested.as_deref().unwrap_or_default().iter().map(|d| d.to_string()).collect();
            let shape = if shape.len() == 1 { format!("({},)", shape[0]) } else { format!("({})", shape.join(", ")) };
            format!("NestedArray({}, {shape})", numba_repr(&a.dtype))
        }
        Type::Array(a) if a.buffer.is_none() => format!(
            "Array({}, {}, '{}', {}, aligned={})",
            numba_repr(&a.dtype),
            a.ndim,
            a.layout.as_char(),
            python_bool(a.readonly),
            python_bool(a.aligned)
        ),
        Type::Record(r) => {
            let fields: Vec<String> = r
                .fields
                .iter()
                .map(|f| format!("('{}', {{'type': {}, 'offset': {}, 'alignment': None, 'title': None, }})", f.name, numba_repr(&f.ty), f.offset))
                .collect();
            format!("Record([{}], {}, {})", fields.join(", "), r.size, python_bool(r.aligned))
        }
        Type::List { dtype, reflected, .. } => format!("List({dtype}, {})", if *reflected { "True" } else { "False" }),
        Type::Set { dtype, reflected } => format!("Set({dtype}, {})", if *reflected { "True" } else { "False" }),
        Type::ListType(item) => format!("ListType({})", numba_repr(item)),
        Type::DictType(kv) => format!("DictType({}, {})", kv.0, kv.1),
        other => other.to_string(),
    }
}

/// A Python tuple of types as Python prints it (each item's Numba `repr`): `(int64,)`,
/// `(UniTuple(int64, 2), float64)`.
pub fn tuple_repr(tys: &[Type]) -> String {
    let items: Vec<String> = tys.iter().map(numba_repr).collect();
    if items.len() == 1 {
        format!("({},)", items[0])
    } else {
        format!("({})", items.join(", "))
    }
}

/// The array methods Numba 0.68.1 defines with `@overload_method(types.Array, ...)` (the
/// others are `@bound_function("array.<name>")` templates, printed by that key).
const ARRAY_OVERLOAD_METHODS: &[&str] = &[
    "all", "any", "argmax", "argmin", "clip", "conj", "conjugate", "cumprod", "cumsum", "dot", "fill", "max", "mean", "min", "prod", "ptp",
    "repeat", "std", "sum", "take", "tobytes", "var",
];
