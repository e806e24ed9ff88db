"""One module per page of the main window; each page class takes ``(state, parent)``."""
