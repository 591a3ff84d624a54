#!/usr/bin/env bash
# Screenshots of the kernellens window for the docs, taken under Xvfb. Builds nothing.
#
#   scripts/screenshots.sh [path/to/kernellens]     (default: build/dev/app/gui/kernellens)
#
# Writes docs/screenshots/main-window-demo.png (--demo), dashboard.png and their Chinese versions
# (*-zh_CN.png, KERNELLENS_LANG=zh_CN), kernel-sass.png, kernel-cubin.png and kernel-lines.png (line 28 of the
# fixture kernel selected), clean-dialog.png (--show clean: the dry-run
# preview), dashboard.png, grouped-metadata.png, stage-ttgir.png and stage-cubin.png (an
# entry's stage tabs), diff-sm80-sm90.png (--diff of two fixture entries; -de in German) and, when the shared corpus exists,
# docs/screenshots/main-window-corpus.png (../shared/corpus/triton-caches), trace-demo.png and
# trace-demo-de.png (the Trace page of --demo), trace-corpus.png (a corpus trace), remote-cache.png
# (--remote: a redis-server on a free port with the demo cache pushed by klens, which must be built
# next to kernellens) and remote-open-keyring.png (File > Open Remote Cache with a system keyring). Needs xvfb-run, xauth, xwininfo and ImageMagick's import (and
# redis-server, redis-cli for remote-cache).
set -euo pipefail

SIZE=1280x800
cd "$(dirname "$0")/.."

# Inner mode, run by xvfb-run: start the app, wait for its window, take the shot, stop the app.
if [[ "${1:-}" == --inner ]]; then
    out=$2
    shift 2
    "$@" -qwindowgeometry "$SIZE+0+0" >/dev/null 2>&1 &
    app=$!
    # The title gets "— KernelLens" once a folder is opened; give the scan and the first paint time.
    for _ in $(seq 1 100); do
        if xwininfo -root -tree 2>/dev/null | grep -q -- '— KernelLens'; then break; fi
        sleep 0.1
    done
    # KL_SHOT_SLEEP: longer for a shot that waits for work (a compile) after the window is up.
    sleep "${KL_SHOT_SLEEP:-2}"
    # KL_SHOT_CLICK="TITLE:DX:DY": a click DX left of and DY above the bottom-right corner of the
    # window titled TITLE (a dialog's button; dialogs size themselves to their text).
    if [[ -n ${KL_SHOT_CLICK:-} ]]; then
        IFS=: read -r title dx dy <<<"$KL_SHOT_CLICK"
        win=$(xdotool search --name "^$title\$" | head -1)
        if [[ -n $win ]]; then
            eval "$(xdotool getwindowgeometry --shell "$win")"
            xdotool mousemove $((X + WIDTH - dx)) $((Y + HEIGHT - dy)) click 1
            sleep 2
        else
            echo "screenshots.sh: no window titled $title to click" >&2
        fi
    fi
    import -window root "$out"
    kill "$app" 2>/dev/null || true
    wait "$app" 2>/dev/null || true
    exit 0
fi

bin=${1:-build/dev/app/gui/kernellens}
if [[ ! -x "$bin" ]]; then
    echo "screenshots.sh: $bin is not an executable (build the kernellens target first)" >&2
    exit 2
fi
for tool in xvfb-run xwininfo import; do
    command -v "$tool" >/dev/null || { echo "screenshots.sh: $tool not found" >&2; exit 2; }
done
bin=$(realpath "$bin")
mkdir -p docs/screenshots
# Fresh settings for every shot: a window layout or language saved on this machine, or by the
# shot before, would otherwise change what a shot shows.
settings=$(mktemp -d)
trap 'rm -rf "$settings"' EXIT


only=${KL_SHOTS:-} # e.g. KL_SHOTS="clean-dialog dashboard" takes only those
shoot() {
    local name=$1
    shift
    if [[ -n $only && " $only " != *" $name "* ]]; then return; fi
    XDG_CONFIG_HOME=$(mktemp -d -p "$settings") xvfb-run -a -s "-screen 0 ${SIZE}x24" "$0" --inner \
        "docs/screenshots/$name.png" "$@"
    echo "wrote docs/screenshots/$name.png"
}

shoot main-window-demo "$bin" --demo
shoot clean-dialog "$bin" --demo --show clean
shoot dashboard "$bin" --demo --show dashboard
# The same in Chinese (needs a CJK font: fonts-wqy-microhei), and the demo's start page in Chinese.
shoot dashboard-zh_CN env KERNELLENS_LANG=zh_CN "$bin" --demo --show dashboard
shoot main-window-demo-zh_CN env KERNELLENS_LANG=zh_CN "$bin" --demo
# Core's sentences (a finding and its fix, the NFS banner) in German: the doctor tab of the
# demo's gfx90a entry.
shoot doctor-de env KERNELLENS_LANG=de "$bin" --demo --entry 7VLOBFKU --show doctor
shoot grouped-metadata "$bin" --demo --show grouped,metadata
# The side-by-side diff of the fixture's add_kernel compiled for sm_80 and for sm_90.
fixture=resources/demo/triton/cache
sm80=$(grep -l 'ttg.target = "cuda:80"' "$fixture"/*/add_kernel.ttgir | head -1)
sm90=$(grep -l 'ttg.target = "cuda:90"' "$fixture"/*/add_kernel.ttgir | head -1)
if [[ -n $sm90 ]]; then
    entry=$(basename "$(dirname "$sm90")")
    shoot stage-ttgir "$bin" --demo --entry "${entry:0:8}" --stage ttgir
    shoot stage-cubin "$bin" --demo --entry "${entry:0:8}" --stage cubin
fi
if [[ -n $sm80 && -n $sm90 ]]; then
    shoot diff-sm80-sm90 "$bin" --diff "$(dirname "$(realpath "$sm80")")" "$(dirname "$(realpath "$sm90")")"
    # The same in German: the explanation's notes and suspects come from core (kl::explain).
    shoot diff-sm80-sm90-de env KERNELLENS_LANG=de "$bin" --diff "$(dirname "$(realpath "$sm80")")" \
        "$(dirname "$(realpath "$sm90")")"
fi
# Triton's Redis remote cache: a throwaway redis-server (no persistence) holding the demo cache.
klens=$(dirname "$bin")/../cli/klens
if [[ -n $only && " $only " != *" remote-cache "* ]]; then
    :
elif command -v redis-server >/dev/null && command -v redis-cli >/dev/null && [[ -x $klens ]]; then
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    redis_dir=$(mktemp -d -p "$settings")
    redis-server --bind 127.0.0.1 --port "$port" --save "" --appendonly no --dir "$redis_dir" >/dev/null &
    redis_pid=$!
    for _ in $(seq 1 50); do
        if redis-cli -p "$port" ping >/dev/null 2>&1; then break; fi
        sleep 0.1
    done
    url="redis://127.0.0.1:$port/0"
    "$klens" remote push --url "$url" resources/demo/triton/cache >/dev/null
    shoot remote-cache "$bin" --remote "$url" --entry "${entry:-}"
    # File > Open Remote Cache with a system keyring to remember the password in: a private
    # session bus and an unlocked GNOME Keyring for this one shot (none where they are missing).
    if command -v dbus-run-session >/dev/null && command -v gnome-keyring-daemon >/dev/null; then
        KERNELLENS_REDIS_URL=$url shoot remote-open-keyring dbus-run-session -- sh -c \
            'printf shot | gnome-keyring-daemon --unlock --components=secrets --daemonize >/dev/null; exec "$@"' \
            sh "$bin" --remote "$url" --show open-remote
    else
        echo "skipped remote-open-keyring: needs dbus-run-session and gnome-keyring-daemon"
    fi
    kill "$redis_pid"
    wait "$redis_pid" 2>/dev/null || true
else
    echo "skipped remote-cache: needs redis-server, redis-cli and $klens"
fi
# The Trace page: the demo trace joined with the demo cache (its planted register mismatch a
# finding), in English and German; and a corpus trace with NCCL collectives beside compute.
demo_trace=resources/demo/trace/demo.pt.trace.json.gz
if [[ -f $demo_trace ]]; then
    shoot trace-demo "$bin" --demo --show trace
    shoot trace-demo-de env KERNELLENS_LANG=de "$bin" --demo --show trace
else
    echo "skipped trace-demo: $demo_trace not found"
fi
nccl_trace=../shared/corpus/traces/hta_nccl_data.json.gz
if [[ -f $nccl_trace ]]; then
    shoot trace-corpus "$bin" --demo --trace "$(realpath "$nccl_trace")"
else
    echo "skipped trace-corpus: $nccl_trace not found"
fi
# DeepSeek's published training profile (deepseek-ai/profile-data, train.json; not in the corpus):
# DeepEP's all-to-all beside compute, the overlap lane under the streams. Only when named.
if [[ -n ${KL_DEEPSEEK_TRACE:-} && -f ${KL_DEEPSEEK_TRACE:-} ]]; then
    shoot trace-deepseek "$bin" --demo --trace "$(realpath "$KL_DEEPSEEK_TRACE")"
else
    echo "skipped trace-deepseek: set KL_DEEPSEEK_TRACE to DeepSeek's train.json"
fi
# Triton's dump and override folders, written by real Triton (.venv-triton, no GPU): one source
# compiled for sm_80 then sm_90 with TRITON_KERNEL_DUMP, so the dump is sm_90's. The sm_80 entry's
# detail pane, then Entry > Make Override on the sm_90 entry with Make clicked.
triton_python=.venv-triton/bin/python
if [[ -n $only && " $only " != *" dump-override-links "* && " $only " != *" make-override "* &&
    " $only " != *" override-try "* ]]; then
    :
elif [[ -x $triton_python ]] && command -v xdotool >/dev/null && [[ -x $klens ]]; then
    home=$(mktemp -d -p "$settings")
    for arch in 80 90; do
        env -u TRITON_CACHE_DIR -u TRITON_HOME HOME="$home" TRITON_KERNEL_DUMP=1 \
            "$triton_python" tests/override/compile_kernel.py "$arch" >/dev/null 2>&1
    done
    entry80=$(HOME="$home" "$klens" scan --json "$home/.triton/cache" |
        python3 -c 'import json,sys; print([e["folder"] for e in json.load(sys.stdin)["entries"] if e["target"] and e["target"]["arch"] == "80"][0])')
    entry90=$(HOME="$home" "$klens" scan --json "$home/.triton/cache" |
        python3 -c 'import json,sys; print([e["folder"] for e in json.load(sys.stdin)["entries"] if e["target"] and e["target"]["arch"] == "90"][0])')
    HOME="$home" "$klens" override make "$home/.triton/cache/$entry90" --stage ptx >/dev/null
    HOME="$home" shoot dump-override-links "$bin" "$home/.triton/cache" "$home/.triton/dump" \
        "$home/.triton/override" --entry "${entry80:0:8}"
    rm -rf "$home/.triton/override"
    # Make is the third button from the right of the dialog's bottom row.
    HOME="$home" KL_SHOT_CLICK="Make Override:258:24" shoot make-override "$bin" "$home/.triton/cache" \
        "$home/.triton/dump" --entry "${entry90:0:8}" --show make-override
    # The override editor after Try: the sm_90 entry's TTGIR with its constant 2.5 made 4.0,
    # compiled by the Triton that wrote the entry (found through the entry's libdevice path).
    made=$(HOME="$home" "$klens" override make "$home/.triton/cache/$entry90" --stage ttgir --json |
        python3 -c 'import json,sys; print(json.load(sys.stdin)["file"])')
    sed -i 's/2.500000e+00/4.000000e+00/' "$made"
    HOME="$home" KL_SHOT_SLEEP=8 shoot override-try "$bin" "$home/.triton/cache" "$home/.triton/dump" \
        "$home/.triton/override" --entry "${entry90:0:8}" --show "try-override=$made"
else
    echo "skipped dump-override-links, make-override, override-try: need $triton_python (scripts/triton-venv.sh), xdotool and $klens"
fi
# The kernel itself: the SASS tab (the nvdisasm in .venv-triton, found as a user's active virtual
# environment's) and the cubin tab's occupancy, on tests/fixtures/triton-lines (real Triton 3.9).
lines_entry=$(ls tests/fixtures/triton-lines/cache | head -1)
if [[ -x $triton_python ]]; then
    sass_cache=$(mktemp -d -p "$settings")
    for what in sass cubin lines:kernels.py:28; do
        PATH="$PWD/.venv-triton/bin:$PATH" KERNELLENS_SASS_CACHE="$sass_cache" shoot "kernel-${what%%:*}" "$bin" \
            "$PWD/tests/fixtures/triton-lines/cache" --entry "${lines_entry:0:8}" --stage "$what"
    done
else
    echo "skipped kernel-sass, kernel-cubin, kernel-lines: need $triton_python (scripts/triton-venv.sh)"
fi
corpus=../shared/corpus/triton-caches
if [[ -d "$corpus" ]]; then
    shoot main-window-corpus "$bin" "$(realpath "$corpus")"
else
    echo "skipped main-window-corpus: $corpus not found"
fi
