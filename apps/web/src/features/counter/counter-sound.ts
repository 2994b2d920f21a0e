/** What the counter says out loud: an order handed over, or one that was collected before. */
export type CounterSound = "handedOver" | "alreadyCollected";

/** Each sound's notes, made by the browser (no sound file to load): [start in s, Hz, length in s]. */
const SOUNDS: Record<CounterSound, { wave: OscillatorType; notes: [number, number, number][] }> = {
  // Two rising notes, bright and short: done.
  handedOver: {
    wave: "sine",
    notes: [
      [0, 880, 0.3],
      [0.15, 1320, 0.35],
    ],
  },
  // Three low buzzes, unlike any other sound of the kitchen: stop, look.
  alreadyCollected: {
    wave: "square",
    notes: [
      [0, 220, 0.18],
      [0.25, 220, 0.18],
      [0.5, 165, 0.4],
    ],
  },
};

let audio: AudioContext | null = null;

/** Browsers start audio only from a tap or a key (a handheld scanner's too): call this from one. */
export function unlockCounterSound(): void {
  if (typeof AudioContext === "undefined") return;
  audio ??= new AudioContext();
  if (audio.state === "suspended") void audio.resume();
}

/** Plays one of the counter's sounds, once audio has been unlocked by a tap or a key. */
export function playCounterSound(sound: CounterSound): void {
  if (audio?.state !== "running") return;
  const { wave, notes } = SOUNDS[sound];
  const start = audio.currentTime;
  for (const [offset, frequency, length] of notes) {
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    tone.type = wave;
    tone.frequency.value = frequency;
    volume.gain.setValueAtTime(0.0001, start + offset);
    volume.gain.exponentialRampToValueAtTime(wave === "square" ? 0.15 : 0.4, start + offset + 0.02);
    volume.gain.exponentialRampToValueAtTime(0.0001, start + offset + length);
    tone.connect(volume).connect(audio.destination);
    tone.start(start + offset);
    tone.stop(start + offset + length + 0.05);
  }
}
