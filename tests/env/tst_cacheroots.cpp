#include "core/env/cacheroots.h"
#include "tests/support/fakeenvironment.h"

#include <QTest>
#include <map>

using namespace kl;

namespace {

Environment fakeEnv(std::map<std::string, std::string> vars)
{
    return fakeEnvironment(std::move(vars));
}

} // namespace

class TstCacheRoots : public QObject {
    Q_OBJECT
private slots:
    void resolvesAsTritonDoes_data()
    {
        QTest::addColumn<QVariantMap>("vars");
        QTest::addColumn<QString>("cache");
        QTest::addColumn<QString>("reason");
        QTest::addColumn<QString>("dump");
        QTest::addColumn<int>("rootCount");
        QTest::addRow("defaults") << QVariantMap{} << "/home/u/.triton/cache"
                                  << "default (~/.triton/cache)"
                                  << "/home/u/.triton/dump" << 4;
        QTest::addRow("TRITON_HOME") << QVariantMap{{"TRITON_HOME", "/scratch/me"}}
                                     << "/scratch/me/.triton/cache"
                                     << "default ($TRITON_HOME/.triton/cache)"
                                     << "/scratch/me/.triton/dump" << 4;
        QTest::addRow("TRITON_CACHE_DIR stripped")
            << QVariantMap{{"TRITON_CACHE_DIR", "  /local/tc \n"}} << "/local/tc"
            << "TRITON_CACHE_DIR"
            << "/home/u/.triton/dump" << 3;
        QTest::addRow("empty TRITON_CACHE_DIR")
            << QVariantMap{{"TRITON_CACHE_DIR", ""}} << "/home/u/.triton/cache"
            << "default (~/.triton/cache)"
            << "/home/u/.triton/dump" << 4;
        QTest::addRow("dump dir") << QVariantMap{{"TRITON_DUMP_DIR", "/d"}} << "/home/u/.triton/cache"
                                  << "default (~/.triton/cache)"
                                  << "/d" << 4;
    }
    void resolvesAsTritonDoes()
    {
        QFETCH(QVariantMap, vars);
        std::map<std::string, std::string> m;
        for (auto it = vars.begin(); it != vars.end(); ++it)
            m[it.key().toStdString()] = it.value().toString().toStdString();
        auto roots = effectiveRoots(fakeEnv(m));
        QTEST(int(roots.size()), "rootCount");
        QTEST(QString::fromStdString(roots[0].path), "cache");
        QTEST(QString::fromStdString(roots[0].reason.english()), "reason");
        QTEST(QString::fromStdString(roots[1].path), "dump");
        QCOMPARE(QString::fromStdString(roots[2].reason.english()).contains("override"), true);
        if (roots.size() == 4)
            QCOMPARE(QString::fromStdString(roots[3].path), QStringLiteral("/tmp/torchinductor_u/triton"));
    }

    void emptyCacheDirGetsANote()
    {
        auto roots = effectiveRoots(fakeEnv({{"TRITON_CACHE_DIR", " "}}));
        QVERIFY(
            QString::fromStdString(roots[0].note.english()).contains("Could not create or locate cache dir"));
    }
};

QTEST_APPLESS_MAIN(TstCacheRoots)
#include "tst_cacheroots.moc"
