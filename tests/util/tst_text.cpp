// kl::Text: sentences kept as a template and arguments, so the CLI prints English and the GUI
// translates the same sentence (app/gui/coretext). Substitution is one pass: a path holding "%1"
// or "%" stays as it is.
#include "core/util/text.h"

#include <QTest>
#include <algorithm>
#include <cctype>

using kl::Text;

class TstText : public QObject {
    Q_OBJECT

private slots:
    void substitutesInOnePass()
    {
        QCOMPARE(kl::substitutePlaceholders("%1 and %2", {"a%2b", "100%"}), std::string("a%2b and 100%"));
        QCOMPARE(kl::substitutePlaceholders("%2 before %1", {"x", "y"}), std::string("y before x"));
        // A placeholder without an argument, and a lone '%', stay as written.
        QCOMPARE(kl::substitutePlaceholders("%1 %3 %", {"x"}), std::string("x %3 %"));
        QCOMPARE(kl::substitutePlaceholders("%1%1", {"ab"}), std::string("abab"));
    }

    void englishOfNestedSentences()
    {
        const Text inner =
            Text::of(KL_TEXT("kl::test", "cannot read %1: %2"), "/c/%1dir", "Permission denied");
        const Text outer = Text::of(KL_TEXT("kl::test", "%1 (entry %2 of %3)"), inner, 7, std::size_t(9));
        QCOMPARE(outer.english(), std::string("cannot read /c/%1dir: Permission denied (entry 7 of 9)"));
        QCOMPARE(Text::verbatim("%1 stays").english(), std::string("%1 stays"));
        QVERIFY(Text().empty());
        QVERIFY(!Text::verbatim("x").empty());
        QVERIFY(!Text(KL_TEXT("kl::test", "given")).empty());
    }

    void translatesTemplatesNotArguments()
    {
        // The translator sees each template (with its context) once, arguments first; verbatim
        // arguments pass untouched.
        std::vector<std::string> seen;
        auto shout = [&seen](const kl::TextSource& s) {
            seen.push_back(std::string(s.context) + "|" + s.source);
            std::string up = s.source;
            std::transform(up.begin(), up.end(), up.begin(),
                           [](unsigned char c) { return char(std::toupper(c)); });
            return up;
        };
        const Text t = Text::of(KL_TEXT("kl::test", "%1 is empty (%2)"), "/cache/abc/k.json",
                                Text(KL_TEXT("kl::test", "no details")));
        QCOMPARE(t.format(shout), std::string("/cache/abc/k.json IS EMPTY (NO DETAILS)"));
        QCOMPARE(seen, (std::vector<std::string>{"kl::test|no details", "kl::test|%1 is empty (%2)"}));
        QVERIFY(t.source());
        QCOMPARE(std::string(t.source()->context), std::string("kl::test"));
        QCOMPARE(t.args().size(), std::size_t(2));
        QVERIFY(!Text::verbatim("x").source());
    }
};

QTEST_APPLESS_MAIN(TstText)
#include "tst_text.moc"
