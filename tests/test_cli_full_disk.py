"""Output to a full disk (/dev/full) ends with one sentence, not a traceback (issue 14)."""

from __future__ import annotations

import os
import stat
import subprocess
import sys

import pytest


@pytest.mark.skipif(not (os.path.exists("/dev/full") and stat.S_ISCHR(os.stat("/dev/full").st_mode)),
                    reason="needs /dev/full, the device (Linux; some containers have a plain file there)")
@pytest.mark.parametrize("argv", [["plan", "--json"], ["plan"], ["diagnose", "-"]])
def test_output_into_a_full_disk_is_a_sentence(argv):
    with open("/dev/full", "w") as full:
        p = subprocess.run([sys.executable, "-m", "tfgpu_wizard", *argv], stdout=full, stderr=subprocess.PIPE,
                           input=b"Could not load dynamic library 'libcudart.so.11.0'\n" if "-" in argv else None,
                           timeout=120)
    err = p.stderr.decode("utf-8", "replace")
    assert p.returncode != 0 and "Traceback" not in err, err
    assert "No space left on device" in err
