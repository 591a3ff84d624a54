#pragma once

// An AutotuneBackend that runs vector_add's arithmetic on the CPU, for testing the autotuner's
// own logic (checks, failure handling, cancel, persistence) where no GPU is. It still insists on
// a real cubin naming the entry, so the NVRTC cache path is exercised for real. Faults are chosen
// per configuration from its parameter values (LaunchPlan::variables).

#include "gpu/autotunebackend.h"

#include <functional>
#include <string>

enum class Fault { None, WrongResult, LaunchFails, Hangs, LoadFails };

class CpuBackend final : public kl::AutotuneBackend {
public:
    using FaultRule = std::function<Fault(const kl::ExpressionVariables&)>;
    explicit CpuBackend(FaultRule rule = {})
        : m_rule(std::move(rule))
    {
    }

    std::string deviceName() const override { return "CPU stand-in"; }
    std::string arch() const override { return "sm_80"; }
    kl::RunOutcome load(std::string_view image, const std::string& entry,
                        kl::LoadedKernelInfo& info) override;
    kl::RunOutcome launchOnce(const kl::KernelSpec& spec, const kl::LaunchPlan& plan,
                              const std::vector<kl::HostBuffer>& inputs, std::vector<kl::HostBuffer>& results,
                              double timeBoundMs) override;
    kl::RunOutcome time(const kl::BenchOptions& options, std::vector<double>& samplesMs) override;
    void unload() override { m_loaded = false; }
    kl::Status usable() const override
    {
        if (m_hung)
            return kl::fail(kl::Text::verbatim("a kernel is still running"));
        return {};
    }

    /// The median time() gives a configuration: smaller for wider blocks and vectors.
    static double modelMs(const kl::ExpressionVariables& v);

    int loads = 0;
    int launches = 0;

private:
    FaultRule m_rule;
    kl::ExpressionVariables m_vars;
    bool m_loaded = false;
    bool m_hung = false;
};
