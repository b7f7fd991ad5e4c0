//! `@jitclass` instances in Python, after Numba's `numba/experimental/jitclass/boxing.py`.
//!
//! An instance is a MemInfo whose data holds the fields (see `numrs_abi::FUNCTION_KIND_JITCLASS`).
//! In Python it is a [`JitBox`]: an object of a class made per jitclass (named as the jitclass,
//! in Numba's module `numba.experimental.jitclass.boxing`, so it prints as Numba's does) that
//! holds one reference. The class has the fields as properties the runtime reads and writes,
//! the jitclass's properties, methods and static methods calling their dispatchers, and no
//! other attributes (`__slots__ = ()`). The module attribute named after the jitclass is
//! another class, whose calls construct instances (Numba's `JitClassType`).
//!
//! Reference counts: a box owns one reference to its instance; an argument is borrowed from
//! its box for the call (a container unboxed from Python takes a reference to each instance it
//! holds); a field read from Python takes a new reference to what it holds; a field written
//! drops the old value's.

use crate::boxing::{box_value, release, unbox, Plan};
use crate::memory::RUNTIME_API;
use numrs_abi::MemInfo;
use numrs_types::Type;
use pyo3::exceptions::{PyAttributeError, PyTypeError};
use pyo3::ffi;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple, PyType};
use std::collections::HashMap;
use std::sync::atomic::{AtomicI64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

/// What the runtime knows of a jitclass: its instance type and its fields' places.
#[derive(Debug)]
pub struct ClassInfo {
    /// `instance.jitclass.Name#id<fields>` (parsed from the module table: no members).
    pub ty: Type,
    /// `ty`'s typecode for the dispatcher, interned on first use.
    pub typecode: OnceLock<u32>,
    /// The box class, found on first use.
    pub box_class: OnceLock<Py<PyType>>,
    pub name: String,
    pub fields: Vec<FieldInfo>,
}

/// A field of a jitclass instance.
#[derive(Debug)]
pub struct FieldInfo {
    pub name: String,
    pub ty: Type,
    /// Its offset in the instance's data, and its size there.
    pub offset: usize,
    pub size: usize,
    /// How to move its value across the boundary.
    pub plan: Plan,
}

impl ClassInfo {
    /// The plan of an instance type, or why its fields cannot cross the boundary.
    pub fn of(ty: &Type) -> Result<ClassInfo, String> {
        let Type::JitClassInstance(class) = ty else { return Err(format!("{ty} is not a jitclass instance")) };
        let l = numrs_abi::jitclass_data_layout(class).ok_or_else(|| format!("the fields of {ty} have no native layout"))?;
        let mut fields = Vec::with_capacity(class.fields.len());
        for ((name, t), off) in class.fields.iter().zip(&l.fields) {
            let plan = Plan::of(t).map_err(|m| format!("field '{name}' of jitclass {}: {m}", class.name))?;
            let size = numrs_abi::layout(t).map_or(0, |l| l.size);
            fields.push(FieldInfo { name: name.to_string(), ty: t.clone(), offset: *off, size, plan });
        }
        Ok(ClassInfo { ty: ty.clone(), typecode: OnceLock::new(), box_class: OnceLock::new(), name: class.name.to_string(), fields })
    }
}

/// Drops one reference to an instance; at zero, the references its fields hold and the
/// instance (what compiled code's `numrs.jitclass_drop.<class>` does).
///
/// # Safety
/// `mi` is null or an instance of `info`'s class to which the caller owns a reference.
pub unsafe fn release_instance(info: &ClassInfo, mi: *mut MemInfo) {
    // Instances the released ones held go on a list rather than the stack: a linked list of
    // a million nodes is released in a loop.
    let mut pending: Vec<(Arc<ClassInfo>, *mut MemInfo)> = Vec::new();
    release_one(info, mi, &mut pending);
    while let Some((info, mi)) = pending.pop() {
        release_one(&info, mi, &mut pending);
    }
}

/// Drops one reference to `mi`; at zero, its fields' references (instances onto `pending`)
/// and the instance.
unsafe fn release_one(info: &ClassInfo, mi: *mut MemInfo, pending: &mut Vec<(Arc<ClassInfo>, *mut MemInfo)>) {
    if mi.is_null() {
        return;
    }
    let rc = &*(std::ptr::addr_of_mut!((*mi).refcount) as *const AtomicI64);
    if rc.fetch_sub(1, Ordering::AcqRel) != 1 {
        return;
    }
    for FieldInfo { offset, plan, .. } in &info.fields {
        let p = (*mi).data.add(*offset);
        let (class, valid) = match plan {
            Plan::Instance(c) => (Some(c.clone()), true),
            Plan::Deferred(id) => (deferred(*id).ok(), true),
            Plan::Optional { data, valid, .. } => match &**data {
                Plan::Instance(c) => (Some(c.clone()), p.add(*valid).read() != 0),
                Plan::Deferred(id) => (deferred(*id).ok(), p.add(*valid).read() != 0),
                _ => (None, true),
            },
            _ => (None, true),
        };
        match class {
            Some(c) if valid => pending.push((c, (p as *const *mut MemInfo).read_unaligned())),
            Some(_) => {}
            None => release(plan, p),
        }
    }
    (RUNTIME_API.meminfo_release)(mi);
}

/// Takes one more reference to an instance.
///
/// # Safety
/// `mi` is null or a live instance.
pub unsafe fn retain_instance(mi: *mut MemInfo) {
    if !mi.is_null() {
        (*(std::ptr::addr_of_mut!((*mi).refcount) as *const AtomicI64)).fetch_add(1, Ordering::Relaxed);
    }
}

/// The base class of every jitclass's box class (Numba's `_box.Box`): one reference to an
/// instance. A box made by calling the class directly holds none and refuses every access.
#[pyclass(subclass, frozen, module = "numrs_runtime", name = "Box")]
pub struct JitBox {
    mi: AtomicUsize,
    info: OnceLock<Arc<ClassInfo>>,
}

#[pymethods]
impl JitBox {
    #[new]
    fn new() -> JitBox {
        JitBox { mi: AtomicUsize::new(0), info: OnceLock::new() }
    }
}

impl Drop for JitBox {
    fn drop(&mut self) {
        let mi = *self.mi.get_mut() as *mut MemInfo;
        if let Some(info) = self.info.get() {
            unsafe { release_instance(info, mi) }
        }
    }
}

impl JitBox {
    /// The instance and its class, or the error of a box that holds none.
    fn instance(&self) -> PyResult<(*mut MemInfo, &Arc<ClassInfo>)> {
        let mi = self.mi.load(Ordering::Relaxed) as *mut MemInfo;
        match self.info.get() {
            Some(info) if !mi.is_null() => Ok((mi, info)),
            _ => Err(PyTypeError::new_err("this jitclass box holds no instance (boxes are made by calling the jitclass)")),
        }
    }
}

/// The box class of each jitclass instance type the loaded modules define.
fn box_classes() -> &'static Mutex<HashMap<Type, Py<PyType>>> {
    static CLASSES: OnceLock<Mutex<HashMap<Type, Py<PyType>>>> = OnceLock::new();
    CLASSES.get_or_init(|| Mutex::new(HashMap::new()))
}

/// The classes the `deferred_type()`s of the loaded modules are defined as, by id.
fn deferred_classes() -> &'static Mutex<HashMap<u64, Arc<ClassInfo>>> {
    static DEFERRED: OnceLock<Mutex<HashMap<u64, Arc<ClassInfo>>>> = OnceLock::new();
    DEFERRED.get_or_init(|| Mutex::new(HashMap::new()))
}

/// The class the `deferred_type()` `id` is defined as.
pub fn deferred(id: u64) -> PyResult<Arc<ClassInfo>> {
    deferred_classes()
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get(&id)
        .cloned()
        .ok_or_else(|| PyTypeError::new_err(format!("DeferredType#{id} is not defined by a loaded module")))
}

/// The modules defining jitclasses whose instances other modules return (see
/// `numrs_abi::FUNCTION_KIND_JITCLASS_IMPORT`), by instance type.
fn import_hints() -> &'static Mutex<HashMap<Type, String>> {
    static HINTS: OnceLock<Mutex<HashMap<Type, String>>> = OnceLock::new();
    HINTS.get_or_init(|| Mutex::new(HashMap::new()))
}

/// Remembers that `module` defines the class of `ty`.
pub fn import_hint(ty: Type, module: &str) {
    import_hints().lock().unwrap_or_else(|e| e.into_inner()).entry(ty).or_insert_with(|| module.to_string());
}

/// The box class of `ty`, importing the module that defines it if none is loaded yet.
fn box_class(py: Python<'_>, ty: &Type) -> PyResult<Option<Py<PyType>>> {
    let find = || box_classes().lock().unwrap_or_else(|e| e.into_inner()).get(ty).map(|c| c.clone_ref(py));
    if let Some(c) = find() {
        return Ok(Some(c));
    }
    let module = import_hints().lock().unwrap_or_else(|e| e.into_inner()).get(ty).cloned();
    match module {
        Some(m) => {
            py.import(m.as_str()).map_err(|e| {
                PyTypeError::new_err(format!("an instance of {ty} is returned to Python, but its class's module '{m}' (built with numrs build) cannot be imported: {e}"))
            })?;
            Ok(find())
        }
        None => Ok(None),
    }
}

/// The base class of the boxes (`Box`), once the runtime module is initialized.
static BOX_TYPE: std::sync::atomic::AtomicPtr<ffi::PyTypeObject> = std::sync::atomic::AtomicPtr::new(std::ptr::null_mut());

/// Remembers the base class of the boxes (at the runtime module's initialization).
pub fn init(py: Python<'_>) {
    BOX_TYPE.store(<JitBox as pyo3::PyTypeInfo>::type_object_raw(py), Ordering::Relaxed);
}

/// The class of a box, if `obj` is one.
///
/// # Safety
/// `obj` is a live object, with the GIL held.
unsafe fn box_info<'a>(py: Python<'_>, obj: *mut ffi::PyObject) -> Option<&'a Arc<ClassInfo>> {
    let base = BOX_TYPE.load(Ordering::Relaxed);
    if base.is_null() || ffi::PyObject_TypeCheck(obj, base) == 0 {
        return None;
    }
    let b = Bound::<PyAny>::from_borrowed_ptr(py, obj);
    let jb: &JitBox = b.downcast_unchecked::<JitBox>().get();
    // The box outlives the borrow: the caller holds `obj`.
    let info: *const Arc<ClassInfo> = jb.info.get()?;
    Some(&*info)
}

/// The type of a box (its instance type), for the dispatcher's `typeof`.
///
/// # Safety
/// `obj` is a live object, with the GIL held.
pub unsafe fn typeof_box(py: Python<'_>, obj: *mut ffi::PyObject) -> Option<Type> {
    box_info(py, obj).map(|i| i.ty.clone())
}

/// The dispatcher's typecode of a box (interned once per class), or `None` for other objects.
///
/// # Safety
/// `obj` is a live object, with the GIL held.
pub unsafe fn box_typecode(py: Python<'_>, obj: *mut ffi::PyObject) -> Option<u32> {
    let info = box_info(py, obj)?;
    Some(*info.typecode.get_or_init(|| crate::select::registry().intern(info.ty.clone())))
}

/// Writes the instance a box of `info`'s class holds at `dst`, borrowed from the box (as an
/// argument array is borrowed from its ndarray: the caller holds the box for the call); a
/// container that keeps it takes a reference (`boxing::adopt_arrays`, `lists::unbox_list`).
///
/// # Safety
/// `dst` has room for a pointer; the GIL is held.
pub unsafe fn unbox_instance(py: Python<'_>, info: &ClassInfo, obj: *mut ffi::PyObject, dst: *mut u8) -> PyResult<()> {
    let bad = || {
        PyTypeError::new_err(format!(
            "can't unbox {} from PyObject into native value.  The object maybe of a different type",
            info.ty
        ))
    };
    // The same type is the same typecode (both interned once per class).
    let tc = |i: &ClassInfo| *i.typecode.get_or_init(|| crate::select::registry().intern(i.ty.clone()));
    match box_info(py, obj) {
        Some(b) if tc(b) == tc(info) => {}
        _ => return Err(bad()),
    }
    let b = Bound::<PyAny>::from_borrowed_ptr(py, obj);
    let (mi, _) = b.downcast_unchecked::<JitBox>().get().instance()?;
    (dst as *mut *mut MemInfo).write_unaligned(mi);
    Ok(())
}

/// A new box for the instance at `src`, consuming its reference.
///
/// # Safety
/// `src` holds an instance of `info`'s class; the GIL is held.
pub unsafe fn box_instance(py: Python<'_>, info: &Arc<ClassInfo>, src: *const u8) -> PyResult<*mut ffi::PyObject> {
    let mi = (src as *const *mut MemInfo).read_unaligned();
    let class = match info.box_class.get() {
        Some(c) => Ok(Some(c.clone_ref(py))),
        None => box_class(py, &info.ty),
    };
    let class = match class {
        Ok(c) => c,
        Err(e) => {
            release_instance(info, mi);
            return Err(e);
        }
    };
    if let Some(c) = &class {
        let _ = info.box_class.set(c.clone_ref(py));
    }
    let Some(class) = class else {
        release_instance(info, mi);
        return Err(PyTypeError::new_err(format!("no Python class for {} (its module did not define it)", info.ty)));
    };
    // The base's `tp_new` (the box class defines no `__new__`), as `Box.__new__(class)`.
    let tp = class.as_ptr() as *mut ffi::PyTypeObject;
    let slot = ffi::PyType_GetSlot(tp, ffi::Py_tp_new);
    let obj = if slot.is_null() {
        std::ptr::null_mut()
    } else {
        let new: ffi::newfunc = std::mem::transmute(slot);
        new(tp, PyTuple::empty(py).as_ptr(), std::ptr::null_mut())
    };
    if obj.is_null() {
        release_instance(info, mi);
        return Err(PyErr::take(py).unwrap_or_else(|| PyTypeError::new_err("cannot make a jitclass box")));
    }
    let b = Bound::<PyAny>::from_owned_ptr(py, obj);
    let jb = b.downcast_unchecked::<JitBox>().get();
    if jb.info.set(info.clone()).is_err() {
        release_instance(info, mi);
        return Err(PyTypeError::new_err("internal error: a new jitclass box already holds an instance"));
    }
    jb.mi.store(mi as usize, Ordering::Relaxed);
    Ok(b.into_ptr())
}

/// A field of a box class (Numba makes a property of jit-compiled accessors): reads and
/// writes the instance's storage.
#[pyclass(frozen, module = "numrs_runtime", name = "Field")]
pub struct Field {
    index: usize,
}

#[pymethods]
impl Field {
    fn __get__(slf: &Bound<'_, Self>, obj: Option<&Bound<'_, PyAny>>, _owner: Option<&Bound<'_, PyAny>>) -> PyResult<PyObject> {
        let py = slf.py();
        match obj {
            Some(o) if !o.is_none() => _jitclass_get(py, o.downcast::<JitBox>()?, slf.get().index),
            _ => Ok(slf.clone().into_any().unbind()),
        }
    }
    fn __set__(slf: &Bound<'_, Self>, obj: &Bound<'_, PyAny>, value: &Bound<'_, PyAny>) -> PyResult<()> {
        _jitclass_set(slf.py(), obj.downcast::<JitBox>()?, slf.get().index, value)
    }
}

/// The box's field `index` (a new reference to what it holds).
fn _jitclass_get(py: Python<'_>, obj: &Bound<'_, JitBox>, index: usize) -> PyResult<PyObject> {
    let (mi, info) = obj.get().instance()?;
    let Some(FieldInfo { offset, plan, .. }) = info.fields.get(index) else { return Err(PyAttributeError::new_err("no such field")) };
    unsafe {
        let src = (*mi).data.add(*offset);
        crate::lists::retain(plan, src);
        let np = crate::npy::npy(py)?;
        Ok(PyObject::from_owned_ptr(py, box_value(py, np, plan, src)?))
    }
}

/// Sets the box's field `index` to `value` converted to the field's type (Numba's generated
/// setter): the instance takes a reference to the new value and drops the old one.
fn _jitclass_set(py: Python<'_>, obj: &Bound<'_, JitBox>, index: usize, value: &Bound<'_, PyAny>) -> PyResult<()> {
    let (mi, info) = obj.get().instance()?;
    let Some(FieldInfo { name, ty, offset, size, plan }) = info.fields.get(index) else { return Err(PyAttributeError::new_err("no such field")) };
    if !crate::dict_boxing::storable(plan) {
        return Err(PyTypeError::new_err(format!(
            "setting field '{name}' of type {ty} of a jitclass from Python is not supported by numrs"
        )));
    }
    let size = *size;
    let mut buf = vec![0u128; size.div_ceil(16).max(1)];
    let tmp = buf.as_mut_ptr() as *mut u8;
    unsafe {
        let np = crate::npy::npy(py)?;
        if let Err(e) = unbox(py, np, plan, value.as_ptr(), tmp) {
            // Numba's setter fails to compile (an LLVM error for arrays): say what went wrong.
            let got = crate::typing::typeof_value(py, np, value.as_ptr(), true).map_or_else(|| "pyobject".to_string(), |t| t.to_string());
            return Err(PyTypeError::new_err(format!(
                "cannot set field '{name}' of jitclass {} (type {ty}) to a value of type {got}: {}",
                info.name,
                e.value(py)
            )));
        }
        if let Err(e) = crate::boxing::adopt_arrays(plan, tmp) {
            release(plan, tmp);
            return Err(e);
        }
        let dst = (*mi).data.add(*offset);
        // Old value out, new value in, then the old one's references go.
        let mut old = vec![0u128; size.div_ceil(16).max(1)];
        std::ptr::copy_nonoverlapping(dst, old.as_mut_ptr() as *mut u8, size);
        std::ptr::copy_nonoverlapping(tmp, dst, size);
        release(plan, old.as_ptr() as *const u8);
    }
    Ok(())
}

/// The Python side: the box class and the class the module exposes (`jitclass.py`).
const HELPERS: &str = include_str!("jitclass.py");

fn helpers(py: Python<'_>) -> PyResult<Bound<'_, PyModule>> {
    static MODULE: pyo3::sync::GILOnceCell<Py<PyModule>> = pyo3::sync::GILOnceCell::new();
    let m = MODULE.get_or_try_init(py, || -> PyResult<Py<PyModule>> {
        let code = std::ffi::CString::new(HELPERS).map_err(|_| PyTypeError::new_err("internal error: NUL in jitclass.py"))?;
        Ok(PyModule::from_code(py, &code, c"numrs_runtime/jitclass.py", c"numrs_runtime._jitclass")?.unbind())
    })?;
    Ok(m.bind(py).clone())
}

/// The members of one jitclass as the module table lists them.
#[derive(Default)]
pub struct Members<'py> {
    pub methods: Vec<(String, Bound<'py, PyAny>)>,
    pub statics: Vec<(String, Bound<'py, PyAny>)>,
    pub getters: Vec<(String, Bound<'py, PyAny>)>,
    pub setters: Vec<(String, Bound<'py, PyAny>)>,
}

/// Makes the box class of instance type `ty` (registered for boxing) and returns the class the
/// module exposes, whose calls run `ctor` (a dispatcher over the constructor's
/// specializations).
pub fn make_class<'py>(
    py: Python<'py>,
    module_name: &str,
    ty: &Type,
    deferred_ids: &[u64],
    ctor: Bound<'py, PyAny>,
    ctor_sig: (Vec<Py<pyo3::types::PyString>>, Vec<Option<Py<crate::dispatcher::OmittedArg>>>),
    members: Members<'py>,
) -> PyResult<Bound<'py, PyAny>> {
    let info = Arc::new(ClassInfo::of(ty).map_err(pyo3::exceptions::PyImportError::new_err)?);
    for id in deferred_ids {
        deferred_classes().lock().unwrap_or_else(|e| e.into_inner()).insert(*id, info.clone());
    }
    let pairs = |v: Vec<(String, Bound<'py, PyAny>)>| -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        for (k, x) in v {
            d.set_item(k, x)?;
        }
        Ok(d)
    };
    let fields: Vec<&str> = info.fields.iter().map(|f| f.name.as_str()).collect();
    let h = helpers(py)?;
    let base = py.get_type::<JitBox>();
    let (box_class, class) = h
        .getattr("make_class")?
        .call1((
            info.name.as_str(),
            module_name,
            ty.to_string(),
            base,
            fields,
            pairs(members.methods)?,
            pairs(members.statics)?,
            pairs(members.getters)?,
            pairs(members.setters)?,
            ctor,
            (0..info.fields.len()).map(|index| Py::new(py, Field { index })).collect::<PyResult<Vec<_>>>()?,
            ctor_sig,
        ))?
        .extract::<(Bound<'py, PyType>, Bound<'py, PyAny>)>()?;
    box_classes().lock().unwrap_or_else(|e| e.into_inner()).insert(info.ty.clone(), box_class.unbind());
    Ok(class)
}
