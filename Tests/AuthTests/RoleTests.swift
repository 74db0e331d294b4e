import Auth
import Testing

@Suite("Role")
struct RoleTests {
    @Test("roles are ordered GUEST < USER < ADMIN < SUPER_ADMIN")
    func order() {
        #expect(Role.allCases.sorted() == [.guest, .user, .admin, .superAdmin])
        #expect(Role.guest < .user && Role.user < .admin && Role.admin < .superAdmin)
    }

    @Test("a role includes itself and every weaker role, never a stronger one")
    func includes() {
        for role in Role.allCases {
            for required in Role.allCases {
                #expect(role.includes(required) == (Role.allCases.firstIndex(of: role)! >= Role.allCases.firstIndex(of: required)!))
            }
        }
        #expect(Role.admin.includes(.user))
        #expect(!Role.user.includes(.admin))
    }

    @Test("raw values are the SDL enum values")
    func rawValues() {
        #expect(Role(rawValue: "SUPER_ADMIN") == .superAdmin)
        #expect(Role(rawValue: "GUEST") == .guest)
        #expect(Role(rawValue: "admin") == nil)
    }
}
