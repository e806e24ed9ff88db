"""Flows: one module per user task, the floor both faces (CLI and window) drive.

``predict`` (what a training run will need, before it runs) and ``fit`` (the largest batch that fits,
measured) are issue 25's. Qt-free and TensorFlow-free like all of core.
"""
