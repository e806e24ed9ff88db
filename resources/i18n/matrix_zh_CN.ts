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
        <source>Known problem: {title}</source>
        <translation>已知问题：{title}</translation>
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
</context>
</TS>
