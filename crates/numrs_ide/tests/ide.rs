//! IDE entry points on a file with several functions, before and after edits: results are in
//! file offsets even though module analysis works at module positions.

use numrs_check::CheckDatabase;

const SRC: &str = r#"from numba import njit

SCALE = 2.5

@njit
def scaled(x):
    return x * SCALE

@njit("float64(float64)")
def f(x):
    y = scaled(x)
    return y + 1.0

@njit("(int64,)")
def g(n):
    total = 0
    for i in range(n):
        total += i
    return total
"#;

fn at(text: &str, needle: &str) -> u32 {
    text.find(needle).unwrap_or_else(|| panic!("{needle:?} not in text")) as u32
}

#[test]
fn goto_definition_lands_on_the_binding_in_the_file() {
    let mut db = CheckDatabase::new();
    let file = db.add_file("m.py", SRC.as_bytes());
    let use_site = at(SRC, "scaled(x)\n    return y");
    let target = numrs_ide::goto_definition(&db, file, use_site + 1).expect("definition");
    assert_eq!(&SRC[target.start as usize..target.end as usize], "def scaled", "{target:?}");
    let constant = numrs_ide::goto_definition(&db, file, at(SRC, "SCALE\n") + 1).expect("constant");
    assert_eq!(&SRC[constant.start as usize..constant.end as usize], "SCALE");

    // After an edit that makes an earlier function longer, the answer moves with the text.
    let edited = SRC.replace("    return x * SCALE\n", "    z = x * SCALE\n    return z\n");
    db.set_text(file, &edited);
    let use_site = at(&edited, "scaled(x)\n    return y");
    let target = numrs_ide::goto_definition(&db, file, use_site + 1).expect("definition after edit");
    assert_eq!(&edited[target.start as usize..target.end as usize], "def scaled");
}

#[test]
fn hover_and_inlay_hints_follow_edits() {
    let mut db = CheckDatabase::new();
    let file = db.add_file("m.py", SRC.as_bytes());
    let hover = numrs_ide::hover(&db, file, at(SRC, "total += i")).expect("hover");
    assert!(hover.markdown.contains("total: Literal[int](0) | int64"), "{}", hover.markdown);

    let edited = SRC.replace("    total = 0\n", "    total = 0.0\n");
    db.set_text(file, &edited);
    let hover = numrs_ide::hover(&db, file, at(&edited, "total += i")).expect("hover after edit");
    assert!(hover.markdown.contains("total: float64"), "{}", hover.markdown);

    // Only the functions in the range get hints.
    let g_start = at(&edited, "@njit(\"(int64,)\")");
    let hints = numrs_ide::inlay_hints_in(&db, file, g_start, edited.len() as u32);
    assert!(!hints.is_empty());
    assert!(hints.iter().all(|h| h.offset >= g_start), "{hints:?}");
    assert!(hints.iter().any(|h| h.label == ": float64"), "{hints:?}");
    let all = numrs_ide::inlay_hints(&db, file);
    assert!(all.len() > hints.len());
}
