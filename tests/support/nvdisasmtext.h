#pragma once

#include <QList>
#include <QString>
#include <QStringList>

// nvdisasm's text read the tests' own way (not with core/sass): what the SASS and line-map suites
// compare KernelLens's reading with. Also where the fixtures' nvdisasm is.

/// The nvdisasm Triton's wheel put in this virtual environment, or empty.
QString nvdisasmInVenv(const QString& venv);

struct NvdisasmRow {
    quint64 offset = 0;
    QString text;
    QStringList chain; ///< "file:line" (file name only) of each //## line in force, innermost first
};

/// Runs `nvdisasm FLAGS cubin` and reads each /*offset*/ row with the //## lines in force.
QList<NvdisasmRow> readNvdisasm(const QString& nvdisasm, const QStringList& flags, const QString& cubin);
