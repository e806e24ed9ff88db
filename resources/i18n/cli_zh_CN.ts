<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>cli</name>
    <message>
        <source>tfgpu-wizard {command}: not available in this build</source>
        <translation>tfgpu-wizard {command}：此版本中不可用</translation>
    </message>
    <message>
        <source>tfgpu-wizard: the output could not be written: {error}</source>
        <translation>tfgpu-wizard：输出无法写出：{error}</translation>
    </message>
    <message>
        <source>the input did not end after {mb} MB (a device or an endless pipe?): its start and the last part read are explained</source>
        <translation>输入在 {mb} MB 之后仍未结束（是设备或无尽的管道？）：只解释了开头和最后读到的部分</translation>
    </message>
    <message>
        <source>tfgpu-wizard: the output could not be written: the standard output is closed. Run it again with its output going somewhere (a terminal, a file: &gt; out.txt).</source>
        <translation>tfgpu-wizard：无法写出输出：标准输出已关闭。请让输出有去处后重新运行（终端，或文件：&gt; out.txt）。</translation>
    </message>
    <message>
        <source>the standard input is closed: name a log file, or pipe a log in (... | tfgpu-wizard diagnose -).</source>
        <translation>标准输入已关闭：请指定一个日志文件，或用管道送入日志（... | tfgpu-wizard diagnose -）。</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>训练中</translation>
    </message>
    <message>
        <source>tfgpu-wizard report: no Python interpreter at {0}</source>
        <translation>tfgpu-wizard report：{0} 处没有 Python 解释器</translation>
    </message>
    <message>
        <source>No display found, so here is the terminal report instead of the window.
To get the window: run this on a desktop, or over SSH with X forwarding (ssh -X). On a bare server, Qt also needs the system libraries listed in the README (libxcb-cursor0, libegl1, fonts-noto-cjk ...).</source>
        <translation>没有找到图形显示，所以这里显示终端报告而不是窗口。
要显示窗口：请在桌面环境中运行，或通过带 X 转发的 SSH（ssh -X）运行。在没有图形界面的服务器上，Qt 还需要 README 中列出的系统库（libxcb-cursor0、libegl1、fonts-noto-cjk ……）。</translation>
    </message>
    <message>
        <source>... still working: {what} ({time})</source>
        <translation>……仍在进行：{what}（{time}）</translation>
    </message>
</context>
<context>
    <name>cli-help</name>
    <message>
        <source>Set up TensorFlow on an NVIDIA GPU, verify it, and watch what the GPU does. With no command, starts the desktop app (or prints the doctor report when there is no display).</source>
        <translation>在 NVIDIA GPU 上安装 TensorFlow、验证它，并观察 GPU 在做什么。不带命令时启动桌面应用（没有图形显示时打印体检报告）。</translation>
    </message>
    <message>
        <source>language of messages (default: from the locale)</source>
        <translation>消息的语言（默认：按系统区域设置）</translation>
    </message>
    <message>
        <source>detect this machine: OS, Python, conda, NVIDIA driver, GPUs, CUDA, cuDNN, TensorFlow</source>
        <translation>检测本机：操作系统、Python、conda、NVIDIA 驱动、GPU、CUDA、cuDNN、TensorFlow</translation>
    </message>
    <message>
        <source>recommend a TensorFlow version and write the install commands for your shell</source>
        <translation>推荐一个 TensorFlow 版本，并为你的 shell 写出安装命令</translation>
    </message>
    <message>
        <source>run the verification probe in a Python and say whether TensorFlow uses the GPU</source>
        <translation>在某个 Python 中运行验证探针，告诉你 TensorFlow 是否用上了 GPU</translation>
    </message>
    <message>
        <source>run the bundled training sample (memory modes, devices, precision) in a Python</source>
        <translation>在某个 Python 中运行自带的训练示例（显存模式、设备、精度）</translation>
    </message>
    <message>
        <source>write TF_CONFIG and launch commands for a multi-worker run</source>
        <translation>为多机（multi-worker）训练写出 TF_CONFIG 和启动命令</translation>
    </message>
    <message>
        <source>explain a TensorFlow / CUDA error log in plain words, with the fix</source>
        <translation>用通俗的话解释 TensorFlow / CUDA 错误日志，并给出解决办法</translation>
    </message>
    <message>
        <source>live terminal view of GPU memory and utilization (NVML), optionally logged to CSV</source>
        <translation>在终端实时查看 GPU 显存和利用率（NVML），可同时记录到 CSV</translation>
    </message>
    <message>
        <source>run the sample and record it with the GPU sampler as a run</source>
        <translation>运行示例，并用 GPU 采样器把它记录为一次运行</translation>
    </message>
    <message>
        <source>list, show and export recorded runs</source>
        <translation>列出、查看和导出已记录的运行</translation>
    </message>
    <message>
        <source>start the desktop app</source>
        <translation>启动桌面应用</translation>
    </message>
    <message>
        <source>print the report as JSON instead of text</source>
        <translation>以 JSON 而不是文本打印报告</translation>
    </message>
    <message>
        <source>a Python interpreter (or venv / conda env folder) whose TensorFlow to examine</source>
        <translation>要检查其 TensorFlow 的 Python 解释器（或 venv / conda 环境文件夹）</translation>
    </message>
    <message>
        <source>also save the report as JSON to FILE</source>
        <translation>同时把报告以 JSON 保存到 FILE</translation>
    </message>
    <message>
        <source>limit for each external command (nvidia-smi, conda, the target Python); default 8</source>
        <translation>每个外部命令（nvidia-smi、conda、目标 Python）的时限；默认 8</translation>
    </message>
    <message>
        <source>plan for the machine of a saved 'doctor --json' report</source>
        <translation>为已保存的“doctor --json”报告中的那台机器制定方案</translation>
    </message>
    <message>
        <source>pin a TensorFlow line or version, e.g. 2.15</source>
        <translation>指定 TensorFlow 系列或版本，例如 2.15</translation>
    </message>
    <message>
        <source>pin the install method</source>
        <translation>指定安装方式</translation>
    </message>
    <message>
        <source>shell of the commands</source>
        <translation>命令所用的 shell</translation>
    </message>
    <message>
        <source>folder of the new environment (docker: your project folder)</source>
        <translation>新环境的文件夹（docker：你的项目文件夹）</translation>
    </message>
    <message>
        <source>keep Keras 2 (tf-keras + TF_USE_LEGACY_KERAS=1, TF&gt;=2.16)</source>
        <translation>保留 Keras 2（tf-keras + TF_USE_LEGACY_KERAS=1，TF&gt;=2.16）</translation>
    </message>
    <message>
        <source>write the plan's files into DIR</source>
        <translation>把方案的文件写入 DIR</translation>
    </message>
    <message>
        <source>with --write: replace files you edited</source>
        <translation>与 --write 一起用：覆盖你改过的文件</translation>
    </message>
    <message>
        <source>print the plan as JSON</source>
        <translation>以 JSON 打印方案</translation>
    </message>
    <message>
        <source>the Python (or venv / conda env folder) to check; default: this one</source>
        <translation>要检查的 Python（或 venv / conda 环境文件夹）；默认：当前这个</translation>
    </message>
    <message>
        <source>print the verdict and the probe's report as JSON</source>
        <translation>以 JSON 打印结论和探针的报告</translation>
    </message>
    <message>
        <source>stop the probe after this long (default 180; importing TensorFlow is slow)</source>
        <translation>探针运行超过这么久就停止（默认 180；导入 TensorFlow 很慢）</translation>
    </message>
    <message>
        <source>the model (default cnn)</source>
        <translation>模型（默认 cnn）</translation>
    </message>
    <message>
        <source>the dataset's shape (default cifar10)</source>
        <translation>数据集的形状（默认 cifar10）</translation>
    </message>
    <message>
        <source>train on the real dataset from the Keras cache</source>
        <translation>用 Keras 缓存中的真实数据集训练</translation>
    </message>
    <message>
        <source>with --real-data: download it if needed</source>
        <translation>与 --real-data 一起用：需要时下载它</translation>
    </message>
    <message>
        <source>global batch over all replicas (default 64)</source>
        <translation>所有副本合计的全局批大小（默认 64）</translation>
    </message>
    <message>
        <source>fail when the batch does not divide over the replicas (default: adjust it)</source>
        <translation>批大小不能被副本数整除时报错（默认：自动调整）</translation>
    </message>
    <message>
        <source>training steps (default 100)</source>
        <translation>训练步数（默认 100）</translation>
    </message>
    <message>
        <source>progress every N steps (default 10)</source>
        <translation>每 N 步报告一次进度（默认 10）</translation>
    </message>
    <message>
        <source>how TensorFlow takes GPU memory (default: default)</source>
        <translation>TensorFlow 占用 GPU 显存的方式（默认：default）</translation>
    </message>
    <message>
        <source>with --memory limit: MB (4096) or a fraction (0.5)</source>
        <translation>与 --memory limit 一起用：MB（4096）或比例（0.5）</translation>
    </message>
    <message>
        <source>the card's memory, for a fractional limit</source>
        <translation>显卡的显存，用于按比例的上限</translation>
    </message>
    <message>
        <source>auto | cpu | all | gpu:0 | gpu:0,1 (default auto)</source>
        <translation>auto | cpu | all | gpu:0 | gpu:0,1（默认 auto）</translation>
    </message>
    <message>
        <source>split the CPU into N logical devices (MirroredStrategy without a GPU)</source>
        <translation>把 CPU 分成 N 个逻辑设备（没有 GPU 时的 MirroredStrategy）</translation>
    </message>
    <message>
        <source>number format (default fp32)</source>
        <translation>数值格式（默认 fp32）</translation>
    </message>
    <message>
        <source>turn off the input pipeline's prefetch</source>
        <translation>关闭输入流水线的预取</translation>
    </message>
    <message>
        <source>fit (model.fit) or custom (tf.function loop); default fit</source>
        <translation>fit（model.fit）或 custom（tf.function 循环）；默认 fit</translation>
    </message>
    <message>
        <source>XLA compilation (default auto)</source>
        <translation>XLA 编译（默认 auto）</translation>
    </message>
    <message>
        <source>learning rate (default 0.01)</source>
        <translation>学习率（默认 0.01）</translation>
    </message>
    <message>
        <source>random seed (default 0)</source>
        <translation>随机种子（默认 0）</translation>
    </message>
    <message>
        <source>Keras 3 backend (default tensorflow; jax and torch never import TensorFlow)</source>
        <translation>Keras 3 后端（默认 tensorflow；jax 和 torch 从不导入 TensorFlow）</translation>
    </message>
    <message>
        <source>training steps per call into the backend (default: automatic)</source>
        <translation>每次调用后端执行的训练步数（默认：自动）</translation>
    </message>
    <message>
        <source>train with Keras 2 (sets TF_USE_LEGACY_KERAS=1 for the sample; TensorFlow 2.16 and later need the tf-keras package in that Python)</source>
        <translation>用 Keras 2 训练（为示例设置 TF_USE_LEGACY_KERAS=1；TensorFlow 2.16 及以后需要该 Python 中有 tf-keras 包）</translation>
    </message>
    <message>
        <source>one worker of a MultiWorkerMirroredStrategy run (reads TF_CONFIG; see `cluster`)</source>
        <translation>作为 MultiWorkerMirroredStrategy 训练中的一个 worker（读取 TF_CONFIG；见 `cluster`）</translation>
    </message>
    <message>
        <source>the Python (or venv / conda folder) to train in</source>
        <translation>用来训练的 Python（或 venv / conda 文件夹）</translation>
    </message>
    <message>
        <source>stop the run after this long (default 3600)</source>
        <translation>运行超过这么久就停止（默认 3600）</translation>
    </message>
    <message>
        <source>print the sample's JSON lines as they come</source>
        <translation>示例输出 JSON 行时立即打印</translation>
    </message>
    <message>
        <source>every worker's address, in order, comma separated (the same list on every machine)</source>
        <translation>每个 worker 的地址，按顺序、用逗号分隔（每台机器上是同一份列表）</translation>
    </message>
    <message>
        <source>the shell the commands are written for (default bash)</source>
        <translation>命令所针对的 shell（默认 bash）</translation>
    </message>
    <message>
        <source>the Python on the workers (default: python)</source>
        <translation>worker 上的 Python（默认：python）</translation>
    </message>
    <message>
        <source>where sample.py is on the workers (default: its path on this machine)</source>
        <translation>sample.py 在 worker 上的位置（默认：它在本机上的路径）</translation>
    </message>
    <message>
        <source>also write one file per worker into DIR</source>
        <translation>同时为每个 worker 在 DIR 中写一个文件</translation>
    </message>
    <message>
        <source>the log file to explain, or - to read standard input</source>
        <translation>要解释的日志文件，或用 - 读取标准输入</translation>
    </message>
    <message>
        <source>print the findings as JSON</source>
        <translation>以 JSON 打印发现的问题</translation>
    </message>
    <message>
        <source>the platform the log comes from, for platform-specific fixes (default: guessed from the log)</source>
        <translation>日志来自的平台，用于给出针对平台的解决办法（默认：从日志推断）</translation>
    </message>
    <message>
        <source>also explain the harmless lines in detail (text output)</source>
        <translation>同时详细解释无害的行（文本输出）</translation>
    </message>
    <message>
        <source>seconds between samples, 0.01 to 60 (default 0.1 = 10 Hz)</source>
        <translation>两次采样间隔的秒数，0.01 到 60（默认 0.1 = 10 Hz）</translation>
    </message>
    <message>
        <source>seconds between screen updates (default 1)</source>
        <translation>两次刷新屏幕间隔的秒数（默认 1）</translation>
    </message>
    <message>
        <source>also log every sample to this CSV file (appended)</source>
        <translation>同时把每次采样记录到这个 CSV 文件（追加）</translation>
    </message>
    <message>
        <source>print one sample and exit</source>
        <translation>打印一次采样后退出</translation>
    </message>
    <message>
        <source>stop after N screen updates</source>
        <translation>刷新屏幕 N 次后停止</translation>
    </message>
    <message>
        <source>replay a recorded run (file, run id, or bundled recording)</source>
        <translation>回放一次已记录的运行（文件、运行编号或自带的录制）</translation>
    </message>
    <message>
        <source>replay speed factor (default 1; 'inf' = no waiting)</source>
        <translation>回放速度倍数（默认 1；“inf” = 不等待）</translation>
    </message>
    <message>
        <source>only this NVML GPU (repeatable)</source>
        <translation>只看这块 NVML GPU（可重复）</translation>
    </message>
    <message>
        <source>do not clear the screen between updates</source>
        <translation>刷新之间不清屏</translation>
    </message>
    <message>
        <source>sample</source>
        <translation>示例</translation>
    </message>
    <message>
        <source>flags of the bundled sample (see: tfgpu-wizard sample --help)</source>
        <translation>自带示例的参数（见：tfgpu-wizard sample --help）</translation>
    </message>
    <message>
        <source>the Python (or venv / conda env folder) that has TensorFlow (default: this one)</source>
        <translation>装有 TensorFlow 的 Python（或 venv / conda 环境文件夹）（默认：当前这个）</translation>
    </message>
    <message>
        <source>stop the sample after this many seconds</source>
        <translation>示例运行这么多秒后停止</translation>
    </message>
    <message>
        <source>GPU sampling interval in seconds (default 0.1)</source>
        <translation>GPU 采样间隔秒数（默认 0.1）</translation>
    </message>
    <message>
        <source>sample only this NVML GPU</source>
        <translation>只采样这块 NVML GPU</translation>
    </message>
    <message>
        <source>a name for this run</source>
        <translation>这次运行的名字</translation>
    </message>
    <message>
        <source>list past runs, newest first</source>
        <translation>列出以往的运行，最新的在前</translation>
    </message>
    <message>
        <source>summary of one run</source>
        <translation>一次运行的摘要</translation>
    </message>
    <message>
        <source>write a run as CSV (samples and events on one time axis)</source>
        <translation>把一次运行写成 CSV（采样和事件在同一时间轴上）</translation>
    </message>
    <message>
        <source>delete one of your runs</source>
        <translation>删除你的一次运行</translation>
    </message>
    <message>
        <source>also list the bundled real-GPU recordings</source>
        <translation>同时列出自带的真实 GPU 录制</translation>
    </message>
    <message>
        <source>run id (or a unique start of it), or a run file</source>
        <translation>运行编号（或其唯一的开头部分），或一个运行文件</translation>
    </message>
    <message>
        <source>page to open first (default: sanity)</source>
        <translation>首先打开的页面（默认：sanity）</translation>
    </message>
    <message>
        <source>Start the tfgpu-wizard desktop app.</source>
        <translation>启动 tfgpu-wizard 桌面应用。</translation>
    </message>
    <message>
        <source>also draw the overlay chart into FILE (as the window does)</source>
        <translation>同时把叠加图画到 FILE（与窗口中的一样）</translation>
    </message>
    <message>
        <source>also write the table as CSV</source>
        <translation>同时把表格写成 CSV</translation>
    </message>
    <message>
        <source>check that TensorFlow trains on the GPU (probe + a short training run), in plain words</source>
        <translation>检查 TensorFlow 能否在 GPU 上训练（探测 + 一次短训练），用通俗的话说明结果</translation>
    </message>
    <message>
        <source>compare runs side by side: peak, steady, img/s, first step</source>
        <translation>并排比较几次运行：峰值、稳定值、张/秒、第一步</translation>
    </message>
    <message>
        <source>compare the CPU settings even when there is a GPU</source>
        <translation>即使有 GPU，也比较 CPU 设置</translation>
    </message>
    <message>
        <source>download the locked files on a connected machine, install on the target with --no-index</source>
        <translation>在能联网的机器上下载锁定的文件，再在目标机器上用 --no-index 安装</translation>
    </message>
    <message>
        <source>package index for every pip/uv command (a mirror or a proxy)</source>
        <translation>所有 pip/uv 命令使用的软件包索引（镜像或代理）</translation>
    </message>
    <message>
        <source>per setting (default 900)</source>
        <translation>每个设置（默认 900）</translation>
    </message>
    <message>
        <source>pin the install method (uv: the pip recipe installed with uv venv + uv pip install)</source>
        <translation>固定安装方式（uv：用 uv venv + uv pip install 安装 pip 方案）</translation>
    </message>
    <message>
        <source>print the numbers as JSON</source>
        <translation>以 JSON 输出这些数字</translation>
    </message>
    <message>
        <source>print the rows as JSON</source>
        <translation>以 JSON 输出这些行</translation>
    </message>
    <message>
        <source>print the verdict as JSON</source>
        <translation>以 JSON 输出结论</translation>
    </message>
    <message>
        <source>run ids, recording names or run files</source>
        <translation>运行 ID、录制数据名称或运行文件</translation>
    </message>
    <message>
        <source>run the plan here after a confirmation (admin steps asked one by one); its files go to --write DIR or the wizard's data folder</source>
        <translation>确认后在本机执行方案（需要管理员权限的步骤逐一询问）；文件写到 --write DIR 或向导的数据文件夹</translation>
    </message>
    <message>
        <source>run the sample once per setting and compare images/s (or show the H200 recordings)</source>
        <translation>每个设置运行一次示例并比较张/秒（或显示 H200 的录制数据）</translation>
    </message>
    <message>
        <source>save a zip to attach to a question for help: doctor report, the log, the newest run</source>
        <translation>保存一个 zip，求助提问时附上：doctor 报告、日志、最新一次运行</translation>
    </message>
    <message>
        <source>show the table from run files (default: the bundled H200 recordings); nothing runs</source>
        <translation>用运行文件显示表格（默认：附带的 H200 录制数据）；不运行任何东西</translation>
    </message>
    <message>
        <source>skip detecting the machine (driver, GPUs)</source>
        <translation>跳过检测本机（驱动、GPU）</translation>
    </message>
    <message>
        <source>stop the run when it prints nothing for this long (a hung import; default 300)</source>
        <translation>运行在这么长时间内没有任何输出时停止它（导入卡住；默认 300）</translation>
    </message>
    <message>
        <source>stop the sample when it prints nothing for this long (a hung import; default 300)</source>
        <translation>示例在这么长时间内没有任何输出时停止它（导入卡住；默认 300）</translation>
    </message>
    <message>
        <source>stop the training after this long (default 900)</source>
        <translation>训练超过这么长时间后停止（默认 900）</translation>
    </message>
    <message>
        <source>the Python (or venv / conda env folder); default: this one</source>
        <translation>Python（或 venv / conda 环境文件夹）；默认：当前这个</translation>
    </message>
    <message>
        <source>the TensorFlow version that wrote the log, e.g. 2.21 (default: read from the log when printed)</source>
        <translation>写出这份日志的 TensorFlow 版本，例如 2.21（默认：日志里有就从日志读取）</translation>
    </message>
    <message>
        <source>the run to include (id, recording name or file; default: the newest)</source>
        <translation>要包含的运行（ID、录制数据名称或文件；默认：最新的）</translation>
    </message>
    <message>
        <source>train with Keras 2 (tf-keras)</source>
        <translation>用 Keras 2（tf-keras）训练</translation>
    </message>
    <message>
        <source>training steps (default 300)</source>
        <translation>训练步数（默认 300）</translation>
    </message>
    <message>
        <source>training steps per setting (default 200)</source>
        <translation>每个设置的训练步数（默认 200）</translation>
    </message>
    <message>
        <source>where to write the zip (default: Documents or home)</source>
        <translation>zip 写到哪里（默认：文档文件夹或主目录）</translation>
    </message>
    <message>
        <source>with --run: skip the first confirmation</source>
        <translation>与 --run 一起用：跳过第一次确认</translation>
    </message>
    <message>
        <source>a CPU-only install: TensorFlow working without a GPU is the expected result (exit 0)</source>
        <translation>仅 CPU 的安装：TensorFlow 在没有 GPU 的情况下正常工作就是预期结果（退出码 0）</translation>
    </message>
    <message>
        <source>check with Keras 2 (sets TF_USE_LEGACY_KERAS=1 for the probe, as the window's Keras 2 box does)</source>
        <translation>用 Keras 2 检查（为探测设置 TF_USE_LEGACY_KERAS=1，与窗口中的 Keras 2 选项相同）</translation>
    </message>
    <message>
        <source>the log comes from this computer: start the advice from its facts (driver, GPUs), as the window does</source>
        <translation>日志来自这台电脑：建议从它的实际情况（驱动、GPU）出发，与窗口中相同</translation>
    </message>
    <message>
        <source>with mixed_float16: force a few gradient overflows, to see the loss scale halve and those steps skipped</source>
        <translation>配合 mixed_float16：故意让几步的梯度溢出，以观察损失缩放系数减半、这些步被跳过</translation>
    </message>
    <message>
        <source>TensorFlow's memory limit for the probes (default: the GPU's free memory less TF's reserve)</source>
        <translation>探测运行时 TensorFlow 的显存上限（默认：GPU 的空闲显存减去 TF 的预留）</translation>
    </message>
    <message>
        <source>XLA for the probes, as the sample (default auto; off makes each probe faster)</source>
        <translation>探测运行是否用 XLA，同示例（默认 auto；off 让每次探测更快）</translation>
    </message>
    <message>
        <source>a probe that runs longer counts as not fitting (default 150 with XLA, 90 without)</source>
        <translation>运行超过这么久的探测算作放不下（默认：用 XLA 时 150，不用时 90）</translation>
    </message>
    <message>
        <source>batch sizes tried are multiples of this (default 8)</source>
        <translation>试的批大小都是这个数的倍数（默认 8）</translation>
    </message>
    <message>
        <source>find the largest batch that fits under a memory limit: predicted, then measured on the GPU</source>
        <translation>找出在显存上限下能放下的最大批大小：先预测，再在 GPU 上测量</translation>
    </message>
    <message>
        <source>precision to search (repeat it; default fp32 and mixed_float16)</source>
        <translation>要搜索的精度（可重复；默认 fp32 和 mixed_float16）</translation>
    </message>
    <message>
        <source>predict a saved Keras model (.keras) instead (not measured)</source>
        <translation>改为预测一个保存的 Keras 模型（.keras）（不测量）</translation>
    </message>
    <message>
        <source>predict the memory of runs that have no prediction (runs the estimator in --python)</source>
        <translation>为没有预测的运行预测显存（在 --python 中运行估算器）</translation>
    </message>
    <message>
        <source>print the result as JSON</source>
        <translation>以 JSON 打印结果</translation>
    </message>
    <message>
        <source>probes per precision at most (default 8)</source>
        <translation>每种精度最多探测几次（默认 8）</translation>
    </message>
    <message>
        <source>stop when the gap between fits and out of memory is this fraction of the batch (default 0.05)</source>
        <translation>当“能放下”和“显存不足”之间的差距小于批大小的这个比例时停止（默认 0.05）</translation>
    </message>
    <message>
        <source>the GPU to measure on (default 0)</source>
        <translation>在哪块 GPU 上测量（默认 0）</translation>
    </message>
    <message>
        <source>the Python (or venv / conda folder) that has TensorFlow</source>
        <translation>装有 TensorFlow 的 Python（或 venv / conda 文件夹）</translation>
    </message>
    <message>
        <source>the bundled model (default cnn)</source>
        <translation>内置模型（默认 cnn）</translation>
    </message>
    <message>
        <source>the input shape (default cifar10)</source>
        <translation>输入形状（默认 cifar10）</translation>
    </message>
    <message>
        <source>the largest batch to try (default 65536)</source>
        <translation>最多试到的批大小（默认 65536）</translation>
    </message>
    <message>
        <source>training steps per probe (default 3)</source>
        <translation>每次探测的训练步数（默认 3）</translation>
    </message>
    <message>
        <source>use Keras 2 (TF_USE_LEGACY_KERAS=1) in that Python</source>
        <translation>在那个 Python 中使用 Keras 2（TF_USE_LEGACY_KERAS=1）</translation>
    </message>
    <message>
        <source>with --predict: the Python that has TensorFlow</source>
        <translation>配合 --predict：装有 TensorFlow 的 Python</translation>
    </message>
    <message>
        <source>where sample.py is on the workers (default: sample.py in the folder the command starts from; --out DIR gets a copy)</source>
        <translation>sample.py 在 worker 上的位置（默认：启动命令的文件夹里的 sample.py；--out DIR 会附带一份）</translation>
    </message>
    <message>
        <source>a CPU-only install: training on the CPU is the expected result (exit 0)</source>
        <translation>仅 CPU 的安装：在 CPU 上训练是预期结果（退出码 0）</translation>
    </message>
    <message>
        <source>the Python (or venv / conda env folder) whose TensorFlow to describe (default: the one `verify` last found TensorFlow in)</source>
        <translation>要描述其中 TensorFlow 的 Python（或 venv / conda 环境文件夹）（默认：verify 最近一次找到 TensorFlow 的那个）</translation>
    </message>
</context>
<context>
    <name>argparse</name>
    <message>
        <source>%(heading)s:</source>
        <translation>%(heading)s：</translation>
    </message>
    <message>
        <source>usage: </source>
        <translation>用法：</translation>
    </message>
    <message>
        <source>positional arguments</source>
        <translation>位置参数</translation>
    </message>
    <message>
        <source>options</source>
        <translation>选项</translation>
    </message>
    <message>
        <source>optional arguments</source>
        <translation>可选参数</translation>
    </message>
    <message>
        <source>subcommands</source>
        <translation>子命令</translation>
    </message>
    <message>
        <source>show this help message and exit</source>
        <translation>显示此帮助信息并退出</translation>
    </message>
    <message>
        <source>show program's version number and exit</source>
        <translation>显示程序的版本号并退出</translation>
    </message>
    <message>
        <source> (default: %(default)s)</source>
        <translation>（默认：%(default)s）</translation>
    </message>
    <message>
        <source>%(prog)s: error: %(message)s
</source>
        <translation>%(prog)s：错误：%(message)s
</translation>
    </message>
    <message>
        <source>%(prog)s: warning: %(message)s
</source>
        <translation>%(prog)s：警告：%(message)s
</translation>
    </message>
    <message>
        <source>unrecognized arguments: %s</source>
        <translation>无法识别的参数：%s</translation>
    </message>
    <message>
        <source>the following arguments are required: %s</source>
        <translation>缺少以下必需参数：%s</translation>
    </message>
    <message>
        <source>invalid choice: %(value)r (choose from %(choices)s)</source>
        <translation>无效的选择：%(value)r（可选：%(choices)s）</translation>
    </message>
    <message>
        <source>invalid %(type)s value: %(value)r</source>
        <translation>无效的 %(type)s 值：%(value)r</translation>
    </message>
    <message>
        <source>argument %(argument_name)s: %(message)s</source>
        <translation>参数 %(argument_name)s：%(message)s</translation>
    </message>
    <message>
        <source>expected one argument</source>
        <translation>需要一个值</translation>
    </message>
    <message>
        <source>expected at least one argument</source>
        <translation>需要至少一个值</translation>
    </message>
    <message>
        <source>expected at most one argument</source>
        <translation>最多只能有一个值</translation>
    </message>
    <message>
        <source>expected %s argument</source>
        <translation>需要 %s 个值</translation>
    </message>
    <message>
        <source>expected %s arguments</source>
        <translation>需要 %s 个值</translation>
    </message>
    <message>
        <source>ambiguous option: %(option)s could match %(matches)s</source>
        <translation>有歧义的选项：%(option)s 可以匹配 %(matches)s</translation>
    </message>
    <message>
        <source>not allowed with argument %s</source>
        <translation>不能与参数 %s 同时使用</translation>
    </message>
    <message>
        <source>one of the arguments %s is required</source>
        <translation>参数 %s 中必须有一个</translation>
    </message>
    <message>
        <source>ignored explicit argument %r</source>
        <translation>忽略了显式给出的值 %r</translation>
    </message>
    <message>
        <source>unknown parser %(parser_name)r (choices: %(choices)s)</source>
        <translation>未知的命令 %(parser_name)r（可选：%(choices)s）</translation>
    </message>
    <message>
        <source>can't open '%(filename)s': %(error)s</source>
        <translation>无法打开“%(filename)s”：%(error)s</translation>
    </message>
    <message>
        <source>argument "-" with mode %r</source>
        <translation>参数“-”使用了模式 %r</translation>
    </message>
    <message>
        <source>option '%(option)s' is deprecated</source>
        <translation>选项“%(option)s”已弃用</translation>
    </message>
    <message>
        <source>argument '%(argument_name)s' is deprecated</source>
        <translation>参数“%(argument_name)s”已弃用</translation>
    </message>
    <message>
        <source>command '%(parser_name)s' is deprecated</source>
        <translation>命令“%(parser_name)s”已弃用</translation>
    </message>
</context>
</TS>
