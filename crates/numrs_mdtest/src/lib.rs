//! mdtest: markdown files as test suites, in the style of ty's mdtest.
//!
//! A suite is a markdown file; every heading starts a test; every fenced `py` block in a test is
//! checked as one module. Expectations are trailing comments:
//!
//! - `reveal_type(x)  # revealed: float64` — in every successful specialisation, the type of
//!   `x` at that call is `float64` (several specialisations: `# revealed: int64 | float64`, one
//!   per specialisation in declaration order).
//! - `# error: [code]` or `# error: [code] "substring"` — an error diagnostic with that code
//!   whose primary span starts on this line (and whose message contains the substring).
//!
//! Every error diagnostic must be expected and every expectation met.

use numrs_check::{CheckDatabase, SignatureOutcome};
use numrs_syntax::LineIndex;

/// One test: a heading and its code blocks.
#[derive(Debug, Clone)]
pub struct MdTest {
    pub name: String,
    /// (1-based markdown line where the block starts, code)
    pub blocks: Vec<(usize, String)>,
}

/// Split a markdown document into tests.
pub fn parse_suite(markdown: &str) -> Vec<MdTest> {
    let mut tests: Vec<MdTest> = Vec::new();
    let mut heading_path: Vec<String> = Vec::new();
    let mut in_block: Option<(usize, String)> = None;
    for (i, line) in markdown.lines().enumerate() {
        if let Some((start, code)) = &mut in_block {
            if line.trim_start().starts_with("```") {
                let block = (*start, std::mem::take(code));
                in_block = None;
                if tests.is_empty() {
                    tests.push(MdTest { name: "(top)".into(), blocks: vec![] });
                }
                if let Some(t) = tests.last_mut() {
                    t.blocks.push(block);
                }
            } else {
                code.push_str(line);
                code.push('\n');
            }
            continue;
        }
        let trimmed = line.trim_start();
        if let Some(rest) = trimmed.strip_prefix('#') {
            let level = 1 + rest.chars().take_while(|c| *c == '#').count();
            let title = rest.trim_start_matches('#').trim().to_string();
            heading_path.truncate(level.saturating_sub(1));
            while heading_path.len() < level - 1 {
                heading_path.push(String::new());
            }
            heading_path.push(title);
            let name = heading_path.iter().filter(|s| !s.is_empty()).cloned().collect::<Vec<_>>().join(" - ");
            tests.push(MdTest { name, blocks: vec![] });
        } else if trimmed.starts_with("```py") {
            in_block = Some((i + 2, String::new()));
        }
    }
    tests.retain(|t| !t.blocks.is_empty());
    tests
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Expectation {
    Revealed(Vec<String>),
    /// `# error: [code]`, `# warning: [code]` or `# info: [code]`, optionally `"substring"`.
    Diagnostic { severity: numrs_db::Severity, code: String, message: Option<String> },
}

fn expectations(code: &str) -> Vec<(u32, Expectation)> {
    let mut out = Vec::new();
    for (i, line) in code.lines().enumerate() {
        let line_no = i as u32 + 1;
        if let Some(pos) = line.find("# revealed:") {
            let rest = line[pos + "# revealed:".len()..].trim();
            out.push((line_no, Expectation::Revealed(rest.split(" | ").map(|s| s.trim().to_string()).collect())));
        }
        for (marker, severity) in [
            ("# error: [", numrs_db::Severity::Error),
            ("# warning: [", numrs_db::Severity::Warning),
            ("# info: [", numrs_db::Severity::Info),
        ] {
            let mut rest = line;
            while let Some(pos) = rest.find(marker) {
                let after = &rest[pos + marker.len()..];
                let Some(end) = after.find(']') else { break };
                let code = after[..end].to_string();
                let tail = after[end + 1..].trim_start();
                let message = tail.strip_prefix('"').and_then(|t| t.find('"').map(|e| t[..e].to_string()));
                out.push((line_no, Expectation::Diagnostic { severity, code, message }));
                rest = &after[end..];
            }
        }
    }
    out
}

/// Run one test; `Err` lists every mismatch.
pub fn run_test(test: &MdTest) -> Result<(), Vec<String>> {
    let mut failures = Vec::new();
    for (md_line, code) in &test.blocks {
        let mut db = CheckDatabase::new();
        let file = db.add_file("test.py", code.as_bytes());
        let report = db.check_file(file);
        let lines = LineIndex::new(code);
        let expected = expectations(code);
        let where_ = |l: u32| format!("markdown line {}", *md_line as u32 + l - 1);

        // Errors.
        let mut unmatched: Vec<(u32, numrs_db::Severity, &str, &str)> = report
            .diagnostics
            .iter()
            .map(|d| (lines.line_col(d.primary.span.start).line, d.severity, d.code, d.message.as_str()))
            .collect();
        for (line, exp) in &expected {
            if let Expectation::Diagnostic { severity, code, message } = exp {
                let found = unmatched.iter().position(|(l, sev, c, m)| {
                    l == line && sev == severity && c == code && message.as_ref().is_none_or(|s| m.contains(s.as_str()))
                });
                match found {
                    Some(i) => {
                        unmatched.remove(i);
                    }
                    None => failures.push(format!(
                        "{}: expected {} [{code}] not reported",
                        where_(*line),
                        severity.as_str()
                    )),
                }
            }
        }
        for (line, severity, code, message) in unmatched {
            failures.push(format!("{}: unexpected {} [{code}] {message}", where_(line), severity.as_str()));
        }

        // Revealed types.
        for (line, exp) in &expected {
            let Expectation::Revealed(types) = exp else { continue };
            let mut got = Vec::new();
            for f in &report.functions {
                for s in &f.signatures {
                    if let SignatureOutcome::Ok { .. } = &s.outcome {
                        for (l, t) in &s.reveals {
                            if l == line {
                                got.push(t.clone());
                            }
                        }
                    }
                }
            }
            if &got != types {
                failures.push(format!("{}: revealed {:?}, expected {:?}", where_(*line), got, types));
            }
        }
    }
    if failures.is_empty() {
        Ok(())
    } else {
        Err(failures)
    }
}
