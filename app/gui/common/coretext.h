#pragma once

#include "core/util/text.h"

#include <QString>

namespace kl::gui {

/// A sentence from core in the GUI's language. Core marks its templates with KL_TEXT, so lupdate
/// puts them in the .ts files under their "kl::..." contexts; untranslated ones stay English.
QString coreText(const Text& text);
QString coreText(const TextSource& source);

} // namespace kl::gui
