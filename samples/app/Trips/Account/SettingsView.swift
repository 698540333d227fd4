import SwiftUI

/// The settings screen, in SwiftUI; the account coordinator hosts it.
struct SettingsView: View {
  @ObservedObject var model: SettingsModel

  var body: some View {
    Form {
      Toggle("Offline maps", isOn: $model.offlineMaps)
      Toggle("Share location", isOn: $model.shareLocation)
    }
  }
}

final class SettingsModel: ObservableObject {
  @Published var offlineMaps = false
  @Published var shareLocation = true
}
