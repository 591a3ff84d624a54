#include "tritonirbuild.h"

#include "core/clean/safedir.h"
#include "core/env/tritonversion.h"
#include "core/formats/json.h"
#include "core/nvrtc/tritonrebuild.h"
#include "core/util/posixfile.h"
#include "core/util/subprocess.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>

namespace kl {
namespace {

// Run by the user's Python: argv = metadata path, stage file, scratch folder, wanted version
// ("" for any), "1"/"0" line info. Exit 3: another Triton (stdout names it); 4: no Triton; 0:
// stdout's last line is {"triton", "files": {stage: path}, "num_warps", "shared"}. Triton's own
// messages (MLIR's `loc("file":line:col): error: ...`, ptxas's) go to stderr.
constexpr const char* kScript = R"PY(
import json, os, sys
meta_path, src_path, out_dir, want, line_info = sys.argv[1:6]
for knob in ("TRITON_KERNEL_OVERRIDE", "TRITON_KERNEL_DUMP", "TRITON_ALWAYS_COMPILE", "TRITON_CACHE_MANAGER",
             "TRITON_REMOTE_CACHE_BACKEND", "TRITON_DISABLE_LINE_INFO", "DISABLE_PTXAS_OPT"):
    os.environ.pop(knob, None)
if line_info == "0":
    os.environ["TRITON_DISABLE_LINE_INFO"] = "1"
os.environ["TRITON_CACHE_DIR"] = os.path.join(out_dir, "cache")
# Triton keeps ptxas's input when ptxas fails (its repro file): in the scratch folder, removed
# with it, not in /tmp.
import tempfile
tempfile.tempdir = os.path.join(out_dir, "tmp")
os.makedirs(tempfile.tempdir, exist_ok=True)
os.environ["TMPDIR"] = tempfile.tempdir
try:
    import triton
except Exception as e:
    print(json.dumps({"error": "%s: %s" % (type(e).__name__, e)}))
    sys.exit(4)
if want and triton.__version__ != want:
    print(json.dumps({"triton": triton.__version__}))
    sys.exit(3)
from triton.backends.compiler import GPUTarget
from triton.compiler.compiler import make_backend
with open(meta_path) as f:
    meta = json.load(f)
t = meta["target"]
target = GPUTarget(t["backend"], t["arch"], t["warp_size"])
def frozen(v):
    return tuple(frozen(x) for x in v) if isinstance(v, list) else v
# The entry's options; its libdevice path may name an install that is gone, Triton finds its own.
opts = {k: frozen(v) for k, v in meta.items() if k not in ("extern_libs", "target", "name", "hash", "shared")}
ext = os.path.splitext(src_path)[1][1:]
said = {"triton": triton.__version__}
if ext in ("ttir", "ttgir"):
    k = triton.compile(src_path, target=target, options=opts)
    asm = dict(k.asm)
    said["num_warps"] = k.metadata.num_warps
    said["shared"] = k.metadata.shared
else:
    from triton._C.libtriton import llvm
    llvm.init_targets()
    backend = make_backend(target)
    options = backend.parse_options(opts)
    stages = {}
    try:
        from triton.backends.compiler import Language
        backend.add_stages(stages, options, Language.TRITON)
    except (ImportError, TypeError):
        backend.add_stages(stages, options)
    with open(src_path) as f:
        src = f.read()
    metadata = {"name": meta.get("name", "")}
    asm = {ext: src}
    names = list(stages)
    for name in names[names.index(ext) + 1:]:
        src = stages[name](src, metadata)
        asm[name] = src
os.makedirs(os.path.join(out_dir, "out"))
files = {}
for name, text in asm.items():
    if name not in ("ttir", "ttgir", "llir", "ptx", "cubin", "amdgcn", "hsaco"):
        continue
    path = os.path.join(out_dir, "out", "kernel." + name)
    with open(path, "wb") as f:
        f.write(text if isinstance(text, bytes) else str(text).encode())
    files[name] = path
said["files"] = files
print(json.dumps(said))
)PY";

std::string lastLine(const std::string& text)
{
    const auto end = text.find_last_not_of(" \t\r\n");
    if (end == std::string::npos)
        return {};
    const auto nl = text.rfind('\n', end);
    return text.substr(nl == std::string::npos ? 0 : nl + 1,
                       end + 1 - (nl == std::string::npos ? 0 : nl + 1));
}

// Removes the scratch folder this run made (Triton's cache, the out/ files), through
// descriptors: nothing outside it, no symlink followed.
void removeScratch(const std::string& dir)
{
    const auto slash = dir.rfind('/');
    const UniqueFd parent(
        ::open(slash == 0 ? "/" : dir.substr(0, slash).c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    if (parent.get() < 0)
        return;
    const DirStat st = statAt(parent.get(), dir.c_str() + slash + 1);
    std::uint64_t freed = 0;
    Text error;
    if (st.ok && st.isDir)
        removeTreeAt(parent.get(), dir.substr(slash + 1), st.mount, dir, freed, error);
}

struct Attempt {
    ProcessResult p;
    rapidjson::Document said;
    bool answered = false;
};

Attempt runScript(const std::string& python, const std::string& metadataPath, const std::string& file,
                  const std::string& scratch, const std::string& want, bool lineInfo,
                  const std::atomic<bool>* cancel)
{
    Attempt a;
    ProcessOptions options;
    options.timeoutMs = 600'000;
    options.captureStderr = true;
    options.cancel = cancel;
    a.p =
        runProcess({python, "-c", kScript, metadataPath, file, scratch, want, lineInfo ? "1" : "0"}, options);
    a.answered = json::parse(a.said, lastLine(a.p.out)) && a.said.IsObject();
    return a;
}

} // namespace

TritonIrBuild buildWithTriton(const Entry& entry, const std::string& metadataText,
                              const std::string& metadataPath, const std::string& file, bool lineInfo,
                              const Environment& env, const std::atomic<bool>* cancel)
{
    TritonIrBuild r;
    const auto candidates = tritonPythonCandidates(metadataText, env);
    if (candidates.empty()) {
        r.why = findUserPython(env).error;
        return r;
    }
    std::string scratch = tempDirectory() + "/klens-try-XXXXXX";
    if (!::mkdtemp(scratch.data())) {
        r.outcome = TritonIrBuild::Outcome::Failed;
        r.why = Text::of(KL_TEXT("kl::overridetry", "cannot create a scratch folder %1: %2"), scratch,
                         std::string(std::strerror(errno)));
        return r;
    }
    // The entry's own version first; then, when none has it, the first Python that has a Triton.
    Text asked;
    std::string anyPython, anyVersion;
    Attempt done;
    bool ran = false;
    for (int pass = 0; pass < 2 && !ran; ++pass) {
        for (const auto& [python, foundBy] : candidates) {
            if (pass == 1 && python != anyPython)
                continue;
            Attempt a = runScript(python, metadataPath, file, scratch, pass == 0 ? entry.tritonVersion : "",
                                  lineInfo, cancel);
            std::string have;
            if (a.answered)
                json::getString(a.said, "triton", have);
            Text one;
            if (!a.p.started || a.p.timedOut) {
                one = Text::of(KL_TEXT("kl::overridetry", "%1 (%2): %3"), python, foundBy, a.p.error);
            } else if (a.p.exitCode == 3) {
                one = Text::of(KL_TEXT("kl::overridetry", "%1 (%2) has Triton %3"), python, foundBy, have);
                if (anyPython.empty()) {
                    anyPython = python;
                    anyVersion = have;
                }
            } else if (a.p.exitCode == 4) {
                one = Text::of(KL_TEXT("kl::overridetry", "%1 (%2) has no Triton"), python, foundBy);
            } else {
                r.python = python;
                r.tritonVersion = have.empty() ? (pass == 0 ? entry.tritonVersion : anyVersion) : have;
                r.otherVersion = pass == 1;
                done = std::move(a);
                ran = true;
                break;
            }
            if (pass == 0)
                asked = asked.empty() ? one : Text::of(KL_TEXT("kl::overridetry", "%1; %2"), asked, one);
        }
        if (pass == 0 && !ran && anyPython.empty())
            break;
    }
    if (!ran) {
        removeScratch(scratch);
        r.why = Text::of(KL_TEXT("kl::overridetry", "no Triton at hand to compile it (%1)"), asked);
        return r;
    }
    r.log = done.p.err;
    if (done.p.exitCode != 0 || !done.answered || !done.said.HasMember("files")) {
        r.outcome = TritonIrBuild::Outcome::Failed;
        r.why = done.p.timedOut || !done.p.started
                    ? done.p.error
                    : Text::of(KL_TEXT("kl::overridetry", "Triton %1 in %2 rejected it"), r.tritonVersion,
                               r.python);
        removeScratch(scratch);
        return r;
    }
    const auto& files = done.said["files"];
    if (files.IsObject())
        for (auto it = files.MemberBegin(); it != files.MemberEnd(); ++it) {
            if (!it->value.IsString())
                continue;
            Result<std::string> bytes = readFile(it->value.GetString(), 512ull << 20);
            if (bytes)
                r.stages[it->name.GetString()] = std::move(*bytes);
        }
    if (done.said.HasMember("num_warps") && done.said["num_warps"].IsUint())
        r.numWarps = done.said["num_warps"].GetUint();
    if (done.said.HasMember("shared") && done.said["shared"].IsUint64())
        r.sharedBytes = done.said["shared"].GetUint64();
    removeScratch(scratch);
    if (!r.stages.count("cubin")) {
        r.outcome = TritonIrBuild::Outcome::Failed;
        r.why =
            Text::of(KL_TEXT("kl::overridetry", "Triton %1 in %2 made no cubin"), r.tritonVersion, r.python);
        return r;
    }
    r.outcome = TritonIrBuild::Outcome::Built;
    return r;
}

} // namespace kl
