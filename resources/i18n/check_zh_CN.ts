<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>check</name>
    <message>
        <source>A device reservation without capabilities</source>
        <translation>设备预留缺少 capabilities</translation>
    </message>
    <message>
        <source>A nightly image changes every day.</source>
        <translation>nightly 镜像每天都在变。</translation>
    </message>
    <message>
        <source>Another {major}.x release may work through CUDA's minor version compatibility, but it is not what the wheel was built and tested with.</source>
        <translation>借助 CUDA 的小版本兼容性，其他 {major}.x 版本也许能用，但 wheel 不是用它构建和测试的。</translation>
    </message>
    <message>
        <source>Cannot read {path}: {reason}</source>
        <translation>无法读取 {path}：{reason}</translation>
    </message>
    <message>
        <source>Compose requires 'capabilities' in deploy.resources.reservations.devices; without it the service does not start.</source>
        <translation>Compose 要求 deploy.resources.reservations.devices 中写明 capabilities；缺少时服务无法启动。</translation>
    </message>
    <message>
        <source>Create an environment with a Python it supports (conda create -n tf python={best}), or: {cmd}</source>
        <translation>用它支持的 Python 建一个环境（conda create -n tf python={best}），或者：{cmd}</translation>
    </message>
    <message>
        <source>Docker gives containers the GPU only through the NVIDIA Container Toolkit.</source>
        <translation>Docker 只有通过 NVIDIA Container Toolkit 才能把 GPU 交给容器。</translation>
    </message>
    <message>
        <source>Drop the keras pin; for Keras 2 code install {pkg} and set TF_USE_LEGACY_KERAS=1.</source>
        <translation>去掉对 keras 的版本锁定；Keras 2 代码请安装 {pkg} 并设置 TF_USE_LEGACY_KERAS=1。</translation>
    </message>
    <message>
        <source>ERROR</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>INFO</source>
        <translation>提示</translation>
    </message>
    <message>
        <source>Install CUDA {cuda} and cuDNN {cudnn} for TensorFlow {tf}, or use TensorFlow 2.14 or newer with [and-cuda].</source>
        <translation>为 TensorFlow {tf} 安装 CUDA {cuda} 和 cuDNN {cudnn}，或改用 TensorFlow 2.14 及以上版本加 [and-cuda]。</translation>
    </message>
    <message>
        <source>Instead:</source>
        <translation>改为：</translation>
    </message>
    <message>
        <source>Keras 2 API: {api}</source>
        <translation>Keras 2 的 API：{api}</translation>
    </message>
    <message>
        <source>No GPU for TensorFlow {tf} on native Windows</source>
        <translation>原生 Windows 上 TensorFlow {tf} 没有 GPU 支持</translation>
    </message>
    <message>
        <source>Not checked against this computer (--no-machine).</source>
        <translation>没有对照本机检查（--no-machine）。</translation>
    </message>
    <message>
        <source>Nothing wrong found in {n} claims and commands.</source>
        <translation>在 {n} 条版本说明和命令中没有发现错误。</translation>
    </message>
    <message>
        <source>NumPy 2 breaks TensorFlow {tf}</source>
        <translation>NumPy 2 会让 TensorFlow {tf} 无法使用</translation>
    </message>
    <message>
        <source>On Linux or WSL2: {cmd}</source>
        <translation>在 Linux 或 WSL2 上：{cmd}</translation>
    </message>
    <message>
        <source>PyPI has no {pkg} {v} (the releases of that line: {known}; the newest when the matrix was compiled: {newest}).</source>
        <translation>PyPI 上没有 {pkg} {v}（这一系列的版本：{known}；整理兼容表时的最新版：{newest}）。</translation>
    </message>
    <message>
        <source>Python {range} all work with TensorFlow {tf}.</source>
        <translation>Python {range} 都可以用 TensorFlow {tf}。</translation>
    </message>
    <message>
        <source>Quote tensorflow[and-cuda]</source>
        <translation>给 tensorflow[and-cuda] 加引号</translation>
    </message>
    <message>
        <source>See:</source>
        <translation>参见：</translation>
    </message>
    <message>
        <source>Since TensorFlow 2.1 the tensorflow package includes GPU support; tensorflow-gpu was only the old name and was removed in 2.12.</source>
        <translation>从 TensorFlow 2.1 起 tensorflow 包已包含 GPU 支持；tensorflow-gpu 只是旧名字，已在 2.12 移除。</translation>
    </message>
    <message>
        <source>TensorFlow 1.x is older than the matrix (2.0 and later).</source>
        <translation>TensorFlow 1.x 早于兼容表的范围（2.0 及以后）。</translation>
    </message>
    <message>
        <source>TensorFlow 2.10 was the last release with GPU support on native Windows.</source>
        <translation>TensorFlow 2.10 是最后一个在原生 Windows 上支持 GPU 的版本。</translation>
    </message>
    <message>
        <source>TensorFlow 2.10 was the last release with GPU support on native Windows; this text sets up the GPU for a newer one on Windows.</source>
        <translation>TensorFlow 2.10 是最后一个在原生 Windows 上支持 GPU 的版本；这篇文字却在 Windows 上为更新的版本配置 GPU。</translation>
    </message>
    <message>
        <source>TensorFlow before 2.18 was built against NumPy 1: importing it with NumPy 2 fails ('_ARRAY_API not found').</source>
        <translation>2.18 之前的 TensorFlow 是基于 NumPy 1 构建的：装了 NumPy 2 时导入会失败（'_ARRAY_API not found'）。</translation>
    </message>
    <message>
        <source>TensorFlow from conda is not TensorFlow's own build</source>
        <translation>conda 里的 TensorFlow 不是 TensorFlow 官方构建</translation>
    </message>
    <message>
        <source>TensorFlow has no official GPU support on macOS.</source>
        <translation>TensorFlow 在 macOS 上没有官方 GPU 支持。</translation>
    </message>
    <message>
        <source>TensorFlow loads the CUDA libraries of that version by name; others do not load.</source>
        <translation>TensorFlow 按文件名加载这个版本的 CUDA 库；其他版本加载不了。</translation>
    </message>
    <message>
        <source>TensorFlow {tf} comes with Keras 3, which has no {api}.</source>
        <translation>TensorFlow {tf} 自带 Keras 3，其中没有 {api}。</translation>
    </message>
    <message>
        <source>TensorFlow {tf} does not run on this computer's {gpu} (compute capability {cc})</source>
        <translation>TensorFlow {tf} 无法在本机的 {gpu}（计算能力 {cc}）上运行</translation>
    </message>
    <message>
        <source>TensorFlow {tf} does not support Python {py}</source>
        <translation>TensorFlow {tf} 不支持 Python {py}</translation>
    </message>
    <message>
        <source>TensorFlow {tf} does support Python {py}</source>
        <translation>TensorFlow {tf} 其实支持 Python {py}</translation>
    </message>
    <message>
        <source>TensorFlow {tf} has no [and-cuda] extra</source>
        <translation>TensorFlow {tf} 没有 [and-cuda] 附加项</translation>
    </message>
    <message>
        <source>TensorFlow {tf} has no native code for this computer's {gpu} (compute capability {cc})</source>
        <translation>TensorFlow {tf} 没有适用于本机 {gpu}（计算能力 {cc}）的原生代码</translation>
    </message>
    <message>
        <source>TensorFlow {tf} has no wheel for this computer's Python {py}</source>
        <translation>TensorFlow {tf} 没有适用于本机 Python {py} 的 wheel</translation>
    </message>
    <message>
        <source>TensorFlow {tf} has wheels for Python {range} only: pip finds no TensorFlow for Python {py}.</source>
        <translation>TensorFlow {tf} 只有 Python {range} 的 wheel：pip 找不到适用于 Python {py} 的 TensorFlow。</translation>
    </message>
    <message>
        <source>TensorFlow {tf} needs NVIDIA driver {need} or newer.</source>
        <translation>TensorFlow {tf} 需要 {need} 或更新的 NVIDIA 驱动。</translation>
    </message>
    <message>
        <source>TensorFlow {tf} requires {req}: pip refuses the pair.</source>
        <translation>TensorFlow {tf} 要求 {req}：pip 不会同时安装这两者。</translation>
    </message>
    <message>
        <source>TensorFlow {tf} supports Python {range}; pip here says 'No matching distribution'.</source>
        <translation>TensorFlow {tf} 支持 Python {range}；在这里 pip 会提示 'No matching distribution'。</translation>
    </message>
    <message>
        <source>TensorFlow {tf} was not built with {name} {claimed}</source>
        <translation>TensorFlow {tf} 不是用 {name} {claimed} 构建的</translation>
    </message>
    <message>
        <source>TensorFlow {v} was never published, so there is no image with that tag.</source>
        <translation>TensorFlow {v} 从未发布，所以没有这个标签的镜像。</translation>
    </message>
    <message>
        <source>The GPU kernels are compiled from PTX when TensorFlow starts: the first start takes minutes, and some kernels may fail.</source>
        <translation>TensorFlow 启动时要从 PTX 编译 GPU 内核：第一次启动需要几分钟，部分内核可能失败。</translation>
    </message>
    <message>
        <source>The NVIDIA Container Toolkit is not installed on this computer</source>
        <translation>本机没有安装 NVIDIA Container Toolkit</translation>
    </message>
    <message>
        <source>The and-cuda extra exists from TensorFlow 2.14 on; pip warns and installs TensorFlow without any CUDA library.</source>
        <translation>and-cuda 附加项从 TensorFlow 2.14 起才有；pip 只会警告，并安装不带任何 CUDA 库的 TensorFlow。</translation>
    </message>
    <message>
        <source>The container refuses to start ('unsatisfied condition: cuda&gt;={cuda}') until the driver is updated.</source>
        <translation>在更新驱动之前，容器会拒绝启动（'unsatisfied condition: cuda&gt;={cuda}'）。</translation>
    </message>
    <message>
        <source>The driver of this computer ({have}) is too old for TensorFlow {tf}</source>
        <translation>本机的驱动（{have}）对 TensorFlow {tf} 来说太旧</translation>
    </message>
    <message>
        <source>The image {image} does not exist</source>
        <translation>镜像 {image} 不存在</translation>
    </message>
    <message>
        <source>The matrix does not record every release of this line; {v} may or may not exist.</source>
        <translation>兼容表没有记录这一系列的全部版本；{v} 可能存在，也可能不存在。</translation>
    </message>
    <message>
        <source>The matrix has no TensorFlow {line}.</source>
        <translation>兼容表中没有 TensorFlow {line}。</translation>
    </message>
    <message>
        <source>The service {name} gets no GPU</source>
        <translation>服务 {name} 拿不到 GPU</translation>
    </message>
    <message>
        <source>The tested build of TensorFlow {tf} uses CUDA {built}.</source>
        <translation>TensorFlow {tf} 经过测试的构建使用 CUDA {built}。</translation>
    </message>
    <message>
        <source>The tested build of TensorFlow {tf} uses cuDNN {built}; TensorFlow needs the same major version and an equal or higher minor version.</source>
        <translation>TensorFlow {tf} 经过测试的构建使用 cuDNN {built}；TensorFlow 需要相同的主版本号和相同或更高的次版本号。</translation>
    </message>
    <message>
        <source>The tested builds of TensorFlow {tf} cover Python {range}.</source>
        <translation>TensorFlow {tf} 经过测试的构建覆盖 Python {range}。</translation>
    </message>
    <message>
        <source>The wheel has no GPU code this card can run.</source>
        <translation>这个 wheel 里没有这块显卡能运行的 GPU 代码。</translation>
    </message>
    <message>
        <source>This computer is a Mac: there is no CUDA on macOS</source>
        <translation>本机是 Mac：macOS 上没有 CUDA</translation>
    </message>
    <message>
        <source>This computer runs native Windows: no GPU for TensorFlow {tf}</source>
        <translation>本机运行原生 Windows：TensorFlow {tf} 用不了 GPU</translation>
    </message>
    <message>
        <source>This container gets no GPU</source>
        <translation>这个容器拿不到 GPU</translation>
    </message>
    <message>
        <source>This tag form is not in the sources; whether it exists is not checked.</source>
        <translation>资料来源中没有这种标签格式；不检查它是否存在。</translation>
    </message>
    <message>
        <source>Unquoted square brackets are a pattern for zsh (the default shell of macOS and many Linux desktops): it stops with 'no matches found' and installs nothing.</source>
        <translation>没有引号的方括号在 zsh（macOS 和许多 Linux 桌面的默认 shell）里是通配符：它会报 'no matches found'，什么都不安装。</translation>
    </message>
    <message>
        <source>Update the NVIDIA driver, or use an image with CUDA {have} or older.</source>
        <translation>请更新 NVIDIA 驱动，或改用 CUDA {have} 或更旧的镜像。</translation>
    </message>
    <message>
        <source>Update the NVIDIA driver, or: {cmd}</source>
        <translation>请更新 NVIDIA 驱动，或者：{cmd}</translation>
    </message>
    <message>
        <source>Use Python {best} (for example: conda create -n tf python={best}).</source>
        <translation>请使用 Python {best}（例如：conda create -n tf python={best}）。</translation>
    </message>
    <message>
        <source>Use WSL2 (pip install 'tensorflow[and-cuda]' inside it), or TensorFlow 2.10 on native Windows: conda install -c conda-forge cudatoolkit=11.2 cudnn=8.1.0 &amp;&amp; pip install "tensorflow&lt;2.11"</source>
        <translation>请使用 WSL2（在其中 pip install 'tensorflow[and-cuda]'），或在原生 Windows 上用 TensorFlow 2.10：conda install -c conda-forge cudatoolkit=11.2 cudnn=8.1.0 &amp;&amp; pip install "tensorflow&lt;2.11"</translation>
    </message>
    <message>
        <source>Use WSL2, or TensorFlow 2.10 here; tfgpu-wizard plan shows both.</source>
        <translation>请使用 WSL2，或在本机用 TensorFlow 2.10；tfgpu-wizard plan 会给出两种做法。</translation>
    </message>
    <message>
        <source>Use {name} {built} with TensorFlow {tf} (or install tensorflow[and-cuda] from 2.14 on: pip brings the right libraries).</source>
        <translation>TensorFlow {tf} 请配 {name} {built}（或从 2.14 起安装 tensorflow[and-cuda]：pip 会带来正确的库）。</translation>
    </message>
    <message>
        <source>WARNING</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>What the sources cannot decide (not counted as problems):</source>
        <translation>资料来源无法判断的内容（不算作问题）：</translation>
    </message>
    <message>
        <source>Which TensorFlow {spec} installs depends on the Python version, which the text does not say.</source>
        <translation>{spec} 会装哪个 TensorFlow 取决于 Python 版本，而这段文字没有说明。</translation>
    </message>
    <message>
        <source>Why:</source>
        <translation>原因：</translation>
    </message>
    <message>
        <source>contradicts another line</source>
        <translation>与另一行矛盾</translation>
    </message>
    <message>
        <source>contradicts the sources</source>
        <translation>与资料来源矛盾</translation>
    </message>
    <message>
        <source>docker run gives a container the GPU only with --gpus (NVIDIA Container Toolkit); without it TensorFlow in {image} runs on the CPU.</source>
        <translation>docker run 只有加 --gpus（NVIDIA Container Toolkit）才会把 GPU 交给容器；否则 {image} 里的 TensorFlow 只在 CPU 上运行。</translation>
    </message>
    <message>
        <source>does not fit this computer</source>
        <translation>不适合本机</translation>
    </message>
    <message>
        <source>keras {v} cannot be installed with TensorFlow {tf}</source>
        <translation>keras {v} 不能与 TensorFlow {tf} 一起安装</translation>
    </message>
    <message>
        <source>line {n}</source>
        <translation>第 {n} 行</translation>
    </message>
    <message>
        <source>pip install tf-keras and set TF_USE_LEGACY_KERAS=1 before importing TensorFlow, or port the line to Keras 3.</source>
        <translation>pip install tf-keras，并在导入 TensorFlow 之前设置 TF_USE_LEGACY_KERAS=1，或把这一行改写为 Keras 3 的写法。</translation>
    </message>
    <message>
        <source>tensorflow-gpu no longer exists</source>
        <translation>tensorflow-gpu 已不存在</translation>
    </message>
    <message>
        <source>tensorflow-gpu was removed in TensorFlow 2.12 (the tensorflow package has had GPU support since 2.1): pip cannot install a current TensorFlow under that name.</source>
        <translation>tensorflow-gpu 已在 TensorFlow 2.12 移除（tensorflow 包从 2.1 起就支持 GPU）：用这个名字 pip 装不到当前的 TensorFlow。</translation>
    </message>
    <message>
        <source>tensorflow-gpu {v} is the same as tensorflow {v}</source>
        <translation>tensorflow-gpu {v} 与 tensorflow {v} 相同</translation>
    </message>
    <message>
        <source>tensorflow.org says not to install TensorFlow with conda: conda's packages are built by others, often lag behind and may bring other CUDA libraries. Use conda for Python only and pip for TensorFlow.</source>
        <translation>tensorflow.org 建议不要用 conda 安装 TensorFlow：conda 的包由他人构建，常常滞后，还可能带来别的 CUDA 库。请只用 conda 提供 Python，用 pip 安装 TensorFlow。</translation>
    </message>
    <message>
        <source>tensorflow.org's install page prints this number too, but the wheels were not built with it.</source>
        <translation>tensorflow.org 的安装页面也写着这个版本号，但 wheel 并不是用它构建的。</translation>
    </message>
    <message>
        <source>tfgpu-wizard plan --method docker shows the steps to install it.</source>
        <translation>tfgpu-wizard plan --method docker 会给出安装步骤。</translation>
    </message>
    <message>
        <source>tfgpu-wizard plan shows what fits this machine.</source>
        <translation>tfgpu-wizard plan 会给出适合本机的做法。</translation>
    </message>
    <message>
        <source>{api} exists in Keras 2 only: with TensorFlow 2.16 or newer (Keras 3) this line fails.</source>
        <translation>{api} 只存在于 Keras 2：在 TensorFlow 2.16 及以上（Keras 3）这一行会出错。</translation>
    </message>
    <message>
        <source>{image} is a GPU image, but the service reserves no GPU device (deploy.resources.reservations.devices with capabilities: [gpu]) and has no runtime: nvidia: TensorFlow runs on the CPU.</source>
        <translation>{image} 是 GPU 镜像，但该服务既没有预留 GPU 设备（deploy.resources.reservations.devices 加 capabilities: [gpu]），也没有 runtime: nvidia：TensorFlow 会在 CPU 上运行。</translation>
    </message>
    <message>
        <source>{image} needs CUDA {cuda}; this computer's driver supports CUDA {have} at most</source>
        <translation>{image} 需要 CUDA {cuda}；本机驱动最多支持 CUDA {have}</translation>
    </message>
    <message>
        <source>{path} is not a host report saved by 'tfgpu-wizard doctor --json': {reason}</source>
        <translation>{path} 不是由 'tfgpu-wizard doctor --json' 保存的主机报告：{reason}</translation>
    </message>
    <message>
        <source>{pkg} {v} was never published</source>
        <translation>{pkg} {v} 从未发布过</translation>
    </message>
    <message>
        <source>This is not a text (a binary file): nothing to check.</source>
        <translation>这不是文本（是二进制文件）：没有可检查的内容。</translation>
    </message>
    <message>
        <source>The text is empty: nothing to check.</source>
        <translation>文本为空：没有可检查的内容。</translation>
    </message>
    <message>
        <source>The text is very long: only its first 2 million characters were checked.</source>
        <translation>文本很长：只检查了前 200 万个字符。</translation>
    </message>
    <message>
        <source>It looks like a notebook but is not valid JSON: it was checked as plain text.</source>
        <translation>它看起来像 notebook，但不是有效的 JSON：已按纯文本检查。</translation>
    </message>
    <message>
        <source>No install command and no version claim found: nothing to check.</source>
        <translation>没有找到安装命令或版本说明：没有可检查的内容。</translation>
    </message>
</context>
<context>
    <name>CheckPage</name>
    <message>
        <source>Open a file…</source>
        <translation>打开文件…</translation>
    </message>
    <message>
        <source>Paste a tutorial, a requirements.txt, a Dockerfile … here, or drop a file on this box…</source>
        <translation>在这里粘贴教程、requirements.txt、Dockerfile 等，或把文件拖到这个框里…</translation>
    </message>
    <message>
        <source>Open a file to check</source>
        <translation>打开要检查的文件</translation>
    </message>
    <message>
        <source>Tutorials and setup files (*.md *.txt *.ipynb *.yml *.yaml *.sh Dockerfile* *.Dockerfile);;All files (*)</source>
        <translation>教程和配置文件 (*.md *.txt *.ipynb *.yml *.yaml *.sh Dockerfile* *.Dockerfile);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Check a tutorial before you follow it</source>
        <translation>照着教程做之前，先检查一下</translation>
    </message>
    <message>
        <source>Paste or open a tutorial, README, notebook, requirements.txt, environment.yml, Dockerfile or compose file. Every version and install command in it is checked against TensorFlow's sources, against its other lines and against this computer. Nothing leaves your computer.</source>
        <translation>粘贴或打开教程、README、notebook、requirements.txt、environment.yml、Dockerfile 或 compose 文件。其中每个版本号和安装命令都会对照 TensorFlow 的资料来源、文中其他行以及本机进行检查。任何内容都不会离开你的电脑。</translation>
    </message>
    <message>
        <source>Check it</source>
        <translation>检查</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>清空</translation>
    </message>
    <message>
        <source>What is wrong appears here.</source>
        <translation>发现的问题会显示在这里。</translation>
    </message>
    <message>
        <source>The box is empty: paste a text or open a file first.</source>
        <translation>输入框是空的：请先粘贴文字或打开文件。</translation>
    </message>
    <message>
        <source>Checking …</source>
        <translation>正在检查…</translation>
    </message>
    <message>
        <source>The check failed: {0}</source>
        <translation>检查失败：{0}</translation>
    </message>
    <message>
        <source>contradicts the sources</source>
        <translation>与资料来源矛盾</translation>
    </message>
    <message>
        <source>contradicts another line of the text</source>
        <translation>与文中另一行矛盾</translation>
    </message>
    <message>
        <source>does not fit this computer</source>
        <translation>不适合本机</translation>
    </message>
    <message>
        <source>{n} problems found</source>
        <translation>发现 {n} 个问题</translation>
    </message>
    <message>
        <source>line {0}</source>
        <translation>第 {0} 行</translation>
    </message>
    <message>
        <source>Instead:</source>
        <translation>改为：</translation>
    </message>
    <message>
        <source>Nothing wrong found in {0} claims and commands.</source>
        <translation>在 {0} 条版本说明和命令中没有发现错误。</translation>
    </message>
    <message>
        <source>What the sources cannot decide (not counted as problems):</source>
        <translation>资料来源无法判断的内容（不算作问题）：</translation>
    </message>
    <message>
        <source>Not checked against this computer: its facts are not known yet (Setup detects them).</source>
        <translation>尚未对照本机检查：还不知道本机的情况（“安装”页面会检测）。</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Check a tutorial</source>
        <translation>检查教程</translation>
    </message>
</context>
<context>
    <name>cli-help</name>
    <message>
        <source>check a tutorial, requirements file, notebook or Dockerfile before you follow it</source>
        <translation>照着做之前，先检查教程、requirements 文件、notebook 或 Dockerfile</translation>
    </message>
    <message>
        <source>the file to check, or - to read standard input</source>
        <translation>要检查的文件，或用 - 从标准输入读取</translation>
    </message>
    <message>
        <source>what the file is (default: from its name and its text)</source>
        <translation>文件的类型（默认：根据文件名和内容判断）</translation>
    </message>
    <message>
        <source>check against the machine of a saved 'doctor --json' report instead of this one</source>
        <translation>对照已保存的 'doctor --json' 报告中的机器检查，而不是本机</translation>
    </message>
    <message>
        <source>check against the sources and the text only, not against this machine</source>
        <translation>只对照资料来源和文本本身检查，不对照本机</translation>
    </message>
</context>
</TS>
