import FoundationEssentials
import Glibc
import RingsRaster

extension RGB8 {
    /// The colour in CIE L*a*b* (sRGB, D65 white).
    var lab: (l: Double, a: Double, b: Double) {
        func linear(_ v: UInt8) -> Double {
            let c = Double(v) / 255
            return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        let (r, g, b) = (linear(self.r), linear(self.g), linear(self.b))
        func f(_ t: Double) -> Double { t > 216.0 / 24389 ? cbrt(t) : (24389.0 / 27 * t + 16) / 116 }
        let x = f((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047), y = f(0.2126 * r + 0.7152 * g + 0.0722 * b)
        let z = f((0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883)
        return (116 * y - 16, 500 * (x - y), 200 * (y - z))
    }

    /// How far apart two colours look: CIE76's ΔE, the distance in L*a*b* (about 2.3 is just noticeable).
    public func distance(to other: RGB8) -> Double {
        let p = lab, q = other.lab
        return ((p.l - q.l) * (p.l - q.l) + (p.a - q.a) * (p.a - q.a) + (p.b - q.b) * (p.b - q.b)).squareRoot()
    }
}
