import Accounts
import AppCore
import Hummingbird
import Mail

/// `GET /verify-email?token=…` and the resend form of its error page: the two
/// web pages of the onboarding seed's story 7 ("Verify email – success" and
/// "Verify email – error with option to resend") for links opened in a browser.
struct EmailVerificationPages {
    let links: AccountLinks

    static let successTitle = "Your email has been verified"
    static let errorTitle = "This link has expired or is not valid"

    func register(on router: Router<QuarryRequestContext>) {
        router.get("/verify-email") { request, context in
            let token = request.uri.queryParameters.get("token") ?? ""
            guard !token.isEmpty else { return resendPage(token: "", message: nil) }
            switch try await links.verifyEmail(token: token, credential: credential(request, context), logger: context.logger) {
            case .verified:
                return HTMLPage(
                    title: Self.successTitle,
                    body: "<p>Thank you. You can now return to the app and sign in.</p>"
                ).response()
            case .invalid:
                return resendPage(token: token, message: nil)
            }
        }
        router.post("/verify-email/resend") { request, context in
            let body = try await request.body.collect(upTo: 16_384)
            let form = FormURLEncoded.decode(Substring(String(buffer: body))) ?? [:]
            let outcome = try await links.resendVerification(
                linkToken: form["token"], email: form["email"].map { $0.trimmingWhitespace() },
                credential: credential(request, context), logger: context.logger
            )
            switch outcome {
            case .sent:
                return HTMLPage(
                    title: "Verification link has been sent",
                    body: "<p>Open the new link in the email we just sent you. The previous link no longer works.</p>"
                ).response()
            case .refused(let message):
                return resendPage(token: form["token"] ?? "", message: message, status: .tooManyRequests)
            }
        }
    }

    /// The error page: why the link failed, and a form that sends a new one
    /// (for the link's own verification, or for the address typed in).
    private func resendPage(token: String, message: String?, status: HTTPResponse.Status = .ok) -> Response {
        let notice = message.map { "<p class=\"error\" role=\"alert\">\(HTMLText.escape($0))</p>" } ?? ""
        return HTMLPage(title: Self.errorTitle, body: """
            <p>The verification link you opened has expired, has already been used, or was replaced by a newer one.</p>
            \(notice)
            <form method="post" action="/verify-email/resend">
            <input type="hidden" name="token" value="\(HTMLText.escape(token))">
            <label for="email">Your email address</label>
            <input id="email" name="email" type="email" autocomplete="email" placeholder="you@example.com">
            <button type="submit">Resend verification link</button>
            </form>
            """).response(status: status)
    }

    private func credential(_ request: Request, _ context: QuarryRequestContext) -> RequestCredential {
        RequestCredential(
            bearerToken: nil, requestID: context.requestID, clientAddress: context.clientAddress,
            userAgent: request.headers.value(.userAgent)
        )
    }
}
