#!/usr/bin/env python3
"""Write a synthetic Triton remote cache as Redis protocol on stdout, for `redis-cli --pipe`.

    gen_remote_cache.py COUNT [--seed N] | redis-cli -p PORT --pipe

Each entry is what Triton's RemoteCacheManager stores for one CUDA kernel under the default key
format `triton:{key}:{filename}`: 7 values (source, ttir, ttgir, llir, ptx, cubin, the metadata
json) and the group `__grp__<k>.json` = json.dumps({"child_paths": sorted(names)}), 8 keys in all.
The metadata is the demo cache's add_kernel json (real Triton 3.9 output) with its name and hash
replaced; the key is the base32 of the hash, as Triton derives it, so `klens remote ls` reports
every entry complete. Stage values are small (64-320 bytes) to keep 100,000 entries near 250 MB
of server memory: the benchmark measures listing, not bandwidth.
"""
import base64
import hashlib
import json
import os
import random
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
DEMO = os.path.join(HERE, "..", "..", "resources", "demo", "triton", "cache",
                    "ENMNKUMPFJVLQG3MJF6F2SA3TFSJ3FKVSWAG4JJWQTOMZ7ZZU2LA", "add_kernel.json")
NAMES = ["add_kernel", "_row_softmax_kernel", "matmul_kernel", "_layer_norm_fwd_fused",
         "triton_poi_fused_add_mul_0", "triton_red_fused__softmax_1"]
STAGES = ["source", "ttir", "ttgir", "llir", "ptx", "cubin"]


def resp(*args):
    out = [b"*%d\r\n" % len(args)]
    for a in args:
        out.append(b"$%d\r\n" % len(a))
        out.append(a)
        out.append(b"\r\n")
    return b"".join(out)


def main():
    count = int(sys.argv[1])
    seed = int(sys.argv[sys.argv.index("--seed") + 1]) if "--seed" in sys.argv else 1
    rng = random.Random(seed)
    with open(DEMO) as f:
        template = json.load(f)
    out = sys.stdout.buffer
    for i in range(count):
        name = NAMES[i % len(NAMES)]
        digest = hashlib.sha256(b"kl-remote-bench-%d-%d" % (seed, i)).hexdigest()
        key = base64.b32encode(bytes.fromhex(digest)).decode().rstrip("=")
        meta = dict(template, hash=digest, name=name)
        files = {"%s.%s" % (name, s): rng.randbytes(rng.randint(64, 320)) for s in STAGES}
        files[name + ".json"] = json.dumps(meta).encode()
        chunk = []
        for fname, data in files.items():
            chunk.append(resp(b"SET", ("triton:%s:%s" % (key, fname)).encode(), data))
        group = json.dumps({"child_paths": sorted(files)}).encode()
        chunk.append(resp(b"SET", ("triton:%s:__grp__%s.json" % (key, name)).encode(), group))
        out.write(b"".join(chunk))


if __name__ == "__main__":
    main()
