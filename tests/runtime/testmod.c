/* A hand-made module shaped exactly as `numrs build` emits them: PyInit creates the module,
 * imports numrs_runtime and calls _populate(module, capsule(ModuleTable)). Wrappers follow
 * numrs_abi: int32_t wrapper(void **args, void *ret, ExcInfo *exc). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

typedef struct { int64_t refcount; uint8_t *data; size_t size; } MemInfo;
typedef struct {
    uint32_t abi_version;
    MemInfo *(*meminfo_alloc)(size_t size, size_t align);
    void (*meminfo_release)(MemInfo *mi);
    uint8_t *(*alloc)(size_t size);
    void (*free)(uint8_t *ptr);
} RuntimeApi;
typedef struct { uint32_t kind; const uint8_t *msg; size_t msg_len; uint32_t msg_owned; } ExcInfo;
typedef int32_t (*WrapperFn)(void **args, void *ret, ExcInfo *exc);
typedef struct {
    uint32_t n_args;
    const char *const *arg_types;
    const char *return_type;
    WrapperFn wrapper;
    const char *c_symbol;
} Specialization;
typedef struct {
    const char *name;
    uint32_t n_specs;
    const Specialization *specs;
#ifndef V1_TABLE
    const char *const *param_names; /* ABI 2 */
#endif
#ifdef V3_TABLE
    const char *const *param_defaults; /* ABI 3: per parameter NULL or a Python literal */
#endif
} FunctionEntry;
typedef struct {
    uint32_t abi_version;
    uint32_t n_functions;
    const char *module_name;
    const FunctionEntry *functions;
    const RuntimeApi **runtime;
} ModuleTable;
/* Numba's array model: meminfo, parent, nitems, itemsize, data, shape[nd], strides[nd]. */
typedef struct { MemInfo *meminfo; void *parent; int64_t nitems; int64_t itemsize; double *data; int64_t shape[1]; int64_t strides[1]; } Array1D;

enum { EXC_ZERO_DIVISION = 2, EXC_VALUE = 3 };
static const RuntimeApi *runtime;

static int32_t add_ii(void **a, void *r, ExcInfo *e) { *(int64_t *)r = *(int64_t *)a[0] + *(int64_t *)a[1]; return 0; }
static int32_t add_ff(void **a, void *r, ExcInfo *e) { *(double *)r = *(double *)a[0] + *(double *)a[1]; return 0; }
static int32_t inc_i(void **a, void *r, ExcInfo *e) { *(int64_t *)r = *(int64_t *)a[0] + 1; return 0; }

static int32_t asum(void **a, void *r, ExcInfo *e) {
    Array1D *x = (Array1D *)a[0];
    double s = 0;
    for (int64_t i = 0; i < x->shape[0]; i++) s += *(double *)((char *)x->data + i * x->strides[0]);
    *(double *)r = s;
    return 0;
}

/* np.arange(n) * 1.0, allocated through the runtime. */
static int32_t arange(void **a, void *r, ExcInfo *e) {
    int64_t n = *(int64_t *)a[0];
    if (n < 0) {
        static const char m[] = "negative dimensions not allowed";
        e->kind = EXC_VALUE; e->msg = (const uint8_t *)m; e->msg_len = sizeof m - 1; e->msg_owned = 0;
        return 1;
    }
    MemInfo *mi = runtime->meminfo_alloc((size_t)n * 8, 8);
    double *d = (double *)mi->data;
    for (int64_t i = 0; i < n; i++) d[i] = (double)i;
    Array1D *out = (Array1D *)r;
    out->meminfo = mi; out->parent = NULL; out->nitems = n; out->itemsize = 8; out->data = d;
    out->shape[0] = n; out->strides[0] = 8;
    return 0;
}

static int32_t idiv(void **a, void *r, ExcInfo *e) {
    int64_t x = *(int64_t *)a[0], y = *(int64_t *)a[1];
    if (y == 0) {
        /* An owned message, freed by the runtime. */
        static const char m[] = "division by zero";
        uint8_t *buf = runtime->alloc(sizeof m - 1);
        memcpy(buf, m, sizeof m - 1);
        e->kind = EXC_ZERO_DIVISION; e->msg = buf; e->msg_len = sizeof m - 1; e->msg_owned = 1;
        return 1;
    }
    *(int64_t *)r = x / y;
    return 0;
}

/* (x // y, x % y) with Python's rounding; returns UniTuple(int64 x 2). */
static int32_t pdivmod(void **a, void *r, ExcInfo *e) {
    int64_t x = *(int64_t *)a[0], y = *(int64_t *)a[1];
    if (y == 0) {
        static const char m[] = "integer divmod by zero";
        e->kind = EXC_ZERO_DIVISION; e->msg = (const uint8_t *)m; e->msg_len = sizeof m - 1; e->msg_owned = 0;
        return 1;
    }
    int64_t q = x / y, m = x % y;
    if (m != 0 && ((m < 0) != (y < 0))) { q -= 1; m += y; }
    ((int64_t *)r)[0] = q; ((int64_t *)r)[1] = m;
    return 0;
}

/* Tuple(float64, int64, boolean) from (float64, int64). */
static int32_t mixed(void **a, void *r, ExcInfo *e) {
    double x = *(double *)a[0]; int64_t y = *(int64_t *)a[1];
    *(double *)r = x * 2; *(int64_t *)((char *)r + 8) = y * 2; *(uint8_t *)((char *)r + 16) = x > y;
    return 0;
}

static int32_t ident(void **a, void *r, ExcInfo *e) { memcpy(r, a[0], sizeof(Array1D)); return 0; }
/* a[1:] */
static int32_t tail(void **a, void *r, ExcInfo *e) {
    Array1D *x = (Array1D *)a[0], *out = (Array1D *)r;
    memcpy(out, x, sizeof(Array1D));
    int64_t n = x->shape[0] > 0 ? x->shape[0] - 1 : 0;
    out->shape[0] = n; out->nitems = n;
    if (x->shape[0] > 0) out->data = (double *)((char *)x->data + x->strides[0]);
    return 0;
}
static int32_t cconj(void **a, void *r, ExcInfo *e) {
    double *z = (double *)a[0];
    ((double *)r)[0] = z[0]; ((double *)r)[1] = -z[1];
    return 0;
}
static int32_t f32half(void **a, void *r, ExcInfo *e) { *(float *)r = *(float *)a[0] / 2; return 0; }
static int32_t u8wrap(void **a, void *r, ExcInfo *e) { *(uint8_t *)r = (uint8_t)(*(uint8_t *)a[0] + 1); return 0; }
static int32_t bnot(void **a, void *r, ExcInfo *e) { *(uint8_t *)r = !*(uint8_t *)a[0]; return 0; }

/* Selection probes: specialization i returns i. */
#define SEL(i) static int32_t sel##i(void **a, void *r, ExcInfo *e) { *(int64_t *)r = i; return 0; }
SEL(0) SEL(1) SEL(2) SEL(3)

static const char *const T_II[] = {"int64", "int64"};
static const char *const T_FF[] = {"float64", "float64"};
static const char *const T_I[] = {"int64"};
static const char *const T_A1C[] = {"array(float64, 1d, C)"};
static const char *const T_A1A[] = {"array(float64, 1d, A)"};
static const char *const T_RA1A[] = {"readonly array(float64, 1d, A)"};
static const char *const T_A2F[] = {"array(float64, 2d, F)"};
static const char *const T_FI[] = {"float64", "int64"};
static const char *const T_C[] = {"complex128"};
static const char *const T_F32[] = {"float32"};
static const char *const T_U8[] = {"uint8"};
static const char *const T_B[] = {"bool"};
static const char *const T_I32F[] = {"int32", "float64"};
static const char *const T_FI32[] = {"float64", "int32"};
static const char *const T_I8[] = {"int8"};
static const char *const T_U64[] = {"uint64"};
static const char *const T_C64[] = {"complex64"};
static const char *const T_UT2I[] = {"UniTuple(int64 x 2)"};
static const char *const T_TFI[] = {"Tuple(float64, int64)"};
static const char *const T_UT2F[] = {"UniTuple(float64 x 2)"};
static const char *const T_BI[] = {"bool", "int64"};
static const char *const T_IB[] = {"int64", "bool"};

static const char *const P_AB[] = {"a", "b"};
static const char *const P_X[] = {"x"};

#define SPEC(n, types, ret, fn) {n, types, ret, fn, #fn}
static const Specialization S_ADD[] = {SPEC(2, T_II, "int64", add_ii), SPEC(2, T_FF, "float64", add_ff)};
static const Specialization S_INC[] = {SPEC(1, T_I, "int64", inc_i)};
static const Specialization S_ASUM[] = {SPEC(1, T_A1C, "float64", asum)};
static const Specialization S_RSUM[] = {SPEC(1, T_RA1A, "float64", asum)};
static const Specialization S_ARANGE[] = {SPEC(1, T_I, "array(float64, 1d, C)", arange)};
static const Specialization S_IDIV[] = {SPEC(2, T_II, "int64", idiv)};
static const Specialization S_DIVMOD[] = {SPEC(2, T_II, "UniTuple(int64 x 2)", pdivmod)};
static const Specialization S_MIXED[] = {SPEC(2, T_FI, "Tuple(float64, int64, bool)", mixed)};
static const Specialization S_IDENT[] = {SPEC(1, T_A1A, "array(float64, 1d, A)", ident)};
static const Specialization S_TAIL[] = {SPEC(1, T_A1A, "array(float64, 1d, A)", tail)};
static const Specialization S_CONJ[] = {SPEC(1, T_C, "complex128", cconj)};
static const Specialization S_F32[] = {SPEC(1, T_F32, "float32", f32half)};
static const Specialization S_U8[] = {SPEC(1, T_U8, "uint8", u8wrap)};
static const Specialization S_BNOT[] = {SPEC(1, T_B, "bool", bnot)};
/* Keep in sync with SELECTION_FUNCTIONS in gen_dispatch_fixture.py. */
static const Specialization S_SEL_NUM2[] = {SPEC(2, T_II, "int64", sel0), SPEC(2, T_FF, "int64", sel1)};
static const Specialization S_SEL_AMB[] = {SPEC(2, T_I32F, "int64", sel0), SPEC(2, T_FI32, "int64", sel1)};
static const Specialization S_SEL_SCALAR[] = {SPEC(1, T_I8, "int64", sel0), SPEC(1, T_U64, "int64", sel1), SPEC(1, T_F32, "int64", sel2), SPEC(1, T_C64, "int64", sel3)};
static const Specialization S_SEL_ARRAY[] = {SPEC(1, T_A1C, "int64", sel0), SPEC(1, T_A1A, "int64", sel1), SPEC(1, T_A2F, "int64", sel2), SPEC(1, T_RA1A, "int64", sel3)};
static const Specialization S_SEL_TUPLE[] = {SPEC(1, T_UT2I, "int64", sel0), SPEC(1, T_TFI, "int64", sel1), SPEC(1, T_UT2F, "int64", sel2)};
static const Specialization S_SEL_BOOL[] = {SPEC(2, T_BI, "int64", sel0), SPEC(2, T_IB, "int64", sel1)};

#ifdef V3_TABLE
/* Defaults (ABI 3); keep in sync with DEFAULT_FUNCTIONS in gen_dispatch_fixture.py. A parameter
 * left to its default has type omitted(default=<repr>) and no storage: its wrapper argument
 * is not read. */
static const char *const T_IO2[] = {"int64", "omitted(default=2)"};
static const char *const T_IF[] = {"int64", "float64"};
static const char *const T_FO2[] = {"float64", "omitted(default=2)"};
static const char *const T_MANY0[] = {"int64", "omitted(default=None)", "omitted(default=(1, 2))", "omitted(default='abc')", "omitted(default=0.5)"};
static const char *const T_MANY1[] = {"int64", "int64", "omitted(default=(1, 2))", "omitted(default='abc')", "omitted(default=0.5)"};
static const Specialization S_DFLT[] = {SPEC(2, T_IO2, "int64", sel0), SPEC(2, T_IF, "int64", sel1), SPEC(2, T_FO2, "int64", sel2)};
static const Specialization S_DFLT_MANY[] = {SPEC(5, T_MANY0, "int64", sel0), SPEC(5, T_MANY1, "int64", sel1)};
static const Specialization S_DFLT_TYPED[] = {SPEC(2, T_II, "int64", sel0)};
/* add_d(x, y=2): x + 2 when y is left out, x + y otherwise. */
static int32_t add_x2(void **a, void *r, ExcInfo *e) { *(int64_t *)r = *(int64_t *)a[0] + 2; return 0; }
static const Specialization S_ADD_D[] = {SPEC(2, T_IO2, "int64", add_x2), SPEC(2, T_II, "int64", add_ii)};
static const char *const P_XY[] = {"x", "y"};
static const char *const P_DFLT_MANY[] = {"x", "y", "z", "s", "w"};
static const char *const D_DFLT[] = {NULL, "2"};
/* A function none of whose specializations was built: no specs, its arity from the
 * null-terminated parameter names. */
static const char *const P_NONE[] = {"a", "b", NULL};
/* Source text as written, not as repr() prints it: "(1,2)" is omitted(default=(1, 2)). */
static const char *const D_DFLT_MANY[] = {NULL, "None", "(1,2)", "'abc'", "0.5"};
#endif

#ifdef V1_TABLE
#define FN(name, specs, params) {name, sizeof specs / sizeof specs[0], specs}
#define TABLE_VERSION 1
#elif defined(V3_TABLE)
#define FN(name, specs, params) {name, sizeof specs / sizeof specs[0], specs, params, NULL}
#define FND(name, specs, params, defaults) {name, sizeof specs / sizeof specs[0], specs, params, defaults}
#define TABLE_VERSION 3
#else
#define FN(name, specs, params) {name, sizeof specs / sizeof specs[0], specs, params}
#define TABLE_VERSION 2
#endif
static const FunctionEntry FUNCTIONS[] = {
    FN("add", S_ADD, P_AB), FN("inc", S_INC, P_X), FN("asum", S_ASUM, P_X), FN("rsum", S_RSUM, P_X),
    FN("arange", S_ARANGE, P_X), FN("idiv", S_IDIV, P_AB), FN("pdivmod", S_DIVMOD, P_AB),
    FN("mixed", S_MIXED, P_AB), FN("ident", S_IDENT, P_X), FN("tail", S_TAIL, P_X),
    FN("conj", S_CONJ, P_X), FN("f32half", S_F32, P_X), FN("u8wrap", S_U8, P_X), FN("bnot", S_BNOT, P_X),
    FN("sel_num2", S_SEL_NUM2, P_AB), FN("sel_amb", S_SEL_AMB, P_AB), FN("sel_scalar", S_SEL_SCALAR, P_X),
    FN("sel_array", S_SEL_ARRAY, P_X), FN("sel_tuple", S_SEL_TUPLE, P_X), FN("sel_bool", S_SEL_BOOL, P_AB),
#ifdef V3_TABLE
    FND("dflt", S_DFLT, P_XY, D_DFLT), FND("dflt_many", S_DFLT_MANY, P_DFLT_MANY, D_DFLT_MANY),
    FND("dflt_typed", S_DFLT_TYPED, P_XY, D_DFLT),
    FND("add_d", S_ADD_D, P_XY, D_DFLT),
    {"unbuilt", 0, NULL, P_NONE, NULL},
#endif
};

ModuleTable numrs_module_table = {
    TABLE_VERSION, sizeof FUNCTIONS / sizeof FUNCTIONS[0], MODULE_NAME_STR, FUNCTIONS, &runtime,
};

static struct PyModuleDef moddef = {PyModuleDef_HEAD_INIT, MODULE_NAME_STR, NULL, -1, NULL};

#define CAT(a, b) a##b
#define INIT(name) CAT(PyInit_, name)
PyMODINIT_FUNC INIT(MODULE_NAME)(void) {
    PyObject *m = PyModule_Create2(&moddef, PYTHON_API_VERSION);
    if (!m) return NULL;
    PyObject *rt = PyImport_ImportModule("numrs_runtime");
    if (!rt) goto fail;
    PyObject *cap = PyCapsule_New(&numrs_module_table, "numrs.module_table", NULL);
    if (!cap) { Py_DECREF(rt); goto fail; }
    PyObject *res = PyObject_CallMethod(rt, "_populate", "OO", m, cap);
    Py_DECREF(cap);
    Py_DECREF(rt);
    if (!res) goto fail;
    Py_DECREF(res);
    return m;
fail:
    Py_DECREF(m);
    return NULL;
}
