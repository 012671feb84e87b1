import Foundation
import Testing

/// `.ci/checks/30-platform.sh`, the check that keeps the macOS build compiling while CI runs
/// on Linux, run on small trees made to pass and to fail, and on the repository itself.
@Suite struct PlatformCheckTests {
    static let script = CLI.packageRoot.appendingPathComponent(".ci/checks/30-platform.sh").path

    /// A module whose platform file has both branches and whose other file uses it.
    static let platformFile = """
        #if canImport(Darwin)
            import Darwin
        #elseif canImport(Glibc)
            import Glibc
        #endif

        enum Platform {
            static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }
        }
        """

    static func check(_ tree: TempDir) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [script, tree.url.path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    static func cleanTree() throws -> TempDir {
        let tree = try TempDir()
        try tree.write("Sources/Tool/Platform.swift", platformFile)
        try tree.write(
            "Sources/Tool/Terminal.swift",
            """
            #if canImport(FoundationEssentials)
                import FoundationEssentials
            #else
                import Foundation
            #endif

            // Glibc and Darwin in a comment are not calls.
            enum Terminal { static var interactive: Bool { Platform.isTerminal(1) } }
            """)
        return tree
    }

    @Test("a module that reaches the C library only through Platform.swift passes")
    func cleanTreePasses() throws {
        let result = try Self.check(try Self.cleanTree())
        #expect(result.status == 0, "\(result.output)")
    }

    @Test("a deliberate unguarded Glibc.write outside Platform.swift fails, naming the file and line")
    func unguardedGlibcCallFails() throws {
        let tree = try Self.cleanTree()
        try tree.write(
            "Sources/Tool/Output.swift",
            """
            enum Output {
                static func say(_ fd: Int32) {
                    _ = Glibc.write(fd, "hi", 2)
                }
            }
            """)
        let result = try Self.check(tree)
        #expect(result.status == 1)
        #expect(result.output.contains("Sources/Tool/Output.swift:3: the C library is named outside Platform.swift"))
    }

    @Test("an import of Glibc guarded by canImport, outside Platform.swift, fails too")
    func guardedImportOutsidePlatformFails() throws {
        let tree = try Self.cleanTree()
        try tree.write("Tests/ToolTests/Helpers.swift", "#if canImport(Glibc)\n    import Glibc\n#endif\n")
        let result = try Self.check(tree)
        #expect(result.status == 1)
        #expect(result.output.contains("Tests/ToolTests/Helpers.swift:1:"))
        #expect(result.output.contains("Tests/ToolTests/Helpers.swift:2:"))
    }

    @Test("a Platform.swift with a Glibc branch and no Darwin branch fails")
    func platformFileWithoutDarwinFails() throws {
        let tree = try Self.cleanTree()
        try tree.write("Sources/Tool/Platform.swift", "#if canImport(Glibc)\n    import Glibc\n#endif\n")
        let result = try Self.check(tree)
        #expect(result.status == 1)
        #expect(
            result.output.contains("Sources/Tool/Platform.swift: has a Glibc branch and no canImport(Darwin) branch"))
    }

    @Test("a Platform.swift deeper than a module's folder is an ordinary file")
    func nestedPlatformFileIsNotExempt() throws {
        let tree = try Self.cleanTree()
        try tree.write("Sources/Tool/REPL/Platform.swift", Self.platformFile)
        let result = try Self.check(tree)
        #expect(result.status == 1)
        #expect(result.output.contains("Sources/Tool/REPL/Platform.swift:1:"))
    }

    @Test("import FoundationEssentials without the canImport guard fails (macOS has no such module)")
    func unguardedFoundationEssentialsFails() throws {
        let tree = try Self.cleanTree()
        try tree.write("Sources/Tool/Report.swift", "import FoundationEssentials\n\nenum Report {}\n")
        let result = try Self.check(tree)
        #expect(result.status == 1)
        #expect(result.output.contains("Sources/Tool/Report.swift:1: import FoundationEssentials needs"))
    }

    @Test("libcrypto and CryptoKit, each in its own guarded file, pass")
    func cryptographyInItsOwnFilesPasses() throws {
        let tree = try Self.cleanTree()
        try tree.write("Sources/Core/Crypto/Libcrypto.swift", "#if canImport(CCrypto)\n    import CCrypto\n    enum B {}\n#endif\n")
        try tree.write(
            "Sources/Core/Crypto/CryptoKit.swift",
            "#if !canImport(CCrypto) && canImport(CryptoKit)\n    import CryptoKit\n    import Foundation\n#endif\n")
        let result = try Self.check(tree)
        #expect(result.status == 0, "\(result.output)")
    }

    @Test("a file that imports CryptoKit or libcrypto outside its own file fails, naming file and line")
    func cryptographyElsewhereFails() throws {
        let tree = try Self.cleanTree()
        try tree.write("Sources/Core/Seal.swift", "#if canImport(CryptoKit)\n    import CryptoKit\n#endif\n")
        try tree.write("Sources/Core/Digest.swift", "// SHA-256\n@preconcurrency import CCrypto\n")
        let result = try Self.check(tree)
        #expect(result.status == 1)
        #expect(result.output.contains("Sources/Core/Seal.swift:2: CryptoKit is imported outside CryptoKit.swift"))
        #expect(result.output.contains("Sources/Core/Digest.swift:2: libcrypto is imported outside Libcrypto.swift"))
    }

    @Test("a backend file that imports its library without the #if fails (the other platform cannot build it)")
    func unguardedCryptographyFails() throws {
        let tree = try Self.cleanTree()
        try tree.write("Sources/Core/Crypto/CryptoKit.swift", "import CryptoKit\n")
        let result = try Self.check(tree)
        #expect(result.status == 1)
        #expect(result.output.contains("Sources/Core/Crypto/CryptoKit.swift:1: the cryptography library is imported outside"))
    }

    @Test("the repository itself passes the check")
    func repositoryPasses() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [Self.script]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(String(decoding: data, as: UTF8.self))")
    }
}
