#pragma once
// What the trace suites share: where the corpus traces are, and their figures as traceexpect.py
// computes them (json.load with Decimal times), independently of the reader under test.
#include <QDir>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QString>

/// ../shared/corpus/traces, or empty when it is absent (the suites QSKIP then).
inline QString tracesDir()
{
    const QString dir = QStringLiteral(KL_SOURCE_DIR "/../shared/corpus/traces");
    return QDir(dir).exists() ? QDir(dir).canonicalPath() : QString();
}

inline QJsonObject expectedFigures(const QString& path)
{
    QProcess p;
    p.start(QStringLiteral("python3"), {QStringLiteral(KL_SOURCE_DIR "/tests/trace/traceexpect.py"), path});
    if (!p.waitForFinished(120000) || p.exitCode() != 0)
        qFatal("traceexpect.py failed: %s", p.readAllStandardError().constData());
    return QJsonDocument::fromJson(p.readAllStandardOutput()).object();
}
