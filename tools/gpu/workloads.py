"""GPU workloads whose memory the recorder traces (run on the GPU machine only; JAX / PyTorch, no TF there).

Usage: python3 workloads.py SCENARIO   -- prints JSON-line events on stdout, like the bundled sample does.
Scenarios: jax_default, jax_ondemand, jax_fraction (the env var picks JAX's allocator mode; the code is the
same), torch_caching, torch_fraction, torch_train.
"""

from __future__ import annotations

import json
import sys
import time

GIB = 1024**3


def emit(event: str, **fields: object) -> None:
    print(json.dumps({"event": event, "t_child": round(time.monotonic(), 4), **fields}), flush=True)


def jax_staircase() -> None:
    import jax
    import jax.numpy as jnp

    emit("start", framework="jax", version=jax.__version__, device=str(jax.devices()[0]))
    time.sleep(1.0)
    keep = []
    for k in range(8):
        keep.append(jnp.ones((GIB // 4,), dtype=jnp.float32))  # 1 GiB each
        keep[-1].block_until_ready()
        emit("alloc", step=k + 1, held_gib=k + 1)
        time.sleep(0.6)
    del keep
    emit("freed", held_gib=0)
    time.sleep(1.0)
    emit("end")


def torch_caching() -> None:
    import torch

    emit("start", framework="torch", version=torch.__version__, device=torch.cuda.get_device_name(0))
    torch.zeros(1, device="cuda")  # CUDA context only
    emit("context")
    time.sleep(1.0)
    keep = []
    for k in range(8):
        keep.append(torch.ones(GIB // 4, dtype=torch.float32, device="cuda"))
        torch.cuda.synchronize()
        emit("alloc", step=k + 1, held_gib=k + 1, allocated=torch.cuda.memory_allocated(),
             reserved=torch.cuda.memory_reserved())
        time.sleep(0.5)
    del keep[4:]
    emit("del_half", allocated=torch.cuda.memory_allocated(), reserved=torch.cuda.memory_reserved())
    time.sleep(1.5)  # the caching allocator keeps the freed blocks: NVML does not move
    torch.cuda.empty_cache()
    emit("empty_cache", allocated=torch.cuda.memory_allocated(), reserved=torch.cuda.memory_reserved())
    time.sleep(1.5)
    emit("end")


def torch_fraction() -> None:
    import torch

    frac = 0.10
    torch.cuda.set_per_process_memory_fraction(frac, 0)
    emit("start", framework="torch", version=torch.__version__, fraction=frac,
         limit=int(frac * torch.cuda.get_device_properties(0).total_memory))
    keep = []
    try:
        for k in range(40):
            keep.append(torch.ones(GIB // 4, dtype=torch.float32, device="cuda"))
            torch.cuda.synchronize()
            emit("alloc", step=k + 1, held_gib=k + 1, allocated=torch.cuda.memory_allocated(),
                 reserved=torch.cuda.memory_reserved())
            time.sleep(0.4)
    except torch.OutOfMemoryError as exc:
        emit("oom", held_gib=len(keep), message=str(exc).splitlines()[0][:200])
    time.sleep(1.5)
    emit("end")


def torch_train() -> None:
    import torch
    from torch import nn

    torch.manual_seed(0)
    emit("start", framework="torch", version=torch.__version__, model="conv net, CIFAR-sized random data",
         batch=256, steps=300)
    model = nn.Sequential(
        nn.Conv2d(3, 64, 3, padding=1), nn.ReLU(), nn.Conv2d(64, 128, 3, padding=1), nn.ReLU(),
        nn.MaxPool2d(2), nn.Conv2d(128, 256, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1),
        nn.Flatten(), nn.Linear(256, 10),
    ).cuda()
    opt = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
    x = torch.randn(256, 3, 32, 32, device="cuda")
    y = torch.randint(0, 10, (256,), device="cuda")
    loss_fn = nn.CrossEntropyLoss()
    t_start = time.monotonic()
    for step in range(1, 301):
        opt.zero_grad(set_to_none=True)
        loss = loss_fn(model(x), y)
        loss.backward()
        opt.step()
        if step % 10 == 0:
            torch.cuda.synchronize()
            elapsed = time.monotonic() - t_start
            emit("step", step=step, loss=round(float(loss), 4), images_per_s=round(step * 256 / elapsed, 1),
                 allocated=torch.cuda.memory_allocated(), peak=torch.cuda.max_memory_allocated(),
                 reserved=torch.cuda.memory_reserved())
        if step == 150:
            # a bigger batch half-way: the staircase of a growing pool
            x = torch.randn(1024, 3, 32, 32, device="cuda")
            y = torch.randint(0, 10, (1024,), device="cuda")
            emit("batch_change", batch=1024)
    emit("end")


SCENARIOS = {
    "jax_default": jax_staircase,
    "jax_ondemand": jax_staircase,
    "jax_fraction": jax_staircase,
    "torch_caching": torch_caching,
    "torch_fraction": torch_fraction,
    "torch_train": torch_train,
}

if __name__ == "__main__":
    SCENARIOS[sys.argv[1]]()
