<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>remote</name>
    <message>
        <source>connecting …</source>
        <translation>正在连接……</translation>
    </message>
    <message>
        <source>no machine to watch: give at least one address</source>
        <translation>没有要查看的机器：请至少给出一个地址</translation>
    </message>
    <message>
        <source>Ready: driver {driver}, {gpus} GPU(s), TensorFlow {tf}</source>
        <translation>就绪：驱动 {driver}，{gpus} 块 GPU，TensorFlow {tf}</translation>
    </message>
    <message>
        <source>live, every {seconds:g} s</source>
        <translation>在线，每 {seconds:g} 秒读取一次</translation>
    </message>
    <message>
        <source>; trying again in {seconds:.0f} s</source>
        <translation>；{seconds:.0f} 秒后重试</translation>
    </message>
    <message>
        <source>The driver works; TensorFlow is not installed in {python}</source>
        <translation>驱动正常；{python} 中没有安装 TensorFlow</translation>
    </message>
    <message>
        <source>not answering: {detail}</source>
        <translation>无应答：{detail}</translation>
    </message>
    <message>
        <source>answers, but not with GPU metrics: {detail}</source>
        <translation>有应答，但不是 GPU 指标：{detail}</translation>
    </message>
    <message>
        <source>refused: {detail}</source>
        <translation>被拒绝：{detail}</translation>
    </message>
    <message>
        <source>its doctor report could not be read: {error}</source>
        <translation>无法读取它的 doctor 报告：{error}</translation>
    </message>
    <message>
        <source>the answer is empty</source>
        <translation>应答为空</translation>
    </message>
    <message>
        <source>the answer is a web page, not metrics (is this the right port and path?)</source>
        <translation>应答是一个网页，不是指标（端口和路径对吗？）</translation>
    </message>
    <message>
        <source>the answer holds no GPU metrics of the DCGM exporter, nvitop-exporter or tfgpu-wizard</source>
        <translation>应答中没有 DCGM exporter、nvitop-exporter 或 tfgpu-wizard 的 GPU 指标</translation>
    </message>
    <message>
        <source>an empty address</source>
        <translation>地址为空</translation>
    </message>
    <message>
        <source>the {exporter} answered, but lists no GPU</source>
        <translation>{exporter} 有应答，但没有列出任何 GPU</translation>
    </message>
    <message>
        <source>{url}: only http:// and https:// addresses can be read</source>
        <translation>{url}：只能读取 http:// 和 https:// 地址</translation>
    </message>
    <message>
        <source>{url}: no host name</source>
        <translation>{url}：没有主机名</translation>
    </message>
    <message>
        <source>{url}: put a token in the token file, not in the address</source>
        <translation>{url}：请把令牌放在令牌文件里，不要写在地址中</translation>
    </message>
    <message>
        <source>connection refused (nothing listens on that port)</source>
        <translation>连接被拒绝（该端口上没有程序在监听）</translation>
    </message>
    <message>
        <source>unknown host name</source>
        <translation>未知的主机名</translation>
    </message>
    <message>
        <source>the answer is larger than {mib} MiB</source>
        <translation>应答超过 {mib} MiB</translation>
    </message>
    <message>
        <source>the answer is not in the Prometheus text format ({error})</source>
        <translation>应答不是 Prometheus 文本格式（{error}）</translation>
    </message>
    <message>
        <source>{url}: the port is not a number from 1 to 65535</source>
        <translation>{url}：端口不是 1 到 65535 之间的数字</translation>
    </message>
    <message>
        <source>HTTP error {code}</source>
        <translation>HTTP 错误 {code}</translation>
    </message>
    <message>
        <source>no answer within {seconds:g} s</source>
        <translation>{seconds:g} 秒内没有应答</translation>
    </message>
    <message>
        <source>the endpoint wants a token (HTTP {code})</source>
        <translation>该端点需要令牌（HTTP {code}）</translation>
    </message>
    <message>
        <source>the endpoint refused the token (HTTP {code})</source>
        <translation>该端点拒绝了这个令牌（HTTP {code}）</translation>
    </message>
    <message>
        <source>the endpoint redirects to {where}: give that address</source>
        <translation>该端点重定向到 {where}：请直接给出那个地址</translation>
    </message>
    <message>
        <source>Ctrl-C stops.</source>
        <translation>按 Ctrl-C 停止。</translation>
    </message>
    <message>
        <source>--interval must be between 0.5 and 60 seconds for other machines.</source>
        <translation>查看其他机器时，--interval 必须在 0.5 到 60 秒之间。</translation>
    </message>
    <message>
        <source>--csv logs this machine's GPUs; it cannot be combined with --remote.</source>
        <translation>--csv 记录的是本机的 GPU，不能与 --remote 一起使用。</translation>
    </message>
    <message>
        <source>Only this machine can read it (127.0.0.1). To let a classroom read it, give --bind 0.0.0.0 and a token (--token-file FILE).</source>
        <translation>只有本机可以读取（127.0.0.1）。要让课堂上的其他机器读取，请给出 --bind 0.0.0.0 和令牌（--token-file FILE）。</translation>
    </message>
    <message>
        <source>Machines that can reach this address and know the token can read it (the Authorization: Bearer header). Plain HTTP: keep it to a network you trust.</source>
        <translation>能访问这个地址并知道令牌的机器都可以读取（Authorization: Bearer 请求头）。这是明文 HTTP：只在可信的网络中使用。</translation>
    </message>
    <message>
        <source>tfgpu-wizard monitor · {n} machines · {time}</source>
        <translation>tfgpu-wizard monitor · {n} 台机器 · {time}</translation>
    </message>
    <message>
        <source>Serving this machine's GPUs read-only at {url}</source>
        <translation>正在以只读方式发布本机的 GPU：{url}</translation>
    </message>
    <message>
        <source>The doctor report: {url}</source>
        <translation>doctor 报告：{url}</translation>
    </message>
    <message>
        <source>Read it from another machine with: tfgpu-wizard monitor --remote {host}:{port}</source>
        <translation>在另一台机器上这样读取：tfgpu-wizard monitor --remote {host}:{port}</translation>
    </message>
    <message>
        <source>util {util}</source>
        <translation>利用率 {util}</translation>
    </message>
    <message>
        <source>The token file {path} is empty.</source>
        <translation>令牌文件 {path} 是空的。</translation>
    </message>
    <message>
        <source>Cannot listen on {host} port {port}: {error}</source>
        <translation>无法在 {host} 的端口 {port} 上监听：{error}</translation>
    </message>
    <message>
        <source>Cannot read the token file {path}: {error}</source>
        <translation>无法读取令牌文件 {path}：{error}</translation>
    </message>
    <message>
        <source>doctor report: {error}</source>
        <translation>doctor 报告：{error}</translation>
    </message>
    <message>
        <source>No GPU to show here ({reason}); the endpoint serves the doctor report only.</source>
        <translation>这里没有可显示的 GPU（{reason}）；该端点只提供 doctor 报告。</translation>
    </message>
    <message>
        <source>--serve and --remote cannot be combined.</source>
        <translation>--serve 和 --remote 不能一起使用。</translation>
    </message>
    <message>
        <source>The token is too short: use at least {n} characters (for example the output of: python -c "import secrets; print(secrets.token_urlsafe())").</source>
        <translation>令牌太短：至少使用 {n} 个字符（例如这条命令的输出：python -c "import secrets; print(secrets.token_urlsafe())"）。</translation>
    </message>
    <message>
        <source>Serving on {host} lets other machines read this one, so it needs a token: put one in a file and give --token-file FILE, or set {env}. Without --bind the server listens on 127.0.0.1 only.</source>
        <translation>在 {host} 上发布会让其他机器读取本机，因此需要令牌：把令牌写进文件并给出 --token-file FILE，或设置 {env}。不加 --bind 时，服务只监听 127.0.0.1。</translation>
    </message>
    <message>
        <source>the connection was closed before an answer came</source>
        <translation>连接在应答到来之前被关闭</translation>
    </message>
</context>
<context>
    <name>cli-help</name>
    <message>
        <source>seconds between samples, 0.01 to 60 (default 0.1 = 10 Hz; 1 with --serve and --remote)</source>
        <translation>两次采样之间的秒数，0.01 到 60（默认 0.1 = 10 Hz；使用 --serve 和 --remote 时为 1）</translation>
    </message>
    <message>
        <source>watch other machines instead: DCGM exporter (host:9400), nvitop-exporter (host:8000) or tfgpu-wizard monitor --serve (host:9480) endpoints; NAME=URL names a machine</source>
        <translation>改为查看其他机器：DCGM exporter（主机:9400）、nvitop-exporter（主机:8000）或 tfgpu-wizard monitor --serve（主机:9480）端点；NAME=URL 为机器命名</translation>
    </message>
    <message>
        <source>publish this machine's GPUs and doctor report read-only over HTTP (Prometheus text)</source>
        <translation>通过 HTTP 以只读方式发布本机的 GPU 和 doctor 报告（Prometheus 文本格式）</translation>
    </message>
    <message>
        <source>address --serve listens on (default 127.0.0.1; any other needs a token)</source>
        <translation>--serve 监听的地址（默认 127.0.0.1；其他地址需要令牌）</translation>
    </message>
    <message>
        <source>port --serve listens on (default 9480)</source>
        <translation>--serve 监听的端口（默认 9480）</translation>
    </message>
    <message>
        <source>a file whose first line is the token (--serve asks for it, --remote sends it); default: the TFGPU_WIZARD_TOKEN environment variable</source>
        <translation>第一行是令牌的文件（--serve 要求它，--remote 发送它）；默认：环境变量 TFGPU_WIZARD_TOKEN</translation>
    </message>
</context>
<context>
    <name>ClassroomPage</name>
    <message>
        <source>Classroom: the GPUs of other machines</source>
        <translation>课堂：其他机器的 GPU</translation>
    </message>
    <message>
        <source>Addresses of machines that run {serve} (port 9480), NVIDIA's {dcgm} (port 9400) or {nvitop} (port 8000): one per line or separated by spaces; NAME=address names a machine. Each machine is read as often as it refreshes, at most once a second.</source>
        <translation>运行 {serve}（端口 9480）、NVIDIA {dcgm}（端口 9400）或 {nvitop}（端口 8000）的机器地址：每行一个或用空格分隔；NAME=地址 可为机器命名。每台机器按它自己的刷新频率读取，最多每秒一次。</translation>
    </message>
    <message>
        <source>for example: alice=192.168.1.21:9480  lab-gpu-2:9400</source>
        <translation>例如：alice=192.168.1.21:9480  lab-gpu-2:9400</translation>
    </message>
    <message>
        <source>Watch</source>
        <translation>查看</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>token (if the machines ask for one)</source>
        <translation>令牌（如果机器要求）</translation>
    </message>
    <message>
        <source>Side by side</source>
        <translation>并排</translation>
    </message>
    <message>
        <source>Overlaid</source>
        <translation>叠加</translation>
    </message>
    <message>
        <source>Nothing watched yet. Give the addresses above and press Watch.</source>
        <translation>还没有在查看任何机器。请在上方填写地址，然后按“查看”。</translation>
    </message>
    <message>
        <source>memory used (GiB)</source>
        <translation>已用显存（GiB）</translation>
    </message>
    <message>
        <source>seconds (0 = now)</source>
        <translation>秒（0 = 现在）</translation>
    </message>
    <message>
        <source>Give at least one address.</source>
        <translation>请至少给出一个地址。</translation>
    </message>
    <message>
        <source>Watching {n} machines</source>
        <translation>正在查看 {n} 台机器</translation>
    </message>
    <message>
        <source>{live} of {n} machines answering</source>
        <translation>{n} 台机器中有 {live} 台在应答</translation>
    </message>
    <message>
        <source>Doctor: {verdict}</source>
        <translation>Doctor：{verdict}</translation>
    </message>
    <message>
        <source>No doctor verdict: only {command} publishes one.</source>
        <translation>没有 doctor 结论：只有 {command} 会发布。</translation>
    </message>
    <message>
        <source>{gpu} {name}: {used} of {total} GiB, {util} %</source>
        <translation>{gpu} {name}：{used} / {total} GiB，{util} %</translation>
    </message>
    <message>
        <source>Doctor: waiting for its report …</source>
        <translation>Doctor：正在等待它的报告……</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Classroom</source>
        <translation>课堂</translation>
    </message>
</context>
</TS>
