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
</context>
</TS>
