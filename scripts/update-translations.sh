#!/bin/sh
# After changing GUI strings or core's KL_TEXT sentences: scripts/update-translations.sh [TS_DIR] runs lupdate over app/gui, core and gpu into translations/ (or TS_DIR) with the options tst_translations checks; then translate what it marks unfinished.
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
# Both runs below go through this: the sources and options, defined once (quoted, so a path may
# have spaces). -locations none: no file/line references, so moving code does not churn the .ts
# files. -no-obsolete: strings gone from the sources are dropped, not kept as vanished.
run_lupdate() {
    "$lupdate" -silent -locations none -no-obsolete -extensions cpp,h \
        -tr-function-alias QT_TRANSLATE_NOOP+=KL_TEXT \
        "$src/app/gui" "$src/core" "$src/gpu" \
        "$@"
}
run_lupdate -ts "$dir/kernellens_de.ts" "$dir/kernellens_zh_CN.ts"
# English is the source language, but its plural forms ("%n entry" / "%n entries") still need a
# translation: -pluralonly keeps only the %n messages (Qt's "Handling Plurals" in i18n docs).
run_lupdate -pluralonly -target-language en -ts "$dir/kernellens_en.ts"
