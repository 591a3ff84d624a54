#include "eventlogsettings.h"

#include "core/util/units.h"

#include <charconv>

namespace kl {

std::string defaultEventsLogPath(const Environment& env)
{
    if (auto p = env.get("KERNELLENS_EVENTS_LOG"); p && !p->empty())
        return *p;
    if (auto x = env.get("XDG_STATE_HOME"); x && x->starts_with('/'))
        return *x + "/kernellens/events.jsonl";
    return env.home + "/.local/state/kernellens/events.jsonl";
}

EventLogOptions eventLogOptionsFromEnvironment(const Environment& env)
{
    EventLogOptions o;
    if (auto v = env.get("KERNELLENS_EVENTS_MAX_BYTES"); v && !v->empty()) {
        Text error; // a bad value keeps the default
        if (auto bytes = parseSize(*v, error))
            o.maxBytes = *bytes;
    }
    if (auto v = env.get("KERNELLENS_EVENTS_KEEP"); v && !v->empty()) {
        int n = 0;
        auto [p, ec] = std::from_chars(v->data(), v->data() + v->size(), n);
        if (ec == std::errc() && p == v->data() + v->size() && n >= 1 && n <= 1000)
            o.generations = n;
    }
    return o;
}

} // namespace kl
