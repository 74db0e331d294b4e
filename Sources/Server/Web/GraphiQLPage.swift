import Auth
import Foundation
import Hummingbird
import Mail

/// GraphiQL, the in-browser GraphQL IDE, served at `GET /graphql` to a browser
/// (API.md "HTTP surface"; `QUARRY_GRAPHIQL`, `QUARRY_GRAPHIQL_ASSETS_URL`).
///
/// The page is fixed at start-up: GraphiQL's files (``GraphiQLAssets``) and one
/// inline script that points GraphiQL at the endpoint the page was loaded from
/// (HTTP for queries and mutations, `ws:`/`wss:` for subscriptions over
/// `graphql-transport-ws`), with the headers editor on for
/// `Authorization: Bearer …`. The script works with React 18
/// (`ReactDOM.createRoot`) and React 17 (`ReactDOM.render`), GraphiQL 3 and 2:
/// `GraphiQL.createFetcher` is in both bundles. Its `Content-Security-Policy`
/// (https://www.w3.org/TR/CSP3/) allows scripts only from the assets' origin and
/// that one script by its SHA-256, so nothing else can run next to a token.
struct GraphiQLPage: Sendable {
    let assets: GraphiQLAssets
    let html: String
    /// `'sha256-…'` of ``bootstrapScript``, the CSP source that lets it run.
    let scriptHash: String

    init(assets: GraphiQLAssets) {
        self.assets = assets
        scriptHash = Self.hashSource(of: Self.bootstrapScript)
        html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="robots" content="noindex">
            <title>GraphiQL · Quarry</title>
            <link rel="icon" href="data:,">
            <link rel="stylesheet" href="\(HTMLText.escape(assets.styleSheet.url))"\(Self.integrityAttributes(assets.styleSheet))>
            <style>html, body, #graphiql { height: 100%; margin: 0; }</style>
            \(Self.scriptTag(assets.react))
            \(Self.scriptTag(assets.reactDOM))
            \(Self.scriptTag(assets.graphiQL))
            </head>
            <body>
            <div id="graphiql">Loading GraphiQL…</div>
            <script>\(Self.bootstrapScript)</script>
            </body>
            </html>
            """
    }

    /// Whether `request` is a browser asking for a page at `/graphql`: a GET
    /// without a `query` parameter whose `Accept` prefers `text/html` to JSON.
    /// Everything else (any `query=`, API clients, WebSocket upgrades, which
    /// never reach the router) is GraphQL over HTTP.
    static func isRequested(by request: Request) -> Bool {
        guard request.method == .get, GraphQLMediaType.prefersHTML(accept: request.headers.value(.accept)) else { return false }
        guard let parameters = FormURLEncoded.decode(request.uri.query.map { Substring($0) } ?? "") else { return false }
        return parameters["query"] == nil
    }

    /// The page, with a policy whose `connect-src` names the host the browser used.
    func response(for request: Request) -> Response {
        Response(
            status: .ok,
            headers: [
                .contentType: "text/html; charset=utf-8", .cacheControl: "no-cache",
                .init("X-Content-Type-Options")!: "nosniff",
                .init("Content-Security-Policy")!: contentSecurityPolicy(host: request.head.authority),
            ],
            body: .init(byteBuffer: ByteBuffer(string: html))
        )
    }

    /// Scripts: the assets' origin and the bootstrap script's hash (no `'unsafe-inline'`).
    /// Styles: the assets' origin and inline styles, which GraphiQL's dialogs insert at
    /// run time (react-remove-scroll's `<style>`), so no hash can name them. Fonts and
    /// icons are `data:` URLs in GraphiQL's style sheet. `connect-src`: the endpoint over
    /// HTTP (`'self'`) and WebSocket (`ws:`/`wss:` on the same host, named because
    /// browsers before CSP 3 do not count them as `'self'`).
    func contentSecurityPolicy(host: String?) -> String {
        var connect = "'self'"
        if let host, Self.isPlainHost(host) { connect += " ws://\(host) wss://\(host)" }
        return [
            "default-src 'none'", "script-src \(assets.origin) \(scriptHash)", "style-src \(assets.origin) 'unsafe-inline'",
            "font-src data:", "img-src data:", "connect-src \(connect)", "base-uri 'none'", "form-action 'none'",
            "frame-ancestors 'none'",
        ].joined(separator: "; ")
    }

    /// The inline script; its SHA-256 is in the policy, so any change here is allowed
    /// automatically. The endpoint is the page's own URL without query or fragment.
    static let bootstrapScript = #"""

        (function () {
          "use strict";
          var endpoint = window.location.origin + window.location.pathname;
          var fetcher = GraphiQL.createFetcher({ url: endpoint, subscriptionUrl: endpoint.replace(/^http/, "ws") });
          var graphiql = React.createElement(GraphiQL, {
            fetcher: fetcher,
            isHeadersEditorEnabled: true,
            defaultQuery: "# Quarry's GraphQL API. Ctrl-Enter runs the operation.\n" +
              "# Signed-in fields need a token: run logIn, then put\n" +
              "# {\"Authorization\": \"Bearer qry_...\"} in Headers below.\n" +
              "{\n  ping\n  serverTime\n}\n"
          });
          var container = document.getElementById("graphiql");
          if (typeof ReactDOM.createRoot === "function") {
            ReactDOM.createRoot(container).render(graphiql);
          } else {
            ReactDOM.render(graphiql, container);
          }
        })();

        """#

    /// CSP's hash-source for an inline script: `'sha256-` + base64 of the SHA-256 of its UTF-8 text + `'`.
    static func hashSource(of script: String) -> String {
        "'sha256-" + Data(SHA256Digest.of(Array(script.utf8))).base64EncodedString() + "'"
    }

    private static func scriptTag(_ file: GraphiQLAssets.File) -> String {
        "<script src=\"\(HTMLText.escape(file.url))\"\(integrityAttributes(file))></script>"
    }

    /// SRI needs a CORS fetch (`crossorigin`); self-hosted files have neither, so a
    /// plain static file server without CORS headers can serve them.
    private static func integrityAttributes(_ file: GraphiQLAssets.File) -> String {
        guard let integrity = file.integrity else { return "" }
        return " integrity=\"\(integrity)\" crossorigin=\"anonymous\""
    }

    /// A `Host` value safe to repeat in the policy: a name, IPv4 or bracketed IPv6, and a port.
    private static func isPlainHost(_ host: String) -> Bool {
        !host.isEmpty && host.count <= 261 && host.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || ".-:[]".contains($0)) }
    }
}
