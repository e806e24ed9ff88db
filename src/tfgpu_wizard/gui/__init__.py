"""The PySide6 desktop app. Widgets show core data objects; they never call NVML or subprocess.

Public API (stable names; owner: helper G)
------------------------------------------
``tfgpu_wizard.gui.app``
    ``main(argv=None) -> int``            start the app (the ``gui`` command and the ``tfgpu-wizard-gui`` script)
    ``create_window(lang=None) -> MainWindow``  build the window without entering the event loop (tests, tools)

``tfgpu_wizard.gui.mainwindow.MainWindow(QMainWindow)``
    ``PAGES``: ``("sanity", "setup", "monitor", "benchmark", "diagnose", "learn")``
    ``show_page(name) -> QWidget``        switch page (pages are built on first visit, so start-up stays fast)
    ``page(name) -> QWidget``             the page widget (built if needed)
    ``status(text)``                      the status line; every long task reports here, nothing else writes it
    ``set_language("en" | "zh_CN")``      live switch; every page retranslates itself
    ``shutdown()``                        stop every worker, timer and process (called by closeEvent)

``tfgpu_wizard.gui.workers``
    ``ThreadTask(fn, *args)``             run a blocking core call (e.g. ``detect_host``) on a Python thread;
                                          signals ``done(object)``, ``failed(str)``; ``wait(ms)`` joins it
    ``TargetProcess``                     a target interpreter under ``QProcess`` speaking JSON lines:
                                          ``start(python, script, args, env=None, timeout_s=...)``, ``cancel()``;
                                          signals ``event(dict)``, ``text(str)`` (non-JSON output, for logs),
                                          ``finished(FinishInfo)`` with exit code, "ok"/"failed"/"cancelled"/
                                          "timeout"/"crashed", the collected stderr tail

``tfgpu_wizard.gui.chart``
    ``SeriesStore``                       growable float32 columns (t + named series); every sample is kept
    ``MemoryChart(QWidget)``              pyqtgraph memory + utilization plots; ``add_sample(t, values)``,
                                          ``keep_as_faded(label)``, ``clear()``, ``export_png(path)``,
                                          ``export_csv(path)``; repaints on its own QTimer at ~3 Hz, drawing
                                          only the visible window reduced to min/max pairs

``tfgpu_wizard.gui.pages.setup.SetupPage`` (owner: helper G2)
    ``set_host(report)``                  show a HostReport (detection result, a recording, a test host)
    ``show_step(i)`` (0 machine, 1 choose, 2 commands, 3 verify); ``choose``, ``commands`` sub-views;
    ``toggle_verify()`` runs target/probe.py; ``verdict`` = ``core.target.runner.ProbeVerdict`` afterwards

``tfgpu_wizard.gui.pages.setup_choose``
    ``ChooseView``                        ``core.setup.recommend`` as a table + "Recommended" box + Windows
                                          side-by-side; ``set_host``, ``pin_tf(line)``, ``pin_method(m)``,
                                          ``choice() -> Choice(row, method, candidate, platform) | None``;
                                          signal ``choice_changed(Choice | None)``

``tfgpu_wizard.gui.pages.setup_commands``
    ``CommandsView``                      one tab per shell with ``plan.script()``; ``set_choice(choice, host)``,
                                          ``copy_script()``, ``copy_commands()``, ``save_plan(folder)`` (asks
                                          before overwriting edited files), ``run_plan(folder=None)``,
                                          ``run_steps(steps, folder)``
    ``PlanRunner(ask_admin=None)``        runs ``core.setup.shells.Step``s one by one with ``bash -c`` in QProcess;
                                          ``start(steps, cwd)``, ``cancel()``, ``shutdown()``; signals
                                          ``step_started(i, text, command)``, ``output(str)``,
                                          ``step_finished(i, result)``, ``progress(done, total)``,
                                          ``finished("ok"|"failed"|"cancelled"|"stopped")``;
                                          ``ask_admin(step) -> "run"|"skip"|"stop"`` before each admin step

``tfgpu_wizard.gui.probe_view``
    ``probe_verdict_for(info, report, stderr, command)``  the CLI's ``core.target.runner.probe_verdict`` for a
                                          probe seen through ``TargetProcess``; ``verdict_block_html(v)``

``tfgpu_wizard.gui.pages.monitor.MonitorPage``
    ``open_run(path)`` replays a run/recording through ``core.monitor.sampler.ReplaySource`` (instant, recorded
    time axis kept; events-only CPU runs too), plus the framework's own current/peak from the run's events,
    and says how the run ended and what was wrong with its file (cut off, damaged lines); ``replay_done(bool)``.
    ``start_sample()`` records the run with ``core.monitor.runs.RunRecorder``; ``last_run_path`` afterwards (also
    for a failed, stopped or killed run: its end line says why). ``export_png(path) -> bool``,
    ``export_csv(path) -> None | reason``.
    A broken matrix (``TFGPU_WIZARD_MATRIX`` points the app at another file) is a sentence in Setup → Choose.

``tfgpu_wizard.gui.mainwindow.AppState`` (shared by the pages)
    ``target_python``                     the interpreter every page runs (Verify's field edits it; after
                                          Commands / "Run it for me" it defaults to ``plan.env_python``
                                          when that interpreter exists); ``keras2``: Keras 2 (tf-keras,
                                          ``TF_USE_LEGACY_KERAS=1``) for the probe and the TF sample

Loose ends (owner: helper M)
    ``SetupPage.suggest_env_python(force=False) -> bool``  put the plan's ``env_python`` into Verify
                                          (when it exists and the user has not typed another one);
                                          ``SetupPage.keras2`` checkbox (probe with TF_USE_LEGACY_KERAS=1)
    ``MonitorPage.backend`` combo (tensorflow / jax / torch), ``MonitorPage.keras2`` checkbox (TF only);
                                          ``memory_label()`` names the shown run's backend (TF/JAX/PyTorch)
    ``BenchmarkPage.show_recordings(paths=None) -> int``  the H200 recordings as a demo table + speedup
                                          chart, read through ``core.monitor.runs.read_run``; ``recording_rows(paths)``
                                          the same rows as data; ``source_note`` says GPU, driver, date, backend
    ``tfgpu_wizard.gui.advice.advice_for(error_event) -> str``  GUI-worded advice by the sample's error code

``tfgpu_wizard.gui.i18n``
    ``install(app, lang)`` / ``switch(lang)``  load ``resources/i18n/*_<lang>.qm`` when compiled, else serve the
                                          ``.ts`` catalogs through ``core.i18n`` (same files as the CLI)
"""
