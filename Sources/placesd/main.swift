import Glibc
import PlacesServer
import PlacesSystem

exit(Daemon.main(arguments: CommandLine.arguments, environment: ProcessEnvironment.current()))
