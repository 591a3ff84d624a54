#pragma once

// The ways `klens override try` assembles an edited PTX file (core/overridetry/overridetry.h):
// the CUDA toolkit's ptxas as a process, nvJitLink in process, or the ptxas and flags of the
// entry's own Triton. Each fills the edit's cubin, the original side and what that baseline is,
// or the error and the compiler's messages; the first two keep their assembly of the entry's own
// PTX in KernelLens's try cache.

#include "core/util/subprocess.h"
#include "overridetry.h"

#include <atomic>
#include <cstdint>
#include <future>
#include <string>
#include <vector>

namespace kl::tryroutes {

inline constexpr std::uint64_t kMaxStageBytes = 512ull << 20;

/// A private scratch folder under $TMPDIR (else /tmp), removed with what the routes put in it.
struct Scratch {
    std::string path; ///< empty when it could not be made
    int error = 0;    ///< errno then
    Scratch();
    ~Scratch();
    Scratch(const Scratch&) = delete;
    Scratch& operator=(const Scratch&) = delete;
};

CubinResult cubinInfo(const std::string& bytes);

/// True when the assembler's log says it cannot read the PTX's .version or .target.
bool isUnsupportedPtxVersion(const std::string& log);

/// The edit's run of the toolkit's ptxas, started as soon as the file is read: the entry's side
/// is read and prepared while it assembles. A run nobody waited for is stopped on destruction.
class PtxasEdit {
public:
    PtxasEdit(std::string ptxas, std::string arch, const std::string& file, const std::atomic<bool>* cancel);
    ~PtxasEdit();
    PtxasEdit(const PtxasEdit&) = delete;
    PtxasEdit& operator=(const PtxasEdit&) = delete;

    /// Waits for ptxas (passing the caller's cancel on); call once.
    ProcessResult wait();
    const std::string& scratchPath() const { return scratch_.path; }
    int scratchErrno() const { return scratch_.error; }
    const std::string& ptxas() const { return ptxas_; }
    const std::string& arch() const { return arch_; }
    const std::string& version() const { return version_; }
    std::string assembler() const;
    /// ptxas assembling `in` into `out` as the edit is: both sides run the same command.
    std::vector<std::string> command(const std::string& in, const std::string& out) const;
    const std::atomic<bool>* cancel() const { return cancel_; }

private:
    Scratch scratch_;
    std::string ptxas_, arch_, version_;
    const std::atomic<bool>* cancel_;
    std::atomic<bool> stop_{false};
    std::future<ProcessResult> run_;
};

/// The original side of the ptxas route (route, assembler, baseline, original cubin and notes).
void ptxasBaseline(OverrideTry& r, PtxasEdit& edit, const std::string& cachedCubin, const Environment& env);

/// Waits for the edit's assembly: its cubin, or the error and ptxas's messages.
bool finishPtxasEdit(OverrideTry& r, PtxasEdit& edit);

bool assembleWithNvJitLink(OverrideTry& r, const std::string& edited, const std::string& arch,
                           const std::string& cachedCubin, const Environment& env);

bool assembleWithTriton(OverrideTry& r, const Entry& e, const std::string& metaText,
                        const std::string& metaPath, const std::string& edited,
                        const std::string& cachedCubin, const Environment& env,
                        const std::atomic<bool>* cancel);

} // namespace kl::tryroutes
