//! The typing registry.
//!
//! Like Numba's typing context, callees are keyed (`operator.add`, `builtins.len`,
//! `math.sqrt`, `numpy.zeros`, `array.sum`) and each key maps to an ordered list of templates:
//! concrete signature lists (generated from Numba itself, `data/concrete_templates.json`) and
//! abstract templates (small Rust functions of the argument types). Resolution tries templates
//! in order and returns the first match, as `numba.core.types.Function.get_call_type` does.

mod registry;
mod templates;

pub(crate) use templates::abstract_templates;
pub use templates::builtins::python_float;
pub use templates::containers::string_keyword_params;
pub use templates::{builtin_global, make_dict_type, module_attr};
pub use templates::numpy::index::index_lowering_error;
pub use templates::numpy::{dtype_of as numpy_dtype_of, promote_types as numpy_promote_types, generator_params, is_ufunc, numba_overloads_lazily, module_has_attribute, find_dufunc_loop, find_gufunc_loop, handle_ufunc_inputs, UfuncInputs};

pub use registry::{
    asarray_params, converted_to_array, refine_receiver, resolve_call, resolve_concrete, resolve_call_in, resolve_getattr, resolve_module_attr, CallError, CallResult, Registry, Template,
};
