#!/bin/sh
# On a machine with a GPU, nvcc, nvdisasm and ncu: the SASS of ops.cu and the instructions one
# warp executes per kernel (bench/costs/README.md).
set -e
DIR=$(cd "$(dirname "$0")" && pwd)
ARCH=${1:-sm_90}
nvcc -O3 -arch=$ARCH -cubin -o /tmp/ops.cubin "$DIR/ops.cu" 2>/dev/null
nvdisasm -c /tmp/ops.cubin > "${OUT:-/tmp}/ops.sass"
nvcc -O3 -arch=$ARCH -o /tmp/ops_driver "$DIR/driver.cu" 2>/dev/null
ncu --csv --metrics smsp__inst_executed.sum,smsp__thread_inst_executed.sum /tmp/ops_driver
