"""Run by tst_tritonlistener: print format_line() of the events KernelLens's C++ test formats too,
so that both writers can be compared byte for byte.

    python same_lines.py LISTENER_DIR
"""
import sys

sys.path.insert(0, sys.argv[1])
import kernellens_triton_listener as kl  # noqa: E402


def event(kernel, stages):
    return {"time_ns": 1795346422123456789, "origin": "triton", "kernel": kernel, "key": "ff53" * 16,
            "cache_hit": False, "arch": "sm_90", "stages_us": stages, "total_us": 1692610, "bytes": 28127,
            "pid": 22177, "host": "node1"}


seven = [("ir_initialization", 1600630), ("ttir", 7982), ("ttgir", 12000), ("llir", 20000), ("ptx", 7991),
         ("cubin", 36917), ("store_results", 7090)]
many = [("stage_number_%d" % i, i) for i in range(400)]
for e in (event("add_kernel", seven), event("k\u20ac" * 3000, seven), event("short", many),
          event("x\x01\"\\" * 2000, many)):
    sys.stdout.buffer.write(kl.format_line(e))
