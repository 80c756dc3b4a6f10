"""Makes the files the pages need that are our own generated output, not
typed by hand (issue #28):

- companion/static/media/keepawake.webm and keepawake.mp4: four seconds of black
  64x64 frames (VP8 in WebM, H.264 baseline in MP4), the muted looping
  video that keeps a phone awake on plain http where the Wake Lock API is
  missing.  Made by the ffmpeg binary that the PyPI package imageio-ffmpeg
  ships (pinned in pyproject.toml, extra ``assets``), bit-exact flags and no
  metadata, so a second run gives the same bytes.
- companion/static/icons/icon-192.png, icon-512.png, apple-touch-icon.png (180):
  companion/static/icons/companion.svg (drawn for the project) rendered by Debian's
  Chromium through Playwright.

Usage: scripts/make-assets  (the generated files are committed; the
server refuses to start without them)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STATIC = ROOT / "companion" / "static"
CHROMIUM = "/usr/bin/chromium"
ICONS = {"icon-192.png": 192, "icon-512.png": 512, "apple-touch-icon.png": 180}
#: black frames, 4 fps, 4 s: small, and long enough that a loop is not a busy seek
FRAMES = ["-f", "lavfi", "-i", "color=c=black:s=64x64:r=4:d=4", "-an",
          "-fflags", "+bitexact", "-flags:v", "+bitexact", "-map_metadata", "-1"]
MEDIA = {
    "keepawake.webm": ["-c:v", "libvpx", "-b:v", "4k", "-f", "webm"],
    "keepawake.mp4": ["-c:v", "libx264", "-profile:v", "baseline", "-pix_fmt", "yuv420p",
                      "-tune", "stillimage", "-movflags", "+faststart", "-f", "mp4"],
}


def media() -> None:
    import imageio_ffmpeg
    ffmpeg = imageio_ffmpeg.get_ffmpeg_exe()
    folder = STATIC / "media"
    folder.mkdir(exist_ok=True)
    for name, codec in MEDIA.items():
        subprocess.run([ffmpeg, "-hide_banner", "-loglevel", "error", "-y", *FRAMES, *codec,
                        str(folder / name)], check=True)
        print(f"companion/static/media/{name}: {(folder / name).stat().st_size} bytes")


def icons() -> None:
    from playwright.sync_api import sync_playwright
    svg = (STATIC / "icons" / "companion.svg").read_text()
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        for name, size in ICONS.items():
            page = browser.new_page(viewport={"width": size, "height": size})
            scaled = svg.replace('width="512" height="512"', f'width="{size}" height="{size}"')
            page.set_content(f"<html><body style='margin:0;background:#1d2b36'>{scaled}</body></html>")
            page.screenshot(path=str(STATIC / "icons" / name), clip={
                "x": 0, "y": 0, "width": size, "height": size})
            page.close()
            print(f"companion/static/icons/{name}: {size}x{size}")
        browser.close()


if __name__ == "__main__":
    which = sys.argv[1:] or ["media", "icons"]
    if "media" in which:
        media()
    if "icons" in which:
        icons()
