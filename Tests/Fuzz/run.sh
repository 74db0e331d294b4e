#!/usr/bin/env bash
# Fuzzes one target for a while: Tests/Fuzz/run.sh TARGET SECONDS [libFuzzer options…].
#
# The committed inputs are read, never written: the hand-written seeds
# (Tests/Fuzz/TARGET/seeds), the corpus a recorded run kept, minimised
# (Tests/Fuzz/TARGET/corpus, see README.md), so a short run starts from the coverage a
# long one reached, and for the GraphQL targets the repository's own documents where they
# live (the schema's SDL, the real tools' introspection queries), so no seed is a copy
# that goes stale. The inputs libFuzzer finds go to .build/fuzz/corpus/TARGET (or
# $FUZZ_CORPUS), kept between runs so a long run continues where the last one stopped. A crash leaves its input as
# .build/fuzz/artifacts/TARGET-crash-… and fails the run; replay it with
# `.build/fuzz/TARGET that-file`.
set -euo pipefail

target=${1:?usage: Tests/Fuzz/run.sh TARGET SECONDS [libFuzzer options]}
seconds=${2:?usage: Tests/Fuzz/run.sh TARGET SECONDS [libFuzzer options]}
shift 2
cd "$(dirname "$0")/../.."
Tests/Fuzz/build.sh "$target"
corpus=${FUZZ_CORPUS:-.build/fuzz/corpus/$target}
mkdir -p "$corpus" .build/fuzz/artifacts
# -rss_limit_mb: ASan's shadow memory plus a 4 KB input's work stay far below it; a
# run that grows past it has found unbounded memory use. -timeout: one input taking
# 10 s has found unbounded time.
# The Swift runtime's own crash reporter would read the crashed process's memory under
# AddressSanitizer, which reports that instead of the crash: libFuzzer reports crashes here.
export SWIFT_BACKTRACE=enable=no
export LSAN_OPTIONS=suppressions=Tests/Fuzz/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}
case $target in
  parser) documents=(schema Tests/EndToEnd/fixtures/introspection) ;;
  validator) documents=(Tests/EndToEnd/fixtures/introspection) ;;
  *) documents=() ;;
esac
exec .build/fuzz/"$target" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=10 -print_final_stats=1 \
    -artifact_prefix=.build/fuzz/artifacts/"$target"- "$@" "$corpus" Tests/Fuzz/"$target"/seeds \
    $(test -d Tests/Fuzz/"$target"/corpus && echo Tests/Fuzz/"$target"/corpus) "${documents[@]}"
