import Glibc
import PlacesCLI

exit(PlacesCLI.run(arguments: CommandLine.arguments, environment: PlacesCLI.processEnvironment()))
