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

#[test]
fn document_symbols_and_code_actions_are_in_file_offsets() {
    let text = "from numba import njit\n\ndef helper(x):\n    return x + 1\n\n@njit\ndef scale(x):\n    return x * 2.0\n\n@njit(\"(int64,)\")\ndef f(n):\n    return scale(n)\n\n@njit(\"(int64,)\")\ndef g(n):\n    return helper(n)\n";
    let mut db = CheckDatabase::new();
    let file = db.add_file("m.py", text.as_bytes());
    let symbols = numrs_ide::document_symbols(&db, file);
    let names: Vec<&str> = symbols.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, vec!["scale", "f", "g"]);
    for s in &symbols {
        assert_eq!(&text[s.selection.start as usize..s.selection.end as usize], s.name);
    }
    assert!(symbols[0].detail.contains("(int64) -> float64"), "{}", symbols[0].detail);

    let report = db.check_file(file);
    let untyped = report.diagnostics.iter().find(|d| d.code == "untyped-global").expect("helper is untyped");
    let actions = numrs_ide::code_actions(&db, file, untyped.primary.span.start, untyped.primary.span.end);
    let decorate = actions.iter().find(|a| a.title.contains("@njit")).expect("decorate action");
    assert_eq!(decorate.edits[0].0.start, at(text, "def helper"), "inserted above `def helper`");
    let on_scale = numrs_ide::code_actions(&db, file, at(text, "def scale"), at(text, "def scale"));
    let add = on_scale.iter().find(|a| a.title.contains("inferred signature")).expect("signature action");
    assert_eq!(add.edits[0].1, "njit(\"(int64,)\")");
    assert_eq!(add.edits[0].0.start, at(text, "njit\ndef scale"));
}
