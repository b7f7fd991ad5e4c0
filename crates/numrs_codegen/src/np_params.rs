//! NumPy's parameter names, in order, of the functions compiled code calls (their positional-
//! or-keyword parameters, as `inspect.signature` gives them for NumPy 2): a call that names
//! one of them by keyword (`np.percentile(a, q=50)`, `np.full(shape=n, fill_value=3)`) is
//! lowered with it in its position, as Numba's overloads bind their parameters by name.

/// `(function, parameters)`, sorted by function.
pub(crate) const NUMPY_PARAMS: &[(&str, &[&str])] = &[
    ("all", &["a", "axis", "out", "keepdims"]),
    ("allclose", &["a", "b", "rtol", "atol", "equal_nan"]),
    ("amax", &["a", "axis", "out", "keepdims", "initial", "where"]),
    ("amin", &["a", "axis", "out", "keepdims", "initial", "where"]),
    ("angle", &["z", "deg"]),
    ("any", &["a", "axis", "out", "keepdims"]),
    ("append", &["arr", "values", "axis"]),
    ("argmax", &["a", "axis", "out"]),
    ("argmin", &["a", "axis", "out"]),
    ("argpartition", &["a", "kth", "axis", "kind", "order"]),
    ("argsort", &["a", "axis", "kind", "order"]),
    ("argwhere", &["a"]),
    ("around", &["a", "decimals", "out"]),
    ("array", &["object", "dtype"]),
    ("array_equal", &["a1", "a2", "equal_nan"]),
    ("array_split", &["ary", "indices_or_sections", "axis"]),
    ("asarray", &["a", "dtype", "order"]),
    ("asarray_chkfinite", &["a", "dtype", "order"]),
    ("ascontiguousarray", &["a", "dtype"]),
    ("asfortranarray", &["a", "dtype"]),
    ("average", &["a", "axis", "weights", "returned"]),
    ("bartlett", &["M"]),
    ("blackman", &["M"]),
    ("broadcast_to", &["array", "shape", "subok"]),
    ("clip", &["a", "a_min", "a_max", "out"]),
    ("column_stack", &["tup"]),
    ("convolve", &["a", "v", "mode"]),
    ("copy", &["a", "order", "subok"]),
    ("corrcoef", &["x", "y", "rowvar"]),
    ("correlate", &["a", "v", "mode"]),
    ("count_nonzero", &["a", "axis"]),
    ("cov", &["m", "y", "rowvar", "bias", "ddof", "fweights", "aweights"]),
    ("cross", &["a", "b", "axisa", "axisb", "axisc", "axis"]),
    ("cumprod", &["a", "axis", "dtype", "out"]),
    ("cumsum", &["a", "axis", "dtype", "out"]),
    ("delete", &["arr", "obj", "axis"]),
    ("diag", &["v", "k"]),
    ("diagflat", &["v", "k"]),
    ("diff", &["a", "n", "axis", "prepend", "append"]),
    ("digitize", &["x", "bins", "right"]),
    ("dot", &["a", "b", "out"]),
    ("dsplit", &["ary", "indices_or_sections"]),
    ("dstack", &["tup"]),
    ("ediff1d", &["ary", "to_end", "to_begin"]),
    ("empty", &["shape", "dtype", "order"]),
    ("expand_dims", &["a", "axis"]),
    ("extract", &["condition", "arr"]),
    ("eye", &["N", "M", "k", "dtype", "order"]),
    ("fill_diagonal", &["a", "val", "wrap"]),
    ("flatnonzero", &["a"]),
    ("flip", &["m", "axis"]),
    ("fliplr", &["m"]),
    ("flipud", &["m"]),
    ("frombuffer", &["buffer", "dtype", "count", "offset"]),
    ("full", &["shape", "fill_value", "dtype", "order"]),
    ("full_like", &["a", "fill_value", "dtype", "order", "subok", "shape"]),
    ("geomspace", &["start", "stop", "num", "endpoint", "dtype", "axis"]),
    ("hamming", &["M"]),
    ("hanning", &["M"]),
    ("histogram", &["a", "bins", "range", "density", "weights"]),
    ("hsplit", &["ary", "indices_or_sections"]),
    ("hstack", &["tup"]),
    ("identity", &["n", "dtype"]),
    ("imag", &["val"]),
    ("indices", &["dimensions", "dtype", "sparse"]),
    ("insert", &["arr", "obj", "values", "axis"]),
    ("interp", &["x", "xp", "fp", "left", "right", "period"]),
    ("intersect1d", &["ar1", "ar2", "assume_unique", "return_indices"]),
    ("isclose", &["a", "b", "rtol", "atol", "equal_nan"]),
    ("iscomplex", &["x"]),
    ("iscomplexobj", &["x"]),
    ("isin", &["element", "test_elements", "assume_unique", "invert"]),
    ("isneginf", &["x", "out"]),
    ("isposinf", &["x", "out"]),
    ("isreal", &["x"]),
    ("isrealobj", &["x"]),
    ("isscalar", &["element"]),
    ("kaiser", &["M", "beta"]),
    ("kron", &["a", "b"]),
    ("linspace", &["start", "stop", "num", "endpoint", "retstep", "dtype", "axis"]),
    ("logspace", &["start", "stop", "num", "endpoint", "base", "dtype", "axis"]),
    ("max", &["a", "axis", "out", "keepdims", "initial", "where"]),
    ("mean", &["a", "axis", "dtype", "out", "keepdims"]),
    ("median", &["a", "axis", "out", "overwrite_input", "keepdims"]),
    ("min", &["a", "axis", "out", "keepdims", "initial", "where"]),
    ("moveaxis", &["a", "source", "destination"]),
    ("nan_to_num", &["x", "copy", "nan", "posinf", "neginf"]),
    ("nanargmax", &["a", "axis", "out"]),
    ("nanargmin", &["a", "axis", "out"]),
    ("nancumprod", &["a", "axis", "dtype", "out"]),
    ("nancumsum", &["a", "axis", "dtype", "out"]),
    ("nanmax", &["a", "axis", "out", "keepdims", "initial", "where"]),
    ("nanmean", &["a", "axis", "dtype", "out", "keepdims"]),
    ("nanmedian", &["a", "axis", "out", "overwrite_input", "keepdims"]),
    ("nanmin", &["a", "axis", "out", "keepdims", "initial", "where"]),
    ("nanpercentile", &["a", "q", "axis", "out", "overwrite_input", "method", "keepdims"]),
    ("nanprod", &["a", "axis", "dtype", "out", "keepdims", "initial", "where"]),
    ("nanquantile", &["a", "q", "axis", "out", "overwrite_input", "method", "keepdims"]),
    ("nanstd", &["a", "axis", "dtype", "out", "ddof", "keepdims"]),
    ("nansum", &["a", "axis", "dtype", "out", "keepdims", "initial", "where"]),
    ("nanvar", &["a", "axis", "dtype", "out", "ddof", "keepdims"]),
    ("nonzero", &["a"]),
    ("ones", &["shape", "dtype", "order"]),
    ("ones_like", &["a", "dtype", "order", "subok", "shape"]),
    ("outer", &["a", "b", "out"]),
    ("partition", &["a", "kth", "axis", "kind", "order"]),
    ("percentile", &["a", "q", "axis", "out", "overwrite_input", "method", "keepdims"]),
    ("prod", &["a", "axis", "dtype", "out", "keepdims", "initial", "where"]),
    ("ptp", &["a", "axis", "out", "keepdims"]),
    ("quantile", &["a", "q", "axis", "out", "overwrite_input", "method", "keepdims"]),
    ("ravel", &["a", "order"]),
    ("real", &["val"]),
    ("repeat", &["a", "repeats", "axis"]),
    ("resize", &["a", "new_shape"]),
    ("roll", &["a", "shift", "axis"]),
    ("roots", &["p"]),
    ("rot90", &["m", "k", "axes"]),
    ("round", &["a", "decimals", "out"]),
    ("row_stack", &["tup"]),
    ("searchsorted", &["a", "v", "side", "sorter"]),
    ("select", &["condlist", "choicelist", "default"]),
    ("setdiff1d", &["ar1", "ar2", "assume_unique"]),
    ("setxor1d", &["ar1", "ar2", "assume_unique"]),
    ("shape", &["a"]),
    ("sinc", &["x"]),
    ("size", &["a", "axis"]),
    ("sort", &["a", "axis", "kind", "order"]),
    ("split", &["ary", "indices_or_sections", "axis"]),
    ("stack", &["arrays", "axis", "out"]),
    ("std", &["a", "axis", "dtype", "out", "ddof", "keepdims"]),
    ("sum", &["a", "axis", "dtype", "out", "keepdims", "initial", "where"]),
    ("swapaxes", &["a", "axis1", "axis2"]),
    ("take", &["a", "indices", "axis", "out", "mode"]),
    ("take_along_axis", &["arr", "indices", "axis"]),
    ("trace", &["a", "offset", "axis1", "axis2", "dtype", "out"]),
    ("transpose", &["a", "axes"]),
    ("trapezoid", &["y", "x", "dx", "axis"]),
    ("tri", &["N", "M", "k", "dtype"]),
    ("tril", &["m", "k"]),
    ("tril_indices", &["n", "k", "m"]),
    ("tril_indices_from", &["arr", "k"]),
    ("trim_zeros", &["filt", "trim", "axis"]),
    ("triu", &["m", "k"]),
    ("triu_indices", &["n", "k", "m"]),
    ("triu_indices_from", &["arr", "k"]),
    ("union1d", &["ar1", "ar2"]),
    ("unique", &["ar", "return_index", "return_inverse", "return_counts", "axis"]),
    ("unwrap", &["p", "discont", "axis"]),
    ("vander", &["x", "N", "increasing"]),
    ("var", &["a", "axis", "dtype", "out", "ddof", "keepdims"]),
    ("vsplit", &["ary", "indices_or_sections"]),
    ("vstack", &["tup"]),
    ("zeros", &["shape", "dtype", "order"]),
    ("zeros_like", &["a", "dtype", "order", "subok", "shape"]),
];

/// `args` and `kws` of a call of `numpy.<name>` with the keywords that name its next
/// positional parameters moved into those positions (in order, while no parameter is left
/// out before them).
pub(crate) fn positional<T: Copy>(name: &str, args: &[T], kws: &[(String, T)]) -> Option<(Vec<T>, Vec<(String, T)>)> {
    if kws.is_empty() {
        return None;
    }
    let params = NUMPY_PARAMS.binary_search_by(|(n, _)| n.cmp(&name)).ok().map(|i| NUMPY_PARAMS[i].1)?;
    move_named(params, args, kws)
}

/// The keyword arguments naming the parameters after the positional ones, moved into their
/// positions (up to the first missing one); `None` when nothing moved.
fn move_named<T: Copy>(params: &[&str], args: &[T], kws: &[(String, T)]) -> Option<(Vec<T>, Vec<(String, T)>)> {
    let mut args = args.to_vec();
    let mut kws = kws.to_vec();
    let before = kws.len();
    for p in params.iter().skip(args.len()) {
        let Some(i) = kws.iter().position(|(k, _)| k == p) else { break };
        args.push(kws.remove(i).1);
    }
    (kws.len() < before).then_some((args, kws))
}

/// The parameters of the builtins Numba lets callers name (`sum(x, start=1.0)`), in order.
const BUILTIN_PARAMS: &[(&str, &[&str])] =
    &[("enumerate", &["iterable", "start"]), ("round", &["number", "ndigits"]), ("str", &["object"]), ("sum", &["iterable", "start"])];

/// [`positional`] for a builtin function.
pub(crate) fn builtin_positional<T: Copy>(name: &str, args: &[T], kws: &[(String, T)]) -> Option<(Vec<T>, Vec<(String, T)>)> {
    if kws.is_empty() {
        return None;
    }
    let params = BUILTIN_PARAMS.iter().find(|(n, _)| *n == name)?.1;
    move_named(params, args, kws)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorted_and_moved_in_order() {
        assert!(NUMPY_PARAMS.windows(2).all(|w| w[0].0 < w[1].0));
        let kws = vec![("q".to_string(), 2), ("axis".to_string(), 3)];
        assert_eq!(positional("percentile", &[1], &kws), Some((vec![1, 2, 3], vec![])));
        // `q` left out: `axis` stays a keyword (nothing moved).
        let kws = vec![("axis".to_string(), 3)];
        assert_eq!(positional("percentile", &[1], &kws), None);
    }
}
