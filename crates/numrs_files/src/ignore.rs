//! `.gitignore` rules (the same syntax serves `.ignore` files and `.git/info/exclude`).
//!
//! A line is a pattern; blank lines and `#` comments are skipped; trailing spaces are dropped
//! unless escaped with `\`; `!` re-includes what an earlier pattern excluded; a trailing `/`
//! matches directories only; a pattern with a `/` at its start or middle is relative to the
//! file's directory, one without matches a name at any depth below it. The last matching line
//! of a file decides.

use std::path::{Path, PathBuf};

use crate::glob::Glob;

struct Rule {
    glob: Glob,
    negated: bool,
    dir_only: bool,
    /// Matched against the whole path relative to the file's directory, not the last name.
    anchored: bool,
}

/// The rules of one ignore file.
pub struct Rules {
    /// The directory the patterns are relative to.
    pub dir: PathBuf,
    rules: Vec<Rule>,
}

/// What the rules say about a path.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Ignore,
    /// Re-included by a `!` pattern.
    Keep,
    /// No pattern matched.
    Unmatched,
}

impl Rules {
    /// Parse `text` (the file `source`, for the warnings); bad lines are skipped with a warning.
    pub fn parse(dir: PathBuf, text: &str, source: &Path, warnings: &mut Vec<String>) -> Rules {
        let mut rules = Vec::new();
        for (n, line) in text.lines().enumerate() {
            let mut line = line.strip_suffix('\r').unwrap_or(line);
            // Trailing spaces go, unless the last one is escaped.
            while line.ends_with(' ') && !line.ends_with("\\ ") {
                line = &line[..line.len() - 1];
            }
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let (negated, mut pattern) = match line.strip_prefix('!') {
                Some(rest) => (true, rest),
                None => (false, line),
            };
            let dir_only = pattern.ends_with('/') && !pattern.ends_with("\\/");
            if dir_only {
                pattern = &pattern[..pattern.len() - 1];
            }
            let anchored = pattern.contains('/');
            let pattern = pattern.strip_prefix('/').unwrap_or(pattern);
            if pattern.is_empty() {
                continue;
            }
            match Glob::new(pattern) {
                Ok(glob) => rules.push(Rule { glob, negated, dir_only, anchored }),
                Err(why) => warnings.push(format!("{}:{}: ignored the pattern `{line}`: {why}", source.display(), n + 1)),
            }
        }
        Rules { dir, rules }
    }

    /// Read `dir/name` if it exists; `None` when there is no such file. An unreadable file is
    /// a warning.
    pub fn read(dir: &Path, name: &str, warnings: &mut Vec<String>) -> Option<Rules> {
        let path = dir.join(name);
        match std::fs::read(&path) {
            Ok(bytes) => Some(Rules::parse(dir.to_path_buf(), &String::from_utf8_lossy(&bytes), &path, warnings)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound || path.is_dir() => None,
            Err(e) => {
                warnings.push(format!("{}: {e}", path.display()));
                None
            }
        }
    }

    /// The verdict for `path` (below `self.dir`; others are unmatched).
    pub fn verdict(&self, path: &Path, is_dir: bool) -> Verdict {
        let Ok(relative) = path.strip_prefix(&self.dir) else { return Verdict::Unmatched };
        let relative: Vec<String> = relative.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
        if relative.is_empty() {
            return Verdict::Unmatched;
        }
        let whole = relative.join("/");
        let name = relative.last().map_or("", String::as_str);
        for rule in self.rules.iter().rev() {
            if rule.dir_only && !is_dir {
                continue;
            }
            let hit = if rule.anchored { rule.glob.is_match(&whole) } else { rule.glob.is_match(name) };
            if hit {
                return if rule.negated { Verdict::Keep } else { Verdict::Ignore };
            }
        }
        Verdict::Unmatched
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rules(text: &str) -> Rules {
        let mut warnings = Vec::new();
        let r = Rules::parse(PathBuf::from("/p"), text, Path::new("/p/.gitignore"), &mut warnings);
        assert!(warnings.is_empty(), "{warnings:?}");
        r
    }

    #[test]
    fn gitignore_semantics() {
        let r = rules("# comment\n\nbuild/\n*.gen.py\n!keep.gen.py\n/top.py\ndocs/*.py\n");
        let v = |p: &str, dir: bool| r.verdict(Path::new(p), dir);
        assert_eq!(v("/p/build", true), Verdict::Ignore);
        assert_eq!(v("/p/a/build", true), Verdict::Ignore);
        assert_eq!(v("/p/build", false), Verdict::Unmatched, "build/ is for directories only");
        assert_eq!(v("/p/a/x.gen.py", false), Verdict::Ignore);
        assert_eq!(v("/p/a/keep.gen.py", false), Verdict::Keep);
        assert_eq!(v("/p/top.py", false), Verdict::Ignore);
        assert_eq!(v("/p/a/top.py", false), Verdict::Unmatched, "a leading / anchors");
        assert_eq!(v("/p/docs/x.py", false), Verdict::Ignore);
        assert_eq!(v("/p/a/docs/x.py", false), Verdict::Unmatched, "a middle / anchors");
        assert_eq!(v("/elsewhere/x.gen.py", false), Verdict::Unmatched);
    }

    #[test]
    fn trailing_spaces_and_bad_lines() {
        let r = rules("a.py   \nb\\ \n");
        assert_eq!(r.verdict(Path::new("/p/a.py"), false), Verdict::Ignore);
        let mut warnings = Vec::new();
        let r = Rules::parse(PathBuf::from("/p"), "x[\nok.py\n", Path::new("/p/.gitignore"), &mut warnings);
        assert_eq!(warnings.len(), 1, "{warnings:?}");
        assert!(warnings[0].starts_with("/p/.gitignore:1:"), "{warnings:?}");
        assert_eq!(r.verdict(Path::new("/p/ok.py"), false), Verdict::Ignore);
    }
}
