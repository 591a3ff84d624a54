// Loading the CUDA driver at run time: a missing library, a library that is not the driver,
// the toolkit's stub (every symbol present, cuInit refuses), and error naming.

#include "gpu/cudaapi.h"
#include "gpu/gpustatus.h"

#include <QFileInfo>
#include <QTest>

namespace {
const char* kStub = "/usr/local/cuda/lib64/stubs/libcuda.so";
}

class TstGpuDriver : public QObject {
    Q_OBJECT
private slots:
    // This machine's own driver: devices when there is one, else a reason that says so. First:
    // once the stub (SONAME libcuda.so.1) is loaded below, dlopen("libcuda.so.1") would find it.
    void statusOfThisMachine()
    {
        const kl::GpuStatus s = kl::gpuStatus();
        QVERIFY(kl::gpuSupportBuilt());
        if (!s.available) {
            const std::string reason = s.reason.english();
            QVERIFY(!reason.empty());
            QVERIFY2(reason.starts_with("no CUDA") || reason.find("did not start") != std::string::npos,
                     reason.c_str());
            QSKIP(("no GPU here: " + reason).c_str());
        }
        QVERIFY(!s.devices.empty());
        QVERIFY(s.driverVersion >= 11000);
        for (const kl::GpuDeviceInfo& d : s.devices) {
            QVERIFY(!d.name.empty());
            QVERIFY(d.ccMajor >= 5);
            QVERIFY(d.smCount > 0);
            QVERIFY(d.totalMemory > (1ull << 30));
            QVERIFY(d.maxThreadsPerBlock >= 1024);
        }
    }

    void missingLibraryIsNamed()
    {
        const kl::CudaDriver d = kl::loadCudaDriver("/nonexistent/libcuda.so.1");
        QVERIFY(!d.ok);
        QVERIFY2(d.error.english().starts_with(
                     "no CUDA driver (/nonexistent/libcuda.so.1: cannot open shared object file"),
                 d.error.english().c_str());
    }

    void aLibraryThatIsNotTheDriverIsNamedWithTheMissingSymbol()
    {
        const kl::CudaDriver d = kl::loadCudaDriver("libm.so.6");
        QVERIFY(!d.ok);
        QVERIFY2(d.error.english().find("libm.so.6 lacks cuInit") != std::string::npos,
                 d.error.english().c_str());
    }

    void theToolkitStubResolvesEverythingButIsNoDriver()
    {
        if (!QFileInfo::exists(kStub))
            QSKIP("no CUDA Toolkit stub at /usr/local/cuda/lib64/stubs");
        const kl::CudaDriver d = kl::loadCudaDriver(kStub);
        QVERIFY(!d.ok);
        QVERIFY2(d.error.english().find("stub library, not a driver") != std::string::npos,
                 d.error.english().c_str());
        // Every entry point resolved (the versioned names cuda.h maps to).
#define KL_CHECK(name) QVERIFY2(d.api.name != nullptr, #name);
        KL_CUDA_FUNCTIONS(KL_CHECK)
#undef KL_CHECK
    }

    void resultNames()
    {
        QCOMPARE(kl::cudaResultName(nullptr, CUDA_ERROR_ILLEGAL_ADDRESS),
                 std::string("CUDA_ERROR_ILLEGAL_ADDRESS"));
        QCOMPARE(kl::cudaResultName(nullptr, static_cast<CUresult>(9999)), std::string("CUresult 9999"));
        QCOMPARE(kl::cudaCallError(nullptr, "cuMemAlloc(64 bytes)", CUDA_ERROR_OUT_OF_MEMORY).english(),
                 std::string("cuMemAlloc(64 bytes) failed: CUDA_ERROR_OUT_OF_MEMORY"));
        QVERIFY(kl::isStickyCudaError(CUDA_ERROR_ILLEGAL_ADDRESS));
        QVERIFY(kl::isStickyCudaError(CUDA_ERROR_LAUNCH_FAILED));
        QVERIFY(!kl::isStickyCudaError(CUDA_ERROR_INVALID_VALUE));
        QVERIFY(!kl::isStickyCudaError(CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES));
    }
};

QTEST_GUILESS_MAIN(TstGpuDriver)
#include "tst_gpudriver.moc"
