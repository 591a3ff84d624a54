// The join of traced kernels with cache entries, on the demo caches real Triton 3.9 and NVRTC
// wrote (resources/demo): a launch whose registers and shared memory are its entry's cubin's
// fits; a changed register count is a binary-mismatch naming the entry; another GPU is an
// arch-mismatch; an NVRTC kernel joins by its demangled name; an Inductor kernel without an
// entry says where Inductor's cache is; unknown kernels are listed.
#include "core/cubin/cubininfo.h"
#include "core/env/cacheroots.h"
#include "core/scan/cachescanner.h"
#include "core/trace/tracejoin.h"
#include "core/trace/tracereader.h"
#include "core/util/posixfile.h"

#include <QTest>

using namespace kl;
using namespace kl::trace;

namespace {

const std::string kTriton = KL_SOURCE_DIR "/resources/demo/triton/cache";
const std::string kNvrtc = KL_SOURCE_DIR "/resources/demo/nvrtc-cache";

struct Facts {
    std::string path;
    std::uint32_t registers = 0;
    std::uint64_t shared = 0; // metadata shared + the cubin's static section, as Kineto counts it
    std::int64_t threads = 0;
};

/// The demo entry of `kernel` for `arch` with `warps`, read through the cubin reader.
Facts entryFacts(const Snapshot& s, const std::string& kernel, const std::string& arch, int warps)
{
    for (const Entry& e : s.entries) {
        if (e.kernel != kernel || e.target.arch != arch || (warps && e.numWarps.value_or(0) != warps))
            continue;
        const CubinResult c = readCubinInfo(joinPath(e.path, kernel + ".cubin"));
        if (!c.ok || c.info.kernels.empty())
            qFatal("cannot read the cubin of %s", e.path.c_str());
        return {e.path, *c.info.kernels.front().registers,
                static_cast<std::uint64_t>(e.shared.value_or(0)) + c.info.kernels.front().staticSharedBytes,
                e.numWarps.value_or(4) * 32};
    }
    qFatal("no demo entry %s sm_%s", kernel.c_str(), arch.c_str());
}

QByteArray kernelEvent(const std::string& name, long regs, long shared, long threads, int corr)
{
    return QStringLiteral(
               "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"%1\",\"pid\":0,\"tid\":7,\"ts\":%2,\"dur\":3.5,"
               "\"args\":{\"device\":0,\"stream\":7,\"correlation\":%2,\"registers per thread\":%3,"
               "\"shared memory\":%4,\"block\":[%5,1,1],\"grid\":[64,1,1]}}")
        .arg(QString::fromStdString(name))
        .arg(corr)
        .arg(regs)
        .arg(shared)
        .arg(threads)
        .toUtf8();
}

Trace traceOf(const QByteArrayList& events, int major = 9, int minor = 0)
{
    const QByteArray text =
        QStringLiteral("{\"deviceProperties\":[{\"id\":0,\"name\":\"GPU\",\"computeMajor\":%1,"
                       "\"computeMinor\":%2}],\"traceEvents\":[")
            .arg(major)
            .arg(minor)
            .toUtf8() +
        events.join(',') + "]}";
    kl::Result<Trace> r =
        readTraceBytes(std::string_view(text.constData(), std::size_t(text.size())), "t.json");
    if (!r)
        qFatal("%s", r.error().english().c_str());
    return std::move(*r);
}

const TraceFinding* finding(const JoinResult& j, const TraceReport& r, const std::string& code,
                            const std::string& kernel)
{
    for (const TraceFinding& f : j.findings)
        if (f.code == code && r.kernels[f.kernel].name == kernel)
            return &f;
    return nullptr;
}

std::size_t kernelIndex(const TraceReport& r, const std::string& name)
{
    for (std::size_t i = 0; i < r.kernels.size(); ++i)
        if (r.kernels[i].name == name)
            return i;
    qFatal("no kernel %s", name.c_str());
}

} // namespace

class TstTraceJoin : public QObject {
    Q_OBJECT
    Snapshot m_triton, m_nvrtc;

private slots:
    void initTestCase()
    {
        m_triton = CacheScanner().scan({givenRoot(kTriton)});
        m_nvrtc = CacheScanner().scan({givenRoot(kNvrtc)});
        QVERIFY(!m_triton.entries.empty());
        QVERIFY(!m_nvrtc.entries.empty());
    }

    void fittingLaunchesJoinTheirEntries()
    {
        const Facts softmax = entryFacts(m_triton, "_row_softmax_kernel", "90", 0);
        const Facts add4 = entryFacts(m_triton, "add_kernel", "90", 8);
        const Trace t = traceOf(
            {kernelEvent("_row_softmax_kernel", softmax.registers, long(softmax.shared), softmax.threads, 1),
             kernelEvent("add_kernel", add4.registers, long(add4.shared), add4.threads, 2)});
        const TraceReport r = analyse({&t});
        int loads = 0;
        const CubinLoader loader = [&](const Snapshot&, const Entry& e, const Stage& cubin) {
            ++loads;
            return readLocalCubin(e, cubin);
        };
        const JoinResult j = joinCaches(r, {&m_triton}, loader);
        QVERIFY2(j.findings.empty(), j.findings.empty() ? "" : j.findings.front().message.english().c_str());
        const KernelJoin* s = j.of(kernelIndex(r, "_row_softmax_kernel"));
        QVERIFY(s && s->allFit());
        QCOMPARE(s->entries[std::size_t(s->best)].path, softmax.path);
        QCOMPARE(*s->entries[std::size_t(s->best)].registers, softmax.registers);
        const KernelJoin* a = j.of(kernelIndex(r, "add_kernel"));
        QVERIFY(a && a->allFit());
        // Of the demo's add_kernel entries only the 8-warp sm_90 one fits 256 threads.
        QCOMPARE(a->entries[std::size_t(a->best)].path, add4.path);
        QCOMPARE(j.matchedNs, r.gpuTotalNs);
        // Each candidate's cubin is read once, through the loader given (the HIP entry has none).
        std::size_t candidates = 0;
        for (const KernelJoin& k : j.kernels)
            for (const EntryMatch& m : k.entries)
                candidates += m_triton.entries[m.entry].stage("cubin") ? 1 : 0;
        QCOMPARE(loads, int(candidates));
    }

    void changedRegistersAreABinaryMismatch()
    {
        const Facts softmax = entryFacts(m_triton, "_row_softmax_kernel", "90", 0);
        const Trace t = traceOf({kernelEvent("_row_softmax_kernel", softmax.registers + 6,
                                             long(softmax.shared), softmax.threads, 1)});
        const TraceReport r = analyse({&t});
        const JoinResult j = joinCaches(r, {&m_triton});
        const TraceFinding* f = finding(j, r, "binary-mismatch", "_row_softmax_kernel");
        QVERIFY(f);
        QCOMPARE(f->severity, std::string("error"));
        QCOMPARE(f->entries, std::vector<std::string>{softmax.path});
        const std::string msg = f->message.english();
        QVERIFY2(msg.find(std::to_string(softmax.registers + 6) + " registers per thread") !=
                     std::string::npos,
                 msg.c_str());
        QVERIFY2(msg.find(std::to_string(softmax.registers) + " registers and") != std::string::npos,
                 msg.c_str());
        QVERIFY(!f->fix.empty());
        QVERIFY(!j.of(0)->allFit());
        QCOMPARE(j.matchedNs, std::int64_t(0));
    }

    void anotherGpuIsAnArchMismatch()
    {
        const Facts softmax = entryFacts(m_triton, "_row_softmax_kernel", "90", 0);
        const Trace t = traceOf(
            {kernelEvent("_row_softmax_kernel", softmax.registers, long(softmax.shared), softmax.threads, 1)},
            7, 5);
        const TraceReport r = analyse({&t});
        const JoinResult j = joinCaches(r, {&m_triton});
        const TraceFinding* f = finding(j, r, "arch-mismatch", "_row_softmax_kernel");
        QVERIFY(f);
        QVERIFY(f->message.english().find("sm_75") != std::string::npos);
        QVERIFY(!finding(j, r, "binary-mismatch", "_row_softmax_kernel"));
    }

    void nvrtcKernelsJoinByTheirDemangledName()
    {
        Facts v;
        for (const Entry& e : m_nvrtc.entries)
            if (e.kernel == "vector_add" && e.target.arch == "90") {
                const CubinResult c = readCubinInfo(joinPath(e.path, "vector_add.cubin"));
                QVERIFY(c.ok);
                v = {e.path, *c.info.kernels.front().registers, c.info.kernels.front().staticSharedBytes,
                     256};
            }
        QVERIFY(!v.path.empty());
        const Trace t = traceOf({kernelEvent("vector_add(float const*, float const*, float*, int)",
                                             v.registers, long(v.shared), v.threads, 1)});
        const TraceReport r = analyse({&t});
        const JoinResult j = joinCaches(r, {&m_triton, &m_nvrtc});
        const KernelJoin* k = j.of(0);
        QVERIFY(k);
        QVERIFY2(k->allFit(), j.findings.empty() ? "" : j.findings.front().message.english().c_str());
        QCOMPARE(k->entries[std::size_t(k->best)].snapshot, 1);
    }

    void unknownAndInductorKernels()
    {
        const QByteArray cpuOp =
            "{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"triton_poi_fused_mul_0\",\"pid\":1,\"tid\":1,\"ts\":"
            "1,"
            "\"dur\":9,\"args\":{\"kernel_hash\":\"abc\",\"kernel_file\":\"/tmp/torchinductor_u/ab/abc.py\","
            "\"kernel_backend\":\"triton\",\"num_warps\":4,\"num_stages\":1}}";
        const Trace t = traceOf({kernelEvent("mystery_kernel", 40, 0, 128, 1),
                                 kernelEvent("triton_poi_fused_mul_0", 20, 0, 128, 2), cpuOp});
        const TraceReport r = analyse({&t});
        const JoinResult j = joinCaches(r, {&m_triton});
        QCOMPARE(j.unmatched.size(), std::size_t(2));
        QVERIFY(j.kernels.empty());
        const TraceFinding* f = finding(j, r, "no-entry-inductor", "triton_poi_fused_mul_0");
        QVERIFY(f);
        QVERIFY2(f->fix.english().find("/tmp/torchinductor_u/triton") != std::string::npos,
                 f->fix.english().c_str());
        QVERIFY(!finding(j, r, "no-entry-inductor", "mystery_kernel"));
    }
};

QTEST_GUILESS_MAIN(TstTraceJoin)
#include "tst_tracejoin.moc"
