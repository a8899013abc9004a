#!/usr/bin/env bash
# `sow simulate nsolo` (one thread, full legal lists) on the six boards of issue 14, for one
# or more `sow` binaries measured in the same run, interleaved round by round so that a
# busy moment of the machine hits each alike; prints the median of ROUNDS per board (on a
# shared virtual machine the best of a few rounds mostly measures a lucky spell).
#
#   benches/sizes.sh target/release/sow                   # this build
#   ROUNDS=7 benches/sizes.sh /tmp/old/sow target/release/sow   # before and after
set -euo pipefail
rounds=${ROUNDS:-5}
declare -A games=([8]=20000 [10]=12000 [13]=8000 [16]=5000 [20]=3000 [36]=1000)
sizes=(8 10 13 16 20 36)
declare -A rates
for ((r = 0; r < rounds; r++)); do
    for n in "${sizes[@]}"; do
        for bin in "$@"; do
            rate=$("$bin" simulate nsolo --param "columns=$n" -g "${games[$n]}" -t 1 | sed -n 's/.*thread, \([0-9]*\) games\/s.*/\1/p')
            rates[$bin|$n]+="$rate "
        done
    done
done
median() { tr ' ' '\n' | grep . | sort -n | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }
declare -A best
for key in "${!rates[@]}"; do best[$key]=$(echo "${rates[$key]}" | median); done
printf '| binary |'; for n in "${sizes[@]}"; do printf ' 4×%s |' "$n"; done; echo
printf '|---|'; for _ in "${sizes[@]}"; do printf -- '---:|'; done; echo
for bin in "$@"; do
    printf '| %s |' "$bin"; for n in "${sizes[@]}"; do printf ' %s |' "${best[$bin|$n]}"; done; echo
done
