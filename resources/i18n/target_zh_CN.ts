<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>target</name>
    <message>
        <source>stalled: no output for {seconds:.0f} s</source>
        <translation>停滞：{seconds:.0f} 秒没有任何输出</translation>
    </message>
    <message>
        <source>(last event: {event})</source>
        <translation>（最后一个事件：{event}）</translation>
    </message>
    <message>
        <source>(no event yet: it hung while starting, e.g. importing TensorFlow)</source>
        <translation>（还没有任何事件：它在启动时卡住了，例如导入 TensorFlow 时）</translation>
    </message>
    <message>
        <source>was stopped: {reason}</source>
        <translation>已停止：{reason}</translation>
    </message>
    <message>
        <source>did not finish within the time limit and was stopped</source>
        <translation>未在限定时间内结束，已被停止</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>TensorFlow was built with CUDA but found no usable GPU: usually the driver or the CUDA/cuDNN libraries did not load. The error output below says which.</source>
        <translation>TensorFlow 是带 CUDA 编译的，但没有找到可用的 GPU：通常是驱动或 CUDA/cuDNN 库没有加载成功。下面的错误输出会说明是哪一个。</translation>
    </message>
    <message>
        <source>allowing a download only applies to the real dataset</source>
        <translation>“允许下载”只适用于真实数据集</translation>
    </message>
    <message>
        <source>logical CPUs cannot be combined with a multi-worker run</source>
        <translation>逻辑 CPU 不能与多机（multi-worker）训练同时使用</translation>
    </message>
    <message>
        <source>the learning rate must be a positive number</source>
        <translation>学习率必须是正数</translation>
    </message>
    <message>
        <source>ended with exit code {code}</source>
        <translation>以退出码 {code} 结束</translation>
    </message>
    <message>
        <source>TensorFlow {version} in {location}</source>
        <translation>TensorFlow {version}，位于 {location}</translation>
    </message>
    <message>
        <source>This TensorFlow has no CUDA support: on native Windows the last GPU release was 2.10. Use WSL2, or TensorFlow 2.10 with Python 3.10 or older.</source>
        <translation>这个 TensorFlow 不支持 CUDA：原生 Windows 上最后一个 GPU 版本是 2.10。请使用 WSL2，或使用 TensorFlow 2.10 搭配 Python 3.10 或更早版本。</translation>
    </message>
    <message>
        <source>TensorFlow {version} works but sees no GPU.</source>
        <translation>TensorFlow {version} 可以运行，但看不到 GPU。</translation>
    </message>
    <message>
        <source>the limit memory mode needs a limit: megabytes (1024) or a fraction of the card (0.5 or 50%)</source>
        <translation>limit 显存模式需要一个上限：以 MB 为单位（1024）或显卡显存的比例（0.5 或 50%）</translation>
    </message>
    <message>
        <source>a memory limit only applies to the limit memory mode</source>
        <translation>显存上限只适用于 limit 显存模式</translation>
    </message>
    <message>
        <source>could not be started: {error}</source>
        <translation>无法启动：{error}</translation>
    </message>
    <message>
        <source>crashed ({signal})</source>
        <translation>崩溃了（{signal}）</translation>
    </message>
    <message>
        <source>This Python could not be started: {error}</source>
        <translation>无法启动这个 Python：{error}</translation>
    </message>
    <message>
        <source>The Python hung: the probe did not finish in {seconds:.0f} s and was stopped.</source>
        <translation>这个 Python 卡住了：探测程序在 {seconds:.0f} 秒内没有结束，已被停止。</translation>
    </message>
    <message>
        <source>The Python crashed while loading TensorFlow: it {end}.</source>
        <translation>这个 Python 在加载 TensorFlow 时崩溃了：它{end}。</translation>
    </message>
    <message>
        <source>built with CUDA {cuda}, cuDNN {cudnn}</source>
        <translation>编译时使用 CUDA {cuda}、cuDNN {cudnn}</translation>
    </message>
    <message>
        <source>Keras {version} (Keras {major})</source>
        <translation>Keras {version}（Keras {major}）</translation>
    </message>
    <message>
        <source>matrix multiply on {device}: {state}, {gflops:.0f} GFLOP/s</source>
        <translation>在 {device} 上做矩阵乘法：{state}，{gflops:.0f} GFLOP/s</translation>
    </message>
    <message>
        <source>TensorFlow {version} sees your GPU(s) ({names}) but a computation on them failed or gave a wrong result.</source>
        <translation>TensorFlow {version} 看到了你的 GPU（{names}），但在 GPU 上的计算失败或结果错误。</translation>
    </message>
    <message>
        <source>CUDA_VISIBLE_DEVICES is set to {value!r}, which hides every GPU.</source>
        <translation>CUDA_VISIBLE_DEVICES 被设置为 {value!r}，这会隐藏所有 GPU。</translation>
    </message>
    <message>
        <source>TensorFlow has no NVIDIA GPU support on macOS.</source>
        <translation>macOS 上的 TensorFlow 不支持 NVIDIA GPU。</translation>
    </message>
    <message>
        <source>This TensorFlow is a CPU-only build (for example tensorflow-cpu): install the GPU build, e.g. tensorflow[and-cuda].</source>
        <translation>这个 TensorFlow 是纯 CPU 版本（例如 tensorflow-cpu）：请安装 GPU 版本，例如 tensorflow[and-cuda]。</translation>
    </message>
    <message>
        <source>unknown model {value!r}: choose one of {choices}</source>
        <translation>未知模型 {value!r}：请从 {choices} 中选择</translation>
    </message>
    <message>
        <source>unknown dataset {value!r}: choose one of {choices}</source>
        <translation>未知数据集 {value!r}：请从 {choices} 中选择</translation>
    </message>
    <message>
        <source>unknown precision {value!r}: choose one of {choices}</source>
        <translation>未知精度 {value!r}：请从 {choices} 中选择</translation>
    </message>
    <message>
        <source>unknown memory mode {value!r}: choose one of {choices}</source>
        <translation>未知显存模式 {value!r}：请从 {choices} 中选择</translation>
    </message>
    <message>
        <source>loop must be fit or custom (got {value!r})</source>
        <translation>训练循环必须是 fit 或 custom（收到 {value!r}）</translation>
    </message>
    <message>
        <source>jit must be auto, on or off (got {value!r})</source>
        <translation>jit 必须是 auto、on 或 off（收到 {value!r}）</translation>
    </message>
    <message>
        <source>devices {value!r}: use auto, cpu, all, gpu:0 or a list like gpu:0,1</source>
        <translation>设备 {value!r}：请使用 auto、cpu、all、gpu:0 或 gpu:0,1 这样的列表</translation>
    </message>
    <message>
        <source>the {mode} memory mode needs a GPU, but the CPU was chosen</source>
        <translation>{mode} 显存模式需要 GPU，但选择的是 CPU</translation>
    </message>
    <message>
        <source>was stopped ({signal})</source>
        <translation>已被停止（{signal}）</translation>
    </message>
    <message>
        <source>This Python has no working TensorFlow: {error}</source>
        <translation>这个 Python 里没有可用的 TensorFlow：{error}</translation>
    </message>
    <message>
        <source>matrix multiply on {device}: failed ({error})</source>
        <translation>在 {device} 上做矩阵乘法：失败（{error}）</translation>
    </message>
    <message>
        <source>correct</source>
        <translation>正确</translation>
    </message>
    <message>
        <source>WRONG</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>, {x:.1f}x the CPU</source>
        <translation>，是 CPU 的 {x:.1f} 倍</translation>
    </message>
    <message>
        <source>TensorFlow {version} uses your GPU(s): {names}; a matrix multiply is correct and {x:.0f}x faster than on the CPU.</source>
        <translation>TensorFlow {version} 正在使用你的 GPU：{names}；矩阵乘法结果正确，比 CPU 快 {x:.0f} 倍。</translation>
    </message>
    <message>
        <source>{name} must be a whole number of at least 1 (got {value!r})</source>
        <translation>{name} 必须是不小于 1 的整数（收到 {value!r}）</translation>
    </message>
    <message>
        <source>memory limit {value!r} is neither megabytes (1024) nor a fraction of the card (0.5 or 50%)</source>
        <translation>显存上限 {value!r} 既不是 MB 数（1024），也不是显卡显存的比例（0.5 或 50%）</translation>
    </message>
    <message>
        <source>--timeout must be a positive number of seconds</source>
        <translation>--timeout 必须是正的秒数</translation>
    </message>
    <message>
        <source>What the error output says:</source>
        <translation>错误输出说明了什么：</translation>
    </message>
    <message>
        <source>Last lines of the error output:</source>
        <translation>错误输出的最后几行：</translation>
    </message>
    <message>
        <source>Checking TensorFlow in {python} ...</source>
        <translation>正在检查 {python} 中的 TensorFlow ……</translation>
    </message>
    <message>
        <source>why: {reason}</source>
        <translation>原因：{reason}</translation>
    </message>
    <message>
        <source>TensorFlow {tf}, Keras {keras}, Python {py} (pid {pid})</source>
        <translation>TensorFlow {tf}，Keras {keras}，Python {py}（进程号 {pid}）</translation>
    </message>
    <message>
        <source>{strategy} on {devices}: {replicas} replica(s), global batch {batch}</source>
        <translation>{strategy}，设备 {devices}：{replicas} 个副本，全局批大小 {batch}</translation>
    </message>
    <message>
        <source>step {step}/{steps}  loss {loss}  accuracy {acc}  {ips} img/s  {ms} ms/step</source>
        <translation>第 {step}/{steps} 步  损失 {loss}  准确率 {acc}  {ips} 张/秒  {ms} 毫秒/步</translation>
    </message>
    <message>
        <source>(includes start-up)</source>
        <translation>（包含启动时间）</translation>
    </message>
    <message>
        <source>Done: {steps} steps in {secs:.1f} s, {ips:.0f} img/s (steady), final loss {loss}</source>
        <translation>完成：{steps} 步，用时 {secs:.1f} 秒，{ips:.0f} 张/秒（稳定阶段），最终损失 {loss}</translation>
    </message>
    <message>
        <source>{message}
  what to do: {advice}</source>
        <translation>{message}
  怎么办：{advice}</translation>
    </message>
    <message>
        <source>The sample {end}.</source>
        <translation>示例程序{end}。</translation>
    </message>
    <message>
        <source>memory mode {mode}: {effect}</source>
        <translation>显存模式 {mode}：{effect}</translation>
    </message>
    <message>
        <source>loss scale {scale:g}</source>
        <translation>损失缩放 {scale:g}</translation>
    </message>
    <message>
        <source>tfgpu-wizard sample: {problem}</source>
        <translation>tfgpu-wizard sample：{problem}</translation>
    </message>
    <message>
        <source>--workers needs at least one HOST:PORT</source>
        <translation>--workers 至少需要一个 主机:端口</translation>
    </message>
    <message>
        <source>each worker needs its own address; repeated: {dupes}</source>
        <translation>每个 worker 需要自己的地址；重复的有：{dupes}</translation>
    </message>
    <message>
        <source>{n} worker(s). Start every worker; training begins when all have joined.</source>
        <translation>共 {n} 个 worker。请启动每一个 worker；全部加入后训练才会开始。</translation>
    </message>
    <message>
        <source>{worker!r} is not HOST:PORT with a port from 1 to 65535</source>
        <translation>{worker!r} 不是 主机:端口 的格式（端口为 1 到 65535）</translation>
    </message>
    <message>
        <source>{worker!r}: a host name cannot contain spaces or slashes</source>
        <translation>{worker!r}：主机名不能包含空格或斜杠</translation>
    </message>
    <message>
        <source>Copy sample.py to each machine (the same path), or pass --script.</source>
        <translation>把 sample.py 复制到每台机器（相同路径），或者使用 --script 指定。</translation>
    </message>
    <message>
        <source>worker {i} on {address}</source>
        <translation>worker {i}，地址 {address}</translation>
    </message>
    <message>
        <source>Written: {files}</source>
        <translation>已写入：{files}</translation>
    </message>
    <message>
        <source>tfgpu-wizard cluster: {problem}</source>
        <translation>tfgpu-wizard cluster：{problem}</translation>
    </message>
    <message>
        <source>tfgpu-wizard cluster: cannot create {folder}: {error}</source>
        <translation>tfgpu-wizard cluster：无法创建 {folder}：{error}</translation>
    </message>
    <message>
        <source>save this TF_CONFIG as tf_config-{i}.json in the folder you start the command from:</source>
        <translation>把这个 TF_CONFIG 保存为 tf_config-{i}.json，放在你启动命令的文件夹里：</translation>
    </message>
    <message>
        <source>tfgpu-wizard cluster: cannot write into {folder}: {error}</source>
        <translation>tfgpu-wizard cluster：无法写入 {folder}：{error}</translation>
    </message>
    <message>
        <source>Keras 2 (tf-keras) runs on TensorFlow only; the JAX and PyTorch backends are Keras 3</source>
        <translation>Keras 2（tf-keras）只能在 TensorFlow 上运行；JAX 和 PyTorch 后端是 Keras 3</translation>
    </message>
    <message>
        <source>Keras {version}: {label}</source>
        <translation>Keras {version}：{label}</translation>
    </message>
    <message>
        <source>Keras 2 (tf-keras, TF_USE_LEGACY_KERAS=1)</source>
        <translation>Keras 2（tf-keras，TF_USE_LEGACY_KERAS=1）</translation>
    </message>
    <message>
        <source>Keras 2 (tf.keras)</source>
        <translation>Keras 2（tf.keras）</translation>
    </message>
    <message>
        <source>Keras 3</source>
        <translation>Keras 3</translation>
    </message>
    <message>
        <source>TF_USE_LEGACY_KERAS=1 asks for Keras 2, but tf-keras is not installed, so tf.keras does not work: install it (pip install "{requirement}") or unset TF_USE_LEGACY_KERAS to use Keras 3.</source>
        <translation>TF_USE_LEGACY_KERAS=1 要求使用 Keras 2，但没有安装 tf-keras，所以 tf.keras 无法使用：请安装它（pip install "{requirement}"），或者取消 TF_USE_LEGACY_KERAS 以使用 Keras 3。</translation>
    </message>
    <message>
        <source>tf-keras {tf_keras} does not match TensorFlow {tensorflow}: install "{requirement}".</source>
        <translation>tf-keras {tf_keras} 与 TensorFlow {tensorflow} 不匹配：请安装 "{requirement}"。</translation>
    </message>
    <message>
        <source>(not named in the log)</source>
        <translation>（日志中未写明）</translation>
    </message>
    <message>
        <source>To make it permanent, add that line to the environment's activate script; the plans of tfgpu-wizard plan --write do this for the affected versions.</source>
        <translation>要长期生效，把这一行加到该环境的 activate 脚本里；对受影响的版本，tfgpu-wizard plan --write 生成的方案会自动这样做。</translation>
    </message>
    <message>
        <source>TensorFlow 2.16.1 has a packaging bug: it does not find its pip CUDA libraries. Upgrade: {cmd}</source>
        <translation>TensorFlow 2.16.1 有一个打包缺陷：找不到 pip 安装的 CUDA 库。请升级：{cmd}</translation>
    </message>
    <message>
        <source>TensorFlow {version} loads CUDA and cuDNN from a system install; {names} must be the versions it was built for, on the library path (see the matrix row's CUDA and cuDNN; tfgpu-wizard plan writes the commands).</source>
        <translation>TensorFlow {version} 从系统安装的 CUDA 和 cuDNN 加载库；{names} 必须是它构建时对应的版本，并且在库搜索路径上（见矩阵中该行的 CUDA 和 cuDNN；tfgpu-wizard plan 会写出命令）。</translation>
    </message>
    <message>
        <source>These CUDA wheels are missing from this Python: {wheels}. Install TensorFlow with its CUDA extra in this same environment: {cmd}</source>
        <translation>这个 Python 中缺少这些 CUDA wheel：{wheels}。请在同一个环境里安装带 CUDA 附加项的 TensorFlow：{cmd}</translation>
    </message>
    <message>
        <source>The library is installed (pip's NVIDIA wheels) but TensorFlow {version} did not find {names}. Point the library path at this environment's nvidia/*/lib folders before starting Python:</source>
        <translation>库已经安装（pip 的 NVIDIA wheel），但 TensorFlow {version} 没有找到 {names}。启动 Python 之前，把库搜索路径指向该环境的 nvidia/*/lib 文件夹：</translation>
    </message>
    <message>
        <source>TensorFlow skipped the GPU because a library did not load; running the probe again with TensorFlow's loader messages on to find which ...</source>
        <translation>有一个库没能加载，TensorFlow 因此跳过了 GPU；正在打开 TensorFlow 加载器的详细信息重新运行探测，找出是哪一个……</translation>
    </message>
    <message>
        <source>TensorFlow could not load:</source>
        <translation>TensorFlow 无法加载：</translation>
    </message>
    <message>
        <source>What to do:</source>
        <translation>怎么办：</translation>
    </message>
    <message>
        <source>TensorFlow's loader did not name the library that failed, even with its messages on.</source>
        <translation>即使打开了详细信息，TensorFlow 的加载器也没有写出是哪个库加载失败。</translation>
    </message>
    <message>
        <source>... still waiting for TensorFlow ({seconds:.0f} s; it stops after {limit:.0f} s)</source>
        <translation>……仍在等待 TensorFlow（已 {seconds:.0f} 秒；{limit:.0f} 秒后停止）</translation>
    </message>
    <message>
        <source>step {step} finished: the run goes on</source>
        <translation>第 {step} 步已完成：训练继续</translation>
    </message>
    <message>
        <source>first step {secs:.1f} s (compilation)</source>
        <translation>第一步 {secs:.1f} 秒（编译）</translation>
    </message>
    <message>
        <source>An NVIDIA driver is installed and this TensorFlow is a CUDA build, but TensorFlow registered no GPU: this run trains on the CPU. Usually a GPU library did not load; `tfgpu-wizard verify` names it and says how to fix it.</source>
        <translation>已安装 NVIDIA 驱动，这个 TensorFlow 也是 CUDA 版本，但 TensorFlow 没有注册任何 GPU：本次运行在 CPU 上训练。通常是某个 GPU 库没有加载成功；`tfgpu-wizard verify` 会指出是哪个库以及如何修复。</translation>
    </message>
    <message>
        <source>CUDA_VISIBLE_DEVICES hides every GPU from TensorFlow: this run trains on the CPU. Unset it (or set it to 0) to use the GPU.</source>
        <translation>CUDA_VISIBLE_DEVICES 让 TensorFlow 看不到任何 GPU：本次运行在 CPU 上训练。取消这个变量（或把它设为 0）即可使用 GPU。</translation>
    </message>
    <message>
        <source>What the settings mean (this run: memory {memory}, precision {precision}):</source>
        <translation>各设置的含义（本次运行：显存 {memory}，精度 {precision}）：</translation>
    </message>
    <message>
        <source>no GPU</source>
        <translation>没有 GPU</translation>
    </message>
    <message>
        <source>no GPU: the memory mode has no effect</source>
        <translation>没有 GPU：显存模式不起作用</translation>
    </message>
    <message>
        <source>No GPU is in use, so --memory {mode} has no effect</source>
        <translation>没有使用 GPU，所以 --memory {mode} 不起作用</translation>
    </message>
    <message>
        <source>TensorFlow works, on the CPU, as this plan intends.</source>
        <translation>TensorFlow 可以工作，在 CPU 上运行，正如这个方案所计划的。</translation>
    </message>
    <message>
        <source>The memory limit ({limit} MB) is far below what this model needs at this batch (about {need} MB before XLA's savings): with XLA the first step was seen to spin instead of failing, so this run does not compile with XLA and ends with TensorFlow's out-of-memory error instead.</source>
        <translation>内存上限（{limit} MB）远低于该模型在此批大小下所需的内存（未计 XLA 的节省，约 {need} MB）：曾观察到在这种情况下 XLA 的第一步会一直空转而不报错，因此本次运行不使用 XLA 编译，改为以 TensorFlow 自己的显存不足（OOM）错误结束。</translation>
    </message>
    <message>
        <source>the overflow demonstration needs mixed_float16 with the TensorFlow backend, Keras 3 and the fit loop</source>
        <translation>溢出演示需要 mixed_float16、TensorFlow 后端、Keras 3 以及 fit 训练循环</translation>
    </message>
    <message>
        <source>Copy {script} (here: {path}) to each worker, into the folder you start the command from, or pass --script PATH.</source>
        <translation>把 {script}（本机位置：{path}）复制到每个 worker 上、你启动命令的那个文件夹里，或者用 --script PATH 指定。</translation>
    </message>
    <message>
        <source>{name} must be a number of seconds above 0 (got {value})</source>
        <translation>{name} 必须是大于 0 的秒数（实际为 {value}）</translation>
    </message>
    <message>
        <source>a number of seconds above 0 is needed (got {value!r})</source>
        <translation>需要一个大于 0 的秒数（实际为 {value!r}）</translation>
    </message>
    <message>
        <source>{name} must be at most {most} (got {value})</source>
        <translation>{name} 最大为 {most}（实际为 {value}）</translation>
    </message>
    <message>
        <source>If TensorFlow is installed in another Python or environment, check that one: tfgpu-wizard verify --python PATH (an interpreter or an environment folder).</source>
        <translation>如果 TensorFlow 装在另一个 Python 或环境里，请检查那一个：tfgpu-wizard verify --python 路径（解释器或环境文件夹）。</translation>
    </message>
    <message>
        <source>To install it: tfgpu-wizard plan writes the commands for this machine. It has no NVIDIA GPU or driver, so that is the CPU package (tensorflow, without the CUDA libraries), in a new environment.</source>
        <translation>要安装它：tfgpu-wizard plan 会写出适合这台电脑的命令。这台电脑没有 NVIDIA GPU 或驱动，所以那将是 CPU 版的包（tensorflow，不含 CUDA 库），装在一个新环境里。</translation>
    </message>
    <message>
        <source>To install it: tfgpu-wizard plan writes the commands for this machine, in a new environment.</source>
        <translation>要安装它：tfgpu-wizard plan 会写出适合这台电脑的命令，装在一个新环境里。</translation>
    </message>
    <message>
        <source>stalled {phase}: no output for {seconds:g} s, so it was stopped</source>
        <translation>{phase}卡住了：{seconds:g} 秒没有任何输出，所以已被停止</translation>
    </message>
    <message>
        <source>while starting (importing TensorFlow)</source>
        <translation>在启动时（导入 TensorFlow 时）</translation>
    </message>
    <message>
        <source>while looking for its devices</source>
        <translation>在查找设备时</translation>
    </message>
    <message>
        <source>while preparing the data and building the model</source>
        <translation>在准备数据和构建模型时</translation>
    </message>
    <message>
        <source>before the first training step (compiling it)</source>
        <translation>在第一个训练步之前（编译它时）</translation>
    </message>
    <message>
        <source>while training, after step {step}/{steps}</source>
        <translation>在训练中，第 {step}/{steps} 步之后</translation>
    </message>
    <message>
        <source>while ending, after its summary</source>
        <translation>在结束时，输出摘要之后</translation>
    </message>
    <message>
        <source>after its last message ({event})</source>
        <translation>在它最后一条消息（{event}）之后</translation>
    </message>
    <message>
        <source>Stopped by you: the sample did not finish. Nothing is wrong with TensorFlow.</source>
        <translation>已由你停止：示例没有运行完。TensorFlow 没有任何问题。</translation>
    </message>
    <message>
        <source>the sample (importing TensorFlow, building and compiling the model takes a while)</source>
        <translation>示例程序（导入 TensorFlow、构建并编译模型需要一些时间）</translation>
    </message>
</context>
<context>
    <name>verdict</name>
    <message>
        <source>No: TensorFlow runs, but only on the CPU.</source>
        <translation>否：TensorFlow 可以运行，但只用了 CPU。</translation>
    </message>
    <message>
        <source>This computer has no working NVIDIA driver/GPU; TensorFlow uses the CPU here, which is expected.</source>
        <translation>这台电脑没有可用的 NVIDIA 驱动/GPU；TensorFlow 在这里使用 CPU，这是正常的。</translation>
    </message>
    <message>
        <source>This TensorFlow is a CPU-only build, so it cannot use the GPU whatever the driver: install the GPU build.</source>
        <translation>这个 TensorFlow 是仅 CPU 版本，无论驱动如何都无法使用 GPU：请安装 GPU 版本。</translation>
    </message>
    <message>
        <source>The NVIDIA driver works, but TensorFlow could not load its CUDA/cuDNN libraries: the error output says which one is missing.</source>
        <translation>NVIDIA 驱动正常，但 TensorFlow 无法加载它的 CUDA/cuDNN 库：错误输出会说明缺少哪一个。</translation>
    </message>
    <message>
        <source>Stopped by you; no answer yet.</source>
        <translation>已由你停止；还没有结论。</translation>
    </message>
    <message>
        <source>No answer: TensorFlow did not finish in time.</source>
        <translation>没有结论：TensorFlow 未能按时完成。</translation>
    </message>
    <message>
        <source>The check failed: TensorFlow could not train.</source>
        <translation>检查失败：TensorFlow 无法训练。</translation>
    </message>
    <message>
        <source>Yes: TensorFlow trains on your GPU.</source>
        <translation>是：TensorFlow 在你的 GPU 上训练。</translation>
    </message>
    <message>
        <source>{steps} steps trained on the CPU ({speed}).</source>
        <translation>在 CPU 上训练了 {steps} 步（{speed}）。</translation>
    </message>
    <message>
        <source>TensorFlow works and trains on the CPU.</source>
        <translation>TensorFlow 工作正常，在 CPU 上训练。</translation>
    </message>
    <message>
        <source>This computer has no NVIDIA GPU; TensorFlow uses the CPU here, which is expected.</source>
        <translation>这台电脑没有 NVIDIA GPU；TensorFlow 在这里使用 CPU，这是正常的。</translation>
    </message>
    <message>
        <source>This computer has an NVIDIA GPU but no working NVIDIA driver, so TensorFlow uses the CPU: install the driver first (Setup shows how).</source>
        <translation>这台电脑有 NVIDIA GPU，但没有可用的 NVIDIA 驱动，所以 TensorFlow 使用 CPU：请先安装驱动（“安装”页会说明方法）。</translation>
    </message>
    <message>
        <source>{ips:,.0f} images/s</source>
        <translation>{ips:,.0f} 张图像/秒</translation>
    </message>
    <message>
        <source>The NVIDIA driver {driver} supports CUDA up to {have}, but this TensorFlow was built for CUDA {need}: update the driver.</source>
        <translation>NVIDIA 驱动 {driver} 最高支持 CUDA {have}，但这个 TensorFlow 是为 CUDA {need} 构建的：请更新驱动。</translation>
    </message>
    <message>
        <source>This Python could not be started: {error}</source>
        <translation>无法启动这个 Python：{error}</translation>
    </message>
    <message>
        <source>Open Setup to install TensorFlow for your GPU; the Diagnose page explains the output below.</source>
        <translation>打开“安装”页为你的 GPU 安装 TensorFlow；“诊断”页会解释下面的输出。</translation>
    </message>
    <message>
        <source>Open Setup to find out why the GPU is not used.</source>
        <translation>打开“安装”页，找出没有使用 GPU 的原因。</translation>
    </message>
    <message>
        <source>Devices: {names}. {steps} steps done. {speed}</source>
        <translation>设备：{names}。已完成 {steps} 步。{speed}</translation>
    </message>
    <message>
        <source>--timeout must be a positive number of seconds</source>
        <translation>--timeout 必须是正数（秒）</translation>
    </message>
    <message>
        <source>Checking TensorFlow in {python} ...</source>
        <translation>正在检查 {python} 中的 TensorFlow ...</translation>
    </message>
    <message>
        <source>Training {steps} steps ...</source>
        <translation>正在训练 {steps} 步 ...</translation>
    </message>
    <message>
        <source>--steps and --timeout must be positive</source>
        <translation>--steps 和 --timeout 必须是正数</translation>
    </message>
    <message>
        <source>Running: {label} ...</source>
        <translation>正在运行：{label} ...</translation>
    </message>
    <message>
        <source>Cannot write {path}: {error}</source>
        <translation>无法写入 {path}：{error}</translation>
    </message>
</context>
<context>
    <name>sampleopts</name>
    <message>
        <source>FP32: every number is a 32-bit float. The baseline: the most memory for activations, and no use of the Tensor Cores' 16-bit speed.</source>
        <translation>FP32：每个数都是 32 位浮点数。这是基准：激活值占用的内存最多，也用不上 Tensor Core 的 16 位速度。</translation>
    </message>
    <message>
        <source>Mixed precision (mixed_float16): computes in 16-bit floats on Tensor Cores (compute capability 7.0 and newer) and keeps the weights in 32-bit. Often faster, with less memory for activations.</source>
        <translation>混合精度（mixed_float16）：在 Tensor Core 上（计算能力 7.0 及以上）用 16 位浮点数计算，权重保持 32 位。通常更快，激活值占用的内存更少。</translation>
    </message>
    <message>
        <source>Mixed precision (mixed_bfloat16): the same with bfloat16, which needs compute capability 8.0 (Ampere) or newer and no loss scaling.</source>
        <translation>混合精度（mixed_bfloat16）：同上，但使用 bfloat16，需要计算能力 8.0（Ampere）或更新，且不需要损失缩放。</translation>
    </message>
</context>
</TS>
