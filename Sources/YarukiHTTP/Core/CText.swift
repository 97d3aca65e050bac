extension String {
    /// The text a C function wrote into `buffer`, up to its terminating NUL (or the whole buffer).
    public init(nulTerminated buffer: [CChar]) {
        self.init(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
