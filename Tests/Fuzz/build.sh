#!/usr/bin/env bash
# Builds one libFuzzer target: Tests/Fuzz/build.sh TARGET → .build/fuzz/TARGET.
#
# SwiftPM does not build fuzzers, so this drives swiftc as TOOLCHAIN's checked path
# does: the engine modules a target needs become static libraries compiled with
# `-sanitize=fuzzer,address` (coverage-guided and checked by AddressSanitizer), and
# the target's harness is compiled together with the few server files it exercises.
# The multipart target also needs NIOCore's ByteBuffer: it links the objects of the
# debug build (`swift build`), which are not instrumented (libFuzzer then guides by
# the multipart parser's own coverage, which is what is under test).
set -euo pipefail

target=${1:?usage: Tests/Fuzz/build.sh parser|validator|json|multipart|search|phc|ws}
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"
out=.build/fuzz
mkdir -p "$out/lib"
# One package name for every module, as SwiftPM gives them: sources use `package` access.
flags=(-parse-as-library -swift-version 6 -enable-upcoming-feature ExistentialAny -package-name quarry -O
    -sanitize=fuzzer,address)

# Compiles an engine module into $out/lib unless it is newer than all of its sources.
engine_module() {
    local module=$1
    local library="$out/lib/lib$module.a"
    if [[ -f $library && -z $(find "Sources/$module" -name '*.swift' -newer "$library" | head -1) ]]; then return; fi
    echo "fuzz: compiling $module" >&2
    swiftc "${flags[@]}" -module-name "$module" -I "$out/lib" \
        -emit-module -emit-module-path "$out/lib/$module.swiftmodule" \
        -emit-library -static -o "$library" $(find "Sources/$module" -name '*.swift' | sort)
}

# The engine modules up to and including $1, as compiler and linker flags (a static
# library before those it depends on, as the linker resolves them left to right).
engine() {
    local modules=()
    for module in GraphQLLanguage GraphQLType GraphQLValidation GraphQLExecution; do
        engine_module "$module"
        modules=("-l$module" "${modules[@]}")
        [[ $module == "$1" ]] && break
    done
    echo "-I $out/lib -L $out/lib ${modules[*]}"
}

harness() {
    rm -f "$out/$target"
    swiftc "${flags[@]}" -module-name "Fuzz_$target" "$@" -o "$out/$target" 2>&1 \
        | { grep -v 'Cannot export local symbol' || true; }
    test -x "$out/$target"
}

case $target in
parser)
    harness $(engine GraphQLLanguage) Tests/Fuzz/parser/ParserFuzz.swift ;;
validator)
    harness $(engine GraphQLValidation) Tests/Fuzz/validator/ValidatorFuzz.swift ;;
json)
    harness $(engine GraphQLExecution) Tests/Fuzz/json/JSONFuzz.swift ;;
search)
    harness Tests/Fuzz/search/SearchFuzz.swift \
        Sources/ScreenCache/Screenshots/Search/ScreenshotSearch.swift \
        Sources/ScreenCache/Screenshots/Search/SearchLexer.swift \
        Sources/ScreenCache/Screenshots/Search/SearchParser.swift ;;
phc)
    harness -Xcc -fmodule-map-file=Sources/COpenSSL/module.modulemap -lcrypto Tests/Fuzz/phc/PHCFuzz.swift \
        Sources/Auth/Passwords/PHCString.swift Sources/Auth/Passwords/Argon2Parameters.swift \
        Sources/Auth/Tokens/Base64.swift Sources/Auth/Tokens/SecureRandom.swift ;;
ws)
    # The WebSocket decoder's files import App for two small types (and DocumentHash
    # imports AppCore for its digest): those files alone are compiled into modules of
    # those names; the rest of App and AppCore (database, media) stays out.
    engine_flags=$(engine GraphQLExecution)
    app="$out/ws-app"
    mkdir -p "$app"
    openssl=(-Xcc -fmodule-map-file=Sources/COpenSSL/module.modulemap)
    swiftc "${flags[@]}" -module-name AppCore "${openssl[@]}" \
        -emit-module -emit-module-path "$app/AppCore.swiftmodule" -emit-library -static -o "$app/libAppCore.a" \
        Sources/AppCore/Media/SHA256Digest.swift
    swiftc "${flags[@]}" -module-name App $engine_flags -I "$app" "${openssl[@]}" \
        -emit-module -emit-module-path "$app/App.swiftmodule" -emit-library -static -o "$app/libApp.a" \
        Sources/App/PersistedDocuments/DocumentSource.swift Sources/App/PersistedDocuments/DocumentHash.swift
    harness $engine_flags -I "$app" -L "$app" -lApp -lAppCore -lcrypto \
        -Xcc -fmodule-map-file=Sources/COpenSSL/module.modulemap \
        Tests/Fuzz/ws/WebSocketMessageFuzz.swift \
        Sources/Server/GraphQLWebSocket/GraphQLWSMessage.swift \
        Sources/Server/GraphQLHTTP/GraphQLRequestParameters.swift \
        Sources/Server/GraphQLHTTP/PersistedDocumentParameters.swift \
        Sources/Server/GraphQLHTTP/GraphQLRequestFailure.swift ;;
multipart)
    debug=$(swift build --show-bin-path)
    [[ -d $debug/NIOCore.build ]] || { echo "fuzz: run 'swift build' first (NIOCore's objects)" >&2; exit 1; }
    objects=()
    for module in NIOCore NIOConcurrencyHelpers _NIOBase64 _NIODataStructures CNIOLinux CNIODarwin CNIOWindows \
        CNIOWASI CNIOFreeBSD CNIOOpenBSD CNIOAtomics DequeModule InternalCollectionsUtilities ContainersPreview \
        Atomics _AtomicsShims; do
        [[ -d $debug/$module.build ]] && mapfile -t -O "${#objects[@]}" objects < <(find "$debug/$module.build" -name '*.o' | sort)
    done
    # The C modules NIOCore's interface imports: SwiftPM generates some module maps and ships others.
    maps=$(find "$debug" -maxdepth 2 -name module.modulemap -path '*CNIO*'
        find .build/checkouts/swift-nio/Sources/CNIO* .build/checkouts/swift-atomics/Sources/_AtomicsShims \
            -name module.modulemap)
    harness -I "$debug/Modules" $(printf -- '-Xcc -fmodule-map-file=%s ' $maps) \
        Tests/Fuzz/multipart/MultipartFuzz.swift \
        Sources/Server/Multipart/MultipartParser.swift Sources/Server/Multipart/MultipartHeaders.swift \
        Sources/Server/HTTP/Substring.UTF8View+ASCII.swift "${objects[@]}" ;;
*)
    echo "fuzz: unknown target $target" >&2; exit 2 ;;
esac
