//! Glob patterns over `/`-separated relative paths, with the semantics of `.gitignore` files
//! and of globset with `literal_separator`:
//!
//! - `*` matches any run of characters except `/`; `?` one character except `/`;
//! - `[abc]`, `[a-z]`, `[!a-z]` (or `[^a-z]`) one character of a class (never `/`); a `]` first
//!   in the class is literal;
//! - `{a,b}` either alternative (alternatives do not nest);
//! - `**` as a whole component: `**/x` matches `x` at any depth, `x/**` everything below `x`,
//!   `a/**/b` `b` any number of directories below `a` (zero included); `**` elsewhere is `*`;
//! - `\` escapes the next character.

/// A compiled pattern.
#[derive(Clone, Debug)]
pub struct Glob {
    tokens: Vec<Token>,
}

#[derive(Clone, Debug)]
enum Token {
    Char(char),
    /// `?`
    One,
    /// `*`
    Star,
    /// `**/` at the start: nothing, or any path ending in `/`.
    AnyPrefix,
    /// `/**/`: `/`, or `/` any path `/`.
    AnyMiddle,
    /// `/**` at the end: `/` and anything.
    AnySuffix,
    /// `**` as the whole pattern.
    Anything,
    Class { negated: bool, ranges: Vec<(char, char)> },
    Alternatives(Vec<Vec<Token>>),
}

impl Glob {
    /// Compile `pattern`; the error says what is wrong with it.
    pub fn new(pattern: &str) -> Result<Glob, String> {
        let chars: Vec<char> = pattern.chars().collect();
        let (tokens, end) = parse(&chars, 0, false)?;
        debug_assert_eq!(end, chars.len());
        Ok(Glob { tokens })
    }

    /// Whether the whole of `path` matches.
    pub fn is_match(&self, path: &str) -> bool {
        let chars: Vec<char> = path.chars().collect();
        matches(&self.tokens, &chars)
    }
}

/// Parse from `i` to the end (or, inside `{...}`, to the `,` or `}` that ends an alternative).
fn parse(chars: &[char], mut i: usize, in_braces: bool) -> Result<(Vec<Token>, usize), String> {
    let mut tokens = Vec::new();
    while i < chars.len() {
        let c = chars[i];
        match c {
            ',' | '}' if in_braces => return Ok((tokens, i)),
            '\\' => {
                let escaped = *chars.get(i + 1).ok_or("a `\\` at the end escapes nothing")?;
                tokens.push(Token::Char(escaped));
                i += 2;
            }
            '?' => {
                tokens.push(Token::One);
                i += 1;
            }
            '*' if chars.get(i + 1) == Some(&'*') => {
                let at_start = i == 0 || chars[i - 1] == '/';
                let after = chars.get(i + 2).copied();
                let at_end = after.is_none() || after == Some('/') || (in_braces && matches!(after, Some(',' | '}')));
                if !(at_start && at_end) {
                    // `**` inside a component is a `*`.
                    tokens.push(Token::Star);
                    i += 2;
                    continue;
                }
                let slash_before = i > 0 && matches!(tokens.last(), Some(Token::Char('/')));
                if after == Some('/') {
                    if slash_before {
                        tokens.pop();
                        tokens.push(Token::AnyMiddle);
                    } else if tokens.is_empty() {
                        tokens.push(Token::AnyPrefix);
                    } else {
                        tokens.push(Token::Star);
                    }
                    i += 3;
                } else {
                    if slash_before {
                        tokens.pop();
                        tokens.push(Token::AnySuffix);
                    } else if tokens.is_empty() {
                        tokens.push(Token::Anything);
                    } else {
                        tokens.push(Token::Star);
                    }
                    i += 2;
                }
            }
            '*' => {
                tokens.push(Token::Star);
                i += 1;
            }
            '[' => {
                let (token, next) = class(chars, i)?;
                tokens.push(token);
                i = next;
            }
            '{' => {
                if in_braces {
                    return Err("alternatives `{...}` cannot nest".into());
                }
                let mut alternatives = Vec::new();
                let mut j = i + 1;
                loop {
                    let (alternative, end) = parse(chars, j, true)?;
                    alternatives.push(alternative);
                    match chars.get(end) {
                        Some(',') => j = end + 1,
                        Some('}') => {
                            i = end + 1;
                            break;
                        }
                        _ => return Err("an unclosed `{`".into()),
                    }
                }
                tokens.push(Token::Alternatives(alternatives));
            }
            _ => {
                tokens.push(Token::Char(c));
                i += 1;
            }
        }
    }
    if in_braces {
        return Err("an unclosed `{`".into());
    }
    Ok((tokens, i))
}

/// A `[...]` class starting at `chars[start]`: the token and the index after it.
fn class(chars: &[char], start: usize) -> Result<(Token, usize), String> {
    let mut i = start + 1;
    let negated = matches!(chars.get(i), Some('!' | '^'));
    if negated {
        i += 1;
    }
    let mut ranges = Vec::new();
    let mut first = true;
    loop {
        let Some(&c) = chars.get(i) else { return Err("an unclosed `[`".into()) };
        if c == ']' && !first {
            return Ok((Token::Class { negated, ranges }, i + 1));
        }
        first = false;
        if chars.get(i + 1) == Some(&'-') && chars.get(i + 2).is_some_and(|&e| e != ']') {
            let end = chars[i + 2];
            if end < c {
                return Err(format!("the range `{c}-{end}` is backwards"));
            }
            ranges.push((c, end));
            i += 3;
        } else {
            ranges.push((c, c));
            i += 1;
        }
    }
}

fn matches(tokens: &[Token], s: &[char]) -> bool {
    let Some((token, rest)) = tokens.split_first() else { return s.is_empty() };
    match token {
        Token::Char(c) => s.first() == Some(c) && matches(rest, &s[1..]),
        Token::One => s.first().is_some_and(|&c| c != '/') && matches(rest, &s[1..]),
        Token::Class { negated, ranges } => s.first().is_some_and(|&c| {
            c != '/' && ranges.iter().any(|&(a, b)| a <= c && c <= b) != *negated && matches(rest, &s[1..])
        }),
        Token::Star => {
            // Any run without `/`: try each length.
            let limit = s.iter().position(|&c| c == '/').unwrap_or(s.len());
            (0..=limit).any(|n| matches(rest, &s[n..]))
        }
        Token::Anything => (0..=s.len()).any(|n| matches(rest, &s[n..])),
        Token::AnyPrefix => {
            matches(rest, s) || (1..=s.len()).any(|n| s[n - 1] == '/' && matches(rest, &s[n..]))
        }
        Token::AnyMiddle => {
            s.first() == Some(&'/') && (1..=s.len()).any(|n| s[n - 1] == '/' && matches(rest, &s[n..]))
        }
        Token::AnySuffix => s.first() == Some(&'/') && (1..=s.len()).any(|n| matches(rest, &s[n..])),
        Token::Alternatives(alternatives) => alternatives.iter().any(|a| {
            let joined: Vec<Token> = a.iter().chain(rest).cloned().collect();
            matches(&joined, s)
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn m(pattern: &str, path: &str) -> bool {
        Glob::new(pattern).unwrap().is_match(path)
    }

    #[test]
    fn stars_do_not_cross_separators() {
        assert!(m("*.py", "a.py"));
        assert!(!m("*.py", "d/a.py"));
        assert!(m("src/*.py", "src/a.py"));
        assert!(!m("src/*.py", "src/pkg/a.py"));
        assert!(m("a?c", "abc"));
        assert!(!m("a?c", "a/c"));
        assert!(m("a**b", "axxb"));
        assert!(!m("a**b", "a/b"));
    }

    #[test]
    fn double_stars() {
        assert!(m("**/x.py", "x.py"));
        assert!(m("**/x.py", "a/b/x.py"));
        assert!(!m("**/x.py", "a/bx.py"));
        assert!(m("src/gen/**", "src/gen/x.py"));
        assert!(m("src/gen/**", "src/gen/a/b.py"));
        assert!(!m("src/gen/**", "src/gen"));
        assert!(!m("src/gen/**", "src/generated/x.py"));
        assert!(m("a/**/b", "a/b"));
        assert!(m("a/**/b", "a/x/y/b"));
        assert!(!m("a/**/b", "ab"));
        assert!(m("**", "any/thing"));
    }

    #[test]
    fn classes_alternatives_and_escapes() {
        assert!(m("[a-c]x", "bx"));
        assert!(!m("[a-c]x", "dx"));
        assert!(m("[!a-c]x", "dx"));
        assert!(m("[^a-c]x", "dx"));
        assert!(!m("[!a]", "/"));
        assert!(m("[]]", "]"));
        assert!(m("*.{py,pyi}", "a.pyi"));
        assert!(m("{src,lib}/*.py", "lib/a.py"));
        assert!(!m("*.{py,pyi}", "a.pyc"));
        assert!(m("\\*.py", "*.py"));
        assert!(!m("\\*.py", "a.py"));
    }

    #[test]
    fn malformed_patterns_are_errors() {
        for bad in ["a[", "[b-a]", "{a,b", "a\\", "{a,{b}}"] {
            assert!(Glob::new(bad).is_err(), "{bad}");
        }
    }
}
