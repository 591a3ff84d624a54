#include "cleanjson.h"

#include "core/report/snapshotjson.h"
#include "core/util/isotime.h"
#include "core/util/jsonwriter.h"

namespace kl {
namespace {

using json::str;
using json::Writer;

template <typename T> void optNumber(Writer& w, const char* key, const std::optional<T>& v, T scale = 1)
{
    w.Key(key);
    if (v)
        w.Int64(static_cast<std::int64_t>(*v / scale));
    else
        w.Null();
}

void writePolicy(Writer& w, const CleanPolicy& p)
{
    w.Key("policy");
    w.StartObject();
    w.Key("max_size");
    if (p.maxSize)
        w.Uint64(*p.maxSize);
    else
        w.Null();
    optNumber<std::int64_t>(w, "older_than_s", p.olderThanNs, 1000000000);
    w.Key("keep_latest");
    if (p.keepLatest)
        w.Uint64(*p.keepLatest);
    else
        w.Null();
    w.Key("stale");
    w.Bool(p.stale);
    w.Key("orphans");
    w.Bool(p.orphans);
    w.Key("incomplete");
    w.Bool(p.incomplete);
    w.Key("dump_folders");
    w.StartArray();
    for (const std::string& d : p.dumpFolders)
        json::str(w, d);
    w.EndArray();
    w.Key("grace_s");
    w.Int64(p.graceNs / 1000000000);
    w.EndObject();
}

} // namespace

void writeCleanJson(const CleanPlan& plan, const CleanPolicy& policy, const CleanResult* result,
                    std::FILE* out)
{
    json::writeDocument(out, [&](Writer& w) {
        w.StartObject();
        w.Key("schema");
        w.String("kernellens.clean/1");
        w.Key("dry_run");
        w.Bool(result == nullptr);
        w.Key("roots");
        writeRoots(w, plan.roots);
        writePolicy(w, policy);
        w.Key("removals");
        w.StartArray();
        for (std::size_t i = 0; i < plan.removals.size(); ++i) {
            const PlannedRemoval& r = plan.removals[i];
            w.StartObject();
            w.Key("path");
            str(w, r.path);
            w.Key("kind");
            w.String(toString(r.kind).data());
            w.Key("kernel");
            str(w, r.kernel);
            w.Key("size");
            w.Uint64(r.size);
            w.Key("mtime");
            str(w, isoTime(r.mtimeNs));
            w.Key("scope");
            w.String(r.scope == RemovalScope::Entry ? "entry" : "temps-inside");
            w.Key("reasons");
            w.StartArray();
            for (const Text& why : r.reasons)
                str(w, why);
            w.EndArray();
            const RemovalOutcome* o = result ? &result->outcomes[i] : nullptr;
            w.Key("result");
            w.String(o ? toString(o->result).data() : "would-remove");
            w.Key("detail");
            if (o && !o->detail.empty())
                str(w, o->detail);
            else
                w.Null();
            w.Key("freed");
            w.Uint64(o ? o->bytesFreed : 0);
            w.EndObject();
        }
        w.EndArray();
        w.Key("skipped");
        w.StartArray();
        for (const PlannedSkip& s : plan.skipped) {
            w.StartObject();
            w.Key("path");
            str(w, s.path);
            w.Key("size");
            w.Uint64(s.size);
            w.Key("reason");
            str(w, s.reason);
            w.EndObject();
        }
        w.EndArray();
        w.Key("errors");
        w.StartArray();
        if (result)
            for (const Text& e : result->errors)
                str(w, e);
        w.EndArray();
        w.Key("summary");
        w.StartObject();
        w.Key("total_before");
        w.Uint64(plan.totalBefore);
        w.Key("planned");
        w.Uint64(plan.removals.size());
        w.Key("bytes_planned");
        w.Uint64(plan.bytesPlanned);
        w.Key("skipped_by_plan");
        w.Uint64(plan.skipped.size());
        w.Key("removed");
        w.Uint64(result ? result->removed : 0);
        w.Key("vanished");
        w.Uint64(result ? result->vanished : 0);
        w.Key("skipped");
        w.Uint64(result ? result->skipped : 0);
        w.Key("failed");
        w.Uint64(result ? result->failed : 0);
        w.Key("bytes_freed");
        w.Uint64(result ? result->bytesFreed : 0);
        w.Key("note");
        if (plan.note.empty())
            w.Null();
        else
            str(w, plan.note);
        w.Key("cancelled");
        w.Bool(result && result->cancelled);
        w.EndObject();
        w.EndObject();
    });
}

} // namespace kl
