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
        <source>&amp;Cancel</source>
        <translation>取消(&amp;C)</translation>
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
        <source>%12 and %15, %r3 and %r7, ^bb1 and ^bb2 compare equal</source>
        <translation>%12 与 %15、%r3 与 %r7、^bb1 与 ^bb2 视为相同</translation>
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
        <source>&amp;Cancel</source>
        <translation>取消(&amp;C)</translation>
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
        <source>What the folder is: kernel, autotune, module, temp, foreign</source>
        <translation>文件夹的类型：kernel、autotune、module、temp、foreign</translation>
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
        <source>&amp;Cancel</source>
        <translation>取消(&amp;C)</translation>
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
        <source>%1 fresh, %2 stale, %3 could not be rebuilt%4</source>
        <translation>%1 个最新，%2 个过时，%3 个无法重新构建%4</translation>
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
        <source>Show this stage of the selected entry (ttir, ttgir, llir, ptx, cubin, ...).</source>
        <translation>显示所选条目的此阶段（ttir, ttgir, llir, ptx, cubin, ...）。</translation>
    </message>
    <message>
        <source>Once the scan ends, show WHAT (comma-separated): dashboard, grouped, metadata, doctor, clean.</source>
        <translation>扫描结束后显示 WHAT（以逗号分隔）：dashboard, grouped, metadata, doctor, clean。</translation>
    </message>
    <message>
        <source>%1 ↔ %2 — KernelLens</source>
        <translation>%1 ↔ %2 — KernelLens</translation>
    </message>
</context>
</TS>
