import Hummingbird
import Mail

/// The account web pages' one layout: plain, accessible HTML (a language, a
/// title, one heading, readable without CSS or scripts) with a small inline
/// style and no external assets.
struct HTMLPage {
    let title: String
    /// Already-escaped HTML of the page's main content.
    let body: String

    func response(status: HTTPResponse.Status = .ok) -> Response {
        let html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(HTMLText.escape(title)) · Quarry</title>
            <style>
            body { font-family: system-ui, sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5; color: #1d1d1f; }
            label { display: block; margin-top: 1rem; font-weight: 600; }
            input { font-size: 1rem; padding: .5rem; width: 100%; box-sizing: border-box; }
            button { margin-top: 1rem; font-size: 1rem; padding: .6rem 1.2rem; }
            .error { color: #a0001e; }
            </style>
            </head>
            <body>
            <main>
            <h1>\(HTMLText.escape(title))</h1>
            \(body)
            </main>
            </body>
            </html>
            """
        return Response(
            status: status,
            headers: [
                .contentType: "text/html; charset=utf-8", .cacheControl: "no-store",
                .init("Content-Security-Policy")!: "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
            ],
            body: .init(byteBuffer: ByteBuffer(string: html))
        )
    }
}
