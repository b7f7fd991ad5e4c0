//! `numrs_syntax::rechunk` (incremental top-level chunking after an edit) always agrees with a
//! full scan: random edits of the corpus files, with fragments that open and close brackets
//! and strings, join and split lines, and add decorators.

use crate::rng::{self, Rng};

fn corpus() -> Vec<String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/corpus/cases");
    let mut files: Vec<_> = std::fs::read_dir(dir).map(|d| d.flatten().map(|e| e.path()).collect()).unwrap_or_default();
    files.sort();
    files.iter().filter_map(|p| std::fs::read_to_string(p).ok()).collect()
}

const FRAGMENTS: &[&str] = &[
    "", "\n", "(", ")", "[", "]", "'''", "\"\"\"", "'", "\"", "#", "x", "    ", "\\\n", "@njit\n", "def h():\n    pass\n",
    "else:\n", "\t", "f'{", "}", "lambda: (", "if x:\n", "class K:\n", "\r\n", "é",
];

#[test]
fn rechunk_agrees_with_a_full_scan() {
    let files = corpus();
    // (Under proptest, an empty corpus rejected every case, and so failed the test.)
    assert!(!files.is_empty(), "no corpus files under tests/corpus/cases");
    // The input: which file, where the edit starts, how many bytes it cuts, which fragment
    // replaces them, and whether to edit back again.
    let generate = |r: &mut Rng| (r.range(0..1000), r.range(0..1_000_000), r.range(0..40), r.range(0..FRAGMENTS.len()), r.bool());
    rng::check("rechunk_agrees_with_a_full_scan", 512, generate, |(file, at, cut, frag, twice)| {
        let old = &files[file % files.len()];
        let mut at = at % (old.len() + 1);
        while !old.is_char_boundary(at) {
            at -= 1;
        }
        let mut end = (at + cut).min(old.len());
        while !old.is_char_boundary(end) {
            end -= 1;
        }
        let mut new = old.clone();
        new.replace_range(at..end, FRAGMENTS[frag]);
        let edit = format!("corpus file {} of {}, bytes {at}..{end} replaced by {:?}", file % files.len(), files.len(), FRAGMENTS[frag]);
        let old_chunks = numrs_syntax::top_level_chunks(old);
        let chunks = numrs_syntax::rechunk(old, &old_chunks, &new);
        assert_eq!(&chunks, &numrs_syntax::top_level_chunks(&new), "{edit}");
        if twice {
            // And back again, from the rechunked state.
            assert_eq!(numrs_syntax::rechunk(&new, &chunks, old), old_chunks, "{edit}, and back");
        }
    });
}
