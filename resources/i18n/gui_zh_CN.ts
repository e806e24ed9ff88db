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
</context>
<context>
    <name>MonitorPage</name>
    <message>
        <source>GPU memory while TensorFlow trains</source>
        <translation>TensorFlow 训练时的 GPU 显存</translation>
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
</TS>
