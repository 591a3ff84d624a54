#include "irhighlighter.h"

#include "app/gui/common/theme.h"

#include <QGuiApplication>

namespace kl::gui {
namespace {

QTextCharFormat colour(const QColor& color, bool bold = false, bool italic = false)
{
    QTextCharFormat f;
    f.setForeground(color);
    if (bold)
        f.setFontWeight(QFont::Bold);
    f.setFontItalic(italic);
    return f;
}

} // namespace

IrHighlighter::Language IrHighlighter::languageForStage(const QString& ext)
{
    if (ext == QLatin1String("ttir") || ext == QLatin1String("ttgir") || ext == QLatin1String("source") ||
        ext == QLatin1String("mlir"))
        return Language::Mlir;
    if (ext == QLatin1String("llir") || ext == QLatin1String("ll"))
        return Language::LlvmIr;
    if (ext == QLatin1String("ptx"))
        return Language::Ptx;
    if (ext == QLatin1String("amdgcn"))
        return Language::Amdgcn;
    if (ext == QLatin1String("cu") || ext == QLatin1String("cuh"))
        return Language::Cuda;
    if (ext == QLatin1String("json"))
        return Language::Json;
    if (ext == QLatin1String("sass"))
        return Language::Sass;
    if (ext == QLatin1String("python") || ext == QLatin1String("py"))
        return Language::Python;
    return Language::Plain;
}

IrHighlighter::IrHighlighter(Language language, QTextDocument* document)
    : QSyntaxHighlighter(document)
    , m_language(language)
{
    // The application's palette decides: a code view follows it (light or dark).
    const theme::SyntaxColours c = theme::syntax(QGuiApplication::palette());
    const QTextCharFormat keyword = colour(c.keyword, true);
    const QTextCharFormat type = colour(c.type);
    const QTextCharFormat value = colour(c.value);
    const QTextCharFormat number = colour(c.number);
    const QTextCharFormat string = colour(c.string);
    const QTextCharFormat attribute = colour(c.attribute);
    m_comment = colour(c.comment, false, true);

    const QString numbers = QStringLiteral("\\b-?(0x[0-9a-fA-F]+|[0-9]+(\\.[0-9]+)?([eE][-+]?[0-9]+)?)\\b");
    switch (language) {
    case Language::Mlir:
        add(numbers, number);
        add(QStringLiteral("\\b(i1|i8|i16|i32|i64|f16|bf16|f32|f64|index|tensor|memref|vector|none)\\b"),
            type);
        add(QStringLiteral("![A-Za-z_.][\\w.]*(<[^>]*>)?"), type); // !tt.ptr<f32>
        add(QStringLiteral("\\b[a-z_]+\\.[a-z_.]+\\b"), keyword);  // tt.load, arith.addi
        add(QStringLiteral("\\b(module|func|return|attributes|loc)\\b"), keyword);
        add(QStringLiteral("[%^][\\w.$-]+"), value); // %12, %arg0, ^bb1
        add(QStringLiteral("#[\\w.]+"), attribute);  // #blocked, #loc3
        add(QStringLiteral("@[\\w.$]+"), attribute);
        add(QStringLiteral("\"([^\"\\\\]|\\\\.)*\""), string);
        add(QStringLiteral("//.*$"), m_comment);
        break;
    case Language::LlvmIr:
        add(numbers, number);
        add(QStringLiteral("\\b(i1|i8|i16|i32|i64|i128|half|bfloat|float|double|void|ptr|label|metadata)\\b"),
            type);
        add(QStringLiteral(
                "\\b(define|declare|ret|br|call|load|store|getelementptr|inbounds|add|sub|mul|fadd|"
                "fsub|fmul|fdiv|icmp|fcmp|select|phi|sext|zext|trunc|bitcast|addrspacecast|alloca|"
                "and|or|xor|shl|lshr|ashr|nsw|nuw|align|addrspace|to|tail|switch|unreachable)\\b"),
            keyword);
        add(QStringLiteral("[%@][\\w.$-]+"), value);
        add(QStringLiteral("![\\w.]+"), attribute); // !dbg, !12
        add(QStringLiteral("#\\d+"), attribute);
        add(QStringLiteral("\"([^\"\\\\]|\\\\.)*\""), string);
        add(QStringLiteral(";.*$"), m_comment);
        break;
    case Language::Ptx:
        add(numbers, number);
        add(QStringLiteral("\\.(u|s|b|f)(8|16|32|64)\\b|\\.pred\\b|\\.f16x2\\b|\\.bf16\\b"), type);
        add(QStringLiteral("(^|\\s)\\.[a-z_]+"), attribute);             // .reg, .param, .global
        add(QStringLiteral("\\b[a-z]+(\\.[a-z0-9]+)*(?=\\s)"), keyword); // ld.global.f32
        add(QStringLiteral("%[\\w.]+"), value);                          // %r12, %rd3, %tid.x
        add(QStringLiteral("\\$[\\w]+"), attribute);                     // $L__BB0_2
        add(QStringLiteral("\"([^\"\\\\]|\\\\.)*\""), string);
        add(QStringLiteral("//.*$"), m_comment);
        m_blockComments = true;
        break;
    case Language::Amdgcn:
        add(numbers, number);
        add(QStringLiteral("\\b[sv]_[a-z0-9_]+\\b|\\b(global|buffer|flat|ds|scratch)_[a-z0-9_]+\\b"),
            keyword);
        add(QStringLiteral("\\b[sv]\\[?\\d+(:\\d+)?\\]?\\b|\\b(vcc|exec|scc|m0)(_lo|_hi)?\\b"), value);
        add(QStringLiteral("^\\s*\\.[\\w.]+"), attribute);
        add(QStringLiteral("\"([^\"\\\\]|\\\\.)*\""), string);
        add(QStringLiteral(";.*$"), m_comment);
        break;
    case Language::Cuda:
        add(numbers, number);
        add(QStringLiteral(
                "\\b(void|int|unsigned|float|double|half|bool|char|short|long|size_t|float2|float4|"
                "int2|int4|auto|const|static|inline|struct|typedef|template|typename)\\b"),
            type);
        add(QStringLiteral("\\b(__global__|__device__|__host__|__shared__|__constant__|__restrict__|"
                           "__launch_bounds__|__syncthreads|extern|if|else|for|while|do|return|break|"
                           "continue|switch|case|default)\\b"),
            keyword);
        add(QStringLiteral("\\b(threadIdx|blockIdx|blockDim|gridDim|warpSize)\\b"), value);
        add(QStringLiteral("^\\s*#\\s*\\w+"), attribute);
        add(QStringLiteral("\"([^\"\\\\]|\\\\.)*\""), string);
        add(QStringLiteral("//.*$"), m_comment);
        m_blockComments = true;
        break;
    case Language::Json:
        add(numbers, number);
        add(QStringLiteral("\\b(true|false|null|Infinity|NaN)\\b"), keyword);
        add(QStringLiteral("\"([^\"\\\\]|\\\\.)*\""), string);
        add(QStringLiteral("\"([^\"\\\\]|\\\\.)*\"(?=\\s*:)"), attribute); // keys
        break;
    case Language::Sass:
        add(numbers, number);
        // The opcode with its modifiers, after the offset and any predicate: LDG.E.128.
        add(QStringLiteral("^\\s*/\\*[0-9a-f]+\\*/\\s+(@!?U?P[T0-9]\\s+)?\\K[A-Z][A-Z0-9_]*(\\.[A-Z0-9_]+)*"),
            keyword);
        add(QStringLiteral("\\b(R[0-9]+|RZ|UR[0-9]+|URZ|U?P[0-9T]|SR_[A-Z_.]+|SRZ)\\b"), value);
        add(QStringLiteral("@!?U?P[T0-9]"), attribute);
        add(QStringLiteral("\\.L_x_[0-9]+"), attribute);
        add(QStringLiteral("c\\[0x[0-9a-f]+\\]\\[0x[0-9a-f]+\\]"), type);
        add(QStringLiteral("/\\*[0-9a-f]+\\*/"), m_comment);
        add(QStringLiteral("//.*$"), m_comment);
        break;
    case Language::Python:
        add(numbers, number);
        add(QStringLiteral(
                "\\b(def|return|for|in|if|elif|else|while|import|from|as|with|and|or|not|is|None|True|"
                "False|lambda|class|pass|break|continue|yield|assert|raise|try|except|finally)\\b"),
            keyword);
        add(QStringLiteral("^\\s*@[\\w.]+"), attribute); // @triton.jit
        add(QStringLiteral("\\btl\\.[\\w.]+"), type);    // tl.load, tl.constexpr
        add(QStringLiteral("\"([^\"\\\\]|\\\\.)*\"|'([^'\\\\]|\\\\.)*'"), string);
        add(QStringLiteral("#.*$"), m_comment);
        break;
    case Language::Plain: break;
    }
}

void IrHighlighter::add(const QString& pattern, const QTextCharFormat& format)
{
    m_rules.push_back({QRegularExpression(pattern), format});
}

void IrHighlighter::highlightBlock(const QString& text)
{
    // Later rules win where they overlap: strings and comments are added last.
    for (const Rule& rule : m_rules) {
        auto it = rule.pattern.globalMatch(text);
        while (it.hasNext()) {
            const QRegularExpressionMatch m = it.next();
            if (m.capturedLength() > 0)
                setFormat(int(m.capturedStart()), int(m.capturedLength()), rule.format);
        }
    }
    if (!m_blockComments)
        return;
    // /* ... */ spanning lines: block state 1 = inside a comment at the end of the line.
    setCurrentBlockState(0);
    int start = previousBlockState() == 1 ? 0 : int(text.indexOf(QLatin1String("/*")));
    while (start >= 0) {
        const int end =
            int(text.indexOf(QLatin1String("*/"), start + (previousBlockState() == 1 && start == 0 ? 0 : 2)));
        if (end < 0) {
            setCurrentBlockState(1);
            setFormat(start, int(text.size()) - start, m_comment);
            return;
        }
        setFormat(start, end + 2 - start, m_comment);
        start = int(text.indexOf(QLatin1String("/*"), end + 2));
    }
}

} // namespace kl::gui
