import { useCallback, useEffect, useState } from "react";
import { readStorage, writeStorage } from "../../../lib/storage";

const SOUND_STORAGE_KEY = "kantien:kitchen-sound";

let audio: AudioContext | null = null;

/** Browsers start audio only from a tap: call this from one. */
function unlockAudio(): AudioContext | null {
  if (typeof AudioContext === "undefined") return null;
  audio ??= new AudioContext();
  if (audio.state === "suspended") void audio.resume();
  return audio;
}

/** A short two-note chime, made by the browser (no sound file to load). */
export function playChime(): void {
  if (audio?.state !== "running") return;
  const start = audio.currentTime;
  for (const [offset, frequency] of [
    [0, 880],
    [0.18, 1320],
  ] as const) {
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    tone.type = "sine";
    tone.frequency.value = frequency;
    volume.gain.setValueAtTime(0.0001, start + offset);
    volume.gain.exponentialRampToValueAtTime(0.4, start + offset + 0.02);
    volume.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.35);
    tone.connect(volume).connect(audio.destination);
    tone.start(start + offset);
    tone.stop(start + offset + 0.4);
  }
}

export type KitchenSound = {
  /** The cook's choice, kept on this device. */
  on: boolean;
  /** On, but the browser waits for a first tap before it plays anything. */
  waitingForTap: boolean;
  toggle: () => void;
};

/** "Klank aan/af": the chime for new orders, enabled by a tap as browsers require. */
export function useKitchenSound(): KitchenSound {
  const [on, setOn] = useState(() => readStorage(SOUND_STORAGE_KEY) === "on");
  const [running, setRunning] = useState(() => audio?.state === "running");

  // After a reload the choice is remembered, but audio waits for the next tap anywhere.
  useEffect(() => {
    if (!on || running) return;
    const onTap = () => {
      const context = unlockAudio();
      if (!context) return;
      void context.resume().then(() => setRunning(context.state === "running"));
    };
    document.addEventListener("pointerdown", onTap);
    document.addEventListener("keydown", onTap);
    return () => {
      document.removeEventListener("pointerdown", onTap);
      document.removeEventListener("keydown", onTap);
    };
  }, [on, running]);

  const toggle = useCallback(() => {
    // On but waiting for a tap ("Tik om klank te begin"): this tap starts it, never switches it off.
    const next = on && !running && typeof AudioContext !== "undefined" ? true : !on;
    setOn(next);
    writeStorage(SOUND_STORAGE_KEY, next ? "on" : "off");
    if (!next) return;
    // This tap is the one browsers require: start audio now, and let the cook hear it.
    const context = unlockAudio();
    void context?.resume().then(() => {
      setRunning(context.state === "running");
      playChime();
    });
  }, [on, running]);

  return { on, waitingForTap: on && !running, toggle };
}
