#include "tritonrebuild.h"

#include "core/cubin/linetable.h"
#include "core/env/tritonversion.h"
#include "core/formats/json.h"
#include "core/util/durablefile.h"
#include "core/util/posixfile.h"
#include "core/util/subprocess.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <span>
#include <unistd.h>

namespace kl {
namespace {

// Run by the user's Python: argv = metadata path, PTX path, output path, wanted version.
// Exit 3: another Triton (stdout names it); 4: no Triton; 0: the cubin is written, stdout is
// {"triton": version, "ptxas": path}. The knobs that change ptxas's flags and that the metadata
// does not record are set from what the entry shows (no .loc in its PTX: line info was off).
constexpr const char* kScript = R"PY(
import json, os, sys
meta_path, ptx_path, out_path, want = sys.argv[1:5]
for knob in ("TRITON_DISABLE_LINE_INFO", "DISABLE_PTXAS_OPT", "TRITON_KERNEL_OVERRIDE", "TRITON_ALWAYS_COMPILE"):
    os.environ.pop(knob, None)
with open(ptx_path) as f:
    ptx = f.read()
if "\n\t.loc" not in ptx and "\n.loc" not in ptx:
    os.environ["TRITON_DISABLE_LINE_INFO"] = "1"
try:
    import triton
except Exception as e:
    print(json.dumps({"error": "%s: %s" % (type(e).__name__, e)}))
    sys.exit(4)
if want and triton.__version__ != want:
    print(json.dumps({"triton": triton.__version__}))
    sys.exit(3)
from triton.backends.compiler import GPUTarget
from triton.backends.nvidia.compiler import CUDABackend
with open(meta_path) as f:
    meta = json.load(f)
target = meta["target"]
backend = CUDABackend(GPUTarget(target["backend"], target["arch"], target["warp_size"]))
options = backend.parse_options(meta)
ptxas = ""
try:
    from triton.backends.nvidia import compiler as nv
    if hasattr(nv, "get_ptxas"):
        try:
            ptxas = nv.get_ptxas(target["arch"]).path
        except TypeError:
            ptxas = nv.get_ptxas().path
    elif hasattr(nv, "_path_to_binary"):
        ptxas = nv._path_to_binary("ptxas")[0]
except Exception:
    pass
# Triton keeps ptxas's input when ptxas fails (its repro file): in a folder of the scratch
# folder, removed here, not in /tmp.
import shutil, tempfile
tempfile.tempdir = os.path.join(os.path.dirname(out_path), "tmp")
os.makedirs(tempfile.tempdir, exist_ok=True)
os.environ["TMPDIR"] = tempfile.tempdir
try:
    cubin = backend.make_cubin(ptx, {}, options, target["arch"])
finally:
    shutil.rmtree(tempfile.tempdir, ignore_errors=True)
with open(out_path, "wb") as f:
    f.write(cubin)
print(json.dumps({"triton": triton.__version__, "ptxas": ptxas}))
)PY";

// The install prefix of a Python whose site-packages hold `path` (".../lib/python3.11/site-packages/...").
std::string prefixOfSitePackagesPath(const std::string& path)
{
    const auto at = path.find("/lib/python3");
    if (at == std::string::npos || at == 0)
        return {};
    return path.substr(0, at);
}

std::string lastLines(const std::string& text, std::size_t lines)
{
    std::size_t end = text.find_last_not_of(" \t\r\n");
    if (end == std::string::npos)
        return {};
    std::size_t start = end + 1;
    for (std::size_t n = 0; n < lines && start > 0; ++n) {
        const auto nl = text.rfind('\n', start - 1);
        start = nl == std::string::npos ? 0 : nl;
        if (start == 0)
            break;
    }
    return text.substr(start == 0 ? 0 : start + 1, end + 1 - (start == 0 ? 0 : start + 1));
}

} // namespace

std::vector<std::pair<std::string, std::string>> tritonPythonCandidates(const std::string& metadataText,
                                                                        const Environment& env)
{
    std::vector<std::pair<std::string, std::string>> out;
    const UserPython user = findUserPython(env);
    if (user.fromKlPython) {
        out.emplace_back(user.path.empty() ? env.get("KL_PYTHON").value_or("") : user.path, "KL_PYTHON");
        return out;
    }
    rapidjson::Document doc;
    if (json::parse(doc, metadataText) && doc.IsObject()) {
        auto libs = doc.FindMember("extern_libs");
        if (libs != doc.MemberEnd() && libs->value.IsArray())
            for (const auto& lib : libs->value.GetArray()) {
                if (!lib.IsArray() || lib.Size() != 2 || !lib[1].IsString())
                    continue;
                const std::string prefix = prefixOfSitePackagesPath(lib[1].GetString());
                for (const char* name : {"/bin/python3", "/bin/python"})
                    if (!prefix.empty() && isExecutableFile(prefix + name)) {
                        out.emplace_back(prefix + name, "the Triton that compiled the entry");
                        break;
                    }
                break;
            }
    }
    if (!user.path.empty())
        out.emplace_back(user.path, "PATH");
    return out;
}

TritonRebuild rebuildCubinWithTriton(const Entry& e, const std::string& metadataText,
                                     const std::string& metadataPath, const std::string& ptx,
                                     const std::string& cachedCubin, const Environment& env,
                                     const std::atomic<bool>* cancel)
{
    TritonRebuild r;
    auto candidates = tritonPythonCandidates(metadataText, env);
    if (e.tritonVersion.empty()) {
        // Before 3.3 the metadata records no version: only the install the entry names (or the
        // Python the user chose) can be taken for the one that wrote it.
        std::erase_if(candidates, [](const auto& c) { return c.second == "PATH"; });
        if (candidates.empty()) {
            r.why =
                Text::of(KL_TEXT("kl::recompile", "the entry records neither its Triton version nor a Triton "
                                                  "install that still exists"));
            return r;
        }
    }
    if (candidates.empty()) {
        r.why = findUserPython(env).error;
        return r;
    }
    char scratch[] = "/tmp/klens-rebuild-XXXXXX";
    if (!::mkdtemp(scratch)) {
        r.outcome = TritonRebuild::Outcome::Failed;
        r.why = Text::of(KL_TEXT("kl::recompile", "cannot create a scratch folder in /tmp: %1"),
                         std::string(std::strerror(errno)));
        return r;
    }
    const std::string out = joinPath(scratch, "rebuilt.cubin");
    const std::string ptxPath = joinPath(scratch, "entry.ptx");
    const auto stamps = lineTableFiles(
        std::span(reinterpret_cast<const std::uint8_t*>(cachedCubin.data()), cachedCubin.size()));
    const UniqueFd scratchFd(::open(scratch, O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    const Status written =
        scratchFd.get() < 0
            ? Status(fail(Text::verbatim(std::strerror(errno))))
            : writeNewFileAt(scratchFd.get(), "entry.ptx", ptxWithRecordedFileStamps(ptx, stamps), false);
    if (!written) {
        ::rmdir(scratch);
        r.outcome = TritonRebuild::Outcome::Failed;
        r.why = Text::of(KL_TEXT("kl::recompile", "cannot write %1: %2"), ptxPath, written.error());
        return r;
    }
    Text asked;
    for (const auto& [python, foundBy] : candidates) {
        ProcessOptions options;
        options.timeoutMs = 300'000;
        options.captureStderr = true;
        options.cancel = cancel;
        const ProcessResult p =
            runProcess({python, "-c", kScript, metadataPath, ptxPath, out, e.tritonVersion}, options);
        rapidjson::Document said;
        const bool answered = json::parse(said, lastLines(p.out, 1)) && said.IsObject();
        std::string have;
        if (answered)
            json::getString(said, "triton", have);
        Text one;
        if (!p.started || p.timedOut) {
            one = Text::of(KL_TEXT("kl::recompile", "%1 (%2): %3"), python, foundBy, p.error);
        } else if (p.exitCode == 3) {
            one = Text::of(KL_TEXT("kl::recompile", "%1 (%2) has Triton %3"), python, foundBy, have);
        } else if (p.exitCode == 4) {
            one = Text::of(KL_TEXT("kl::recompile", "%1 (%2) has no Triton"), python, foundBy);
        } else if (p.exitCode == 0) {
            Result<std::string> cubin = readFile(out, 512ull << 20);
            if (cubin) {
                r.outcome = TritonRebuild::Outcome::Rebuilt;
                r.cubin = std::move(*cubin);
                r.python = python;
                r.tritonVersion = have;
                json::getString(said, "ptxas", r.ptxas);
                r.log = p.err;
                break;
            }
            one = Text::of(KL_TEXT("kl::recompile", "%1 wrote no cubin: %2"), python, cubin.error());
        } else {
            // The entry's own Triton failed on the entry's own PTX: that is a finding, not a miss.
            r.outcome = TritonRebuild::Outcome::Failed;
            r.python = python;
            r.tritonVersion = e.tritonVersion;
            r.log = p.err;
            r.why = Text::of(KL_TEXT("kl::recompile", "Triton %1 in %2 failed to assemble the PTX: %3"),
                             e.tritonVersion, python, lastLines(p.err, 3));
            break;
        }
        asked = asked.empty() ? one : Text::of(KL_TEXT("kl::recompile", "%1; %2"), asked, one);
    }
    ::unlink(out.c_str());
    ::unlink(ptxPath.c_str());
    ::rmdir(joinPath(scratch, "tmp").c_str()); // the script's own temp folder, emptied by it
    ::rmdir(scratch);
    if (r.outcome == TritonRebuild::Outcome::NoMatchingTriton)
        r.why =
            e.tritonVersion.empty()
                ? Text::of(KL_TEXT("kl::recompile", "the Triton that built it is not at hand (%1)"), asked)
                : Text::of(KL_TEXT("kl::recompile", "built by Triton %1, which is not at hand (%2)"),
                           e.tritonVersion, asked);
    return r;
}

} // namespace kl
