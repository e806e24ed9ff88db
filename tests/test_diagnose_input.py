"""Bad input gets a clear answer (issue 22): a huge log, binary garbage, GBK or UTF-16 text, one line, nothing.
Behaviour only; how fast is benchmarks/bench_diagnose_large.py's business (a timed test failed under load)."""

from __future__ import annotations

import random
from pathlib import Path

from tfgpu_wizard.core.diagnose import engine as dg
from tfgpu_wizard.core.diagnose.engine import diagnose_report, read_log

LOGS = Path(__file__).parent / "fixtures" / "logs"


def codes(report) -> list[str]:
    return [n.code for n in report.notes]


def test_nothing_and_not_a_log_say_what_they_cannot_tell():
    assert codes(diagnose_report("")) == ["empty"]
    poem = diagnose_report("The rain in Spain\nstays mainly in the plain\n")
    assert poem.findings == [] and "no-tf-lines" in codes(poem)
    assert any("No TensorFlow, CUDA, pip or Python error lines were found" in n.text for n in poem.notes)
    zh = diagnose_report("The rain in Spain\n", lang="zh_CN")
    assert any("没有找到任何 TensorFlow" in n.text for n in zh.notes)


def test_binary_garbage_is_named_as_such_and_a_log_inside_it_still_found():
    junk = random.Random(22).randbytes(300_000)
    report = diagnose_report(dg.decode_log(junk))
    assert "binary" in codes(report) and report.findings == []
    real = (LOGS / "gh_tf_text_1167_cudnn_mismatch.log").read_bytes()
    mixed = diagnose_report(dg.decode_log(junk[:20_000] + real + junk[:20_000]))
    assert mixed.findings[0].rule_id == "cudnn-version-mismatch"


def test_one_line_without_a_newline():
    report = diagnose_report("ImportError: DLL load failed while importing _pywrap_tensorflow_internal: A dynamic "
                             "link library (DLL) initialization routine failed.")
    assert report.findings[0].rule_id == "tf-import-dll-failed" and report.lines == 1
    assert report.findings[0].evidence[0].line == 1


def test_a_huge_file_is_read_at_its_ends_with_the_files_line_numbers(tmp_path):
    # a 3 MB file read with a 1 MB window: the start, the end, and the count of the lines in between
    noise = b"2024-01-01 00:00:00.000001: I tensorflow/core/kernels/x.cc:1] step 10 loss=0.25\n"
    head = (LOGS / "gh_tf_64881_cuinit_no_device.log").read_bytes()
    tail = (LOGS / "gh_shine_cluster_30_nvml_mismatch.log").read_bytes()
    data = head + noise * (3_000_000 // len(noise)) + tail
    path = tmp_path / "训练 日志 big.log"
    path.write_bytes(data)
    log = read_log(path, max_bytes=1_000_000)
    assert log.size == len(data) and log.gap is not None and len(log.text) < 1_100_000
    report = diagnose_report(log.text, gap=log.gap)
    assert report.findings[0].rule_id == "driver-library-mismatch"
    assert "truncated" in codes(report)
    lines = data.decode("utf-8").split("\n")
    assert report.lines == len(lines) - (1 if data.endswith(b"\n") else 0)
    for f in report.findings:  # every evidence line number is the file's
        for e in f.evidence:
            assert e.text.strip("…") in lines[e.line - 1], (f.rule_id, e.line)
    # small files are read whole
    small = read_log(LOGS / "gh_tf_4349_mismatch_cuinit.log")
    assert small.gap is None and small.encoding == "utf-8"


def test_huge_gbk_and_utf16_files(tmp_path):
    body = "2024-01-01 00:00:00.000001: I tensorflow/core/kernels/x.cc:1] step 10 loss=0.25\r\n" * 40_000
    end = "'nvidia-smi' 不是内部或外部命令，也不是可运行的程序\r\n或批处理文件。\r\n"
    for codec, expect in (("gb18030", "gb18030"), ("utf-16", "utf-16-le")):
        path = tmp_path / f"log-{codec}.txt"
        path.write_bytes((body + end).encode(codec))
        log = read_log(path, max_bytes=1_000_000)
        assert log.encoding == expect and log.gap is not None
        assert "不是内部或外部命令" in log.text and "\ufffd" not in log.text
        report = diagnose_report(log.text, gap=log.gap)
        assert report.findings[0].rule_id == "command-not-found"
        assert report.findings[0].evidence[0].line == body.count("\n") + 1


def test_a_long_single_line_and_a_text_over_the_scan_window():
    one = "x" * (dg.MAX_SCAN_CHARS + 1000) + " failed call to cuInit: CUDA_ERROR_NO_DEVICE"
    report = diagnose_report(one)
    assert report.findings[0].rule_id == "cuinit-no-device" and report.lines == 1


def test_a_real_binary_file_gets_its_note_and_no_finding_from_strings_inside_it():
    """drills-3 #14: numpy's compiled library, opened by mistake, got "✗ [ERROR] ValueError: operands could not be
    broadcast …" (a string of its own, between NUL bytes) beside the "not a text log" note. Strings inside a binary
    are not log lines: the note stays, that finding goes."""
    import glob
    import os

    import numpy

    lib = sorted(glob.glob(os.path.join(os.path.dirname(numpy.__file__), "_core", "_multiarray_umath*"))
                 or glob.glob(os.path.join(os.path.dirname(numpy.__file__), "core", "_multiarray_umath*")))[0]
    data = Path(lib).read_bytes()
    assert b"ValueError" in data  # the string that was taken for a traceback is in there
    log = read_log(lib)
    report = diagnose_report(log.text, gap=log.gap)
    assert "binary" in codes(report)
    assert report.findings == [], [(f.rule_id, f.evidence[0].text[:80]) for f in report.findings]
