// The doctor's cubin/hsaco check (libelf) on the real code objects Triton 3.9 wrote, and on
// damaged copies of them.
#include "core/doctor/gpubinary.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace {

const QString fixture = QStringLiteral(KL_DEMO_TRITON_DIR "/cache/");

// Real files from the fixture (see resources/demo/triton/README.md).
const QString sm90 =
    fixture + "T7TU7KYQX7ZE4YM2UFP4TBMCFYMVCOQDPYCUIXDLVLUCMPIY3E5Q/add_kernel.cubin"; // ABI 8
const QString sm80 =
    fixture + "DNQKZQLF752I7CKBZ7RR434PGOCLGO4QTQJJPTKEM3Y7JQ2Y4HJQ/add_kernel.cubin"; // ABI 7
const QString sm100 =
    fixture + "4LVJOS4KGF2XIGNDGFA657WLTREYIZN42QNAKDLTBJLLEFUBCBWA/add_kernel.cubin"; // ABI 8
const QString gfx90a = fixture + "7VLOBFKU64V76QPR2M6JKZ6VANY5AVXJUOLFISTJX47MUY2DMMGQ/add_kernel.hsaco";

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

kl::GpuBinaryCheck checkBytes(const QByteArray& bytes, const QString& ext, const QString& backend,
                              const QString& arch)
{
    QTemporaryDir dir;
    const QString path = dir.filePath("x." + ext);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    f.write(bytes);
    f.close();
    const int fd = ::open(path.toLocal8Bit().constData(), O_RDONLY);
    kl::Target t;
    t.backend = backend.toStdString();
    t.arch = arch.toStdString();
    kl::GpuBinaryCheck c =
        kl::checkGpuBinary(fd, static_cast<std::uint64_t>(bytes.size()), ext.toStdString(), t);
    ::close(fd);
    return c;
}

QByteArray patched(QByteArray b, int offset, char value)
{
    b[offset] = value;
    return b;
}

} // namespace

class TstGpuBinary : public QObject {
    Q_OBJECT
private slots:
    void realCodeObjects_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("ext");
        QTest::addColumn<QString>("backend");
        QTest::addColumn<QString>("arch");
        QTest::addColumn<QString>("elfArch");
        QTest::addRow("sm_90, ELF ABI 8") << sm90 << "cubin"
                                          << "cuda"
                                          << "90"
                                          << "90";
        QTest::addRow("sm_80, ELF ABI 7") << sm80 << "cubin"
                                          << "cuda"
                                          << "80"
                                          << "80";
        QTest::addRow("sm_100") << sm100 << "cubin"
                                << "cuda"
                                << "100"
                                << "100";
        QTest::addRow("gfx90a") << gfx90a << "hsaco"
                                << "hip"
                                << "gfx90a"
                                << "gfx90a";
        QTest::addRow("target with features") << gfx90a << "hsaco"
                                              << "hip"
                                              << "gfx90a:sramecc+:xnack-"
                                              << "gfx90a";
        QTest::addRow("no target known") << sm90 << "cubin"
                                         << ""
                                         << ""
                                         << "90";
    }
    void realCodeObjects()
    {
        QFETCH(QString, file);
        QFETCH(QString, ext);
        QFETCH(QString, backend);
        QFETCH(QString, arch);
        QFETCH(QString, elfArch);
        const QByteArray bytes = readAll(file);
        QVERIFY2(!bytes.isEmpty(), qPrintable(file));
        kl::GpuBinaryCheck c = checkBytes(bytes, ext, backend, arch);
        QVERIFY2(c.ok, c.problem.c_str());
        QCOMPARE(QString::fromStdString(c.arch), elfArch);
    }

    void damaged_data()
    {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("ext");
        QTest::addColumn<QString>("arch");
        QTest::addColumn<QString>("expected");
        const QByteArray cubin = readAll(sm90);
        const QByteArray hsaco = readAll(gfx90a);
        QTest::addRow("wrong sm") << cubin << "cubin"
                                  << "80"
                                  << "is for sm_90 but the entry's target is sm_80";
        QTest::addRow("sm_80 cubin in an sm_90 entry") << readAll(sm80) << "cubin"
                                                       << "90"
                                                       << "is for sm_80";
        QTest::addRow("wrong gfx") << hsaco << "hsaco"
                                   << "gfx942"
                                   << "is for gfx90a but the entry's target is gfx942";
        QTest::addRow("hsaco named cubin") << hsaco << "cubin"
                                           << "90"
                                           << "e_machine is 224, not EM_CUDA (190)";
        QTest::addRow("cubin named hsaco") << cubin << "hsaco"
                                           << "gfx90a"
                                           << "e_machine is 190, not EM_AMDGPU (224)";
        QTest::addRow("not ELF") << QByteArray(4096, 'x') << "cubin"
                                 << "90"
                                 << "not an ELF file (starts with 78 78 78 78";
        QTest::addRow("PTX text saved as cubin")
            << QByteArray("//\n// Generated by NVIDIA NVVM Compiler\n").repeated(4) << "cubin"
            << "90"
            << "not an ELF file";
        QTest::addRow("too short") << cubin.left(20) << "cubin"
                                   << "90"
                                   << "too short for an ELF header";
        QTest::addRow("32-bit") << patched(cubin, 4, 1) << "cubin"
                                << "90"
                                << "32-bit ELF";
        QTest::addRow("big-endian") << patched(cubin, 5, 2) << "cubin"
                                    << "90"
                                    << "not a little-endian ELF";
        QTest::addRow("bad ident version") << patched(cubin, 6, 0x33) << "cubin"
                                           << "90"
                                           << "identification version 51";
        // The program and section header tables sit at the end of a cubin: any cut loses some of them.
        QTest::addRow("last bytes cut") << cubin.left(cubin.size() - 10) << "cubin"
                                        << "90"
                                        << "truncated: its ";
        QTest::addRow("cut in half") << cubin.left(cubin.size() / 2) << "cubin"
                                     << "90"
                                     << "truncated: its ";
        QTest::addRow("hsaco cut") << hsaco.left(hsaco.size() - 100) << "hsaco"
                                   << "gfx90a"
                                   << "truncated";
        QTest::addRow("header only") << cubin.left(64) << "cubin"
                                     << "90"
                                     << "truncated";
    }
    void damaged()
    {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, ext);
        QFETCH(QString, arch);
        QFETCH(QString, expected);
        kl::GpuBinaryCheck c = checkBytes(bytes, ext, ext == "cubin" ? "cuda" : "hip", arch);
        QVERIFY(!c.ok);
        QVERIFY2(QString::fromStdString(c.problem).contains(expected), c.problem.c_str());
    }

    void sectionBeyondTheEnd()
    {
        // Keep the section header table whole but move it (and the end of the file) before the
        // sections' data: libelf then reports sections that run past the end.
        QByteArray cubin = readAll(sm90);
        QVERIFY(!cubin.isEmpty());
        quint64 shoff = 0;
        std::memcpy(&shoff, cubin.constData() + 0x28, 8);
        quint16 shentsize = 0, shnum = 0;
        std::memcpy(&shentsize, cubin.constData() + 0x3a, 2);
        std::memcpy(&shnum, cubin.constData() + 0x3c, 2);
        const QByteArray table = cubin.mid(static_cast<int>(shoff), shentsize * shnum);
        QByteArray cut = cubin.left(512) + table;
        const quint64 newOff = 512;
        std::memcpy(cut.data() + 0x28, &newOff, 8);
        const quint16 noProgramHeaders = 0;
        std::memcpy(cut.data() + 0x38, &noProgramHeaders, 2);
        kl::GpuBinaryCheck c = checkBytes(cut, "cubin", "cuda", "90");
        QVERIFY(!c.ok);
        QVERIFY2(QString::fromStdString(c.problem).contains("truncated: its section"), c.problem.c_str());
        QVERIFY2(
            QString::fromStdString(c.problem).contains("but the file has " + QString::number(cut.size())),
            c.problem.c_str());
    }

    void flagsEncoding()
    {
        QCOMPARE(kl::cudaSmFromFlags(0x500550, 7), 80u);
        QCOMPARE(kl::cudaSmFromFlags(0x9005a04, 8), 90u);
        QCOMPARE(kl::cudaSmFromFlags(0x9006402, 8), 100u);
        QCOMPARE(QString::fromStdString(std::string(kl::amdgpuMachName(0x3f))), QStringLiteral("gfx90a"));
        QCOMPARE(QString::fromStdString(std::string(kl::amdgpuMachName(0x4c))), QStringLiteral("gfx942"));
        QVERIFY(kl::amdgpuMachName(0xfe).empty());
        QCOMPARE(QString::fromStdString(kl::normalizeArch("sm_90a")), QStringLiteral("90"));
        QCOMPARE(QString::fromStdString(kl::normalizeArch("gfx90a:xnack-")), QStringLiteral("gfx90a"));
        QCOMPARE(QString::fromStdString(kl::normalizeArch("GFX942")), QStringLiteral("gfx942"));
    }
};

QTEST_GUILESS_MAIN(TstGpuBinary)
#include "tst_gpubinary.moc"
