//! The exception classes loaded modules define in Python (`numrs_abi::FUNCTION_KIND_PYTHON`),
//! by source file and name, which compiled code raises by name (`numrs_abi::EXC_CLASS_PREFIX`).

use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

use pyo3::prelude::*;
use pyo3::types::PyType;

fn classes() -> &'static Mutex<HashMap<(String, String), Py<PyType>>> {
    static CLASSES: OnceLock<Mutex<HashMap<(String, String), Py<PyType>>>> = OnceLock::new();
    CLASSES.get_or_init(|| Mutex::new(HashMap::new()))
}

/// Records the class `name` that a module built from `file` defines (a module loaded again
/// replaces its classes).
pub fn register(file: &str, name: &str, class: Py<PyType>) {
    classes().lock().unwrap_or_else(|e| e.into_inner()).insert((file.to_string(), name.to_string()), class);
}

/// The class `name` the module built from `file` defines.
pub fn lookup<'py>(py: Python<'py>, file: &str, name: &str) -> Option<Bound<'py, PyType>> {
    let classes = classes().lock().unwrap_or_else(|e| e.into_inner());
    classes.get(&(file.to_string(), name.to_string())).map(|c| c.bind(py).clone())
}

fn namedtuples() -> &'static Mutex<HashMap<String, Py<PyType>>> {
    static CLASSES: OnceLock<Mutex<HashMap<String, Py<PyType>>>> = OnceLock::new();
    CLASSES.get_or_init(|| Mutex::new(HashMap::new()))
}

/// Records a named tuple class a loaded module defines, by name: compiled code's named tuples
/// are boxed as instances of it (the last module loaded that defines the name wins).
pub fn register_namedtuple(name: &str, class: Py<PyType>) {
    namedtuples().lock().unwrap_or_else(|e| e.into_inner()).insert(name.to_string(), class);
}

/// The named tuple class `name` a loaded module defines.
pub fn namedtuple_class<'py>(py: Python<'py>, name: &str) -> Option<Bound<'py, PyType>> {
    namedtuples().lock().unwrap_or_else(|e| e.into_inner()).get(name).map(|c| c.bind(py).clone())
}

/// The class a message starting with `numrs_abi::EXC_CLASS_PREFIX` names, and the rest of the
/// message; `None` when it does not start so. A class no loaded module defines is a
/// `RuntimeError`'s class, with a message saying so.
pub fn split_class_message<'py>(py: Python<'py>, message: &str) -> Option<Result<(Bound<'py, PyType>, String), String>> {
    let rest = message.strip_prefix(numrs_abi::EXC_CLASS_PREFIX)?;
    let mut parts = rest.splitn(3, '\0');
    let (Some(file), Some(name), Some(msg)) = (parts.next(), parts.next(), parts.next()) else {
        return Some(Err(format!("malformed exception of a user class: {rest:?}")));
    };
    Some(match lookup(py, file, name).or_else(|| builtin_class(py, name)) {
        Some(class) => Ok((class, msg.to_string())),
        None => Err(format!("compiled code raised {name}, which no loaded module built from {file} defines")),
    })
}

/// Python's builtin exception class `name` (`OSError`, `AttributeError`, ...), or a module's
/// by its dotted path.
fn builtin_class<'py>(py: Python<'py>, name: &str) -> Option<Bound<'py, PyType>> {
    // A class of a module by its dotted path (`numpy.linalg.LinAlgError`, which the runtime's
    // linear algebra raises).
    let (module, attr) = name.rsplit_once('.').unwrap_or(("builtins", name));
    let class = py.import(module).ok()?.getattr(attr).ok()?;
    let class = class.downcast_into::<PyType>().ok()?;
    let base = py.get_type::<pyo3::exceptions::PyBaseException>();
    class.is_subclass(&base).ok()?.then_some(class)
}
