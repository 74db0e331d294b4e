import CCurl

/// Sets the options every libcurl transfer of Quarry's needs, SMTP and HTTP alike: no signals
/// for timeouts (required in a multi-threaded process), the connect and whole-transfer limits,
/// and the buffer libcurl writes its error text to. Answers the first option's error, or `CURLE_OK`.
func setCommonCurlOptions(
    _ handle: UnsafeMutableRawPointer, connectTimeout: Duration, timeout: Duration, errorBuffer: UnsafeMutablePointer<CChar>
) -> CURLcode {
    let results = [
        quarry_curl_setopt_long(handle, CURLOPT_NOSIGNAL, 1),
        quarry_curl_setopt_long(handle, CURLOPT_CONNECTTIMEOUT_MS, connectTimeout.curlMilliseconds),
        quarry_curl_setopt_long(handle, CURLOPT_TIMEOUT_MS, timeout.curlMilliseconds),
        quarry_curl_setopt_pointer(handle, CURLOPT_ERRORBUFFER, errorBuffer),
    ]
    return results.first { $0 != CURLE_OK } ?? CURLE_OK
}

extension Duration {
    /// The duration in whole milliseconds, at least 1, for libcurl's `_MS` timeouts.
    var curlMilliseconds: Int {
        let (seconds, attoseconds) = components
        return max(1, Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
    }
}
