import Baseline
import Testing

@Suite struct SHA256Tests {
  @Test(arguments: [
    ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    (
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
    ),
  ])
  func knownDigests(message: String, digest: String) {
    #expect(SHA256.hex(of: Array(message.utf8)) == digest)
  }

  @Test func piecewiseUpdatesEqualOneUpdate() {
    let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
    for split in [0, 1, 63, 64, 65, 500, 999] {
      var hash = SHA256()
      hash.update(Array(bytes[..<split]))
      hash.update(Array(bytes[split...]))
      #expect(hash.finalizeHex() == SHA256.hex(of: bytes))
    }
    // A million "a"s (FIPS 180-2 appendix B.3).
    var million = SHA256()
    let chunk = [UInt8](repeating: 0x61, count: 1000)
    for _ in 0..<1000 { million.update(chunk) }
    #expect(million.finalizeHex() == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }
}
