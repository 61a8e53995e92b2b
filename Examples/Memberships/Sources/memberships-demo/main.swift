import FitDemoKit
import Foundation
import MembershipsDemo

// fit-demo with the app's feature: `swift run memberships-demo` runs FitKit's tour and then the Memberships section;
// `swift run memberships-demo memberships --pause monthly` runs the app's subcommand.
let status = await FitDemo.run(
    arguments: Array(CommandLine.arguments.dropFirst()), environment: .live(),
    extensions: [MembershipsDemo.demoExtension])
exit(status)
