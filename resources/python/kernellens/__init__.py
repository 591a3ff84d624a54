"""KernelLens's Python side: Triton compile events and caches, for KernelLens to show.

    kernellens.events    the KernelLens events log (kernellens.event/1): where it is, format_line,
                         append_line with rotation; standard library only
    kernellens.listener  logs every Triton compile and cache hit; importing it registers it
    kernellens.remote    a Redis team cache for Triton's RemoteCacheManager
                         (TRITON_REMOTE_CACHE_BACKEND=kernellens.remote:RedisBackend)
    kernellens.triton    a Triton cache manager for shared and network filesystems
                         (TRITON_CACHE_MANAGER=kernellens.triton:CacheManager)
    kernellens.pack      packed caches (KERNELLENS_TRITON_PACK=1): the pack files' reader and
                         writer, docs/pack-format.md; standard library only

kernellens_triton_listener and kernellens_triton_remote, the modules' old names, are installed
beside the package and still work. Importing this package imports no submodule: it neither imports
Triton nor registers anything.
"""

__version__ = "0.1.0"
