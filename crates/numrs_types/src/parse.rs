//! Parsing types from Numba's printed spelling (the inverse of `Display`), for recorded
//! signature files and tests: `array(float64, 2d, C)`, `UniTuple(int64 x 3)`,
//! `Tuple(int64, float64)`, `list(int64)<iv=None>`, `DictType[unicode_type,float64]<iv=None>`,
//! `OptionalType(int64)`, `Literal[int](3)`, ...

use std::sync::Arc;

use crate::{ArrayType, Layout, NumericKind, Type};

/// Parse a type as Numba prints it; `None` if the text is not a type numrs models.
/// The type Numba types an omitted argument's default as (`resolve_value_type_prefer_literal`
/// of the value): from the default's Python repr, as in `omitted(default=<repr>)`. Integers and
/// booleans are literals, floats `float64`, a NumPy scalar class spelled as its type
/// (`class(float64)`) that type; `None` for defaults numrs cannot type from their repr.
/// The class, member and value repr of an enum member's `repr()` (`<Unit.M: 1>`), the form an
/// omitted argument left to an enum default is shown in.
pub fn enum_member_repr(repr: &str) -> Option<(&str, &str, &str)> {
    let (path, value) = repr.strip_prefix('<')?.strip_suffix('>')?.split_once(": ")?;
    let (class, member) = path.split_once('.')?;
    Some((class, member, value))
}

pub fn omitted_value_type(repr: &str) -> Option<Type> {
    if let Some(v) = PyRepr::parse(repr) {
        if !matches!(v, PyRepr::Int(_) | PyRepr::Bool(_) | PyRepr::None | PyRepr::Float(_)) {
            return v.prefer_literal_type();
        }
    }
    match repr {
        "True" => return Some(Type::BooleanLiteral(true)),
        "False" => return Some(Type::BooleanLiteral(false)),
        "None" => return Some(Type::NoneType),
        "inf" | "-inf" | "nan" => return Some(Type::float64()),
        _ => {}
    }
    // A NumPy scalar class by its repr (`<class 'numpy.float64'>`, as Numba's
    // `omitted(default=...)` shows it).
    if let Some(name) = repr.strip_prefix("<class 'numpy.").and_then(|r| r.strip_suffix("'>")) {
        let k = NumericKind::from_numpy_name(name)?;
        return Some(Type::NumberClass(std::sync::Arc::new(Type::Number(k))));
    }
    // A NumPy scalar class (`np.float64`), spelled as its type.
    if repr.starts_with("class(") {
        return parse_type(repr).filter(|t| matches!(t, Type::NumberClass(_)));
    }
    if let Ok(i) = repr.parse::<i64>() {
        return Some(Type::IntegerLiteral(i.into()));
    }
    if repr.parse::<f64>().is_ok() && repr.chars().any(|c| matches!(c, '.' | 'e' | 'E')) {
        return Some(Type::float64());
    }
    None
}

/// A default value as Python prints it (`repr`), for the values numrs passes as defaults:
/// numbers, booleans, `None`, strings, NumPy scalars as NumPy 2 prints them
/// (`np.float32(1.5)`, `np.True_`), complex numbers and tuples of these.
#[derive(Clone, Debug, PartialEq)]
pub enum PyRepr {
    None,
    Bool(bool),
    Int(i128),
    Float(f64),
    Complex(f64, f64),
    Str(String),
    /// `b'...'` (printable ASCII only).
    Bytes(Vec<u8>),
    /// A NumPy scalar of the kind, holding the value (a `Bool`, `Int`, `Float` or `Complex`).
    NpScalar(NumericKind, Box<PyRepr>),
    Tuple(Vec<PyRepr>),
}

impl PyRepr {
    pub fn parse(repr: &str) -> Option<PyRepr> {
        let s = repr.trim();
        match s {
            "None" => return Some(PyRepr::None),
            "True" => return Some(PyRepr::Bool(true)),
            "False" => return Some(PyRepr::Bool(false)),
            "np.True_" => return Some(PyRepr::NpScalar(NumericKind::Boolean, Box::new(PyRepr::Bool(true)))),
            "np.False_" => return Some(PyRepr::NpScalar(NumericKind::Boolean, Box::new(PyRepr::Bool(false)))),
            "inf" => return Some(PyRepr::Float(f64::INFINITY)),
            "-inf" => return Some(PyRepr::Float(f64::NEG_INFINITY)),
            "nan" => return Some(PyRepr::Float(f64::NAN)),
            _ => {}
        }
        if let Ok(i) = s.parse::<i128>() {
            return Some(PyRepr::Int(i));
        }
        if let Some(f) = parse_py_float(s) {
            return Some(PyRepr::Float(f));
        }
        if let Some((re, im)) = parse_py_complex(s) {
            return Some(PyRepr::Complex(re, im));
        }
        if let Some(rest) = s.strip_prefix("np.") {
            let (name, inner) = rest.split_once('(')?;
            let inner = inner.strip_suffix(')')?;
            let kind = NumericKind::from_name(name)?;
            let v = PyRepr::parse(inner)?;
            let v = match (kind, v) {
                (k, PyRepr::Float(f)) if k.is_float() => PyRepr::Float(f),
                (k, PyRepr::Int(i)) if k.is_integer() => PyRepr::Int(i),
                (k, PyRepr::Complex(re, im)) if k.is_complex() => PyRepr::Complex(re, im),
                (k, PyRepr::Float(f)) if k.is_complex() => PyRepr::Complex(f, 0.0),
                _ => return None,
            };
            return Some(PyRepr::NpScalar(kind, Box::new(v)));
        }
        if let Some(body) = s.strip_prefix('(').and_then(|b| b.strip_suffix(')')) {
            let items = split_top_level(body)?;
            return items.iter().filter(|i| !i.trim().is_empty()).map(|i| PyRepr::parse(i)).collect::<Option<Vec<_>>>().map(PyRepr::Tuple);
        }
        if let Some(body) = s.strip_prefix("b'").and_then(|b| b.strip_suffix('\'')) {
            if body.contains('\\') || body.contains('\'') || !body.bytes().all(|c| (0x20..0x7f).contains(&c)) {
                return None;
            }
            return Some(PyRepr::Bytes(body.as_bytes().to_vec()));
        }
        for q in ['\'', '"'] {
            if s.len() >= 2 && s.starts_with(q) && s.ends_with(q) {
                let body = &s[1..s.len() - 1];
                if body.contains('\\') || body.contains(q) {
                    return None;
                }
                return Some(PyRepr::Str(body.to_string()));
            }
        }
        None
    }

    /// Numba's `typeof` of the value (no literals; a tuple of equal items a `UniTuple`).
    pub fn type_of(&self) -> Option<Type> {
        Some(match self {
            PyRepr::None => Type::NoneType,
            PyRepr::Bool(_) => Type::boolean(),
            // Numba's `typeof` of an int: int64, or uint64 above it; larger ones it refuses.
            PyRepr::Int(i) => Type::int_literal_base(*i)?,
            PyRepr::Float(_) => Type::float64(),
            PyRepr::Complex(..) => Type::complex128(),
            PyRepr::Str(_) => Type::Unicode,
            PyRepr::Bytes(_) => Type::Array(Arc::new(ArrayType::buffer(crate::BufferKind::Bytes, Layout::C, true))),
            PyRepr::NpScalar(k, _) => Type::Number(*k),
            PyRepr::Tuple(items) => Type::tuple(items.iter().map(PyRepr::type_of).collect::<Option<Vec<_>>>()?),
        })
    }

    /// Numba's `resolve_value_type_prefer_literal`: ints, booleans and strings as literals,
    /// anything else by [`PyRepr::type_of`].
    pub fn prefer_literal_type(&self) -> Option<Type> {
        match self {
            PyRepr::Int(i) => Type::int_literal_base(*i).map(|_| Type::IntegerLiteral(*i)),
            PyRepr::Bool(b) => Some(Type::BooleanLiteral(*b)),
            PyRepr::Str(s) => Some(Type::StringLiteral(s.as_str().into())),
            other => other.type_of(),
        }
    }
}

/// A Python float literal (`1.5`, `1e-05`, `-0.0`), not an integer.
fn parse_py_float(s: &str) -> Option<f64> {
    if !s.chars().any(|c| matches!(c, '.' | 'e' | 'E')) || s.chars().any(|c| c.is_ascii_alphabetic() && c != 'e' && c != 'E') {
        return None;
    }
    s.parse::<f64>().ok()
}

/// Python's complex repr (`(1+2j)`, `1.5j`, `(-0-1.5j)`) or NumPy's (`1+2j`, without parentheses).
fn parse_py_complex(s: &str) -> Option<(f64, f64)> {
    let body = s.strip_prefix('(').and_then(|b| b.strip_suffix(')')).unwrap_or(s);
    let body = body.strip_suffix('j')?;
    // The split between the real and imaginary parts: the last sign not after an `e`.
    let bytes = body.as_bytes();
    let split = (1..bytes.len()).rev().find(|&i| matches!(bytes[i], b'+' | b'-') && !matches!(bytes[i - 1], b'e' | b'E'));
    let num = |t: &str| -> Option<f64> {
        match t {
            "inf" | "+inf" => Some(f64::INFINITY),
            "-inf" => Some(f64::NEG_INFINITY),
            "nan" | "+nan" | "-nan" => Some(f64::NAN),
            _ => t.parse::<f64>().ok(),
        }
    };
    match split {
        Some(i) => Some((num(&body[..i])?, num(&body[i..])?)),
        None => Some((0.0, num(body)?)),
    }
}

/// `s` split at its top-level commas (not inside brackets or quotes); `None` when brackets do
/// not match.
fn split_top_level(s: &str) -> Option<Vec<&str>> {
    let mut out = Vec::new();
    let (mut depth, mut quote, mut start) = (0i32, None::<char>, 0usize);
    for (i, c) in s.char_indices() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '\'' | '"') => quote = Some(c),
            (None, '(' | '[' | '{') => depth += 1,
            (None, ')' | ']' | '}') => {
                depth -= 1;
                if depth < 0 {
                    return None;
                }
            }
            (None, ',') if depth == 0 => {
                out.push(&s[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    if depth != 0 || quote.is_some() {
        return None;
    }
    out.push(&s[start..]);
    Some(out)
}

/// The first closing bracket of `s` that closes nothing opened in `s`, and its index:
/// brackets inside quoted strings (Python reprs) are skipped. `None` when there is none, or
/// when brackets do not match.
fn unmatched_close(s: &str) -> Option<(usize, char)> {
    let (mut depth, mut quote) = (0u32, None::<char>);
    let mut chars = s.char_indices();
    while let Some((i, c)) = chars.next() {
        match (quote, c) {
            (Some(_), '\\') => {
                chars.next();
            }
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '\'' | '"') => quote = Some(c),
            (None, '(' | '[' | '{') => depth += 1,
            (None, ')' | ']' | '}') if depth == 0 => return Some((i, c)),
            (None, ')' | ']' | '}') => depth -= 1,
            _ => {}
        }
    }
    None
}

/// The index of the `}` closing the `{` that `s` starts with.
fn closing_brace(s: &str) -> Option<usize> {
    let inner = s.strip_prefix('{')?;
    match unmatched_close(inner)? {
        (i, '}') => Some(i + 1),
        _ => None,
    }
}

pub fn parse_type(text: &str) -> Option<Type> {
    let text = text.trim();
    if let Some(t) = parse_with(text, &[]) {
        return Some(t);
    }
    // A string literal's text may hold `)` (`Tuple(Literal[str](a)), int64)`): try ending the
    // literals at later parentheses, the earliest ends first, for a bounded number of tries.
    let literals = text.matches("Literal[str](").count();
    if literals == 0 || literals > 4 {
        return None;
    }
    let closes = text.matches(')').count() as u32;
    let mut skips = vec![0u32; literals];
    for _ in 0..512 {
        // The next combination, counting with the last literal's skip fastest.
        let mut k = literals;
        loop {
            if k == 0 {
                return None;
            }
            k -= 1;
            skips[k] += 1;
            if skips[k] < closes {
                break;
            }
            skips[k] = 0;
        }
        if let Some(t) = parse_with(text, &skips) {
            return Some(t);
        }
    }
    None
}

/// Parses `text`, the `k`-th string literal running past `skips[k]` closing parentheses.
fn parse_with(text: &str, skips: &[u32]) -> Option<Type> {
    let mut p = Parser { s: text, depth: 0, skips, literals: 0 };
    let t = p.ty()?;
    p.skip_ws();
    p.s.is_empty().then_some(t)
}

struct Parser<'a> {
    s: &'a str,
    depth: u32,
    /// For each string literal, in order: how many `)` its text holds.
    skips: &'a [u32],
    literals: usize,
}

impl<'a> Parser<'a> {
    fn skip_ws(&mut self) {
        self.s = self.s.trim_start();
    }
    fn eat(&mut self, token: &str) -> bool {
        self.skip_ws();
        match self.s.strip_prefix(token) {
            Some(rest) => {
                self.s = rest;
                true
            }
            None => false,
        }
    }
    fn ident(&mut self) -> Option<&'a str> {
        self.skip_ws();
        // Python identifiers (a jitclass's name may be any).
        let end = self.s.find(|c: char| !(c.is_alphanumeric() || c == '_')).unwrap_or(self.s.len());
        if end == 0 {
            return None;
        }
        let (id, rest) = self.s.split_at(end);
        self.s = rest;
        Some(id)
    }
    fn list(&mut self, close: &str) -> Option<Vec<Type>> {
        let mut items = Vec::new();
        if self.eat(close) {
            return Some(items);
        }
        loop {
            items.push(self.ty()?);
            if self.eat(close) {
                return Some(items);
            }
            if !self.eat(",") {
                return None;
            }
        }
    }
    fn ty(&mut self) -> Option<Type> {
        self.depth += 1;
        if self.depth > 64 {
            return None;
        }
        let t = self.ty_inner();
        self.depth -= 1;
        let t = t?;
        if self.eat("generator(") {
            return self.generator(t);
        }
        Some(t)
    }
    /// The rest of `<yield type> generator(func=<function f at 0x?>, args=(int64,), has_finalizer=True)`.
    fn generator(&mut self, yield_type: Type) -> Option<Type> {
        if !self.eat("func=<function ") {
            return None;
        }
        let name = self.ident()?;
        if !(self.eat("at 0x?>,") && self.eat("args=(")) {
            return None;
        }
        let args = self.repr_tuple()?;
        if !(self.eat(",") && self.eat("has_finalizer=True)")) {
            return None;
        }
        Some(Type::Generator(Arc::new(crate::GeneratorType { yield_type, func_name: name.into(), args })))
    }
    /// The rest of a Python tuple of types (after its `(`) in `repr` form, through its `)`.
    fn repr_tuple(&mut self) -> Option<Vec<Type>> {
        let mut items = Vec::new();
        while !self.eat(")") {
            items.push(self.repr_ty()?);
            if !self.eat(",") && !self.s.trim_start().starts_with(')') {
                return None;
            }
        }
        Some(items)
    }
    fn int(&mut self) -> Option<u32> {
        self.skip_ws();
        let end = self.s.find(|c: char| !c.is_ascii_digit()).unwrap_or(self.s.len());
        let n = self.s[..end].parse().ok()?;
        self.s = &self.s[end..];
        Some(n)
    }
    fn py_bool(&mut self) -> Option<bool> {
        if self.eat("True") {
            Some(true)
        } else if self.eat("False") {
            Some(false)
        } else {
            None
        }
    }
    /// A type as Numba's `repr` prints it (see `display::numba_repr`): `Array(float64, 1, 'C',
    /// False, aligned=True)`, `UniTuple(int64, 2)`, `Tuple((int64, float64))`, `List(int64,
    /// False)`; other types as their names.
    fn repr_ty(&mut self) -> Option<Type> {
        self.depth += 1;
        if self.depth > 64 {
            return None;
        }
        let t = self.repr_ty_inner();
        self.depth -= 1;
        t
    }
    fn repr_ty_inner(&mut self) -> Option<Type> {
        self.skip_ws();
        if self.eat("Array(") {
            let dtype = self.repr_ty()?;
            self.eat(",").then_some(())?;
            let ndim = self.int()?;
            self.eat(",").then_some(())?;
            self.eat("'").then_some(())?;
            let layout = match self.ident()? {
                "C" => Layout::C,
                "F" => Layout::F,
                "A" => Layout::A,
                _ => return None,
            };
            self.eat("'").then_some(())?;
            self.eat(",").then_some(())?;
            let readonly = self.py_bool()?;
            (self.eat(",") && self.eat("aligned=")).then_some(())?;
            let aligned = self.py_bool()?;
            self.eat(")").then_some(())?;
            return Some(Type::Array(Arc::new(ArrayType { aligned, ..ArrayType::new(dtype, ndim, layout, readonly) })));
        }
        if self.eat("NestedArray(") {
            let dtype = self.repr_ty()?;
            (self.eat(",") && self.eat("(")).then_some(())?;
            let mut shape = Vec::new();
            while !self.eat(")") {
                shape.push(self.int()?);
                if !self.eat(",") && !self.s.trim_start().starts_with(')') {
                    return None;
                }
            }
            self.eat(")").then_some(())?;
            return Some(Type::Array(Arc::new(ArrayType::nested(dtype, shape))));
        }
        if self.eat("UniTuple(") {
            let item = self.repr_ty()?;
            self.eat(",").then_some(())?;
            let n = self.int()?;
            self.eat(")").then_some(())?;
            return Some(Type::UniTuple(Arc::new(item), n));
        }
        if self.eat("Tuple((") {
            let items = self.repr_tuple()?;
            self.eat(")").then_some(())?;
            return Some(Type::Tuple(items.into()));
        }
        if self.eat("UnicodeCharSeq(") {
            let n = self.int()?;
            self.eat(")").then_some(())?;
            return Some(Type::UnicodeCharSeq(n));
        }
        for (class, set) in [("List(", false), ("Set(", true)] {
            if self.eat(class) {
                let dtype = self.ty()?;
                self.eat(",").then_some(())?;
                let reflected = self.py_bool()?;
                self.eat(")").then_some(())?;
                return Some(if set {
                    Type::Set { dtype: Arc::new(dtype), reflected }
                } else {
                    Type::List { dtype: Arc::new(dtype), reflected, initial: None }
                });
            }
        }
        if self.eat("ListType(") {
            let item = self.repr_ty()?;
            self.eat(")").then_some(())?;
            return Some(Type::ListType(Arc::new(item)));
        }
        if self.eat("DictType(") {
            let k = self.ty()?;
            self.eat(",").then_some(())?;
            let v = self.ty()?;
            self.eat(")").then_some(())?;
            return Some(Type::DictType(Arc::new((k, v, None))));
        }
        self.ty()
    }
    /// The rest of a jitclass's name after `jitclass.`: `Bag#7f1a<value:int32,data:array(float32,
    /// 1d, A)>`. The text names no members: the class has none.
    fn jitclass(&mut self) -> Option<Arc<crate::JitClassType>> {
        let name = self.ident()?;
        let rest = self.s.strip_prefix('#')?;
        let end = rest.find(|c: char| !c.is_ascii_hexdigit())?;
        let id = u64::from_str_radix(&rest[..end], 16).ok()?;
        self.s = rest[end..].strip_prefix('<')?;
        let mut fields = Vec::new();
        while !self.eat(">") {
            if !fields.is_empty() && !self.eat(",") {
                return None;
            }
            let field = self.ident()?;
            if !self.eat(":") {
                return None;
            }
            fields.push((Arc::from(field), self.ty()?));
        }
        Some(Arc::new(crate::JitClassType { name: name.into(), id, fields, members: Vec::new(), display: None }))
    }
    /// The rest of a record's name after `Record(`: `x[type=float64;offset=0],y[type=int32;
    /// offset=8];12;False)`.
    fn record(&mut self) -> Option<Type> {
        let mut fields = Vec::new();
        loop {
            let name = self.ident()?;
            if !self.eat("[type=") {
                return None;
            }
            let ty = self.ty()?;
            if !self.eat(";offset=") {
                return None;
            }
            let offset = self.number()?;
            if !self.eat("]") {
                return None;
            }
            fields.push(crate::RecordField { name: name.into(), ty, offset: u32::try_from(offset).ok()? });
            if self.eat(";") {
                break;
            }
            if !self.eat(",") {
                return None;
            }
        }
        let size = u32::try_from(self.number()?).ok()?;
        let aligned = if self.eat(";True)") {
            true
        } else if self.eat(";False)") {
            false
        } else {
            return None;
        };
        Some(Type::Record(Arc::new(crate::RecordType { fields, size, aligned })))
    }
    fn number(&mut self) -> Option<u64> {
        self.skip_ws();
        let end = self.s.find(|c: char| !c.is_ascii_digit()).unwrap_or(self.s.len());
        let n = self.s[..end].parse().ok()?;
        self.s = &self.s[end..];
        Some(n)
    }
    fn ty_inner(&mut self) -> Option<Type> {
        if let Some(rest) = self.s.trim_start().strip_prefix("type(CPUDispatcher(<function ") {
            // A jit function passed as an argument: its name (the module's function of that
            // name; which one is not in the text).
            let end = rest.find(">))")?;
            let name = &rest[..end];
            if name.is_empty() || name.contains(['(', ')', '<', '>', ',']) {
                return None;
            }
            self.s = &rest[end + 3..];
            return Some(Type::Dispatcher(crate::DispatcherRef { name: name.into(), id: 0, file: None }));
        }
        if self.eat("[unichr x ") {
            let n = u32::try_from(self.number()?).ok()?;
            return self.eat("]").then_some(Type::UnicodeCharSeq(n));
        }
        if self.eat("[char x ") {
            let n = u32::try_from(self.number()?).ok()?;
            return self.eat("]").then_some(Type::CharSeq(n));
        }
        for (prefix, datetime) in [("datetime64[", true), ("timedelta64[", false)] {
            if self.eat(prefix) {
                let end = self.s.find(']')?;
                let unit = crate::DtUnit::from_name(&self.s[..end])?;
                self.s = &self.s[end + 1..];
                return Some(if datetime { Type::NPDatetime(unit) } else { Type::NPTimedelta(unit) });
            }
        }
        if self.eat("unaligned ") {
            return match self.ty()? {
                Type::Array(a) => Some(Type::Array(Arc::new(ArrayType { aligned: false, ..(*a).clone() }))),
                _ => None,
            };
        }
        if self.eat("Record(") {
            return self.record();
        }
        if self.eat("nestedarray(") {
            let dtype = self.ty()?;
            if !self.eat(",") || !self.eat("(") {
                return None;
            }
            let mut shape = Vec::new();
            while !self.eat(")") {
                shape.push(u32::try_from(self.number()?).ok()?);
                self.eat(",");
            }
            if !self.eat(")") || shape.is_empty() {
                return None;
            }
            return Some(Type::Array(Arc::new(ArrayType::nested(dtype, shape))));
        }
        if self.eat("slice<a:b:c>") {
            return Some(Type::Slice3);
        }
        if self.eat("slice<a:b>") {
            return Some(Type::Slice2);
        }
        if self.eat("Literal[slice](slice(") {
            let end = self.s.find("))")?;
            let parts: Vec<&str> = self.s[..end].split(',').map(str::trim).collect();
            let [a, b, c] = parts.as_slice() else { return None };
            let part = |p: &str| -> Option<Option<i64>> { if p == "None" { Some(None) } else { p.parse().ok().map(Some) } };
            let t = Type::SliceLiteral(Arc::new([part(a)?, part(b)?, part(c)?]));
            self.s = &self.s[end + 2..];
            return Some(t);
        }
        // An enum member: `Enum<int64>(Color)`, `IntEnum<int64>(Shape)` (its members are not
        // in the text).
        for (prefix, int_enum) in [("Enum<", false), ("IntEnum<", true)] {
            if self.eat(prefix) {
                let dtype = self.ty()?;
                if !self.eat(">(") {
                    return None;
                }
                let name = self.ident()?;
                if !self.eat(")") {
                    return None;
                }
                return Some(Type::EnumMember(Arc::new(crate::EnumType { name: name.into(), int_enum, dtype, members: Vec::new() })));
            }
        }
        if self.eat("readonly ") {
            return match self.ty()? {
                Type::Array(a) => Some(Type::Array(Arc::new(ArrayType { readonly: true, ..(*a).clone() }))),
                _ => None,
            };
        }
        if self.eat("DeferredType#") {
            // Its name and definition are not in the text.
            let end = self.s.find(|c: char| !c.is_ascii_digit()).unwrap_or(self.s.len());
            let id = self.s[..end].parse().ok()?;
            self.s = &self.s[end..];
            return Some(Type::Deferred(Arc::new(crate::DeferredType::new(id, ""))));
        }
        if self.eat("instance.jitclass.") {
            return self.jitclass().map(Type::JitClassInstance);
        }
        // Numba's `ellipsis` prints as `...`.
        if self.eat("...") {
            return Some(Type::Ellipsis);
        }
        if self.eat("reflected ") {
            return match self.ty()? {
                Type::List { dtype, initial, .. } => Some(Type::List { dtype, reflected: true, initial }),
                Type::Set { dtype, .. } => Some(Type::Set { dtype, reflected: true }),
                _ => None,
            };
        }
        let name = self.ident()?;
        if let Some(k) = NumericKind::from_name(name) {
            return Some(Type::Number(k));
        }
        match name {
            "boolean" => Some(Type::boolean()),
            "none" => Some(Type::NoneType),
            "unicode_type" => Some(Type::Unicode),
            "pyobject" => Some(Type::PyObject),
            "NumPyRandomGeneratorType" => Some(Type::NumPyRandomGenerator),
            class @ ("array" | "bytes" | "bytearray" | "memoryview") => {
                let buffer = match class {
                    "bytes" => Some(crate::BufferKind::Bytes),
                    "bytearray" => Some(crate::BufferKind::ByteArray),
                    "memoryview" => Some(crate::BufferKind::MemoryView),
                    _ => None,
                };
                self.eat("(").then_some(())?;
                let dtype = self.ty()?;
                self.eat(",").then_some(())?;
                self.skip_ws();
                let end = self.s.find('d')?;
                let ndim: u32 = self.s[..end].trim().parse().ok()?;
                self.s = &self.s[end + 1..];
                self.eat(",").then_some(())?;
                let layout = match self.ident()? {
                    "C" => Layout::C,
                    "F" => Layout::F,
                    "A" => Layout::A,
                    _ => return None,
                };
                self.eat(")").then_some(())?;
                Some(match buffer {
                    Some(kind) => Type::Array(Arc::new(ArrayType { buffer: Some(kind), ..ArrayType::new(dtype, ndim, layout, false) })),
                    None => Type::array(dtype, ndim, layout),
                })
            }
            "UniTuple" => {
                self.eat("(").then_some(())?;
                let dtype = self.ty()?;
                self.eat("x").then_some(())?;
                self.skip_ws();
                let end = self.s.find(')')?;
                let n: u32 = self.s[..end].trim().parse().ok()?;
                self.s = &self.s[end + 1..];
                Some(Type::unituple(dtype, n))
            }
            "Tuple" => {
                self.eat("(").then_some(())?;
                Some(Type::Tuple(self.list(")")?.into()))
            }
            "list" | "set" => {
                self.eat("(").then_some(())?;
                let dtype = self.ty()?;
                self.eat(")").then_some(())?;
                if name == "list" {
                    let mut initial = None;
                    if self.eat("<iv=") {
                        let end = self.s.find('>')?;
                        let value = &self.s[..end];
                        if value != "None" {
                            initial = Some(value.into());
                        }
                        self.s = &self.s[end + 1..];
                    }
                    Some(Type::list_with_initial(dtype, false, initial))
                } else {
                    Some(Type::set(dtype, false))
                }
            }
            "ListType" => {
                self.eat("[").then_some(())?;
                let dtype = self.ty()?;
                self.eat("]").then_some(())?;
                Some(Type::ListType(Arc::new(dtype)))
            }
            "DictType" => {
                self.eat("[").then_some(())?;
                let k = self.ty()?;
                self.eat(",").then_some(())?;
                let v = self.ty()?;
                self.eat("]").then_some(())?;
                let mut initial = None;
                if self.eat("<iv=") {
                    // `None`, or a dict's repr: up to its closing brace (strings in it may hold
                    // braces), then `>`.
                    let end = if self.s.starts_with('{') { closing_brace(self.s)? + 1 } else { self.s.find('>')? };
                    let value = &self.s[..end];
                    if value != "None" {
                        initial = Some(value.into());
                    }
                    self.s = &self.s[end..];
                    self.eat(">").then_some(())?;
                }
                Some(Type::dict_with_initial(k, v, initial))
            }
            "FunctionType" => {
                self.eat("[").then_some(())?;
                let ret = self.ty()?;
                self.eat("(").then_some(())?;
                let args = self.list(")")?;
                self.eat("]").then_some(())?;
                Some(Type::FunctionType(Arc::new(crate::Signature::new(ret, args))))
            }
            "OptionalType" => {
                self.eat("(").then_some(())?;
                let t = self.ty()?;
                self.eat(")").then_some(())?;
                Some(Type::optional(t))
            }
            "dtype" => {
                // A NumPy dtype object (`dtype(float64)`, what `np.dtype("f8")` is as a value).
                self.eat("(").then_some(())?;
                let t = self.ty()?;
                self.eat(")").then_some(())?;
                matches!(t, Type::Number(_)).then(|| Type::DType(Arc::new(t)))
            }
            "class" => {
                // A number class (`class(float64)`, what `np.float64` is as a value).
                self.eat("(").then_some(())?;
                let t = self.ty()?;
                self.eat(")").then_some(())?;
                matches!(t, Type::Number(_)).then(|| Type::NumberClass(Arc::new(t)))
            }
            "Literal" => {
                self.eat("[").then_some(())?;
                let kind = self.ident()?;
                self.eat("](").then_some(())?;
                let skip = if kind == "str" {
                    self.literals += 1;
                    self.skips.get(self.literals - 1).copied().unwrap_or(0) as usize
                } else {
                    0
                };
                let end = self.s.match_indices(')').nth(skip)?.0;
                let value = &self.s[..end];
                let t = match kind {
                    "int" => Type::IntegerLiteral(value.trim().parse().ok()?),
                    "bool" => Type::BooleanLiteral(value.trim() == "True"),
                    "str" => Type::StringLiteral(value.into()),
                    _ => return None,
                };
                self.s = &self.s[end + 1..];
                Some(t)
            }
            "omitted" => {
                // `omitted(default=<Python repr>)`: the repr runs to the parenthesis that closes
                // this one (a tuple or a string may hold parentheses).
                self.eat("(default=").then_some(())?;
                let (end, ')') = unmatched_close(self.s)? else { return None };
                let value = self.s[..end].trim();
                if value.is_empty() {
                    return None;
                }
                self.s = &self.s[end + 1..];
                Some(Type::Omitted(value.into()))
            }
            // A named tuple, `Point(int64 x 2)` or `Point(int64, float64)`: its fields are not
            // in the text (the class's module gives them).
            _ if self.s.starts_with('(') && !name.contains('.') => {
                self.eat("(").then_some(())?;
                let first = self.ty()?;
                let items = if self.eat("x") {
                    self.skip_ws();
                    let end = self.s.find(')')?;
                    let n: usize = self.s[..end].trim().parse().ok()?;
                    self.s = &self.s[end + 1..];
                    vec![first; n]
                } else if self.eat(")") {
                    vec![first]
                } else {
                    self.eat(",").then_some(())?;
                    let mut items = vec![first];
                    items.extend(self.list(")")?);
                    items
                };
                Some(Type::NamedTuple(Arc::new(crate::NamedTupleType { name: name.into(), fields: Vec::new(), items })))
            }
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_reprs_parse_and_type_as_numba_types_omitted_arguments() {
        let cases = [
            ("2.0", "float64"),
            ("8", "Literal[int](8)"),
            ("True", "Literal[bool](True)"),
            ("None", "none"),
            ("np.float32(1.5)", "float32"),
            ("np.float32(1e-06)", "float32"),
            ("np.int8(-3)", "int8"),
            ("np.True_", "bool"),
            ("np.complex128(1+2j)", "complex128"),
            ("(1+2j)", "complex128"),
            ("1.5j", "complex128"),
            ("(-0-1.5j)", "complex128"),
            ("(1, 2.0)", "Tuple(int64, float64)"),
            ("(1, 2)", "UniTuple(int64 x 2)"),
            ("(1,)", "UniTuple(int64 x 1)"),
            ("((1, 2), 3.5)", "Tuple(UniTuple(int64 x 2), float64)"),
            ("'abc'", "Literal[str](abc)"),
            ("inf", "float64"),
        ];
        for (repr, want) in cases {
            assert_eq!(omitted_value_type(repr).map(|t| t.to_string()).as_deref(), Some(want), "{repr}");
        }
        assert_eq!(PyRepr::parse("np.complex64(-0-1.5j)"), Some(PyRepr::NpScalar(NumericKind::Complex64, Box::new(PyRepr::Complex(-0.0, -1.5)))));
        for bad in ["np.float32(", "(1, 2", "np.nothing(1)", "foo", "[1, 2]"] {
            assert_eq!(PyRepr::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn char_sequences_parse_back() {
        for t in [Type::CharSeq(3), Type::UnicodeCharSeq(2)] {
            assert_eq!(parse_type(&t.to_string()), Some(t.clone()));
        }
        assert_eq!(Type::CharSeq(3).to_string(), "[char x 3]");
    }

    #[test]
    fn generator_types_print_their_arguments_as_numba_reprs_and_parse_back() {
        let args = vec![
            Type::array(Type::float64(), 2, Layout::A),
            Type::unituple(Type::int64(), 2),
            Type::tuple(vec![Type::int64(), Type::float32()]),
            Type::list(Type::int64(), true),
            Type::ListType(Arc::new(Type::Unicode)),
            Type::UnicodeCharSeq(3),
            Type::complex128(),
        ];
        let t = Type::Generator(Arc::new(crate::GeneratorType { yield_type: Type::float64(), func_name: "gen".into(), args }));
        let text = t.to_string();
        assert_eq!(
            text,
            "float64 generator(func=<function gen at 0x?>, args=(Array(float64, 2, 'A', False, aligned=True), UniTuple(int64, 2), \
             Tuple((int64, float32)), List(int64, True), ListType(unicode_type), UnicodeCharSeq(3), complex128), has_finalizer=True)"
        );
        assert_eq!(parse_type(&text), Some(t));
        let one = Type::Generator(Arc::new(crate::GeneratorType { yield_type: Type::int64(), func_name: "g".into(), args: vec![Type::int64()] }));
        assert_eq!(parse_type(&one.to_string()), Some(one));
    }

    #[test]
    fn ellipsis_parses_back() {
        let t = Type::tuple(vec![Type::Ellipsis, Type::int64()]);
        assert_eq!(t.to_string(), "Tuple(..., int64)");
        assert_eq!(parse_type("Tuple(..., int64)"), Some(t));
    }

    #[test]
    fn jitclass_instance_types_parse_back_without_members() {
        let text = "instance.jitclass.Bag#7f00ab12cd34<value:int32,array:array(float32, 1d, A),pair:UniTuple(float64 x 2)>";
        let t = parse_type(text).expect("parses");
        assert_eq!(t.to_string(), text);
        let Type::JitClassInstance(c) = &t else { panic!("not an instance: {t}") };
        assert_eq!((&*c.name, c.id, c.fields.len(), c.members.len()), ("Bag", 0x7f00ab12cd34, 3, 0));
        assert_eq!(
            parse_type("Tuple(Literal[str](a)), int64)"),
            Some(Type::tuple(vec![Type::StringLiteral("a)".into()), Type::int64()]))
        );
        assert_eq!(
            parse_type("Tuple(Literal[str](x), Literal[str](y))"),
            Some(Type::tuple(vec![Type::StringLiteral("x".into()), Type::StringLiteral("y".into())]))
        );
        assert_eq!(parse_type("list(instance.jitclass.E#1<>)<iv=None>").map(|t| t.to_string()).as_deref(), Some("list(instance.jitclass.E#1<>)<iv=None>"));
        for bad in ["instance.jitclass.Bag#<x:int64>", "instance.jitclass.Bag#7f<x int64>", "instance.jitclass.Bag#7f<x:int64"] {
            assert_eq!(parse_type(bad), None, "{bad}");
        }
    }
}
