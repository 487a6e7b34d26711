// The system Chromium and the flags this machine needs (no background network, no sandbox as root): one list for the
// e2e journeys (playwright.config.ts) and the browser benchmarks (bench/web-size, bench/web-vitals).
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
