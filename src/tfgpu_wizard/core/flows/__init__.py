"""Flows: one module per user task, the floor both faces drive (docs/architecture.md, "Flows").

A task that puts core's rooms together (verify: target + diagnose + setup's library check; sanity: target +
diagnose) lives here once, as a generator function that yields ``base.Progress`` and returns a result
dataclass. ``commands/`` iterate a flow and print; ``gui/pages/`` run one through ``gui.workers.FlowTask``
and show. Qt-free and TensorFlow-free like all of core.

``predict`` (what a training run will need, before it runs) and ``fit`` (the largest batch that fits, measured)
are issue 25's.
"""
