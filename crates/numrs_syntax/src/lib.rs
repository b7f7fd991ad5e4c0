//! Python source → numrs AST. The only crate that knows which parser backend is used.

pub mod ast;
pub mod shift;
pub mod skeleton;
pub mod visit;
mod line_index;
mod lower;

pub use line_index::{LineCol, LineIndex};

use ast::{Module, Span};

/// The result of parsing one file: the statements that parsed, and the syntax errors found.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Parsed {
    pub module: Module,
    pub errors: Vec<SyntaxError>,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SyntaxError {
    pub message: String,
    pub span: Span,
}

/// The byte ranges of a source's top-level statements (decorators and leading comments
/// included), in order and covering the whole text. Parsing each range separately and shifting
/// the spans gives the same module as parsing the whole file, which lets the database reparse
/// only the statements an edit touched.
pub fn top_level_chunks(source: &str) -> Vec<(u32, u32)> {
    lower::top_level_chunks(source)
}

/// [`top_level_chunks`] of `new`, given the chunks of `old` (a previous version of the same
/// file): only the statements around the changed bytes are scanned again.
///
/// At a chunk start the scanner's state is canonical (top level, no open bracket or string),
/// so scanning from an old chunk start before the change gives the same decisions as a scan
/// of the whole text; once that scan starts a chunk at an old chunk start after the change
/// (moved by the length difference), the rest is the old chunking, moved. When no such point
/// is found the whole text is scanned.
pub fn rechunk(old: &str, old_chunks: &[(u32, u32)], new: &str) -> Vec<(u32, u32)> {
    let covers = |c: &[(u32, u32)], len: usize| {
        c.first().is_some_and(|f| f.0 == 0)
            && c.last().is_some_and(|l| l.1 as usize == len)
            && c.windows(2).all(|w| w[0].1 == w[1].0)
    };
    if old.is_empty() || new.is_empty() || !covers(old_chunks, old.len()) || old.len() >= u32::MAX as usize || new.len() >= u32::MAX as usize {
        return top_level_chunks(new);
    }
    let (ob, nb) = (old.as_bytes(), new.as_bytes());
    let prefix = ob.iter().zip(nb).take_while(|(a, b)| a == b).count();
    if prefix == ob.len() && prefix == nb.len() {
        return old_chunks.to_vec();
    }
    let max_suffix = ob.len().min(nb.len()) - prefix;
    let suffix = ob.iter().rev().zip(nb.iter().rev()).take(max_suffix).take_while(|(a, b)| a == b).count();
    let delta = nb.len() as i64 - ob.len() as i64;
    // Start one chunk before the one holding the first changed byte: the change may join it
    // to the previous statement (a deleted newline, a new continuation line).
    let first = old_chunks.partition_point(|c| (c.0 as usize) <= prefix).saturating_sub(2);
    let start = old_chunks[first].0 as usize;
    let old_change_end = ob.len() - suffix;
    // Old chunk starts after the change, where the new scan may join the old chunking.
    let mut resume: Vec<usize> = old_chunks.iter().map(|c| c.0 as usize).filter(|s| *s > old_change_end).collect();
    resume.push(ob.len());
    let mut k = 0;
    for _ in 0..8 {
        let Some(&candidate_old) = resume.get(k) else { break };
        let candidate_new = (candidate_old as i64 + delta) as usize;
        // Scan up to the old chunk after the candidate, so that the candidate's line is whole.
        let scan_end_old = resume.get(k + 1).copied().unwrap_or(ob.len());
        let scan_end_new = ((scan_end_old as i64 + delta) as usize).min(nb.len());
        let Some(slice) = new.get(start..scan_end_new) else { break };
        let mut mid: Vec<(u32, u32)> =
            top_level_chunks(slice).into_iter().map(|(a, b)| (a + start as u32, b + start as u32)).collect();
        if candidate_new == nb.len() || mid.iter().any(|c| c.0 as usize == candidate_new) {
            mid.retain(|c| (c.0 as usize) < candidate_new);
            if let Some(last) = mid.last_mut() {
                last.1 = candidate_new as u32;
            }
            let mut out: Vec<(u32, u32)> = old_chunks[..first].to_vec();
            out.extend(mid);
            out.extend(
                old_chunks
                    .iter()
                    .filter(|c| c.0 as usize >= candidate_old)
                    .map(|c| ((c.0 as i64 + delta) as u32, (c.1 as i64 + delta) as u32)),
            );
            if covers(&out, nb.len()) {
                return out;
            }
            break;
        }
        // The change swallowed that statement (an open bracket or string): try further out,
        // doubling the distance; after a few tries scan the whole text.
        k = (k + 1) * 2 - 1;
    }
    top_level_chunks(new)
}

/// Parse a whole module. Never panics; on a syntax error the statements before and after the
/// broken top-level statement are still returned.
pub fn parse_module(source: &str) -> Parsed {
    lower::parse_module(source)
}

/// Parse a module chunk by chunk (see [`top_level_chunks`]) with `parse_chunk` — a cache in the
/// database — and place each chunk's statements and errors at the chunk's offset.
pub fn parse_by_chunks<P: std::ops::Deref<Target = Parsed>>(source: &str, mut parse_chunk: impl FnMut(&str) -> P) -> Parsed {
    let mut out = Parsed::default();
    for (start, end) in top_level_chunks(source) {
        let Some(text) = source.get(start as usize..end as usize) else { continue };
        let parsed = parse_chunk(text);
        for stmt in &parsed.module.body {
            let mut stmt = stmt.clone();
            shift::shift_stmt(&mut stmt, start);
            out.module.body.push(stmt);
        }
        for e in &parsed.errors {
            out.errors.push(SyntaxError { message: e.message.clone(), span: e.span.offset_by(start) });
        }
    }
    out
}

#[cfg(test)]
mod rechunk_tests {
    use super::*;

    fn check(old: &str, new: &str) {
        let old_chunks = top_level_chunks(old);
        assert_eq!(rechunk(old, &old_chunks, new), top_level_chunks(new), "old {old:?}\nnew {new:?}");
    }

    const BASE: &str = "import numpy as np\n\n@njit\ndef f(x):\n    return x + 1\n\nY = (1,\n     2)\n\ndef g():\n    s = '''\nx\n'''\n    return s\n\nclass C:\n    pass\nelse_ = 3\n";

    #[test]
    fn every_single_edit_rechunks_like_a_full_scan() {
        let inserts = ["\n", "(", ")", "'''", "'", "\"", "#", "x", " ", "\\\n", "@d\n", "def h():\n  pass\n", "else:\n", "\t"];
        for at in 0..=BASE.len() {
            for ins in inserts {
                let mut new = BASE.to_string();
                new.insert_str(at, ins);
                check(BASE, &new);
            }
            if at < BASE.len() {
                let mut new = BASE.to_string();
                new.remove(at);
                check(BASE, &new);
                let end = (at + 7).min(BASE.len());
                let mut cut = BASE.to_string();
                cut.replace_range(at..end, "");
                check(BASE, &cut);
            }
        }
    }

    #[test]
    fn unchanged_and_replaced_texts() {
        check(BASE, BASE);
        check(BASE, "");
        check("", BASE);
        check(BASE, "x = 1\n");
    }
}
