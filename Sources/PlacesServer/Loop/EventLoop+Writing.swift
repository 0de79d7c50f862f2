import PlacesSystem

extension EventLoop {
    /// Writes pending replies; returns false when the connection is broken.
    func flush(_ connection: Connection) -> Bool {
        while connection.canWrite && connection.output.bytes.count > connection.sentCount {
            let written: Int?
            let remaining = connection.output.bytes.count - connection.sentCount
            do {
                written = try connection.output.bytes.withUnsafeBytes { bytes throws(SystemError) in
                    try connection.fd.write(UnsafeRawBufferPointer(rebasing: bytes[connection.sentCount...]))
                }
            } catch {
                context.logger.debug("Client uid \(connection.caller.uid): \(error)")
                return false
            }
            guard let written else {
                connection.canWrite = false
                break
            }
            connection.sentCount += written
            // A stream socket that took less than it was given is full; it raises a new edge when it has room.
            if written < remaining { connection.canWrite = false }
        }
        connection.discardSentOutput(budgets: context.replyBudgets)
        return true
    }
}
