/// The version of `rings`, as `rings --version` and a fleet's status messages say it.
public let ringsVersion = "0.22.0"
