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

/// One kernel of device 0 as Kineto writes it (times in us).
inline QString kernelEventJson(const char* name, int ts, int dur, int stream)
{
    return QStringLiteral("{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"%1\",\"pid\":0,\"tid\":%2,"
                          "\"ts\":%3,\"dur\":%4,\"args\":{\"device\":0,\"stream\":%2}}")
        .arg(QLatin1String(name))
        .arg(stream)
        .arg(ts)
        .arg(dur);
}

/// A Kineto trace of three kernels on one device: compute on stream 7 [0,100) us, DeepEP's
/// dispatch on stream 27 [20,50) and, on the same stream, a kernel no rule names [50,60).
inline QByteArray commTraceJson()
{
    return ("{\"traceEvents\":[" + kernelEventJson("gemm", 0, 100, 7) + "," +
            kernelEventJson("void deep_ep::internode::dispatch<8>(int)", 20, 30, 27) + "," +
            kernelEventJson("my_expert_exchange", 50, 10, 27) + "]}")
        .toUtf8();
}

/// Communication partly under compute, partly alone, on one device: compute on stream 7 [0,40) and
/// [50,90) us; DeepEP on stream 27 [10,30) (under compute) and [80,100) (half under); NCCL on
/// stream 9 [120,150) (alone). Hidden: 20 + 10 = 30 us; exposed: 10 + 30 = 40 us.
inline QByteArray overlapTraceJson()
{
    return ("{\"traceEvents\":[" + kernelEventJson("gemm", 0, 40, 7) + "," +
            kernelEventJson("gemm", 50, 40, 7) + "," +
            kernelEventJson("void deep_ep::internode::dispatch<8>(int)", 10, 20, 27) + "," +
            kernelEventJson("void deep_ep::internode::combine<8>(int)", 80, 20, 27) + "," +
            kernelEventJson("ncclDevKernel_AllReduce_Sum_f32_RING_LL(ncclDevKernelArgsStorage<4096ul>)", 120,
                            30, 9) +
            "]}")
        .toUtf8();
}

inline QJsonObject expectedFigures(const QString& path)
{
    QProcess p;
    p.start(QStringLiteral("python3"), {QStringLiteral(KL_SOURCE_DIR "/tests/trace/traceexpect.py"), path});
    if (!p.waitForFinished(120000) || p.exitCode() != 0)
        qFatal("traceexpect.py failed: %s", p.readAllStandardError().constData());
    return QJsonDocument::fromJson(p.readAllStandardOutput()).object();
}
