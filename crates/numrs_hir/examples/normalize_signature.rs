//! Prints numrs's normalization of signature strings read one per line from stdin, in the
//! format of `scripts/numba_normalize_signature.py`, so the two can be diffed:
//!
//! ```text
//! python scripts/numba_normalize_signature.py < sigs.txt > numba.txt
//! cargo run -q -p numrs_hir --example normalize_signature < sigs.txt > numrs.txt
//! ```
//! Errors print as `err <Class>: <message>` (numrs-only limits as `unsupported <message>`).

use std::io::{self, BufRead, Write};

use numrs_hir::{parse_signature_str, SigErrorKind};
use numrs_syntax::ast::Span;

fn python_repr(s: &str) -> String {
    let quote = if s.contains('\'') && !s.contains('"') { '"' } else { '\'' };
    let mut out = String::new();
    out.push(quote);
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c => out.push(c),
        }
    }
    out.push(quote);
    out
}

fn main() {
    let stdin = io::stdin();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    for line in stdin.lock().lines().map_while(Result::ok) {
        if line.is_empty() {
            continue;
        }
        let result = match parse_signature_str(&line, Span::default()) {
            Ok(sig) => format!("ok {sig}"),
            Err(e) if e.kind == SigErrorKind::Unsupported => format!("unsupported {}", e.message),
            Err(e) => format!("err {}", e.message),
        };
        if writeln!(out, "{} => {}", python_repr(&line), result.replace('\n', "\\n")).is_err() {
            return;
        }
    }
}
