#!/usr/bin/env bash
# Regenerates the seed media committed under server/seed/media/: the lesson clips through the content import
# pipeline (scripts/build-seed-media.ts: every rendition, captions in en and fr, thumbnails), one picture card
# per discipline and the shop's pictures, the PDF books and the live channel. Many seed videos share a clip,
# which keeps the repository small. Needs ffmpeg (with libx264, libwebp, drawtext) and Node.
# Run from anywhere: bash scripts/generate-seed-media.sh
set -euo pipefail
cd "$(dirname "$0")/.."

OUT=server/seed/media
FONT=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
mkdir -p "$OUT/pictures" "$OUT/books"

ff() { ffmpeg -hide_banner -loglevel error -y "$@"; }

# The lesson clips (renditions, captions, thumbnails in each width) come from the import pipeline: npm run seed:media.
npx tsx scripts/build-seed-media.ts

# Responsive sizes (issue 12): each picture also as <name>-<width>w.webp, which the server lists in the
# `srcset` it sends (server/lib/picture-sizes.ts), so a phone downloads the width it draws, not a bigger one.
PICTURE_WIDTHS=(80 160 320 480)
picture_sizes() {
  local key=$1 initials=$2 colour=$3 width height
  for width in "${PICTURE_WIDTHS[@]}"; do
    height=$((width * 2 / 3))
    ff -f lavfi -i "color=c=$colour:size=${width}x${height}" -frames:v 1 \
      -vf "drawtext=fontfile=$FONT:text='$initials':fontcolor=white:fontsize=$((width * 3 / 10)):x=(w-text_w)/2:y=(h-text_h)/2" \
      -c:v libwebp -quality 70 "$OUT/pictures/subject-$key-${width}w.webp"
  done
}

# discipline key | initials | card colour
DISCIPLINES=(
  "maths|Ma|0x1565c0" "further-maths|FM|0x0d47a1" "physics|Ph|0x6a1b9a" "chemistry|Ch|0x00838f"
  "biology|Bi|0x2e7d32" "english|En|0xc62828" "french|Fr|0x283593" "literature|Li|0xad1457"
  "history|Hi|0x795548" "geography|Ge|0x558b2f" "economics|Ec|0xef6c00" "computer-science|CS|0x37474f"
  "philosophy|Ph|0x4e342e" "citizenship|Ci|0x00695c" "accounting|Ac|0x5d4037" "german|De|0x424242"
  "concours|Co|0xb71c1c" "exam-prep|Ex|0x1a237e" "study-skills|St|0x2e7d32" "coding|<>|0x263238"
  "entrepreneurship|Bz|0xf57f17" "careers|Ca|0x6d4c41"
)
for spec in "${DISCIPLINES[@]}"; do
  IFS='|' read -r key initials colour <<<"$spec"
  ff -f lavfi -i "color=c=$colour:size=240x160" -frames:v 1 \
    -vf "drawtext=fontfile=$FONT:text='$initials':fontcolor=white:fontsize=72:x=(w-text_w)/2:y=(h-text_h)/2" \
    -c:v libwebp -quality 70 "$OUT/pictures/subject-$key.webp"
  picture_sizes "$key" "$initials" "$colour"
done

# Shop pictures: two cards per product (front and detail), drawn like the subject cards.
# file key | label | card colour
PRODUCTS=(
  "calculator|fx 991|0x263238" "calculator-solar|fx 82 solar|0x455a64" "geometry-set|Geometry|0x1565c0"
  "exercise-books|200 pages|0x2e7d32" "gce-papers|GCE O Level|0x1a237e" "bac-annales|Annales Bac|0xb71c1c"
  "textbook-maths-f5|Maths F5|0x0d47a1" "textbook-pct-tle|PCT Tle C|0x6a1b9a" "uniform-shirt|Shirt|0x0277bd"
  "uniform-trousers|Trousers|0x283593" "earphones|Earphones|0x37474f"
)
for spec in "${PRODUCTS[@]}"; do
  IFS='|' read -r key label colour <<<"$spec"
  ff -f lavfi -i "color=c=$colour:size=480x320" -frames:v 1 \
    -vf "drawtext=fontfile=$FONT:text='$label':fontcolor=white:fontsize=52:x=(w-text_w)/2:y=(h-text_h)/2" \
    -c:v libwebp -quality 70 "$OUT/pictures/product-$key-1.webp"
  ff -f lavfi -i "color=c=$colour:size=480x320" -frames:v 1 \
    -vf "drawbox=x=40:y=40:w=400:h=240:color=white@0.25:t=fill,drawtext=fontfile=$FONT:text='StudyCam shop':fontcolor=white:fontsize=30:x=(w-text_w)/2:y=90,drawtext=fontfile=$FONT:text='$label':fontcolor=white:fontsize=40:x=(w-text_w)/2:y=170" \
    -c:v libwebp -quality 70 "$OUT/pictures/product-$key-2.webp"
done

# The logo of the server's own live channel.
ff -f lavfi -i "color=c=0xc62828:size=240x160" -frames:v 1 \
  -vf "drawtext=fontfile=$FONT:text='LIVE':fontcolor=white:fontsize=64:x=(w-text_w)/2:y=(h-text_h)/2" \
  -c:v libwebp -quality 70 "$OUT/pictures/channel-studycam-live.webp"

# The books are PDFs written by a small Node script (no Ghostscript needed).
npx tsx scripts/generate-seed-books.ts

# The live TV channel's HLS segments.
bash scripts/generate-live-channel.sh

du -sh "$OUT"
