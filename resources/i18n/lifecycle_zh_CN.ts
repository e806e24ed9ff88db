<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>lifecycle</name>
    <message>
        <source>the terminal was closed ({signal})</source>
        <translation>终端已关闭（{signal}）</translation>
    </message>
    <message>
        <source>interrupted ({signal}, Ctrl-C)</source>
        <translation>已中断（{signal}，Ctrl-C）</translation>
    </message>
    <message>
        <source>stopped by a signal ({signal})</source>
        <translation>被信号停止（{signal}）</translation>
    </message>
    <message>
        <source>tfgpu-wizard: {reason}</source>
        <translation>tfgpu-wizard：{reason}</translation>
    </message>
    <message>
        <source>the disk is full</source>
        <translation>磁盘已满</translation>
    </message>
    <message>
        <source>permission denied</source>
        <translation>没有权限</translation>
    </message>
    <message>
        <source>the file system is read-only</source>
        <translation>文件系统是只读的</translation>
    </message>
    <message>
        <source>{path} is a folder; give a file name</source>
        <translation>{path} 是一个文件夹；请给出文件名</translation>
    </message>
    <message>
        <source>{path} is not a regular file (a device or a socket); it was left as it is</source>
        <translation>{path} 不是普通文件（是设备或套接字），已保持原样</translation>
    </message>
    <message>
        <source>the folder {folder} does not exist</source>
        <translation>文件夹 {folder} 不存在</translation>
    </message>
    <message>
        <source>cannot write {path}: {reason}</source>
        <translation>无法写入 {path}：{reason}</translation>
    </message>
    <message>
        <source>{path} is a pipe that nobody reads; nothing was written</source>
        <translation>{path} 是一个没有读取方的管道，未写入任何内容</translation>
    </message>
    <message>
        <source>cannot create the folder {folder}: {reason}</source>
        <translation>无法创建文件夹 {folder}：{reason}</translation>
    </message>
</context>
</TS>
