// AES-256-GCM and SHA-256 through OpenSSL's libcrypto (EVP), as the Kindly server and SDK use them.
import CCrypto

/// libcrypto, set up once for the process: without reading `openssl.cnf` (the core needs
/// nothing from it) and without an exit handler, and each algorithm fetched once instead of
/// looked up by name on every call (OpenSSL 3's implicit fetch).
enum LibCrypto {
    static let initialised: Bool = {
        let flags = OPENSSL_INIT_NO_LOAD_CONFIG | OPENSSL_INIT_NO_ATEXIT
        return OPENSSL_init_crypto(UInt64(flags), nil) == 1
    }()

    /// AES-256-GCM; nil only if libcrypto cannot provide it.
    nonisolated(unsafe) static let aes256GCM: OpaquePointer? = {
        guard initialised else { return nil }
        return EVP_CIPHER_fetch(nil, "AES-256-GCM", nil)
    }()

    /// SHA-256; nil only if libcrypto cannot provide it.
    nonisolated(unsafe) static let sha256: OpaquePointer? = {
        guard initialised else { return nil }
        return EVP_MD_fetch(nil, "SHA256", nil)
    }()
}

/// AES-256-GCM with a 12-byte nonce and a 16-byte tag.
public enum AESGCM {
    public static let keySize = 32
    public static let nonceSize = 12
    public static let tagSize = 16

    /// A sealed box: ciphertext and tag. nil only if libcrypto fails or the sizes are wrong.
    public static func seal(
        _ plaintext: [UInt8], key: [UInt8], nonce: [UInt8], authenticating aad: [UInt8] = []
    ) -> (ciphertext: [UInt8], tag: [UInt8])? {
        guard key.count == keySize, nonce.count == nonceSize, plaintext.count < Int32.max - 16, aad.count < Int32.max,
            let cipher = LibCrypto.aes256GCM, let context = EVP_CIPHER_CTX_new()
        else { return nil }
        defer { EVP_CIPHER_CTX_free(context) }
        guard EVP_EncryptInit_ex(context, cipher, nil, nil, nil) == 1,
            EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_SET_IVLEN, Int32(nonceSize), nil) == 1,
            EVP_EncryptInit_ex(context, nil, nil, key, nonce) == 1
        else { return nil }
        var length: Int32 = 0
        if !aad.isEmpty {
            guard EVP_EncryptUpdate(context, nil, &length, aad, Int32(aad.count)) == 1 else { return nil }
        }
        var ciphertext = [UInt8](repeating: 0, count: plaintext.count + 16)
        var written = 0
        if !plaintext.isEmpty {
            guard EVP_EncryptUpdate(context, &ciphertext, &length, plaintext, Int32(plaintext.count)) == 1 else {
                return nil
            }
            written = Int(length)
        }
        let finalOK = ciphertext.withUnsafeMutableBufferPointer { buffer in
            EVP_EncryptFinal_ex(context, buffer.baseAddress.map { $0 + written }, &length) == 1
        }
        guard finalOK else { return nil }
        written += Int(length)
        var tag = [UInt8](repeating: 0, count: tagSize)
        guard EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_GET_TAG, Int32(tagSize), &tag) == 1 else { return nil }
        return (Array(ciphertext.prefix(written)), tag)
    }

    /// The plaintext, or nil when the sizes are wrong or authentication fails.
    public static func open(
        _ ciphertext: [UInt8], tag: [UInt8], key: [UInt8], nonce: [UInt8], authenticating aad: [UInt8] = []
    ) -> [UInt8]? {
        guard key.count == keySize, nonce.count == nonceSize, tag.count == tagSize,
            ciphertext.count < Int32.max - 16, aad.count < Int32.max, let cipher = LibCrypto.aes256GCM,
            let context = EVP_CIPHER_CTX_new()
        else { return nil }
        defer { EVP_CIPHER_CTX_free(context) }
        guard EVP_DecryptInit_ex(context, cipher, nil, nil, nil) == 1,
            EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_SET_IVLEN, Int32(nonceSize), nil) == 1,
            EVP_DecryptInit_ex(context, nil, nil, key, nonce) == 1
        else { return nil }
        var length: Int32 = 0
        if !aad.isEmpty {
            guard EVP_DecryptUpdate(context, nil, &length, aad, Int32(aad.count)) == 1 else { return nil }
        }
        var plaintext = [UInt8](repeating: 0, count: ciphertext.count + 16)
        var written = 0
        if !ciphertext.isEmpty {
            guard EVP_DecryptUpdate(context, &plaintext, &length, ciphertext, Int32(ciphertext.count)) == 1 else {
                return nil
            }
            written = Int(length)
        }
        var expectedTag = tag
        guard EVP_CIPHER_CTX_ctrl(context, EVP_CTRL_GCM_SET_TAG, Int32(tagSize), &expectedTag) == 1 else { return nil }
        let finalOK = plaintext.withUnsafeMutableBufferPointer { buffer in
            EVP_DecryptFinal_ex(context, buffer.baseAddress.map { $0 + written }, &length) > 0
        }
        guard finalOK else { return nil }
        written += Int(length)
        return Array(plaintext.prefix(written))
    }
}

/// SHA-256, used to derive the core's deterministic keys, nonces and tokens.
public enum SHA256Digest {
    public static func hash(_ bytes: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
        var size: UInt32 = 0
        if let md = LibCrypto.sha256, EVP_Digest(bytes, bytes.count, &digest, &size, md, nil) == 1 { return digest }
        // Unreachable with a working libcrypto; the one-shot call needs no fetched algorithm.
        _ = SHA256(bytes, bytes.count, &digest)
        return digest
    }

    public static func hash(_ text: String) -> [UInt8] { hash(Array(text.utf8)) }

    public static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for byte in bytes {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 15)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
