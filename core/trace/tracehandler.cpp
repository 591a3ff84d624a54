#include "tracehandler.h"

#include "core/util/utf8.h"
#include "tracesource.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>

namespace kl::trace {

namespace {

// A day: no kernel or launch runs that long; such a `dur` is a clock glitch in the profiler.
constexpr std::int64_t kHugeNs = 86'400'000'000'000;

/// The whole text as a finite double (JSON's number grammar is within from_chars's).
bool finiteNumber(std::string_view text, double& out)
{
    const char* end = text.data() + text.size();
    auto [p, ec] = std::from_chars(text.data(), end, out);
    return ec == std::errc() && p == end && std::isfinite(out);
}

bool parseInt(std::string_view text, std::int64_t& out)
{
    const char* end = text.data() + text.size();
    auto [p, ec] = std::from_chars(text.data(), end, out);
    if (ec == std::errc() && p == end)
        return true;
    // Fractional or exponent forms ("4.0", "1e3") of integral fields.
    double d = 0;
    if (!finiteNumber(text, d) || std::fabs(d) > 9.0e18)
        return false;
    out = static_cast<std::int64_t>(std::llround(d));
    return true;
}

float parseFloat(std::string_view text)
{
    double d = 0;
    return finiteNumber(text, d) ? static_cast<float>(d) : -1.0f;
}

std::int32_t clamp32(std::int64_t v)
{
    if (v < std::numeric_limits<std::int32_t>::min() || v > std::numeric_limits<std::int32_t>::max())
        return -1;
    return static_cast<std::int32_t>(v);
}

bool isGpuCategory(std::string_view cat, GpuKind& kind)
{
    // Kineto's current names, and the capitalised ones older releases wrote.
    if (cat == "kernel" || cat == "Kernel") {
        kind = GpuKind::Kernel;
        return true;
    }
    if (cat == "gpu_memcpy" || cat == "Memcpy") {
        kind = GpuKind::Memcpy;
        return true;
    }
    if (cat == "gpu_memset" || cat == "Memset") {
        kind = GpuKind::Memset;
        return true;
    }
    return false;
}

} // namespace

bool microsToNanos(std::string_view text, std::int64_t& ns)
{
    // Fixed-point fast path: [-]digits[.digits], no exponent. Exact to the nanosecond, which a
    // double is not for epoch-sized microsecond values.
    std::size_t i = 0;
    bool negative = false;
    if (i < text.size() && text[i] == '-') {
        negative = true;
        ++i;
    }
    const std::size_t intStart = i;
    std::int64_t whole = 0;
    while (i < text.size() && text[i] >= '0' && text[i] <= '9') {
        if (whole > (std::numeric_limits<std::int64_t>::max() / 10 - 9) / 1000)
            return false;
        whole = whole * 10 + (text[i] - '0');
        ++i;
    }
    if (i > intStart) {
        std::int64_t frac = 0;
        int digits = 0;
        bool roundUp = false;
        bool fixed = true;
        if (i < text.size() && text[i] == '.') {
            ++i;
            while (i < text.size() && text[i] >= '0' && text[i] <= '9') {
                if (digits < 3)
                    frac = frac * 10 + (text[i] - '0');
                else if (digits == 3)
                    roundUp = text[i] >= '5';
                ++digits;
                ++i;
            }
        }
        if (i != text.size())
            fixed = false;
        if (fixed) {
            for (int d = digits; d < 3; ++d)
                frac *= 10;
            std::int64_t v = whole * 1000 + frac + (roundUp ? 1 : 0);
            ns = negative ? -v : v;
            return true;
        }
    }
    double d = 0;
    if (!finiteNumber(text, d) || std::fabs(d) > 9.0e15)
        return false;
    ns = static_cast<std::int64_t>(std::llround(d * 1000.0));
    return true;
}

void TraceHandler::Scratch::clear()
{
    ph.clear();
    cat.clear();
    name.clear();
    ts.clear();
    dur.clear();
    pid = tid = device = stream = correlation = externalId = registers = shared = -1;
    grid = {-1, -1, -1};
    block = {-1, -1, -1};
    blocksPerSm = warpsPerSm = occupancy = -1;
    kernelHash.clear();
    kernelFile.clear();
    kernelBackend.clear();
    inductorGrid.clear();
    numWarps = numStages = -1;
}

TraceHandler::TraceHandler(Trace& trace, TraceSource& source, bool keepLaunches)
    : m_trace(trace)
    , m_source(source)
    , m_keepLaunches(keepLaunches)
{
}

bool TraceHandler::inEvents() const
{
    switch (m_state) {
    case State::Events:
    case State::Event:
    case State::Args:
    case State::ArgArray: return true;
    case State::Skip:
        return m_skipBack == State::Events || m_skipBack == State::Event || m_skipBack == State::Args ||
               m_skipBack == State::ArgArray;
    default: return false;
    }
}

void TraceHandler::startSkip(State back)
{
    m_skipBack = back;
    m_skipDepth = 1;
    m_state = State::Skip;
}

std::uint32_t TraceHandler::intern(std::string_view name)
{
    std::string fixed;
    if (!isValidUtf8(name)) {
        // Kept, readable and valid for JSON output: the invalid bytes written as \xHH.
        ++m_trace.skipped.nonUtf8Names;
        fixed = printableName(name);
        name = fixed;
    }
    if (auto it = m_names.find(name); it != m_names.end())
        return it->second;
    const auto index = static_cast<std::uint32_t>(m_trace.names.size());
    m_trace.names.emplace_back(name);
    m_names.emplace(std::string(name), index);
    return index;
}

bool TraceHandler::Null()
{
    return scalar({}, false);
}
bool TraceHandler::Bool(bool)
{
    return scalar({}, false);
}
// With kParseNumbersAsStringsFlag every number arrives as RawNumber; these stay for the concept.
bool TraceHandler::Int(int)
{
    return scalar({}, false);
}
bool TraceHandler::Uint(unsigned)
{
    return scalar({}, false);
}
bool TraceHandler::Int64(std::int64_t)
{
    return scalar({}, false);
}
bool TraceHandler::Uint64(std::uint64_t)
{
    return scalar({}, false);
}
bool TraceHandler::Double(double)
{
    return scalar({}, false);
}
bool TraceHandler::RawNumber(const char* str, unsigned length, bool)
{
    return scalar(std::string_view(str, length), true);
}
bool TraceHandler::String(const char* str, unsigned length, bool)
{
    return scalar(std::string_view(str, length), false);
}

bool TraceHandler::scalar(std::string_view text, bool isNumber)
{
    m_source.markToken();
    switch (m_state) {
    case State::Root:
        m_rootScalar = true;
        m_state = State::Done;
        break;
    case State::Top: topScalar(text, isNumber); break;
    case State::Events:
        ++m_trace.eventsSeen; // not an object: counted, nothing to keep
        break;
    case State::Event: eventScalar(text, isNumber); break;
    case State::Args: argScalar(text, isNumber); break;
    case State::ArgArray:
        if (isNumber && m_argArrayIndex < 3) {
            std::int64_t v = -1;
            if (parseInt(text, v))
                (*m_argArray)[static_cast<std::size_t>(m_argArrayIndex)] = clamp32(v);
        }
        ++m_argArrayIndex;
        break;
    case State::Device: deviceScalar(text, isNumber); break;
    case State::DistInfo:
        if (isNumber) {
            std::int64_t v = -1;
            if (parseInt(text, v)) {
                if (m_key == "rank")
                    m_trace.rank = clamp32(v);
                else if (m_key == "world_size")
                    m_trace.worldSize = clamp32(v);
            }
        }
        break;
    default: break;
    }
    return true;
}

void TraceHandler::topScalar(std::string_view text, bool isNumber)
{
    std::int64_t v = 0;
    if (m_key == "baseTimeNanoseconds" && isNumber && parseInt(text, v))
        m_trace.baseTimeNanoseconds = v;
    else if (m_key == "schemaVersion" && isNumber && parseInt(text, v))
        m_trace.schemaVersion = clamp32(v);
    else if (m_key == "traceName" && !isNumber)
        m_trace.traceName = isValidUtf8(text) ? std::string(text) : printableName(text);
}

void TraceHandler::eventScalar(std::string_view text, bool isNumber)
{
    const std::string_view k = m_key;
    if (k.size() == 2) {
        if (k == "ph")
            m_ev.ph.assign(text);
        else if (k == "ts")
            m_ev.ts.assign(isNumber ? text : std::string_view("?"));
        else if (k == "id")
            return;
    } else if (k == "cat") {
        m_ev.cat.assign(text);
    } else if (k == "name") {
        m_ev.name.assign(text);
    } else if (k == "dur") {
        m_ev.dur.assign(isNumber ? text : std::string_view("?"));
    } else if (k == "pid" && isNumber) {
        parseInt(text, m_ev.pid);
    } else if (k == "tid" && isNumber) {
        parseInt(text, m_ev.tid);
    }
}

void TraceHandler::argScalar(std::string_view text, bool isNumber)
{
    const std::string_view k = m_key;
    if (isNumber) {
        std::int64_t v = -1;
        if (k == "device")
            parseInt(text, m_ev.device);
        else if (k == "stream")
            parseInt(text, m_ev.stream);
        else if (k == "correlation")
            parseInt(text, m_ev.correlation);
        else if (k == "External id")
            parseInt(text, m_ev.externalId);
        else if (k == "registers per thread")
            parseInt(text, m_ev.registers);
        else if (k == "shared memory")
            parseInt(text, m_ev.shared);
        else if (k == "blocks per SM")
            m_ev.blocksPerSm = parseFloat(text);
        else if (k == "warps per SM")
            m_ev.warpsPerSm = parseFloat(text);
        else if (k == "est. achieved occupancy %")
            m_ev.occupancy = parseFloat(text);
        else if (k == "num_warps" && parseInt(text, v))
            m_ev.numWarps = v;
        else if (k == "num_stages" && parseInt(text, v))
            m_ev.numStages = v;
        return;
    }
    if (k == "kernel_hash")
        m_ev.kernelHash.assign(text);
    else if (k == "kernel_file")
        m_ev.kernelFile.assign(text);
    else if (k == "kernel_backend")
        m_ev.kernelBackend.assign(text);
    else if (k == "grid")
        m_ev.inductorGrid.assign(text);
    else if (k == "num_warps" || k == "num_stages") {
        // Some PyTorch versions write these as strings.
        std::int64_t v = -1;
        if (parseInt(text, v))
            (k == "num_warps" ? m_ev.numWarps : m_ev.numStages) = v;
    }
}

void TraceHandler::deviceScalar(std::string_view text, bool isNumber)
{
    const std::string_view k = m_key;
    if (!isNumber) {
        if (k == "name")
            m_device.name = isValidUtf8(text) ? std::string(text) : printableName(text);
        return;
    }
    std::int64_t v = -1;
    if (!parseInt(text, v))
        return;
    if (k == "id")
        m_device.id = clamp32(v);
    else if (k == "computeMajor")
        m_device.computeMajor = clamp32(v);
    else if (k == "computeMinor")
        m_device.computeMinor = clamp32(v);
    else if (k == "numSms")
        m_device.numSms = clamp32(v);
    else if (k == "warpSize")
        m_device.warpSize = clamp32(v);
    else if (k == "totalGlobalMem")
        m_device.totalGlobalMem = v;
    else if (k == "maxThreadsPerBlock")
        m_device.maxThreadsPerBlock = clamp32(v);
    else if (k == "regsPerBlock")
        m_device.regsPerBlock = clamp32(v);
    else if (k == "sharedMemPerBlock")
        m_device.sharedMemPerBlock = v;
}

bool TraceHandler::Key(const char* str, unsigned length, bool)
{
    m_source.markToken();
    if (m_state != State::Skip)
        m_key.assign(str, length);
    return true;
}

bool TraceHandler::StartObject()
{
    switch (m_state) {
    case State::Root: m_state = State::Top; break;
    case State::Top:
        if (m_key == "distributedInfo")
            m_state = State::DistInfo;
        else
            startSkip(State::Top);
        break;
    case State::Events:
        m_ev.clear();
        m_state = State::Event;
        break;
    case State::Event:
        if (m_key == "args")
            m_state = State::Args;
        else
            startSkip(State::Event);
        break;
    case State::Devices:
        m_device = {};
        m_state = State::Device;
        break;
    case State::Skip: ++m_skipDepth; break;
    default: startSkip(m_state); break;
    }
    return true;
}

bool TraceHandler::StartArray()
{
    switch (m_state) {
    case State::Root:
        m_bare = true;
        m_sawEvents = true;
        m_trace.bareArray = true;
        m_state = State::Events;
        break;
    case State::Top:
        if (m_key == "traceEvents") {
            m_sawEvents = true;
            m_state = State::Events;
        } else if (m_key == "deviceProperties") {
            m_state = State::Devices;
        } else {
            startSkip(State::Top);
        }
        break;
    case State::Args:
        if (m_key == "grid" || m_key == "block") {
            m_argArray = m_key == "grid" ? &m_ev.grid : &m_ev.block;
            m_argArrayIndex = 0;
            m_state = State::ArgArray;
        } else {
            startSkip(State::Args);
        }
        break;
    case State::Skip: ++m_skipDepth; break;
    default: startSkip(m_state); break;
    }
    return true;
}

bool TraceHandler::EndObject(unsigned)
{
    m_source.markToken();
    switch (m_state) {
    case State::Top: m_state = State::Done; break;
    case State::Event:
        finishEvent();
        m_state = State::Events;
        break;
    case State::Args: m_state = State::Event; break;
    case State::Device:
        m_trace.devices.push_back(std::move(m_device));
        m_state = State::Devices;
        break;
    case State::DistInfo: m_state = State::Top; break;
    case State::Skip: endSkipped(); break;
    default: break;
    }
    return true;
}

bool TraceHandler::EndArray(unsigned)
{
    m_source.markToken();
    switch (m_state) {
    case State::Events: m_state = m_bare ? State::Done : State::Top; break;
    case State::ArgArray: m_state = State::Args; break;
    case State::Devices: m_state = State::Top; break;
    case State::Skip: endSkipped(); break;
    default: break;
    }
    return true;
}

void TraceHandler::endSkipped()
{
    if (--m_skipDepth > 0)
        return;
    m_state = m_skipBack;
    // A skipped value directly in traceEvents is an element that is not an event object.
    if (m_state == State::Events)
        ++m_trace.eventsSeen;
}

void TraceHandler::finishEvent()
{
    ++m_trace.eventsSeen;
    // Kineto writes activities as complete events ("X"); flows ("s"/"f"), metadata ("M") and
    // instants carry nothing the analysis uses.
    if (m_ev.ph != "X")
        return;
    GpuKind kind = GpuKind::Kernel;
    const bool gpu = isGpuCategory(m_ev.cat, kind);
    const bool launch = !gpu && m_keepLaunches && m_ev.correlation >= 0 &&
                        (m_ev.cat == "cuda_runtime" || m_ev.cat == "cuda_driver" || m_ev.cat == "Runtime" ||
                         m_ev.cat == "Driver");
    const bool inductor =
        !gpu && m_ev.cat == "cpu_op" && (!m_ev.kernelHash.empty() || !m_ev.kernelBackend.empty());
    if (!gpu && !launch && !inductor)
        return;

    std::int64_t ts = 0, dur = 0;
    if (m_ev.ts.empty()) {
        ++m_trace.skipped.missingTs;
        return;
    }
    if (!microsToNanos(m_ev.ts, ts)) {
        ++m_trace.skipped.badNumber;
        return;
    }
    if (m_ev.dur.empty()) {
        if (gpu) {
            ++m_trace.skipped.missingDur;
            return;
        }
    } else if (!microsToNanos(m_ev.dur, dur)) {
        ++m_trace.skipped.badNumber;
        return;
    }
    if (dur < 0) {
        ++m_trace.skipped.negativeDur;
        return;
    }
    if (dur > kHugeNs) {
        ++m_trace.skipped.hugeDur;
        return;
    }

    if (inductor) {
        const std::string key = m_ev.name + '\n' + m_ev.kernelHash;
        auto [it, fresh] = m_inductorIndex.try_emplace(key, m_trace.inductor.size());
        if (fresh) {
            InductorKernel k;
            k.name = isValidUtf8(m_ev.name) ? m_ev.name : printableName(m_ev.name);
            k.kernelHash = m_ev.kernelHash;
            k.kernelFile = isValidUtf8(m_ev.kernelFile) ? m_ev.kernelFile : printableName(m_ev.kernelFile);
            k.backend = m_ev.kernelBackend;
            k.numWarps = clamp32(m_ev.numWarps);
            k.numStages = clamp32(m_ev.numStages);
            k.grid = m_ev.inductorGrid;
            m_trace.inductor.push_back(std::move(k));
        }
        ++m_trace.inductor[it->second].launches;
        return;
    }
    if (launch) {
        m_trace.launches.push_back({ts, dur, m_ev.correlation, intern(m_ev.name)});
        return;
    }
    GpuEvent e;
    e.tsNs = ts;
    e.durNs = dur;
    e.name = intern(m_ev.name);
    e.kind = kind;
    // Kineto puts the device in args and also uses it as the pid of GPU rows; older traces only
    // have the latter.
    e.device = clamp32(m_ev.device >= 0 ? m_ev.device : m_ev.pid);
    e.stream = clamp32(m_ev.stream >= 0 ? m_ev.stream : m_ev.tid);
    e.correlation = m_ev.correlation;
    e.externalId = m_ev.externalId;
    e.registers = clamp32(m_ev.registers);
    e.sharedMemory = clamp32(m_ev.shared);
    e.grid = m_ev.grid;
    e.block = m_ev.block;
    e.blocksPerSm = m_ev.blocksPerSm;
    e.warpsPerSm = m_ev.warpsPerSm;
    e.occupancyPct = m_ev.occupancy;
    m_trace.gpu.push_back(e);
}

} // namespace kl::trace
