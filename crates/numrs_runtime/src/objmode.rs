//! `with objmode(...):` blocks of compiled code, run by the Python interpreter
//! ([`numrs_abi::RuntimeApi::objmode`]), as Numba's object-mode lifting runs them: the block's
//! inputs are boxed, its source is executed with the globals its module gives it, and its
//! outputs are unboxed with the types the `objmode(...)` call declares.

use std::collections::HashMap;
use std::ffi::CStr;
use std::sync::{Arc, Mutex};

use numrs_abi::{ExcInfo, ExcKind, OBJMODE_MAGIC};
use pyo3::exceptions::{PyNameError, PyRuntimeError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::boxing::Plan;

/// One block, read from its descriptor once.
struct Block {
    inputs: Vec<(String, Plan)>,
    outputs: Vec<(String, Plan)>,
    /// The block's code object.
    code: Py<PyAny>,
    /// `builtins.exec`.
    exec: Py<PyAny>,
    /// The globals its prelude made (copied for each run).
    globals: Py<PyDict>,
}

/// Blocks by descriptor address (static data of a loaded module).
static BLOCKS: Mutex<Option<HashMap<usize, Arc<Block>>>> = Mutex::new(None);

/// The exception a failed block raised and how its [`ExcInfo`] reported it (kind, message
/// pointer and text): the dispatcher raises this object rather than one rebuilt from the
/// ExcInfo, so its class and arguments are the block's.
struct Raised {
    kind: u32,
    msg: usize,
    text: String,
    err: PyErr,
}

thread_local! {
    static RAISED: std::cell::RefCell<Option<Raised>> = const { std::cell::RefCell::new(None) };
}

/// The exception a failed block raised, when `exc` is the report of it (compiled code may
/// have caught it, freed the message, and raised another since: all of kind, message
/// address and text must be the same).
///
/// # Safety
/// `exc.msg` points at `exc.msg_len` readable bytes (or is null).
pub(crate) unsafe fn take_raised(exc: &ExcInfo) -> Option<PyErr> {
    RAISED.with(|r| {
        let mut r = r.borrow_mut();
        let same = r.as_ref().is_some_and(|p| {
            p.kind == exc.kind
                && p.msg == exc.msg as usize
                && !exc.msg.is_null()
                && p.text.as_bytes() == std::slice::from_raw_parts(exc.msg, exc.msg_len)
        });
        if same {
            r.take().map(|p| p.err)
        } else {
            None
        }
    })
}

/// The descriptor's parts: inputs and outputs (name, type), the prelude and the source.
type Parsed = (Vec<(String, String)>, Vec<(String, String)>, String, String);

fn parse(text: &str) -> Result<Parsed, String> {
    let mut rest = text.strip_prefix(OBJMODE_MAGIC).and_then(|r| r.strip_prefix('\n')).ok_or("not an objmode descriptor")?;
    let (mut ins, mut outs) = (Vec::new(), Vec::new());
    let mut texts = Vec::new();
    while !rest.is_empty() {
        let (line, after) = rest.split_once('\n').ok_or("truncated descriptor")?;
        let fields: Vec<&str> = line.split('\t').collect();
        match fields.as_slice() {
            ["in", name, ty] => ins.push((name.to_string(), ty.to_string())),
            ["out", name, ty] => outs.push((name.to_string(), ty.to_string())),
            [_, n] => {
                let n: usize = n.parse().map_err(|_| "bad length")?;
                let body = after.get(..n).ok_or("truncated text")?;
                texts.push(body.to_string());
                rest = &after[n..];
                continue;
            }
            _ => return Err(format!("bad descriptor line {line:?}")),
        }
        rest = after;
    }
    let [prelude, source]: [String; 2] = texts.try_into().map_err(|_| "a descriptor needs a prelude and a source")?;
    Ok((ins, outs, prelude, source))
}

/// How values of the type named `ty` cross; an output (`output`) may not be a reflected list
/// or set, which refers back to the Python object it came from, and the block's namespace does
/// not keep that alive.
fn plan(ty: &str, output: bool) -> PyResult<Plan> {
    let t = numrs_types::parse_type(ty).ok_or_else(|| PyRuntimeError::new_err(format!("objmode: cannot read the type {ty:?}")))?;
    if output && matches!(t, numrs_types::Type::List { .. } | numrs_types::Type::Set { .. }) {
        return Err(PyRuntimeError::new_err(format!(
            "objmode: an output of type {t} (a reflected list or set) is not supported by numrs yet; use a typed List or Dict"
        )));
    }
    Plan::of(&t).map_err(|e| PyRuntimeError::new_err(format!("objmode: values of type {t} cannot cross to Python: {e}")))
}

fn block(py: Python<'_>, desc: *const u8) -> PyResult<Arc<Block>> {
    let key = desc as usize;
    if let Some(b) = BLOCKS.lock().unwrap_or_else(|e| e.into_inner()).get_or_insert_with(HashMap::new).get(&key) {
        return Ok(b.clone());
    }
    // SAFETY: the descriptor is a NUL-terminated string of the built module.
    let text = unsafe { CStr::from_ptr(desc as *const std::ffi::c_char) }.to_str().map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
    let (ins, outs, prelude, source) = parse(text).map_err(|e| PyRuntimeError::new_err(format!("objmode: {e}")))?;
    let builtins = py.import("builtins")?;
    let globals = PyDict::new(py);
    globals.set_item("__builtins__", &builtins)?;
    let compile = builtins.getattr("compile")?;
    let exec = builtins.getattr("exec")?;
    let prelude_code = compile.call1((prelude, "<objmode globals>", "exec"))?;
    exec.call1((prelude_code, &globals))?;
    let code = compile.call1((source, "<objmode block>", "exec"))?;
    let b = Arc::new(Block {
        inputs: ins.iter().map(|(n, t)| Ok((n.clone(), plan(t, false)?))).collect::<PyResult<_>>()?,
        outputs: outs.iter().map(|(n, t)| Ok((n.clone(), plan(t, true)?))).collect::<PyResult<_>>()?,
        code: code.unbind(),
        exec: exec.unbind(),
        globals: globals.unbind(),
    });
    BLOCKS.lock().unwrap_or_else(|e| e.into_inner()).get_or_insert_with(HashMap::new).insert(key, b.clone());
    Ok(b)
}

/// # Safety
/// As [`numrs_abi::RuntimeApi::objmode`].
unsafe fn run(py: Python<'_>, desc: *const u8, inputs: *const *const u8, outputs: *const *mut u8) -> PyResult<()> {
    let b = block(py, desc)?;
    let np = crate::npy::npy(py)?;
    let g = b.globals.bind(py).copy()?;
    for (i, (name, plan)) in b.inputs.iter().enumerate() {
        let src = *inputs.add(i);
        // The value stays compiled code's: box a reference of our own.
        crate::lists::retain(plan, src);
        let obj = crate::boxing::box_value(py, np, plan, src)?;
        g.set_item(name, Bound::from_owned_ptr(py, obj))?;
    }
    b.exec.bind(py).call1((b.code.bind(py), &g))?;
    for (i, (name, plan)) in b.outputs.iter().enumerate() {
        let dst = *outputs.add(i);
        let unboxed = g.get_item(name)?.ok_or_else(|| PyNameError::new_err(format!("name '{name}' is not defined"))).and_then(|value| {
            crate::boxing::unbox(py, np, plan, value.as_ptr(), dst)?;
            // Compiled code owns what it gets: arrays keep their Python array alive.
            crate::boxing::adopt_arrays(plan, dst)
        });
        if let Err(e) = unboxed {
            // The outputs already written are not handed over.
            for (j, (_, p)) in b.outputs.iter().enumerate().take(i) {
                crate::boxing::release(p, *outputs.add(j));
            }
            return Err(e);
        }
    }
    Ok(())
}

/// The exception kind compiled code sees for a Python exception (for `except` clauses): the
/// most specific kind its class derives from; the exception itself is raised again as it is.
fn kind_of(py: Python<'_>, e: &PyErr) -> ExcKind {
    use ExcKind::*;
    // Subclasses before their bases (AxisError is NumPy's class, not a builtin).
    const SPECIFIC_FIRST: [ExcKind; 14] = [
        ZeroDivisionError, FloatingPointError, OverflowError, IndexError, KeyError, ValueError, TypeError, AssertionError,
        StopIteration, NotImplementedError, MemoryError, RuntimeError, ArithmeticError, LookupError,
    ];
    let ty = e.get_type(py);
    SPECIFIC_FIRST
        .into_iter()
        // SAFETY: both are live type objects, and the GIL is held.
        .find(|k| unsafe { pyo3::ffi::PyErr_GivenExceptionMatches(ty.as_ptr(), crate::dispatcher::exception_type(*k)) != 0 })
        .unwrap_or(Exception)
}

/// [`numrs_abi::RuntimeApi::objmode`].
pub(crate) unsafe extern "C" fn api_objmode(desc: *const u8, inputs: *const *const u8, outputs: *const *mut u8, exc: *mut ExcInfo) -> i32 {
    Python::with_gil(|py| {
        // An exception of an earlier block that compiled code caught is not raised again.
        RAISED.with(|r| r.borrow_mut().take());
        let r = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| run(py, desc, inputs, outputs)))
            .unwrap_or_else(|_| Err(PyRuntimeError::new_err("internal error in an objmode block")));
        match r {
            Ok(()) => 0,
            Err(e) => {
                let kind = kind_of(py, &e);
                let msg = e.value(py).str().map(|s| s.to_string()).unwrap_or_default();
                let p = crate::memory::plain_alloc(msg.len().max(1));
                if !p.is_null() {
                    std::ptr::copy_nonoverlapping(msg.as_ptr(), p, msg.len());
                }
                exc.write(ExcInfo { kind: kind as u32, msg: p, msg_len: if p.is_null() { 0 } else { msg.len() }, msg_owned: 1 });
                if !p.is_null() {
                    RAISED.with(|r| *r.borrow_mut() = Some(Raised { kind: kind as u32, msg: p as usize, text: msg, err: e }));
                }
                1
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn descriptors_parse() {
        let text = format!("{OBJMODE_MAGIC}\nin\tx\tfloat64\nout\ty\tarray(float64, 1d, A)\nprelude\t10\nimport os\nsource\t6\ny = x\n");
        let (ins, outs, prelude, source) = parse(&text).unwrap();
        assert_eq!(ins, vec![("x".to_string(), "float64".to_string())]);
        assert_eq!(outs, vec![("y".to_string(), "array(float64, 1d, A)".to_string())]);
        assert_eq!(prelude, "import os\n");
        assert_eq!(source, "y = x\n");
        assert!(parse("numrs-objmode 1\nprelude\t99\nx").is_err());
        assert!(parse("other").is_err());
    }
}
