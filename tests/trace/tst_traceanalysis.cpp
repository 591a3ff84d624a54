// The analysis over small traces whose figures are worked out by hand in the comments: busy
// time as a union of intervals, compute/communication overlap, percentiles, launch delays,
// kernel classes, binaries per name, several ranks; and the shortening of demangled names.
#include "core/trace/traceanalysis.h"
#include "core/trace/tracereader.h"

#include <QTest>

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

} // namespace

class TstTraceAnalysis : public QObject {
    Q_OBJECT
private slots:
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
                                              << "vector_add(float const*, float*, int)"
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
                KernelClass::Compute);
        QVERIFY(classify(GpuKind::Kernel, "all_to_all_dispatch_kernel") == KernelClass::Communication);
        QVERIFY(classify(GpuKind::Kernel, "triton_red_fused_sum_0") == KernelClass::Compute);
        QVERIFY(classify(GpuKind::Memset, "Memset (Device)") == KernelClass::Memset);
    }
};

QTEST_GUILESS_MAIN(TstTraceAnalysis)
#include "tst_traceanalysis.moc"
