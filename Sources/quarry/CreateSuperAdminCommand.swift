import Accounts
import ArgumentParser
import Server

#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// `quarry create-super-admin --email …`: the only way to make a SUPER_ADMIN
/// (API.md "Administration"). The password is read from a prompt without echo,
/// or from the first line of standard input when it is not a terminal — never
/// from the command line, where other users could read it in the process list.
struct CreateSuperAdminCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "create-super-admin",
        abstract: "Create a SUPER_ADMIN account, or make the account with this email one.",
        discussion: "The password is prompted for (or read from standard input when it is not a terminal)."
    )

    @Option(help: "The account's email address.")
    var email: String

    @Option(help: "The nickname of a new account (default: the part of the email before @).")
    var nickname: String?

    func run() async throws {
        let server = try configuredServer()
        let password = try readPassword()
        let accounts = server.makeAccountServices()
        do {
            let outcome = try await withDatabase(of: server) { pool in
                try await SuperAdmins.createOrPromote(
                    email: email, nickname: nickname, password: password, database: pool, accounts: accounts
                )
            }
            await accounts.shutdown()
            print(outcome == .created ? "Created SUPER_ADMIN \(email)." : "\(email) is now a SUPER_ADMIN.")
        } catch let error as SuperAdminError {
            await accounts.shutdown()
            FileHandle.standardError.write(Data("quarry: \(error.description)\n".utf8))
            throw ExitCode.failure
        }
    }

    private func readPassword() throws -> String {
        guard isatty(STDIN_FILENO) != 0 else {
            guard let line = Swift.readLine(strippingNewline: true), !line.isEmpty else {
                throw ValidationError("No password on standard input.")
            }
            return line
        }
        let first = String(cString: getpass("Password: "))
        let second = String(cString: getpass("Repeat password: "))
        guard first == second else { throw ValidationError("Please re-enter the same password") }
        return first
    }
}
