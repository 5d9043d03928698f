import RingsRaster
import Shaders

extension Chrome {
    /// How far the halo reaches past a letter: a logical pixel.
    var haloReach: Int { halo == nil ? 0 : max(1, Int(density.rounded())) }

    /// A text command with the halo under it: the letters' coverage grown by `haloReach`
    /// (`CoverageMask.dilated`) in the halo's colour, drawn once at its opacity. Other commands as they are.
    func haloed(_ command: DrawCommand) -> [DrawCommand] {
        guard let halo, let mask = command.shape as? CoverageMask else { return [command] }
        return [DrawCommand(shape: mask.dilated(by: haloReach), shader: SolidShader(halo)), command]
    }
}
