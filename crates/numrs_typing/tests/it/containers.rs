//! Container, string and builtin typing, each expectation checked against Numba 0.68.1.

use std::sync::Arc;

use numrs_types::{Layout, Type};
use numrs_typing::{builtin_global, refine_receiver, resolve_call, resolve_getattr};

fn i64() -> Type {
    Type::int64()
}
fn f64() -> Type {
    Type::float64()
}
fn u() -> Type {
    Type::Unicode
}
fn lst(t: Type) -> Type {
    Type::list(t, false)
}
fn dict(k: Type, v: Type) -> Type {
    Type::dict(k, v)
}
fn set(t: Type) -> Type {
    Type::set(t, false)
}
fn s(text: &str) -> Type {
    Type::StringLiteral(Arc::from(text))
}
fn class(t: Type) -> Type {
    Type::NumberClass(Arc::new(t))
}

/// The return type of `key(args)`, as Numba spells it, or "NONE" when nothing matches and
/// "ERR" on a definite error.
fn ret(key: &str, args: &[Type]) -> String {
    ret_kw(key, args, &[])
}

fn ret_kw(key: &str, args: &[Type], kws: &[(String, Type)]) -> String {
    match resolve_call(key, args, kws) {
        Ok(Some(sig)) => sig.return_type.to_string(),
        Ok(None) => "NONE".into(),
        Err(_) => "ERR".into(),
    }
}

/// Call method `attr` of a receiver, as the engine does (`getattr`, then the bound key).
fn method(recv: &Type, attr: &str, args: &[Type]) -> String {
    let Some(Type::BoundFunction(b)) = resolve_getattr(recv, attr) else { return "NOATTR".into() };
    let mut full = vec![b.1.clone()];
    full.extend(args.iter().cloned());
    ret(&b.0, &full)
}

#[test]
fn list_methods() {
    let l = lst(f64());
    assert_eq!(method(&l, "copy", &[]), "list(float64)<iv=None>");
    assert_eq!(method(&l, "count", &[i64()]), "int64");
    assert_eq!(method(&l, "index", &[f64()]), "int64");
    assert_eq!(method(&l, "index", &[f64(), i64(), i64()]), "int64");
    for (m, a) in [("remove", vec![f64()]), ("reverse", vec![]), ("sort", vec![]), ("clear", vec![])] {
        assert_eq!(method(&l, m, &a), "none", "{m}");
    }
    assert_eq!(method(&l, "insert", &[i64(), i64()]), "none");
    assert_eq!(method(&l, "extend", &[Type::unituple(i64(), 2)]), "none");
    assert_eq!(method(&l, "append", &[Type::boolean()]), "none");
    assert_eq!(method(&l, "pop", &[]), "float64");
    assert_eq!(method(&l, "pop", &[i64()]), "float64");
    // xs.pop(1.5): Invalid use of BoundFunction(list.pop ...)
    assert_eq!(method(&lst(i64()), "pop", &[f64()]), "NONE");
    // xs.index("a") on a list of ints types fine (the comparison is constant False).
    assert_eq!(method(&lst(i64()), "index", &[s("a")]), "int64");
    assert_eq!(method(&l, "format", &[]), "NOATTR");
    let r = Type::list(i64(), true);
    assert_eq!(method(&r, "append", &[i64()]), "none");
    assert_eq!(r.to_string(), "reflected list(int64)<iv=None>");
}

#[test]
fn list_append_errors_and_refinement() {
    // 0123 append_str, 0207 mixed_dims
    assert_eq!(method(&lst(i64()), "append", &[s("x")]), "NONE");
    let a1 = Type::array(f64(), 1, Layout::C);
    let a2 = Type::array(f64(), 2, Layout::C);
    assert_eq!(method(&lst(a1.clone()), "append", &[a2]), "NONE");
    // xs = [1]; xs.append(n: float64) makes xs a list(float64).
    let refined = refine_receiver("list.append", &lst(i64()), &[f64()]);
    assert_eq!(refined.map(|t| t.to_string()).as_deref(), Some("list(float64)<iv=None>"));
    // ys = []; ys.append(n)
    let refined = refine_receiver("list.append", &lst(Type::Undefined), &[i64()]);
    assert_eq!(refined.map(|t| t.to_string()).as_deref(), Some("list(int64)<iv=None>"));
    let refined = refine_receiver("list.append", &lst(Type::Undefined), &[Type::IntegerLiteral(7)]);
    assert_eq!(refined.map(|t| t.to_string()).as_deref(), Some("list(int64)<iv=None>"));
    let refined = refine_receiver("list.append", &lst(Type::Undefined), &[a1]);
    assert_eq!(refined.map(|t| t.to_string()).as_deref(), Some("list(array(float64, 1d, C))<iv=None>"));
    let refined = refine_receiver("list.extend", &lst(Type::Undefined), &[Type::Range(numrs_types::RangeKind::Int64)]);
    assert_eq!(refined.map(|t| t.to_string()).as_deref(), Some("list(int64)<iv=None>"));
    let refined = refine_receiver("list.insert", &lst(i64()), &[i64(), f64()]);
    assert_eq!(refined.map(|t| t.to_string()).as_deref(), Some("list(float64)<iv=None>"));
    // No change: no refinement.
    assert_eq!(refine_receiver("list.append", &lst(f64()), &[i64()]), None);
    assert_eq!(refine_receiver("list.append", &lst(i64()), &[u()]), None);
}

#[test]
fn list_operators_and_builtins() {
    let l = lst(f64());
    assert_eq!(ret("operator.add", &[l.clone(), lst(i64())]), "list(float64)<iv=None>");
    assert_eq!(ret("operator.mul", &[l.clone(), i64()]), "list(float64)<iv=None>");
    assert_eq!(ret("operator.mul", &[i64(), l.clone()]), "list(float64)<iv=None>");
    assert_eq!(ret("operator.eq", &[l.clone(), lst(i64())]), "bool");
    assert_eq!(ret("operator.ne", &[l.clone(), lst(i64())]), "bool");
    assert_eq!(ret("operator.lt", &[l.clone(), lst(f64())]), "bool");
    assert_eq!(ret("operator.contains", &[l.clone(), i64()]), "bool");
    assert_eq!(ret("operator.contains", &[l.clone(), s("s")]), "bool");
    assert_eq!(ret("operator.getitem", &[l.clone(), Type::Slice2]), "list(float64)<iv=None>");
    assert_eq!(ret("operator.getitem", &[l.clone(), Type::IntegerLiteral(-1)]), "float64");
    assert_eq!(ret("operator.getitem", &[lst(i64()), f64()]), "NONE");
    assert_eq!(ret("operator.iadd", &[l.clone(), lst(i64())]), "list(float64)<iv=None>");
    assert_eq!(ret("operator.iadd", &[l.clone(), lst(u())]), "NONE");
    assert_eq!(ret("operator.setitem", &[lst(i64()), i64(), f64()]), "none");
    assert_eq!(ret("builtins.list", &[]), "list(undefined)<iv=None>");
    assert_eq!(ret("builtins.list", &[Type::Range(numrs_types::RangeKind::Int64)]), "list(int64)<iv=None>");
    assert_eq!(ret("builtins.list", &[u()]), "list(unicode_type)<iv=None>");
    assert_eq!(ret("builtins.list", &[dict(i64(), f64())]), "list(int64)<iv=None>");
    assert_eq!(
        ret("builtins.list", &[Type::array(f64(), 2, Layout::A)]),
        "list(array(float64, 1d, A))<iv=None>"
    );
    assert_eq!(ret("builtins.sorted", &[Type::array(f64(), 1, Layout::A)]), "list(float64)<iv=None>");
    assert_eq!(ret("builtins.sorted", &[Type::unituple(i64(), 2)]), "list(int64)<iv=None>");
    assert_eq!(
        ret_kw("builtins.sorted", &[lst(i64())], &[("reverse".into(), Type::BooleanLiteral(true))]),
        "list(int64)<iv=None>"
    );
    assert_eq!(ret("builtins.len", &[l.clone()]), "int64");
    assert_eq!(ret("builtins.bool", &[l]), "bool");
}

#[test]
fn typed_list() {
    let tl = Type::ListType(Arc::new(i64()));
    assert_eq!(tl.to_string(), "ListType[int64]");
    assert_eq!(method(&tl, "append", &[i64()]), "none");
    // 0127 tl_push: lst.append("s") on ListType[float64]
    assert_eq!(method(&Type::ListType(Arc::new(f64())), "append", &[s("s")]), "NONE");
    assert_eq!(method(&tl, "pop", &[]), "int64");
    assert_eq!(ret("operator.getitem", &[tl.clone(), i64()]), "int64");
    assert_eq!(ret("builtins.len", &[tl.clone()]), "int64");
    assert_eq!(ret("numba.typed.List", &[]), "ListType[undefined]");
    assert_eq!(ret("numba.typed.List.empty_list", &[class(i64())]), "ListType[int64]");
    let refined = refine_receiver("typedlist.append", &Type::ListType(Arc::new(Type::Undefined)), &[f64()]);
    assert_eq!(refined.map(|t| t.to_string()).as_deref(), Some("ListType[float64]"));
    assert_eq!(resolve_getattr(&Type::function("numba.typed.List"), "empty_list"), Some(Type::function("numba.typed.List.empty_list")));
}

#[test]
fn dicts() {
    let d = dict(i64(), f64());
    assert_eq!(d.to_string(), "DictType[int64,float64]<iv=None>");
    assert_eq!(method(&d, "get", &[i64()]), "OptionalType(float64)");
    // Numba 0.68.1: `d.get(k, 1.5)` on DictType[int64,float64] is OptionalType(float64), and
    // `d.get(k, 0)` on DictType[int64,int64] is OptionalType(int64) (`_dict_lookup` yields an
    // Optional value; checked with njit signatures, and case 1423).
    assert_eq!(method(&d, "get", &[i64(), f64()]), "OptionalType(float64)");
    assert_eq!(method(&dict(i64(), i64()), "get", &[i64(), Type::IntegerLiteral(0)]), "OptionalType(int64)");
    assert_eq!(method(&dict(i64(), i64()), "get", &[f64()]), "NONE");
    assert_eq!(method(&dict(i64(), i64()), "get", &[s("x")]), "NONE");
    // 0134: p = d.pop(1) is OptionalType(float64)
    assert_eq!(method(&d, "pop", &[Type::IntegerLiteral(1)]), "OptionalType(float64)");
    assert_eq!(method(&d, "update", &[dict(i64(), f64())]), "none");
    assert_eq!(method(&d, "popitem", &[]), "Tuple(int64, float64)");
    assert_eq!(method(&d, "copy", &[]), "DictType[int64,float64]<iv=None>");
    assert_eq!(method(&d, "setdefault", &[i64(), f64()]), "float64");
    // 0131 counts: d.get on the still-empty dict fails.
    assert_eq!(method(&dict(Type::Undefined, Type::Undefined), "get", &[i64(), i64()]), "NONE");
    // Iterating items()/keys()/values().
    let items = resolve_call("dict.items", &[d.clone()], &[]).ok().flatten().map(|s| s.return_type);
    let y = items.and_then(|t| t.iterator_type()).and_then(|t| t.yield_type());
    assert_eq!(y.map(|t| t.to_string()).as_deref(), Some("Tuple(int64, float64)"));
    let vals = resolve_call("dict.values", &[d.clone()], &[]).ok().flatten().map(|s| s.return_type);
    let y = vals.and_then(|t| t.iterator_type()).and_then(|t| t.yield_type());
    assert_eq!(y.map(|t| t.to_string()).as_deref(), Some("float64"));
    // getitem / contains cast the key (0242 dict_wrong_key_get, "x" in d).
    assert_eq!(ret("operator.getitem", &[d.clone(), i64()]), "float64");
    assert_eq!(ret("operator.getitem", &[dict(i64(), f64()), s("a")]), "NONE");
    assert_eq!(ret("operator.getitem", &[dict(i64(), i64()), f64()]), "NONE");
    assert_eq!(ret("operator.contains", &[dict(u(), f64()), u()]), "bool");
    assert_eq!(ret("operator.contains", &[dict(i64(), i64()), s("x")]), "NONE");
    assert_eq!(ret("operator.contains", &[dict(i64(), i64()), f64()]), "NONE");
    assert_eq!(ret("builtins.len", &[d.clone()]), "int64");
    // setitem: precise dicts cast (0135 bump, 0132 record), imprecise ones refine.
    assert_eq!(ret("operator.setitem", &[dict(i64(), i64()), i64(), f64()]), "NONE");
    assert_eq!(ret("operator.setitem", &[dict(f64(), i64()), Type::IntegerLiteral(2), f64()]), "NONE");
    assert_eq!(ret("operator.setitem", &[dict(u(), i64()), s("name"), s("x")]), "NONE");
    assert_eq!(ret("operator.setitem", &[dict(i64(), i64()), Type::IntegerLiteral(2), Type::BooleanLiteral(true)]), "none");
    let empty = dict(Type::Undefined, Type::Undefined);
    assert_eq!(ret("operator.setitem", &[empty.clone(), Type::IntegerLiteral(1), i64()]), "none");
    let refined = refine_receiver("operator.setitem", &empty, &[Type::IntegerLiteral(1), i64()]);
    assert_eq!(refined.map(|t| t.to_string()).as_deref(), Some("DictType[int64,int64]<iv=None>"));
    let refined = refine_receiver("operator.setitem", &empty, &[s("count"), i64()]);
    assert_eq!(refined.map(|t| t.to_string()).as_deref(), Some("DictType[unicode_type,int64]<iv=None>"));
    // 0136 array_key: an array key is not hashable.
    let arr = Type::array(f64(), 1, Layout::A);
    assert_eq!(ret("operator.setitem", &[empty.clone(), arr.clone(), i64()]), "NONE");
    assert_eq!(refine_receiver("operator.setitem", &empty, &[arr, i64()]), None);
    assert_eq!(refine_receiver("operator.setitem", &d, &[i64(), f64()]), None);
}

#[test]
fn dict_constructors() {
    // 0198
    let pairs = lst(Type::unituple(i64(), 2));
    assert_eq!(ret("builtins.dict", &[pairs]), "DictType[int64,int64]<iv=None>");
    assert_eq!(ret("builtins.dict", &[]), "DictType[undefined,undefined]<iv=None>");
    assert_eq!(ret_kw("builtins.dict", &[], &[("a".into(), i64())]), "ERR");
    assert_eq!(ret("builtins.dict", &[dict(i64(), f64())]), "ERR");
    assert_eq!(
        ret_kw("numba.typed.Dict.empty", &[], &[("key_type".into(), class(i64())), ("value_type".into(), class(f64()))]),
        "DictType[int64,float64]<iv=None>"
    );
    assert_eq!(ret("builtins.dict", &[lst(Type::tuple(vec![u(), f64()]))]), "DictType[unicode_type,float64]<iv=None>");
}

#[test]
fn sets() {
    let st = set(i64());
    assert_eq!(method(&st, "pop", &[]), "int64");
    assert_eq!(method(&st, "discard", &[Type::IntegerLiteral(0)]), "none");
    assert_eq!(method(&st, "remove", &[Type::IntegerLiteral(1)]), "none");
    assert_eq!(method(&st, "remove", &[f64()]), "NONE");
    assert_eq!(method(&st, "update", &[lst(i64())]), "none");
    assert_eq!(method(&st, "union", &[set(i64())]), "set(int64)");
    assert_eq!(method(&st, "isdisjoint", &[set(i64())]), "bool");
    assert_eq!(method(&st, "copy", &[]), "set(int64)");
    // 0243 set_add_str
    assert_eq!(method(&set(f64()), "add", &[s("a")]), "NONE");
    assert_eq!(ret("operator.or_", &[st.clone(), set(i64())]), "set(int64)");
    assert_eq!(ret("operator.and_", &[st.clone(), set(i64())]), "set(int64)");
    assert_eq!(ret("operator.sub", &[st.clone(), set(i64())]), "set(int64)");
    assert_eq!(ret("operator.xor", &[st.clone(), set(i64())]), "set(int64)");
    assert_eq!(ret("operator.ior", &[st.clone(), set(i64())]), "set(int64)");
    assert_eq!(ret("operator.le", &[st.clone(), set(i64())]), "bool");
    assert_eq!(ret("operator.eq", &[st.clone(), set(i64())]), "bool");
    assert_eq!(ret("operator.or_", &[st.clone(), set(f64())]), "NONE");
    assert_eq!(ret("operator.or_", &[st.clone(), Type::set(Type::IntegerLiteral(5), false)]), "NONE");
    assert_eq!(ret("operator.contains", &[st.clone(), i64()]), "bool");
    assert_eq!(ret("builtins.len", &[st.clone()]), "int64");
    // 0138 set_index
    assert_eq!(ret("operator.getitem", &[set(f64()), Type::IntegerLiteral(0)]), "NONE");
    assert_eq!(ret("builtins.set", &[]), "set(undefined)");
    assert_eq!(ret("builtins.set", &[lst(i64())]), "set(int64)");
    assert_eq!(ret("builtins.set", &[Type::array(f64(), 1, Layout::A)]), "set(float64)");
    assert_eq!(ret("builtins.set", &[u()]), "set(unicode_type)");
    // s = set(); s.add(1.5); s.update([n]) -> set(float64)
    let refined = refine_receiver("set.add", &set(Type::Undefined), &[f64()]);
    assert_eq!(refined.map(|t| t.to_string()).as_deref(), Some("set(float64)"));
    assert_eq!(refine_receiver("set.update", &set(f64()), &[lst(i64())]), None);
}

#[test]
fn string_methods() {
    let st = u();
    assert_eq!(method(&st, "strip", &[]), "unicode_type");
    assert_eq!(method(&st, "lower", &[]), "unicode_type");
    assert_eq!(method(&st, "split", &[s(",")]), "list(unicode_type)<iv=None>");
    assert_eq!(method(&st, "split", &[]), "list(unicode_type)<iv=None>");
    assert_eq!(method(&s("-"), "join", &[lst(u())]), "unicode_type");
    assert_eq!(method(&st, "join", &[lst(i64())]), "NONE");
    assert_eq!(method(&st, "startswith", &[s("a")]), "bool");
    assert_eq!(method(&st, "find", &[s("b")]), "int64");
    assert_eq!(method(&st, "find", &[i64()]), "NONE");
    assert_eq!(method(&st, "replace", &[s("a"), s("z")]), "unicode_type");
    assert_eq!(method(&st, "count", &[u()]), "int64");
    // 0146: isdigit/isalpha are int64, zfill unicode; isascii uint32.
    assert_eq!(method(&st, "isdigit", &[]), "int64");
    assert_eq!(method(&st, "isalpha", &[]), "int64");
    assert_eq!(method(&st, "isupper", &[]), "bool");
    assert_eq!(method(&st, "isascii", &[]), "uint32");
    assert_eq!(method(&st, "zfill", &[Type::IntegerLiteral(5)]), "unicode_type");
    assert_eq!(method(&st, "center", &[i64(), s("*")]), "unicode_type");
    assert_eq!(method(&st, "partition", &[s(",")]), "UniTuple(unicode_type x 3)");
    // 0143 dot_format: no str.format
    assert_eq!(method(&s("{:.2f}"), "format", &[f64()]), "NOATTR");
}

#[test]
fn string_operators_and_builtins() {
    assert_eq!(ret("operator.add", &[u(), s("!")]), "unicode_type");
    assert_eq!(ret("operator.mul", &[u(), i64()]), "OptionalType(unicode_type)");
    assert_eq!(ret("operator.mul", &[i64(), u()]), "OptionalType(unicode_type)");
    assert_eq!(ret("operator.mul", &[u(), f64()]), "NONE");
    assert_eq!(ret("operator.mul", &[s("a"), lst(i64())]), "NONE");
    assert_eq!(ret("operator.getitem", &[u(), i64()]), "unicode_type");
    assert_eq!(ret("operator.getitem", &[u(), Type::Slice2]), "unicode_type");
    assert_eq!(ret("operator.getitem", &[u(), f64()]), "NONE");
    assert_eq!(ret("operator.setitem", &[u(), Type::IntegerLiteral(0), s("X")]), "NONE");
    assert_eq!(ret("operator.lt", &[u(), u()]), "bool");
    assert_eq!(ret("operator.ne", &[u(), u()]), "bool");
    assert_eq!(ret("operator.contains", &[u(), u()]), "bool");
    assert_eq!(ret("operator.mod", &[s("value %d"), i64()]), "NONE");
    // 0241 compare_int_str: n == s is the constant False.
    assert_eq!(ret("operator.eq", &[i64(), u()]), "Literal[bool](False)");
    assert_eq!(ret("operator.ne", &[u(), i64()]), "Literal[bool](True)");
    assert_eq!(ret("builtins.str", &[i64()]), "unicode_type");
    assert_eq!(ret("builtins.str", &[f64()]), "Literal[str](<object type:float64>)");
    assert_eq!(ret("builtins.int", &[u()]), "NONE");
    assert_eq!(ret("builtins.float", &[u()]), "NONE");
    assert_eq!(ret("builtins.ord", &[u()]), "int64");
    assert_eq!(ret("builtins.chr", &[i64()]), "unicode_type");
    assert_eq!(ret("builtins.hash", &[u()]), "int64");
    assert_eq!(ret("builtins.len", &[u()]), "int64");
    assert_eq!(ret("builtins.max", &[u()]), "unicode_type");
    assert_eq!(ret("builtins.abs", &[u()]), "NONE");
}

#[test]
fn scalar_builtins() {
    // 0053
    assert_eq!(ret("builtins.int", &[Type::int32()]), "int32");
    assert_eq!(ret("builtins.int", &[f64()]), "int64");
    assert_eq!(ret("builtins.int", &[Type::boolean()]), "int64");
    assert_eq!(ret("builtins.float", &[Type::int32()]), "float64");
    assert_eq!(ret("builtins.float", &[Type::float32()]), "float32");
    assert_eq!(ret("builtins.float", &[Type::boolean()]), "NONE");
    assert_eq!(ret("builtins.bool", &[Type::NoneType]), "Literal[bool](False)");
    assert_eq!(ret("builtins.bool", &[Type::array(f64(), 1, Layout::A)]), "bool");
    // 0049 / 0050 / 0052 / 0057
    assert_eq!(ret("builtins.min", &[Type::int32(), i64()]), "int64");
    assert_eq!(ret("builtins.min", &[Type::boolean(), i64()]), "int64");
    assert_eq!(ret("builtins.max", &[i64(), i64(), f64()]), "float64");
    assert_eq!(ret("builtins.max", &[Type::unituple(f64(), 4)]), "float64");
    assert_eq!(ret("builtins.min", &[Type::tuple(vec![i64(), f64()])]), "float64");
    assert_eq!(ret("builtins.min", &[]), "NONE");
    assert_eq!(ret("builtins.max", &[f64(), u()]), "NONE");
    assert_eq!(ret("builtins.abs", &[Type::boolean()]), "int8");
    assert_eq!(ret("builtins.round", &[Type::float32()]), "int64");
    assert_eq!(ret("builtins.round", &[i64(), i64()]), "float64");
    assert_eq!(ret("builtins.round", &[Type::float32(), Type::int32()]), "float32");
    assert_eq!(ret("builtins.pow", &[i64(), i64()]), "int64");
    assert_eq!(ret("builtins.pow", &[i64(), i64(), i64()]), "NONE");
    assert_eq!(ret("builtins.divmod", &[f64(), i64()]), "UniTuple(float64 x 2)");
    // 0056 sum
    assert_eq!(ret("builtins.sum", &[Type::array(f64(), 1, Layout::A)]), "float64");
    assert_eq!(ret("builtins.sum", &[Type::array(f64(), 2, Layout::C)]), "NONE");
    assert_eq!(ret("builtins.sum", &[Type::tuple(vec![i64(), i64(), Type::IntegerLiteral(3)])]), "int64");
    assert_eq!(ret("builtins.sum", &[Type::tuple(vec![i64(), f64()])]), "float64");
    assert_eq!(ret("builtins.sum", &[lst(i64()), f64()]), "float64");
    assert_eq!(ret("builtins.sum", &[lst(i64()), Type::complex128()]), "complex128");
    assert_eq!(ret("builtins.sum", &[Type::array(Type::boolean(), 1, Layout::C)]), "int64");
    assert_eq!(ret("builtins.sum", &[Type::Range(numrs_types::RangeKind::Int64)]), "int64");
    assert_eq!(ret("builtins.sum", &[i64()]), "NONE");
    assert_eq!(ret("builtins.sum", &[u()]), "NONE");
    // hash, iter, tuple
    assert_eq!(ret("builtins.hash", &[Type::unituple(i64(), 2)]), "int64");
    assert_eq!(ret("builtins.hash", &[Type::array(f64(), 1, Layout::A)]), "none");
    assert_eq!(ret("builtins.iter", &[Type::tuple(vec![i64(), f64()])]), "NONE");
    assert_eq!(ret("builtins.iter", &[lst(i64())]), "iter(list(int64)<iv=None>)");
    assert_eq!(ret("builtins.tuple", &[Type::unituple(i64(), 2)]), "UniTuple(int64 x 2)");
    assert_eq!(ret("builtins.tuple", &[lst(i64())]), "NONE");
    assert_eq!(ret("builtins.print", &[u(), lst(i64())]), "none");
    // any/all are untyped globals in Numba.
    assert_eq!(builtin_global("any"), None);
    assert_eq!(builtin_global("all"), None);
    assert_eq!(builtin_global("reversed"), None);
}

#[test]
fn isinstance_is_constant() {
    let int_ = builtin_global("int").unwrap_or(Type::NoneType);
    let float_ = builtin_global("float").unwrap_or(Type::NoneType);
    let list_ = builtin_global("list").unwrap_or(Type::NoneType);
    assert_eq!(ret("builtins.isinstance", &[i64(), int_.clone()]), "Literal[bool](True)");
    assert_eq!(ret("builtins.isinstance", &[i64(), float_.clone()]), "Literal[bool](False)");
    assert_eq!(ret("builtins.isinstance", &[u(), float_.clone()]), "Literal[bool](False)");
    assert_eq!(ret("builtins.isinstance", &[i64(), Type::tuple(vec![int_, float_])]), "Literal[bool](True)");
    assert_eq!(ret("builtins.isinstance", &[lst(i64()), list_]), "Literal[bool](True)");
}

#[test]
fn tuples_and_none() {
    // 0068: no tuple repetition, no tuple + int.
    assert_eq!(ret("operator.mul", &[Type::unituple(i64(), 2), Type::IntegerLiteral(2)]), "NONE");
    assert_eq!(ret("operator.add", &[Type::unituple(i64(), 2), i64()]), "NONE");
    // 0061: variable index into a UniTuple only.
    assert_eq!(ret("operator.getitem", &[Type::unituple(f64(), 3), i64()]), "float64");
    assert_eq!(ret("operator.getitem", &[Type::tuple(vec![i64(), f64()]), i64()]), "NONE");
    // 0064
    assert_eq!(ret("operator.setitem", &[Type::unituple(i64(), 3), Type::IntegerLiteral(0), Type::IntegerLiteral(5)]), "NONE");
    assert_eq!(ret("operator.contains", &[Type::unituple(i64(), 3), i64()]), "bool");
    assert_eq!(ret("operator.eq", &[Type::unituple(i64(), 3), Type::unituple(i64(), 3)]), "bool");
    // None comparisons (gen_non_eq).
    assert_eq!(ret("operator.eq", &[i64(), Type::NoneType]), "Literal[bool](False)");
    assert_eq!(ret("operator.eq", &[Type::NoneType, i64()]), "Literal[bool](False)");
    assert_eq!(ret("operator.ne", &[u(), Type::NoneType]), "Literal[bool](True)");
    assert_eq!(ret("operator.eq", &[Type::optional(i64()), Type::NoneType]), "bool");
}

fn kw(name: &str, t: Type) -> (String, Type) {
    (name.to_string(), t)
}

fn c64() -> Type {
    Type::Number(numrs_types::NumericKind::Complex64)
}

fn f32() -> Type {
    Type::Number(numrs_types::NumericKind::Float32)
}

#[test]
fn numba_types_module_values() {
    use numrs_typing::module_attr;
    assert_eq!(module_attr("numba.types", "float64"), Some(class(f64())));
    assert_eq!(module_attr("numba.core.types", "intp"), Some(class(i64())));
    assert_eq!(module_attr("numba.types", "f4"), Some(class(f32())));
    assert_eq!(module_attr("numba.types", "boolean"), Some(class(Type::boolean())));
    assert_eq!(module_attr("numba.types", "no_such_type"), None);
    // `Dict.empty(key_type=types.unicode_type, value_type=types.float64)`.
    let key = module_attr("numba.types", "unicode_type").expect("unicode_type");
    assert_eq!(
        ret_kw("numba.typed.Dict.empty", &[], &[kw("key_type", key), kw("value_type", class(f64()))]),
        "DictType[unicode_type,float64]<iv=None>"
    );
}

#[test]
fn tuple_ordering_and_index() {
    let t3 = Type::unituple(i64(), 3);
    let tf = Type::unituple(f64(), 3);
    assert_eq!(ret("operator.lt", &[t3.clone(), tf.clone()]), "bool");
    assert_eq!(ret("operator.ge", &[Type::tuple(vec![i64(), u()]), Type::tuple(vec![i64(), u()])]), "bool");
    assert_eq!(ret("operator.lt", &[Type::tuple(vec![i64(), u()]), Type::tuple(vec![i64(), i64()])]), "NONE");
    assert_eq!(method(&t3, "index", &[i64()]), "int64");
    assert_eq!(method(&Type::tuple(vec![i64(), f64()]), "index", &[i64()]), "NONE");
    assert_eq!(method(&t3, "count", &[i64()]), "NOATTR");
}

#[test]
fn builtin_rules_from_numba_sources() {
    // `ol_max(*x)` with a single number; `hash` of an unhashable value compiles to a raise.
    assert_eq!(ret("builtins.max", &[i64()]), "int64");
    assert_eq!(ret("builtins.hash", &[lst(i64())]), "none");
    // `Enumerate.generic` asserts there are no keywords.
    let it = lst(f64());
    assert!(matches!(
        resolve_call("builtins.enumerate", &[it.clone()], &[kw("start", i64())]),
        Err(e) if e.kind == "AssertionError"
    ));
    assert_eq!(ret("builtins.enumerate", &[it.clone(), f64()]), "ERR");
    // `sum(xs, "")`: only a non-literal `unicode_type` start is rejected.
    assert_eq!(ret("builtins.sum", &[lst(u()), s("")]), "unicode_type");
    assert_eq!(ret("builtins.sum", &[lst(u()), u()]), "ERR");
    // `sorted` keys must be None or a jit function; `reverse` an integer.
    assert_eq!(ret_kw("builtins.sorted", &[it.clone()], &[kw("key", Type::int64())]), "ERR");
    assert_eq!(ret_kw("builtins.sorted", &[it.clone()], &[kw("key", Type::function("builtins.len"))]), "ERR");
    assert_eq!(ret_kw("builtins.sorted", &[it.clone()], &[kw("reverse", f64())]), "ERR");
    assert_eq!(ret_kw("builtins.sorted", &[it.clone()], &[kw("reverse", Type::boolean())]), "list(float64)<iv=None>");
    // `x in range(...)`.
    assert_eq!(ret("operator.contains", &[Type::Range(numrs_types::RangeKind::Int64), i64()]), "bool");
    // A reflected list's copy is not reflected.
    assert_eq!(method(&Type::list(i64(), true), "copy", &[]), "list(int64)<iv=None>");
}

#[test]
fn typed_container_casts() {
    // `tl[0] = 2.5` on `ListType[int64]` fails `_sentry_safe_cast`; a reflected list converts.
    assert_eq!(ret("operator.setitem", &[Type::ListType(Arc::new(i64())), i64(), f64()]), "NONE");
    assert_eq!(ret("operator.setitem", &[lst(i64()), i64(), f64()]), "none");
    // `d.get(k, default)`: `_dict_lookup` yields an Optional value.
    assert_eq!(method(&dict(i64(), f64()), "get", &[i64(), f64()]), "OptionalType(float64)");
}

#[test]
fn math_and_cmath_overloads() {
    assert_eq!(ret("math.frexp", &[f32()]), "Tuple(float32, int32)");
    assert_eq!(ret("math.frexp", &[f64()]), "Tuple(float64, int32)");
    assert_eq!(ret("cmath.phase", &[c64()]), "float32");
    assert_eq!(ret("cmath.phase", &[f64()]), "NONE");
    assert_eq!(ret("cmath.polar", &[i64()]), "NONE");
    assert_eq!(ret("cmath.log10", &[c64()]), "complex128");
    assert_eq!(ret("cmath.cosh", &[c64()]), "complex64");
    assert_eq!(ret("cmath.tanh", &[c64()]), "complex128");
    assert_eq!(ret("cmath.rect", &[f32(), f32()]), "complex64");
    assert_eq!(ret("cmath.rect", &[f32(), f64()]), "complex128");
    assert_eq!(ret("cmath.rect", &[i64(), f64()]), "NONE");
}
