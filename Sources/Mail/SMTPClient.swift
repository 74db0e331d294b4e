import CCurl
import Dispatch
import Foundation

/// Sends messages over SMTP with libcurl's easy interface.
///
/// libcurl's `curl_easy_perform` blocks its thread for the whole SMTP dialogue, so every
/// transfer runs on this client's own serial dispatch queue — never on the Swift
/// cooperative pool or a NIO event loop — and the caller awaits a continuation. Each
/// handle lives and dies inside one job on that queue, so no libcurl state is ever
/// shared between threads; `CURLOPT_NOSIGNAL` keeps libcurl from using signals for its
/// timeouts, as required in a multi-threaded process.
final class SMTPClient: Sendable {
    /// Why one delivery attempt failed: libcurl's error text and the server's last reply.
    struct Failure: Error, Sendable, CustomStringConvertible {
        var description: String
    }

    let configuration: SMTPConfiguration
    let connectTimeout: Duration
    let timeout: Duration
    private let queue = DispatchQueue(label: "quarry.mail.smtp")

    /// `curl_global_init` once per process, before any handle exists.
    private static let globalInit: CURLcode = quarry_curl_global_init()

    init(configuration: SMTPConfiguration, connectTimeout: Duration, timeout: Duration) {
        self.configuration = configuration
        self.connectTimeout = connectTimeout
        self.timeout = timeout
    }

    /// Delivers `data` (a complete RFC 5322 message) to `recipient`.
    func send(_ data: String, from sender: String, to recipient: String) async -> Result<Void, Failure> {
        await withCheckedContinuation { continuation in
            queue.async {
                continuation.resume(returning: self.transfer(Array(data.utf8), from: sender, to: recipient))
            }
        }
    }

    private func transfer(_ bytes: [UInt8], from sender: String, to recipient: String) -> Result<Void, Failure> {
        guard Self.globalInit == CURLE_OK else { return .failure(Failure(description: "libcurl failed to initialise")) }
        guard let handle = curl_easy_init() else { return .failure(Failure(description: "curl_easy_init failed")) }
        defer { curl_easy_cleanup(handle) }
        let recipients = curl_slist_append(nil, "<\(recipient)>")
        defer { curl_slist_free_all(recipients) }
        let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        defer { errorBuffer.deallocate() }
        let upload = UploadCursor(bytes)

        var code = CURLE_OK
        func set(_ result: CURLcode) { if code == CURLE_OK { code = result } }
        set(quarry_curl_setopt_string(handle, CURLOPT_URL, configuration.url))
        set(quarry_curl_setopt_string(handle, CURLOPT_MAIL_FROM, "<\(sender)>"))
        set(quarry_curl_setopt_slist(handle, CURLOPT_MAIL_RCPT, recipients))
        if let username = configuration.username {
            set(quarry_curl_setopt_string(handle, CURLOPT_USERNAME, username))
            set(quarry_curl_setopt_string(handle, CURLOPT_PASSWORD, configuration.password ?? ""))
        }
        // smtp:// upgrades with STARTTLS when offered; smtps:// is TLS from the start.
        set(quarry_curl_setopt_long(handle, CURLOPT_USE_SSL, Int(CURLUSESSL_TRY.rawValue)))
        set(quarry_curl_setopt_long(handle, CURLOPT_UPLOAD, 1))
        set(setCommonCurlOptions(handle, connectTimeout: connectTimeout, timeout: timeout, errorBuffer: errorBuffer))
        set(quarry_curl_setopt_read_function(handle) { buffer, size, count, context in
            guard let buffer, let context else { return 0 }
            return Unmanaged<UploadCursor>.fromOpaque(context).takeUnretainedValue().read(into: buffer, capacity: size * count)
        })
        set(quarry_curl_setopt_pointer(handle, CURLOPT_READDATA, Unmanaged.passUnretained(upload).toOpaque()))
        guard code == CURLE_OK else {
            return .failure(Failure(description: "libcurl option rejected: \(String(cString: curl_easy_strerror(code)))"))
        }

        let result = withExtendedLifetime(upload) { curl_easy_perform(handle) }
        guard result == CURLE_OK else {
            var reply = 0
            _ = quarry_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &reply)
            let detail = String(cString: errorBuffer)
            let text = detail.isEmpty ? String(cString: curl_easy_strerror(result)) : detail
            return .failure(Failure(description: "SMTP delivery failed: \(text)" + (reply > 0 ? " (last reply \(reply))" : "")))
        }
        return .success(())
    }
}

/// The message bytes libcurl's read callback copies out, chunk by chunk. Only touched by
/// the one transfer that owns it, on the client's queue.
private final class UploadCursor {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    func read(into buffer: UnsafeMutablePointer<CChar>, capacity: Int) -> Int {
        let count = min(capacity, bytes.count - offset)
        guard count > 0 else { return 0 }
        bytes.withUnsafeBufferPointer { source in
            UnsafeMutableRawPointer(buffer).copyMemory(from: source.baseAddress! + offset, byteCount: count)
        }
        offset += count
        return count
    }
}
