<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>target</name>
    <message>
        <source>unknown backend {value!r}: choose one of {choices}</source>
        <translation>未知的后端 {value!r}：请从 {choices} 中选择</translation>
    </message>
    <message>
        <source>steps per execution must be a whole number (0 = automatic), got {value!r}</source>
        <translation>每次执行的步数必须是整数（0 = 自动），收到 {value!r}</translation>
    </message>
    <message>
        <source>steps per execution only applies to the fit loop</source>
        <translation>每次执行的步数只适用于 fit 循环</translation>
    </message>
    <message>
        <source>a multi-worker run needs the TensorFlow backend</source>
        <translation>多工作节点训练需要 TensorFlow 后端</translation>
    </message>
    <message>
        <source>the custom loop needs the TensorFlow backend; use the fit loop</source>
        <translation>自定义循环需要 TensorFlow 后端；请使用 fit 循环</translation>
    </message>
    <message>
        <source>logical CPUs need a multi-device distribution, which Keras 3's PyTorch backend does not have</source>
        <translation>逻辑 CPU 需要多设备分布式，而 Keras 3 的 PyTorch 后端没有这一功能</translation>
    </message>
    <message>
        <source>the PyTorch backend runs one step per execution</source>
        <translation>PyTorch 后端每次执行只运行一步</translation>
    </message>
    <message>
        <source>the PyTorch backend trains on one GPU only (Keras 3 has no multi-GPU distribution for it): choose one GPU, or the JAX or TensorFlow backend</source>
        <translation>PyTorch 后端只能在一块 GPU 上训练（Keras 3 没有为它提供多 GPU 分布式）：请选择一块 GPU，或改用 JAX 或 TensorFlow 后端</translation>
    </message>
    <message>
        <source>Keras {keras} on {backend} {version}, Python {py} (pid {pid})</source>
        <translation>Keras {keras}，后端 {backend} {version}，Python {py}（pid {pid}）</translation>
    </message>
</context>
</TS>
