"""core.monitor.nvml without a GPU: the real "no driver" path of this machine, NVML's own error types, device mapping.

The device lists come from the recorded H200 run header (resources/recordings/*.run.jsonl) and from
hand-written lists for the multi-GPU cases (what NVML reports is only name / uuid / bus id / CC / memory).
"""

from __future__ import annotations

import pytest

from tfgpu_wizard.core.monitor import nvml
from tfgpu_wizard.core.monitor.nvml import DeviceInfo, NotAvailable, map_tf_devices
from tfgpu_wizard.core.monitor.runs import bundled_recordings, read_run

pynvml = pytest.importorskip("pynvml")
no_gpu = pytest.mark.skipif(nvml.init() is None, reason="a GPU driver is present here")


def test_not_available_is_falsy_and_says_why() -> None:
    na = NotAvailable(nvml.NA_PER_PROCESS_WDDM)
    assert not na and nvml.is_na(na)
    assert "WDDM" in str(na) and "WSL2" in str(na)
    assert "unknown" in str(NotAvailable("made-up-code"))


@pytest.mark.parametrize(
    ("code", "expected"),
    [
        ("NVML_ERROR_LIBRARY_NOT_FOUND", nvml.NA_LIBRARY_NOT_FOUND),
        ("NVML_ERROR_DRIVER_NOT_LOADED", nvml.NA_DRIVER_NOT_LOADED),
        ("NVML_ERROR_LIB_RM_VERSION_MISMATCH", nvml.NA_VERSION_MISMATCH),
        ("NVML_ERROR_NOT_SUPPORTED", nvml.NA_NOT_SUPPORTED),
        ("NVML_ERROR_NO_PERMISSION", nvml.NA_NO_PERMISSION),
        ("NVML_ERROR_GPU_IS_LOST", nvml.NA_GPU_LOST),
        ("NVML_ERROR_FUNCTION_NOT_FOUND", nvml.NA_FUNCTION_NOT_FOUND),
        ("NVML_ERROR_UNKNOWN", nvml.NA_UNKNOWN),
    ],
)
def test_real_nvml_errors_are_classified(code: str, expected: str) -> None:
    exc = pynvml.NVMLError(getattr(pynvml, code))  # the binding's own exception subclass for that code
    na = nvml.classify_error(exc)
    assert na.code == expected
    assert na.detail.startswith("NVMLError")


def test_version_mismatch_message_tells_the_fix() -> None:
    assert "reboot" in NotAvailable(nvml.NA_VERSION_MISMATCH).reason


@no_gpu
def test_no_driver_here_is_a_state_not_an_exception() -> None:
    st = nvml.status()
    assert not st.ok and st.problem is not None
    assert st.problem.code == nvml.NA_LIBRARY_NOT_FOUND
    assert "no NVIDIA driver" in str(st.problem)
    assert isinstance(nvml.device_count(), NotAvailable)
    assert isinstance(nvml.devices(), NotAvailable)
    r = nvml.read_device(0)
    for value in (r.memory, r.utilization, r.power_w, r.temperature_c, r.processes):
        assert isinstance(value, NotAvailable) and value.code == nvml.NA_LIBRARY_NOT_FOUND
    nvml.shutdown()  # clean, and init() tries again afterwards
    assert nvml.init() is not None


# -- TF "GPU:k" -> NVML index ---------------------------------------------------------------------

H200 = read_run(next(p for p in bundled_recordings() if p.name.startswith("torch_train"))).devices[0]


def _gpu(i: int, bus: str, name: str = "NVIDIA H200", cc: str = "9.0", mem: int = 143771 << 20,
         migs: tuple[str, ...] = ()) -> DeviceInfo:
    return DeviceInfo(i, name, f"GPU-{i:08x}-aaaa-bbbb-cccc-{bus.replace(':', '')[:12]}", f"00000000:{bus}:00.0",
                      mem, cc, migs)


FOUR = [_gpu(0, "18"), _gpu(1, "3B"), _gpu(2, "86"), _gpu(3, "AF")]


def test_recorded_h200_device_is_complete() -> None:
    assert H200.name == "NVIDIA H200" and H200.uuid.startswith("GPU-") and H200.compute_capability == "9.0"
    assert map_tf_devices([H200], {}).tf_to_nvml == {0: H200.index}


def test_unset_is_all_gpus_in_order() -> None:
    m = map_tf_devices(FOUR, {})
    assert m.tf_to_nvml == {0: 0, 1: 1, 2: 2, 3: 3} and m.exact and not m.notes


def test_indices_reorder_and_hide() -> None:
    assert map_tf_devices(FOUR, {"CUDA_VISIBLE_DEVICES": "2,0"}).tf_to_nvml == {0: 2, 1: 0}
    assert map_tf_devices(FOUR, {"CUDA_VISIBLE_DEVICES": " 3 "}).tf_to_nvml == {0: 3}


def test_empty_hides_everything() -> None:
    m = map_tf_devices(FOUR, {"CUDA_VISIBLE_DEVICES": ""})
    assert m.tf_to_nvml == {} and any("hides every GPU" in n for n in m.notes)
    assert isinstance(m.nvml_index(0), NotAvailable)


def test_parsing_stops_at_the_first_invalid_entry_like_cuda() -> None:
    assert map_tf_devices(FOUR, {"CUDA_VISIBLE_DEVICES": "1,7,2"}).tf_to_nvml == {0: 1}
    assert map_tf_devices(FOUR, {"CUDA_VISIBLE_DEVICES": "1,1,2"}).tf_to_nvml == {0: 1}
    assert map_tf_devices(FOUR, {"CUDA_VISIBLE_DEVICES": "-1,0"}).tf_to_nvml == {}


def test_uuid_prefixes_and_mig() -> None:
    assert map_tf_devices(FOUR, {"CUDA_VISIBLE_DEVICES": FOUR[3].uuid[:16]}).tf_to_nvml == {0: 3}
    ambiguous = map_tf_devices(FOUR, {"CUDA_VISIBLE_DEVICES": "GPU-"})
    assert ambiguous.tf_to_nvml == {}
    mig = [_gpu(0, "18"), _gpu(1, "3B", migs=("MIG-11112222-3333-4444-5555-666677778888",))]
    assert map_tf_devices(mig, {"CUDA_VISIBLE_DEVICES": "MIG-1111"}).tf_to_nvml == {0: 1}


def test_mixed_models_fastest_first_is_guessed_and_said() -> None:
    mixed = [_gpu(0, "18", "NVIDIA GeForce GTX 1080", "6.1", 8 << 30), _gpu(1, "3B", "NVIDIA GeForce RTX 3090", "8.6",
                                                                           24 << 30)]
    m = map_tf_devices(mixed, {})
    assert m.tf_to_nvml == {0: 1, 1: 0} and not m.exact
    assert any("CUDA_DEVICE_ORDER=PCI_BUS_ID" in n for n in m.notes)
    pci = map_tf_devices(mixed, {"CUDA_DEVICE_ORDER": "PCI_BUS_ID", "CUDA_VISIBLE_DEVICES": "1"})
    assert pci.tf_to_nvml == {0: 1} and pci.exact


def test_bus_order_not_nvml_index_decides() -> None:
    # NVML indices given out of bus order (as after a hot-plug): CUDA's PCI order follows the bus ids
    shuffled = [_gpu(0, "AF"), _gpu(1, "18")]
    assert map_tf_devices(shuffled, {"CUDA_DEVICE_ORDER": "PCI_BUS_ID"}).tf_to_nvml == {0: 1, 1: 0}


# -- issue 28: NVML's own errors lead to the same driver states as nvidia-smi's messages --------------------------


@pytest.mark.parametrize(
    ("code", "starting", "expected"),
    [
        ("NVML_ERROR_GPU_NOT_FOUND", True, nvml.NA_NO_DEVICES),  # nvmlInit: the driver runs, no GPU
        ("NVML_ERROR_GPU_NOT_FOUND", False, nvml.NA_GPU_LOST),  # a device query: that GPU went away
        ("NVML_ERROR_OPERATING_SYSTEM", False, nvml.NA_NO_PERMISSION),  # blocked by the OS / cgroups
        ("NVML_ERROR_RESET_REQUIRED", False, nvml.NA_GPU_LOST),
        ("NVML_ERROR_LIB_RM_VERSION_MISMATCH", True, nvml.NA_VERSION_MISMATCH),
    ],
)
def test_real_nvml_errors_when_starting(code: str, starting: bool, expected: str) -> None:
    exc = pynvml.NVMLError(getattr(pynvml, code))
    assert nvml.classify_error(exc, starting=starting).code == expected


@pytest.fixture
def nvml_init_raises(monkeypatch):
    """nvmlInit raises the binding's own exception for a given NVML return code; everything after it (the wrapper,
    detect_host) is the real code. nvidia-smi is not looked for, so that NVML's answer alone decides."""
    from tfgpu_wizard.core.setup import host

    def arm(code: str) -> None:
        def init() -> None:
            raise pynvml.NVMLError(getattr(pynvml, code))

        monkeypatch.setattr(nvml, "_pynvml", None)
        monkeypatch.setattr(pynvml, "nvmlInit", init)
        nvml.shutdown()

    monkeypatch.setattr(host, "find_nvidia_smi", lambda environ: None)
    yield arm
    nvml.shutdown()


@pytest.mark.parametrize(
    ("code", "state", "note"),
    [
        ("NVML_ERROR_LIB_RM_VERSION_MISMATCH", "needs-reboot", "driver-needs-reboot"),
        ("NVML_ERROR_DRIVER_NOT_LOADED", "not-loaded", "driver-not-loaded"),
        ("NVML_ERROR_NO_PERMISSION", "no-permission", "driver-no-permission"),
        ("NVML_ERROR_GPU_NOT_FOUND", "no-devices", "driver-no-gpus"),
        ("NVML_ERROR_LIBRARY_NOT_FOUND", "not-installed", "no-nvidia-driver"),
        ("NVML_ERROR_UNKNOWN", "failed", "driver-failed"),
    ],
)
def test_nvml_errors_become_driver_states(nvml_init_raises, code: str, state: str, note: str) -> None:
    from tfgpu_wizard.core.setup import host
    from tfgpu_wizard.core.setup.host_model import DRIVER_STATE_MESSAGES

    nvml_init_raises(code)
    info, gpus, notes = host._detect_driver(5.0, {"PATH": ""})
    assert (info.state, gpus) == (state, [])
    assert info.present == (state == "no-devices")  # a driver that runs without a GPU is there
    if info.no_nvidia_gpu:  # this machine's PCI bus holds no NVIDIA GPU: nothing is wrong, nothing to install
        assert (state, notes[0].code, notes[0].severity) == ("not-installed", "no-nvidia-gpu", "info")
    else:
        assert notes[0].code == note and notes[0].message == DRIVER_STATE_MESSAGES[state]
    assert info.error.startswith("NVML: ")


def test_device_info_with_mig_devices_round_trips() -> None:
    mig = nvml.MigDevice(0, "MIG-11112222-3333-4444-5555-666677778888", "NVIDIA H100 80GB HBM3 MIG 3g.40gb",
                         40448 << 20, 2, 0)
    d = DeviceInfo(0, "NVIDIA H100 80GB HBM3", "GPU-1", "00000000:00:09.0", 81559 << 20, "9.0", (mig.uuid,), True,
                   (mig,))
    assert DeviceInfo.from_dict(d.to_dict()) == d
    old = {k: v for k, v in d.to_dict().items() if k not in ("mig_enabled", "mig_devices")}  # a run file of before
    assert DeviceInfo.from_dict(old).mig_devices == () and DeviceInfo.from_dict(old).mig_enabled is None
