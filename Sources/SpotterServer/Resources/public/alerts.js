// What a countdown does when it is nearly over and when it ends: a short tick for
// each of the last seconds and a chime at the end (Web Audio, at the lifter's
// volume), a buzz where the phone allows it, and a system notification when the
// page is in the background and the lifter allowed them. Shared by the rest bar of
// the logging page and the guided player.

export class Alerts {
  /// `sound`: on or off; `volume`: 0 to 1.
  constructor({ sound = true, volume = 0.7 } = {}) {
    this.sound = sound;
    this.volume = Math.min(1, Math.max(0, volume));
    this.audio = null;
    // Sound may start only after a tap: the first one anywhere unlocks it.
    document.addEventListener("pointerdown", () => this.unlock());
  }

  unlock() {
    if (!this.sound) return;
    if (!this.audio && window.AudioContext) this.audio = new AudioContext();
    this.audio?.resume?.();
  }

  #tone(frequency, seconds) {
    const audio = this.audio;
    if (!this.sound || !audio || audio.state !== "running" || this.volume === 0) return;
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.frequency.value = frequency;
    gain.gain.setValueAtTime(0.35 * this.volume, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + seconds);
    tone.connect(gain).connect(audio.destination);
    tone.start();
    tone.stop(audio.currentTime + seconds);
  }

  // A buzz only once the lifter has tapped the page: before that the browser refuses
  // it (and says so in the console).
  #buzz(pattern) {
    if (navigator.userActivation?.hasBeenActive && navigator.vibrate) navigator.vibrate(pattern);
  }

  /// One of the last seconds.
  tick() {
    this.#tone(880, 0.12);
    this.#buzz(40);
  }

  /// The countdown is over; `title` and `body` make the notification shown when the
  /// page is not in view.
  done(title, body) {
    this.#tone(1320, 0.6);
    this.#buzz([250, 100, 250]);
    if (document.visibilityState === "hidden" && Alerts.notificationsAllowed()) {
      navigator.serviceWorker?.ready
        .then((registration) => registration.showNotification(title, { body, tag: "spotter-countdown", renotify: true, icon: "/assets/icon-192.png" }))
        .catch(() => {});
    }
  }

  static notificationsAllowed() { return window.Notification?.permission === "granted"; }

  /// Whether asking makes sense: supported, and not yet answered.
  static canAskForNotifications() { return window.Notification?.permission === "default" && "serviceWorker" in navigator; }

  static async askForNotifications() {
    try { return (await Notification.requestPermission()) === "granted"; } catch { return false; }
  }
}

/// Keeps the screen on while `wanted()` says so and the page is in view (the Screen
/// Wake Lock); the browser lets go when the page is hidden, so it is asked again on return.
export class ScreenAwake {
  constructor(wanted) {
    this.wanted = wanted;
    this.lock = null;
    document.addEventListener("visibilitychange", () => this.update());
  }

  async update() {
    const hold = this.wanted() && document.visibilityState === "visible";
    if (hold && !this.lock && navigator.wakeLock) {
      try {
        this.lock = await navigator.wakeLock.request("screen");
        this.lock.addEventListener("release", () => { this.lock = null; });
      } catch { this.lock = null; }
    } else if (!hold && this.lock) {
      this.lock.release();
      this.lock = null;
    }
  }
}
