/// Header fields every reply carries unless it sets its own of the same name (the server's
/// security headers), written out once: a reply copies one block of bytes instead of checking
/// and copying each field (the policy alone is 300 bytes a reply).
struct WrittenHeaders: Sendable {
    private let fields: [(name: String, bytes: [UInt8])]
    private let block: [UInt8]

    init(_ headers: HTTPHeaders) {
        let buffer = ByteBuffer()
        fields = headers.map { field in
            buffer.clear()
            buffer.writeHeader(field.name, field.value)  // nothing, when either holds CR, LF or NUL
            return (field.name, Array(buffer.bytes))
        }
        block = fields.flatMap(\.bytes)
    }

    /// The fields `headers` has none of, in their order.
    func write(into buffer: ByteBuffer, unlessIn headers: HTTPHeaders) {
        if !fields.contains(where: { headers.contains($0.name) }) {
            block.withUnsafeBytes { buffer.append($0) }
            return
        }
        for field in fields where !headers.contains(field.name) {
            field.bytes.withUnsafeBytes { buffer.append($0) }
        }
    }
}
