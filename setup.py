"""The build hook: the wheel (and the sdist) carry the Socket.IO browser
client, copied from the pinned npm package (package-lock.json) into
companion/static/vendor/ at build time, never committed, and the lean
copies of our scripts and styles (companion/static/lean/, made by
companion/transport/lean.py), never committed either.  Where the file
is not there yet (a Dockerfile copies it from its Node stage), it comes
from node_modules, after `npm ci --omit=dev` if that is missing too."""
import os
import shutil
import subprocess
import sys

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.command.sdist import sdist

HERE = os.path.dirname(os.path.abspath(__file__))
CLIENT = os.path.join("socket.io-client", "dist", "socket.io.min.js")
TARGET = os.path.join(HERE, "companion", "static", "vendor", "socket.io.min.js")


def browser_client() -> None:
    source = os.path.join(HERE, "node_modules", CLIENT)
    if not os.path.isfile(source) and os.path.isfile(TARGET):
        return   # an sdist, or a build stage that brought the file
    if not os.path.isfile(source):
        if not shutil.which("npm"):
            raise SystemExit(f"building companion needs {CLIENT} from npm: install Node.js "
                             "and npm, or put the file at companion/static/vendor/")
        subprocess.run(["npm", "ci", "--omit=dev", "--no-audit", "--no-fund"], cwd=HERE, check=True)
    os.makedirs(os.path.dirname(TARGET), exist_ok=True)
    shutil.copyfile(source, TARGET)


def lean_copies() -> None:
    # run as a script: the package's requirements are not installed at build time
    subprocess.run([sys.executable, "-P", os.path.join(HERE, "companion", "transport", "lean.py")],
                   check=True, stdout=subprocess.DEVNULL)


class BuildWithClient(build_py):
    def run(self):
        browser_client()
        lean_copies()
        super().run()


class SdistWithClient(sdist):
    def run(self):
        browser_client()
        super().run()


setup(cmdclass={"build_py": BuildWithClient, "sdist": SdistWithClient})
