<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>ChartExport</name>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>cannot draw the chart for %1</source>
        <translation>无法绘制 %1 的图表</translation>
    </message>
    <message>
        <source>cannot encode %1 as PNG</source>
        <translation>无法将 %1 编码为 PNG</translation>
    </message>
    <message>
        <source>Exported by KernelLens</source>
        <translation>由 KernelLens 导出</translation>
    </message>
</context>
<context>
    <name>DashboardCharts</name>
    <message>
        <source>No compile events</source>
        <translation>没有编译事件</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>hit rate %1 %</source>
        <translation>命中率 %1 %</translation>
    </message>
    <message>
        <source>no events</source>
        <translation>无事件</translation>
    </message>
    <message>
        <source>%1 – %2
%3 · %4 hits · %5 misses
compiled %6 · cache %7</source>
        <translation>%1 – %2
%3 · %4 次命中 · %5 次未命中
已编译 %6 · 缓存 %7</translation>
    </message>
    <message>
        <source>MiB</source>
        <translation>MiB</translation>
    </message>
    <message>
        <source>KiB</source>
        <translation>KiB</translation>
    </message>
    <message>
        <source>Hit rate (%)</source>
        <translation>命中率 (%)</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>Compiled (%1)</source>
        <translation>已编译 (%1)</translation>
    </message>
    <message>
        <source>%1 (%2, %3)
%4: %5 of %6</source>
        <translation>%1 (%2, %3)
%4：%5 / %6</translation>
    </message>
    <message>
        <source>Slowest compile (ms)</source>
        <translation>最慢编译 (ms)</translation>
    </message>
    <message>
        <source>Compiles</source>
        <translation>编译次数</translation>
    </message>
    <message>
        <source>%1: %2 compiles</source>
        <translation>%1：%2 次编译</translation>
    </message>
    <message>
        <source>Hits</source>
        <translation>命中</translation>
    </message>
    <message>
        <source>Misses</source>
        <translation>未命中</translation>
    </message>
    <message>
        <source>%1: %2 events · %3 hits · %4 misses (hit rate %5 %)</source>
        <translation>%1：%2 个事件 · %3 次命中 · %4 次未命中（命中率 %5 %）</translation>
    </message>
    <message>
        <source>Compiled</source>
        <translation>已编译</translation>
    </message>
    <message>
        <source>%1: %2 in %3 compiles</source>
        <translation>%1：%3 次编译共 %2</translation>
    </message>
    <message>
        <source>Compiled (events)</source>
        <translation>已编译（事件）</translation>
    </message>
    <message>
        <source>On disk (entries by time written)</source>
        <translation>磁盘上（按条目写入时间）</translation>
    </message>
    <message>
        <source>%1: %2 entries, %3 on disk</source>
        <translation>%1：%2 个条目，磁盘上 %3</translation>
    </message>
    <message>
        <source>On disk (%1)</source>
        <translation>磁盘上 (%1)</translation>
    </message>
</context>
<context>
    <name>DashboardModels</name>
    <message>
        <source>%1 µs</source>
        <translation>%1 µs</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1 %</translation>
    </message>
</context>
<context>
    <name>DemoCache</name>
    <message>
        <source>the demo cache is not installed (looked in %1 and %2)</source>
        <translation>未安装演示缓存（已查找 %1 和 %2）</translation>
    </message>
    <message>
        <source>cannot create a temporary folder in %1: %2</source>
        <translation>无法在 %1 中创建临时文件夹：%2</translation>
    </message>
    <message>
        <source>cannot create %1</source>
        <translation>无法创建 %1</translation>
    </message>
    <message>
        <source>cannot copy %1 to %2: %3</source>
        <translation>无法将 %1 复制到 %2：%3</translation>
    </message>
    <message>
        <source>%1: incomplete (its cubin is missing)</source>
        <translation>%1：不完整（缺少 cubin）</translation>
    </message>
    <message>
        <source>%1: corrupt metadata (cut off)</source>
        <translation>%1：元数据损坏（被截断）</translation>
    </message>
    <message>
        <source>%1: orphaned temp folder</source>
        <translation>%1：孤立的临时文件夹</translation>
    </message>
</context>
<context>
    <name>EntryText</name>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>%1 B</source>
        <translation>%1 B</translation>
    </message>
    <message>
        <source>kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>entry</source>
        <translation>条目</translation>
    </message>
    <message>
        <source>kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1，%2</translation>
    </message>
    <message>
        <source>, hash %1 (%2)</source>
        <translation>，哈希 %1（%2）</translation>
    </message>
    <message>
        <source>not checkable for this folder name</source>
        <translation>此文件夹名无法校验</translation>
    </message>
    <message>
        <source>folder name matches</source>
        <translation>文件夹名匹配</translation>
    </message>
    <message>
        <source>folder name does NOT match</source>
        <translation>文件夹名不匹配</translation>
    </message>
    <message>
        <source>key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>target</source>
        <translation>目标</translation>
    </message>
    <message>
        <source>%1 %2, warp size %3</source>
        <translation>%1 %2，warp 大小 %3</translation>
    </message>
    <message>
        <source>launch</source>
        <translation>启动</translation>
    </message>
    <message>
        <source>num_warps %1, num_stages %2, shared %3</source>
        <translation>num_warps %1，num_stages %2，共享内存 %3</translation>
    </message>
    <message>
        <source>triton</source>
        <translation>triton</translation>
    </message>
    <message>
        <source>%1 (metadata format %2)</source>
        <translation>%1（元数据格式 %2）</translation>
    </message>
    <message>
        <source>version not recorded</source>
        <translation>未记录版本</translation>
    </message>
    <message>
        <source>size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>%1, newest file %2</source>
        <translation>%1，最新文件 %2</translation>
    </message>
    <message>
        <source>problems:</source>
        <translation>问题：</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>stages:</source>
        <translation>阶段：</translation>
    </message>
    <message>
        <source>(not a Triton stage)</source>
        <translation>（不是 Triton 阶段）</translation>
    </message>
    <message>
        <source>options:</source>
        <translation>选项：</translation>
    </message>
    <message>
        <source>cache-invalidating env vars:</source>
        <translation>会使缓存失效的环境变量：</translation>
    </message>
    <message>
        <source>recorded by the compiler:</source>
        <translation>编译器记录的内容：</translation>
    </message>
    <message>
        <source>name -&gt; absolute path</source>
        <translation>名称 -&gt; 绝对路径</translation>
    </message>
    <message>
        <source>list of names</source>
        <translation>名称列表</translation>
    </message>
    <message>
        <source>group file (%1), 1 child:</source>
        <translation>组文件（%1），1 个子项：</translation>
    </message>
    <message>
        <source>group file (%1), %2 children:</source>
        <translation>组文件（%1），%2 个子项：</translation>
    </message>
    <message>
        <source>autotune key %1, 1 configuration:</source>
        <translation>自动调优键 %1，1 个配置：</translation>
    </message>
    <message>
        <source>autotune key %1, %2 configurations:</source>
        <translation>自动调优键 %1，%2 个配置：</translation>
    </message>
    <message>
        <source>could not read everything: %1</source>
        <translation>未能全部读取：%1</translation>
    </message>
    <message>
        <source>kernel</source>
        <comment>entry kind</comment>
        <translation>内核</translation>
    </message>
    <message>
        <source>autotune</source>
        <comment>entry kind</comment>
        <translation>自动调优</translation>
    </message>
    <message>
        <source>module</source>
        <comment>entry kind</comment>
        <translation>模块</translation>
    </message>
    <message>
        <source>temp</source>
        <comment>entry kind</comment>
        <translation>临时</translation>
    </message>
    <message>
        <source>foreign</source>
        <comment>entry kind</comment>
        <translation>外部</translation>
    </message>
    <message>
        <source>unknown</source>
        <comment>entry kind</comment>
        <translation>未知</translation>
    </message>
    <message>
        <source>complete</source>
        <comment>entry status</comment>
        <translation>完整</translation>
    </message>
    <message>
        <source>incomplete</source>
        <comment>entry status</comment>
        <translation>不完整</translation>
    </message>
    <message>
        <source>orphan</source>
        <comment>entry status</comment>
        <translation>孤立</translation>
    </message>
    <message>
        <source>corrupt</source>
        <comment>entry status</comment>
        <translation>损坏</translation>
    </message>
    <message>
        <source>foreign</source>
        <comment>entry status</comment>
        <translation>外部</translation>
    </message>
    <message>
        <source>dump</source>
        <comment>entry kind</comment>
        <translation>转储</translation>
    </message>
    <message>
        <source>override</source>
        <comment>entry kind</comment>
        <translation>覆盖</translation>
    </message>
    <message>
        <source>the kernel it overrides, through the dump of the same source</source>
        <translation>它所覆盖的内核，经由同一源码的转储</translation>
    </message>
    <message>
        <source>built from it: %1</source>
        <translation>由它构建：%1</translation>
    </message>
    <message>
        <source>shares %1</source>
        <translation>共享 %1</translation>
    </message>
    <message>
        <source>all stages equal: %1</source>
        <translation>所有阶段相同：%1</translation>
    </message>
    <message>
        <source>cache entries of this folder (linked by the stages they share):</source>
        <translation>此文件夹的缓存条目（按共享的阶段关联）：</translation>
    </message>
    <message>
        <source>same source: %1</source>
        <translation>同一源码：%1</translation>
    </message>
    <message>
        <source>none: no cache entry shares its stages</source>
        <translation>无：没有缓存条目与其共享阶段</translation>
    </message>
    <message>
        <source>dump and override folders of this entry:</source>
        <translation>此条目的转储与覆盖文件夹：</translation>
    </message>
    <message>
        <source>No cubin in this entry</source>
        <translation>此条目没有 cubin</translation>
    </message>
    <message>
        <source>The cubin could not be read as a CUDA ELF: the entry&apos;s cubin tab says why</source>
        <translation>cubin 无法作为 CUDA ELF 读取：条目的 cubin 标签页说明原因</translation>
    </message>
    <message>
        <source>registers</source>
        <translation>寄存器</translation>
    </message>
    <message>
        <source>shared memory</source>
        <translation>共享内存</translation>
    </message>
    <message>
        <source>warps per SM</source>
        <translation>每个 SM 的 warp 数</translation>
    </message>
    <message>
        <source>blocks per SM</source>
        <translation>每个 SM 的块数</translation>
    </message>
    <message numerus="yes">
        <source>%n register(s) per thread, %1 bytes of local memory</source>
        <translation>
            <numerusform>每线程 %n 个寄存器，%1 字节本地内存</numerusform>
        </translation>
    </message>
    <message>
        <source>Occupancy %1%, limited by %2</source>
        <translation>占用率 %1%，受限于 %2</translation>
    </message>
    <message>
        <source>No occupancy: the entry records no num_warps or its arch is unknown</source>
        <translation>无占用率：条目没有记录 num_warps，或其架构未知</translation>
    </message>
</context>
<context>
    <name>Findings</name>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>info</source>
        <translation>信息</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>Nothing recorded differs between the two entries.
</source>
        <translation>两个条目记录的内容没有差异。
</translation>
    </message>
    <message>
        <source>%1  .%2 text differs (%3 and %4 lines)
</source>
        <translation>%1  .%2 文本不同（%3 行和 %4 行）
</translation>
    </message>
    <message>
        <source>(not set)</source>
        <translation>（未设置）</translation>
    </message>
    <message>
        <source>note: %1
</source>
        <translation>注意：%1
</translation>
    </message>
    <message>
        <source>Not recorded by the cache, so still suspects:
</source>
        <translation>缓存未记录，因此仍有嫌疑：
</translation>
    </message>
    <message>
        <source>%1 has no %2 stage</source>
        <translation>%1 没有 %2 阶段</translation>
    </message>
    <message>
        <source>No differences (%1 and %2 lines)</source>
        <translation>无差异（%1 行和 %2 行）</translation>
    </message>
    <message>
        <source>%1 changes: %2 lines removed, %3 added</source>
        <translation>%1 处更改：删除 %2 行，新增 %3 行</translation>
    </message>
    <message>
        <source>kernel</source>
        <comment>difference kind</comment>
        <translation>内核</translation>
    </message>
    <message>
        <source>Triton version</source>
        <comment>difference kind</comment>
        <translation>Triton 版本</translation>
    </message>
    <message>
        <source>target</source>
        <comment>difference kind</comment>
        <translation>目标</translation>
    </message>
    <message>
        <source>option</source>
        <comment>difference kind</comment>
        <translation>选项</translation>
    </message>
    <message>
        <source>environment</source>
        <comment>difference kind</comment>
        <translation>环境变量</translation>
    </message>
    <message>
        <source>stage</source>
        <comment>difference kind</comment>
        <translation>阶段</translation>
    </message>
    <message>
        <source>%1 has no cubin</source>
        <translation>%1 没有 cubin</translation>
    </message>
</context>
<context>
    <name>StageTabs</name>
    <message>
        <source>no stage %1</source>
        <translation>没有阶段 %1</translation>
    </message>
</context>
<context>
    <name>Translation</name>
    <message>
        <source>Unknown language &quot;%1&quot; (available: %2)</source>
        <translation>未知语言“%1”（可用：%2）</translation>
    </message>
    <message>
        <source>The translation %1 cannot be loaded</source>
        <translation>无法加载翻译 %1</translation>
    </message>
</context>
<context>
    <name>kl::clean</name>
    <message>
        <source>older than %1 (last written %2 ago)</source>
        <translation>超过 %1 未写入（最后写入于 %2 前）</translation>
    </message>
    <message>
        <source>stale: %1</source>
        <translation>过时：%1</translation>
    </message>
    <message>
        <source>%1 (no details)</source>
        <translation>%1（无详细信息）</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>orphan temp left by an interrupted write</source>
        <translation>被中断的写入遗留的孤立临时文件（夹）</translation>
    </message>
    <message>
        <source>holds temp folders or files left by interrupted writes</source>
        <translation>包含被中断的写入遗留的临时文件夹或文件</translation>
    </message>
    <message>
        <source>keep-latest %1: 1 newer %2 entry exists</source>
        <translation>keep-latest %1：已有 1 个较新的 %2 条目</translation>
    </message>
    <message>
        <source>keep-latest %1: %2 newer %3 entries exist</source>
        <translation>keep-latest %1：已有 %2 个较新的 %3 条目</translation>
    </message>
    <message>
        <source>%1; written %2 ago, within the grace period of %3</source>
        <translation>%1；写入于 %2 前，仍在 %3 的宽限期内</translation>
    </message>
    <message>
        <source>max-size %1: the cache holds %2</source>
        <translation>max-size %1：缓存当前占用 %2</translation>
    </message>
    <message>
        <source>%1, least recently written first</source>
        <translation>%1，最久未写入的条目优先删除</translation>
    </message>
    <message>
        <source>the cache stays at %1, over --max-size %2: the rest is within the grace period or not Triton&apos;s to remove</source>
        <translation>缓存仍占用 %1，超出 --max-size %2：其余内容仍在宽限期内，或不属于 Triton 而不应删除</translation>
    </message>
    <message>
        <source>cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <source>cannot stat %1: %2</source>
        <translation>无法获取 %1 的文件信息（stat）：%2</translation>
    </message>
    <message>
        <source>cannot open %1</source>
        <translation>无法打开 %1</translation>
    </message>
    <message>
        <source>%1 is not directly inside %2; not entered</source>
        <translation>%1 不直接位于 %2 中；未进入</translation>
    </message>
    <message>
        <source>%1 is a mount point (another filesystem or a bind mount); not entered</source>
        <translation>%1 是挂载点（另一个文件系统或绑定挂载）；未进入</translation>
    </message>
    <message>
        <source>%1 is not a plain name; not touched</source>
        <translation>%1 不是简单的名称；未作改动</translation>
    </message>
    <message>
        <source>%1 is no longer a folder (a symbolic link?); not followed</source>
        <translation>%1 已不再是文件夹（可能是符号链接？）；未跟随</translation>
    </message>
    <message>
        <source>cannot list %1: %2</source>
        <translation>无法列出 %1 的内容：%2</translation>
    </message>
    <message>
        <source>%1 was written to %2 ago, within the grace period of %3</source>
        <translation>%1 写入于 %2 前，仍在 %3 的宽限期内</translation>
    </message>
    <message>
        <source>%1 changed type since the scan; left</source>
        <translation>%1 的类型自扫描以来已改变；已保留</translation>
    </message>
    <message>
        <source>%1: its writer (pid %2) runs on this host</source>
        <translation>%1：其写入进程（pid %2）正在本机上运行</translation>
    </message>
    <message>
        <source>cannot remove %1: %2</source>
        <translation>无法删除 %1：%2</translation>
    </message>
    <message>
        <source>%1: pid %2 runs on this host: a compile may be writing</source>
        <translation>%1：pid %2 正在本机上运行：可能有编译正在写入</translation>
    </message>
    <message>
        <source>%1 is a mount point; the entry is left whole</source>
        <translation>%1 是挂载点；整个条目保持原样</translation>
    </message>
    <message>
        <source>cannot remove %1: %2; nothing else removed</source>
        <translation>无法删除 %1：%2；未删除其他任何内容</translation>
    </message>
    <message>
        <source>%1 (the entry lost its group file: Triton sees a miss)</source>
        <translation>%1（该条目已失去组文件：Triton 会将其视为未命中）</translation>
    </message>
    <message>
        <source>%1 was written to while being removed; left without a group file (Triton sees a miss and rewrites it)</source>
        <translation>%1 在删除过程中被写入；已保留，但没有组文件（Triton 会将其视为未命中并重新写入）</translation>
    </message>
    <message>
        <source>%1: its temp folders&apos; writers run on this host</source>
        <translation>%1：其临时文件夹的写入进程正在本机上运行</translation>
    </message>
    <message>
        <source>%1: its temp folders were written to within the grace period</source>
        <translation>%1：其临时文件夹在宽限期内有写入</translation>
    </message>
    <message>
        <source>removed %1 temp item(s), left %2 (writer alive or recent)</source>
        <translation>已删除 %1 个临时项，保留 %2 个（写入进程仍在运行或最近有写入）</translation>
    </message>
    <message>
        <source>removed %1 temp item(s)</source>
        <translation>已删除 %1 个临时项</translation>
    </message>
    <message>
        <source>root not in the plan</source>
        <translation>该根文件夹不在清理计划中</translation>
    </message>
    <message>
        <source>%1 is nested more than %2 folders deep; left</source>
        <translation>%1 的文件夹嵌套深度超过 %2 层；已保留</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a size (e.g. 10G, 500M, 4096)</source>
        <translation>“%1”不是有效的大小（例如 10G、500M、4096）</translation>
    </message>
    <message>
        <source>&quot;%1&quot;: unknown size unit (use K, M, G or T)</source>
        <translation>“%1”：未知的大小单位（请使用 K、M、G 或 T）</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is too large</source>
        <translation>“%1”太大</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a duration (e.g. 7d, 12h, 30m, 45s, 1h30m)</source>
        <translation>“%1”不是有效的时长（例如 7d、12h、30m、45s、1h30m）</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is too long</source>
        <translation>“%1”太长</translation>
    </message>
    <message>
        <source>%1 folder named with --dump-folder</source>
        <translation>以 --dump-folder 指名的%1文件夹</translation>
    </message>
</context>
<context>
    <name>kl::cubin</name>
    <message>
        <source>record at offset %1 is cut short</source>
        <translation>偏移 %1 处的记录被截断</translation>
    </message>
    <message>
        <source>record at offset %1 claims %2 bytes but the section ends after %3</source>
        <translation>偏移 %1 处的记录声明有 %2 字节，但该节在 %3 字节后结束</translation>
    </message>
    <message>
        <source>record at offset %1 has unknown format %2</source>
        <translation>偏移 %1 处的记录格式 %2 未知</translation>
    </message>
    <message>
        <source>truncated: its %1 ends at byte %2 but the file has %3 bytes</source>
        <translation>已截断：%1 结束于第 %2 字节，但文件只有 %3 字节</translation>
    </message>
    <message>
        <source>%1 bytes: larger than any cubin (limit 256 MiB)</source>
        <translation>%1 字节：比任何 cubin 都大（上限 256 MiB）</translation>
    </message>
    <message>
        <source>only %1 bytes: too short for an ELF header</source>
        <translation>只有 %1 字节：不足以容纳 ELF 头</translation>
    </message>
    <message>
        <source>not an ELF file (no 7f 45 4c 46 magic)</source>
        <translation>不是 ELF 文件（没有 7f 45 4c 46 魔数）</translation>
    </message>
    <message>
        <source>not a 64-bit little-endian ELF, as every cubin is</source>
        <translation>不是 64 位小端 ELF（每个 cubin 都是）</translation>
    </message>
    <message>
        <source>not a valid ELF file: %1</source>
        <translation>不是有效的 ELF 文件：%1</translation>
    </message>
    <message>
        <source>e_machine is %1, not EM_CUDA (190): not a cubin</source>
        <translation>e_machine 为 %1，不是 EM_CUDA (190)：不是 cubin</translation>
    </message>
    <message>
        <source>no section header table (e_shnum %1)</source>
        <translation>没有节头表（e_shnum %1）</translation>
    </message>
    <message>
        <source>program header table</source>
        <translation>程序头表</translation>
    </message>
    <message>
        <source>section header table</source>
        <translation>节头表</translation>
    </message>
    <message>
        <source>section name table unreadable: %1</source>
        <translation>节名表无法读取：%1</translation>
    </message>
    <message>
        <source>section header %1 unreadable: %2</source>
        <translation>节头 %1 无法读取：%2</translation>
    </message>
    <message>
        <source>section %1</source>
        <translation>节 %1</translation>
    </message>
    <message>
        <source>its .nv.info sections add up to more bytes than the file: they overlap, as no cubin&apos;s do</source>
        <translation>其 .nv.info 节的总字节数超过文件大小：这些节相互重叠，正常的 cubin 不会这样</translation>
    </message>
    <message>
        <source>section %1: %2</source>
        <translation>节 %1：%2</translation>
    </message>
    <message>
        <source>The occupancy of %1 is not known: KernelLens has no limits for it.</source>
        <translation>%1 的占用率未知：KernelLens 没有它的限制数据。</translation>
    </message>
    <message>
        <source>A block of 0 threads cannot be launched.</source>
        <translation>无法启动 0 个线程的线程块。</translation>
    </message>
    <message>
        <source>A block of %1 threads is above %2&apos;s limit of %3 threads per block.</source>
        <translation>%1 个线程的线程块超过了 %2 每块 %3 个线程的上限。</translation>
    </message>
    <message>
        <source>%1 registers per thread is above the %2 a thread can have.</source>
        <translation>每线程 %1 个寄存器超过了一个线程可拥有的 %2 个。</translation>
    </message>
    <message>
        <source>The shared memory of %1 fits none of its carveouts.</source>
        <translation>%1 的共享内存不符合其任何划分配置。</translation>
    </message>
    <message>
        <source>no block size: the kernel requires none and no entry metadata gives num_warps</source>
        <translation>没有线程块大小：内核未要求固定大小，也没有条目元数据给出 num_warps</translation>
    </message>
    <message>
        <source>the cubin records no register count for the kernel</source>
        <translation>cubin 未记录该内核的寄存器数</translation>
    </message>
    <message>
        <source>kernel %1: kernel names, code, .nv.info records and constant banks add up to more than the file holds (names or sections are shared, as in no cubin)</source>
        <translation>内核 %1：内核名、代码、.nv.info 记录和常量库加起来超过了文件大小（名称或段被共享，正常 cubin 不会如此）</translation>
    </message>
</context>
<context>
    <name>kl::doctor</name>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1: temporary folder of pid %2, which is alive on this host: a compile may be running (last written %3 ago)</source>
        <translation>%1：pid %2 的临时文件夹，该进程仍在本机上运行：可能正在进行编译（最后写入于 %3 前）</translation>
    </message>
    <message>
        <source>%1: temporary file of pid %2, which is alive on this host: a compile may be running (last written %3 ago)</source>
        <translation>%1：pid %2 的临时文件，该进程仍在本机上运行：可能正在进行编译（最后写入于 %3 前）</translation>
    </message>
    <message>
        <source>%1: temporary folder left by pid %2, which no longer runs on this host: an interrupted write (last written %3 ago)</source>
        <translation>%1：pid %2 遗留的临时文件夹，该进程已不在本机上运行：写入被中断（最后写入于 %3 前）</translation>
    </message>
    <message>
        <source>%1: temporary file left by pid %2, which no longer runs on this host: an interrupted write (last written %3 ago)</source>
        <translation>%1：pid %2 遗留的临时文件，该进程已不在本机上运行：写入被中断（最后写入于 %3 前）</translation>
    </message>
    <message>
        <source>%1: temporary folder left by an interrupted write (its name records no pid; last written %2 ago)</source>
        <translation>%1：被中断的写入遗留的临时文件夹（其名称未记录 pid；最后写入于 %2 前）</translation>
    </message>
    <message>
        <source>%1: temporary file left by an interrupted write (its name records no pid; last written %2 ago)</source>
        <translation>%1：被中断的写入遗留的临时文件（其名称未记录 pid；最后写入于 %2 前）</translation>
    </message>
    <message>
        <source>%1; %2</source>
        <translation>%1; %2</translation>
    </message>
    <message>
        <source>%1 (a writer is alive: probably being written now)</source>
        <translation>%1（写入进程仍在运行：可能正在写入）</translation>
    </message>
    <message>
        <source>not written by Triton (a DeepSpeed or Inductor file)</source>
        <translation>非 Triton 写入（DeepSpeed 或 Inductor 的文件）</translation>
    </message>
    <message>
        <source>not a Triton cache entry (no stage, metadata or group file)</source>
        <translation>不是 Triton 缓存条目（没有阶段文件、元数据或组文件）</translation>
    </message>
    <message>
        <source>%1: a file Triton does not write (forks add .sass and others)</source>
        <translation>%1：Triton 不会写入的文件（某些 Triton fork 会添加 .sass 等文件）</translation>
    </message>
    <message>
        <source>%1 is on a network filesystem (%2); the folder does not exist yet, judged by %3; it is used as %4</source>
        <translation>%1 位于网络文件系统（%2）上；该文件夹尚不存在，依据 %3 判断；来源：%4</translation>
    </message>
    <message>
        <source>%1 is on a network filesystem (%2); it is used as %3</source>
        <translation>%1 位于网络文件系统（%2）上；来源：%3</translation>
    </message>
    <message>
        <source>%1: kernel %2 has %3 cached specialisations (more than %4)</source>
        <translation>%1：内核 %2 有 %3 个已缓存的特化版本（超过 %4 个）</translation>
    </message>
    <message>
        <source>Remove the entry (klens clean --incomplete DIR); Triton recompiles it. Until then a Triton that finds the metadata but not the binary fails to load the kernel</source>
        <translation>删除该条目（klens clean --incomplete DIR），Triton 会重新编译它。在此之前，Triton 若找到元数据却找不到二进制文件，将无法加载该内核</translation>
    </message>
    <message>
        <source>Triton checks the recorded paths, so every entry of a moved or copied cache misses. Use the cache at its original path (TRITON_CACHE_DIR), or let Triton rebuild it here and remove the old entries (klens clean --older-than)</source>
        <translation>Triton 会校验记录的路径，因此被移动或复制的缓存中的每个条目都会未命中。请在原始路径下使用该缓存（TRITON_CACHE_DIR），或让 Triton 在此处重新构建，并删除旧条目（klens clean --older-than）</translation>
    </message>
    <message>
        <source>The group file was damaged or forged: do not use the entry. Remove it (klens clean --incomplete DIR)</source>
        <translation>组文件已损坏或被伪造：不要使用该条目。请将其删除（klens clean --incomplete DIR）</translation>
    </message>
    <message>
        <source>The folder name is not the key of its content, so Triton never looks it up: remove the entry folder</source>
        <translation>文件夹名不是其内容的键，因此 Triton 永远不会查找到它：请删除该条目文件夹</translation>
    </message>
    <message>
        <source>Remove the entry (klens clean --incomplete DIR); Triton recompiles it</source>
        <translation>删除该条目（klens clean --incomplete DIR），Triton 会重新编译它</translation>
    </message>
    <message>
        <source>An interrupted or failed write: remove the entry (klens clean --incomplete DIR); Triton recompiles it</source>
        <translation>写入被中断或失败：删除该条目（klens clean --incomplete DIR），Triton 会重新编译它</translation>
    </message>
    <message>
        <source>Check the permissions of the path and of the folders above it, and that the filesystem is healthy</source>
        <translation>检查该路径及其各级上层文件夹的权限，并确认文件系统状态正常</translation>
    </message>
    <message>
        <source>Triton never writes symbolic links: replace the link by the file it names, or remove it</source>
        <translation>Triton 从不写入符号链接：请用链接所指向的文件替换该链接，或将其删除</translation>
    </message>
    <message>
        <source>Triton writes UTF-8 names only: rename or remove the file</source>
        <translation>Triton 只写入 UTF-8 名称：请重命名或删除该文件</translation>
    </message>
    <message>
        <source>Not a regular file or folder (a FIFO, socket or device): remove it from the cache</source>
        <translation>不是普通文件或文件夹（FIFO、套接字或设备）：请将其移出缓存</translation>
    </message>
    <message>
        <source>Far larger than Triton writes: check what wrote it, and remove the entry if it is damage</source>
        <translation>远大于 Triton 所写入文件的大小：请检查是什么程序写入的；若属于损坏数据，请删除该条目</translation>
    </message>
    <message>
        <source>The metadata and the file names disagree: the entry was edited or mixed up; remove it</source>
        <translation>元数据与文件名不一致：该条目被修改过或混入了其他条目的文件；请将其删除</translation>
    </message>
    <message>
        <source>Once its writer is gone, remove it with klens clean --orphans DIR (it skips temp folders whose writer still runs on this host)</source>
        <translation>待其写入进程退出后，用 klens clean --orphans DIR 删除（该命令会跳过写入进程仍在本机上运行的临时文件夹）</translation>
    </message>
    <message>
        <source>Triton treats it as a miss and recompiles; klens clean --incomplete DIR removes it</source>
        <translation>Triton 会将其视为未命中并重新编译；klens clean --incomplete DIR 可将其删除</translation>
    </message>
    <message>
        <source>Remove the entry folder; Triton recompiles it. A damaged or mislabelled code object fails to load, or loads code for another GPU</source>
        <translation>删除该条目文件夹，Triton 会重新编译它。损坏或标记错误的代码对象会加载失败，或加载为其他 GPU 编译的代码</translation>
    </message>
    <message>
        <source>Never loaded on this machine&apos;s GPUs: klens clean --stale DIR removes it (keep it if machines with that GPU share this cache)</source>
        <translation>本机的 GPU 永远不会加载它：klens clean --stale DIR 可将其删除（如果有配备该 GPU 的机器共享此缓存，请保留）</translation>
    </message>
    <message>
        <source>Triton&apos;s key holds its version, so this entry is never hit again: klens clean --stale DIR removes it</source>
        <translation>Triton 的键包含其版本号，因此该条目不会再被命中：klens clean --stale DIR 可将其删除</translation>
    </message>
    <message>
        <source>Look for an argument that is specialised on every call (a changing constexpr, shape or divisibility): klens explain shows what differs between two entries; do_not_specialize or fewer autotune configs stop it. klens clean --keep-latest K DIR trims the cache</source>
        <translation>查找每次调用都会被特化的参数（不断变化的 constexpr、形状或整除性）：klens explain 可显示两个条目之间的差异；使用 do_not_specialize 或减少自动调优配置即可避免。klens clean --keep-latest K DIR 可精简缓存</translation>
    </message>
    <message>
        <source>Not written by Triton: leave it if another tool (DeepSpeed, Inductor) owns it, else move it out of the cache</source>
        <translation>非 Triton 写入：如果它属于其他工具（DeepSpeed、Inductor），请保留；否则请将其移出缓存</translation>
    </message>
    <message>
        <source>Many ranks compiling into one network folder see FileNotFoundError, EBUSY and stale handles: set TRITON_CACHE_DIR to a local folder on each node (e.g. /tmp/triton-$USER)</source>
        <translation>多个 rank 编译到同一个网络文件夹时会遇到 FileNotFoundError、EBUSY 和失效的文件句柄（stale handle）：请在每个节点上将 TRITON_CACHE_DIR 设为本地文件夹（例如 /tmp/triton-$USER）</translation>
    </message>
    <message>
        <source>written by Triton %1, not the installed %2</source>
        <translation>由 Triton %1 写入，而非当前安装的 %2</translation>
    </message>
    <message>
        <source>written by a Triton older than 3.2 (its metadata records no version; %1 format), not the installed %2</source>
        <translation>由早于 3.2 的 Triton 写入（其元数据未记录版本；%1 格式），而非当前安装的 %2</translation>
    </message>
    <message>
        <source>compiled for %1; this machine&apos;s GPUs are %2</source>
        <translation>为 %1 编译；本机的 GPU 为 %2</translation>
    </message>
    <message>
        <source>Triton&apos;s RemoteCacheManager wrote this group file in the remote form (a list of names). It works while TRITON_CACHE_MANAGER names the remote cache, but Triton&apos;s plain file cache stops with AttributeError on it. Remove the entry (klens clean --incomplete DIR), or fetch it in the local form with klens remote pull</source>
        <translation>Triton 的 RemoteCacheManager 以远程形式（名称列表）写入了此组文件。只要 TRITON_CACHE_MANAGER 指定的是远程缓存，它就能正常工作，但 Triton 的普通文件缓存遇到它会因 AttributeError 而中止。请删除该条目（klens clean --incomplete DIR），或用 klens remote pull 以本地形式获取它</translation>
    </message>
    <message>
        <source>The key matches the key format&apos;s pattern but not its shape, so no Triton ever reads it: check what wrote it (TRITON_REDIS_KEY_FORMAT differs between machines?), then delete it</source>
        <translation>该键符合键格式的模式，但不符合其结构，因此任何 Triton 都不会读取它：请检查是什么写入了它（各机器上的 TRITON_REDIS_KEY_FORMAT 是否不同？），然后将其删除</translation>
    </message>
    <message>
        <source>Far larger than any stage Triton writes, so KernelLens neither pulls nor shows it (Triton itself would fetch it whole on every lookup): check what wrote it, and delete the entry&apos;s keys if it is damage</source>
        <translation>远大于 Triton 写入的任何阶段，因此 KernelLens 既不拉取也不显示它（Triton 本身每次查找都会完整获取它）：请检查是什么写入了它，如果是损坏，请删除该条目的键</translation>
    </message>
    <message>
        <source>KernelLens lists it but never cleans it. Keep dumps and overrides out of the cache: move the folder to TRITON_DUMP_DIR or TRITON_OVERRIDE_DIR (Triton reads overrides only there), or remove it by name (klens clean --dump-folder PATH DIR)</source>
        <translation>KernelLens 会列出它，但从不清理它。请让转储和覆盖文件夹远离缓存：把该文件夹移到 TRITON_DUMP_DIR 或 TRITON_OVERRIDE_DIR（Triton 只在那里读取覆盖文件），或按名称删除它（klens clean --dump-folder PATH DIR）</translation>
    </message>
    <message>
        <source>the PTX targets %1 but the entry was compiled for sm_%2: it is another target&apos;s code</source>
        <translation>PTX 的目标是 %1，但该条目是为 sm_%2 编译的：这是另一目标的代码</translation>
    </message>
    <message>
        <source>the PTX requires blocks of %1 threads (.reqntid) but Triton launches %2 (num_warps %3 x %4)</source>
        <translation>PTX 要求每个线程块 %1 个线程（.reqntid），但 Triton 启动 %2 个（num_warps %3 x %4）</translation>
    </message>
    <message>
        <source>the cubin requires blocks of %1 threads (REQNTID) but Triton launches %2 (num_warps %3 x %4)</source>
        <translation>cubin 要求每个线程块 %1 个线程（REQNTID），但 Triton 启动 %2 个（num_warps %3 x %4）</translation>
    </message>
    <message>
        <source>%1: Triton never reads it from an override folder (.%2 is not a stage it compiles)</source>
        <translation>%1：Triton 从不从覆盖文件夹读取它（.%2 不是它编译的阶段）</translation>
    </message>
    <message>
        <source>%1: Triton never reads it: it looks for %2.%3, named after the kernel as in the dump of the same source</source>
        <translation>%1：Triton 从不读取它：它查找 %2.%3，即按内核命名，与同一源码的转储一致</translation>
    </message>
    <message>
        <source>%1 was built from the hand-edited %2 in %3: it is stored under its normal key, so runs without TRITON_KERNEL_OVERRIDE load the edited kernel</source>
        <translation>%1 是由 %3 中手工修改的 %2 构建的：它以常规键存储，因此不设 TRITON_KERNEL_OVERRIDE 的运行也会加载修改过的内核</translation>
    </message>
    <message>
        <source>%1 is newer than %2, the cache entry of the kernel it overrides, and TRITON_ALWAYS_COMPILE is not set: Triton hits that entry and never reads the override</source>
        <translation>%1 比 %2（它所覆盖的内核的缓存条目）更新，且未设置 TRITON_ALWAYS_COMPILE：Triton 会命中该条目，从不读取覆盖文件</translation>
    </message>
    <message>
        <source>The stages disagree with the entry&apos;s target or block: most often an override folder made for another target or config (Triton applies it to every compile of the kernel). Remove the entry folder (Triton recompiles it), and keep per-target overrides apart (triton.Config(..., ir_override=...) on Triton 3.4+, or one TRITON_OVERRIDE_DIR per target)</source>
        <translation>各阶段与条目的目标或线程块不一致：多半是为另一目标或配置制作的覆盖文件夹（Triton 会把它用于该内核的每次编译）。请删除条目文件夹（Triton 会重新编译），并按目标分开覆盖（Triton 3.4+ 用 triton.Config(..., ir_override=...)，或每个目标一个 TRITON_OVERRIDE_DIR）</translation>
    </message>
    <message>
        <source>Runs without TRITON_KERNEL_OVERRIDE hit this hand-edited kernel, since Triton stores it under the normal key. Remove the entry folder (Triton recompiles it from the source), and compile with the override in a TRITON_CACHE_DIR of its own</source>
        <translation>不设 TRITON_KERNEL_OVERRIDE 的运行会命中这个手工修改的内核，因为 Triton 以常规键存储它。请删除条目文件夹（Triton 会从源码重新编译），并在单独的 TRITON_CACHE_DIR 中使用覆盖进行编译</translation>
    </message>
    <message>
        <source>With a warm cache Triton never reads the override: set TRITON_ALWAYS_COMPILE=1 together with TRITON_KERNEL_OVERRIDE=1, or compile with the override in a TRITON_CACHE_DIR of its own</source>
        <translation>缓存已命中时 Triton 从不读取覆盖文件：请同时设置 TRITON_ALWAYS_COMPILE=1 与 TRITON_KERNEL_OVERRIDE=1，或在单独的 TRITON_CACHE_DIR 中使用覆盖进行编译</translation>
    </message>
    <message>
        <source>Triton reads only &lt;kernel&gt;.&lt;stage&gt; for the stages it compiles (ttir, ttgir, llir, ptx, cubin; amdgcn, hsaco on AMD), named as in the dump of the same source: rename the file, or remove it</source>
        <translation>Triton 只读取它所编译阶段的 &lt;kernel&gt;.&lt;stage&gt;（ttir、ttgir、llir、ptx、cubin；AMD 上为 amdgcn、hsaco），命名与同一源码的转储一致：请重命名或删除该文件</translation>
    </message>
    <message>
        <source>The key difference changed nothing the GPU runs (line info on and off, a variable that never reaches code generation): klens explain A B names it. Keep one entry per kernel by keeping that input the same across runs; klens clean --older-than removes the copies no run uses</source>
        <translation>键的差异没有改变 GPU 运行的任何内容（行信息开关、一个从未影响代码生成的变量）：klens explain A B 会指出它。让该输入在各次运行中保持一致，每个内核就只保留一个条目；klens clean --older-than 可删除不再使用的副本</translation>
    </message>
    <message>
        <source>%1: %2 entries of kernel %3 hold the same code (every kernel&apos;s instructions, line info aside) under different keys: also %4</source>
        <translation>%1：内核 %3 的 %2 个条目在不同的键下包含相同的代码（除行信息外，每个内核的指令都相同）：另见 %4</translation>
    </message>
    <message>
        <source>%1 is damaged at byte %2 (%3 bytes hold no valid record): %4</source>
        <translation>%1 自第 %2 字节起损坏（%3 字节中没有有效记录）：%4</translation>
    </message>
    <message>
        <source>The records before and after the damage are intact: klens unpack DIR writes every intact entry back as a folder and keeps the damaged pack. A damaged record is lost: Triton recompiles it</source>
        <translation>损坏处前后的记录都完好：klens unpack DIR 会把每个完好的条目写回为文件夹，并保留损坏的包。损坏的记录已丢失：Triton 会重新编译它</translation>
    </message>
    <message>
        <source>Readers and writers of this KernelLens skip it: read it with the KernelLens that wrote it (klens unpack DIR), or move it out of the pack folder</source>
        <translation>此版本 KernelLens 的读取方和写入方都会跳过它：请用写入它的 KernelLens 读取（klens unpack DIR），或把它移出包文件夹</translation>
    </message>
    <message>
        <source>%1 holds %2 record(s) of a kind this KernelLens does not read, first kind %3 at byte %4 (a newer writer&apos;s, or a damaged record header)</source>
        <translation>%1 中有 %2 条此 KernelLens 不读取的类型的记录，第一条为第 %4 字节处的类型 %3（来自更新的写入方，或记录头已损坏）</translation>
    </message>
</context>
<context>
    <name>kl::env</name>
    <message>
        <source>cannot create a pipe: %1</source>
        <translation>无法创建管道：%1</translation>
    </message>
    <message>
        <source>cannot run %1: %2</source>
        <translation>无法运行 %1：%2</translation>
    </message>
    <message>
        <source>%1 (from KL_PYTHON) does not exist or is not executable</source>
        <translation>%1（来自 KL_PYTHON）不存在或不可执行</translation>
    </message>
    <message>
        <source>no %1 on PATH (%2)</source>
        <translation>PATH 中没有 %1（%2）</translation>
    </message>
    <message>
        <source>%1 did not answer within %2 ms (import triton hung); killed</source>
        <translation>%1 未在 %2 毫秒内应答（import triton 卡住）；已终止</translation>
    </message>
    <message>
        <source>%1 was killed by signal %2 importing triton</source>
        <translation>%1 在导入 triton 时被信号 %2 终止</translation>
    </message>
    <message>
        <source>import triton failed in %1 (exit %2)</source>
        <translation>在 %1 中 import triton 失败（退出码 %2）</translation>
    </message>
    <message>
        <source>import triton failed in %1 (exit %2): %3</source>
        <translation>在 %1 中 import triton 失败（退出码 %2）：%3</translation>
    </message>
    <message>
        <source>%1 printed no Triton version</source>
        <translation>%1 没有输出 Triton 版本</translation>
    </message>
</context>
<context>
    <name>kl::events</name>
    <message>
        <source>not a JSON object</source>
        <translation>不是 JSON 对象</translation>
    </message>
    <message>
        <source>no &quot;origin&quot; string</source>
        <translation>缺少字符串“origin”</translation>
    </message>
    <message>
        <source>no &quot;cache_hit&quot; boolean</source>
        <translation>缺少布尔值“cache_hit”</translation>
    </message>
    <message>
        <source>no &quot;time_ns&quot; number</source>
        <translation>缺少数值“time_ns”</translation>
    </message>
    <message>
        <source>%1: not a regular file</source>
        <translation>%1：不是普通文件</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>line longer than 1 MiB</source>
        <translation>行长度超过 1 MiB</translation>
    </message>
    <message>
        <source>partial last line (no newline)</source>
        <translation>最后一行不完整（没有换行符）</translation>
    </message>
</context>
<context>
    <name>kl::explain</name>
    <message>
        <source>.%1 only in %2 (the other was stored binary-only, or is incomplete): not compared</source>
        <translation>仅 %2 有 .%1（另一个条目只存储了二进制文件，或不完整）：未比较</translation>
    </message>
    <message>
        <source>%1 is larger than %2 bytes</source>
        <translation>%1 大于 %2 字节</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>%1 is a %2 entry, not a compiled kernel: only kernels have a key to explain</source>
        <translation>%1 是 %2 条目，不是已编译的内核：只有内核才有可供解释的键</translation>
    </message>
    <message>
        <source>%1: no readable metadata</source>
        <translation>%1：没有可读取的元数据</translation>
    </message>
    <message>
        <source>%1: no readable metadata (%2)</source>
        <translation>%1：没有可读取的元数据（%2）</translation>
    </message>
    <message>
        <source>triton_key: Triton&apos;s own Python files (compiler, backends, language, runtime/cache.py) and the bytes of libtriton; a reinstall or another build of the same version changes it</source>
        <translation>triton_key：Triton 自身的 Python 文件（compiler、backends、language、runtime/cache.py）以及 libtriton 的字节内容；重新安装或同一版本的另一次构建都会改变它</translation>
    </message>
    <message>
        <source>backend hash: for CUDA the `ptxas --version` output (the bundled ptxas, TRITON_PTXAS_PATH, TRITON_PTXAS_BLACKWELL_PATH) and the arch; for HIP the target and the AMD codegen revision</source>
        <translation>后端哈希：对 CUDA 而言是 `ptxas --version` 的输出（随附的 ptxas、TRITON_PTXAS_PATH、TRITON_PTXAS_BLACKWELL_PATH）和架构；对 HIP 而言是目标和 AMD 代码生成的修订版本</translation>
    </message>
    <message>
        <source>extern library contents: the options hash covers the sha256 of each extern_libs file (libdevice, ocml, ockl); the cache records only their paths</source>
        <translation>外部库的内容：选项哈希涵盖每个 extern_libs 文件（libdevice、ocml、ockl）的 sha256；缓存只记录它们的路径</translation>
    </message>
    <message>
        <source>a stage-inspection hook (knobs.runtime.add_stages_inspection_hook) appends its own key</source>
        <translation>阶段检查钩子（knobs.runtime.add_stages_inspection_hook）会追加其自身的键</translation>
    </message>
    <message>
        <source>source hash: the kernel&apos;s Python source and every function it calls, its starting line number in the file (editing lines above it counts), the signature, the constexpr values and the specialisation attributes (e.g. 16-byte divisibility of pointers and ints)</source>
        <translation>源码哈希：内核的 Python 源码及其调用的每个函数、内核在文件中的起始行号（编辑其上方的行也会改变它）、签名、constexpr 值以及特化属性（例如指针和整数的 16 字节整除性）</translation>
    </message>
    <message>
        <source>different kernels: their source hashes differ</source>
        <translation>不同的内核：它们的源码哈希不同</translation>
    </message>
    <message>
        <source>triton_key differs with the version</source>
        <translation>triton_key 随版本而不同</translation>
    </message>
    <message>
        <source>the backend hash includes the arch (and, for CUDA, which ptxas compiled it)</source>
        <translation>后端哈希包含架构（对 CUDA 还包含编译它所用的 ptxas）</translation>
    </message>
    <message>
        <source>metadata in the 2.x format records no environment variables: an unset one proves nothing</source>
        <translation>2.x 格式的元数据不记录环境变量：显示为未设置的变量并不能说明任何问题</translation>
    </message>
    <message>
        <source>.%1 not compared: %2</source>
        <translation>.%1 未比较：%2</translation>
    </message>
    <message>
        <source>nothing else recorded differs: the kernel&apos;s Python source, what it calls, or its specialisation (signature, constants, attributes) changed: the source hash</source>
        <translation>记录的其他内容均无差异：是内核的 Python 源码、它调用的函数或其特化（签名、常量、属性）发生了变化，即源码哈希</translation>
    </message>
    <message>
        <source>the IR is generated from the inputs above; this can follow from them</source>
        <translation>IR 由上述输入生成；此差异可能由它们导致</translation>
    </message>
    <message>
        <source>both record the hash %1: the same key. A miss between them is not a key difference: Triton only hits when every path its group file records exists (see klens show: moved-cache, missing-child)</source>
        <translation>两者都记录了哈希 %1：键相同。它们之间的未命中并非键的差异所致：只有当组文件记录的每个路径都存在时，Triton 才会命中（参见 klens show：moved-cache、missing-child）</translation>
    </message>
    <message>
        <source>the Triton version here is unknown: %1</source>
        <translation>当前环境的 Triton 版本未知：%1</translation>
    </message>
    <message>
        <source>the entry does not record its Triton version (before 3.2); here: %1</source>
        <translation>该条目未记录其 Triton 版本（早于 3.2）；当前环境：%1</translation>
    </message>
    <message>
        <source>triton_key differs with the version (from %1)</source>
        <translation>triton_key 随版本而不同（当前版本来自 %1）</translation>
    </message>
    <message>
        <source>the GPU arch here is unknown: %1</source>
        <translation>当前环境的 GPU 架构未知：%1</translation>
    </message>
    <message>
        <source>no GPU here has the entry&apos;s compute capability (%1)</source>
        <translation>当前环境中没有 GPU 具备该条目的计算能力（%1）</translation>
    </message>
    <message>
        <source>the entry targets %1 %2; only NVIDIA GPUs are detected here (%3)</source>
        <translation>该条目的目标为 %1 %2；此处只能检测 NVIDIA GPU（%3）</translation>
    </message>
    <message>
        <source>metadata in the 2.x format records no environment variables: not compared</source>
        <translation>2.x 格式的元数据不记录环境变量：未比较</translation>
    </message>
    <message>
        <source>its value is not UTF-8: Triton 3.9 fails to read it (UnicodeDecodeError)</source>
        <translation>其值不是 UTF-8：Triton 3.9 无法读取它（UnicodeDecodeError）</translation>
    </message>
    <message>
        <source>set to &quot;%1&quot;, which Triton records as &quot;%2&quot;</source>
        <translation>设置为“%1”，Triton 将其记录为“%2”</translation>
    </message>
    <message>
        <source>only older Triton versions key on it</source>
        <translation>只有较旧的 Triton 版本会将它计入键</translation>
    </message>
    <message>
        <source>%1; only older Triton versions key on it</source>
        <translation>%1；只有较旧的 Triton 版本会将它计入键</translation>
    </message>
    <message>
        <source>compile options (num_warps, num_stages, ...) come from the call site, not the environment: compare two entries with `klens explain A B`</source>
        <translation>编译选项（num_warps、num_stages 等）来自调用处，而非环境：请用 `klens explain A B` 比较两个条目</translation>
    </message>
    <message>
        <source>%1 failed (exit %2)</source>
        <translation>%1 失败（退出码 %2）</translation>
    </message>
    <message>
        <source>%1 printed &quot;%2&quot;, not a compute capability</source>
        <translation>%1 输出了“%2”，不是计算能力</translation>
    </message>
    <message>
        <source>%1 lists no GPU</source>
        <translation>%1 未列出任何 GPU</translation>
    </message>
    <message>
        <source>the two cubins hold the same code: every kernel&apos;s instructions are identical (line info and notes aside), so the key difference changed nothing the GPU runs; the cache keeps this kernel twice</source>
        <translation>两个 cubin 包含相同的代码：每个内核的指令都相同（行信息和注释除外），所以键的差异没有改变 GPU 运行的任何内容；缓存把这个内核存了两份</translation>
    </message>
    <message>
        <source>the same instructions in every kernel; other bytes (line info, notes) differ</source>
        <translation>每个内核的指令相同；其他字节（行信息、注释）不同</translation>
    </message>
</context>
<context>
    <name>kl::export</name>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>cannot open entry folder %1: %2</source>
        <translation>无法打开条目文件夹 %1：%2</translation>
    </message>
    <message>
        <source>cannot list %1: %2</source>
        <translation>无法列出 %1：%2</translation>
    </message>
    <message>
        <source>cannot rename %1 to %2: %3</source>
        <translation>无法将 %1 重命名为 %2：%3</translation>
    </message>
    <message>
        <source>libarchive could not be loaded (%1): install libarchive13 to export</source>
        <translation>无法加载 libarchive（%1）：请安装 libarchive13 以便导出</translation>
    </message>
</context>
<context>
    <name>kl::formats</name>
    <message>
        <source>autotune result is not a JSON object</source>
        <translation>自动调优结果不是 JSON 对象</translation>
    </message>
    <message>
        <source>autotune result has no &quot;configs_timings&quot; list</source>
        <translation>自动调优结果没有 &quot;configs_timings&quot; 列表</translation>
    </message>
    <message>
        <source>a &quot;configs_timings&quot; item is not a [config, timings] pair</source>
        <translation>&quot;configs_timings&quot; 中的某项不是 [配置, 耗时] 对</translation>
    </message>
    <message>
        <source>group file is not a JSON object</source>
        <translation>组文件不是 JSON 对象</translation>
    </message>
    <message>
        <source>group file has no &quot;child_paths&quot;</source>
        <translation>组文件没有 &quot;child_paths&quot;</translation>
    </message>
    <message>
        <source>&quot;child_paths&quot; list holds a non-string</source>
        <translation>&quot;child_paths&quot; 列表中含有非字符串项</translation>
    </message>
    <message>
        <source>&quot;child_paths&quot; is neither an object nor a list</source>
        <translation>&quot;child_paths&quot; 既不是对象也不是列表</translation>
    </message>
    <message>
        <source>metadata is not a JSON object</source>
        <translation>元数据不是 JSON 对象</translation>
    </message>
</context>
<context>
    <name>kl::fs</name>
    <message>
        <source>set by %1</source>
        <translation>由 %1 设置</translation>
    </message>
    <message>
        <source>the default %1, since %2 is not set</source>
        <translation>默认位置 %1，因为未设置 %2</translation>
    </message>
    <message>
        <source>an unknown filesystem</source>
        <translation>未知文件系统</translation>
    </message>
    <message>
        <source>%1 from %2</source>
        <translation>来自 %2 的 %1</translation>
    </message>
    <message>
        <source>%1, mounted at %2</source>
        <translation>%1，挂载于 %2</translation>
    </message>
    <message>
        <source>%1 (a bind mount of %2)</source>
        <translation>%1（%2 的绑定挂载）</translation>
    </message>
    <message>
        <source>%1; it does not exist yet, so its nearest existing parent %2 was examined</source>
        <translation>%1；该文件夹尚不存在，因此检查的是其最近的已存在上级文件夹 %2</translation>
    </message>
    <message>
        <source>; it does not exist yet, so its nearest existing parent %1 was examined</source>
        <translation>；该文件夹尚不存在，因此检查的是其最近的已存在上级文件夹 %1</translation>
    </message>
    <message>
        <source>%1 %2 (%3)</source>
        <translation>%1 %2（%3）</translation>
    </message>
    <message>
        <source>Every compile writes each stage there: compiles get slow and processes can hang at exit while the writes flush.</source>
        <translation>每次编译都会把每个阶段写到该处：编译会变慢，进程退出时可能因等待写入刷盘而挂起。</translation>
    </message>
    <message>
        <source>A cache there makes compiles slow, can hang processes at exit while writes flush, and lets ranks that compile the same kernel race on the rename of its temporary files.</source>
        <translation>缓存放在该处会使编译变慢，可能导致进程退出时因等待写入刷盘而挂起，还会让编译同一内核的多个 rank 在重命名其临时文件时发生竞争。</translation>
    </message>
    <message>
        <source>Fix: point %1 at local disk, e.g. export %1=/tmp/triton-cache-$USER, or node-local scratch (DeepSpeed and Triton then share that folder).</source>
        <translation>修复方法：将 %1 指向本地磁盘，例如 export %1=/tmp/triton-cache-$USER，或节点本地的 scratch 空间（DeepSpeed 与 Triton 随后会共用该文件夹）。</translation>
    </message>
    <message>
        <source>Fix: point %1 at local disk, e.g. export %1=/tmp/triton-cache-$USER, or node-local scratch (or set TRITON_CACHE_DIR, which Inductor then uses).</source>
        <translation>修复方法：将 %1 指向本地磁盘，例如 export %1=/tmp/triton-cache-$USER，或节点本地的 scratch 空间（也可以设置 TRITON_CACHE_DIR，Inductor 随后会使用它）。</translation>
    </message>
    <message>
        <source>Fix: point %1 at local disk, e.g. export %1=/tmp/triton-cache-$USER, or node-local scratch.</source>
        <translation>修复方法：将 %1 指向本地磁盘，例如 export %1=/tmp/triton-cache-$USER，或节点本地的 scratch 空间。</translation>
    </message>
    <message>
        <source>%1 is on a network filesystem: %2. %3 %4</source>
        <translation>%1 位于网络文件系统上：%2。%3%4</translation>
    </message>
    <message>
        <source>Triton&apos;s cache folder</source>
        <translation>Triton 缓存文件夹</translation>
    </message>
    <message>
        <source>Triton&apos;s dump folder</source>
        <translation>Triton 转储文件夹</translation>
    </message>
    <message>
        <source>Triton&apos;s override folder</source>
        <translation>Triton 覆盖文件夹</translation>
    </message>
    <message>
        <source>TorchInductor&apos;s Triton folder</source>
        <translation>TorchInductor 的 Triton 文件夹</translation>
    </message>
    <message>
        <source>%1, used since TRITON_CACHE_DIR is not set</source>
        <translation>%1，因为未设置 TRITON_CACHE_DIR 而使用</translation>
    </message>
    <message>
        <source>DeepSpeed&apos;s Triton autotune folder</source>
        <translation>DeepSpeed 的 Triton 自动调优文件夹</translation>
    </message>
    <message>
        <source>DeepSpeed&apos;s default %1, since TRITON_CACHE_DIR is not set</source>
        <translation>DeepSpeed 的默认位置 %1，因为未设置 TRITON_CACHE_DIR</translation>
    </message>
    <message>
        <source>TRITON_CACHE_DIR is set but empty: DeepSpeed then fails to create its autotune folder</source>
        <translation>TRITON_CACHE_DIR 已设置但为空：DeepSpeed 将无法创建其自动调优文件夹</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1 is on a network filesystem: %2. Triton only reads it, so this costs time but does not race.</source>
        <translation>%1 位于网络文件系统上：%2。Triton 只读取该文件夹，因此只会耗费时间，不会产生竞争。</translation>
    </message>
    <message>
        <source>%1 is on a network filesystem: %2. It is not in use now (%3 is not set).</source>
        <translation>%1 位于网络文件系统上：%2。当前未使用（未设置 %3）。</translation>
    </message>
    <message>
        <source>%1 is on %2, a memory filesystem: its entries are lost at reboot and count against RAM (and a container&apos;s memory limit)%3.</source>
        <translation>%1 位于内存文件系统 %2 上：其中的条目在重启后会丢失，并且占用内存（计入容器的内存限额）%3。</translation>
    </message>
    <message>
        <source>%1 is on %2, a container&apos;s writable layer: its entries are lost when the container is removed and every write copies up; mount a volume there to keep them%3.</source>
        <translation>%1 位于容器的可写层 %2 上：删除容器时其中的条目会丢失，且每次写入都会触发 copy-up；若要保留这些条目，请在该处挂载一个卷%3。</translation>
    </message>
    <message>
        <source>%1 lies under the autofs mount point %2, whose filesystem was not mounted when probed: its type is unknown until it is mounted on first use. List the folder and run again.</source>
        <translation>%1 位于 autofs 挂载点 %2 之下，探测时该处的文件系统尚未挂载：在首次使用触发挂载之前，无法得知其类型。请列出该文件夹的内容后再次运行。</translation>
    </message>
    <message>
        <source>%1 is on %2, which KernelLens does not know: not judged.</source>
        <translation>%1 位于 %2 上，KernelLens 不认识该文件系统：未作评估。</translation>
    </message>
    <message>
        <source>The folder</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <source>%1: larger than 64 MiB</source>
        <translation>%1：大于 64 MiB</translation>
    </message>
    <message>
        <source>cannot examine the filesystem of %1: %2</source>
        <translation>无法检查 %1 所在的文件系统：%2</translation>
    </message>
    <message>
        <source>no mountinfo line matches it</source>
        <translation>mountinfo 中没有与之匹配的行</translation>
    </message>
    <message>
        <source>cannot examine an empty path</source>
        <translation>无法检查空路径</translation>
    </message>
    <message>
        <source>not asked</source>
        <translation>未询问</translation>
    </message>
</context>
<context>
    <name>kl::gpu</name>
    <message>
        <source>no CUDA driver (%1)</source>
        <translation>没有 CUDA 驱动（%1）</translation>
    </message>
    <message>
        <source>CUDA driver %1 lacks %2: it is older than this build&apos;s CUDA %3 headers expect; update the NVIDIA driver</source>
        <translation>CUDA 驱动 %1 缺少 %2：它比本构建所用的 CUDA %3 头文件要求的版本旧；请更新 NVIDIA 驱动</translation>
    </message>
    <message>
        <source>no CUDA driver (%1 is the CUDA Toolkit&apos;s stub library, not a driver)</source>
        <translation>没有 CUDA 驱动（%1 是 CUDA Toolkit 的 stub 库，不是驱动）</translation>
    </message>
    <message>
        <source>CUDA driver %1 did not start: %2</source>
        <translation>CUDA 驱动 %1 未能启动：%2</translation>
    </message>
    <message>
        <source>no CUDA device (the driver %1 sees none)</source>
        <translation>没有 CUDA 设备（驱动 %1 未发现任何设备）</translation>
    </message>
    <message>
        <source>GPU support is off: KernelLens was built without the CUDA Toolkit (cuda.h not found at configure time; set CUDAToolkit_ROOT and rebuild)</source>
        <translation>GPU 支持已关闭：KernelLens 构建时没有 CUDA Toolkit（配置时未找到 cuda.h；请设置 CUDAToolkit_ROOT 后重新构建）</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1: no configuration satisfies the constraints</source>
        <translation>%1：没有任何配置满足约束条件</translation>
    </message>
    <message>
        <source>cannot plan the launch: %1</source>
        <translation>无法规划启动：%1</translation>
    </message>
    <message>
        <source>no reference to check against: %1</source>
        <translation>没有可用于核对的参考结果：%1</translation>
    </message>
    <message>
        <source>not checked (the spec names no reference)</source>
        <translation>未检查（规格未指定参考实现）</translation>
    </message>
    <message>
        <source>not saved: the run was cancelled</source>
        <translation>未保存：运行已取消</translation>
    </message>
    <message>
        <source>not saved: the run stopped before every configuration ran</source>
        <translation>未保存：运行在所有配置执行完之前就停止了</translation>
    </message>
    <message>
        <source>%1 failed: %2 (%3)</source>
        <translation>%1 失败：%2（%3）</translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation>%1 失败：%2</translation>
    </message>
    <message>
        <source>no kernel loaded</source>
        <translation>未加载内核</translation>
    </message>
    <message>
        <source>the launch failed on the device: %1</source>
        <translation>启动在设备上失败：%1</translation>
    </message>
    <message>
        <source>L2 flush buffer: %1</source>
        <translation>用于清空 L2 的缓冲区：%1</translation>
    </message>
    <message>
        <source>buffer `%1`: %2</source>
        <translation>缓冲区 `%1`：%2</translation>
    </message>
    <message>
        <source>a block of %1 threads is more than this kernel can run (%2 at %3 registers a thread)</source>
        <translation>%1 个线程的线程块超出了此内核能运行的数量（每线程 %3 个寄存器时最多 %2 个）</translation>
    </message>
    <message>
        <source>%1 bytes of shared memory a block (%2 dynamic) is more than the device&apos;s %3</source>
        <translation>每个线程块 %1 字节共享内存（其中动态 %2 字节）超过了设备的 %3 字节</translation>
    </message>
    <message>
        <source>the device could not be reset after %1: %2</source>
        <translation>发生 %1 后无法重置设备：%2</translation>
    </message>
    <message>
        <source>%1 (the context was reset)</source>
        <translation>%1（上下文已重置）</translation>
    </message>
    <message>
        <source>a kernel is still running past the time bound of %1 s; no further launch can run until it ends</source>
        <translation>有内核仍在运行，已超过 %1 秒的时间上限；在它结束之前无法再启动其他内核</translation>
    </message>
    <message>
        <source>ran past the time bound of %1 s</source>
        <translation>运行超过了 %1 秒的时间上限</translation>
    </message>
    <message>
        <source>no CUDA device %1 (there are %2)</source>
        <translation>没有 CUDA 设备 %1（共有 %2 个）</translation>
    </message>
    <message>
        <source>%1 (is the kernel extern &quot;C&quot;?)</source>
        <translation>%1（内核是否声明为 extern &quot;C&quot;？）</translation>
    </message>
    <message>
        <source>%1 ran past the time bound of %2 s</source>
        <translation>%1 运行超过了 %2 秒的时间上限</translation>
    </message>
    <message>
        <source>the first launch</source>
        <translation>首次启动</translation>
    </message>
    <message>
        <source>the estimate launches</source>
        <translation>用于估算的启动</translation>
    </message>
    <message>
        <source>the timed launches</source>
        <translation>计时的启动</translation>
    </message>
    <message>
        <source>no CUDA device: this user may not open %1 (%2); the NVIDIA device files need read and write permission, often given through their group (ls -l %1)</source>
        <translation>没有 CUDA 设备：此用户无权打开 %1（%2）；NVIDIA 设备文件需要读写权限，通常通过其所属组授予（ls -l %1）</translation>
    </message>
    <message>
        <source>no CUDA device (cuInit: CUDA_ERROR_NO_DEVICE; CUDA_VISIBLE_DEVICES=&quot;%1&quot; hides every device)</source>
        <translation>没有 CUDA 设备（cuInit: CUDA_ERROR_NO_DEVICE；CUDA_VISIBLE_DEVICES=“%1”隐藏了所有设备）</translation>
    </message>
    <message>
        <source>no CUDA device (cuInit: CUDA_ERROR_NO_DEVICE; there are no /dev/nvidia* device files: is the NVIDIA kernel module loaded?)</source>
        <translation>没有 CUDA 设备（cuInit: CUDA_ERROR_NO_DEVICE；不存在 /dev/nvidia* 设备文件：NVIDIA 内核模块是否已加载？）</translation>
    </message>
    <message>
        <source>no CUDA device (cuInit: CUDA_ERROR_NO_DEVICE)</source>
        <translation>没有 CUDA 设备（cuInit: CUDA_ERROR_NO_DEVICE）</translation>
    </message>
    <message>
        <source>the GPU worker %1 could not be started: %2</source>
        <translation>无法启动 GPU 工作进程 %1：%2</translation>
    </message>
    <message>
        <source>the GPU worker&apos;s reply was malformed</source>
        <translation>GPU 工作进程的回复格式错误</translation>
    </message>
    <message>
        <source>the GPU worker process ended: %1</source>
        <translation>GPU 工作进程已结束：%1</translation>
    </message>
    <message>
        <source>%1 (the launch ran in a process of its own, which was ended; the next configuration starts a new one)</source>
        <translation>%1（该启动在独立的进程中运行，该进程已被结束；下一个配置会启动新的进程）</translation>
    </message>
</context>
<context>
    <name>kl::gui::AutotuneDialog</name>
    <message>
        <source>Autotune</source>
        <translation>自动调优</translation>
    </message>
    <message>
        <source>&amp;Start</source>
        <translation>开始(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Cancel Run</source>
        <translation>取消运行(&amp;C)</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Median ms</source>
        <translation>中位数 ms</translation>
    </message>
    <message>
        <source>p20 ms</source>
        <translation>p20 ms</translation>
    </message>
    <message>
        <source>p80 ms</source>
        <translation>p80 ms</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <source>Kernel:</source>
        <translation>内核：</translation>
    </message>
    <message>
        <source>Size:</source>
        <translation>规模：</translation>
    </message>
    <message>
        <source>Starting…</source>
        <translation>正在启动…</translation>
    </message>
    <message>
        <source>%1 of %2: %3 %4</source>
        <translation>%1 / %2：%3 %4</translation>
    </message>
    <message>
        <source>Cannot autotune: %1</source>
        <translation>无法自动调优：%1</translation>
    </message>
    <message>
        <source>  (best)</source>
        <translation>  （最佳）</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>正常</translation>
    </message>
    <message>
        <source>Best: %1 on %2</source>
        <translation>最佳：%1（%2）</translation>
    </message>
    <message>
        <source>No configuration ran correctly on %1</source>
        <translation>没有配置在 %1 上正确运行</translation>
    </message>
    <message>
        <source> — cancelled</source>
        <translation> — 已取消</translation>
    </message>
    <message>
        <source> — stopped: %1</source>
        <translation> — 已停止：%1</translation>
    </message>
    <message>
        <source> — saved %1</source>
        <translation> — 已保存 %1</translation>
    </message>
</context>
<context>
    <name>kl::gui::CacheWatcher</name>
    <message>
        <source>live updates off ($KERNELLENS_WATCH=off)</source>
        <translation>实时更新已关闭（$KERNELLENS_WATCH=off）</translation>
    </message>
    <message numerus="yes">
        <source>watching %n folder(s) for new entries</source>
        <translation>
            <numerusform>正在监视 %n 个文件夹中的新条目</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>polling %n folder(s) every %1 s (%2: remote writers raise no events)</source>
        <translation>
            <numerusform>每 %1 秒轮询 %n 个文件夹（%2：远程写入不会触发事件）</numerusform>
        </translation>
    </message>
    <message>
        <source>live: %1</source>
        <translation>实时：%1</translation>
    </message>
</context>
<context>
    <name>kl::gui::CleanDialog</name>
    <message>
        <source>Clean Cache</source>
        <translation>清理缓存</translation>
    </message>
    <message>
        <source>Keep the cache under</source>
        <translation>将缓存保持在此大小以内</translation>
    </message>
    <message>
        <source>Bytes, or with K, M, G, T (powers of 1024): the least recently written entries go first</source>
        <translation>字节数，或带 K、M、G、T（1024 的幂）：最久未写入的条目最先删除</translation>
    </message>
    <message>
        <source>Entries not written for</source>
        <translation>条目未写入时长超过</translation>
    </message>
    <message>
        <source>A duration such as 7d, 12h, 1h30m or 2w</source>
        <translation>时长，例如 7d、12h、1h30m 或 2w</translation>
    </message>
    <message>
        <source>Per kernel, keep only the newest</source>
        <translation>每个内核只保留最新的</translation>
    </message>
    <message>
        <source>Stale entries: written by another Triton or for another GPU</source>
        <translation>过时条目：由其他 Triton 版本写入或针对其他 GPU</translation>
    </message>
    <message>
        <source>Leftover temp folders whose writer is gone</source>
        <translation>写入进程已不存在的残留临时文件夹</translation>
    </message>
    <message>
        <source>Incomplete or corrupt entries Triton cannot use</source>
        <translation>Triton 无法使用的不完整或损坏条目</translation>
    </message>
    <message>
        <source>Never touch what was written more recently than this: another process may still be writing it</source>
        <translation>不触碰比此时间更近写入的内容：可能仍有其他进程在写入</translation>
    </message>
    <message>
        <source>Grace period:</source>
        <translation>宽限期：</translation>
    </message>
    <message>
        <source>&amp;Preview</source>
        <translation>预览(&amp;P)</translation>
    </message>
    <message>
        <source>Dry run: list what would be removed, remove nothing</source>
        <translation>试运行：列出将被删除的内容，不删除任何东西</translation>
    </message>
    <message>
        <source>&amp;Remove…</source>
        <translation>删除(&amp;R)…</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Path</source>
        <translation>路径</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Last written</source>
        <translation>最后写入</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>The policies changed while planning: press Preview again.</source>
        <translation>规划期间策略已更改：请再次点击“预览”。</translation>
    </message>
    <message>
        <source>%1 entries, %2. Choose what may go, then Preview: nothing is removed until you confirm.</source>
        <translation>%1 个条目，%2。选择可以删除的内容，然后预览：在您确认之前不会删除任何内容。</translation>
    </message>
    <message>
        <source>Size limit: %1</source>
        <translation>大小上限：%1</translation>
    </message>
    <message>
        <source>Age: %1</source>
        <translation>未写入时长：%1</translation>
    </message>
    <message>
        <source>Grace period: %1</source>
        <translation>宽限期：%1</translation>
    </message>
    <message>
        <source>Choose at least one kind of entry to remove.</source>
        <translation>请至少选择一类要删除的条目。</translation>
    </message>
    <message>
        <source>The policies changed: press Preview to see what they would remove.</source>
        <translation>策略已更改：点击“预览”查看它们将删除的内容。</translation>
    </message>
    <message>
        <source>Planning…</source>
        <translation>正在规划…</translation>
    </message>
    <message>
        <source>temp files inside</source>
        <translation>内含临时文件</translation>
    </message>
    <message>
        <source>would go</source>
        <translation>将被删除</translation>
    </message>
    <message numerus="yes">
        <source>Dry run: %n entries would go, freeing %1 of %2.</source>
        <translation>
            <numerusform>试运行：将删除 %n 个条目，释放 %2 中的 %1。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n chosen entries are younger than the grace period and stay.</source>
        <translation>
            <numerusform>%n 个选中的条目比宽限期更新，将被保留。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&amp;Remove %n Entries…</source>
        <translation>
            <numerusform>删除 %n 个条目(&amp;R)…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Remove %n entries (%1) from %2?

Entries written to since the preview, and those a running process is writing, are skipped.</source>
        <translation>
            <numerusform>要从 %2 删除 %n 个条目（%1）吗？

自预览以来被写入的条目，以及正被运行中的进程写入的条目，将被跳过。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 folders</source>
        <translation>%1 个文件夹</translation>
    </message>
    <message>
        <source>Removing…</source>
        <translation>正在删除…</translation>
    </message>
    <message>
        <source>Removed %1 entries, freed %2; %3 already gone, %4 skipped, %5 failed.</source>
        <translation>已删除 %1 个条目，释放 %2；%3 个已不存在，%4 个已跳过，%5 个失败。</translation>
    </message>
    <message>
        <source>Cancelled: the rest was left alone.</source>
        <translation>已取消：其余内容未做改动。</translation>
    </message>
    <message>
        <source>removed</source>
        <comment>clean result</comment>
        <translation>已删除</translation>
    </message>
    <message>
        <source>already gone</source>
        <comment>clean result</comment>
        <translation>已不存在</translation>
    </message>
    <message>
        <source>skipped: written recently</source>
        <comment>clean result</comment>
        <translation>已跳过：最近有写入</translation>
    </message>
    <message>
        <source>skipped: writer running</source>
        <comment>clean result</comment>
        <translation>已跳过：写入进程正在运行</translation>
    </message>
    <message>
        <source>skipped: unsafe</source>
        <comment>clean result</comment>
        <translation>已跳过：不安全</translation>
    </message>
    <message>
        <source>interrupted</source>
        <comment>clean result</comment>
        <translation>已中断</translation>
    </message>
    <message>
        <source>failed</source>
        <comment>clean result</comment>
        <translation>失败</translation>
    </message>
    <message>
        <source>cancelled</source>
        <comment>clean result</comment>
        <translation>已取消</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <comment>clean result: its detail</comment>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>kl::gui::CompileDialog</name>
    <message>
        <source>Compile CUDA File</source>
        <translation>编译 CUDA 文件</translation>
    </message>
    <message>
        <source>&amp;Browse…</source>
        <translation>浏览(&amp;B)…</translation>
    </message>
    <message>
        <source>NAME=VALUE NAME2=VALUE2</source>
        <translation>NAME=VALUE NAME2=VALUE2</translation>
    </message>
    <message>
        <source>Compile even when the cache has it</source>
        <translation>即使缓存中已有也重新编译</translation>
    </message>
    <message>
        <source>&amp;Compile</source>
        <translation>编译(&amp;C)</translation>
    </message>
    <message>
        <source>Compiling is unavailable: %1</source>
        <translation>无法编译：%1</translation>
    </message>
    <message>
        <source>File:</source>
        <translation>文件：</translation>
    </message>
    <message>
        <source>Arch:</source>
        <translation>架构：</translation>
    </message>
    <message>
        <source>Optimisation:</source>
        <translation>优化：</translation>
    </message>
    <message>
        <source>Defines:</source>
        <translation>宏定义：</translation>
    </message>
    <message>
        <source>Open CUDA File</source>
        <translation>打开 CUDA 文件</translation>
    </message>
    <message>
        <source>CUDA C++ (*.cu *.cuh);;All (*)</source>
        <translation>CUDA C++ (*.cu *.cuh);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Compiling %1 for %2…</source>
        <translation>正在为 %2 编译 %1…</translation>
    </message>
    <message>
        <source>Failed: %1</source>
        <translation>失败：%1</translation>
    </message>
    <message>
        <source>Cache hit: loaded without compiling</source>
        <translation>缓存命中：未编译直接加载</translation>
    </message>
    <message>
        <source>Compiled (cache miss)</source>
        <translation>已编译（缓存未命中）</translation>
    </message>
    <message>
        <source>; the cached entry was unusable (%1) and was recompiled</source>
        <translation>；缓存条目不可用（%1），已重新编译</translation>
    </message>
    <message>
        <source>time    %1 ms (%2)
</source>
        <translation>时间  %1 ms (%2)
</translation>
    </message>
    <message>
        <source>key     %1
entry   %2
</source>
        <translation>键    %1
条目  %2
</translation>
    </message>
    <message>
        <source>kernel  %1: %2 registers, %3 B static shared, %4 B local
</source>
        <translation>内核  %1：%2 个寄存器，%3 B 静态共享内存，%4 B 局部内存
</translation>
    </message>
    <message>
        <source>not cached: %1
</source>
        <translation>未缓存：%1
</translation>
    </message>
    <message>
        <source>Browse the Cac&amp;he</source>
        <translation>查看缓存(&amp;V)</translation>
    </message>
</context>
<context>
    <name>kl::gui::CompileHistogramModel</name>
    <message>
        <source>≥ %1</source>
        <translation>≥ %1</translation>
    </message>
    <message>
        <source>&lt; %1</source>
        <translation>&lt; %1</translation>
    </message>
    <message>
        <source>%1–%2</source>
        <translation>%1–%2</translation>
    </message>
    <message>
        <source>Compile time</source>
        <translation>编译时间</translation>
    </message>
    <message>
        <source>From (µs)</source>
        <translation>起 (µs)</translation>
    </message>
    <message>
        <source>To (µs)</source>
        <translation>止 (µs)</translation>
    </message>
    <message>
        <source>Compiles</source>
        <translation>编译次数</translation>
    </message>
</context>
<context>
    <name>kl::gui::DashboardPage</name>
    <message>
        <source>Drag across the hit-rate chart to select a time range.</source>
        <translation>在命中率图表上拖动以选择时间范围。</translation>
    </message>
    <message>
        <source>Clear Range</source>
        <translation>清除范围</translation>
    </message>
    <message>
        <source>Cache hit rate over time</source>
        <translation>缓存命中率随时间的变化</translation>
    </message>
    <message>
        <source>Cache size over time (bytes compiled)</source>
        <translation>缓存大小随时间的变化（编译字节数）</translation>
    </message>
    <message>
        <source>Compile time per stage (slowest kernels)</source>
        <translation>各阶段编译时间（最慢的内核）</translation>
    </message>
    <message>
        <source>Compile time distribution</source>
        <translation>编译时间分布</translation>
    </message>
    <message>
        <source>Slowest kernels</source>
        <translation>最慢的内核</translation>
    </message>
    <message>
        <source>Events by origin</source>
        <translation>按来源统计的事件</translation>
    </message>
    <message>
        <source>Bytes compiled by kernel</source>
        <translation>按内核统计的编译字节数</translation>
    </message>
    <message>
        <source>Bytes compiled by arch</source>
        <translation>按架构统计的编译字节数</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>Image (PNG)…</source>
        <translation>图片 (PNG)…</translation>
    </message>
    <message>
        <source>Vector Image (SVG)…</source>
        <translation>矢量图 (SVG)…</translation>
    </message>
    <message>
        <source>Data (CSV)…</source>
        <translation>数据 (CSV)…</translation>
    </message>
    <message>
        <source>%1 events</source>
        <translation>%1 个事件</translation>
    </message>
    <message>
        <source>%1 corrupt lines skipped</source>
        <translation>已跳过 %1 行损坏内容</translation>
    </message>
    <message>
        <source>%1 partial lines skipped</source>
        <translation>已跳过 %1 行不完整内容</translation>
    </message>
    <message>
        <source>no events log at %1 yet</source>
        <translation>%1 处尚无事件日志</translation>
    </message>
    <message>
        <source>Selected: %1 – %2</source>
        <translation>已选择：%1 – %2</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG 图片 (*.png)</translation>
    </message>
    <message>
        <source>SVG images (*.svg)</source>
        <translation>SVG 图片 (*.svg)</translation>
    </message>
    <message>
        <source>CSV files (*.csv)</source>
        <translation>CSV 文件 (*.csv)</translation>
    </message>
    <message>
        <source>Export %1</source>
        <translation>导出 %1</translation>
    </message>
    <message>
        <source>The export failed: %1</source>
        <translation>导出失败：%1</translation>
    </message>
    <message>
        <source>Cache size over time (on disk, and compiled)</source>
        <translation>缓存大小随时间的变化（磁盘上与已编译）</translation>
    </message>
    <message>
        <source>Cache on disk by kernel</source>
        <translation>磁盘上的缓存（按内核）</translation>
    </message>
    <message>
        <source>Cache on disk by arch</source>
        <translation>磁盘上的缓存（按架构）</translation>
    </message>
</context>
<context>
    <name>kl::gui::DetailLoader</name>
    <message>
        <source>reading %1 failed: %2</source>
        <translation>读取 %1 失败：%2</translation>
    </message>
</context>
<context>
    <name>kl::gui::DiffView</name>
    <message>
        <source>Ignore SSA numbers</source>
        <translation>忽略 SSA 编号</translation>
    </message>
    <message>
        <source>Ignore locations</source>
        <translation>忽略位置信息</translation>
    </message>
    <message>
        <source>Leave out loc(...), #loc lines, !dbg and .loc/.file lines</source>
        <translation>省略 loc(...)、#loc 行、!dbg 以及 .loc/.file 行</translation>
    </message>
    <message>
        <source>Ignore whitespace</source>
        <translation>忽略空白</translation>
    </message>
    <message>
        <source>&amp;Previous Change</source>
        <translation>上一处更改(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Next Change</source>
        <translation>下一处更改(&amp;N)</translation>
    </message>
    <message>
        <source>Why did it miss: shown when two entries are compared.</source>
        <translation>为何未命中：比较两个条目时显示。</translation>
    </message>
    <message>
        <source>Stage:</source>
        <translation>阶段：</translation>
    </message>
    <message>
        <source>The entries share no text stage</source>
        <translation>这些条目没有共同的文本阶段</translation>
    </message>
    <message>
        <source>Comparing…</source>
        <translation>正在比较…</translation>
    </message>
    <message>
        <source> (the first %1 highlighted)</source>
        <translation>（突出显示前 %1 处）</translation>
    </message>
    <message>
        <source>%12 and %15, %r3 and %r7, ^bb1 and ^bb2 compare equal; in SASS, R12 and R17, P0 and P3, .L_x_1 and .L_x_2</source>
        <translation>%12 与 %15、%r3 与 %r7、^bb1 与 ^bb2 视为相同；在 SASS 中 R12 与 R17、P0 与 P3、.L_x_1 与 .L_x_2 视为相同</translation>
    </message>
    <message>
        <source>Comparing every stage…</source>
        <translation>正在比较所有阶段…</translation>
    </message>
    <message>
        <source>differs: %1 lines removed, %2 added</source>
        <translation>不同：删除 %1 行，新增 %2 行</translation>
    </message>
    <message>
        <source>the same</source>
        <translation>相同</translation>
    </message>
    <message>
        <source>the cubins differ</source>
        <translation>cubin 不同</translation>
    </message>
    <message>
        <source>the cubins hold the same code</source>
        <translation>cubin 包含相同的代码</translation>
    </message>
</context>
<context>
    <name>kl::gui::DiskTimelineModel</name>
    <message>
        <source>Written</source>
        <translation>写入时间</translation>
    </message>
    <message>
        <source>Entries</source>
        <translation>条目</translation>
    </message>
    <message>
        <source>Bytes on disk</source>
        <translation>磁盘上的字节数</translation>
    </message>
</context>
<context>
    <name>kl::gui::DoctorDialog</name>
    <message>
        <source>Doctor</source>
        <translation>诊断</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>严重程度</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>代码</translation>
    </message>
    <message>
        <source>Path</source>
        <translation>路径</translation>
    </message>
    <message>
        <source>What is wrong</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>Fix</source>
        <translation>修复方法</translation>
    </message>
    <message>
        <source>Examining %1 entries…</source>
        <translation>正在检查 %1 个条目…</translation>
    </message>
    <message>
        <source>%1 entries, %2 findings: %3 errors, %4 warnings, %5 info; %6 binaries checked%7</source>
        <translation>%1 个条目，%2 项发现：%3 个错误，%4 个警告，%5 条信息；已检查 %6 个二进制文件%7</translation>
    </message>
    <message>
        <source> — cancelled, showing what was examined</source>
        <translation> — 已取消，显示已检查的部分</translation>
    </message>
</context>
<context>
    <name>kl::gui::EntryDoctorView</name>
    <message>
        <source>Severity</source>
        <translation>严重程度</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>代码</translation>
    </message>
    <message>
        <source>What is wrong</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>Fix</source>
        <translation>修复方法</translation>
    </message>
    <message>
        <source>The doctor finds nothing wrong with this entry.</source>
        <translation>诊断未发现此条目有任何问题。</translation>
    </message>
    <message numerus="yes">
        <source>%n finding(s) for this entry.</source>
        <translation>
            <numerusform>此条目有 %n 项发现。</numerusform>
        </translation>
    </message>
    <message>
        <source>Examining…</source>
        <translation>正在检查…</translation>
    </message>
</context>
<context>
    <name>kl::gui::EntryTableModel</name>
    <message>
        <source>%1 (1 problem)</source>
        <translation>%1（1 个问题）</translation>
    </message>
    <message>
        <source>%1 (%2 problems)</source>
        <translation>%1（%2 个问题）</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Arch</source>
        <translation>架构</translation>
    </message>
    <message>
        <source>Stages</source>
        <translation>阶段</translation>
    </message>
    <message>
        <source>num_warps</source>
        <translation>num_warps</translation>
    </message>
    <message>
        <source>num_stages</source>
        <translation>num_stages</translation>
    </message>
    <message>
        <source>Shared</source>
        <translation>共享内存</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Modified</source>
        <translation>修改时间</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Kernel name, or (folder name) when none is recorded</source>
        <translation>内核名称；未记录时显示（文件夹名）</translation>
    </message>
    <message>
        <source>Target architecture the kernel was compiled for</source>
        <translation>内核编译的目标架构</translation>
    </message>
    <message>
        <source>Compilation stages present; ?ext marks files Triton does not write</source>
        <translation>已有的编译阶段；?ext 表示 Triton 不会写入的文件</translation>
    </message>
    <message>
        <source>Warps per program (num_warps)</source>
        <translation>每个程序的 warp 数（num_warps）</translation>
    </message>
    <message>
        <source>Software pipelining depth (num_stages)</source>
        <translation>软件流水线深度（num_stages）</translation>
    </message>
    <message>
        <source>Shared memory the kernel uses</source>
        <translation>内核使用的共享内存</translation>
    </message>
    <message>
        <source>Total size of the entry&apos;s files</source>
        <translation>条目文件的总大小</translation>
    </message>
    <message>
        <source>Newest file time in the entry</source>
        <translation>条目中最新文件的时间</translation>
    </message>
    <message>
        <source>Whether the entry is usable; hover a row for its problems</source>
        <translation>条目是否可用；将鼠标悬停在行上可查看其问题</translation>
    </message>
    <message>
        <source>What the folder is: %1</source>
        <translation>文件夹的类型：%1</translation>
    </message>
    <message>
        <source>Registers</source>
        <translation>寄存器</translation>
    </message>
    <message>
        <source>Spills</source>
        <translation>溢出</translation>
    </message>
    <message>
        <source>Occupancy</source>
        <translation>占用率</translation>
    </message>
    <message>
        <source>Triton</source>
        <translation>Triton</translation>
    </message>
    <message>
        <source>Folder</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <source>Registers per thread, from the cubin (the most over its kernels)</source>
        <translation>每线程寄存器数，取自 cubin（其所有内核中的最大值）</translation>
    </message>
    <message>
        <source>Spills as Triton counts them (n_spills): the kernel&apos;s local memory in bytes / 4</source>
        <translation>按 Triton 的计数方式（n_spills）：内核的本地内存字节数 / 4</translation>
    </message>
    <message>
        <source>Theoretical occupancy at the entry&apos;s num_warps and shared memory, as CUDA&apos;s occupancy calculator gives it</source>
        <translation>按条目的 num_warps 和共享内存计算的理论占用率，与 CUDA 占用率计算器一致</translation>
    </message>
    <message>
        <source>The Triton version that wrote the entry</source>
        <translation>写入此条目的 Triton 版本</translation>
    </message>
    <message>
        <source>The cache folder the entry is in</source>
        <translation>条目所在的缓存文件夹</translation>
    </message>
</context>
<context>
    <name>kl::gui::JobDialog</name>
    <message>
        <source>&amp;Cancel</source>
        <translation>取消(&amp;C)</translation>
    </message>
</context>
<context>
    <name>kl::gui::KernelGroupModel</name>
    <message>
        <source>%1 (%2)</source>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>(no kernel name)</source>
        <translation>（无内核名称）</translation>
    </message>
    <message numerus="yes">
        <source>%n archs</source>
        <translation>
            <numerusform>%n 种架构</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %n specialisation(s) for %2</source>
        <translation>
            <numerusform>%1：针对 %2 的 %n 个特化版本</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kl::gui::KernelTableModel</name>
    <message>
        <source>Launches over every device, stream and rank</source>
        <translation>所有设备、流和 rank 上的启动次数</translation>
    </message>
    <message>
        <source>GPU time summed over every launch</source>
        <translation>所有启动的 GPU 时间之和</translation>
    </message>
    <message>
        <source>Median launch duration</source>
        <translation>单次启动耗时的中位数</translation>
    </message>
    <message>
        <source>95th percentile of the launch durations</source>
        <translation>启动耗时的第 95 百分位数</translation>
    </message>
    <message>
        <source>Share of all GPU activity&apos;s time</source>
        <translation>占全部 GPU 活动时间的比例</translation>
    </message>
    <message>
        <source>Registers per thread, as the trace recorded them</source>
        <translation>每线程寄存器数（按 trace 记录）</translation>
    </message>
    <message>
        <source>Shared memory per block, as the trace recorded it</source>
        <translation>每个 block 的共享内存（按 trace 记录）</translation>
    </message>
    <message>
        <source>Whether an opened cache holds the binary that ran: matched, mismatch (an entry with that name holds another binary) or none</source>
        <translation>已打开的缓存是否包含实际运行的二进制：匹配、不一致（同名条目包含另一个二进制）或无</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>Class</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>调用次数</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>总计</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>平均</translation>
    </message>
    <message>
        <source>p50</source>
        <translation>p50</translation>
    </message>
    <message>
        <source>p95</source>
        <translation>p95</translation>
    </message>
    <message>
        <source>Max</source>
        <translation>最大</translation>
    </message>
    <message>
        <source>Share</source>
        <translation>占比</translation>
    </message>
    <message>
        <source>Registers</source>
        <translation>寄存器</translation>
    </message>
    <message>
        <source>Shared memory</source>
        <translation>共享内存</translation>
    </message>
    <message>
        <source>Cache entry</source>
        <translation>缓存条目</translation>
    </message>
</context>
<context>
    <name>kl::gui::LinesView</name>
    <message>
        <source>Locate…</source>
        <translation>定位…</translation>
    </message>
    <message>
        <source>Point at the file where it is now, when it moved</source>
        <translation>文件被移动后，指定它现在的位置</translation>
    </message>
    <message>
        <source>Reading the stages…</source>
        <translation>正在读取各阶段…</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>行</translation>
    </message>
    <message>
        <source>SASS</source>
        <translation>SASS</translation>
    </message>
    <message>
        <source>PTX</source>
        <translation>PTX</translation>
    </message>
    <message>
        <source>TTGIR</source>
        <translation>TTGIR</translation>
    </message>
    <message>
        <source>Python</source>
        <translation>Python</translation>
    </message>
    <message>
        <source>SASS instructions this line produced, directly or through what it calls</source>
        <translation>此行直接或通过其调用的代码生成的 SASS 指令数</translation>
    </message>
    <message>
        <source>Where is %1 now?</source>
        <translation>%1 现在在哪里？</translation>
    </message>
    <message>
        <source>read from %1</source>
        <translation>读取自 %1</translation>
    </message>
    <message>
        <source>not found at the recorded path: only line numbers are shown</source>
        <translation>在记录的路径下未找到：只显示行号</translation>
    </message>
    <message>
        <source>changed since the entry was written: lines may not match</source>
        <translation>条目写入后已更改：行可能不对应</translation>
    </message>
</context>
<context>
    <name>kl::gui::MainWindow</name>
    <message>
        <source>Filter by kernel or folder name (Ctrl+F)</source>
        <translation>按内核名称或文件夹名筛选（Ctrl+F）</translation>
    </message>
    <message>
        <source>Select an entry to see its details.</source>
        <translation>选择一个条目以查看其详细信息。</translation>
    </message>
    <message>
        <source>Only entries that have this stage</source>
        <translation>仅显示包含此阶段的条目</translation>
    </message>
    <message>
        <source>Only entries for this target</source>
        <translation>仅显示针对此目标的条目</translation>
    </message>
    <message>
        <source>Only entries in this state</source>
        <translation>仅显示处于此状态的条目</translation>
    </message>
    <message>
        <source>Only entries of this kind</source>
        <translation>仅显示此类型的条目</translation>
    </message>
    <message>
        <source>Show All Times</source>
        <translation>显示全部时间</translation>
    </message>
    <message>
        <source>Metadata</source>
        <translation>元数据</translation>
    </message>
    <message>
        <source>Doctor</source>
        <translation>诊断</translation>
    </message>
    <message>
        <source>Entries</source>
        <translation>条目</translation>
    </message>
    <message>
        <source>Dashboard</source>
        <translation>仪表板</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Stop scanning and show what was read so far</source>
        <translation>停止扫描并显示已读取的内容</translation>
    </message>
    <message>
        <source>Written %1 – %2</source>
        <translation>写入时间 %1 – %2</translation>
    </message>
    <message>
        <source>Folders</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <source>KernelLens</source>
        <translation>KernelLens</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Open Folder…</source>
        <translation>打开文件夹(&amp;O)…</translation>
    </message>
    <message>
        <source>Open &amp;CUDA File…</source>
        <translation>打开 CUDA 文件(&amp;C)…</translation>
    </message>
    <message>
        <source>&amp;Rescan</source>
        <translation>重新扫描(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>Find</source>
        <translation>查找</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Group by Kernel</source>
        <translation>按内核分组(&amp;G)</translation>
    </message>
    <message>
        <source>Show all specialisations of one kernel together</source>
        <translation>将同一内核的所有特化版本放在一起显示</translation>
    </message>
    <message>
        <source>&amp;Entries</source>
        <translation>条目(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Dashboard</source>
        <translation>仪表板(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Folders Pane</source>
        <translation>文件夹窗格(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Entry</source>
        <translation>条目(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Compare Selected</source>
        <translation>比较所选条目(&amp;C)</translation>
    </message>
    <message>
        <source>Select two entries (Ctrl+click) to compare their stages</source>
        <translation>选择两个条目（Ctrl+单击）以比较其各阶段</translation>
    </message>
    <message>
        <source>&amp;Export as .tar.gz…</source>
        <translation>导出为 .tar.gz(&amp;E)…</translation>
    </message>
    <message>
        <source>Export Entries</source>
        <translation>导出条目</translation>
    </message>
    <message>
        <source>gzip&apos;d tar (*.tar.gz)</source>
        <translation>gzip 压缩的 tar (*.tar.gz)</translation>
    </message>
    <message>
        <source>Pack the selected entries into one archive for a bug report</source>
        <translation>将所选条目打包成一个归档文件，用于提交错误报告</translation>
    </message>
    <message>
        <source>Copy &amp;Path</source>
        <translation>复制路径(&amp;P)</translation>
    </message>
    <message>
        <source>Copy &amp;Key</source>
        <translation>复制键(&amp;K)</translation>
    </message>
    <message>
        <source>The sha256 hash the entry&apos;s metadata records</source>
        <translation>条目元数据中记录的 sha256 哈希</translation>
    </message>
    <message>
        <source>&amp;Reveal in File Manager</source>
        <translation>在文件管理器中显示(&amp;R)</translation>
    </message>
    <message>
        <source>Run &amp;Doctor</source>
        <translation>运行诊断(&amp;D)</translation>
    </message>
    <message>
        <source>Examine every entry shown: broken, stale, orphaned, on a network filesystem</source>
        <translation>检查显示的每个条目：损坏、过时、孤立、位于网络文件系统上</translation>
    </message>
    <message>
        <source>Rebuild the selected entries and compare with what is cached (the entries are not changed)</source>
        <translation>重新构建所选条目并与缓存内容比较（条目本身不会被修改）</translation>
    </message>
    <message>
        <source>C&amp;lean Cache…</source>
        <translation>清理缓存(&amp;L)…</translation>
    </message>
    <message>
        <source>Choose policies, preview what would go, then remove it</source>
        <translation>选择策略，预览将删除的内容，然后删除</translation>
    </message>
    <message>
        <source>&amp;Kernels</source>
        <translation>内核(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;Autotune…</source>
        <translation>自动调优(&amp;A)…</translation>
    </message>
    <message>
        <source>Looking for a GPU…</source>
        <translation>正在查找 GPU…</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;About KernelLens</source>
        <translation>关于 KernelLens(&amp;A)</translation>
    </message>
    <message>
        <source>About KernelLens</source>
        <translation>关于 KernelLens</translation>
    </message>
    <message>
        <source>KernelLens %1
Inspector for GPU kernel compile caches (Triton, NVRTC).</source>
        <translation>KernelLens %1
GPU 内核编译缓存检查工具（Triton、NVRTC）。</translation>
    </message>
    <message>
        <source>Time every configuration of a demo kernel on %1</source>
        <translation>在 %1 上为演示内核的每个配置计时</translation>
    </message>
    <message>
        <source>Autotuning needs a GPU: %1</source>
        <translation>自动调优需要 GPU：%1</translation>
    </message>
    <message>
        <source>&amp;Autotune… (no GPU)</source>
        <translation>自动调优(&amp;A)…（无 GPU）</translation>
    </message>
    <message>
        <source>Any stage</source>
        <translation>任意阶段</translation>
    </message>
    <message>
        <source>Any arch</source>
        <translation>任意架构</translation>
    </message>
    <message>
        <source>Any status</source>
        <translation>任意状态</translation>
    </message>
    <message>
        <source>Any kind</source>
        <translation>任意类型</translation>
    </message>
    <message>
        <source>Exported %1 files (%2) to %3%4</source>
        <translation>已将 %1 个文件（%2）导出到 %3%4</translation>
    </message>
    <message>
        <source>; left out %1 (see the archive&apos;s listing)</source>
        <translation>；已略过 %1（见归档中的清单）</translation>
    </message>
    <message>
        <source>Export failed: %1</source>
        <translation>导出失败：%1</translation>
    </message>
    <message>
        <source>The selected entries record no key</source>
        <translation>所选条目未记录键</translation>
    </message>
    <message numerus="yes">
        <source>Copied %n line(s)</source>
        <translation>
            <numerusform>已复制 %n 行</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 ↔ %2</source>
        <translation>%1 ↔ %2</translation>
    </message>
    <message>
        <source>Open Cache Folder</source>
        <translation>打开缓存文件夹</translation>
    </message>
    <message>
        <source>No Triton cache found in this environment (looked in %1).

Use File &gt; Open Folder… to open one, or start KernelLens with --demo.</source>
        <translation>在此环境中未找到 Triton 缓存（已查找 %1）。

请使用“文件 &gt; 打开文件夹…”打开一个缓存，或使用 --demo 启动 KernelLens。</translation>
    </message>
    <message>
        <source>Cannot open the demo cache: %1</source>
        <translation>无法打开演示缓存：%1</translation>
    </message>
    <message>
        <source>Demo cache (%1)</source>
        <translation>演示缓存（%1）</translation>
    </message>
    <message>
        <source>%1 — KernelLens</source>
        <translation>%1 — KernelLens</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <source>Scanning…</source>
        <translation>正在扫描…</translation>
    </message>
    <message>
        <source>Scanning: %1 of %2 entries</source>
        <translation>正在扫描：%1 / %2 个条目</translation>
    </message>
    <message>
        <source>about %1 s left</source>
        <translation>剩余约 %1 秒</translation>
    </message>
    <message>
        <source>No cache entries in %1.</source>
        <translation>%1 中没有缓存条目。</translation>
    </message>
    <message>
        <source>1 entry</source>
        <translation>1 个条目</translation>
    </message>
    <message>
        <source>%1 entries</source>
        <translation>%1 个条目</translation>
    </message>
    <message>
        <source>1 problem</source>
        <translation>1 个问题</translation>
    </message>
    <message>
        <source>%1 problems</source>
        <translation>%1 个问题</translation>
    </message>
    <message>
        <source>%1 shown</source>
        <translation>显示 %1 个</translation>
    </message>
    <message>
        <source>%1 vanished while scanning</source>
        <translation>%1 个在扫描期间消失</translation>
    </message>
    <message>
        <source>scan cancelled, showing what was read</source>
        <translation>扫描已取消，显示已读取的内容</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>Recomp&amp;ile</source>
        <translation>重新编译(&amp;B)</translation>
    </message>
    <message>
        <source>This entry is on a Redis server: its stages are not read from there. Pull it to read them.</source>
        <translation>此条目位于 Redis 服务器上：不会从那里读取其阶段。请先获取它，再读取这些阶段。</translation>
    </message>
    <message>
        <source>Cannot open the remote cache: %1</source>
        <translation>无法打开远程缓存：%1</translation>
    </message>
    <message>
        <source>Open Re&amp;mote Cache…</source>
        <translation>打开远程缓存(&amp;M)…</translation>
    </message>
    <message>
        <source>List Triton&apos;s Redis remote cache</source>
        <translation>列出 Triton 的 Redis 远程缓存</translation>
    </message>
    <message>
        <source>Remote cache %1</source>
        <translation>远程缓存 %1</translation>
    </message>
    <message>
        <source>P&amp;ull into Triton&apos;s Cache</source>
        <translation>获取到 Triton 的缓存(&amp;U)</translation>
    </message>
    <message>
        <source>Fetch the selected remote entries into the cache folder Triton uses here</source>
        <translation>将所选远程条目获取到 Triton 在此处使用的缓存文件夹</translation>
    </message>
    <message>
        <source>Pull into &amp;Folder…</source>
        <translation>获取到文件夹(&amp;F)…</translation>
    </message>
    <message>
        <source>Pull into Cache Folder</source>
        <translation>获取到缓存文件夹</translation>
    </message>
    <message>
        <source>Pull failed: %1</source>
        <translation>获取失败：%1</translation>
    </message>
    <message>
        <source>Pulled into %1: %2 done, %3 skipped (already there), %4 refused</source>
        <translation>已获取到 %1：完成 %2 个，跳过 %3 个（已存在），拒绝 %4 个</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>This entry is on a Redis server: each stage is fetched from there when its tab is opened.</source>
        <translation>此条目位于 Redis 服务器上：打开某个阶段的标签页时才从服务器获取该阶段。</translation>
    </message>
    <message>
        <source>Pus&amp;h to Remote Cache…</source>
        <translation>推送到远程缓存(&amp;H)…</translation>
    </message>
    <message>
        <source>Push to Remote Cache</source>
        <translation>推送到远程缓存</translation>
    </message>
    <message>
        <source>Store the selected entries on a Redis server in the form Triton reads (complete, hash-verified entries only)</source>
        <translation>以 Triton 读取的形式把所选条目存到 Redis 服务器（仅限完整且经哈希校验的条目）</translation>
    </message>
    <message>
        <source>Push failed: %1</source>
        <translation>推送失败：%1</translation>
    </message>
    <message>
        <source>Pushed to %1: %2 done, %3 skipped (already there), %4 refused</source>
        <translation>已推送到 %1：完成 %2 个，跳过 %3 个（已存在），拒绝 %4 个</translation>
    </message>
    <message>
        <source>&amp;Trace</source>
        <translation>跟踪(&amp;T)</translation>
    </message>
    <message>
        <source>Trace</source>
        <translation>跟踪</translation>
    </message>
    <message>
        <source>Cannot open the trace: %1</source>
        <translation>无法打开跟踪：%1</translation>
    </message>
    <message>
        <source>Reading the trace was cancelled</source>
        <translation>已取消读取跟踪</translation>
    </message>
    <message>
        <source>The kernel&apos;s entries are hidden by the Entries page&apos;s filters</source>
        <translation>该内核的条目被“条目”页的筛选隐藏了</translation>
    </message>
    <message>
        <source>Open &amp;Trace…</source>
        <translation>打开跟踪(&amp;T)…</translation>
    </message>
    <message>
        <source>Read PyTorch profiler traces and match their kernels with the cache entries</source>
        <translation>读取 PyTorch profiler 跟踪并将其内核与缓存条目匹配</translation>
    </message>
    <message>
        <source>Open Profiler Traces (several: one per rank)</source>
        <translation>打开 profiler 跟踪（多个：每个 rank 一个）</translation>
    </message>
    <message>
        <source>Chrome traces (*.json *.json.gz);;All files (*)</source>
        <translation>Chrome 跟踪 (*.json *.json.gz);;所有文件 (*)</translation>
    </message>
    <message>
        <source>The password of %1 is in the system keyring</source>
        <translation>%1 的密码已保存在系统密钥环中</translation>
    </message>
    <message>
        <source>The password of %1 was not saved in the system keyring: %2</source>
        <translation>%1 的密码未保存到系统密钥环：%2</translation>
    </message>
    <message>
        <source>Make &amp;Override…</source>
        <translation>创建覆盖(&amp;O)…</translation>
    </message>
    <message>
        <source>Write the override folder Triton reads for the selected entry or dump: one stage, to edit</source>
        <translation>为所选条目或转储写入 Triton 读取的覆盖文件夹：一个阶段，供编辑</translation>
    </message>
    <message>
        <source>Edit Override &amp;File…</source>
        <translation>编辑覆盖文件(&amp;F)…</translation>
    </message>
    <message>
        <source>Open a stage file of an override folder in the override editor, and try it against the selected entry without your script</source>
        <translation>在覆盖编辑器中打开覆盖文件夹中的阶段文件，并在不运行您的脚本的情况下针对所选条目试用</translation>
    </message>
    <message>
        <source>Edit Override File</source>
        <translation>编辑覆盖文件</translation>
    </message>
    <message>
        <source>Stages (*.ttir *.ttgir *.llir *.ptx);;All files (*)</source>
        <translation>阶段 (*.ttir *.ttgir *.llir *.ptx);;所有文件 (*)</translation>
    </message>
</context>
<context>
    <name>kl::gui::MetadataTree</name>
    <message>
        <source>Field</source>
        <translation>字段</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Entry</source>
        <translation>条目</translation>
    </message>
    <message>
        <source>folder</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <source>kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>Target</source>
        <translation>目标</translation>
    </message>
    <message>
        <source>Versions</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>metadata format</source>
        <translation>元数据格式</translation>
    </message>
    <message>
        <source>Options</source>
        <translation>选项</translation>
    </message>
    <message>
        <source>Environment variables</source>
        <translation>环境变量</translation>
    </message>
    <message>
        <source>(none recorded)</source>
        <translation>（未记录）</translation>
    </message>
    <message>
        <source>Added while lowering</source>
        <translation>在 lowering 过程中添加</translation>
    </message>
    <message>
        <source>Group file</source>
        <translation>组文件</translation>
    </message>
    <message>
        <source>Autotune</source>
        <translation>自动调优</translation>
    </message>
    <message>
        <source>configurations</source>
        <translation>配置</translation>
    </message>
    <message>
        <source>Errors</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>read</source>
        <translation>读取</translation>
    </message>
</context>
<context>
    <name>kl::gui::OriginModel</name>
    <message>
        <source>Origin</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Events</source>
        <translation>事件</translation>
    </message>
    <message>
        <source>Hits</source>
        <translation>命中</translation>
    </message>
    <message>
        <source>Misses</source>
        <translation>未命中</translation>
    </message>
    <message>
        <source>Hit rate (%)</source>
        <translation>命中率 (%)</translation>
    </message>
    <message>
        <source>Compiled bytes</source>
        <translation>编译字节数</translation>
    </message>
</context>
<context>
    <name>kl::gui::OverrideDialog</name>
    <message>
        <source>Make Override</source>
        <translation>创建覆盖</translation>
    </message>
    <message>
        <source>Triton reads an override folder named as the dump of the kernel&apos;s source, holding the stages to replace. KernelLens writes the stage you pick there (never over an existing file unless you say so); edit it, then run your script with the environment below.</source>
        <translation>Triton 读取一个与内核源码的转储同名、存放待替换阶段的覆盖文件夹。KernelLens 把你选择的阶段写到那里（除非你明确要求，绝不覆盖已有文件）；编辑它，然后用下面的环境变量运行你的脚本。</translation>
    </message>
    <message>
        <source>Replace a stage file already there</source>
        <translation>替换已有的阶段文件</translation>
    </message>
    <message>
        <source>Entry:</source>
        <translation>条目：</translation>
    </message>
    <message>
        <source>Stage:</source>
        <translation>阶段：</translation>
    </message>
    <message>
        <source>Override folder:</source>
        <translation>覆盖文件夹：</translation>
    </message>
    <message>
        <source>&amp;Make</source>
        <translation>创建(&amp;M)</translation>
    </message>
    <message>
        <source>This entry holds no stage Triton reads from an override folder (ttir, ttgir, llir, ptx, cubin; amdgcn, hsaco on AMD).</source>
        <translation>此条目没有 Triton 会从覆盖文件夹读取的阶段（ttir、ttgir、llir、ptx、cubin；AMD 上为 amdgcn、hsaco）。</translation>
    </message>
    <message>
        <source>Making the override folder…</source>
        <translation>正在创建覆盖文件夹…</translation>
    </message>
    <message>
        <source>Replaced %1</source>
        <translation>已替换 %1</translation>
    </message>
    <message>
        <source>Wrote %1</source>
        <translation>已写入 %1</translation>
    </message>
    <message>
        <source>(from %1, named as the dump %2)</source>
        <translation>（来自 %1，按转储 %2 命名）</translation>
    </message>
    <message>
        <source>Edit it, then run your script with:</source>
        <translation>编辑它，然后这样运行你的脚本：</translation>
    </message>
    <message>
        <source>or, Triton 3.4+, for one config only:</source>
        <translation>或者（Triton 3.4+）只用于一个配置：</translation>
    </message>
    <message>
        <source>&amp;Edit and Try</source>
        <translation>编辑并试用(&amp;E)</translation>
    </message>
    <message>
        <source>Edit the stage here, and try the edit without your script</source>
        <translation>在此编辑阶段，并在不运行您的脚本的情况下试用修改</translation>
    </message>
    <message>
        <source>Open E&amp;xternally</source>
        <translation>在外部打开(&amp;X)</translation>
    </message>
</context>
<context>
    <name>kl::gui::OverrideEditor</name>
    <message>
        <source>%1% (%2 blocks/SM, %3)</source>
        <translation>%1%（每 SM %2 个块，%3）</translation>
    </message>
    <message>
        <source>The cache entry the edit is compared with: its target and options are the ones the edit is compiled for</source>
        <translation>与修改进行比较的缓存条目：修改按其目标和选项编译</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Entry</source>
        <translation>条目</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>修改</translation>
    </message>
    <message>
        <source>Comparison</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>Messages</source>
        <translation>消息</translation>
    </message>
    <message>
        <source>PTX Diff</source>
        <translation>PTX 差异</translation>
    </message>
    <message>
        <source>SASS Diff</source>
        <translation>SASS 差异</translation>
    </message>
    <message>
        <source>Edit the stage, then Try: KernelLens compiles it without your script and compares it with the entry.</source>
        <translation>编辑阶段，然后点“试用”：KernelLens 在不运行您的脚本的情况下编译它，并与条目比较。</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Try</source>
        <translation>试用(&amp;T)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Compare with:</source>
        <translation>比较对象：</translation>
    </message>
    <message>
        <source>Override Editor: %1%2</source>
        <translation>覆盖编辑器：%1%2</translation>
    </message>
    <message>
        <source>%1: larger than 64 MiB, not opened for editing</source>
        <translation>%1：大于 64 MiB，未打开编辑</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1: not a text file; Try compiles .ttir, .ttgir, .llir and .ptx stages</source>
        <translation>%1：不是文本文件；“试用”编译 .ttir、.ttgir、.llir 和 .ptx 阶段</translation>
    </message>
    <message>
        <source>Try compiles .ttir, .ttgir, .llir and .ptx stages; this one can be edited and saved.</source>
        <translation>“试用”编译 .ttir、.ttgir、.llir 和 .ptx 阶段；此文件可编辑和保存。</translation>
    </message>
    <message>
        <source>finding the entries this folder belongs to…</source>
        <translation>正在查找此文件夹所属的条目…</translation>
    </message>
    <message>
        <source>no cache entry shares this folder&apos;s stages</source>
        <translation>没有缓存条目与此文件夹共享阶段</translation>
    </message>
    <message>
        <source>No cache entry shares this folder&apos;s stages: compile the kernel once (its cache entry is what an edit is compared with).</source>
        <translation>没有缓存条目与此文件夹共享阶段：请先编译一次内核（修改将与其缓存条目比较）。</translation>
    </message>
    <message>
        <source>Cannot save %1: %2</source>
        <translation>无法保存 %1：%2</translation>
    </message>
    <message>
        <source>Compiling %1 for %2…</source>
        <translation>正在为 %2 编译 %1…</translation>
    </message>
    <message>
        <source>note: %1</source>
        <translation>注意：%1</translation>
    </message>
    <message>
        <source>Built by %1 in %2 s, compared with %3: %4.</source>
        <translation>由 %1 在 %2 秒内构建，与%3比较：%4。</translation>
    </message>
    <message>
        <source>the same instructions as the entry</source>
        <translation>指令与条目相同</translation>
    </message>
    <message>
        <source>the instructions changed</source>
        <translation>指令已改变</translation>
    </message>
    <message>
        <source>Registers</source>
        <translation>寄存器</translation>
    </message>
    <message>
        <source>Local bytes (spills)</source>
        <translation>本地字节（溢出）</translation>
    </message>
    <message>
        <source>Static shared bytes</source>
        <translation>静态共享内存字节</translation>
    </message>
    <message>
        <source>Dynamic shared bytes</source>
        <translation>动态共享内存字节</translation>
    </message>
    <message>
        <source>Occupancy</source>
        <translation>占用率</translation>
    </message>
    <message>
        <source>Code bytes</source>
        <translation>代码字节</translation>
    </message>
    <message>
        <source>Instructions</source>
        <translation>指令</translation>
    </message>
    <message>
        <source>the entry&apos;s</source>
        <translation>与条目相同</translation>
    </message>
    <message>
        <source>changed</source>
        <translation>已改变</translation>
    </message>
    <message>
        <source>The PTX is the entry&apos;s.</source>
        <translation>PTX 与条目相同。</translation>
    </message>
    <message>
        <source>No SASS diff: %1</source>
        <translation>无 SASS 差异：%1</translation>
    </message>
    <message>
        <source>The SASS is the entry&apos;s.</source>
        <translation>SASS 与条目相同。</translation>
    </message>
    <message>
        <source>Save, compile the edit (PTX: the CUDA toolkit&apos;s ptxas or the entry&apos;s Triton; IR: the Triton in your Python) and compare it with the entry (Ctrl+Return)</source>
        <translation>保存、编译修改（PTX：CUDA 工具包的 ptxas 或条目的 Triton；IR：您 Python 中的 Triton）并与条目比较（Ctrl+Return）</translation>
    </message>
    <message>
        <source>Unsaved Edits</source>
        <translation>未保存的修改</translation>
    </message>
    <message>
        <source>%1 has edits that are not saved.</source>
        <translation>%1 有尚未保存的修改。</translation>
    </message>
    <message>
        <source>Disassembling the edit with nvdisasm…</source>
        <translation>正在用 nvdisasm 反汇编修改后的代码…</translation>
    </message>
    <message>
        <source>&amp;Run on GPU…</source>
        <translation>在 GPU 上运行(&amp;R)…</translation>
    </message>
    <message>
        <source>Run the entry&apos;s kernel and the tried edit on the GPU on the same inputs and compare their outputs; a run spec gives the grid and the arguments</source>
        <translation>在 GPU 上用相同输入运行条目的内核与试过的修改并比较输出;运行描述文件给出网格和参数</translation>
    </message>
    <message>
        <source>Run Spec</source>
        <translation>运行描述</translation>
    </message>
    <message>
        <source>Run specs (*.json);;All files (*)</source>
        <translation>运行描述 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Running both kernels on the GPU as %1 says…</source>
        <translation>按 %1 在 GPU 上运行两个内核…</translation>
    </message>
    <message>
        <source>GPU run on %1 (problem size %2): %3</source>
        <translation>在 %1 上的 GPU 运行(问题规模 %2):%3</translation>
    </message>
    <message>
        <source>GPU run: %1</source>
        <translation>GPU 运行:%1</translation>
    </message>
</context>
<context>
    <name>kl::gui::RangeChartView</name>
    <message>
        <source>Drag across the chart to select a time range</source>
        <translation>在图表上拖动以选择时间范围</translation>
    </message>
</context>
<context>
    <name>kl::gui::RecompileDialog</name>
    <message>
        <source>Recompile</source>
        <translation>重新编译</translation>
    </message>
    <message>
        <source>Entry</source>
        <translation>条目</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Built for</source>
        <translation>构建目标</translation>
    </message>
    <message>
        <source>Assembler</source>
        <translation>汇编器</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>Artefacts</source>
        <translation>产物</translation>
    </message>
    <message>
        <source>waiting</source>
        <translation>等待中</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source> — cancelled</source>
        <translation> — 已取消</translation>
    </message>
    <message>
        <source>rebuilding…</source>
        <translation>正在重新构建…</translation>
    </message>
    <message>
        <source>Rebuilding %1 (%2 of %3)…</source>
        <translation>正在重新构建 %1（%2 / %3）…</translation>
    </message>
    <message>
        <source>
event not logged: %1</source>
        <translation>
事件未记录：%1</translation>
    </message>
    <message>
        <source>not rebuilt</source>
        <translation>未重新构建</translation>
    </message>
    <message>
        <source>identical</source>
        <translation>相同</translation>
    </message>
    <message>
        <source>%1 fresh, %2 stale, %3 not judged, %4 could not be rebuilt%5</source>
        <translation>%1 个最新，%2 个过时，%3 个无法判断，%4 个无法重新构建%5</translation>
    </message>
</context>
<context>
    <name>kl::gui::RemoteDoctorDialog</name>
    <message>
        <source>Remote Doctor — %1</source>
        <translation>远程诊断 — %1</translation>
    </message>
    <message>
        <source>Finding</source>
        <translation>发现</translation>
    </message>
    <message>
        <source>Entries</source>
        <translation>条目</translation>
    </message>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>No Triton can hit these entries: delete them with klens remote clean --broken (a dry run until --apply)</source>
        <translation>任何 Triton 都无法命中这些条目：用 klens remote clean --broken 删除它们（加 --apply 之前只是演练）</translation>
    </message>
    <message>
        <source>Fix: %1</source>
        <translation>修复：%1</translation>
    </message>
    <message>
        <source>… %1 more (klens remote doctor --json lists them all)</source>
        <translation>… 另有 %1 个（klens remote doctor --json 会全部列出）</translation>
    </message>
    <message>
        <source>%1: no problems in %2 entries.</source>
        <translation>%1：%2 个条目中没有问题。</translation>
    </message>
    <message>
        <source>%1: %2 errors and %3 warnings in %4 entries.</source>
        <translation>%1：%4 个条目中有 %2 个错误和 %3 个警告。</translation>
    </message>
</context>
<context>
    <name>kl::gui::RemoteOpenDialog</name>
    <message>
        <source>Open Remote Cache</source>
        <translation>打开远程缓存</translation>
    </message>
    <message>
        <source>redis://[user@]host[:port][/db], rediss://… (TLS) or unix:///path</source>
        <translation>redis://[user@]host[:port][/db]、rediss://…（TLS）或 unix:///path</translation>
    </message>
    <message>
        <source>only if the server asks for one</source>
        <translation>仅当服务器要求时填写</translation>
    </message>
    <message>
        <source>Triton&apos;s TRITON_REDIS_KEY_FORMAT: {key} and {filename} once each</source>
        <translation>Triton 的 TRITON_REDIS_KEY_FORMAT：{key} 和 {filename} 各出现一次</translation>
    </message>
    <message>
        <source>Server URL:</source>
        <translation>服务器 URL：</translation>
    </message>
    <message>
        <source>Password:</source>
        <translation>密码：</translation>
    </message>
    <message>
        <source>Key format:</source>
        <translation>键格式：</translation>
    </message>
    <message>
        <source>Kept in memory for this session; saved only in the system keyring, and only when asked to</source>
        <translation>在本次会话中保存在内存里；仅在要求时保存到系统密钥环</translation>
    </message>
    <message>
        <source>Remember password in the system keyring</source>
        <translation>在系统密钥环中记住密码</translation>
    </message>
    <message>
        <source>Recent servers are remembered without their password (a password only ever goes to the system keyring).</source>
        <translation>最近使用的服务器会被记住，但不含密码（密码只会保存到系统密钥环）。</translation>
    </message>
    <message>
        <source>Asking the system keyring…</source>
        <translation>正在查询系统密钥环…</translation>
    </message>
    <message>
        <source>The password was read from the system keyring.</source>
        <translation>已从系统密钥环读取密码。</translation>
    </message>
    <message>
        <source>The system keyring is not available (%1): the password is asked for each time.</source>
        <translation>系统密钥环不可用（%1）：每次都会询问密码。</translation>
    </message>
    <message>
        <source>This build has no QtKeychain: the password is asked for each time.</source>
        <translation>此版本未包含 QtKeychain：每次都会询问密码。</translation>
    </message>
</context>
<context>
    <name>kl::gui::RemoteSession</name>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Stop and keep what was read or pulled so far</source>
        <translation>停止，并保留目前已读取或获取的内容</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>正在连接 %1…</translation>
    </message>
    <message>
        <source>Reading %1 of %2 entries</source>
        <translation>正在读取第 %1 个条目，共 %2 个</translation>
    </message>
    <message>
        <source>Listing: %1 keys</source>
        <translation>正在列出：%1 个键</translation>
    </message>
    <message>
        <source>Pulling %1 entries…</source>
        <translation>正在获取 %1 个条目…</translation>
    </message>
    <message>
        <source>Pulling: %1 of %2 entries</source>
        <translation>正在获取：第 %1 个，共 %2 个条目</translation>
    </message>
    <message>
        <source>Pushing %1 entries…</source>
        <translation>正在推送 %1 个条目…</translation>
    </message>
    <message>
        <source>Pushing: %1 of %2 entries</source>
        <translation>推送中：第 %1 个，共 %2 个条目</translation>
    </message>
    <message>
        <source>Reading the password of %1 from the system keyring…</source>
        <translation>正在从系统密钥环读取 %1 的密码…</translation>
    </message>
</context>
<context>
    <name>kl::gui::RootsPanel</name>
    <message>
        <source>unreadable</source>
        <translation>不可读</translation>
    </message>
    <message>
        <source>local · %1</source>
        <translation>本地 · %1</translation>
    </message>
    <message>
        <source>network · %1</source>
        <translation>网络 · %1</translation>
    </message>
    <message>
        <source>memory · %1</source>
        <translation>内存 · %1</translation>
    </message>
    <message>
        <source>overlay · %1</source>
        <translation>overlay · %1</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>Folder</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <source>Filesystem</source>
        <translation>文件系统</translation>
    </message>
    <message>
        <source>Double-click a folder to open it</source>
        <translation>双击文件夹即可打开</translation>
    </message>
    <message>
        <source>This environment</source>
        <translation>当前环境</translation>
    </message>
    <message>
        <source>KernelLens&apos;s own cache</source>
        <translation>KernelLens 自身的缓存</translation>
    </message>
    <message>
        <source>Opened</source>
        <translation>已打开</translation>
    </message>
    <message>
        <source>Recent</source>
        <translation>最近使用</translation>
    </message>
    <message>
        <source>Example (demo): a cache on NFS</source>
        <translation>示例（演示）：位于 NFS 上的缓存</translation>
    </message>
    <message>
        <source>Why: %1</source>
        <translation>原因：%1</translation>
    </message>
    <message>
        <source>Mounted from %1 on %2</source>
        <translation>从 %1 挂载到 %2</translation>
    </message>
    <message>
        <source>Does not exist yet</source>
        <translation>尚不存在</translation>
    </message>
    <message>
        <source>Not in use now (%1 is not set)</source>
        <translation>当前未使用（未设置 %1）</translation>
    </message>
    <message>
        <source>Example: %1</source>
        <translation>示例：%1</translation>
    </message>
    <message>
        <source>KernelLens&apos;s NVRTC cache</source>
        <translation>KernelLens 的 NVRTC 缓存</translation>
    </message>
    <message>
        <source>KERNELLENS_CACHE_DIR, else the XDG cache folder</source>
        <translation>KERNELLENS_CACHE_DIR，未设置时为 XDG 缓存文件夹</translation>
    </message>
    <message>
        <source>Triton&apos;s cache folder</source>
        <translation>Triton 缓存文件夹</translation>
    </message>
    <message>
        <source>the default (TRITON_CACHE_DIR is not set)</source>
        <translation>默认位置，因为未设置 TRITON_CACHE_DIR</translation>
    </message>
    <message>
        <source>Remote caches (Redis)</source>
        <translation>远程缓存（Redis）</translation>
    </message>
    <message>
        <source>opened</source>
        <translation>已打开</translation>
    </message>
    <message>
        <source>recent</source>
        <translation>最近</translation>
    </message>
    <message>
        <source>List Again</source>
        <translation>重新列出</translation>
    </message>
    <message>
        <source>Forget This Server</source>
        <translation>忘记此服务器</translation>
    </message>
    <message>
        <source>Remove it from the recent servers, and its password from the system keyring</source>
        <translation>从最近使用的服务器中移除，并从系统密钥环中删除其密码</translation>
    </message>
    <message>
        <source>Double-click to list this server again; right-click to forget it</source>
        <translation>双击以重新列出此服务器；右键单击以忘记它</translation>
    </message>
</context>
<context>
    <name>kl::gui::ScanController</name>
    <message>
        <source>scanning %1 failed: %2</source>
        <translation>扫描 %1 失败：%2</translation>
    </message>
</context>
<context>
    <name>kl::gui::ShortcutsDialog</name>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Entries › Filter by kernel or folder name</source>
        <translation>条目 › 按内核名称或文件夹名筛选</translation>
    </message>
    <message>
        <source>Stage tab › Find in the code</source>
        <translation>阶段标签页 › 在代码中查找</translation>
    </message>
    <message>
        <source>Stage tab › Go to line</source>
        <translation>阶段标签页 › 转到行</translation>
    </message>
    <message>
        <source>Diff window › Next change</source>
        <translation>差异窗口 › 下一处更改</translation>
    </message>
    <message>
        <source>Diff window › Previous change</source>
        <translation>差异窗口 › 上一处更改</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>按键</translation>
    </message>
    <message>
        <source>Stage tab › Find in the code (the code has the focus)</source>
        <translation>阶段标签页 › 在代码中查找（代码获得焦点时）</translation>
    </message>
</context>
<context>
    <name>kl::gui::SizeShareModel</name>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>Arch</source>
        <translation>架构</translation>
    </message>
    <message>
        <source>Compiled bytes</source>
        <translation>编译字节数</translation>
    </message>
    <message>
        <source>Compiles</source>
        <translation>编译次数</translation>
    </message>
</context>
<context>
    <name>kl::gui::SlowestKernelsModel</name>
    <message>
        <source>Kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>Origin</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Compiles</source>
        <translation>编译次数</translation>
    </message>
    <message>
        <source>Slowest (µs)</source>
        <translation>最慢 (µs)</translation>
    </message>
    <message>
        <source>Median (µs)</source>
        <translation>中位数 (µs)</translation>
    </message>
    <message>
        <source>Total (µs)</source>
        <translation>总计 (µs)</translation>
    </message>
    <message>
        <source>Arch</source>
        <translation>架构</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
</context>
<context>
    <name>kl::gui::StageBreakdownModel</name>
    <message>
        <source>Kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>Origin</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Arch</source>
        <translation>架构</translation>
    </message>
    <message>
        <source>Total (µs)</source>
        <translation>总计 (µs)</translation>
    </message>
    <message>
        <source>%1 (µs)</source>
        <translation>%1 (µs)</translation>
    </message>
</context>
<context>
    <name>kl::gui::StageTabs</name>
    <message>
        <source>Details</source>
        <translation>详细信息</translation>
    </message>
    <message>
        <source>Go to Line</source>
        <translation>转到行</translation>
    </message>
    <message>
        <source>Line:</source>
        <translation>行：</translation>
    </message>
    <message>
        <source>sm_%1, %2 kernel(s), ELF ABI %3%4</source>
        <translation>sm_%1，%2 个内核，ELF ABI %3%4</translation>
    </message>
    <message>
        <source>, CUDA API %1</source>
        <translation>，CUDA API %1</translation>
    </message>
    <message>
        <source>Not a readable cubin: %1</source>
        <translation>不是可读的 cubin：%1</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>Registers</source>
        <translation>寄存器</translation>
    </message>
    <message>
        <source>Shared (static)</source>
        <translation>共享内存（静态）</translation>
    </message>
    <message>
        <source>Local / spills</source>
        <translation>局部内存 / 溢出</translation>
    </message>
    <message>
        <source>Max threads</source>
        <translation>最大线程数</translation>
    </message>
    <message>
        <source>Required block</source>
        <translation>要求的块大小</translation>
    </message>
    <message>
        <source>Params</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>代码</translation>
    </message>
    <message>
        <source>%1 B (spills or stack)</source>
        <translation>%1 B（溢出或栈）</translation>
    </message>
    <message>
        <source>0 B</source>
        <translation>0 B</translation>
    </message>
    <message>
        <source>Find in %1 (Enter: next, Shift+Enter: previous)</source>
        <translation>在 %1 中查找（Enter：下一个，Shift+Enter：上一个）</translation>
    </message>
    <message>
        <source>not found</source>
        <translation>未找到</translation>
    </message>
    <message>
        <source>Shown without syntax colours: larger than %1 MiB</source>
        <translation>未使用语法着色显示：大于 %1 MiB</translation>
    </message>
    <message>
        <source>%1 is too large to show: %2, more than the %3 KernelLens fetches from a server. It was not fetched.</source>
        <translation>%1 太大，无法显示：%2，超过 KernelLens 从服务器获取的上限 %3。未获取。</translation>
    </message>
    <message>
        <source>The entry has no cubin to disassemble.</source>
        <translation>该条目没有可反汇编的 cubin。</translation>
    </message>
    <message>
        <source>The cubin&apos;s instructions and the source lines they came from (nvdisasm)</source>
        <translation>cubin 的指令及其来源代码行（nvdisasm）</translation>
    </message>
    <message>
        <source>Occupancy</source>
        <translation>占用率</translation>
    </message>
    <message>
        <source>At %1 threads per block and %2 bytes of dynamic shared memory; theoretical, as the CUDA occupancy calculator gives it</source>
        <translation>按每块 %1 个线程和 %2 字节动态共享内存计算；理论值，与 CUDA 占用率计算器一致</translation>
    </message>
    <message>
        <source>%1%: %2 blocks, %3 warps per SM, limited by %4</source>
        <translation>%1%：每 SM %2 个线程块、%3 个 warp，受限于 %4</translation>
    </message>
    <message>
        <source>Each source line with the lines of every stage it produced, side by side</source>
        <translation>每个源代码行及其在各阶段生成的行，并排显示</translation>
    </message>
    <message>
        <source>The MLIR of this entry records no source file (compiled without line info?).</source>
        <translation>此条目的 MLIR 未记录源文件（编译时关闭了行信息？）。</translation>
    </message>
    <message>
        <source>%1 cannot be read here: %2. It was the kernel&apos;s source when the entry was compiled.</source>
        <translation>此处无法读取 %1：%2。编译该条目时它是内核的源文件。</translation>
    </message>
    <message>
        <source>%1: changed since the entry was written, its lines may not match the stages</source>
        <translation>%1：条目写入后已更改，其行可能与各阶段不对应</translation>
    </message>
    <message>
        <source>Python</source>
        <translation>Python</translation>
    </message>
    <message>
        <source>The kernel&apos;s Python source, at the path its MLIR records</source>
        <translation>内核的 Python 源代码，位于其 MLIR 记录的路径</translation>
    </message>
    <message>
        <source>source (MLIR)</source>
        <translation>source（MLIR）</translation>
    </message>
    <message>
        <source>Triton&apos;s first MLIR, written as .source (the Python is its own tab)</source>
        <translation>Triton 的第一个 MLIR，写为 .source（Python 源代码在单独的标签页）</translation>
    </message>
</context>
<context>
    <name>kl::gui::TimelineModel</name>
    <message>
        <source>Start</source>
        <translation>开始</translation>
    </message>
    <message>
        <source>Hits</source>
        <translation>命中</translation>
    </message>
    <message>
        <source>Misses</source>
        <translation>未命中</translation>
    </message>
    <message>
        <source>Hit rate (%)</source>
        <translation>命中率 (%)</translation>
    </message>
    <message>
        <source>Compiled bytes</source>
        <translation>编译字节数</translation>
    </message>
    <message>
        <source>Cache bytes</source>
        <translation>缓存字节数</translation>
    </message>
</context>
<context>
    <name>kl::gui::TimelineView</name>
    <message>
        <source>No trace opened</source>
        <translation>未打开跟踪</translation>
    </message>
    <message>
        <source>(unnamed activity)</source>
        <translation>（未命名活动）</translation>
    </message>
    <message>
        <source>%1
%2, %3, at %4
%5</source>
        <translation>%1
%2，%3，于 %4
%5</translation>
    </message>
    <message>
        <source>%1
%2 at %3
%4</source>
        <translation>%1
%2，位于 %3
%4</translation>
    </message>
</context>
<context>
    <name>kl::gui::TraceText</name>
    <message>
        <source>Severity</source>
        <translation>严重程度</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>代码</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>What is wrong</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>Fix</source>
        <translation>修复方法</translation>
    </message>
    <message>
        <source>%1 ends early at byte %2 (%3): showing the events before it</source>
        <translation>%1 在第 %2 字节处提前结束（%3）：显示此前的事件</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n event(s) set aside (missing, negative or impossible times)</source>
        <translation>
            <numerusform>%1：%n 个事件被搁置（时间缺失、为负或不可能）</numerusform>
        </translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>正在读取 %1…</translation>
    </message>
    <message>
        <source>Reading %1 (%2 of %3)…</source>
        <translation>正在读取 %1（第 %2 个，共 %3 个）…</translation>
    </message>
    <message>
        <source>Not shown: %1</source>
        <translation>未显示：%1</translation>
    </message>
    <message numerus="yes">
        <source>Analysing %n trace(s)…</source>
        <translation>
            <numerusform>正在分析 %n 个跟踪…</numerusform>
        </translation>
    </message>
    <message>
        <source>Laying out the timeline…</source>
        <translation>正在排布时间线…</translation>
    </message>
    <message>
        <source>No profiler trace is open.

File &gt; Open Trace… reads PyTorch profiler (Kineto) traces, .json or .json.gz; choose several files to see one trace per rank. Their kernels are matched with the cache entries shown on the Entries page.</source>
        <translation>未打开 profiler 跟踪。

文件 &gt; 打开跟踪… 读取 PyTorch profiler（Kineto）跟踪，.json 或 .json.gz；选择多个文件即每个 rank 一个跟踪。其内核会与“条目”页显示的缓存条目匹配。</translation>
    </message>
    <message>
        <source>Wheel or +/− zooms, drag pans, 0 shows all; click a kernel to select it</source>
        <translation>滚轮或 +/− 缩放，拖动平移，0 显示全部；点击内核即选中</translation>
    </message>
    <message>
        <source>Filter kernels by name</source>
        <translation>按名称筛选内核</translation>
    </message>
    <message>
        <source>All classes</source>
        <translation>所有类别</translation>
    </message>
    <message>
        <source>Any cache entry</source>
        <translation>任意缓存状态</translation>
    </message>
    <message>
        <source>Mismatch</source>
        <translation>不一致</translation>
    </message>
    <message>
        <source>No entry</source>
        <translation>无条目</translation>
    </message>
    <message>
        <source>Show Entries</source>
        <translation>显示条目</translation>
    </message>
    <message>
        <source>Show the selected kernel&apos;s cache entries on the Entries page</source>
        <translation>在“条目”页显示所选内核的缓存条目</translation>
    </message>
    <message>
        <source>Findings (%1)</source>
        <translation>发现（%1）</translation>
    </message>
    <message>
        <source>no cache open to match with</source>
        <translation>未打开可匹配的缓存</translation>
    </message>
    <message>
        <source>%1 of the GPU time ran from cache entries that fit</source>
        <translation>%1 的 GPU 时间来自匹配的缓存条目</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Stop reading the trace and keep what was shown before</source>
        <translation>停止读取跟踪，保留之前显示的内容</translation>
    </message>
    <message numerus="yes">
        <source>Opening %n trace(s)…</source>
        <translation>
            <numerusform>正在打开 %n 个跟踪…</numerusform>
        </translation>
    </message>
    <message>
        <source>Matching kernels with cache entries…</source>
        <translation>正在将内核与缓存条目匹配…</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 毫秒</translation>
    </message>
    <message>
        <source>%1 µs</source>
        <translation>%1 微秒</translation>
    </message>
    <message>
        <source>%1 ns</source>
        <translation>%1 纳秒</translation>
    </message>
    <message>
        <source>%1 B</source>
        <translation>%1 B</translation>
    </message>
    <message>
        <source>%1 KiB</source>
        <translation>%1 KiB</translation>
    </message>
    <message>
        <source>%1 MiB</source>
        <translation>%1 MiB</translation>
    </message>
    <message>
        <source>%1 %</source>
        <translation>%1%</translation>
    </message>
    <message>
        <source>compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>communication</source>
        <translation>通信</translation>
    </message>
    <message>
        <source>memcpy</source>
        <translation>内存复制</translation>
    </message>
    <message>
        <source>memset</source>
        <translation>内存设置</translation>
    </message>
    <message>
        <source>mismatch</source>
        <translation>不一致</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>GPU %1 · stream %2</source>
        <translation>GPU %1 · 流 %2</translation>
    </message>
    <message>
        <source>rank %1 · %2</source>
        <translation>rank %1 · %2</translation>
    </message>
    <message>
        <source>%1 (varies)</source>
        <translation>%1（不固定）</translation>
    </message>
    <message>
        <source>Not a kernel a compile cache holds</source>
        <translation>不是编译缓存会保存的内核</translation>
    </message>
    <message>
        <source>No opened cache entry is named after this kernel</source>
        <translation>已打开的缓存中没有以此内核命名的条目</translation>
    </message>
    <message>
        <source>No cache is open to match with</source>
        <translation>未打开可匹配的缓存</translation>
    </message>
    <message numerus="yes">
        <source>None of the %n entry(ies) named after it holds the binary that ran:</source>
        <translation>
            <numerusform>以此命名的 %n 个条目都不包含实际运行的二进制：</numerusform>
        </translation>
    </message>
    <message>
        <source>arch %1</source>
        <translation>架构 %1</translation>
    </message>
    <message>
        <source>%1 registers</source>
        <translation>%1 个寄存器</translation>
    </message>
    <message>
        <source>shared %1</source>
        <translation>共享内存 %1</translation>
    </message>
    <message>
        <source>other arch</source>
        <translation>架构不同</translation>
    </message>
    <message>
        <source>other warps</source>
        <translation>warp 数不同</translation>
    </message>
    <message>
        <source>other registers or shared memory</source>
        <translation>寄存器或共享内存不同</translation>
    </message>
    <message>
        <source>GPU time in the opened traces:</source>
        <translation>已打开跟踪中的 GPU 时间：</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n call(s), %2 total (%3 of the GPU time), mean %4</source>
        <translation>
            <numerusform>%1：%n 次调用，共 %2（占 GPU 时间 %3），平均 %4</numerusform>
        </translation>
    </message>
    <message>
        <source>This entry&apos;s binary fits what ran.</source>
        <translation>此条目的二进制与实际运行的一致。</translation>
    </message>
    <message>
        <source>The binary that ran is not this one: the trace recorded %1 registers and %2 of shared memory, this entry&apos;s cubin %3 and %4.</source>
        <translation>实际运行的二进制不是这个：trace 记录了 %1 个寄存器和 %2 共享内存，此条目的 cubin 为 %3 和 %4。</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>Compiled for another GPU than the one in the trace.</source>
        <translation>为与 trace 中不同的 GPU 编译。</translation>
    </message>
    <message>
        <source>Compiled with another number of warps than what ran.</source>
        <translation>编译时的 warp 数与实际运行的不同。</translation>
    </message>
    <message>
        <source>Another entry of this kernel fits what ran better.</source>
        <translation>此内核的另一个条目与实际运行的更吻合。</translation>
    </message>
    <message>
        <source>Fits</source>
        <translation>一致</translation>
    </message>
    <message>
        <source>fits</source>
        <translation>一致</translation>
    </message>
    <message>
        <source>%1 threads per block</source>
        <translation>每块 %1 个线程</translation>
    </message>
    <message>
        <source>%1 of shared memory</source>
        <translation>%1 共享内存</translation>
    </message>
    <message>
        <source>no launch details recorded</source>
        <translation>未记录启动详情</translation>
    </message>
    <message numerus="yes">
        <source>%n entry(ies) named after it; ✔ marks those that hold a binary that ran:</source>
        <translation>
            <numerusform>以此命名的 %n 个条目；✔ 标出包含实际运行的二进制的条目：</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Not every binary that ran is in the %n entry(ies) named after it; ✔ marks those that hold one:</source>
        <translation>
            <numerusform>并非每个实际运行的二进制都在以此命名的 %n 个条目中；✔ 标出包含其中之一的条目：</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Ran %n time(s) as %1: held by %2</source>
        <translation>
            <numerusform>以 %1 运行 %n 次：由 %2 持有</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Ran %n time(s) as %1: held by no entry</source>
        <translation>
            <numerusform>以 %1 运行 %n 次：没有条目持有</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>This entry&apos;s binary fits what ran %n time(s) as %1.</source>
        <translation>
            <numerusform>此条目的二进制与以 %1 运行 %n 次的一致。</numerusform>
        </translation>
    </message>
    <message>
        <source>Communication by the rule: %1</source>
        <translation>按规则判定为通信：%1</translation>
    </message>
    <message>
        <source>Also communication (regex)</source>
        <translation>也算通信（正则）</translation>
    </message>
    <message>
        <source>A regular expression naming kernels that communicate, beside the built-in rules (NCCL, RCCL, MSCCL, NVSHMEM, DeepEP, symmetric memory, userbuffers, ...). Kept between runs; Enter applies it.</source>
        <translation>一个正则表达式，指定除内置规则（NCCL、RCCL、MSCCL、NVSHMEM、DeepEP、对称内存、userbuffers 等）之外也属于通信的内核。在多次运行之间保留；按 Enter 应用。</translation>
    </message>
    <message>
        <source>%1 — %2 GPU activities, %3 kernels, %4 of GPU time (durations summed over %5 lanes)</source>
        <translation>%1 — %2 个 GPU 活动，%3 个内核，%4 GPU 时间（%5 条轨道上的时长之和）</translation>
    </message>
    <message>
        <source>communication busy %1, %2 of it hidden under compute</source>
        <translation>通信占用 %1，其中 %2 被计算掩盖</translation>
    </message>
    <message numerus="yes">
        <source>%n kernel(s) no rule names ran on streams that are mostly communication: %1. If they communicate, name them in &quot;Also communication&quot;.</source>
        <translation>
            <numerusform>%n 个没有规则命名的内核运行在以通信为主的流上：%1。如果它们在通信，请在“也算通信”中指定。</numerusform>
        </translation>
    </message>
    <message>
        <source>The comm overlap lane under each GPU&apos;s streams shows where its communication ran while compute ran (hidden) and where it ran alone (exposed)</source>
        <translation>每个 GPU 各流下方的“通信重叠”轨道显示其通信在计算进行时运行（被掩盖）以及单独运行（暴露）的时间段</translation>
    </message>
    <message>
        <source>GPU %1 · comm overlap</source>
        <translation>GPU %1 · 通信重叠</translation>
    </message>
    <message>
        <source>communication under compute</source>
        <translation>被计算掩盖的通信</translation>
    </message>
    <message>
        <source>communication exposed</source>
        <translation>暴露的通信</translation>
    </message>
</context>
<context>
    <name>kl::gui::keyring</name>
    <message>
        <source>this build of KernelLens has no QtKeychain</source>
        <translation>此版本的 KernelLens 未包含 QtKeychain</translation>
    </message>
</context>
<context>
    <name>kl::kernels</name>
    <message>
        <source>%1: no problem sizes</source>
        <translation>%1：没有问题规模</translation>
    </message>
    <message>
        <source>no problem size `%1` in %2 (sizes: %3)</source>
        <translation>%2 中没有问题规模 `%1`（规模：%3）</translation>
    </message>
    <message>
        <source>size `%1`: expected VARIABLE=VALUE</source>
        <translation>规模 `%1`：应为 VARIABLE=VALUE</translation>
    </message>
    <message>
        <source>size `%1`: `%2` is not a whole number &gt;= 0</source>
        <translation>规模 `%1`：`%2` 不是 &gt;= 0 的整数</translation>
    </message>
    <message>
        <source>size `%1`: `%2` is not a problem variable of %3 (%4)</source>
        <translation>规模 `%1`：`%2` 不是 %3 的问题变量（%4）</translation>
    </message>
    <message>
        <source>`reference`: unknown reference `%1`</source>
        <translation>`reference`：未知的参考实现 `%1`</translation>
    </message>
    <message>
        <source>`problem.variables`: reference `%1` needs a problem variable `%2`</source>
        <translation>`problem.variables`：参考实现 `%1` 需要问题变量 `%2`</translation>
    </message>
    <message>
        <source>`arguments`: reference `%1` expects %2 non-scratch buffers (%3), the spec has %4</source>
        <translation>`arguments`：参考实现 `%1` 需要 %2 个非 scratch 缓冲区（%3），规格中有 %4 个</translation>
    </message>
    <message>
        <source>`%1.type` is %2, reference `%3` expects %4 here (%5)</source>
        <translation>`%1.type` 为 %2，参考实现 `%3` 在此处需要 %4（%5）</translation>
    </message>
    <message>
        <source>`%1.role` is %2, reference `%3` expects %4 here (%5)</source>
        <translation>`%1.role` 为 %2，参考实现 `%3` 在此处需要 %4（%5）</translation>
    </message>
    <message>
        <source>%1: no CPU reference (&quot;reference&quot;: &quot;none&quot;), results cannot be checked</source>
        <translation>%1：没有 CPU 参考实现（&quot;reference&quot;: &quot;none&quot;），无法检查结果</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>reference `%1`: %2 buffers for %3 arguments</source>
        <translation>参考实现 `%1`：%2 个缓冲区对应 %3 个参数</translation>
    </message>
    <message>
        <source>reference `%1`: problem variable `%2` is not a whole number &gt;= 0</source>
        <translation>参考实现 `%1`：问题变量 `%2` 不是 &gt;= 0 的整数</translation>
    </message>
    <message>
        <source>reference `%1` needs %2 elements in `%3`, it has %4</source>
        <translation>参考实现 `%1` 需要 `%3` 中有 %2 个元素，实际有 %4 个</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>`%1` is not a name (letters, digits and _, not starting with a digit)</source>
        <translation>`%1` 不是名称（字母、数字和 _，不能以数字开头）</translation>
    </message>
    <message>
        <source>`%1` is the name of an expression function</source>
        <translation>`%1` 是表达式函数的名称</translation>
    </message>
    <message>
        <source>`%1` is already a parameter</source>
        <translation>`%1` 已经是参数</translation>
    </message>
    <message>
        <source>`%1` is already a problem variable</source>
        <translation>`%1` 已经是问题变量</translation>
    </message>
    <message>
        <source>`%1` is already a derived name</source>
        <translation>`%1` 已经是派生名称</translation>
    </message>
    <message>
        <source>parameters: %1</source>
        <translation>参数：%1</translation>
    </message>
    <message>
        <source>parameters: %1; problem variables: %2</source>
        <translation>参数：%1；问题变量：%2</translation>
    </message>
    <message>
        <source>parameters: %1; problem variables: %2; derived: %3</source>
        <translation>参数：%1；问题变量：%2；派生：%3</translation>
    </message>
    <message>
        <source>bad expression `%1`: %2</source>
        <translation>无效的表达式 `%1`：%2</translation>
    </message>
    <message>
        <source>`%1` is not `%2`</source>
        <translation>`%1` 不是 `%2`</translation>
    </message>
    <message>
        <source>`%1` is not a kernel name (letters, digits, _ . -)</source>
        <translation>`%1` 不是内核名称（字母、数字、_ . -）</translation>
    </message>
    <message>
        <source>empty</source>
        <translation>为空</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>%1 is larger than 4 MiB</source>
        <translation>%1 大于 4 MiB</translation>
    </message>
    <message>
        <source>`%1` is not a function name</source>
        <translation>`%1` 不是函数名</translation>
    </message>
    <message>
        <source>`%1` does not appear in %2</source>
        <translation>`%1` 未出现在 %2 中</translation>
    </message>
    <message>
        <source>%1 is listed twice</source>
        <translation>%1 被列出了两次</translation>
    </message>
    <message>
        <source>%1 is not one of the parameter&apos;s values</source>
        <translation>%1 不是该参数的取值之一</translation>
    </message>
    <message>
        <source>the values give more than %1 combinations</source>
        <translation>这些取值产生超过 %1 种组合</translation>
    </message>
    <message>
        <source>must be a string</source>
        <translation>必须是字符串</translation>
    </message>
    <message>
        <source>%1 is negative</source>
        <translation>%1 为负数</translation>
    </message>
    <message>
        <source>not a problem variable (%1)</source>
        <translation>不是问题变量（%1）</translation>
    </message>
    <message>
        <source>no size `%1` in `problem.sizes`</source>
        <translation>`problem.sizes` 中没有规模 `%1`</translation>
    </message>
    <message>
        <source>must list 3 expressions (x, y, z), it has %1</source>
        <translation>必须列出 3 个表达式（x、y、z），实际有 %1 个</translation>
    </message>
    <message>
        <source>unknown fill `%1` (%2)</source>
        <translation>未知的填充方式 `%1`（%2）</translation>
    </message>
    <message>
        <source>`low` is above `high`</source>
        <translation>`low` 大于 `high`</translation>
    </message>
    <message>
        <source>`low` and `high` must lie within +-%1 for %2</source>
        <translation>对于 %2，`low` 和 `high` 必须在 +-%1 以内</translation>
    </message>
    <message>
        <source>no whole number between `low` and `high`</source>
        <translation>`low` 与 `high` 之间没有整数</translation>
    </message>
    <message>
        <source>`%1` is not a name</source>
        <translation>`%1` 不是名称</translation>
    </message>
    <message>
        <source>`%1` is already an argument</source>
        <translation>`%1` 已经是参数名</translation>
    </message>
    <message>
        <source>unknown kind `%1` (%2)</source>
        <translation>未知的种类 `%1`（%2）</translation>
    </message>
    <message>
        <source>unknown type `%1` (%2)</source>
        <translation>未知的类型 `%1`（%2）</translation>
    </message>
    <message>
        <source>unknown role `%1` (%2)</source>
        <translation>未知的角色 `%1`（%2）</translation>
    </message>
    <message>
        <source>scratch buffers are always zero-filled</source>
        <translation>scratch 缓冲区总是以零填充</translation>
    </message>
    <message>
        <source>unknown reference `%1` (%2, none)</source>
        <translation>未知的参考实现 `%1`（%2、none）</translation>
    </message>
    <message>
        <source>field %1</source>
        <translation>字段 %1</translation>
    </message>
    <message>
        <source>must be &gt;= 0</source>
        <translation>必须 &gt;= 0</translation>
    </message>
    <message>
        <source>unknown metric `%1` (%2)</source>
        <translation>未知的指标 `%1`（%2）</translation>
    </message>
    <message>
        <source>the default configuration (%1) does not satisfy `%2`</source>
        <translation>默认配置（%1）不满足 `%2`</translation>
    </message>
    <message>
        <source>field %1 (problem size `%2`, default configuration without parameters)</source>
        <translation>字段 %1（问题规模 `%2`，无参数的默认配置）</translation>
    </message>
    <message>
        <source>field %1 (problem size `%2`, default configuration %3)</source>
        <translation>字段 %1（问题规模 `%2`，默认配置 %3）</translation>
    </message>
    <message>
        <source>%1: not valid JSON: %2</source>
        <translation>%1：不是有效的 JSON：%2</translation>
    </message>
    <message>
        <source>%1: larger than 1 MiB, not a kernel spec</source>
        <translation>%1：大于 1 MiB，不是内核规格</translation>
    </message>
    <message>
        <source>`%1`: %2</source>
        <translation>`%1`：%2</translation>
    </message>
    <message>
        <source>`%1` = %2 is not a whole number</source>
        <translation>`%1` = %2 不是整数</translation>
    </message>
    <message>
        <source>`%1` = %2 is less than %3</source>
        <translation>`%1` = %2 小于 %3</translation>
    </message>
    <message>
        <source>`%1` = %2 is more than %3</source>
        <translation>`%1` = %2 大于 %3</translation>
    </message>
    <message>
        <source>`%1` = %2 is not finite</source>
        <translation>`%1` = %2 不是有限值</translation>
    </message>
    <message>
        <source>the configuration has %1 values for %2 parameters</source>
        <translation>该配置有 %1 个取值，但参数有 %2 个</translation>
    </message>
    <message>
        <source>problem size `%1` gives no value for `%2`</source>
        <translation>问题规模 `%1` 未给出 `%2` 的值</translation>
    </message>
    <message>
        <source>`launch.block` has %1 threads, more than 1024</source>
        <translation>`launch.block` 有 %1 个线程，超过 1024</translation>
    </message>
    <message>
        <source>`metric.value` = %1 is not a finite number &gt;= 0</source>
        <translation>`metric.value` = %1 不是 &gt;= 0 的有限数</translation>
    </message>
    <message>
        <source>empty expression</source>
        <translation>空表达式</translation>
    </message>
    <message>
        <source>`%1` is not defined (%2)</source>
        <translation>`%1` 未定义（%2）</translation>
    </message>
    <message>
        <source>%1: field `%2`: %3</source>
        <translation>%1：字段 `%2`：%3</translation>
    </message>
    <message>
        <source>field `%1` missing</source>
        <translation>缺少字段 `%1`</translation>
    </message>
    <message>
        <source>must be an array</source>
        <translation>必须是数组</translation>
    </message>
    <message>
        <source>not a kernel spec: the top level must be a JSON object</source>
        <translation>不是内核规格：顶层必须是 JSON 对象</translation>
    </message>
    <message>
        <source>must be an object</source>
        <translation>必须是对象</translation>
    </message>
    <message>
        <source>unknown field (expected %1)</source>
        <translation>未知字段（应为 %1）</translation>
    </message>
    <message>
        <source>must be a finite number</source>
        <translation>必须是有限数</translation>
    </message>
    <message>
        <source>must be a whole number</source>
        <translation>必须是整数</translation>
    </message>
    <message>
        <source>must be an expression (a string or a number)</source>
        <translation>必须是表达式（字符串或数字）</translation>
    </message>
    <message>
        <source>`%1`: %2 elements match, max abs error %3</source>
        <translation>`%1`：%2 个元素一致，最大绝对误差 %3</translation>
    </message>
    <message>
        <source>`%1`: the result buffer differs in size or type from the expected one</source>
        <translation>`%1`：结果缓冲区的大小或类型与预期不同</translation>
    </message>
    <message>
        <source>`%1`: %2 of %3 elements differ (tolerance abs %4, rel %5); first at index %6: expected %7, got %8; max abs error %9</source>
        <translation>`%1`：%3 个元素中有 %2 个不同（容差 abs %4，rel %5）；第一个位于索引 %6：预期 %7，实际 %8；最大绝对误差 %9</translation>
    </message>
    <message>
        <source>`%1`: no result buffer</source>
        <translation>`%1`：没有结果缓冲区</translation>
    </message>
    <message>
        <source>%1; %2</source>
        <translation>%1；%2</translation>
    </message>
    <message>
        <source>`%1` is not an arch variant (%2)</source>
        <translation>`%1` 不是架构变体（%2）</translation>
    </message>
    <message>
        <source>`arch_variant` &quot;a&quot; needs an arch-specific target (sm_90a and newer); %1 has none</source>
        <translation>`arch_variant` &quot;a&quot; 需要特定于架构的目标（sm_90a 及更新）；%1 没有</translation>
    </message>
    <message>
        <source>muparser could not be loaded (%1): install libmuparser2v5 to read kernel specs</source>
        <translation>无法加载 muparser（%1）：请安装 libmuparser2v5 以读取内核规格</translation>
    </message>
    <message>
        <source>`%1` is not this entry&apos;s kernel (`%2`)</source>
        <translation>`%1` 不是此条目的内核(`%2`)</translation>
    </message>
    <message>
        <source>%1: larger than 1 MiB, not a run spec</source>
        <translation>%1:大于 1 MiB,不是运行描述</translation>
    </message>
</context>
<context>
    <name>kl::keys</name>
    <message>
        <source>%1 must be an object of NAME: value strings</source>
        <translation>%1 必须是由“名称: 值”字符串组成的对象</translation>
    </message>
    <message>
        <source>%1.%2 must be a string</source>
        <translation>%1.%2 必须是字符串</translation>
    </message>
    <message>
        <source>%1.%2 is not even-length hex</source>
        <translation>%1.%2 不是偶数长度的十六进制文本</translation>
    </message>
    <message>
        <source>the components file must hold a JSON object</source>
        <translation>组件文件必须包含一个 JSON 对象</translation>
    </message>
    <message>
        <source>%1 must be a string</source>
        <translation>%1 必须是字符串</translation>
    </message>
    <message>
        <source>unknown field &quot;%1&quot; (expected triton_key, source_hash, backend_hash, options_hash, env_vars, env_vars_hex, inspect_stages_key)</source>
        <translation>未知字段“%1”（应为 triton_key、source_hash、backend_hash、options_hash、env_vars、env_vars_hex、inspect_stages_key）</translation>
    </message>
    <message>
        <source>missing field &quot;%1&quot;</source>
        <translation>缺少字段“%1”</translation>
    </message>
    <message>
        <source>cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>the sha256 of %1 is not recorded in the cache</source>
        <translation>缓存中未记录 %1 的 SHA-256</translation>
    </message>
    <message>
        <source>option %1: %2</source>
        <translation>选项 %1：%2</translation>
    </message>
    <message>
        <source>extern_libs holds %1, not a [name, path] pair</source>
        <translation>extern_libs 包含 %1，而不是 [名称, 路径] 对</translation>
    </message>
    <message>
        <source>extern library %1: %2</source>
        <translation>外部库 %1：%2</translation>
    </message>
</context>
<context>
    <name>kl::lines</name>
    <message>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>%1 records no source locations</source>
        <translation>%1 没有记录源代码位置</translation>
    </message>
    <message>
        <source>%1 refers %2 times to location records it does not hold (cut off?): those lines are left out</source>
        <translation>%1 有 %2 处引用了其中不存在的位置记录（被截断？）：这些行已略去</translation>
    </message>
    <message>
        <source>%1 has none of the stages that record source lines (source, ttir, ttgir, llir, ptx, cubin)</source>
        <translation>%1 没有任何记录源代码行的阶段（source、ttir、ttgir、llir、ptx、cubin）</translation>
    </message>
</context>
<context>
    <name>kl::nvrtc</name>
    <message>
        <source>NVRTC could not be loaded (%1)</source>
        <translation>无法加载 NVRTC（%1）</translation>
    </message>
    <message>
        <source>nvJitLink could not be loaded (%1)</source>
        <translation>无法加载 nvJitLink（%1）</translation>
    </message>
    <message>
        <source>not a JSON object</source>
        <translation>不是 JSON 对象</translation>
    </message>
    <message>
        <source>not a KernelLens NVRTC entry (no &quot;producer&quot;: &quot;kernellens-nvrtc&quot;)</source>
        <translation>不是 KernelLens 的 NVRTC 条目（没有 &quot;producer&quot;: &quot;kernellens-nvrtc&quot;）</translation>
    </message>
    <message>
        <source>field &quot;%1&quot; missing</source>
        <translation>缺少字段 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>field &quot;%1&quot; incomplete (%2)</source>
        <translation>字段 &quot;%1&quot; 不完整（%2）</translation>
    </message>
    <message>
        <source>the entry pulled from %1 failed the local checks (%2); compiling instead</source>
        <translation>从 %1 拉取的条目未通过本地检查（%2）；改为编译</translation>
    </message>
    <message>
        <source>no %1</source>
        <translation>缺少 %1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1 missing</source>
        <translation>缺少 %1</translation>
    </message>
    <message>
        <source>%1 differs from the sha256 recorded when it was written</source>
        <translation>%1 与写入时记录的 sha256 不同</translation>
    </message>
    <message>
        <source>%1 is not an ELF file</source>
        <translation>%1 不是 ELF 文件</translation>
    </message>
    <message>
        <source>unsupported arch &quot;%1&quot;: NVRTC %2 supports %3</source>
        <translation>不支持的架构“%1”：NVRTC %2 支持 %3</translation>
    </message>
    <message>
        <source>optimisation level %1 is not 0..3</source>
        <translation>优化级别 %1 不在 0..3 之间</translation>
    </message>
    <message>
        <source>nvJitLink was not found at build time</source>
        <translation>构建时未找到 nvJitLink</translation>
    </message>
    <message>
        <source>NVRTC produced no cubin for %1</source>
        <translation>NVRTC 未为 %1 生成 cubin</translation>
    </message>
    <message>
        <source>KernelLens was built without nvJitLink (not found at build time)</source>
        <translation>KernelLens 构建时未包含 nvJitLink（构建时未找到）</translation>
    </message>
    <message>
        <source>unsupported arch &quot;%1&quot; (expected sm_XX)</source>
        <translation>不支持的架构“%1”（应为 sm_XX）</translation>
    </message>
    <message>
        <source>nvJitLink produced no cubin</source>
        <translation>nvJitLink 未生成 cubin</translation>
    </message>
</context>
<context>
    <name>kl::override</name>
    <message>
        <source>%1 compiles of one source wrote this dump folder (targets or configs share it; the last writer&apos;s files win): it holds the stages of %2</source>
        <translation>同一源码的 %1 次编译写入了这个转储文件夹（各目标或配置共用它；以最后写入者的文件为准）：其中是 %2 的各阶段</translation>
    </message>
    <message>
        <source>%1 compiles of one source wrote this dump folder (targets or configs share it; the last writer&apos;s files win): its stages match none of them whole</source>
        <translation>同一源码的 %1 次编译写入了这个转储文件夹（各目标或配置共用它；以最后写入者的文件为准）：其各阶段与其中任何一次都不完全一致</translation>
    </message>
    <message>
        <source>could not read %1 (gone, unreadable or not a regular file): not compared</source>
        <translation>无法读取 %1（已不存在、不可读或不是普通文件）：未比较</translation>
    </message>
    <message>
        <source>%1; %2</source>
        <translation>%1；%2</translation>
    </message>
    <message>
        <source>no such entry</source>
        <translation>没有这个条目</translation>
    </message>
    <message>
        <source>Triton does not read .%1 from an override folder: it reads ttir, ttgir, llir, ptx and cubin (amdgcn and hsaco on AMD)</source>
        <translation>Triton 不从覆盖文件夹读取 .%1：它读取 ttir、ttgir、llir、ptx 和 cubin（AMD 上为 amdgcn 和 hsaco）</translation>
    </message>
    <message>
        <source>no dump of %1&apos;s source was found in the folders scanned: Triton names override folders by a hash of the source, which no cache entry records. Run the script once with TRITON_KERNEL_DUMP=1 TRITON_ALWAYS_COMPILE=1 (the dump goes to TRITON_DUMP_DIR, else ~/.triton/dump), then make the override again. Triton 3.4+ also takes a stage per config: klens show %2 --stage %3 &gt; FILE, then triton.Config(..., ir_override=&quot;FILE&quot;)</source>
        <translation>在扫描的文件夹中未找到 %1 源码的转储：Triton 按源码的哈希命名覆盖文件夹，而缓存条目不记录该哈希。请先用 TRITON_KERNEL_DUMP=1 TRITON_ALWAYS_COMPILE=1 运行一次脚本（转储写入 TRITON_DUMP_DIR，否则 ~/.triton/dump），再重新创建覆盖。Triton 3.4+ 也可按配置指定阶段：klens show %2 --stage %3 &gt; FILE，然后 triton.Config(..., ir_override=&quot;FILE&quot;)</translation>
    </message>
    <message>
        <source>%1 is a %2 folder, not a cache entry or a dump</source>
        <translation>%1 是 %2 文件夹，不是缓存条目或转储</translation>
    </message>
    <message>
        <source>%1 holds no .%2 stage to start from</source>
        <translation>%1 中没有可作为起点的 .%2 阶段</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>cannot create the override folder %1: %2</source>
        <translation>无法创建覆盖文件夹 %1：%2</translation>
    </message>
    <message>
        <source>cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <source>%1 exists (a user&apos;s edit?): it is left as it is; pass --force to replace it</source>
        <translation>%1 已存在（用户的修改？）：保持不变；使用 --force 才会替换</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>kl::overridetry</name>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1: the entry has no .%2 file to compare with</source>
        <translation>%1：条目没有可比较的 .%2 文件</translation>
    </message>
    <message>
        <source>cannot create a scratch folder: %1</source>
        <translation>无法创建临时文件夹：%1</translation>
    </message>
    <message>
        <source>%1: nvJitLink %2 rejected it: %3</source>
        <translation>%1：nvJitLink %2 拒绝了它：%3</translation>
    </message>
    <message>
        <source>the entry&apos;s PTX assembled by nvJitLink %1 for %2</source>
        <translation>由 nvJitLink %1 为 %2 汇编的条目 PTX</translation>
    </message>
    <message>
        <source>the entry&apos;s cubin</source>
        <translation>条目的 cubin</translation>
    </message>
    <message>
        <source>nvJitLink %1 could not assemble the entry&apos;s own PTX (%2); the edit is compared with the cubin another ptxas made</source>
        <translation>nvJitLink %1 无法汇编条目自身的 PTX（%2）；修改将与另一个 ptxas 生成的 cubin 比较</translation>
    </message>
    <message>
        <source>%1: cannot assemble it with the entry&apos;s Triton: %2</source>
        <translation>%1：无法用条目的 Triton 汇编：%2</translation>
    </message>
    <message>
        <source>%1: Triton %2&apos;s ptxas rejected it</source>
        <translation>%1：Triton %2 的 ptxas 拒绝了它</translation>
    </message>
    <message>
        <source>the entry&apos;s cubin (Triton %1&apos;s ptxas, as the rebuild)</source>
        <translation>条目的 cubin（与重建相同，由 Triton %1 的 ptxas 生成）</translation>
    </message>
    <message>
        <source>Triton %1 compiled the edit, but Triton %2 built the entry: the differences include the versions&apos;</source>
        <translation>Triton %1 编译了修改，但条目由 Triton %2 构建：差异中包含版本间的差异</translation>
    </message>
    <message>
        <source>%1: override try compiles .ttir, .ttgir, .llir and .ptx files (the stage is named by the extension)</source>
        <translation>%1：override try 编译 .ttir、.ttgir、.llir 和 .ptx 文件（扩展名即阶段）</translation>
    </message>
    <message>
        <source>%1: override try compiles for CUDA entries; this one is %2</source>
        <translation>%1：override try 只为 CUDA 条目编译；此条目为 %2</translation>
    </message>
    <message>
        <source>%1: not a text file, so not a .%2 stage</source>
        <translation>%1：不是文本文件，因此不是 .%2 阶段</translation>
    </message>
    <message>
        <source>%1 defines %2, not the entry&apos;s kernel %3 (%4)</source>
        <translation>%1 定义了 %2，而不是条目的内核 %3（%4）</translation>
    </message>
    <message>
        <source>nvJitLink is unavailable: %1</source>
        <translation>nvJitLink 不可用：%1</translation>
    </message>
    <message>
        <source>cannot create a scratch folder %1: %2</source>
        <translation>无法创建临时文件夹 %1：%2</translation>
    </message>
    <message>
        <source>%1 (%2): %3</source>
        <translation>%1（%2）：%3</translation>
    </message>
    <message>
        <source>%1 (%2) has Triton %3</source>
        <translation>%1（%2）中是 Triton %3</translation>
    </message>
    <message>
        <source>%1 (%2) has no Triton</source>
        <translation>%1（%2）中没有 Triton</translation>
    </message>
    <message>
        <source>%1; %2</source>
        <translation>%1；%2</translation>
    </message>
    <message>
        <source>no Triton at hand to compile it (%1)</source>
        <translation>没有可用于编译的 Triton（%1）</translation>
    </message>
    <message>
        <source>Triton %1 in %2 rejected it</source>
        <translation>%2 中的 Triton %1 拒绝了它</translation>
    </message>
    <message>
        <source>Triton %1 in %2 made no cubin</source>
        <translation>%2 中的 Triton %1 未生成 cubin</translation>
    </message>
    <message>
        <source>the entry&apos;s cached cubin (another ptxas) uses %1 registers in %2, %3 %4: both sides here are %3&apos;s, so only the edit differs</source>
        <translation>条目缓存的 cubin（另一个 ptxas）在 %2 中使用 %1 个寄存器，%3 使用 %4 个：这里两侧都来自 %3，因此只有修改不同</translation>
    </message>
    <message>
        <source>%1: ptxas %2 rejected it</source>
        <translation>%1：ptxas %2 拒绝了它</translation>
    </message>
    <message>
        <source>%1: ptxas wrote no cubin: %2</source>
        <translation>%1：ptxas 未写出 cubin：%2</translation>
    </message>
    <message>
        <source>the entry&apos;s PTX assembled by ptxas %1 for %2</source>
        <translation>由 ptxas %1 为 %2 汇编的条目 PTX</translation>
    </message>
    <message>
        <source>ptxas %1 could not assemble the entry&apos;s own PTX; the edit is compared with the cubin another ptxas made</source>
        <translation>ptxas %1 无法汇编条目自身的 PTX；修改将与另一个 ptxas 生成的 cubin 比较</translation>
    </message>
    <message>
        <source>no ptxas of nvJitLink&apos;s toolkit: KernelLens was built without the CUDA Toolkit, or its bin/ptxas is gone</source>
        <translation>没有 nvJitLink 所属工具包的 ptxas：KernelLens 构建时没有 CUDA 工具包，或其 bin/ptxas 已不存在</translation>
    </message>
    <message>
        <source>%1 cannot read this PTX&apos;s version or target; the entry&apos;s Triton assembled it</source>
        <translation>%1 无法读取此 PTX 的版本或目标；由条目的 Triton 汇编</translation>
    </message>
    <message>
        <source>%1: the Try was cancelled</source>
        <translation>%1：“试用”已取消</translation>
    </message>
    <message>
        <source>%1: %2 could not assemble the entry&apos;s own PTX, and the entry has no .cubin to compare with</source>
        <translation>%1：%2 无法汇编该条目自身的 PTX，而该条目没有可供比较的 .cubin</translation>
    </message>
    <message>
        <source>%1 has no .cubin (klens doctor calls the entry incomplete): both sides are assembled here</source>
        <translation>%1 没有 .cubin（klens doctor 称该条目不完整）：两侧均在此处汇编</translation>
    </message>
    <message>
        <source>not run: %1</source>
        <translation>未运行:%1</translation>
    </message>
    <message>
        <source>the edit did not compile</source>
        <translation>修改未能编译</translation>
    </message>
    <message>
        <source>%1%2 of %3: %4</source>
        <translation>%3 的 %1%2:%4</translation>
    </message>
    <message>
        <source>%1 records no num_warps</source>
        <translation>%1 未记录 num_warps</translation>
    </message>
</context>
<context>
    <name>kl::pack</name>
    <message>
        <source>cannot open pack %1: %2</source>
        <translation>无法打开包 %1：%2</translation>
    </message>
    <message>
        <source>cannot stat pack %1: %2</source>
        <translation>无法获取包 %1 的状态：%2</translation>
    </message>
    <message>
        <source>pack %1 is not a regular file</source>
        <translation>包 %1 不是普通文件</translation>
    </message>
    <message>
        <source>%1 is too short for a pack header (%2 bytes)</source>
        <translation>%1 太短，放不下包头（%2 字节）</translation>
    </message>
    <message>
        <source>cannot read the header of %1: %2</source>
        <translation>无法读取 %1 的包头：%2</translation>
    </message>
    <message>
        <source>%1 is not a KernelLens pack (its first bytes are not KLPACK format 1 or later)</source>
        <translation>%1 不是 KernelLens 包（其开头字节不是 KLPACK 格式 1 或更新版本）</translation>
    </message>
    <message>
        <source>%1 is a pack of format %2, newer than this KernelLens reads (%3)</source>
        <translation>%1 是格式 %2 的包，比此 KernelLens 能读取的格式（%3）更新</translation>
    </message>
    <message>
        <source>cannot read: %1</source>
        <translation>无法读取：%1</translation>
    </message>
    <message>
        <source>a record header cut off by the end of the pack, %1 bytes short (a torn append)</source>
        <translation>记录头被包的末尾截断，缺少 %1 字节（追加写入中断）</translation>
    </message>
    <message>
        <source>no record starts here (no KLR1)</source>
        <translation>此处没有记录开始（没有 KLR1）</translation>
    </message>
    <message>
        <source>a meta of %1 bytes, more than a record may hold</source>
        <translation>%1 字节的元数据，超过一条记录允许的大小</translation>
    </message>
    <message>
        <source>a record of %1 bytes that ends past the end of the pack (a torn append)</source>
        <translation>一条 %1 字节的记录，结束位置超出包的末尾（追加写入中断）</translation>
    </message>
    <message>
        <source>CRC-32 mismatch: the record says %1, its bytes give %2 (damaged bytes)</source>
        <translation>CRC-32 不符：记录中为 %1，其字节算得 %2（字节已损坏）</translation>
    </message>
    <message>
        <source>%1 at byte %2: %3</source>
        <translation>%1 第 %2 字节处：%3</translation>
    </message>
    <message>
        <source>%1 in %2: %3 bytes exceed the limit of %4</source>
        <translation>%2 中的 %1：%3 字节超过上限 %4</translation>
    </message>
    <message>
        <source>cannot read %1 in %2 at byte %3: %4</source>
        <translation>无法读取 %2 中第 %3 字节处的 %1：%4</translation>
    </message>
    <message>
        <source>cannot read the record at byte %1 of %2: %3</source>
        <translation>无法读取 %2 第 %1 字节处的记录：%3</translation>
    </message>
    <message>
        <source>the record at byte %1 of %2 changed since it was checked</source>
        <translation>%2 第 %1 字节处的记录在检查后已改变</translation>
    </message>
    <message>
        <source>the record of %1 at byte %2 of %3 holds %4 bytes, more than the limit of %5</source>
        <translation>%3 第 %2 字节处 %1 的记录有 %4 字节，超过上限 %5</translation>
    </message>
    <message>
        <source>%1 is not a folder: packs cannot be read there</source>
        <translation>%1 不是文件夹：无法在那里读取包</translation>
    </message>
    <message>
        <source>cannot open pack folder %1: %2</source>
        <translation>无法打开包文件夹 %1：%2</translation>
    </message>
    <message>
        <source>cannot list pack folder %1: %2</source>
        <translation>无法列出包文件夹 %1：%2</translation>
    </message>
    <message>
        <source>meta is not JSON: %1</source>
        <translation>元数据不是 JSON：%1</translation>
    </message>
    <message>
        <source>meta is not a JSON object</source>
        <translation>元数据不是 JSON 对象</translation>
    </message>
    <message>
        <source>meta has no &quot;key&quot; that names an entry folder</source>
        <translation>元数据中没有指明条目文件夹的 &quot;key&quot;</translation>
    </message>
    <message>
        <source>meta&apos;s &quot;time_ns&quot; is not an integer</source>
        <translation>元数据中的 &quot;time_ns&quot; 不是整数</translation>
    </message>
    <message>
        <source>meta has no &quot;files&quot; array</source>
        <translation>元数据中没有 &quot;files&quot; 数组</translation>
    </message>
    <message>
        <source>a file in the meta has no plain &quot;name&quot; or no &quot;size&quot; (a whole number)</source>
        <translation>元数据中的某个文件没有普通的 &quot;name&quot; 或没有 &quot;size&quot;（整数）</translation>
    </message>
    <message>
        <source>a file&apos;s &quot;mtime_ns&quot; in the meta is not an integer</source>
        <translation>元数据中某个文件的 &quot;mtime_ns&quot; 不是整数</translation>
    </message>
    <message>
        <source>the files&apos; sizes in the meta overflow</source>
        <translation>元数据中的文件大小溢出</translation>
    </message>
    <message>
        <source>the meta lists &quot;%1&quot; twice</source>
        <translation>元数据中 &quot;%1&quot; 出现了两次</translation>
    </message>
    <message>
        <source>the files&apos; sizes add up to %1 bytes, the record holds %2</source>
        <translation>文件大小合计 %1 字节，记录中有 %2 字节</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a pack name (&lt;name&gt;.klpack)</source>
        <translation>&quot;%1&quot; 不是包名（&lt;name&gt;.klpack）</translation>
    </message>
    <message>
        <source>cannot create pack folder %1: %2</source>
        <translation>无法创建包文件夹 %1：%2</translation>
    </message>
    <message>
        <source>cannot lock pack %1: %2</source>
        <translation>无法锁定包 %1：%2</translation>
    </message>
    <message>
        <source>pack %1 is locked by pid %2 (a writer is using it)</source>
        <translation>包 %1 已被 PID %2 锁定（有写入方正在使用）</translation>
    </message>
    <message>
        <source>pack %1 is locked by another writer</source>
        <translation>包 %1 已被其他写入方锁定</translation>
    </message>
    <message>
        <source>pack %1 keeps being replaced while it is opened</source>
        <translation>包 %1 在打开时不断被替换</translation>
    </message>
    <message>
        <source>cannot write the header of pack %1: %2</source>
        <translation>无法写入包 %1 的包头：%2</translation>
    </message>
    <message>
        <source>cannot cut the torn tail of pack %1 at byte %2: %3</source>
        <translation>无法在第 %2 字节处截掉包 %1 的残缺尾部：%3</translation>
    </message>
    <message>
        <source>cannot write index %1: %2</source>
        <translation>无法写入索引 %1：%2</translation>
    </message>
    <message>
        <source>cannot pack &quot;%1&quot; into %2: not a folder name a reader accepts</source>
        <translation>无法把 &quot;%1&quot; 打包进 %2：读取方不接受这个文件夹名</translation>
    </message>
    <message>
        <source>cannot pack %1 into %2: the file name &quot;%3&quot; is not one a reader accepts</source>
        <translation>无法把 %1 打包进 %2：读取方不接受文件名 &quot;%3&quot;</translation>
    </message>
    <message>
        <source>cannot pack %1 into %2: its file list is too long for a record</source>
        <translation>无法把 %1 打包进 %2：其文件列表对一条记录来说太长</translation>
    </message>
    <message>
        <source>cannot append %1 to pack %2: %3 (the pack was cut back to %4 bytes)</source>
        <translation>无法把 %1 追加到包 %2：%3（包已截回到 %4 字节）</translation>
    </message>
    <message>
        <source>cannot append %1 to pack %2: %3 (and cutting it back to %4 bytes failed: %5; readers skip the torn record)</source>
        <translation>无法把 %1 追加到包 %2：%3（截回到 %4 字节也失败了：%5；读取方会跳过这条残缺记录）</translation>
    </message>
    <message>
        <source>cannot sync pack %1: %2</source>
        <translation>无法同步包 %1：%2</translation>
    </message>
    <message>
        <source>cannot sync pack folder %1: %2</source>
        <translation>无法同步包文件夹 %1：%2</translation>
    </message>
    <message>
        <source>cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <source>the record at byte %1 of %2 is not valid: %3</source>
        <translation>%2 中第 %1 字节处的记录无效：%3</translation>
    </message>
    <message>
        <source>the record at byte %1 of %2 now holds key %3, not %4: the pack was rewritten since the scan; scan again</source>
        <translation>%2 中第 %1 字节处的记录现在是键 %3，而不是 %4：自扫描以来该包已被重写；请重新扫描</translation>
    </message>
    <message>
        <source>the record of %1 at byte %2 of %3 holds no file %4</source>
        <translation>%3 中第 %2 字节处 %1 的记录不含文件 %4</translation>
    </message>
    <message>
        <source>cannot make %1: %2</source>
        <translation>无法创建 %1：%2</translation>
    </message>
    <message>
        <source>cannot stat %1: %2</source>
        <translation>无法获取 %1 的状态：%2</translation>
    </message>
    <message>
        <source>%1 is not a private folder of this user (mode %2, owner %3); not used for copies of packed files</source>
        <translation>%1 不是该用户的私有文件夹（模式 %2，所有者 %3）；不用于存放打包文件的副本</translation>
    </message>
    <message>
        <source>cannot make a folder in %1: %2</source>
        <translation>无法在 %1 中创建文件夹：%2</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>no valid entry record at byte %1 of %2</source>
        <translation>%2 中第 %1 字节处没有有效的条目记录</translation>
    </message>
    <message>
        <source>the record at byte %1 of %2: %3</source>
        <translation>%2 中第 %1 字节处的记录：%3</translation>
    </message>
    <message>
        <source>%1 is held by a writer (its lock is taken); run klens clean again once it is done</source>
        <translation>%1 正被写入者占用（其锁已被持有）；待其完成后再次运行 klens clean</translation>
    </message>
    <message>
        <source>cannot lock %1: %2</source>
        <translation>无法锁定 %1：%2</translation>
    </message>
    <message>
        <source>%1 holds a record of it written within the grace period</source>
        <translation>%1 中有其在宽限期内写入的记录</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>cannot rewrite %1: %2</source>
        <translation>无法重写 %1：%2</translation>
    </message>
</context>
<context>
    <name>kl::packing</name>
    <message>
        <source>cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <source>cannot list %1: %2</source>
        <translation>无法列出 %1：%2</translation>
    </message>
    <message>
        <source>%1 holds %2, which is not a plain file with a UTF-8 name: only folders of plain files are packed</source>
        <translation>%1 含有 %2，它不是名称为 UTF-8 的普通文件：只有由普通文件组成的文件夹才会被打包</translation>
    </message>
    <message>
        <source>%1 holds no files</source>
        <translation>%1 中没有文件</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>%1 is not a plain file</source>
        <translation>%1 不是普通文件</translation>
    </message>
    <message>
        <source>%1: %2 bytes exceed the limit of %3 for a packed file</source>
        <translation>%1：%2 字节超过打包文件的上限 %3</translation>
    </message>
    <message>
        <source>%1 changed while it was being read</source>
        <translation>%1 在读取过程中发生了变化</translation>
    </message>
    <message>
        <source>no pack in %1 can be appended to: packed-0 to packed-%2 are all held by other writers or of another format</source>
        <translation>%1 中没有可追加的包：packed-0 到 packed-%2 都被其他写入方占用或格式不同</translation>
    </message>
    <message>
        <source>%1 is gone since the scan</source>
        <translation>%1 在扫描之后已不存在</translation>
    </message>
    <message>
        <source>%1 is packed already with other files (%2 at byte %3): the folder stays, so neither is lost</source>
        <translation>%1 已以不同的文件打包过（%2 第 %3 字节）：文件夹保留，两者都不会丢失</translation>
    </message>
    <message>
        <source>not packed: an earlier append failed (%1)</source>
        <translation>未打包：之前的一次追加失败（%1）</translation>
    </message>
    <message>
        <source>%1 changed since it was read: it stays a folder (the pack holds the files as they were)</source>
        <translation>%1 在读取后发生了变化：它仍保留为文件夹（包中保存的是原来的文件）</translation>
    </message>
    <message>
        <source>packed into %1</source>
        <translation>已打包进 %1</translation>
    </message>
    <message>
        <source>%1 was not removed (%2)</source>
        <translation>%1 未被删除（%2）</translation>
    </message>
    <message>
        <source>%1 is damaged at byte %2 (%3 bytes: %4): kept, so that nothing in it is lost; its intact records are out</source>
        <translation>%1 在第 %2 字节处损坏（%3 字节：%4）：已保留，以免其中任何内容丢失；其完好的记录已解出</translation>
    </message>
    <message>
        <source>%1 is damaged in %2 places, first at byte %3 (%4 bytes: %5): kept, so that nothing in it is lost; its intact records are out</source>
        <translation>%1 有 %2 处损坏，第一处在第 %3 字节（%4 字节：%5）：已保留，以免其中任何内容丢失；其完好的记录已解出</translation>
    </message>
    <message>
        <source>%1 is held by a writer (its lock is taken): kept; run klens unpack again once it is done</source>
        <translation>%1 正被写入方占用（其锁已被持有）：已保留；写入完成后请再次运行 klens unpack</translation>
    </message>
    <message>
        <source>cannot lock %1: %2</source>
        <translation>无法锁定 %1：%2</translation>
    </message>
    <message>
        <source>%1: kept</source>
        <translation>%1：已保留</translation>
    </message>
    <message>
        <source>cannot stat %1: %2</source>
        <translation>无法获取 %1 的状态：%2</translation>
    </message>
    <message>
        <source>%1 exists with other files than its record in %2 (at byte %3): both stay</source>
        <translation>%1 已存在，但其文件与 %2 中（第 %3 字节处）的记录不同：两者都保留</translation>
    </message>
    <message>
        <source>%1 holds %2 record(s) whose entry did not come out: kept</source>
        <translation>%1 中有 %2 条记录的条目未能解出：已保留</translation>
    </message>
    <message>
        <source>cannot remove %1: %2</source>
        <translation>无法删除 %1：%2</translation>
    </message>
    <message>
        <source>%1 holds %2 record(s) of a kind this KernelLens does not read (kind %3 at byte %4): kept</source>
        <translation>%1 中有 %2 条此 KernelLens 不读取的类型的记录（第 %4 字节处的类型 %3）：已保留</translation>
    </message>
</context>
<context>
    <name>kl::recompile</name>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1: the entry has no .%2 file</source>
        <translation>%1：该条目没有 .%2 文件</translation>
    </message>
    <message>
        <source>%1; %2</source>
        <translation>%1; %2</translation>
    </message>
    <message>
        <source>kernel %1 missing from the rebuild</source>
        <translation>重新构建的结果中缺少内核 %1</translation>
    </message>
    <message>
        <source>%1: registers %2 -&gt; %3</source>
        <translation>%1：寄存器 %2 -&gt; %3</translation>
    </message>
    <message>
        <source>%1: static shared %2 -&gt; %3 bytes</source>
        <translation>%1：静态共享内存 %2 -&gt; %3 字节</translation>
    </message>
    <message>
        <source>%1: local (spill) frame %2 -&gt; %3 bytes</source>
        <translation>%1：局部内存（溢出）栈帧 %2 -&gt; %3 字节</translation>
    </message>
    <message>
        <source>%1: max threads differ</source>
        <translation>%1：最大线程数不同</translation>
    </message>
    <message>
        <source>the rebuild also has %1</source>
        <translation>重新构建的结果中还多出 %1</translation>
    </message>
    <message>
        <source>%1 -&gt; %2 bytes, first difference at byte %3</source>
        <translation>%1 -&gt; %2 字节，首个差异位于第 %3 字节</translation>
    </message>
    <message>
        <source>rebuilding %1 failed: %2</source>
        <translation>重新构建 %1 失败：%2</translation>
    </message>
    <message>
        <source>missing from the entry</source>
        <translation>条目中缺失</translation>
    </message>
    <message>
        <source>the cached cubin is unreadable: %1</source>
        <translation>缓存的 cubin 不可读：%1</translation>
    </message>
    <message>
        <source>built by NVRTC %1, this is NVRTC %2</source>
        <translation>由 NVRTC %1 构建，当前为 NVRTC %2</translation>
    </message>
    <message>
        <source>its key changed (a header it includes changed, or it was moved): %1 -&gt; %2</source>
        <translation>其键已改变（它包含的某个头文件有变动，或它被移动过）：%1 -&gt; %2</translation>
    </message>
    <message>
        <source>%1 differs from the rebuild: %2</source>
        <translation>%1 与重新构建的结果不同：%2</translation>
    </message>
    <message>
        <source>%1: a target-less entry; only CUDA entries can be reassembled</source>
        <translation>%1：没有目标的条目；只有 CUDA 条目可以重新汇编</translation>
    </message>
    <message>
        <source>%1: a %2 entry; only CUDA entries can be reassembled</source>
        <translation>%1：%2 条目；只有 CUDA 条目可以重新汇编</translation>
    </message>
    <message>
        <source>recompile is unavailable: %1</source>
        <translation>无法重新编译：%1</translation>
    </message>
    <message>
        <source>fresh</source>
        <translation>最新</translation>
    </message>
    <message>
        <source>stale: %1</source>
        <translation>过时：%1</translation>
    </message>
    <message>
        <source>KernelLens was built without the CUDA Toolkit (NVRTC was not found at build time; set CUDAToolkit_ROOT and rebuild)</source>
        <translation>KernelLens 构建时没有 CUDA Toolkit（构建时未找到 NVRTC；请设置 CUDAToolkit_ROOT 后重新构建）</translation>
    </message>
    <message>
        <source>nvJitLink %1 could not assemble it either</source>
        <translation>nvJitLink %1 也无法汇编它</translation>
    </message>
    <message>
        <source>nvJitLink %1 gives the same resources</source>
        <translation>nvJitLink %1 得到相同的资源</translation>
    </message>
    <message>
        <source>nvJitLink %1 gives %2</source>
        <translation>nvJitLink %1 得到 %2</translation>
    </message>
    <message>
        <source>not compared</source>
        <translation>未比较</translation>
    </message>
    <message>
        <source>%1 differs from Triton %2&apos;s rebuild of the cached PTX: %3</source>
        <translation>%1 与 Triton %2 从缓存 PTX 重新构建的结果不同：%3</translation>
    </message>
    <message>
        <source>cannot judge: %1</source>
        <translation>无法判断：%1</translation>
    </message>
    <message>
        <source>cannot create a scratch folder in /tmp: %1</source>
        <translation>无法在 /tmp 中创建临时文件夹：%1</translation>
    </message>
    <message>
        <source>%1 (%2): %3</source>
        <translation>%1（%2）：%3</translation>
    </message>
    <message>
        <source>%1 (%2) has Triton %3</source>
        <translation>%1（%2）装有 Triton %3</translation>
    </message>
    <message>
        <source>%1 (%2) has no Triton</source>
        <translation>%1（%2）没有 Triton</translation>
    </message>
    <message>
        <source>%1 wrote no cubin: %2</source>
        <translation>%1 没有写出 cubin：%2</translation>
    </message>
    <message>
        <source>Triton %1 in %2 failed to assemble the PTX: %3</source>
        <translation>%2 中的 Triton %1 无法汇编该 PTX：%3</translation>
    </message>
    <message>
        <source>built by Triton %1, which is not at hand (%2)</source>
        <translation>由 Triton %1 构建，但当前没有该版本（%2）</translation>
    </message>
    <message>
        <source>the entry records neither its Triton version nor a Triton install that still exists</source>
        <translation>该条目既未记录其 Triton 版本，也未指向仍存在的 Triton 安装</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>the Triton that built it is not at hand (%1)</source>
        <translation>构建它的 Triton 当前不可用（%1）</translation>
    </message>
</context>
<context>
    <name>kl::remote</name>
    <message>
        <source>key format &quot;%1&quot; cannot be used: %2</source>
        <translation>键格式“%1”无法使用：%2</translation>
    </message>
    <message>
        <source>a &apos;{&apos; is never closed</source>
        <translation>有一个“{”没有闭合</translation>
    </message>
    <message>
        <source>field {%1} is not one Triton fills in (only {key} and {filename})</source>
        <translation>字段 {%1} 不是 Triton 会填入的字段（只有 {key} 和 {filename}）</translation>
    </message>
    <message>
        <source>{key} and {filename} must each appear once</source>
        <translation>{key} 和 {filename} 必须各出现一次</translation>
    </message>
    <message>
        <source>a lone &apos;}&apos; (write &apos;}}&apos; for a brace)</source>
        <translation>单独的“}”（要表示花括号本身，请写“}}”）</translation>
    </message>
    <message>
        <source>it must hold {key} and {filename}, each once, or entries cannot be told apart</source>
        <translation>它必须包含 {key} 和 {filename} 各一次，否则无法区分各个条目</translation>
    </message>
    <message>
        <source>%1: no answer to %2 within %3 ms; the server stopped answering (overloaded, paused or gone)</source>
        <translation>%1：%3 毫秒内未收到对 %2 的应答；服务器已停止应答（过载、已暂停或已不存在）</translation>
    </message>
    <message>
        <source>%1: the server closed the connection during %2</source>
        <translation>%1：服务器在执行 %2 期间关闭了连接</translation>
    </message>
    <message>
        <source>%1: %2 failed: %3</source>
        <translation>%1：%2 失败：%3</translation>
    </message>
    <message>
        <source>%1: TLS (rediss://) needs hiredis 1.0 or later, and this KernelLens was built with %2; reach the server through a TLS tunnel (stunnel, ssh -L) as redis://, or rebuild against hiredis 1.0+</source>
        <translation>%1：TLS（rediss://）需要 hiredis 1.0 或更高版本，而此 KernelLens 是基于 %2 构建的；请通过 TLS 隧道（stunnel、ssh -L）以 redis:// 访问服务器，或基于 hiredis 1.0+ 重新构建</translation>
    </message>
    <message>
        <source>%1: cannot connect: out of memory</source>
        <translation>%1：无法连接：内存不足</translation>
    </message>
    <message>
        <source>%1: no connection within %2 ms (%3)</source>
        <translation>%1：%2 毫秒内未能建立连接（%3）</translation>
    </message>
    <message>
        <source>%1: cannot connect: %2 (is redis-server running there?)</source>
        <translation>%1：无法连接：%2（那里是否在运行 redis-server？）</translation>
    </message>
    <message>
        <source>%1: the server refused the login: %2</source>
        <translation>%1：服务器拒绝了登录：%2</translation>
    </message>
    <message>
        <source>%1: the server needs a password (%2): give it in the URL (redis://:PASSWORD@host:port) or in KERNELLENS_REDIS_PASSWORD</source>
        <translation>%1：服务器需要密码（%2）：请在 URL 中（redis://:PASSWORD@host:port）或通过 KERNELLENS_REDIS_PASSWORD 提供</translation>
    </message>
    <message>
        <source>%1: SCAN gave a reply that is not a cursor and a key list</source>
        <translation>%1：SCAN 返回的应答不是由游标和键列表组成的</translation>
    </message>
    <message>
        <source>not a Redis URL: %1: %2</source>
        <translation>不是 Redis URL：%1：%2</translation>
    </message>
    <message>
        <source>it must start with redis://, rediss:// or unix://</source>
        <translation>它必须以 redis://、rediss:// 或 unix:// 开头</translation>
    </message>
    <message>
        <source>a bad %-escape in the user or password</source>
        <translation>用户名或密码中有无效的 %-转义</translation>
    </message>
    <message>
        <source>db= must be a number</source>
        <translation>db= 必须是数字</translation>
    </message>
    <message>
        <source>unix:// needs an absolute socket path, as in unix:///run/redis/redis.sock</source>
        <translation>unix:// 需要绝对套接字路径，例如 unix:///run/redis/redis.sock</translation>
    </message>
    <message>
        <source>an IPv6 address without its closing ]</source>
        <translation>IPv6 地址缺少结尾的 ]</translation>
    </message>
    <message>
        <source>unexpected text after the IPv6 address</source>
        <translation>IPv6 地址后有意外的文本</translation>
    </message>
    <message>
        <source>port &quot;%1&quot; is not a number from 1 to 65535</source>
        <translation>端口“%1”不是 1 到 65535 之间的数字</translation>
    </message>
    <message>
        <source>the path &quot;/%1&quot; must be a database number</source>
        <translation>路径“/%1”必须是数据库编号</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>TRITON_REDIS_PORT=%1 is not a port number</source>
        <translation>TRITON_REDIS_PORT=%1 不是端口号</translation>
    </message>
    <message>
        <source>key %1 matches the key format&apos;s pattern but cannot be split into {key} and {filename}</source>
        <translation>键 %1 符合键格式的模式，但无法拆分为 {key} 和 {filename}</translation>
    </message>
    <message>
        <source>this server cannot be read without refreshing what it reads (CLIENT NO-TOUCH came in Redis 7.2): idle times shown were read first, but this listing reset them on the server</source>
        <translation>读取此服务器时无法避免刷新所读取的内容（CLIENT NO-TOUCH 自 Redis 7.2 起才提供）：显示的空闲时间是事先读取的，但本次列出已在服务器上将其重置</translation>
    </message>
    <message>
        <source>no Triton can hit it: %1</source>
        <translation>任何 Triton 都无法命中它：%1</translation>
    </message>
    <message>
        <source>not read or written for %1 s</source>
        <translation>已有 %1 秒未被读取或写入</translation>
    </message>
    <message>
        <source>least recently used while the cache is over %1 bytes</source>
        <translation>缓存超过 %1 字节期间最久未使用</translation>
    </message>
    <message>
        <source>key %1: file name is not valid UTF-8</source>
        <translation>键 %1：文件名不是有效的 UTF-8</translation>
    </message>
    <message>
        <source>%1 was deleted while it was being read</source>
        <translation>%1 在读取过程中被删除</translation>
    </message>
    <message>
        <source>%1 holds %2 bytes, more than the %3 bytes a json file of Triton&apos;s can be; not read</source>
        <translation>%1 包含 %2 字节，超过了 Triton 的 json 文件最多可能的 %3 字节；未读取</translation>
    </message>
    <message>
        <source>%1 is empty (0 bytes)</source>
        <translation>%1 为空（0 字节）</translation>
    </message>
    <message>
        <source>no metadata value %1</source>
        <translation>缺少元数据值 %1</translation>
    </message>
    <message>
        <source>no group value %1: Triton treats this entry as a miss, and its %2 other values only take space</source>
        <translation>缺少组值 %1：Triton 会将此条目视为未命中，其余 %2 个值只是占用空间</translation>
    </message>
    <message>
        <source>group of key %1 names child &quot;%2&quot;, which is not a plain file name: a Triton that materialises it writes outside its cache</source>
        <translation>键 %1 的组指定了子项“%2”，它不是普通文件名：将其落地到本地的 Triton 会写到自身缓存之外</translation>
    </message>
    <message>
        <source>group lists %1, which is not on the server: every Triton that looks the entry up misses and recompiles</source>
        <translation>组列出了 %1，但它不在服务器上：每个查找该条目的 Triton 都会未命中并重新编译</translation>
    </message>
    <message>
        <source>key %1 is not the base32 key of a Triton 3.3 or later entry; pull writes only that layout</source>
        <translation>键 %1 不是 Triton 3.3 或更高版本条目的 base32 键；pull 只写入这种布局</translation>
    </message>
    <message>
        <source>%1: no group value, so Triton would miss on it</source>
        <translation>%1：没有组值，因此 Triton 会未命中</translation>
    </message>
    <message>
        <source>already whole in %1</source>
        <translation>已完整存在于 %1</translation>
    </message>
    <message>
        <source>key %1 holds no files Triton writes</source>
        <translation>键 %1 中没有 Triton 会写入的文件</translation>
    </message>
    <message>
        <source>%1 names child &quot;%2&quot;, which is not a plain file name</source>
        <translation>%1 指定了子项“%2”，它不是普通文件名</translation>
    </message>
    <message>
        <source>%1 is listed but not on the server: Triton would miss on this entry</source>
        <translation>%1 已列出，但不在服务器上：Triton 将无法命中此条目</translation>
    </message>
    <message>
        <source>%1 does not list the metadata %2</source>
        <translation>%1 未列出元数据 %2</translation>
    </message>
    <message>
        <source>%1 records hash %2, whose key is not %3: the content does not match its key (poisoned or mis-keyed); not pulled</source>
        <translation>%1 记录的哈希为 %2，其键不是 %3：内容与其键不匹配（被投毒或键有误）；未拉取</translation>
    </message>
    <message>
        <source>%1 names kernel &quot;%2&quot; but the entry&apos;s values are named &quot;%3&quot;</source>
        <translation>%1 中的内核名为“%2”，但该条目的值名为“%3”</translation>
    </message>
    <message>
        <source>pulled into %1</source>
        <translation>已拉取到 %1</translation>
    </message>
    <message>
        <source>already in %1</source>
        <translation>已在 %1 中</translation>
    </message>
    <message>
        <source>no entry %1 on %2</source>
        <translation>%2 上没有条目 %1</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>%1 is not a folder: give an entry folder or a cache folder</source>
        <translation>%1 不是文件夹：请指定条目文件夹或缓存文件夹</translation>
    </message>
    <message>
        <source>%1 disappeared while it was being read</source>
        <translation>%1 在读取过程中消失</translation>
    </message>
    <message>
        <source>%1 is not an entry Triton reads</source>
        <translation>%1 不是 Triton 会读取的条目</translation>
    </message>
    <message>
        <source>%1 is %2, not whole and sound: %3</source>
        <translation>%1 的状态为 %2，并非完整无损：%3</translation>
    </message>
    <message>
        <source>%1: its metadata hash cannot be checked against its folder name</source>
        <translation>%1：无法将其元数据哈希与其文件夹名进行核对</translation>
    </message>
    <message>
        <source>%1 already has %2</source>
        <translation>%1 上已有 %2</translation>
    </message>
    <message>
        <source>pushed %1 values to %2</source>
        <translation>已向 %2 推送 %1 个值</translation>
    </message>
    <message>
        <source>%1: SET %2 failed: %3</source>
        <translation>%1：SET %2 失败：%3</translation>
    </message>
    <message>
        <source>%1 is not on the server</source>
        <translation>%1 不在服务器上</translation>
    </message>
    <message>
        <source>%1 is not a JSON object, as Inductor writes its values</source>
        <translation>%1 不是 Inductor 写入其值时所用的 JSON 对象</translation>
    </message>
    <message>
        <source>%1 has no num_warps or configs_hash: not an autotune result</source>
        <translation>%1 没有 num_warps 或 configs_hash：不是自动调优结果</translation>
    </message>
    <message>
        <source>%1 (if the server only speaks TLS, it drops plain connections like this: use rediss://, which needs hiredis 1.0 or later, or a TLS tunnel)</source>
        <translation>%1（如果服务器只接受 TLS，它会这样断开明文连接：请使用 rediss://（需要 hiredis 1.0 或更高版本）或 TLS 隧道）</translation>
    </message>
    <message>
        <source>%1 holds %2 bytes, more than the %3 shown; not fetched</source>
        <translation>%1 有 %2 字节，超过可显示的 %3；未获取</translation>
    </message>
    <message>
        <source>%1 holds %2 bytes, more than the %3 bytes KernelLens fetches; not read</source>
        <translation>%1 含有 %2 字节，超过 KernelLens 获取的上限 %3 字节；未读取</translation>
    </message>
    <message>
        <source>%1 on %2 holds %3, more than the %4 a pull accepts; not fetched</source>
        <translation>%2 上的 %1 含有 %3，超过拉取可接受的上限 %4；未获取</translation>
    </message>
</context>
<context>
    <name>kl::report</name>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>kl::roots</name>
    <message>
        <source>default (%1)</source>
        <translation>默认位置（%1）</translation>
    </message>
    <message>
        <source>%1 is set but empty: Triton 3.3+ stops with &quot;Could not create or locate cache dir&quot;; older versions use the default</source>
        <translation>%1 已设置但为空：Triton 3.3+ 会报错“Could not create or locate cache dir”并停止；更早的版本则使用默认位置</translation>
    </message>
    <message>
        <source>given</source>
        <translation>用户指定</translation>
    </message>
    <message>
        <source>TorchInductor&apos;s default (%1)</source>
        <translation>TorchInductor 的默认位置（%1）</translation>
    </message>
</context>
<context>
    <name>kl::sass</name>
    <message>
        <source>KERNELLENS_NVDISASM names %1, which is not an executable file</source>
        <translation>KERNELLENS_NVDISASM 指向 %1，它不是可执行文件</translation>
    </message>
    <message>
        <source>nvdisasm not found: install the CUDA Toolkit or Triton (its wheel ships nvdisasm), or pip install nvidia-cuda-nvdisasm, or set KERNELLENS_NVDISASM to its path</source>
        <translation>未找到 nvdisasm：请安装 CUDA Toolkit 或 Triton（其 wheel 自带 nvdisasm），或 pip install nvidia-cuda-nvdisasm，或将 KERNELLENS_NVDISASM 设为其路径</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>%1 is not a CUDA cubin: %2</source>
        <translation>%1 不是 CUDA cubin：%2</translation>
    </message>
    <message>
        <source>cannot disassemble %1: %2</source>
        <translation>无法反汇编 %1：%2</translation>
    </message>
    <message>
        <source>%1 is older than the sm_%2 code in %3 (%4): use a newer one, e.g. with KERNELLENS_NVDISASM</source>
        <translation>%1 比 %3 中的 sm_%2 代码旧（%4）：请使用更新的版本，例如通过 KERNELLENS_NVDISASM</translation>
    </message>
    <message>
        <source>%1 failed on %2 with exit code %3: %4</source>
        <translation>%1 处理 %2 失败，退出码 %3：%4</translation>
    </message>
    <message>
        <source>the disassembly of %1 is over 1 GiB; not read</source>
        <translation>%1 的反汇编超过 1 GiB；未读取</translation>
    </message>
    <message>
        <source>%1 printed no code for %2</source>
        <translation>%1 没有为 %2 输出任何代码</translation>
    </message>
    <message>
        <source>%1 has no line info (it was compiled without -lineinfo): instructions cannot be linked to source lines</source>
        <translation>%1 没有行信息（编译时未加 -lineinfo）：无法将指令关联到源代码行</translation>
    </message>
    <message>
        <source>%1, nvdisasm %2 (%3, found by %4), from KernelLens&apos;s SASS cache</source>
        <translation>%1，nvdisasm %2（%3，通过 %4 找到），来自 KernelLens 的 SASS 缓存</translation>
    </message>
    <message>
        <source>%1, nvdisasm %2 (%3, found by %4)</source>
        <translation>%1，nvdisasm %2（%3，通过 %4 找到）</translation>
    </message>
    <message>
        <source>cannot disassemble %1: cannot write a temporary file for nvdisasm: %2</source>
        <translation>无法反汇编 %1：无法为 nvdisasm 写入临时文件：%2</translation>
    </message>
    <message>
        <source>%1 is larger than 256 MiB: not disassembled</source>
        <translation>%1 大于 256 MiB：未反汇编</translation>
    </message>
</context>
<context>
    <name>kl::scan</name>
    <message>
        <source>cannot open %1: %2</source>
        <translation>无法打开 %1：%2</translation>
    </message>
    <message>
        <source>cannot list %1: %2</source>
        <translation>无法列出 %1 的内容：%2</translation>
    </message>
    <message>
        <source>not searched (nested deeper than %1 levels): %2</source>
        <translation>未搜索（嵌套深度超过 %1 层）：%2</translation>
    </message>
    <message>
        <source>%1; %2</source>
        <translation>%1; %2</translation>
    </message>
    <message>
        <source>found inside %1</source>
        <translation>在 %1 中发现</translation>
    </message>
    <message>
        <source>folder name is not valid UTF-8: %1</source>
        <translation>文件夹名不是有效的 UTF-8：%1</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>file name is not valid UTF-8: %1</source>
        <translation>文件名不是有效的 UTF-8：%1</translation>
    </message>
    <message>
        <source>temporary folder %1 left by an interrupted (or running) write</source>
        <translation>被中断（或正在进行）的写入遗留的临时文件夹 %1</translation>
    </message>
    <message>
        <source>%1 disappeared while it was being read</source>
        <translation>%1 在读取过程中消失</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>%1 is empty (0 bytes)</source>
        <translation>%1 为空（0 字节）</translation>
    </message>
    <message>
        <source>cannot stat %1: %2</source>
        <translation>无法获取 %1 的文件信息（stat）：%2</translation>
    </message>
    <message>
        <source>entry folder %1 holds no kernel files</source>
        <translation>条目文件夹 %1 中没有内核文件</translation>
    </message>
    <message>
        <source>no metadata file %1</source>
        <translation>缺少元数据文件 %1</translation>
    </message>
    <message>
        <source>no group file %1: Triton treats this entry as a miss</source>
        <translation>缺少组文件 %1：Triton 会将此条目视为未命中</translation>
    </message>
    <message>
        <source>metadata names kernel &quot;%1&quot; but its files are named &quot;%2&quot;</source>
        <translation>元数据中的内核名为“%1”，但其文件名为“%2”</translation>
    </message>
    <message>
        <source>folder name %1 is not the %2 encoding of metadata hash %3 (expected %4)</source>
        <translation>文件夹名 %1 不是元数据哈希 %3 的 %2 编码（应为 %4）</translation>
    </message>
    <message>
        <source>group file in %1 names child &quot;%2&quot;, which would leave the entry; not followed</source>
        <translation>%1 中的组文件指定了子项“%2”，该路径会跳出条目文件夹；未跟随</translation>
    </message>
    <message>
        <source>group file in %1 records %2 for %3, a path outside this entry; not followed</source>
        <translation>%1 中的组文件为 %3 记录了 %2，该路径位于此条目之外；未跟随</translation>
    </message>
    <message>
        <source>group file lists %1, which does not exist</source>
        <translation>组文件列出了 %1，但该文件不存在</translation>
    </message>
    <message>
        <source>group file records children under %1 but the entry lies at %2: Triton checks the recorded paths, so it will miss and recompile</source>
        <translation>组文件记录的子项位于 %1 下，但该条目位于 %2：Triton 会校验记录的路径，因此将未命中并重新编译</translation>
    </message>
    <message>
        <source>temporary file %1 left by an interrupted (or running) write</source>
        <translation>被中断（或正在进行）的写入遗留的临时文件 %1</translation>
    </message>
    <message>
        <source>%1 is a symbolic link; it is listed but not followed</source>
        <translation>%1 是符号链接；已列出但未跟随</translation>
    </message>
    <message>
        <source>%1 is not a regular file or folder; ignored</source>
        <translation>%1 不是普通文件或文件夹；已忽略</translation>
    </message>
    <message>
        <source>%1 is a symbolic link; not followed</source>
        <translation>%1 是符号链接；未跟随</translation>
    </message>
    <message>
        <source>%1 has no stage &quot;%2&quot; (it has: none)</source>
        <translation>%1 没有阶段“%2”（现有：无）</translation>
    </message>
    <message>
        <source>%1 has no stage &quot;%2&quot; (it has: %3)</source>
        <translation>%1 没有阶段“%2”（现有：%3）</translation>
    </message>
    <message>
        <source>%1 lists its children by name, as Triton&apos;s remote cache stores it: Triton&apos;s file cache fails on it</source>
        <translation>%1 按名称列出其子项，这是 Triton 远程缓存的存储形式：Triton 的文件缓存无法处理它</translation>
    </message>
    <message>
        <source>%1: file of %2 bytes exceeds the limit of %3 bytes for metadata</source>
        <translation>%1：文件大小为 %2 字节，超过元数据 %3 字节的上限</translation>
    </message>
    <message>
        <source>cannot create index folder %1: %2</source>
        <translation>无法创建索引文件夹 %1：%2</translation>
    </message>
    <message>
        <source>it holds a .sass file, which Triton writes only into dump folders</source>
        <translation>其中有 .sass 文件，而 Triton 只把它写入转储文件夹</translation>
    </message>
    <message>
        <source>it holds every stage from TTIR to the binary but no metadata, as TRITON_KERNEL_DUMP writes them (a compile writes its metadata right after the binary)</source>
        <translation>其中有从 TTIR 到二进制的每个阶段，却没有元数据，正如 TRITON_KERNEL_DUMP 所写（编译会在二进制之后立即写入元数据）</translation>
    </message>
    <message>
        <source>it holds only %1: a compile writes its stages in order from the source on, so none stops leaving these alone (a hand-made override folder)</source>
        <translation>其中只有 %1：编译从源码起按顺序写入各阶段，任何中断都不会只留下这些（这是手工创建的覆盖文件夹）</translation>
    </message>
    <message>
        <source>Triton&apos;s dump folder (%1): its folders are dumps, not cache entries</source>
        <translation>Triton 的转储文件夹（%1）：其中的文件夹是转储，不是缓存条目</translation>
    </message>
    <message>
        <source>Triton&apos;s override folder (%1): its folders are a user&apos;s edits, not cache entries</source>
        <translation>Triton 的覆盖文件夹（%1）：其中的文件夹是用户的修改，不是缓存条目</translation>
    </message>
    <message>
        <source>laid out as Triton&apos;s default dump folder (.triton/dump): its folders are dumps, not cache entries</source>
        <translation>布局与 Triton 的默认转储文件夹（.triton/dump）相同：其中的文件夹是转储，不是缓存条目</translation>
    </message>
    <message>
        <source>laid out as Triton&apos;s default override folder (.triton/override): its folders are a user&apos;s edits, not cache entries</source>
        <translation>布局与 Triton 的默认覆盖文件夹（.triton/override）相同：其中的文件夹是用户的修改，不是缓存条目</translation>
    </message>
    <message>
        <source>%1 is a Triton dump folder inside a cache, not a cache entry: %2</source>
        <translation>%1 是位于缓存中的 Triton 转储文件夹，不是缓存条目：%2</translation>
    </message>
    <message>
        <source>%1 is a Triton override folder inside a cache, not a cache entry: %2</source>
        <translation>%1 是位于缓存中的 Triton 覆盖文件夹，不是缓存条目：%2</translation>
    </message>
</context>
<context>
    <name>kl::storage</name>
    <message>
        <source>invalid cache key &quot;%1&quot;: expected a sha256 digest as 64 hex digits</source>
        <translation>无效的缓存键 &quot;%1&quot;：应为 64 位十六进制的 sha256 摘要</translation>
    </message>
    <message>
        <source>cannot create cache folder %1: %2</source>
        <translation>无法创建缓存文件夹 %1：%2</translation>
    </message>
    <message>
        <source>cannot open cache root %1: %2</source>
        <translation>无法打开缓存根文件夹 %1：%2</translation>
    </message>
    <message>
        <source>cannot sync cache root %1: %2</source>
        <translation>无法同步缓存根文件夹 %1：%2</translation>
    </message>
    <message>
        <source>cannot create entry folder %1: %2</source>
        <translation>无法创建条目文件夹 %1：%2</translation>
    </message>
    <message>
        <source>cannot open entry folder %1: %2 (not a plain folder?)</source>
        <translation>无法打开条目文件夹 %1：%2（不是普通文件夹？）</translation>
    </message>
    <message>
        <source>cannot open entry folder %1: it keeps disappearing (a cleaner running?)</source>
        <translation>无法打开条目文件夹 %1：它一再消失（是否有清理程序在运行？）</translation>
    </message>
    <message>
        <source>cannot create temp folder %1: %2</source>
        <translation>无法创建临时文件夹 %1：%2</translation>
    </message>
    <message>
        <source>cannot open temp folder %1: %2</source>
        <translation>无法打开临时文件夹 %1：%2</translation>
    </message>
    <message>
        <source>cannot create a temp folder in %1: every random name was taken</source>
        <translation>无法在 %1 中创建临时文件夹：所有随机名称都已被占用</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>cannot rename into place %1: %2</source>
        <translation>无法将 %1 重命名到位：%2</translation>
    </message>
    <message>
        <source>cannot remove temp folder %1: %2</source>
        <translation>无法删除临时文件夹 %1：%2</translation>
    </message>
    <message>
        <source>cannot sync entry folder %1: %2</source>
        <translation>无法同步条目文件夹 %1：%2</translation>
    </message>
    <message>
        <source>empty kernel name</source>
        <translation>内核名称为空</translation>
    </message>
    <message>
        <source>kernel name &quot;%1&quot; is not valid UTF-8</source>
        <translation>内核名称 &quot;%1&quot; 不是有效的 UTF-8</translation>
    </message>
    <message>
        <source>kernel name &quot;%1&quot; cannot name files in a cache entry</source>
        <translation>内核名称 &quot;%1&quot; 无法用作缓存条目中的文件名</translation>
    </message>
    <message>
        <source>no metadata file &quot;%1&quot; among the files to store</source>
        <translation>待存储的文件中没有元数据文件 &quot;%1&quot;</translation>
    </message>
    <message>
        <source>file name &quot;%1&quot; is not &quot;%2.&lt;ext&gt;&quot; (a plain name in the entry folder)</source>
        <translation>文件名 &quot;%1&quot; 不是 &quot;%2.&lt;ext&gt;&quot;（条目文件夹中的普通名称）</translation>
    </message>
    <message>
        <source>cache root %1 is not valid UTF-8: its group files could not record the paths readably</source>
        <translation>缓存根文件夹 %1 不是有效的 UTF-8：其组文件无法以可读方式记录路径</translation>
    </message>
    <message>
        <source>cannot store into %1: %2</source>
        <translation>无法存储到 %1：%2</translation>
    </message>
    <message>
        <source>no cache root %1</source>
        <translation>没有缓存根文件夹 %1</translation>
    </message>
    <message>
        <source>no entry folder %1</source>
        <translation>没有条目文件夹 %1</translation>
    </message>
    <message>
        <source>cannot open entry folder %1: %2</source>
        <translation>无法打开条目文件夹 %1：%2</translation>
    </message>
    <message>
        <source>kernel name &quot;%1&quot; cannot name a group file</source>
        <translation>内核名称 &quot;%1&quot; 无法用作组文件名</translation>
    </message>
    <message>
        <source>cannot list entry folder %1: %2</source>
        <translation>无法列出条目文件夹 %1：%2</translation>
    </message>
    <message>
        <source>no group file in %1 (an interrupted or running write)</source>
        <translation>%1 中没有组文件（写入被中断或仍在进行）</translation>
    </message>
    <message>
        <source>several group files in %1 (%2, %3): name the kernel</source>
        <translation>%1 中有多个组文件（%2、%3）：请指定内核</translation>
    </message>
    <message>
        <source>no group file %1</source>
        <translation>没有组文件 %1</translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation>无法读取 %1：%2</translation>
    </message>
    <message>
        <source>corrupt group file %1: %2</source>
        <translation>组文件 %1 已损坏：%2</translation>
    </message>
    <message>
        <source>group file %1 names &quot;%2&quot;, which is not a file of this entry</source>
        <translation>组文件 %1 列出了 &quot;%2&quot;，它不是此条目的文件</translation>
    </message>
    <message>
        <source>group file %1 lists %2, which does not exist</source>
        <translation>组文件 %1 列出了 %2，但它不存在</translation>
    </message>
    <message>
        <source>cannot read %1: %2 bytes exceed the limit of %3</source>
        <translation>无法读取 %1：%2 字节超出了 %3 的上限</translation>
    </message>
    <message>
        <source>group file %1 does not list the metadata %2</source>
        <translation>组文件 %1 未列出元数据 %2</translation>
    </message>
    <message>
        <source>cannot store &quot;%1&quot; into %2: not a plain file name</source>
        <translation>无法将 &quot;%1&quot; 存储到 %2：不是普通文件名</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a plain file name</source>
        <translation>&quot;%1&quot; 不是普通文件名</translation>
    </message>
    <message>
        <source>no file %1</source>
        <translation>没有文件 %1</translation>
    </message>
    <message>
        <source>cannot read %1: %2 bytes exceed the limit</source>
        <translation>无法读取 %1：%2 字节超出上限</translation>
    </message>
    <message>
        <source>exists and is not a folder</source>
        <translation>已存在且不是文件夹</translation>
    </message>
    <message>
        <source>cannot restore &quot;%1&quot; into %2: not a plain folder name</source>
        <translation>无法把 &quot;%1&quot; 恢复到 %2：不是普通的文件夹名</translation>
    </message>
    <message>
        <source>cannot restore %1: &quot;%2&quot; is not a plain file name</source>
        <translation>无法恢复 %1：&quot;%2&quot; 不是普通的文件名</translation>
    </message>
    <message>
        <source>entry folder %1 exists already</source>
        <translation>条目文件夹 %1 已存在</translation>
    </message>
</context>
<context>
    <name>kl::trace</name>
    <message>
        <source>the trace could not be written: %1</source>
        <translation>无法写入跟踪文件：%1</translation>
    </message>
    <message>
        <source>cannot write the trace to standard output: %1</source>
        <translation>无法将跟踪写入标准输出：%1</translation>
    </message>
    <message>
        <source>cannot create %1: %2</source>
        <translation>无法创建 %1：%2</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>cannot rename %1 to %2: %3</source>
        <translation>无法将 %1 重命名为 %2：%3</translation>
    </message>
    <message>
        <source>%1 has no cubin</source>
        <translation>%1 没有 cubin</translation>
    </message>
    <message>
        <source>%1: the cubin could not be read: %2</source>
        <translation>%1：无法读取 cubin：%2</translation>
    </message>
    <message>
        <source>%1: the cubin holds no kernel named %2</source>
        <translation>%1：cubin 中没有名为 %2 的内核</translation>
    </message>
    <message>
        <source>%1 is an Inductor Triton kernel (%2) but no opened cache holds it</source>
        <translation>%1 是 Inductor 的 Triton 内核（%2），但没有已打开的缓存包含它</translation>
    </message>
    <message>
        <source>Open Inductor&apos;s Triton cache of that run, usually %1/triton (or TORCHINDUCTOR_CACHE_DIR/triton), with --cache</source>
        <translation>用 --cache 打开该次运行的 Inductor Triton 缓存，通常是 %1/triton（或 TORCHINDUCTOR_CACHE_DIR/triton）</translation>
    </message>
    <message>
        <source>%1 registers and %2 bytes of shared memory in %3</source>
        <translation>%3 中的 %1 个寄存器和 %2 字节共享内存</translation>
    </message>
    <message>
        <source>The binary that ran is not the one in the cache: %1 ran %2 times with %3 registers per thread, %4 bytes of shared memory and %5 threads per block, but the cache has %6. Likely cause: the entry was compiled again after the run (another Triton or CUDA version, changed options or source) or the run used another cache folder</source>
        <translation>实际运行的二进制不是缓存中的那个：%1 运行了 %2 次，每线程 %3 个寄存器、%4 字节共享内存、每块 %5 个线程，但缓存中是 %6。可能的原因：该条目在运行之后被重新编译（Triton 或 CUDA 版本不同、选项或源码有改动），或者运行时使用了另一个缓存目录</translation>
    </message>
    <message>
        <source>Compare the entries with `klens explain`, check that the job&apos;s TRITON_CACHE_DIR is this cache, then profile again; `klens clean` removes the stale entries</source>
        <translation>用 `klens explain` 比较这些条目，确认作业的 TRITON_CACHE_DIR 就是这个缓存，然后重新 profile；`klens clean` 可删除过时的条目</translation>
    </message>
    <message>
        <source>%1 ran on sm_%2 with %3 threads per block, but the cache&apos;s entries of that name are for other GPUs or warp counts (%4)</source>
        <translation>%1 在 sm_%2 上以每块 %3 个线程运行，但缓存中同名的条目是为其他 GPU 或 warp 数编译的（%4）</translation>
    </message>
    <message>
        <source>Open the cache the profiled job wrote (its TRITON_CACHE_DIR on that machine)</source>
        <translation>打开被 profile 的作业所写的缓存（即那台机器上它的 TRITON_CACHE_DIR）</translation>
    </message>
    <message>
        <source>%1 ran as %2 different binaries in this trace (registers per thread: %3): specialisations that share its name, or a recompile during the run</source>
        <translation>%1 在此跟踪中以 %2 个不同的二进制运行（每线程寄存器数：%3）：同名的特化版本，或运行期间发生了重新编译</translation>
    </message>
    <message>
        <source>Look for recompiles (`klens stats`) and for entries of this kernel that differ only in their key (`klens explain`)</source>
        <translation>查找重新编译（`klens stats`），以及此内核中仅键不同的条目（`klens explain`）</translation>
    </message>
    <message>
        <source>%1: JSON, but not a profiler trace: no &quot;traceEvents&quot; array (a Chrome trace is an object holding one, or an array of events)</source>
        <translation>%1：是 JSON，但不是性能分析跟踪：没有 &quot;traceEvents&quot; 数组（Chrome trace 是包含该数组的对象，或事件数组）</translation>
    </message>
    <message>
        <source>the file ends in the middle of the JSON (a trace cut off while being written, e.g. by a killed job)</source>
        <translation>文件在 JSON 中途结束（跟踪在写入时被截断，例如作业被终止）</translation>
    </message>
    <message>
        <source>invalid JSON: %1</source>
        <translation>无效的 JSON：%1</translation>
    </message>
    <message>
        <source>%1: read up to byte %2 only: %3; the %4 events before it are kept</source>
        <translation>%1：只读到第 %2 字节：%3；保留此前的 %4 个事件</translation>
    </message>
    <message>
        <source>%1: the file is empty</source>
        <translation>%1：文件为空</translation>
    </message>
    <message>
        <source>%1: not a profiler trace: at byte %2: %3</source>
        <translation>%1：不是性能分析跟踪：第 %2 字节处：%3</translation>
    </message>
    <message>
        <source>%1: is a symbolic link; give the file it points to</source>
        <translation>%1：是符号链接；请给出它指向的文件</translation>
    </message>
    <message>
        <source>%1: cannot open: %2</source>
        <translation>%1：无法打开：%2</translation>
    </message>
    <message>
        <source>%1: not a regular file</source>
        <translation>%1：不是普通文件</translation>
    </message>
    <message>
        <source>%1: read failed at byte %2: %3</source>
        <translation>%1：在第 %2 字节处读取失败：%3</translation>
    </message>
    <message>
        <source>%1: cannot start gzip decompression</source>
        <translation>%1：无法开始 gzip 解压</translation>
    </message>
    <message>
        <source>%1: the gzip data is corrupt at compressed byte %2: %3</source>
        <translation>%1：gzip 数据在压缩后第 %2 字节处损坏：%3</translation>
    </message>
    <message>
        <source>%1: the gzip data ends early at compressed byte %2 (a file cut off while being written or copied)</source>
        <translation>%1：gzip 数据在压缩后第 %2 字节处提前结束（文件在写入或复制时被截断）</translation>
    </message>
    <message>
        <source>%1: reading was cancelled at byte %2</source>
        <translation>%1：读取在第 %2 字节处被取消</translation>
    </message>
    <message>
        <source>%1: a single JSON value starting at byte %2 is longer than %3 MiB; a trace has no such values, so the file is refused there</source>
        <translation>%1：从第 %2 字节开始的单个 JSON 值超过 %3 MiB；跟踪中不会有这样的值，因此在此处拒绝该文件</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1，%2</translation>
    </message>
    <message>
        <source>--comm &quot;%1&quot;: an empty pattern would name every kernel</source>
        <translation>--comm &quot;%1&quot;：空模式会匹配所有内核</translation>
    </message>
    <message>
        <source>--comm &quot;%1&quot; is not a valid regular expression (ECMAScript): %2</source>
        <translation>--comm &quot;%1&quot; 不是有效的正则表达式（ECMAScript）：%2</translation>
    </message>
</context>
<context>
    <name>kl::tritonrun</name>
    <message>
        <source>the metadata of %1 is not a JSON object</source>
        <translation>%1 的元数据不是 JSON 对象</translation>
    </message>
    <message>
        <source>%1: %2 arguments, the kernel takes %3: %4</source>
        <translation>%1:%2 个参数,内核接受 %3 个:%4</translation>
    </message>
    <message>
        <source>the kernel&apos;s %1 is a tensor descriptor: KernelLens cannot make one</source>
        <translation>内核的 %1 是张量描述符:KernelLens 无法生成</translation>
    </message>
    <message>
        <source>the kernel&apos;s %1: KernelLens fills f16, f32, f64, i32 and i64 only</source>
        <translation>内核的 %1:KernelLens 只填充 f16、f32、f64、i32 和 i64</translation>
    </message>
    <message>
        <source>%1: argument %2 is %3, the kernel&apos;s is %4</source>
        <translation>%1:第 %2 个参数是 %3,内核的是 %4</translation>
    </message>
    <message>
        <source>%1 launches as clusters of %2 CTAs: KernelLens launches one CTA a block</source>
        <translation>%1 以 %2 个 CTA 的集群启动:KernelLens 每个块启动一个 CTA</translation>
    </message>
    <message>
        <source>%1 needs a cooperative or programmatic-dependent launch, which KernelLens does not make</source>
        <translation>%1 需要协作式或程序化依赖启动,KernelLens 不进行这种启动</translation>
    </message>
    <message>
        <source>the PTX of %1 takes %2 parameters and its TTIR %3: not a launch KernelLens knows</source>
        <translation>%1 的 PTX 接受 %2 个参数,其 TTIR 接受 %3 个:KernelLens 不认识这种启动</translation>
    </message>
    <message>
        <source>%1: no problem size `%2` (%3)</source>
        <translation>%1:没有问题规模 `%2`(%3)</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1:%2</translation>
    </message>
    <message>
        <source>the original kernel</source>
        <translation>原始内核</translation>
    </message>
    <message>
        <source>the edited kernel</source>
        <translation>修改后的内核</translation>
    </message>
    <message>
        <source>cannot load %1 on %2: %3</source>
        <translation>无法在 %2 上加载%1:%3</translation>
    </message>
    <message>
        <source>%1 failed on %2: %3</source>
        <translation>%1在 %2 上失败:%3</translation>
    </message>
    <message>
        <source>the edit changes the output: %1</source>
        <translation>修改改变了输出:%1</translation>
    </message>
    <message>
        <source>%1 names no `out` or `inout` buffer: nothing to compare</source>
        <translation>%1 未指定 `out` 或 `inout` 缓冲区:无可比较</translation>
    </message>
    <message>
        <source>both kernels wrote the same outputs (%1 elements in %2 buffers)</source>
        <translation>两个内核写出相同的输出(%2 个缓冲区中的 %1 个元素)</translation>
    </message>
    <message>
        <source>the TTIR&apos;s `tt.func @%1(` does not close</source>
        <translation>TTIR 中的 `tt.func @%1(` 没有闭合</translation>
    </message>
    <message>
        <source>the TTIR&apos;s `tt.func @%1` has a parameter KernelLens cannot read: %2</source>
        <translation>TTIR 中的 `tt.func @%1` 有 KernelLens 无法读取的参数:%2</translation>
    </message>
    <message>
        <source>the TTIR has no `tt.func @%1`</source>
        <translation>TTIR 中没有 `tt.func @%1`</translation>
    </message>
    <message>
        <source>the PTX&apos;s `.entry %1(` does not close</source>
        <translation>PTX 中的 `.entry %1(` 没有闭合</translation>
    </message>
    <message>
        <source>the PTX has no `.entry %1`</source>
        <translation>PTX 中没有 `.entry %1`</translation>
    </message>
    <message>
        <source>%1: the buffers of problem size `%2` take %3 bytes, more than a quarter of this machine&apos;s memory (%4 bytes)</source>
        <translation>%1:问题规模 `%2` 的缓冲区占用 %3 字节,超过本机内存(%4 字节)的四分之一</translation>
    </message>
</context>
<context>
    <name>kl::util</name>
    <message>
        <source>libmagic could not start</source>
        <translation>libmagic 无法启动</translation>
    </message>
    <message>
        <source>libmagic could not load its database: %1</source>
        <translation>libmagic 无法加载其数据库：%1</translation>
    </message>
    <message>
        <source>no command</source>
        <translation>没有命令</translation>
    </message>
    <message>
        <source>cannot make a pipe for %1: %2</source>
        <translation>无法为 %1 创建管道：%2</translation>
    </message>
    <message>
        <source>%1 not found on PATH</source>
        <translation>在 PATH 中未找到 %1</translation>
    </message>
    <message>
        <source>cannot run %1: %2</source>
        <translation>无法运行 %1：%2</translation>
    </message>
    <message>
        <source>cannot wait for %1: %2</source>
        <translation>无法等待 %1：%2</translation>
    </message>
    <message>
        <source>%1 did not finish within %2</source>
        <translation>%1 未在 %2 内完成</translation>
    </message>
    <message>
        <source>%1 was cancelled</source>
        <translation>%1 已取消</translation>
    </message>
    <message>
        <source>%1 was killed by signal %2</source>
        <translation>%1 被信号 %2 终止</translation>
    </message>
    <message>
        <source>libmagic could not be loaded (%1)</source>
        <translation>无法加载 libmagic（%1）</translation>
    </message>
    <message>
        <source>%1 lacks %2</source>
        <translation>%1 缺少 %2</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Browse GPU kernel compile caches (Triton, NVRTC). With no folder, opens the caches Triton would use in this environment.</source>
        <translation>浏览 GPU 内核编译缓存（Triton、NVRTC）。未指定文件夹时，打开 Triton 在当前环境中会使用的缓存。</translation>
    </message>
    <message>
        <source>Cache folders to open.</source>
        <translation>要打开的缓存文件夹。</translation>
    </message>
    <message>
        <source>Open a temporary copy of the bundled demo cache.</source>
        <translation>打开随附演示缓存的临时副本。</translation>
    </message>
    <message>
        <source>Compare two entry folders (their text stages) or two files: kernellens --diff A B.</source>
        <translation>比较两个条目文件夹（其文本阶段）或两个文件：kernellens --diff A B。</translation>
    </message>
    <message>
        <source>Select the entry whose folder name starts with PREFIX once the scan ends.</source>
        <translation>扫描结束后，选中文件夹名以 PREFIX 开头的条目。</translation>
    </message>
    <message>
        <source>%1 ↔ %2 — KernelLens</source>
        <translation>%1 ↔ %2 — KernelLens</translation>
    </message>
    <message>
        <source>Open Triton&apos;s Redis remote cache at URL (redis://host:port/db).</source>
        <translation>打开位于 URL 的 Triton Redis 远程缓存（redis://host:port/db）。</translation>
    </message>
    <message>
        <source>Open a PyTorch profiler trace (.json, .json.gz) on the Trace page; repeat for one trace per rank.</source>
        <translation>在“跟踪”页打开 PyTorch profiler 跟踪（.json、.json.gz）；重复此选项可按 rank 各打开一个。</translation>
    </message>
    <message>
        <source>Once the scan ends, show WHAT (comma-separated): dashboard, trace, grouped, metadata, doctor, clean, open-remote, make-override.</source>
        <translation>扫描结束后显示 WHAT（逗号分隔）：dashboard、trace、grouped、metadata、doctor、clean、open-remote、make-override。</translation>
    </message>
    <message>
        <source>Show this stage of the selected entry (ttir, ttgir, llir, ptx, cubin, sass, ...), or lines:FILE:LINE for the Lines tab on that source line.</source>
        <translation>显示所选条目的此阶段（ttir、ttgir、llir、ptx、cubin、sass……），或用 lines:文件:行 打开 Lines 标签页并定位到该源代码行。</translation>
    </message>
</context>
</TS>
