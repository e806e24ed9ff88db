"""Write ``matrix.json`` from the tables below, which are copied from /work/shared/facts/tf-compat.md.

The committed ``matrix.json`` is the source of truth; this script only saves typing and keeps the
92 rows consistent. Run it from the repository root and review the diff::

    .venv/bin/python tools/matrix_build.py            # rewrite matrix.json
    .venv/bin/python tools/matrix_build.py --check    # exit 1 if matrix.json differs from the output

Every value names where it comes from (section numbers of tf-compat.md in the comments, source keys in
the rows' ``sources``). Values marked "derived" are inferences the facts file makes or that follow from
its tables; docs/matrix.md lists them.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

LINES = [f"2.{i}" for i in range(22)] + ["2.22"]
PLATFORMS = ["linux", "wsl2", "windows", "macos"]


def minor(line: str) -> int:
    return int(line.split(".")[1])


# §1a Linux GPU tested configurations: line -> (tested version, python specifier, cuDNN, CUDA)
LINUX = {
    # The docs say 3.3-3.7, but no 2.0 wheel exists below cp35 (tensorflow-gpu 2.0.0: cp27/cp35/cp36/cp37;
    # macOS tensorflow 2.0.3: cp35) [RESOLVE], so the floor is the first Python with a wheel.
    "2.0": ("2.0.0", ">=3.5,<3.8", "7.4", "10.0"),
    "2.1": ("2.1.0", ">=3.5,<3.8", "7.6", "10.1"),
    "2.2": ("2.2.0", ">=3.5,<3.9", "7.6", "10.1"),
    "2.3": ("2.3.0", ">=3.5,<3.9", "7.6", "10.1"),
    "2.4": ("2.4.0", ">=3.6,<3.9", "8.0", "11.0"),
    "2.5": ("2.5.0", ">=3.6,<3.10", "8.1", "11.2"),
    "2.6": ("2.6.0", ">=3.6,<3.10", "8.1", "11.2"),
    "2.7": ("2.7.0", ">=3.7,<3.10", "8.1", "11.2"),
    "2.8": ("2.8.0", ">=3.7,<3.11", "8.1", "11.2"),
    "2.9": ("2.9.0", ">=3.7,<3.11", "8.1", "11.2"),
    "2.10": ("2.10.0", ">=3.7,<3.11", "8.1", "11.2"),
    "2.11": ("2.11.0", ">=3.7,<3.11", "8.1", "11.2"),
    "2.12": ("2.12.0", ">=3.8,<3.12", "8.6", "11.8"),
    "2.13": ("2.13.0", ">=3.8,<3.12", "8.6", "11.8"),
    "2.14": ("2.14.0", ">=3.9,<3.12", "8.7", "11.8"),
    "2.15": ("2.15.0", ">=3.9,<3.12", "8.9", "12.2"),
    "2.16": ("2.16.1", ">=3.9,<3.13", "8.9", "12.3"),
    "2.17": ("2.17.0", ">=3.9,<3.13", "8.9", "12.3"),
    "2.18": ("2.18.0", ">=3.9,<3.13", "9.3", "12.5"),
    "2.19": ("2.19.0", ">=3.9,<3.13", "9.3", "12.5"),
    "2.20": ("2.20.0", ">=3.9,<3.14", "9.3", "12.5"),
    "2.21": ("2.21.0", ">=3.10,<3.14", "9.3", "12.5"),
    # No docs row (§1a "No 2.22 row exists yet"): Requires-Python >=3.10 [PYPI], "Python 3.14 support added"
    # (master RELEASE.md, §0), cuDNN floor 9.10.2.21 and cu12 >=12.5.82 pins [PYPI §3].
    "2.22": ("2.22.0rc0", ">=3.10,<3.15", "9.10", "12.5"),
}

# §1b Windows GPU table differs from Linux only in 2.0/2.1 (no 2.7, 3.5 floor).
WINDOWS_PY = {"2.0": ">=3.5,<3.8", "2.1": ">=3.5,<3.8"}
# §1d macOS CPU table: 2.0 appears twice (3.5-3.7 and 3.3-3.7); the wider one is used.

# §2 [WHEEL] build_info: cuda_version as recorded (None: CPU-only wheel / not emitted)
CUDA_BUILD = {
    "2.0": None, "2.1": "10.1", "2.2": "10", "2.3": "10.1", "2.4": "11.0",
    **{f"2.{i}": "11.2" for i in range(5, 12)},
    "2.12": "11.8", "2.13": "11.8", "2.14": "11.8", "2.15": "12.2", "2.16": "12.3", "2.17": "12.3",
    "2.18": "12.5.1", "2.19": "12.5.1", "2.20": "12.5.1", "2.21": "12.5.1", "2.22": None,
}

# §2 [WHEEL] cuda_compute_capabilities: (sass, ptx, note)
_A24 = (["3.5", "5.0", "6.0", "7.0", "7.5"], ["8.0"], None)
_A17 = (["6.0", "7.0", "8.0", "8.9"], ["9.0"], None)
_A21 = (
    ["6.0", "7.0", "8.0", "8.9"],
    ["9.0"],
    "fatbin scan: sm_90 SASS only for a subset of kernels; counted as PTX-only for CC 9.0",
)
ARCHS = {
    "2.0": None, "2.1": None, "2.2": None,
    "2.3": (["3.5", "3.7", "5.2", "6.0", "6.1"], ["7.0"], None),
    **{f"2.{i}": _A24 for i in range(4, 15)},
    "2.15": (["5.0", "6.0", "7.0", "7.5"], ["8.0"], None),
    "2.16": (["5.0", "6.0", "7.0", "8.0"], ["9.0"], None),
    "2.17": _A17, "2.18": _A17, "2.19": _A17, "2.20": _A17, "2.21": _A21, "2.22": _A21,
}

# §2/§3 wheel tags of the Linux x86_64 wheels. (tag, confirmed-by-facts)
WHEEL_TAG = {
    "2.0": ("manylinux2010", True), "2.1": ("manylinux2010", True), "2.2": ("manylinux2010", True),
    **{f"2.{i}": ("manylinux2010", False) for i in range(3, 8)},
    "2.8": ("manylinux2010", True), "2.9": ("manylinux2014", True),
    **{f"2.{i}": ("manylinux2014", False) for i in range(10, 14)},
    **{f"2.{i}": ("manylinux_2_17", True) for i in range(14, 21)},
    "2.21": ("manylinux_2_27", True), "2.22": ("manylinux_2_27", True),
}
GLIBC = {"manylinux2010": "2.12", "manylinux2014": "2.17", "manylinux_2_17": "2.17", "manylinux_2_27": "2.27"}

# §3 [PYPI] the version of each line the wizard installs, and the numpy requirement in its metadata
PIP_VERSION = {
    "2.14": "2.14.1", "2.15": "2.15.1", "2.16": "2.16.2", "2.17": "2.17.1", "2.18": "2.18.1",
    "2.19": "2.19.1", "2.20": "2.20.0", "2.21": "2.21.0", "2.22": "2.22.0rc0",
}
NUMPY_META = {
    "2.14": "<2.0.0,>=1.23.5", "2.15": "<2.0.0,>=1.23.5", "2.16": "<2.0.0,>=1.23.5", "2.17": "<2.0.0,>=1.23.5",
    "2.18": "<2.1.0,>=1.26.0", "2.19": "<2.2.0,>=1.26.0", "2.20": ">=1.26.0", "2.21": ">=1.26.0",
    "2.22": ">=1.26.0",
}
KERAS_META = {
    "2.14": "keras<2.15,>=2.14.0", "2.15": "keras<2.16,>=2.15.0", "2.16": "keras>=3.0.0",
    "2.17": "keras>=3.2.0", "2.18": "keras>=3.5.0", "2.19": "keras>=3.5.0", "2.20": "keras>=3.10.0",
    "2.21": "keras>=3.12.0", "2.22": "keras-nightly>=3.12.0.dev",
}

# §3 and-cuda pins: column order of the facts table
AND_CUDA_COLUMNS = [
    "nvidia-cudnn", "nvidia-cublas", "nvidia-cuda-runtime", "nvidia-cuda-nvcc", "nvidia-cuda-nvrtc",
    "nvidia-cuda-cupti", "nvidia-cufft", "nvidia-curand", "nvidia-cusolver", "nvidia-cusparse",
    "nvidia-nccl", "nvidia-nvjitlink",
]
_P214 = ["==8.7.0.84", "==11.11.3.6", "==11.8.89", "==11.8.89", None, "==11.8.87", "==10.9.0.58",
         "==10.3.0.86", "==11.4.1.48", "==11.7.5.86", "==2.16.5", None]
_P215 = ["==8.9.4.25", "==12.2.5.6", "==12.2.140", "==12.2.140", "==12.2.140", "==12.2.142",
         "==11.0.8.103", "==10.3.3.141", "==11.5.2.141", "==12.1.2.141", "==2.16.5", "==12.2.140"]
_P216 = ["==8.9.7.29", "==12.3.4.1", "==12.3.101", "==12.3.107", "==12.3.107", "==12.3.101",
         "==11.0.12.1", "==10.3.4.107", "==11.5.4.101", "==12.2.0.103", "==2.19.3", "==12.3.101"]
_P218 = ["==9.3.0.75", "==12.5.3.2", "==12.5.82", "==12.5.82", "==12.5.82", "==12.5.82",
         "==11.2.3.61", "==10.3.6.82", "==11.6.3.83", "==12.5.1.3", "==2.21.5", "==12.5.82"]
_P219 = _P218[:10] + ["==2.23.4", "==12.5.82"]
_R = ["<10.0,>=9.3.0.75", "<13.0,>=12.5.3.2", "<13.0,>=12.5.82", "<13.0,>=12.5.82", "<13.0,>=12.5.82",
      "<13.0,>=12.5.82", "<12.0,>=11.2.3.61", "<11.0,>=10.3.6.82", "<12.0,>=11.6.3.83", "<13.0,>=12.5.1.3"]
_P220 = _R + ["<3.0,>=2.25.1", "<13.0,>=12.5.82"]
_P221 = _R + ["<3.0,>=2.27.7", "<13.0,>=12.5.82"]
_P222 = ["<10.0,>=9.10.2.21"] + _R[1:] + ["<3.0,>=2.30.7", "<13.0,>=12.5.82"]
AND_CUDA = {
    "2.14.0": ("cu11", _P214, {"tensorrt": "==8.5.3.1"}),
    "2.14.1": ("cu11", _P214, {"tensorrt": "==8.5.3.1"}),
    "2.15.0": ("cu12", _P215, {"tensorrt": "==8.6.1.post1", "tensorrt-bindings": "==8.6.1",
                               "tensorrt-libs": "==8.6.1"}),
    "2.15.0.post1": ("cu12", _P215, {}),
    "2.15.1": ("cu12", _P215, {}),
    "2.16.1": ("cu12", _P216, {}), "2.16.2": ("cu12", _P216, {}),
    "2.17.0": ("cu12", _P216, {}), "2.17.1": ("cu12", _P216, {}),
    "2.18.0": ("cu12", _P218, {}), "2.18.1": ("cu12", _P218, {}),
    "2.19.0": ("cu12", _P219, {}), "2.19.1": ("cu12", _P219, {}),
    "2.20.0": ("cu12", _P220, {}), "2.21.0": ("cu12", _P221, {}),
    "2.22.0rc0": ("cu12", _P222, {"nvidia-nvshmem-cu12": ">=3.2.5"}),
}


# [PYPI] TF 2.0-2.5 wheels declare protobuf without an upper bound (>=3.6.1 ... >=3.9.2); at their highest
# Python pip then picks protobuf 4-6, which fails at import (old generated code). TF's own later patches
# (2.6.5, 2.9.3) declare protobuf<3.20,>=3.9.2 [PYPI], and those rows resolve to 3.19.6 [RESOLVE].
PROTOBUF_CAP = {f"2.{i}": "protobuf<3.20" for i in range(0, 6)}
# TF 2.14 on Linux: tensorflow[and-cuda]==2.14.1 pulls tensorrt==8.5.3.1, which has no cp311 wheel and no
# sdist, so the plan fails at Python 3.11 [RESOLVE]. TensorRT is only for TF-TRT; the plan installs
# tensorflow==2.14.1 with the and-cuda extra's own cu11 pins instead (every Python of the row).
NO_TENSORRT = {"2.14"}
# TF does not find the pip NVIDIA libraries (libcusolver.so.11) unless LD_LIBRARY_PATH names every
# site-packages/nvidia/*/lib [H200]; such rows get an activate hook in the venv.
# Set for 2.21 from the H200 measurement with pip --target (gpu-measurements.md, 2026-12-03); whether a normal
# venv behaves the same was still being measured when this was set (docs/matrix.md says so).
NEEDS_NVIDIA_LIB_PATH: set[str] = {"2.21"}


def and_cuda_block() -> dict:
    out = {}
    for version, (suffix, pins, other) in AND_CUDA.items():
        packages = {f"{name}-{suffix}": spec for name, spec in zip(AND_CUDA_COLUMNS, pins, strict=True) if spec}
        packages.update(other)
        out[version] = {"packages": packages, "exact": all(s.startswith("==") for s in packages.values())}
    return out


# §5a NVIDIA Table 3: (CUDA toolkit release, Linux, Windows)
TOOLKITS = [
    ("13.2.2", "595.71.05", None), ("13.2.1", "595.58.03", None), ("13.2", "595.45.04", None),
    ("13.1.1", "590.48.01", None), ("13.1", "590.44.01", None),
    ("13.0.2", "580.95.05", None), ("13.0.1", "580.82.07", None), ("13.0", "580.65.06", None),
    ("12.9.1", "575.57.08", "576.57"), ("12.9", "575.51.03", "576.02"),
    ("12.8.1", "570.124.06", "572.61"), ("12.8", "570.26", "570.65"),
    ("12.6.3", "560.35.05", "561.17"), ("12.6.2", "560.35.03", "560.94"), ("12.6.1", "560.35.03", "560.94"),
    ("12.6", "560.28.03", "560.76"),
    ("12.5.1", "555.42.06", "555.85"), ("12.5", "555.42.02", "555.85"),
    ("12.4.1", "550.54.15", "551.78"), ("12.4", "550.54.14", "551.61"),
    ("12.3.1", "545.23.08", "546.12"), ("12.3", "545.23.06", "545.84"),
    ("12.2.2", "535.104.05", "537.13"), ("12.2.1", "535.86.09", "536.67"), ("12.2", "535.54.03", "536.25"),
    ("12.1.1", "530.30.02", "531.14"), ("12.1", "530.30.02", "531.14"),
    ("12.0.1", "525.85.12", "528.33"), ("12.0", "525.60.13", "527.41"),
    ("11.8", "520.61.05", "520.06"),
    ("11.7.1", "515.48.07", "516.31"), ("11.7", "515.43.04", "516.01"),
    ("11.6.2", "510.47.03", "511.65"), ("11.6.1", "510.47.03", "511.65"), ("11.6", "510.39.01", "511.23"),
    ("11.5.2", "495.29.05", "496.13"), ("11.5.1", "495.29.05", "496.13"), ("11.5", "495.29.05", "496.04"),
    ("11.4.4", "470.82.01", "472.50"), ("11.4.3", "470.82.01", "472.50"), ("11.4.2", "470.57.02", "471.41"),
    ("11.4.1", "470.57.02", "471.41"), ("11.4", "470.42.01", "471.11"),
    ("11.3.1", "465.19.01", "465.89"), ("11.3", "465.19.01", "465.89"),
    ("11.2.2", "460.32.03", "461.33"), ("11.2.1", "460.32.03", "461.09"), ("11.2", "460.27.03", "460.82"),
    ("11.1.1", "455.32", "456.81"), ("11.1", "455.23", "456.38"),
    ("11.0.3", "450.51.06", "451.82"), ("11.0.2", "450.51.05", "451.48"), ("11.0.1", "450.36.06", "451.22"),
    ("10.2", "440.33", "441.22"), ("10.1", "418.39", "418.96"), ("10.0", "410.48", "411.31"),
]
# §5b minor-version compatibility floors
MINOR_COMPAT = [
    {"cuda_major": 13, "linux": "580", "windows": "580", "confirmed": False,
     "note": "NVIDIA prints '>= 580' only; no finer minimum published"},
    {"cuda_major": 12, "linux": "525.60.13", "windows": "528.33", "confirmed": False,
     "note": "Windows value: 528.33 in one edition of the notes, 527.41 in another; TF docs use 528.33 for WSL"},
    {"cuda_major": 11, "linux": "450.80.02", "windows": "452.39", "confirmed": True,
     "note": "CUDA 11.0 shipped with an earlier driver; 450.80.02 / 452.39 give minor-version "
             "compatibility across 11.x"},
]
# §5d: which Table 3 entry is "the toolkit's driver" for each CUDA version a wheel was built with
STRICT_TOOLKIT = {"10.0": "10.0", "10.1": "10.1", "11.0": "11.0.2", "11.2": "11.2", "11.8": "11.8",
                  "12.2": "12.2", "12.3": "12.3", "12.5": "12.5.1"}

ARCHITECTURES = [
    ("3.5", "Kepler", "Tesla K40, GTX 780"), ("3.7", "Kepler", "Tesla K80"),
    ("5.0", "Maxwell", "GTX 750"), ("5.2", "Maxwell", "GTX 970, GTX 980"), ("5.3", "Maxwell", "Jetson Nano"),
    ("6.0", "Pascal", "Tesla P100"), ("6.1", "Pascal", "GTX 1080, GTX 1060"), ("6.2", "Pascal", "Jetson TX2"),
    ("7.0", "Volta", "Tesla V100"), ("7.2", "Volta", "Jetson Xavier"),
    ("7.5", "Turing", "RTX 2080, GTX 1660, T4"),
    ("8.0", "Ampere", "A100"), ("8.6", "Ampere", "RTX 3060, RTX 3090, A10"), ("8.7", "Ampere", "Jetson Orin"),
    ("8.9", "Ada Lovelace", "RTX 4090, L4, L40"),
    ("9.0", "Hopper", "H100, H200"),
    ("10.0", "Blackwell", "B200"), ("12.0", "Blackwell", "RTX 5090, RTX PRO 6000"),
]


def strict_driver(cuda: str, os_key: str) -> str:
    rel = STRICT_TOOLKIT[cuda]
    for name, lin, win in TOOLKITS:
        if name == rel:
            return lin if os_key == "linux" else win
    raise KeyError(cuda)


def minor_driver(cuda: str, os_key: str) -> str | None:
    major = int(cuda.split(".")[0])
    for entry in MINOR_COMPAT:
        if entry["cuda_major"] == major:
            return entry[os_key]
    return None  # CUDA 10.x: no minor-version compatibility (introduced with CUDA 11)


RECIPES = {
    "pip-and-cuda": {
        "method": "pip",
        "title": "pip in a virtual environment with tensorflow[and-cuda] (CUDA and cuDNN come as pip wheels)",
        "python_from": "host",
        "pip": ["{pip_requirement}", "{numpy_pin}"],
        "needs": ["nvidia-driver"],
        "derived": False,
        "sources": ["REL v2.14.0", "DOCS"],
    },
    "pip-system-cuda": {
        "method": "pip",
        "title": "pip in a virtual environment; CUDA {cuda} and cuDNN {cudnn} installed on the system",
        "python_from": "host",
        "pip": ["{pip_requirement}", "{numpy_pin}"],
        "needs": ["nvidia-driver", "system-cuda-toolkit", "system-cudnn"],
        "derived": False,
        "sources": ["DOCS"],
    },
    "pip-cuda-wheels": {
        "method": "pip",
        "title": "pip in a virtual environment with TensorFlow and the CUDA/cuDNN wheels of its and-cuda extra, "
                 "without TensorRT (tensorrt 8.5.3.1 has no wheel for Python 3.11)",
        "python_from": "host",
        "pip": ["{pip_requirement}", "{numpy_pin}"],
        "needs": ["nvidia-driver"],
        "derived": True,
        "sources": ["PYPI", "RESOLVE"],
    },
    "pip-cpu": {
        "method": "pip",
        "title": "pip in a virtual environment, CPU only",
        "python_from": "host",
        "pip": ["{pip_requirement}", "{numpy_pin}"],
        "needs": [],
        "derived": False,
        "sources": ["DOCS"],
    },
    "conda-cudatoolkit-cudnn": {
        "method": "conda",
        "title": "conda environment with cudatoolkit and cudnn from conda-forge, TensorFlow from pip",
        "python_from": "conda",
        "conda_channels": ["conda-forge"],
        "conda": ["cudatoolkit=11.2.2", "cudnn=8.1.0"],
        "pip": ["{pip_requirement}", "{numpy_pin}"],
        "activate_env": [{"name": "LD_LIBRARY_PATH", "op": "append", "value": "{CONDA_PREFIX}/lib/"}],
        "optional_fixes": ["xla-libdevice"],
        "needs": ["nvidia-driver", "conda"],
        "derived": False,
        "sources": ["DOCS"],
    },
    "conda-cudatoolkit-pip-cudnn": {
        "method": "conda",
        "title": "conda environment with cudatoolkit 11.8 from conda-forge and cuDNN 8.6 from pip",
        "python_from": "conda",
        "conda_channels": ["conda-forge"],
        "conda": ["cudatoolkit=11.8.0"],
        "pip": ["nvidia-cudnn-cu11==8.6.0.163", "{pip_requirement}", "{numpy_pin}"],
        "activate_env": [
            {"name": "CUDNN_PATH", "op": "set", "python_module_dir": "nvidia.cudnn"},
            {"name": "LD_LIBRARY_PATH", "op": "prepend", "value": "{CUDNN_PATH}/lib:{CONDA_PREFIX}/lib/"},
        ],
        "optional_fixes": ["xla-libdevice"],
        "needs": ["nvidia-driver", "conda"],
        "derived": False,
        "sources": ["DOCS"],
    },
    "conda-python-pip-and-cuda": {
        "method": "conda",
        "title": "conda environment for the Python version only; tensorflow[and-cuda] from pip inside it",
        "python_from": "conda",
        "conda_channels": ["conda-forge"],
        "conda": [],
        "pip": ["{pip_requirement}", "{numpy_pin}"],
        "needs": ["nvidia-driver", "conda"],
        "derived": True,
        "sources": ["DOCS", "ISSUE #63362"],
    },
    "conda-windows-cudatoolkit": {
        "method": "conda",
        "title": "conda environment with cudatoolkit 11.2 and cudnn 8.1 from conda-forge (native Windows)",
        "python_from": "conda",
        "conda_channels": ["conda-forge"],
        "conda": ["cudatoolkit=11.2", "cudnn=8.1.0"],
        "pip": ["{pip_requirement}", "{numpy_pin}"],
        "needs": ["nvidia-driver", "conda", "msvc-redist", "windows-long-paths"],
        "derived": False,
        "sources": ["DOCS"],
    },
    "docker-gpu": {
        "method": "docker",
        "title": "Docker image tensorflow/tensorflow:{docker_tag} with the NVIDIA Container Toolkit",
        "python_from": "image",
        "image": "tensorflow/tensorflow:{docker_tag}",
        "run_args": ["--gpus", "all"],
        "needs": ["nvidia-driver", "docker", "nvidia-container-toolkit"],
        "derived": True,
        "sources": ["DOCS"],
    },
}

FIXES = {
    "xla-libdevice": {
        "title": "Ubuntu 22.04: XLA cannot find libdevice / ptxas",
        "symptom": "Can't find libdevice directory ${CUDA_DIR}/nvvm/libdevice. / Couldn't invoke ptxas --version",
        "conda": {"channels": ["nvidia"], "packages": ["cuda-nvcc=11.3.58"]},
        "activate_env": [{"name": "XLA_FLAGS", "op": "set", "value": "--xla_gpu_cuda_data_dir={CONDA_PREFIX}/lib/"}],
        "copy": [{"from": "{CONDA_PREFIX}/lib/libdevice.10.bc", "to_dir": "{CONDA_PREFIX}/lib/nvvm/libdevice/"}],
        "sources": ["DOCS"],
    },
    "symlink-nvidia-libs": {
        "title": "Make the pip NVIDIA libraries and ptxas visible to TensorFlow (tensorflow.org step 6)",
        "symptom": "GPU list is empty; 'Cannot dlopen some GPU libraries'",
        "commands_bash": [
            "pushd $(dirname $(python -c 'print(__import__(\"tensorflow\").__file__)'))",
            "ln -svf ../nvidia/*/lib/*.so* .",
            "popd",
            "ln -sf $(find $(dirname $(dirname $(python -c \"import nvidia.cuda_nvcc; "
            "print(nvidia.cuda_nvcc.__file__)\"))/*/bin/) -name ptxas -print -quit) $VIRTUAL_ENV/bin/ptxas",
        ],
        "alternative_env": [{"name": "LD_LIBRARY_PATH", "op": "prepend", "python_glob": "nvidia/*/lib"}],
        "sources": ["DOCS", "ISSUE #63362", "ISSUE #65842"],
    },
}

DEFECTS = [
    {
        "id": "tf20-cpu-only-wheel", "tensorflow": "==2.0.*", "platforms": ["linux", "wsl2", "windows"],
        "effect": "info",
        "title": "The tensorflow 2.0.0 wheel is CPU-only",
        "symptom": "No GPU device although the driver, CUDA and cuDNN are installed",
        "workaround": "Install tensorflow-gpu==2.0.0 (the matrix row already does)",
        "sources": ["WHEEL", "REL v2.1.0"],
    },
    {
        "id": "tf23-ampere-invalid-image", "tensorflow": "==2.3.*", "platforms": ["linux", "wsl2", "windows"],
        "gpu_cc_min": "8.0", "effect": "rule-out",
        "title": "TF 2.3 (CUDA 10.1, PTX only for compute 7.0) does not run on Ampere and newer",
        "symptom": "CUDA runtime implicit initialization on GPU:0 failed. Status: device kernel image is invalid",
        "workaround": "Use TF 2.4 or newer (CUDA 11)",
        "sources": ["ISSUE #41990", "ISSUE #43718", "ISSUE #42428", "REL v2.3.0"],
    },
    {
        "id": "numpy2-abi", "tensorflow": "<2.18", "platforms": PLATFORMS, "effect": "info",
        "cpu_install": True,  # NumPy breaks TF on the CPU too (not a GPU library matter)
        "title": "NumPy 2 breaks TensorFlow before 2.18",
        "symptom": "A module that was compiled using NumPy 1.x cannot be run in NumPy 2.x as it may crash ... "
                   "/ AttributeError: _ARRAY_API not found",
        "workaround": "pip install \"numpy<2\" (the plan pins it)",
        "sources": ["ISSUE #67291", "ISSUE #102743", "ISSUE #91042", "REL v2.18.0"],
    },
    {
        "id": "tf2140-numpy-unbounded", "tensorflow": "==2.14.0", "platforms": PLATFORMS, "effect": "info",
        "cpu_install": True,  # NumPy breaks TF on the CPU too (not a GPU library matter)
        "title": "tensorflow 2.14.0 has no numpy upper bound and pulls NumPy 2",
        "symptom": "Crash at import with NumPy 2",
        "workaround": "Install 2.14.1 (adds numpy<2.0.0) or pin numpy<2",
        "sources": ["PYPI", "ISSUE #102743"],
    },
    {
        "id": "tf2150-tensorrt", "tensorflow": "==2.15.0", "platforms": ["linux", "wsl2"], "effect": "info",
        "title": "tensorflow[and-cuda]==2.15.0 pulls TensorRT 8.6.1",
        "symptom": "Large extra download (tensorrt, tensorrt-bindings, tensorrt-libs)",
        "workaround": "Install 2.15.0.post1 or 2.15.1, whose and-cuda extra has no TensorRT (the plan uses 2.15.1)",
        "sources": ["PYPI"],
    },
    {
        "id": "tf215-cudnn-8.8", "tensorflow": "==2.15.*", "platforms": ["linux", "wsl2"], "effect": "info",
        "title": "TF 2.15 needs cuDNN 8.9 (older docs said 8.8)",
        "symptom": "Loaded runtime CuDNN library: 8.8.0 but source was compiled with: 8.9.4",
        "workaround": "Use the pinned nvidia-cudnn-cu12==8.9.4.25",
        "sources": ["ISSUE #62626", "DOCS"],
    },
    {
        "id": "tf216-nvidia-libs-not-found", "tensorflow": ">=2.16,<2.18", "platforms": ["linux", "wsl2"],
        "effect": "caveat", "fix": "symlink-nvidia-libs",
        "title": "tensorflow[and-cuda] 2.16/2.17: the pip NVIDIA libraries are not found",
        "symptom": "tf.config.list_physical_devices('GPU') returns []; 'Cannot dlopen some GPU libraries'",
        "workaround": "Symlink the nvidia/*/lib libraries into the tensorflow package and ptxas into the venv "
                      "(tensorflow.org step 6), or put every site-packages/nvidia/*/lib on LD_LIBRARY_PATH. "
                      "Reported on 2.16.1 and 2.17.0rc0; the fixed version is unconfirmed",
        "sources": ["ISSUE #63362", "ISSUE #65842", "DOCS"],
    },
    {
        "id": "tf218-cudnn-shadowed", "tensorflow": ">=2.18", "platforms": ["linux", "wsl2"], "effect": "info",
        "title": "An older cuDNN 9 from another package shadows the one TF needs",
        "symptom": "Loaded runtime CuDNN library: 9.1.0 but source was compiled with: 9.3.0 / "
                   "DNN library initialization failed",
        "workaround": "Make sure cuDNN >= 9.3 is what gets loaded (keep TF in its own environment, "
                      "apart from e.g. a PyTorch wheel that pins an older nvidia-cudnn-cu12)",
        "sources": ["ISSUE #60913"],
    },
    {
        "id": "and-cuda-ranges", "tensorflow": ">=2.20", "platforms": ["linux", "wsl2"], "effect": "info",
        "title": "From 2.20 the and-cuda extra uses ranges, so pip may install newer CUDA 12.x libraries",
        "symptom": "e.g. nvidia-cuda-nvcc-cu12==12.9.86 next to TF 2.20",
        "workaround": "The plan's requirements.lock pins what pip resolves today (cuDNN 9.28, CUDA 12.9 runtime "
                      "and ptxas); do not pin TF's build versions instead (cuDNN 9.3 hangs XLA on Hopper)",
        "sources": ["PYPI", "ISSUE #99592", "RESOLVE"],
    },
    {
        "id": "cudnn93-hopper-xla-hang", "tensorflow": ">=2.20", "platforms": ["linux", "wsl2"],
        "gpu_cc_min": "9.0", "gpu_cc_max": "9.0", "effect": "info",
        "title": "With cuDNN 9.3.0.75 (TF's build pin) XLA's convolution autotuner hangs on Hopper",
        "symptom": "model.fit with jit_compile makes no step; ~130 % CPU, GPU 0 %; with "
                   "--xla_gpu_autotune_level=0: CUDNN_STATUS_NOT_SUPPORTED ... cudnnFinalize Failed",
        "workaround": "Use the cuDNN pip resolves today (9.28.0.42, what the plan's lock installs); never pin 9.3",
        "sources": ["H200"],
    },
    {
        "id": "hopper-ptx-jit", "tensorflow": ">=2.14,<2.16", "platforms": ["linux", "wsl2"],
        "gpu_cc_min": "9.0", "gpu_cc_max": "9.0", "effect": "info",
        "title": "H100/H200 on TF 2.14/2.15: kernels JIT-compiled from compute_80 PTX",
        "symptom": "TensorFlow was not built with CUDA kernel binaries compatible with compute capability 9.0 "
                   "... could take 30 minutes or longer",
        "workaround": "Use TF 2.16.1 or newer (compute_90 PTX in the wheel)",
        "sources": ["ISSUE #62320", "ISSUE #60739", "WHEEL"],
    },
    {
        "id": "blackwell-no-wheel-support", "tensorflow": ">=2.0", "platforms": ["linux", "wsl2", "windows"],
        "gpu_cc_min": "10.0", "effect": "rule-out",
        "title": "Blackwell GPUs (CC 10.0 / 12.0) are not supported by any official TensorFlow wheel",
        "symptom": "... CUDA kernels will be jit-compiled from PTX, which could take 30 minutes or longer, then "
                   "CUDA_ERROR_INVALID_PTX / CUDA_ERROR_INVALID_HANDLE; with XLA: 'PTX version 8.5 does not "
                   "support target sm_120'",
        "workaround": "Users report success with the NVIDIA NGC TensorFlow container or a source build with "
                      "CUDA 12.8+ for sm_120; no official fix (2.22.0rc0 still has no sm_100/sm_120 code)",
        "sources": ["ISSUE #89272", "ISSUE #97387", "ISSUE #99592", "ISSUE #111958", "WHEEL"],
    },
    {
        "id": "ptxas-not-found", "tensorflow": ">=2.15", "platforms": ["linux", "wsl2"], "effect": "info",
        "title": "XLA cannot find ptxas",
        "symptom": "Can't find ptxas binary in ${CUDA_DIR}/bin / No PTX compilation provider is available",
        "workaround": "Provide ptxas (nvidia-cuda-nvcc-cu12, included in and-cuda, or a CUDA toolkit) and/or "
                      "set XLA_FLAGS=--xla_gpu_cuda_data_dir=...",
        "sources": ["ISSUE #35423", "ISSUE #33375"],
    },
    {
        # the CUDA 10/11 releases: the cu12 package named above does not fit them (issue 12)
        "id": "ptxas-not-found-cuda11", "tensorflow": ">=2.0,<2.15", "platforms": ["linux", "wsl2"],
        "effect": "info",
        "title": "XLA cannot find ptxas",
        "symptom": "Can't find ptxas binary in ${CUDA_DIR}/bin / No PTX compilation provider is available",
        "workaround": "Provide ptxas of the row's CUDA 10/11 (nvidia-cuda-nvcc-cu11 for 2.14, a CUDA toolkit, or "
                      "conda's cuda-nvcc) and/or set XLA_FLAGS=--xla_gpu_cuda_data_dir=...",
        "sources": ["ISSUE #35423", "ISSUE #33375"],
    },
    {
        "id": "wsl2-no-cuda-driver", "tensorflow": ">=2.0", "platforms": ["wsl2"], "effect": "info",
        "title": "WSL2: 'Could not find cuda drivers on your machine'",
        "symptom": "Could not find cuda drivers on your machine, GPU will not be used.",
        "workaround": "Install the NVIDIA driver on Windows only (never a Linux driver inside WSL); installs "
                      "must not overwrite /usr/lib/wsl/lib/libcuda*",
        "sources": ["ISSUE #59413", "ISSUE #63341", "ISSUE #70960"],
    },
    {
        "id": "win210-cudnn-805", "tensorflow": "==2.10.*", "platforms": ["windows"], "effect": "info",
        "title": "TF 2.10 on Windows with cuDNN 8.0.5",
        "symptom": "Loaded runtime CuDNN library: 8.0.5 but source was compiled with: 8.1.0",
        "workaround": "Use cuDNN 8.1 (conda install -c conda-forge cudnn=8.1.0)",
        "sources": ["ISSUE #58986", "DOCS"],
    },
]


def numpy_facts(line: str) -> dict:
    m = minor(line)
    if m < 18:
        return {"numpy2": False, "pin": "numpy<2", "metadata": NUMPY_META.get(line),
                "note": "NumPy 2 is supported from TF 2.18; pin numpy<2 for this version"}
    return {"numpy2": True, "pin": None, "metadata": NUMPY_META[line], "note": None}


def keras_facts(line: str) -> dict:
    m = minor(line)
    if m < 16:
        note = ("tf.keras is Keras 2 (keras 2.15); if Keras 3 is installed in the same environment, "
                "tf.keras becomes Keras 3") if m == 15 else None
        return {"major": 2, "requirement": KERAS_META.get(line), "legacy": None, "note": note}
    return {
        "major": 3, "requirement": KERAS_META[line],
        "legacy": {"package": f"tf-keras~={line}", "env": {"TF_USE_LEGACY_KERAS": "1"}},
        "note": "Keras 3 is the default; for Keras 2 install tf-keras and set TF_USE_LEGACY_KERAS=1 "
                "(accepted values: 1, true, True) before importing tensorflow",
    }


def row(line: str, platform: str) -> dict:
    version, py, cudnn, cuda = LINUX[line]
    m = minor(line)
    pre = line == "2.22"
    sources = ["DOCS", "WHEEL", "PYPI" if m >= 14 else None, f"REL v{version}" if m in (14, 16, 17, 21) else None]
    notes: list[str] = []
    companions: list[str] = []
    gpu = "cuda"
    machines = ["x86_64"]
    wheel = None
    methods: dict[str, str] = {}
    and_cuda = None
    if platform in ("linux", "wsl2"):
        tag, confirmed = WHEEL_TAG[line]
        wheel = {"tag": tag, "glibc": GLIBC[tag], "confirmed": confirmed}
        if m >= 14:
            pip_version = PIP_VERSION[line]
            pip_req = f"tensorflow[and-cuda]=={pip_version}"
            and_cuda = pip_version
            methods = {"pip": "pip-and-cuda", "conda": "conda-python-pip-and-cuda", "docker": "docker-gpu"}
            if line in NO_TENSORRT:
                pip_req = f"tensorflow=={pip_version}"
                pins = AND_CUDA[pip_version][1]
                companions = [f"{name}-{AND_CUDA[pip_version][0]}{spec}"
                              for name, spec in zip(AND_CUDA_COLUMNS, pins, strict=True) if spec]
                methods["pip"] = "pip-cuda-wheels"
                sources.append("RESOLVE")
        else:
            pip_req = "tensorflow-gpu==2.0.0" if m == 0 else f"tensorflow=={line}.*"
            methods = {"pip": "pip-system-cuda", "docker": "docker-gpu"}
            if 5 <= m <= 11:
                methods["conda"] = "conda-cudatoolkit-cudnn"
            elif m in (12, 13):
                methods["conda"] = "conda-cudatoolkit-pip-cudnn"
        if m == 0:
            notes.append("The 2.0 'tensorflow' wheel is CPU-only; GPU needs tensorflow-gpu==2.0.0")
        if m < 14:
            notes.append("tensorflow[and-cuda] does not exist before 2.14")
        if platform == "wsl2":
            notes.append("WSL2 GPU support needs Windows 10 19044 (21H2) or newer and the NVIDIA driver on "
                         "Windows; driver numbers are Windows driver versions")
        docker_tag = f"{version}-gpu"
    elif platform == "windows":
        py = WINDOWS_PY.get(line, py)
        docker_tag = None
        if m <= 10:
            pip_req = f"tensorflow=={line}.*" if m != 10 else "tensorflow<2.11"
            methods = {"pip": "pip-system-cuda"}
            if m >= 5:
                methods["conda"] = "conda-windows-cudatoolkit"
            if m >= 1:
                notes.append("Needs the Microsoft Visual C++ Redistributable for Visual Studio 2015, 2017 and 2019")
            if m == 0:
                pip_req = "tensorflow-gpu==2.0.0"
        else:
            gpu = "none"
            pip_req = f"tensorflow=={line}.*" if not pre else "tensorflow==2.22.0rc0"
            if m in (14, 15, 16, 17, 18, 19, 20, 21):
                pip_req = f"tensorflow=={PIP_VERSION[line]}"
            methods = {"pip": "pip-cpu"}
            notes.append("TensorFlow 2.10 was the last release with GPU support on native Windows; from 2.11 use "
                         "WSL2, or tensorflow-cpu with the TensorFlow-DirectML-Plugin")
            sources.append("REL v2.11.1")
        if line == "2.13":
            notes.append("source_windows.md has no 2.13.0 row; the Python range is the Linux one")
    else:  # macos
        gpu = "none"
        docker_tag = None
        if m <= 16:
            machines = ["x86_64"]
        else:
            machines = ["arm64"]
        if 13 <= m <= 16:
            machines = ["x86_64", "arm64"]
            notes.append("arm64 (Apple silicon) wheels for 2.13-2.16 are not covered by the sourced facts")
        if m == 16:
            notes.append("TensorFlow 2.16 was the last release for macOS x86")
        if m >= 17:
            notes.append("macOS rows after 2.16.1 are not in the tested-configurations table; Python range "
                         "from the Linux table / PyPI")
        pip_req = f"tensorflow=={PIP_VERSION[line]}" if m >= 14 else f"tensorflow=={line}.*"
        methods = {"pip": "pip-cpu"}
        notes.append("No CUDA on macOS (no official GPU support)")
    if pre:
        notes.append("Pre-release: only 2.22.0rc0 is on PyPI; its keras requirement is keras-nightly")
    if gpu == "none":
        cuda_v, cudnn_v, archs, driver, cuda_build = None, None, None, None, None
        and_cuda = None
    else:
        cuda_v, cudnn_v, cuda_build = cuda, cudnn, CUDA_BUILD[line]
        a = ARCHS[line]
        if platform == "windows" and m < 10:
            a = None  # only the 2.10 Windows wheel's build_info was read (§2)
        archs = None if a is None else {"sass": a[0], "ptx": a[1], "note": a[2]}
        os_key = "linux" if platform == "linux" else "windows"
        driver = {"strict": strict_driver(cuda, os_key), "minor_compat": minor_driver(cuda, os_key),
                  "toolkit": STRICT_TOOLKIT[cuda]}
    if platform == "windows" and m == 10:
        sources.append("REL v2.11.1")
    if line in PROTOBUF_CAP or m == 0:
        sources.append("RESOLVE")
    if platform in ("linux", "wsl2") and line in NEEDS_NVIDIA_LIB_PATH:
        sources.append("H200")
    out = {
        "tensorflow": line,
        "platform": platform,
        "version": version,
        "prerelease": pre,
        "python": py,
        "gpu": gpu,
        "cuda": cuda_v,
        "cudnn": cudnn_v,
        "cuda_build": cuda_build,
        "archs": archs,
        "driver": driver,
        "machines": machines,
        "wheel": wheel,
        "pip_requirement": pip_req,
        "companions": companions + ([PROTOBUF_CAP[line]] if line in PROTOBUF_CAP else []),
        "needs_nvidia_lib_path": platform in ("linux", "wsl2") and line in NEEDS_NVIDIA_LIB_PATH,
        "and_cuda": and_cuda,
        "docker_tag": docker_tag if gpu == "cuda" else None,
        "numpy": numpy_facts(line),
        "keras": keras_facts(line),
        "methods": methods,
        "notes": notes,
        "sources": [s for s in sources if s],
    }
    return out


def build() -> dict:
    rows = [row(line, p) for line in reversed(LINES) for p in PLATFORMS]
    return {
        "schema_version": 1,
        "compiled_from": "shared facts tf-compat.md, compiled 2026-12-02; see docs/matrix.md",
        "sources": {
            "DOCS": "tensorflow/docs @ 7c3650212740204359d4ceae481abc79345541be: site/en/install/source.md, "
                    "source_windows.md, pip.md (https://www.tensorflow.org/install/source#gpu)",
            "PYPI": "wheel metadata (Requires-Dist, Requires-Python) of the Linux x86_64 cp311 wheels on PyPI",
            "WHEEL": "tensorflow/python/platform/build_info.py inside each PyPI wheel (+ fatbin scan for 2.21, "
                     "2.22.0rc0)",
            "REL": "https://github.com/tensorflow/tensorflow/releases/tag/v{version}",
            "NV-RN": "https://docs.nvidia.com/cuda/archive/13.2.2/cuda-toolkit-release-notes/index.html "
                     "(Tables 2 and 3)",
            "ISSUE": "https://github.com/tensorflow/tensorflow/issues/{number}",
            "RESOLVE": "resources/recordings/plan-resolution-*.json: every plan resolved for its target with "
                       "uv pip compile --python-version --python-platform (tools/check_plans.py), and the "
                       "study behind issue 17 (pip --dry-run --report, 2026-12-03)",
            "H200": "measured by the project on an NVIDIA H200 (driver 580.159.04), 2026-12-02/03; "
                    "docs/h200-results.md",
        },
        "drivers": {
            "toolkits": [{"cuda": c, "linux": lin, "windows": win} for c, lin, win in TOOLKITS],
            "minor_compat": MINOR_COMPAT,
            "sources": ["NV-RN"],
        },
        "architectures": [{"cc": cc, "name": name, "examples": ex} for cc, name, ex in ARCHITECTURES],
        "platforms": {
            "linux": {"title": "Linux", "gpu_until": None, "driver_os": "linux", "notes": [
                "Official GPU wheels are x86_64 only; Linux aarch64 builds are CPU-only (tensorflow-cpu-aws, "
                "built by AWS since 2.10)"]},
            "wsl2": {"title": "Windows (WSL2)", "gpu_until": None, "driver_os": "windows",
                     "min_windows_build": 19044, "notes": [
                         "Install the NVIDIA driver on Windows; never install a Linux NVIDIA driver inside WSL"]},
            "windows": {"title": "Windows (native)", "gpu_until": "2.10", "driver_os": "windows", "notes": [
                "TensorFlow 2.10 was the last release that supported GPU on native Windows",
                "Windows CPU builds since 2.10 are built and released by Intel (tensorflow-intel)"],
                "alternatives": [
                    {"id": "wsl2", "title": "WSL2 with the current TensorFlow and tensorflow[and-cuda]",
                     "detail": "Windows 10 19044 (21H2) or newer; NVIDIA driver >= 528.33 on Windows"},
                    {"id": "directml", "title": "tensorflow-cpu with the TensorFlow-DirectML-Plugin",
                     "detail": "Named by tensorflow.org as an option; its supported versions are not in the "
                               "sourced facts"},
                ]},
            "macos": {"title": "macOS", "gpu_until": None, "driver_os": None, "notes": [
                "There is currently no official GPU support for macOS (no CUDA)",
                "TensorFlow 2.16 was the last release for macOS x86; 2.21 wheels are macosx_12_0_arm64 only"]},
        },
        "and_cuda": and_cuda_block(),
        "recipes": RECIPES,
        "fixes": FIXES,
        "defects": DEFECTS,
        "rows": rows,
    }


_SCALAR_LIST = re.compile(r"\[\s*((?:\"(?:[^\"\\\\]|\\.)*\"|[-0-9.]+|null|true|false)(?:,\s*(?:\"(?:[^\"\\\\]|\\.)*\"|[-0-9.]+|null|true|false))*)\s*\]")


def render() -> str:
    """Indented JSON with lists of scalars kept on one line, so a row reads at a glance."""
    text = json.dumps(build(), indent=2, ensure_ascii=False)
    text = _SCALAR_LIST.sub(lambda m: "[" + re.sub(r",\s+", ", ", m.group(1)) + "]", text)
    return text + "\n"


def main(argv: list[str]) -> int:
    target = ROOT / "matrix.json"
    text = render()
    if "--check" in argv:
        same = target.read_text(encoding="utf-8") == text
        print("matrix.json is up to date" if same else "matrix.json differs from tools/matrix_build.py")
        return 0 if same else 1
    target.write_text(text, encoding="utf-8")
    print(f"wrote {target} ({len(build()['rows'])} rows)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
