"""Learn page: the few ideas a beginner needs, in plain words (static text, translated)."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QUrl
from PySide6.QtWidgets import QTextBrowser, QVBoxLayout

from tfgpu_wizard.gui.widgets import Page, heading


def _t(text: str) -> str:
    return QCoreApplication.translate("LearnPage", text)


SECTIONS = (
    (
        "No NVIDIA GPU? What you can still do here",
        "TensorFlow runs on the CPU, and Setup installs that version for you (plain tensorflow, no CUDA "
        "libraries). The Sanity check then says \"Works on the CPU, as expected\". Monitor → Open run or "
        "recording… shows real training runs recorded on an NVIDIA H200 (memory modes, mixed precision), and "
        "Benchmark → Show the H200 recordings compares their speed. Check a tutorial and Diagnose work without "
        "a GPU too. When you later train on a GPU machine or a server, run the wizard there: everything it does "
        "is also a terminal command (tfgpu-wizard --help).",
    ),
    (
        "Driver CUDA is not toolkit CUDA",
        "nvidia-smi prints the highest CUDA version your driver can run. It is not an installed CUDA. "
        "TensorFlow 2.15 and newer bring their own CUDA and cuDNN as pip packages (tensorflow[and-cuda]), "
        "so you usually need only a recent enough driver, no CUDA toolkit at all.",
    ),
    (
        "Windows",
        "TensorFlow 2.10 was the last release with GPU support on native Windows. For anything newer, "
        "install it inside WSL2 (Ubuntu): the Windows NVIDIA driver is shared with WSL2; do not install "
        "a Linux driver inside WSL.",
    ),
    (
        "Why nvidia-smi shows the GPU almost full",
        "By default TensorFlow reserves nearly all free GPU memory at its first GPU operation, whatever your "
        "model needs. That is not a leak. Memory growth makes it take memory step by step; a memory limit "
        "caps it. TensorFlow's own 'in use' number shows what the model really uses.",
    ),
    (
        "Mixed precision",
        "mixed_float16 computes in 16-bit floats on Tensor Cores (compute capability 7.0 and newer) and keeps "
        "the weights in 32-bit. It is often faster and uses less memory for activations; the difference in "
        "memory only shows with memory growth or in TensorFlow's own numbers.",
    ),
)


# Documents of the repository worth a beginner's time (docs/), with their titles.
DOCS = (
    ("h200-results.md", "What the H200 recordings show"),
    ("plans.md", "How the install plans are made"),
    ("diagnosis.md", "How Diagnose reads a log"),
    ("remote.md", "Watching other machines' GPUs (Classroom)"),
)


def docs_dir() -> Path | None:
    """docs/ of a source checkout (beside src/), or None in an installed app."""
    here = Path(__file__).resolve().parents[4] / "docs"
    return here if here.is_dir() else None


class LearnPage(Page):
    def __init__(self, state, parent=None) -> None:
        super().__init__(parent)
        lay = QVBoxLayout(self)
        self.title = heading()
        lay.addWidget(self.title)
        self.text = QTextBrowser()
        self.text.setOpenExternalLinks(True)
        lay.addWidget(self.text, 1)
        self.retranslate()

    def retranslate(self) -> None:
        self.title.setText(_t("Learn: what the wizard is doing and why"))
        parts = []
        for head, body in SECTIONS:
            parts.append(f"<h3>{_t(head)}</h3><p>{_t(body)}</p>")
        docs = docs_dir()
        if docs is not None:  # the documents beside a source checkout (not in an installed app)
            links = "".join(
                f'<li><a href="{QUrl.fromLocalFile(str(docs / name)).toString(QUrl.ComponentFormattingOption.FullyEncoded)}">'
                f"{_t(title)}</a></li>"
                for name, title in DOCS if (docs / name).is_file())
            if links:
                parts.append(f"<h3>{_t('Read more')}</h3><ul>{links}</ul>")
        self.text.setHtml("".join(parts))
