// AES-256-GCM and SHA-256, as the Kindly server and SDK use them, over the platform's own
// library: libcrypto on Linux (Libcrypto.swift), Apple's CryptoKit on macOS (CryptoKit.swift),
// so a Mac builds the package with nothing but Xcode. The bytes are the same on both: the
// tests check the GCM specification's test vectors and SHA-256's.
//
// Each backend is one file and names its library nowhere else (.ci/checks/30-platform.sh).

/// AES-256-GCM with a 12-byte nonce and a 16-byte tag.
public enum AESGCM {
    public static let keySize = 32
    public static let nonceSize = 12
    public static let tagSize = 16

    /// A sealed box: ciphertext and tag. nil only if the library fails or the sizes are wrong.
    public static func seal(
        _ plaintext: [UInt8], key: [UInt8], nonce: [UInt8], authenticating aad: [UInt8] = []
    ) -> (ciphertext: [UInt8], tag: [UInt8])? {
        guard key.count == keySize, nonce.count == nonceSize else { return nil }
        return CryptoBackend.seal(plaintext, key: key, nonce: nonce, aad: aad)
    }

    /// The plaintext, or nil when the sizes are wrong or authentication fails.
    public static func open(
        _ ciphertext: [UInt8], tag: [UInt8], key: [UInt8], nonce: [UInt8], authenticating aad: [UInt8] = []
    ) -> [UInt8]? {
        guard key.count == keySize, nonce.count == nonceSize, tag.count == tagSize else { return nil }
        return CryptoBackend.open(ciphertext, tag: tag, key: key, nonce: nonce, aad: aad)
    }
}

/// SHA-256, used to derive the core's deterministic keys, nonces and tokens.
public enum SHA256Digest {
    public static func hash(_ bytes: [UInt8]) -> [UInt8] { CryptoBackend.sha256(bytes) }

    public static func hash(_ text: String) -> [UInt8] { hash(Array(text.utf8)) }

    public static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 15)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
