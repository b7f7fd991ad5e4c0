//! Type spelling round trips and Numba's unification/conversion rules.

use numrs_types::{can_convert, parse_type, unify_pairs, Conversion, Type};

/// Every type string seen in the oracle corpus that numrs models prints back identically.
#[test]
fn printed_types_round_trip() {
    let cases = [
        "int64",
        "float32",
        "bool",
        "complex128",
        "unicode_type",
        "none",
        "array(float64, 1d, C)",
        "array(int8, 3d, A)",
        "readonly array(float64, 1d, C)",
        "array(float32, 2d, F)",
        "UniTuple(int64 x 3)",
        "Tuple(int64, float64)",
        "Tuple(Tuple(float64, Literal[int](1)), Tuple(Literal[bool](True), float64))",
        "list(int64)<iv=None>",
        "reflected list(float64)<iv=None>",
        "list(list(int64)<iv=None>)<iv=None>",
        "ListType[int64]",
        "DictType[unicode_type,float64]<iv=None>",
        "DictType[UniTuple(int64 x 2),float64]<iv=None>",
        "set(int64)",
        "OptionalType(array(float64, 1d, A))",
        "Literal[int](-3)",
        "Literal[str](abc)",
        "Literal[bool](False)",
        "int64 generator(func=<function evens at 0x?>, args=(int64,), has_finalizer=True)",
        "float64 generator(func=<function scaled at 0x?>, args=(Array(float64, 1, 'A', False, aligned=True), float64), has_finalizer=True)",
        "FunctionType[float64(float64)]",
        "FunctionType[int64(int64, array(float64, 1d, C))]",
        "FunctionType[none()]",
        "UniTuple(int64 x 2) generator(func=<function g at 0x?>, args=(), has_finalizer=True)",
        "omitted(default=3)",
        "omitted(default=None)",
        "omitted(default=(1, (2, 3)))",
        "omitted(default=')(')",
        "Tuple(omitted(default=0.5), int64)",
        "class(float64)",
        "DictType[int64,int64]<iv=None>",
        "DictType[int64,unicode_type]<iv={1: 'a', 2: 'b'}>",
        "DictType[int64,int64]<iv={1: _UNKNOWN_VALUE(x)}>",
        "DictType[int64,unicode_type]<iv={1: '}>', 2: 'b'}>",
    ];
    for case in cases {
        let t = parse_type(case).unwrap_or_else(|| panic!("cannot parse {case}"));
        assert_eq!(t.to_string(), case);
    }
}

#[test]
fn garbage_does_not_parse() {
    for case in ["", "array(", "UniTuple(int64 x )", "Tuple(int64", "float65", "list(int64", "(((((((", "int64 generator(func=<function f at 0x?>, args=(int64", "int64 generator(", "omitted(default=)", "omitted(default=(1)", "omitted(default='a)"] {
        assert!(parse_type(case).is_none(), "{case}");
    }
}

/// Numba's unification (from `numba/tests/test_typeinfer.py` semantics, checked with 0.68.1).
#[test]
fn unification_table() {
    let t = |s: &str| parse_type(s).unwrap();
    let cases = [
        ("int64", "float64", Some("float64")),
        ("int32", "float32", Some("float64")),
        ("uint64", "int64", Some("float64")),
        ("int8", "uint8", Some("int16")),
        ("Literal[int](0)", "int64", Some("int64")),
        ("Literal[int](0)", "float64", Some("float64")),
        ("bool", "int64", Some("int64")),
        ("none", "int64", Some("OptionalType(int64)")),
        ("OptionalType(int64)", "float64", Some("OptionalType(float64)")),
        ("UniTuple(int64 x 2)", "UniTuple(float64 x 2)", Some("UniTuple(float64 x 2)")),
        ("UniTuple(int64 x 2)", "UniTuple(int64 x 1)", None),
        ("array(float64, 1d, C)", "array(float64, 1d, A)", Some("array(float64, 1d, A)")),
        ("array(float64, 1d, C)", "array(float32, 1d, C)", None),
        ("unicode_type", "int64", None),
        ("Literal[str](odd)", "int64", None),
        ("list(int64)<iv=None>", "UniTuple(int64 x 2)", None),
    ];
    for (a, b, want) in cases {
        let got = unify_pairs(&t(a), &t(b)).map(|x| x.to_string());
        assert_eq!(got.as_deref(), want, "unify({a}, {b})");
        let back = unify_pairs(&t(b), &t(a)).map(|x| x.to_string());
        assert_eq!(back.as_deref(), want, "unify({b}, {a}) (symmetry)");
    }
}

#[test]
fn conversion_kinds() {
    let t = |s: &str| parse_type(s).unwrap();
    assert_eq!(can_convert(&t("int8"), &t("int64")), Some(Conversion::Promote));
    assert_eq!(can_convert(&t("int64"), &t("float64")), Some(Conversion::Safe));
    assert_eq!(can_convert(&t("uint64"), &t("int64")), Some(Conversion::Unsafe));
    assert_eq!(can_convert(&t("array(float64, 1d, C)"), &t("array(float64, 1d, A)")), Some(Conversion::Safe));
    assert_eq!(can_convert(&t("array(float64, 1d, A)"), &t("array(float64, 1d, C)")), None);
    assert_eq!(can_convert(&t("none"), &t("OptionalType(int64)")), Some(Conversion::Promote));
    assert_eq!(can_convert(&t("Literal[int](3)"), &t("int64")), Some(Conversion::Promote));
    assert_eq!(Type::IntegerLiteral(3).unliteral(), Type::int64());
}

/// Types written back in the signature language, checked against what
/// `numba.core.sigutils.normalize_signature` prints for them.
#[test]
fn signature_text() {
    let t = |s: &str| parse_type(s).unwrap();
    let cases = [
        ("int64", "int64"),
        ("bool", "boolean"),
        ("array(float64, 1d, A)", "float64[:]"),
        ("array(float64, 1d, C)", "float64[::1]"),
        ("array(float64, 2d, C)", "float64[:, ::1]"),
        ("array(float64, 2d, F)", "float64[::1, :]"),
        ("array(int32, 3d, A)", "int32[:, :, :]"),
        ("UniTuple(int64 x 2)", "UniTuple(int64, 2)"),
        ("Tuple(int64, float64)", "Tuple((int64, float64,))"),
        ("OptionalType(float64)", "optional(float64)"),
        ("ListType[int64]", "ListType(int64)"),
        ("DictType[unicode_type,float64]<iv=None>", "DictType(unicode_type, float64)"),
    ];
    for (ty, text) in cases {
        assert_eq!(t(ty).signature_text().as_deref(), Some(text), "{ty}");
    }
    assert_eq!(t("list(int64)<iv=None>").signature_text(), None);
}

/// An escaped inner function prints as Numba's copy of it, made inside a function `closure`
/// (checked against Numba 0.68.1's `TypingError` text: `closure.<locals>.inner`); the path
/// in its id survives encoding.
#[test]
fn escaped_inner_function_spelling() {
    use numrs_types::{decode_closure_path, encode_closure_path, DispatcherRef, CLOSURE_ESCAPED};
    let path = [1, 0, CLOSURE_ESCAPED, 2, 0, 3];
    let code = encode_closure_path(&path).expect("six steps encode");
    assert_eq!(decode_closure_path(code), path);
    assert_eq!(encode_closure_path(&[0]), Some(1));
    assert_eq!(encode_closure_path(&[1, 2, 3, 4, 5, 6, 7]), None);
    assert_eq!(encode_closure_path(&[300]), None);
    let escaped = DispatcherRef::escaped("f.<locals>.mid.<locals>.inner", 3, &path, None).expect("encodes");
    assert_eq!(escaped.escaped_path(), Some((3, path.to_vec())));
    assert_eq!(Type::Dispatcher(escaped).to_string(), "type(CPUDispatcher(<function closure.<locals>.inner>))");
    let lambda = DispatcherRef::escaped("f.<locals>.<lambda>", 0, &[0], None).expect("encodes");
    assert_eq!(Type::Dispatcher(lambda).to_string(), "type(CPUDispatcher(<function closure.<locals>._lambda_>))");
    let caller = DispatcherRef::inner_of_caller(&[2, 1], "g").expect("encodes");
    assert_eq!(caller.as_inner_of_caller(), Some((vec![2, 1], "g")));
    assert_eq!(caller.escaped_path(), None);
    let plain = DispatcherRef { name: "helper".into(), id: 0, file: None };
    assert_eq!(Type::Dispatcher(plain).to_string(), "type(CPUDispatcher(<function helper>))");
}
