#!/usr/bin/env python3
"""Time `klens remote ls URL --json --progress` to its first entries and to its end.

    remote_first_rows.py KLENS URL [REPS]

klens prints its progress only to a terminal, so its stderr is a pseudo-terminal here and each
progress line is timestamped as it arrives. The first rows are the first progress line that counts
an entry read ("listing: K keys, N/M entries read" with N > 0 while SCAN runs; "reading N/M
entries" once the keys are all listed: a build that lists every key first shows rows only then);
SCAN's end is the first "reading" line. Prints one line per run, then the medians.
"""
import os
import pty
import re
import statistics
import subprocess
import sys
import time

LISTING = re.compile(rb"listing: (\d+) keys, (\d+)/(\d+) entries read")
READING = re.compile(rb"reading (\d+)/(\d+) entries")


def run_once(klens, url):
    master, slave = pty.openpty()
    t0 = time.monotonic()
    proc = subprocess.Popen([klens, "remote", "ls", url, "--json", "--progress"],
                            stdout=subprocess.DEVNULL, stderr=slave)
    os.close(slave)
    first_rows = scan_end = None
    buf = b""
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:
            break
        if not chunk:
            break
        now = time.monotonic() - t0
        buf += chunk
        parts = re.split(rb"[\r\n]", buf)
        buf = parts.pop()
        for line in parts:
            m = LISTING.search(line)
            if m and int(m.group(2)) > 0 and first_rows is None:
                first_rows = now
            m = READING.search(line)
            if m:
                if scan_end is None:
                    scan_end = now
                if first_rows is None and int(m.group(1)) > 0:
                    first_rows = now
    rc = proc.wait()
    total = time.monotonic() - t0
    os.close(master)
    if rc > 1:
        sys.exit(f"klens failed (exit {rc})")
    return first_rows, scan_end, total


def main():
    klens, url = sys.argv[1], sys.argv[2]
    reps = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    runs = []
    for i in range(reps):
        r = run_once(klens, url)
        runs.append(r)
        print("run %d: first rows %.2f s, SCAN ended %.2f s, total %.2f s" % (i + 1, *r), flush=True)
    med = [statistics.median(x[j] for x in runs) for j in range(3)]
    print("median of %d: first rows %.2f s, SCAN ended %.2f s, total %.2f s" % (reps, *med))


if __name__ == "__main__":
    main()
