"""Target: running the scripts of tfgpu_wizard/target in a chosen interpreter.

The one process runner for CLI and GUI (JSON-lines events, process-group kill, timeouts) and the sample's
options as every page offers them. Rules in docs/architecture.md; enforced by import-linter (pyproject.toml).
"""
