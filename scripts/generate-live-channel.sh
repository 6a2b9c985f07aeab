#!/usr/bin/env bash
# Regenerates StudyCam Live, the server's own live TV channel (server/seed/media/live/studycam-live/): the
# seed lesson clips joined into one loop and cut into HLS segments, once with picture and sound and once
# sound only. The files are committed, so the server needs no ffmpeg at run time: it plays the loop as a
# live stream whose playlist slides with the clock (server/modules/live-tv/live-playlist.ts).
# Needs ffmpeg (libx264, aac). Run from anywhere: bash scripts/generate-live-channel.sh
set -euo pipefail
cd "$(dirname "$0")/.."

CLIPS=server/seed/media/videos
OUT=server/seed/media/live/studycam-live
SEGMENT_SECONDS=4
rm -rf "$OUT"
mkdir -p "$OUT"
ff() { ffmpeg -hide_banner -loglevel error -y "$@"; }

inputs=()
for clip in lesson-maths lesson-science lesson-languages lesson-humanities lesson-skills; do
  inputs+=(-i "$CLIPS/$clip.mp4")
done
loop=$(mktemp --suffix=.mp4)
# Keyframes every 2 s so every segment starts with one; the same low bitrate as the lessons.
ff "${inputs[@]}" \
  -filter_complex "[0:v][0:a][1:v][1:a][2:v][2:a][3:v][3:a][4:v][4:a]concat=n=5:v=1:a=1[v][a]" \
  -map '[v]' -map '[a]' -c:v libx264 -profile:v baseline -level 3.0 -pix_fmt yuv420p -preset veryfast \
  -crf 32 -force_key_frames 'expr:gte(t,n_forced*2)' -c:a aac -b:a 48k -ac 1 "$loop"

ff -i "$loop" -t 60 -c copy -f hls -hls_time "$SEGMENT_SECONDS" -hls_playlist_type vod \
  -hls_segment_filename "$OUT/video-%02d.m2t" "$OUT/video.m3u8"
ff -i "$loop" -t 59.9 -vn -c:a aac -b:a 32k -ac 1 -f hls -hls_time "$SEGMENT_SECONDS" -hls_playlist_type vod \
  -hls_segment_filename "$OUT/audio-%02d.m2t" "$OUT/audio.m3u8"
rm -f "$loop"
du -sh "$OUT"
