"""`tfgpu-wizard check` (issue 26): fixtures from real tutorials scored against findings written down before the
checker (tests/fixtures/check/expected.json), the rule families on small texts, this machine from the recorded
H200 doctor report, bad input, the CLI, and the generated docker plan passing its own check."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tfgpu_wizard.core import i18n
from tfgpu_wizard.core.setup.check.engine import check_bytes
from tfgpu_wizard.core.setup.check.machine import Tools
from tfgpu_wizard.core.setup.host_model import HostReport

ROOT = Path(__file__).resolve().parents[1]
FIX = ROOT / "tests" / "fixtures" / "check"
EXPECTED = json.loads((FIX / "expected.json").read_text(encoding="utf-8"))
H200 = ROOT / "resources" / "recordings" / "doctor-h200.json"  # recorded on an H200 (see its recorded_on)
# Written-down findings the checker does not find (exactness over recall), each with the reason.
KNOWN_MISSES = {
    ("f15_zh_requirements.txt", 4): "tensorflow>=2.13.0 on an unnamed Python may install 2.13, which the cu11 "
                                    "cuDNN 8.6 fits: the checker says 'unknown' instead",
}


def h200() -> HostReport:
    return HostReport.from_json(H200.read_text(encoding="utf-8"))


def _host(**driver) -> HostReport:
    host = h200()
    for k, v in driver.items():
        setattr(host.driver, k, v)
    return host


def _run(name: str, host=None):
    return check_bytes((FIX / name).read_bytes(), name, host=host)


@pytest.fixture(autouse=True)
def _english():
    old = i18n.language()
    i18n.set_language("en")
    yield
    i18n.set_language(old)


def test_fixtures_precision_and_recall():
    """Every finding stands on a line where a finding was expected (precision 1); every expected finding is
    found except the documented misses; rules and severities agree where found."""
    expected_n = found_ok = 0
    wrong: list[str] = []
    disagree: list[str] = []
    for fx in EXPECTED["fixtures"]:
        rep = _run(fx["file"])
        exp = {e["line"]: e for e in fx["expected"]}
        got_lines = {f.line for f in rep.findings}
        for f in rep.findings:
            if f.line not in exp:
                wrong.append(f"{fx['file']}:{f.line} {f.rule} {f.title}")
        for line, e in exp.items():
            expected_n += 1
            if line in got_lines:
                found_ok += 1
                hits = [f for f in rep.findings if f.line == line]
                if not any(f.rule == e["rule"] and f.severity == e["severity"] for f in hits):
                    disagree.append(f"{fx['file']}:{line} expected {e['rule']}/{e['severity']}, got "
                                    f"{[(f.rule, f.severity) for f in hits]}")
            else:
                assert (fx["file"], line) in KNOWN_MISSES, f"missed {fx['file']}:{line} {e['rule']}"
        # the unknowns written down are said as unknowns, never as findings
        unknown_lines = {u.ref.line for u in rep.unknowns}
        assert set(fx["unknown"]) <= unknown_lines, (fx["file"], unknown_lines)
        assert not set(fx["unknown"]) & got_lines
    assert not wrong, wrong
    assert not disagree, disagree
    assert found_ok == expected_n - len(KNOWN_MISSES)
    print(f"precision {1.0:.2f}, recall {found_ok}/{expected_n}")


def test_fixture_with_the_h200_host():
    fx = next(f for f in EXPECTED["fixtures"] if f["file"] == "f03_wsl_conda_tf212.md")
    rep = _run(fx["file"], host=h200())
    machine = [(f.rule, f.line, f.severity) for f in rep.findings if f.against == "machine"]
    assert machine == [(e["rule"], e["line"], e["severity"]) for e in fx["host_h200"]]
    assert rep.checked_machine


def test_chinese_findings_for_a_chinese_text():
    i18n.set_language("zh_CN")
    rep = _run("f01_zh_windows_tf25.txt")
    assert rep.findings
    for f in rep.findings:
        assert any("\u4e00" <= ch <= "\u9fff" for ch in f.title + f.explanation), f.title


@pytest.mark.parametrize("text, name, rule, severity", [
    ("pip install tensorflow==2.16.0\n", "x.sh", "tf-version", "error"),
    ("FROM tensorflow/tensorflow:2.16.0-gpu\n", "Dockerfile", "docker-tag", "error"),
    ("docker run -it tensorflow/tensorflow:2.15.0-gpu python\n", "run.sh", "docker-no-gpus", "warning"),
    ("pip install 'tensorflow[and-cuda]==2.12.0'\n", "x.sh", "and-cuda-old", "error"),
    ("pip install tensorflow==2.15.1\npip install numpy==2.1.0\n", "x.sh", "numpy2", "error"),
    ("pip install tensorflow==2.17.0\npip install keras==2.15.0\n", "x.sh", "keras-pin", "error"),
    ("pip install tensorflow==2.17.0\n", "x.ipynb", None, None),
    ("On Windows 11:\nconda install -c conda-forge cudatoolkit=11.8\npip install tensorflow==2.15.1\n", "x.txt",
     "windows-native-gpu", "error"),
    ("| tensorflow-2.15.0 | 3.9-3.11 | Clang 16.0.0 | Bazel 6.1.0 | 8.9 | 12.2 |\n", "t.md", None, None),
    ("TensorFlow 2.15 needs cuDNN 8.8 and CUDA 12.2\n", "t.md", "tf-cudnn", "error"),
    ("conda create -n tf python=3.12\nconda activate tf\npip install tensorflow==2.15.1\n", "x.sh",
     "python-range", "error"),
    ("services:\n  tf:\n    image: tensorflow/tensorflow:latest-gpu\n    deploy:\n      resources:\n"
     "        reservations:\n          devices:\n            - driver: nvidia\n", "compose.yml",
     "compose-capabilities", "error"),
    ("pip install tensorflow==2.17.0\n```python\nfrom keras.utils.np_utils import to_categorical\n```\n", "x.md",
     "keras2-api", "warning"),
    ("pip install tensorflow-gpu==2.10.0\n", "x.sh", "tensorflow-gpu", "info"),
    ("pip install tensorflow-gpu==2.0.0\n", "x.sh", None, None),
])
def test_rules(text, name, rule, severity):
    rep = check_bytes(text, name)
    got = [(f.rule, f.severity) for f in rep.findings]
    if rule is None:
        assert got == []
    else:
        assert (rule, severity) in got, got


def test_notebook_cells_and_lines():
    nb = {"cells": [{"cell_type": "markdown", "source": ["# Setup\n"]},
                    {"cell_type": "code", "source": ["!pip install tensorflow==2.16.0\n", "import tensorflow as tf\n"],
                     "outputs": [{"output_type": "stream", "text": ["x" * 100_000]}]}],
          "metadata": {"kernelspec": {"language": "python"}}, "nbformat": 4, "nbformat_minor": 5}
    rep = check_bytes(json.dumps(nb).encode(), "lesson.ipynb")
    assert rep.format == "notebook"
    f = next(f for f in rep.findings if f.rule == "tf-version")
    assert (f.refs[0].cell, f.refs[0].line) == (2, 1)


def test_machine_checks():
    old_driver = _host(version="450.80.02", cuda_version="11.0")
    rep = check_bytes("pip install 'tensorflow[and-cuda]==2.15.1'\n", "x.sh", host=old_driver)
    assert "machine-driver" in [f.rule for f in rep.findings]
    rep = check_bytes("FROM nvidia/cuda:12.2.0-cudnn8-runtime-ubuntu22.04\n", "Dockerfile", host=old_driver)
    assert [f.rule for f in rep.findings] == ["machine-docker-cuda"]
    rep = check_bytes("pip install tensorflow==2.15.1\n", "x.sh", host=h200())  # Python 3.12 here
    assert "machine-python" in [f.rule for f in rep.findings]
    rep = check_bytes("docker run --gpus all tensorflow/tensorflow:latest-gpu python\n", "x.sh", host=h200(),
                      tools=Tools(docker=True, container_toolkit=False))
    assert [f.rule for f in rep.findings] == ["machine-container-toolkit"]
    rep = check_bytes("docker run --gpus all tensorflow/tensorflow:latest-gpu python\n", "x.sh", host=h200(),
                      tools=Tools(docker=True, container_toolkit=True))
    assert rep.findings == []


def test_the_generated_docker_plan_passes_its_own_check():
    from tfgpu_wizard.core.setup.matrix import load_matrix
    from tfgpu_wizard.core.setup.plan.build import build_plan
    from tfgpu_wizard.core.setup.recommend import recommend

    host = h200()
    rec = recommend(load_matrix(), host, method="docker")
    plan = build_plan(rec.chosen.row, host, "docker", "bash", "/home/me/my project")
    for name, text in (("install.sh", plan.script()), ("README.md", plan.readme())):
        rep = check_bytes(text, name, host=host, tools=Tools(docker=True, container_toolkit=True))
        assert rep.claims > 0
        assert [f for f in rep.findings if f.severity in ("error", "warning")] == [], (name, rep.findings)


@pytest.mark.parametrize("data, note", [
    (bytes(range(256)) * 100, "binary"),
    (b"", "empty"),
    (b"Hello, this is a recipe for bread.\nFlour and water.\n", "no-claims"),
    (b'{"cells": [', "not-json"),
])
def test_bad_input_gets_a_clear_answer(data, note):
    rep = check_bytes(data, "x.ipynb" if note == "not-json" else "x.txt")
    assert note in rep.notes
    assert rep.findings == []


def test_cli_text_json_and_exit_codes(capsys, tmp_path):
    from tfgpu_wizard.cli import main

    src = FIX / "f14_tensorflow_org_pip.md"
    assert main(["check", str(src), "--no-machine"]) == 1
    out = capsys.readouterr().out
    assert "line 9" in out and "pip install 'tensorflow[and-cuda]'" in out
    assert main(["check", str(FIX / "f05_wsl_tf213_versions.md"), "--host", str(H200), "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert payload["checked_machine"] and payload["findings"] == [] and payload["exit_code"] == 0
    binary = tmp_path / "空 格.bin"
    binary.write_bytes(bytes(range(256)) * 10)
    assert main(["check", str(binary), "--no-machine"]) == 2
    assert main(["check", str(tmp_path / "missing.md"), "--no-machine"]) == 2
    assert "missing.md" in capsys.readouterr().err
    assert main(["--lang", "zh_CN", "check", str(FIX / "f02_en_dependencies.txt"), "--no-machine"]) == 1
    assert "错误" in capsys.readouterr().out
