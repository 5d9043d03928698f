import CDRM

/// The console's display power on KMS/DRM: the DPMS property of every connected connector that shows
/// a picture, set through the device descriptor SDL draws with (DRM master, which setting it needs).
/// Each connector's DPMS is put back as it was found.
struct ConsolePower {
    /// Each switched connector's DPMS value when rings first switched it.
    private var found: [UInt32: UInt64] = [:]

    /// Turns the connectors off or on; false where there is none to switch or the kernel refused.
    mutating func set(off: Bool, descriptor: Int32) -> Bool {
        let connectors = ConsolePower.showing(descriptor)
        guard !connectors.isEmpty else { return false }
        var done = true
        for connector in connectors {
            if found[connector.id] == nil { found[connector.id] = connector.dpms }
            let level = UInt64(off ? DRM_MODE_DPMS_OFF : DRM_MODE_DPMS_ON)
            if drmModeConnectorSetProperty(descriptor, connector.id, connector.property, level) != 0 { done = false }
        }
        return done
    }

    /// Each switched connector's DPMS as it was found.
    func restore(descriptor: Int32) {
        for connector in ConsolePower.showing(descriptor) {
            if let level = found[connector.id], level != connector.dpms {
                _ = drmModeConnectorSetProperty(descriptor, connector.id, connector.property, level)
            }
        }
    }

    private struct Connector {
        let id: UInt32
        /// The id of its DPMS property, and the property's value now.
        let property: UInt32, dpms: UInt64
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
            if shows, let dpms = dpmsProperty(descriptor, connector: id) {
                connectors.append(Connector(id: id, property: dpms.property, dpms: dpms.value))
            }
        }
        return connectors
    }

    private static func dpmsProperty(_ descriptor: Int32, connector: UInt32) -> (property: UInt32, value: UInt64)? {
        guard let properties = drmModeObjectGetProperties(descriptor, connector, UInt32(DRM_MODE_OBJECT_CONNECTOR)) else { return nil }
        defer { drmModeFreeObjectProperties(properties) }
        for index in 0..<Int(properties.pointee.count_props) {
            guard let property = drmModeGetProperty(descriptor, properties.pointee.props[index]) else { continue }
            defer { drmModeFreeProperty(property) }
            let name = withUnsafeBytes(of: property.pointee.name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name == "DPMS" { return (property.pointee.prop_id, properties.pointee.prop_values[index]) }
        }
        return nil
    }
}
