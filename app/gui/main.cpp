// kernellens: the desktop browser for GPU kernel compile caches. This file only parses arguments;
// the window and its workers live in kl_gui.
#include "app/gui/common/translation.h"
#include "app/gui/diff/diffview.h"
#include "core/scan/cachescanner.h"
#include "mainwindow.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QFileInfo>
#include <QIcon>
#include <QSocketNotifier>
#include <QTimer>
#include <csignal>
#include <cstdio>
#include <functional>
#include <memory>
#include <string_view>
#include <sys/socket.h>
#include <unistd.h>

namespace {

struct Arguments {
    bool demo = false;
    bool diff = false;
    QString entry;
    QString stage;
    QStringList show;
    QStringList dirs;
    QString remote;
    QStringList traces;
};

// Parses the command line; --help, --version and errors print and exit here.
Arguments parseArguments(const QCoreApplication& app)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(QCoreApplication::translate(
        "main", "Browse GPU kernel compile caches (Triton, NVRTC). With no folder, opens the "
                "caches Triton would use in this environment."));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("DIR"),
                                 QCoreApplication::translate("main", "Cache folders to open."),
                                 QStringLiteral("[DIR...]"));
    const QCommandLineOption demo(
        QStringLiteral("demo"),
        QCoreApplication::translate("main", "Open a temporary copy of the bundled demo cache."));
    parser.addOption(demo);
    const QCommandLineOption diff(
        QStringLiteral("diff"),
        QCoreApplication::translate("main", "Compare two entry folders (their text stages) or two files: "
                                            "kernellens --diff A B."));
    parser.addOption(diff);
    const QCommandLineOption entry(QStringLiteral("entry"),
                                   QCoreApplication::translate("main",
                                                               "Select the entry whose folder name starts "
                                                               "with PREFIX once the scan ends."),
                                   QStringLiteral("PREFIX"));
    const QCommandLineOption stage(
        QStringLiteral("stage"),
        QCoreApplication::translate("main", "Show this stage of the selected entry "
                                            "(ttir, ttgir, llir, ptx, cubin, sass, ...), or "
                                            "lines:FILE:LINE for the Lines tab on that source line."),
        QStringLiteral("EXT"));
    parser.addOption(entry);
    parser.addOption(stage);
    const QCommandLineOption show(
        QStringLiteral("show"),
        QCoreApplication::translate("main", "Once the scan ends, show WHAT (comma-separated): "
                                            "dashboard, trace, grouped, metadata, doctor, clean, "
                                            "open-remote, make-override."),
        QStringLiteral("WHAT"));
    parser.addOption(show);
    const QCommandLineOption remote(
        QStringLiteral("remote"),
        QCoreApplication::translate("main",
                                    "Open Triton's Redis remote cache at URL (redis://host:port/db)."),
        QStringLiteral("URL"));
    parser.addOption(remote);
    const QCommandLineOption trace(
        QStringLiteral("trace"),
        QCoreApplication::translate("main",
                                    "Open a PyTorch profiler trace (.json, .json.gz) on the Trace page; "
                                    "repeat for one trace per rank."),
        QStringLiteral("FILE"));
    parser.addOption(trace);
    parser.process(app);
    if (parser.isSet(diff) && parser.positionalArguments().size() != 2)
        parser.showHelp(2);
    return {parser.isSet(demo),
            parser.isSet(diff),
            parser.value(entry),
            parser.value(stage),
            parser.value(show).split(QLatin1Char(','), Qt::SkipEmptyParts),
            parser.positionalArguments(),
            parser.value(remote),
            parser.values(trace)};
}

// --help and --version must work where there is no display, so they never start the GUI.
bool wantsInfoOnly(int argc, char** argv)
{
    for (int i = 1; i < argc; ++i) {
        const std::string_view a(argv[i]);
        if (a == "-h" || a == "-?" || a == "--help" || a == "--help-all" || a == "-v" || a == "--version")
            return true;
    }
    return false;
}

// SIGINT and SIGTERM end the event loop normally, so the demo copy in /tmp is removed. The
// handler only writes to a socket; the application quits from its own thread.
int g_signalFds[2] = {-1, -1};

void onQuitSignal(int)
{
    const char byte = 1;
    [[maybe_unused]] auto n = ::write(g_signalFds[0], &byte, 1);
}

void quitOnSignals(QCoreApplication& app)
{
    if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, g_signalFds) != 0)
        return;
    auto* notifier = new QSocketNotifier(g_signalFds[1], QSocketNotifier::Read, &app);
    QObject::connect(notifier, &QSocketNotifier::activated, &app, [] {
        char byte;
        [[maybe_unused]] auto n = ::read(g_signalFds[1], &byte, 1);
        QCoreApplication::quit();
    });
    struct sigaction sa {};
    sa.sa_handler = onQuitSignal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    ::sigaction(SIGINT, &sa, nullptr);
    ::sigaction(SIGTERM, &sa, nullptr);
}

// KERNELLENS_LANG, else the language chosen in the menu last time, else the system's.
void chooseLanguage()
{
    QString error;
    if (!kl::gui::installLanguage(kl::gui::chosenLanguage(), &error))
        std::fprintf(stderr, "kernellens: %s\n", qPrintable(error));
}

void setApplicationInfo()
{
    QCoreApplication::setOrganizationName(QStringLiteral("KernelLens"));
    QCoreApplication::setApplicationName(QStringLiteral("KernelLens"));
    QCoreApplication::setApplicationVersion(QStringLiteral(KL_VERSION));
}

} // namespace

int main(int argc, char** argv)
{
    if (wantsInfoOnly(argc, argv)) {
        QCoreApplication app(argc, argv);
        setApplicationInfo();
        chooseLanguage();
        parseArguments(app); // exits
        return 0;
    }
    QApplication app(argc, argv);
    setApplicationInfo();
    chooseLanguage();
    QApplication::setWindowIcon(QIcon(QStringLiteral(":/icons/kernellens.svg")));
    QGuiApplication::setDesktopFileName(QStringLiteral("kernellens"));
    const Arguments args = parseArguments(app);
    quitOnSignals(app);

    if (args.diff) {
        kl::gui::DiffView view;
        view.setWindowTitle(QCoreApplication::translate("main", "%1 ↔ %2 — KernelLens")
                                .arg(QFileInfo(args.dirs[0]).fileName(), QFileInfo(args.dirs[1]).fileName()));
        view.resize(1280, 800);
        if (QFileInfo(args.dirs[0]).isDir() && QFileInfo(args.dirs[1]).isDir()) {
            kl::Entry entries[2];
            const kl::CacheScanner scanner;
            for (int i = 0; i < 2; ++i) {
                const QFileInfo info(args.dirs[i]);
                bool vanished = false;
                entries[i] = scanner.scanOne(info.absolutePath().toStdString(), info.fileName().toStdString(),
                                             vanished);
            }
            view.compareEntries(entries[0], entries[1]);
        } else {
            view.compareFiles(args.dirs[0], args.dirs[1]);
        }
        view.show();
        return app.exec();
    }
    // Widgets take their texts when they are built: a language switch rebuilds the window on
    // what it showed (the layout comes back from the settings it saved when it closed).
    std::unique_ptr<kl::gui::MainWindow> window;
    std::function<void(const QStringList&, bool, const QStringList&)> open = [&](const QStringList& folders,
                                                                                 bool demo,
                                                                                 const QStringList& traces) {
        window = std::make_unique<kl::gui::MainWindow>();
        QObject::connect(window.get(), &kl::gui::MainWindow::languageChosen, &app, [&](const QString& code) {
            QTimer::singleShot(0, &app, [&, code] {
                const bool wasDemo = window->isDemo();
                const QStringList shown = wasDemo ? QStringList() : window->openedFolders();
                const QStringList traced = window->openedTraces();
                window->close();
                window.reset();
                QString error;
                if (!kl::gui::installLanguage(code, &error))
                    std::fprintf(stderr, "kernellens: %s\n", qPrintable(error));
                kl::gui::saveLanguage(code);
                open(shown, wasDemo, traced);
            });
        });
        window->show();
        // Before the demo, which opens its own trace only when none was asked for.
        window->openTraces(traces);
        if (demo)
            window->openDemo(folders);
        else if (!folders.isEmpty())
            window->openFolders(folders);
        else
            window->openEnvironmentRoots();
    };
    if (args.remote.isEmpty())
        open(args.dirs, args.demo, args.traces);
    else {
        window = std::make_unique<kl::gui::MainWindow>();
        window->show();
        window->openTraces(args.traces);
        if (QString error; !window->openRemoteUrl(args.remote, &error))
            std::fprintf(stderr, "kernellens: %s\n", qPrintable(error));
    }
    if (!args.entry.isEmpty() || !args.stage.isEmpty())
        window->selectAfterScan(args.entry, args.stage);
    if (!args.show.isEmpty())
        window->showAfterScan(args.show);
    return app.exec();
}
