#include "coretext.h"

#include <QCoreApplication>

namespace kl::gui {

QString coreText(const Text& text)
{
    return QString::fromStdString(text.format(
        [](const TextSource& s) { return QCoreApplication::translate(s.context, s.source).toStdString(); }));
}

QString coreText(const TextSource& source)
{
    return source.empty() ? QString() : QCoreApplication::translate(source.context, source.source);
}

} // namespace kl::gui
