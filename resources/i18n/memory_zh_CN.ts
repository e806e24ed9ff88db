<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>memory</name>
    <message>
        <source>fits</source>
        <translation>能放下</translation>
    </message>
    <message>
        <source>out of memory</source>
        <translation>显存不足</translation>
    </message>
    <message>
        <source>stalled</source>
        <translation>卡住</translation>
    </message>
    <message>
        <source>no GPU</source>
        <translation>没有 GPU</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>no NVIDIA GPU was found</source>
        <translation>没有找到 NVIDIA GPU</translation>
    </message>
    <message>
        <source>runs out of memory</source>
        <translation>显存不足</translation>
    </message>
    <message>
        <source>stalls (counted as not fitting)</source>
        <translation>卡住（算作放不下）</translation>
    </message>
    <message>
        <source>the GPU's free memory is not known: give a limit</source>
        <translation>不知道 GPU 的空闲显存：请给出一个上限</translation>
    </message>
    <message>
        <source>TensorFlow in this Python registered no GPU (`tfgpu-wizard verify` says why)</source>
        <translation>这个 Python 里的 TensorFlow 没有注册任何 GPU（`tfgpu-wizard verify` 会说明原因）</translation>
    </message>
    <message>
        <source>{precision}: batch {batch} {outcome} ({seconds:.0f} s)</source>
        <translation>{precision}：批大小 {batch} {outcome}（{seconds:.0f} 秒）</translation>
    </message>
    <message>
        <source>{precision}: batch {batch} fits</source>
        <translation>{precision}：批大小 {batch} 能放下</translation>
    </message>
    <message>
        <source>(the largest batch tried)</source>
        <translation>（试过的最大批大小）</translation>
    </message>
    <message>
        <source>The search was cancelled.</source>
        <translation>搜索已取消。</translation>
    </message>
    <message>
        <source>TensorFlow in this Python registered no GPU</source>
        <translation>这个 Python 里的 TensorFlow 没有注册任何 GPU</translation>
    </message>
    <message>
        <source>there is no GPU {index} (NVML sees {count})</source>
        <translation>没有 GPU {index}（NVML 看到 {count} 块）</translation>
    </message>
    <message>
        <source>{precision}: not measured</source>
        <translation>{precision}：未测量</translation>
    </message>
    <message>
        <source>{precision}: even batch {fail_batch} {fail} under {limit} MB</source>
        <translation>{precision}：在 {limit} MB 上限下，即使批大小 {fail_batch} 也{fail}</translation>
    </message>
    <message>
        <source>TensorFlow's peak {peak} MiB</source>
        <translation>TensorFlow 峰值 {peak} MiB</translation>
    </message>
    <message>
        <source>{precision}: predicted largest batch {batch} under {limit} MB (not measured)</source>
        <translation>{precision}：预测在 {limit} MB 上限下最大批大小为 {batch}（未测量）</translation>
    </message>
    <message>
        <source>{precision}: each sample of the batch adds {kib} KiB to {fixed} MiB of weights and optimizer state (not measured; give a memory limit for the largest batch)</source>
        <translation>{precision}：批中每个样本在 {fixed} MiB 的权重和优化器状态之外再占 {kib} KiB（未测量；给出显存上限才能算出最大批大小）</translation>
    </message>
    <message>
        <source>{fail_batch} {fail}</source>
        <translation>{fail_batch} {fail}</translation>
    </message>
    <message>
        <source>headroom {free} MiB of the {limit} MB limit (TensorFlow's peak {peak} MiB)</source>
        <translation>{limit} MB 上限中还剩 {free} MiB 余量（TensorFlow 峰值 {peak} MiB）</translation>
    </message>
    <message>
        <source>predicted {batch} ({err:+.0f}%)</source>
        <translation>预测为 {batch}（{err:+.0f}%）</translation>
    </message>
    <message>
        <source>Cannot measure here: {reason}. The prediction only:</source>
        <translation>这里无法测量：{reason}。只有预测：</translation>
    </message>
    <message>
        <source>The search stopped: {error}</source>
        <translation>搜索已停止：{error}</translation>
    </message>
    <message>
        <source>Searching the largest batch for {precision} under {limit} MB ...</source>
        <translation>正在搜索 {precision} 在 {limit} MB 上限下的最大批大小……</translation>
    </message>
    <message>
        <source>batch {batch} failed for another reason than memory: {detail}</source>
        <translation>批大小 {batch} 因显存以外的原因失败：{detail}</translation>
    </message>
    <message>
        <source>batch {batch} stalled in its first step (XLA can spin instead of running out of memory): counted as not fitting</source>
        <translation>批大小 {batch} 在第一步卡住（XLA 可能空转而不是报显存不足）：算作放不下</translation>
    </message>
    <message>
        <source>{precision}: trying batch {batch} ...</source>
        <translation>{precision}：正在试批大小 {batch}……</translation>
    </message>
    <message>
        <source>batch {batch}: {seconds:.0f} s</source>
        <translation>批大小 {batch}：{seconds:.0f} 秒</translation>
    </message>
    <message>
        <source>weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>16-bit weight copies</source>
        <translation>16 位权重副本</translation>
    </message>
    <message>
        <source>gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>optimizer slots</source>
        <translation>优化器槽</translation>
    </message>
    <message>
        <source>activations</source>
        <translation>激活值</translation>
    </message>
    <message>
        <source>backward working set</source>
        <translation>反向传播工作区</translation>
    </message>
    <message>
        <source>input batch</source>
        <translation>输入批</translation>
    </message>
    <message>
        <source>XLA autotuning</source>
        <translation>XLA 自动调优</translation>
    </message>
    <message>
        <source>CUDA context</source>
        <translation>CUDA 上下文</translation>
    </message>
    <message>
        <source>cuDNN/cuBLAS</source>
        <translation>cuDNN/cuBLAS</translation>
    </message>
    <message>
        <source>TensorFlow's reserve</source>
        <translation>TensorFlow 的预留</translation>
    </message>
    <message>
        <source>TensorFlow could not be imported in this Python, so nothing can be predicted there.</source>
        <translation>这个 Python 无法导入 TensorFlow，所以无法在那里做预测。</translation>
    </message>
    <message>
        <source>Predicting the memory in the target Python (TensorFlow on the CPU) ...</source>
        <translation>正在目标 Python 中预测显存（TensorFlow 在 CPU 上运行）……</translation>
    </message>
    <message>
        <source>Predicted for batch {batch} ({precision}): peak {peak} MiB in TensorFlow's pool ({parts} MiB), plus about {outside} MiB of CUDA context and libraries outside it</source>
        <translation>批大小 {batch}（{precision}）的预测：TensorFlow 显存池峰值 {peak} MiB（{parts} MiB），另有池外约 {outside} MiB 的 CUDA 上下文和库</translation>
    </message>
    <message>
        <source>nearly the whole card, whatever the model needs</source>
        <translation>几乎整张卡，与模型需要多少无关</translation>
    </message>
    <message>
        <source>between {low} and {high} MiB: TensorFlow's pool grows in steps that double, so it holds up to {ratio:.1f}x its peak</source>
        <translation>在 {low} 到 {high} MiB 之间：TensorFlow 的显存池按倍增的步子增长，所以最多占用其峰值的 {ratio:.1f} 倍</translation>
    </message>
    <message>
        <source>The estimator refused the request: {message}</source>
        <translation>估算器拒绝了请求：{message}</translation>
    </message>
    <message>
        <source>Predicted {pred} MiB, TensorFlow's measured peak {tf} MiB: error {err:+.1f}%</source>
        <translation>预测 {pred} MiB，TensorFlow 实测峰值 {tf} MiB：误差 {err:+.1f}%</translation>
    </message>
    <message>
        <source>the step itself needs {needed} MiB</source>
        <translation>训练步本身需要 {needed} MiB</translation>
    </message>
    <message>
        <source>about {mib} MiB: the {limit} MB limit (TensorFlow's pool) plus the CUDA context and libraries</source>
        <translation>约 {mib} MiB：{limit} MB 上限（TensorFlow 的显存池）加上 CUDA 上下文和库</translation>
    </message>
    <message>
        <source>The prediction was cancelled.</source>
        <translation>预测已取消。</translation>
    </message>
    <message>
        <source>The estimator {end}.</source>
        <translation>估算器{end}。</translation>
    </message>
    <message>
        <source>NVML's peak for the process {nvml} MiB</source>
        <translation>NVML 看到的进程峰值 {nvml} MiB</translation>
    </message>
    <message>
        <source>Measured: TensorFlow's peak {tf} MiB (no prediction)</source>
        <translation>实测：TensorFlow 峰值 {tf} MiB（没有预测）</translation>
    </message>
    <message>
        <source>Predicted {pred} MiB; TensorFlow reported no peak (no GPU?)</source>
        <translation>预测 {pred} MiB；TensorFlow 没有报告峰值（没有 GPU？）</translation>
    </message>
    <message>
        <source>about {mib} MiB: the free memory less TensorFlow's {reserve} MiB reserve, whatever the model needs</source>
        <translation>约 {mib} MiB：空闲显存减去 TensorFlow 预留的 {reserve} MiB，与模型需要多少无关</translation>
    </message>
    <message>
        <source>still predicting ({seconds:.0f} s)</source>
        <translation>仍在预测（{seconds:.0f} 秒）</translation>
    </message>
    <message>
        <source>one jump: TensorFlow takes nearly all free memory at its first GPU operation, then a flat line</source>
        <translation>一次跳升：TensorFlow 在第一次 GPU 操作时占用几乎所有空闲显存，之后是一条平线</translation>
    </message>
    <message>
        <source>a staircase: it rises as the run needs memory and never comes down</source>
        <translation>阶梯：随着运行需要而上升，从不下降</translation>
    </message>
    <message>
        <source>capped: one rise to the limit plus the CUDA context, then a flat line</source>
        <translation>封顶：一次上升到上限加上 CUDA 上下文，之后是一条平线</translation>
    </message>
    <message>
        <source>nothing held</source>
        <translation>没有占用</translation>
    </message>
    <message>
        <source>Device used (NVML)</source>
        <translation>设备已用（NVML）</translation>
    </message>
    <message>
        <source>This run's process (NVML)</source>
        <translation>本次运行的进程（NVML）</translation>
    </message>
    <message>
        <source>TensorFlow's pool limit</source>
        <translation>TensorFlow 显存池上限</translation>
    </message>
    <message>
        <source>TensorFlow in use</source>
        <translation>TensorFlow 正在使用</translation>
    </message>
    <message>
        <source>Tensors TensorFlow's allocator holds right now (get_memory_info): between steps only the weights and the optimizer's slots.</source>
        <translation>TensorFlow 分配器此刻持有的张量（get_memory_info）：两步之间只有权重和优化器槽。</translation>
    </message>
    <message>
        <source>TensorFlow's peak</source>
        <translation>TensorFlow 峰值</translation>
    </message>
    <message>
        <source>The most it held at once, during a step (get_memory_info): what the prediction is checked against.</source>
        <translation>它在一步之中同时持有的最大量（get_memory_info）：预测就与它对比。</translation>
    </message>
    <message>
        <source>No NVIDIA driver answered (NVML), so the card itself is not seen.</source>
        <translation>没有 NVIDIA 驱动应答（NVML），所以看不到显卡本身。</translation>
    </message>
    <message>
        <source>Not given by this driver (Windows WDDM and WSL2 do not report memory per process).</source>
        <translation>这个驱动不提供（Windows WDDM 和 WSL2 不报告每个进程的显存）。</translation>
    </message>
    <message>
        <source>The training process alone: TensorFlow's pool plus the CUDA context and libraries.</source>
        <translation>只算训练进程：TensorFlow 的显存池加上 CUDA 上下文和库。</translation>
    </message>
    <message>
        <source>Not known: TensorFlow prints its pool size only at INFO log level (TF_CPP_MIN_LOG_LEVEL=0).</source>
        <translation>未知：TensorFlow 只在 INFO 日志级别（TF_CPP_MIN_LOG_LEVEL=0）下打印显存池大小。</translation>
    </message>
    <message>
        <source>TensorFlow log</source>
        <translation>TensorFlow 日志</translation>
    </message>
    <message>
        <source>configuration</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>Predicted peak</source>
        <translation>预测峰值</translation>
    </message>
    <message>
        <source>Computed before the run from the model, the batch and the precision.</source>
        <translation>运行前根据模型、批大小和精度算出。</translation>
    </message>
    <message>
        <source>estimate</source>
        <translation>估算</translation>
    </message>
    <message>
        <source>Expected: {words}.</source>
        <translation>预期：{words}。</translation>
    </message>
    <message>
        <source>Expected a cap near the {limit} MB limit, but the process reached {peak} MiB: the limit did not hold.</source>
        <translation>预期在 {limit} MB 上限附近封顶，但进程达到了 {peak} MiB：上限没有生效。</translation>
    </message>
    <message>
        <source>Everything on the card, by every process.</source>
        <translation>卡上的全部占用，来自所有进程。</translation>
    </message>
    <message>
        <source>As expected: {words}.</source>
        <translation>符合预期：{words}。</translation>
    </message>
    <message>
        <source>As expected for memory growth: one small rise to {peak} MiB (the run needed little memory, so the staircase had only a step or two).</source>
        <translation>符合按需增长的预期：一次小幅上升到 {peak} MiB（这次运行需要的显存很少，所以阶梯只有一两级）。</translation>
    </message>
    <message>
        <source>Everything on the card, by every process, of {total} MiB.</source>
        <translation>卡上的全部占用，来自所有进程，共 {total} MiB。</translation>
    </message>
    <message>
        <source>The most TensorFlow may take: its log line "Created device ... with {mb} MB memory".</source>
        <translation>TensorFlow 最多可以占用的量：它的日志行“Created device ... with {mb} MB memory”。</translation>
    </message>
    <message>
        <source>The most TensorFlow may take: the limit you set ({mb} MB).</source>
        <translation>TensorFlow 最多可以占用的量：你设置的上限（{mb} MB）。</translation>
    </message>
    <message>
        <source>Expected one jump to nearly the whole card, but the process rose to {peak} MiB of {total} MiB: another process may hold memory, or TF_FORCE_GPU_ALLOW_GROWTH=true is set.</source>
        <translation>预期一次跳升到几乎整张卡，但进程只升到 {peak} MiB（共 {total} MiB）：可能有其他进程占用了显存，或者设置了 TF_FORCE_GPU_ALLOW_GROWTH=true。</translation>
    </message>
    <message>
        <source>Expected {expected}; the trace shows {seen}.</source>
        <translation>预期为{expected}；曲线显示为{seen}。</translation>
    </message>
    <message>
        <source>--memory-limit must be a number of MB of at least 1</source>
        <translation>--memory-limit 必须是至少为 1 的 MB 数</translation>
    </message>
    <message>
        <source>--tolerance must be between 0 and 1</source>
        <translation>--tolerance 必须在 0 和 1 之间</translation>
    </message>
    <message>
        <source>--probe-timeout must be a positive number of seconds</source>
        <translation>--probe-timeout 必须是正的秒数</translation>
    </message>
    <message>
        <source>A saved model is predicted, not measured (the probes run the bundled sample).</source>
        <translation>保存的模型只做预测，不做测量（测量用的是内置示例）。</translation>
    </message>
    <message>
        <source>no model file at {path}</source>
        <translation>{path} 处没有模型文件</translation>
    </message>
    <message>
        <source>Predicting {path} in the target Python ...</source>
        <translation>正在目标 Python 中预测 {path}……</translation>
    </message>
    <message>
        <source>--{flag} must be at least 1</source>
        <translation>--{flag} 必须至少为 1</translation>
    </message>
    <message>
        <source>tfgpu-wizard fit: {problem}</source>
        <translation>tfgpu-wizard fit：{problem}</translation>
    </message>
    <message>
        <source>{precision}: {error}</source>
        <translation>{precision}：{error}</translation>
    </message>
    <message>
        <source>each sample of the batch adds {kib} KiB</source>
        <translation>批中每个样本再占 {kib} KiB</translation>
    </message>
    <message>
        <source>predicted largest batch under {limit} MB: {batch}</source>
        <translation>预测在 {limit} MB 上限下的最大批大小：{batch}</translation>
    </message>
    <message>
        <source>note: {note}</source>
        <translation>注：{note}</translation>
    </message>
    <message>
        <source>the limit ({limit} MB) is more than the GPU has free now ({free} MiB): a batch near it can fail for lack of free memory rather than the limit</source>
        <translation>上限（{limit} MB）超过了 GPU 当前的空闲显存（{free} MiB）：接近它的批大小可能因为没有足够的空闲显存而失败，而不是因为上限</translation>
    </message>
</context>
</TS>
