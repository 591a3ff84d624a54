// Triton's dump and override folders (core/formats/dumplayout): which file sets only a dump or a
// hand-made override folder holds, and which an interrupted compile can leave in a cache. The
// rows follow compiler.py's stage loop (3.1, 3.2 and 3.9 read from their wheels): a cache write
// puts .source (3.4+), then each stage in order, then the metadata and the group file; a dump
// gets every stage from TTIR on and, from 3.4, the cubin's .sass.
#include "core/formats/dumplayout.h"

#include <QTest>

namespace dumplayout = kl::dumplayout;
using kl::EntryKind;
using kl::RootKind;

Q_DECLARE_METATYPE(EntryKind)
Q_DECLARE_METATYPE(std::optional<RootKind>)

namespace {

// Compared as text: QCOMPARE would find kl::toString (a string_view) for the enums themselves.
QString name(EntryKind k)
{
    return QString::fromUtf8(kl::toString(k).data(), qsizetype(kl::toString(k).size()));
}

QString name(std::optional<RootKind> k)
{
    return k ? QString::fromUtf8(kl::toString(*k).data(), qsizetype(kl::toString(*k).size()))
             : QStringLiteral("(none)");
}

} // namespace

class TstDumpLayout : public QObject {
    Q_OBJECT

private slots:
    void shape_data()
    {
        QTest::addColumn<QStringList>("extensions");
        QTest::addColumn<EntryKind>("kind");
        // What an interrupted compile leaves: a run of stages from the first on.
        QTest::newRow("3.4+ source only") << QStringList{"source"} << EntryKind::Kernel;
        QTest::newRow("3.4+ source ttir ttgir")
            << QStringList{"source", "ttir", "ttgir"} << EntryKind::Kernel;
        QTest::newRow("3.1 ttir only") << QStringList{"ttir"} << EntryKind::Kernel;
        QTest::newRow("3.1 up to ptx") << QStringList{"ttir", "ttgir", "llir", "ptx"} << EntryKind::Kernel;
        QTest::newRow("3.4+ every stage, metadata not yet")
            << QStringList{"source", "ttir", "ttgir", "llir", "ptx", "cubin"} << EntryKind::Kernel;
        QTest::newRow("amd up to amdgcn")
            << QStringList{"source", "ttir", "ttgir", "llir", "amdgcn"} << EntryKind::Kernel;
        QTest::newRow("binary only (TRITON_STORE_BINARY_ONLY)") << QStringList{"cubin"} << EntryKind::Kernel;
        QTest::newRow("hsaco only") << QStringList{"hsaco"} << EntryKind::Kernel;
        QTest::newRow("nvrtc cu and ptx") << QStringList{"cu", "ptx"} << EntryKind::Kernel;
        QTest::newRow("nvrtc cu and cubin") << QStringList{"cu", "cubin"} << EntryKind::Kernel;
        QTest::newRow("nvrtc cu only") << QStringList{"cu"} << EntryKind::Kernel;
        // 3.4+ with TRITON_STORE_BINARY_ONLY=1: the source, then only the binary.
        QTest::newRow("3.4+ binary only") << QStringList{"source", "cubin"} << EntryKind::Kernel;
        QTest::newRow("3.4+ binary only, amd") << QStringList{"source", "hsaco"} << EntryKind::Kernel;
        QTest::newRow("nothing known") << QStringList{"txt"} << EntryKind::Kernel;
        QTest::newRow("no files") << QStringList{} << EntryKind::Kernel;
        // What only a dump writes.
        QTest::newRow("3.9 dump with sass")
            << QStringList{"ttir", "ttgir", "llir", "ptx", "cubin", "sass"} << EntryKind::Dump;
        QTest::newRow("a lone sass") << QStringList{"sass"} << EntryKind::Dump;
        QTest::newRow("3.2 dump: every stage, no source")
            << QStringList{"ttir", "ttgir", "llir", "ptx", "cubin"} << EntryKind::Dump;
        QTest::newRow("amd dump") << QStringList{"ttir", "ttgir", "llir", "amdgcn", "hsaco"}
                                  << EntryKind::Dump;
        // What a user copies into an override folder: stages out of compile order.
        QTest::newRow("a lone ptx") << QStringList{"ptx"} << EntryKind::Override;
        QTest::newRow("a lone ttgir") << QStringList{"ttgir"} << EntryKind::Override;
        QTest::newRow("ttgir and ptx") << QStringList{"ttgir", "ptx"} << EntryKind::Override;
        QTest::newRow("llir with an editor's backup") << QStringList{"llir", "bak"} << EntryKind::Override;
        // Only a compile writes the source into a folder: whatever else it holds, a compile made it.
        QTest::newRow("source and ptx, a gap") << QStringList{"source", "ptx"} << EntryKind::Kernel;
        QTest::newRow("ttir and ptx, a gap") << QStringList{"ttir", "ptx"} << EntryKind::Override;
        QTest::newRow("ptx and cubin") << QStringList{"ptx", "cubin"} << EntryKind::Override;
        QTest::newRow("nvrtc without its source")
            << QStringList{"ptx", "cubin", "txt"} << EntryKind::Override;
    }

    void shape()
    {
        QFETCH(QStringList, extensions);
        QFETCH(EntryKind, kind);
        std::vector<std::string> storage;
        for (const QString& e : extensions)
            storage.push_back(e.toStdString());
        std::vector<std::string_view> exts(storage.begin(), storage.end());
        const dumplayout::ShapeVerdict v = dumplayout::judgeFolderShape(exts);
        QCOMPARE(name(v.kind), name(kind));
        // A dump or override verdict says what gave it away; a cache entry's says nothing.
        QCOMPARE(v.why.empty(), kind == EntryKind::Kernel);
    }

    void overrideVerdictNamesTheStages()
    {
        const dumplayout::ShapeVerdict v = dumplayout::judgeFolderShape({"ptx", "ttgir"});
        QCOMPARE(name(v.kind), name(EntryKind::Override));
        QVERIFY2(v.why.english().find(".ttgir, .ptx") != std::string::npos, v.why.english().c_str());
    }

    void defaultFolders_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<std::optional<RootKind>>("kind");
        QTest::newRow("home dump") << "/home/u/.triton/dump" << std::optional<RootKind>(RootKind::Dump);
        QTest::newRow("TRITON_HOME override")
            << "/scratch/th/.triton/override/" << std::optional<RootKind>(RootKind::Override);
        QTest::newRow("cache") << "/home/u/.triton/cache" << std::optional<RootKind>();
        QTest::newRow("dump elsewhere") << "/scratch/dump" << std::optional<RootKind>();
        QTest::newRow("dump inside a dump folder")
            << "/home/u/.triton/dump/dump" << std::optional<RootKind>();
        QTest::newRow("relative") << ".triton/override" << std::optional<RootKind>(RootKind::Override);
        QTest::newRow("bare name") << "override" << std::optional<RootKind>();
    }

    void defaultFolders()
    {
        QFETCH(QString, path);
        QFETCH(std::optional<RootKind>, kind);
        QCOMPARE(name(dumplayout::kindOfDefaultFolder(path.toStdString())), name(kind));
    }
};

QTEST_GUILESS_MAIN(TstDumpLayout)
#include "tst_dumplayout.moc"
