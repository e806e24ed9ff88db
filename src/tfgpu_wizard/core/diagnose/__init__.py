"""Diagnose: what went wrong and what to do about it.

The rules engine (log text -> ranked findings), its rules, the text decoding of logs, and the verdicts
that start from the host's facts. Rules in docs/architecture.md; enforced by import-linter (pyproject.toml).
"""
