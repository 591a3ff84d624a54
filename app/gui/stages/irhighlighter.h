#pragma once

// Syntax colours for the stages a cache holds: MLIR (Triton's source, ttir, ttgir), LLVM IR,
// PTX, AMDGCN assembly, CUDA C++, JSON and SASS (as core/sass/sasstext writes it). Line-local rules only (no
// state across lines beyond C-style block comments), so highlighting one line never needs the others.

#include <QRegularExpression>
#include <QSyntaxHighlighter>
#include <QTextCharFormat>
#include <vector>

namespace kl::gui {

class IrHighlighter : public QSyntaxHighlighter {
    Q_OBJECT
public:
    enum class Language { Mlir, LlvmIr, Ptx, Amdgcn, Cuda, Json, Sass, Python, Plain };

    /// The language of a stage extension: "ttir" -> Mlir, "llir" -> LlvmIr, "cu" -> Cuda, ...
    static Language languageForStage(const QString& ext);

    IrHighlighter(Language language, QTextDocument* document);
    Language language() const { return m_language; }

protected:
    void highlightBlock(const QString& text) override;

private:
    struct Rule {
        QRegularExpression pattern;
        QTextCharFormat format;
    };
    void add(const QString& pattern, const QTextCharFormat& format);

    Language m_language;
    std::vector<Rule> m_rules;
    QTextCharFormat m_comment;
    bool m_blockComments = false; ///< C-style /* */ (PTX, CUDA)
};

} // namespace kl::gui
