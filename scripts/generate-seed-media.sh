#!/usr/bin/env bash
# Regenerates the seed media committed under server/seed/media/: a few short lesson clips that every browser
# plays (H.264 baseline + AAC in MP4, moov atom first), their thumbnails, one picture card per discipline and
# two small PDF books. Many seed videos share a clip, which keeps the repository small.
# Needs ffmpeg (with libx264, libwebp, drawtext) and Ghostscript. Run from anywhere: bash scripts/generate-seed-media.sh
set -euo pipefail
cd "$(dirname "$0")/.."

OUT=server/seed/media
FONT=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
mkdir -p "$OUT/videos" "$OUT/thumbnails" "$OUT/pictures" "$OUT/books"

ff() { ffmpeg -hide_banner -loglevel error -y "$@"; }

# Responsive sizes (issue 12): each picture also as <name>-<width>w.webp, which the server lists in the
# `srcset` it sends (server/lib/picture-sizes.ts), so a phone downloads the width it draws, not a bigger one.
PICTURE_WIDTHS=(80 160 320 480)
THUMBNAIL_WIDTHS=(160 320)
thumbnail_sizes() {
  local name=$1 width
  for width in "${THUMBNAIL_WIDTHS[@]}"; do
    ff -ss 3 -i "$OUT/videos/$name.mp4" -frames:v 1 -vf "scale=$width:-2" -c:v libwebp -quality 60 \
      "$OUT/thumbnails/$name-${width}w.webp"
  done
}
picture_sizes() {
  local key=$1 initials=$2 colour=$3 width height
  for width in "${PICTURE_WIDTHS[@]}"; do
    height=$((width * 2 / 3))
    ff -f lavfi -i "color=c=$colour:size=${width}x${height}" -frames:v 1 \
      -vf "drawtext=fontfile=$FONT:text='$initials':fontcolor=white:fontsize=$((width * 3 / 10)):x=(w-text_w)/2:y=(h-text_h)/2" \
      -c:v libwebp -quality 70 "$OUT/pictures/subject-$key-${width}w.webp"
  done
}

# clip name | background source | title line | tone frequency (Hz)
CLIPS=(
  "lesson-maths|testsrc2=size=426x240:rate=24|Mathematics - worked example|440"
  "lesson-science|smptebars=size=426x240:rate=24|Sciences - experiment|523"
  "lesson-languages|color=c=0x1d4e89:size=426x240:rate=24|Languages - reading and grammar|392"
  "lesson-humanities|color=c=0x7a3b12:size=426x240:rate=24|History and Geography|330"
  "lesson-skills|color=c=0x1f6f43:size=426x240:rate=24|Study skills and careers|587"
)

for spec in "${CLIPS[@]}"; do
  IFS='|' read -r name source title tone <<<"$spec"
  ff -f lavfi -i "$source:duration=12" -f lavfi -i "sine=frequency=$tone:sample_rate=44100:duration=12" \
    -vf "drawbox=x=0:y=180:w=iw:h=60:color=black@0.6:t=fill,drawtext=fontfile=$FONT:text='$title':fontcolor=white:fontsize=18:x=(w-text_w)/2:y=200,drawtext=fontfile=$FONT:text='%{pts\\:hms}':fontcolor=yellow:fontsize=14:x=10:y=10" \
    -c:v libx264 -profile:v baseline -level 3.0 -pix_fmt yuv420p -preset veryfast -crf 32 -g 48 \
    -c:a aac -b:a 48k -ac 1 -movflags +faststart -shortest "$OUT/videos/$name.mp4"
  ff -ss 3 -i "$OUT/videos/$name.mp4" -frames:v 1 -vf scale=320:180 -c:v libwebp -quality 60 "$OUT/thumbnails/$name.webp"
  thumbnail_sizes "$name"
done

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

# Small books: a PostScript program per book, written to PDF by Ghostscript.
make_book() {
  local file=$1 title=$2
  shift 2
  local ps
  ps=$(mktemp --suffix=.ps)
  {
    echo '%!PS'
    echo '/Helvetica-Bold findfont 20 scalefont setfont 60 760 moveto ('"$title"') show'
    echo '/Helvetica findfont 12 scalefont setfont'
    local y=720
    for line in "$@"; do
      echo "60 $y moveto ($line) show"
      y=$((y - 18))
    done
    echo 'showpage'
  } >"$ps"
  gs -q -dNOPAUSE -dBATCH -dSAFER -sDEVICE=pdfwrite -sOutputFile="$OUT/books/$file" "$ps"
  rm -f "$ps"
}
make_book maths-form5-revision.pdf 'Mathematics Form 5 - Revision notes' \
  '1. Quadratic equations: x = (-b +/- sqrt(b^2 - 4ac)) / 2a' \
  '2. Vectors: AB = OB - OA; |AB| = sqrt(x^2 + y^2)' \
  '3. Matrices: det(A) = ad - bc for A = (a b; c d)' \
  '4. Trigonometry: sin^2 x + cos^2 x = 1' \
  '5. Probability: P(A or B) = P(A) + P(B) - P(A and B)' \
  'Past GCE O Level questions are worked through in the video lessons.'
make_book pct-terminale-c-fiches.pdf 'Physique-Chimie Terminale C - Fiches' \
  '1. Cinematique : v = dx/dt ; a = dv/dt' \
  '2. Dynamique : somme des forces = m a' \
  '3. Oscillateurs : T0 = 2 pi sqrt(m / k)' \
  '4. Induction : e = - d(phi)/dt' \
  '5. Acides et bases : pH = pKa + log([A-]/[AH])' \
  'Les sujets du Baccalaureat sont corriges dans les videos.'
make_book concours-culture-generale.pdf 'Concours - Culture generale' \
  '1. Institutions du Cameroun : la Constitution de 1996' \
  '2. Geographie : les dix regions du Cameroun' \
  '3. Methodologie de la dissertation : introduction, plan, conclusion' \
  '4. Actualite : organisations regionales (CEMAC, CEEAC, UA)'

du -sh "$OUT"
