#include "klensprocess.h"

#include <QProcess>

ProcessResult runProcess(const QString& program, const QStringList& args, const ProcessOptions& options)
{
    QProcessEnvironment env = options.environment.value_or(QProcessEnvironment::systemEnvironment());
    for (const QString& name : options.unset)
        env.remove(name);
    for (auto it = options.set.begin(); it != options.set.end(); ++it)
        env.insert(it.key(), it.value());
    QProcess p;
    p.setProcessEnvironment(env);
    if (!options.workingDirectory.isEmpty())
        p.setWorkingDirectory(options.workingDirectory);
    if (!options.stdoutFile.isEmpty())
        p.setStandardOutputFile(options.stdoutFile);
    ProcessResult r;
    if (options.wrapper.isEmpty())
        p.start(program, args);
    else
        p.start(options.wrapper.front(), options.wrapper.mid(1) + QStringList{program} + args);
    r.started = p.waitForStarted(30000);
    if (!r.started) {
        r.err = (p.program() + ": " + p.errorString()).toLocal8Bit();
        return r;
    }
    r.finished = p.waitForFinished(options.timeoutMs);
    if (!r.finished) {
        // Killed rather than left to QProcess's destructor, so that what it wrote until now can be
        // read and the test's failure shows it.
        p.kill();
        p.waitForFinished(10000);
    }
    r.crashed = r.finished && p.exitStatus() == QProcess::CrashExit;
    if (r.finished && !r.crashed)
        r.exitCode = p.exitCode();
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    if (!r.finished)
        r.err += QStringLiteral("\n(timed out after %1 ms)").arg(options.timeoutMs).toUtf8();
    return r;
}

ProcessOptions withoutMachineTools()
{
    return {.unset = {QStringLiteral("KL_PYTHON")},
            .set = {{QStringLiteral("PATH"), QStringLiteral("/nonexistent-kl-bin")}}};
}
