//! `--emit-types DIR`: one `numrs-types/1` JSON file per checked file, in the schema the Numba
//! oracle writes (`shared/oracle/README.md`), so `compare.py EXPECTED DIR` can score numrs.
//!
//! `DIR/<relative path>.json` mirrors the file's path below the directory argument it was found
//! under (a file argument gives just its file name), with `.py` replaced by `.json`. Only
//! functions with explicit signatures are listed; `calls` is always empty (numrs does not run
//! code). The text is formatted exactly like Python's `json.dump(doc, fh, indent=1,
//! sort_keys=True)` (ASCII-only, `\uXXXX` escapes) followed by a newline, so files are
//! byte-comparable with the oracle's.

use std::path::{Path, PathBuf};

use numrs_check::{FileReport, SignatureOutcome};
use serde::Serialize;
use serde_json::{json, Map, Value};

use crate::inputs::{io_error_text, InputFile};

pub const SCHEMA: &str = "numrs-types/1";
pub const NUMBA_VERSION: &str = "0.68.1";

/// The path below `dir` for `input`.
pub fn output_path(dir: &Path, input: &InputFile) -> PathBuf {
    dir.join(input.emit_relative.with_extension("json"))
}

/// One listed function, as the schema needs it (decoupled from the check crate's report
/// types so that new report fields do not touch this module).
pub struct TypedFunction<'a> {
    pub name: &'a str,
    pub line: u32,
    pub signatures: Vec<TypedSignature<'a>>,
}

pub struct TypedSignature<'a> {
    pub args: &'a [String],
    pub outcome: &'a SignatureOutcome,
}

/// The functions of a report that the schema lists: those with explicit signatures.
pub fn listed_functions(report: &FileReport) -> Vec<TypedFunction<'_>> {
    report
        .functions
        .iter()
        .filter(|function| function.explicit_signatures)
        .map(|function| TypedFunction {
            name: function.def_name.as_deref().unwrap_or(&function.name),
            line: function.line,
            signatures: function
                .signatures
                .iter()
                .map(|signature| TypedSignature { args: &signature.args, outcome: &signature.outcome })
                .collect(),
        })
        .collect()
}

/// The `numrs-types/1` document of one file.
pub fn document(input: &InputFile, functions: &[TypedFunction<'_>]) -> Value {
    let file_name = input
        .path
        .file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_else(|| input.display.clone());
    let functions: Vec<Value> = functions
        .iter()
        .map(|function| {
            let signatures: Vec<Value> = function
                .signatures
                .iter()
                .map(|signature| match signature.outcome {
                    SignatureOutcome::Ok { return_type, locals } => json!({
                        "args": signature.args,
                        "ok": true,
                        "return": return_type,
                        "locals": locals,
                    }),
                    SignatureOutcome::Err { kind, line, message } => json!({
                        "args": signature.args,
                        "ok": false,
                        "error": {"kind": kind, "line": line, "message": message},
                    }),
                })
                .collect();
            json!({"name": function.name, "line": function.line, "signatures": signatures})
        })
        .collect();
    json!({
        "schema": SCHEMA,
        "numba_version": NUMBA_VERSION,
        "file": file_name,
        "functions": functions,
        "calls": [],
    })
}

/// Write the document of one file below `dir`, creating directories as needed.
pub fn write(dir: &Path, input: &InputFile, report: &FileReport) -> Result<PathBuf, String> {
    let path = output_path(dir, input);
    if let Some(parent) = path.parent() {
        std::fs::create_dir_all(parent)
            .map_err(|e| format!("cannot create directory {}: {}", parent.display(), io_error_text(&e)))?;
    }
    let text = to_python_json(&document(input, &listed_functions(report)))?;
    std::fs::write(&path, text).map_err(|e| format!("cannot write {}: {}", path.display(), io_error_text(&e)))?;
    Ok(path)
}

/// `json.dump(value, indent=1, sort_keys=True)` plus a trailing newline.
pub fn to_python_json(value: &Value) -> Result<String, String> {
    let sorted = sort_keys(value);
    let mut buffer = Vec::new();
    let formatter = serde_json::ser::PrettyFormatter::with_indent(b" ");
    let mut serializer = serde_json::Serializer::with_formatter(&mut buffer, formatter);
    sorted.serialize(&mut serializer).map_err(|e| format!("cannot serialize JSON: {e}"))?;
    let text = String::from_utf8(buffer).map_err(|e| format!("cannot serialize JSON: {e}"))?;
    let mut out = ascii_only(&text);
    out.push('\n');
    Ok(out)
}

/// A copy with every object's keys in sorted order (whatever map type serde_json was built with).
fn sort_keys(value: &Value) -> Value {
    match value {
        Value::Object(map) => {
            let mut entries: Vec<(&String, &Value)> = map.iter().collect();
            entries.sort_by(|a, b| a.0.cmp(b.0));
            let mut sorted = Map::new();
            for (key, item) in entries {
                sorted.insert(key.clone(), sort_keys(item));
            }
            Value::Object(sorted)
        }
        Value::Array(items) => Value::Array(items.iter().map(sort_keys).collect()),
        other => other.clone(),
    }
}

/// Python's `ensure_ascii`: non-ASCII characters (which can only occur inside JSON strings)
/// become `\uXXXX` escapes, astral ones as surrogate pairs.
fn ascii_only(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        if ch.is_ascii() {
            out.push(ch);
        } else {
            let mut units = [0u16; 2];
            for unit in ch.encode_utf16(&mut units) {
                out.push_str(&format!("\\u{unit:04x}"));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::BTreeMap;

    #[test]
    fn python_compatible_text() {
        let value = json!({"b": [1, {"y": "é😀", "x": null}], "a": [], "c": {}});
        let text = to_python_json(&value).unwrap();
        assert_eq!(
            text,
            "{\n \"a\": [],\n \"b\": [\n  1,\n  {\n   \"x\": null,\n   \"y\": \"\\u00e9\\ud83d\\ude00\"\n  }\n ],\n \"c\": {}\n}\n"
        );
    }

    #[test]
    fn document_shape() {
        let args_ok = vec!["int64".to_string()];
        let ok = SignatureOutcome::Ok {
            return_type: "int64".into(),
            locals: BTreeMap::from([("x".to_string(), vec!["int64".to_string()])]),
        };
        let args_err = vec!["float64".to_string()];
        let err = SignatureOutcome::Err { kind: "TypingError".into(), line: None, message: "bad".into() };
        let functions = vec![TypedFunction {
            name: "f",
            line: 3,
            signatures: vec![
                TypedSignature { args: &args_ok, outcome: &ok },
                TypedSignature { args: &args_err, outcome: &err },
            ],
        }];
        let input = InputFile {
            path: PathBuf::from("src/pkg/m.py"),
            display: "src/pkg/m.py".into(),
            emit_relative: PathBuf::from("pkg/m.py"),
        };
        assert_eq!(output_path(Path::new("out"), &input), PathBuf::from("out/pkg/m.json"));
        let doc = document(&input, &functions);
        assert_eq!(doc["schema"], "numrs-types/1");
        assert_eq!(doc["numba_version"], "0.68.1");
        assert_eq!(doc["file"], "m.py");
        assert_eq!(doc["functions"][0]["line"], 3);
        assert_eq!(doc["functions"][0]["signatures"][0]["ok"], true);
        assert_eq!(doc["functions"][0]["signatures"][0]["return"], "int64");
        assert_eq!(doc["functions"][0]["signatures"][0]["locals"]["x"][0], "int64");
        assert_eq!(doc["functions"][0]["signatures"][1]["ok"], false);
        assert_eq!(doc["functions"][0]["signatures"][1]["error"]["kind"], "TypingError");
        assert_eq!(doc["functions"][0]["signatures"][1]["error"]["line"], Value::Null);
        assert_eq!(doc["calls"], json!([]));
    }
}
