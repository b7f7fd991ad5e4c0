//! The `sarif` format: a SARIF 2.1.0 log with one run of the `numrs` driver.
//!
//! Every diagnostic code used becomes a rule (sorted by id; `helpUri` is the relative path of
//! its documentation page, `docs/diagnostics/<code>.md`). Each diagnostic becomes a result
//! with a physical location (1-based lines, columns in Unicode code points as declared by
//! the run's `columnKind`, exclusive end column); secondary labels become related locations;
//! notes are appended to the message; the Numba exception kind is a result property.

use std::collections::BTreeMap;

use numrs_db::Severity;
use serde_json::{json, Value};

use super::{help_uri, locate, CheckedFile};
use crate::location::Region;

/// Collects results file by file, then writes the log.
#[derive(Default)]
pub struct SarifLog {
    results: Vec<PendingResult>,
    /// code → (level of its first occurrence, Numba kind of its first occurrence).
    rules: BTreeMap<&'static str, (&'static str, Option<&'static str>)>,
}

struct PendingResult {
    code: &'static str,
    result: Value,
}

impl SarifLog {
    pub fn add_file(&mut self, file: &CheckedFile<'_>) {
        let uri = artifact_uri(file.display);
        for located in locate(file) {
            let diagnostic = located.diagnostic;
            let level = level(diagnostic.severity);
            self.rules.entry(diagnostic.code).or_insert((level, diagnostic.numba_kind));
            let mut message = diagnostic.message.clone();
            if !diagnostic.primary.message.is_empty() {
                message.push_str(&format!(" ({})", diagnostic.primary.message));
            }
            for note in &diagnostic.notes {
                message.push_str("\nnote: ");
                message.push_str(note);
            }
            let related: Vec<Value> = diagnostic
                .secondary
                .iter()
                .zip(&located.secondary)
                .enumerate()
                .map(|(index, (label, region))| {
                    json!({
                        "id": index,
                        "message": {"text": label.message},
                        "physicalLocation": physical_location(&uri, *region),
                    })
                })
                .collect();
            let mut result = json!({
                "ruleId": diagnostic.code,
                "level": level,
                "message": {"text": message},
                "locations": [{"physicalLocation": physical_location(&uri, located.primary)}],
            });
            if let Some(object) = result.as_object_mut() {
                if !related.is_empty() {
                    object.insert("relatedLocations".to_string(), Value::Array(related));
                }
                if let Some(kind) = diagnostic.numba_kind {
                    object.insert("properties".to_string(), json!({"numbaKind": kind}));
                }
            }
            self.results.push(PendingResult { code: diagnostic.code, result });
        }
    }

    /// The finished log.
    pub fn finish(self) -> Value {
        let rule_index: BTreeMap<&str, usize> = self.rules.keys().enumerate().map(|(i, code)| (*code, i)).collect();
        let rules: Vec<Value> = self
            .rules
            .iter()
            .map(|(code, (level, numba_kind))| {
                let description = match numba_kind {
                    Some(kind) => format!("numrs diagnostic `{code}` (Numba {kind})"),
                    None => format!("numrs diagnostic `{code}`"),
                };
                json!({
                    "id": code,
                    "shortDescription": {"text": description},
                    "helpUri": help_uri(code),
                    "defaultConfiguration": {"level": level},
                })
            })
            .collect();
        let results: Vec<Value> = self
            .results
            .into_iter()
            .map(|pending| {
                let mut result = pending.result;
                if let (Some(object), Some(index)) = (result.as_object_mut(), rule_index.get(pending.code)) {
                    object.insert("ruleIndex".to_string(), json!(index));
                }
                result
            })
            .collect();
        json!({
            "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
            "version": "2.1.0",
            "runs": [{
                "tool": {"driver": {
                    "name": "numrs",
                    "version": env!("CARGO_PKG_VERSION"),
                    "rules": rules,
                }},
                "columnKind": "unicodeCodePoints",
                "results": results,
            }],
        })
    }
}

fn level(severity: Severity) -> &'static str {
    match severity {
        Severity::Error => "error",
        Severity::Warning => "warning",
        Severity::Info => "note",
    }
}

fn physical_location(uri: &str, region: Region) -> Value {
    json!({
        "artifactLocation": {"uri": uri},
        "region": {
            "startLine": region.start.line,
            "startColumn": region.start.column,
            "endLine": region.end.line,
            "endColumn": region.end.column,
        },
    })
}

/// A relative URI reference for a path: `/` separators, percent-encoding outside the
/// unreserved characters. Absolute paths become `file://` URIs.
pub fn artifact_uri(path: &str) -> String {
    let normalized = path.replace('\\', "/");
    let mut out = String::new();
    if normalized.starts_with('/') {
        out.push_str("file://");
    }
    for byte in normalized.bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' | b'/' => out.push(char::from(byte)),
            other => out.push_str(&format!("%{other:02X}")),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn uris() {
        assert_eq!(artifact_uri("src/a b.py"), "src/a%20b.py");
        assert_eq!(artifact_uri("/src/x.py"), "file:///src/x.py");
        assert_eq!(artifact_uri("é.py"), "%C3%A9.py");
    }
}
