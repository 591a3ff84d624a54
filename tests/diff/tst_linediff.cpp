// The diff engine: edit scripts that turn a into b, minimal where Myers runs, output identical
// to `diff -u` on cases with one best alignment, and the IR normalisations.

#include "core/diff/linediff.h"
#include "core/diff/unifieddiff.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QTest>
#include <random>

namespace {

std::vector<std::string_view> views(const std::vector<std::string>& v)
{
    return {v.begin(), v.end()};
}

// Applies the ops to a; must give b exactly (with no normalisation asked for).
bool reproduces(const std::vector<std::string>& a, const std::vector<std::string>& b, const kl::LineDiff& d,
                QString& why)
{
    std::vector<std::string> out;
    std::size_t ai = 0, bi = 0;
    for (const kl::DiffOp& op : d.ops) {
        if (op.kind == kl::DiffOpKind::Equal) {
            if (op.aStart != ai || op.bStart != bi) {
                why = QString("equal run at a%1 b%2, expected a%3 b%4")
                          .arg(op.aStart)
                          .arg(op.bStart)
                          .arg(ai)
                          .arg(bi);
                return false;
            }
            for (std::size_t i = 0; i < op.count; ++i) {
                if (a[ai + i] != b[bi + i]) {
                    why = "equal run pairs different lines";
                    return false;
                }
                out.push_back(a[ai + i]);
            }
            ai += op.count, bi += op.count;
        } else if (op.kind == kl::DiffOpKind::Delete) {
            ai += op.count;
        } else {
            for (std::size_t i = 0; i < op.count; ++i)
                out.push_back(b[op.bStart + i]);
            bi += op.count;
        }
    }
    if (ai != a.size() || bi != b.size() || out != b) {
        why = "ops do not cover both texts or do not give b";
        return false;
    }
    return true;
}

std::size_t lcsLength(const std::vector<std::string>& a, const std::vector<std::string>& b)
{
    std::vector<std::size_t> prev(b.size() + 1, 0), cur(b.size() + 1, 0);
    for (std::size_t i = 1; i <= a.size(); ++i) {
        for (std::size_t j = 1; j <= b.size(); ++j)
            cur[j] = a[i - 1] == b[j - 1] ? prev[j - 1] + 1 : std::max(prev[j], cur[j - 1]);
        std::swap(prev, cur);
    }
    return prev[b.size()];
}

QByteArray diffU(const QByteArray& a, const QByteArray& b)
{
    QTemporaryDir dir;
    QFile fa(dir.filePath("a")), fb(dir.filePath("b"));
    fa.open(QIODevice::WriteOnly);
    fa.write(a);
    fa.close();
    fb.open(QIODevice::WriteOnly);
    fb.write(b);
    fb.close();
    QProcess p;
    p.start("diff", {"-u", "--label", "a", "--label", "b", fa.fileName(), fb.fileName()});
    p.waitForFinished();
    return p.readAllStandardOutput();
}

} // namespace

class TstLineDiff : public QObject {
    Q_OBJECT
private slots:
    void splitting()
    {
        QCOMPARE(kl::splitLines("a\nb\n").lines.size(), std::size_t(2));
        QCOMPARE(kl::splitLines("a\nb").lines.size(), std::size_t(2));
        QCOMPARE(kl::splitLines("").lines.size(), std::size_t(0));
        QCOMPARE(kl::splitLines("\n\n").lines.size(), std::size_t(2));
    }

    void randomEditsAreReproduced()
    {
        std::mt19937 rng(7);
        for (int round = 0; round < 300; ++round) {
            const int alphabet = round % 2 ? 2 + int(rng() % 40) : 1000 + int(rng() % 1000);
            std::vector<std::string> a, b;
            const int n = int(rng() % 300), m = int(rng() % 300);
            for (int i = 0; i < n; ++i)
                a.push_back("line " + std::to_string(rng() % alphabet));
            // b: a with random edits, or unrelated.
            const bool unrelated = rng() % 4 == 0;
            if (unrelated) {
                for (int i = 0; i < m; ++i)
                    b.push_back("line " + std::to_string(rng() % alphabet));
            } else {
                for (const std::string& l : a) {
                    const unsigned r = rng() % 20;
                    if (r == 0)
                        continue;
                    if (r == 1)
                        b.push_back("new " + std::to_string(rng() % 5));
                    b.push_back(l);
                }
            }
            const kl::LineDiff d = kl::diffLines(views(a), views(b));
            QString why;
            QVERIFY2(reproduces(a, b, d, why), qPrintable(QString("round %1: %2").arg(round).arg(why)));
            // Histogram is not always minimal, but on sparse edits of mostly distinct lines (as IR
            // is) it stays close to it. Small alphabets (lines repeated dozens of times) anchor on
            // frequent lines, as git's histogram does too.
            const std::size_t minimal = a.size() + b.size() - 2 * lcsLength(a, b);
            if (!unrelated && alphabet > 3 * n)
                QVERIFY2(d.deleted + d.inserted <= 2 * minimal,
                         qPrintable(QString("round %1: %2 changes, %3 needed")
                                        .arg(round)
                                        .arg(d.deleted + d.inserted)
                                        .arg(minimal)));
        }
    }

    // Every line repeats more than 64 times: no anchor exists and Myers aligns the region, which
    // must then be minimal (deletions + insertions = n + m - 2 LCS).
    void anchorlessRegionsAreMinimal()
    {
        std::mt19937 rng(11);
        for (int round = 0; round < 30; ++round) {
            std::vector<std::string> a, b;
            for (int i = 0; i < 600; ++i)
                a.push_back(rng() % 2 ? "}" : "  ret");
            for (int i = 0; i < 600; ++i)
                b.push_back(rng() % 2 ? "}" : "  ret");
            const kl::LineDiff d = kl::diffLines(views(a), views(b));
            QString why;
            QVERIFY2(reproduces(a, b, d, why), qPrintable(why));
            const std::size_t lcs = lcsLength(a, b);
            QCOMPARE(d.deleted, a.size() - lcs);
            QCOMPARE(d.inserted, b.size() - lcs);
        }
    }

    void unifiedOutputMatchesDiffU_data()
    {
        QTest::addColumn<QByteArray>("a");
        QTest::addColumn<QByteArray>("b");
        QTest::newRow("change, far apart") << QByteArray("a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\n")
                                           << QByteArray("a\nB\nc\nd\ne\nf\ng\nh\ni\nj\nK\nl\n");
        QTest::newRow("close changes join one hunk")
            << QByteArray("1\n2\n3\n4\n5\n6\n7\n8\n") << QByteArray("1\nx\n3\n4\n5\n6\ny\n8\n");
        QTest::newRow("insert at start") << QByteArray("a\nb\n") << QByteArray("new\na\nb\n");
        QTest::newRow("append") << QByteArray("a\nb\nc\nd\ne\n") << QByteArray("a\nb\nc\nd\ne\nf\n");
        QTest::newRow("delete all") << QByteArray("a\nb\n") << QByteArray("");
        QTest::newRow("from empty") << QByteArray("") << QByteArray("x\n");
        QTest::newRow("one line") << QByteArray("a\n") << QByteArray("b\n");
    }

    void unifiedOutputMatchesDiffU()
    {
        QFETCH(QByteArray, a);
        QFETCH(QByteArray, b);
        const kl::TextLines ta = kl::splitLines(a.toStdString()), tb = kl::splitLines(b.toStdString());
        const kl::LineDiff d = kl::diffLines(ta.lines, tb.lines);
        const std::string ours = kl::unifiedDiff(ta.lines, tb.lines, d, {});
        QCOMPARE(QByteArray::fromStdString(ours), diffU(a, b));
    }

    void ssaNumbersCanBeIgnored()
    {
        const std::vector<std::string> a = {"%12 = arith.addi %10, %11 : i32", "ld.global.f32 %f3, [%rd7];",
                                            "^bb3:", "%arg0 = tt.load %5"};
        const std::vector<std::string> b = {"%15 = arith.addi %13, %14 : i32", "ld.global.f32 %f9, [%rd2];",
                                            "^bb1:", "%arg1 = tt.load %7"};
        QCOMPARE(kl::diffLines(views(a), views(b)).deleted, std::size_t(4));
        kl::DiffOptions o;
        o.ignoreSsa = true;
        QVERIFY(kl::diffLines(views(a), views(b), o).identical());
        // A real change still shows.
        const std::vector<std::string> c = {"%15 = arith.muli %13, %14 : i32"};
        QVERIFY(!kl::diffLines(views({a[0]}), views(c), o).identical());
        std::string n;
        kl::normaliseLine("%c0_i32 = arith.constant 0 : i32", o, n);
        QCOMPARE(n, std::string("%c#_i32 = arith.constant 0 : i32"));
    }

    void locationsCanBeIgnored()
    {
        const std::vector<std::string> a = {"#loc = loc(\"/home/a/k.py\":10:0)",
                                            "%0 = tt.get_program_id x : i32 loc(#loc1)",
                                            "  .loc 1 12 5",
                                            "  add.s32 %r1, %r2, %r3;",
                                            "  %5 = add i32 %3, %4, !dbg !17",
                                            "!17 = !DILocation(line: 12, column: 5, scope: !4)",
                                            "tt.return loc(#loc9)"};
        const std::vector<std::string> b = {"#loc = loc(\"/home/b/k.py\":11:0)",
                                            "#loc3 = loc(\"/home/b/k.py\":14:0)",
                                            "%0 = tt.get_program_id x : i32 loc(#loc2)",
                                            "  add.s32 %r1, %r2, %r3;",
                                            "  .loc 1 14 5",
                                            "  %5 = add i32 %3, %4, !dbg !21",
                                            "tt.return"};
        kl::DiffOptions o;
        o.ignoreLocations = true;
        const kl::LineDiff d = kl::diffLines(views(a), views(b), o);
        QVERIFY(d.identical());
        QCOMPARE(d.aLines.size(), std::size_t(4)); // 3 location-only lines left out of a
        QVERIFY(!kl::diffLines(views(a), views(b)).identical());
        QVERIFY(kl::isLocationLine(".file 1 \"k.py\""));
        QVERIFY(!kl::isLocationLine(".local .align 4 .b8 buf[16];"));
    }

    void spaceCanBeIgnored()
    {
        kl::DiffOptions o;
        o.ignoreSpace = true;
        QVERIFY(kl::diffLines(views({"  a   b\t c  "}), views({"a b c"}), o).identical());
        QVERIFY(!kl::diffLines(views({"a b c"}), views({"abc"}), o).identical());
    }

    void intraLine()
    {
        const kl::IntraLine c = kl::intraLineChange("%5 = add i32 %3, %4", "%5 = mul i32 %3, %4");
        QCOMPARE(c.a, std::make_pair(std::size_t(5), std::size_t(8)));
        QCOMPARE(c.b, std::make_pair(std::size_t(5), std::size_t(8)));
        const kl::IntraLine d = kl::intraLineChange("abc", "abXYc");
        QCOMPARE(d.a, std::make_pair(std::size_t(2), std::size_t(2)));
        QCOMPARE(d.b, std::make_pair(std::size_t(2), std::size_t(4)));
    }

    void sideBySideRows()
    {
        const std::vector<std::string> a = {"same", "old 1", "old 2", "old 3", "same 2", "gone"};
        const std::vector<std::string> b = {"same", "new 1", "same 2", "added"};
        const kl::LineDiff d = kl::diffLines(views(a), views(b));
        const std::vector<kl::AlignedRow> rows = kl::alignRows(d);
        using R = kl::AlignedRow;
        const std::vector<std::tuple<int, int, int>> expected = {{R::Same, 0, 0},     {R::Changed, 1, 1},
                                                                 {R::Deleted, 2, -1}, {R::Deleted, 3, -1},
                                                                 {R::Same, 4, 2},     {R::Changed, 5, 3}};
        QCOMPARE(rows.size(), expected.size());
        for (std::size_t i = 0; i < rows.size(); ++i) {
            QCOMPARE(int(rows[i].kind), std::get<0>(expected[i]));
            QCOMPARE(int(rows[i].a), std::get<1>(expected[i]));
            QCOMPARE(int(rows[i].b), std::get<2>(expected[i]));
        }
    }

    void cancel()
    {
        std::vector<std::string> a(5000, "x"), b(5000, "y");
        std::atomic<bool> stop{true};
        QVERIFY(kl::diffLines(views(a), views(b), {}, &stop).cancelled);
    }
};

QTEST_GUILESS_MAIN(TstLineDiff)
#include "tst_linediff.moc"
