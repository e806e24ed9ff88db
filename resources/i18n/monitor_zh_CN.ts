<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>monitor</name>
    <message>
        <source>the Python package nvidia-ml-py is not installed</source>
        <translation>未安装 Python 包 nvidia-ml-py</translation>
    </message>
    <message>
        <source>no NVIDIA driver: the NVML library (libnvidia-ml / nvml.dll) was not found</source>
        <translation>没有 NVIDIA 驱动：找不到 NVML 库（libnvidia-ml / nvml.dll）</translation>
    </message>
    <message>
        <source>the NVIDIA driver is installed but not loaded</source>
        <translation>NVIDIA 驱动已安装但未加载</translation>
    </message>
    <message>
        <source>the NVIDIA driver and its library have different versions (usually after a driver update without a reboot): reboot, or reload the nvidia kernel module</source>
        <translation>NVIDIA 驱动与其库的版本不一致（通常是更新驱动后没有重启）：请重启，或重新加载 nvidia 内核模块</translation>
    </message>
    <message>
        <source>not supported on this GPU</source>
        <translation>此 GPU 不支持</translation>
    </message>
    <message>
        <source>no permission to read this</source>
        <translation>没有读取权限</translation>
    </message>
    <message>
        <source>per-process GPU memory is not given by the driver on Windows (WDDM) and WSL2; only the whole-GPU memory is shown</source>
        <translation>在 Windows（WDDM）和 WSL2 上驱动不提供每个进程的显存；只显示整张 GPU 的显存</translation>
    </message>
    <message>
        <source>the GPU was lost (it fell off the bus or stopped answering); a reboot is usually needed</source>
        <translation>GPU 已丢失（掉卡或不再响应）；通常需要重启</translation>
    </message>
    <message>
        <source>no GPU with this index</source>
        <translation>没有这个编号的 GPU</translation>
    </message>
    <message>
        <source>the NVIDIA driver is too old for this query</source>
        <translation>NVIDIA 驱动太旧，不支持此查询</translation>
    </message>
    <message>
        <source>NVML reported an unknown error</source>
        <translation>NVML 报告了未知错误</translation>
    </message>
    <message>
        <source>The GPUs are of different models, so CUDA's default order (fastest first) is guessed. Set CUDA_DEVICE_ORDER=PCI_BUS_ID to make TensorFlow's GPU numbers match nvidia-smi's.</source>
        <translation>这些 GPU 型号不同，CUDA 的默认顺序（最快的在前）只能推测。设置 CUDA_DEVICE_ORDER=PCI_BUS_ID，可让 TensorFlow 的 GPU 编号与 nvidia-smi 一致。</translation>
    </message>
    <message>
        <source>CUDA_VISIBLE_DEVICES hides every GPU: TensorFlow will see none.</source>
        <translation>CUDA_VISIBLE_DEVICES 隐藏了所有 GPU：TensorFlow 将看不到任何 GPU。</translation>
    </message>
    <message>
        <source>CUDA_VISIBLE_DEVICES stops at an entry that names no GPU (or repeats one): </source>
        <translation>CUDA_VISIBLE_DEVICES 在一个不对应任何 GPU（或重复）的条目处停止：</translation>
    </message>
    <message>
        <source>The disk is full: the run is kept in memory until there is room ({path}).</source>
        <translation>磁盘已满：运行记录暂存在内存中，直到有空间（{path}）。</translation>
    </message>
    <message>
        <source>The run has no end mark: it was still running, or the app was killed.</source>
        <translation>该运行没有结束标记：它仍在运行，或程序被强制结束。</translation>
    </message>
    <message>
        <source>The run folder cannot be written: the run is kept in memory ({path}).</source>
        <translation>无法写入运行记录文件夹：运行记录暂存在内存中（{path}）。</translation>
    </message>
    <message>
        <source>Writing the run failed: the run is kept in memory ({path}).</source>
        <translation>写入运行记录失败：运行记录暂存在内存中（{path}）。</translation>
    </message>
    <message>
        <source>'{ref}' matches {count} runs; give more of the id.</source>
        <translation>“{ref}”匹配到 {count} 个运行；请输入更长的编号。</translation>
    </message>
    <message>
        <source>{path} is empty: no run was recorded in it.</source>
        <translation>{path} 是空的：其中没有记录任何运行。</translation>
    </message>
    <message>
        <source>{count} damaged line(s) were skipped (first at line {line}).</source>
        <translation>跳过了 {count} 行损坏的数据（第一处在第 {line} 行）。</translation>
    </message>
    <message>
        <source>No run matches '{ref}'. See: tfgpu-wizard runs list</source>
        <translation>没有与“{ref}”匹配的运行。查看：tfgpu-wizard runs list</translation>
    </message>
    <message>
        <source>Only runs in {folder} can be deleted.</source>
        <translation>只能删除 {folder} 中的运行。</translation>
    </message>
    <message>
        <source>No run file at {path}.</source>
        <translation>{path} 处没有运行记录文件。</translation>
    </message>
    <message>
        <source>Cannot read {path}: {error}</source>
        <translation>无法读取 {path}：{error}</translation>
    </message>
    <message>
        <source>The last line was cut off (the run was interrupted while writing); everything before it was read.</source>
        <translation>最后一行不完整（写入时运行被中断）；之前的内容都已读取。</translation>
    </message>
    <message>
        <source>{path} is not a tfgpu-wizard run file (its first line is not a run header).</source>
        <translation>{path} 不是 tfgpu-wizard 的运行记录文件（第一行不是运行头）。</translation>
    </message>
    <message>
        <source>{path} was written by a newer tfgpu-wizard (run format {version}).</source>
        <translation>{path} 由更新版本的 tfgpu-wizard 写入（运行格式 {version}）。</translation>
    </message>
    <message>
        <source>Cannot monitor: {reason}.</source>
        <translation>无法监控：{reason}。</translation>
    </message>
    <message>
        <source>To see what the monitor shows, replay a recording from a real GPU:</source>
        <translation>想看看监控会显示什么，可以回放一段真实 GPU 的录制：</translation>
    </message>
    <message>
        <source>--interval must be between 0.01 and 60 seconds.</source>
        <translation>--interval 必须在 0.01 到 60 秒之间。</translation>
    </message>
    <message>
        <source>--speed must be greater than 0.</source>
        <translation>--speed 必须大于 0。</translation>
    </message>
    <message>
        <source>used</source>
        <translation>已用</translation>
    </message>
    <message>
        <source>(old driver: used includes the driver's reserve)</source>
        <translation>（旧驱动：已用中包含驱动保留的显存）</translation>
    </message>
    <message>
        <source>reserved</source>
        <translation>保留</translation>
    </message>
    <message>
        <source>Bundled recordings:</source>
        <translation>自带的录制：</translation>
    </message>
    <message>
        <source>processes: none</source>
        <translation>进程：无</translation>
    </message>
    <message>
        <source>processes: {reason}</source>
        <translation>进程：{reason}</translation>
    </message>
    <message>
        <source>watched process: {mem}</source>
        <translation>被监视的进程：{mem}</translation>
    </message>
    <message>
        <source>Cannot write the CSV file {path}: {error}</source>
        <translation>无法写入 CSV 文件 {path}：{error}</translation>
    </message>
    <message>
        <source>processes: {list}</source>
        <translation>进程：{list}</translation>
    </message>
    <message>
        <source>Cannot replay: {reason}</source>
        <translation>无法回放：{reason}</translation>
    </message>
    <message>
        <source>End of the recording.</source>
        <translation>录制已播放完毕。</translation>
    </message>
    <message>
        <source>The GPU was lost: sampling stopped. {detail}</source>
        <translation>GPU 已丢失：采样已停止。{detail}</translation>
    </message>
    <message>
        <source>Sampling failed: {detail}</source>
        <translation>采样失败：{detail}</translation>
    </message>
    <message>
        <source>Writing the CSV file failed ({error}); the rows written so far are kept.</source>
        <translation>写入 CSV 文件失败（{error}）；已写入的行会保留。</translation>
    </message>
    <message>
        <source>Recording run {id} -&gt; {path}</source>
        <translation>正在记录运行 {id} -&gt; {path}</translation>
    </message>
    <message>
        <source>Run {id}: {status}. See: tfgpu-wizard runs show {ref}</source>
        <translation>运行 {id}：{status}。查看：tfgpu-wizard runs show {ref}</translation>
    </message>
    <message>
        <source>No GPU is sampled ({reason}); recording the sample's events only.</source>
        <translation>没有采样 GPU（{reason}）；只记录示例程序的事件。</translation>
    </message>
    <message>
        <source>The whole run was saved to {path} instead.</source>
        <translation>完整的运行记录已改存到 {path}。</translation>
    </message>
    <message>
        <source>Sample flags: {problem}</source>
        <translation>示例参数：{problem}</translation>
    </message>
    <message>
        <source>Saving elsewhere failed too: {error}</source>
        <translation>改存到别处也失败了：{error}</translation>
    </message>
    <message>
        <source>Bundled recordings (real GPU traces):</source>
        <translation>自带的录制（真实 GPU 轨迹）：</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>时长</translation>
    </message>
    <message>
        <source>GPU samples</source>
        <translation>个 GPU 采样</translation>
    </message>
    <message>
        <source>events</source>
        <translation>个事件</translation>
    </message>
    <message>
        <source>Deleted {path}</source>
        <translation>已删除 {path}</translation>
    </message>
    <message>
        <source>Note: {problem}</source>
        <translation>注意：{problem}</translation>
    </message>
    <message>
        <source>Wrote {rows} rows to {path}</source>
        <translation>已写入 {rows} 行到 {path}</translation>
    </message>
    <message>
        <source>Label</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Recorded on</source>
        <translation>录制于</translation>
    </message>
    <message>
        <source>peak used</source>
        <translation>已用峰值</translation>
    </message>
    <message>
        <source>peak of the run process</source>
        <translation>运行进程的峰值</translation>
    </message>
    <message>
        <source>total</source>
        <translation>总量</translation>
    </message>
    <message>
        <source>No runs yet in {folder}. Record one with: tfgpu-wizard record</source>
        <translation>{folder} 中还没有运行记录。用此命令记录一次：tfgpu-wizard record</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>End</source>
        <translation>结束</translation>
    </message>
    <message>
        <source>NVML, driver {version}</source>
        <translation>NVML，驱动 {version}</translation>
    </message>
    <message>
        <source>{path}: the recording holds no GPU samples</source>
        <translation>{path}：该录制中没有 GPU 采样</translation>
    </message>
    <message>
        <source>replay of {label}</source>
        <translation>回放：{label}</translation>
    </message>
    <message>
        <source>util {gpu} %   mem-util {mem} %</source>
        <translation>GPU 利用率 {gpu} %   显存带宽利用率 {mem} %</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>已停止</translation>
    </message>
    <message>
        <source>gpu-lost</source>
        <translation>GPU 丢失</translation>
    </message>
    <message>
        <source>incomplete</source>
        <translation>不完整</translation>
    </message>
    <message>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>(exit code {code})</source>
        <translation>(退出码 {code})</translation>
    </message>
    <message>
        <source>TF peak MiB</source>
        <translation>TF 峰值 MiB</translation>
    </message>
    <message>
        <source>predicted MiB</source>
        <translation>预测 MiB</translation>
    </message>
    <message>
        <source>error</source>
        <translation>误差</translation>
    </message>
    <message>
        <source>Predicting {n} run(s) in the target Python ...</source>
        <translation>正在目标 Python 中预测 {n} 次运行……</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>显存</translation>
    </message>
    <message>
        <source>TensorFlow's pool on {device}: {mb} MB (its log)</source>
        <translation>{device} 上 TensorFlow 的显存池：{mb} MB（来自其日志）</translation>
    </message>
    <message>
        <source>the NVIDIA driver is running but finds no GPU</source>
        <translation>NVIDIA 驱动在运行，但找不到 GPU</translation>
    </message>
    <message>
        <source>gradients overflowed: this step was skipped and the scale halved</source>
        <translation>梯度溢出：这一步被跳过，损失缩放减半</translation>
    </message>
    <message>
        <source>The sample has ended; recording the memory release ...</source>
        <translation>示例程序已结束；正在记录显存的释放……</translation>
    </message>
    <message>
        <source>No chart written: none of these runs has memory readings to draw.</source>
        <translation>没有写出图表：这些运行都没有可画的内存读数。</translation>
    </message>
    <message>
        <source>{label}: no GPU samples; the chart shows the framework's own memory</source>
        <translation>{label}：没有 GPU 采样；图中是框架自己报告的显存</translation>
    </message>
    <message>
        <source>Cannot write {path}: {error}</source>
        <translation>无法写入 {path}：{error}</translation>
    </message>
    <message>
        <source>{label}: no GPU samples; the chart shows its training process's host RAM</source>
        <translation>{label}：没有 GPU 采样；图中是其训练进程占用的主机内存</translation>
    </message>
    <message>
        <source>{label}: no GPU samples to draw</source>
        <translation>{label}：没有可画的 GPU 采样</translation>
    </message>
    <message>
        <source>{path} is a folder, not a run file.</source>
        <translation>{path} 是文件夹，不是运行记录文件。</translation>
    </message>
    <message>
        <source>started</source>
        <translation>开始时间</translation>
    </message>
    <message>
        <source>status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>duration</source>
        <translation>时长</translation>
    </message>
    <message>
        <source>device</source>
        <translation>设备</translation>
    </message>
    <message>
        <source>label</source>
        <translation>标签</translation>
    </message>
    <message>
        <source>CPU (no GPU)</source>
        <translation>CPU（无 GPU）</translation>
    </message>
    <message>
        <source>setting</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>id</source>
        <translation>编号</translation>
    </message>
    <message>
        <source>The recording: {frames} frames over {secs:.1f} s. The peak of each GPU (used + reserved):</source>
        <translation>这段记录：{frames} 帧，共 {secs:.1f} 秒。每块 GPU 的峰值（已用 + 预留）：</translation>
    </message>
    <message>
        <source>Peak at {t:.1f} s:</source>
        <translation>峰值出现在第 {t:.1f} 秒：</translation>
    </message>
    <message>
        <source>{n} recordings come with the app; this lists them:</source>
        <translation>应用自带 {n} 段记录；这条命令会列出它们：</translation>
    </message>
    <message>
        <source>the loss scale starts at {scale}: the loss is multiplied by it so that small float16 gradients do not round to zero</source>
        <translation>损失缩放从 {scale} 开始：损失乘以它，使很小的 float16 梯度不会被舍入为零</translation>
    </message>
    <message>
        <source>by step {step}: {what} ({before} → {after})</source>
        <translation>到第 {step} 步：{what}（{before} → {after}）</translation>
    </message>
    <message>
        <source>by step {step}: the scale grew ({before} → {after}) after {n} steps without an overflow</source>
        <translation>到第 {step} 步：连续 {n} 步没有溢出后，损失缩放增大（{before} → {after}）</translation>
    </message>
    <message>
        <source>The chart shows the last {n} of {total} runs (more curves cannot be told apart); the table above lists all. Not drawn: {labels}</source>
        <translation>图中只画出 {total} 次运行中的最后 {n} 次（曲线再多就分不清了）；上面的表格列出了全部。未画出：{labels}</translation>
    </message>
    <message>
        <source>#{i}: nothing to compare: the run has no memory readings and no steps ({status}); its file may be cut off, or it ended before its first step.</source>
        <translation>#{i}：没有可比较的内容：这次运行没有显存读数，也没有训练步（{status}）；它的文件可能被截断了，或者它在第一步之前就结束了。</translation>
    </message>
</context>
</TS>
