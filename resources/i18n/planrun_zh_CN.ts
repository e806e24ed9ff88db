<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>plan-run</name>
    <message>
        <source>All steps finished.</source>
        <translation>所有步骤已完成。</translation>
    </message>
    <message>
        <source>A step failed; its output is in the log below.</source>
        <translation>有一个步骤失败了；它的输出在下面的日志中。</translation>
    </message>
    <message>
        <source>Cancelled by you.</source>
        <translation>已由你取消。</translation>
    </message>
    <message>
        <source>Stopped before an administrator step, as you asked.</source>
        <translation>已按你的要求在需要管理员权限的步骤之前停止。</translation>
    </message>
    <message>
        <source>nothing large</source>
        <translation>没有大文件</translation>
    </message>
    <message>
        <source>about {0} to {1}</source>
        <translation>约 {0} 到 {1}</translation>
    </message>
    <message>
        <source>This plan is for {0}; run its script on that machine.</source>
        <translation>此方案适用于 {0}；请在那台机器上运行它的脚本。</translation>
    </message>
    <message>
        <source>about {0}</source>
        <translation>约 {0}</translation>
    </message>
    <message>
        <source>The plan's files go to: {0}</source>
        <translation>方案文件保存到：{0}</translation>
    </message>
    <message>
        <source>New environment: {0}</source>
        <translation>新环境：{0}</translation>
    </message>
    <message>
        <source>Download: {0} (an estimate)</source>
        <translation>下载量：{0}（估计值）</translation>
    </message>
    <message>
        <source>Warning: that may not be enough (installed, it takes about twice the download).</source>
        <translation>警告：空间可能不够（安装后约占下载量的两倍）。</translation>
    </message>
    <message>
        <source>{0} steps; {1} need administrator rights (asked one by one).</source>
        <translation>共 {0} 个步骤；其中 {1} 个需要管理员权限（会逐个询问）。</translation>
    </message>
    <message>
        <source>The wizard runs bash and PowerShell plans; run this {0} script yourself.</source>
        <translation>向导只运行 bash 和 PowerShell 方案；请自己运行这个 {0} 脚本。</translation>
    </message>
    <message>
        <source>(not for this system: skipped)</source>
        <translation>（不适用于此系统：已跳过）</translation>
    </message>
    <message>
        <source>(a step you do by hand; see the script's comment)</source>
        <translation>（需要你手动完成的步骤；见脚本中的注释）</translation>
    </message>
    <message>
        <source>(exit code {0})</source>
        <translation>（退出码 {0}）</translation>
    </message>
    <message>
        <source>Step “{0}” failed; its output is just above. tfgpu-wizard diagnose explains such logs.</source>
        <translation>步骤“{0}”失败；它的输出就在上方。tfgpu-wizard diagnose 可以解释这类日志。</translation>
    </message>
    <message>
        <source>Step “{0}” failed; its output is in the log below. The Diagnose page (tfgpu-wizard diagnose) explains such logs.</source>
        <translation>步骤“{0}”失败；它的输出在下面的日志中。“诊断”页面（tfgpu-wizard diagnose）可以解释这类日志。</translation>
    </message>
    <message>
        <source>Free space there: {0}</source>
        <translation>该处可用空间：{0}</translation>
    </message>
    <message>
        <source>(administrator step skipped by you)</source>
        <translation>（你跳过了这个管理员步骤）</translation>
    </message>
    <message>
        <source>(stopped after {0:.0f} s)</source>
        <translation>（{0:.0f} 秒后已停止）</translation>
    </message>
    <message>
        <source>Could not start {0}: {1}</source>
        <translation>无法启动 {0}：{1}</translation>
    </message>
    <message>
        <source>Install now? [y/N] </source>
        <translation>现在安装吗？[y/N] </translation>
    </message>
    <message>
        <source>Run it? [r]un / [s]kip / s[t]op: </source>
        <translation>运行吗？[r]运行 / [s]跳过 / s[t]停止：</translation>
    </message>
    <message>
        <source>Nothing was installed.</source>
        <translation>没有安装任何东西。</translation>
    </message>
    <message>
        <source>Administrator step: {0}</source>
        <translation>管理员步骤：{0}</translation>
    </message>
    <message>
        <source>(for a computer with internet: not run here)</source>
        <translation>（这一步在能上网的电脑上做：此处不运行）</translation>
    </message>
    <message>
        <source>Nothing was written; your files are unchanged.</source>
        <translation>没有写入任何内容；你的文件保持不变。</translation>
    </message>
    <message>
        <source>Replace them? [y/N] </source>
        <translation>替换它们吗？[y/N] </translation>
    </message>
    <message>
        <source>These files were changed after tfgpu-wizard wrote them (or it did not write them):</source>
        <translation>这些文件在 tfgpu-wizard 写入之后被改过（或者不是它写的）：</translation>
    </message>
    <message>
        <source>To do it yourself: {0}</source>
        <translation>请自己完成：{0}</translation>
    </message>
    <message>
        <source>The CUDA messages above are expected here: this plan installs TensorFlow for the CPU, and without an NVIDIA driver TensorFlow says it found no GPU ({0}).</source>
        <translation>上面关于 CUDA 的消息在这里是预期的：这个方案安装的是 CPU 版 TensorFlow，没有 NVIDIA 驱动时 TensorFlow 会说它没有找到 GPU（{0}）。</translation>
    </message>
    <message>
        <source>The other steps finished, but {n} administrator step(s) were skipped: {steps}.</source>
        <translation>其他步骤已完成，但跳过了 {n} 个管理员步骤：{steps}。</translation>
    </message>
    <message>
        <source>The environment is already there: {0}. The steps check and repair it.</source>
        <translation>环境已经存在：{0}。这些步骤会检查并修复它。</translation>
    </message>
    <message>
        <source>Download: at most {0}; little or nothing when it is already installed.</source>
        <translation>下载：最多 {0}；已经安装过时几乎不用下载。</translation>
    </message>
</context>
<context>
    <name>cli</name>
    <message>
        <source>Look inside before you share it: paths and your user name appear in it.</source>
        <translation>分享之前请先看一下内容：里面会出现路径和你的用户名。</translation>
    </message>
    <message>
        <source>Report saved: {0}</source>
        <translation>报告已保存：{0}</translation>
    </message>
    <message>
        <source>Could not write the report: {0}</source>
        <translation>无法写入报告：{0}</translation>
    </message>
    <message>
        <source>not included: {0}</source>
        <translation>未包含：{0}</translation>
    </message>
</context>
<context>
    <name>monitor</name>
    <message>
        <source>Cannot draw the chart here: {error}</source>
        <translation>无法在此绘制图表：{error}</translation>
    </message>
    <message>
        <source>run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>peak MiB</source>
        <translation>峰值 MiB</translation>
    </message>
    <message>
        <source>steady MiB</source>
        <translation>稳定值 MiB</translation>
    </message>
    <message>
        <source>img/s</source>
        <translation>图像/秒</translation>
    </message>
    <message>
        <source>first step s</source>
        <translation>首步 秒</translation>
    </message>
    <message>
        <source>Chart written to {path}</source>
        <translation>图表已写入 {path}</translation>
    </message>
</context>
</TS>
