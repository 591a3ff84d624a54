#pragma once
// The GUI's languages: which one to use (KERNELLENS_LANG, the saved choice, the system locale) and
// installing it at run time. Our .qm files are embedded (qt_add_translations, ":/i18n/"); Qt's own
// qtbase_<lang>.qm is added when the Qt installation has it. Widgets set their texts when they are
// built, so after a switch the main window is rebuilt by its owner.

#include <QList>
#include <QString>

namespace kl::gui {

struct Language {
    QString code;       ///< "en", "de", "zh_CN": what installLanguage() and saveLanguage() take
    QString nativeName; ///< the language's name in itself ("Deutsch", "简体中文"), for a menu
};

/// The languages the GUI speaks, English (the source language) first.
QList<Language> availableLanguages();

/// The code of availableLanguages() that a locale-like name means ("de_DE.UTF-8", "de-AT", "zh",
/// "zh-Hans-CN", "C"), or an empty string when none does (Traditional Chinese, "fr").
QString matchLanguage(const QString& name);

/// The language to start in: $KERNELLENS_LANG when set (returned as given when it names no
/// language we have, so that installLanguage() reports it), else the QSettings value "language",
/// else the system locale's UI languages when we have one, else "en".
QString chosenLanguage();

/// The language installed last by installLanguage(); "en" before any call.
QString currentLanguage();

/// Installs the translation for `code` (a code of availableLanguages() or a name matchLanguage()
/// accepts) in the application, replacing the translators a previous call installed; "en" installs
/// only the English plural forms (kernellens_en.ts: "%n entry" / "%n entries"). The default QLocale follows
/// (restored to the one found at the first call for "en"). Installing or removing a translator sends
/// QEvent::LanguageChange. Installing the language that is already installed changes nothing. Needs a
/// QCoreApplication; call it on the GUI thread. On failure (unknown code, missing .qm) returns false with
/// `error` set and leaves the installed language as it was.
bool installLanguage(const QString& code, QString* error = nullptr);

/// Remembers `code` in QSettings ("language") for the next start.
void saveLanguage(const QString& code);

} // namespace kl::gui
