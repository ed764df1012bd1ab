// A site must not outlive the process that started it. Each running site
// (Playground or native stack) registers how to stop it gracefully, which
// happens on Ctrl-C and on SIGTERM (e.g. CI cancelling), and how to kill it
// at once, which happens synchronously on any other exit.
const running = new Set();
let installed = false;

/**
 * @param {{ stop: () => Promise<unknown>, killNow: () => void }} entry
 * @return {() => void} call once the site has stopped by itself
 */
export function stopOnExit(entry) {
  running.add(entry);
  install();
  return () => running.delete(entry);
}

function install() {
  if (installed) return;
  installed = true;
  for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]]) {
    process.once(signal, async () => {
      await Promise.allSettled([...running].map((entry) => entry.stop()));
      process.exit(code);
    });
  }
  process.once('exit', () => {
    for (const entry of running) entry.killNow();
  });
}
