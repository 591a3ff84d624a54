#pragma once

#include <QCoreApplication>

namespace kl::gui {

// The Entries page's strings were the main window's before the page was split out; they keep the
// window's translation context so the .ts files' translations still find them.
struct WindowText {
    Q_DECLARE_TR_FUNCTIONS(kl::gui::MainWindow)
};

} // namespace kl::gui
