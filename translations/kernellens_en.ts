<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>EntryText</name>
    <message numerus="yes">
        <source>%n register(s) per thread, %1 bytes of local memory</source>
        <translation>
            <numerusform>%n register per thread, %1 bytes of local memory</numerusform>
            <numerusform>%n registers per thread, %1 bytes of local memory</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kl::gui::CacheWatcher</name>
    <message numerus="yes">
        <source>watching %n folder(s) for new entries</source>
        <translation>
            <numerusform>watching %n folder for new entries</numerusform>
            <numerusform>watching %n folders for new entries</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>polling %n folder(s) every %1 s (%2: remote writers raise no events)</source>
        <translation>
            <numerusform>polling %n folder every %1 s (%2: remote writers raise no events)</numerusform>
            <numerusform>polling %n folders every %1 s (%2: remote writers raise no events)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kl::gui::CleanDialog</name>
    <message numerus="yes">
        <source>Dry run: %n entries would go, freeing %1 of %2.</source>
        <translation>
            <numerusform>Dry run: %n entry would go, freeing %1 of %2.</numerusform>
            <numerusform>Dry run: %n entries would go, freeing %1 of %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n chosen entries are younger than the grace period and stay.</source>
        <translation>
            <numerusform>%n chosen entry is younger than the grace period and stays.</numerusform>
            <numerusform>%n chosen entries are younger than the grace period and stay.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>&amp;Remove %n Entries…</source>
        <translation>
            <numerusform>&amp;Remove %n Entry…</numerusform>
            <numerusform>&amp;Remove %n Entries…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Remove %n entries (%1) from %2?

Entries written to since the preview, and those a running process is writing, are skipped.</source>
        <translation>
            <numerusform>Remove %n entry (%1) from %2?

Entries written to since the preview, and those a running process is writing, are skipped.</numerusform>
            <numerusform>Remove %n entries (%1) from %2?

Entries written to since the preview, and those a running process is writing, are skipped.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kl::gui::EntryDoctorView</name>
    <message numerus="yes">
        <source>%n finding(s) for this entry.</source>
        <translation>
            <numerusform>%n finding for this entry.</numerusform>
            <numerusform>%n findings for this entry.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kl::gui::KernelGroupModel</name>
    <message numerus="yes">
        <source>%n archs</source>
        <translation>
            <numerusform>%n arch</numerusform>
            <numerusform>%n archs</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %n specialisation(s) for %2</source>
        <translation>
            <numerusform>%1: %n specialisation for %2</numerusform>
            <numerusform>%1: %n specialisations for %2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kl::gui::MainWindow</name>
    <message numerus="yes">
        <source>Copied %n line(s)</source>
        <translation>
            <numerusform>Copied %n line</numerusform>
            <numerusform>Copied %n lines</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kl::gui::TraceText</name>
    <message numerus="yes">
        <source>%1: %n event(s) set aside (missing, negative or impossible times)</source>
        <translation>
            <numerusform>%1: %n event set aside (missing, negative or impossible times)</numerusform>
            <numerusform>%1: %n events set aside (missing, negative or impossible times)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Analysing %n trace(s)…</source>
        <translation>
            <numerusform>Analysing %n trace…</numerusform>
            <numerusform>Analysing %n traces…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Opening %n trace(s)…</source>
        <translation>
            <numerusform>Opening %n trace…</numerusform>
            <numerusform>Opening %n traces…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>None of the %n entry(ies) named after it holds the binary that ran:</source>
        <translation>
            <numerusform>%n entry named after it, and it does not hold the binary that ran:</numerusform>
            <numerusform>None of the %n entries named after it holds the binary that ran:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %n call(s), %2 total (%3 of the GPU time), mean %4</source>
        <translation>
            <numerusform>%1: %n call, %2 total (%3 of the GPU time), mean %4</numerusform>
            <numerusform>%1: %n calls, %2 total (%3 of the GPU time), mean %4</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n entry(ies) named after it; ✔ marks those that hold a binary that ran:</source>
        <translation>
            <numerusform>%n entry named after it; ✔ marks it when it holds a binary that ran:</numerusform>
            <numerusform>%n entries named after it; ✔ marks those that hold a binary that ran:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Not every binary that ran is in the %n entry(ies) named after it; ✔ marks those that hold one:</source>
        <translation>
            <numerusform>Not every binary that ran is in the %n entry named after it; ✔ marks it when it holds one:</numerusform>
            <numerusform>Not every binary that ran is in the %n entries named after it; ✔ marks those that hold one:</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Ran %n time(s) as %1: held by %2</source>
        <translation>
            <numerusform>Ran %n time as %1: held by %2</numerusform>
            <numerusform>Ran %n times as %1: held by %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Ran %n time(s) as %1: held by no entry</source>
        <translation>
            <numerusform>Ran %n time as %1: held by no entry</numerusform>
            <numerusform>Ran %n times as %1: held by no entry</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>This entry&apos;s binary fits what ran %n time(s) as %1.</source>
        <translation>
            <numerusform>This entry&apos;s binary fits what ran %n time as %1.</numerusform>
            <numerusform>This entry&apos;s binary fits what ran %n times as %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n kernel(s) no rule names ran on streams that are mostly communication: %1. If they communicate, name them in &quot;Also communication&quot;.</source>
        <translation>
            <numerusform>%n kernel no rule names ran on streams that are mostly communication: %1. If it communicates, name it in &quot;Also communication&quot;.</numerusform>
            <numerusform>%n kernels no rule names ran on streams that are mostly communication: %1. If they communicate, name them in &quot;Also communication&quot;.</numerusform>
        </translation>
    </message>
</context>
</TS>
