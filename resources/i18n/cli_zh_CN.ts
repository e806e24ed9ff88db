<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>cli</name>
    <message>
        <source>No display found, so here is the terminal report instead of the window.
To get the window: run this on a desktop, or over SSH with X forwarding (ssh -X), or set QT_QPA_PLATFORM. On a bare server, Qt also needs the system libraries listed in the README (libxcb-cursor0, libegl1, fonts-noto-cjk ...).</source>
        <translation>没有找到图形显示，所以这里显示终端报告而不是窗口。
要显示窗口：请在桌面环境中运行，或通过带 X 转发的 SSH（ssh -X）运行，或设置 QT_QPA_PLATFORM。在没有图形界面的服务器上，Qt 还需要 README 中列出的系统库（libxcb-cursor0、libegl1、fonts-noto-cjk ……）。</translation>
    </message>
    <message>
        <source>tfgpu-wizard {command}: not available in this build</source>
        <translation>tfgpu-wizard {command}：此版本中不可用</translation>
    </message>
</context>
</TS>
