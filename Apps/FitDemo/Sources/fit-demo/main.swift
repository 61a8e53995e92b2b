import FitDemoKit
import Foundation

// The thin executable: everything lives in FitDemoKit, so tests run the same commands in-process.
let status = await FitDemo.run(arguments: Array(CommandLine.arguments.dropFirst()), environment: .live())
exit(status)
