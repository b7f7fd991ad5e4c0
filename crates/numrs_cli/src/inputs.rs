//! Turning `numrs check PATH...` arguments into the list of files to check.
//!
//! A file argument is always checked, whatever its extension and whatever `include`/`exclude`
//! say (as mypy and ruff do for explicitly named files). A directory argument is walked with
//! `numrs_files::walk`: `.gitignore`/`.ignore` files are respected (also outside a git
//! repository), hidden entries are skipped, only `*.py` files are taken, and the configured
//! `include`/`exclude` globs select among them. Files are listed in argument order, each
//! directory's contents sorted by name, each file once.
//!
//! Glob semantics: patterns are matched against the path relative to the configuration root
//! (the directory of `pyproject.toml`), with `/` separators; `*` does not cross `/`, `**` does.
//! A pattern without `/` (ignoring a trailing one) matches a single path component anywhere
//! (`build`, `build/`, `*_test.py`); a leading `/` anchors a pattern at the root (`/build`).
//! A directory matching `exclude` is not descended into; a file is included when it, or one of
//! its parent directories, matches an `include` pattern.

use std::collections::HashSet;
use std::path::{Component, Path, PathBuf};

use numrs_files::glob::Glob;
pub use numrs_files::{io_error_text, normalize};

/// One file to check.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputFile {
    /// Where to read it from.
    pub path: PathBuf,
    /// How diagnostics name it (the path as given, without `./` segments).
    pub display: String,
    /// Its path below `--emit-types DIR` (before `.py` → `.json`): relative to the directory
    /// argument it was found under, or just its file name for a file argument.
    pub emit_relative: PathBuf,
}

/// The files found, plus the problems met on the way.
#[derive(Debug, Default)]
pub struct Collected {
    pub files: Vec<InputFile>,
    /// Missing paths and I/O errors: reported, and the run exits 2 at the end.
    pub errors: Vec<String>,
    /// Problems that do not change the exit status (a bad `.gitignore` line).
    pub warnings: Vec<String>,
}

/// `include`/`exclude` globs, relative to a root directory.
#[derive(Debug)]
pub struct PathFilter {
    /// Absolute configuration root; `None` when there is no configuration.
    root: Option<PathBuf>,
    /// Absolute current directory.
    cwd: PathBuf,
    include: Option<Patterns>,
    exclude: Option<Patterns>,
}

#[derive(Debug)]
struct Patterns {
    /// Patterns with a `/`: matched against the whole relative path.
    whole_path: Vec<Glob>,
    /// Patterns without a `/`: matched against one path component.
    component: Vec<Glob>,
}

impl Patterns {
    fn new(patterns: &[String], what: &str) -> Result<Option<Patterns>, String> {
        if patterns.is_empty() {
            return Ok(None);
        }
        let mut whole_path = Vec::new();
        let mut component = Vec::new();
        for original in patterns {
            let mut pattern = original.trim();
            while let Some(rest) = pattern.strip_prefix("./") {
                pattern = rest;
            }
            let anchored = pattern.starts_with('/');
            let pattern = pattern.trim_start_matches('/').trim_end_matches('/');
            if pattern.is_empty() {
                return Err(format!("{what} pattern `{original}` is empty"));
            }
            let glob = Glob::new(pattern).map_err(|why| format!("invalid {what} pattern `{original}`: {why}"))?;
            if anchored || pattern.contains('/') {
                whole_path.push(glob);
            } else {
                component.push(glob);
            }
        }
        Ok(Some(Patterns { whole_path, component }))
    }

    /// Whether `relative` (with `/` separators) itself matches.
    fn matches(&self, relative: &str) -> bool {
        if self.whole_path.iter().any(|g| g.is_match(relative)) {
            return true;
        }
        let last = relative.rsplit('/').next().unwrap_or(relative);
        self.component.iter().any(|g| g.is_match(last))
    }

    /// Whether `relative` or one of its parent directories matches.
    fn matches_with_ancestors(&self, relative: &str) -> bool {
        let mut current = relative;
        loop {
            if !current.is_empty() && self.matches(current) {
                return true;
            }
            match current.rfind('/') {
                Some(at) => current = &current[..at],
                None => return false,
            }
        }
    }
}

impl PathFilter {
    /// No filtering.
    pub fn none(cwd: PathBuf) -> Self {
        PathFilter { root: None, cwd, include: None, exclude: None }
    }

    pub fn new(root: &Path, cwd: PathBuf, include: &[String], exclude: &[String]) -> Result<Self, String> {
        let root = normalize(&cwd.join(root));
        Ok(PathFilter {
            root: Some(root),
            cwd,
            include: Patterns::new(include, "include")?,
            exclude: Patterns::new(exclude, "exclude")?,
        })
    }

    /// The path to match globs against: relative to the root when below it, else as given.
    fn relative(&self, path: &Path) -> String {
        let absolute = normalize(&self.cwd.join(path));
        let relative = match &self.root {
            Some(root) => absolute.strip_prefix(root).map(Path::to_path_buf).unwrap_or(absolute),
            None => absolute,
        };
        slash_path(&relative)
    }

    fn excludes_dir(&self, path: &Path) -> bool {
        self.exclude.as_ref().is_some_and(|exclude| exclude.matches(&self.relative(path)))
    }

    fn selects_file(&self, path: &Path) -> bool {
        let relative = self.relative(path);
        if self.exclude.as_ref().is_some_and(|exclude| exclude.matches(&relative)) {
            return false;
        }
        self.include.as_ref().is_none_or(|include| include.matches_with_ancestors(&relative))
    }
}

/// Collect the files named by `arguments`.
pub fn collect(arguments: &[PathBuf], filter: PathFilter) -> Collected {
    let mut collected = Collected::default();
    let mut seen: HashSet<PathBuf> = HashSet::new();
    let mut push = |collected: &mut Collected, file: InputFile| {
        let key = std::fs::canonicalize(&file.path).unwrap_or_else(|_| normalize(&filter.cwd.join(&file.path)));
        if seen.insert(key) {
            collected.files.push(file);
        }
    };
    for argument in arguments {
        let metadata = match std::fs::metadata(argument) {
            Ok(metadata) => metadata,
            Err(e) => {
                collected.errors.push(format!("{}: {}", argument.display(), io_error_text(&e)));
                continue;
            }
        };
        if !metadata.is_dir() && !metadata.is_file() {
            collected.errors.push(format!("{}: not a regular file or directory", argument.display()));
            continue;
        }
        if metadata.is_file() {
            let emit_relative = argument.file_name().map(PathBuf::from).unwrap_or_else(|| argument.clone());
            let file = InputFile { path: argument.clone(), display: display_path(argument), emit_relative };
            push(&mut collected, file);
            continue;
        }
        let walked = numrs_files::walk::walk(argument, &|dir: &Path| !filter.excludes_dir(dir));
        collected.errors.extend(walked.errors);
        collected.warnings.extend(walked.warnings);
        for path in walked.files {
            let path = path.as_path();
            if path.extension().is_none_or(|ext| ext != "py") || !filter.selects_file(path) {
                continue;
            }
            let emit_relative = path
                .strip_prefix(argument)
                .map(Path::to_path_buf)
                .ok()
                .filter(|relative| !relative.as_os_str().is_empty())
                .or_else(|| path.file_name().map(PathBuf::from))
                .unwrap_or_else(|| path.to_path_buf());
            let file = InputFile { path: path.to_path_buf(), display: display_path(path), emit_relative };
            push(&mut collected, file);
        }
    }
    collected
}

/// The path as the user wrote it, minus `.` segments (`./a/./b.py` → `a/b.py`).
pub fn display_path(path: &Path) -> String {
    let cleaned: PathBuf = path.components().filter(|c| !matches!(c, Component::CurDir)).collect();
    if cleaned.as_os_str().is_empty() {
        ".".to_string()
    } else {
        cleaned.to_string_lossy().into_owned()
    }
}

/// A relative path with `/` separators, for glob matching.
fn slash_path(path: &Path) -> String {
    let parts: Vec<String> = path
        .components()
        .filter_map(|c| match c {
            Component::Normal(part) => Some(part.to_string_lossy().into_owned()),
            Component::ParentDir => Some("..".to_string()),
            _ => None,
        })
        .collect();
    parts.join("/")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn filter(include: &[&str], exclude: &[&str]) -> PathFilter {
        let include: Vec<String> = include.iter().map(|s| s.to_string()).collect();
        let exclude: Vec<String> = exclude.iter().map(|s| s.to_string()).collect();
        PathFilter::new(Path::new("/proj"), PathBuf::from("/proj"), &include, &exclude).unwrap()
    }

    #[test]
    fn include_and_exclude() {
        let f = filter(&["src"], &["*_test.py", "src/gen/**"]);
        assert!(f.selects_file(Path::new("src/a.py")));
        assert!(f.selects_file(Path::new("./src/pkg/b.py")));
        assert!(!f.selects_file(Path::new("other/a.py")));
        assert!(!f.selects_file(Path::new("src/a_test.py")));
        assert!(!f.selects_file(Path::new("src/gen/x.py")));
        let f = filter(&["src/*.py"], &["/build/"]);
        assert!(f.selects_file(Path::new("src/a.py")));
        assert!(!f.selects_file(Path::new("src/pkg/a.py")));
        assert!(f.excludes_dir(Path::new("build")));
        assert!(!f.excludes_dir(Path::new("src/build")));
        // As in .gitignore, a trailing `/` does not anchor the pattern.
        let f = filter(&[], &["build/"]);
        assert!(f.excludes_dir(Path::new("src/build")));
        let f = filter(&[], &["build"]);
        assert!(f.excludes_dir(Path::new("src/build")));
    }

    #[test]
    fn bad_globs_are_errors() {
        let bad = vec!["a[".to_string()];
        assert!(PathFilter::new(Path::new("/p"), PathBuf::from("/p"), &bad, &[]).is_err());
    }

    #[test]
    fn paths() {
        assert_eq!(normalize(Path::new("/a/./b/../c")), PathBuf::from("/a/c"));
        assert_eq!(display_path(Path::new("./a/./b.py")), "a/b.py");
    }
}
