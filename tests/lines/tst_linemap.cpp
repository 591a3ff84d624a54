// klens lines and core/lines against each stage's own records, followed here with a few regular
// expressions of the test's own: every IR line listed for a source line must carry a location
// whose chain reaches that line, and every line that carries one must be listed.

#include "core/lines/linemap.h"
#include "core/scan/cachescanner.h"
#include "tests/support/fakeenvironment.h"
#include "tests/support/klensprocess.h"
#include "tests/support/nvdisasmtext.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QRegularExpression>
#include <QSet>
#include <QTemporaryDir>
#include <QTest>
#include <sys/stat.h>
#include <utime.h>

namespace {

const QString kFixtures = QStringLiteral(KL_LINES_FIXTURES);

using Places = QSet<QString>; // "kernels.py:28"

kl::Entry scanOne(const QString& folder)
{
    const kl::CacheScanner scanner;
    bool vanished = false;
    return scanner.scanOne(folder.section('/', 0, -2).toStdString(), folder.section('/', -1).toStdString(),
                           vanished);
}

QStringList entries()
{
    QStringList out;
    for (const QString& d : QDir(kFixtures + "/cache").entryList(QDir::Dirs | QDir::NoDotAndDotDot))
        out << kFixtures + "/cache/" + d;
    return out;
}

QStringList readLines(const QString& path)
{
    QFile f(path);
    f.open(QIODevice::ReadOnly);
    QStringList l = QString::fromUtf8(f.readAll()).split('\n');
    if (!l.isEmpty() && l.last().isEmpty())
        l.removeLast();
    return l;
}

QString place(const QString& file, const QString& line)
{
    return QFileInfo(file).fileName() + ":" + line;
}

/// MLIR: every "file":line a line's last loc(...) reaches through #loc definitions, whatever the
/// structure (callsite, fused, names): the set a chain of the line may name.
QList<Places> mlirPlaces(const QStringList& lines)
{
    static const QRegularExpression kDef(R"(^(#loc\d*) = loc\((.*)\)\s*$)");
    static const QRegularExpression kRef(R"(#loc\d*)");
    static const QRegularExpression kFile(R"re("([^"]+)":(\d+):\d+)re");
    QHash<QString, QString> defs;
    for (const QString& l : lines)
        if (auto m = kDef.match(l); m.hasMatch())
            defs.insert(m.captured(1), m.captured(2));
    QHash<QString, Places> memo;
    std::function<Places(const QString&, int)> expand = [&](const QString& expr, int depth) {
        Places out;
        if (depth > 64)
            return out;
        auto files = kFile.globalMatch(expr);
        while (files.hasNext()) {
            auto m = files.next();
            if (m.captured(2) != "0")
                out.insert(place(m.captured(1), m.captured(2)));
        }
        auto refs = kRef.globalMatch(expr);
        while (refs.hasNext()) {
            const QString name = refs.next().captured(0);
            if (!memo.contains(name))
                memo.insert(name, expand(defs.value(name), depth + 1));
            out.unite(memo.value(name));
        }
        return out;
    };
    QList<Places> out;
    for (const QString& l : lines) {
        const qsizetype at = l.lastIndexOf("loc(");
        out.push_back(kDef.match(l).hasMatch() || at < 0 ? Places() : expand(l.mid(at), 0));
    }
    return out;
}

/// LLVM: !dbg !N, then DILocation lines through inlinedAt; files through the scope's DIFile.
QList<Places> llvmPlaces(const QStringList& lines)
{
    static const QRegularExpression kNode(R"(^!(\d+) = (?:distinct )?(.*)$)");
    QHash<QString, QString> nodes;
    for (const QString& l : lines)
        if (auto m = kNode.match(l); m.hasMatch())
            nodes.insert(m.captured(1), m.captured(2));
    const auto fieldOf = [](const QString& node, const QString& name) {
        auto m = QRegularExpression("[( ]" + name + R"re(: (?:!(\d+)|"([^"]*)"|(\d+)))re").match(node);
        return m.hasMatch() ? m.captured(1) + m.captured(2) + m.captured(3) : QString();
    };
    const auto fileOf = [&](QString scope) {
        for (int i = 0; i < 64 && !scope.isEmpty(); ++i) {
            const QString node = nodes.value(scope);
            if (const QString f = fieldOf(node, "file"); !f.isEmpty())
                return fieldOf(nodes.value(f), "filename");
            scope = fieldOf(node, "scope");
        }
        return QString();
    };
    QList<Places> out;
    static const QRegularExpression kDbg(R"(!dbg !(\d+))");
    for (const QString& l : lines) {
        Places p;
        auto m = kDbg.match(l);
        if (m.hasMatch() && !l.startsWith("define") && !l.startsWith("!")) {
            QString id = m.captured(1);
            for (int i = 0; i < 64 && nodes.value(id).startsWith("!DILocation("); ++i) {
                const QString node = nodes.value(id);
                p.insert(place(fileOf(fieldOf(node, "scope")), fieldOf(node, "line")));
                id = fieldOf(node, "inlinedAt");
            }
        }
        out.push_back(p);
    }
    return out;
}

/// PTX: the .loc in force over an instruction, its inlined_at, and where that was inlined.
QList<Places> ptxPlaces(const QStringList& lines)
{
    static const QRegularExpression kLoc(
        R"(^\s*\.loc\s+(\d+) (\d+) (\d+)(?:.*inlined_at (\d+) (\d+) (\d+))?)");
    static const QRegularExpression kFile(R"re(^\s*\.file\s+(\d+) "([^"]+)")re");
    QHash<QString, QString> files, outer;
    for (const QString& l : lines) {
        if (auto m = kFile.match(l); m.hasMatch())
            files.insert(m.captured(1), m.captured(2));
        if (auto m = kLoc.match(l); m.hasMatch() && !m.captured(4).isEmpty())
            outer.insert(m.captured(1) + " " + m.captured(2) + " " + m.captured(3),
                         m.captured(4) + " " + m.captured(5) + " " + m.captured(6));
    }
    const auto at = [&](const QString& key) {
        const QStringList f = key.split(' ');
        return place(files.value(f[0]), f[1]);
    };
    QList<Places> out;
    Places current;
    for (const QString& raw : lines) {
        const QString l = raw.section("//", 0, 0).trimmed();
        if (auto m = kLoc.match(raw); m.hasMatch()) {
            current.clear();
            if (m.captured(2) != "0") {
                QString key = m.captured(1) + " " + m.captured(2) + " " + m.captured(3);
                current.insert(at(key));
                for (int i = 0; i < 64 && (i == 0 ? !m.captured(4).isEmpty() : outer.contains(key)); ++i) {
                    key =
                        i == 0 ? m.captured(4) + " " + m.captured(5) + " " + m.captured(6) : outer.value(key);
                    current.insert(at(key));
                }
            }
            out.push_back({});
            continue;
        }
        if (l.startsWith("}"))
            current.clear();
        out.push_back(l.endsWith(';') && !l.startsWith('.') ? current : Places());
    }
    return out;
}

/// The map turned around: stage line (1-based) -> the places listed for it.
QHash<unsigned, Places> listedFor(const kl::LineMap& map, const std::string& stage)
{
    QHash<unsigned, Places> out;
    for (const kl::LineMapRow& row : map.rows)
        if (auto it = row.stages.find(stage); it != row.stages.end())
            for (unsigned l : it->second)
                out[l].insert(
                    place(QString::fromStdString(row.source.file), QString::number(row.source.line)));
    return out;
}

kl::Environment userEnvironment(const QString& sassCache)
{
    return fakeEnvironment({{"PATH", std::string(KL_TRITON_VENV) + "/bin:/usr/bin:/bin"},
                            {"KERNELLENS_SASS_CACHE", sassCache.toStdString()}},
                           "/nonexistent-home");
}

} // namespace

class TstLineMap : public QObject {
    Q_OBJECT
private slots:
    void everyStageLineReachesItsSourceLines()
    {
        QCOMPARE(entries().size(), 2);
        for (const QString& folder : entries()) {
            QTemporaryDir sassCache;
            const kl::Entry entry = scanOne(folder);
            kl::LineMapOptions options;
            options.sass = false;
            auto map = kl::buildLineMap(entry, userEnvironment(sassCache.path()), options);
            QVERIFY2(map, map ? "" : map.error().english().c_str());
            QVERIFY2(map->notes.empty(), map->notes.empty() ? "" : map->notes.front().english().c_str());
            const QList<std::pair<QString, std::function<QList<Places>(const QStringList&)>>> stages = {
                {"source", mlirPlaces},
                {"ttir", mlirPlaces},
                {"ttgir", mlirPlaces},
                {"llir", llvmPlaces},
                {"ptx", ptxPlaces}};
            for (const auto& [stage, reader] : stages) {
                const QStringList lines = readLines(folder + "/kl_lines_kernel." + stage);
                QVERIFY(!lines.isEmpty());
                const QList<Places> expected = reader(lines);
                const QHash<unsigned, Places> listed = listedFor(*map, stage.toStdString());
                int located = 0, inlined = 0;
                for (qsizetype i = 0; i < lines.size(); ++i) {
                    const Places want = expected[i];
                    const Places got = listed.value(unsigned(i + 1));
                    QVERIFY2(
                        want == got,
                        qPrintable(QString("%1 line %2: the stage reaches {%3}, the map lists {%4}\n  %5")
                                       .arg(stage)
                                       .arg(i + 1)
                                       .arg(QStringList(want.values()).join(", "))
                                       .arg(QStringList(got.values()).join(", "))
                                       .arg(lines[i])));
                    located += want.isEmpty() ? 0 : 1;
                    inlined += want.size() > 1 ? 1 : 0;
                }
                // The fixture's helpers and tl.sum: most lines are located, and from TTIR on (once
                // the helpers are inlined) many through a call.
                QVERIFY2(located > 20, qPrintable(stage + " " + QString::number(located)));
                if (stage != "source")
                    QVERIFY2(inlined > 3, qPrintable(stage + " " + QString::number(inlined)));
            }
        }
    }

    void sassRowsAreNvdisasmsChains()
    {
        const QString nvdisasm = nvdisasmInVenv(QStringLiteral(KL_TRITON_VENV));
        if (nvdisasm.isEmpty())
            QSKIP("no nvdisasm in .venv-triton (scripts/triton-venv.sh)");
        QTemporaryDir sassCache;
        const QString folder = entries().first();
        auto map = kl::buildLineMap(scanOne(folder), userEnvironment(sassCache.path()));
        QVERIFY2(map, map ? "" : map.error().english().c_str());
        QVERIFY(map->stages.back() == "sass");
        QHash<quint64, Places> listed;
        for (const kl::LineMapRow& row : map->rows)
            for (std::uint64_t off : row.sass)
                listed[off].insert(
                    place(QString::fromStdString(row.source.file), QString::number(row.source.line)));
        const QList<NvdisasmRow> rows =
            readNvdisasm(nvdisasm, {"-c", "-gi"}, folder + "/kl_lines_kernel.cubin");
        QVERIFY(rows.size() > 50);
        for (const NvdisasmRow& r : rows)
            QCOMPARE(listed.value(r.offset), Places(r.chain.begin(), r.chain.end()));
        // The expensive lines stand out: the helper's reduction line produced more than its call.
        int reduce = 0;
        for (const kl::LineMapRow& row : map->rows)
            if (QFileInfo(QString::fromStdString(row.source.file)).fileName() == "standard.py")
                reduce += int(row.sass.size());
        QVERIFY(reduce > 0);
    }

    // Cut-off IR, a changed and a vanished source file: notes and marks, never a wrong line.
    void badInput()
    {
        QTemporaryDir dir;
        const QString folder = entries().first();
        const QString copy = dir.path() + "/" + QFileInfo(folder).fileName();
        QVERIFY(QDir().mkpath(copy));
        const QString src = dir.path() + "/src";
        QVERIFY(QDir().mkpath(src));
        QVERIFY(QFile::copy(kFixtures + "/kernels.py", src + "/kernels.py"));
        // The recorded folder of kernels.py becomes `src`, so the test owns the file.
        const QString recorded = [&] {
            const QString first = readLines(folder + "/kl_lines_kernel.ttir").first();
            return QFileInfo(first.section('"', 1, 1)).path();
        }();
        for (const QString& f : QDir(folder).entryList(QDir::Files)) {
            QFile in(folder + "/" + f);
            QVERIFY(in.open(QIODevice::ReadOnly));
            QByteArray bytes = in.readAll();
            if (!f.endsWith(".cubin"))
                bytes.replace(recorded.toUtf8(), src.toUtf8());
            QFile out(copy + "/" + f);
            QVERIFY(out.open(QIODevice::WriteOnly));
            out.write(bytes);
        }
        // Cut the TTIR in half: the #loc definitions at its end are gone.
        {
            const QStringList l = readLines(copy + "/kl_lines_kernel.ttir");
            QFile f(copy + "/kl_lines_kernel.ttir");
            QVERIFY(f.open(QIODevice::WriteOnly | QIODevice::Truncate));
            f.write(l.mid(0, l.size() / 2).join('\n').toUtf8());
        }
        // The entry was written long ago; kernels.py now: it changed after the compile.
        for (const QString& f : QDir(copy).entryList(QDir::Files)) {
            utimbuf old{946684800, 946684800}; // 2000-01-01
            QCOMPARE(::utime(QFile::encodeName(copy + "/" + f).constData(), &old), 0);
        }
        kl::LineMapOptions options;
        options.sass = false;
        QTemporaryDir sassCache;
        auto map = kl::buildLineMap(scanOne(copy), userEnvironment(sassCache.path()), options);
        QVERIFY(map);
        QString notes;
        for (const kl::Text& n : map->notes)
            notes += QString::fromStdString(n.english()) + "\n";
        QVERIFY2(notes.contains("kl_lines_kernel.ttir refers") && notes.contains("cut off"),
                 qPrintable(notes));
        // What the cut TTIR still lists, it lists right.
        const QStringList ttir = readLines(copy + "/kl_lines_kernel.ttir");
        const QList<Places> expected = mlirPlaces(ttir);
        const QHash<unsigned, Places> listed = listedFor(*map, "ttir");
        for (auto it = listed.begin(); it != listed.end(); ++it) {
            Places extra = it.value();
            QVERIFY(extra.subtract(expected[qsizetype(it.key()) - 1]).isEmpty());
        }
        const auto fileState = [&](const QString& name) {
            for (const kl::LineMapFile& f : map->files)
                if (QFileInfo(QString::fromStdString(f.path)).fileName() == name)
                    return std::make_pair(f.exists, f.changed);
            return std::make_pair(false, false);
        };
        QCOMPARE(fileState("kernels.py"), std::make_pair(true, true));
        // Now the source is gone.
        QVERIFY(QFile::remove(src + "/kernels.py"));
        map = kl::buildLineMap(scanOne(copy), userEnvironment(sassCache.path()), options);
        QVERIFY(map);
        QCOMPARE(fileState("kernels.py"), std::make_pair(false, false));

        // An entry with no stage that records lines is an error that names it.
        QTemporaryDir empty;
        const QString bare = empty.path() + "/" + QFileInfo(folder).fileName();
        QVERIFY(QDir().mkpath(bare));
        QVERIFY(QFile::copy(folder + "/kl_lines_kernel.json", bare + "/kl_lines_kernel.json"));
        auto none = kl::buildLineMap(scanOne(bare), userEnvironment(sassCache.path()), options);
        QVERIFY(!none);
        QVERIFY(QString::fromStdString(none.error().english()).contains(bare));
    }

    void klensLinesJson()
    {
        QTemporaryDir sassCache;
        const QString folder = entries().first();
        ProcessOptions o;
        o.set = {{"PATH", QStringLiteral(KL_TRITON_VENV "/bin:/usr/bin:/bin")},
                 {"KERNELLENS_SASS_CACHE", sassCache.path()}};
        const ProcessResult r = runKlens({"lines", folder, "--json"}, o);
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.json.value("schema").toString(), QStringLiteral("kernellens.lines/1"));
        const QJsonArray lines = r.json.value("lines").toArray();
        QVERIFY(lines.size() > 10);
        // kernels.py:28 calls _scaled (line 11): both have TTGIR lines; the helper's are a subset
        // of the call's, since every helper line was inlined at the call.
        QJsonObject call, helper;
        for (const QJsonValue& v : lines) {
            const QJsonObject row = v.toObject();
            if (row.value("file").toString().endsWith("kernels.py") && row.value("line").toInt() == 28)
                call = row;
            if (row.value("file").toString().endsWith("kernels.py") && row.value("line").toInt() == 11)
                helper = row;
        }
        QVERIFY(!call.isEmpty() && !helper.isEmpty());
        const QJsonArray callLines = call.value("stages").toObject().value("ttgir").toArray();
        for (const QJsonValue& l : helper.value("stages").toObject().value("ttgir").toArray())
            QVERIFY(callLines.contains(l));
        QVERIFY(!helper.value("sass").toArray().isEmpty());
        const ProcessResult text = runKlens({"lines", folder, "--no-sass"}, o);
        QCOMPARE(text.exitCode, 0);
        QVERIFY(text.out.contains("kernels.py"));
        // The kernel's Python where it is now (the fixture's copy): its lines print beside the counts.
        const QString py = kFixtures + "/kernels.py";
        const QString line28 = readLines(py).value(27).trimmed();
        QVERIFY(!line28.isEmpty());
        const ProcessResult moved = runKlens({"lines", folder, "--no-sass", "--source", py}, o);
        QCOMPARE(moved.exitCode, 0);
        QVERIFY2(moved.out.contains("(read from " + QFileInfo(py).absoluteFilePath().toUtf8() + ")"),
                 moved.out.constData());
        const QString row28 =
            QString::fromUtf8(moved.out).split('\n').filter(QRegularExpression("^\\s+28 ")).value(0);
        QVERIFY2(row28.endsWith(line28), qPrintable(row28));
        // A file the entry does not record, or one that is not there: an error naming it.
        const ProcessResult wrong =
            runKlens({"lines", folder, "--no-sass", "--source", kFixtures + "/compile.py"}, o);
        QCOMPARE(wrong.exitCode, 2);
        QVERIFY2(wrong.err.contains("records no source file compile.py"), wrong.err.constData());
        const ProcessResult gone =
            runKlens({"lines", folder, "--no-sass", "--source", "/nonexistent/kernels.py"}, o);
        QCOMPARE(gone.exitCode, 2);
        QVERIFY2(gone.err.contains("/nonexistent/kernels.py is not a readable file"), gone.err.constData());
    }
};

QTEST_GUILESS_MAIN(TstLineMap)
#include "tst_linemap.moc"
