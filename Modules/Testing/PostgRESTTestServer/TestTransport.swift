import FitSupabase
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension PostgRESTTestServer {
    /// The transport FitKit's tests give the FitSupabase clients they point at a test server: one URLSession for
    /// the whole test process (a session per client would start hundreds), whose idle timeout is a guard against a
    /// hang sized for a loaded machine, like the suites' time limits: the default 60 seconds is too short for a
    /// request whose task waits behind hundreds of parallel cases on a machine with both cores busy
    /// (`scripts/stress-ci.sh`).
    public static let clientTransport: URLSessionPostgRESTTransport = {
        let configuration = URLSessionPostgRESTTransport.sessionConfiguration(requestTimeout: 600)
        return URLSessionPostgRESTTransport(session: URLSession(configuration: configuration))
    }()
}
