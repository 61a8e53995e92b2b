// FitCore's interface includes the wire's value types, JSONValue and WireDate, which FitWire defines beside the
// package-internal JSON and date code that reads and writes them.
@_exported import FitWire
