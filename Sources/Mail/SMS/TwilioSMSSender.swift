import CCurl
import Dispatch
import Foundation

/// Sends text messages to a Twilio-compatible REST API with libcurl: a form POST
/// (`application/x-www-form-urlencoded`) of `To`, `From` and `Body` to the configured
/// endpoint, with basic authentication; any 2xx answer is a delivery to the gateway.
///
/// As `SMTPClient` does, every transfer runs on this sender's own serial dispatch queue —
/// never on the Swift cooperative pool — and the caller awaits a continuation; each handle
/// lives and dies inside one job on that queue.
public final class TwilioSMSSender: SMSSender {
    let configuration: SMSConfiguration
    let connectTimeout: Duration
    let timeout: Duration
    private let queue = DispatchQueue(label: "quarry.sms.http")

    /// `curl_global_init` once per process, before any handle exists.
    private static let globalInit: CURLcode = quarry_curl_global_init()

    public init(configuration: SMSConfiguration, connectTimeout: Duration = .seconds(10), timeout: Duration = .seconds(30)) {
        self.configuration = configuration
        self.connectTimeout = connectTimeout
        self.timeout = timeout
    }

    public func send(_ message: SMSMessage) async -> Result<Void, SMSSendFailure> {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: self.transfer(message)) }
        }
    }

    /// The form body: each value percent-encoded but for RFC 3986's unreserved characters.
    static func form(_ fields: [(String, String)]) -> String {
        let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
        return fields.map { name, value in
            "\(name)=\(value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? "")"
        }.joined(separator: "&")
    }

    private func transfer(_ message: SMSMessage) -> Result<Void, SMSSendFailure> {
        guard Self.globalInit == CURLE_OK else { return .failure(SMSSendFailure(description: "libcurl failed to initialise")) }
        guard let handle = curl_easy_init() else { return .failure(SMSSendFailure(description: "curl_easy_init failed")) }
        defer { curl_easy_cleanup(handle) }
        let errorBuffer = UnsafeMutablePointer<CChar>.allocate(capacity: Int(CURL_ERROR_SIZE))
        errorBuffer.initialize(repeating: 0, count: Int(CURL_ERROR_SIZE))
        defer { errorBuffer.deallocate() }
        let answer = AnswerBuffer()
        let body = Self.form([("To", message.to), ("From", configuration.from), ("Body", message.body)])

        var code = CURLE_OK
        func set(_ result: CURLcode) { if code == CURLE_OK { code = result } }
        set(quarry_curl_setopt_string(handle, CURLOPT_URL, configuration.url))
        set(quarry_curl_setopt_string(handle, CURLOPT_COPYPOSTFIELDS, body))
        if let username = configuration.username {
            set(quarry_curl_setopt_string(handle, CURLOPT_USERNAME, username))
            set(quarry_curl_setopt_string(handle, CURLOPT_PASSWORD, configuration.password ?? ""))
        }
        set(setCommonCurlOptions(handle, connectTimeout: connectTimeout, timeout: timeout, errorBuffer: errorBuffer))
        set(quarry_curl_setopt_write_function(handle) { data, size, count, context in
            guard let data, let context else { return 0 }
            return Unmanaged<AnswerBuffer>.fromOpaque(context).takeUnretainedValue().append(data, count: size * count)
        })
        set(quarry_curl_setopt_pointer(handle, CURLOPT_WRITEDATA, Unmanaged.passUnretained(answer).toOpaque()))
        guard code == CURLE_OK else {
            return .failure(SMSSendFailure(description: "libcurl option rejected: \(String(cString: curl_easy_strerror(code)))"))
        }

        let result = withExtendedLifetime(answer) { curl_easy_perform(handle) }
        guard result == CURLE_OK else {
            let detail = String(cString: errorBuffer)
            return .failure(SMSSendFailure(
                description: "SMS gateway unreachable: \(detail.isEmpty ? String(cString: curl_easy_strerror(result)) : detail)"
            ))
        }
        var status = 0
        _ = quarry_curl_getinfo_long(handle, CURLINFO_RESPONSE_CODE, &status)
        guard (200..<300).contains(status) else {
            return .failure(SMSSendFailure(description: "SMS gateway answered \(status): \(answer.text)"))
        }
        return .success(())
    }
}

/// The start of the gateway's answer, for the error of a refused message. Only touched
/// by the one transfer that owns it, on the sender's queue.
private final class AnswerBuffer {
    private static let limit = 500
    private var bytes: [UInt8] = []

    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Keeps up to `limit` bytes; answers `count` so libcurl goes on reading.
    func append(_ data: UnsafeMutablePointer<CChar>, count: Int) -> Int {
        let kept = min(count, Self.limit - bytes.count)
        if kept > 0 {
            bytes.append(contentsOf: UnsafeRawBufferPointer(start: data, count: kept))
        }
        return count
    }
}
