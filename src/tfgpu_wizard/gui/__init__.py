"""The PySide6 desktop app. Widgets show core data objects; they never call NVML or subprocess."""
