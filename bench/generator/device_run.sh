#!/usr/bin/env bash
# One device call does it all: run every emitted program (run_all.sh), judge the predictions,
# reduce the bugs (dependency slice; no divlint there) and re-measure the reproducers.
# usage (on the GPU machine): bash CARRY/device_run.sh CARRY OUT
#   CARRY holds emit.tgz (the emit directories) and the scripts of bench/generator/.
set -u
C=$(cd "$1" && pwd); OUT=$2
SEED=${SEED:-1}; COUNT=${COUNT:-280}
# A warm machine keeps an earlier call's programs there: the judge would take them for this seed's.
rm -rf /tmp/e /tmp/j /tmp/gen
mkdir -p /tmp/e /tmp/j && tar xzf "$C/emit.tgz" -C /tmp/e
PAR=16 BUDGET=${BUDGET:-200} SANITIZE=${SANITIZE:-1} bash "$C/run_all.sh" /tmp/e/emit "$OUT"
# The generator is deterministic: the same programs and meta.json again, for the judge.
python3 "$C/gen.py" --seed "$SEED" --count "$COUNT" --out /tmp/gen > /dev/null
python3 "$C/judge.py" --gen /tmp/gen --emit /tmp/e/emit -j 16 --json /tmp/j/judge.json \
  --export-measured /tmp/j/measured.tsv.gz --list 400 > /tmp/j/summary.txt 2>&1
head -n 30 /tmp/j/summary.txt
python3 "$C/reduce.py" --gen /tmp/gen --judge /tmp/j/judge.json --out /tmp/j/reduced --no-divlint \
  --probe --per-pattern 1 > /tmp/j/reduce.log 2>&1
timeout -k 5 "${VERIFY_S:-60}" bash "$C/verify_reduced.sh" /tmp/j/reduced "$(ls -d /tmp/e/emit/*/ | head -n 1)" > /tmp/j/verify.txt 2>&1
tail -n 5 /tmp/j/verify.txt
tar czf "$OUT/judged.tgz" -C /tmp j
ls -la "$OUT"
