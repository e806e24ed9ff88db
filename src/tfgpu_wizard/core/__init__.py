"""The Qt-free, TensorFlow-free core under the GUI and the CLI.

Nothing in this package may import PySide6, pyqtgraph, TensorFlow or Keras (enforced by
import-linter, see pyproject.toml, and by tests/test_architecture.py).
"""
