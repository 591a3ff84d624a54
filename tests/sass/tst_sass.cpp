// klens sass and core/sass against nvdisasm's own text, parsed here in a few lines of the test's
// own (not with the code under test), on cubins real Triton wrote.

#include "core/sass/nvdisasmtool.h"
#include "core/sass/sassdisasm.h"
#include "core/sass/sasslisting.h"
#include "tests/support/fakeenvironment.h"
#include "tests/support/klensprocess.h"
#include "tests/support/nvdisasmtext.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QJsonArray>
#include <QProcess>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>

namespace {

const QString kFixtures = QStringLiteral(KL_LINES_FIXTURES);
const QString kVenv = QStringLiteral(KL_TRITON_VENV);

QStringList cubinsUnder(const QString& dir)
{
    QStringList out;
    QDirIterator it(dir, {"*.cubin"}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext())
        out << it.next();
    out.sort();
    return out;
}

/// The environment a user with Triton's virtual environment active has: its bin first on PATH.
kl::Environment userEnvironment(const QString& cacheDir, std::map<std::string, std::string> extra = {})
{
    std::map<std::string, std::string> vars = {{"PATH", (kVenv + "/bin:/usr/bin:/bin").toStdString()},
                                               {"KERNELLENS_SASS_CACHE", cacheDir.toStdString()}};
    for (auto& [k, v] : extra)
        vars[k] = v;
    return fakeEnvironment(std::move(vars), "/nonexistent-home");
}

QString where(const kl::SourceLocation& l)
{
    return QFileInfo(QString::fromStdString(l.file)).fileName() + ":" + QString::number(l.line);
}

} // namespace

class TstSass : public QObject {
    Q_OBJECT

    QString m_nvdisasm;

private slots:
    void initTestCase()
    {
        m_nvdisasm = nvdisasmInVenv(kVenv);
        if (m_nvdisasm.isEmpty())
            QSKIP("no nvdisasm in .venv-triton (scripts/triton-venv.sh makes it; Triton's wheel ships "
                  "nvdisasm)");
        QVERIFY(cubinsUnder(kFixtures + "/cache").size() == 2);
    }

    void findsTheOneInTheActiveTritonEnvironment()
    {
        QTemporaryDir cache;
        auto tool = kl::findNvdisasm(userEnvironment(cache.path()));
        QVERIFY2(tool, tool ? "" : tool.error().english().c_str());
        QCOMPARE(QString::fromStdString(tool->foundBy), QStringLiteral("Triton"));
        QCOMPARE(QFileInfo(QString::fromStdString(tool->path)).canonicalFilePath(),
                 QFileInfo(m_nvdisasm).canonicalFilePath());
        QVERIFY2(
            QRegularExpression(R"(^\d+\.\d+\.\d+$)").match(QString::fromStdString(tool->version)).hasMatch(),
            tool->version.c_str());

        // KERNELLENS_NVDISASM comes first; one that names nothing is an error, never skipped.
        auto chosen = kl::findNvdisasm(
            userEnvironment(cache.path(), {{"KERNELLENS_NVDISASM", m_nvdisasm.toStdString()}}));
        QVERIFY(chosen);
        QCOMPARE(QString::fromStdString(chosen->foundBy), QStringLiteral("KERNELLENS_NVDISASM"));
        auto bad =
            kl::findNvdisasm(userEnvironment(cache.path(), {{"KERNELLENS_NVDISASM", "/no/such/nvdisasm"}}));
        QVERIFY(!bad);
        QVERIFY(QString::fromStdString(bad.error().english()).contains("/no/such/nvdisasm"));
    }

    void noNvdisasmSaysWhatToInstall()
    {
        QTemporaryDir cache, empty;
        kl::Environment env = userEnvironment(cache.path(), {{"PATH", empty.path().toStdString()}});
        const QString cubin = cubinsUnder(kFixtures + "/cache").first();
        auto r = kl::disassembleCubin(cubin.toStdString(), env);
        QVERIFY(!r);
        const QString why = QString::fromStdString(r.error().english());
        QVERIFY2(why.contains(cubin) && why.contains("install") && why.contains("nvidia-cuda-nvdisasm"),
                 qPrintable(why));
    }

    void instructionsAndLinesAreNvdisasms()
    {
        for (const QString& cubin : cubinsUnder(kFixtures + "/cache")) {
            QTemporaryDir cache;
            auto r = kl::disassembleCubin(cubin.toStdString(), userEnvironment(cache.path()));
            QVERIFY2(r, r ? "" : r.error().english().c_str());
            QVERIFY(!r->fromCache);
            QVERIFY(r->listing.hasLineInfo);
            QVERIFY(r->notes.empty());
            QCOMPARE(r->listing.kernels.size(), std::size_t(1));
            const kl::SassKernel& k = r->listing.kernels.front();
            QCOMPARE(QString::fromStdString(k.name), QStringLiteral("kl_lines_kernel"));

            // -c: every instruction, in order, with its text; -g: the innermost line of each.
            const QList<NvdisasmRow> plain = readNvdisasm(m_nvdisasm, {"-c"}, cubin);
            const QList<NvdisasmRow> innermost = readNvdisasm(m_nvdisasm, {"-c", "-g"}, cubin);
            const QList<NvdisasmRow> inlined = readNvdisasm(m_nvdisasm, {"-c", "-gi"}, cubin);
            QVERIFY(plain.size() > 50);
            QCOMPARE(k.instructions.size(), std::size_t(plain.size()));
            QCOMPARE(innermost.size(), plain.size());
            int chains = 0, library = 0;
            for (qsizetype i = 0; i < plain.size(); ++i) {
                const kl::SassInstruction& ins = k.instructions[std::size_t(i)];
                QCOMPARE(ins.offset, plain[i].offset);
                QCOMPARE(QString::fromStdString(ins.text).simplified(), plain[i].text);
                const QString predicated = QString::fromStdString(
                    ins.predicate().empty() ? std::string() : std::string(ins.predicate()) + " ");
                QCOMPARE(predicated + QString::fromStdString(std::string(ins.opcode()) +
                                                             (ins.operands().empty()
                                                                  ? std::string()
                                                                  : " " + std::string(ins.operands()))),
                         QString::fromStdString(ins.text));
                QVERIFY(!ins.opcode().starts_with('@'));
                QCOMPARE(where(ins.location()), innermost[i].chain.value(0));
                // -gi: a block's lines are the chain, innermost first, the kernel's own line last.
                QStringList ours{where(ins.location())};
                for (const kl::SourceLocation& at : ins.inlinedAt())
                    ours << where(at);
                QCOMPARE(ours, inlined[i].chain);
                chains += ins.inlinedAt().empty() ? 0 : 1;
                library += ins.location().file.find("triton/language") != std::string::npos ? 1 : 0;
            }
            // The fixture's helpers (_scaled, _row_norm) and tl.sum are inlined: chains exist, some
            // through Triton's own library code.
            QVERIFY2(chains > 10, qPrintable(QString::number(chains)));
            QVERIFY(library > 0);

            // Branches resolve to the label's offset, and the label is at an instruction.
            int branches = 0;
            for (const kl::SassInstruction& ins : k.instructions) {
                if (ins.opcode().starts_with("BRA")) {
                    ++branches;
                    QVERIFY(ins.targetOffset.has_value());
                    const auto label =
                        std::find_if(k.labels.begin(), k.labels.end(),
                                     [&](const kl::SassLabel& l) { return l.name == ins.targetLabel; });
                    QVERIFY(label != k.labels.end());
                    QCOMPARE(*ins.targetOffset, label->offset);
                }
            }
            QVERIFY(branches > 0);
        }
    }

    void reopeningRunsNoNvdisasm()
    {
        QTemporaryDir cache;
        const QString cubin = cubinsUnder(kFixtures + "/cache").first();
        auto first = kl::disassembleCubin(cubin.toStdString(), userEnvironment(cache.path()));
        QVERIFY(first && !first->fromCache);
        QCOMPARE(QDir(cache.path()).entryList({"*.sass"}, QDir::Files).size(), 1);
        QCOMPARE(QDir(cache.path()).entryList({"*.tmp"}, QDir::Files | QDir::Hidden).size(), 0);
        // With no nvdisasm anywhere, the second read still works: it comes from the cache.
        QTemporaryDir empty;
        auto second = kl::disassembleCubin(
            cubin.toStdString(), userEnvironment(cache.path(), {{"PATH", empty.path().toStdString()}}));
        QVERIFY2(second, second ? "" : second.error().english().c_str());
        QVERIFY(second->fromCache);
        QCOMPARE(second->tool.path, first->tool.path);
        QCOMPARE(second->tool.version, first->tool.version);
        QCOMPARE(second->sha256, first->sha256);
        QCOMPARE(second->listing.kernels.front().instructions.size(),
                 first->listing.kernels.front().instructions.size());
        // "off" keeps no cache.
        auto uncached = kl::disassembleCubin(cubin.toStdString(), userEnvironment("off"));
        QVERIFY(uncached && !uncached->fromCache);
    }

    // A cubin held in memory (override try's sides) is written to a file of its own only for
    // nvdisasm, and removed after; a cached one is never written.
    void aCubinInMemoryIsWrittenOnlyForNvdisasm()
    {
        QTemporaryDir cache, tmp;
        const QString cubin = cubinsUnder(kFixtures + "/cache").first();
        QFile f(cubin);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QByteArray raw = f.readAll();
        const std::string bytes(raw.constData(), static_cast<std::size_t>(raw.size()));
        const QByteArray oldTmp = qgetenv("TMPDIR");
        auto restore =
            qScopeGuard([&] { oldTmp.isNull() ? qunsetenv("TMPDIR") : qputenv("TMPDIR", oldTmp); });

        qputenv("TMPDIR", tmp.path().toUtf8());
        auto first = kl::disassembleCubinBytes(bytes, "edited.cubin", userEnvironment(cache.path()));
        QVERIFY2(first, first ? "" : first.error().english().c_str());
        QVERIFY(!first->fromCache);
        QCOMPARE(first->cubinPath, std::string("edited.cubin"));
        auto fromFile = kl::disassembleCubin(cubin.toStdString(), userEnvironment("off"));
        QVERIFY(fromFile);
        QCOMPARE(first->sha256, fromFile->sha256);
        QCOMPARE(first->listing.kernels.size(), fromFile->listing.kernels.size());
        QCOMPARE(first->listing.kernels.front().instructions.size(),
                 fromFile->listing.kernels.front().instructions.size());
        QCOMPARE(QDir(tmp.path()).entryList(QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden).size(),
                 0);

        // Where no file can be written, the cached text still comes back: nothing was written.
        qputenv("TMPDIR", (tmp.path() + "/missing").toUtf8());
        auto second = kl::disassembleCubinBytes(bytes, "edited.cubin", userEnvironment(cache.path()));
        QVERIFY2(second, second ? "" : second.error().english().c_str());
        QVERIFY(second->fromCache);
        // Uncached, it must be written, and the error says which cubin and why.
        auto unwritable = kl::disassembleCubinBytes(bytes, "edited.cubin", userEnvironment("off"));
        QVERIFY(!unwritable);
        const QString why = QString::fromStdString(unwritable.error().english());
        QVERIFY2(why.contains("edited.cubin") && why.contains("temporary file") &&
                     why.contains("No such file"),
                 qPrintable(why));

        auto junk = kl::disassembleCubinBytes("not an ELF at all", "junk.cubin", userEnvironment("off"));
        QVERIFY(!junk);
        QVERIFY2(QString::fromStdString(junk.error().english()).startsWith("junk.cubin is not a CUDA cubin"),
                 junk.error().english().c_str());
    }

    void noLineInfoIsSaid()
    {
        QTemporaryDir cache;
        const QString cubin = cubinsUnder(kFixtures + "/nolineinfo").first();
        auto r = kl::disassembleCubin(cubin.toStdString(), userEnvironment(cache.path()));
        QVERIFY(r);
        QVERIFY(!r->listing.hasLineInfo);
        QVERIFY(!r->listing.kernels.front().instructions.empty());
        QCOMPARE(r->notes.size(), std::size_t(1));
        QVERIFY(QString::fromStdString(r->notes.front().english()).contains("no line info"));
        for (const kl::SassInstruction& ins : r->listing.kernels.front().instructions)
            QVERIFY(ins.location().file.empty()); // never a wrong line
    }

    void badNvdisasmsAndBadCubins()
    {
        QTemporaryDir cache, bin;
        const QString cubin = cubinsUnder(kFixtures + "/cache").first();
        const auto fake = [&](const QString& name, const QByteArray& script) {
            const QString p = bin.path() + "/" + name;
            QFile f(p);
            f.open(QIODevice::WriteOnly);
            f.write("#!/bin/sh\nif [ \"$1\" = --version ]; then echo 'Cuda compilation tools, release 13.1, "
                    "V13.1.80'; exit 0; fi\n" +
                    script);
            f.close();
            f.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
            return p.toStdString();
        };
        kl::SassOptions quick;
        quick.timeoutMs = 700;
        // Hangs: killed at the limit, with the limit named.
        auto hung = kl::disassembleCubin(
            cubin.toStdString(),
            userEnvironment(cache.path(), {{"KERNELLENS_NVDISASM", fake("hang", "exec sleep 30\n")}}), quick);
        QVERIFY(!hung);
        QVERIFY2(QString::fromStdString(hung.error().english()).contains("did not finish within"),
                 hung.error().english().c_str());
        // Crashes.
        auto crashed = kl::disassembleCubin(
            cubin.toStdString(),
            userEnvironment(cache.path(), {{"KERNELLENS_NVDISASM", fake("crash", "kill -SEGV $$\n")}}));
        QVERIFY(!crashed);
        QVERIFY2(QString::fromStdString(crashed.error().english()).contains("signal"),
                 crashed.error().english().c_str());
        // Fails with a message: the message is passed on, with the file.
        auto failed = kl::disassembleCubin(
            cubin.toStdString(),
            userEnvironment(cache.path(),
                            {{"KERNELLENS_NVDISASM",
                              fake("fail", "echo 'nvdisasm fatal   : out of cheese' >&2; exit 1\n")}}));
        QVERIFY(!failed);
        const QString why = QString::fromStdString(failed.error().english());
        QVERIFY2(why.contains("out of cheese") && why.contains(cubin) && why.contains("exit code 1"),
                 qPrintable(why));
        // Prints nothing.
        auto silent = kl::disassembleCubin(
            cubin.toStdString(),
            userEnvironment(cache.path(), {{"KERNELLENS_NVDISASM", fake("silent", "exit 0\n")}}));
        QVERIFY(!silent);
        QVERIFY(QString::fromStdString(silent.error().english()).contains("printed no code"));
        // No failure is cached: the silent one's empty text would hide the code for good.
        QCOMPARE(QDir(cache.path()).entryList({"*.sass"}, QDir::Files).size(), 0);

        // A truncated cubin and an ELF that is not CUDA: refused before nvdisasm runs.
        QTemporaryDir work;
        QFile in(cubin);
        QVERIFY(in.open(QIODevice::ReadOnly));
        QFile cut(work.path() + "/cut.cubin");
        QVERIFY(cut.open(QIODevice::WriteOnly));
        cut.write(in.read(300));
        cut.close();
        for (const QString& bad : {cut.fileName(), QStringLiteral("/bin/true")}) {
            auto r = kl::disassembleCubin(bad.toStdString(), userEnvironment(cache.path()));
            QVERIFY(!r);
            QVERIFY2(QString::fromStdString(r.error().english()).contains(bad + " is not a CUDA cubin"),
                     r.error().english().c_str());
        }
    }

    void olderNvdisasmThanTheArch()
    {
        const QString old = nvdisasmInVenv(QStringLiteral(KL_TRITON32_VENV));
        if (old.isEmpty())
            QSKIP("no .venv-triton32 (Triton 3.2 ships nvdisasm 12.4, which predates sm_100)");
        QTemporaryDir cache;
        const QString cubin = cubinsUnder(kFixtures + "/sm100").first();
        auto r = kl::disassembleCubin(
            cubin.toStdString(), userEnvironment(cache.path(), {{"KERNELLENS_NVDISASM", old.toStdString()}}));
        QVERIFY(!r);
        const QString why = QString::fromStdString(r.error().english());
        QVERIFY2(why.contains("older than the sm_100 code") && why.contains(cubin), qPrintable(why));
        // The newer one reads it.
        auto ok = kl::disassembleCubin(cubin.toStdString(), userEnvironment(cache.path()));
        QVERIFY2(ok, ok ? "" : ok.error().english().c_str());
        QCOMPARE(ok->sm, 100u);
    }

    void multiKernelTextHasASectionPerKernel()
    {
        // Two sections as nvdisasm prints them (a multi-kernel NVRTC cubin), with a trailing label each.
        const char* text = R"(
//--------------------- .text.first             --------------------------
	.section	.text.first,"ax",@progbits
first:
.text.first:
        /*0000*/                   MOV R1, c[0x0][0x28] ;
.L_x_0:
        /*0010*/              @!P0 BRA `(.L_x_0) ;
        /*0020*/                   EXIT ;
.L_x_1:
//--------------------- .text.second            --------------------------
second:
.text.second:
        /*0000*/                   EXIT ;
        /*0010*/                   BRA `(.L_x_2);
.L_x_2:
)";
        const kl::SassListing l = kl::parseNvdisasmText(text);
        QCOMPARE(l.kernels.size(), std::size_t(2));
        QCOMPARE(QString::fromStdString(l.kernels[0].name), QStringLiteral("first"));
        QCOMPARE(l.kernels[0].instructions.size(), std::size_t(3));
        QCOMPARE(QString::fromStdString(std::string(l.kernels[0].instructions[1].predicate())),
                 QStringLiteral("@!P0"));
        QCOMPARE(QString::fromStdString(std::string(l.kernels[0].instructions[1].opcode())),
                 QStringLiteral("BRA"));
        QCOMPARE(l.kernels[0].instructions[1].targetOffset.value(), quint64(0x10));
        QCOMPARE(l.kernels[0].labels.size(), std::size_t(2));
        QCOMPARE(l.kernels[0].labels[1].offset, quint64(0x30)); // the end label, after the last row
        QCOMPARE(QString::fromStdString(l.kernels[1].name), QStringLiteral("second"));
        QCOMPARE(l.kernels[1].instructions[1].targetOffset.value(), quint64(0x20));
        QVERIFY(!l.hasLineInfo);
    }

    void klensSassJson()
    {
        QTemporaryDir cache;
        const QString cubin = cubinsUnder(kFixtures + "/cache").first();
        ProcessOptions o;
        o.set = {{"PATH", kVenv + "/bin:/usr/bin:/bin"}, {"KERNELLENS_SASS_CACHE", cache.path()}};
        const ProcessResult r = runKlens({"sass", cubin, "--json"}, o);
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.json.value("schema").toString(), QStringLiteral("kernellens.sass/1"));
        QCOMPARE(r.json.value("nvdisasm").toObject().value("found_by").toString(), QStringLiteral("Triton"));
        const QJsonArray kernels = r.json.value("kernels").toArray();
        QCOMPARE(kernels.size(), 1);
        const QJsonObject k = kernels.first().toObject();
        QCOMPARE(k.value("name").toString(), QStringLiteral("kl_lines_kernel"));
        QVERIFY(k.value("arch").toString() == "sm_80" || k.value("arch").toString() == "sm_90");
        const QList<NvdisasmRow> inlined = readNvdisasm(m_nvdisasm, {"-c", "-gi"}, cubin);
        const QJsonArray ins = k.value("instructions").toArray();
        QCOMPARE(ins.size(), inlined.size());
        for (qsizetype i = 0; i < ins.size(); ++i) {
            const QJsonObject row = ins[i].toObject();
            QCOMPARE(quint64(row.value("offset").toInteger()), inlined[i].offset);
            QStringList chain{QFileInfo(row.value("file").toString()).fileName() + ":" +
                              QString::number(row.value("line").toInt())};
            for (const QJsonValue& at : row.value("inlined_at").toArray())
                chain << QFileInfo(at.toObject().value("file").toString()).fileName() + ":" +
                             QString::number(at.toObject().value("line").toInt());
            QCOMPARE(chain, inlined[i].chain);
        }
        // --kernel with a name the cubin lacks: the names it has.
        const ProcessResult wrong = runKlens({"sass", cubin, "--kernel", "nope"}, o);
        QCOMPARE(wrong.exitCode, 2);
        QVERIFY(wrong.err.contains("kl_lines_kernel"));
    }
};

QTEST_GUILESS_MAIN(TstSass)
#include "tst_sass.moc"
