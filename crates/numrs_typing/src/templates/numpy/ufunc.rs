//! Ufunc typing: NumPy's loop selection as Numba performs it (`ufunc_find_matching_loop`,
//! `supported_ufunc_loop`), Numba's `Numpy_rules_ufunc` (scalars give scalars, arrays give
//! `array(<loop output>, <max ndim>, C|F)`, explicit outputs), and the array operators built on
//! it (`NumpyRulesArrayOperator` and its in-place and unary variants).

use numrs_types::{Layout, NumericKind, Signature, Type};

use super::tables::{can_cast, char_kind, kind_char, tables, UfuncInfo};
use crate::registry::{CallError, CallResult};

/// A selected loop: the Numba types of its inputs and outputs, and NumPy's loop signature.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Loop {
    pub inputs: Vec<NumericKind>,
    pub outputs: Vec<NumericKind>,
    pub sig: String,
}

fn ufunc_can_cast(from: char, to: char, mixed: bool, same_kind: bool) -> bool {
    if mixed && matches!(char_kind(from), 'i' | 'u') && matches!(char_kind(to), 'f' | 'c') {
        return true;
    }
    can_cast(from, to, same_kind)
}

/// The loops of `u`, in NumPy's order, that operands of type letters `in_chars` (inputs) and
/// `out_chars` (explicit outputs) may use, as Numba's `ufunc_find_matching_loop` tests them:
/// inputs cast safely (any integer to a float or complex when the inputs mix kinds), outputs
/// back within their kind, datetime (`M`) and timedelta (`m`) letters only as themselves;
/// float16 and object loops skipped. Each as (loop, its input letters, its output letters).
fn viable_loops<'u>(u: &'u UfuncInfo, in_chars: &[char], out_chars: &[char]) -> impl Iterator<Item = (&'u String, Vec<char>, Vec<char>)> + 'u {
    let mixed = in_chars.iter().any(|c| matches!(char_kind(*c), 'i' | 'u')) && in_chars.iter().any(|c| matches!(char_kind(*c), 'f' | 'c'));
    let (ins, outs) = (in_chars.to_vec(), out_chars.to_vec());
    u.loops.iter().filter_map(move |candidate| {
        let letters: Vec<char> = candidate.chars().filter(|c| *c != '-' && *c != '>').collect();
        if letters.len() != u.nin + u.nout {
            return None;
        }
        let (loop_in, loop_out) = letters.split_at(u.nin);
        if loop_in.iter().any(|c| *c == 'e' || *c == 'O') {
            return None;
        }
        let dt = |c: &char| matches!(c, 'm' | 'M');
        let inputs_ok = ins.iter().zip(loop_in).all(|(outer, inner)| if dt(outer) || dt(inner) { outer == inner } else { ufunc_can_cast(*outer, *inner, mixed, false) });
        let outputs_ok = outs.iter().zip(loop_out).all(|(outer, inner)| dt(outer) || ufunc_can_cast(*inner, *outer, mixed, true));
        (inputs_ok && outputs_ok).then(|| (candidate, loop_in.to_vec(), loop_out.to_vec()))
    })
}

/// Numba's `ufunc_find_matching_loop` for numeric inputs and explicit outputs.
pub(crate) fn find_matching_loop(u: &UfuncInfo, inputs: &[NumericKind], outputs: &[NumericKind]) -> Option<Loop> {
    let t = tables();
    let in_chars: Vec<char> = inputs.iter().map(|k| kind_char(*k)).collect();
    let out_chars: Vec<char> = outputs.iter().map(|k| kind_char(*k)).collect();
    let to_kinds = |cs: &[char]| -> Option<Vec<NumericKind>> { cs.iter().map(|c| t.char_types.get(c).copied().flatten()).collect() };
    viable_loops(u, &in_chars, &out_chars).find_map(|(sig, loop_in, loop_out)| {
        Some(Loop { inputs: to_kinds(&loop_in)?, outputs: to_kinds(&loop_out)?, sig: sig.clone() })
    })
}

/// Numba's `supported_ufunc_loop`.
pub(crate) fn loop_supported(u: &UfuncInfo, l: &Loop) -> bool {
    match &u.lowered {
        Some(db) => db.contains(&l.sig),
        None => l.inputs.iter().chain(&l.outputs).all(|k| "?bBhHiIlLqQfd".contains(kind_char(*k))),
    }
}

fn strip_optional(t: &Type) -> Type {
    match t {
        Type::Optional(inner) => (**inner).clone(),
        other => other.clone(),
    }
}

fn list_repr(args: &[Type]) -> String {
    let items: Vec<String> = args.iter().map(|t| t.to_string()).collect();
    format!("[{}]", items.join(", "))
}

/// The scalar type a ufunc sees for an argument (an array's dtype), if Numba maps it to NumPy.
fn base_kind(t: &Type) -> Option<NumericKind> {
    match t {
        Type::Array(a) => a.dtype.as_number(),
        other => other.as_number(),
    }
}

/// What Numba's `Numpy_rules_ufunc._handle_inputs` makes of a ufunc call's arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UfuncInputs {
    /// The arguments (optionals stripped).
    pub args: Vec<Type>,
    /// The scalar type each argument contributes (an array's dtype, a scalar itself).
    pub base: Vec<Type>,
    /// How many trailing arguments are explicit output arrays.
    pub explicit_outputs: usize,
    /// The largest number of dimensions among the arguments (0: all scalars).
    pub ndims: u32,
    /// The layout of an implicit array output: C, or F when no array operand is C and one is F.
    pub layout: Layout,
}

impl UfuncInputs {
    /// The type of the call: the explicit outputs, or the loop's output `out` as an array of
    /// `ndims` dimensions (a scalar when every argument is).
    pub fn result(&self, out: &[Type]) -> Type {
        let mut outs: Vec<Type> = self.args[self.args.len() - self.explicit_outputs..].to_vec();
        for t in &out[self.explicit_outputs.min(out.len())..] {
            outs.push(if self.ndims > 0 { Type::array(t.clone(), self.ndims, self.layout) } else { t.clone() });
        }
        if outs.len() == 1 {
            outs.remove(0)
        } else {
            Type::tuple(outs)
        }
    }
}

/// Numba's `Numpy_rules_ufunc._handle_inputs` for ufunc `name` with `nin` inputs and `nout`
/// outputs: argument count, explicit outputs (writable arrays), base types and the layout of
/// an implicit output.
pub fn handle_ufunc_inputs(name: &str, nin: usize, nout: usize, args: &[Type]) -> Result<UfuncInputs, CallError> {
    let args: Vec<Type> = args.iter().map(strip_optional).collect();
    if args.len() < nin {
        return Err(CallError::typing(format!(
            "ufunc '{name}': not enough arguments ({} found, {nin} required)",
            args.len()
        )));
    }
    if args.len() > nin + nout {
        return Err(CallError::typing(format!(
            "ufunc '{name}': too many arguments ({} found, {} maximum)",
            args.len(),
            nin + nout
        )));
    }
    let ndims = args.iter().map(|a| a.as_array().map_or(0, |a| a.ndim)).max().unwrap_or(0);
    let explicit = &args[nin..];
    if !explicit.iter().all(|o| o.as_array().is_some()) {
        return Err(CallError::typing(format!("ufunc '{name}' called with an explicit output that is not an array")));
    }
    if explicit.iter().any(|o| o.as_array().is_some_and(|a| a.readonly)) {
        return Err(CallError::typing(format!("ufunc '{name}' called with an explicit output that is read-only")));
    }
    let mut layout = Layout::C;
    if ndims > 0 && explicit.len() < nout {
        let layouts: Vec<Layout> = args.iter().filter_map(|a| a.as_array().map(|a| a.layout)).collect();
        if !layouts.contains(&Layout::C) && layouts.contains(&Layout::F) {
            layout = Layout::F;
        }
    }
    let base = args.iter().map(Type::element_type).collect();
    Ok(UfuncInputs { explicit_outputs: explicit.len(), args, base, ndims, layout })
}

/// Numba's `ufunc_find_matching_loop` over a `@vectorize` function's loops (each its input
/// types, in the order they were added): the index of the first loop every input casts to
/// safely, as NumPy's legacy search picks (`None` when there is none, or when an input has
/// no NumPy dtype).
pub fn find_dufunc_loop(loops: &[Vec<Type>], inputs: &[Type]) -> Option<usize> {
    find_gufunc_loop(loops, inputs.len(), inputs)
}

/// Numba's `ufunc_find_matching_loop` over a `@guvectorize` function's loops (each the
/// element types of all its operands, inputs then outputs), given the element types of every
/// operand of a call (`nin` inputs, then the outputs): the first loop the inputs cast to safely
/// and whose outputs cast to the given ones within their kind.
pub fn find_gufunc_loop(loops: &[Vec<Type>], nin: usize, operands: &[Type]) -> Option<usize> {
    let chars: Vec<char> = operands.iter().map(|t| t.unliteral().as_number().map(kind_char)).collect::<Option<_>>()?;
    let (ins, outs) = chars.split_at(nin.min(chars.len()));
    let mixed = ins.iter().any(|c| matches!(char_kind(*c), 'i' | 'u')) && ins.iter().any(|c| matches!(char_kind(*c), 'f' | 'c'));
    loops.iter().position(|l| {
        let Some(lc) = l.iter().map(|t| t.as_number().map(kind_char)).collect::<Option<Vec<char>>>() else { return false };
        lc.len() >= chars.len()
            && ins.iter().zip(&lc[..nin]).all(|(outer, inner)| ufunc_can_cast(*outer, *inner, mixed, false))
            && outs.iter().zip(&lc[nin..]).all(|(outer, inner)| ufunc_can_cast(*inner, *outer, mixed, true))
    })
}

/// Numba's `Numpy_rules_ufunc.generic` for ufunc `name` (canonical NumPy name).
pub(crate) fn ufunc_generic(name: &str, args: &[Type]) -> CallResult {
    let Some(u) = tables().ufuncs.get(name) else { return Ok(None) };
    let inputs = handle_ufunc_inputs(name, u.nin, u.nout, args)?;
    let args = &inputs.args;
    let cant_resolve = || CallError::typing(format!("can't resolve ufunc {name} for types {}", list_repr(args)));
    if inputs.base.iter().any(|t| t.is_datetime_like()) {
        return datetime_ufunc(name, u, &inputs);
    }
    let kinds: Option<Vec<NumericKind>> = args.iter().map(base_kind).collect();
    let Some(kinds) = kinds else { return Err(cant_resolve()) };
    let Some(found) = find_matching_loop(u, &kinds[..u.nin], &kinds[u.nin..]) else { return Err(cant_resolve()) };
    if !loop_supported(u, &found) {
        return Err(CallError::typing(format!(
            "ufunc '{name}' using the loop '{}' not supported in this mode",
            found.sig
        )));
    }
    let outs: Vec<Type> = found.outputs.iter().map(|k| Type::Number(*k)).collect();
    Ok(Some(Signature::new(inputs.result(&outs), args.clone())))
}

/// The NumPy type letter of a ufunc operand's scalar type (`M`/`m` for datetimes/timedeltas).
fn type_char(t: &Type) -> Option<char> {
    match t {
        Type::NPDatetime(_) => Some('M'),
        Type::NPTimedelta(_) => Some('m'),
        other => other.unliteral().as_number().map(kind_char),
    }
}

/// `ufunc_find_matching_loop` when an operand is a datetime or timedelta: those letters must
/// match the loop's exactly (units are kept from the operands), the output units are set by
/// `set_output_dt_units`, and an implicit `M`/`m` output is otherwise unit-less.
fn datetime_ufunc(name: &str, u: &UfuncInfo, inputs: &UfuncInputs) -> CallResult {
    let args = &inputs.args;
    let cant_resolve = || CallError::typing(format!("can't resolve ufunc {name} for types {}", list_repr(args)));
    let Some(chars) = inputs.base.iter().map(type_char).collect::<Option<Vec<char>>>() else { return Err(cant_resolve()) };
    let (in_chars, out_chars) = chars.split_at(u.nin);
    let t = tables();
    for (candidate, loop_in, loop_out) in viable_loops(u, in_chars, out_chars) {
        let (loop_in, loop_out) = (&loop_in[..], &loop_out[..]);
        // `choose_types`: the operand's own type for `M`/`m`, the letter's type otherwise.
        let choose = |given: &[Type], letters: &[char]| -> Option<Vec<Type>> {
            letters
                .iter()
                .enumerate()
                .map(|(i, c)| match (c, given.get(i)) {
                    ('M' | 'm', Some(t)) => Some(t.clone()),
                    ('M', None) => Some(Type::NPDatetime(numrs_types::DtUnit::GENERIC)),
                    ('m', None) => Some(Type::NPTimedelta(numrs_types::DtUnit::GENERIC)),
                    (c, _) => t.char_types.get(c).copied().flatten().map(Type::Number),
                })
                .collect()
        };
        let (Some(ins), Some(mut outs)) = (choose(&inputs.base[..u.nin], loop_in), choose(&inputs.base[u.nin..], loop_out)) else { continue };
        let loop_ins: String = loop_in.iter().collect();
        // Timedelta floor division types (as float64) but does not lower in Numba 0.68.1 (see
        // numrs_infer's `postcheck`); the remainder does not type.
        if loop_ins == "mm" && matches!(name, "remainder" | "fmod") {
            return Err(CallError::typing(format!("ufunc '{name}' of timedelta64 arrays does not compile in Numba 0.68.1")));
        }
        if loop_ins.starts_with('m') || loop_ins == "Mm" {
            set_output_dt_units(name, &ins, &mut outs, &loop_ins)?;
        }
        if !u.lowered.as_ref().is_none_or(|db| db.contains(candidate)) {
            return Err(CallError::typing(format!("ufunc '{name}' using the loop '{candidate}' not supported in this mode")));
        }
        return Ok(Some(Signature::new(inputs.result(&outs), args.clone())));
    }
    Err(cant_resolve())
}

/// Numba's `set_output_dt_units`: the unit of a timedelta output from same-unit timedelta
/// inputs or a leading timedelta, and of a datetime output from a datetime and a timedelta.
fn set_output_dt_units(name: &str, ins: &[Type], outs: &mut [Type], loop_ins: &str) -> Result<(), CallError> {
    let unit_of = |t: &Type| match t {
        Type::NPDatetime(u) | Type::NPTimedelta(u) => Some(*u),
        _ => None,
    };
    let specific_td = |outs: &mut [Type], unit: numrs_types::DtUnit| {
        for o in outs.iter_mut() {
            if matches!(o, Type::NPTimedelta(u) if u.is_generic()) {
                *o = Type::NPTimedelta(unit);
            }
        }
    };
    match loop_ins {
        "mm" => {
            let units: Vec<_> = ins.iter().filter_map(unit_of).collect();
            if units.iter().all(|u| Some(*u) == units.first().copied()) {
                if let Some(u) = units.first() {
                    specific_td(outs, *u);
                }
            }
        }
        "mM" | "Mm" => {
            let (td, dt) = if loop_ins == "mM" { (&ins[0], &ins[1]) } else { (&ins[1], &ins[0]) };
            let (Some(td), Some(dt)) = (unit_of(td), unit_of(dt)) else { return Ok(()) };
            for o in outs.iter_mut() {
                if matches!(o, Type::NPDatetime(u) if u.is_generic()) {
                    match numrs_types::combine_datetime_timedelta_units(dt, td) {
                        Some(unit) => *o = Type::NPDatetime(unit),
                        None => {
                            return Err(CallError::typing(format!(
                                "ufunc '{name}' is not supported between datetime64[{}] and timedelta64[{}]",
                                dt.name(),
                                td.name()
                            )))
                        }
                    }
                }
            }
        }
        _ => {
            if let Some(u) = ins.first().and_then(unit_of) {
                specific_td(outs, u);
            }
        }
    }
    Ok(())
}

/// A call of `numpy.<attr>` where `attr` names a ufunc.
pub(crate) fn call_ufunc(attr: &str, args: &[Type], kws: &[(String, Type)]) -> CallResult {
    let Some(name) = tables().ufunc_names.get(attr) else { return Ok(None) };
    if !kws.is_empty() {
        // Numba types the call ignoring the keywords, then refuses them when lowering.
        let sig = ufunc_generic(name, args)?;
        return match sig {
            Some(_) => Err(CallError {
                kind: "NotImplementedError",
                message: format!("unsupported keyword arguments when calling Function(<ufunc '{name}'>)"),
            }),
            None => Ok(None),
        };
    }
    ufunc_generic(name, args)
}

/// The ufunc behind a binary operator key (`operator.add` → `add`).
pub(crate) fn binary_operator_ufunc(op: &str) -> Option<&'static str> {
    Some(match op {
        "add" => "add",
        "sub" => "subtract",
        "mul" => "multiply",
        "truediv" => "divide",
        "floordiv" => "floor_divide",
        "mod" => "remainder",
        "pow" => "power",
        "lshift" => "left_shift",
        "rshift" => "right_shift",
        "and_" => "bitwise_and",
        "or_" => "bitwise_or",
        "xor" => "bitwise_xor",
        "eq" => "equal",
        "gt" => "greater",
        "ge" => "greater_equal",
        "lt" => "less",
        "le" => "less_equal",
        "ne" => "not_equal",
        _ => return None,
    })
}

/// Numba's `NumpyRulesArrayOperator`: the operator's ufunc when an array is involved, and
/// "does not apply" on any typing failure.
pub(crate) fn array_binary_operator(op: &str, args: &[Type]) -> CallResult {
    let Some(ufunc) = binary_operator_ufunc(op) else { return Ok(None) };
    if args.len() != 2 || !args.iter().any(|a| matches!(strip_optional(a), Type::Array(_))) {
        return Ok(None);
    }
    match ufunc_generic(ufunc, args) {
        Ok(Some(sig)) if sig.args.iter().any(|a| a.as_array().is_some()) => Ok(Some(sig)),
        // Typed by Numba, but not compiled (timedelta floor division).
        Err(e) if e.kind == "ValueError" => Err(e),
        _ => Ok(None),
    }
}

/// Numba's `NumpyRulesInplaceArrayOperator`: typed as if the left operand were an explicit
/// output. When that fails, Numba itself crashes with an `AttributeError`.
pub(crate) fn array_inplace_operator(op: &str, args: &[Type]) -> CallResult {
    let Some(ufunc) = binary_operator_ufunc(op) else { return Ok(None) };
    let [lhs, rhs] = args else { return Ok(None) };
    if lhs.as_array().is_none() {
        return Ok(None);
    }
    let with_out = [lhs.clone(), rhs.clone(), lhs.clone()];
    match ufunc_generic(ufunc, &with_out) {
        Ok(Some(sig)) => Ok(Some(Signature::new(sig.return_type, sig.args[..2].to_vec()))),
        _ => Err(CallError { kind: "AttributeError", message: "'NoneType' object has no attribute 'args'".into() }),
    }
}

/// Numba's `NumpyRulesUnaryArrayOperator` (`-a`, `+a`, `~a` on arrays).
pub(crate) fn array_unary_operator(op: &str, args: &[Type]) -> CallResult {
    let ufunc = match op {
        "pos" => "positive",
        "neg" => "negative",
        "invert" => "invert",
        _ => return Ok(None),
    };
    match args {
        [Type::Array(_)] => match ufunc_generic(ufunc, args) {
            Ok(Some(sig)) => Ok(Some(sig)),
            _ => Ok(None),
        },
        _ => Ok(None),
    }
}
