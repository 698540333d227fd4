import Foundation
import VCGraphJobs

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes a line to standard error.
func printError(_ message: String) {
  FileHandle.standardError.write(Data((message + "\n").utf8))
}

/// Writes an export to standard output, as it is. When nothing reads it any more (`| head`), the
/// command ends there quietly, as a shell's commands do (status 141), its workers stopped first.
func printExport(_ data: Data) {
  data.withUnsafeBytes { buffer in
    var offset = 0
    while offset < buffer.count {
      let written = write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
      if written < 0, errno == EINTR { continue }
      guard written > 0 else {
        ChildProcess.stopAll()
        exit(128 + SIGPIPE)
      }
      offset += written
    }
  }
}
