//! `[tool.numrs]` in `pyproject.toml`: discovery (walking up from the current directory) and
//! validation.
//!
//! The nearest `pyproject.toml` that has a `[tool.numrs]` table wins; files without one are
//! passed over. Keys: `include` and `exclude` (lists of globs, matched against paths relative
//! to the directory holding `pyproject.toml`), `extra-decorators` (list of dotted names) and
//! `signatures` (a path, relative to that directory). Unknown keys produce warnings; values of
//! the wrong type are errors.

use std::path::{Path, PathBuf};

/// A validated `[tool.numrs]` table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// The `pyproject.toml` it came from.
    pub source: PathBuf,
    /// The directory holding `pyproject.toml`; globs and paths are relative to it.
    pub root: PathBuf,
    pub include: Vec<String>,
    pub exclude: Vec<String>,
    pub extra_decorators: Vec<String>,
    /// Already resolved against `root`.
    pub signatures: Option<PathBuf>,
    /// `scipy = false`: type for an environment without SciPy (default: installed).
    pub scipy: bool,
}

/// The result of looking for a configuration.
pub struct Discovered {
    pub config: Option<Config>,
    /// Problems worth telling the user that do not stop the run.
    pub warnings: Vec<String>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            source: PathBuf::new(),
            root: PathBuf::new(),
            include: Vec::new(),
            exclude: Vec::new(),
            extra_decorators: Vec::new(),
            signatures: None,
            scipy: true,
        }
    }
}

const KNOWN_KEYS: [&str; 5] = ["include", "exclude", "extra-decorators", "signatures", "scipy"];

/// Walk up from `start` to the first `pyproject.toml` with a `[tool.numrs]` table.
/// An unparsable `pyproject.toml` that mentions `tool.numrs` is an error; one that does not is
/// skipped with a warning.
pub fn discover(start: &Path) -> Result<Discovered, String> {
    let mut warnings = Vec::new();
    for dir in start.ancestors() {
        let candidate = dir.join("pyproject.toml");
        if !candidate.is_file() {
            continue;
        }
        let text = match std::fs::read_to_string(&candidate) {
            Ok(text) => text,
            Err(e) => {
                warnings.push(format!("cannot read {}: {e}; ignoring it", candidate.display()));
                continue;
            }
        };
        match load(&candidate, &text)? {
            Loaded::Config(config, mut more) => {
                warnings.append(&mut more);
                return Ok(Discovered { config: Some(config), warnings });
            }
            Loaded::NoNumrsTable => {}
            Loaded::Unparsable(message) => warnings.push(message),
        }
    }
    Ok(Discovered { config: None, warnings })
}

enum Loaded {
    Config(Config, Vec<String>),
    NoNumrsTable,
    Unparsable(String),
}

fn load(path: &Path, text: &str) -> Result<Loaded, String> {
    let table: toml::Table = match text.parse() {
        Ok(table) => table,
        Err(e) => {
            let message = format!("{} is not valid TOML: {}", path.display(), e.message());
            return if text.contains("tool.numrs") || text.contains("[tool]") {
                Err(message)
            } else {
                Ok(Loaded::Unparsable(format!("{message}; ignoring it")))
            };
        }
    };
    let Some(numrs) = table.get("tool").and_then(|tool| tool.get("numrs")) else {
        return Ok(Loaded::NoNumrsTable);
    };
    let Some(numrs) = numrs.as_table() else {
        return Err(format!("{}: `tool.numrs` must be a table", path.display()));
    };
    let root = path.parent().map(Path::to_path_buf).unwrap_or_default();
    let mut config = Config { source: path.to_path_buf(), root: root.clone(), ..Config::default() };
    let mut warnings = Vec::new();
    for (key, value) in numrs {
        let where_ = || format!("{}: [tool.numrs] {key}", path.display());
        match key.as_str() {
            "include" => config.include = string_list(value).ok_or_else(|| format!("{} must be a list of strings", where_()))?,
            "exclude" => config.exclude = string_list(value).ok_or_else(|| format!("{} must be a list of strings", where_()))?,
            "extra-decorators" => {
                config.extra_decorators =
                    string_list(value).ok_or_else(|| format!("{} must be a list of strings", where_()))?
            }
            "scipy" => config.scipy = value.as_bool().ok_or_else(|| format!("{} must be true or false", where_()))?,
            "signatures" => {
                let text = value.as_str().ok_or_else(|| format!("{} must be a string (a path)", where_()))?;
                config.signatures = Some(root.join(text));
            }
            _ => {
                let hint = suggestion(key).map(|known| format!(" (did you mean `{known}`?)")).unwrap_or_default();
                warnings.push(format!("{}: unknown key `{key}` in [tool.numrs]{hint}; ignoring it", path.display()));
            }
        }
    }
    Ok(Loaded::Config(config, warnings))
}

fn string_list(value: &toml::Value) -> Option<Vec<String>> {
    value.as_array()?.iter().map(|item| item.as_str().map(str::to_string)).collect()
}

/// A known key that differs from `key` only in `_` versus `-` or case.
fn suggestion(key: &str) -> Option<&'static str> {
    let normalized = key.replace('_', "-").to_ascii_lowercase();
    KNOWN_KEYS.iter().copied().find(|known| *known == normalized)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config_of(text: &str) -> (Config, Vec<String>) {
        match load(Path::new("/p/pyproject.toml"), text) {
            Ok(Loaded::Config(config, warnings)) => (config, warnings),
            _ => panic!("expected a config"),
        }
    }

    #[test]
    fn scipy_defaults_to_installed() {
        assert!(config_of("[tool.numrs]\n").0.scipy);
        assert!(!config_of("[tool.numrs]\nscipy = false\n").0.scipy);
    }

    #[test]
    fn reads_known_keys() {
        let (config, warnings) = config_of(
            "[tool.numrs]\ninclude = [\"src/**\"]\nexclude = [\"build\"]\nextra-decorators = [\"my.jit\"]\nsignatures = \"sigs.jsonl\"\n",
        );
        assert!(warnings.is_empty());
        assert_eq!(config.include, vec!["src/**"]);
        assert_eq!(config.exclude, vec!["build"]);
        assert_eq!(config.extra_decorators, vec!["my.jit"]);
        assert_eq!(config.signatures, Some(PathBuf::from("/p/sigs.jsonl")));
        assert_eq!(config.root, PathBuf::from("/p"));
    }

    #[test]
    fn unknown_keys_warn() {
        let (_, warnings) = config_of("[tool.numrs]\nextra_decorators = []\nfoo = 1\n");
        assert_eq!(warnings.len(), 2);
        assert!(warnings[0].contains("did you mean `extra-decorators`"));
    }

    #[test]
    fn wrong_types_are_errors() {
        assert!(load(Path::new("p.toml"), "[tool.numrs]\ninclude = \"x\"\n").is_err());
        assert!(load(Path::new("p.toml"), "[tool.numrs]\nsignatures = 3\n").is_err());
        assert!(load(Path::new("p.toml"), "[tool]\nnumrs = 3\n").is_err());
    }

    #[test]
    fn other_tables_are_skipped() {
        assert!(matches!(load(Path::new("p.toml"), "[project]\nname = \"x\"\n"), Ok(Loaded::NoNumrsTable)));
        assert!(matches!(load(Path::new("p.toml"), "[project\n"), Ok(Loaded::Unparsable(_))));
        assert!(load(Path::new("p.toml"), "[tool.numrs\n").is_err());
    }
}
