#include "tracereader.h"

#include "tracehandler.h"
#include "tracesource.h"

#include <rapidjson/error/en.h>
#include <rapidjson/reader.h>

namespace kl::trace {

namespace {

Result<Trace> parse(TraceSource& source, const std::string& label, const TraceReadOptions& options)
{
    Trace trace;
    trace.path = label;
    TraceHandler handler(trace, source, options.keepLaunches);
    rapidjson::Reader reader;
    // Numbers as text: times become exact integer nanoseconds. Iterative: a hostile nesting
    // depth cannot exhaust the stack. NaN/Infinity: Python's json writes them.
    constexpr unsigned kFlags = rapidjson::kParseNumbersAsStringsFlag | rapidjson::kParseNanAndInfFlag |
                                rapidjson::kParseStopWhenDoneFlag | rapidjson::kParseIterativeFlag;
    const rapidjson::ParseResult result = reader.Parse<kFlags>(source, handler);
    trace.bytes = source.Tell();

    if (source.cancelled())
        return fail(source.error());
    const bool broke = result.IsError() || source.failed();
    if (!broke) {
        if (handler.rootWasScalar() || !handler.sawEvents())
            return fail(
                Text::of(KL_TEXT("kl::trace", "%1: JSON, but not a profiler trace: no \"traceEvents\" array "
                                              "(a Chrome trace is an object holding one, or an array of "
                                              "events)"),
                         label));
        source.finishProgress();
        return trace;
    }

    const std::uint64_t offset = source.failed() ? source.Tell() : result.Offset();
    Text cause;
    if (source.failed())
        cause = source.error();
    else if (source.atCleanEnd() && offset >= trace.bytes)
        cause = Text::of(KL_TEXT("kl::trace",
                                 "the file ends in the middle of the JSON (a trace cut off while being "
                                 "written, e.g. by a killed job)"));
    else
        cause =
            Text::of(KL_TEXT("kl::trace", "invalid JSON: %1"), rapidjson::GetParseError_En(result.Code()));

    if (handler.sawEvents()) {
        // Partial results: every event that closed before the break is kept.
        ReadIssue issue;
        issue.offset = offset;
        issue.compressedOffset = source.gzip() ? source.fileOffset() : offset;
        issue.message =
            Text::of(KL_TEXT("kl::trace", "%1: read up to byte %2 only: %3; the %4 events before it are "
                                          "kept"),
                     label, offset, cause, trace.eventsSeen);
        trace.truncated = std::move(issue);
        return trace;
    }
    if (source.failed())
        return fail(source.error());
    if (source.fileSize() == 0)
        return fail(Text::of(KL_TEXT("kl::trace", "%1: the file is empty"), label));
    return fail(
        Text::of(KL_TEXT("kl::trace", "%1: not a profiler trace: at byte %2: %3"), label, offset, cause));
}

} // namespace

Result<Trace> readTrace(const std::string& path, const TraceReadOptions& options)
{
    TraceSource::Options so;
    so.progress = options.progress;
    so.cancel = options.cancel;
    so.maxToken = options.maxToken;
    Text error;
    std::unique_ptr<TraceSource> source = TraceSource::openFile(path, so, error);
    if (!source)
        return fail(std::move(error));
    return parse(*source, path, options);
}

Result<Trace> readTraceBytes(std::string_view bytes, const std::string& label,
                             const TraceReadOptions& options)
{
    TraceSource::Options so;
    so.progress = options.progress;
    so.cancel = options.cancel;
    so.maxToken = options.maxToken;
    std::unique_ptr<TraceSource> source = TraceSource::fromBytes(bytes, label, so);
    return parse(*source, label, options);
}

} // namespace kl::trace
