#!/usr/bin/env bash
# Regenerates the app icons from the one source image, public/icons/icon.svg (needs Debian's imagemagick).
# The "any" icons get rounded corners; the maskable one keeps the full-bleed background the platforms crop.
set -euo pipefail
cd "$(dirname "$0")/../public/icons"
CONVERT=/usr/bin/convert
sed 's#<rect width="512" height="512"#<rect width="512" height="512" rx="96"#' icon.svg > /tmp/icon-any.svg
for size in 192 512; do
  $CONVERT -background none -density 300 /tmp/icon-any.svg -resize "${size}x${size}" -colors 48 \
    -define png:compression-level=9 "icon-${size}.png"
done
$CONVERT -background none -density 300 icon.svg -resize 512x512 -colors 48 -define png:compression-level=9 icon-maskable-512.png
$CONVERT -background none -density 300 /tmp/icon-any.svg -resize 180x180 -colors 48 -define png:compression-level=9 apple-touch-icon.png
ls -l ./*.png
