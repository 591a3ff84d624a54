"""HTA's GPU kernel breakdown of the traces in a folder, as a user of Holistic Trace Analysis
runs it, timed; then its per-kernel sums written as JSON for bench_trace.sh to compare with
`klens trace --json`. Run with .venv-hta's python (scripts/hta-venv.sh):

    .venv-hta/bin/python tests/bench/hta_breakdown.py TRACE_DIR OUT.json

Timed (wall, printed as `hta_seconds`): `TraceAnalysis(trace_dir=...)` (parse every file,
align ranks, filter) plus `get_gpu_kernel_breakdown(visualize=False, ...)` with every kernel
kept (num_kernels huge, so nothing is folded into "others") and memory kernels included.

After the timing, for the comparison only: HTA's breakdown takes every event whose args carry
`stream` as a GPU kernel, and Inductor's `triton_*` cpu_op records carry `"stream": 0`, so HTA
adds the CPU op's duration to the Triton kernel of the same name. Those cpu_op rows are summed
from HTA's own dataframe and written beside (`inductor_cpu_us`, `inductor_cpu_calls`; `calls`
is HTA's sum / mean), so the comparison can take them out. HTA_DISABLE_NS_ROUNDING=1 (set by
bench_trace.sh) keeps Kineto's nanoseconds; HTA's default rounds every event to whole
microseconds (a per-row Python apply: slower, about 20 s instead of 16 s on 100 MB here), which
moves per-kernel sums by up to a microsecond per call.
"""
import json
import sys
import time

t0 = time.perf_counter()
from hta.trace_analysis import TraceAnalysis  # noqa: E402

t_import = time.perf_counter() - t0
trace_dir, out_path = sys.argv[1], sys.argv[2]

t0 = time.perf_counter()
analysis = TraceAnalysis(trace_dir=trace_dir, include_last_profiler_step=True)
t_parse = time.perf_counter() - t0
t1 = time.perf_counter()
_, kernels = analysis.get_gpu_kernel_breakdown(
    visualize=False, num_kernels=1 << 62, duration_ratio=1.0, include_memory_kernels=True)
t_breakdown = time.perf_counter() - t1
hta_seconds = time.perf_counter() - t0

# Not timed: what HTA counted that is not a GPU activity.
trace = analysis.t
sym = trace.symbol_table.get_sym_table()
cpu_op_id = trace.symbol_table.get_sym_id_map().get("cpu_op", -2)
inductor = {}
for rank, df in trace.traces.items():
    rows = df[(df["cat"] == cpu_op_id) & (df["stream"].ne(-1))]
    for name_id, dur in zip(rows["name"], rows["dur"]):
        name = sym[name_id]
        us_calls = inductor.setdefault(name, [0.0, 0])
        us_calls[0] += float(dur)
        us_calls[1] += 1

result = {}
for _, row in kernels.iterrows():
    r = result.setdefault(row["name"], {"sum_us": 0.0, "calls": 0, "kernel_type": row["kernel_type"]})
    r["sum_us"] += float(row["sum (us)"])
    if row["mean (us)"]:
        r["calls"] += int(round(float(row["sum (us)"]) / float(row["mean (us)"])))
for name, (us, calls) in inductor.items():
    if name in result:
        result[name]["inductor_cpu_us"] = us
        result[name]["inductor_cpu_calls"] = calls

json.dump({"hta_seconds": hta_seconds, "parse_seconds": t_parse, "breakdown_seconds": t_breakdown,
           "import_seconds": t_import, "ranks": sorted(int(r) for r in trace.traces.keys()),
           "kernels": result}, open(out_path, "w"), indent=1)
print("hta_seconds %.3f (parse %.3f, breakdown %.3f; import %.3f)" % (hta_seconds, t_parse, t_breakdown, t_import))
