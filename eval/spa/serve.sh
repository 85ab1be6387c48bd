#!/usr/bin/env bash
# The sample site as a single-page app (sampleSpa.ts) on 127.0.0.1:$1, until stopped.
set -euo pipefail
cd "$(dirname "$0")/../.."
exec node --import tsx eval/spa/sampleSpa.ts "$1"
