"""Describe a Python interpreter and the TensorFlow stack installed in it, WITHOUT importing TensorFlow.

This file runs in two ways:

* inside the app's own interpreter: ``collect()`` is called directly (``core/setup/host.py``);
* inside the user's *target* interpreter, which may be old (TF 2.0 supported Python 3.5):
  ``core/setup/host.py`` passes this file's source to ``python -c`` and reads one JSON object from stdout.

So it is standard library only, and written in Python 3.5 syntax (no f-strings, no annotations,
no walrus). It only reads package metadata (``importlib.metadata``, then ``importlib_metadata`` or
``pkg_resources`` on older interpreters): importing TensorFlow takes about 10 s and can crash or hang,
which is exactly what a doctor must not do.
"""

import json
import os
import platform
import struct
import sys

# Distributions that *are* TensorFlow (the first one found is reported; several is a conflict).
TF_DISTS = (
    "tensorflow",
    "tensorflow-cpu",
    "tensorflow-gpu",
    "tf-nightly",
    "tf-nightly-cpu",
    "tf-nightly-gpu",
    "tensorflow-intel",
    "tensorflow-macos",
    "tensorflow-aarch64",
    "intel-tensorflow",
)
OTHER_DISTS = ("keras", "tf-keras", "tf_keras", "numpy", "tensorflow-metal", "tensorflow-directml-plugin")


def _norm(name):
    return name.lower().replace("_", "-").replace(".", "-")


def _scan_dist_folders():
    """{normalised name: (version, location)} from the ``*.dist-info`` folder names on ``sys.path``.

    The folder name carries the name and version (``tensorflow_cpu-2.21.0.dist-info``), so no
    metadata file is opened: several times faster than ``importlib.metadata`` in a big environment.
    """
    out = {}
    for entry in sys.path:
        if not entry or not os.path.isdir(entry):
            continue
        try:
            names = os.listdir(entry)
        except OSError:
            continue
        for folder in sorted(names):
            if not folder.endswith(".dist-info"):
                continue
            stem = folder[: -len(".dist-info")]
            name, sep, version = stem.partition("-")
            if not sep or not version or "-" in version:
                continue
            out.setdefault(_norm(name), (version, entry))  # the first on sys.path wins, as for imports
    return out


def _distributions():
    """{normalised name: (version, location)} of every installed distribution."""
    out = _scan_dist_folders()
    if out:
        return out
    try:
        from importlib import metadata as md  # Python >= 3.8
    except ImportError:
        md = None
        try:
            import importlib_metadata as md  # the backport, if present
        except ImportError:
            md = None
    if md is not None:
        for dist in md.distributions():
            try:
                name = dist.metadata["Name"]
            except Exception:
                name = None
            if not name:
                continue
            location = None
            try:
                location = str(dist.locate_file(""))
            except Exception:
                pass
            key = _norm(name)
            if key not in out:  # the first on sys.path wins, as for imports
                out[key] = (dist.version, location)
        return out
    import pkg_resources  # very old interpreters only

    for dist in pkg_resources.working_set:
        out.setdefault(_norm(dist.project_name), (dist.version, dist.location))
    return out


def _conda_env():
    """Name of the conda environment this interpreter belongs to (its prefix holds ``conda-meta``)."""
    prefix = sys.prefix
    if not os.path.isdir(os.path.join(prefix, "conda-meta")):
        return None
    parent = os.path.basename(os.path.dirname(prefix))
    if parent == "envs":
        return os.path.basename(prefix)
    return "base"


def collect():
    """Everything ``core/setup/host.py`` wants to know about this interpreter, as JSON-able data."""
    info = {
        "executable": sys.executable,
        "version": "{}.{}.{}".format(*sys.version_info[:3]),
        "implementation": platform.python_implementation(),
        "bits": struct.calcsize("P") * 8,
        "prefix": sys.prefix,
        "is_venv": getattr(sys, "base_prefix", sys.prefix) != sys.prefix or hasattr(sys, "real_prefix"),
        "conda_env": _conda_env(),
        "tf": [],
        "other": {},
        "nvidia": {},
        "error": None,
    }
    try:
        dists = _distributions()
    except Exception as exc:  # a broken site-packages must not hide the interpreter itself
        info["error"] = "reading package metadata failed: {}: {}".format(type(exc).__name__, exc)  # noqa: UP032 - py3.5
        return info
    for name in TF_DISTS:
        if name in dists:
            version, location = dists[name]
            info["tf"].append({"distribution": name, "version": version, "location": location})
    for name in OTHER_DISTS:
        if name in dists:
            info["other"][name] = dists[name][0]
    for name, (version, _location) in sorted(dists.items()):
        if name.startswith("nvidia-") and name != "nvidia-ml-py":
            info["nvidia"][name] = version
    return info


def main():
    # Running as ``python -c``: drop the current directory from the path, so that a file in
    # the user's folder named like a standard module cannot take part.
    sys.path[:] = [p for p in sys.path if p not in ("", ".")]
    data = collect()
    sys.stdout.write("\n" + "TFGPU-PYPROBE " + json.dumps(data) + "\n")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
