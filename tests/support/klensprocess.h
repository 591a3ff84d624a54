#pragma once

#include <QByteArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QMap>
#include <QProcessEnvironment>
#include <QString>
#include <QStringList>
#include <optional>

// Running klens (or another program) to the end and keeping what it left, for the suites that
// test a command line. Every member has a default so callers name only what they change:
// runKlens(args, {.set = {{"HOME", home}}, .timeoutMs = 300000}).

struct ProcessOptions {
    /// The child's environment before `unset` and `set`; the test's own, read at the run, if none.
    std::optional<QProcessEnvironment> environment = {};
    QStringList unset = {};          ///< names removed from it
    QMap<QString, QString> set = {}; ///< then set
    QString workingDirectory = {};   ///< the test's own if empty
    QString stdoutFile = {};         ///< stdout goes there instead of into `out`
    QStringList wrapper = {};        ///< a command and its arguments to run the program under
    /// Then the process is killed. Generous: under ASan on 2 shared cores a corpus-wide klens run
    /// has taken minutes, and a timeout here fails a test that would have passed.
    int timeoutMs = 300000;
};

struct ProcessResult {
    bool started = false;
    bool finished = false; ///< false: it was killed at the deadline ("(timed out after N ms)" ends `err`)
    bool crashed = false;
    int exitCode = -1; ///< -1 unless it started, finished and exited normally
    QByteArray out, err;
    QJsonObject json = {}; ///< runKlens: `out` as a JSON object when the arguments hold --json
};

/// Runs `program args` to its end, or kills it at options.timeoutMs.
ProcessResult runProcess(const QString& program, const QStringList& args, const ProcessOptions& options = {});

/// klens looks for python3 (Triton's version) and nvidia-smi (the GPUs) on PATH, or at KL_PYTHON:
/// without them a run's results do not depend on what this machine has installed.
ProcessOptions withoutMachineTools();

// Only the suites declared RUNS_KLENS (tests/CMakeLists.txt) know where klens is, and only they
// wait for it to be built.
#ifdef KL_KLENS_BIN
/// The klens this build made.
inline ProcessResult runKlens(const QStringList& args, const ProcessOptions& options = {})
{
    ProcessResult r = runProcess(QStringLiteral(KL_KLENS_BIN), args, options);
    if (args.contains(QStringLiteral("--json")))
        r.json = QJsonDocument::fromJson(r.out).object();
    return r;
}
#endif
