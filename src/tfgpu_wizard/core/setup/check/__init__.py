"""Check a tutorial, a requirements file, a notebook or a Dockerfile before following it (issue 26).

API::

    from tfgpu_wizard.core.setup.check.engine import check_bytes, check_document, note_text
    from tfgpu_wizard.core.setup.check.extract import read_document
    report = check_bytes(data, "Dockerfile", host=host_report)   # CheckReport
    report.findings   # [CheckFinding(rule, severity, against, title, explanation, fix, refs, sources)]
    report.unknowns   # [Unknown(ref, claim, reason)]: what the sources cannot decide, never a problem
    report.notes      # codes for the reading itself (binary, empty, cut, not-json, no-claims): note_text(code)

Modules, one way down: engine > machine > docker | rules > extract | facts > model.
"""
