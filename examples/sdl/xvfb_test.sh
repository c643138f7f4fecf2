#!/bin/sh
# The SDL example under a display (run inside xvfb-run), driven by xdotool:
#   xvfb_test.sh EXAMPLE OUTDIR
# Starts EXAMPLE, waits for its window, clicks the "play" and "reset" buttons, taps a row,
# drags the list and the pad (down, moves in steps, up), then ends it with SIGTERM (SDL
# makes that a quit event) and checks the log: each button's touchUpInside with its
# action, the row's, the list's pan cancelling the row's touch and scrolling, the pad's
# pan began, changed, ended, moving the knob. OUTDIR keeps log.txt, stderr.txt and screenshot.bmp. Every wait polls the log
# with a deadline; nothing sleeps long.
set -eu
exe=$1
out=$2
mkdir -p "$out"
log=$out/log.txt
shot=$out/screenshot.bmp
rm -f "$log" "$shot" "$out/stderr.txt"

fail() {
    echo "xvfb_test: $*" >&2
    echo "--- log ($log)" >&2
    cat "$log" >&2 || true
    echo "--- stderr" >&2
    cat "$out/stderr.txt" >&2 || true
    exit 1
}

# A safety net: the program ends by itself after 60 s whatever happens.
"$exe" --exit-after-ms 60000 --screenshot "$shot" >"$log" 2>"$out/stderr.txt" &
pid=$!
trap 'kill "$pid" 2>/dev/null || true' EXIT

# Waits up to $2 seconds (default 15) for a line matching the extended regex $1.
wait_for() {
    tries=$(( ${2:-15} * 20 ))
    while ! grep -Eq "$1" "$log"; do
        kill -0 "$pid" 2>/dev/null || fail "the example ended before printing /$1/"
        tries=$((tries - 1))
        [ "$tries" -gt 0 ] || fail "no line /$1/ in time"
        sleep 0.05
    done
}

wid=$(timeout 20 xdotool search --sync --onlyvisible --name '^HitTestKit SDL example$' | head -n 1) ||
    fail "no window"
[ -n "$wid" ] || fail "no window"
wait_for ' ready window='

# A click at window point ($1, $2).
click() {
    xdotool mousemove --window "$wid" "$1" "$2" mousedown 1 sleep 0.05 mouseup 1
}
# A drag from ($1, $2): down, eight steps of ($3, $4), up.
drag() {
    x=$1
    y=$2
    xdotool mousemove --window "$wid" "$x" "$y" mousedown 1
    for step in 1 2 3 4 5 6 7 8; do
        x=$((x + $3))
        y=$((y + $4))
        xdotool mousemove --window "$wid" "$x" "$y" sleep 0.03
    done
    xdotool mouseup 1
}

# The buttons' frames are 110x50 at y 20 (play at x 20, reset at x 270), the list's
# 360x250 at (20, 90) with rows 50 apart, the pad's 360x220 at (20, 360) with the knob at
# its centre.
click 75 45
wait_for ' action name=play control=play$'
click 325 45
wait_for ' effect reset$'
click 200 165
wait_for ' effect select row=1$'
drag 200 300 0 -6
wait_for ' state gesture=listScroll state=ended$'
drag 200 470 12 0
wait_for ' state gesture=knobPan state=ended$'

kill -TERM "$pid"
tries=200
while kill -0 "$pid" 2>/dev/null; do
    tries=$((tries - 1))
    [ "$tries" -gt 0 ] || fail "the example did not quit on SIGTERM"
    sleep 0.05
done
status=0
wait "$pid" || status=$?
trap - EXIT
[ "$status" -eq 0 ] || fail "the example exited with $status"

# The checks, in order: the line numbers of each expected line must increase.
last=0
expect_after() {
    n=$(grep -En "$1" "$log" | head -n 1 | cut -d: -f1)
    [ -n "$n" ] || fail "missing /$1/"
    [ "$n" -gt "$last" ] || fail "/$1/ (line $n) comes before line $last"
    last=$n
}
expect_after ' control view=play event=touchDown$'
expect_after ' control view=play event=touchUpInside$'
expect_after ' action name=play control=play$'
expect_after ' effect autoscroll on$'
expect_after ' action name=reset control=reset$'
expect_after ' effect reset$'
# The tap on row 1 (the list at offset 0 after reset): the row's action.
expect_after ' control view=row-1 event=touchUpInside$'
expect_after ' action name=selectRow control=row-1$'
expect_after ' effect select row=1$'
# The drag on the list: row 4 gets the touch, the pan takes it and cancels the row's
# (cancelsTouchesInView), and the list scrolls up by the drag.
expect_after ' control view=row-4 event=touchDown$'
expect_after ' state gesture=listScroll state=began$'
expect_after ' control view=row-4 event=touchCancel$'
expect_after ' state gesture=listScroll state=changed$'
expect_after ' state gesture=listScroll state=ended$'
expect_after ' effect list offset=[1-9][0-9]*$'
# The drag on the pad: the knob is the hit view, the pad's pan runs.
expect_after ' deliver touch=1 message=touchesBegan responder=view:knob$'
expect_after ' state gesture=knobPan state=began$'
expect_after ' state gesture=knobPan state=changed$'
expect_after ' state gesture=knobPan state=ended$'
expect_after ' effect knob x=[0-9]+ y=110$'
# The knob followed the drag: it started at x=180 and moved right.
knob_x=$(grep -E ' effect knob ' "$log" | head -n 1 | sed -E 's/.* x=([0-9]+) .*/\1/')
[ "$knob_x" -gt 200 ] || fail "the knob ended at x=$knob_x, expected right of 200"
grep -Eq ' exit frames=[0-9]+ bytes=0$' "$log" || fail "no clean exit line"
# The screenshot: a BMP file of 400x600 pixels (54-byte header + 4 bytes a pixel).
[ -s "$shot" ] || fail "no screenshot"
[ "$(head -c 2 "$shot")" = BM ] || fail "the screenshot is not a BMP file"
[ "$(wc -c <"$shot")" -ge 960000 ] || fail "the screenshot is smaller than 400x600 pixels"
echo "xvfb_test: ok ($(grep -c . "$log") log lines; screenshot $shot)"
