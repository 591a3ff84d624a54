#!/bin/sh
# After changing GUI strings: scripts/update-translations.sh [TS_DIR] runs lupdate over app/gui into translations/ (or TS_DIR) with the options tst_translations checks; then translate what it marks unfinished.
set -eu
src=$(cd "$(dirname "$0")/.." && pwd)
dir=${1:-"$src/translations"}
lupdate=${LUPDATE:-}
if [ -z "$lupdate" ]; then
    for c in "$(qtpaths6 --query QT_INSTALL_BINS 2>/dev/null)/lupdate" /usr/lib/qt6/bin/lupdate \
             "$(command -v lupdate6 || true)" "$(command -v lupdate || true)"; do
        if [ -x "$c" ]; then lupdate=$c; break; fi
    done
fi
[ -n "$lupdate" ] || { echo "update-translations: lupdate not found (set LUPDATE)" >&2; exit 2; }
# -locations none: no file/line references, so moving code does not churn the .ts files.
# -no-obsolete: strings gone from the sources are dropped, not kept as vanished.
exec "$lupdate" -silent -locations none -no-obsolete -extensions cpp,h "$src/app/gui" \
    -ts "$dir/kernellens_de.ts" "$dir/kernellens_zh_CN.ts"
