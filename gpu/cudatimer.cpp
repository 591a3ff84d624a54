#include "cudatimer.h"

#include <chrono>
#include <thread>

namespace kl {
namespace {

// Events released with their owner (the vector of them on every way out).
class Events {
public:
    explicit Events(const CudaSession& s)
        : m_s(s)
    {
    }
    ~Events()
    {
        for (CUevent e : m_events)
            m_s.api().cuEventDestroy(e);
    }
    Events(const Events&) = delete;
    Events& operator=(const Events&) = delete;
    Result<CUevent> make(CUresult& failure)
    {
        CUevent e = nullptr;
        if (CUresult r = m_s.api().cuEventCreate(&e, CU_EVENT_DEFAULT); r != CUDA_SUCCESS) {
            failure = r;
            return fail(m_s.callError("cuEventCreate", r));
        }
        m_events.push_back(e);
        return e;
    }

private:
    const CudaSession& m_s;
    std::vector<CUevent> m_events;
};

} // namespace

WaitResult waitBounded(const CudaSession& s, double timeBoundMs, CUresult& failure)
{
    const CudaApi& a = s.api();
    CUevent done = nullptr;
    if (CUresult r = a.cuEventCreate(&done, CU_EVENT_DISABLE_TIMING); r != CUDA_SUCCESS) {
        failure = r;
        return WaitResult::Failed;
    }
    struct Destroy {
        const CudaApi& a;
        CUevent e;
        ~Destroy() { a.cuEventDestroy(e); }
    } destroy{a, done};
    if (CUresult r = a.cuEventRecord(done, s.stream()); r != CUDA_SUCCESS) {
        failure = r;
        return WaitResult::Failed;
    }
    const auto deadline = std::chrono::steady_clock::now() +
                          std::chrono::microseconds(static_cast<long long>(timeBoundMs * 1000));
    auto pause = std::chrono::microseconds(20);
    for (;;) {
        const CUresult r = a.cuEventQuery(done);
        if (r == CUDA_SUCCESS)
            return WaitResult::Done;
        if (r != CUDA_ERROR_NOT_READY) {
            failure = r;
            return WaitResult::Failed;
        }
        if (std::chrono::steady_clock::now() >= deadline)
            return WaitResult::TimedOut;
        std::this_thread::sleep_for(pause);
        pause = std::min(pause * 2, std::chrono::microseconds(2000));
    }
}

Status timeLaunches(const CudaSession& s, const std::function<Status()>& enqueue, const DeviceBuffer* flush,
                    const BenchOptions& o, std::vector<double>& samplesMs, CUresult& failure, bool& timedOut)
{
    const CudaApi& a = s.api();
    timedOut = false;
    failure = CUDA_SUCCESS;
    Text error;
    auto check = [&](CUresult r, const char* call) {
        if (r == CUDA_SUCCESS)
            return true;
        failure = r;
        error = s.callError(call, r);
        return false;
    };
    auto wait = [&](const Text& what) {
        switch (waitBounded(s, o.timeBoundMs, failure)) {
        case WaitResult::Done: return true;
        case WaitResult::TimedOut:
            timedOut = true;
            error = Text::of(KL_TEXT("kl::gpu", "%1 ran past the time bound of %2 s"), what,
                             std::to_string(o.timeBoundMs / 1000));
            return false;
        case WaitResult::Failed: error = s.callError(what, failure); return false;
        }
        return false;
    };
    auto launch = [&] {
        Status launched = enqueue();
        if (!launched)
            error = launched.error();
        return launched.has_value();
    };
    auto flushL2 = [&] {
        return !flush || check(a.cuMemsetD32Async(flush->pointer(), 0, flush->bytes() / 4, s.stream()),
                               "cuMemsetD32Async (L2 flush)");
    };

    Events events(s);
    auto make = [&](CUevent& e) {
        Result<CUevent> made = events.make(failure);
        if (!made) {
            error = made.error();
            return false;
        }
        e = *made;
        return true;
    };
    if (!launch() || !wait(Text::of(KL_TEXT("kl::gpu", "the first launch"))))
        return fail(error);
    // The estimate includes the flush, as do_bench's does.
    CUevent e0 = nullptr, e1 = nullptr;
    if (!make(e0) || !make(e1) || !check(a.cuEventRecord(e0, s.stream()), "cuEventRecord"))
        return fail(error);
    for (int i = 0; i < 5; ++i)
        if (!flushL2() || !launch())
            return fail(error);
    if (!check(a.cuEventRecord(e1, s.stream()), "cuEventRecord") ||
        !wait(Text::of(KL_TEXT("kl::gpu", "the estimate launches"))))
        return fail(error);
    float total = 0;
    if (!check(a.cuEventElapsedTime(&total, e0, e1), "cuEventElapsedTime"))
        return fail(error);
    const auto [warmup, repeats] = benchCounts(o, total / 5.0);
    for (int i = 0; i < warmup; ++i)
        if (!launch())
            return fail(error);
    std::vector<std::pair<CUevent, CUevent>> marks;
    for (int i = 0; i < repeats; ++i) {
        CUevent start = nullptr, end = nullptr;
        if (!make(start) || !make(end) || !flushL2() ||
            !check(a.cuEventRecord(start, s.stream()), "cuEventRecord") || !launch() ||
            !check(a.cuEventRecord(end, s.stream()), "cuEventRecord"))
            return fail(error);
        marks.emplace_back(start, end);
    }
    if (!wait(Text::of(KL_TEXT("kl::gpu", "the timed launches"))))
        return fail(error);
    samplesMs.clear();
    for (auto [start, end] : marks) {
        float ms = 0;
        if (!check(a.cuEventElapsedTime(&ms, start, end), "cuEventElapsedTime"))
            return fail(error);
        samplesMs.push_back(ms);
    }
    return {};
}

} // namespace kl
