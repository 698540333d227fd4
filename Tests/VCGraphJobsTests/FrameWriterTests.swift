import Foundation
import Testing
import VCGraph

@testable import VCGraphJobs
@testable import VCGraphviz

/// The thread that writes a render's frames while the next are drawn: every file written, each
/// entry handed back in order and only once its files are there, the first failure thrown, and
/// nothing written after it stops.
@Suite struct FrameWriterTests {
  private func frame(_ number: Int, names: [String]? = nil) -> RenderedFrame {
    let names = names ?? ["\(number).svg", "\(number)~dark.svg"]
    return RenderedFrame(
      files: names.map { ($0, Data("frame \(number) \($0)\n".utf8)) },
      entry: RenderIndex.Entry(
        number: number, action: "step \(number)", caption: nil,
        files: Dictionary(uniqueKeysWithValues: names.map { ($0, $0) })))
  }

  private func scratchFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("frame-writer-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  @Test func writesEveryFrameAndHandsEachEntryBackInOrderOnceItsFilesAreThere() throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let writer = FrameWriter(into: folder)
    defer { writer.stop() }
    var handedBack: [Int] = []
    func check(_ entries: [RenderIndex.Entry]) {
      for entry in entries {
        handedBack.append(entry.number)
        for name in entry.files.values {
          let contents = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path)
          #expect(contents == Data("frame \(entry.number) \(name)\n".utf8), "\(name) not written before its entry")
        }
      }
    }
    // More frames than may wait: the writer makes the drawing wait rather than keep them all.
    let count = FrameWriter.limit * 3 + 5
    for number in 1...count { check(try writer.write(frame(number))) }
    let (rest, _) = try writer.finish()
    check(rest)
    #expect(handedBack == Array(1...count))
    let written = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(written.count == count * 2)
  }

  /// The frames' files made ahead, empty, while no frame waits: each frame's files then hold that
  /// frame's bytes, a file made ahead and one that was not alike, and no other file is left.
  @Test func filesMadeAheadHoldTheirFramesOnceWritten() throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let count = 40
    // The last frame's files are not named ahead.
    let ahead = (1..<count).flatMap { ["\($0).svg", "\($0)~dark.svg"] }
    let writer = FrameWriter(into: folder, creatingAhead: ahead)
    defer { writer.stop() }
    var entries: [RenderIndex.Entry] = []
    for number in 1...count { entries += try writer.write(frame(number)) }
    entries += try writer.finish().entries
    #expect(entries.map(\.number) == Array(1...count))
    let written = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(written.count == count * 2)
    for number in 1...count {
      for name in ["\(number).svg", "\(number)~dark.svg"] {
        let contents = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path)
        #expect(contents == Data("frame \(number) \(name)\n".utf8), "\(name)")
      }
    }
  }

  /// Stopped, the writer makes no more files ahead: what is in the folder once `stop()` returns
  /// stays as it is. (The files are made by a thread of their own, which `stop()` waits for.)
  @Test func stoppingEndsTheFilesMadeAhead() throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let writer = FrameWriter(into: folder, creatingAhead: (1...5000).map { "\($0).svg" })
    writer.stop()
    #expect(!writer.isMakingFiles)
    let atStop = try FileManager.default.contentsOfDirectory(atPath: folder.path).count
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == atStop)
  }

  /// Finished, the writer has written every frame and makes no more files ahead either: a frame
  /// written before the file maker reached its name is not left empty, and no file named ahead for
  /// a frame that never came appears once `finish()` returns.
  @Test func finishingEndsTheFilesMadeAhead() throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let writer = FrameWriter(into: folder, creatingAhead: (1...5000).map { "\($0).svg" })
    defer { writer.stop() }
    for number in 1...3 { _ = try writer.write(frame(number)) }
    _ = try writer.finish()
    #expect(!writer.isMakingFiles)
    for number in 1...3 {
      let contents = FileManager.default.contents(atPath: folder.appendingPathComponent("\(number).svg").path)
      #expect(contents == Data("frame \(number) \(number).svg\n".utf8))
    }
    let atFinish = try FileManager.default.contentsOfDirectory(atPath: folder.path).count
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == atFinish)
  }

  @Test func theFirstFileThatCannotBeWrittenStopsTheWritingAndIsThrown() throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let writer = FrameWriter(into: folder)
    defer { writer.stop() }
    var handedBack: [Int] = []
    var thrown: OutputDirectory.WriteError?
    // Frame 3's second file goes into a folder that does not exist.
    for number in 1...(FrameWriter.limit * 2) {
      let names = number == 3 ? ["3.svg", "missing/3.png"] : nil
      do {
        handedBack += try writer.write(frame(number, names: names)).map(\.number)
      } catch {
        thrown = error
        break
      }
    }
    if thrown == nil {
      do {
        handedBack += try writer.finish().entries.map(\.number)
      } catch {
        thrown = error
      }
    }
    #expect(thrown?.path == folder.appendingPathComponent("missing/3.png").path)
    #expect(thrown.map { "\($0)" }?.contains("No such file or directory") == true)
    // Entries come back only for frames before the failure (those written just before it may not
    // come back at all: the failed render is thrown away).
    #expect(handedBack == Array(1..<(handedBack.count + 1)) && handedBack.count <= 2, "\(handedBack)")
    // Nothing after the failure was written.
    let written = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
    #expect(!written.contains("4.svg"))
    #expect(written.isSuperset(of: ["1.svg", "1~dark.svg", "2.svg", "2~dark.svg", "3.svg"]))
  }

  @Test func nothingIsWrittenAfterItStops() throws {
    let folder = try scratchFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let writer = FrameWriter(into: folder)
    var handedBack = 0
    for number in 1...FrameWriter.limit { handedBack += try writer.write(frame(number)).count }
    writer.stop()
    // Stopped, its thread has ended: what is in the folder now stays as it is.
    let afterStop = try FileManager.default.contentsOfDirectory(atPath: folder.path).count
    #expect(afterStop <= FrameWriter.limit * 2)
    #expect(afterStop >= handedBack * 2)
    #expect(throws: Never.self) { try writer.finish() }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).count == afterStop)
  }
}
