"""Monitor overlay (issue 18): every earlier run its own colour by memory mode, unique labels, the title names
the framework. Bundled H200 recordings (labelled real runs) opened through the page."""

from __future__ import annotations

import pytest

NAMES = ["sample-jax-cnn-fp32-default", "sample-jax-cnn-fp32-growth", "sample-jax-cnn-fp32-limit"]


@pytest.mark.gui
def test_monitor_overlay_gives_each_run_its_colour_and_a_unique_label(window, qtbot):
    from tfgpu_wizard.core.monitor.runs import bundled_recordings

    page = window.show_page("monitor")
    by_name = {p.name.removesuffix(".run.jsonl"): p for p in bundled_recordings()}
    for n in [*NAMES, NAMES[0], NAMES[1]]:
        with qtbot.waitSignal(page.replay_done, timeout=20_000):
            page.open_run(by_name[n])
    # one entry per file (gui-audit-2 N5): a file opened again comes back as the current run, not as a copy "(2)"
    labels = page.chart.faded_labels()
    assert labels == ["cnn · batch 1024 · limit 8192 MB · fp32 · JAX · NVIDIA H200",
                      "cnn · batch 1024 · default · fp32 · JAX · NVIDIA H200"]
    rows = [r.label for r in page.compare_rows()]
    assert len(rows) == 3 and len(set(rows)) == 3 and not any("(2)" in r for r in rows)
    assert rows[-1].startswith("cnn · batch 1024 · growth")
    pens = [items[0].opts["pen"].color().name() for _, items in page.chart._faded]
    assert pens[0] != pens[1]  # each memory mode its hue
    assert "JAX" in page.title.text() and "TensorFlow" not in page.title.text()
    window.set_language("zh_CN")
    texts = [lab.text for _, lab in page.chart.mem_legend.items]
    assert not any("earlier" in t or "peak" in t for t in texts), texts
