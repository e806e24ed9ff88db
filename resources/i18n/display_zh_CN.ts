<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>display</name>
    <message>
        <source>QT_QPA_PLATFORM={0} draws the window off screen, where nobody can see it</source>
        <translation>QT_QPA_PLATFORM={0} 会把窗口画在屏幕之外，没有人能看到</translation>
    </message>
    <message>
        <source>cannot connect to the display {0} (DISPLAY is set, but no X server answers there)</source>
        <translation>无法连接到显示 {0}（设置了 DISPLAY，但那里没有 X 服务器应答）</translation>
    </message>
    <message>
        <source>cannot connect to the Wayland display {0}</source>
        <translation>无法连接到 Wayland 显示 {0}</translation>
    </message>
    <message>
        <source>DISPLAY and WAYLAND_DISPLAY are not set</source>
        <translation>没有设置 DISPLAY 和 WAYLAND_DISPLAY</translation>
    </message>
    <message>
        <source>To get the window: run this on a desktop, or over SSH with X forwarding (ssh -X, then check that `echo $DISPLAY` prints something). On a bare server, Qt also needs the system libraries listed in the README (libxcb-cursor0, libegl1, fonts-noto-cjk ...).</source>
        <translation>要打开窗口：请在桌面环境中运行，或通过带 X 转发的 SSH 运行（ssh -X，然后确认 `echo $DISPLAY` 有输出）。在没有桌面的服务器上，Qt 还需要 README 中列出的系统库（libxcb-cursor0、libegl1、fonts-noto-cjk 等）。</translation>
    </message>
</context>
<context>
    <name>cli</name>
    <message>
        <source>No display found: {0}. Here is the terminal report instead of the window.</source>
        <translation>找不到显示：{0}。下面是终端报告，而不是窗口。</translation>
    </message>
</context>
<context>
    <name>gui</name>
    <message>
        <source>The window cannot be shown: {0}.</source>
        <translation>无法显示窗口：{0}。</translation>
    </message>
    <message>
        <source>Everything the window does is also a terminal command: tfgpu-wizard --help</source>
        <translation>窗口能做的一切也都有终端命令：tfgpu-wizard --help</translation>
    </message>
</context>
</TS>
