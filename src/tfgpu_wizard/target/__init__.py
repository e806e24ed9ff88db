"""Standalone scripts that run in the *target* interpreter (stdlib + TensorFlow only).

They are launched by path (``python probe.py``), never imported by the app.
"""
