/// What an `XMLStream` hands a document's elements and text to.
public protocol XMLStreamHandler: AnyObject {
    /// An element opened; `tag` is valid only during the call.
    func start(_ tag: XMLStartTag)
    /// The innermost open element ended.
    func end()
    /// Text inside the innermost open element (one element's text may come in several calls); valid only during
    /// the call.
    func characters(_ text: UnsafeBufferPointer<UInt8>)
}
