//! Module-level NumPy arrays evaluated from constants (`bound_array`) and the statements that
//! keep a global array's value from being known without running the module (`mutated_after`).

use numrs_hir::{bound_array, module_symbols, mutated_after, ArrayItem, ConstArray};
use numrs_syntax::ast::Module;
use numrs_types::NumericKind;

fn parse(src: &str) -> Module {
    let parsed = numrs_syntax::parse_module(src);
    assert!(parsed.errors.is_empty(), "{:?}", parsed.errors);
    parsed.module
}

/// The value of `name` as its last module-level binding makes it (the binding statement is
/// the last one assigning it).
fn value(src: &str, name: &str) -> Option<ConstArray> {
    let m = parse(src);
    let symbols = module_symbols(&m);
    let b = symbols.lookup(name, None)?;
    bound_array(name, &m.body[b.stmt_index], &m, &symbols)
}

fn floats(a: &ConstArray) -> Vec<f64> {
    a.items.iter().map(|x| match x {
        ArrayItem::Float(f) => *f,
        other => panic!("not a float: {other:?}"),
    }).collect()
}

#[test]
fn arithmetic_on_other_globals_and_in_place_updates() {
    let a = value("import numpy as np\nW = np.array([1.0, 3.0])\nW = W / W.sum()\n", "W").unwrap();
    assert_eq!((a.dtype, a.shape.clone()), (NumericKind::Float64, vec![2]));
    assert_eq!(floats(&a), vec![0.25, 0.75]);
    let a = value("import numpy as np\nW = np.array([1.0, 3.0])\nW /= W.sum()\n", "W").unwrap();
    assert_eq!(floats(&a), vec![0.25, 0.75]);
    // An integer array cannot be divided in place (NumPy's same_kind casting refuses).
    assert!(value("import numpy as np\nW = np.arange(3)\nW /= 2\n", "W").is_none());
}

#[test]
fn numpy_2_promotion_of_python_numbers_is_weak() {
    let a = value("import numpy as np\nX = np.ones(2, dtype=np.float32) * 0.1\n", "X").unwrap();
    assert_eq!(a.dtype, NumericKind::Float32);
    assert_eq!(floats(&a), vec![0.1f32 as f64; 2]);
    assert_eq!(value("import numpy as np\nX = np.arange(3, dtype=np.int8) * 2\n", "X").unwrap().dtype, NumericKind::Int8);
    assert_eq!(value("import numpy as np\nX = np.arange(3) / 2\n", "X").unwrap().dtype, NumericKind::Float64);
    // A Python integer out of the array's range is NumPy 2's OverflowError.
    assert!(value("import numpy as np\nX = np.arange(3, dtype=np.int8) + 1000\n", "X").is_none());
}

#[test]
fn sums_are_pairwise_as_numpy_sums() {
    // `(np.arange(200.0) * 0.1).sum()` is 1990.0 in NumPy; summed in order it is
    // 1990.0000000000002.
    let a = value("import numpy as np\nS = (np.arange(200.0) * 0.1).sum()\n", "S").unwrap();
    assert!(a.shape.is_empty());
    let sequential: f64 = (0..200).map(|i| i as f64 * 0.1).sum();
    assert_eq!(floats(&a), vec![1990.0]);
    assert_eq!(sequential, 1990.0000000000002);
}

#[test]
fn transcendental_functions_are_not_evaluated() {
    assert!(value("import numpy as np\nE = np.exp(np.arange(3.0))\n", "E").is_none());
}

#[test]
fn changes_after_binding_are_noticed() {
    let changed = |src: &str| {
        let m = parse(src);
        let symbols = module_symbols(&m);
        let b = symbols.lookup("T", None).unwrap();
        mutated_after("T", m.body[b.stmt_index].span.end, &m, &symbols)
    };
    assert!(changed("import numpy as np\nT = np.zeros(3)\nT[1] = 5.0\n"));
    assert!(changed("import numpy as np\nT = np.zeros(3)\nfor i in range(3):\n    T[i] = i\n"));
    assert!(changed("import numpy as np\nT = np.zeros(3)\nnp.random.shuffle(T)\n"));
    assert!(changed("import numpy as np\nT = np.zeros(3)\nT.fill(2.0)\n"));
    assert!(changed("import numpy as np\nT = np.zeros(3)\nfill(T)\n"));
    assert!(!changed("import numpy as np\nT = np.zeros(3)\nS = T.sum()\nU = np.sqrt(T)\nprint(T)\n"));
}
