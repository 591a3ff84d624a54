// The table's repaints while rows stream in (common/paintthrottle): held back between frames,
// released by the timer, at once by the user's scrolling, and all on again when streaming stops.
// Paints are counted on the real viewport (offscreen); no test waits a fixed time.

#include "app/gui/common/paintthrottle.h"

#include <QScrollBar>
#include <QStandardItemModel>
#include <QTableView>
#include <QTest>

using kl::gui::PaintThrottle;

namespace {

class PaintCounter : public QObject {
public:
    int paints = 0;
    bool eventFilter(QObject*, QEvent* e) override
    {
        paints += e->type() == QEvent::Paint;
        return false;
    }
};

struct Fixture {
    QStandardItemModel model{0, 2};
    QTableView view;
    PaintCounter counter;
    Fixture()
    {
        view.setModel(&model);
        view.resize(400, 200);
        view.viewport()->installEventFilter(&counter);
        view.show();
    }
    void addRows(PaintThrottle& t, int n)
    {
        t.beforeChange();
        for (int i = 0; i < n; ++i)
            model.appendRow({new QStandardItem(QString::number(model.rowCount())),
                             new QStandardItem(QStringLiteral("x"))});
    }
    // Everything queued so far (paints included) has run.
    static void settle()
    {
        for (int i = 0; i < 5; ++i)
            QCoreApplication::processEvents();
    }
};

} // namespace

class TstPaintThrottle : public QObject {
    Q_OBJECT

private slots:
    void changesBetweenFramesAreHeldBack()
    {
        Fixture f;
        QVERIFY(QTest::qWaitForWindowExposed(&f.view));
        PaintThrottle t(&f.view, 60'000); // no frame falls due during the test
        t.start();
        f.addRows(t, 50); // the first change paints at once
        QVERIFY(f.view.viewport()->updatesEnabled());
        QTRY_VERIFY(f.counter.paints > 0);
        Fixture::settle();
        const int painted = f.counter.paints;
        for (int batch = 0; batch < 10; ++batch) {
            f.addRows(t, 50);
            Fixture::settle();
        }
        QVERIFY(!f.view.viewport()->updatesEnabled());
        QCOMPARE(f.counter.paints, painted);
        QCOMPARE(t.frames(), 1);
        t.stop(); // the held-back rows show
        QVERIFY(f.view.viewport()->updatesEnabled());
        QTRY_VERIFY(f.counter.paints > painted);
        QCOMPARE(t.frames(), 2);
    }

    void theTimerShowsHeldBackRows()
    {
        Fixture f;
        QVERIFY(QTest::qWaitForWindowExposed(&f.view));
        PaintThrottle t(&f.view,
                        500); // long enough that a slow (sanitized, shared) machine adds both batches in it
        t.start();
        f.addRows(t, 50);
        f.addRows(t, 50); // within 500 ms of the first: held back
        QVERIFY(!f.view.viewport()->updatesEnabled());
        Fixture::settle();
        const int painted = f.counter.paints;
        QTRY_VERIFY(f.view.viewport()->updatesEnabled());
        QTRY_VERIFY(f.counter.paints > painted);
        QCOMPARE(t.frames(), 2);
    }

    void scrollingPaintsAtOnce()
    {
        Fixture f;
        QVERIFY(QTest::qWaitForWindowExposed(&f.view));
        PaintThrottle t(&f.view, 60'000);
        t.start();
        f.addRows(t, 200);
        f.addRows(t, 200);
        Fixture::settle();
        QVERIFY(!f.view.viewport()->updatesEnabled());
        const int painted = f.counter.paints;
        f.view.verticalScrollBar()->setValue(f.view.verticalScrollBar()->maximum());
        QVERIFY(f.view.viewport()->updatesEnabled());
        QTRY_VERIFY(f.counter.paints > painted);
        // For a moment after the user's input, changes paint as they come.
        f.addRows(t, 10);
        QVERIFY(f.view.viewport()->updatesEnabled());
    }

    void aClickPaintsAtOnce()
    {
        Fixture f;
        QVERIFY(QTest::qWaitForWindowExposed(&f.view));
        PaintThrottle t(&f.view, 60'000);
        t.start();
        f.addRows(t, 20);
        f.addRows(t, 20);
        QVERIFY(!f.view.viewport()->updatesEnabled());
        QTest::mouseClick(f.view.viewport(), Qt::LeftButton, {}, QPoint(20, 10));
        QVERIFY(f.view.viewport()->updatesEnabled());
    }

    void inactiveChangesNothing()
    {
        Fixture f;
        PaintThrottle t(&f.view, 60'000);
        f.addRows(t, 10);
        f.addRows(t, 10);
        QVERIFY(f.view.viewport()->updatesEnabled());
        QCOMPARE(t.frames(), 0);
    }
};

QTEST_MAIN(TstPaintThrottle)
#include "tst_paintthrottle.moc"
