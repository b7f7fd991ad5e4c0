//! `file:` URIs → paths (RFC 8089 as editors write them: `file:///a/b%20c.py`, or with the
//! authority `localhost`). Other schemes (`untitled:`) have no path.

use std::path::PathBuf;

/// The path of a `file:` URI, percent-decoded; `None` for other schemes or a URI whose
/// decoded path is not absolute or not UTF-8.
pub(crate) fn to_path(uri: &str) -> Option<PathBuf> {
    let rest = uri.strip_prefix("file://").or_else(|| uri.strip_prefix("FILE://"))?;
    let rest = rest.strip_prefix("localhost").unwrap_or(rest);
    // A query or fragment is not part of the path.
    let rest = rest.split(['?', '#']).next().unwrap_or(rest);
    if !rest.starts_with('/') {
        return None;
    }
    let bytes = rest.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            let hex = |b: u8| (b as char).to_digit(16);
            if let (Some(h), Some(l)) = (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                out.push((h * 16 + l) as u8);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8(out).ok().map(PathBuf::from)
}

/// The key a document is known by: its path for `file:` URIs (so that differently encoded
/// URIs of one file agree), the URI itself otherwise.
pub(crate) fn key(uri: &str) -> String {
    match to_path(uri) {
        Some(p) => p.to_string_lossy().into_owned(),
        None => uri.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percent_decoding() {
        assert_eq!(to_path("file:///a/b.py"), Some(PathBuf::from("/a/b.py")));
        assert_eq!(to_path("file:///with%20space/%C3%A9/x%23y%3F.py"), Some(PathBuf::from("/with space/é/x#y?.py")));
        assert_eq!(to_path("file:///a/b.py#frag"), Some(PathBuf::from("/a/b.py")));
    }

    #[test]
    fn other_forms() {
        assert_eq!(to_path("file://localhost/x/y.py"), Some(PathBuf::from("/x/y.py")));
        assert_eq!(to_path("file:///x/y%3a.py"), Some(PathBuf::from("/x/y:.py")));
        assert_eq!(to_path("file:///bad%zz%"), Some(PathBuf::from("/bad%zz%")));
        assert_eq!(to_path("file:///%ff"), None);
        assert_eq!(to_path("untitled:Untitled-1"), None);
        assert_eq!(to_path("file://host/share"), None);
        assert_eq!(key("untitled:Untitled-1"), "untitled:Untitled-1");
        assert_eq!(key("file:///a%20b.py"), "/a b.py");
    }
}
