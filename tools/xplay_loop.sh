#!/usr/bin/env bash
# Play a battle in a real window, one activation per run: the planner writes the
# next xplay script for SIDES from the autosave, xplay runs it against
# `main.py --load AUTOSAVE`, and so on until the planner says "over".
# Every run's screenshots and game.log land in OUT/NNN/.  See docs/PLAYTEST.md.
#
#   tools/xplay_loop.sh SIDES OUT [MAX_RUNS]      (from the repository root)
#
# QUARTERDECK_HOME must point at the private folder holding autosave.yaml.
# When it is not one of SIDES' turns (a computer side is to act) the run only
# waits XPLAY_LOOP_WAIT seconds (default 20) so the window's worker thread plays.
# A chunk that leaves the autosave as it was is played again, twice at most.
# XPLAY_START (default 6 here) is how long xplay lets the game start and load the save.
# XPLAY_LOOP_SHOTS=1 adds a screenshot after every click, drag and key.
set -u
sides=${1:?usage: xplay_loop.sh SIDES OUT [MAX_RUNS]}; out=${2:?OUT folder}; max=${3:-200}
: "${QUARTERDECK_HOME:?set QUARTERDECK_HOME to a private folder}"
save=$QUARTERDECK_HOME/autosave.yaml
xplay=${XPLAY:-/work/shared/tools/xplay}
mkdir -p "$out"
for ((i = 1; i <= max; i++)); do
  run=$(printf '%s/%03d' "$out" "$i")
  mkdir -p "$run"
  verdict=$(PYGAME_HIDE_SUPPORT_PROMPT=1 .venv/bin/python tools/xplay_planner.py "$save" "$sides" "$run/script.x" 2>"$run/planner.err" | tail -n 1)
  echo "run $i: planner says $verdict"
  case $verdict in
    over) echo "the battle is over after $((i - 1)) runs"; exit 0;;
    wait) printf 'wait %s\nshot after\n' "${XPLAY_LOOP_WAIT:-20}" >"$run/script.x";;
    ok) if [ -n "${XPLAY_LOOP_SHOTS:-}" ]; then  # a screenshot after every mouse or key action
          awk '{print} /^(click|drag|key)/{n++; print "shot s" n}' "$run/script.x" >"$run/shots.x" && mv "$run/shots.x" "$run/script.x"
        fi;;
    *) echo "planner failed"; exit 1;;
  esac
  before=$(cksum <"$save")
  for try in 1 2 3; do
    XPLAY_START=${XPLAY_START:-6} XPLAY_OUT=$run "$xplay" "$run/script.x" -- --load "$save" >"$run/xplay.txt" 2>&1
    if grep -q "Traceback" "$run/game.log"; then echo "exception in $run/game.log"; exit 1; fi
    # a chunk the planner wrote must move the autosave on; if it did not (another xplay on the same
    # display took the clicks, say), play it again
    [ "$verdict" != ok ] || [ "$(cksum <"$save")" != "$before" ] && break
    echo "run $i: the autosave did not change; playing the chunk again ($try)"
  done
  cp "$save" "$run/autosave.yaml"
done
echo "stopped after $max runs"
