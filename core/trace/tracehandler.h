#pragma once

#include "tracemodel.h"

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>

namespace kl::trace {

class TraceSource;

/// Parses a decimal number as JSON writes it into integer nanoseconds from microseconds, exactly
/// for Kineto's fixed-point text ("2413669097444.592" -> 2413669097444592), through a double for
/// exponent forms. False for NaN, infinities and values beyond int64.
bool microsToNanos(std::string_view text, std::int64_t& ns);

/// The SAX handler RapidJSON drives over a trace: a small state machine that keeps GPU
/// activities, correlated launches, Inductor's kernel records and the header, and skips
/// everything else without building it. Events are complete only at their closing brace, so a
/// parse that breaks mid-event keeps every event before it.
class TraceHandler {
public:
    TraceHandler(Trace& trace, TraceSource& source, bool keepLaunches);

    bool Null();
    bool Bool(bool);
    bool Int(int);
    bool Uint(unsigned);
    bool Int64(std::int64_t);
    bool Uint64(std::uint64_t);
    bool Double(double);
    bool RawNumber(const char* str, unsigned length, bool copy);
    bool String(const char* str, unsigned length, bool copy);
    bool StartObject();
    bool Key(const char* str, unsigned length, bool copy);
    bool EndObject(unsigned members);
    bool StartArray();
    bool EndArray(unsigned elements);

    /// The document was an object or array with a trace's shape.
    bool sawEvents() const { return m_sawEvents; }
    bool rootSeen() const { return m_state != State::Root; }
    bool rootWasScalar() const { return m_rootScalar; }
    /// Inside traceEvents when the parse stopped.
    bool inEvents() const;

private:
    enum class State : std::uint8_t {
        Root,
        Top,      // the header object
        Events,   // the traceEvents array (or the bare array)
        Event,    // one event object
        Args,     // its args
        ArgArray, // grid / block inside args
        Devices,  // deviceProperties
        Device,   // one device
        DistInfo, // distributedInfo
        Skip,     // a value nobody needs, any depth
        Done,
    };
    enum class Field : std::uint8_t { None, Ph, Cat, Name, Ts, Dur, Pid, Tid, Other };

    bool scalar(std::string_view text, bool isNumber);
    void topScalar(std::string_view text, bool isNumber);
    void eventScalar(std::string_view text, bool isNumber);
    void argScalar(std::string_view text, bool isNumber);
    void deviceScalar(std::string_view text, bool isNumber);
    void startSkip(State back);
    void endSkipped();
    void finishEvent();
    std::uint32_t intern(std::string_view name);

    Trace& m_trace;
    TraceSource& m_source;
    bool m_keepLaunches;
    State m_state = State::Root;
    State m_skipBack = State::Root;
    int m_skipDepth = 0;
    bool m_bare = false;
    bool m_sawEvents = false;
    bool m_rootScalar = false;
    std::string m_key; // the key whose value comes next
    struct NameHash {
        using is_transparent = void;
        std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
    };
    std::unordered_map<std::string, std::uint32_t, NameHash, std::equal_to<>> m_names;
    std::unordered_map<std::string, std::size_t> m_inductorIndex;

    // The event being read. Strings reuse their capacity from event to event.
    struct Scratch {
        std::string ph, cat, name;
        std::string ts, dur;
        std::int64_t pid = -1, tid = -1;
        std::int64_t device = -1, stream = -1, correlation = -1, externalId = -1;
        std::int64_t registers = -1, shared = -1;
        std::array<std::int32_t, 3> grid{-1, -1, -1}, block{-1, -1, -1};
        float blocksPerSm = -1, warpsPerSm = -1, occupancy = -1;
        std::string kernelHash, kernelFile, kernelBackend, inductorGrid;
        std::int64_t numWarps = -1, numStages = -1;
        void clear();
    } m_ev;
    std::array<std::int32_t, 3>* m_argArray = nullptr;
    int m_argArrayIndex = 0;
    DeviceProperties m_device;
};

} // namespace kl::trace
