import Hummingbird
import HummingbirdTesting
import Testing

@testable import Server

@Suite("POST Content-Type: JSON in UTF-8")
struct JSONContentTypeTests {
    @Test(
        "JSON in UTF-8 is accepted, however it is spelled",
        arguments: [
            "application/json", "Application/JSON", "application/json; charset=utf-8", "application/json;charset=UTF-8",
            "application/json \t;\tcharset=utf8", "application/json; charset=\"utf-8\"", " application/json ",
            "application/json; Charset=UTF-8; profile=x", "application/json;", "application/json; q", "APPLICATION/JSON; CHARSET=UTF8",
        ]
    )
    func accepted(header: String) {
        #expect(JSONContentType.accepts(header))
    }

    @Test(
        "other types and charsets are refused",
        arguments: [
            "", "application/jsonx", "application/json5", "text/json", "application/graphql", "application/json; charset=latin1",
            "application/json; charset=utf-8, text/plain", "application/json, application/json", "application/json/x",
            "application/json; charset=utf-8x", "multipart/form-data; boundary=x", "application / json",
        ]
    )
    func refused(header: String) {
        #expect(!JSONContentType.accepts(header))
    }

    @Test("the quick answer never disagrees with the full parser")
    func quickAgreesWithParser() {
        let essences = ["application/json", "APPLICATION/Json", "application/jsonp", "application/js", "text/json"]
        let separators = ["", ";", " ;", "; ", "\t;\t", " ", ",", ";;"]
        let parameters = ["", "charset=utf-8", "charset=UTF8", "charset=utf-16", "charset = utf-8", "charset=utf-8;", "q=1", "charset=\"utf-8\""]
        for essence in essences {
            for separator in separators {
                for parameter in parameters {
                    let header = essence + separator + parameter
                    let parsed = MediaRange(header).map { $0.type == "application" && $0.subtype == "json" && $0.charsetIsUTF8 }
                    if JSONContentType.isCommonSpelling(header.utf8) { #expect(parsed == true, "\(header)") }
                    #expect(JSONContentType.accepts(header) == (parsed ?? false), "\(header)")
                }
            }
        }
    }

    @Test("a refused Content-Type is 415 naming the accepted types; an accepted one with an odd spelling executes")
    func endpoint() async throws {
        try await makeTestApplication().test(.router) { client in
            let body = ByteBuffer(string: #"{"query":"{ ping }"}"#)
            for header in ["application/json; charset=latin1", "text/plain"] {
                try await client.execute(uri: "/graphql", method: .post, headers: [.contentType: header], body: body) { response in
                    #expect(response.status == .unsupportedMediaType)
                    #expect(response.headers[.accept] == "application/json, multipart/form-data")
                    #expect(response.text.contains(#""code":"UNSUPPORTED_MEDIA_TYPE""#))
                }
            }
            var twice = HTTPFields()
            twice.append(.init(name: .contentType, value: "application/json"))
            twice.append(.init(name: .contentType, value: "application/json"))
            try await client.execute(uri: "/graphql", method: .post, headers: twice, body: body) {
                #expect($0.status == .unsupportedMediaType)
            }
            try await client.execute(
                uri: "/graphql", method: .post, headers: [.contentType: "Application/JSON ;Charset=\"UTF-8\""], body: body
            ) {
                #expect($0.text == #"{"data":{"ping":"pong"}}"#)
            }
        }
    }
}
