"""The sample's options as the window offers them: one home for the rules every page and command shares.

The window's pages (Monitor, Sanity, Benchmark) and the CLI all end in one ``core.target.runner.SampleConfig``
and run ``core.target.runner.sample_argv(cfg)``; this module holds what used to be copied into each page:

* ``MEMORY_MODES`` (the one list, from ``core.target.runner``) and ``DEFAULT_MEMORY`` (the CLI's default);
* ``parse_limit`` (the one limit parser: MB, a fraction or a percentage);
* ``apply_cpu_rule`` (the one CPU rule: the memory modes are GPU settings, so a CPU run trains with
  ``default`` and no limit, and the run's record says so);
* ``MODE_TEXT`` / ``BACKEND_MODE_TEXT`` and ``mode_explanation`` (the one table of what each mode's curve
  looks like; the GUI shows it translated in the ``MonitorPage`` context), ``PRECISION_TEXT`` and
  ``explanation_table`` (modes + precisions, translated: what ``tfgpu-wizard sample`` prints before a run);
* ``config_from_controls`` (the Monitor page's controls -> a validated config), ``sanity_config`` and
  ``benchmark_configs`` (the settings the Sanity and Benchmark pages run).

Qt-free and TensorFlow-free.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from tfgpu_wizard.core.target.runner import MEMORY_MODES, PRECISIONS, SampleConfig, _parse_limit

__all__ = [
    "BACKEND_MODE_TEXT", "DEFAULT_MEMORY", "MEMORY_MODES", "MODE_TEXT", "PRECISIONS", "PRECISION_TEXT",
    "apply_cpu_rule", "benchmark_configs", "config_from_controls", "explanation_table", "gpu_total_mb_for",
    "log_every_for", "mode_explanation", "parse_limit", "sanity_config",
]

DEFAULT_MEMORY = SampleConfig.__dataclass_fields__["memory"].default  # "default", as `tfgpu-wizard sample`

MODE_TEXT = {
    "default": "Default: TensorFlow takes nearly all free GPU memory at the first GPU operation. Expect one "
    "jump to near full, then a flat line until the program ends, whatever the model or batch size.",
    "growth": "Growth: TensorFlow asks for memory as it needs it. Expect a staircase that rises to the run's "
    "high-water mark and never comes down.",
    "limit": "Limit: TensorFlow's pool is capped at the number of MB you set. Expect a flat line at the limit "
    "plus a few hundred MB of CUDA context outside the pool.",
}

# What the chart should look like with Keras 3 on JAX or PyTorch (measured on an H200: docs/h200-results.md).
BACKEND_MODE_TEXT = {
    "jax:default": "Default on JAX: JAX preallocates 75% of the card at its first allocation. Expect one jump "
    "to three quarters of the card, then a flat line, whatever the model needs.",
    "jax:growth": "Growth on JAX: preallocation is off and JAX takes memory as it needs it. Expect a low "
    "staircase to the run's high-water mark.",
    "jax:limit": "Limit on JAX: JAX preallocates the fraction of the card that matches your MB. Expect one "
    "jump to the limit, then a flat line.",
    "torch:default": "Default on PyTorch: the caching allocator takes what the model needs and keeps it. Expect "
    "a small rise that stays: default already behaves like growth.",
    "torch:growth": "Growth on PyTorch: the same as default (the caching allocator always grows as needed).",
    "torch:limit": "Limit on PyTorch: a cap, not a preallocation. When the model fits under it the curve is the "
    "same as default; above it the run fails with out of memory.",
}

CPU_MODE_TEXT = "On the CPU the memory setting does not apply: TensorFlow uses ordinary RAM."

# The context the mode texts are translated in (the GUI shows them on the Monitor page; the CLI reads the
# same entries through core.i18n).
MODE_TEXT_CONTEXT = "MonitorPage"

# What each precision means (translated in the context ``sampleopts``, resources/i18n/target_zh_CN.ts).
PRECISION_TEXT = {
    "fp32": "FP32: every number is a 32-bit float. The baseline: the most memory for activations, and no use "
    "of the Tensor Cores' 16-bit speed.",
    "mixed_float16": "Mixed precision (mixed_float16): computes in 16-bit floats on Tensor Cores (compute "
    "capability 7.0 and newer) and keeps the weights in 32-bit. Often faster, with less memory for activations.",
    "mixed_bfloat16": "Mixed precision (mixed_bfloat16): the same with bfloat16, which needs compute capability "
    "8.0 (Ampere) or newer and no loss scaling.",
}
PRECISION_TEXT_CONTEXT = "sampleopts"


def mode_explanation(memory: str, backend: str = "tensorflow", devices: str = "auto") -> str:
    """What the chart of this memory mode looks like (English; the GUI translates it)."""
    if str(devices).strip().lower() == "cpu":
        return CPU_MODE_TEXT
    if backend and backend != "tensorflow":
        return BACKEND_MODE_TEXT.get(f"{backend}:{memory}", "")
    return MODE_TEXT.get(memory, "")


def explanation_table(backend: str = "tensorflow", devices: str = "auto",
                      lang: str | None = None) -> list[tuple[str, str]]:
    """The one explanation table, translated: (setting, what it means) for every memory mode and precision.

    What ``tfgpu-wizard sample`` prints before a run (text mode); the Monitor page shows the same texts.
    """
    from tfgpu_wizard.core.i18n import tr

    rows = [(mode, tr(MODE_TEXT_CONTEXT, mode_explanation(mode, backend, devices), lang)) for mode in MEMORY_MODES
            if mode_explanation(mode, backend, devices)]
    if str(devices).strip().lower() == "cpu":
        rows = [("memory", tr(MODE_TEXT_CONTEXT, CPU_MODE_TEXT, lang))]
    rows += [(p, tr(PRECISION_TEXT_CONTEXT, PRECISION_TEXT[p], lang)) for p in PRECISIONS if p in PRECISION_TEXT]
    return rows


def parse_limit(text: str) -> tuple[str, float] | None:
    """``"4096"`` -> ("mb", 4096.0); ``"0.5"`` / ``"50%"`` -> ("fraction", 0.5); None when it is neither."""
    return _parse_limit(str(text))


def apply_cpu_rule(cfg: SampleConfig) -> SampleConfig:
    """A CPU run trains with ``--memory default`` and no limit (the modes are GPU settings).

    The sample refuses ``--devices cpu --memory growth`` (bad-flags) on purpose, so the CLI says so; the
    window greys the mode out on the CPU and builds its config through this rule instead.
    """
    if str(cfg.devices).strip().lower() == "cpu" and (cfg.memory != "default" or cfg.memory_limit):
        return dataclasses.replace(cfg, memory="default", memory_limit=None)
    return cfg


def log_every_for(steps: int) -> int:
    """Progress every ~5% of the run, at most every 10 steps (short runs still draw a curve)."""
    return max(1, min(10, int(steps) // 20))


def gpu_total_mb_for(host: Any, devices: str) -> int | None:
    """The chosen card's total memory in MB from the host report (NVML), for ``--gpu-total-mb``.

    ``gpu:N`` -> that card; ``all`` / ``auto`` -> the smallest card (a fraction must fit every replica).
    None when unknown (then the sample asks nvidia-smi itself).
    """
    gpus = list(getattr(host, "gpus", None) or [])
    dev = str(devices).strip().lower()
    if not gpus or dev == "cpu":
        return None
    if dev.startswith("gpu:"):
        wanted = {int(p) for p in dev[4:].split(",") if p.strip().isdigit()}
        gpus = [g for g in gpus if getattr(g, "index", None) in wanted]
    sizes = [int(g.memory_total_mib) for g in gpus if isinstance(getattr(g, "memory_total_mib", None), int)
             and g.memory_total_mib > 0]
    return min(sizes) if sizes else None


def config_from_controls(*, memory: str = DEFAULT_MEMORY, limit_mb: int | None = None, devices: str = "auto",
                         precision: str = "fp32", model: str = "cnn", batch_size: int = 64, steps: int = 100,
                         backend: str = "tensorflow", keras2: bool = False, host: Any = None,
                         log_every: int | None = None) -> SampleConfig:
    """The window's controls -> a validated ``SampleConfig`` (CPU rule applied, ``--gpu-total-mb`` filled).

    ``limit_mb`` is read only in the limit mode; Keras 2 only with the TensorFlow backend (the window greys
    the box out otherwise). Raises ``core.target.runner.ConfigError`` for a combination the sample would refuse.
    """
    cfg = SampleConfig(
        model=model, batch_size=int(batch_size), steps=int(steps),
        log_every=log_every or log_every_for(steps), memory=memory,
        memory_limit=str(int(limit_mb)) if memory == "limit" and limit_mb is not None else None,
        devices=str(devices or "cpu"), precision=precision, backend=backend or "tensorflow",
        keras2=bool(keras2) and (backend or "tensorflow") == "tensorflow",
    )
    cfg = apply_cpu_rule(cfg)
    cfg.gpu_total_mb = gpu_total_mb_for(host, cfg.devices)
    return cfg.validate()


def sanity_config(steps: int = 300, keras2: bool = False) -> SampleConfig:
    """The Sanity check's training run (and ``tfgpu-wizard sanity``): the first GPU if there is one."""
    return SampleConfig(devices="auto", steps=int(steps), log_every=10, keras2=bool(keras2)).validate()


# (English label, settings) of the Benchmark page's comparison: with GPUs, and on a CPU-only machine.
BENCHMARK_GPU = (
    ("One GPU, FP32", {"devices": "gpu:0", "precision": "fp32", "memory": "growth"}),
    ("All GPUs, FP32", {"devices": "all", "precision": "fp32", "memory": "growth"}),
    ("All GPUs, mixed precision", {"devices": "all", "precision": "mixed_float16", "memory": "growth"}),
    ("One GPU, FP32, memory limit 4 GB", {"devices": "gpu:0", "precision": "fp32", "memory": "limit",
                                          "memory_limit": "4096"}),
)
BENCHMARK_CPU = (
    ("CPU, FP32", {"devices": "cpu", "precision": "fp32"}),
    ("CPU, mixed_bfloat16", {"devices": "cpu", "precision": "mixed_bfloat16"}),
)


def benchmark_configs(gpu: bool, steps: int = 200, host: Any = None,
                      keras2: bool = False) -> list[tuple[str, SampleConfig]]:
    """The comparison's settings as validated configs (the same model and batch for every row)."""
    out = []
    for label, opts in (BENCHMARK_GPU if gpu else BENCHMARK_CPU):
        cfg = apply_cpu_rule(SampleConfig(steps=int(steps), keras2=bool(keras2), **opts))
        cfg.gpu_total_mb = gpu_total_mb_for(host, cfg.devices)
        out.append((label, cfg.validate()))
    return out
