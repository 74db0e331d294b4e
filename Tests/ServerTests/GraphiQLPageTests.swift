import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import Server

@Suite("GraphiQL at GET /graphql for browsers")
struct GraphiQLPageTests {
    /// What Chromium sends when it opens a page.
    static let browserAccept =
        "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7"

    private func openInBrowser(
        _ client: some TestClientProtocol, _ uri: String = "/graphql", _ check: @escaping (TestResponse) throws -> Void
    ) async throws {
        try await client.execute(uri: uri, method: .get, headers: [.accept: Self.browserAccept]) { try check($0) }
    }

    /// The text of the page's one inline script (the others have a `src`).
    private func inlineScript(_ html: String) throws -> String {
        let start = try #require(html.range(of: "<script>"))
        let end = try #require(html.range(of: "</script>", range: start.upperBound..<html.endIndex))
        return String(html[start.upperBound..<end.lowerBound])
    }

    @Test("a browser gets GraphiQL 3 and React 18 from unpkg, pinned with SRI, wired to this endpoint")
    func pinnedPage() async throws {
        try await makeTestApplication().test(.router) { client in
            try await openInBrowser(client) { response in
                #expect(response.status == .ok)
                #expect(response.headers[.contentType] == "text/html; charset=utf-8")
                let html = response.text
                for (url, integrity) in [
                    ("https://unpkg.com/react@18.2.0/umd/react.production.min.js",
                     "sha384-tMH8h3BGESGckSAVGZ82T9n90ztNXxvdwvdM6UoR56cYcf+0iGXBliJ29D+wZ/x8"),
                    ("https://unpkg.com/react-dom@18.2.0/umd/react-dom.production.min.js",
                     "sha384-bm7MnzvK++ykSwVJ2tynSE5TRdN+xL418osEVF2DE/L/gfWHj91J2Sphe582B1Bh"),
                    ("https://unpkg.com/graphiql@3.8.3/graphiql.min.js",
                     "sha384-HbRVEFG0JGJZeAHCJ9Xm2+tpknBQ7QZmNlO/DgZtkZ0aJSypT96YYGRNod99l9Ie"),
                ] {
                    #expect(html.contains(#"<script src="\#(url)" integrity="\#(integrity)" crossorigin="anonymous"></script>"#))
                }
                #expect(html.contains(
                    #"<link rel="stylesheet" href="https://unpkg.com/graphiql@3.8.3/graphiql.min.css" "#
                        + #"integrity="sha384-Mq3vbRBY71jfjQAt/DcjxUIYY33ksal4cgdRt9U/hNPvHBCaT2JfJ/PTRiPKf0aM" crossorigin="anonymous">"#
                ))
                #expect(html.components(separatedBy: "<script").count == 5, "three files and the inline script")
                let script = try inlineScript(html)
                #expect(script == GraphiQLPage.bootstrapScript)
                #expect(script.contains("window.location.origin + window.location.pathname"))
                #expect(script.contains(#"GraphiQL.createFetcher({ url: endpoint, subscriptionUrl: endpoint.replace(/^http/, "ws") })"#))
                #expect(script.contains("isHeadersEditorEnabled: true"))
                #expect(script.contains("ReactDOM.createRoot(container).render(graphiql)"))
                #expect(script.contains("ReactDOM.render(graphiql, container)"))
            }
        }
    }

    @Test("headers: the CSP names exactly unpkg, the inline script's hash, and this host over HTTP and WebSocket")
    func headers() async throws {
        try await makeTestApplication().test(.router) { client in
            try await openInBrowser(client) { response in
                let hash = GraphiQLPage.hashSource(of: try inlineScript(response.text))
                #expect(response.headers[.init("Content-Security-Policy")!] == [
                    "default-src 'none'", "script-src https://unpkg.com \(hash)", "style-src https://unpkg.com 'unsafe-inline'",
                    "font-src data:", "img-src data:", "connect-src 'self' ws://localhost wss://localhost", "base-uri 'none'",
                    "form-action 'none'", "frame-ancestors 'none'",
                ].joined(separator: "; "))
                #expect(response.headers[.init("X-Content-Type-Options")!] == "nosniff")
                #expect(response.headers[.cacheControl] == "no-cache")
                #expect(response.headers[.init("X-Request-Id")!] != nil)
            }
        }
    }

    @Test("the hash-source is CSP's: the spec's example, and a Host that is not a plain host is left out")
    func hashAndHost() {
        // https://www.w3.org/TR/CSP3/#grammardef-hash-source
        #expect(GraphiQLPage.hashSource(of: "alert('Hello, world.');") == "'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='")
        let page = GraphiQLPage(assets: .pinned)
        #expect(page.contentSecurityPolicy(host: "[::1]:8080").contains("connect-src 'self' ws://[::1]:8080 wss://[::1]:8080;"))
        for host in [nil, "", "evil.example; script-src *", "a b", "x'y"] {
            #expect(page.contentSecurityPolicy(host: host).contains("connect-src 'self'; "))
        }
    }

    @Test("QUARRY_GRAPHIQL_ASSETS_URL: the same file names from that base, no integrity, its origin in the CSP")
    func selfHostedAssets() async throws {
        let environment = ["QUARRY_GRAPHIQL_ASSETS_URL": "http://127.0.0.1:8731/static/graphiql/"]
        try await makeTestApplication(environment: environment).test(.router) { client in
            try await openInBrowser(client) { response in
                let html = response.text
                for name in ["react.production.min.js", "react-dom.production.min.js", "graphiql.min.js"] {
                    #expect(html.contains(#"<script src="http://127.0.0.1:8731/static/graphiql/\#(name)"></script>"#))
                }
                #expect(html.contains(#"<link rel="stylesheet" href="http://127.0.0.1:8731/static/graphiql/graphiql.min.css">"#))
                #expect(!html.contains("integrity") && !html.contains("crossorigin") && !html.contains("unpkg"))
                let policy = try #require(response.headers[.init("Content-Security-Policy")!])
                #expect(policy.contains("script-src http://127.0.0.1:8731 'sha256-"))
                #expect(policy.contains("style-src http://127.0.0.1:8731 'unsafe-inline'"))
                #expect(!policy.contains("unpkg"))
            }
        }
    }

    @Test("QUARRY_GRAPHIQL=off: a browser's GET /graphql is GraphQL over HTTP, as without GraphiQL")
    func off() async throws {
        try await makeTestApplication(environment: ["QUARRY_GRAPHIQL": "off"]).test(.router) { client in
            try await openInBrowser(client) { response in
                #expect(response.headers[.contentType] == "application/json; charset=utf-8")
                #expect(response.text.contains(#""errors""#))
                #expect(response.headers[.init("Content-Security-Policy")!] == nil)
            }
        }
    }

    @Test("API requests are untouched: a query parameter, JSON preferred, no Accept, POST")
    func apiRequestsUnaffected() async throws {
        try await makeTestApplication().test(.router) { client in
            try await openInBrowser(client, "/graphql?query=%7B%20ping%20%7D") { response in
                #expect(response.status == .ok)
                #expect(response.text == #"{"data":{"ping":"pong"}}"#)
            }
            for accept in ["application/json", "application/graphql-response+json", "*/*", "text/html, application/json"] {
                try await client.execute(uri: "/graphql", method: .get, headers: [.accept: accept]) { response in
                    #expect(response.headers[.contentType]?.hasPrefix("application/") == true, "\(accept)")
                }
            }
            try await client.execute(uri: "/graphql", method: .get) { response in
                #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            }
            try await client.execute(
                uri: "/graphql", method: .post, headers: [.contentType: "application/json", .accept: Self.browserAccept],
                body: ByteBuffer(string: #"{"query":"{ ping }"}"#)
            ) { response in
                #expect(response.text == #"{"data":{"ping":"pong"}}"#)
            }
        }
    }

    @Test(
        "text/html must be preferred to both JSON types, each judged by its most specific range",
        arguments: [
            (GraphiQLPageTests.browserAccept, true),
            ("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", true),
            ("text/html", true), ("application/json;q=0.5, text/html", true), ("text/*", true),
            (nil, false), ("*/*", false), ("application/json", false), ("text/html, application/json", false),
            ("text/html;q=0.5, application/graphql-response+json", false), ("text/html;q=0.1, */*", false),
            ("text/html;q=0", false), ("application/*, text/html", false),
        ] as [(String?, Bool)]
    )
    func preference(accept: String?, prefersHTML: Bool) {
        #expect(GraphQLMediaType.prefersHTML(accept: accept) == prefersHTML)
    }
}
