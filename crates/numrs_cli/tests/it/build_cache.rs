//! The build cache: an unchanged file is not compiled again (same bytes, one cache entry), a
//! comment edit keeps the entry, a body edit makes a new one and lowers only the edited
//! function again, and a damaged entry is ignored.

use std::path::Path;
use std::process::Command;

const SOURCE: &str = "from numba import njit\n\n@njit(\"(int64,)\")\ndef f(n):\n    return n * 3 + 1\n\n@njit(\"(float64,)\")\ndef g(x):\n    return x / 2.0\n";

fn build(dir: &Path, cache: &Path) -> Vec<u8> {
    let out = Command::new(env!("CARGO_BIN_EXE_numrs"))
        .env("NUMRS_CACHE_DIR", cache)
        .arg("build")
        .arg(dir.join("cached.py"))
        .arg("-o")
        .arg(dir.join("out"))
        .output()
        .expect("run numrs");
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    std::fs::read(dir.join("out/cached.abi3.so")).expect("built module")
}

/// Cache files: whole modules (`entry`) or lowered specializations (`lowered`).
fn entries_of(cache: &Path, ext: &str) -> Vec<std::path::PathBuf> {
    let mut e: Vec<_> = std::fs::read_dir(cache)
        .map(|d| d.flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|x| x == ext)).collect())
        .unwrap_or_default();
    e.sort();
    e
}

fn entries(cache: &Path) -> Vec<std::path::PathBuf> {
    entries_of(cache, "entry")
}

#[test]
fn unchanged_inputs_reuse_the_compiled_module() {
    let dir = std::env::temp_dir().join(format!("numrs-build-cache-{}", std::process::id()));
    let cache = dir.join("cache");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("mkdir");
    std::fs::write(dir.join("cached.py"), SOURCE).expect("write");
    let first = build(&dir, &cache);
    assert_eq!(entries(&cache).len(), 1);
    assert_eq!(entries_of(&cache, "lowered").len(), 2, "one lowered entry per specialization");
    assert_eq!(build(&dir, &cache), first, "same bytes from the cache");

    std::fs::write(dir.join("cached.py"), format!("# a comment\n{SOURCE}")).expect("write");
    assert_eq!(build(&dir, &cache), first, "a comment changes nothing codegen reads");
    assert_eq!(entries(&cache).len(), 1);

    let stamp = |p: &std::path::PathBuf| std::fs::metadata(p).and_then(|m| m.modified()).expect("mtime");
    let before: Vec<_> = entries_of(&cache, "lowered").iter().map(|p| (p.clone(), stamp(p))).collect();
    std::fs::write(dir.join("cached.py"), SOURCE.replace("n * 3 + 1", "n * 5 + 1")).expect("write");
    let edited = build(&dir, &cache);
    assert_ne!(edited, first);
    assert_eq!(entries(&cache).len(), 2);
    // Only the edited function was lowered again; `g` came from the cache.
    let lowered = entries_of(&cache, "lowered");
    assert_eq!(lowered.len(), 3);
    for (p, t) in &before {
        assert_eq!(stamp(p), *t, "{} was not written again", p.display());
    }
    // The same bytes as lowering everything afresh.
    let fresh = dir.join("fresh-cache");
    assert_eq!(build(&dir, &fresh), edited, "reused lowerings give the same module");

    // A damaged entry is not trusted: the module is compiled again, with the same bytes.
    for entry in entries(&cache).into_iter().chain(lowered) {
        std::fs::write(&entry, b"garbage").expect("damage");
    }
    assert_eq!(build(&dir, &cache), edited);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Edits that change only what the module freezes or runs as Python (a module constant's
/// value, an object-mode function's body, an exception class, a transcendental module value):
/// the cached build equals a build from nothing after each (the module's cache key once left
/// these out and the old module came back).
#[test]
fn edits_outside_the_typed_ir_make_a_new_module() {
    let dir = std::env::temp_dir().join(format!("numrs-build-cache-edits-{}", std::process::id()));
    let cache = dir.join("cache");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("mkdir");
    let source = "import numpy as np\nfrom numba import njit, jit\n\nRATE = 0.25\nLOG = np.log(3.0)\n\n\nclass Bad(ValueError):\n    pass\n\n\n@njit(\"(float64,)\")\ndef f(x):\n    if x < 0:\n        raise Bad(\"negative\")\n    return x * RATE + LOG\n\n\n@jit(forceobj=True)\ndef probe():\n    return \"old\"\n";
    let edits = [
        ("RATE = 0.25", "RATE = 0.5"),
        ("return \"old\"", "return \"new\""),
        ("class Bad(ValueError)", "class Bad(KeyError)"),
        ("np.log(3.0)", "np.log(4.0)"),
    ];
    let mut text = source.to_string();
    std::fs::write(dir.join("cached.py"), &text).expect("write");
    let mut previous = build(&dir, &cache);
    for (k, (from, to)) in edits.iter().enumerate() {
        text = text.replace(from, to);
        std::fs::write(dir.join("cached.py"), &text).expect("write");
        let cached = build(&dir, &cache);
        let fresh = build(&dir, &dir.join(format!("fresh-{k}")));
        assert_eq!(cached, fresh, "after `{to}`: the cached build is the fresh one");
        assert_ne!(cached, previous, "after `{to}`: the module changed");
        previous = cached;
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The same file at another path, with the cache the first one filled, builds the module a
/// fresh build makes there: code raising the module's exception classes names them by its
/// file, so lowered entries of one path are not reused at another.
#[test]
fn another_path_does_not_reuse_lowerings_naming_the_file() {
    let root = std::env::temp_dir().join(format!("numrs-build-cache-paths-{}", std::process::id()));
    let cache = root.join("cache");
    let _ = std::fs::remove_dir_all(&root);
    let source = "from numba import njit\n\n\nclass Bad(ValueError):\n    pass\n\n\n@njit(\"(int64,)\")\ndef f(x):\n    if x < 0:\n        raise Bad(\"negative\")\n    return x\n";
    let (a, b) = (root.join("a"), root.join("b"));
    for d in [&a, &b] {
        std::fs::create_dir_all(d).expect("mkdir");
        std::fs::write(d.join("cached.py"), source).expect("write");
    }
    build(&a, &cache);
    let shared = build(&b, &cache);
    let fresh = build(&b, &root.join("fresh"));
    assert_eq!(shared, fresh, "the module built at b with a's cache is b's fresh build");
    let _ = std::fs::remove_dir_all(&root);
}
