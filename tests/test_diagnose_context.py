"""Diagnosis on logs as users save them (encodings, Chinese consoles) and with what the caller
knows (platform, TensorFlow version, driver): issues 13, 14 and 16. Real fixtures throughout
(tests/fixtures/logs, each with its source)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tfgpu_wizard.core.diagnose.engine import decode_log, diagnose, format_findings, tf_version_from_log
from tfgpu_wizard.core.diagnose.textdecode import decode_bytes, detect_encoding

ROOT = Path(__file__).resolve().parent.parent
LOGS = Path(__file__).parent / "fixtures" / "logs"


def raw(name: str) -> bytes:
    return (LOGS / f"{name}.log").read_bytes()


def ids(findings) -> list[str]:
    return [f.rule_id for f in findings]


# ---------------------------------------------------------------------------- encodings


def test_gbk_file_from_a_chinese_cmd_console():
    data = raw("gh_spmc_2_nvidia_smi_not_recognized_gbk")
    with pytest.raises(UnicodeDecodeError):
        data.decode("utf-8")  # really GBK bytes, as cmd.exe's ">" writes them
    assert detect_encoding(data) == "gb18030"
    text = decode_log(data)
    assert "不是内部或外部命令" in text and "\ufffd" not in text
    first = diagnose(text)[0]
    assert first.rule_id == "command-not-found" and "nvidia-smi" in first.title
    assert "driver" in first.explanation and "PATH" in first.explanation


def test_access_denied_in_chinese_pip_output():
    data = raw("gh_smsboom_19_access_denied_gbk")
    assert detect_encoding(data) == "gb18030"
    found = diagnose(decode_log(data), platform="windows")
    assert found[0].rule_id == "access-denied" and "拒绝访问" in found[0].evidence[0].text
    assert "python-exception" not in ids(found)


def test_path_not_found_english_and_chinese():
    en = diagnose(decode_log(raw("gh_llama_cpp_1077_path_not_found")))[0]
    assert en.rule_id == "path-not-found" and "CUDA" in en.explanation and "11.2" in en.explanation
    # the same error as a Chinese Windows prints it (the system's own wording), saved as GBK
    zh = "FileNotFoundError: [WinError 3] 系统找不到指定的路径。: 'C:\\\\CUDA\\\\v11.2\\\\bin'\r\n".encode("gb18030")
    found = diagnose(decode_log(zh))
    assert found[0].rule_id == "path-not-found" and "v11.2" in found[0].explanation


@pytest.mark.parametrize("codec", ["utf-16-le", "utf-16-be", "utf-16", "utf-8-sig", "gb18030", "utf-8"])
def test_every_common_encoding_gives_the_same_findings(codec):
    text = decode_log(raw("gh_tf_text_1167_cudnn_mismatch")).replace("\n", "\r\n")
    data = text.encode(codec)  # "utf-16": with a BOM (PowerShell 5); -le/-be: without one
    assert decode_bytes(data) == text
    assert ids(diagnose(decode_bytes(data))) == ids(diagnose(text))


def test_utf16_without_bom_chinese_text():
    text = "'nvidia-smi' 不是内部或外部命令，也不是可运行的程序\r\n或批处理文件。\r\n"
    assert detect_encoding(text.encode("utf-16-le")) == "utf-16-le"
    assert decode_bytes(text.encode("utf-16-le")) == text


def test_junk_never_raises_and_locale_fallback():
    assert decode_bytes(b"") == "" and decode_bytes(b"\xff\xfe") == ""
    junk = bytes(range(256)) * 20
    assert isinstance(decode_bytes(junk), str)
    # Latin-1 bytes that are not valid GB18030 fall through to the locale / replacement
    assert detect_encoding("café\n".encode("latin-1")) != "gb18030"
    assert "caf" in decode_bytes("café\n".encode("latin-1"))


def test_cli_reads_gbk_from_a_file_and_stdin(tmp_path):
    env = dict(os.environ, PYTHONIOENCODING="utf-8", LANG="C.UTF-8", PYTHONPATH=str(ROOT / "src"))
    env.pop("TFGPU_WIZARD_LANG", None)
    target = tmp_path / "日志 log.txt"
    target.write_bytes(raw("gh_spmc_2_nvidia_smi_not_recognized_gbk"))
    for args, stdin in (([str(target)], None), (["-"], target.read_bytes())):
        res = subprocess.run(
            [sys.executable, "-m", "tfgpu_wizard", "diagnose", *args, "--json", "--platform", "windows"],
            input=stdin,
            capture_output=True,
            timeout=60,
            env=env,
        )
        data = json.loads(res.stdout.decode("utf-8"))
        assert res.returncode == 1 and data["encoding"] == "gb18030"
        assert data["findings"][0]["rule_id"] == "command-not-found"
        assert "System32" in data["findings"][0]["fix"]


# ---------------------------------------------------------------------------- context


def test_tf_version_is_read_from_the_log():
    assert tf_version_from_log(decode_log(raw("gh_tf_60237_windows_tf212"))) == "2.12.0"
    assert tf_version_from_log("TensorFlow version 2.16.1\n") == "2.16.1"
    assert tf_version_from_log("/venv/lib/python3.11/site-packages/tensorflow-2.12.0.dist-info/") == "2.12.0"
    assert tf_version_from_log("Successfully installed keras-3.5.0 tensorflow-2.17.0\n") == "2.17.0"
    assert tf_version_from_log("no version here\n") is None
    # native Windows after 2.10: found from the printed version; 2.10 is not that finding
    win = decode_log(raw("gh_tf_60237_windows_tf212"))
    assert diagnose(win, platform="windows")[0].rule_id == "windows-native-no-gpu"
    old = win.replace("2.12.0", "2.10.1")
    assert "windows-native-no-gpu" not in ids(diagnose(old, platform="windows"))


def test_dlopen_advice_depends_on_the_tf_version():
    text = decode_log(raw("gh_tf_65035_dlopen_tf216"))
    f216 = diagnose(text, platform="linux", tf_version="2.16.1")[0]
    f221 = diagnose(text, platform="linux", tf_version="2.21.0")[0]
    assert f216.rule_id == f221.rule_id == "dlopen-failed"
    assert "2.16.1" in f216.fix and "2.17" in f216.fix
    assert "2.16" not in f221.fix  # a 2.21 user is not sent to the 2.16.1 bug
    assert "tensorflow[and-cuda]" in f221.fix and "nvidia.__path__" in f221.fix
    assert "LD_LIBRARY_PATH" in f221.fix and "TF_CPP_MAX_VLOG_LEVEL=1" in f221.fix
    # the same version read from the log (a pip line) when the caller does not say
    assert "nvidia.__path__" in diagnose("tensorflow-2.21.0.dist-info\n" + text, platform="linux")[0].fix


def test_dso_loader_names_the_missing_library_first():
    # TF_CPP_MAX_VLOG_LEVEL=1 output shape: one library fails, the others open
    text = decode_log(raw("gh_nvidia_tf_110_cusolver_nvjitlink"))
    found = diagnose(text, platform="linux", tf_version="2.21.0")
    assert found[0].rule_id == "missing-library"
    # the reason names the library really missing, with the one being loaded in brackets
    assert "libnvJitLink.so.12 (libcusolver.so.11)" in found[0].title
    assert [f for f in found if f.rule_id == "dlopen-failed"][0].symptom_of == "missing-library"


def test_nested_loader_error_blames_the_driver_library():
    found = diagnose(decode_log(raw("gh_yolov10_395_cnn_infer_libcuda")), platform="wsl2")
    assert found[0].rule_id == "driver-library-missing" and "libcuda.so" in found[0].title
    assert "/usr/lib/wsl/lib" in found[0].fix
    assert [f for f in found if f.rule_id == "missing-library"][0].symptom_of == "driver-library-missing"


def test_ctypes_oserror_is_a_missing_library_not_a_script_bug():
    found = diagnose(decode_log(raw("gh_bitsandbytes_17_ctypes_libcuda")))
    assert found[0].rule_id == "driver-library-missing"
    assert "python-exception" not in ids(found)


def test_oom_at_start_up_reads_the_free_memory():
    found = diagnose(decode_log(raw("gh_tf_8170_oom_gpu_taken")))
    first = found[0]
    assert first.rule_id == "gpu-memory-taken"
    assert "190.31 MiB" in first.title and "7.92 GiB" in first.title
    assert "batch" not in first.fix and "nvidia-smi" in first.fix
    assert [f for f in found if f.rule_id == "out-of-memory"][0].symptom_of == "gpu-memory-taken"
    # a real OOM with plenty of free memory is still "out of memory"
    assert diagnose(decode_log(raw("gh_azure_880_oom_gpu")))[0].rule_id == "out-of-memory"


def test_missing_package_is_not_blamed_on_the_script():
    # issue 14: `sample` in a Python without numpy said "probably in your script"
    found = diagnose(decode_log(raw("local_no_numpy")))
    assert ids(found) == ["python-package-missing"]
    assert "pip install numpy" in found[0].fix and "not a bug in your script" in found[0].explanation
    assert "your script" not in found[0].title
    cv = diagnose("ModuleNotFoundError: No module named 'cv2'\n")[0]
    assert cv.rule_id == "python-package-missing" and "opencv-python" in cv.fix
    # TensorFlow itself keeps its own finding
    assert ids(diagnose(decode_log(raw("local_no_tensorflow")))) == ["no-tensorflow"]


def test_has_driver_false_makes_the_driver_the_root():
    text = decode_log(raw("local_tf_cpu_list_gpus"))
    found = diagnose(text, platform="linux", has_driver=False)
    assert found[0].rule_id == "driver-not-loaded"
    assert [f for f in found if f.rule_id == "no-gpu-visible"][0].symptom_of == "driver-not-loaded"
    assert diagnose(text, platform="linux", has_driver=True)[0].rule_id == "no-gpu-visible"


def test_context_dict_still_works_and_keywords_win():
    text = decode_log(raw("gh_tf_65035_dlopen_tf216"))
    by_ctx = diagnose(text, context={"platform": "linux", "tf_version": "2.21"})[0]
    assert "nvidia.__path__" in by_ctx.fix
    both = diagnose(text, context={"tf_version": "2.21"}, tf_version="2.16.1", platform="linux")[0]
    assert "2.16.1" in both.fix


def test_cut_off_log_says_what_is_missing_in_chinese_too():
    text = decode_log(raw("gh_textgen_3320_trt_only"))
    zh = format_findings(diagnose(text, lang="zh_CN"), lang="zh_CN")
    assert "错误信息不在粘贴的内容里" in zh and "运行 verify" in zh


def test_scorer_prints_both_splits_per_class():
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    res = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "score_diagnosis.py"), "--json"],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert res.returncode == 0, res.stderr
    data = json.loads(res.stdout)
    total = sum(len([k for k in json.loads(p.read_text("utf-8")) if k[0] != "_"])
                for p in LOGS.glob("expected*.json"))
    from test_diagnose import NOT_IN_THE_LOG  # the training logs whose cause the paste does not show

    assert data["training"]["total"] == total and data["training"]["right"] == total - len(NOT_IN_THE_LOG)
    assert sum(c["total"] for c in data["training"]["classes"].values()) == total
    assert set(data["heldout"]) == {"right", "total", "classes"}


def test_scorer_reads_several_expected_files_and_a_heldout_folder(tmp_path):
    # logs written for this test, in the scorer's layout: two collectors' files and a held-out folder
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import score_diagnosis as sd
    finally:
        sys.path.pop(0)
    from tfgpu_wizard.core.diagnose import engine as dg

    (tmp_path / "a.log").write_text("AttributeError: module 'tensorflow' has no attribute 'Session'\n", "utf-8")
    (tmp_path / "b.log").write_text("Num GPUs Available:  0\n", "utf-8")
    (tmp_path / "expected-A.json").write_text(json.dumps({"a": {"rule": "tf1-api-on-tf2", "fix": ["compat.v1"]}}))
    (tmp_path / "expected-B.json").write_text(json.dumps({
        "_about": "ignored", "b": {"rule": "windows-native-no-gpu", "context": {"platform": "windows",
                                                                               "tf_version": "2.15.0"}},
        "gone": {"rule": "no-tensorflow"}}))
    expected = sd.load_expected(tmp_path)
    assert set(expected) == {"a", "b", "gone"}
    per_class, wrong = sd.score(dg, tmp_path, expected)
    assert per_class == {"tf1-api-on-tf2": [1, 1], "windows-native-no-gpu": [1, 1], "no-tensorflow": [0, 1]}
    assert wrong == [("gone", "no-tensorflow", "log file missing")]
    assert sd.load_expected(tmp_path / "heldout") == {}  # absent
    (tmp_path / "heldout").mkdir()
    assert sd.load_expected(tmp_path / "heldout") == {}  # empty
    (tmp_path / "expected-C.json").write_text(json.dumps({"a": {"rule": "python-exception"}}))
    with pytest.raises(SystemExit, match="also in another expected file"):
        sd.load_expected(tmp_path)


def test_scorer_never_names_a_heldout_log(tmp_path, monkeypatch, capsys):
    # the held-out split is printed as numbers only, also with -v (which lists the wrong *training* logs)
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import score_diagnosis as sd
    finally:
        sys.path.pop(0)
    (tmp_path / "heldout").mkdir()
    (tmp_path / "train_wrong_one.log").write_text("Num GPUs Available:  0\n", "utf-8")
    (tmp_path / "expected.json").write_text(json.dumps({"train_wrong_one": {"rule": "no-tensorflow"}}))
    (tmp_path / "heldout" / "secret_heldout_log.log").write_text("Num GPUs Available:  0\n", "utf-8")
    (tmp_path / "heldout" / "expected-A.json").write_text(json.dumps(
        {"secret_heldout_log": {"rule": "no-tensorflow", "cause": "secret cause words"}}))
    monkeypatch.setattr(sd, "LOGS", tmp_path)
    monkeypatch.setattr(sd, "HELDOUT", tmp_path / "heldout")
    for argv in (["-v"], ["--json"]):
        assert sd.main(argv) == 0
        out = capsys.readouterr().out
        assert "secret" not in out and "no-tensorflow" in out
    assert sd.main(["-v"]) == 0 and "train_wrong_one" in capsys.readouterr().out


# ---------------------------------------------------------------------------- GUI


def test_diagnose_page_offers_verify_and_says_what_it_cannot_tell(qtbot):
    from tfgpu_wizard.gui.pages.diagnose import DiagnosePage

    page = DiagnosePage(state=None)
    qtbot.addWidget(page)
    page.show()
    assert not page.btn_verify.isVisible()
    page.log.setPlainText(decode_log(raw("gh_textgen_3320_trt_only")))
    qtbot.mouseClick(page.btn, __import__("PySide6.QtCore", fromlist=["Qt"]).Qt.MouseButton.LeftButton)
    shown = page.result.toPlainText()
    assert "What this log does not tell:" in shown
    assert "The error itself: it is not in the text" in shown
    assert "Which TensorFlow version wrote it" in shown
    assert page.btn_verify.isVisible() and page.btn_verify.text() == "Run verify to collect the full log"
    with qtbot.waitSignal(page.verify_requested, timeout=1000):
        page.btn_verify.click()


def test_main_window_routes_run_verify_to_the_setup_step(qtbot):
    from tfgpu_wizard.gui.app import create_window

    win = create_window("en")
    qtbot.addWidget(win)
    win.show()
    try:
        page = win.show_page("diagnose")
        page.log.setPlainText(decode_log(raw("gh_llamafactory_3673_trt_only")))
        page.btn.click()
        page.btn_verify.click()
        assert win.current_page_name() == "setup"
    finally:
        win.shutdown()


# ---------------------------------------------------------------------------- host facts lead the advice


def _host(present: bool, pci: int | None = None, cuda: str | None = None):
    from tfgpu_wizard.core.setup.host_model import DriverInfo, HostReport, OSInfo, PythonInfo

    return HostReport(os=OSInfo(system="linux"), python=PythonInfo(executable=sys.executable, version="3.11.7"),
                      driver=DriverInfo(present=present, version="580.159.04" if present else None,
                                        cuda_version=cuda, nvidia_pci_gpus=pci))


def _finding(found, rule_id):
    return next(f for f in found if f.rule_id == rule_id)


def test_no_driver_on_the_host_is_the_first_sentence_of_the_cuda_advice():
    """The context the probe and the host give (core.diagnose.verdict.diagnosis_context) reaches the rules:
    with no NVIDIA driver at all, "install tensorflow[and-cuda]" is not where the finding starts."""
    from tfgpu_wizard.core.diagnose.verdict import diagnosis_context

    text = decode_log(raw("gh_tf_66750_cuda_drivers"))
    ctx = diagnosis_context(None, _host(present=False, pci=1))
    assert ctx["driver_present"] is False and ctx["host_fact"] == "driver-missing"
    found = diagnose(text, platform="linux", context=ctx)
    f = _finding(found, "cuda-drivers-not-found")
    assert f.explanation.startswith("This computer has no working NVIDIA driver, so TensorFlow cannot use a GPU")
    assert "driver-not-loaded" in ids(found)  # the context's driver fact counts like has_driver=False
    zh = _finding(diagnose(text, platform="linux", context=ctx, lang="zh_CN"), "cuda-drivers-not-found")
    assert zh.explanation.startswith("这台电脑没有可用的 NVIDIA 驱动")


def test_no_nvidia_gpu_and_a_working_driver_lead_too():
    from tfgpu_wizard.core.diagnose.verdict import diagnosis_context

    text = decode_log(raw("gh_tf_66750_cuda_drivers"))
    no_gpu = _finding(diagnose(text, platform="linux", context=diagnosis_context(None, _host(False, pci=0))),
                      "cuda-drivers-not-found")
    assert no_gpu.explanation.startswith("This computer has no NVIDIA GPU, so TensorFlow uses the CPU here")
    works = _finding(diagnose(text, platform="linux", context=diagnosis_context(None, _host(True, cuda="13.0"))),
                     "cuda-drivers-not-found")
    assert works.explanation.startswith("The NVIDIA driver works on this computer (CUDA 13.0), so the driver is "
                                        "not the cause")
    zh = _finding(diagnose(text, platform="linux", has_driver=True, lang="zh_CN"), "cuda-drivers-not-found")
    assert zh.explanation.startswith("这台电脑的 NVIDIA 驱动工作正常，所以问题不在驱动")
    cpu = diagnosis_context({"tensorflow": {"version": "2.21.0"}, "is_cuda_build": False, "gpus": []},
                            _host(True))
    lead = _finding(diagnose(text, platform="linux", context=cpu), "cuda-drivers-not-found").explanation
    assert lead.startswith("This TensorFlow is a CPU-only build")
    # nothing known about the host: the rule's own explanation, unchanged
    plain = _finding(diagnose(text, platform="linux"), "cuda-drivers-not-found")
    assert plain.explanation.startswith("Despite its wording")
