// The analysis over small traces whose figures are worked out by hand in the comments: busy
// time as a union of intervals, compute/communication overlap, percentiles, launch delays,
// kernel classes, binaries per name, several ranks; and the shortening of demangled names.
#include "core/trace/intervals.h"
#include "core/trace/traceanalysis.h"
#include "core/trace/tracereader.h"

#include <QFile>
#include <QTest>
#include <algorithm>
#include <random>

using namespace kl::trace;

namespace {

QByteArray gpu(const char* cat, const char* name, double ts, double dur, int stream, int corr, int regs = 32,
               int threads = 128)
{
    return QStringLiteral(
               "{\"ph\":\"X\",\"cat\":\"%1\",\"name\":\"%2\",\"pid\":0,\"tid\":%3,\"ts\":%4,\"dur\":%5,"
               "\"args\":{\"device\":0,\"stream\":%3,\"correlation\":%6,\"registers per thread\":%7,"
               "\"shared memory\":0,\"block\":[%8,1,1],\"grid\":[1,1,1]}}")
        .arg(QString::fromLatin1(cat), QString::fromLatin1(name))
        .arg(stream)
        .arg(ts, 0, 'f', 3)
        .arg(dur, 0, 'f', 3)
        .arg(corr)
        .arg(regs)
        .arg(threads)
        .toUtf8();
}

QByteArray launch(double ts, int corr)
{
    return QStringLiteral(
               "{\"ph\":\"X\",\"cat\":\"cuda_runtime\",\"name\":\"cudaLaunchKernel\",\"pid\":1,\"tid\":1,"
               "\"ts\":%1,\"dur\":2,\"args\":{\"correlation\":%2}}")
        .arg(ts, 0, 'f', 3)
        .arg(corr)
        .toUtf8();
}

// Device 0 (sm_90):
//   stream 7: gemm [0,10) [20,30) [40,60)      (registers 32, 32, 40)
//   stream 9: ncclKernel_AllReduce [5,25)
//   stream 11: memcpy [70,75)
// busy = [0,30) + [40,60) + [70,75) = 55 us, span 75; compute 40, comm 20, overlap [5,10)+[20,25) = 10.
QByteArray sample(int rank)
{
    QByteArrayList ev;
    ev << gpu("kernel", "gemm", 0, 10, 7, 1) << gpu("kernel", "gemm", 20, 10, 7, 2)
       << gpu("kernel", "gemm", 40, 20, 7, 3, 40)
       << gpu("kernel", "ncclKernel_AllReduce_RING_LL_Sum_float", 5, 20, 9, 4)
       << gpu("gpu_memcpy", "Memcpy HtoD (Pinned -> Device)", 70, 5, 11, 5) << launch(-3, 1) << launch(15, 2);
    return "{\"distributedInfo\":{\"rank\":" + QByteArray::number(rank) +
           ",\"world_size\":2},\"deviceProperties\":[{\"id\":0,\"name\":\"H100\",\"computeMajor\":9,"
           "\"computeMinor\":0}],\"traceEvents\":[" +
           ev.join(',') + "]}";
}

Trace read(const QByteArray& bytes)
{
    kl::Result<Trace> r =
        readTraceBytes(std::string_view(bytes.constData(), std::size_t(bytes.size())), "t.json");
    if (!r)
        qFatal("%s", r.error().english().c_str());
    return std::move(*r);
}

const KernelStats& kernel(const TraceReport& r, const std::string& name)
{
    for (const KernelStats& k : r.kernels)
        if (k.name == name)
            return k;
    qFatal("no kernel %s", name.c_str());
}

// An interval set on a 1 us grid, computed the plain way (one flag per microsecond), so the
// analysis's unions and intersections are checked against arithmetic that shares nothing with it.
struct Grid {
    std::vector<bool> on = std::vector<bool>(400);
    void add(int from, int to)
    {
        for (int t = from; t < to; ++t)
            on[std::size_t(t)] = true;
    }
    std::int64_t us() const { return std::count(on.begin(), on.end(), true); }
    std::int64_t andUs(const Grid& o) const
    {
        std::int64_t n = 0;
        for (std::size_t t = 0; t < on.size(); ++t)
            n += on[t] && o.on[t];
        return n;
    }
};

// DeepSeek's layout: compute on one stream, DeepEP's dispatch and combine on their own, NVSHMEM
// and NCCL on theirs, plus a kernel no rule names on DeepEP's stream.
struct CommEvent {
    const char* name;
    int from, to, stream;
    bool comm;
};
const CommEvent kCommTrace[] = {
    {"void at::native::gemm_kernel<float>(float*)", 0, 40, 7, false},
    {"void flash::flash_fwd_kernel<Flash_fwd_params>(Flash_fwd_params)", 50, 90, 7, false},
    {"void flash::flash_fwd_kernel<Flash_fwd_params>(Flash_fwd_params)", 130, 150, 7, false},
    {"void dpsk::ep::internode::dispatch<8, true>(int*, int)", 10, 30, 27, true},
    {"void deep_ep::internode::combine<8>(int*, int)", 80, 100, 27, true},
    {"void deep_ep::internode::notify_dispatch<8>(int*)", 100, 104, 27, true},
    {"moe_token_shuffle_helper", 104, 106, 27, false},
    {"void nvshmemi_transfer_rma_nbi_kernel(void*)", 35, 55, 28, true},
    {"ncclDevKernel_AllReduce_Sum_f32_RING_LL(ncclDevKernelArgsStorage<4096ul>)", 95, 140, 9, true},
};

QByteArray commTrace()
{
    QByteArrayList ev;
    int corr = 1;
    for (const CommEvent& e : kCommTrace)
        ev << gpu("kernel", e.name, e.from, e.to - e.from, e.stream, corr++);
    return "{\"deviceProperties\":[{\"id\":0,\"name\":\"H800\",\"computeMajor\":9,\"computeMinor\":0}],"
           "\"traceEvents\":[" +
           ev.join(',') + "]}";
}

} // namespace

class TstTraceAnalysis : public QObject {
    Q_OBJECT
private slots:
    // Union, intersection and difference against a bitmap of every nanosecond, on random lists
    // with touching, nested and empty intervals.
    void intervalSetsMatchABitmap()
    {
        std::mt19937 rng(31);
        for (int round = 0; round < 300; ++round) {
            auto randomList = [&] {
                std::vector<Interval> v(rng() % 12);
                for (Interval& i : v) {
                    i.first = std::int64_t(rng() % 200);
                    i.second = i.first + std::int64_t(rng() % 40);
                }
                return v;
            };
            std::vector<Interval> a = randomList(), b = randomList();
            std::vector<bool> inA(256), inB(256);
            for (const Interval& i : a)
                for (std::int64_t t = i.first; t < i.second; ++t)
                    inA[std::size_t(t)] = true;
            for (const Interval& i : b)
                for (std::int64_t t = i.first; t < i.second; ++t)
                    inB[std::size_t(t)] = true;
            const std::int64_t lengthA = mergeIntervals(a);
            mergeIntervals(b);
            // A merged list's intervals are sorted and apart; a set operation's have no empty one
            // either (a merged list keeps a zero-length activity: it still starts a span). A
            // malformed list maps to an empty bitmap, which no expected bitmap here equals.
            auto bitmapOf = [](const std::vector<Interval>& v, bool emptyAllowed = false) {
                std::vector<bool> m(256);
                for (std::size_t k = 0; k < v.size(); ++k) {
                    if (v[k].first > v[k].second || (!emptyAllowed && v[k].first == v[k].second) ||
                        (k > 0 && v[k - 1].second >= v[k].first))
                        return std::vector<bool>();
                    for (std::int64_t t = v[k].first; t < v[k].second; ++t)
                        m[std::size_t(t)] = true;
                }
                return m;
            };
            std::vector<bool> both(256), onlyA(256);
            std::int64_t countA = 0, countBoth = 0;
            for (std::size_t t = 0; t < 256; ++t) {
                both[t] = inA[t] && inB[t];
                onlyA[t] = inA[t] && !inB[t];
                countA += inA[t];
                countBoth += both[t];
            }
            QCOMPARE(lengthA, countA);
            QCOMPARE(bitmapOf(a, true), inA);
            QCOMPARE(bitmapOf(intersectIntervals(a, b)), both);
            QCOMPARE(intersectionLength(a, b), countBoth);
            QCOMPARE(bitmapOf(subtractIntervals(a, b)), onlyA);
        }
    }

    void oneDevice()
    {
        const Trace t = read(sample(0));
        const TraceReport r = analyse({&t});
        QCOMPARE(r.gpuTotalNs, std::int64_t(65000));
        QCOMPARE(r.classes.computeNs, std::int64_t(40000));
        QCOMPARE(r.classes.communicationNs, std::int64_t(20000));
        QCOMPARE(r.classes.memcpyNs, std::int64_t(5000));
        QCOMPARE(r.kernels.front().name, std::string("gemm")); // longest total first
        const KernelStats& g = kernel(r, "gemm");
        QCOMPARE(g.calls, std::int64_t(3));
        QCOMPARE(g.totalNs, std::int64_t(40000));
        QCOMPARE(g.meanNs, std::int64_t(13333));
        QCOMPARE(g.p50Ns, std::int64_t(10000));
        QCOMPARE(g.p95Ns, std::int64_t(19000)); // numpy: 10 + 0.9 * (20 - 10)
        QCOMPARE(g.maxNs, std::int64_t(20000));
        QCOMPARE(g.minNs, std::int64_t(10000));
        QVERIFY(qAbs(g.share - 40.0 / 65.0) < 1e-12);
        QCOMPARE(g.registers.common, std::int64_t(32));
        QVERIFY(g.registers.varies());
        QCOMPARE(g.variants.size(), std::size_t(2));
        QCOMPARE(g.variants[0].registers, std::int64_t(32));
        QCOMPARE(g.variants[0].calls, std::int64_t(2));
        QCOMPARE(g.variants[0].totalNs, std::int64_t(20000));
        QCOMPARE(g.variants[1].registers, std::int64_t(40));
        QCOMPARE(g.blockX.common, std::int64_t(128));
        // Launch delays: correlation 1 launched at -3 started at 0, 2 at 15 started at 20.
        QCOMPARE(g.launchDelayP50Ns, std::int64_t(4000));
        QCOMPARE(g.launchDelayMaxNs, std::int64_t(5000));
        QCOMPARE(r.launchDelays.matched, std::int64_t(2));
        QVERIFY(kernel(r, "ncclKernel_AllReduce_RING_LL_Sum_float").cls == KernelClass::Communication);
        QVERIFY(kernel(r, "Memcpy HtoD (Pinned -> Device)").cls == KernelClass::Memcpy);

        QCOMPARE(r.devices.size(), std::size_t(1));
        const DeviceStats& d = r.devices.front();
        QCOMPARE(d.arch, std::string("90"));
        QCOMPARE(d.busyNs, std::int64_t(55000));
        QCOMPARE(d.spanNs, std::int64_t(75000));
        QCOMPARE(d.computeNs, std::int64_t(40000));
        QCOMPARE(d.communicationNs, std::int64_t(20000));
        QCOMPARE(d.memoryNs, std::int64_t(5000));
        QCOMPARE(d.overlapNs, std::int64_t(10000));
        QCOMPARE(d.streams.size(), std::size_t(3));
        const StreamStats& s7 = d.streams.front();
        QCOMPARE(s7.stream, 7);
        QCOMPARE(s7.busyNs, std::int64_t(40000));
        QCOMPARE(s7.spanNs, std::int64_t(60000));
        QCOMPARE(s7.idleNs, std::int64_t(20000));
        QCOMPARE(s7.largestGaps.size(), std::size_t(2));
        QCOMPARE(s7.largestGaps[0].durNs, std::int64_t(10000));
    }

    void severalRanks()
    {
        const Trace a = read(sample(0));
        const Trace b = read(sample(1));
        const TraceReport r = analyse({&a, &b});
        QCOMPARE(r.files.size(), std::size_t(2));
        QCOMPARE(r.gpuTotalNs, std::int64_t(130000));
        const KernelStats& g = kernel(r, "gemm");
        QCOMPARE(g.calls, std::int64_t(6));
        QCOMPARE(g.ranks, (std::vector<std::int32_t>{0, 1}));
        QCOMPARE(r.devices.size(), std::size_t(2));
        QCOMPARE(r.devices[0].rank, 0);
        QCOMPARE(r.devices[1].rank, 1);
        QCOMPARE(r.devices[1].busyNs, std::int64_t(55000));
    }

    void shortNames_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("shortName");
        QTest::addColumn<QString>("base");
        QTest::newRow("triton") << "triton_poi_fused_add_cos_sin_0"
                                << "triton_poi_fused_add_cos_sin_0"
                                << "triton_poi_fused_add_cos_sin_0";
        QTest::newRow("aten")
            << "void at::native::(anonymous namespace)::elementwise_kernel<128, 4, "
               "at::native::gpu_kernel_impl<at::native::FillFunctor<float>>(at::TensorIteratorBase&, "
               "at::native::FillFunctor<float> const&)::{lambda(int)#1}>(int, "
               "at::native::FillFunctor<float>)"
            << "native::elementwise_kernel"
            << "elementwise_kernel";
        QTest::newRow("cudnn")
            << "void cudnn::bn_bw_1C11_kernel_new<float, float, float2, 32, true, 1>(float, float)"
            << "cudnn::bn_bw_1C11_kernel_new"
            << "bn_bw_1C11_kernel_new";
        QTest::newRow("nccl") << "ncclDevKernel_AllReduce_Sum_f32_RING_LL(ncclDevKernelArgsStorage<4096ul>)"
                              << "ncclDevKernel_AllReduce_Sum_f32_RING_LL"
                              << "ncclDevKernel_AllReduce_Sum_f32_RING_LL";
        QTest::newRow("memcpy") << "Memcpy HtoD (Pageable -> Device)"
                                << "Memcpy HtoD (Pageable -> Device)"
                                << "Memcpy HtoD ";
        QTest::newRow("extern C with params") << "vector_add(float const*, float*, int)"
                                              << "vector_add"
                                              << "vector_add";
    }
    void shortNames()
    {
        QFETCH(QString, name);
        QFETCH(QString, shortName);
        QFETCH(QString, base);
        QCOMPARE(QString::fromStdString(shortenKernelName(name.toStdString())), shortName);
        QCOMPARE(QString::fromStdString(baseKernelName(name.toStdString())), base);
    }

    void classes()
    {
        QVERIFY(classify(GpuKind::Kernel, "ncclDevKernel_AllGather_RING_LL(x)") ==
                KernelClass::Communication);
        QVERIFY(classify(GpuKind::Kernel, "void deep_ep::internode::dispatch<8>(int)") ==
                KernelClass::Communication);
        QVERIFY(classify(GpuKind::Kernel, "all_to_all_dispatch_kernel") == KernelClass::Communication);
        QVERIFY(classify(GpuKind::Kernel, "triton_red_fused_sum_0") == KernelClass::Compute);
        QVERIFY(classify(GpuKind::Memset, "Memset (Device)") == KernelClass::Memset);
    }

    // Every library the rules name, by a kernel name from its sources; each says which rule.
    void commRules_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("rule");
        QTest::newRow("nccl") << "ncclDevKernel_AllReduce_Sum_bf16_RING_LL(ncclDevKernelArgsStorage<4096ul>)"
                              << "NCCL";
        QTest::newRow("nccl legacy") << "ncclKernel_AllReduce_RING_LL_Sum_float(ncclWorkElem)"
                                     << "NCCL";
        QTest::newRow("rccl") << "rcclGenericKernel<1, false>(ncclDevComm*)"
                              << "RCCL";
        QTest::newRow("msccl") << "mscclKernel_Sum_float_Simple_false(int, int)"
                               << "MSCCL";
        QTest::newRow("msccl++") << "void mscclpp::allreduce7<float>(float*, int)"
                                 << "MSCCL++";
        QTest::newRow("nvshmem") << "void nvshmemi_transfer_rma_nbi_kernel(void*)"
                                 << "NVSHMEM";
        QTest::newRow("deepep") << "void deep_ep::internode_ll::dispatch<false, 3, 8, 7168>(void*)"
                                << "DeepEP";
        QTest::newRow("deepseek") << "void dpsk::ep::internode::cached_notify<8>(int*)"
                                  << "DeepEP";
        QTest::newRow("symm mem")
            << "void c10d::symmetric_memory::one_shot_all_reduce_kernel<float, 16, 8>(...)"
            << "PyTorch symmetric memory";
        QTest::newRow("intra node") << "void c10d::intra_node_comm::oneShotAllReduceKernel<false>(...)"
                                    << "PyTorch c10d";
        QTest::newRow("userbuffers") << "void userbuffers_fp16_sum_inplace_gpu_rw<8>(int, int, int)"
                                     << "Userbuffers";
        QTest::newRow("pplx") << "void pplx::dispatchKernel<float>(...)"
                              << "pplx-kernels";
        QTest::newRow("mori") << "void mori::moe::EpDispatchInterNodeKernel<float>(...)"
                              << "MoRI";
        QTest::newRow("by name") << "void tensorrt_llm::kernels::oneShotAllReduceKernel<float, 8>(...)"
                                 << "collective by name";
        QTest::newRow("compute") << "void at::native::vectorized_elementwise_kernel<4, float>(int)"
                                 << "";
        QTest::newRow("triton") << "triton_red_fused_sum_0"
                                << "";
    }

    void commRules()
    {
        QFETCH(QString, name);
        QFETCH(QString, rule);
        std::string why;
        const KernelClass cls = classify(GpuKind::Kernel, name.toStdString(), CommClassifier(), &why);
        QCOMPARE(QString::fromStdString(why), rule);
        QVERIFY((cls == KernelClass::Communication) == !rule.isEmpty());
    }

    // The table is documented: every rule's library and pattern appear in docs/trace-classes.md.
    void rulesAreDocumented()
    {
        QFile doc(QStringLiteral(KL_SOURCE_DIR "/docs/trace-classes.md"));
        QVERIFY(doc.open(QIODevice::ReadOnly));
        const QByteArray text = doc.readAll();
        for (const CommRule& r : builtinCommRules()) {
            QVERIFY2(text.contains(QByteArray(r.library.data(), qsizetype(r.library.size()))),
                     r.library.data());
            QVERIFY2(text.contains("`" + QByteArray(r.match.data(), qsizetype(r.match.size())) + "`"),
                     r.match.data());
        }
    }

    // A user's pattern comes first and names itself; one that does not compile says so.
    void userPatterns()
    {
        auto c = CommClassifier::withUserPatterns({"^moe_token_shuffle"});
        QVERIFY(c);
        std::string why;
        QVERIFY(classify(GpuKind::Kernel, "moe_token_shuffle_helper", *c, &why) ==
                KernelClass::Communication);
        QCOMPARE(why, std::string("--comm ^moe_token_shuffle"));
        QCOMPARE(c->rule("ncclDevKernel_AllGather(x)"), std::string("NCCL"));
        auto bad = CommClassifier::withUserPatterns({"moe_(shuffle"});
        QVERIFY(!bad);
        QVERIFY2(bad.error().english().find("\"moe_(shuffle\" is not a valid regular expression") !=
                     std::string::npos,
                 bad.error().english().c_str());
        QVERIFY(!CommClassifier::withUserPatterns({""}));
    }

    // Communication busy time, its overlap with compute and what is exposed, against the plain
    // grid; the kernel no rule names on DeepEP's stream is reported; --comm moves it.
    void overlapAndExposure()
    {
        Grid compute, comm;
        for (const CommEvent& e : kCommTrace)
            (e.comm ? comm : compute).add(e.from, e.to);
        const Trace t = read(commTrace());
        const TraceReport r = analyse({&t});
        QCOMPARE(r.devices.size(), std::size_t(1));
        const DeviceStats& d = r.devices.front();
        QCOMPARE(d.computeNs, compute.us() * 1000);
        QCOMPARE(d.communicationNs, comm.us() * 1000);
        QCOMPARE(d.overlapNs, compute.andUs(comm) * 1000);
        QCOMPARE(d.exposedCommunicationNs, (comm.us() - compute.andUs(comm)) * 1000);
        QCOMPARE(d.hiddenShare(), double(compute.andUs(comm)) / double(comm.us()));
        QCOMPARE(kernel(r, "void deep_ep::internode::combine<8>(int*, int)").classRule,
                 std::string("DeepEP"));
        QCOMPARE(r.unnamedOnCommStreams.size(), std::size_t(1));
        QCOMPARE(r.kernels[r.unnamedOnCommStreams.front()].name, std::string("moe_token_shuffle_helper"));

        const TraceReport user = analyse({&t}, *CommClassifier::withUserPatterns({"shuffle"}));
        QVERIFY(user.unnamedOnCommStreams.empty());
        comm.add(104, 106);
        Grid computeLess;
        for (const CommEvent& e : kCommTrace)
            if (!e.comm && std::string_view(e.name) != "moe_token_shuffle_helper")
                computeLess.add(e.from, e.to);
        QCOMPARE(user.devices.front().communicationNs, comm.us() * 1000);
        QCOMPARE(user.devices.front().overlapNs, computeLess.andUs(comm) * 1000);
        QCOMPARE(user.commPatterns, std::vector<std::string>{"shuffle"});
    }

    // Kernels that would share a short name get their first template argument, then a number.
    void shortNamesNeverMerge()
    {
        std::vector<KernelStats> ks(5);
        ks[0].name = "void cutlass::device_kernel<cutlass::gemm::kernel::GemmUniversal<float, 128>>(Params)";
        ks[1].name = "void cutlass::device_kernel<cutlass::gemm::kernel::GemmUniversal<half, 64>>(Params)";
        ks[2].name = "void cutlass::device_kernel<flash::FlashAttnFwdSm90<128>>(Params)";
        ks[3].name = "void at::native::vectorized_elementwise_kernel<4, float>(int)";
        ks[4].name = "triton_poi_fused_0";
        for (KernelStats& k : ks)
            k.shortName = shortenKernelName(k.name);
        makeShortNamesUnique(ks);
        QCOMPARE(ks[0].shortName, std::string("cutlass::device_kernel<GemmUniversal>"));
        QCOMPARE(ks[1].shortName, std::string("cutlass::device_kernel<GemmUniversal> #2"));
        QCOMPARE(ks[2].shortName, std::string("cutlass::device_kernel<FlashAttnFwdSm90>"));
        QCOMPARE(ks[3].shortName, std::string("native::vectorized_elementwise_kernel")); // already unique
        QCOMPARE(ks[4].shortName, std::string("triton_poi_fused_0"));
    }

    // Brackets that never close and names of megabytes are shortened in one pass.
    void hostileNames()
    {
        std::vector<KernelStats> ks(2);
        ks[0].name = "void ns::k<" + std::string(4 << 20, '<') + "(int)";
        ks[1].name = "void ns::k<" + std::string(2 << 20, 'a') + ",";
        for (KernelStats& k : ks)
            k.shortName = shortenKernelName(k.name);
        QCOMPARE(ks[0].shortName, std::string("ns::k"));
        makeShortNamesUnique(ks);
        QVERIFY(ks[0].shortName != ks[1].shortName);
        QVERIFY(ks[1].shortName.size() < 80);
    }
};

QTEST_GUILESS_MAIN(TstTraceAnalysis)
#include "tst_traceanalysis.moc"
