// The executable's one call into the C library, on macOS (Darwin) and Linux (Glibc or
// Musl) (`.ci/checks/30-platform.sh`).
#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

enum Platform {
    /// Ends the process with exit code `code`, flushing the C streams.
    static func exit(_ code: Int32) -> Never {
        #if canImport(Darwin)
            Darwin.exit(code)
        #elseif canImport(Glibc)
            Glibc.exit(code)
        #else
            Musl.exit(code)
        #endif
    }
}
