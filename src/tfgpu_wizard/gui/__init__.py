"""The PySide6 desktop app. Pages drive ``core.flows`` and show their results; they never call NVML or subprocess.

Public API (stable names)
-------------------------
``tfgpu_wizard.gui.app``
    ``main(argv=None) -> int``            start the app (the ``gui`` command and the ``tfgpu-wizard-gui`` script)
    ``create_window(lang=None) -> MainWindow``  build the window without entering the event loop (tests, tools)

``tfgpu_wizard.gui.mainwindow.MainWindow(QMainWindow)``
    ``PAGES``: ``("sanity", "setup", "monitor", "classroom", "benchmark", "diagnose", "check", "learn")``
    ``show_page(name) -> QWidget``        switch page (pages are built on first visit, so start-up stays fast)
    ``page(name) -> QWidget``             the page widget (built if needed)
    ``status(text)``                      the status line; every long task reports here, nothing else writes it
    ``set_language("en" | "zh_CN")``      live switch; every page retranslates itself
    ``detect_host()``                     ``core.flows.doctor`` off the GUI thread; ``host_ready(report)`` after
    ``save_report(path=None)``            ``core.flows.report`` off the GUI thread (Help → Save a report for help…)
    ``shutdown()``                        stop every worker, timer and process (called by closeEvent)

``tfgpu_wizard.gui.workers``
    ``FlowTask(flow)``                    the one bridge to ``core.flows``: ``start(*args, **kwargs)`` (or
                                          ``run(other_flow, ...)``) drives the flow on a Python thread; signals
                                          ``progress(Progress)`` (an ``Ask`` waits for ``item.reply(...)``), then
                                          ``finished(result)`` or ``failed(str)``; ``cancel()``, ``shutdown()``
    ``ThreadTask(fn, *args)``             a FlowTask over one blocking call: ``done(object)``, ``failed(str)``
                                          (a log box reading a file)

``tfgpu_wizard.gui.chart``
    ``SeriesStore``                       growable float32 columns (t + named series); every sample is kept
    ``MemoryChart(QWidget)``              pyqtgraph memory + utilization plots; ``add_sample(t, values)``,
                                          ``keep_as_faded(label)``, ``clear()``, ``export_png(path)``,
                                          ``export_csv(path)``; repaints on its own QTimer at ~3 Hz, drawing
                                          only the visible window reduced to min/max pairs

``tfgpu_wizard.gui.pages.setup.SetupPage``
    ``set_host(report)``                  show a HostReport (detection result, a recording, a test host)
    ``show_step(i)`` (0 machine, 1 choose, 2 commands, 3 verify); ``choose``, ``commands`` sub-views;
    ``toggle_verify()`` drives ``core.flows.verify`` through ``verifier`` (a FlowTask); ``verify_result`` =
    ``VerifyResult`` afterwards (``verdict``, ``probe_result`` read from it)
    ``suggest_env_python(force=False) -> bool``  put the plan's ``env_python`` into Verify (when it exists and the
                                          user has not typed another one); ``keras2`` checkbox (TF_USE_LEGACY_KERAS=1)

``tfgpu_wizard.gui.pages.setup_choose``
    ``ChooseView``                        ``core.flows.choose`` as a table + "Recommended" box + Windows side by side;
                                          ``set_host``, ``pin_tf(line)``, ``pin_method(m)``, ``use_windows_side(s)``,
                                          ``pick() -> Pick``, ``choice() -> Choice | None``; signal
                                          ``choice_changed(Choice | None)``

``tfgpu_wizard.gui.pages.setup_commands``
    ``CommandsView``                      one tab per shell with ``plan.script()``; ``set_choice(choice, host)``,
                                          ``copy_script()``, ``copy_commands()``, ``save_plan(folder)`` (asks
                                          before overwriting edited files), ``run_plan(folder=None)``,
                                          ``run_steps(steps, folder)``; ``confirm_run(summary) -> bool``
    ``PlanRunner(ask_admin=None)``        ``core.flows.plan_run`` through a FlowTask: ``start(steps, cwd)``,
                                          ``start_plan(plan, folder)``, ``cancel()``, ``shutdown()``; signals
                                          ``step_started(i, text, command)``, ``output(str)``,
                                          ``step_finished(i, result)``, ``progress(done, total)``,
                                          ``finished(status)``; ``ask_admin(step) -> "run"|"skip"|"stop"``

``tfgpu_wizard.gui.pages.sanity.SanityPage``   ``start(steps=None)`` drives ``core.flows.sanity`` through ``checker``;
                                          ``sanity`` = its ``SanityVerdict``, ``probe_verdict`` afterwards
``tfgpu_wizard.gui.pages.diagnose``       ``DiagnosePage`` shows ``core.flows.diagnose.explain`` of a pasted log or a
                                          file opened or dropped on its box (``gui.log_input.LogInput``, read off
                                          the GUI thread); ``findings_html``, ``explanation_html``
``tfgpu_wizard.gui.pages.check.CheckPage``  ``core.flows.check`` of a pasted text or an opened file (a FlowTask):
                                          ``run_check()``, ``result`` (HTML), ``report_html(CheckReport)``
``tfgpu_wizard.gui.pages.classroom.ClassroomPage``  ``core.flows.classroom``: ``start_watching(targets)``,
                                          ``stop_watching()``, ``refresh()`` (a QTimer on the GUI thread)
``tfgpu_wizard.gui.probe_view``           ``verdict_block_html(VerifyResult)``, ``libraries_html(LibraryCheck)``

``tfgpu_wizard.gui.pages.monitor.MonitorPage``
    A view over ``core.flows.record``. ``open_run(path)`` replays a run/recording (``record.replay``, on a
    thread: instant, recorded time axis kept; events-only CPU runs too), plus the framework's own current/peak
    from the run's events, and says how the run ended and what was wrong with its file (cut off, damaged lines);
    ``replay_done(bool)``. ``start_sample()`` drives ``record`` through a FlowTask with the sampler of its live
    chart (``GpuWatch``); ``last_run_path`` afterwards (also for a failed, stopped or killed run: its end line
    says why). ``export_png(path) -> bool``,
    ``export_csv(path) -> None | reason``. ``backend`` combo (tensorflow / jax / torch), ``keras2`` checkbox (TF
    only); ``memory_label()`` names the shown run's backend (TF/JAX/PyTorch).

``tfgpu_wizard.gui.pages.benchmark.BenchmarkPage``
    ``start(configs=None)`` drives ``core.flows.benchmark`` (the CLI's queue) through a FlowTask;
    ``show_recordings(paths=None) -> int``  the H200 recordings as a demo table + speedup chart, read through
                                          ``core.flows.benchmark``; ``recording_rows(paths)`` the same rows
                                          as data; ``source_note`` says GPU, driver, date, backend

``tfgpu_wizard.gui.mainwindow.AppState`` (shared by the pages)
    ``target_python``                     the interpreter every page runs (Verify's field edits it; after
                                          Commands / "Run it for me" it defaults to ``plan.env_python``
                                          when that interpreter exists); ``keras2``: Keras 2 (tf-keras,
                                          ``TF_USE_LEGACY_KERAS=1``) for the probe and the TF sample
``tfgpu_wizard.gui.settings.settings()``  the app's QSettings (an ini file under TFGPU_WIZARD_DATA in tests)
``tfgpu_wizard.gui.advice.advice_for(error_event) -> str``  GUI-worded advice by the sample's error code

``tfgpu_wizard.gui.i18n``
    ``install(app, lang)`` / ``switch(lang)``  load ``resources/i18n/*_<lang>.qm`` when compiled, else serve the
                                          ``.ts`` catalogs through ``core.i18n`` (same files as the CLI)
"""
