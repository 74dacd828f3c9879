"""Where the debug build's Swift modules are and the flags that let a tool outside SwiftPM
(swift-symbolgraph-extract, swiftc -typecheck) load them and the C modules they import."""
import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / ".build" / "debug"


def module_arguments():
    """Search paths for the Swift modules and every C module a module imports."""
    arguments = ["-I", str(BUILD / "Modules")]
    for modulemap in sorted(BUILD.glob("*.build/module.modulemap")):
        arguments += ["-Xcc", f"-fmodule-map-file={modulemap}"]
    for modulemap in sorted(ROOT.glob("Sources/*/module.modulemap")):
        arguments += ["-Xcc", f"-fmodule-map-file={modulemap}"]
    for include in sorted(ROOT.glob("Sources/*/include")):
        arguments += ["-I", str(include)]
    # System libraries whose headers live outside the default path (libpq's), as SwiftPM finds
    # them: through the pkg-config names Package.swift gives.
    for name in re.findall(r'pkgConfig: "([^"]+)"', (ROOT / "Package.swift").read_text()):
        flags = subprocess.run(["pkg-config", "--cflags-only-I", name], capture_output=True, text=True).stdout.split()
        for flag in flags:
            arguments += ["-Xcc", flag]
    return arguments
