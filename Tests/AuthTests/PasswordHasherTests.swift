@testable import Auth
import Testing

/// Small parameters keep these tests quick; OWASP's are used where the
/// defaults themselves are under test.
let quick = Argon2Parameters(memoryKiB: 1024, iterations: 1, parallelism: 1)
/// A cost of about 150 ms a hash here (TOOLCHAIN.md): long enough that a test on a
/// loaded machine can still act while hashes queue.
let slow = Argon2Parameters(memoryKiB: 65_536, iterations: 3, parallelism: 1)

@Suite("PasswordHasher")
struct PasswordHasherTests {
    @Test("hash is a PHC string with the configured parameters, 16-byte salt and 32-byte hash; it verifies")
    func phcRoundTrip() async throws {
        let hasher = PasswordHasher(parameters: quick, threads: 1)
        defer { hasher.shutdown() }
        let encoded = try await hasher.hash("correct horse battery staple")
        let fields = encoded.split(separator: "$", omittingEmptySubsequences: false)
        #expect(fields.count == 6)
        #expect(fields[0] == "" && fields[1] == "argon2id" && fields[2] == "v=19" && fields[3] == "m=1024,t=1,p=1")
        #expect(fields[4].count == 22)  // 16 bytes, unpadded base64
        #expect(fields[5].count == 43)  // 32 bytes
        #expect(await hasher.verify("correct horse battery staple", against: encoded) == .valid(needsRehash: false))
        // A fresh salt every time.
        #expect(try await hasher.hash("correct horse battery staple") != encoded)
    }

    @Test("a wrong password, or a stored value that is no argon2 hash, is invalid")
    func wrongPassword() async throws {
        let hasher = PasswordHasher(parameters: quick, threads: 1)
        defer { hasher.shutdown() }
        let encoded = try await hasher.hash("s3cret-Passw0rd")
        #expect(await hasher.verify("s3cret-passw0rd", against: encoded) == .invalid)
        #expect(await hasher.verify("", against: encoded) == .invalid)
        #expect(await hasher.verify("s3cret-Passw0rd", against: "") == .invalid)
        #expect(await hasher.verify("s3cret-Passw0rd", against: "$2b$12$notargon") == .invalid)
        #expect(await hasher.verify("s3cret-Passw0rd", against: String(encoded.dropLast(2))) == .invalid)
        let empty = try await hasher.hash("")
        #expect(await hasher.verify("", against: empty) == .valid(needsRehash: false))
        let unicode = try await hasher.hash("pässwörd 🔑")
        #expect(await hasher.verify("pässwörd 🔑", against: unicode) == .valid(needsRehash: false))
        #expect(await hasher.verify("passwörd 🔑", against: unicode) == .invalid)
    }

    @Test("a hash made with other parameters verifies but needs a rehash")
    func needsRehash() async throws {
        let old = PasswordHasher(parameters: quick, threads: 1)
        let stronger = Argon2Parameters(memoryKiB: 2048, iterations: 2, parallelism: 1)
        let current = PasswordHasher(parameters: stronger, threads: 1)
        defer { old.shutdown(); current.shutdown() }
        let oldHash = try await old.hash("hunter2-but-longer")
        #expect(await current.verify("hunter2-but-longer", against: oldHash) == .valid(needsRehash: true))
        #expect(await current.verify("wrong", against: oldHash) == .invalid)
        let newHash = try await current.hash("hunter2-but-longer")
        #expect(newHash.contains("$m=2048,t=2,p=1$"))
        #expect(await current.verify("hunter2-but-longer", against: newHash) == .valid(needsRehash: false))
        // Weaker parameters than stored also count as different.
        #expect(await old.verify("hunter2-but-longer", against: newHash) == .valid(needsRehash: true))
    }

    @Test("defaults are OWASP's minimum: m=19456, t=2, p=1")
    func owaspDefaults() async throws {
        #expect(Argon2Parameters.owaspMinimum == Argon2Parameters(memoryKiB: 19_456, iterations: 2, parallelism: 1))
        let hasher = PasswordHasher()
        defer { hasher.shutdown() }
        #expect(hasher.parameters == .owaspMinimum)
        #expect(hasher.statistics.threads == 2)
        let encoded = try await hasher.hash("owasp default")
        #expect(encoded.hasPrefix("$argon2id$v=19$m=19456,t=2,p=1$"))
        #expect(await hasher.verify("owasp default", against: encoded) == .valid(needsRehash: false))
    }

    /// argon2's cost is set by its variant, version, parameters and lengths alone, so a dummy
    /// hash equal to a real one in all of them costs exactly as much to verify: an unknown
    /// address takes as long to refuse as a wrong password. Compared structurally, since a
    /// timing comparison is noise on a loaded 2-core machine.
    @Test("verifyAgainstDummy verifies, on the pool, against a hash made exactly like a real one")
    func dummyCostsTheSame() async throws {
        let hasher = PasswordHasher(parameters: .owaspMinimum, threads: 1)
        defer { hasher.shutdown() }
        let real = try #require(PHCString(try await hasher.hash("the real one")))
        let dummy = try #require(PHCString(hasher.dummyHash))
        #expect(dummy == real)
        let completed = hasher.statistics.completed
        await hasher.verifyAgainstDummy("a wrong guess")
        #expect(hasher.statistics.completed == completed + 1)
    }

    @Test("with one thread, concurrent hashes all complete and never run two at a time")
    func poolIsBounded() async throws {
        let hasher = PasswordHasher(parameters: quick, threads: 1)
        defer { hasher.shutdown() }
        let hashes = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<6 {
                group.addTask { try await hasher.hash("password \(index)") }
            }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(Set(hashes).count == 6)
        let statistics = hasher.statistics
        #expect(statistics.completed == 6)
        #expect(statistics.peakRunning == 1)
        #expect(statistics.running == 0 && statistics.queued == 0)
    }

    @Test("with two threads, eight concurrent hashes run at most two at a time")
    func poolOfTwo() async throws {
        let hasher = PasswordHasher(parameters: quick, threads: 2)
        defer { hasher.shutdown() }
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<8 {
                group.addTask { _ = try await hasher.hash("password \(index)") }
            }
            try await group.waitForAll()
        }
        #expect(hasher.statistics.completed == 8)
        #expect((1...2).contains(hasher.statistics.peakRunning))
    }

    @Test("the cooperative pool stays responsive while eight hashes run")
    func cooperativePoolResponsive() async throws {
        let hasher = PasswordHasher(parameters: slow, threads: 1)
        defer { hasher.shutdown() }
        let hashes = Task {
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<8 {
                    group.addTask { _ = try await hasher.hash("burst \(index)") }
                }
                try await group.waitForAll()
            }
        }
        // Wait until the burst occupies the pool.
        while hasher.statistics.running == 0 && hasher.statistics.completed == 0 {
            await Task.yield()
        }
        // Many trivial tasks on the cooperative pool finish while the burst is still running.
        let sum = await withTaskGroup(of: Int.self) { group in
            for value in 1...100 {
                group.addTask { value }
            }
            return await group.reduce(0, +)
        }
        #expect(sum == 5050)
        #expect(hasher.statistics.completed < 8)
        try await hashes.value
        #expect(hasher.statistics.completed == 8)
    }

    @Test("shutdown fails queued and later work, never hangs, and is idempotent")
    func shutdown() async throws {
        let hasher = PasswordHasher(parameters: slow, threads: 1)
        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<8 {
                group.addTask {
                    do {
                        _ = try await hasher.hash("queued \(index)")
                        return true
                    } catch {
                        #expect(error as? PasswordHashingError == .shutDown)
                        return false
                    }
                }
            }
            while hasher.statistics.running == 0 && hasher.statistics.completed == 0 {
                await Task.yield()
            }
            hasher.shutdown()
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(outcomes.count == 8)
        #expect(outcomes.contains(false))
        hasher.shutdown()
        await #expect(throws: PasswordHashingError.shutDown) { try await hasher.hash("after") }
        #expect(await hasher.verify("after", against: "$argon2id$v=19$m=1024,t=1,p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA") == .invalid)
    }

    @Test("parameters outside libargon2's limits are rejected with a clear message")
    func parameterValidation() throws {
        try Argon2Parameters.owaspMinimum.validate()
        try quick.validate()
        #expect(throws: Argon2ParameterError.self) { try Argon2Parameters(memoryKiB: 4, iterations: 1, parallelism: 1).validate() }
        #expect(throws: Argon2ParameterError.self) { try Argon2Parameters(memoryKiB: 1024, iterations: 0, parallelism: 1).validate() }
        #expect(throws: Argon2ParameterError.self) { try Argon2Parameters(memoryKiB: 1024, iterations: 1, parallelism: 0).validate() }
        do {
            try Argon2Parameters(memoryKiB: 16, iterations: 1, parallelism: 4).validate()
            Issue.record("16 KiB for 4 lanes must be rejected")
        } catch {
            #expect(error.message == "argon2 memory must be at least 32 KiB (8 KiB per lane), got 16")
        }
    }
}
