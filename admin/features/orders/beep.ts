let audio: AudioContext | null = null;

/**
 * A short chime made with Web Audio (no sound file to download). The context is made, or resumed, on the
 * click that turns the alerts on: browsers let a page play sound only after a gesture.
 */
export function beep() {
  if (typeof AudioContext === 'undefined') return;
  audio ??= new AudioContext();
  void audio.resume();
  const osc = audio.createOscillator();
  const gain = audio.createGain();
  osc.frequency.value = 1046;
  gain.gain.setTargetAtTime(0, audio.currentTime + 0.05, 0.08);
  osc.connect(gain).connect(audio.destination);
  osc.start();
  osc.stop(audio.currentTime + 0.4);
}
