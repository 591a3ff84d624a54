// Replays the fuzzers' seeds and every input that once crashed a parser (tests/fuzz), and damages
// real cubins the way a bad disk or a cut-off copy does, in the ordinary builds: no clang needed.
// The JSON parsers' inputs ride along, so that one suite replays all of tests/fuzz.
#include "core/cubin/cubininfo.h"
#include "core/doctor/gpubinary.h"
#include "core/formats/groupfile.h"
#include "core/formats/json.h"
#include "core/formats/metadata.h"

#include <QDir>
#include <QDirIterator>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>
#include <QTest>
#include <cstring>
#include <elf.h>
#include <random>
#include <sys/mman.h>
#include <unistd.h>

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

// The doctor's check reads a descriptor: give it the bytes in a memfd.
kl::GpuBinaryCheck checkBinary(const QByteArray& b, const char* ext)
{
    kl::GpuBinaryCheck c;
    const int fd = memfd_create("tst_cubinregressions", 0);
    if (fd < 0 || ::write(fd, b.constData(), std::size_t(b.size())) != b.size()) {
        c.problem = "memfd unavailable";
        if (fd >= 0)
            ::close(fd);
        return c;
    }
    kl::Target expected;
    expected.arch = "90";
    c = kl::checkGpuBinary(fd, std::uint64_t(b.size()), ext, expected);
    ::close(fd);
    return c;
}

QStringList filesUnder(const QString& dir)
{
    QStringList out;
    QDirIterator it(dir, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        out << it.next();
    out.sort();
    return out;
}

QStringList fixtureCubins()
{
    QStringList out;
    for (const QString& f : filesUnder(QStringLiteral(KL_DEMO_TRITON_DIR "/cache")))
        if (f.endsWith(QLatin1String(".cubin")))
            out << f;
    return out;
}

// A minimal EM_CUDA ELF: header, section name table `names` (section 1), `data`, then the section
// headers. Section names are offsets into `names`; offsets of `sections` are relative to `data`.
struct HostileSection {
    std::uint32_t name = 0;
    std::uint32_t type = SHT_PROGBITS;
    std::uint64_t offset = 0, size = 0;
    std::uint32_t link = 0;
    std::uint64_t entsize = 0;
};

QByteArray hostileElf(const QByteArray& names, const QByteArray& data,
                      const std::vector<HostileSection>& sections)
{
    const std::uint64_t namesAt = sizeof(Elf64_Ehdr), dataAt = namesAt + std::uint64_t(names.size());
    const std::uint64_t shoff = (dataAt + std::uint64_t(data.size()) + 7) & ~std::uint64_t(7);
    Elf64_Ehdr eh{};
    std::memcpy(eh.e_ident, ELFMAG, SELFMAG);
    eh.e_ident[EI_CLASS] = ELFCLASS64;
    eh.e_ident[EI_DATA] = ELFDATA2LSB;
    eh.e_ident[EI_VERSION] = EV_CURRENT;
    eh.e_ident[EI_OSABI] = 0x33;
    eh.e_ident[EI_ABIVERSION] = 7;
    eh.e_type = ET_EXEC;
    eh.e_machine = EM_CUDA;
    eh.e_version = EV_CURRENT;
    eh.e_flags = 0x500550; // sm_80
    eh.e_ehsize = sizeof eh;
    eh.e_shoff = shoff;
    eh.e_shentsize = sizeof(Elf64_Shdr);
    eh.e_shnum = static_cast<Elf64_Half>(sections.size() + 2);
    eh.e_shstrndx = 1;
    QByteArray out(reinterpret_cast<const char*>(&eh), sizeof eh);
    out += names;
    out += data;
    out.resize(qsizetype(shoff), '\0');
    std::vector<Elf64_Shdr> headers(2);
    headers[1].sh_type = SHT_STRTAB;
    headers[1].sh_offset = namesAt;
    headers[1].sh_size = std::uint64_t(names.size());
    for (const HostileSection& h : sections) {
        Elf64_Shdr sh{};
        sh.sh_name = h.name;
        sh.sh_type = h.type;
        sh.sh_offset = dataAt + h.offset;
        sh.sh_size = h.size;
        sh.sh_link = h.link;
        sh.sh_entsize = h.entsize;
        headers.push_back(sh);
    }
    out.append(reinterpret_cast<const char*>(headers.data()), qsizetype(headers.size() * sizeof(Elf64_Shdr)));
    return out;
}

// "\0.shstrtab\0" then `names` joined with NULs; `at` gets each name's offset.
QByteArray nameTable(const std::vector<QByteArray>& names, std::vector<std::uint32_t>& at)
{
    QByteArray t("\0.shstrtab\0", 11);
    for (const QByteArray& n : names) {
        at.push_back(std::uint32_t(t.size()));
        t += n;
        t += '\0';
    }
    return t;
}

} // namespace

class TstCubinRegressions : public QObject {
    Q_OBJECT

private slots:
    // Every file in tests/fuzz/{seeds,regressions}/{cubin,gpubinary} through both ELF readers.
    void replay_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<bool>("isSeed");
        const QString root = QStringLiteral(KL_FUZZ_DIR);
        for (const char* dir : {"seeds/cubin", "regressions/cubin", "regressions/gpubinary"})
            for (const QString& f : filesUnder(root + QLatin1Char('/') + QLatin1String(dir)))
                QTest::addRow("%s", qPrintable(QDir(root).relativeFilePath(f)))
                    << f << QString::fromLatin1(dir).startsWith(QLatin1String("seeds"));
    }
    void replay()
    {
        QFETCH(QString, path);
        QFETCH(bool, isSeed);
        const QByteArray bytes = readAll(path);
        const kl::CubinResult r = parse(bytes);
        QVERIFY2(r.ok || !r.error.empty(), "failed without an error text");
        if (isSeed) {
            QVERIFY2(r.ok, r.error.english().c_str());
            QVERIFY(!r.info.kernels.empty());
        }
        for (const char* ext : {"cubin", "hsaco"}) {
            const kl::GpuBinaryCheck c = checkBinary(bytes, ext);
            QVERIFY2(c.ok || !c.problem.empty(), ext);
        }
    }

    // tests/fuzz/{seeds,regressions}/{metadata,groupfile} through both parse paths of each.
    void jsonReplay_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<bool>("isSeed");
        const QString root = QStringLiteral(KL_FUZZ_DIR);
        for (const char* kind : {"metadata", "groupfile"})
            for (const char* dir : {"seeds/", "regressions/"})
                for (const QString& f :
                     filesUnder(root + QLatin1Char('/') + QLatin1String(dir) + QLatin1String(kind)))
                    QTest::addRow("%s", qPrintable(QDir(root).relativeFilePath(f)))
                        << f << (dir == std::string_view("seeds/"));
    }
    void jsonReplay()
    {
        QFETCH(QString, path);
        QFETCH(bool, isSeed);
        const QByteArray bytes = readAll(path);
        const std::string_view text(bytes.constData(), std::size_t(bytes.size()));
        std::string copy(text);
        // A failed parse must say why; a seed must parse.
        auto check = [&](const auto& full, const auto& fast) {
            const std::string why = full ? std::string() : full.error().english();
            QVERIFY2(full || !why.empty(), "failed without an error text");
            QVERIFY2(full || !isSeed, why.c_str());
            QVERIFY2(fast || !fast.error().english().empty(), "failed without an error text");
        };
        if (path.contains(QLatin1String("/metadata/")))
            check(kl::parseMetadata(text, kl::MetadataDetail::Full), kl::parseMetadataSummaryInPlace(copy));
        else
            check(kl::parseGroupFile(text), kl::parseGroupFileInPlace(copy));
    }

    // Numbers RapidJSON 1.1.0's full-precision path mishandles still read as the right value,
    // and ordinary ones keep full precision.
    void jsonNumbers_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<double>("value");
        QTest::addRow("zero with exponent") << QByteArray("[0e308]") << 0.0;
        QTest::addRow("negative zero, small exponent") << QByteArray("[-0.0e-99]") << 0.0;
        QTest::addRow("30 zeros") << QByteArray("[0.000000000000000000000000000000]") << 0.0;
        QTest::addRow("uint64 wrap") << QByteArray("[18446744073709551615865775807]")
                                     << 18446744073709551615865775807.0;
        QTest::addRow("full precision kept")
            << QByteArray("[0.30000000000000004, 0e308]") << 0.30000000000000004;
        QTest::addRow("plain") << QByteArray("[2.2250738585072014e-308]") << 2.2250738585072014e-308;
    }
    void jsonNumbers()
    {
        QFETCH(QByteArray, text);
        QFETCH(double, value);
        for (const bool inPlace : {false, true}) {
            rapidjson::Document doc;
            std::string copy(text.constData(), std::size_t(text.size()));
            const kl::Status parsed =
                inPlace ? kl::json::parseInPlace(doc, copy) : kl::json::parse(doc, std::string_view(copy));
            const bool ok = parsed.has_value();
            const std::string error = ok ? std::string() : parsed.error().english();
            QVERIFY2(ok, error.c_str());
            QVERIFY(doc.IsArray() && doc[0].IsNumber());
            QCOMPARE(doc[0].GetDouble(), value);
        }
    }

    // A copy cut off at every 1/64 of a real cubin is refused with a cause.
    void truncations_data()
    {
        QTest::addColumn<QString>("path");
        for (const QString& f : fixtureCubins())
            QTest::addRow("%s", qPrintable(QFileInfo(f).dir().dirName().left(8))) << f;
    }
    void truncations()
    {
        QFETCH(QString, path);
        const QByteArray whole = readAll(path);
        QVERIFY2(parse(whole).ok, qPrintable(path));
        for (int i = 0; i < 64; ++i) {
            const qsizetype cut = whole.size() * i / 64;
            const kl::CubinResult r = parse(whole.left(cut));
            // Every cubin ptxas writes ends in section data, so any cut is detectable.
            QVERIFY2(!r.ok,
                     qPrintable(QStringLiteral("cut at %1 of %2 reads as ok").arg(cut).arg(whole.size())));
            QVERIFY2(!r.error.empty(), qPrintable(QStringLiteral("no cause at %1").arg(cut)));
            const kl::GpuBinaryCheck c = checkBinary(whole.left(cut), "cubin");
            QVERIFY2(!c.ok && !c.problem.empty(), qPrintable(QStringLiteral("doctor: cut at %1").arg(cut)));
        }
    }

    // Files that make every section or symbol share names or bytes, so that work per kernel
    // multiplied: they took minutes or ran out of memory from a file of a megabyte or two.
    void hostileSharing_data()
    {
        QTest::addColumn<QByteArray>("elf");
        QTest::addColumn<bool>("ok");
        std::vector<std::uint32_t> at;

        // 30000 sections all named .text.k: each kernel used to scan every section (quadratic).
        QByteArray names = nameTable({".text.k"}, at);
        std::vector<HostileSection> secs(30000, HostileSection{at[0], SHT_PROGBITS, 0, 1});
        QTest::addRow("30000 .text.k") << hostileElf(names, QByteArray(8, 'x'), secs) << true;

        // 20000 nested names in ".text..text..text....k": 1.2 GB of kernel names from 1.4 MB.
        names = QByteArray("\0.shstrtab\0", 11);
        secs.clear();
        for (int i = 0; i < 20000; ++i) {
            secs.push_back(HostileSection{std::uint32_t(names.size()), SHT_PROGBITS, 0, 1});
            names += ".text.";
        }
        names += "k";
        names += '\0';
        QTest::addRow("nested .text names") << hostileElf(names, QByteArray(8, 'x'), secs) << false;

        // 4000 .nv.info.k sections over one 240 KB block of records: parsed 4000 times.
        at.clear();
        names = nameTable({".text.k", ".nv.info.k"}, at);
        QByteArray records;
        const char regcount[] = {0x04, 0x2f, 0x08, 0x00, 1, 0, 0, 0, 32, 0, 0, 0};
        while (records.size() < 240000)
            records.append(regcount, sizeof regcount);
        secs.assign(4000, HostileSection{at[1], SHT_LOPROC, 0, std::uint64_t(records.size())});
        secs.push_back(HostileSection{at[0], SHT_PROGBITS, 0, 1});
        QTest::addRow("overlapping .nv.info") << hostileElf(names, records, secs) << false;

        // 10000 .text.k and 10000 .nv.constant0.k: 10^8 bank entries, 1.6 GB.
        at.clear();
        names = nameTable({".text.k", ".nv.constant0.k"}, at);
        secs.assign(10000, HostileSection{at[0], SHT_PROGBITS, 0, 1});
        secs.insert(secs.end(), 10000, HostileSection{at[1], SHT_PROGBITS, 0, 1});
        QTest::addRow("repeated kernel with banks") << hostileElf(names, QByteArray(8, 'x'), secs) << false;

        // 40000 function symbols all named by one 100 KB string: a 4 GB map key churn.
        at.clear();
        names = nameTable({".symtab", ".strtab", ".text.k"}, at);
        QByteArray data(24 * 40000, '\0');
        const std::uint64_t strAt = std::uint64_t(data.size());
        data += '\0';
        data += QByteArray(100000, 'k');
        data += '\0';
        for (int i = 1; i < 40000; ++i) {
            Elf64_Sym sym{};
            sym.st_name = 1;
            sym.st_info = ELF64_ST_INFO(STB_GLOBAL, STT_FUNC);
            std::memcpy(data.data() + i * 24, &sym, sizeof sym);
        }
        // Section 2 is the symbol table, 3 its string table (link), 4 the kernel.
        secs = {HostileSection{at[0], SHT_SYMTAB, 0, strAt, 3, sizeof(Elf64_Sym)},
                HostileSection{at[1], SHT_STRTAB, strAt, std::uint64_t(data.size()) - strAt},
                HostileSection{at[2], SHT_PROGBITS, 0, 1}};
        QTest::addRow("40000 symbols, one long name") << hostileElf(names, data, secs) << true;
    }
    void hostileSharing()
    {
        QFETCH(QByteArray, elf);
        QFETCH(bool, ok);
        QElapsedTimer timer;
        timer.start();
        const kl::CubinResult r = parse(elf);
        QVERIFY2(r.ok == ok, r.error.english().c_str());
        QVERIFY(r.ok || !r.error.empty());
        // Milliseconds now (also under ASan); the old code took from seconds to forever.
        QVERIFY2(timer.elapsed() < 20000, qPrintable(QStringLiteral("%1 ms").arg(timer.elapsed())));
        QVERIFY(r.error.english().size() < 1000); // hostile names are cut short in messages
    }

    // Single-byte flips: all of the ELF header, then a few hundred deterministic positions.
    void byteFlips_data() { truncations_data(); }
    void byteFlips()
    {
        QFETCH(QString, path);
        const QByteArray whole = readAll(path);
        QVERIFY(whole.size() > 64);
        std::vector<qsizetype> positions;
        for (qsizetype i = 0; i < 64; ++i)
            positions.push_back(i);
        std::mt19937 rng(20240611u); // fixed seed: the same positions on every machine and run
        std::uniform_int_distribution<qsizetype> pick(64, whole.size() - 1);
        for (int i = 0; i < 320; ++i)
            positions.push_back(pick(rng));
        for (const qsizetype pos : positions) {
            for (const char mask : {char(0xff), char(0x80), char(0x01)}) {
                QByteArray damaged = whole;
                damaged[pos] = char(damaged[pos] ^ mask);
                const kl::CubinResult r = parse(damaged);
                QVERIFY2(r.ok || !r.error.empty(), qPrintable(QStringLiteral("byte %1: no cause").arg(pos)));
                const kl::GpuBinaryCheck c = checkBinary(damaged, "cubin");
                QVERIFY2(c.ok || !c.problem.empty(), qPrintable(QStringLiteral("doctor, byte %1").arg(pos)));
            }
        }
    }
};

QTEST_GUILESS_MAIN(TstCubinRegressions)
#include "tst_cubinregressions.moc"
