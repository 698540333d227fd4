import Testing
@testable import VCGraph

@Test func probe() throws {
  let cases = [
  """
  controllers:
    home: A
    home: B
  steps:
    - setRoot: home
  """,
  """
  controllers:
    home: A
  steps:
    - setRoot: home
      setRoot: home
  """,
  """
  controllers:
    home: A
  steps:
    - setRoot: home
    on: x
  """,
  """
  controllers: {home: A, "home": B}
  steps:
    - setRoot: home
  """,
  """
  controllers:
    home: A
  steps:
    - {setRoot: home, window: w}
    - on: x
      push: home
  """,
  ]
  for c in cases {
    print("----")
    do { let r = try replay(c); print(r.frames.map { $0.step.location }) } catch { print(error) }
  }
}
