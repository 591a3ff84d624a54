"""Run by tst_tritonlistener (no Triton needed): append COUNT events through the listener's own
appender, as writer WRITER, so that its lines mix with C++ writers' under forced rotation; then,
with --long, one event whose kernel name is too long for a line.

    python append_lines.py LISTENER_DIR WRITER COUNT [--long]
"""
import sys
import time

sys.path.insert(0, sys.argv[1])
import kernellens_triton_listener as kl  # noqa: E402

writer, count = int(sys.argv[2]), int(sys.argv[3])
for seq in range(count):
    kl.append_line(kl.format_line({
        "time_ns": time.time_ns(), "origin": "triton", "kernel": "p%d_%d_" % (writer, seq) + "y" * (seq * 37 % 1500),
        "key": "%d:%d" % (writer, seq), "cache_hit": seq % 2 == 0, "arch": "sm_90",
        "stages_us": [("ir_initialization", seq), ("ptx", 2 * seq)], "total_us": 3 * seq, "bytes": seq,
        "pid": 0, "host": "py"}))
if "--long" in sys.argv:
    kl.append_line(kl.format_line({
        "time_ns": 1, "origin": "triton", "kernel": "\u20ac" * 5000, "key": "long", "cache_hit": False,
        "arch": "sm_90", "stages_us": [("s%d" % i, i) for i in range(10)], "total_us": 45, "bytes": 0,
        "pid": 0, "host": "py"}))
