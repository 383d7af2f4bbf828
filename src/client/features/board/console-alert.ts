let audio: AudioContext | null = null;

/** A short two-note chime, made on the spot (no sound file to download). */
export function playAlertSound(): void {
  try {
    audio ??= new AudioContext();
    void audio.resume();
    const start = audio.currentTime;
    for (const [offset, frequency] of [
      [0, 880],
      [0.16, 1175],
    ] as const) {
      const tone = audio.createOscillator();
      const volume = audio.createGain();
      tone.frequency.value = frequency;
      volume.gain.setValueAtTime(0.15, start + offset);
      volume.gain.exponentialRampToValueAtTime(0.001, start + offset + 0.15);
      tone.connect(volume).connect(audio.destination);
      tone.start(start + offset);
      tone.stop(start + offset + 0.16);
    }
  } catch {
    // No audio here (a browser without Web Audio, a policy): the badge and the title still show it.
  }
}
