//! `numrs_syntax::rechunk` (incremental top-level chunking after an edit) always agrees with a
//! full scan: random edits of the corpus files, with fragments that open and close brackets
//! and strings, join and split lines, and add decorators.

use proptest::prelude::*;

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

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, failure_persistence: None, ..ProptestConfig::default() })]
    #[test]
    fn rechunk_agrees_with_a_full_scan(file in 0usize..1000, at in 0usize..1_000_000, cut in 0usize..40, frag in 0usize..FRAGMENTS.len(), twice in any::<bool>()) {
        let files = corpus();
        prop_assume!(!files.is_empty());
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
        let old_chunks = numrs_syntax::top_level_chunks(old);
        let chunks = numrs_syntax::rechunk(old, &old_chunks, &new);
        prop_assert_eq!(&chunks, &numrs_syntax::top_level_chunks(&new));
        if twice {
            // And back again, from the rechunked state.
            prop_assert_eq!(numrs_syntax::rechunk(&new, &chunks, old), old_chunks);
        }
    }
}
