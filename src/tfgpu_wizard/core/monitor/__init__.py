"""Monitor: what the GPU's memory does, live or replayed.

The one NVML wrapper, the sampling thread and its ring buffer, run files (record, read, CSV), and what is
computed from runs (comparison, benchmark table, progress memory). Rules in docs/architecture.md;
enforced by import-linter (pyproject.toml).
"""
