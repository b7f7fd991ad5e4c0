//! NumPy typing checked against Numba 0.68.1: every expectation here was produced by running
//! Numba (the JSON tables under `tests/data/` by `scripts/gen_numpy_tables.py` and an indexing
//! dump of `get_array_index_type`; the single cases by compiling the expression with `njit`).

use std::collections::HashMap;
use std::sync::Arc;

use numrs_typing::{resolve_call, resolve_getattr, resolve_module_attr};
use numrs_types::{Layout, NumericKind, Type};

fn arr(dtype: Type, ndim: u32, layout: Layout) -> Type {
    Type::array(dtype, ndim, layout)
}

fn class(k: NumericKind) -> Type {
    Type::NumberClass(Arc::new(Type::Number(k)))
}

fn kw(name: &str, t: Type) -> (String, Type) {
    (name.to_string(), t)
}

/// The return type of a call as Numba spells it, or `ERR` when the call does not type.
fn call(key: &str, args: &[Type], kws: &[(String, Type)]) -> String {
    match resolve_call(key, args, kws) {
        Ok(Some(sig)) => sig.return_type.to_string(),
        _ => "ERR".to_string(),
    }
}

fn method(name: &str, recv: &Type, args: &[Type], kws: &[(String, Type)]) -> String {
    match resolve_getattr(recv, name) {
        Some(Type::BoundFunction(b)) => {
            let mut all = vec![recv.clone()];
            all.extend_from_slice(args);
            call(&b.0, &all, kws)
        }
        _ => "NOATTR".to_string(),
    }
}

#[test]
fn ufunc_loops_match_numba_for_every_scalar_combination() {
    let data: serde_json::Value =
        serde_json::from_str(include_str!("../data/ufunc_loops_expected.json")).expect("valid test data");
    let mut checked = 0;
    let mut failures = Vec::new();
    for (ufunc, rows) in data.as_object().expect("object") {
        for row in rows.as_array().expect("rows") {
            let inputs = row[0].as_str().expect("inputs");
            let args: Vec<Type> =
                inputs.split(',').map(|n| Type::Number(NumericKind::from_name(n).expect("kind"))).collect();
            let expected = match row[1].as_str() {
                None => "ERR".to_string(),
                Some(s) if s.starts_with("unsupported:") => "ERR".to_string(),
                Some(s) => {
                    let outs: Vec<Type> =
                        s.split(',').map(|n| Type::Number(NumericKind::from_name(n).expect("kind"))).collect();
                    if outs.len() == 1 {
                        outs[0].to_string()
                    } else {
                        Type::tuple(outs).to_string()
                    }
                }
            };
            let actual = call(&format!("numpy.{ufunc}"), &args, &[]);
            if actual != expected {
                failures.push(format!("{ufunc}({inputs}): expected {expected}, got {actual}"));
            }
            checked += 1;
        }
    }
    assert!(checked > 6_000, "only {checked} rows checked");
    assert!(failures.is_empty(), "{} mismatches, e.g. {:?}", failures.len(), &failures[..failures.len().min(10)]);
}

fn index_types() -> HashMap<String, Type> {
    let int = Type::int64();
    let u32_ = Type::Number(NumericKind::UInt32);
    let atoms = vec![
        int.clone(),
        u32_,
        Type::Slice2,
        Type::Slice3,
        Type::NoneType,
        Type::Ellipsis,
        arr(Type::boolean(), 1, Layout::C),
        arr(Type::int64(), 1, Layout::A),
    ];
    let mut all = vec![
        int.clone(),
        Type::Slice2,
        Type::Slice3,
        Type::NoneType,
        Type::Ellipsis,
        arr(Type::boolean(), 1, Layout::C),
        arr(Type::boolean(), 2, Layout::C),
        arr(Type::int64(), 1, Layout::A),
        arr(Type::int32(), 2, Layout::C),
        arr(Type::int64(), 0, Layout::C),
        Type::float64(),
        Type::boolean(),
        Type::Unicode,
        Type::unituple(int, 4),
    ];
    for a in &atoms {
        for b in &atoms {
            all.push(Type::tuple(vec![a.clone(), b.clone()]));
            for c in &atoms {
                all.push(Type::tuple(vec![a.clone(), b.clone(), c.clone()]));
            }
        }
    }
    all.into_iter().map(|t| (t.to_string(), t)).collect()
}

#[test]
fn array_indexing_matches_numba() {
    let data: serde_json::Value =
        serde_json::from_str(include_str!("../data/array_index_expected.json")).expect("valid test data");
    let idx = index_types();
    let mut arrays = HashMap::new();
    for nd in 1..=3 {
        for layout in [Layout::C, Layout::F, Layout::A] {
            for ro in [false, true] {
                let t = Type::array_ro(Type::float64(), nd, layout, ro);
                arrays.insert(t.to_string(), t);
            }
        }
    }
    let mut failures = Vec::new();
    let mut checked = 0;
    for row in data.as_array().expect("rows") {
        let (a, i) = (row[0].as_str().expect("array"), row[1].as_str().expect("index"));
        // Numba types 2-d boolean masks, then fails an assertion when lowering them.
        if i.contains("array(bool, 2d") {
            continue;
        }
        let expected = row[2].as_str().unwrap_or("ERR").to_string();
        let (Some(at), Some(it)) = (arrays.get(a), idx.get(i)) else { panic!("unknown test type {a} / {i}") };
        let actual = call("operator.getitem", &[at.clone(), it.clone()], &[]);
        if actual != expected {
            failures.push(format!("{a}[{i}]: expected {expected}, got {actual}"));
        }
        checked += 1;
    }
    assert!(checked > 4000);
    assert!(failures.is_empty(), "{} mismatches, e.g. {:#?}", failures.len(), &failures[..failures.len().min(10)]);
}

#[test]
fn constructors_match_numba() {
    let n = Type::int64();
    let f2 = Type::unituple(Type::int64(), 2);
    assert_eq!(call("numpy.empty", &[n.clone()], &[]), "array(float64, 1d, C)");
    assert_eq!(call("numpy.zeros", &[f2.clone()], &[kw("dtype", class(NumericKind::Int32))]), "array(int32, 2d, C)");
    assert_eq!(call("numpy.zeros", &[f2.clone(), Type::StringLiteral("i4".into())], &[]), "array(int32, 2d, C)");
    assert_eq!(call("numpy.ones", &[n.clone()], &[kw("dtype", class(NumericKind::Complex64))]), "array(complex64, 1d, C)");
    assert_eq!(call("numpy.empty", &[Type::float64()], &[]), "ERR");
    assert_eq!(call("numpy.zeros", &[f2.clone()], &[kw("order", Type::StringLiteral("F".into()))]), "ERR");
    assert_eq!(call("numpy.full", &[n.clone(), Type::IntegerLiteral(7)], &[]), "array(int64, 1d, C)");
    assert_eq!(call("numpy.full", &[n.clone(), Type::boolean()], &[]), "array(bool, 1d, C)");
    let a = arr(Type::float32(), 2, Layout::A);
    assert_eq!(call("numpy.zeros_like", &[a.clone()], &[]), "array(float32, 2d, C)");
    assert_eq!(call("numpy.empty_like", &[Type::float64()], &[]), "array(float64, 0d, C)");
    assert_eq!(call("numpy.arange", &[Type::int32()], &[]), "array(int64, 1d, C)");
    assert_eq!(call("numpy.arange", &[Type::Number(NumericKind::UInt32)], &[]), "ERR");
    assert_eq!(call("numpy.arange", &[n.clone(), Type::float32()], &[]), "array(float64, 1d, C)");
    assert_eq!(call("numpy.arange", &[n.clone()], &[kw("dtype", class(NumericKind::Int8))]), "array(int8, 1d, C)");
    assert_eq!(call("numpy.linspace", &[Type::float32(), Type::float32()], &[]), "array(float64, 1d, C)");
    assert_eq!(call("numpy.linspace", &[Type::float64(), Type::float64(), Type::float64()], &[]), "ERR");
    let lst = Type::list(Type::list(Type::int64(), true), true);
    assert_eq!(call("numpy.array", &[lst], &[]), "array(int64, 2d, C)");
    let tup = Type::tuple(vec![Type::int32(), Type::uint64()]);
    assert_eq!(call("numpy.array", &[tup], &[]), "array(float64, 1d, C)");
    assert_eq!(call("numpy.array", &[arr(Type::float64(), 1, Layout::A)], &[]), "ERR");
    assert_eq!(call("numpy.asarray", &[arr(Type::float64(), 1, Layout::A)], &[]), "array(float64, 1d, A)");
    assert_eq!(call("class.float64", &[Type::tuple(vec![n.clone(), n.clone()])], &[]), "array(float64, 1d, C)");
    assert_eq!(call("class.int32", &[arr(Type::float64(), 1, Layout::A)], &[]), "ERR");
}

#[test]
fn array_operators_match_numba() {
    let f1a = arr(Type::float64(), 1, Layout::A);
    let i1a = arr(Type::int32(), 1, Layout::A);
    assert_eq!(call("operator.add", &[i1a.clone(), Type::int64()], &[]), "array(int64, 1d, C)");
    assert_eq!(call("operator.gt", &[f1a.clone(), Type::float64()], &[]), "array(bool, 1d, C)");
    assert_eq!(call("operator.truediv", &[i1a.clone(), i1a.clone()], &[]), "array(float64, 1d, C)");
    assert_eq!(
        call("operator.mul", &[arr(Type::float64(), 2, Layout::A), arr(Type::float64(), 3, Layout::A)], &[]),
        "array(float64, 3d, C)"
    );
    assert_eq!(call("operator.neg", &[i1a.clone()], &[]), "array(int32, 1d, C)");
    assert_eq!(call("operator.iadd", &[f1a.clone(), Type::float64()], &[]), "array(float64, 1d, A)");
    // int64[:] += float64: Numba crashes with AttributeError.
    let r = resolve_call("operator.iadd", &[arr(Type::int64(), 1, Layout::A), Type::float64()], &[]);
    assert!(matches!(r, Err(e) if e.kind == "AttributeError"));
    assert_eq!(call("numpy.sqrt", &[Type::int64()], &[]), "float64");
    assert_eq!(call("numpy.abs", &[arr(Type::complex64(), 1, Layout::A)], &[]), "array(float32, 1d, C)");
    assert_eq!(
        call("numpy.multiply", &[f1a.clone(), Type::float64(), f1a.clone()], &[]),
        "array(float64, 1d, A)"
    );
}

#[test]
fn methods_and_reductions_match_numba() {
    let m = arr(Type::float64(), 2, Layout::A);
    let i1 = arr(Type::int32(), 1, Layout::A);
    let b1 = arr(Type::boolean(), 1, Layout::A);
    assert_eq!(method("sum", &i1, &[], &[]), "int64");
    assert_eq!(method("sum", &b1, &[], &[]), "int64");
    assert_eq!(method("mean", &i1, &[], &[]), "float64");
    assert_eq!(method("max", &i1, &[], &[]), "int32");
    assert_eq!(method("argmax", &i1, &[], &[]), "int64");
    assert_eq!(method("sum", &m, &[], &[kw("axis", Type::IntegerLiteral(0))]), "array(float64, 1d, C)");
    assert_eq!(method("mean", &m, &[], &[kw("axis", Type::IntegerLiteral(0))]), "ERR");
    assert_eq!(method("cumsum", &i1, &[], &[]), "array(int64, 1d, C)");
    assert_eq!(method("cumsum", &arr(Type::float32(), 2, Layout::A), &[], &[]), "array(float32, 1d, C)");
    assert_eq!(call("numpy.std", &[arr(Type::int64(), 1, Layout::A)], &[]), "float64");
    assert_eq!(call("numpy.median", &[i1.clone()], &[]), "float64");
    assert_eq!(call("numpy.max", &[m.clone()], &[kw("axis", Type::IntegerLiteral(0))]), "ERR");
    assert_eq!(method("astype", &m, &[class(NumericKind::Int32)], &[]), "array(int32, 2d, C)");
    assert_eq!(method("astype", &m, &[Type::StringLiteral("float32".into())], &[]), "array(float32, 2d, C)");
    assert_eq!(method("reshape", &m, &[Type::int64()], &[]), "ERR");
    let c1 = arr(Type::float64(), 1, Layout::C);
    assert_eq!(method("reshape", &c1, &[Type::int64(), Type::IntegerLiteral(-1)], &[]), "array(float64, 2d, C)");
    assert_eq!(method("ravel", &m, &[], &[]), "array(float64, 1d, C)");
    assert_eq!(method("nonzero", &m, &[], &[]), "UniTuple(array(int64, 1d, C) x 2)");
    assert_eq!(method("tolist", &m, &[], &[]), "NOATTR");
    assert_eq!(resolve_getattr(&m, "T").map(|t| t.to_string()).as_deref(), Some("array(float64, 2d, A)"));
    assert_eq!(method("sort", &c1, &[], &[kw("kind", Type::StringLiteral("mergesort".into()))]), "none");
    assert_eq!(call("numpy.where", &[b1.clone()], &[]), "UniTuple(array(int64, 1d, C) x 1)");
    assert_eq!(call("numpy.where", &[b1.clone(), i1.clone(), Type::IntegerLiteral(0)], &[]), "array(int64, 1d, C)");
    let t = Type::tuple(vec![c1.clone(), c1.clone()]);
    assert_eq!(call("numpy.vstack", &[t.clone()], &[]), "array(float64, 2d, C)");
    assert_eq!(call("numpy.concatenate", &[Type::list(c1.clone(), true)], &[]), "ERR");
    assert_eq!(call("numpy.random.randint", &[Type::int32(), Type::int32()], &[]), "int32");
    assert_eq!(call("numpy.random.normal", &[Type::float64(), Type::float64(), Type::int64()], &[]), "array(float64, 1d, C)");
    assert_eq!(call("numpy.random.normal", &[], &[kw("size", Type::int64())]), "ERR");
    assert!(matches!(resolve_module_attr("numpy", "random"), Some(Type::Module(_))));
}

/// `arraymath.py`/`arrayobj.py` overloads added for real-world kernels (expectations recorded
/// by Numba 0.68.1 in `tests/corpus/cases/1007`, `1021`, `1023`, `1031`-`1035`, `1042`-`1047`).
#[test]
fn array_function_overloads_match_numba() {
    let f64a = |n| arr(Type::float64(), n, Layout::A);
    let f64c = |n| arr(Type::float64(), n, Layout::C);
    let i64a = |n| arr(Type::int64(), n, Layout::A);
    let f32a = |n| arr(Type::Number(NumericKind::Float32), n, Layout::A);
    let c128a = |n| arr(Type::complex128(), n, Layout::A);
    let cases: Vec<(&str, Vec<Type>, Vec<(String, Type)>, &str)> = vec![
        ("numpy.interp", vec![f64a(1), f64a(1), f64a(1)], vec![], "array(float64, 1d, C)"),
        ("numpy.interp", vec![Type::float64(), f64a(1), f64a(1)], vec![], "float64"),
        ("numpy.interp", vec![f64a(2), f64a(1), f64a(1)], vec![], "array(float64, 2d, C)"),
        ("numpy.interp", vec![f64a(1), f64a(2), f64a(1)], vec![], "ERR"),
        ("numpy.histogram", vec![i64a(1), Type::int64()], vec![], "Tuple(array(int64, 1d, C), array(float64, 1d, C))"),
        ("numpy.histogram", vec![f64a(1)], vec![kw("bins", f32a(1))], "Tuple(array(int64, 1d, C), array(float32, 1d, A))"),
        ("numpy.digitize", vec![f64a(2), f64a(1)], vec![], "array(int64, 2d, C)"),
        ("numpy.digitize", vec![Type::float64(), f64a(1)], vec![], "int64"),
        ("numpy.digitize", vec![c128a(1), f64a(1)], vec![], "ERR"),
        ("numpy.diff", vec![f64a(1)], vec![], "ERR"),
        ("numpy.diff", vec![f64c(1)], vec![], "array(float64, 1d, C)"),
        ("numpy.diff", vec![arr(Type::float64(), 2, Layout::F)], vec![], "array(float64, 2d, C)"),
        ("numpy.nan_to_num", vec![f64a(1)], vec![kw("nan", Type::float64())], "array(float64, 1d, A)"),
        ("numpy.nan_to_num", vec![f64c(1)], vec![], "array(float64, 1d, C)"),
        ("numpy.nan_to_num", vec![i64a(1)], vec![], "array(int64, 1d, A)"),
        ("numpy.nan_to_num", vec![Type::float64()], vec![], "float64"),
        ("numpy.expand_dims", vec![f64a(1), Type::int64()], vec![], "array(float64, 2d, A)"),
        ("numpy.expand_dims", vec![f64c(1), Type::int64()], vec![], "array(float64, 2d, C)"),
        ("numpy.expand_dims", vec![arr(Type::float64(), 2, Layout::C), Type::int64()], vec![], "array(float64, 3d, A)"),
        ("numpy.expand_dims", vec![f64a(2), Type::float64()], vec![], "ERR"),
        ("numpy.atleast_2d", vec![f64a(1)], vec![], "array(float64, 2d, A)"),
        ("numpy.atleast_2d", vec![f64c(1), f64a(2)], vec![], "Tuple(array(float64, 2d, C), array(float64, 2d, A))"),
        ("numpy.atleast_3d", vec![f64a(1)], vec![], "array(float64, 3d, A)"),
        ("numpy.flip", vec![f64c(1)], vec![], "array(float64, 1d, A)"),
        ("numpy.fliplr", vec![f64a(2)], vec![], "array(float64, 2d, A)"),
        ("numpy.flipud", vec![arr(Type::float64(), 2, Layout::C)], vec![], "array(float64, 2d, A)"),
        ("numpy.convolve", vec![i64a(1), f64a(1)], vec![], "array(float64, 1d, C)"),
        ("numpy.correlate", vec![f32a(1), c128a(1)], vec![], "array(complex128, 1d, C)"),
        ("numpy.convolve", vec![f64a(2), f64a(1)], vec![], "ERR"),
        ("numpy.tril", vec![f32a(1), Type::int64()], vec![], "array(float32, 2d, C)"),
        ("numpy.triu", vec![f64a(3)], vec![], "array(float64, 3d, C)"),
        ("numpy.tri", vec![Type::int64(), Type::int64(), Type::int64()], vec![], "array(float64, 2d, C)"),
        ("numpy.diag", vec![f64a(2), Type::int64()], vec![], "array(float64, 1d, C)"),
        ("numpy.diag", vec![arr(Type::int32(), 1, Layout::A)], vec![], "array(int32, 2d, C)"),
        ("numpy.trace", vec![f32a(2)], vec![], "float64"),
        ("numpy.trace", vec![c128a(2)], vec![], "complex128"),
        ("numpy.trace", vec![i64a(2)], vec![], "ERR"),
        ("numpy.isin", vec![f64a(2), i64a(1)], vec![kw("invert", Type::BooleanLiteral(true))], "array(bool, 2d, C)"),
        ("numpy.isin", vec![Type::int64(), i64a(1)], vec![], "array(bool, 0d, C)"),
        ("numpy.argwhere", vec![f64a(2)], vec![], "array(int64, 2d, A)"),
        ("numpy.argwhere", vec![Type::int64()], vec![], "array(int64, 2d, C)"),
        ("numpy.append", vec![i64a(1), f64a(1)], vec![], "array(float64, 1d, C)"),
        ("numpy.ediff1d", vec![i64a(1)], vec![], "array(int64, 1d, C)"),
        ("numpy.ediff1d", vec![i64a(1)], vec![kw("to_end", f64a(1))], "ERR"),
        ("numpy.cov", vec![f64a(2)], vec![], "ERR"),
    ];
    let mut failures = Vec::new();
    for (key, args, kws, expected) in &cases {
        let got = call(key, args, kws);
        if got != *expected {
            failures.push(format!("{key}{args:?} {kws:?}: expected {expected}, got {got}"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Shape and set functions (`templates/numpy/shapefuncs.rs`); every expectation was produced by
/// compiling the call with Numba 0.68.1's `njit`.
#[test]
fn shape_and_set_functions_match_numba() {
    let f64_ = Type::float64();
    let i32_ = Type::Number(NumericKind::Int32);
    let a2 = arr(f64_.clone(), 2, Layout::A);
    let f2 = arr(Type::Number(NumericKind::Float32), 2, Layout::F);
    let c1 = arr(i32_.clone(), 1, Layout::C);
    let i64a = arr(Type::int64(), 1, Layout::A);
    let lit = |v: i128| Type::IntegerLiteral(v);
    let shape3 = Type::unituple(Type::int64(), 3);
    let cases: Vec<(&str, Vec<Type>, &str)> = vec![
        ("numpy.swapaxes", vec![a2.clone(), lit(0), lit(1)], "array(float64, 2d, A)"),
        ("numpy.swapaxes", vec![a2.clone(), lit(0), f64_.clone()], "ERR"),
        ("numpy.moveaxis", vec![f2.clone(), lit(0), lit(-1)], "array(float32, 2d, A)"),
        ("numpy.broadcast_to", vec![a2.clone(), shape3.clone()], "readonly array(float64, 3d, A)"),
        ("numpy.broadcast_to", vec![f64_.clone(), Type::tuple(vec![])], "readonly array(float64, 0d, C)"),
        ("numpy.broadcast_to", vec![a2.clone(), Type::tuple(vec![])], "ERR"),
        ("numpy.broadcast_arrays", vec![a2.clone(), f64_.clone()], "list(readonly array(float64, 2d, A))<iv=None>"),
        ("numpy.broadcast_arrays", vec![a2.clone(), lit(1)], "ERR"),
        ("numpy.split", vec![c1.clone(), lit(2)], "list(array(int32, 1d, C))<iv=None>"),
        ("numpy.array_split", vec![a2.clone(), lit(3)], "list(array(float64, 2d, A))<iv=None>"),
        ("numpy.logspace", vec![Type::int64(), Type::int64()], "array(float64, 1d, C)"),
        ("numpy.geomspace", vec![Type::complex128(), f64_.clone(), lit(5)], "array(complex128, 1d, C)"),
        ("numpy.logspace", vec![a2.clone(), f64_.clone()], "ERR"),
        ("numpy.rot90", vec![a2.clone()], "array(float64, 2d, A)"),
        ("numpy.rot90", vec![c1.clone()], "ERR"),
        ("numpy.asfortranarray", vec![c1.clone()], "array(int32, 1d, F)"),
        ("numpy.asfortranarray", vec![Type::int64()], "array(int64, 1d, F)"),
        ("numpy.resize", vec![a2.clone(), lit(5)], "array(float64, 1d, C)"),
        ("numpy.sinc", vec![f2.clone()], "array(float32, 2d, F)"),
        ("numpy.sinc", vec![Type::Number(NumericKind::Complex64)], "complex128"),
        ("numpy.sinc", vec![arr(Type::boolean(), 1, Layout::A)], "ERR"),
        ("numpy.partition", vec![f2.clone(), lit(1)], "array(float32, 2d, A)"),
        ("numpy.argpartition", vec![c1.clone(), lit(1)], "array(int64, 1d, C)"),
        ("numpy.partition", vec![c1.clone(), f64_.clone()], "ERR"),
        ("numpy.vander", vec![arr(Type::Number(NumericKind::Float32), 1, Layout::C)], "array(float64, 2d, C)"),
        ("numpy.vander", vec![c1.clone()], "array(int64, 2d, C)"),
        ("numpy.fill_diagonal", vec![a2.clone(), f64_.clone()], "none"),
        ("numpy.fill_diagonal", vec![c1.clone(), f64_.clone()], "ERR"),
        ("numpy.take_along_axis", vec![a2.clone(), arr(Type::int64(), 2, Layout::C), lit(0)], "array(float64, 2d, C)"),
        ("numpy.take_along_axis", vec![a2.clone(), arr(Type::int64(), 1, Layout::C), Type::NoneType], "array(float64, 1d, C)"),
        ("numpy.take_along_axis", vec![a2.clone(), arr(Type::int64(), 2, Layout::C), Type::int64()], "ERR"),
        ("numpy.triu_indices", vec![Type::int64()], "UniTuple(array(int64, 1d, C) x 2)"),
        ("numpy.triu_indices", vec![f64_.clone()], "ERR"),
        ("numpy.union1d", vec![arr(i32_.clone(), 1, Layout::A), i64a.clone()], "array(int64, 1d, C)"),
        ("numpy.setdiff1d", vec![i64a.clone(), arr(f64_.clone(), 1, Layout::A)], "array(int64, 1d, C)"),
        ("numpy.intersect1d", vec![Type::int64(), Type::int64()], "array(int64, 1d, C)"),
    ];
    for (key, args, expected) in cases {
        assert_eq!(call(key, &args, &[]), expected, "{key}{args:?}");
    }
}
