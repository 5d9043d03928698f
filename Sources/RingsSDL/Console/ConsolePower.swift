import CDRM

/// The console's display power on KMS/DRM: the DPMS property of every connected connector that shows
/// a picture, set through the descriptor of the console's screen (DRM master, which setting it needs).
enum ConsolePower {
    /// Turns the connectors off or on; false where there is none to switch or the kernel refused.
    static func set(off: Bool, descriptor: Int32) -> Bool {
        let connectors = showing(descriptor)
        guard !connectors.isEmpty else { return false }
        var done = true
        for connector in connectors {
            let level = UInt64(off ? DRM_MODE_DPMS_OFF : DRM_MODE_DPMS_ON)
            if drmModeConnectorSetProperty(descriptor, connector.id, connector.property, level) != 0 { done = false }
        }
        return done
    }

    private struct Connector {
        let id: UInt32
        /// The id of its DPMS property.
        let property: UInt32
    }

    /// The connected connectors routed to a CRTC (the ones that show a picture; DPMS off keeps the
    /// route), with their DPMS property.
    private static func showing(_ descriptor: Int32) -> [Connector] {
        guard let resources = drmModeGetResources(descriptor) else { return [] }
        defer { drmModeFreeResources(resources) }
        var connectors: [Connector] = []
        for index in 0..<Int(resources.pointee.count_connectors) {
            let id = resources.pointee.connectors[index]
            guard let connector = drmModeGetConnector(descriptor, id) else { continue }
            let shows = connector.pointee.connection == DRM_MODE_CONNECTED && connector.pointee.encoder_id != 0
            drmModeFreeConnector(connector)
            if shows, let property = dpmsProperty(descriptor, connector: id) {
                connectors.append(Connector(id: id, property: property))
            }
        }
        return connectors
    }

    private static func dpmsProperty(_ descriptor: Int32, connector: UInt32) -> UInt32? {
        guard let properties = drmModeObjectGetProperties(descriptor, connector, UInt32(DRM_MODE_OBJECT_CONNECTOR)) else { return nil }
        defer { drmModeFreeObjectProperties(properties) }
        for index in 0..<Int(properties.pointee.count_props) {
            guard let property = drmModeGetProperty(descriptor, properties.pointee.props[index]) else { continue }
            defer { drmModeFreeProperty(property) }
            let name = withUnsafeBytes(of: property.pointee.name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name == "DPMS" { return property.pointee.prop_id }
        }
        return nil
    }
}
