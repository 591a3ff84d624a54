#!/usr/bin/env python3
"""Writes a synthetic PyTorch profiler (Kineto) trace of a requested size, for benchmarks and
stress tests of `klens trace`. Deterministic: the same arguments give the same bytes.

    gen_trace.py --size 1G -o /tmp/big.pt.trace.json                # one rank, plain JSON
    gen_trace.py --size 100M --gzip -o /tmp/t.pt.trace.json.gz      # gzip (Kineto's .json.gz)
    gen_trace.py --size 256M --ranks 4 -o /tmp/job/                 # 4 files, one per rank
    gen_trace.py --size 100M -o T.json --truth T.truth.json         # plus the exact totals

What a file holds (shapes and proportions taken from the Kineto traces in
../shared/corpus/traces, HTA's test data: about 240 bytes of JSON per event, per GPU activity
about 3.8 cpu_op, 2.3 cuda_runtime/cuda_driver records and one ac2g flow pair):
- Kineto's header before the events: schemaVersion, deviceProperties (8 GPUs of one node),
  distributedInfo (backend, rank, world_size, pg_config, nccl_version), cupti/CUDA versions;
  after them traceName, displayTimeUnit and baseTimeNanoseconds. HTA finds a file's rank by
  the first `"rank": N` line, so distributedInfo comes before the events as Kineto writes it.
- Training steps (a `ProfilerStep#N` user_annotation each): a host-to-device copy of the batch,
  forward and backward passes over transformer-like layers, NCCL all-reduce buckets during the
  backward pass on a second stream (stream 40) overlapping the compute stream (7), an optimizer
  (multi_tensor_apply) and a synchronise at the end of the step.
- Each GPU activity (cat kernel / gpu_memcpy / gpu_memset) is launched by a cuda_runtime record
  (cudaLaunchKernel, cudaLaunchKernelExC for NCCL, cudaMemcpyAsync, cudaMemsetAsync) or, for
  Triton, a cuda_driver cuLaunchKernel, with the same `correlation` and an ac2g flow ("s" at the
  launch, "f" at the kernel). Other runtime calls (cudaStreamIsCapturing, cudaEventRecord, ...)
  carry correlations of their own and launch nothing.
- Kernel args as CUPTI fills them: External id, queued, device, context, stream, correlation,
  registers per thread, shared memory, blocks per SM, warps per SM, grid, block, est. achieved
  occupancy % (computed from the device's SM count and the block); NCCL kernels add the
  collective's args. Names: ATen's and cuDNN's long demangled C++ names, cuBLAS/CUTLASS GEMMs,
  flash attention, NCCL, and Inductor's `triton_*` kernels, each of which follows a cpu_op of the
  same name with Inductor's args (kernel_hash, kernel_file, kernel_backend, num_warps,
  num_stages, grid, stream); the kernel's block is num_warps * 32 threads.
- Times: integer nanoseconds inside, written as microseconds with three decimals as Kineto
  does. `--timebase epoch` (default) writes epoch-sized timestamps (about 1.73e15 us, which a
  double cannot hold to the nanosecond) and `baseTimeNanoseconds: 0` (Kineto's rule: unix time
  = ts + base); `--timebase relative` writes what Kineto 2.4+ writes: a base rounded down to a
  day and timestamps relative to it (about 4e12 us).
- Process and thread metadata ("M") events, the profiler's span and instant events at the end.

--size is the uncompressed JSON size of each file (the generator stops at the first step end
past it, then closes the JSON). Memory stays at one step's events (a few MB) whatever the size.
--truth writes per-kernel-name calls and total nanoseconds over all GPU activities (kernels,
memcpy, memset) of all files: the figures a reader must find.
"""

import argparse
import gzip
import json
import os
import random
import sys
import time

# --------------------------------------------------------------------------------------------
# Devices
DEVICES = {
    "H100": dict(name="NVIDIA H100 80GB HBM3", totalGlobalMem=84929347584, computeMajor=9,
                 computeMinor=0, maxThreadsPerBlock=1024, maxThreadsPerMultiprocessor=2048,
                 regsPerBlock=65536, warpSize=32, sharedMemPerBlock=49152, numSms=132,
                 regsPerMultiprocessor=65536, sharedMemPerBlockOptin=232448,
                 sharedMemPerMultiprocessor=233472),
    "A100": dict(name="NVIDIA A100-SXM4-80GB", totalGlobalMem=84974239744, computeMajor=8,
                 computeMinor=0, maxThreadsPerBlock=1024, maxThreadsPerMultiprocessor=2048,
                 regsPerBlock=65536, warpSize=32, sharedMemPerBlock=49152, numSms=108,
                 regsPerMultiprocessor=65536, sharedMemPerBlockOptin=166912,
                 sharedMemPerMultiprocessor=167936),
}
GPUS_PER_NODE = 8
COMPUTE_STREAM = 7
NCCL_STREAM = 40

# --------------------------------------------------------------------------------------------
# Kernels: name, registers, static+dynamic shared memory, block threads, grid x, mean duration
# in ns. Names as CUPTI records them (demangled).
_EW = "void at::native::vectorized_elementwise_kernel<4, {f}, at::detail::Array<char*, {n}> >(int, {f}, at::detail::Array<char*, {n}>)"
ATEN = [
    (_EW.format(f="at::native::AUnaryFunctor<c10::BFloat16, c10::BFloat16, c10::BFloat16, at::native::binary_internal::MulFunctor<float> >", n=2), 16, 0, 128, 4096, 6_000),
    (_EW.format(f="at::native::CUDAFunctor_add<c10::BFloat16>", n=3), 18, 0, 128, 8192, 9_000),
    (_EW.format(f="at::native::BinaryFunctor<float, float, float, at::native::binary_internal::MulFunctor<float> >", n=3), 16, 0, 128, 2048, 4_000),
    (_EW.format(f="at::native::(anonymous namespace)::launch_clamp_scalar(at::TensorIteratorBase&, c10::Scalar, c10::Scalar, at::native::detail::ClampLimits)::{lambda()#1}::operator()() const::{lambda()#14}::operator()() const::{lambda(c10::BFloat16)#1}", n=2), 20, 0, 128, 1024, 3_000),
    ("void at::native::elementwise_kernel<128, 2, at::native::gpu_kernel_impl_nocast<at::native::direct_copy_kernel_cuda(at::TensorIteratorBase&)::{lambda()#3}::operator()() const::{lambda()#7}::operator()() const::{lambda(float)#1}>(at::TensorIteratorBase&, at::native::direct_copy_kernel_cuda(at::TensorIteratorBase&)::{lambda()#3}::operator()() const::{lambda()#7}::operator()() const::{lambda(float)#1} const&)::{lambda(int)#1}>(int, at::native::gpu_kernel_impl_nocast<at::native::direct_copy_kernel_cuda(at::TensorIteratorBase&)::{lambda()#3}::operator()() const::{lambda()#7}::operator()() const::{lambda(float)#1}>(at::TensorIteratorBase&, at::native::direct_copy_kernel_cuda(at::TensorIteratorBase&)::{lambda()#3}::operator()() const::{lambda()#7}::operator()() const::{lambda(float)#1} const&)::{lambda(int)#1})", 24, 0, 128, 2048, 7_000),
    ("void at::native::reduce_kernel<512, 1, at::native::ReduceOp<float, at::native::func_wrapper_t<float, at::native::sum_functor<float, float, float>::operator()(at::TensorIterator&)::{lambda(float, float)#1}>, unsigned int, float, 4> >(at::native::ReduceOp<float, at::native::func_wrapper_t<float, at::native::sum_functor<float, float, float>::operator()(at::TensorIterator&)::{lambda(float, float)#1}>, unsigned int, float, 4>)", 32, 16, 512, 264, 12_000),
    ("void at::native::(anonymous namespace)::vectorized_layer_norm_kernel<c10::BFloat16, float>(int, float, c10::BFloat16 const*, c10::BFloat16 const*, c10::BFloat16 const*, float*, float*, c10::BFloat16*)", 30, 0, 256, 8192, 15_000),
    ("void at::native::(anonymous namespace)::layer_norm_grad_input_kernel_vectorized<c10::BFloat16, float>(c10::BFloat16 const*, c10::BFloat16 const*, float const*, float const*, c10::BFloat16 const*, c10::BFloat16*, int)", 40, 1024, 256, 8192, 21_000),
    ("void at::native::(anonymous namespace)::cunn_SoftMaxForward<4, float, float, float, at::native::(anonymous namespace)::SoftMaxForwardEpilogue>(float*, float const*, int)", 34, 0, 1024, 4096, 25_000),
    ("void at::native::(anonymous namespace)::nll_loss_forward_reduce_cuda_kernel_2d<float, float, long>(float*, float*, float const*, long const*, float const*, bool, long, long, long, long)", 28, 0, 1024, 1, 8_000),
    ("void at::native::(anonymous namespace)::multi_tensor_apply_kernel<at::native::(anonymous namespace)::TensorListMetadata<4>, at::native::(anonymous namespace)::FusedAdamMathFunctor<float, 4, (at::native::(anonymous namespace)::ADAM_MODE)1, false>, double*, double, double, double, double, double, bool, float*, float*>(at::native::(anonymous namespace)::TensorListMetadata<4>, at::native::(anonymous namespace)::FusedAdamMathFunctor<float, 4, (at::native::(anonymous namespace)::ADAM_MODE)1, false>, double*, double, double, double, double, double, bool, float*, float*)", 64, 0, 512, 320, 60_000),
]
GEMM = [
    ("sm90_xmma_gemm_bf16bf16_bf16f32_f32_tn_n_tilesize128x256x64_warpgroupsize2x1x1_execute_segment_k_off_kernel__5x_cublas", 168, 213264, 384, 132, 180_000),
    ("sm90_xmma_gemm_bf16bf16_bf16f32_f32_nn_n_tilesize128x128x64_warpgroupsize1x1x1_execute_segment_k_off_kernel__5x_cublas", 168, 197888, 384, 264, 140_000),
    ("sm90_xmma_gemm_bf16bf16_bf16f32_f32_nt_n_tilesize256x128x64_warpgroupsize2x1x1_execute_segment_k_off_kernel__5x_cublas", 168, 213264, 384, 132, 160_000),
    ("void cutlass::Kernel2<cutlass_80_wmma_tensorop_bf16_s161616gemm_bf16_32x32_128x2_tn_align8>(cutlass_80_wmma_tensorop_bf16_s161616gemm_bf16_32x32_128x2_tn_align8::Params)", 126, 36864, 128, 512, 45_000),
]
FLASH = [
    ("void pytorch_flash::flash_fwd_kernel<pytorch_flash::Flash_fwd_kernel_traits<128, 128, 64, 4, false, false, cutlass::bfloat16_t, pytorch_flash::Flash_kernel_traits<128, 128, 64, 4, cutlass::bfloat16_t> >, false, true, false, false, true, true, false, false>(pytorch_flash::Flash_fwd_params)", 255, 49152, 128, 256, 220_000),
    ("void pytorch_flash::flash_bwd_dq_dk_dv_loop_seqk_parallel_kernel<pytorch_flash::Flash_bwd_kernel_traits<128, 64, 128, 8, 2, 4, 2, false, false, cutlass::bfloat16_t, pytorch_flash::Flash_kernel_traits<128, 64, 128, 8, cutlass::bfloat16_t> >, true, false, false, false, false, true, false, false>(pytorch_flash::Flash_bwd_params)", 255, 114688, 256, 512, 520_000),
    ("void pytorch_flash::flash_bwd_convert_dq_kernel<pytorch_flash::Flash_bwd_kernel_traits<128, 64, 128, 8, 2, 4, 2, false, false, cutlass::bfloat16_t, pytorch_flash::Flash_kernel_traits<128, 64, 128, 8, cutlass::bfloat16_t> > >(pytorch_flash::Flash_bwd_params, int)", 40, 32768, 256, 512, 18_000),
]
# Inductor's Triton kernels: name, registers, shared, num_warps, num_stages, grid x, mean ns.
TRITON = [
    ("triton_poi_fused_add_mul_0", 24, 0, 4, 1, 4096, 7_000),
    ("triton_red_fused__to_copy_add_mean_mul_pow_rsqrt_1", 40, 0, 8, 1, 8192, 14_000),
    ("triton_per_fused__softmax_2", 32, 0, 8, 1, 4096, 11_000),
    ("triton_poi_fused_cat_3", 20, 0, 4, 1, 2048, 5_000),
    ("triton_tem_fused_mm_4", 232, 98304, 8, 3, 264, 120_000),
    ("triton_red_fused_native_layer_norm_backward_5", 48, 1024, 8, 1, 8192, 19_000),
    ("triton_poi_fused_gelu_gelu_backward_6", 28, 0, 4, 1, 8192, 9_000),
    ("triton_per_fused_sum_7", 36, 0, 4, 1, 1024, 6_000),
]
NCCL = [
    ("ncclDevKernel_AllReduce_Sum_bf16_RING_LL(ncclDevKernelArgsStorage<4096ul>)", "allreduce", 96, 87616, 640, 24, 1_400_000),
    ("ncclDevKernel_ReduceScatter_Sum_bf16_RING_LL(ncclDevKernelArgsStorage<4096ul>)", "reduce_scatter", 96, 87616, 640, 24, 900_000),
    ("ncclDevKernel_AllGather_RING_LL(ncclDevKernelArgsStorage<4096ul>)", "all_gather", 96, 87616, 640, 24, 700_000),
]
MEMCPY = [("Memcpy HtoD (Pinned -> Device)", 40_000, 16_777_216), ("Memcpy DtoD (Device -> Device)", 6_000, 4_194_304),
          ("Memcpy DtoH (Device -> Pageable)", 9_000, 4096)]
MEMSET = ("Memset (Device)", 3_000, 6_291_456)

# CPU side: the op that launches each kernel, and the ops nested in it.
NESTED = ["aten::empty", "aten::view", "aten::as_strided", "aten::result_type", "aten::empty_strided",
          "aten::t", "aten::transpose", "aten::reshape", "aten::expand", "aten::detach"]
EXTRA_RUNTIME = [("cudaStreamIsCapturing", 37, 0.35, 800), ("cudaEventRecord", 135, 0.25, 3_000),
                 ("cudaStreamGetPriority", 236, 0.2, 700), ("cudaDeviceGetStreamPriorityRange", 205, 0.2, 700),
                 ("cudaFuncSetAttribute", 251, 0.1, 1_500), ("cudaStreamWaitEvent", 147, 0.05, 2_500)]


def kernel_hash(rng):
    return "".join(rng.choice("abcdefghijklmnopqrstuvwxyz234567") for _ in range(52))


def us(ns):
    """Kineto's microseconds with three decimals, from integer nanoseconds."""
    return "%d.%03d" % divmod(ns, 1000)


class Writer:
    """Counts the bytes of JSON text written (the size target is the uncompressed size)."""

    def __init__(self, path, use_gzip, level):
        self.raw = open(path, "wb")
        # mtime=0 and no file name in the gzip header: the same bytes on every run.
        self.f = gzip.GzipFile(filename="", mode="wb", fileobj=self.raw, compresslevel=level, mtime=0) \
            if use_gzip else self.raw
        self.bytes = 0

    def write(self, text):
        data = text.encode("utf-8")
        self.bytes += len(data)
        self.f.write(data)

    def close(self):
        if self.f is not self.raw:
            self.f.close()
        self.raw.close()


class RankGen:
    """One rank's trace, written step by step."""

    def __init__(self, args, rank, out, truth):
        self.a = args
        self.rank = rank
        self.out = out
        self.truth = truth
        self.rng = random.Random(args.seed * 1_000_003 + rank)
        self.dev = rank % GPUS_PER_NODE
        self.props = DEVICES[args.device]
        self.sms = self.props["numSms"]
        self.pid = 1_000_000 + 7919 * (args.seed % 100) + rank * 13  # a plausible host pid
        self.tid_main = self.pid
        self.tid_bwd = self.pid + 9501  # the autograd thread
        self.ext = 1000            # External id
        self.corr = 50_000         # correlation id
        self.rf = 0                # Record function id
        self.ev_idx = 0
        self.flow = 0              # fwdbwd flow id
        # Every clock starts at the same point; the epoch base is a fixed instant (2024-11-19).
        epoch_ns = 1_732_000_000_000_000_000 + args.seed * 1_000_000_007 % 3_600_000_000_000
        if args.timebase == "epoch":
            self.base = 0
            self.t0 = epoch_ns
        else:
            self.base = epoch_ns // 86_400_000_000_000 * 86_400_000_000_000 - 51 * 86_400_000_000_000
            self.t0 = epoch_ns - self.base
        self.cpu = self.t0 + 2_000_000
        self.gpu = {COMPUTE_STREAM: self.cpu, NCCL_STREAM: self.cpu}
        self.hashes = {name: kernel_hash(random.Random("%d:%s" % (args.seed, name))) for name, *_ in TRITON}
        self.user = "bench"
        self.lines = []   # the current step's CPU-side events
        self.gpu_lines = []  # its GPU activities, launches and flows, in Kineto's activity order

    # -- durations: a lognormal-ish spread around the mean, deterministic --------------------
    def dur(self, mean_ns, spread=0.35):
        return max(600, int(mean_ns * self.rng.lognormvariate(0.0, spread)))

    # -- CPU events ----------------------------------------------------------------------------
    def cpu_op(self, name, ts, dur, tid, extra=""):
        self.ext += 1
        self.rf += 1
        self.ev_idx += 1
        self.lines.append(
            '  {\n    "ph": "X", "cat": "cpu_op", "name": "%s", "pid": %d, "tid": %d,\n'
            '    "ts": %s, "dur": %s,\n    "args": {\n      "External id": %d,%s"Record function id": %d, "Ev Idx": %d\n    }\n  }'
            % (name, self.pid, tid, us(ts), us(dur), self.ext, extra, self.rf, self.ev_idx))
        return self.ext

    def user_annotation(self, name, ts, dur, tid):
        self.ext += 1
        self.rf += 1
        self.ev_idx += 1
        self.lines.append(
            '  {\n    "ph": "X", "cat": "user_annotation", "name": "%s", "pid": %d, "tid": %d,\n'
            '    "ts": %s, "dur": %s,\n    "args": {\n      "External id": %d,"Record function id": %d, "Ev Idx": %d\n    }\n  }'
            % (name, self.pid, tid, us(ts), us(dur), self.ext, self.rf, self.ev_idx))
        return self.ext

    def runtime(self, cat, name, cbid, ts, dur, tid, ext, corr):
        ext_part = '"External id": %d,      ' % ext if ext else "      "
        self.gpu_lines.append(
            '  {\n    "ph": "X", "cat": "%s", "name": "%s", "pid": %d, "tid": %d,\n'
            '    "ts": %s, "dur": %s,\n    "args": {\n      %s"cbid": %d, "correlation": %d\n    }\n  }'
            % (cat, name, self.pid, tid, us(ts), us(dur), ext_part, cbid, corr))

    def flow_s(self, corr, ts, tid):
        self.gpu_lines.append(
            '  {\n    "ph": "s", "id": %d, "pid": %d, "tid": %d, "ts": %s,\n    "cat": "ac2g", "name": "ac2g"\n  }'
            % (corr, self.pid, tid, us(ts)))

    def flow_f(self, corr, ts, stream):
        self.gpu_lines.append(
            '  {\n    "ph": "f", "id": %d, "pid": %d, "tid": %d, "ts": %s,\n    "cat": "ac2g", "name": "ac2g", "bp": "e"\n  }'
            % (corr, self.dev, stream, us(ts)))

    def extra_runtime(self, tid):
        """Runtime calls that launch nothing (correlations of their own), around a launch."""
        for name, cbid, p, mean in EXTRA_RUNTIME:
            if self.rng.random() < p:
                d = self.dur(mean, 0.5)
                self.corr += 1
                self.runtime("cuda_runtime", name, cbid, self.cpu, d, tid, 0, self.corr)
                self.cpu += d + 300

    # -- one GPU activity and what launches it -------------------------------------------------
    def _launch_common(self, tid, nested):
        """The nested ops of a launching op and the runtime calls before the launch; returns
        where the outer op starts and where its record goes."""
        start = (self.cpu, len(self.lines))
        self.cpu += self.rng.randrange(2_000, 9_000)
        for _ in range(nested):
            d = self.rng.randrange(1_500, 12_000)
            self.cpu_op(self.rng.choice(NESTED), self.cpu, d, tid)
            self.cpu += d + self.rng.randrange(300, 2_000)
        self.extra_runtime(tid)
        return start

    def _close_op(self, start, name, tid, extra=""):
        """Writes the outer op before its nested ones (Kineto sorts CPU ops by start); the
        launch and its GPU activity refer to it by External id."""
        self.cpu += self.rng.randrange(1_000, 4_000)
        ts, index = start
        ext = self.cpu_op(name, ts, self.cpu - ts, tid, extra)
        self.lines.insert(index, self.lines.pop())
        return ext

    def gpu_activity(self, kind, spec, tid, op_name, stream=COMPUTE_STREAM, launch=None):
        """One GPU activity of `kind` (kernel, triton, nccl, memcpy, memset) with the CPU ops
        and the launch record before it; `launch` = (cat, name, cbid) overrides the launch."""
        nested = self.rng.randrange(1, 5)
        start = self._launch_common(tid, nested)
        self.corr += 1
        corr = self.corr
        launch_ts = self.cpu
        inductor = None
        if kind == "triton":
            name, regs, shm, warps, stages, gridx, mean = spec
            launch_cat, launch_name, cbid, launch_dur = "cuda_driver", "cuLaunchKernel", 307, self.dur(9_000, 0.3)
            inductor = (name, warps, stages, gridx)
        elif kind == "nccl":
            name, coll, regs, shm, block, gridx, mean = spec
            launch_cat, launch_name, cbid, launch_dur = "cuda_runtime", "cudaLaunchKernelExC", 430, self.dur(12_000, 0.3)
        elif kind == "memcpy":
            name, mean, nbytes = spec
            launch_cat, launch_name, cbid, launch_dur = "cuda_runtime", "cudaMemcpyAsync", 41, self.dur(14_000, 0.4)
        elif kind == "memset":
            name, mean, nbytes = spec
            launch_cat, launch_name, cbid, launch_dur = "cuda_runtime", "cudaMemsetAsync", 51, self.dur(8_000, 0.4)
        else:
            name, regs, shm, block, gridx, mean = spec
            launch_cat, launch_name, cbid, launch_dur = "cuda_runtime", "cudaLaunchKernel", 211, self.dur(6_000, 0.4)
        if launch:
            launch_cat, launch_name, cbid = launch
        self.cpu += launch_dur
        # The outer op: Inductor's record for Triton (same name as the kernel), an aten op else.
        if inductor:
            iname, warps, stages, gridx = inductor
            h = self.hashes.get(iname) or kernel_hash(random.Random("%d:%s" % (self.a.seed, iname)))
            extra = ('"kernel_hash": "%s", "grid": "grid(%d,)", "stream": 0, "kernel_file": '
                     '"/tmp/torchinductor_%s/%s/%s.py", "kernel_backend": "triton", "num_warps": %d, '
                     '"num_stages": %d, ' % (h, gridx, self.user, h[:2], h, warps, stages))
            ext = self._close_op(start, iname, tid, extra)
        else:
            ext = self._close_op(start, op_name, tid)
        # The launch record and its flow start (written with the GPU activity, as Kineto does).
        gstart = max(self.gpu[stream], launch_ts + self.rng.randrange(3_000, 9_000))
        d = self.dur(mean)
        self.gpu[stream] = gstart + d + self.rng.randrange(800, 3_000)
        self.truth_add(name, d)
        if kind == "memcpy" or kind == "memset":
            cat = "gpu_memcpy" if kind == "memcpy" else "gpu_memset"
            bw = nbytes / d  # bytes per ns = GB/s
            self.gpu_lines.append(
                '  {\n    "ph": "X", "cat": "%s", "name": "%s", "pid": %d, "tid": %d,\n'
                '    "ts": %s, "dur": %s,\n    "args": {\n      "External id": %d,      "device": %d, "context": 1,'
                '      "stream": %d, "correlation": %d,      "bytes": %d, "memory bandwidth (GB/s)": %r\n    }\n  }'
                % (cat, name, self.dev, stream, us(gstart), us(d), ext, self.dev, stream, corr, nbytes, bw))
        else:
            if kind == "triton":
                block = warps * 32
            grid_y = 1 if gridx > 1 else self.rng.randrange(1, 4)
            blocks = gridx * grid_y
            bps = blocks / self.sms
            wps = bps * (block // 32)
            occ = min(100, int(wps / 64 * 100))
            nccl_args = ""
            if kind == "nccl":
                nelems = self.rng.choice((6_637_568, 2_431_040, 16_777_216, 33_554_432))
                w = self.a.world_size
                nccl_args = (', "Collective name": "%s", "In msg nelems": %d, "Out msg nelems": %d, "Group size": %d, '
                             '"dtype": "BFloat16", "In split size": "[]", "Out split size": "[]", "Process Group Name": "0", '
                             '"Process Group Description": "default_pg", "Process Group Ranks": "[%s]"'
                             % (coll, nelems, nelems, w, ", ".join(str(i) for i in range(w))))
            self.gpu_lines.append(
                '  {\n    "ph": "X", "cat": "kernel", "name": "%s", "pid": %d, "tid": %d,\n'
                '    "ts": %s, "dur": %s,\n    "args": {\n      "External id": %d,      "queued": 0, "device": %d, '
                '"context": 1,      "stream": %d, "correlation": %d,      "registers per thread": %d,      '
                '"shared memory": %d,      "blocks per SM": %.6f,      "warps per SM": %.6f,      "grid": [%d, %d, 1],'
                '      "block": [%d, 1, 1],      "est. achieved occupancy %%": %d%s\n    }\n  }'
                % (name, self.dev, stream, us(gstart), us(d), ext, self.dev, stream, corr, regs, shm, bps, wps,
                   gridx, grid_y, block, occ, nccl_args))
        self.flow_f(corr, gstart, stream)
        self.runtime(launch_cat, launch_name, cbid, launch_ts, launch_dur, tid, ext, corr)
        self.flow_s(corr, launch_ts, tid)
        self.cpu += self.rng.randrange(500, 3_000)

    def truth_add(self, name, d):
        t = self.truth.get(name)
        if t is None:
            self.truth[name] = [1, d]
        else:
            t[0] += 1
            t[1] += d

    # -- a training step -----------------------------------------------------------------------
    def step(self, n):
        rng = self.rng
        self.lines = []
        self.gpu_lines = []
        step_start = self.cpu
        tid = self.tid_main
        self.gpu_activity("memcpy", MEMCPY[0], tid, "aten::copy_")
        self.gpu_activity("memcpy", MEMCPY[0], tid, "aten::copy_")
        layers = self.a.layers
        # forward
        for layer in range(layers):
            self.gpu_activity("triton", TRITON[1], tid, "")            # rmsnorm
            self.gpu_activity("kernel", GEMM[0], tid, "aten::mm")        # qkv
            self.gpu_activity("kernel", FLASH[0], tid, "aten::_scaled_dot_product_flash_attention")
            self.gpu_activity("kernel", GEMM[1], tid, "aten::mm")        # proj
            self.gpu_activity("triton", TRITON[0], tid, "")            # residual
            self.gpu_activity("kernel", ATEN[6], tid, "aten::native_layer_norm")
            if rng.random() < 0.5:
                self.gpu_activity("triton", TRITON[4], tid, "")        # a templated mm
            else:
                self.gpu_activity("kernel", GEMM[2], tid, "aten::mm")
            self.gpu_activity("triton", TRITON[6], tid, "")            # gelu
            self.gpu_activity("kernel", GEMM[3], tid, "aten::addmm")
            self.gpu_activity("kernel", ATEN[1], tid, "aten::add")
            if rng.random() < 0.3:
                self.gpu_activity("kernel", ATEN[4], tid, "aten::copy_")
            if rng.random() < 0.2:
                self.gpu_activity("memcpy", MEMCPY[1], tid, "aten::copy_")
        self.gpu_activity("triton", TRITON[2], tid, "")
        self.gpu_activity("kernel", ATEN[8], tid, "aten::_softmax")
        self.gpu_activity("kernel", ATEN[9], tid, "aten::nll_loss_forward")
        self.gpu_activity("memset", MEMSET, tid, "aten::zero_")
        # backward, on the autograd thread; an all-reduce bucket every few layers on stream 40
        tid = self.tid_bwd
        for layer in range(layers):
            self.gpu_activity("kernel", GEMM[3], tid, "autograd::engine::evaluate_function: AddmmBackward0")
            self.gpu_activity("kernel", GEMM[0], tid, "autograd::engine::evaluate_function: MmBackward0")
            self.gpu_activity("triton", TRITON[6], tid, "")
            self.gpu_activity("kernel", ATEN[7], tid, "autograd::engine::evaluate_function: NativeLayerNormBackward0")
            self.gpu_activity("triton", TRITON[5], tid, "")
            self.gpu_activity("kernel", FLASH[1], tid, "autograd::engine::evaluate_function: ScaledDotProductFlashAttentionBackward0")
            self.gpu_activity("kernel", FLASH[2], tid, "aten::_flash_attention_backward")
            self.gpu_activity("kernel", GEMM[2], tid, "autograd::engine::evaluate_function: MmBackward0")
            self.gpu_activity("kernel", ATEN[0], tid, "autograd::engine::evaluate_function: MulBackward0")
            self.gpu_activity("kernel", ATEN[2], tid, "aten::mul")
            self.gpu_activity("triton", TRITON[7], tid, "")
            self.gpu_activity("kernel", ATEN[5], tid, "aten::sum")
            if rng.random() < 0.25:
                self.gpu_activity("kernel", ATEN[3], tid, "aten::clamp")
            if rng.random() < 0.15:
                self.gpu_activity("triton", TRITON[3], tid, "")
            # DDP copies gradients into the all-reduce bucket
            self.gpu_activity("memcpy", MEMCPY[1], tid, "torch.distributed.ddp.reducer::copy_bucket_to_grad")
            if rng.random() < 0.3:
                self.gpu_activity("memcpy", MEMCPY[1], tid, "aten::copy_")
            if layer % 3 == 2 or layer == layers - 1:
                self.gpu_activity("nccl", NCCL[0], tid, "record_param_comms", stream=NCCL_STREAM)
                if rng.random() < 0.2:
                    self.gpu_activity("nccl", NCCL[1 + rng.randrange(2)], tid, "record_param_comms",
                                      stream=NCCL_STREAM)
        # optimizer
        tid = self.tid_main
        self.gpu_activity("memset", MEMSET, tid, "aten::zero_")
        for _ in range(4):
            self.gpu_activity("kernel", ATEN[10], tid, "aten::_fused_adam_")
        self.gpu_activity("memcpy", MEMCPY[2], tid, "aten::item")
        # the step ends with a synchronise: the CPU waits for both streams
        end_gpu = max(self.gpu.values())
        self.corr += 1
        sync_dur = max(1_000, end_gpu - self.cpu)
        self.runtime("cuda_runtime", "cudaDeviceSynchronize", 165, self.cpu, sync_dur, tid, 0, self.corr)
        self.flow_s(self.corr, self.cpu, tid)
        self.cpu += sync_dur + rng.randrange(20_000, 60_000)
        for s in self.gpu:
            self.gpu[s] = max(self.gpu[s], self.cpu)
        # ProfilerStep#n spans the step; it goes first, as Kineto sorts CPU ops by start.
        step_lines = self.lines
        self.lines = []
        self.user_annotation("ProfilerStep#%d" % n, step_start, self.cpu - step_start - 5_000, self.tid_main)
        out = self.lines + step_lines
        self.lines = []
        # The GPU-side annotations of the step (no stream arg: not GPU activities).
        self.ext += 1
        out.append('  {\n    "ph": "X", "cat": "gpu_user_annotation", "name": "ProfilerStep#%d", "pid": %d, "tid": %d,\n'
                   '    "ts": %s, "dur": %s,\n    "args": {\n      "External id": %d\n    }\n  }'
                   % (n, self.dev, COMPUTE_STREAM, us(step_start + 4_000), us(end_gpu - step_start - 4_000), self.ext))
        out.extend(self.gpu_lines)
        self.gpu_lines = []
        self.out.write(",\n".join(out) + ",\n")

    # -- the file ------------------------------------------------------------------------------
    def header(self):
        props = []
        for i in range(GPUS_PER_NODE):
            p = dict(id=i)
            p.update(self.props)
            props.append(
                '    {\n      "id": %d, "name": "%s", "totalGlobalMem": %d,\n      "computeMajor": %d, "computeMinor": %d,\n'
                '      "maxThreadsPerBlock": %d, "maxThreadsPerMultiprocessor": %d,\n      "regsPerBlock": %d, "warpSize": %d,\n'
                '      "sharedMemPerBlock": %d, "numSms": %d\n    , "regsPerMultiprocessor": %d, "sharedMemPerBlockOptin": %d, '
                '"sharedMemPerMultiprocessor": %d\n    }'
                % (i, p["name"], p["totalGlobalMem"], p["computeMajor"], p["computeMinor"], p["maxThreadsPerBlock"],
                   p["maxThreadsPerMultiprocessor"], p["regsPerBlock"], p["warpSize"], p["sharedMemPerBlock"],
                   p["numSms"], p["regsPerMultiprocessor"], p["sharedMemPerBlockOptin"], p["sharedMemPerMultiprocessor"]))
        w = self.a.world_size
        ranks = ", ".join(str(i) for i in range(w))
        self.out.write(
            '{\n  "schemaVersion": 1,\n  "deviceProperties": [\n%s\n  ],\n'
            '  "distributedInfo": {"backend": "nccl", "rank": %d, "world_size": %d, "pg_count": 1, "pg_config": '
            '[{"pg_name": "0", "pg_desc": "default_pg", "backend_config": "cuda:nccl", "pg_size": %d, "ranks": [%s]}], '
            '"nccl_version": "2.21.5"},\n  "cupti_version": 24,\n  "cuda_runtime_version": 12040,\n'
            '  "cuda_driver_version": 12040,\n  "record_shapes": 0,\n  "with_stack": 0,\n  "profile_memory": 0,\n'
            '  "trace_id": "%032X",\n  "traceEvents": [\n'
            % (",\n".join(props), self.rank, w, w, ranks, random.Random(self.a.seed * 31 + self.rank).getrandbits(128)))

    def footer(self, first_ts):
        m = []
        def meta(name, ts, pid, tid, key, value):
            v = '"%s"' % value if isinstance(value, str) else str(value)
            m.append('  {\n    "name": "%s", "ph": "M", "ts": %s, "pid": %s, "tid": %s,\n    "args": {\n      "%s": %s\n    }\n  }'
                     % (name, us(ts), pid, tid, key, v))
        meta("process_name", first_ts, self.pid, 0, "name", "python3.11")
        meta("process_labels", first_ts, self.pid, 0, "labels", "CPU")
        meta("process_sort_index", first_ts, self.pid, 0, "sort_index", self.pid)
        meta("process_name", first_ts, self.dev, 0, "name", "python3.11")
        meta("process_labels", first_ts, self.dev, 0, "labels", "GPU %d" % self.dev)
        meta("process_sort_index", first_ts, self.dev, 0, "sort_index", 5000000 + self.dev)
        for s in (COMPUTE_STREAM, NCCL_STREAM):
            meta("thread_name", first_ts, self.dev, s, "name", "stream %d " % s)
            meta("thread_sort_index", first_ts, self.dev, s, "sort_index", s)
        meta("thread_name", first_ts, self.pid, self.tid_main, "name", "thread %d (pt_main_thread)" % self.tid_main)
        meta("thread_sort_index", first_ts, self.pid, self.tid_main, "sort_index", self.tid_main)
        meta("thread_name", first_ts, self.pid, self.tid_bwd, "name", "thread %d (pt_autograd_0)" % self.tid_bwd)
        meta("thread_sort_index", first_ts, self.pid, self.tid_bwd, "sort_index", self.tid_bwd)
        m.append('  {\n    "ph": "X", "cat": "Trace", "ts": %s, "dur": %s,\n    "pid": "Spans", "tid": "PyTorch Profiler",\n'
                 '    "name": "PyTorch Profiler (0)",\n    "args": {\n      "Op count": 0\n    }\n  }'
                 % (us(first_ts), us(self.cpu - first_ts)))
        m.append('  {\n    "name": "process_sort_index", "ph": "M", "ts": %s,\n    "pid": "Spans", "tid": 0,\n'
                 '    "args": {\n      "sort_index": 536870912\n    }\n  }' % us(first_ts))
        m.append('  {\n    "name": "Iteration Start: PyTorch Profiler", "ph": "i", "s": "g",\n'
                 '    "pid": "Traces", "tid": "Trace PyTorch Profiler", "ts": %s\n  }' % us(first_ts))
        m.append('  {\n    "name": "Record Window End", "ph": "i", "s": "g",\n    "pid": "", "tid": "", "ts": %s\n  }'
                 % us(self.cpu + 1_000))
        self.out.write(",\n".join(m))
        self.out.write('\n  ],\n  "traceName": "%s",\n  "displayTimeUnit": "ms",\n  "baseTimeNanoseconds": %d\n}\n'
                       % (self.a.trace_name_for(self.rank), self.base))

    def run(self, target_bytes):
        self.header()
        first_ts = self.cpu - 1_000_000
        n = 1
        while True:
            self.step(n)
            n += 1
            if self.out.bytes >= target_bytes:
                break
        self.footer(first_ts)
        return n - 1


def parse_size(text):
    units = {"": 1, "K": 1 << 10, "M": 1 << 20, "G": 1 << 30}
    t = text.strip().upper().rstrip("B").rstrip("I")
    num = t.rstrip("KMG")
    return int(float(num) * units[t[len(num):]])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    ap.add_argument("--size", default="100M", help="uncompressed JSON bytes per file: 500K, 100M, 1G (default 100M)")
    ap.add_argument("-o", "--output", required=True,
                    help="the file (one rank) or, with --ranks > 1, a folder for rank-<r>.pt.trace.json[.gz]")
    ap.add_argument("--gzip", action="store_true", help="write gzip (Kineto's .json.gz)")
    ap.add_argument("--gzip-level", type=int, default=6, help="zlib level for --gzip (default 6, as gzip)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--ranks", type=int, default=1, help="files to write, one per rank (default 1)")
    ap.add_argument("--rank", type=int, default=0, help="the rank of a single file (default 0)")
    ap.add_argument("--world-size", type=int, default=0, help="distributedInfo.world_size (default: max(ranks, 8))")
    ap.add_argument("--device", choices=sorted(DEVICES), default="H100")
    ap.add_argument("--layers", type=int, default=24, help="layers per training step (default 24)")
    ap.add_argument("--timebase", choices=("epoch", "relative"), default="epoch")
    ap.add_argument("--truth", help="write the per-kernel calls and total ns of every GPU activity here (JSON)")
    ap.add_argument("-q", "--quiet", action="store_true")
    a = ap.parse_args()
    target = parse_size(a.size)
    a.world_size = a.world_size or max(a.ranks, 8)
    if a.ranks > 1:
        os.makedirs(a.output, exist_ok=True)
        ext = ".pt.trace.json.gz" if a.gzip else ".pt.trace.json"
        paths = [(r, os.path.join(a.output, "rank-%d%s" % (r, ext))) for r in range(a.ranks)]
    else:
        paths = [(a.rank, a.output)]
    a.trace_name_for = lambda r: "/tmp/libkineto_activities_%d.json" % (1_000_000 + r)
    truth = {}
    t0 = time.perf_counter()
    total = 0
    for rank, path in paths:
        w = Writer(path, a.gzip, a.gzip_level)
        steps = RankGen(a, rank, w, truth).run(target)
        w.close()
        total += w.bytes
        if not a.quiet:
            print("gen_trace: %s: rank %d, %d steps, %.1f MB of JSON%s" %
                  (path, rank, steps, w.bytes / 1e6, ", %.1f MB gzip" % (os.path.getsize(path) / 1e6) if a.gzip else ""),
                  file=sys.stderr)
    dt = time.perf_counter() - t0
    if not a.quiet:
        print("gen_trace: %.1f MB in %.1f s (%.1f MB/s)" % (total / 1e6, dt, total / 1e6 / dt), file=sys.stderr)
    if a.truth:
        kernels = [{"name": n, "calls": c, "total_ns": t} for n, (c, t) in
                   sorted(truth.items(), key=lambda kv: (-kv[1][1], kv[0]))]
        with open(a.truth, "w") as f:
            json.dump({"files": [p for _, p in paths], "seed": a.seed, "size": target,
                       "gpu_total_ns": sum(k["total_ns"] for k in kernels), "kernels": kernels}, f, indent=1)
            f.write("\n")


if __name__ == "__main__":
    main()
