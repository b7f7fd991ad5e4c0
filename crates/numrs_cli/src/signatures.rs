//! `--signatures FILE`: recorded call signatures, one JSON value per line (JSON lines).
//!
//! Each record is an object with `file` (path relative to the current directory), `qualname`
//! and `args` (Numba type strings as Numba prints them); other keys are ignored. A malformed
//! file fails fast with exit status 2.

use std::path::Path;

/// Read the records of a signatures file.
pub fn load(path: &Path) -> Result<Vec<numrs_db::RecordedSignature>, String> {
    validate(path)?;
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read signatures file {}: {e}", path.display()))?;
    let mut out = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let value: serde_json::Value = serde_json::from_str(line).map_err(|e| format!("{}:{}: {e}", path.display(), index + 1))?;
        let field = |name: &str| value.get(name);
        let bad = |what: &str| format!("signatures file {}:{}: {what}", path.display(), index + 1);
        let file = field("file").and_then(|v| v.as_str()).ok_or_else(|| bad("missing string key `file`"))?;
        let qualname = field("qualname").and_then(|v| v.as_str()).ok_or_else(|| bad("missing string key `qualname`"))?;
        let args = field("args")
            .and_then(|v| v.as_array())
            .ok_or_else(|| bad("missing list key `args`"))?
            .iter()
            .map(|a| a.as_str().map(str::to_string))
            .collect::<Option<Vec<_>>>()
            .ok_or_else(|| bad("`args` must be a list of type strings"))?;
        out.push(numrs_db::RecordedSignature { file: file.to_string(), qualname: qualname.to_string(), args });
    }
    Ok(out)
}

/// Check that `path` is a readable JSON-lines file. Returns the number of records.
pub fn validate(path: &Path) -> Result<usize, String> {
    let bytes = std::fs::read(path)
        .map_err(|e| format!("cannot read signatures file {}: {}", path.display(), crate::inputs::io_error_text(&e)))?;
    let text = std::str::from_utf8(&bytes)
        .map_err(|e| format!("signatures file {} is not UTF-8 (invalid byte at offset {})", path.display(), e.valid_up_to()))?;
    let mut records = 0usize;
    for (index, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        serde_json::from_str::<serde_json::Value>(line).map_err(|e| {
            format!(
                "signatures file {}:{}: not valid JSON lines (each line must be one JSON value): {e}",
                path.display(),
                index + 1
            )
        })?;
        records += 1;
    }
    Ok(records)
}

/// Check that a decorator name is a dotted Python name (`my_jit`, `pkg.mod.jit`).
pub fn validate_decorator_name(name: &str) -> Result<(), String> {
    let valid = !name.is_empty()
        && name.split('.').all(|part| {
            let mut chars = part.chars();
            chars.next().is_some_and(|c| c.is_alphabetic() || c == '_') && chars.all(|c| c.is_alphanumeric() || c == '_')
        });
    if valid {
        Ok(())
    } else {
        Err(format!("invalid decorator name `{name}`: expected a dotted Python name such as `mylib.jit`"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decorator_names() {
        assert!(validate_decorator_name("jit").is_ok());
        assert!(validate_decorator_name("pkg.mod._jit2").is_ok());
        assert!(validate_decorator_name("").is_err());
        assert!(validate_decorator_name("a..b").is_err());
        assert!(validate_decorator_name("1x").is_err());
        assert!(validate_decorator_name("@jit").is_err());
    }
}
