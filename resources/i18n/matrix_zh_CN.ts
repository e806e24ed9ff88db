<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>recommend</name>
    <message>
        <source>TensorFlow {version} is a pre-release; pin it to use it anyway</source>
        <translation>TensorFlow {version} 是预发布版本；如仍要使用，请固定到该版本</translation>
    </message>
    <message>
        <source>TensorFlow {line} has no GPU support on native Windows (2.10 was the last); use WSL2, or TF 2.10</source>
        <translation>TensorFlow {line} 在原生 Windows 上不支持 GPU（2.10 是最后一个）；请使用 WSL2 或 TF 2.10</translation>
    </message>
    <message>
        <source>macOS has no CUDA: TensorFlow runs on the CPU only</source>
        <translation>macOS 没有 CUDA：TensorFlow 只能在 CPU 上运行</translation>
    </message>
    <message>
        <source>No TensorFlow {line} wheel for {machine} on {platform}</source>
        <translation>{platform} 上没有适用于 {machine} 的 TensorFlow {line} 安装包</translation>
    </message>
    <message>
        <source>Official GPU wheels are x86_64 only; on aarch64 TensorFlow runs on the CPU (tensorflow-cpu-aws)</source>
        <translation>官方 GPU 安装包只有 x86_64 版本；在 aarch64 上 TensorFlow 只能用 CPU 运行（tensorflow-cpu-aws）</translation>
    </message>
    <message>
        <source>{gpu} (compute capability {cc}, {arch}) is older than the oldest GPU code in the TensorFlow {line} wheel ({oldest}): unsupported</source>
        <translation>{gpu}（计算能力 {cc}，{arch}）比 TensorFlow {line} 安装包中最旧的 GPU 代码（{oldest}）还旧：不受支持</translation>
    </message>
    <message>
        <source>Driver {driver} is too old for CUDA {cuda}: TensorFlow {line} needs at least {minor} (minor-version compatibility), {strict} to be safe</source>
        <translation>驱动 {driver} 对 CUDA {cuda} 来说太旧：TensorFlow {line} 至少需要 {minor}（次版本兼容），稳妥起见需要 {strict}</translation>
    </message>
    <message>
        <source>Driver {driver} is too old for CUDA {cuda}: TensorFlow {line} needs driver {strict} or newer</source>
        <translation>驱动 {driver} 对 CUDA {cuda} 来说太旧：TensorFlow {line} 需要 {strict} 或更新的驱动</translation>
    </message>
    <message>
        <source>Known problem: {title}</source>
        <translation>已知问题：{title}</translation>
    </message>
    <message>
        <source>GPU in WSL2 needs Windows 10 build 19044 (21H2) or newer; this is build {build}</source>
        <translation>在 WSL2 中使用 GPU 需要 Windows 10 版本 19044（21H2）或更新；当前版本为 {build}</translation>
    </message>
    <message>
        <source>No install method fits this machine</source>
        <translation>没有适合这台机器的安装方式</translation>
    </message>
    <message>
        <source>Python {python} is too new for TensorFlow {line} (supports {range})</source>
        <translation>Python {python} 对 TensorFlow {line} 来说太新（支持 {range}）</translation>
    </message>
    <message>
        <source>Python {python} is too old for TensorFlow {line} (supports {range})</source>
        <translation>Python {python} 对 TensorFlow {line} 来说太旧（支持 {range}）</translation>
    </message>
    <message>
        <source>glibc {glibc} is too old for the TensorFlow {line} wheel ({tag} needs glibc {need})</source>
        <translation>glibc {glibc} 对 TensorFlow {line} 安装包来说太旧（{tag} 需要 glibc {need}）</translation>
    </message>
    <message>
        <source>No {method} recipe for TensorFlow {line} on {platform}</source>
        <translation>{platform} 上的 TensorFlow {line} 没有 {method} 安装方案</translation>
    </message>
    <message>
        <source>The GPU Docker images need Linux or WSL2</source>
        <translation>GPU 版 Docker 镜像需要 Linux 或 WSL2</translation>
    </message>
    <message>
        <source>{gpu} (compute capability {cc}) is newer than all native code in the wheel; only PTX for {ptx} is there: works after a long first JIT compilation, or not at all</source>
        <translation>{gpu}（计算能力 {cc}）比安装包中所有原生代码都新；只有 {ptx} 的 PTX：首次需要很长时间的即时编译后才能运行，也可能根本无法运行</translation>
    </message>
    <message>
        <source>{gpu} (compute capability {cc}) has no native code in the wheel; its kernels are JIT-compiled from the compute_{sm} PTX at the first start (slow once)</source>
        <translation>{gpu}（计算能力 {cc}）在安装包中没有原生代码；首次启动时会从 compute_{sm} PTX 即时编译内核（只慢一次）</translation>
    </message>
    <message>
        <source>The GPU architectures of the TensorFlow {line} wheel are not recorded; {gpu} (compute capability {cc}) may or may not be supported</source>
        <translation>TensorFlow {line} 安装包包含哪些 GPU 架构没有记录；{gpu}（计算能力 {cc}）可能受支持，也可能不受支持</translation>
    </message>
    <message>
        <source>Driver {driver} is older than CUDA {cuda}'s own driver ({strict}); JIT-compiling PTX may fail with it</source>
        <translation>驱动 {driver} 比 CUDA {cuda} 自带的驱动（{strict}）旧；用它即时编译 PTX 可能失败</translation>
    </message>
    <message>
        <source>The driver version is unknown, so CUDA {cuda} support cannot be checked</source>
        <translation>驱动版本未知，无法检查是否支持 CUDA {cuda}</translation>
    </message>
    <message>
        <source>The glibc version is unknown; the wheel needs glibc {need} or newer</source>
        <translation>glibc 版本未知；该安装包需要 glibc {need} 或更新</translation>
    </message>
    <message>
        <source>TensorFlow {version} is a pre-release</source>
        <translation>TensorFlow {version} 是预发布版本</translation>
    </message>
    <message>
        <source>The wheel tag {tag} of TensorFlow {line} is inferred, not read from the wheel</source>
        <translation>TensorFlow {line} 的安装包标签 {tag} 是推断的，并非从安装包中读取</translation>
    </message>
    <message>
        <source>The environment gets Python {python} (yours is {host_python}, outside {range})</source>
        <translation>该环境将使用 Python {python}（你的是 {host_python}，不在 {range} 范围内）</translation>
    </message>
    <message>
        <source>Needs conda (Miniconda) installed first</source>
        <translation>需要先安装 conda（Miniconda）</translation>
    </message>
    <message>
        <source>Needs Docker and the NVIDIA Container Toolkit (administrator rights)</source>
        <translation>需要 Docker 和 NVIDIA Container Toolkit（需要管理员权限）</translation>
    </message>
    <message>
        <source>Needs CUDA {cuda} and cuDNN {cudnn} installed on the system by hand (administrator rights)</source>
        <translation>需要手动在系统中安装 CUDA {cuda} 和 cuDNN {cudnn}（需要管理员权限）</translation>
    </message>
    <message>
        <source>Needs the Microsoft Visual C++ Redistributable 2015-2019 and long paths enabled</source>
        <translation>需要 Microsoft Visual C++ 2015-2019 可再发行组件，并启用长路径</translation>
    </message>
    <message>
        <source>tensorflow.org does not print this recipe for TensorFlow {line}; it follows the same pattern</source>
        <translation>tensorflow.org 没有为 TensorFlow {line} 给出这个方案；它沿用了相同的模式</translation>
    </message>
    <message>
        <source>NumPy must stay below 2 (the plan pins {pin})</source>
        <translation>NumPy 必须低于 2（方案中固定为 {pin}）</translation>
    </message>
    <message>
        <source>Inside WSL2 use a Python in {range}</source>
        <translation>在 WSL2 中请使用 {range} 范围内的 Python</translation>
    </message>
    <message>
        <source>{gpu} (compute capability {cc}) runs the wheel's sm_{sm} code natively</source>
        <translation>{gpu}（计算能力 {cc}）直接运行安装包中的 sm_{sm} 原生代码</translation>
    </message>
    <message>
        <source>{gpu} (compute capability {cc}) runs the wheel's sm_{sm} code (binary compatible within the same architecture)</source>
        <translation>{gpu}（计算能力 {cc}）运行安装包中的 sm_{sm} 代码（同一架构内二进制兼容）</translation>
    </message>
    <message>
        <source>{gpu} (compute capability {cc}) uses the wheel's compute_{sm} PTX, compiled once at the first start</source>
        <translation>{gpu}（计算能力 {cc}）使用安装包中的 compute_{sm} PTX，首次启动时编译一次</translation>
    </message>
    <message>
        <source>Driver {driver} is new enough for CUDA {cuda} (needs {strict})</source>
        <translation>驱动 {driver} 足够新，支持 CUDA {cuda}（需要 {strict}）</translation>
    </message>
    <message>
        <source>Driver {driver} runs CUDA {cuda} by minor-version compatibility (needs {minor}; {strict} for the full feature set)</source>
        <translation>驱动 {driver} 通过次版本兼容运行 CUDA {cuda}（需要 {minor}；完整功能需要 {strict}）</translation>
    </message>
    <message>
        <source>Python {python} is supported ({range})</source>
        <translation>支持 Python {python}（{range}）</translation>
    </message>
    <message>
        <source>Good to know: {title}</source>
        <translation>须知：{title}</translation>
    </message>
    <message>
        <source>tf.keras is Keras 3; for Keras 2 code install {legacy} and set TF_USE_LEGACY_KERAS=1</source>
        <translation>tf.keras 是 Keras 3；若要运行 Keras 2 代码，请安装 {legacy} 并设置 TF_USE_LEGACY_KERAS=1</translation>
    </message>
    <message>
        <source>Runs on the CPU only</source>
        <translation>只在 CPU 上运行</translation>
    </message>
    <message>
        <source>No NVIDIA driver was found, so this is a CPU-only recommendation</source>
        <translation>没有找到 NVIDIA 驱动，因此这是仅 CPU 的推荐</translation>
    </message>
    <message>
        <source>No NVIDIA GPU was found, so this is a CPU-only recommendation</source>
        <translation>没有找到 NVIDIA GPU，因此这是仅 CPU 的推荐</translation>
    </message>
    <message>
        <source>WSL1 has no GPU access; convert the distribution to WSL2 (wsl --set-version &lt;distro&gt; 2)</source>
        <translation>WSL1 无法访问 GPU；请把发行版转换为 WSL2（wsl --set-version &lt;distro&gt; 2）</translation>
    </message>
    <message>
        <source>TensorFlow has no official builds for this operating system</source>
        <translation>TensorFlow 没有为这个操作系统提供官方版本</translation>
    </message>
    <message>
        <source>CUDA_VISIBLE_DEVICES={value} hides every GPU from TensorFlow</source>
        <translation>CUDA_VISIBLE_DEVICES={value} 让 TensorFlow 看不到任何 GPU</translation>
    </message>
    <message>
        <source>No TensorFlow version fits this machine as it is</source>
        <translation>按这台机器的现状，没有合适的 TensorFlow 版本</translation>
    </message>
    <message>
        <source>{gpu} (Blackwell) is not supported by official TensorFlow wheels; users report success with the NVIDIA NGC TensorFlow container or a source build</source>
        <translation>{gpu}（Blackwell）不受官方 TensorFlow 安装包支持；有用户报告使用 NVIDIA NGC TensorFlow 容器或从源码编译可以成功</translation>
    </message>
    <message>
        <source>The pinned choice does not work here</source>
        <translation>固定的选择在这里无法使用</translation>
    </message>
    <message>
        <source>TensorFlow {pinned} is older than the recommended {best}</source>
        <translation>TensorFlow {pinned} 比推荐的 {best} 旧</translation>
    </message>
    <message>
        <source>TensorFlow {pinned} is newer than the recommended {best}</source>
        <translation>TensorFlow {pinned} 比推荐的 {best} 新</translation>
    </message>
    <message>
        <source>{method} instead of the recommended {best_method}</source>
        <translation>使用 {method} 而不是推荐的 {best_method}</translation>
    </message>
    <message>
        <source>The pin matches the recommendation: no extra cost</source>
        <translation>固定的选择与推荐一致：没有额外代价</translation>
    </message>
    <message>
        <source>The pinned version cannot use the GPU here</source>
        <translation>固定的版本在这里无法使用 GPU</translation>
    </message>
    <message>
        <source>TensorFlow {pinned} uses Keras 2, the recommended {best} uses Keras 3</source>
        <translation>TensorFlow {pinned} 使用 Keras 2，推荐的 {best} 使用 Keras 3</translation>
    </message>
    <message>
        <source>There is no TensorFlow {pinned} for {platform} in the matrix</source>
        <translation>矩阵中没有适用于 {platform} 的 TensorFlow {pinned}</translation>
    </message>
    <message>
        <source>Stays on Windows: no Linux to learn</source>
        <translation>留在 Windows 上：无需学习 Linux</translation>
    </message>
    <message>
        <source>Stuck at TensorFlow {line}, Python {range}, CUDA {cuda} / cuDNN {cudnn} via conda</source>
        <translation>只能停留在 TensorFlow {line}、Python {range}，通过 conda 安装 CUDA {cuda} / cuDNN {cudnn}</translation>
    </message>
    <message>
        <source>Current TensorFlow {line}; pip brings CUDA {cuda} / cuDNN {cudnn} itself</source>
        <translation>使用最新的 TensorFlow {line}；pip 会自带 CUDA {cuda} / cuDNN {cudnn}</translation>
    </message>
    <message>
        <source>Needs WSL2 (Windows 10 build 19044 or newer) and working in a Linux shell</source>
        <translation>需要 WSL2（Windows 10 版本 19044 或更新），并在 Linux 命令行中工作</translation>
    </message>
    <message>
        <source>tensorflow-cpu with the TensorFlow-DirectML-Plugin: any DirectX 12 GPU, versions not covered by the matrix</source>
        <translation>tensorflow-cpu 加 TensorFlow-DirectML-Plugin：支持任何 DirectX 12 GPU，版本信息不在矩阵范围内</translation>
    </message>
    <message>
        <source>{gpu} (compute capability {cc}, {arch}) needs CUDA {need} or newer; TensorFlow {line} is built with CUDA {cuda} (use TensorFlow {tf_min} or newer)</source>
        <translation>{gpu}（计算能力 {cc}，{arch}）需要 CUDA {need} 或更新版本；TensorFlow {line} 基于 CUDA {cuda} 构建（请使用 TensorFlow {tf_min} 或更新版本）</translation>
    </message>
    <message>
        <source>GPU in WSL2 needs Windows 10 build 19044 (21H2) or newer; the Windows build is not in the report</source>
        <translation>WSL2 中使用 GPU 需要 Windows 10 版本 19044（21H2）或更新；报告中没有 Windows 版本号</translation>
    </message>
    <message>
        <source>Not possible on this Windows (build {build}): GPU in WSL2 needs build 19044 (Windows 10 21H2) or newer; update Windows to use it</source>
        <translation>在这台 Windows（版本 {build}）上不可行：WSL2 中使用 GPU 需要版本 19044（Windows 10 21H2）或更新；请先更新 Windows</translation>
    </message>
    <message>
        <source>The docker recipe is TensorFlow's GPU image: it needs an NVIDIA GPU and its driver, which this machine does not have</source>
        <translation>docker 方案用的是 TensorFlow 的 GPU 镜像：它需要 NVIDIA GPU 及其驱动，而这台机器没有</translation>
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
</context>
<context>
    <name>matrix-data</name>
    <message>
        <source>Windows 10 19044 (21H2) or newer; NVIDIA driver &gt;= 528.33 on Windows</source>
        <translation>Windows 10 19044（21H2）或更新版本；Windows 上的 NVIDIA 驱动 &gt;= 528.33</translation>
    </message>
    <message>
        <source>Named by tensorflow.org as an option; its supported versions are not in the sourced facts</source>
        <translation>tensorflow.org 将其列为一种选择；其支持的版本不在已核实的资料中</translation>
    </message>
    <message>
        <source>WSL2 with the current TensorFlow and tensorflow[and-cuda]</source>
        <translation>WSL2，使用当前的 TensorFlow 和 tensorflow[and-cuda]</translation>
    </message>
    <message>
        <source>tensorflow-cpu with the TensorFlow-DirectML-Plugin</source>
        <translation>tensorflow-cpu 加 TensorFlow-DirectML-Plugin</translation>
    </message>
    <message>
        <source>fatbin scan: sm_90 SASS only for a subset of kernels; counted as PTX-only for CC 9.0</source>
        <translation>fatbin 扫描：只有部分内核带 sm_90 SASS；对计算能力 9.0 按只有 PTX 处理</translation>
    </message>
    <message>
        <source>Official GPU wheels are x86_64 only; Linux aarch64 builds are CPU-only (tensorflow-cpu-aws, built by AWS since 2.10)</source>
        <translation>官方 GPU wheel 只有 x86_64 版本；Linux aarch64 版本仅支持 CPU（tensorflow-cpu-aws，自 2.10 起由 AWS 构建）</translation>
    </message>
    <message>
        <source>Install the NVIDIA driver on Windows; never install a Linux NVIDIA driver inside WSL</source>
        <translation>在 Windows 上安装 NVIDIA 驱动；绝不要在 WSL 内安装 Linux 版 NVIDIA 驱动</translation>
    </message>
    <message>
        <source>TensorFlow 2.10 was the last release that supported GPU on native Windows</source>
        <translation>TensorFlow 2.10 是最后一个在原生 Windows 上支持 GPU 的版本</translation>
    </message>
    <message>
        <source>Windows CPU builds since 2.10 are built and released by Intel (tensorflow-intel)</source>
        <translation>自 2.10 起，Windows 的 CPU 版本由 Intel 构建和发布（tensorflow-intel）</translation>
    </message>
    <message>
        <source>There is currently no official GPU support for macOS (no CUDA)</source>
        <translation>macOS 目前没有官方 GPU 支持（没有 CUDA）</translation>
    </message>
    <message>
        <source>TensorFlow 2.16 was the last release for macOS x86; 2.21 wheels are macosx_12_0_arm64 only</source>
        <translation>TensorFlow 2.16 是最后一个支持 macOS x86 的版本；2.21 的 wheel 只有 macosx_12_0_arm64</translation>
    </message>
    <message>
        <source>Linux</source>
        <translation>Linux</translation>
    </message>
    <message>
        <source>Windows (WSL2)</source>
        <translation>Windows（WSL2）</translation>
    </message>
    <message>
        <source>Windows (native)</source>
        <translation>Windows（原生）</translation>
    </message>
    <message>
        <source>macOS</source>
        <translation>macOS</translation>
    </message>
    <message>
        <source>pip in a virtual environment with tensorflow[and-cuda] (CUDA and cuDNN come as pip wheels)</source>
        <translation>在虚拟环境中用 pip 安装 tensorflow[and-cuda]（CUDA 和 cuDNN 以 pip wheel 形式安装）</translation>
    </message>
    <message>
        <source>pip in a virtual environment; CUDA {cuda} and cuDNN {cudnn} installed on the system</source>
        <translation>在虚拟环境中用 pip 安装；CUDA {cuda} 和 cuDNN {cudnn} 安装在系统中</translation>
    </message>
    <message>
        <source>pip in a virtual environment, CPU only</source>
        <translation>在虚拟环境中用 pip 安装，仅 CPU</translation>
    </message>
    <message>
        <source>conda environment with cudatoolkit and cudnn from conda-forge, TensorFlow from pip</source>
        <translation>conda 环境：cudatoolkit 和 cudnn 来自 conda-forge，TensorFlow 来自 pip</translation>
    </message>
    <message>
        <source>conda environment with cudatoolkit 11.8 from conda-forge and cuDNN 8.6 from pip</source>
        <translation>conda 环境：cudatoolkit 11.8 来自 conda-forge，cuDNN 8.6 来自 pip</translation>
    </message>
    <message>
        <source>conda environment for the Python version only; tensorflow[and-cuda] from pip inside it</source>
        <translation>conda 环境只提供 Python 版本；在其中用 pip 安装 tensorflow[and-cuda]</translation>
    </message>
    <message>
        <source>conda environment with cudatoolkit 11.2 and cudnn 8.1 from conda-forge (native Windows)</source>
        <translation>conda 环境：cudatoolkit 11.2 和 cudnn 8.1 来自 conda-forge（原生 Windows）</translation>
    </message>
    <message>
        <source>Docker image tensorflow/tensorflow:{docker_tag} with the NVIDIA Container Toolkit</source>
        <translation>Docker 镜像 tensorflow/tensorflow:{docker_tag}，配合 NVIDIA Container Toolkit</translation>
    </message>
    <message>
        <source>Ubuntu 22.04: XLA cannot find libdevice / ptxas</source>
        <translation>Ubuntu 22.04：XLA 找不到 libdevice / ptxas</translation>
    </message>
    <message>
        <source>Make the pip NVIDIA libraries and ptxas visible to TensorFlow (tensorflow.org step 6)</source>
        <translation>让 TensorFlow 能找到 pip 安装的 NVIDIA 库和 ptxas（tensorflow.org 第 6 步）</translation>
    </message>
    <message>
        <source>Can't find libdevice directory ${CUDA_DIR}/nvvm/libdevice. / Couldn't invoke ptxas --version</source>
        <translation>报错 Can't find libdevice directory ${CUDA_DIR}/nvvm/libdevice. / Couldn't invoke ptxas --version</translation>
    </message>
    <message>
        <source>GPU list is empty; 'Cannot dlopen some GPU libraries'</source>
        <translation>GPU 列表为空；'Cannot dlopen some GPU libraries'</translation>
    </message>
    <message>
        <source>The tensorflow 2.0.0 wheel is CPU-only</source>
        <translation>tensorflow 2.0.0 的 wheel 仅支持 CPU</translation>
    </message>
    <message>
        <source>TF 2.3 (CUDA 10.1, PTX only for compute 7.0) does not run on Ampere and newer</source>
        <translation>TF 2.3（CUDA 10.1，只有 compute 7.0 的 PTX）无法在 Ampere 及更新的 GPU 上运行</translation>
    </message>
    <message>
        <source>NumPy 2 breaks TensorFlow before 2.18</source>
        <translation>NumPy 2 会让 2.18 之前的 TensorFlow 崩溃</translation>
    </message>
    <message>
        <source>tensorflow 2.14.0 has no numpy upper bound and pulls NumPy 2</source>
        <translation>tensorflow 2.14.0 没有限制 numpy 的版本上限，会装上 NumPy 2</translation>
    </message>
    <message>
        <source>tensorflow[and-cuda]==2.15.0 pulls TensorRT 8.6.1</source>
        <translation>tensorflow[and-cuda]==2.15.0 会附带安装 TensorRT 8.6.1</translation>
    </message>
    <message>
        <source>TF 2.15 needs cuDNN 8.9 (older docs said 8.8)</source>
        <translation>TF 2.15 需要 cuDNN 8.9（旧文档写的是 8.8）</translation>
    </message>
    <message>
        <source>tensorflow[and-cuda] 2.16/2.17: the pip NVIDIA libraries are not found</source>
        <translation>tensorflow[and-cuda] 2.16/2.17：找不到 pip 安装的 NVIDIA 库</translation>
    </message>
    <message>
        <source>An older cuDNN 9 from another package shadows the one TF needs</source>
        <translation>其他包带来的旧版 cuDNN 9 遮盖了 TF 需要的版本</translation>
    </message>
    <message>
        <source>From 2.20 the and-cuda extra uses ranges, so pip may install newer CUDA 12.x libraries</source>
        <translation>从 2.20 起 and-cuda extra 使用版本范围，pip 可能会安装更新的 CUDA 12.x 库</translation>
    </message>
    <message>
        <source>H100/H200 on TF 2.14/2.15: kernels JIT-compiled from compute_80 PTX</source>
        <translation>H100/H200 上的 TF 2.14/2.15：内核需要从 compute_80 PTX 即时编译</translation>
    </message>
    <message>
        <source>Blackwell GPUs (CC 10.0 / 12.0) are not supported by any official TensorFlow wheel</source>
        <translation>任何官方 TensorFlow wheel 都不支持 Blackwell GPU（计算能力 10.0 / 12.0）</translation>
    </message>
    <message>
        <source>XLA cannot find ptxas</source>
        <translation>XLA 找不到 ptxas</translation>
    </message>
    <message>
        <source>WSL2: 'Could not find cuda drivers on your machine'</source>
        <translation>WSL2：'Could not find cuda drivers on your machine'</translation>
    </message>
    <message>
        <source>TF 2.10 on Windows with cuDNN 8.0.5</source>
        <translation>Windows 上的 TF 2.10 配 cuDNN 8.0.5</translation>
    </message>
    <message>
        <source>Install tensorflow-gpu==2.0.0 (the matrix row already does)</source>
        <translation>安装 tensorflow-gpu==2.0.0（兼容性矩阵中的这一行已经这样做了）</translation>
    </message>
    <message>
        <source>Use TF 2.4 or newer (CUDA 11)</source>
        <translation>使用 TF 2.4 或更新版本（CUDA 11）</translation>
    </message>
    <message>
        <source>pip install "numpy&lt;2" (the plan pins it)</source>
        <translation>pip install "numpy&lt;2"（安装计划已固定它）</translation>
    </message>
    <message>
        <source>Install 2.14.1 (adds numpy&lt;2.0.0) or pin numpy&lt;2</source>
        <translation>安装 2.14.1（增加了 numpy&lt;2.0.0 限制）或固定 numpy&lt;2</translation>
    </message>
    <message>
        <source>Install 2.15.0.post1 or 2.15.1, whose and-cuda extra has no TensorRT (the plan uses 2.15.1)</source>
        <translation>安装 2.15.0.post1 或 2.15.1，它们的 and-cuda extra 不含 TensorRT（安装计划使用 2.15.1）</translation>
    </message>
    <message>
        <source>Use the pinned nvidia-cudnn-cu12==8.9.4.25</source>
        <translation>使用固定版本 nvidia-cudnn-cu12==8.9.4.25</translation>
    </message>
    <message>
        <source>Symlink the nvidia/*/lib libraries into the tensorflow package and ptxas into the venv (tensorflow.org step 6), or put every site-packages/nvidia/*/lib on LD_LIBRARY_PATH. Reported on 2.16.1 and 2.17.0rc0; the fixed version is unconfirmed</source>
        <translation>把 nvidia/*/lib 中的库符号链接到 tensorflow 包目录、把 ptxas 链接到虚拟环境中（tensorflow.org 第 6 步），或把所有 site-packages/nvidia/*/lib 加入 LD_LIBRARY_PATH。2.16.1 和 2.17.0rc0 上有报告；哪个版本修复尚未确认</translation>
    </message>
    <message>
        <source>Make sure cuDNN &gt;= 9.3 is what gets loaded (keep TF in its own environment, apart from e.g. a PyTorch wheel that pins an older nvidia-cudnn-cu12)</source>
        <translation>确保加载的是 cuDNN &gt;= 9.3（把 TF 放在单独的环境中，与固定了旧版 nvidia-cudnn-cu12 的 PyTorch wheel 等分开）</translation>
    </message>
    <message>
        <source>Pin the cu12 packages to the 2.19-style exact versions when reproducibility matters</source>
        <translation>需要可复现时，按 2.19 的方式把 cu12 包固定到确切版本</translation>
    </message>
    <message>
        <source>Use TF 2.16.1 or newer (compute_90 PTX in the wheel)</source>
        <translation>使用 TF 2.16.1 或更新版本（wheel 中带有 compute_90 PTX）</translation>
    </message>
    <message>
        <source>Users report success with the NVIDIA NGC TensorFlow container or a source build with CUDA 12.8+ for sm_120; no official fix (2.22.0rc0 still has no sm_100/sm_120 code)</source>
        <translation>有用户报告使用 NVIDIA NGC TensorFlow 容器，或用 CUDA 12.8+ 针对 sm_120 从源码构建可以成功；没有官方修复（2.22.0rc0 仍然没有 sm_100/sm_120 代码）</translation>
    </message>
    <message>
        <source>Provide ptxas (nvidia-cuda-nvcc-cu12, included in and-cuda, or a CUDA toolkit) and/or set XLA_FLAGS=--xla_gpu_cuda_data_dir=...</source>
        <translation>提供 ptxas（nvidia-cuda-nvcc-cu12，已包含在 and-cuda 中，或使用 CUDA 工具包），和/或设置 XLA_FLAGS=--xla_gpu_cuda_data_dir=...</translation>
    </message>
    <message>
        <source>Install the NVIDIA driver on Windows only (never a Linux driver inside WSL); installs must not overwrite /usr/lib/wsl/lib/libcuda*</source>
        <translation>只在 Windows 上安装 NVIDIA 驱动（绝不要在 WSL 内安装 Linux 驱动）；任何安装都不能覆盖 /usr/lib/wsl/lib/libcuda*</translation>
    </message>
    <message>
        <source>Use cuDNN 8.1 (conda install -c conda-forge cudnn=8.1.0)</source>
        <translation>使用 cuDNN 8.1（conda install -c conda-forge cudnn=8.1.0）</translation>
    </message>
    <message>
        <source>No GPU device although the driver, CUDA and cuDNN are installed</source>
        <translation>已安装驱动、CUDA 和 cuDNN，却没有 GPU 设备</translation>
    </message>
    <message>
        <source>CUDA runtime implicit initialization on GPU:0 failed. Status: device kernel image is invalid</source>
        <translation>报错 CUDA runtime implicit initialization on GPU:0 failed. Status: device kernel image is invalid</translation>
    </message>
    <message>
        <source>A module that was compiled using NumPy 1.x cannot be run in NumPy 2.x as it may crash ... / AttributeError: _ARRAY_API not found</source>
        <translation>报错 A module that was compiled using NumPy 1.x cannot be run in NumPy 2.x as it may crash ... / AttributeError: _ARRAY_API not found</translation>
    </message>
    <message>
        <source>Crash at import with NumPy 2</source>
        <translation>与 NumPy 2 一起使用时在 import 时崩溃</translation>
    </message>
    <message>
        <source>Large extra download (tensorrt, tensorrt-bindings, tensorrt-libs)</source>
        <translation>额外下载大量内容（tensorrt、tensorrt-bindings、tensorrt-libs）</translation>
    </message>
    <message>
        <source>Loaded runtime CuDNN library: 8.8.0 but source was compiled with: 8.9.4</source>
        <translation>报错 Loaded runtime CuDNN library: 8.8.0 but source was compiled with: 8.9.4</translation>
    </message>
    <message>
        <source>tf.config.list_physical_devices('GPU') returns []; 'Cannot dlopen some GPU libraries'</source>
        <translation>tf.config.list_physical_devices('GPU') 返回 []；'Cannot dlopen some GPU libraries'</translation>
    </message>
    <message>
        <source>Loaded runtime CuDNN library: 9.1.0 but source was compiled with: 9.3.0 / DNN library initialization failed</source>
        <translation>报错 Loaded runtime CuDNN library: 9.1.0 but source was compiled with: 9.3.0 / DNN library initialization failed</translation>
    </message>
    <message>
        <source>e.g. nvidia-cuda-nvcc-cu12==12.9.86 next to TF 2.20</source>
        <translation>例如与 TF 2.20 一起装上了 nvidia-cuda-nvcc-cu12==12.9.86</translation>
    </message>
    <message>
        <source>TensorFlow was not built with CUDA kernel binaries compatible with compute capability 9.0 ... could take 30 minutes or longer</source>
        <translation>报错 TensorFlow was not built with CUDA kernel binaries compatible with compute capability 9.0 ... could take 30 minutes or longer（可能需要 30 分钟或更久）</translation>
    </message>
    <message>
        <source>... CUDA kernels will be jit-compiled from PTX, which could take 30 minutes or longer, then CUDA_ERROR_INVALID_PTX / CUDA_ERROR_INVALID_HANDLE; with XLA: 'PTX version 8.5 does not support target sm_120'</source>
        <translation>报错 ... CUDA kernels will be jit-compiled from PTX, which could take 30 minutes or longer（从 PTX 即时编译，可能需要 30 分钟或更久），随后出现 CUDA_ERROR_INVALID_PTX / CUDA_ERROR_INVALID_HANDLE；使用 XLA 时：'PTX version 8.5 does not support target sm_120'</translation>
    </message>
    <message>
        <source>Can't find ptxas binary in ${CUDA_DIR}/bin / No PTX compilation provider is available</source>
        <translation>报错 Can't find ptxas binary in ${CUDA_DIR}/bin / No PTX compilation provider is available</translation>
    </message>
    <message>
        <source>Could not find cuda drivers on your machine, GPU will not be used.</source>
        <translation>报错 Could not find cuda drivers on your machine, GPU will not be used.（找不到 CUDA 驱动，不会使用 GPU）</translation>
    </message>
    <message>
        <source>Loaded runtime CuDNN library: 8.0.5 but source was compiled with: 8.1.0</source>
        <translation>报错 Loaded runtime CuDNN library: 8.0.5 but source was compiled with: 8.1.0</translation>
    </message>
    <message>
        <source>Keras 3 is the default; for Keras 2 install tf-keras and set TF_USE_LEGACY_KERAS=1 (accepted values: 1, true, True) before importing tensorflow</source>
        <translation>默认使用 Keras 3；如需 Keras 2，请安装 tf-keras，并在 import tensorflow 之前设置 TF_USE_LEGACY_KERAS=1（可接受的值：1、true、True）</translation>
    </message>
    <message>
        <source>tf.keras is Keras 2 (keras 2.15); if Keras 3 is installed in the same environment, tf.keras becomes Keras 3</source>
        <translation>tf.keras 是 Keras 2（keras 2.15）；如果同一环境中装了 Keras 3，tf.keras 就会变成 Keras 3</translation>
    </message>
    <message>
        <source>NumPy 2 is supported from TF 2.18; pin numpy&lt;2 for this version</source>
        <translation>TF 2.18 起才支持 NumPy 2；此版本请固定 numpy&lt;2</translation>
    </message>
    <message>
        <source>Pre-release: only 2.22.0rc0 is on PyPI; its keras requirement is keras-nightly</source>
        <translation>预发布版本：PyPI 上只有 2.22.0rc0；它依赖的 keras 是 keras-nightly</translation>
    </message>
    <message>
        <source>WSL2 GPU support needs Windows 10 19044 (21H2) or newer and the NVIDIA driver on Windows; driver numbers are Windows driver versions</source>
        <translation>WSL2 的 GPU 支持需要 Windows 10 19044（21H2）或更新版本，以及安装在 Windows 上的 NVIDIA 驱动；驱动版本号指的是 Windows 驱动版本</translation>
    </message>
    <message>
        <source>TensorFlow 2.10 was the last release with GPU support on native Windows; from 2.11 use WSL2, or tensorflow-cpu with the TensorFlow-DirectML-Plugin</source>
        <translation>TensorFlow 2.10 是最后一个在原生 Windows 上支持 GPU 的版本；从 2.11 起请使用 WSL2，或使用 tensorflow-cpu 加 TensorFlow-DirectML-Plugin</translation>
    </message>
    <message>
        <source>macOS rows after 2.16.1 are not in the tested-configurations table; Python range from the Linux table / PyPI</source>
        <translation>2.16.1 之后的 macOS 版本不在官方测试配置表中；Python 版本范围取自 Linux 表 / PyPI</translation>
    </message>
    <message>
        <source>No CUDA on macOS (no official GPU support)</source>
        <translation>macOS 上没有 CUDA（没有官方 GPU 支持）</translation>
    </message>
    <message>
        <source>arm64 (Apple silicon) wheels for 2.13-2.16 are not covered by the sourced facts</source>
        <translation>2.13-2.16 的 arm64（Apple 芯片）wheel 不在已核实的资料范围内</translation>
    </message>
    <message>
        <source>TensorFlow 2.16 was the last release for macOS x86</source>
        <translation>TensorFlow 2.16 是最后一个支持 macOS x86 的版本</translation>
    </message>
    <message>
        <source>tensorflow[and-cuda] does not exist before 2.14</source>
        <translation>2.14 之前没有 tensorflow[and-cuda]</translation>
    </message>
    <message>
        <source>source_windows.md has no 2.13.0 row; the Python range is the Linux one</source>
        <translation>source_windows.md 中没有 2.13.0 这一行；Python 版本范围取自 Linux</translation>
    </message>
    <message>
        <source>Needs the Microsoft Visual C++ Redistributable for Visual Studio 2015, 2017 and 2019</source>
        <translation>需要 Microsoft Visual C++ Redistributable for Visual Studio 2015、2017 和 2019</translation>
    </message>
    <message>
        <source>The 2.0 'tensorflow' wheel is CPU-only; GPU needs tensorflow-gpu==2.0.0</source>
        <translation>2.0 的 'tensorflow' wheel 仅支持 CPU；要用 GPU 需要 tensorflow-gpu==2.0.0</translation>
    </message>
    <message>
        <source>pip in a virtual environment with TensorFlow and the CUDA/cuDNN wheels of its and-cuda extra, without TensorRT (tensorrt 8.5.3.1 has no wheel for Python 3.11)</source>
        <translation>在虚拟环境中用 pip 安装 TensorFlow 及其 and-cuda 附加项中的 CUDA/cuDNN 包，不含 TensorRT（tensorrt 8.5.3.1 没有 Python 3.11 的安装包）</translation>
    </message>
    <message>
        <source>The plan's requirements.lock pins what pip resolves today (cuDNN 9.28, CUDA 12.9 runtime and ptxas); do not pin TF's build versions instead (cuDNN 9.3 hangs XLA on Hopper)</source>
        <translation>方案的 requirements.lock 固定 pip 目前解析到的版本（cuDNN 9.28、CUDA 12.9 运行时和 ptxas）；不要改为固定 TF 的构建版本（cuDNN 9.3 会让 Hopper 上的 XLA 卡住）</translation>
    </message>
    <message>
        <source>With cuDNN 9.3.0.75 (TF's build pin) XLA's convolution autotuner hangs on Hopper</source>
        <translation>使用 cuDNN 9.3.0.75（TF 的构建版本）时，XLA 的卷积自动调优在 Hopper 上卡住</translation>
    </message>
    <message>
        <source>Use the cuDNN pip resolves today (9.28.0.42, what the plan's lock installs); never pin 9.3</source>
        <translation>使用 pip 目前解析到的 cuDNN（9.28.0.42，即方案锁文件安装的版本）；不要固定为 9.3</translation>
    </message>
    <message>
        <source>model.fit with jit_compile makes no step; ~130 % CPU, GPU 0 %; with --xla_gpu_autotune_level=0: CUDNN_STATUS_NOT_SUPPORTED ... cudnnFinalize Failed</source>
        <translation>启用 jit_compile 的 model.fit 一步也不走；CPU 约 130 %，GPU 0 %；加 --xla_gpu_autotune_level=0 时：CUDNN_STATUS_NOT_SUPPORTED ... cudnnFinalize Failed</translation>
    </message>
    <message>
        <source>Provide ptxas of the row's CUDA 10/11 (nvidia-cuda-nvcc-cu11 for 2.14, a CUDA toolkit, or conda's cuda-nvcc) and/or set XLA_FLAGS=--xla_gpu_cuda_data_dir=...</source>
        <translation>提供该行 CUDA 10/11 的 ptxas（2.14 用 nvidia-cuda-nvcc-cu11、CUDA 工具包或 conda 的 cuda-nvcc），和/或设置 XLA_FLAGS=--xla_gpu_cuda_data_dir=...</translation>
    </message>
</context>
</TS>
