// The resource columns (registers, spills, occupancy) that the scan reads from each entry's cubin
// and keeps in the scan index. Checked against figures from outside KernelLens: the registers and
// n_spills the CUDA driver reported when real Triton launched the GPU fixture's kernels on an H100
// (expected.json), and ptxas -v's own report for a kernel that uses local memory.
#include "core/cubin/entryresources.h"
#include "core/cubin/occupancy.h"
#include "core/scan/cachescanner.h"
#include "tests/support/klensprocess.h"
#include "tests/support/tempcache.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>

using namespace kl;

namespace {

const QString kFixture = QStringLiteral(KL_TRITON_GPU_FIXTURE_DIR);

bool copyTree(const QString& from, const QString& to)
{
    QDir().mkpath(to);
    QDirIterator it(from, QDir::Files | QDir::Dirs | QDir::NoDotAndDotDot, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString src = it.next();
        const QString dst = to + src.mid(from.size());
        if (it.fileInfo().isDir() ? !QDir().mkpath(dst) : !QFile::copy(src, dst))
            return false;
    }
    return true;
}

Snapshot scan(const QString& root, bool resources, const QString& indexDir = {},
              ScanIndexStats* stats = nullptr)
{
    ScanOptions o;
    o.readResources = resources;
    o.indexDir = indexDir.toStdString();
    o.racyMarginNs = 0;
    o.indexStats = stats;
    Root r;
    r.path = root.toStdString();
    return CacheScanner(o).scan({r});
}

const Entry* byFolder(const Snapshot& s, const QString& folder)
{
    for (const Entry& e : s.entries)
        if (QString::fromStdString(e.folderName) == folder)
            return &e;
    return nullptr;
}

// What the launched kernels' drivers said: folder -> (n_regs, n_spills).
QMap<QString, QPair<int, int>> launched()
{
    QFile f(kFixture + "/expected.json");
    if (!f.open(QIODevice::ReadOnly))
        return {};
    QMap<QString, QPair<int, int>> out;
    const QJsonObject l = QJsonDocument::fromJson(f.readAll()).object().value("launched").toObject();
    for (const QString& kernel : l.keys())
        for (const QJsonValue& v : l.value(kernel).toArray()) {
            const QJsonObject o = v.toObject();
            out.insert(o.value("folder").toString(),
                       {o.value("n_regs").toInt(), o.value("n_spills").toInt()});
        }
    return out;
}

} // namespace

class TstEntryResources : public QObject {
    Q_OBJECT

private slots:
    void matchesTheDriver()
    {
        const auto expected = launched();
        QVERIFY2(expected.size() >= 3, "tests/fixtures/triton-gpu/expected.json lists the launched kernels");
        const Snapshot s = scan(kFixture + "/cache", true);
        for (auto it = expected.begin(); it != expected.end(); ++it) {
            const Entry* e = byFolder(s, it.key());
            QVERIFY2(e, qPrintable(it.key()));
            const KernelResources& r = e->resources;
            QCOMPARE(r.state, KernelResources::State::Read);
            QCOMPARE(int(r.registers), it.value().first);
            QCOMPARE(int(r.spills()), it.value().second);
            QCOMPARE(int(r.kernels), 1);
            // The occupancy is the entry's launch shape through the calculator that
            // tst_occupancy holds to cuda_occupancy.h.
            const CubinResult cubin = readCubinInfo(e->path + "/" + e->stage("cubin")->fileName);
            QVERIFY(cubin.ok);
            const OccupancyResult o =
                kernelOccupancy(cubin.info.sm, cubin.info.kernels[0], launchShapeOf(*e));
            QVERIFY(o.ok);
            QVERIFY(r.hasOccupancy);
            QCOMPARE(int(r.occupancyPermille), int(std::lround(o.value.occupancy * 1000)));
            QCOMPARE(limitText(r.limitedBy), o.value.limitedBy);
        }
        // Only kernels get figures; a scan that was not asked reads no cubin.
        for (const Entry& e : s.entries)
            if (e.kind != EntryKind::Kernel)
                QCOMPARE(e.resources.state, KernelResources::State::NotRead);
        for (const Entry& e : scan(kFixture + "/cache", false).entries)
            QCOMPARE(e.resources.state, KernelResources::State::NotRead);
    }

    // A kernel that keeps an array in local memory: ptxas -v's stack frame and registers.
    void localMemoryAsPtxasReportsIt()
    {
        const QString nvcc = QStandardPaths::findExecutable("nvcc", {"/usr/local/cuda/bin"});
        if (nvcc.isEmpty())
            QSKIP("nvcc not found (CUDA Toolkit): cannot build a kernel with a stack frame");
        QTemporaryDir dir;
        QVERIFY(copyTree(kFixture + "/cache", dir.path() + "/cache"));
        writeFileAt(dir.filePath("framed.cu"), R"(extern "C" __global__ void framed(const int* in, int* out) {
    int a[256];
    for (int i = 0; i < 256; ++i) a[(i * 7 + in[i]) & 255] = in[i * blockDim.x + threadIdx.x];
    out[threadIdx.x] = a[in[threadIdx.x] & 255];
})");
        const ProcessResult built =
            runProcess(nvcc, {"-cubin", "-arch=sm_90", "-maxrregcount=24", "-Xptxas", "-v",
                              dir.filePath("framed.cu"), "-o", dir.filePath("framed.cubin")});
        QVERIFY2(built.exitCode == 0, built.err.constData());
        const QString report = QString::fromUtf8(built.out + built.err);
        const auto frame = QRegularExpression(R"((\d+) bytes stack frame)").match(report);
        const auto regs = QRegularExpression(R"(Used (\d+) registers)").match(report);
        QVERIFY2(frame.hasMatch() && regs.hasMatch(), qPrintable(report));
        QVERIFY(frame.captured(1).toInt() >= 1024);
        // Planted as the matmul entry's cubin (its num_warps 4 gives the block).
        const QString folder = launched().keys().filter("LOV4OMK6").value(0);
        QVERIFY(!folder.isEmpty());
        const QString cubin = dir.path() + "/cache/" + folder + "/matmul_kernel.cubin";
        QVERIFY(QFile::remove(cubin) && QFile::copy(dir.filePath("framed.cubin"), cubin));
        const Snapshot s = scan(dir.path() + "/cache", true);
        const KernelResources& r = byFolder(s, folder)->resources;
        QCOMPARE(r.state, KernelResources::State::Read);
        QCOMPARE(int(r.registers), regs.captured(1).toInt());
        QCOMPARE(int(r.localBytes), frame.captured(1).toInt());
        QCOMPARE(int(r.spills()), frame.captured(1).toInt() / 4); // Triton's n_spills
    }

    // Figures survive in the scan index; a record written by a scan that read no cubin gets them later.
    void keptInTheScanIndex()
    {
        // Entries whose group files record where they lie (copied fixtures do not: never
        // recorded), each given a real cubin of the GPU fixture.
        TempCache cache;
        const QStringList launchedFolders = launched().keys();
        for (int i = 0; i < 2; ++i) {
            const QString folder = cache.addKernel("k" + QString::number(i), sha256Of(QString::number(i)));
            const QString src = kFixture + "/cache/" + launchedFolders[i];
            const QString cubin = cache.filePath(folder + "/k" + QString::number(i) + ".cubin");
            QVERIFY(QFile::remove(cubin) &&
                    QFile::copy(src + "/" + QDir(src).entryList({"*.cubin"}).value(0), cubin));
        }
        QTemporaryDir dir;
        const QString root = cache.path(), index = dir.path() + "/index";
        ScanIndexStats st;
        const Snapshot plainFirst = scan(root, false, index, &st);
        QVERIFY(st.recorded >= 2);
        for (const Entry& e : plainFirst.entries)
            QCOMPARE(e.resources.state, KernelResources::State::NotRead);
        // The records lack the figures: the cubins are read, and the records written anew.
        const Snapshot read = scan(root, true, index, &st);
        QCOMPARE(st.entriesFromIndex, std::size_t(0));
        std::size_t kernels = 0;
        for (const Entry& e : read.entries)
            if (e.kind == EntryKind::Kernel) {
                ++kernels;
                QCOMPARE(e.resources.state, KernelResources::State::Read);
                QVERIFY(e.resources.registers > 0 && e.resources.hasOccupancy);
            }
        QCOMPARE(kernels, std::size_t(2));
        // Now every entry comes from the index, figures included.
        const Snapshot again = scan(root, true, index, &st);
        QCOMPARE(st.entriesFromIndex, read.entries.size());
        QCOMPARE(again.entries.size(), read.entries.size());
        for (std::size_t i = 0; i < read.entries.size(); ++i)
            QCOMPARE(again.entries[i].resources, read.entries[i].resources);
        // A scan not asked for them still shows what the index holds.
        const Snapshot plain = scan(root, false, index, &st);
        QCOMPARE(st.entriesFromIndex, read.entries.size());
        for (std::size_t i = 0; i < read.entries.size(); ++i)
            QCOMPARE(plain.entries[i].resources, read.entries[i].resources);
        // A changed cubin is read again, not taken from the index.
        const Entry& first = read.entries[0];
        QFile cubin(QString::fromStdString(first.path + "/" + first.stage("cubin")->fileName));
        QVERIFY(cubin.resize(64));
        const Snapshot changed = scan(root, true, index, &st);
        QCOMPARE(changed.entries[0].resources.state, KernelResources::State::Unreadable);
        QCOMPARE(changed.entries[1].resources, read.entries[1].resources);
    }

    void badCubins()
    {
        QTemporaryDir dir;
        QVERIFY(copyTree(kFixture + "/cache", dir.path() + "/cache"));
        const QString root = dir.path() + "/cache";
        const QStringList folders = launched().keys();
        // Truncated, and gone (a kernel entry without a cubin).
        const QString cut = root + "/" + folders[0];
        QString cubin = QDir(cut).entryList({"*.cubin"}).value(0);
        QFile f(cut + "/" + cubin);
        QVERIFY(f.resize(100));
        const QString gone = root + "/" + folders[1];
        QVERIFY(QFile::remove(gone + "/" + QDir(gone).entryList({"*.cubin"}).value(0)));
        const Snapshot s = scan(root, true);
        QCOMPARE(byFolder(s, folders[0])->resources.state, KernelResources::State::Unreadable);
        QCOMPARE(byFolder(s, folders[1])->resources.state, KernelResources::State::NoCubin);
    }

    void scanCommandShowsThem()
    {
        QTemporaryDir dir;
        const QString index = dir.filePath("index");
        const ProcessResult json =
            runKlens({"scan", "--json", kFixture + "/cache"}, {.set = {{"KERNELLENS_SCAN_INDEX", index}}});
        // 1: the fixture's group files record where it was written (moved-cache), which is fine here.
        QVERIFY2(json.exitCode == 1 && !json.json.isEmpty(), json.err.constData());
        const auto expected = launched();
        int seen = 0;
        for (const QJsonValue& v : json.json.value("entries").toArray()) {
            const QJsonObject e = v.toObject();
            if (!expected.contains(e.value("folder").toString()))
                continue;
            ++seen;
            const QJsonObject r = e.value("resources").toObject();
            QCOMPARE(r.value("state").toString(), QString("read"));
            QCOMPARE(r.value("registers").toInt(), expected.value(e.value("folder").toString()).first);
            QCOMPARE(r.value("spills").toInt(), expected.value(e.value("folder").toString()).second);
            QVERIFY(r.value("occupancy").toDouble() > 0 && r.value("occupancy").toDouble() <= 1);
            QVERIFY(!r.value("limited_by").toString().isEmpty());
        }
        QCOMPARE(seen, expected.size());
        const ProcessResult none = runKlens({"scan", "--json", "--no-resources", kFixture + "/cache"},
                                            {.set = {{"KERNELLENS_SCAN_INDEX", "off"}}});
        for (const QJsonValue& v : none.json.value("entries").toArray())
            QVERIFY(v.toObject().value("resources").isNull());
        const ProcessResult text =
            runKlens({"scan", kFixture + "/cache"}, {.set = {{"KERNELLENS_SCAN_INDEX", index}}});
        const QString out = QString::fromUtf8(text.out);
        for (const char* col : {"REGS", "SPILLS", "OCC", "TRITON", "FOLDER"})
            QVERIFY2(out.contains(col), col);
        // The matmul row: 62 registers, 0 spills, Triton 3.6.0, in the fixture's folder.
        const QString row = out.split('\n').filter("matmul_kernel").filter(" 62 ").value(0);
        QVERIFY2(row.contains("3.6.0") && row.endsWith(kFixture + "/cache"), qPrintable(out));
    }
};

QTEST_GUILESS_MAIN(TstEntryResources)
#include "tst_entryresources.moc"
