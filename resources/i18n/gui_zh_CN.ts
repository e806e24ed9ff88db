<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>MainWindow</name>
    <message>
        <source>Sanity check</source>
        <translation>健全性检查</translation>
    </message>
    <message>
        <source>Setup</source>
        <translation>安装设置</translation>
    </message>
    <message>
        <source>Monitor</source>
        <translation>监控</translation>
    </message>
    <message>
        <source>Benchmark</source>
        <translation>基准测试</translation>
    </message>
    <message>
        <source>Diagnose</source>
        <translation>诊断</translation>
    </message>
    <message>
        <source>Learn</source>
        <translation>学习</translation>
    </message>
    <message>
        <source>Ready</source>
        <translation>就绪</translation>
    </message>
    <message>
        <source>TensorFlow GPU wizard</source>
        <translation>TensorFlow GPU 向导</translation>
    </message>
    <message>
        <source>English</source>
        <translation>英文</translation>
    </message>
    <message>
        <source>Chinese (Simplified)</source>
        <translation>简体中文</translation>
    </message>
    <message>
        <source>Still running: {0}</source>
        <translation>仍在运行：{0}</translation>
    </message>
    <message>
        <source>Detecting your machine (driver, GPUs, Python, TensorFlow)…</source>
        <translation>正在检测本机（驱动、GPU、Python、TensorFlow）…</translation>
    </message>
    <message>
        <source>No file manager opened it. The log folder is:
{0}</source>
        <translation>没有文件管理器打开它。日志文件夹是：
{0}</translation>
    </message>
    <message>
        <source>Copy the path</source>
        <translation>复制路径</translation>
    </message>
    <message>
        <source>Quit tfgpu-wizard?</source>
        <translation>退出 tfgpu-wizard？</translation>
    </message>
    <message>
        <source>Still running: {0}. Quitting stops it; a run file keeps what was recorded so far.</source>
        <translation>仍在运行：{0}。退出会停止它；运行文件会保留到目前为止记录的内容。</translation>
    </message>
    <message>
        <source>Stop and quit</source>
        <translation>停止并退出</translation>
    </message>
    <message>
        <source>Keep running</source>
        <translation>继续运行</translation>
    </message>
</context>
<context>
    <name>MonitorPage</name>
    <message>
        <source>GPU memory while TensorFlow trains</source>
        <translation>TensorFlow 训练时的 GPU 显存</translation>
    </message>
    <message>
        <source>These settings cannot run: {0}</source>
        <translation>这些设置无法运行：{0}</translation>
    </message>
    <message>
        <source>Save run elsewhere…</source>
        <translation>将运行记录另存到其他位置…</translation>
    </message>
    <message>
        <source>Save run elsewhere</source>
        <translation>将运行记录另存到其他位置</translation>
    </message>
    <message>
        <source>The run is not saved yet: press “Save run elsewhere…” to keep it.</source>
        <translation>运行记录尚未保存：按“将运行记录另存到其他位置…”保留它。</translation>
    </message>
    <message>
        <source>Saving elsewhere failed too: {0}</source>
        <translation>另存到其他位置也失败了：{0}</translation>
    </message>
    <message>
        <source>Open run or recording…</source>
        <translation>打开运行记录或录制…</translation>
    </message>
    <message>
        <source>Export PNG…</source>
        <translation>导出 PNG…</translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation>导出 CSV…</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Step</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>Images/s</source>
        <translation>图像/秒</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>每步耗时</translation>
    </message>
    <message>
        <source>Loss</source>
        <translation>损失</translation>
    </message>
    <message>
        <source>TF memory</source>
        <translation>TF 显存</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>显存模式</translation>
    </message>
    <message>
        <source>Limit</source>
        <translation>上限</translation>
    </message>
    <message>
        <source>Devices</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Batch</source>
        <translation>批大小</translation>
    </message>
    <message>
        <source>Steps</source>
        <translation>步数</translation>
    </message>
    <message>
        <source>Keep finished runs as faded curves</source>
        <translation>将已完成的运行保留为淡色曲线</translation>
    </message>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Clear earlier runs</source>
        <translation>清除之前的运行</translation>
    </message>
    <message>
        <source>CPU only</source>
        <translation>仅 CPU</translation>
    </message>
    <message>
        <source>GPU {0}: {1}</source>
        <translation>GPU {0}：{1}</translation>
    </message>
    <message>
        <source>All {0} GPUs</source>
        <translation>全部 {0} 块 GPU</translation>
    </message>
    <message>
        <source>GPU 0 (if TensorFlow finds one)</source>
        <translation>GPU 0（如果 TensorFlow 能找到）</translation>
    </message>
    <message>
        <source>No run yet.</source>
        <translation>尚未运行。</translation>
    </message>
    <message>
        <source>Stopped by you.</source>
        <translation>已由你停止。</translation>
    </message>
    <message>
        <source>Finished in {0:.0f} s</source>
        <translation>{0:.0f} 秒内完成</translation>
    </message>
    <message>
        <source>The sample failed (exit code {0}).</source>
        <translation>示例运行失败（退出码 {0}）。</translation>
    </message>
    <message>
        <source>The Diagnose page explains the full log.</source>
        <translation>“诊断”页面可以解释完整日志。</translation>
    </message>
    <message>
        <source>Training: starting TensorFlow (this takes a few seconds)…</source>
        <translation>训练：正在启动 TensorFlow（需要几秒钟）…</translation>
    </message>
    <message>
        <source>Training: step {0}/{1}</source>
        <translation>训练：第 {0}/{1} 步</translation>
    </message>
    <message>
        <source>Training: stopping…</source>
        <translation>训练：正在停止…</translation>
    </message>
    <message>
        <source>Could not start the Python interpreter: {0}</source>
        <translation>无法启动 Python 解释器：{0}</translation>
    </message>
    <message>
        <source>Default: TensorFlow takes nearly all free GPU memory at the first GPU operation. Expect one jump to near full, then a flat line until the program ends, whatever the model or batch size.</source>
        <translation>默认：TensorFlow 在第一次 GPU 运算时占用几乎全部空闲显存。图上应是一次跳到接近满，然后一直平直到程序结束，与模型和批大小无关。</translation>
    </message>
    <message>
        <source>Growth: TensorFlow asks for memory as it needs it. Expect a staircase that rises to the run's high-water mark and never comes down.</source>
        <translation>按需增长：TensorFlow 需要多少申请多少。图上应是逐级上升到本次运行的最高点、且不再下降的阶梯。</translation>
    </message>
    <message>
        <source>Limit: TensorFlow's pool is capped at the number of MB you set. Expect a flat line at the limit plus a few hundred MB of CUDA context outside the pool.</source>
        <translation>上限：TensorFlow 的显存池被限制在你设定的 MB 数。图上应是一条平线，位于上限加上池外几百 MB 的 CUDA 上下文处。</translation>
    </message>
    <message>
        <source>GPU sampling is not available in this build.</source>
        <translation>此版本不支持 GPU 采样。</translation>
    </message>
    <message>
        <source>No live GPU readings: {0}</source>
        <translation>没有实时 GPU 读数：{0}</translation>
    </message>
    <message>
        <source>You can still open a saved run or a bundled recording.</source>
        <translation>你仍然可以打开保存的运行或自带的录制。</translation>
    </message>
    <message>
        <source>Live readings from {0} GPU(s) at 10 Hz.</source>
        <translation>正以 10 Hz 读取 {0} 块 GPU 的实时数据。</translation>
    </message>
    <message>
        <source>Showing {0}</source>
        <translation>正在显示 {0}</translation>
    </message>
    <message>
        <source>Could not open {0}: {1}</source>
        <translation>无法打开 {0}：{1}</translation>
    </message>
    <message>
        <source>Opening {0}…</source>
        <translation>正在打开 {0}…</translation>
    </message>
    <message>
        <source>default allocation</source>
        <translation>默认分配</translation>
    </message>
    <message>
        <source>memory growth</source>
        <translation>按需增长</translation>
    </message>
    <message>
        <source>fixed limit</source>
        <translation>固定上限</translation>
    </message>
    <message>
        <source>mixed precision, float16</source>
        <translation>混合精度 float16</translation>
    </message>
    <message>
        <source>mixed precision, bfloat16</source>
        <translation>混合精度 bfloat16</translation>
    </message>
    <message>
        <source>Stopped: the sample printed nothing for {0:.0f} s.</source>
        <translation>已停止：示例程序 {0:.0f} 秒没有任何输出。</translation>
    </message>
    <message>
        <source>What stopped it: {0}.</source>
        <translation>停止原因：{0}。</translation>
    </message>
    <message>
        <source>Saved to</source>
        <translation>已保存到</translation>
    </message>
    <message>
        <source>The median over the run's steps, as in the table below</source>
        <translation>整个运行各步的中位数，与下表相同</translation>
    </message>
</context>
<context>
    <name>MemoryChart</name>
    <message>
        <source>GPU memory (MiB)</source>
        <translation>GPU 显存（MiB）</translation>
    </message>
    <message>
        <source>Utilization (%)</source>
        <translation>利用率（%）</translation>
    </message>
    <message>
        <source>time (s)</source>
        <translation>时间（秒）</translation>
    </message>
    <message>
        <source>No data yet. Start the sample below, or open a saved run or a bundled recording (works on a machine without a GPU).</source>
        <translation>还没有数据。请启动下方的示例，或打开保存的运行或自带的录制（没有 GPU 的机器也可以）。</translation>
    </message>
    <message>
        <source>GPU {0}</source>
        <translation>GPU {0}</translation>
    </message>
    <message>
        <source>{0} used</source>
        <translation>{0} 已用</translation>
    </message>
    <message>
        <source>{0} training process</source>
        <translation>{0} 训练进程</translation>
    </message>
    <message>
        <source>TF in use (current)</source>
        <translation>TF 正在使用（当前）</translation>
    </message>
    <message>
        <source>TF peak</source>
        <translation>TF 峰值</translation>
    </message>
    <message>
        <source>earlier: {0}</source>
        <translation>之前：{0}</translation>
    </message>
    <message>
        <source>memory (MiB)</source>
        <translation>内存 (MiB)</translation>
    </message>
    <message>
        <source>{0} (no GPU samples: host RAM of its training process)</source>
        <translation>{0}（没有 GPU 采样：其训练进程占用的主机内存）</translation>
    </message>
    <message>
        <source>{0} (no GPU samples: {1}'s own memory)</source>
        <translation>{0}（没有 GPU 采样：{1} 自己报告的显存）</translation>
    </message>
    <message>
        <source>Host RAM (MiB)</source>
        <translation>主机内存（MiB）</translation>
    </message>
    <message>
        <source>Memory (MiB): GPU, host RAM</source>
        <translation>内存（MiB）：GPU、主机内存</translation>
    </message>
    <message>
        <source>Host RAM (GiB)</source>
        <translation>主机内存（GiB）</translation>
    </message>
    <message>
        <source>Memory (GiB): GPU, host RAM</source>
        <translation>内存（GiB）：GPU、主机内存</translation>
    </message>
    <message>
        <source>GPU memory (GiB)</source>
        <translation>GPU 显存（GiB）</translation>
    </message>
</context>
<context>
    <name>SanityPage</name>
    <message>
        <source>Does TensorFlow use your GPU?</source>
        <translation>TensorFlow 用上你的 GPU 了吗？</translation>
    </message>
    <message>
        <source>▶ Run sanity check</source>
        <translation>▶ 运行健全性检查</translation>
    </message>
    <message>
        <source>■ Cancel</source>
        <translation>■ 取消</translation>
    </message>
    <message>
        <source>Python used: {0}</source>
        <translation>使用的 Python：{0}</translation>
    </message>
    <message>
        <source>What TensorFlow printed:</source>
        <translation>TensorFlow 的输出：</translation>
    </message>
    <message>
        <source>Not checked yet. Press the button (it takes about a minute).</source>
        <translation>尚未检查。请按按钮（大约需要一分钟）。</translation>
    </message>
    <message>
        <source>Yes: TensorFlow trains on your GPU.</source>
        <translation>是的：TensorFlow 正在用你的 GPU 训练。</translation>
    </message>
    <message>
        <source>No: TensorFlow runs, but only on the CPU.</source>
        <translation>没有：TensorFlow 能运行，但只用了 CPU。</translation>
    </message>
    <message>
        <source>The check failed: TensorFlow could not train.</source>
        <translation>检查失败：TensorFlow 无法训练。</translation>
    </message>
    <message>
        <source>Stopped by you; no answer yet.</source>
        <translation>已由你停止，尚无结论。</translation>
    </message>
    <message>
        <source>TensorFlow prints start-up messages every time (oneDNN, cudart_stub, "failed call to cuInit" without a GPU), some of them twice: they are normal noise. The answer is the line above.</source>
        <translation>TensorFlow 每次启动都会打印一些信息（oneDNN、cudart_stub，没有 GPU 时还有 “failed call to cuInit”），有些会重复出现：这些都是正常的噪声。答案在上面那一行。</translation>
    </message>
</context>
<context>
    <name>SetupPage</name>
    <message>
        <source>Set up TensorFlow for your GPU</source>
        <translation>为你的 GPU 安装 TensorFlow</translation>
    </message>
    <message>
        <source>Machine</source>
        <translation>本机</translation>
    </message>
    <message>
        <source>Choose</source>
        <translation>选择</translation>
    </message>
    <message>
        <source>Commands</source>
        <translation>命令</translation>
    </message>
    <message>
        <source>Verify</source>
        <translation>验证</translation>
    </message>
    <message>
        <source>Detect again</source>
        <translation>重新检测</translation>
    </message>
    <message>
        <source>▶ Verify</source>
        <translation>▶ 验证</translation>
    </message>
    <message>
        <source>■ Cancel</source>
        <translation>■ 取消</translation>
    </message>
    <message>
        <source>Python to check:</source>
        <translation>要检查的 Python：</translation>
    </message>
    <message>
        <source>Explain this log</source>
        <translation>解释这段日志</translation>
    </message>
    <message>
        <source>Or paste an error log you got elsewhere:</source>
        <translation>或者粘贴你在别处得到的错误日志：</translation>
    </message>
    <message>
        <source>Paste the error log here…</source>
        <translation>在这里粘贴错误日志…</translation>
    </message>
    <message>
        <source>Driver CUDA vs toolkit CUDA</source>
        <translation>驱动的 CUDA 与工具包的 CUDA</translation>
    </message>
    <message>
        <source>NVML library</source>
        <translation>NVML 库</translation>
    </message>
    <message>
        <source>MIG mode, {0} MIG devices</source>
        <translation>MIG 模式，{0} 个 MIG 设备</translation>
    </message>
    <message>
        <source>Python (this app)</source>
        <translation>Python（本应用）</translation>
    </message>
    <message>
        <source>Your TensorFlow's Python</source>
        <translation>你的 TensorFlow 所在的 Python</translation>
    </message>
    <message>
        <source>{0} (Sanity, Monitor and Verify use it)</source>
        <translation>{0}（健全性检查、监控和验证使用它）</translation>
    </message>
    <message>
        <source>TensorFlow (this app's Python)</source>
        <translation>TensorFlow（本应用的 Python）</translation>
    </message>
</context>
<context>
    <name>DiagnosePage</name>
    <message>
        <source>Diagnose an error</source>
        <translation>诊断错误</translation>
    </message>
    <message>
        <source>Explain this log</source>
        <translation>解释这段日志</translation>
    </message>
    <message>
        <source>Clear</source>
        <translation>清空</translation>
    </message>
    <message>
        <source>Paste the error log here…</source>
        <translation>在这里粘贴错误日志…</translation>
    </message>
    <message>
        <source>The explanation appears here.</source>
        <translation>解释会显示在这里。</translation>
    </message>
    <message>
        <source>The box is empty: paste a log first.</source>
        <translation>输入框是空的：请先粘贴日志。</translation>
    </message>
    <message>
        <source>No known problem found in this log.</source>
        <translation>这段日志中没有发现已知问题。</translation>
    </message>
    <message>
        <source>Fix:</source>
        <translation>解决方法：</translation>
    </message>
    <message>
        <source>Run verify to collect the full log</source>
        <translation>运行验证以收集完整日志</translation>
    </message>
    <message>
        <source>What this log does not tell:</source>
        <translation>这段日志没有说明的内容：</translation>
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
        <source>This computer has no NVIDIA GPU: TensorFlow runs on the CPU here, and messages about CUDA libraries are expected. They matter only if this log comes from a computer with an NVIDIA GPU.</source>
        <translation>这台电脑没有 NVIDIA GPU：TensorFlow 在这里使用 CPU 运行，出现关于 CUDA 库的消息是正常的。只有当这段日志来自一台有 NVIDIA GPU 的电脑时，这些消息才重要。</translation>
    </message>
</context>
<context>
    <name>BenchmarkPage</name>
    <message>
        <source>Benchmark: how much faster is the GPU?</source>
        <translation>基准测试：GPU 快多少？</translation>
    </message>
    <message>
        <source>▶ Run the comparison</source>
        <translation>▶ 运行对比</translation>
    </message>
    <message>
        <source>■ Stop</source>
        <translation>■ 停止</translation>
    </message>
    <message>
        <source>Export CSV…</source>
        <translation>导出 CSV…</translation>
    </message>
    <message>
        <source>Setting</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>Images/s</source>
        <translation>图像/秒</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>每步耗时</translation>
    </message>
    <message>
        <source>Speedup</source>
        <translation>加速比</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>steps</source>
        <translation>步</translation>
    </message>
    <message>
        <source>done</source>
        <translation>完成</translation>
    </message>
    <message>
        <source>recording of a failed run</source>
        <translation>失败运行的录制</translation>
    </message>
    <message>
        <source>Saved to</source>
        <translation>已保存到</translation>
    </message>
    <message>
        <source>Could not write {0}: {1}</source>
        <translation>无法写入 {0}：{1}</translation>
    </message>
    <message>
        <source>Benchmark: compare CPU settings</source>
        <translation>基准测试：比较 CPU 设置</translation>
    </message>
    <message>
        <source>On a CPU, mixed precision is usually no faster than FP32: it speeds up GPUs with Tensor Cores (compute capability 7.0 or newer; 1.6–1.7× for ResNet-20 in the H200 recordings).</source>
        <translation>在 CPU 上，混合精度通常不比 FP32 快：它加速的是带 Tensor Core 的 GPU（计算能力 7.0 及以上；H200 录制中 ResNet-20 快 1.6–1.7 倍）。</translation>
    </message>
</context>
<context>
    <name>LearnPage</name>
    <message>
        <source>Learn: what the wizard is doing and why</source>
        <translation>学习：向导在做什么，为什么</translation>
    </message>
    <message>
        <source>Driver CUDA is not toolkit CUDA</source>
        <translation>驱动的 CUDA 不是工具包的 CUDA</translation>
    </message>
    <message>
        <source>Windows</source>
        <translation>Windows</translation>
    </message>
    <message>
        <source>Mixed precision</source>
        <translation>混合精度</translation>
    </message>
    <message>
        <source>Why nvidia-smi shows the GPU almost full</source>
        <translation>为什么 nvidia-smi 显示 GPU 几乎占满</translation>
    </message>
    <message>
        <source>No NVIDIA GPU? What you can still do here</source>
        <translation>没有 NVIDIA GPU？在这里仍然可以做的事</translation>
    </message>
    <message>
        <source>TensorFlow runs on the CPU, and Setup installs that version for you (plain tensorflow, no CUDA libraries). The Sanity check then says "Works on the CPU, as expected". Monitor → Open run or recording… shows real training runs recorded on an NVIDIA H200 (memory modes, mixed precision), and Benchmark → Show the H200 recordings compares their speed. Check a tutorial and Diagnose work without a GPU too. When you later train on a GPU machine or a server, run the wizard there: everything it does is also a terminal command (tfgpu-wizard --help).</source>
        <translation>TensorFlow 可以在 CPU 上运行，“安装设置”会为你安装这个版本（普通的 tensorflow，不带 CUDA 库）。之后健全性检查会显示“在 CPU 上正常工作（符合预期）”。“监控”→“打开运行记录或录制…”可以查看在 NVIDIA H200 上录制的真实训练过程（显存模式、混合精度），“基准测试”→“查看 H200 录制数据”可以比较它们的速度。“检查教程”和“诊断”也不需要 GPU。以后在有 GPU 的电脑或服务器上训练时，请在那里运行本向导：它做的每件事也都有终端命令（tfgpu-wizard --help）。</translation>
    </message>
    <message>
        <source>Read more</source>
        <translation>延伸阅读</translation>
    </message>
    <message>
        <source>What the H200 recordings show</source>
        <translation>H200 录制数据说明了什么</translation>
    </message>
    <message>
        <source>How the install plans are made</source>
        <translation>安装方案是如何生成的</translation>
    </message>
    <message>
        <source>How Diagnose reads a log</source>
        <translation>“诊断”如何读取日志</translation>
    </message>
    <message>
        <source>Watching other machines' GPUs (Classroom)</source>
        <translation>查看其他机器的 GPU（课堂）</translation>
    </message>
</context>
<context>
    <name>gui</name>
    <message>
        <source>The desktop app cannot start: {0}
Install PySide6-Essentials and pyqtgraph, or use the terminal commands (tfgpu-wizard doctor, plan, verify).</source>
        <translation>桌面程序无法启动：{0}
请安装 PySide6-Essentials 和 pyqtgraph，或使用终端命令（tfgpu-wizard doctor、plan、verify）。</translation>
    </message>
</context>
<context>
    <name>MemoryChart</name>
    <message>
        <source>{0} in use (current)</source>
        <translation>{0} 正在使用（当前）</translation>
    </message>
    <message>
        <source>{0} peak</source>
        <translation>{0} 峰值</translation>
    </message>
</context>
<context>
    <name>BenchmarkPage</name>
    <message>
        <source>Runs the sample once per setting below, one after another, with the same model and batch, and compares images per second. Without a GPU it compares CPU settings.</source>
        <translation>按下面的每种设置依次运行一次示例（模型和批大小相同），比较每秒处理的图像数。没有 GPU 时比较 CPU 设置。</translation>
    </message>
    <message>
        <source>Speedup (×)</source>
        <translation>加速比（×）</translation>
    </message>
    <message>
        <source>Export CSV</source>
        <translation>导出 CSV</translation>
    </message>
    <message>
        <source>Benchmark: {0}…</source>
        <translation>基准测试：{0}…</translation>
    </message>
</context>
<context>
    <name>DiagnosePage</name>
    <message>
        <source>Paste the whole output of the failing command (the TensorFlow log and the traceback). Nothing leaves your computer.</source>
        <translation>粘贴出错命令的完整输出（TensorFlow 日志和回溯信息）。内容不会离开你的电脑。</translation>
    </message>
    <message>
        <source>Diagnosis is not available: {0}</source>
        <translation>无法诊断：{0}</translation>
    </message>
    <message>
        <source>The diagnosis failed: {0}</source>
        <translation>诊断失败：{0}</translation>
    </message>
    <message>
        <source>Search the last error line on the web, or open an issue with the whole log.</source>
        <translation>在网上搜索最后一行错误，或附上完整日志提交 issue。</translation>
    </message>
</context>
<context>
    <name>MonitorPage</name>
    <message>
        <source>Open run or recording</source>
        <translation>打开运行记录或录制数据</translation>
    </message>
    <message>
        <source>Export PNG</source>
        <translation>导出 PNG</translation>
    </message>
    <message>
        <source>Export CSV</source>
        <translation>导出 CSV</translation>
    </message>
    <message>
        <source>The sample script is missing from this build.</source>
        <translation>此版本缺少示例脚本。</translation>
    </message>
    <message>
        <source>, {0} img/s</source>
        <translation>，{0} 张图像/秒</translation>
    </message>
    <message>
        <source>{0:,.0f} MiB (peak {1:,.0f})</source>
        <translation>{0:,.0f} MiB（峰值 {1:,.0f}）</translation>
    </message>
    <message>
        <source>Running: {0}</source>
        <translation>运行中：{0}</translation>
    </message>
    <message>
        <source>Stopped: it ran longer than the time limit.</source>
        <translation>已停止：运行时间超过了时限。</translation>
    </message>
</context>
<context>
    <name>SanityPage</name>
    <message>
        <source>Sanity check: training…</source>
        <translation>健全性检查：训练中…</translation>
    </message>
    <message>
        <source>No answer: TensorFlow did not finish in time.</source>
        <translation>没有结果：TensorFlow 未能按时完成。</translation>
    </message>
    <message>
        <source>One click: the wizard starts TensorFlow in your Python, checks which devices it sees, then trains a small network for {0} steps and tells you plainly whether the GPU did the work.</source>
        <translation>一键检查：向导在你的 Python 中启动 TensorFlow，查看它能识别哪些设备，然后训练一个小网络 {0} 步，并直接告诉你 GPU 是否参与了计算。</translation>
    </message>
    <message>
        <source>Starting TensorFlow and looking for the GPU…</source>
        <translation>正在启动 TensorFlow 并查找 GPU…</translation>
    </message>
    <message>
        <source>Open Setup to install TensorFlow for your GPU; the Diagnose page explains the output below.</source>
        <translation>打开“安装设置”为你的 GPU 安装 TensorFlow；“诊断”页面可解释下面的输出。</translation>
    </message>
    <message>
        <source>The Diagnose page can explain the full log (copy it from below).</source>
        <translation>“诊断”页面可以解释完整日志（从下面复制）。</translation>
    </message>
    <message>
        <source>{0:,.0f} images/s</source>
        <translation>{0:,.0f} 张图像/秒</translation>
    </message>
    <message>
        <source>{0} steps trained on the CPU ({1}). Open Setup to find out why the GPU is not used.</source>
        <translation>在 CPU 上训练了 {0} 步（{1}）。打开“安装设置”查看为什么没有使用 GPU。</translation>
    </message>
    <message>
        <source>Training {0} steps…</source>
        <translation>正在训练 {0} 步…</translation>
    </message>
    <message>
        <source>This Python could not be started: {0}</source>
        <translation>无法启动这个 Python：{0}</translation>
    </message>
    <message>
        <source>Devices: {0}. {1} steps done. {2}</source>
        <translation>设备：{0}。已完成 {1} 步。{2}</translation>
    </message>
    <message>
        <source>Sanity check: step {0}/{1}</source>
        <translation>健全性检查：第 {0}/{1} 步</translation>
    </message>
    <message>
        <source>What to do:</source>
        <translation>怎么做：</translation>
    </message>
    <message>
        <source>Why:</source>
        <translation>原因：</translation>
    </message>
</context>
<context>
    <name>SetupPage</name>
    <message>
        <source>System</source>
        <translation>系统</translation>
    </message>
    <message>
        <source>Python</source>
        <translation>Python</translation>
    </message>
    <message>
        <source>Verifying TensorFlow…</source>
        <translation>正在验证 TensorFlow…</translation>
    </message>
    <message>
        <source>NVIDIA driver</source>
        <translation>NVIDIA 驱动</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>TensorFlow</source>
        <translation>TensorFlow</translation>
    </message>
    <message>
        <source>none found</source>
        <translation>未找到</translation>
    </message>
    <message>
        <source>Enter the path of a Python first.</source>
        <translation>请先输入 Python 的路径。</translation>
    </message>
    <message>
        <source>The verification probe is missing from this build.</source>
        <translation>此版本缺少验证探针。</translation>
    </message>
    <message>
        <source>Stopped by you.</source>
        <translation>已由你停止。</translation>
    </message>
    <message>
        <source>The box is empty: paste a log first.</source>
        <translation>输入框为空：请先粘贴日志。</translation>
    </message>
    <message>
        <source>{0}, runs CUDA up to {1}</source>
        <translation>{0}，最高支持 CUDA {1}</translation>
    </message>
    <message>
        <source>not found</source>
        <translation>未找到</translation>
    </message>
    <message>
        <source>GPU {0}</source>
        <translation>GPU {0}</translation>
    </message>
    <message>
        <source>not installed in this Python</source>
        <translation>此 Python 中未安装</translation>
    </message>
    <message>
        <source>Starting TensorFlow in {0}…</source>
        <translation>正在 {0} 中启动 TensorFlow…</translation>
    </message>
    <message>
        <source>No known problem found in this log.</source>
        <translation>在此日志中没有发现已知问题。</translation>
    </message>
    <message>
        <source>Press Verify: the wizard starts TensorFlow in that Python and checks the GPU.</source>
        <translation>点击“验证”：向导会在该 Python 中启动 TensorFlow 并检查 GPU。</translation>
    </message>
    <message>
        <source>Detecting your machine (driver, GPUs, Python, TensorFlow)…</source>
        <translation>正在检测你的电脑（驱动、GPU、Python、TensorFlow）…</translation>
    </message>
    <message>
        <source>Not detected yet: press “Detect again”.</source>
        <translation>尚未检测：请点击“重新检测”。</translation>
    </message>
    <message>
        <source>Detection failed: {0}</source>
        <translation>检测失败：{0}</translation>
    </message>
    <message>
        <source>What the error output says</source>
        <translation>错误输出说明了什么</translation>
    </message>
</context>
<context>
    <name>SetupChoose</name>
    <message>
        <source>recommended</source>
        <translation>推荐</translation>
    </message>
    <message>
        <source>works</source>
        <translation>可用</translation>
    </message>
    <message>
        <source>works, with caveats</source>
        <translation>可用，但有注意事项</translation>
    </message>
    <message>
        <source>ruled out</source>
        <translation>不可用</translation>
    </message>
    <message>
        <source>pip in a venv</source>
        <translation>pip（虚拟环境）</translation>
    </message>
    <message>
        <source>conda environment</source>
        <translation>conda 环境</translation>
    </message>
    <message>
        <source>Docker image</source>
        <translation>Docker 镜像</translation>
    </message>
    <message>
        <source>TensorFlow</source>
        <translation>TensorFlow</translation>
    </message>
    <message>
        <source>Python</source>
        <translation>Python</translation>
    </message>
    <message>
        <source>CUDA / cuDNN</source>
        <translation>CUDA / cuDNN</translation>
    </message>
    <message>
        <source>Methods</source>
        <translation>安装方式</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>TensorFlow version:</source>
        <translation>TensorFlow 版本：</translation>
    </message>
    <message>
        <source>Install method:</source>
        <translation>安装方式：</translation>
    </message>
    <message>
        <source>Recommended</source>
        <translation>推荐</translation>
    </message>
    <message>
        <source>On Windows you have two ways</source>
        <translation>在 Windows 上有两种方式</translation>
    </message>
    <message>
        <source>uses your GPU</source>
        <translation>使用你的 GPU</translation>
    </message>
    <message>
        <source>CPU only</source>
        <translation>仅 CPU</translation>
    </message>
    <message>
        <source>Best for this version</source>
        <translation>此版本的最佳方式</translation>
    </message>
    <message>
        <source>The table says what rules each version out; fix that first, or pin a version below to see what it would take.</source>
        <translation>表格列出了每个版本不可用的原因；请先解决这些问题，或在下面指定一个版本，看看需要做什么。</translation>
    </message>
    <message>
        <source>TensorFlow 2.10, natively on Windows</source>
        <translation>TensorFlow 2.10，直接在 Windows 上运行</translation>
    </message>
    <message>
        <source>Current TensorFlow inside WSL2</source>
        <translation>在 WSL2 中使用最新的 TensorFlow</translation>
    </message>
    <message>
        <source>Choose a version</source>
        <translation>选择一个版本</translation>
    </message>
    <message>
        <source>Waiting for the machine to be detected (step 1)…</source>
        <translation>正在等待检测电脑（第 1 步）…</translation>
    </message>
    <message>
        <source>No TensorFlow version fits this machine as it is.</source>
        <translation>按这台电脑目前的状况，没有合适的 TensorFlow 版本。</translation>
    </message>
    <message>
        <source>The recommendation could not be made: {0}</source>
        <translation>无法给出推荐：{0}</translation>
    </message>
    <message>
        <source>TensorFlow has no official builds for this system, so there is nothing to choose. The Learn page lists the alternatives.</source>
        <translation>TensorFlow 没有为这个系统提供官方版本，因此无可选择。“学习”页面列出了替代方案。</translation>
    </message>
    <message>
        <source>suggested</source>
        <translation>建议</translation>
    </message>
    <message>
        <source>no version fits</source>
        <translation>没有合适的版本</translation>
    </message>
    <message>
        <source>You follow the recommendation: nothing extra to do.</source>
        <translation>你采用了推荐方案：无需额外操作。</translation>
    </message>
    <message>
        <source>This choice does not work here:</source>
        <translation>这个选择在此不可用：</translation>
    </message>
    <message>
        <source>Recommended ({0})</source>
        <translation>推荐（{0}）</translation>
    </message>
    <message>
        <source>Why:</source>
        <translation>原因：</translation>
    </message>
    <message>
        <source>What this choice costs:</source>
        <translation>这个选择的代价：</translation>
    </message>
    <message>
        <source>uv in a venv (faster pip)</source>
        <translation>venv 中的 uv（更快的 pip）</translation>
    </message>
</context>
<context>
    <name>SetupCommands</name>
    <message>
        <source>Administrator step</source>
        <translation>管理员步骤</translation>
    </message>
    <message>
        <source>This step needs administrator rights:</source>
        <translation>此步骤需要管理员权限：</translation>
    </message>
    <message>
        <source>Run this step</source>
        <translation>运行此步骤</translation>
    </message>
    <message>
        <source>Skip this step</source>
        <translation>跳过此步骤</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Environment folder:</source>
        <translation>环境文件夹：</translation>
    </message>
    <message>
        <source>empty: a folder in your home (tf-&lt;version&gt;-gpu)</source>
        <translation>留空：使用主目录中的文件夹（tf-&lt;版本&gt;-gpu）</translation>
    </message>
    <message>
        <source>Update the plan</source>
        <translation>更新方案</translation>
    </message>
    <message>
        <source>Copy script</source>
        <translation>复制脚本</translation>
    </message>
    <message>
        <source>Copy commands only</source>
        <translation>仅复制命令</translation>
    </message>
    <message>
        <source>Save as…</source>
        <translation>另存为…</translation>
    </message>
    <message>
        <source>Save the plan into a folder</source>
        <translation>将方案保存到文件夹</translation>
    </message>
    <message>
        <source>sudo may ask for your password in a terminal; if it cannot, skip this step and run it in a terminal yourself.</source>
        <translation>sudo 可能会在终端中要求输入密码；如果无法输入，请跳过此步骤，自己在终端中运行。</translation>
    </message>
    <message>
        <source>(not for this system: skipped)</source>
        <translation>（不适用于此系统：已跳过）</translation>
    </message>
    <message>
        <source>(a step you do by hand; see the script's comment)</source>
        <translation>（需要手动完成的步骤；见脚本中的注释）</translation>
    </message>
    <message>
        <source>Run it for me</source>
        <translation>替我运行</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Choose a TensorFlow version and an install method in step 2 first.</source>
        <translation>请先在第 2 步选择 TensorFlow 版本和安装方式。</translation>
    </message>
    <message>
        <source>Running the plan… Cancel stops it at once.</source>
        <translation>正在运行方案…点击“取消”可立即停止。</translation>
    </message>
    <message>
        <source>All steps finished.</source>
        <translation>所有步骤已完成。</translation>
    </message>
    <message>
        <source>A step failed; the output above says why. The Diagnose page explains logs.</source>
        <translation>有一个步骤失败了；上面的输出说明了原因。“诊断”页面可以解释日志。</translation>
    </message>
    <message>
        <source>Cancelled by you.</source>
        <translation>已由你取消。</translation>
    </message>
    <message>
        <source>Stopped before an administrator step, as you asked.</source>
        <translation>已按你的要求在管理员步骤前停止。</translation>
    </message>
    <message>
        <source>(administrator step skipped by you)</source>
        <translation>（你跳过了管理员步骤）</translation>
    </message>
    <message>
        <source>The script is on the clipboard.</source>
        <translation>脚本已复制到剪贴板。</translation>
    </message>
    <message>
        <source>The commands are on the clipboard.</source>
        <translation>命令已复制到剪贴板。</translation>
    </message>
    <message>
        <source>Replace your files?</source>
        <translation>替换你的文件？</translation>
    </message>
    <message>
        <source>Running in {0}</source>
        <translation>在 {0} 中运行</translation>
    </message>
    <message>
        <source>Could not start bash: {0}</source>
        <translation>无法启动 bash：{0}</translation>
    </message>
    <message>
        <source>(exit code {0})</source>
        <translation>（退出码 {0}）</translation>
    </message>
    <message>
        <source>Step {0} of {1}: {2}</source>
        <translation>第 {0}/{1} 步：{2}</translation>
    </message>
    <message>
        <source>No plan for this choice: {0}</source>
        <translation>这个选择没有可用的方案：{0}</translation>
    </message>
    <message>
        <source>Saved in {0}: {1}</source>
        <translation>已保存到 {0}：{1}</translation>
    </message>
    <message>
        <source>These files were changed after tfgpu-wizard wrote them (or it did not write them):

{0}

Replace them with the new plan?</source>
        <translation>这些文件在 tfgpu-wizard 写入后被修改过（或者不是它写入的）：

{0}

要用新方案替换它们吗？</translation>
    </message>
    <message>
        <source>Nothing was written; your files are unchanged.</source>
        <translation>没有写入任何内容；你的文件保持不变。</translation>
    </message>
    <message>
        <source>{0} step(s) need administrator rights; “Run it for me” asks before each one.</source>
        <translation>{0} 个步骤需要管理员权限；“替我运行”会在每一步之前询问你。</translation>
    </message>
    <message>
        <source>empty: {0}</source>
        <translation>留空：{0}</translation>
    </message>
    <message>
        <source>The commands are on the clipboard. They read files of the plan, written to {0}: the first line goes there.</source>
        <translation>命令已复制到剪贴板。它们会读取方案的文件（已写入 {0}）：第一行会进入该文件夹。</translation>
    </message>
</context>
<context>
    <name>BenchmarkPage</name>
    <message>
        <source>One GPU, FP32</source>
        <translation>单个 GPU，FP32</translation>
    </message>
    <message>
        <source>All GPUs, FP32</source>
        <translation>全部 GPU，FP32</translation>
    </message>
    <message>
        <source>All GPUs, mixed precision</source>
        <translation>全部 GPU，混合精度</translation>
    </message>
    <message>
        <source>One GPU, FP32, memory limit 4 GB</source>
        <translation>单个 GPU，FP32，显存上限 4 GB</translation>
    </message>
    <message>
        <source>CPU, FP32</source>
        <translation>CPU，FP32</translation>
    </message>
    <message>
        <source>CPU, mixed_bfloat16</source>
        <translation>CPU，mixed_bfloat16</translation>
    </message>
    <message>
        <source>The speedup chart appears here after the first two settings have run. Press “Run the comparison”; each setting takes about a minute.</source>
        <translation>前两种设置运行完后，这里会显示加速比图表。点击“运行对比”；每种设置大约需要一分钟。</translation>
    </message>
    <message>
        <source>not run yet</source>
        <translation>尚未运行</translation>
    </message>
    <message>
        <source>running</source>
        <translation>运行中</translation>
    </message>
</context>
<context>
    <name>MonitorPage</name>
    <message>
        <source>Saved as {0}</source>
        <translation>已保存为 {0}</translation>
    </message>
</context>
<context>
    <name>SanityPage</name>
    <message>
        <source>What the check does:
1. starts the Python above and imports TensorFlow (a few seconds);
2. lists the GPUs TensorFlow sees and multiplies two matrices on each, compared with the CPU;
3. trains a small network and watches which device does the work.
Nothing is installed or changed on your computer.</source>
        <translation>检查会做什么：
1. 启动上面的 Python 并导入 TensorFlow（几秒钟）；
2. 列出 TensorFlow 能看到的 GPU，并在每个 GPU 上做矩阵乘法，与 CPU 对比；
3. 训练一个小网络，观察是哪个设备在计算。
不会在你的电脑上安装或修改任何东西。</translation>
    </message>
</context>
<context>
    <name>LearnPage</name>
    <message>
        <source>nvidia-smi prints the highest CUDA version your driver can run. It is not an installed CUDA. TensorFlow 2.15 and newer bring their own CUDA and cuDNN as pip packages (tensorflow[and-cuda]), so you usually need only a recent enough driver, no CUDA toolkit at all.</source>
        <translation>nvidia-smi 显示的是你的驱动能运行的最高 CUDA 版本，而不是已安装的 CUDA。TensorFlow 2.15 及更新版本以 pip 包的形式自带 CUDA 和 cuDNN（tensorflow[and-cuda]），所以通常只需要一个足够新的驱动，完全不需要 CUDA 工具包。</translation>
    </message>
    <message>
        <source>TensorFlow 2.10 was the last release with GPU support on native Windows. For anything newer, install it inside WSL2 (Ubuntu): the Windows NVIDIA driver is shared with WSL2; do not install a Linux driver inside WSL.</source>
        <translation>TensorFlow 2.10 是最后一个在原生 Windows 上支持 GPU 的版本。更新的版本请安装在 WSL2（Ubuntu）中：Windows 的 NVIDIA 驱动会共享给 WSL2；不要在 WSL 中安装 Linux 驱动。</translation>
    </message>
    <message>
        <source>By default TensorFlow reserves nearly all free GPU memory at its first GPU operation, whatever your model needs. That is not a leak. Memory growth makes it take memory step by step; a memory limit caps it. TensorFlow's own 'in use' number shows what the model really uses.</source>
        <translation>默认情况下，TensorFlow 在第一次 GPU 运算时就会占用几乎全部空闲显存，不管模型实际需要多少。这不是内存泄漏。“按需增长”让它逐步申请显存；“上限”则限制它的用量。TensorFlow 自己报告的“正在使用”数值才是模型真正用掉的显存。</translation>
    </message>
    <message>
        <source>mixed_float16 computes in 16-bit floats on Tensor Cores (compute capability 7.0 and newer) and keeps the weights in 32-bit. It is often faster and uses less memory for activations; the difference in memory only shows with memory growth or in TensorFlow's own numbers.</source>
        <translation>mixed_float16 在 Tensor Core（计算能力 7.0 及以上）上用 16 位浮点数计算，权重仍保存为 32 位。它通常更快，激活值占用的显存也更少；显存上的差别只有在“按需增长”模式下或在 TensorFlow 自己的数值中才看得出来。</translation>
    </message>
</context>
<context>
    <name>SetupChoose</name>
    <message>
        <source>Plan for native Windows</source>
        <translation>生成原生 Windows 方案</translation>
    </message>
    <message>
        <source>Plan for WSL2</source>
        <translation>生成 WSL2 方案</translation>
    </message>
</context>
<context>
    <name>MonitorPage</name>
    <message>
        <source>no GPU readings in this run</source>
        <translation>此运行记录中没有 GPU 读数</translation>
    </message>
</context>
<context>
    <name>MonitorPage</name>
    <message>
        <source>Could not write {0}.</source>
        <translation>无法写入 {0}。</translation>
    </message>
    <message>
        <source>Could not write {0}: {1}</source>
        <translation>无法写入 {0}：{1}</translation>
    </message>
    <message>
        <source>Everything up to then is kept in {0}.</source>
        <translation>此前的全部数据已保存在 {0}。</translation>
    </message>
    <message>
        <source>It ended before the first step.</source>
        <translation>它在第一步之前就结束了。</translation>
    </message>
    <message>
        <source>It had reached step {0} of {1}.</source>
        <translation>当时已进行到第 {0} 步（共 {1} 步）。</translation>
    </message>
    <message>
        <source>On the CPU the memory setting does not apply: TensorFlow uses ordinary RAM.</source>
        <translation>在 CPU 上显存设置不起作用：TensorFlow 使用普通内存。</translation>
    </message>
    <message>
        <source>Runs and recordings (*.run.jsonl);;All files (*)</source>
        <translation>运行记录和录制 (*.run.jsonl);;所有文件 (*)</translation>
    </message>
    <message>
        <source>The GPU was lost during the run.</source>
        <translation>运行期间 GPU 丢失。</translation>
    </message>
    <message>
        <source>The last run trained on the CPU: there was no GPU memory to draw.</source>
        <translation>上一次运行在 CPU 上训练：没有可绘制的 GPU 显存。</translation>
    </message>
    <message>
        <source>The run ended ({0}).</source>
        <translation>运行已结束（{0}）。</translation>
    </message>
    <message>
        <source>The run failed (exit code {0}).</source>
        <translation>运行失败（退出码 {0}）。</translation>
    </message>
    <message>
        <source>The run failed.</source>
        <translation>运行失败。</translation>
    </message>
    <message>
        <source>The run finished.</source>
        <translation>运行已完成。</translation>
    </message>
    <message>
        <source>The run was stopped.</source>
        <translation>运行已被停止。</translation>
    </message>
    <message>
        <source>The training process crashed.</source>
        <translation>训练进程崩溃了。</translation>
    </message>
    <message>
        <source>The training process was killed (signal {0}).</source>
        <translation>训练进程被强制结束（信号 {0}）。</translation>
    </message>
    <message>
        <source>This run has no GPU memory readings (it trained on the CPU, or NVML was not available). Its steps, speed and loss are on the right.</source>
        <translation>这次运行没有 GPU 显存读数（它在 CPU 上训练，或当时 NVML 不可用）。步数、速度和损失显示在右侧。</translation>
    </message>
    <message>
        <source>Training on the CPU: there is no GPU memory to draw. Step, speed and loss on the right are live.</source>
        <translation>正在 CPU 上训练：没有可绘制的 GPU 显存。右侧的步数、速度和损失为实时数据。</translation>
    </message>
</context>
<context>
    <name>SanityPage</name>
    <message>
        <source>Sanity check: starting TensorFlow…</source>
        <translation>健全性检查：正在启动 TensorFlow…</translation>
    </message>
</context>
<context>
    <name>SetupChoose</name>
    <message>
        <source>The compatibility matrix cannot be used, so there is no recommendation: {0}. Fix the file (or use the one shipped with the app); nothing on your computer was changed.</source>
        <translation>兼容性矩阵无法使用，因此没有推荐：{0}。请修正该文件（或使用应用自带的矩阵）；你的电脑没有被做任何更改。</translation>
    </message>
</context>
<context>
    <name>Advice</name>
    <message>
        <source>Choose a batch size that is a multiple of the number of GPUs.</source>
        <translation>请选择 GPU 数量整数倍的批大小。</translation>
    </message>
    <message>
        <source>Keras 2 was asked for, but tf-keras is not installed in this Python (TensorFlow 2.16 and later ship only Keras 3): install the tf-keras that matches its TensorFlow, or untick “Keras 2 (tf-keras)” to train with Keras 3.</source>
        <translation>要求使用 Keras 2，但这个 Python 中没有安装 tf-keras（TensorFlow 2.16 及更高版本只自带 Keras 3）：请安装与其 TensorFlow 匹配的 tf-keras，或取消勾选“Keras 2 (tf-keras)”改用 Keras 3 训练。</translation>
    </message>
    <message>
        <source>Keras 3 with this backend is not installed in this Python: install keras and jax or torch there, or choose the TensorFlow backend.</source>
        <translation>这个 Python 中没有安装该后端的 Keras 3：请在其中安装 keras 以及 jax 或 torch，或选择 TensorFlow 后端。</translation>
    </message>
    <message>
        <source>TensorFlow could not be imported in this Python: install it there (Setup shows how), or check another Python in Setup → Verify.</source>
        <translation>无法在这个 Python 中导入 TensorFlow：请在其中安装（“安装设置”页会说明方法），或在“安装设置 → 验证”中检查另一个 Python。</translation>
    </message>
    <message>
        <source>TensorFlow does not see the GPU you chose: Setup → Verify finds out why; meanwhile choose “CPU only” under Devices.</source>
        <translation>TensorFlow 看不到你选择的 GPU：“安装设置 → 验证”可以查明原因；在此之前请在“设备”中选择“仅 CPU”。</translation>
    </message>
    <message>
        <source>The GPU ran out of memory: choose a smaller batch, mixed precision, a smaller model or a higher memory limit, and close other programs that use the GPU.</source>
        <translation>GPU 显存不足：请选择更小的批大小、混合精度、更小的模型或更高的显存上限，并关闭其他占用 GPU 的程序。</translation>
    </message>
    <message>
        <source>The PyTorch backend trains on one GPU only: choose one GPU under Devices, or the JAX or TensorFlow backend.</source>
        <translation>PyTorch 后端只能在一块 GPU 上训练：请在“设备”中选择一块 GPU，或选择 JAX 或 TensorFlow 后端。</translation>
    </message>
    <message>
        <source>These sample settings do not fit together (the line above says which): change them in the controls and start again.</source>
        <translation>这些示例设置互相冲突（上面一行说明了是哪些）：请在控件中修改后重新开始。</translation>
    </message>
</context>
<context>
    <name>BenchmarkPage</name>
    <message>
        <source>A finished comparison recorded on an NVIDIA H200 (Keras 3 on JAX and PyTorch), read from the bundled run files: nothing runs on this computer.</source>
        <translation>一次在 NVIDIA H200 上录制的完整对比（Keras 3，JAX 与 PyTorch 后端），从随附的运行文件读取：不会在这台电脑上运行任何东西。</translation>
    </message>
    <message>
        <source>No GPU here?</source>
        <translation>这里没有 GPU？</translation>
    </message>
    <message>
        <source>No H200 recordings could be read.</source>
        <translation>无法读取任何 H200 录制数据。</translation>
    </message>
    <message>
        <source>Recordings, not measured on this computer: {0}, driver {1}, recorded {2}; Keras 3 on {3}. Speedup is against FP32 with default memory of the same backend and model.</source>
        <translation>录制数据，并非在这台电脑上测得：{0}，驱动 {1}，录制于 {2}；Keras 3，后端 {3}。加速比以同一后端和模型的 FP32、默认显存模式为基准。</translation>
    </message>
    <message>
        <source>Show the H200 recordings</source>
        <translation>查看 H200 录制数据</translation>
    </message>
    <message>
        <source>The speedup chart appears here after the first two settings have run. Press “Run the comparison”; each setting takes about a minute. Or press “Show the H200 recordings” to see a finished comparison.</source>
        <translation>前两项设置运行完后，加速比图表会显示在这里。请按“运行对比”；每项设置约需一分钟。也可以按“查看 H200 录制数据”查看一次已完成的对比。</translation>
    </message>
    <message>
        <source>peak {0:.1f} GiB</source>
        <translation>峰值 {0:.1f} GiB</translation>
    </message>
    <message>
        <source>recording</source>
        <translation>录制数据</translation>
    </message>
</context>
<context>
    <name>MonitorPage</name>
    <message>
        <source>Backend</source>
        <translation>后端</translation>
    </message>
    <message>
        <source>Default on JAX: JAX preallocates 75% of the card at its first allocation. Expect one jump to three quarters of the card, then a flat line, whatever the model needs.</source>
        <translation>JAX 默认模式：JAX 在第一次分配时预先占用整张卡的 75%。曲线会一次跳到显卡的四分之三，然后保持平直，与模型实际需要多少无关。</translation>
    </message>
    <message>
        <source>Default on PyTorch: the caching allocator takes what the model needs and keeps it. Expect a small rise that stays: default already behaves like growth.</source>
        <translation>PyTorch 默认模式：缓存分配器按模型需要占用显存并一直保留。曲线会小幅上升后保持不变：默认模式本身就像按需增长。</translation>
    </message>
    <message>
        <source>Growth on JAX: preallocation is off and JAX takes memory as it needs it. Expect a low staircase to the run's high-water mark.</source>
        <translation>JAX 按需增长：关闭预分配，JAX 按需占用显存。曲线是一段较低的阶梯，升到本次运行的最高用量。</translation>
    </message>
    <message>
        <source>Growth on PyTorch: the same as default (the caching allocator always grows as needed).</source>
        <translation>PyTorch 按需增长：与默认模式相同（缓存分配器总是按需增长）。</translation>
    </message>
    <message>
        <source>Keras 2 (tf-keras)</source>
        <translation>Keras 2 (tf-keras)</translation>
    </message>
    <message>
        <source>Keras 2 runs on the TensorFlow backend only.</source>
        <translation>Keras 2 只能在 TensorFlow 后端上运行。</translation>
    </message>
    <message>
        <source>Limit on JAX: JAX preallocates the fraction of the card that matches your MB. Expect one jump to the limit, then a flat line.</source>
        <translation>JAX 上限模式：JAX 按你设定的 MB 预先占用相应比例的显存。曲线会一次跳到上限，然后保持平直。</translation>
    </message>
    <message>
        <source>Limit on PyTorch: a cap, not a preallocation. When the model fits under it the curve is the same as default; above it the run fails with out of memory.</source>
        <translation>PyTorch 上限模式：这是上限而不是预分配。模型放得下时曲线与默认模式相同；超过上限时运行会因显存不足而失败。</translation>
    </message>
    <message>
        <source>Train with Keras 2 (TF_USE_LEGACY_KERAS=1 and the tf-keras package) instead of Keras 3.</source>
        <translation>使用 Keras 2（TF_USE_LEGACY_KERAS=1 和 tf-keras 包）而不是 Keras 3 训练。</translation>
    </message>
    <message>
        <source>{0} memory</source>
        <translation>{0} 显存</translation>
    </message>
</context>
<context>
    <name>SanityPage</name>
    <message>
        <source>Keras 2 (tf-keras)</source>
        <translation>Keras 2 (tf-keras)</translation>
    </message>
</context>
<context>
    <name>SetupPage</name>
    <message>
        <source>Check with TF_USE_LEGACY_KERAS=1: TensorFlow 2.16 and later then use Keras 2 from the tf-keras package, which must be installed in that Python.</source>
        <translation>使用 TF_USE_LEGACY_KERAS=1 检查：TensorFlow 2.16 及更高版本随后会使用 tf-keras 包中的 Keras 2，该包必须已安装在那个 Python 中。</translation>
    </message>
    <message>
        <source>Keras 2 (tf-keras)</source>
        <translation>Keras 2 (tf-keras)</translation>
    </message>
    <message>
        <source>The plan's environment will have its Python at {0}; it does not exist yet. Run the commands of step 3 first (or type another Python).</source>
        <translation>计划创建的环境的 Python 将位于 {0}；它还不存在。请先运行第 3 步的命令（或输入另一个 Python）。</translation>
    </message>
    <message>
        <source>This is the Python of the environment from step 3. You can type another one.</source>
        <translation>这是第 3 步所建环境的 Python。你也可以输入另一个。</translation>
    </message>
</context>
<context>
    <name>SetupCommands</name>
    <message>
        <source>Nothing was installed.</source>
        <translation>没有安装任何东西。</translation>
    </message>
    <message>
        <source>Install now?</source>
        <translation>现在安装吗？</translation>
    </message>
    <message>
        <source>“Run it for me” will install TensorFlow now:</source>
        <translation>“帮我运行”现在将安装 TensorFlow：</translation>
    </message>
    <message>
        <source>Install</source>
        <translation>安装</translation>
    </message>
    <message>
        <source>Installing: running the plan…</source>
        <translation>正在安装：正在运行方案…</translation>
    </message>
    <message>
        <source>Installing: step {0} of {1}</source>
        <translation>正在安装：第 {0} 步，共 {1} 步</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Save a report for help</source>
        <translation>保存求助报告</translation>
    </message>
    <message>
        <source>Zip files (*.zip)</source>
        <translation>Zip 文件 (*.zip)</translation>
    </message>
    <message>
        <source>Could not write the report: {0}</source>
        <translation>无法写入报告：{0}</translation>
    </message>
    <message>
        <source>Report saved: {0}</source>
        <translation>报告已保存：{0}</translation>
    </message>
    <message>
        <source>The log folder: {0}</source>
        <translation>日志文件夹：{0}</translation>
    </message>
    <message>
        <source>About</source>
        <translation>关于</translation>
    </message>
    <message>
        <source>TensorFlow GPU wizard {0}

The log file: {1}</source>
        <translation>TensorFlow GPU 向导 {0}

日志文件：{1}</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>Save a report for help…</source>
        <translation>保存求助报告…</translation>
    </message>
    <message>
        <source>A zip with this machine's report, the log and your newest run, to attach to a question</source>
        <translation>一个 zip 文件，包含本机报告、日志和你最新的一次运行，可附在提问中</translation>
    </message>
    <message>
        <source>Open the log folder</source>
        <translation>打开日志文件夹</translation>
    </message>
</context>
<context>
    <name>App</name>
    <message>
        <source>Something went wrong</source>
        <translation>出了点问题</translation>
    </message>
    <message>
        <source>Something inside the wizard failed. The window keeps working, but the last thing you did may not have finished.

The details are in the log file:
{0}

Help → “Save a report for help…” puts it in a zip you can attach to a question.</source>
        <translation>向导内部出错了。窗口仍可继续使用，但你刚才的操作可能没有完成。

详细信息在日志文件中：
{0}

“帮助 → 保存求助报告…”会把它放进一个 zip 文件，你可以附在提问中。</translation>
    </message>
</context>
<context>
    <name>MonitorPage</name>
    <message>
        <source>GPU memory while {0} trains</source>
        <translation>{0} 训练时的 GPU 显存</translation>
    </message>
</context>
<context>
    <name>MemoryChart</name>
    <message>
        <source>peak {0} MiB</source>
        <translation>峰值 {0} MiB</translation>
    </message>
</context>
<context>
    <name>SetupPage</name>
    <message>
        <source>Back</source>
        <translation>上一步</translation>
    </message>
    <message>
        <source>Next</source>
        <translation>下一步</translation>
    </message>
</context>
<context>
    <name>SanityPage</name>
    <message>
        <source>The Python changed since the last check (it was {0}): run the check again for this one.</source>
        <translation>自上次检查以来 Python 已更换（之前是 {0}）：请为当前的 Python 重新运行检查。</translation>
    </message>
</context>
<context>
    <name>MemoryChart</name>
    <message>
        <source>host RAM of the training process (CPU run)</source>
        <translation>训练进程占用的主机内存（CPU 运行）</translation>
    </message>
</context>
<context>
    <name>MonitorPage</name>
    <message>
        <source>Nothing to export yet: start a run or open a recording first.</source>
        <translation>还没有可导出的内容：请先开始一次运行或打开一个录制。</translation>
    </message>
</context>
<context>
    <name>CompareTable</name>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Peak (MiB)</source>
        <translation>峰值 (MiB)</translation>
    </message>
    <message>
        <source>Steady (MiB)</source>
        <translation>稳定值 (MiB)</translation>
    </message>
    <message>
        <source>img/s</source>
        <translation>img/s</translation>
    </message>
    <message>
        <source>First step (s)</source>
        <translation>第一步 (秒)</translation>
    </message>
    <message>
        <source>{0} (current)</source>
        <translation>{0}（当前）</translation>
    </message>
    <message>
        <source>GPU memory used (NVML), busiest GPU</source>
        <translation>GPU 已用显存（NVML），取占用最高的 GPU</translation>
    </message>
    <message>
        <source>the framework's own allocator (no GPU readings in this run)</source>
        <translation>框架自身分配器的数字（本次运行没有 GPU 读数）</translation>
    </message>
    <message>
        <source>host RAM of the training process (a CPU run)</source>
        <translation>训练进程占用的主机内存（CPU 运行）</translation>
    </message>
    <message>
        <source>no memory readings in this run</source>
        <translation>本次运行没有内存读数</translation>
    </message>
    <message>
        <source>TF peak (MiB)</source>
        <translation>TF 峰值 (MiB)</translation>
    </message>
    <message>
        <source>Predicted (MiB)</source>
        <translation>预测 (MiB)</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>误差</translation>
    </message>
    <message>
        <source>The peak predicted before the run against TensorFlow's own measured peak (get_memory_info), as `tfgpu-wizard runs compare` shows them.</source>
        <translation>运行前预测的峰值与 TensorFlow 自己实测的峰值（get_memory_info）对比，和 `tfgpu-wizard runs compare` 显示的一样。</translation>
    </message>
</context>
<context>
    <name>LogInput</name>
    <message>
        <source>Open a log file…</source>
        <translation>打开日志文件…</translation>
    </message>
    <message>
        <source>Open a log file</source>
        <translation>打开日志文件</translation>
    </message>
    <message>
        <source>Paste the error log here, or drop a log file on this box…</source>
        <translation>把错误日志粘贴到这里，或者把日志文件拖到这个框里…</translation>
    </message>
    <message>
        <source>Logs and text files (*.log *.txt *.out *.err);;All files (*)</source>
        <translation>日志和文本文件 (*.log *.txt *.out *.err);;所有文件 (*)</translation>
    </message>
    <message>
        <source>[… {n} lines before this are not shown here; Explain reads the whole file …]</source>
        <translation>[… 这之前的 {n} 行没有在这里显示；解释时会读取整个文件 …]</translation>
    </message>
    <message>
        <source>You can also drop a log file on the box.</source>
        <translation>也可以把日志文件拖到框里。</translation>
    </message>
    <message>
        <source>Reading {name} …</source>
        <translation>正在读取 {name} …</translation>
    </message>
    <message>
        <source>Opened {name} ({size}, {encoding}).</source>
        <translation>已打开 {name}（{size}，{encoding}）。</translation>
    </message>
    <message>
        <source>Cannot read {path}: {reason}</source>
        <translation>无法读取 {path}：{reason}</translation>
    </message>
</context>
<context>
    <name>Verdicts</name>
    <message>
        <source>{0}: {1}</source>
        <translation>{0}：{1}</translation>
    </message>
</context>
<context>
    <name>QFileDialog</name>
    <message>
        <source>&amp;Look in:</source>
        <translation>查找范围(&amp;L)：</translation>
    </message>
    <message>
        <source>Files of &amp;type:</source>
        <translation>文件类型(&amp;T)：</translation>
    </message>
</context>
<context>
    <name>MemoryPanel</name>
    <message>
        <source>predicting in the target Python (TensorFlow on the CPU)…</source>
        <translation>正在目标 Python 中预测（TensorFlow 在 CPU 上）…</translation>
    </message>
    <message>
        <source>The prediction is made for the TensorFlow sample only.</source>
        <translation>只为 TensorFlow 示例做预测。</translation>
    </message>
    <message>
        <source>* outside TensorFlow's pool (NVML shows it on top)</source>
        <translation>* 在 TensorFlow 显存池之外（NVML 会把它算在上面）</translation>
    </message>
    <message>
        <source>No prediction: {0}</source>
        <translation>没有预测：{0}</translation>
    </message>
    <message>
        <source>predicted TF peak {0} MiB</source>
        <translation>预测的 TF 峰值 {0} MiB</translation>
    </message>
    <message>
        <source>{peak} MiB in TensorFlow's pool for {model}, batch {batch}, {precision}</source>
        <translation>{model}、批大小 {batch}、{precision}：TensorFlow 显存池中 {peak} MiB</translation>
    </message>
    <message>
        <source>still predicting ({0:.0f} s)…</source>
        <translation>仍在预测（{0:.0f} 秒）…</translation>
    </message>
    <message>
        <source>Predicted peak</source>
        <translation>预测峰值</translation>
    </message>
    <message>
        <source>Which number is which</source>
        <translation>每个数字是什么</translation>
    </message>
    <message>
        <source>Pick a TensorFlow model, batch and precision: the prediction appears here and as a line on the chart.</source>
        <translation>选择 TensorFlow 模型、批大小和精度：预测会显示在这里，并在图上画成一条线。</translation>
    </message>
    <message>
        <source>(the sample's own estimate)</source>
        <translation>（示例自己的估计）</translation>
    </message>
    <message>
        <source>(stored in the run)</source>
        <translation>（保存在运行记录中）</translation>
    </message>
    <message>
        <source>Predict these settings</source>
        <translation>预测这些设置</translation>
    </message>
    <message>
        <source>Predicts TensorFlow's peak for the model, batch, precision and memory mode chosen below (the estimator in the target Python, TensorFlow on the CPU). Picking another setting predicts it too.</source>
        <translation>预测下面所选模型、批大小、精度和显存模式下 TensorFlow 的峰值（估算器在目标 Python 中运行，TensorFlow 在 CPU 上）。选择别的设置时也会预测。</translation>
    </message>
</context>
<context>
    <name>LossScale</name>
    <message>
        <source>loss scale</source>
        <translation>损失缩放</translation>
    </message>
    <message>
        <source>step</source>
        <translation>步</translation>
    </message>
    <message>
        <source>With mixed_float16 the loss is multiplied by a loss scale; when the gradients overflow, the step is skipped and the scale halved.</source>
        <translation>使用 mixed_float16 时，损失会乘以一个损失缩放系数；梯度溢出时，这一步被跳过，缩放系数减半。</translation>
    </message>
    <message>
        <source>Show an overflow</source>
        <translation>演示一次溢出</translation>
    </message>
    <message>
        <source>Starts the sample with mixed_float16 and --overflow-demo: three steps are made to overflow, so you see them skipped and the scale halve.</source>
        <translation>以 mixed_float16 和 --overflow-demo 启动示例：让三步溢出，你会看到它们被跳过、缩放系数减半。</translation>
    </message>
    <message>
        <source>No loss-scale events yet (only mixed_float16 runs scale the loss).</source>
        <translation>还没有损失缩放事件（只有 mixed_float16 的运行会缩放损失）。</translation>
    </message>
    <message>
        <source>The loss scale at each progress point (log axis) over the training steps; a red × marks where steps were skipped because the gradients overflowed.</source>
        <translation>每个进度点的损失缩放（对数轴）随训练步数的变化；红色 × 标出因梯度溢出而被跳过的步。</translation>
    </message>
    <message>
        <source>The demonstration runs: three steps overflow; each appears below.</source>
        <translation>演示正在运行：有三步会溢出，每一次都会显示在下面。</translation>
    </message>
</context>
<context>
    <name>MonitorTabs</name>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>Loss scale</source>
        <translation>损失缩放</translation>
    </message>
</context>
<context>
    <name>FitBox</name>
    <message>
        <source>Find the largest batch</source>
        <translation>找出最大的批大小</translation>
    </message>
    <message>
        <source>Runs the sample for a few steps at several batch sizes under TensorFlow's memory limit (the limit set above, else the GPU's free memory) until one batch fits and the next runs out of memory; the prediction picks where to start.</source>
        <translation>在 TensorFlow 的显存上限下（上面设置的上限，否则为 GPU 的空闲显存）以几个批大小各运行示例几步，直到一个批大小放得下、下一个显存不足；从预测的位置开始找。</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Starting: the prediction first (TensorFlow on the CPU)…</source>
        <translation>开始：先做预测（TensorFlow 在 CPU 上）…</translation>
    </message>
    <message>
        <source>Cancelling: stopping the probe…</source>
        <translation>正在取消：停止试探运行…</translation>
    </message>
    <message>
        <source>Largest batch that fits</source>
        <translation>放得下的最大批大小</translation>
    </message>
    <message>
        <source>Nothing was found.</source>
        <translation>什么也没找到。</translation>
    </message>
    <message>
        <source>The search failed: {0}</source>
        <translation>搜索失败：{0}</translation>
    </message>
</context>
</TS>
