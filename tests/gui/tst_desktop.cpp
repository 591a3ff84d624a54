// Desktop integration: the shortcut list comes from the menus, the embedded icon loads, colours
// stay readable on light and dark palettes, the window layout is kept in the settings.

#include "app/gui/common/theme.h"
#include "app/gui/common/translation.h"
#include "app/gui/dialogs/shortcutsdialog.h"
#include "app/gui/mainwindow.h"

#include <QApplication>
#include <QDockWidget>
#include <QIcon>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTest>

namespace {

QPalette darkPalette()
{
    QPalette p;
    p.setColor(QPalette::Window, QColor(0x2b, 0x2b, 0x2b));
    p.setColor(QPalette::Base, QColor(0x1e, 0x1e, 0x1e));
    p.setColor(QPalette::Text, QColor(0xdd, 0xdd, 0xdd));
    p.setColor(QPalette::WindowText, QColor(0xdd, 0xdd, 0xdd));
    return p;
}

QPalette lightPalette()
{
    QPalette p;
    p.setColor(QPalette::Window, QColor(0xef, 0xef, 0xef));
    p.setColor(QPalette::Base, Qt::white);
    p.setColor(QPalette::Text, Qt::black);
    p.setColor(QPalette::WindowText, Qt::black);
    return p;
}

} // namespace

class TstDesktop : public QObject {
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName("KernelLensTest");
        QCoreApplication::setApplicationName("tst_desktop");
        qputenv("KL_PYTHON", "/nonexistent/python");
    }

    void shortcutsComeFromTheMenus()
    {
        kl::gui::MainWindow w;
        kl::gui::ShortcutsDialog d(w.menuBar());
        QStringList lines;
        for (int r = 0; r < d.table()->rowCount(); ++r)
            lines << d.table()->item(r, 0)->text() + " = " + d.table()->item(r, 1)->text();
        const QString all = lines.join('\n');
        QVERIFY2(all.contains("Entry › Compare Selected = Ctrl+D"), qPrintable(all));
        QVERIFY2(all.contains("View › Group by Kernel = Ctrl+G"), qPrintable(all));
        QVERIFY2(all.contains("Entry › Recompile = Ctrl+R"), qPrintable(all));
        QVERIFY2(all.contains("Diff window › Next change = F7"), qPrintable(all));
        QVERIFY2(all.contains("Help › Keyboard Shortcuts = F1"), qPrintable(all));
    }

    void iconIsEmbedded()
    {
        const QIcon icon(":/icons/kernellens.svg");
        QVERIFY(!icon.isNull());
        const QImage image = icon.pixmap(64, 64).toImage();
        QVERIFY(!image.isNull());
        QVERIFY(image.pixelColor(32, 32).alpha() > 0);
    }

    void coloursReadableInBothPalettes_data()
    {
        QTest::addColumn<bool>("dark");
        QTest::newRow("light") << false;
        QTest::newRow("dark") << true;
    }

    void coloursReadableInBothPalettes()
    {
        QFETCH(bool, dark);
        const QPalette p = dark ? darkPalette() : lightPalette();
        QCOMPARE(kl::gui::theme::isDark(p), dark);
        const QColor base = p.color(QPalette::Base), text = p.color(QPalette::Text);
        const auto s = kl::gui::theme::syntax(p);
        for (const QColor& c : {s.keyword, s.type, s.value, s.number, s.string, s.attribute})
            QVERIFY2(kl::gui::theme::contrast(c, base) >= 4.5,
                     qPrintable(c.name() + " on " + base.name() +
                                QString(": %1").arg(kl::gui::theme::contrast(c, base))));
        QVERIFY(kl::gui::theme::contrast(s.comment, base) >= 3.0);
        // Diff rows keep the palette's text colour on their backgrounds.
        const auto d = kl::gui::theme::diff(p);
        for (const QColor& bg : {d.removed, d.added, d.changedA, d.changedB, d.empty, d.spanA, d.spanB})
            QVERIFY2(kl::gui::theme::contrast(text, bg) >= 4.5,
                     qPrintable(text.name() + " on " + bg.name() +
                                QString(": %1").arg(kl::gui::theme::contrast(text, bg))));
    }

    void languageMenuSwitchesTheWindow()
    {
        kl::gui::MainWindow w;
        auto* menu = w.findChild<QMenu*>("languageMenu");
        QVERIFY(menu);
        QCOMPARE(menu->actions().size(), kl::gui::availableLanguages().size());
        QSignalSpy chosen(&w, &kl::gui::MainWindow::languageChosen);
        for (QAction* a : menu->actions())
            if (a->data().toString() == "zh_CN")
                a->trigger();
        QCOMPARE(chosen.size(), 1);
        QCOMPARE(chosen[0][0].toString(), QStringLiteral("zh_CN"));

        // A window built after the switch speaks the language.
        QVERIFY(kl::gui::installLanguage("zh_CN"));
        {
            kl::gui::MainWindow zh;
            const QString file = zh.menuBar()->actions().first()->text();
            QVERIFY2(file != "&File" && file.contains("(&F)"), qPrintable(file));
        }
        QVERIFY(kl::gui::installLanguage("de"));
        {
            kl::gui::MainWindow de;
            QVERIFY(de.menuBar()->actions().first()->text() != "&File");
        }
        QVERIFY(kl::gui::installLanguage("en"));
        kl::gui::MainWindow en;
        QCOMPARE(en.menuBar()->actions().first()->text(), QStringLiteral("&File"));
    }

    void windowLayoutIsKept()
    {
        QSettings().clear();
        {
            kl::gui::MainWindow w;
            w.show();
            auto* dock = w.findChild<QDockWidget*>("rootsDock");
            QVERIFY(dock && dock->isVisible());
            dock->hide();
            w.close();
        }
        QVERIFY(QSettings().contains("window/state"));
        kl::gui::MainWindow again;
        again.show();
        QVERIFY(!again.findChild<QDockWidget*>("rootsDock")->isVisible());
        QSettings().clear();
    }
};

QTEST_MAIN(TstDesktop)
#include "tst_desktop.moc"
