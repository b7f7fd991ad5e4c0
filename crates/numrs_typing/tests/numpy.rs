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
        serde_json::from_str(include_str!("data/ufunc_loops_expected.json")).expect("valid test data");
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
        serde_json::from_str(include_str!("data/array_index_expected.json")).expect("valid test data");
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
