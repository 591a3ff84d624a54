#include "nvdisasmtext.h"

#include <QDirIterator>
#include <QFileInfo>
#include <QProcess>
#include <QRegularExpression>

QString nvdisasmInVenv(const QString& venv)
{
    QDirIterator it(venv + "/lib", {"nvdisasm"}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QString p = it.next();
        if (p.endsWith("triton/backends/nvidia/bin/nvdisasm"))
            return p;
    }
    return {};
}

QList<NvdisasmRow> readNvdisasm(const QString& nvdisasm, const QStringList& flags, const QString& cubin)
{
    QProcess p;
    p.start(nvdisasm, flags + QStringList{cubin});
    p.waitForFinished(120000);
    const QStringList lines = QString::fromUtf8(p.readAllStandardOutput()).split('\n');
    static const QRegularExpression kLoc(
        R"re(^\s*//## File "([^"]*)", line (\d+)(?: inlined at "([^"]*)", line (\d+))?)re");
    static const QRegularExpression kIns(R"(^\s*/\*([0-9a-f]{4,})\*/\s+(.*?)\s*;\s*$)");
    QList<NvdisasmRow> rows;
    QStringList chain, block;
    bool inBlock = false;
    for (const QString& line : lines) {
        if (auto m = kLoc.match(line); m.hasMatch()) {
            if (!inBlock)
                block.clear();
            inBlock = true;
            block << QFileInfo(m.captured(1)).fileName() + ":" + m.captured(2);
            continue;
        }
        if (auto m = kIns.match(line); m.hasMatch()) {
            if (inBlock)
                chain = block;
            inBlock = false;
            rows.push_back({m.captured(1).toULongLong(nullptr, 16), m.captured(2).simplified(), chain});
        }
    }
    return rows;
}
