/// Where other threads send what one connection is to receive: its event loop's mailbox, and its token there.
struct ReplySink: Sendable {
    /// The mailbox of the loop that owns the connection.
    let mailbox: LoopMailbox
    /// The connection's token in that loop.
    let token: UInt64

    /// Sends the reply (or batch part) that waited, for the place `address` keeps for it in the connection's
    /// reply order. From the store's writer, `deferringSignal` leaves the wake-up to the writer's end of batch
    /// (see `LoopMailbox.post(_:deferringSignal:)`).
    func deliver(_ bytes: [UInt8], to address: ReplyAddress, deferringSignal: Bool = false) {
        mailbox.post(
            .reply(connection: token, slot: address.slot, part: address.part, bytes: bytes),
            deferringSignal: deferringSignal)
    }

    /// Sends what the store made of a change, for the connection's loop to write as the reply; from the store's
    /// writer only, which wakes the loop at the end of its batch.
    func deliver(_ reply: ChangeReply, to address: ReplyAddress) {
        mailbox.post(
            .changed(connection: token, slot: address.slot, part: address.part, reply: reply), deferringSignal: true)
    }

    /// Sends `places.changed` lines of the subscription `generation`; from the store's writer only, which wakes
    /// the loop at the end of its batch.
    func deliverEvents(_ bytes: [UInt8], generation: UInt64) {
        mailbox.post(.events(connection: token, generation: generation, bytes: bytes), deferringSignal: true)
    }

    /// Tells the connection that its user's reply buffer has room again.
    func replyBudgetFreed() {
        mailbox.post(.replyBudgetFreed(connection: token))
    }
}

/// The place a waiting request's reply takes in its connection's reply order: a slot, and the part of it (the
/// element of a batch; 0 for a single request).
struct ReplyAddress: Sendable, Hashable {
    /// The slot's number in the connection's order of replies.
    let slot: UInt64
    /// The element within a batch's reply; 0 for a single request.
    let part: Int
}
