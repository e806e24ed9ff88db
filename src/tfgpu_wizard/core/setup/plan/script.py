"""The plan itself (``Plan``): its steps and everything they become when shown or written.

The install script (install.sh / install.ps1 / install.cmd), the env file, requirements.txt, requirements.lock,
environment.yml, README.md, the pasteable commands and ``plan --json`` are all rendered here from the steps.
"""

from __future__ import annotations

import base64
import dataclasses
import json
from dataclasses import dataclass, field
from pathlib import PurePosixPath
from typing import Any

from tfgpu_wizard.core.i18n import tr
from tfgpu_wizard.core.setup import shells
from tfgpu_wizard.core.setup.plan.model import (
    COPY_CODE,
    WRITE_CODE,
    Lock,
    PlanFileText,
    Why,
    join_path,
    value_text,
)
from tfgpu_wizard.core.setup.shells import EnvValue, PlanFile, Step

CTX = "plan"  # translation context (tests/test_i18n_coverage.py reads it here)


@dataclass
class Plan:
    tensorflow: str  # the exact version the plan installs ("2.15.1") or the requirement's version
    line: str  # "2.15"
    platform: str  # matrix platform of the row: linux | wsl2 | windows | macos
    method: str
    shell: str
    prefix: str  # env folder (pip/conda) or the user's folder mounted into the container (docker)
    python_version: str  # "3.11"; "" for docker
    env_python: str
    steps: list[Step] = field(default_factory=list)
    env: dict[str, EnvValue] = field(default_factory=dict)
    requirements: list[str] = field(default_factory=list)
    conda_channels: list[str] = field(default_factory=list)
    conda_packages: list[str] = field(default_factory=list)
    why: list[Why] = field(default_factory=list)
    usage: list[str] = field(default_factory=list)  # commands for afterwards, rendered for the shell
    extra_files: dict[str, PlanFileText] = field(default_factory=dict)  # activate.d scripts, helpers
    docker_image: str = ""
    cpu: bool = False  # a CPU-only install (no driver / no NVIDIA GPU on the target): no CUDA wheels
    lock: Lock | None = None  # the fully pinned set for the target (requirements.lock), from the recording
    index_url: str = ""  # --index-url carried into every pip/uv command
    offline: bool = False  # install from a wheelhouse downloaded on a connected machine
    cuda_runtime: str = ""  # CUDA X.Y of the runtime wheel the lock installs ("" when unknown / CPU)

    # -- rendering -------------------------------------------------------------------------------

    def title(self) -> str:
        if self.cpu:
            return tr(CTX, "Install TensorFlow {} with {} ({}, CPU only)").format(
                self.tensorflow, self.method, self.platform
            )
        return tr(CTX, "Install TensorFlow {} with {} ({})").format(
            self.tensorflow, self.method, self.platform
        )

    def paste_steps(self) -> list[Step]:
        """The steps as commands that work when pasted into a terminal, in any folder.

        The script (``script()``) reads the files written next to it (requirements.txt, the activate.d
        scripts, fix_nvidia_libs.py); pasted commands cannot, so here such an argument is replaced by
        the file's content: ``pip install -r requirements.txt`` by the requirement lines, a copied file by
        a ``python -c`` that writes its lines, a helper script by ``python -c <its code>``.
        """
        files = self.files() if any(isinstance(a, PlanFile) for st in self.steps for a in st.argv) else {}
        out: list[Step] = []
        for st in self.steps:
            if not any(isinstance(a, PlanFile) for a in st.argv):
                out.append(st)
                continue
            argv = list(st.argv)
            new: list[str | PlanFile] = []
            i = 0
            while i < len(argv):
                a = argv[i]
                if a == "-r" and i + 1 < len(argv) and argv[i + 1] == PlanFile("requirements.txt"):
                    new += list(self.requirements)
                    st = dataclasses.replace(
                        st,
                        explain="Install {} with uv pip."
                        if self.method == "uv"
                        else "Install {} with the environment's pip.",
                        explain_args=(", ".join(self.requirements),),
                    )
                    i += 2
                    continue
                if a == "-r" and i + 1 < len(argv) and argv[i + 1] == PlanFile("requirements.lock"):
                    # a pasted command cannot carry hashes: the same pinned versions, without the check
                    new = [x for x in new if x != "--require-hashes"]
                    new += [f"{p.name}=={p.version}" for p in (self.lock.packages if self.lock else ())]
                    if not st.elsewhere:  # the offline download keeps its own words
                        st = dataclasses.replace(
                            st,
                            explain="Install the {} locked packages (pasted, so without the hash check of the "
                            "script).",
                            explain_args=(str(len(self.lock.packages) if self.lock else 0),),
                        )
                    i += 2
                    continue
                new.append(a)
                i += 1
            if len(new) == 5 and new[1] == "-c" and new[2] == COPY_CODE and isinstance(new[3], PlanFile):
                ft = files[new[3].name]
                dest = join_path(self.platform, str(new[4]), PurePosixPath(new[3].name).name)
                new = [new[0], "-c", WRITE_CODE, dest, *ft.text.rstrip("\n").split("\n")]
            elif len(new) == 2 and isinstance(new[1], PlanFile):
                new = [new[0], "-c", self._pasteable_code(files[new[1].name].text)]
            out.append(dataclasses.replace(st, argv=tuple(new)))
        return out

    def _pasteable_code(self, code: str) -> str:
        """A helper script's code for ``python -c``: as is where the shell can quote it, else base64-encoded
        (Windows PowerShell 5.1 cannot pass the double quotes of a docstring; pwsh runs Linux plans too)."""
        try:
            shells.quote(code, self.shell)
            return code
        except shells.ShellError:
            encoded = base64.b64encode(code.encode("utf-8")).decode("ascii")
            return f"import base64; exec(base64.b64decode('{encoded}').decode('utf-8'))"

    def script(self) -> str:
        notes = [w.text() for w in self.why if w.kind == "warning"]
        return shells.render_script(self.steps, self.shell, title=self.title(), notes=notes)

    def env_file(self) -> str:
        fam = shells.family(self.shell)
        body: list[str] = []
        if self.method in ("pip", "uv"):
            if fam == "posix":
                activate = join_path(self.platform, self.prefix, "bin", "activate")
                body.append(". " + shells.quote(activate, self.shell))
            elif fam == "powershell":
                scripts = "Scripts" if self.platform == "windows" else "bin"
                body.append(
                    ". " + shells.quote(join_path(self.platform, self.prefix, scripts, "Activate.ps1"), self.shell)
                )
            else:
                body.append(
                    "call "
                    + shells.quote(join_path(self.platform, self.prefix, "Scripts", "activate.bat"), self.shell)
                )
        elif self.method == "conda":
            act = "conda activate " + shells.quote(self.prefix, self.shell)
            body.append(("call " if fam == "cmd" else "") + act)
        for name, value in self.env.items():
            if self.method == "conda":
                continue  # conda's activate.d script sets (and deactivate.d restores) them
            body += shells.set_env(name, value, self.shell)
        if self.method == "docker":
            body += shells._comment(
                tr(CTX, "Docker plans need no environment: everything is inside the image."), self.shell
            )
        return shells.render_env_file(body, self.shell, title=self.title())

    def environment_yml(self) -> str:
        lines = [
            "# " + self.title(),
            "# " + tr(CTX, "Create it with: conda env create -p <folder> -f environment.yml"),
            "channels:",
        ]
        for ch in self.conda_channels or ["conda-forge"]:
            lines.append(f"  - {ch}")
        lines.append("dependencies:")
        if self.python_version:
            lines.append(f"  - python={self.python_version}")
        for pkg in self.conda_packages:
            lines.append(f"  - {pkg}")
        lines.append("  - pip")
        if self.requirements:
            lines.append("  - pip:")
            for req in self.requirements:
                lines.append(f"    - {json.dumps(req, ensure_ascii=False)}")
        return "\n".join(lines) + "\n"

    def requirements_txt(self) -> str:
        head = "# " + self.title()
        return "\n".join([head, *self.requirements]) + "\n"

    def requirements_lock(self) -> str:
        """requirements.lock: every package of the resolved set, ``==`` pinned, with sha256 hashes (pip and
        ``uv pip install`` check them: ``--require-hashes``). Plans that need an sdist get no hashes: pip
        would also demand hashes for the sdist's build tools, which no lock can name."""
        lk = self.lock
        if lk is None:
            return ""
        head = [
            "# " + self.title(),
            "# "
            + tr(CTX, "Resolved for {} with Python {} on {} ({}); re-run tools/check_plans.py to refresh.").format(
                lk.python_platform, lk.python, lk.recorded_on, lk.resolver
            ),
        ]
        if lk.status == "sdist":
            head.append("# " + tr(CTX, "No hashes: {}").format(lk.reason))
        lines = list(head)
        for p in lk.packages:
            if lk.hashed:
                lines.append(f"{p.name}=={p.version} \\")
                for i, (_f, sha) in enumerate(p.files):
                    lines.append(f"    --hash=sha256:{sha}" + (" \\" if i + 1 < len(p.files) else ""))
            else:
                lines.append(f"{p.name}=={p.version}")
        return "\n".join(lines) + "\n"

    def readme(self) -> str:
        lines = [f"# {self.title()}", ""]
        lines.append(tr(CTX, "## What was chosen and why"))
        lines.append("")
        for w in self.why:
            mark = {"warning": "**!** ", "note": ""}.get(w.kind, "")
            lines.append(f"- {mark}{w.text()}")
        lines += ["", tr(CTX, "## How to run it"), ""]
        run = {
            "posix": f"{self.shell} {shells.script_name(self.shell)}",
            "powershell": f"powershell -ExecutionPolicy Bypass -File {shells.script_name(self.shell)}",
            "cmd": shells.script_name(self.shell),
        }[shells.family(self.shell)]
        lines.append(tr(CTX, "Read the script first, then run it from this folder:"))
        lines += ["", "```", run, "```", ""]
        admin = [s for s in self.steps if s.admin]
        if admin:
            lines.append(tr(CTX, "Steps that need administrator rights:"))
            lines += [f"- {s.text()} ({s.reason()})" for s in admin]
            lines.append("")
        lines.append(tr(CTX, "## Steps"))
        lines.append("")
        lines.append(
            tr(CTX, "The same steps, to paste one at a time into {} in a terminal opened in this folder:").format(
                self.shell
            )
        )
        lines.append("")
        for i, st in enumerate(self.steps, 1):
            cmd = st.command(self.shell, relative=True)
            lines.append(f"{i}. {st.text()}" + (" " + tr(CTX, "[administrator]") if st.admin else ""))
            if cmd:
                lines += ["", "   ```", *["   " + ln for ln in cmd.splitlines()], "   ```"]
        if self.usage:
            lines += ["", tr(CTX, "## Afterwards"), "", "```", *self.usage, "```"]
        lines += [
            "",
            tr(CTX, "Files: {}").format(", ".join(sorted(self._file_names()))),
            "",
        ]
        return "\n".join(lines)

    def _file_names(self) -> list[str]:
        names = [shells.script_name(self.shell), shells.env_file_name(self.shell), "requirements.txt"]
        if self.lock is not None:
            names.append("requirements.lock")
        if self.method == "conda":
            names.append("environment.yml")
        return names + list(self.extra_files)

    def files(self) -> dict[str, PlanFileText]:
        sh = self.shell
        enc, nl = shells.file_encoding(sh), shells.newline(sh)
        out = {
            shells.script_name(sh): PlanFileText(self.script(), enc, nl),
            shells.env_file_name(sh): PlanFileText(self.env_file(), enc, nl),
            "requirements.txt": PlanFileText(self.requirements_txt()),
        }
        if self.lock is not None:
            out["requirements.lock"] = PlanFileText(self.requirements_lock())
        if self.method == "conda":
            out["environment.yml"] = PlanFileText(self.environment_yml())
        out.update(self.extra_files)
        out["README.md"] = PlanFileText(self.readme())
        return out

    def to_dict(self) -> dict[str, Any]:
        return {
            "tensorflow": self.tensorflow,
            "line": self.line,
            "platform": self.platform,
            "method": self.method,
            "shell": self.shell,
            "prefix": self.prefix,
            "python_version": self.python_version,
            "env_python": self.env_python,
            "docker_image": self.docker_image,
            "requirements": list(self.requirements),
            "conda_channels": list(self.conda_channels),
            "conda_packages": list(self.conda_packages),
            "env": {k: value_text(v) for k, v in self.env.items()},
            "why": [{"kind": w.kind, "text": w.text()} for w in self.why],
            "steps": [
                {
                    "explain": st.text(),
                    "argv": [a if isinstance(a, str) else {"plan_file": a.name} for a in st.argv] or None,
                    "command": st.command(self.shell),
                    "admin": st.admin,
                    "admin_reason": st.reason(),
                    "platforms": list(st.platforms),
                }
                for st in self.steps
            ],
            "usage": list(self.usage),
            "lock": self.lock.to_dict() if self.lock else None,
            "index_url": self.index_url or None,
            "offline": self.offline,
        }
