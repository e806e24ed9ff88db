"""matrix.json against the sourced facts, and the loader against broken files.

The expected values below are copied by hand from /work/shared/facts/tf-compat.md (the section is named
with each table), so a wrong cell in matrix.json fails here.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tfgpu_wizard.core.paths import matrix_path
from tfgpu_wizard.core.setup.matrix import MatrixError, load_matrix, parse_matrix

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def matrix():
    return load_matrix()


@pytest.fixture()
def data():
    return json.loads(matrix_path().read_text(encoding="utf-8"))


# ------------------------------------------------------------------------------------------ coverage


def test_every_line_and_platform_is_there(matrix):
    lines = [f"2.{i}" for i in range(22)] + ["2.22"]
    assert set(matrix.lines) == set(lines)
    for line in lines:
        for platform in ("linux", "wsl2", "windows", "macos"):
            assert matrix.row(line, platform).tensorflow == line
    assert len(matrix.rows) == len(lines) * 4


def test_only_222_is_prerelease(matrix):
    pre = {r.tensorflow for r in matrix.rows if r.prerelease}
    assert pre == {"2.22"}
    assert matrix.row("2.22", "linux").version == "2.22.0rc0"  # §0: only 2.22.0rc0 on PyPI


def test_committed_json_matches_generator():
    script = REPO / "tools" / "matrix_build.py"
    if not script.is_file():
        pytest.skip("tools/ is not part of this tree (e.g. an sdist without it)")
    out = subprocess.run([sys.executable, str(script), "--check"],
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stdout + out.stderr


# ------------------------------------------------------------------------------------------ §1a Linux GPU table

# (line, python low, python high, cuDNN, CUDA) from §1a "Linux GPU (source.md)"
LINUX_GPU_TABLE = [
    ("2.21", "3.10", "3.13", "9.3", "12.5"),
    ("2.20", "3.9", "3.13", "9.3", "12.5"),
    ("2.19", "3.9", "3.12", "9.3", "12.5"),
    ("2.18", "3.9", "3.12", "9.3", "12.5"),
    ("2.17", "3.9", "3.12", "8.9", "12.3"),
    ("2.16", "3.9", "3.12", "8.9", "12.3"),
    ("2.15", "3.9", "3.11", "8.9", "12.2"),
    ("2.14", "3.9", "3.11", "8.7", "11.8"),
    ("2.13", "3.8", "3.11", "8.6", "11.8"),  # tutorials often say 12.1 here: the sources say 11.8
    ("2.12", "3.8", "3.11", "8.6", "11.8"),
    ("2.11", "3.7", "3.10", "8.1", "11.2"),
    ("2.10", "3.7", "3.10", "8.1", "11.2"),
    ("2.7", "3.7", "3.9", "8.1", "11.2"),
    ("2.5", "3.6", "3.9", "8.1", "11.2"),
    ("2.4", "3.6", "3.8", "8.0", "11.0"),
    ("2.3", "3.5", "3.8", "7.6", "10.1"),
    ("2.1", "3.5", "3.7", "7.6", "10.1"),
    ("2.0", "3.5", "3.7", "7.4", "10.0"),  # docs say 3.3; no 2.0 wheel below cp35 (issue 17)
]


@pytest.mark.parametrize(("line", "py_lo", "py_hi", "cudnn", "cuda"), LINUX_GPU_TABLE)
def test_linux_tested_configurations(matrix, line, py_lo, py_hi, cudnn, cuda):
    for platform in ("linux", "wsl2"):
        row = matrix.row(line, platform)
        assert row.cuda == cuda and row.cudnn == cudnn
        minors = row.python_minors()
        assert minors[0] == py_lo and minors[-1] == py_hi


def test_windows_gpu_table_and_cutoff(matrix):
    # §1b: tensorflow_gpu-2.10.0 3.7-3.10 cuDNN 8.1 CUDA 11.2; 2.1.0 3.5-3.7; GPU only up to 2.10
    r = matrix.row("2.10", "windows")
    assert (r.gpu, r.cuda, r.cudnn, r.python_minors()[0], r.python_minors()[-1]) == ("cuda", "11.2", "8.1", "3.7", "3.10")
    assert matrix.row("2.1", "windows").python_minors() == ("3.5", "3.6", "3.7")
    for line in [f"2.{i}" for i in range(11, 22)] + ["2.22"]:
        row = matrix.row(line, "windows")
        assert row.gpu == "none" and row.cuda is None and row.driver is None, line
    assert matrix.platforms["windows"].gpu_until == "2.10"
    # §6a: the documented native-Windows recipe
    rec = matrix.row("2.10", "windows").recipe("conda")
    assert rec.conda == ("cudatoolkit=11.2", "cudnn=8.1.0") and rec.conda_channels == ("conda-forge",)
    assert "tensorflow<2.11" in rec.pip


def test_macos_has_no_cuda(matrix):
    for row in matrix.rows_for("macos"):
        assert row.gpu == "none" and row.cuda is None
    assert matrix.row("2.16", "macos").machines == ("x86_64", "arm64")  # §1d: 2.16 last for macOS x86
    assert matrix.row("2.21", "macos").machines == ("arm64",)  # 2.21 wheels are macosx_12_0_arm64 only


# ------------------------------------------------------------------------------------------ §2 wheels


# (line, sass, ptx) from §2 build_info
WHEEL_ARCHS = [
    ("2.3", ("3.5", "3.7", "5.2", "6.0", "6.1"), ("7.0",)),
    ("2.4", ("3.5", "5.0", "6.0", "7.0", "7.5"), ("8.0",)),
    ("2.14", ("3.5", "5.0", "6.0", "7.0", "7.5"), ("8.0",)),
    ("2.15", ("5.0", "6.0", "7.0", "7.5"), ("8.0",)),  # sm_35 gone
    ("2.16", ("5.0", "6.0", "7.0", "8.0"), ("9.0",)),  # sm_75 gone, compute_90 added
    ("2.17", ("6.0", "7.0", "8.0", "8.9"), ("9.0",)),  # Maxwell dropped, sm_89 added
    ("2.21", ("6.0", "7.0", "8.0", "8.9"), ("9.0",)),
    ("2.22", ("6.0", "7.0", "8.0", "8.9"), ("9.0",)),  # still no sm_100 / sm_120
]


@pytest.mark.parametrize(("line", "sass", "ptx"), WHEEL_ARCHS)
def test_wheel_architectures(matrix, line, sass, ptx):
    row = matrix.row(line, "linux")
    assert row.archs.sass == sass and row.archs.ptx == ptx


def test_wheel_cuda_build_and_glibc(matrix):
    assert matrix.row("2.0", "linux").cuda_build is None  # §2: 2.0 tensorflow wheel is CPU-only
    assert matrix.row("2.0", "linux").pip_requirement == "tensorflow-gpu==2.0.0"
    assert matrix.row("2.18", "linux").cuda_build == "12.5.1"
    assert matrix.row("2.2", "linux").cuda_build == "10"
    assert matrix.row("2.21", "linux").wheel.tag == "manylinux_2_27"  # §2 "Consequences"
    assert matrix.row("2.21", "linux").wheel.glibc == "2.27"
    assert matrix.row("2.20", "linux").wheel.glibc == "2.17"
    assert matrix.row("2.9", "linux").wheel.tag == "manylinux2014"
    assert matrix.row("2.8", "linux").wheel.glibc == "2.12"  # manylinux2010
    assert matrix.row("2.11", "linux").wheel.confirmed is False  # inferred, not read


# ------------------------------------------------------------------------------------------ §3 and-cuda


def test_and_cuda_pins(matrix):
    assert matrix.row("2.13", "linux").and_cuda is None  # and-cuda starts at 2.14 [REL v2.14.0]
    p215 = dict(matrix.row("2.15", "linux").and_cuda.packages)
    assert matrix.row("2.15", "linux").and_cuda.tf_version == "2.15.1"
    assert p215["nvidia-cudnn-cu12"] == "==8.9.4.25" and "tensorrt" not in p215
    assert dict(matrix.and_cuda["2.15.0"].packages)["tensorrt"] == "==8.6.1.post1"  # 2.15.0 pulled TensorRT
    p214 = dict(matrix.and_cuda["2.14.1"].packages)
    assert p214["nvidia-cudnn-cu11"] == "==8.7.0.84" and p214["nvidia-cublas-cu11"] == "==11.11.3.6"
    assert dict(matrix.and_cuda["2.19.0"].packages)["nvidia-nccl-cu12"] == "==2.23.4"
    assert dict(matrix.and_cuda["2.16.1"].packages)["nvidia-cuda-nvcc-cu12"] == "==12.3.107"
    ac21 = matrix.and_cuda["2.21.0"]
    assert not ac21.exact and dict(ac21.packages)["nvidia-cudnn-cu12"] == "<10.0,>=9.3.0.75"
    ac22 = dict(matrix.and_cuda["2.22.0rc0"].packages)
    assert ac22["nvidia-cudnn-cu12"] == "<10.0,>=9.10.2.21" and ac22["nvidia-nvshmem-cu12"] == ">=3.2.5"
    assert matrix.and_cuda["2.18.1"].exact
    assert "nvidia-cudnn-cu12==9.3.0.75" in matrix.and_cuda["2.18.1"].requirements()


def test_numpy_and_keras_facts(matrix):
    for line in ("2.12", "2.16", "2.17"):
        assert matrix.row(line, "linux").numpy.pin == "numpy<2"
    assert matrix.row("2.18", "linux").numpy.numpy2 and matrix.row("2.18", "linux").numpy.pin is None
    assert matrix.row("2.19", "linux").numpy.metadata == "<2.2.0,>=1.26.0"
    assert matrix.row("2.15", "linux").keras.major == 2
    k = matrix.row("2.16", "linux").keras
    assert k.major == 3 and k.legacy_package == "tf-keras~=2.16" and k.legacy_env == {"TF_USE_LEGACY_KERAS": "1"}
    assert matrix.row("2.21", "linux").keras.requirement == "keras>=3.12.0"
    assert "numpy<2" in matrix.row("2.16", "linux").recipe("pip").pip


def test_defects_attach_to_the_right_rows(matrix):
    assert "tf216-nvidia-libs-not-found" in {d.id for d in matrix.row("2.16", "linux").defects}
    assert "tf216-nvidia-libs-not-found" not in {d.id for d in matrix.row("2.18", "linux").defects}
    assert "tf2150-tensorrt" not in {d.id for d in matrix.row("2.15", "linux").defects}  # row is 2.15.0
    assert "numpy2-abi" in {d.id for d in matrix.row("2.17", "macos").defects}
    d = next(d for d in matrix.defects if d.id == "tf216-nvidia-libs-not-found")
    assert d.fix == "symlink-nvidia-libs" and "ISSUE #63362" in d.sources
    assert "ln -svf ../nvidia/*/lib/*.so* ." in matrix.fixes["symlink-nvidia-libs"].data["commands_bash"]


# ------------------------------------------------------------------------------------------ §5 drivers


def test_driver_tables(matrix):
    dt = matrix.drivers
    assert dt.strict_min("12.5.1", "linux") == "555.42.06"  # §5a
    assert dt.strict_min("12.5.1", "windows") == "555.85"
    assert dt.strict_min("11.8", "linux") == "520.61.05"
    assert dt.strict_min("13.0", "windows") is None  # N/A
    assert dt.minor_compat_min("12.5", "linux") == "525.60.13"  # §5b
    assert dt.minor_compat_min("11.2", "windows") == "452.39"
    assert dt.minor_compat_min("10.1", "linux") is None
    assert dt.max_cuda_for("550.54.14", "linux") == "12.4"
    # §5d derived per-TF floors
    assert (matrix.row("2.21", "linux").driver.strict, matrix.row("2.21", "linux").driver.minor_compat) == (
        "555.42.06", "525.60.13")
    assert (matrix.row("2.21", "wsl2").driver.strict, matrix.row("2.21", "wsl2").driver.minor_compat) == (
        "555.85", "528.33")
    assert matrix.row("2.10", "linux").driver.strict == "460.27.03"
    assert matrix.row("2.13", "linux").driver.minor_compat == "450.80.02"
    assert matrix.row("2.1", "linux").driver.minor_compat is None and matrix.row("2.1", "linux").driver.strict == "418.39"
    assert matrix.arch_name("8.6") == "Ampere" and matrix.arch_name("12.0") == "Blackwell"


def test_sources_cited(matrix):
    for row in matrix.rows:
        assert row.sources, row.label
    assert matrix.source_url("ISSUE #63362") == "https://github.com/tensorflow/tensorflow/issues/63362"
    assert matrix.source_url("REL v2.16.1").endswith("/releases/tag/v2.16.1")


def test_conda_recipes_of_the_era(matrix):
    r = matrix.row("2.13", "linux").recipe("conda")  # §6c
    assert r.conda == ("cudatoolkit=11.8.0",)
    assert r.pip[:2] == ("nvidia-cudnn-cu11==8.6.0.163", "tensorflow==2.13.*")
    assert [e.name for e in r.activate_env] == ["CUDNN_PATH", "LD_LIBRARY_PATH"]
    r11 = matrix.row("2.11", "linux").recipe("conda")  # §6b
    assert r11.conda == ("cudatoolkit=11.2.2", "cudnn=8.1.0") and "xla-libdevice" in r11.optional_fixes
    d = matrix.row("2.15", "linux").recipe("docker")
    assert d.image == "tensorflow/tensorflow:2.15.0-gpu"


# ------------------------------------------------------------------------------------------ corruption


def _write(tmp_path: Path, text: str | bytes, name: str = "matrix.json") -> Path:
    p = tmp_path / name
    if isinstance(text, bytes):
        p.write_bytes(text)
    else:
        p.write_text(text, encoding="utf-8")
    return p


def _err(path: Path) -> MatrixError:
    with pytest.raises(MatrixError) as info:
        load_matrix(path)
    return info.value


def _row_index(data, line, platform):
    return next(i for i, r in enumerate(data["rows"]) if r["tensorflow"] == line and r["platform"] == platform)


def test_file_missing(tmp_path):
    e = _err(tmp_path / "nope.json")
    assert "does not exist" in str(e) and "nope.json" in str(e)


def test_empty_file(tmp_path):
    assert "empty" in str(_err(_write(tmp_path, "  \n")))


def test_truncated_json(tmp_path):
    text = matrix_path().read_text(encoding="utf-8")
    e = _err(_write(tmp_path, text[: len(text) // 2]))
    assert "not valid JSON at line" in str(e) and "truncated" in str(e)


def test_utf8_bom_is_accepted_utf16_and_latin1_are_not(tmp_path):
    text = matrix_path().read_text(encoding="utf-8")
    assert len(load_matrix(_write(tmp_path, b"\xef\xbb\xbf" + text.encode("utf-8"), "bom.json")).rows) == 92
    assert "UTF-16" in str(_err(_write(tmp_path, text.encode("utf-16"), "u16.json")))
    bad = text.replace('"compiled_from": "', '"compiled_from": "caf\u00e9 ', 1).encode("latin-1", "replace")
    assert "not UTF-8" in str(_err(_write(tmp_path, bad, "latin1.json")))


def test_top_level_not_an_object(tmp_path):
    assert "top level" in str(_err(_write(tmp_path, "[1, 2]")))


@pytest.mark.parametrize("version", [2, None, "1"])
def test_wrong_schema_version(tmp_path, data, version):
    data["schema_version"] = version
    e = _err(_write(tmp_path, json.dumps(data)))
    assert e.field == "schema_version" and "this tool reads schema_version 1" in str(e)
    if version == 2:
        assert "newer" in str(e)


def test_wrong_type_names_row_and_field(tmp_path, data):
    data["rows"][_row_index(data, "2.13", "linux")]["python"] = 3.8
    e = _err(_write(tmp_path, json.dumps(data)))
    assert e.where == "row tensorflow 2.13 / linux" and e.field == "python"
    assert "expected a string, got 3.8" in str(e)


def test_missing_field(tmp_path, data):
    del data["rows"][_row_index(data, "2.16", "wsl2")]["cudnn"]
    e = _err(_write(tmp_path, json.dumps(data)))
    assert e.where == "row tensorflow 2.16 / wsl2" and "missing field 'cudnn'" in str(e)


def test_bad_version_string(tmp_path, data):
    data["rows"][_row_index(data, "2.12", "linux")]["version"] = "two.twelve"
    e = _err(_write(tmp_path, json.dumps(data)))
    assert (e.where, e.field) == ("row tensorflow 2.12 / linux", "version") and "not a version" in str(e)


def test_version_outside_its_line(tmp_path, data):
    data["rows"][_row_index(data, "2.12", "linux")]["version"] = "2.11.0"
    assert "not in the 2.12 line" in str(_err(_write(tmp_path, json.dumps(data))))


def test_bad_python_specifier(tmp_path, data):
    data["rows"][_row_index(data, "2.10", "windows")]["python"] = "3.7-3.10"
    e = _err(_write(tmp_path, json.dumps(data)))
    assert (e.where, e.field) == ("row tensorflow 2.10 / windows", "python")
    assert "not a version range" in str(e) and ">=3.9,<3.12" in str(e)


def test_duplicate_row(tmp_path, data):
    data["rows"].append(dict(data["rows"][_row_index(data, "2.15", "linux")]))
    e = _err(_write(tmp_path, json.dumps(data)))
    assert e.where == "row tensorflow 2.15 / linux" and "duplicate row" in str(e)


def test_unknown_platform(tmp_path, data):
    data["rows"][_row_index(data, "2.15", "macos")]["platform"] = "solaris"
    e = _err(_write(tmp_path, json.dumps(data)))
    assert e.where == "row tensorflow 2.15 / solaris" and e.field == "platform"
    assert '"linux", "wsl2", "windows", "macos"' in str(e)


def test_bad_driver_version(tmp_path, data):
    data["rows"][_row_index(data, "2.18", "linux")]["driver"]["strict"] = "555.42.06-beta"
    e = _err(_write(tmp_path, json.dumps(data)))
    assert (e.where, e.field) == ("row tensorflow 2.18 / linux", "driver.strict")


def test_driver_disagrees_with_table(tmp_path, data):
    data["rows"][_row_index(data, "2.18", "linux")]["driver"]["strict"] = "535.54.03"
    assert "disagrees with the driver table" in str(_err(_write(tmp_path, json.dumps(data))))


def test_unknown_recipe_reference(tmp_path, data):
    data["rows"][_row_index(data, "2.19", "linux")]["methods"]["pip"] = "pip-magic"
    e = _err(_write(tmp_path, json.dumps(data)))
    assert e.field == "methods.pip" and "unknown recipe 'pip-magic'" in str(e)


def test_cuda_row_without_cuda(tmp_path, data):
    data["rows"][_row_index(data, "2.19", "linux")]["cuda"] = None
    e = _err(_write(tmp_path, json.dumps(data)))
    assert e.field == "cuda" and 'gpu is "cuda"' in str(e)


def test_bad_defect_specifier(tmp_path, data):
    data["defects"][0]["tensorflow"] = "2.16 to 2.17"
    e = _err(_write(tmp_path, json.dumps(data)))
    assert e.where.startswith("defect '") and e.field == "tensorflow"


def test_unknown_top_level_field(tmp_path, data):
    data["rowz"] = []
    e = _err(_write(tmp_path, json.dumps(data)))
    assert "unexpected field" in str(e)


def test_directory_instead_of_file(tmp_path):
    assert "folder" in str(_err(tmp_path))


def test_parse_matrix_reuses_data_and_path_with_spaces_and_chinese(tmp_path, data):
    folder = tmp_path / "我的 矩阵"
    folder.mkdir()
    p = _write(folder, json.dumps(data, ensure_ascii=False))
    m = load_matrix(p)
    assert m.path == p and len(parse_matrix(data).rows) == 92
