#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Lines cut from bytes as they come, each byte searched for a newline once: a line of 200 MB
/// costs what it holds, not its square, and a line longer than ``limit`` is refused as soon as
/// that many bytes are in, without waiting for its end.
///
/// Both ends of the worker wire read with it: the worker its tasks, the job the worker's reports.
struct LineReader {
  /// A line longer than the reader takes.
  struct TooLong: Error {
    var limit: Int
  }

  /// The longest line taken, in bytes, without its newline.
  var limit: Int
  private var buffer: [UInt8] = []
  /// Where the first byte not yet taken as a line is.
  private var start = 0
  /// Where the search for the next newline goes on from: every byte before it is searched already.
  private var searched = 0
  /// How many bytes were searched for a newline so far: each once, whatever the reads' sizes.
  private(set) var bytesSearched = 0

  init(limit: Int) {
    self.limit = limit
  }

  /// Adds bytes read.
  mutating func append(_ bytes: [UInt8]) {
    // Once most of the buffer is taken, the rest moves to the front: each byte moves at most once
    // more, so appending stays linear.
    if start > 0, start >= buffer.count / 2 {
      buffer.removeSubrange(..<start)
      searched -= start
      start = 0
    }
    buffer.append(contentsOf: bytes)
  }

  /// The next whole line, without its newline; nil while no line is whole.
  ///
  /// - Throws: ``TooLong`` as soon as the line being read holds more than ``limit`` bytes.
  mutating func next() throws(TooLong) -> [UInt8]? {
    guard let newline = buffer[searched...].firstIndex(of: UInt8(ascii: "\n")) else {
      bytesSearched += buffer.count - searched
      searched = buffer.count
      if buffer.count - start > limit { throw TooLong(limit: limit) }
      return nil
    }
    bytesSearched += newline + 1 - searched
    guard newline - start <= limit else { throw TooLong(limit: limit) }
    let line = Array(buffer[start..<newline])
    start = newline + 1
    searched = start
    return line
  }

  /// The bytes received and not taken as a line.
  var pending: ArraySlice<UInt8> { buffer[start...] }
}

/// Lines read from a file descriptor as they come, blocking: a worker's tasks, read as soon as
/// each is sent, while its input stays open for the next.
struct DescriptorLines {
  let descriptor: Int32
  private(set) var reader: LineReader
  private(set) var isAtEnd = false

  init(descriptor: Int32, limit: Int) {
    self.descriptor = descriptor
    reader = LineReader(limit: limit)
  }

  /// The longest line the next calls take.
  var limit: Int {
    get { reader.limit }
    set { reader.limit = newValue }
  }

  /// The next line, without its newline; nil at the end of the input (a last line without a
  /// newline is dropped: the job ends every line).
  mutating func next() throws(LineReader.TooLong) -> [UInt8]? {
    while true {
      if let line = try reader.next() { return line }
      guard !isAtEnd, fill() else { return nil }
    }
  }

  /// The bytes read and not taken as a line yet.
  var pending: ArraySlice<UInt8> { reader.pending }

  /// Reads what is there, blocking until something is; false at the end of the input.
  mutating func fill() -> Bool {
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    var count: Int
    repeat { count = read(descriptor, &buffer, buffer.count) } while count < 0 && errno == EINTR
    guard count > 0 else {
      isAtEnd = true
      return false
    }
    buffer.removeSubrange(count...)
    reader.append(buffer)
    return true
  }
}
