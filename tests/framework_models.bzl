# Each profile's framework model (tests/v0.56.0/framework_model, tests/v0.67.0/framework_model) and what the tests
# driving it need of its release: one row per release, for the runtime, edits-at-replay and bisect tests.
#   suffix    the test names' (runtime_test, runtime_v067_test)
#   model     the model library model.py loads; kernels: its kernels' filegroup
#   ttlib, shim, player, runtime   the release's emulated libtt_metal.so, capture shim, player and runtime, in its
#             profile folder
#   kernel, plant   a compute kernel of the model and a sed expression planting a bug in it (one operand changed)
FRAMEWORK_MODELS = [
    struct(
        release = "v0.56.0",
        suffix = "",
        model = "//tests/v0.56.0/framework_model:libtoy_model.so",
        kernels = "//tests/v0.56.0/framework_model:kernels",
        ttlib = "libtt_metal.so",
        shim = "libltcap.so",
        player = "ltplay",
        runtime = "libltcap_run.so",
        kernel = "tests/v0.56.0/shared_kernels/compute_binary_tiles.cpp",
        plant = "s/ELTWISE_OP(cb_in0, cb_in1,/ELTWISE_OP(cb_in0, cb_in0,/",
    ),
    struct(
        release = "v0.67.0",
        suffix = "_v067",
        model = "//tests/v0.67.0/framework_model:libtoy_model_v067.so",
        kernels = "//tests/v0.67.0/framework_model:kernels",
        ttlib = "lib.runfiles/libtt_metal.so",
        shim = "libltcap_v067.so",
        player = "ltplay_v067",
        runtime = "libltcap_run_v067.so",
        kernel = "tests/v0.67.0/framework_model/kernels/add.cpp",
        plant = "s/add_tiles(cb_in0, cb_in1,/add_tiles(cb_in0, cb_in0,/",
    ),
]

# The first arguments of every test driving a model — MODEL_PY MODEL_LIB LIBTT_METAL SHIM — and the files they name.
def model_args(m):
    return [
        "$(location //tests/v0.56.0/framework_model:model.py)",
        "$(location %s)" % m.model,
        "$(location //profiles/%s:%s)" % (m.release, m.ttlib),
        "$(location //profiles/%s:%s)" % (m.release, m.shim),
    ]

def model_data(m):
    return [
        "//profiles/%s:%s" % (m.release, m.shim),
        "//profiles/%s:%s" % (m.release, m.ttlib),
        "//tests/v0.56.0/framework_model:model.py",
        m.model,
        m.kernels,
    ]
