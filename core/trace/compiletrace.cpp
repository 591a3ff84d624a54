#include "compiletrace.h"

#include "compiletracelayout.h"
#include "core/formats/keyencoding.h"
#include "core/util/jsonwriter.h"
#include "core/util/posixfile.h"
#include "core/util/utf8.h"

#include <cerrno>
#include <cinttypes>
#include <fcntl.h>
#include <unistd.h>

namespace kl::trace {
namespace {

using json::Writer;

// ts and dur as Kineto writes them: microseconds with the nanoseconds as three decimals. A double
// cannot hold epoch nanoseconds (1.7e18 > 2^53), so the text is made from the integer.
void micros(Writer& w, const char* key, std::int64_t ns)
{
    const bool negative = ns < 0;
    const std::uint64_t abs = negative ? 0 - static_cast<std::uint64_t>(ns) : static_cast<std::uint64_t>(ns);
    char buf[40];
    const int n = std::snprintf(buf, sizeof buf, "%s%" PRIu64 ".%03" PRIu64, negative ? "-" : "", abs / 1000,
                                abs % 1000);
    w.Key(key);
    w.RawValue(buf, static_cast<std::size_t>(n), rapidjson::kNumberType);
}

void key(Writer& w, std::string_view k)
{
    const std::string safe = isValidUtf8(k) ? std::string(k) : printableName(k);
    w.Key(safe.data(), static_cast<rapidjson::SizeType>(safe.size()));
}

// The cache folder the event's entry lives in, where the key names one: KernelLens and Triton
// (3.2 on) name folders by the base32 of the sha256 their events log as hex; `triton-remote` and
// `klens recompile` of an entry without a hash log the folder name itself.
std::optional<std::string> entryFolder(const CompileEvent& e)
{
    if (classifyFolderName(e.key) == KeyEra::Base32)
        return e.key;
    return encodeKeyFolder(e.key, KeyEra::Base32);
}

std::string spanName(const CompileEvent& e)
{
    std::string name = e.kernel.empty() ? std::string("(unnamed kernel)") : e.kernel;
    if (e.cacheHit)
        name += " (hit)";
    return name;
}

void header(Writer& w, const char* name, std::int32_t pid, std::int32_t tid, std::int64_t tsNs)
{
    w.StartObject();
    w.Key("name");
    w.String(name);
    w.Key("ph");
    w.String("M");
    micros(w, "ts", tsNs);
    w.Key("pid");
    w.Int(pid);
    w.Key("tid");
    w.Int(tid);
    w.Key("args");
    w.StartObject();
}

void nameEvent(Writer& w, const char* what, std::int32_t pid, std::int32_t tid, const std::string& name,
               std::int64_t tsNs)
{
    header(w, what, pid, tid, tsNs);
    w.Key("name");
    json::str(w, name);
    w.EndObject();
    w.EndObject();
}

void compileArgs(Writer& w, const CompileEvent& e)
{
    w.Key("kernel");
    json::str(w, e.kernel);
    w.Key("origin");
    json::str(w, e.origin);
    w.Key("cache_hit");
    w.Bool(e.cacheHit);
    json::strOrNull(w, "key", e.key);
    const auto entry = entryFolder(e);
    json::strOrNull(w, "entry", entry.value_or(std::string()));
    json::strOrNull(w, "arch", e.arch);
    json::strOrNull(w, "host", e.host);
    w.Key("pid");
    w.Int64(e.pid);
    w.Key("bytes");
    w.Uint64(e.bytes);
    w.Key("total_us");
    w.Int64(e.totalUs);
    w.Key("stages_us");
    w.StartObject();
    for (const auto& [stage, us] : e.stagesUs) {
        key(w, stage);
        w.Int64(us);
    }
    w.EndObject();
    w.Key("time_ns");
    w.Int64(e.timeNs);
}

void span(Writer& w, const CompileTraceSpan& s, const CompileEvent& e, std::int64_t baseNs,
          CompileTraceSummary& summary)
{
    const bool whole = s.stage < 0;
    const bool instant = whole && e.cacheHit && s.durNs == 0;
    w.StartObject();
    w.Key("name");
    if (whole)
        json::str(w, spanName(e));
    else
        json::str(w, e.stagesUs[static_cast<std::size_t>(s.stage)].first);
    w.Key("cat");
    w.String(!whole ? "stage" : e.cacheHit ? "hit" : "compile");
    w.Key("ph");
    w.String(instant ? "i" : "X");
    micros(w, "ts", s.startNs - baseNs);
    if (instant) {
        w.Key("s");
        w.String("t");
    } else {
        micros(w, "dur", s.durNs);
    }
    w.Key("pid");
    w.Int(s.pid);
    w.Key("tid");
    w.Int(s.tid);
    if (whole && e.cacheHit) {
        // chrome://tracing's reserved colour names; Perfetto colours by name instead.
        w.Key("cname");
        w.String("good");
    }
    w.Key("args");
    w.StartObject();
    if (whole) {
        compileArgs(w, e);
    } else {
        w.Key("kernel");
        json::str(w, e.kernel);
        w.Key("us");
        w.Int64(e.stagesUs[static_cast<std::size_t>(s.stage)].second);
    }
    w.EndObject();
    w.EndObject();
    if (!whole)
        ++summary.stageSpans;
    else if (e.cacheHit)
        ++summary.hits;
    else
        ++summary.compiles;
}

void otherData(Writer& w, const std::vector<CompileEvent>& events, const CompileTraceOptions& options)
{
    w.Key("otherData");
    w.StartObject();
    w.Key("schema");
    w.String("kernellens.compile-trace/1");
    w.Key("generator");
    w.String("klens trace export");
    json::strOrNull(w, "events_log", options.source);
    w.Key("events");
    w.Uint64(events.size());
    w.Key("corrupt_lines");
    w.Uint64(options.corruptLines);
    w.Key("partial_lines");
    w.Uint64(options.partialLines);
    w.Key("clock");
    w.String(options.baseTimeNs ? "ts: microseconds since baseTimeNanoseconds (Unix time, ns)"
                                : "ts: microseconds since the Unix epoch (wall clock)");
    w.EndObject();
}

// Writes the document; 0 or the errno of the failed write.
int writeTrace(const std::vector<CompileEvent>& events, std::FILE* out, const CompileTraceOptions& options,
               CompileTraceSummary& summary)
{
    const CompileTraceLayout layout = layoutCompileTrace(events);
    summary.processes = layout.processes.size();
    summary.tracks = layout.tracks.size();
    const std::int64_t firstNs = layout.spans.empty() ? options.baseTimeNs : layout.spans.front().startNs;
    const std::int64_t metaNs = firstNs - options.baseTimeNs;

    errno = 0;
    json::writeDocument(out, [&](Writer& w) {
        w.StartObject();
        w.Key("displayTimeUnit");
        w.String("ms");
        if (options.baseTimeNs) {
            w.Key("baseTimeNanoseconds");
            w.Int64(options.baseTimeNs);
        }
        otherData(w, events, options);
        w.Key("traceEvents");
        w.StartArray();
        for (const CompileTraceProcess& p : layout.processes)
            nameEvent(w, "process_name", p.pid, 0, p.name, metaNs);
        for (const CompileTraceTrack& t : layout.tracks) {
            nameEvent(w, "thread_name", t.pid, t.tid, t.name, metaNs);
            header(w, "thread_sort_index", t.pid, t.tid, metaNs);
            w.Key("sort_index");
            w.Int(t.tid);
            w.EndObject();
            w.EndObject();
        }
        for (const CompileTraceSpan& s : layout.spans)
            span(w, s, events[s.event], options.baseTimeNs, summary);
        w.EndArray();
        w.EndObject();
    });
    if (std::ferror(out) || std::fflush(out) != 0)
        return errno ? errno : EIO;
    return 0;
}

} // namespace

Result<CompileTraceSummary> writeCompileTrace(const std::vector<CompileEvent>& events, std::FILE* out,
                                              const CompileTraceOptions& options)
{
    CompileTraceSummary summary;
    if (const int err = writeTrace(events, out, options, summary))
        return fail(Text::of(KL_TEXT("kl::trace", "the trace could not be written: %1"), errnoText(err)));
    return summary;
}

Result<CompileTraceSummary> writeCompileTraceFile(const std::vector<CompileEvent>& events,
                                                  const std::string& path, const CompileTraceOptions& options)
{
    CompileTraceSummary summary;
    if (path == "-") {
        if (const int err = writeTrace(events, stdout, options, summary))
            return fail(Text::of(KL_TEXT("kl::trace", "cannot write the trace to standard output: %1"),
                                 errnoText(err)));
        return summary;
    }

    // O_EXCL on a name of our own in the target's folder: rename() then replaces `path` in one
    // step, and the mode follows the umask as any new file's does.
    std::string temp;
    UniqueFd fd;
    for (int attempt = 0; attempt < 100 && !fd.valid(); ++attempt) {
        temp = path + ".tmp." + std::to_string(::getpid()) + "." + std::to_string(attempt);
        fd = UniqueFd(::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666));
        if (!fd.valid() && errno != EEXIST)
            break;
    }
    if (!fd.valid())
        return fail(
            Text::of(KL_TEXT("kl::trace", "cannot create %1: %2"), printableName(temp), errnoText(errno)));
    std::FILE* file = ::fdopen(fd.get(), "w");
    if (!file) {
        const int err = errno;
        ::unlink(temp.c_str());
        return fail(
            Text::of(KL_TEXT("kl::trace", "cannot write %1: %2"), printableName(temp), errnoText(err)));
    }
    fd.release();
    int err = writeTrace(events, file, options, summary);
    if (!err && ::fsync(::fileno(file)) != 0)
        err = errno;
    if (std::fclose(file) != 0 && !err)
        err = errno;
    if (err) {
        ::unlink(temp.c_str());
        return fail(
            Text::of(KL_TEXT("kl::trace", "cannot write %1: %2"), printableName(path), errnoText(err)));
    }
    if (::rename(temp.c_str(), path.c_str()) != 0) {
        err = errno;
        ::unlink(temp.c_str());
        return fail(Text::of(KL_TEXT("kl::trace", "cannot rename %1 to %2: %3"), printableName(temp),
                             printableName(path), errnoText(err)));
    }
    return summary;
}

} // namespace kl::trace
