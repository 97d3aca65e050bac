#!/usr/bin/env bash
# Training: the exercise catalog's search as a person types it (bench/training/search.mjs), p50
# and p99 beside a plain substring filter in the same run.
set -euo pipefail
cd "$(dirname "$0")/../.."
mkdir -p bench/out/training
node bench/training/search.mjs | tee bench/out/training/search.txt
