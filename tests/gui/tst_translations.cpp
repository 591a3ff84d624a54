// The GUI's translations: every message of translations/kernellens_<lang>.ts translated (placeholders,
// accelerators and plural forms kept), the English plural forms (kernellens_en.ts, lupdate -pluralonly:
// "%n entry" / "%n entries"), the .ts files current with the sources (lupdate run through
// scripts/update-translations.sh into a temporary copy), the .qm files embedded in kl_gui, and
// installLanguage()/chosenLanguage() (app/gui/common/translation.h).
#include "app/gui/common/coretext.h"
#include "app/gui/common/translation.h"
#include "app/gui/dialogs/cleandialog.h"
#include "app/gui/dialogs/jobdialog.h"
#include "app/gui/entries/entrytext.h"
#include "app/gui/mainwindow.h"
#include "core/doctor/doctor.h"
#include "core/env/cacheroots.h"
#include "core/explain/entrycomparison.h"
#include "core/fs/folderhealth.h"
#include "core/nvrtc/recompile.h"
#include "core/scan/cachescanner.h"
#include "gpu/gpustatus.h"

#include <QCoreApplication>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileInfo>
#include <QLibraryInfo>
#include <QLocale>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QXmlStreamReader>
#include <QtTest>

using namespace kl;
using namespace kl::gui;

namespace {

// The full translations; kernellens_en.ts holds only the English plural forms of the %n messages.
const QStringList kTsLanguages = {QStringLiteral("de"), QStringLiteral("zh_CN")};
const QStringList kTsFiles = {QStringLiteral("en"), QStringLiteral("de"), QStringLiteral("zh_CN")};

QString sourceDir()
{
    return QStringLiteral(KL_SOURCE_DIR);
}

QString tsPath(const QString& dir, const QString& lang)
{
    return dir + QStringLiteral("/kernellens_") + lang + QStringLiteral(".ts");
}

struct Message {
    QString context;
    QString source;
    QString comment;
    bool numerus = false;
    QString type;             // the translation's type attribute: "", "unfinished", "vanished", "obsolete"
    QStringList translations; // one, or the numerus forms
    QString key() const
    {
        return context + QLatin1Char('\x1f') + source + QLatin1Char('\x1f') + comment +
               (numerus ? QStringLiteral("\x1fN") : QString());
    }
    QString label() const
    {
        QString s = source;
        s.replace(QLatin1Char('\n'), QLatin1String("\\n"));
        return context + QStringLiteral(": \"") + s + QLatin1Char('"');
    }
};

struct TsFile {
    QString language;
    QList<Message> messages;
    QString error;
};

TsFile readTs(const QString& path)
{
    TsFile ts;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly)) {
        ts.error = QStringLiteral("cannot open %1: %2").arg(path, f.errorString());
        return ts;
    }
    QXmlStreamReader xml(&f);
    QString context;
    Message m;
    bool inMessage = false;
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement()) {
            const auto name = xml.name();
            if (name == QLatin1String("TS")) {
                ts.language = xml.attributes().value(QLatin1String("language")).toString();
            } else if (name == QLatin1String("name") && !inMessage) {
                context = xml.readElementText();
            } else if (name == QLatin1String("message")) {
                inMessage = true;
                m = Message{};
                m.context = context;
                m.numerus = xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes");
            } else if (inMessage && name == QLatin1String("source")) {
                m.source = xml.readElementText();
            } else if (inMessage && name == QLatin1String("comment")) {
                m.comment = xml.readElementText();
            } else if (inMessage && name == QLatin1String("translation")) {
                m.type = xml.attributes().value(QLatin1String("type")).toString();
                if (!m.numerus)
                    m.translations << xml.readElementText();
            } else if (inMessage && name == QLatin1String("numerusform")) {
                m.translations << xml.readElementText();
            }
        } else if (xml.isEndElement() && xml.name() == QLatin1String("message")) {
            inMessage = false;
            ts.messages << m;
        }
    }
    if (xml.hasError())
        ts.error = QStringLiteral("%1:%2: %3").arg(path).arg(xml.lineNumber()).arg(xml.errorString());
    return ts;
}

// %1..%99 and %n, with or without L, as a set.
QSet<QString> placeholders(const QString& s)
{
    static const QRegularExpression re(QStringLiteral("%L?([1-9][0-9]?|n)"));
    QSet<QString> out;
    for (auto it = re.globalMatch(s); it.hasNext();)
        out.insert(it.next().captured(0));
    return out;
}

// Whether s has a mnemonic: a single & before a character ("&&" is a literal ampersand).
bool hasAccelerator(const QString& s)
{
    for (qsizetype i = 0; i + 1 < s.size(); ++i) {
        if (s[i] != QLatin1Char('&'))
            continue;
        if (s[i + 1] == QLatin1Char('&')) {
            ++i;
            continue;
        }
        if (!s[i + 1].isSpace())
            return true;
    }
    return false;
}

QStringList sorted(QStringList l)
{
    l.sort();
    return l;
}

QString lupdatePath()
{
    QStringList candidates = {QStringLiteral(KL_LUPDATE),
                              QLibraryInfo::path(QLibraryInfo::BinariesPath) + QStringLiteral("/lupdate"),
                              QLibraryInfo::path(QLibraryInfo::LibraryExecutablesPath) +
                                  QStringLiteral("/lupdate"),
                              QStringLiteral("/usr/lib/qt6/bin/lupdate"),
                              QStandardPaths::findExecutable(QStringLiteral("lupdate6")),
                              QStandardPaths::findExecutable(QStringLiteral("lupdate"))};
    for (const QString& c : candidates)
        if (!c.isEmpty() && QFileInfo(c).isExecutable())
            return c;
    return {};
}

// Counts QEvent::LanguageChange reaching the application.
class LanguageChangeCounter : public QObject {
public:
    int count = 0;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (watched == QCoreApplication::instance() && event->type() == QEvent::LanguageChange)
            ++count;
        return false;
    }
};

// MainWindow's status bar after Edit > Copy, in the context the class has at run time.
QString copiedLines(int n)
{
    return QCoreApplication::translate("kl::gui::MainWindow", "Copied %n line(s)", nullptr, n);
}

QString findings(int n)
{
    return QCoreApplication::translate("kl::gui::EntryDoctorView", "%n finding(s) for this entry.", nullptr,
                                       n);
}

} // namespace

class TstTranslations : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("KernelLensTest"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_translations"));
        qunsetenv("KERNELLENS_LANG");
    }

    void cleanup()
    {
        installLanguage(QStringLiteral("en"));
        qunsetenv("KERNELLENS_LANG");
        QSettings().remove(QStringLiteral("language"));
    }

    // First, while nothing is installed: English at start-up (main.cpp installs
    // chosenLanguage()) installs the English plural forms although English is the source language.
    void englishPluralsAtStartUp()
    {
        if (copiedLines(1) != QLatin1String("Copied 1 line(s)"))
            QSKIP("a translator was installed before this test (run it first, as declared)");
        QCOMPARE(currentLanguage(), QStringLiteral("en"));
        qputenv("KERNELLENS_LANG", "en_US.UTF-8");
        QString error;
        QVERIFY2(installLanguage(chosenLanguage(), &error), qPrintable(error));
        QCOMPARE(currentLanguage(), QStringLiteral("en"));
        QCOMPARE(copiedLines(1), QStringLiteral("Copied 1 line"));
        QCOMPARE(copiedLines(2), QStringLiteral("Copied 2 lines"));
        QCOMPARE(findings(1), QStringLiteral("1 finding for this entry."));
        QCOMPARE(findings(0), QStringLiteral("0 findings for this entry."));
        // Non-plural strings stay the source text.
        QCOMPARE(CleanDialog::tr("Clean Cache"), QStringLiteral("Clean Cache"));
    }

    void everyMessageTranslated_data()
    {
        QTest::addColumn<QString>("lang");
        for (const QString& l : kTsLanguages)
            QTest::newRow(qPrintable(l)) << l;
    }

    // (a) No unfinished, vanished or obsolete message, no empty translation; the same
    // placeholders, accelerator and trailing newline as the source; the language's plural forms.
    void everyMessageTranslated()
    {
        QFETCH(QString, lang);
        const TsFile ts = readTs(tsPath(sourceDir() + QStringLiteral("/translations"), lang));
        QVERIFY2(ts.error.isEmpty(), qPrintable(ts.error));
        QVERIFY2(QLocale(ts.language).language() == QLocale(lang).language() &&
                     QLocale(ts.language).script() == QLocale(lang).script(),
                 qPrintable(QStringLiteral("language=\"%1\", want %2").arg(ts.language, lang)));
        QVERIFY(ts.messages.size() > 100);
        const qsizetype forms = lang == QLatin1String("de") ? 2 : 1;
        QStringList problems;
        for (const Message& m : ts.messages) {
            if (!m.type.isEmpty()) {
                problems << m.type + QStringLiteral(": ") + m.label();
                continue;
            }
            if (m.numerus && m.translations.size() != forms)
                problems
                    << QStringLiteral("%1 plural forms, want %2: ").arg(m.translations.size()).arg(forms) +
                           m.label();
            for (const QString& t : m.translations) {
                if (t.isEmpty()) {
                    problems << QStringLiteral("empty translation: ") + m.label();
                    continue;
                }
                const QSet<QString> want = placeholders(m.source);
                const QSet<QString> got = placeholders(t);
                if (want != got)
                    problems
                        << QStringLiteral("placeholders %1 in the translation \"%2\", want %3: ")
                                   .arg(
                                       sorted(QStringList(got.begin(), got.end())).join(QLatin1Char(',')), t,
                                       sorted(QStringList(want.begin(), want.end())).join(QLatin1Char(','))) +
                               m.label();
                if (hasAccelerator(m.source) != hasAccelerator(t))
                    problems << QStringLiteral("accelerator (&) lost or added in \"%1\": ").arg(t) +
                                    m.label();
                if (m.source.endsWith(QLatin1Char('\n')) != t.endsWith(QLatin1Char('\n')))
                    problems << QStringLiteral("trailing newline differs in \"%1\": ").arg(t) + m.label();
            }
        }
        QVERIFY2(problems.isEmpty(),
                 qPrintable(
                     QStringLiteral("%1 problem(s) in kernellens_%2.ts:\n  ").arg(problems.size()).arg(lang) +
                     problems.join(QStringLiteral("\n  "))));
    }

    // kernellens_en.ts (lupdate -pluralonly): every message numerus, with the singular and the plural
    // English form, both keeping the source's placeholders (%n among them); the same %n messages as
    // the German file has.
    void englishPluralForms()
    {
        const QString dir = sourceDir() + QStringLiteral("/translations");
        const TsFile ts = readTs(tsPath(dir, QStringLiteral("en")));
        QVERIFY2(ts.error.isEmpty(), qPrintable(ts.error));
        QCOMPARE(ts.language, QStringLiteral("en"));
        QVERIFY(ts.messages.size() >= 5);
        QStringList problems;
        QSet<QString> keys;
        for (const Message& m : ts.messages) {
            keys.insert(m.key());
            if (!m.numerus) {
                problems << QStringLiteral("not numerus (lupdate -pluralonly keeps only %n messages): ") +
                                m.label();
                continue;
            }
            if (!m.type.isEmpty())
                problems << m.type + QStringLiteral(": ") + m.label();
            if (m.translations.size() != 2) {
                problems << QStringLiteral("%1 plural forms, want 2: ").arg(m.translations.size()) +
                                m.label();
                continue;
            }
            if (m.translations[0] == m.translations[1])
                problems << QStringLiteral("the singular is the plural \"%1\": ").arg(m.translations[0]) +
                                m.label();
            for (const QString& t : m.translations) {
                if (t.isEmpty()) {
                    problems << QStringLiteral("empty plural form: ") + m.label();
                    continue;
                }
                if (!t.contains(QLatin1String("%n")) || placeholders(t) != placeholders(m.source))
                    problems << QStringLiteral("placeholders differ (or %n lost) in \"%1\": ").arg(t) +
                                    m.label();
                if (hasAccelerator(m.source) != hasAccelerator(t))
                    problems << QStringLiteral("accelerator (&) lost or added in \"%1\": ").arg(t) +
                                    m.label();
                if (m.source.endsWith(QLatin1Char('\n')) != t.endsWith(QLatin1Char('\n')))
                    problems << QStringLiteral("trailing newline differs in \"%1\": ").arg(t) + m.label();
            }
        }
        const TsFile de = readTs(tsPath(dir, QStringLiteral("de")));
        QVERIFY2(de.error.isEmpty(), qPrintable(de.error));
        QSet<QString> numerus;
        for (const Message& m : de.messages) {
            if (m.numerus) {
                numerus.insert(m.key());
                if (!keys.contains(m.key()))
                    problems << QStringLiteral("kernellens_en.ts lacks the %n message ") + m.label();
            }
        }
        for (const Message& m : ts.messages)
            if (!numerus.contains(m.key()))
                problems << QStringLiteral(
                                "kernellens_en.ts has a message kernellens_de.ts has not as %n: ") +
                                m.label();
        QVERIFY2(problems.isEmpty(),
                 qPrintable(QStringLiteral("%1 problem(s) in kernellens_en.ts:\n  ").arg(problems.size()) +
                            problems.join(QStringLiteral("\n  "))));
    }

    // (b) lupdate over the GUI sources (scripts/update-translations.sh into a copy) finds no string
    // the .ts lacks or has unfinished, and the .ts keeps none the sources dropped.
    void tsFilesMatchSources()
    {
        const QString lupdate = lupdatePath();
        if (lupdate.isEmpty())
            QSKIP("lupdate not found (Qt6 LinguistTools: packages qt6-l10n-tools / qt6-tools-dev)");
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        for (const QString& lang : kTsFiles)
            QVERIFY(QFile::copy(tsPath(sourceDir() + QStringLiteral("/translations"), lang),
                                tsPath(tmp.path(), lang)));
        QProcess p;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("LUPDATE"), lupdate);
        p.setProcessEnvironment(env);
        p.setProcessChannelMode(QProcess::MergedChannels);
        p.start(QStringLiteral("/bin/sh"),
                {sourceDir() + QStringLiteral("/scripts/update-translations.sh"), tmp.path()});
        QVERIFY2(p.waitForFinished(120000), "lupdate did not finish in 2 minutes");
        QVERIFY2(p.exitStatus() == QProcess::NormalExit && p.exitCode() == 0,
                 qPrintable(QStringLiteral("update-translations.sh failed:\n") +
                            QString::fromLocal8Bit(p.readAll())));

        QStringList problems;
        for (const QString& lang : kTsFiles) {
            const TsFile committed = readTs(tsPath(sourceDir() + QStringLiteral("/translations"), lang));
            const TsFile fresh = readTs(tsPath(tmp.path(), lang));
            QVERIFY2(committed.error.isEmpty(), qPrintable(committed.error));
            QVERIFY2(fresh.error.isEmpty(), qPrintable(fresh.error));
            QSet<QString> committedKeys;
            for (const Message& m : committed.messages)
                committedKeys.insert(m.key());
            QSet<QString> freshKeys;
            for (const Message& m : fresh.messages) {
                freshKeys.insert(m.key());
                if (!committedKeys.contains(m.key()))
                    problems << QStringLiteral("kernellens_%1.ts lacks ").arg(lang) + m.label();
                else if (m.type == QLatin1String("unfinished"))
                    problems << QStringLiteral("kernellens_%1.ts has unfinished ").arg(lang) + m.label();
            }
            for (const Message& m : committed.messages)
                if (!freshKeys.contains(m.key()))
                    problems << QStringLiteral("kernellens_%1.ts keeps a string no source has: ").arg(lang) +
                                    m.label();
        }
        QVERIFY2(problems.isEmpty(),
                 qPrintable(QStringLiteral("the .ts files are stale: run scripts/update-translations.sh and "
                                           "translate what it marks unfinished (%1):\n  ")
                                .arg(problems.size()) +
                            problems.join(QStringLiteral("\n  "))));
    }

    void qmFilesEmbedded()
    {
        for (const Language& l : availableLanguages()) {
            const QString qm = QStringLiteral(":/i18n/kernellens_%1.qm").arg(l.code);
            QVERIFY2(QFile::exists(qm), qPrintable(qm));
            // English: the plural forms only.
            QVERIFY(QFileInfo(qm).size() > (l.code == QLatin1String("en") ? 200 : 1000));
        }
        QCOMPARE(availableLanguages().size(), 3);
        QCOMPARE(availableLanguages().first().code, QStringLiteral("en"));
    }

    // (c) Switching: German, Chinese, back to English; contexts as the classes name them at run time.
    void installLanguageSwitches()
    {
        LanguageChangeCounter counter;
        qApp->installEventFilter(&counter);
        QCOMPARE(currentLanguage(), QStringLiteral("en"));

        QString error;
        QVERIFY2(installLanguage(QStringLiteral("de"), &error), qPrintable(error));
        QCOMPARE(currentLanguage(), QStringLiteral("de"));
        QVERIFY(counter.count > 0);
        QCOMPARE(CleanDialog::tr("Clean Cache"), QStringLiteral("Cache bereinigen"));
        QCOMPARE(JobDialog::tr("&Cancel"), QStringLiteral("&Abbrechen"));
        QCOMPARE(EntryText::tr("kernel"), QStringLiteral("Kernel"));
        QCOMPARE(QObject::tr("(not set)"), QStringLiteral("(nicht gesetzt)"));
        QCOMPARE(QCoreApplication::translate("kl::gui::EntryDoctorView", "%n finding(s) for this entry.",
                                             nullptr, 1),
                 QStringLiteral("1 Befund für diesen Eintrag."));
        QCOMPARE(QCoreApplication::translate("kl::gui::EntryDoctorView", "%n finding(s) for this entry.",
                                             nullptr, 3),
                 QStringLiteral("3 Befunde für diesen Eintrag."));
        QCOMPARE(QLocale().language(), QLocale::German);

        // The same language again changes nothing.
        const int before = counter.count;
        QVERIFY(installLanguage(QStringLiteral("de"), &error));
        QCOMPARE(counter.count, before);

        QVERIFY2(installLanguage(QStringLiteral("zh_CN"), &error), qPrintable(error));
        QCOMPARE(currentLanguage(), QStringLiteral("zh_CN"));
        QVERIFY(counter.count > before);
        QCOMPARE(CleanDialog::tr("Clean Cache"), QStringLiteral("清理缓存"));
        QCOMPARE(JobDialog::tr("&Cancel"), QStringLiteral("取消(&C)"));
        QCOMPARE(QCoreApplication::translate("kl::gui::EntryDoctorView", "%n finding(s) for this entry.",
                                             nullptr, 3),
                 QStringLiteral("此条目有 3 项发现。"));

        const int beforeEnglish = counter.count;
        QVERIFY2(installLanguage(QStringLiteral("en"), &error), qPrintable(error));
        QCOMPARE(currentLanguage(), QStringLiteral("en"));
        QVERIFY(counter.count > beforeEnglish);
        QCOMPARE(CleanDialog::tr("Clean Cache"), QStringLiteral("Clean Cache"));
        QCOMPARE(EntryText::tr("kernel"), QStringLiteral("kernel"));
        QVERIFY(QLocale().language() != QLocale::German);
        qApp->removeEventFilter(&counter);
    }

    // The English plural forms after installLanguage("en"), and again after German and Chinese.
    void englishPluralsAfterSwitching()
    {
        QString error;
        QVERIFY2(installLanguage(QStringLiteral("en"), &error), qPrintable(error));
        QCOMPARE(copiedLines(1), QStringLiteral("Copied 1 line"));
        QCOMPARE(copiedLines(2), QStringLiteral("Copied 2 lines"));

        QVERIFY2(installLanguage(QStringLiteral("de"), &error), qPrintable(error));
        QCOMPARE(copiedLines(1), QStringLiteral("1 Zeile kopiert"));
        QCOMPARE(copiedLines(2), QStringLiteral("2 Zeilen kopiert"));
        QVERIFY2(installLanguage(QStringLiteral("en"), &error), qPrintable(error));
        QCOMPARE(currentLanguage(), QStringLiteral("en"));
        QCOMPARE(copiedLines(1), QStringLiteral("Copied 1 line"));
        QCOMPARE(copiedLines(2), QStringLiteral("Copied 2 lines"));
        QCOMPARE(findings(1), QStringLiteral("1 finding for this entry."));
        QCOMPARE(findings(3), QStringLiteral("3 findings for this entry."));
        QCOMPARE(CleanDialog::tr("Clean Cache"), QStringLiteral("Clean Cache"));

        QVERIFY2(installLanguage(QStringLiteral("zh_CN"), &error), qPrintable(error));
        QCOMPARE(copiedLines(1), QStringLiteral("已复制 1 行"));
        QVERIFY2(installLanguage(QStringLiteral("en"), &error), qPrintable(error));
        QCOMPARE(copiedLines(1), QStringLiteral("Copied 1 line"));
        QCOMPARE(copiedLines(5), QStringLiteral("Copied 5 lines"));
    }

    // Core's sentences (scan problems, doctor findings and fixes, root errors, filesystem warnings)
    // reach the GUI as templates plus arguments: coreText() words them in the installed language,
    // with the same paths, while the CLI's English stays as it was.
    void coreSentencesFollowTheLanguage()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(QDir(dir.path()).mkpath(QStringLiteral("not-an-entry")));
        const std::string missing = (dir.path() + QStringLiteral("/missing")).toStdString();
        const Snapshot snap = CacheScanner().scan({givenRoot(missing), givenRoot(dir.path().toStdString())});
        QVERIFY(!snap.roots.at(0).error.empty());
        DoctorOptions options;
        options.checkBinaries = false;
        const DoctorReport report = Doctor({}, options).examine(snap);
        auto byCode = [&](std::string_view code) -> const Finding* {
            for (const Finding& f : report.findings)
                if (f.code == code)
                    return &f;
            return nullptr;
        };
        const Finding* foreign = byCode(finding::ForeignFile);
        QVERIFY(foreign);
        FsInfo nfs;
        nfs.path = nfs.probedPath = "/home/alice/.triton/cache";
        nfs.type = "nfs4";
        nfs.source = "filer01:/export/home";
        nfs.mountPoint = "/home";
        nfs.category = FsCategory::Network;
        const FolderHealth health =
            judgeGivenFolder("/home/alice/.triton/cache", [&](const std::string&) { return nfs; });
        QCOMPARE(health.warnings.size(), std::size_t(1));

        struct Shown {
            QString rootError, finding, fix, warning;
        };
        auto shown = [&] {
            return Shown{coreText(snap.roots[0].error), coreText(foreign->message), coreText(foreign->fix),
                         coreText(health.warnings[0])};
        };
        QString error;
        QVERIFY2(installLanguage(QStringLiteral("en"), &error), qPrintable(error));
        const Shown en = shown();
        QCOMPARE(en.rootError, QString::fromStdString(snap.roots[0].error.english()));
        QCOMPARE(en.finding, QString::fromStdString(foreign->message.english()));
        QCOMPARE(en.fix,
                 QString::fromUtf8(foreign->fix.english().data(), qsizetype(foreign->fix.english().size())));
        QCOMPARE(en.warning, QString::fromStdString(health.warnings[0].english()));

        for (const QString& lang : {QStringLiteral("de"), QStringLiteral("zh_CN")}) {
            QVERIFY2(installLanguage(lang, &error), qPrintable(error));
            const Shown t = shown();
            for (const auto& [translated, english] :
                 {std::pair{t.rootError, en.rootError}, std::pair{t.finding, en.finding},
                  std::pair{t.fix, en.fix}, std::pair{t.warning, en.warning}}) {
                QVERIFY2(translated != english,
                         qPrintable(lang + QLatin1String(": still English: ") + english));
                QVERIFY(!translated.contains(QLatin1String("%1")));
            }
            // The arguments are carried over untouched: paths, the filesystem, the variable to set.
            QVERIFY2(t.rootError.contains(QString::fromStdString(missing)), qPrintable(t.rootError));
            QVERIFY2(t.finding.contains(dir.path() + QStringLiteral("/not-an-entry")), qPrintable(t.finding));
            QVERIFY2(t.warning.contains(QLatin1String("filer01:/export/home")), qPrintable(t.warning));
            QVERIFY2(t.warning.contains(QLatin1String("TRITON_CACHE_DIR")), qPrintable(t.warning));
            if (lang == QLatin1String("zh_CN"))
                QVERIFY2(t.finding.contains(QRegularExpression(QStringLiteral("[\\x{4e00}-\\x{9fff}]"))),
                         qPrintable(t.finding));
        }
        // The CLI and the JSON still get English.
        QVERIFY(foreign->message.english().find("not a Triton cache entry") != std::string::npos);
    }

    // The entries table's kind and status, the diff's explanation and Recompile's verdict: English
    // as the CLI prints it, and translated in German and Chinese with the same names and numbers.
    void entryLabelsAndExplanationsFollowTheLanguage()
    {
        EntryDetail a, b;
        for (auto [d, name] : {std::pair{&a, "add_kernel"}, std::pair{&b, "mul_kernel"}}) {
            d->entry.kind = EntryKind::Kernel;
            d->entry.kernel = name;
            d->entry.path = std::string("/nonexistent/") + name;
            d->metadata = Metadata{};
            d->metadata->tritonVersion = "3.9.0";
        }
        b.metadata->tritonVersion = "3.6.0";
        const Explanation ex = compareEntries(a, b);
        QVERIFY(ex.ok);
        QCOMPARE(ex.differences.size(), std::size_t(2)); // the kernel and the Triton version
        RecompileReport stale;
        stale.ok = true;
        stale.reason =
            Text::of(KL_TEXT("kl::recompile", "built by NVRTC %1, this is NVRTC %2"), "12.4", "13.0");

        struct Shown {
            QString kind, status, note, suspect, verdict;
        };
        auto shown = [&] {
            return Shown{EntryText::kindLabel(EntryKind::Kernel),
                         EntryText::statusLabel(EntryStatus::Incomplete), coreText(ex.differences[0].note),
                         coreText(ex.notRecorded.at(0)), coreText(recompileVerdict(stale))};
        };
        QString error;
        QVERIFY2(installLanguage(QStringLiteral("en"), &error), qPrintable(error));
        const Shown en = shown();
        QCOMPARE(en.kind, QStringLiteral("kernel"));
        QCOMPARE(en.status, QStringLiteral("incomplete"));
        QCOMPARE(en.note, QString::fromStdString(ex.differences[0].note.english()));
        QCOMPARE(en.suspect, QString::fromStdString(ex.notRecorded[0].english()));
        QCOMPARE(en.verdict, QStringLiteral("stale: built by NVRTC 12.4, this is NVRTC 13.0"));

        for (const QString& lang : {QStringLiteral("de"), QStringLiteral("zh_CN")}) {
            QVERIFY2(installLanguage(lang, &error), qPrintable(error));
            const Shown t = shown();
            for (const auto& [translated, english] :
                 {std::pair{t.kind, en.kind}, std::pair{t.status, en.status}, std::pair{t.note, en.note},
                  std::pair{t.suspect, en.suspect}, std::pair{t.verdict, en.verdict}}) {
                QVERIFY2(translated != english,
                         qPrintable(lang + QLatin1String(": still English: ") + english));
                QVERIFY(!translated.contains(QLatin1String("%1")));
            }
            QVERIFY2(t.verdict.contains(QLatin1String("12.4")) && t.verdict.contains(QLatin1String("13.0")),
                     qPrintable(t.verdict));
            QVERIFY2(t.suspect.contains(QLatin1String("triton_key")), qPrintable(t.suspect));
        }
    }

    // Why autotuning is off (the Autotune action's tip): a driver that is missing, or a build
    // without CUDA, is said in the GUI's language; the loader's own cause stays as it is.
    void gpuReasonFollowsTheLanguage()
    {
        const GpuStatus s = gpuStatus();
        if (s.available)
            QSKIP("this machine has a GPU: there is no reason to show");
        QString error;
        QVERIFY2(installLanguage(QStringLiteral("en"), &error), qPrintable(error));
        const QString en = coreText(s.reason);
        QCOMPARE(en, QString::fromStdString(s.reason.english()));
        for (const QString& lang : {QStringLiteral("de"), QStringLiteral("zh_CN")}) {
            QVERIFY2(installLanguage(lang, &error), qPrintable(error));
            const QString t = coreText(s.reason);
            QVERIFY2(t != en, qPrintable(lang + QLatin1String(": still English: ") + en));
            QVERIFY2(t.contains(QRegularExpression(QStringLiteral("CUDA"))), qPrintable(t));
        }
    }

    // Longer sentences must not widen the window's pages: a German label once made the central
    // widget 1155 px wide at least, which squeezed the folders pane to a sliver at 1280 px.
    void foldersPaneKeepsItsRoomInEveryLanguage()
    {
        QSettings().remove(QStringLiteral("window")); // the first-run layout, not one a run saved
        for (const QString& lang : {QStringLiteral("en"), QStringLiteral("de"), QStringLiteral("zh_CN")}) {
            QString error;
            QVERIFY2(installLanguage(lang, &error), qPrintable(error));
            MainWindow w;
            w.resize(1280, 800);
            w.show();
            auto* dock = w.findChild<QDockWidget*>(QStringLiteral("rootsDock"));
            QVERIFY(dock);
            QTRY_VERIFY2(dock->width() >= 300,
                         qPrintable(QStringLiteral("%1: folders pane %2 px, pages need %3 px")
                                        .arg(lang)
                                        .arg(dock->width())
                                        .arg(w.centralWidget()->minimumSizeHint().width())));
        }
    }

    void installLanguageRejectsUnknownCode()
    {
        QString error;
        QVERIFY(!installLanguage(QStringLiteral("fr"), &error));
        QVERIFY2(error.contains(QLatin1String("\"fr\"")), qPrintable(error));
        QCOMPARE(currentLanguage(), QStringLiteral("en"));
        QVERIFY(installLanguage(QStringLiteral("de")));
        QVERIFY(!installLanguage(QStringLiteral("fr"), &error));
        QVERIFY2(error.contains(QStringLiteral("„fr“")), qPrintable(error)); // said in German
        QCOMPARE(currentLanguage(), QStringLiteral("de"));                   // left as it was
        QCOMPARE(CleanDialog::tr("Clean Cache"), QStringLiteral("Cache bereinigen"));
        QVERIFY(!installLanguage(QStringLiteral("zh_TW"), &error));
        QVERIFY2(error.contains(QLatin1String("zh_TW")), qPrintable(error));
        QVERIFY(!installLanguage(QString(), &error));
    }

    void matchLanguageNormalises()
    {
        QCOMPARE(matchLanguage(QStringLiteral("de")), QStringLiteral("de"));
        QCOMPARE(matchLanguage(QStringLiteral("de_DE.UTF-8")), QStringLiteral("de"));
        QCOMPARE(matchLanguage(QStringLiteral("de-AT")), QStringLiteral("de"));
        QCOMPARE(matchLanguage(QStringLiteral("zh_CN")), QStringLiteral("zh_CN"));
        QCOMPARE(matchLanguage(QStringLiteral("zh")), QStringLiteral("zh_CN"));
        QCOMPARE(matchLanguage(QStringLiteral("zh-Hans-CN")), QStringLiteral("zh_CN"));
        QCOMPARE(matchLanguage(QStringLiteral("zh_TW.UTF-8")), QString());
        QCOMPARE(matchLanguage(QStringLiteral("zh-Hant")), QString());
        QCOMPARE(matchLanguage(QStringLiteral("en_GB")), QStringLiteral("en"));
        QCOMPARE(matchLanguage(QStringLiteral("C")), QStringLiteral("en"));
        QCOMPARE(matchLanguage(QStringLiteral("fr_FR")), QString());
        QCOMPARE(matchLanguage(QString()), QString());
    }

    void chosenLanguageOrder()
    {
        QVERIFY2(QSettings().fileName().contains(QLatin1String(".qttest")),
                 qPrintable(QSettings().fileName()));
        qputenv("KERNELLENS_LANG", "zh_CN");
        QCOMPARE(chosenLanguage(), QStringLiteral("zh_CN"));
        qputenv("KERNELLENS_LANG", "de_DE.UTF-8");
        QCOMPARE(chosenLanguage(), QStringLiteral("de"));
        qputenv("KERNELLENS_LANG", "xx");
        QCOMPARE(chosenLanguage(), QStringLiteral("xx")); // as given, so installLanguage() names it

        // The environment wins over the saved choice, the saved choice over the system locale.
        saveLanguage(QStringLiteral("de"));
        qputenv("KERNELLENS_LANG", "zh_CN");
        QCOMPARE(chosenLanguage(), QStringLiteral("zh_CN"));
        qunsetenv("KERNELLENS_LANG");
        QCOMPARE(chosenLanguage(), QStringLiteral("de"));
        saveLanguage(QStringLiteral("zh_CN"));
        QCOMPARE(chosenLanguage(), QStringLiteral("zh_CN"));

        // Nothing set: the system locale when we have it, else English.
        QSettings().remove(QStringLiteral("language"));
        QString fromSystem = QStringLiteral("en");
        for (const QString& ui : QLocale::system().uiLanguages()) {
            if (!matchLanguage(ui).isEmpty()) {
                fromSystem = matchLanguage(ui);
                break;
            }
        }
        QCOMPARE(chosenLanguage(), fromSystem);
    }
};

QTEST_MAIN(TstTranslations)
#include "tst_translations.moc"
