/// What a connection's requests run with: the dispatcher, who sent them, and where replies that wait come back.
struct RequestContext {
    /// Runs the requests.
    let dispatcher: Dispatcher
    /// The connection's client.
    let caller: Caller
    /// The connection's way back from other threads.
    let sink: ReplySink
}
