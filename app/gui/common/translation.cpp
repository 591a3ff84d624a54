#include "translation.h"

#include <QCoreApplication>
#include <QFile>
#include <QLibraryInfo>
#include <QLocale>
#include <QSettings>
#include <QStringList>
#include <QTranslator>
#include <memory>
#include <optional>

namespace kl::gui {
namespace {

const QString kEnglish = QStringLiteral("en");

// What installLanguage() has installed; only touched on the GUI thread. The code is empty until the
// first call: English too has a translator to install (its plural forms), so it is not "installed"
// before that.
struct Installed {
    QString code;
    std::unique_ptr<QTranslator> ours;
    std::unique_ptr<QTranslator> qt;
    std::optional<QLocale> originalLocale; // QLocale() before the first switch
};

Installed& installed()
{
    static Installed state;
    return state;
}

QString settingsKey()
{
    return QStringLiteral("language");
}

} // namespace

QList<Language> availableLanguages()
{
    return {{kEnglish, QStringLiteral("English")},
            {QStringLiteral("de"), QStringLiteral("Deutsch")},
            {QStringLiteral("zh_CN"), QStringLiteral("简体中文")}};
}

QString matchLanguage(const QString& name)
{
    // "de_DE.UTF-8@euro" -> "de_DE"; BCP 47 dashes -> underscores.
    QString n = name.trimmed();
    n.truncate(n.indexOf(QLatin1Char('.')) < 0 ? n.size() : n.indexOf(QLatin1Char('.')));
    n.truncate(n.indexOf(QLatin1Char('@')) < 0 ? n.size() : n.indexOf(QLatin1Char('@')));
    n.replace(QLatin1Char('-'), QLatin1Char('_'));
    if (n.isEmpty())
        return {};
    if (n == QLatin1String("C") || n == QLatin1String("POSIX"))
        return kEnglish;
    const QStringList parts = n.split(QLatin1Char('_'));
    const QString language = parts.first().toLower();
    if (language == QLatin1String("en"))
        return kEnglish;
    if (language == QLatin1String("de"))
        return QStringLiteral("de");
    if (language == QLatin1String("zh")) {
        // Simplified Chinese only: zh, zh_CN, zh_SG, zh_Hans*; not zh_TW, zh_HK, zh_MO, zh_Hant*.
        for (const QString& p : parts.mid(1)) {
            const QString u = p.toUpper();
            if (u == QLatin1String("HANT") || u == QLatin1String("TW") || u == QLatin1String("HK") ||
                u == QLatin1String("MO"))
                return {};
        }
        return QStringLiteral("zh_CN");
    }
    return {};
}

QString chosenLanguage()
{
    const QString fromEnv = qEnvironmentVariable("KERNELLENS_LANG").trimmed();
    if (!fromEnv.isEmpty()) {
        const QString m = matchLanguage(fromEnv);
        return m.isEmpty() ? fromEnv : m;
    }
    const QString saved = matchLanguage(QSettings().value(settingsKey()).toString());
    if (!saved.isEmpty())
        return saved;
    for (const QString& ui : QLocale::system().uiLanguages()) {
        const QString m = matchLanguage(ui);
        if (!m.isEmpty())
            return m;
    }
    return kEnglish;
}

QString currentLanguage()
{
    const QString& code = installed().code;
    return code.isEmpty() ? kEnglish : code;
}

bool installLanguage(const QString& code, QString* error)
{
    auto fail = [error](const QString& why) {
        if (error)
            *error = why;
        return false;
    };
    const QString lang = matchLanguage(code);
    if (lang.isEmpty()) {
        QStringList codes;
        for (const Language& l : availableLanguages())
            codes << l.code;
        return fail(QCoreApplication::translate("Translation", "Unknown language \"%1\" (available: %2)")
                        .arg(code, codes.join(QLatin1String(", "))));
    }
    if (!QCoreApplication::instance())
        return fail(QStringLiteral("installLanguage needs a QCoreApplication"));
    Installed& state = installed();
    if (lang == state.code)
        return true;

    // Load first, so a failure leaves the installed language as it was. English is the source
    // language, but its .qm holds the plural forms of the %n messages ("%n entry" / "%n entries",
    // lupdate -pluralonly); Qt's own texts are English without a translator.
    const QString qm = QStringLiteral(":/i18n/kernellens_%1.qm").arg(lang);
    auto ours = std::make_unique<QTranslator>();
    if (!ours->load(qm))
        return fail(
            QCoreApplication::translate("Translation", "The translation %1 cannot be loaded").arg(qm));
    std::unique_ptr<QTranslator> qt;
    if (lang != kEnglish) {
        qt = std::make_unique<QTranslator>();
        const QString qtDir = QLibraryInfo::path(QLibraryInfo::TranslationsPath);
        if (!QFile::exists(qtDir + QStringLiteral("/qtbase_") + lang + QStringLiteral(".qm")) ||
            !qt->load(QStringLiteral("qtbase_") + lang, qtDir))
            qt.reset(); // Qt's own dialogs stay English; ours are translated.
    }

    if (!state.originalLocale)
        state.originalLocale = QLocale();
    // Each remove and install sends QEvent::LanguageChange to the application and its widgets.
    if (state.qt)
        QCoreApplication::removeTranslator(state.qt.get());
    if (state.ours)
        QCoreApplication::removeTranslator(state.ours.get());
    state.qt = std::move(qt);
    state.ours = std::move(ours);
    if (state.qt)
        QCoreApplication::installTranslator(state.qt.get());
    if (state.ours)
        QCoreApplication::installTranslator(state.ours.get());
    QLocale::setDefault(lang == kEnglish ? *state.originalLocale : QLocale(lang));
    state.code = lang;
    return true;
}

void saveLanguage(const QString& code)
{
    QSettings().setValue(settingsKey(), code);
}

} // namespace kl::gui
