/// Marks shapes whose coverage is soft everywhere (blurs), so partial coverage does not make an edge.
public protocol SoftShape: Shape {}
