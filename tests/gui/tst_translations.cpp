// The GUI's translations: every message of translations/kernellens_<lang>.ts translated (placeholders,
// accelerators and plural forms kept), the .ts files current with the sources (lupdate run through
// scripts/update-translations.sh into a temporary copy), the .qm files embedded in kl_gui, and
// installLanguage()/chosenLanguage() (app/gui/translation.h).
#include "cleandialog.h"
#include "entrytext.h"
#include "recompiledialog.h"
#include "translation.h"

#include <QCoreApplication>
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

using namespace kl::gui;

namespace {

const QStringList kTsLanguages = {QStringLiteral("de"), QStringLiteral("zh_CN")};

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

} // namespace

class TestTranslations : public QObject {
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

    // (b) lupdate over the GUI sources (scripts/update-translations.sh into a copy) finds no string
    // the .ts lacks or has unfinished, and the .ts keeps none the sources dropped.
    void tsFilesMatchSources()
    {
        const QString lupdate = lupdatePath();
        if (lupdate.isEmpty())
            QSKIP("lupdate not found (Qt6 LinguistTools: packages qt6-l10n-tools / qt6-tools-dev)");
        QTemporaryDir tmp;
        QVERIFY(tmp.isValid());
        for (const QString& lang : kTsLanguages)
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
        for (const QString& lang : kTsLanguages) {
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
            if (l.code == QLatin1String("en"))
                continue;
            const QString qm = QStringLiteral(":/i18n/kernellens_%1.qm").arg(l.code);
            QVERIFY2(QFile::exists(qm), qPrintable(qm));
            QVERIFY(QFileInfo(qm).size() > 1000);
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
        QCOMPARE(RecompileDialog::tr("&Cancel"), QStringLiteral("&Abbrechen"));
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
        QCOMPARE(RecompileDialog::tr("&Cancel"), QStringLiteral("取消(&C)"));
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

QTEST_MAIN(TestTranslations)
#include "tst_translations.moc"
