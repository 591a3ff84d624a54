#include "compiledialog.h"

#include "app/gui/common/coretext.h"
#include "core/cubin/cubininfo.h"
#include "core/env/environment.h"
#include "core/events/eventlog.h"
#include "core/events/eventlogsettings.h"
#include "core/nvrtc/nvrtccompiler.h"
#include "core/util/posixfile.h"
#include "core/util/utf8.h"
#include "gpu/gpustatus.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QVBoxLayout>

namespace kl::gui {

CompileDialog::CompileDialog(QString cacheRoot, QString eventsLog, QWidget* parent)
    : QDialog(parent)
    , m_cacheRoot(std::move(cacheRoot))
    , m_eventsLog(std::move(eventsLog))
    , m_job(exclusivePool())
{
    setWindowTitle(tr("Compile CUDA File"));
    m_file = new QLineEdit(this);
    m_file->setObjectName(QStringLiteral("cuFile"));
    auto* browse = new QPushButton(tr("&Browse…"), this);
    m_arch = new QComboBox(this);
    const ToolkitInfo& tk = toolkitInfo();
    for (int a : tk.archs)
        m_arch->addItem(QStringLiteral("sm_%1").arg(a));
    // The local GPU's arch when there is one (the status is cached after the first ask).
    const GpuStatus gpu = gpuStatus();
    const int local =
        gpu.available ? m_arch->findText(QString::fromStdString(gpu.devices.front().arch())) : -1;
    const int sm90 = m_arch->findText(QStringLiteral("sm_90"));
    m_arch->setCurrentIndex(local >= 0 ? local : sm90 >= 0 ? sm90 : 0);
    m_opt = new QComboBox(this);
    m_opt->addItems(
        {QStringLiteral("-O3"), QStringLiteral("-O2"), QStringLiteral("-O1"), QStringLiteral("-O0")});
    m_defines = new QLineEdit(this);
    m_defines->setPlaceholderText(tr("NAME=VALUE NAME2=VALUE2"));
    m_always = new QCheckBox(tr("Compile even when the cache has it"), this);
    m_compile = new QPushButton(tr("&Compile"), this);
    m_compile->setDefault(true);
    m_openCache = new QPushButton(tr("Browse the Cac&he"), this);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_result = new QPlainTextEdit(this);
    m_result->setReadOnly(true);
    m_result->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
    if (!tk.nvrtc) {
        m_status->setText(tr("Compiling is unavailable: %1").arg(coreText(tk.whyUnavailable)));
        m_compile->setEnabled(false);
    }

    auto* fileRow = new QHBoxLayout;
    fileRow->addWidget(m_file, 1);
    fileRow->addWidget(browse);
    auto* form = new QFormLayout;
    form->addRow(tr("File:"), fileRow);
    form->addRow(tr("Arch:"), m_arch);
    form->addRow(tr("Optimisation:"), m_opt);
    form->addRow(tr("Defines:"), m_defines);
    form->addRow(QString(), m_always);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_compile);
    buttons->addWidget(m_openCache);
    buttons->addStretch();
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addLayout(buttons);
    layout->addWidget(m_status);
    layout->addWidget(m_result, 1);
    resize(820, 560);

    connect(browse, &QPushButton::clicked, this, [this] {
        const QString f = QFileDialog::getOpenFileName(this, tr("Open CUDA File"), QString(),
                                                       tr("CUDA C++ (*.cu *.cuh);;All (*)"));
        if (!f.isEmpty())
            setSourceFile(f);
    });
    connect(m_compile, &QPushButton::clicked, this, &CompileDialog::compile);
    connect(m_openCache, &QPushButton::clicked, this, [this] { emit openCacheRequested(m_cacheRoot); });
}

CompileDialog::~CompileDialog() = default;

QString CompileDialog::resultText() const
{
    return m_status->text() + QLatin1Char('\n') + m_result->toPlainText();
}

void CompileDialog::setSourceFile(const QString& path)
{
    m_file->setText(path);
}

void CompileDialog::compile()
{
    if (m_job.isRunning())
        return;
    NvrtcRequest req;
    req.sourcePath = m_file->text().toStdString();
    auto source = readFile(req.sourcePath, 64ull << 20);
    if (!source) {
        m_status->setText(
            QString::fromStdString(printableName(req.sourcePath) + ": " + source.error().english()));
        m_result->clear();
        emit finished();
        return;
    }
    req.source = std::move(*source);
    req.options.arch = m_arch->currentText().toStdString();
    req.options.optLevel = 3 - m_opt->currentIndex();
    for (const QString& d : m_defines->text().split(QLatin1Char(' '), Qt::SkipEmptyParts))
        req.options.defines.push_back(d.toStdString());
    req.alwaysCompile = m_always->isChecked();
    m_compile->setEnabled(false);
    m_status->setText(
        tr("Compiling %1 for %2…").arg(QFileInfo(m_file->text()).fileName(), m_arch->currentText()));
    m_job.start(
        [req, root = m_cacheRoot.toStdString(), log = m_eventsLog.toStdString()](const JobToken&) {
            NvrtcCacheResult r = NvrtcCache(root).compile(req);
            if (!log.empty() && r.ok) {
                const EventLog events(log, eventLogOptionsFromEnvironment(Environment::current()));
                (void)events.append(r.event); // a log that cannot be written must not fail the compile
            }
            return r;
        },
        [this](const NvrtcCacheResult& r) { onFinished(r); });
}

void CompileDialog::onFinished(const NvrtcCacheResult& r)
{
    m_compile->setEnabled(toolkitInfo().nvrtc);
    QString text;
    for (const CompileDiagnostic& d : r.compile.diagnostics)
        text += QStringLiteral("%1:%2: %3: %4\n")
                    .arg(QString::fromStdString(d.file))
                    .arg(d.line)
                    .arg(QString::fromStdString(d.severity), QString::fromStdString(d.message));
    if (!r.ok) {
        m_status->setText(tr("Failed: %1").arg(coreText(r.error)));
        m_result->setPlainText(text.isEmpty() ? QString::fromStdString(r.compile.log) : text);
        emit finished();
        return;
    }
    QString stages;
    for (const auto& [stage, us] : r.event.stagesUs)
        stages += QStringLiteral("%1%2 %3 ms")
                      .arg(stages.isEmpty() ? "" : ", ", QString::fromStdString(stage))
                      .arg(double(us) / 1000.0, 0, 'f', 1);
    m_status->setText(
        (r.hit ? tr("Cache hit: loaded without compiling") : tr("Compiled (cache miss)")) +
        (r.repaired.empty()
             ? QString()
             : tr("; the cached entry was unusable (%1) and was recompiled").arg(coreText(r.repaired))));
    text += tr("time    %1 ms (%2)\n").arg(double(r.event.totalUs) / 1000.0, 0, 'f', 1).arg(stages);
    text += tr("key     %1\nentry   %2\n")
                .arg(QString::fromStdString(r.key.hex), QString::fromStdString(r.entryPath));
    const CubinResult info =
        readCubinInfo(std::span(reinterpret_cast<const std::uint8_t*>(r.cubin.data()), r.cubin.size()));
    if (info.ok)
        for (const CubinKernel& k : info.info.kernels)
            text += tr("kernel  %1: %2 registers, %3 B static shared, %4 B local\n")
                        .arg(QString::fromStdString(k.name))
                        .arg(k.registers ? QString::number(*k.registers) : QStringLiteral("?"))
                        .arg(k.staticSharedBytes)
                        .arg(k.frameSize.value_or(0));
    if (!r.storeError.empty())
        text += tr("not cached: %1\n").arg(coreText(r.storeError));
    m_result->setPlainText(text);
    emit finished();
}

} // namespace kl::gui
