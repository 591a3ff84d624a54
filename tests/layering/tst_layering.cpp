// The layering written in ARCHITECTURE.md, enforced: every #include in core/, gpu/ and app/ is
// resolved to the folder it names, and a folder may include only folders on earlier lines of the
// "Layers" block (its own files aside). Core and gpu include no Qt header. An include outside the
// includer's own folder is written from the repository root, so it names the layer it reaches.

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QMap>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

namespace {

const QString kSource = QStringLiteral(KL_SOURCE_DIR);

QString readText(const QString& path)
{
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QString::fromUtf8(f.readAll());
}

// The fenced block after the "<!-- layers -->" marker: one layer a line, folders separated by
// spaces, lowest layer first. Returns folder -> line index.
QMap<QString, int> parseLayers(const QString& markdown, QString& error)
{
    QMap<QString, int> layers;
    const int marker = markdown.indexOf(QLatin1String("<!-- layers -->"));
    if (marker < 0) {
        error = QStringLiteral("no <!-- layers --> block");
        return layers;
    }
    const int open = markdown.indexOf(QLatin1String("```"), marker);
    const int close = markdown.indexOf(QLatin1String("```"), open + 3);
    if (open < 0 || close < 0) {
        error = QStringLiteral("the layers block is not fenced with ```");
        return layers;
    }
    const QStringList lines = markdown.mid(open + 3, close - open - 3).split(QLatin1Char('\n'));
    int layer = 0;
    for (QString line : lines) {
        line = line.section(QLatin1Char('#'), 0, 0).trimmed(); // '#' starts a comment
        if (line.isEmpty())
            continue;
        for (const QString& folder : line.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
            if (layers.contains(folder))
                error = QStringLiteral("%1 is listed twice").arg(folder);
            layers.insert(folder, layer);
        }
        ++layer;
    }
    return layers;
}

// The unit a source file belongs to: core/<folder>, gpu, app/cli or app/gui (its subfolders are
// one unit: the GUI's own order is its folders' business).
QString unitOf(const QString& relPath)
{
    const QStringList parts = relPath.split(QLatin1Char('/'));
    if (parts.value(0) == QLatin1String("gpu"))
        return QStringLiteral("gpu");
    return parts.value(0) + QLatin1Char('/') + parts.value(1);
}

// Where #include "x" resolves from `relPath`, as the build finds it: the including file's own
// folder, then the one include root, the repository. Empty when the header is not in the tree
// (generated files, moc output).
QString resolve(const QString& root, const QString& relPath, const QString& include)
{
    for (const QString& base : {QFileInfo(relPath).path(), QString()}) {
        const QString candidate =
            QDir::cleanPath(base.isEmpty() ? include : base + QLatin1Char('/') + include);
        if (QFileInfo::exists(root + QLatin1Char('/') + candidate))
            return candidate;
    }
    return {};
}

// An include that is not in the includer's own folder must name its layer from the repository
// root ("core/trace/tracejoin.h", not "trace/tracejoin.h" or "../trace/tracejoin.h"). Returns why
// `include` breaks that rule, or nothing.
QString unrootedBecause(const QString& root, const QString& relPath, const QString& include)
{
    const QString dir = QFileInfo(relPath).path();
    if (QFileInfo::exists(root + QLatin1Char('/') + dir + QLatin1Char('/') + include)) {
        if (!include.contains(QLatin1Char('/')))
            return {}; // its own folder
        return QStringLiteral("is reached from its includer's folder");
    }
    if (QFileInfo::exists(root + QLatin1Char('/') + include))
        return {};
    for (const QString& oldRoot : {QStringLiteral("core"), QStringLiteral("gpu"), QStringLiteral("app/gui"),
                                   QStringLiteral("app/cli"), QStringLiteral("tests/support")})
        if (QFileInfo::exists(root + QLatin1Char('/') + oldRoot + QLatin1Char('/') + include))
            return QStringLiteral("omits its top folder %1/").arg(oldRoot);
    return {};
}

struct Report {
    QStringList violations;
    QStringList unplaced; ///< units that the layers block does not name
    int includes = 0;
};

Report check(const QString& root, const QMap<QString, int>& layers)
{
    static const QRegularExpression includeRe(QStringLiteral("^\\s*#\\s*include\\s*([<\"])([^\">]+)[\">]"),
                                              QRegularExpression::MultilineOption);
    Report r;
    for (const QString& top : {QStringLiteral("core"), QStringLiteral("gpu"), QStringLiteral("app")}) {
        QDirIterator it(root + QLatin1Char('/') + top, {QStringLiteral("*.h"), QStringLiteral("*.cpp")},
                        QDir::Files, QDirIterator::Subdirectories);
        while (it.hasNext()) {
            const QString rel = QDir(root).relativeFilePath(it.next());
            const QString unit = unitOf(rel);
            if (!layers.contains(unit)) {
                if (!r.unplaced.contains(unit))
                    r.unplaced << unit;
                continue;
            }
            const bool plain = !unit.startsWith(QLatin1String("app/"));
            auto matches = includeRe.globalMatch(readText(it.filePath()));
            while (matches.hasNext()) {
                const auto m = matches.next();
                const QString include = m.captured(2);
                ++r.includes;
                if (m.captured(1) == QLatin1String("<")) {
                    if (plain &&
                        (include.startsWith(QLatin1Char('Q')) || include.startsWith(QLatin1String("qt"))))
                        r.violations << QStringLiteral("%1 includes Qt's <%2>: core and gpu are plain C++")
                                            .arg(rel, include);
                    continue;
                }
                if (const QString why = unrootedBecause(root, rel, include); !why.isEmpty()) {
                    r.violations << QStringLiteral("%1 includes \"%2\", which %3: write it from the "
                                                   "repository root")
                                        .arg(rel, include, why);
                    continue;
                }
                const QString target = resolve(root, rel, include);
                if (target.isEmpty())
                    continue;
                const QString targetUnit = unitOf(target);
                if (targetUnit == unit)
                    continue;
                if (!layers.contains(targetUnit) || layers[targetUnit] >= layers[unit])
                    r.violations << QStringLiteral("%1 includes \"%2\" (%3, layer %4) from %5 (layer %6)")
                                        .arg(rel, include, targetUnit)
                                        .arg(layers.value(targetUnit, -1) + 1)
                                        .arg(unit)
                                        .arg(layers[unit] + 1);
            }
        }
    }
    return r;
}

void writeFile(const QString& path, const QByteArray& text)
{
    QDir().mkpath(QFileInfo(path).path());
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(text);
}

} // namespace

class TstLayering : public QObject {
    Q_OBJECT

private slots:
    void theTreeKeepsTheLayersOfArchitectureMd()
    {
        QString error;
        const auto layers = parseLayers(readText(kSource + QStringLiteral("/ARCHITECTURE.md")), error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        QVERIFY(layers.contains(QStringLiteral("core/util")));
        const Report r = check(kSource, layers);
        QVERIFY2(r.includes > 500, qPrintable(QString::number(r.includes))); // the tree was read
        QVERIFY2(r.unplaced.isEmpty(),
                 qPrintable(QStringLiteral("not in ARCHITECTURE.md's layers: ") + r.unplaced.join(u' ')));
        QVERIFY2(r.violations.isEmpty(), qPrintable(r.violations.join(u'\n')));
    }

    // The checker itself: an upward include, a sibling on the same layer and a Qt header in core
    // are each reported; a downward include and a file's own folder are not.
    void theCheckerFindsWhatBreaksTheLayers()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString root = dir.path();
        const QMap<QString, int> layers{{QStringLiteral("core/util"), 0},
                                        {QStringLiteral("core/scan"), 1},
                                        {QStringLiteral("core/storage"), 1},
                                        {QStringLiteral("gpu"), 2},
                                        {QStringLiteral("app/gui"), 3}};
        writeFile(root + "/core/util/a.h", "#include \"core/scan/b.h\"\n#include \"c.h\"\n");
        writeFile(root + "/core/util/c.h", "#include <QString>\n");
        writeFile(root + "/core/scan/b.h", "#include \"core/util/a.h\"\n#include \"core/storage/d.h\"\n");
        writeFile(root + "/core/storage/d.h", "#include \"core/util/c.h\"\n");
        writeFile(root + "/gpu/g.h", "#include \"core/storage/d.h\"\n#include \"g2.h\"\n");
        writeFile(root + "/gpu/g2.h", "\n");
        writeFile(root + "/app/gui/w.h",
                  "#include <QWidget>\n#include \"gpu/g.h\"\n#include \"missing.h\"\n#include \"sub/v.h\"\n");
        writeFile(root + "/app/gui/sub/v.h", "#include \"util/c.h\"\n#include \"../w.h\"\n");
        writeFile(root + "/core/fresh/x.h", "\n");
        const Report r = check(root, layers);
        QCOMPARE(r.unplaced, QStringList{QStringLiteral("core/fresh")});
        QCOMPARE(r.violations.size(), 6);
        QVERIFY(r.violations.filter(QStringLiteral("core/util/a.h includes \"core/scan/b.h\"")).size() == 1);
        QVERIFY(r.violations.filter(QStringLiteral("core/scan/b.h includes \"core/storage/d.h\"")).size() ==
                1);
        QVERIFY(r.violations.filter(QStringLiteral("core/util/c.h includes Qt's <QString>")).size() == 1);
        // Includes that do not name their layer from the repository root.
        QVERIFY(r.violations.filter(QStringLiteral("app/gui/w.h includes \"sub/v.h\", which is reached from"))
                    .size() == 1);
        QVERIFY(r.violations.filter(QStringLiteral("includes \"util/c.h\", which omits its top folder core/"))
                    .size() == 1);
        QVERIFY(r.violations.filter(QStringLiteral("includes \"../w.h\", which is reached from")).size() ==
                1);
    }

    void aMalformedBlockIsAnError()
    {
        QString error;
        parseLayers(QStringLiteral("# Architecture\nno block here\n"), error);
        QVERIFY(!error.isEmpty());
        error.clear();
        parseLayers(QStringLiteral("<!-- layers -->\n```\ncore/util\ncore/util\n```\n"), error);
        QVERIFY(error.contains(QStringLiteral("twice")));
    }
};

QTEST_GUILESS_MAIN(TstLayering)
#include "tst_layering.moc"
