#pragma once

// The doctor: a snapshot in, findings out, each with a stable code, a severity and a fix. Every fix
// comes from problemmapping: mapProblem's for a scanner problem, fixFor's (through makeFinding)
// for the doctor's own codes.

#include "core/model/snapshot.h"
#include "doctorcontext.h"
#include "finding.h"

#include <atomic>
#include <cstddef>
#include <functional>
#include <map>
#include <string>
#include <vector>

namespace kl {

struct DoctorOptions {
    /// More specialisations of one kernel name than this in one root is a `flood`.
    std::size_t floodThreshold = 64;
    /// Open cubins and hsacos (header and section table only) to check they are valid for their target.
    bool checkBinaries = true;
    /// Worker threads for the binary checks; 0 picks a default from the hardware.
    unsigned threads = 0;
    /// Called with (entries done, entries in all), from worker threads.
    std::function<void(std::size_t, std::size_t)> progress;
    /// Set to true from any thread to stop early; the report then has `cancelled` set.
    const std::atomic<bool>* cancel = nullptr;
};

/// Counts over a report, as printed by `klens doctor`.
struct DoctorSummary {
    std::size_t entries = 0;
    std::size_t findings = 0;
    std::map<std::string, std::size_t> bySeverity; ///< "error", "warning", "info"
    std::map<std::string, std::size_t> byCode;
    std::size_t binariesChecked = 0;
    bool cancelled = false;
};

struct DoctorReport {
    std::vector<Finding> findings; ///< root-level findings first, then entries in snapshot order
    std::size_t entries = 0;
    std::size_t binariesChecked = 0;
    bool cancelled = false;

    DoctorSummary summary() const;
    bool hasWarningsOrErrors() const;
};

/// Turns a snapshot into findings with fixes. The scanner's per-entry problems are mapped, not
/// recomputed; the doctor adds what needs more than names and small json files: temp folders'
/// writers and ages, cubin/hsaco validity, staleness against the context, floods, and the
/// filesystem each root lives on.
class Doctor {
public:
    explicit Doctor(DoctorContext context = {}, DoctorOptions options = {});

    DoctorReport examine(const Snapshot& snapshot) const;

private:
    DoctorContext m_context;
    DoctorOptions m_options;
};

/// "3 d 4 h", "12 min", "45 s": how long ago, as people read it.
std::string humanDuration(std::int64_t seconds);

} // namespace kl
