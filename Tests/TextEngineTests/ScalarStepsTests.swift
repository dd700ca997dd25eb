import Testing

@testable import TextEngine

/// `ScalarSteps` covers every scalar of a text of eight or more, the last step overlapping the
/// one before, and stops when asked to.
@Suite struct ScalarStepsTests {
  func starts(count: Int, stoppingAfter limit: Int = .max) -> (starts: [Int], finished: Bool) {
    let codes = (0..<count).map(UInt32.init)
    var starts: [Int] = []
    let finished = codes.withUnsafeBufferPointer { codes in
      ScalarSteps.forEachStep(
        of: codes, where: { _ in true },
        then: { start in
          starts.append(start)
          return starts.count < limit
        })
    }
    return (starts, finished)
  }

  @Test func stepsCoverEveryScalarOnceThenOverlapAtTheEnd() {
    #expect(starts(count: 8).starts == [0])
    #expect(starts(count: 9).starts == [0, 1])
    #expect(starts(count: 16).starts == [0, 8])
    #expect(starts(count: 21).starts == [0, 8, 13])
    for count in 8..<40 {
      let (found, finished) = starts(count: count)
      #expect(finished)
      let covered = Set(found.flatMap { $0..<($0 + 8) })
      #expect(covered == Set(0..<count), "\(count)")
      #expect(found == found.sorted() && Set(found).count == found.count, "\(count)")
    }
  }

  @Test func onlyMatchingStepsReachTheBodyAndTheBodyStopsTheScan() {
    #expect(starts(count: 40, stoppingAfter: 2) == ([0, 8], false))
    // A scalar at 20 lies in the third step only (16..<24).
    let codes = (0..<30).map { $0 == 20 ? UInt32(0x2D) : 0x61 }
    var starts: [Int] = []
    _ = codes.withUnsafeBufferPointer { codes in
      ScalarSteps.forEachStep(
        of: codes, where: { any($0 .== SIMD8(repeating: 0x2D)) },
        then: { start in
          starts.append(start)
          return true
        })
    }
    #expect(starts == [16])
  }
}
