// core/overridetry: `klens override try` without the CLI. The log parser on the compilers' own
// message formats, bad input named with its path, and PTX edits through the CUDA toolkit's
// assembler (ptxas as a process, nvJitLink in process) on entries real
// Triton wrote on an H100 (tests/fixtures/triton-gpu): the pristine PTX assembles to the same
// instructions, a register cap shows as fewer registers and spills, a broken line as FILE:line.

#include "core/nvrtc/nvrtccompiler.h"
#include "core/overridetry/overridetry.h"
#include "core/scan/cachescanner.h"
#include "tests/support/fakeenvironment.h"
#include "tests/support/nvdisasmtext.h"
#include "tests/support/tempcache.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <algorithm>
#include <atomic>

namespace {

const QString kFixtures = QStringLiteral(KL_GPU_FIXTURES);
const QString kVenv = QStringLiteral(KL_TRITON_VENV);
// Triton 3.6's matmul for sm_90a: PTX 8.7, which nvJitLink 13.0 reads.
const QString kMatmul = QStringLiteral("LOV4OMK6M64TPAW7RUIVQK656HNLAASHBIJLZPEEJISFBAZAIEYA");

kl::Entry scanEntry(const QString& path)
{
    bool vanished = false;
    const std::string p = path.toStdString();
    const auto slash = p.rfind('/');
    return kl::CacheScanner().scanOne(p.substr(0, slash), p.substr(slash + 1), vanished);
}

QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

QString write(const QTemporaryDir& dir, const QString& name, const QByteArray& bytes)
{
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
        return {};
    return path;
}

kl::Environment environment(const QTemporaryDir& dir)
{
    // nvdisasm from Triton's wheel, as a user with the venv active has it; SASS cache private.
    return fakeEnvironment({{"PATH", (kVenv + "/bin:/usr/bin:/bin").toStdString()},
                            {"KERNELLENS_SASS_CACHE", dir.filePath("sass").toStdString()},
                            {"KERNELLENS_TRY_CACHE", dir.filePath("try").toStdString()}},
                           "/nonexistent-home");
}

const kl::CubinKernel* kernelOf(const kl::TrySide& side, const std::string& name)
{
    if (!side.info.ok)
        return nullptr;
    for (const auto& k : side.info.info.kernels)
        if (k.name == name)
            return &k;
    return nullptr;
}

} // namespace

class TstOverrideTry : public QObject {
    Q_OBJECT

private slots:
    void stageFromExtension()
    {
        QCOMPARE(kl::tryStageOf("/o/ABC/k.ttgir"), std::string("ttgir"));
        QCOMPARE(kl::tryStageOf("k.ptx"), std::string("ptx"));
        QCOMPARE(kl::tryStageOf("/o/ABC/k.llir"), std::string("llir"));
        QCOMPARE(kl::tryStageOf("/o/ABC/k.ttir"), std::string("ttir"));
        QCOMPARE(kl::tryStageOf("/o/ABC/k.cubin"), std::string());
        QCOMPARE(kl::tryStageOf("/o/a.ptx/k"), std::string());
    }

    void compilerMessagesAsFileAndLine()
    {
        const std::string file = "/o/ABC/k.ttgir";
        // MLIR's parser names the file it read; a later pass names the Python line the op came from.
        auto d = kl::parseTryLog("loc(\"/o/ABC/k.ttgir\":12:14): error: custom op 'tt.nonsense' is unknown\n"
                                 "Traceback (most recent call last):\n"
                                 "loc(\"/src/model.py\":9:20): warning: something about the op\n",
                                 file);
        QCOMPARE(d.size(), std::size_t(2));
        QCOMPARE(d[0].file, file);
        QCOMPARE(d[0].line, 12);
        QCOMPARE(d[0].severity, std::string("error"));
        QCOMPARE(d[0].message, std::string("custom op 'tt.nonsense' is unknown"));
        QCOMPARE(d[1].file, std::string("/src/model.py"));
        QCOMPARE(d[1].severity, std::string("warning"));
        // ptxas names its input (a scratch copy, or nvJitLink's "application ptx input").
        d = kl::parseTryLog(
            "ptxas application ptx input, line 45; error   : Unknown symbol 'bogus'\n"
            "ptxas /tmp/klens-rebuild-x/entry.ptx, line 5; fatal   : Unsupported .version 9.4\n"
            "ptxas fatal   : Ptx assembly aborted due to errors\n"
            "ptxas-blackwell /tmp/tmpl.ptx, line 54; fatal   : Parsing error near 'not': syntax error\n",
            "/o/k.ptx");
        QCOMPARE(d.size(), std::size_t(3));
        QCOMPARE(d[0].file, std::string("/o/k.ptx"));
        QCOMPARE(d[0].line, 45);
        QCOMPARE(d[0].message, std::string("Unknown symbol 'bogus'"));
        QCOMPARE(d[1].line, 5);
        QCOMPARE(d[1].severity, std::string("error"));
        QCOMPARE(d[2].line, 54); // Triton 3.9 runs ptxas-blackwell from sm_90 on
        QCOMPARE(d[2].message, std::string("Parsing error near 'not': syntax error"));
        // A ptxas limit that names the line in its message.
        d = kl::parseTryLog(
            "ptxas fatal   : (C7602) Insufficient registers (32) to compile instruction at line 320 "
            "in function matmul_kernel. Try to compile with register target of 58 or higher.",
            "/o/k.ptx");
        QCOMPARE(d.size(), std::size_t(1));
        QCOMPARE(d[0].line, 320);
        QCOMPARE(d[0].severity, std::string("error"));
        // LLVM's IR parser, through Triton.
        d = kl::parseTryLog("LLVM ERROR: failed to parse IR: use of undefined value '%qq'lineno: 20",
                            "/o/k.llir");
        QCOMPARE(d.size(), std::size_t(1));
        QCOMPARE(d[0].line, 20);
        QCOMPARE(d[0].message, std::string("use of undefined value '%qq'"));
        QVERIFY(kl::parseTryLog("RuntimeError: Parse MLIR file failed.\n", file).empty());
    }

    void badInputIsNamed()
    {
        const QString entryPath = kFixtures + "/" + kMatmul;
        if (!QFileInfo::exists(entryPath))
            QSKIP("tests/fixtures/triton-gpu is not in this checkout");
        const kl::Entry entry = scanEntry(entryPath);
        QTemporaryDir dir;
        const kl::Environment env = environment(dir);
        const QByteArray ptx = readAll(entryPath + "/matmul_kernel.ptx");
        QVERIFY(!ptx.isEmpty());

        const QString cubin = write(dir, "k.cubin", readAll(entryPath + "/matmul_kernel.cubin"));
        auto r = kl::tryOverride(cubin.toStdString(), entry, env);
        QVERIFY(!r.ok);
        QVERIFY2(r.error.english().find(cubin.toStdString() + ": override try compiles") == 0,
                 r.error.english().c_str());

        const QString binary = write(dir, "k.ptx",
                                     QByteArray("\x7f"
                                                "ELF\0\1",
                                                6));
        r = kl::tryOverride(binary.toStdString(), entry, env);
        QVERIFY(!r.ok);
        QCOMPARE(r.error.english(), binary.toStdString() + ": not a text file, so not a .ptx stage");

        QByteArray other = ptx;
        other.replace("matmul_kernel", "add_kernel");
        const QString wrong = write(dir, "wrong.ptx", other);
        r = kl::tryOverride(wrong.toStdString(), entry, env);
        QVERIFY(!r.ok);
        QVERIFY2(r.error.english().find("defines add_kernel, not the entry's kernel matmul_kernel") !=
                     std::string::npos,
                 r.error.english().c_str());

        r = kl::tryOverride(dir.filePath("missing.ptx").toStdString(), entry, env);
        QVERIFY(!r.ok);
        QVERIFY2(r.error.english().find("missing.ptx") != std::string::npos, r.error.english().c_str());
        // Nothing was written beside the files.
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::NoDotAndDotDot).size(), 3);
    }

    void ptxThroughTheToolkit_data()
    {
        QTest::addColumn<QString>("assembler");
        QTest::newRow("nvjitlink") << "nvjitlink";
        QTest::newRow("ptxas") << "ptxas";
    }

    void ptxThroughTheToolkit()
    {
        QFETCH(QString, assembler);
        if (assembler == "nvjitlink" && !kl::jitLinkInfo().nvJitLink)
            QSKIP("nvJitLink was not found at build time");
        if (assembler == "ptxas" && kl::toolkitPtxas().empty())
            QSKIP("the CUDA toolkit's ptxas was not found at build time");
        const QString entryPath = kFixtures + "/" + kMatmul;
        if (!QFileInfo::exists(entryPath))
            QSKIP("tests/fixtures/triton-gpu is not in this checkout");
        const kl::Entry entry = scanEntry(entryPath);
        QTemporaryDir dir;
        const kl::Environment env = environment(dir);
        const QByteArray ptx = readAll(entryPath + "/matmul_kernel.ptx");
        kl::OverrideTryOptions o;
        o.assembler = assembler.toStdString();

        // Pristine: both sides from one assembler, the same instructions, no diff.
        const QString same = write(dir, "matmul_kernel.ptx", ptx);
        auto r = kl::tryOverride(same.toStdString(), entry, env, o);
        QVERIFY2(r.ok, r.error.english().c_str());
        QCOMPARE(r.route, assembler.toStdString());
        QVERIFY(r.sameCode);
        QVERIFY(r.ptxDiff.empty());
        QCOMPARE(r.original.cubin, r.edited.cubin);
        if (r.sassUnavailable.empty())
            QVERIFY(r.sassDiff.empty());
        // The entry's PTX, assembled once, is kept for the next Try.
        QCOMPARE(QDir(dir.filePath("try")).entryList({"*.cubin"}, QDir::Files).size(), 1);
        const kl::CubinKernel* pristine = kernelOf(r.edited, "matmul_kernel");
        QVERIFY(pristine && pristine->registers);
        // A copy: `r` is assigned again below, and with it the kernels it points into.
        const std::uint32_t before = *pristine->registers;
        QVERIFY(before > 40);

        // A register cap: fewer registers, the PTX diff shows the directive, SASS changes.
        QByteArray capped = ptx;
        const int body = capped.indexOf("\n{", capped.indexOf(".entry matmul_kernel"));
        QVERIFY(body > 0);
        capped.insert(body, "\n.maxnreg 58");
        QFile::remove(same);
        const QString edited = write(dir, "matmul_kernel.ptx", capped);
        r = kl::tryOverride(edited.toStdString(), entry, env, o);
        QVERIFY2(r.ok, r.error.english().c_str());
        QVERIFY(!r.sameCode);
        QVERIFY2(r.ptxDiff.find("+.maxnreg 58") != std::string::npos, r.ptxDiff.c_str());
        const kl::CubinKernel* after = kernelOf(r.edited, "matmul_kernel");
        const kl::CubinKernel* original = kernelOf(r.original, "matmul_kernel");
        QVERIFY(after && after->registers && original && original->registers);
        QCOMPARE(*original->registers, before);
        QVERIFY2(*after->registers <= 58 && *after->registers < *original->registers,
                 std::to_string(*after->registers).c_str());
        if (r.sassUnavailable.empty())
            QVERIFY(!r.sassDiff.empty());
        else
            qWarning("no SASS diff: %s", r.sassUnavailable.english().c_str());

        // The window's order: the comparison without SASS first, then the SASS; the same diff.
        kl::OverrideTryOptions quick = o;
        quick.sass = false;
        auto first = kl::tryOverride(edited.toStdString(), entry, env, quick);
        QVERIFY2(first.ok, first.error.english().c_str());
        QVERIFY(first.sassDiff.empty() && first.edited.sass.empty() && first.original.sass.empty());
        QCOMPARE(first.sameCode, r.sameCode);
        kl::disassembleTry(first, env);
        QCOMPARE(first.sassDiff, r.sassDiff);
        QCOMPARE(first.sassUnavailable.english(), r.sassUnavailable.english());

        // Broken at line N: nvJitLink's ptxas error, reported at FILE:N.
        QList<QByteArray> lines = ptx.split('\n');
        int target = -1;
        for (int i = 0; i < lines.size(); ++i)
            if (lines[i].trimmed().startsWith("mov.")) {
                target = i;
                break;
            }
        QVERIFY(target > 0);
        lines.insert(target, "\tbogus.instruction %r1;");
        QFile::remove(edited);
        const QString broken = write(dir, "matmul_kernel.ptx", lines.join('\n'));
        r = kl::tryOverride(broken.toStdString(), entry, env, o);
        QVERIFY(!r.ok);
        QVERIFY2(!r.diagnostics.empty(), r.log.c_str());
        QCOMPARE(r.diagnostics.front().file, broken.toStdString());
        QCOMPARE(r.diagnostics.front().line, target + 1);
        QCOMPARE(r.diagnostics.front().severity, std::string("error"));

        // Cancelled (the window's Cancel): the assembler is stopped and the Try says so.
        if (assembler == "ptxas") {
            std::atomic<bool> cancel{true};
            o.cancel = &cancel;
            QFile::remove(broken);
            const QString again = write(dir, "matmul_kernel.ptx", capped);
            r = kl::tryOverride(again.toStdString(), entry, env, o);
            QVERIFY(!r.ok);
            QVERIFY2(r.error.english().find("cancelled") != std::string::npos, r.error.english().c_str());
        }
    }

    void anEntryWithoutItsCubin_data()
    {
        QTest::addColumn<QString>("source"); // the entry folder to copy, minus its cubin
        QTest::addColumn<QString>("kernel");
        QTest::newRow("fixture matmul") << kFixtures + "/" + kMatmul << "matmul_kernel";
        // Real data: a user's Triton cache whose entry lost its cubin.
        const QString corpus = corpusDir();
        QTest::newRow("corpus vector-add")
            << (corpus.isEmpty() ? QString()
                                 : corpus + "/gkm_vector-add-cache_cuda/"
                                            "5W7KJQDTJCL4UGPMKKCS7TEEPZKSWOY4774SZQ6674FWSXG5MNXQ")
            << "add_kernel";
    }

    void anEntryWithoutItsCubin()
    {
        QFETCH(QString, source);
        QFETCH(QString, kernel);
        if (source.isEmpty() || !QFileInfo::exists(source))
            QSKIP("the entry is not here (../shared/corpus or tests/fixtures/triton-gpu absent)");
        if (kl::toolkitPtxas().empty())
            QSKIP("the CUDA toolkit's ptxas was not found at build time");
        QTemporaryDir dir;
        const QString entryPath = dir.filePath("cache/ENTRY");
        QVERIFY(QDir().mkpath(entryPath));
        for (const QString& name : QDir(source).entryList(QDir::Files))
            if (!name.endsWith(".cubin"))
                QVERIFY(QFile::copy(source + "/" + name, entryPath + "/" + name));
        const kl::Entry entry = scanEntry(entryPath);
        const kl::Environment env = environment(dir);
        const QString same = write(dir, kernel + ".ptx", readAll(source + "/" + kernel + ".ptx"));

        // The toolkit assembles both sides, so the edit is tried all the same, and a note says why.
        auto r = kl::tryOverride(same.toStdString(), entry, env);
        QVERIFY2(r.ok, r.error.english().c_str());
        QCOMPARE(r.route, std::string("ptxas"));
        QVERIFY(r.sameCode);
        QVERIFY(std::any_of(r.notes.begin(), r.notes.end(), [](const kl::Text& n) {
            return n.english().find("has no .cubin") != std::string::npos;
        }));

        // The entry's Triton would compare with the cubin, which is not there: it says so.
        kl::OverrideTryOptions o;
        o.assembler = "triton";
        r = kl::tryOverride(same.toStdString(), entry, env, o);
        QVERIFY(!r.ok);
        QVERIFY2(r.error.english().find("no .cubin file to compare with") != std::string::npos,
                 r.error.english().c_str());
    }

    void irWithoutTritonSaysSo()
    {
        const QString entryPath = kFixtures + "/" + kMatmul;
        if (!QFileInfo::exists(entryPath))
            QSKIP("tests/fixtures/triton-gpu is not in this checkout");
        const kl::Entry entry = scanEntry(entryPath);
        QTemporaryDir dir;
        const QString ttgir = write(dir, "matmul_kernel.ttgir", readAll(entryPath + "/matmul_kernel.ttgir"));
        // No python3 on PATH, no KL_PYTHON: no Triton at hand.
        const kl::Environment env =
            fakeEnvironment({{"PATH", dir.path().toStdString()}}, "/nonexistent-home");
        const auto r = kl::tryOverride(ttgir.toStdString(), entry, env);
        QVERIFY(!r.ok);
        QVERIFY2(r.error.english().find(ttgir.toStdString() + ": ") == 0, r.error.english().c_str());
        QVERIFY2(r.error.english().find("python3") != std::string::npos, r.error.english().c_str());
    }
};

QTEST_GUILESS_MAIN(TstOverrideTry)
#include "tst_overridetry.moc"
