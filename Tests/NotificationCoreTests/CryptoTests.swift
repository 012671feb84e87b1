import Testing

@testable import Edna
@testable import Kindly
@testable import NotificationCore

@Suite("Crypto")
struct CryptoTests {
    static func bytes(_ hex: String) -> [UInt8] {
        var out: [UInt8] = []
        var iterator = hex.makeIterator()
        while let high = iterator.next(), let low = iterator.next() {
            out.append(UInt8(String([high, low]), radix: 16) ?? 0)
        }
        return out
    }

    let key = SHA256Digest.hash("test key")
    let nonce = Array(SHA256Digest.hash("test nonce").prefix(12))

    @Test("AES-256-GCM matches the GCM specification's test cases 13 and 14")
    func knownAnswers() throws {
        let zeroKey = [UInt8](repeating: 0, count: 32)
        let zeroNonce = [UInt8](repeating: 0, count: 12)
        let empty = try #require(AESGCM.seal([], key: zeroKey, nonce: zeroNonce))
        #expect(empty.ciphertext.isEmpty)
        #expect(empty.tag == Self.bytes("530f8afbc74536b9a963b4f1c4cb738b"))
        let block = try #require(AESGCM.seal([UInt8](repeating: 0, count: 16), key: zeroKey, nonce: zeroNonce))
        #expect(block.ciphertext == Self.bytes("cea7403d4d606b6e074ec5d3baf39d18"))
        #expect(block.tag == Self.bytes("d0d1c8a799996bf0265b98b5d48ab919"))
    }

    @Test("AES-256-GCM matches the GCM specification's test cases 15 and 16 (four blocks; associated data)")
    func knownAnswersWithData() throws {
        let key = Self.bytes("feffe9928665731c6d6a8f9467308308feffe9928665731c6d6a8f9467308308")
        let nonce = Self.bytes("cafebabefacedbaddecaf888")
        let plaintext = Self.bytes(
            "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a72"
                + "1c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b391aafd255")
        let ciphertext = Self.bytes(
            "522dc1f099567d07f47f37a32a84427d643a8cdcbfe5c0c97598a2bd2555d1aa"
                + "8cb08e48590dbb3da7b08b1056828838c5f61e6393ba7a0abcc9f662898015ad")
        let whole = try #require(AESGCM.seal(plaintext, key: key, nonce: nonce))
        #expect(whole.ciphertext == ciphertext)
        #expect(whole.tag == Self.bytes("b094dac5d93471bdec1a502270e3cc6c"))

        let aad = Self.bytes("feedfacedeadbeeffeedfacedeadbeefabaddad2")
        let partial = try #require(
            AESGCM.seal(Array(plaintext.prefix(60)), key: key, nonce: nonce, authenticating: aad))
        #expect(partial.ciphertext == Array(ciphertext.prefix(60)))
        #expect(partial.tag == Self.bytes("76fc6ece0f4e1768cddf8853bb2d551b"))
        #expect(
            AESGCM.open(partial.ciphertext, tag: partial.tag, key: key, nonce: nonce, authenticating: aad)
                == Array(plaintext.prefix(60)))
    }

    @Test("encryption round-trips through libcrypto")
    func roundTrip() throws {
        for text in ["", "A", "Hi there", String(repeating: "long message ", count: 100), "émoji 😀"] {
            let sealed = try #require(AESGCM.seal(Array(text.utf8), key: key, nonce: nonce, authenticating: [1, 2, 3]))
            #expect(sealed.ciphertext.count == text.utf8.count)
            let opened = AESGCM.open(
                sealed.ciphertext, tag: sealed.tag, key: key, nonce: nonce, authenticating: [1, 2, 3])
            #expect(opened == Array(text.utf8))
        }
    }

    @Test("a flipped bit in the nonce, the ciphertext or the tag fails authentication")
    func flippedBits() throws {
        let sealed = try #require(AESGCM.seal(Array("Hi there".utf8), key: key, nonce: nonce))
        for bit in 0..<8 {
            var badNonce = nonce
            badNonce[bit % badNonce.count] ^= 1 << bit
            #expect(AESGCM.open(sealed.ciphertext, tag: sealed.tag, key: key, nonce: badNonce) == nil)
            var badCiphertext = sealed.ciphertext
            badCiphertext[bit % badCiphertext.count] ^= 1 << bit
            #expect(AESGCM.open(badCiphertext, tag: sealed.tag, key: key, nonce: nonce) == nil)
            var badTag = sealed.tag
            badTag[bit] ^= 1 << bit
            #expect(AESGCM.open(sealed.ciphertext, tag: badTag, key: key, nonce: nonce) == nil)
        }
    }

    @Test("the wrong key, other associated data or wrong sizes fail")
    func wrongInputs() throws {
        let sealed = try #require(AESGCM.seal(Array("x".utf8), key: key, nonce: nonce, authenticating: [7]))
        #expect(
            AESGCM.open(
                sealed.ciphertext, tag: sealed.tag, key: SHA256Digest.hash("other"), nonce: nonce, authenticating: [7])
                == nil)
        #expect(AESGCM.open(sealed.ciphertext, tag: sealed.tag, key: key, nonce: nonce, authenticating: [8]) == nil)
        #expect(AESGCM.open(sealed.ciphertext, tag: sealed.tag, key: key, nonce: Array(nonce.prefix(11))) == nil)
        #expect(AESGCM.open(sealed.ciphertext, tag: Array(sealed.tag.prefix(15)), key: key, nonce: nonce) == nil)
        #expect(AESGCM.seal([1], key: Array(key.prefix(16)), nonce: nonce) == nil)
    }

    @Test("SHA-256 of 'abc', of nothing, and of two blocks (FIPS 180-2's examples)")
    func sha256() {
        #expect(
            SHA256Digest.hex(SHA256Digest.hash("abc"))
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            SHA256Digest.hex(SHA256Digest.hash(""))
                == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            SHA256Digest.hex(SHA256Digest.hash("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    @Test("base64 round-trips and rejects what is not canonical")
    func base64() {
        for length in 0..<20 {
            let data = (0..<length).map { UInt8(($0 * 37 + 11) & 0xFF) }
            #expect(Base64.decode(Base64.encode(data)) == data)
        }
        #expect(Base64.encode(Array("foobar".utf8)) == "Zm9vYmFy")
        #expect(Base64.encode(Array("fo".utf8)) == "Zm8=")
        for bad in ["Zm8", "Zm=8", "Z===", "Zm9=", "Zm8==", "Zm 8", "Zm8-", "=Zm8"] {
            #expect(Base64.decode(bad) == nil, "\(bad)")
        }
    }

    @Test("the Kindly payload decrypts with the installation's key, and not after tampering")
    func kindlyPayload() throws {
        let key = KindlyServer.makeKey(installation: 1)
        let message = KindlyMessage(chatID: "chat-9", title: "Anna", body: "Hi there")
        let built = try #require(
            KindlyPayload.make(
                message, type: .visible, key: key, installation: 1, number: 1, tampered: false, missing: nil))
        #expect(KindlyPayload.decrypt(built.payload, key: .success(key)) == .success(message))
        let tampered = try #require(
            KindlyPayload.make(
                message, type: .visible, key: key, installation: 1, number: 1, tampered: true, missing: nil))
        #expect((try? KindlyPayload.decrypt(tampered.payload, key: .success(key)).get()) == nil)
        // Swapping two sealed fields fails: each field is bound to its name.
        let kindly = try #require(built.payload["kindly"])
        let swapped = built.payload.setting("kindly", to: kindly.setting("title", to: try #require(kindly["body"])))
        #expect((try? KindlyPayload.decrypt(swapped, key: .success(key)).get()) == nil)
    }
}
