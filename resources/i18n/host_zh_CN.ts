<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>host</name>
    <message>
        <source>No NVIDIA driver was found, so TensorFlow can only use the CPU.</source>
        <translation>未找到 NVIDIA 驱动，TensorFlow 只能使用 CPU。</translation>
    </message>
    <message>
        <source>The NVIDIA driver is present but reports no GPU.</source>
        <translation>已安装 NVIDIA 驱动，但它没有报告任何 GPU。</translation>
    </message>
    <message>
        <source>NVML could not be used; the driver was read from nvidia-smi instead.</source>
        <translation>无法使用 NVML，已改为从 nvidia-smi 读取驱动信息。</translation>
    </message>
    <message>
        <source>The NVIDIA kernel module and the driver libraries have different versions: reboot after a driver update.</source>
        <translation>NVIDIA 内核模块与驱动库的版本不一致：更新驱动后请重启。</translation>
    </message>
    <message>
        <source>CUDA_VISIBLE_DEVICES is empty or -1, which hides every GPU from TensorFlow.</source>
        <translation>CUDA_VISIBLE_DEVICES 为空或 -1，这会让 TensorFlow 看不到任何 GPU。</translation>
    </message>
    <message>
        <source>CUDA_VISIBLE_DEVICES is set: only the GPUs it lists are visible.</source>
        <translation>已设置 CUDA_VISIBLE_DEVICES：只有其中列出的 GPU 可见。</translation>
    </message>
    <message>
        <source>TF_FORCE_GPU_ALLOW_GROWTH must be exactly true or false; TensorFlow ignores any other value.</source>
        <translation>TF_FORCE_GPU_ALLOW_GROWTH 必须恰好是 true 或 false；其他值会被 TensorFlow 忽略。</translation>
    </message>
    <message>
        <source>LD_LIBRARY_PATH holds CUDA folders; they can shadow the CUDA libraries that pip or conda installed.</source>
        <translation>LD_LIBRARY_PATH 中包含 CUDA 目录，它们可能覆盖 pip 或 conda 安装的 CUDA 库。</translation>
    </message>
    <message>
        <source>This is WSL 1, which cannot use the GPU. Convert the distribution to WSL 2.</source>
        <translation>这是 WSL 1，无法使用 GPU。请把该发行版转换为 WSL 2。</translation>
    </message>
    <message>
        <source>A Linux NVIDIA driver is installed inside WSL. It breaks GPU access: remove it and use the Windows driver.</source>
        <translation>WSL 内安装了 Linux 版 NVIDIA 驱动，这会破坏 GPU 访问：请卸载它，使用 Windows 驱动。</translation>
    </message>
    <message>
        <source>TensorFlow 2.11 and newer cannot use the GPU on native Windows: use WSL 2, or TensorFlow 2.10.</source>
        <translation>TensorFlow 2.11 及更新版本在原生 Windows 上无法使用 GPU：请使用 WSL 2，或 TensorFlow 2.10。</translation>
    </message>
    <message>
        <source>Several TensorFlow packages are installed in the same environment; they overwrite each other.</source>
        <translation>同一环境中安装了多个 TensorFlow 包，它们会互相覆盖。</translation>
    </message>
    <message>
        <source>The installed TensorFlow package is a CPU-only build.</source>
        <translation>已安装的 TensorFlow 包是仅 CPU 版本。</translation>
    </message>
    <message>
        <source>TensorFlow older than 2.18 does not work with numpy 2: install numpy&lt;2 in that environment.</source>
        <translation>2.18 之前的 TensorFlow 不兼容 numpy 2：请在该环境中安装 numpy&lt;2。</translation>
    </message>
    <message>
        <source>TensorFlow is installed without its CUDA libraries (pip's [and-cuda] extra); it will not find the GPU unless a matching CUDA and cuDNN are installed by other means.</source>
        <translation>TensorFlow 安装时没有带上 CUDA 库（pip 的 [and-cuda] 附加项）；除非用其他方式装好了匹配的 CUDA 和 cuDNN，否则它找不到 GPU。</translation>
    </message>
    <message>
        <source>TensorFlow is not installed in the target Python.</source>
        <translation>目标 Python 中没有安装 TensorFlow。</translation>
    </message>
    <message>
        <source>The CUDA toolkit (nvcc) is newer than the driver supports: programs built with it will not run.</source>
        <translation>CUDA 工具包（nvcc）比驱动支持的版本更新：用它编译的程序无法运行。</translation>
    </message>
    <message>
        <source>Several CUDA toolkits are installed; the first one listed is used.</source>
        <translation>安装了多个 CUDA 工具包，使用列出的第一个。</translation>
    </message>
    <message>
        <source>The target Python could not be examined.</source>
        <translation>无法检查目标 Python。</translation>
    </message>
    <message>
        <source>The target Python did not answer in time.</source>
        <translation>目标 Python 没有在时限内响应。</translation>
    </message>
    <message>
        <source>conda was found but listing its environments failed.</source>
        <translation>找到了 conda，但列出其环境失败。</translation>
    </message>
    <message>
        <source>nvcc was found but did not print its version.</source>
        <translation>找到了 nvcc，但它没有输出版本号。</translation>
    </message>
    <message>
        <source>A detection step failed; the rest of the report is still valid.</source>
        <translation>某个检测步骤失败了；报告的其余部分仍然有效。</translation>
    </message>
    <message>
        <source>A detection step did not finish in time; the rest of the report is still valid.</source>
        <translation>某个检测步骤没有按时完成；报告的其余部分仍然有效。</translation>
    </message>
    <message>
        <source>Which one matters: with pip (tensorflow[and-cuda]) and with conda, TensorFlow brings its own CUDA and cuDNN libraries, so only the driver matters: it must support the CUDA that TensorFlow was built with. With Docker the image brings them too; the host needs the driver and the NVIDIA Container Toolkit. A system toolkit matters only to build TensorFlow from source, or for TensorFlow 2.10 and older on native Windows, where CUDA and cuDNN are installed by hand.</source>
        <translation>哪个重要：用 pip（tensorflow[and-cuda]）或 conda 安装时，TensorFlow 自带 CUDA 和 cuDNN 库，所以只有驱动重要：它必须支持 TensorFlow 编译时所用的 CUDA。用 Docker 时镜像也自带这些库，主机只需要驱动和 NVIDIA Container Toolkit。系统上的 CUDA 工具包只在从源码编译 TensorFlow，或在原生 Windows 上手动安装 CUDA 和 cuDNN 的 TensorFlow 2.10 及更早版本时才重要。</translation>
    </message>
    <message>
        <source>Toolkit: no CUDA toolkit (nvcc) was found. That is fine: most installs do not need one.</source>
        <translation>工具包：未找到 CUDA 工具包（nvcc）。这没有问题：大多数安装方式都不需要它。</translation>
    </message>
    <message>
        <source>Driver: no NVIDIA driver was found, so there is no driver CUDA version yet. The driver is the one thing every install method needs: install it first.</source>
        <translation>驱动：未找到 NVIDIA 驱动，所以还没有“驱动 CUDA 版本”。驱动是每种安装方式都需要的：请先安装它。</translation>
    </message>
    <message>
        <source>Driver: your NVIDIA driver {driver} can run programs built for CUDA {cuda} or older. This is the "CUDA Version" that nvidia-smi prints: an upper limit, not an installed CUDA.</source>
        <translation>驱动：你的 NVIDIA 驱动 {driver} 能运行为 CUDA {cuda} 及更早版本编译的程序。这就是 nvidia-smi 显示的“CUDA Version”：它是上限，而不是已安装的 CUDA。</translation>
    </message>
    <message>
        <source>Toolkit: a CUDA toolkit {version} is installed ({where}); this is what nvcc --version prints. It is separate from the driver and is not what TensorFlow normally uses.</source>
        <translation>工具包：已安装 CUDA 工具包 {version}（{where}），这是 nvcc --version 显示的版本。它与驱动无关，TensorFlow 通常也不使用它。</translation>
    </message>
    <message>
        <source>Mismatch: your toolkit (CUDA {toolkit}) is newer than your driver supports (CUDA {driver}). Programs compiled with it will not run until the driver is updated.</source>
        <translation>不匹配：你的工具包（CUDA {toolkit}）比驱动支持的版本（CUDA {driver}）更新。在更新驱动之前，用它编译的程序无法运行。</translation>
    </message>
    <message>
        <source>Driver: NVIDIA driver {driver} is installed; the highest CUDA it supports could not be read.</source>
        <translation>驱动：已安装 NVIDIA 驱动 {driver}，但无法读取它支持的最高 CUDA 版本。</translation>
    </message>
    <message>
        <source>the NVML library (libnvidia-ml / nvml.dll, part of the NVIDIA driver) was not found</source>
        <translation>找不到 NVML 库（libnvidia-ml / nvml.dll，属于 NVIDIA 驱动的一部分）</translation>
    </message>
    <message>
        <source>the NVIDIA kernel driver is not loaded</source>
        <translation>NVIDIA 内核驱动未加载</translation>
    </message>
    <message>
        <source>the NVIDIA kernel module and libraries have different versions (reboot after a driver update)</source>
        <translation>NVIDIA 内核模块与驱动库的版本不一致（更新驱动后请重启）</translation>
    </message>
    <message>
        <source>no permission to open the NVIDIA device files</source>
        <translation>没有打开 NVIDIA 设备文件的权限</translation>
    </message>
    <message>
        <source>not found</source>
        <translation>未找到</translation>
    </message>
    <message>
        <source>no NVIDIA GPU is visible on this machine's PCI bus</source>
        <translation>本机 PCI 总线上看不到 NVIDIA GPU</translation>
    </message>
    <message>
        <source>; </source>
        <translation>；</translation>
    </message>
    <message>
        <source>The NVIDIA driver is working.</source>
        <translation>NVIDIA 驱动工作正常。</translation>
    </message>
    <message>
        <source>The NVIDIA driver is running but finds no GPU: the card, its power or its slot needs a look, not a new driver.</source>
        <translation>NVIDIA 驱动在运行，但找不到 GPU：需要检查的是显卡、它的供电或插槽，而不是重装驱动。</translation>
    </message>
    <message>
        <source>The NVIDIA driver was updated but the old version is still loaded: restart the computer (nothing needs to be installed).</source>
        <translation>NVIDIA 驱动已更新，但内存中仍是旧版本：请重启电脑（不需要安装任何东西）。</translation>
    </message>
    <message>
        <source>The NVIDIA driver is installed but not running: its kernel module did not load.</source>
        <translation>NVIDIA 驱动已安装但没有运行：它的内核模块没有加载。</translation>
    </message>
    <message>
        <source>The NVIDIA driver is running, but this user (or container) may not use the GPU.</source>
        <translation>NVIDIA 驱动在运行，但当前用户（或容器）无权使用 GPU。</translation>
    </message>
    <message>
        <source>The NVIDIA driver did not answer properly.</source>
        <translation>NVIDIA 驱动没有正常应答。</translation>
    </message>
    <message>
        <source>Reseat the card and its power cables, enable its PCIe slot in the BIOS/UEFI settings (recent cards also need "Above 4G decoding"), and read the driver's own reason with "sudo dmesg | grep -i NVRM".</source>
        <translation>请重新插好显卡和它的供电线，在 BIOS/UEFI 设置中启用它所在的 PCIe 插槽（较新的显卡还需要开启“Above 4G decoding”），并用“sudo dmesg | grep -i NVRM”查看驱动自己给出的原因。</translation>
    </message>
    <message>
        <source>This is the usual state right after a driver update: the new driver libraries are on disk while the old kernel module is still in memory. A restart loads the new one.</source>
        <translation>这是更新驱动后常见的状态：新的驱动库已在磁盘上，而旧的内核模块仍在内存中。重启后会加载新的模块。</translation>
    </message>
    <message>
        <source>Usually Secure Boot blocks the module (enroll the driver's key at the next boot, or turn Secure Boot off), or the kernel was updated and the module was not rebuilt for it (reinstall the driver, or let DKMS rebuild it); then restart.</source>
        <translation>通常是安全启动（Secure Boot）阻止了该模块（在下次启动时登记驱动的密钥，或关闭安全启动），或者内核已更新而模块没有为新内核重新编译（重新安装驱动，或让 DKMS 重新编译）；然后重启。</translation>
    </message>
    <message>
        <source>Add the user to the group that owns /dev/nvidia* (often "video") and log in again; a container needs GPU access (docker run --gpus all).</source>
        <translation>把该用户加入拥有 /dev/nvidia* 的用户组（通常是“video”）后重新登录；容器需要以 GPU 访问权限启动（docker run --gpus all）。</translation>
    </message>
    <message>
        <source>The driver is the one thing every install method needs: install it first.</source>
        <translation>驱动是每种安装方式都需要的唯一前提：请先安装它。</translation>
    </message>
    <message>
        <source>A restart often clears it; if not, reinstall the NVIDIA driver. nvidia-smi's own message is in the details.</source>
        <translation>重启通常可以解决；如果不行，请重新安装 NVIDIA 驱动。nvidia-smi 自己的信息见详情。</translation>
    </message>
    <message>
        <source>working</source>
        <translation>工作正常</translation>
    </message>
    <message>
        <source>running, but finds no GPU</source>
        <translation>在运行，但找不到 GPU</translation>
    </message>
    <message>
        <source>updated, waiting for a restart</source>
        <translation>已更新，等待重启</translation>
    </message>
    <message>
        <source>installed, not loaded</source>
        <translation>已安装，未加载</translation>
    </message>
    <message>
        <source>running, no permission</source>
        <translation>在运行，无权限</translation>
    </message>
    <message>
        <source>not answering</source>
        <translation>无应答</translation>
    </message>
    <message>
        <source>nvidia-smi answered, but also reported a problem with the GPU; the details say which.</source>
        <translation>nvidia-smi 给出了结果，但也报告了 GPU 的一个问题；详情中说明了是什么问题。</translation>
    </message>
    <message>
        <source>A GPU is in MIG mode: TensorFlow gets one MIG device (a slice of its memory and compute), not the whole GPU. Choose the slice with CUDA_VISIBLE_DEVICES=MIG-&lt;uuid&gt; (nvidia-smi -L lists them).</source>
        <translation>有一块 GPU 处于 MIG 模式：TensorFlow 得到的是一个 MIG 设备（它的一部分显存和算力），而不是整块 GPU。可用 CUDA_VISIBLE_DEVICES=MIG-&lt;uuid&gt; 选择使用哪一个（nvidia-smi -L 会列出它们）。</translation>
    </message>
    <message>
        <source>A GPU is in MIG mode but has no MIG devices, so no program can use it: create MIG devices or turn MIG mode off (nvidia-smi -mig 0, as administrator).</source>
        <translation>有一块 GPU 处于 MIG 模式但没有任何 MIG 设备，因此没有程序能使用它：请创建 MIG 设备，或关闭 MIG 模式（以管理员身份运行 nvidia-smi -mig 0）。</translation>
    </message>
    <message>
        <source>the NVIDIA driver is running but finds no GPU</source>
        <translation>NVIDIA 驱动在运行，但找不到 GPU</translation>
    </message>
    <message>
        <source>Driver: {message} {advice}</source>
        <translation>驱动：{message}{advice}</translation>
    </message>
    <message>
        <source>Cannot read the host report {path}: {reason}</source>
        <translation>无法读取主机报告 {path}：{reason}</translation>
    </message>
    <message>
        <source>{path} is not a host report saved by 'tfgpu-wizard doctor --json': {problem}</source>
        <translation>{path} 不是由 'tfgpu-wizard doctor --json' 保存的主机报告：{problem}</translation>
    </message>
    <message>
        <source>it goes on past {mb} MB (a device or a pipe?); a report is a few KB</source>
        <translation>内容超过 {mb} MB 仍未结束（是设备或管道？）；主机报告只有几 KB</translation>
    </message>
    <message>
        <source>it is not text (neither UTF-8 nor UTF-16)</source>
        <translation>它不是文本（既不是 UTF-8 也不是 UTF-16）</translation>
    </message>
    <message>
        <source>the file is empty</source>
        <translation>文件是空的</translation>
    </message>
    <message>
        <source>the JSON is nested more than {depth} levels deep; a report is not</source>
        <translation>JSON 嵌套超过 {depth} 层；主机报告不会这样</translation>
    </message>
    <message>
        <source>it lists {count} GPUs; a report has at most {max}</source>
        <translation>其中列出了 {count} 块 GPU；主机报告最多 {max} 块</translation>
    </message>
    <message>
        <source>a list in it has {count} items; a report's lists have at most {max}</source>
        <translation>其中一个列表有 {count} 项；主机报告中的列表最多 {max} 项</translation>
    </message>
    <message>
        <source>CUDA_VISIBLE_DEVICES does not start with a GPU number or UUID, so CUDA sees no GPU: TensorFlow will use the CPU.</source>
        <translation>CUDA_VISIBLE_DEVICES 不是以 GPU 编号或 UUID 开头的，所以 CUDA 看不到任何 GPU：TensorFlow 将使用 CPU。</translation>
    </message>
    <message>
        <source>This computer has no NVIDIA GPU, so TensorFlow runs on the CPU here, as it should. No driver is needed; to train on a GPU, run the wizard on a computer with an NVIDIA card.</source>
        <translation>这台电脑没有 NVIDIA GPU，所以 TensorFlow 在这里使用 CPU，这是正常的。不需要安装驱动；要在 GPU 上训练，请在装有 NVIDIA 显卡的电脑上运行本向导。</translation>
    </message>
    <message>
        <source>not needed: no NVIDIA GPU in this computer</source>
        <translation>不需要：这台电脑没有 NVIDIA GPU</translation>
    </message>
    <message>
        <source>Driver: this computer has no NVIDIA GPU, so it needs no NVIDIA driver and has no driver CUDA version; TensorFlow uses the CPU here.</source>
        <translation>驱动：这台电脑没有 NVIDIA GPU，所以不需要 NVIDIA 驱动，也没有驱动 CUDA 版本；TensorFlow 在这里使用 CPU。</translation>
    </message>
</context>
<context>
    <name>doctor</name>
    <message>
        <source>doctor: {reason}</source>
        <translation>doctor：{reason}</translation>
    </message>
    <message>
        <source>doctor: the report could not be printed: {reason}</source>
        <translation>doctor：无法输出报告：{reason}</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>正常</translation>
    </message>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>info</source>
        <translation>信息</translation>
    </message>
    <message>
        <source>Driver CUDA and toolkit CUDA</source>
        <translation>驱动的 CUDA 与工具包的 CUDA</translation>
    </message>
    <message>
        <source>OS</source>
        <translation>操作系统</translation>
    </message>
    <message>
        <source>Python (this app)</source>
        <translation>Python（本程序）</translation>
    </message>
    <message>
        <source>System</source>
        <translation>系统</translation>
    </message>
    <message>
        <source>CUDA on the system</source>
        <translation>系统上的 CUDA</translation>
    </message>
    <message>
        <source>Needs attention</source>
        <translation>需要注意</translation>
    </message>
    <message>
        <source>Good to know</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>doctor: --timeout must be a number of seconds above 0.</source>
        <translation>doctor：--timeout 必须是大于 0 的秒数。</translation>
    </message>
    <message>
        <source>Python (target)</source>
        <translation>Python（目标）</translation>
    </message>
    <message>
        <source>conda envs</source>
        <translation>conda 环境</translation>
    </message>
    <message>
        <source>not found</source>
        <translation>未找到</translation>
    </message>
    <message>
        <source>NVIDIA driver</source>
        <translation>NVIDIA 驱动</translation>
    </message>
    <message>
        <source>Driver CUDA</source>
        <translation>驱动 CUDA</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>CUDA toolkit</source>
        <translation>CUDA 工具包</translation>
    </message>
    <message>
        <source>not found (not needed for pip or conda installs)</source>
        <translation>未找到（pip 或 conda 安装不需要）</translation>
    </message>
    <message>
        <source>cuDNN (system)</source>
        <translation>cuDNN（系统）</translation>
    </message>
    <message>
        <source>TensorFlow in {python}</source>
        <translation>{python} 中的 TensorFlow</translation>
    </message>
    <message>
        <source>Environment variables</source>
        <translation>环境变量</translation>
    </message>
    <message>
        <source>(the highest CUDA this driver runs)</source>
        <translation>（该驱动能运行的最高 CUDA 版本）</translation>
    </message>
    <message>
        <source>could not be read</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <source>NVIDIA wheels</source>
        <translation>NVIDIA wheel 包</translation>
    </message>
    <message>
        <source>tfgpu-wizard doctor · {created} · version {version}</source>
        <translation>tfgpu-wizard 体检 · {created} · 版本 {version}</translation>
    </message>
    <message>
        <source>Report saved to {path}</source>
        <translation>报告已保存到 {path}</translation>
    </message>
    <message>
        <source>kernel {release}</source>
        <translation>内核 {release}</translation>
    </message>
    <message>
        <source>read with</source>
        <translation>读取方式</translation>
    </message>
    <message>
        <source>compute capability {cc}</source>
        <translation>计算能力 {cc}</translation>
    </message>
    <message>
        <source>not installed</source>
        <translation>未安装</translation>
    </message>
    <message>
        <source>doctor: no Python interpreter at {path}</source>
        <translation>doctor：{path} 处没有 Python 解释器</translation>
    </message>
    <message>
        <source>doctor: {path} is a folder; give a file name for --out</source>
        <translation>doctor：{path} 是文件夹；请为 --out 指定文件名</translation>
    </message>
    <message>
        <source>doctor: the folder {path} does not exist</source>
        <translation>doctor：文件夹 {path} 不存在</translation>
    </message>
    <message>
        <source>doctor: cannot write {path}: {reason}</source>
        <translation>doctor：无法写入 {path}：{reason}</translation>
    </message>
    <message>
        <source>NVML library</source>
        <translation>NVML 库</translation>
    </message>
    <message>
        <source>Kernel module</source>
        <translation>内核模块</translation>
    </message>
    <message>
        <source>(name cut short by nvidia-smi)</source>
        <translation>（名称被 nvidia-smi 截短）</translation>
    </message>
    <message>
        <source>(known from the model name)</source>
        <translation>（由型号名称得知）</translation>
    </message>
    <message>
        <source>MIG mode, {n} MIG devices</source>
        <translation>MIG 模式，{n} 个 MIG 设备</translation>
    </message>
</context>
</TS>
