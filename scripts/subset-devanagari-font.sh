#!/bin/sh
# Makes the served Devanagari font, app/fonts/noto-sans-devanagari-<weight>.woff2, from Noto Sans Devanagari
# (SIL Open Font License 1.1) as the npm package @fontsource/noto-sans-devanagari ships it, subset with
# Debian's fonttools (apt-get install -y python3-fonttools python3-brotli) to what Nepali text needs:
# U+0900–0950 and U+0958–0970 (letters, signs, digits, danda), ZWNJ/ZWJ (to control conjuncts) and the dotted
# circle U+25CC (shown for a sign with no letter). Every OpenType layout feature is kept, so conjuncts, half
# forms and the reph shape as in the full font. The unicode-range in app/styles/devanagari-font.css must
# name the same ranges. Run from the repository: sh scripts/subset-devanagari-font.sh
set -eu

VERSION=5.3.0
WEIGHTS="400 700"
UNICODES="U+0900-0950,U+0958-0970,U+200C-200D,U+25CC"
OUT=app/fonts

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent "@fontsource/noto-sans-devanagari@$VERSION" >/dev/null && tar xzf ./*.tgz)

mkdir -p "$OUT"
cp "$work/package/LICENSE" "$OUT/noto-sans-devanagari.LICENSE.txt"
for weight in $WEIGHTS; do
  /usr/bin/python3 -m fontTools.subset \
    "$work/package/files/noto-sans-devanagari-devanagari-$weight-normal.woff2" \
    --unicodes="$UNICODES" \
    --layout-features='*' \
    --flavor=woff2 \
    --output-file="$OUT/noto-sans-devanagari-$weight.woff2"
  echo "$OUT/noto-sans-devanagari-$weight.woff2: $(wc -c <"$OUT/noto-sans-devanagari-$weight.woff2") bytes"
done
