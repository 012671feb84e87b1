// The macOS backend of Crypto.swift: Apple's CryptoKit, part of the OS, so a Mac needs no
// OpenSSL. Package.swift links libcrypto (CCrypto) on Linux only, so here `canImport(CCrypto)`
// is false and this file is the one compiled.
//
// Not compiled by CI, which runs on Linux: the README says so. The calls are CryptoKit's
// documented API (AES.GCM.seal/open with a 12-byte nonce, SHA256.hash).
#if !canImport(CCrypto) && canImport(CryptoKit)
    import CryptoKit
    import Foundation

    enum CryptoBackend {
        static func seal(
            _ plaintext: [UInt8], key: [UInt8], nonce: [UInt8], aad: [UInt8]
        ) -> (ciphertext: [UInt8], tag: [UInt8])? {
            do {
                let box = try AES.GCM.seal(
                    plaintext, using: SymmetricKey(data: key), nonce: try AES.GCM.Nonce(data: nonce),
                    authenticating: aad)
                return (Array(box.ciphertext), Array(box.tag))
            } catch {
                return nil
            }
        }

        static func open(
            _ ciphertext: [UInt8], tag: [UInt8], key: [UInt8], nonce: [UInt8], aad: [UInt8]
        ) -> [UInt8]? {
            do {
                let box = try AES.GCM.SealedBox(
                    nonce: try AES.GCM.Nonce(data: nonce), ciphertext: ciphertext, tag: tag)
                return Array(try AES.GCM.open(box, using: SymmetricKey(data: key), authenticating: aad))
            } catch {
                return nil
            }
        }

        static func sha256(_ bytes: [UInt8]) -> [UInt8] { Array(SHA256.hash(data: bytes)) }
    }
#endif
