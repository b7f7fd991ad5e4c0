//! Generalized ufunc layouts (`"(m,n),(n)->(m)"`), read as Numba's `sigparse.parse_signature`
//! reads them.

/// A parsed layout: each input's and each output's core dimension names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GufuncLayout {
    pub inputs: Vec<Vec<String>>,
    pub outputs: Vec<Vec<String>>,
}

impl GufuncLayout {
    /// Every operand (inputs, then outputs) with its core dimensions as indices of the
    /// distinct names in order of first appearance: how NumPy numbers them in a loop's
    /// `dimensions`.
    pub fn core_indices(&self) -> Vec<Vec<usize>> {
        let mut names: Vec<&str> = Vec::new();
        self.inputs
            .iter()
            .chain(&self.outputs)
            .map(|core| {
                core.iter()
                    .map(|n| {
                        names.iter().position(|m| m == n).unwrap_or_else(|| {
                            names.push(n);
                            names.len() - 1
                        })
                    })
                    .collect()
            })
            .collect()
    }
}

/// Parse a gufunc layout; the error is Numba's (`ValueError: bad token in signature ...`,
/// `NameError: undefined output symbols: ...`). Whitespace is ignored and a comma after a
/// group is a delimiter, so a trailing one is allowed.
pub fn parse_gufunc_layout(layout: &str) -> Result<GufuncLayout, String> {
    let text: String = layout.chars().filter(|c| !c.is_whitespace()).collect();
    let (ins, outs) = match text.split_once("->") {
        Some((i, o)) => (i.to_string(), o.to_string()),
        None => (text.clone(), String::new()),
    };
    let inputs = groups(&ins)?;
    let outputs = groups(&outs)?;
    let mut undefined: Vec<&String> =
        outputs.iter().flatten().filter(|n| !inputs.iter().flatten().any(|m| m == *n)).collect();
    undefined.sort();
    undefined.dedup();
    if !undefined.is_empty() {
        let names: Vec<&str> = undefined.iter().map(|s| s.as_str()).collect();
        return Err(format!("NameError: undefined output symbols: {}", names.join(",")));
    }
    Ok(GufuncLayout { inputs, outputs })
}

fn groups(text: &str) -> Result<Vec<Vec<String>>, String> {
    let bad = |tok: &str| Err(format!("ValueError: bad token in signature \"{tok}\""));
    let mut out = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        let Some(body) = rest.strip_prefix('(') else { return bad(&rest[..rest.chars().next().map_or(0, char::len_utf8)]) };
        let Some(close) = body.find(')') else { return bad(body) };
        let mut names = Vec::new();
        for name in body[..close].split(',').filter(|n| !n.is_empty()) {
            let identifier = name.chars().next().is_some_and(|c| c.is_alphabetic() || c == '_')
                && name.chars().all(|c| c.is_alphanumeric() || c == '_');
            if !identifier {
                return bad(name);
            }
            names.push(name.to_string());
        }
        out.push(names);
        rest = &body[close + 1..];
        if let Some(r) = rest.strip_prefix(',') {
            rest = r;
        } else if !rest.is_empty() {
            return bad(&rest[..rest.chars().next().map_or(0, char::len_utf8)]);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layouts_parse_as_numba_reads_them() {
        let l = parse_gufunc_layout("(m, n),(n)->(m)").unwrap();
        assert_eq!(l.inputs, vec![vec!["m".to_string(), "n".to_string()], vec!["n".to_string()]]);
        assert_eq!(l.outputs, vec![vec!["m".to_string()]]);
        assert_eq!(l.core_indices(), vec![vec![0, 1], vec![1], vec![0]]);
        let s = parse_gufunc_layout("(n),()->(n),").unwrap();
        assert_eq!(s.core_indices(), vec![vec![0], vec![], vec![0]]);
        assert_eq!(parse_gufunc_layout("(n)->(k)").unwrap_err(), "NameError: undefined output symbols: k");
        assert_eq!(parse_gufunc_layout("(n)->(3)").unwrap_err(), "ValueError: bad token in signature \"3\"");
    }
}
