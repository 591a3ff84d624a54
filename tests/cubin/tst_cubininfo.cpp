#include "core/cubin/cubininfo.h"
#include "core/cubin/nvinfo.h"
#include "tests/support/klensprocess.h"
#include "tests/support/tempcache.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QTest>

namespace {

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

kl::CubinResult parse(const QByteArray& b)
{
    return kl::readCubinInfo(std::span<const std::uint8_t>(
        reinterpret_cast<const std::uint8_t*>(b.constData()), std::size_t(b.size())));
}

QStringList fixtureCubins()
{
    QStringList out;
    QDirIterator it(QStringLiteral(KL_DEMO_TRITON_DIR "/cache"), {QStringLiteral("*.cubin")}, QDir::Files,
                    QDirIterator::Subdirectories);
    while (it.hasNext())
        out << it.next();
    out.sort();
    return out;
}

} // namespace

class TstCubinInfo : public QObject {
    Q_OBJECT

private slots:
    void nvInfoRecords()
    {
        // NVAL, HVAL, then an SVAL REGCOUNT {symbol 10, 19 registers}: the layout ptxas writes.
        const std::uint8_t data[] = {0x01, 0x35, 0,  0, 0x03, 0x1b, 0xff, 0x00, 0x04, 0x2f,
                                     8,    0,    10, 0, 0,    0,    19,   0,    0,    0};
        std::vector<kl::NvInfoRecord> recs;
        std::string error;
        QVERIFY(kl::parseNvInfo(data, recs));
        QCOMPARE(recs.size(), std::size_t(3));
        QCOMPARE(recs[1].value, std::uint16_t(255));
        std::uint32_t w = 0;
        QVERIFY(recs[2].word(1, w));
        QCOMPARE(w, 19u);
        recs.clear();
        const kl::Status cut = kl::parseNvInfo(std::span(data, sizeof data - 1), recs);
        QVERIFY(!cut);
        error = cut.error().english();
        QVERIFY2(error.find("offset 8") != std::string::npos, error.c_str());
        const std::uint8_t badFormat[] = {0x09, 0x2f, 0, 0};
        QVERIFY(!kl::parseNvInfo(badFormat, recs));
    }

    void fixtures_data()
    {
        QTest::addColumn<QString>("path");
        const QStringList cubins = fixtureCubins();
        if (cubins.isEmpty())
            QTest::newRow("none") << QString();
        for (const QString& c : cubins)
            QTest::newRow(qPrintable(QDir(c).absolutePath().section('/', -2, -2).left(8))) << c;
    }

    // Real Triton 3.9 cubins: the arch and block size must agree with the metadata Triton wrote.
    void fixtures()
    {
        QFETCH(QString, path);
        if (path.isEmpty())
            QSKIP("no .cubin under resources/demo/triton/cache");
        const kl::CubinResult r = kl::readCubinInfo(path.toStdString());
        QVERIFY2(r.ok, r.error.english().c_str());
        const QJsonObject meta =
            QJsonDocument::fromJson(readAll(path.chopped(int(strlen(".cubin"))) + ".json")).object();
        QCOMPARE(int(r.info.sm), meta["target"].toObject()["arch"].toInt());
        QVERIFY(r.info.osAbi == 0x33u || r.info.osAbi == 0x41u); // CUDA ELF ABI v1 and v2
        QVERIFY(QString::fromStdString(r.info.fileType).contains("ELF"));
        QCOMPARE(r.info.kernels.size(), std::size_t(1));
        const kl::CubinKernel& k = r.info.kernels.front();
        QCOMPARE(QString::fromStdString(k.name), meta["name"].toString());
        QVERIFY(k.registers && *k.registers > 0 && *k.registers <= 255);
        QVERIFY(k.reqNtid);
        QCOMPARE(int((*k.reqNtid)[0]), meta["num_warps"].toInt() * 32);
        QVERIFY(k.paramBytes && *k.paramBytes > 0);
        QVERIFY(k.codeBytes > 0);
        QVERIFY(!k.constantBanks.empty());
        QCOMPARE(k.constantBanks.front().first, 0u);
    }

    void againstPtxas_data()
    {
        QTest::addColumn<int>("sm");
        QTest::newRow("sm_80") << 80;
        QTest::newRow("sm_90") << 90;
    }

    // The ground truth: what ptxas itself reports for a kernel it just compiled.
    void againstPtxas()
    {
        QFETCH(int, sm);
        const QString nvcc = QFile::exists(QStringLiteral("/usr/local/cuda/bin/nvcc"))
                                 ? QStringLiteral("/usr/local/cuda/bin/nvcc")
                                 : QStandardPaths::findExecutable(QStringLiteral("nvcc"));
        if (nvcc.isEmpty())
            QSKIP("nvcc not found (neither /usr/local/cuda/bin/nvcc nor on PATH): cannot cross-check with "
                  "ptxas");
        TempCache dir;
        dir.write(QStringLiteral("k.cu"), R"(
extern "C" __global__ void __launch_bounds__(128) tiled(const float* a, float* out, int n)
{
    __shared__ float tile[300];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    tile[threadIdx.x] = i < n ? a[i] : 0.f;
    __syncthreads();
    float s = 0.f;
    for (int j = 0; j < 128; ++j)
        s += tile[(threadIdx.x + j) % 128] * a[(i + j) % n];
    if (i < n)
        out[i] = s;
}
)");
        QProcess p;
        p.setWorkingDirectory(dir.path());
        p.start(nvcc, {QStringLiteral("-cubin"), QStringLiteral("-arch=sm_%1").arg(sm),
                       QStringLiteral("-Xptxas"), QStringLiteral("-v"), QStringLiteral("k.cu"),
                       QStringLiteral("-o"), QStringLiteral("k.cubin")});
        QVERIFY(p.waitForFinished(300000));
        const QString report = QString::fromLocal8Bit(p.readAllStandardError() + p.readAllStandardOutput());
        QVERIFY2(p.exitCode() == 0, qPrintable(report));
        const auto regs = QRegularExpression(QStringLiteral("Used (\\d+) registers")).match(report);
        const auto smem = QRegularExpression(QStringLiteral("(\\d+) bytes smem")).match(report);
        const auto frame = QRegularExpression(QStringLiteral("(\\d+) bytes stack frame")).match(report);
        QVERIFY2(regs.hasMatch() && smem.hasMatch(), qPrintable(report));

        const kl::CubinResult r = kl::readCubinInfo(dir.filePath(QStringLiteral("k.cubin")).toStdString());
        QVERIFY2(r.ok, r.error.english().c_str());
        QCOMPARE(int(r.info.sm), sm);
        QCOMPARE(r.info.kernels.size(), std::size_t(1));
        const kl::CubinKernel& k = r.info.kernels.front();
        QCOMPARE(QString::fromStdString(k.name), QStringLiteral("tiled"));
        QVERIFY(k.registers);
        QCOMPARE(int(*k.registers), regs.captured(1).toInt());
        // ptxas's "bytes smem" is the kernel's own static shared memory; on sm_90 the section also
        // holds the 1 KiB the driver reserves, which the reader reports apart.
        QCOMPARE(int(k.staticSharedBytes), smem.captured(1).toInt());
        QCOMPARE(int(k.reservedSharedBytes), sm >= 90 ? 1024 : 0);
        QCOMPARE(smem.captured(1).toInt(), 1200);
        if (frame.hasMatch() && k.frameSize)
            QCOMPARE(int(*k.frameSize), frame.captured(1).toInt());
        QVERIFY(k.maxThreads);
        QCOMPARE((*k.maxThreads)[0], 128u);
    }

    // The other ground truth, where the toolkit ships it (the GPU machine's does; Debian's CUDA
    // 13 install here has no cuobjdump): `cuobjdump -res-usage` on every fixture cubin.
    void againstCuobjdump()
    {
        const QString cuobjdump = QFile::exists(QStringLiteral("/usr/local/cuda/bin/cuobjdump"))
                                      ? QStringLiteral("/usr/local/cuda/bin/cuobjdump")
                                      : QStandardPaths::findExecutable(QStringLiteral("cuobjdump"));
        if (cuobjdump.isEmpty())
            QSKIP("cuobjdump not found (neither /usr/local/cuda/bin/cuobjdump nor on PATH)");
        int compared = 0;
        QDirIterator it(QStringLiteral(KL_DEMO_TRITON_DIR "/cache"), {QStringLiteral("*.cubin")}, QDir::Files,
                        QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString path = it.next();
            QProcess p;
            p.start(cuobjdump, {QStringLiteral("-res-usage"), path});
            QVERIFY(p.waitForFinished(60000));
            const QString out = QString::fromLocal8Bit(p.readAllStandardOutput());
            QVERIFY2(p.exitCode() == 0, qPrintable(out));
            const kl::CubinResult r = kl::readCubinInfo(path.toStdString());
            QVERIFY2(r.ok, r.error.english().c_str());
            for (const kl::CubinKernel& k : r.info.kernels) {
                const auto m =
                    QRegularExpression(QStringLiteral("Function %1:\\s*\\n\\s*REG:(\\d+) STACK:(\\d+) "
                                                      "SHARED:(\\d+) LOCAL:(\\d+)")
                                           .arg(QRegularExpression::escape(QString::fromStdString(k.name))))
                        .match(out);
                QVERIFY2(m.hasMatch(), qPrintable(path + "\n" + out));
                QVERIFY(k.registers);
                QCOMPARE(int(*k.registers), m.captured(1).toInt());
                QCOMPARE(int(k.staticSharedBytes + k.reservedSharedBytes), m.captured(3).toInt());
                QCOMPARE(int(k.frameSize.value_or(0)), m.captured(4).toInt());
                ++compared;
            }
        }
        QVERIFY(compared > 0);
    }

    // Every prefix of a real cubin and thousands of byte flips: a cause or a result, never a crash.
    void badInput()
    {
        const QStringList cubins = fixtureCubins();
        if (cubins.isEmpty())
            QSKIP("no .cubin under resources/demo/triton/cache");
        const QByteArray whole = readAll(cubins.front());
        QVERIFY(parse(whole).ok);
        for (int len = 0; len < whole.size(); ++len) {
            const kl::CubinResult r = parse(whole.left(len));
            QVERIFY2(!r.ok, qPrintable(QStringLiteral("prefix of %1 bytes accepted").arg(len)));
            QVERIFY(!r.error.empty());
        }
        std::uint32_t seed = 12345;
        auto next = [&seed] { return seed = seed * 1664525u + 1013904223u; };
        for (int i = 0; i < 4000; ++i) {
            QByteArray b = whole;
            for (int flips = 1 + int(next() % 4); flips > 0; --flips) {
                // Half the flips land in the first 256 bytes, where the headers are.
                const std::uint32_t at = (next() & 1) ? next() % 256u : next() % std::uint32_t(b.size());
                b[int(at)] = char(b[int(at)] ^ char(1 + next() % 255));
            }
            const kl::CubinResult r = parse(b);
            QVERIFY(r.ok || !r.error.empty());
        }
        QVERIFY(!parse(QByteArray(64, 'x')).ok);
        QVERIFY(parse(QByteArray(64, 'x')).error.english().find("not an ELF") != std::string::npos);
    }

    void cli()
    {
        const QStringList cubins = fixtureCubins();
        if (cubins.isEmpty())
            QSKIP("no .cubin under resources/demo/triton/cache");
        ProcessResult r = runKlens({QStringLiteral("cubin"), cubins.front(), QStringLiteral("--json")});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        const QJsonObject doc = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(doc["schema"].toString(), QStringLiteral("kernellens.cubin/1"));
        QVERIFY(doc["kernels"].toArray().first().toObject()["registers"].toInt() > 0);

        // An entry folder resolves to its .cubin stage.
        r = runKlens({QStringLiteral("cubin"), QFileInfo(cubins.front()).absolutePath()});
        QVERIFY2(r.exitCode == 0, r.err.constData());
        QVERIFY(r.out.contains("regs"));

        TempCache dir;
        dir.write(QStringLiteral("bad.cubin"), readAll(cubins.front()).left(300));
        r = runKlens({QStringLiteral("cubin"), dir.filePath(QStringLiteral("bad.cubin"))});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("bad.cubin"));
        QVERIFY(r.err.contains("truncated"));

        r = runKlens({QStringLiteral("cubin"), dir.filePath(QStringLiteral("missing.cubin"))});
        QCOMPARE(r.exitCode, 2);
        QVERIFY(r.err.contains("missing.cubin"));
    }
};

QTEST_GUILESS_MAIN(TstCubinInfo)
#include "tst_cubininfo.moc"
