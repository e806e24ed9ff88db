<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>verdicts</name>
    <message>
        <source>Works</source>
        <translation>正常工作</translation>
    </message>
    <message>
        <source>Works on the CPU, as intended</source>
        <translation>在 CPU 上正常工作（符合预期）</translation>
    </message>
    <message>
        <source>For information</source>
        <translation>仅供参考</translation>
    </message>
    <message>
        <source>Stopped by you</source>
        <translation>已由你停止</translation>
    </message>
    <message>
        <source>Works, with caveats</source>
        <translation>可以工作，但有注意事项</translation>
    </message>
    <message>
        <source>Needs action</source>
        <translation>需要你处理</translation>
    </message>
    <message>
        <source>Not working</source>
        <translation>无法工作</translation>
    </message>
</context>
</TS>
