// kl::DynamicLibrary: the one loader for libraries opened at run time (NVRTC, nvJitLink, the CUDA
// driver). Candidates in order, why it failed as a Text naming the library and the loader's cause,
// a table of symbols with the first missing one named.
#include "core/util/dynlib.h"

#include <QTest>

using kl::DynamicLibrary;

class TstDynlib : public QObject {
    Q_OBJECT

private slots:
    void missingLibrariesAreNamedWithTheLoadersCause()
    {
        const auto lib = DynamicLibrary::open({"/nonexistent/libfirst.so", "", "/nonexistent/libsecond.so"},
                                              KL_TEXT("kl::test", "no test library (%1)"));
        QVERIFY(!lib);
        const std::string why = lib.error().english();
        QVERIFY2(why.starts_with("no test library (/nonexistent/libfirst.so: cannot open shared object file"),
                 why.c_str());
        QVERIFY2(why.find("; /nonexistent/libsecond.so: ") != std::string::npos, why.c_str());
        QVERIFY2(why.ends_with(")"), why.c_str());
        // The template stays a template: the GUI translates it, the cause is a verbatim argument.
        QVERIFY(lib.error().source());
        QCOMPARE(lib.error().args().size(), std::size_t(1));
    }

    void theFirstCandidateThatOpensIsUsed()
    {
        const auto lib =
            DynamicLibrary::open({"/nonexistent/libm.so", "libm.so.6"}, KL_TEXT("kl::test", "no libm (%1)"));
        QVERIFY2(lib, lib ? "" : lib.error().english().c_str());
        QCOMPARE(lib->path(), std::string("libm.so.6"));
    }

    void symbolsAreResolvedAndTheFirstMissingOneNamed()
    {
        const auto lib = DynamicLibrary::open({"libm.so.6"}, KL_TEXT("kl::test", "no libm (%1)"));
        QVERIFY(lib);
        double (*cosine)(double) = nullptr;
        double (*sine)(double) = nullptr;
        void (*missing)() = nullptr;
        QCOMPARE(lib->resolve({kl::dynamicSlot(cosine, "cos"), kl::dynamicSlot(sine, "sin")}), std::string());
        QVERIFY(cosine && sine);
        QCOMPARE(cosine(0.0), 1.0);
        QCOMPARE(lib->resolve({kl::dynamicSlot(missing, "kl_no_such_symbol"), kl::dynamicSlot(sine, "sin")}),
                 std::string("kl_no_such_symbol"));
        QVERIFY(!missing);
        QVERIFY(sine);
        // A same-signature fallback for a symbol this library lacks.
        auto older = [](const std::string& name) -> const char* {
            return name == "kl_new_cos" ? "cos" : nullptr;
        };
        QCOMPARE(lib->resolve({kl::dynamicSlot(cosine, "kl_new_cos")}, older), std::string());
        QCOMPARE(cosine(0.0), 1.0);
    }

    // openWithFunctions: what libarchive, libmagic, NVRTC and nvJitLink are opened with.
    void aTableIsFilledOrItsFirstMissingFunctionNamed()
    {
        double (*cosine)(double) = nullptr;
        const auto lib =
            kl::openWithFunctions({"/nonexistent/libm.so", "libm.so.6"}, KL_TEXT("kl::test", "no libm (%1)"),
                                  {kl::dynamicSlot(cosine, "cos")});
        QVERIFY2(lib, lib ? "" : lib.error().english().c_str());
        QCOMPARE(lib->path(), std::string("libm.so.6"));
        QCOMPARE(cosine(0.0), 1.0);

        void (*missing)() = nullptr;
        const auto lacking = kl::openWithFunctions(
            {"libm.so.6"}, KL_TEXT("kl::test", "no libm (%1)"),
            {kl::dynamicSlot(cosine, "cos"), kl::dynamicSlot(missing, "kl_no_such_symbol")});
        QVERIFY(!lacking);
        QCOMPARE(lacking.error().english(), std::string("libm.so.6 lacks kl_no_such_symbol"));

        const auto absent = kl::openWithFunctions({"/nonexistent/libkl.so"}, KL_TEXT("kl::test", "none (%1)"),
                                                  {kl::dynamicSlot(cosine, "cos")});
        QVERIFY(!absent);
        QVERIFY2(absent.error().english().starts_with("none (/nonexistent/libkl.so: "),
                 absent.error().english().c_str());
    }
};

QTEST_GUILESS_MAIN(TstDynlib)
#include "tst_dynlib.moc"
