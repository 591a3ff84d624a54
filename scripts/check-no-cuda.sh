#!/usr/bin/env bash
# Builds klens as on a machine without the CUDA Toolkit (KL_WITH_CUDA=OFF) and checks that
# everything else works and that `klens compile`, `recompile` (of KernelLens's own entries), `gpu` and
# `autotune` say why they are off.
# Run by `bash scripts/dev.sh test`.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
build=build/no-cuda
cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DKL_WITH_CUDA=OFF \
    -DKL_BUILD_GUI=OFF -DKL_BUILD_TESTS=OFF -DKL_BUILD_BENCH=OFF ${CI:+-DKL_WERROR=ON} >/dev/null
cmake --build "$build" --target klens
klens=$build/app/cli/klens
fail() { echo "check-no-cuda: FAIL: $*" >&2; exit 1; }

if ldd "$klens" | grep -Eq 'libnvrtc|libnvJitLink|libcuda'; then
    fail "klens links a CUDA library: $(ldd "$klens" | grep -E 'nvrtc|nvJitLink|cuda')"
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
printf 'extern "C" __global__ void k(float* x) { x[0] = 1; }\n' >"$tmp/k.cu"
set +e
out=$(KERNELLENS_CACHE_DIR=$tmp/cache "$klens" compile "$tmp/k.cu" --arch sm_90 2>&1)
rc=$?
set -e
[[ $rc -eq 2 ]] || fail "klens compile exited $rc, expected 2: $out"
grep -q "built without the CUDA Toolkit" <<<"$out" || fail "klens compile did not say why: $out"
[[ ! -e $tmp/cache ]] || fail "klens compile wrote to the cache"
# The fixture holds entries with problems on purpose: scan exits 1 for those, 2 on failure.
rc=0
"$klens" scan resources/demo/triton/cache >/dev/null || rc=$?
[[ $rc -le 1 ]] || fail "klens scan exited $rc without CUDA"
set +e
# KernelLens's own NVRTC entries need NVRTC to rebuild; Triton's are rebuilt by the Triton that
# wrote them (its own ptxas), which needs no toolkit: judged when that Triton is at hand, else
# "cannot judge", never a crash.
out2=$(KERNELLENS_CACHE_DIR=$tmp/cache "$klens" recompile "$(find resources/demo/nvrtc-cache -name '*.cu' -printf '%h\n' | head -1)" 2>&1)
rc=$?
triton_entry=$(find resources/demo/triton/cache -name '*.ptx' -printf '%h\n' | head -1)
out5=$(KL_PYTHON=/nonexistent/python3 "$klens" recompile --no-log "$triton_entry" 2>&1)
rc5=$?
if [[ -x .venv-triton/bin/python ]]; then
    out6=$(KL_PYTHON=.venv-triton/bin/python "$klens" recompile --no-log "$triton_entry" 2>&1)
    rc6=$?
else
    out6="skipped: no .venv-triton"
    rc6=0
fi
set -e
[[ $rc -eq 2 ]] && grep -q "built without the CUDA Toolkit" <<<"$out2" || fail "klens recompile (NVRTC entry): exit $rc: $out2"
[[ $rc5 -eq 1 ]] && grep -q "cannot judge: built by Triton" <<<"$out5" || fail "klens recompile (no Triton): exit $rc5: $out5"
[[ $rc6 -eq 0 ]] || fail "klens recompile (with the entry's Triton): exit $rc6: $out6"
"$klens" cubin "$(find resources/demo/triton/cache -name '*.cubin' | head -1)" >/dev/null ||
    fail "klens cubin failed without CUDA"
set +e
out3=$("$klens" gpu 2>&1)
rc=$?
out4=$(KERNELLENS_CACHE_DIR=$tmp/cache "$klens" autotune vector_add 2>&1)
rc4=$?
set -e
[[ $rc -eq 3 ]] && grep -q "built without the CUDA Toolkit" <<<"$out3" || fail "klens gpu: exit $rc: $out3"
[[ $rc4 -eq 3 ]] && grep -q "built without the CUDA Toolkit" <<<"$out4" || fail "klens autotune: exit $rc4: $out4"
if nm -D "$klens" | grep -q ' U cu[A-Z]'; then fail "klens refers to CUDA driver symbols"; fi
echo "check-no-cuda: ok ($out; $out3)"
