"""Setup: what this machine has and how to install TensorFlow on it.

The compatibility matrix, the host report (driver, GPUs, Pythons, TensorFlow installs), the ranked
recommendation, the install plan per method and shell, and the plan executor. Rules in
docs/architecture.md; enforced by import-linter (pyproject.toml).
"""
