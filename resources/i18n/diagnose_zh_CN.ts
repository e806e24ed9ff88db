<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>diagnose</name>
    <message>
        <source>ERROR</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>WARNING</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>HARMLESS</source>
        <translation>无害</translation>
    </message>
    <message>
        <source>(a consequence of #{n})</source>
        <translation>（是第 {n} 条的后果）</translation>
    </message>
    <message>
        <source>Why:</source>
        <translation>原因：</translation>
    </message>
    <message>
        <source>Fix:</source>
        <translation>解决：</translation>
    </message>
    <message>
        <source>line {n}:</source>
        <translation>第 {n} 行：</translation>
    </message>
    <message>
        <source>See:</source>
        <translation>参见：</translation>
    </message>
    <message>
        <source>({n} matching lines in all)</source>
        <translation>（共 {n} 行匹配）</translation>
    </message>
    <message>
        <source>No known problem found in this log.</source>
        <translation>这份日志里没有发现已知问题。</translation>
    </message>
    <message>
        <source>Only harmless lines: nothing needs fixing.</source>
        <translation>只有无害的消息：不需要修复任何东西。</translation>
    </message>
    <message>
        <source>Cannot read the log {path}: {reason}</source>
        <translation>无法读取日志 {path}：{reason}</translation>
    </message>
    <message>
        <source>The log is empty: nothing to explain.</source>
        <translation>日志是空的：没有内容可以解释。</translation>
    </message>
    <message>
        <source>This computer has no NVIDIA GPU, so TensorFlow uses the CPU here, which is expected: no CUDA library changes that.</source>
        <translation>这台电脑没有 NVIDIA GPU，所以 TensorFlow 在这里使用 CPU，这是正常的：安装任何 CUDA 库都不会改变这一点。</translation>
    </message>
    <message>
        <source>This computer has no working NVIDIA driver, so TensorFlow cannot use a GPU whatever CUDA libraries are installed: install the driver first.</source>
        <translation>这台电脑没有可用的 NVIDIA 驱动，所以无论装了哪些 CUDA 库，TensorFlow 都无法使用 GPU：请先安装驱动。</translation>
    </message>
    <message>
        <source>This TensorFlow is a CPU-only build, so it cannot use the GPU whatever the driver: install the GPU build (`tensorflow[and-cuda]`).</source>
        <translation>这个 TensorFlow 是仅支持 CPU 的版本，无论驱动如何都无法使用 GPU：请安装 GPU 版本（`tensorflow[and-cuda]`）。</translation>
    </message>
    <message>
        <source>The NVIDIA driver works on this computer (CUDA {cuda}), so the driver is not the cause: TensorFlow's CUDA libraries are.</source>
        <translation>这台电脑的 NVIDIA 驱动工作正常（CUDA {cuda}），所以问题不在驱动，而在 TensorFlow 的 CUDA 库。</translation>
    </message>
    <message>
        <source>The NVIDIA driver works on this computer, so the driver is not the cause: TensorFlow's CUDA libraries are.</source>
        <translation>这台电脑的 NVIDIA 驱动工作正常，所以问题不在驱动，而在 TensorFlow 的 CUDA 库。</translation>
    </message>
    <message>
        <source>INFO</source>
        <translation>信息</translation>
    </message>
    <message>
        <source>What this log does not tell:</source>
        <translation>这份日志无法说明的：</translation>
    </message>
    <message>
        <source>This is a CPU installation, so TensorFlow is meant to run on the CPU: this message is expected.</source>
        <translation>这是 CPU 版安装，TensorFlow 本来就应该在 CPU 上运行：出现这条信息是预期的。</translation>
    </message>
    <message>
        <source>This computer has no working NVIDIA driver or GPU, so TensorFlow uses the CPU here, which is expected.</source>
        <translation>这台电脑没有可用的 NVIDIA 驱动或 GPU，所以 TensorFlow 在这里使用 CPU，这是预期的。</translation>
    </message>
    <message>
        <source>The text is empty: there is nothing to explain.</source>
        <translation>文本是空的：没有可以解释的内容。</translation>
    </message>
    <message>
        <source>This does not look like a text log (much of it is binary data): was it the right file? Save the output as text (`python train.py &gt; log.txt 2&gt;&amp;1`) and try again.</source>
        <translation>这看起来不像文本日志（其中很多是二进制数据）：是不是选错了文件？请把输出保存为文本（`python train.py &gt; log.txt 2&gt;&amp;1`）再试一次。</translation>
    </message>
    <message>
        <source>The log is very long: its first {head} lines and its last part were searched, {skipped} lines in between were not.</source>
        <translation>日志非常长：只检查了开头的 {head} 行和结尾部分，中间的 {skipped} 行没有检查。</translation>
    </message>
    <message>
        <source>No TensorFlow, CUDA, pip or Python error lines were found: is this the output of the failing command?</source>
        <translation>没有找到任何 TensorFlow、CUDA、pip 或 Python 错误行：这真的是出错命令的输出吗？</translation>
    </message>
    <message>
        <source>The error itself: it is not in the text (the log may be cut off, or the error went to the other output stream).</source>
        <translation>错误本身：它不在这段文本里（日志可能被截断了，或者错误输出到了另一个输出流）。</translation>
    </message>
    <message>
        <source>Which TensorFlow version wrote it: the log does not print it.</source>
        <translation>是哪个 TensorFlow 版本写的：日志里没有打印版本。</translation>
    </message>
    <message>
        <source>The platform: it was read from paths in the log.</source>
        <translation>平台：是根据日志里的路径判断的。</translation>
    </message>
    <message>
        <source>The platform: the log does not show it (Linux assumed).</source>
        <translation>平台：日志里看不出来（按 Linux 处理）。</translation>
    </message>
    <message>
        <source>The NVIDIA driver on this computer is installed but not working right now, so TensorFlow cannot use a GPU whatever CUDA libraries are installed: fix the driver first (`tfgpu-wizard doctor` says what it needs; after a driver update, a restart).</source>
        <translation>这台电脑装有 NVIDIA 驱动，但它现在没有正常工作，所以无论装了哪些 CUDA 库，TensorFlow 都用不了 GPU：请先修好驱动（`tfgpu-wizard doctor` 会说明需要做什么；刚更新过驱动的话，重启即可）。</translation>
    </message>
    <message>
        <source>{n} problem(s) found in this log.</source>
        <translation>在这份日志里发现 {n} 个问题。</translation>
    </message>
    <message>
        <source>Nothing to fix: the lines found are expected or harmless.</source>
        <translation>无需修复：找到的这些行是预期的或无害的。</translation>
    </message>
</context>
</TS>
