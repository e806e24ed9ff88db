"""``tfgpu-wizard cluster``: TF_CONFIG and the launch command for each worker of a multi-worker run.

Every worker runs the bundled sample with ``--multi-worker`` (MultiWorkerMirroredStrategy, custom
training loop) and its own TF_CONFIG: the same ``cluster.worker`` list, its own ``task.index``.
Commands are quoted for the chosen shell by core/setup/shells.py. cmd.exe cannot hold the JSON's double
quotes in a variable, so there each worker reads its TF_CONFIG from a file (``--tf-config``).
``--out DIR`` writes ``tf_config-<i>.json`` and ``worker-<i>.<sh|ps1|cmd>`` for each worker.
Exit status: 0, or 2 for bad arguments (a bad address, a duplicate, an unwritable folder).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

CTX = "target"
_EXT = {"bash": ".sh", "zsh": ".sh", "powershell": ".ps1", "cmd": ".cmd"}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from tfgpu_wizard.commands.sample import add_sample_flags
    from tfgpu_wizard.core.setup.shells import SHELLS

    parser.add_argument("--workers", required=True, metavar="HOST:PORT,...",
                        help="every worker's address, in order, comma separated (the same list on every machine)")
    parser.add_argument("--shell", default="bash", choices=SHELLS,
                        help="the shell the commands are written for (default bash)")
    parser.add_argument("--python", default="python", metavar="PATH",
                        help="the Python on the workers (default: python)")
    parser.add_argument("--script", default=None, metavar="PATH",
                        help="where sample.py is on the workers (default: sample.py in the folder the command "
                             "starts from; --out DIR gets a copy)")
    parser.add_argument("--out", default=None, metavar="DIR", help="also write one file per worker into DIR")
    add_sample_flags(parser)


class WorkerError(ValueError):
    pass


def parse_workers(text: str) -> list[str]:
    """``"h1:2222, h2:2222"`` -> ``["h1:2222", "h2:2222"]``; raises WorkerError with a clear message."""
    from tfgpu_wizard.core.i18n import tr

    workers = [w.strip() for w in text.split(",") if w.strip()]
    if not workers:
        raise WorkerError(tr(CTX, "--workers needs at least one HOST:PORT"))
    for w in workers:
        host, sep, port = w.rpartition(":")
        if not sep or not host or not port.isdigit() or not 1 <= int(port) <= 65535:
            raise WorkerError(tr(CTX, "{worker!r} is not HOST:PORT with a port from 1 to 65535").format(worker=w))
        if any(c.isspace() for c in host) or "/" in host:
            raise WorkerError(tr(CTX, "{worker!r}: a host name cannot contain spaces or slashes").format(worker=w))
    dupes = sorted({w for w in workers if workers.count(w) > 1})
    if dupes:
        raise WorkerError(tr(CTX, "each worker needs its own address; repeated: {dupes}").format(
            dupes=", ".join(dupes)))
    return workers


def tf_config(workers: list[str], index: int) -> dict:
    return {"cluster": {"worker": list(workers)}, "task": {"type": "worker", "index": index}}


def worker_lines(workers: list[str], index: int, shell: str, python: str, script: str,
                 sample_args: list[str]) -> tuple[list[str], str]:
    """The lines that start worker ``index`` in ``shell``, and its TF_CONFIG as JSON text."""
    from tfgpu_wizard.core.setup import shells

    config_text = json.dumps(tf_config(workers, index), separators=(",", ":"))
    argv = [python, script, *sample_args]  # sample_args carries --multi-worker
    if shell == "cmd":
        lines = [shells.join([*argv, "--tf-config", f"tf_config-{index}.json"], shell)]
    else:
        lines = [*shells.set_env("TF_CONFIG", config_text, shell), shells.join(argv, shell)]
    return lines, config_text


def run(args: argparse.Namespace) -> int:
    from tfgpu_wizard.commands.sample import config_from_args
    from tfgpu_wizard.core import safe_io
    from tfgpu_wizard.core.i18n import tr
    from tfgpu_wizard.core.paths import target_script
    from tfgpu_wizard.core.setup import shells
    from tfgpu_wizard.core.target.runner import SAMPLE_SCRIPT, ConfigError

    try:
        workers = parse_workers(args.workers)
    except WorkerError as exc:
        print(f"tfgpu-wizard cluster: {exc}", file=sys.stderr)
        return 2
    config = config_from_args(args, multi_worker=True)
    try:
        sample_args = config.to_argv()
    except ConfigError as exc:
        for problem in exc.problems:
            print(tr(CTX, "tfgpu-wizard cluster: {problem}").format(problem=problem), file=sys.stderr)
        return 2
    # The workers are other computers: never this machine's path (a clone, a venv); sample.py beside the command
    script = args.script or SAMPLE_SCRIPT
    out_dir = Path(args.out) if args.out else None
    if out_dir is not None:
        try:
            out_dir.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            print(tr(CTX, "tfgpu-wizard cluster: cannot create {folder}: {error}").format(
                folder=out_dir, error=exc), file=sys.stderr)
            return 2
    from tfgpu_wizard.commands._console import out

    o = out()  # comments wrapped (each line a comment), commands whole: the output pastes into the shell
    comment = "REM" if args.shell == "cmd" else "#"
    o.comment(comment, tr(CTX, "{n} worker(s). Start every worker; training begins when all have joined.").format(
        n=len(workers)))
    if not args.script:
        o.comment(comment, tr(CTX, "Copy {script} (here: {path}) to each worker, into the folder you start the "
                                   "command from, or pass --script PATH.").format(
            script=SAMPLE_SCRIPT, path=target_script(SAMPLE_SCRIPT)))
    written: list[Path] = []
    for i, address in enumerate(workers):
        try:
            lines, config_text = worker_lines(workers, i, args.shell, args.python, script, sample_args)
        except shells.ShellError as exc:
            print(f"tfgpu-wizard cluster: {exc}", file=sys.stderr)
            return 2
        o.blank()
        o.comment(comment, tr(CTX, "worker {i} on {address}").format(i=i, address=address))
        if args.shell == "cmd":
            o.comment(comment, tr(CTX, "save this TF_CONFIG as tf_config-{i}.json in the folder you start the "
                                       "command from:").format(i=i))
            o.command(f"{comment} {config_text}", indent=0)
        for line in lines:
            o.command(line, indent=0, shell=args.shell)
        if out_dir is not None:
            try:
                cfg_path = out_dir / f"tf_config-{i}.json"
                safe_io.write_text(cfg_path, config_text + "\n")  # a folder the user named: atomic, links kept
                body = "\n".join(lines) + "\n"
                if args.shell in ("bash", "zsh"):
                    body = "#!/usr/bin/env " + args.shell + "\n" + body
                    if args.shell == "bash":
                        body = body.replace("\n", "\nset -e\n", 1)
                script_path = out_dir / f"worker-{i}{_EXT[args.shell]}"
                safe_io.write_bytes(script_path, body.replace("\n", shells.newline(args.shell)).encode(
                    shells.file_encoding(args.shell)))
                written += [cfg_path, script_path]
            except OSError as exc:
                print(tr(CTX, "tfgpu-wizard cluster: cannot write into {folder}: {error}").format(
                    folder=out_dir, error=exc), file=sys.stderr)
                return 2
    if out_dir is not None and not args.script:
        try:  # the folder to copy to every worker: its scripts and the sample they start
            copied = out_dir / SAMPLE_SCRIPT
            copied.write_bytes(Path(target_script(SAMPLE_SCRIPT)).read_bytes())
            written.append(copied)
        except OSError as exc:
            print(tr(CTX, "tfgpu-wizard cluster: cannot write into {folder}: {error}").format(
                folder=out_dir, error=exc), file=sys.stderr)
            return 2
    if written:
        o.blank()
        o.comment(comment, tr(CTX, "Written: {files}").format(files=", ".join(str(p) for p in written)))
    return 0
