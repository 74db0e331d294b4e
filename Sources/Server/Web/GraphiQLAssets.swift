/// The files GraphiQL's page loads: React, ReactDOM, GraphiQL's bundle and its
/// style sheet, and the origin the `Content-Security-Policy` allows them from.
///
/// By default they are exact versions on unpkg with Subresource Integrity
/// hashes (https://www.w3.org/TR/SRI/), so a changed file on the CDN is refused
/// by the browser rather than run with the user's token at hand. GraphiQL's
/// bundle includes graphql-ws, which `GraphiQL.createFetcher` loads for
/// `subscriptionUrl` (@graphiql/toolkit's `createWebsocketsFetcherFromUrl`
/// imports it; graphiql 3.8.3's `resources/webpack.config.js` bundles it into
/// the one file with `LimitChunkCountPlugin({ maxChunks: 1 })`, and 2.x's
/// `graphiql.min.js` holds it too), so no separate graphql-ws file is loaded:
/// the headers editor's headers then reach `connection_init` as its payload.
///
/// Pinned versions and their published sha384 values, as pinned by
/// Strawberry's `strawberry/static/graphiql.html` since commit bb8138400
/// (2025-07-19, "Add support for @defer and @stream", still so at 53008d932,
/// 2026-08-19); the React values are also the cdnjs ones for the same files:
/// - `graphiql@3.8.3/graphiql.min.js`, `graphiql@3.8.3/graphiql.min.css`
/// - `react@18.2.0/umd/react.production.min.js`
/// - `react-dom@18.2.0/umd/react-dom.production.min.js`
///
/// With `QUARRY_GRAPHIQL_ASSETS_URL` (networks without the CDN) the same four
/// file names are read from that base URL, as the PyPI wheel
/// `graphene-django-graphiql-static` ships them (GraphiQL 2, React 17), and no
/// integrity is given: the hashes are those of the CDN files, not of whatever
/// the operator serves.
struct GraphiQLAssets: Sendable, Equatable {
    /// One file: where it is and, for a pinned CDN file, its `sha384-…` integrity value.
    struct File: Sendable, Equatable {
        let url: String
        let integrity: String?
    }

    let react: File
    let reactDOM: File
    let graphiQL: File
    let styleSheet: File
    /// `scheme://host[:port]` of the files, for `script-src` and `style-src`.
    let origin: String

    /// The pinned unpkg files.
    static let pinned = GraphiQLAssets(
        react: File(
            url: "https://unpkg.com/react@18.2.0/umd/react.production.min.js",
            integrity: "sha384-tMH8h3BGESGckSAVGZ82T9n90ztNXxvdwvdM6UoR56cYcf+0iGXBliJ29D+wZ/x8"
        ),
        reactDOM: File(
            url: "https://unpkg.com/react-dom@18.2.0/umd/react-dom.production.min.js",
            integrity: "sha384-bm7MnzvK++ykSwVJ2tynSE5TRdN+xL418osEVF2DE/L/gfWHj91J2Sphe582B1Bh"
        ),
        graphiQL: File(
            url: "https://unpkg.com/graphiql@3.8.3/graphiql.min.js",
            integrity: "sha384-HbRVEFG0JGJZeAHCJ9Xm2+tpknBQ7QZmNlO/DgZtkZ0aJSypT96YYGRNod99l9Ie"
        ),
        styleSheet: File(
            url: "https://unpkg.com/graphiql@3.8.3/graphiql.min.css",
            integrity: "sha384-Mq3vbRBY71jfjQAt/DcjxUIYY33ksal4cgdRt9U/hNPvHBCaT2JfJ/PTRiPKf0aM"
        ),
        origin: "https://unpkg.com"
    )

    /// The files under `baseURL` (validated by ``ServerConfiguration``: an absolute
    /// http(s) URL without a trailing slash), with no integrity values.
    static func selfHosted(baseURL: String) -> GraphiQLAssets {
        func file(_ name: String) -> File { File(url: baseURL + "/" + name, integrity: nil) }
        let scheme = baseURL.prefix { $0 != ":" }.lowercased()
        let authority = baseURL.dropFirst(scheme.count + "://".count).prefix { $0 != "/" }.lowercased()
        return GraphiQLAssets(
            react: file("react.production.min.js"), reactDOM: file("react-dom.production.min.js"),
            graphiQL: file("graphiql.min.js"), styleSheet: file("graphiql.min.css"), origin: scheme + "://" + authority
        )
    }
}
