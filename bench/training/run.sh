#!/usr/bin/env bash
# Training: the exercise catalog's search as a person types it (bench/training/search.mjs), p50
# and p99 beside a plain substring filter in the same run; then ten years of a Strong log
# imported (bench/training/import.sh) beside Python's csv module reading the same file.
set -euo pipefail
cd "$(dirname "$0")/../.."
mkdir -p bench/out/training
node bench/training/search.mjs | tee bench/out/training/search.txt
bench/training/import.sh | tee bench/out/training/import.txt
