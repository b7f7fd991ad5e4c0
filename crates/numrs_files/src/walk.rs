//! The files below a directory, as `git` would list them: depth first, each directory's
//! entries in name order; hidden entries (names starting with `.`) skipped; what `.ignore` and
//! `.gitignore` files (in the directory walked, below it, and above it up to the repository
//! root) and the repository's `.git/info/exclude` exclude skipped, also outside a git
//! repository. Rules of a deeper directory take precedence over a shallower one, `.ignore`
//! over `.gitignore` over `info/exclude`. Symbolic links to files are listed; links to
//! directories are not followed.

use std::path::{Path, PathBuf};

use crate::ignore::{Rules, Verdict};
use crate::{io_error_text, normalize};

/// Directories deeper than this below the walked one are not entered (a warning says so).
const MAX_DEPTH: usize = 200;

/// What a walk found.
#[derive(Debug, Default)]
pub struct Walked {
    /// The files, as the walked path joined with their path below it.
    pub files: Vec<PathBuf>,
    /// Directories that could not be read.
    pub errors: Vec<String>,
    /// Unreadable or malformed ignore files, directories too deep.
    pub warnings: Vec<String>,
}

/// The ignore files in force at one point of the walk, deepest last.
#[derive(Default)]
struct Stack {
    ignore: Vec<Rules>,
    gitignore: Vec<Rules>,
    exclude: Option<Rules>,
}

impl Stack {
    fn ignored(&self, path: &Path, is_dir: bool) -> bool {
        for rules in self.ignore.iter().rev().chain(self.gitignore.iter().rev()).chain(self.exclude.iter()) {
            match rules.verdict(path, is_dir) {
                Verdict::Ignore => return true,
                Verdict::Keep => return false,
                Verdict::Unmatched => {}
            }
        }
        false
    }
}

/// Walk `root` (a directory). `enter` decides whether a directory below it is walked.
pub fn walk(root: &Path, enter: &dyn Fn(&Path) -> bool) -> Walked {
    let mut walked = Walked::default();
    let absolute = match std::env::current_dir() {
        Ok(cwd) => normalize(&cwd.join(root)),
        Err(e) => {
            walked.errors.push(format!("cannot determine the current directory: {e}"));
            return walked;
        }
    };
    // The ignore files of the directories above, up to the repository's root.
    let mut stack = Stack::default();
    let mut above: Vec<&Path> = Vec::new();
    let mut repository: Option<PathBuf> = None;
    for dir in absolute.ancestors() {
        if dir != absolute {
            above.push(dir);
        }
        if dir.join(".git").exists() {
            repository = Some(dir.to_path_buf());
            break;
        }
    }
    for dir in above.iter().rev() {
        push_rules(&mut stack, dir, &mut walked.warnings);
    }
    if let Some(repo) = &repository {
        stack.exclude = Rules::read(&repo.join(".git").join("info"), "exclude", &mut walked.warnings).map(|mut r| {
            r.dir = repo.clone();
            r
        });
    }
    visit(root, &absolute, 0, &mut stack, enter, &mut walked);
    walked
}

fn push_rules(stack: &mut Stack, dir: &Path, warnings: &mut Vec<String>) -> (bool, bool) {
    let ignore = Rules::read(dir, ".ignore", warnings).map(|r| stack.ignore.push(r)).is_some();
    let gitignore = Rules::read(dir, ".gitignore", warnings).map(|r| stack.gitignore.push(r)).is_some();
    (ignore, gitignore)
}

fn visit(shown: &Path, absolute: &Path, depth: usize, stack: &mut Stack, enter: &dyn Fn(&Path) -> bool, walked: &mut Walked) {
    if depth > MAX_DEPTH {
        walked.warnings.push(format!("{}: more than {MAX_DEPTH} directories deep; not searched", shown.display()));
        return;
    }
    let entries = match std::fs::read_dir(shown) {
        Ok(entries) => entries,
        Err(e) => {
            walked.errors.push(format!("{}: {}", shown.display(), io_error_text(&e)));
            return;
        }
    };
    let mut entries: Vec<std::fs::DirEntry> = entries
        .filter_map(|e| match e {
            Ok(e) => Some(e),
            Err(e) => {
                walked.errors.push(format!("{}: {}", shown.display(), io_error_text(&e)));
                None
            }
        })
        .collect();
    entries.sort_by_key(|e| e.file_name());
    let pushed = push_rules(stack, absolute, &mut walked.warnings);
    for entry in entries {
        let name = entry.file_name();
        if name.to_string_lossy().starts_with('.') {
            continue;
        }
        let (path, absolute_path) = (shown.join(&name), absolute.join(&name));
        let Ok(kind) = entry.file_type() else { continue };
        // A link counts as what it points to, but a linked directory is not entered.
        let (is_dir, is_file) = if kind.is_symlink() {
            (false, path.is_file())
        } else {
            (kind.is_dir(), kind.is_file())
        };
        if stack.ignored(&absolute_path, is_dir) {
            continue;
        }
        if is_dir {
            if enter(&path) {
                visit(&path, &absolute_path, depth + 1, stack, enter, walked);
            }
        } else if is_file {
            walked.files.push(path);
        }
    }
    if pushed.0 {
        stack.ignore.pop();
    }
    if pushed.1 {
        stack.gitignore.pop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(root: &Path, relative: &str, text: &str) {
        let path = root.join(relative);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    fn names(root: &Path, walked: &Walked) -> Vec<String> {
        walked.files.iter().map(|f| f.strip_prefix(root).unwrap().to_string_lossy().into_owned()).collect()
    }

    #[test]
    fn ignore_files_hidden_entries_and_order() {
        let root = std::env::temp_dir().join(format!("numrs-walk-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        write(&root, ".gitignore", "generated/\n*.tmp\n");
        write(&root, "b.py", "");
        write(&root, "a/z.py", "");
        write(&root, "a/x.tmp", "");
        write(&root, "a/.ignore", "!x.tmp\nz.py\n");
        write(&root, "generated/g.py", "");
        write(&root, ".hidden/h.py", "");
        write(&root, "sub/.gitignore", "/only_here.py\n");
        write(&root, "sub/only_here.py", "");
        write(&root, "sub/deeper/only_here.py", "");
        write(&root, "skip/s.py", "");
        let walked = walk(&root, &|dir: &Path| !dir.ends_with("skip"));
        assert!(walked.errors.is_empty() && walked.warnings.is_empty(), "{walked:?}");
        assert_eq!(names(&root, &walked), ["a/x.tmp", "b.py", "sub/deeper/only_here.py"]);
        // A directory named to the walk is walked even where an ignore file excludes it.
        let walked = walk(&root.join("generated"), &|_: &Path| true);
        assert_eq!(names(&root, &walked), ["generated/g.py"]);
        // The ignore files above the walked directory apply.
        let walked = walk(&root.join("a"), &|_: &Path| true);
        assert_eq!(names(&root, &walked), ["a/x.tmp"]);
        let _ = std::fs::remove_dir_all(&root);
    }

    #[test]
    fn a_missing_directory_is_an_error() {
        let walked = walk(Path::new("/definitely/not/here"), &|_: &Path| true);
        assert_eq!(walked.errors, ["/definitely/not/here: no such file or directory"]);
    }
}
