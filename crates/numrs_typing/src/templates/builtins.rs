//! Builtin functions whose typing depends on argument kinds (Numba's `typing/builtins.py`
//! abstract templates and the `@overload`s of `numba/cpython`).

use numrs_types::{unify_many, IteratorKind, Signature, Type};

use crate::registry::{AbstractFn, CallError, CallResult};

pub(super) const TEMPLATES: &[(&str, AbstractFn)] = &[
    ("builtins.hasattr", hasattr),
    ("builtins.getattr", getattr_default),
    ("builtins.len", literal_dict_len),
    ("builtins.len", len),
    ("builtins.bool", bool_),
    ("builtins.int", int),
    ("builtins.float", float),
    ("builtins.complex", complex),
    ("builtins.print", print),
    ("builtins.min", min_max),
    ("builtins.max", min_max),
    ("builtins.enumerate", enumerate),
    ("builtins.zip", zip),
    ("builtins.abs", abs_),
    ("builtins.sum", sum),
    ("builtins.divmod", divmod),
    ("builtins.hash", hash),
    ("builtins.isinstance", isinstance),
    ("builtins.type", type_),
    ("builtins.iter", iter),
    ("builtins.next", next),
    ("builtins.tuple", tuple_),
    ("builtins.reveal_type", reveal_type),
    ("numba.literal_unroll", literal_unroll),
    ("numba.literally", literally),
    ("numba.to_fixed_tuple", to_fixed_tuple),
    ("numba.get_num_threads", get_num_threads),
    ("numba.get_thread_id", get_thread_id),
    ("numba.set_num_threads", set_num_threads),
    ("numba.get_parallel_chunksize", get_parallel_chunksize),
    ("numba.set_parallel_chunksize", set_parallel_chunksize),
];

/// `numba.set_num_threads(n)` (Numba's `ol_set_num_threads`): an integer, checked when it
/// runs.
fn set_num_threads(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    match (args, kws.is_empty()) {
        ([n], true) if n.is_integer() => sig(Type::NoneType, args),
        ([_], true) => Err(CallError::typing("The number of threads specified must be an integer")),
        _ => Ok(None),
    }
}

/// `numba.get_parallel_chunksize()`: the C library's `unsigned int`.
fn get_parallel_chunksize(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    if !args.is_empty() || !kws.is_empty() {
        return Ok(None);
    }
    sig(Type::Number(numrs_types::NumericKind::UInt32), args)
}

/// `numba.set_parallel_chunksize(n)`: the size before, as `get_parallel_chunksize` gives it.
fn set_parallel_chunksize(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    match (args, kws.is_empty()) {
        ([n], true) if n.is_integer() => sig(Type::Number(numrs_types::NumericKind::UInt32), args),
        ([_], true) => Err(CallError::typing("The parallel chunksize must be an integer")),
        _ => Ok(None),
    }
}

/// `numba.get_num_threads()`: the threads `prange` loops use, an `int32` as Numba's.
fn get_num_threads(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    if !args.is_empty() || !kws.is_empty() {
        return Ok(None);
    }
    sig(Type::Number(numrs_types::NumericKind::Int32), args)
}

/// `numba.get_thread_id()`: the running thread's index among them (`int64`).
fn get_thread_id(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    if !args.is_empty() || !kws.is_empty() {
        return Ok(None);
    }
    sig(Type::int64(), args)
}

/// `numba.np.unsafe.ndarray.to_fixed_tuple(array, length)`: the first `length` items of a 1-d
/// array as a `UniTuple(dtype, length)`; the length must be a constant.
fn to_fixed_tuple(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let [Type::Array(a), length] = args else { return Ok(None) };
    if !kws.is_empty() {
        return Ok(None);
    }
    let Type::IntegerLiteral(n) = length else {
        return Err(CallError::typing("*length* argument must be a constant"));
    };
    if a.ndim != 1 {
        return Err(CallError::typing(format!("Not supported on array.ndim={}", a.ndim)));
    }
    let Ok(n) = u32::try_from(*n) else { return Err(CallError::typing("*length* argument must be a non-negative constant")) };
    sig(Type::UniTuple(std::sync::Arc::new(a.dtype.clone()), n), args)
}

/// `numba.literal_unroll(container)` outside a `for` loop (where numrs unrolls the loop, as
/// Numba versions it): the container (Numba's overload is the identity), its items' literal
/// types dropped. A loop over one of the function's arguments that is not a tuple is refused
/// after typing (Numba's literal_unroll pass).
fn literal_unroll(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let [t] = args else { return Ok(None) };
    if !kws.is_empty() {
        return Ok(None);
    }
    let plain = match t {
        Type::Tuple(items) => Type::tuple(items.iter().map(Type::unliteral).collect()),
        t => t.unliteral(),
    };
    sig(plain, args)
}

/// `numba.literally(x)`: `x` itself when its type is a literal. Otherwise Numba's dispatcher
/// compiles the function again with that argument's value as a literal (`ForceLiteralArg`),
/// which a typing for given types (an explicit signature) cannot.
fn literally(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let [t] = args else { return Ok(None) };
    if !kws.is_empty() {
        return Ok(None);
    }
    if t.unliteral() == *t {
        return Err(CallError {
            kind: "ForceLiteralArg",
            message: format!("numba.literally() of a {t}: Numba compiles the function again with the value as a literal, which it cannot for given argument types"),
        });
    }
    sig(t.clone(), args)
}

/// `type(x)`: the class of `x` (Numba's `TypeBuiltin`, `x.__class__` of the unliteral type).
fn type_(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let [t] = args else { return Ok(None) };
    if !kws.is_empty() {
        return Ok(None);
    }
    match super::attributes::resolve(&t.unliteral(), "__class__") {
        Some(class) => sig(class, args),
        None => Ok(None),
    }
}

fn sig(ret: Type, args: &[Type]) -> CallResult {
    Ok(Some(Signature::new(ret, args.to_vec())))
}

fn len(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    if args.len() != 1 || !kws.is_empty() {
        return Ok(None);
    }
    match &args[0] {
        Type::Array(_)
        | Type::UniTuple(..)
        | Type::Tuple(_)
        | Type::NamedTuple(_)
        | Type::List { .. }
        | Type::ListType(_)
        | Type::DictType(_)
        | Type::DictView(..)
        | Type::Set { .. }
        | Type::Unicode
        | Type::CharSeq(_)
        | Type::StringLiteral(_) => sig(Type::intp(), args),
        // Numba's `Len`: a range's own integer type (`int32` for `range(int32)`).
        Type::Range(k) => sig(k.yield_type(), args),
        // `len(a.flat)` (Numba's `NumpyFlatType`).
        Type::Iterator(k) if matches!(**k, numrs_types::IteratorKind::Flat(_)) => sig(Type::intp(), args),
        _ => Ok(None),
    }
}

/// `hasattr(x, "name")` with a constant name: whether the attribute resolves on `x`'s type
/// (Numba's `resolve_hasattr`: a literal boolean).
fn hasattr(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    match (args, kws.is_empty()) {
        ([obj, Type::StringLiteral(name)], true) => sig(Type::BooleanLiteral(crate::resolve_getattr(obj, name).is_some()), args),
        _ => Ok(None),
    }
}

/// `getattr(x, "name", default)` with a constant name: the attribute's type when it resolves
/// on `x`'s type, else the default's (Numba's `ol_getattr_3`). (`getattr(x, "name")` is
/// lowered as the attribute itself.)
fn getattr_default(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    match (args, kws.is_empty()) {
        ([obj, Type::StringLiteral(name), default], true) => match crate::resolve_getattr(obj, name) {
            Some(t) => sig(t, args),
            None => sig(default.clone(), args),
        },
        _ => Ok(None),
    }
}

/// `len()` of a `LiteralStrKey[Dict]` (Numba's `literalstrkeydict_impl_len`, an `@overload`
/// returning the constant count: `Literal[int](n)`). Tried before the generic `len`, whose
/// first attempt (literals stripped) would see the dict as the tuple of its values.
fn literal_dict_len(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    match (args, kws.is_empty()) {
        ([Type::LiteralStrKeyDict(items)], true) => sig(Type::IntegerLiteral(items.len() as i128), args),
        ([Type::LiteralList(items)], true) => sig(Type::IntegerLiteral(items.len() as i128), args),
        _ => Ok(None),
    }
}

fn bool_(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    match args {
        [] => sig(Type::boolean(), args),
        [t] => match t {
            Type::NoneType => sig(Type::BooleanLiteral(false), args),
            Type::Number(_)
            | Type::IntegerLiteral(_)
            | Type::BooleanLiteral(_)
            | Type::Unicode
            | Type::StringLiteral(_)
            | Type::List { .. }
            | Type::ListType(_)
            | Type::DictType(_)
            | Type::Set { .. }
            | Type::UniTuple(..)
            | Type::Tuple(_)
            | Type::NamedTuple(_)
            | Type::Array(_) => sig(Type::boolean(), args),
            _ => Ok(None),
        },
        _ => Ok(None),
    }
}

/// `int(x)`: integers keep their type, floats and booleans give `int64`; no `int(str)`.
fn int(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    if !kws.is_empty() {
        return Ok(None);
    }
    match args {
        [t] if t.is_integer() => sig(t.unliteral(), args),
        [t] if t.is_float() || t.is_boolean() => sig(Type::intp(), args),
        _ => Ok(None),
    }
}

/// `float(x)`: integers give `float64`, floats keep their type; no `float(bool)`/`float(str)`.
fn float(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    if !kws.is_empty() {
        return Ok(None);
    }
    match args {
        [t] if t.is_integer() => sig(Type::float64(), args),
        [t] if t.is_float() => sig(t.unliteral(), args),
        // A string literal is converted when compiling (Numba's `float_literal_impl`).
        [Type::StringLiteral(s)] => match python_float(s) {
            Some(_) => sig(Type::float64(), args),
            None => Err(crate::registry::CallError { kind: "ValueError", message: format!("could not convert string to float: '{s}'") }),
        },
        _ => Ok(None),
    }
}

/// Python's `float(text)` of a string: surrounding whitespace ignored, `_` between digits,
/// `inf`/`infinity`/`nan` in any case.
pub fn python_float(text: &str) -> Option<f64> {
    let t = text.trim();
    let chars: Vec<char> = t.chars().collect();
    let mut clean = String::with_capacity(t.len());
    for (i, c) in chars.iter().enumerate() {
        if *c == '_' {
            let digit = |j: Option<&char>| j.is_some_and(|c| c.is_ascii_digit());
            if !(i > 0 && digit(chars.get(i - 1)) && digit(chars.get(i + 1))) {
                return None;
            }
            continue;
        }
        clean.push(*c);
    }
    let body = clean.trim_start_matches(['+', '-']);
    if clean.len() - body.len() > 1 {
        return None;
    }
    let word = body.to_ascii_lowercase();
    if matches!(word.as_str(), "inf" | "infinity" | "nan") {
        let neg = clean.starts_with('-');
        let v = if word == "nan" { f64::NAN } else { f64::INFINITY };
        return Some(if neg { -v } else { v });
    }
    // Rust's grammar is Python's for decimal numbers, but for the words handled above.
    if body.is_empty() || !body.chars().next().is_some_and(|c| c.is_ascii_digit() || c == '.') {
        return None;
    }
    clean.parse::<f64>().ok()
}

fn complex(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    match args {
        // Numba's `Complex`: complex64 when every argument is float32.
        [a] | [a, _] if a.is_number() && args.iter().all(Type::is_number) => {
            let single = args.iter().all(|t| t.unliteral() == Type::float32());
            sig(if single { Type::Number(numrs_types::NumericKind::Complex64) } else { Type::complex128() }, args)
        }
        _ => Ok(None),
    }
}

fn print(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    sig(Type::NoneType, args)
}

/// `abs()` of numbers is a concrete template; Numba has none for arrays (`abs(a)` is a
/// TypingError; `np.abs(a)` is the ufunc).
fn abs_(_args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    Ok(None)
}

/// `min`/`max` over scalars (unified) or over one iterable (its element type); a single
/// number is `ol_max(*x)`'s vararg case.
fn min_max(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    if !kws.is_empty() {
        return Ok(None);
    }
    match args {
        [] => Ok(None),
        [single] if single.is_number() || single.is_datetime_like() => sig(single.unliteral(), args),
        [single] => {
            // An iterable (not a tuple) goes through Numba's `iterable_min`/`iterable_max`
            // overloads, whose `<`/`>` do not type on complex numbers.
            let complex_items = !single.is_base_tuple() && single.iterator_type().and_then(|it| it.yield_type()).is_some_and(|y| y.is_complex());
            if complex_items {
                return Ok(None);
            }
            if let Type::Array(a) = single {
                return sig(a.dtype.clone(), args);
            }
            match single.iterator_type().and_then(|it| it.yield_type()) {
                // The items' values are computed at run time (a set display of one literal yields
                // its literal type, but may have been emptied since).
                Some(y) => sig(y.unliteral(), args),
                None => match single {
                    Type::Tuple(items) => match unify_many(items) {
                        Some(t) => sig(t, args),
                        None => Ok(None),
                    },
                    _ => Ok(None),
                },
            }
        }
        many => {
            // Numbers, or datetimes/timedeltas (`ol_max_datetime`), of one unified type.
            if !many.iter().all(|t| t.is_number() || t.is_datetime_like()) {
                return Ok(None);
            }
            match unify_many(many) {
                Some(t) => sig(t, args),
                None => Ok(None),
            }
        }
    }
}

/// Numba's `Enumerate` template: `assert not kws`, and an integer start.
fn enumerate(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    if !kws.is_empty() {
        return Err(CallError::no_keywords(kws));
    }
    if let [_, start] = args {
        if !start.is_integer() {
            return Err(CallError {
                kind: "NumbaTypeError",
                message: "Only integers supported as start value in enumerate".into(),
            });
        }
    }
    match args {
        [it] | [it, _] => match it.iterator_type() {
            Some(inner) => sig(Type::iterator(IteratorKind::Enumerate(inner)), args),
            None => Ok(None),
        },
        _ => Ok(None),
    }
}

/// Numba's `Zip` template: `assert not kws` (`strict=True` included).
fn zip(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    if !kws.is_empty() {
        return Err(CallError::no_keywords(kws));
    }
    let iters: Option<Vec<Type>> = args.iter().map(Type::iterator_type).collect();
    match iters {
        Some(items) => sig(Type::iterator(IteratorKind::Zip(items)), args),
        None => Ok(None),
    }
}


/// `reveal_type(x)`: a numrs testing aid, accepts anything and returns `none`.
fn reveal_type(args: &[Type], _kws: &[(String, Type)]) -> CallResult {
    match args {
        [_] => sig(Type::NoneType, args),
        _ => Ok(None),
    }
}

/// `ol_sum(iterable, start=0)`: `acc = start; for x in iterable: acc = acc + x`.
fn sum(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let (iterable, start) = match (args, kws) {
        ([it], []) => (it, Type::int64()),
        ([it, s], []) => (it, s.clone()),
        ([it], [(k, s)]) if k == "start" => (it, s.clone()),
        _ => return Ok(None),
    };
    // `ol_sum` rejects `UnicodeType` only; a literal string start passes on the literal retry.
    if matches!(start, Type::Unicode) {
        return Err(CallError::typing("sum() can't sum strings [use ''.join(seq) instead]"));
    }
    let items: Vec<Type> = match iterable {
        Type::Array(a) if a.ndim == 1 => vec![a.dtype.clone()],
        Type::Array(_) => return Ok(None),
        Type::Tuple(items) => items.to_vec(),
        Type::UniTuple(..) | Type::NamedTuple(_) | Type::List { .. } | Type::ListType(_) | Type::Range(_) => {
            match iterable.iterator_type().and_then(|it| it.yield_type()) {
                Some(y) => vec![y],
                None => return Ok(None),
            }
        }
        _ => return Ok(None),
    };
    let mut acc = start.unliteral();
    // The loop-carried accumulator: iterate `acc = unify(acc, acc + x)` to a fixed point.
    for _ in 0..4 {
        let mut next = acc.clone();
        for x in &items {
            let Some(s) = crate::registry::resolve_call("operator.add", &[next.clone(), x.clone()], &[])? else {
                return Ok(None);
            };
            next = match numrs_types::unify_pairs(&next, &s.return_type) {
                Some(u) => u,
                None => return Ok(None),
            };
        }
        if next == acc {
            break;
        }
        acc = next;
    }
    sig(acc, args)
}

/// `hash(x)` (`hashing.hash_overload`): `int64` for values with a `__hash__`; anything else
/// compiles to `raise TypeError`, so the call is typed `none`.
fn hash(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    /// Numba hashes a tuple item by item (`literal_unroll`): an empty tuple, or one holding
    /// one, has no implementation.
    fn hashable(t: &Type) -> bool {
        match t.tuple_items() {
            Some(items) => !items.is_empty() && items.iter().all(hashable),
            None => t.is_number() || t.is_string(),
        }
    }
    match (args, kws) {
        ([t], []) if t.is_base_tuple() && !hashable(t) => Ok(None),
        ([t], []) if t.is_number() || t.is_string() || t.is_base_tuple() || t.is_datetime_like() => sig(Type::int64(), args),
        // Numba's `intenum_hash`: the value's hash.
        ([Type::EnumMember(e)], []) if e.int_enum => sig(Type::int64(), args),
        // An optional value is not matched: `apply` retries with it unpacked.
        ([Type::Optional(_)], []) => Ok(None),
        ([_], []) => sig(Type::NoneType, args),
        _ => Ok(None),
    }
}

/// The Numba type class a Python class names in `isinstance`, as a predicate.
fn isinstance_class(cls: &Type, value: &Type) -> Option<bool> {
    // A jitclass: its instances (Numba compares the instance types' keys).
    if let Type::JitClass(c) = cls {
        return Some(matches!(value, Type::JitClassInstance(i) if i.name == c.name && i.id == c.id && i.fields == c.fields));
    }
    // `np.datetime64`/`np.timedelta64`: a datetime (timedelta) of any unit; another NumPy
    // scalar class: that type exactly.
    if let Type::NumberClass(inner) = cls {
        let v = value.unliteral();
        return Some(match &**inner {
            Type::NPDatetime(_) => matches!(v, Type::NPDatetime(_)),
            Type::NPTimedelta(_) => matches!(v, Type::NPTimedelta(_)),
            t => v == *t,
        });
    }
    let Type::Function(key) = cls else { return None };
    // A dict of string keys and values of several types is itself (no tuple).
    let v = if matches!(value, Type::LiteralStrKeyDict(_)) { value.clone() } else { value.unliteral() };
    // Numba's `ol_isinstance` compares with `as_numba_type` of the class exactly: `int` is
    // int64 only (not int8, uint64 or bool), `float` float64, `complex` complex128.
    Some(match &**key {
        "builtins.int" => v == Type::int64(),
        "builtins.float" => v == Type::float64(),
        "builtins.complex" => v == Type::complex128(),
        "builtins.bool" => v.is_boolean(),
        "builtins.str" => v == Type::Unicode,
        // Numba's `types_not_registered`: `list` is a reflected list (not a typed List), `dict`
        // a typed dict or a dict of string keys and values of several types.
        "builtins.list" => matches!(v, Type::List { .. }),
        "builtins.dict" => matches!(v, Type::DictType(_) | Type::LiteralStrKeyDict(_)),
        "builtins.set" => matches!(v, Type::Set { .. }),
        "builtins.bytes" => matches!(&v, Type::Array(a) if a.buffer == Some(numrs_types::BufferKind::Bytes)),
        "builtins.range" => matches!(v, Type::Range(_)),
        // `BaseAnonymousTuple`: a named tuple is not a `tuple` here.
        "builtins.tuple" => v.is_tuple(),
        "numpy.ndarray" => matches!(v, Type::Array(_)),
        _ => return None,
    })
}

/// `isinstance(x, cls)` / `isinstance(x, (cls, ...))`: a compile-time constant.
fn isinstance(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let ([value, cls], []) = (args, kws) else { return Ok(None) };
    // `ol_isinstance` refuses the types it does not list (named tuples among them).
    if matches!(value, Type::NamedTuple(_) | Type::NamedTupleClass(_)) {
        return Err(CallError::typing(format!("isinstance() does not support variables of type \"{value}\".")));
    }
    let answer = match cls.tuple_items() {
        Some(classes) => {
            let mut any = false;
            for c in &classes {
                match isinstance_class(c, value) {
                    Some(b) => any |= b,
                    None => return Ok(None),
                }
            }
            any
        }
        None => match isinstance_class(cls, value) {
            Some(b) => b,
            None => return Ok(None),
        },
    };
    sig(Type::BooleanLiteral(answer), args)
}

/// `iter(x)`: the iterator type of an iterable.
fn iter(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    match (args, kws) {
        ([Type::Tuple(_)], []) => Ok(None),
        ([t], []) => match t.iterator_type() {
            Some(it) => sig(it, args),
            None => Ok(None),
        },
        _ => Ok(None),
    }
}

/// `next(iterator)`: the iterator's yield type.
fn next(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    match (args, kws) {
        ([t @ (Type::Iterator(_) | Type::Generator(_))], []) => match t.yield_type() {
            Some(y) => sig(y, args),
            None => Ok(None),
        },
        _ => Ok(None),
    }
}

/// `tuple()` / `tuple(t)` for tuples only (`TupleConstructor`).
fn tuple_(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    match (args, kws) {
        ([], []) => sig(Type::Tuple(Vec::new().into()), args),
        ([t], []) if t.is_base_tuple() => sig(t.clone(), args),
        _ => Ok(None),
    }
}

/// `divmod`: Numba's concrete cases (their tuple results are not in the generated tables).
fn divmod(args: &[Type], kws: &[(String, Type)]) -> CallResult {
    if !kws.is_empty() {
        return Ok(None);
    }
    let cases: Vec<Signature> = [Type::int64(), Type::uint64(), Type::float32(), Type::float64()]
        .into_iter()
        .map(|t| Signature::new(Type::unituple(t.clone(), 2), vec![t.clone(), t]))
        .collect();
    Ok(crate::registry::resolve_concrete(&cases, args))
}
