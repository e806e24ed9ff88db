<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>diagnose</name>
    <message>
        <source>NVIDIA driver and driver library do not match</source>
        <translation>NVIDIA 驱动与驱动库版本不一致</translation>
    </message>
    <message>
        <source>The NVIDIA kernel module that is loaded is a different version from the driver library on disk. This almost always happens after a driver update without a reboot. Until it is fixed, no program can use the GPU, so every other GPU message in this log is a consequence.</source>
        <translation>已加载的 NVIDIA 内核模块与磁盘上的驱动库版本不同。这几乎总是发生在更新驱动之后没有重启。修好之前，任何程序都用不了 GPU，所以本日志里其他 GPU 消息都是它的后果。</translation>
    </message>
    <message>
        <source>Reboot the computer. If the message stays, reinstall one NVIDIA driver version cleanly (remove the old packages first) and reboot again.</source>
        <translation>重启电脑。如果消息仍在，先删除旧的驱动包，干净地重装同一个 NVIDIA 驱动版本，然后再重启。</translation>
    </message>
    <message>
        <source>Reboot. If the message stays: compare `cat /proc/driver/nvidia/version` with the driver package version, remove the stale packages, reinstall one driver version and reboot. With Secure Boot on, also check `mokutil --sb-state` (the module must be signed).</source>
        <translation>重启。如果消息仍在：对比 `cat /proc/driver/nvidia/version` 和驱动软件包版本，删除残留的旧包，只重装一个驱动版本并重启。如果开启了安全启动（Secure Boot），还要用 `mokutil --sb-state` 检查（内核模块必须签名）。</translation>
    </message>
    <message>
        <source>Inside WSL only the Windows driver may be used: remove any Linux NVIDIA driver installed in WSL (`sudo apt remove --purge 'nvidia-driver-*'`), run `wsl --shutdown` in Windows and open WSL again.</source>
        <translation>WSL 里只能使用 Windows 的驱动：删除在 WSL 里装的任何 Linux NVIDIA 驱动（`sudo apt remove --purge 'nvidia-driver-*'`），在 Windows 中运行 `wsl --shutdown`，再重新打开 WSL。</translation>
    </message>
    <message>
        <source>The NVIDIA driver is not running</source>
        <translation>NVIDIA 驱动没有运行</translation>
    </message>
    <message>
        <source>nvidia-smi could not talk to the NVIDIA driver: the driver is not installed, its kernel module is not loaded, or Secure Boot blocked it. No program can use the GPU until this works.</source>
        <translation>nvidia-smi 无法与 NVIDIA 驱动通信：驱动没装、内核模块没加载，或被安全启动（Secure Boot）拦截。在它正常工作之前，任何程序都用不了 GPU。</translation>
    </message>
    <message>
        <source>Install or reinstall the NVIDIA driver for your card, then reboot.</source>
        <translation>为你的显卡安装或重装 NVIDIA 驱动，然后重启。</translation>
    </message>
    <message>
        <source>Install the driver from your distribution (e.g. `sudo ubuntu-drivers install`) and reboot. If it is installed: `lsmod | grep nvidia` must list it; with Secure Boot on (`mokutil --sb-state`) enrol the module key or turn Secure Boot off.</source>
        <translation>从发行版安装驱动（例如 `sudo ubuntu-drivers install`）并重启。如果已经安装：`lsmod | grep nvidia` 应该能列出它；若开启了安全启动（`mokutil --sb-state`），请登记模块签名密钥或关闭安全启动。</translation>
    </message>
    <message>
        <source>Update the NVIDIA driver in Windows (not inside WSL), then run `wsl --shutdown` and open WSL again; `nvidia-smi` must work inside WSL.</source>
        <translation>在 Windows 中（不是在 WSL 里）更新 NVIDIA 驱动，然后运行 `wsl --shutdown` 并重新打开 WSL；WSL 里的 `nvidia-smi` 必须能正常运行。</translation>
    </message>
    <message>
        <source>CUDA found no GPU (CUDA_ERROR_NO_DEVICE)</source>
        <translation>CUDA 找不到 GPU（CUDA_ERROR_NO_DEVICE）</translation>
    </message>
    <message>
        <source>The driver started, but no GPU was visible to this program. Most often the variable CUDA_VISIBLE_DEVICES is empty, -1 or names a GPU that does not exist; otherwise the driver cannot use the card.</source>
        <translation>驱动已启动，但这个程序看不到任何 GPU。最常见的原因是环境变量 CUDA_VISIBLE_DEVICES 为空、为 -1 或指向不存在的 GPU；否则就是驱动无法使用这块显卡。</translation>
    </message>
    <message>
        <source>Check CUDA_VISIBLE_DEVICES: remove it or set it to a valid index such as 0. Then make sure `nvidia-smi` lists your card.</source>
        <translation>检查 CUDA_VISIBLE_DEVICES：删除它，或设为有效的编号（例如 0）。然后确认 `nvidia-smi` 能列出你的显卡。</translation>
    </message>
    <message>
        <source>Run `echo "$CUDA_VISIBLE_DEVICES"`. If it prints -1, nothing useful or a wrong index, run `unset CUDA_VISIBLE_DEVICES` (or set it to 0) and try again. `nvidia-smi` must list your card.</source>
        <translation>运行 `echo "$CUDA_VISIBLE_DEVICES"`。如果输出 -1、无意义的值或错误的编号，运行 `unset CUDA_VISIBLE_DEVICES`（或设为 0）后重试。`nvidia-smi` 必须能列出你的显卡。</translation>
    </message>
    <message>
        <source>In PowerShell run `echo $env:CUDA_VISIBLE_DEVICES` (cmd: `set CUDA_VISIBLE_DEVICES`). If it is set to -1 or a wrong index, remove it (System settings &gt; Environment variables) and open a new terminal. `nvidia-smi` must list your card.</source>
        <translation>在 PowerShell 中运行 `echo $env:CUDA_VISIBLE_DEVICES`（cmd 中用 `set CUDA_VISIBLE_DEVICES`）。如果它被设为 -1 或错误的编号，请删除它（系统设置 &gt; 环境变量），然后打开一个新终端。`nvidia-smi` 必须能列出你的显卡。</translation>
    </message>
    <message>
        <source>Run `echo "$CUDA_VISIBLE_DEVICES"` and unset it if it is -1 or wrong. Make sure no Linux NVIDIA driver is installed inside WSL (only the Windows driver); `nvidia-smi` inside WSL must list your card.</source>
        <translation>运行 `echo "$CUDA_VISIBLE_DEVICES"`，如果是 -1 或错误值就 unset 它。确认 WSL 里没有安装 Linux 版 NVIDIA 驱动（只用 Windows 驱动）；WSL 里的 `nvidia-smi` 必须能列出你的显卡。</translation>
    </message>
    <message>
        <source>CUDA could not start (CUDA_ERROR_UNKNOWN)</source>
        <translation>CUDA 无法启动（CUDA_ERROR_UNKNOWN）</translation>
    </message>
    <message>
        <source>The driver is installed but CUDA failed to initialise. The classic cause on Linux is a suspend/resume of the computer, after which the nvidia_uvm module must be reloaded; a missing /dev/nvidia-uvm device does the same.</source>
        <translation>驱动已安装，但 CUDA 初始化失败。Linux 上的典型原因是电脑休眠/唤醒之后需要重新加载 nvidia_uvm 模块；缺少 /dev/nvidia-uvm 设备也会这样。</translation>
    </message>
    <message>
        <source>Restart the computer and try again; update the NVIDIA driver if it persists.</source>
        <translation>重启电脑后重试；如果问题依旧，请更新 NVIDIA 驱动。</translation>
    </message>
    <message>
        <source>Reload the module: `sudo modprobe -r nvidia_uvm &amp;&amp; sudo modprobe nvidia_uvm` (or reboot). To prevent it, install `nvidia-modprobe` and enable the nvidia-suspend and nvidia-resume services.</source>
        <translation>重新加载模块：`sudo modprobe -r nvidia_uvm &amp;&amp; sudo modprobe nvidia_uvm`（或重启）。为避免再次发生，安装 `nvidia-modprobe` 并启用 nvidia-suspend 和 nvidia-resume 服务。</translation>
    </message>
    <message>
        <source>Run `wsl --shutdown` in Windows, open WSL again, and update the Windows NVIDIA driver.</source>
        <translation>在 Windows 中运行 `wsl --shutdown`，重新打开 WSL，并更新 Windows 的 NVIDIA 驱动。</translation>
    </message>
    <message>
        <source>CUDA could not start: no usable NVIDIA driver</source>
        <translation>CUDA 无法启动：没有可用的 NVIDIA 驱动</translation>
    </message>
    <message>
        <source>TensorFlow asked the NVIDIA driver to start CUDA and it refused ({code}). On a computer without an NVIDIA GPU or driver this is expected and harmless: TensorFlow then runs on the CPU. If you do have an NVIDIA GPU, the driver is missing, too old or broken.</source>
        <translation>TensorFlow 请求 NVIDIA 驱动启动 CUDA，被拒绝了（{code}）。在没有 NVIDIA 显卡或驱动的电脑上这是正常的、无害的：TensorFlow 会改用 CPU。如果你确实有 NVIDIA 显卡，说明驱动缺失、过旧或已损坏。</translation>
    </message>
    <message>
        <source>Run `nvidia-smi`. If it fails, install the current NVIDIA driver for your card (CUDA 12 builds of TensorFlow need driver 525 or newer) and reboot.</source>
        <translation>运行 `nvidia-smi`。如果失败，请为显卡安装最新的 NVIDIA 驱动（CUDA 12 版本的 TensorFlow 需要 525 或更新的驱动）并重启。</translation>
    </message>
    <message>
        <source>Run `nvidia-smi` inside WSL. If it fails, update the NVIDIA driver in Windows (528.33 or newer), then `wsl --shutdown` and open WSL again.</source>
        <translation>在 WSL 里运行 `nvidia-smi`。如果失败，在 Windows 中更新 NVIDIA 驱动（528.33 或更新），然后 `wsl --shutdown` 并重新打开 WSL。</translation>
    </message>
    <message>
        <source>TensorFlow is not installed in this Python</source>
        <translation>这个 Python 里没有安装 TensorFlow</translation>
    </message>
    <message>
        <source>The Python that ran this has no TensorFlow. Often TensorFlow was installed into a different Python or environment (another conda env, venv, or the system Python).</source>
        <translation>运行它的 Python 里没有 TensorFlow。通常是 TensorFlow 装到了别的 Python 或环境里（另一个 conda 环境、venv 或系统 Python）。</translation>
    </message>
    <message>
        <source>Activate the environment you installed TensorFlow into, or install it into this one with `python -m pip install "tensorflow[and-cuda]"` (the wizard's Plan page writes the exact commands).</source>
        <translation>激活你安装 TensorFlow 的那个环境，或者用 `python -m pip install "tensorflow[and-cuda]"` 安装到当前环境（向导的“方案”页会写出准确的命令）。</translation>
    </message>
    <message>
        <source>Activate the environment you installed TensorFlow into, or install it into this one. For the GPU on native Windows only TensorFlow 2.10 works: `python -m pip install "tensorflow&lt;2.11"` with Python 3.10 or older; otherwise use WSL2.</source>
        <translation>激活你安装 TensorFlow 的那个环境，或安装到当前环境。在原生 Windows 上要用 GPU 只能用 TensorFlow 2.10：`python -m pip install "tensorflow&lt;2.11"`，并且 Python 3.10 或更旧；否则请使用 WSL2。</translation>
    </message>
    <message>
        <source>TensorFlow 2.11 and newer cannot use the GPU on native Windows</source>
        <translation>TensorFlow 2.11 及以后的版本在原生 Windows 上不能使用 GPU</translation>
    </message>
    <message>
        <source>The last TensorFlow release with GPU support on native Windows is 2.10. Newer versions install and run fine, but only on the CPU, so the GPU list is empty and no error is printed.</source>
        <translation>在原生 Windows 上支持 GPU 的最后一个 TensorFlow 版本是 2.10。更新的版本能正常安装和运行，但只用 CPU，所以 GPU 列表为空，而且不会打印任何错误。</translation>
    </message>
    <message>
        <source>Choose one: (a) use WSL2 (Windows 10 21H2 or newer, NVIDIA driver 528.33 or newer) and `pip install "tensorflow[and-cuda]"` there; (b) stay native with Python 3.10 or older: `conda install -c conda-forge cudatoolkit=11.2 cudnn=8.1.0` then `pip install "tensorflow&lt;2.11"`; (c) keep the CPU.</source>
        <translation>任选其一：(a) 使用 WSL2（Windows 10 21H2 或更新，NVIDIA 驱动 528.33 或更新），在其中 `pip install "tensorflow[and-cuda]"`；(b) 留在原生 Windows，使用 Python 3.10 或更旧：先 `conda install -c conda-forge cudatoolkit=11.2 cudnn=8.1.0`，再 `pip install "tensorflow&lt;2.11"`；(c) 继续用 CPU。</translation>
    </message>
    <message>
        <source>TensorFlow found no CUDA libraries, so it will not use the GPU</source>
        <translation>TensorFlow 找不到 CUDA 库，因此不会使用 GPU</translation>
    </message>
    <message>
        <source>Despite its wording, this message means TensorFlow could not load the CUDA runtime library (libcudart), not only that the driver is missing. Typical causes: `pip install tensorflow` without `[and-cuda]`, the CPU-only package tensorflow-cpu, or no NVIDIA driver. On a computer without an NVIDIA GPU it is expected.</source>
        <translation>这条消息字面上说找不到驱动，实际意思是 TensorFlow 无法加载 CUDA 运行库（libcudart），不一定是驱动缺失。典型原因：`pip install tensorflow` 时没有加 `[and-cuda]`、装的是只支持 CPU 的 tensorflow-cpu，或者没有 NVIDIA 驱动。在没有 NVIDIA 显卡的电脑上这是正常的。</translation>
    </message>
    <message>
        <source>First run `nvidia-smi`. If it fails, install the NVIDIA driver. If it works, install the CUDA libraries with TensorFlow in this environment: `pip install "tensorflow[and-cuda]"`.</source>
        <translation>先运行 `nvidia-smi`。如果失败，安装 NVIDIA 驱动。如果正常，在当前环境里连同 CUDA 库一起安装 TensorFlow：`pip install "tensorflow[and-cuda]"`。</translation>
    </message>
    <message>
        <source>First run `nvidia-smi`. If it fails, install the NVIDIA driver. If it works, install the CUDA libraries with TensorFlow in this environment: `python -m pip install "tensorflow[and-cuda]"` (TensorFlow 2.15 or newer). `tensorflow-cpu` never uses a GPU.</source>
        <translation>先运行 `nvidia-smi`。如果失败，安装 NVIDIA 驱动。如果正常，在当前环境里连同 CUDA 库一起安装 TensorFlow：`python -m pip install "tensorflow[and-cuda]"`（TensorFlow 2.15 或更新）。`tensorflow-cpu` 永远不会使用 GPU。</translation>
    </message>
    <message>
        <source>Run `nvidia-smi` inside WSL; it must work with the Windows driver alone. Then `python -m pip install "tensorflow[and-cuda]"` in this environment.</source>
        <translation>在 WSL 里运行 `nvidia-smi`，它只靠 Windows 驱动就必须能工作。然后在当前环境中运行 `python -m pip install "tensorflow[and-cuda]"`。</translation>
    </message>
    <message>
        <source>On native Windows only TensorFlow 2.10 and older can use the GPU; see the Windows finding, or use WSL2.</source>
        <translation>在原生 Windows 上只有 TensorFlow 2.10 及更早版本能使用 GPU；请看关于 Windows 的那条结论，或改用 WSL2。</translation>
    </message>
    <message>
        <source>A CUDA library that TensorFlow needs is missing: {lib}</source>
        <translation>缺少 TensorFlow 需要的 CUDA 库：{lib}</translation>
    </message>
    <message>
        <source>TensorFlow was built for one exact CUDA/cuDNN version and could not open {lib} (or a library it depends on). Either that version is not installed, or it is installed somewhere the loader does not look.</source>
        <translation>TensorFlow 是针对某个确定的 CUDA/cuDNN 版本编译的，但无法打开 {lib}（或它依赖的库）。要么没有安装这个版本，要么装在了加载器找不到的位置。</translation>
    </message>
    <message>
        <source>Install the CUDA and cuDNN versions your TensorFlow version was built for (see the wizard's Plan page) and make sure their folder is on the library path.</source>
        <translation>安装你的 TensorFlow 版本所对应的 CUDA 和 cuDNN 版本（见向导的“方案”页），并确保它们所在的文件夹在库搜索路径上。</translation>
    </message>
    <message>
        <source>Easiest: TensorFlow 2.15 or newer with `python -m pip install "tensorflow[and-cuda]"`, which brings matching CUDA/cuDNN as pip packages. For older versions install the exact versions from the tested table (e.g. TF 2.12-2.14: CUDA 11.8 + cuDNN 8.6) with conda and add `$CONDA_PREFIX/lib` to LD_LIBRARY_PATH in `$CONDA_PREFIX/etc/conda/activate.d/env_vars.sh`.</source>
        <translation>最简单：使用 TensorFlow 2.15 或更新版本并运行 `python -m pip install "tensorflow[and-cuda]"`，它会以 pip 包的形式带上匹配的 CUDA/cuDNN。较旧的版本请按测试表安装确切版本（例如 TF 2.12–2.14：CUDA 11.8 + cuDNN 8.6），用 conda 安装，并在 `$CONDA_PREFIX/etc/conda/activate.d/env_vars.sh` 中把 `$CONDA_PREFIX/lib` 加入 LD_LIBRARY_PATH。</translation>
    </message>
    <message>
        <source>TensorFlow 2.10 (the last native Windows GPU release) needs CUDA 11.2 and cuDNN 8.1: `conda install -c conda-forge cudatoolkit=11.2 cudnn=8.1.0` in the same environment, or install them from NVIDIA and put their bin folders on PATH. Python 3.8+ may also need `os.add_dll_directory(r"C:\Program Files\NVIDIA GPU Computing Toolkit\CUDA\v11.2\bin")` before `import tensorflow`.</source>
        <translation>TensorFlow 2.10（原生 Windows 上最后一个支持 GPU 的版本）需要 CUDA 11.2 和 cuDNN 8.1：在同一环境中运行 `conda install -c conda-forge cudatoolkit=11.2 cudnn=8.1.0`，或从 NVIDIA 安装并把它们的 bin 文件夹加入 PATH。Python 3.8 及以上可能还需要在 `import tensorflow` 之前调用 `os.add_dll_directory(r"C:\Program Files\NVIDIA GPU Computing Toolkit\CUDA\v11.2\bin")`。</translation>
    </message>
    <message>
        <source>Inside WSL use TensorFlow 2.15 or newer with `python -m pip install "tensorflow[and-cuda]"`. Do not install a Linux NVIDIA driver inside WSL; the CUDA libraries come from pip.</source>
        <translation>在 WSL 里使用 TensorFlow 2.15 或更新版本，运行 `python -m pip install "tensorflow[and-cuda]"`。不要在 WSL 里安装 Linux 版 NVIDIA 驱动；CUDA 库由 pip 提供。</translation>
    </message>
    <message>
        <source>Wrong cuDNN version: {loaded} was loaded, TensorFlow needs {compiled}</source>
        <translation>cuDNN 版本不对：加载的是 {loaded}，TensorFlow 需要 {compiled}</translation>
    </message>
    <message>
        <source>Another cuDNN (from the system, another conda package, a PyTorch install or the notebook image) was found before the one TensorFlow was built with. cuDNN must have the same major version and an equal or newer minor version, so convolutions fail.</source>
        <translation>另一个 cuDNN（来自系统、其他 conda 包、PyTorch 或笔记本镜像）先于 TensorFlow 编译时使用的那个被找到了。cuDNN 的主版本必须相同、次版本相同或更新，因此卷积运算会失败。</translation>
    </message>
    <message>
        <source>Install cuDNN {compiled} (or a newer minor version of the same major version) in this environment and remove older cuDNN folders from the library path. Keeping TensorFlow in its own environment, apart from PyTorch, avoids this.</source>
        <translation>在当前环境中安装 cuDNN {compiled}（或同一主版本中更新的次版本），并把旧的 cuDNN 文件夹从库路径中移除。把 TensorFlow 放在与 PyTorch 分开的独立环境中可以避免这个问题。</translation>
    </message>
    <message>
        <source>With pip: `python -m pip install "tensorflow[and-cuda]"` pins the matching nvidia-cudnn package. Then remove stale cuDNN folders from LD_LIBRARY_PATH (`echo $LD_LIBRARY_PATH`). Keep TensorFlow in its own environment, apart from PyTorch.</source>
        <translation>使用 pip：`python -m pip install "tensorflow[and-cuda]"` 会固定匹配的 nvidia-cudnn 包。然后从 LD_LIBRARY_PATH 中删掉旧的 cuDNN 文件夹（`echo $LD_LIBRARY_PATH`）。把 TensorFlow 放在与 PyTorch 分开的独立环境中。</translation>
    </message>
    <message>
        <source>For TensorFlow 2.10 install cuDNN 8.1 for CUDA 11.2 and make sure no other cuDNN folder comes first on PATH.</source>
        <translation>对于 TensorFlow 2.10，安装适用于 CUDA 11.2 的 cuDNN 8.1，并确保 PATH 中没有别的 cuDNN 文件夹排在它前面。</translation>
    </message>
    <message>
        <source>Your GPU (compute capability {cc}) is newer than this TensorFlow build</source>
        <translation>你的 GPU（计算能力 {cc}）比这个 TensorFlow 版本更新</translation>
    </message>
    <message>
        <source>This TensorFlow has no ready-made GPU code for your card, so the driver compiles it at start-up ("jit-compiled from PTX"). That can take 30 minutes or more, and on some new cards it fails (CUDA_ERROR_INVALID_PTX / INVALID_HANDLE).</source>
        <translation>这个 TensorFlow 没有为你的显卡预编译好的 GPU 代码，所以驱动会在启动时现场编译（“jit-compiled from PTX”）。这可能需要 30 分钟或更久，在一些新显卡上还会失败（CUDA_ERROR_INVALID_PTX / INVALID_HANDLE）。</translation>
    </message>
    <message>
        <source>Use the newest TensorFlow release (or tf-nightly) or NVIDIA's TensorFlow container, which include code for newer GPUs. If you keep this version, expect a long first start.</source>
        <translation>使用最新的 TensorFlow 正式版（或 tf-nightly），或 NVIDIA 的 TensorFlow 容器，它们包含针对新 GPU 的代码。如果继续使用当前版本，首次启动会很慢。</translation>
    </message>
    <message>
        <source>TensorFlow has no GPU code that runs on this card</source>
        <translation>TensorFlow 没有能在这块显卡上运行的 GPU 代码</translation>
    </message>
    <message>
        <source>The GPU kernels in this TensorFlow build (and their PTX fallback) cannot run on your GPU's architecture, usually because the card is newer (or much older) than the build.</source>
        <translation>这个 TensorFlow 版本中的 GPU 内核（以及 PTX 备用代码）无法在你的 GPU 架构上运行，通常是因为显卡比这个版本新得多（或旧得多）。</translation>
    </message>
    <message>
        <source>Install a TensorFlow release built for your GPU's compute capability (the newest release, tf-nightly or NVIDIA's container for new cards; an older release for very old cards).</source>
        <translation>安装针对你 GPU 计算能力编译的 TensorFlow 版本（新显卡用最新正式版、tf-nightly 或 NVIDIA 容器；很旧的显卡用较旧的版本）。</translation>
    </message>
    <message>
        <source>XLA cannot find the CUDA compiler tools (ptxas, libdevice)</source>
        <translation>XLA 找不到 CUDA 编译工具（ptxas、libdevice）</translation>
    </message>
    <message>
        <source>XLA (jit_compile, and some Keras optimizers) compiles GPU code at run time and needs `ptxas` and `libdevice` from the CUDA compiler package, which plain pip or conda environments often lack.</source>
        <translation>XLA（jit_compile 以及部分 Keras 优化器）在运行时编译 GPU 代码，需要 CUDA 编译器包中的 `ptxas` 和 `libdevice`，而普通的 pip 或 conda 环境常常没有它们。</translation>
    </message>
    <message>
        <source>Install the CUDA compiler into the environment: `python -m pip install nvidia-cuda-nvcc-cu12` (part of `tensorflow[and-cuda]`) or `conda install -c nvidia cuda-nvcc`, and point XLA at it: `XLA_FLAGS=--xla_gpu_cuda_data_dir=&lt;folder that contains nvvm/libdevice&gt;`.</source>
        <translation>把 CUDA 编译器装进环境：`python -m pip install nvidia-cuda-nvcc-cu12`（包含在 `tensorflow[and-cuda]` 中）或 `conda install -c nvidia cuda-nvcc`，并告诉 XLA 它的位置：`XLA_FLAGS=--xla_gpu_cuda_data_dir=&lt;包含 nvvm/libdevice 的文件夹&gt;`。</translation>
    </message>
    <message>
        <source>TensorFlow could not load its GPU libraries and skips the GPU</source>
        <translation>TensorFlow 无法加载 GPU 库，因此跳过了 GPU</translation>
    </message>
    <message>
        <source>This is a summary: one or more CUDA/cuDNN libraries could not be loaded, so TensorFlow registers no GPU. The lines before it name the library; with TensorFlow 2.16.1 installed as `tensorflow[and-cuda]` the pip NVIDIA libraries were not found because of a known bug.</source>
        <translation>这是一条汇总消息：有一个或多个 CUDA/cuDNN 库加载失败，所以 TensorFlow 没有注册任何 GPU。前面的行会写出是哪个库；用 `tensorflow[and-cuda]` 安装的 TensorFlow 2.16.1 有一个已知缺陷，会找不到 pip 安装的 NVIDIA 库。</translation>
    </message>
    <message>
        <source>Look for "Could not load dynamic library" lines above it. If there are none, run again with the environment variable TF_CPP_MAX_VLOG_LEVEL=3 to make TensorFlow name the library.</source>
        <translation>在它前面找 “Could not load dynamic library” 行。如果没有，设置环境变量 TF_CPP_MAX_VLOG_LEVEL=3 再运行一次，让 TensorFlow 写出库名。</translation>
    </message>
    <message>
        <source>Look for "Could not load dynamic library" lines above it, or run again with TF_CPP_MAX_VLOG_LEVEL=3. With TensorFlow 2.16.1 from `tensorflow[and-cuda]`: upgrade to 2.17 or newer, or add the `site-packages/nvidia/*/lib` folders to LD_LIBRARY_PATH.</source>
        <translation>在它前面找 “Could not load dynamic library” 行，或设置 TF_CPP_MAX_VLOG_LEVEL=3 再运行一次。如果是用 `tensorflow[and-cuda]` 安装的 TensorFlow 2.16.1：升级到 2.17 或更新版本，或者把 `site-packages/nvidia/*/lib` 文件夹加入 LD_LIBRARY_PATH。</translation>
    </message>
    <message>
        <source>cuDNN could not start</source>
        <translation>cuDNN 无法启动</translation>
    </message>
    <message>
        <source>cuDNN, which runs convolutions on the GPU, failed to initialise. Usually TensorFlow had already reserved nearly all GPU memory, leaving none for cuDNN's workspace (common on cards that also drive the display); less often the cuDNN version does not match.</source>
        <translation>负责在 GPU 上运行卷积的 cuDNN 初始化失败。通常是 TensorFlow 已经预占了几乎全部显存，cuDNN 没有工作空间可用（在同时负责显示的显卡上很常见）；较少见的原因是 cuDNN 版本不匹配。</translation>
    </message>
    <message>
        <source>Let TensorFlow allocate GPU memory on demand: set TF_FORCE_GPU_ALLOW_GROWTH=true before starting Python (or call set_memory_growth at the top of the script), close other programs using the GPU, try a smaller batch. If it persists, check the cuDNN version.</source>
        <translation>让 TensorFlow 按需分配显存：在启动 Python 之前设置 TF_FORCE_GPU_ALLOW_GROWTH=true（或在脚本开头调用 set_memory_growth），关闭其他占用 GPU 的程序，尝试更小的批大小。如果仍然失败，检查 cuDNN 版本。</translation>
    </message>
    <message>
        <source>MirroredStrategy uses NCCL, which is not available here</source>
        <translation>MirroredStrategy 使用了 NCCL，但这里没有 NCCL</translation>
    </message>
    <message>
        <source>MirroredStrategy combines the GPUs' gradients with NCCL by default, but NCCL does not exist on native Windows (and in some builds), so the all-reduce operation has no kernel.</source>
        <translation>MirroredStrategy 默认用 NCCL 合并各 GPU 的梯度，但原生 Windows（以及某些版本）上没有 NCCL，所以 all-reduce 运算没有可用的内核。</translation>
    </message>
    <message>
        <source>Choose another way to combine gradients: `tf.distribute.MirroredStrategy(cross_device_ops=tf.distribute.HierarchicalCopyAllReduce())` (or `ReductionToOneDevice()`).</source>
        <translation>换一种合并梯度的方式：`tf.distribute.MirroredStrategy(cross_device_ops=tf.distribute.HierarchicalCopyAllReduce())`（或 `ReductionToOneDevice()`）。</translation>
    </message>
    <message>
        <source>GPU settings were changed after TensorFlow had started using the devices</source>
        <translation>在 TensorFlow 已开始使用设备之后才修改 GPU 设置</translation>
    </message>
    <message>
        <source>{what} devices cannot be modified after being initialized: memory growth, memory limits (logical devices) and visible devices must be set before the first operation touches a device. Something (your code, or a library you imported) already ran a TensorFlow operation.</source>
        <translation>{what} devices cannot be modified after being initialized（设备初始化之后不能再修改）：显存按需增长、显存上限（逻辑设备）和可见设备都必须在第一个运算使用设备之前设置好。已经有东西（你的代码或你导入的某个库）先运行了 TensorFlow 运算。</translation>
    </message>
    <message>
        <source>Move the set_memory_growth / set_logical_device_configuration / set_visible_devices calls to the very top of the script, right after `import tensorflow`, or use the environment variable TF_FORCE_GPU_ALLOW_GROWTH=true. In a notebook, restart the kernel to change them.</source>
        <translation>把 set_memory_growth / set_logical_device_configuration / set_visible_devices 调用移到脚本最开头、紧跟在 `import tensorflow` 之后，或使用环境变量 TF_FORCE_GPU_ALLOW_GROWTH=true。在笔记本中，要修改它们需要重启内核。</translation>
    </message>
    <message>
        <source>Out of memory</source>
        <translation>内存不足</translation>
    </message>
    <message>
        <source>A tensor {shape} did not fit into the memory TensorFlow may use on this device. Either the model and batch are too big for the card, another program holds GPU memory, or a memory limit you set is too small.</source>
        <translation>张量 {shape}放不进 TensorFlow 在这个设备上可用的内存。可能是模型和批大小对这块显卡来说太大，也可能是别的程序占用了显存，或者你设置的显存上限太小。</translation>
    </message>
    <message>
        <source>Use a smaller batch size, try mixed precision (mixed_float16), close other programs that use the GPU (see `nvidia-smi`), or raise the memory limit if you set one.</source>
        <translation>减小批大小，尝试混合精度（mixed_float16），关闭其他使用 GPU 的程序（见 `nvidia-smi`），如果设置了显存上限就调高它。</translation>
    </message>
    <message>
        <source>TensorFlow sees no GPU</source>
        <translation>TensorFlow 看不到 GPU</translation>
    </message>
    <message>
        <source>TensorFlow lists no GPU, so everything runs on the CPU. The other findings, if any, say why; if there are none, the installed TensorFlow has no GPU support or no NVIDIA driver is working.</source>
        <translation>TensorFlow 没有列出任何 GPU，所以一切都在 CPU 上运行。如果有其他结论，它们会说明原因；如果没有，说明安装的 TensorFlow 不支持 GPU，或者没有正常工作的 NVIDIA 驱动。</translation>
    </message>
    <message>
        <source>Run `nvidia-smi`. If it works, check which TensorFlow package is installed (`pip show tensorflow tensorflow-cpu`): tensorflow-cpu never uses a GPU; on Linux/WSL2 install `tensorflow[and-cuda]`.</source>
        <translation>运行 `nvidia-smi`。如果正常，检查安装的是哪个 TensorFlow 包（`pip show tensorflow tensorflow-cpu`）：tensorflow-cpu 永远不会使用 GPU；在 Linux/WSL2 上请安装 `tensorflow[and-cuda]`。</translation>
    </message>
    <message>
        <source>Run `nvidia-smi`. If it works: on native Windows only TensorFlow 2.10 and older can use the GPU; use WSL2 for newer versions.</source>
        <translation>运行 `nvidia-smi`。如果正常：在原生 Windows 上只有 TensorFlow 2.10 及更早版本能使用 GPU；更新的版本请使用 WSL2。</translation>
    </message>
    <message>
        <source>TensorFlow is using GPU {index} ({mb} MB reserved)</source>
        <translation>TensorFlow 正在使用 GPU {index}（预留 {mb} MB）</translation>
    </message>
    <message>
        <source>Good news: TensorFlow created a GPU device. The number is how much memory TensorFlow allows itself on that card.</source>
        <translation>好消息：TensorFlow 创建了 GPU 设备。这个数字是 TensorFlow 允许自己在这块显卡上使用的显存量。</translation>
    </message>
    <message>
        <source>Nothing to do.</source>
        <translation>无需处理。</translation>
    </message>
    <message>
        <source>NUMA node message: harmless</source>
        <translation>NUMA 节点消息：无害</translation>
    </message>
    <message>
        <source>TensorFlow could not read which NUMA node (memory bank) the GPU belongs to and assumes node zero. Ordinary desktops and WSL have only one, so the GPU works normally.</source>
        <translation>TensorFlow 读不到 GPU 属于哪个 NUMA 节点（内存区），于是假定为节点 0。普通台式机和 WSL 只有一个节点，所以 GPU 工作正常。</translation>
    </message>
    <message>
        <source>Nothing to do; you can ignore this line.</source>
        <translation>无需处理，可以忽略这一行。</translation>
    </message>
    <message>
        <source>Nothing to do; you can ignore this line. (To silence it, write 0 to /sys/bus/pci/devices/&lt;your GPU&gt;/numa_node as root after each boot.)</source>
        <translation>无需处理，可以忽略这一行。（如果想让它消失，每次开机后以 root 身份向 /sys/bus/pci/devices/&lt;你的 GPU&gt;/numa_node 写入 0。）</translation>
    </message>
    <message>
        <source>"Unable to register cuDNN/cuFFT/cuBLAS factory": harmless</source>
        <translation>“Unable to register cuDNN/cuFFT/cuBLAS factory”：无害</translation>
    </message>
    <message>
        <source>TensorFlow 2.14 to 2.20 print these at import although nothing is wrong: a GPU plugin was registered twice. They are marked E (error) but do not stop the GPU from working.</source>
        <translation>TensorFlow 2.14 到 2.20 在导入时会打印这些消息，但其实没有任何问题：某个 GPU 插件被注册了两次。它们虽然标为 E（错误），但不会妨碍 GPU 正常工作。</translation>
    </message>
    <message>
        <source>Nothing to do. To hide such lines, set TF_CPP_MIN_LOG_LEVEL=2 before starting Python.</source>
        <translation>无需处理。想隐藏这类消息，可在启动 Python 之前设置 TF_CPP_MIN_LOG_LEVEL=2。</translation>
    </message>
    <message>
        <source>TensorRT not found: harmless</source>
        <translation>找不到 TensorRT：无害</translation>
    </message>
    <message>
        <source>TensorRT is an optional NVIDIA inference optimiser. Training and normal GPU use do not need it.</source>
        <translation>TensorRT 是 NVIDIA 的可选推理优化工具。训练和普通的 GPU 使用都不需要它。</translation>
    </message>
    <message>
        <source>CPU instruction notice: harmless</source>
        <translation>CPU 指令集提示：无害</translation>
    </message>
    <message>
        <source>Information only: TensorFlow tells which CPU features it uses. It says nothing about the GPU.</source>
        <translation>仅供参考：TensorFlow 告诉你它使用了哪些 CPU 特性。这与 GPU 无关。</translation>
    </message>
    <message>
        <source>oneDNN notice: harmless</source>
        <translation>oneDNN 提示：无害</translation>
    </message>
    <message>
        <source>Information only: TensorFlow uses Intel's oneDNN on the CPU, so results may differ in the last digits between runs.</source>
        <translation>仅供参考：TensorFlow 在 CPU 上使用 Intel 的 oneDNN，因此不同运行之间结果的最后几位可能略有差异。</translation>
    </message>
    <message>
        <source>Nothing to do. TF_ENABLE_ONEDNN_OPTS=0 turns it off.</source>
        <translation>无需处理。设置 TF_ENABLE_ONEDNN_OPTS=0 可以关闭它。</translation>
    </message>
    <message>
        <source>"Ignore above cudart dlerror": TensorFlow's own hint</source>
        <translation>“Ignore above cudart dlerror”：TensorFlow 自己的提示</translation>
    </message>
    <message>
        <source>TensorFlow's note that the missing CUDA runtime reported just before matters only if you want to use an NVIDIA GPU. If you do, follow the finding about the missing library.</source>
        <translation>TensorFlow 的说明：前面报告的缺少 CUDA 运行库，只有在你想使用 NVIDIA GPU 时才重要。如果你想用 GPU，请按照关于缺少库的那条结论处理。</translation>
    </message>
    <message>
        <source>Nothing to do if you only want the CPU.</source>
        <translation>如果你只想用 CPU，无需处理。</translation>
    </message>
    <message>
        <source>Logging notice: harmless</source>
        <translation>日志提示：无害</translation>
    </message>
    <message>
        <source>Information only: where TensorFlow's C++ logging goes before it is set up.</source>
        <translation>仅供参考：说明 TensorFlow 的 C++ 日志在初始化之前输出到哪里。</translation>
    </message>
    <message>
        <source>WSL: "libcuda.so.1 is not a symbolic link": harmless</source>
        <translation>WSL：“libcuda.so.1 is not a symbolic link”：无害</translation>
    </message>
    <message>
        <source>WSL ships copies of libcuda instead of symbolic links, and ldconfig complains about it whenever packages are installed. The GPU still works. The real danger is different: never install a Linux NVIDIA driver inside WSL.</source>
        <translation>WSL 提供的 libcuda 是文件副本而不是符号链接，所以每次安装软件包时 ldconfig 都会抱怨。GPU 仍然可以正常工作。真正的危险是另一回事：千万不要在 WSL 里安装 Linux 版 NVIDIA 驱动。</translation>
    </message>
    <message>
        <source>Nothing to do. To silence it, in an administrator cmd window go to C:\Windows\System32\lxss\lib, delete libcuda.so and libcuda.so.1 and recreate them with `mklink libcuda.so.1 libcuda.so.1.1` and `mklink libcuda.so libcuda.so.1.1`.</source>
        <translation>无需处理。如果想让它消失：以管理员身份打开 cmd，进入 C:\Windows\System32\lxss\lib，删除 libcuda.so 和 libcuda.so.1，再用 `mklink libcuda.so.1 libcuda.so.1.1` 和 `mklink libcuda.so libcuda.so.1.1` 重新创建。</translation>
    </message>
    <message>
        <source>The program stopped with an error: {exception}</source>
        <translation>程序因错误而停止：{exception}</translation>
    </message>
    <message>
        <source>The last line of the traceback names the error. It is not one of the known TensorFlow/CUDA setup problems, so it is probably in the script itself or its input.</source>
        <translation>回溯（traceback）的最后一行写出了错误。它不属于已知的 TensorFlow/CUDA 配置问题，所以问题可能在脚本本身或它的输入数据里。</translation>
    </message>
    <message>
        <source>Read the traceback from the bottom up: the last "File ..." line that points to your own script is where it happened. Search for the exact error text if it is unclear.</source>
        <translation>从下往上阅读回溯：最后一个指向你自己脚本的 “File ...” 行就是出错的位置。如果看不懂，可以搜索完整的错误文本。</translation>
    </message>
    <message>
        <source>ERROR</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>WARNING</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>HARMLESS</source>
        <translation>无害</translation>
    </message>
    <message>
        <source>(a consequence of #{n})</source>
        <translation>（是第 {n} 条的后果）</translation>
    </message>
    <message>
        <source>Why:</source>
        <translation>原因：</translation>
    </message>
    <message>
        <source>Fix:</source>
        <translation>解决：</translation>
    </message>
    <message>
        <source>line {n}:</source>
        <translation>第 {n} 行：</translation>
    </message>
    <message>
        <source>See:</source>
        <translation>参见：</translation>
    </message>
    <message>
        <source>({n} matching lines in all)</source>
        <translation>（共 {n} 行匹配）</translation>
    </message>
    <message>
        <source>No known problem found in this log.</source>
        <translation>这份日志里没有发现已知问题。</translation>
    </message>
    <message>
        <source>Only harmless lines: nothing needs fixing.</source>
        <translation>只有无害的消息：不需要修复任何东西。</translation>
    </message>
    <message>
        <source>Cannot read the log {path}: {reason}</source>
        <translation>无法读取日志 {path}：{reason}</translation>
    </message>
    <message>
        <source>The log is empty: nothing to explain.</source>
        <translation>日志是空的：没有内容可以解释。</translation>
    </message>
    <message>
        <source>TensorFlow needs cuDNN {compiled}. With pip: `python -m pip install "tensorflow[and-cuda]"` pins the matching nvidia-cudnn package. Then remove stale cuDNN folders from LD_LIBRARY_PATH (`echo $LD_LIBRARY_PATH`). Keep TensorFlow in its own environment, apart from PyTorch.</source>
        <translation>TensorFlow 需要 cuDNN {compiled}。用 pip：`python -m pip install "tensorflow[and-cuda]"` 会固定匹配的 nvidia-cudnn 包。然后从 LD_LIBRARY_PATH 里删掉旧的 cuDNN 目录（`echo $LD_LIBRARY_PATH`）。让 TensorFlow 使用自己的环境，与 PyTorch 分开。</translation>
    </message>
    <message>
        <source>This is a summary: one or more CUDA/cuDNN libraries could not be loaded, so TensorFlow registers no GPU and runs on the CPU. Which library failed is printed only in the lines before it ("Could not load dynamic library ...") or with TF_CPP_MAX_VLOG_LEVEL=1.</source>
        <translation>这是一条汇总：有一个或多个 CUDA/cuDNN 库加载失败，所以 TensorFlow 不注册 GPU，只在 CPU 上运行。具体是哪个库，只会在它前面的行里（"Could not load dynamic library ..."）或设置 TF_CPP_MAX_VLOG_LEVEL=1 后打印。</translation>
    </message>
    <message>
        <source>Look for "Could not load dynamic library" lines above it. If there are none, run again with the environment variable TF_CPP_MAX_VLOG_LEVEL=1 to make TensorFlow name the library.</source>
        <translation>在它上面找 "Could not load dynamic library" 的行。如果没有，设置环境变量 TF_CPP_MAX_VLOG_LEVEL=1 再运行一次，让 TensorFlow 说出库名。</translation>
    </message>
    <message>
        <source>Look for "Could not load dynamic library" lines above it, or run again with TF_CPP_MAX_VLOG_LEVEL=1 to name the library. With pip, make sure `tensorflow[and-cuda]` is installed in this same environment, and if a library is still not found point LD_LIBRARY_PATH at the environment's nvidia/*/lib folders.</source>
        <translation>在它上面找 "Could not load dynamic library" 的行，或设置 TF_CPP_MAX_VLOG_LEVEL=1 再运行以显示库名。用 pip 时，确认 `tensorflow[and-cuda]` 装在同一个环境里；如果仍然找不到某个库，把 LD_LIBRARY_PATH 指向该环境的 nvidia/*/lib 目录。</translation>
    </message>
    <message>
        <source>TensorFlow 2.16.1 from `tensorflow[and-cuda]` does not find the pip NVIDIA libraries (a known bug): upgrade with `python -m pip install --upgrade "tensorflow[and-cuda]"` (2.17 or newer), or add the `site-packages/nvidia/*/lib` folders to LD_LIBRARY_PATH.</source>
        <translation>通过 `tensorflow[and-cuda]` 安装的 TensorFlow 2.16.1 找不到 pip 安装的 NVIDIA 库（已知缺陷）：用 `python -m pip install --upgrade "tensorflow[and-cuda]"` 升级到 2.17 或更新版本，或把 `site-packages/nvidia/*/lib` 目录加入 LD_LIBRARY_PATH。</translation>
    </message>
    <message>
        <source>Make sure the CUDA libraries are installed in this same environment: `python -m pip install "tensorflow[and-cuda]"`. If a library is still not found, point LD_LIBRARY_PATH at the environment's nvidia/*/lib folders: `export LD_LIBRARY_PATH="$(python -c 'import glob, os, nvidia; print(os.pathsep.join(glob.glob(os.path.join(list(nvidia.__path__)[0], '*', 'lib'))))'):$LD_LIBRARY_PATH"` (run TF_CPP_MAX_VLOG_LEVEL=1 to see which library fails).</source>
        <translation>确认 CUDA 库装在同一个环境里：`python -m pip install "tensorflow[and-cuda]"`。如果仍然找不到某个库，把 LD_LIBRARY_PATH 指向该环境的 nvidia/*/lib 目录：`export LD_LIBRARY_PATH="$(python -c 'import glob, os, nvidia; print(os.pathsep.join(glob.glob(os.path.join(list(nvidia.__path__)[0], '*', 'lib'))))'):$LD_LIBRARY_PATH"`（设置 TF_CPP_MAX_VLOG_LEVEL=1 运行可看到哪个库失败）。</translation>
    </message>
    <message>
        <source>The NVIDIA driver is too old for this TensorFlow's CUDA version</source>
        <translation>NVIDIA 驱动太旧，不支持这个 TensorFlow 的 CUDA 版本</translation>
    </message>
    <message>
        <source>The CUDA runtime TensorFlow was built with needs a newer NVIDIA driver than the one installed. CUDA 12 builds (TensorFlow 2.15 and newer) need driver 525 or newer, CUDA 11 builds need 450 or newer. Until the driver is updated no GPU operation can run.</source>
        <translation>TensorFlow 编译时使用的 CUDA 运行时需要比已安装版本更新的 NVIDIA 驱动。CUDA 12 版本（TensorFlow 2.15 及更新）需要 525 或更新的驱动，CUDA 11 版本需要 450 或更新。更新驱动之前，任何 GPU 运算都无法运行。</translation>
    </message>
    <message>
        <source>Update the NVIDIA driver (`nvidia-smi` shows the driver version and the newest CUDA it supports in its top line), or install a TensorFlow built for an older CUDA that your driver supports.</source>
        <translation>更新 NVIDIA 驱动（`nvidia-smi` 顶部一行显示驱动版本和它支持的最高 CUDA 版本），或安装一个为你的驱动所支持的较旧 CUDA 构建的 TensorFlow。</translation>
    </message>
    <message>
        <source>Update the NVIDIA driver in Windows (not inside WSL), run `wsl --shutdown` and open WSL again.</source>
        <translation>在 Windows 中（不是在 WSL 里）更新 NVIDIA 驱动，运行 `wsl --shutdown`，再重新打开 WSL。</translation>
    </message>
    <message>
        <source>The NVIDIA driver's library {lib} cannot be found</source>
        <translation>找不到 NVIDIA 驱动的库 {lib}</translation>
    </message>
    <message>
        <source>{lib} is not part of CUDA or cuDNN: it comes with the NVIDIA driver. When another library fails to load because of it, the real problem is the driver library, not the library being loaded. Either no NVIDIA driver is installed here (a container started without GPUs, a server without the driver), or it is installed where the loader does not look (WSL keeps it in /usr/lib/wsl/lib).</source>
        <translation>{lib} 不属于 CUDA 或 cuDNN：它随 NVIDIA 驱动一起安装。如果另一个库因为它而加载失败，真正的问题是驱动库，而不是正在加载的那个库。要么这里没有安装 NVIDIA 驱动（没有分配 GPU 的容器、没有驱动的服务器），要么它装在加载器不查找的位置（WSL 把它放在 /usr/lib/wsl/lib）。</translation>
    </message>
    <message>
        <source>Install the NVIDIA driver for your card and check that `nvidia-smi` works. In a Docker container start it with `--gpus all`.</source>
        <translation>为你的显卡安装 NVIDIA 驱动，并确认 `nvidia-smi` 能运行。在 Docker 容器里要用 `--gpus all` 启动。</translation>
    </message>
    <message>
        <source>Install the NVIDIA driver (e.g. `sudo ubuntu-drivers install`) and reboot; `ldconfig -p | grep libcuda` must list libcuda.so.1. In a Docker container start it with `--gpus all` (NVIDIA Container Toolkit). A program asking for plain libcuda.so needs the driver's development link (`libnvidia-compute`/`-dev` package).</source>
        <translation>安装 NVIDIA 驱动（例如 `sudo ubuntu-drivers install`）并重启；`ldconfig -p | grep libcuda` 必须列出 libcuda.so.1。在 Docker 容器里要用 `--gpus all` 启动（NVIDIA Container Toolkit）。如果程序要找不带版本号的 libcuda.so，需要驱动的开发链接（`libnvidia-compute`/`-dev` 包）。</translation>
    </message>
    <message>
        <source>WSL provides libcuda in /usr/lib/wsl/lib from the Windows driver: run `export LD_LIBRARY_PATH=/usr/lib/wsl/lib:$LD_LIBRARY_PATH` (add it to ~/.bashrc) and check `ls -l /usr/lib/wsl/lib/libcuda*`. Do not install a Linux NVIDIA driver inside WSL; update the Windows driver instead.</source>
        <translation>WSL 在 /usr/lib/wsl/lib 中提供来自 Windows 驱动的 libcuda：运行 `export LD_LIBRARY_PATH=/usr/lib/wsl/lib:$LD_LIBRARY_PATH`（加到 ~/.bashrc），并用 `ls -l /usr/lib/wsl/lib/libcuda*` 检查。不要在 WSL 里安装 Linux 版 NVIDIA 驱动，而是更新 Windows 驱动。</translation>
    </message>
    <message>
        <source>The command {cmd} was not found</source>
        <translation>找不到命令 {cmd}</translation>
    </message>
    <message>
        <source>The shell could not find the program {cmd}. For nvidia-smi this means the NVIDIA driver is not installed, or its folder is not on PATH; TensorFlow cannot use the GPU without the driver. For python or pip, that Python is not installed or not on PATH.</source>
        <translation>命令行找不到程序 {cmd}。如果是 nvidia-smi，说明 NVIDIA 驱动没有安装，或它所在的目录不在 PATH 中；没有驱动，TensorFlow 就用不了 GPU。如果是 python 或 pip，说明这个 Python 没有安装或不在 PATH 中。</translation>
    </message>
    <message>
        <source>Install the NVIDIA driver for your card (it brings nvidia-smi), then open a new terminal. If it is installed, run the program by its full path or add its folder to PATH.</source>
        <translation>为你的显卡安装 NVIDIA 驱动（它自带 nvidia-smi），然后打开一个新终端。如果已经安装，用完整路径运行该程序，或把它的目录加入 PATH。</translation>
    </message>
    <message>
        <source>Install the NVIDIA driver for your card from nvidia.com and open a new terminal. Recent drivers put nvidia-smi.exe in C:\Windows\System32, older ones in C:\Program Files\NVIDIA Corporation\NVSMI (add that folder to PATH). For python or pip, use `py -m pip` or the full path of the Python you installed.</source>
        <translation>从 nvidia.com 为你的显卡安装 NVIDIA 驱动，然后打开一个新终端。较新的驱动把 nvidia-smi.exe 放在 C:\Windows\System32，较旧的放在 C:\Program Files\NVIDIA Corporation\NVSMI（把该目录加入 PATH）。如果是 python 或 pip，使用 `py -m pip` 或你安装的 Python 的完整路径。</translation>
    </message>
    <message>
        <source>NumPy 2 is installed, but a package here was built for NumPy 1</source>
        <translation>已安装 NumPy 2，但这里有个包是为 NumPy 1 编译的</translation>
    </message>
    <message>
        <source>A compiled package (often TensorFlow older than 2.18, or a library imported with it) was built against NumPy 1.x and cannot run with the NumPy 2 that pip installed later. Nothing in your script is wrong.</source>
        <translation>某个已编译的包（通常是 2.18 之前的 TensorFlow，或与它一起导入的库）是基于 NumPy 1.x 编译的，无法在 pip 后来安装的 NumPy 2 上运行。你的脚本没有问题。</translation>
    </message>
    <message>
        <source>In this same environment run `python -m pip install "numpy&lt;2"`, or upgrade the package that fails (TensorFlow 2.18 and newer support NumPy 2).</source>
        <translation>在同一个环境里运行 `python -m pip install "numpy&lt;2"`，或升级出错的那个包（TensorFlow 2.18 及更新版本支持 NumPy 2）。</translation>
    </message>
    <message>
        <source>NumPy is older than the version TensorFlow was built with</source>
        <translation>NumPy 比 TensorFlow 编译时使用的版本旧</translation>
    </message>
    <message>
        <source>TensorFlow (or another compiled package) was built against a newer NumPy than the one installed in this environment, so its import fails. Often an old NumPy from the system or conda shadows the one pip installed.</source>
        <translation>TensorFlow（或其他已编译的包）是基于比本环境中更新的 NumPy 编译的，所以导入失败。常见原因是系统或 conda 里的旧 NumPy 遮住了 pip 安装的那个。</translation>
    </message>
    <message>
        <source>Upgrade NumPy in this same environment to a version TensorFlow accepts: `python -m pip install --upgrade "numpy&lt;2"` (or `python -m pip install --force-reinstall tensorflow` to let pip pick it). Check that `python -c "import numpy; print(numpy.__file__)"` points into this environment.</source>
        <translation>在同一个环境里把 NumPy 升级到 TensorFlow 接受的版本：`python -m pip install --upgrade "numpy&lt;2"`（或用 `python -m pip install --force-reinstall tensorflow` 让 pip 自己选）。检查 `python -c "import numpy; print(numpy.__file__)"` 是否指向这个环境。</translation>
    </message>
    <message>
        <source>The installed protobuf does not fit this TensorFlow</source>
        <translation>已安装的 protobuf 与这个 TensorFlow 不匹配</translation>
    </message>
    <message>
        <source>The protobuf package is newer (or older) than the generated code in TensorFlow or a library using it expects, so importing it fails. Installing another package upgraded protobuf.</source>
        <translation>protobuf 包比 TensorFlow 或使用它的库里生成的代码所期望的版本更新（或更旧），所以导入失败。通常是安装别的包时升级了 protobuf。</translation>
    </message>
    <message>
        <source>Install the protobuf version TensorFlow pins: `python -m pip install "protobuf&lt;=3.20.3"` for TensorFlow 1.x and older 2.x releases, or `python -m pip install --force-reinstall tensorflow` for current ones. Setting PROTOCOL_BUFFERS_PYTHON_IMPLEMENTATION=python also works but is slow.</source>
        <translation>安装 TensorFlow 固定的 protobuf 版本：TensorFlow 1.x 和较早的 2.x 用 `python -m pip install "protobuf&lt;=3.20.3"`，当前版本用 `python -m pip install --force-reinstall tensorflow`。设置 PROTOCOL_BUFFERS_PYTHON_IMPLEMENTATION=python 也可以，但很慢。</translation>
    </message>
    <message>
        <source>The Python package {package} is not installed in this Python</source>
        <translation>这个 Python 里没有安装 Python 包 {package}</translation>
    </message>
    <message>
        <source>The Python that ran this cannot import {module}. That is not a bug in your script: the package is missing from this environment, or it was installed into another Python (another venv, conda environment or the system Python).</source>
        <translation>运行它的 Python 无法导入 {module}。这不是你脚本的错误：这个环境里缺少该包，或者它被装进了另一个 Python（另一个 venv、conda 环境或系统 Python）。</translation>
    </message>
    <message>
        <source>Install it into the same Python that runs the script: `python -m pip install {package}` (use the same `python` you start the script with; in a venv or conda environment activate it first). Reinstalling TensorFlow (`python -m pip install tensorflow`) brings its own dependencies such as numpy.</source>
        <translation>把它安装到运行脚本的同一个 Python 里：`python -m pip install {package}`（使用启动脚本时的同一个 `python`；在 venv 或 conda 环境中先激活它）。重装 TensorFlow（`python -m pip install tensorflow`）会带上它自己的依赖，例如 numpy。</translation>
    </message>
    <message>
        <source>Your GPU (compute capability {cc}) is too old for this TensorFlow (needs {need})</source>
        <translation>你的 GPU（计算能力 {cc}）对这个 TensorFlow 来说太旧（需要 {need}）</translation>
    </message>
    <message>
        <source>TensorFlow found the GPU but ignores it: this build has no GPU code for compute capability {cc}; it needs {need} or higher. Everything runs on the CPU.</source>
        <translation>TensorFlow 找到了 GPU 但忽略了它：这个构建没有计算能力 {cc} 的 GPU 代码，需要 {need} 或更高。所有计算都在 CPU 上运行。</translation>
    </message>
    <message>
        <source>Use a newer NVIDIA card, or an older TensorFlow release that still supports compute capability {cc} (or build TensorFlow from source for it); otherwise keep the CPU.</source>
        <translation>换一块更新的 NVIDIA 显卡，或使用仍支持计算能力 {cc} 的较旧 TensorFlow 版本（或为它从源码编译 TensorFlow）；否则只能用 CPU。</translation>
    </message>
    <message>
        <source>TensorFlow could not use cuDNN (DNN library is not found)</source>
        <translation>TensorFlow 用不了 cuDNN（报错“DNN library is not found”）</translation>
    </message>
    <message>
        <source>Usually the cuDNN that was loaded is older or newer than the one this TensorFlow was built with (look for "Loaded runtime CuDNN library" above), for example one from the system, conda or PyTorch found first. Less often cuDNN had no GPU memory left to start.</source>
        <translation>通常是加载的 cuDNN 比这个 TensorFlow 编译时用的版本更旧或更新（看上面的 "Loaded runtime CuDNN library"），例如先找到了系统、conda 或 PyTorch 里的 cuDNN。较少见的是 cuDNN 没有剩余 GPU 内存来启动。</translation>
    </message>
    <message>
        <source>Install the cuDNN version your TensorFlow was built with in this environment (see the tested table on the Plan page) and remove other cuDNN folders from the library path. If the versions match, let TensorFlow allocate memory on demand (TF_FORCE_GPU_ALLOW_GROWTH=true) and close other programs that use the GPU.</source>
        <translation>在这个环境里安装 TensorFlow 编译时使用的 cuDNN 版本（见计划页的测试版本表），并从库路径中删掉其他 cuDNN 目录。如果版本一致，让 TensorFlow 按需分配内存（TF_FORCE_GPU_ALLOW_GROWTH=true），并关闭其他占用 GPU 的程序。</translation>
    </message>
    <message>
        <source>Install the cuDNN version this TensorFlow was built with: with pip, `python -m pip install "tensorflow[and-cuda]"` installs the matching nvidia-cudnn package; then remove stale cuDNN folders from LD_LIBRARY_PATH (`echo $LD_LIBRARY_PATH`). If the versions match, set TF_FORCE_GPU_ALLOW_GROWTH=true and close other programs that use the GPU.</source>
        <translation>安装这个 TensorFlow 编译时使用的 cuDNN 版本：用 pip 时，`python -m pip install "tensorflow[and-cuda]"` 会安装匹配的 nvidia-cudnn 包；然后从 LD_LIBRARY_PATH 中删掉旧的 cuDNN 目录（`echo $LD_LIBRARY_PATH`）。如果版本一致，设置 TF_FORCE_GPU_ALLOW_GROWTH=true，并关闭其他占用 GPU 的程序。</translation>
    </message>
    <message>
        <source>The last, smaller batch cannot be split across the GPUs</source>
        <translation>最后一个较小的批次无法分到各个 GPU 上</translation>
    </message>
    <message>
        <source>With MirroredStrategy each batch is split between the replicas. When the data set does not divide evenly, the last batch is too small for some replica and slicing or reshaping it fails.</source>
        <translation>使用 MirroredStrategy 时，每个批次都要分给各个副本。如果数据集不能整除，最后一个批次对某些副本来说太小，切片或变形就会失败。</translation>
    </message>
    <message>
        <source>Drop the incomplete last batch: `dataset.batch(global_batch_size, drop_remainder=True)`, or make the number of samples a multiple of the global batch size.</source>
        <translation>丢弃不完整的最后一个批次：`dataset.batch(global_batch_size, drop_remainder=True)`，或让样本数是全局批次大小的整数倍。</translation>
    </message>
    <message>
        <source>Access denied: a file could not be written or replaced</source>
        <translation>拒绝访问：无法写入或替换某个文件</translation>
    </message>
    <message>
        <source>Windows (or Linux) refused to change a file: it belongs to another user or a system folder, or a running program (another Python, an editor, a notebook kernel) holds it open. pip shows this when it installs into the system Python without rights.</source>
        <translation>Windows（或 Linux）拒绝修改文件：它属于其他用户或系统目录，或者有正在运行的程序（另一个 Python、编辑器、notebook 内核）打开着它。pip 在没有权限时安装到系统 Python 会出现这个错误。</translation>
    </message>
    <message>
        <source>Close every program that uses this Python (notebooks, editors, other terminals) and try again. Install into a virtual environment of your own (`python -m venv .venv`) instead of the system Python, or add `--user` to the pip command; run the terminal as administrator only if you must change the system Python.</source>
        <translation>关闭所有使用这个 Python 的程序（notebook、编辑器、其他终端）后重试。安装到你自己的虚拟环境（`python -m venv .venv`）而不是系统 Python，或在 pip 命令后加 `--user`；只有必须修改系统 Python 时才以管理员身份运行终端。</translation>
    </message>
    <message>
        <source>A folder named in the command or script does not exist</source>
        <translation>命令或脚本中提到的目录不存在</translation>
    </message>
    <message>
        <source>Windows could not find the path {path}. A common case: a CUDA folder written into the script or PATH (for example ...\CUDA\v11.2\bin) that is not installed, or is installed as another version.</source>
        <translation>Windows 找不到路径 {path}。常见情况：脚本或 PATH 里写了一个 CUDA 目录（例如 ...\CUDA\v11.2\bin），但没有安装该版本，或安装的是另一个版本。</translation>
    </message>
    <message>
        <source>Check that the folder exists (`dir "&lt;folder&gt;"`) and correct the path in the script or in PATH; for CUDA use the version folder that is really installed under C:\Program Files\NVIDIA GPU Computing Toolkit\CUDA.</source>
        <translation>检查该目录是否存在（`dir "&lt;folder&gt;"`），并改正脚本或 PATH 中的路径；对于 CUDA，使用 C:\Program Files\NVIDIA GPU Computing Toolkit\CUDA 下实际安装的版本目录。</translation>
    </message>
    <message>
        <source>Another program holds the GPU memory: only {free} of {total} were free</source>
        <translation>另一个程序占用了 GPU 内存：{total} 中只有 {free} 空闲</translation>
    </message>
    <message>
        <source>When TensorFlow started, the GPU had only {free} free of {total}, so its first allocation failed. This is not about your batch size: another process (another training run, a notebook kernel that is still open, a second TensorFlow program) holds the memory.</source>
        <translation>TensorFlow 启动时，GPU 的 {total} 中只有 {free} 空闲，所以它第一次分配就失败了。这与批次大小无关：另一个进程（另一次训练、仍打开的 notebook 内核、另一个 TensorFlow 程序）占用了内存。</translation>
    </message>
    <message>
        <source>Run `nvidia-smi` and stop the processes listed there (or wait for them), restart notebook kernels you do not need, then start again. To share the GPU, let each program allocate on demand: TF_FORCE_GPU_ALLOW_GROWTH=true.</source>
        <translation>运行 `nvidia-smi`，结束其中列出的进程（或等它们结束），重启不需要的 notebook 内核，然后再启动。要共享 GPU，让每个程序按需分配：TF_FORCE_GPU_ALLOW_GROWTH=true。</translation>
    </message>
    <message>
        <source>The lines shown are harmless; the error, if there is one, is not in what was pasted</source>
        <translation>显示的这些行都无害；如果确实出错了，错误信息不在粘贴的内容里</translation>
    </message>
    <message>
        <source>Every line recognised here is a normal TensorFlow start-up message. If something went wrong, the message that says so was not included: the log may be cut off, or the error went to the other output stream (stderr vs stdout).</source>
        <translation>这里识别出的每一行都是 TensorFlow 启动时的正常消息。如果出了问题，说明问题的那条消息没有包含进来：日志可能被截断了，或错误输出到了另一个输出流（stderr 与 stdout）。</translation>
    </message>
    <message>
        <source>Paste the whole output, from the command to the last line (`python train.py &gt; log.txt 2&gt;&amp;1` saves both streams), or run verify to collect the full log.</source>
        <translation>粘贴从命令开始到最后一行的全部输出（`python train.py &gt; log.txt 2&gt;&amp;1` 会保存两个输出流），或运行 verify 收集完整日志。</translation>
    </message>
    <message>
        <source>This computer has no NVIDIA GPU, so TensorFlow uses the CPU here, which is expected: no CUDA library changes that.</source>
        <translation>这台电脑没有 NVIDIA GPU，所以 TensorFlow 在这里使用 CPU，这是正常的：安装任何 CUDA 库都不会改变这一点。</translation>
    </message>
    <message>
        <source>This computer has no working NVIDIA driver, so TensorFlow cannot use a GPU whatever CUDA libraries are installed: install the driver first.</source>
        <translation>这台电脑没有可用的 NVIDIA 驱动，所以无论装了哪些 CUDA 库，TensorFlow 都无法使用 GPU：请先安装驱动。</translation>
    </message>
    <message>
        <source>This TensorFlow is a CPU-only build, so it cannot use the GPU whatever the driver: install the GPU build (`tensorflow[and-cuda]`).</source>
        <translation>这个 TensorFlow 是仅支持 CPU 的版本，无论驱动如何都无法使用 GPU：请安装 GPU 版本（`tensorflow[and-cuda]`）。</translation>
    </message>
    <message>
        <source>The NVIDIA driver works on this computer (CUDA {cuda}), so the driver is not the cause: TensorFlow's CUDA libraries are.</source>
        <translation>这台电脑的 NVIDIA 驱动工作正常（CUDA {cuda}），所以问题不在驱动，而在 TensorFlow 的 CUDA 库。</translation>
    </message>
    <message>
        <source>The NVIDIA driver works on this computer, so the driver is not the cause: TensorFlow's CUDA libraries are.</source>
        <translation>这台电脑的 NVIDIA 驱动工作正常，所以问题不在驱动，而在 TensorFlow 的 CUDA 库。</translation>
    </message>
    <message>
        <source>The error itself: it is not in the pasted text.</source>
        <translation>错误本身：它不在粘贴的文本里。</translation>
    </message>
    <message>
        <source>Which TensorFlow version wrote it: the log does not print it.</source>
        <translation>是哪个 TensorFlow 版本写的：日志里没有打印版本。</translation>
    </message>
    <message>
        <source>The platform: it was guessed from paths in the log.</source>
        <translation>平台：它是根据日志里的路径猜测的。</translation>
    </message>
    <message>
        <source>What this log does not tell:</source>
        <translation>这段日志没有说明的内容：</translation>
    </message>
</context>
</TS>
