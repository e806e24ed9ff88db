"""The rule families of issue 22 on logs WRITTEN FOR THESE TESTS (synthetic, in the formats TensorFlow, Keras, pip,
docker, Ray and GitHub's issue template print; not copied from any thread). The real logs live in
tests/fixtures/logs and are judged by tests/test_diagnose.py and benchmarks/score_diagnosis.py; these cases
check each family's decision and the advice it gives, including what the advice must NOT say.

Each case: (name, text, keyword arguments for diagnose, expected first rule, words the first fix must contain,
words it must not contain).
"""

from __future__ import annotations

import pytest

from tfgpu_wizard.core.diagnose.engine import diagnose, diagnose_report, format_findings, has_errors
from tfgpu_wizard.core.diagnose.facts import read_facts, strip_worker_prefixes

# --------------------------------------------------------------------------- synthetic logs (written here)

SYN_TRANSFORMERS = """\
Traceback (most recent call last):
  File "/home/sam/project/train.py", line 3, in <module>
    from transformers import TFAutoModelForSequenceClassification
  File "/home/sam/.venv/lib/python3.11/site-packages/transformers/utils/import_utils.py", line 1500, in __getattr__
    module = self._get_module(self._class_to_module[name])
RuntimeError: Failed to import transformers.models.auto.modeling_tf_auto because of the following error (look up to see its traceback):
Your currently installed version of Keras is Keras 3, but this is not yet supported in Transformers. Please install the backwards-compatible tf-keras package with `pip install tf-keras`.
"""

SYN_HUB_LAYER = """\
>>> import tensorflow as tf; print(tf.__version__)
2.16.1
Traceback (most recent call last):
  File "/content/classify.py", line 9, in <module>
    model = tf.keras.Sequential([hub.KerasLayer(url, input_shape=(224, 224, 3)), tf.keras.layers.Dense(5)])
ValueError: Only instances of `keras.Layer` can be added to a Sequential model. Received: <tensorflow_hub.keras_layer.KerasLayer object at 0x7f00> (of type <class 'tensorflow_hub.keras_layer.KerasLayer'>)
"""

SYN_KERAS_ENGINE = """\
Using TensorFlow backend.
Traceback (most recent call last):
  File "demo.py", line 5, in <module>
    from keras.engine.topology import Layer
ModuleNotFoundError: No module named 'keras.engine'
"""

SYN_KERAS_SRC_LEGACY = """\
Requirement already satisfied: tensorflow in /opt/conda/lib/python3.10/site-packages (2.14.0)
Traceback (most recent call last):
  File "/kaggle/working/run.py", line 2, in <module>
    import keras_nlp
  File "/opt/conda/lib/python3.10/site-packages/keras_nlp/__init__.py", line 8, in <module>
    from keras_nlp.src.backend import keras
  File "/opt/conda/lib/python3.10/site-packages/keras_nlp/src/backend/keras.py", line 4, in <module>
    from keras.src.legacy import backend
ModuleNotFoundError: No module named 'keras.src.legacy'
"""

SYN_KERAS_TENSOR = """\
Traceback (most recent call last):
  File "model.py", line 14, in <module>
    x = tf.expand_dims(inputs, axis=-1)
ValueError: A KerasTensor cannot be used as input to a TensorFlow function. A KerasTensor is a symbolic placeholder for a shape and dtype, used when constructing Keras Functional models or Keras Functions.
"""

SYN_SCALED_LOSS = """\
  File "train_step.py", line 40, in train_step
    scaled_loss = optimizer.get_scaled_loss(loss)
AttributeError: 'LossScaleOptimizer' object has no attribute 'get_scaled_loss'
"""

SYN_NEVER_CALLED = """\
Traceback (most recent call last):
  File "features.py", line 12, in <module>
    extractor = keras.Model(inputs=model.inputs, outputs=model.layers[-2].output)
AttributeError: The layer sequential has never been called and thus has no defined output.
"""

SYN_OPTIMIZER_LR = """\
Traceback (most recent call last):
  File "callbacks.py", line 30, in on_epoch_end
    print(float(self.model.optimizer.lr))
AttributeError: 'Adam' object has no attribute 'lr'
"""

SYN_PIP_NONE_314 = """\
$ python --version
Python 3.14.0
$ python -m pip install tensorflow
ERROR: Could not find a version that satisfies the requirement tensorflow (from versions: none)
ERROR: No matching distribution found for tensorflow
"""

SYN_PIP_GPU_WINDOWS = """\
C:\\Users\\ana>pip install tensorflow-gpu==2.11
ERROR: Could not find a version that satisfies the requirement tensorflow-gpu==2.11 (from versions: 2.5.0, 2.5.1, 2.5.2, 2.6.0, 2.7.0, 2.8.0, 2.9.0, 2.10.0, 2.10.1)
ERROR: No matching distribution found for tensorflow-gpu==2.11
"""

SYN_PIP_OLD_PIN_312 = """\
!pip install tensorflow==2.12.0
ERROR: Could not find a version that satisfies the requirement tensorflow==2.12.0 (from versions: 2.16.0rc0, 2.16.1, 2.16.2, 2.17.0rc0, 2.17.0, 2.17.1, 2.18.0)
ERROR: No matching distribution found for tensorflow==2.12.0
"""

SYN_PIP_SEVERAL_TF = """\
Successfully installed keras-2.15.0 tensorflow-2.15.0
ERROR: pip's dependency resolver does not currently take into account all the packages that are installed. This behaviour is the source of the following dependency conflicts.
tensorflow-gpu 2.10.0 requires keras<2.11,>=2.10.0, but you have keras 2.15.0 which is incompatible.
tf-nightly 2.16.0.dev20231101 requires keras-nightly>=3.0.0.dev, but you have keras 2.15.0 which is incompatible.
"""

SYN_PIP_PIN = """\
ERROR: pip's dependency resolver does not currently take into account all the packages that are installed. This behaviour is the source of the following dependency conflicts.
tensorflow 2.15.0 requires keras<2.16,>=2.15.0, but you have keras 3.3.3 which is incompatible.
"""

SYN_PIP_OTHER = """\
ERROR: pip's dependency resolver does not currently take into account all the packages that are installed. This behaviour is the source of the following dependency conflicts.
spyder 5.4.3 requires pyqt5<5.16, but you have pyqt5 5.15.9 which is incompatible.
"""

SYN_NGC = """\

================
== TensorFlow ==
================

NVIDIA Release 24.02-tf2 (build 83417262)
TensorFlow Version 2.15.0

Container image Copyright (c) 2024, NVIDIA CORPORATION & AFFILIATES. All rights reserved.

WARNING: The NVIDIA Driver was not detected.  GPU functionality will not be available.
   Use the NVIDIA Container Toolkit to start this container with GPU support; see
   https://docs.nvidia.com/datacenter/cloud-native/ .

root@3f2a9c1b7d4e:/workspace# python -c "import tensorflow as tf; print(tf.config.list_physical_devices('GPU'))"
2024-03-01 10:00:00.000000: E external/local_xla/xla/stream_executor/cuda/cuda_driver.cc:274] failed call to cuInit: UNKNOWN ERROR (303)
[]
"""

SYN_DOCKER_CHECK_OK = """\
$ docker run --rm --gpus all nvidia/cuda:12.2.0-base-ubuntu22.04 nvidia-smi
+---------------------------------------------------------------------------------------+
| NVIDIA-SMI 535.104.05             Driver Version: 535.104.05   CUDA Version: 12.2     |
|-----------------------------------------+----------------------+----------------------+
| GPU  Name                 Persistence-M | Bus-Id        Disp.A | Volatile Uncorr. ECC |
|   0  NVIDIA GeForce RTX 3090        Off | 00000000:01:00.0 Off |                  N/A |
+-----------------------------------------+----------------------+----------------------+
$ docker run -it --rm tensorflow/tensorflow:latest-gpu python -c "import tensorflow as tf; print(tf.config.list_physical_devices('GPU'))"
2024-03-01 10:00:00.000000: E external/local_xla/xla/stream_executor/cuda/cuda_driver.cc:274] failed call to cuInit: UNKNOWN ERROR (34)
2024-03-01 10:00:00.000100: I external/local_xla/xla/stream_executor/cuda/cuda_diagnostics.cc:135] retrieving CUDA diagnostic information for host: 0a1b2c3d4e5f
2024-03-01 10:00:00.000200: I external/local_xla/xla/stream_executor/cuda/cuda_diagnostics.cc:183] kernel driver does not appear to be running on this host (0a1b2c3d4e5f): /proc/driver/nvidia/version does not exist
[]
"""

SYN_RAY_WORKER = """\
2024-05-01 12:00:00,000 INFO worker.py:1724 -- Started a local Ray instance.
(pid=12345) 2024-05-01 12:00:01.000000: E tensorflow/compiler/xla/stream_executor/cuda/cuda_driver.cc:268] failed call to cuInit: CUDA_ERROR_NO_DEVICE: no CUDA-capable device is detected
(pid=12345) 2024-05-01 12:00:01.000100: I tensorflow/compiler/xla/stream_executor/cuda/cuda_diagnostics.cc:168] retrieving CUDA diagnostic information for host: node-1
(RayTrainWorker pid=12346, ip=10.0.0.5) []
"""

SYN_ML_DTYPES = """\
Successfully installed ml-dtypes-0.2.0 tensorflow-2.16.1
Traceback (most recent call last):
  File "train.py", line 1, in <module>
    import tensorflow as tf
  File "/home/u/.venv/lib/python3.10/site-packages/tensorflow/__init__.py", line 38, in <module>
    from tensorflow.python.tools import module_util as _module_util
  File "/home/u/.venv/lib/python3.10/site-packages/tensorflow/python/framework/dtypes.py", line 37, in <module>
    _np_float8_e4m3b11fnuz = ml_dtypes.float8_e4m3b11fnuz
AttributeError: module 'ml_dtypes' has no attribute 'float8_e4m3b11fnuz'
"""

SYN_TYPING_EXT = """\
Traceback (most recent call last):
  File "app.py", line 1, in <module>
    import tensorflow as tf
  File "/srv/env/lib/python3.9/site-packages/tensorflow/__init__.py", line 37, in <module>
    from tensorflow.python.tools import module_util as _module_util
  File "/srv/env/lib/python3.9/site-packages/tensorflow/python/framework/tensor.py", line 21, in <module>
    from typing_extensions import TypeGuard
ImportError: cannot import name 'TypeGuard' from 'typing_extensions' (/srv/env/lib/python3.9/site-packages/typing_extensions.py)
"""

SYN_TF_TEXT = """\
tensorflow                   2.15.0
tensorflow-text              2.13.0
Traceback (most recent call last):
  File "serve.py", line 3, in <module>
    import tensorflow_text as text
tensorflow.python.framework.errors_impl.NotFoundError: /usr/local/lib/python3.10/dist-packages/tensorflow_text/python/ops/_regex_split_ops.so: undefined symbol: _ZN10tensorflow15TensorShapeBaseINS_11TensorShapeEE11SetDimsFromE
"""

SYN_ALLOCATOR_CPU = """\
2024-06-01 09:00:00.000000: W tensorflow/core/common_runtime/bfc_allocator.cc:479] Allocator (mklcpu) ran out of memory trying to allocate 3.81GiB (rounded to 4096000000)requested by op Fill
"""

SYN_TEMPLATE_WINDOWS = """\
### Issue type

Support

### Have you reproduced the bug with TensorFlow Nightly?

No

### Source

binary

### TensorFlow version

2.17.0

### Custom code

No

### OS platform and distribution

Windows 11 Pro 23H2

### Mobile device

_No response_

### Python version

3.11

### CUDA/cuDNN version

12.3 / 8.9

### GPU model and memory

NVIDIA GeForce RTX 4070, 12 GB

### Current behavior?

The GPU is not used although CUDA is installed; the driver model is WDDM.
"""

SYN_TEMPLATE_OLD_FORM = """\
**System information**
- OS Platform and Distribution (e.g., Linux Ubuntu 16.04): Windows 10
- TensorFlow installed from (source or binary): binary
- TensorFlow version (use command below): 2.13.0
- Python version: 3.10
- CUDA/cuDNN version: 11.8 / 8.6
- GPU model and memory: RTX 3060 12GB

**Describe the current behavior**
tf.config.list_physical_devices('GPU') returns an empty list.
"""

SYN_LIBCUDA_VS_KERNEL = """\
I0000 00:00:1718000000.000000    1234 cuda_diagnostics.cc:160] libcuda reported version is: 535.183.1
I0000 00:00:1718000000.000100    1234 cuda_diagnostics.cc:164] kernel reported version is: 550.90.7
E0000 00:00:1718000000.000200    1234 cuda_driver.cc:152] failed call to cuInit: CUDA_ERROR_SYSTEM_DRIVER_MISMATCH: system has unsupported display driver / cuda driver combination
"""

SYN_DLL_CUDNN8 = """\
2022-09-01 10:00:00.000000: W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could not load dynamic library 'cudnn64_8.dll'; dlerror: cudnn64_8.dll not found
2022-09-01 10:00:00.000100: W tensorflow/core/common_runtime/gpu/gpu_device.cc:1934] Cannot dlopen some GPU libraries. Please make sure the missing libraries mentioned above are installed properly if you would like to use GPU.
"""

SYN_DLL_CUDA100 = """\
2019-05-01 10:00:00.000000: W tensorflow/stream_executor/platform/default/dso_loader.cc:55] Could not load dynamic library 'cudart64_100.dll'; dlerror: cudart64_100.dll not found
"""

SYN_PIP_WHEELS_CUSOLVER = """\
Successfully installed nvidia-cublas-cu12-12.3.4.1 nvidia-cusolver-cu12-11.5.4.101 tensorflow-2.17.0
2024-08-01 10:00:00.000000: W tensorflow/core/common_runtime/gpu/gpu_device.cc:2343] Could not load dynamic library 'libcusolver.so.11'; dlerror: libcusolver.so.11: cannot open shared object file: No such file or directory
W0000 00:00:1722500000.000000    4242 gpu_device.cc:2344] Cannot dlopen some GPU libraries. Please make sure the missing libraries mentioned above are installed properly if you would like to use GPU.
Skipping registering GPU devices...
[]
"""

SYN_STATES_FIX = """\
Traceback (most recent call last):
  File "plot.py", line 20, in <module>
    keras.utils.plot_model(model, "model.png")
ImportError: You must install pydot (`pip install pydot`) for `plot_model` to work.
"""

SYN_TF1 = """\
Traceback (most recent call last):
  File "old_mnist.py", line 7, in <module>
    sess = tf.Session()
AttributeError: module 'tensorflow' has no attribute 'Session'
"""

SYN_DLL_LOAD = """\
Traceback (most recent call last):
  File "C:\\Users\\li\\AppData\\Local\\Programs\\Python\\Python311\\Lib\\site-packages\\tensorflow\\python\\pywrap_tensorflow.py", line 70, in <module>
    from tensorflow.python._pywrap_tensorflow_internal import *
ImportError: DLL load failed while importing _pywrap_tensorflow_internal: A dynamic link library (DLL) initialization routine failed.

Failed to load the native TensorFlow runtime.
"""

SYN_AVX = """\
$ python -c "import tensorflow"
The TensorFlow library was compiled to use AVX instructions, but these aren't available on your machine.
Aborted (core dumped)
"""

SYN_GLIBCXX = """\
Traceback (most recent call last):
  File "run.py", line 1, in <module>
    import tensorflow as tf
ImportError: /lib/x86_64-linux-gnu/libstdc++.so.6: version `GLIBCXX_3.4.30' not found (required by /home/u/miniconda3/envs/tf/lib/python3.11/site-packages/tensorflow/python/_pywrap_tensorflow_internal.so)
"""

SYN_LONG_PATHS = """\
ERROR: Could not install packages due to an OSError: [Errno 2] No such file or directory: 'C:\\Users\\ana\\AppData\\Local\\Packages\\PythonSoftwareFoundation.Python.3.11_qbz5n2kfra8p0\\LocalCache\\local-packages\\Python311\\site-packages\\tensorflow\\include\\external\\com_github_grpc_grpc\\src\\core\\ext\\filters\\client_channel\\lb_policy\\grpclb\\client_load_reporting_filter.h'
HINT: This error might have occurred since this system does not have Windows Long Path support enabled. You can find information on how to enable this at https://pip.pypa.io/warnings/enable-long-paths
"""

SYN_BARE_KERAS_LINE = "AttributeError: module 'keras.utils' has no attribute 'multi_gpu_model'\n"

SYN_PROTOBUF_BUILDER = """\
Traceback (most recent call last):
  File "detect.py", line 2, in <module>
    import tensorflow as tf
  File "/home/u/env/lib/python3.10/site-packages/tensorflow/core/framework/attr_value_pb2.py", line 5, in <module>
    from google.protobuf.internal import builder as _builder
ImportError: cannot import name 'builder' from 'google.protobuf.internal' (/home/u/env/lib/python3.10/site-packages/google/protobuf/internal/__init__.py)
"""

SYN_CUDNN_SUBLIB_WINDOWS = """\
Could not load library cudnn_cnn_infer64_8.dll. Error code 126
Please make sure cudnn_cnn_infer64_8.dll is in your library path!
"""

# (name, text, diagnose kwargs, first rule, fix must contain, fix must not contain)
CASES: list[tuple[str, str, dict, str, list[str], list[str]]] = [
    ("transformers-keras3", SYN_TRANSFORMERS, {}, "keras3-needs-tf-keras", ["tf-keras", "TF_USE_LEGACY_KERAS"],
     ["pip install keras "]),
    ("hub-layer-keras3", SYN_HUB_LAYER, {}, "keras3-needs-tf-keras", ["tf-keras~=2.16", "TF_USE_LEGACY_KERAS"], []),
    ("keras-engine-topology", SYN_KERAS_ENGINE, {}, "keras3-needs-tf-keras", ["tf-keras"], ["pip install keras "]),
    ("keras-src-legacy-on-tf214", SYN_KERAS_SRC_LEGACY, {}, "keras-too-old-for-library", ["2.16"],
     ["pip install keras "]),
    ("kerastensor", SYN_KERAS_TENSOR, {}, "keras3-api-changed", ["keras.ops", "Layer"], []),
    ("get-scaled-loss", SYN_SCALED_LOSS, {}, "keras3-api-changed", ["scale_loss"], []),
    ("never-called", SYN_NEVER_CALLED, {}, "keras3-api-changed", ["keras.Input"], []),
    ("optimizer-lr", SYN_OPTIMIZER_LR, {}, "keras3-api-changed", ["learning_rate"], []),
    ("pip-none-py314", SYN_PIP_NONE_314, {}, "pip-no-matching-distribution", ["3.14", "64-bit"], []),
    ("pip-gpu-windows", SYN_PIP_GPU_WINDOWS, {}, "pip-no-matching-distribution", ["tensorflow<2.11", "WSL2"], []),
    ("pip-old-pin-py312", SYN_PIP_OLD_PIN_312, {}, "pip-no-matching-distribution", ["2.16.1", "3.12"], []),
    ("pip-several-tf", SYN_PIP_SEVERAL_TF, {}, "pip-dependency-conflict", ["pip uninstall", "tensorflow-gpu"], []),
    ("pip-pin", SYN_PIP_PIN, {}, "pip-dependency-conflict", ["keras<2.16,>=2.15.0"], []),
    ("ngc-banner", SYN_NGC, {}, "container-no-gpu", ["--gpus all"], []),
    ("docker-check-ok", SYN_DOCKER_CHECK_OK, {}, "container-no-gpu", ["--gpus all", "same way"],
     ["driver", "Secure Boot"]),
    ("ray-worker", SYN_RAY_WORKER, {}, "worker-no-gpu-allotted", ["num_gpus"], ["unset", "CUDA_VISIBLE_DEVICES"]),
    ("ml-dtypes", SYN_ML_DTYPES, {}, "pinned-package-mismatch", ["ml-dtypes~=0.3.1"], []),
    ("typing-extensions", SYN_TYPING_EXT, {}, "pinned-package-mismatch", ["pip check"], []),
    ("tf-text-symbol", SYN_TF_TEXT, {}, "pinned-package-mismatch", ["tensorflow-text", "2.15.0"], []),
    ("allocator-cpu", SYN_ALLOCATOR_CPU, {}, "oom-on-cpu", ["list_physical_devices"], []),
    ("template-windows-2.17", SYN_TEMPLATE_WINDOWS, {}, "windows-native-no-gpu", ["WSL2"], []),
    ("template-old-form", SYN_TEMPLATE_OLD_FORM, {}, "windows-native-no-gpu", ["WSL2"], []),
    ("libcuda-vs-kernel", SYN_LIBCUDA_VS_KERNEL, {}, "driver-library-mismatch", ["Reboot"], []),
    ("dll-cudnn8", SYN_DLL_CUDNN8, {}, "windows-cuda-dll-missing", ["cudnn=8.1"], []),
    ("dll-cuda100", SYN_DLL_CUDA100, {}, "windows-cuda-dll-missing", ["10.0", "2.10"], []),
    ("pip-wheels-cusolver", SYN_PIP_WHEELS_CUSOLVER, {}, "missing-library", ["LD_LIBRARY_PATH", "activate"],
     ["2.16.1"]),
    ("states-own-fix", SYN_STATES_FIX, {}, "message-states-fix", ["pip install pydot"], []),
    ("tf1-session", SYN_TF1, {}, "tf1-api-on-tf2", ["compat.v1"], []),
    ("dll-load-failed", SYN_DLL_LOAD, {}, "tf-import-dll-failed", ["Visual C++"], []),
    ("no-avx", SYN_AVX, {}, "cpu-without-avx", ["AVX"], []),
    ("glibcxx", SYN_GLIBCXX, {}, "glibcxx-too-old", ["libstdcxx"], []),
    ("windows-long-paths", SYN_LONG_PATHS, {}, "windows-long-paths", ["LongPathsEnabled"], []),
    ("bare-keras-line", SYN_BARE_KERAS_LINE, {}, "keras3-api-changed", ["tf-keras", "multi_gpu_model"], []),
    ("protobuf-builder", SYN_PROTOBUF_BUILDER, {}, "protobuf-version", ["protobuf"], []),
    ("cudnn-sublib-windows", SYN_CUDNN_SUBLIB_WINDOWS, {}, "missing-library", ["cudnn=8.1"], []),
]

# rules these synthetic logs exercise: tests/test_diagnose.py accepts them in place of a real log until the
# corpus of issue 22 brings one (benchmarks/score_diagnosis.py then judges them on real logs)
SYNTHETIC_RULES = frozenset(c[3] for c in CASES) | {"pip-dependency-conflict", "ptxas-newer-than-driver"}


def ids(findings) -> list[str]:
    return [f.rule_id for f in findings]


@pytest.mark.parametrize("case", CASES, ids=[c[0] for c in CASES])
def test_family_first_finding_and_fix(case):
    _name, text, kwargs, first, must, must_not = case
    found = diagnose(text, lang="en", **kwargs)
    assert found and found[0].rule_id == first, [(f.rank, f.rule_id, f.title) for f in found]
    f = found[0]
    for word in must:
        assert word in f.fix, (word, f.fix)
    for word in must_not:
        assert word not in f.fix, (word, f.fix)
    assert "?" not in f.title, f.title  # every field of the title came from the log
    assert f.evidence and all(e.line >= 1 for e in f.evidence)
    lines = text.split("\n")
    for e in f.evidence:  # the evidence is a real line of the text (prefixes stripped at most)
        assert e.text.strip("…") in lines[e.line - 1], (e.line, e.text)
    zh = diagnose(text, lang="zh_CN", **kwargs)[0]
    assert zh.rule_id == first and any("\u4e00" <= c <= "\u9fff" for c in zh.title + zh.fix)


# --------------------------------------------------------------------------- the decisions behind the families


def test_missing_keras_submodule_is_not_pip_install_keras():
    for text in (SYN_KERAS_ENGINE, SYN_KERAS_SRC_LEGACY):
        assert "python-package-missing" not in ids(diagnose(text))
    # a package that is really missing still is
    assert diagnose("ModuleNotFoundError: No module named 'tf_keras'\n")[0].fix.count("tf-keras") >= 1


def test_keras_decision_follows_the_keras_in_use():
    # the same missing Keras-2 module: on Keras 2 (TF 2.14 read from pip) it is not "install tf-keras"
    text = "Requirement already satisfied: keras in /x/site-packages (2.14.0)\n" + SYN_KERAS_ENGINE
    first = diagnose(text)[0]
    assert first.rule_id == "keras3-needs-tf-keras"  # the module list names Keras-2-only paths
    legacy_on_k3 = SYN_KERAS_SRC_LEGACY.replace("(2.14.0)", "(2.17.0)")
    assert diagnose(legacy_on_k3)[0].rule_id == "keras-too-old-for-library"
    # a generic Keras import error decided by the Keras version and by whose code imports it: on Keras 3 the
    # user's own import is the Keras 3 API change (its fix names the name); a library's import is Keras 2 code
    generic = ("Traceback (most recent call last):\n  File \"a.py\", line 1, in <module>\n"
               "    from keras.utils import multi_gpu_model\n"
               "ImportError: cannot import name 'multi_gpu_model' from 'keras.utils' (/v/site-packages/keras/utils/"
               "__init__.py)\n")
    own = diagnose("tensorflow-2.16.1.dist-info\n" + generic)[0]
    assert own.rule_id == "keras3-api-changed" and "tensorflow.keras.utils import multi_gpu_model" in own.fix
    library = generic.replace('"a.py"', '"/v/site-packages/oldlib/models.py"')
    found = diagnose("tensorflow-2.16.1.dist-info\n" + library)[0]
    assert found.rule_id == "keras3-needs-tf-keras" and "oldlib" in found.fix and "tf-keras" in found.fix
    assert diagnose("tensorflow-2.14.0.dist-info\n" + generic)[0].rule_id == "pinned-package-mismatch"  # Keras 2
    ops = generic.replace("multi_gpu_model", "ops").replace("'keras.utils'", "'keras'")
    assert diagnose("tensorflow-2.13.0.dist-info\n" + ops)[0].rule_id == "keras-too-old-for-library"


def test_pip_version_list_tells_python_and_platform():
    r = diagnose_report(SYN_PIP_OLD_PIN_312)
    f = r.findings[0]
    assert "tensorflow==2.12.0" in f.title and "3.12" in f.fix and "2.16.1" in f.fix
    old_python = SYN_PIP_OLD_PIN_312.replace("2.12.0", "2.17.0").replace(
        "(from versions: 2.16.0rc0, 2.16.1, 2.16.2, 2.17.0rc0, 2.17.0, 2.17.1, 2.18.0)",
        "(from versions: 2.2.0, 2.3.0, 2.12.0, 2.13.0, 2.13.1)")
    assert "3.8" in diagnose(old_python)[0].fix  # the list stops at 2.13: the last TensorFlow for Python 3.8
    none = diagnose(SYN_PIP_NONE_314.replace("Python 3.14.0\n", ""))[0]
    assert "64-bit" in none.fix and "Python 3.14" not in none.fix


def test_pip_conflicts_outside_tensorflow_are_information():
    f = diagnose(SYN_PIP_OTHER)[0]
    assert f.rule_id == "pip-dependency-conflict" and f.severity == "info"
    assert not has_errors(diagnose(SYN_PIP_OTHER))
    # and never outrank a real error
    assert diagnose(SYN_PIP_OTHER + SYN_TF1)[0].rule_id == "tf1-api-on-tf2"


def test_container_explains_the_driver_messages():
    found = diagnose(SYN_DOCKER_CHECK_OK)
    assert found[0].rule_id == "container-no-gpu"
    for f in found[1:]:
        if f.rule_id in ("cuinit-failed", "no-gpu-visible"):
            assert f.symptom_of == "container-no-gpu"
    facts = read_facts(SYN_DOCKER_CHECK_OK)
    assert facts.gpu_check_in_container_ok and "container" in facts.environment
    # a container started without --gpus, no check: the flag is the advice
    no_flag = SYN_DOCKER_CHECK_OK.split("$ docker run -it")[1]
    f = diagnose("$ docker run -it" + no_flag)[0]
    assert f.rule_id == "container-no-gpu" and "started without `--gpus`" in f.fix
    toolkit = 'docker: Error response from daemon: could not select device driver "" with capabilities: [[gpu]].\n'
    assert "nvidia-ctk" in diagnose(toolkit)[0].fix


def test_worker_prefixes_are_stripped_before_matching():
    text, kind = strip_worker_prefixes(SYN_RAY_WORKER)
    assert kind == "ray" and text.count("\n") == SYN_RAY_WORKER.count("\n")
    assert "(pid=" not in text and "\n[]\n" in text
    found = diagnose(SYN_RAY_WORKER)
    cuinit = next(f for f in found if f.rule_id == "cuinit-no-device")
    assert cuinit.symptom_of == "worker-no-gpu-allotted"
    assert cuinit.evidence[0].level == "E" and cuinit.evidence[0].message.startswith("failed call to cuInit")
    srun = "\n".join(f"0: {line}" for line in SYN_LIBCUDA_VS_KERNEL.splitlines()) + "\n"
    assert strip_worker_prefixes(srun)[1] == "srun"
    assert diagnose(srun)[0].rule_id == "driver-library-mismatch"


def test_pinned_package_names_both_versions_and_tfs_range():
    f = diagnose(SYN_ML_DTYPES)[0]
    assert "ml-dtypes 0.2.0" in f.title and "TensorFlow 2.16.1" in f.title
    assert "not your script" in f.explanation
    # without a version in the log: still the family, with a fix that does not invent one
    bare = "AttributeError: module 'ml_dtypes' has no attribute 'float8_e4m3b11fnuz'\n"
    f = diagnose(bare)[0]
    assert f.rule_id == "pinned-package-mismatch" and "==?" not in f.fix and "tensorflow==" not in f.fix


def test_script_errors_still_blame_the_script():
    # a runtime error in the user's code (not an import through TF's stack): python-exception, as before
    text = ("Traceback (most recent call last):\n  File \"train.py\", line 9, in <module>\n    model.fit(x, y)\n"
            "ValueError: Input 0 of layer \"dense\" is incompatible with the layer: expected axis -1 of input shape "
            "to have value 784, but received input with shape (None, 28, 28)\n")
    assert ids(diagnose(text)) == ["python-exception"]


def test_messages_that_state_a_fix_only_from_error_lines():
    # TensorFlow's own informational lines name environment variables: not findings
    info = ("I0000 00:00:1.0  1 port.cc:153] oneDNN custom operations are on. To turn them off, set the "
            "environment variable `TF_ENABLE_ONEDNN_OPTS=0`.\n")
    assert "message-states-fix" not in ids(diagnose(info))
    f = diagnose(SYN_STATES_FIX)[0]
    assert f.title.endswith("pip install pydot") and "python -m pip" in f.fix


def test_windows_template_needs_windows_and_a_new_tensorflow():
    assert diagnose(SYN_TEMPLATE_WINDOWS.replace("2.17.0", "2.10.1")) == [] or diagnose(
        SYN_TEMPLATE_WINDOWS.replace("2.17.0", "2.10.1"))[0].rule_id != "windows-native-no-gpu"
    wsl = SYN_TEMPLATE_WINDOWS.replace("Windows 11 Pro 23H2", "Windows 11 with WSL2 Ubuntu 22.04")
    assert "windows-native-no-gpu" not in ids(diagnose(wsl))
    facts = read_facts(SYN_TEMPLATE_OLD_FORM)
    assert facts.template["tf_version"] == "2.13.0" and facts.platform == "windows"
    assert facts.python_version == "3.10" and facts.cuda_version == "11.8"


def test_libcuda_and_kernel_versions_compared():
    f = diagnose(SYN_LIBCUDA_VS_KERNEL)[0]
    assert f.rule_id == "driver-library-mismatch"
    same = SYN_LIBCUDA_VS_KERNEL.replace("550.90.7", "535.183.1")
    assert "driver-library-mismatch" not in ids(diagnose(same))


def test_h200_case_names_the_library_and_the_path_not_the_install():
    # the recorded H200 log (TF 2.21 from the app's own pip plan, venv not activated) and verify's context
    from pathlib import Path

    from tfgpu_wizard.core.diagnose.engine import decode_log

    raw = (Path(__file__).parent / "fixtures" / "logs" / "h200_tf221_pip_cusolver_vlog1.log").read_bytes()
    f = diagnose(decode_log(raw), platform="linux", tf_version="2.21.0")[0]
    assert f.rule_id == "missing-library" and "libcusolver.so.11" in f.title
    assert f.fix.startswith("Other CUDA libraries opened") and "nvidia.__path__" in f.fix
    assert "installing again changes nothing" in f.fix
    # verify knows the wheels are there even when the log shows no other library opening
    bare = ("W0000 00:00:1.0  1 gpu_device.cc:2343] Could not load dynamic library 'libcusolver.so.11'; dlerror: "
            "libcusolver.so.11: cannot open shared object file: No such file or directory\n")
    plain = diagnose(bare, platform="linux", tf_version="2.21.0")[0].fix
    assert "Easiest" in plain and "libcusolver.so.11" in plain  # the library to make loadable, then how
    assert diagnose(bare, platform="linux", context={"tf_version": "2.21.0", "pip_cuda_wheels": True})[
        0].fix.startswith("Other CUDA libraries opened")


def test_root_cause_before_its_consequences():
    found = diagnose(SYN_DLL_CUDNN8)
    assert ids(found)[:3] == ["windows-cuda-dll-missing", "missing-library", "dlopen-failed"]
    assert all(f.symptom_of == "windows-cuda-dll-missing" for f in found[1:3])
    found = diagnose(SYN_PIP_WHEELS_CUSOLVER)
    assert found[0].rule_id == "missing-library"
    assert {f.rule_id: f.symptom_of for f in found}["dlopen-failed"] == "missing-library"


# --------------------------------------------------------------------------- severity from the host's facts

CPU_HOST_LOG = """\
2026-12-01 10:00:00.000000: I external/local_xla/xla/tsl/cuda/cudart_stub.cc:32] Could not find cuda drivers on your machine, GPU will not be used.
E0000 00:00:1796298642.823969    3238 cuda_executor.cc:1309] failed call to cuInit: INTERNAL: CUDA error: Failed call to cuInit: UNKNOWN ERROR (303)
[]
"""


@pytest.mark.parametrize("ctx", [{"host_fact": "no-nvidia-gpu"}, {"host_fact": "no-driver"}, {"expect_cpu": True}])
def test_no_gpu_host_makes_cuda_messages_information(ctx):
    found = diagnose(CPU_HOST_LOG, platform="linux", context=ctx)
    assert found and all(f.severity in ("info", "harmless") for f in found), [(f.rule_id, f.severity) for f in found]
    assert not has_errors(found)
    f = next(f for f in found if f.rule_id == "cuda-drivers-not-found")
    assert f.fix.startswith("Nothing to fix on this computer")
    text = format_findings(found, lang="en")
    assert "[INFO]" in text and "[ERROR]" not in text
    assert "[信息]" in format_findings(diagnose(CPU_HOST_LOG, context=ctx, lang="zh_CN"), lang="zh_CN")
    # a real error on such a host still is one, and comes first
    found = diagnose(CPU_HOST_LOG + SYN_TF1, platform="linux", context=ctx)
    assert found[0].rule_id == "tf1-api-on-tf2" and found[0].severity == "error"


def test_without_host_facts_the_same_lines_are_errors():
    found = diagnose(CPU_HOST_LOG, platform="linux")
    assert has_errors(found) and found[0].severity == "error"
    # a host with an NVIDIA GPU but no driver: the driver is the root (unchanged)
    assert diagnose(CPU_HOST_LOG, platform="linux", context={"host_fact": "driver-missing"})[
        0].rule_id == "driver-not-loaded"


def test_diagnosis_context_passes_the_host_fact_and_expect_cpu():
    import sys

    from tfgpu_wizard.core.diagnose.verdict import diagnosis_context
    from tfgpu_wizard.core.setup.host_model import DriverInfo, HostReport, OSInfo, PythonInfo

    host = HostReport(os=OSInfo(system="linux"), python=PythonInfo(executable=sys.executable, version="3.11.7"),
                      driver=DriverInfo(present=False, nvidia_pci_gpus=0))
    ctx = diagnosis_context({"tensorflow": {"version": "2.21.0"}, "gpus": []}, host)
    assert ctx["host_fact"] == "no-nvidia-gpu"
    assert not has_errors(diagnose(CPU_HOST_LOG, context=ctx))
    cpu_plan = diagnosis_context({"tensorflow": {"version": "2.21.0"}, "gpus": []}, None, expect_cpu=True)
    assert cpu_plan["expect_cpu"] is True and not has_errors(diagnose(CPU_HOST_LOG, context=cpu_plan))
    wheels = diagnosis_context({"tensorflow": {"version": "2.21.0"}, "gpus": [],
                                "nvidia_wheels": {"packages": {"nvidia-cusolver-cu12": "11.7.5.82"}, "lib_dirs": []}})
    assert wheels["pip_cuda_wheels"] is True


def test_container_with_gpus_is_not_blamed_for_an_old_driver():
    text = ("$ docker run --gpus all -it tensorflow/tensorflow:2.17.0-gpu python train.py\n"
            "2024-09-01 10:00:00.000000: W tensorflow/core/common_runtime/gpu/gpu_device.cc:2343] "
            "CUDA driver version is insufficient for CUDA runtime version\n")
    found = diagnose(text)
    assert found[0].rule_id == "driver-too-old" and "container-no-gpu" not in ids(found)


def test_a_pip_warning_before_a_gpu_error_is_information():
    found = diagnose(SYN_PIP_PIN + SYN_PIP_WHEELS_CUSOLVER)
    assert found[0].rule_id == "missing-library"
    conflict = next(f for f in found if f.rule_id == "pip-dependency-conflict")
    assert conflict.severity == "info" and conflict.rank > found[0].rank
    # the same warning before a Keras import error is that error's root: TF 2.15 wants Keras 2
    keras_err = ("Traceback (most recent call last):\n  File \"a.py\", line 1, in <module>\n"
                 "    from keras.engine import data_adapter\n"
                 "ModuleNotFoundError: No module named 'keras.engine'\n")
    found = diagnose(SYN_PIP_PIN + keras_err)
    assert found[0].rule_id == "pip-dependency-conflict" and 'keras<2.16,>=2.15.0' in found[0].fix
    assert next(f for f in found if f.rule_id == "keras3-needs-tf-keras").symptom_of == "pip-dependency-conflict"


# --------------------------------------------------------------------------- phase 2: the families the corpus showed
# (logs written for these tests in the formats pip, uv, conda, XLA, Keras 3 and the notebooks print)

SYN_CAUSED_BY = """\
ERROR: Cannot install -r requirements.txt (line 3) and tf-keras==2.14.1 because these package versions have conflicting dependencies.

The conflict is caused by:
    The user requested tf-keras==2.14.1
    tensorflow 2.16.2 depends on tf-keras<2.17 and >=2.16.0

ERROR: ResolutionImpossible: for help visit https://pip.pypa.io/en/latest/topics/dependency-resolution/
"""

SYN_UV_ABI = """\
  x No solution found when resolving dependencies for split (python_full_version >= '3.13'):
error: Distribution tensorflow==2.17.1 @ registry+https://pypi.org/simple can't be installed because it doesn't have a source distribution or wheel for the current platform hint: You're using CPython 3.13 (cp313), but tensorflow (v2.17.1) only has wheels with the following Python ABI tags: cp39, cp310, cp311, cp312
"""

SYN_CONDA_GPU = """\
PackagesNotFoundError: The following packages are not available from current channels:

  - tensorflow-gpu=2.15

Current channels:
"""

SYN_PIP_ENV_VAR = "ERROR: No matching distribution found for TF_USE_LEGACY_KERAS=1\n"

SYN_GPU_STUB = """\
Collecting tensorflow-gpu>=2.0
  Downloading tensorflow_gpu-2.12.0.tar.gz (2.6 kB)
  Preparing metadata (setup.py) ... error
error: metadata-generation-failed
"""

SYN_PTXAS_OLD = """\
2025-02-02 08:00:00.000000: W external/local_xla/xla/stream_executor/cuda/ptx_compiler_helpers.cc:49] ptxas fatal   : Value 'sm_90' is not defined for option 'gpu-name'
"""

SYN_COLAB_NO_GPU = """\
Traceback (most recent call last):
  File "/content/train.py", line 6, in <module>
    assert tf.config.list_physical_devices('GPU'), "GPU device not found"
AssertionError: GPU device not found
"""

SYN_DEVICE_LIB_WINDOWS = """\
>>> from tensorflow.python.client import device_lib; print(device_lib.list_local_devices())
[name: "/device:CPU:0"
device_type: "CPU"
memory_limit: 268435456
]
"""

SYN_BUILT_WITHOUT_CUDA = """\
>>> tf.test.is_built_with_cuda()
False
"""

SYN_KERAS3_KWARG = """\
Traceback (most recent call last):
  File "fit.py", line 20, in <module>
    model.fit(train_ds, epochs=3, workers=4, use_multiprocessing=True)
TypeError: TensorFlowTrainer.fit() got an unexpected keyword argument 'workers'
"""

SYN_WEIGHTS_NAME = """\
  File "cb.py", line 8, in <module>
    ckpt = keras.callbacks.ModelCheckpoint("best.h5", save_weights_only=True)
ValueError: When using `save_weights_only=True` in `ModelCheckpoint`, the filepath provided must end in `.weights.h5` (Keras weights format). Received: filepath=best.h5
"""

SYN_LSO_KWARG = """\
  File "amp.py", line 12, in <module>
    opt = mixed_precision.LossScaleOptimizer(opt, dynamic=True)
TypeError: LossScaleOptimizer.__init__() got an unexpected keyword argument 'dynamic'
"""

SYN_OOM_FRAGMENTED = """\
2025-03-03 09:00:00.000000: W external/local_xla/xla/tsl/framework/bfc_allocator.cc:497] Allocator (GPU_0_bfc) ran out of memory trying to allocate 2.00GiB (rounded to 2147483648)requested by op Conv2D
If the cause is memory fragmentation maybe the environment variable 'TF_GPU_ALLOCATOR=cuda_malloc_async' will improve the situation.
"""

SYN_BFC_NOT_FAILURE = """\
2025-03-03 09:00:00.000000: W tensorflow/core/common_runtime/bfc_allocator.cc:290] Allocator (GPU_0_bfc) ran out of memory trying to allocate 3.10GiB with freed_by_count=0. The caller indicates that this is not a failure, but this may mean that there could be performance gains if more memory were available.
Epoch 2/10
"""

SYN_CTX_OOM = """\
2025-03-03 09:00:00.000000: E tensorflow/compiler/xla/stream_executor/cuda/cuda_driver.cc:268] failed call to cuDevicePrimaryCtxRetain: CUDA_ERROR_OUT_OF_MEMORY: out of memory; total memory reported: 25769803776
"""

SYN_TFIO_WRAPPED = """\
/home/ada/.venv/lib/python3.12/site-packages/tensorflow_io/python/ops/__init__.py:98: UserWarning: unable to load libtensorflow_io_plugins.so: unable to open file: libtensorflow_io_plugins.so, from paths: ['/home/ada/.venv/lib/python3.12/site-packages/tensorflow_io/python/ops/libtensorflow_io_plugins.so']
caused by: ['/home/ada/.venv/lib/python3.12/site-packages/tensorflow_io/python/ops/libtensorflow_io_plugins.so:
undefined symbol: _ZN3tsl6StatusC1Ev']
"""

SYN_CUDNN_NEWER = """\
E tensorflow/stream_executor/cuda/cuda_dnn.cc:361] Loaded runtime CuDNN library: 8005 (compatibility version 8000) but source was compiled with 7603 (compatibility version 7600).
"""

SYN_DPKG_MISMATCH = """\
$ cat /proc/driver/nvidia/version
NVRM version: NVIDIA UNIX x86_64 Kernel Module  550.54.14  Thu Feb 22 01:44:30 UTC 2024
$ dpkg -l | grep nvidia-utils
ii  nvidia-utils-550    550.90.07-0ubuntu1   amd64   NVIDIA driver support binaries
"""

SYN_SHAPES = "ValueError: Shapes (None, 10) and (None, 1) are incompatible\n"

SYN_DTYPE = ("ValueError: Failed to convert a NumPy array to a Tensor (Unsupported object type float).\n")

SYN_H5PY_DECODE = """\
Traceback (most recent call last):
  File "load.py", line 3, in <module>
    model = load_model("old.h5")
  File "/env/lib/python3.7/site-packages/tensorflow/python/keras/saving/hdf5_format.py", line 176, in load_model_from_hdf5
    model_config = json.loads(model_config.decode('utf-8'))
AttributeError: 'str' object has no attribute 'decode'
"""

SYN_DST_TENSOR = ("InternalError: Failed copying input tensor from /job:localhost/replica:0/task:0/device:CPU:0 to "
                  "/job:localhost/replica:0/task:0/device:GPU:0 in order to run _EagerConst: Dst tensor is not "
                  "initialized.\n")

SYN_NUMPY_RAM = "numpy.core._exceptions._ArrayMemoryError: Unable to allocate 37.3 GiB for an array with shape (50000, 224, 224, 3) and data type float32\n"

SYN_KERAS3_FILE_IN_KERAS2 = ("TypeError: Error when deserializing class 'InputLayer' using config={'batch_shape': "
                             "[None, 28, 28], 'dtype': 'float32'}.\n\nException encountered: Unrecognized keyword "
                             "arguments: ['batch_shape']\n")

SYN_PTXAS_NEWER = """\
W0000 00:00:1735000000.000000  4242 nvptx_compiler.cc:930] The NVIDIA driver's CUDA version is 12.2 which is older than the PTX compiler version 12.5.82. Because the driver is older than the PTX compiler version, XLA is disabling parallel compilation, which may slow down compilation.
"""

CASES2: list[tuple[str, str, dict, str, list[str], list[str]]] = [
    ("pip-caused-by", SYN_CAUSED_BY, {}, "pip-dependency-conflict", ["tf-keras<2.17,>=2.16.0", "tensorflow"], []),
    ("uv-abi-tags", SYN_UV_ABI, {}, "pip-no-matching-distribution", ["3.12", "uv venv"], []),
    ("conda-gpu-package", SYN_CONDA_GPU, {}, "pip-no-matching-distribution", ["WSL2"], []),
    ("pip-env-var", SYN_PIP_ENV_VAR, {}, "keras3-needs-tf-keras", ["environment variable", "tf-keras"], []),
    ("tensorflow-gpu-stub", SYN_GPU_STUB, {}, "tensorflow-gpu-removed", ["pip install tensorflow"], []),
    ("ptxas-sm90", SYN_PTXAS_OLD, {}, "ptxas-too-old", ["nvidia-cuda-nvcc-cu12", "PATH"], []),
    ("colab-no-gpu", SYN_COLAB_NO_GPU, {}, "notebook-runtime-no-gpu", ["Change runtime type"], ["reinstall"]),
    ("device-lib-windows", SYN_DEVICE_LIB_WINDOWS, {"platform": "windows", "tf_version": "2.13.0"},
     "windows-native-no-gpu", ["WSL2"], []),
    ("built-without-cuda", SYN_BUILT_WITHOUT_CUDA, {"platform": "linux"}, "no-gpu-visible",
     ["CPU-only", "tensorflow[and-cuda]"], []),
    ("keras3-fit-workers", SYN_KERAS3_KWARG, {}, "keras3-api-changed", ["workers"], []),
    ("keras3-weights-name", SYN_WEIGHTS_NAME, {}, "keras3-api-changed", [".weights.h5"], []),
    ("keras3-lso-kwarg", SYN_LSO_KWARG, {}, "keras3-api-changed", ["scale_loss", "dynamic_scale"], []),
    ("oom-fragmented", SYN_OOM_FRAGMENTED, {}, "out-of-memory", ["TF_GPU_ALLOCATOR=cuda_malloc_async"], []),
    ("ctx-retain-oom", SYN_CTX_OOM, {}, "gpu-memory-taken", ["nvidia-smi"], ["smaller batch"]),
    ("tfio-symbol-wrapped", SYN_TFIO_WRAPPED, {}, "pinned-package-mismatch", ["tensorflow-io"], []),
    ("cudnn-newer-than-tf", SYN_CUDNN_NEWER, {}, "cudnn-version-mismatch", ["activate", "tensorflow-gpu"], []),
    ("kernel-vs-userspace", SYN_DPKG_MISMATCH, {}, "driver-library-mismatch", ["Reboot"], []),
    ("shapes", SYN_SHAPES, {}, "python-exception", ["categorical_crossentropy"], ["driver", "CUDA"]),
    ("dtype", SYN_DTYPE, {}, "python-exception", ["astype"], ["driver", "CUDA"]),
    ("h5py-decode", SYN_H5PY_DECODE, {}, "pinned-package-mismatch", ["h5py"], []),
    ("dst-tensor", SYN_DST_TENSOR, {}, "out-of-memory", ["batch"], []),
    ("numpy-ram", SYN_NUMPY_RAM, {}, "oom-on-cpu", ["batches"], []),
    ("keras3-file-in-keras2", SYN_KERAS3_FILE_IN_KERAS2, {}, "keras-too-old-for-library", ["2.16"], []),
]


@pytest.mark.parametrize("case", CASES2, ids=[c[0] for c in CASES2])
def test_phase2_family_first_finding_and_fix(case):
    test_family_first_finding_and_fix(case)


def test_harmless_allocator_and_ptxas_notes():
    for text, rule in ((SYN_BFC_NOT_FAILURE, "bfc-not-a-failure"), (SYN_PTXAS_NEWER, "ptxas-newer-than-driver")):
        found = diagnose(text)
        assert found[0].rule_id == "only-harmless-lines" and rule in ids(found)
        assert not has_errors(found)
    # a real allocation failure next to the harmless note is still one
    assert diagnose(SYN_BFC_NOT_FAILURE + SYN_OOM_FRAGMENTED)[0].rule_id == "out-of-memory"


def test_pip_facts_of_other_installers():
    r = diagnose_report(SYN_UV_ABI)
    nm = r.facts.pip_no_match[0]
    assert nm.package == "tensorflow" and nm.python == "3.13" and nm.abi_tags[-1] == "cp312"
    assert "3.9, 3.10, 3.11, 3.12" in r.findings[0].fix
    conda = diagnose_report(SYN_CONDA_GPU).facts.pip_no_match[0]
    assert conda.package == "tensorflow-gpu" and conda.wanted == "2.15"
    caused = diagnose_report(SYN_CAUSED_BY).facts.pip_conflicts
    assert [(c.package, c.requires) for c in caused] == [
        ("the user", "tf-keras==2.14.1"), ("tensorflow", "tf-keras<2.17,>=2.16.0")]


def test_notebook_is_not_said_when_a_library_is_the_cause():
    # a Colab traceback whose CUDA library does not load: the library is the cause, not the runtime type
    text = SYN_COLAB_NO_GPU + ("2025-01-01 00:00:00.000000: W tensorflow/core/common_runtime/gpu/gpu_device.cc:2256] "
                               "Cannot dlopen some GPU libraries. Please make sure the missing libraries mentioned "
                               "above are installed properly.\n")
    assert diagnose(text)[0].rule_id == "dlopen-failed"
    # a notebook on a Windows computer is that computer, not a hosted runtime
    local = SYN_COLAB_NO_GPU.replace("/content/train.py", "C:\\\\Users\\\\ana\\\\train.py").replace(
        "File \"C", "File \"<ipython-input-3-1>\" C")
    assert "notebook-runtime-no-gpu" not in ids(diagnose(local + "Cell In[3], line 1\n"))


def test_whose_code_decides_between_the_keras3_classes():
    # the user's import of a name Keras 3 moved: the Keras 3 spelling; private names: Keras 2 internals
    internal = "AttributeError: module 'keras._tf_keras.keras' has no attribute '__internal__'\n"
    assert diagnose(internal)[0].rule_id == "keras3-needs-tf-keras"
    assert diagnose("ModuleNotFoundError: No module named 'keras.src'\n")[0].rule_id == "keras-too-old-for-library"


SYN_MP_COUNT = ("2020-05-01 10:00:00.000000: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1700] Ignoring visible "
                "gpu device (device: 0, name: GeForce GT 610, pci bus id: 0000:01:00.0, compute capability: 3.5) with "
                "Cuda multiprocessor count: 1. The minimum required count is 8. You can adjust this requirement with "
                "the env var TF_MIN_GPU_MULTIPROCESSOR_COUNT.\n")
SYN_OLD_CC_JIT = ("2024-06-01 10:00:00.000000: W tensorflow/core/common_runtime/gpu/gpu_device.cc:2211] TensorFlow was "
                  "not built with CUDA kernel binaries compatible with compute capability 5.2. CUDA kernels will be "
                  "jit-compiled from PTX, which could take 30 minutes or longer.\n")
SYN_PTXAS_WARNING = ("W tensorflow/compiler/xla/service/gpu/nvptx_compiler.cc:500] *** WARNING *** You are using ptxas "
                     "10.2.89, which is older than 11.1. ptxas before 11.1 is known to miscompile XLA code.\n")
SYN_LABEL_RANGE = ("tensorflow.python.framework.errors_impl.InvalidArgumentError: Graph execution error:\n\n"
                   "Received a label value of 5 which is outside the valid range of [0, 5).  Label values: 1 5 0\n")
SYN_TF_INTERNAL = ("ImportError: cannot import name 'type_spec_registry' from 'tensorflow.python.framework' "
                   "(/srv/env/lib/python3.11/site-packages/tensorflow/python/framework/__init__.py)\n")
SYN_NUMPY_ALIAS = ("Traceback (most recent call last):\n  File \"/srv/env/lib/python3.9/site-packages/tensorflow/python/"
                   "framework/dtypes.py\", line 585, in <module>\n    np.object: types_pb2.DT_STRING,\n"
                   "AttributeError: module 'numpy' has no attribute 'object'.\n")
SYN_PIP_YOULL = ("ERROR: tensorflow 2.3.1 has requirement numpy<1.19.0,>=1.16.0, but you'll have numpy 1.19.4 which is "
                 "incompatible.\n")
SYN_UV_BECAUSE = ("  x No solution found when resolving dependencies:\n  `-> Because tensorflow==2.15.1 depends on "
                  "numpy>=1.23.5,<2.0.0 and you require numpy>=2.1, we can conclude that your requirements are "
                  "unsatisfiable.\n")
SYN_TFLITE_K3 = ("  File \"convert.py\", line 4, in <module>\n    converter = tf.lite.TFLiteConverter.from_keras_model(m)\n"
                 "AttributeError: 'Functional' object has no attribute '_get_save_spec'\n")
SYN_TF1_BACKEND = "AttributeError: module 'keras.api._v2.keras.backend' has no attribute 'get_session'\n"

CASES3: list[tuple[str, str, dict, str, list[str], list[str]]] = [
    ("gpu-multiprocessors", SYN_MP_COUNT, {}, "gpu-too-old", ["TF_MIN_GPU_MULTIPROCESSOR_COUNT=1"], []),
    ("old-card-no-kernels", SYN_OLD_CC_JIT, {}, "gpu-too-old", ["5.2"], ["newest"]),
    ("ptxas-older-warning", SYN_PTXAS_WARNING, {}, "ptxas-too-old", ["ptxas"], []),
    ("label-range", SYN_LABEL_RANGE, {}, "python-exception", ["number of classes"], ["driver"]),
    ("tf-internal-import", SYN_TF_INTERNAL, {}, "pinned-package-mismatch", ["pip check", "tf-keras"], []),
    ("numpy-alias", SYN_NUMPY_ALIAS, {}, "pinned-package-mismatch", ["numpy<1.24"], []),
    ("pip-youll-have", SYN_PIP_YOULL, {}, "pip-dependency-conflict", ["numpy<1.19.0,>=1.16.0"], []),
    ("uv-because", SYN_UV_BECAUSE, {}, "pip-dependency-conflict", ["numpy>=1.23.5,<2.0.0", "numpy>=2.1"], []),
    ("tflite-keras3", SYN_TFLITE_K3, {}, "keras3-api-changed", ["from_saved_model", "model.export"], []),
    ("tf1-keras-backend", SYN_TF1_BACKEND, {}, "tf1-api-on-tf2", ["compat.v1"], []),
    ("cuda9-soname", "ImportError: libcufft.so.9.0: cannot open shared object file: No such file or directory\n",
     {"platform": "linux"}, "missing-library", ["CUDA 9.0", "LD_LIBRARY_PATH"], []),
    ("numpy-symbolic-tensor", "NotImplementedError: Cannot convert a symbolic Tensor (gru/strided_slice:0) to a numpy "
     "array.\n", {}, "pinned-package-mismatch", ["numpy<1.20"], []),
    ("keras-lr-warning", "WARNING:absl:`lr` is deprecated in Keras optimizer, please use `learning_rate`.\n", {},
     "keras3-api-changed", ["learning_rate"], []),
]


@pytest.mark.parametrize("case", CASES3, ids=[c[0] for c in CASES3])
def test_phase2_more_forms_of_the_families(case):
    test_family_first_finding_and_fix(case)


def test_an_error_that_stopped_the_program_comes_before_the_gpu_it_went_on_without():
    # a machine without a usable GPU prints its start-up lines, TensorFlow goes on on the CPU, then Keras stops it
    text = ("2025-01-01 10:00:00.000000: E external/local_xla/xla/stream_executor/cuda/cuda_driver.cc:152] failed call "
            "to cuInit: UNKNOWN ERROR (303)\n" + SYN_KERAS_ENGINE)
    found = diagnose(text)
    assert ids(found)[:2] == ["keras3-needs-tf-keras", "cuinit-failed"]
    # the same lines after the error (another run pasted below it) are not read as "went on"
    assert diagnose(SYN_KERAS_ENGINE + text.splitlines()[0] + "\n")[0].rule_id == "cuinit-failed"


def test_notebook_tracebacks_are_read_with_their_frames():
    text = ("---------------------------------------------------------------------------\n"
            "ImportError                               Traceback (most recent call last)\n"
            "Cell In[2], line 1\n----> 1 import tensorflow as tf\n\n"
            "File ~/envs/k/lib/python3.11/site-packages/tensorflow/__init__.py:37\n"
            "     35 import typing as _typing\n---> 37 from tensorflow.python.tools import module_util\n\n"
            "File ~/envs/k/lib/python3.11/site-packages/ml_dtypes/__init__.py:28\n"
            "---> 28 from ml_dtypes._finfo import finfo\n\n"
            "ImportError: cannot import name 'float8_e3m4' from 'ml_dtypes._ml_dtypes_ext'\n")
    from tfgpu_wizard.core.diagnose.scan import tracebacks

    tb = tracebacks(text)[0]
    assert tb.exception.startswith("ImportError: cannot import") and len(tb.frames) == 3
    assert tb.frames[1][1] == "<module>" and tb.frames[0][2] == "import tensorflow as tf"
    f = diagnose(text)[0]
    assert f.rule_id == "pinned-package-mismatch" and "ml-dtypes" in f.fix


def test_pip_names_every_requirement_not_met_and_missing_ones():
    text = ("ERROR: pip's dependency resolver does not currently take into account all the packages that are "
            "installed. This behaviour is the source of the following dependency conflicts.\n"
            "tensorflow 2.15.1 requires ml-dtypes~=0.3.1, which is not installed.\n"
            "tensorflow 2.15.1 requires wrapt<1.15,>=1.11.0, but you have wrapt 1.16.0 which is incompatible.\n"
            "tensorflow-addons 0.22.0 requires typeguard<3.0.0,>=2.7, but you have typeguard 4.2.1 which is "
            "incompatible.\n")
    f = diagnose(text)[0]
    assert f.rule_id == "pip-dependency-conflict" and f.severity == "error"
    assert '"wrapt<1.15,>=1.11.0" "ml-dtypes~=0.3.1"' in f.fix or '"ml-dtypes~=0.3.1" "wrapt<1.15,>=1.11.0"' in f.fix
    # a conflict among TensorFlow's companions alone is TensorFlow's business too
    addons = diagnose(text.splitlines()[0] + "\n" + text.splitlines()[-1] + "\n")[0]
    assert addons.rule_id == "pip-dependency-conflict" and addons.severity == "error"


def test_requires_python_and_conda_solvers():
    wrong_py = "ERROR: Package 'tensorflow-io-gcs-filesystem' requires a different Python: 3.7.9 not in '>=3.8'\n"
    f = diagnose(wrong_py)[0]
    assert f.rule_id == "pip-no-matching-distribution" and ">=3.8" in f.fix and "3.7" in f.fix
    mamba = ("LibMambaUnsatisfiableError: Encountered problems while solving:\n  - package "
             "tensorflow-2.10.0-cpu_py310h0a1b2c3 requires python >=3.10,<3.11.0a0, but none of the providers can be "
             "installed\n")
    f = diagnose(mamba)[0]
    assert f.rule_id == "pip-dependency-conflict" and "Python >=3.10,<3.11.0a0" in f.fix and "?" not in f.title


# --------------------------------------------------------------------------- phase 3 (issue 22): synthetic logs

SYN3_RESOLVER_EXTRAS = """\
ERROR: Cannot install tensorflow[and-cuda]==2.16.1 and torch==2.3.0 because these package versions have conflicting dependencies.

The conflict is caused by:
    tensorflow[and-cuda] 2.16.1 depends on nvidia-cudnn-cu12==8.9.7.29; extra == "and-cuda"
    torch 2.3.0 depends on nvidia-cudnn-cu12==8.9.2.26; platform_system == "Linux" and platform_machine == "x86_64"

ERROR: ResolutionImpossible: for help visit https://pip.pypa.io/en/latest/topics/dependency-resolution/#dealing-with-dependency-conflicts
"""
SYN3_UV_ONLY = """\
  × No solution found when resolving dependencies:
  ╰─▶ Because only tensorflow<=2.16.1 is available and tensorflow==2.16.1 depends on numpy>=1.23.5,<2.0.0, we can conclude that tensorflow>=2.16.1 depends on numpy>=1.23.5,<2.0.0.
      And because you require numpy>=2 and tensorflow>=2.16.1, we can conclude that your requirements are unsatisfiable.
"""
SYN3_POETRY = """\
Because tensorflow (2.13.0) depends on typing-extensions (>=3.6.6,<4.6.0)
 and pydantic (2.0) depends on typing-extensions (>=4.6.1), tensorflow (2.13.0) is incompatible with pydantic (2.0).
And because your project depends on both tensorflow (2.13.0) and pydantic (2.0), version solving failed.
"""
SYN3_CONDA_PYTHON = """\
UnsatisfiableError: The following specifications were found
to be incompatible with the existing python installation in your environment:

Specifications:

  - tensorflow-gpu -> python[version='>=3.6,<3.7.0a0|>=3.7,<3.8.0a0']

Your python: python=3.11
"""
SYN3_MAMBA_TREE = """\
Could not solve for environment specs
The following packages are incompatible
├─ python 3.12**  is requested and can be installed;
└─ tensorflow 2.10**  is not installable because it requires
   └─ python >=3.10,<3.11.0a0 *, which conflicts with any installable versions previously reported.
"""
SYN3_CONDA_CUDA = """\
Encountered problems while solving:
  - nothing provides __cuda needed by tensorflow-2.11.0-cuda112py310h0123456_0
"""
SYN3_PKG_RESOURCES = ("pkg_resources.ContextualVersionConflict: (numpy 1.24.0 (/opt/env/lib/python3.9/site-packages), "
                      "Requirement.parse('numpy~=1.19.2'), {'tensorflow'})\n")
SYN3_RUNTIME_CHECK = ("ImportError: tokenizers>=0.11.1,!=0.11.3,<0.14 is required for a normal functioning of this "
                      "module, but found tokenizers==0.14.0.\n")
SYN3_PIP_NO_DIST = """\
ERROR: Cannot install tensorflow==2.13.0 because these package versions have conflicting dependencies.

The conflict is caused by:
    tensorflow 2.13.0 depends on tensorflow-intel==2.13.0; platform_system == "Windows"

Additionally, some packages in these conflicts have no matching distributions available for your environment:
    tensorflow-intel
"""
SYN3_COMPANION = """\
ERROR: pip's dependency resolver does not currently take into account all the packages that are installed. This behaviour is the source of the following dependency conflicts.
hosted-notebook 1.0.0 requires pandas==2.2.2, but you have pandas 2.2.3 which is incompatible.
tensorflow-text 2.17.0 requires tensorflow<2.18,>=2.17.0, but you have tensorflow 2.18.0 which is incompatible.
"""
SYN3_KERAS_IMPORTS_TF_INTERNAL = """\
Traceback (most recent call last):
  File "/srv/app/run.py", line 2, in <module>
    import tensorflow as tf
  File "/srv/env/lib/python3.10/site-packages/tensorflow/__init__.py", line 48, in <module>
    from ._api.v2 import __internal__
  File "/srv/env/lib/python3.10/site-packages/keras/src/saving/legacy/serialization.py", line 24, in <module>
    from tensorflow.python.util import tf_export
AttributeError: module 'tensorflow.compat.v2.__internal__' has no attribute 'register_load_context_function'
"""
SYN3_JAXLIB = """\
Traceback (most recent call last):
  File "/srv/app/train.py", line 2, in <module>
    import jax
  File "/srv/env/lib/python3.10/site-packages/jax/_src/lib/__init__.py", line 84, in <module>
    _check_jaxlib_version(
RuntimeError: jaxlib version 0.4.23 is newer than and incompatible with jax version 0.4.20. Please update your jax and/or jaxlib packages.
"""
SYN3_NP_FLOAT = "AttributeError: `np.float_` was removed in the NumPy 2.0 release. Use `np.float64` instead.\n"
SYN3_LOCALLY = "AttributeError: module 'keras._tf_keras.keras.layers' has no attribute 'LocallyConnected2D'\n"
SYN3_NP_UTILS = """\
Traceback (most recent call last):
  File "/home/ana/mnist.py", line 5, in <module>
    from keras.utils import np_utils
ImportError: cannot import name 'np_utils' from 'keras.utils' (/home/ana/env/lib/python3.11/site-packages/keras/utils/__init__.py)
"""
SYN3_ADD_WEIGHT = ("ValueError: Cannot convert '('k', 'e', 'r', 'n', 'e', 'l')' to a shape. Found invalid entry 'k' of "
                   "type '<class 'str'>'.\n")
SYN3_LIBRARY_API = """\
Traceback (most recent call last):
  File "/home/ana/bin/train_tool", line 8, in <module>
    main()
  File "/home/ana/env/lib/python3.11/site-packages/sometool/train.py", line 40, in main
    ModelCheckpoint(out + "/weights.h5")
  File "/home/ana/env/lib/python3.11/site-packages/keras/src/callbacks/model_checkpoint.py", line 191, in __init__
    raise ValueError(
ValueError: The filepath provided must end in `.keras` (Keras model format). Received: filepath=out/weights.h5
"""
SYN3_OUTPUT_SHAPE = """\
Traceback (most recent call last):
  File "/home/ana/summary.py", line 14, in <module>
    print(model.layers[0].output_shape)
AttributeError: 'Dense' object has no attribute 'output_shape'
"""
SYN3_EAGER_OOM = ("tensorflow.python.framework.errors_impl.ResourceExhaustedError: {{function_node __wrapped__AddV2_"
                  "device_/job:localhost/replica:0/task:0/device:GPU:0}} failed to allocate memory [Op:AddV2]\n")
SYN3_KILLED = "Epoch 1/20\n 120/938 [==>...........................] - ETA: 3:01 - loss: 0.4102Killed\n"
SYN3_RUNTIME_OOM = ("tensorflow.python.framework.errors_impl.InternalError: CUDA runtime implicit initialization on "
                    "GPU:0 failed. Status: out of memory\n")
SYN3_PTXAS_EXIT = ("2021-02-01 10:00:00.000000: W tensorflow/stream_executor/gpu/redzone_allocator.cc:314] Internal: "
                   "ptxas exited with non-zero error code 65280, output: \nRelying on driver to perform ptx "
                   "compilation.\n")
SYN3_CUDART11_WSL = ("2023-01-01 10:00:00.000000: W tensorflow/compiler/xla/stream_executor/platform/default/"
                     "dso_loader.cc:64] Could not load dynamic library 'libcudart.so.11.0'; dlerror: libcudart.so.11.0: "
                     "cannot open shared object file: No such file or directory; LD_LIBRARY_PATH: /usr/lib/wsl/lib:\n")
SYN3_BANG_SMI = "!nvidia-smi\n/bin/bash: line 1: nvidia-smi: command not found\n"
SYN3_OWN_ERROR_AFTER_NOISE = SYN3_CUDART11_WSL.replace("/usr/lib/wsl/lib", "/opt/lib") + """\
Traceback (most recent call last):
  File "train.py", line 12, in <module>
    model.fit(x_train, y_trian, epochs=5)
NameError: name 'y_trian' is not defined
"""
SYN3_CUT_COLAB = """\
---------------------------------------------------------------------------
ValueError                                Traceback (most recent call last)
[<ipython-input-4-0a1b2c3d>](https://localhost:8080/#) in <cell line: 2>()
      1 model = tf.keras.Sequential()
----> 2 model.add(text_embedding)

[/usr/local/lib/python3.11/dist-packages/keras/src/models/sequential.py](https://localhost:8080/#) in add(self, layer, rebuild)
     94         if not isinstance(layer, Layer):
---> 95             raise ValueError(
     96                 "Only instances of `keras.Layer` can be "
     97                 f"added to a Sequential model. Received: {layer} "
"""

CASES3: list[tuple[str, str, dict, str, list[str], list[str]]] = [
    ("pip-extras-markers", SYN3_RESOLVER_EXTRAS, {}, "pip-dependency-conflict",
     ["nvidia-cudnn-cu12==8.9.7.29", "separate virtual environments"], ["extra =="]),
    ("uv-only-available", SYN3_UV_ONLY, {}, "pip-dependency-conflict", ["numpy>=1.23.5,<2.0.0", "numpy>=2"], []),
    ("poetry-both-sides", SYN3_POETRY, {}, "pip-dependency-conflict", ["typing-extensions>=4.6.1"], []),
    ("conda-python", SYN3_CONDA_PYTHON, {}, "pip-dependency-conflict", ["3.11", ">=3.7,<3.8.0a0"], []),
    ("mamba-tree", SYN3_MAMBA_TREE, {}, "pip-dependency-conflict", ["3.12", ">=3.10,<3.11.0a0"], []),
    ("conda-virtual-cuda", SYN3_CONDA_CUDA, {}, "pip-dependency-conflict", ["__cuda", "CONDA_OVERRIDE_CUDA"], []),
    ("pkg-resources", SYN3_PKG_RESOURCES, {}, "pip-dependency-conflict", ["numpy~=1.19.2", "1.24.0"], []),
    ("library-own-check", SYN3_RUNTIME_CHECK, {}, "pip-dependency-conflict", ["tokenizers>=0.11.1"], []),
    ("pip-no-dist", SYN3_PIP_NO_DIST, {}, "pip-dependency-conflict", ["tensorflow-intel", "Python"],
     ["uninstall"]),
    ("companion-follows-tf", SYN3_COMPANION, {}, "pip-dependency-conflict", ["tensorflow-text==2.18.*"],
     ["pandas"]),
    ("keras-imports-tf-internal", SYN3_KERAS_IMPORTS_TF_INTERNAL, {}, "pinned-package-mismatch", ["keras"],
     ["tensorflow-gpu"]),
    ("jaxlib-at-import", SYN3_JAXLIB, {}, "pinned-package-mismatch", ["jax"], []),
    ("numpy2-removed-alias", SYN3_NP_FLOAT, {}, "numpy-2-abi", ["numpy<2"], []),
    ("keras3-removed-layer", SYN3_LOCALLY, {}, "keras3-needs-tf-keras", ["LocallyConnected2D", "tf-keras"],
     ["_tf_keras"]),
    ("keras3-spelling", SYN3_NP_UTILS, {}, "keras3-api-changed", ["keras.utils.to_categorical"], []),
    ("keras3-add-weight", SYN3_ADD_WEIGHT, {}, "keras3-api-changed", ["shape=", "name="], []),
    ("keras3-api-in-library", SYN3_LIBRARY_API, {}, "keras3-needs-tf-keras", ["sometool", "2.15"], []),
    ("keras3-object-attribute", SYN3_OUTPUT_SHAPE, {}, "keras3-api-changed", ["output.shape"], []),
    ("eager-failed-to-allocate", SYN3_EAGER_OOM, {}, "out-of-memory", ["batch"], []),
    ("killed-for-ram", SYN3_KILLED, {}, "oom-on-cpu", ["batches", "RAM"], ["nvidia-smi"]),
    ("runtime-init-oom", SYN3_RUNTIME_OOM, {}, "gpu-memory-taken", ["nvidia-smi"], []),
    ("ptxas-exit-code", SYN3_PTXAS_EXIT, {}, "ptxas-too-old", ["ptxas"], []),
    ("cuda11-name-wsl", SYN3_CUDART11_WSL, {}, "missing-library", ["LD_LIBRARY_PATH", "11.8"], []),
    ("notebook-shell-escape", SYN3_BANG_SMI, {}, "notebook-runtime-no-gpu", ["Change runtime type"], []),
    ("own-error-after-noise", SYN3_OWN_ERROR_AFTER_NOISE, {}, "python-exception", ["traceback"], ["CUDA"]),
    ("notebook-paste-cut", SYN3_CUT_COLAB, {}, "keras3-needs-tf-keras", ["tf-keras"], []),
]


@pytest.mark.parametrize("case", CASES3, ids=[c[0] for c in CASES3])
def test_phase3_family_first_finding_and_fix(case):
    test_family_first_finding_and_fix(case)


def test_a_cut_notebook_traceback_is_rebuilt_from_its_header_and_raise():
    from tfgpu_wizard.core.diagnose.scan import tracebacks

    tb = tracebacks(SYN3_CUT_COLAB)[-1]
    assert tb.cut and tb.exception.startswith("ValueError: Only instances of `keras.Layer` can be added")
    assert [f[1] for f in tb.frames] == ["<cell line: 2>", "add"] and tb.frames[0][2] == "model.add(text_embedding)"
    assert "colab" in read_facts(SYN3_CUT_COLAB).environment  # Colab copies frames as localhost links
    # a complete traceback is not marked cut
    assert not any(t.cut for t in tracebacks(SYN3_OUTPUT_SHAPE))


def test_mamba_headline_is_a_family_not_one_line():
    # the solver's words in other releases and forms are read the same way
    for head in ("Could not solve for environment specs", "Failed to solve for environment",
                 "Encountered problems while solving:", "Solving environment: failed"):
        facts = read_facts(head + "\n  - nothing provides cudatoolkit 11.2 needed by tensorflow-2.6.0-gpu_0\n")
        assert facts.pip_resolution_impossible, head


def test_prefixes_of_the_logs_container_are_stripped():
    # a pip conflict as a GitHub Actions log, a docker BuildKit step and a Markdown quote (written for this test)
    block = ("ERROR: Cannot install numpy==2.0.0 and tensorflow==2.15.0 because these package versions have "
             "conflicting dependencies.\n\nThe conflict is caused by:\n    The user requested numpy==2.0.0\n"
             "    tensorflow 2.15.0 depends on numpy<2.0.0 and >=1.23.5\n")
    forms = {
        "actions": "".join(f"2024-05-01T10:00:0{i}.1234567Z {ln}\n" for i, ln in enumerate(block.splitlines())),
        "buildkit": "".join(f"#9 1{i}.25{i} {ln}\n" for i, ln in enumerate(block.splitlines())),
        "quote": "".join(f"> {ln}\n" if ln else ">\n" for ln in block.splitlines()),
    }
    for kind, text in forms.items():
        stripped, got = strip_worker_prefixes(text)
        assert got == kind and stripped.count("\n") == text.count("\n")
        f = diagnose(text)[0]
        assert f.rule_id == "pip-dependency-conflict" and "numpy<2.0.0,>=1.23.5" in f.fix, (kind, f.fix)
        assert "worker" not in read_facts(stripped, got).environment


# --------------------------------------------------------------------------- phase 4 (written here, synthetic)

SYN4_HEADERLESS_LIBRARY = """\
  File "/home/kim/work/detect.py", line 12, in run
    faces = facelib.find(img)
  File "/home/kim/.venv/lib/python3.12/site-packages/facelib/model.py", line 40, in build
    shape = tf.shape(feature_map)
  File "/home/kim/.venv/lib/python3.12/site-packages/tensorflow/python/util/traceback_utils.py", line 153, in error_handler
    raise e.with_traceback(filtered_tb) from None
  File "/home/kim/.venv/lib/python3.12/site-packages/keras/src/backend/common/keras_tensor.py", line 92, in __tf_tensor__
    raise ValueError(
ValueError: A KerasTensor cannot be used as input to a TensorFlow function.
"""

SYN4_WRAPPED_TF_INTERNAL = (
    "AttributeError: module 'tensorflow._api.v2.compat.v2.__internal__' \n"  # the wrap keeps its trailing space
    "has no attribute 'some_new_hook'.\n"
) + """\
$ pip freeze | grep -e tensor -e keras
keras==3.3.3
tensorflow==2.17.0
tf-keras==2.16.0
"""

SYN4_BODY_ONLY = """\
Node: 'sparse_categorical_crossentropy/SparseSoftmaxCrossEntropyWithLogits/SparseSoftmaxCrossEntropyWithLogits'
Received a label value of 12 which is outside the valid range of [0, 10).  Label values: 3 12 0 7
\t [[{{node sparse_categorical_crossentropy/SparseSoftmaxCrossEntropyWithLogits/SparseSoftmaxCrossEntropyWithLogits}}]] [Op:__inference_train_function_999]
"""

SYN4_UPGRADED_PAST_TF = """\
ERROR: pip's dependency resolver does not currently take into account all the packages that are installed. This behaviour is the source of the following dependency conflicts.
tensorflow 2.15.1 requires keras<2.16,>=2.15.0, but you have keras 3.4.1 which is incompatible.
tensorflow 2.15.1 requires ml-dtypes~=0.2.0, but you have ml-dtypes 0.4.0 which is incompatible.
"""

SYN4_GPU_ASSERT_NOTEBOOK = """\
---------------------------------------------------------------------------
AssertionError                            Traceback (most recent call last)
<ipython-input-3-0a1b2c3d4e5f> in <cell line: 2>()
      1 import torch
----> 2 assert torch.cuda.is_available(), "no GPU"

AssertionError: no GPU
"""

SYN4_LEGACY_WITHOUT_TFKERAS = (
    "WARNING:tensorflow:Your environment has TF_USE_LEGACY_KERAS set to True, but you do not have the tf_keras "
    "package installed. You must install it in order to use the legacy tf.keras. Install it via: "
    "`pip install tf_keras`\n"
)

SYN4_TFOPLAMBDA = "ValueError: Unknown layer: 'TFOpLambda'. Please ensure you are using a `keras.utils.custom_object_scope`\n"

SYN4_MLDTYPES_PYBIND = """\
AttributeError: module 'ml_dtypes' has no attribute 'float8_e4m3b11'
Traceback (most recent call last):
  File "/srv/app/.venv/lib/python3.11/site-packages/tensorflow/python/framework/dtypes.py", line 40, in <module>
    _np_float8_e5m2 = pywrap_ml_dtypes.float8_e5m2()
TypeError: Unable to convert function return value to a Python type! The signature was
\t() -> handle
"""

SYN4_PIPENV = """\
[pipenv.exceptions.ResolutionFailure]: Warning: Your dependencies could not be resolved. You likely have a mismatch in your sub-dependencies.
ERROR: Could not find a version that matches keras<2.16,>=2.15.0,>=3.0.0
There are incompatible versions in the resolved dependencies:
  keras>=3.0.0 (from -r /tmp/reqs.txt (line 2))
  keras<2.16,>=2.15.0 (from tensorflow==2.15.0->-r /tmp/reqs.txt (line 1))
"""

SYN4_OS_PACKAGE = """\
Installing collected packages: wrapt, tensorflow
  Attempting uninstall: wrapt
    Found existing installation: wrapt 1.10.11
ERROR: Cannot uninstall 'wrapt'. It is a distutils installed project and thus we cannot accurately determine which files belong to it which would lead to only a partial uninstall.
"""

SYN4_CELL_CALLS_LIBRARY = """\
---------------------------------------------------------------------------
ValueError                                Traceback (most recent call last)
Cell In[7], line 3
      1 from facekit import Analyzer
      2 a = Analyzer()
----> 3 a_result = Analyzer.run("me.jpg")
ValueError: The layer sequential_2 has never been called and thus has no defined input.
"""

SYN4_CELL_OWN_MODEL = """\
---------------------------------------------------------------------------
ValueError                                Traceback (most recent call last)
Cell In[7], line 3
      1 from tensorflow import keras
      2 grad_model = None
----> 3 grad_model = keras.Model(model.inputs, [model.output])
ValueError: The layer sequential_2 has never been called and thus has no defined output.
"""

SYN4_PTXAS_SM86 = (
    "2021-01-01 10:00:00.000000: W tensorflow/stream_executor/gpu/asm_compiler.cc:235] Your CUDA software stack is "
    "old. We fallback to the NVIDIA driver for some compilation. Update your CUDA version to get the best performance. "
    "The ptxas error was: ptxas fatal   : Value 'sm_86' is not defined for option 'gpu-name'\n"
)

SYN4_HTML_ENTITIES = """\
Traceback (most recent call last):
  File &quot;/home/u/app.py&quot;, line 2, in &lt;module&gt;
    from transformers import TFAutoModel
  File &quot;/home/u/venv/lib/python3.11/site-packages/transformers/activations_tf.py&quot;, line 22, in &lt;module&gt;
    import tf_keras as keras
ModuleNotFoundError: No module named &#39;tf_keras&#39;
"""

CASES4 = [
    ("quotes-as-html-entities", SYN4_HTML_ENTITIES, {}, "keras3-needs-tf-keras", ["tf-keras"], []),
    ("ptxas-names-the-cuda-for-the-gpu", SYN4_PTXAS_SM86, {}, "ptxas-too-old", ["sm_86", "CUDA 11.1"], []),
    ("cell-calls-an-imported-library", SYN4_CELL_CALLS_LIBRARY, {}, "keras3-needs-tf-keras", ["facekit"], []),
    ("cell-builds-its-own-model", SYN4_CELL_OWN_MODEL, {}, "keras3-api-changed", [], []),
    ("pipenv-incompatible-versions", SYN4_PIPENV, {}, "pip-dependency-conflict", ["keras<2.16,>=2.15.0"], []),
    ("pip-cannot-remove-os-package", SYN4_OS_PACKAGE, {}, "pip-dependency-conflict",
     ["--ignore-installed wrapt", "venv"], []),
    ("headerless-library-traceback", SYN4_HEADERLESS_LIBRARY, {}, "keras3-needs-tf-keras", ["facelib", "tf-keras"],
     []),
    ("wrapped-internal-off-pin", SYN4_WRAPPED_TF_INTERNAL, {}, "pinned-package-mismatch", ["tf-keras"], []),
    ("tf-error-body-labels", SYN4_BODY_ONLY, {}, "python-exception", ["label"], ["CUDA"]),
    ("pip-upgraded-past-tf", SYN4_UPGRADED_PAST_TF, {}, "pip-dependency-conflict",
     ["keras<2.16,>=2.15.0", "tensorflow>=2.17"], []),
    ("notebook-gpu-assert", SYN4_GPU_ASSERT_NOTEBOOK, {"platform": "linux"}, "notebook-runtime-no-gpu",
     ["runtime"], []),
    ("legacy-keras-without-tf-keras", SYN4_LEGACY_WITHOUT_TFKERAS, {}, "keras3-needs-tf-keras", ["tf-keras"], []),
    ("keras2-file-tfoplambda", SYN4_TFOPLAMBDA, {}, "keras3-needs-tf-keras", ["tf-keras"], []),
    ("mldtypes-explains-pybind", SYN4_MLDTYPES_PYBIND, {}, "pinned-package-mismatch", ["ml-dtypes"], ["numpy<2"]),
]


@pytest.mark.parametrize("case", CASES4, ids=[c[0] for c in CASES4])
def test_phase4_family_first_finding_and_fix(case):
    test_family_first_finding_and_fix(case)


def test_requirement_specifiers_and_the_first_tensorflow_that_accepts():
    from tfgpu_wizard.core.diagnose.families import _tf_accepting, satisfies

    assert satisfies("2.15.0", "~=2.16.0") is False and satisfies("2.16.1", "~=2.16.0") is True
    assert satisfies("2.1.3", ">=1.23.5,<2.0.0dev") is False and satisfies("1.26.4", ">=1.23.5,<2.0.0") is True
    assert satisfies("2.15.1", "==2.15.*") is True and satisfies("unknown", ">=1") is None
    assert _tf_accepting([("keras", "3.4.1")], "2.15.1") == "2.16"
    assert _tf_accepting([("numpy", "2.1.0")], "2.13.0") == "2.19"  # NumPy 2 from TF 2.18, and 2.18 wants <2.1
    assert _tf_accepting([("keras", "2.10.0")], "2.15.0") == ""  # older than what TF asks: no newer TF helps
