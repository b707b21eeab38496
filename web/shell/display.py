"""The page's look and sound: the light or dark theme, and short synthesised sounds.

The theme follows the system (``prefers-color-scheme``) until the player
chooses one with the theme button; the sound is on until turned off. Both
are kept (``web.shell.preferences``). The sounds are made by Web Audio, with no
file to download: a tick for a stone, a double tick for a capture, a
rising phrase at the end. Each sound played is counted on the document
(``data-sounds``, ``data-last-sound``), which the page's tests read.
"""

from __future__ import annotations

from typing import Any

from pyscript import document, window

from web.shell.dom import SOUND_KEY, THEME_KEY, action_button, keep, kept

# Each sound's notes: (frequency in Hz, start in seconds, length in seconds).
SOUNDS: dict[str, tuple[tuple[float, float, float], ...]] = {
    "stone": ((660.0, 0.0, 0.07),),
    "capture": ((520.0, 0.0, 0.06), (390.0, 0.08, 0.09)),
    "end": ((523.0, 0.0, 0.12), (659.0, 0.12, 0.12), (784.0, 0.24, 0.25)),
}
VOLUME = 0.08


class Display:
    """The theme and sound toggles, and the sounds."""

    def __init__(self) -> None:
        self.sound_on = kept(SOUND_KEY) != "off"
        self.audio: Any = None  # made on the first sound (browsers allow it after a click)
        self.played = 0

    def show(self) -> None:
        """Show both toggles' state."""
        dark = document.documentElement.getAttribute("data-theme") == "dark"  # set by index.html's script
        action_button("theme").setAttribute("aria-pressed", "true" if dark else "false")
        action_button("sound").setAttribute("aria-pressed", "true" if self.sound_on else "false")

    def toggle_theme(self) -> None:
        """Switch between the light and the dark theme, and keep the choice."""
        dark = action_button("theme").getAttribute("aria-pressed") == "true"
        theme = "light" if dark else "dark"
        document.documentElement.setAttribute("data-theme", theme)
        keep(THEME_KEY, theme)
        self.show()

    def toggle_sound(self) -> None:
        """Turn the sounds off or on, and keep the choice."""
        self.sound_on = not self.sound_on
        keep(SOUND_KEY, "on" if self.sound_on else "off")
        self.show()

    def play(self, name: str) -> None:
        """Play one of ``SOUNDS``, if the sound is on."""
        if not self.sound_on:
            return
        try:
            if self.audio is None:
                self.audio = window.AudioContext.new()
            now = float(self.audio.currentTime)
            for frequency, start, length in SOUNDS[name]:
                self._note(now + start, frequency, length)
        except Exception:  # no audio on this device: play silently
            self.audio = None
        self.played += 1
        root = document.documentElement
        root.setAttribute("data-sounds", str(self.played))
        root.setAttribute("data-last-sound", name)

    def _note(self, at: float, frequency: float, length: float) -> None:
        """One short sine note with a quick fade, at ``at`` on the audio clock."""
        audio = self.audio
        oscillator = audio.createOscillator()
        gain = audio.createGain()
        oscillator.frequency.value = frequency
        gain.gain.setValueAtTime(VOLUME, at)
        gain.gain.exponentialRampToValueAtTime(0.0001, at + length)
        oscillator.connect(gain)
        gain.connect(audio.destination)
        oscillator.start(at)
        oscillator.stop(at + length + 0.02)
