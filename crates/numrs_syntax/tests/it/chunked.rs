//! Parsing chunk by chunk gives the same module as parsing the whole file.

use std::path::Path;

fn same(source: &str, what: &str) {
    let whole = numrs_syntax::parse_module(source);
    if !whole.errors.is_empty() {
        return;
    }
    let chunked = numrs_syntax::parse_by_chunks(source, |t| Box::new(numrs_syntax::parse_module(t)));
    assert!(chunked.errors.is_empty(), "{what}: {:?}", chunked.errors);
    assert_eq!(whole.module, chunked.module, "{what}");
}

#[test]
fn corpus_files_parse_the_same_by_chunks() {
    let mut n = 0;
    for dir in ["../../../shared/corpus/cases", "../../tests/corpus/cases", "../../examples"] {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join(dir);
        let Ok(entries) = std::fs::read_dir(&dir) else { continue };
        for e in entries.flatten() {
            if e.path().extension().is_some_and(|x| x == "py") {
                let text = std::fs::read_to_string(e.path()).unwrap_or_default();
                same(&text, &e.path().display().to_string());
                n += 1;
            }
        }
    }
    assert!(n > 0);
}

#[test]
fn tricky_layouts_parse_the_same_by_chunks() {
    let cases = [
        "import a\n\n@d(1,\n  2)\n# c\n@e\ndef f(x):\n    '''doc\ndef g(): pass\n'''\n    return x\nelse_ = 1\n",
        "if x:\n    y = 1\nelif z:\n    y = 2\nelse:\n    y = 3\n",
        "try:\n    a = 1\nexcept E:\n    a = 2\nfinally:\n    b = 3\n",
        "x = (1,\n2)\ny = [\n]\nz = \\\n 3\n",
        "class C:\n    def m(self):\n        return 1\n\n\ndef f():\n    pass\n",
        "",
        "\n\n# only comments\n",
    ];
    for c in cases {
        same(c, c);
    }
}
