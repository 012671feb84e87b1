// The Linux backend of Crypto.swift: AES-256-GCM and SHA-256 with OpenSSL's libcrypto.
//
// libcrypto's AES block cipher, its GCM mode (`CRYPTO_gcm128_*`) and its SHA-256 are called
// directly rather than through EVP: EVP's first use in a process loads the default provider
// and fetches the algorithm from it, about 6.7 million instructions, more than the rest of a
// short `scn run` (docs/PERFORMANCE.md). The bytes are the same (the tests check the GCM
// specification's test vectors and compare with EVP).
#if canImport(CCrypto)
    import CCrypto
    import Synchronization

    enum CryptoBackend {
        /// Runs `body` with GCM set up for `key` and `nonce` and `aad` absorbed; nil when
        /// libcrypto refuses.
        private static func withGCM<T>(
            key: [UInt8], nonce: [UInt8], aad: [UInt8], _ body: (OpaquePointer) -> T?
        ) -> T? {
            guard let prepared = preparedKeys.value(KeyBytes(bytes: key), { PreparedKey(key: $0.bytes) }) else {
                return nil
            }
            return prepared.withContext { gcm in
                CRYPTO_gcm128_setiv(gcm, nonce, nonce.count)
                if !aad.isEmpty, CRYPTO_gcm128_aad(gcm, aad, aad.count) != 0 { return nil }
                return body(gcm)
            }
        }

        /// Every key prepared so far (a case uses one or two).
        private static let preparedKeys = Derivations<KeyBytes, PreparedKey?>(limit: 64)

        /// A key as a dictionary key: hashed as one run of bytes (an array hashes byte by byte).
        private struct KeyBytes: Hashable, Sendable {
            var bytes: [UInt8]
            func hash(into hasher: inout Hasher) { bytes.withUnsafeBytes { hasher.combine(bytes: $0) } }
        }

        static func seal(
            _ plaintext: [UInt8], key: [UInt8], nonce: [UInt8], aad: [UInt8]
        ) -> (ciphertext: [UInt8], tag: [UInt8])? {
            withGCM(key: key, nonce: nonce, aad: aad) { gcm in
                var ciphertext = [UInt8](repeating: 0, count: plaintext.count)
                if !plaintext.isEmpty, CRYPTO_gcm128_encrypt(gcm, plaintext, &ciphertext, plaintext.count) != 0 {
                    return nil
                }
                var tag = [UInt8](repeating: 0, count: AESGCM.tagSize)
                CRYPTO_gcm128_tag(gcm, &tag, AESGCM.tagSize)
                return (ciphertext, tag)
            }
        }

        static func open(
            _ ciphertext: [UInt8], tag: [UInt8], key: [UInt8], nonce: [UInt8], aad: [UInt8]
        ) -> [UInt8]? {
            withGCM(key: key, nonce: nonce, aad: aad) { gcm in
                var plaintext = [UInt8](repeating: 0, count: ciphertext.count)
                if !ciphertext.isEmpty, CRYPTO_gcm128_decrypt(gcm, ciphertext, &plaintext, ciphertext.count) != 0 {
                    return nil
                }
                // Compares in constant time; 0 when the tag is right.
                guard CRYPTO_gcm128_finish(gcm, tag, AESGCM.tagSize) == 0 else { return nil }
                return plaintext
            }
        }

        static func sha256(_ bytes: [UInt8]) -> [UInt8] {
            var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
            var context = SHA256_CTX()
            // These return 1, and cannot fail on memory the caller owns.
            _ = SHA256_Init(&context)
            _ = SHA256_Update(&context, bytes, bytes.count)
            _ = SHA256_Final(&digest, &context)
            return digest
        }
    }

    /// One AES-256 key with its GCM contexts, set up once: the key schedule and GCM's hash key
    /// (an AES block and a table) cost more than sealing a short field. `setiv` starts a context
    /// afresh, so a context is reused for any nonce.
    ///
    /// `@unchecked Sendable`: the schedule is written in `init` and only read after; each context
    /// is used by one caller at a time (taken from `idle`, put back when done).
    private final class PreparedKey: @unchecked Sendable {
        private let schedule: UnsafeMutablePointer<AES_KEY>
        private let idle = Mutex<[Context]>([])

        /// A `GCM128_CONTEXT` over `schedule`.
        private struct Context: @unchecked Sendable { var pointer: OpaquePointer }

        /// nil when libcrypto refuses the key.
        init?(key: [UInt8]) {
            schedule = .allocate(capacity: 1)
            guard AES_set_encrypt_key(key, 256, schedule) == 0 else {
                schedule.deallocate()
                return nil
            }
        }

        deinit {
            for context in idle.withLock({ $0 }) { CRYPTO_gcm128_release(context.pointer) }
            OPENSSL_cleanse(schedule, MemoryLayout<AES_KEY>.size)
            schedule.deallocate()
        }

        /// Runs `body` with a context no one else is using; nil when libcrypto cannot make one.
        func withContext<T>(_ body: (OpaquePointer) -> T?) -> T? {
            guard let context = idle.withLock({ $0.popLast() }) ?? scn_gcm128_new_aes(schedule).map(Context.init)
            else { return nil }
            defer { idle.withLock { $0.append(context) } }
            return body(context.pointer)
        }
    }
#endif
